//! One feed listing turned into our content: the values mapped to our categories, vocabulary
//! terms, team and developers ([`map`]), and the commented YAML file written for it
//! ([`to_yaml`]).

use contract::text::fold;

use super::feed::{FeedListing, FeedPrice};
use crate::content::emit::{self, Fields, Value};
use crate::content::model::{Coordinates, MainCategory, PricePeriod, SubCategory, Timestamp};
use crate::content::portal;
use crate::content::vocabulary::Kind;
use crate::content::{Content, RESERVED_PROPERTY_IDS, is_valid_id, suggest_id};

/// A listing ready to be written, less its photos.
#[derive(Debug, Clone)]
pub struct Listing {
    pub reference: String,
    pub title: String,
    /// Its fields as written (`images` is added with the photos).
    pub fields: Fields,
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
    let bathrooms = whole("bathroom", &feed.bathroom)?;
    let area = match feed.size.as_deref() {
        Some(size) => Some(number("size", size)?.round() as u32),
        None => None,
    };
    let mut fields = Fields::default();
    fields.set("title", Value::text(&title));
    fields.set("mainCategory", Value::text(main_category.as_str()));
    fields.set("subCategory", Value::text(sub_category.as_str()));
    fields.set("status", Value::text("available"));
    fields.set("createdAt", Value::Raw(created_at.to_api()));
    fields.put("location", location.as_deref().map(Value::text));
    fields.put("bedrooms", bedrooms.map(Value::number));
    fields.put("bathrooms", bathrooms.map(Value::number));
    fields.put("area", area.map(Value::number));
    fields.put("price", price.map(Value::number));
    fields.put(
        "pricePeriod",
        price_period.map(|p| Value::text(if p == PricePeriod::Month { "month" } else { "year" })),
    );
    let furnishing = feed.furnished.as_deref().and_then(|f| match f.to_ascii_lowercase().as_str() {
        "yes" => Some("furnished"),
        "partly" => Some("partly-furnished"),
        "no" => Some("unfurnished"),
        _ => {
            notes.push(format!("furnished `{f}` is not Yes, Partly or No: imported without it"));
            None
        }
    });
    fields.put("furnishing", furnishing.map(|f| Value::Raw(f.to_owned())));
    // A rental's terms (`content::checks` refuses them on another listing).
    if main_category == MainCategory::Rental {
        let cheques = whole("cheques", &feed.cheques)?.filter(|n| crate::content::model::CHEQUES.contains(n));
        fields.put("cheques", cheques.map(Value::number));
        let day = feed
            .availability_date
            .as_deref()
            .map(str::trim)
            .filter(|d| d.len() == 10 && chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").is_ok());
        fields.put("availableFrom", day.map(|d| Value::Raw(d.to_owned())));
    }
    fields.set("reference", Value::text(&reference));
    fields.put("permitNumber", feed.permit_number.as_deref().map(Value::text));
    fields.put("agent", agent.as_deref().map(Value::text));
    fields.put("developer", developer.as_deref().map(Value::text));
    fields.put("projectName", feed.project_name.as_deref().map(Value::text));
    // A video tour the site may link to (YouTube or Vimeo); another is left out.
    let tour = feed.video_tour_url.as_deref().filter(|url| crate::content::video_tour::is_allowed(url));
    fields.put("videoTour", tour.map(Value::text));
    if !amenities.is_empty() {
        fields.set("amenities", Value::texts(&amenities));
    }
    fields.put(
        "coordinates",
        coordinates.map(|c| Value::Map(vec![("lat", Value::number(c.lat)), ("lng", Value::number(c.lng))])),
    );
    fields.put("description", feed.description_en.clone().map(Value::Block));
    let ar: Vec<(&'static str, Value)> = [
        feed.title_ar.as_deref().map(|t| ("title", Value::text(t))),
        feed.description_ar.clone().map(|d| ("description", Value::Block(d))),
    ]
    .into_iter()
    .flatten()
    .collect();
    if !ar.is_empty() {
        fields.set("ar", Value::Map(ar));
    }
    Ok(Listing { reference, title, fields, photos: feed.photos.clone(), notes })
}

/// `<geopoints>`, `longitude,latitude`, as coordinates.
pub fn geopoints(text: &str) -> Result<Coordinates, String> {
    let mut parts = text.split(',').map(|p| p.trim().parse::<f64>());
    match (parts.next(), parts.next(), parts.next()) {
        (Some(Ok(lng)), Some(Ok(lat)), None) => Ok(Coordinates { lat, lng }),
        _ => Err(format!("<geopoints> `{text}` is not `longitude,latitude`")),
    }
}

/// The content file of `listing` with `images` (paths under content/ or URLs), in the layout
/// of `estate new` ([`emit::listing`]). The same listing always gives the same text, so
/// importing it again changes nothing.
pub fn to_yaml(listing: &Listing, images: &[String]) -> String {
    let mut fields = listing.fields.clone();
    if !images.is_empty() {
        fields.set("images", Value::texts(images));
    }
    let header = format!(
        "# Imported by `estate import propertyfinder` from a portal feed (reference {}).\n\
         # Edit freely: importing again updates this file only while it is as imported\n\
         # (or with --force), so your changes are kept.",
        listing.reference
    );
    emit::listing(&header, &fields)
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
}
