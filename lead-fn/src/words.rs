//! The function's words: every page and email it writes is a minijinja template in
//! `templates/`, and every text those templates show is in `templates/strings/{lang}.json`, one
//! file per language with the same keys as `en.json` (a test keeps them in step; a key missing
//! from a language falls back to English). Nothing else in the function carries a language's
//! words, except the validation messages, which the site's tests share (`validate`).
//!
//! A template whose name ends in `.html` escapes what it writes; the others write text as is.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use minijinja::{Environment, Template};
use serde_json::Value;

/// The templates, by name: the agents' email (subject, text, HTML), the page a plain HTML
/// form's refused lead is answered with (`form_post`), and the saved searches' confirmation
/// and digest emails and pages (`alerts`).
const TEMPLATES: [(&str, &str); 9] = [
    ("subject.txt", include_str!("../templates/subject.txt")),
    ("lead.txt", include_str!("../templates/lead.txt")),
    ("lead.html", include_str!("../templates/lead.html")),
    ("refused.html", include_str!("../templates/refused.html")),
    ("alert-confirm.txt", include_str!("../templates/alert-confirm.txt")),
    ("alert-confirm.html", include_str!("../templates/alert-confirm.html")),
    ("alert-page.html", include_str!("../templates/alert-page.html")),
    ("alert-digest.txt", include_str!("../templates/alert-digest.txt")),
    ("alert-digest.html", include_str!("../templates/alert-digest.html")),
];

/// The texts of each language, as `templates/strings/*.json` give them; English first.
pub const STRINGS: [(&str, &str); 3] = [
    ("en", include_str!("../templates/strings/en.json")),
    ("ar", include_str!("../templates/strings/ar.json")),
    ("ru", include_str!("../templates/strings/ru.json")),
];

static ENVIRONMENT: LazyLock<Environment<'static>> = LazyLock::new(|| {
    let mut env = Environment::new();
    match minijinja::syntax::SyntaxConfig::builder().trim_blocks(true).lstrip_blocks(true).build() {
        Ok(syntax) => env.set_syntax(syntax),
        Err(error) => tracing::error!(event = "template_invalid", error = %error),
    }
    for (name, source) in TEMPLATES {
        // The templates are part of the program; the tests render every one of them.
        if let Err(error) = env.add_template(name, source) {
            tracing::error!(event = "template_invalid", template = name, error = %error);
        }
    }
    env
});

/// The texts per language, each merged over English so a missing key falls back to it.
static TEXTS: LazyLock<BTreeMap<&'static str, Value>> = LazyLock::new(|| {
    let parse = |text: &str| serde_json::from_str::<Value>(text).unwrap_or(Value::Null);
    let english = parse(STRINGS[0].1);
    STRINGS
        .iter()
        .map(|(lang, text)| {
            let mut merged = english.clone();
            merge(&mut merged, parse(text));
            (*lang, merged)
        })
        .collect()
});

fn merge(base: &mut Value, over: Value) {
    match (base, over) {
        (Value::Object(base), Value::Object(over)) => {
            for (key, value) in over {
                match base.get_mut(&key) {
                    Some(slot) => merge(slot, value),
                    None => {
                        base.insert(key, value);
                    }
                }
            }
        }
        (slot, over) => *slot = over,
    }
}

/// Whether the function has words in `language`.
pub fn speaks(language: &str) -> bool {
    TEXTS.contains_key(language)
}

/// The texts of `language` (English for one the function does not speak), parsed once.
pub fn texts(language: &str) -> &'static Value {
    static NONE: Value = Value::Null;
    TEXTS.get(language).or_else(|| TEXTS.get("en")).unwrap_or(&NONE)
}

/// The template called `name` (one of `templates/`).
pub fn template(name: &str) -> Result<Template<'static, 'static>, minijinja::Error> {
    ENVIRONMENT.get_template(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_has_the_keys_of_english() {
        fn keys(value: &Value, prefix: &str, out: &mut Vec<String>) {
            if let Value::Object(map) = value {
                for (key, value) in map {
                    let path = format!("{prefix}{key}");
                    out.push(path.clone());
                    keys(value, &format!("{path}."), out);
                }
            }
        }
        let mut english = Vec::new();
        keys(&serde_json::from_str(STRINGS[0].1).expect("en.json"), "", &mut english);
        for (lang, text) in STRINGS {
            let mut got = Vec::new();
            keys(&serde_json::from_str(text).unwrap_or_else(|e| panic!("{lang}.json: {e}")), "", &mut got);
            assert_eq!(got, english, "{lang}.json has other keys than en.json");
        }
    }

    #[test]
    fn every_template_compiles() {
        for (name, _) in TEMPLATES {
            template(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }

    #[test]
    fn a_language_the_function_does_not_speak_is_english() {
        assert!(speaks("ar") && !speaks("xx"));
        assert_eq!(texts("xx"), texts("en"));
        assert_eq!(texts("ar")["dir"], "rtl");
    }
}
