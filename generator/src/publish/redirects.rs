//! `dist/_redirects`: Netlify's proxy rewrites (status 200) that send the lead function's POST
//! endpoints ([`contract::endpoints::POST_ENDPOINTS`]) to the functions, at the addresses given
//! at build time: the enquiries (`/api/contact-user`) to `LEAD_FUNCTION_URL`, the searches (every
//! other POST endpoint) to `SEARCH_FUNCTION_URL` (each a Lambda function URL, or an API Gateway
//! stage's address). On AWS they are two functions, each with its own concurrency, so a flood of
//! searches never takes the copies an enquiry needs (deploy/lead-fn/template.yaml). A build for
//! Netlify given `LEAD_FUNCTION_URL` without `SEARCH_FUNCTION_URL` fails, naming the variable to
//! set: the lead function answers enquiries alone, so every search would find nothing (a single
//! function that answers both is named by both variables). Elsewhere (`estate build` for a local
//! test), the searches then go to `LEAD_FUNCTION_URL` too. The saved searches go to the lead
//! function with the enquiries: the save form's POST (`/api/saved-searches`) and every path under
//! it (`/api/saved-searches/*`: the links of their emails, GET and POST, the query string passed
//! on as Netlify passes it). Netlify reads this file before `netlify.toml`, and the visitor's
//! browser only ever talks to the site's own origin.
//!
//! When the build also sees `LEAD_PROXY_SECRET` (the same secret the functions have), each rule is
//! signed (`Sign=LEAD_PROXY_SECRET`): Netlify then adds an `X-Nf-Sign` signature keyed with
//! that site variable's value, which the function checks before it believes the visitor's
//! address in `X-Nf-Client-Connection-Ip` (`lead_fn::leads::proxy_sign`). Only the variable's
//! name is written; the secret stays in Netlify's settings.
//!
//! Without the functions' variables the file says so and proxies nothing (a build for `estate
//! serve`, which mounts the function itself, or a deploy without the function); a build for
//! Netlify prints a note for each address missing, and another when the rules go unsigned.
//!
//! After them, each post's own redirects (301, permanent): its id without the slug
//! (`/blog/{id}`), or with another slug (its title changed since the link was made,
//! `/blog/{id}/*`), goes to its page (`contract::urls::post_path`), in every language. A post's
//! page is a file, which Netlify serves before an unforced rule, so only the other addresses
//! are redirected. `estate serve` reads this file's rules before `netlify.toml`'s, as Netlify
//! does (`crate::netlify::parse_redirects`).

use std::path::Path;

use contract::endpoints::{CONTACT_PATH, POST_ENDPOINTS, SAVED_SEARCH_PATH, SEARCH_PAGE_PATH};

/// The variable that names the lead function's address (the enquiries).
pub const FUNCTION_URL_VAR: &str = "LEAD_FUNCTION_URL";

/// The variable that names the search function's address (the searches).
pub const SEARCH_URL_VAR: &str = "SEARCH_FUNCTION_URL";

/// The site variable whose value Netlify signs the proxied requests with.
pub const PROXY_SECRET_VAR: &str = "LEAD_PROXY_SECRET";

/// A post: its id and its page's address (`contract::urls::post_path`).
pub type PostPage = (String, String);

/// The functions' addresses a build was given.
#[derive(Debug, Clone, Copy, Default)]
pub struct Functions<'a> {
    /// `LEAD_FUNCTION_URL`: the enquiries, and the searches when `search` is none.
    pub leads: Option<&'a str>,
    /// `SEARCH_FUNCTION_URL`: the searches.
    pub search: Option<&'a str>,
}

/// Whether a POST endpoint is a search (every one but the enquiries').
pub fn is_search(path: &str) -> bool {
    path != CONTACT_PATH
}

/// Writes `out/_redirects` from `LEAD_FUNCTION_URL`, `SEARCH_FUNCTION_URL` and the `posts`;
/// `for_netlify`: say what is not set (only the deploy misses the functions; `estate serve` mounts
/// them itself).
pub fn write(out: &Path, for_netlify: bool, posts: &[PostPage]) -> std::io::Result<()> {
    let var = |name: &str| std::env::var(name).ok().filter(|u| !u.trim().is_empty());
    let (leads, search) = (var(FUNCTION_URL_VAR), var(SEARCH_URL_VAR));
    if leads.is_none() && for_netlify {
        eprintln!(
            "note: {FUNCTION_URL_VAR} is not set, so dist/_redirects sends no enquiry to the lead \
             function and the site's forms will fail on Netlify; set it to the function's URL in \
             Netlify's build variables"
        );
    }
    if search.is_none() && for_netlify {
        if leads.is_some() {
            // The lead function of deploy/lead-fn/template.yaml answers enquiries alone: its
            // searches would all fail, and the result pages say 'No properties found.' to every
            // visitor while the deploy looks fine. The build refuses instead, saying what to set.
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!(
                    "{SEARCH_URL_VAR} is not set, but {FUNCTION_URL_VAR} is: the searches would go to the \
                     lead function, which takes enquiries alone, and every search on the site would find \
                     nothing. Set {SEARCH_URL_VAR} in Netlify's build variables to the search function's URL \
                     (the stack's SearchFunctionUrl output; scripts/deploy-lead-fn.sh prints it); with a \
                     single function that answers both, set it to the same URL as {FUNCTION_URL_VAR}"
                ),
            ));
        }
        eprintln!(
            "note: {SEARCH_URL_VAR} is not set, so the site's searches will fail on Netlify; set it to \
             the search function's URL (scripts/deploy-lead-fn.sh prints it) in Netlify's build variables"
        );
    }
    let signed = std::env::var(PROXY_SECRET_VAR).is_ok_and(|s| !s.trim().is_empty());
    if (leads.is_some() || search.is_some()) && !signed && for_netlify {
        eprintln!(
            "note: {PROXY_SECRET_VAR} is not set, so the functions' proxy rules are not signed \
             and the functions count every visitor under Netlify's addresses; set it (the same \
             value as the functions') in Netlify's environment variables"
        );
    }
    write_with(out, Functions { leads: leads.as_deref(), search: search.as_deref() }, signed, posts)
}

/// Writes `out/_redirects` for the `functions` (none: no proxy lines), `signed` with
/// `LEAD_PROXY_SECRET`, and the `posts`. An unchanged file is not rewritten.
pub fn write_with(out: &Path, functions: Functions, signed: bool, posts: &[PostPage]) -> std::io::Result<()> {
    let text = render(functions, signed, posts)
        .map_err(|message| std::io::Error::new(std::io::ErrorKind::InvalidInput, message))?;
    let path = out.join("_redirects");
    if std::fs::read_to_string(&path).is_ok_and(|old| old == text) {
        return Ok(());
    }
    std::fs::create_dir_all(out)?;
    std::fs::write(path, text)
}

/// The file's text.
pub fn render(functions: Functions, signed: bool, posts: &[PostPage]) -> Result<String, String> {
    let mut text = String::from(
        "# Written by `estate build`; edits are overwritten. Netlify reads it before netlify.toml.\n",
    );
    let leads = functions.leads.map(|url| function_base(FUNCTION_URL_VAR, url)).transpose()?;
    let search = functions.search.map(|url| function_base(SEARCH_URL_VAR, url)).transpose()?;
    let search_var = if search.is_some() { SEARCH_URL_VAR } else { FUNCTION_URL_VAR };
    let search = search.or_else(|| leads.clone());
    match (&leads, &search) {
        (None, None) => text.push_str(&format!(
            "# Neither {FUNCTION_URL_VAR} nor {SEARCH_URL_VAR} was set for this build, so nothing is proxied to the functions.\n"
        )),
        (Some(_), _) => text.push_str(&format!("# The enquiries, proxied to {FUNCTION_URL_VAR}.\n")),
        (None, Some(_)) => text.push_str(&format!(
            "# {FUNCTION_URL_VAR} was not set for this build, so no enquiry is proxied.\n"
        )),
    }
    let sign = if signed { format!("  Sign={PROXY_SECRET_VAR}") } else { String::new() };
    let width = POST_ENDPOINTS.iter().map(|p| p.len()).max().unwrap_or(0);
    let rule = |path: &str, base: &str| format!("{path:width$}  {base}{path}  200{sign}\n");
    if let Some(base) = &leads {
        text.push_str(&rule(CONTACT_PATH, base));
        // Saved searches are the lead function's (they are leads, sent through its sinks): the
        // visitor's POST, and the links of its emails (confirm, unsubscribe, manage: GET and the
        // one-click POST), the query passed on as sent.
        text.push_str(&rule(SAVED_SEARCH_PATH, base));
        let links = format!("{SAVED_SEARCH_PATH}/*");
        text.push_str(&format!("{links:width$}  {base}{SAVED_SEARCH_PATH}/:splat  200{sign}\n"));
    }
    if let Some(base) = &search {
        text.push_str(&format!("# The searches, proxied to {search_var}.\n"));
        for path in POST_ENDPOINTS.into_iter().filter(|path| is_search(path)) {
            text.push_str(&rule(path, base));
        }
        // The result page of a search sent without script (GET, the query passed on as sent).
        let page = format!("{SEARCH_PAGE_PATH}/*");
        text.push_str(&format!("{page:width$}  {base}{SEARCH_PAGE_PATH}/:splat  200{sign}\n"));
    }
    if !posts.is_empty() {
        text.push_str(
            "# A post's address without its slug, or with another (its title changed), goes to its page.\n",
        );
    }
    for (id, page) in posts {
        for lang in contract::urls::LANGUAGES {
            let to = rule_target(&contract::urls::localized_path(lang, page));
            let from = contract::urls::localized_path(lang, &format!("/blog/{id}"));
            text.push_str(&format!("{from}  {to}  301\n{from}/*  {to}  301\n"));
        }
    }
    Ok(text)
}

/// A path as a rule's target: a ':' before a letter, digit or '_' would read as a placeholder
/// (':id') in Netlify's rules, so it is written '%3A' there, the same address; a slug's usual
/// ':' ('guide:-a-step', a title's colon and its space) stays as the page's address writes it.
fn rule_target(path: &str) -> String {
    let mut out = String::with_capacity(path.len());
    let mut chars = path.chars().peekable();
    while let Some(c) = chars.next() {
        if c == ':' && chars.peek().is_some_and(|n| n.is_ascii_alphanumeric() || *n == '_') {
            out.push_str("%3A");
        } else {
            out.push(c);
        }
    }
    out
}

/// The function's address (`var`'s value) without a trailing `/`; an http(s) URL with no query
/// or fragment.
fn function_base(var: &str, url: &str) -> Result<String, String> {
    let url = url.trim();
    let bad = |why: &str| format!("{var}={url:?} {why}");
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
        .ok_or_else(|| bad("is not an http(s) URL"))?;
    if rest.is_empty() || rest.starts_with('/') {
        return Err(bad("has no host"));
    }
    if url.contains(|c: char| c.is_whitespace() || c.is_control() || c == '?' || c == '#') {
        return Err(bad("may not hold spaces, a query or a fragment"));
    }
    Ok(url.trim_end_matches('/').to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rules' fields, without the comments.
    fn rules(text: &str) -> Vec<Vec<&str>> {
        text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split_whitespace().collect()).collect()
    }

    fn one(url: &str) -> Functions<'_> {
        Functions { leads: Some(url), search: None }
    }

    #[test]
    fn every_post_endpoint_is_proxied_with_status_200() {
        let text = render(one("https://abc123.lambda-url.me-central-1.on.aws/"), false, &[]).expect("valid");
        let found = rules(&text);
        assert_eq!(
            found.len(),
            POST_ENDPOINTS.len() + 3,
            "each POST endpoint, the no-script result page and the saved searches' two"
        );
        for path in POST_ENDPOINTS {
            let rule = found.iter().find(|r| r[0] == path).expect(path);
            assert_eq!(rule, &[path, &format!("https://abc123.lambda-url.me-central-1.on.aws{path}"), "200"]);
        }
        // An API Gateway stage keeps its path.
        let staged =
            render(one("https://id.execute-api.me-central-1.amazonaws.com/prod"), false, &[]).expect("valid");
        assert!(
            staged.contains("https://id.execute-api.me-central-1.amazonaws.com/prod/api/contact-user  200")
        );
    }

    #[test]
    fn the_searches_go_to_the_search_function_and_the_enquiries_to_the_lead_function() {
        let both =
            Functions { leads: Some("https://leads.example/"), search: Some("https://search.example") };
        let text = render(both, true, &[]).expect("valid");
        let found = rules(&text);
        // Each POST endpoint, the result page of a search sent without script (a GET), and the
        // saved searches (the visitor's POST, the pages its emails link to) to the lead function.
        assert_eq!(found.len(), POST_ENDPOINTS.len() + 3, "{text}");
        let saved = found.iter().find(|r| r[0] == SAVED_SEARCH_PATH).expect("the saved searches");
        assert_eq!(
            saved,
            &[
                SAVED_SEARCH_PATH,
                &format!("https://leads.example{SAVED_SEARCH_PATH}"),
                "200",
                "Sign=LEAD_PROXY_SECRET"
            ]
        );
        let links = found.iter().find(|r| r[0] == format!("{SAVED_SEARCH_PATH}/*")).expect("their links");
        assert_eq!(links[1], format!("https://leads.example{SAVED_SEARCH_PATH}/:splat"));
        let page =
            found.iter().find(|r| r[0] == format!("{SEARCH_PAGE_PATH}/*")).expect("the no-script page");
        assert_eq!(
            page,
            &[
                &format!("{SEARCH_PAGE_PATH}/*"),
                &format!("https://search.example{SEARCH_PAGE_PATH}/:splat"),
                "200",
                "Sign=LEAD_PROXY_SECRET"
            ]
        );
        for path in POST_ENDPOINTS {
            let host = if path == CONTACT_PATH { "leads" } else { "search" };
            let rule = found.iter().find(|r| r[0] == path).expect(path);
            assert_eq!(
                rule,
                &[path, &format!("https://{host}.example{path}"), "200", "Sign=LEAD_PROXY_SECRET"]
            );
        }
        assert!(text.contains("# The searches, proxied to SEARCH_FUNCTION_URL."), "{text}");
        assert_eq!(POST_ENDPOINTS.iter().filter(|p| is_search(p)).count(), POST_ENDPOINTS.len() - 1);
        // The search function's address alone: the searches, and no enquiry.
        let alone = render(Functions { leads: None, search: Some("https://search.example") }, false, &[])
            .expect("valid");
        let found = rules(&alone);
        assert_eq!(found.len(), POST_ENDPOINTS.len(), "{alone}");
        assert!(found.iter().all(|r| r[0] != CONTACT_PATH && r[1].starts_with("https://search.example/")));
        assert!(alone.contains("LEAD_FUNCTION_URL was not set for this build, so no enquiry is proxied"));
    }

    #[test]
    fn with_the_secret_every_rule_is_signed_by_the_variables_name() {
        let text = render(one("https://fn.example"), true, &[]).expect("valid");
        let found = rules(&text);
        assert_eq!(
            found.len(),
            POST_ENDPOINTS.len() + 3,
            "each POST endpoint, the no-script page, the saved searches"
        );
        assert!(found.iter().all(|r| r.last() == Some(&"Sign=LEAD_PROXY_SECRET")), "{text}");
        for path in POST_ENDPOINTS {
            let rule = found.iter().find(|r| r[0] == path).expect(path);
            assert_eq!(rule, &[path, &format!("https://fn.example{path}"), "200", "Sign=LEAD_PROXY_SECRET"]);
        }
    }

    #[test]
    fn without_the_variables_nothing_is_proxied() {
        let text = render(Functions::default(), true, &[]).expect("valid");
        assert!(text.lines().all(|l| l.starts_with('#')), "{text}");
        assert!(text.contains("Neither LEAD_FUNCTION_URL nor SEARCH_FUNCTION_URL was set"));
    }

    #[test]
    fn a_bad_address_is_an_error_naming_the_variable() {
        for bad in ["abc.lambda-url.on.aws", "ftp://x", "https://", "https://x/?a=1", "https://x y"] {
            let error = render(one(bad), true, &[]).expect_err(bad);
            assert!(error.starts_with("LEAD_FUNCTION_URL="), "{error}");
            let search = Functions { leads: Some("https://fn.example"), search: Some(bad) };
            let error = render(search, true, &[]).expect_err(bad);
            assert!(error.starts_with("SEARCH_FUNCTION_URL="), "{error}");
        }
    }

    #[test]
    fn the_file_is_written_and_kept_when_unchanged() {
        let dir = tempfile::tempdir().expect("a temp dir");
        write_with(dir.path(), one("https://fn.example"), false, &[]).expect("written");
        let path = dir.path().join("_redirects");
        let text = std::fs::read_to_string(&path).expect("the file");
        assert!(text.contains("/api/search-properties"));
        let stamp = std::fs::metadata(&path).and_then(|m| m.modified()).expect("a time");
        std::thread::sleep(std::time::Duration::from_millis(20));
        write_with(dir.path(), one("https://fn.example"), false, &[]).expect("written");
        assert_eq!(std::fs::metadata(&path).and_then(|m| m.modified()).expect("a time"), stamp);
        // Building again without the variables drops the proxy lines of the last build.
        write_with(dir.path(), Functions::default(), false, &[]).expect("written");
        assert!(!std::fs::read_to_string(&path).expect("the file").contains("200"));
    }

    #[test]
    fn a_post_s_address_without_its_slug_or_with_another_goes_to_its_page_in_every_language() {
        let posts = [
            ("b1".to_owned(), contract::urls::post_path("b1", "Off-Plan: A Guide")),
            ("b2".to_owned(), contract::urls::post_path("b2", "Dubai:2026 and beyond")),
        ];
        let text = render(Functions::default(), false, &posts).expect("valid");
        let rules: Vec<Vec<&str>> =
            text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split_whitespace().collect()).collect();
        assert_eq!(
            rules[..6],
            [
                ["/blog/b1", "/blog/b1/off-plan:-a-guide", "301"],
                ["/blog/b1/*", "/blog/b1/off-plan:-a-guide", "301"],
                ["/ar/blog/b1", "/ar/blog/b1/off-plan:-a-guide", "301"],
                ["/ar/blog/b1/*", "/ar/blog/b1/off-plan:-a-guide", "301"],
                ["/ru/blog/b1", "/ru/blog/b1/off-plan:-a-guide", "301"],
                ["/ru/blog/b1/*", "/ru/blog/b1/off-plan:-a-guide", "301"],
            ]
        );
        // A colon that would read as a placeholder is written as its escape.
        assert_eq!(rules[6], ["/blog/b2", "/blog/b2/dubai%3A2026-and-beyond", "301"]);
        assert_eq!(rules.len(), 12);
        // With the function's rules, those come first.
        let both = render(Functions { leads: Some("https://fn.example"), search: None }, false, &posts)
            .expect("valid");
        let first = both.lines().find(|l| !l.starts_with('#')).expect("a rule");
        assert!(first.starts_with("/api/"), "{both}");
    }
}
