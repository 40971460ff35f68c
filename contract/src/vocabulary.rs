//! The vocabularies' names in other languages, published in `data/site.json` so every page can
//! show a term (an amenity, a community, a property type, a spoken language, a payment-plan
//! stage) in its language; and a property type's kind ([`TypeKind`]), which the market figures,
//! the portal feed and the pages' structured data read.
//! Content names terms by key or English name; what is published is always the English name,
//! and these tables map it to the Arabic and Russian ones.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A term's names in Arabic and Russian; a missing one falls back to English.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct TermNames {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ar: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ru: Option<String>,
}

impl TermNames {
    /// The name in `lang` (`ar`, `ru`), if the vocabulary gives one.
    pub fn get(&self, lang: &str) -> Option<&str> {
        match lang {
            "ar" => self.ar.as_deref(),
            "ru" => self.ru.as_deref(),
            _ => None,
        }
    }
}

/// What sort of place a property type is: the one grouping of types the market figures, the
/// portal feed and the structured data read (`content/vocabulary/types.yaml`'s `kind`):
/// `apartment` (a flat: an apartment, a studio, a penthouse, a duplex, a hotel apartment),
/// `villa` (a house: a villa, a townhouse, a bungalow, a palace), `land` (a plot),
/// `office-shop` (commercial space the Land Department counts as offices and shops: an office, a
/// shop, a retail unit), `other-commercial` (commercial space its figures leave out: a
/// warehouse, a full floor).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum TypeKind {
    Apartment,
    Villa,
    Land,
    OfficeShop,
    OtherCommercial,
}

impl TypeKind {
    /// The kind the market figures count a listing of this type as; `None` for types they
    /// leave out.
    pub fn market(self) -> Option<crate::detail::MarketKind> {
        use crate::detail::MarketKind;
        match self {
            TypeKind::Apartment => Some(MarketKind::Apartment),
            TypeKind::Villa => Some(MarketKind::Villa),
            TypeKind::Land => Some(MarketKind::Land),
            TypeKind::OfficeShop => Some(MarketKind::OfficeShop),
            TypeKind::OtherCommercial => None,
        }
    }

    /// Whether it is let and sold as commercial space.
    pub fn is_commercial(self) -> bool {
        matches!(self, TypeKind::OfficeShop | TypeKind::OtherCommercial)
    }
}

/// A property type's names in Arabic and Russian, and its kind.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct TypeNames {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ar: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ru: Option<String>,
    /// Absent for a type whose vocabulary entry gives none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<TypeKind>,
}

/// Each vocabulary: English name -> other names.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Vocabulary {
    pub amenities: BTreeMap<String, TermNames>,
    pub communities: BTreeMap<String, TermNames>,
    pub languages: BTreeMap<String, TermNames>,
    /// The property types, with their kinds.
    pub types: BTreeMap<String, TypeNames>,
    /// The stages of off-plan payment plans ('On booking').
    #[serde(default)]
    pub stages: BTreeMap<String, TermNames>,
}

/// A community or property type as search reads it in a typed query: the English name listings
/// are published with, and every other way it is written (its Arabic and Russian names, the
/// vocabulary's `aliases`: 'JVC', 'The Palm').
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SearchTerm {
    pub name: String,
    pub names: Vec<String>,
    /// Its Arabic and Russian names, for what the lead function writes of a search in a
    /// visitor's language (a saved search's emails); absent when the vocabulary gives neither.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub translated: Option<TermNames>,
}

/// What the query reader looks for in a typed search (`data/search-terms.json`), read by the
/// lead function's search endpoints and by the site's result pages alike.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SearchTerms {
    pub communities: Vec<SearchTerm>,
    pub types: Vec<SearchTerm>,
}

impl SearchTerms {
    /// A community's name in `lang`, the community found by any of its names; what was given
    /// when no term has it, or the vocabulary gives no name in `lang`.
    pub fn community_in(&self, given: &str, lang: &str) -> String {
        named_in(&self.communities, given, lang)
    }

    /// A property type's name in `lang`, as [`SearchTerms::community_in`].
    pub fn type_in(&self, given: &str, lang: &str) -> String {
        named_in(&self.types, given, lang)
    }
}

fn named_in(terms: &[SearchTerm], given: &str, lang: &str) -> String {
    let given = given.trim();
    let same = |name: &str| name.trim().eq_ignore_ascii_case(given);
    terms
        .iter()
        .find(|term| same(&term.name) || term.names.iter().any(|name| same(name)))
        .map(|term| {
            let translated = term.translated.as_ref().and_then(|names| names.get(lang));
            translated.unwrap_or(&term.name).to_owned()
        })
        .unwrap_or_else(|| given.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_term_is_named_in_a_language_by_any_of_its_names() {
        let marina = SearchTerm {
            name: "Dubai Marina".into(),
            names: vec!["دبي مارينا".into(), "Дубай Марина".into(), "Marina".into()],
            translated: Some(TermNames {
                ar: Some("دبي مارينا".into()), ru: Some("Дубай Марина".into())
            }),
        };
        let terms = SearchTerms { communities: vec![marina], types: Vec::new() };
        assert_eq!(terms.community_in("Dubai Marina", "ar"), "دبي مارينا");
        assert_eq!(terms.community_in("dubai marina ", "ru"), "Дубай Марина");
        assert_eq!(terms.community_in("Marina", "en"), "Dubai Marina");
        assert_eq!(terms.community_in("Дубай Марина", "ar"), "دبي مارينا");
        // A place the vocabulary does not know keeps what was typed; a type is not a community.
        assert_eq!(terms.community_in("Hatta", "ar"), "Hatta");
        assert_eq!(terms.type_in("Dubai Marina", "ar"), "Dubai Marina");
    }
}
