//! The vocabularies' names in other languages, published in `data/site.json` so every page can
//! show a term (an amenity, a community, a property type, a spoken language, a payment-plan
//! stage) in its language.
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

/// Each vocabulary: English name -> other names.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Vocabulary {
    pub amenities: BTreeMap<String, TermNames>,
    pub communities: BTreeMap<String, TermNames>,
    pub languages: BTreeMap<String, TermNames>,
    pub types: BTreeMap<String, TermNames>,
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
}

/// What the query reader looks for in a typed search (`data/search-terms.json`), read by the
/// lead function's search endpoints and by the site's result pages alike.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SearchTerms {
    pub communities: Vec<SearchTerm>,
    pub types: Vec<SearchTerm>,
}
