//! The text of a new listing or post from the admin's forms: the layout `estate new` writes
//! ([`crate::content::scaffold`]) with the form's values, so a record made in the admin and one
//! made by hand look alike.

use super::forms::{PostForm, PropertyForm};
use crate::content::emit::{self, Fields, PostHead, Value};

/// The category of the admin's form (Residential, Commercial, Off-Plan) as the
/// content's `mainCategory`; other values go through as written, for the validator to judge.
fn main_category(value: &str) -> Value {
    match value {
        "" | "Residential" => Value::text("Residential"),
        "Commercial" => Value::text("Commercial"),
        "Off-Plan" | "Off-Plane" | "OffPlan" => Value::text("OffPlan"),
        "Rental" => Value::text("Rental"),
        other => Value::text(other),
    }
}

/// The text of a listing from the admin's property form, in the layout of `estate new
/// property` ([`emit::listing`]): the form's values, the fields the form has no value for
/// commented out with their examples, and `status: available`.
pub(super) fn property_text(form: &PropertyForm, images: &[String], created: &str) -> String {
    let today = &created[..10.min(created.len())];
    fn given(value: &str) -> Option<&str> {
        (!value.is_empty()).then_some(value)
    }
    let mut fields = Fields::default();
    fields.set("title", Value::text(&form.title));
    fields.set("mainCategory", main_category(&form.category));
    fields.set("subCategory", Value::text(given(&form.kind).unwrap_or("Apartment")));
    fields.set("status", Value::text("available"));
    fields.set("featured", Value::Bool(false));
    fields.set("createdAt", Value::Raw(created.to_owned()));
    fields.put("location", given(&form.location).map(Value::text));
    fields.put("bedrooms", given(&form.bedrooms).map(Value::number));
    fields.put("area", given(&form.area).map(Value::number));
    fields.put("price", given(&form.value).map(Value::number));
    fields.set("amenities", Value::List(Vec::new()));
    fields.set("images", Value::texts(images));
    let header = format!(
        "# A new listing, added with the admin editor on {today}. Its address: /property/<file name>.\n\
         # Check it with `estate check`; fields marked \"optional\" may be deleted."
    );
    emit::listing(&header, &fields)
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
    // A file of content/media typed without its leading slash is stored as `/media/…` too, the
    // one form content holds (the browser CMS's).
    let images = match form.image.as_str() {
        "" => Vec::new(),
        path if path.starts_with("media/") => vec![contract::urls::media_url(path)],
        other => vec![other.to_owned()],
    };
    let head = PostHead {
        title: Value::text(&form.title),
        date: Value::Raw(created.to_owned()),
        author: Value::text(author),
        excerpt: Value::text(&excerpt),
        images: Value::texts(&images),
    };
    emit::post(&head, &format!("{}\n", body.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::scaffold as new;

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
        let text = property_text(&form, &["/media/properties/a.jpg".into()], "2026-11-22T10:00:00+04:00");
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
            "# bathrooms: 2                # optional",
            "# area: 1250                  # optional, square feet",
            "price: 2450000                # optional, AED; leave out for \"Contact for price\"",
            "images: [/media/properties/a.jpg] # e.g. [/media/photo-1.jpg, /media/photo-2.jpg]; the first is the cover",
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
        let images =
            "\nimages: [/media/blog/a.jpg] # e.g. [/media/blog/cover.jpg]; the first is the cover\n---\n";
        assert!(text.contains(images), "{text}");
        // Typed without its leading slash, the file of content/media is stored as `/media/…` too.
        let typed = PostForm { image: "media/blog/a.jpg".into(), ..form };
        assert!(post_text(&typed, "Palm Crest", "2026-11-22T10:00:00+04:00").contains(images));
        // The text as typed, with its line breaks as LF.
        assert!(text.contains("\n---\nword word ") && !text.contains('\r'), "{text}");
        assert!(text.ends_with("word \n\nSecond paragraph.\n"), "{text}");
    }
}
