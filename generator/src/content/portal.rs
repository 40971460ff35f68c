//! The Property Finder listing feed's vocabulary, shared by the export
//! (`publish::portal_feed`) and `estate import`: offering types, dates, and how our categories
//! and vocabulary terms map to the format's codes and back.

use chrono::NaiveDateTime;

use super::model::{MainCategory, SubCategory, Timestamp, dubai};
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

/// Whether a property type is let and sold as commercial space.
pub fn is_commercial(sub: SubCategory) -> bool {
    matches!(
        sub,
        SubCategory::Office
            | SubCategory::Shop
            | SubCategory::Warehouse
            | SubCategory::Retail
            | SubCategory::FullFloor
    )
}

/// `offering_type`: RS residential sale, RR residential rent, CS commercial sale, CR
/// commercial rent.
pub fn offering_type(main: MainCategory, sub: SubCategory) -> &'static str {
    match main {
        MainCategory::Rental if is_commercial(sub) => "CR",
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
    vocabulary.find(Kind::Types, sub.as_str())
}

/// The property type for a `property_type` code: the first type with that code (a studio when
/// an apartment has no bedroom). `None` when no type has the code.
pub fn sub_category(vocabulary: &Vocabularies, code: &str, bedrooms: Option<u32>) -> Option<SubCategory> {
    let terms = &vocabulary.get(Kind::Types)?.data.terms;
    let term = terms.iter().find(|t| t.code.as_deref() == Some(code))?;
    let sub = SubCategory::ALL.into_iter().find(|s| s.as_str() == term.en)?;
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

/// The amenity term of a code: the first with it.
pub fn amenity_for_code<'a>(vocabulary: &'a Vocabularies, code: &str) -> Option<&'a Term> {
    vocabulary.get(Kind::Amenities)?.data.terms.iter().find(|t| t.code.as_deref() == Some(code))
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
        for (main, sub) in [
            (Residential, SubCategory::Villa),
            (Rental, SubCategory::Office),
            (Rental, SubCategory::Apartment),
            (Commercial, SubCategory::Shop),
        ] {
            assert_eq!(main_category(offering_type(main, sub), None), Some(main));
        }
        assert_eq!(main_category("RS", Some("off_plan_primary")), Some(OffPlan));
        assert_eq!(main_category("XX", None), None);
    }
}
