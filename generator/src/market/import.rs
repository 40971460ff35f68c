//! `estate market import`: a DLD open-data file streamed, record by record, into a summary
//! (see [`super::Summary`]). Memory is the prices per ft² of the counted rows in the window
//! (4 bytes each; the window moves as newer months appear, so older rows are let go), the
//! areas' names and a record buffer: not the file's size.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::{Read, Write as _};
use std::path::{Path, PathBuf};

use contract::text::fold;
use fnv::FnvHashMap;

use super::columns::{self, Columns};
use super::fields::{self, Amount, Month, SQFT_PER_SQM};
use super::{Dataset, Figure, Kind, Summary};
use crate::content::diag::Diagnostic;
use crate::content::safe_fs;
use crate::content::vocabulary::{self, Kind as Vocabulary};

/// What to import.
pub struct Options<'a> {
    pub dataset: Dataset,
    pub file: PathBuf,
    pub content: PathBuf,
    /// The months summarised, ending with the file's newest.
    pub months: u32,
    /// Called now and then with the rows and bytes read so far, for a progress line.
    pub progress: &'a mut dyn FnMut(u64, u64),
}

/// Malformed rows reported one by one; the rest are counted.
pub const REPORTED: usize = 5;

/// What an import did.
#[derive(Debug, Default)]
pub struct Outcome {
    /// The header style recognised.
    pub style: &'static str,
    /// Data rows read.
    pub rows: u64,
    /// Rows in the summary.
    pub counted: u64,
    /// Transactions that are not sales (mortgages, gifts).
    pub not_sales: u64,
    /// Rows of kinds the figures leave out (buildings, hotels, warehouses...).
    pub other_kinds: u64,
    /// Rows without an area or a price.
    pub unmeasured: u64,
    /// Rows older than the window.
    pub older: u64,
    /// Malformed rows skipped; the first [`REPORTED`] as `FILE:LINE: reason`.
    pub malformed: u64,
    pub first_malformed: Vec<String>,
    /// Rows (otherwise counted) whose DLD area no community names, and the areas, largest first.
    pub unmatched: u64,
    pub unmatched_areas: Vec<(String, u64)>,
    /// The communities with figures.
    pub communities: usize,
    /// The first month of the window, `2023-11`.
    pub from: String,
    /// The summary written (`None`: nothing counted, nothing written).
    pub written: Option<PathBuf>,
    pub summary: Option<Summary>,
}

/// Why an import could not run; nothing was written.
#[derive(Debug)]
pub enum Refusal {
    /// The communities vocabulary has errors.
    Vocabulary(Vec<Diagnostic>),
    Message(String),
}

impl From<String> for Refusal {
    fn from(message: String) -> Refusal {
        Refusal::Message(message)
    }
}

/// A group's key: community (its index in the vocabulary), month, kind, bedrooms.
type Key = (u16, Month, Kind, u8);
/// Bedrooms not stated (offices, land, or a row without rooms).
const NO_BEDROOMS: u8 = u8::MAX;

/// A DLD area seen in the file: the community naming it, and the rows counted for none.
struct Area {
    community: Option<u16>,
    unmatched: u64,
}

pub fn run(options: Options) -> Result<Outcome, Refusal> {
    let Options { dataset, file, content, months, progress } = options;
    let (communities, diagnostics) = vocabulary::load_one(&content, Vocabulary::Communities);
    if !diagnostics.is_empty() {
        return Err(Refusal::Vocabulary(diagnostics));
    }
    let Some(communities) = communities else {
        return Err(format!(
            "{} is missing: the import maps DLD's areas to its communities (their `dld:` lists)",
            Vocabulary::Communities.path(&content).display()
        )
        .into());
    };
    let terms = &communities.data.terms;
    let mut by_dld: FnvHashMap<String, u16> = FnvHashMap::default();
    for (i, term) in terms.iter().enumerate() {
        let index = u16::try_from(i).map_err(|_| "more than 65,535 communities".to_owned())?;
        for area in &term.dld {
            by_dld.insert(fold(area.trim()), index);
        }
    }

    let name = file.display().to_string();
    refuse_other_encodings(&file, &name)?;
    let input = File::open(&file).map_err(|e| format!("{name}: {e}"))?;
    let mut reader = csv::ReaderBuilder::new().flexible(true).buffer_capacity(1 << 20).from_reader(input);
    let headers = reader.byte_headers().map_err(|e| format!("{name}: {e}"))?.clone();
    let headers: Vec<String> = match std::str::from_utf8(headers.as_slice()) {
        Ok(_) => headers.iter().map(|h| String::from_utf8_lossy(h).into_owned()).collect(),
        Err(_) => return Err(not_utf8(&name, 1).into()),
    };
    let columns = columns::recognise(dataset, &headers).map_err(|e| format!("{name}: {e}"))?;

    let mut outcome = Outcome { style: columns.style, ..Outcome::default() };
    let mut groups: FnvHashMap<Key, Vec<f32>> = FnvHashMap::default();
    let mut areas: FnvHashMap<Box<[u8]>, Area> = FnvHashMap::default();
    let mut newest: Option<Month> = None;
    let mut record = csv::ByteRecord::new();
    loop {
        match reader.read_byte_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                let line = e.position().map_or(0, csv::Position::line);
                match e.kind() {
                    csv::ErrorKind::Io(_) => return Err(format!("{name}:{line}: {e}").into()),
                    _ => {
                        outcome.rows += 1;
                        malformed(&mut outcome, &name, line, &e.to_string());
                        continue;
                    }
                }
            }
        }
        outcome.rows += 1;
        if outcome.rows.is_multiple_of(65_536) {
            progress(outcome.rows, record.position().map_or(0, csv::Position::byte));
        }
        let line = record.position().map_or(0, csv::Position::line);
        if std::str::from_utf8(record.as_slice()).is_err() {
            return Err(not_utf8(&name, line).into());
        }
        let row = match read_row(&record, &columns) {
            Ok(Some(row)) => row,
            Ok(None) => continue,
            Err(Skip::NotSale) => {
                outcome.not_sales += 1;
                continue;
            }
            Err(Skip::OtherKind) => {
                outcome.other_kinds += 1;
                continue;
            }
            Err(Skip::Unmeasured) => {
                outcome.unmeasured += 1;
                continue;
            }
            Err(Skip::Malformed(reason)) => {
                malformed(&mut outcome, &name, line, &reason);
                continue;
            }
        };
        let area = match areas.get_mut(row.area) {
            Some(area) => area,
            None => {
                let text = std::str::from_utf8(row.area).unwrap_or_default();
                let community = by_dld.get(&fold(text)).copied();
                areas.entry(row.area.into()).or_insert(Area { community, unmatched: 0 })
            }
        };
        let Some(community) = area.community else {
            area.unmatched += 1;
            outcome.unmatched += 1;
            continue;
        };
        // The window ends with the newest month seen so far; when it moves, what fell out of it
        // is let go.
        if newest.is_none_or(|n| row.month > n) {
            newest = Some(row.month);
            let first = (row.month + 1).saturating_sub(months);
            groups.retain(|key, values| {
                let keep = key.1 >= first;
                if !keep {
                    outcome.older += values.len() as u64;
                }
                keep
            });
        }
        if row.month + months <= newest.unwrap_or(row.month) {
            outcome.older += 1;
            continue;
        }
        groups.entry((community, row.month, row.kind, row.bedrooms)).or_default().push(row.per_sqft as f32);
    }
    progress(outcome.rows, reader.position().byte());

    let mut unmatched: Vec<(String, u64)> = areas
        .iter()
        .filter(|(_, a)| a.unmatched > 0)
        .map(|(name, a)| (String::from_utf8_lossy(name).into_owned(), a.unmatched))
        .collect();
    unmatched.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    outcome.unmatched_areas = unmatched;

    let Some(newest) = newest else {
        return Ok(outcome);
    };
    let keys: Vec<&str> = terms.iter().map(|t| t.key.as_str()).collect();
    let summary = summarise(dataset, groups, newest, months, &keys);
    outcome.from = fields::month_text((newest + 1).saturating_sub(months));
    outcome.counted = summary
        .monthly
        .iter()
        .filter(|f| f.month.is_some() && f.bedrooms.is_none())
        .map(|f| u64::from(f.count))
        .sum();
    outcome.communities =
        summary.last12.iter().map(|f| &f.community).collect::<std::collections::BTreeSet<_>>().len();
    let path = super::path(&content, dataset);
    write_whole(&content, &path, super::render(&summary).as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    outcome.written = Some(path);
    outcome.summary = Some(summary);
    Ok(outcome)
}

/// One row's values, as far as the figures need them.
struct Row<'r> {
    month: Month,
    kind: Kind,
    bedrooms: u8,
    area: &'r [u8],
    per_sqft: f64,
}

/// Why a row is left out.
enum Skip {
    NotSale,
    OtherKind,
    Unmeasured,
    Malformed(String),
}

/// The row's values, or why it is left out; `Ok(None)` for a blank line.
fn read_row<'r>(record: &'r csv::ByteRecord, columns: &Columns) -> Result<Option<Row<'r>>, Skip> {
    if record.len() == 1 && fields::trim(&record[0]).is_empty() {
        return Ok(None);
    }
    if record.len() <= columns.last {
        return Err(Skip::Malformed(format!("{} fields, fewer than the header's", record.len())));
    }
    if let Some(group) = columns.group
        && !fields::is_sale(&record[group])
    {
        return Err(Skip::NotSale);
    }
    let kind = match columns.sub_type {
        Some(sub) => fields::kind(&[&record[sub], &record[columns.property_type]]),
        None => fields::kind(&[&record[columns.property_type]]),
    }
    .ok_or(Skip::OtherKind)?;
    let date = &record[columns.date];
    let month = fields::month(date).ok_or_else(|| {
        Skip::Malformed(format!(
            "`{}` is not a date (dd-mm-yyyy or yyyy-mm-dd)",
            String::from_utf8_lossy(date)
        ))
    })?;
    let area = fields::trim(&record[columns.area]);
    if area.is_empty() {
        return Err(Skip::Malformed("no area name".to_owned()));
    }
    let number = |index: usize, what: &str| match fields::amount(&record[index]) {
        Amount::Some(n) => Ok(Some(n)),
        Amount::Empty => Ok(None),
        Amount::Bad => Err(Skip::Malformed(format!(
            "the {what} `{}` is not a number",
            String::from_utf8_lossy(fields::trim(&record[index]))
        ))),
    };
    let mut size = number(columns.size, "area")?;
    if size.is_none()
        && let Some(fallback) = columns.size_fallback.filter(|&i| i < record.len())
    {
        size = number(fallback, "area")?;
    }
    let price = number(columns.amount, "amount")?;
    let (Some(sqm), Some(price)) = (size, price) else { return Err(Skip::Unmeasured) };
    let bedrooms = columns
        .rooms
        .filter(|&i| i < record.len())
        .and_then(|i| fields::bedrooms(&record[i]))
        .filter(|_| matches!(kind, Kind::Apartment | Kind::Villa))
        .unwrap_or(NO_BEDROOMS);
    Ok(Some(Row { month, kind, bedrooms, area, per_sqft: price / (sqm * SQFT_PER_SQM) }))
}

fn malformed(outcome: &mut Outcome, name: &str, line: u64, reason: &str) {
    outcome.malformed += 1;
    if outcome.first_malformed.len() < REPORTED {
        outcome.first_malformed.push(format!("{name}:{line}: {reason}"));
    }
}

fn not_utf8(name: &str, line: u64) -> String {
    format!(
        "{name}:{line}: not UTF-8 text (Excel saves CSV files with Arabic in Windows-1256); \
         convert it first: iconv -f WINDOWS-1256 -t UTF-8 {name} > {}",
        utf8_name(name)
    )
}

/// `sales.csv` as `sales-utf8.csv`, for the conversion the messages suggest.
fn utf8_name(name: &str) -> String {
    match name.strip_suffix(".csv") {
        Some(stem) => format!("{stem}-utf8.csv"),
        None => format!("{name}-utf8"),
    }
}

/// Refuses UTF-16 (Excel's 'Unicode text'), which reads as valid UTF-8 full of NULs.
fn refuse_other_encodings(file: &Path, name: &str) -> Result<(), String> {
    let mut start = [0u8; 2];
    let mut input = File::open(file).map_err(|e| format!("{name}: {e}"))?;
    let read = input.read(&mut start).map_err(|e| format!("{name}: {e}"))?;
    if read == 2 && (start == [0xFF, 0xFE] || start == [0xFE, 0xFF]) {
        return Err(format!(
            "{name}: UTF-16 text (Excel's 'Unicode text'), not UTF-8; convert it first: \
             iconv -f UTF-16 -t UTF-8 {name} > {}",
            utf8_name(name)
        ));
    }
    Ok(())
}

/// The groups as figures: per month with each bedrooms and all of them, and over the last 12
/// months the same.
fn summarise(
    dataset: Dataset,
    groups: FnvHashMap<Key, Vec<f32>>,
    newest: Month,
    months: u32,
    communities: &[&str],
) -> Summary {
    let mut sorted: Vec<(Key, Vec<f32>)> = groups.into_iter().collect();
    sorted.sort_by_key(|(key, _)| *key);
    let first_recent = (newest + 1).saturating_sub(12);
    // Per month (bedrooms and all), and per (community, kind, bedrooms) over the last 12.
    let mut monthly: BTreeMap<(u16, Month, Kind, u8), Vec<f32>> = BTreeMap::new();
    let mut recent: BTreeMap<(u16, Kind, u8), Vec<f32>> = BTreeMap::new();
    for ((community, month, kind, bedrooms), values) in sorted {
        let mut add = |bedrooms: u8| {
            monthly.entry((community, month, kind, bedrooms)).or_default().extend(&values);
            if month >= first_recent {
                recent.entry((community, kind, bedrooms)).or_default().extend(&values);
            }
        };
        if bedrooms != NO_BEDROOMS {
            add(bedrooms);
        }
        add(ALL);
    }
    let figure =
        |community: u16, month: Option<Month>, kind: Kind, bedrooms: u8, values: &mut [f32]| Figure {
            community: communities[usize::from(community)].to_owned(),
            month: month.map(fields::month_text),
            kind,
            bedrooms: (bedrooms != ALL).then_some(bedrooms),
            count: u32::try_from(values.len()).unwrap_or(u32::MAX),
            median: median(values),
        };
    Summary {
        source: dataset.source().to_owned(),
        to: fields::month_text(newest),
        months,
        monthly: monthly
            .into_iter()
            .map(|((c, m, k, b), mut values)| figure(c, Some(m), k, b, &mut values))
            .collect(),
        last12: recent
            .into_iter()
            .map(|((c, k, b), mut values)| figure(c, None, k, b, &mut values))
            .collect(),
    }
}

/// All bedrooms of a kind (`null` in the file), after each count's figure.
const ALL: u8 = 0xFE;

/// The median to the nearest dirham (of an even count, the mean of the middle two).
fn median(values: &mut [f32]) -> u32 {
    let n = values.len();
    if n == 0 {
        return 0;
    }
    let (lower, upper, _) = values.select_nth_unstable_by(n / 2, f32::total_cmp);
    let upper = f64::from(*upper);
    let middle = if n % 2 == 1 {
        upper
    } else {
        let below = lower.iter().copied().fold(f32::MIN, f32::max);
        (f64::from(below) + upper) / 2.0
    };
    middle.round() as u32
}

/// Writes `bytes` as `path` whole: into a hidden file beside it, synced, then renamed over it,
/// so an interrupted import leaves the last summary as it was.
fn write_whole(content: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let folder = path.parent().expect("content/market");
    std::fs::create_dir_all(folder)?;
    safe_fs::check_way(content, path)?;
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temporary = folder.join(format!(".{name}.{}.tmp", std::process::id()));
    let written = File::create(&temporary)
        .and_then(|mut file| file.write_all(bytes).and_then(|()| file.sync_all()))
        .and_then(|()| std::fs::rename(&temporary, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temporary);
    }
    written
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2);
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), 3); // 2.5 rounds up
        assert_eq!(median(&mut [1000.0, 1001.2]), 1001);
        assert_eq!(median(&mut []), 0);
    }
}
