//! The text of a new listing or post from the admin's forms: the layout `estate new` writes
//! ([`crate::content::scaffold`]) with the form's values, so a record made in the admin and one
//! made by hand look alike.

use serde_json::Value;

use super::forms::{PostForm, PropertyForm};
use crate::content::scaffold::{self as new, PostHead};

/// A YAML scalar for one line of text: plain when that reads back as the same string, else
/// double-quoted (JSON's escapes are YAML's).
fn yaml_text(value: &str) -> String {
    let value = value.split_whitespace().collect::<Vec<_>>().join(" ");
    let plain = !value.is_empty()
        && value.chars().all(|c| c.is_alphanumeric() || " ,.'()&/+-".contains(c))
        && value.starts_with(|c: char| c.is_alphabetic())
        && !matches!(
            value.to_ascii_lowercase().as_str(),
            "true" | "false" | "yes" | "no" | "on" | "off" | "null" | "y" | "n"
        );
    if plain { value } else { Value::String(value).to_string() }
}

/// A number field as YAML: the digits as typed, or (anything else) quoted, so the validator
/// says what is wrong with it.
fn yaml_number(value: &str) -> String {
    let digits = value.strip_prefix('-').unwrap_or(value);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let numeric = |part: &str| !part.is_empty() && part.bytes().all(|b| b.is_ascii_digit());
    if numeric(whole) && numeric(fraction) {
        value.to_owned()
    } else {
        Value::String(value.to_owned()).to_string()
    }
}

/// The category of the admin's form (the spec's Residential, Commercial, Off-Plan) as the
/// content's `mainCategory`; other values go through as written, for the validator to judge.
fn main_category(value: &str) -> String {
    match value {
        "" | "Residential" => "Residential".into(),
        "Commercial" => "Commercial".into(),
        "Off-Plan" | "Off-Plane" | "OffPlan" => "OffPlan".into(),
        "Rental" => "Rental".into(),
        other => yaml_text(other),
    }
}

/// The text of a listing from the admin's property form: the text of `estate new property`
/// with the form's values in place of the examples (the comments stay), the fields the form
/// has no value for commented out, and `status: available`.
pub(super) fn property_text(form: &PropertyForm, images: &[String], created: &str) -> String {
    let today = &created[..10.min(created.len())];
    let template = new::property_template(today);
    let number = |value: &str| (!value.is_empty()).then(|| yaml_number(value));
    let text_value = |value: &str| (!value.is_empty()).then(|| yaml_text(value));
    let sub = if form.kind.is_empty() { "Apartment".to_owned() } else { yaml_text(&form.kind) };
    let images = format!("[{}]", images.iter().map(|i| yaml_text(i)).collect::<Vec<_>>().join(", "));
    let mut out = String::new();
    let mut in_description = false;
    for line in template.lines() {
        if in_description {
            if line.starts_with("  ") || line.is_empty() {
                out.push_str(&commented(line));
                continue;
            }
            in_description = false;
        }
        let key = line.split_once(':').map(|(k, _)| k).filter(|k| !k.starts_with('#') && !k.contains(' '));
        let value = match key {
            None if line.starts_with("# A new listing.") => {
                out.push_str(&format!(
                    "# A new listing, added with the admin editor on {today}. Its address: /property/<file name>.\n"
                ));
                continue;
            }
            None => None,
            Some("title") => Some(Some(yaml_text(&form.title))),
            Some("mainCategory") => Some(Some(main_category(&form.category))),
            Some("subCategory") => Some(Some(sub.clone())),
            Some("status") => Some(Some("available".to_owned())),
            Some("createdAt") => Some(Some(created.to_owned())),
            Some("location") => Some(text_value(&form.location)),
            Some("bedrooms") => Some(number(&form.bedrooms)),
            Some("bathrooms") => Some(None),
            Some("area") => Some(number(&form.area)),
            Some("price") => Some(number(&form.value)),
            Some("amenities") => Some(Some("[]".to_owned())),
            Some("images") => Some(Some(images.clone())),
            Some("description") => {
                in_description = true;
                Some(None)
            }
            Some(_) => None,
        };
        match (key, value) {
            (Some(key), Some(Some(value))) => out.push_str(&with_value(line, key, &value)),
            (Some(_), Some(None)) => out.push_str(&commented(line)),
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// `line` (`key: example   # comment`) with another value, the comment kept in its column.
fn with_value(line: &str, key: &str, value: &str) -> String {
    match line.find(" #") {
        Some(at) => {
            let column = at.max(key.len() + 2);
            format!("{:<column$}{}\n", format!("{key}: {value}"), &line[at..])
        }
        None => format!("{key}: {value}\n"),
    }
}

fn commented(line: &str) -> String {
    if line.is_empty() { "#\n".to_owned() } else { format!("# {line}\n") }
}

/// The text of a post from the Add Blog form: its first paragraph (200 characters at most) is
/// the excerpt.
pub(super) fn post_text(form: &PostForm, author: &str, created: &str) -> String {
    let body = form.description.replace("\r\n", "\n");
    let excerpt_source =
        body.split("\n\n").next().unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ");
    let excerpt: String = if excerpt_source.chars().count() > 200 {
        let cut: String = excerpt_source.chars().take(200).collect();
        format!("{}…", cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head))
    } else {
        excerpt_source
    };
    let images =
        if form.image.is_empty() { "[]".to_owned() } else { format!("[{}]", yaml_text(&form.image)) };
    let head = PostHead {
        title: &yaml_text(&form.title),
        date: created,
        author: &yaml_text(author),
        excerpt: &yaml_text(&excerpt),
        images: &format!("{images}        # the first is the cover"),
    };
    new::post_text(&head, &format!("{}\n", body.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_text_is_plain_when_safe_and_quoted_otherwise() {
        assert_eq!(yaml_text("Marina Gate 2BR"), "Marina Gate 2BR");
        assert_eq!(yaml_text("  a\n b "), "a b");
        assert_eq!(yaml_text("yes"), "\"yes\"");
        assert_eq!(yaml_text("a: b # c"), "\"a: b # c\"");
        assert_eq!(yaml_text("\"quoted\""), "\"\\\"quoted\\\"\"");
        assert_eq!(yaml_text("- item"), "\"- item\"");
        assert_eq!(yaml_number("12"), "12");
        assert_eq!(yaml_number("twelve"), "\"twelve\"");
        assert_eq!(yaml_number("-5"), "-5");
        assert_eq!(yaml_number("12.5"), "12.5");
        for odd in ["-", ".", "1-2", "1.", ".5", "1e3"] {
            assert_eq!(yaml_number(odd), format!("\"{odd}\""), "{odd}");
        }
    }

    /// The keys of a YAML text, commented-out ones included, in order.
    fn keys(text: &str) -> Vec<String> {
        text.lines()
            .map(|l| l.trim_start_matches("# "))
            .filter_map(|l| l.split_once(':').map(|(k, _)| k.to_owned()))
            .filter(|k| !k.is_empty() && k.chars().all(|c| c.is_ascii_alphanumeric()))
            .collect()
    }

    #[test]
    fn a_listing_from_the_admin_has_the_layout_of_estate_new_property() {
        let form = PropertyForm {
            title: "Sea View: 2BR".into(),
            value: "2450000".into(),
            location: "Dubai Marina".into(),
            category: "Off-Plan".into(),
            kind: "Villa".into(),
            area: String::new(),
            bedrooms: "2".into(),
        };
        let text = property_text(&form, &["media/properties/a.jpg".into()], "2026-11-22T10:00:00+04:00");
        let template = new::property_template("2026-11-22");
        assert_eq!(keys(&text), keys(&template), "{text}");
        assert_eq!(text.lines().count(), template.lines().count(), "{text}");
        for line in [
            "title: \"Sea View: 2BR\"",
            "mainCategory: OffPlan",
            "subCategory: Villa",
            "status: available",
            "createdAt: 2026-11-22T10:00:00+04:00",
            "location: Dubai Marina        # the community",
            "bedrooms: 2                   # optional; 0 for a studio",
            "# bathrooms: 2                  # optional",
            "# area: 1250                    # optional, square feet",
            "price: 2450000                # optional, AED; leave out for \"Contact for price\"",
            "images: [media/properties/a.jpg] # e.g. [media/photo-1.jpg, media/photo-2.jpg]; the first is the cover",
            "# description: |",
        ] {
            assert!(text.lines().any(|l| l == line), "{line}\n{text}");
        }
        // It is a valid listing as it stands.
        let data: crate::content::model::PropertyFile =
            crate::content::yaml::deserialize(&crate::content::yaml::parse(&text, 0).expect("YAML"))
                .expect("a listing");
        assert_eq!(data.price, Some(2_450_000));
        assert_eq!(data.area, None);
    }

    #[test]
    fn a_post_from_the_admin_has_the_layout_of_estate_new_post() {
        let form = PostForm {
            title: "Yes".into(),
            description: format!("{}\r\n\r\nSecond paragraph.", "word ".repeat(60)),
            image: "/media/blog/a.jpg".into(),
        };
        let text = post_text(&form, "Palm Crest", "2026-11-22T10:00:00+04:00");
        assert_eq!(keys(&text), keys(&new::post_template("2026-11-22")), "{text}");
        assert!(
            text.starts_with("---\ntitle: \"Yes\"\ndate: 2026-11-22T10:00:00+04:00\nauthor: Palm Crest\n")
        );
        let excerpt = text.lines().find_map(|l| l.strip_prefix("excerpt: ")).expect("an excerpt");
        // Cut at a word within 200 characters; the ellipsis makes it a quoted scalar.
        assert!(excerpt.starts_with("\"word ") && excerpt.ends_with(" word…\""), "{excerpt}");
        assert!(excerpt.chars().count() <= 203, "{excerpt}");
        assert!(
            text.contains("\nimages: [\"/media/blog/a.jpg\"]        # the first is the cover\n---\n"),
            "{text}"
        );
        // The text as typed, with its line breaks as LF.
        assert!(text.contains("\n---\nword word ") && !text.contains('\r'), "{text}");
        assert!(text.ends_with("word \n\nSecond paragraph.\n"), "{text}");
    }
}
