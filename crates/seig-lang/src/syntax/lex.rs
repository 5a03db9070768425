//! The lexical layer: the text as tokens (words, strings, comments, marks), read by the
//! grammar's own `tokens` rule, so that strings, escapes, comments and word characters are
//! defined once, in `grammar/seig.pest`. The parser (its nesting check, comments, spans and
//! recovery), the word-boundary check and the formatter all read the text through this.

use super::parse::{Rule, SeigParser};
use crate::diag::Span;
use pest::Parser;

/// What a token is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A run of identifier characters: a name, a number or a word of the language.
    Word,
    /// A closed string literal, quotes included.
    Str,
    /// A string that is never closed: from its quote to the end of the file.
    OpenStr,
    /// A `#` comment, to the end of its line.
    Comment,
    /// Any other character: `{`, `:`, `,`, `=`, a typographic quote…
    Mark,
}

/// One token of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// What it is.
    pub kind: Kind,
    /// Where it is.
    pub span: Span,
}

impl Token {
    /// Its text in `text` (the text it was read from).
    pub fn text<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.span.start..self.span.end).unwrap_or_default()
    }

    /// Is it the mark `ch`?
    pub(crate) fn is_mark(&self, text: &str, ch: char) -> bool {
        self.kind == Kind::Mark && self.text(text).starts_with(ch)
    }
}

/// The tokens of `text`, in order; white space is between them.
pub(crate) fn lex(text: &str) -> Vec<Token> {
    let Ok(mut pairs) = SeigParser::parse(Rule::tokens, text) else {
        // The rule accepts every text (any character is a mark); nothing to read otherwise.
        return Vec::new();
    };
    let Some(top) = pairs.next() else {
        return Vec::new();
    };
    top.into_inner()
        .filter_map(|p| {
            let kind = match p.as_rule() {
                Rule::word => Kind::Word,
                Rule::string => Kind::Str,
                Rule::open_string => Kind::OpenStr,
                Rule::comment => Kind::Comment,
                Rule::mark => Kind::Mark,
                _ => return None,
            };
            let s = p.as_span();
            Some(Token {
                kind,
                span: Span {
                    start: s.start(),
                    end: s.end(),
                },
            })
        })
        .collect()
}

/// The index of the first token that starts at or after `pos`.
pub(crate) fn first_at(tokens: &[Token], pos: usize) -> usize {
    tokens.partition_point(|t| t.span.start < pos)
}

/// Just after the last token of code (not a comment) in `start..end`, `start` if there is
/// none: a span that runs on over white space and comments ends where its code ends.
pub(crate) fn code_end(tokens: &[Token], start: usize, end: usize) -> usize {
    tokens
        .get(first_at(tokens, start)..)
        .unwrap_or_default()
        .iter()
        .take_while(|t| t.span.start < end)
        .filter(|t| t.kind != Kind::Comment)
        .last()
        .map_or(start, |t| t.span.end.min(end))
}

/// The first mark `ch` at or after `from` (so outside strings and comments).
pub(crate) fn find_mark(text: &str, tokens: &[Token], from: usize, ch: char) -> Option<usize> {
    tokens
        .get(first_at(tokens, from)..)
        .unwrap_or_default()
        .iter()
        .find(|t| t.is_mark(text, ch))
        .map(|t| t.span.start)
}

/// The first `{` that opens a block deeper than `max` levels, if any.
pub(crate) fn too_deep(text: &str, tokens: &[Token], max: usize) -> Option<Span> {
    let mut depth = 0usize;
    for t in tokens {
        if t.is_mark(text, '{') {
            depth += 1;
            if depth > max {
                return Some(t.span);
            }
        } else if t.is_mark(text, '}') {
            depth = depth.saturating_sub(1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_comments_words_and_marks_are_told_apart() {
        let text = "on 1: \"a # \\\" b\" # c \"d\n{é} \"open";
        let kinds: Vec<(Kind, &str)> = lex(text).iter().map(|t| (t.kind, t.text(text))).collect();
        assert_eq!(
            kinds,
            [
                (Kind::Word, "on"),
                (Kind::Word, "1"),
                (Kind::Mark, ":"),
                (Kind::Str, "\"a # \\\" b\""),
                (Kind::Comment, "# c \"d"),
                (Kind::Mark, "{"),
                (Kind::Mark, "é"),
                (Kind::Mark, "}"),
                (Kind::OpenStr, "\"open"),
            ]
        );
    }

    #[test]
    fn code_ends_before_trailing_comments() {
        let text = "move 3 # why\n  # more\n";
        let toks = lex(text);
        assert_eq!(code_end(&toks, 0, text.len()), 6);
        assert_eq!(find_mark(text, &toks, 0, '#'), None);
    }
}
