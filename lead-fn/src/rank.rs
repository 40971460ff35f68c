//! The order of search results: the most relevant first, then the newest.
//!
//! A listing is found when it has at least one of the query's words (as the start of a word,
//! see [`crate::catalogue::words`]); the results are ordered by
//! 1. how many of the query's words it has: all of them above some of them;
//! 2. how many of them are in the fields that name the property ([`ranked_text`]: its title,
//!    community and building, type and reference, in every language) rather than only in the
//!    description: 'Marina' finds the listings in Dubai Marina before the one whose description
//!    mentions a 'Creek Marina';
//! 3. the catalogue's order, newest first.
//!
//! Kept apart from what is searched (the catalogue's index), so either may grow on its own: a
//! field added to [`ranked_text`] (another name of a community, say) counts as a strong match.

use contract::ApiProperty;

use crate::catalogue::{Entry, Snapshot};

/// The texts a match in ranks highest: the title, the location (community and building), the
/// type and the reference, and the translated titles and locations.
pub fn ranked_text(property: &ApiProperty) -> String {
    let mut parts: Vec<&str> = vec![
        &property.title,
        property.location.as_deref().unwrap_or(""),
        &property.sub_category,
        property.reference.as_deref().unwrap_or(""),
    ];
    for translation in property.translations.values() {
        parts.extend(translation.title.as_deref());
        parts.extend(translation.location.as_deref());
    }
    parts.join("\n")
}

/// How well an entry matches: (words found anywhere, words found in the ranked fields).
/// Compared as a tuple, greater is better.
pub type Relevance = (usize, usize);

/// The relevance of an entry found in `sets` (the entries having each query word, from
/// [`Snapshot::word_sets`]), `number` being its place in the catalogue.
pub fn relevance(entry: &Entry, number: usize, query: &[String], sets: &[Vec<u64>]) -> Relevance {
    let mut anywhere = 0;
    let mut ranked = 0;
    for (word, set) in query.iter().zip(sets) {
        if set[number / 64] & (1 << (number % 64)) == 0 {
            continue;
        }
        anywhere += 1;
        let start = entry.ranked_words.partition_point(|w| **w < **word);
        if entry.ranked_words.get(start).is_some_and(|w| w.starts_with(word.as_str())) {
            ranked += 1;
        }
    }
    (anywhere, ranked)
}

/// The catalogue numbers of the entries that have at least one of the query's words and pass
/// `keep`, most relevant first, then in the catalogue's order (newest first). Without words,
/// every entry `keep` lets through, in the catalogue's order.
pub fn ranked(snapshot: &Snapshot, query: &[String], keep: impl Fn(&Entry) -> bool) -> Vec<usize> {
    if query.is_empty() {
        return (0..snapshot.entries.len()).filter(|&n| keep(&snapshot.entries[n])).collect();
    }
    let sets = snapshot.word_sets(query);
    let any = |number: usize| sets.iter().any(|set| set[number / 64] & (1 << (number % 64)) != 0);
    let mut found: Vec<(Relevance, usize)> = (0..snapshot.entries.len())
        .filter(|&number| any(number) && keep(&snapshot.entries[number]))
        .map(|number| (relevance(&snapshot.entries[number], number, query, &sets), number))
        .collect();
    // Stable, so equal relevance keeps the catalogue's order.
    found.sort_by_key(|(relevance, _)| std::cmp::Reverse(*relevance));
    found.into_iter().map(|(_, number)| number).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::words;

    fn listing(id: &str, title: &str, location: &str, description: &str) -> ApiProperty {
        serde_json::from_value(serde_json::json!({
            "_id": id, "id": id, "title": title, "mainCategory": "Residential", "subCategory": "Apartment",
            "Images": [], "location": location, "bedrooms": 2, "area": 1000, "price": 1,
            "featured": false, "createdAt": "2026-01-01T00:00:00+04:00",
            "description": description, "url": format!("/property/{id}")
        }))
        .expect("valid")
    }

    fn order(snapshot: &Snapshot, query: &str) -> Vec<String> {
        let query: Vec<String> = words(query).collect();
        ranked(snapshot, &query, |_| true)
            .into_iter()
            .map(|n| snapshot.entries[n].property.id.clone())
            .collect()
    }

    #[test]
    fn names_rank_above_descriptions_and_all_words_above_some_then_newest() {
        // Newest first, as the catalogue is.
        let snapshot = Snapshot::new(vec![
            listing("creek", "Creek view flat", "Dubai Creek Harbour", "<p>Steps from the Creek Marina.</p>"),
            listing("gate", "Marina Gate 2BR", "Dubai Marina", ""),
            listing("villa", "Family villa", "Arabian Ranches", "<p>A quiet garden villa.</p>"),
            listing("jbr", "Sea view apartment", "Dubai Marina", "<p>Marina walk.</p>"),
        ])
        .expect("serialisable");
        assert_eq!(order(&snapshot, "Marina"), ["gate", "jbr", "creek"]);
        // All words (in the names) first; then the one with both words, one of them only in the
        // description; then the listings with one of the words, named before described.
        assert_eq!(order(&snapshot, "marina sea"), ["jbr", "gate", "creek"]);
        assert_eq!(order(&snapshot, "garden villa"), ["villa"]);
        assert_eq!(order(&snapshot, "creek marina"), ["creek", "gate", "jbr"]);
        assert_eq!(order(&snapshot, "nothing"), Vec::<String>::new());
        assert_eq!(order(&snapshot, ""), ["creek", "gate", "villa", "jbr"]);
    }
}
