//! The outcome of the last build as the browser editor shows it: `dist/cms/status.json`, read by
//! `cms/status.js` beside the CMS every few seconds. Published (with the pages of the entries that
//! changed), or not published with each problem named by its entry's title and its field's label
//! as the CMS shows them, never a file name or a key.
//!
//! `estate serve` writes it after each rebuild, good or failed, into the folder it serves; a
//! deploy writes it when its build succeeds (a failed deploy publishes nothing, so the agency
//! hears of it by Netlify's deploy notifications). What it holds is what the site's pages show
//! anyway, the editors' words for it and the time: no path, no address of this machine, no
//! setting; on a deploy, nothing about an entry the site does not publish (a draft's title), but
//! for what a save cost: a page no longer on the site is named by the title the site published
//! until that save.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::Value;

use crate::check::links::BrokenLink;
use crate::check::per_record::Held;
use crate::content::cms;
use crate::content::diag::{Diagnostic, Report, Severity};

/// Netlify's deploy status badges (an image anyone may load).
const NETLIFY_BADGE: &str = "https://api.netlify.com/api/v1/badges/";

/// Where the status is, under the output folder.
pub const FILE: &str = "cms/status.json";

/// What `status.js` shows.
#[derive(Debug, Serialize, PartialEq)]
pub struct Status {
    /// Whether the site now shows the latest saves.
    pub published: bool,
    /// When the build finished, in Dubai's time (`2026-11-25T14:03:05.250+04:00`), to the
    /// millisecond.
    pub at: String,
    /// The saves this outcome is of: those made up to this time (when the build began reading
    /// the content under `estate serve`; on a deploy, the time of the commit it built). The panel
    /// takes an outcome as a save's only when it is of that save.
    pub content_at: String,
    /// On a deploy, the commit it built (Netlify's `COMMIT_REF`): the panel knows a save's own
    /// commit, and takes the outcome of that one (or of a later commit).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub commit: Option<String>,
    /// The first line, a sentence.
    pub headline: String,
    /// The pages of the entries this build published anew.
    pub pages: Vec<Page>,
    pub errors: Vec<Problem>,
    /// The entries this build refused while it published the rest: each as the site last
    /// published it, or not on the site, until fixed.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub held: Vec<Problem>,
    /// What these changes cost the site as last published: listings newly left out of the
    /// portal feed, pages no longer on the site, photos deleted while shown ([`super::standing`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cost: Vec<super::standing::CostLine>,
    pub warnings: Vec<Problem>,
    /// On a deploy: Netlify's public badge of the site's latest deploy, which says "failed" when
    /// a later save's deploy failed (a failed deploy publishes no status of its own).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deploy_badge: Option<String>,
    /// The words `status.js` needs beside these, so it holds none of its own.
    pub words: Words,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Page {
    /// The entry's title.
    pub title: String,
    /// The page's path on the site (`/property/marina-gate`).
    pub url: String,
    /// A listing's quality as the portals grade it, with its first suggestions.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quality: Option<PageQuality>,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct PageQuality {
    pub score: u8,
    pub suggestions: Vec<String>,
}

/// How many of a listing's suggestions the panel shows.
const SHOWN_SUGGESTIONS: usize = 3;

/// One problem in an editor's words.
#[derive(Debug, Serialize, PartialEq, Eq, PartialOrd, Ord)]
pub struct Problem {
    /// The entry: its kind and title (`Listing “Marina Gate Two-Bedroom”`).
    pub entry: String,
    /// The field's label in the CMS (`Price`, `Title (Arabic)`), when the problem is in one.
    pub field: Option<String>,
    pub message: String,
    /// What to do about it, when the check says (`Did you mean “/property/marina-gate”?`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

#[derive(Debug, Serialize, PartialEq)]
pub struct Words {
    pub errors: &'static str,
    pub held: &'static str,
    pub cost: &'static str,
    pub warnings: &'static str,
    pub view: &'static str,
    pub hide: &'static str,
    pub show: &'static str,
    /// The panel's button that unfolds the outcome's details, and folds them again.
    pub details: &'static str,
    pub less: &'static str,
    pub deploy: &'static str,
    /// Shown from a save until its outcome arrives; `{time}` is the time of the save.
    pub publishing: &'static str,
    /// Beside the deploy's badge while a save is being published.
    pub deploying: &'static str,
    /// Added while a save's outcome has not come after five minutes (`{minutes}`), with the
    /// deploy's badge shown (`slow`) or without one (`stalled`).
    pub slow: &'static str,
    pub stalled: &'static str,
    /// A listing's quality; `{score}` out of 100.
    pub quality: &'static str,
}

const WORDS: Words = Words {
    errors: "To fix before the site can be published",
    held: "Not published until fixed (the rest of the site is published)",
    cost: "What these changes cost (the site is published with them)",
    warnings: "Worth a look (the site is published anyway)",
    view: "View the page",
    hide: "Hide",
    show: "Site status",
    details: "Show details",
    less: "Hide details",
    deploy: "The latest save's deploy (if it says failed, the site still shows the version above):",
    publishing: "Saved at {time}: publishing… The outcome shows here when the site is built.",
    deploying: "The latest deploy (if it says failed, this save could not be published):",
    slow: "No outcome after {minutes} minutes. If the deploy above says failed, this save is not on the site yet: the site shows the version before it. Ask whoever looks after the site (Netlify emails them why).",
    stalled: "No outcome after {minutes} minutes: the site may not be building. Your save is kept; ask whoever looks after the site.",
    quality: "Quality as the portals grade it: {score}/100",
};

impl Status {
    /// A build that published: its warnings, and the pages of the entries in `changed` (record
    /// files). `public`: the status is published with the site, so it names no entry the site
    /// does not show.
    pub fn published(content: &Path, warnings: &Report, changed: &[PathBuf], public: bool) -> Status {
        let names = Names::new(content);
        let warnings = names.problems(warnings, Severity::Warning, public);
        // A file is often told twice in one batch (created, then written): one line per page.
        let mut seen = std::collections::HashSet::new();
        let pages: Vec<Page> = changed
            .iter()
            .filter(|path| seen.insert(path.as_path()))
            .filter_map(|path| names.page(path, public))
            .collect();
        let headline = format!("Published at {}: the site shows your latest changes.", clock());
        Status {
            published: true,
            at: now(),
            content_at: now(),
            commit: None,
            headline,
            pages,
            errors: Vec::new(),
            held: Vec::new(),
            cost: Vec::new(),
            warnings,
            deploy_badge: None,
            words: WORDS,
        }
    }

    /// A published build's outcome with the entries it `held` back: what is wrong with each,
    /// and whether the site shows it as last published; no 'View the page' for their saves.
    pub fn with_held(mut self, content: &Path, held: &[Held], public: bool) -> Status {
        if held.is_empty() {
            return self;
        }
        let names = Names::new(content);
        for entry in held {
            if let Some(page) = names.page(&entry.path, public) {
                self.pages.retain(|shown| *shown != page);
            }
            let report = Report { diagnostics: entry.problems.clone() };
            let state = if entry.kept {
                "the site shows it as it was last published"
            } else {
                "it is not on the site"
            };
            self.held.extend(
                names
                    .problems(&report, Severity::Error, public)
                    .into_iter()
                    .map(|problem| Problem { entry: format!("{} ({state})", problem.entry), ..problem }),
            );
        }
        self.headline = format!(
            "Published at {}, except what is named below: the site shows the rest of your latest changes.",
            clock()
        );
        self
    }

    /// A published build's outcome with what it `cost` the site as last published, said in its
    /// first line too (the panel shows it as a warning, not as a plain 'Published').
    pub fn with_cost(mut self, cost: &super::standing::Cost) -> Status {
        if cost.is_empty() {
            return self;
        }
        let gist: Vec<&str> = cost.lines.iter().map(|line| line.summary.as_str()).collect();
        let gist = super::standing::and_list(&gist);
        self.headline = format!("{} But {gist}: see below.", self.headline);
        self.cost = cost.lines.clone();
        self
    }

    /// A build stopped by the content: what to fix, and its warnings.
    pub fn refused(content: &Path, report: &Report) -> Status {
        let names = Names::new(content);
        let errors = names.problems(report, Severity::Error, false);
        let warnings = names.problems(report, Severity::Warning, false);
        Status { errors, warnings, ..Status::not_published() }
    }

    /// A build stopped by internal links of its pages that lead nowhere.
    pub fn broken_links(content: &Path, broken: &[BrokenLink]) -> Status {
        let names = Names::new(content);
        let mut errors: Vec<Problem> = broken
            .iter()
            .map(|link| Problem {
                entry: names.entry_of_page(&link.page),
                field: None,
                message: format!(
                    "It links to {}, which the site does not publish: {}.",
                    link.link, link.answer
                ),
                hint: None,
            })
            .collect();
        errors.sort();
        errors.dedup();
        Status { errors, ..Status::not_published() }
    }

    /// A build stopped by something other than the content (the front end, the disk): for the
    /// developer, who sees why where the site is built.
    pub fn failed() -> Status {
        Status {
            errors: vec![Problem {
                entry: "The website".into(),
                field: None,
                message: "could not be built, for a reason that is not in the content. Your changes are \
                          saved; ask the developer to look at the build."
                    .into(),
                hint: None,
            }],
            ..Status::not_published()
        }
    }

    fn not_published() -> Status {
        Status {
            published: false,
            at: now(),
            content_at: now(),
            commit: None,
            headline: format!(
                "Not published at {}: the site still shows the version before these changes.",
                clock()
            ),
            pages: Vec::new(),
            errors: Vec::new(),
            held: Vec::new(),
            cost: Vec::new(),
            warnings: Vec::new(),
            deploy_badge: None,
            words: WORDS,
        }
    }

    /// The outcome of a build that began reading the content at `began` (`estate serve`).
    pub fn of_content_at(mut self, began: chrono::DateTime<chrono::Utc>) -> Status {
        self.content_at = began
            .with_timezone(&crate::content::model::dubai())
            .to_rfc3339_opts(chrono::SecondsFormat::Millis, false);
        self
    }

    /// On a deploy: the commit it built (`COMMIT_REF`) and that commit's time, by git; without
    /// them (git cannot say), the outcome stays of the content as the build found it.
    pub fn of_commit(mut self, var: impl Fn(&str) -> Option<String>) -> Status {
        let Some(commit) =
            var("COMMIT_REF").filter(|v| v.len() >= 7 && v.chars().all(|c| c.is_ascii_hexdigit()))
        else {
            return self;
        };
        let output = std::process::Command::new("git")
            .args(["log", "-1", "--format=%cI", &commit, "--"])
            .stderr(std::process::Stdio::null())
            .output();
        let time = output.ok().filter(|out| out.status.success()).and_then(|out| {
            chrono::DateTime::parse_from_rfc3339(String::from_utf8_lossy(&out.stdout).trim()).ok()
        });
        if let Some(time) = time {
            self.content_at = time.to_rfc3339_opts(chrono::SecondsFormat::Millis, false);
        }
        self.commit = Some(commit);
        self
    }

    /// On Netlify (its `SITE_ID`, the site's public id), the badge of the latest deploy.
    pub fn with_deploy_badge(mut self, var: impl Fn(&str) -> Option<String>) -> Status {
        let id = var("SITE_ID")
            .filter(|id| id.len() == 36 && id.chars().all(|c| c.is_ascii_hexdigit() || c == '-'));
        self.deploy_badge = id.map(|id| format!("{NETLIFY_BADGE}{id}/deploy-status"));
        self
    }

    /// Writes the status into the output folder `out` (whole, so a reader never sees half).
    pub fn write(&self, out: &Path) -> std::io::Result<PathBuf> {
        let path = out.join(FILE);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let json = serde_json::to_vec_pretty(self).map_err(std::io::Error::other)?;
        let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        let temporary = path.with_extension(format!("{}-{}.tmp", std::process::id(), nanos.as_nanos()));
        std::fs::write(&temporary, &json)?;
        std::fs::rename(&temporary, &path).inspect_err(|_| {
            let _ = std::fs::remove_file(&temporary);
        })?;
        Ok(path)
    }
}

/// Writes `status` into the output folder `out` if it holds the browser editor.
pub fn write_if_cms(status: &Status, out: &Path) -> std::io::Result<()> {
    if out.join(super::cms::DIR).join("index.html").is_file() {
        status.write(out)?;
    }
    Ok(())
}

/// The content files a deploy changed, by git, from Netlify's `CACHED_COMMIT_REF` (the last
/// deployed commit) to `COMMIT_REF`: nothing when either is missing or git cannot say.
pub fn changed_in_deploy(var: impl Fn(&str) -> Option<String>) -> Vec<PathBuf> {
    let commit = |name| var(name).filter(|v| v.len() >= 7 && v.chars().all(|c| c.is_ascii_hexdigit()));
    let (Some(from), Some(to)) = (commit("CACHED_COMMIT_REF"), commit("COMMIT_REF")) else {
        return Vec::new();
    };
    if from == to {
        return Vec::new();
    }
    let output = std::process::Command::new("git")
        .args(["diff", "--name-only", "--relative", "--no-renames", &from, &to, "--"])
        .stderr(std::process::Stdio::null())
        .output();
    match output {
        Ok(out) if out.status.success() => {
            String::from_utf8_lossy(&out.stdout).lines().take(200).map(PathBuf::from).collect()
        }
        _ => Vec::new(),
    }
}

fn dubai_now() -> chrono::DateTime<chrono::FixedOffset> {
    chrono::Utc::now().with_timezone(&crate::content::model::dubai())
}

fn now() -> String {
    dubai_now().to_rfc3339_opts(chrono::SecondsFormat::Millis, false)
}

/// `14:03:05 on 25/11/2026`, as an agent in Dubai reads a time (to the second: two saves a
/// minute apart are told apart).
fn clock() -> String {
    dubai_now().format("%H:%M:%S on %d/%m/%Y").to_string()
}

/// The kinds of entry by their folder under content/: the CMS's collection, the kind's name, and
/// the page an entry of it has (`{id}` its file's name).
type Kind = (&'static str, &'static str, &'static str, Option<&'static str>);
const KINDS: [Kind; 6] = [
    ("properties", "listings", "Listing", Some("/property/{id}")),
    ("blog", "posts", "Blog post", Some("/blog/{id}")),
    ("developers", "developers", "Developer", Some("/developers")),
    ("team", "team", "Team member", Some("/team")),
    ("communities", "guides", "Area guide", Some("/area-guides-in-dubai/{id}")),
    ("pages", "pages", "Page", None),
];

/// Turns diagnostics into an editor's words: entries by title, fields by the CMS's labels.
struct Names {
    content: PathBuf,
    /// Per collection (or file, for the settings and vocabularies), each field's dotted path
    /// (`paymentPlan.percent`) and label.
    labels: BTreeMap<String, BTreeMap<String, String>>,
    /// The photos' sizes from the image stage's index, read once for the listings' quality.
    sizes: std::cell::OnceCell<crate::publish::images::KnownSizes>,
}

impl Names {
    fn new(content: &Path) -> Names {
        let config = cms::config(&cms::Backend::from_env(|_| None));
        let mut labels = BTreeMap::new();
        for collection in config["collections"].as_array().into_iter().flatten() {
            let mut add = |name: &str, fields: &Value| {
                let mut map = BTreeMap::new();
                collect_labels(fields, "", "", &mut map);
                labels.insert(name.to_owned(), map);
            };
            if let Some(files) = collection["files"].as_array() {
                for file in files {
                    add(file["name"].as_str().unwrap_or_default(), &file["fields"]);
                }
            } else {
                add(collection["name"].as_str().unwrap_or_default(), &collection["fields"]);
            }
        }
        // Absolute, as the watcher names the files that changed (`estate serve --content content`).
        let content = std::path::absolute(content).unwrap_or_else(|_| content.to_path_buf());
        Names { content, labels, sizes: std::cell::OnceCell::new() }
    }

    fn problems(&self, report: &Report, severity: Severity, public: bool) -> Vec<Problem> {
        let mut texts: BTreeMap<PathBuf, Option<String>> = BTreeMap::new();
        let mut out: Vec<Problem> = report
            .diagnostics
            .iter()
            .filter(|d| d.severity == severity)
            .filter_map(|d| {
                let text =
                    texts.entry(d.path.clone()).or_insert_with(|| std::fs::read_to_string(&d.path).ok());
                self.problem(d, text.as_deref(), public)
            })
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The kind of the entry whose record is `path` (a file right in its folder under content/,
    /// so that an upload in `media/properties/` is no listing) and the file's name without its
    /// extension.
    fn place(&self, path: &Path) -> (Option<&'static Kind>, String) {
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let relative = absolute.strip_prefix(&self.content).unwrap_or(path);
        let id = relative.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
        let mut parts = relative.components().map(|c| c.as_os_str().to_str().unwrap_or_default());
        let kind = match (parts.next(), parts.next(), parts.next()) {
            (Some(folder), Some(_), None) => KINDS.iter().find(|k| k.0 == folder),
            _ => None,
        };
        (kind, id)
    }

    fn problem(&self, d: &Diagnostic, text: Option<&str>, public: bool) -> Option<Problem> {
        let (kind, id) = self.place(&d.path);
        let fields = text.map(Fields::of).unwrap_or_default();
        if public && !fields.published() {
            return None;
        }
        let (entry, collection) = match kind {
            Some((_, collection, singular, _)) => {
                (entry_name(singular, fields.title.as_deref()), *collection)
            }
            None => match id.as_str() {
                "site" => ("The agency settings".to_owned(), "site"),
                _ if d.path.components().any(|c| c.as_os_str() == "vocabulary") => {
                    (format!("The vocabulary of {}", id.replace('-', " ")), id.as_str())
                }
                _ if d.path.components().any(|c| c.as_os_str() == "media") => {
                    let name =
                        d.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                    // Named once, in the entry: the message's own naming of the file becomes "it".
                    let message = d.message.replacen(&format!("`{name}`"), "it", 1);
                    return Some(Problem {
                        entry: format!("The uploaded file “{name}”"),
                        field: None,
                        message: in_editors_words(&message, None)
                            .unwrap_or_else(|| in_labels(&message, None)),
                        hint: d.hint.as_deref().and_then(|hint| in_editors_words(hint, None)),
                    });
                }
                _ => ("The content".to_owned(), ""),
            },
        };
        let labels = self.labels.get(collection);
        // At the file's start: about the entry as a whole (a field it lacks, say), no field's.
        let at_start = d.pos == crate::content::yaml::Pos::START;
        let field =
            text.filter(|_| !at_start).and_then(|text| key_path_at(text, d.pos.line)).and_then(|path| {
                let (language, path) = match path.split_once('.') {
                    Some(("ar", rest)) => (" (Arabic)", rest.to_owned()),
                    Some(("ru", rest)) => (" (Russian)", rest.to_owned()),
                    _ => ("", path),
                };
                let label = labels?.get(&path)?;
                Some(format!("{label}{language}"))
            });
        let message = in_editors_words(&d.message, labels).unwrap_or_else(|| in_labels(&d.message, labels));
        let hint = d.hint.as_deref().and_then(|hint| in_editors_words(hint, labels));
        Some(Problem { entry, field, message, hint })
    }

    /// The page of the record file `path` and its entry's title, if it has one on the site.
    fn page(&self, path: &Path, public: bool) -> Option<Page> {
        let (kind, id) = self.place(path);
        let (_, _, singular, url) = kind?;
        let text = std::fs::read_to_string(path).ok()?;
        let fields = Fields::of(&text);
        if !fields.published() {
            return (!public).then(|| Page {
                title: format!(
                    "{} (not on the site: its status is {})",
                    entry_name(singular, fields.title.as_deref()),
                    fields.status.unwrap_or_default()
                ),
                url: String::new(),
                quality: None,
            });
        }
        let url = match *singular {
            // A post's page is named by its title too.
            "Blog post" => contract::urls::post_path(&id, fields.title.as_deref().unwrap_or_default()),
            _ => (*url)?.replace("{id}", &id),
        };
        let quality = (*singular == "Listing").then(|| self.quality(&text)).flatten();
        Some(Page { title: entry_name(singular, fields.title.as_deref()), url, quality })
    }

    /// The quality of the listing whose record file holds `text` ([`crate::check::quality`]).
    fn quality(&self, text: &str) -> Option<PageQuality> {
        let listing: crate::content::model::PropertyFile = serde_saphyr::from_str(text).ok()?;
        let sizes = self.sizes.get_or_init(|| crate::publish::images::KnownSizes::open(&self.content));
        let mut quality = crate::check::quality::of(&listing, |photo| sizes.of(photo));
        quality.suggestions.truncate(SHOWN_SUGGESTIONS);
        Some(PageQuality { score: quality.score, suggestions: quality.suggestions })
    }

    /// The entry whose page is `page` (`/property/x`, `/ar/blog/7/slug`).
    fn entry_of_page(&self, page: &str) -> String {
        let segments: Vec<&str> =
            page.split('/').filter(|s| !s.is_empty() && !matches!(*s, "ar" | "ru")).collect();
        let (folder, singular) = match segments.first() {
            Some(&"property") => ("properties", "Listing"),
            Some(&"blog") => ("blog", "Blog post"),
            _ => return format!("The page {page}"),
        };
        let Some(id) = segments.get(1) else { return format!("The page {page}") };
        ["yaml", "md"]
            .iter()
            .find_map(|ext| {
                std::fs::read_to_string(self.content.join(folder).join(format!("{id}.{ext}"))).ok()
            })
            .map_or_else(
                || format!("The page {page}"),
                |text| entry_name(singular, Fields::of(&text).title.as_deref()),
            )
    }
}

#[path = "status_words.rs"]
mod words;
use words::{Fields, collect_labels, entry_name, in_editors_words, in_labels, key_path_at};

#[cfg(test)]
#[path = "status_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "status_hint_tests.rs"]
mod hint_tests;
