//! The API's records: a listing or a post as `GET /api/properties/{id}` and `/api/blogs/{id}`
//! answer it, made from its content file.

use std::collections::BTreeMap;

use contract::urls::{blog_slug, media_url, post_path, property_path};
use contract::{ApiBlog, ApiProperty, BlogTranslation, PropertyTranslation};

use super::images;
use crate::content::markdown;
use crate::content::model::{PostFile, PropertyFile};
use crate::content::vocabulary::Vocabularies;
use crate::content::{Content, Record};

pub(crate) fn optional_text(value: &Option<String>) -> Option<String> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

/// A listing's API record; its type under the vocabulary's English name, its first photo as the
/// image stage's `pictures` know it.
pub fn api_property(
    r: &Record<PropertyFile>,
    vocabulary: &Vocabularies,
    pictures: &images::Pictures,
) -> ApiProperty {
    let p = &r.data;
    let mut translations = BTreeMap::new();
    for (lang, texts) in [("ar", &p.ar), ("ru", &p.ru)] {
        if let Some(t) = texts {
            translations.insert(
                lang.to_owned(),
                PropertyTranslation {
                    title: optional_text(&t.title),
                    description: t.description.as_deref().map(markdown::to_html),
                    location: optional_text(&t.location),
                },
            );
        }
    }
    ApiProperty {
        underscore_id: r.id.clone(),
        id: r.id.clone(),
        title: p.title.trim().to_owned(),
        main_category: p.main_category,
        sub_category: vocabulary.type_name(p.sub_category).to_owned(),
        images: p.images.iter().map(|i| media_url(i)).collect(),
        location: optional_text(&p.location),
        bedrooms: p.bedrooms,
        area: p.area,
        price: p.price,
        featured: p.featured,
        created_at: p.created_at.to_api(),
        description: markdown::to_html(Content::description(r)),
        url: property_path(&r.id),
        bathrooms: p.bathrooms,
        price_period: p.price_period,
        furnishing: p.furnishing,
        cheques: p.cheques,
        available_from: p.available_from.as_ref().map(|d| d.0.clone()),
        reference: optional_text(&p.reference),
        permit_number: optional_text(&p.permit_number),
        permit_url: optional_text(&p.permit_url),
        agent: p.agent.clone(),
        developer: p.developer.clone(),
        project_name: optional_text(&p.project_name),
        project_number: optional_text(&p.project_number),
        escrow_account: optional_text(&p.escrow_account),
        completion_date: p.completion_date.as_ref().map(|d| d.0.clone()),
        payment_plan: p.payment_plan.clone(),
        amenities: p.amenities.clone(),
        coordinates: p.coordinates,
        translations,
        picture: p.images.first().map(|i| pictures.owned(i).webp_only()),
    }
}

pub fn api_blog(r: &Record<PostFile>) -> ApiBlog {
    let p = &r.data;
    let slug = blog_slug(&p.title);
    let mut translations = BTreeMap::new();
    for (lang, texts) in [("ar", &p.ar), ("ru", &p.ru)] {
        if let Some(t) = texts {
            translations.insert(
                lang.to_owned(),
                BlogTranslation {
                    title: optional_text(&t.title),
                    excerpt: optional_text(&t.excerpt),
                    content: t.content.as_deref().map(markdown::to_html),
                },
            );
        }
    }
    ApiBlog {
        underscore_id: r.id.clone(),
        id: r.id.clone(),
        title: p.title.trim().to_owned(),
        images: p.images.iter().map(|i| media_url(i)).collect(),
        content: markdown::to_html(r.body.as_deref().unwrap_or("")),
        date: p.date.to_api(),
        author: optional_text(&p.author),
        excerpt: optional_text(&p.excerpt),
        url: post_path(&r.id, &p.title),
        slug,
        translations,
    }
}
