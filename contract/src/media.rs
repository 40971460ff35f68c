//! [`Picture`]: a content image as the pages render it, with what the image stage
//! (`generator/src/publish/images.rs`) learnt of it: its intrinsic size, so the page reserves
//! its box before it loads; its average colour, shown meanwhile; and its variants as `srcset`
//! lists, so a phone downloads a phone-sized file.

use std::borrow::Cow;

use serde::Serialize;

/// An image a page shows. `src` is its `/media/...` address (for a raster photo the image stage
/// publishes its largest variant there, without metadata); the other fields are absent for an
/// image the stage does not process (SVG, an outside URL).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct Picture<'a> {
    pub src: Cow<'a, str>,
    /// Intrinsic size in pixels, after auto-orientation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub width: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    /// The average colour, `#rrggbb`: the placeholder while the image loads.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub color: Option<Cow<'a, str>>,
    /// The JPEG variants as a `srcset` (`/media/_img/<hash>-400.jpg 400w, ...`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub srcset: Option<Cow<'a, str>>,
    /// The same widths as WebP, a third smaller: the `<source type="image/webp">`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub webp: Option<Cow<'a, str>>,
}

impl Picture<'_> {
    /// An image known only by its address.
    pub fn plain(src: impl Into<String>) -> Picture<'static> {
        Picture { src: Cow::Owned(src.into()), ..Picture::default() }
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
