//! The header styles the DLD publishes, told apart by their headers: Dubai Pulse's snake_case
//! columns (in either case), the DLD website's export, and Ejari's rent contracts. Headers are
//! compared normalised (lower case, every run of other characters one `_`), so `Transaction
//! Size (sq.m)` is `transaction_size_sq_m` and `AREA_NAME_EN` is `area_name_en`.

use super::Dataset;

/// One published layout: its columns, normalised.
struct Layout {
    name: &'static str,
    dataset: Dataset,
    date: &'static str,
    /// The transaction group (`Sales`, `Mortgages`, `Gifts`); rents have none.
    group: Option<&'static str>,
    property_type: &'static str,
    sub_type: Option<&'static str>,
    area: &'static str,
    rooms: &'static str,
    size: &'static str,
    /// Used when `size` is empty (the website's `Property Size` beside `Transaction Size`).
    size_fallback: Option<&'static str>,
    amount: &'static str,
}

const LAYOUTS: [Layout; 3] = [
    Layout {
        name: "Dubai Pulse",
        dataset: Dataset::Transactions,
        date: "instance_date",
        group: Some("trans_group_en"),
        property_type: "property_type_en",
        sub_type: Some("property_sub_type_en"),
        area: "area_name_en",
        rooms: "rooms_en",
        size: "procedure_area",
        size_fallback: None,
        amount: "actual_worth",
    },
    Layout {
        name: "the DLD website's export",
        dataset: Dataset::Transactions,
        date: "transaction_date",
        group: Some("transaction_type"),
        property_type: "property_type",
        sub_type: Some("property_sub_type"),
        area: "area",
        rooms: "room_s",
        size: "transaction_size_sq_m",
        size_fallback: Some("property_size_sq_m"),
        amount: "amount",
    },
    Layout {
        name: "Ejari",
        dataset: Dataset::Rents,
        date: "contract_start_date",
        group: None,
        property_type: "ejari_property_type_en",
        sub_type: None,
        area: "area_name_en",
        rooms: "ejari_property_sub_type_en",
        size: "actual_area",
        size_fallback: None,
        amount: "annual_amount",
    },
];

/// Where a file's needed columns are.
#[derive(Debug, Clone)]
pub struct Columns {
    /// The layout's name, for the summary line.
    pub style: &'static str,
    pub date: usize,
    pub group: Option<usize>,
    pub property_type: usize,
    pub sub_type: Option<usize>,
    pub area: usize,
    /// Rooms are not needed: a row without them counts in its kind's all-bedrooms figures.
    pub rooms: Option<usize>,
    pub size: usize,
    pub size_fallback: Option<usize>,
    pub amount: usize,
    /// The highest of these indices: a row must have at least one more field.
    pub last: usize,
}

/// `Transaction Size (sq.m)` as `transaction_size_sq_m`.
pub fn normalise(header: &str) -> String {
    let mut out = String::with_capacity(header.len());
    for c in header.trim_start_matches('\u{feff}').chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_owned()
}

/// The columns of a file with `headers` holding `dataset`, or why it cannot be read: the
/// columns it lacks, by their names in the layout it is closest to, or that it holds the other
/// dataset.
pub fn recognise(dataset: Dataset, headers: &[String]) -> Result<Columns, String> {
    let normalised: Vec<String> = headers.iter().map(|h| normalise(h)).collect();
    let find = |name: &str| normalised.iter().position(|h| h == name);
    let required = |l: &Layout| {
        let mut names = vec![l.date, l.property_type, l.area, l.size, l.amount];
        names.extend(l.group);
        names.extend(l.sub_type);
        names
    };
    let missing = |l: &Layout| required(l).into_iter().filter(|n| find(n).is_none()).collect::<Vec<_>>();
    if let Some(other) = LAYOUTS.iter().find(|l| l.dataset != dataset && missing(l).is_empty()) {
        let command = match other.dataset {
            Dataset::Transactions => "transactions",
            Dataset::Rents => "rents",
        };
        return Err(format!(
            "this is {}'s {} file, not {}: import it with `estate market import {command} FILE`",
            other.name,
            other.dataset.name(),
            dataset.name()
        ));
    }
    let closest = LAYOUTS
        .iter()
        .filter(|l| l.dataset == dataset)
        .min_by_key(|l| missing(l).len())
        .expect("a layout per dataset");
    let lacking = missing(closest);
    if lacking.len() * 2 > required(closest).len() {
        let expected: Vec<String> = LAYOUTS
            .iter()
            .filter(|l| l.dataset == dataset)
            .map(|l| format!("{} ({}, ...)", l.name, required(l).join(", ")))
            .collect();
        return Err(format!(
            "the headers are not those of a DLD {} file; expected those of {}",
            dataset.name(),
            expected.join(" or ")
        ));
    }
    if !lacking.is_empty() {
        return Err(format!(
            "the file has {}'s headers but lacks the column{} {}",
            closest.name,
            if lacking.len() == 1 { "" } else { "s" },
            lacking.join(", ")
        ));
    }
    let at = |name: &str| find(name).expect("checked above");
    let mut columns = Columns {
        style: closest.name,
        date: at(closest.date),
        group: closest.group.map(at),
        property_type: at(closest.property_type),
        sub_type: closest.sub_type.map(at),
        area: at(closest.area),
        rooms: find(closest.rooms),
        size: at(closest.size),
        size_fallback: closest.size_fallback.and_then(find),
        amount: at(closest.amount),
        last: 0,
    };
    columns.last = [columns.date, columns.property_type, columns.area, columns.size, columns.amount]
        .into_iter()
        .chain(columns.group)
        .chain(columns.sub_type)
        .max()
        .unwrap_or(0);
    Ok(columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(text: &str) -> Vec<String> {
        text.split(',').map(str::to_owned).collect()
    }

    #[test]
    fn each_published_style_is_recognised() {
        let pulse = headers(
            "TRANSACTION_ID,INSTANCE_DATE,TRANS_GROUP_EN,PROPERTY_TYPE_EN,PROPERTY_SUB_TYPE_EN,AREA_NAME_EN,ROOMS_EN,PROCEDURE_AREA,ACTUAL_WORTH",
        );
        assert_eq!(recognise(Dataset::Transactions, &pulse).expect("Dubai Pulse").style, "Dubai Pulse");
        let website = headers(
            "\u{feff}Transaction Number,Transaction Date,Transaction Type,Usage,Area,Property Type,Property Sub Type,Amount,Transaction Size (sq.m),Property Size (sq.m),Room(s)",
        );
        let columns = recognise(Dataset::Transactions, &website).expect("the website's export");
        assert_eq!((columns.date, columns.size_fallback, columns.rooms), (1, Some(9), Some(10)));
        let ejari = headers(
            "contract_id,contract_start_date,annual_amount,ejari_property_type_en,ejari_property_sub_type_en,area_name_en,actual_area",
        );
        assert!(recognise(Dataset::Rents, &ejari).is_ok());
        let wrong = recognise(Dataset::Transactions, &ejari).expect_err("a rents file");
        assert!(wrong.contains("estate market import rents"), "{wrong}");
    }

    #[test]
    fn missing_columns_are_named() {
        let without = headers(
            "instance_date,trans_group_en,property_type_en,property_sub_type_en,area_name_en,rooms_en",
        );
        let message = recognise(Dataset::Transactions, &without).expect_err("no size or price");
        assert!(message.ends_with("lacks the columns procedure_area, actual_worth"), "{message}");
    }
}
