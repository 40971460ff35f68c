//! Translation coverage: a warning for each record or vocabulary term that lacks an Arabic or
//! Russian text where it has an English one. `estate check --require-languages ar,ru` makes them
//! errors, for an agency whose CI should insist.

use std::path::Path;

use crate::content::Content;
use crate::content::diag::Diagnostic;
use crate::content::vocabulary::Kind;
use crate::content::yaml::{Node, Pos};

/// The languages a record may be translated into, with their names in messages.
pub const LANGUAGES: [(&str, &str); 2] = [("ar", "Arabic"), ("ru", "Russian")];

/// Whether an optional text is given (not blank).
fn given(text: &Option<String>) -> bool {
    text.as_deref().is_some_and(|t| !t.trim().is_empty())
}

/// The coverage problems of `content`; errors for the languages in `required`, else warnings.
pub fn check(content: &Content, required: &[String]) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    for (lang, language) in LANGUAGES {
        let report = Reporter { lang, language, required: required.iter().any(|r| r == lang) };
        for p in &content.properties {
            let t = if lang == "ar" { &p.data.ar } else { &p.data.ru };
            let t = t.clone().unwrap_or_default();
            let needs_description = !Content::description(p).trim().is_empty();
            let missing =
                [("title", given(&t.title)), ("description", given(&t.description) || !needs_description)];
            found.extend(report.record(&p.path, &p.tree, &missing));
            // A payment plan's stages are named in other languages by vocabulary/stages.yaml.
            for (i, step) in p.data.payment_plan.iter().enumerate() {
                let term = content.vocabulary.find(Kind::Stages, &step.milestone);
                if term.is_some_and(|t| t.name(lang).is_some()) {
                    continue;
                }
                let pos = p.tree.pos_of(&["paymentPlan", &i.to_string(), "milestone"]);
                let fix = if term.is_some() {
                    format!("give its term in vocabulary/stages.yaml an `{lang}` name")
                } else {
                    "add it to vocabulary/stages.yaml with its names".to_owned()
                };
                let message = format!(
                    "the payment-plan stage `{}` has no {language} name ({lang}): {fix}",
                    step.milestone
                );
                found.push(report.diagnostic(&p.path, pos, message));
            }
        }
        for r in &content.posts {
            let t = if lang == "ar" { &r.data.ar } else { &r.data.ru };
            let t = t.clone().unwrap_or_default();
            let missing = [
                ("title", given(&t.title)),
                ("excerpt", given(&t.excerpt) || r.data.excerpt.is_none()),
                ("content", given(&t.content)),
            ];
            found.extend(report.record(&r.path, &r.tree, &missing));
        }
        for r in &content.pages {
            let t = if lang == "ar" { &r.data.ar } else { &r.data.ru };
            let t = t.clone().unwrap_or_default();
            let missing = [("title", given(&t.title)), ("content", given(&t.content))];
            found.extend(report.record(&r.path, &r.tree, &missing));
        }
        for r in &content.developers {
            let t = if lang == "ar" { &r.data.ar } else { &r.data.ru };
            let t = t.clone().unwrap_or_default();
            let missing = [("name", given(&t.name)), ("description", given(&t.description))];
            found.extend(report.record(&r.path, &r.tree, &missing));
        }
        for r in &content.team {
            let t = if lang == "ar" { &r.data.ar } else { &r.data.ru };
            let t = t.clone().unwrap_or_default();
            let missing = [("name", given(&t.name)), ("role", given(&t.role))];
            found.extend(report.record(&r.path, &r.tree, &missing));
        }
        // A partner's sentence, in its own `ar:` / `ru:` block in site.yaml.
        if let Some(site) = &content.site {
            for (i, partner) in site.data.partners.iter().enumerate() {
                let t = if lang == "ar" { &partner.ar } else { &partner.ru };
                if !given(&partner.text) || t.as_ref().is_some_and(|t| given(&t.text)) {
                    continue;
                }
                let pos = site.tree.pos_of(&["partners", &i.to_string()]);
                let message = format!(
                    "no {language} translation: `{lang}.text` of the partner `{}` missing",
                    partner.name
                );
                found.push(report.diagnostic(&site.path, pos, message));
            }
        }
        for r in &content.guides {
            let t = if lang == "ar" { &r.data.ar } else { &r.data.ru };
            let t = t.clone().unwrap_or_default();
            let d = &r.data;
            let missing = [
                ("introduction", given(&t.introduction)),
                ("lifestyle", given(&t.lifestyle) || !given(&d.lifestyle)),
                ("schools", given(&t.schools) || !given(&d.schools)),
                ("transport", given(&t.transport) || !given(&d.transport)),
            ];
            found.extend(report.record(&r.path, &r.tree, &missing));
        }
        for kind in Kind::ALL {
            let Some(v) = content.vocabulary.get(kind) else { continue };
            for (i, term) in v.data.terms.iter().enumerate() {
                if term.name(lang).is_none_or(|n| n.trim().is_empty()) {
                    let pos = v.tree.pos_of(&["terms", &i.to_string()]);
                    let what = format!("{} `{}`", kind.singular(), term.key);
                    found.push(report.diagnostic(
                        &v.path,
                        pos,
                        format!("{what} has no {language} name ({lang})"),
                    ));
                }
            }
        }
    }
    found
}

struct Reporter<'a> {
    lang: &'a str,
    language: &'a str,
    required: bool,
}

impl Reporter<'_> {
    /// One problem for a record that lacks some of its `fields` (name, given) in this language.
    fn record(&self, path: &Path, tree: &Node, fields: &[(&str, bool)]) -> Option<Diagnostic> {
        let missing: Vec<String> = fields
            .iter()
            .filter(|(_, given)| !given)
            .map(|(name, _)| format!("`{}.{name}`", self.lang))
            .collect();
        if missing.is_empty() {
            return None;
        }
        let pos = tree.key_pos(self.lang).unwrap_or(Pos::START);
        let message = format!("no {} translation: {} missing", self.language, missing.join(", "));
        Some(self.diagnostic(path, pos, message))
    }

    fn diagnostic(&self, path: &Path, pos: Pos, message: String) -> Diagnostic {
        if self.required {
            Diagnostic::error(path, pos, message)
                .with_hint(format!("--require-languages asks for every text in {}", self.language))
        } else {
            Diagnostic::warning(path, pos, message)
        }
    }
}
