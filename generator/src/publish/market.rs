//! The property pages' market figures: each listing's community's figures in the
//! Dubai Land Department's open data for its kind, over the last 12 months, from the summaries
//! `estate market import` wrote into `content/market/`. A sale is compared with sales, a rental
//! with Ejari rent contracts; the bedrooms' figure when it has enough, else the kind's.

use std::collections::HashMap;
use std::path::Path;

use contract::detail::MarketComparison;
use contract::guides::{AreaMarket, MarketFigure, MarketMonth, MarketTrend};
use contract::{ApiProperty, MainCategory};

use crate::content::model::SubCategory;
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
        let sub = vocabulary.type_published_as(&p.sub_category)?;
        let kind = vocabulary.type_kind(sub).market()?;
        // A studio's figure is the studios' (no bedroom), whatever its listing says.
        let bedrooms = if sub == SubCategory::Studio {
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

    /// A community's figures for its area guide: each kind's months (sales, and the median
    /// where there were [`ENOUGH`]), and the last 12 months' sales and rents per kind and
    /// bedrooms. `None` when neither summary has the community.
    pub fn area(&self, community: &str) -> Option<AreaMarket> {
        fn mine<'s>(summary: &'s Option<(Summary, Index)>, community: &str) -> Vec<&'s market::Figure> {
            summary.as_ref().map_or_else(Vec::new, |(s, _)| {
                s.monthly.iter().chain(&s.last12).filter(|f| f.community == community).collect()
            })
        }
        let (sales, rents) = (mine(&self.sales, community), mine(&self.rents, community));
        if sales.is_empty() && rents.is_empty() {
            return None;
        }
        let newest = self.sales.as_ref().or(self.rents.as_ref()).map(|(s, _)| s)?;
        let months = month_list(&newest.to, newest.months);
        let enough = |count: u32, median: u32| (count >= ENOUGH).then_some(median);

        let mut kinds: Vec<(Kind, u32)> = Vec::new();
        for f in sales.iter().filter(|f| f.month.is_some() && f.bedrooms.is_none()) {
            match kinds.iter_mut().find(|(k, _)| *k == f.kind) {
                Some((_, total)) => *total += f.count,
                None => kinds.push((f.kind, f.count)),
            }
        }
        kinds.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let trends = kinds
            .iter()
            .map(|&(kind, _)| MarketTrend {
                kind,
                months: months
                    .iter()
                    .map(|month| {
                        let figure = sales.iter().find(|f| {
                            f.kind == kind
                                && f.bedrooms.is_none()
                                && f.month.as_deref() == Some(month.as_str())
                        });
                        let (count, median) = figure.map_or((0, 0), |f| (f.count, f.median));
                        MarketMonth { month: month.clone(), sales: count, median: enough(count, median) }
                    })
                    .collect(),
            })
            .collect();

        let mut rows: Vec<(Kind, Option<u8>)> =
            sales.iter().chain(&rents).filter(|f| f.month.is_none()).map(|f| (f.kind, f.bedrooms)).collect();
        // Kinds in the contract's order; a kind's own row (all bedrooms) first, then by bedrooms.
        rows.sort_by_key(|&(kind, bedrooms)| (kind, bedrooms.map_or(0, |b| u16::from(b) + 1)));
        rows.dedup();
        let last12 = |figures: &[&market::Figure], kind: Kind, bedrooms: Option<u8>| {
            figures
                .iter()
                .find(|f| f.month.is_none() && f.kind == kind && f.bedrooms == bedrooms)
                .map_or((0, None), |f| (f.count, enough(f.count, f.median)))
        };
        let figures = rows
            .into_iter()
            .map(|(kind, bedrooms)| {
                let (sold, median) = last12(&sales, kind, bedrooms);
                let (let_, rent_median) = last12(&rents, kind, bedrooms);
                MarketFigure { kind, bedrooms, sales: sold, median, rents: let_, rent_median }
            })
            .collect();
        Some(AreaMarket { to: newest.to.clone(), trends, figures })
    }
}

impl Market {
    /// The 'What is my home worth?' tool's figures of `community` (its key): per kind and
    /// bedrooms, the last 12 months' sales with their quartiles and median, and the rents'
    /// median; quartiles and medians only from [`ENOUGH`] sales (or contracts). `None` when the
    /// sales summary does not have the community. `name`: its English name.
    pub fn valuation(&self, community: &str, name: &str) -> Option<contract::valuation::Valuation> {
        use contract::valuation::{Valuation, ValuationFigure};
        let (sales, _) = self.sales.as_ref()?;
        let mine: Vec<&market::Figure> = sales.last12.iter().filter(|f| f.community == community).collect();
        if mine.is_empty() {
            return None;
        }
        let rents = |kind: Kind, bedrooms: Option<u8>| {
            self.rents
                .as_ref()
                .and_then(|(_, index)| index.get(&(community.to_owned(), kind, bedrooms)))
                .copied()
        };
        let mut figures: Vec<ValuationFigure> = mine
            .iter()
            .map(|f| {
                let enough = f.count >= ENOUGH;
                let (let_, rent_median) = rents(f.kind, f.bedrooms).unwrap_or((0, 0));
                ValuationFigure {
                    kind: f.kind,
                    bedrooms: f.bedrooms,
                    sales: f.count,
                    low: f.q1.filter(|_| enough),
                    median: enough.then_some(f.median),
                    high: f.q3.filter(|_| enough),
                    rents: let_,
                    rent_median: (let_ >= ENOUGH).then_some(rent_median),
                }
            })
            .collect();
        figures.sort_by_key(|f| (f.kind, f.bedrooms.map_or(0, |b| u16::from(b) + 1)));
        let months = month_list(&sales.to, 12);
        Some(Valuation {
            community: community.to_owned(),
            name: name.to_owned(),
            from: months.first().cloned().unwrap_or_default(),
            to: sales.to.clone(),
            figures,
        })
    }
}

/// The `count` months ending with `to` (`2026-10`), oldest first; empty when `to` is not a
/// month.
pub fn month_list(to: &str, count: u32) -> Vec<String> {
    let Some((year, month)) = to.split_once('-') else { return Vec::new() };
    let (Ok(year), Ok(month)) = (year.parse::<i32>(), month.parse::<i32>()) else { return Vec::new() };
    if !(1..=12).contains(&month) {
        return Vec::new();
    }
    let last = year * 12 + month - 1;
    (0..count as i32)
        .rev()
        .map(|back| {
            let n = last - back;
            format!("{:04}-{:02}", n.div_euclid(12), n.rem_euclid(12) + 1)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::market::Figure;

    fn figure(month: Option<&str>, kind: Kind, bedrooms: Option<u8>, count: u32, median: u32) -> Figure {
        Figure {
            community: "marina".into(),
            month: month.map(str::to_owned),
            kind,
            bedrooms,
            count,
            median,
            q1: None,
            q3: None,
        }
    }

    fn summary(monthly: Vec<Figure>, last12: Vec<Figure>) -> (Summary, Index) {
        let s = Summary { source: "DLD".into(), to: "2026-02".into(), months: 3, monthly, last12 };
        (s, Index::new())
    }

    #[test]
    fn months_run_back_across_a_new_year() {
        assert_eq!(month_list("2026-02", 4), ["2025-11", "2025-12", "2026-01", "2026-02"]);
        assert_eq!(month_list("2026-13", 2), Vec::<String>::new());
        assert_eq!(month_list("soon", 2), Vec::<String>::new());
    }

    #[test]
    fn an_area_has_every_month_a_median_only_from_ten_sales_and_rows_per_bedrooms() {
        let sales = summary(
            vec![
                figure(Some("2025-12"), Kind::Apartment, None, 12, 1500),
                figure(Some("2026-02"), Kind::Apartment, None, 9, 1700),
                figure(Some("2026-02"), Kind::Apartment, Some(1), 9, 1650),
                figure(Some("2026-01"), Kind::Villa, None, 30, 1100),
            ],
            vec![
                figure(None, Kind::Apartment, None, 21, 1580),
                figure(None, Kind::Apartment, Some(1), 9, 1650),
                figure(None, Kind::Villa, None, 30, 1100),
            ],
        );
        let rents = summary(
            vec![],
            vec![figure(None, Kind::Apartment, None, 40, 95), figure(None, Kind::Apartment, Some(2), 15, 90)],
        );
        let market = Market { sales: Some(sales), rents: Some(rents) };
        let area = market.area("marina").expect("figures");
        assert_eq!(area.to, "2026-02");
        // The villas sold more over the period: their trend first.
        assert_eq!(area.trends.iter().map(|t| t.kind).collect::<Vec<_>>(), [Kind::Villa, Kind::Apartment]);
        let apartments = &area.trends[1].months;
        let months: Vec<(&str, u32, Option<u32>)> =
            apartments.iter().map(|m| (m.month.as_str(), m.sales, m.median)).collect();
        assert_eq!(months, [("2025-12", 12, Some(1500)), ("2026-01", 0, None), ("2026-02", 9, None)]);
        #[allow(clippy::type_complexity)]
        let rows: Vec<(Kind, Option<u8>, u32, Option<u32>, u32, Option<u32>)> = area
            .figures
            .iter()
            .map(|f| (f.kind, f.bedrooms, f.sales, f.median, f.rents, f.rent_median))
            .collect();
        assert_eq!(
            rows,
            [
                (Kind::Apartment, None, 21, Some(1580), 40, Some(95)),
                (Kind::Apartment, Some(1), 9, None, 0, None),
                (Kind::Apartment, Some(2), 0, None, 15, Some(90)),
                (Kind::Villa, None, 30, Some(1100), 0, None),
            ]
        );
        assert_eq!(market.area("elsewhere"), None);
    }

    #[test]
    fn a_valuation_has_the_quartiles_and_medians_only_from_ten_sales_and_the_rents_beside() {
        let with = |mut f: Figure, q1: u32, q3: u32| {
            (f.q1, f.q3) = (Some(q1), Some(q3));
            f
        };
        let sales = summary(
            vec![],
            vec![
                with(figure(None, Kind::Apartment, None, 40, 2000), 1800, 2300),
                with(figure(None, Kind::Apartment, Some(2), 12, 2100), 1900, 2400),
                with(figure(None, Kind::Apartment, Some(4), 9, 2500), 2400, 2600),
            ],
        );
        let rents = (
            Summary {
                source: "Ejari".into(),
                to: "2026-02".into(),
                months: 3,
                monthly: vec![],
                last12: vec![],
            },
            Index::from([
                (("marina".to_owned(), Kind::Apartment, Some(2)), (15, 130)),
                (("marina".to_owned(), Kind::Apartment, None), (8, 120)),
            ]),
        );
        let market = Market { sales: Some(sales), rents: Some(rents) };
        let valuation = market.valuation("marina", "Dubai Marina").expect("the community's figures");
        assert_eq!((valuation.from.as_str(), valuation.to.as_str()), ("2025-03", "2026-02"));
        let rows: Vec<_> = valuation
            .figures
            .iter()
            .map(|f| (f.bedrooms, f.sales, f.low, f.median, f.high, f.rents, f.rent_median))
            .collect();
        assert_eq!(
            rows,
            [
                (None, 40, Some(1800), Some(2000), Some(2300), 8, None),
                (Some(2), 12, Some(1900), Some(2100), Some(2400), 15, Some(130)),
                (Some(4), 9, None, None, None, 0, None),
            ]
        );
        assert_eq!(market.valuation("elsewhere", "Elsewhere"), None);
    }
}
