//! `estate doctor`: what can be checked from the repository before a deploy, each finding in
//! words with what to do about it. Exit 1 when something must be fixed first.
//!
//! One module per concern: [`toolchain`] (Rust and Node), [`site`] (`content/site.yaml`'s
//! address and basemap, the browser editor's repository), [`netlify`] (`netlify.toml` and the
//! variables the build reads), [`lead`] (the lead function's production settings in
//! `deploy/lead-fn/production.env`, as the function itself reads them). Each reads files under
//! the repository folder it is given, and the machine only through a [`Probe`], so the tests
//! run each on a copy with the versions and variables they choose.

mod lead;
mod netlify;
mod site;
mod toolchain;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The options of `estate doctor`.
#[derive(clap::Args)]
pub struct Args {
    /// The repository's folder (with Cargo.toml, netlify.toml, content/ and deploy/).
    #[arg(long, default_value = ".", value_name = "DIR")]
    pub repo: PathBuf,
}

/// How much a finding matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Level {
    Ok,
    /// Worth doing; the deploy works without it.
    Warning,
    /// The deploy would be broken or unsafe: fix it first.
    Problem,
}

/// One thing checked: where (a file and line, when there is one), what was found, what to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub level: Level,
    pub place: Option<String>,
    pub message: String,
    pub fix: Option<String>,
}

impl Finding {
    pub fn ok(message: impl Into<String>) -> Finding {
        Finding { level: Level::Ok, place: None, message: message.into(), fix: None }
    }

    pub fn problem(message: impl Into<String>, fix: impl Into<String>) -> Finding {
        Finding { level: Level::Problem, place: None, message: message.into(), fix: Some(fix.into()) }
    }

    pub fn warning(message: impl Into<String>, fix: impl Into<String>) -> Finding {
        Finding { level: Level::Warning, place: None, message: message.into(), fix: Some(fix.into()) }
    }

    /// The finding at `file`'s `line` (1-based; none: the file as a whole).
    pub fn at(mut self, file: &str, line: Option<usize>) -> Finding {
        self.place = Some(match line {
            Some(line) => format!("{file}:{line}"),
            None => file.to_owned(),
        });
        self
    }
}

/// What the checks learn from the machine rather than the repository.
pub struct Probe<'a> {
    /// `rustc --version`, run in the repository (so a `rust-toolchain.toml` there applies).
    pub rustc: Option<String>,
    /// `node --version`.
    pub node: Option<String>,
    /// The repository's `origin` remote, as `git remote get-url origin` prints it.
    pub git_origin: Option<String>,
    /// The environment (Netlify's build variables, when the owner sets them here to check).
    pub var: &'a dyn Fn(&str) -> Option<String>,
}

impl Probe<'_> {
    /// A variable of the environment, trimmed; empty counts as unset.
    pub fn get(&self, name: &str) -> Option<String> {
        (self.var)(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
    }
}

pub fn run(args: Args) -> ExitCode {
    let repo = &args.repo;
    if !repo.join("content").is_dir() {
        return super::fail(&format!(
            "{} has no content/ folder: run estate doctor in the repository, or name it with --repo DIR",
            repo.display()
        ));
    }
    let var = |name: &str| std::env::var(name).ok();
    let probe = Probe {
        rustc: output(repo, "rustc", &["--version"]),
        node: output(repo, "node", &["--version"]),
        git_origin: output(repo, "git", &["remote", "get-url", "origin"]),
        var: &var,
    };
    let findings = diagnose(repo, &probe);
    print!("{}", render(&findings));
    if findings.iter().any(|f| f.level == Level::Problem) { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

/// Every check, in the order a deploy meets them.
pub fn diagnose(repo: &Path, probe: &Probe) -> Vec<Finding> {
    let netlify_env = netlify::environment(repo);
    let mut findings = toolchain::check(repo, probe);
    let site = site::read(repo);
    findings.extend(site.findings.iter().cloned());
    findings.extend(site::cms(probe, &netlify_env));
    findings.extend(netlify::check(repo, probe));
    findings.extend(lead::check(repo, site.host.as_deref()));
    findings
}

/// The report: one line per finding (and its fix below it), then the count.
pub fn render(findings: &[Finding]) -> String {
    let mut out = String::from("estate doctor: what a deploy needs (docs/deploy.md explains each step)\n\n");
    for finding in findings {
        let label = match finding.level {
            Level::Ok => "ok",
            Level::Warning => "warning",
            Level::Problem => "PROBLEM",
        };
        let place = finding.place.as_deref().map(|p| format!("{p}: ")).unwrap_or_default();
        out.push_str(&format!("  {label:<8} {place}{}\n", finding.message));
        if let Some(fix) = &finding.fix {
            out.push_str(&format!("  {:<8} -> {fix}\n", ""));
        }
    }
    let count = |level| findings.iter().filter(|f| f.level == level).count();
    let (problems, warnings) = (count(Level::Problem), count(Level::Warning));
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    out.push('\n');
    out.push_str(&if problems > 0 {
        format!(
            "estate doctor: {}, {}: fix the problems before deploying.\n",
            plural(problems, "problem"),
            plural(warnings, "warning")
        )
    } else {
        format!("estate doctor: ready to deploy ({}).\n", plural(warnings, "warning"))
    });
    out
}

/// A command's first line of output, if it ran and succeeded.
fn output(dir: &Path, program: &str, args: &[&str]) -> Option<String> {
    let out = Command::new(program).args(args).current_dir(dir).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    out.status
        .success()
        .then(|| text.lines().next().unwrap_or("").trim().to_owned())
        .filter(|s| !s.is_empty())
}

/// The 1-based line of the first line of `text` that `matches`.
fn line_of(text: &str, matches: impl Fn(&str) -> bool) -> Option<usize> {
    text.lines().position(matches).map(|n| n + 1)
}

/// The host of an http(s) address (lower-case, without port), and whether it is https.
fn host_of(url: &str) -> Option<(String, bool)> {
    let (rest, https) = match url.strip_prefix("https://") {
        Some(rest) => (rest, true),
        None => (url.strip_prefix("http://")?, false),
    };
    let authority = rest.split(['/', '?', '#']).next()?;
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let host = host.split(':').next()?.to_ascii_lowercase();
    (!host.is_empty()).then_some((host, https))
}

/// A host no agency's site lives at: the documentation domains (example.com, *.example, *.test,
/// *.invalid), this machine, an IP address.
fn is_placeholder_host(host: &str) -> bool {
    let host = host.trim_end_matches('.');
    let tld = host.rsplit('.').next().unwrap_or("");
    ["example.com", "example.org", "example.net"]
        .iter()
        .any(|d| host == *d || host.ends_with(&format!(".{d}")))
        || ["example", "test", "invalid", "localhost", "local"].contains(&tld)
        || host.starts_with("your")
        || host.parse::<std::net::IpAddr>().is_ok()
        || !host.contains('.')
}

/// The site's domain as mail sees it: the host without a leading `www.`.
fn mail_domain(host: &str) -> &str {
    host.strip_prefix("www.").unwrap_or(host)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_and_placeholders() {
        assert_eq!(host_of("https://www.palmcrest.ae/"), Some(("www.palmcrest.ae".into(), true)));
        assert_eq!(host_of("http://User@Palm.AE:8080/x"), Some(("palm.ae".into(), false)));
        assert_eq!(host_of("ftp://palm.ae"), None);
        for placeholder in [
            "example.com",
            "www.example.org",
            "palmcrest.example",
            "a.test",
            "localhost",
            "127.0.0.1",
            "intranet",
            "your-agency.ae",
        ] {
            assert!(is_placeholder_host(placeholder), "{placeholder}");
        }
        for real in ["www.palmcrest.ae", "abc.lambda-url.me-central-1.on.aws", "examples.ae"] {
            assert!(!is_placeholder_host(real), "{real}");
        }
        assert_eq!(mail_domain("www.palmcrest.ae"), "palmcrest.ae");
    }

    #[test]
    fn the_report_counts_problems_and_names_places() {
        let findings = vec![
            Finding::ok("Rust 1.95.0"),
            Finding::problem("baseUrl is http", "use https").at("content/site.yaml", Some(4)),
            Finding::warning("sample basemap", "replace it"),
        ];
        let text = render(&findings);
        assert!(
            text.contains("  PROBLEM  content/site.yaml:4: baseUrl is http\n           -> use https\n"),
            "{text}"
        );
        assert!(
            text.ends_with("estate doctor: 1 problem, 1 warning: fix the problems before deploying.\n"),
            "{text}"
        );
        assert!(render(&findings[..1]).ends_with("ready to deploy (0 warnings).\n"));
    }

    /// The repository's own files, as a clone has them, in a temp folder.
    fn sample_copy() -> tempfile::TempDir {
        let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let copy = tempfile::tempdir().expect("a temp dir");
        for file in [
            "Cargo.toml",
            "netlify.toml",
            "content/site.yaml",
            "content/media/map/sample-dubai.pmtiles",
            "deploy/lead-fn/production.env",
            "site/package.json",
            "rust-toolchain.toml",
            ".nvmrc",
        ] {
            let to = copy.path().join(file);
            std::fs::create_dir_all(to.parent().expect("a parent")).expect("made");
            // The last two are there once the toolchains are pinned.
            let _ = std::fs::copy(repo.join(file), to);
        }
        copy
    }

    #[test]
    fn on_the_sample_it_names_what_a_deploy_still_needs() {
        let copy = sample_copy();
        let none = |_: &str| None;
        // Versions newer than any pin, so the test stands whatever the toolchain files say.
        let probe = Probe {
            rustc: Some("rustc 99.0.0 (x)".into()),
            node: Some("v99.0.0".into()),
            git_origin: None,
            var: &none,
        };
        let findings = diagnose(copy.path(), &probe);
        let problems: Vec<&str> =
            findings.iter().filter(|f| f.level == Level::Problem).map(|f| f.message.as_str()).collect();
        let expected = [
            "the browser editor (/cms/) has no repository",
            "LEAD_FUNCTION_URL is not set here",
            "SEARCH_FUNCTION_URL is not set here",
            "ALERT_EMAIL is empty",
            "no sink: every enquiry would be answered",
        ];
        for (problem, start) in problems.iter().zip(expected) {
            assert!(problem.starts_with(start), "{problem:?} is not {start:?}: {problems:#?}");
        }
        assert_eq!(problems.len(), expected.len(), "{problems:#?}");
        let warnings: Vec<&str> =
            findings.iter().filter(|f| f.level == Level::Warning).map(|f| f.message.as_str()).collect();
        assert!(warnings.iter().any(|w| w.contains("the demo's sample basemap")), "{warnings:#?}");
        assert!(warnings.iter().any(|w| w.starts_with("LEAD_PROXY_SECRET cannot be checked")));
        // The site's address and the sender's domain are the sample agency's own.
        assert!(findings.iter().any(|f| f.message == "the site's address is https://www.palmcrest.ae"));

        // Once the owner filled in the settings, the function's address and the repository.
        let env = copy.path().join("deploy/lead-fn/production.env");
        let text = std::fs::read_to_string(&env)
            .expect("read")
            .replace("ALERT_EMAIL=\n", "ALERT_EMAIL=owner@palmcrest.ae\n")
            .replace("LEAD_MAIL_TO=\n", "LEAD_MAIL_TO=sales@palmcrest.ae\n")
            .replace("LEAD_EMAIL_API=\n", "LEAD_EMAIL_API=postmark\n");
        std::fs::write(&env, text).expect("written");
        let var = |name: &str| match name {
            "LEAD_FUNCTION_URL" => Some("https://abc.lambda-url.me-central-1.on.aws/".to_owned()),
            "SEARCH_FUNCTION_URL" => Some("https://def.lambda-url.me-central-1.on.aws/".to_owned()),
            _ => None,
        };
        let probe =
            Probe { git_origin: Some("https://github.com/palmcrest/website".into()), var: &var, ..probe };
        let findings = diagnose(copy.path(), &probe);
        let problems: Vec<&Finding> = findings.iter().filter(|f| f.level == Level::Problem).collect();
        assert!(problems.is_empty(), "{problems:#?}");
        assert!(render(&findings).contains("\nestate doctor: ready to deploy ("), "{}", render(&findings));
    }
}
