//! Rust and Node: the versions on this machine against what the repository asks for
//! (`rust-toolchain.toml`, else Cargo.toml's `rust-version`; `.nvmrc`, else the site's
//! `engines`), and the Node Netlify builds with.

use std::path::Path;

use super::{Finding, Probe};

/// The oldest Rust that compiles the workspace's 2024 edition.
const RUST_MINIMUM: (u32, u32, u32) = (1, 90, 0);
/// The oldest Node supported: the LTS line still maintained (Node 20's life ended on 2026-04-30).
const NODE_MINIMUM: (u32, u32, u32) = (24, 0, 0);

pub fn check(repo: &Path, probe: &Probe) -> Vec<Finding> {
    let mut findings = vec![rust(repo, probe)];
    let (node_needed, source) = node_needed(repo);
    findings.push(node(probe, node_needed, &source));
    findings.push(netlify_node(repo, node_needed));
    findings
}

fn rust(repo: &Path, probe: &Probe) -> Finding {
    let (needed, source) = rust_needed(repo);
    let Some(found) = probe.rustc.as_deref().and_then(version) else {
        return Finding::problem(
            "Rust is not installed (no `rustc` found)",
            "install it with rustup (rustup.rs); it installs the pinned version by itself",
        );
    };
    if found < needed {
        Finding::problem(
            format!("Rust {} is older than {} ({source})", show(found), show(needed)),
            "run `rustup update` (with rustup, the pinned version is installed when you build)",
        )
    } else {
        Finding::ok(format!("Rust {} ({} or newer: {source})", show(found), show(needed)))
    }
}

/// The Rust the repository asks for, and where it says so.
fn rust_needed(repo: &Path) -> ((u32, u32, u32), String) {
    let pinned = std::fs::read_to_string(repo.join("rust-toolchain.toml"))
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
        .and_then(|table| table.get("toolchain")?.get("channel")?.as_str().and_then(version));
    if let Some(pinned) = pinned {
        return (pinned, "rust-toolchain.toml".to_owned());
    }
    let declared = std::fs::read_to_string(repo.join("Cargo.toml"))
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
        .and_then(|table| {
            table.get("workspace")?.get("package")?.get("rust-version")?.as_str().and_then(version)
        });
    match declared {
        Some(declared) => (declared.max(RUST_MINIMUM), "Cargo.toml's rust-version".to_owned()),
        None => (RUST_MINIMUM, "the 2024 edition".to_owned()),
    }
}

fn node(probe: &Probe, needed: (u32, u32, u32), source: &str) -> Finding {
    let Some(found) = probe.node.as_deref().and_then(version) else {
        return Finding::problem(
            "Node is not installed (no `node` found); the site's build needs it",
            format!("install Node {} LTS (nodejs.org, or nvm: `nvm install`)", needed.0),
        );
    };
    if found < needed {
        Finding::problem(
            format!("Node {} is older than {} ({source})", show(found), show(needed)),
            format!("install Node {} LTS (nodejs.org, or nvm: `nvm install`)", needed.0),
        )
    } else {
        Finding::ok(format!("Node {} ({} or newer: {source})", show(found), show(needed)))
    }
}

/// The Node the repository asks for: `.nvmrc`, else the site's `engines.node`, never below the
/// supported minimum.
fn node_needed(repo: &Path) -> ((u32, u32, u32), String) {
    let nvmrc = std::fs::read_to_string(repo.join(".nvmrc")).ok().and_then(|t| version(t.trim()));
    if let Some(nvmrc) = nvmrc {
        return (nvmrc.max(NODE_MINIMUM), ".nvmrc".to_owned());
    }
    let engines = std::fs::read_to_string(repo.join("site/package.json"))
        .ok()
        .and_then(|text| serde_json::from_str::<serde_json::Value>(&text).ok())
        .and_then(|json| json["engines"]["node"].as_str().and_then(version));
    match engines {
        Some(engines) if engines >= NODE_MINIMUM => (engines, "site/package.json's engines".to_owned()),
        _ => (NODE_MINIMUM, "the oldest Node still supported".to_owned()),
    }
}

/// Netlify builds with `NODE_VERSION` from netlify.toml, else `.nvmrc`, else its own default.
fn netlify_node(repo: &Path, needed: (u32, u32, u32)) -> Finding {
    let file = "netlify.toml";
    let text = std::fs::read_to_string(repo.join(file)).unwrap_or_default();
    let pinned = text.parse::<toml::Table>().ok().and_then(|table| {
        table.get("build")?.get("environment")?.get("NODE_VERSION")?.as_str().map(str::to_owned)
    });
    match pinned {
        Some(pinned) => {
            let line = super::line_of(&text, |l| l.trim_start().starts_with("NODE_VERSION"));
            match version(&pinned) {
                Some(found) if found.0 >= needed.0 => {
                    Finding::ok(format!("Netlify builds with Node {pinned} (netlify.toml)"))
                }
                _ => Finding::problem(
                    format!("Netlify would build with Node {pinned}, older than {}", show(needed)),
                    format!("set NODE_VERSION = \"{}\" in netlify.toml's [build.environment]", needed.0),
                )
                .at(file, line),
            }
        }
        None if repo.join(".nvmrc").is_file() => Finding::ok("Netlify builds with the Node of .nvmrc"),
        None => Finding::warning(
            "nothing tells Netlify which Node to build with, so it uses its own default",
            format!("set NODE_VERSION = \"{}\" in netlify.toml's [build.environment]", needed.0),
        )
        .at(file, None),
    }
}

/// The first `major[.minor[.patch]]` in `text` (`rustc 1.95.0 (…)`, `v24.1.0`, `>=22.12`).
fn version(text: &str) -> Option<(u32, u32, u32)> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let digits: String = text[start..].chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
    let mut parts = digits.split('.').map(|p| p.parse::<u32>().ok());
    let major = parts.next()??;
    Some((major, parts.next().flatten().unwrap_or(0), parts.next().flatten().unwrap_or(0)))
}

fn show((major, minor, patch): (u32, u32, u32)) -> String {
    format!("{major}.{minor}.{patch}")
}

#[cfg(test)]
mod tests {
    use super::super::Level;
    use super::*;

    fn probe<'a>(
        rustc: Option<&str>,
        node: Option<&str>,
        var: &'a dyn Fn(&str) -> Option<String>,
    ) -> Probe<'a> {
        Probe { rustc: rustc.map(str::to_owned), node: node.map(str::to_owned), git_origin: None, var }
    }

    fn repo(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("a temp dir");
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().expect("a parent")).expect("made");
            std::fs::write(path, text).expect("written");
        }
        dir
    }

    const CARGO: &str = "[workspace.package]\nedition = \"2024\"\nrust-version = \"1.90\"\n";

    #[test]
    fn versions_are_read_from_what_the_tools_print() {
        assert_eq!(version("rustc 1.95.0 (59807616e 2026-04-14)"), Some((1, 95, 0)));
        assert_eq!(version("v24.11.1"), Some((24, 11, 1)));
        assert_eq!(version(">=22.12 <23"), Some((22, 12, 0)));
        assert_eq!(version("lts/*"), None);
    }

    #[test]
    fn rust_against_the_pin_or_the_declared_version() {
        let none = |_: &str| None;
        let declared = repo(&[("Cargo.toml", CARGO)]);
        let found = check(declared.path(), &probe(Some("rustc 1.89.0 (x)"), Some("v24.1.0"), &none));
        assert_eq!(found[0].level, Level::Problem, "{found:?}");
        assert!(found[0].message.contains("1.89.0 is older than 1.90.0 (Cargo.toml's rust-version)"));
        let pinned =
            repo(&[("Cargo.toml", CARGO), ("rust-toolchain.toml", "[toolchain]\nchannel = \"1.93.0\"\n")]);
        let found = check(pinned.path(), &probe(Some("rustc 1.92.1 (x)"), Some("v24.1.0"), &none));
        assert!(found[0].message.contains("older than 1.93.0 (rust-toolchain.toml)"), "{found:?}");
        let found = check(pinned.path(), &probe(Some("rustc 1.95.0 (x)"), Some("v24.1.0"), &none));
        assert_eq!(found[0].level, Level::Ok);
        let found = check(pinned.path(), &probe(None, None, &none));
        assert!(
            found[0].message.contains("Rust is not installed")
                && found[1].message.contains("Node is not installed")
        );
    }

    #[test]
    fn node_against_nvmrc_engines_or_the_supported_minimum() {
        let none = |_: &str| None;
        // engines asking for Node 20 do not lower the minimum: Node 20 is past its end of life.
        let old = repo(&[("site/package.json", r#"{"engines":{"node":">=20"}}"#)]);
        let found = check(old.path(), &probe(Some("rustc 1.95.0"), Some("v20.20.2"), &none));
        assert_eq!(found[1].level, Level::Problem);
        assert!(
            found[1].message.contains("Node 20.20.2 is older than 24.0.0 (the oldest Node still supported)")
        );
        assert_eq!(found[2].level, Level::Warning, "no Node for Netlify: {found:?}");
        let nvmrc = repo(&[(".nvmrc", "24.11\n"), ("netlify.toml", "[build]\ncommand = \"x\"\n")]);
        let found = check(nvmrc.path(), &probe(Some("rustc 1.95.0"), Some("v24.3.0"), &none));
        assert!(found[1].message.contains("older than 24.11.0 (.nvmrc)"), "{found:?}");
        assert_eq!(found[2], Finding::ok("Netlify builds with the Node of .nvmrc"));
        let pinned_old = repo(&[(
            "netlify.toml",
            "[build]\ncommand = \"x\"\n[build.environment]\n  NODE_VERSION = \"20\"\n",
        )]);
        let found = check(pinned_old.path(), &probe(Some("rustc 1.95.0"), Some("v24.3.0"), &none));
        assert_eq!(found[1].level, Level::Ok);
        assert_eq!(found[2].level, Level::Problem);
        assert_eq!(found[2].place.as_deref(), Some("netlify.toml:4"));
    }
}
