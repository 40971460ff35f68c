//! The pages the route table draws from `content/pages/<id>.md` (the privacy policy, the terms,
//! the Golden Visa page the property pages link to): each must be there. Without this check a
//! content tree missing one passed `estate check`, and the build failed late, in the prerender,
//! with "/golden-visa: answered 404".
//!
//! A tree with no page at all (an empty `pages/`, or none) is a tree that is not a whole site yet
//! (an import's first listings, a test's few records): it builds with `--content-only`, and the
//! build names what the prerender lacks. Once one page is there, every page must be.

use contract::routes::{FIXED_ROUTES, Sitemap, Updated};

use crate::content::Content;
use crate::content::diag::Diagnostic;
use crate::content::yaml::Pos;

/// The page ids the route table draws from `content/pages/`, with their paths.
fn required() -> impl Iterator<Item = (&'static str, &'static str)> {
    FIXED_ROUTES.iter().filter_map(|r| match r.sitemap {
        Sitemap::Listed(Updated::Page(id)) => Some((id, r.path)),
        _ => None,
    })
}

/// An error for each page of the route table missing from `content/pages/`.
pub(super) fn check(content: &Content) -> Vec<Diagnostic> {
    let folder = content.dir.join("pages");
    let any_page = std::fs::read_dir(&folder)
        .is_ok_and(|entries| entries.flatten().any(|e| e.path().extension().is_some_and(|x| x == "md")));
    if !any_page {
        return Vec::new();
    }
    let mut found = Vec::new();
    for (id, path) in required() {
        if content.pages.iter().any(|p| p.id == id) {
            continue;
        }
        let file = folder.join(format!("{id}.md"));
        if file.symlink_metadata().is_ok() {
            // There, but it did not load: its own error says why.
            continue;
        }
        found.push(
            Diagnostic::error(
                &file,
                Pos::START,
                format!(
                    "missing page `pages/{id}.md`: the site's {path} (and /ar{path}, /ru{path}) is drawn from it, and the build would fail without it"
                ),
            )
            .with_hint(format!(
                "restore {} from the last good version, or write it: a `title` and the text in front matter and body, with `ar:` and `ru:` blocks",
                file.display()
            )),
        );
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_route_tables_content_pages_are_the_three() {
        let ids: Vec<_> = required().collect();
        assert_eq!(
            ids,
            [
                ("privacy-policy", "/privacy-policy"),
                ("terms-and-conditions", "/termandcondition"),
                ("golden-visa", "/golden-visa")
            ]
        );
    }
}
