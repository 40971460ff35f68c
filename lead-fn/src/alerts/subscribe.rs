//! `POST /api/saved-searches`: checks a saved search, keeps it unconfirmed, sends the
//! confirmation email and hands the agents a lead. See the module above for the answers.

use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use lettre::message::Mailbox;
use serde_json::{Map, Value, json};

use super::store::{self, Added, Consent, Purpose, Subscription, Token};
use super::{Alerts, words};
use crate::http::{ApiError, text_field};
use crate::leads::{input, ratelimit, record, sinks};
use crate::validate::{self, Form, LeadFields};
use contract::MainCategory;
use contract::endpoints;

/// The searches one may save: the search endpoints' categories.
pub(super) const CATEGORIES: [(&str, Option<MainCategory>); 5] = [
    ("all", None),
    ("residential", Some(MainCategory::Residential)),
    ("commercial", Some(MainCategory::Commercial)),
    ("off-plan", Some(MainCategory::OffPlan)),
    ("rent", Some(MainCategory::Rental)),
];

/// The longest query string a saved search keeps.
const MAX_SEARCH_CHARS: usize = 2000;

pub(super) async fn subscribe(State(alerts): State<Arc<Alerts>>, request: Request) -> Response {
    let form = crate::form_post::is_form(request.headers());
    if form && !crate::form_post::same_site(request.headers(), &alerts.form_origins) {
        return ApiError::new(
            StatusCode::FORBIDDEN,
            "foreign_origin",
            "This form can only be sent from the site's own pages.",
        )
        .into_response();
    }
    let mut lang = contract::urls::DEFAULT_LANGUAGE;
    let mut back = None;
    let answer = take(&alerts, request, form, &mut lang, &mut back).await;
    match (answer, form) {
        (Ok(saved), false) => (StatusCode::OK, axum::Json(saved)).into_response(),
        (Err(refused), false) => {
            tracing::info!(
                event = "saved_search_refused",
                status = refused.status.as_u16(),
                code = refused.code
            );
            refused.into_response()
        }
        // A plain form: the outcome as a page in the visitor's language.
        (answer, true) => {
            let (status, title, paragraphs) = match &answer {
                Ok(saved) => {
                    let said = [&saved["message"], &saved["notice"]];
                    (
                        StatusCode::OK,
                        "savedTitle",
                        said.iter().filter_map(|m| m.as_str()).map(str::to_owned).collect(),
                    )
                }
                Err(refused) => {
                    let mut said: Vec<String> =
                        refused.fields.values().filter_map(|m| m.as_str()).map(str::to_owned).collect();
                    if said.is_empty() {
                        said.push(words::text(lang, "messages", "failed"));
                    }
                    (refused.status, "refusedTitle", said)
                }
            };
            let extra = minijinja::context! { back => back };
            let html = words::page(lang, &words::text(lang, "page", title), &paragraphs, extra);
            (status, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
        }
    }
}

/// The request read, checked, kept and sent; its JSON answer.
async fn take(
    alerts: &Alerts,
    request: Request,
    form: bool,
    lang_out: &mut &'static str,
    back: &mut Option<String>,
) -> Result<Value, ApiError> {
    let started = Instant::now();
    let settings = &alerts.settings;
    let (parts, body) = request.into_parts();
    let client = ratelimit::client_ip(&parts.headers, &parts.extensions, settings.trusted_proxy());
    if let Err(wait) = alerts.limiter.check(client, started) {
        return Err(ratelimit::refused(wait, "submissions"));
    }
    let object: Map<String, Value> = if form {
        let bytes = crate::http::bytes_at_most(&parts.headers, body, input::MAX_BODY_BYTES)
            .await
            .map_err(|e| e.refusal("the form could not be read"))?;
        let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&bytes).map_err(|_| {
            ApiError::new(StatusCode::BAD_REQUEST, "malformed", "the form is not URL-encoded")
        })?;
        pairs.into_iter().map(|(name, value)| (name, Value::String(value))).collect()
    } else {
        crate::http::json_object(&parts.headers, body, input::MAX_BODY_BYTES)
            .await
            .map_err(|e| e.refusal("send the saved search as a JSON object"))?
    };
    let text = |name: &str| {
        text_field(&object, name).map_err(|crate::http::NotText(kind)| {
            ApiError::new(
                StatusCode::BAD_REQUEST,
                "malformed",
                format!("{name} must be a string, not {kind}"),
            )
        })
    };
    let said = text("lang")?;
    let lang = contract::urls::language(&said.get(..2).unwrap_or("").to_ascii_lowercase())
        .unwrap_or(contract::urls::DEFAULT_LANGUAGE);
    *lang_out = lang;
    let page = input::one_line(&text("page")?);
    *back = (page.starts_with('/') && !page.starts_with("//")).then(|| page.clone());
    let email = input::one_line(&text("email")?);
    let category = text("category")?.trim().to_ascii_lowercase();
    let category = if category.is_empty() { "all".to_owned() } else { category };
    let Some((category, main)) = CATEGORIES.iter().find(|(name, _)| *name == category).copied() else {
        let names: Vec<&str> = CATEGORIES.iter().map(|(name, _)| *name).collect();
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "malformed",
            format!("category must be one of {}", names.join(", ")),
        ));
    };
    let consent = match object.get("consent") {
        Some(Value::Bool(yes)) => *yes,
        Some(Value::String(yes)) => matches!(yes.trim(), "true" | "on" | "yes" | "1"),
        _ => false,
    };
    let search = text("search")?.trim().trim_start_matches('?').to_owned();

    // The messages, each in the visitor's language.
    let lead = LeadFields { email: email.clone(), ..LeadFields::default() };
    let mut fields: Map<String, Value> =
        validate::in_language(validate::validate(Some(Form::SavedSearch), &lead), lang)
            .fields
            .into_iter()
            .map(|(field, message)| (field.name().to_owned(), Value::String(message)))
            .collect();
    if fields.is_empty() && email.chars().count() > 254 {
        fields.insert("email".into(), validate::too_long_message(254, lang).into());
    }
    if fields.is_empty() && crate::leads::reply_to::address(&email).is_none() {
        fields
            .insert("email".into(), validate::translate("Please enter a valid email address.", lang).into());
    }
    if !consent {
        fields.insert("consent".into(), words::text(lang, "messages", "consent").into());
    }
    let criteria = (search.chars().count() <= MAX_SEARCH_CHARS)
        .then(|| crate::search::criteria_from(Some(&search), b"").ok())
        .flatten();
    if criteria.is_none() {
        fields.insert("search".into(), words::text(lang, "messages", "search").into());
    }
    if !fields.is_empty() {
        let mut refused =
            ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, "invalid", "some fields need fixing");
        refused.fields = fields;
        return Err(refused);
    }
    let mut criteria = criteria.unwrap_or_default();
    let now = SystemTime::now();
    let id = record::new_id(now);
    if !text(endpoints::HONEYPOT)?.trim().is_empty() {
        // Answered as a saved search, so a bot learns nothing; kept and sent nowhere.
        tracing::info!(event = "saved_search_trapped", search = %id);
        return Ok(
            json!({ "ok": true, "id": id, "message": words::text(lang, "messages", "sent").replace("{email}", &email) }),
        );
    }
    let (Some(store), Some(key), false) =
        (settings.saved_searches.as_ref(), settings.alerts_key.as_ref(), settings.sinks.is_empty())
    else {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "not_configured",
            "saved searches are not configured",
        ));
    };
    let budget = settings.budget;

    // How many listings match today: none is said, and the search saved anyway.
    // The site's vocabulary names the search's type and places in the visitor's language.
    let snapshot =
        tokio::time::timeout(budget / 4, alerts.catalogue.snapshot()).await.ok().and_then(Result::ok);
    let matches = snapshot.as_ref().map(|snapshot| {
        criteria.read_query(&snapshot.names);
        let paging = crate::search::Paging::read(None, Some(1), None).unwrap_or_default();
        crate::search::answer(snapshot, main, &criteria, paging).total
    });
    let no_terms = contract::vocabulary::SearchTerms::default();
    let terms = snapshot.as_ref().map_or(&no_terms, |snapshot| &snapshot.terms);

    let seconds = store::seconds(now);
    let expires = seconds + store::UNCONFIRMED_FOR.as_secs();
    // The confirmation link is random and used once; the manage link can be written again by
    // every digest (the HMAC of the id).
    let (confirm, manage) = (store::new_token().map_err(unavailable)?, key.manage_token(&id));
    let address = store::address_key(&email);
    let token = |token: &str, purpose, expires_at| Token {
        hash: store::token_hash(token),
        purpose,
        address: address.clone(),
        id: id.clone(),
        expires_at,
        used_at: None,
    };
    let tokens = [token(&confirm, Purpose::Confirm, Some(expires)), token(&manage, Purpose::Manage, None)];
    let subscription = Subscription {
        id: id.clone(),
        email: email.clone(),
        lang: lang.to_owned(),
        category: category.to_owned(),
        criteria: search.clone(),
        page: page.clone(),
        consent: Consent {
            text: words::consent(lang),
            lang: lang.to_owned(),
            at: record::rfc3339(now),
            page: page.clone(),
        },
        created_at: seconds,
        confirmed_at: None,
        expires_at: Some(expires),
        tokens: tokens.iter().map(|t| t.hash.clone()).collect(),
        sent: Vec::new(),
        pending: Vec::new(),
        last_sent_at: None,
    };
    let most = endpoints::SAVED_SEARCH_MAX_PER_ADDRESS;
    if store.add(&subscription, &tokens, most, seconds).await.map_err(unavailable)? == Added::TooMany {
        let mut refused = ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid",
            "this address has the most saved searches",
        );
        refused.fields.insert("email".into(), words::text(lang, "messages", "tooMany").into());
        return Err(refused);
    }

    let described = words::describe(category, &criteria, lang, terms);
    let results = if page.is_empty() || back.is_none() {
        super::link(settings, "/", &[])
    } else {
        let path = page.split('?').next().unwrap_or("/");
        if search.is_empty() {
            super::link(settings, path, &[])
        } else {
            format!("{}?{search}", super::link(settings, path, &[]))
        }
    };
    let links = words::Links {
        confirm: super::link(
            settings,
            endpoints::SAVED_SEARCH_CONFIRM_PATH,
            &[("token", &confirm), ("lang", lang)],
        ),
        results: results.clone(),
        unsubscribe: super::link(
            settings,
            endpoints::SAVED_SEARCH_UNSUBSCRIBE_PATH,
            &[("token", &manage), ("lang", lang)],
        ),
        manage: super::link(
            settings,
            endpoints::SAVED_SEARCH_MANAGE_PATH,
            &[("token", &manage), ("lang", lang)],
        ),
    };
    let to = Mailbox::new(
        None,
        crate::leads::reply_to::address(&email).ok_or_else(|| unavailable("unwritable address"))?,
    );
    let email_id = format!("{id}-confirm");
    let mail = words::confirmation(&email_id, lang, &settings.addresses.from, to, &described, &links, now)
        .map_err(|e| unavailable(e.to_string()))?;
    let mail_sinks: Arc<[sinks::Sink]> =
        settings.sinks.iter().filter(|s| s.carries_mail()).cloned().collect();
    let left = budget.saturating_sub(started.elapsed()).max(Duration::from_millis(100));
    let outcomes =
        sinks::deliver(mail_sinks, Arc::new(sinks::Mail { id: email_id, email: mail }), left).await;
    if !outcomes.iter().any(|o| o.accepted) {
        // Not confirmable without its email: not kept, and the visitor may try again.
        let _ = store.remove(&address, &id).await;
        tracing::warn!(event = "saved_search_not_sent", search = %id);
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "delivery_failed",
            "the confirmation could not be sent just now; please try again",
        )
        .header(header::RETRY_AFTER, HeaderValue::from_static("30")));
    }

    // The agents' lead, in the agency's language, its criteria in words.
    let agency = settings.email_language;
    let lead = record::Lead {
        id: id.clone(),
        received_at: record::rfc3339(now),
        form: Some(Form::SavedSearch),
        lang: lang.to_owned(),
        name: String::new(),
        email: email.clone(),
        contact_number: String::new(),
        message: format!("{}\n{results}", words::describe(category, &criteria, agency, terms)),
        property_type: String::new(),
        property_area: String::new(),
        property_id: String::new(),
        property_ids: Vec::new(),
        properties: Vec::new(),
        unpublished_ids: Vec::new(),
        page: page.clone(),
        property: None,
        valuation: None,
    };
    match crate::leads::email::render(
        &lead,
        agency,
        &settings.addresses,
        settings.site_url.as_deref(),
        false,
        now,
    ) {
        Ok(email) => {
            let json = serde_json::to_vec_pretty(&lead).unwrap_or_default();
            let left = budget.saturating_sub(started.elapsed()).max(Duration::from_millis(100));
            let sinks: Arc<[sinks::Sink]> = settings.sinks.clone().into();
            let outcomes = sinks::deliver(sinks, Arc::new(sinks::Prepared { lead, json, email }), left).await;
            let taken = outcomes.iter().filter(|o| o.accepted).count();
            tracing::info!(event = "lead", lead = %id, form = "saved-search", lang, outcome = if taken > 0 { "accepted" } else { "failed" }, accepted_by = taken);
        }
        Err(error) => tracing::error!(event = "lead_render_failed", lead = %id, error = %error),
    }

    tracing::info!(event = "saved_search", search = %id, lang, matches, ms = started.elapsed().as_millis() as u64);
    let mut answer = json!({
        "ok": true,
        "id": id,
        "matches": matches,
        "message": words::text(lang, "messages", "sent").replace("{email}", &email),
    });
    if matches == Some(0) {
        answer["notice"] = words::text(lang, "messages", "noMatches").into();
    }
    Ok(answer)
}

fn unavailable(error: impl std::fmt::Display) -> ApiError {
    tracing::error!(event = "saved_search_store_failed", error = %error);
    ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "unavailable",
        "saved searches are not available just now; please try again",
    )
    .header(header::RETRY_AFTER, HeaderValue::from_static("30"))
}
