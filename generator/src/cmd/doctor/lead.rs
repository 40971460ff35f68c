//! The lead function's production settings, `deploy/lead-fn/production.env` (what
//! scripts/deploy-lead-fn.sh deploys): read by the function's own settings reader, with the
//! rules of Lambda on top: a sink that delivers (not the outbox, whose disk Lambda loses), no
//! background delivery, no secret in the file, an alarm address, the site's own address, and a
//! sender on the site's domain.

use std::collections::BTreeMap;
use std::path::Path;

use lead_fn::leads::Settings;

use super::{Finding, host_of, mail_domain};

pub const FILE: &str = "deploy/lead-fn/production.env";

/// The settings the deploy script asks for and keeps in AWS Secrets Manager.
const SECRETS: [&str; 4] =
    ["LEAD_PROXY_SECRET", "LEAD_SMTP_PASSWORD", "LEAD_EMAIL_API_KEY", "LEAD_WEBHOOK_TOKEN"];

/// The file's settings, each with its line: `KEY=VALUE` lines, `#` comments, blank lines, the
/// value trimmed (the deploy script reads it the same way, as text, never as shell).
pub fn parse(text: &str) -> BTreeMap<String, (String, usize)> {
    let mut settings = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((key, value)) = line.split_once('=') {
            settings.insert(key.trim().to_owned(), (value.trim().to_owned(), n + 1));
        }
    }
    settings
}

pub fn check(repo: &Path, site_host: Option<&str>) -> Vec<Finding> {
    let Ok(text) = std::fs::read_to_string(repo.join(FILE)) else {
        return vec![Finding::problem(
            "the lead function has no production settings (deploy/lead-fn/production.env is missing)",
            "restore the file from git and fill it in (docs/deploy.md, the lead function)",
        )];
    };
    let settings = parse(&text);
    let value = |key: &str| settings.get(key).map(|(v, _)| v.as_str()).filter(|v| !v.is_empty());
    let line = |key: &str| settings.get(key).map(|(_, line)| *line);
    let mut findings = Vec::new();

    for key in SECRETS {
        if value(key).is_some() {
            findings.push(
                Finding::problem(
                    format!("{key} is a secret written in the file, where anyone who can read the repository reads it"),
                    "delete the line (the deploy script asks for it and keeps it in AWS Secrets Manager), and change the secret: it is in git's history",
                )
                .at(FILE, line(key)),
            );
        }
    }
    for key in ["AWS_REGION", "STACK_NAME"] {
        if value(key).is_none() {
            findings.push(
                Finding::problem(format!("{key} is empty"), "write it (the file's comments say what)")
                    .at(FILE, line(key)),
            );
        }
    }
    match value("ALERT_EMAIL") {
        Some(email) if email.contains('@') => findings.push(
            Finding::ok(format!("alarms are emailed to {email} (confirm AWS's subscription email)"))
                .at(FILE, line("ALERT_EMAIL")),
        ),
        _ => findings.push(
            Finding::problem(
                "ALERT_EMAIL is empty: nobody would hear of an enquiry that reached no one",
                "write the address that should be told (the owner's or the office's)",
            )
            .at(FILE, line("ALERT_EMAIL")),
        ),
    }
    if let Some(on) = value("LEAD_BACKGROUND_DELIVERY")
        .filter(|v| ["true", "1", "yes"].contains(&v.to_ascii_lowercase().as_str()))
    {
        findings.push(
            Finding::problem(
                format!("LEAD_BACKGROUND_DELIVERY={on}: Lambda freezes the function once it answers, so leads delivered after the answer would be lost"),
                "delete the line: on Lambda every sink gets the lead before the visitor is answered",
            )
            .at(FILE, line("LEAD_BACKGROUND_DELIVERY")),
        );
    }
    if value("LEAD_OUTBOX_DIR").is_some() {
        findings.push(
            Finding::problem(
                "LEAD_OUTBOX_DIR: the outbox is a folder on the function's disk, which Lambda throws away; no one would read those leads",
                "delete the line and deliver by email (LEAD_SMTP_HOST or LEAD_EMAIL_API) or to a CRM (LEAD_WEBHOOK_URL)",
            )
            .at(FILE, line("LEAD_OUTBOX_DIR")),
        );
    }
    findings.extend(as_the_function_reads_them(&settings, &value));
    findings.extend(addresses(site_host, &value, &line));
    findings
}

/// The settings through the function's own reader (the secrets stand in, as Secrets Manager
/// gives them at deploy): a value it would refuse at start, and whether any sink delivers.
fn as_the_function_reads_them<'a>(
    settings: &'a BTreeMap<String, (String, usize)>,
    value: &impl Fn(&str) -> Option<&'a str>,
) -> Vec<Finding> {
    let var = |name: &str| -> Option<String> {
        if SECRETS.contains(&name) {
            return Some("kept-in-aws-secrets-manager".to_owned());
        }
        if name == "LEAD_OUTBOX_DIR" || name == "LEAD_SMTP_CA_FILE" {
            return None;
        }
        value(name).map(str::to_owned)
    };
    match Settings::from_env(var) {
        Err(error) => {
            let line = settings.get(error.var).map(|(_, line)| *line);
            vec![
                Finding::problem(
                    format!("the function would refuse to start: {error}"),
                    format!("correct {} (docs/deploy.md lists each setting)", error.var),
                )
                .at(FILE, line),
            ]
        }
        Ok(read) if read.sinks.is_empty() => vec![
            Finding::problem(
                "no sink: every enquiry would be answered 'Failed to submit user data.'",
                "set LEAD_SMTP_HOST (with LEAD_SMTP_USER), or LEAD_EMAIL_API (postmark or resend), and LEAD_MAIL_TO; or LEAD_WEBHOOK_URL for a CRM",
            )
            .at(FILE, None),
        ],
        Ok(read) => {
            let names: Vec<&str> = read.sinks.iter().map(|s| s.name()).collect();
            let to: Vec<String> = read.addresses.to.iter().map(|m| m.email.to_string()).collect();
            let agents = if to.is_empty() { String::new() } else { format!(", to {}", to.join(", ")) };
            vec![Finding::ok(format!("enquiries go to {}{agents}", names.join(" and "))).at(FILE, None)]
        }
    }
}

/// `LEAD_SITE_URL` is the site's own address, and the sender's domain is the site's.
fn addresses<'a>(
    site_host: Option<&str>,
    value: &impl Fn(&str) -> Option<&'a str>,
    line: &impl Fn(&str) -> Option<usize>,
) -> Vec<Finding> {
    let mut findings = Vec::new();
    let Some(site_host) = site_host else { return findings };
    match value("LEAD_SITE_URL").and_then(host_of) {
        Some((host, _)) if host == site_host => findings.push(
            Finding::ok(format!("LEAD_SITE_URL is the site's address (https://{site_host})")).at(FILE, line("LEAD_SITE_URL")),
        ),
        _ => findings.push(
            Finding::problem(
                format!("LEAD_SITE_URL is not the site's address (https://{site_host}, content/site.yaml's baseUrl)"),
                format!("set LEAD_SITE_URL=https://{site_host}: the emails' links and the search's catalogue come from it"),
            )
            .at(FILE, line("LEAD_SITE_URL")),
        ),
    }
    let Some(from) = value("LEAD_MAIL_FROM") else { return findings };
    let address = from.rsplit_once('<').map_or(from, |(_, a)| a.trim_end_matches('>'));
    let sender = address.rsplit_once('@').map(|(_, d)| d.trim().to_ascii_lowercase()).unwrap_or_default();
    let site = mail_domain(site_host);
    if sender == site || sender.ends_with(&format!(".{site}")) {
        findings.push(
            Finding::ok(format!("the agents' email is sent from {address}, on the site's domain (publish its SPF, DKIM and DMARC records)"))
                .at(FILE, line("LEAD_MAIL_FROM")),
        );
    } else {
        findings.push(
            Finding::problem(
                format!("LEAD_MAIL_FROM sends from {sender:?}, not the site's domain {site:?}: without that domain's SPF and DKIM the agents' mail lands in spam or is refused"),
                format!("send from an address @{site} (e.g. leads@{site}) and set up its DNS records (docs/deploy.md, mail)"),
            )
            .at(FILE, line("LEAD_MAIL_FROM")),
        );
    }
    findings
}

#[cfg(test)]
mod tests {
    use super::super::Level;
    use super::*;

    fn checked(env: &str) -> Vec<Finding> {
        let dir = tempfile::tempdir().expect("a temp dir");
        std::fs::create_dir_all(dir.path().join("deploy/lead-fn")).expect("made");
        std::fs::write(dir.path().join(FILE), env).expect("written");
        check(dir.path(), Some("www.palmcrest.ae"))
    }

    fn problems(found: &[Finding]) -> Vec<String> {
        found.iter().filter(|f| f.level == Level::Problem).map(|f| f.message.clone()).collect()
    }

    const READY: &str = "AWS_REGION=me-central-1\nSTACK_NAME=palmcrest-lead-fn\nALERT_EMAIL=owner@palmcrest.ae\n\
        LEAD_SITE_URL=https://www.palmcrest.ae\nLEAD_MAIL_FROM=Palm Crest Website <leads@palmcrest.ae>\n\
        LEAD_MAIL_TO=sales@palmcrest.ae\nLEAD_EMAIL_API=postmark\nLEAD_WEBHOOK_URL=\n";

    #[test]
    fn a_ready_file_passes_and_names_where_enquiries_go() {
        let found = checked(READY);
        assert!(problems(&found).is_empty(), "{found:?}");
        assert!(
            found.iter().any(|f| f.message == "enquiries go to postmark, to sales@palmcrest.ae"),
            "{found:?}"
        );
        assert_eq!(parse(READY)["LEAD_MAIL_FROM"], ("Palm Crest Website <leads@palmcrest.ae>".to_owned(), 5));
    }

    #[test]
    fn an_outbox_only_or_sinkless_setup_is_refused_on_lambda() {
        let no_sink = READY.replace("LEAD_EMAIL_API=postmark", "LEAD_EMAIL_API=");
        assert!(problems(&checked(&no_sink)).iter().any(|p| p.starts_with("no sink")));
        let outbox = format!("{no_sink}LEAD_OUTBOX_DIR=/tmp/outbox\nLEAD_BACKGROUND_DELIVERY=true\n");
        let found = checked(&outbox);
        let problems = problems(&found);
        assert!(problems.iter().any(|p| p.starts_with("LEAD_OUTBOX_DIR")), "{problems:?}");
        assert!(problems.iter().any(|p| p.starts_with("LEAD_BACKGROUND_DELIVERY=true")));
        assert!(problems.iter().any(|p| p.starts_with("no sink")), "the outbox is no sink on Lambda");
        let place =
            found.iter().find(|f| f.message.starts_with("LEAD_OUTBOX_DIR")).and_then(|f| f.place.clone());
        assert_eq!(place.as_deref(), Some("deploy/lead-fn/production.env:9"));
    }

    #[test]
    fn the_functions_own_rules_secrets_and_the_alarm() {
        let found = checked(&READY.replace("LEAD_MAIL_TO=sales@palmcrest.ae", "LEAD_MAIL_TO="));
        let refused = found
            .iter()
            .find(|f| f.message.starts_with("the function would refuse to start"))
            .expect("refused");
        assert!(refused.message.contains("LEAD_MAIL_TO"), "{refused:?}");
        assert_eq!(refused.place.as_deref(), Some("deploy/lead-fn/production.env:6"));
        let found = checked(&format!("{READY}LEAD_SMTP_PASSWORD=hunter2\n"));
        assert!(
            problems(&found)
                .iter()
                .any(|p| p.starts_with("LEAD_SMTP_PASSWORD is a secret written in the file"))
        );
        let found = checked(&READY.replace("ALERT_EMAIL=owner@palmcrest.ae", "ALERT_EMAIL="));
        assert!(problems(&found).iter().any(|p| p.starts_with("ALERT_EMAIL is empty")));
        let found = checked(&READY.replace("AWS_REGION=me-central-1", ""));
        assert!(problems(&found).contains(&"AWS_REGION is empty".to_owned()));
        let found = check(tempfile::tempdir().expect("a temp dir").path(), None);
        assert!(problems(&found)[0].contains("production.env is missing"));
    }

    #[test]
    fn the_site_address_and_the_senders_domain_are_the_sites() {
        let found = checked(&READY.replace("https://www.palmcrest.ae", "https://palmcrest.netlify.app"));
        assert!(problems(&found).iter().any(|p| p.starts_with("LEAD_SITE_URL is not the site's address")));
        let found = checked(&READY.replace("<leads@palmcrest.ae>", "<palmcrest.leads@gmail.com>"));
        assert!(
            problems(&found)
                .iter()
                .any(|p| p.contains("sends from \"gmail.com\", not the site's domain \"palmcrest.ae\""))
        );
        let found = checked(&READY.replace("<leads@palmcrest.ae>", "<leads@mail.palmcrest.ae>"));
        assert!(problems(&found).is_empty(), "a subdomain of the site's is the site's: {found:?}");
    }
}
