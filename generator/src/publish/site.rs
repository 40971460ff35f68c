//! The agency's records as the pages read them (`contract::site`): `data/site.json`,
//! `data/team.json`, `data/developers.json` and `data/pages/{id}.json`. Texts written in
//! markdown are published as HTML.

use crate::publish::images::Pictures;
use contract::site::{
    AgentContact, Developer, DeveloperTexts, Hero, Heroes, MapPlace, MapSettings, MapTexts, MemberTexts,
    Page, PageTexts, Partner, PartnerTexts, Site, SiteTexts, SocialLink, TeamMember, Translations,
};
use contract::urls::media_url;
use contract::vocabulary::{SearchTerm, SearchTerms, TermNames, TypeNames, Vocabulary};

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::content::markdown;
use crate::content::model::SubCategory;
use crate::content::model::{self, DeveloperFile, MemberFile, PageFile, SiteFile};
use crate::content::vocabulary::{Kind, Vocabularies};
use crate::content::{Content, Record};
use crate::publish::optional_text;

/// The Arabic and Russian texts of a record, each made by `texts` where the content has it.
fn translations<F, T>(ar: &Option<F>, ru: &Option<F>, texts: impl Fn(&F) -> T) -> Translations<T> {
    Translations { ar: ar.as_ref().map(&texts), ru: ru.as_ref().map(&texts) }
}

/// The width of a video's poster (shown only until the video plays).
const VIDEO_POSTER_WIDTH: u32 = 800;

fn hero(h: &model::Hero, pictures: &Pictures) -> Hero {
    let video_poster = h.video.as_ref().map(|_| {
        let poster = media_url(&h.poster);
        pictures.variant(&poster, VIDEO_POSTER_WIDTH).map_or(poster.clone(), str::to_owned)
    });
    Hero { video_poster, poster: pictures.owned(&h.poster), video: h.video.as_deref().map(media_url) }
}

/// The vocabularies' Arabic and Russian names by English name (and the property types' kinds),
/// for the pages.
fn vocabulary(vocabularies: &Vocabularies) -> Vocabulary {
    let table = |kind: Kind| -> BTreeMap<String, TermNames> {
        let Some(record) = vocabularies.get(kind) else { return BTreeMap::new() };
        record
            .data
            .terms
            .iter()
            .map(|t| (t.en.clone(), TermNames { ar: t.ar.clone(), ru: t.ru.clone() }))
            .collect()
    };
    // Every type the site has, under its published name, with its kind (with or without a
    // vocabulary entry); then any other term of the vocabulary.
    let mut types: BTreeMap<String, TypeNames> = SubCategory::ALL
        .into_iter()
        .map(|sub| {
            let term = vocabularies.type_term(sub);
            let names = TypeNames {
                ar: term.and_then(|t| t.ar.clone()),
                ru: term.and_then(|t| t.ru.clone()),
                kind: Some(vocabularies.type_kind(sub)),
            };
            (vocabularies.type_name(sub).to_owned(), names)
        })
        .collect();
    for t in vocabularies.get(Kind::Types).map_or(&[][..], |record| &record.data.terms) {
        types.entry(t.en.clone()).or_insert_with(|| TypeNames {
            ar: t.ar.clone(),
            ru: t.ru.clone(),
            kind: t.kind,
        });
    }
    Vocabulary {
        amenities: table(Kind::Amenities),
        communities: table(Kind::Communities),
        languages: table(Kind::Languages),
        types,
        stages: table(Kind::Stages),
    }
}

/// The communities and property types by every name a visitor may type (English, Arabic,
/// Russian and the vocabulary's aliases), for the query reader of search.
pub fn search_terms(vocabularies: &Vocabularies) -> SearchTerms {
    let terms = |kind: Kind| -> Vec<SearchTerm> {
        let Some(record) = vocabularies.get(kind) else { return Vec::new() };
        record
            .data
            .terms
            .iter()
            .map(|t| {
                let others = [t.ar.as_deref(), t.ru.as_deref()].into_iter().flatten();
                let mut names: Vec<String> =
                    others.chain(t.aliases.iter().map(String::as_str)).map(str::to_owned).collect();
                names.retain(|name| !name.trim().is_empty() && *name != t.en);
                names.dedup();
                let translated = (t.ar.is_some() || t.ru.is_some())
                    .then(|| TermNames { ar: t.ar.clone(), ru: t.ru.clone() });
                SearchTerm { name: t.en.clone(), names, translated }
            })
            .collect()
    };
    SearchTerms { communities: terms(Kind::Communities), types: terms(Kind::Types) }
}

/// The communities the map names: each with coordinates in the vocabulary.
pub fn places(vocabularies: &Vocabularies) -> Vec<MapPlace> {
    let Some(record) = vocabularies.get(Kind::Communities) else { return Vec::new() };
    record
        .data
        .terms
        .iter()
        .filter_map(|t| t.coordinates.map(|c| MapPlace { name: t.en.clone(), lat: c.lat, lng: c.lng }))
        .collect()
}

pub fn site(
    site: &SiteFile,
    team: &[Arc<Record<MemberFile>>],
    vocabularies: &Vocabularies,
    pictures: &Pictures,
) -> Site {
    Site {
        about: markdown::to_html(&site.about),
        agents: team
            .iter()
            .map(|m| {
                (
                    m.id.clone(),
                    AgentContact { phone: m.data.phone.clone(), whatsapp: m.data.whatsapp.clone() },
                )
            })
            .collect(),
        address: site.address.clone(),
        base_url: site.base_url.trim_end_matches('/').to_owned(),
        coordinates: site.coordinates,
        default_image: pictures.owned(&site.default_image),
        description: site.description.clone(),
        email: site.email.clone(),
        hero: Heroes {
            all: hero(&site.hero.all, pictures),
            commercial: hero(&site.hero.commercial, pictures),
            off_plan: hero(&site.hero.off_plan, pictures),
            rental: hero(&site.hero.rental, pictures),
            residential: hero(&site.hero.residential, pictures),
        },
        legal_name: site.legal_name.clone(),
        logo: media_url(&site.logo),
        map: site.map.as_ref().map(|map| MapSettings {
            attribution: map.attribution.clone(),
            tiles: if map.tiles.starts_with("https://") { map.tiles.clone() } else { media_url(&map.tiles) },
            translations: translations(&map.ar, &map.ru, |t| MapTexts { attribution: t.attribution.clone() }),
        }),
        name: site.name.clone(),
        orn: site.orn.clone(),
        partners: site
            .partners
            .iter()
            .map(|p| Partner {
                logo: media_url(&p.logo),
                name: p.name.clone(),
                text: p.text.clone(),
                translations: translations(&p.ar, &p.ru, |t| PartnerTexts { text: t.text.clone() }),
                url: p.url.clone(),
            })
            .collect(),
        phones: site.phones.clone(),
        social: site
            .social
            .iter()
            .map(|s| SocialLink { network: s.network.clone(), url: s.url.clone() })
            .collect(),
        vocabulary: vocabulary(vocabularies),
        translations: translations(&site.ar, &site.ru, |t| SiteTexts {
            about: t.about.as_deref().map(markdown::to_html),
            address: t.address.clone(),
            description: t.description.clone(),
            name: t.name.clone(),
            why_us: t.why_us.as_deref().map(markdown::to_html),
            working_hours: t.working_hours.clone(),
        }),
        whatsapp: site.whatsapp.clone(),
        why_us: markdown::to_html(&site.why_us),
        working_hours: site.working_hours.clone(),
    }
}

/// The team in display order (`order`, then id).
pub fn team(content: &Content, pictures: &Pictures) -> Vec<TeamMember> {
    let mut team: Vec<&Record<MemberFile>> = content.team.iter().map(|m| &**m).collect();
    team.sort_by(|a, b| a.data.order.cmp(&b.data.order).then_with(|| a.id.cmp(&b.id)));
    team.iter()
        .map(|m| {
            let t = &m.data;
            TeamMember {
                brn: t.brn.clone(),
                email: t.email.clone(),
                id: m.id.clone(),
                image: pictures.owned(&t.image),
                languages: t.languages.clone(),
                name: t.name.clone(),
                phone: t.phone.clone(),
                role: t.role.clone(),
                translations: translations(&t.ar, &t.ru, |x| MemberTexts {
                    name: x.name.clone(),
                    role: x.role.clone(),
                }),
                whatsapp: t.whatsapp.clone(),
            }
        })
        .collect()
}

/// The developers by name.
pub fn developers(content: &Content, pictures: &Pictures) -> Vec<Developer> {
    let mut developers: Vec<&Record<DeveloperFile>> = content.developers.iter().map(|d| &**d).collect();
    developers.sort_by(|a, b| a.data.name.cmp(&b.data.name));
    developers
        .iter()
        .map(|d| {
            let v = &d.data;
            Developer {
                description: markdown::to_html(&v.description),
                id: d.id.clone(),
                image: pictures.owned(&v.image),
                logo: media_url(&v.logo),
                name: v.name.clone(),
                projects: v.projects,
                translations: translations(&v.ar, &v.ru, |t| DeveloperTexts {
                    description: t.description.as_deref().map(markdown::to_html),
                    name: t.name.clone(),
                }),
                website: v.website.clone(),
            }
        })
        .collect()
}

pub fn page(page: &Record<PageFile>) -> Page {
    let p = &page.data;
    Page {
        content: markdown::to_html(page.body.as_deref().unwrap_or("")),
        description: p.description.clone(),
        id: page.id.clone(),
        title: p.title.clone(),
        translations: translations(&p.ar, &p.ru, |t| PageTexts {
            content: t.content.as_deref().map(markdown::to_html),
            description: optional_text(&t.description),
            title: optional_text(&t.title),
        }),
        updated: p.updated.map(|u| u.to_api()),
    }
}
