//! Block YAML written from a JSON value, as the browser editor's `config.yml` is: strings
//! double-quoted as JSON writes them, a field's name, label and widget first.

use serde_json::Value;

/// Writes `value` as block YAML at `indent` (strings double-quoted, as JSON writes them).
pub(crate) fn to_yaml(value: &Value, indent: usize, out: &mut String) {
    let pad = " ".repeat(indent);
    match value {
        Value::Object(map) => {
            // A field's name, label and widget first, where a reader looks for them.
            const FIRST: [&str; 3] = ["name", "label", "widget"];
            let first = FIRST.iter().filter_map(|k| map.get_key_value(*k));
            let rest = map.iter().filter(|(k, _)| !FIRST.contains(&k.as_str()));
            for (key, v) in first.chain(rest) {
                out.push_str(&pad);
                out.push_str(key);
                out.push(':');
                scalar_or_block(v, indent, out);
            }
        }
        Value::Array(items) => {
            for item in items {
                out.push_str(&pad);
                out.push('-');
                match item {
                    Value::Object(map) if !map.is_empty() => {
                        // The first key on the dash's line, the rest below it.
                        let mut inner = String::new();
                        to_yaml(item, indent + 2, &mut inner);
                        out.push(' ');
                        out.push_str(&inner[indent + 2..]);
                    }
                    _ => scalar_or_block(item, indent, out),
                }
            }
        }
        _ => {
            out.push_str(&pad);
            out.push_str(&scalar(value));
            out.push('\n');
        }
    }
}

fn scalar_or_block(v: &Value, indent: usize, out: &mut String) {
    match v {
        Value::Object(m) if !m.is_empty() => {
            out.push('\n');
            to_yaml(v, indent + 2, out);
        }
        Value::Array(a) if !a.is_empty() && a.iter().any(|x| x.is_object() || x.is_array()) => {
            out.push('\n');
            to_yaml(v, indent + 2, out);
        }
        _ => {
            out.push(' ');
            out.push_str(&scalar(v));
            out.push('\n');
        }
    }
}

/// A scalar, or a short list of scalars in flow style (`[a, b]`), as JSON writes them.
fn scalar(v: &Value) -> String {
    serde_json::to_string(v).expect("JSON values serialise").replace("\",\"", "\", \"")
}
