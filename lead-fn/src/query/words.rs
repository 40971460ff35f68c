//! The words of a text as search compares them: folded ([`fold`]: compatibility-decomposed,
//! without combining marks, Arabic-Indic digits as ASCII, lower-cased), split at everything that
//! is neither a letter nor a digit ('PC-0042' is 'pc' and '0042').
//!
//! Folding decomposes each character on its own and reorders only runs of combining marks, which
//! never cross an ASCII character; so the text between ASCII separators (spaces, punctuation)
//! folds on its own, and an ASCII run is just lower-cased. [`WordFolder`] folds the other runs
//! (Arabic, Russian, accented words) once each and remembers them: the catalogue's descriptions
//! repeat their words, and decomposing every one of them was most of the time a catalogue took to
//! load.

use std::collections::HashMap;

use contract::text::fold;

/// The words of `text`, folded ([`fold`]) and split at everything that is neither a letter nor
/// a digit.
pub fn words(text: &str) -> impl Iterator<Item = String> {
    let mut found = Vec::new();
    WordFolder::default().each(text, |word| found.push(word.to_owned()));
    found.into_iter()
}

/// Finds [`words`], remembering the words of each run of text that is not ASCII it folded.
#[derive(Debug, Default)]
pub struct WordFolder {
    remembered: HashMap<Box<str>, Box<[Box<str>]>>,
    /// An ASCII run, lower-cased.
    lower: String,
}

impl WordFolder {
    /// Calls `word` with each word of `text`, in order.
    pub fn each(&mut self, text: &str, mut word: impl FnMut(&str)) {
        let runs = text.split(|c: char| c.is_ascii() && !c.is_ascii_alphanumeric());
        for run in runs.filter(|run| !run.is_empty()) {
            if run.is_ascii() {
                self.lower.clear();
                self.lower.push_str(run);
                self.lower.make_ascii_lowercase();
                word(&self.lower);
            } else if let Some(words) = self.remembered.get(run) {
                words.iter().for_each(|w| word(w));
            } else {
                let words: Box<[Box<str>]> = fold(run)
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|w| !w.is_empty())
                    .map(Into::into)
                    .collect();
                words.iter().for_each(|w| word(w));
                self.remembered.insert(run.into(), words);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule itself: the whole text folded, then split.
    fn by_the_rule(text: &str) -> Vec<String> {
        fold(text)
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn the_runs_fold_as_the_whole_text_does() {
        // Letters, digits and separators of every kind the listings have, and the characters
        // folding changes: precomposed and decomposed accents, Arabic vowel marks, the tatweel
        // and Arabic-Indic digits, Cyrillic letters that decompose, ligatures, fractions, a
        // no-break space, a dotted capital I (two characters lower-cased), Hangul, and marks of
        // every combining class, some before an ASCII letter.
        let pieces = [
            "a",
            "Z",
            "7",
            " ",
            "-",
            ",",
            ".",
            "/",
            "'",
            "\n",
            "É",
            "é",
            "e\u{301}",
            "\u{301}",
            "\u{327}",
            "م",
            "\u{64e}",
            "\u{651}",
            "\u{640}",
            "\u{661}",
            "\u{6f5}",
            "،",
            "آ",
            "Й",
            "ё",
            "Ж",
            "ﬁ",
            "½",
            "\u{a0}",
            "²",
            "İ",
            "Σ",
            "—",
            "ß",
            "한",
            "\u{345}",
            "\u{f73}",
            "\u{5b4}",
            "Ⅻ",
            "ｶ",
            "x\u{308}\u{323}",
        ];
        let mut rng = fastrand::Rng::with_seed(11);
        let mut folder = WordFolder::default();
        for _ in 0..5000 {
            let text: String = (0..rng.usize(0..24)).map(|_| pieces[rng.usize(..pieces.len())]).collect();
            let mut found = Vec::new();
            folder.each(&text, |word| found.push(word.to_owned()));
            assert_eq!(found, by_the_rule(&text), "{text:?}");
            assert_eq!(words(&text).collect::<Vec<_>>(), found, "{text:?}");
        }
        assert_eq!(words("PC-0042 Dubai MARINA").collect::<Vec<_>>(), ["pc", "0042", "dubai", "marina"]);
        assert_eq!(words("فِيلَّا ٣ غرف، Café").collect::<Vec<_>>(), ["فيلا", "3", "غرف", "cafe"]);
    }
}
