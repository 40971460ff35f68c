//! The content's dates without a time: a month or a day (an off-plan handover, `MonthOrDay`)
//! and a day (a rental's first free day, `Day`), each read with its own message and written in
//! the JSON Schemas as a pattern.

use std::borrow::Cow;
use std::fmt;

use chrono::NaiveDate;
use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, de};

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
                let valid = NaiveDate::parse_from_str(v, "%Y-%m-%d").is_ok()
                    || NaiveDate::parse_from_str(&format!("{v}-01"), "%Y-%m-%d").is_ok();
                if valid && (v.len() == 7 || v.len() == 10) {
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
            "pattern": r"^\d{4}-\d{2}(-\d{2})?$"
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
                if v.len() == 10 && NaiveDate::parse_from_str(v, "%Y-%m-%d").is_ok() {
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
