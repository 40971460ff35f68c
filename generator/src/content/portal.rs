//! The Property Finder listing feed's vocabulary, shared by the export
//! (`publish::portal_feed`) and `estate import`: offering types, dates, and how our categories
//! and vocabulary terms map to the format's codes and back.

use chrono::NaiveDateTime;

use super::model::{MainCategory, SubCategory, Timestamp, dubai};
use super::suggest_id;
use super::vocabulary::{Kind, Term, Vocabularies};

/// The emirate of every listing (the feed's `city`).
pub const CITY: &str = "Dubai";

/// The feed's date format, in Dubai time.
const DATE_FORMAT: &str = "%Y-%m-%d %H:%M:%S";

pub fn feed_date(at: Timestamp) -> String {
    at.0.with_timezone(&dubai()).format(DATE_FORMAT).to_string()
}

/// A feed date as a timestamp (the feed's dates are Dubai time).
pub fn parse_feed_date(text: &str) -> Option<Timestamp> {
    let naive = NaiveDateTime::parse_from_str(text.trim(), DATE_FORMAT).ok()?;
    naive.and_local_timezone(dubai()).single().map(Timestamp)
}

/// Whether a property type is let and sold as commercial space, by its kind in the vocabulary.
pub fn is_commercial(vocabulary: &Vocabularies, sub: SubCategory) -> bool {
    vocabulary.type_kind(sub).is_commercial()
}

/// `offering_type`: RS residential sale, RR residential rent, CS commercial sale, CR
/// commercial rent.
pub fn offering_type(main: MainCategory, commercial: bool) -> &'static str {
    match main {
        MainCategory::Rental if commercial => "CR",
        MainCategory::Rental => "RR",
        MainCategory::Commercial => "CS",
        MainCategory::Residential | MainCategory::OffPlan => "RS",
    }
}

/// Our main category for an offering type; a residential sale is off-plan when its
/// `completion_status` says so. `None` for an unknown code.
pub fn main_category(offering: &str, completion_status: Option<&str>) -> Option<MainCategory> {
    Some(match offering {
        "RS" if completion_status.is_some_and(|s| s.starts_with("off_plan")) => MainCategory::OffPlan,
        "RS" => MainCategory::Residential,
        "RR" | "CR" => MainCategory::Rental,
        "CS" => MainCategory::Commercial,
        _ => return None,
    })
}

/// The vocabulary term of a property type.
pub fn type_term(vocabulary: &Vocabularies, sub: SubCategory) -> Option<&Term> {
    vocabulary.type_term(sub)
}

/// Whether a feed's value is one of the format's codes (`AP`, `BA`: two capital letters) rather
/// than a name written in its place (`Bungalow`, `maids-room`), as some CRMs export.
pub fn is_code(value: &str) -> bool {
    value.len() == 2 && value.bytes().all(|b| b.is_ascii_uppercase())
}

/// The site's property type a name means (`Hotel Apartment`, `hotel-apartment`), whatever the
/// vocabulary says: the types are the site's own, each with its interface strings.
pub fn site_type(name: &str) -> Option<SubCategory> {
    let slug = suggest_id(name);
    SubCategory::ALL.into_iter().find(|s| suggest_id(s.as_str()) == slug)
}

/// The property type for a `property_type`: by code, the first type with it (a studio when an
/// apartment has no bedroom); by name, the vocabulary's term in any language or the site's
/// type of that name. `None` when neither knows it.
pub fn sub_category(vocabulary: &Vocabularies, value: &str, bedrooms: Option<u32>) -> Option<SubCategory> {
    let sub = if is_code(value) {
        let terms = &vocabulary.get(Kind::Types)?.data.terms;
        let term = terms.iter().find(|t| t.code.as_deref() == Some(value))?;
        SubCategory::ALL.into_iter().find(|s| s.key() == term.key)?
    } else {
        vocabulary.find(Kind::Types, value).and_then(|t| site_type(&t.key)).or_else(|| site_type(value))?
    };
    Some(if sub == SubCategory::Apartment && bedrooms == Some(0) { SubCategory::Studio } else { sub })
}

/// The amenity codes of a listing, each once, in the order of its amenities.
pub fn amenity_codes(vocabulary: &Vocabularies, amenities: &[String]) -> Vec<String> {
    let mut codes: Vec<String> = Vec::new();
    for amenity in amenities {
        if let Some(code) = vocabulary.find(Kind::Amenities, amenity).and_then(|t| t.code.clone())
            && !codes.contains(&code)
        {
            codes.push(code);
        }
    }
    codes
}

/// The English name of an amenity a feed gives by name: a slug (`smart-home`, as Property
/// Finder's newer exports write them) as words with a capital (`Smart home`), like the
/// vocabulary's names; anything else as written.
pub fn amenity_name(written: &str) -> String {
    let slug =
        written.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_');
    if !slug {
        return written.to_owned();
    }
    let words = written.replace(['-', '_'], " ");
    let mut chars = words.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// The amenity term of a feed's value: by code, the first term with it; by name, the term of
/// that name in any language.
pub fn amenity<'a>(vocabulary: &'a Vocabularies, value: &str) -> Option<&'a Term> {
    if is_code(value) {
        vocabulary.get(Kind::Amenities)?.data.terms.iter().find(|t| t.code.as_deref() == Some(value))
    } else {
        vocabulary.find(Kind::Amenities, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feed_dates_are_dubai_time_both_ways() {
        let at = Timestamp::parse("2026-11-12").unwrap();
        assert_eq!(feed_date(at), "2026-11-12 00:00:00");
        assert_eq!(parse_feed_date("2026-11-12 00:00:00"), Some(at));
        assert_eq!(feed_date(Timestamp::parse("2026-11-12T06:30:00Z").unwrap()), "2026-11-12 10:30:00");
        assert!(parse_feed_date("12/11/2026").is_none());
    }

    #[test]
    fn offering_types_map_back_to_categories() {
        use MainCategory::*;
        for (main, commercial) in [(Residential, false), (Rental, true), (Rental, false), (Commercial, true)]
        {
            assert_eq!(main_category(offering_type(main, commercial), None), Some(main));
        }
        assert_eq!(main_category("RS", Some("off_plan_primary")), Some(OffPlan));
        assert_eq!(main_category("XX", None), None);
    }

    #[test]
    fn a_feed_may_name_a_type_or_an_amenity_instead_of_giving_its_code() {
        assert!(is_code("AP") && !is_code("Apartment") && !is_code("ap") && !is_code("APT"));
        assert_eq!(site_type("hotel-apartment"), Some(SubCategory::HotelApartment));
        assert_eq!(site_type("FULL FLOOR"), Some(SubCategory::FullFloor));
        assert_eq!(site_type("Compound"), None);
        let none = Vocabularies::default();
        assert_eq!(sub_category(&none, "apartment", Some(0)), Some(SubCategory::Studio));
        assert_eq!(sub_category(&none, "AP", Some(0)), None, "codes need the vocabulary");
        assert_eq!(amenity_name("smart-home"), "Smart home");
        assert_eq!(amenity_name("maids_room"), "Maids room");
        assert_eq!(amenity_name("Maid's Room"), "Maid's Room");
    }
}
