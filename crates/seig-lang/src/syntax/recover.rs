//! Recovery: every syntax error of a file in one pass. When the whole file does not parse,
//! it is cut, with the lexical layer's tokens, at item boundaries (a line that starts outside
//! braces, but for a rule's `cites` lines and `{`) and each item is
//! parsed alone; a rule that does not parse is cut again at statement boundaries (a line,
//! with the lines its braces hold and those that continue a list or a condition) and each
//! statement is parsed alone. Each piece that fails gives one error, at its own place, and
//! nothing after it is judged by what it would have declared.

use super::errors::{Piece, humanise};
use super::lex::{Kind, Token};
use super::parse::{Rule, SeigParser};
use crate::diag::{Code, Diagnostic, Span, line_col};
use pest::Parser;

/// The words that start a top-level item.
const ITEM_STARTS: &[&str] = &["game", "source", "param", "reading", "set", "rule"];

/// The syntax errors of `text` (which does not parse as a whole), in text order.
pub fn errors(text: &str, tokens: &[Token]) -> Vec<Diagnostic> {
    let code: Vec<Token> = tokens
        .iter()
        .copied()
        .filter(|t| t.kind != Kind::Comment)
        .collect();
    let mut out = Vec::new();
    for range in items(text, &code) {
        if let Some(toks) = code.get(range) {
            item(text, toks, &mut out);
        }
    }
    out
}

/// Does token `i` start its line (only white space before it on the line)?
fn starts_line(text: &str, toks: &[Token], i: usize) -> bool {
    let Some(t) = toks.get(i) else { return false };
    match i.checked_sub(1).and_then(|p| toks.get(p)) {
        None => true,
        Some(prev) => text
            .get(prev.span.end..t.span.start)
            .is_some_and(|gap| gap.contains('\n')),
    }
}

fn column(text: &str, t: &Token) -> usize {
    let line_start = text[..t.span.start].rfind('\n').map_or(0, |n| n + 1);
    t.span.start - line_start
}

/// The token ranges of the items: each starts at a line's first word that starts an item,
/// outside braces (or at the left margin, where a `{` above was left open).
fn items(text: &str, toks: &[Token]) -> Vec<std::ops::Range<usize>> {
    let mut starts = Vec::new();
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate() {
        // Outside braces, any line but a rule's `cites` or `{` starts an item (a statement
        // or a misspelt item word there is judged alone); inside braces only an item's word
        // at the left margin does (a `{` above was left open).
        let word = t.text(text);
        let starter = starts_line(text, toks, i)
            && if depth == 0 {
                word != "cites" && !t.is_mark(text, '{') && t.kind != Kind::Str
            } else {
                t.kind == Kind::Word && ITEM_STARTS.contains(&word) && column(text, t) == 0
            };
        if starter {
            depth = 0;
            starts.push(i);
        } else if starts.is_empty() {
            starts.push(i);
        }
        if t.is_mark(text, '{') {
            depth += 1;
        } else if t.is_mark(text, '}') {
            depth = depth.saturating_sub(1);
        }
    }
    ranges(&starts, toks.len())
}

fn ranges(starts: &[usize], len: usize) -> Vec<std::ops::Range<usize>> {
    starts
        .iter()
        .enumerate()
        .map(|(k, &s)| s..starts.get(k + 1).copied().unwrap_or(len))
        .collect()
}

/// The bytes that `toks` (not empty) cover, with the white space and comments after them
/// up to the next token of code (so that a piece fails where the whole file would: at the
/// next token).
fn piece(text: &str, toks: &[Token], entry: Rule) -> Option<Piece> {
    let last = toks.last()?;
    let rest = &text[last.span.end..];
    let mut end = last.span.end;
    let mut tail = rest;
    loop {
        let trimmed = tail.trim_start();
        end += tail.len() - trimmed.len();
        // Comments are tokens of the lexical layer; between pieces only they and white
        // space stand, so a `#` here always starts one.
        if trimmed.starts_with('#') {
            let line = trimmed.find('\n').unwrap_or(trimmed.len());
            end += line;
            tail = &trimmed[line..];
        } else {
            break;
        }
    }
    Some(Piece {
        start: toks.first()?.span.start,
        end,
        entry,
    })
}

/// Parses one piece alone; on success, gives the errors of its word boundaries (a glued
/// word is an error of its own, not a parse failure).
fn parse_piece(
    text: &str,
    toks: &[Token],
    p: Piece,
) -> Result<Vec<Diagnostic>, pest::error::Error<Rule>> {
    let pairs = SeigParser::parse(p.entry, &text[p.start..p.end])?;
    Ok(pairs
        .into_iter()
        .next()
        .and_then(|top| super::words::check_at(text, &top, toks, p.start).err())
        .unwrap_or_default())
}

/// Parses item `toks` alone and, where it fails, reports its errors.
fn item(text: &str, toks: &[Token], out: &mut Vec<Diagnostic>) {
    let Some(p) = piece(text, toks, Rule::item_alone) else {
        return;
    };
    let e = match parse_piece(text, toks, p) {
        Ok(glued) => {
            out.extend(glued);
            return;
        }
        Err(e) => e,
    };
    let is_rule = toks.first().is_some_and(|t| t.text(text) == "rule");
    let open = toks.iter().position(|t| t.is_mark(text, '{'));
    let (Some(open), Some(open_tok), true) = (open, open.and_then(|o| toks.get(o)), is_rule) else {
        out.push(humanise(text, p, e));
        return;
    };
    // The head `rule ID STATUS cites …` must parse with an empty body.
    let head = format!("{}}}", &text[p.start..open_tok.span.end]);
    if SeigParser::parse(Rule::item_alone, &head).is_err() {
        out.push(humanise(text, p, e));
        return;
    }
    let close = matching(text, toks, open);
    let body = toks
        .get(open + 1..close.unwrap_or(toks.len()))
        .unwrap_or_default();
    let before = out.len();
    statements(text, body, out);
    let found = out.len() > before;
    match close {
        None if found => out.push(unclosed(text, open_tok.span, p.end)),
        Some(c) if c + 1 < toks.len() => {
            let rest = toks.get(c + 1..).unwrap_or_default();
            if let Some(rp) = piece(text, rest, Rule::item_alone)
                && let Err(e) = SeigParser::parse(Rule::item_alone, &text[rp.start..rp.end])
            {
                out.push(humanise(text, rp, e));
            }
        }
        _ if !found => out.push(humanise(text, p, e)),
        _ => {}
    }
}

/// A `{` whose block is never closed (when errors inside it were reported already).
fn unclosed(text: &str, open: Span, end: usize) -> Diagnostic {
    let line = line_col(text, open.start).0;
    Diagnostic::error(
        Code::Syntax,
        open,
        format!("syntax error: the `{{` on line {line} is never closed"),
        "this `{` is not closed",
    )
    .with_help(if end >= text.trim_end().len() {
        "add `}` where its block ends".to_string()
    } else {
        format!(
            "add `}}` before line {}, where the next item starts",
            line_col(text, end).0
        )
    })
}

/// The index of the `}` that closes the `{` at `open`.
fn matching(text: &str, toks: &[Token], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate().skip(open) {
        if t.is_mark(text, '{') {
            depth += 1;
        } else if t.is_mark(text, '}') {
            depth = depth.saturating_sub(1);
            if depth == 0 {
                return Some(i);
            }
        }
    }
    None
}

/// Does the statement go on after token `t` at a line's end (a list, a condition, an
/// `else`), or does the line starting with `next` continue it?
fn continues(text: &str, t: &Token, next: &Token) -> bool {
    let (a, b) = (t.text(text), next.text(text));
    matches!(a, "," | ":" | "and" | "or" | "=" | "if" | "when")
        || matches!(b, "," | ":" | "and" | "or" | "else" | "{")
}

/// Parses each statement of a block's tokens alone and reports the errors.
fn statements(text: &str, toks: &[Token], out: &mut Vec<Diagnostic>) {
    let mut starts = Vec::new();
    let mut depth = 0usize;
    for (i, t) in toks.iter().enumerate() {
        let new_line = starts_line(text, toks, i);
        let prev = i.checked_sub(1).and_then(|p| toks.get(p));
        let continued = prev.is_some_and(|p| continues(text, p, t));
        if starts.is_empty() || (new_line && depth == 0 && !continued) {
            starts.push(i);
        }
        if t.is_mark(text, '{') {
            depth += 1;
        } else if t.is_mark(text, '}') {
            depth = depth.saturating_sub(1);
        }
    }
    for range in ranges(&starts, toks.len()) {
        let Some(stmt) = toks.get(range) else {
            continue;
        };
        statement(text, stmt, out);
    }
}

/// Parses one statement alone; an `if` that fails is judged by its blocks' statements.
fn statement(text: &str, toks: &[Token], out: &mut Vec<Diagnostic>) {
    let Some(p) = piece(text, toks, Rule::stmt_alone) else {
        return;
    };
    let e = match parse_piece(text, toks, p) {
        Ok(glued) => {
            out.extend(glued);
            return;
        }
        Err(e) => e,
    };
    let before = out.len();
    if toks.first().is_some_and(|t| t.text(text) == "if") {
        let mut from = 0;
        while let Some(open) = toks
            .iter()
            .skip(from)
            .position(|t| t.is_mark(text, '{'))
            .map(|k| k + from)
        {
            let close = matching(text, toks, open).unwrap_or(toks.len());
            statements(text, toks.get(open + 1..close).unwrap_or_default(), out);
            from = close + 1;
        }
    }
    if out.len() == before {
        out.push(humanise(text, p, e));
    }
}
