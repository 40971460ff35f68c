//! The portals' listing feed, `feeds/portals/propertyfinder.xml` (`contract::files::PORTAL_FEED`,
//! whose address portals are given): every published listing in the
//! Property Finder XML format, which Property Finder, Bayut and Dubizzle read from a URL. It is
//! streamed with quick-xml's writer. A listing without a field the portals require (permit
//! number, photo, agent, size, community) is left out, and `estate check` warns about it
//! ([`check`]), unless the listing says it stays off the portals (`portals: false`).
//!
//! A rental's terms go in the format's own elements: `cheques` (how many cheques the year's rent
//! is paid in), `availability_date` (the day it is free from), and `furnished` (`Yes`, `Partly`,
//! `No`) for any listing that says.

use std::collections::HashMap;
use std::io::{self, Write};
#[cfg(test)]
use std::path::Path;
use std::sync::{Arc, Mutex};

use quick_xml::Writer;
use quick_xml::events::{BytesCData, BytesDecl, BytesStart, BytesText, Event};
use rayon::prelude::*;

use contract::files::PORTAL_FEED;

use crate::content::diag::Diagnostic;
use crate::content::markdown;
use crate::content::model::{
    DeveloperFile, Furnishing, MainCategory, MemberFile, PricePeriod, PropertyFile, Status, Timestamp,
};
use crate::content::portal::{self, CITY};
use crate::content::yaml::Pos;
use crate::content::{Content, Record};
use crate::publish::made::same_arcs;
use crate::publish::parts::Part;

/// How many published listings are in the feed and how many were left out.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub included: usize,
    pub left_out: usize,
}

/// The absolute address of a listing photo for the portals. The published `/media/...` file of
/// a raster photo is already the image stage's largest variant (at most 1600 px wide, without
/// metadata), which is what the portals want.
pub fn portal_photo_url(base: &str, image: &str) -> String {
    let url = contract::urls::media_url(image);
    if url.starts_with('/') { format!("{base}{url}") } else { url }
}

/// The fields the portals require that a listing lacks, as content names them.
pub fn missing_fields(content: &Content, r: &Record<PropertyFile>) -> Vec<&'static str> {
    let p = &r.data;
    let mut missing = Vec::new();
    if p.permit_number.as_deref().is_none_or(|n| n.trim().is_empty()) {
        missing.push("permitNumber");
    }
    if p.images.is_empty() {
        missing.push("images");
    }
    if agent(content, p).is_none() {
        missing.push("agent");
    }
    if p.area.is_none_or(|a| a == 0) {
        missing.push("area");
    }
    if p.location.as_deref().is_none_or(|l| l.trim().is_empty()) {
        missing.push("location");
    }
    if portal::type_term(&content.vocabulary, p.sub_category).and_then(|t| t.code.as_ref()).is_none() {
        missing.push("subCategory");
    }
    missing
}

/// What a listing lacking `field` (one of [`missing_fields`]) lacks, in an editor's words.
pub fn lack_in_words(field: &str) -> &'static str {
    match field {
        "permitNumber" => "no permit number",
        "images" => "no photo",
        "agent" => "no agent",
        "area" => "no size",
        "location" => "no community",
        "subCategory" => "a property type the portals have no code for",
        _ => "something the portals require missing",
    }
}

/// Whether the feed carries a published listing: one meant for the portals that has all they
/// require.
fn in_feed(content: &Content, r: &Record<PropertyFile>) -> bool {
    r.data.portals && missing_fields(content, r).is_empty()
}

/// The warnings of `estate check`: each published listing meant for the portals that the feed
/// leaves out, with the fields it lacks.
pub fn check(content: &Content) -> Vec<Diagnostic> {
    content
        .published()
        .filter(|r| r.data.portals)
        .filter_map(|r| {
            let missing = missing_fields(content, r);
            if missing.is_empty() {
                return None;
            }
            let fields = missing.iter().map(|f| format!("`{f}`")).collect::<Vec<_>>().join(", ");
            Some(
                Diagnostic::warning(
                    &r.path,
                    r.tree.key_pos(missing[0]).unwrap_or(Pos::START),
                    format!("left out of the portal feed ({}): no {fields}", contract::files::relative(PORTAL_FEED)),
                )
                .with_hint("Property Finder, Bayut and Dubizzle require a permit number, a photo, an agent from content/team/, the size, the community and a property type with a portal code; `portals: false` keeps a listing off them on purpose"),
            )
        })
        .collect()
}

fn agent<'a>(content: &'a Content, p: &PropertyFile) -> Option<&'a Record<MemberFile>> {
    let id = p.agent.as_deref()?;
    content.team.iter().find(|m| m.id == id).map(|m| &**m)
}

/// What `estate serve` keeps of the last feed between rebuilds: each listing's `<property>`
/// element with the record it was made from (the same allocation means the file was not read
/// again, see `crate::content::LoadCache`), the feed's order, and the address, team and
/// developers all were made with. An edit of one listing then writes one element again, not
/// 10,000 (each renders its description's markdown), and sorts nothing when it moves no
/// listing. A change to the vocabulary or media clears the load cache, so every record is new
/// then.
#[derive(Clone, Default)]
pub struct Memo(Arc<Mutex<Elements>>);

impl std::fmt::Debug for Memo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("portal_feed::Memo")
    }
}

#[derive(Default)]
struct Elements {
    base: String,
    team: Vec<Arc<Record<MemberFile>>>,
    developers: Vec<Arc<Record<DeveloperFile>>>,
    /// The content's listings in order, each with its element when the feed has it.
    listings: Vec<Element>,
    /// The feed's listings in the feed's order, as indexes into `listings`.
    order: Vec<usize>,
}

/// A listing and its element, if the feed has it.
type Element = (Arc<Record<PropertyFile>>, Option<Part>);

/// The feed's order: newest first, then by reference, so it does not depend on file names.
fn feed_order(a: &PropertyFile, b: &PropertyFile) -> std::cmp::Ordering {
    b.created_at.cmp(&a.created_at).then_with(|| a.reference.cmp(&b.reference))
}

/// The feed's parts (its head, each listing's element, its end), and how many listings it has
/// and left out; with `memo`, the elements of listings unchanged since the last feed are taken
/// from it.
pub fn render(content: &Content, base: &str, memo: Option<&Memo>) -> (Vec<Part>, Counts) {
    let mut kept = memo
        .map(|memo| std::mem::take(&mut *memo.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner)))
        .unwrap_or_default();
    if !(kept.base == base
        && same_arcs(&kept.team, &content.team)
        && same_arcs(&kept.developers, &content.developers))
    {
        kept = Elements::default();
    }
    // The last build's listings line up with these (the same files, one or more edited), or
    // are found by id (a listing added or removed).
    let aligned = kept.listings.len() == content.properties.len();
    let by_id: HashMap<&str, &Element> =
        if aligned { HashMap::new() } else { kept.listings.iter().map(|e| (e.0.id.as_str(), e)).collect() };
    let last = |i: usize, r: &Record<PropertyFile>| {
        if aligned { Some(&kept.listings[i]) } else { by_id.get(r.id.as_str()).copied() }
    };
    let listings: Vec<Element> = content
        .properties
        .par_iter()
        .enumerate()
        .map(|(i, r)| match last(i, r) {
            Some((record, element)) if Arc::ptr_eq(record, r) => (Arc::clone(r), element.clone()),
            _ => {
                let shown = r.data.status == Status::Available && in_feed(content, r);
                (Arc::clone(r), shown.then(|| Part::from(element(content, base, r))))
            }
        })
        .collect();
    // The last order holds while every listing read again kept its place in it: in the feed
    // or not as before (or out of it now: a listing sold), with the same date and reference.
    // Those out of the feed now are taken out of it; the rest stays in order.
    let order_holds = aligned
        && !kept.listings.is_empty()
        && listings.iter().zip(&kept.listings).all(|((now, element), (then, was))| {
            Arc::ptr_eq(now, then)
                || ((element.is_some() == was.is_some() || element.is_none())
                    && now.data.created_at == then.data.created_at
                    && now.data.reference == then.data.reference)
        });
    let order = if order_holds {
        let mut order = std::mem::take(&mut kept.order);
        order.retain(|&i| listings[i].1.is_some());
        order
    } else {
        let mut order: Vec<usize> = (0..listings.len()).filter(|&i| listings[i].1.is_some()).collect();
        order.sort_by(|&a, &b| feed_order(&listings[a].0.data, &listings[b].0.data));
        order
    };
    drop(by_id);
    let published = content.published().count();
    let counts = Counts { included: order.len(), left_out: published - order.len() };
    // The newest listing's date, so the same content always gives the same bytes.
    let updated = order.iter().map(|&i| listings[i].0.data.created_at).max();
    let (head, end) = frame(updated, order.len());
    let mut parts = Vec::with_capacity(order.len() + 2);
    parts.push(head);
    parts.extend(order.iter().filter_map(|&i| listings[i].1.clone()));
    parts.push(end);
    if let Some(memo) = memo {
        *memo.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Elements {
            base: base.to_owned(),
            team: content.team.clone(),
            developers: content.developers.clone(),
            listings,
            order,
        };
    }
    (parts, counts)
}

/// The feed's bytes before its first listing and after its last: the XML declaration and the
/// `<list>` element, written by the writer that wrote the whole feed in one go, around a mark
/// where the listings go.
fn frame(updated: Option<Timestamp>, count: usize) -> (Part, Part) {
    const MARK: &[u8] = b"\0listings\0";
    let mut bytes = Vec::with_capacity(200);
    let mut w = Writer::new_with_indent(&mut bytes, b' ', 2);
    let written = w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None))).and_then(|()| {
        w.create_element("list")
            .with_attribute(("last_update", updated.map(portal::feed_date).unwrap_or_default().as_str()))
            .with_attribute(("listing_count", count.to_string().as_str()))
            .write_inner_content(|w| w.get_mut().write_all(MARK))
            .map(|_| ())
    });
    written.expect("writing into memory does not fail");
    bytes.push(b'\n');
    let at = bytes.windows(MARK.len()).position(|w| w == MARK).expect("the mark is written");
    (Part::from(&bytes[..at]), Part::from(&bytes[at + MARK.len()..]))
}

/// One listing's `<property>` element as the feed has it, inside `<list>`: written after a
/// `<list>` start tag, which sets the indentation, and cut from there. The writer indents an
/// element by its depth alone, so the bytes are those the feed's own writer would write.
fn element(content: &Content, base: &str, r: &Record<PropertyFile>) -> Vec<u8> {
    let mut w = Writer::new_with_indent(Vec::new(), b' ', 2);
    let start = BytesStart::new("list");
    let cut = w
        .write_event(Event::Start(start))
        .map(|()| w.get_ref().len())
        .and_then(|cut| property(&mut w, content, base, r).map(|()| cut));
    let cut = cut.expect("writing into memory does not fail");
    w.into_inner().split_off(cut)
}

/// Text without the characters XML 1.0 forbids.
fn clean(text: &str) -> String {
    text.chars()
        .filter(|&c| !((c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || c == '\u{FFFE}' || c == '\u{FFFF}'))
        .collect()
}

fn text<W: Write>(w: &mut Writer<W>, name: &str, value: &str) -> io::Result<()> {
    w.create_element(name).write_text_content(BytesText::new(&clean(value)))?;
    Ok(())
}

fn cdata<W: Write>(w: &mut Writer<W>, name: &str, value: &str) -> io::Result<()> {
    let value = clean(value);
    w.create_element(name).write_inner_content(|w| {
        // A `]]>` inside the text is split across two sections.
        for section in BytesCData::escaped(&value) {
            w.write_event(Event::CData(section))?;
        }
        Ok(())
    })?;
    Ok(())
}

fn nonempty(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

fn property<W: Write>(
    w: &mut Writer<W>,
    content: &Content,
    base: &str,
    r: &Record<PropertyFile>,
) -> io::Result<()> {
    let p = &r.data;
    let vocabulary = &content.vocabulary;
    let date = portal::feed_date(last_update(p));
    w.create_element("property").with_attribute(("last_update", date.as_str())).write_inner_content(|w| {
        let reference = nonempty(&p.reference).map_or_else(|| r.id.to_uppercase(), str::to_owned);
        text(w, "reference_number", &reference)?;
        text(w, "permit_number", nonempty(&p.permit_number).unwrap_or(""))?;
        text(
            w,
            "offering_type",
            portal::offering_type(p.main_category, portal::is_commercial(vocabulary, p.sub_category)),
        )?;
        let code =
            portal::type_term(vocabulary, p.sub_category).and_then(|t| t.code.as_deref()).unwrap_or("");
        text(w, "property_type", code)?;
        if let Some(price) = p.price {
            match (p.main_category, p.price_period) {
                (MainCategory::Rental, Some(period)) => {
                    let element = if period == PricePeriod::Month { "monthly" } else { "yearly" };
                    w.create_element("price")
                        .write_inner_content(|w| text(w, element, &price.to_string()))?;
                }
                _ => text(w, "price", &price.to_string())?,
            }
        }
        if p.main_category == MainCategory::Rental
            && let Some(cheques) = p.cheques
        {
            text(w, "cheques", &cheques.to_string())?;
        }
        text(w, "size", &p.area.unwrap_or(0).to_string())?;
        if let Some(bedrooms) = p.bedrooms {
            text(w, "bedroom", &bedrooms.to_string())?;
        }
        if let Some(bathrooms) = p.bathrooms {
            text(w, "bathroom", &bathrooms.to_string())?;
        }
        if let Some(furnishing) = p.furnishing {
            text(w, "furnished", furnished(furnishing))?;
        }
        if p.main_category == MainCategory::Rental
            && let Some(day) = &p.available_from
        {
            text(w, "availability_date", &day.0)?;
        }
        cdata(w, "title_en", p.title.trim())?;
        // The portals show the description as HTML: the page's own, sanitised the same way
        // (markdown rendered, then ammonia), with its links made absolute.
        let page = format!("{base}{}", contract::urls::property_path(&r.id));
        let html = |markdown: &str| without_images(&markdown::to_html_absolute(markdown.trim(), &page));
        cdata(w, "description_en", html(Content::description(r)).trim())?;
        if let Some(ar) = &p.ar {
            if let Some(title) = nonempty(&ar.title) {
                cdata(w, "title_ar", title)?;
            }
            if let Some(description) = nonempty(&ar.description) {
                cdata(w, "description_ar", html(description).trim())?;
            }
        }
        text(w, "city", CITY)?;
        if let Some(location) = nonempty(&p.location) {
            text(w, "community", location)?;
        }
        if p.main_category == MainCategory::OffPlan {
            text(w, "completion_status", "off_plan")?;
        }
        if let Some(developer) =
            p.developer.as_deref().and_then(|id| content.developers.iter().find(|d| d.id == id))
        {
            text(w, "developer", developer.data.name.trim())?;
        }
        // The format's project information is the name, beside the developer and the completion
        // status; it has no element for the RERA project number or the escrow account.
        if let Some(project) = nonempty(&p.project_name) {
            text(w, "project_name", project)?;
        }
        let codes = portal::amenity_codes(vocabulary, &p.amenities);
        if !codes.is_empty() {
            let element = if portal::is_commercial(vocabulary, p.sub_category) {
                "commercial_amenities"
            } else {
                "private_amenities"
            };
            text(w, element, &codes.join(","))?;
        }
        if let Some(c) = p.coordinates {
            text(w, "geopoints", &format!("{},{}", c.lng, c.lat))?;
        }
        w.create_element("photo").write_inner_content(|w| {
            for image in &p.images {
                w.create_element("url")
                    .with_attribute(("last_updated", date.as_str()))
                    .write_text_content(BytesText::new(&portal_photo_url(base, image)))?;
            }
            Ok(())
        })?;
        // The format has one floor plan and one video address per listing: the first plan.
        if let Some(plan) = p.floor_plans.first() {
            text(w, "floor_plan", &portal_photo_url(base, plan))?;
        }
        if let Some(video) = nonempty(&p.video_tour) {
            text(w, "video_tour_url", video)?;
        }
        if let Some(member) = agent(content, p) {
            agent_element(w, base, member)?;
        }
        Ok(())
    })?;
    Ok(())
}

/// The format's `furnished` value: `Yes`, `Partly` or `No`.
fn furnished(furnishing: Furnishing) -> &'static str {
    match furnishing {
        Furnishing::Furnished => "Yes",
        Furnishing::PartlyFurnished => "Partly",
        Furnishing::Unfurnished => "No",
    }
}

/// Sanitised HTML without its images: a listing's photos go to the portals in `<photo>`, from
/// fields `estate check` holds to the agency's own site, and an image in a description would
/// send the portals' servers or readers to any address written there.
fn without_images(html: &str) -> String {
    static NO_IMAGES: std::sync::LazyLock<ammonia::Builder<'static>> = std::sync::LazyLock::new(|| {
        let mut builder = ammonia::Builder::default();
        builder.rm_tags(["img"]).link_rel(Some("noopener noreferrer"));
        builder
    });
    NO_IMAGES.clean(html).to_string()
}

/// When the listing last changed: its date (the content has no other).
fn last_update(p: &PropertyFile) -> Timestamp {
    p.created_at
}

fn agent_element<W: Write>(w: &mut Writer<W>, base: &str, member: &Record<MemberFile>) -> io::Result<()> {
    let m = &member.data;
    w.create_element("agent").write_inner_content(|w| {
        text(w, "id", &member.id)?;
        text(w, "name", m.name.trim())?;
        if let Some(email) = nonempty(&m.email) {
            text(w, "email", email)?;
        }
        if let Some(phone) = nonempty(&m.phone) {
            text(w, "phone", &phone.chars().filter(char::is_ascii_digit).collect::<String>())?;
        }
        text(w, "photo", &portal_photo_url(base, &m.image))?;
        if let Some(brn) = nonempty(&m.brn) {
            text(w, "license_no", brn)?;
        }
        Ok(())
    })?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The feed as it was written in one go before it was made of parts.
    fn in_one_go(content: &Content, base: &str) -> Vec<u8> {
        let mut listings: Vec<&Arc<Record<PropertyFile>>> =
            content.published().filter(|r| in_feed(content, r)).collect();
        listings.sort_by(|a, b| feed_order(&a.data, &b.data));
        let updated = listings.iter().map(|r| r.data.created_at).max();
        let mut bytes = Vec::new();
        let mut w = Writer::new_with_indent(&mut bytes, b' ', 2);
        w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None))).unwrap();
        w.create_element("list")
            .with_attribute(("last_update", updated.map(portal::feed_date).unwrap_or_default().as_str()))
            .with_attribute(("listing_count", listings.len().to_string().as_str()))
            .write_inner_content(|w| listings.iter().try_for_each(|r| property(w, content, base, r)))
            .unwrap();
        bytes.push(b'\n');
        bytes
    }

    #[test]
    fn the_parts_are_the_feed_written_in_one_go_and_kept_ones_follow_edits() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
        let (mut content, _) = crate::content::load(&dir);
        let base = "https://a.example";
        let memo = Memo::default();
        let check = |content: &Content| {
            let whole = in_one_go(content, base);
            assert_eq!(render(content, base, None).0.concat(), whole);
            assert_eq!(render(content, base, Some(&memo)).0.concat(), whole);
        };
        check(&content);
        assert!(render(&content, base, None).1.included > 3);
        // A title, a date (the order), a listing sold, one removed, none left.
        let edit = |content: &mut Content, i: usize, change: &dyn Fn(&mut PropertyFile)| {
            let mut record = (*content.properties[i]).clone();
            change(&mut record.data);
            content.properties[i] = Arc::new(record);
        };
        edit(&mut content, 0, &|p| p.title.push_str(" edited"));
        check(&content);
        edit(&mut content, 1, &|p| p.created_at = Timestamp::parse("2031-01-01").unwrap());
        check(&content);
        edit(&mut content, 2, &|p| p.status = Status::Sold);
        check(&content);
        content.properties.remove(3);
        check(&content);
        content.properties.clear();
        check(&content);
    }
}
