//! What an editor reads for a malformed content file: for each mistake in
//! listings, posts' front matter, the team, developers, `site.yaml` and the vocabularies, `estate
//! check` names the line (and column) where the mistake is, in plain words that name the field,
//! never the YAML parser's own ("did not find expected <document start>").
//!
//! Each case edits one file of a copy of the sample content; the expected place is given by the
//! start of the line it is on, so the table reads like the files.

use std::path::Path;

use crate::support::{Run, content_copy, estate, repo};

/// A listing of our own (`properties/case.yaml`), valid as it is.
const LISTING: &str = "\
title: Case Study Apartment
mainCategory: Residential
subCategory: Apartment
createdAt: 2026-07-20
location: Jumeirah Village Circle
bedrooms: 1
bathrooms: 1
area: 700
price: 900000
reference: CASE-1
permitNumber: \"7100000999\"
agent: daniel-novak
amenities: [Gym, Swimming pool]
coordinates: { lat: 25.06, lng: 55.209 }
images:
  - media/properties/jvc-tower-1.jpg
  - media/properties/studio-1.jpg
description: |
  A bright apartment: two balconies, \"quiet\" [and] green.
ar:
  title: شقة مشرقة
  location: قرية جميرا الدائرية
  description: شقة مشرقة.
";

/// A post (`blog/case.md`), valid as it is.
const POST: &str = "\
---
title: A case study
date: 2026-08-06
author: Daniel Novak
excerpt: A short excerpt.
---
The article.
";

/// A team member (`team/case.yaml`), valid as it is.
const MEMBER: &str = "\
name: Case Agent
role: Consultant
image: media/team/daniel-novak.jpg
email: case@palmcrest.ae
languages: [English, Arabic]
order: 3
";

/// A developer (`developers/case.yaml`), valid as it is.
const DEVELOPER: &str = "\
name: Case Developments
logo: media/developers/emaar.svg
image: media/developers/emaar.jpg
projects: 4
website: https://www.example.com
description: A developer.
";

/// A term added at the end of `vocabulary/amenities.yaml`.
const TERM: &str = "  - key: case-term\n    en: Case term\n    ar: مصطلح\n    ru: Термин\n";

/// Which file a case edits, and the text it starts from.
#[derive(Clone, Copy)]
enum File {
    Listing,
    Post,
    Member,
    Developer,
    /// The sample's `site.yaml`.
    Site,
    /// The sample's amenities, with [`TERM`] at the end.
    Vocabulary,
    /// [`LISTING`] under another name.
    Named(&'static str),
}

impl File {
    fn path(self) -> &'static str {
        match self {
            File::Listing => "properties/case.yaml",
            File::Post => "blog/case.md",
            File::Member => "team/case.yaml",
            File::Developer => "developers/case.yaml",
            File::Site => "site.yaml",
            File::Vocabulary => "vocabulary/amenities.yaml",
            File::Named(path) => path,
        }
    }

    fn base(self) -> String {
        match self {
            File::Listing | File::Named(_) => LISTING.to_owned(),
            File::Post => POST.to_owned(),
            File::Member => MEMBER.to_owned(),
            File::Developer => DEVELOPER.to_owned(),
            File::Site => sample("site.yaml"),
            File::Vocabulary => sample("vocabulary/amenities.yaml") + TERM,
        }
    }
}

fn sample(path: &str) -> String {
    std::fs::read_to_string(repo().join("content").join(path)).expect("the sample file")
}

/// What an edit does to the file's text.
type Edit = fn(&str) -> Vec<u8>;

/// `text` with `from` (which must be there) replaced by `to`, once.
fn swap(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "the case's text `{from}` is not in\n{text}");
    text.replacen(from, to, 1)
}

/// One malformed file: its name, the file, the edit, where the error must be (a piece of the
/// line's start, the column), what its message says, and the field it must name.
struct Case {
    name: &'static str,
    file: File,
    edit: Edit,
    at: (&'static str, u32),
    says: &'static str,
    field: Option<&'static str>,
}

const fn case(
    name: &'static str,
    file: File,
    edit: Edit,
    at: (&'static str, u32),
    says: &'static str,
    field: Option<&'static str>,
) -> Case {
    Case { name, file, edit, at, says, field }
}

#[rustfmt::skip]
const CASES: &[Case] = &[
    // Listings.
    case("tab in the indentation", File::Listing, |t| swap(t, "price:", "\tprice:").into(), ("\tprice:", 1), "a tab indents this line", Some("price")),
    case("one space too many at the top", File::Listing, |t| swap(t, "price:", " price:").into(), (" price:", 2), "indented differently", Some("price")),
    case("indented under a plain value", File::Listing, |t| swap(t, "bathrooms:", "  bathrooms:").into(), ("  bathrooms:", 3), "indented differently", Some("bathrooms")),
    case("first line of a block indented more than the rest", File::Listing, |t| swap(t, "  title: شقة", "   title: شقة").into(), ("   title:", 4), "indented differently", Some("title")),
    case("list item out of step", File::Listing, |t| swap(t, "  - media/properties/studio", " - media/properties/studio").into(), (" - media/properties/studio", 2), "indented differently", None),
    case("unclosed double quote", File::Listing, |t| swap(t, "title: Case", "title: \"Case").into(), ("title:", 8), "the quote `\"` opened here is never closed", Some("title")),
    case("unclosed single quote", File::Listing, |t| swap(t, "location: Jum", "location: 'Jum").into(), ("location: 'Jum", 11), "the quote `'` opened here is never closed", Some("location")),
    case("unclosed quote inside a list", File::Listing, |t| swap(t, "[Gym", "[\"Gym").into(), ("amenities:", 13), "the quote `\"` opened here is never closed", Some("amenities")),
    case("unclosed bracket", File::Listing, |t| swap(t, "Swimming pool]", "Swimming pool").into(), ("amenities:", 12), "the list opened with `[` here is never closed", Some("amenities")),
    case("unclosed brace", File::Listing, |t| swap(t, "55.209 }", "55.209").into(), ("coordinates:", 14), "opened with `{` here is never closed", Some("coordinates")),
    case("a bracket too many", File::Listing, |t| swap(t, "pool]", "pool]]").into(), ("amenities:", 32), "this `]` closes nothing", Some("amenities")),
    case("text after the closing quote", File::Listing, |t| swap(t, "title: Case Study Apartment", "title: \"Case\" Study").into(), ("title:", 15), "the value goes on after its closing quote", Some("title")),
    case("a colon in a plain value", File::Listing, |t| swap(t, "title: Case Study", "title: Case Study: 2BR").into(), ("title:", 18), "a `: ` inside the value starts another field", Some("title")),
    case("no space after the colon", File::Listing, |t| swap(t, "price: ", "price:").into(), ("price:9", 1), "`price:900000` is not a `name: value` line", Some("price")),
    case("a value starting with @", File::Listing, |t| swap(t, "location: Jum", "location: @Jum").into(), ("location:", 11), "a value cannot start with `@`", Some("location")),
    case("duplicate field", File::Listing, |t| swap(t, "reference:", "price: 5\nreference:").into(), ("price: 5", 1), "field `price` is given twice (first on line 9)", Some("price")),
    case("text for a number", File::Listing, |t| swap(t, "price: 900000", "price: call us").into(), ("price:", 8), "Write the price in dirhams as a whole number, such as 2750000 or 2,750,000", Some("price")),
    case("a list for text", File::Listing, |t| swap(t, "location: Jumeirah Village Circle", "location: [JVC, Dubai]").into(), ("location:", 11), "expected text, found a list", Some("location")),
    case("yes for true or false", File::Listing, |t| swap(t, "area:", "featured: yes\narea:").into(), ("featured:", 11), "expected true or false, found the text \"yes\"", Some("featured")),
    case("an unknown field, misspelt", File::Listing, |t| swap(t, "price:", "prcie:").into(), ("prcie:", 1), "unknown field `prcie`", Some("prcie")),
    case("a category misspelt", File::Listing, |t| swap(t, "Residential", "Residental").into(), ("mainCategory:", 15), "`Residental` is not one of", Some("mainCategory")),
    case("a date that is none", File::Listing, |t| swap(t, "2026-07-20", "2026-13-45").into(), ("createdAt:", 12), "`2026-13-45` is not a valid date", Some("createdAt")),
    case("a byte order mark", File::Listing, |t| format!("\u{feff}{}", swap(t, "price:", "prcie:")).into(), ("prcie:", 1), "unknown field `prcie`", Some("prcie")),
    case("CRLF line endings", File::Listing, |t| swap(t, "price:", "prcie:").replace('\n', "\r\n").into(), ("prcie:", 1), "unknown field `prcie`", Some("prcie")),
    case("CRLF line endings and a quote", File::Listing, |t| swap(t, "title: Case", "title: \"Case").replace('\n', "\r\n").into(), ("title:", 8), "opened here is never closed", Some("title")),
    case("an empty file", File::Listing, |_| Vec::new(), ("", 1), "the file has no fields", None),
    case("only ---", File::Listing, |_| b"---\n".to_vec(), ("", 1), "the file has no fields", None),
    case("not UTF-8", File::Listing, |t| swap(t, "Jumeirah", "Jum\u{0}irah").bytes().map(|b| if b == 0 { 0xE9 } else { b }).collect(), ("location:", 14), "the file is not UTF-8 text: byte 0xE9", None),
    case("a name Windows keeps", File::Named("properties/con.yaml"), |t| swap(t, "CASE-1", "CASE-2").into(), ("", 1), "invalid id `con`: Windows keeps this name for a device", None),
    case("an agent given as a path", File::Listing, |t| swap(t, "agent: daniel-novak", "agent: ../team/daniel-novak.yaml").into(), ("agent:", 8), "agent `../team/daniel-novak.yaml` is not an id", Some("agent")),
    case("a developer given as a path", File::Listing, |t| swap(t, "agent:", "developer: ../developers/emaar\nagent:").into(), ("developer:", 12), "developer `../developers/emaar` is not an id", Some("developer")),
    // Posts: the front matter's lines count from the file's start.
    case("front matter never closed", File::Post, |t| swap(t, "---\nThe", "The").into(), ("", 1), "the fields opened by this `---` line are never closed", None),
    case("only ---, in a post", File::Post, |_| b"---\n".to_vec(), ("", 1), "never closed", None),
    case("no front matter", File::Post, |_| b"The article.\n".to_vec(), ("", 1), "missing front matter: the file must start with a `---` line", None),
    case("front matter opened with trailing spaces, a tab inside", File::Post, |t| swap(&swap(t, "---\n", "---  \n"), "author:", "\tauthor:").into(), ("\tauthor:", 1), "a tab indents this line", Some("author")),
    case("unclosed quote in front matter", File::Post, |t| swap(t, "author: Daniel", "author: \"Daniel").into(), ("author:", 9), "the quote `\"` opened here is never closed", Some("author")),
    case("a misspelt field in front matter", File::Post, |t| swap(t, "author:", "auther:").into(), ("auther:", 1), "unknown field `auther`", Some("auther")),
    case("a byte order mark before the front matter", File::Post, |t| format!("\u{feff}{}", swap(t, "author:", "auther:")).into(), ("auther:", 1), "unknown field `auther`", Some("auther")),
    case("CRLF front matter", File::Post, |t| swap(t, "author:", "auther:").replace('\n', "\r\n").into(), ("auther:", 1), "unknown field `auther`", Some("auther")),
    case("a post's date that is none", File::Post, |t| swap(t, "2026-08-06", "yesterday").into(), ("date:", 7), "`yesterday` is not a valid date", Some("date")),
    case("a post's field given twice", File::Post, |t| swap(t, "excerpt:", "author: Sara\nexcerpt:").into(), ("author: Sara", 1), "field `author` is given twice (first on line 4)", Some("author")),
    // The team.
    case("text for a list", File::Member, |t| swap(t, "[English, Arabic]", "English").into(), ("languages:", 12), "expected a list, found the text \"English\"", Some("languages")),
    case("text for a number, in the team", File::Member, |t| swap(t, "order: 3", "order: third").into(), ("order:", 8), "expected a whole number, found the text \"third\"", Some("order")),
    case("a member's field indented", File::Member, |t| swap(t, "email:", "  email:").into(), ("  email:", 3), "indented differently", Some("email")),
    case("a member's list never closed", File::Member, |t| swap(t, "Arabic]", "Arabic").into(), ("languages:", 12), "the list opened with `[` here is never closed", Some("languages")),
    // Developers.
    case("a developer's field misspelt", File::Developer, |t| swap(t, "website:", "websit:").into(), ("websit:", 1), "unknown field `websit`", Some("websit")),
    case("a developer's name never closed", File::Developer, |t| swap(t, "name: Case", "name: 'Case").into(), ("name:", 7), "the quote `'` opened here is never closed", Some("name")),
    case("a developer's projects in words", File::Developer, |t| swap(t, "projects: 4", "projects: four").into(), ("projects:", 11), "expected a whole number", Some("projects")),
    // site.yaml.
    case("a tab in site.yaml", File::Site, |t| swap(t, "\nemail:", "\n\temail:").into(), ("\temail:", 1), "a tab indents this line", Some("email")),
    case("one phone for the list of phones", File::Site, |t| swap(t, "phones: [\"+971 4 555 0123\", \"+971 50 555 0199\"]", "phones: \"+971 4 555 0123\"").into(), ("phones:", 9), "expected a list, found the text", Some("phones")),
    case("site.yaml's field given twice", File::Site, |t| swap(t, "\nemail:", "\nemail: x@example.ae\nemail:").into(), ("email: info", 1), "field `email` is given twice", Some("email")),
    case("an unclosed brace in site.yaml", File::Site, |t| swap(t, "55.2813 }", "55.2813").into(), ("coordinates:", 14), "opened with `{` here is never closed", Some("coordinates")),
    // Vocabularies.
    case("a term without its English name", File::Vocabulary, |t| swap(t, "    en: Case term\n", "").into(), ("  - key: case-term", 5), "missing required field `en`", Some("en")),
    case("a term's field misspelt", File::Vocabulary, |t| swap(t, "    en: Case term", "    enn: Case term").into(), ("    enn: Case", 5), "unknown field `enn`", Some("enn")),
    case("a term's field indented", File::Vocabulary, |t| swap(t, "    en: Case term", "      en: Case term").into(), ("      en: Case term", 7), "indented differently", Some("en")),
    case("a term's field given twice", File::Vocabulary, |t| swap(t, "    ar: مصطلح", "    en: Again\n    ar: مصطلح").into(), ("    en: Again", 5), "field `en` is given twice", Some("en")),
];

/// Words of the YAML parser an editor cannot act on.
const JARGON: &[&str] = &[
    "<document",
    "<stream",
    "scalar",
    "indicator",
    "simple key",
    "mapping",
    "flow",
    "invalid YAML",
    "did not find expected",
    "while parsing",
    "while scanning",
    "EOF",
    "a string",
    "expected key",
];

/// The 1-based line of `text` that starts with `needle` (the first line when it is empty).
fn line_of(text: &[u8], needle: &str) -> usize {
    if needle.is_empty() {
        return 1;
    }
    let text = String::from_utf8_lossy(text);
    let hits: Vec<usize> = text
        .split('\n')
        .enumerate()
        .filter(|(_, l)| l.trim_start_matches('\u{feff}').starts_with(needle))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(hits.len(), 1, "`{needle}` must be on one line of\n{text}");
    hits[0]
}

/// Writes each case's file into `dir`'s content, runs `estate check` and returns its errors
/// about that file: the headline, and the hint when there is one.
fn errors_for(dir: &Path, file: File, bytes: &[u8]) -> Vec<(String, Option<String>)> {
    let content = dir.join("content");
    let path = content.join(file.path());
    std::fs::write(&path, bytes).expect("written");
    let Run { stderr, .. } = estate(dir, &["check"]);
    let prefix = format!("content/{}:", file.path());
    let lines: Vec<&str> = stderr.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.starts_with(&prefix) && l.contains(": error: "))
        .map(|(i, l)| {
            let hint = lines[i + 1..]
                .iter()
                .take_while(|h| !h.starts_with("content/"))
                .find_map(|h| h.strip_prefix("  = hint: "))
                .map(str::to_owned);
            (l.to_string(), hint)
        })
        .collect()
}

#[test]
fn each_malformed_file_is_reported_at_its_line_in_plain_words() {
    assert!(CASES.len() >= 30);
    let dir = content_copy(&repo().join("content"));
    let content = dir.path().join("content");
    // The files as the cases start from them are valid.
    for file in [File::Listing, File::Post, File::Member, File::Developer, File::Vocabulary] {
        std::fs::write(content.join(file.path()), file.base()).expect("written");
    }
    let Run { code, stdout, stderr } = estate(dir.path(), &["check"]);
    assert_eq!(code, 0, "the cases' own files must be valid\n{stdout}{stderr}");
    let mut failures = Vec::new();
    let mut table = Vec::new();
    for case in CASES {
        let bytes = (case.edit)(&case.file.base());
        let errors = errors_for(dir.path(), case.file, &bytes);
        // Back as it was, for the next case.
        match case.file {
            File::Named(path) => std::fs::remove_file(content.join(path)).expect("removed"),
            file => std::fs::write(content.join(file.path()), file.base()).expect("written"),
        }
        let line = line_of(&bytes, case.at.0);
        let at = format!("content/{}:{line}:{}: error: ", case.file.path(), case.at.1);
        let Some((headline, hint)) = errors.first() else {
            failures.push(format!("{}: no error", case.name));
            continue;
        };
        let message = headline.split_once(": error: ").map_or("", |(_, m)| m);
        table.push(format!("{:<55} {}:{} {message}", case.name, line, case.at.1));
        let mut wrong = Vec::new();
        if !headline.starts_with(&at) {
            wrong.push(format!("expected at {at}"));
        }
        if !message.contains(case.says) {
            wrong.push(format!("expected it to say `{}`", case.says));
        }
        let said = format!("{message} {}", hint.as_deref().unwrap_or(""));
        if let Some(jargon) = JARGON.iter().find(|j| said.contains(*j)) {
            wrong.push(format!("parser jargon `{jargon}`"));
        }
        if let Some(field) = case.field
            && !message.contains(&format!("`{field}"))
            && !message.starts_with(&format!("{field} "))
        {
            wrong.push(format!("the field `{field}` is not named"));
        }
        if !wrong.is_empty() {
            failures.push(format!("{}: {headline}\n    {}", case.name, wrong.join("\n    ")));
        }
    }
    eprintln!("{}", table.join("\n"));
    assert!(failures.is_empty(), "{} of {} cases:\n{}", failures.len(), CASES.len(), failures.join("\n"));
}

/// What editors leave that YAML and the front matter allow: trailing spaces on the `---` lines,
/// a tab after a field's colon.
#[test]
fn what_editors_leave_that_is_allowed_is_accepted() {
    let dir = content_copy(&repo().join("content"));
    let content = dir.path().join("content");
    let post = POST.replacen("---\n", "--- \n", 1).replace("\n---\nThe", "\n---   \nThe");
    std::fs::write(content.join(File::Post.path()), post).expect("written");
    std::fs::write(content.join(File::Listing.path()), LISTING.replace("price: ", "price:\t"))
        .expect("written");
    let Run { code, stdout, stderr } = estate(dir.path(), &["check"]);
    assert_eq!(code, 0, "{stdout}{stderr}");
}
