//! The browser editor's files in the output, `dist/cms/`: Sveltia CMS as its npm package ships it
//! (`site/node_modules/@sveltia/cms/dist/`, the version pinned in `site/package.json`), its page,
//! its configuration (`content::cms`) and the fonts its stylesheet names, served from the site
//! itself: the CMS's script names them on a CDN, and those addresses are rewritten to the copies
//! of the same files from the `@fontsource` packages, so nothing is loaded from elsewhere. The
//! same goes for the words of its interface in every language but US English (`locales/`, which
//! the package ships): the script fetches them from a CDN, which `/cms/`'s policy blocks, and a
//! browser set to English (UK), Arabic or Russian would never open the CMS.

use std::path::{Path, PathBuf};

use crate::content::cms::{Backend, config_yaml};
use crate::publish as output;

/// The folder of the output the CMS is served from, and its address.
pub const DIR: &str = "cms";

/// Where Sveltia CMS's own files are, in the site folder.
const PACKAGE: &str = "node_modules/@sveltia/cms/dist";
/// The script the page loads, and the chunk it loads beside itself (for React components).
const FILES: [&str; 2] = ["sveltia-cms.js", "chunks/react-dom.js"];
/// The font CDN the CMS's stylesheet names (`{CDN}{family}[:vf]@{version}/{subset}.woff2`).
const FONT_CDN: &str = "https://cdn.jsdelivr.net/fontsource/fonts/";
/// The folder of the package with the interface's words, one `{language}.json` each.
const LOCALES: &str = "node_modules/@sveltia/cms/locales";
/// The CMS's version, `{"version": …}` as its package's manifest says it, for its update check.
const VERSION: &str = "version.json";

#[derive(Debug, thiserror::Error)]
pub enum CmsError {
    #[error(
        "the CMS's files are not in {0} (run `npm ci` in the site folder; @sveltia/cms is in its package.json)"
    )]
    Missing(PathBuf),
    #[error(
        "the CMS loads the font {url}, whose file is not in {file} (add its @fontsource package to site/package.json)"
    )]
    Font { url: String, file: PathBuf },
    #[error(
        "the CMS's script no longer names its interface's words (`…/locales`) or its version (`…/package.json`) on its CDN as {0} expects, so they cannot be served from the site (a new @sveltia/cms?)"
    )]
    Rewrite(&'static str),
    #[error("cannot write {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
}

/// The panel beside the CMS that shows the last build's outcome (`status.json`, see
/// [`super::status`]): a file of its own, as the site's policy allows no inline script.
const STATUS_SCRIPT: &str = include_str!("cms_status.js");

/// The page that loads the CMS: kept out of search engines, loading nothing but the CMS, which
/// reads `config.yml` beside the page (`/cms/config.yml`, for `/cms` too), and the status panel.
/// No `<link rel="cms-config-url">`: not a link type HTML knows, so the HTML check would refuse it.
fn page() -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"robots\" content=\"noindex, nofollow\">\n\
         <title>Content editor</title>\n\
         </head>\n<body>\n<script src=\"/{DIR}/{}\"></script>\n\
         <script src=\"/{DIR}/status.js\"></script>\n</body>\n</html>\n",
        FILES[0]
    )
}

/// Writes the CMS into `out/cms/` from the site folder `site_dir`; returns the files it wrote
/// (those whose bytes changed), relative to `out`. A site whose `package.json` does not name
/// the CMS's package has no CMS (nothing is written).
pub fn write(site_dir: &Path, out: &Path, backend: &Backend) -> Result<Vec<PathBuf>, CmsError> {
    let manifest = std::fs::read_to_string(site_dir.join("package.json")).unwrap_or_default();
    if !manifest.contains("\"@sveltia/cms\"") {
        return Ok(Vec::new());
    }
    let package = site_dir.join(PACKAGE);
    if !package.join(FILES[0]).is_file() {
        return Err(CmsError::Missing(package));
    }
    let read = |path: PathBuf| std::fs::read(&path).map_err(|source| CmsError::Io { path, source });
    let mut files: Vec<(String, Vec<u8>)> = vec![
        (format!("{DIR}/index.html"), page().into_bytes()),
        (format!("{DIR}/config.yml"), config_yaml(backend).into_bytes()),
        (format!("{DIR}/status.js"), STATUS_SCRIPT.as_bytes().to_vec()),
    ];
    for name in FILES {
        let bytes = read(package.join(name))?;
        let (mut script, fonts) = self_hosted_fonts(&String::from_utf8_lossy(&bytes));
        if name == FILES[0] {
            // Its interface's words, and the version it compares its own with every hour to tell
            // of a newer one (a developer's matter: the version is pinned in package.json).
            script = self_hosted(&script, "/locales", &format!("/{DIR}/locales"))
                .and_then(|script| self_hosted(&script, "/package.json", &format!("/{DIR}/{VERSION}")))
                .ok_or(CmsError::Rewrite(file!()))?;
        }
        for (url, file) in fonts {
            let source = site_dir.join("node_modules").join(&file);
            if !source.is_file() {
                return Err(CmsError::Font { url, file: source });
            }
            let name = format!("{DIR}/fonts/{}", file.rsplit('/').next().unwrap_or(&file));
            if !files.iter().any(|(n, _)| *n == name) {
                files.push((name, read(source)?));
            }
        }
        files.push((format!("{DIR}/{name}"), script.into_bytes()));
    }
    let version = read(site_dir.join("node_modules/@sveltia/cms/package.json"))?;
    let version = serde_json::from_slice::<serde_json::Value>(&version)
        .ok()
        .and_then(|manifest| Some(serde_json::json!({ "version": manifest.get("version")?.as_str()? })))
        .unwrap_or_default();
    files.push((format!("{DIR}/{VERSION}"), version.to_string().into_bytes()));
    let locales = site_dir.join(LOCALES);
    let entries =
        std::fs::read_dir(&locales).map_err(|source| CmsError::Io { path: locales.clone(), source })?;
    for entry in entries.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        if file.ends_with(".json") {
            files.push((format!("{DIR}/locales/{file}"), read(entry.path())?));
        }
    }
    let mut touched = Vec::new();
    for (name, bytes) in files {
        let path = out.join(&name);
        if output::unchanged(&path, &bytes) {
            continue;
        }
        let io = |source| CmsError::Io { path: path.clone(), source };
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        std::fs::write(&path, &bytes).map_err(io)?;
        touched.push(PathBuf::from(name));
    }
    Ok(touched)
}

/// `script` with each font address on the CDN replaced by its copy under `/cms/fonts/`, and
/// those addresses with the file of the `@fontsource` package (under node_modules) that has it.
fn self_hosted_fonts(script: &str) -> (String, Vec<(String, String)>) {
    let mut out = String::with_capacity(script.len());
    let mut fonts = Vec::new();
    let mut rest = script;
    while let Some(at) = rest.find(FONT_CDN) {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail.find([')', '"', '\'', '`', ' ']).unwrap_or(tail.len());
        let url = &tail[..end];
        match font_file(&url[FONT_CDN.len()..]) {
            Some(file) => {
                let name = file.rsplit('/').next().unwrap_or(&file).to_owned();
                out.push_str(&format!("/{DIR}/fonts/{name}"));
                fonts.push((url.to_owned(), file));
            }
            None => out.push_str(url),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    (out, fonts)
}

/// `script` with the first template literal `${cdn}…{tail}` (made of names only, such as
/// `${iP}@${rP}/locales`: nothing else is cut) replaced by `to`; `None` if it has none.
fn self_hosted(script: &str, tail: &str, to: &str) -> Option<String> {
    let end = format!("{tail}`");
    let names = |s: &str| s.chars().all(|c| c.is_ascii_alphanumeric() || "${}@_".contains(c));
    script.match_indices(&end).find_map(|(at, _)| {
        let start = script[..at].rfind('`')?;
        let inside = &script[start + 1..at];
        (inside.starts_with("${") && names(inside))
            .then(|| format!("{}`{to}`{}", &script[..start], &script[at + end.len()..]))
    })
}

/// `material-symbols-outlined:vf@5.3.7/latin-wght-normal.woff2` as the file of the package that
/// ships it: `@fontsource-variable/material-symbols-outlined/files/material-symbols-outlined-latin-wght-normal.woff2`.
fn font_file(path: &str) -> Option<String> {
    let (family, file) = path.split_once('/')?;
    let (family, _version) = family.split_once('@')?;
    let (family, scope) = match family.strip_suffix(":vf") {
        Some(family) => (family, "@fontsource-variable"),
        None => (family, "@fontsource"),
    };
    let safe = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    (safe(family) && safe(file)).then(|| format!("{scope}/{family}/files/{family}-{file}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn font_addresses_become_the_sites_own() {
        let css = "src:url(https://cdn.jsdelivr.net/fontsource/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2) \
                   src:url(https://cdn.jsdelivr.net/fontsource/fonts/noto-mono@5.3.0/latin-400-normal.woff2)";
        let (out, fonts) = self_hosted_fonts(css);
        assert_eq!(
            out,
            "src:url(/cms/fonts/source-sans-3-latin-wght-normal.woff2) src:url(/cms/fonts/noto-mono-latin-400-normal.woff2)"
        );
        assert_eq!(
            fonts[0].1,
            "@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2"
        );
        assert_eq!(fonts[1].1, "@fontsource/noto-mono/files/noto-mono-latin-400-normal.woff2");
        assert_eq!(font_file("../x@1/../../etc"), None);
    }

    #[test]
    fn the_interfaces_words_and_version_come_from_the_site() {
        let script = "x=`a/locales`,USe=`${iP}@${rP}/locales`,WSe=5e3,NSe=`${iP}/package.json`";
        let script = self_hosted(script, "/locales", "/cms/locales").unwrap();
        assert_eq!(script, "x=`a/locales`,USe=`/cms/locales`,WSe=5e3,NSe=`${iP}/package.json`");
        assert_eq!(
            self_hosted(&script, "/package.json", "/cms/version.json").as_deref(),
            Some("x=`a/locales`,USe=`/cms/locales`,WSe=5e3,NSe=`/cms/version.json`")
        );
        assert_eq!(self_hosted("x=`https://example.com/locales`", "/locales", "/cms/locales"), None);
        assert_eq!(self_hosted("no words here", "/locales", "/cms/locales"), None);
    }
}
