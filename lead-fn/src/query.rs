//! The query reader: what a visitor types in a search box ('2 bed marina under 3m', 'فيلا
//! للإيجار في النخلة', '2-комнатная Дубай Марина до 3 млн') read into the filters it names, the
//! rest left as the words of the text query.
//!
//! The site's result pages read a query by the same rules (site/src/search/readQuery.ts) and
//! `tests/search-vectors.json` (`queries`) holds the cases both run. The rules:
//!
//! - The text is cut into tokens: runs of letters and digits (a '.' between digits and a ','
//!   before three digits belong to the number: '3.5m', '2,500,000'; a ',' before one or two
//!   digits is a decimal comma: '2,5 млн' is 2,500,000), compared folded ([`fold`]: case,
//!   accents, Arabic vowel marks and digits). A dash ('-', '–') between two tokens is noted.
//! - A price range, read before the bounds alone: an amount, 'to' or a dash, an amount ('1m-3m',
//!   '1m – 3m', '1 to 3 million'), or 'from', 'between', 'от', 'من', 'بين' before the first and
//!   'to', 'and', 'до', 'إلى', 'و' (or a dash) between them ('between 1,000,000 and 3,000,000',
//!   'от 1 до 3 млн', 'من 1 إلى 3 مليون'). A first amount without a unit takes the second's
//!   ('2-3 млн'); the lower is the least, whichever comes first.
//! - A price: a bound word ('under', 'below', 'up to', 'max', 'less than', 'до', 'дешевле',
//!   'أقل من', 'تحت', 'حتى' for the most; 'over', 'above', 'from', 'min', 'more than', 'от',
//!   'дороже', 'أكثر من', 'فوق' for the least) then an amount: a number (three-digit groups after
//!   it joined: '3 000 000'), its unit in it or after it ('3m', '3 million', '3 млн', '3 مليون',
//!   '500k', '500 тыс', '500 ألف'), a currency after it ('AED', 'درهم') taken too. Without a
//!   unit an amount under 1,000 is no price.
//! - Bedrooms: a number (or 'one' to 'seven', 'одна' to 'пять', 'ثلاث' to 'سبع') then a bedroom
//!   word ('bed', 'bedrooms', 'br', 'bhk', 'спальни', 'غرف' with its 'نوم'); '2br', '2bed' in one
//!   token; 'غرفتين' (two rooms, as Arabic counts bedrooms); 'studio', 'студия', 'استوديو' are
//!   none (0). A Russian flat is counted in rooms, its living room among them: a number then
//!   'комнатная', 'комн', 'комнаты' ('2-комнатная', '2 комн.', '2комнатная'), or 'двухкомнатная'
//!   ('одно' to 'семи'), is one bedroom fewer, and a one-room flat a studio (0).
//! - Sale or rent: 'rent', 'rental', 'lease', 'аренда', 'снять', 'إيجار' / 'sale', 'buy',
//!   'продажа', 'купить', 'بيع', 'شراء' (with the 'for', 'to', 'на' or 'в' just before).
//! - Furnishing: 'furnished', 'unfurnished', 'partly/semi furnished', 'меблированная', 'с
//!   мебелью', 'без мебели', 'مفروشة', 'غير مفروشة', 'نصف مفروشة'.
//! - Off-plan: 'off plan', 'off-plan', 'offplan', 'офф-план', 'على الخارطة', 'قيد الإنشاء'.
//! - A community, then a property type: the longest run of tokens (at most six) that is one of
//!   its names ([`SearchTerms`]: English, Arabic, Russian, aliases; a type's last 's' ignored);
//!   then, where none is, a run of as many tokens as a name has, of four letters or more,
//!   starting with its first letter and within one edit of it (a letter added, dropped,
//!   changed, or two swapped) for a name of up to seven letters, two for a longer one; the
//!   nearest wins, the first listed among equals.
//! - Each filter is read once (the first phrase), and not at all when the search already has it
//!   (`given`): a second community's name, or one beside a chosen community, stays a word.
//! - The rest is the text query, in the tokens as typed; a word of five letters or more that is
//!   no word of a community's names (nor a plural one's singular: 'tower' of 'Towers'), but one
//!   is within the edits above of (same first letter), is replaced by it ('Jumeira' is
//!   'Jumeirah').
//!   When its words are all ones search ignores ('in', 'في', 'в'), there is no text query.
//! - `corrected`: a name or word was found by its edits, so the page says what it searched for.

use contract::text::fold;
use contract::vocabulary::SearchTerm;
use contract::{Furnishing, MainCategory};
use serde::Serialize;

mod names;
mod price;
mod words;

pub use names::Names;
use names::{NameIndex, NameWord};
use price::{MAX_WORDS, MIN_WORDS};
pub use words::{WordFolder, words};

/// The most tokens a name of a community or type is compared over.
const MAX_NAME_TOKENS: usize = 8;

/// Sale or rent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Purpose {
    Sale,
    Rent,
}

impl Purpose {
    /// Whether a listing of `category` is for this purpose.
    pub fn fits(self, category: MainCategory) -> bool {
        (category == MainCategory::Rental) == (self == Purpose::Rent)
    }
}

/// What a query says.
#[derive(Debug, Default, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Reading {
    /// A community's English name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub community: Option<String>,
    /// A property type's English name.
    #[serde(rename = "type", skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bedrooms: Option<u32>,
    /// AED.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub min: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub purpose: Option<Purpose>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub furnishing: Option<Furnishing>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub off_plan: bool,
    /// The rest: the text query.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub query: String,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub corrected: bool,
}

/// The filters a search already has, which the reader then leaves to it.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
pub struct Given {
    pub community: bool,
    pub kind: bool,
    pub bedrooms: bool,
    /// Either bound of the price.
    pub price: bool,
    pub purpose: bool,
    pub furnishing: bool,
    pub off_plan: bool,
}

/// One token: as typed, and folded.
#[derive(Debug)]
struct Token {
    raw: String,
    key: String,
    used: bool,
    /// A dash ('-', '–') is between it and the token before: '1m-3m'.
    dash: bool,
}

/// A hyphen, an en or em dash, a minus sign.
fn is_dash(c: char) -> bool {
    matches!(c, '-' | '\u{2010}'..='\u{2015}' | '\u{2212}')
}

/// The tokens of `text`: runs of letters and digits; '.' between digits and ',' before three
/// digits (a thousands separator, left out) stay inside a number, and so does a ',' before one
/// or two digits (a decimal comma, '2,5').
fn tokens(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let digit = |i: usize| {
        chars.get(i).is_some_and(|c| {
            c.is_ascii_digit() || matches!(c, '\u{0660}'..='\u{0669}' | '\u{06F0}'..='\u{06F9}')
        })
    };
    let token = |raw: String, dash: bool| Token { key: fold(&raw), raw, used: false, dash };
    let mut out = Vec::new();
    let mut current = String::new();
    let mut dash = false;
    for (i, &c) in chars.iter().enumerate() {
        let thousands = c == ',' && digit(i + 1) && digit(i + 2) && digit(i + 3) && !digit(i + 4);
        let decimal = (c == '.' || c == ',') && digit(i + 1) && !(c == ',' && digit(i + 2) && digit(i + 3));
        let inside_number = i > 0 && digit(i - 1) && (thousands || decimal);
        if c.is_alphanumeric() || inside_number {
            if !thousands {
                current.push(c);
            }
        } else {
            if !current.is_empty() {
                out.push(token(std::mem::take(&mut current), dash));
                dash = false;
            }
            dash |= is_dash(c);
        }
    }
    if !current.is_empty() {
        out.push(token(current, dash));
    }
    out
}

/// A name's folded tokens joined by a space: how a run of tokens is compared with it.
fn name_key(name: &str) -> String {
    tokens(name).into_iter().map(|t| t.key).collect::<Vec<_>>().join(" ")
}

/// A type's key: a last 's' ignored, as search compares types.
fn type_key(key: &str) -> &str {
    key.strip_suffix('s').unwrap_or(key)
}

/// One of the reader's own words folded: once for the process (its word lists are fixed), so a
/// token costs a comparison per word, not a fold.
fn folded(word: &'static str) -> &'static str {
    use std::collections::HashMap;
    use std::sync::{LazyLock, Mutex};
    if word.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit()) {
        return word;
    }
    static FOLDED: LazyLock<Mutex<HashMap<&'static str, &'static str>>> = LazyLock::new(Mutex::default);
    let mut cache = FOLDED.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    cache.entry(word).or_insert_with(|| Box::leak(fold(word).into_boxed_str()))
}

/// Whether `key` is one of `words` (folded).
fn is_one_of(key: &str, words: &[&'static str]) -> bool {
    words.iter().any(|w| folded(w) == key)
}

/// The number a token is, if it is digits only or a number word.
fn small_number(key: &str) -> Option<u32> {
    if !key.is_empty() && key.len() <= 2 && key.bytes().all(|b| b.is_ascii_digit()) {
        return key.parse().ok();
    }
    const WORDS: [[&str; 7]; 3] = [
        ["one", "two", "three", "four", "five", "six", "seven"],
        ["одна", "две", "три", "четыре", "пять", "шесть", "семь"],
        ["واحدة", "اثنتين", "ثلاث", "أربع", "خمس", "ست", "سبع"],
    ];
    for list in WORDS {
        if let Some(n) = list.iter().position(|w| folded(w) == key) {
            return Some(n as u32 + 1);
        }
    }
    None
}

/// What a word after a number counts: bedrooms ('bed', 'спальни', 'غرف'), or, in Russian, a
/// flat's rooms ('комнатная', 'комн.', 'комнаты'), its living room among them.
#[derive(Clone, Copy)]
enum Counts {
    Bedrooms,
    Rooms,
}

impl Counts {
    /// The bedrooms of `n` of what it counts: a Russian 'N-комнатная' flat has N rooms, one of
    /// them the living room, so N - 1 bedrooms, and a one-room flat ('1-комнатная',
    /// 'однокомнатная': one room to live and sleep in) is a studio (0).
    fn bedrooms(self, n: u32) -> u32 {
        match self {
            Counts::Bedrooms => n,
            Counts::Rooms => n.saturating_sub(1),
        }
    }
}

/// What a token counts when it follows a number, if it is a word for bedrooms or rooms.
fn counts_of(key: &str) -> Option<Counts> {
    if is_one_of(
        key,
        &["bed", "beds", "bedroom", "bedrooms", "br", "bdr", "bhk", "bd", "غرف", "غرفة", "غرفه"],
    ) || key.starts_with("спал")
    {
        Some(Counts::Bedrooms)
    } else {
        key.starts_with("комн").then_some(Counts::Rooms)
    }
}

/// 'двухкомнатная', '2комнатная': the bedrooms of the number of rooms a Russian compound names.
fn russian_rooms(key: &str) -> Option<u32> {
    const STEMS: [&str; 7] = ["одно", "двух", "трех", "четырех", "пяти", "шести", "семи"];
    let digits = key.bytes().take_while(u8::is_ascii_digit).count();
    let rooms = if (1..=2).contains(&digits) {
        let (number, rest) = key.split_at(digits);
        rest.starts_with("комн").then(|| number.parse().ok()).flatten()
    } else {
        STEMS
            .iter()
            .position(|stem| key.strip_prefix(stem).is_some_and(|rest| rest.starts_with("комнат")))
            .map(|n| n as u32 + 1)
    };
    rooms.map(|n| Counts::Rooms.bedrooms(n))
}

/// A number with a bedroom word stuck to it: '2br', '3bed', '2bedrooms'.
fn joined_bedrooms(key: &str) -> Option<u32> {
    let digits = key.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let (number, word) = key.split_at(digits);
    is_one_of(word, &["br", "bed", "beds", "bd", "bdr", "bhk", "bedroom", "bedrooms"])
        .then(|| number.parse().ok())
        .flatten()
}

struct Reader {
    tokens: Vec<Token>,
}

impl Reader {
    /// Whether the unused tokens from `at` are `words`.
    fn phrase_at(&self, at: usize, words: &[&'static str]) -> bool {
        words
            .iter()
            .enumerate()
            .all(|(i, w)| self.tokens.get(at + i).is_some_and(|t| !t.used && t.key == folded(w)))
    }

    fn key(&self, at: usize) -> Option<&str> {
        self.tokens.get(at).filter(|t| !t.used).map(|t| t.key.as_str())
    }

    fn take(&mut self, from: usize, count: usize) {
        for token in &mut self.tokens[from..from + count] {
            token.used = true;
        }
    }

    fn bedrooms(&mut self) -> Option<u32> {
        for at in 0..self.tokens.len() {
            let Some(key) = self.key(at).map(str::to_owned) else { continue };
            if let Some(n) = joined_bedrooms(&key).or_else(|| russian_rooms(&key)) {
                self.take(at, 1);
                return Some(n);
            }
            if is_one_of(&key, &["studio", "studios", "студия", "студию", "студии", "استوديو", "ستوديو"])
            {
                self.take(at, 1);
                return Some(0);
            }
            let dual = is_one_of(&key, &["غرفتين", "غرفتي", "بغرفتين", "بغرفتي"]);
            let counted =
                small_number(&key).and_then(|n| Some(self.key(at + 1).and_then(counts_of)?.bedrooms(n)));
            if let Some(n) = counted.or(dual.then_some(2)) {
                let mut span = if dual { 1 } else { 2 };
                if self.key(at + span).is_some_and(|k| k == folded("نوم")) {
                    span += 1;
                }
                self.take(at, span);
                return Some(n);
            }
        }
        None
    }

    fn purpose(&mut self) -> Option<Purpose> {
        const RENT: [&str; 12] = [
            "rent",
            "rental",
            "rentals",
            "renting",
            "lease",
            "аренда",
            "аренду",
            "аренды",
            "снять",
            "إيجار",
            "للإيجار",
            "بالإيجار",
        ];
        const SALE: [&str; 10] =
            ["sale", "buy", "buying", "purchase", "продажа", "продажу", "купить", "للبيع", "بيع", "شراء"];
        for at in 0..self.tokens.len() {
            let Some(key) = self.key(at) else { continue };
            let purpose = if is_one_of(key, &RENT) || key == folded("الإيجار") {
                Purpose::Rent
            } else if is_one_of(key, &SALE) {
                Purpose::Sale
            } else {
                continue;
            };
            let before = at
                .checked_sub(1)
                .filter(|&b| self.key(b).is_some_and(|k| is_one_of(k, &["for", "to", "на", "в"])));
            match before {
                Some(b) => self.take(b, 2),
                None => self.take(at, 1),
            }
            return Some(purpose);
        }
        None
    }

    fn furnishing(&mut self) -> Option<Furnishing> {
        for at in 0..self.tokens.len() {
            let Some(key) = self.key(at) else { continue };
            let before = at.checked_sub(1).and_then(|b| self.key(b).map(|k| (b, k.to_owned())));
            let furnished =
                is_one_of(key, &["furnished", "مفروشة", "مفروش", "مفروشه"]) || key.starts_with("меблирован");
            if furnished {
                let (from, furnishing) = match &before {
                    Some((b, k)) if is_one_of(k, &["partly", "semi", "part", "نصف"]) => {
                        (*b, Furnishing::PartlyFurnished)
                    }
                    Some((b, k)) if is_one_of(k, &["not", "non", "un", "غير"]) => {
                        (*b, Furnishing::Unfurnished)
                    }
                    _ => (at, Furnishing::Furnished),
                };
                self.take(from, at + 1 - from);
                return Some(furnishing);
            }
            if key == "unfurnished" {
                self.take(at, 1);
                return Some(Furnishing::Unfurnished);
            }
            if key == folded("мебелью") && before.as_ref().is_some_and(|(_, k)| k == "с") {
                self.take(at - 1, 2);
                return Some(Furnishing::Furnished);
            }
            if key == folded("мебели") && before.as_ref().is_some_and(|(_, k)| k == "без") {
                self.take(at - 1, 2);
                return Some(Furnishing::Unfurnished);
            }
        }
        None
    }

    fn off_plan(&mut self) -> bool {
        const PHRASES: [&[&str]; 6] = [
            &["off", "plan"],
            &["offplan"],
            &["офф", "план"],
            &["оффплан"],
            &["على", "الخارطة"],
            &["قيد", "الإنشاء"],
        ];
        for at in 0..self.tokens.len() {
            for words in PHRASES {
                if self.phrase_at(at, words) {
                    self.take(at, words.len());
                    return true;
                }
            }
            if self.key(at).is_some_and(|k| k == folded("الخارطة")) {
                self.take(at, 1);
                return true;
            }
        }
        false
    }

    /// The unused run of tokens from `at`, at most `n` long.
    fn run(&self, at: usize) -> usize {
        self.tokens[at..].iter().take(MAX_NAME_TOKENS).take_while(|t| !t.used).count()
    }

    fn joined(&self, at: usize, n: usize) -> String {
        self.tokens[at..at + n].iter().map(|t| t.key.as_str()).collect::<Vec<_>>().join(" ")
    }

    /// The first run of tokens that is one of a term's names: the term's English name.
    fn exact(&mut self, names: &NameIndex, english: &[String], types: bool) -> Option<String> {
        for at in 0..self.tokens.len() {
            for n in (1..=self.run(at)).rev() {
                let joined = self.joined(at, n);
                let phrase = if types { type_key(&joined) } else { joined.as_str() };
                if let Some(&term) = names.exact.get(phrase) {
                    self.take(at, n);
                    return Some(english[term].clone());
                }
            }
        }
        None
    }

    /// The first run of tokens within its edits of a term's name: the nearest term's English name.
    fn near(&mut self, names: &NameIndex, english: &[String]) -> Option<String> {
        for at in 0..self.tokens.len() {
            for n in (1..=self.run(at)).rev() {
                let phrase = self.joined(at, n);
                let letters = phrase.chars().count();
                if letters < 4 || phrase.chars().any(|c| c.is_ascii_digit()) {
                    continue;
                }
                let mut best: Option<(usize, usize)> = None;
                let first = phrase.chars().next().unwrap_or_default();
                let alike = names.by_start.get(&(n, first)).map_or(&[][..], Vec::as_slice);
                for name in alike.iter().map(|&i| &names.names[i]) {
                    if let Some(d) = name.word.near(&phrase, letters)
                        && best.is_none_or(|(b, _)| d < b)
                    {
                        best = Some((d, name.term));
                    }
                }
                if let Some((_, term)) = best {
                    self.take(at, n);
                    return Some(english[term].clone());
                }
            }
        }
        None
    }
}

/// A term's English name and its other names.
fn names(term: &SearchTerm) -> impl Iterator<Item = &str> {
    std::iter::once(term.name.as_str()).chain(term.names.iter().map(String::as_str))
}

/// The edits allowed for a name of `letters` letters.
fn allowance(letters: usize) -> usize {
    match letters {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    }
}

/// The edits from `typed` to `name` when within the name's allowance and both start alike.
fn near_enough(typed: &str, name: &str) -> Option<usize> {
    if typed.chars().next() != name.chars().next() {
        return None;
    }
    let d = edits(typed, name);
    (d <= allowance(name.chars().count())).then_some(d)
}

/// The optimal string alignment distance: letters added, dropped, changed, two neighbours swapped.
pub fn edits(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    d[0] = (0..=b.len()).collect();
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    d[a.len()][b.len()]
}

/// The most tokens a text is read to: a search's query (200 characters) never has more.
pub const MAX_TOKENS: usize = 100;

/// Reads `text` with the `names`, leaving alone what the search already has (`given`) and
/// setting aside the words that name it; only its first [`MAX_TOKENS`] tokens.
pub fn read(text: &str, names: &Names, given: Given) -> Reading {
    let mut tokens = tokens(text);
    tokens.truncate(MAX_TOKENS);
    let mut reader = Reader { tokens };
    let mut reading = Reading::default();
    // What the search already has is left as it is, and the words naming it are read and set
    // aside: a search kept as typed with the filters read from it reads to the same search.
    let (least, most) = match reader.range() {
        Some((least, most)) => (Some(least), Some(most)),
        None => {
            let most = reader.price(&MAX_WORDS);
            (reader.price(&MIN_WORDS), most)
        }
    };
    if !given.price {
        (reading.min, reading.max) = (least, most);
    }
    let bedrooms = reader.bedrooms();
    if !given.bedrooms {
        reading.bedrooms = bedrooms;
    }
    let purpose = reader.purpose();
    if !given.purpose {
        reading.purpose = purpose;
    }
    let furnishing = reader.furnishing();
    if !given.furnishing {
        reading.furnishing = furnishing;
    }
    let off_plan = reader.off_plan();
    if !given.off_plan {
        reading.off_plan = off_plan;
    }
    let community = reader.exact(&names.communities, &names.community_names, false);
    let kind = reader.exact(&names.types, &names.type_names, true);
    if !given.community {
        reading.community.clone_from(&community);
    }
    if !given.kind {
        reading.kind.clone_from(&kind);
    }
    if community.is_none() {
        let near = reader.near(&names.communities, &names.community_names);
        if !given.community && near.is_some() {
            reading.community = near;
            reading.corrected = true;
        }
    }
    if kind.is_none() {
        let near = reader.near(&names.types, &names.type_names);
        if !given.kind && near.is_some() {
            reading.kind = near;
            reading.corrected = true;
        }
    }
    let mut rest = Vec::new();
    for token in reader.tokens.iter().filter(|t| !t.used) {
        let letters = token.key.chars().count();
        // A word of the names, or its singular ('tower' of 'Towers'), is kept as typed.
        let known = names.known.contains(&token.key);
        let mut best: Option<(usize, &NameWord)> = None;
        if letters >= 5 && !known && token.key.chars().all(char::is_alphabetic) {
            let first = token.key.chars().next().unwrap_or_default();
            for word in names.words.get(&first).map_or(&[][..], Vec::as_slice) {
                if let Some(d) = word.word.near(&token.key, letters)
                    && best.is_none_or(|(b, _)| d < b)
                {
                    best = Some((d, word));
                }
            }
        }
        match best {
            Some((_, word)) => {
                reading.corrected = true;
                rest.push(word.raw.clone());
            }
            None => rest.push(token.raw.clone()),
        }
    }
    // Ignored words alone ('in', 'في', 'в') are no text query.
    let rest = rest.join(" ");
    if !query_words(&rest).is_empty() {
        reading.query = rest;
    }
    reading
}

/// Words a search ignores instead of requiring, in the site's three languages (compared
/// folded, so 'إلى' is also 'الى'): they are in nearly every description, so requiring them
/// finds almost anything, and 'villa in the palm' means 'palm villa'. English; Arabic 'in',
/// 'from', 'with', 'on', 'to', 'or'; Russian 'on', 'for', 'along', 'from'. One-letter words
/// ('a', Arabic 'و', Russian 'в', 'и', 'с') are ignored by their length, see [`query_words`].
const STOP_WORDS: [&str; 15] =
    ["the", "in", "for", "with", "and", "في", "من", "مع", "على", "إلى", "أو", "на", "для", "по", "из"];

/// The words a search requires, each as the start of a word of the listing: the query's
/// [`words`] less the one-letter ones and the `STOP_WORDS`. A query of such words only
/// requires nothing, like an empty one.
pub fn query_words(query: &str) -> Vec<String> {
    words(query)
        .filter(|word| word.chars().nth(1).is_some())
        .filter(|word| !STOP_WORDS.iter().any(|stop| folded(stop) == *word))
        .collect()
}

#[cfg(test)]
mod tests {
    use contract::vocabulary::SearchTerms;

    use super::*;

    fn names() -> Names {
        Names::new(&SearchTerms {
            communities: vec![SearchTerm {
                name: "Dubai Marina".into(),
                names: vec!["Marina".into()],
                translated: None,
            }],
            types: vec![SearchTerm { name: "Villa".into(), names: Vec::new(), translated: None }],
        })
    }

    #[test]
    fn only_the_first_tokens_are_read() {
        let within = format!("{}marina", "x ".repeat(MAX_TOKENS - 1));
        assert_eq!(read(&within, &names(), Given::default()).community.as_deref(), Some("Dubai Marina"));
        let after = format!("{}marina villa", "x ".repeat(MAX_TOKENS));
        let reading = read(&after, &names(), Given::default());
        assert_eq!((reading.community, reading.kind), (None, None));
    }

    #[test]
    fn the_names_are_folded_once_and_compared_as_before() {
        let names = names();
        assert_eq!(
            names.communities.names.iter().map(|n| n.compared.as_str()).collect::<Vec<_>>(),
            ["dubai marina", "marina"]
        );
        assert!(names.known.contains("marina") && names.known.contains("dubai"));
        let reading = read("vila in dubai marena", &names, Given::default());
        assert_eq!(reading.community.as_deref(), Some("Dubai Marina"));
        assert_eq!(reading.kind.as_deref(), Some("Villa"));
        assert!(reading.corrected);
        assert_eq!(folded("الإيجار"), fold("الإيجار"));
        assert_eq!(folded("rent"), "rent");
    }
}
