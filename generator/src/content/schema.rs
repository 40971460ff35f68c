//! JSON Schemas for each kind of content file, generated from the Rust types so the schemas an
//! editor's YAML extension uses can never disagree with what `estate check` accepts.

use std::path::Path;

use schemars::{JsonSchema, generate::SchemaSettings};

use crate::content::model::{
    DeveloperFile, GuideFile, MemberFile, PageFile, PostFile, PropertyFile, SiteFile,
};
use crate::content::vocabulary::VocabularyFile;

/// Every schema file name with its JSON text.
pub fn all() -> Vec<(&'static str, String)> {
    vec![
        ("site.json", render::<SiteFile>()),
        ("property.json", render::<PropertyFile>()),
        ("post.json", render::<PostFile>()),
        ("developer.json", render::<DeveloperFile>()),
        ("team.json", render::<MemberFile>()),
        ("page.json", render::<PageFile>()),
        ("guide.json", render::<GuideFile>()),
        ("vocabulary.json", render::<VocabularyFile>()),
    ]
}

fn render<T: JsonSchema>() -> String {
    let generator = SchemaSettings::draft07().into_generator();
    let schema = generator.into_root_schema_for::<T>();
    let mut text = serde_json::to_string_pretty(&schema).expect("schemas serialise");
    text.push('\n');
    text
}

/// Writes the schemas into `dir` (normally `content/schema`). Returns the files written.
pub fn write(dir: &Path) -> std::io::Result<Vec<std::path::PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut written = Vec::new();
    for (name, text) in all() {
        let path = dir.join(name);
        std::fs::write(&path, text)?;
        written.push(path);
    }
    Ok(written)
}
