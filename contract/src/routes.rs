//! `data/routes.json`: the content pages the prerender renders besides the fixed routes, and
//! the pages a rebuild keeps ([`Routes`]).

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

/// The paths of the published listings' and posts' pages (`/property/{id}`,
/// `/blog/{id}/{slug}`), newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Routes<'a> {
    #[serde(default, borrow)]
    pub posts: Vec<Cow<'a, str>>,
    #[serde(default, borrow)]
    pub properties: Vec<Cow<'a, str>>,
}
