//! The files of `content/media/` and the fields that name them. Each file is published only as
//! what its bytes are (`content::media_kind`): anything else is an error at its path, as is a
//! hard link, a pipe or a device. Each field takes the kinds it shows: a photo field (a
//! listing's or a post's images, a portrait, a guide's or a hero's picture, the default image)
//! a photo only (JPEG, PNG or WebP, which the image stage decodes and encodes again: the pages'
//! `<picture>` sizes, the portals' feed and the social cards need a raster image); a logo field
//! a photo or an SVG drawing (published only as its sanitiser writes it again); a hero video a
//! video. A field may also name an address on
//! the web, which the site and the portals' feed hand on to browsers and portals to fetch: only
//! a public http(s) address of the agency's own site (`baseUrl`'s host, or a host under its
//! domain such as a CDN's `img.example.ae`) is taken, so no content sends them to a private
//! network address (`http://169.254.169.254/`) or to a stranger's site.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use super::memo::PerRecord;
use crate::content::Content;
use crate::content::diag::Diagnostic;
use crate::content::media_kind::{self, Kind};
use crate::content::web_address;
use crate::content::yaml::{Node, Pos};

/// What a field shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shows {
    /// A photo: JPEG, PNG or WebP.
    Photo,
    /// A logo: a photo or an SVG drawing.
    Logo,
    Video,
}

impl Shows {
    fn takes(self, kind: Kind) -> bool {
        match self {
            Shows::Photo => kind == Kind::Photo,
            Shows::Logo => matches!(kind, Kind::Photo | Kind::Svg),
            Shows::Video => kind == Kind::Video,
        }
    }

    fn words(self) -> &'static str {
        match self {
            Shows::Photo => "a photo (JPEG, PNG or WebP)",
            Shows::Logo => "a photo (JPEG, PNG or WebP) or an SVG drawing",
            Shows::Video => "a video (MP4 or WebM)",
        }
    }
}

/// One media field of a record: its file, place, name, value and what it shows.
struct Field<'a> {
    file: &'a Path,
    pos: Pos,
    name: String,
    value: &'a str,
    shows: Shows,
}

/// The field at `path` of the record `file` with the `tree`.
fn field<'a>(file: &'a Path, tree: &Node, path: &[&str], value: &'a str, shows: Shows) -> Field<'a> {
    let name = path.iter().enumerate().fold(String::new(), |mut name, (i, part)| {
        if part.bytes().all(|b| b.is_ascii_digit()) {
            name.push_str(&format!("[{part}]"));
        } else {
            if i > 0 {
                name.push('.');
            }
            name.push_str(part);
        }
        name
    });
    Field { file, pos: tree.pos_of(path), name, value, shows }
}

/// The photo fields `name` (`images`, `floorPlans`) of one record.
fn photos<'a>(file: &'a Path, tree: &Node, name: &str, values: &'a [String]) -> Vec<Field<'a>> {
    values
        .iter()
        .enumerate()
        .map(|(i, value)| field(file, tree, &[name, &i.to_string()], value, Shows::Photo))
        .collect()
}

/// The media fields of the records other than listings and posts (developers, the team, the
/// area guides, the site's).
fn other_fields(content: &Content) -> Vec<Field<'_>> {
    let mut out = Vec::new();
    for d in &content.developers {
        out.push(field(&d.path, &d.tree, &["logo"], &d.data.logo, Shows::Logo));
        out.push(field(&d.path, &d.tree, &["image"], &d.data.image, Shows::Photo));
    }
    for m in &content.team {
        out.push(field(&m.path, &m.tree, &["image"], &m.data.image, Shows::Photo));
    }
    for g in &content.guides {
        out.push(field(&g.path, &g.tree, &["image"], &g.data.image, Shows::Photo));
    }
    if let Some(site) = &content.site {
        let (s, path, tree) = (&site.data, site.path.as_path(), &site.tree);
        out.push(field(path, tree, &["logo"], &s.logo, Shows::Logo));
        out.push(field(path, tree, &["defaultImage"], &s.default_image, Shows::Photo));
        for (i, partner) in s.partners.iter().enumerate() {
            out.push(field(path, tree, &["partners", &i.to_string(), "logo"], &partner.logo, Shows::Logo));
        }
        for (name, hero) in s.hero.by_key() {
            out.push(field(path, tree, &["hero", name, "poster"], &hero.poster, Shows::Photo));
            if let Some(video) = &hero.video {
                out.push(field(path, tree, &["hero", name, "video"], video, Shows::Video));
            }
        }
    }
    out
}

/// What the media fields are checked against: the kind of each file of `content/media/` (by
/// its path under `content/`), each refused file's reason, and the agency's own host.
#[derive(PartialEq)]
pub(super) struct Against {
    kinds: HashMap<PathBuf, Kind>,
    refused: HashMap<PathBuf, String>,
    own: Option<String>,
}

/// The problems of one listing's or post's media fields: its images', its floor plans'.
pub(super) type Found = (Vec<Diagnostic>, Vec<Diagnostic>);

/// The problems of `content/media/` and of the media fields; with `kept` (what the last check
/// kept), the fields of a listing or post not read again since are not checked again while the
/// media folder and the site's host are as they were, and `kept` becomes what this check found.
pub(super) fn check_with(
    content: &Content,
    kept: Option<&mut Option<(Against, PerRecord<Found>)>>,
) -> Vec<Diagnostic> {
    let mut found = Vec::new();
    let media = content.dir.join("media");
    let mut kinds: HashMap<PathBuf, Kind> = HashMap::new();
    // Each refused file's reason, by its path under content/, for the fields that name it.
    let mut refused: HashMap<PathBuf, String> = HashMap::new();
    for (path, meta) in media_kind::files(&media) {
        let Some(meta) = meta else {
            found.push(Diagnostic::error(
                &path,
                Pos::START,
                "not a regular file (a device, a pipe or a socket): media/ holds files only",
            ));
            continue;
        };
        match media_kind::decide(&path, &meta) {
            Ok(kind) => {
                if let Ok(relative) = path.strip_prefix(&content.dir) {
                    kinds.insert(relative.to_path_buf(), kind);
                }
            }
            Err(refusal) => {
                if let Ok(relative) = path.strip_prefix(&content.dir) {
                    refused.insert(relative.to_path_buf(), refusal.message.clone());
                }
                found.push(
                    Diagnostic::error(&path, Pos { line: refusal.line, col: refusal.col }, refusal.message)
                        .with_hint("remove the file from media/, or replace it with what its field shows"),
                );
            }
        }
    }
    let own = content.site.as_ref().and_then(|s| own_host(&s.data.base_url));
    let against = Against { kinds, refused, own };
    let earlier = match kept.as_deref() {
        Some(Some((then, per_record))) if *then == against => Some(per_record),
        _ => None,
    };
    let problems = |fields: Vec<Field>| -> Vec<Diagnostic> {
        fields.iter().filter_map(|field| problem(field, &against)).collect()
    };
    let mut next = PerRecord::with_capacity(if kept.is_some() {
        content.properties.len() + content.posts.len()
    } else {
        0
    });
    let mut floor_plans = Vec::with_capacity(content.properties.len());
    for p in &content.properties {
        let mine = match earlier.and_then(|e| e.get(p)) {
            Some(mine) => mine.clone(),
            None => (
                problems(photos(&p.path, &p.tree, "images", &p.data.images)),
                problems(photos(&p.path, &p.tree, "floorPlans", &p.data.floor_plans)),
            ),
        };
        found.extend(mine.0.iter().cloned());
        floor_plans.extend(mine.1.iter().cloned());
        if kept.is_some() {
            next.insert(p, mine);
        }
    }
    for p in &content.posts {
        let mine = match earlier.and_then(|e| e.get(p)) {
            Some(mine) => mine.clone(),
            None => (problems(photos(&p.path, &p.tree, "images", &p.data.images)), Vec::new()),
        };
        found.extend(mine.0.iter().cloned());
        if kept.is_some() {
            next.insert(p, mine);
        }
    }
    found.extend(floor_plans);
    found.extend(problems(other_fields(content)));
    if let Some(kept) = kept {
        *kept = Some((against, next));
    }
    found
}

/// The problem of one media field, if it has one.
fn problem(field: &Field, against: &Against) -> Option<Diagnostic> {
    if let Some(problem) = web_address_problem(field.value, against.own.as_deref()) {
        return Some(Diagnostic::error(field.file, field.pos, format!("`{}`: {problem}", field.name)).with_hint(
            "put the file under media/ (the site publishes it), or give its address on the agency's own site",
        ));
    }
    let relative = PathBuf::from(field.value.trim_start_matches('/'));
    if let Some(reason) = against.refused.get(&relative) {
        // Also where the editor named it: a listing's form shows its own errors.
        let what = if field.shows == Shows::Video { "video" } else { "image" };
        return Some(Diagnostic::error(field.file, field.pos, format!("{what} `{}`: {reason}", field.value)));
    }
    if let Some(&kind) = against.kinds.get(&relative)
        && !field.shows.takes(kind)
    {
        return Some(Diagnostic::error(
            field.file,
            field.pos,
            format!(
                "`{}`: `{}` is {}, and this field shows {}",
                field.name,
                field.value,
                kind.words(),
                field.shows.words()
            ),
        ));
    }
    None
}

/// The host (lowercase, without `www.`) whose addresses count as the agency's own, from the
/// site's `baseUrl`.
fn own_host(base_url: &str) -> Option<String> {
    let url = ammonia::Url::parse(base_url.trim()).ok()?;
    let host = url.host_str()?.to_ascii_lowercase();
    Some(host.strip_prefix("www.").unwrap_or(&host).to_owned())
}

/// Why a field's value, when it is a web address, is not one the site may hand on.
fn web_address_problem(value: &str, own: Option<&str>) -> Option<String> {
    let lower = value.trim().to_ascii_lowercase();
    if !lower.contains("://") && !lower.starts_with("//") {
        return None;
    }
    let shown: String = value.chars().filter(|c| !c.is_control()).take(80).collect();
    if !lower.starts_with("http://") && !lower.starts_with("https://") {
        return Some(format!("`{shown}` is not an http(s) address or a path under media/"));
    }
    let url = match web_address::read(value) {
        Ok(url) => url,
        Err(why) => return Some(format!("`{shown}` {why}")),
    };
    let host = match url.host() {
        Some(ammonia::url::Host::Domain(domain)) => domain.to_ascii_lowercase(),
        Some(_) => {
            return Some(format!(
                "`{shown}` names a computer by its number, not the agency's site: the portals and browsers would be sent to a private or unknown machine"
            ));
        }
        None => return Some(format!("`{shown}` has no host")),
    };
    if !url.username().is_empty() || url.password().is_some() {
        return Some(format!("`{shown}` carries a user name or password"));
    }
    let public = host.contains('.')
        && !host.ends_with(".local")
        && !host.ends_with(".internal")
        && host != "localhost";
    let ours = own.is_some_and(|own| host == own || host.ends_with(&format!(".{own}")));
    if public && ours {
        return None;
    }
    Some(match own {
        Some(own) => format!(
            "`{shown}` is not on the agency's own site: photos given by address must be on {own} or a host under it (such as a CDN's img.{own})"
        ),
        None => format!("`{shown}` is not on the agency's own site (site.yaml has no valid `baseUrl`)"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn web_addresses_must_be_public_and_the_agencys_own() {
        let own = own_host("https://www.palmcrest.ae");
        assert_eq!(own.as_deref(), Some("palmcrest.ae"));
        let ok = |v: &str| web_address_problem(v, own.as_deref()).is_none();
        for good in [
            "media/a.jpg",
            "/media/a.jpg",
            "https://www.palmcrest.ae/media/a.jpg",
            "https://palmcrest.ae/a.jpg",
            "http://img.palmcrest.ae/a.jpg",
            "HTTPS://CDN.PALMCREST.AE/a.jpg",
        ] {
            assert!(ok(good), "{good}");
        }
        for bad in [
            "http://169.254.169.254/latest/meta-data/",
            "http://[::1]/a.jpg",
            "http://localhost/a.jpg",
            "http://127.0.0.1:8080/a.jpg",
            "https://evil.example/a.jpg",
            "https://palmcrest.ae.evil.example/a.jpg",
            "https://evilpalmcrest.ae/a.jpg",
            "https://user:pw@www.palmcrest.ae/a.jpg",
            "ftp://www.palmcrest.ae/a.jpg",
            "file:///etc/passwd",
            "//evil.example/a.jpg",
            "https://www.palmcrest.ae\\@169.254.169.254/latest/meta-data/x.jpg",
            "https://www.palmcrest.ae/\tx.jpg",
            "https://www.palmcrest%2eae/x.jpg",
        ] {
            assert!(!ok(bad), "{bad}");
        }
        let message =
            web_address_problem("http://169.254.169.254/latest/meta-data/", own.as_deref()).unwrap();
        assert!(message.contains("names a computer by its number"), "{message}");
        let message =
            web_address_problem("https://www.palmcrest.ae\\@169.254.169.254/x.jpg", own.as_deref()).unwrap();
        assert!(message.contains("backslash"), "{message}");
    }
}
