//! Photos used by two listings. The portals take a listing whose photo another listing has (the
//! same file, or the picture resized, saved again or lightly cropped) for a duplicate: they rank
//! it down or refuse it. Each picture that two published listings show is a warning at the photo
//! field of the later listing (by `createdAt`, then id), naming the first listing, its photo, and
//! any other listing that shows it: one warning per picture, however many listings show it.
//! Units of one off-plan project (the same developer and project name) may share the project's
//! renders and show-home photos.
//!
//! Pictures are told apart by the image stage's fingerprints ([`raster::fingerprint`]), which
//! `estate check` hands in: a photo without one (not a file of `content/media/`, or refused) is
//! compared by its path alone.

use std::collections::HashMap;

use contract::MainCategory;
use contract::text::fold;

use crate::content::Content;
use crate::content::Record;
use crate::content::diag::Diagnostic;
use crate::content::model::PropertyFile;

/// One photo field of a published listing: the listing (its index) and the field's place.
struct Shown {
    listing: usize,
    image: usize,
}

/// The warnings of pictures that published listings share, with `print` the fingerprint of a
/// photo by its content path (`media/properties/a.jpg`).
pub fn check<'a>(content: &Content, print: impl Fn(&str) -> Option<&'a [u64]>) -> Vec<Diagnostic> {
    let listings: Vec<&Record<PropertyFile>> = content.published().map(AsRef::as_ref).collect();
    // Each photo once, with the fields that show it.
    let mut photos: Vec<(&str, Vec<Shown>)> = Vec::new();
    let mut by_path: HashMap<&str, usize> = HashMap::new();
    for (listing, record) in listings.iter().enumerate() {
        for (image, path) in record.data.images.iter().enumerate() {
            let path = path.trim_start_matches('/');
            let photo = *by_path.entry(path).or_insert_with(|| {
                photos.push((path, Vec::new()));
                photos.len() - 1
            });
            photos[photo].1.push(Shown { listing, image });
        }
    }
    let prints: Vec<&[u64]> = photos.iter().map(|(path, _)| print(path).unwrap_or(&[])).collect();
    // The photos that are one picture, as groups (each the photo of its group's first found).
    let mut group: Vec<usize> = (0..photos.len()).collect();
    fn root(group: &mut [usize], mut photo: usize) -> usize {
        while group[photo] != photo {
            group[photo] = group[group[photo]];
            photo = group[photo];
        }
        photo
    }
    for (a, b) in raster::fingerprint::same_pictures(&prints) {
        let (a, b) = (root(&mut group, a), root(&mut group, b));
        group[a.max(b)] = a.min(b);
    }
    let mut pictures: HashMap<usize, Vec<usize>> = HashMap::new();
    for photo in 0..photos.len() {
        pictures.entry(root(&mut group, photo)).or_default().push(photo);
    }
    let photos = &photos;
    let mut found = Vec::new();
    for members in pictures.values() {
        // The fields showing the picture, the listings' first by date and id, each listing once.
        let mut shown: Vec<(&Shown, &str)> =
            members.iter().flat_map(|&p| photos[p].1.iter().map(move |s| (s, photos[p].0))).collect();
        shown.sort_by_key(|(s, _)| (listings[s.listing].data.created_at, &listings[s.listing].id, s.image));
        shown.dedup_by_key(|(s, _)| s.listing);
        let Some(&(first, first_path)) = shown.first() else { continue };
        let project = |s: &Shown| project(&listings[s.listing].data);
        let own = project(first);
        let others: Vec<&(&Shown, &str)> =
            shown[1..].iter().filter(|(s, _)| own.is_none() || project(s) != own).collect();
        let Some(&&(later, later_path)) = others.first() else { continue };
        let record = listings[later.listing];
        let other = listings[first.listing];
        let relative = |r: &Record<PropertyFile>| {
            r.path.strip_prefix(&content.dir).unwrap_or(&r.path).to_string_lossy().replace('\\', "/")
        };
        let same = if first_path == later_path {
            String::from("is also a photo of")
        } else {
            format!("is the same picture as `{first_path}`, a photo of")
        };
        let mut message = format!(
            "photo `{later_path}` {same} the listing “{}” ({}): the portals take a listing whose \
             photos another listing has for a duplicate, and rank it down or refuse it",
            other.data.title,
            relative(other)
        );
        let more: Vec<String> =
            others[1..].iter().map(|(s, _)| format!("“{}”", listings[s.listing].data.title)).collect();
        if !more.is_empty() {
            let shown_more: Vec<&str> = more.iter().take(3).map(String::as_str).collect();
            let rest = more.len() - shown_more.len();
            message.push_str(&format!(
                "; {} other listing{} show{} it too: {}{}",
                more.len(),
                if more.len() == 1 { "" } else { "s" },
                if more.len() == 1 { "s" } else { "" },
                shown_more.join(", "),
                if rest > 0 { format!(" and {rest} more") } else { String::new() }
            ));
        }
        found.push(
            Diagnostic::warning(
                &record.path,
                record.tree.pos_of(&["images", &later.image.to_string()]),
                message,
            )
            .with_hint(
                "give each listing its own photos (units of one off-plan project may share the project's)",
            ),
        );
    }
    found
}

/// The off-plan project a listing is a unit of: its developer and project name, as written
/// alike (case, accents and spaces aside).
fn project(listing: &PropertyFile) -> Option<(String, String)> {
    if listing.main_category != MainCategory::OffPlan {
        return None;
    }
    let alike = |text: &str| fold(text).split_whitespace().collect::<Vec<_>>().join(" ");
    let name = listing.project_name.as_deref().map(alike).filter(|n| !n.is_empty())?;
    Some((listing.developer.as_deref().map(alike).unwrap_or_default(), name))
}
