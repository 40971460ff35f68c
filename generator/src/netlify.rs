//! The CDN's routing rules, read from `netlify.toml`, so the local server and the tests answer
//! each path exactly as Netlify will: static files first (unless a rule is forced), then the
//! first matching redirect or rewrite, with `:placeholder` segments and a trailing `*` splat.

use std::path::{Path, PathBuf};

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct Redirect {
    pub from: String,
    pub to: String,
    #[serde(default = "default_status")]
    pub status: u16,
    #[serde(default)]
    pub force: bool,
}

fn default_status() -> u16 {
    301
}

#[derive(Debug, Clone, Deserialize)]
pub struct HeaderRule {
    #[serde(rename = "for")]
    pub path: String,
    #[serde(default)]
    pub values: toml::Table,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct Rules {
    #[serde(default)]
    pub redirects: Vec<Redirect>,
    #[serde(default)]
    pub headers: Vec<HeaderRule>,
}

#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    #[error("cannot read {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{path} is not valid: {source}")]
    Parse { path: PathBuf, source: Box<toml::de::Error> },
}

/// How a GET of a path is answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Answer {
    /// Serve this file with this status (200, or 404 for a custom not-found page).
    File {
        file: PathBuf,
        status: u16,
    },
    /// Redirect the browser.
    Redirect {
        location: String,
        status: u16,
    },
    /// Hand the request to the function at this URL (a proxy rewrite).
    Proxy {
        url: String,
    },
    NotFound,
}

impl Rules {
    pub fn load(path: &Path) -> Result<Rules, RulesError> {
        let text =
            std::fs::read_to_string(path).map_err(|source| RulesError::Read { path: path.into(), source })?;
        toml::from_str(&text)
            .map_err(|source| RulesError::Parse { path: path.into(), source: Box::new(source) })
    }

    /// Answers a GET of `path` (no query string) from the files under `root`.
    pub fn resolve(&self, root: &Path, path: &str) -> Answer {
        self.resolve_after(&[], root, path)
    }

    /// Answers a GET of `path` with the `first` rules before these: the published folder's
    /// `_redirects` ([`parse_redirects`]), which Netlify reads before `netlify.toml`.
    pub fn resolve_after(&self, first: &[Redirect], root: &Path, path: &str) -> Answer {
        let rules = || first.iter().chain(&self.redirects);
        if let Some(file) = static_file(root, path)
            && !rules().any(|r| r.force && matches(&r.from, path).is_some())
        {
            return Answer::File { file, status: 200 };
        }
        for rule in rules() {
            let Some(params) = matches(&rule.from, path) else { continue };
            let target = substitute(&rule.to, &params);
            if target.starts_with("http://") || target.starts_with("https://") {
                if rule.status == 200 {
                    return Answer::Proxy { url: target };
                }
                return Answer::Redirect { location: target, status: rule.status };
            }
            match rule.status {
                200 | 404 => {
                    if let Some(file) = static_file(root, &target) {
                        return Answer::File { file, status: rule.status };
                    }
                    // A rewrite to a missing file falls through to the next rule.
                }
                status => return Answer::Redirect { location: target, status },
            }
        }
        Answer::NotFound
    }

    /// The headers Netlify adds to a response for `path`, in rule order.
    pub fn headers_for(&self, path: &str) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for rule in &self.headers {
            if matches(&rule.path, path).is_none() {
                continue;
            }
            for (name, value) in &rule.values {
                let value = match value {
                    toml::Value::String(s) => s.clone(),
                    other => other.to_string(),
                };
                out.retain(|(n, _): &(String, String)| !n.eq_ignore_ascii_case(name));
                out.push((name.clone(), value));
            }
        }
        out
    }
}

/// The rules of a `_redirects` file, in order: a line is `from to [status][!]` (301 when none
/// is given; `!` forces it), then options (`Sign=...`) that only Netlify's proxy reads; blank
/// lines and `#` comments are skipped, and so is a line without a target.
pub fn parse_redirects(text: &str) -> Vec<Redirect> {
    text.lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let from = fields.next().filter(|f| !f.starts_with('#'))?;
            let to = fields.next()?;
            let (status, force) = match fields.next() {
                Some(code) if code.starts_with(|c: char| c.is_ascii_digit()) => {
                    let force = code.ends_with('!');
                    (code.trim_end_matches('!').parse().ok()?, force)
                }
                _ => (default_status(), false),
            };
            Some(Redirect { from: from.to_owned(), to: to.to_owned(), status, force })
        })
        .collect()
}

/// The files at the root of the publish folder that configure Netlify (`estate build` writes
/// `_redirects`): read at deploy, never served; their paths are answered as missing files are.
pub const CONFIG_FILES: [&str; 2] = ["_redirects", "_headers"];

/// The file that answers `path` directly: the file itself, `path/index.html` or `path.html`.
fn static_file(root: &Path, path: &str) -> Option<PathBuf> {
    let relative = path.trim_start_matches('/');
    if relative.split('/').any(|s| s == ".." || s == ".") || CONFIG_FILES.contains(&relative) {
        return None;
    }
    let base = root.join(relative);
    let candidates =
        [base.clone(), base.join("index.html"), PathBuf::from(format!("{}.html", base.display()))];
    candidates.into_iter().find(|c| c.is_file())
}

/// Matches a rule pattern against a path; returns the placeholder values (`splat` for `*`).
fn matches(pattern: &str, path: &str) -> Option<Vec<(String, String)>> {
    let pattern = pattern.trim_end_matches('/');
    let path = path.trim_end_matches('/');
    let pattern_segments: Vec<&str> = pattern.split('/').collect();
    let path_segments: Vec<&str> = path.split('/').collect();
    let mut params = Vec::new();
    for (i, segment) in pattern_segments.iter().enumerate() {
        if *segment == "*" && i == pattern_segments.len() - 1 {
            params
                .push(("splat".to_owned(), path_segments.get(i..).map(|s| s.join("/")).unwrap_or_default()));
            return Some(params);
        }
        let actual = path_segments.get(i)?;
        if let Some(name) = segment.strip_prefix(':') {
            if actual.is_empty() {
                return None;
            }
            params.push((name.to_owned(), (*actual).to_owned()));
        } else if segment != actual {
            return None;
        }
    }
    (pattern_segments.len() == path_segments.len()).then_some(params)
}

/// Replaces `:name` tokens in a target with their values.
fn substitute(target: &str, params: &[(String, String)]) -> String {
    let mut out = String::with_capacity(target.len());
    let mut rest = target;
    while let Some(i) = rest.find(':') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        let name_len = after.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).unwrap_or(after.len());
        let name = &after[..name_len];
        match params.iter().find(|(n, _)| n == name) {
            Some((_, value)) if name_len > 0 => out.push_str(value),
            _ => {
                out.push(':');
                out.push_str(name);
            }
        }
        rest = &after[name_len..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_and_splats() {
        assert_eq!(
            matches("/api/properties/:id", "/api/properties/x"),
            Some(vec![("id".into(), "x".into())])
        );
        assert_eq!(matches("/api/properties/:id", "/api/properties/x/y"), None);
        assert_eq!(matches("/ar/*", "/ar/property/x"), Some(vec![("splat".into(), "property/x".into())]));
        assert_eq!(
            substitute("/api/properties/:id.json", &[("id".into(), "x".into())]),
            "/api/properties/x.json"
        );
        assert_eq!(
            substitute("https://fn.example/:splat", &[("splat".into(), "a/b".into())]),
            "https://fn.example/a/b"
        );
    }

    #[test]
    fn a_redirects_file_s_rules_come_before_netlify_toml_s_and_a_file_before_either() {
        let rules = parse_redirects(
            "# a comment\n\n/api/contact-user  https://fn.example/api/contact-user  200  Sign=LEAD_PROXY_SECRET\n\
             /blog/b1  /blog/b1/a-guide  301\n/blog/b1/*  /blog/b1/a-guide  301\n/old  /new\n/x  /y  302!\n/lonely\n",
        );
        let fields: Vec<_> =
            rules.iter().map(|r| (r.from.as_str(), r.to.as_str(), r.status, r.force)).collect();
        assert_eq!(
            fields,
            [
                ("/api/contact-user", "https://fn.example/api/contact-user", 200, false),
                ("/blog/b1", "/blog/b1/a-guide", 301, false),
                ("/blog/b1/*", "/blog/b1/a-guide", 301, false),
                ("/old", "/new", 301, false),
                ("/x", "/y", 302, true),
            ]
        );
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("blog/b1/a-guide")).unwrap();
        std::fs::write(dir.path().join("blog/b1/a-guide/index.html"), "post").unwrap();
        std::fs::write(dir.path().join("404.html"), "nf").unwrap();
        let toml: Rules =
            toml::from_str("[[redirects]]\nfrom = \"/*\"\nto = \"/404.html\"\nstatus = 404\n").unwrap();
        let redirect = Answer::Redirect { location: "/blog/b1/a-guide".into(), status: 301 };
        for path in ["/blog/b1", "/blog/b1/", "/blog/b1/an-old-title"] {
            assert_eq!(toml.resolve_after(&rules, dir.path(), path), redirect, "{path}");
        }
        assert_eq!(
            toml.resolve_after(&rules, dir.path(), "/blog/b1/a-guide"),
            Answer::File { file: dir.path().join("blog/b1/a-guide/index.html"), status: 200 }
        );
        assert_eq!(
            toml.resolve(dir.path(), "/blog/b1"),
            Answer::File { file: dir.path().join("404.html"), status: 404 }
        );
    }

    #[test]
    fn files_shadow_rules_unless_forced_and_missing_targets_fall_through() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("a")).unwrap();
        std::fs::write(dir.path().join("a/index.html"), "a").unwrap();
        std::fs::write(dir.path().join("b.json"), "{}").unwrap();
        std::fs::write(dir.path().join("404.html"), "nf").unwrap();
        let rules: Rules = toml::from_str(
            r#"
            [[redirects]]
            from = "/a"
            to = "/b.json"
            status = 200
            [[redirects]]
            from = "/x/:id"
            to = "/missing/:id.json"
            status = 200
            [[redirects]]
            from = "/*"
            to = "/404.html"
            status = 404
            [[headers]]
            for = "/*"
            [headers.values]
            X-Frame-Options = "DENY"
            "#,
        )
        .unwrap();
        assert_eq!(
            rules.resolve(dir.path(), "/a"),
            Answer::File { file: dir.path().join("a/index.html"), status: 200 }
        );
        assert_eq!(
            rules.resolve(dir.path(), "/x/1"),
            Answer::File { file: dir.path().join("404.html"), status: 404 }
        );
        assert_eq!(rules.headers_for("/any"), vec![("X-Frame-Options".into(), "DENY".into())]);
    }

    #[test]
    fn a_property_shell_opened_at_its_own_address_is_an_unknown_page() {
        let rules = Rules::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../netlify.toml")).unwrap();
        let dist = tempfile::tempdir().unwrap();
        for prefix in ["", "/ar", "/ru"] {
            let folder = dist.path().join(prefix.trim_start_matches('/'));
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(folder.join("property-shell.html"), "shell").unwrap();
            std::fs::write(folder.join("404.html"), "not found").unwrap();
            for direct in ["property-shell.html", "property-shell"] {
                assert_eq!(
                    rules.resolve(dist.path(), &format!("{prefix}/{direct}")),
                    Answer::File { file: folder.join("404.html"), status: 404 },
                    "{prefix}/{direct}"
                );
            }
            assert_eq!(
                rules.resolve(dist.path(), &format!("{prefix}/property/unknown")),
                Answer::File { file: folder.join("property-shell.html"), status: 404 },
                "{prefix}"
            );
        }
    }

    #[test]
    fn netlify_toml_answers_each_api_path_with_its_contract_file() {
        use contract::files;
        let rules = Rules::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../netlify.toml")).unwrap();
        let dist = tempfile::tempdir().unwrap();
        let api_files = [files::API_PROPERTIES.to_owned(), files::API_BLOGS.to_owned()]
            .into_iter()
            .chain(contract::MainCategory::ALL.map(|c| files::api_category(c).to_owned()))
            .chain([files::api_property("marina-gate"), files::api_blog("b1")]);
        for file in api_files.chain([files::API_NOT_FOUND.to_owned()]) {
            let path = dist.path().join(files::relative(&file));
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, "{}").unwrap();
            let status = if file == files::API_NOT_FOUND { 404 } else { 200 };
            let endpoint = if status == 404 { "/api/no-such-endpoint" } else { files::endpoint(&file) };
            assert_eq!(
                rules.resolve(dist.path(), endpoint),
                Answer::File { file: path, status },
                "{endpoint}"
            );
        }
        let headers = rules.headers_for(files::API_PROPERTIES);
        assert!(
            headers
                .iter()
                .any(|(name, value)| name == "Content-Type" && value.starts_with("application/json"))
        );
    }

    #[test]
    fn netlify_toml_gives_media_a_policy_that_runs_no_script() {
        let rules = Rules::load(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../netlify.toml")).unwrap();
        for path in ["/media/logo.svg", "/media/developers/emaar.svg", "/media/_img/abc-400.jpg"] {
            let headers = rules.headers_for(path);
            let get = |name: &str| {
                headers.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
            };
            assert_eq!(get("X-Content-Type-Options"), Some("nosniff"), "{path}");
            let policy = get("Content-Security-Policy").unwrap_or_default();
            assert!(
                policy.starts_with("default-src 'none';") && policy.ends_with("; sandbox"),
                "{path}: {policy}"
            );
            assert!(!policy.contains("script-src"), "{path}: {policy}");
        }
        // The pages keep theirs.
        let page = rules.headers_for("/property/x");
        assert!(page.iter().any(|(n, v)| n == "Content-Security-Policy" && v.contains("script-src 'self'")));
    }

    #[test]
    fn every_page_allows_the_same_inline_scripts_by_their_hashes_alone() {
        // The hashes are those of the inline scripts' bytes as the pages inline them (minified by
        // the site's build): site/src/document.test.ts computes them and names the directive.
        // Here: every kind of page that inlines a script is under that one directive.
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let rules = Rules::load(&repo.join("netlify.toml")).unwrap();
        let script_src = |path: &str| {
            let headers = rules.headers_for(path);
            let policy = headers
                .iter()
                .find(|(n, _)| n == "Content-Security-Policy")
                .map(|(_, v)| v.clone())
                .unwrap_or_default();
            policy.split(';').map(str::trim).find(|d| d.starts_with("script-src")).map(str::to_owned)
        };
        let wanted = script_src("/").expect("the pages' policy has a script-src");
        let words: Vec<&str> = wanted.split_whitespace().collect();
        assert_eq!(words[..2], ["script-src", "'self'"], "{wanted}");
        assert!(words.len() > 2 && words[2..].iter().all(|w| w.starts_with("'sha256-")), "{wanted}");
        for path in ["/search-result", "/ar/search-rent", "/ru/search-off-plan", "/compare", "/property/x"] {
            assert_eq!(script_src(path).as_deref(), Some(wanted.as_str()), "{path}");
        }
    }

    #[test]
    fn the_search_function_s_no_script_page_has_the_site_s_policy_without_the_inline_scripts() {
        // The function's page is the site's result page with its scripts taken out, served by the
        // function (Netlify sets no header on a proxied answer): the site's policy for pages, but
        // for the hashes of the inline scripts the page no longer has.
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let rules = Rules::load(&repo.join("netlify.toml")).unwrap();
        let headers = rules.headers_for("/search-result");
        let site = headers.iter().find(|(n, _)| n == "Content-Security-Policy").map(|(_, v)| v.as_str());
        let without_hashes: Vec<String> = site
            .unwrap_or_default()
            .split(';')
            .map(|directive| {
                let words = directive.split_whitespace().filter(|word| !word.starts_with("'sha256-"));
                words.collect::<Vec<_>>().join(" ")
            })
            .collect();
        assert_eq!(
            without_hashes.join("; "),
            lead_fn::search::html::CONTENT_SECURITY_POLICY,
            "lead-fn's search/html.rs CONTENT_SECURITY_POLICY must be netlify.toml's page policy without its hashes"
        );
        // The cards it joins in are published files, not pages: no search engine indexes them.
        let card = contract::files::noscript_card("en", "marina-gate");
        assert!(rules.headers_for(&card).iter().any(|(n, v)| n == "X-Robots-Tag" && v == "noindex"));
    }

    #[test]
    fn netlify_s_own_files_are_not_served() {
        let dir = tempfile::tempdir().unwrap();
        for name in ["_redirects", "_headers", "404.html"] {
            std::fs::write(dir.path().join(name), "x").unwrap();
        }
        std::fs::create_dir_all(dir.path().join("docs")).unwrap();
        std::fs::write(dir.path().join("docs/_redirects"), "x").unwrap();
        let rules = Rules::default();
        for path in ["/_redirects", "/_headers", "//_redirects"] {
            assert_eq!(rules.resolve(dir.path(), path), Answer::NotFound, "{path}");
        }
        // Only the root's configure Netlify; a file of that name in a folder is a file.
        assert_eq!(
            rules.resolve(dir.path(), "/docs/_redirects"),
            Answer::File { file: dir.path().join("docs/_redirects"), status: 200 }
        );
    }
}
