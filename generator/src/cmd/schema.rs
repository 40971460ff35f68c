//! `estate schema`: the content files' JSON Schemas, for editors' YAML extensions.

use std::path::Path;
use std::process::ExitCode;

use super::fail;
use crate::content::schema;

pub fn run(content: &Path, cms: bool) -> ExitCode {
    if cms {
        let backend = crate::content::cms::Backend::from_env(|name| std::env::var(name).ok());
        print!("{}", crate::content::cms::config_yaml(&backend));
        return ExitCode::SUCCESS;
    }
    match schema::write(&content.join("schema")) {
        Ok(files) => {
            for f in files {
                println!("Wrote {}", f.display());
            }
            ExitCode::SUCCESS
        }
        Err(e) => fail(&format!("cannot write the schemas: {e}")),
    }
}
