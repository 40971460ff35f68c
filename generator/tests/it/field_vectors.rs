//! `generator/tests/field-vectors.json`: values of the browser editor's fields with a pattern,
//! each taken or refused alike by the generated CMS config's pattern and by `estate check`, so
//! the editor never saves what the build refuses (nor refuses what it takes). The site's Vitest
//! runs the same patterns and values as JavaScript (`site/src/admin/field-vectors.test.ts`).

use generator::content::cms::{Backend, config_yaml};
use generator::content::model::MonthOrDay;
use generator::content::{video_tour, web_address};
use serde_json::Value;

use crate::support::repo;

/// The first field named `name` anywhere in `fields`.
fn find_field(fields: &Value, name: &str) -> Option<Value> {
    match fields {
        Value::Array(list) => list.iter().find_map(|f| find_field(f, name)),
        Value::Object(map) => {
            if map.get("name").and_then(Value::as_str) == Some(name) && map.contains_key("widget") {
                return Some(fields.clone());
            }
            map.values().find_map(|v| find_field(v, name))
        }
        _ => None,
    }
}

/// Whether the build takes `value` in the field `name`.
fn build_takes(name: &str, value: &str) -> bool {
    match name {
        "completionDate" => serde_json::from_value::<MonthOrDay>(value.into()).is_ok(),
        "videoTour" => video_tour::is_allowed(value),
        "baseUrl" => {
            contract::urls::normalize_base_url(value).is_ok_and(|origin| web_address::read(&origin).is_ok())
        }
        _ => panic!("no rule of the build for {name}"),
    }
}

#[test]
fn the_cms_and_the_build_take_and_refuse_the_same_values() {
    let backend = Backend {
        name: "github".into(),
        repo: "palm-crest/website".into(),
        branch: "main".into(),
        editorial_workflow: true,
    };
    let config: Value = serde_saphyr::from_str(&config_yaml(&backend)).expect("the generated config");
    let text = std::fs::read_to_string(repo().join("generator/tests/field-vectors.json")).unwrap();
    let vectors: Value = serde_json::from_str(&text).unwrap();
    let fields = vectors["fields"].as_array().unwrap();
    assert!(fields.len() >= 3);
    for case in fields {
        let (collection, name) = (case["collection"].as_str().unwrap(), case["field"].as_str().unwrap());
        let collection = config["collections"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == collection)
            .unwrap_or_else(|| panic!("no collection {collection}"));
        let field = find_field(collection, name).unwrap_or_else(|| panic!("no field {name}"));
        let pattern = field["pattern"][0].as_str().unwrap_or_else(|| panic!("{name}: no pattern"));
        assert_eq!(pattern, case["pattern"], "{name}: the CMS's pattern is not the vectors'");
        let cms = regex::Regex::new(pattern).unwrap();
        for (list, expected) in [("take", true), ("refuse", false)] {
            for value in case[list].as_array().unwrap() {
                let value = value.as_str().unwrap();
                assert_eq!(cms.is_match(value), expected, "{name}: {value:?} in the CMS");
                assert_eq!(build_takes(name, value), expected, "{name}: {value:?} in the build");
            }
        }
    }
}
