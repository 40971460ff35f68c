//! Terms a feed names that the vocabulary lacks: a community, or a property type or amenity the
//! feed gives by name. An agency's first import names dozens of communities the vocabulary does
//! not know yet; rather than lose those listings, each new term is added to the import's
//! vocabulary before the listings are mapped ([`collect`]) and, once a listing naming it is
//! imported ([`kept`]), appended to its `vocabulary/*.yaml` in the file's own layout
//! ([`append`]). It has only its English name; `estate check` asks for the Arabic and Russian.

use std::path::Path;

use super::feed::FeedListing;
use super::listing::geopoints;
use crate::content::model::Coordinates;
use crate::content::portal;
use crate::content::vocabulary::{Kind, Term, Vocabularies, VocabularyFile};
use crate::content::{is_valid_id, safe_fs, suggest_id, yaml};

/// A term the import adds.
#[derive(Debug, Clone)]
pub struct NewTerm {
    pub kind: Kind,
    pub term: Term,
    /// The listings naming it, by their place in the feed.
    pub listings: Vec<usize>,
}

/// What a listing names, as (kind, as written, the English name a new term would get).
fn named(listing: &FeedListing) -> Vec<(Kind, &str, String)> {
    let mut named = Vec::new();
    if let Some(community) = &listing.community {
        named.push((Kind::Communities, community.as_str(), community.clone()));
    }
    // A type is the site's own, so a new term can only be one of those, named as the site names it.
    if let Some(written) = listing.property_type.as_deref().filter(|t| !portal::is_code(t))
        && let Some(sub) = portal::site_type(written)
    {
        named.push((Kind::Types, written, sub.as_str().to_owned()));
    }
    for written in listing.amenities.iter().filter(|a| !portal::is_code(a)) {
        named.push((Kind::Amenities, written.as_str(), portal::amenity_name(written)));
    }
    named
}

/// Adds to `vocabulary` each term the feed's listings name that it lacks, in feed order, and
/// returns them; `skip` says which listings fail anyway. A kind without a vocabulary file gets
/// none (it accepts any value), nor does a name no key can be made from.
pub fn collect(
    listings: &[FeedListing],
    skip: impl Fn(usize) -> bool,
    vocabulary: &mut Vocabularies,
) -> Vec<NewTerm> {
    let mut new: Vec<NewTerm> = Vec::new();
    for (i, listing) in listings.iter().enumerate().filter(|(i, _)| !skip(*i)) {
        for (kind, written, english) in named(listing) {
            let known = vocabulary.find(kind, written).or_else(|| vocabulary.find(kind, &english));
            if let Some(key) = known.map(|t| t.key.clone()) {
                // Added for an earlier listing, or there all along.
                if let Some(n) = new.iter_mut().find(|n| n.kind == kind && n.term.key == key) {
                    n.listings.push(i);
                }
                continue;
            }
            let Some(file) = vocabulary.get_mut(kind) else { continue };
            let Some(key) = new_key(&file.data.terms, &english) else { continue };
            // A new type starts with the kind such a type usually has (the vocabulary then says).
            let type_kind =
                (kind == Kind::Types).then(|| portal::site_type(&english)).flatten().map(|s| s.usual_kind());
            let term = Term {
                key,
                en: english,
                ar: None,
                ru: None,
                code: None,
                coordinates: None,
                dld: Vec::new(),
                aliases: Vec::new(),
                kind: type_kind,
            };
            file.data.terms.push(term.clone());
            new.push(NewTerm { kind, term, listings: vec![i] });
        }
    }
    new
}

/// A key made from `name` that no term has: its slug, else the slug with `-2`, `-3` ...
fn new_key(terms: &[Term], name: &str) -> Option<String> {
    let slug = suggest_id(name);
    (1..100)
        .map(|n| if n == 1 { slug.clone() } else { format!("{slug}-{n}") })
        .find(|key| is_valid_id(key) && !terms.iter().any(|t| &t.key == key))
}

/// The new terms that some imported listing names (`imported`, by place in the feed). A
/// community takes its coordinates from the first of those listings with geopoints, rounded as
/// the vocabulary writes a community's centre.
pub fn kept(new: Vec<NewTerm>, listings: &[FeedListing], imported: impl Fn(usize) -> bool) -> Vec<NewTerm> {
    let round = |degrees: f64| (degrees * 1e4).round() / 1e4;
    new.into_iter()
        .filter_map(|mut n| {
            n.listings.retain(|&i| imported(i));
            if n.kind == Kind::Communities {
                n.term.coordinates = n
                    .listings
                    .iter()
                    .find_map(|&i| geopoints(listings[i].geopoints.as_deref()?).ok())
                    .map(|c| Coordinates { lat: round(c.lat), lng: round(c.lng) });
            }
            (!n.listings.is_empty()).then_some(n)
        })
        .collect()
}

/// Appends each term of `new` to its vocabulary file (under `content`).
pub fn write(content: &Path, vocabulary: &Vocabularies, new: &[NewTerm]) -> Result<(), String> {
    for kind in Kind::ALL {
        let terms: Vec<&Term> = new.iter().filter(|n| n.kind == kind).map(|n| &n.term).collect();
        let Some(file) = vocabulary.get(kind).filter(|_| !terms.is_empty()) else { continue };
        let path = &file.path;
        let cannot = |e: String| format!("cannot read {}: {e}", path.display());
        let bytes = safe_fs::read_inside(content, path).map_err(|e| cannot(e.to_string()))?;
        let text = String::from_utf8(bytes).map_err(|e| cannot(e.to_string()))?;
        let text = append(&text, &terms).map_err(|e| format!("{}: {e}", path.display()))?;
        super::write_file(content, path, text.as_bytes()).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// How a vocabulary file writes its terms, read from its last one.
struct Layout {
    /// The spaces before a term's `- `.
    indent: usize,
    /// `- { key: ..., en: ... }` on one line, rather than a field a line.
    flow: bool,
    /// English names in double quotes.
    quoted: bool,
    newline: &'static str,
}

impl Layout {
    /// The layout of `text`'s terms: the least indented `- ` lines are the list's items (a guide's
    /// markdown lists are deeper, inside their block texts).
    fn of(text: &str) -> Layout {
        let newline = if text.contains("\r\n") { "\r\n" } else { "\n" };
        let lines: Vec<&str> = text.lines().collect();
        let item = |line: &str| {
            let rest = line.trim_start_matches(' ');
            rest.starts_with("- ").then_some(line.len() - rest.len())
        };
        let Some(indent) = lines.iter().filter_map(|l| item(l)).min() else {
            return Layout { indent: 2, flow: false, quoted: false, newline };
        };
        let last = lines.iter().rposition(|l| item(l) == Some(indent)).expect("an item has this indent");
        let flow = lines[last].trim_start()[2..].trim_start().starts_with('{');
        // The term's own lines: the item's, and the deeper ones after it.
        let term_lines = std::iter::once(lines[last][indent + 2..].trim_start())
            .chain(lines[last + 1..].iter().take_while(|l| item(l) != Some(indent)).map(|l| l.trim_start()));
        let quoted = term_lines
            .flat_map(|l| l.split([',', '{']))
            .find_map(|field| field.trim_start().strip_prefix("en:"))
            .is_some_and(|value| value.trim_start().starts_with('"'));
        Layout { indent, flow, quoted, newline }
    }

    /// The lines of `term` in this layout.
    fn entry(&self, term: &Term) -> String {
        let mut fields = vec![
            ("key", scalar(&term.key, false, self.flow)),
            ("en", scalar(&term.en, self.quoted, self.flow)),
        ];
        if let Some(code) = &term.code {
            fields.push(("code", scalar(code, false, self.flow)));
        }
        if let Some(c) = term.coordinates {
            fields.push(("coordinates", format!("{{ lat: {}, lng: {} }}", c.lat, c.lng)));
        }
        if let Some(kind) = term.kind.and_then(|k| serde_json::to_value(k).ok()) {
            fields.push(("kind", kind.as_str().unwrap_or_default().to_owned()));
        }
        let pad = " ".repeat(self.indent);
        let newline = self.newline;
        if self.flow {
            let fields: Vec<String> = fields.iter().map(|(name, value)| format!("{name}: {value}")).collect();
            return format!("{pad}- {{ {} }}{newline}", fields.join(", "));
        }
        fields
            .iter()
            .enumerate()
            .map(|(i, (name, value))| {
                format!("{pad}{}{name}: {value}{newline}", if i == 0 { "- " } else { "  " })
            })
            .collect()
    }
}

/// A YAML scalar: plain when that reads back as the same string (letters first, no character
/// YAML gives a meaning, not a word YAML reads as a boolean or null), else double-quoted.
fn scalar(text: &str, quoted: bool, flow: bool) -> String {
    let plain = !quoted
        && text.chars().next().is_some_and(char::is_alphanumeric)
        && text.parse::<f64>().is_err()
        && !text.ends_with(' ')
        && text.chars().all(|c| c.is_alphanumeric() || " -'.()/&".contains(c) || (c == ',' && !flow))
        && !matches!(
            text.to_ascii_lowercase().as_str(),
            "true" | "false" | "null" | "yes" | "no" | "on" | "off" | "y" | "n"
        );
    if plain { text.to_owned() } else { serde_json::to_string(text).expect("strings serialise") }
}

/// The terms of a vocabulary file's text.
fn terms_in(text: &str) -> Result<Vec<Term>, String> {
    let tree = yaml::parse(text, 0).map_err(|e| format!("{e:?}"))?;
    yaml::deserialize::<VocabularyFile>(&tree)
        .map(|file| file.terms)
        .map_err(|errors| errors.iter().map(|e| e.describe()).collect::<Vec<_>>().join("; "))
}

/// `text`, a vocabulary file, with `terms` after its last term, in that term's layout (a block
/// or a one-line mapping, its indentation, English names quoted or not): the file's comments and
/// terms stay as written. The result is read back to be sure it holds exactly those terms more.
pub fn append(text: &str, terms: &[&Term]) -> Result<String, String> {
    let layout = Layout::of(text);
    let mut out = text.to_owned();
    if !out.is_empty() && !out.ends_with('\n') {
        out.push_str(layout.newline);
    }
    for term in terms {
        out.push_str(&layout.entry(term));
    }
    let before = terms_in(text)?.len();
    let after =
        terms_in(&out).map_err(|e| format!("the terms could not be added in the file's layout ({e})"))?;
    let same = |a: &Term, b: &Term| {
        (&a.key, &a.en, &a.ar, &a.ru, &a.code, a.coordinates)
            == (&b.key, &b.en, &b.ar, &b.ru, &b.code, b.coordinates)
    };
    let added = after.get(before..).unwrap_or_default();
    if added.len() != terms.len() || !added.iter().zip(terms).all(|(a, b)| same(a, b)) {
        return Err("the terms could not be added in the file's layout: add them by hand".to_owned());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn term(key: &str, en: &str, coordinates: Option<Coordinates>) -> Term {
        Term {
            key: key.into(),
            en: en.into(),
            ar: None,
            ru: None,
            code: None,
            coordinates,
            dld: Vec::new(),
            aliases: Vec::new(),
            kind: None,
        }
    }

    #[test]
    fn terms_are_appended_in_the_layout_of_the_last() {
        let block = "# Comment.\nterms:\n  - key: a\n    en: \"A\"\n    ar: أ\n    coordinates: { lat: 25.1, lng: 55.2 }\n# Trailing.\n";
        let c = Some(Coordinates { lat: 25.0231, lng: 55.265 });
        let out = append(block, &[&term("mudon", "Mudon", c)]).unwrap();
        assert_eq!(
            out,
            format!(
                "{block}  - key: mudon\n    en: \"Mudon\"\n    coordinates: {{ lat: 25.0231, lng: 55.265 }}\n"
            )
        );
        let plain = "terms:\n- key: villa\n  en: Villa\n  code: VH\n";
        let out = append(plain, &[&term("full-floor", "Full Floor", None)]).unwrap();
        assert_eq!(out, format!("{plain}- key: full-floor\n  en: Full Floor\n"));
        let flow = "terms:\n  - { key: english, en: English }";
        let out =
            append(flow, &[&term("tagalog", "Tagalog, Filipino", None), &term("no", "No", None)]).unwrap();
        assert_eq!(
            out,
            format!(
                "{flow}\n  - {{ key: tagalog, en: \"Tagalog, Filipino\" }}\n  - {{ key: \"no\", en: \"No\" }}\n"
            )
        );
    }

    #[test]
    fn a_community_named_with_a_line_break_in_the_feed_is_one_line_in_the_vocabulary() {
        let feed = super::super::feed::parse(
            "<list><property><community>Evil\"&#10;- key: x</community></property></list>",
        )
        .unwrap();
        let file = "terms:\n  - key: a\n    en: A\n";
        let tree = yaml::parse(file, 0).unwrap();
        let data: VocabularyFile = yaml::deserialize(&tree).unwrap();
        let record = crate::content::Record {
            id: "communities".into(),
            path: "vocabulary/communities.yaml".into(),
            tree,
            data,
            body: None,
            body_line: 1,
        };
        let mut vocabulary = Vocabularies { communities: Some(record), ..Vocabularies::default() };
        let new = collect(&feed, |_| false, &mut vocabulary);
        assert_eq!(new.len(), 1);
        let out = append(file, &[&new[0].term]).unwrap();
        assert_eq!(out, format!("{file}  - key: evil-key-x\n    en: \"Evil\\\" - key: x\"\n"));
        assert!(!new[0].term.en.contains(['\n', '\r']));
    }

    #[test]
    fn a_file_whose_layout_cannot_take_a_term_is_left_alone() {
        let problem = append("terms: []\n", &[&term("a", "A", None)]).unwrap_err();
        assert!(problem.contains("could not be added"), "{problem}");
    }

    #[test]
    fn new_keys_are_slugs_no_term_has() {
        let terms = [term("al-quoz", "Al Quoz Industrial Area 3", None)];
        assert_eq!(new_key(&terms, "Al Quoz").as_deref(), Some("al-quoz-2"));
        assert_eq!(new_key(&terms, "Mudon").as_deref(), Some("mudon"));
        assert_eq!(new_key(&terms, "مدن"), None);
    }
}
