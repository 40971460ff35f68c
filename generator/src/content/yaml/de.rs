//! Typed records from a [`Node`] tree, through serde: every wrong field is reported at its own
//! position, and a misspelt field name gets a "did you mean" hint.

use std::fmt;

use serde::de::{self, DeserializeOwned, IntoDeserializer, Visitor};

use super::{Key, Node, Pos, Value};

/// A problem found while reading a tree into a typed record.
#[derive(Debug, Clone, PartialEq)]
pub struct FieldError {
    pub pos: Option<Pos>,
    /// Where the problem is, outermost first: field names and `[index]`es.
    pub path: Vec<String>,
    pub message: String,
    pub hint: Option<String>,
    /// The required field that was missing, if that was the problem.
    pub missing: Option<String>,
    /// The last step of `path` is the unknown field itself (the message already names it).
    unknown: bool,
    /// For an unknown field, the fields its record has.
    known: Option<&'static [&'static str]>,
}

impl FieldError {
    fn at(mut self, pos: Pos) -> Self {
        self.pos.get_or_insert(pos);
        self
    }

    fn under(mut self, step: String) -> Self {
        self.path.insert(0, step);
        self
    }

    /// The message with the field it concerns, e.g. "`price`: expected a whole number ...".
    pub fn describe(&self) -> String {
        let steps =
            if self.unknown { &self.path[..self.path.len().saturating_sub(1)] } else { &self.path[..] };
        let path = steps.iter().fold(String::new(), |mut acc, step| {
            if !acc.is_empty() && !step.starts_with('[') {
                acc.push('.');
            }
            acc.push_str(step);
            acc
        });
        if path.is_empty() { self.message.clone() } else { format!("`{path}`: {}", self.message) }
    }
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe())
    }
}

impl std::error::Error for FieldError {}

fn new_error(message: String) -> FieldError {
    FieldError {
        pos: None,
        path: Vec::new(),
        message,
        hint: None,
        missing: None,
        unknown: false,
        known: None,
    }
}

/// Plain-language names for what serde expected.
fn expected_text(exp: &dyn de::Expected) -> String {
    let raw = exp.to_string();
    match raw.as_str() {
        "u8" | "u16" | "u32" | "u64" | "usize" => "a whole number".into(),
        "i8" | "i16" | "i32" | "i64" | "isize" => "a whole number".into(),
        "f32" | "f64" => "a number".into(),
        "a boolean" => "true or false".into(),
        "a sequence" => "a list".into(),
        "a string" | "a borrowed string" | "a character" => "text".into(),
        _ if raw.starts_with("struct ") || raw.starts_with("a map") => {
            "a group of fields (`name: value`)".into()
        }
        _ => raw,
    }
}

fn found_text(unexp: de::Unexpected) -> String {
    match unexp {
        de::Unexpected::Str(s) => format!("the text \"{s}\""),
        de::Unexpected::Bool(b) => format!("`{b}`"),
        de::Unexpected::Unsigned(n) => format!("the number {n}"),
        de::Unexpected::Signed(n) => format!("the number {n}"),
        de::Unexpected::Float(n) => format!("the number {n}"),
        de::Unexpected::Unit | de::Unexpected::Option => "nothing".into(),
        de::Unexpected::Seq => "a list".into(),
        de::Unexpected::Map => "a group of fields".into(),
        other => other.to_string(),
    }
}

/// The closest of `candidates` to `word`, when it is close enough to be a likely typo.
pub fn did_you_mean<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    candidates
        .into_iter()
        .map(|c| (strsim::jaro_winkler(&word.to_lowercase(), &c.to_lowercase()), c))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

fn one_of(expected: &[&str]) -> String {
    expected.iter().map(|e| format!("`{e}`")).collect::<Vec<_>>().join(", ")
}

impl de::Error for FieldError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        new_error(msg.to_string())
    }

    fn invalid_type(unexp: de::Unexpected, exp: &dyn de::Expected) -> Self {
        new_error(format!("expected {}, found {}", expected_text(exp), found_text(unexp)))
    }

    fn invalid_value(unexp: de::Unexpected, exp: &dyn de::Expected) -> Self {
        new_error(format!("expected {}, found {}", expected_text(exp), found_text(unexp)))
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Self {
        let mut e = new_error(format!("unknown field `{field}`"));
        e.hint = Some(match did_you_mean(field, expected.iter().copied()) {
            Some(best) => format!("did you mean `{best}`?"),
            None => format!("the fields are {}", one_of(expected)),
        });
        e.path.push(field.to_owned());
        e.unknown = true;
        e.known = Some(expected);
        e
    }

    fn unknown_variant(variant: &str, expected: &'static [&'static str]) -> Self {
        let mut e = new_error(format!("`{variant}` is not one of {}", one_of(expected)));
        if let Some(best) = did_you_mean(variant, expected.iter().copied()) {
            e.hint = Some(format!("did you mean `{best}`?"));
        }
        e
    }

    fn missing_field(field: &'static str) -> Self {
        let mut e = new_error(format!("missing required field `{field}`"));
        e.missing = Some(field.to_owned());
        e
    }

    fn duplicate_field(field: &'static str) -> Self {
        new_error(format!("field `{field}` is given twice"))
    }
}

/// Reads `root` into a `T`, reporting every wrong field: after each problem the offending
/// top-level field is dropped and the record read again. Returns the record only when there
/// was no problem at all.
pub fn deserialize<T: DeserializeOwned>(root: &Node) -> Result<T, Vec<FieldError>> {
    // The common case reads the tree as it is; only a file with problems pays for a copy.
    let first = match T::deserialize(NodeDe(root)) {
        Ok(value) => return Ok(value),
        Err(err) => err.at(root.pos),
    };
    let mut tree = root.clone();
    let mut errors: Vec<FieldError> = Vec::new();
    let mut pending = Some(first);
    let mut dropped: Vec<String> = Vec::new();
    // Each round drops one field, so a file can't loop longer than it has fields.
    for _ in 0..=field_count(root) {
        let err = match pending.take() {
            Some(err) => err,
            None => match T::deserialize(NodeDe(&tree)) {
                Ok(_) => return Err(errors),
                Err(err) => err.at(tree.pos),
            },
        };
        if let Some(missing) = &err.missing {
            // A field we dropped as wrong is not also "missing".
            if err.path.is_empty() && dropped.contains(missing) {
                return Err(errors);
            }
        }
        if let (true, [_], Some(known)) = (err.unknown, err.path.as_slice(), err.known) {
            unknown_fields(&mut tree, known, &mut errors);
            continue;
        }
        let top = err.path.first().cloned();
        errors.push(err);
        match top {
            Some(field) if tree.remove_key(&field) => dropped.push(field),
            _ => return Err(errors),
        }
    }
    Err(errors)
}

/// How many unknown fields of one record are reported each with its own message; the rest are
/// counted in one more.
pub const UNKNOWN_FIELDS_SHOWN: usize = 5;

/// Removes every field of the record `tree` that is not one of `known`, in one pass (reading the
/// record again for each would take time in the square of their number), reporting the first
/// [`UNKNOWN_FIELDS_SHOWN`] each at its place and the others in one message at the next one's.
fn unknown_fields(tree: &mut Node, known: &'static [&'static str], errors: &mut Vec<FieldError>) {
    let Value::Map(entries) = &mut tree.value else { return };
    let mut unknown = Vec::new();
    entries.retain(|(key, _)| {
        let ours = known.contains(&key.name.as_str());
        if !ours {
            unknown.push(key.clone());
        }
        ours
    });
    for key in unknown.iter().take(UNKNOWN_FIELDS_SHOWN) {
        errors.push(<FieldError as de::Error>::unknown_field(&key.name, known).at(key.pos));
    }
    if let Some(next) = unknown.get(UNKNOWN_FIELDS_SHOWN) {
        let more = unknown.len() - UNKNOWN_FIELDS_SHOWN;
        let mut e = new_error(format!(
            "… and {} more unknown field{}",
            contract::text::thousands(more),
            if more == 1 { "" } else { "s" }
        ));
        e.hint = Some(format!("remove them: the fields are {}", one_of(known)));
        errors.push(e.at(next.pos));
    }
}

fn field_count(node: &Node) -> usize {
    match &node.value {
        Value::Map(entries) => entries.len(),
        _ => 0,
    }
}

/// A serde deserializer over a borrowed tree node.
struct NodeDe<'a>(&'a Node);

macro_rules! forward_to_any {
    ($($method:ident)*) => {
        $(fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
            self.deserialize_any(visitor)
        })*
    };
}

impl<'de> de::Deserializer<'de> for NodeDe<'_> {
    type Error = FieldError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        let node = self.0;
        let result = match &node.value {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Int(i) => visitor.visit_i64(*i),
            Value::UInt(u) => visitor.visit_u64(*u),
            Value::Float(f) => visitor.visit_f64(*f),
            Value::Str(s) => visitor.visit_str(s),
            Value::Seq(items) => visitor.visit_seq(SeqDe { items: items.iter(), index: 0 }),
            Value::Map(entries) => visitor.visit_map(MapDe { entries: entries.iter(), current: None }),
        };
        result.map_err(|e| e.at(node.pos))
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        match self.0.value {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    /// Numbers are accepted where text is expected (`reference: 1001`), as editors expect.
    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        let node = self.0;
        let result = match &node.value {
            Value::Int(i) => visitor.visit_string(i.to_string()),
            Value::UInt(u) => visitor.visit_string(u.to_string()),
            Value::Float(f) => visitor.visit_string(f.to_string()),
            _ => return self.deserialize_any(visitor),
        };
        result.map_err(|e: FieldError| e.at(node.pos))
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, FieldError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, FieldError> {
        let node = self.0;
        match &node.value {
            Value::Str(s) => visitor.visit_enum(s.as_str().into_deserializer()),
            _ => Err(new_error(format!("expected one of the listed names, found {}", node.kind()))),
        }
        .map_err(|e: FieldError| e.at(node.pos))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, FieldError> {
        visitor.visit_newtype_struct(self)
    }

    forward_to_any! {
        deserialize_bool deserialize_i8 deserialize_i16 deserialize_i32 deserialize_i64
        deserialize_u8 deserialize_u16 deserialize_u32 deserialize_u64 deserialize_f32
        deserialize_f64 deserialize_char deserialize_bytes deserialize_byte_buf
        deserialize_unit deserialize_seq deserialize_map deserialize_identifier
        deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, FieldError> {
        self.deserialize_any(visitor)
    }

    fn deserialize_tuple<V: Visitor<'de>>(self, _len: usize, visitor: V) -> Result<V::Value, FieldError> {
        self.deserialize_any(visitor)
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, FieldError> {
        self.deserialize_any(visitor)
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, FieldError> {
        self.deserialize_any(visitor)
    }
}

struct SeqDe<'a> {
    items: std::slice::Iter<'a, Node>,
    index: usize,
}

impl<'de> de::SeqAccess<'de> for SeqDe<'_> {
    type Error = FieldError;

    fn next_element_seed<T: de::DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, FieldError> {
        let Some(item) = self.items.next() else { return Ok(None) };
        let index = self.index;
        self.index += 1;
        seed.deserialize(NodeDe(item)).map(Some).map_err(|e| e.at(item.pos).under(format!("[{index}]")))
    }
}

struct MapDe<'a> {
    entries: std::slice::Iter<'a, (Key, Node)>,
    current: Option<&'a (Key, Node)>,
}

impl<'de> de::MapAccess<'de> for MapDe<'_> {
    type Error = FieldError;

    fn next_key_seed<K: de::DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, FieldError> {
        let Some(entry) = self.entries.next() else { return Ok(None) };
        self.current = Some(entry);
        let key = &entry.0;
        seed.deserialize(key.name.as_str().into_deserializer()).map(Some).map_err(|e: FieldError| {
            let mut e = e.at(key.pos);
            // `unknown_field` already names the key; other key errors get it here.
            if e.path.is_empty() {
                e.path.push(key.name.clone());
            }
            e
        })
    }

    fn next_value_seed<V: de::DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, FieldError> {
        let Some((key, value)) = self.current.take() else {
            return Err(new_error("a value was read before its key".into()));
        };
        seed.deserialize(NodeDe(value)).map_err(|e| e.at(value.pos).under(key.name.clone()))
    }
}
