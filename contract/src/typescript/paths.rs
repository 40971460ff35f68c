//! `site/src/paths.ts`: the published files of [`crate::files`] (a constant, or a function of
//! its parameters, typed with what a JSON file holds), the languages and the fixed routes of
//! [`crate::routes`], written as TypeScript from the same Rust items; and `site/e2e/routes.mjs`,
//! the fixed paths for the browser tests, which Node runs without a TypeScript compiler.

use ts_rs::Config;

use crate::files::{Entry, TABLE};
use crate::routes::FIXED_ROUTES;
use crate::urls::LANGUAGES;

/// Where the paths go, relative to the workspace root.
pub const PATH: &str = "site/src/paths.ts";

/// Where the browser tests' list of fixed paths goes, relative to the workspace root.
pub const E2E_PATH: &str = "site/e2e/routes.mjs";

/// The generated file's first lines: where it comes from (`from`, which ends a line), and what
/// it holds (comment lines).
pub(super) fn header(from: &str, what: &[&str]) -> String {
    let mut out = format!("// Generated from {from}\n// `{}`: do not edit.\n", super::COMMAND);
    for line in what {
        out.push_str(&format!("// {line}\n"));
    }
    out
}

/// `text` as a single-quoted JavaScript string.
fn quoted(text: &str) -> String {
    format!("'{}'", text.replace('\\', "\\\\").replace('\'', "\\'"))
}

/// `lines` as a JSDoc comment (one line, or a block), indented by `indent`.
pub(super) fn doc_comment(lines: &[&str], indent: &str) -> String {
    let lines: Vec<&str> = lines.iter().map(|l| l.strip_prefix(' ').unwrap_or(l)).collect();
    match lines.as_slice() {
        [] => String::new(),
        [line] => format!("{indent}/** {line} */\n"),
        _ => {
            let mut out = format!("{indent}/**\n");
            for line in lines {
                out.push_str(&format!("{indent} * {line}\n").replace(" * \n", " *\n"));
            }
            out.push_str(&format!("{indent} */\n"));
            out
        }
    }
}

/// `listing_page` -> `listingPage`; constants (`SITE`) stay as they are.
fn camel_case(name: &str) -> String {
    if name.bytes().all(|b| b.is_ascii_uppercase() || b == b'_' || b.is_ascii_digit()) {
        return name.to_owned();
    }
    let mut out = String::new();
    let mut upper = false;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            out.extend(c.to_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// The TypeScript type of a parameter's Rust type.
fn parameter_type(rust: &str) -> &'static str {
    match rust {
        "&str" => "string",
        "usize" | "u32" => "number",
        other => panic!("contract::files: no TypeScript type for a parameter of type {other}"),
    }
}

/// The type a path has in TypeScript: `JsonFile<T>` for a JSON file, else `string`.
fn path_type(entry: &Entry, cfg: &Config) -> Option<String> {
    entry.holds.map(|holds| format!("JsonFile<{}>", holds(cfg)))
}

/// The names of the declarations of `site/src/types.ts` that the typed paths use, sorted.
pub fn imported_types() -> Vec<String> {
    let cfg = super::config();
    let mut names: Vec<String> = TABLE
        .iter()
        .filter_map(|entry| entry.holds.map(|holds| holds(&cfg)))
        .flat_map(|ty| {
            ty.split(|c: char| !c.is_ascii_alphanumeric() && c != '_')
                .filter(|word| word.starts_with(|c: char| c.is_ascii_uppercase()) && *word != "Array")
                .map(str::to_owned)
                .collect::<Vec<_>>()
        })
        .collect();
    names.sort();
    names.dedup();
    names
}

fn file_item(entry: &Entry, cfg: &Config) -> String {
    let mut out = doc_comment(entry.docs, "");
    let name = camel_case(entry.name);
    let typed = path_type(entry, cfg);
    if entry.params.is_empty() {
        let cast = typed.map(|t| format!(" as {t}")).unwrap_or_default();
        out.push_str(&format!("export const {name} = {}{cast};\n", quoted(entry.path)));
        return out;
    }
    let params: Vec<String> =
        entry.params.iter().map(|(param, rust)| format!("{param}: {}", parameter_type(rust))).collect();
    let template = format!("`{}`", entry.path.replace('{', "${"));
    let (returns, cast) = match &typed {
        Some(t) => (t.clone(), format!(" as {t}")),
        None => ("string".to_owned(), String::new()),
    };
    out.push_str(&format!(
        "export function {name}({}): {returns} {{\n  return {template}{cast};\n}}\n",
        params.join(", ")
    ));
    out
}

/// The text of `site/src/paths.ts`.
pub fn paths_file() -> String {
    let cfg = super::config();
    let mut out = header(
        "the `contract` crate (`files`, `urls::LANGUAGES`, `routes::FIXED_ROUTES`) by",
        &[
            "Every file the generator publishes, typed with what a JSON file holds; the languages; the",
            "fixed routes.",
        ],
    );
    out.push_str(&format!("import type {{ {} }} from './types';\n\n", imported_types().join(", ")));
    out.push_str(&doc_comment(
        &[
            "A published JSON file's path, typed with what it holds: `getJson(SITE)` reads a `Site`",
            "(the type is only the compiler's: the value is the path).",
        ],
        "",
    ));
    out.push_str("export type JsonFile<T> = string & { readonly __holds?: T };\n");
    for entry in TABLE {
        out.push('\n');
        out.push_str(&file_item(entry, &cfg));
    }
    out.push('\n');
    out.push_str(&doc_comment(
        &["The site's languages; the first is the default, served without a prefix, the others under `/{lang}/`."],
        "",
    ));
    let languages: Vec<String> = LANGUAGES.iter().map(|l| quoted(l)).collect();
    out.push_str(&format!("export const LANGUAGES = [{}] as const;\n", languages.join(", ")));
    out.push('\n');
    out.push_str(&doc_comment(
        &[
            "A fixed page of the site: its path in the default language and, for another name of a",
            "listing page (an alias such as /Rental), the page it is another name of (its canonical link",
            "names that page, the sitemap only that one).",
        ],
        "",
    ));
    out.push_str("export type FixedRoute = { path: string; aliasOf: string | null };\n\n");
    out.push_str(&doc_comment(&["Every fixed route, in the order of the front end's route table."], ""));
    out.push_str("export const FIXED_ROUTES = [\n");
    for route in FIXED_ROUTES {
        let alias = route.alias_of().map_or_else(|| "null".to_owned(), quoted);
        out.push_str(&format!("  {{ path: {}, aliasOf: {alias} }},\n", quoted(route.path)));
    }
    out.push_str("] as const satisfies readonly FixedRoute[];\n\n");
    out.push_str(&doc_comment(&["The path of a fixed route."], ""));
    out.push_str("export type FixedPath = (typeof FIXED_ROUTES)[number]['path'];\n\n");
    out.push_str(&doc_comment(&["The path of a fixed route that is no other page's alias."], ""));
    out.push_str(
        "export type MainPath = Extract<(typeof FIXED_ROUTES)[number], { aliasOf: null }>['path'];\n",
    );
    out
}

/// The text of `site/e2e/routes.mjs`.
pub fn e2e_routes_file() -> String {
    let mut out = header(
        "`contract::routes::FIXED_ROUTES` (contract/src/routes.rs) by",
        &[
            "Every fixed path of the route table, aliases included: the pages the browser tests visit in",
            "each language.",
        ],
    );
    out.push_str("export const FIXED_ROUTES = [\n");
    for route in FIXED_ROUTES {
        out.push_str(&format!("  {},\n", quoted(route.path)));
    }
    out.push_str("];\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_types_follow_typescript() {
        assert_eq!(camel_case("listing_page"), "listingPage");
        assert_eq!(camel_case("API_PROPERTIES"), "API_PROPERTIES");
        assert_eq!(quoted("it's"), r"'it\'s'");
        let file = paths_file();
        assert!(file.contains("export const SITE = '/data/site.json' as JsonFile<Site>;\n"), "{file}");
        assert!(file.contains(
            "export function listingPage(kind: string, page: number): JsonFile<Array<CardProperty>> {\n  \
             return `/data/listings/${kind}/${page}.json` as JsonFile<Array<CardProperty>>;\n}\n"
        ));
        assert!(
            file.contains(
                "export function qrCode(key: string): string {\n  return `/data/qr/${key}.svg`;\n}\n"
            )
        );
        assert!(file.contains("  { path: '/Rental', aliasOf: '/rent-property' },\n"), "{file}");
    }

    #[test]
    fn every_imported_type_is_declared_in_the_types_file() {
        let declared = super::super::declarations_file();
        for name in imported_types() {
            assert!(declared.contains(&format!("export type {name} ")), "{name} is not in types.ts");
        }
    }

    #[test]
    fn paths_are_plain_enough_for_a_template_literal() {
        for entry in TABLE {
            assert!(!entry.path.contains(['`', '$', '\\', '\'']), "{}", entry.path);
        }
    }
}
