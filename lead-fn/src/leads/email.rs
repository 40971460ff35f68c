//! The agents' email for a lead: subject, plain text and HTML rendered from the minijinja
//! templates in `templates/` in the lead's language, and the MIME message lettre builds from
//! them (the bytes SMTP sends are the bytes the outbox keeps as `.eml`).
//!
//! Nothing a visitor types can become markup or a header: the HTML template is escaped
//! automatically (its name ends in `.html`), the one-line fields reach here without control
//! characters ([`super::input::one_line`]), and lettre encodes every header value it writes.
//!
//! The templates and their texts per language are the function's [`crate::words`].

use std::str::FromStr as _;
use std::time::SystemTime;

use contract::text::thousands;
use contract::valuation::SellerEstimate;
use lettre::Address;
use lettre::address::Envelope;
use lettre::message::{Mailbox, Message, MultiPart};
use minijinja::value::Serde;

use super::record::{Lead, absolute};
use crate::words;

/// Who the email is from and to; the visitor goes into Reply-To.
#[derive(Debug, Clone)]
pub struct Addresses {
    pub from: Mailbox,
    pub to: Vec<Mailbox>,
}

impl Default for Addresses {
    /// What the outbox's `.eml` files say when no email is configured.
    fn default() -> Addresses {
        let mailbox = |name: &str, address: &str| {
            Mailbox::new(Some(name.to_owned()), Address::from_str(address).expect("a valid address"))
        };
        Addresses {
            from: mailbox("Website", "leads@localhost"),
            to: vec![mailbox("Agents", "agents@localhost")],
        }
    }
}

/// A rendered email.
#[derive(Debug, Clone)]
pub struct Email {
    pub subject: String,
    pub text: String,
    pub html: String,
    /// The visitor, when their address is one lettre can write.
    pub reply_to: Option<Mailbox>,
    pub from: Mailbox,
    pub to: Vec<Mailbox>,
    /// Headers beyond the usual ones, as each sink writes them (the `.eml` already holds them):
    /// a subscriber's email carries `List-Unsubscribe` and `List-Unsubscribe-Post`.
    pub headers: Vec<(&'static str, String)>,
    /// The whole MIME message (the `.eml`).
    pub eml: Vec<u8>,
    pub envelope: Envelope,
}

#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("the email template {0} failed: {1}")]
    Template(&'static str, minijinja::Error),
    #[error("the email cannot be built: {0}")]
    Message(#[from] lettre::error::Error),
}

/// Renders the email for `lead` in `language` (the agency's; the visitor's own, `lead.lang`, is
/// noted in it). `site_url` turns site paths into links; `property_missing` says the catalogue
/// was read and has no property of the lead's `propertyId`.
pub fn render(
    lead: &Lead,
    language: &str,
    addresses: &Addresses,
    site_url: Option<&str>,
    property_missing: bool,
    now: SystemTime,
) -> Result<Email, RenderError> {
    let language = if words::speaks(language) { language } else { "en" };
    let texts = words::texts(language);
    let page_url = (!lead.page.is_empty()).then(|| absolute(site_url, &lead.page));
    // Only the site's own addresses become links: a visitor must not plant one in the email.
    let on_site = |url: &str| {
        site_url.is_some_and(|site| {
            let site = site.trim_end_matches('/');
            url.strip_prefix(site).is_some_and(|rest| rest.starts_with('/'))
        })
    };
    let page_href = page_url.clone().filter(|url| on_site(url));
    let property_href = lead.property.as_ref().map(|p| p.url.clone()).filter(|url| on_site(url));
    // The visitor's number as a link an agent's phone dials: '+', the country code and the rest.
    let phone: String =
        lead.contact_number.chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')' | '.')).collect();
    let phone_href =
        (phone.len() > 8 && phone.starts_with('+') && phone[1..].bytes().all(|b| b.is_ascii_digit()))
            .then(|| format!("tel:{phone}"));
    // A shortlist enquiry's listings in the visitor's order: each with what the catalogue has of
    // it (a link only to the site's own address), or its id, marked when it is not published.
    let shortlisted: Vec<minijinja::Value> = lead
        .property_ids
        .iter()
        .map(|id| {
            let found = lead.properties.iter().find(|p| &p.id == id);
            minijinja::context! {
                id => id,
                property => found.map(Serde),
                href => found.map(|p| p.url.clone()).filter(|url| on_site(url)),
                unpublished => lead.unpublished_ids.contains(id),
            }
        })
        .collect();
    // A seller's home and the function's estimate of it, its amounts written out; without an
    // estimate, why (`missing`: too few sales, or the figures unread).
    let valuation = lead.valuation.as_ref().map(|v| {
        let home = minijinja::context! {
            community => v.community_name.as_deref().unwrap_or(&v.community),
            kind => Serde(&v.kind),
            bedrooms => v.bedrooms,
            sqft => thousands(v.sqft),
        };
        let figures = match &v.estimate {
            SellerEstimate::Estimated { low, median, high, rent, gross_yield, sales, from, to } => {
                minijinja::context! {
                    low => thousands(low),
                    high => thousands(high),
                    median => thousands(median),
                    rent => rent.map(thousands),
                    gross_yield => gross_yield.map(|y| format!("{y:.1}")),
                    sales => sales,
                    from => from,
                    to => to,
                }
            }
            SellerEstimate::TooFewSales { sales } => {
                minijinja::context! { missing => "tooFew", sales => sales }
            }
            SellerEstimate::Unavailable => minijinja::context! { missing => "unavailable", sales => 0 },
        };
        minijinja::context! { ..home, ..figures }
    });
    let render = |name: &'static str, subject: &str| {
        let template = words::template(name).map_err(|e| RenderError::Template(name, e))?;
        template
            .render(minijinja::context! {
                t => Serde(texts),
                email_lang => language,
                lead => Serde(lead),
                subject => subject,
                page_url => page_url.as_deref(),
                page_href => page_href.as_deref(),
                property_href => property_href.as_deref(),
                phone_href => phone_href.as_deref(),
                property_missing => property_missing,
                shortlisted => Serde(&shortlisted),
                valuation => valuation.clone(),
            })
            .map_err(|e| RenderError::Template(name, e))
    };
    let subject = super::input::one_line(&render("subject.txt", "")?);
    let text = render("lead.txt", &subject)?;
    let html = render("lead.html", &subject)?;

    let reply_to = super::reply_to::address(&lead.email).map(|address| {
        let name = (!lead.name.is_empty()).then(|| lead.name.clone());
        Mailbox::new(name, address)
    });
    let domain = addresses.from.email.domain().to_owned();
    let mut builder = Message::builder()
        .from(addresses.from.clone())
        .subject(subject.clone())
        .date(now)
        .message_id(Some(format!("<{}@{domain}>", lead.id)));
    for to in &addresses.to {
        builder = builder.to(to.clone());
    }
    if let Some(reply_to) = &reply_to {
        builder = builder.reply_to(reply_to.clone());
    }
    let message = builder.multipart(MultiPart::alternative_plain_html(text.clone(), html.clone()))?;
    Ok(Email {
        subject,
        text,
        html,
        reply_to,
        from: addresses.from.clone(),
        to: addresses.to.clone(),
        headers: Vec::new(),
        eml: message.formatted(),
        envelope: message.envelope().clone(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leads::record::PropertyRef;
    use crate::validate::Form;

    fn lead() -> Lead {
        Lead {
            id: "20260805T101112345Z-0123456789abcdef".into(),
            received_at: "2026-08-05T10:11:12.345Z".into(),
            form: Some(Form::Detail),
            lang: "en".into(),
            name: "Aisha <b>Khan</b>".into(),
            email: "aisha@example.com".into(),
            contact_number: "0501234567".into(),
            message: "Line one\n<script>alert(1)</script>".into(),
            property_type: String::new(),
            property_area: String::new(),
            property_id: "marina-gate-2br".into(),
            property_ids: Vec::new(),
            properties: Vec::new(),
            unpublished_ids: Vec::new(),
            page: "/property/marina-gate-2br".into(),
            property: Some(PropertyRef {
                id: "marina-gate-2br".into(),
                title: "Marina Gate 2BR".into(),
                url: "https://palmcrest.example/property/marina-gate-2br".into(),
                reference: Some("PC-1042".into()),
                permit_number: Some("7117263512".into()),
            }),
            valuation: None,
        }
    }

    #[test]
    fn the_email_names_the_property_and_escapes_the_visitor() {
        let email = render(
            &lead(),
            "en",
            &Addresses::default(),
            Some("https://palmcrest.example"),
            false,
            SystemTime::now(),
        )
        .expect("rendered");
        assert_eq!(email.subject, "Enquiry about Marina Gate 2BR from Aisha <b>Khan</b>");
        for part in [&email.text, &email.html] {
            for expected in
                ["Marina Gate 2BR", "PC-1042", "7117263512", "0501234567", "Property page, Get in Touch"]
            {
                assert!(part.contains(expected), "{expected} in\n{part}");
            }
        }
        assert!(email.text.contains("Name: Aisha <b>Khan</b>"), "{}", email.text);
        assert!(email.text.contains("https://palmcrest.example/property/marina-gate-2br"));
        // minijinja escapes `/` too; a browser reads `&#x2f;` as `/`.
        let html = email.html.replace("&#x2f;", "/");
        assert!(html.contains("Aisha &lt;b&gt;Khan&lt;/b&gt;"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(!html.contains("<script>") && !html.contains("<b>"));
        assert!(html.contains(r#"<a href="https://palmcrest.example/property/marina-gate-2br">"#), "{html}");
        let reply_to = email.reply_to.expect("a Reply-To");
        assert_eq!(reply_to.email.to_string(), "aisha@example.com");
        let eml = String::from_utf8_lossy(&email.eml);
        assert!(eml.contains("Reply-To: "), "{eml}");
        assert!(eml.contains("Message-ID: <20260805T101112345Z-0123456789abcdef@localhost>"), "{eml}");
        assert!(eml.contains("multipart/alternative"));
        // A number without its country code is no link: nobody knows which country dials it.
        assert!(!html.contains("tel:"), "{html}");
    }

    #[test]
    fn the_visitors_number_is_a_link_a_phone_dials() {
        let mut lead = lead();
        lead.contact_number = "+44 7911 123456".into();
        let email =
            render(&lead, "en", &Addresses::default(), None, false, SystemTime::now()).expect("rendered");
        let html = email.html.replace("&#x2f;", "/");
        assert!(html.contains(r#"<a href="tel:+447911123456">+44 7911 123456</a>"#), "{html}");
    }

    #[test]
    fn a_page_off_the_site_is_text_not_a_link() {
        let mut lead = lead();
        lead.page = "https://phish.example/login".into();
        lead.property = None;
        let email = render(
            &lead,
            "en",
            &Addresses::default(),
            Some("https://palmcrest.example"),
            true,
            SystemTime::now(),
        )
        .expect("rendered");
        let html = email.html.replace("&#x2f;", "/");
        assert!(html.contains("https://phish.example/login"));
        assert!(!html.contains("href=\"https://phish"), "{html}");
        assert!(email.text.contains("Property id: marina-gate-2br (not among the published listings)"));
    }

    #[test]
    fn every_language_renders() {
        for (lang, _) in words::STRINGS {
            for form in [None, Some(Form::Seller), Some(Form::Newsletter), Some(Form::Callback)] {
                let mut lead = lead();
                lead.lang = lang.into();
                lead.form = form;
                let email = render(&lead, lang, &Addresses::default(), None, false, SystemTime::now())
                    .unwrap_or_else(|e| panic!("{lang} {form:?}: {e}"));
                assert!(!email.subject.is_empty());
                assert!(email.html.contains(&format!("lang=\"{lang}\"")));
            }
        }
        let mut arabic = lead();
        arabic.lang = "ar".into();
        let email =
            render(&arabic, "ar", &Addresses::default(), None, false, SystemTime::now()).expect("rendered");
        assert!(email.html.contains("dir=\"rtl\""));
        assert!(email.subject.starts_with("استفسار عن Marina Gate 2BR"), "{}", email.subject);
    }

    #[test]
    fn the_agents_email_is_in_the_agencys_language_and_notes_the_visitors() {
        let mut russian = lead();
        russian.lang = "ru".into();
        let email =
            render(&russian, "en", &Addresses::default(), None, false, SystemTime::now()).expect("rendered");
        assert!(email.subject.starts_with("Enquiry about Marina Gate 2BR"), "{}", email.subject);
        assert!(email.text.contains("Language: Russian"), "{}", email.text);
        assert!(email.html.contains("lang=\"en\" dir=\"ltr\""));
        // An agency that works in Arabic reads it in Arabic, still told the visitor wrote in Russian.
        let email =
            render(&russian, "ar", &Addresses::default(), None, false, SystemTime::now()).expect("rendered");
        assert!(email.text.contains("الروسية") || email.text.contains("روسي"), "{}", email.text);
        // An unknown language is English.
        let email =
            render(&russian, "xx", &Addresses::default(), None, false, SystemTime::now()).expect("rendered");
        assert!(email.text.contains("Language: Russian"));
    }

    #[test]
    fn without_a_usable_address_there_is_no_reply_to() {
        let mut lead = lead();
        lead.email = "not an address".into();
        let email =
            render(&lead, "en", &Addresses::default(), None, false, SystemTime::now()).expect("rendered");
        assert!(email.reply_to.is_none());
        assert!(!String::from_utf8_lossy(&email.eml).contains("Reply-To:"));
    }
}
