//! One feed listing turned into our content: the values mapped to our categories, vocabulary
//! terms, team and developers ([`map`]), and the commented YAML file written for it
//! ([`to_yaml`]).

use contract::text::fold;

use super::feed::{FeedListing, FeedPrice};
use crate::content::model::{Coordinates, MainCategory, PricePeriod, SubCategory, Timestamp};
use crate::content::portal;
use crate::content::vocabulary::Kind;
use crate::content::{Content, RESERVED_PROPERTY_IDS, is_valid_id, suggest_id};

/// A listing ready to be written, less its photos.
#[derive(Debug, Clone)]
pub struct Listing {
    pub reference: String,
    pub title: String,
    pub main_category: MainCategory,
    pub sub_category: SubCategory,
    pub created_at: Timestamp,
    pub location: Option<String>,
    pub bedrooms: Option<u32>,
    pub bathrooms: Option<u32>,
    pub area: Option<u32>,
    pub price: Option<u64>,
    pub price_period: Option<PricePeriod>,
    pub permit_number: Option<String>,
    pub agent: Option<String>,
    pub developer: Option<String>,
    /// The project's name (`<project_name>`); the feed has no place for its RERA number or escrow
    /// account, which `estate check` then asks of an off-plan listing.
    pub project_name: Option<String>,
    /// Vocabulary keys.
    pub amenities: Vec<String>,
    pub coordinates: Option<Coordinates>,
    pub description: Option<String>,
    pub title_ar: Option<String>,
    pub description_ar: Option<String>,
    /// The photos' addresses in the feed.
    pub photos: Vec<String>,
    /// What was not carried over and why (an agent not on the team, say).
    pub notes: Vec<String>,
}

/// The id of a new listing: its title and reference as a slug, so the same listing gets the
/// same id on every run. Always a valid id ([`is_valid_id`], not reserved): when the slug is not
/// one (a title and reference of punctuation only, a name Windows keeps, too long), the
/// reference alone, then a hash of both.
pub fn new_id(title: &str, reference: &str) -> String {
    let mut slug = suggest_id(title);
    if slug.len() > 60 {
        let cut = slug[..60].rfind('-').unwrap_or(60);
        slug.truncate(cut);
    }
    let reference_slug = suggest_id(reference);
    let joined = match (slug.is_empty(), reference_slug.is_empty()) {
        (true, _) => format!("listing-{reference_slug}"),
        (false, true) => slug,
        (false, false) => format!("{slug}-{reference_slug}"),
    };
    let usable = |id: &String| is_valid_id(id) && !RESERVED_PROPERTY_IDS.contains(&id.as_str());
    [joined, format!("listing-{reference_slug}")].into_iter().find(usable).unwrap_or_else(|| {
        format!("listing-{}", super::manifest::hash(format!("{title}\n{reference}").as_bytes()))
    })
}

fn number(field: &str, value: &str) -> Result<f64, String> {
    value
        .trim()
        .parse::<f64>()
        .ok()
        .filter(|n| n.is_finite() && *n >= 0.0)
        .ok_or_else(|| format!("<{field}> `{value}` is not a number (write digits only, e.g. 1320)"))
}

fn whole(field: &str, value: &Option<String>) -> Result<Option<u32>, String> {
    match value.as_deref() {
        None => Ok(None),
        Some(v) if field == "bedroom" && v.eq_ignore_ascii_case("studio") => Ok(Some(0)),
        Some(v) => Ok(Some(number(field, v)?.round() as u32)),
    }
}

/// Maps a feed listing onto our content model, or says what is wrong with it.
pub fn map(feed: &FeedListing, content: &Content) -> Result<Listing, String> {
    let vocabulary = &content.vocabulary;
    let required = |value: &Option<String>, field: &str| {
        value.clone().ok_or_else(|| format!("<{field}> is missing, and the portals require it"))
    };
    let reference = required(&feed.reference, "reference_number")?;
    let offering = required(&feed.offering_type, "offering_type")?;
    let main_category = portal::main_category(&offering, feed.completion_status.as_deref())
        .ok_or_else(|| format!("<offering_type> `{offering}` is not one of RS, RR, CS, CR"))?;
    let property_type = required(&feed.property_type, "property_type")?;
    let bedrooms = whole("bedroom", &feed.bedroom)?;
    let sub_category = portal::sub_category(vocabulary, &property_type, bedrooms).ok_or_else(|| {
        if portal::is_code(&property_type) {
            format!("<property_type> `{property_type}` is a code no type in vocabulary/types.yaml has")
        } else {
            let names: Vec<&str> = SubCategory::ALL.iter().map(|s| s.as_str()).collect();
            format!("<property_type> `{property_type}` is not one of the site's types ({})", names.join(", "))
        }
    })?;
    let title = required(&feed.title_en, "title_en")?;
    let mut notes = Vec::new();
    let created_at = match feed.last_update.as_deref() {
        Some(date) => portal::parse_feed_date(date)
            .ok_or_else(|| format!("last_update `{date}` is not a date such as 2026-11-12 09:30:00"))?,
        None => {
            notes.push("no last_update: dated today".to_owned());
            Timestamp(chrono::Utc::now().with_timezone(&crate::content::model::dubai()))
        }
    };
    let (price, price_period) = match &feed.price {
        None => (None, None),
        Some(FeedPrice::Sale(v)) => (Some(number("price", v)?.round() as u64), None),
        Some(FeedPrice::Yearly(v)) => (Some(number("yearly", v)?.round() as u64), Some(PricePeriod::Year)),
        Some(FeedPrice::Monthly(v)) => (Some(number("monthly", v)?.round() as u64), Some(PricePeriod::Month)),
        Some(FeedPrice::Other(_)) => {
            return Err("<price> gives only a weekly or daily rent; the site shows yearly or monthly rents"
                .to_owned());
        }
    };
    // Only rentals carry a period; a rental without a price is taken as yearly.
    let price_period = match main_category {
        MainCategory::Rental => Some(price_period.unwrap_or(PricePeriod::Year)),
        _ => None,
    };
    let location = match feed.community.as_deref() {
        None => None,
        Some(name) => match vocabulary.find(Kind::Communities, name) {
            Some(term) => Some(term.en.clone()),
            None if vocabulary.get(Kind::Communities).is_none() => Some(name.to_owned()),
            // A new community is added before listings are mapped (`terms`), unless no key
            // can be made from its name.
            None => {
                return Err(format!(
                    "<community> `{name}` is not in vocabulary/communities.yaml: add it there and import again"
                ));
            }
        },
    };
    let mut amenities = Vec::new();
    for value in &feed.amenities {
        match portal::amenity(vocabulary, value) {
            Some(term) => amenities.push(term.en.clone()),
            None if !portal::is_code(value) && vocabulary.get(Kind::Amenities).is_none() => {
                amenities.push(portal::amenity_name(value));
            }
            None if portal::is_code(value) => {
                return Err(format!(
                    "amenity code `{value}` is a code no amenity in vocabulary/amenities.yaml has"
                ));
            }
            None => {
                return Err(format!(
                    "amenity `{value}` is not in vocabulary/amenities.yaml: add it there and import again"
                ));
            }
        }
    }
    let coordinates = feed.geopoints.as_deref().map(geopoints).transpose()?;
    let agent = feed.agent.as_ref().and_then(|a| {
        let email = a.email.as_deref().map(fold);
        let found = content.team.iter().find(|m| {
            (email.is_some() && m.data.email.as_deref().map(fold) == email)
                || (a.license_no.is_some() && m.data.brn.as_deref().map(str::trim) == a.license_no.as_deref())
        });
        if found.is_none() {
            let who = a.name.as_deref().or(a.email.as_deref()).or(a.id.as_deref()).unwrap_or("?");
            notes.push(format!(
                "agent `{who}` matches no team member by email or licence number: imported without an agent"
            ));
        }
        found.map(|m| m.id.clone())
    });
    let developer = feed.developer.as_deref().and_then(|name| {
        let found = content.developers.iter().find(|d| fold(&d.data.name) == fold(name) || d.id == name);
        if found.is_none() {
            notes.push(format!("developer `{name}` is not in content/developers/: imported without it"));
        }
        found.map(|d| d.id.clone())
    });
    Ok(Listing {
        reference,
        title,
        main_category,
        sub_category,
        created_at,
        location,
        bedrooms,
        bathrooms: whole("bathroom", &feed.bathroom)?,
        area: match feed.size.as_deref() {
            Some(size) => Some(number("size", size)?.round() as u32),
            None => None,
        },
        price,
        price_period,
        permit_number: feed.permit_number.clone(),
        agent,
        developer,
        project_name: feed.project_name.clone(),
        amenities,
        coordinates,
        description: feed.description_en.clone(),
        title_ar: feed.title_ar.clone(),
        description_ar: feed.description_ar.clone(),
        photos: feed.photos.clone(),
        notes,
    })
}

/// `<geopoints>`, `longitude,latitude`, as coordinates.
pub fn geopoints(text: &str) -> Result<Coordinates, String> {
    let mut parts = text.split(',').map(|p| p.trim().parse::<f64>());
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Ok(lng)), Some(Ok(lat)), None) => Ok(Coordinates { lat, lng }),
        _ => Err(format!("<geopoints> `{text}` is not `longitude,latitude`")),
    }
}

/// A YAML scalar: a double-quoted string (JSON's escapes are YAML's too).
fn quoted(text: &str) -> String {
    serde_json::to_string(text).expect("strings serialise")
}

/// A long text as a literal block when it can be one (it reads like the text), else quoted.
fn block(key: &str, text: &str, indent: &str) -> String {
    let plain = !text.starts_with([' ', '\t', '\n'])
        && !text.chars().any(|c| c.is_control() && c != '\n' && c != '\t')
        && text.lines().all(|l| !l.ends_with([' ', '\t']));
    if !plain || !text.contains('\n') {
        return format!("{indent}{key}: {}\n", quoted(text));
    }
    let mut out = format!("{indent}{key}: |-\n");
    for line in text.lines() {
        if line.is_empty() {
            out.push('\n');
        } else {
            out.push_str(&format!("{indent}  {line}\n"));
        }
    }
    out
}

/// The content file of `listing` with `images` (paths under content/ or URLs). The same
/// listing always gives the same text, so importing it again changes nothing.
pub fn to_yaml(listing: &Listing, images: &[String]) -> String {
    let l = listing;
    let mut y = String::from("# yaml-language-server: $schema=../schema/property.json\n");
    y.push_str(&format!(
        "# Imported by `estate import propertyfinder` from a portal feed (reference {}).\n\
         # Edit freely: importing again updates this file only while it is as imported\n\
         # (or with --force), so your changes are kept.\n",
        l.reference
    ));
    y.push_str(&format!("title: {}\n", quoted(&l.title)));
    y.push_str(&format!("mainCategory: {}\n", l.main_category.as_str()));
    y.push_str(&format!("subCategory: {}\n", l.sub_category.as_str()));
    y.push_str(&format!("# The feed's last_update.\ncreatedAt: {}\n", l.created_at.to_api()));
    if let Some(location) = &l.location {
        y.push_str(&format!("location: {}\n", quoted(location)));
    }
    for (key, value) in [("bedrooms", l.bedrooms), ("bathrooms", l.bathrooms), ("area", l.area)] {
        if let Some(n) = value {
            y.push_str(&format!("{key}: {n}\n"));
        }
    }
    if let Some(price) = l.price {
        y.push_str(&format!("price: {price}\n"));
    }
    if let Some(period) = l.price_period {
        let period = if period == PricePeriod::Month { "month" } else { "year" };
        y.push_str(&format!("pricePeriod: {period}\n"));
    }
    y.push_str(&format!("reference: {}\n", quoted(&l.reference)));
    if let Some(permit) = &l.permit_number {
        y.push_str(&format!("permitNumber: {}\n", quoted(permit)));
    }
    if let Some(agent) = &l.agent {
        y.push_str(&format!(
            "# A file in content/team/ (matched by email or licence number).\nagent: {agent}\n"
        ));
    }
    if let Some(developer) = &l.developer {
        y.push_str(&format!("developer: {developer}\n"));
    }
    if let Some(project) = &l.project_name {
        y.push_str(&format!("projectName: {}\n", quoted(project)));
    }
    if !l.amenities.is_empty() {
        let list: Vec<String> = l.amenities.iter().map(|a| quoted(a)).collect();
        y.push_str(&format!("amenities: [{}]\n", list.join(", ")));
    }
    if let Some(c) = l.coordinates {
        y.push_str(&format!("coordinates: {{ lat: {}, lng: {} }}\n", c.lat, c.lng));
    }
    if !images.is_empty() {
        y.push_str("# The first image is the cover.\nimages:\n");
        for image in images {
            y.push_str(&format!("  - {}\n", quoted(image)));
        }
    }
    if let Some(description) = &l.description {
        y.push_str(&block("description", description, ""));
    }
    if l.title_ar.is_some() || l.description_ar.is_some() {
        y.push_str("# Arabic texts.\nar:\n");
        if let Some(title) = &l.title_ar {
            y.push_str(&format!("  title: {}\n", quoted(title)));
        }
        if let Some(description) = &l.description_ar {
            y.push_str(&block("description", description, "  "));
        }
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_come_from_the_title_and_reference() {
        assert_eq!(new_id("Marina Gate 2BR, Sea View!", "PC-R-1001"), "marina-gate-2br-sea-view-pc-r-1001");
        let long = new_id(&"Very long title words ".repeat(10), "A1");
        assert!(long.len() <= 64 && long.ends_with("-a1") && !long.contains("--"), "{long}");
    }

    #[test]
    fn every_id_made_is_valid_falling_back_to_the_reference_then_a_hash() {
        assert_eq!(new_id("/// ...", "R-7"), "listing-r-7");
        for (title, reference) in [
            ("/// ...", "../.."),
            ("", ""),
            ("Con", ""),
            ("Rent", "!"),
            ("Search", ""),
            ("A", &"9".repeat(120)),
        ] {
            let id = new_id(title, reference);
            assert!(
                is_valid_id(&id) && !RESERVED_PROPERTY_IDS.contains(&id.as_str()),
                "{title:?} {reference:?}: {id}"
            );
        }
        assert_ne!(new_id("/// ...", "../.."), new_id("/// ...", "./."), "the hash tells them apart");
    }

    #[test]
    fn texts_become_blocks_or_quoted_scalars() {
        assert_eq!(block("d", "one\n\ntwo", ""), "d: |-\n  one\n\n  two\n");
        assert_eq!(block("d", " lead\nx", ""), "d: \" lead\\nx\"\n");
        assert_eq!(block("d", "a: b # c", "  "), "  d: \"a: b # c\"\n");
    }
}
