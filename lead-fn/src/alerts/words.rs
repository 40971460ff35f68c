//! The saved searches' words, from `templates/strings/{lang}.json`'s `alerts` (as every word the
//! function writes): the consent a visitor agrees to, the messages the endpoint answers, a
//! search's criteria in words, the confirmation email and the pages.

use std::time::SystemTime;

use contract::text::thousands;
use contract::vocabulary::SearchTerms;
use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, Message, MultiPart};
use minijinja::value::Serde;
use serde_json::Value;

use crate::leads::email::{Email, RenderError};
use crate::search::Criteria;

fn alerts(lang: &str) -> &'static Value {
    &crate::words::texts(lang)["alerts"]
}

/// The words of `alerts.{group}.{key}` in `lang`.
pub fn text(lang: &str, group: &str, key: &str) -> String {
    alerts(lang)[group][key].as_str().unwrap_or_default().to_owned()
}

/// What a visitor agrees to when saving a search, in `lang`: what is sent, how often, how to
/// stop. Recorded with the search, word for word.
pub fn consent(lang: &str) -> String {
    alerts(lang)["consent"].as_str().unwrap_or_default().to_owned()
}

/// A search's criteria in words, in `lang`: 'To rent · Apartment · 2 bedrooms · in Dubai Marina',
/// the type and the places named as the site's vocabulary names them in `lang` (`terms`).
pub fn describe(category: &str, criteria: &Criteria, lang: &str, terms: &SearchTerms) -> String {
    let c = &alerts(lang)["criteria"];
    let say = |key: &str| c[key].as_str().unwrap_or_default().to_owned();
    let with = |key: &str, pairs: &[(&str, String)]| {
        pairs.iter().fold(say(key), |text, (name, value)| text.replace(&format!("{{{name}}}"), value))
    };
    let or_more = contract::endpoints::ROOMS_OR_MORE;
    let mut parts = vec![say(category)];
    if let Some(kind) = &criteria.kind {
        let kind = terms.type_in(kind, lang);
        let mut chars = kind.chars();
        parts.extend(chars.next().map(|first| first.to_uppercase().chain(chars).collect::<String>()));
    }
    match criteria.bedrooms {
        Some(0) => parts.push(say("studio")),
        Some(n) if n >= or_more => parts.push(with("bedroomsOrMore", &[("n", n.to_string())])),
        Some(n) => parts.push(with("bedrooms", &[("n", n.to_string())])),
        None => {}
    }
    match criteria.bathrooms {
        Some(n) if n >= or_more => parts.push(with("bathroomsOrMore", &[("n", n.to_string())])),
        Some(n) => parts.push(with("bathrooms", &[("n", n.to_string())])),
        None => {}
    }
    if !criteria.communities_typed.is_empty() {
        let places: Vec<String> =
            criteria.communities_typed.iter().map(|place| terms.community_in(place, lang)).collect();
        parts.push(with("in", &[("places", places.join(", "))]));
    }
    let range = |low: Option<u64>, high: Option<u64>, keys: [&str; 3]| match (low, high) {
        (Some(min), Some(max)) => Some(with(keys[2], &[("min", thousands(min)), ("max", thousands(max))])),
        (Some(n), None) => Some(with(keys[0], &[("n", thousands(n))])),
        (None, Some(n)) => Some(with(keys[1], &[("n", thousands(n))])),
        (None, None) => None,
    };
    parts.extend(range(criteria.min_price, criteria.max_price, ["priceFrom", "priceTo", "priceRange"]));
    parts.extend(range(
        criteria.area.map(u64::from),
        criteria.area_max.map(u64::from),
        ["areaFrom", "areaTo", "areaRange"],
    ));
    match criteria.purpose {
        Some(crate::query::Purpose::Rent) if category != "rent" => parts.push(say("forRent")),
        Some(crate::query::Purpose::Sale) => parts.push(say("sale")),
        _ => {}
    }
    if criteria.off_plan && category != "off-plan" {
        parts.push(say("offPlan"));
    }
    match criteria.completion.as_deref() {
        Some("ready") => parts.push(say("ready")),
        Some(year) => parts.push(with("handover", &[("year", year.to_owned())])),
        None => {}
    }
    if let Some(furnishing) = criteria.furnishing {
        let name = serde_json::to_value(furnishing).ok().and_then(|v| v.as_str().map(str::to_owned));
        parts.extend(name.map(|name| say(&name)));
    }
    if let Some(n) = criteria.cheques {
        parts.push(with("cheques", &[("n", n.to_string())]));
    }
    if let Some(day) = &criteria.available_from {
        parts.push(with("availableFrom", &[("day", day.clone())]));
    }
    if !criteria.text.is_empty() {
        parts.push(with("words", &[("text", criteria.text.clone())]));
    }
    parts.retain(|part| !part.is_empty());
    parts.join(" · ")
}

/// The links of a subscriber's email.
pub struct Links {
    /// The confirmation's (empty in a digest).
    pub confirm: String,
    pub results: String,
    pub unsubscribe: String,
    /// The address's list of searches.
    pub manage: String,
}

/// One listing in a digest.
#[derive(Debug, Clone, serde::Serialize)]
pub struct Card {
    pub title: String,
    /// Its first photo's address.
    pub photo: Option<String>,
    pub price: String,
    /// A price drop: the price before.
    pub was: Option<String>,
    pub url: String,
    pub place: String,
}

/// The confirmation email to `to` in `lang`: text and HTML, with `List-Unsubscribe` (the
/// one-click address) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, as every email
/// to a subscriber carries. `id` makes its `Message-ID`.
pub fn confirmation(
    id: &str,
    lang: &str,
    from: &Mailbox,
    to: Mailbox,
    criteria: &str,
    links: &Links,
    now: SystemTime,
) -> Result<Email, RenderError> {
    let context = minijinja::context! {
        criteria => criteria,
        confirm => &links.confirm,
        results => &links.results,
        unsubscribe => &links.unsubscribe,
        manage => &links.manage,
    };
    let subject = text(lang, "email", "subject");
    let templates = ("alert-confirm.txt", "alert-confirm.html");
    to_subscriber(id, lang, from, to, subject, templates, context, &links.unsubscribe, now)
}

/// A digest to `to` in `lang`: the search in words, its `cards` (and how many `more` the
/// results page has), with the one-click unsubscribe headers of [`confirmation`].
#[allow(clippy::too_many_arguments)]
pub fn digest(
    id: &str,
    lang: &str,
    from: &Mailbox,
    to: Mailbox,
    criteria: &str,
    cards: &[Card],
    more: usize,
    links: &Links,
    now: SystemTime,
) -> Result<Email, RenderError> {
    let context = minijinja::context! {
        criteria => criteria,
        cards => Serde(cards),
        more => (more > 0).then(|| text(lang, "digest", "more").replace("{n}", &more.to_string())),
        results => &links.results,
        unsubscribe => &links.unsubscribe,
        manage => &links.manage,
    };
    let subject = text(lang, "digest", "subject");
    let templates = ("alert-digest.txt", "alert-digest.html");
    to_subscriber(id, lang, from, to, subject, templates, context, &links.unsubscribe, now)
}

/// An email to a subscriber: its text and HTML `templates` with `context` and the language's
/// words, and the one-click unsubscribe headers.
#[allow(clippy::too_many_arguments)]
fn to_subscriber(
    id: &str,
    lang: &str,
    from: &Mailbox,
    to: Mailbox,
    subject: String,
    templates: (&'static str, &'static str),
    context: minijinja::Value,
    unsubscribe: &str,
    now: SystemTime,
) -> Result<Email, RenderError> {
    let texts = crate::words::texts(lang);
    let render = |name: &'static str| {
        let template = crate::words::template(name).map_err(|e| RenderError::Template(name, e))?;
        template
            .render(minijinja::context! { t => Serde(texts), lang => lang, ..context.clone() })
            .map_err(|e| RenderError::Template(name, e))
    };
    let (text, html) = (render(templates.0)?, render(templates.1)?);
    let headers = vec![
        ("List-Unsubscribe", format!("<{unsubscribe}>")),
        ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click".to_owned()),
    ];
    let domain = from.email.domain().to_owned();
    let mut builder = Message::builder()
        .from(from.clone())
        .to(to.clone())
        .subject(subject.clone())
        .date(now)
        .message_id(Some(format!("<{id}@{domain}>")));
    for (name, value) in &headers {
        builder = builder.raw_header(HeaderValue::new(HeaderName::new_from_ascii_str(name), value.clone()));
    }
    let message = builder.multipart(MultiPart::alternative_plain_html(text.clone(), html.clone()))?;
    Ok(Email {
        subject,
        text,
        html,
        reply_to: None,
        from: from.clone(),
        to: vec![to],
        headers,
        eml: message.formatted(),
        envelope: message.envelope().clone(),
    })
}

/// One of the pages (`templates/alert-page.html`): a title, its paragraphs, and what else the
/// page holds (`form`: the unsubscribe button; `searches`: the manage list).
pub fn page(lang: &str, title: &str, paragraphs: &[String], extra: minijinja::Value) -> String {
    let rendered = crate::words::template("alert-page.html").and_then(|template| {
        template.render(minijinja::context! {
            t => Serde(crate::words::texts(lang)),
            lang => lang,
            title => title,
            paragraphs => paragraphs.to_vec(),
            ..extra
        })
    });
    match rendered {
        Ok(html) => html + "\n",
        Err(error) => {
            tracing::error!(event = "template_failed", template = "alert-page.html", error = %error);
            format!("<!doctype html><title>{title}</title>\n")
        }
    }
}
