//! The market figures: the Dubai Land Department's open data (every registered sale, every Ejari
//! rent contract) summarised per community, month, kind and bedrooms into
//! `content/market/{transactions,rents}.json`, which are committed and what the build reads; the
//! raw files (hundreds of MB) never are.
//!
//! - [`columns`]: which published header style a file has, and where its columns are;
//! - [`fields`]: a row's values as the DLD writes them (dates, amounts, sub-types, rooms);
//! - [`import`]: `estate market import`, the file streamed into a summary;
//! - this module: the summary's shape, and [`read`] for the build.

pub mod columns;
pub mod fields;
pub mod import;

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// Which of the DLD's files: registered transactions (sales) or Ejari rent contracts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Dataset {
    /// The DLD's transactions file (Dubai Pulse or the DLD website's export): sales.
    Transactions,
    /// Ejari's rent contracts file: annual rents.
    Rents,
}

impl Dataset {
    /// The summary's name in `content/market/`, and the word for the command line.
    pub fn name(self) -> &'static str {
        match self {
            Dataset::Transactions => "transactions",
            Dataset::Rents => "rents",
        }
    }

    /// What one counted row is called in messages.
    pub fn rows(self) -> &'static str {
        match self {
            Dataset::Transactions => "sales",
            Dataset::Rents => "rent contracts",
        }
    }

    /// The credit line's source, as the pages show it.
    pub fn source(self) -> &'static str {
        match self {
            Dataset::Transactions => "Dubai Land Department open data (transactions)",
            Dataset::Rents => "Dubai Land Department open data (Ejari rent contracts)",
        }
    }
}

/// `content/market/{transactions,rents}.json`.
pub fn path(content: &Path, dataset: Dataset) -> PathBuf {
    content.join("market").join(format!("{}.json", dataset.name()))
}

/// What the market figures distinguish (apartment, villa, office-shop, land), mapped from DLD's
/// sub-types by [`fields::kind`] and from a listing's type by its kind in
/// `content/vocabulary/types.yaml` (`contract::vocabulary::TypeKind::market`): the contract's,
/// so the summary and the published figures name kinds alike.
pub use contract::detail::MarketKind as Kind;

/// One summary file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Summary {
    /// The credit line: `Dubai Land Department open data (transactions)`.
    pub source: String,
    /// The newest month of the file, `2026-10`: the data's date.
    pub to: String,
    /// How many months `monthly` covers, ending with `to`.
    pub months: u32,
    /// Per community, month, kind and bedrooms (`null`: all bedrooms of the kind).
    pub monthly: Vec<Figure>,
    /// The same over the last 12 months, without `month`.
    pub last12: Vec<Figure>,
}

/// The count and median of one community, month (or the last 12), kind and bedrooms.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Figure {
    /// The community's key in `content/vocabulary/communities.yaml`.
    pub community: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub month: Option<String>,
    pub kind: Kind,
    /// `0` is a studio; `null` all bedrooms (and kinds without them).
    pub bedrooms: Option<u8>,
    /// Sales (or rent contracts) counted.
    pub count: u32,
    /// The median AED per sqft (a rent's: annual rent per sqft), to the nearest dirham.
    pub median: u32,
    /// Of the last 12 months' figures only: the lower and upper quartile (the middle half of the
    /// values lies between them), to the nearest dirham; the valuation tool's range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub q1: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub q3: Option<u32>,
}

/// The summary `estate market import` wrote for `dataset`, `None` when there is none yet.
pub fn read(content: &Path, dataset: Dataset) -> Result<Option<Summary>, String> {
    let path = path(content, dataset);
    // Not through a link: the file is content, and a link could point anywhere.
    let bytes = match crate::content::safe_fs::read_inside(content, &path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{}: {e}", path.display())),
    };
    serde_json::from_slice(&bytes).map(Some).map_err(|e| {
        format!(
            "{}:{}:{}: {e} (write it with `estate market import {} FILE.csv`, not by hand)",
            path.display(),
            e.line(),
            e.column(),
            dataset.name()
        )
    })
}

/// The summary's text: its header fields, then one figure a line (a monthly refresh then shows
/// in `git diff` as the lines whose figures changed).
pub fn render(summary: &Summary) -> String {
    let lines = |figures: &[Figure]| -> String {
        figures
            .iter()
            .map(|f| format!("    {}", serde_json::to_string(f).expect("figures serialise")))
            .collect::<Vec<_>>()
            .join(",\n")
    };
    format!(
        "{{\n  \"source\": {},\n  \"to\": {},\n  \"months\": {},\n  \"monthly\": [\n{}\n  ],\n  \"last12\": [\n{}\n  ]\n}}\n",
        serde_json::to_string(&summary.source).expect("a string"),
        serde_json::to_string(&summary.to).expect("a string"),
        summary.months,
        lines(&summary.monthly),
        lines(&summary.last12),
    )
}
