//! The parser's syntax errors in an editor's words, at the line where the problem is: the
//! parser notices a tab, a wrong indentation or an unclosed quote only where it stops making
//! sense of the text, often a line later ("3:1 did not find expected <document start>").

use super::{Pos, SyntaxError};

/// The error for the parser's complaint `info` at `at` (a line and column of `text`, 1-based,
/// before `line_offset` is added).
pub(super) fn explain(text: &str, info: &str, at: Pos, line_offset: u32) -> SyntaxError {
    let lines: Vec<&str> = text.lines().collect();
    let upto = (at.line as usize).min(lines.len());
    let place = |index: usize, col: usize| Pos { line: index as u32 + 1 + line_offset, col: col as u32 + 1 };
    // A tab in a line's indentation, up to the line after where the parser stopped (a tab
    // that starts a line ends the value on the line before).
    let tab = lines[..(upto + 1).min(lines.len())].iter().enumerate().find_map(|(i, line)| {
        let indent = line.len() - line.trim_start_matches([' ', '\t']).len();
        line[..indent].find('\t').map(|col| (i, col))
    });
    if let Some((i, col)) = tab {
        return SyntaxError {
            pos: place(i, col),
            message:
                "a tab indents this line: tabs are not allowed for indentation in YAML; indent with spaces"
                    .into(),
        };
    }
    if info.contains("quoted scalar") {
        // The last line up to the stop with a quote opened and not closed on it.
        let opened = lines[..upto].iter().enumerate().rev().find_map(|(i, line)| {
            let value = line.split_once(": ").map_or(line.trim_start(), |(_, v)| v.trim_start());
            let quote = value.chars().next().filter(|c| matches!(c, '"' | '\''))?;
            let closed = value.len() > 1 && value.trim_end().ends_with(quote);
            (!closed).then(|| (i, line.len() - value.len()))
        });
        if let Some((i, col)) = opened {
            return SyntaxError {
                pos: place(i, col),
                message:
                    "a quote opened here is never closed: end the value with the same quote mark on this line"
                        .into(),
            };
        }
    }
    if info.contains("mapping values are not allowed")
        || info.contains("did not find expected")
        || info.contains("indentation")
    {
        // The parser stops at the line after a wrongly indented one, or on it.
        let mut i = (at.line as usize).saturating_sub(1).min(lines.len().saturating_sub(1));
        if at.col == 1 || lines.get(i).is_none_or(|l| l.trim().is_empty()) {
            while i > 0 && lines.get(i).is_none_or(|l| l.trim().is_empty() || !l.starts_with(' ')) {
                i -= 1;
                if lines[i].starts_with(' ') {
                    break;
                }
            }
        }
        let line = lines.get(i).copied().unwrap_or("");
        let indent = line.len() - line.trim_start().len();
        return SyntaxError {
            pos: place(i, indent),
            message: "this line is indented differently from the lines around it: fields of one block start in the same column".into(),
        };
    }
    SyntaxError {
        pos: Pos { line: at.line + line_offset, col: at.col },
        message: format!("invalid YAML: {info}"),
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;

    /// File text, then the expected `line:col` and a part of the message.
    const CASES: &[(&str, (u32, u32), &str)] = &[
        ("title: A\n\tprice: 5\nx: 1\n", (2, 1), "tabs are not allowed for indentation in YAML"),
        ("title: A\nprice:\n\t- 5\nx: 1\n", (3, 1), "tabs are not allowed for indentation in YAML"),
        ("title: A\n  \tprice: 5\n", (2, 3), "tabs are not allowed for indentation in YAML"),
        ("title: A\n  price: 5\nx: 1\n", (2, 3), "indented differently"),
        ("title: A\n price: 5\nx: 1\n", (2, 2), "indented differently"),
        ("a:\n  b: 1\n c: 2\nx: 1\n", (3, 2), "indented differently"),
        ("title: A\nlocation: 'Dubai\nprice: 5\n", (2, 11), "a quote opened here is never closed"),
        ("title: A\nlocation: \"Dubai\n", (2, 11), "a quote opened here is never closed"),
        ("title: A\nlocation: \"Dubai\nprice: 5\nagent: b\n", (2, 11), "a quote opened here is never closed"),
    ];

    #[test]
    fn syntax_errors_are_placed_where_the_problem_is_in_plain_words() {
        for (text, (line, col), said) in CASES {
            let err = parse(text, 0).expect_err(text);
            assert_eq!((err.pos.line, err.pos.col), (*line, *col), "{text:?}: {}", err.message);
            assert!(err.message.contains(said), "{text:?}: {}", err.message);
        }
        // In front matter, lines count from the file's start.
        let err = parse("title: A\n\tprice: 5\n", 1).expect_err("a tab");
        assert_eq!(err.pos.line, 3);
    }
}
