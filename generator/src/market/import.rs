//! `estate market import`: a DLD open-data file streamed, record by record, into a summary
//! (see [`super::Summary`]). Memory is the prices per ft² of the counted rows in the window
//! (4 bytes each; the window moves as newer months appear, so older rows are let go), the
//! areas' names and a record buffer: not the file's size.

use std::collections::BTreeMap;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};

use contract::text::fold;
use fnv::FnvHashMap;

use super::columns::{self, Columns};
use super::fields::{self, Amount, Month, SQFT_PER_SQM};
use super::{Dataset, Figure, Kind, Summary};
use crate::content::diag::{self, Diagnostic};
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

/// Rows left out for their values reported one by one; the rest are counted.
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
    /// Malformed rows skipped.
    pub malformed: u64,
    /// Rows dated before 2000 or after today.
    pub misdated: u64,
    /// Rows whose area, amount or price per ft² is beyond [`fields::plausible`].
    pub implausible: u64,
    /// The first [`REPORTED`] malformed, misdated or implausible rows, as `FILE:LINE: reason`.
    pub reported: Vec<String>,
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

/// The longest record read (DLD's rows are under 1 KB): a longer one is no DLD file, or a quote
/// never closed, and reading it whole would hold all of it in memory.
pub const MAX_RECORD: usize = 64 * 1024;
/// The longest area name (DLD's are under 60 characters) and the most different names kept.
const MAX_AREA_NAME: usize = 200;
const MAX_AREAS: usize = 10_000;

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

    refuse_links(&content)?;
    let name = file.display().to_string();
    refuse_other_encodings(&file, &name)?;
    let input = File::open(&file).map_err(|e| format!("{name}: {e}"))?;
    let input = RecordLimit { inner: input, quoted: false, length: 0, line: 1, start: 1 };
    let mut reader = csv::ReaderBuilder::new().flexible(true).buffer_capacity(1 << 16).from_reader(input);
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
    let dates = fields::earliest()..=dubai_today();
    let mut record = csv::ByteRecord::new();
    loop {
        match reader.read_byte_record(&mut record) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                let line = e.position().map_or(0, csv::Position::line);
                match e.kind() {
                    csv::ErrorKind::Io(io) if io.kind() == std::io::ErrorKind::FileTooLarge => {
                        return Err(format!("{name}:{io}").into());
                    }
                    csv::ErrorKind::Io(_) => return Err(format!("{name}:{line}: {e}").into()),
                    _ => {
                        outcome.rows += 1;
                        outcome.malformed += 1;
                        report(&mut outcome, &name, line, &e.to_string());
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
        let row = match read_row(&record, &columns, &dates) {
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
                outcome.malformed += 1;
                report(&mut outcome, &name, line, &reason);
                continue;
            }
            Err(Skip::Misdated(reason)) => {
                outcome.misdated += 1;
                report(&mut outcome, &name, line, &reason);
                continue;
            }
            Err(Skip::Implausible(reason)) => {
                outcome.implausible += 1;
                report(&mut outcome, &name, line, &reason);
                continue;
            }
        };
        let full = areas.len() >= MAX_AREAS;
        let area = match areas.get_mut(row.area) {
            Some(area) => area,
            // Past so many names no DLD file has, a new one is counted, not remembered.
            None if full => {
                outcome.unmatched += 1;
                continue;
            }
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

    let mut unmatched: Vec<(String, u64)> =
        areas.iter().filter(|(_, a)| a.unmatched > 0).map(|(name, a)| (shown(name), a.unmatched)).collect();
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
    safe_fs::replace(&content, &path, super::render(&summary).as_bytes())
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
    /// Dated before 2000 or after today.
    Misdated(String),
    /// A value beyond [`fields::plausible`].
    Implausible(String),
}

/// Today in Dubai (UTC+4, no daylight saving), the last day a registered row may carry.
fn dubai_today() -> chrono::NaiveDate {
    (chrono::Utc::now() + chrono::TimeDelta::hours(4)).date_naive()
}

/// A field's text as a message quotes it: cut to 60 characters (the terminal escapes the rest of
/// what it prints).
fn shown(field: &[u8]) -> String {
    let text = String::from_utf8_lossy(fields::trim(field));
    match text.char_indices().nth(60) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.into_owned(),
    }
}

/// The row's values, or why it is left out; `Ok(None)` for a blank line.
fn read_row<'r>(
    record: &'r csv::ByteRecord,
    columns: &Columns,
    dates: &std::ops::RangeInclusive<chrono::NaiveDate>,
) -> Result<Option<Row<'r>>, Skip> {
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
    let day = fields::date(date).ok_or_else(|| {
        Skip::Malformed(format!("`{}` is not a date (dd-mm-yyyy or yyyy-mm-dd)", shown(date)))
    })?;
    if !dates.contains(&day) {
        return Err(Skip::Misdated(format!(
            "the date `{}` is {} (rows count from {} to today, {})",
            shown(date),
            if day < *dates.start() { "too early" } else { "in the future" },
            dates.start(),
            dates.end()
        )));
    }
    let month = fields::month_of(day);
    let area = fields::trim(&record[columns.area]);
    if area.is_empty() {
        return Err(Skip::Malformed("no area name".to_owned()));
    }
    if area.len() > MAX_AREA_NAME {
        return Err(Skip::Malformed(format!(
            "an area name of {} bytes, longer than any DLD area's ({MAX_AREA_NAME} at most): `{}`",
            area.len(),
            shown(area)
        )));
    }
    let number = |index: usize, what: &str| match fields::amount(&record[index]) {
        Amount::Some(n) => Ok(Some(n)),
        Amount::Empty => Ok(None),
        Amount::Bad => {
            Err(Skip::Malformed(format!("the {what} `{}` is not a number", shown(&record[index]))))
        }
    };
    let mut size = number(columns.size, "area")?;
    if size.is_none()
        && let Some(fallback) = columns.size_fallback.filter(|&i| i < record.len())
    {
        size = number(fallback, "area")?;
    }
    let price = number(columns.amount, "amount")?;
    let (Some(sqm), Some(price)) = (size, price) else { return Err(Skip::Unmeasured) };
    let per_sqft = price / (sqm * SQFT_PER_SQM);
    let beyond = |what: &str, value: f64, bounds: &std::ops::RangeInclusive<f64>| {
        (!bounds.contains(&value)).then(|| {
            format!(
                "{what} {} is beyond what a real row has ({} to {})",
                figure(value),
                bounds.start(),
                bounds.end()
            )
        })
    };
    if let Some(reason) = beyond("the area (m²)", sqm, &fields::plausible::SQM)
        .or_else(|| beyond("the amount (AED)", price, &fields::plausible::AMOUNT))
        .or_else(|| beyond("the price per ft² (AED)", per_sqft, &fields::plausible::PER_SQFT))
    {
        return Err(Skip::Implausible(reason));
    }
    let bedrooms = columns
        .rooms
        .filter(|&i| i < record.len())
        .and_then(|i| fields::bedrooms(&record[i]))
        .filter(|_| matches!(kind, Kind::Apartment | Kind::Villa))
        .unwrap_or(NO_BEDROOMS);
    Ok(Some(Row { month, kind, bedrooms, area, per_sqft }))
}

/// A number as a message shows it: `1e-300`, `400000000000000`, `12.5`.
fn figure(value: f64) -> String {
    if value != 0.0 && !(0.01..1e15).contains(&value.abs()) {
        return format!("{value:e}");
    }
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

fn report(outcome: &mut Outcome, name: &str, line: u64, reason: &str) {
    if outcome.reported.len() < REPORTED {
        outcome.reported.push(format!("{name}:{line}: {reason}"));
    }
}

/// The file as the CSV reader reads it, refusing a record longer than [`MAX_RECORD`] (a
/// `FileTooLarge` error naming its first line) before the reader holds it. A record ends at a
/// line break outside quotes (a doubled quote inside a field toggles twice: no change).
struct RecordLimit<R> {
    inner: R,
    quoted: bool,
    length: usize,
    line: u64,
    start: u64,
}

impl<R: Read> Read for RecordLimit<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        let mut counted = 0;
        for i in memchr::memchr2_iter(b'"', b'\n', &buf[..n]).chain([n]) {
            self.length += (i + 1).min(n) - counted;
            counted = (i + 1).min(n);
            if self.length > MAX_RECORD {
                return Err(std::io::Error::new(
                    std::io::ErrorKind::FileTooLarge,
                    format!(
                        "{}: a row of over {} KB (the DLD's rows are under 1 KB): not a DLD file, \
                         or a quote (\") that is never closed",
                        self.start,
                        MAX_RECORD / 1024
                    ),
                ));
            }
            match buf.get(i) {
                Some(b'"') => self.quoted = !self.quoted,
                Some(_) => {
                    self.line += 1;
                    if !self.quoted {
                        self.length = 0;
                        self.start = self.line;
                    }
                }
                None => {}
            }
        }
        Ok(n)
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

/// Refuses a `market/` folder that is, or holds, a symbolic link: the import writes there, and a
/// link would take its write (or the build's read) outside the content folder.
fn refuse_links(content: &Path) -> Result<(), String> {
    let folder = content.join("market");
    let mut links = safe_fs::links_under(&folder);
    if folder.symlink_metadata().is_ok_and(|m| m.file_type().is_symlink()) {
        links.insert(0, folder);
    }
    match links.first() {
        None => Ok(()),
        Some(first) => Err(format!(
            "{}{} link(s) in {}, the first {}; replace them with the files themselves",
            safe_fs::LINK_NOT_ALLOWED,
            links.len(),
            diag::shown_path(&content.join("market")),
            diag::shown_path(first),
        )),
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
            q1: month.is_none().then(|| quartile(values, 1)),
            q3: month.is_none().then(|| quartile(values, 3)),
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

/// The lower (`which` 1) or upper (3) quartile to the nearest dirham: the value a quarter (three
/// quarters) of the way from the lowest to the highest, between the two nearest when it falls
/// between values (as spreadsheets' QUARTILE.INC).
fn quartile(values: &mut [f32], which: u8) -> u32 {
    if values.is_empty() {
        return 0;
    }
    values.sort_unstable_by(f32::total_cmp);
    let at = (values.len() - 1) as f64 * f64::from(which) / 4.0;
    let below = f64::from(values[at.floor() as usize]);
    let above = f64::from(values[at.ceil() as usize]);
    (below + (above - below) * at.fract()).round() as u32
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
    // Every value is within `fields::plausible::PER_SQFT`, far inside a u32.
    middle.round() as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quartiles_between_the_nearest_values() {
        // 1..=9: a quarter of the way is the 3rd value, three quarters the 7th.
        let mut values: Vec<f32> = (1..=9).rev().map(|v| v as f32).collect();
        assert_eq!((quartile(&mut values, 1), quartile(&mut values, 3)), (3, 7));
        // 10, 20, 30, 40: at 0.75 and 2.25 of the way: 17.5 and 32.5.
        let mut values = [40.0, 10.0, 30.0, 20.0];
        assert_eq!((quartile(&mut values, 1), quartile(&mut values, 3)), (18, 33));
        assert_eq!(quartile(&mut [5.0], 1), 5);
        assert_eq!(quartile(&mut [], 3), 0);
    }

    #[test]
    fn medians_of_odd_and_even_counts() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2);
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), 3); // 2.5 rounds up
        assert_eq!(median(&mut [1000.0, 1001.2]), 1001);
        assert_eq!(median(&mut []), 0);
    }

    #[test]
    fn a_record_over_the_limit_is_refused_at_its_first_line() {
        let row = |n: usize| format!("1,\"{}\"\n", "x".repeat(n));
        let text = format!("a,b\n{}{}{}", row(10), row(MAX_RECORD), row(10));
        let mut limited = RecordLimit { inner: text.as_bytes(), quoted: false, length: 0, line: 1, start: 1 };
        let error = std::io::copy(&mut limited, &mut std::io::sink()).expect_err("too long");
        assert_eq!(error.kind(), std::io::ErrorKind::FileTooLarge);
        assert!(error.to_string().starts_with("3: a row of over 64 KB"), "{error}");
        // Quoted line breaks stay in their record; rows just under the limit pass.
        let text = format!("a,b\n1,\"x\ny\"\n{}", row(MAX_RECORD - 10).repeat(3));
        let mut limited = RecordLimit { inner: text.as_bytes(), quoted: false, length: 0, line: 1, start: 1 };
        assert_eq!(std::io::copy(&mut limited, &mut std::io::sink()).expect("read") as usize, text.len());
    }
}
