//! The prerender started with the build ([`Early`]): run only when told the output is ready,
//! again when its bundle changed meanwhile, never with a script that would not wait.

use super::*;

/// A site whose prerender script is `script` (with an SSR bundle and packages, as after a build).
fn site(script: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for folder in ["node_modules", ".ssr", "scripts"] {
        std::fs::create_dir_all(dir.path().join(folder)).unwrap();
    }
    std::fs::write(dir.path().join("package.json"), "{}").unwrap();
    std::fs::write(dir.path().join(".ssr/entry-server.js"), "").unwrap();
    std::fs::write(dir.path().join("scripts/prerender.mjs"), script).unwrap();
    dir
}

/// A stand-in for scripts/prerender.mjs: waits for its line, then ends with `code`, first
/// writing the output's index and the cache's list of pages written when it ends well.
fn waiting(code: i32) -> String {
    format!(
        r#"import {{ mkdirSync, writeFileSync }} from 'node:fs';
import {{ createInterface }} from 'node:readline';
const args = process.argv;
if (!args.includes('--wait')) process.exit(2);
const [dist, cache] = [args[args.indexOf('--dist') + 1], args[args.indexOf('--cache') + 1]];
for await (const line of createInterface({{ input: process.stdin }})) {{
  if ({code} === 0) {{
    mkdirSync(dist, {{ recursive: true }});
    writeFileSync(`${{dist}}/index.html`, line);
    mkdirSync(cache, {{ recursive: true }});
    writeFileSync(`${{cache}}/written.json`, JSON.stringify({{ rendered: ['index.html'], copied: [] }}));
  }}
  process.exit({code});
}}
"#
    )
}

#[test]
fn an_early_prerender_renders_once_told_and_a_changed_bundle_renders_again() {
    let work = tempfile::tempdir().unwrap();
    let (out, cache) = (work.path().join("out"), work.path().join("cache"));
    let told = site(&waiting(0));
    let early = Early::start(told.path(), &out, &cache).expect("started");
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(!out.exists(), "nothing is written before it is told");
    let Finished::Rendered(Some(written)) = early.finish(&cache).unwrap() else { panic!("rendered") };
    assert_eq!(written.rendered, [PathBuf::from("index.html")]);
    assert_eq!(std::fs::read_to_string(out.join("index.html")).unwrap(), "go");

    let stale = site(&waiting(STALE_BUNDLE));
    let early = Early::start(stale.path(), &out, &cache).expect("started");
    assert!(matches!(early.finish(&cache).unwrap(), Finished::Again));

    let broken = site(&waiting(1));
    let early = Early::start(broken.path(), &out, &cache).expect("started");
    assert!(matches!(early.finish(&cache), Err(SiteError::Failed { .. })));
}

#[test]
fn an_early_prerender_dropped_untold_ends_and_writes_nothing() {
    let work = tempfile::tempdir().unwrap();
    let (out, cache) = (work.path().join("out"), work.path().join("cache"));
    let untold = site(&waiting(0));
    let early = Early::start(untold.path(), &out, &cache).expect("started");
    let pid = early.child.id();
    drop(early);
    assert!(!out.exists() && !cache.exists());
    assert!(!Path::new(&format!("/proc/{pid}")).exists(), "the process ended");
}

#[test]
fn no_early_prerender_without_a_bundle_or_with_a_script_that_would_not_wait() {
    let work = tempfile::tempdir().unwrap();
    let (out, cache) = (work.path().join("out"), work.path().join("cache"));
    let at_once = site("process.exit(0);\n");
    assert!(Early::start(at_once.path(), &out, &cache).is_none());
    let unbuilt = site(&waiting(0));
    std::fs::remove_file(unbuilt.path().join(".ssr/entry-server.js")).unwrap();
    assert!(Early::start(unbuilt.path(), &out, &cache).is_none());
}
