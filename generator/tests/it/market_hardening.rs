//! `estate market import` trusts nothing in the file: dates outside 2000 to today and values no
//! real row has are left out and said so, text from the file is printed escaped, a row is
//! bounded in size, and the summary is never written through a symbolic link.

use super::market::{PULSE_HEADER, figure, import, setup, summary};

/// A sale in Dubai Marina, October 2026: a 2 B/R flat of 100 m² at `per_sqft` AED per ft².
fn sale(id: usize, date: &str, per_sqft: u64) -> String {
    let price = (per_sqft as f64 * 1076.39).round();
    format!("{id},{date},Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,100,{price},\n")
}

#[test]
fn rows_dated_in_the_future_or_before_2000_are_left_out_and_counted() {
    let mut csv = PULSE_HEADER.to_owned();
    for i in 0..200 {
        csv.push_str(&sale(i, "15-10-2026", 1000 + (i as u64 % 3) * 100));
    }
    for i in 0..50 {
        csv.push_str(&sale(1000 + i, "31-12-9999", 5));
    }
    csv.push_str(&sale(2000, "01-01-1999", 1000));
    let (dir, file) = setup("sales.csv", csv.as_bytes());
    let run = import(dir.path(), "transactions", &file);
    assert!(run.success(), "{run}");
    assert!(run.stdout.contains("200 sales in 1 communities, 2023-11 to 2026-10"), "{run}");
    assert!(run.stdout.contains("51 dated before 2000 or after today"), "{run}");
    assert!(run.stderr.contains("the date `31-12-9999` is in the future"), "{run}");
    assert!(run.stderr.contains("... and 46 more rows like these, skipped"), "{run}");
    let s = summary(dir.path(), "transactions");
    assert_eq!(s["to"], "2026-10");
    assert_eq!(figure(&s, "monthly", "dubai-marina", Some("2026-10"), "apartment", Some(2)), (200, 1100));
}

#[test]
fn values_no_real_row_has_are_left_out_and_cannot_reach_the_median() {
    let mut csv = PULSE_HEADER.to_owned();
    csv.push_str(&sale(1, "15-10-2026", 1000));
    csv.push_str(&sale(2, "16-10-2026", 1200));
    csv.push_str("3,17-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,1e-300,1076390,\n");
    csv.push_str("4,17-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,100,400000000000000,\n");
    csv.push_str("5,17-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,0.5,1076390,\n");
    csv.push_str("6,17-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,1,90000000,\n");
    let (dir, file) = setup("sales.csv", csv.as_bytes());
    let run = import(dir.path(), "transactions", &file);
    assert!(run.success(), "{run}");
    assert!(run.stdout.contains("4 with an area, amount or price per sqft beyond real ones"), "{run}");
    assert!(run.stderr.contains(":4: the area (m²) 1e-300 is beyond what a real row has"), "{run}");
    assert!(run.stderr.contains(":5: the amount (AED) 400000000000000 is beyond"), "{run}");
    assert!(run.stderr.contains(":7: the price per ft² (AED) "), "{run}");
    let s = summary(dir.path(), "transactions");
    assert_eq!(figure(&s, "monthly", "dubai-marina", Some("2026-10"), "apartment", Some(2)), (2, 1100));
}

#[test]
fn text_from_the_file_is_printed_escaped() {
    let evil = "\u{1b}]52;c;aGk=\u{7}\u{1b}[2J\u{202e}Evil\u{0}";
    let mut csv = PULSE_HEADER.to_owned();
    csv.push_str(&sale(1, "15-10-2026", 1000));
    csv.push_str(&format!("2,15-10-2026,Sales,Sell,Unit,Flat,Residential,{evil},2 B/R,100,1076390,\n"));
    csv.push_str(&format!("3,15-10-2026,Sales,Sell,Unit,Flat,Residential,Marsa Dubai,2 B/R,100,{evil},\n"));
    let (dir, file) = setup("sales.csv", csv.as_bytes());
    let run = import(dir.path(), "transactions", &file);
    assert!(run.success(), "{run}");
    for output in [&run.stdout, &run.stderr] {
        assert!(!output.contains(['\u{1b}', '\u{7}', '\u{202e}', '\u{0}']), "{run}");
    }
    let shown = "\\u{1b}]52;c;aGk=\\u{7}\\u{1b}[2J\\u{202e}Evil\\u{0}";
    assert!(run.stdout.contains(&format!("the largest: {shown} (1)")), "{run}");
    assert!(run.stderr.contains(&format!("the amount `{shown}` is not a number")), "{run}");
}

#[test]
fn a_row_larger_than_any_real_one_is_refused_without_reading_it_whole() {
    let mut csv = PULSE_HEADER.to_owned();
    csv.push_str(&sale(1, "15-10-2026", 1000));
    csv.push_str(&format!(
        "2,15-10-2026,Sales,Sell,Unit,Flat,Residential,\"{}\",2 B/R,100,1076390,\n",
        "A".repeat(8 << 20)
    ));
    let (dir, file) = setup("sales.csv", csv.as_bytes());
    let run = import(dir.path(), "transactions", &file);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains(&format!("{}:3: a row of over 64 KB", file.display())), "{run}");
    assert!(run.stderr.contains("nothing written"), "{run}");
    assert!(!dir.path().join("content/market/transactions.json").exists());
}

#[test]
fn a_market_folder_holding_links_is_refused_and_nothing_outside_written() {
    let csv = format!("{PULSE_HEADER}{}", sale(1, "15-10-2026", 1000));
    let (dir, file) = setup("sales.csv", csv.as_bytes());
    let outside = tempfile::tempdir().expect("a folder");
    let victim = outside.path().join("victim");
    std::fs::write(&victim, "outside").expect("written");
    let market = dir.path().join("content/market");
    std::fs::create_dir(&market).expect("a folder");
    // A link where the summary goes, and a dangling one where a temporary file might.
    std::os::unix::fs::symlink(&victim, market.join("transactions.json")).expect("a link");
    std::os::unix::fs::symlink(outside.path().join("new"), market.join(".transactions.json.1.tmp"))
        .expect("a link");
    let run = import(dir.path(), "transactions", &file);
    assert_eq!(run.code, 2, "{run}");
    assert!(run.stderr.contains("symbolic links are not allowed in content: 2 link(s)"), "{run}");
    assert_eq!(std::fs::read_to_string(&victim).expect("there"), "outside");
    assert_eq!(std::fs::read_dir(outside.path()).expect("listed").count(), 1);
    assert!(market.join("transactions.json").symlink_metadata().expect("there").is_symlink());
}
