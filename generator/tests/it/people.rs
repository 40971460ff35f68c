//! The team members' and developers' pages (`/agents/{id}`, `/developers/{id}`): their data
//! files with the listings naming them, the route list the prerender reads, the sitemap with
//! every language's page; and a rental's terms (`cheques`, `availableFrom`): `estate check`
//! refuses them where they do not belong, at their line, and the API record and the portal feed
//! carry them.

use std::collections::BTreeSet;
use std::path::Path;

use serde_json::Value;

use crate::sample_site::{dist, loaded};
use crate::support::{estate, is_coverage_warning, is_portal_feed_warning, sample_with_listings};

fn json(path: &str) -> Value {
    let file = dist().join(path.trim_start_matches('/'));
    serde_json::from_slice(&std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display())))
        .unwrap()
}

fn ids(cards: &Value) -> Vec<String> {
    cards.as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap().to_owned()).collect()
}

/// The published listings of the sample whose `field` names `id`, newest first.
fn naming(id: &str, field: fn(&generator::content::model::PropertyFile) -> Option<&str>) -> Vec<String> {
    let mut listed: Vec<_> = loaded().published().filter(|p| field(&p.data) == Some(id)).collect();
    listed.sort_by(|a, b| b.data.created_at.cmp(&a.data.created_at).then_with(|| a.id.cmp(&b.id)));
    listed.iter().map(|p| p.id.clone()).collect()
}

#[test]
fn every_member_has_a_page_with_the_listings_naming_them_newest_first() {
    for member in &loaded().team {
        let page = json(&contract::files::agent_page(&member.id));
        assert_eq!(page["url"], format!("/agents/{}", member.id));
        assert_eq!(page["member"]["id"], member.id.as_str());
        assert_eq!(page["member"]["name"], member.data.name.as_str());
        assert_eq!(page["member"]["brn"].as_str(), member.data.brn.as_deref());
        let expected = naming(&member.id, |p| p.agent.as_deref());
        assert!(!expected.is_empty(), "{} has listings in the sample", member.id);
        assert_eq!(page["total"], expected.len());
        // Newest first; the same day's in any order.
        let got = ids(&page["listings"]);
        assert_eq!(
            got.iter().collect::<BTreeSet<_>>(),
            expected.iter().collect::<BTreeSet<_>>(),
            "{}",
            member.id
        );
        let dates: Vec<&str> =
            page["listings"].as_array().unwrap().iter().map(|c| c["createdAt"].as_str().unwrap()).collect();
        let parsed: Vec<_> = dates.iter().map(|d| chrono::DateTime::parse_from_rfc3339(d).unwrap()).collect();
        assert!(parsed.windows(2).all(|w| w[0] >= w[1]), "{}: {dates:?}", member.id);
        // A card is the listing pages' card: its page and price.
        let first = &page["listings"][0];
        assert_eq!(first["url"], format!("/property/{}", first["id"].as_str().unwrap()));
    }
}

#[test]
fn every_developer_has_a_page_with_its_listings_and_the_projects_they_name() {
    let routes = json(contract::files::ROUTES);
    let developers: Vec<&str> =
        routes["developers"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    assert_eq!(developers.len(), loaded().developers.len());
    for developer in &loaded().developers {
        assert!(developers.contains(&format!("/developers/{}", developer.id).as_str()), "{developers:?}");
        let page = json(&contract::files::developer_page(&developer.id));
        assert_eq!(page["developer"]["name"], developer.data.name.as_str());
        let expected = naming(&developer.id, |p| p.developer.as_deref());
        assert_eq!(page["total"], expected.len(), "{}", developer.id);
        let projects: BTreeSet<String> = loaded()
            .published()
            .filter(|p| p.data.developer.as_deref() == Some(developer.id.as_str()))
            .filter_map(|p| p.data.project_name.as_deref().map(|n| n.trim().to_owned()))
            .collect();
        let named: Vec<String> = page["projects"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(named, projects.into_iter().collect::<Vec<_>>(), "{}", developer.id);
    }
    // Emaar's projects in the sample: each with its listing's community, handover and price.
    let emaar = json(&contract::files::developer_page("emaar"));
    let creek = emaar["projects"].as_array().unwrap().iter().find(|p| p["name"] == "Creekside Vista Tower 2");
    let creek = creek.expect("Emaar's Creekside Vista Tower 2");
    assert_eq!(creek["community"], "Dubai Creek Harbour");
    assert_eq!(creek["completionDate"], "2029-09");
    assert_eq!(creek["fromPrice"], 1_750_000);
    assert_eq!(creek["listings"], 1);
}

#[test]
fn the_route_list_and_the_sitemap_name_each_page_in_every_language() {
    let routes = json(contract::files::ROUTES);
    let agents: Vec<&str> =
        routes["agents"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    // In the team's order (`order`).
    assert_eq!(agents, ["/agents/sara-al-mansouri", "/agents/daniel-novak"]);

    let sitemap = std::fs::read_to_string(dist().join("sitemap.xml")).unwrap();
    let doc = roxmltree::Document::parse(&sitemap).unwrap();
    let base = loaded().site.as_ref().unwrap().data.base_url.trim_end_matches('/').to_owned();
    let url = |path: &str| {
        doc.root_element()
            .children()
            .find(|u| {
                u.children().any(|c| c.has_tag_name("loc") && c.text() == Some(&format!("{base}{path}")))
            })
            .unwrap_or_else(|| panic!("{path} is not in the sitemap"))
    };
    for page in ["/agents/sara-al-mansouri", "/developers/emaar", "/developers/azizi"] {
        for lang in contract::urls::LANGUAGES {
            let entry = url(&contract::urls::localized_path(lang, page));
            let alternates: Vec<(&str, &str)> = entry
                .children()
                .filter(|n| n.tag_name().name() == "link")
                .map(|n| (n.attribute("hreflang").unwrap(), n.attribute("href").unwrap()))
                .collect();
            let wanted: Vec<(&str, String)> = [
                ("en", format!("{base}{page}")),
                ("ar", format!("{base}/ar{page}")),
                ("ru", format!("{base}/ru{page}")),
                ("x-default", format!("{base}{page}")),
            ]
            .into();
            assert_eq!(
                alternates,
                wanted.iter().map(|(l, h)| (*l, h.as_str())).collect::<Vec<_>>(),
                "{lang} {page}"
            );
        }
    }
    // A member's page changes with their newest listing: its date is the page's lastmod.
    let newest = loaded()
        .published()
        .filter(|p| p.data.agent.as_deref() == Some("sara-al-mansouri"))
        .map(|p| p.data.created_at)
        .max()
        .unwrap();
    let lastmod = url("/agents/sara-al-mansouri").children().find(|c| c.has_tag_name("lastmod")).unwrap();
    assert_eq!(lastmod.text(), Some(newest.to_api().as_str()));
}

#[test]
fn a_rentals_terms_reach_its_api_record_and_the_portal_feed() {
    let api = json(&contract::files::api_property("jvc-studio-for-rent"));
    assert_eq!((api["cheques"].as_u64(), api["availableFrom"].as_str()), (Some(12), Some("2026-12-15")));
    // A sale says none.
    let sale = json(&contract::files::api_property("marina-gate-two-bedroom-sea-view"));
    assert!(sale.get("cheques").is_none() && sale.get("availableFrom").is_none(), "{sale}");

    let feed = std::fs::read_to_string(dist().join(contract::files::relative(contract::files::PORTAL_FEED)))
        .unwrap();
    let doc = roxmltree::Document::parse(&feed).unwrap();
    let property = |reference: &str| {
        doc.root_element()
            .children()
            .find(|p| p.children().any(|c| c.has_tag_name("reference_number") && c.text() == Some(reference)))
            .unwrap_or_else(|| panic!("{reference} is not in the feed"))
    };
    let text = |node: roxmltree::Node, name: &str| {
        node.children().find(|c| c.has_tag_name(name)).and_then(|c| c.text()).map(str::to_owned)
    };
    let studio = property("PC-L-2005");
    assert_eq!(text(studio, "cheques").as_deref(), Some("12"));
    assert_eq!(text(studio, "availability_date").as_deref(), Some("2026-12-15"));
    assert_eq!(text(studio, "furnished").as_deref(), Some("Yes"));
    // The villa's two cheques, unfurnished, free now (no date).
    let villa_reference = loaded()
        .properties
        .iter()
        .find(|p| p.id == "arabian-ranches-family-villa-for-rent")
        .and_then(|p| p.data.reference.clone())
        .unwrap();
    let villa = property(&villa_reference);
    assert_eq!(text(villa, "cheques").as_deref(), Some("2"));
    assert_eq!(text(villa, "furnished").as_deref(), Some("No"));
    assert_eq!(text(villa, "availability_date"), None);
}

/// A listing of `category` with `terms` as its lines 9 and on.
fn listing(reference: &str, category: &str, terms: &str) -> String {
    let period = if category == "Rental" { "pricePeriod: year\n" } else { "" };
    format!(
        "title: One-Bedroom in Jumeirah Lake Towers\n\
         mainCategory: {category}\n\
         subCategory: Apartment\n\
         createdAt: 2026-10-01\n\
         location: Jumeirah Lake Towers\n\
         bedrooms: 1\n\
         area: 800\n\
         price: 90000\n\
         {terms}\n\
         {period}\
         reference: {reference}\n\
         permitNumber: \"71{}\"\n\
         agent: sara-al-mansouri\n\
         images: [media/default-property.jpg]\n",
        &reference[reference.len() - 5..]
    )
}

fn problems(dir: &Path) -> (crate::support::Run, Vec<String>) {
    let run = estate(dir, &["check"]);
    let lines = run
        .stderr
        .lines()
        .filter(|l| l.starts_with("content/") && !is_coverage_warning(l) && !is_portal_feed_warning(l))
        .map(str::to_owned)
        .collect();
    (run, lines)
}

#[test]
fn a_rentals_terms_are_checked_at_their_line() {
    let dir = sample_with_listings(&[
        ("good.yaml", listing("PC-L-90001", "Rental", "cheques: 4\navailableFrom: 2026-12-01")),
        ("many.yaml", listing("PC-L-90002", "Rental", "cheques: 13")),
        ("none.yaml", listing("PC-L-90003", "Rental", "cheques: 0")),
        (
            "sale.yaml",
            listing(
                "PC-R-90004",
                "Residential",
                "furnishing: furnished\ncheques: 2\navailableFrom: 2026-12-01",
            ),
        ),
        ("no-day.yaml", listing("PC-L-90005", "Rental", "availableFrom: 2026-02-30")),
        ("month.yaml", listing("PC-L-90006", "Rental", "availableFrom: 2026-12")),
    ]);
    let (run, lines) = problems(dir.path());
    assert_eq!(run.code, 1, "{run}");
    assert_eq!(
        lines,
        [
            "content/properties/many.yaml:9:10: error: 13 cheques: a year's rent is paid in 1 to 12 cheques",
            "content/properties/month.yaml:9:16: error: `availableFrom`: `2026-12` is not a valid day: write it as YYYY-MM-DD, such as 2026-12-01",
            "content/properties/no-day.yaml:9:16: error: `availableFrom`: `2026-02-30` is not a valid day: write it as YYYY-MM-DD, such as 2026-12-01",
            "content/properties/none.yaml:9:10: error: 0 cheques: a year's rent is paid in 1 to 12 cheques",
            "content/properties/sale.yaml:10:10: error: `cheques` is only for rentals, and this listing is Residential",
            "content/properties/sale.yaml:11:16: error: `availableFrom` is only for rentals, and this listing is Residential",
        ],
        "{run}"
    );
    assert!(
        run.stderr.contains("= hint: write 1 for the whole year at once, 4 for quarterly, 12 for monthly"),
        "{run}"
    );
    assert!(run.stderr.contains("= hint: remove the line, or set `mainCategory: Rental`"), "{run}");
}
