//! The admin API through its router, as the admin page and a hostile page would call it, over
//! a copy of the sample content.

use std::collections::BTreeMap;
use std::path::Path;

use axum::body::Body;
use base64::Engine as _;
use tower::ServiceExt as _;

use super::*;
use crate::content::model::MainCategory;
use serde_json::{Value, json};

#[path = "../../../tests/it/support/tree.rs"]
mod tree;

const TOKEN: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const HOST_NAME: &str = "127.0.0.1:8080";
const ORIGIN_OK: &str = "http://127.0.0.1:8080";

/// A copy of the sample content in a temporary folder, with an outbox beside it.
struct Sandbox {
    root: tempfile::TempDir,
    admin: Arc<Admin>,
}

impl Sandbox {
    fn new() -> Sandbox {
        let root = tempfile::tempdir().expect("a temp dir");
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let content = root.path().join("content");
        tree::copy_tree(&repo.join("content"), &content, &[]);
        let admin = Arc::new(Admin::new(
            content,
            root.path().join("outbox"),
            HOST_NAME.parse().expect("an address"),
            TOKEN.to_owned(),
        ));
        Sandbox { root, admin }
    }

    fn content(&self) -> PathBuf {
        self.root.path().join("content")
    }

    /// Every file under the sandbox (content, outbox and anything else) with its bytes.
    fn files(&self) -> BTreeMap<PathBuf, Vec<u8>> {
        walkdir::WalkDir::new(self.root.path())
            .into_iter()
            .flatten()
            .filter(|e| e.file_type().is_file())
            .map(|e| (e.path().to_path_buf(), std::fs::read(e.path()).expect("readable")))
            .collect()
    }

    async fn send(&self, request: axum::http::Request<Body>) -> (StatusCode, Value) {
        let response = router(Arc::clone(&self.admin)).oneshot(request).await.expect("an answer");
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("a body");
        (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
    }

    /// A POST as the admin page sends it, with `change` applied to the headers.
    async fn post(
        &self,
        path: &str,
        body: &Value,
        change: impl FnOnce(&mut HeaderMap),
    ) -> (StatusCode, Value) {
        let mut request = axum::http::Request::builder()
            .method("POST")
            .uri(format!("{API}/{path}"))
            .body(Body::from(body.to_string()))
            .expect("a request");
        let headers = request.headers_mut();
        headers.insert(HOST, HeaderValue::from_static(HOST_NAME));
        headers.insert(ORIGIN, HeaderValue::from_static(ORIGIN_OK));
        headers.insert(AUTHORIZATION, HeaderValue::from_str(&format!("Bearer {TOKEN}")).expect("ascii"));
        headers.insert(CONTENT_TYPE, HeaderValue::from_static("application/json"));
        change(headers);
        self.send(request).await
    }

    async fn get(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        let mut builder = axum::http::Request::builder().uri(format!("{API}/{path}")).header(HOST, HOST_NAME);
        if let Some(token) = token {
            builder = builder.header(AUTHORIZATION, format!("Bearer {token}"));
        }
        self.send(builder.body(Body::empty()).expect("a request")).await
    }
}

fn jpeg_photo() -> Vec<u8> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    std::fs::read(repo.join("content/media/default-property.jpg")).expect("a jpeg")
}

fn photo() -> String {
    base64::engine::general_purpose::STANDARD.encode(jpeg_photo())
}

fn property() -> Value {
    json!({
        "title": "Creek Vista Two-Bedroom Apartment",
        "value": 2150000,
        "location": "Dubai Creek Harbour",
        "category": "Off-Plan",
        "type": "Apartment",
        "area": "1180",
        "bedrooms": "2",
        "photo": { "name": "vista.jpg", "data": photo() },
    })
}

fn post() -> Value {
    json!({
        "title": "What Changed for Buyers This Winter",
        "description": "Three changes matter most.\n\nFirst, the fees.",
        "image": "/media/blog/family-communities.jpg",
    })
}

#[tokio::test]
async fn without_the_right_token_nothing_is_read_or_written() {
    let sandbox = Sandbox::new();
    let before = sandbox.files();
    for (name, header) in [("missing", None), ("wrong", Some("Bearer nope")), ("empty", Some("Bearer "))] {
        let (status, body) = sandbox
            .post("properties", &property(), |h| match header {
                None => {
                    h.remove(AUTHORIZATION);
                }
                Some(value) => {
                    h.insert(AUTHORIZATION, HeaderValue::from_static(value));
                }
            })
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{name}: {body}");
        assert_eq!(body["code"], "unauthorized");
        let (status, _) = sandbox
            .post("posts", &post(), |h| {
                h.remove(AUTHORIZATION);
            })
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(sandbox.get("leads", None).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(sandbox.get("summary", Some("nope")).await.0, StatusCode::UNAUTHORIZED);
    let (status, session) = sandbox.get("session", Some(TOKEN)).await;
    assert_eq!((status, session["authenticated"].clone()), (StatusCode::OK, json!(true)));
    for token in [None, Some("nope")] {
        let (status, session) = sandbox.get("session", token).await;
        assert_eq!((status, session["authenticated"].clone()), (StatusCode::OK, json!(false)));
        assert!(session.get("content").is_none());
    }
    assert_eq!(sandbox.files(), before, "nothing was written");
}

#[tokio::test]
async fn another_origin_or_host_is_refused_and_nothing_is_written() {
    let sandbox = Sandbox::new();
    let before = sandbox.files();
    type Change = fn(&mut HeaderMap);
    let cases: [(&str, Change); 5] = [
        ("foreign origin", |h| {
            h.insert(ORIGIN, HeaderValue::from_static("https://evil.example"));
        }),
        ("another port", |h| {
            h.insert(ORIGIN, HeaderValue::from_static("http://127.0.0.1:9999"));
        }),
        ("null origin", |h| {
            h.insert(ORIGIN, HeaderValue::from_static("null"));
        }),
        ("no origin", |h| {
            h.remove(ORIGIN);
        }),
        ("rebinding host", |h| {
            h.insert(HOST, HeaderValue::from_static("evil.example:8080"));
        }),
    ];
    for (name, change) in cases {
        for (path, body) in [("properties", property()), ("posts", post())] {
            let (status, answer) = sandbox.post(path, &body, change).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{name} {path}: {answer}");
            assert!(answer["code"].as_str().unwrap_or("").starts_with("forbidden_"), "{answer}");
        }
    }
    assert_eq!(sandbox.files(), before, "nothing was written");
}

#[tokio::test]
async fn paths_outside_content_are_refused() {
    let sandbox = Sandbox::new();
    let before = sandbox.files();
    let mut reserved = property();
    reserved["id"] = json!("category-rent");
    let (status, answer) = sandbox.post("properties", &reserved, |_| {}).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["fields"]["id"].as_str().unwrap_or("").contains("reserved"), "{answer}");
    for id in ["../x", "../../etc/passwd", "/tmp/x", "a/b", "X", "a..b", ".hidden", "x\\y"] {
        let mut body = property();
        body["id"] = json!(id);
        let (status, answer) = sandbox.post("properties", &body, |_| {}).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{id}: {answer}");
        assert!(answer["fields"]["id"].is_string(), "{id}: {answer}");
        let mut body = post();
        body["id"] = json!(id);
        let (status, answer) = sandbox.post("posts", &body, |_| {}).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{id}: {answer}");
    }
    for image in ["../x.jpg", "../../outside.jpg", "/media/../../x.jpg"] {
        let mut body = post();
        body["image"] = json!(image);
        let (status, answer) = sandbox.post("posts", &body, |_| {}).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{image}: {answer}");
        assert!(answer["fields"]["image"].as_str().unwrap_or("").contains("inside content/"), "{answer}");
    }
    // A lead id is never a path either.
    assert_eq!(sandbox.get("leads/..%2F..%2Fx", Some(TOKEN)).await.0, StatusCode::BAD_REQUEST);
    assert_eq!(sandbox.files(), before, "nothing was written");
}

#[tokio::test]
async fn uploads_must_be_small_images() {
    let sandbox = Sandbox::new();
    let before = sandbox.files();
    let engine = base64::engine::general_purpose::STANDARD;
    let mut big = vec![0xFF, 0xD8, 0xFF, 0xE0];
    big.resize(MAX_PHOTO + 1, 0);
    let cases = [
        ("oversize jpeg", engine.encode(&big), "larger than 5 MB"),
        ("svg", engine.encode(b"<svg xmlns='http://www.w3.org/2000/svg'/>"), "JPEG, PNG or WebP"),
        ("html named .jpg", engine.encode(b"<html><script>alert(1)</script>"), "JPEG, PNG or WebP"),
        ("gif", engine.encode(b"GIF89a\x01\x00\x01\x00"), "JPEG, PNG or WebP"),
        ("not base64", "%%%".to_owned(), "could not be read"),
        // The probe's case: a JPEG's first bytes, then a web page.
        (
            "jpeg header then html",
            engine.encode(b"\xFF\xD8\xFF\xE0\0\x10JFIF\0<html><script>alert(1)</script>"),
            "could not be read",
        ),
        ("truncated jpeg", engine.encode(&jpeg_photo()[..2000]), "could not be read"),
    ];
    for (name, data, message) in cases {
        let mut body = property();
        body["photo"] = json!({ "name": "photo.jpg", "data": data });
        let (status, answer) = sandbox.post("properties", &body, |_| {}).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name}: {answer}");
        let said = answer["fields"]["photo"].as_str().unwrap_or("");
        assert!(said.contains(message), "{name}: {answer}");
    }
    // A body past the limit is refused before it is read whole, and so is one not JSON.
    let huge = json!({ "title": "x", "photo": { "data": "A".repeat(MAX_BODY) } });
    assert_eq!(sandbox.post("properties", &huge, |_| {}).await.0, StatusCode::PAYLOAD_TOO_LARGE);
    let (status, _) = sandbox
        .post("properties", &property(), |h| {
            h.insert(CONTENT_TYPE, HeaderValue::from_static("multipart/form-data; boundary=x"));
        })
        .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(sandbox.files(), before, "nothing was written");
}

#[tokio::test]
async fn an_existing_file_is_never_overwritten() {
    let sandbox = Sandbox::new();
    let before = sandbox.files();
    let mut body = property();
    // content/properties/marina-gate-two-bedroom-sea-view.yaml exists.
    body["title"] = json!("Marina Gate Two Bedroom Sea View");
    let (status, answer) = sandbox.post("properties", &body, |_| {}).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert!(answer["fields"]["title"].as_str().unwrap_or("").contains("already exists"), "{answer}");
    // A .md listing counts too (palm-jumeirah-garden-home-villa.md).
    body["title"] = json!("Palm Jumeirah Garden Home Villa");
    assert_eq!(sandbox.post("properties", &body, |_| {}).await.0, StatusCode::CONFLICT);
    let mut body = post();
    body["title"] = json!("Mortgage Guide for Expats in Dubai");
    let (status, answer) = sandbox.post("posts", &body, |_| {}).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    assert_eq!(sandbox.files(), before, "nothing was written");
    // Written once, refused the second time, and the first file stays as it was.
    assert_eq!(sandbox.post("posts", &post(), |_| {}).await.0, StatusCode::CREATED);
    let written = sandbox.content().join("blog/what-changed-for-buyers-this-winter.md");
    let first = std::fs::read(&written).expect("written");
    let mut again = post();
    again["description"] = json!("Another text.");
    assert_eq!(sandbox.post("posts", &again, |_| {}).await.0, StatusCode::CONFLICT);
    assert_eq!(std::fs::read(&written).expect("still there"), first);
}

#[tokio::test]
async fn the_validators_messages_come_back_per_field() {
    let sandbox = Sandbox::new();
    let before = sandbox.files();
    let mut body = property();
    body["title"] = json!("");
    body["value"] = json!("-5");
    body["bedrooms"] = json!("two");
    body["area"] = json!("1.5");
    body["type"] = json!("Castle");
    body["category"] = json!("Seaside");
    let (status, answer) = sandbox.post("properties", &body, |_| {}).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    let fields = &answer["fields"];
    for field in ["value", "bedrooms", "area", "type", "category"] {
        assert!(fields[field].is_string(), "{field}: {answer}");
    }
    // The empty title too, although the values stopped the first check.
    assert_eq!(fields["title"], "`title` is empty", "{answer}");
    assert!(fields["value"].as_str().unwrap_or("").contains("`price`"), "{answer}");
    let mut body = property();
    body["title"] = json!("   ");
    let (status, answer) = sandbox.post("properties", &body, |_| {}).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert_eq!(answer["fields"]["title"], "`title` is empty", "{answer}");
    let mut body = post();
    body["image"] = json!("media/blog/nope.jpg");
    // A link to no page of the site (one to a listing sold or deleted since is only a warning).
    body["description"] = json!("See [our services](/no-such-page).");
    let (status, answer) = sandbox.post("posts", &body, |_| {}).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{answer}");
    assert!(answer["fields"]["image"].as_str().unwrap_or("").starts_with("image not found"), "{answer}");
    assert!(answer["fields"]["description"].is_string(), "the dead link: {answer}");
    assert_eq!(sandbox.files(), before, "nothing was written");
}

#[tokio::test]
async fn a_valid_property_and_post_are_written_and_pass_estate_check() {
    let sandbox = Sandbox::new();
    let (status, answer) = sandbox.post("properties", &property(), |_| {}).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(answer["id"], "creek-vista-two-bedroom-apartment");
    assert_eq!(answer["url"], "/property/creek-vista-two-bedroom-apartment");
    assert_eq!(
        answer["files"],
        json!([
            "media/properties/creek-vista-two-bedroom-apartment.jpg",
            "properties/creek-vista-two-bedroom-apartment.yaml"
        ])
    );
    let text =
        std::fs::read_to_string(sandbox.content().join("properties/creek-vista-two-bedroom-apartment.yaml"))
            .expect("the listing");
    for line in [
        "# yaml-language-server: $schema=../schema/property.json",
        "title: Creek Vista Two-Bedroom Apartment",
        "mainCategory: OffPlan",
        "subCategory: Apartment",
        "status: available",
        "price: 2150000",
        // The one stored form, the browser CMS's, whose media library finds the photo used.
        "images: [/media/properties/creek-vista-two-bedroom-apartment.jpg]",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
    let photo =
        std::fs::read(sandbox.content().join("media/properties/creek-vista-two-bedroom-apartment.jpg"))
            .expect("the photo");
    assert_eq!(raster::photo_extension(&photo), Some("jpg"));
    // Stored decoded and encoded anew: the same picture, not the uploaded bytes.
    assert_ne!(photo, jpeg_photo());
    let (stored, sent) = (raster::decode(&photo).unwrap(), raster::decode(&jpeg_photo()).unwrap());
    assert_eq!(stored.dimensions(), sent.dimensions());

    // The image typed without its leading slash is stored as `/media/…` all the same.
    let mut body = post();
    body["image"] = json!("media/blog/family-communities.jpg");
    let (status, answer) = sandbox.post("posts", &body, |_| {}).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    assert_eq!(
        answer["url"],
        "/blog/what-changed-for-buyers-this-winter/what-changed-for-buyers-this-winter"
    );
    let text = std::fs::read_to_string(sandbox.content().join("blog/what-changed-for-buyers-this-winter.md"))
        .expect("the post");
    assert!(text.starts_with("---\ntitle: What Changed for Buyers This Winter\n"), "{text}");
    assert!(text.ends_with("---\nThree changes matter most.\n\nFirst, the fees.\n"), "{text}");
    assert!(text.contains("\nimages: [/media/blog/family-communities.jpg] "), "{text}");

    // What `estate check` runs: no error anywhere, and both records are there.
    let (content, report) = crate::check::content(&sandbox.content());
    assert_eq!(report.errors(), 0, "{}", report.render());
    assert!(content.properties.iter().any(|p| p.id == "creek-vista-two-bedroom-apartment"));
    assert!(content.posts.iter().any(|p| p.id == "what-changed-for-buyers-this-winter"));
    // No temporary file stays behind.
    assert!(sandbox.files().keys().all(|p| !p.to_string_lossy().ends_with(".tmp")));

    let (status, summary) = sandbox.get("summary", Some(TOKEN)).await;
    assert_eq!(status, StatusCode::OK);
    let off_plan = content.published().filter(|p| p.data.main_category == MainCategory::OffPlan).count();
    assert_eq!(summary["categories"]["OffPlan"], json!(off_plan));
    assert_eq!(summary["posts"], json!(content.posts.len()));
}

#[tokio::test]
async fn leads_come_from_the_outbox_newest_first_five_a_page() {
    let sandbox = Sandbox::new();
    let outbox = sandbox.root.path().join("outbox");
    std::fs::create_dir_all(&outbox).expect("the outbox");
    for i in 0..7 {
        let id = format!("20261122T1000{i:02}000Z-00000000000000{i:02}");
        let lead = json!({
            "id": id, "receivedAt": "2026-11-22T10:00:00.000Z", "form": "contact", "lang": "en",
            "name": format!("Person {i}"), "email": format!("p{i}@example.com"),
            "contactNumber": "+971501234567", "message": "Hello",
        });
        std::fs::write(outbox.join(format!("{id}.json")), lead.to_string()).expect("a lead");
    }
    std::fs::write(outbox.join("broken.json"), "{").expect("a broken file");
    let (status, page) = sandbox.get("leads", Some(TOKEN)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!((page["total"].clone(), page["pages"].clone()), (json!(7), json!(2)));
    let names: Vec<&str> =
        page["leads"].as_array().expect("leads").iter().filter_map(|l| l["name"].as_str()).collect();
    assert_eq!(names, ["Person 6", "Person 5", "Person 4", "Person 3", "Person 2"]);
    assert_eq!(page["leads"][0]["number"], 7);
    let (_, second) = sandbox.get("leads?page=2", Some(TOKEN)).await;
    assert_eq!(second["leads"].as_array().map(Vec::len), Some(2));
    let id = page["leads"][0]["id"].as_str().expect("an id");
    let (status, one) = sandbox.get(&format!("leads/{id}"), Some(TOKEN)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(one["lead"]["message"], "Hello");
    assert_eq!(sandbox.get("leads/nope", Some(TOKEN)).await.0, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn a_wrong_method_or_query_is_answered_in_json() {
    let sandbox = Sandbox::new();
    let request = |method: &str, uri: &str| {
        let mut request =
            axum::http::Request::builder().method(method).uri(uri).body(Body::empty()).expect("a request");
        request.headers_mut().insert(HOST, HeaderValue::from_static(HOST_NAME));
        request
            .headers_mut()
            .insert(AUTHORIZATION, HeaderValue::from_str(&format!("Bearer {TOKEN}")).unwrap());
        request
    };
    for (method, uri, status, code) in [
        ("DELETE", format!("{API}/leads"), StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
        ("PUT", format!("{API}/properties"), StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
        ("GET", format!("{API}/leads?page=x"), StatusCode::BAD_REQUEST, "malformed"),
        ("GET", format!("{API}/leads?page=-1"), StatusCode::BAD_REQUEST, "malformed"),
    ] {
        let response =
            router(Arc::clone(&sandbox.admin)).oneshot(request(method, &uri)).await.expect("an answer");
        assert_eq!(response.status(), status, "{method} {uri}");
        let headers = response.headers().clone();
        assert_eq!(headers[CONTENT_TYPE], "application/json; charset=utf-8", "{method} {uri}");
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 16).await.expect("a body");
        let body: Value = serde_json::from_slice(&bytes).expect("JSON");
        assert_eq!((body["ok"].as_bool(), body["code"].as_str()), (Some(false), Some(code)), "{body}");
        assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()), "{body}");
        if status == StatusCode::METHOD_NOT_ALLOWED {
            let allow = headers[axum::http::header::ALLOW].to_str().expect("text").to_owned();
            let takes = allow.split(',').next().expect("a method").trim().to_owned();
            assert!(body["error"].as_str().unwrap().ends_with(&format!("it takes {takes}.")), "{body}");
        }
    }
}

#[test]
fn tokens_are_long_random_and_compared_whole() {
    let (a, b) = (new_token(), new_token());
    assert_eq!(a.len(), 64);
    assert_ne!(a, b);
    assert!(same(b"abc", b"abc"));
    assert!(!same(b"abc", b"abd"));
    assert!(!same(b"abc", b"abcd"));
}
