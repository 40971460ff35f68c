//! A logo drawn as SVG, made safe to publish on the site's origin. An SVG opened by itself is a
//! document that can run script, load other files and embed HTML, so a logo is published only
//! as the drawing it is: the file is parsed (roxmltree: no entity may be declared, a node limit)
//! and written again from an allow-list of shape, text, gradient and clip elements and their
//! presentation attributes. What could run or fetch anything (a script, an event attribute,
//! `foreignObject`, HTML, a link, an animation, a reference to another file or address) refuses
//! the file with its line, so the editor learns why; what only carries an editor's metadata
//! (Inkscape's or Illustrator's, comments) is left out without a word.
//!
//! Not svg-hush (Cloudflare's filter): it keeps same-origin references, links, `<image>` and
//! animations, which a logo does not need, and brings another XML parser that expands declared
//! entities; the allow-list here is the few dozen names logos use.

use roxmltree::{Document, Node, NodeType, ParsingOptions};

/// A logo larger than this is refused before it is parsed (the sample's are under 2 KB).
pub const MAX_BYTES: usize = 512 * 1024;
/// How deep elements may sit inside one another.
pub const MAX_DEPTH: usize = 64;
/// How many nodes (elements, attributes' texts, texts) the parser builds at most.
const MAX_NODES: u32 = 50_000;

const SVG_NS: &str = "http://www.w3.org/2000/svg";
const XLINK_NS: &str = "http://www.w3.org/1999/xlink";
const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";

/// The elements a logo may hold.
const ELEMENTS: &[&str] = &[
    "svg",
    "g",
    "defs",
    "symbol",
    "use",
    "title",
    "desc",
    "style",
    "path",
    "rect",
    "circle",
    "ellipse",
    "line",
    "polyline",
    "polygon",
    "text",
    "tspan",
    "textPath",
    "linearGradient",
    "radialGradient",
    "stop",
    "clipPath",
    "mask",
    "pattern",
    "marker",
    "filter",
    "feGaussianBlur",
    "feOffset",
    "feFlood",
    "feComposite",
    "feMerge",
    "feMergeNode",
    "feBlend",
    "feColorMatrix",
    "feDropShadow",
];

/// Elements that hold text to keep.
const TEXT_ELEMENTS: &[&str] = &["title", "desc", "style", "text", "tspan", "textPath"];

/// The attributes a logo's elements may carry (presentation, geometry, text, accessibility).
const ATTRIBUTES: &[&str] = &[
    "id",
    "class",
    "style",
    "viewBox",
    "preserveAspectRatio",
    "version",
    "width",
    "height",
    "x",
    "y",
    "x1",
    "y1",
    "x2",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "fx",
    "fy",
    "fr",
    "d",
    "points",
    "pathLength",
    "transform",
    "fill",
    "fill-opacity",
    "fill-rule",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-miterlimit",
    "stroke-dasharray",
    "stroke-dashoffset",
    "opacity",
    "color",
    "display",
    "visibility",
    "clip-path",
    "clip-rule",
    "clipPathUnits",
    "mask",
    "maskUnits",
    "maskContentUnits",
    "filter",
    "filterUnits",
    "primitiveUnits",
    "vector-effect",
    "paint-order",
    "shape-rendering",
    "text-rendering",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "font-variant",
    "font-stretch",
    "letter-spacing",
    "word-spacing",
    "text-anchor",
    "text-decoration",
    "dominant-baseline",
    "alignment-baseline",
    "baseline-shift",
    "writing-mode",
    "direction",
    "unicode-bidi",
    "textLength",
    "lengthAdjust",
    "dx",
    "dy",
    "rotate",
    "startOffset",
    "offset",
    "stop-color",
    "stop-opacity",
    "gradientUnits",
    "gradientTransform",
    "spreadMethod",
    "patternUnits",
    "patternContentUnits",
    "patternTransform",
    "markerWidth",
    "markerHeight",
    "refX",
    "refY",
    "orient",
    "markerUnits",
    "marker-start",
    "marker-mid",
    "marker-end",
    "stdDeviation",
    "in",
    "in2",
    "result",
    "mode",
    "operator",
    "k1",
    "k2",
    "k3",
    "k4",
    "values",
    "type",
    "flood-color",
    "flood-opacity",
    "lighting-color",
    "color-interpolation-filters",
    "role",
    "aria-label",
    "aria-labelledby",
    "aria-describedby",
    "aria-hidden",
    "focusable",
    "href",
];

/// Elements that refuse the file, with what they are in an editor's words.
fn forbidden(name: &str) -> Option<&'static str> {
    Some(match name {
        "script" => "a script",
        "foreignObject" => "embedded HTML",
        "a" => "a link",
        "image" | "feImage" => "a picture loaded from another file or address",
        "iframe" | "embed" | "object" | "audio" | "video" | "handler" | "listener" => {
            "content loaded from another file or address"
        }
        "animate" | "set" | "animateMotion" | "animateTransform" | "animateColor" | "discard" => {
            "an animation (which can change the drawing's links)"
        }
        _ => return None,
    })
}

/// Why an SVG cannot be published, and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SvgProblem {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl SvgProblem {
    fn at(doc: &Document, position: usize, message: String) -> Self {
        let pos = doc.text_pos_at(position);
        SvgProblem { line: pos.row, col: pos.col, message }
    }
}

/// The logo `bytes` written again with only what draws it, or why it is refused.
pub fn sanitise(bytes: &[u8]) -> Result<String, SvgProblem> {
    let refuse = |message: String| SvgProblem { line: 1, col: 1, message };
    if bytes.len() > MAX_BYTES {
        return Err(refuse(format!(
            "the drawing is {} KB, over the limit of {} KB for a logo: simplify it, or use a PNG",
            bytes.len() / 1024,
            MAX_BYTES / 1024
        )));
    }
    let text = std::str::from_utf8(bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes))
        .map_err(|_| refuse("an SVG file must be UTF-8 text".into()))?;
    if let Some(at) = text.find("<!ENTITY") {
        let line = u32::try_from(text[..at].matches('\n').count() + 1).unwrap_or(u32::MAX);
        return Err(SvgProblem {
            line,
            col: 1,
            message: "the file declares entities (`<!ENTITY`), which a logo never needs: export it again as plain SVG".into(),
        });
    }
    // A DOCTYPE naming the SVG DTD (as Illustrator writes) is allowed; nothing is fetched.
    let options = ParsingOptions { allow_dtd: true, nodes_limit: MAX_NODES, ..ParsingOptions::default() };
    let doc = Document::parse_with_options(text, options).map_err(|e| {
        let pos = e.pos();
        SvgProblem { line: pos.row, col: pos.col, message: format!("not a valid SVG file: {e}") }
    })?;
    let root = doc.root_element();
    if root.tag_name().name() != "svg" || root.tag_name().namespace() != Some(SVG_NS) {
        return Err(SvgProblem::at(
            &doc,
            root.range().start,
            format!(
                "not an SVG drawing: its first element is `<{}>`, where a logo starts with `<svg xmlns=\"{SVG_NS}\">`",
                root.tag_name().name()
            ),
        ));
    }
    let mut out = String::with_capacity(text.len());
    write_element(&doc, root, 0, &mut out)?;
    out.push('\n');
    Ok(out)
}

fn write_element(doc: &Document, node: Node, depth: usize, out: &mut String) -> Result<(), SvgProblem> {
    let name = node.tag_name().name();
    let at = |message: String| SvgProblem::at(doc, node.range().start, message);
    if depth > MAX_DEPTH {
        return Err(at(format!("elements are nested more than {MAX_DEPTH} deep")));
    }
    if let Some(what) = forbidden(name) {
        return Err(at(format!(
            "the drawing holds {what} (`<{name}>`), and a logo may only draw shapes and text"
        )));
    }
    match node.tag_name().namespace() {
        Some(SVG_NS) => {}
        Some("http://www.w3.org/1999/xhtml") => {
            return Err(at(format!(
                "the drawing holds an HTML element (`<{name}>`), and a logo may only draw shapes and text"
            )));
        }
        // An editor's own elements (Inkscape's, Illustrator's, RDF metadata): they draw nothing.
        _ => return Ok(()),
    }
    if !ELEMENTS.contains(&name) {
        return Ok(());
    }
    out.push('<');
    out.push_str(name);
    if depth == 0 {
        out.push_str(" xmlns=\"");
        out.push_str(SVG_NS);
        out.push('"');
    }
    for attribute in node.attributes() {
        let (local, value) = (attribute.name(), attribute.value());
        let place = |message: String| SvgProblem::at(doc, attribute.range().start, message);
        if local.len() > 2 && local[..2].eq_ignore_ascii_case("on") {
            return Err(place(format!("the drawing has an event attribute (`{local}`), which runs script")));
        }
        let written = match attribute.namespace() {
            None if ATTRIBUTES.contains(&local) => local,
            Some(XLINK_NS) if local == "href" => "href",
            Some(XML_NS) if local == "space" || local == "lang" => {
                if local == "space" {
                    "xml:space"
                } else {
                    "xml:lang"
                }
            }
            _ => continue,
        };
        if written == "href" && !value.trim_start().starts_with('#') {
            return Err(place(format!(
                "the drawing refers to another file or address (`href=\"{}\"`): a logo may only refer to its own parts (`#id`)",
                shorten(value)
            )));
        }
        let problem = if written == "style" { css_problem(value) } else { url_problem(value) };
        if let Some(problem) = problem {
            return Err(place(problem));
        }
        out.push(' ');
        out.push_str(written);
        out.push_str("=\"");
        escape(value, true, out);
        out.push('"');
    }
    let keep_text = TEXT_ELEMENTS.contains(&name);
    let children: Vec<Node> = node
        .children()
        .filter(|c| c.is_element() || (keep_text && c.node_type() == NodeType::Text))
        .collect();
    if children.is_empty() {
        out.push_str("/>");
        return Ok(());
    }
    out.push('>');
    for child in children {
        if child.is_element() {
            write_element(doc, child, depth + 1, out)?;
        } else if let Some(text) = child.text() {
            if name == "style"
                && let Some(problem) = css_problem(text)
            {
                return Err(SvgProblem::at(doc, child.range().start, problem));
            }
            escape(text, false, out);
        }
    }
    out.push_str("</");
    out.push_str(name);
    out.push('>');
    Ok(())
}

/// Why a style sheet or attribute value could load or run something: a `url()` that is not
/// one of the drawing's own parts (`url(#id)`), an at-rule (`@import`), an escape that could
/// hide either, or an old browser's script hooks.
fn css_problem(value: &str) -> Option<String> {
    if let Some(problem) = url_problem(value) {
        return Some(problem);
    }
    let lower = value.to_ascii_lowercase();
    if lower.contains('@') || lower.contains("expression(") || lower.contains("javascript:") {
        return Some(format!(
            "the drawing's style (`{}`) has an at-rule or a script, which a logo never needs",
            shorten(value)
        ));
    }
    None
}

/// A `url()` in `value` that is not one of the drawing's own parts.
fn url_problem(value: &str) -> Option<String> {
    if value.contains('\\') {
        // A CSS escape could spell `url(` so this search does not see it.
        return Some(format!(
            "the drawing has an escape (`\\`) in `{}`, which a logo never needs",
            shorten(value)
        ));
    }
    let lower = value.to_ascii_lowercase();
    let mut rest = lower.as_str();
    while let Some(at) = rest.find("url(") {
        rest = &rest[at + 4..];
        let target = rest.trim_start().trim_start_matches(['"', '\'']);
        if !target.starts_with('#') {
            return Some(format!(
                "the drawing refers to another file or address (`{}`): a logo may only refer to its own parts (`url(#id)`)",
                shorten(value)
            ));
        }
    }
    None
}

/// A value cut to a length an error line can show.
fn shorten(value: &str) -> String {
    let value = value.trim();
    match value.char_indices().nth(60) {
        Some((at, _)) => format!("{}…", &value[..at]),
        None => value.to_owned(),
    }
    .chars()
    .filter(|c| !c.is_control())
    .collect()
}

fn escape(text: &str, attribute: bool, out: &mut String) {
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attribute => out.push_str("&quot;"),
            '\n' | '\r' | '\t' if attribute => out.push(' '),
            c => out.push(c),
        }
    }
}

#[cfg(test)]
#[path = "svg_tests.rs"]
mod tests;
