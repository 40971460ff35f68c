//! The one writer of content files. `estate new`, the admin editor and `estate import` all write
//! listings (and the first two posts) here, in one layout: the fields in the order of `estate new`,
//! each with its comment, and a field without a value left as a commented example, so every file
//! an editor opens reads alike whoever made it, and shows what else it could hold.

use serde_json::Value as Json;

/// A field's value, as it is written in YAML.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// One line of text (runs of white space become one space): plain when that reads back as
    /// the same string, else double-quoted.
    Text(String),
    /// A long text, markdown: a literal block when it can be one (it reads like the text), else
    /// double-quoted.
    Block(String),
    /// A number as typed: its digits, or anything else quoted, for `estate check` to judge.
    Number(String),
    Bool(bool),
    /// Written as it is: dates, and the examples of `estate new`.
    Raw(String),
    List(Vec<Value>),
    Map(Vec<(&'static str, Value)>),
}

impl Value {
    pub fn text(text: &str) -> Self {
        Value::Text(text.to_owned())
    }

    pub fn number(n: impl ToString) -> Self {
        Value::Number(n.to_string())
    }

    pub fn texts<S: AsRef<str>>(items: &[S]) -> Self {
        Value::List(items.iter().map(|s| Value::text(s.as_ref())).collect())
    }
}

/// A listing's fields by their YAML keys, in any order (the layout orders them).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Fields(Vec<(&'static str, Value)>);

impl Fields {
    pub fn set(&mut self, key: &'static str, value: Value) {
        self.0.retain(|(k, _)| *k != key);
        self.0.push((key, value));
    }

    /// Sets `key` when there is a value.
    pub fn put(&mut self, key: &'static str, value: Option<Value>) {
        if let Some(value) = value {
            self.set(key, value);
        }
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        self.0.iter().find(|(k, _)| *k == key).map(|(_, v)| v)
    }
}

/// One field of the layout: the comment lines above it, its example (what `estate new` shows),
/// whether `estate new` writes the example as a value or commented out, and the note after it.
struct Slot {
    key: &'static str,
    above: &'static [&'static str],
    example: Value,
    shown: bool,
    note: &'static str,
}

/// The column the notes after the values start at.
const NOTE_COLUMN: usize = 30;
/// Flow lists and maps longer than this are written as blocks, an item a line.
const MAX_FLOW: usize = 100;

fn raw(text: &str) -> Value {
    Value::Raw(text.to_owned())
}

/// The listing's layout, with the examples of `estate new`.
fn listing_layout() -> Vec<Slot> {
    let slot = |key, example, shown, note| Slot { key, above: &[], example, shown, note };
    let above = |above, slot: Slot| Slot { above, ..slot };
    let step = |milestone: &str, percent: u32| {
        Value::Map(vec![("milestone", Value::text(milestone)), ("percent", Value::number(percent))])
    };
    vec![
        slot("title", Value::text("Two-Bedroom Apartment with Marina View"), true, ""),
        above(
            &["# Residential, Rental, OffPlan or Commercial"],
            slot("mainCategory", raw("Residential"), true, ""),
        ),
        above(
            &[
                "# Apartment, Villa, Townhouse, Penthouse, Bungalow, Studio, Duplex, Palace, Plot, Office,",
                "# Shop, Warehouse, Retail, Full Floor or Hotel Apartment",
            ],
            slot("subCategory", raw("Apartment"), true, ""),
        ),
        above(
            &["# available (shown), sold, rented or draft (kept, not shown)"],
            slot("status", raw("draft"), true, ""),
        ),
        slot("featured", Value::Bool(false), true, ""),
        slot("createdAt", raw("2026-01-31"), true, ""),
        slot("location", Value::text("Dubai Marina"), true, "the community"),
        slot("bedrooms", Value::number(2), true, "optional; 0 for a studio"),
        slot("bathrooms", Value::number(2), true, "optional"),
        slot("area", Value::number(1250), true, "optional, square feet"),
        slot("price", Value::number(2450000), true, "optional, AED; leave out for \"Contact for price\""),
        slot("pricePeriod", raw("year"), false, "rentals only: year or month"),
        slot("furnishing", raw("furnished"), false, "optional: furnished, partly-furnished or unfurnished"),
        slot("cheques", Value::number(4), false, "rentals only: the year's rent in 1 to 12 cheques"),
        slot("availableFrom", raw("2026-12-01"), false, "rentals only: the day it is free from"),
        slot("reference", raw("PC-R-0000"), false, "optional, unique"),
        slot(
            "permitNumber",
            raw("\"0000000000\""),
            false,
            "DLD/RERA Trakheesi permit, required to advertise in Dubai",
        ),
        slot("permitUrl", raw("https://trakheesi.dubailand.gov.ae/rev/qr/0000000000"), false, ""),
        slot("agent", raw("<a file name in content/team>"), false, ""),
        slot("portals", Value::Bool(false), false, "optional: keeps it out of the portals' feed on purpose"),
        slot("developer", raw("<a file name in content/developers>"), false, "off-plan"),
        above(
            &["# Off-plan ads must name the project as registered with RERA (DLD's project register):"],
            slot("projectName", raw("Creek Vista"), false, "off-plan"),
        ),
        slot("projectNumber", raw("0000"), false, "off-plan: RERA project number, digits"),
        slot("escrowAccount", raw("\"0000000000000\""), false, "off-plan: escrow account, 8-16 digits, quoted"),
        slot("completionDate", raw("2028-06"), false, "off-plan"),
        slot(
            "paymentPlan",
            Value::List(vec![step("On booking", 20), step("On handover", 80)]),
            false,
            "off-plan, adds up to 100",
        ),
        slot("amenities", Value::texts(&["Swimming pool", "Gym", "Covered parking"]), true, ""),
        slot("coordinates", Value::Map(vec![("lat", raw("25.0805")), ("lng", raw("55.1403"))]), false, ""),
        slot(
            "images",
            Value::List(Vec::new()),
            true,
            "e.g. [/media/photo-1.jpg, /media/photo-2.jpg]; the first is the cover",
        ),
        slot("floorPlans", Value::List(Vec::new()), false, "optional, e.g. [/media/plan-1.png]"),
        slot("videoTour", raw("https://www.youtube.com/watch?v=..."), false, "optional: YouTube or Vimeo"),
        slot(
            "description",
            Value::Block(
                "Describe the property in a few short paragraphs. **Markdown** works:\n\n- a bullet per highlight\n"
                    .to_owned(),
            ),
            true,
            "",
        ),
        above(&["# Optional translations:"], slot("ar", raw("{ title: ..., description: ... }"), false, "")),
        slot("ru", raw("{ title: ..., description: ... }"), false, ""),
    ]
}

/// A listing's fields in the order its file gives them (the CMS shows them in this order).
pub fn listing_keys() -> Vec<&'static str> {
    listing_layout().iter().map(|slot| slot.key).collect()
}

/// The fields `estate new property` fills in: the layout's examples that it shows.
pub fn listing_example(today: &str) -> Fields {
    let mut fields = Fields::default();
    for slot in listing_layout().into_iter().filter(|s| s.shown) {
        fields.set(slot.key, slot.example);
    }
    fields.set("createdAt", raw(today));
    fields
}

/// A listing's file: the schema line, `header` (comment lines saying who made it), then every
/// field of the layout, with its value in `fields` or commented out with its example.
pub fn listing(header: &str, fields: &Fields) -> String {
    let mut out = String::from("# yaml-language-server: $schema=../schema/property.json\n");
    for line in header.lines() {
        out.push_str(line);
        out.push('\n');
    }
    out.push('\n');
    let layout = listing_layout();
    for slot in &layout {
        for line in slot.above {
            out.push_str(line);
            out.push('\n');
        }
        match fields.get(slot.key) {
            Some(value) => write(&mut out, slot.key, value, slot.note, "", NOTE_COLUMN),
            None => {
                let mut example = String::new();
                write(&mut example, slot.key, &slot.example, slot.note, "", NOTE_COLUMN - 2);
                for line in example.lines() {
                    out.push_str(if line.is_empty() { "#" } else { "# " });
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
    }
    debug_assert!(
        fields.0.iter().all(|(key, _)| layout.iter().any(|s| s.key == *key)),
        "a field the listing layout lacks: {fields:?}"
    );
    out
}

/// The front matter of a post.
pub struct PostHead {
    pub title: Value,
    pub date: Value,
    pub author: Value,
    pub excerpt: Value,
    /// The images, the first the cover.
    pub images: Value,
}

/// A post's file: its front matter, in the order of every post, then its markdown `text`.
pub fn post(head: &PostHead, text: &str) -> String {
    let mut out = String::from("---\n");
    write(&mut out, "title", &head.title, "", "", 0);
    write(&mut out, "date", &head.date, "", "", 0);
    write(&mut out, "author", &head.author, "", "", 0);
    write(&mut out, "excerpt", &head.excerpt, "", "", 0);
    write(&mut out, "images", &head.images, "e.g. [/media/blog/cover.jpg]; the first is the cover", "", 0);
    out.push_str("---\n");
    out.push_str(text);
    out
}

/// Writes `key: value` at `indent`, with `note` as a comment from `column` on (at least one
/// space after the value), and a block value's lines after it.
fn write(out: &mut String, key: &str, value: &Value, note: &str, indent: &str, column: usize) {
    let mut line = format!("{indent}{key}:");
    let rest = match inline(value) {
        Some(text) => {
            line.push(' ');
            line.push_str(&text);
            None
        }
        None => Some(value),
    };
    if !note.is_empty() {
        let width = line.chars().count();
        line.push_str(&" ".repeat(column.saturating_sub(width).max(1)));
        line.push_str("# ");
        line.push_str(note);
    }
    out.push_str(&line);
    let inner = format!("{indent}  ");
    match rest {
        None => out.push('\n'),
        Some(Value::Block(text)) => {
            out.push_str(if text.ends_with('\n') { " |\n" } else { " |-\n" });
            for text_line in text.lines() {
                if !text_line.is_empty() {
                    out.push_str(&inner);
                    out.push_str(text_line);
                }
                out.push('\n');
            }
        }
        Some(Value::List(items)) => {
            out.push('\n');
            for item in items {
                match inline(item) {
                    Some(text) => out.push_str(&format!("{inner}- {text}\n")),
                    None => {
                        // A map whose values need lines of their own: its first key after the dash.
                        let mut entries = String::new();
                        if let Value::Map(map) = item {
                            for (k, v) in map {
                                write(&mut entries, k, v, "", &format!("{inner}  "), 0);
                            }
                        }
                        out.push_str(&format!("{inner}- {}", entries.trim_start()));
                    }
                }
            }
        }
        Some(Value::Map(entries)) => {
            out.push('\n');
            for (k, v) in entries {
                write(out, k, v, "", &inner, 0);
            }
        }
        Some(_) => unreachable!("every other value is written inline"),
    }
}

/// The value on the key's line, or `None` for one that takes lines of its own.
fn inline(value: &Value) -> Option<String> {
    match value {
        Value::Text(text) => Some(text_scalar(text)),
        Value::Block(text) => (!literal_block(text)).then(|| quoted(text)),
        Value::Number(typed) => Some(number_scalar(typed)),
        Value::Bool(b) => Some(b.to_string()),
        Value::Raw(text) => Some(text.clone()),
        // A list of maps (a payment plan's steps) reads best a step a line.
        Value::List(items) if items.iter().any(|i| matches!(i, Value::Map(_))) => None,
        Value::List(items) => {
            let items: Option<Vec<String>> = items.iter().map(inline).collect();
            Some(format!("[{}]", items?.join(", "))).filter(|flow| flow.len() <= MAX_FLOW)
        }
        Value::Map(entries) => {
            let entries: Option<Vec<String>> =
                entries.iter().map(|(k, v)| inline(v).map(|v| format!("{k}: {v}"))).collect();
            Some(format!("{{ {} }}", entries?.join(", "))).filter(|flow| flow.len() <= MAX_FLOW)
        }
    }
}

fn quoted(text: &str) -> String {
    Json::String(text.to_owned()).to_string()
}

/// One line of text as a YAML scalar: plain when that reads back as the same string (a path
/// such as `/media/x.jpg` too, as the browser CMS writes it), else double-quoted (JSON's escapes
/// are YAML's).
fn text_scalar(text: &str) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let plain = !text.is_empty()
        && text.chars().all(|c| c.is_alphanumeric() || " ,.'()&/+-".contains(c))
        && text.starts_with(|c: char| c.is_alphabetic() || c == '/')
        && !matches!(
            text.to_ascii_lowercase().as_str(),
            "true" | "false" | "yes" | "no" | "on" | "off" | "null" | "y" | "n"
        );
    if plain { text } else { quoted(&text) }
}

/// A number as typed: its digits (a fraction and a minus allowed), or anything else quoted.
fn number_scalar(typed: &str) -> String {
    let digits = typed.strip_prefix('-').unwrap_or(typed);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let numeric = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if numeric(whole) && numeric(fraction) { typed.to_owned() } else { quoted(typed) }
}

/// Whether a text reads back the same from a literal block (`|` or `|-`): more than one line,
/// no leading blank, no control characters or trailing blanks, at most one final line break.
fn literal_block(text: &str) -> bool {
    text.trim_end_matches('\n').contains('\n')
        && !text.starts_with([' ', '\t', '\n'])
        && !text.ends_with("\n\n")
        && !text.chars().any(|c| c.is_control() && c != '\n' && c != '\t')
        && text.lines().all(|l| !l.ends_with([' ', '\t']))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(key: &str, value: Value) -> String {
        let mut out = String::new();
        write(&mut out, key, &value, "", "", 0);
        out
    }

    #[test]
    fn texts_are_plain_when_safe_and_quoted_otherwise() {
        assert_eq!(text_scalar("Marina Gate 2BR"), "Marina Gate 2BR");
        assert_eq!(text_scalar("  a\n b "), "a b");
        assert_eq!(text_scalar("yes"), "\"yes\"");
        assert_eq!(text_scalar("a: b # c"), "\"a: b # c\"");
        assert_eq!(text_scalar("\"quoted\""), "\"\\\"quoted\\\"\"");
        assert_eq!(text_scalar("- item"), "\"- item\"");
        assert_eq!(text_scalar("برج خليفة"), "برج خليفة");
        assert_eq!(text_scalar("/media/blog/a.jpg"), "/media/blog/a.jpg");
        assert_eq!(
            one("images", Value::texts(&["/media/a.jpg", "/media/b.jpg"])),
            "images: [/media/a.jpg, /media/b.jpg]\n"
        );
        assert_eq!(number_scalar("12"), "12");
        assert_eq!(number_scalar("twelve"), "\"twelve\"");
        assert_eq!(number_scalar("-5"), "-5");
        assert_eq!(number_scalar("12.5"), "12.5");
        for odd in ["-", ".", "1-2", "1.", ".5", "1e3"] {
            assert_eq!(number_scalar(odd), format!("\"{odd}\""), "{odd}");
        }
    }

    #[test]
    fn long_texts_become_blocks_or_quoted_scalars() {
        assert_eq!(one("d", Value::Block("one\n\ntwo".into())), "d: |-\n  one\n\n  two\n");
        assert_eq!(one("d", Value::Block("one\ntwo\n".into())), "d: |\n  one\n  two\n");
        assert_eq!(one("d", Value::Block(" lead\nx".into())), "d: \" lead\\nx\"\n");
        assert_eq!(one("d", Value::Block("a\n\n".into())), "d: \"a\\n\\n\"\n");
        assert_eq!(one("d", Value::Block("a: b # c".into())), "d: \"a: b # c\"\n");
    }

    #[test]
    fn lists_and_maps_are_flow_when_short_and_blocks_when_long() {
        assert_eq!(one("a", Value::texts(&["x", "y z"])), "a: [x, y z]\n");
        let long: Vec<String> = (0..9).map(|i| format!("/media/properties/listing/{i:02}.jpg")).collect();
        let text = one("images", Value::texts(&long));
        assert!(text.starts_with("images:\n  - /media/properties/listing/00.jpg\n"), "{text}");
        assert_eq!(text.lines().count(), 10);
        let ar =
            Value::Map(vec![("title", Value::text("شقة")), ("description", Value::Block("سطر\nسطر".into()))]);
        assert_eq!(one("ar", ar), "ar:\n  title: شقة\n  description: |-\n    سطر\n    سطر\n");
    }

    /// Every value read back from what was written is the value given.
    #[test]
    fn what_is_written_reads_back_as_given() {
        let texts = ["plain", "yes", "a: b", "#x", "'q'", "\"q\"", "tab\there", "ü ñ 中", "[x]", "{y}", "@z"];
        for text in texts {
            let yaml = one("k", Value::Text(text.into()));
            let read = crate::content::yaml::parse(&yaml, 0).expect(&yaml);
            let json: serde_json::Value = crate::content::yaml::deserialize(&read).expect(&yaml);
            let expected = text.split_whitespace().collect::<Vec<_>>().join(" ");
            assert_eq!(json["k"], Json::String(expected), "{yaml}");
        }
        for text in ["one\ntwo", "one\n\n  two\n", " x\ny", "a\u{7}b\nc", "end \nx", "- a\n- b"] {
            let yaml = one("k", Value::Block(text.into()));
            let read = crate::content::yaml::parse(&yaml, 0).expect(&yaml);
            let json: serde_json::Value = crate::content::yaml::deserialize(&read).expect(&yaml);
            assert_eq!(json["k"], Json::String(text.into()), "{yaml}");
        }
    }

    #[test]
    fn a_field_without_a_value_is_its_commented_example() {
        let mut fields = listing_example("2026-11-22");
        fields.set("pricePeriod", raw("month"));
        let text = listing("# header", &fields);
        assert!(text.contains("\npricePeriod: month            # rentals only: year or month\n"), "{text}");
        assert!(text.contains("\n# reference: PC-R-0000        # optional, unique\n"), "{text}");
        let plan = "\n# paymentPlan:                # off-plan, adds up to 100\n#   - { milestone: On booking, percent: 20 }\n";
        assert!(text.contains(plan), "{text}");
        // Notes line up whether the field is there or not.
        let column = |line: &str| text.lines().find(|l| l.contains(line)).and_then(|l| l.find(" # "));
        assert_eq!(column("pricePeriod: month"), column("# reference:"));
    }
}
