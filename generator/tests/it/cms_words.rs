//! The browser editor speaks an agent's language: every label, hint and validation message of
//! the generated configuration is read, and none may hold a developer's words (a backtick, a file
//! name or extension, a command, a key written as code, a markup word).

use generator::content::cms::{Backend, config};
use serde_json::Value;

/// Each label, hint, pattern message, choice and collection name of the configuration, with
/// where it is.
fn texts(value: &Value, at: &str, out: &mut Vec<(String, String)>) {
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                let here = format!("{at}/{}", map.get("name").and_then(Value::as_str).unwrap_or(key));
                match (key.as_str(), v) {
                    ("label" | "label_singular" | "hint" | "app_title", Value::String(text)) => {
                        out.push((format!("{here}.{key}"), text.clone()));
                    }
                    ("pattern", Value::Array(p)) if p.len() == 2 => {
                        out.push((format!("{here}.pattern"), p[1].as_str().unwrap_or_default().to_owned()));
                    }
                    // A select's choices, as the form and the list of entries show them: the
                    // value itself, or its label.
                    ("options", Value::Array(options)) => {
                        for option in options {
                            let shown = option.get("label").unwrap_or(option);
                            out.push((
                                format!("{here}.options"),
                                shown.as_str().unwrap_or_default().to_owned(),
                            ));
                        }
                    }
                    _ => texts(v, &here, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|v| texts(v, at, out)),
        _ => {}
    }
}

/// What in `text` is a developer's word, if anything.
fn developer_word(text: &str) -> Option<String> {
    if text.contains('`') {
        return Some("a backtick".into());
    }
    let lower = text.to_lowercase();
    for word in [
        ".yaml",
        ".yml",
        ".md",
        ".json",
        "estate ",
        "estate check",
        "content/",
        "media/",
        "netlify",
        "markdown",
        "schema",
        " id ",
        "the id",
        "slug",
        "frontmatter",
        "front matter",
        "offplan",
        "boolean",
        "null",
        "enum",
        "true",
        "false",
        "widget",
        "(none)",
    ] {
        if lower.contains(word) {
            return Some(format!("'{word}'"));
        }
    }
    for token in text.split(|c: char| !c.is_ascii_alphanumeric()) {
        // A key written as code: camelCase, or a bare abbreviation a label should spell out.
        let camel = token.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && token.chars().any(|c| c.is_ascii_uppercase());
        if camel
            || matches!(
                token,
                "url" | "Url" | "URL" | "Lat" | "Lng" | "Brn" | "Orn" | "Dld" | "Ar" | "Ru" | "En"
            )
        {
            return Some(format!("'{token}'"));
        }
    }
    None
}

/// A choice shown as the file's key: lower-case words joined by hyphens (partly-furnished).
fn key_like(text: &str) -> bool {
    text.starts_with(|c: char| c.is_ascii_lowercase()) && text.contains('-') && !text.contains(' ')
}

#[test]
fn cms_words_are_an_agents() {
    let config = config(&Backend::from_env(|_| None));
    let mut all = Vec::new();
    texts(&config, "", &mut all);
    assert!(all.len() > 150, "only {} texts read: the walk misses the fields", all.len());
    let found: Vec<String> = all
        .iter()
        .filter_map(|(at, text)| {
            let why = developer_word(text)
                .or_else(|| (at.ends_with(".options") && key_like(text)).then(|| "a key".into()));
            why.map(|why| format!("{at}: {why} in {text:?}"))
        })
        .collect();
    assert!(found.is_empty(), "developer's words in the CMS:\n{}", found.join("\n"));
    // Every field says what it is for.
    let listing = &config["collections"][0]["fields"];
    let no_hint: Vec<&str> = listing
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f.get("hint").is_none())
        .filter_map(|f| f["name"].as_str())
        .collect();
    assert!(no_hint.is_empty(), "listing fields without a hint: {no_hint:?}");
}

#[test]
fn the_check_catches_developer_words() {
    for bad in [
        "`permitUrl` must be an https:// link",
        "The id of a file in content/team/.",
        "Run estate check",
        "Permit url",
        "OffPlan",
        "See site.yaml",
        "Lat",
    ] {
        assert!(developer_word(bad).is_some(), "{bad} passes");
    }
    for good in ["Permit link", "Off-plan: project name", "Price (AED)", "Starting with https://."] {
        assert_eq!(developer_word(good), None, "{good}");
    }
    assert!(key_like("partly-furnished") && key_like("office-shop"));
    assert!(!key_like("Off-plan") && !key_like("partly furnished") && !key_like("available"));
}
