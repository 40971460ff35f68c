//! Dubai's rules for off-plan ads: besides the permit and QR code every ad carries, the
//! developer, the project's name, its RERA project number and its escrow account number.
//! [`check`] is the per-file check of a listing's project (run from `checks.rs`): a published
//! off-plan listing without them is warned of ([`Diagnostic::advertising`], an error under
//! `estate check --strict`), and a number not written as the DLD writes it is an error at its
//! place, whatever the listing.
//!
//! The numbers, as the DLD writes them:
//! - a RERA project number is the project's number in the DLD's project register, a plain whole
//!   number (four digits today, e.g. 2817): 1 to 5 digits without a leading zero, written bare or
//!   in quotes.
//! - an escrow account number is a UAE bank account number: 8 to 16 digits (banks here use 10 to
//!   16; an IBAN holds the account number in 16), not all zeros (a placeholder), in quotes,
//!   since YAML reads a bare number as a number and drops its leading zeros. Spaces, dashes and
//!   IBANs are refused with the value to write instead.

use std::ops::RangeInclusive;

use super::Record;
use super::diag::Diagnostic;
use super::model::{MainCategory, PropertyFile, Status};
use super::yaml::Value;

/// The most digits of a RERA project number.
const PROJECT_DIGITS: usize = 5;
/// How many digits an escrow account number has.
const ESCROW_DIGITS: RangeInclusive<usize> = 8..=16;

/// The text of an optional field, when it is not blank.
fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

pub(super) fn check(r: &Record<PropertyFile>, out: &mut Vec<Diagnostic>) {
    let p = &r.data;
    let path = r.path.as_path();
    if let Some(number) = given(&p.project_number)
        && let Err(hint) = project_number(number)
    {
        let message = format!(
            "`projectNumber`: `{number}` is not a RERA project number: the DLD writes it as a whole number, such as 2817"
        );
        out.push(Diagnostic::error(path, r.tree.pos_of(&["projectNumber"]), message).with_hint(hint));
    }
    if let Some(account) = given(&p.escrow_account) {
        let pos = r.tree.pos_of(&["escrowAccount"]);
        let bare = r.tree.get("escrowAccount").is_some_and(|node| !matches!(node.value, Value::Str(_)));
        if bare {
            out.push(
                Diagnostic::error(
                    path,
                    pos,
                    "`escrowAccount` must be in quotes: as a bare number, YAML would drop a leading zero",
                )
                .with_hint(format!("write `escrowAccount: \"{account}\"`")),
            );
        } else if let Err(hint) = escrow_account(account) {
            let message = format!(
                "`escrowAccount`: `{account}` is not an escrow account number: write the bank account's 8 to 16 digits, as the DLD's project register gives them"
            );
            out.push(Diagnostic::error(path, pos, message).with_hint(hint));
        }
    }
    if p.status != Status::Available || p.main_category != MainCategory::OffPlan {
        return;
    }
    let fields = [
        ("projectName", &p.project_name),
        ("projectNumber", &p.project_number),
        ("escrowAccount", &p.escrow_account),
    ];
    let missing: Vec<String> = fields
        .iter()
        .filter(|(_, value)| given(value).is_none())
        .map(|(name, _)| format!("`{name}`"))
        .collect();
    if missing.is_empty() {
        return;
    }
    out.push(
        Diagnostic::advertising(
            path,
            r.tree.pos_of(&["mainCategory"]),
            format!(
                "no {}: Dubai's rules for off-plan advertising require the project's name, its RERA project number and its escrow account number on every published off-plan listing",
                missing.join(", ")
            ),
        )
        .with_hint("add what the project's registration with RERA gives: `projectName: Creek Vista`, `projectNumber: 2817`, `escrowAccount: \"1015447384502\"`"),
    );
}

fn all_digits(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

/// The one run of digits in `text` (`RERA-2817`), if it has exactly one.
fn digit_run(text: &str) -> Option<&str> {
    let mut runs = text.split(|c: char| !c.is_ascii_digit()).filter(|run| !run.is_empty());
    let run = runs.next()?;
    runs.next().is_none().then_some(run)
}

/// Whether `number` is a RERA project number as the DLD writes it; else the hint for the editor.
fn project_number(number: &str) -> Result<(), String> {
    if all_digits(number) {
        let significant = number.trim_start_matches('0');
        if significant.is_empty() {
            return Err(
                "no project has the number 0: write the number the project's registration with RERA gives"
                    .into(),
            );
        }
        if significant.len() > PROJECT_DIGITS {
            return Err(format!(
                "RERA project numbers have at most {PROJECT_DIGITS} digits: is this the permit (Trakheesi) number, or the escrow account?"
            ));
        }
        if significant.len() < number.len() {
            return Err(format!("the DLD writes it without leading zeros: `projectNumber: {significant}`"));
        }
        return Ok(());
    }
    match digit_run(number) {
        Some(digits) if project_number(digits).is_ok() => {
            Err(format!("write the number alone: `projectNumber: {digits}`"))
        }
        _ => Err("write the number the project's registration with RERA gives, or leave the line out until you have it".into()),
    }
}

/// Whether `account` is an escrow account number as the DLD writes it; else the hint.
fn escrow_account(account: &str) -> Result<(), String> {
    if all_digits(account) {
        if account.bytes().all(|b| b == b'0') {
            return Err("this is a placeholder: write the project's escrow account number".into());
        }
        if !ESCROW_DIGITS.contains(&account.len()) {
            return Err(format!(
                "it has {} digits; UAE bank account numbers have {} to {}",
                account.len(),
                ESCROW_DIGITS.start(),
                ESCROW_DIGITS.end()
            ));
        }
        return Ok(());
    }
    let compact: String = account.chars().filter(|c| !matches!(c, ' ' | '\u{a0}' | '-' | '.')).collect();
    let iban = compact.len() == 23
        && compact.get(..2).is_some_and(|country| country.eq_ignore_ascii_case("AE"))
        && all_digits(&compact[2..]);
    if iban {
        return Err(
            "this is an IBAN: write the account number itself, as the escrow agreement gives it".into()
        );
    }
    if all_digits(&compact) && escrow_account(&compact).is_ok() {
        return Err(format!(
            "write the digits alone, without spaces or dashes: `escrowAccount: \"{compact}\"`"
        ));
    }
    Err("write the number from the project's escrow agreement, or leave the line out until you have it"
        .into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_numbers_are_whole_numbers_of_up_to_five_digits() {
        for good in ["1", "87", "2817", "3127", "10450", "99999"] {
            assert_eq!(project_number(good), Ok(()), "{good}");
        }
        for bad in
            ["0", "000", "02817", "123456", "7134402218", "RERA-2817", "2817.5", "TBA", "28 17", "-2817"]
        {
            assert!(project_number(bad).is_err(), "{bad}");
        }
        assert_eq!(project_number("No. 2817"), Err("write the number alone: `projectNumber: 2817`".into()));
        assert!(project_number("2817.5").unwrap_err().starts_with("write the number the project's"));
    }

    #[test]
    fn escrow_accounts_are_bank_account_numbers_of_8_to_16_digits() {
        // Account numbers in the formats of UAE banks: 10 to 16 digits, some with leading zeros.
        for good in ["10154473", "1015447384502", "001520012345678", "12345678920001", "0191000123456789"] {
            assert_eq!(escrow_account(good), Ok(()), "{good}");
        }
        for bad in [
            "1234567",
            "12345678901234567",
            "00000000",
            "TBA",
            "1015-4473-8450-2",
            "AE07 0331 2345 6789 0123 456",
        ] {
            assert!(escrow_account(bad).is_err(), "{bad}");
        }
        assert_eq!(
            escrow_account("1015-4473-8450-2"),
            Err("write the digits alone, without spaces or dashes: `escrowAccount: \"1015447384502\"`".into())
        );
        assert!(escrow_account("ae070331234567890123456").unwrap_err().starts_with("this is an IBAN"));
        // Too few digits even without the spaces: not a number to suggest.
        assert!(escrow_account("12 34").unwrap_err().starts_with("write the number from"));
    }
}
