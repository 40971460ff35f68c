//! `data/feed.json`, the `/feed` page's timeline: the newest listings and posts together,
//! newest first ([`FeedItem`]s).

use std::collections::BTreeMap;

use serde::Serialize;

use crate::listings::Card;
use crate::media::Picture;

/// One item of the timeline, told apart by its `kind`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum FeedItem<'a> {
    /// A listing, dated by its `createdAt`.
    Property { date: &'a str, property: Card<'a> },
    /// A blog post, dated by its `date`.
    Post { date: &'a str, post: PostCard<'a> },
}

impl FeedItem<'_> {
    /// The RFC 3339 date-time the timeline is ordered by.
    pub fn date(&self) -> &str {
        match self {
            FeedItem::Property { date, .. } | FeedItem::Post { date, .. } => date,
        }
    }
}

/// A post as the timeline shows it: the API record without its content.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct PostCard<'a> {
    pub id: &'a str,
    pub title: &'a str,
    /// The first image.
    pub image: Option<Picture<'a>>,
    pub date: &'a str,
    pub author: Option<&'a str>,
    /// The post's own excerpt, else the start of its text.
    pub excerpt: String,
    pub url: &'a str,
    /// Title and excerpt in other languages, where the content gives them.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    #[cfg_attr(feature = "ts", ts(optional, as = "Option<_>"))]
    pub translations: BTreeMap<&'a str, PostTexts<'a>>,
}

/// A post card's title and excerpt in another language.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(optional_fields))]
pub struct PostTexts<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub excerpt: Option<&'a str>,
}
