//! The site's TypeScript types, `site/src/types.ts`, generated from this crate's serde types by
//! ts-rs, so the pages read the JSON the generator writes under the names the site uses
//! (`Property`, `CardProperty`, ...); and beside them the paths of the published files, the
//! languages and the fixed routes ([`paths`]: `site/src/paths.ts`, and `site/e2e/routes.mjs` for
//! the browser tests); and the lead function's wire contract ([`endpoints`]:
//! `site/src/endpoints.ts`). Write the files ([`FILES`]) with
//! `cargo run -p contract --features ts --example typescript`; a test fails while a committed
//! file differs.
//!
//! ts-rs follows the serde attributes; a field left out when empty (`skip_serializing_if`) is
//! marked `#[ts(optional)]` so it reads `field?: T`, and an `Option` always written reads
//! `field: T | null`.

pub mod endpoints;
pub mod paths;

use ts_rs::{Config, TS};

use crate::admin::{Created, LeadPage, LeadRow, OneLead, Session, Summary};
use crate::api::PropertyTranslation;
use crate::api::{
    ApiBlog, ApiProperty, BlogTranslation, Coordinates, Furnishing, MainCategory, PaymentStep, PricePeriod,
};
use crate::detail::{
    AgentTexts, Detail, DetailAgent, DetailDeveloper, DeveloperName, Gone, GoneStatus, MarketComparison,
    MarketKind,
};
use crate::endpoints::{Form, Refusal};
use crate::feed::{FeedItem, PostCard, PostTexts};
use crate::guides::{AreaGuide, AreaMarket, GuideTexts, MarketFigure, MarketMonth, MarketTrend};
use crate::leads::{FieldErrors, Lead, LeadField, LeadFields, PropertyRef};
use crate::listings::{Card, CardTexts, Community, HomeCards, ListingSummary};
use crate::media::Picture;
use crate::people::{AgentPage, DeveloperPage, DeveloperProject};
use crate::routes::Routes;
use crate::site::{
    AgentContact, Developer, DeveloperTexts, Hero, Heroes, MapPlace, MapSettings, MapTexts, MemberTexts,
    Page, PageTexts, Partner, PartnerTexts, Site, SiteTexts, SocialLink, TeamMember, Translations,
};
use crate::vocabulary::{SearchTerm, SearchTerms, TermNames, TypeKind, TypeNames, Vocabulary};

/// The command that writes the generated files ([`FILES`]).
pub const COMMAND: &str = "cargo run -p contract --features ts --example typescript";

/// Where the types go, relative to the workspace root.
pub const PATH: &str = "site/src/types.ts";

/// A generated file: where it goes (relative to the workspace root) and what writes its text.
pub type Generated = (&'static str, fn() -> String);

/// Every generated file.
pub const FILES: [Generated; 4] = [
    (PATH, declarations_file),
    (paths::PATH, paths::paths_file),
    (endpoints::PATH, endpoints::endpoints_file),
    (paths::E2E_PATH, paths::e2e_routes_file),
];

/// How ts-rs writes the types: prices and other `u64`s are plain numbers (every value the site
/// sees is far below 2^53).
fn config() -> Config {
    Config::new().with_large_int("number")
}

/// One declaration: its TypeScript name, the names it refers to, and its text.
struct Declaration {
    name: String,
    uses: Vec<String>,
    text: String,
}

fn declaration<T: TS + 'static + ?Sized>(cfg: &Config) -> Declaration {
    let docs = T::docs().unwrap_or_default();
    Declaration {
        name: T::ident(cfg),
        uses: T::dependencies(cfg).into_iter().map(|d| d.ts_name).collect(),
        text: format!("{docs}export {}", layout(&T::decl(cfg))),
    }
}

/// `decl` with each field of its outermost object types on a line of its own (ts-rs writes a
/// declaration on one line, field comments and all), ended by `;` as the site writes them.
fn layout(decl: &str) -> String {
    let mut out = String::new();
    let mut field = String::new();
    // Brackets open inside the object being laid out (0: outside any).
    let mut depth = 0usize;
    let mut rest = decl;
    while let Some(c) = rest.chars().next() {
        // Comments and strings are copied whole: they may hold brackets and commas.
        let token = if rest.starts_with("/*") {
            rest.find("*/").map_or(rest, |end| &rest[..end + 2])
        } else if c == '"' {
            rest[1..].find('"').map_or(rest, |end| &rest[..end + 2])
        } else {
            &rest[..c.len_utf8()]
        };
        rest = &rest[token.len()..];
        let sink = if depth == 0 { &mut out } else { &mut field };
        match token {
            "{" if depth == 0 => {
                out.push_str("{\n");
                depth = 1;
            }
            "}" if depth == 1 => {
                push_field(&mut out, &field);
                field.clear();
                out.push('}');
                depth = 0;
            }
            "," if depth == 1 => {
                push_field(&mut out, &field);
                field.clear();
            }
            "{" | "[" | "(" | "<" => {
                sink.push_str(token);
                depth += usize::from(depth > 0);
            }
            "}" | "]" | ")" | ">" => {
                sink.push_str(token);
                depth -= usize::from(depth > 1);
            }
            _ => sink.push_str(token),
        }
    }
    out
}

/// One field of an object laid out by [`layout`], after its comment.
fn push_field(out: &mut String, field: &str) {
    let mut field = field.trim();
    if field.is_empty() {
        return;
    }
    if let Some(end) = field.strip_prefix("/**").and_then(|f| f.find("*/")) {
        let comment = &field[3..3 + end];
        let lines: Vec<&str> = comment
            .lines()
            .map(|l| l.trim().trim_start_matches('*').trim())
            .filter(|l| !l.is_empty())
            .collect();
        if let [line] = lines.as_slice() {
            out.push_str(&format!("  /** {line} */\n"));
        } else {
            out.push_str("  /**\n");
            for line in lines {
                out.push_str(&format!("   * {line}\n"));
            }
            out.push_str("   */\n");
        }
        field = field[3 + end + 2..].trim();
    }
    out.push_str(&format!("  {field};\n"));
}

/// Every declaration, in the file's order: the API records, the agency's records, the page
/// data, then what the lead function and the admin API read and answer.
fn declarations() -> Vec<Declaration> {
    let cfg = &config();
    vec![
        declaration::<MainCategory>(cfg),
        declaration::<PricePeriod>(cfg),
        declaration::<Furnishing>(cfg),
        declaration::<Coordinates>(cfg),
        declaration::<PaymentStep>(cfg),
        declaration::<ApiProperty>(cfg),
        declaration::<PropertyTranslation>(cfg),
        declaration::<ApiBlog>(cfg),
        declaration::<BlogTranslation>(cfg),
        declaration::<Translations<()>>(cfg),
        declaration::<Picture<'static>>(cfg),
        declaration::<Site>(cfg),
        declaration::<SiteTexts>(cfg),
        declaration::<MapSettings>(cfg),
        declaration::<MapTexts>(cfg),
        declaration::<MapPlace>(cfg),
        declaration::<Vocabulary>(cfg),
        declaration::<TermNames>(cfg),
        declaration::<SearchTerms>(cfg),
        declaration::<SearchTerm>(cfg),
        declaration::<TypeNames>(cfg),
        declaration::<TypeKind>(cfg),
        declaration::<Heroes>(cfg),
        declaration::<Hero>(cfg),
        declaration::<Partner>(cfg),
        declaration::<PartnerTexts>(cfg),
        declaration::<SocialLink>(cfg),
        declaration::<AgentContact>(cfg),
        declaration::<TeamMember>(cfg),
        declaration::<MemberTexts>(cfg),
        declaration::<Developer>(cfg),
        declaration::<DeveloperTexts>(cfg),
        declaration::<Page>(cfg),
        declaration::<PageTexts>(cfg),
        declaration::<Card<'static>>(cfg),
        declaration::<CardTexts<'static>>(cfg),
        declaration::<ListingSummary<'static>>(cfg),
        declaration::<HomeCards<'static>>(cfg),
        declaration::<Community<'static>>(cfg),
        declaration::<FeedItem<'static>>(cfg),
        declaration::<PostCard<'static>>(cfg),
        declaration::<PostTexts<'static>>(cfg),
        declaration::<Detail<'static>>(cfg),
        declaration::<DetailAgent<'static>>(cfg),
        declaration::<AgentTexts<'static>>(cfg),
        declaration::<DetailDeveloper<'static>>(cfg),
        declaration::<DeveloperName<'static>>(cfg),
        declaration::<Gone<'static>>(cfg),
        declaration::<GoneStatus>(cfg),
        declaration::<MarketComparison>(cfg),
        declaration::<MarketKind>(cfg),
        declaration::<AreaGuide<'static>>(cfg),
        declaration::<GuideTexts>(cfg),
        declaration::<AreaMarket>(cfg),
        declaration::<MarketTrend>(cfg),
        declaration::<MarketMonth>(cfg),
        declaration::<MarketFigure>(cfg),
        declaration::<AgentPage<'static>>(cfg),
        declaration::<DeveloperPage<'static>>(cfg),
        declaration::<DeveloperProject>(cfg),
        declaration::<Routes<'static>>(cfg),
        declaration::<Form>(cfg),
        declaration::<LeadFields>(cfg),
        declaration::<LeadField>(cfg),
        declaration::<FieldErrors>(cfg),
        declaration::<Refusal>(cfg),
        declaration::<Lead>(cfg),
        declaration::<PropertyRef>(cfg),
        declaration::<Session>(cfg),
        declaration::<Summary>(cfg),
        declaration::<LeadRow>(cfg),
        declaration::<LeadPage>(cfg),
        declaration::<OneLead>(cfg),
        declaration::<Created>(cfg),
        declaration::<crate::valuation::Valuation>(cfg),
        declaration::<crate::valuation::ValuationFigure>(cfg),
        declaration::<crate::valuation::ValuationPlace>(cfg),
        declaration::<crate::endpoints::LeadValuation>(cfg),
        declaration::<crate::valuation::SellerValuation>(cfg),
        declaration::<crate::valuation::SellerEstimate>(cfg),
    ]
}

/// The text of `site/src/types.ts`.
pub fn declarations_file() -> String {
    let mut out = format!(
        "// Generated from the Rust types of the `contract` crate (contract/src/) by\n\
         // `{COMMAND}`: do not edit.\n\
         // The JSON the generator publishes: the API (api/) and the pages' data (data/); and what\n\
         // the lead function and estate serve's admin API read and answer.\n"
    );
    for declaration in declarations() {
        out.push('\n');
        out.push_str(&declaration.text);
        out.push('\n');
    }
    out
}

/// The names a declaration refers to that the file does not declare.
pub fn undeclared() -> Vec<String> {
    let all = declarations();
    let declared: std::collections::HashSet<&str> = all.iter().map(|d| d.name.as_str()).collect();
    let mut missing: Vec<String> =
        all.iter().flat_map(|d| &d.uses).filter(|u| !declared.contains(u.as_str())).cloned().collect();
    missing.sort();
    missing.dedup();
    missing
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_type_a_declaration_refers_to_is_declared() {
        assert_eq!(undeclared(), Vec::<String>::new());
    }

    #[test]
    fn optional_fields_follow_the_serde_attributes() {
        let file = declarations_file();
        // Left out when absent: `field?: T`.
        assert!(file.contains("  bathrooms?: number;\n"), "{file}");
        assert!(file.contains("  translations?: { [key in string]: CardTexts };\n"), "{file}");
        // Always written, `null` when absent: `field: T | null`.
        assert!(file.contains("  location: string | null;\n"), "{file}");
        assert!(file.contains("  price: number | null;\n"), "{file}");
        assert!(file.contains("  priceRange: [number, number] | null;\n"), "{file}");
        assert!(file.contains("  ar: T | null;\n"), "{file}");
    }

    #[test]
    fn fields_go_one_a_line_after_their_comments() {
        assert_eq!(
            layout("type A = { /**\n * One, {two}.\n */\nb: { [key in string]: C }, \"d\": \"e,f\", };"),
            "type A = {\n  /** One, {two}. */\n  b: { [key in string]: C };\n  \"d\": \"e,f\";\n};"
        );
        assert_eq!(layout("type U = { a: X, } | { b: Y, };"), "type U = {\n  a: X;\n} | {\n  b: Y;\n};");
    }

    #[test]
    fn the_committed_files_are_current() {
        for (file, text) in FILES {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(file);
            let committed = std::fs::read_to_string(&path).unwrap_or_default();
            assert!(committed == text(), "{file} is out of date: run `{COMMAND}`");
        }
    }
}
