//! The communities' area guides: `data/guides/{key}.json` for each community of the
//! vocabulary that has published listings or a guide text (`content/communities/{key}.yaml`),
//! with its text in each language, its newest listings as cards, and its figures in the Dubai
//! Land Department's open data ([`Market::area`]). The page is `/area-guides-in-dubai/{key}`.

use std::collections::BTreeMap;
use std::sync::Arc;

use contract::ApiProperty;
use contract::guides::{AreaGuide, GUIDE_CARDS, GuideTexts};
use contract::site::Translations;
use contract::urls::area_guide_path;

use crate::content::markdown;
use crate::content::model::{self, GuideFile};
use crate::content::vocabulary::{Kind, Vocabularies};
use crate::content::{Content, Record};
use crate::publish::images::Pictures;
use crate::publish::listings::card;
use crate::publish::market::Market;

/// The key of the community `location` names, when the vocabulary has it.
pub fn community_of<'a>(vocabulary: &'a Vocabularies, location: Option<&str>) -> Option<&'a str> {
    vocabulary.find(Kind::Communities, location?).map(|t| t.key.as_str())
}

/// The guide page of the community `location` names, when the vocabulary has it (every such
/// community with a published listing has a guide).
pub fn guide_of(vocabulary: &Vocabularies, location: Option<&str>) -> Option<String> {
    community_of(vocabulary, location).map(area_guide_path)
}

/// The listings and text of one community's guide ([`groups`]).
pub struct Group<'a> {
    /// The community's key.
    pub key: &'a str,
    term: &'a crate::content::vocabulary::Term,
    /// Its published listings, newest first.
    pub listings: Vec<Arc<ApiProperty>>,
    /// Its text (`content/communities/{key}.yaml`), when written.
    text: Option<&'a Record<GuideFile>>,
}

/// Every guide of `content`, by community key, in the vocabulary's order, as the listings and
/// text it is made of ([`guide`]). `properties` are the published listings, newest first;
/// `located` the community of each ([`community_of`]).
pub fn groups<'a>(
    content: &'a Content,
    properties: &[Arc<ApiProperty>],
    located: &[Option<&str>],
) -> Vec<Group<'a>> {
    let Some(communities) = content.vocabulary.get(Kind::Communities) else { return Vec::new() };
    let mut listed: BTreeMap<&str, Vec<Arc<ApiProperty>>> = BTreeMap::new();
    for (p, key) in properties.iter().zip(located) {
        if let Some(key) = key {
            listed.entry(key).or_default().push(p.clone());
        }
    }
    let texts: BTreeMap<&str, &Record<GuideFile>> =
        content.guides.iter().map(|g| (g.id.as_str(), &**g)).collect();
    communities
        .data
        .terms
        .iter()
        .filter_map(|term| {
            let key = term.key.as_str();
            let listings = listed.remove(key).unwrap_or_default();
            let text = texts.get(key).copied();
            if listings.is_empty() && text.is_none() {
                return None;
            }
            Some(Group { key, term, listings, text })
        })
        .collect()
}

/// The guide of `group`.
pub fn guide<'a>(group: &'a Group<'_>, pictures: &'a Pictures, market: &Market) -> AreaGuide<'a> {
    let (term, listings, key) = (group.term, &group.listings, group.key);
    let names = |lang: &str| term.name(lang).filter(|n| !n.trim().is_empty()).map(str::to_owned);
    let translated = |lang: &str, texts: Option<&model::GuideTexts>| GuideTexts {
        name: names(lang),
        ..texts.map(html).unwrap_or_default()
    };
    let own = group.text.map(|g| &g.data);
    // Its own picture, else its newest listing's first photo.
    let image = own
        .map(|g| pictures.owned(&g.image))
        .or_else(|| listings.iter().find_map(|p| p.images.first()).map(|url| pictures.get(url)));
    AreaGuide {
        id: key.to_owned(),
        url: area_guide_path(key),
        name: term.en.clone(),
        image,
        texts: own.map(english).unwrap_or_default(),
        translations: Translations {
            ar: Some(translated("ar", own.and_then(|g| g.ar.as_ref()))),
            ru: Some(translated("ru", own.and_then(|g| g.ru.as_ref()))),
        },
        total: listings.len(),
        listings: listings.iter().take(GUIDE_CARDS).map(|p| card(p, pictures)).collect(),
        market: market.area(key),
    }
}

/// A guide's English texts as HTML.
fn english(g: &GuideFile) -> GuideTexts {
    html(&model::GuideTexts {
        introduction: Some(g.introduction.clone()),
        lifestyle: g.lifestyle.clone(),
        schools: g.schools.clone(),
        transport: g.transport.clone(),
    })
}

/// Texts as HTML; a blank one is absent.
fn html(t: &model::GuideTexts) -> GuideTexts {
    let one = |text: &Option<String>| text.as_deref().filter(|t| !t.trim().is_empty()).map(markdown::to_html);
    GuideTexts {
        name: None,
        introduction: one(&t.introduction),
        lifestyle: one(&t.lifestyle),
        schools: one(&t.schools),
        transport: one(&t.transport),
    }
}
