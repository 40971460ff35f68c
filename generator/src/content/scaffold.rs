//! `estate new`: starting points for editors, valid as written and commented field by field.

use std::path::{Path, PathBuf};

use crate::content::{RESERVED_PROPERTY_IDS, is_valid_id, suggest_id};

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum NewKind {
    Property,
    Post,
}

#[derive(Debug, thiserror::Error)]
pub enum NewError {
    #[error("`{0}` is not a valid id: use lower-case letters, digits and single hyphens, e.g. `{1}`")]
    InvalidId(String, String),
    #[error("`{0}` is reserved for an API path; choose another name")]
    Reserved(String),
    #[error("{0} already exists; choose another name or edit that file")]
    Exists(PathBuf),
    #[error("cannot write {0}: {1}")]
    Write(PathBuf, std::io::Error),
}

/// The text `estate new property` writes; the admin editor fills in the same text.
pub(crate) fn property_template(today: &str) -> String {
    format!(
        r#"# yaml-language-server: $schema=../schema/property.json
# A new listing. The file name is its id and its address: /property/<file name>.
# Check it with `estate check`; fields marked "optional" may be deleted.

title: Two-Bedroom Apartment with Marina View
# Residential, Rental, OffPlan or Commercial
mainCategory: Residential
# Apartment, Villa, Townhouse, Penthouse, Bungalow, Studio, Duplex, Palace, Plot, Office,
# Shop, Warehouse, Retail, Full Floor or Hotel Apartment
subCategory: Apartment
# available (shown), sold, rented or draft (kept, not shown)
status: draft
featured: false
createdAt: {today}
location: Dubai Marina        # the community
bedrooms: 2                   # optional; 0 for a studio
bathrooms: 2                  # optional
area: 1250                    # optional, square feet
price: 2450000                # optional, AED; leave out for "Contact for price"
# pricePeriod: year           # rentals only: year or month
# reference: PC-R-0000        # optional, unique
# permitNumber: "0000000000"  # DLD/RERA Trakheesi permit, required to advertise in Dubai
# permitUrl: https://trakheesi.dubailand.gov.ae/rev/qr/0000000000
# agent: <a file name in content/team>
# portals: false              # optional: keeps it out of the portals' feed on purpose
# developer: <a file name in content/developers>   (off-plan)
# Off-plan ads must name the project as registered with RERA (DLD's project register):
# projectName: Creek Vista                          (off-plan)
# projectNumber: 0000                               (off-plan: RERA project number, digits)
# escrowAccount: "0000000000000"                    (off-plan: escrow account, 8-16 digits, quoted)
# completionDate: 2028-06                           (off-plan)
# paymentPlan:                                      (off-plan, adds up to 100)
#   - {{ milestone: On booking, percent: 20 }}
#   - {{ milestone: On handover, percent: 80 }}
amenities: [Swimming pool, Gym, Covered parking]
# coordinates: {{ lat: 25.0805, lng: 55.1403 }}
images: []                    # e.g. [media/photo-1.jpg, media/photo-2.jpg]; the first is the cover
description: |
  Describe the property in a few short paragraphs. **Markdown** works:

  - a bullet per highlight
# Optional translations:
# ar: {{ title: ..., description: ... }}
# ru: {{ title: ..., description: ... }}
"#
    )
}

/// The front matter of a post, each value written as YAML already.
pub(crate) struct PostHead<'a> {
    pub title: &'a str,
    pub date: &'a str,
    pub author: &'a str,
    pub excerpt: &'a str,
    /// The list of images, and its comment.
    pub images: &'a str,
}

/// A post's file: its front matter, in the order of every post, then its `text`. `estate new
/// post` and the admin editor's Add Blog form both write it.
pub(crate) fn post_text(head: &PostHead<'_>, text: &str) -> String {
    let PostHead { title, date, author, excerpt, images } = head;
    format!(
        "---\ntitle: {title}\ndate: {date}\nauthor: {author}\nexcerpt: {excerpt}\nimages: {images}\n---\n{text}"
    )
}

/// The text `estate new post` writes.
pub(crate) fn post_template(today: &str) -> String {
    let head = PostHead {
        title: "A New Article About Dubai Property",
        date: today,
        author: "Palm Crest Real Estate",
        excerpt: "One or two sentences shown on the blog cards.",
        images: "[]        # e.g. [media/blog/cover.jpg]",
    };
    post_text(&head, "Write the article here in **markdown**.\n\n## A heading\n\n- a list item\n")
}

/// Writes a new property or post named `name` under `content_dir`; never overwrites.
pub fn create(content_dir: &Path, kind: NewKind, name: &str, today: &str) -> Result<PathBuf, NewError> {
    if !is_valid_id(name) {
        return Err(NewError::InvalidId(name.to_owned(), suggest_id(name)));
    }
    let (path, text) = match kind {
        NewKind::Property => {
            if RESERVED_PROPERTY_IDS.contains(&name) {
                return Err(NewError::Reserved(name.to_owned()));
            }
            let dir = content_dir.join("properties");
            if dir.join(format!("{name}.md")).exists() {
                return Err(NewError::Exists(dir.join(format!("{name}.md"))));
            }
            (dir.join(format!("{name}.yaml")), property_template(today))
        }
        NewKind::Post => (content_dir.join("blog").join(format!("{name}.md")), post_template(today)),
    };
    let parent = path.parent().unwrap_or(content_dir);
    std::fs::create_dir_all(parent).map_err(|e| NewError::Write(path.clone(), e))?;
    let mut file = std::fs::OpenOptions::new().write(true).create_new(true).open(&path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            NewError::Exists(path.clone())
        } else {
            NewError::Write(path.clone(), e)
        }
    })?;
    std::io::Write::write_all(&mut file, text.as_bytes()).map_err(|e| NewError::Write(path.clone(), e))?;
    Ok(path)
}
