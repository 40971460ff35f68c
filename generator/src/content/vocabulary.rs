//! The vocabularies, `content/vocabulary/{amenities,communities,languages,types,stages}.yaml`: the words
//! that repeat across records, each term once with its key and its English, Arabic and Russian
//! names. Content names a term by its key or by its English name (compared folded, as search
//! compares texts); [`canonicalize`] turns either into the English name, which is what the
//! rest of the pipeline and the published JSON use. A vocabulary file that is absent accepts
//! any value (content without vocabularies keeps working).

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use contract::text::fold;
pub use contract::vocabulary::TypeKind;
use schemars::JsonSchema;
use serde::Deserialize;

use super::diag::{Diagnostic, Report};
use super::model::{Coordinates, MemberFile, PropertyFile, SubCategory};
use super::{Record, is_valid_id, read};

/// One vocabulary file.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct VocabularyFile {
    pub terms: Vec<Term>,
}

/// One term of a vocabulary.
#[derive(Debug, Clone, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Term {
    /// What content writes: lower-case letters, digits and hyphens (`dubai-marina`).
    pub key: String,
    /// The English name (content may write it instead of the key).
    pub en: String,
    /// The Arabic name.
    pub ar: Option<String>,
    /// The Russian name.
    pub ru: Option<String>,
    /// The Property Finder code (amenities and property types), for the portal feed.
    pub code: Option<String>,
    /// Communities: the centre of the community.
    pub coordinates: Option<Coordinates>,
    /// Communities: the Dubai Land Department's area name(s) the community lies in, as its open
    /// data writes them (`Marsa Dubai` for Dubai Marina), for `estate market import`.
    #[serde(default)]
    pub dld: Vec<String>,
    /// Other names people write for it, in any language (`JVC`, `The Palm`, `Marina`): search
    /// reads them in a typed query as the term itself.
    #[serde(default)]
    pub aliases: Vec<String>,
    /// Property types: what sort of place it is (`apartment`, `villa`, `land`, `office-shop`,
    /// `other-commercial`), which the market figures, the portal feed and the pages' structured
    /// data go by.
    pub kind: Option<TypeKind>,
}

impl Term {
    /// The name in `lang` (`en`, `ar`, `ru`), if given.
    pub fn name(&self, lang: &str) -> Option<&str> {
        match lang {
            "en" => Some(&self.en),
            "ar" => self.ar.as_deref(),
            "ru" => self.ru.as_deref(),
            _ => None,
        }
    }
}

/// The kinds of vocabulary, by file name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Amenities,
    Communities,
    Languages,
    Types,
    /// The stages of an off-plan payment plan ('On booking', 'On handover').
    Stages,
}

impl Kind {
    pub const ALL: [Kind; 5] =
        [Kind::Amenities, Kind::Communities, Kind::Languages, Kind::Types, Kind::Stages];

    pub fn file(self) -> &'static str {
        match self {
            Kind::Amenities => "amenities",
            Kind::Communities => "communities",
            Kind::Languages => "languages",
            Kind::Types => "types",
            Kind::Stages => "stages",
        }
    }

    /// The vocabulary's file in the content folder `content`.
    pub fn path(self, content: &Path) -> PathBuf {
        content.join("vocabulary").join(format!("{}.yaml", self.file()))
    }

    /// What one term is called in messages.
    pub fn singular(self) -> &'static str {
        match self {
            Kind::Amenities => "amenity",
            Kind::Communities => "community",
            Kind::Languages => "language",
            Kind::Types => "property type",
            Kind::Stages => "payment-plan stage",
        }
    }

    /// The vocabulary's name in the CMS (its list under Vocabularies), which editors' messages use.
    pub fn label(self) -> &'static str {
        match self {
            Kind::Amenities => "Amenities",
            Kind::Communities => "Communities",
            Kind::Languages => "Spoken languages",
            Kind::Types => "Property types",
            Kind::Stages => "Payment-plan stages",
        }
    }

    /// What several terms are called in messages.
    pub fn plural(self) -> &'static str {
        match self {
            Kind::Amenities => "amenities",
            Kind::Communities => "communities",
            Kind::Languages => "languages",
            Kind::Types => "property types",
            Kind::Stages => "payment-plan stages",
        }
    }
}

impl SubCategory {
    /// The kind such a type usually has: what a command writes when it adds the type to a
    /// vocabulary (`estate new`'s demo, an import), and the kind where a vocabulary gives none
    /// ([`Vocabularies::type_kind`]); the vocabulary's `kind` says otherwise.
    pub fn usual_kind(self) -> TypeKind {
        match self {
            SubCategory::Apartment
            | SubCategory::Penthouse
            | SubCategory::Studio
            | SubCategory::Duplex
            | SubCategory::HotelApartment => TypeKind::Apartment,
            SubCategory::Villa | SubCategory::Townhouse | SubCategory::Bungalow | SubCategory::Palace => {
                TypeKind::Villa
            }
            SubCategory::Plot => TypeKind::Land,
            SubCategory::Office | SubCategory::Shop | SubCategory::Retail => TypeKind::OfficeShop,
            SubCategory::Warehouse | SubCategory::FullFloor => TypeKind::OtherCommercial,
        }
    }
}

/// The vocabularies that exist in the content folder.
#[derive(Debug, Default, Clone)]
pub struct Vocabularies {
    pub amenities: Option<Record<VocabularyFile>>,
    pub communities: Option<Record<VocabularyFile>>,
    pub languages: Option<Record<VocabularyFile>>,
    pub types: Option<Record<VocabularyFile>>,
    pub stages: Option<Record<VocabularyFile>>,
}

impl Vocabularies {
    pub fn get(&self, kind: Kind) -> Option<&Record<VocabularyFile>> {
        match kind {
            Kind::Amenities => self.amenities.as_ref(),
            Kind::Communities => self.communities.as_ref(),
            Kind::Languages => self.languages.as_ref(),
            Kind::Types => self.types.as_ref(),
            Kind::Stages => self.stages.as_ref(),
        }
    }

    /// The vocabulary of `kind` to change in memory (an import adding the terms a feed names).
    pub fn get_mut(&mut self, kind: Kind) -> Option<&mut Record<VocabularyFile>> {
        self.slot(kind).as_mut()
    }

    fn slot(&mut self, kind: Kind) -> &mut Option<Record<VocabularyFile>> {
        match kind {
            Kind::Amenities => &mut self.amenities,
            Kind::Communities => &mut self.communities,
            Kind::Languages => &mut self.languages,
            Kind::Types => &mut self.types,
            Kind::Stages => &mut self.stages,
        }
    }

    /// The term `written` names: its key, or its name in any language (folded). `None` when
    /// the vocabulary has no such term, and also when the vocabulary is absent. A key or name
    /// written as the vocabulary writes it is found without folding: content names terms that
    /// way, and folding every name on every lookup made a 10,000-listing check seconds slower.
    pub fn find(&self, kind: Kind, written: &str) -> Option<&Term> {
        let terms = &self.get(kind)?.data.terms;
        let exact = |t: &&Term| {
            t.key == written || ["en", "ar", "ru"].iter().any(|lang| t.name(lang) == Some(written))
        };
        if let Some(term) = terms.iter().find(exact) {
            return Some(term);
        }
        let folded = fold(written.trim());
        terms.iter().find(|t| {
            ["en", "ar", "ru"].iter().any(|lang| t.name(lang).is_some_and(|name| fold(name) == folded))
        })
    }

    /// Whether `written` is acceptable: a known term, or any value when the vocabulary is absent.
    pub fn accepts(&self, kind: Kind, written: &str) -> bool {
        self.get(kind).is_none() || self.find(kind, written).is_some()
    }

    /// The vocabulary's term of the property type `sub` (by its key, so its names may change).
    pub fn type_term(&self, sub: SubCategory) -> Option<&Term> {
        let key = sub.key();
        self.types.as_ref()?.data.terms.iter().find(|t| t.key == key)
    }

    /// The name a listing of type `sub` is published under: the vocabulary's English name, or
    /// the type's own without a vocabulary entry.
    pub fn type_name(&self, sub: SubCategory) -> &str {
        self.type_term(sub).map_or(sub.as_str(), |t| t.en.as_str())
    }

    /// The kind of the property type `sub`: the vocabulary's, or the type's usual one where the
    /// vocabulary gives none (no `kind`, no entry, no types.yaml: content without vocabularies
    /// keeps its market figures; `estate check` warns of a missing kind).
    pub fn type_kind(&self, sub: SubCategory) -> TypeKind {
        self.type_term(sub).and_then(|t| t.kind).unwrap_or_else(|| sub.usual_kind())
    }

    /// The property type published under the name `published` ([`Vocabularies::type_name`]).
    pub fn type_published_as(&self, published: &str) -> Option<SubCategory> {
        SubCategory::ALL.into_iter().find(|&sub| self.type_name(sub) == published)
    }

    /// The English name of the term `written` names, or `written` itself when unknown.
    pub fn english(&self, kind: Kind, written: &str) -> String {
        self.find(kind, written).map_or_else(|| written.to_owned(), |t| t.en.clone())
    }
}

/// Reads the one vocabulary `kind` of the content folder `dir`, checked on its own, for a command
/// that needs no more (`estate market import` reads the communities). `None` when the file is
/// absent.
pub fn load_one(dir: &Path, kind: Kind) -> (Option<Record<VocabularyFile>>, Vec<Diagnostic>) {
    let path = kind.path(dir);
    if !path.is_file() {
        return (None, Vec::new());
    }
    let (record, mut diags) = read::<VocabularyFile>(&path, kind.file().to_owned());
    if let Some(record) = &record {
        diags.extend(check_terms(record, kind));
    }
    (record, diags)
}

/// Reads `dir/vocabulary/*.yaml`, checking each file on its own: valid and unique keys, unique
/// English names.
pub(super) fn load(dir: &Path, report: &mut Report) -> Vocabularies {
    let mut vocabularies = Vocabularies::default();
    for kind in Kind::ALL {
        let path = kind.path(dir);
        // A link, to the file or its folder, is reported by `load` and not read.
        if !path.is_file() || !super::safe_fs::is_real_dir(path.parent().unwrap_or(dir)) {
            continue;
        }
        let (record, diags) = read::<VocabularyFile>(&path, kind.file().to_owned());
        report.extend(diags);
        if let Some(record) = record {
            report.extend(check_terms(&record, kind));
            *vocabularies.slot(kind) = Some(record);
        }
    }
    vocabularies
}

fn check_terms(record: &Record<VocabularyFile>, kind: Kind) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let mut keys: HashMap<&str, usize> = HashMap::new();
    let mut names: HashMap<String, usize> = HashMap::new();
    let mut dld_areas: HashMap<String, usize> = HashMap::new();
    for (i, term) in record.data.terms.iter().enumerate() {
        let index = i.to_string();
        if !is_valid_id(&term.key) {
            found.push(
                Diagnostic::error(
                    &record.path,
                    record.tree.pos_of(&["terms", &index, "key"]),
                    format!("`{}` is not a valid key", term.key),
                )
                .with_hint("use lower-case letters, digits and single hyphens, e.g. `dubai-marina`"),
            );
        }
        if let Some(first) = keys.insert(&term.key, i) {
            found.push(Diagnostic::error(
                &record.path,
                record.tree.pos_of(&["terms", &index, "key"]),
                format!("duplicate key `{}`: term {} has it too", term.key, first + 1),
            ));
        }
        if let Some(c) = &term.coordinates {
            let pos = record.tree.pos_of(&["terms", &index, "coordinates"]);
            found.extend(super::geo::check_coordinates(&record.path, pos, c));
        }
        if let Some(first) = names.insert(fold(term.en.trim()), i) {
            found.push(Diagnostic::error(
                &record.path,
                record.tree.pos_of(&["terms", &index, "en"]),
                format!("duplicate English name `{}`: term {} has it too", term.en, first + 1),
            ));
        }
        // A type without its kind has no market figures and is described as premises.
        if kind == Kind::Types && term.kind.is_none() {
            found.push(
                Diagnostic::warning(
                    &record.path,
                    record.tree.pos_of(&["terms", &index]),
                    format!("the property type `{}` has no kind", term.en),
                )
                .with_hint(
                    "add `kind: apartment`, `villa`, `land`, `office-shop` or `other-commercial`: its listings' market figures and search-engine description go by it",
                ),
            );
        }
        // A DLD area counted for two communities would count its sales twice.
        for (j, area) in term.dld.iter().enumerate() {
            if let Some(first) = dld_areas.insert(fold(area.trim()), i) {
                found.push(Diagnostic::error(
                    &record.path,
                    record.tree.pos_of(&["terms", &index, "dld", &j.to_string()]),
                    format!("the DLD area `{area}` is named by term {} too", first + 1),
                ));
            }
        }
    }
    found
}

/// Writes every term a listing names by key or in another spelling as its English name, so the
/// published records and everything comparing them see one name per term. Unknown values are
/// left as written (the check reports them).
pub(super) fn canonical_property(vocabulary: &Vocabularies, p: &mut PropertyFile) {
    if let Some(location) = &mut p.location {
        // The community's names win over a listing's own, so every card agrees.
        if let Some(term) = vocabulary.find(Kind::Communities, location) {
            *location = term.en.clone();
            for (lang, texts) in [("ar", &mut p.ar), ("ru", &mut p.ru)] {
                if let Some(name) = term.name(lang) {
                    texts.get_or_insert_with(Default::default).location = Some(name.to_owned());
                }
            }
        }
    }
    for amenity in &mut p.amenities {
        *amenity = vocabulary.english(Kind::Amenities, amenity);
    }
    for step in &mut p.payment_plan {
        step.milestone = vocabulary.english(Kind::Stages, &step.milestone);
    }
}

/// A team member's languages as the vocabulary's English names (see [`canonical_property`]).
pub(super) fn canonical_member(vocabulary: &Vocabularies, m: &mut MemberFile) {
    for language in &mut m.languages {
        *language = vocabulary.english(Kind::Languages, language);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The site's types and the sample's `vocabulary/types.yaml` name the same types, each
    /// vocabulary entry with a kind (what the market figures and the structured data go by).
    #[test]
    fn every_type_is_a_term_of_the_vocabulary_and_every_term_a_type() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../content/vocabulary/types.yaml");
        let text = std::fs::read_to_string(&path).expect("the sample's types.yaml");
        let tree = crate::content::yaml::parse(&text, 0).expect("types.yaml parses");
        let file: VocabularyFile =
            crate::content::yaml::deserialize(&tree).expect("types.yaml is a vocabulary");
        let keys: Vec<&str> = file.terms.iter().map(|t| t.key.as_str()).collect();
        let ours: Vec<String> = SubCategory::ALL.iter().map(|s| s.key()).collect();
        for key in &ours {
            assert!(keys.contains(&key.as_str()), "types.yaml has no term `{key}`");
        }
        for term in &file.terms {
            assert!(ours.contains(&term.key), "types.yaml's `{}` is none of the site's types", term.key);
            assert!(term.kind.is_some(), "types.yaml's `{}` has no kind", term.key);
        }
    }
}
