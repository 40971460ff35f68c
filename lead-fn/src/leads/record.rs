//! An accepted lead as it is kept and sent on: the outbox's `.json` file and the webhook's
//! body are this record.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

use crate::validate::Form;
use contract::ApiProperty;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Lead {
    /// Unique, and sorting by it sorts by arrival: `20260805T101112345Z-1a2b3c4d5e6f7a8b`.
    pub id: String,
    /// RFC 3339, UTC, milliseconds.
    pub received_at: String,
    /// The form it came from; `null` for a client that did not say.
    pub form: Option<Form>,
    /// The language the visitor used, and the email's: `en`, `ar` or `ru`.
    pub lang: String,
    pub name: String,
    pub email: String,
    pub contact_number: String,
    pub message: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub property_type: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub property_area: String,
    /// The property the lead is about, as the visitor's page named it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub property_id: String,
    /// The listings a shortlist enquiry is about, as the visitor's page named them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub property_ids: Vec<String>,
    /// Those of them the catalogue has, in the same order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<PropertyRef>,
    /// Those of them the catalogue answered it does not have (sold, or never published).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unpublished_ids: Vec<String>,
    /// The page the lead was sent from.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub page: String,
    /// The published property `propertyId` names, when the catalogue has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub property: Option<PropertyRef>,
    /// A seller's instant valuation, as the valuation tool showed it to them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub valuation: Option<contract::endpoints::LeadValuation>,
}

/// What an agent needs to know which listing a lead is about.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PropertyRef {
    pub id: String,
    pub title: String,
    /// Absolute when the site's address is known, else the site path `/property/{id}`.
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reference: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub permit_number: Option<String>,
}

impl PropertyRef {
    pub fn new(property: &ApiProperty, site_url: Option<&str>) -> PropertyRef {
        PropertyRef {
            id: property.id.clone(),
            title: property.title.clone(),
            url: absolute(site_url, &property.url),
            reference: property.reference.clone(),
            permit_number: property.permit_number.clone(),
        }
    }
}

/// `path` on the site, absolute when the site's address is known.
pub fn absolute(site_url: Option<&str>, path: &str) -> String {
    match site_url {
        Some(site) if path.starts_with('/') && !path.starts_with("//") => {
            format!("{}{path}", site.trim_end_matches('/'))
        }
        _ => path.to_owned(),
    }
}

/// A new lead id for a lead received at `now`.
pub fn new_id(now: SystemTime) -> String {
    use std::hash::{BuildHasher as _, Hasher as _};
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    hasher.write_u128(now.duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or_default());
    hasher.write_u32(std::process::id());
    let stamp = rfc3339(now).replace(['-', ':', '.'], "");
    format!("{stamp}-{:016x}", hasher.finish())
}

/// `2026-08-05T10:11:12.345Z`.
pub fn rfc3339(time: SystemTime) -> String {
    let since = time.duration_since(UNIX_EPOCH).unwrap_or_default();
    let seconds = since.as_secs();
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_from_days(days as i64);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:03}Z",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60,
        since.subsec_millis()
    )
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn dates_are_rfc3339_in_utc() {
        assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00.000Z");
        // 2000-02-29 (a leap day in a century year), and 2026-08-05.
        assert_eq!(rfc3339(UNIX_EPOCH + Duration::from_secs(951_782_400)), "2000-02-29T00:00:00.000Z");
        assert_eq!(
            rfc3339(UNIX_EPOCH + Duration::from_millis(1_785_924_672_345)),
            "2026-08-05T10:11:12.345Z"
        );
        assert_eq!(rfc3339(UNIX_EPOCH + Duration::from_secs(4_107_542_399)), "2100-02-28T23:59:59.000Z");
    }

    #[test]
    fn ids_sort_by_time_and_never_repeat() {
        let now = UNIX_EPOCH + Duration::from_millis(1_785_924_672_345);
        let id = new_id(now);
        assert!(id.starts_with("20260805T101112345Z-"), "{id}");
        assert_eq!(id.len(), "20260805T101112345Z-".len() + 16);
        let ids: std::collections::HashSet<String> = (0..1000).map(|_| new_id(now)).collect();
        assert_eq!(ids.len(), 1000);
        assert!(new_id(now + Duration::from_millis(1)) > new_id(now));
    }

    #[test]
    fn paths_become_links_on_the_site() {
        assert_eq!(absolute(Some("https://x.ae/"), "/property/a"), "https://x.ae/property/a");
        assert_eq!(absolute(None, "/property/a"), "/property/a");
        assert_eq!(absolute(Some("https://x.ae"), "//evil.example/a"), "//evil.example/a");
    }
}
