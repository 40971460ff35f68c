//! The shape of the code, checked so it stays as ARCHITECTURE.md says: no import circle between
//! the modules of the generator, the lead function or the contract, and no Rust file over 700
//! lines in the workspace; in the site (`site/src`), no import circle between its TypeScript
//! files and no TypeScript or CSS file over 700 lines, nor a browser test or build script
//! (`site/e2e`, `site/scripts`).

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

/// The crate paths a file names: `crate::a::b`, `crate::{a, b::{c, d}}` (over several lines
/// too), and `super::x`, `super::{x, y}`, `super::super::z` resolved against the file's module.
/// Identifiers only; the caller maps them onto modules.
fn referenced_paths(text: &str, module: &[String]) -> Vec<Vec<String>> {
    let code: String =
        text.lines().map(|l| l.split("//").next().unwrap_or("")).collect::<Vec<_>>().join("\n");
    let bytes = code.as_bytes();
    let mut found = Vec::new();
    let mut at = 0;
    while at < code.len() {
        let starts_word = at == 0 || !(bytes[at - 1].is_ascii_alphanumeric() || bytes[at - 1] == b'_');
        let rest = &code[at..];
        let base: Option<(Vec<String>, &str)> = if !starts_word {
            None
        } else if let Some(after) = rest.strip_prefix("crate::") {
            Some((Vec::new(), after))
        } else if rest.starts_with("super::") {
            // Each `super::` is one module up (of `a/b.rs`, `a`; of `a/mod.rs`, the root).
            let mut path = module.to_vec();
            let mut after = rest;
            while let Some(next) = after.strip_prefix("super::") {
                path.pop();
                after = next;
            }
            Some((path, after))
        } else {
            None
        };
        match base {
            Some((path, after)) => {
                use_tree(after, &path, &mut found);
                at = code.len() - after.len();
            }
            None => at += rest.chars().next().map_or(1, char::len_utf8),
        }
    }
    found
}

/// The paths of a use tree (`a::b`, `a::{b, c::{d}}`) under `base`, into `found`; returns the
/// text after it.
fn use_tree<'a>(text: &'a str, base: &[String], found: &mut Vec<Vec<String>>) -> &'a str {
    let mut path = base.to_vec();
    let mut rest = text.trim_start();
    loop {
        if let Some(mut inner) = rest.strip_prefix('{') {
            loop {
                inner = use_tree(inner, &path, found).trim_start();
                match inner.strip_prefix(',') {
                    Some(more) if !more.trim_start().starts_with('}') => inner = more,
                    Some(more) => return more.trim_start().strip_prefix('}').unwrap_or(more),
                    None => return inner.strip_prefix('}').unwrap_or(inner),
                }
            }
        }
        let ident: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if ident == "self" {
            // `a::{self, b}` names `a` itself.
            found.push(path);
            return &rest[ident.len()..];
        }
        if ident.is_empty() {
            break;
        }
        path.push(ident.clone());
        rest = &rest[ident.len()..];
        match rest.strip_prefix("::") {
            Some(after) => rest = after.trim_start(),
            None => break,
        }
    }
    if path.len() > base.len() {
        found.push(path);
    }
    rest
}

/// Which modules each module uses (by their paths from the crate root).
type Edges = BTreeMap<Vec<String>, BTreeSet<Vec<String>>>;

/// The first import circle between the modules of the crate whose sources are in `src` (its
/// `lib.rs` the root), and the edges seen (for sanity checks): for each pair of modules that are
/// not one inside the other, the edge between the children of their common ancestor; siblings
/// must not use each other both ways, at any level.
fn import_circle(src: &Path) -> (Option<Vec<String>>, Edges) {
    let files: Vec<PathBuf> = rust_files(src)
        .into_iter()
        .filter(|f| !f.ends_with("main.rs") && !f.strip_prefix(src).is_ok_and(|r| r.starts_with("bin")))
        .collect();
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(src, f)).collect();
    let mut edges = Edges::new();
    for file in &files {
        let from = module_of(src, file);
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
        edges: &Edges,
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
    let cycle = edges.keys().find_map(|node| visit(node, &edges, &mut Vec::new(), &mut done));
    (cycle.map(|c| c.iter().map(|m| m.join("::")).collect()), edges)
}

#[test]
fn no_import_circle_between_the_modules_of_the_generator_lead_fn_or_contract() {
    for krate in ["generator", "lead-fn", "contract"] {
        let (cycle, _) = import_circle(&repo().join(krate).join("src"));
        if let Some(cycle) = cycle {
            panic!("an import circle between {krate}'s modules: {}", cycle.join(" -> "));
        }
    }
    // The check sees the pipeline's order (a sanity check of the parsing itself).
    let (_, edges) = import_circle(&repo().join("generator").join("src"));
    let top = |name: &str| vec![name.to_owned()];
    assert!(edges[&top("check")].contains(&top("content")), "check reads content");
    assert!(edges[&top("pipeline")].contains(&top("publish")), "the pipeline runs publish");
}

#[test]
fn every_way_of_naming_a_module_is_seen() {
    let module: Vec<String> = ["serve", "admin", "files"].map(String::from).to_vec();
    let text = "use super::{forms, invalid};\nuse crate::{\n    content::{self, safe_fs},\n    publish::feeds::Feed, // x\n};\nlet a = super::super::listener::bind();\n// use crate::commented::out;\nfn f() { crate::x::y(); }\n";
    let paths: Vec<String> = referenced_paths(text, &module).iter().map(|p| p.join("::")).collect();
    assert_eq!(
        paths,
        [
            "serve::admin::forms",
            "serve::admin::invalid",
            "content",
            "content::safe_fs",
            "publish::feeds::Feed",
            "serve::listener::bind",
            "x::y",
        ],
    );
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

/// The generator's top-level modules as ARCHITECTURE.md lists them (its `generator/src/` block),
/// in its order: each entry's names (`main.rs, cli.rs, cmd/` is one entry of three).
fn listed_layers(architecture: &str) -> Vec<Vec<String>> {
    let block = architecture
        .split("```\ngenerator/src/\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("ARCHITECTURE.md has a generator/src/ block");
    block
        .lines()
        // An entry starts two spaces in; its other lines further in.
        .filter(|line| line.starts_with("  ") && !line.starts_with("   "))
        .map(|line| {
            let names = line.trim_start().split("  ").next().unwrap_or("");
            names
                .split(',')
                .map(|name| name.trim().trim_end_matches('/').trim_end_matches(".rs").to_owned())
                .filter(|name| !name.is_empty())
                .collect()
        })
        .collect()
}

/// The top-level modules each top-level module of `src` names (tests left out).
fn top_level_uses(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut uses: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in rust_files(src) {
        let module = module_of(src, &file);
        let Some(from) = module.first() else { continue }; // lib.rs, the root
        let text = std::fs::read_to_string(&file).expect("readable");
        let text = text.split("#[cfg(test)]").next().unwrap_or("");
        let entry = uses.entry(from.clone()).or_default();
        for path in referenced_paths(text, &module) {
            if let Some(to) = path.first().filter(|to| *to != from) {
                entry.insert(to.clone());
            }
        }
    }
    uses
}

#[test]
fn each_generator_module_uses_only_those_architecture_lists_above_it() {
    let architecture = std::fs::read_to_string(repo().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md");
    let layers = listed_layers(&architecture);
    let rank = |module: &str| layers.iter().position(|names| names.iter().any(|n| n == module));
    let uses = top_level_uses(&repo().join("generator").join("src"));
    let mut wrong = Vec::new();
    for (from, targets) in &uses {
        let Some(own) = rank(from) else {
            wrong.push(format!("{from} is not in ARCHITECTURE.md's list of generator/src/"));
            continue;
        };
        for to in targets {
            // A name that is no module of ours (a crate, a type at the root) is not ranked.
            if !uses.contains_key(to) {
                continue;
            }
            match rank(to) {
                Some(theirs) if theirs <= own => {}
                _ => wrong.push(format!("{from} uses {to}, listed below it")),
            }
        }
    }
    assert!(wrong.is_empty(), "ARCHITECTURE.md's order of generator/src/ is broken: {}", wrong.join("; "));
    // The check sees what the list says (a sanity check of the parsing itself).
    assert!(uses["check"].contains("netlify") && uses["content"].contains("html_links"), "{uses:?}");
    assert!(layers.iter().any(|names| names == &["main", "cli", "cmd"]), "{layers:?}");
}

/// The site's own sources under `site/src`: TypeScript and CSS, without the files generated
/// from `contract` (they open with "do not edit" and are checked against it elsewhere).
fn site_files() -> Vec<PathBuf> {
    let src = repo().join("site").join("src");
    let mut files = Vec::new();
    for entry in walkdir::WalkDir::new(&src).into_iter().filter_map(Result::ok) {
        let path = entry.path();
        let wanted = path.extension().is_some_and(|e| e == "ts" || e == "tsx" || e == "css");
        if !wanted {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("readable");
        let head: String = text.lines().take(3).collect::<Vec<_>>().join("\n");
        if head.contains("do not edit") {
            continue;
        }
        files.push(path.to_path_buf());
    }
    files.sort();
    files
}

/// The relative modules a TypeScript file imports: `import … from './x'`, `export … from '../y'`,
/// `import './z.css'` and `import('./w')`. A dynamic import counts: the lazy module and the one
/// that loads it still depend on each other, and a lazy chunk that imports its loader back is a
/// circle all the same (the bundler copes, the reader does not: neither can be read or moved on
/// its own). What both need belongs in a third module, which each imports.
fn relative_imports(text: &str) -> Vec<String> {
    let pattern = regex::Regex::new(r#"(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"](\.[^'"]*)['"]"#)
        .expect("a valid pattern");
    let code: String = text
        .lines()
        .filter(|line| {
            let line = line.trim_start();
            !(line.starts_with("//") || line.starts_with("/*") || line.starts_with('*'))
        })
        .collect::<Vec<_>>()
        .join("\n");
    pattern.captures_iter(&code).map(|c| c[1].to_owned()).collect()
}

/// The file a relative import names, as TypeScript resolves it: the path itself, or with
/// `.ts`/`.tsx`, or its `index.ts`/`index.tsx`.
fn resolve_import(from: &Path, specifier: &str) -> Option<PathBuf> {
    let base = from.parent()?.join(specifier);
    let candidates = [
        base.clone(),
        base.with_file_name(format!("{}.ts", base.file_name()?.to_string_lossy())),
        base.with_file_name(format!("{}.tsx", base.file_name()?.to_string_lossy())),
        base.join("index.ts"),
        base.join("index.tsx"),
    ];
    let found = candidates.into_iter().find(|c| c.is_file())?;
    // `a/../b` and `./c` written out, so one file is one node.
    let mut clean = PathBuf::new();
    for part in found.components() {
        match part {
            std::path::Component::ParentDir => {
                clean.pop();
            }
            std::path::Component::CurDir => {}
            other => clean.push(other),
        }
    }
    Some(clean)
}

/// Each site file's imports of other site files (paths relative to `site/src`).
fn site_imports() -> BTreeMap<String, BTreeSet<String>> {
    let src = repo().join("site").join("src");
    let name = |p: &Path| p.strip_prefix(&src).unwrap_or(p).to_string_lossy().into_owned();
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for file in site_files() {
        let entry = graph.entry(name(&file)).or_default();
        if file.extension().is_some_and(|e| e == "css") {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("readable");
        for specifier in relative_imports(&text) {
            if let Some(target) = resolve_import(&file, &specifier) {
                entry.insert(name(&target));
            }
        }
    }
    graph
}

/// Every circle of the graph, each once: its strongly connected parts of more than one file (or
/// a file importing itself), found by Tarjan's algorithm.
fn circles(graph: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct Walk<'a> {
        graph: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        found: Vec<Vec<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a str) {
            let at = self.index.len();
            self.index.insert(node, at);
            self.low.insert(node, at);
            self.stack.push(node);
            self.on_stack.insert(node);
            for next in self.graph.get(node).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut part = Vec::new();
                while let Some(top) = self.stack.pop() {
                    self.on_stack.remove(top);
                    part.push(top.to_owned());
                    if top == node {
                        break;
                    }
                }
                let to_itself = self.graph.get(node).is_some_and(|n| n.contains(node));
                if part.len() > 1 || to_itself {
                    part.sort();
                    self.found.push(part);
                }
            }
        }
    }
    let mut walk = Walk {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in graph.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.found
}

#[test]
fn no_import_circle_between_the_site_s_typescript_files() {
    let graph = site_imports();
    let found = circles(&graph);
    let listed: Vec<String> = found.iter().map(|c| c.join(" <-> ")).collect();
    assert!(
        found.is_empty(),
        "import circles in site/src (move what both need into a third module): {}",
        listed.join("; ")
    );
    // The check sees static, re-exported and lazy imports (a sanity check of the parsing).
    assert!(graph["entry-client.tsx"].contains("islands/hydrate.tsx"), "{:?}", graph["entry-client.tsx"]);
    assert!(graph["entry-client.tsx"].contains("whole.tsx"), "lazy: {:?}", graph["entry-client.tsx"]);
    assert!(
        graph["screens.ts"].contains("pages/PropertyDetail.tsx"),
        "lazy routes: {:?}",
        graph["screens.ts"]
    );
    assert!(
        graph["islands/Island.tsx"].contains("nav.tsx"),
        "type imports: {:?}",
        graph["islands/Island.tsx"]
    );
}

#[test]
fn every_way_of_importing_a_site_module_is_seen() {
    let text = "import { a } from './a';\nimport type { B } from \"../b\";\nexport * from './c';\nimport './d.css';\nconst E = lazy(() => import('./e'));\nimport {\n  f,\n} from './f';\n// import { g } from './g';\nimport h from 'react';\n";
    assert_eq!(relative_imports(text), ["./a", "../b", "./c", "./d.css", "./e", "./f"]);
    let graph: BTreeMap<String, BTreeSet<String>> =
        [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a")].iter().fold(BTreeMap::new(), |mut g, (from, to)| {
            g.entry(from.to_string()).or_default().insert(to.to_string());
            g.entry(to.to_string()).or_default();
            g
        });
    assert_eq!(circles(&graph), [["a", "b", "c"]]);
}

/// The browser tests and the site's build scripts (`site/e2e`, `site/scripts`): JavaScript run by
/// Node, held to the same length as the site's sources.
fn site_script_files() -> Vec<PathBuf> {
    let site = repo().join("site");
    let mut files: Vec<PathBuf> = ["e2e", "scripts"]
        .iter()
        .flat_map(|folder| walkdir::WalkDir::new(site.join(folder)).into_iter().filter_map(Result::ok))
        .map(|entry| entry.into_path())
        .filter(|path| path.extension().is_some_and(|e| e == "mjs" || e == "js"))
        .collect();
    files.sort();
    files
}

#[test]
fn no_site_file_is_over_700_lines() {
    let src = repo().join("site");
    let mut long = Vec::new();
    for file in site_files().into_iter().chain(site_script_files()) {
        let lines = std::fs::read_to_string(&file).expect("readable").lines().count();
        if lines > MAX_LINES {
            long.push(format!("{} ({lines} lines)", file.strip_prefix(&src).unwrap_or(&file).display()));
        }
    }
    assert!(
        long.is_empty(),
        "split these by concern (at most {MAX_LINES} lines a file): {}",
        long.join(", ")
    );
}
