//! Untrusted text as a terminal may show it.
//!
//! Strings from rule files, records, shards and the web reach the terminal in messages,
//! reports and the game. A control character in them could drive the terminal (ESC starts
//! a command sequence, CR overwrites the line, BEL rings) and a bidirectional control
//! could make a line read otherwise than it is (U+202E shows the text after it reversed).
//! [`escape`] is the one rendering of such text: every such character is shown as a Rust
//! escape (`\u{1b}`, `\r`, `\t`), every other character as it is. The other functions are
//! the same rendering for a whole block of lines and for JSON text.

use std::borrow::Cow;
use std::fmt::Write as _;

/// Does `c` change what a terminal does or how it orders text, rather than show a
/// glyph? C0 controls (tab and line feed too), DEL, C1 controls, and the bidirectional
/// marks, embeddings, overrides and isolates (U+061C, U+200E/F, U+202A–202E,
/// U+2066–2069), with the line and paragraph separators U+2028/9.
pub fn is_unsafe(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{61c}' | '\u{200e}' | '\u{200f}'
        | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// One string from outside (a file name, an action, a player, a rule's text, a shard's
/// field) as it may be shown in a line on a terminal: every [`is_unsafe`] character
/// escaped (`\t`, `\n`, `\r`, `\0`, else `\u{…}` in hex), the rest as it is. Borrowed when
/// nothing needs escaping.
pub fn escape(s: &str) -> Cow<'_, str> {
    escape_where(s, is_unsafe)
}

/// A block of text (a report, a diagnostic, a board) for a terminal: like [`escape`], but
/// line feeds and tabs are kept, since the block is made of lines.
pub fn escape_lines(s: &str) -> Cow<'_, str> {
    escape_where(s, |c| c != '\n' && c != '\t' && is_unsafe(c))
}

/// JSON text for a terminal: the [`is_unsafe`] characters JSON writers leave as they are
/// (DEL, C1 controls, bidirectional controls; they can only be inside strings) written as
/// JSON's `\uXXXX`, so the text means the same JSON. Line feeds between values are kept.
pub fn escape_json(s: &str) -> Cow<'_, str> {
    let bad = |c: char| c != '\n' && is_unsafe(c);
    if !s.contains(bad) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if bad(c) {
            // Every unsafe character is in the Basic Multilingual Plane: one \u escape.
            let _ = write!(out, "\\u{:04x}", c as u32);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

fn escape_where(s: &str, bad: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !s.contains(&bad) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        match c {
            _ if !bad(c) => out.push(c),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\0' => out.push_str("\\0"),
            _ => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_bidi_are_escaped_and_the_rest_kept() {
        assert_eq!(escape("a\u{1b}[2Jb\u{7}c\rd"), "a\\u{1b}[2Jb\\u{7}c\\rd");
        assert_eq!(
            escape("x\u{202e}y\u{2066}z\u{200f}"),
            "x\\u{202e}y\\u{2066}z\\u{200f}"
        );
        assert_eq!(escape("\u{85}\u{9b}\u{7f}"), "\\u{85}\\u{9b}\\u{7f}");
        assert_eq!(escape("Année — ⵜⴰⴳⴻⵏⵜ"), "Année — ⵜⴰⴳⴻⵏⵜ");
        assert!(matches!(escape("plain"), Cow::Borrowed(_)));
        assert_eq!(escape("a\nb\tc"), "a\\nb\\tc");
        assert_eq!(escape_lines("a\nb\tc\r"), "a\nb\tc\\r");
    }

    #[test]
    fn json_stays_json() {
        let v = serde_json::json!({"t": "a\u{1b}b\u{202e}c\u{85}\u{7f}"});
        let text = serde_json::to_string(&v).unwrap_or_default();
        let shown = escape_json(&text);
        assert!(!shown.contains(is_unsafe), "{shown}");
        let back: serde_json::Value = serde_json::from_str(&shown).unwrap_or_default();
        assert_eq!(back, v);
    }
}
