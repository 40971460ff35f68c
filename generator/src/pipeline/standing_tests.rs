//! What a change costs, between two standings.

use super::*;

fn listing(title: &str, agent: Option<&str>, lacks: &[&str]) -> Listing {
    Listing {
        title: title.into(),
        agent: agent.map(Into::into),
        lacks: lacks.iter().map(|f| (*f).to_owned()).collect(),
    }
}

fn standing(listings: &[(&str, Listing)], team: &[(&str, &str)]) -> Standing {
    Standing {
        listings: listings.iter().map(|(id, l)| ((*id).to_owned(), l.clone())).collect(),
        team: team.iter().map(|(id, name)| ((*id).to_owned(), (*name).to_owned())).collect(),
        ..Standing::default()
    }
}

#[test]
fn a_fresh_start_and_an_unchanged_site_cost_nothing() {
    let site = standing(&[("a", listing("A", Some("sara"), &[]))], &[("sara", "Sara Ahmed")]);
    assert!(Cost::between(None, &site).is_empty());
    assert!(Cost::between(Some(&site), &site).is_empty());
}

#[test]
fn a_deleted_agent_names_the_listings_that_lost_them_and_what_to_do() {
    let before = standing(
        &[
            ("a", listing("Marina A", Some("sara"), &[])),
            ("b", listing("Marina B", Some("sara"), &[])),
            ("c", listing("Downtown C", Some("omar"), &[])),
            // Left out before already: the portals do not lose it now.
            ("d", listing("Old D", Some("sara"), &["images"])),
        ],
        &[("sara", "Sara Ahmed"), ("omar", "Omar Nasser")],
    );
    let now = standing(
        &[
            ("a", listing("Marina A", None, &["agent"])),
            ("b", listing("Marina B", None, &["agent"])),
            ("c", listing("Downtown C", Some("omar"), &[])),
            ("d", listing("Old D", None, &["images", "agent"])),
        ],
        &[("omar", "Omar Nasser")],
    );
    let cost = Cost::between(Some(&before), &now);
    assert_eq!(cost.lines.len(), 1, "{cost:?}");
    let line = &cost.lines[0];
    assert_eq!(line.summary, "2 listings are no longer sent to the portals");
    assert_eq!(
        line.message,
        "2 listings are no longer sent to the portals: they have no agent, since the team member “Sara Ahmed” was deleted."
    );
    assert_eq!(line.entries, ["Listing “Marina A”", "Listing “Marina B”"]);
    assert!(line.hint.as_deref().unwrap().starts_with("Open each listing, choose another Agent"), "{line:?}");
}

#[test]
fn a_new_listing_without_an_agent_or_photo_is_told_and_many_are_capped() {
    let before = standing(&[], &[]);
    let many: Vec<(String, Listing)> = (0..20)
        .map(|i| (format!("l{i:02}"), listing(&format!("L{i:02}"), None, &["images", "agent"])))
        .collect();
    let many: Vec<(&str, Listing)> = many.iter().map(|(id, l)| (id.as_str(), l.clone())).collect();
    let cost = Cost::between(Some(&before), &standing(&many, &[]));
    let line = &cost.lines[0];
    assert_eq!(
        line.message,
        "20 listings are published but not sent to the portals: they have no photo and no agent."
    );
    assert_eq!(line.entries.len(), NAMED + 1);
    assert_eq!(line.entries.last().map(String::as_str), Some("and 8 more"));
}

#[test]
fn pages_gone_and_photos_deleted_are_told_once() {
    let mut before = Standing::default();
    before.pages.insert("/blog/1/a".into(), "Blog post “A”".into());
    before.pages.insert("/area-guides-in-dubai/jvc".into(), "Area guide “JVC”".into());
    let mut now = before.clone();
    now.pages.remove("/area-guides-in-dubai/jvc");
    now.photos.insert("Listing \"X\" · Photos: the photo media/x.jpg was deleted; choose another".into());
    let cost = Cost::between(Some(&before), &now);
    let summaries: Vec<&str> = cost.lines.iter().map(|l| l.summary.as_str()).collect();
    assert_eq!(
        summaries,
        ["1 page is no longer on the site", "1 photo was deleted while entries still show it"]
    );
    assert_eq!(cost.lines[0].entries, ["Area guide “JVC”"]);
    // The next build, with nothing changed, says nothing again.
    assert!(Cost::between(Some(&now), &now).is_empty());
}
