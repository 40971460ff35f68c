//! [`Picture`]: a content image as the pages render it, with what the image stage
//! (`generator/src/publish/images.rs`) learnt of it: its intrinsic size, so the page reserves
//! its box before it loads; its average colour, shown meanwhile; and its variants as `srcset`
//! lists, so a phone downloads a phone-sized file.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// An image a page shows. `src` is its `/media/...` address (for a raster photo the image stage
/// publishes its largest variant there, without metadata); the other fields are absent for an
/// image the stage does not process (SVG, an outside URL).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct Picture<'a> {
    pub src: Cow<'a, str>,
    /// Intrinsic size in pixels, after auto-orientation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    /// The average colour, `#rrggbb`: the placeholder while the image loads.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub color: Option<Cow<'a, str>>,
    /// The JPEG variants as a `srcset` (`/media/_img/<hash>-400.jpg 400w, ...`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub srcset: Option<Cow<'a, str>>,
    /// The same widths as WebP, a third smaller: the `<source type="image/webp">`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub webp: Option<Cow<'a, str>>,
}

impl Picture<'_> {
    /// An image known only by its address.
    pub fn plain(src: impl Into<String>) -> Picture<'static> {
        Picture { src: Cow::Owned(src.into()), ..Picture::default() }
    }

    /// Without its JPEG variants, for a record that carries many pictures (the API's listings,
    /// [`crate::ApiProperty::picture`]): every browser that draws the site reads WebP, and the rest
    /// still get `src`. At 10,000 listings the JPEG lists would add 2.2 MB to `api/properties.json`.
    pub fn webp_only(self) -> Self {
        Picture { srcset: None, ..self }
    }

    /// The same, owning its texts (for records that outlive the image stage's table).
    pub fn into_owned(self) -> Picture<'static> {
        let own = |text: Cow<'_, str>| Cow::Owned(text.into_owned());
        Picture {
            src: own(self.src),
            width: self.width,
            height: self.height,
            color: self.color.map(own),
            srcset: self.srcset.map(own),
            webp: self.webp.map(own),
        }
    }
}

/// `data/post-pictures.json`: each post's images as pictures, by post id, for the blog pages
/// (whose records are the API's, with plain addresses).
pub type PostPictures<'a> = std::collections::BTreeMap<&'a str, Vec<Picture<'a>>>;
