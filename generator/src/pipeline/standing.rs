//! What a save costs the site, told in the outcome an editor reads (`status.json`): the listings
//! it newly left out of the portal feed (with why: no agent, no photo, no permit …), the pages no
//! longer on the site, and the photos newly deleted while entries still show them.
//!
//! Each build that publishes records its [`Standing`] (what the site publishes, as far as a save
//! can cost it) beside the copies of the published records ([`super::last_published`]); the next
//! build compares its own with it, so an outcome reports only what changed since the site was
//! last published, and an unchanged rebuild reports nothing. A build with no standing before it
//! (a fresh start: the first build of a new cache, or `estate build` without publishing per
//! record) records one and reports nothing: there is nothing to compare with.
//!
//! The rules are those of the feed and the checks: a listing's place in the portal feed is
//! [`portal_feed::missing_fields`], a deleted photo is the checks' warning about it
//! ([`crate::content::is_deleted_photo`]), and an entry's page is the routes'.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};

use crate::content::Content;
use crate::content::diag::{Report, Severity};
use crate::content::model::Status;
use crate::publish::portal_feed;

/// How many entries one line of the cost names; the rest are counted.
const NAMED: usize = 12;

/// What the site publishes, as far as a save can cost it.
#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
pub struct Standing {
    /// The published listings meant for the portals, by id.
    listings: BTreeMap<String, Listing>,
    /// The entries with a page of their own, by the page's path: the entry's name
    /// (`Blog post “…”`). A sold or rented listing keeps its page (it says so).
    pages: BTreeMap<String, String>,
    /// The team by id: each member's name.
    team: BTreeMap<String, String>,
    /// The photos deleted from the media library that entries still name, in the checks' words.
    photos: BTreeSet<String>,
}

#[derive(Debug, Default, Clone, PartialEq, Serialize, Deserialize)]
struct Listing {
    title: String,
    /// The team member the listing names, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    agent: Option<String>,
    /// What the portals require that it lacks (content's field names): none, it is in the feed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    lacks: Vec<String>,
}

impl Standing {
    /// What `content`, as a build publishes it, stands at; `report` is its warnings.
    pub fn of(content: &Content, report: &Report) -> Standing {
        let listings = content
            .published()
            .filter(|r| r.data.portals)
            .map(|r| {
                let lacks = portal_feed::missing_fields(content, r).into_iter().map(str::to_owned).collect();
                let listing = Listing { title: r.data.title.clone(), agent: r.data.agent.clone(), lacks };
                (r.id.clone(), listing)
            })
            .collect();
        let mut pages = BTreeMap::new();
        for r in &content.properties {
            if r.data.status != Status::Draft {
                pages.insert(contract::urls::property_path(&r.id), named("Listing", &r.data.title));
            }
        }
        for post in &content.posts {
            pages.insert(
                contract::urls::post_path(&post.id, &post.data.title),
                named("Blog post", &post.data.title),
            );
        }
        let guides: BTreeSet<String> =
            crate::routes::guides(content).into_iter().map(|(path, _)| path).collect();
        let communities = content.vocabulary.get(crate::content::vocabulary::Kind::Communities);
        for term in communities.iter().flat_map(|c| &c.data.terms) {
            let path = contract::urls::area_guide_path(&term.key);
            if guides.contains(&path) {
                pages.insert(path, named("Area guide", &term.en));
            }
        }
        for member in &content.team {
            pages.insert(contract::urls::agent_path(&member.id), named("Team member", &member.data.name));
        }
        for developer in &content.developers {
            pages.insert(
                contract::urls::developer_path(&developer.id),
                named("Developer", &developer.data.name),
            );
        }
        let team = content.team.iter().map(|m| (m.id.clone(), m.data.name.clone())).collect();
        let photos = report
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Warning && crate::content::is_deleted_photo(d))
            .map(|d| d.message.clone())
            .collect();
        Standing { listings, pages, team, photos }
    }
}

fn named(kind: &str, title: &str) -> String {
    format!("{kind} “{title}”")
}

/// What a save cost: a line for each kind of loss, in an editor's words.
#[derive(Debug, Default, Clone, PartialEq, Serialize)]
pub struct Cost {
    pub lines: Vec<CostLine>,
}

/// One loss: what it is, the entries it touches (at most [`NAMED`], then how many more) and what
/// to do about it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CostLine {
    /// Its gist, for the outcome's first line (`10 listings are no longer sent to the portals`).
    pub summary: String,
    /// The whole sentence (`10 listings are no longer sent to the portals: they have no agent.`).
    pub message: String,
    pub entries: Vec<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hint: Option<String>,
}

impl Cost {
    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// What going from `before` (None: a fresh start, which reports nothing) to `now` cost.
    pub fn between(before: Option<&Standing>, now: &Standing) -> Cost {
        let Some(before) = before else { return Cost::default() };
        let mut lines = portal_lines(before, now);
        let gone: Vec<String> = before
            .pages
            .iter()
            .filter(|(path, _)| !now.pages.contains_key(*path))
            .map(|(_, name)| name.clone())
            .collect();
        if !gone.is_empty() {
            let n = gone.len();
            let summary = format!("{} no longer on the site", count(n, "page is", "pages are"));
            lines.push(line(
                summary.clone(),
                format!("{summary}: their addresses now open the page-not-found page."),
                gone,
                None,
            ));
        }
        let photos: Vec<String> = now.photos.difference(&before.photos).cloned().collect();
        if !photos.is_empty() {
            let n = photos.len();
            let summary = format!(
                "{} deleted while entries still show {}",
                count(n, "photo was", "photos were"),
                if n == 1 { "it" } else { "them" }
            );
            lines.push(line(
                summary.clone(),
                format!("{summary}: the site shows those entries without them."),
                photos,
                Some("Open each entry named and choose another photo, or remove it from the list.".into()),
            ));
        }
        Cost { lines }
    }
}

/// The listings this change took off the portal feed, or new ones it does not carry, grouped by
/// what they lack (and, for an agent, the team member deleted).
fn portal_lines(before: &Standing, now: &Standing) -> Vec<CostLine> {
    // (was in the feed, what it lacks, the deleted team member's name) -> titles
    let mut groups: BTreeMap<(bool, Vec<String>, Option<String>), Vec<String>> = BTreeMap::new();
    for (id, listing) in &now.listings {
        if listing.lacks.is_empty() {
            continue;
        }
        let was = before.listings.get(id);
        if was.is_some_and(|was| !was.lacks.is_empty()) {
            // Left out before too: nothing changed on the portals.
            continue;
        }
        let deleted = listing
            .lacks
            .iter()
            .any(|f| f == "agent")
            .then(|| was.and_then(|was| was.agent.as_ref()))
            .flatten()
            .filter(|agent| !now.team.contains_key(*agent))
            .and_then(|agent| before.team.get(agent).cloned());
        groups
            .entry((was.is_some(), listing.lacks.clone(), deleted))
            .or_default()
            .push(named("Listing", &listing.title));
    }
    // The listings that left the feed first, the most first.
    let mut groups: Vec<_> = groups.into_iter().collect();
    groups.sort_by_key(|((was, _, _), titles)| (!*was, std::cmp::Reverse(titles.len())));
    groups
        .into_iter()
        .map(|((was, lacks, deleted), titles)| {
            let n = titles.len();
            let summary = match was {
                true => format!("{} no longer sent to the portals", count(n, "listing is", "listings are")),
                false => format!("{} published but not sent to the portals", count(n, "listing is", "listings are")),
            };
            let words: Vec<&str> = lacks.iter().map(|f| portal_feed::lack_in_words(f)).collect();
            let why = format!("{} {}", if n == 1 { "it has" } else { "they have" }, and_list(&words));
            let (message, hint) = match &deleted {
                Some(name) => (
                    format!("{summary}: {why}, since the team member “{name}” was deleted."),
                    "Open each listing, choose another Agent and save (the editor changes them one at a time). To bring the team member back with their listings, ask whoever looks after the site to undo this save: every save is a commit.".to_owned(),
                ),
                None => (
                    format!("{summary}: {why}."),
                    "Open each listing, add what it lacks and save; or turn off “Send to the portals” to keep it off them on purpose.".to_owned(),
                ),
            };
            line(summary, message, titles, Some(hint))
        })
        .collect()
}

fn line(summary: String, message: String, mut entries: Vec<String>, hint: Option<String>) -> CostLine {
    if entries.len() > NAMED {
        let more = entries.len() - NAMED;
        entries.truncate(NAMED);
        entries.push(format!("and {more} more"));
    }
    CostLine { summary, message, entries, hint }
}

/// `1 listing is`, `10 listings are`.
fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `no agent`, `no agent and no photo`, `no permit number, no photo and no agent`.
pub(super) fn and_list(words: &[&str]) -> String {
    match words {
        [] => String::new(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
#[path = "standing_tests.rs"]
mod tests;
