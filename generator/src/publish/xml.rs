//! Escaping text for XML: the sitemap and the feeds' templates write every value through
//! [`escape`], so a title with `&` or `<` stays text.

use std::borrow::Cow;

/// `text` with `&`, `<`, `>`, `"` and `'` replaced by entities (safe in element text and in
/// attribute values of either quote), and the characters XML 1.0 forbids (control characters
/// other than tab, newline and carriage return) removed.
pub fn escape(text: &str) -> Cow<'_, str> {
    let needs = |c: char| matches!(c, '&' | '<' | '>' | '"' | '\'') || is_forbidden(c);
    if !text.contains(needs) {
        return Cow::Borrowed(text);
    }
    // Sized for markup-heavy text (a feed's HTML), and copied a run at a time between escapes.
    let mut out = String::with_capacity(text.len() + text.len() / 4);
    let mut run = 0;
    for (i, c) in text.char_indices() {
        let replacement = match c {
            '&' => "&amp;",
            '<' => "&lt;",
            '>' => "&gt;",
            '"' => "&quot;",
            '\'' => "&apos;",
            c if is_forbidden(c) => "",
            _ => continue,
        };
        out.push_str(&text[run..i]);
        out.push_str(replacement);
        run = i + c.len_utf8();
    }
    out.push_str(&text[run..]);
    Cow::Owned(out)
}

/// Characters that may not appear in an XML 1.0 document, even as references.
fn is_forbidden(c: char) -> bool {
    (c < ' ' && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{FFFE}' | '\u{FFFF}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_quotes() {
        assert_eq!(
            escape(r#"Villa <Sea> & "Sun" 'n'"#),
            "Villa &lt;Sea&gt; &amp; &quot;Sun&quot; &apos;n&apos;"
        );
        assert_eq!(escape("&amp;"), "&amp;amp;");
    }

    #[test]
    fn leaves_plain_text_alone_and_drops_forbidden_characters() {
        assert!(matches!(escape("Dubai Marina – بالم"), Cow::Borrowed(_)));
        assert_eq!(escape("a\u{0}b\u{1b}c\td\n"), "abc\td\n");
    }
}
