//! The pages of the team and the developers: `data/agents/{id}.json` for every team member
//! (their record and the published listings naming them as agent, the page `/agents/{id}`) and
//! `data/developers/{id}.json` for every developer (its record, the projects its listings name,
//! and those listings, the page `/developers/{id}`). Every member and developer has a page, with
//! listings or without.

use std::collections::BTreeMap;
use std::sync::Arc;

use contract::ApiProperty;
use contract::people::{AgentPage, DeveloperPage, DeveloperProject, PEOPLE_CARDS};
use contract::site::{Developer, TeamMember};
use contract::urls::{agent_path, developer_path};

use crate::publish::images::Pictures;
use crate::publish::listings::card;

/// The published listings (`properties`, newest first) for which `pick` holds.
pub fn listed(properties: &[Arc<ApiProperty>], pick: impl Fn(&ApiProperty) -> bool) -> Vec<Arc<ApiProperty>> {
    properties.iter().filter(|p| pick(p)).cloned().collect()
}

/// A member's page; `listed`: the listings naming them as agent ([`listed`]).
pub fn agent<'a>(
    member: TeamMember,
    listed: &'a [Arc<ApiProperty>],
    pictures: &'a Pictures,
) -> AgentPage<'a> {
    AgentPage {
        url: agent_path(&member.id),
        total: listed.len(),
        listings: listed.iter().take(PEOPLE_CARDS).map(|p| card(p, pictures)).collect(),
        member,
    }
}

/// A developer's page; `listed`: the listings naming it ([`listed`]).
pub fn developer<'a>(
    developer: Developer,
    listed: &'a [Arc<ApiProperty>],
    pictures: &'a Pictures,
) -> DeveloperPage<'a> {
    let refs: Vec<&ApiProperty> = listed.iter().map(|p| &**p).collect();
    DeveloperPage {
        url: developer_path(&developer.id),
        projects: projects(&refs),
        total: listed.len(),
        listings: listed.iter().take(PEOPLE_CARDS).map(|p| card(p, pictures)).collect(),
        developer,
    }
}

/// The projects `listings` (newest first) name, by name: each with its newest listing's
/// community, its soonest handover, its lowest price and its number of listings.
fn projects(listings: &[&ApiProperty]) -> Vec<DeveloperProject> {
    let mut projects: BTreeMap<String, DeveloperProject> = BTreeMap::new();
    for p in listings {
        let Some(name) = p.project_name.as_deref().map(str::trim).filter(|n| !n.is_empty()) else { continue };
        let project = projects.entry(name.to_owned()).or_insert_with(|| DeveloperProject {
            name: name.to_owned(),
            community: p.location.clone().filter(|l| !l.trim().is_empty()),
            completion_date: None,
            from_price: None,
            listings: 0,
        });
        project.listings += 1;
        if let Some(date) = &p.completion_date
            && project.completion_date.as_ref().is_none_or(|d| date < d)
        {
            project.completion_date = Some(date.clone());
        }
        if let Some(price) = p.price {
            project.from_price = Some(project.from_price.map_or(price, |low| low.min(price)));
        }
    }
    projects.into_values().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listing(id: &str, project: Option<&str>, completion: Option<&str>, price: Option<u64>) -> ApiProperty {
        let json = serde_json::json!({
            "_id": id, "id": id, "title": id, "mainCategory": "OffPlan", "subCategory": "Apartment",
            "Images": [], "location": "Dubai Creek Harbour", "bedrooms": 1, "area": 700, "price": price,
            "featured": false, "createdAt": "2026-01-01T00:00:00+04:00", "description": "",
            "url": format!("/property/{id}"), "developer": "emaar", "projectName": project,
            "completionDate": completion,
        });
        serde_json::from_value(json).unwrap()
    }

    #[test]
    fn a_project_has_its_soonest_handover_lowest_price_and_count() {
        let a = listing("a", Some("Creek Waters"), Some("2028-06"), Some(2_000_000));
        let b = listing("b", Some("Creek Waters "), Some("2027-12"), Some(1_500_000));
        let c = listing("c", None, Some("2026-01"), Some(900_000));
        let d = listing("d", Some("Address Harbour Point"), None, None);
        let found = projects(&[&a, &b, &c, &d]);
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].name, "Address Harbour Point");
        assert_eq!(
            (found[0].listings, found[0].from_price, found[0].completion_date.as_deref()),
            (1, None, None)
        );
        assert_eq!(found[1].name, "Creek Waters");
        assert_eq!(
            (found[1].listings, found[1].from_price, found[1].completion_date.as_deref()),
            (2, Some(1_500_000), Some("2027-12"))
        );
        assert_eq!(found[1].community.as_deref(), Some("Dubai Creek Harbour"));
    }
}
