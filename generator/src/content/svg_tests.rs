use super::*;

fn refused(svg: &str) -> SvgProblem {
    sanitise(svg.as_bytes()).expect_err(svg)
}

const OPEN: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">"#;

#[test]
fn a_clean_logo_keeps_its_shapes_text_and_gradients() {
    let logo = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../content/media/logo.svg")).unwrap();
    let clean = sanitise(&logo).unwrap();
    assert!(clean.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 290 64""#), "{clean}");
    assert_eq!(clean.matches("<path ").count(), 9, "{clean}");
    assert!(clean.contains(r#"<title id="t">Palm Crest Real Estate</title>"#), "{clean}");
    assert!(clean.contains(r#"font-family="Georgia, 'Times New Roman', serif""#), "{clean}");
    assert!(clean.contains(">PALM CREST</text>") && clean.contains(r#"aria-labelledby="t""#), "{clean}");
    assert!(!clean.contains("<!--"), "comments are left out: {clean}");
    // What it writes, it takes again unchanged.
    assert_eq!(sanitise(clean.as_bytes()).unwrap(), clean);

    let gradient = format!(
        r##"<?xml version="1.0"?><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">{OPEN}<defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient></defs><style>.a{{fill:url(#g)}}</style><metadata><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></metadata><use xlink:href="#r" data-name="x"/><rect id="r" class="a" style="fill: url('#g')" width="5" height="5"/><text>A &amp; B &lt;3</text></svg>"##
    );
    let clean = sanitise(gradient.as_bytes()).unwrap();
    assert!(clean.contains(r##"<use href="#r"/>"##), "{clean}");
    assert!(clean.contains("<style>.a{fill:url(#g)}</style>"), "{clean}");
    assert!(clean.contains("<text>A &amp; B &lt;3</text>"), "{clean}");
    assert!(
        !clean.contains("metadata") && !clean.contains("DOCTYPE") && !clean.contains("data-name"),
        "{clean}"
    );
}

#[test]
fn script_events_html_links_and_outside_references_are_refused_at_their_line() {
    let cases: &[(&str, &str)] = &[
        ("<script>alert(1)</script>", "a script (`<script>`)"),
        (r#"<script xlink:href="/media/x.js"/>"#, "a script"),
        (r#"<rect onload="alert(1)" width="1"/>"#, "an event attribute (`onload`)"),
        (r#"<g ONCLICK="alert(1)"/>"#, "an event attribute (`ONCLICK`)"),
        ("<foreignObject><p>hi</p></foreignObject>", "embedded HTML (`<foreignObject>`)"),
        (r#"<h:script xmlns:h="http://www.w3.org/1999/xhtml">alert(1)</h:script>"#, "a script"),
        (r#"<h:iframe xmlns:h="http://www.w3.org/1999/xhtml"/>"#, "content loaded from another"),
        (r#"<h:div xmlns:h="http://www.w3.org/1999/xhtml"/>"#, "an HTML element (`<div>`)"),
        (r#"<a href="javascript:alert(1)"><rect/></a>"#, "a link (`<a>`)"),
        (r#"<image href="https://evil.example/x.png"/>"#, "a picture loaded from another file"),
        (r#"<use xlink:href="https://evil.example/sprite.svg#a"/>"#, "refers to another file or address"),
        (r#"<use href="/media/other.svg#a"/>"#, "refers to another file or address"),
        (r#"<set attributeName="href" to="javascript:alert(1)"/>"#, "an animation"),
        (r#"<rect fill="url(https://evil.example/track)"/>"#, "refers to another file or address"),
        (r#"<rect style="fill:url( 'http://x/a' )"/>"#, "refers to another file or address"),
        (r#"<rect fill="u\72l(http://x)"/>"#, "an escape"),
        ("<style>@import url(#a);</style>", "an at-rule"),
        ("<style>rect{fill:url(http://x/y)}</style>", "refers to another file or address"),
    ];
    for (inner, expected) in cases {
        let svg = format!("{OPEN}\n\n{inner}</svg>");
        let problem = refused(&svg);
        assert!(problem.message.contains(expected), "{inner}: {problem:?}");
        assert_eq!(problem.line, 3, "{inner}: {problem:?}");
    }
}

#[test]
fn what_is_not_an_svg_or_too_much_is_refused() {
    assert!(
        refused("<html><script>alert(1)</script></html>").message.contains("its first element is `<html>`")
    );
    assert!(refused(r#"<svg><rect/></svg>"#).message.contains("not an SVG drawing"), "no namespace");
    assert!(refused("alert(1)").message.starts_with("not a valid SVG file"));
    assert!(refused("\u{FEFF}<svg").message.starts_with("not a valid SVG file"));
    let bomb = format!(
        "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n<!ENTITY a \"aaaaaaaaaa\">\n<!ENTITY b \"&a;&a;&a;&a;\">]>{OPEN}<text>&b;</text></svg>"
    );
    let problem = refused(&bomb);
    assert!(problem.message.contains("declares entities"), "{problem:?}");
    assert_eq!(problem.line, 3);
    let big = format!("{OPEN}{}</svg>", "<rect/>".repeat(MAX_BYTES / 7 + 1));
    assert!(refused(&big).message.contains("over the limit"));
    let deep = format!("{OPEN}{}{}</svg>", "<g>".repeat(MAX_DEPTH + 1), "</g>".repeat(MAX_DEPTH + 1));
    assert!(refused(&deep).message.contains("nested more than 64 deep"));
    let many = format!("{OPEN}{}</svg>", "<g/>".repeat(60_000));
    assert!(refused(&many).message.starts_with("not a valid SVG file"));
    assert!(sanitise(&[0xFF, 0xFE, 0x3C, 0]).is_err());
}
