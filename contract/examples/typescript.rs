//! Writes the site's TypeScript types, `site/src/types.ts`, from the contract's Rust types:
//! `cargo run -p contract --features ts --example typescript`.

fn main() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(contract::typescript::PATH);
    if let Err(e) = std::fs::write(&path, contract::typescript::declarations_file()) {
        eprintln!("cannot write {}: {e}", path.display());
        std::process::exit(1);
    }
    println!("wrote {}", contract::typescript::PATH);
}
