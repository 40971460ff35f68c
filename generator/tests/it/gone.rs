//! A listing that is no longer published (sold, rented, a draft) and the links to it: the
//! listing leaves every list, the sitemap, the feeds, the portals' feed and the API at once, but
//! its address keeps a page (`data/gone/{id}.json` for it, `routes.json`'s `gone`), and a link
//! to it, or to a listing or post deleted since, is a warning at the link's line, never an error
//! that would stop every later edit from being published.
//!
//! The content is `tests/fixtures/publishing`: one available listing of each main category it
//! uses, and a sold, a rented and a draft residential listing.

use std::path::Path;

use crate::support::{Run, content_copy, estate, fixtures};

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn json(path: &Path) -> serde_json::Value {
    serde_json::from_str(&read(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

const GONE: [&str; 3] = ["sold-listing", "rented-listing", "draft-listing"];

#[test]
fn a_listing_no_longer_published_leaves_every_list_and_keeps_a_page_that_says_so() {
    let dir = content_copy(&fixtures().join("publishing"));
    let run = estate(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    let dist = dir.path().join("dist");

    // Out of the API, every list, the sitemap, the feeds and the portals' feed.
    let mut lists = vec![
        "api/properties.json",
        "api/properties/category-residential/residential.json",
        "data/listings/residential.json",
        "data/listings/all.json",
        "data/home.json",
        "data/feed.json",
        "sitemap.xml",
        "feeds/listings.xml",
        "feeds/portals/propertyfinder.xml",
    ];
    let pages: Vec<String> = std::fs::read_dir(dist.join("data/listings/residential"))
        .unwrap()
        .map(|e| format!("data/listings/residential/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    lists.extend(pages.iter().map(String::as_str));
    for file in &lists {
        let text = read(&dist.join(file));
        for id in GONE {
            assert!(!text.contains(&format!("/property/{id}")), "{file} names {id}");
            assert!(!text.contains(&format!("\"{id}\"")), "{file} names {id}");
        }
    }
    assert!(read(&dist.join("api/properties.json")).contains("villa-sea-sun"), "the available one is listed");
    for id in GONE {
        assert!(!dist.join(format!("api/properties/{id}.json")).exists(), "{id}'s API record");
        assert!(!dist.join(format!("data/detail/{id}.json")).exists(), "{id}'s detail file");
    }

    // Its page is rendered: the routes name it apart from the published listings.
    let routes = json(&dist.join("data/routes.json"));
    let gone: Vec<&str> = routes["gone"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    let mut expected: Vec<String> = GONE.iter().map(|id| format!("/property/{id}")).collect();
    expected.sort();
    let mut sorted = gone.clone();
    sorted.sort();
    assert_eq!(sorted, expected);
    assert!(!routes["properties"].to_string().contains("sold-listing"));

    // Why, its title, and similar available listings of its category (the only available
    // residential one); a draft's words were never published, so its page does not name it.
    let sold = json(&dist.join("data/gone/sold-listing.json"));
    assert_eq!(sold["status"], "sold");
    assert_eq!(sold["title"], "A sold listing");
    assert_eq!(sold["mainCategory"], "Residential");
    let similar: Vec<&str> =
        sold["similar"].as_array().unwrap().iter().map(|c| c["id"].as_str().unwrap()).collect();
    assert_eq!(similar, ["villa-sea-sun"]);
    assert_eq!(sold["similar"][0]["url"], "/property/villa-sea-sun");
    assert_eq!(json(&dist.join("data/gone/rented-listing.json"))["status"], "rented");
    let draft = json(&dist.join("data/gone/draft-listing.json"));
    assert_eq!(draft["status"], "withdrawn");
    assert_eq!(draft["title"], serde_json::Value::Null);

    // Available again: back in the lists, its page data no longer the 'gone' one.
    let file = dir.path().join("content/properties/sold-listing.yaml");
    std::fs::write(&file, read(&file).replace("status: sold\n", "")).unwrap();
    let run = estate(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    assert!(dist.join("api/properties/sold-listing.json").is_file());
    assert!(!dist.join("data/gone/sold-listing.json").exists());
    assert!(read(&dist.join("sitemap.xml")).contains("/property/sold-listing"));
}

#[test]
fn links_to_listings_and_posts_taken_away_are_warnings_at_their_line() {
    let dir = content_copy(&fixtures().join("publishing"));
    let post = dir.path().join("content/blog/renting-q-and-a.md");
    // A listing deleted since, a post deleted since, the sold listing, an area guide of no
    // community, a post whose title (and so its address) was changed since: each the doing of
    // an edit elsewhere.
    let text = read(&post)
        + "\nSee [the villa](/property/villa-sea-sun), [the penthouse](/property/penthouse-sea-sun),\n\
           [an old post](/blog/old-post/old-post) and [the guide](/ar/area-guides-in-dubai/atlantis).\n\
           \nAnd [as it was called](/blog/renting-q-and-a/renting-basics).\n";
    std::fs::write(&post, text).unwrap();
    let studio = dir.path().join("content/properties/marina-studio-for-rent.md");
    std::fs::write(&studio, read(&studio).replace("/property/villa-sea-sun", "/property/sold-listing"))
        .unwrap();

    let Run { code, stderr, .. } = estate(dir.path(), &["check"]);
    assert_eq!(code, 0, "{stderr}");
    for line in [
        "content/properties/marina-studio-for-rent.md:11:41: warning: link `/property/sold-listing` on page /property/marina-studio-for-rent: that listing is sold, so the link now opens a page saying the property is no longer available, with similar listings\n",
        "content/blog/renting-q-and-a.md:12:43: warning: link `/property/penthouse-sea-sun` on page /blog/renting-q-and-a/q&a:-%22renting%22-%3Cbasics%3E: no listing has that address (it may have been deleted), so the link opens 'Property Not Found'\n",
        "content/blog/renting-q-and-a.md:13:1: warning: link `/blog/old-post/old-post` on page",
        "content/blog/renting-q-and-a.md:13:44: warning: link `/ar/area-guides-in-dubai/atlantis` on page",
        "content/blog/renting-q-and-a.md:15:5: warning: link `/blog/renting-q-and-a/renting-basics` on page",
        "the post's address has changed (its title was changed), so the link opens the page-not-found page",
    ] {
        assert!(stderr.contains(line), "{line}\n{stderr}");
    }
    assert!(!stderr.contains(": error:"), "{stderr}");

    // The content is published with them.
    let run = estate(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    assert!(dir.path().join("dist/data/gone/sold-listing.json").is_file());

    // A link to no page at all, written in the text being saved, is still an error.
    std::fs::write(&post, read(&post) + "\nAsk [us](/contact-uss).\n").unwrap();
    let Run { code, stderr, .. } = estate(dir.path(), &["check"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains("error: broken link `/contact-uss` on page /blog/renting-q-and-a/q&a:-%22renting%22-%3Cbasics%3E: no page of the site has that address"),
        "{stderr}"
    );
}

/// The records another names, each removed as an editor can in the browser editor: an agent
/// removed from the team (that listings name, and whose page a post links to), a developer
/// deleted (the same), a community removed from the vocabulary (or renamed: the listings still
/// say the old name), a post deleted that another links to. The site still publishes, each a
/// warning where the name is written, with a fallback.
#[test]
fn records_others_name_can_be_removed_and_the_site_still_publishes() {
    let dir = content_copy(&crate::support::repo().join("content"));
    let content = dir.path().join("content");
    std::fs::remove_file(content.join("team/sara-al-mansouri.yaml")).unwrap();
    std::fs::remove_file(content.join("developers/emaar.yaml")).unwrap();
    let vocabulary = content.join("vocabulary/communities.yaml");
    let text = read(&vocabulary);
    let start = text.find("  - key: palm-jumeirah\n").unwrap();
    let end = start + text[start..].find("  - key: sobha-hartland-ii\n").unwrap();
    std::fs::write(&vocabulary, format!("{}{}", &text[..start], &text[end..])).unwrap();
    let families = content.join("blog/best-communities-for-families-in-dubai.md");
    std::fs::write(
        &families,
        read(&families)
            + "\nRead [our renting guide](/blog/renting-in-dubai-ejari-and-rera-rental-index), ask \
               [Sara](/agents/sara-al-mansouri), see [Emaar's homes](/ar/developers/emaar).\n",
    )
    .unwrap();
    std::fs::remove_file(content.join("blog/renting-in-dubai-ejari-and-rera-rental-index.md")).unwrap();

    let run = estate(dir.path(), &["build", "--content-only", "--out", "dist"]);
    assert!(run.success(), "{run}");
    for warning in [
        "content/properties/arabian-ranches-family-villa-for-rent.yaml:",
        ": warning: unknown agent `sara-al-mansouri`: there is no content/team/sara-al-mansouri.yaml (removed?), so the listing shows the agency's contact instead",
        "content/properties/arabian-ranches-3-townhouse.yaml:",
        ": warning: unknown developer `emaar`: there is no content/developers/emaar.yaml (removed?), so the listing is shown without a developer",
        "content/properties/palm-jumeirah-garden-home-villa.yaml:",
        ": warning: unknown community `palm-jumeirah`: the Communities vocabulary has no such term (renamed or removed?), so it is shown as written, without its area guide",
        "content/communities/palm-jumeirah.yaml:1:1: warning: unknown community `palm-jumeirah`: vocabulary/communities.yaml has no term with this key, so this guide is not published",
        "content/blog/best-communities-for-families-in-dubai.md:",
        ": warning: link `/blog/renting-in-dubai-ejari-and-rera-rental-index` on page",
        ": warning: link `/agents/sara-al-mansouri` on page",
        "no one in the team has that address (they may have been removed from the team), so the link opens the page-not-found page",
        ": warning: link `/ar/developers/emaar` on page",
        "no developer has that address (it may have been deleted), so the link opens the page-not-found page",
    ] {
        assert!(run.stderr.contains(warning), "{warning}\n{run}");
    }
    let dist = dir.path().join("dist");
    // The agent's listing: published, its page with the agency's contact (no agent).
    let agentless = json(&dist.join("data/detail/arabian-ranches-family-villa-for-rent.json"));
    assert!(agentless.get("agent").is_none(), "{agentless}");
    assert!(dist.join("api/properties/arabian-ranches-family-villa-for-rent.json").is_file());
    // The developer's listing: published, without a developer.
    let developerless = json(&dist.join("data/detail/arabian-ranches-3-townhouse.json"));
    assert!(developerless.get("developer").is_none(), "{developerless}");
    // The community's listing: its location as written (the key the CMS stored), no guide; the
    // guide is not published.
    let palm = json(&dist.join("api/properties/palm-jumeirah-garden-home-villa.json"));
    assert_eq!(palm["location"], "palm-jumeirah");
    let detail = json(&dist.join("data/detail/palm-jumeirah-garden-home-villa.json"));
    assert!(detail.get("areaGuide").is_none(), "{detail}");
    assert!(!dist.join("data/guides/palm-jumeirah.json").exists());
    // The post that linked to the deleted one: published.
    assert!(read(&dist.join("api/blogs.json")).contains("best-communities-for-families-in-dubai"));
    assert!(!read(&dist.join("api/blogs.json")).contains("\"renting-in-dubai-ejari-and-rera-rental-index\""));
}

/// The pages themselves, in the fixture's whole build (Vite and the prerender, shared with the
/// publishing tests): each language says the listing is no longer available, keeps the page
/// out of search engines, and links similar available listings; the sitemap leaves it out.
#[test]
fn the_page_of_a_sold_listing_says_so_in_each_language_and_is_kept_out_of_search_engines() {
    let build = crate::publishing::site_build();
    for (prefix, words) in [
        ("", "This property is no longer available"),
        ("ar/", "هذا العقار لم يعد متاحًا"),
        ("ru/", "Этот объект больше недоступен"),
    ] {
        let file = build.dist.join(format!("{prefix}property/sold-listing/index.html"));
        let html = read(&file);
        assert!(
            html.contains(&format!("<h1 class=\"status-page__title\">{words}</h1>")),
            "{}",
            file.display()
        );
        assert!(html.contains(r#"<meta name="robots" content="noindex"#), "{}", file.display());
        let similar = format!("href=\"/{prefix}property/villa-sea-sun\"");
        assert!(html.contains(&similar), "{similar} in {}", file.display());
    }
    // A draft's page does not name it.
    let draft = read(&build.dist.join("property/draft-listing/index.html"));
    assert!(!draft.contains("A draft listing"));
    assert!(!read(&build.dist.join("sitemap.xml")).contains("sold-listing"));
}
