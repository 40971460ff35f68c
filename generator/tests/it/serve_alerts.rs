//! `estate serve`'s saved-search alerts, end to end over HTTP on 127.0.0.1: a visitor saves a
//! search through the server, confirms it from the link of the email in the outbox (a GET the
//! server hands to the lead function, as Netlify's proxy rule does), an editor publishes a
//! listing that matches, and the rebuild's digest writes the alert into the outbox.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::support::serve::{Reply, Server, agent};
use crate::support::{content_copy, repo};
use serde_json::{Value, json};

/// An `.eml` file as Python's email package reads it: the headers, the text and the HTML.
fn parse_eml(path: &Path) -> Value {
    let script = "import email, email.policy, json, sys\n\
        m = email.message_from_binary_file(open(sys.argv[1], 'rb'), policy=email.policy.default)\n\
        part = lambda kind: (m.get_body((kind,)) or m).get_content()\n\
        print(json.dumps({'headers': dict(m.items()), 'text': part('plain'), 'html': part('html')}))";
    let output = Command::new("python3").args(["-c", script]).arg(path).output().expect("python3 runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("JSON")
}

/// The outbox's files whose names hold `part`.
fn outbox_files(outbox: &Path, part: &str) -> Vec<std::path::PathBuf> {
    let Ok(entries) = std::fs::read_dir(outbox) else { return Vec::new() };
    entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_str().is_some_and(|name| name.contains(part) && name.ends_with(".eml")))
        .collect()
}

#[test]
fn a_new_listing_that_matches_a_confirmed_search_lands_in_the_outbox_as_its_alert() {
    let root = content_copy(&repo().join("content"));
    let content = root.path().join("content");
    let outbox = root.path().join(".estate/outbox");
    let netlify = repo().join("netlify.toml");
    let mut server = Server::start(
        root.path(),
        &["--content-only", "--out", "dist", "--netlify", netlify.to_str().unwrap()],
    );

    let saved = Reply::from(
        agent()
            .post(format!("{}/api/saved-searches", server.url))
            .header("content-type", "application/json")
            .send(
                json!({
                    "email": "layla@example.com", "search": "type=Warehouse", "category": "rent",
                    "lang": "en", "page": "/rent", "consent": true,
                })
                .to_string(),
            )
            .unwrap(),
    );
    assert_eq!(saved.status, 200, "{}", saved.text());
    let id = saved.json()["id"].as_str().unwrap().to_owned();
    let confirmation = parse_eml(&outbox.join(format!("{id}-confirm.eml")));
    let text = confirmation["text"].as_str().unwrap();
    let at = text.find("/api/saved-searches/confirm?token=").expect("the confirmation link");
    let link = text[at..].split_whitespace().next().unwrap();
    let confirmed = server.get(link);
    assert_eq!(confirmed.status, 200, "{}", confirmed.text());
    assert!(confirmed.text().contains("<h1>Your search is saved</h1>"), "{}", confirmed.text());
    // The local secret of the links, made once and readable by its owner alone.
    let secret = root.path().join(".estate/alerts-secret");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        assert_eq!(std::fs::metadata(&secret).unwrap().permissions().mode() & 0o777, 0o600);
    }

    // An editor publishes another warehouse.
    let first = std::fs::read_to_string(content.join("properties/al-quoz-warehouse-for-rent.yaml")).unwrap();
    let copy: String = first
        .lines()
        .map(|line| match line.split(':').next().unwrap_or("") {
            "title" => "title: Second Warehouse with a Yard in Al Quoz".to_owned(),
            "reference" => "reference: PC-L-2999".to_owned(),
            "permitNumber" => "permitNumber: \"7129909999\"".to_owned(),
            "permitUrl" => "permitUrl: https://trakheesi.dubailand.gov.ae/rev/qr/7129909999".to_owned(),
            _ => line.to_owned(),
        })
        .map(|line| line + "\n")
        .collect();
    std::fs::write(content.join("properties/al-quoz-second-warehouse.yaml"), copy).unwrap();

    let started = Instant::now();
    let alert = loop {
        if let Some(file) = outbox_files(&outbox, "-alert-").pop() {
            break file;
        }
        assert!(started.elapsed() < Duration::from_secs(30), "no alert in the outbox:\n{}", server.log());
        std::thread::sleep(Duration::from_millis(100));
    };
    let mail = parse_eml(&alert);
    assert_eq!(mail["headers"]["Subject"], "New listings for your saved search");
    assert_eq!(mail["headers"]["To"], "layla@example.com");
    assert_eq!(mail["headers"]["List-Unsubscribe-Post"], "List-Unsubscribe=One-Click");
    let text = mail["text"].as_str().unwrap();
    assert!(text.contains("Second Warehouse with a Yard in Al Quoz"), "{text}");
    assert!(text.contains("AED 420,000 a year"), "{text}");
    assert!(text.contains(&format!("{}/property/al-quoz-second-warehouse", server.url)), "{text}");
    // The listings published before the search was confirmed are no news to it.
    assert!(!text.contains("Insulated Warehouse with Offices"), "{text}");
    let log = server.wait_for_output("the alerts' line", Duration::from_secs(5), |log| {
        log.contains("saved-search alerts: 1 email(s) with 1 listing(s)")
    });
    assert!(!log.contains("saved-search alerts failed"), "{log}");
    assert_eq!(outbox_files(&outbox, "-alert-").len(), 1);
}
