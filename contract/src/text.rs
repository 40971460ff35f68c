//! How texts are compared: search and the 'Area' filters ignore case, accents, Arabic vowel
//! marks and the digit script, so 'Café', 'cafe' and 'CAFE' are one word.

/// `text` folded for comparison: compatibility-decomposed, without combining marks or the
/// Arabic tatweel, Arabic-Indic digits read as ASCII, lower-cased.
pub fn fold(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization as _;
    use unicode_normalization::char::is_combining_mark;
    text.nfkd()
        .filter(|c| !is_combining_mark(*c) && *c != '\u{0640}')
        .map(|c| match c {
            '\u{0660}'..='\u{0669}' => char::from(b'0' + (c as u32 - 0x0660) as u8),
            '\u{06F0}'..='\u{06F9}' => char::from(b'0' + (c as u32 - 0x06F0) as u8),
            _ => c,
        })
        .flat_map(char::to_lowercase)
        .collect()
}

/// The key of the community a listing's location names: two listings are in the same
/// community when their keys are equal (similar listings, the 'Area' dropdowns, the area
/// guides, search). `None` for a blank location.
pub fn community_key(location: &str) -> Option<String> {
    let key = fold(location.trim());
    (!key.is_empty()).then_some(key)
}

/// A whole number as English writes it, its thousands grouped by commas: `-1,850,000`. The feeds,
/// the agents' email and the command line's counts write numbers so (the site's pages write them
/// per language: `site/src/price.ts`).
pub fn thousands(n: impl std::fmt::Display) -> String {
    let text = n.to_string();
    let (sign, digits) = text.strip_prefix('-').map_or(("", text.as_str()), |digits| ("-", digits));
    let mut out = String::with_capacity(text.len() + digits.len() / 3);
    out.push_str(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn thousands_are_grouped_by_commas() {
        let written: Vec<String> =
            [0, 999, 1_000, 50_000, 1_234_567, -1_234, i64::MIN].into_iter().map(super::thousands).collect();
        assert_eq!(
            written,
            ["0", "999", "1,000", "50,000", "1,234,567", "-1,234", "-9,223,372,036,854,775,808"]
        );
        assert_eq!(super::thousands(u64::MAX), "18,446,744,073,709,551,615");
        assert_eq!(super::thousands(48_995_usize), "48,995");
    }

    use super::*;

    #[test]
    fn folding_drops_case_accents_and_vowel_marks_and_reads_arabic_digits() {
        assert_eq!(fold("Café DÉCOR"), "cafe decor");
        assert_eq!(fold("٣ غُرَف"), "3 غرف");
        assert_eq!(fold("۱۲"), "12");
    }

    #[test]
    fn one_community_however_it_is_written() {
        assert_eq!(community_key(" Dubai Marina "), community_key("dubai marina"));
        assert_eq!(community_key("Jumeirah Café"), community_key("JUMEIRAH CAFE"));
        assert_eq!(community_key("  "), None);
    }
}
