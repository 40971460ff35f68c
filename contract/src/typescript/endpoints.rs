//! `site/src/endpoints.ts`: the lead function's wire contract ([`crate::endpoints`]) as
//! TypeScript constants of the same names and values.

use super::paths::{doc_comment, header};
use crate::endpoints::table;

/// Where the constants go, relative to the workspace root.
pub const PATH: &str = "site/src/endpoints.ts";

/// The text of `site/src/endpoints.ts`.
pub fn endpoints_file() -> String {
    let mut out = header(
        "`contract::endpoints` (contract/src/endpoints.rs) by",
        &[
            "The lead function's paths, the honeypot field's name, the most listings one enquiry names, and a",
            "search request's fields, limits and orders.",
        ],
    );
    for entry in table() {
        out.push('\n');
        out.push_str(&doc_comment(entry.docs, ""));
        out.push_str(&format!("export const {} = {};\n", entry.name, entry.value));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_constant_keeps_its_name_and_value() {
        let file = endpoints_file();
        assert!(file.contains("export const CONTACT_PATH = '/api/contact-user';\n"), "{file}");
        assert!(file.contains("export const MAX_PROPERTY_IDS = 50;\n"), "{file}");
        assert!(
            file.contains(
                "export const POST_ENDPOINTS = [\n  '/api/contact-user',\n  '/api/search-properties',\n"
            ),
            "{file}"
        );
        assert!(file.contains("/** The search of listings to rent. */\n"), "{file}");
    }
}
