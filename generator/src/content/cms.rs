//! The browser editor's configuration: Sveltia CMS at `/cms/` (`dist/cms/config.yml`, and
//! `estate schema --cms`), made from the JSON Schemas of `schema.rs`, so the model in `model.rs`
//! is the one source of both: a field added there appears in the CMS with its doc comment as
//! its hint, its type's widget, its bounds and whether `estate check` requires it. What a schema
//! cannot say (which field names a team member, a vocabulary term or a photo) is the table
//! [`special`]; the rules `estate check` enforces beyond the schema are patterns with its words.

use std::collections::BTreeSet;

use serde_json::{Map, Value, json};

use super::{block_yaml::to_yaml, cms_words, schema};

/// The largest photo an editor may upload (the admin's too): 5 MB as the CMS shows sizes (not MiB).
pub const MAX_PHOTO_BYTES: usize = 5_000_000;
/// The photo formats the image stage publishes.
pub const PHOTO_TYPES: &str = "image/jpeg,image/png,image/webp";
/// The languages of the content, English first (the files' root).
pub const LOCALES: [&str; 3] = ["en", "ar", "ru"];
/// Where dates entered in the CMS are taken to be (written with Dubai's offset, +04:00).
const TIME_ZONE: &str = "Asia/Dubai";

/// The git host the CMS signs in to and commits through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Backend {
    /// `github` (through Netlify's OAuth provider), `gitlab` or `gitea`.
    pub name: String,
    /// `owner/name`.
    pub repo: String,
    pub branch: String,
    /// Each save a pull request (`editorial_workflow`, GitHub and GitLab) rather than a commit to
    /// the branch.
    pub editorial_workflow: bool,
}

/// The repository to write when none is configured: the CMS then works on a local folder only.
pub const PLACEHOLDER_REPO: &str = "OWNER/REPOSITORY";

impl Backend {
    /// From the environment: `CMS_BACKEND` (default `github`), `CMS_REPO` (`owner/name`; else
    /// the repository of Netlify's `REPOSITORY_URL`), `CMS_BRANCH` (default `main`),
    /// `CMS_PUBLISH_MODE=editorial_workflow` for a pull request per change.
    pub fn from_env(var: impl Fn(&str) -> Option<String>) -> Backend {
        let given = |name: &str| var(name).map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
        let repo = given("CMS_REPO")
            .or_else(|| given("REPOSITORY_URL").and_then(|url| repo_of_url(&url)))
            .unwrap_or_else(|| PLACEHOLDER_REPO.to_owned());
        Backend {
            name: given("CMS_BACKEND").unwrap_or_else(|| "github".to_owned()),
            repo,
            branch: given("CMS_BRANCH").unwrap_or_else(|| "main".to_owned()),
            editorial_workflow: given("CMS_PUBLISH_MODE").as_deref() == Some("editorial_workflow"),
        }
    }

    /// Without a repository configured (a local checkout under `estate serve`), the repository
    /// named by the folder that holds `content`: the CMS's first screen asks the editor to pick
    /// that folder by its name.
    pub fn or_local(mut self, content: &std::path::Path) -> Backend {
        if self.repo == PLACEHOLDER_REPO {
            let root = std::fs::canonicalize(content)
                .ok()
                .and_then(|c| c.parent().map(std::path::Path::to_path_buf));
            let name = root
                .as_deref()
                .and_then(std::path::Path::file_name)
                .map(|n| n.to_string_lossy().into_owned());
            if let Some(name) =
                name.filter(|n| n.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c)))
            {
                self.repo = format!("local/{name}");
            }
        }
        self
    }
}

/// `owner/name` of `https://github.com/owner/name(.git)` or `git@github.com:owner/name.git`;
/// none for a folder on this machine (a clone of a clone: `/srv/site`, `file:///srv/site.git`).
fn repo_of_url(url: &str) -> Option<String> {
    let path = url.strip_suffix(".git").unwrap_or(url).trim_end_matches('/');
    let path = path.rsplit_once("://").map_or(path, |(_, rest)| rest);
    let (host, path) = path.split_once(['/', ':'])?;
    if host.is_empty() || host == "." || host == ".." {
        return None;
    }
    let mut parts = path.rsplitn(3, '/');
    let name = parts.next()?;
    let owner = parts.next()?;
    let valid = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c));
    (valid(owner) && valid(name)).then(|| format!("{owner}/{name}"))
}

/// One kind of content file as the CMS sees it.
struct Kind {
    name: &'static str,
    label: &'static str,
    singular: &'static str,
    /// The schema file of `schema::all()` that describes it.
    schema: &'static str,
    /// The media folder under content/media/ its uploads go into.
    media: &'static str,
    /// The field stored as the markdown body of a `.md` file, if it is one.
    body: Option<&'static str>,
    /// The fields first, in this order (the rest follow by name).
    order: Vec<&'static str>,
}

/// The configuration, as a JSON value (written as YAML by [`to_yaml`]).
pub fn config(backend: &Backend) -> Value {
    let schemas: Map<String, Value> = schema::all()
        .into_iter()
        .map(|(name, text)| (name.to_owned(), serde_json::from_str(&text).expect("schemas are JSON")))
        .collect();
    let listing_order = super::emit::listing_keys();
    let post_order = vec!["title", "date", "author", "excerpt", "images", "content"];
    let page_order = vec!["title", "description", "updated", "content"];
    let kinds = |name| -> Kind {
        match name {
            "listings" => Kind {
                name,
                label: "Listings",
                singular: "Listing",
                schema: "property.json",
                media: "properties",
                body: None,
                order: listing_order.clone(),
            },
            "posts" => Kind {
                name,
                label: "Blog posts",
                singular: "Post",
                schema: "post.json",
                media: "blog",
                body: Some("content"),
                order: post_order.clone(),
            },
            "team" => Kind {
                name,
                label: "Team",
                singular: "Team member",
                schema: "team.json",
                media: "team",
                body: None,
                order: vec!["name", "role", "image"],
            },
            "developers" => Kind {
                name,
                label: "Developers",
                singular: "Developer",
                schema: "developer.json",
                media: "developers",
                body: None,
                order: vec!["name", "logo", "image", "description"],
            },
            "guides" => Kind {
                name,
                label: "Area guides",
                singular: "Area guide",
                schema: "guide.json",
                media: "communities",
                body: None,
                order: vec!["image", "introduction", "lifestyle", "schools", "transport"],
            },
            _ => Kind {
                name,
                label: "Legal pages",
                singular: "Page",
                schema: "page.json",
                media: "pages",
                body: Some("content"),
                order: page_order.clone(),
            },
        }
    };
    let folder = |kind: Kind, folder: &str, extension: &str, extra: Value| {
        let mut c = json!({
            "name": kind.name,
            "label": kind.label,
            "label_singular": kind.singular,
            "folder": folder,
            "extension": extension,
            "format": if extension == "md" { "frontmatter" } else { "yaml" },
            "create": true,
            "slug": "{{title}}",
            "i18n": true,
            "media_folder": format!("/content/media/{}", kind.media),
            "public_folder": format!("/media/{}", kind.media), // the stored form: see media_url
        });
        let fields = fields_of(&schemas[kind.schema], &kind, true);
        let o = c.as_object_mut().expect("an object");
        if let Some(body) = kind.body {
            o.insert("body_field".into(), json!({ "key": body }));
        }
        o.insert("fields".into(), Value::Array(fields));
        if let Value::Object(extra) = extra {
            o.extend(extra);
        }
        c
    };
    let listing_extra = json!({
        // The status in the list: sold, draft and on the site look alike otherwise.
        "summary": "{{title}} ({{mainCategory}}, {{subCategory}}) · {{status}}",
        "view_groups": [{ "label": "Status", "field": "status" }],
        "sortable_fields": { "fields": ["createdAt", "title"], "default": { "field": "createdAt", "direction": "descending" } },
    });
    let mut collections = vec![
        // One collection of listings, whatever their number: the YAML files (a collection has
        // one extension, so a listing kept as a markdown file is edited outside the CMS).
        folder(kinds("listings"), "content/properties", "yaml", listing_extra),
        folder(kinds("posts"), "content/blog", "md", json!({ "sortable_fields": ["date", "title"] })),
        folder(
            kinds("team"),
            "content/team",
            "yaml",
            json!({ "identifier_field": "name", "slug": "{{name}}" }),
        ),
        folder(
            kinds("developers"),
            "content/developers",
            "yaml",
            json!({ "identifier_field": "name", "slug": "{{name}}" }),
        ),
        folder(kinds("pages"), "content/pages", "md", json!({})),
        // A guide's file is named by its community's key, which no field of it holds: the
        // editors change the guides there are; a new one starts as a copy in the repository.
        folder(
            kinds("guides"),
            "content/communities",
            "yaml",
            // Sveltia checks that the slug names a field even where nothing is created; a
            // random one never names a file here.
            json!({ "create": false, "summary": "{{slug}}", "slug": "{{uuid_short}}" }),
        ),
    ];
    let vocabulary = Kind {
        name: "vocabulary",
        label: "Vocabularies",
        singular: "Vocabulary",
        schema: "vocabulary.json",
        media: "",
        body: None,
        order: vec!["key", "en", "ar", "ru"],
    };
    let vocabulary_fields = fields_of(&schemas["vocabulary.json"], &vocabulary, false);
    let files: Vec<Value> = super::vocabulary::Kind::ALL
        .into_iter()
        .map(|kind| (kind.file(), kind.label()))
        .map(|(name, label)| {
        json!({ "name": name, "label": label, "file": format!("content/vocabulary/{name}.yaml"), "format": "yaml", "fields": vocabulary_fields })
    })
    .collect();
    collections.push(json!({ "name": "vocabulary", "label": "Vocabularies", "files": files }));
    let site = Kind {
        name: "site",
        label: "Agency settings",
        singular: "Settings",
        schema: "site.json",
        media: "",
        body: None,
        order: vec!["name", "legalName", "baseUrl", "logo", "defaultImage", "description"],
    };
    let site_fields = fields_of(&schemas["site.json"], &site, true);
    collections.push(json!({
        "name": "settings",
        "label": "Agency settings",
        "i18n": true,
        "files": [{ "name": "site", "label": "The agency", "file": "content/site.yaml", "format": "yaml", "fields": site_fields }],
    }));
    let mut config = json!({
        "backend": { "name": backend.name, "repo": backend.repo, "branch": backend.branch },
        "app_title": "Content editor",
        // The site's own logo, not Sveltia's, on the first screen and in the header.
        "logo": { "src": "/favicon.svg" },
        "media_folder": "content/media",
        "public_folder": "/media", // content's one stored form (media_url): the library's 'Used in' needs it
        // No stock photos (Pexels, Unsplash ...) beside the agency's own: a listing shows the
        // property itself, and the page's policy lets the CMS reach no photo service anyway.
        "media_libraries": {
            "default": { "config": { "max_file_size": MAX_PHOTO_BYTES, "slugify_filename": true } },
            "stock_assets": false,
        },
        "slug": { "encoding": "ascii", "clean_accents": true },
        "i18n": { "structure": "single_file_default_root", "locales": LOCALES, "default_locale": LOCALES[0] },
        "output": { "omit_empty_optional_fields": true, "yaml": { "indent_size": 2 } },
        "collections": collections,
    });
    if backend.editorial_workflow {
        config["publish_mode"] = json!("editorial_workflow");
    }
    config
}

/// The fields of a file described by the root `schema`, in `kind`'s order. With `i18n`, the
/// fields its `ar:` block also has are marked translatable (and `ar`/`ru` are not fields).
fn fields_of(schema: &Value, kind: &Kind, i18n: bool) -> Vec<Value> {
    let defs = schema.get("definitions").and_then(Value::as_object).cloned().unwrap_or_default();
    let walk = Walk { defs: &defs, kind };
    let mut props = schema["properties"].as_object().cloned().unwrap_or_default();
    let required: BTreeSet<&str> =
        schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
    let translated: BTreeSet<String> = if i18n {
        props
            .get("ar")
            .map(|ar| walk.resolve(ar).0)
            .and_then(|texts| {
                texts.get("properties").and_then(Value::as_object).map(|p| p.keys().cloned().collect())
            })
            .unwrap_or_default()
    } else {
        BTreeSet::new()
    };
    // The languages are the CMS's own (it writes `lang` itself).
    for own in ["ar", "ru", "lang"] {
        props.remove(own);
    }
    if let Some(body) = kind.body
        && !props.contains_key(body)
    {
        // The body of a `.md` file: markdown, required where `estate check` wants text.
        let doc = if kind.name == "posts" { "Markdown: the article." } else { "Markdown: the page's text." };
        props.insert(body.to_owned(), json!({ "type": "string", "description": doc }));
    }
    let mut names: Vec<String> =
        kind.order.iter().map(|s| (*s).to_owned()).filter(|n| props.contains_key(n)).collect();
    let rest: Vec<String> = props.keys().filter(|n| !names.contains(n)).cloned().collect();
    names.extend(rest);
    names
        .into_iter()
        .map(|name| {
            let needed = required.contains(name.as_str())
                || (kind.name == "posts" && Some(name.as_str()) == kind.body);
            let mut field = walk.field(&name, &props[&name], needed, &name);
            if translated.contains(&name) {
                let o = field.as_object_mut().expect("a field is an object");
                if o.get("widget").and_then(Value::as_str) == Some("relation") {
                    // A vocabulary term: its names in each language are the vocabulary's.
                } else {
                    o.insert("i18n".into(), json!(true));
                    if needed {
                        o.insert("required".into(), json!([LOCALES[0]]));
                    }
                }
            }
            field
        })
        .collect()
}

struct Walk<'a> {
    defs: &'a Map<String, Value>,
    kind: &'a Kind,
}

/// How the form shows a choice whose value in the file is not an editor's word (the list of
/// listings shows it so too); the file keeps the value.
fn option_label(value: &str) -> Option<&'static str> {
    Some(match value {
        "OffPlan" => "Off-plan",
        "partly-furnished" => "partly furnished",
        "office-shop" => "office or shop",
        "other-commercial" => "other commercial",
        _ => return None,
    })
}

impl Walk<'_> {
    /// `schema` without its `$ref`, `allOf: [x]` and `anyOf: [x, null]` wrappers: the schema
    /// itself, whether it may be null, and the name of the definition it refers to.
    fn resolve(&self, schema: &Value) -> (Value, bool, Option<String>) {
        let mut nullable = false;
        let mut current = schema.clone();
        let mut name = None;
        for _ in 0..8 {
            if let Some(reference) = current.get("$ref").and_then(Value::as_str) {
                let def = reference.trim_start_matches("#/definitions/").to_owned();
                current = self.defs.get(&def).cloned().unwrap_or(Value::Null);
                name = Some(def);
            } else if let Some([one]) = current.get("allOf").and_then(Value::as_array).map(Vec::as_slice) {
                current = one.clone();
            } else if let Some(options) = current.get("anyOf").and_then(Value::as_array) {
                nullable |= options.iter().any(|o| o.get("type") == Some(&json!("null")));
                let Some(one) = options.iter().find(|o| o.get("type") != Some(&json!("null"))) else { break };
                current = one.clone();
            } else {
                break;
            }
        }
        if let Some(types) = current.get("type").and_then(Value::as_array) {
            nullable |= types.contains(&json!("null"));
        }
        (current, nullable, name)
    }

    /// The CMS field for property `name` (at `path`, dotted, from the file's root).
    fn field(&self, name: &str, schema: &Value, required: bool, path: &str) -> Value {
        let (resolved, nullable, def) = self.resolve(schema);
        let doc = schema.get("description").or_else(|| resolved.get("description")).and_then(Value::as_str);
        let has_default = schema.get("default").is_some() || resolved.get("default").is_some();
        // A choice with a default is never empty: the form starts at the default and offers no
        // '(None)' the build would read as the default anyway.
        let chosen = has_default && resolved.get("enum").is_some();
        let required = (required && !nullable && !has_default) || chosen;
        let mut field = Map::new();
        field.insert("name".into(), json!(name));
        let words = cms_words::words(
            self.kind.name,
            path.trim_start_matches(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.']),
        );
        field.insert("label".into(), json!(words.map_or_else(|| label(name), |(label, _)| label.to_owned())));
        let widget = special(self.kind.name, path, &resolved)
            .unwrap_or_else(|| self.widget(name, &resolved, def.as_deref(), doc, path));
        field.extend(widget.as_object().cloned().unwrap_or_default());
        if let Some((_, Some(hint))) = words {
            field.insert("hint".into(), json!(hint));
        }
        field.insert("required".into(), json!(required));
        if let Some(default) = schema.get("default").or_else(|| resolved.get("default"))
            && !default.is_null()
            && !matches!(default, Value::Array(items) if items.is_empty())
        {
            field.insert("default".into(), default.clone());
        } else if required && def.as_deref() == Some("Timestamp") {
            // A new entry's date is the moment it is made.
            field.insert("default".into(), json!("{{now}}"));
        }
        Value::Object(field)
    }

    /// The widget a schema's type calls for.
    fn widget(&self, name: &str, s: &Value, def: Option<&str>, doc: Option<&str>, path: &str) -> Value {
        let types: Vec<&str> = match s.get("type") {
            Some(Value::String(t)) => vec![t.as_str()],
            Some(Value::Array(ts)) => ts.iter().filter_map(Value::as_str).filter(|t| *t != "null").collect(),
            _ => vec![],
        };
        if let Some(options) = s.get("enum").and_then(Value::as_array) {
            // The value the file keeps, shown in an editor's word where the two differ (the
            // CMS takes either values alone or a label and value for every option).
            if options.iter().any(|o| o.as_str().and_then(option_label).is_some()) {
                let labelled: Vec<Value> = options
                    .iter()
                    .map(|o| {
                        let label = o.as_str().map(|v| option_label(v).unwrap_or(v));
                        json!({ "label": label, "value": o })
                    })
                    .collect();
                return json!({ "widget": "select", "options": labelled });
            }
            return json!({ "widget": "select", "options": options });
        }
        if def == Some("Day") {
            // A day without a time, written as 2026-12-01 (`model::Day`).
            return json!({ "widget": "datetime", "time_format": false, "format": "YYYY-MM-DD" });
        }
        if def == Some("Timestamp") {
            // Written as 2026-10-01T09:30:00+04:00, which `estate check` reads as it is.
            return json!({ "widget": "datetime", "input_timezone": TIME_ZONE });
        }
        let bounds = |mut w: Map<String, Value>| {
            for key in ["minimum", "maximum"] {
                if let Some(n) = s.get(key) {
                    w.insert(key[..3].into(), n.clone());
                }
            }
            Value::Object(w)
        };
        match types.as_slice() {
            ["string"] => {
                let markdown = doc.is_some_and(|d| d.starts_with("Markdown"));
                let mut w = json!({ "widget": if markdown { "markdown" } else { "string" } });
                if markdown {
                    // The editor's preview runs on the site's origin, beside the signed-in
                    // token: a text's raw HTML (a stranger's pull request) is shown sanitised,
                    // whatever the CMS's default becomes.
                    w["sanitize_preview"] = json!(true);
                }
                if let Some(pattern) = s.get("pattern").and_then(Value::as_str) {
                    w["pattern"] = json!([pattern, pattern_message(name)]);
                } else if let Some((pattern, message)) = extra_pattern(name) {
                    w["pattern"] = json!([pattern, message]);
                }
                w
            }
            ["integer"] => {
                let mut w = Map::new();
                w.insert("widget".into(), json!("number"));
                w.insert("value_type".into(), json!("int"));
                bounds(w)
            }
            ["number"] => {
                let mut w = Map::new();
                w.insert("widget".into(), json!("number"));
                w.insert("value_type".into(), json!("float"));
                bounds(w)
            }
            ["boolean"] => json!({ "widget": "boolean" }),
            ["array"] => {
                let item = s.get("items").cloned().unwrap_or(json!({ "type": "string" }));
                let (item, _, _) = self.resolve(&item);
                if item.get("properties").is_some() {
                    json!({ "widget": "list", "fields": self.object_fields(&item, path) })
                } else {
                    let inner = self.field(name, &item, true, path);
                    let mut inner = inner.as_object().cloned().unwrap_or_default();
                    // Each item keeps the list's label: without one the form shows the field's key
                    // ('aliases *'). The hint is the list's.
                    inner.remove("hint");
                    json!({ "widget": "list", "field": inner })
                }
            }
            // A number written bare or in quotes (projectNumber): kept as written, checked by
            // its pattern.
            types if types.contains(&"string") => {
                let pattern = s.get("pattern").and_then(Value::as_str).unwrap_or(".*");
                json!({ "widget": "string", "pattern": [pattern, pattern_message(name)] })
            }
            _ if s.get("properties").is_some() => {
                json!({ "widget": "object", "fields": self.object_fields(s, path) })
            }
            _ => json!({ "widget": "string" }),
        }
    }

    /// The fields of an object or a list's item, by name, but its `ar:` and `ru:` blocks of
    /// texts (a partner's) after the English fields they translate.
    fn object_fields(&self, s: &Value, path: &str) -> Vec<Value> {
        let required: BTreeSet<&str> =
            s["required"].as_array().into_iter().flatten().filter_map(Value::as_str).collect();
        let field = |(name, prop): (&String, &Value)| {
            self.field(name, prop, required.contains(name.as_str()), &format!("{path}.{name}"))
        };
        let mut fields: Vec<Value> = s["properties"].as_object().into_iter().flatten().map(field).collect();
        let translation = |f: &Value| LOCALES[1..].contains(&f["name"].as_str().unwrap_or_default());
        fields.sort_by_key(|f| translation(f) && f["widget"] == "object");
        fields
    }
}

/// The logo formats the build publishes: the photos' and SVG (made safe by the build).
pub const LOGO_TYPES: &str = "image/jpeg,image/png,image/webp,image/svg+xml";

/// The widgets a schema cannot tell: references to other records and vocabularies, images.
fn special(kind: &str, path: &str, s: &Value) -> Option<Value> {
    let photo = |multiple: bool| json!({ "widget": "image", "multiple": multiple, "accept": PHOTO_TYPES, "choose_url": false });
    // A logo may be an SVG drawing, which the build refuses over `svg::MAX_BYTES`: the CMS
    // refuses a logo over that size whatever its type (a raster logo that large is a photo).
    let logo = || {
        json!({
            "widget": "image", "accept": LOGO_TYPES, "choose_url": false,
            "media_libraries": { "default": { "config": { "max_file_size": super::svg::MAX_BYTES, "slugify_filename": true } } },
        })
    };
    // Stored by key, shown by English name: a term renamed in its vocabulary keeps what was saved.
    let term = |vocabulary: &str, multiple: bool| {
        json!({ "widget": "relation", "collection": "vocabulary", "file": vocabulary, "multiple": multiple,
            "value_field": "terms.*.key", "display_fields": ["terms.*.en"], "search_fields": ["terms.*.en", "terms.*.key"] })
    };
    let record = |collection: &str| {
        json!({
            "widget": "relation", "collection": collection,
            "value_field": "{{slug}}", "display_fields": ["name"], "search_fields": ["name"],
        })
    };
    let is_array = s.get("type") == Some(&json!("array"));
    Some(match (kind, path) {
        (_, "images") if is_array => photo(true),
        ("listings", "floorPlans") if is_array => photo(true),
        ("listings", "agent") => record("team"),
        ("listings", "developer") => record("developers"),
        ("listings", "location") => term("communities", false),
        ("listings", "amenities") => term("amenities", true),
        ("team", "languages") => term("languages", true),
        (_, "image" | "defaultImage" | "hero.residential.poster" | "hero.rental.poster")
        | (_, "hero.offPlan.poster" | "hero.commercial.poster" | "hero.all.poster") => photo(false),
        (_, "logo" | "partners.logo") => logo(),
        // The basemap: an upload under content/ or an https address (a CDN, S3).
        // The build takes a .pmtiles path or https address (a page on https cannot load http).
        (_, "map.tiles") => json!({
            "widget": "file", "accept": ".pmtiles", "choose_url": true,
            "pattern": [r"^(https://\S+|[^:\s]+)\.pmtiles([?#]\S*)?$", "A map file uploaded to the site (its name ending in .pmtiles), or its https:// address (a page on https cannot load http)"],
        }),
        (_, path) if path.ends_with(".video") => {
            json!({ "widget": "file", "accept": "video/mp4,video/webm", "choose_url": false })
        }
        _ => return None,
    })
}

/// The words `estate check` uses for a value that does not fit the field's pattern.
fn pattern_message(name: &str) -> String {
    match name {
        "escrowAccount" => "Not an escrow account number: write the bank account's 8 to 16 digits, as the DLD's project register gives them.".into(),
        "projectNumber" => "Not a RERA project number: the DLD writes it as a whole number, such as 2817.".into(),
        "completionDate" => "Write a month (2028-06) or a day (2028-06-30).".into(),
        "availableFrom" => "Write the day as 2026-12-01.".into(),
        "price" => super::model::PRICE_MESSAGE.into(),
        "key" => "Use lower-case letters, digits and hyphens only, e.g. dubai-marina.".into(),
        _ => "This is not written as expected: see the hint below the field.".into(),
    }
}

/// Rules of `estate check` on a field that its schema does not state as a pattern.
fn extra_pattern(name: &str) -> Option<(&'static str, &'static str)> {
    match name {
        // The build publishes no other kind of link (a `javascript:` one would run script).
        "permitUrl" | "website" => Some((r"^https://\S+$", "Write the full address, starting with https://")),
        "url" => Some((
            r"^(https?://|mailto:|tel:)\S+$",
            "Write the full address, starting with https:// (or mailto: for an email, tel: for a phone)",
        )),
        // The site's origin only, as `contract::urls::normalize_base_url` takes it.
        "baseUrl" => Some((
            r"^https?://([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*|\[[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*\])(:[1-9][0-9]{0,4})?/?$",
            "Write the site's address only, such as https://www.example.ae: no path, spaces or other letters",
        )),
        "videoTour" => Some((
            // `video_tour::HOSTS`, with a path; `generator/tests/field-vectors.json` holds both to it.
            r"^https://((www\.|m\.)?youtube\.com|(www\.)?youtu\.be|(www\.|m\.|player\.)?vimeo\.com)/[^\s\\]+$",
            "Write the video's address on YouTube or Vimeo, starting with https://",
        )),
        // Dialled from abroad and opened as wa.me/<digits>, which takes the country code and no
        // leading 0 or 00: 7 to 15 digits after a +, spaces, hyphens and brackets between them.
        "phone" | "phones" | "whatsapp" => Some((
            r"^\+[1-9]([ ()-]{0,2}[0-9]){6,14}$",
            "Write the number with its country code after a +, e.g. +971 50 123 4567 (not 050 123 4567 or 00971 50 123 4567)",
        )),
        _ => None,
    }
}

/// `mainCategory` as `Main category`.
fn label(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if i == 0 {
            out.extend(c.to_uppercase());
        } else if c.is_uppercase() {
            out.push(' ');
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// The configuration as the CMS reads it: YAML, with a comment saying where it comes from.
pub fn config_yaml(backend: &Backend) -> String {
    let mut out = String::from(
        "# Sveltia CMS's configuration, generated by `estate` from the content model\n\
         # (generator/src/content/model.rs, as content/schema/ is): do not edit; see\n\
         # docs/cms.md, \"Editors in the browser\".\n",
    );
    to_yaml(&config(backend), 0, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_repository_comes_from_netlifys_address() {
        assert_eq!(repo_of_url("https://github.com/palm/site").as_deref(), Some("palm/site"));
        assert_eq!(repo_of_url("git@github.com:palm/site.git").as_deref(), Some("palm/site"));
        assert_eq!(repo_of_url("https://gitlab.com/group/sub/site").as_deref(), Some("sub/site"));
        assert_eq!(repo_of_url("nonsense"), None);
        for folder in ["/work/site", "/srv/git/site.git", "file:///srv/git/site.git", "../site", "./a/b"] {
            assert_eq!(repo_of_url(folder), None, "{folder}");
        }
        let backend =
            Backend::from_env(|name| (name == "REPOSITORY_URL").then(|| "https://github.com/a/b".into()));
        assert_eq!(
            backend,
            Backend {
                name: "github".into(),
                repo: "a/b".into(),
                branch: "main".into(),
                editorial_workflow: false
            }
        );
    }

    #[test]
    fn yaml_reads_back_as_the_same_value() {
        let value = json!({ "a": [1, "two"], "b": { "c": "x: \"y\"", "d": [] }, "e": [{ "f": 1, "g": [{ "h": true }] }] });
        let mut text = String::new();
        to_yaml(&value, 0, &mut text);
        let back: Value = serde_saphyr::from_str(&text).expect("valid YAML");
        assert_eq!(back, value, "{text}");
    }
}
