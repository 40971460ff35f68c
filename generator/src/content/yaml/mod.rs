//! YAML in two steps, so an editor sees every problem of a file at once:
//!
//! 1. [`parse`] reads the text with granit-parser (serde-saphyr's parser; strict booleans, limits
//!    against alias bombs) into a [`Node`] tree where every value and key keeps its line and column.
//! 2. [`deserialize`] turns the tree into a typed record through serde. When a field is wrong it
//!    records the problem, drops that field and tries again, so one run reports every unknown
//!    field and every wrong value, each at its own position.

use std::collections::HashMap;

use serde_saphyr::granit_parser::{self, Event, Parser, ScalarStyle};

mod de;
mod explain;

pub use de::{FieldError, deserialize, did_you_mean};

/// A 1-based position in a content file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub struct Pos {
    pub line: u32,
    pub col: u32,
}

impl Pos {
    pub const START: Pos = Pos { line: 1, col: 1 };
}

#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    UInt(u64),
    Float(f64),
    Str(String),
    Seq(Vec<Node>),
    Map(Vec<(Key, Node)>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    pub pos: Pos,
    pub value: Value,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Key {
    pub name: String,
    pub pos: Pos,
}

impl Node {
    /// The value under `key` when this node is a mapping.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            Value::Map(entries) => entries.iter().find(|(k, _)| k.name == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The position of the value at `path` (mapping keys, or sequence indexes as numbers),
    /// falling back to the deepest node found so an error always has a place.
    pub fn pos_of(&self, path: &[&str]) -> Pos {
        let mut node = self;
        for step in path {
            let next = match &node.value {
                Value::Map(_) => node.get(step),
                Value::Seq(items) => step.parse::<usize>().ok().and_then(|i| items.get(i)),
                _ => None,
            };
            match next {
                Some(n) => node = n,
                None => break,
            }
        }
        node.pos
    }

    /// The position of the key `key` in this mapping (for "field given twice"-style problems).
    pub fn key_pos(&self, key: &str) -> Option<Pos> {
        match &self.value {
            Value::Map(entries) => entries.iter().find(|(k, _)| k.name == key).map(|(k, _)| k.pos),
            _ => None,
        }
    }

    fn remove_key(&mut self, key: &str) -> bool {
        if let Value::Map(entries) = &mut self.value {
            let before = entries.len();
            entries.retain(|(k, _)| k.name != key);
            return entries.len() != before;
        }
        false
    }

    fn kind(&self) -> &'static str {
        match self.value {
            Value::Null => "nothing",
            Value::Bool(_) => "a boolean",
            Value::Int(_) | Value::UInt(_) => "a whole number",
            Value::Float(_) => "a decimal number",
            Value::Str(_) => "text",
            Value::Seq(_) => "a list",
            Value::Map(_) => "a group of fields",
        }
    }
}

/// A YAML syntax or resource problem.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    pub pos: Pos,
    pub message: String,
    pub hint: Option<String>,
}

impl SyntaxError {
    pub fn new(pos: Pos, message: impl Into<String>) -> Self {
        SyntaxError { pos, message: message.into(), hint: None }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

/// Limits well above any real content file, far below what an alias bomb expands to.
const MAX_ALIASES: usize = 1_000;
const MAX_NODES: usize = 100_000;
const MAX_DEPTH: usize = 32;
/// The text an alias may expand to, as a multiple of the file's own size (with a floor for small
/// files): counting aliases alone lets one large anchor used a thousand times fill memory.
const EXPANSION_FACTOR: usize = 4;
const MIN_EXPANDED_BYTES: usize = 64 * 1024;

/// Parses YAML text into a position-keeping tree. `line_offset` is added to every line (the
/// lines before a front matter block), so positions are those of the whole file.
///
/// Built straight from the parser's events (granit-parser, the parser under serde-saphyr):
/// three times faster than going through serde with spans, which matters at 10,000 listings.
/// Plain scalars follow the YAML 1.2 core schema with strict booleans: `yes` is text.
pub fn parse(text: &str, line_offset: u32) -> Result<Node, SyntaxError> {
    let max_bytes = text.len().saturating_mul(EXPANSION_FACTOR).max(MIN_EXPANDED_BYTES);
    let mut builder = TreeBuilder { line_offset, max_bytes, ..TreeBuilder::default() };
    let mut parser = Parser::new_from_str(text);
    while let Some(event) = parser.next_event() {
        let (event, span) = event.map_err(|e| {
            let at = Pos { line: e.marker().line() as u32, col: e.marker().col() as u32 + 1 };
            explain::explain(text, e.kind(), &e.info(), at, line_offset)
        })?;
        builder.event(event, builder.pos(span.start))?;
    }
    Ok(builder.root.unwrap_or(Node { pos: Pos::START, value: Value::Null }))
}

enum Frame {
    Seq {
        pos: Pos,
        anchor: usize,
        items: Vec<Node>,
    },
    /// `lines`: the line of each key so far, so a key given twice is found in constant time
    /// (a file of 49,000 keys compared each with all before it took seconds).
    Map {
        pos: Pos,
        anchor: usize,
        entries: Vec<(Key, Node)>,
        key: Option<Key>,
        lines: HashMap<String, u32>,
    },
}

#[derive(Default)]
struct TreeBuilder {
    line_offset: u32,
    stack: Vec<Frame>,
    /// Each anchored node with its count of values and bytes of text.
    anchors: HashMap<usize, (Node, usize, usize)>,
    aliases: usize,
    nodes: usize,
    /// Bytes of text (keys and scalars) in the tree, aliases expanded, and the most allowed.
    bytes: usize,
    max_bytes: usize,
    documents: usize,
    root: Option<Node>,
}

/// Aliases that would expand past the limits: the shape of an "alias bomb".
fn too_large_after_aliases(pos: Pos) -> SyntaxError {
    SyntaxError::new(
        pos,
        format!(
            "YAML too large after expanding anchors and aliases (an \"alias bomb\"?): content \
             files may use at most 1,000 aliases and 100,000 values, and their aliases may \
             expand to at most {EXPANSION_FACTOR} times the file's size"
        ),
    )
    .with_hint("write the repeated value out where it is needed, or use fewer aliases")
}

/// Plain content over the value limit: said as it is, no aliases involved.
fn too_many_values(pos: Pos) -> SyntaxError {
    SyntaxError::new(
        pos,
        "YAML too large: content files may hold at most 100,000 values (list items, fields, \
         texts); this one has more",
    )
}

impl TreeBuilder {
    fn pos(&self, marker: granit_parser::Marker) -> Pos {
        Pos { line: marker.line() as u32 + self.line_offset, col: marker.col() as u32 + 1 }
    }

    fn event(&mut self, event: Event<'_>, pos: Pos) -> Result<(), SyntaxError> {
        match event {
            Event::DocumentStart(..) => {
                self.documents += 1;
                if self.documents > 1 {
                    return Err(SyntaxError::new(
                        pos,
                        "a content file holds one YAML document; remove the second `---`",
                    ));
                }
            }
            Event::Scalar(text, style, anchor, tag) => {
                self.bytes += text.len();
                let value = if style == ScalarStyle::Plain
                    && !tag.is_some_and(|t| t.is_yaml_core_schema_tag("str"))
                {
                    plain_scalar(&text)
                } else {
                    Value::Str(text.into_owned())
                };
                self.finish(Node { pos, value }, anchor)?;
            }
            Event::SequenceStart(_, anchor, _) => {
                self.open(Frame::Seq { pos, anchor, items: Vec::new() }, pos)?
            }
            Event::MappingStart(_, anchor, _) => self.open(
                Frame::Map { pos, anchor, entries: Vec::new(), key: None, lines: HashMap::new() },
                pos,
            )?,
            Event::SequenceEnd | Event::MappingEnd => {
                let (node, anchor) = match self.stack.pop() {
                    Some(Frame::Seq { pos, anchor, items }) => {
                        (Node { pos, value: Value::Seq(items) }, anchor)
                    }
                    Some(Frame::Map { pos, anchor, entries, .. }) => {
                        (Node { pos, value: Value::Map(entries) }, anchor)
                    }
                    None => return Ok(()),
                };
                self.finish(node, anchor)?;
            }
            Event::Alias(id) => {
                self.aliases += 1;
                let Some((target, size, bytes)) = self.anchors.get(&id) else {
                    return Err(SyntaxError::new(
                        pos,
                        "a value starting with `*` names an anchor (`&name`) this file does not have",
                    ));
                };
                let (size, bytes) = (*size, *bytes);
                if self.aliases > MAX_ALIASES
                    || self.nodes + size > MAX_NODES
                    || self.bytes.saturating_add(bytes) > self.max_bytes
                {
                    return Err(too_large_after_aliases(pos));
                }
                self.nodes += size - 1;
                self.bytes += bytes;
                let node = Node { pos, value: target.value.clone() };
                self.finish(node, 0)?;
            }
            _ => {}
        }
        Ok(())
    }

    fn open(&mut self, frame: Frame, pos: Pos) -> Result<(), SyntaxError> {
        if self.stack.len() >= MAX_DEPTH {
            return Err(SyntaxError::new(pos, format!("YAML nested more than {MAX_DEPTH} levels deep")));
        }
        self.stack.push(frame);
        Ok(())
    }

    /// Places a completed node into its parent (or as the root), remembering its anchor.
    fn finish(&mut self, node: Node, anchor: usize) -> Result<(), SyntaxError> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return Err(too_many_values(node.pos));
        }
        if anchor != 0 {
            let (size, bytes) = measure(&node);
            self.anchors.insert(anchor, (node.clone(), size, bytes));
        }
        match self.stack.last_mut() {
            None => self.root = Some(node),
            Some(Frame::Seq { items, .. }) => items.push(node),
            Some(Frame::Map { entries, key, lines, .. }) => match key.take() {
                None => {
                    let name = match node.value {
                        Value::Str(s) => s,
                        Value::Null => "null".into(),
                        Value::Bool(b) => b.to_string(),
                        Value::Int(i) => i.to_string(),
                        Value::UInt(u) => u.to_string(),
                        Value::Float(f) => f.to_string(),
                        Value::Seq(_) | Value::Map(_) => {
                            return Err(SyntaxError::new(
                                node.pos,
                                "a field name must be plain text, not a list or a group of fields",
                            ));
                        }
                    };
                    if let Some(first) = lines.get(&name) {
                        return Err(SyntaxError::new(
                            node.pos,
                            format!("field `{name}` is given twice (first on line {first})"),
                        )
                        .with_hint("keep one of them"));
                    }
                    lines.insert(name.clone(), node.pos.line);
                    *key = Some(Key { name, pos: node.pos });
                }
                Some(k) => entries.push((k, node)),
            },
        }
        Ok(())
    }
}

/// A node's count of values (a field's key counting as one) and bytes of text (keys, and
/// scalars as written; a number counts as a byte).
fn measure(node: &Node) -> (usize, usize) {
    let add = |(n, b): (usize, usize), (m, c): (usize, usize)| (n + m, b + c);
    match &node.value {
        Value::Seq(items) => items.iter().map(measure).fold((1, 0), add),
        Value::Map(entries) => {
            entries.iter().map(|(k, v)| add((1, k.name.len()), measure(v))).fold((1, 0), add)
        }
        Value::Str(s) => (1, s.len()),
        _ => (1, 1),
    }
}

/// The YAML 1.2 core schema for plain scalars, with strict booleans.
fn plain_scalar(text: &str) -> Value {
    match text {
        "" | "~" | "null" | "Null" | "NULL" => return Value::Null,
        "true" | "True" | "TRUE" => return Value::Bool(true),
        "false" | "False" | "FALSE" => return Value::Bool(false),
        ".inf" | ".Inf" | ".INF" | "+.inf" | "+.Inf" | "+.INF" => return Value::Float(f64::INFINITY),
        "-.inf" | "-.Inf" | "-.INF" => return Value::Float(f64::NEG_INFINITY),
        ".nan" | ".NaN" | ".NAN" => return Value::Float(f64::NAN),
        _ => {}
    }
    let unsigned = text.strip_prefix(['-', '+']).unwrap_or(text);
    if !unsigned.is_empty() && unsigned.bytes().all(|b| b.is_ascii_digit()) {
        if let Ok(i) = text.parse::<i64>() {
            return Value::Int(i);
        }
        if let Ok(u) = text.trim_start_matches('+').parse::<u64>() {
            return Value::UInt(u);
        }
    }
    let radix = |prefix: &str, radix: u32| {
        text.strip_prefix(prefix).filter(|d| !d.is_empty()).and_then(|d| i64::from_str_radix(d, radix).ok())
    };
    if let Some(i) = radix("0x", 16).or_else(|| radix("0o", 8)) {
        return Value::Int(i);
    }
    let float_shaped = unsigned.bytes().any(|b| b.is_ascii_digit())
        && unsigned.bytes().all(|b| b.is_ascii_digit() || matches!(b, b'.' | b'e' | b'E' | b'-' | b'+'))
        && !unsigned.starts_with(['e', 'E']);
    if float_shaped && let Ok(f) = text.parse::<f64>() {
        return Value::Float(f);
    }
    Value::Str(text.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    struct Listing {
        title: String,
        price: Option<u64>,
        #[serde(default)]
        images: Vec<String>,
        kind: Option<Kind>,
        reference: Option<String>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    enum Kind {
        Residential,
        Rental,
    }

    #[test]
    fn keeps_positions_of_values_and_keys() {
        let root = parse("title: A\nimages:\n  - a.jpg\n  - b.jpg\n", 0).unwrap();
        assert_eq!(root.pos_of(&["title"]), Pos { line: 1, col: 8 });
        assert_eq!(root.pos_of(&["images", "1"]), Pos { line: 4, col: 5 });
        assert_eq!(root.key_pos("images"), Some(Pos { line: 2, col: 1 }));
    }

    #[test]
    fn line_offset_moves_every_position() {
        let root = parse("title: A\nprice: 3\n", 1).unwrap();
        assert_eq!(root.pos_of(&["price"]), Pos { line: 3, col: 8 });
    }

    #[test]
    fn reports_every_wrong_field_in_one_pass() {
        let root = parse("title: A\nprcie: 3\nprice: call us\nkind: Luxury\n", 0).unwrap();
        let errors = deserialize::<Listing>(&root).unwrap_err();
        let described: Vec<_> =
            errors.iter().map(|e| (e.pos.unwrap().line, e.describe(), e.hint.clone())).collect();
        assert_eq!(
            described,
            vec![
                (2, "unknown field `prcie`".to_string(), Some("did you mean `price`?".into())),
                (3, "`price`: expected a whole number, found the text \"call us\"".into(), None),
                (4, "`kind`: `Luxury` is not one of `Residential`, `Rental`".into(), None),
            ]
        );
    }

    #[test]
    fn thousands_of_unknown_fields_take_linear_time_and_a_few_messages() {
        let mut text = String::from("title: A\nprice: 3\n");
        for i in 0..49_000 {
            text.push_str(&format!("k{i}: v\n"));
        }
        text.push_str("kind: Luxury\n");
        let root = parse(&text, 0).unwrap();
        let started = std::time::Instant::now();
        let errors = deserialize::<Listing>(&root).unwrap_err();
        assert!(started.elapsed() < std::time::Duration::from_secs(2), "{:?}", started.elapsed());
        let described: Vec<_> = errors.iter().map(|e| (e.pos.unwrap().line, e.describe())).collect();
        assert_eq!(described.len(), 7, "{described:?}");
        assert_eq!(described[0], (3, "unknown field `k0`".to_string()));
        assert_eq!(described[4], (7, "unknown field `k4`".to_string()));
        assert_eq!(described[5], (8, "… and 48,995 more unknown fields".to_string()));
        assert_eq!(described[6], (49_003, "`kind`: `Luxury` is not one of `Residential`, `Rental`".into()));
    }

    #[test]
    fn missing_field_is_reported_at_the_top() {
        let root = parse("price: 3\n", 0).unwrap();
        let errors = deserialize::<Listing>(&root).unwrap_err();
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].message, "missing required field `title`");
        assert_eq!(errors[0].pos, Some(Pos { line: 1, col: 1 }));
    }

    #[test]
    fn a_dropped_required_field_is_not_also_missing() {
        let root = parse("title: [a, b]\n", 0).unwrap();
        let errors = deserialize::<Listing>(&root).unwrap_err();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].describe(), "`title`: expected text, found a list");
    }

    #[test]
    fn numbers_are_accepted_as_text_and_nested_errors_name_their_path() {
        let root = parse("title: A\nreference: 1001\n", 0).unwrap();
        let listing = deserialize::<Listing>(&root).unwrap();
        assert_eq!(listing.reference.as_deref(), Some("1001"));

        let root = parse("title: A\nimages: [a.jpg, {x: 1}]\n", 0).unwrap();
        let errors = deserialize::<Listing>(&root).unwrap_err();
        assert_eq!(errors[0].describe(), "`images[1]`: expected text, found a group of fields");
        assert_eq!(errors[0].pos, Some(Pos { line: 2, col: 17 }));
    }

    #[test]
    fn plain_scalars_follow_the_core_schema() {
        let root =
            parse("a: 12\nb: -3\nc: 1.5e3\nd: ~\ne: 0x1F\nf: '12'\ng: 2026-10-01\nh: 1_000\ni: .inf\n", 0)
                .unwrap();
        let get = |k: &str| root.get(k).unwrap().value.clone();
        assert_eq!(get("a"), Value::Int(12));
        assert_eq!(get("b"), Value::Int(-3));
        assert_eq!(get("c"), Value::Float(1500.0));
        assert_eq!(get("d"), Value::Null);
        assert_eq!(get("e"), Value::Int(31));
        assert_eq!(get("f"), Value::Str("12".into()));
        assert_eq!(get("g"), Value::Str("2026-10-01".into()));
        assert_eq!(get("h"), Value::Str("1_000".into()));
        assert_eq!(get("i"), Value::Float(f64::INFINITY));
    }

    #[test]
    fn duplicate_keys_and_second_documents_are_refused() {
        let err = parse("title: A\ntitle: B\n", 0).unwrap_err();
        assert_eq!(
            (err.pos, err.message.as_str()),
            (Pos { line: 2, col: 1 }, "field `title` is given twice (first on line 1)")
        );
        assert!(parse("title: A\n---\ntitle: B\n", 0).is_err());
    }

    #[test]
    fn anchors_and_aliases_expand() {
        let root = parse("base: &b {lat: 25}\ncopy: *b\n", 0).unwrap();
        assert_eq!(root.get("copy").unwrap().get("lat").unwrap().value, Value::Int(25));
    }

    #[test]
    fn yes_is_text_not_a_boolean() {
        let root = parse("title: yes\n", 0).unwrap();
        assert_eq!(root.get("title").unwrap().value, Value::Str("yes".into()));
    }

    #[test]
    fn syntax_errors_have_a_position() {
        let err = parse("title: A\nprice: [1, 2\n", 0).unwrap_err();
        assert!(
            err.message.starts_with("`price`: the list opened with `[` here is never closed"),
            "{}",
            err.message
        );
        assert_eq!(err.pos, Pos { line: 2, col: 8 });
    }

    #[test]
    fn alias_bombs_are_refused_quickly() {
        let mut text =
            String::from("a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for i in 1..9 {
            let prev = (b'a' + i - 1) as char;
            let cur = (b'a' + i) as char;
            let refs = vec![format!("*{prev}"); 9].join(",");
            text.push_str(&format!("{cur}: &{cur} [{refs}]\n"));
        }
        let started = std::time::Instant::now();
        let err = parse(&text, 0).unwrap_err();
        assert!(started.elapsed().as_secs() < 2);
        assert!(err.message.contains("aliases"), "{}", err.message);
    }

    #[test]
    fn one_large_anchor_used_many_times_is_refused_at_the_alias() {
        // Few aliases, few values, but each alias copies a large text: the limit is on the size
        // the aliases expand to, a few times the file's own.
        let big = "x".repeat(1024 * 1024);
        let text = format!("a: &a \"{big}\"\nb:\n{}", "  - *a\n".repeat(999));
        let started = std::time::Instant::now();
        let err = parse(&text, 2).unwrap_err();
        assert!(started.elapsed().as_secs_f64() < 1.0, "{:?}", started.elapsed());
        assert!(err.message.contains("4 times the file's size"), "{}", err.message);
        // The file's own text and three copies fit in four times its size; the fourth alias (on
        // line 6, moved by the offset of 2) does not.
        assert_eq!(err.pos, Pos { line: 6 + 2, col: 5 });
    }

    #[test]
    fn aliases_within_the_expansion_limit_still_expand() {
        let text = format!("a: &a \"{}\"\nb: [*a, *a, *a]\n", "y".repeat(100_000));
        let root = parse(&text, 0).unwrap();
        assert!(matches!(&root.get("b").unwrap().value, Value::Seq(items) if items.len() == 3));
    }

    #[test]
    fn a_long_plain_list_is_too_large_but_no_alias_bomb() {
        let text = format!("photos:\n{}", "  - x.jpg\n".repeat(MAX_NODES + 10));
        let err = parse(&text, 0).unwrap_err();
        assert!(err.message.starts_with("YAML too large: content files may hold at most 100,000 values"));
        assert!(!err.message.contains("alias"), "{}", err.message);
        assert_eq!(err.pos.line as usize, MAX_NODES + 1, "placed at the first value over the limit");
    }
}
