//! A row's values as the DLD writes them: dates (`15-10-2026`, `2026-10-15 00:00:00`), amounts
//! (`1,250,000`), property sub-types (`Flat`, `Hotel Apartment`, `Villa`) and rooms (`Studio`,
//! `2 B/R`; Ejari's `2bed rooms+hall`). Each reads the field's bytes, as the import holds them.

use super::Kind;

/// Square feet in a square metre: the DLD's areas are in m², the site's in ft².
pub const SQFT_PER_SQM: f64 = 10.7639;

/// A month as a number (`year * 12 + month - 1`), so the window is arithmetic.
pub type Month = u32;

/// `2026-10` for the month number.
pub fn month_text(month: Month) -> String {
    format!("{:04}-{:02}", month / 12, month % 12 + 1)
}

/// The month of a date written `dd-mm-yyyy`, `dd/mm/yyyy` or ISO `yyyy-mm-dd`, with or without a
/// time after it; `None` when it is none of these or no such day.
pub fn month(field: &[u8]) -> Option<Month> {
    date(field).map(month_of)
}

/// The month number of `date`.
pub fn month_of(date: chrono::NaiveDate) -> Month {
    use chrono::Datelike as _;
    // Years are 0..=262,143 in chrono: the product fits a u32.
    date.year().unsigned_abs() * 12 + date.month0()
}

/// The first day the figures count: the DLD's open data starts in the 2000s; anything earlier is
/// a typing error.
pub fn earliest() -> chrono::NaiveDate {
    chrono::NaiveDate::from_ymd_opt(2000, 1, 1).expect("a day")
}

/// Bounds a real row lies within; beyond them a value is a typing error (an area of `1e-300`
/// m², a price of 400 trillion) that would otherwise move a median shown on listing pages.
pub mod plausible {
    /// Square metres of the unit or plot (a parking space to a master-plan plot).
    pub const SQM: std::ops::RangeInclusive<f64> = 1.0..=10_000_000.0;
    /// AED of the sale, or of a year's rent.
    pub const AMOUNT: std::ops::RangeInclusive<f64> = 1_000.0..=50_000_000_000.0;
    /// AED per ft² (a sale's, or a year's rent's).
    pub const PER_SQFT: std::ops::RangeInclusive<f64> = 1.0..=100_000.0;
}

/// The day of a date written as [`month`] reads it.
pub fn date(field: &[u8]) -> Option<chrono::NaiveDate> {
    let text = std::str::from_utf8(field).ok()?.trim();
    let date = text.split([' ', 'T']).next()?;
    let parts: Vec<&str> = date.split(['-', '/']).collect();
    let [a, b, c] = parts[..] else { return None };
    let number = |s: &str| s.parse::<u32>().ok().filter(|_| s.bytes().all(|b| b.is_ascii_digit()));
    let (year, month, day) = if a.len() == 4 {
        (number(a)?, number(b)?, number(c)?)
    } else if c.len() == 4 {
        (number(c)?, number(b)?, number(a)?)
    } else {
        return None;
    };
    chrono::NaiveDate::from_ymd_opt(i32::try_from(year).ok()?, month, day)
}

/// Why an amount or area was not taken.
#[derive(Debug, PartialEq)]
pub enum Amount {
    /// A positive number.
    Some(f64),
    /// An empty field: the row states none (not an error: it just measures nothing).
    Empty,
    /// Text that is not a positive number.
    Bad,
}

/// An amount or area: digits with an optional decimal point and thousands separators.
pub fn amount(field: &[u8]) -> Amount {
    let Ok(text) = std::str::from_utf8(field) else { return Amount::Bad };
    let text = text.trim();
    if text.is_empty() {
        return Amount::Empty;
    }
    let parsed = if text.contains(',') { text.replace(',', "").parse() } else { text.parse() };
    match parsed {
        Ok(n) if f64::is_finite(n) && n > 0.0 => Amount::Some(n),
        Ok(_) => Amount::Empty,
        Err(_) => Amount::Bad,
    }
}

/// The kind of the first of `names` (sub-type, then type) that says one, as DLD and Ejari write
/// them; `None` for what the figures leave out (buildings, hotels, warehouses...).
pub fn kind(names: &[&[u8]]) -> Option<Kind> {
    names.iter().find_map(|name| kind_of(trim(name)))
}

fn kind_of(name: &[u8]) -> Option<Kind> {
    const KINDS: &[(&str, Kind)] = &[
        ("flat", Kind::Apartment),
        ("hotel apartment", Kind::Apartment),
        ("apartment", Kind::Apartment),
        ("penthouse", Kind::Apartment),
        ("duplex", Kind::Apartment),
        ("villa", Kind::Villa),
        ("townhouse", Kind::Villa),
        ("town house", Kind::Villa),
        ("villa/townhouse", Kind::Villa),
        ("office", Kind::OfficeShop),
        ("shop", Kind::OfficeShop),
        ("show rooms", Kind::OfficeShop),
        ("showroom", Kind::OfficeShop),
        ("land", Kind::Land),
    ];
    KINDS.iter().find(|(written, _)| name.eq_ignore_ascii_case(written.as_bytes())).map(|&(_, kind)| kind)
}

/// The bedrooms of a rooms field: `Studio` is 0, `2 B/R` (DLD) and `2bed rooms+hall` (Ejari) are
/// 2; `None` for anything else (`Office`, `PENTHOUSE`, empty).
pub fn bedrooms(field: &[u8]) -> Option<u8> {
    let text = trim(field);
    if text.len() >= 6 && text[..6].eq_ignore_ascii_case(b"studio") {
        return Some(0);
    }
    let digits = text.iter().take_while(|b| b.is_ascii_digit()).count();
    let rest = trim(&text[digits..]);
    if digits == 0 || digits > 2 || !rest.first().is_some_and(|b| b.eq_ignore_ascii_case(&b'b')) {
        return None;
    }
    std::str::from_utf8(&text[..digits]).ok()?.parse().ok()
}

/// Whether a transaction group or type is a sale (`Sales`; not `Mortgages` or `Gifts`).
pub fn is_sale(field: &[u8]) -> bool {
    let text = trim(field);
    text.eq_ignore_ascii_case(b"sales") || text.eq_ignore_ascii_case(b"sale")
}

/// `field` without the spaces around it.
pub fn trim(field: &[u8]) -> &[u8] {
    field.trim_ascii()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_in_each_written_form() {
        let october = 2026 * 12 + 9;
        for written in ["15-10-2026", "15/10/2026", "2026-10-15", "2026-10-15 00:00:00", " 01-10-2026 "] {
            assert_eq!(month(written.as_bytes()), Some(october), "{written}");
        }
        for bad in ["", "31-02-2026", "2026-13-01", "10-2026", "next week", "1x-10-2026"] {
            assert_eq!(month(bad.as_bytes()), None, "{bad}");
        }
        assert_eq!(month_text(october), "2026-10");
    }

    #[test]
    fn sub_types_and_rooms_as_dld_writes_them() {
        assert_eq!(kind(&[b"Hotel Apartment", b"Unit"]), Some(Kind::Apartment));
        assert_eq!(kind(&[b"FLAT", b"Unit"]), Some(Kind::Apartment));
        assert_eq!(kind(&[b"Residential", b"Land"]), Some(Kind::Land));
        assert_eq!(kind(&[b"Hotel", b"Building"]), None);
        assert_eq!(bedrooms(b"Studio"), Some(0));
        assert_eq!(bedrooms(b"2 B/R"), Some(2));
        assert_eq!(bedrooms(b"2bed rooms+hall"), Some(2));
        assert_eq!(bedrooms(b"Office"), None);
        assert_eq!(bedrooms(b""), None);
        assert_eq!(amount(b"1,250,000"), Amount::Some(1_250_000.0));
        assert_eq!(amount(b" "), Amount::Empty);
        assert_eq!(amount(b"12abc"), Amount::Bad);
    }
}
