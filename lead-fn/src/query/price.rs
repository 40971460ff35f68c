//! Prices in a typed query: an amount with its unit and currency ('3m', '2,5 млн', '500 ألف
//! درهم'), a bound before it ('under', 'до', 'أقل من'), and a range of two ('1m-3m', 'от 1 до 3
//! млн'). The rules are the module's above ([`super`]).

use super::{Reader, is_one_of};

/// An amount as typed: its number, its unit if it has one, and the tokens it spans.
struct Figure {
    value: f64,
    unit: Option<u64>,
    span: usize,
}

/// A number and its unit as dirhams; without a unit, a number under 1,000 is no price.
fn priced(value: f64, unit: Option<u64>) -> Option<u64> {
    let amount = (value * unit.unwrap_or(1) as f64).round();
    let enough = unit.is_some() || amount >= 1_000.0;
    (enough && amount.is_finite() && amount < 1e13).then_some(amount as u64)
}

/// Units after an amount.
fn unit(key: &str) -> Option<u64> {
    if is_one_of(key, &["k", "thousand", "тыс", "тысяч", "тысячи", "ألف", "الاف", "آلاف"])
    {
        Some(1_000)
    } else if is_one_of(
        key,
        &[
            "m",
            "mn",
            "mln",
            "million",
            "millions",
            "млн",
            "миллион",
            "миллиона",
            "миллионов",
            "مليون",
            "ملايين",
        ],
    ) {
        Some(1_000_000)
    } else {
        None
    }
}

fn is_currency(key: &str) -> bool {
    is_one_of(
        key,
        &["aed", "dh", "dhs", "dirham", "dirhams", "дирхам", "дирхамов", "дирхама", "درهم", "دراهم"],
    )
}

/// The bound words before an amount (compared folded, as tokens are): the most, then the least.
pub(super) const MAX_WORDS: [&[&str]; 11] = [
    &["under"],
    &["below"],
    &["up", "to"],
    &["upto"],
    &["max"],
    &["less", "than"],
    &["до"],
    &["дешевле"],
    &["أقل", "من"],
    &["تحت"],
    &["حتى"],
];
pub(super) const MIN_WORDS: [&[&str]; 9] = [
    &["over"],
    &["above"],
    &["from"],
    &["min"],
    &["more", "than"],
    &["от"],
    &["дороже"],
    &["أكثر", "من"],
    &["فوق"],
];
/// A price range's words: the one before its least (none, or a word) and the one between its
/// bounds (a dash too).
const RANGE_WORDS: [(&[&str], &[&str]); 6] = [
    (&[], &["to"]),
    (&["from"], &["to"]),
    (&["between"], &["and"]),
    (&["от"], &["до"]),
    (&["من"], &["إلى"]),
    (&["بين"], &["و"]),
];

/// The most three-digit groups joined to a number ('3 000 000' has two): five make any amount
/// 10^15 or more, which is no price, so the groups after them are never looked at and reading
/// a run of them ('1 000 000 000 …') costs as many steps as its tokens, not their square.
pub(super) const MAX_GROUPS: usize = 5;

impl Reader {
    /// A number from `at` with its unit and currency, if any.
    fn figure(&self, at: usize) -> Option<Figure> {
        let key = self.key(at)?;
        let number_len = key.bytes().take_while(|b| b.is_ascii_digit() || *b == b'.' || *b == b',').count();
        if number_len == 0 || !key.as_bytes()[0].is_ascii_digit() {
            return None;
        }
        let (typed, attached) = key.split_at(number_len);
        let mut number = typed.replacen(',', ".", 1);
        let mut span = 1;
        if attached.is_empty() && !number.contains('.') {
            while let Some(group) = self
                .key(at + span)
                .filter(|k| span <= MAX_GROUPS && k.len() == 3 && k.bytes().all(|b| b.is_ascii_digit()))
            {
                number.push_str(group);
                span += 1;
            }
        }
        let value: f64 = number.parse().ok()?;
        let factor = if attached.is_empty() {
            match self.key(at + span).and_then(unit) {
                Some(factor) => {
                    span += 1;
                    Some(factor)
                }
                None => None,
            }
        } else {
            Some(unit(attached)?)
        };
        if self.key(at + span).is_some_and(is_currency) {
            span += 1;
        }
        Some(Figure { value, unit: factor, span })
    }

    /// An amount from `at`: (AED, tokens it spans).
    pub(super) fn amount(&self, at: usize) -> Option<(u64, usize)> {
        let figure = self.figure(at)?;
        Some((priced(figure.value, figure.unit)?, figure.span))
    }

    /// The first price range ('1m-3m', '1 to 3 million', 'от 1 до 3 млн'), taken: (least, most).
    pub(super) fn range(&mut self) -> Option<(u64, u64)> {
        // Each start costs at most a figure's tokens ([`MAX_GROUPS`]) and a range word's.
        for at in 0..self.tokens.len() {
            for (before, between) in RANGE_WORDS {
                if !self.phrase_at(at, before) {
                    continue;
                }
                let Some(low) = self.figure(at + before.len()) else { continue };
                let gap = at + before.len() + low.span;
                let from = if self.phrase_at(gap, between) {
                    gap + between.len()
                } else if self.key(gap).is_some() && self.tokens[gap].dash {
                    gap
                } else {
                    continue;
                };
                let Some(high) = self.figure(from) else { continue };
                // '2-3 млн': the second bound's unit is the first's too.
                let (Some(least), Some(most)) =
                    (priced(low.value, low.unit.or(high.unit)), priced(high.value, high.unit))
                else {
                    continue;
                };
                self.take(at, from + high.span - at);
                return Some((least.min(most), least.max(most)));
            }
        }
        None
    }

    /// The first bound of `lists` followed by an amount, taken.
    pub(super) fn price(&mut self, lists: &[&[&'static str]]) -> Option<u64> {
        for at in 0..self.tokens.len() {
            for words in lists {
                if self.phrase_at(at, words)
                    && let Some((amount, span)) = self.amount(at + words.len())
                {
                    self.take(at, words.len() + span);
                    return Some(amount);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reader(text: &str) -> Reader {
        Reader { tokens: super::super::tokens(text) }
    }

    #[test]
    fn a_figure_reads_at_most_its_groups_whatever_follows() {
        let long = reader(&format!("1{}", " 000".repeat(3000)));
        let figure = long.figure(0).expect("a number");
        assert_eq!(figure.span, 1 + MAX_GROUPS);
        assert_eq!(priced(figure.value, figure.unit), None, "10^15 is no price");
        // Up to four groups are an amount as before.
        let amount = reader("3 000 000 000 aed").amount(0);
        assert_eq!(amount, Some((3_000_000_000, 5)));
    }
}
