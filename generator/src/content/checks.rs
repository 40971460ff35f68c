//! The checks of each record file on its own, run as it is read (the checks across records
//! are `crate::check`'s): required texts, media that exist, permits and an off-plan project's
//! particulars (`off_plan.rs`), coordinates, links.

use std::path::{Component, Path, PathBuf};

use super::diag::Diagnostic;
use super::model::{
    DeveloperFile, GuideFile, MainCategory, MapConfig, MemberFile, PostFile, PropertyFile, SiteFile, Status,
};
use super::yaml::{Node, Pos};
use super::{Record, geo, link_scheme, off_plan, video_tour, web_address};

/// What the per-file checks need to know about the tree.
pub(super) struct Ctx<'a> {
    pub(super) dir: &'a Path,
    /// Files under `dir` that are about to be written with the file being checked.
    pub(super) pending: &'a [PathBuf],
    /// The site's picture for listings without photos (`defaultImage`), when its file exists:
    /// shown in place of a single photo deleted from the media library.
    pub(super) stand_in: Option<&'a str>,
    /// A new file sent by the admin's forms, whose photos are its own upload or one it chose:
    /// one that is not there refuses that save (an error), as nothing else waits on it.
    pub(super) refuse_missing: bool,
}

/// How the warning about a photo deleted from the media library names what happened (the entry
/// and field before it, what to do after it): [`is_deleted_photo`] finds the warning by it.
const DELETED_PHOTO: &str = " was deleted; ";

/// Whether `d` is the warning about a photo deleted from the media library that an entry still
/// names (the record is published without it).
pub fn is_deleted_photo(d: &Diagnostic) -> bool {
    d.message.contains(" · ") && d.message.contains(" the photo ") && d.message.contains(DELETED_PHOTO)
}

impl Ctx<'_> {
    /// Checks a media reference (`/media/x.jpg`, a file under content/, or an http(s) URL; the
    /// older `media/x.jpg` names the same file).
    fn media(&self, path: &Path, pos: Pos, value: &str, what: &str) -> Option<Diagnostic> {
        if value.starts_with("https://") || value.starts_with("http://") {
            return None;
        }
        let relative = Path::new(value.trim_start_matches('/'));
        if relative.components().any(|c| !matches!(c, Component::Normal(_))) {
            return Some(Diagnostic::error(
                path,
                pos,
                format!("{what} `{value}` must be a path inside content/, such as /media/photo.jpg"),
            ));
        }
        let full = self.dir.join(relative);
        if full.is_file() {
            return too_many_pixels(path, pos, value, &full);
        }
        if self.pending.iter().any(|p| p == relative) {
            return None;
        }
        let mut d = Diagnostic::error(
            path,
            pos,
            format!("{what} not found: `{value}` (no file at {})", full.display()),
        );
        d = self.hint_sibling(relative, &full, d);
        Some(d)
    }

    /// Whether `value` names something the build can use: an http(s) address, a malformed path
    /// (an error of [`Ctx::media`] already), a file under the content folder, or one about to be
    /// written with the record.
    pub(super) fn present(&self, value: &str) -> bool {
        if value.starts_with("https://") || value.starts_with("http://") {
            return true;
        }
        let relative = Path::new(value.trim_start_matches('/'));
        relative.components().any(|c| !matches!(c, Component::Normal(_)))
            || self.dir.join(relative).is_file()
            || self.pending.iter().any(|p| p == relative)
    }

    /// A photo named in a list that is no longer in the media library (deleted in the browser
    /// editor, which does not check where a photo is used): a warning in the editor's words, not
    /// an error, because the build leaves it out of the list ([`drop_missing`]) and publishes the
    /// record without it; an error here would stop every later save from being published.
    fn deleted_photo(
        &self,
        path: &Path,
        pos: Pos,
        value: &str,
        entry: &Entry,
        field: &str,
    ) -> Option<Diagnostic> {
        if self.refuse_missing || self.present(value) {
            return self.media(path, pos, value, "image");
        }
        let label = super::cms_words::words(entry.collection, field).map_or(field, |(label, _)| label);
        // One photo (a portrait, a logo) is replaced, a photo of a list left out.
        let single = !matches!(field, "images" | "floorPlans");
        let (todo, until) = if single {
            ("choose another", "until then the site shows its picture for listings without photos instead")
        } else {
            ("choose another or remove it from the list", "until then the site shows the entry without it")
        };
        let shown = value.trim_start_matches('/');
        let relative = Path::new(shown);
        let full = self.dir.join(relative);
        let warning = Diagnostic::warning(
            path,
            pos,
            format!("{} \"{}\" · {label}: the photo {shown}{DELETED_PHOTO}{todo}", entry.noun, entry.title),
        )
        .with_hint(until);
        // A name written by hand that is one letter off an uploaded photo: said too.
        Some(self.hint_sibling(relative, &full, warning))
    }

    fn hint_sibling(&self, relative: &Path, full: &Path, mut d: Diagnostic) -> Diagnostic {
        let parent = full.parent().unwrap_or(self.dir);
        let siblings: Vec<String> = std::fs::read_dir(parent)
            .map(|entries| entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect())
            .unwrap_or_default();
        let name = relative.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if let Some(best) = one_slip_from(name, siblings.iter().map(String::as_str)) {
            // In the stored form, `/media/…`, whichever form the value was written in.
            let suggestion = relative.with_file_name(best).to_string_lossy().replace('\\', "/");
            d = d.with_hint(format!("did you mean `{}`?", contract::urls::media_url(&suggestion)));
        }
        d
    }

    fn media_list(
        &self,
        record_path: &Path,
        tree: &Node,
        entry: &Entry,
        field: &str,
        values: &[String],
        out: &mut Vec<Diagnostic>,
    ) {
        for (i, value) in values.iter().enumerate() {
            let pos = tree.pos_of(&[field, &i.to_string()]);
            out.extend(self.deleted_photo(record_path, pos, value, entry, field));
        }
    }
}

/// The file name among `candidates` one slip of the keyboard from `name`: the same name with
/// another extension (`plan.png` for `plan.jpg`), or one letter left out, added, changed or two
/// swapped, with the same numbers in it (`photo.jpg` for `phto.jpg`); never another photo of the
/// same series (`living-2.jpg` for a deleted `living-1.jpg`) or of a name that starts alike.
fn one_slip_from<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let split = |file: &str| {
        let file = file.to_lowercase();
        match file.rsplit_once('.') {
            Some((stem, ext)) => (stem.to_owned(), ext.to_owned()),
            None => (file, String::new()),
        }
    };
    let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
    let (stem, ext) = split(name);
    candidates.into_iter().find(|candidate| {
        let (their_stem, their_ext) = split(candidate);
        (their_stem == stem && their_ext != ext)
            || (their_ext == ext
                && their_stem != stem
                && digits(&their_stem) == digits(&stem)
                && strsim::damerau_levenshtein(&their_stem, &stem) <= 1)
    })
}

/// A record as the browser editor names it: its collection (`listings`), the word for one of
/// them (`Listing`) and its title.
struct Entry<'a> {
    collection: &'static str,
    noun: &'static str,
    title: &'a str,
}

/// Leaves out of a list of photos those no longer in the media library (each a warning of the
/// record's check), so that the pages, the portal feed and the social card never name a missing
/// file; a listing left without photos is shown as one that never had any.
pub(super) fn drop_missing(ctx: &Ctx, images: &mut Vec<String>) {
    images.retain(|value| ctx.present(value));
    images.iter_mut().for_each(web_address::normalise);
}

/// [`stand_in`] for the pictures of site.yaml that an editor chooses in the media library: the
/// listing pages' tops and the partners' logos (its own logo and `defaultImage` stay errors).
pub(super) fn site_stand_ins(ctx: &Ctx, s: &mut SiteFile) {
    web_address::normalise(&mut s.logo);
    web_address::normalise(&mut s.default_image);
    if let Some(map) = &mut s.map {
        web_address::normalise(&mut map.tiles);
    }
    s.social.iter_mut().for_each(|link| web_address::normalise(&mut link.url));
    s.partners.iter_mut().filter_map(|partner| partner.url.as_mut()).for_each(web_address::normalise);
    let heroes = &mut s.hero;
    for hero in [
        &mut heroes.residential,
        &mut heroes.rental,
        &mut heroes.off_plan,
        &mut heroes.commercial,
        &mut heroes.all,
    ] {
        stand_in(ctx, &mut hero.poster);
        hero.video.iter_mut().for_each(web_address::normalise);
    }
    for partner in &mut s.partners {
        stand_in(ctx, &mut partner.logo);
    }
}

/// Replaces a single photo (a portrait, a logo, a guide's picture) that is no longer in the
/// media library by the site's picture for listings without photos, each a warning of the
/// record's check. Without that picture the build stops on its own error.
pub(super) fn stand_in(ctx: &Ctx, image: &mut String) {
    if let Some(stand_in) = ctx.stand_in
        && !ctx.present(image)
    {
        *image = stand_in.to_owned();
    }
    web_address::normalise(image);
}

/// The image stage refuses an image over its pixel limit (a decompression bomb, or a scan far
/// larger than a page shows), and the CMS cannot count pixels: said here, at the field, from the
/// file's header alone.
fn too_many_pixels(path: &Path, pos: Pos, value: &str, file: &Path) -> Option<Diagnostic> {
    let (width, height) =
        raster::image::ImageReader::open(file).ok()?.with_guessed_format().ok()?.into_dimensions().ok()?;
    let pixels = u64::from(width) * u64::from(height);
    (pixels > raster::MAX_PIXELS).then(|| {
        Diagnostic::error(
            path,
            pos,
            format!(
                "image `{value}` is too large: {width}x{height} is {pixels} pixels, over the limit of {} (50 megapixels)",
                raster::MAX_PIXELS
            ),
        )
        .with_hint("make it smaller (a photo of 6000x4000 is plenty) and upload it again")
    })
}

/// Whether `value` is an https:// address (the permit page is served only over https).
fn is_https_url(value: &str) -> bool {
    value.get(..8).is_some_and(|scheme| scheme.eq_ignore_ascii_case("https://"))
        && value.len() > 8
        && web_address::read(value).is_ok()
}

pub(super) fn check_property(ctx: &Ctx, r: &Record<PropertyFile>, out: &mut Vec<Diagnostic>) {
    let p = &r.data;
    let path = r.path.as_path();
    let at = |field: &str| r.tree.pos_of(&[field]);
    if p.title.trim().is_empty() {
        out.push(Diagnostic::error(path, at("title"), "`title` is empty"));
    }
    match (p.main_category, p.price_period) {
        (MainCategory::Rental, None) => out.push(
            Diagnostic::error(path, at("mainCategory"), "a rental needs `pricePeriod`")
                .with_hint("add `pricePeriod: year` or `pricePeriod: month`"),
        ),
        (category, Some(_)) if category != MainCategory::Rental => out.push(
            Diagnostic::error(
                path,
                at("pricePeriod"),
                format!("`pricePeriod` is only for rentals, and this listing is {}", category.as_str()),
            )
            .with_hint("remove the line, or set `mainCategory: Rental`"),
        ),
        _ => {}
    }
    rental_terms(r, out);
    hidden_from_the_browser_editor(r, out);
    if !p.payment_plan.is_empty() {
        for (i, step) in p.payment_plan.iter().enumerate() {
            if !(0.0..=100.0).contains(&step.percent) {
                out.push(Diagnostic::error(
                    path,
                    r.tree.pos_of(&["paymentPlan", &i.to_string(), "percent"]),
                    format!("`paymentPlan[{i}].percent` must be between 0 and 100"),
                ));
            }
        }
        let total: f64 = p.payment_plan.iter().map(|s| s.percent).sum();
        if (total - 100.0).abs() > 0.01 {
            out.push(Diagnostic::error(
                path,
                r.tree.key_pos("paymentPlan").unwrap_or(Pos::START),
                format!("the payment plan adds up to {total}%, not 100%"),
            ));
        }
    }
    match p.price {
        Some(0) => out.push(
            Diagnostic::error(path, at("price"), "a price of 0 would show as 0 AED")
                .with_hint("leave the price empty for \"Contact for price\""),
        ),
        Some(price) if price > super::model::MAX_PRICE => out.push(Diagnostic::error(
            path,
            at("price"),
            format!("a price of {price} AED is more than the highest a listing may give, 9,999,999,999 AED"),
        )),
        _ => {}
    }
    if let Some(c) = &p.coordinates {
        out.extend(geo::check_coordinates(path, at("coordinates"), c));
    }
    if r.body.is_some()
        && let Some(pos) = r.tree.key_pos("description")
    {
        out.push(
            Diagnostic::error(
                path,
                pos,
                "the description is given twice: in `description` and as the body of the file",
            )
            .with_hint("keep one of them"),
        );
    }
    if let Some(url) = &p.permit_url
        && !is_https_url(url)
    {
        out.push(Diagnostic::error(path, at("permitUrl"), "`permitUrl` must be an https:// link"));
    }
    if p.status == Status::Available && p.permit_number.as_deref().is_none_or(|n| n.trim().is_empty()) {
        out.push(
            Diagnostic::advertising(path, Pos::START, "no `permitNumber`: Dubai's advertising rules require a DLD/RERA permit (Trakheesi) number on every published listing")
                .with_hint("add `permitNumber: \"...\"` (and `permitUrl`) from the Trakheesi system"),
        );
    }
    off_plan::check(r, out);
    let entry = Entry { collection: "listings", noun: "Listing", title: p.title.trim() };
    ctx.media_list(path, &r.tree, &entry, "images", &p.images, out);
    ctx.media_list(path, &r.tree, &entry, "floorPlans", &p.floor_plans, out);
    if let Some(url) = &p.video_tour {
        out.extend(video_tour::check(path, at("videoTour"), url));
    }
}

/// The browser editor's Listings show the `.yaml` files only (a collection there has one
/// extension): a listing kept as `.md` (or `.yml`) is published but cannot be opened in /cms/,
/// so an editor would look for it in vain. Said at the file, with how to make it a `.yaml`.
fn hidden_from_the_browser_editor(r: &Record<PropertyFile>, out: &mut Vec<Diagnostic>) {
    let ext = r.path.extension().and_then(|e| e.to_str()).unwrap_or("yaml");
    let hint = match ext {
        "md" => {
            "rename it to .yaml, delete its two `---` lines and write its text as `description: |` with each line below it indented by two spaces"
        }
        "yml" => "rename it to .yaml (the same file, only the name's ending changes)",
        _ => return,
    };
    out.push(
        Diagnostic::warning(
            &r.path,
            Pos::START,
            format!(
                "Listing \"{}\" is kept as a .{ext} file, which the browser editor (/cms/) does not show: it is published, but it can be changed only in the files",
                r.data.title.trim()
            ),
        )
        .with_hint(hint),
    );
}

/// A rental's terms: the number of cheques (1 to 12) and the day it is free from, each said of
/// rentals only.
fn rental_terms(r: &Record<PropertyFile>, out: &mut Vec<Diagnostic>) {
    let p = &r.data;
    let path = r.path.as_path();
    let at = |field: &str| r.tree.pos_of(&[field]);
    if p.main_category != MainCategory::Rental {
        for (field, present) in
            [("cheques", p.cheques.is_some()), ("availableFrom", p.available_from.is_some())]
        {
            if present {
                out.push(
                    Diagnostic::error(
                        path,
                        at(field),
                        format!(
                            "`{field}` is only for rentals, and this listing is {}",
                            p.main_category.as_str()
                        ),
                    )
                    .with_hint("remove the line, or set `mainCategory: Rental`"),
                );
            }
        }
    }
    if let Some(cheques) = p.cheques
        && !super::model::CHEQUES.contains(&cheques)
    {
        out.push(
            Diagnostic::error(
                path,
                at("cheques"),
                format!("{cheques} cheques: a year's rent is paid in 1 to 12 cheques"),
            )
            .with_hint("write 1 for the whole year at once, 4 for quarterly, 12 for monthly"),
        );
    }
}

pub(super) fn check_post(ctx: &Ctx, r: &Record<PostFile>, out: &mut Vec<Diagnostic>) {
    if r.data.title.trim().is_empty() {
        out.push(Diagnostic::error(&r.path, r.tree.pos_of(&["title"]), "`title` is empty"));
    }
    if r.body.as_deref().is_none_or(|b| b.trim().is_empty()) {
        out.push(Diagnostic::error(
            &r.path,
            Pos::START,
            "the post has no text: write it below the front matter",
        ));
    }
    let entry = Entry { collection: "posts", noun: "Post", title: r.data.title.trim() };
    ctx.media_list(&r.path, &r.tree, &entry, "images", &r.data.images, out);
}

pub(super) fn check_developer(ctx: &Ctx, r: &Record<DeveloperFile>, out: &mut Vec<Diagnostic>) {
    if let Some(url) = &r.data.website {
        out.extend(link_scheme::check(&r.path, r.tree.pos_of(&["website"]), "website", url));
    }
    let entry = Entry { collection: "developers", noun: "Developer", title: r.data.name.trim() };
    for (field, value) in [("logo", &r.data.logo), ("image", &r.data.image)] {
        out.extend(ctx.deleted_photo(&r.path, r.tree.pos_of(&[field]), value, &entry, field));
    }
}

pub(super) fn check_guide(ctx: &Ctx, r: &Record<GuideFile>, out: &mut Vec<Diagnostic>) {
    let entry = Entry { collection: "guides", noun: "Area guide", title: &r.id };
    out.extend(ctx.deleted_photo(&r.path, r.tree.pos_of(&["image"]), &r.data.image, &entry, "image"));
    if r.data.introduction.trim().is_empty() {
        out.push(
            Diagnostic::error(&r.path, r.tree.pos_of(&["introduction"]), "`introduction` is empty")
                .with_hint("write a paragraph or two on the community: the guide's page opens with it"),
        );
    }
}

pub(super) fn check_member(ctx: &Ctx, r: &Record<MemberFile>, out: &mut Vec<Diagnostic>) {
    if r.data.name.trim().is_empty() {
        out.push(
            Diagnostic::error(&r.path, r.tree.pos_of(&["name"]), "`name` is empty")
                .with_hint("write the agent's name as it should appear on the site"),
        );
    }
    let entry = Entry { collection: "team", noun: "Team member", title: r.data.name.trim() };
    out.extend(ctx.deleted_photo(&r.path, r.tree.pos_of(&["image"]), &r.data.image, &entry, "image"));
}

/// The basemap: a `.pmtiles` file that exists (or an https address), and its credit.
fn check_map(ctx: &Ctx, r: &Record<SiteFile>, map: &MapConfig, out: &mut Vec<Diagnostic>) {
    let path = r.path.as_path();
    let pos = r.tree.pos_of(&["map", "tiles"]);
    let name = map.tiles.split(['?', '#']).next().unwrap_or_default();
    if !name.ends_with(".pmtiles") {
        out.push(
            Diagnostic::error(path, pos, format!("`map.tiles`: `{}` is not a .pmtiles file", map.tiles))
                .with_hint(
                    "the basemap is a PMTiles archive, such as /media/map/dubai.pmtiles (docs/site.md, \"The map\")",
                ),
        );
    } else if map.tiles.starts_with("http://") {
        out.push(
            Diagnostic::error(path, pos, format!("`map.tiles`: `{}` is not https", map.tiles))
                .with_hint("a page served over https cannot load the tiles over http"),
        );
    } else if let Some(why) =
        map.tiles.starts_with("https://").then(|| web_address::read(&map.tiles).err()).flatten()
    {
        out.push(Diagnostic::error(path, pos, format!("`map.tiles`: `{}` {why}", map.tiles)));
    } else {
        out.extend(ctx.media(path, pos, &map.tiles, "map.tiles"));
    }
    if map.attribution.trim().is_empty() {
        out.push(
            Diagnostic::error(path, r.tree.pos_of(&["map", "attribution"]), "`map.attribution` is empty")
                .with_hint(
                    "credit the map's data as its licence asks, e.g. \"© OpenStreetMap contributors\"",
                ),
        );
    }
}

pub(super) fn check_site(ctx: &Ctx, r: &Record<SiteFile>, out: &mut Vec<Diagnostic>) {
    let s = &r.data;
    let path = r.path.as_path();
    // An origin, which browsers and other programs read alike.
    let base_url = contract::urls::normalize_base_url(&s.base_url)
        .and_then(|url| web_address::read(&url).map(|_| ()).map_err(|why| format!("`{url}` {why}")));
    if let Err(problem) = base_url {
        out.push(Diagnostic::error(path, r.tree.pos_of(&["baseUrl"]), format!("`baseUrl`: {problem}")));
    }
    out.extend(ctx.media(path, r.tree.pos_of(&["logo"]), &s.logo, "logo"));
    out.extend(ctx.media(path, r.tree.pos_of(&["defaultImage"]), &s.default_image, "image"));
    for (i, link) in s.social.iter().enumerate() {
        out.extend(link_scheme::check(
            path,
            r.tree.pos_of(&["social", &i.to_string(), "url"]),
            "url",
            &link.url,
        ));
    }
    for (i, partner) in s.partners.iter().enumerate() {
        if let Some(url) = &partner.url {
            out.extend(link_scheme::check(
                path,
                r.tree.pos_of(&["partners", &i.to_string(), "url"]),
                "url",
                url,
            ));
        }
        let entry = Entry { collection: "site", noun: "Partner", title: partner.name.trim() };
        let pos = r.tree.pos_of(&["partners", &i.to_string(), "logo"]);
        out.extend(ctx.deleted_photo(path, pos, &partner.logo, &entry, "partners.logo"));
    }
    for (name, hero) in s.hero.by_key() {
        let field = format!("hero.{name}");
        let page = super::cms_words::words("site", &field).map_or(name, |(label, _)| label);
        let entry = Entry { collection: "site", noun: "Site settings", title: page };
        let pos = r.tree.pos_of(&["hero", name, "poster"]);
        out.extend(ctx.deleted_photo(path, pos, &hero.poster, &entry, &format!("{field}.poster")));
        if let Some(video) = &hero.video {
            out.extend(ctx.media(path, r.tree.pos_of(&["hero", name, "video"]), video, "video"));
        }
    }
    out.extend(geo::check_coordinates(path, r.tree.pos_of(&["coordinates"]), &s.coordinates));
    if let Some(map) = &s.map {
        check_map(ctx, r, map, out);
    }
    if s.whatsapp.chars().filter(char::is_ascii_digit).count() < 9 {
        out.push(Diagnostic::error(
            path,
            r.tree.pos_of(&["whatsapp"]),
            "`whatsapp` must be a full number with country code, e.g. +971501234567",
        ));
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_name_one_slip_off_is_suggested_and_another_photo_is_not() {
        let files = ["living-2.jpg", "kitchen-bar-1.jpg", "photo.jpg", "marina-gate-plan.png"];
        let suggest = |name| super::one_slip_from(name, files);
        assert_eq!(suggest("phto.jpg"), Some("photo.jpg"));
        assert_eq!(suggest("marina-gate-plan.jpg"), Some("marina-gate-plan.png"));
        assert_eq!(suggest("livnig-2.jpg"), Some("living-2.jpg"));
        assert_eq!(suggest("living-1.jpg"), None);
        assert_eq!(suggest("kitchen-1.jpg"), None);
        assert_eq!(suggest("garden.jpg"), None);
    }
}
