//! The whole of `estate build`, shared by the `build` command and `estate serve`'s rebuilds:
//! load and check the content, write the JSON API and data, then (unless asked not to) build
//! and prerender the pages.

use std::path::PathBuf;
use std::time::Instant;

use crate::diag::Report;
use crate::{content, output, site};

#[derive(Debug, Clone)]
pub struct BuildOptions {
    pub content: PathBuf,
    pub out: PathBuf,
    /// What to do with the pages after the content stage.
    pub pages: Pages,
}

/// The site stage of a build: what happens to the pages once the content stage has written
/// the JSON.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pages {
    /// Stop after the content stage.
    Skip,
    /// Build the front end in this folder (Vite's builds), then prerender every page.
    Build(PathBuf),
    /// Only prerender the pages again with the front end already built in this folder: enough
    /// when just the content changed, since the pages read it from the JSON.
    Prerender(PathBuf),
}

#[derive(Debug)]
pub struct Summary {
    pub listings: usize,
    pub unpublished: usize,
    pub posts: usize,
    pub developers: usize,
    pub team: usize,
    pub files: usize,
    pub content_seconds: f64,
    pub site_seconds: Option<f64>,
}

impl Summary {
    pub fn line(&self) -> String {
        let mut line = format!(
            "{} listings ({} not published), {} posts, {} developers, {} team members: {} data files in {:.2} s",
            self.listings,
            self.unpublished,
            self.posts,
            self.developers,
            self.team,
            self.files,
            self.content_seconds
        );
        if let Some(seconds) = self.site_seconds {
            line.push_str(&format!(", pages in {seconds:.2} s"));
        }
        line
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BuildError {
    /// The content has errors; the report holds them (and any warnings).
    #[error("the content has {}", .0.summary())]
    Content(Report),
    #[error("cannot write the site into {path}: {source}")]
    Write { path: PathBuf, source: std::io::Error },
    #[error(transparent)]
    Site(#[from] site::SiteError),
}

/// Runs the build. The report of warnings is returned with the summary so callers can show it.
pub fn build(options: &BuildOptions) -> Result<(Summary, Report), BuildError> {
    let started = Instant::now();
    let (content, report) = content::load(&options.content);
    if report.errors() > 0 {
        return Err(BuildError::Content(report));
    }
    let written = output::write(&content, &options.out)
        .map_err(|source| BuildError::Write { path: options.out.clone(), source })?;
    crate::redirects::write(&options.out)
        .map_err(|source| BuildError::Write { path: options.out.clone(), source })?;
    let content_seconds = started.elapsed().as_secs_f64();
    let site_seconds = match &options.pages {
        Pages::Skip => None,
        Pages::Build(dir) => Some(site::build(dir, &options.out)?),
        Pages::Prerender(dir) => Some(site::prerender(dir, &options.out)?),
    };
    let summary = Summary {
        listings: written.properties,
        unpublished: content.properties.len() - written.properties,
        posts: written.posts,
        developers: content.developers.len(),
        team: content.team.len(),
        files: written.files,
        content_seconds,
        site_seconds,
    };
    Ok((summary, report))
}
