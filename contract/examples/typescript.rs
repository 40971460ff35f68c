//! Writes the site's generated TypeScript (`site/src/types.ts`, `site/src/paths.ts`,
//! `site/src/endpoints.ts`) and the
//! browser tests' list of routes (`site/e2e/routes.mjs`) from the contract:
//! `cargo run -p contract --features ts --example typescript`.

fn main() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for (file, text) in contract::typescript::FILES {
        if let Err(e) = std::fs::write(root.join(file), text()) {
            eprintln!("cannot write {file}: {e}");
            std::process::exit(1);
        }
        println!("wrote {file}");
    }
}
