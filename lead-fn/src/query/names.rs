//! What the query reader looks for, folded and indexed once per catalogue load ([`Names`]):
//! every name of the communities and types, looked up by its folded key and by its number of
//! tokens and first letter, and the words of the communities' names by their first letter, so a
//! request compares each run of its tokens with the few names it may be.

use std::collections::HashMap;

use contract::vocabulary::{SearchTerm, SearchTerms};

use super::{allowance, name_key, near_enough, tokens, type_key};

/// A folded word or name, with what the edits' comparison checks before counting them.
#[derive(Debug, Clone)]
pub(super) struct Folded {
    pub(super) key: String,
    pub(super) first: Option<char>,
    letters: usize,
}

impl Folded {
    fn new(key: String) -> Folded {
        Folded { first: key.chars().next(), letters: key.chars().count(), key }
    }

    /// The edits from `typed` (`letters` long) to this when within its allowance and both start
    /// alike ([`near_enough`]); the edits are counted only when the lengths allow it.
    pub(super) fn near(&self, typed: &str, letters: usize) -> Option<usize> {
        if typed.chars().next() != self.first || letters.abs_diff(self.letters) > allowance(self.letters) {
            return None;
        }
        near_enough(typed, &self.key)
    }
}

/// A name of a community or type, folded ([`name_key`]).
#[derive(Debug, Clone)]
pub(super) struct Name {
    /// Its term, by number.
    pub(super) term: usize,
    pub(super) word: Folded,
    /// What a run of tokens is compared with: the key, a type's without its last 's'.
    pub(super) compared: String,
    /// How many tokens it has.
    tokens: usize,
}

/// A word of the communities' names, for the rest's spelling.
#[derive(Debug, Clone)]
pub(super) struct NameWord {
    pub(super) raw: String,
    pub(super) word: Folded,
}

/// The names of one vocabulary, looked up by what they are compared with and by their number
/// of tokens and first letter, so a run of tokens is compared with the few names it may be.
#[derive(Debug, Clone, Default)]
pub(super) struct NameIndex {
    pub(super) names: Vec<Name>,
    /// A name's compared key: the first term (in the vocabulary's order) that has it.
    pub(super) exact: HashMap<String, usize>,
    /// By (tokens, first letter): the names' numbers, in the vocabulary's order.
    pub(super) by_start: HashMap<(usize, char), Vec<usize>>,
}

impl NameIndex {
    fn new(names: Vec<Name>) -> NameIndex {
        let mut exact = HashMap::new();
        let mut by_start: HashMap<(usize, char), Vec<usize>> = HashMap::new();
        for (i, name) in names.iter().enumerate() {
            exact.entry(name.compared.clone()).or_insert(name.term);
            if let Some(first) = name.word.first {
                by_start.entry((name.tokens, first)).or_default().push(i);
            }
        }
        NameIndex { names, exact, by_start }
    }
}

/// What the reader looks for, folded once per catalogue load: every name of the [`SearchTerms`]
/// and the words of the communities' names.
#[derive(Debug, Clone, Default)]
pub struct Names {
    pub(super) communities: NameIndex,
    pub(super) community_names: Vec<String>,
    pub(super) types: NameIndex,
    pub(super) type_names: Vec<String>,
    /// The words of the communities' names of four letters or more, letters only, by their
    /// first letter (in the names' order).
    pub(super) words: HashMap<char, Vec<NameWord>>,
    /// Those words' keys and their singulars ('tower' of 'Towers'): kept as typed.
    pub(super) known: std::collections::HashSet<String>,
}

impl Names {
    pub fn new(terms: &SearchTerms) -> Names {
        let names = |terms: &[SearchTerm], types: bool| -> Vec<Name> {
            let mut out = Vec::new();
            for (term, entry) in terms.iter().enumerate() {
                for name in super::names(entry) {
                    let key = name_key(name);
                    let compared = if types { type_key(&key).to_owned() } else { key.clone() };
                    let tokens = key.split(' ').count();
                    out.push(Name { term, word: Folded::new(key), compared, tokens });
                }
            }
            out
        };
        let mut words: HashMap<char, Vec<NameWord>> = HashMap::new();
        let mut known = std::collections::HashSet::new();
        let all = terms.communities.iter().flat_map(super::names).flat_map(tokens);
        for t in all.filter(|t| t.key.chars().count() >= 4 && t.key.chars().all(char::is_alphabetic)) {
            known.insert(t.key.strip_suffix('s').unwrap_or(&t.key).to_owned());
            known.insert(t.key.clone());
            let word = NameWord { raw: t.raw, word: Folded::new(t.key) };
            words.entry(word.word.first.unwrap_or_default()).or_default().push(word);
        }
        Names {
            communities: NameIndex::new(names(&terms.communities, false)),
            community_names: terms.communities.iter().map(|t| t.name.clone()).collect(),
            types: NameIndex::new(names(&terms.types, true)),
            type_names: terms.types.iter().map(|t| t.name.clone()).collect(),
            words,
            known,
        }
    }
}
