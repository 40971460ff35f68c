//! Checks between records: the agents and developers listings name exist (one removed since is
//! a warning: the listing is published with the agency's contact, or without a developer), and
//! no two listings share a reference.

use std::path::Path;

use fnv::{FnvHashMap, FnvHashSet};

use crate::content::Content;
use crate::content::diag::Diagnostic;
use crate::content::yaml::did_you_mean;

/// Checks between records: agents and developers that exist, unique listing references.
pub(super) fn check(content: &Content) -> Vec<Diagnostic> {
    let mut report = Vec::new();
    let team: Vec<&str> = content.team.iter().map(|m| m.id.as_str()).collect();
    let developers: Vec<&str> = content.developers.iter().map(|d| d.id.as_str()).collect();
    // Looked up once per listing: sets, not a walk through every id, and FNV, not SipHash
    // (10,000 listings took milliseconds of every rebuild; ids and references are short).
    let (team_ids, developer_ids): (FnvHashSet<&str>, FnvHashSet<&str>) =
        (team.iter().copied().collect(), developers.iter().copied().collect());
    let mut references: FnvHashMap<&str, &Path> =
        FnvHashMap::with_capacity_and_hasher(content.properties.len(), Default::default());
    for p in &content.properties {
        let refs = [
            ("agent", &p.data.agent, &team, &team_ids, "team"),
            ("developer", &p.data.developer, &developers, &developer_ids, "developers"),
        ];
        for (field, value, known, ids, folder) in refs {
            let Some(value) = value else { continue };
            let exists = ids.contains(value.as_str());
            if !exists && !crate::content::is_valid_id(value) {
                // A path or a file name (`../team/sara.yaml`): the id is its last part's stem.
                let stem = value.rsplit(['/', '\\']).next().unwrap_or(value);
                let stem = stem.strip_suffix(".yaml").or_else(|| stem.strip_suffix(".yml")).unwrap_or(stem);
                let d = Diagnostic::error(
                    &p.path,
                    p.tree.pos_of(&[field]),
                    format!(
                        "{field} `{value}` is not an id: write the name of a file in {folder}/ without `.yaml`"
                    ),
                );
                let best = known
                    .iter()
                    .copied()
                    .find(|id| *id == stem)
                    .or_else(|| did_you_mean(stem, known.iter().copied()));
                report.push(match best {
                    Some(best) => d.with_hint(format!("write `{field}: {best}`")),
                    None => d.with_hint(format!("known ids: {}", known.join(", "))),
                });
                continue;
            }
            if !exists {
                let file = content.dir.join(folder).join(format!("{value}.yaml"));
                if file.symlink_metadata().is_ok() {
                    // The file is there but did not load (unreadable, invalid): its own error
                    // says why; this one must not claim it is missing.
                    report.push(Diagnostic::error(
                        &p.path,
                        p.tree.pos_of(&[field]),
                        format!(
                            "{field} `{value}`: {} could not be loaded (see its own error)",
                            file.display()
                        ),
                    ));
                    continue;
                }
                // Removed from the team or deleted since: the listing is published without them
                // (a warning, never an error that would hold back every other edit).
                let instead = match field {
                    "agent" => "the listing shows the agency's contact instead",
                    _ => "the listing is shown without a developer",
                };
                let mut d = Diagnostic::warning(
                    &p.path,
                    p.tree.pos_of(&[field]),
                    format!(
                        "unknown {field} `{value}`: there is no {} (removed?), so {instead}",
                        file.display()
                    ),
                );
                d = match did_you_mean(value, known.iter().copied()) {
                    Some(best) => d.with_hint(format!("did you mean `{best}`?")),
                    None => d.with_hint(format!("known ids: {}", known.join(", "))),
                };
                report.push(d);
            }
        }
        if let Some(reference) = p.data.reference.as_deref() {
            if let Some(first) = references.get(reference) {
                report.push(Diagnostic::error(
                    &p.path,
                    p.tree.pos_of(&["reference"]),
                    format!("duplicate reference `{reference}`: {} uses it too", first.display()),
                ));
            } else {
                references.insert(reference, &p.path);
            }
        }
    }
    report
}
