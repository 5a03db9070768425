//! Word boundaries. pest skips white space between tokens and a literal of the grammar
//! does not end at a word boundary, so `winwhenopponenthasnopieces` would read as
//! `win when opponent has no pieces`. After a parse, every run of identifier characters
//! outside strings and comments must be one token: a name or a number the parser read
//! whole, or exactly one word of the language. The runs are the lexical layer's words
//! (`super::lex`), so strings and comments are told apart as the grammar does.

use super::lex::{Kind, Token};
use super::parse::Rule;
use crate::diag::{Code, Diagnostic, Span};
use crate::keywords;
use pest::iterators::Pair;

/// Longest run for which a split is suggested (longer ones get a plain help line).
const MAX_SPLIT: usize = 200;

/// The words of the language that spell `w` one after the other, where they do: for each
/// position from the end, the split of the rest into words, if any (no recursion, linear
/// in the length times the vocabulary).
fn split(w: &str) -> Option<Vec<&str>> {
    if w.len() > MAX_SPLIT {
        return None;
    }
    let words = keywords::words();
    // next[i]: the length of a word that starts a split of w[i..]; next[len] ends it.
    let mut next: Vec<Option<usize>> = vec![None; w.len() + 1];
    if let Some(last) = next.last_mut() {
        *last = Some(0);
    }
    for i in (0..w.len()).rev() {
        let rest = w.get(i..).unwrap_or_default();
        let found = words
            .iter()
            .rev()
            .find(|k| rest.starts_with(**k) && next.get(i + k.len()).is_some_and(Option::is_some))
            .map(|k| k.len());
        if let Some(slot) = next.get_mut(i) {
            *slot = found;
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < w.len() {
        let n = (*next.get(i)?)?;
        out.push(w.get(i..i + n)?);
        i += n;
    }
    Some(out)
}

/// Refuses every run of identifier characters (a word token of the lexical layer) that the
/// parser read as several tokens.
pub fn check(text: &str, top: &Pair<'_, Rule>, lexed: &[Token]) -> Result<(), Vec<Diagnostic>> {
    check_at(text, top, lexed, 0)
}

/// [`check`] for a parse of the part of `text` that starts at `base` (`top`'s positions are
/// in that part, `lexed`'s in `text`).
pub(crate) fn check_at(
    text: &str,
    top: &Pair<'_, Rule>,
    lexed: &[Token],
    base: usize,
) -> Result<(), Vec<Diagnostic>> {
    let mut tokens = Vec::new();
    for p in top.clone().into_inner().flatten() {
        if matches!(
            p.as_rule(),
            Rule::ident | Rule::rule_id | Rule::int | Rule::number
        ) {
            tokens.push(Span {
                start: base + p.as_span().start(),
                end: base + p.as_span().end(),
            });
        }
    }
    tokens.sort_by_key(|s| s.start);
    let words = keywords::words();
    let mut diags = Vec::new();
    let mut t = 0;
    for run in lexed
        .iter()
        .filter(|w| w.kind == Kind::Word)
        .map(|w| w.span)
    {
        while tokens.get(t).is_some_and(|s| s.end <= run.start) {
            t += 1;
        }
        let overlapping: Vec<&Span> = tokens
            .get(t..)
            .unwrap_or_default()
            .iter()
            .take_while(|s| s.start < run.end)
            .collect();
        let word = text.get(run.start..run.end).unwrap_or_default();
        let whole = match overlapping.as_slice() {
            [] => words.binary_search(&word).is_ok(),
            [s] => s.start <= run.start && run.end <= s.end,
            _ => false,
        };
        if !whole {
            diags.push(glued(word, run));
        }
    }
    if diags.is_empty() { Ok(()) } else { Err(diags) }
}

fn glued(word: &str, span: Span) -> Diagnostic {
    let d = Diagnostic::error(
        Code::Syntax,
        span,
        format!("syntax error: `{word}` runs words together"),
        "words need a space between them",
    );
    match split_last_free(word) {
        Some(parts) => d.with_help(format!("write `{}`", parts.join(" "))),
        None => d.with_help("separate the words of the statement with spaces"),
    }
}

/// Like [`split`], but the last piece may be any name or number (`onx` → `on x`).
fn split_last_free(w: &str) -> Option<Vec<&str>> {
    if let Some(parts) = split(w).filter(|p| p.len() > 1) {
        return Some(parts);
    }
    if w.len() > MAX_SPLIT {
        return None;
    }
    // The longest head of words, then the rest as one name.
    (1..w.len()).rev().find_map(|cut| {
        let (head, tail) = (w.get(..cut)?, w.get(cut..)?);
        let mut parts = split(head)?;
        parts.push(tail);
        Some(parts)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glued_words_are_split_into_the_words_of_the_language() {
        assert_eq!(
            split("winwhenopponenthasnopieces"),
            Some(vec!["win", "when", "opponent", "has", "no", "pieces"])
        );
        assert_eq!(split_last_free("movevalue"), Some(vec!["move", "value"]));
        assert_eq!(split_last_free("onx"), Some(vec!["on", "x"]));
        assert_eq!(split_last_free("zzz"), None);
    }
}
