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
const SECRETS: [&str; 6] = [
    "LEAD_PROXY_SECRET",
    "LEAD_ALERTS_SECRET",
    "LEAD_HOOKS_SECRET",
    "LEAD_SMTP_PASSWORD",
    "LEAD_EMAIL_API_KEY",
    "LEAD_WEBHOOK_TOKEN",
];

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

    for (key, (written, at)) in &settings {
        if written.is_empty() {
            continue;
        }
        if SECRETS.contains(&key.as_str()) {
            findings.push(
                Finding::problem(
                    format!("{key} is a secret written in the file, where anyone who can read the repository reads it"),
                    "delete the line (the deploy script asks for it and keeps it in AWS Secrets Manager), and change the secret: it is in git's history",
                )
                .at(FILE, Some(*at)),
            );
        } else if named_as_secret(key) {
            findings.push(
                Finding::problem(
                    format!("{key} looks like a secret (its name says so), written in the file where anyone who can read the repository reads it"),
                    format!(
                        "delete the line and change the secret: it is in git's history. The function's secrets are {}, which the deploy script asks for and keeps in AWS Secrets Manager",
                        SECRETS.join(", ")
                    ),
                )
                .at(FILE, Some(*at)),
            );
        } else if let Some(part) = secret_in_address(written) {
            findings.push(
                Finding::problem(
                    format!("{key}'s address carries a secret ({part}), where anyone who can read the repository reads it"),
                    "write the address without it and change the secret: it is in git's history. A CRM's token goes in LEAD_WEBHOOK_TOKEN, which the deploy script asks for, keeps in AWS Secrets Manager and sends as the request's bearer token",
                )
                .at(FILE, Some(*at)),
            );
        }
    }
    findings.extend(unknown_settings(repo, &settings));
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

/// The settings the deploy script reads itself; every other one is `LEAD_…`, passed to the
/// template as the parameter of its name in capitalised words (`LEAD_MAIL_TO`: `LeadMailTo`).
const DEPLOY_SETTINGS: [&str; 6] = [
    "AWS_REGION",
    "STACK_NAME",
    "ALERT_EMAIL",
    "RESERVED_CONCURRENCY",
    "SEARCH_RESERVED_CONCURRENCY",
    "LOG_RETENTION_DAYS",
];

/// The template whose parameters the `LEAD_…` settings become.
const TEMPLATE: &str = "deploy/lead-fn/template.yaml";

/// A name whose words say it holds a secret: `SMTP_PASSWORD`, `POSTMARK_TOKEN`, `lead_email_api_key`.
fn named_as_secret(key: &str) -> bool {
    let upper = key.to_ascii_uppercase();
    upper.split(['_', '-']).any(|word| {
        matches!(
            word,
            "PASS"
                | "PASSWD"
                | "PASSWORD"
                | "SECRET"
                | "TOKEN"
                | "KEY"
                | "APIKEY"
                | "CREDENTIALS"
                | "PRIVATE"
        )
    })
}

/// The secret an address carries, if it does: a password in its user part, or a query parameter
/// named as a key, token, signature or password (`api_key=…`), named without its value.
fn secret_in_address(value: &str) -> Option<String> {
    let url = ammonia::Url::parse(value).ok()?;
    if url.password().is_some() {
        return Some("a password before its host".to_owned());
    }
    url.query_pairs().find_map(|(name, written)| {
        let lower = name.to_ascii_lowercase();
        let secret = ["key", "token", "secret", "password", "passwd", "sig", "signature", "auth"]
            .iter()
            .any(|word| lower.split(['_', '-']).any(|part| part == *word) || lower.ends_with(word));
        (secret && !written.is_empty()).then(|| format!("{name}=…"))
    })
}

/// The template's parameter names (its `Parameters:` block's keys), or `None` when it cannot be read.
fn template_parameters(repo: &Path) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(repo.join(TEMPLATE)).ok()?;
    let block = text.split_once("\nParameters:\n")?.1;
    let names = block
        .lines()
        .take_while(|line| line.is_empty() || line.starts_with(' ') || line.starts_with('#'))
        .filter_map(|line| line.strip_prefix("  ")?.strip_suffix(':'))
        .filter(|name| name.chars().all(|c| c.is_ascii_alphanumeric()))
        .map(str::to_owned)
        .collect();
    Some(names)
}

/// Settings neither the deploy script nor the template knows: the script would pass a `LEAD_…`
/// one to AWS as a parameter the template does not have, and the deploy fail after its
/// ten-minute build; any other is read by nothing.
fn unknown_settings(repo: &Path, settings: &BTreeMap<String, (String, usize)>) -> Vec<Finding> {
    let Some(parameters) = template_parameters(repo) else { return Vec::new() };
    let known: Vec<String> = DEPLOY_SETTINGS
        .iter()
        .map(|key| (*key).to_owned())
        .chain(SECRETS.iter().map(|key| (*key).to_owned()))
        .chain(parameters.iter().filter_map(|name| {
            let rest = name.strip_prefix("Lead")?;
            let mut key = String::from("LEAD");
            for c in rest.chars() {
                if c.is_ascii_uppercase() {
                    key.push('_');
                }
                key.push(c.to_ascii_uppercase());
            }
            Some(key)
        }))
        .collect();
    // These have findings of their own (Lambda loses them).
    let told = ["LEAD_OUTBOX_DIR", "LEAD_BACKGROUND_DELIVERY"];
    settings
        .iter()
        .filter(|(key, _)| !known.contains(key) && !told.contains(&key.as_str()))
        .map(|(key, (_, at))| {
            let fix = match crate::content::yaml::did_you_mean(key, known.iter().map(String::as_str)) {
                Some(near) => format!("did you mean {near}? Correct the name, or delete the line"),
                None => "correct its name (docs/deploy.md lists each setting), or delete the line".to_owned(),
            };
            let why = if key.starts_with("LEAD_") {
                "the deploy would pass it to AWS as a parameter the template does not have, and fail after its build"
            } else {
                "nothing reads it"
            };
            Finding::problem(format!("{key} is not a setting of the lead function: {why}"), fix).at(FILE, Some(*at))
        })
        .collect()
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
        let template = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(TEMPLATE);
        std::fs::copy(template, dir.path().join(TEMPLATE)).expect("the template copied");
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

    /// Secrets are found by what they look like, not only by the four names the deploy asks for;
    /// a setting nobody reads is named, with the one it was probably meant to be.
    #[test]
    fn secrets_by_their_look_and_settings_nobody_reads() {
        for line in [
            "LEAD_SMTP_PASS=hunter2",
            "SMTP_PASSWORD=hunter2",
            "lead_email_api_key=pm-123",
            "POSTMARK_TOKEN=abc",
        ] {
            let key = line.split_once('=').unwrap().0;
            let found = checked(&format!("{READY}{line}\n"));
            let problems = problems(&found);
            assert!(
                problems.iter().any(|p| p.starts_with(&format!("{key} looks like a secret"))),
                "{line}: {problems:?}"
            );
        }
        let found = checked(&READY.replace(
            "LEAD_WEBHOOK_URL=",
            "LEAD_WEBHOOK_URL=https://crm.example.com/hooks/leads?source=web&api_key=sk_live_123",
        ));
        let problems_found = problems(&found);
        assert!(
            problems_found.contains(&"LEAD_WEBHOOK_URL's address carries a secret (api_key=…), where anyone who can read the repository reads it".to_owned()),
            "{problems_found:?}"
        );
        assert!(problems_found.iter().all(|p| !p.contains("sk_live_123")), "the secret is not repeated");
        let found = checked(
            &READY.replace("LEAD_WEBHOOK_URL=", "LEAD_WEBHOOK_URL=https://user:pw@crm.example.com/hook"),
        );
        assert!(problems(&found).iter().any(|p| p.contains("a password before its host")));
        // A misspelt setting: the deploy would fail after its build.
        let found =
            checked(&format!("{READY}LEAD_MAIL_T0=office@palmcrest.ae\nLEAD_RATELIMIT_PER_MINUTE=20\n"));
        let unknown: Vec<&Finding> =
            found.iter().filter(|f| f.message.contains("is not a setting of the lead function")).collect();
        assert_eq!(unknown.len(), 2, "{found:?}");
        assert!(unknown[0].message.starts_with("LEAD_MAIL_T0 is not a setting"), "{unknown:?}");
        assert!(
            unknown[0].fix.as_deref().is_some_and(|fix| fix.starts_with("did you mean LEAD_MAIL_TO?")),
            "{unknown:?}"
        );
        assert_eq!(unknown[0].place.as_deref(), Some("deploy/lead-fn/production.env:9"));
        assert!(
            unknown[1]
                .fix
                .as_deref()
                .is_some_and(|fix| fix.starts_with("did you mean LEAD_RATE_LIMIT_PER_MINUTE?")),
            "{unknown:?}"
        );
        // The file as shipped has none of these.
        let shipped =
            std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(FILE)).unwrap();
        let found = checked(&shipped);
        assert!(
            found.iter().all(|f| !f.message.contains("is not a setting") && !f.message.contains("secret")),
            "{found:?}"
        );
    }
}
