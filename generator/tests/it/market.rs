//! `estate market import` on small files in each published header style:
//! counts and medians as computed by hand, m² to ft², sales only, a byte-order mark, a bad row
//! at its line, a missing column refused, and nothing half-written.
//!
//! Prices are chosen so a flat of 100 m² (1,076.39 ft²) at `k` AED per ft² costs `k * 1076.39`.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::support::{Run, estate};

const COMMUNITIES: &str = "terms:
  - key: dubai-marina
    en: Dubai Marina
    dld: [Marsa Dubai]
  - key: downtown-dubai
    en: Downtown Dubai
    dld: [\"Burj Khalifa\"]
";

/// A folder with `content/vocabulary/communities.yaml` and the file `name` holding `csv`.
pub(super) fn setup(name: &str, csv: &[u8]) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("a folder");
    let vocabulary = dir.path().join("content/vocabulary");
    std::fs::create_dir_all(&vocabulary).expect("the vocabulary folder");
    std::fs::write(vocabulary.join("communities.yaml"), COMMUNITIES).expect("the communities");
    let file = dir.path().join(name);
    std::fs::write(&file, csv).expect("the CSV file");
    (dir, file)
}

pub(super) fn import(dir: &Path, dataset: &str, file: &Path) -> Run {
    estate(dir, &["market", "import", dataset, file.to_str().expect("UTF-8"), "--content", "content"])
}

pub(super) fn summary(dir: &Path, dataset: &str) -> Value {
    let text =
        std::fs::read_to_string(dir.join(format!("content/market/{dataset}.json"))).expect("the summary");
    serde_json::from_str(&text).expect("JSON")
}

/// The (count, median) of the figure of `list` (`monthly` or `last12`) with these fields.
pub(super) fn figure(
    summary: &Value,
    list: &str,
    community: &str,
    month: Option<&str>,
    kind: &str,
    bedrooms: Option<u64>,
) -> (u64, u64) {
    let found = summary[list].as_array().expect("a list").iter().find(|f| {
        f["community"] == community
            && f["month"].as_str() == month
            && f["kind"] == kind
            && f["bedrooms"].as_u64() == bedrooms
    });
    let f = found.unwrap_or_else(|| {
        panic!("no {list} figure {community} {month:?} {kind} {bedrooms:?} in {summary:#}")
    });
    (f["count"].as_u64().expect("a count"), f["median"].as_u64().expect("a median"))
}

pub(super) const PULSE_HEADER: &str = "TRANSACTION_ID,INSTANCE_DATE,TRANS_GROUP_EN,PROCEDURE_NAME_EN,PROPERTY_TYPE_EN,PROPERTY_SUB_TYPE_EN,PROPERTY_USAGE_EN,AREA_NAME_EN,ROOMS_EN,PROCEDURE_AREA,ACTUAL_WORTH,METER_SALE_PRICE\n";

#[test]
fn dubai_pulse_sales_counted_and_their_medians_as_by_hand() {
    let rows = [
        // Dubai Marina, October 2026, apartments: 2 B/R at 1000, 1200 and 1500 AED/ft²; a studio
        // at 800 (50 m² = 538.195 ft²).
        "1,15-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,100,1076390,10763.9",
        "2,2026-10-02 00:00:00,Sales,Sell - Pre registration,Unit,Flat,Residential,MARSA DUBAI,2 B/R,100,1291668,",
        "3,20-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,100.00,1614585,",
        "4,21-10-2026,Sales,Sell,Unit,Hotel Apartment,Residential,Marsa Dubai,Studio,50,430556,",
        // Not sales, a building, and no price: none of them counts.
        "5,21-10-2026,Mortgages,Mortgage Registration,Unit,Flat,Residential,Marsa Dubai,2 B/R,100,99999999,",
        "6,21-10-2026,Gifts,Grant,Unit,Flat,Residential,Marsa Dubai,2 B/R,100,1,",
        "7,21-10-2026,Sales,Sell,Building,Residential,Residential,Marsa Dubai,,3000,300000000,",
        "8,21-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,1 B/R,70,,",
        // Downtown: a villa in September (4 B/R, 400 m² at 2000 AED/ft²), an area no community
        // names, and a sale 40 months before October 2026 (outside the 36-month window).
        "9,01-09-2026,Sales,Sell,Villa,Villa,Residential,Burj Khalifa,4 B/R,400,8611120,",
        "10,01-09-2026,Sales,Sell,Unit,Flat,Residential,Al Furjan,1 B/R,70,900000,",
        "11,01-06-2023,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,100,500000,",
    ];
    let csv = format!("{PULSE_HEADER}{}\n", rows.join("\n"));
    let (dir, file) = setup("sales.csv", csv.as_bytes());
    let run = import(dir.path(), "transactions", &file);
    assert!(run.success(), "{run}");
    assert!(run.stdout.contains("11 rows"), "{run}");
    assert!(run.stdout.contains("5 sales in 2 communities, 2023-11 to 2026-10"), "{run}");
    assert!(run.stdout.contains("2 not sales (mortgages, gifts), 1 of other property types"), "{run}");
    assert!(run.stdout.contains("1 without an area or price, 1 older than the window"), "{run}");
    assert!(run.stdout.contains("the largest: Al Furjan (1)"), "{run}");
    assert!(run.stdout.contains("hint: add an area to its community's `dld:` list"), "{run}");

    let s = summary(dir.path(), "transactions");
    assert_eq!((s["to"].as_str(), s["months"].as_u64()), (Some("2026-10"), Some(36)));
    let october = Some("2026-10");
    assert_eq!(figure(&s, "monthly", "dubai-marina", october, "apartment", Some(2)), (3, 1200));
    assert_eq!(figure(&s, "monthly", "dubai-marina", october, "apartment", Some(0)), (1, 800));
    // All bedrooms: 800, 1000, 1200, 1500: the mean of the middle two.
    assert_eq!(figure(&s, "monthly", "dubai-marina", october, "apartment", None), (4, 1100));
    assert_eq!(figure(&s, "monthly", "downtown-dubai", Some("2026-09"), "villa", Some(4)), (1, 2000));
    assert_eq!(figure(&s, "last12", "dubai-marina", None, "apartment", None), (4, 1100));
    assert_eq!(figure(&s, "last12", "downtown-dubai", None, "villa", None), (1, 2000));
    assert_eq!(s["monthly"].as_array().map(Vec::len), Some(5), "{s:#}");
}

#[test]
fn the_dld_websites_export_with_a_byte_order_mark() {
    let csv = "\u{feff}Transaction Number,Transaction Date,Transaction Type,Transaction sub type,Registration type,Is Free Hold?,Usage,Area,Property Type,Property Sub Type,Amount,Transaction Size (sq.m),Property Size (sq.m),Room(s),Parking\n\
        1,03-10-2026,Sales,Sell,Existing Properties,Free Hold,Residential,Burj Khalifa,Unit,Flat,\"3,229,170\",100,100,1 B/R,1\n\
        2,04-10-2026,Sales,Sell,Existing Properties,Free Hold,Residential,Burj Khalifa,Unit,Flat,\"2,152,780\",,100,1 B/R,1\n\
        3,05-10-2026,Mortgage,Mortgage Registration,Existing Properties,Free Hold,Residential,Burj Khalifa,Unit,Flat,\"9,000,000\",100,100,1 B/R,1\n\
        4,06-10-2026,Sales,Sell,Existing Properties,Free Hold,Commercial,Burj Khalifa,Unit,Office,\"1,614,585\",100,100,,1\n";
    let (dir, file) = setup("website.csv", csv.as_bytes());
    let run = import(dir.path(), "transactions", &file);
    assert!(run.success(), "{run}");
    assert!(run.stdout.contains("(the DLD website's export)"), "{run}");
    let s = summary(dir.path(), "transactions");
    // 3000 and 2000 AED/ft² (the second's size from Property Size); the mortgage left out.
    assert_eq!(figure(&s, "monthly", "downtown-dubai", Some("2026-10"), "apartment", Some(1)), (2, 2500));
    assert_eq!(figure(&s, "last12", "downtown-dubai", None, "office-shop", None), (1, 1500));
}

#[test]
fn ejari_rents_per_sqft_a_year() {
    let csv = "contract_id,contract_reg_type_en,contract_start_date,contract_end_date,contract_amount,annual_amount,ejari_bus_property_type_en,ejari_property_type_en,ejari_property_sub_type_en,property_usage_en,area_name_en,actual_area\n\
        1,New,2026-08-01,2027-07-31,107639,107639,Unit,Flat,2bed rooms+hall,Residential,Marsa Dubai,100\n\
        2,Renew,15-08-2026,14-08-2027,86111.2,86111.2,Unit,Flat,2bed rooms+hall,Residential,Marsa Dubai,100\n\
        3,New,20-08-2026,19-08-2027,129166.8,129166.8,Unit,Flat,2bed rooms+hall,Residential,Marsa Dubai,100\n";
    let (dir, file) = setup("rents.csv", csv.as_bytes());
    let run = import(dir.path(), "rents", &file);
    assert!(run.success(), "{run}");
    assert!(run.stdout.contains("3 rent contracts in 1 communities"), "{run}");
    let s = summary(dir.path(), "rents");
    assert_eq!(figure(&s, "monthly", "dubai-marina", Some("2026-08"), "apartment", Some(2)), (3, 100));
    // A sales file is not a rents file, and the other way round.
    let run = import(dir.path(), "transactions", &file);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains("import it with `estate market import rents FILE`"), "{run}");
}

#[test]
fn a_malformed_row_is_reported_at_its_line_and_skipped() {
    let csv = format!(
        "{PULSE_HEADER}1,15-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,100,1076390,\n\
         2,15-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,100,abc,\n\
         3,31-02-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,100,1076390,\n\
         4,15-10-2026,Sales\n\
         5,16-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,100,1291668,\n"
    );
    let (dir, file) = setup("sales.csv", csv.as_bytes());
    let run = import(dir.path(), "transactions", &file);
    assert!(run.success(), "{run}");
    let name = file.display();
    assert!(run.stderr.contains(&format!("{name}:3: the amount `abc` is not a number")), "{run}");
    assert!(run.stderr.contains(&format!("{name}:4: `31-02-2026` is not a date")), "{run}");
    assert!(run.stderr.contains(&format!("{name}:5: 3 fields, fewer than the header's")), "{run}");
    assert!(run.stdout.contains("3 malformed"), "{run}");
    let s = summary(dir.path(), "transactions");
    assert_eq!(figure(&s, "monthly", "dubai-marina", Some("2026-10"), "apartment", Some(2)), (2, 1100));
}

#[test]
fn a_file_without_a_needed_column_is_refused_naming_it() {
    let csv = "instance_date,trans_group_en,property_type_en,property_sub_type_en,area_name_en,rooms_en,procedure_area\n\
        15-10-2026,Sales,Unit,Flat,Marsa Dubai,2 B/R,100\n";
    let (dir, file) = setup("sales.csv", csv.as_bytes());
    let run = import(dir.path(), "transactions", &file);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains("has Dubai Pulse's headers but lacks the column actual_worth"), "{run}");
    assert!(!dir.path().join("content/market").exists(), "nothing written");
}

#[test]
fn a_file_in_another_encoding_is_refused_and_the_last_summary_kept() {
    let good = format!(
        "{PULSE_HEADER}1,15-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,100,1076390,\n"
    );
    let (dir, file) = setup("sales.csv", good.as_bytes());
    assert!(import(dir.path(), "transactions", &file).success());
    let before = std::fs::read(dir.path().join("content/market/transactions.json")).expect("the summary");

    // The same rows as Excel saves them with Arabic, in Windows-1256: 0xC8 is not UTF-8.
    let mut windows = good.into_bytes();
    windows.extend_from_slice(
        b"2,16-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai \xC8,2 B/R,100,1076390,\n",
    );
    std::fs::write(&file, &windows).expect("rewritten");
    let run = import(dir.path(), "transactions", &file);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains(&format!("{}:3: not UTF-8", file.display())), "{run}");
    assert!(run.stderr.contains("iconv -f WINDOWS-1256 -t UTF-8"), "{run}");
    let after = std::fs::read(dir.path().join("content/market/transactions.json")).expect("the summary");
    assert_eq!(before, after, "the last summary is kept as it was");
    let names: Vec<_> = std::fs::read_dir(dir.path().join("content/market"))
        .expect("the folder")
        .map(|e| e.expect("an entry").file_name())
        .collect();
    assert_eq!(names, ["transactions.json"], "no temporary file left");
}
