//! The pages of the agency's people and partners: a team member's own page
//! (`data/agents/{id}.json`, [`AgentPage`], the page `/agents/{id}`) and a developer's
//! (`data/developers/{id}.json`, [`DeveloperPage`], the page `/developers/{id}`), each with
//! the published listings it names as cards.

use serde::Serialize;

use crate::listings::Card;
use crate::site::{Developer, TeamMember};

/// How many cards a person's page carries at most, newest first: the page says how many of the
/// total it shows.
pub const PEOPLE_CARDS: usize = 96;

/// `data/agents/{id}.json`: a team member and the published listings that name them as agent.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct AgentPage<'a> {
    /// Their `data/team.json` record.
    pub member: TeamMember,
    /// The page, `/agents/{id}` ([`crate::urls::agent_path`]).
    pub url: String,
    /// How many published listings name them.
    pub total: usize,
    /// Those listings, newest first, at most [`PEOPLE_CARDS`].
    pub listings: Vec<Card<'a>>,
}

/// `data/developers/{id}.json`: a developer, its projects and the published listings that name
/// it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DeveloperPage<'a> {
    /// Its `data/developers.json` record.
    pub developer: Developer,
    /// The page, `/developers/{id}` ([`crate::urls::developer_path`]).
    pub url: String,
    /// The projects its listings name (`projectName`), by name.
    pub projects: Vec<DeveloperProject>,
    /// How many published listings name it.
    pub total: usize,
    /// Those listings, newest first, at most [`PEOPLE_CARDS`].
    pub listings: Vec<Card<'a>>,
}

/// A project of a developer, as its published listings describe it.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct DeveloperProject {
    /// The name registered with RERA, as the listings write it.
    pub name: String,
    /// The community of its newest listing, in English.
    pub community: Option<String>,
    /// The soonest handover its listings give, a month (`2028-06`) or a day.
    pub completion_date: Option<String>,
    /// The lowest asking price of its listings (AED), when one gives it.
    pub from_price: Option<u64>,
    /// How many published listings are in it.
    pub listings: usize,
}
