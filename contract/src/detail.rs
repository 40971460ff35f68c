//! `data/detail/{id}.json`: what a property page shows beyond the API record, computed at
//! build time because the generator sees every listing at once ([`Detail`]).

use serde::Serialize;

use crate::listings::Card;

/// `data/detail/{id}.json`, beside the listing's API record.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Detail<'a> {
    /// Up to three listings of the same main category: the same community's first, nearest
    /// in price.
    pub similar: Vec<Card<'a>>,
    /// The address of the QR code of the listing's permit link, `/data/qr/{key}.svg`.
    pub qr: Option<String>,
}
