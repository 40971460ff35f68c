//! What the dashboard and the Users screens show: the counts of the content and the leads of
//! the local outbox, newest first, [`LEADS_PER_PAGE`] a page.

use std::path::Path;
use std::sync::Arc;

use axum::Json;
use axum::extract::{Path as UrlPath, Query, State};
use axum::http::{HeaderMap, StatusCode};
use contract::admin::{LeadPage, LeadRow, NumberedLead, OneLead, Summary};
use lead_fn::http::ApiError;
use lead_fn::leads::record::Lead;

use super::{Admin, AdminState, guard};
use crate::content::model::{MainCategory, Status};

/// Users per page of the admin's Users list.
const LEADS_PER_PAGE: usize = 5;

pub(super) async fn summary(State(admin): AdminState, headers: HeaderMap) -> Result<Json<Summary>, ApiError> {
    guard(&admin, &headers, false)?;
    let worker = Arc::clone(&admin);
    tokio::task::spawn_blocking(move || summarize(&worker)).await.map(Json).map_err(|_| {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "failed", "The summary could not be made.")
    })
}

/// Listing counts per category (published ones, and the others), posts, and the newest leads.
fn summarize(admin: &Admin) -> Summary {
    let (content, report) = crate::check::content(&admin.content);
    let categories =
        [MainCategory::Residential, MainCategory::Rental, MainCategory::OffPlan, MainCategory::Commercial]
            .into_iter()
            .map(|category| {
                (category, content.published().filter(|p| p.data.main_category == category).count())
            })
            .collect();
    let unpublished = content.properties.iter().filter(|p| p.data.status != Status::Available).count();
    let leads = read_leads(&admin.outbox);
    Summary {
        ok: true,
        categories,
        published: content.published().count(),
        unpublished,
        posts: content.posts.len(),
        leads: leads.len(),
        newest_leads: leads.iter().take(LEADS_PER_PAGE).map(|(n, lead)| LeadRow::new(*n, lead)).collect(),
        content_errors: report.errors(),
    }
}

/// Every lead of the outbox, newest first, each with its number (the oldest is 1).
fn read_leads(outbox: &Path) -> Vec<(usize, Lead)> {
    let Ok(entries) = std::fs::read_dir(outbox) else { return Vec::new() };
    let mut leads: Vec<Lead> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            name.ends_with(".json") && !name.starts_with('.')
        })
        .filter_map(|e| std::fs::read(e.path()).ok())
        .filter_map(|bytes| serde_json::from_slice::<Lead>(&bytes).ok())
        .collect();
    // Ids sort by arrival.
    leads.sort_by(|a, b| a.id.cmp(&b.id));
    let numbered: Vec<(usize, Lead)> = leads.into_iter().enumerate().map(|(i, l)| (i + 1, l)).collect();
    numbered.into_iter().rev().collect()
}

#[derive(serde::Deserialize)]
pub(super) struct PageQuery {
    page: Option<usize>,
}

/// One page of the leads.
pub(super) async fn page(
    State(admin): AdminState,
    headers: HeaderMap,
    Query(query): Query<PageQuery>,
) -> Result<Json<LeadPage>, ApiError> {
    guard(&admin, &headers, false)?;
    let outbox = admin.outbox.clone();
    let all = tokio::task::spawn_blocking(move || read_leads(&outbox)).await.map_err(|_| {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "failed", "The outbox could not be read.")
    })?;
    let pages = all.len().div_ceil(LEADS_PER_PAGE).max(1);
    let page = query.page.unwrap_or(1).clamp(1, pages);
    let leads = all
        .iter()
        .skip((page - 1) * LEADS_PER_PAGE)
        .take(LEADS_PER_PAGE)
        .map(|(n, lead)| LeadRow::new(*n, lead))
        .collect();
    Ok(Json(LeadPage { ok: true, total: all.len(), page, pages, page_size: LEADS_PER_PAGE, leads }))
}

/// One lead, whole.
pub(super) async fn one(
    State(admin): AdminState,
    headers: HeaderMap,
    UrlPath(id): UrlPath<String>,
) -> Result<Json<OneLead>, ApiError> {
    guard(&admin, &headers, false)?;
    // Lead ids are letters, digits and hyphens; nothing else names a file of the outbox.
    if id.is_empty() || id.len() > 80 || !id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(ApiError::new(StatusCode::BAD_REQUEST, "invalid_id", "That is not a lead id."));
    }
    let outbox = admin.outbox.clone();
    let found =
        tokio::task::spawn_blocking(move || read_leads(&outbox).into_iter().find(|(_, lead)| lead.id == id))
            .await
            .ok()
            .flatten();
    let Some((number, lead)) = found else {
        return Err(ApiError::new(StatusCode::NOT_FOUND, "not_found", "There is no lead with that id."));
    };
    Ok(Json(OneLead { ok: true, lead: NumberedLead { lead, number } }))
}
