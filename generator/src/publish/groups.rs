//! The files made of a group of listings and of the agency's records: the area guides, the
//! agents' and developers' pages, `data/team.json`, `data/developers.json` and the valuation
//! tool's figures. Under `estate serve` each file's bytes are kept with the listings it was made
//! of ([`Groups`]), so an edit of one listing makes again only its community's guide, its agent's
//! and its developer's page, not the 50 others (each with its cards, texts and figures).

use std::collections::HashMap;
use std::sync::Arc;

use contract::ApiProperty;
use contract::files;
use contract::site::{Developer, TeamMember};
use contract::urls::{agent_path, area_guide_path, developer_path};

use super::bytes::Job;
use super::bytes::{FileBytes, Fingerprint};
use super::made::same_arcs;
use super::market::Market;
use crate::content::model::{DeveloperFile, GuideFile, MemberFile};
use crate::content::{Content, Record};

/// What every file here is made with besides its own listings: the reading of the tree outside
/// the record folders (the vocabularies, `site.yaml`, `market/`; [`Content::tree`]), the
/// pictures ([`super::images::Published::print`]), the team, the developers and the guides' texts.
struct Shared {
    tree: u64,
    pictures: Fingerprint,
    team: Vec<Arc<Record<MemberFile>>>,
    developers: Vec<Arc<Record<DeveloperFile>>>,
    guides: Vec<Arc<Record<GuideFile>>>,
}

impl Shared {
    fn of(content: &Content, pictures: Fingerprint) -> Shared {
        Shared {
            tree: content.tree,
            pictures,
            team: content.team.clone(),
            developers: content.developers.clone(),
            guides: content.guides.clone(),
        }
    }

    fn same(&self, other: &Shared) -> bool {
        self.tree != 0
            && self.tree == other.tree
            && self.pictures == other.pictures
            && same_arcs(&self.team, &other.team)
            && same_arcs(&self.developers, &other.developers)
            && same_arcs(&self.guides, &other.guides)
    }
}

/// What a build made here, kept for the next (see the module's documentation).
#[derive(Default)]
pub(super) struct Groups {
    shared: Option<Shared>,
    team: Vec<TeamMember>,
    developers: Vec<Developer>,
    /// The valuation files and the list of their places, made of the market figures alone.
    valuations: Vec<Job>,
    /// Each file of a group by its path (`contract::files`), with the listings it was made of.
    files: HashMap<String, (Vec<Arc<ApiProperty>>, Arc<FileBytes>)>,
}

/// The files of this module for a build, and the pages they add to `data/routes.json`.
pub(super) struct Made {
    pub(super) jobs: Vec<Job>,
    pub(super) guides: Vec<String>,
    pub(super) agents: Vec<String>,
    pub(super) developers: Vec<String>,
    pub(super) memo: Groups,
}

fn to_json<T: serde::Serialize>(value: &T) -> Arc<FileBytes> {
    Arc::new(super::to_json(value).into())
}

/// The files of the guides, agents, developers and valuations for `content`. `properties`: the
/// published listings, newest first; `located`: the community of each; `before`: what the last
/// build made (whatever output folder it wrote: these are bytes, compared with the disk's later).
pub(super) fn files(
    content: &Content,
    properties: &[Arc<ApiProperty>],
    located: &[Option<&str>],
    images: (&super::images::Pictures, Fingerprint),
    market: &Market,
    before: &Groups,
) -> Made {
    let (pictures, print) = images;
    let shared = Shared::of(content, print);
    let same = before.shared.as_ref().is_some_and(|last| last.same(&shared));
    let mut memo = Groups { shared: Some(shared), ..Groups::default() };
    let mut jobs = Vec::new();
    // The bytes of the file at `path` made of `listed`: the last build's when made of the same.
    let mut file = |path: String,
                    listed: Vec<Arc<ApiProperty>>,
                    make: &dyn Fn(&[Arc<ApiProperty>]) -> Arc<FileBytes>| {
        let kept = before.files.get(&path).filter(|(was, _)| same && same_arcs(was, &listed));
        let bytes = match kept {
            Some((_, bytes)) => bytes.clone(),
            None => make(&listed),
        };
        jobs.push((super::file(&path), bytes.clone()));
        memo.files.insert(path, (listed, bytes));
    };

    let groups = super::guides::groups(content, properties, located);
    for group in &groups {
        file(files::area_guide(group.key), group.listings.clone(), &|_| {
            to_json(&super::guides::guide(group, pictures, market))
        });
    }
    let guides = groups.iter().map(|g| area_guide_path(g.key)).collect();

    let (team, developers) = if same {
        (before.team.clone(), before.developers.clone())
    } else {
        (super::site::team(content, pictures), super::site::developers(content, pictures))
    };
    file(files::TEAM.to_owned(), Vec::new(), &|_| to_json(&team));
    file(files::DEVELOPERS.to_owned(), Vec::new(), &|_| to_json(&developers));
    for member in &team {
        let listed = super::people::listed(properties, |p| p.agent.as_deref() == Some(member.id.as_str()));
        file(files::agent_page(&member.id), listed, &|listed| {
            to_json(&super::people::agent(member.clone(), listed, pictures))
        });
    }
    for developer in &developers {
        let listed =
            super::people::listed(properties, |p| p.developer.as_deref() == Some(developer.id.as_str()));
        file(files::developer_page(&developer.id), listed, &|listed| {
            to_json(&super::people::developer(developer.clone(), listed, pictures))
        });
    }
    let agents = team.iter().map(|m| agent_path(&m.id)).collect();
    let developer_pages = developers.iter().map(|d| developer_path(&d.id)).collect();

    memo.valuations = if same { before.valuations.clone() } else { valuations(content, market) };
    jobs.extend(memo.valuations.iter().cloned());
    memo.team = team;
    memo.developers = developers;
    Made { jobs, guides, agents, developers: developer_pages, memo }
}

/// The valuation tool's figures, a file per community of the vocabulary with sales, and the
/// list of those places.
fn valuations(content: &Content, market: &Market) -> Vec<Job> {
    let mut jobs = Vec::new();
    let mut places = Vec::new();
    let communities = content.vocabulary.get(crate::content::vocabulary::Kind::Communities);
    for term in communities.map_or(&[][..], |c| &c.data.terms[..]) {
        if let Some(valuation) = market.valuation(&term.key, &term.en) {
            jobs.push((super::file(&files::valuation(&term.key)), to_json(&valuation)));
            places.push(contract::valuation::ValuationPlace { key: term.key.clone(), name: term.en.clone() });
        }
    }
    places.sort_by(|a, b| a.name.cmp(&b.name));
    jobs.push((super::file(files::VALUATIONS), to_json(&places)));
    jobs
}
