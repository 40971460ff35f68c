//! The answers of the admin editor's API (`/_admin/api/`, served only by `estate serve` on the
//! editor's own computer), as its handlers write them and its screens (`site/src/admin/`) read
//! them through the generated `site/src/types.ts`. A refusal is the lead function's envelope,
//! [`crate::endpoints::Refusal`].

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::api::MainCategory;
use crate::endpoints::Form;
use crate::leads::Lead;

/// `GET /session`: whether the token is good (a 200 either way).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Session {
    pub ok: bool,
    pub authenticated: bool,
    /// The content folder being edited, for a good token only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub content: Option<String>,
}

/// A lead as the Users list shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LeadRow {
    /// Its place in the outbox, the oldest 1.
    pub number: usize,
    pub id: String,
    pub received_at: String,
    pub name: String,
    pub email: String,
    pub contact_number: String,
    pub form: Option<Form>,
}

impl LeadRow {
    pub fn new(number: usize, lead: &Lead) -> LeadRow {
        LeadRow {
            number,
            id: lead.id.clone(),
            received_at: lead.received_at.clone(),
            name: lead.name.clone(),
            email: lead.email.clone(),
            contact_number: lead.contact_number.clone(),
            form: lead.form,
        }
    }
}

/// `GET /summary`: the dashboard's counts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub ok: bool,
    /// Published listings per category, every category named.
    #[cfg_attr(feature = "ts", ts(type = "Record<MainCategory, number>"))]
    pub categories: BTreeMap<MainCategory, usize>,
    pub published: usize,
    pub unpublished: usize,
    pub posts: usize,
    pub leads: usize,
    pub newest_leads: Vec<LeadRow>,
    pub content_errors: usize,
}

/// `GET /leads?page=N`: one page of the Users list, newest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct LeadPage {
    pub ok: bool,
    pub total: usize,
    pub page: usize,
    pub pages: usize,
    pub page_size: usize,
    pub leads: Vec<LeadRow>,
}

/// `GET /leads/{id}`: one lead, whole.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OneLead {
    pub ok: bool,
    /// The lead and its place in the outbox (`number`).
    #[cfg_attr(feature = "ts", ts(type = "Lead & { number: number }"))]
    pub lead: NumberedLead,
}

/// A lead with its place in the outbox (in TypeScript, `Lead & { number: number }`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NumberedLead {
    #[serde(flatten)]
    pub lead: Lead,
    pub number: usize,
}

/// `POST /properties`, `POST /posts` (201): what the form wrote.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Created {
    pub ok: bool,
    pub id: String,
    /// Relative to the content folder.
    pub files: Vec<String>,
    /// The page that will show it once the site is rebuilt.
    pub url: String,
    pub warnings: Vec<String>,
}
