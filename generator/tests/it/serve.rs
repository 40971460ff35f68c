//! `estate serve` over real HTTP on 127.0.0.1: the built site answered through the rules of
//! `netlify.toml`, the lead function mounted for POST requests, and rebuilds on changes.

use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::support::serve::{Reply, Server, agent, raw};
use crate::support::{Run, content_copy, estate_command, repo, run};
use serde_json::Value;

/// `estate serve --content-only` in `root` (its `content/`, built to `dist/`), with the
/// repository's CDN rules.
fn serve_content_only(root: &Path) -> Server {
    let netlify = repo().join("netlify.toml");
    Server::start(root, &["--content-only", "--out", "dist", "--netlify", netlify.to_str().unwrap()])
}

fn published(out: &Path) -> Vec<Value> {
    let text = std::fs::read(out.join("api/properties.json")).unwrap();
    serde_json::from_slice::<Value>(&text).unwrap().as_array().unwrap().clone()
}

/// A published listing written as YAML, whose title a test can change.
fn yaml_listing(content: &Path, out: &Path) -> (String, PathBuf) {
    published(out)
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_owned())
        .map(|id| {
            let file = content.join("properties").join(format!("{id}.yaml"));
            (id, file)
        })
        .find(|(_, file)| {
            std::fs::read_to_string(file).is_ok_and(|t| t.lines().any(|l| l.starts_with("title:")))
        })
        .expect("a published YAML listing")
}

fn retitle(file: &Path, title: &str) {
    let text = std::fs::read_to_string(file).unwrap();
    let text: Vec<String> = text
        .lines()
        .map(|l| if l.starts_with("title:") { format!("title: \"{title}\"") } else { l.to_owned() })
        .collect();
    std::fs::write(file, text.join("\n") + "\n").unwrap();
}

/// Polls `path` until `done` holds for its answer; panics after `limit`.
fn poll(server: &mut Server, path: &str, limit: Duration, done: impl Fn(&Reply) -> bool) -> Reply {
    let started = Instant::now();
    loop {
        let reply = server.get(path);
        if done(&reply) {
            return reply;
        }
        assert!(
            started.elapsed() < limit,
            "{path} did not change in {limit:?}; last answer {} {}\n{}",
            reply.status,
            reply.text(),
            server.log()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn serves_the_built_site_as_netlify_would() {
    let repo = repo();
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("dist");
    // Beside the output folder: no request may reach it.
    std::fs::write(root.path().join("secret.txt"), "top secret").unwrap();
    let outbox = root.path().join("outbox");
    let mut server = Server::start(
        repo,
        &[
            "--content-only",
            "--no-watch",
            "--out",
            out.to_str().unwrap(),
            "--outbox",
            outbox.to_str().unwrap(),
        ],
    );

    // A local server has no use for the notes of a build for Netlify, and the sample content
    // has nothing to warn about.
    let log = server.log();
    assert!(!log.contains("LEAD_FUNCTION_URL") && !log.contains("note:"), "{log}");
    assert!(!log.contains("warning"), "{log}");

    // The full list, byte for byte the file, with the /api/* and /* headers of netlify.toml.
    let list = server.get("/api/properties");
    assert_eq!(list.status, 200);
    assert_eq!(list.header("content-type"), Some("application/json; charset=utf-8"));
    assert_eq!(list.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(list.header("access-control-allow-origin"), Some("*"));
    assert_eq!(
        list.json(),
        serde_json::from_slice::<Value>(&std::fs::read(out.join("api/properties.json")).unwrap()).unwrap()
    );
    let records = published(&out);
    assert!(records.len() > 10, "{}", records.len());
    // Query strings do not change the answer.
    assert_eq!(server.get("/api/properties?page=2&sort=price").body, list.body);

    // One record, and the categories.
    let record = &records[0];
    let id = record["id"].as_str().unwrap();
    let one = server.get(&format!("/api/properties/{id}"));
    assert_eq!(one.status, 200);
    assert_eq!(one.header("content-type"), Some("application/json; charset=utf-8"));
    assert_eq!(&one.json(), record);
    let rent = server.get("/api/properties/category-rent/rent");
    assert_eq!(rent.status, 200);
    assert!(rent.json().as_array().unwrap().iter().all(|p| p["mainCategory"] == "Rental"));

    // Missing and unpublished listings are not found, and so is any other path under /api/:
    // in JSON, as the lead function answers its misses, never the site's HTML page (still with
    // the CDN's security headers).
    for path in ["/api/properties/no-such-id", "/api/nonsense", "/api/blogs/no-such-post", "/api/a/b/c"] {
        let missing = server.get(path);
        assert_eq!(missing.status, 404, "{path}");
        assert_eq!(missing.header("content-type"), Some("application/json; charset=utf-8"), "{path}");
        assert_eq!(missing.json(), serde_json::json!({"error": "not found"}), "{path}");
        assert_eq!(missing.header("x-content-type-options"), Some("nosniff"));
    }
    let ids: Vec<&str> = records.iter().map(|p| p["id"].as_str().unwrap()).collect();
    let unpublished = std::fs::read_dir(repo.join("content/properties"))
        .unwrap()
        .filter_map(|e| e.unwrap().path().file_stem().map(|s| s.to_string_lossy().into_owned()))
        .find(|stem| !ids.contains(&stem.as_str()))
        .expect("the sample content has unpublished listings");
    assert_eq!(server.get(&format!("/api/properties/{unpublished}")).status, 404, "{unpublished}");

    // Media: a photo is published as the image stage's largest variant (re-encoded, metadata
    // stripped), a JPEG at the same URL.
    let image = server.get("/media/default-property.jpg");
    assert_eq!(image.status, 200);
    assert_eq!(image.header("content-type"), Some("image/jpeg"));
    assert!(image.body.starts_with(&[0xff, 0xd8]), "not a JPEG");
    assert_eq!(image.header("cache-control"), Some("public, max-age=604800"));

    // HEAD: the same head, no body.
    let (status, head, body) = raw(server.address(), "HEAD", "/api/properties");
    assert_eq!(status, 200, "{head}");
    assert!(head.to_ascii_lowercase().contains(&format!("content-length: {}", list.body.len())), "{head}");
    assert!(head.to_ascii_lowercase().contains("x-content-type-options: nosniff"), "{head}");
    assert!(body.is_empty());

    // Other methods under /api/ go to the lead function: a lead lands in the outbox, as a
    // record and as the agents' email, and names the property it came from.
    let post = |path: &str, body: &str| {
        Reply::from(
            agent()
                .post(format!("{}{path}", server.url))
                .header("content-type", "application/json")
                .send(body.to_owned())
                .unwrap(),
        )
    };
    let invalid = post("/api/contact-user", r#"{"name":"Test"}"#);
    assert_eq!(invalid.status, 422, "{}", invalid.text());
    assert_eq!(invalid.json()["fields"]["email"], "Email is required.");
    assert_eq!(invalid.header("x-content-type-options"), Some("nosniff"));
    let lead = serde_json::json!({
        "name": "Aisha Khan", "email": "aisha@example.com", "contactNumber": "0501234567",
        "message": "Is it still available?", "form": "detail", "propertyId": id,
        "page": format!("/property/{id}")
    });
    let sent = post("/api/contact-user", &lead.to_string());
    assert_eq!(sent.status, 200, "{}", sent.text());
    assert_eq!(sent.header("content-type"), Some("application/json"));
    let lead_id = sent.json()["id"].as_str().unwrap().to_owned();
    let kept: Value =
        serde_json::from_slice(&std::fs::read(outbox.join(format!("{lead_id}.json"))).unwrap()).unwrap();
    assert_eq!(kept["name"], "Aisha Khan");
    assert_eq!(kept["form"], "detail");
    assert_eq!(kept["property"]["title"], record["title"]);
    assert_eq!(kept["property"]["url"], format!("{}/property/{id}", server.url));
    let eml = String::from_utf8(std::fs::read(outbox.join(format!("{lead_id}.eml"))).unwrap()).unwrap();
    assert!(eml.contains("Reply-To: "), "{eml}");
    assert!(eml.contains("aisha@example.com"), "{eml}");
    let search = post("/api/search-properties", r#"{"query":""}"#);
    assert_eq!(search.status, 200);
    // One page of them, and how many there are.
    let first_page = records.len().min(contract::endpoints::SEARCH_DEFAULT_LIMIT);
    assert_eq!(search.json().as_array().unwrap().len(), first_page);
    assert_eq!(search.header("x-total-count"), Some(records.len().to_string().as_str()));
    let unknown = post("/api/no-such-endpoint", "{}");
    assert_eq!(unknown.status, 404);
    assert_eq!(unknown.json(), serde_json::json!({"error": "not found"}));
    let (status, _, _) = raw(server.address(), "DELETE", "/media/default-property.jpg");
    assert_eq!(status, 405);

    // No path leaves the output folder, however it is spelt.
    for path in [
        "/../secret.txt",
        "/media/../../secret.txt",
        "/%2e%2e/secret.txt",
        "/media/..%2f..%2fsecret.txt",
        "/api/properties/..%2f..%2f..%2fsecret.txt",
        "/..%5csecret.txt",
    ] {
        let (status, head, body) = raw(server.address(), "GET", path);
        assert!(status == 400 || status == 404, "{path}: {head}");
        assert!(!String::from_utf8_lossy(&body).contains("top secret"), "{path}");
    }

    // SIGTERM (and Ctrl-C) stop it cleanly.
    let status = Command::new("kill").args(["-TERM", &server.child.id().to_string()]).status().unwrap();
    assert!(status.success());
    let started = Instant::now();
    let exit = loop {
        if let Some(exit) = server.child.try_wait().unwrap() {
            break exit;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "still running after SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(exit.success(), "{exit}\n{}", server.log());
    server.wait_for_output("the last line", Duration::from_secs(5), |log| {
        log.contains("estate serve: stopping")
    });
}

#[test]
fn a_content_error_stops_it_before_serving() {
    let root = content_copy(&repo().join("content"));
    let content = root.path().join("content");
    // A record the checks refuse is held back (publishing per record); the agency's settings are
    // no record: the site cannot be built without them.
    std::fs::write(content.join("site.yaml"), "title: [\n").unwrap();
    let Run { code, stdout, stderr } = run(estate_command(root.path())
        .args(["serve", "--content-only", "--no-watch", "--port", "0", "--out", "dist"])
        .arg("--netlify")
        .arg(repo().join("netlify.toml")));
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("content/site.yaml:1:"), "{stderr}");
    assert!(stderr.contains("estate serve: stopped, the content has 1 error"), "{stderr}");
    assert!(!stdout.contains("http://"));
}

#[test]
fn no_build_serves_the_output_folder_as_it_is_and_refuses_one_without_a_site() {
    let root = tempfile::tempdir().unwrap();
    let empty = root.path().join("empty");
    let Run { code, stderr, .. } =
        run(estate_command(repo()).args(["serve", "--no-build", "--port", "0", "--out"]).arg(&empty));
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("holds no built site: build it first with `estate build --out"), "{stderr}");

    // What a build wrote (here a page made by hand): served with the CDN's rules, not rebuilt.
    let out = root.path().join("dist");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("index.html"), "<!doctype html><title>made before</title>\n").unwrap();
    let server = Server::start(repo(), &["--no-build", "--out", out.to_str().unwrap()]);
    let home = server.get("/");
    assert_eq!(home.status, 200);
    assert!(home.text().contains("made before"), "{}", home.text());
    let log = server.log();
    assert!(!log.contains("published") && !log.contains("prerender"), "nothing was built:\n{log}");
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 1, "nothing was written");
}

#[test]
fn a_port_in_use_fails_at_once_with_a_hint_and_builds_nothing() {
    // Held for the whole test: estate serve must not get it.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let root = tempfile::tempdir().unwrap();
    let out = root.path().join("dist");
    let started = Instant::now();
    // The whole site, pages and all: a build would take many seconds and write dist/.
    let output = Command::new(env!("CARGO_BIN_EXE_estate"))
        .args(["serve", "--no-watch", "--port", &port, "--out"])
        .arg(&out)
        .current_dir(repo())
        .output()
        .unwrap();
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&output.stderr);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(2), "{stdout}{stderr}");
    assert!(stderr.starts_with(&format!("error: cannot listen on 127.0.0.1:{port}: ")), "{stderr}");
    let hint = stderr.lines().nth(1).unwrap_or_default();
    assert!(hint.starts_with("hint: another program"), "{stderr}");
    assert!(hint.contains("another port with --port 8081, or --port 0 for any free one"), "{stderr}");
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
    assert!(stdout.is_empty(), "nothing built, nothing announced: {stdout}");
    assert!(!out.exists(), "nothing written");
    assert!(took < Duration::from_secs(3), "took {took:?}");
    drop(taken);
}

#[test]
fn rebuilds_on_content_changes_and_tells_browsers() {
    let root = content_copy(&repo().join("content"));
    let (content, out) = (root.path().join("content"), root.path().join("dist"));
    let mut server = serve_content_only(root.path());
    let (id, file) = yaml_listing(&content, &out);

    // Listen for reloads as a browser would, before changing anything.
    let events = agent().get(format!("{}/__estate/reload", server.url)).call().unwrap();
    assert_eq!(events.headers().get("content-type").unwrap(), "text/event-stream");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(events.into_body().into_reader()).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });

    retitle(&file, "Renamed While Serving");
    let path = format!("/api/properties/{id}");
    let renamed =
        poll(&mut server, &path, Duration::from_secs(10), |r| r.json()["title"] == "Renamed While Serving");
    assert_eq!(renamed.status, 200);
    let started = Instant::now();
    loop {
        let line = rx.recv_timeout(Duration::from_secs(10)).expect("a reload event");
        if line.starts_with("data:") {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "no reload event");
    }
    server.wait_for_output("the rebuild line", Duration::from_secs(5), |log| {
        log.contains("rebuilt after a change to the content")
    });

    // A record's mistake is reported and that record held back, the rest published.
    std::fs::write(content.join("properties/broken.yaml"), "title: [\n").unwrap();
    let log = server.wait_for_output("the record held back", Duration::from_secs(10), |log| {
        log.contains("not published: ")
            && log.contains("broken.yaml (it is left out of the site until it is fixed)")
    });
    assert!(log.contains("broken.yaml:1:"), "{log}");
    assert_eq!(server.get(&path).json()["title"], "Renamed While Serving");
    // A mistake outside the records is reported, and the last good build stays served.
    let site = std::fs::read_to_string(content.join("site.yaml")).unwrap();
    std::fs::write(content.join("site.yaml"), format!("{site}\nmenu: [\n")).unwrap();
    let log = server.wait_for_output("the failed rebuild", Duration::from_secs(10), |log| {
        log.contains("still serving the last good build")
    });
    assert!(log.contains("site.yaml:"), "{log}");
    assert_eq!(server.get(&path).json()["title"], "Renamed While Serving");
}

#[test]
fn quick_successive_saves_end_in_a_build_of_the_last_one() {
    let root = content_copy(&repo().join("content"));
    let (content, out) = (root.path().join("content"), root.path().join("dist"));
    let mut server = serve_content_only(root.path());
    let (id, file) = yaml_listing(&content, &out);
    // Saves closer together than the watcher's wait, and some a little further apart (a
    // rebuild may start between them and read a file half written): the last one wins.
    for (i, pause) in [0, 3, 15, 30, 1, 45, 0].into_iter().enumerate() {
        retitle(&file, &format!("Saved {i}"));
        std::thread::sleep(Duration::from_millis(pause));
    }
    let path = format!("/api/properties/{id}");
    poll(&mut server, &path, Duration::from_secs(20), |r| r.status == 200 && r.json()["title"] == "Saved 6");
    // And stays so: no rebuild of an earlier state comes after.
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(server.get(&path).json()["title"], "Saved 6", "{}", server.log());
}

/// A stand-in for the React front end: `vite` and the prerender are tiny scripts that log each
/// run, so the test sees which stages a change reruns.
fn fake_site(dir: &Path) {
    std::fs::create_dir_all(dir.join("node_modules/.bin")).unwrap();
    std::fs::create_dir_all(dir.join("scripts")).unwrap();
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("package.json"), "{}\n").unwrap();
    std::fs::write(dir.join("index.html"), "<!doctype html>\n").unwrap();
    std::fs::write(dir.join("src/version.txt"), "v1\n").unwrap();
    let vite = dir.join("node_modules/.bin/vite");
    std::fs::write(&vite, "#!/bin/sh\necho vite >> build.log\nmkdir -p .ssr && : > .ssr/entry-server.js\n")
        .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&vite, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    std::fs::write(
        dir.join("scripts/prerender.mjs"),
        r#"import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
// Writes the pages into `dist`; false when one cannot be rendered.
function render(dist) {
  appendFileSync('build.log', 'prerender\n');
  // As the site's pages, from the page data (the API's lists are written while pages render).
  const [first] = JSON.parse(readFileSync(`${dist}/data/listings/all.json`, 'utf8')).first;
  const version = readFileSync('src/version.txt', 'utf8').trim();
  writeFileSync(`${dist}/index.html`, `<html><body><h1>${first.title}</h1><p>${version}</p></body></html>`);
  writeFileSync(`${dist}/404.html`, '<html><body><h1>Not here</h1></body></html>');
  // A page that cannot be rendered, found after others were written.
  return !first.title.includes('Unrenderable');
}
if (!render(process.argv[process.argv.indexOf('--dist') + 1])) {
  console.error('prerender: 1 page(s) failed');
  process.exit(1);
}
// --serve: estate serve's warm prerender, one answer line per request line.
if (process.argv.includes('--serve')) {
  console.log(JSON.stringify({ ready: true }));
  for await (const line of createInterface({ input: process.stdin })) {
    const ok = render(JSON.parse(line).dist);
    console.log(JSON.stringify({ ok, failures: ok ? [] : ['/: cannot be rendered'], written: { rendered: ['index.html', '404.html'], copied: [] } }));
  }
}
"#,
    )
    .unwrap();
}

#[test]
fn content_changes_prerender_and_site_changes_rebuild_the_pages() {
    let root = content_copy(&repo().join("content"));
    let content = root.path().join("content");
    let site = root.path().join("site");
    fake_site(&site);
    let netlify = repo().join("netlify.toml");
    let mut server = Server::start(root.path(), &["--netlify", netlify.to_str().unwrap()]);
    let runs = || std::fs::read_to_string(site.join("build.log")).unwrap();
    assert_eq!(runs(), "vite\nvite\nprerender\n");

    // Pages are HTML with the reload script; unknown paths get the site's 404 page.
    let home = server.get("/");
    assert_eq!(home.status, 200);
    assert_eq!(home.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(home.text().ends_with("<p>v1</p><script src=\"/__estate/reload.js\"></script></body></html>"));
    let script = server.get("/__estate/reload.js");
    assert!(script.text().contains("new EventSource('/__estate/reload')"), "{}", script.text());
    let missing = server.get("/no/such/page");
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("content-type"), Some("text/html; charset=utf-8"));
    assert!(missing.text().contains("Not here"));

    // The newest listing's title changes: the content stage and the prerender run, not Vite.
    let out = root.path().join("dist");
    let newest = published(&out)[0]["id"].as_str().unwrap().to_owned();
    let file = content.join("properties").join(format!("{newest}.yaml"));
    assert!(file.is_file(), "the newest sample listing is YAML");
    retitle(&file, "Fresh Title");
    poll(&mut server, "/", Duration::from_secs(20), |r| r.text().contains("<h1>Fresh Title</h1>"));
    server.wait_for_output("the rebuild line", Duration::from_secs(5), |log| log.contains("pages in"));
    // Once, into the spare copy, served once built; then the output folder catches up by copying.
    // The copy comes after the prerender's run is logged: wait for the page itself (under load
    // the check of the page raced the copy).
    let after_content = "vite\nvite\nprerender\nprerender\n";
    let home_page = || std::fs::read_to_string(out.join("index.html")).unwrap_or_default();
    wait_until("the output folder caught up", || home_page().contains("<h1>Fresh Title</h1>"), home_page);
    assert_eq!(runs(), after_content);

    // The front end's source changes: the whole site stage runs again, and a new prerender.
    std::fs::write(site.join("src/version.txt"), "v2\n").unwrap();
    poll(&mut server, "/", Duration::from_secs(20), |r| r.text().contains("<p>v2</p>"));
    let after_site = format!("{after_content}vite\nvite\nprerender\n");
    wait_until("the site rebuilt", || runs() == after_site, runs);
    let log = server.wait_for_output("the output folder caught up", Duration::from_secs(20), |log| {
        log.matches("is up to date too").count() == 2
    });
    assert!(!log.contains("BUG"), "{log}");
    assert!(std::fs::read_to_string(out.join("index.html")).unwrap().contains("<p>v2</p>"));
}

/// Waits until `done` holds (a rebuild finishes in the background); panics after 20 s.
fn wait_until(what: &str, done: impl Fn() -> bool, state: impl Fn() -> String) {
    let started = Instant::now();
    while !done() {
        assert!(started.elapsed() < Duration::from_secs(20), "{what}: still {:?}", state());
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Every file of the built site, by its address (the spare copy and caches are not served).
fn every_address(out: &Path) -> Vec<String> {
    let mut addresses: Vec<String> = walkdir::WalkDir::new(out)
        .into_iter()
        .map(|e| e.unwrap())
        .filter(|e| e.file_type().is_file())
        .map(|e| format!("/{}", e.path().strip_prefix(out).unwrap().to_string_lossy()))
        .collect();
    addresses.sort();
    addresses
}

#[test]
fn a_failed_rebuild_leaves_every_page_answering_as_the_last_good_build() {
    let root = content_copy(&repo().join("content"));
    let content = root.path().join("content");
    let site = root.path().join("site");
    fake_site(&site);
    let netlify = repo().join("netlify.toml");
    let mut server = Server::start(root.path(), &["--netlify", netlify.to_str().unwrap()]);
    let out = root.path().join("dist");
    let newest = published(&out)[0]["id"].as_str().unwrap().to_owned();
    let file = content.join("properties").join(format!("{newest}.yaml"));
    retitle(&file, "Good Title");
    poll(&mut server, "/", Duration::from_secs(20), |r| r.text().contains("<h1>Good Title</h1>"));
    let runs = || std::fs::read_to_string(site.join("build.log")).unwrap();
    wait_until("the rebuild", || runs().matches("prerender").count() == 2, runs);
    server.wait_for_output("the output folder caught up", Duration::from_secs(20), |log| {
        log.contains("is up to date too")
    });
    let addresses = every_address(&out);
    let before: Vec<(u16, Vec<u8>)> =
        addresses.iter().map(|a| server.get(a)).map(|r| (r.status, r.body)).collect();

    // The content stage writes new JSON and the prerender writes a page, then fails.
    retitle(&file, "Unrenderable Title");
    server.wait_for_output("the failed rebuild", Duration::from_secs(20), |log| {
        log.contains("still serving the last good build")
    });
    for (address, (status, body)) in addresses.iter().zip(&before) {
        let now = server.get(address);
        assert_eq!((now.status, &now.body), (*status, body), "{address} changed after a failed rebuild");
    }
    assert!(server.get(&format!("/api/properties/{newest}")).text().contains("Good Title"));

    // Fixed: the next rebuild is served.
    retitle(&file, "Fixed Title");
    poll(&mut server, "/", Duration::from_secs(20), |r| r.text().contains("<h1>Fixed Title</h1>"));
    let log = server.wait_for_output("the output folder caught up", Duration::from_secs(20), |log| {
        log.matches("is up to date too").count() == 2
    });
    assert!(!log.contains("BUG"), "{log}");
}

#[test]
fn the_admin_editor_needs_the_printed_token_and_its_listing_is_published_by_the_rebuild() {
    let root = content_copy(&repo().join("content"));
    let content = root.path().join("content");
    let mut server = serve_content_only(root.path());
    let log =
        server.wait_for_output("the admin link", Duration::from_secs(30), |log| log.contains("#token="));
    let link =
        log.lines().find(|l| l.starts_with("estate serve: admin editor (writes into content): ")).unwrap();
    let (prefix, token) = link.split_once("#token=").unwrap();
    assert!(prefix.ends_with(&format!("{}/admin", server.url)), "{link}");
    assert_eq!(token.len(), 64, "{link}");
    assert_eq!(log.matches("#token=").count(), 1, "printed once");
    // netlify.toml keeps the editors' pages out of search engines.
    assert_eq!(server.get("/admin").header("x-robots-tag"), Some("noindex, nofollow"));
    assert_eq!(server.get("/blogform").header("x-robots-tag"), Some("noindex, nofollow"));

    let url = server.url.clone();
    let session = |token: Option<&str>| {
        let mut request = agent().get(format!("{url}/_admin/api/session"));
        if let Some(token) = token {
            request = request.header("Authorization", format!("Bearer {token}"));
        }
        Reply::from(request.call().unwrap()).json()["authenticated"].clone()
    };
    assert_eq!(session(None), false);
    assert_eq!(session(Some("wrong")), false);
    assert_eq!(session(Some(token)), true);
    let leads = Reply::from(agent().get(format!("{url}/_admin/api/leads")).call().unwrap());
    assert_eq!(leads.status, 401);

    let body = serde_json::json!({
        "title": "Admin Written Townhouse", "value": "3100000", "location": "Town Square",
        "category": "Residential", "type": "Villa", "area": "2400", "bedrooms": "3",
    });
    let post = |origin: &str| {
        Reply::from(
            agent()
                .post(format!("{url}/_admin/api/properties"))
                .header("Origin", origin)
                .header("Authorization", format!("Bearer {token}"))
                .header("Content-Type", "application/json")
                .send(body.to_string())
                .unwrap(),
        )
    };
    let refused = post("https://evil.example");
    assert_eq!(refused.status, 403, "{}", refused.text());
    assert!(!content.join("properties/admin-written-townhouse.yaml").exists());
    let created = post(&url);
    assert_eq!(created.status, 201, "{}", created.text());
    assert_eq!(created.json()["url"], "/property/admin-written-townhouse");
    assert!(content.join("properties/admin-written-townhouse.yaml").is_file());
    // The watcher's rebuild publishes it.
    let reply = poll(&mut server, "/api/properties/admin-written-townhouse", Duration::from_secs(60), |r| {
        r.status == 200
    });
    assert_eq!(reply.json()["title"], "Admin Written Townhouse");
    // The same address again is refused: nothing is overwritten.
    assert_eq!(post(&url).status, 409);
}
