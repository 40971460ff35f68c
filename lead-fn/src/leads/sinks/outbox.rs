//! The local outbox: a folder with two files per lead, `{id}.eml` (the email exactly as SMTP
//! would send it) and `{id}.json` (the lead record). The `.json` is written last, so a lead is
//! in the outbox exactly when its `.json` is. Each file is written under a hidden temporary
//! name, flushed to the disk, renamed into place, and the folder itself is flushed, so after a
//! crash or power cut a file is either whole or not there.
//!
//! A process killed while writing a lead (`kill -9`, a power cut) can leave those hidden
//! temporary files behind. When the function starts, [`recover`] finishes or removes them, and
//! logs what it did: the temporary files of a lead are renamed into place only when the lead's
//! renaming had begun (one of its files is in place), as it begins only once every temporary file
//! is whole and flushed; a lead none of whose files is in place may have been cut mid-write, was
//! never answered as taken, and its temporary files are removed. One process writes an outbox
//! (each Lambda instance has its own), so no other writer's files are touched at its start.

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Write as _};
use std::path::{Path, PathBuf};

use super::{Failure, Prepared};

/// The file extension of the marker saying `sink` has not taken the lead yet.
pub fn marker_ext(sink: &str) -> String {
    format!("pending-{sink}")
}

#[derive(Debug, Clone)]
pub struct Outbox {
    pub dir: PathBuf,
    /// The sinks still to get each lead written here (background delivery): a marker
    /// `{id}.pending-{sink}` is written with the lead, before its `.json`, and removed once
    /// that sink took it (see [`crate::leads::pending`]).
    pub pending: Vec<&'static str>,
}

impl Outbox {
    pub fn new(dir: impl Into<PathBuf>) -> Outbox {
        Outbox { dir: dir.into(), pending: Vec::new() }
    }

    /// An email that is no lead (a subscriber's confirmation): `{id}.eml` alone, written as a
    /// lead's files are. No `.json` goes with it, so the outbox's leads do not count it.
    pub(super) async fn write_mail(&self, id: &str, eml: &[u8]) -> Result<(), Failure> {
        let (dir, id, eml) = (self.dir.clone(), id.to_owned(), eml.to_vec());
        let written = tokio::task::spawn_blocking(move || write_lead(&dir, &id, &[("eml", &eml)])).await;
        finished(written)
    }

    pub(super) async fn write(&self, lead: &Prepared) -> Result<(), Failure> {
        let dir = self.dir.clone();
        let id = lead.lead.id.clone();
        let eml = lead.email.eml.clone();
        let json = lead.json.clone();
        let markers: Vec<(String, &'static str)> =
            self.pending.iter().map(|sink| (marker_ext(sink), *sink)).collect();
        let written = tokio::task::spawn_blocking(move || {
            let mut parts: Vec<(&str, &[u8])> = vec![("eml", &eml)];
            parts.extend(markers.iter().map(|(ext, sink)| (ext.as_str(), sink.as_bytes())));
            parts.push(("json", &json));
            write_lead(&dir, &id, &parts)
        })
        .await;
        finished(written)
    }
}

/// A blocking write's outcome as the sinks report it.
fn finished(written: Result<std::io::Result<()>, tokio::task::JoinError>) -> Result<(), Failure> {
    match written {
        Ok(Ok(())) => Ok(()),
        Ok(Err(error)) => Err(Failure {
            reason: "io",
            code: error.raw_os_error().and_then(|code| u16::try_from(code).ok()),
            detail: Some(format!("{:?}", error.kind())),
            permanent: permanent(error.kind()),
        }),
        Err(_) => Err(Failure::transient("panicked")),
    }
}

/// Errors a retry within a few seconds cannot mend.
fn permanent(kind: ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::NotADirectory
            | ErrorKind::ReadOnlyFilesystem
            | ErrorKind::PermissionDenied
            | ErrorKind::StorageFull
            | ErrorKind::FileTooLarge
            | ErrorKind::QuotaExceeded
    )
}

/// Writes `{id}.{ext}` for each part, atomically and durably: every part's temporary file is
/// written and flushed at once (on its own thread, so one journal commit can carry them all),
/// then they are renamed into place in order, then the folder is flushed.
pub fn write_lead(dir: &Path, id: &str, parts: &[(&str, &[u8])]) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let temps: Vec<PathBuf> = parts.iter().map(|(ext, _)| dir.join(format!(".{id}.{ext}.tmp"))).collect();
    let written: Vec<std::io::Result<()>> = std::thread::scope(|scope| {
        let others: Vec<_> = parts
            .iter()
            .zip(&temps)
            .skip(1)
            .map(|((_, bytes), temp)| scope.spawn(move || write_synced(temp, bytes)))
            .collect();
        let first = match (parts.first(), temps.first()) {
            (Some((_, bytes)), Some(temp)) => write_synced(temp, bytes),
            _ => Ok(()),
        };
        std::iter::once(first)
            .chain(others.into_iter().map(|handle| {
                handle.join().unwrap_or_else(|_| Err(std::io::Error::other("a writer thread panicked")))
            }))
            .collect()
    });
    if let Some(error) = written.into_iter().find_map(Result::err) {
        for temp in &temps {
            let _ = std::fs::remove_file(temp);
        }
        return Err(error);
    }
    let mut done: Vec<PathBuf> = Vec::new();
    let result = (|| {
        for ((ext, _), temp) in parts.iter().zip(&temps) {
            let target = dir.join(format!("{id}.{ext}"));
            std::fs::rename(temp, &target)?;
            done.push(target);
        }
        sync_dir(dir)
    })();
    if result.is_err() {
        // A lead is in the outbox whole or not at all.
        for temp in &temps {
            let _ = std::fs::remove_file(temp);
        }
        for file in done.iter().rev() {
            let _ = std::fs::remove_file(file);
        }
    }
    result
}

/// What [`recover`] did with the temporary files of one lead.
#[derive(Debug, PartialEq, Eq)]
pub enum Recovered {
    /// Renamed into place: the lead is in the outbox (and resent to its pending sinks).
    Finished { id: String, files: usize },
    /// Removed: none of the lead's files was in place.
    Removed { id: String, files: usize },
}

/// Finishes or removes the temporary files a killed process left in `dir` (see the module's
/// notes), each lead's logged, and returns what was done.
pub fn recover(dir: &Path) -> Vec<Recovered> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    // Each lead's temporary files: (the part's extension, the file).
    let mut leads: std::collections::BTreeMap<String, Vec<(String, PathBuf)>> = Default::default();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(inner) = name.strip_prefix('.').and_then(|n| n.strip_suffix(".tmp")) else { continue };
        let Some((id, ext)) = inner.split_once('.') else { continue };
        leads.entry(id.to_owned()).or_default().push((ext.to_owned(), entry.path()));
    }
    let mut done = Vec::new();
    for (id, mut temps) in leads {
        // The order they are renamed in: the email, the markers, the record last.
        temps.sort_by_key(|(ext, _)| match ext.as_str() {
            "eml" => 0,
            "json" => 2,
            _ => 1,
        });
        let begun = ["eml", "json"]
            .into_iter()
            .chain(temps.iter().map(|(ext, _)| ext.as_str()))
            .any(|ext| dir.join(format!("{id}.{ext}")).is_file());
        let files = temps.len();
        let result = if begun {
            temps.iter().try_for_each(|(ext, temp)| {
                let target = dir.join(format!("{id}.{ext}"));
                if target.exists() { std::fs::remove_file(temp) } else { std::fs::rename(temp, &target) }
            })
        } else {
            temps.iter().try_for_each(|(_, temp)| std::fs::remove_file(temp))
        };
        let result = result.and_then(|()| sync_dir(dir));
        match (result, begun) {
            (Err(error), _) => {
                tracing::error!(event = "lead_outbox_recover_failed", lead = %id, error = %error);
            }
            (Ok(()), true) => {
                tracing::warn!(
                    event = "lead_outbox_finished",
                    lead = %id,
                    files,
                    "a lead whose writing was cut short after its files were whole is put in place"
                );
                done.push(Recovered::Finished { id, files });
            }
            (Ok(()), false) => {
                tracing::warn!(
                    event = "lead_outbox_removed",
                    lead = %id,
                    files,
                    "the temporary files of a lead cut short before any was in place are removed"
                );
                done.push(Recovered::Removed { id, files });
            }
        }
    }
    done
}

fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut file = OpenOptions::new().write(true).create_new(true).open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

fn sync_dir(dir: &Path) -> std::io::Result<()> {
    #[cfg(unix)]
    {
        File::open(dir)?.sync_all()
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_files_land_and_no_temporary_file_stays() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let outbox = dir.path().join("nested/outbox");
        write_lead(&outbox, "a1", &[("eml", b"mail"), ("json", b"{}")]).expect("written");
        let mut names: Vec<String> = std::fs::read_dir(&outbox)
            .expect("the outbox")
            .map(|e| e.expect("an entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["a1.eml", "a1.json"]);
        assert_eq!(std::fs::read(outbox.join("a1.json")).expect("read"), b"{}");
    }

    #[test]
    fn a_failed_write_leaves_nothing_behind() {
        let dir = tempfile::tempdir().expect("a temp dir");
        // The second part cannot be renamed into place: a folder has its name.
        std::fs::create_dir_all(dir.path().join("a1.json/inside")).expect("a folder");
        let error = write_lead(dir.path(), "a1", &[("eml", b"mail"), ("json", b"{}")]).expect_err("refused");
        assert_ne!(error.kind(), ErrorKind::NotFound);
        assert!(!dir.path().join("a1.eml").exists(), "the .eml of a lead not kept is removed");
        assert!(!dir.path().join(".a1.json.tmp").exists());
        assert!(!dir.path().join(".a1.eml.tmp").exists());
    }

    #[test]
    fn temporary_files_left_by_a_kill_are_finished_or_removed_at_start() {
        let dir = tempfile::tempdir().expect("a temp dir");
        let outbox = dir.path();
        // Cut after its email was renamed into place: its other files were whole.
        std::fs::write(outbox.join("a1.eml"), "mail").unwrap();
        std::fs::write(outbox.join(".a1.pending-smtp.tmp"), "smtp").unwrap();
        std::fs::write(outbox.join(".a1.json.tmp"), "{}").unwrap();
        // Cut while writing: nothing in place.
        std::fs::write(outbox.join(".b2.eml.tmp"), "ma").unwrap();
        std::fs::write(outbox.join(".b2.json.tmp"), "").unwrap();
        // A lead already whole is left as it is.
        write_lead(outbox, "c3", &[("eml", b"mail"), ("json", b"{}")]).expect("written");
        let done = recover(outbox);
        assert_eq!(
            done,
            [
                Recovered::Finished { id: "a1".into(), files: 2 },
                Recovered::Removed { id: "b2".into(), files: 2 }
            ]
        );
        let mut names: Vec<String> = std::fs::read_dir(outbox)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["a1.eml", "a1.json", "a1.pending-smtp", "c3.eml", "c3.json"]);
        assert_eq!(std::fs::read(outbox.join("a1.pending-smtp")).unwrap(), b"smtp");
        assert!(recover(outbox).is_empty(), "nothing is left to do a second time");
    }

    #[test]
    fn an_outbox_under_a_file_is_a_permanent_failure() {
        let dir = tempfile::tempdir().expect("a temp dir");
        std::fs::write(dir.path().join("file"), "x").expect("a file");
        let error =
            write_lead(&dir.path().join("file/outbox"), "a1", &[("json", b"{}")]).expect_err("refused");
        assert!(permanent(error.kind()), "{:?}", error.kind());
    }
}
