//! Terms records name that their vocabulary does not have: a listing's location (communities)
//! and amenities, a team member's languages, an area guide's community (its file name). Each is
//! a warning at its position with the nearest term as a hint: a term renamed or removed from a
//! vocabulary must not stop the records that name it from being published, so a record shows
//! the term as written (a listing's community without its guide or translated names), and a
//! guide of a community no longer in the vocabulary is not published.

use std::path::Path;

use super::memo::PerRecord;
use crate::content::Content;
use crate::content::diag::Diagnostic;
use crate::content::vocabulary::{Kind, Vocabularies};
use crate::content::yaml::{Node, did_you_mean};

/// What listings' terms are checked against: the keys and names of the communities and the
/// amenities (None: no such vocabulary).
#[derive(PartialEq)]
pub(super) struct Against([Option<Vec<[Option<String>; 4]>>; 2]);

impl Against {
    fn of(vocabulary: &Vocabularies) -> Against {
        let terms = |kind| {
            vocabulary.get(kind).map(|v| {
                v.data
                    .terms
                    .iter()
                    .map(|t| [Some(t.key.clone()), Some(t.en.clone()), t.ar.clone(), t.ru.clone()])
                    .collect()
            })
        };
        Against([terms(Kind::Communities), terms(Kind::Amenities)])
    }
}

/// Each listing's unknown terms, and the vocabularies they were checked against.
pub(super) type Kept = (Against, PerRecord<Vec<Diagnostic>>);

/// The terms records name that their vocabulary lacks; with `kept` (what the last check kept),
/// a listing not read again since is not checked again while the communities and amenities
/// are as they were, and `kept` becomes what this check found.
pub(super) fn check_with(content: &Content, kept: Option<&mut Option<Kept>>) -> Vec<Diagnostic> {
    let vocabulary = &content.vocabulary;
    let against = kept.is_some().then(|| Against::of(vocabulary));
    let earlier = match (kept.as_deref(), &against) {
        (Some(Some((then, per_record))), Some(now)) if then == now => Some(per_record),
        _ => None,
    };
    let mut next = PerRecord::with_capacity(if kept.is_some() { content.properties.len() } else { 0 });
    let mut found = Vec::new();
    for p in &content.properties {
        if let Some(mine) = earlier.and_then(|e| e.get(p)) {
            found.extend(mine.iter().cloned());
            if kept.is_some() {
                next.insert(p, mine.clone());
            }
            continue;
        }
        let unknown = Unknown { vocabulary, path: &p.path, tree: &p.tree };
        let mut mine = Vec::new();
        if let Some(location) = &p.data.location {
            mine.extend(unknown.term(Kind::Communities, location, &["location"]));
        }
        for (i, amenity) in p.data.amenities.iter().enumerate() {
            mine.extend(unknown.term(Kind::Amenities, amenity, &["amenities", &i.to_string()]));
        }
        found.extend(mine.iter().cloned());
        if kept.is_some() {
            next.insert(p, mine);
        }
    }
    if let (Some(kept), Some(against)) = (kept, against) {
        *kept = Some((against, next));
    }
    for m in &content.team {
        let unknown = Unknown { vocabulary, path: &m.path, tree: &m.tree };
        for (i, language) in m.data.languages.iter().enumerate() {
            found.extend(unknown.term(Kind::Languages, language, &["languages", &i.to_string()]));
        }
    }
    found.extend(guides(content));
    found
}

/// An area guide whose file name is not a community's key: its page would have no community.
fn guides(content: &Content) -> Vec<Diagnostic> {
    let Some(communities) = content.vocabulary.get(Kind::Communities) else { return Vec::new() };
    let keys = || communities.data.terms.iter().map(|t| t.key.as_str());
    content
        .guides
        .iter()
        .filter(|g| !keys().any(|key| key == g.id))
        .map(|g| {
            let d = Diagnostic::warning(
                &g.path,
                crate::content::yaml::Pos::START,
                format!(
                    "unknown community `{}`: vocabulary/communities.yaml has no term with this key, so this guide is not published",
                    g.id
                ),
            );
            // Named by the English name, perhaps: the key it would be.
            let named = content.vocabulary.find(Kind::Communities, &g.id.replace('-', " "));
            match named.map(|t| t.key.as_str()).or_else(|| did_you_mean(&g.id, keys())) {
                Some(key) => d.with_hint(format!(
                    "an area guide's file is named by its community's key: did you mean `{key}.yaml`?"
                )),
                None => d.with_hint(
                    "name the file by a community's key (`dubai-marina.yaml`), or add the community to vocabulary/communities.yaml",
                ),
            }
        })
        .collect()
}

struct Unknown<'a> {
    vocabulary: &'a Vocabularies,
    path: &'a Path,
    tree: &'a Node,
}

impl Unknown<'_> {
    /// The error for `written` at `at` when the vocabulary of `kind` does not know it.
    fn term(&self, kind: Kind, written: &str, at: &[&str]) -> Option<Diagnostic> {
        if self.vocabulary.accepts(kind, written) {
            return None;
        }
        let terms = &self.vocabulary.get(kind)?.data.terms;
        let file = format!("vocabulary/{}.yaml", kind.file());
        let d = Diagnostic::warning(
            self.path,
            self.tree.pos_of(at),
            format!(
                "unknown {} `{written}`: the {} vocabulary has no such term (renamed or removed?), so it is shown as written{}",
                kind.singular(),
                kind.label(),
                if kind == Kind::Communities { ", without its area guide" } else { "" }
            ),
        );
        let names = terms.iter().flat_map(|t| [t.key.as_str(), t.en.as_str()]);
        Some(match did_you_mean(written, names) {
            Some(best) => d.with_hint(format!("did you mean `{best}`? (or add the term to {file})")),
            None => d.with_hint(format!("write a term's key or English name, or add the term to {file}")),
        })
    }
}
