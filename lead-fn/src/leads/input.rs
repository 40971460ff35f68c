//! What a lead's JSON body may hold, read field by field so a wrong type names its field, and
//! cleaned before anything looks at it: no control character survives in a one-line field (so
//! nothing typed can start a new mail header), and the message keeps only its line breaks.

use serde_json::{Map, Value};

use crate::http::{NotText, text_field};
use crate::validate::{Form, LeadField, LeadFields};

pub use crate::http::MAX_BODY_BYTES;

/// The honeypot field and the most listings one enquiry names: the contract's, so the site's
/// forms and shortlist use the same (generated `site/src/endpoints.ts`).
pub use contract::endpoints::{HONEYPOT, MAX_PROPERTY_IDS};

/// The languages the emails are written in (the site's); anything else is read as English.
pub use contract::urls::LANGUAGES;

/// Longest value of each field, in characters (a longer one is a field error).
const LIMITS: [(LeadField, usize); 8] = [
    (LeadField::Name, 100),
    (LeadField::Email, 254),
    (LeadField::ContactNumber, 32),
    (LeadField::Message, 5000),
    (LeadField::PropertyType, 50),
    (LeadField::PropertyArea, 100),
    (LeadField::PropertyId, 100),
    (LeadField::Page, 500),
];

/// A lead as the function reads it, cleaned.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Input {
    pub fields: LeadFields,
    pub property_id: String,
    /// The listings a shortlist enquiry is about, each once, in the visitor's order.
    pub property_ids: Vec<String>,
    pub page: String,
    pub form: Option<Form>,
    /// One of [`LANGUAGES`].
    pub lang: &'static str,
    /// The honeypot was filled.
    pub trap: bool,
    /// A seller's instant valuation, when the lead comes from the valuation tool.
    pub valuation: Option<contract::endpoints::LeadValuation>,
}

/// A body that is not a lead at all (answered 400).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Malformed(pub String);

/// Reads the JSON object of a lead. Unknown fields are ignored, so a client that sends more
/// keeps working; a field may be a string, a number (a phone number typed as one) or null.
pub fn parse(object: &Map<String, Value>) -> Result<Input, Malformed> {
    let text = |name: &str| {
        text_field(object, name)
            .map_err(|NotText(kind)| Malformed(format!("{name} must be a string, not {kind}")))
    };
    let form = match text("form")?.trim() {
        "" => None,
        name => Some(
            serde_json::from_value::<Form>(Value::String(name.to_owned()))
                .map_err(|_| Malformed(format!("form {name:?} is not one of {}", FORMS.join(", "))))?,
        ),
    };
    // `lang`, or `language`: the visitor's language.
    let lang = match text("lang")? {
        lang if lang.trim().is_empty() => text("language")?,
        lang => lang,
    };
    let lang = lang.get(..2).map(str::to_ascii_lowercase).unwrap_or_default();
    let lang = contract::urls::language(&lang).unwrap_or(contract::urls::DEFAULT_LANGUAGE);
    Ok(Input {
        fields: LeadFields {
            name: one_line(&text("name")?),
            email: one_line(&text("email")?),
            contact_number: one_line(&text("contactNumber")?),
            message: multi_line(&text("message")?),
            property_type: one_line(&text("propertyType")?),
            property_area: one_line(&text("propertyArea")?),
        },
        property_id: one_line(&text("propertyId")?),
        property_ids: property_ids(object.get("propertyIds"))?,
        page: one_line(&text("page")?),
        form,
        lang,
        trap: !text(HONEYPOT)?.trim().is_empty(),
        valuation: valuation(object.get("valuation"))?,
    })
}

/// `valuation`: the home described in the valuation tool, or nothing; the community's key
/// cleaned like the fields (at most 100 characters). Figures a page sends with it are ignored:
/// the function estimates the home itself.
fn valuation(value: Option<&Value>) -> Result<Option<contract::endpoints::LeadValuation>, Malformed> {
    let Some(value) = value.filter(|v| !v.is_null()) else { return Ok(None) };
    let mut valuation: contract::endpoints::LeadValuation = serde_json::from_value(value.clone())
        .map_err(|e| Malformed(format!("valuation is not the home the valuation tool describes: {e}")))?;
    valuation.community = one_line(&valuation.community);
    if valuation.community.chars().count() > 100 {
        return Err(Malformed("valuation names a community over 100 characters".to_owned()));
    }
    Ok(Some(valuation))
}

/// `propertyIds`: a list of listing ids (of at most 100 characters each), or nothing.
fn property_ids(value: Option<&Value>) -> Result<Vec<String>, Malformed> {
    let items = match value {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(items)) => items,
        Some(_) => return Err(Malformed("propertyIds must be a list of listing ids".to_owned())),
    };
    if items.len() > MAX_PROPERTY_IDS {
        return Err(Malformed(format!(
            "propertyIds names {} listings; one enquiry names at most {MAX_PROPERTY_IDS}",
            items.len()
        )));
    }
    let mut ids: Vec<String> = Vec::with_capacity(items.len());
    for item in items {
        let Value::String(id) = item else {
            return Err(Malformed("propertyIds must hold listing ids as strings".to_owned()));
        };
        let id = one_line(id);
        if id.chars().count() > 100 {
            return Err(Malformed("a listing id in propertyIds is over 100 characters".to_owned()));
        }
        if !id.is_empty() && !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// The forms' names as clients send them.
pub const FORMS: [&str; 10] = [
    "seller",
    "contact",
    "contact-lead",
    "popup",
    "detail",
    "newsletter",
    "callback",
    "requirements",
    "shortlist",
    "saved-search",
];

/// The name a client sends for `form` (`none` without one), for log lines.
pub fn form_name(form: Option<Form>) -> &'static str {
    match form {
        None => "none",
        Some(Form::Seller) => FORMS[0],
        Some(Form::Contact) => FORMS[1],
        Some(Form::ContactLead) => FORMS[2],
        Some(Form::Popup) => FORMS[3],
        Some(Form::Detail) => FORMS[4],
        Some(Form::Newsletter) => FORMS[5],
        Some(Form::Callback) => FORMS[6],
        Some(Form::Requirements) => FORMS[7],
        Some(Form::Shortlist) => FORMS[8],
        Some(Form::SavedSearch) => FORMS[9],
    }
}

impl Input {
    /// The fields longer than their limit, with a message for each.
    pub fn too_long(&self) -> Vec<(LeadField, String)> {
        let value = |field: LeadField| match field {
            LeadField::Name => &self.fields.name,
            LeadField::Email => &self.fields.email,
            LeadField::ContactNumber => &self.fields.contact_number,
            LeadField::Message => &self.fields.message,
            LeadField::PropertyType => &self.fields.property_type,
            LeadField::PropertyArea => &self.fields.property_area,
            LeadField::PropertyId => &self.property_id,
            LeadField::Page => &self.page,
        };
        LIMITS
            .iter()
            .filter(|(field, limit)| value(*field).chars().count() > *limit)
            .map(|(field, limit)| (*field, crate::validate::too_long_message(*limit, self.lang)))
            .collect()
    }
}

/// Characters that would let text break out of its line, or reorder what an agent reads.
fn breaks_line(c: char) -> bool {
    c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')
}

fn reorders(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// A one-line field: every control character (CR and LF included) becomes a space, runs of
/// spaces one space, and the ends are trimmed.
pub fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().filter(|c| !reorders(*c)) {
        let c = if breaks_line(c) || c.is_whitespace() { ' ' } else { c };
        if c == ' ' && (out.is_empty() || out.ends_with(' ')) {
            continue;
        }
        out.push(c);
    }
    out.truncate(out.trim_end().len());
    out
}

/// The message: line breaks kept (CR LF and CR read as LF), tabs kept, other control
/// characters dropped, the ends trimmed.
pub fn multi_line(text: &str) -> String {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let kept: String = text
        .chars()
        .filter(|c| !reorders(*c))
        .map(|c| if matches!(c, '\u{2028}' | '\u{2029}') { '\n' } else { c })
        .filter(|c| matches!(c, '\n' | '\t') || !c.is_control())
        .collect();
    kept.trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use contract::detail::MarketKind;

    /// The lead in a JSON text (the body check, [`crate::http::json_object`], makes the object).
    fn read(body: &[u8]) -> Result<Input, Malformed> {
        let object: Map<String, Value> = serde_json::from_slice(body).expect("a JSON object");
        parse(&object)
    }

    #[test]
    fn a_sellers_home_is_read_and_cleaned_and_a_pages_figures_are_ignored() {
        let body = |valuation: &str| {
            format!(
                r#"{{"form":"seller","name":"A","email":"a@b.co","contactNumber":"0501234567","valuation":{valuation}}}"#
            )
        };
        let good = r#"{"community":"dubai\nmarina","kind":"apartment","bedrooms":2,"sqft":1250}"#;
        let home = |text: &str| read(body(text).as_bytes()).expect("a lead").valuation.expect("the home");
        let read_back = home(good);
        assert_eq!(read_back.community, "dubai marina");
        assert_eq!(
            (read_back.kind, read_back.bedrooms, read_back.sqft),
            (MarketKind::Apartment, Some(2), 1250)
        );
        // A page built before sent the figures the seller saw: read as the home alone.
        let with_figures = good.replace(
            "\"sqft\":1250",
            "\"sqft\":1250,\"low\":1,\"high\":18446744073709551615,\"median\":2,\"from\":\"2026-13\",\"to\":\"x\"",
        );
        assert_eq!(home(&with_figures), read_back);
        assert_eq!(read(br#"{"name":"A","valuation":null}"#).expect("a lead").valuation, None);
        for bad in [
            good.replace("\"kind\":\"apartment\"", "\"kind\":\"castle\""),
            good.replace("1250", "-5"),
            good.replace("\"bedrooms\":2", "\"bedrooms\":300"),
            good.replace("dubai\\nmarina", &"x".repeat(101)),
            "\"cheap\"".to_owned(),
        ] {
            assert!(read(body(&bad).as_bytes()).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_specs_own_body_is_read_with_no_form() {
        let input = read(br#"{"name":"Aisha","email":"a@b.co","contactNumber":"0501234567","message":"Hi"}"#)
            .expect("a lead");
        assert_eq!(input.fields.name, "Aisha");
        assert_eq!(input.fields.contact_number, "0501234567");
        assert_eq!(input.form, None);
        assert_eq!(input.lang, "en");
        assert!(!input.trap);
    }

    #[test]
    fn fields_are_cleaned_and_typed() {
        let input = read(
            br#"{"name":" Eve\r\nBcc: x@y.z\u0000 ","contactNumber":971501234567,"message":"a\r\nb\rc\u0007",
                "form":"contact-lead","lang":"ar-AE","website":"http://spam","extra":{"ignored":true},
                "propertyId":null}"#,
        )
        .expect("a lead");
        assert_eq!(input.fields.name, "Eve Bcc: x@y.z");
        assert_eq!(input.fields.contact_number, "971501234567");
        assert_eq!(input.fields.message, "a\nb\nc");
        assert_eq!(input.form, Some(Form::ContactLead));
        assert_eq!(input.lang, "ar");
        assert!(input.trap);
        assert_eq!(input.property_id, "");
    }

    #[test]
    fn what_is_not_a_lead_is_malformed() {
        for (body, reason) in [
            (&br#"{"name":{"first":"A"}}"#[..], "name must be a string, not an object"),
            (br#"{"email":["a@b.co"]}"#, "email must be a string, not an array"),
            (br#"{"form":"survey"}"#, "form \"survey\" is not one of seller, contact"),
        ] {
            let Err(Malformed(message)) = read(body) else { panic!("{body:?} was read") };
            assert!(message.contains(reason), "{message}");
        }
    }

    #[test]
    fn every_form_name_is_known() {
        for name in FORMS {
            let body = format!(r#"{{"form":"{name}"}}"#);
            let form = read(body.as_bytes()).expect("a lead").form;
            assert_eq!(form_name(form), name);
        }
    }

    #[test]
    fn long_fields_are_named() {
        let mut input = Input::default();
        input.fields.name = "x".repeat(101);
        input.page = "/".repeat(500);
        assert_eq!(input.too_long(), [(LeadField::Name, "Please use at most 100 characters.".to_owned())]);
    }

    #[test]
    fn bidirectional_overrides_are_dropped() {
        assert_eq!(one_line("abc\u{202E}fdp.exe"), "abcfdp.exe");
        assert_eq!(one_line("  a \t\u{2028} b  "), "a b");
        assert_eq!(multi_line(" one\u{2029}two "), "one\ntwo");
    }
}
