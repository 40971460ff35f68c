//! The order of search results: the most relevant first, then the newest.
//!
//! A listing is found only when it has every word the query requires (each as the start of a
//! word, see [`crate::catalogue::query_words`]); the results are ordered by
//! 1. how many of the words are in the fields that name the property
//!    ([`crate::catalogue::ranked_text`]: its title, community and building, type and reference,
//!    in every language) rather than only in the description: 'Marina' finds the listings in
//!    Dubai Marina before the one whose description mentions a 'Creek Marina';
//! 2. the catalogue's order, newest first.
//!
//! The search index holds the words of those fields apart (the build writes it, or the function
//! makes it from `api/properties.json`, [`crate::catalogue::index`]); a field added to
//! [`crate::catalogue::ranked_text`] (another name of a community, say) counts as a strong match.

use crate::catalogue::{Listing, Snapshot};

/// The catalogue numbers of the listings that have every one of the query's words and pass
/// `keep`, most relevant first, then in the catalogue's order (newest first). Without words,
/// every listing `keep` lets through, in the catalogue's order.
///
/// A listing's relevance is how many of the query's words start a word of its ranked fields
/// (the snapshot's index of them, [`Snapshot::named_with`]). Greater is better.
pub fn ranked(snapshot: &Snapshot, query: &[String], keep: impl Fn(&Listing) -> bool) -> Vec<usize> {
    let listings = &snapshot.listings;
    let Some(having_all) = snapshot.with_words(query) else {
        return (0..listings.len()).filter(|&number| keep(&listings[number])).collect();
    };
    let has = |set: &[u64], number: usize| set[number / 64] & (1 << (number % 64)) != 0;
    let named = snapshot.named_with(query);
    let mut found: Vec<(usize, usize)> = (0..listings.len())
        .filter(|&number| has(&having_all, number) && keep(&listings[number]))
        .map(|number| (named.iter().filter(|set| has(set, number)).count(), number))
        .collect();
    // Stable, so equal relevance keeps the catalogue's order.
    found.sort_by_key(|(relevance, _)| std::cmp::Reverse(*relevance));
    found.into_iter().map(|(_, number)| number).collect()
}

#[cfg(test)]
mod tests {
    use contract::ApiProperty;

    use super::*;
    use crate::catalogue::query_words;

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
        ranked(snapshot, &query_words(query), |_| true)
            .into_iter()
            .map(|n| snapshot.listings[n].id.to_string())
            .collect()
    }

    #[test]
    fn only_listings_with_every_word_are_found_names_above_descriptions_then_newest() {
        // Newest first, as the catalogue is.
        let snapshot = Snapshot::new(vec![
            listing("creek", "Creek view flat", "Dubai Creek Harbour", "<p>Steps from the Creek Marina.</p>"),
            listing("gate", "Marina Gate 2BR", "Dubai Marina", ""),
            listing("villa", "Family villa", "Arabian Ranches", "<p>A quiet garden villa.</p>"),
            listing("jbr", "Sea view apartment", "Dubai Marina", "<p>Marina walk.</p>"),
        ])
        .expect("serialisable");
        assert_eq!(order(&snapshot, "Marina"), ["gate", "jbr", "creek"]);
        // Both words in the names first, then one of them only in the description; listings with
        // only one of the words are not found.
        assert_eq!(order(&snapshot, "view marina"), ["jbr", "creek"]);
        assert_eq!(order(&snapshot, "marina sea"), ["jbr"]);
        assert_eq!(order(&snapshot, "garden villa"), ["villa"]);
        assert_eq!(order(&snapshot, "creek marina"), ["creek"]);
        assert_eq!(order(&snapshot, "marina nothing"), Vec::<String>::new());
        assert_eq!(order(&snapshot, "nothing"), Vec::<String>::new());
        // Ignored words are not required; alone, they are no criterion, like an empty query.
        assert_eq!(order(&snapshot, "the view in Marina"), order(&snapshot, "view marina"));
        assert_eq!(order(&snapshot, "the"), ["creek", "gate", "villa", "jbr"]);
        assert_eq!(order(&snapshot, ""), ["creek", "gate", "villa", "jbr"]);
    }
}
