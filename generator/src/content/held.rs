//! A record put back as the site last published it, or taken out: what publishing per record
//! does with a record file the build refuses (see `crate::check::per_record`).

use std::path::Path;
use std::sync::Arc;

use serde::de::DeserializeOwned;

use super::checks::{Ctx, check_developer, check_guide, check_member, check_post, check_property};
use super::diag::Diagnostic;
use super::{
    Content, Kind, Record, as_written, drop_missing_photos, file_id, parse_text, prepare_developer,
    prepare_guide, prepare_member, prepare_property, stand_in_image,
};

/// Takes the record read from `path` (a record file of the content folder) out of `content` and,
/// with `text` (the file as the site last published it), puts in its place the record `text`
/// gives, read and checked on its own as the file would be. Returns the problems of reading
/// `text` (none without it); `None` when `path` is no record file.
pub fn replace(content: &mut Content, path: &Path, text: Option<&str>) -> Option<Vec<Diagnostic>> {
    let relative = path.strip_prefix(&content.dir).ok()?;
    let folder = relative.components().next()?.as_os_str().to_str()?;
    let kind = *Kind::ALL.iter().find(|kind| kind.dir() == folder)?;
    // The site's picture for a photo deleted from the media library, as the load gives it.
    let stand_in = stand_in_image(&content.dir, content.site.as_ref());
    let ctx = Ctx { dir: &content.dir, pending: &[], stand_in: stand_in.as_deref(), refuse_missing: false };
    let vocabulary = &content.vocabulary;
    let found = match kind {
        Kind::Property => swap(&mut content.properties, kind, path, text, &ctx, check_property, |ctx, p| {
            prepare_property(ctx, vocabulary, p);
        }),
        Kind::Post => swap(&mut content.posts, kind, path, text, &ctx, check_post, drop_missing_photos),
        Kind::Developer => {
            swap(&mut content.developers, kind, path, text, &ctx, check_developer, prepare_developer)
        }
        Kind::Member => swap(&mut content.team, kind, path, text, &ctx, check_member, |ctx, m| {
            prepare_member(ctx, vocabulary, m);
        }),
        Kind::Page => swap(&mut content.pages, kind, path, text, &ctx, |_, _, _| {}, as_written),
        Kind::Guide => swap(&mut content.guides, kind, path, text, &ctx, check_guide, prepare_guide),
    };
    Some(found)
}

/// [`replace`] in the records of one kind, kept in the order of their files' paths.
fn swap<T: DeserializeOwned>(
    records: &mut Vec<Arc<Record<T>>>,
    kind: Kind,
    path: &Path,
    text: Option<&str>,
    ctx: &Ctx,
    check: impl Fn(&Ctx, &Record<T>, &mut Vec<Diagnostic>),
    prepare: impl Fn(&Ctx, &mut T),
) -> Vec<Diagnostic> {
    records.retain(|record| record.path != path);
    let Some(text) = text else { return Vec::new() };
    let mut found = Vec::new();
    let id = file_id(path, kind, &mut found);
    let (record, problems) = parse_text::<T>(path, id, text);
    found.extend(problems);
    if let Some(mut record) = record {
        check(ctx, &record, &mut found);
        prepare(ctx, &mut record.data);
        let at = records.partition_point(|other| other.path.as_path() < path);
        records.insert(at, Arc::new(record));
    }
    found
}

/// Each record file of `content` with its record's allocation, which stays the same while the
/// file is not read again (see [`super::LoadCache`]).
pub fn files(content: &Content) -> Vec<(&Path, usize)> {
    fn of<T>(records: &[Arc<Record<T>>]) -> impl Iterator<Item = (&Path, usize)> {
        records.iter().map(|record| (record.path.as_path(), Arc::as_ptr(record) as usize))
    }
    of(&content.properties)
        .chain(of(&content.posts))
        .chain(of(&content.developers))
        .chain(of(&content.team))
        .chain(of(&content.pages))
        .chain(of(&content.guides))
        .collect()
}

/// The folders of the record files (`properties`, `blog` ...).
pub fn folders() -> impl Iterator<Item = &'static str> {
    Kind::ALL.into_iter().map(Kind::dir)
}
