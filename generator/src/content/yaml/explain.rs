//! The parser's syntax errors in an editor's words, at the line where the problem is: the
//! parser notices a tab, a wrong indentation, an unclosed quote or bracket only where it stops
//! making sense of the text, often a line or more later ("3:1 did not find expected <document
//! start>"). Each rule here looks back from there for the mistake an editor makes; what no rule
//! explains is still said without the parser's words, which go to the hint.

use serde_saphyr::granit_parser::ErrorKind;

use super::{Pos, SyntaxError};

/// The error for the parser's complaint (`kind`, worded `info`) at `at` (a line and column of
/// `text`, 1-based, before `line_offset` is added).
pub(super) fn explain(text: &str, kind: &ErrorKind, info: &str, at: Pos, line_offset: u32) -> SyntaxError {
    let lines: Vec<&str> = text.lines().collect();
    let mut err = reason(&lines, kind, info, at, line_offset);
    // The field of the line, named as the field errors name theirs (`price`: ...).
    let line = err.pos.line.saturating_sub(1 + line_offset) as usize;
    if let Some(field) = lines.get(line).and_then(|l| field_of(l))
        && !err.message.starts_with('`')
    {
        err.message = format!("`{field}`: {}", err.message);
    }
    err
}

/// The field a line of YAML gives (`price` of `price: 5` and of `  - price: 5`), if any.
fn field_of(line: &str) -> Option<&str> {
    let text = line.trim_start_matches([' ', '\t']);
    let text = text.strip_prefix("- ").unwrap_or(text).trim_start();
    let (key, _) = text.split_once(':')?;
    let plain = |c: char| c.is_alphanumeric() || c == '_' || c == '-';
    (!key.is_empty() && key.chars().all(plain)).then_some(key)
}

/// [`explain`]'s error, before the field is named.
fn reason(lines: &[&str], kind: &ErrorKind, info: &str, at: Pos, line_offset: u32) -> SyntaxError {
    // The parser's stop as 0-based line and column (in characters), within the text.
    let stop_line = (at.line as usize).saturating_sub(1).min(lines.len().saturating_sub(1));
    let stop = (stop_line, (at.col as usize).saturating_sub(1));
    let place =
        |(line, col): (usize, usize)| Pos { line: line as u32 + 1 + line_offset, col: col as u32 + 1 };
    let error = |at: (usize, usize), message: String| SyntaxError::new(place(at), message);
    if let Some(tab) = tab_in_indentation(lines, stop_line) {
        return error(
            tab,
            "a tab indents this line: YAML allows only spaces for indentation; indent with spaces".into(),
        );
    }
    let scanned = scan(lines, stop);
    let line_at = |i: usize| lines.get(i).copied().unwrap_or("");
    match kind {
        ErrorKind::UnclosedQuotedScalar
        | ErrorKind::DocumentIndicatorInQuotedScalar
        | ErrorKind::InvalidQuotedScalarIndent => {
            if let Some(quote) = scanned.quote.or_else(|| last_unclosed_quote(lines, stop_line)) {
                return unclosed_quote(place((quote.line, quote.col)), quote.ch);
            }
        }
        ErrorKind::InvalidTrailingSingleQuotedScalar | ErrorKind::InvalidTrailingDoubleQuotedScalar => {
            // A quote opened on an earlier line ends on this one.
            if let Some((quote, closed_on)) = scanned.closed_quote
                && closed_on > quote.line
            {
                return unclosed_quote(place((quote.line, quote.col)), quote.ch);
            }
            let apostrophe = matches!(kind, ErrorKind::InvalidTrailingSingleQuotedScalar);
            let hint = if apostrophe {
                "inside '…' write an apostrophe twice (`it''s`), or quote the value with \"…\" instead"
            } else {
                "put the whole value inside the quotes, or leave the quotes out"
            };
            return error(stop, "the value goes on after its closing quote".into()).with_hint(hint);
        }
        ErrorKind::MisplacedFlowCollectionEnd => {
            let bracket = line_at(stop.0).chars().nth(stop.1).unwrap_or(']');
            return error(stop, format!("this `{bracket}` closes nothing: remove it"));
        }
        ErrorKind::MismatchedFlowCollectionEnd { open, close } => {
            let (expected, _) = bracket_words(*open);
            return error(
                stop,
                format!("this `{close}` closes the `{open}` before it, which ends with `{expected}`"),
            );
        }
        _ => {}
    }
    if let Some(open) = scanned.brackets.last() {
        let (close, what) = bracket_words(open.ch);
        let hint = if open.ch == '{' {
            "write them on one line, `{ lat: 25.2, lng: 55.3 }`, or one `name: value` per line under the field"
        } else {
            "write the list on one line, `[a, b]`, or one `- item` per line under the field"
        };
        return error(
            (open.line, open.col),
            format!("the {what} opened with `{}` here is never closed: end it with `{close}`", open.ch),
        )
        .with_hint(hint);
    }
    match kind {
        ErrorKind::UnknownAnchor => {
            return error(
                stop,
                "a value starting with `*` names an anchor (`&name`) this file does not have".into(),
            )
            .with_hint("if the `*` is part of the text, put the value in quotes: \"*…\"");
        }
        ErrorKind::UnexpectedCharacter { character } => {
            return error(stop, format!("a value cannot start with `{character}` in YAML"))
                .with_hint(format!("put the value in quotes: \"{character}…\""));
        }
        ErrorKind::UnknownQuotedScalarEscape
        | ErrorKind::InvalidQuotedScalarHexEscape
        | ErrorKind::InvalidUnicodeEscape => {
            return error(
                stop,
                "a backslash inside \"…\" starts an escape such as `\\n`, and this one is not one".into(),
            )
            .with_hint("write `\\\\` for a backslash, or quote the value with '…' instead");
        }
        ErrorKind::BomInsideDocument => {
            return error(
                stop,
                "an invisible byte order mark (BOM) is in the middle of the file: delete it".into(),
            );
        }
        ErrorKind::MappingValueNotAllowed => {
            if let Some(colon) = colon_in_value(line_at(stop.0), stop.1) {
                let (key, value) = colon;
                let quote = if value.contains('"') { '\'' } else { '"' };
                return error(stop, "a `: ` inside the value starts another field in YAML".into())
                    .with_hint(format!("put the value in quotes: `{key}: {quote}{value}{quote}`"));
            }
        }
        ErrorKind::SimpleKeyExpected => {
            let line = line_at(stop.0);
            let start = indent(line);
            let content = line.trim();
            let hint = match content.split_once(':') {
                Some((key, value)) if !key.is_empty() && !value.starts_with(' ') => {
                    format!("write a space after the colon: `{key}: {value}`")
                }
                _ => "write the field's name, a colon and a space, then its value: `name: value`".into(),
            };
            return error((stop.0, start), format!("`{content}` is not a `name: value` line"))
                .with_hint(hint);
        }
        _ => {}
    }
    if is_indentation(kind) {
        return error(
            misindented(lines, stop_line),
            "this line is indented differently from the lines around it: the fields of one block start in the same column".into(),
        );
    }
    error(stop, "YAML cannot read the text here".into()).with_hint(format!(
        "check this line's quotes, brackets and indentation (the YAML reader says: {info})"
    ))
}

/// Parser complaints that mean a line is not where its block is.
fn is_indentation(kind: &ErrorKind) -> bool {
    matches!(
        kind,
        ErrorKind::MappingValueNotAllowed
            | ErrorKind::ExpectedBlockMappingKey
            | ErrorKind::ExpectedBlockSequenceEntry
            | ErrorKind::ExpectedDocumentStart
            | ErrorKind::InvalidIndentation
            | ErrorKind::InvalidBlockScalarIndent
            | ErrorKind::InvalidFlowScalarIndent
            | ErrorKind::ExpectedNodeContent
            | ErrorKind::BlockSequenceEntryNotAllowed
            | ErrorKind::UnexpectedEofBlockMapping
            | ErrorKind::UnexpectedEofBlockSequence
    )
}

fn unclosed_quote(pos: Pos, quote: char) -> SyntaxError {
    SyntaxError::new(pos, format!("the quote `{quote}` opened here is never closed"))
        .with_hint(format!("end the value with `{quote}` on the same line"))
}

/// The closing bracket of `open`, and what it holds.
fn bracket_words(open: char) -> (char, &'static str) {
    if open == '{' { ('}', "group of fields") } else { (']', "list") }
}

/// The number of spaces before a line's text.
fn indent(line: &str) -> usize {
    line.chars().take_while(|c| *c == ' ').count()
}

/// The first tab in the indentation of a line up to the one after `stop_line` (a tab that
/// starts a line ends the value on the line before, where the parser may stop).
fn tab_in_indentation(lines: &[&str], stop_line: usize) -> Option<(usize, usize)> {
    lines.iter().take(stop_line + 2).enumerate().find_map(|(i, line)| {
        let lead: Vec<char> = line.chars().take_while(|c| matches!(c, ' ' | '\t')).collect();
        lead.iter().position(|c| *c == '\t').map(|col| (i, col))
    })
}

/// A quote, bracket or brace in the text: 0-based line and column (characters), and which.
#[derive(Clone, Copy, Debug)]
struct Mark {
    line: usize,
    col: usize,
    ch: char,
}

/// What is open where the parser stopped.
#[derive(Default, Debug)]
struct Scanned {
    /// Flow brackets (`[`, `{`) opened and not closed, outermost first.
    brackets: Vec<Mark>,
    /// A quoted value opened and not closed.
    quote: Option<Mark>,
    /// The last quoted value closed, and the line it closed on.
    closed_quote: Option<(Mark, usize)>,
}

/// Reads `lines` up to `stop` (the character there included) as YAML's quotes, brackets and comments go (block texts after
/// `|` or `>` skipped), to find what is still open there.
fn scan(lines: &[&str], stop: (usize, usize)) -> Scanned {
    let mut s = Scanned::default();
    // A block text's key indentation: lines indented deeper (or empty) are its text.
    let mut block: Option<usize> = None;
    'lines: for (i, line) in lines.iter().enumerate().take(stop.0 + 1) {
        if let Some(key_indent) = block {
            if line.trim().is_empty() || indent(line) > key_indent {
                continue;
            }
            block = None;
        }
        let chars: Vec<char> = line.chars().collect();
        let mut value_start = true;
        let mut prev = ' ';
        let mut j = 0;
        while j < chars.len() {
            if (i, j) > stop {
                break 'lines;
            }
            let c = chars[j];
            let next = chars.get(j + 1).copied();
            if let Some(q) = s.quote {
                if q.ch == '"' && c == '\\' {
                    j += 2;
                    continue;
                }
                if c == q.ch {
                    if q.ch == '\'' && next == Some('\'') {
                        j += 2;
                        continue;
                    }
                    s.closed_quote = Some((q, i));
                    s.quote = None;
                    value_start = false;
                }
                prev = c;
                j += 1;
                continue;
            }
            let in_flow = !s.brackets.is_empty();
            let separated = next.is_none_or(|n| n == ' ' || (in_flow && matches!(n, ',' | ']' | '}')));
            match c {
                '#' if prev == ' ' || prev == '\t' => continue 'lines,
                '"' | '\'' if value_start => s.quote = Some(Mark { line: i, col: j, ch: c }),
                '[' | '{' if value_start => s.brackets.push(Mark { line: i, col: j, ch: c }),
                ']' | '}' if in_flow => {
                    s.brackets.pop();
                    value_start = false;
                }
                ',' if in_flow => value_start = true,
                ':' | '-' | '?' if separated => {
                    value_start = true;
                    let rest: String = chars[j + 1..].iter().collect();
                    if !in_flow && is_block_text_header(&rest) {
                        block = Some(indent(line));
                        continue 'lines;
                    }
                }
                ' ' | '\t' => {}
                _ => value_start = false,
            }
            prev = c;
            j += 1;
        }
    }
    s
}

/// Whether `rest` (what follows `key:` or `-`) starts a block text: `|` or `>`, its
/// indicators, and nothing but a comment after them.
fn is_block_text_header(rest: &str) -> bool {
    let rest = rest.trim_start();
    let Some(after) = rest.strip_prefix(['|', '>']) else { return false };
    let after = after.trim_start_matches(|c: char| c == '-' || c == '+' || c.is_ascii_digit());
    let after = after.trim_start();
    after.is_empty() || after.starts_with('#')
}

/// The last line up to `stop_line` with a quote opened at its value and not closed on it.
fn last_unclosed_quote(lines: &[&str], stop_line: usize) -> Option<Mark> {
    lines.iter().take(stop_line + 1).enumerate().rev().find_map(|(i, line)| {
        let value = line.split_once(": ").map_or(line.trim_start(), |(_, v)| v.trim_start());
        let quote = value.chars().next().filter(|c| matches!(c, '"' | '\''))?;
        let closed = value.chars().count() > 1 && value.trim_end().ends_with(quote);
        let col = line.chars().count() - value.chars().count();
        (!closed).then_some(Mark { line: i, col, ch: quote })
    })
}

/// `key` and `value` of `line` when the parser's complaint at column `col` is a `: ` inside a
/// plain value (`title: Studio: sea view`), not the line's own `key: `.
fn colon_in_value(line: &str, col: usize) -> Option<(&str, &str)> {
    let text = line.trim_start();
    let (dash, text) = text.strip_prefix("- ").map_or((0, text), |rest| (2, rest));
    let (key, value) = text.split_once(": ")?;
    let key_colon = indent(line) + dash + key.chars().count();
    if col <= key_colon || value.starts_with(['"', '\'', '[', '{']) {
        return None;
    }
    Some((key, value.trim_end()))
}

/// A line that says something: not empty, not only a comment.
fn significant(line: &str) -> bool {
    let text = line.trim();
    !text.is_empty() && !text.starts_with('#')
}

/// Whether `line` opens a block that the next line, indented by `next_indent`, belongs to:
/// `key:` with nothing after it (or a block text's `|`), or a list item whose value continues.
fn opens_block(line: &str, next_indent: usize) -> bool {
    let text = line.split(" #").next().unwrap_or(line).trim_end();
    let item = text.trim_start().starts_with("- ") || text.trim_start() == "-";
    text.ends_with(':')
        || text.rsplit_once(": ").is_some_and(|(_, v)| is_block_text_header(v))
        || (item && next_indent == indent(line) + 2)
}

/// The line that is indented out of step, near `stop_line` where the parser stopped: that line
/// when it goes deeper than the line before without a block to go into; otherwise the line of
/// its block whose indentation differs from that of most of the block's lines (the parser's
/// line when two indentations are as common). Its 0-based line and the column of its text.
fn misindented(lines: &[&str], stop_line: usize) -> (usize, usize) {
    let Some(e) = (0..=stop_line.min(lines.len().saturating_sub(1))).rev().find(|i| significant(lines[*i]))
    else {
        return (stop_line, 0);
    };
    let at = |i: usize| (i, indent(lines[i]));
    let previous = (0..e).rev().find(|i| significant(lines[*i]));
    if let Some(p) = previous
        && indent(lines[e]) > indent(lines[p])
        && !opens_block(lines[p], indent(lines[e]))
    {
        return at(e);
    }
    // The block: the lines after the nearest line above that is indented less than all below it.
    let mut low = indent(lines[e]);
    let mut parent = None;
    for i in (0..e).rev().filter(|i| significant(lines[*i])) {
        if indent(lines[i]) < low {
            parent = Some(i);
            break;
        }
        low = low.min(indent(lines[i]));
    }
    let floor = parent.map(|p| indent(lines[p]));
    let block: Vec<usize> = (parent.map_or(0, |p| p + 1)..lines.len())
        .filter(|i| significant(lines[*i]))
        .take_while(|i| floor.is_none_or(|f| indent(lines[*i]) > f))
        .collect();
    let Some(first) = block.first() else { return at(e) };
    let ceiling = indent(lines[*first]).max(indent(lines[e]));
    let siblings: Vec<usize> = block.into_iter().filter(|i| indent(lines[*i]) <= ceiling).collect();
    let count = |n: usize| siblings.iter().filter(|i| indent(lines[**i]) == n).count();
    let here = indent(lines[e]);
    let most = siblings.iter().map(|i| indent(lines[*i])).max_by_key(|n| (count(*n), *n != here));
    match most {
        Some(most) if most == here => {
            siblings.iter().find(|i| indent(lines[**i]) != most).map_or(at(e), |i| at(*i))
        }
        _ => at(e),
    }
}

#[cfg(test)]
mod tests {
    use super::super::parse;

    /// File text, then the expected `line:col` and a part of the message.
    const CASES: &[(&str, (u32, u32), &str)] = &[
        ("title: A\n\tprice: 5\nx: 1\n", (2, 1), "a tab indents this line"),
        ("title: A\nprice:\n\t- 5\nx: 1\n", (3, 1), "a tab indents this line"),
        ("title: A\n  \tprice: 5\n", (2, 3), "a tab indents this line"),
        ("title: A\n  price: 5\nx: 1\n", (2, 3), "indented differently"),
        ("title: A\n price: 5\nx: 1\n", (2, 2), "indented differently"),
        (" title: A\nprice: 5\nx: 1\n", (1, 2), "indented differently"),
        ("a:\n  b: 1\n c: 2\nx: 1\n", (3, 2), "indented differently"),
        ("ar:\n   title: a\n  location: b\n  text: c\nru: x\n", (2, 4), "indented differently"),
        ("images:\n  - a\n - b\n", (3, 2), "indented differently"),
        ("a:\n  b: c\nd: e\n  f: g\n", (4, 3), "indented differently"),
        ("title: A\nlocation: 'Dubai\nprice: 5\n", (2, 11), "the quote `'` opened here is never closed"),
        ("title: A\nlocation: \"Dubai\n", (2, 11), "the quote `\"` opened here is never closed"),
        ("title: A\nlocation: \"Dubai\nprice: 5\nagent: b\n", (2, 11), "opened here is never closed"),
        ("title: A\nlocation: \"Dubai\nprice: 5\nagent: \"b\"\n", (2, 11), "opened here is never closed"),
        ("a: [\"Gym, Pool]\nb: 1\n", (1, 5), "the quote `\"` opened here is never closed"),
        ("a: [Gym, Pool\nb: { x: 1 }\n", (1, 4), "the list opened with `[` here is never closed"),
        ("a: [Gym, Pool\n", (1, 4), "the list opened with `[` here is never closed"),
        ("a: { x: 1, y: 2\nb: [c]\n", (1, 4), "the group of fields opened with `{` here is never closed"),
        ("a: [x, y]]\n", (1, 10), "this `]` closes nothing"),
        ("a: \"x\" y\n", (1, 8), "the value goes on after its closing quote"),
        ("a: 'it's'\n", (1, 8), "the value goes on after its closing quote"),
        ("title: Studio: sea view\nx: 1\n", (1, 14), "`title`: a `: ` inside the value starts another field"),
        ("items:\n  - title: Studio: x\n", (2, 18), "`title`: a `: ` inside the value starts another field"),
        ("title: A\nprice:5\nx: 1\n", (2, 1), "`price:5` is not a `name: value` line"),
        ("title: A\nprice 5\n", (2, 1), "`price 5` is not a `name: value` line"),
        ("a: *x\n", (1, 4), "names an anchor"),
        ("a: @x\n", (1, 4), "cannot start with `@`"),
        ("a: \"x\\q\"\n", (1, 4), "a backslash inside"),
        // A block text's quotes and brackets are text.
        ("d: |\n  \"He said [\n  more\nx: [1\n", (4, 4), "the list opened with `[`"),
    ];

    #[test]
    fn syntax_errors_are_placed_where_the_problem_is_in_plain_words() {
        for (text, (line, col), said) in CASES {
            let err = parse(text, 0).expect_err(text);
            assert_eq!((err.pos.line, err.pos.col), (*line, *col), "{text:?}: {}", err.message);
            assert!(err.message.contains(said), "{text:?}: {}", err.message);
            for jargon in ["scalar", "indicator", "simple key", "mapping", "<", "flow", "invalid YAML"] {
                assert!(!err.message.contains(jargon), "{text:?}: {}", err.message);
            }
        }
        // In front matter, lines count from the file's start.
        let err = parse("title: A\n\tprice: 5\n", 1).expect_err("a tab");
        assert_eq!(err.pos.line, 3);
    }

    #[test]
    fn a_colon_in_a_value_gets_the_value_quoted_in_the_hint() {
        let err = parse("title: Studio: sea view\n", 0).expect_err("a colon");
        assert_eq!(err.hint.as_deref(), Some("put the value in quotes: `title: \"Studio: sea view\"`"));
    }
}
