//! `estate build` writes `dist/_redirects` with the lead function's proxy rules from
//! `LEAD_FUNCTION_URL`, and says so when the variable is missing.

mod support;

use std::path::Path;

use support::{Run, estate_command, repo, run};

/// `estate build --content-only` of the sample into `out`, with `LEAD_FUNCTION_URL` as given.
fn build(out: &Path, function_url: Option<&str>) -> Run {
    let mut command = estate_command(repo());
    command.args(["build", "--content-only", "--out"]).arg(out).env_remove("LEAD_FUNCTION_URL");
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
    let rules: Vec<Vec<&str>> =
        text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split_whitespace().collect()).collect();
    let expected: Vec<Vec<String>> = lead_fn::POST_ENDPOINTS
        .iter()
        .map(|path| {
            vec![
                (*path).to_owned(),
                format!("https://abc123.lambda-url.me-central-1.on.aws{path}"),
                "200".into(),
            ]
        })
        .collect();
    assert_eq!(rules, expected, "{text}");
    assert!(!built.stderr.contains("LEAD_FUNCTION_URL is not set"));

    let again = build(&out, None);
    assert!(again.success(), "{again}");
    assert!(again.stderr.contains("note: LEAD_FUNCTION_URL is not set"));
    let text = std::fs::read_to_string(out.join("_redirects")).expect("dist/_redirects");
    assert!(text.lines().all(|l| l.starts_with('#')), "{text}");

    let bad = build(&out, Some("abc123.lambda-url.on.aws"));
    assert!(!bad.success());
    assert!(
        bad.stderr.contains("LEAD_FUNCTION_URL=\"abc123.lambda-url.on.aws\" is not an http(s) URL"),
        "{bad}"
    );
}
