//! The whole of `estate build`, shared by the `build` command and `estate serve`'s rebuilds:
//! load and check the content, write the JSON API and data, then (unless asked not to) build
//! and prerender the pages.

pub mod cms;
pub mod last_published;
mod named;
pub mod site;
pub mod standing;
pub mod status;
mod vite_cache;

use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::check::links::{self, BrokenLink};
use crate::content::Content;
use crate::content::diag::Report;
use crate::netlify::Rules;
use crate::publish::parts::Body;
use crate::publish::{self as output, feeds, portal_feed, sitemap};
use last_published::LastPublished;
use site::SiteRun;

#[derive(Debug, Clone)]
pub struct BuildOptions {
    pub content: PathBuf,
    pub out: PathBuf,
    /// What to do with the pages after the content stage.
    pub pages: Pages,
    /// The site's address for the sitemap, robots.txt and the feeds, instead of `site.yaml`'s
    /// `baseUrl` (a deploy preview's, say).
    pub base_url: Option<String>,
    /// The CDN's rules, to resolve the links of the built pages as it will.
    pub rules: Rules,
    /// A build Netlify will publish: notes about what that deploy will lack (no lead function
    /// address) are printed; a local build or `estate serve` does not need them.
    pub for_netlify: bool,
    /// The prerender's page cache: each page's inputs and a copy of it, so only the pages
    /// whose inputs changed are rendered again (see `site/scripts/page-cache.mjs`).
    pub page_cache: Option<PathBuf>,
    /// What `estate serve` keeps between rebuilds; None for a build from the command line.
    pub incremental: Option<Incremental>,
    /// Publishing per record (`estate serve`, a deploy): a record file the checks refuse is
    /// published as it was last published (kept here), or left out, and the rest of the site
    /// is published. None: any error stops the build (`estate build` at a developer's machine).
    pub last_published: Option<LastPublished>,
}

/// What `estate serve` keeps between rebuilds so that one edit rebuilds only what it changed.
#[derive(Debug, Clone, Default)]
pub struct Incremental {
    /// The prerender, kept running (used with a page cache).
    pub warm: site::Warm,
    /// The record files as last read.
    pub loaded: crate::content::LoadCache,
    /// What the checks across records found in each record the last time.
    pub checks: crate::check::Memo,
    /// The API and data files as last written.
    pub data: output::DataIndex,
    /// The last sitemap.
    pub sitemap: sitemap::Memo,
    /// The last Atom feeds and what they were made from.
    pub feeds: feeds::Memo,
    /// The portal feed's elements, each with the listing it was made from.
    pub portal_feed: portal_feed::Memo,
    /// The sitemap's, robots.txt's and the feeds' fingerprints as written.
    pub named: output::NamedPrints,
    /// The parts of the portal feed and the sitemap as written.
    pub parts: output::parts::Written,
    /// The routes (`data/routes.json`) of the last good build.
    pub routes: RoutesMemo,
    /// What the last link check that passed found.
    pub links: links::pages::Memo,
    /// The browser editor's files have been written by a build of this `estate serve`.
    pub cms_written: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// `out` holds exactly the last good build, so the data files this build writes are all
    /// that changed since (a build from the command line compares every data file with the
    /// page cache instead).
    pub out_is_last_build: bool,
}

/// The routes of the last good build under `estate serve`, whose page folders the output holds.
#[derive(Debug, Clone, Default)]
pub struct RoutesMemo(std::sync::Arc<std::sync::Mutex<Option<contract::routes::Routes<'static>>>>);

impl RoutesMemo {
    fn slot(&self) -> std::sync::MutexGuard<'_, Option<contract::routes::Routes<'static>>> {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
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
    /// Of `content_seconds`, the seconds loading and checking the content took (the rest wrote
    /// the data files).
    pub load_seconds: f64,
    /// The data files (`api/`, `data/`) this build wrote or removed.
    pub data_files_changed: usize,
    /// The pages the prerender rendered, when known (not those copied back from the page cache).
    pub pages_written: Option<usize>,
    pub site_seconds: Option<f64>,
    /// The permit QR codes of the pages and the seconds drawing them took (beside the pages).
    pub qr_codes: Option<(usize, f64)>,
    /// Internal links checked and pages they were found on, and the seconds it took.
    pub links_checked: Option<(usize, usize, f64)>,
    /// Published listings in the portal feed and left out of it.
    pub portal_feed: portal_feed::Counts,
    /// The image stage: photos, how many were decoded (not in the cache), and its seconds.
    pub photos: (usize, usize, f64),
    /// Every file of the output this build wrote or removed (relative to it), when known:
    /// not after a build of the front end (Vite writes where it will).
    pub touched: Option<Vec<PathBuf>>,
    /// The record files the checks refused, published as they were last published or left out.
    pub held: Vec<crate::check::per_record::Held>,
    /// What this build cost the site as last published (nothing without a record of it).
    pub cost: standing::Cost,
    /// What the site stood at before this build, as recorded (None: a fresh start), and now;
    /// None when the build records no standing (no copies of the published records).
    pub standings: Option<(Option<standing::Standing>, standing::Standing)>,
}

impl Summary {
    pub fn line(&self) -> String {
        let mut line = format!(
            "{} listings published, {} not published, {} posts, {} developers, {} team members: {} data files in {:.2} s",
            self.listings,
            self.unpublished,
            self.posts,
            self.developers,
            self.team,
            self.files,
            self.content_seconds
        );
        let (photos, decoded, seconds) = self.photos;
        line.push_str(&format!(", {photos} photos ({decoded} decoded) in {seconds:.2} s"));
        line.push_str(&format!(
            ", portal feed: {} listings in, {} left out",
            self.portal_feed.included, self.portal_feed.left_out
        ));
        if let Some(seconds) = self.site_seconds {
            line.push_str(&format!(", pages in {seconds:.2} s"));
        }
        if let Some((codes, seconds)) = self.qr_codes {
            line.push_str(&format!(" ({codes} QR codes drawn alongside in {seconds:.2} s)"));
        }
        if let Some((links, pages, seconds)) = self.links_checked {
            line.push_str(&format!(", {links} links on {pages} pages checked in {seconds:.2} s"));
        }
        line
    }

    /// The build's stages as one JSON object: seconds loading and checking the content
    /// (`load`), writing the data files (`data`), the pages (`pages`) and their link check
    /// (`links`), and how many data files it changed, pages it rendered and pages it checked.
    /// `estate serve` prints it after each rebuild with `ESTATE_TIMINGS` set, for
    /// `bench/incremental.py`.
    pub fn stages(&self) -> serde_json::Value {
        serde_json::json!({
            "load": self.load_seconds,
            "data": self.content_seconds - self.load_seconds,
            "pages": self.site_seconds,
            "links": self.links_checked.map(|(_, _, seconds)| seconds),
            "data_files": self.data_files_changed,
            "pages_rendered": self.pages_written,
            "pages_checked": self.links_checked.map(|(_, pages, _)| pages),
        })
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
    #[error("--base-url {0}")]
    BaseUrl(String),
    #[error("cannot publish the browser editor: {0}")]
    Cms(#[from] cms::CmsError),
    #[error("cannot check the links of the built pages: {0}")]
    LinkCheck(#[from] links::PageCheckError),
    /// Internal links of built pages that no page answers.
    #[error("{} internal link{} of the built pages lead{} nowhere:{}",
        .0.len(), if .0.len() == 1 { "" } else { "s" }, if .0.len() == 1 { "s" } else { "" },
        links::describe(.0, 50))]
    BrokenLinks(Vec<BrokenLink>),
}

/// Runs the build: its stages one after the other, each saying which files of the output it
/// touched, merged once at the end. The report of warnings is returned with the summary so
/// callers can show it.
pub fn build(options: &BuildOptions) -> Result<(Summary, Report), BuildError> {
    let started = Instant::now();
    let mut laps = crate::timings::Laps::start("build");
    // `estate build` with a page cache: Node loads the prerender's code while the content stage
    // runs (see site::Early).
    let early = match (&options.pages, &options.page_cache, &options.incremental) {
        (Pages::Build(dir) | Pages::Prerender(dir), Some(cache), None) => {
            site::Early::start(dir, &options.out, cache)
        }
        _ => None,
    };
    let loaded = load(options)?;
    let load_seconds = started.elapsed().as_secs_f64();
    laps.lap("load and check the content");
    let mut published = publish(options, loaded, &mut laps)?;
    let content_seconds = started.elapsed().as_secs_f64();
    let pages = pages(options, &published, early);
    laps.lap("pages");
    // The named files, written while the pages rendered: waited for whatever the pages' outcome,
    // before anything else reads or writes the output.
    let named = published.named.take().map_or_else(|| Ok((0, Vec::new())), named::Pending::finish);
    laps.lap("sitemap, feeds and redirects written");
    let pages = pages?;
    let (files, named) = named.map_err(|source| BuildError::Write { path: options.out.clone(), source })?;
    let named = Touched::of(&options.out, named.iter().map(|name| options.out.join(name)));
    let cms = write_cms(options)?;
    laps.lap("browser editor (cms/)");
    let links_checked = check_pages(options, &published, pages.as_ref())?;
    laps.lap("links checked");
    if let Some(incremental) = &options.incremental {
        *incremental.routes.slot() = Some(published.written.routes.clone());
    }
    let touched = [
        &published.touched,
        &named,
        &pages.as_ref().map_or(Touched::Known(Vec::new()), |p| p.touched.clone()),
        &cms,
    ]
    .into_iter()
    .fold(Touched::Known(Vec::new()), |all, stage| all.and(stage));
    let Published { content, written, report, photos, portal_counts, held, .. } = published;
    let mut standings = None;
    if let Some(last) = &options.last_published {
        if let Err(e) = last.keep(&content, &held) {
            eprintln!(
                "estate: cannot keep the published records' copies (a record refused later is left out): {e}"
            );
        }
        laps.lap("the published records' copies kept");
        let (before, now) = (last.standing(), standing::Standing::of(&content, &report));
        if let Err(e) = last.keep_standing(now.clone()) {
            eprintln!(
                "estate: cannot record what the site publishes (the next outcome cannot say what it cost): {e}"
            );
        }
        standings = Some((before, now));
    }
    laps.lap("what the site publishes recorded");
    let cost = standings
        .as_ref()
        .map_or_else(standing::Cost::default, |(before, now)| standing::Cost::between(before.as_ref(), now));
    let qr_codes = pages.as_ref().map(|p| p.qr_codes);
    let summary = Summary {
        listings: written.properties,
        unpublished: content.properties.len() - written.properties,
        posts: written.posts,
        developers: content.developers.len(),
        team: content.team.len(),
        files: written.files + files + qr_codes.map_or(0, |(n, _)| n),
        qr_codes,
        content_seconds,
        load_seconds,
        data_files_changed: written.changed.len(),
        pages_written: pages.as_ref().and_then(|p| p.run.written.as_ref().map(|w| w.rendered.len())),
        site_seconds: pages.as_ref().map(|p| p.run.seconds),
        links_checked,
        portal_feed: portal_counts,
        photos,
        touched: touched.into_option(),
        held,
        cost,
        standings,
    };
    Ok((summary, report))
}

/// The files of the output a stage wrote or removed, relative to it; `Unknown` after a build
/// of the front end (Vite writes where it will).
#[derive(Debug, Clone)]
enum Touched {
    Known(Vec<PathBuf>),
    Unknown,
}

impl Touched {
    /// The files among `paths` (each under `out`, as `out` is written), relative to `out`.
    fn of(out: &Path, paths: impl IntoIterator<Item = PathBuf>) -> Self {
        Touched::Known(
            paths.into_iter().filter_map(|path| path.strip_prefix(out).ok().map(Path::to_path_buf)).collect(),
        )
    }

    fn and(self, other: &Touched) -> Touched {
        match (self, other) {
            (Touched::Known(mut mine), Touched::Known(theirs)) => {
                mine.extend(theirs.iter().cloned());
                Touched::Known(mine)
            }
            _ => Touched::Unknown,
        }
    }

    fn into_option(self) -> Option<Vec<PathBuf>> {
        match self {
            Touched::Known(files) => Some(files),
            Touched::Unknown => None,
        }
    }
}

/// Stage 1: the content, loaded and checked whole, with the site's address.
struct Loaded {
    content: Content,
    report: Report,
    base: String,
    /// The targets of links in content that an edit elsewhere took away (`links::dangling`).
    dangling: std::collections::HashSet<String>,
    held: Vec<crate::check::per_record::Held>,
}

fn load(options: &BuildOptions) -> Result<Loaded, BuildError> {
    let cache = options.incremental.as_ref().map(|i| &i.loaded);
    output::unlink_old_media(&options.content, &options.out);
    let memo = options.incremental.as_ref().map(|i| &i.checks);
    let (mut content, report, dangling, held) = match &options.last_published {
        Some(last) => crate::check::content_per_record(&options.content, cache, memo, |path| {
            last.text(&options.content, path)
        }),
        None => {
            let (content, report, dangling) =
                crate::check::content_and_dangling(&options.content, cache, memo);
            (content, report, dangling, Vec::new())
        }
    };
    if report.errors() > 0 {
        return Err(BuildError::Content(report));
    }
    // What a save costs on the portals (a listing left without an agent or a photo), in the
    // outcome an editor sees, as `estate check` says it.
    let mut report = report;
    report.extend(portal_feed::check(&content));
    report.sort();
    let base = base_url(&content, options.base_url.as_deref())?;
    // One address everywhere: the pages read it from data/site.json.
    if let Some(site) = &mut content.site {
        site.data.base_url.clone_from(&base);
    }
    Ok(Loaded { content, report, base, dangling, held })
}

/// Stage 2: what the content publishes, written into the output: the portal feed, sitemap and
/// feeds (rendered first, so a template's mistake stops the build like a content error), the
/// photos, the JSON API and page data, and `_redirects`.
struct Published {
    content: Content,
    held: Vec<crate::check::per_record::Held>,
    dangling: std::collections::HashSet<String>,
    report: Report,
    base: String,
    written: output::Written,
    /// The sitemap, robots, feed and `_redirects` files, written or being written (taken by
    /// [`build`] once the pages are rendered).
    named: Option<named::Pending>,
    photos: (usize, usize, f64),
    portal_counts: portal_feed::Counts,
    touched: Touched,
}

fn publish(
    options: &BuildOptions,
    loaded: Loaded,
    laps: &mut crate::timings::Laps,
) -> Result<Published, BuildError> {
    let Loaded { content, mut report, base, dangling, held } = loaded;
    let incremental = options.incremental.as_ref();
    // The feeds first: a feed template's mistake stops the build like a content error, with
    // nothing written.
    let feeds = match feeds::render(&content, &base, incremental.map(|i| &i.feeds)) {
        Ok(feeds) => feeds,
        Err(problems) => {
            report.extend(problems);
            report.sort();
            return Err(BuildError::Content(report));
        }
    };
    laps.lap("feeds");
    let write_error = |source| BuildError::Write { path: options.out.clone(), source };
    let index = incremental.map(|i| (&i.data, i.out_is_last_build));
    let kept = incremental.map(|i| named::Kept {
        prints: i.named.clone(),
        parts: i.parts.clone(),
        trusted: i.out_is_last_build,
    });
    // Into the folder that holds the last good build, its pages to render again (the front end
    // as it was): the named files are written beside the data files and the pages, and the
    // build waits for them before the link check (see `named`).
    let behind =
        matches!(options.pages, Pages::Prerender(_)) && incremental.is_some_and(|i| i.out_is_last_build);
    let stage = std::thread::scope(|scope| {
        let (content, base) = (&content, base.as_str());
        // The portal feed and the sitemap, which nothing in the content can stop, are made on a
        // thread of their own beside the photos and the data files, and written there with
        // `_redirects` and the feeds once the photos are accepted (`behind`: on, while the pages
        // render).
        let rendering = scope.spawn(move || {
            let (portal_feed, counts) =
                portal_feed::render(content, base, incremental.map(|i| &i.portal_feed));
            let mut files = sitemap_files(content, base, incremental);
            let name = contract::files::relative(contract::files::PORTAL_FEED).to_owned();
            files.push((name, Body::Parts(portal_feed)));
            (files, counts)
        });
        let images_started = Instant::now();
        let images =
            output::images::publish(&content.dir, &options.out, &output::images::cache_dir(&content.dir));
        let photos = images_started.elapsed().as_secs_f64();
        laps.lap("images");
        let images = images?;
        let named = scope.spawn(move || {
            let (mut files, counts) = rendering.join().expect("making the sitemap does not panic");
            files.extend(feeds.into_iter().map(|(name, bytes)| (name, Body::Whole(bytes))));
            let mut posts: Vec<_> = content
                .posts
                .iter()
                .map(|p| (p.id.clone(), contract::urls::post_path(&p.id, &p.data.title)))
                .collect();
            posts.sort();
            let named = named::Named {
                out: options.out.clone(),
                files,
                kept,
                for_netlify: options.for_netlify,
                posts,
            };
            // Behind: on a thread of its own, waited for before the link check (or, should the
            // data files fail, before the build ends).
            (named.start(behind), counts)
        });
        let written = output::write(content, &images, &options.out, index, behind);
        laps.lap("API and data files");
        let named = named.join().expect("writing the sitemap and feeds does not panic");
        laps.lap("redirects, sitemap and feeds written");
        Ok((images, photos, written, named))
    });
    let (images, photos, written, (named, portal_counts)) = match stage {
        Ok(done) => done,
        Err(output::images::StageError::Refused(problems)) => {
            report.extend(problems);
            report.sort();
            return Err(BuildError::Content(report));
        }
        Err(output::images::StageError::Io(source)) => return Err(write_error(source)),
    };
    let mut written = written.map_err(write_error)?;
    let named = named.and_data(std::mem::take(&mut written.later));
    let photos = (images.photos.len(), images.decoded, photos);
    let out = &options.out;
    // The images stage names its files relative to the output.
    let relative = images.touched.iter().map(PathBuf::from);
    let touched = Touched::of(
        out,
        written
            .touched
            .iter()
            .cloned()
            .chain(relative.chain([PathBuf::from("_redirects")]).map(|p| out.join(p))),
    );
    Ok(Published {
        content,
        held,
        dangling,
        report,
        base,
        written,
        named: Some(named),
        photos,
        portal_counts,
        touched,
    })
}

/// Stage 3: the pages, built or prerendered again, with the permit QR codes drawn alongside.
/// None when the build stops after the content.
struct PagesStage {
    run: SiteRun,
    /// The QR codes there are and the seconds drawing them took.
    qr_codes: (usize, f64),
    touched: Touched,
}

fn pages(
    options: &BuildOptions,
    published: &Published,
    early: Option<site::Early>,
) -> Result<Option<PagesStage>, BuildError> {
    let out = &options.out;
    let page_cache = options.page_cache.as_deref();
    let warm = options.incremental.as_ref().map(|i| &i.warm);
    // Paths as the pages' loaders name them (/data/site.json), when only they changed.
    let changed: Vec<String> = published
        .written
        .changed
        .iter()
        .filter_map(|path| path.strip_prefix(out).ok())
        .map(|path| format!("/{}", path.to_string_lossy()))
        .collect();
    let changed =
        options.incremental.as_ref().is_some_and(|i| i.out_is_last_build).then_some(changed.as_slice());
    let run_site = || match &options.pages {
        Pages::Skip => None,
        Pages::Build(dir) => Some(site::build(dir, out, page_cache, warm, &published.written.routes, early)),
        Pages::Prerender(dir) => {
            let last = options
                .incremental
                .as_ref()
                .filter(|i| i.out_is_last_build)
                .and_then(|i| i.routes.slot().clone());
            Some(site::prerender(
                dir,
                out,
                page_cache,
                warm,
                changed,
                &published.written.routes,
                last.as_ref(),
                early,
            ))
        }
    };
    if options.pages == Pages::Skip {
        return Ok(None);
    }
    // The permit QR codes are images of the pages: drawn on this machine's cores while Node
    // builds and prerenders (Vite's build leaves most of them idle).
    let written = &published.written;
    let (site, codes) = std::thread::scope(|scope| {
        let codes = scope.spawn(|| {
            let started = Instant::now();
            let codes = crate::publish::qr::write_qr_codes(&written.permit_links, out, page_cache)?;
            let drawn: Vec<PathBuf> =
                codes.iter().filter(|(_, drawn)| *drawn).map(|(path, _)| path.clone()).collect();
            Ok::<_, std::io::Error>((
                codes.len() + written.permit_links_drawn,
                started.elapsed().as_secs_f64(),
                drawn,
            ))
        });
        let site = run_site().expect("pages are built");
        (site, codes.join().expect("drawing QR codes does not panic"))
    });
    let (codes, seconds, drawn) = codes.map_err(|source| BuildError::Write { path: out.clone(), source })?;
    let run = site?;
    let touched = match (&options.pages, &run.written) {
        (Pages::Build(_), _) | (_, None) => Touched::Unknown,
        // The prerender names its pages relative to the output.
        (_, Some(pages)) => {
            let files = pages.all().chain(&pages.files).map(|p| out.join(p));
            Touched::of(out, files.chain(run.removed.iter().cloned()).chain(drawn))
        }
    };
    Ok(Some(PagesStage { run, qr_codes: (codes, seconds), touched }))
}

/// Stage 3b: the browser editor (`cms/`), with the pages: its files come from the site's
/// packages. Names the files it changed, relative to the output.
fn write_cms(options: &BuildOptions) -> Result<Touched, BuildError> {
    let (Pages::Build(site_dir) | Pages::Prerender(site_dir)) = &options.pages else {
        return Ok(Touched::Known(Vec::new()));
    };
    // `estate serve`'s rebuild after a change to the content, into the last good build: the
    // editor's files come from the site's packages and settings, which the content does not
    // change, so they are there as they were (reading and comparing them took a rebuild's time).
    // (Written once by this `estate serve` already, and copied into the other folder with it.)
    let written = |i: &Incremental| i.cms_written.load(std::sync::atomic::Ordering::Relaxed);
    let content_only = matches!(options.pages, Pages::Prerender(_));
    if content_only && options.incremental.as_ref().is_some_and(|i| i.out_is_last_build && written(i)) {
        return Ok(Touched::Known(Vec::new()));
    }
    let backend =
        crate::content::cms::Backend::from_env(|name| std::env::var(name).ok()).or_local(&options.content);
    let touched = cms::write(site_dir, &options.out, &backend)?;
    if let Some(incremental) = &options.incremental {
        incremental.cms_written.store(true, std::sync::atomic::Ordering::Relaxed);
    }
    Ok(Touched::Known(touched))
}

/// Stage 4: the links of the built pages; returns the links and pages checked and the seconds.
fn check_pages(
    options: &BuildOptions,
    published: &Published,
    pages: Option<&PagesStage>,
) -> Result<Option<(usize, usize, f64)>, BuildError> {
    let Some(pages) = pages else { return Ok(None) };
    let started = Instant::now();
    // Found by the content check, whose links to the site's own address are to `site.yaml`'s:
    // again when the build is for another address (a deploy preview's).
    let dangling = match &options.base_url {
        Some(_) => std::borrow::Cow::Owned(links::dangling(&published.content)),
        None => std::borrow::Cow::Borrowed(&published.dangling),
    };
    let removed_any = !pages.run.removed.is_empty() || published.written.removed_any;
    let out_is_last_build = options.incremental.as_ref().is_some_and(|i| i.out_is_last_build);
    let build = links::pages::Build {
        routes: &published.written.routes,
        rendered: pages.run.written.as_ref().map(|w| w.rendered.as_slice()),
        targets_may_be_gone: removed_any || !out_is_last_build,
        dangling: &dangling,
    };
    let checked = links::pages::check_build(
        &options.out,
        &options.rules,
        &published.base,
        options.page_cache.as_deref(),
        build,
        options.incremental.as_ref().map(|i| &i.links),
    )?;
    if !checked.broken.is_empty() {
        return Err(BuildError::BrokenLinks(checked.broken));
    }
    Ok(Some((checked.links, checked.pages, started.elapsed().as_secs_f64())))
}

/// The site's origin: the build option when given, else `site.yaml`'s `baseUrl`.
fn base_url(content: &Content, option: Option<&str>) -> Result<String, BuildError> {
    match option {
        Some(value) => contract::urls::normalize_base_url(value).map_err(BuildError::BaseUrl),
        // The content check has already refused a bad or missing baseUrl.
        None => Ok(content
            .site
            .as_ref()
            .and_then(|s| contract::urls::normalize_base_url(&s.data.base_url).ok())
            .unwrap_or_default()),
    }
}

/// The sitemap and robots.txt.
fn sitemap_files(content: &Content, base: &str, kept: Option<&Incremental>) -> Vec<(String, Body)> {
    let mut files = sitemap::files_for(content, base, kept.map(|k| &k.sitemap));
    files.push((
        contract::files::relative(contract::files::ROBOTS).to_owned(),
        Body::Whole(sitemap::robots(base).into_bytes()),
    ));
    files
}
