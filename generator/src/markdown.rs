//! Markdown to safe HTML: pulldown-cmark renders, ammonia removes anything that could run
//! script or break the page (raw HTML in content is allowed only as far as it is harmless).

use std::sync::LazyLock;

use pulldown_cmark::{Options, Parser, html};

static SANITIZER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut builder = ammonia::Builder::default();
    builder.link_rel(Some("noopener noreferrer"));
    builder
});

/// Renders `markdown` to sanitised HTML.
pub fn to_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_SMART_PUNCTUATION;
    let mut raw = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut raw, Parser::new_ext(markdown, options));
    SANITIZER.clean(&raw).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_markdown() {
        assert_eq!(
            to_html("Sea **view**\n\n- pool\n"),
            "<p>Sea <strong>view</strong></p>\n<ul>\n<li>pool</li>\n</ul>\n"
        );
    }

    #[test]
    fn removes_script_and_event_handlers() {
        let html =
            to_html("Hi <script>alert(1)</script><img src=x onerror=alert(1)> [a](javascript:alert(1))");
        assert!(!html.contains("script"), "{html}");
        assert!(!html.contains("onerror"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
    }
}
