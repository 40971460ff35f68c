//! `content/site.yaml`: the public address (https, a real domain) and the map's basemap file;
//! and the repository the browser editor (`/cms/`) saves to.

use std::path::Path;

use serde_json::Value;

use super::{Finding, Probe, host_of, is_placeholder_host, line_of};
use crate::content::cms::{Backend, PLACEHOLDER_REPO};

const SITE: &str = "content/site.yaml";

/// What site.yaml says, and the findings about it.
pub struct Site {
    /// The site's host (`www.palmcrest.ae`), when its address is usable.
    pub host: Option<String>,
    pub findings: Vec<Finding>,
}

pub fn read(repo: &Path) -> Site {
    let text = match std::fs::read_to_string(repo.join(SITE)) {
        Ok(text) => text,
        Err(error) => {
            let finding = Finding::problem(format!("cannot read it: {error}"), "restore the file from git")
                .at(SITE, None);
            return Site { host: None, findings: vec![finding] };
        }
    };
    let yaml: Value = match serde_saphyr::from_str(&text) {
        Ok(yaml) => yaml,
        Err(_) => {
            let finding =
                Finding::problem("is not valid YAML", "run `estate check`, which shows where").at(SITE, None);
            return Site { host: None, findings: vec![finding] };
        }
    };
    let (host, address) = address(&text, &yaml);
    Site { host, findings: vec![address, basemap(repo, &text, &yaml)] }
}

fn address(text: &str, yaml: &Value) -> (Option<String>, Finding) {
    let line = line_of(text, |l| l.starts_with("baseUrl:"));
    let Some(url) = yaml["baseUrl"].as_str().map(str::trim) else {
        let fix = "write the site's address, e.g. `baseUrl: https://www.your-agency.ae`";
        return (None, Finding::problem("baseUrl, the site's address, is missing", fix).at(SITE, line));
    };
    let finding = match host_of(url) {
        None => Finding::problem(
            format!("baseUrl {url:?} is not a web address"),
            "write it as https://www.your-agency.ae",
        ),
        Some((host, _)) if is_placeholder_host(&host) => Finding::problem(
            format!("baseUrl {url:?} is a placeholder, not the agency's domain"),
            "write the domain the site will be published at (links, the sitemap and the feeds use it)",
        ),
        Some((_, false)) => Finding::problem(
            format!("baseUrl {url:?} is not https"),
            "write it with https:// (Netlify serves the site over HTTPS; search engines and the portals expect it)",
        ),
        Some((host, true)) => {
            return (Some(host), Finding::ok(format!("the site's address is {url}")).at(SITE, line));
        }
    };
    (None, finding.at(SITE, line))
}

/// The PMTiles basemap named by `map.tiles`: there, a PMTiles file, and not the demo's sample.
fn basemap(repo: &Path, text: &str, yaml: &Value) -> Finding {
    let map_line = line_of(text, |l| l.starts_with("map:"));
    let line = map_line.and_then(|from| {
        text.lines().skip(from).position(|l| l.trim_start().starts_with("tiles:")).map(|n| from + n + 1)
    });
    let Some(tiles) = yaml["map"]["tiles"].as_str() else {
        return Finding::warning(
            "no basemap (map.tiles): the listings' map shows the pins on a blank background",
            "add a PMTiles extract of Dubai under content/media/map/ and name it in map.tiles (docs/deploy.md)",
        )
        .at(SITE, map_line);
    };
    if tiles.starts_with("https://") {
        return Finding::ok(format!("the basemap is hosted at {tiles}")).at(SITE, line);
    }
    // A file under content/, stored as `/media/…` (the older `media/…` names the same file).
    let tiles = tiles.trim_start_matches('/');
    let path = repo.join("content").join(tiles);
    let mut magic = [0u8; 7];
    let read = std::fs::File::open(&path).and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic));
    if read.is_err() {
        return Finding::problem(
            format!("map.tiles names content/{tiles}, which is not there"),
            "add the file (a PMTiles extract) or correct the name",
        )
        .at(SITE, line);
    }
    if &magic != b"PMTiles" {
        return Finding::problem(
            format!("content/{tiles} is not a PMTiles file"),
            "export the basemap as .pmtiles (Protomaps' `pmtiles extract`)",
        )
        .at(SITE, line);
    }
    let sample = tiles.contains("sample")
        || yaml["map"]["attribution"].as_str().is_some_and(|a| a.to_ascii_lowercase().starts_with("sample"));
    if sample {
        Finding::warning(
            format!("content/{tiles} is the demo's sample basemap, not a survey of Dubai"),
            "replace it with a Protomaps extract of Dubai and set map.attribution to its credit (docs/deploy.md)",
        )
        .at(SITE, line)
    } else {
        Finding::ok(format!("the basemap is content/{tiles}")).at(SITE, line)
    }
}

/// The repository the CMS saves to: `CMS_REPO` (here or in netlify.toml), else the repository
/// Netlify builds from (`REPOSITORY_URL`, which Netlify sets; here, the git remote `origin`).
pub fn cms(probe: &Probe, netlify_env: &toml::Table) -> Vec<Finding> {
    let from_file = |name: &str| netlify_env.get(name).and_then(|v| v.as_str()).map(str::to_owned);
    let var = |name: &str| {
        probe
            .get(name)
            .or_else(|| from_file(name))
            .or_else(|| (name == "REPOSITORY_URL").then(|| probe.git_origin.clone()).flatten())
    };
    let backend = Backend::from_env(var);
    let mut findings = Vec::new();
    if !["github", "gitlab", "gitea"].contains(&backend.name.as_str()) {
        findings.push(Finding::problem(
            format!("CMS_BACKEND is {:?}; the browser editor knows github, gitlab and gitea", backend.name),
            "set CMS_BACKEND to github (or leave it unset)",
        ));
    }
    if backend.repo == PLACEHOLDER_REPO {
        findings.push(Finding::problem(
            "the browser editor (/cms/) has no repository to save to: no CMS_REPO, and this folder has no git remote `origin` on a host such as GitHub (a folder on this machine is none)",
            "push the repository to GitHub and link the Netlify site to it (Netlify then names it), or set CMS_REPO=owner/name in Netlify's environment variables",
        ));
    } else {
        let how = if backend.name == "github" {
            "; editors sign in with GitHub through Netlify's OAuth provider (docs/deploy.md, the OAuth app)"
        } else {
            ""
        };
        findings.push(Finding::ok(format!(
            "the browser editor saves to {} on {}, branch {}{how}",
            backend.repo, backend.name, backend.branch
        )));
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::super::Level;
    use super::*;

    fn site(yaml: &str, files: &[(&str, &[u8])]) -> (tempfile::TempDir, Site) {
        let dir = tempfile::tempdir().expect("a temp dir");
        std::fs::create_dir_all(dir.path().join("content/media/map")).expect("made");
        std::fs::write(dir.path().join(SITE), yaml).expect("written");
        for (name, bytes) in files {
            std::fs::write(dir.path().join("content").join(name), bytes).expect("written");
        }
        let read = read(dir.path());
        (dir, read)
    }

    const TILES: &[(&str, &[u8])] = &[("media/map/dubai.pmtiles", b"PMTiles\x03rest")];

    #[test]
    fn the_address_must_be_https_and_a_real_domain() {
        let (_d, good) = site(
            "name: A\nbaseUrl: https://www.palmcrest.ae\nmap:\n  tiles: /media/map/dubai.pmtiles\n",
            TILES,
        );
        assert_eq!(good.host.as_deref(), Some("www.palmcrest.ae"));
        assert_eq!(good.findings[0].level, Level::Ok);
        assert_eq!(
            good.findings[1],
            Finding::ok("the basemap is content/media/map/dubai.pmtiles").at(SITE, Some(4))
        );
        let (_d, plain) = site("name: A\nbaseUrl: http://www.palmcrest.ae\n", TILES);
        assert_eq!(plain.host, None);
        assert!(plain.findings[0].message.contains("is not https"));
        assert_eq!(plain.findings[0].place.as_deref(), Some("content/site.yaml:2"));
        let (_d, example) = site("baseUrl: https://www.example.com\n", TILES);
        assert!(example.findings[0].message.contains("is a placeholder"), "{:?}", example.findings);
        let (_d, missing) = site("name: A\n", TILES);
        assert!(missing.findings[0].message.contains("is missing"));
        let (_d, broken) = site("baseUrl: [\n", TILES);
        assert!(broken.findings[0].message.contains("not valid YAML"));
    }

    #[test]
    fn the_basemap_must_be_a_pmtiles_file_and_not_the_sample() {
        let base = "baseUrl: https://www.palmcrest.ae\nmap:\n";
        let (_d, absent) = site(&format!("{base}  tiles: media/map/gone.pmtiles\n"), TILES);
        assert!(absent.findings[1].message.contains("which is not there"));
        assert_eq!(absent.findings[1].place.as_deref(), Some("content/site.yaml:3"));
        let (_d, not_tiles) =
            site(&format!("{base}  tiles: media/map/x.pmtiles\n"), &[("media/map/x.pmtiles", b"<html>....")]);
        assert!(not_tiles.findings[1].message.contains("is not a PMTiles file"));
        let (_d, sample) =
            site(&format!("{base}  tiles: media/map/dubai.pmtiles\n  attribution: Sample basemap\n"), TILES);
        assert_eq!(sample.findings[1].level, Level::Warning);
        let (_d, none) = site("baseUrl: https://www.palmcrest.ae\n", TILES);
        assert_eq!(none.findings[1].level, Level::Warning);
    }

    #[test]
    fn the_cms_repository_comes_from_cms_repo_netlify_or_the_git_remote() {
        let none = |_: &str| None;
        let mut probe = Probe { rustc: None, node: None, git_origin: None, var: &none };
        let empty = toml::Table::new();
        let found = cms(&probe, &empty);
        assert_eq!(found[0].level, Level::Problem, "{found:?}");
        // A clone of a folder on this machine: its remote is no repository the CMS can reach.
        probe.git_origin = Some("/home/agency/website".into());
        assert_eq!(cms(&probe, &empty)[0].level, Level::Problem);
        probe.git_origin = Some("git@github.com:palmcrest/website.git".into());
        let found = cms(&probe, &empty);
        assert_eq!(found[0].level, Level::Ok);
        assert!(
            found[0]
                .message
                .starts_with("the browser editor saves to palmcrest/website on github, branch main")
        );
        let file: toml::Table =
            "CMS_REPO = \"agency/site\"\nCMS_BACKEND = \"bitbucket\"".parse().expect("toml");
        let found = cms(&probe, &file);
        assert!(found[0].message.contains("bitbucket"), "{found:?}");
        assert!(found[1].message.contains("saves to agency/site"));
    }
}
