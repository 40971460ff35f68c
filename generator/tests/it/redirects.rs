//! `estate build` writes `dist/_redirects` with the functions' proxy rules from
//! `LEAD_FUNCTION_URL` (the enquiries) and `SEARCH_FUNCTION_URL` (the searches), and says so when
//! a variable is missing from a build for Netlify (only there; a local build has no use for the
//! note); after them, each post's other addresses redirected to its page.

use std::path::Path;

use crate::support::{Run, estate_command, repo, run};

/// The proxy rules of a `_redirects` file: its lines that are no comment and no post's redirect.
fn proxy_rules(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.starts_with('#') && !l.ends_with("  301")).collect()
}

fn build(out: &Path, function_url: Option<&str>) -> Run {
    build_with(out, function_url, &[], &[])
}

/// `estate build --content-only --out OUT ARGS` of the sample with `LEAD_FUNCTION_URL` (when
/// given) and `ENV`.
fn build_with(out: &Path, function_url: Option<&str>, args: &[&str], env: &[(&str, &str)]) -> Run {
    let mut command = estate_command(repo());
    command
        .args(["build", "--content-only", "--out"])
        .arg(out)
        .args(args)
        .env_remove("LEAD_FUNCTION_URL")
        .env_remove("SEARCH_FUNCTION_URL")
        .env_remove("LEAD_PROXY_SECRET")
        .env_remove("NETLIFY")
        .envs(env.iter().copied());
    if let Some(url) = function_url {
        command.env("LEAD_FUNCTION_URL", url);
    }
    run(&mut command)
}

#[test]
fn the_post_endpoints_are_proxied_to_the_function_url_given_at_build_time() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let out = dir.path().join("dist");
    let built = build(&out, Some("https://abc123.lambda-url.me-central-1.on.aws/"));
    assert!(built.success(), "{built}");
    let text = std::fs::read_to_string(out.join("_redirects")).expect("dist/_redirects");
    let rules: Vec<Vec<&str>> = proxy_rules(&text).iter().map(|l| l.split_whitespace().collect()).collect();
    let page = contract::endpoints::SEARCH_PAGE_PATH;
    // The enquiries, the saved searches (their form and every link of their emails), each search
    // endpoint, then the result page of a search sent without script (a GET).
    let saved = contract::endpoints::SAVED_SEARCH_PATH;
    let contact = contract::endpoints::CONTACT_PATH;
    let expected: Vec<Vec<String>> = [(contact.to_owned(), contact.to_owned())]
        .into_iter()
        .chain([(saved.to_owned(), saved.to_owned()), (format!("{saved}/*"), format!("{saved}/:splat"))])
        .chain(
            contract::endpoints::POST_ENDPOINTS
                .iter()
                .filter(|path| **path != contact)
                .map(|path| (path.to_string(), path.to_string())),
        )
        .chain([(format!("{page}/*"), format!("{page}/:splat"))])
        .map(|(from, to)| {
            vec![from, format!("https://abc123.lambda-url.me-central-1.on.aws{to}"), "200".into()]
        })
        .collect();
    assert_eq!(rules, expected, "{text}");
    assert!(!built.stderr.contains("LEAD_FUNCTION_URL is not set"));

    // With the proxy's secret in the build's environment each rule is signed with it (by the
    // variable's name; the value is never written), and a Netlify build without it says so.
    let secret = "netlify-proxy-7f3a9c2e5b1d";
    let signed = build_with(&out, Some("https://fn.example"), &[], &[("LEAD_PROXY_SECRET", secret)]);
    assert!(signed.success(), "{signed}");
    let text = std::fs::read_to_string(out.join("_redirects")).expect("dist/_redirects");
    assert!(!text.contains(secret), "{text}");
    let rules = proxy_rules(&text);
    assert_eq!(rules.len(), contract::endpoints::POST_ENDPOINTS.len() + 3, "{text}");
    assert!(rules.iter().all(|r| r.ends_with("  200  Sign=LEAD_PROXY_SECRET")), "{text}");
    let unsigned = build_with(
        &out,
        Some("https://fn.example"),
        &["--for-netlify"],
        &[("SEARCH_FUNCTION_URL", "https://fn.example")],
    );
    assert!(unsigned.stderr.contains("note: LEAD_PROXY_SECRET is not set"), "{unsigned}");

    let again = build_with(&out, None, &["--for-netlify"], &[]);
    assert!(again.success(), "{again}");
    assert!(again.stderr.contains("note: LEAD_FUNCTION_URL is not set"), "{again}");
    let text = std::fs::read_to_string(out.join("_redirects")).expect("dist/_redirects");
    assert!(proxy_rules(&text).is_empty(), "{text}");
    // Each post's address without its slug, or with another, goes to its page, in every language.
    let posts: Vec<serde_json::Value> =
        serde_json::from_slice(&std::fs::read(out.join("api/blogs.json")).expect("the posts")).expect("JSON");
    assert!(!posts.is_empty());
    for post in &posts {
        let (id, url) = (post["_id"].as_str().expect("an id"), post["url"].as_str().expect("its page"));
        for prefix in ["", "/ar", "/ru"] {
            for from in [format!("{prefix}/blog/{id}"), format!("{prefix}/blog/{id}/*")] {
                let rule = format!("{from}  {prefix}{url}  301");
                assert!(text.lines().any(|l| l == rule), "{rule} in {text}");
            }
        }
    }

    // With the search function's address too, the searches go there and the enquiries to the
    // lead function; without it a Netlify build fails, naming the variable to set (the lead
    // function takes enquiries alone: every search would find nothing), and a local build sends
    // the searches to the lead function's address.
    let lead_only = build_with(&out, Some("https://leads.example"), &["--for-netlify"], &[]);
    assert!(!lead_only.success(), "{lead_only}");
    assert!(
        lead_only.stderr.contains("SEARCH_FUNCTION_URL is not set, but LEAD_FUNCTION_URL is"),
        "{lead_only}"
    );
    assert!(lead_only.stderr.contains("the same URL as LEAD_FUNCTION_URL"), "{lead_only}");
    let local = build_with(&out, Some("https://leads.example"), &[], &[]);
    assert!(local.success(), "{local}");
    let text = std::fs::read_to_string(out.join("_redirects")).expect("dist/_redirects");
    assert!(proxy_rules(&text).iter().all(|r| r.contains("https://leads.example/")), "{text}");
    let both = build_with(
        &out,
        Some("https://leads.example/"),
        &["--for-netlify"],
        &[("SEARCH_FUNCTION_URL", "https://search.example/"), ("LEAD_PROXY_SECRET", secret)],
    );
    assert!(both.success(), "{both}");
    assert!(!both.stderr.contains("note:"), "{both}");
    let text = std::fs::read_to_string(out.join("_redirects")).expect("dist/_redirects");
    let rules: Vec<Vec<&str>> =
        proxy_rules(&text).into_iter().map(|l| l.split_whitespace().collect()).collect();
    assert_eq!(rules.len(), contract::endpoints::POST_ENDPOINTS.len() + 3, "{text}");
    for rule in &rules {
        let leads = rule[0] == contract::endpoints::CONTACT_PATH
            || rule[0].starts_with(contract::endpoints::SAVED_SEARCH_PATH);
        let function = if leads { "leads" } else { "search" };
        let to = rule[0].replace("/*", "/:splat");
        assert_eq!(rule[1], format!("https://{function}.example{to}"), "{text}");
    }

    let bad = build(&out, Some("abc123.lambda-url.on.aws"));
    assert!(!bad.success());
    assert!(
        bad.stderr.contains("LEAD_FUNCTION_URL=\"abc123.lambda-url.on.aws\" is not an http(s) URL"),
        "{bad}"
    );
}

#[test]
fn the_missing_function_url_is_noted_only_in_a_build_for_netlify() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let out = dir.path().join("dist");
    let note = "LEAD_FUNCTION_URL is not set";
    let local = build(&out, None);
    assert!(local.success(), "{local}");
    let printed = local.to_string();
    assert!(!printed.contains(note), "{printed}");
    assert!(!printed.contains("note:"), "{printed}");
    // Netlify's builds set NETLIFY=true.
    let on_netlify = build_with(&out, None, &[], &[("NETLIFY", "true")]);
    assert!(on_netlify.success(), "{on_netlify}");
    assert!(on_netlify.stderr.contains(note), "{on_netlify}");
    let elsewhere = build_with(&out, None, &[], &[("NETLIFY", "false")]);
    assert!(!elsewhere.stderr.contains(note), "{elsewhere}");
}
