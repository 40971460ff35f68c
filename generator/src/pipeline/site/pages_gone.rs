//! The pages of routes gone: removed from the output, in every language.

use std::path::{Path, PathBuf};

use contract::routes::Routes;

use super::SiteError;

/// The content's pages (as [`Routes::pages`] names them, in the default language) one build's
/// routes have and another's lack, both ways.
#[derive(Debug, Default, serde::Serialize)]
pub struct RoutesChange<'a> {
    pub added: Vec<&'a str>,
    pub removed: Vec<&'a str>,
}

impl<'a> RoutesChange<'a> {
    /// From the routes `last` to `now`. Both list each kind of page in its order, so they are
    /// walked side by side, a page found a few places on; only the pages not found so are looked
    /// up in sets (a listing sold moves from the listings to the pages gone, and 21,000 paths were
    /// hashed for it).
    pub fn between(last: &'a Routes, now: &'a Routes) -> RoutesChange<'a> {
        use std::collections::HashSet;
        let pages = |routes: &'a Routes| routes.pages().map(|path| path.as_ref()).collect::<Vec<&str>>();
        let (was, is) = (pages(last), pages(now));
        let found = crate::routes::aligned(&is, &was, |a, b| a == b);
        let mut matched = vec![false; was.len()];
        found.iter().flatten().for_each(|&k| matched[k] = true);
        let lone_is: Vec<&str> =
            is.iter().zip(&found).filter(|(_, k)| k.is_none()).map(|(path, _)| *path).collect();
        let lone_was: Vec<&str> =
            was.iter().zip(&matched).filter(|(_, m)| !**m).map(|(path, _)| *path).collect();
        let (was, is): (HashSet<&str>, HashSet<&str>) =
            (lone_was.iter().copied().collect(), lone_is.iter().copied().collect());
        RoutesChange {
            added: lone_is.into_iter().filter(|path| !was.contains(path)).collect(),
            removed: lone_was.into_iter().filter(|path| !is.contains(path)).collect(),
        }
    }
}

/// Deletes the pages of listings, posts, area guides, team members and developers that `routes`
/// (this build's, as `data/routes.json` has them) no longer names (deleted since an earlier
/// build; a listing sold, rented or drafted keeps its page, now saying so, `routes.gone`), so
/// the CDN stops serving them. Returns the folders it deleted.
pub fn remove_stale_pages(out: &Path, routes: &Routes) -> Result<Vec<PathBuf>, SiteError> {
    let mut removed = Vec::new();
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| SiteError::Io { path, source }
    };
    let current: std::collections::HashSet<PathBuf> = routes
        .pages()
        .flat_map(|path| {
            let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy().into_owned();
            contract::urls::LANGUAGES.iter().map(move |lang| {
                out.join(contract::urls::localized_path(lang, &decoded).trim_start_matches('/'))
            })
        })
        .collect();
    for (root, depth) in page_roots(out) {
        if !root.is_dir() {
            continue;
        }
        let pages =
            walkdir::WalkDir::new(&root).min_depth(depth).max_depth(depth).into_iter().filter_map(Result::ok);
        for page in pages {
            if page.file_type().is_dir() && !current.contains(page.path()) {
                std::fs::remove_dir_all(page.path()).map_err(io(page.path()))?;
                removed.push(page.path().to_path_buf());
            }
        }
        // A post folder left without pages.
        if depth == 2 {
            for entry in std::fs::read_dir(&root).map_err(io(&root))?.flatten() {
                let _ = std::fs::remove_dir(entry.path());
            }
        }
    }
    Ok(removed)
}

/// A route's path as its page folder is named (percent-decoded).
fn folder_path(path: &str) -> std::borrow::Cow<'_, str> {
    percent_encoding::percent_decode_str(path).decode_utf8_lossy()
}

/// The folders holding the pages of listings (`property/{id}/`), posts (`blog/{id}/{slug}/`),
/// area guides, team members and developers, in every language, each with its pages' depth.
pub(super) fn page_roots(out: &Path) -> impl Iterator<Item = (PathBuf, usize)> {
    contract::urls::LANGUAGES.iter().flat_map(move |lang| {
        let base = if *lang == contract::urls::DEFAULT_LANGUAGE { out.to_path_buf() } else { out.join(lang) };
        [
            (base.join("property"), 1),
            (base.join("blog"), 2),
            (base.join(contract::urls::AREA_GUIDES.trim_start_matches('/')), 1),
            (base.join("agents"), 1),
            (base.join("developers"), 1),
        ]
    })
}

/// What [`remove_stale_pages`] removes from an output holding exactly the pages of `last`: the
/// page folders, in every language, of its routes that `routes` no longer has (a post's folder
/// left empty too). The routes are compared as paths, so a build that drops or adds one route
/// of 10,000 makes no folder names for the others.
pub(super) fn remove_pages_gone(
    out: &Path,
    last: &Routes,
    routes: &Routes,
) -> Result<Vec<PathBuf>, SiteError> {
    let current: std::collections::HashSet<std::borrow::Cow<'_, str>> =
        routes.pages().map(|path| folder_path(path)).collect();
    let mut removed = Vec::new();
    let gone = last.pages().map(|path| folder_path(path)).filter(|path| !current.contains(path));
    let folders: std::collections::BTreeSet<PathBuf> = gone
        .flat_map(|path| {
            contract::urls::LANGUAGES
                .iter()
                .map(|lang| out.join(contract::urls::localized_path(lang, &path).trim_start_matches('/')))
                .collect::<Vec<_>>()
        })
        .collect();
    for folder in folders {
        match std::fs::remove_dir_all(&folder) {
            Ok(()) => removed.push(folder.clone()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(source) => return Err(SiteError::Io { path: folder, source }),
        }
        // A post's page is blog/{id}/{slug}/: its id's folder goes when left empty.
        if let Some(parent) = folder.parent()
            && parent.parent().and_then(Path::file_name).is_some_and(|name| name == "blog")
        {
            let _ = std::fs::remove_dir(parent);
        }
    }
    Ok(removed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pages_added_and_removed_between_two_builds() {
        let routes = |properties: &[&'static str], gone: &[&'static str]| Routes {
            properties: properties.iter().map(|p| (*p).into()).collect(),
            gone: gone.iter().map(|p| (*p).into()).collect(),
            ..Routes::default()
        };
        let last = routes(&["/property/1", "/property/2", "/property/3"], &[]);
        // A listing sold keeps its page's path; another deleted, a third added.
        let now = routes(&["/property/1", "/property/4"], &["/property/2"]);
        let change = RoutesChange::between(&last, &now);
        assert_eq!(change.added, ["/property/4"]);
        assert_eq!(change.removed, ["/property/3"]);
        // Pages moved farther than the walk looks ahead, and many taken out at once.
        let many: Vec<&'static str> =
            (0..60).map(|n| &*Box::leak(format!("/property/{n}").into_boxed_str())).collect();
        let last = routes(&many, &[]);
        let now = routes(&many[40..], &many[..40]);
        let change = RoutesChange::between(&last, &now);
        assert!(change.added.is_empty() && change.removed.is_empty(), "{change:?}");
        let now = routes(&[many[59], many[0]], &[]);
        let change = RoutesChange::between(&last, &now);
        assert!(change.added.is_empty());
        assert_eq!(change.removed, many[1..59]);
    }
}
