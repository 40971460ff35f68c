//! The shape of the code, checked so it stays as ARCHITECTURE.md says: no import circle between
//! the generator's modules, and no Rust file over 700 lines in the workspace.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

const MAX_LINES: usize = 700;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf()
}

fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(dir).into_iter().filter_map(Result::ok) {
        if entry.path().extension().is_some_and(|e| e == "rs") {
            files.push(entry.path().to_path_buf());
        }
    }
    files.sort();
    files
}

/// A module's path from the crate root, from its file: `publish/mod.rs` is `publish`,
/// `publish/feeds.rs` is `publish::feeds`, `lib.rs` is the root.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let relative = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop().expect("a file name");
    let stem = last.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_owned());
    }
    parts
}

/// The crate paths a file names: `crate::a::b`, `crate::{a, b::c}`, and `super::x` resolved
/// against the file's module. Identifiers only; the caller maps them onto modules.
fn referenced_paths(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    let ident = |s: &str| -> Vec<String> {
        s.split("::")
            .map(|p| p.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect::<String>())
            .take_while(|p| !p.is_empty())
            .collect()
    };
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(at) = rest.find("crate::") {
            let after = &rest[at + "crate::".len()..];
            if let Some(group) = after.strip_prefix('{') {
                let inner = group.split('}').next().unwrap_or("");
                for item in inner.split(',') {
                    found.push(ident(item));
                }
            } else {
                found.push(ident(after));
            }
            rest = after;
        }
        if let Some(at) = code.find("super::") {
            // The parent module (of `a/b.rs`, `a`; of `a/mod.rs`, the root).
            let mut path = module.to_vec();
            path.pop();
            path.extend(ident(&code[at + "super::".len()..]));
            found.push(path);
        }
    }
    found
}

#[test]
fn no_import_circle_between_the_generators_modules() {
    let src = repo().join("generator").join("src");
    let files: Vec<PathBuf> = rust_files(&src).into_iter().filter(|f| !f.ends_with("main.rs")).collect();
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(&src, f)).collect();
    // For each pair of modules that are not one inside the other, the edge between the children
    // of their common ancestor: siblings must not use each other both ways, at any level.
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    for file in &files {
        let from = module_of(&src, file);
        let text = std::fs::read_to_string(file).expect("readable");
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        for path in referenced_paths(text, &from) {
            // The longest prefix of the path that is a module.
            let Some(to) = (1..=path.len()).rev().map(|n| path[..n].to_vec()).find(|p| modules.contains(p))
            else {
                continue;
            };
            let common = from.iter().zip(&to).take_while(|(a, b)| a == b).count();
            if common == from.len() || common == to.len() {
                continue; // one inside the other
            }
            edges.entry(from[..=common].to_vec()).or_default().insert(to[..=common].to_vec());
        }
    }
    // A depth-first search for a cycle.
    fn visit(
        node: &Vec<String>,
        edges: &BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        stack: &mut Vec<Vec<String>>,
        done: &mut BTreeSet<Vec<String>>,
    ) -> Option<Vec<Vec<String>>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.clone());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.clone());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, edges, stack, done) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.clone());
        None
    }
    let mut done = BTreeSet::new();
    for node in edges.keys() {
        if let Some(cycle) = visit(node, &edges, &mut Vec::new(), &mut done) {
            let names: Vec<String> = cycle.iter().map(|m| m.join("::")).collect();
            panic!("an import circle between the generator's modules: {}", names.join(" -> "));
        }
    }
    // The check sees the pipeline's order (a sanity check of the parsing itself).
    let top = |name: &str| vec![name.to_owned()];
    assert!(edges[&top("check")].contains(&top("content")), "check reads content");
    assert!(edges[&top("pipeline")].contains(&top("publish")), "the pipeline runs publish");
}

#[test]
fn no_rust_file_is_over_700_lines() {
    let root = repo();
    let mut long = Vec::new();
    for crate_dir in ["contract", "generator", "lead-fn"] {
        for file in rust_files(&root.join(crate_dir)) {
            let lines = std::fs::read_to_string(&file).expect("readable").lines().count();
            if lines > MAX_LINES {
                long.push(format!("{} ({lines} lines)", file.strip_prefix(&root).unwrap_or(&file).display()));
            }
        }
    }
    assert!(
        long.is_empty(),
        "split these by concern (at most {MAX_LINES} lines a file): {}",
        long.join(", ")
    );
}
