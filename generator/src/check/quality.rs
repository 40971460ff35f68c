//! A listing's quality as the property portals grade it, 0 to 100, with what to add for full
//! marks in an editor's words (the browser editor's field names). The portals rank an agency's
//! listings by such a score (a title of 30 to 50 characters, a description of 750 to 2,000,
//! enough photos for the type and size, a floor plan, a place on the map, the permit), so a weak
//! listing is seen here, before a portal says so days later.
//!
//! Each part has points; a part that does not concern the listing (rental terms of a sale, the
//! completion of a ready home, the photos' sizes before the image stage has seen them) counts
//! neither way, and the score is the points earned over the points possible.

use contract::MainCategory;

use crate::content::cms_words::words;
use crate::content::model::{PropertyFile, SubCategory};

/// What the portals reward in a title's length, in characters.
pub const TITLE: (usize, usize) = (30, 50);
/// And in a description's.
pub const DESCRIPTION: (usize, usize) = (750, 2_000);
/// A photo's longer side from which the portals show it full screen without blur.
pub const SHARP_PX: u32 = 1_280;

/// A listing's score and what it lacks, the costliest first.
#[derive(Debug, Clone, PartialEq)]
pub struct Quality {
    pub score: u8,
    pub suggestions: Vec<String>,
}

/// Points earned and possible, and what was lost with its cost.
#[derive(Default)]
struct Tally {
    earned: f64,
    possible: f64,
    lost: Vec<(f64, String)>,
}

impl Tally {
    /// A part worth `points`, `share` of it earned (0 to 1); below 1, `why` says what to do.
    fn part(&mut self, points: f64, share: f64, why: impl FnOnce() -> String) {
        let share = share.clamp(0.0, 1.0);
        self.possible += points;
        self.earned += points * share;
        if share < 1.0 {
            self.lost.push((points * (1.0 - share), why()));
        }
    }
}

/// The field's label as the browser editor shows it.
fn label(field: &str) -> &'static str {
    words("listings", field).map_or("", |(label, _)| label)
}

/// How many photos a listing of its type and bedrooms needs for full marks: a villa or a
/// townhouse 12 and one per bedroom (a 3-bedroom villa 15), a flat 8 and one per bedroom (a
/// 2-bedroom 10), a plot, an office or a shop 8.
pub fn photos_wanted(listing: &PropertyFile) -> usize {
    let bedrooms = listing.bedrooms.unwrap_or(0).min(10) as usize;
    match listing.sub_category {
        SubCategory::Villa | SubCategory::Townhouse | SubCategory::Bungalow | SubCategory::Palace => {
            12 + bedrooms
        }
        SubCategory::Apartment
        | SubCategory::Penthouse
        | SubCategory::Studio
        | SubCategory::Duplex
        | SubCategory::HotelApartment => 8 + bedrooms,
        SubCategory::Plot
        | SubCategory::Office
        | SubCategory::Shop
        | SubCategory::Warehouse
        | SubCategory::Retail
        | SubCategory::FullFloor => 8,
    }
}

/// The share of a length's points: whole inside `range`, in proportion below it, falling to none
/// at twice its upper end.
fn length_share(length: usize, (low, high): (usize, usize)) -> f64 {
    let length = length as f64;
    let (low, high) = (low as f64, high as f64);
    if length < low {
        length / low
    } else if length > high {
        (1.0 - (length - high) / high).max(0.0)
    } else {
        1.0
    }
}

/// 'a 3-bedroom villa', 'a studio', 'an office': the listing as the photos' suggestion names it.
fn kind_in_words(listing: &PropertyFile) -> String {
    let kind = match listing.sub_category {
        SubCategory::Retail => "retail unit".to_owned(),
        other => other.as_str().to_lowercase(),
    };
    let rooms = !matches!(
        listing.sub_category,
        SubCategory::Plot
            | SubCategory::Office
            | SubCategory::Shop
            | SubCategory::Warehouse
            | SubCategory::Retail
            | SubCategory::FullFloor
    );
    let named = match listing.bedrooms {
        _ if listing.sub_category == SubCategory::Studio => kind,
        Some(0) if rooms => format!("studio {kind}"),
        Some(n) if rooms => format!("{n}-bedroom {kind}"),
        _ => kind,
    };
    let article = if named.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    format!("{article} {named}")
}

/// The quality of `listing`; `photo_size` gives a photo's (width, height) when the image stage
/// has seen it (none: its sharpness is not judged).
pub fn of(listing: &PropertyFile, photo_size: impl Fn(&str) -> Option<(u32, u32)>) -> Quality {
    let mut tally = Tally::default();

    let title = listing.title.trim().chars().count();
    tally.part(10.0, length_share(title, TITLE), || {
        if title < TITLE.0 {
            format!("Write a longer title: {title} characters; the portals give full marks from {}.", TITLE.0)
        } else {
            format!("Shorten the title to {} characters (it has {title}).", TITLE.1)
        }
    });

    let description = |text: Option<&String>| text.map_or(0, |t| t.trim().chars().count());
    let texts = [
        ("English", 15.0, description(listing.description.as_ref())),
        ("Arabic", 5.0, description(listing.ar.as_ref().and_then(|t| t.description.as_ref()))),
        ("Russian", 5.0, description(listing.ru.as_ref().and_then(|t| t.description.as_ref()))),
    ];
    for (language, points, length) in texts {
        tally.part(points, length_share(length, DESCRIPTION), || match length {
            0 => format!("Add the {language} description."),
            n if n < DESCRIPTION.0 => format!(
                "Write a longer {language} description: {n} characters; the portals give full marks from {}.",
                DESCRIPTION.0
            ),
            n => format!("Shorten the {language} description to {} characters (it has {n}).", DESCRIPTION.1),
        });
    }

    let wanted = photos_wanted(listing);
    let photos = listing.images.len();
    tally.part(25.0, photos as f64 / wanted as f64, || {
        format!(
            "Add {} more photo{}: {} needs {wanted} for full marks.",
            wanted - photos,
            if wanted - photos == 1 { "" } else { "s" },
            kind_in_words(listing)
        )
    });
    let sizes: Vec<(u32, u32)> = listing.images.iter().filter_map(|photo| photo_size(photo)).collect();
    if !sizes.is_empty() {
        let small = sizes.iter().filter(|(w, h)| (*w).max(*h) < SHARP_PX).count();
        tally.part(5.0, 1.0 - small as f64 / sizes.len() as f64, || {
            format!(
                "Replace {small} small photo{} with larger ones: {SHARP_PX} pixels or more on the longer side.",
                if small == 1 { "" } else { "s" }
            )
        });
    }

    tally.part(5.0, f64::from(u8::from(!listing.floor_plans.is_empty())), || {
        format!("Add a floor plan (“{}”).", label("floorPlans"))
    });
    tally.part(5.0, f64::from(u8::from(listing.coordinates.is_some())), || {
        format!("Set its “{}”: the map shows where it is.", label("coordinates"))
    });
    tally.part(5.0, f64::from(u8::from(listing.permit_number.is_some())), || {
        format!("Add the “{}”.", label("permitNumber"))
    });
    tally.part(5.0, f64::from(u8::from(listing.permit_url.is_some())), || {
        format!("Add the “{}”: the listing shows its QR code.", label("permitUrl"))
    });

    match listing.main_category {
        MainCategory::Rental => {
            let terms = [
                ("pricePeriod", listing.price_period.is_some()),
                ("cheques", listing.cheques.is_some()),
                ("furnishing", listing.furnishing.is_some()),
                ("availableFrom", listing.available_from.is_some()),
            ];
            for (field, given) in terms {
                tally.part(2.5, f64::from(u8::from(given)), || {
                    format!("Add “{}”: tenants filter on it.", label(field))
                });
            }
        }
        MainCategory::OffPlan => {
            let details = [
                ("completionDate", listing.completion_date.is_some()),
                ("paymentPlan", !listing.payment_plan.is_empty()),
                ("projectName", listing.project_name.is_some()),
                ("escrowAccount", listing.escrow_account.is_some()),
            ];
            for (field, given) in details {
                tally.part(2.5, f64::from(u8::from(given)), || {
                    format!("Add “{}”: buyers off plan look for it.", label(field))
                });
            }
        }
        MainCategory::Residential | MainCategory::Commercial => {}
    }

    tally.lost.sort_by(|a, b| b.0.total_cmp(&a.0));
    Quality {
        score: (100.0 * tally.earned / tally.possible).round() as u8,
        suggestions: tally.lost.into_iter().map(|(_, why)| why).collect(),
    }
}

/// One listing's line of the report.
#[derive(Debug)]
pub struct Graded {
    pub id: String,
    pub title: String,
    pub agent: Option<String>,
    pub quality: Quality,
}

/// Every available listing of `content` graded, the weakest first; `photo_size` as for [`of`].
pub fn grade_all(
    content: &crate::content::Content,
    photo_size: impl Fn(&str) -> Option<(u32, u32)>,
) -> Vec<Graded> {
    let mut graded: Vec<Graded> = content
        .properties
        .iter()
        .filter(|record| record.data.status == crate::content::model::Status::Available)
        .map(|record| Graded {
            id: record.id.clone(),
            title: record.data.title.clone(),
            agent: record.data.agent.clone(),
            quality: of(&record.data, &photo_size),
        })
        .collect();
    graded.sort_by(|a, b| a.quality.score.cmp(&b.quality.score).then_with(|| a.id.cmp(&b.id)));
    graded
}

/// The report `estate check --report` prints: each listing's score and its first suggestions,
/// the weakest first, then each agent's listings and mean score.
pub fn report(graded: &[Graded], shown_suggestions: usize) -> String {
    use std::fmt::Write as _;
    let mut out = String::from("Listing quality, as the portals grade it (0-100), the weakest first:\n");
    for listing in graded {
        let _ = writeln!(out, "{:>4}  {}  ({})", listing.quality.score, listing.title, listing.id);
        for suggestion in listing.quality.suggestions.iter().take(shown_suggestions) {
            let _ = writeln!(out, "        - {suggestion}");
        }
        let more = listing.quality.suggestions.len().saturating_sub(shown_suggestions);
        if more > 0 {
            let _ = writeln!(out, "        and {more} more");
        }
    }
    let mut agents: std::collections::BTreeMap<&str, (usize, u32)> = std::collections::BTreeMap::new();
    for listing in graded {
        let entry = agents.entry(listing.agent.as_deref().unwrap_or("(no agent)")).or_default();
        entry.0 += 1;
        entry.1 += u32::from(listing.quality.score);
    }
    out.push_str("\nBy agent: listings, mean score\n");
    for (agent, (count, total)) in agents {
        let _ = writeln!(out, "{:>4}  {:>4}  {agent}", count, (f64::from(total) / count as f64).round());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(yaml: &str) -> PropertyFile {
        serde_saphyr::from_str(yaml).expect("a listing")
    }

    const FULL: &str = "
title: Marina Gate Two-Bedroom with Full Sea View
mainCategory: Residential
subCategory: Apartment
status: available
createdAt: 2026-01-01T10:00:00+04:00
location: Dubai Marina
bedrooms: 2
permitNumber: '7117263512'
permitUrl: https://trakheesi.dubailand.gov.ae/x
coordinates: {lat: 25.08, lng: 55.14}
floorPlans: [media/plan.jpg]
";

    fn with_texts(base: &str, photos: usize, length: usize) -> String {
        let photos: Vec<String> = (0..photos).map(|i| format!("media/p{i}.jpg")).collect();
        let text = "a".repeat(length);
        format!(
            "{base}images: [{}]\ndescription: {text}\nar: {{description: {text}}}\nru: {{description: {text}}}\n",
            photos.join(", ")
        )
    }

    #[test]
    fn a_complete_listing_scores_100_with_nothing_to_add() {
        let quality = of(&listing(&with_texts(FULL, 10, 1_000)), |_| Some((2_000, 1_500)));
        assert_eq!(quality, Quality { score: 100, suggestions: vec![] });
    }

    #[test]
    fn each_missing_point_is_a_suggestion_costliest_first() {
        let bare = FULL.replace("permitUrl: https://trakheesi.dubailand.gov.ae/x\n", "");
        let quality = of(&listing(&with_texts(&bare, 6, 400)), |photo| {
            (photo != "media/p0.jpg").then_some((2_000, 1_500))
        });
        assert!(quality.score < 80 && quality.score > 40, "{quality:?}");
        assert_eq!(
            quality.suggestions[0],
            "Add 4 more photos: a 2-bedroom apartment needs 10 for full marks."
        );
        assert!(
            quality
                .suggestions
                .iter()
                .any(|s| s.starts_with("Write a longer English description: 400 characters"))
        );
        assert!(quality.suggestions.iter().any(|s| s.starts_with("Add the “Permit link”")), "{quality:?}");
        // An unseen photo is not judged small.
        assert!(!quality.suggestions.iter().any(|s| s.contains("small photo")), "{quality:?}");
    }

    #[test]
    fn a_villa_needs_more_photos_and_a_rental_its_terms() {
        let villa = with_texts(
            &FULL
                .replace("Apartment", "Villa")
                .replace("bedrooms: 2", "bedrooms: 3")
                .replace("Residential", "Rental"),
            15,
            1_000,
        );
        let quality = of(&listing(&villa), |_| Some((1_000, 800)));
        assert_eq!(photos_wanted(&listing(&villa)), 15);
        assert!(quality.suggestions.iter().any(|s| s.starts_with("Replace 15 small photos")), "{quality:?}");
        assert!(quality.suggestions.iter().any(|s| s.starts_with("Add “Rent is per”")), "{quality:?}");
        assert!(quality.score < 100);
    }

    #[test]
    fn lengths_score_whole_inside_the_range_and_fall_outside() {
        assert_eq!(length_share(40, TITLE), 1.0);
        assert_eq!(length_share(15, TITLE), 0.5);
        assert_eq!(length_share(0, DESCRIPTION), 0.0);
        assert!(length_share(25, TITLE) > 0.5 && length_share(25, TITLE) < 1.0);
        assert_eq!(length_share(100, TITLE), 0.0);
    }
}
