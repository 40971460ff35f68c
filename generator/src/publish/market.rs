//! The property pages' market figures (issue 35): each listing's community's figures in the
//! Dubai Land Department's open data for its kind, over the last 12 months, from the summaries
//! `estate market import` wrote into `content/market/`. A sale is compared with sales, a rental
//! with Ejari rent contracts; the bedrooms' figure when it has enough, else the kind's.

use std::collections::HashMap;
use std::path::Path;

use contract::detail::MarketComparison;
use contract::{ApiProperty, MainCategory};

use crate::content::vocabulary::{Kind as Vocabulary, Vocabularies};
use crate::market::{self, Dataset, Kind, Summary};

/// Fewer sales than this give no median: a median of a handful says little (the page says
/// 'too few' instead).
pub const ENOUGH: u32 = 10;

/// The last 12 months' (count, median) per community key, kind and bedrooms (`None`: all).
type Index = HashMap<(String, Kind, Option<u8>), (u32, u32)>;

/// Both summaries, indexed; empty when the content has none.
#[derive(Debug, Default, PartialEq)]
pub struct Market {
    sales: Option<(Summary, Index)>,
    rents: Option<(Summary, Index)>,
}

impl Market {
    /// Reads `content/market/`; a summary that is not one fails the build, naming the file.
    pub fn read(content: &Path) -> std::io::Result<Market> {
        let load = |dataset| -> std::io::Result<Option<(Summary, Index)>> {
            let summary = market::read(content, dataset).map_err(std::io::Error::other)?;
            Ok(summary.map(|s| {
                let index = s
                    .last12
                    .iter()
                    .map(|f| ((f.community.clone(), f.kind, f.bedrooms), (f.count, f.median)))
                    .collect();
                (s, index)
            }))
        };
        Ok(Market { sales: load(Dataset::Transactions)?, rents: load(Dataset::Rents)? })
    }

    /// What the listing `p`'s page shows of its community's figures, if there are any.
    pub fn comparison(&self, vocabulary: &Vocabularies, p: &ApiProperty) -> Option<MarketComparison> {
        let rental = p.main_category == MainCategory::Rental || p.price_period.is_some();
        let (summary, index) = if rental { self.rents.as_ref()? } else { self.sales.as_ref()? };
        let community = vocabulary.find(Vocabulary::Communities, p.location.as_deref()?)?.key.clone();
        let kind = market::listing_kind(&p.sub_category)?;
        let bedrooms = if p.sub_category == "Studio" {
            Some(0)
        } else {
            p.bedrooms
                .and_then(|b| u8::try_from(b).ok())
                .filter(|_| matches!(kind, Kind::Apartment | Kind::Villa))
        };
        let enough = |(count, _): &(u32, u32)| *count >= ENOUGH;
        let (bedrooms, &(count, median)) = bedrooms
            .and_then(|b| {
                index.get(&(community.clone(), kind, Some(b))).filter(|f| enough(f)).map(|f| (Some(b), f))
            })
            .or_else(|| index.get(&(community.clone(), kind, None)).map(|f| (None, f)))?;
        let rent_median = match (&self.rents, rental) {
            (Some((_, rents)), false) => {
                rents.get(&(community, kind, bedrooms)).filter(|f| enough(f)).map(|f| f.1)
            }
            _ => None,
        };
        Some(MarketComparison {
            kind,
            bedrooms,
            sales: count,
            median: (count >= ENOUGH).then_some(median),
            rent_median,
            to: summary.to.clone(),
        })
    }
}
