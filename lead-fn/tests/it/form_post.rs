//! A lead from a plain HTML form (no JavaScript): form-encoded in, a redirect to the thank-you
//! page or a page of messages out, and the same lead in the outbox as a JSON one would make.

use std::collections::HashMap;
use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use lead_fn::{Catalogue, Config, router};
use tower::ServiceExt as _;

struct Function {
    router: axum::Router,
    outbox: std::path::PathBuf,
    _dir: tempfile::TempDir,
}

fn function() -> Function {
    let dir = tempfile::tempdir().expect("a temp dir");
    let outbox = dir.path().join("outbox");
    let vars: HashMap<&str, String> = HashMap::from([
        ("LEAD_OUTBOX_DIR", outbox.display().to_string()),
        ("LEAD_RATE_LIMIT_PER_MINUTE", "0".into()),
        ("LEAD_SITE_URL", "https://palmcrest.example".into()),
    ]);
    let mut config = Config::from_env(|name| vars.get(name).cloned()).expect("valid settings");
    config.catalogue = Arc::new(Catalogue::fixed(Vec::new()).expect("a catalogue"));
    Function { router: router(config), outbox, _dir: dir }
}

impl Function {
    async fn post(&self, origin: Option<&str>, body: &str) -> (StatusCode, Option<String>, String) {
        let mut request = Request::post("/api/contact-user")
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .header(header::HOST, "palmcrest.example");
        if let Some(origin) = origin {
            request = request.header(header::ORIGIN, origin);
        }
        let response =
            self.router.clone().oneshot(request.body(Body::from(body.to_owned())).expect("a request")).await;
        let response = response.expect("the router answers");
        let status = response.status();
        let location =
            response.headers().get(header::LOCATION).map(|v| v.to_str().expect("ascii").to_owned());
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20).await.expect("a body");
        (status, location, String::from_utf8(bytes.to_vec()).expect("UTF-8"))
    }

    fn leads(&self) -> Vec<serde_json::Value> {
        let Ok(dir) = std::fs::read_dir(&self.outbox) else { return Vec::new() };
        dir.filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "json")
                .then(|| serde_json::from_slice(&std::fs::read(path).ok()?).ok())
                .flatten()
        })
        .collect()
    }
}

#[tokio::test]
async fn an_accepted_form_lead_is_redirected_to_the_thank_you_page_in_its_language() {
    let function = function();
    let body = "form=seller&lang=ru&page=%2Fru%2Fpro&name=Ivan+Petrov&email=ivan%40example.ru\
                &contactNumber=%2B971+50+123+4567&message=&propertyType=Villa&propertyArea=&website=";
    let (status, location, _) = function.post(Some("https://palmcrest.example"), body).await;
    assert_eq!(status, StatusCode::SEE_OTHER);
    assert_eq!(location.as_deref(), Some("/ru/thank-you"));
    let leads = function.leads();
    assert_eq!(leads.len(), 1);
    assert_eq!(leads[0]["name"], "Ivan Petrov");
    assert_eq!(leads[0]["contactNumber"], "+971501234567");
    assert_eq!(leads[0]["lang"], "ru");
}

#[tokio::test]
async fn a_refused_form_lead_comes_back_as_a_page_with_each_message_and_what_was_typed() {
    let function = function();
    let body = "form=detail&lang=en&page=%2Fproperty%2Fx&propertyId=x&name=Aisha&email=aisha&contactNumber=123&message=";
    let (status, location, html) = function.post(Some("https://palmcrest.example"), body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(location, None);
    assert!(html.contains("Invalid email format."), "{html}");
    assert!(html.contains("Phone number must be 10 digits."), "{html}");
    assert!(html.contains("Message is required."), "{html}");
    assert!(html.contains("value=\"Aisha\""), "{html}");
    assert!(html.contains("action=\"/api/contact-user\""), "{html}");
    assert!(function.leads().is_empty());
}

#[tokio::test]
async fn another_site_cannot_post_a_form_in_a_visitor_s_name() {
    let function = function();
    let body = "name=Aisha&email=a%40b.co&contactNumber=%2B971501234567";
    let (status, _, refusal) = function.post(Some("https://elsewhere.example"), body).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let refusal: serde_json::Value = serde_json::from_str(&refusal).expect("JSON, as the API's refusals");
    assert_eq!(refusal["code"], "foreign_origin");
    assert!(function.leads().is_empty());
}
