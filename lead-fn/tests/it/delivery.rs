//! Leads delivered to real parts on 127.0.0.1: an SMTP server (aiosmtpd) that keeps what it
//! receives, and an HTTP server standing in for Postmark, Resend and a CRM's webhook; and the
//! faults: SMTP down, SMTP too slow for the budget, a webhook answering 500, an outbox that
//! cannot be written. In every case the answer is right and no accepted lead is lost.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use crate::support::{Recorder, SmtpServer, closed_port, outbox_ids, parse_eml, post_lead};
use axum::Router;
use axum::http::StatusCode;
use contract::ApiProperty;
use lead_fn::{Catalogue, Config, router};
use serde_json::{Value, json};

/// The budget the tests give delivery (the default is 3,000 ms; shorter keeps the tests quick).
const BUDGET_MS: u64 = 1200;

fn property() -> ApiProperty {
    serde_json::from_value(json!({
        "_id": "palm-villa", "id": "palm-villa", "title": "Frond Villa with Private Beach",
        "mainCategory": "Residential", "subCategory": "Villa", "Images": [], "location": "Palm Jumeirah",
        "bedrooms": 5, "area": 7000, "price": 32_000_000, "featured": true,
        "createdAt": "2026-01-01T00:00:00+04:00", "description": "", "url": "/property/palm-villa",
        "reference": "PC-2201", "permitNumber": "7110029384"
    }))
    .expect("a property")
}

fn function(vars: &[(&str, &str)]) -> Router {
    let mut all: HashMap<String, String> = [
        ("LEAD_MAIL_FROM", "Palm Crest Website <leads@palmcrest.example>"),
        ("LEAD_MAIL_TO", "Sales <sales@palmcrest.example>, omar@palmcrest.example"),
        ("LEAD_RATE_LIMIT_PER_MINUTE", "0"),
        ("LEAD_SITE_URL", "https://palmcrest.example"),
    ]
    .iter()
    .chain(vars)
    .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
    .collect();
    all.insert("LEAD_DELIVERY_BUDGET_MS".into(), BUDGET_MS.to_string());
    let mut config = Config::from_env(|name| all.get(name).cloned()).expect("valid settings");
    config.catalogue = Arc::new(Catalogue::fixed(vec![property()]).expect("a catalogue"));
    router(config)
}

fn lead() -> Value {
    json!({
        "name": "Aisha <em>Khan</em>", "email": "aisha@example.com", "contactNumber": "0501234567",
        "message": "Can we see it on Saturday?\nMornings suit me.", "form": "detail",
        "propertyId": "palm-villa", "page": "/property/palm-villa"
    })
}

fn within_budget(took: Duration) {
    // The budget, plus a margin for this machine; always well inside the visitor's 5,000 ms.
    assert!(took < Duration::from_millis(BUDGET_MS + 800), "took {took:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lead_reaches_the_smtp_server_the_email_api_the_webhook_and_the_outbox() {
    let smtp = SmtpServer::start(&["--user", "leads", "--password", "s3cret pass"]);
    let postmark = Recorder::start(200).await;
    let crm = Recorder::start(202).await;
    let outbox = tempfile::tempdir().expect("a temp dir");
    let port = smtp.port.to_string();
    let router = function(&[
        ("LEAD_SMTP_HOST", "127.0.0.1"),
        ("LEAD_SMTP_PORT", &port),
        ("LEAD_SMTP_TLS", "none"),
        ("LEAD_SMTP_USER", "leads"),
        ("LEAD_SMTP_PASSWORD", "s3cret pass"),
        ("LEAD_EMAIL_API", "postmark"),
        ("LEAD_EMAIL_API_KEY", "pm-token"),
        ("LEAD_EMAIL_API_URL", &postmark.url),
        ("LEAD_WEBHOOK_URL", &format!("{}/hooks/leads", crm.url)),
        ("LEAD_WEBHOOK_TOKEN", "crm-token"),
        ("LEAD_OUTBOX_DIR", outbox.path().to_str().expect("UTF-8")),
    ]);
    let (status, answer, took) = post_lead(&router, &lead()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    within_budget(took);
    let id = answer["id"].as_str().expect("an id");

    // The SMTP server's mailbox: one message, from the agency to the agents, logged in.
    let messages = smtp.messages();
    assert_eq!(messages.len(), 1, "{messages:?}");
    let mail = &messages[0];
    assert_eq!(mail["mail_from"], "leads@palmcrest.example");
    assert_eq!(mail["rcpt_tos"], json!(["sales@palmcrest.example", "omar@palmcrest.example"]));
    assert_eq!(mail["login"], "leads");
    assert_eq!(mail["defects"], json!([]));
    let headers = &mail["headers"];
    assert_eq!(headers["Reply-To"], "\"Aisha <em>Khan</em>\" <aisha@example.com>");
    assert_eq!(headers["Subject"], "Enquiry about Frond Villa with Private Beach from Aisha <em>Khan</em>");
    assert_eq!(headers["Message-ID"], format!("<{id}@palmcrest.example>"));
    // Mail travels with CR LF line ends.
    let text = mail["text"].as_str().expect("a text part").replace("\r\n", "\n");
    for expected in [
        "Frond Villa with Private Beach",
        "https://palmcrest.example/property/palm-villa",
        "Reference: PC-2201",
        "Permit number: 7110029384",
        // The local UAE number the visitor typed, with its country code (validate::received_phone).
        "Phone: +971501234567",
        "Can we see it on Saturday?\nMornings suit me.",
    ] {
        assert!(text.contains(expected), "{expected:?} in\n{text}");
    }
    let html = mail["html"].as_str().expect("an HTML part");
    assert!(html.contains("Aisha &lt;em&gt;Khan&lt;&#x2f;em&gt;"), "{html}");
    assert!(!html.contains("<em>"));

    // The outbox: the record, and the same message as the SMTP server got.
    assert_eq!(outbox_ids(outbox.path()), [id]);
    let record: Value =
        serde_json::from_slice(&std::fs::read(outbox.path().join(format!("{id}.json"))).expect("the record"))
            .expect("JSON");
    assert_eq!(record["property"]["permitNumber"], "7110029384");
    let sent = std::fs::read(smtp.dir.path().join("1.eml")).expect("the received bytes");
    let kept = std::fs::read(outbox.path().join(format!("{id}.eml"))).expect("the outbox's email");
    // SMTP ends lines with CR LF and the server may add a trace header; the message is the same.
    assert_eq!(parse_eml(&outbox.path().join(format!("{id}.eml")))["text"], mail["text"]);
    assert!(
        String::from_utf8_lossy(&sent)
            .contains(String::from_utf8_lossy(&kept).split("\r\n\r\n").nth(1).expect("a body"))
    );

    // Postmark's API, called as its documentation says.
    let calls = postmark.requests();
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].path, "/email");
    assert_eq!(calls[0].header("x-postmark-server-token"), Some("pm-token"));
    assert_eq!(calls[0].header("idempotency-key"), Some(id));
    let body = calls[0].json();
    assert_eq!(body["From"], "Palm Crest Website <leads@palmcrest.example>");
    assert_eq!(body["To"], "Sales <sales@palmcrest.example>, omar@palmcrest.example");
    assert_eq!(body["ReplyTo"], "\"Aisha <em>Khan</em>\" <aisha@example.com>");
    assert_eq!(body["Subject"], headers["Subject"]);
    assert_eq!(body["TextBody"], text);
    assert_eq!(body["HtmlBody"], html.replace("\r\n", "\n"));
    assert_eq!(body["MessageStream"], "outbound");

    // The CRM's webhook: the record itself, with the token.
    let hooks = crm.requests();
    assert_eq!(hooks.len(), 1);
    assert_eq!(hooks[0].path, "/hooks/leads");
    assert_eq!(hooks[0].header("authorization"), Some("Bearer crm-token"));
    assert_eq!(hooks[0].header("content-type"), Some("application/json"));
    assert_eq!(hooks[0].header("idempotency-key"), Some(id));
    assert_eq!(hooks[0].json(), record);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resend_is_called_as_its_api_says() {
    let resend = Recorder::start(200).await;
    let router = function(&[
        ("LEAD_EMAIL_API", "resend"),
        ("LEAD_EMAIL_API_KEY", "re_test"),
        ("LEAD_EMAIL_API_URL", &resend.url),
    ]);
    let (status, answer, _) = post_lead(&router, &lead()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let calls = resend.requests();
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].path, "/emails");
    assert_eq!(calls[0].header("authorization"), Some("Bearer re_test"));
    let body = calls[0].json();
    assert_eq!(body["to"], json!(["Sales <sales@palmcrest.example>", "omar@palmcrest.example"]));
    assert_eq!(body["reply_to"], "\"Aisha <em>Khan</em>\" <aisha@example.com>");
    assert!(body["text"].as_str().expect("text").contains("PC-2201"));
    assert!(body["html"].as_str().expect("html").contains("7110029384"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn starttls_and_tls_with_a_private_certificate_authority() {
    let certified = rcgen::generate_simple_self_signed(vec!["127.0.0.1".into(), "localhost".into()])
        .expect("a certificate");
    let dir = tempfile::tempdir().expect("a temp dir");
    let cert = dir.path().join("cert.pem");
    let key = dir.path().join("key.pem");
    std::fs::write(&cert, certified.cert.pem()).expect("written");
    std::fs::write(&key, certified.signing_key.serialize_pem()).expect("written");
    let (cert, key) = (cert.to_str().expect("UTF-8"), key.to_str().expect("UTF-8"));
    for mode in ["starttls", "implicit"] {
        let smtp = SmtpServer::start(&[
            "--tls",
            mode,
            "--cert",
            cert,
            "--key",
            key,
            "--user",
            "leads",
            "--password",
            "pw",
        ]);
        let port = smtp.port.to_string();
        let router = function(&[
            ("LEAD_SMTP_HOST", "127.0.0.1"),
            ("LEAD_SMTP_PORT", &port),
            ("LEAD_SMTP_TLS", if mode == "starttls" { "starttls" } else { "tls" }),
            ("LEAD_SMTP_USER", "leads"),
            ("LEAD_SMTP_PASSWORD", "pw"),
            ("LEAD_SMTP_CA_FILE", cert),
        ]);
        let (status, answer, _) = post_lead(&router, &lead()).await;
        assert_eq!(status, StatusCode::OK, "{mode}: {answer}");
        let messages = smtp.messages();
        assert_eq!(messages.len(), 1, "{mode}");
        assert_eq!(messages[0]["tls"], true, "{mode}");
        assert_eq!(messages[0]["login"], "leads", "{mode}");

        // Without the private authority the certificate is not trusted: no lead goes out
        // in clear, and with no other sink the answer is 503.
        let untrusting = function(&[
            ("LEAD_SMTP_HOST", "127.0.0.1"),
            ("LEAD_SMTP_PORT", &port),
            ("LEAD_SMTP_TLS", if mode == "starttls" { "starttls" } else { "tls" }),
        ]);
        let (status, answer, _) = post_lead(&untrusting, &lead()).await;
        assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{mode}: {answer}");
        assert_eq!(smtp.messages().len(), 1, "{mode}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn smtp_down_the_outbox_keeps_the_lead_and_alone_it_is_503() {
    let outbox = tempfile::tempdir().expect("a temp dir");
    let port = closed_port().to_string();
    let smtp =
        [("LEAD_SMTP_HOST", "127.0.0.1"), ("LEAD_SMTP_PORT", port.as_str()), ("LEAD_SMTP_TLS", "none")];
    let mut with_outbox = smtp.to_vec();
    with_outbox.push(("LEAD_OUTBOX_DIR", outbox.path().to_str().expect("UTF-8")));
    let (status, answer, took) = post_lead(&function(&with_outbox), &lead()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    within_budget(took);
    assert_eq!(outbox_ids(outbox.path()), [answer["id"].as_str().expect("an id")]);

    let (status, answer, took) = post_lead(&function(&smtp), &lead()).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(answer["code"], "delivery_failed");
    within_budget(took);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_smtp_server_slower_than_the_budget_is_given_up_in_time() {
    let smtp = SmtpServer::start(&["--delay", "20"]);
    let crm = Recorder::start(200).await;
    let port = smtp.port.to_string();
    let slow =
        [("LEAD_SMTP_HOST", "127.0.0.1"), ("LEAD_SMTP_PORT", port.as_str()), ("LEAD_SMTP_TLS", "none")];
    let (status, answer, took) = post_lead(&function(&slow), &lead()).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert!(took >= Duration::from_millis(BUDGET_MS / 2), "it waited for the server: {took:?}");
    within_budget(took);

    // With a webhook beside it, the webhook's acceptance makes the lead accepted, still in time.
    let hook = format!("{}/hook", crm.url);
    let mut both = slow.to_vec();
    both.push(("LEAD_WEBHOOK_URL", hook.as_str()));
    let (status, answer, took) = post_lead(&function(&both), &lead()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    within_budget(took);
    assert_eq!(crm.requests().len(), 1);
    assert_eq!(crm.requests()[0].json()["id"], answer["id"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_answering_500_is_retried_with_the_same_key_then_503() {
    let crm = Recorder::start(500).await;
    let hook = format!("{}/hook", crm.url);
    let router = function(&[("LEAD_WEBHOOK_URL", hook.as_str())]);
    let (status, answer, took) = post_lead(&router, &lead()).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    within_budget(took);
    let calls = crm.requests();
    assert!(calls.len() >= 3, "retried: {} calls", calls.len());
    let keys: Vec<_> = calls.iter().map(|c| c.header("idempotency-key").map(str::to_owned)).collect();
    assert!(keys.windows(2).all(|w| w[0] == w[1] && w[0].is_some()), "{keys:?}");
    assert!(calls[1].at.duration_since(calls[0].at) >= Duration::from_millis(100), "a pause between tries");

    // A webhook that recovers while the budget lasts takes the lead.
    let crm = Recorder::start(503).await;
    let hook = format!("{}/hook", crm.url);
    let router = function(&[("LEAD_WEBHOOK_URL", hook.as_str())]);
    let flip = {
        let requests = crm.requests.clone();
        let crm_status = Arc::new(crm);
        let handle = crm_status.clone();
        tokio::spawn(async move {
            while requests.lock().expect("the log").is_empty() {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            // The recorder logs a request before it reads the status to answer: flipping at once
            // could let the first try through. Tries are at least 100 ms apart (above), so a
            // flip 50 ms after the first request lands between the two.
            tokio::time::sleep(Duration::from_millis(50)).await;
            handle.set_status(200);
        });
        crm_status
    };
    let (status, answer, _) = post_lead(&router, &lead()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(flip.requests().len(), 2, "the first try failed, the second took it");

    // A refusal a retry cannot mend (400) is not retried.
    let crm = Recorder::start(400).await;
    let hook = format!("{}/hook", crm.url);
    let (status, _, took) = post_lead(&function(&[("LEAD_WEBHOOK_URL", hook.as_str())]), &lead()).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(crm.requests().len(), 1);
    assert!(took < Duration::from_millis(BUDGET_MS / 2), "{took:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outbox_that_cannot_be_written_is_a_failed_sink_not_a_lost_lead() {
    let dir = tempfile::tempdir().expect("a temp dir");
    // The outbox's path runs through a regular file: no folder can be made there (as with a
    // read-only disk, which root would not notice in a test).
    std::fs::write(dir.path().join("file"), "not a folder").expect("a file");
    let blocked = dir.path().join("file/outbox");
    let blocked = blocked.to_str().expect("UTF-8");
    let (status, answer, took) = post_lead(&function(&[("LEAD_OUTBOX_DIR", blocked)]), &lead()).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "{answer}");
    assert!(took < Duration::from_millis(BUDGET_MS / 2), "not retried: {took:?}");

    let crm = Recorder::start(200).await;
    let hook = format!("{}/hook", crm.url);
    let router = function(&[("LEAD_OUTBOX_DIR", blocked), ("LEAD_WEBHOOK_URL", hook.as_str())]);
    let (status, answer, _) = post_lead(&router, &lead()).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    assert_eq!(crm.requests()[0].json()["id"], answer["id"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shortlist_enquiry_names_each_listing_with_its_reference_and_link_in_the_agents_email() {
    let outbox = tempfile::tempdir().expect("a temp dir");
    let router = function(&[("LEAD_OUTBOX_DIR", outbox.path().to_str().expect("UTF-8"))]);
    let lead = json!({
        "name": "Olga Petrova", "email": "olga@example.ru", "contactNumber": "+79161234567",
        "message": "I am interested in these properties:\n- Frond Villa with Private Beach (PC-2201)",
        "form": "shortlist", "lang": "ru", "page": "/ru/shortlist",
        // Sent twice, and one sold since it was saved.
        "propertyIds": ["palm-villa", "sold-last-week", "palm-villa"]
    });
    let (status, answer, _) = post_lead(&router, &lead).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
    let id = answer["id"].as_str().expect("an id");
    let record: Value =
        serde_json::from_slice(&std::fs::read(outbox.path().join(format!("{id}.json"))).expect("the record"))
            .expect("JSON");
    assert_eq!(record["form"], "shortlist");
    assert_eq!(record["propertyIds"], json!(["palm-villa", "sold-last-week"]));
    assert_eq!(record["properties"][0]["reference"], "PC-2201");
    assert_eq!(record["unpublishedIds"], json!(["sold-last-week"]));

    let email = parse_eml(&outbox.path().join(format!("{id}.eml")));
    assert_eq!(email["headers"]["Subject"], "Enquiry about 2 shortlisted properties from Olga Petrova");
    let text = email["text"].as_str().expect("a text part").replace("\r\n", "\n");
    for expected in [
        "Properties (2):",
        "- Frond Villa with Private Beach\n  https://palmcrest.example/property/palm-villa",
        "  Reference: PC-2201",
        "  Permit number: 7110029384",
        "- Property id: sold-last-week (not among the published listings)",
        "Phone: +79161234567",
        "Form: Shortlist (/shortlist), Enquire about these",
    ] {
        assert!(text.contains(expected), "{expected:?} in\n{text}");
    }
    let html = email["html"].as_str().expect("an HTML part");
    assert!(
        // (minijinja escapes '/' in HTML as &#x2f;, which mail clients read as '/'.)
        html.contains(
            r#"<li><a href="https:&#x2f;&#x2f;palmcrest.example&#x2f;property&#x2f;palm-villa">Frond Villa with Private Beach</a>"#
        ),
        "{html}"
    );
}

#[tokio::test]
async fn a_shortlist_enquiry_is_checked_like_the_property_form_and_names_at_most_50_listings() {
    let router = function(&[]);
    let (status, answer, _) =
        post_lead(&router, &json!({ "form": "shortlist", "propertyIds": ["palm-villa"] })).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["fields"]["message"], "Message is required.");
    let many: Vec<String> = (0..51).map(|i| format!("listing-{i}")).collect();
    for (ids, said) in [
        (json!(many), "propertyIds names 51 listings; one enquiry names at most 50"),
        (json!(["palm-villa", 7]), "propertyIds must hold listing ids as strings"),
        (json!("palm-villa"), "propertyIds must be a list of listing ids"),
    ] {
        let mut lead = lead();
        lead["form"] = json!("shortlist");
        lead["propertyIds"] = ids;
        let (status, answer, _) = post_lead(&router, &lead).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
        assert!(answer.to_string().contains(said), "{said:?} in {answer}");
    }
}
