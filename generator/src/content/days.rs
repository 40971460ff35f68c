//! The content's dates without a time: a month or a day (an off-plan handover, `MonthOrDay`)
//! and a day (a rental's first free day, `Day`), each read with its own message and written in
//! the JSON Schemas as a pattern. A handover is of a year 2000 to 2099 (one in year 0 is a slip of
//! the keyboard), and its pattern, which the browser editor checks the field by, takes exactly
//! the months and days that exist (no `2026-13`, `2026-02-30` or `0000-00-00`, a 29 February in
//! leap years only), so the editor saves what the build reads;
//! `generator/tests/field-vectors.json` holds the cases both run. A rental's first day is
//! chosen in the editor's date picker, which writes only days that exist.

use std::borrow::Cow;
use std::fmt;

use chrono::{Datelike, NaiveDate};
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, de};

/// A day of a year 2000 to 2099, as a pattern: a 29 February only in a year divisible by 4 (as
/// every leap year of that century, 2000 included, is).
const DAY_PATTERN: &str = r"20\d\d-((0[13578]|1[02])-(0[1-9]|[12]\d|3[01])|(0[469]|11)-(0[1-9]|[12]\d|30)|02-(0[1-9]|1\d|2[0-8]))|20([02468][048]|[13579][26])-02-29";

/// A month of a year 2000 to 2099, as a pattern.
const MONTH_PATTERN: &str = r"20\d\d-(0[1-9]|1[0-2])";

/// The day `text` (YYYY-MM-DD) of a year 2000 to 2099, if it is one.
fn day(text: &str) -> Option<NaiveDate> {
    let date = NaiveDate::parse_from_str(text, "%Y-%m-%d").ok()?;
    (text.len() == 10 && (2000..=2099).contains(&date.year())).then_some(date)
}

/// Whether `text` is a month (`2028-06`) or a day (`2028-06-30`) of a year 2000 to 2099.
pub fn is_month_or_day(text: &str) -> bool {
    day(text).is_some() || (text.len() == 7 && day(&format!("{text}-01")).is_some())
}

/// Whether `text` is a day (`2026-12-01`): the browser editor's date picker writes only days
/// that exist, so any year is taken.
pub fn is_day(text: &str) -> bool {
    text.len() == 10 && NaiveDate::parse_from_str(text, "%Y-%m-%d").is_ok()
}

/// A month (`2028-06`) or a day (`2028-06-30`), for completion dates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MonthOrDay(pub String);

impl<'de> Deserialize<'de> for MonthOrDay {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl de::Visitor<'_> for V {
            type Value = MonthOrDay;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a month such as 2028-06 or a day such as 2028-06-30")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<MonthOrDay, E> {
                let v = v.trim();
                if is_month_or_day(v) {
                    Ok(MonthOrDay(v.to_owned()))
                } else {
                    Err(E::custom(format!(
                        "`{v}` is not a valid date: write a month (2028-06) or a day (2028-06-30)"
                    )))
                }
            }
        }
        d.deserialize_str(V)
    }
}

impl JsonSchema for MonthOrDay {
    fn schema_name() -> Cow<'static, str> {
        "MonthOrDay".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "description": "A month (2028-06) or a day (2028-06-30).",
            "pattern": format!("^({MONTH_PATTERN}|{DAY_PATTERN})$")
        })
    }
}

/// A day (`2026-12-01`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Day(pub String);

impl<'de> Deserialize<'de> for Day {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl de::Visitor<'_> for V {
            type Value = Day;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a day such as 2026-12-01")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Day, E> {
                let v = v.trim();
                if is_day(v) {
                    Ok(Day(v.to_owned()))
                } else {
                    Err(E::custom(format!(
                        "`{v}` is not a valid day: write it as YYYY-MM-DD, such as 2026-12-01"
                    )))
                }
            }
        }
        d.deserialize_str(V)
    }
}

impl JsonSchema for Day {
    fn schema_name() -> Cow<'static, str> {
        "Day".into()
    }
    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "type": "string",
            "description": "A day (2026-12-01).",
            "pattern": r"^\d{4}-\d{2}-\d{2}$"
        })
    }
}
