//! `netlify.toml` and the variables Netlify's build reads: the build command and folder, no
//! secret written in the file, the lead and search functions' addresses (`LEAD_FUNCTION_URL`,
//! `SEARCH_FUNCTION_URL`) and the proxy secret (`LEAD_PROXY_SECRET`), which live in Netlify's
//! environment variables. Netlify's own
//! settings cannot be seen from here: a variable set in this shell (or in the file, for the
//! address, which is no secret) is checked as the build would read it.

use std::path::Path;

use super::{Finding, Probe, host_of, is_placeholder_host, line_of};
use crate::publish::redirects::{FUNCTION_URL_VAR, Functions, PROXY_SECRET_VAR, SEARCH_URL_VAR, render};

const FILE: &str = "netlify.toml";

/// `[build.environment]`: the variables every build of the site gets from the file.
pub fn environment(repo: &Path) -> toml::Table {
    std::fs::read_to_string(repo.join(FILE))
        .ok()
        .and_then(|text| text.parse::<toml::Table>().ok())
        .and_then(|table| table.get("build")?.get("environment")?.as_table().cloned())
        .unwrap_or_default()
}

pub fn check(repo: &Path, probe: &Probe) -> Vec<Finding> {
    let text = match std::fs::read_to_string(repo.join(FILE)) {
        Ok(text) => text,
        Err(_) => {
            return vec![
                Finding::problem("there is no netlify.toml", "restore it from git: Netlify builds with it")
                    .at(FILE, None),
            ];
        }
    };
    let table: toml::Table = match text.parse() {
        Ok(table) => table,
        Err(error) => {
            let line = error.span().map(|span| text[..span.start].lines().count().max(1));
            return vec![
                Finding::problem(format!("is not valid TOML: {}", error.message()), "correct it")
                    .at(FILE, line),
            ];
        }
    };
    let mut findings = vec![build(&text, &table)];
    findings.extend(secrets_in_file(&text, &table));
    let from_file = |name: &str| {
        let value = table.get("build")?.get("environment")?.get(name)?.as_str()?.trim().to_owned();
        (!value.is_empty()).then_some(value)
    };
    for var in [FUNCTION_URL_VAR, SEARCH_URL_VAR] {
        findings.push(function_url(var, probe.get(var).or_else(|| from_file(var))));
    }
    findings.push(proxy_secret(probe.get(PROXY_SECRET_VAR)));
    findings
}

fn build(text: &str, table: &toml::Table) -> Finding {
    let command = table.get("build").and_then(|b| b.get("command")).and_then(|c| c.as_str()).unwrap_or("");
    let publish = table.get("build").and_then(|b| b.get("publish")).and_then(|c| c.as_str()).unwrap_or("");
    let line = line_of(text, |l| l.trim() == "[build]");
    if !command.contains("estate") || !command.contains("build") {
        return Finding::problem(
            format!("the build command is {command:?}, which does not build the site with estate"),
            "set [build] command = \"scripts/cached-estate.sh build --for-netlify\"",
        )
        .at(FILE, line);
    }
    if publish.trim_end_matches('/') != "dist" {
        return Finding::problem(
            format!("Netlify publishes {publish:?}, but estate builds the site into dist"),
            "set [build] publish = \"dist\"",
        )
        .at(FILE, line);
    }
    Finding::ok(format!("Netlify runs `{command}` and publishes dist")).at(FILE, line)
}

/// A variable whose name says it is a secret, given a value in any environment table of the
/// file (the build's or a deploy context's): anyone who can read the repository can read it.
fn secrets_in_file(text: &str, table: &toml::Table) -> Vec<Finding> {
    let mut tables: Vec<&toml::Table> = Vec::new();
    if let Some(env) = table.get("build").and_then(|b| b.get("environment")).and_then(|e| e.as_table()) {
        tables.push(env);
    }
    if let Some(contexts) = table.get("context").and_then(|c| c.as_table()) {
        tables.extend(contexts.values().filter_map(|c| c.get("environment")?.as_table()));
    }
    let secret =
        |name: &str| ["SECRET", "PASSWORD", "TOKEN", "API_KEY"].iter().any(|word| name.contains(word));
    tables
        .into_iter()
        .flat_map(|env| env.iter())
        .filter(|(name, value)| secret(name) && value.as_str().is_some_and(|v| !v.trim().is_empty()))
        .map(|(name, _)| {
            let line = line_of(text, |l| l.trim_start().starts_with(name.as_str()) && l.contains('='));
            Finding::problem(
                format!("{name} has its value written in netlify.toml, where anyone who can read the repository reads it"),
                format!("delete the line, set {name} in Netlify's environment variables instead, and change the secret (it is in git's history)"),
            )
            .at(FILE, line)
        })
        .collect()
}

/// `var`, the lead function's address or the search function's, as the build would read it.
fn function_url(var: &str, url: Option<String>) -> Finding {
    let search = var == SEARCH_URL_VAR;
    let Some(url) = url else {
        let fails = if search {
            format!(
                "a build for Netlify would fail (given {FUNCTION_URL_VAR}, whose function takes enquiries alone: deploy/lead-fn/template.yaml), or, without either, every search would find nothing"
            )
        } else {
            "a build would send no enquiry to the lead function and every form would fail".to_owned()
        };
        return Finding::problem(
            format!("{var} is not set here, so {fails}"),
            format!(
                "deploy the functions (scripts/deploy-lead-fn.sh prints their URLs), set {var} in Netlify's environment variables, and check it here with `{var}=https://… estate doctor`"
            ),
        );
    };
    let functions = if search {
        Functions { leads: None, search: Some(&url) }
    } else {
        Functions { leads: Some(&url), search: None }
    };
    if let Err(error) = render(functions, false, &[]) {
        return Finding::problem(error, "copy the function URL exactly as the deploy script printed it");
    }
    let (requests, sent) =
        if search { ("searches", "the searches are") } else { ("enquiries", "the forms' requests are") };
    match host_of(&url) {
        Some((_, false)) => Finding::problem(
            format!("{var}={url} is not https: {requests} would cross the internet unencrypted"),
            "use the https:// address the deploy script printed",
        ),
        Some((host, true)) if is_placeholder_host(&host) => Finding::problem(
            format!("{var}={url} is a placeholder"),
            "use the address the deploy script printed",
        ),
        _ => Finding::ok(format!("{var} is {url}: {sent} proxied there")),
    }
}

fn proxy_secret(secret: Option<String>) -> Finding {
    match secret {
        None => Finding::warning(
            format!(
                "{PROXY_SECRET_VAR} cannot be checked from here (it belongs in Netlify's settings, not in this shell)"
            ),
            "set it in Netlify's environment variables (scopes: Builds and Runtime) to the value the deploy script stored in AWS Secrets Manager; without it the function counts every visitor as Netlify",
        ),
        Some(secret) if secret.len() < 16 || !secret.bytes().all(|b| b.is_ascii_graphic()) => {
            Finding::problem(
                format!(
                    "{PROXY_SECRET_VAR} is shorter than 16 characters or has spaces; the function refuses to start with it"
                ),
                "use the value the deploy script stored in AWS Secrets Manager",
            )
        }
        Some(_) => Finding::ok(format!("{PROXY_SECRET_VAR} is set: the proxy rules are signed")),
    }
}

#[cfg(test)]
mod tests {
    use super::super::Level;
    use super::*;

    const GOOD: &str =
        "[build]\n  command = \"scripts/cached-estate.sh build --for-netlify\"\n  publish = \"dist\"\n";

    fn checked(toml: &str, vars: &[(&str, &str)]) -> Vec<Finding> {
        let dir = tempfile::tempdir().expect("a temp dir");
        std::fs::write(dir.path().join(FILE), toml).expect("written");
        let vars: Vec<(String, String)> =
            vars.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
        let var = move |name: &str| vars.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
        let probe = Probe { rustc: None, node: None, git_origin: None, var: &var };
        check(dir.path(), &probe)
    }

    #[test]
    fn the_build_command_and_folder() {
        let found = checked(GOOD, &[]);
        assert_eq!(found[0].level, Level::Ok);
        let found = checked("[build]\n  command = \"npm run build\"\n  publish = \"dist\"\n", &[]);
        assert!(found[0].message.contains("does not build the site with estate"));
        assert_eq!(found[0].place.as_deref(), Some("netlify.toml:1"));
        let found = checked("[build]\n  command = \"estate build\"\n  publish = \"public\"\n", &[]);
        assert!(found[0].message.contains("publishes \"public\""));
        let found = checked("[build\n", &[]);
        assert!(found[0].message.contains("is not valid TOML"), "{found:?}");
    }

    #[test]
    fn no_secret_in_the_file() {
        let toml = format!(
            "{GOOD}[build.environment]\n  LEAD_FUNCTION_URL = \"https://abc.lambda-url.me-central-1.on.aws/\"\n  LEAD_PROXY_SECRET = \"0123456789abcdef0\"\n[context.production.environment]\n  CRM_API_KEY = \"k\"\n  CMS_REPO = \"a/b\"\n"
        );
        let found = checked(&toml, &[]);
        let secrets: Vec<_> = found.iter().filter(|f| f.message.contains("has its value written")).collect();
        assert_eq!(secrets.len(), 2, "{found:?}");
        assert_eq!(secrets[0].place.as_deref(), Some("netlify.toml:6"));
        assert_eq!(secrets[1].place.as_deref(), Some("netlify.toml:8"));
        // The address in the file is no secret, and it is read.
        assert!(
            found
                .iter()
                .any(|f| f.level == Level::Ok && f.message.starts_with("LEAD_FUNCTION_URL is https://abc"))
        );
    }

    #[test]
    fn the_function_urls_and_the_proxy_secret_as_the_build_reads_them() {
        let found = checked(GOOD, &[]);
        assert_eq!(found[1].level, Level::Problem);
        assert!(found[1].message.starts_with("LEAD_FUNCTION_URL is not set here"));
        assert_eq!(found[2].level, Level::Problem);
        assert!(
            found[2]
                .message
                .starts_with("SEARCH_FUNCTION_URL is not set here, so a build for Netlify would fail"),
            "{found:?}"
        );
        assert_eq!(found[3].level, Level::Warning);
        let found = checked(
            GOOD,
            &[
                ("LEAD_FUNCTION_URL", "http://abc.lambda-url.me-central-1.on.aws"),
                ("SEARCH_FUNCTION_URL", "http://def.lambda-url.me-central-1.on.aws"),
                ("LEAD_PROXY_SECRET", "short"),
            ],
        );
        assert!(found[1].message.contains("is not https: enquiries"), "{found:?}");
        assert!(found[2].message.contains("SEARCH_FUNCTION_URL=http://def"), "{found:?}");
        assert!(found[2].message.contains("is not https: searches"), "{found:?}");
        assert!(found[3].message.contains("shorter than 16"));
        let found = checked(GOOD, &[("LEAD_FUNCTION_URL", "https://fn.example/?x=1")]);
        assert!(found[1].message.contains("may not hold spaces, a query or a fragment"), "{found:?}");
        let found = checked(GOOD, &[("SEARCH_FUNCTION_URL", "https://fn.example/?x=1")]);
        assert!(
            found[2].message.starts_with("SEARCH_FUNCTION_URL=\"https://fn.example/?x=1\" may not hold"),
            "{found:?}"
        );
        let found = checked(GOOD, &[("LEAD_FUNCTION_URL", "https://fn.example/")]);
        assert!(found[1].message.contains("is a placeholder"));
        let found = checked(
            GOOD,
            &[
                ("LEAD_FUNCTION_URL", "https://abc.lambda-url.me-central-1.on.aws/"),
                ("SEARCH_FUNCTION_URL", "https://def.lambda-url.me-central-1.on.aws/"),
                ("LEAD_PROXY_SECRET", "0123456789abcdef0123"),
            ],
        );
        assert!(found.iter().all(|f| f.level == Level::Ok), "{found:?}");
        assert_eq!(
            found[2].message,
            "SEARCH_FUNCTION_URL is https://def.lambda-url.me-central-1.on.aws/: the searches are proxied there"
        );
    }
}
