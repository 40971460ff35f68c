//! The checks' words as an editor reads them in the status panel: fields by the CMS's labels,
//! folders by the CMS's names, and the few values of a record the panel needs.

use std::collections::BTreeMap;

use serde_json::Value;

pub(super) fn entry_name(singular: &str, title: Option<&str>) -> String {
    match title {
        Some(title) => format!("{singular} “{title}”"),
        None => format!("A {} without a title", singular.to_lowercase()),
    }
}

/// Each field's dotted path and label in a CMS field list (`parent` its parent's).
pub(super) fn collect_labels(fields: &Value, path: &str, parent: &str, out: &mut BTreeMap<String, String>) {
    for field in fields.as_array().into_iter().flatten() {
        let Some(name) = field["name"].as_str() else { continue };
        let label = field["label"].as_str().unwrap_or(name);
        let path = if path.is_empty() { name.to_owned() } else { format!("{path}.{name}") };
        let label = if parent.is_empty() { label.to_owned() } else { format!("{parent} › {label}") };
        out.insert(path.clone(), label.clone());
        collect_labels(&field["fields"], &path, &label, out);
    }
}

/// A diagnostic's message with each backticked field name replaced by its label in quotes, and
/// the other backticks made quotes.
pub(super) fn in_labels(message: &str, labels: Option<&BTreeMap<String, String>>) -> String {
    let mut out = String::new();
    let mut parts = message.split('`');
    if let Some(first) = parts.next() {
        out.push_str(first);
    }
    let mut quoted = true;
    for part in parts {
        if quoted {
            let label_of = |key: &str| {
                labels.and_then(|l| {
                    l.get(key)
                        .or_else(|| l.iter().find(|(k, _)| k.rsplit('.').next() == Some(key)).map(|(_, v)| v))
                })
            };
            // A line to write (`pricePeriod: year`) as the field's label and the value to choose.
            let written = part.split_once(": ").and_then(|(key, value)| {
                let value = value.trim_matches(['"', '\'']);
                label_of(key).map(|label| match value {
                    "" | "..." => label.clone(),
                    _ => format!("{label}: {value}"),
                })
            });
            let shown = written.or_else(|| label_of(part).cloned()).unwrap_or_else(|| part.to_owned());
            out.push_str(&format!("“{shown}”"));
        } else {
            out.push_str(part);
        }
        quoted = !quoted;
    }
    let mut chars = out.chars();
    chars.next().map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// The words of the checks that name the repository's folders, as the CMS names them.
pub(super) const FOLDERS: [(&str, &str); 3] = [
    ("under media/", "in the media library"),
    ("from media/", "from the media library"),
    ("media/", "the media library"),
];

/// A message or hint of the checks as the panel shows it: fields by their labels, the folders
/// by the CMS's names; None when it still speaks of files and commands (a terminal's hint, such
/// as one naming a vocabulary's file or an option of `estate check`), which an editor cannot act on.
pub(super) fn in_editors_words(text: &str, labels: Option<&BTreeMap<String, String>>) -> Option<String> {
    let mut text = in_labels(text, labels);
    let feed = format!("({})", contract::files::relative(contract::files::PORTAL_FEED));
    text = text.replace(&feed, "(which Property Finder, Bayut and Dubizzle read)");
    for (folder, words) in FOLDERS {
        // The folder itself, not a file's path in it (`media/properties/x.jpg` stays).
        while let Some(at) = text
            .match_indices(folder)
            .map(|(at, _)| at)
            .find(|&at| !text[at + folder.len()..].starts_with(|c: char| c.is_alphanumeric()))
        {
            text.replace_range(at..at + folder.len(), words);
        }
    }
    let lower = text.to_lowercase();
    let developers = [".yaml", ".yml", ".md", ".json", "content/", "“--", "estate "];
    // A key written as code (camelCase) that no label replaced.
    let key = text.split(|c: char| !c.is_ascii_alphanumeric()).any(|token| {
        token.starts_with(|c: char| c.is_ascii_lowercase()) && token.chars().any(|c| c.is_ascii_uppercase())
    });
    (!key && !developers.iter().any(|word| lower.contains(word))).then_some(text)
}

/// The few top-level values of a record an editor's status needs, read line by line so that a
/// file the YAML parser refuses still has its title.
#[derive(Default)]
pub(super) struct Fields {
    pub(super) title: Option<String>,
    pub(super) status: Option<String>,
}

impl Fields {
    pub(super) fn of(text: &str) -> Fields {
        let mut fields = Fields::default();
        for line in text.lines() {
            let Some((key, value)) = line.split_once(':') else { continue };
            let value = value.trim().trim_matches(['"', '\'']).trim();
            if value.is_empty() {
                continue;
            }
            match key {
                "title" | "name" if fields.title.is_none() => fields.title = Some(value.to_owned()),
                "status" => fields.status = Some(value.to_owned()),
                _ => {}
            }
        }
        fields
    }

    /// Whether the site shows the entry: a listing is shown while available.
    pub(super) fn published(&self) -> bool {
        self.status.as_deref().is_none_or(|s| s == "available")
    }
}

/// The dotted path of the key on line `line` (1-based) of a YAML or front matter text
/// (`paymentPlan.percent`, `ar.title`), list items left out; the markdown body of a `.md` file
/// as `description` or `content`... whichever the collection calls it is not known here, so None.
pub(super) fn key_path_at(text: &str, line: u32) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let at = (line as usize).checked_sub(1)?;
    // Past the front matter's closing `---`: the body.
    if lines.first().is_some_and(|l| l.trim_end() == "---")
        && lines.iter().skip(1).position(|l| l.trim_end() == "---").is_some_and(|end| at > end + 1)
    {
        return None;
    }
    let key_of = |l: &str| -> Option<(usize, String)> {
        let trimmed = l.trim_start();
        let indent = l.len() - trimmed.len();
        let (indent, rest) = match trimmed.strip_prefix("- ") {
            Some(rest) => (indent + 2, rest),
            None => (indent, trimmed),
        };
        let (key, _) = rest.split_once(':')?;
        let valid = !key.is_empty() && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        valid.then(|| (indent, key.to_owned()))
    };
    let (mut indent, key) = key_of(lines.get(at)?)?;
    let mut path = vec![key];
    for l in lines[..at].iter().rev() {
        if indent == 0 {
            break;
        }
        if l.trim().is_empty() || l.trim_start().starts_with('#') {
            continue;
        }
        if let Some((i, key)) = key_of(l)
            && i < indent
        {
            path.push(key);
            indent = i;
        }
    }
    path.reverse();
    Some(path.join("."))
}
