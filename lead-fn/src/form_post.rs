//! Leads sent by a plain HTML form: without JavaScript, or before the page's script has run on
//! a slow phone. The site's enquiry forms post `application/x-www-form-urlencoded` to
//! `/api/contact-user` with the same field names as the JSON body; this layer reads such a body
//! into the same JSON object, hands it to the lead endpoint unchanged (same rules, same
//! messages, same sinks), and turns its answer into one a browser shows:
//! - accepted: `303 See Other` to the thank-you page in the visitor's language
//!   (`/thank-you`, `/ar/thank-you`, `/ru/thank-you`);
//! - refused: an HTML page in the visitor's language with the message of each field beside it
//!   and the form again, filled with what was sent, so nothing typed is lost.
//!
//! What the browser's fields do before a JSON submission is done here for a plain one: the
//! phone field's '+971 50 123 4567' becomes '+971501234567' ('' when only the dial code is
//! there; every form's number keeps its '+'), and fields the endpoint does not know (the
//! requirements form's purpose, budget, bedrooms) are added to the message as lines.
//!
//! A browser sends such a form from any site without a preflight, so one that names another
//! site as its `Origin` is refused (403, `foreign_origin`): only the site's own pages post here.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use minijinja::value::Serde;
use serde_json::{Map, Value};

use crate::http::MAX_BODY_BYTES;
use contract::endpoints::HONEYPOT;

/// The fields of a lead the endpoint reads; anything else a form sends goes into the message.
const KNOWN: [&str; 12] = [
    "name",
    "email",
    "contactNumber",
    "message",
    "propertyType",
    "propertyArea",
    "propertyId",
    "page",
    "form",
    "lang",
    "language",
    HONEYPOT,
];

/// The page a plain form's accepted lead is answered with (in the visitor's language).
pub const THANK_YOU_PATH: &str = "/thank-you";

/// The phone field's default country code (the site's phone field starts with '+971 ').
const DEFAULT_DIAL_CODE: &str = "971";

/// Whether the request carries a form-encoded body.
pub(crate) fn is_form(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/x-www-form-urlencoded"))
}

/// Whether the `Origin` (when a browser sent one) is the site's: the host the request was sent
/// to, or one of `allowed` (the allowed origins and the host's own, see [`crate::Config`]).
pub(crate) fn same_site(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok()) else {
        return true;
    };
    let origin = origin.trim_end_matches('/').to_ascii_lowercase();
    let host_of = |name| headers.get(name).and_then(|v: &HeaderValue| v.to_str().ok());
    let hosts = [host_of("x-forwarded-host"), host_of(header::HOST.as_str())];
    let by_host = hosts
        .into_iter()
        .flatten()
        .any(|host| origin.split_once("://").is_some_and(|(_, rest)| rest == host.to_ascii_lowercase()));
    by_host || allowed.contains(&origin)
}

/// The lead endpoint's layer: form-encoded requests in, browser answers out; JSON untouched.
pub async fn adapt(
    State(allowed): State<std::sync::Arc<[String]>>,
    request: Request,
    next: Next,
) -> Response {
    if !is_form(request.headers()) {
        return next.run(request).await;
    }
    let (mut parts, body) = request.into_parts();
    if !same_site(&parts.headers, &allowed) {
        tracing::info!(event = "lead_refused", status = 403, code = "foreign_origin");
        // Not the visitor's page: a refusal in the API's JSON, as its others.
        return crate::http::ApiError::new(
            StatusCode::FORBIDDEN,
            "foreign_origin",
            "This form can only be sent from the site's own pages.",
        )
        .into_response();
    }
    let bytes = match crate::http::bytes_at_most(&parts.headers, body, MAX_BODY_BYTES).await {
        Ok(bytes) => bytes,
        Err(refused) => return page(&Map::new(), &Map::new(), None, refused.status()),
    };
    let Ok(pairs) = serde_urlencoded::from_bytes::<Vec<(String, String)>>(&bytes) else {
        return page(&Map::new(), &Map::new(), None, StatusCode::BAD_REQUEST);
    };
    let lead = lead_object(pairs);
    let json = Value::Object(lead.clone()).to_string();
    parts.headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    parts.headers.remove(header::CONTENT_LENGTH);
    let answer = next.run(Request::from_parts(parts, Body::from(json))).await;
    let lang = language(&lead);
    if answer.status().is_success() {
        let to = contract::urls::localized_path(lang, THANK_YOU_PATH);
        return (StatusCode::SEE_OTHER, [(header::LOCATION, to)]).into_response();
    }
    let status = answer.status();
    let refusal: Map<String, Value> = match axum::body::to_bytes(answer.into_body(), 64 * 1024).await {
        Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_default(),
        Err(_) => Map::new(),
    };
    let fields = refusal.get("fields").and_then(Value::as_object).cloned().unwrap_or_default();
    let form_message = refusal.get("form").and_then(Value::as_str);
    page(&lead, &fields, form_message, status)
}

/// The JSON object of a lead from a form's pairs (the last of a repeated name wins).
pub fn lead_object(pairs: Vec<(String, String)>) -> Map<String, Value> {
    let mut lead = Map::new();
    let mut extra = Vec::new();
    for (name, value) in pairs {
        if KNOWN.contains(&name.as_str()) {
            lead.insert(name, Value::String(value));
        } else if !value.trim().is_empty() && name.len() <= 40 {
            extra.push(format!("{name}: {}", value.trim()));
        }
    }
    if !extra.is_empty() {
        let message = lead.get("message").and_then(Value::as_str).unwrap_or("").trim();
        let lines = extra.join("\n");
        let message = if message.is_empty() { lines } else { format!("{lines}\n\n{message}") };
        lead.insert("message".into(), Value::String(message));
    }
    if let Some(Value::String(phone)) = lead.get_mut("contactNumber") {
        *phone = phone_value(phone);
    }
    lead
}

/// What the site's phone field sends for what it shows, read as the field reads a number entered
/// whole (`ownNumber` in site/src/forms/PhoneField.tsx): without script the field is a text box
/// holding '+971 ', and a visitor types after it. '' when only the default dial code is there; a
/// number of its own after it, with '+' or '00' ('+971 +44 7911 123456', '+971 0044 7911
/// 123456'), is that number, every digit kept; '+971 050 123 4567' drops the trunk 0 as a UAE
/// number written at home does; a number typed without '+' (the 10-digit fields) as typed. Every
/// form's number keeps its '+' ('Request a consultation' too): an agent dials it as it is.
fn phone_value(shown: &str) -> String {
    let trimmed = shown.trim();
    if !trimmed.starts_with('+') {
        return trimmed.to_owned();
    }
    // The last '+' starts the visitor's own number ('+971 +44 ...').
    let own = &trimmed[trimmed.rfind('+').unwrap_or(0)..];
    let digits: String = own.chars().filter(char::is_ascii_digit).collect();
    let number = match digits.strip_prefix(DEFAULT_DIAL_CODE) {
        _ if digits.is_empty() => return String::new(),
        Some("") => return String::new(),
        Some(rest) if rest.starts_with("00") => rest[2..].to_owned(),
        Some(rest) if rest.starts_with('0') => format!("{DEFAULT_DIAL_CODE}{}", &rest[1..]),
        _ => digits,
    };
    if number.is_empty() { String::new() } else { format!("+{number}") }
}

fn language(lead: &Map<String, Value>) -> &'static str {
    let said = lead.get("lang").or_else(|| lead.get("language")).and_then(Value::as_str).unwrap_or("");
    contract::urls::language(&said.get(..2).unwrap_or("").to_ascii_lowercase())
        .unwrap_or(contract::urls::DEFAULT_LANGUAGE)
}

/// The refusal as a page (`templates/refused.html`): the messages, and the form again with what
/// was sent. Its referrer policy is `same-origin` (the function's headers say `no-referrer`), so
/// sending the form again carries the site's `Origin` rather than `null`.
fn page(
    lead: &Map<String, Value>,
    fields: &Map<String, Value>,
    form_message: Option<&str>,
    status: StatusCode,
) -> Response {
    let lang = language(lead);
    let page = lead.get("page").and_then(Value::as_str).unwrap_or("");
    // Only a path on the site becomes the way back.
    let back = (page.starts_with('/') && !page.starts_with("//")).then_some(page);
    let rendered = crate::words::template("refused.html").and_then(|template| {
        template.render(minijinja::context! {
            t => Serde(crate::words::texts(lang)),
            lang => lang,
            lead => Serde(lead),
            errors => Serde(fields),
            form_message => form_message,
            back => back,
        })
    });
    let status = if status.is_success() { StatusCode::BAD_REQUEST } else { status };
    match rendered {
        // minijinja drops a template's last newline; the page ends with one.
        Ok(html) => {
            (status, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], html + "\n").into_response()
        }
        Err(error) => {
            tracing::error!(event = "template_failed", template = "refused.html", error = %error);
            (status, [(header::CONTENT_TYPE, "text/plain; charset=utf-8")], "The form was not sent.")
                .into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(a, b)| ((*a).to_owned(), (*b).to_owned())).collect()
    }

    #[test]
    fn a_form_becomes_the_json_lead_the_browser_would_send() {
        let lead = lead_object(pairs(&[
            ("form", "requirements"),
            ("name", "Aisha"),
            ("contactNumber", "+971 50 123 4567"),
            ("purpose", "rent"),
            ("budget", "120000"),
            ("bedrooms", ""),
            ("message", "Near a metro"),
        ]));
        assert_eq!(lead["contactNumber"], "+971501234567");
        assert_eq!(lead["message"], "purpose: rent\nbudget: 120000\n\nNear a metro");
        assert!(!lead.contains_key("purpose"));
    }

    #[test]
    fn phone_numbers_as_the_site_s_fields_send_them() {
        assert_eq!(phone_value("+971 "), "");
        assert_eq!(phone_value("+971 50 123 4567"), "+971501234567");
        assert_eq!(phone_value("0501234567"), "0501234567");
        assert_eq!(phone_value("+7 912 345-67-89"), "+79123456789");
        // Typed after the '+971 ' a page without script shows: the visitor's own number.
        assert_eq!(phone_value("+971 +44 7911 123456"), "+447911123456");
        assert_eq!(phone_value("+971 0044 7911 123456"), "+447911123456");
        assert_eq!(phone_value("+971 +7 912 345 67 89"), "+79123456789");
        assert_eq!(phone_value("+971 050 123 4567"), "+971501234567");
        assert_eq!(phone_value("+971 50 123 4567"), "+971501234567");
        assert_eq!(phone_value("+971 00"), "");
        assert_eq!(phone_value("+971 0501234567"), "+971501234567");
    }

    #[test]
    fn only_the_site_s_own_pages_may_post() {
        let headers = |origin: &str, host: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::ORIGIN, HeaderValue::from_str(origin).expect("ascii"));
            h.insert(header::HOST, HeaderValue::from_str(host).expect("ascii"));
            h
        };
        assert!(same_site(&headers("http://127.0.0.1:8080", "127.0.0.1:8080"), &[]));
        assert!(!same_site(&headers("https://evil.example", "127.0.0.1:8080"), &[]));
        let allowed = ["https://www.palmcrest.ae".to_owned()];
        assert!(same_site(&headers("https://www.palmcrest.ae", "abc.lambda-url.aws"), &allowed));
        assert!(same_site(&HeaderMap::new(), &[]), "no Origin: not a browser's cross-site form");
    }

    #[test]
    fn the_refusal_page_is_escaped_and_keeps_what_was_typed() {
        let lead = lead_object(pairs(&[
            ("form", "detail"),
            ("lang", "ar"),
            ("name", "<b>x</b>"),
            ("email", "bad"),
            ("page", "/ar/property/x"),
        ]));
        let mut fields = Map::new();
        fields.insert("email".into(), Value::String("صيغة البريد الإلكتروني غير صحيحة.".into()));
        let response = page(&lead, &fields, None, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(response.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let body = futures_body(response);
        assert!(body.contains("<html lang=\"ar\" dir=\"rtl\">"), "{body}");
        // minijinja's HTML escaping also writes '/' as an entity (harmless in attributes and text).
        assert!(body.contains("value=\"&lt;b&gt;x&lt;&#x2f;b&gt;\""), "{body}");
        assert!(
            body.contains("<strong id=\"email-error\">صيغة البريد الإلكتروني غير صحيحة.</strong>"),
            "{body}"
        );
        assert!(body.contains("<a href=\"&#x2f;ar&#x2f;property&#x2f;x\">"), "{body}");
        assert!(body.contains("name=\"form\" value=\"detail\""), "{body}");
    }

    #[test]
    fn every_language_s_page_has_its_words_and_the_same_form() {
        let lead = |lang: &str| {
            lead_object(pairs(&[
                ("lang", lang),
                ("name", "Aisha"),
                ("email", "bad"),
                ("contactNumber", ""),
                ("message", "Hello"),
                ("propertyType", ""),
                ("propertyArea", ""),
                ("page", "/contact-us"),
            ]))
        };
        let mut errors = Map::new();
        errors.insert("email".into(), Value::String("?".into()));
        let render =
            |lang: &str| futures_body(page(&lead(lang), &errors, None, StatusCode::UNPROCESSABLE_ENTITY));
        let english = render("en");
        assert!(english.ends_with("</main>\n</body>\n</html>\n"), "{english}");
        for lang in ["en", "ar", "ru"] {
            let body = render(lang);
            assert_eq!(body.lines().count(), english.lines().count(), "{lang}: {body}");
            let words = &crate::words::texts(lang)["refused"];
            let mut expected: Vec<&str> =
                ["title", "fix", "send", "back"].iter().filter_map(|k| words[k].as_str()).collect();
            expected.extend(words["labels"].as_object().expect("labels").values().filter_map(Value::as_str));
            assert_eq!(expected.len(), 10);
            for text in expected {
                assert!(body.contains(text), "{lang}: {text} missing from {body}");
            }
            if lang != "en" {
                assert!(!body.contains("Send again"), "{lang}: English left in {body}");
            }
        }
    }

    fn futures_body(response: Response) -> String {
        let runtime = tokio::runtime::Builder::new_current_thread().build().expect("a runtime");
        let bytes = runtime.block_on(axum::body::to_bytes(response.into_body(), 1 << 20)).expect("a body");
        String::from_utf8(bytes.to_vec()).expect("UTF-8")
    }
}
