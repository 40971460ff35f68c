//! `estate serve`'s HTTP layer, over raw TCP on 127.0.0.1 (requests written byte for byte, as
//! no well-behaved client would send some of them), in front of a site made by hand and served
//! with `--no-build`: what the API's paths answer however they are spelt, and which files the
//! CDN never serves.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::repo;
use crate::support::serve::{Server, raw, raw_request};

/// A built site written by hand (no build: `--no-build` serves it as it is), with an outbox.
struct Site {
    root: tempfile::TempDir,
}

impl Site {
    fn new() -> Site {
        let root = tempfile::tempdir().unwrap();
        let files = [
            ("index.html", "<!doctype html><title>Home</title>\n"),
            ("404.html", "<!doctype html><title>Not here</title>\n"),
            ("api/404.json", "{\"error\":\"not found\"}\n"),
            ("api/properties.json", "[]\n"),
        ];
        let site = Site { root };
        for (name, text) in files {
            site.write(name, text);
        }
        site
    }

    /// Writes `text` as the file `name` of the site.
    fn write(&self, name: &str, text: &str) {
        let file = self.dist().join(name);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    }

    fn dist(&self) -> PathBuf {
        self.root.path().join("dist")
    }

    fn outbox(&self) -> PathBuf {
        self.root.path().join("outbox")
    }

    /// `estate serve --no-build` of this site, with the repository's `netlify.toml` and `args`.
    fn serve(&self, args: &[&str]) -> Server {
        let (dist, outbox) = (self.dist(), self.outbox());
        let mut all = vec!["--no-build", "--out", path(&dist), "--outbox", path(&outbox)];
        all.extend_from_slice(args);
        Server::start(repo(), &all)
    }
}

fn path(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The value of the header `name` in `head` (names compared in any case).
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

/// Every answer under the API's path is JSON, whatever the method, and however the path is
/// spelt: only the exact `/api/...` is the API (Netlify's paths are case-sensitive, and `//api/`
/// is another path), so `/API/...` and `//api/...` are the API's misses, in its words.
#[test]
fn every_answer_under_the_api_s_path_is_json_however_it_is_spelt() {
    let site = Site::new();
    let server = site.serve(&[]);
    let address = server.address().to_owned();
    let paths = [
        "//api/contact-user",
        "/API/contact-user",
        "/Api/search-properties",
        "//api/search-properties",
        "/API/properties",
        "/api",
        "/api/%ff",
    ];
    for path in paths {
        for method in ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] {
            let (status, head, body) = raw(&address, method, path);
            let what = format!("{method} {path}: {head}\n{}", String::from_utf8_lossy(&body));
            let bad_path = path.contains('%') && matches!(method, "GET" | "HEAD");
            assert_eq!(status, if bad_path { 400 } else { 404 }, "{what}");
            assert!(
                header(&head, "content-type").is_some_and(|t| t.starts_with("application/json")),
                "{what}"
            );
            if method != "HEAD" {
                let body: Value = serde_json::from_slice(&body).unwrap_or_else(|_| panic!("{what}"));
                assert!(body["error"].is_string(), "{what}");
                if !bad_path {
                    assert_eq!(body, serde_json::json!({"error": "not found"}), "{what}");
                }
            }
        }
    }
    // The API's own paths: the function's refusal of a method, with the methods it allows.
    for path in ["/api/search-properties", "/api/contact-user"] {
        for method in ["PUT", "DELETE", "PATCH", "OPTIONS"] {
            let (status, head, body) = raw(&address, method, path);
            let what = format!("{method} {path}: {head}\n{}", String::from_utf8_lossy(&body));
            assert_eq!(status, 405, "{what}");
            assert_eq!(header(&head, "allow"), Some("POST"), "{what}");
            assert_eq!(header(&head, "content-type"), Some("application/json"), "{what}");
            assert!(serde_json::from_slice::<Value>(&body).is_ok(), "{what}");
        }
    }
    // Elsewhere the static site's answers stay as they were.
    let (status, head, _) = raw(&address, "DELETE", "/index.html");
    assert_eq!(status, 405, "{head}");
    assert_eq!(header(&head, "allow"), Some("GET, HEAD"), "{head}");
    let (status, head, _) = raw(&address, "GET", "/apiary");
    assert_eq!((status, header(&head, "content-type")), (404, Some("text/html; charset=utf-8")), "{head}");
}

/// A lead from a plain HTML form (no JavaScript), from the page at `origin`, sent to the server
/// by the name `host`.
fn form_lead(address: &str, host: &str, origin: &str) -> (u16, String, Vec<u8>) {
    let body = "form=seller&lang=en&page=%2F&name=Ivan+Petrov&email=ivan%40example.ae\
                &contactNumber=%2B971+50+123+4567&message=&propertyType=Villa&propertyArea=&website=";
    raw_request(
        address,
        &format!(
            "POST /api/contact-user HTTP/1.1\r\nHost: {host}\r\nOrigin: {origin}\r\n\
             Content-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\
             Connection: close\r\n\r\n{body}",
            body.len()
        ),
    )
}

/// The server is the same by either of its names, 127.0.0.1 and localhost: a plain form's
/// Origin may name either, whichever name the request was sent to. Another port or site may not.
#[test]
fn a_plain_form_is_accepted_from_the_server_s_own_origins_by_either_name() {
    let site = Site::new();
    let server = site.serve(&[]);
    let address = server.address().to_owned();
    let port = address.rsplit_once(':').unwrap().1.to_owned();
    let (numeric, named) = (format!("127.0.0.1:{port}"), format!("localhost:{port}"));
    for (host, origin) in [
        (&numeric, format!("http://{numeric}")),
        (&named, format!("http://{named}")),
        (&numeric, format!("http://{named}")),
        (&named, format!("http://{numeric}")),
    ] {
        let (status, head, body) = form_lead(&address, host, &origin);
        let what = format!("Host {host}, Origin {origin}: {head}\n{}", String::from_utf8_lossy(&body));
        assert_eq!(status, 303, "{what}");
        assert_eq!(header(&head, "location"), Some("/thank-you"), "{what}");
    }
    let kept = std::fs::read_dir(site.outbox()).unwrap().flatten();
    assert_eq!(kept.filter(|e| e.path().extension().is_some_and(|x| x == "json")).count(), 4);

    for origin in
        [format!("http://localhost:{}", port.parse::<u16>().unwrap() ^ 1), "https://evil.example".into()]
    {
        let (status, head, body) = form_lead(&address, &numeric, &origin);
        let what = format!("Origin {origin}: {head}\n{}", String::from_utf8_lossy(&body));
        assert_eq!(status, 403, "{what}");
        // Under the API, in JSON, as its other refusals.
        assert_eq!(header(&head, "content-type"), Some("application/json"), "{what}");
        let body: Value = serde_json::from_slice(&body).unwrap_or_else(|_| panic!("{what}"));
        assert_eq!(body["code"], "foreign_origin", "{what}");
    }
}

/// `estate serve --no-build` with the admin editor over a copy of the sample content.
struct Editor {
    _site: Site,
    content: tempfile::TempDir,
    _server: Server,
    token: String,
    /// `127.0.0.1:PORT`.
    address: String,
    /// `http://127.0.0.1:PORT`.
    own: String,
}

impl Editor {
    fn start() -> Editor {
        let site = Site::new();
        let content = crate::support::content_copy(&repo().join("content"));
        let mut server = site.serve(&["--content", path(&content.path().join("content"))]);
        let log = server.wait_for_output("the admin link", std::time::Duration::from_secs(30), |log| {
            log.contains("#token=")
        });
        let token = log.split("#token=").nth(1).unwrap().lines().next().unwrap().to_owned();
        let address = server.address().to_owned();
        let own = format!("http://{address}");
        Editor { _site: site, content, _server: server, token, address, own }
    }

    fn content(&self) -> PathBuf {
        self.content.path().join("content")
    }

    /// `LINE` (`POST /_admin/api/properties`) with `body`, as the admin page sends it but with
    /// the `Host` headers `hosts`.
    fn request(&self, line: &str, hosts: &[&str], body: &Value) -> (u16, String, Vec<u8>) {
        let hosts: String = hosts.iter().map(|h| format!("Host: {h}\r\n")).collect();
        let body = body.to_string();
        raw_request(
            &self.address,
            &format!(
                "{line} HTTP/1.1\r\n{hosts}Origin: {}\r\nAuthorization: Bearer {}\r\n\
                 Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                self.own,
                self.token,
                body.len()
            ),
        )
    }

    /// A POST of `body` to the API's `path` (`posts`), as the admin page sends it.
    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let (status, head, answer) =
            self.request(&format!("POST /_admin/api/{path}"), &[&self.address], body);
        let answer = serde_json::from_slice(&answer)
            .unwrap_or_else(|_| panic!("{head}\n{}", String::from_utf8_lossy(&answer)));
        (status, answer)
    }
}

/// The admin's guard reads the host a request is for from where HTTP puts it: a request line in
/// absolute form names it there (and its `Host` header is then ignored, RFC 9112 3.2.2), and a
/// request with two `Host` headers names none. Both are refused, before anything is read or
/// written; a browser sends neither.
#[test]
fn the_admin_refuses_an_absolute_request_line_and_two_host_headers() {
    let editor = Editor::start();
    let (address, own) = (editor.address.clone(), editor.own.clone());
    let body = serde_json::json!({
        "title": "Guarded Townhouse", "value": "3100000", "location": "Town Square",
        "category": "Residential", "type": "Villa", "area": "2400", "bedrooms": "3",
    });
    let written = editor.content().join("properties/guarded-townhouse.yaml");
    let request = |line: &str, hosts: &[&str]| editor.request(line, hosts, &body);
    let cases: [(&str, &[&str]); 6] = [
        ("GET http://evil.example/_admin/api/summary", &[&address]),
        ("POST http://evil.example/_admin/api/properties", &[&address]),
        (&format!("POST {own}/_admin/api/properties"), &[&address]),
        ("POST /_admin/api/properties", &[&address, "evil.example"]),
        ("POST /_admin/api/properties", &["evil.example", &address]),
        ("POST /_admin/api/properties", &[&address, &address]),
    ];
    for (line, hosts) in cases {
        let (status, head, answer) = request(line, hosts);
        let what = format!("{line}, Host {hosts:?}: {head}\n{}", String::from_utf8_lossy(&answer));
        assert_eq!(status, 403, "{what}");
        let answer: Value = serde_json::from_slice(&answer).unwrap_or_else(|_| panic!("{what}"));
        assert_eq!(answer["code"], "forbidden_host", "{what}");
        assert!(!written.exists(), "{what}: written");
    }
    // The admin page's own request is answered.
    let (status, head, answer) = request("POST /_admin/api/properties", &[&address]);
    assert_eq!(status, 201, "{head}\n{}", String::from_utf8_lossy(&answer));
    assert!(written.is_file());
}

/// Each feed with the type of what it is, as netlify.toml has the CDN serve it: the Atom feeds
/// as Atom, the portals' Property Finder feed as plain XML.
#[test]
fn feeds_are_served_as_what_they_are() {
    use contract::files::{PORTAL_FEED, relative};
    use generator::publish::feeds;
    let site = Site::new();
    for feed in feeds::FEEDS {
        site.write(relative(feed.path), "<feed xmlns=\"http://www.w3.org/2005/Atom\"/>\n");
    }
    site.write(relative(PORTAL_FEED), "<list last_update=\"2026-11-23 10:00:00\" listing_count=\"0\"/>\n");
    let server = site.serve(&[]);

    for feed in feeds::FEEDS {
        let answer = server.get(feed.path);
        assert_eq!(answer.status, 200, "{}", feed.path);
        assert_eq!(
            answer.header("content-type"),
            Some("application/atom+xml; charset=utf-8"),
            "{}",
            feed.path
        );
    }
    let portals = server.get(PORTAL_FEED);
    assert_eq!(portals.status, 200);
    assert_eq!(portals.header("content-type"), Some("application/xml; charset=utf-8"));
    assert!(portals.text().starts_with("<list "), "{}", portals.text());
}

/// The CDN's own configuration in the output folder (`_redirects`, which `estate build` writes
/// for the function's proxy, and `_headers`) is read by Netlify, never served.
#[test]
fn netlify_s_own_files_are_never_served() {
    let site = Site::new();
    site.write("_redirects", "/api/contact-user https://fn.example/api/contact-user 200\n");
    site.write("_headers", "/*\n  X-Secret-Rule: 1\n");
    let server = site.serve(&[]);
    for name in ["/_redirects", "/_headers"] {
        let answer = server.get(name);
        assert_eq!(answer.status, 404, "{name}: {}", answer.text());
        assert_eq!(answer.header("content-type"), Some("text/html; charset=utf-8"), "{name}");
        assert!(answer.text().contains("Not here"), "{name}: the site's 404 page, not {}", answer.text());
    }
}

/// A write the content folder refuses because a symbolic link is where the file or its folder
/// goes (estate never writes through one) is the editor's clear refusal, not a server error:
/// 409 `link_in_content`, naming the link under content/ in the form's message the admin page
/// shows beside the form. Nothing is written, inside the folder or where the link points.
#[cfg(unix)]
#[test]
fn an_admin_write_refused_for_a_symbolic_link_is_a_409_that_names_it() {
    use base64::Engine as _;
    use std::os::unix::fs::symlink;
    let editor = Editor::start();
    let content = editor.content();
    let outside = tempfile::tempdir().unwrap();
    // The blog folder is a link to a folder elsewhere; so is the listings' photo folder; and a
    // link to nothing has the new listing's file name.
    std::fs::rename(content.join("blog"), outside.path().join("blog")).unwrap();
    symlink(outside.path().join("blog"), content.join("blog")).unwrap();
    std::fs::create_dir_all(outside.path().join("photos")).unwrap();
    std::fs::remove_dir_all(content.join("media/properties")).unwrap();
    symlink(outside.path().join("photos"), content.join("media/properties")).unwrap();
    symlink(outside.path().join("nothing.yaml"), content.join("properties/linked-villa.yaml")).unwrap();
    let before: Vec<_> =
        walkdir::WalkDir::new(outside.path()).into_iter().map(|e| e.unwrap().into_path()).collect();

    let photo = std::fs::read(repo().join("content/media/default-property.jpg")).unwrap();
    let photo = base64::engine::general_purpose::STANDARD.encode(photo);
    let listing = |title: &str, photo: Option<&str>| {
        let mut form = serde_json::json!({
            "title": title, "value": "3100000", "location": "Town Square",
            "category": "Residential", "type": "Villa", "area": "2400", "bedrooms": "3",
        });
        if let Some(photo) = photo {
            form["photo"] = serde_json::json!({ "name": "villa.jpg", "data": photo });
        }
        form
    };
    let post = serde_json::json!({
        "title": "Linked Post", "description": "A first paragraph.\n\nA second.",
        "image": "/media/blog/family-communities.jpg",
    });
    let cases = [
        ("posts", post, "content/blog"),
        ("properties", listing("Photo Villa", Some(&photo)), "content/media/properties"),
        ("properties", listing("Linked Villa", None), "content/properties/linked-villa.yaml"),
    ];
    for (path, form, link) in cases {
        let (status, answer) = editor.post(path, &form);
        assert_eq!(status, 409, "{path}: {answer}");
        assert_eq!(answer["code"], "link_in_content", "{answer}");
        let message = answer["fields"]["form"].as_str().unwrap_or_else(|| panic!("{answer}"));
        assert!(message.starts_with(&format!("{link} is a symbolic link")), "{answer}");
        assert!(!message.contains(content.to_str().unwrap()), "no absolute path: {answer}");
        assert_eq!(answer["error"], message, "{answer}");
    }
    let after: Vec<_> =
        walkdir::WalkDir::new(outside.path()).into_iter().map(|e| e.unwrap().into_path()).collect();
    assert_eq!(after, before, "nothing written where the links point");
    assert!(!content.join("properties/photo-villa.yaml").exists());
}

/// The map reads its PMTiles basemap in parts, as Netlify's CDN serves them: one byte range per
/// request is answered 206 with `Content-Range` and only those bytes (not compressed, whatever
/// the browser accepts), a range past the end 416, and a request without one the whole file.
#[test]
fn a_file_is_served_in_the_byte_ranges_asked_for() {
    let site = Site::new();
    let bytes: String = (0..4000).map(|i| char::from(b'a' + (i % 26) as u8)).collect();
    site.write("media/map/basemap.pmtiles", &bytes);
    let server = site.serve(&[]);
    let address = server.address().to_owned();
    let ask = |range: &str| {
        raw_request(
            &address,
            &format!(
                "GET /media/map/basemap.pmtiles HTTP/1.1\r\nHost: {address}\r\nRange: {range}\r\nAccept-Encoding: gzip, br\r\nConnection: close\r\n\r\n"
            ),
        )
    };

    let (status, head, body) = ask("bytes=100-199");
    assert_eq!(status, 206, "{head}");
    assert_eq!(header(&head, "content-range"), Some("bytes 100-199/4000"), "{head}");
    assert_eq!(header(&head, "content-encoding"), None, "a part is sent as it is: {head}");
    assert_eq!(body, bytes.as_bytes()[100..200]);

    let (status, head, body) = ask("bytes=3990-");
    assert_eq!((status, header(&head, "content-range")), (206, Some("bytes 3990-3999/4000")), "{head}");
    assert_eq!(body, bytes.as_bytes()[3990..]);

    let (status, head, _) = ask("bytes=4000-4100");
    assert_eq!((status, header(&head, "content-range")), (416, Some("bytes */4000")), "{head}");

    let whole = server.get("/media/map/basemap.pmtiles");
    assert_eq!(whole.status, 200);
    assert_eq!(whole.header("accept-ranges"), Some("bytes"));
    assert_eq!(whole.body, bytes.as_bytes());
}
