//! The parser and the lowering never panic, whatever the input: arbitrary text, text made of
//! the grammar's own words, and random edits of real rule files.
#![allow(
    clippy::indexing_slicing,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use proptest::prelude::*;
use proptest::sample::Index;
use seig::lang::lower::Selection;
use std::path::Path;

/// A made-up variant that uses most statements, so that edits reach most of the lowering.
const FULL: &str = r#"# A made-up variant that uses most statements, for mutation tests.
game "Full test"
source s "Test" { author "me" year 2026 note "made up" }
param holes = 8 in 4..12 "holes per row"
reading A-F-1 "How are captured pieces treated?" { removed (default) "gone" home "back" }
set aside s "A sentence with no rule" because "colour only"
rule F-B1 stated cites s "board" {
  row n_home: home of n, holes holes
  row n_out: outer of n, holes holes
  row middle_row: central, holes holes
  row s_out: outer of s, holes holes
  row s_home: home of s, holes holes
  team n: holes pieces in n_home
  team s: 8 pieces beside the board
  team n colour light
  team s colour dark
  seats per team: 2
  order: n, s
}
rule F-S1 inferred cites s "sticks" {
  sticks: 6 with faces light and dark, p(light) = 0.5
  sticks in combat: 5
  sticks on first throw of turn: 6
  value: count of own colour
  class seig: all but one alike
  class top: all alike or all but one alike
  phases: opening, race, combat
  allocation: pooled
  release order: chosen
  the throw after a release moves that piece
  from opening enter race when all own pieces released
  from race enter combat when no capture possible and not first throw of game
}
rule F-T1 reconstructed cites s "throws" {
  on seig in opening: release 1 moving 1 and throw again
  on 0, 6 in opening: nothing
  on any in opening: cancel moves
  on 1 if first throw of turn: release or move 1 for 2 pieces
  on 2, 3 in race: move value and throw again
  on any in combat: remove opposing piece
  on top: move value + 1
  on any: move value
}
rule F-R1 stated cites s "tracks" {
  track n: n_home forward, n_out backward as back, middle_row forward as mid goal, s_out forward
  track s: s_home backward, s_out forward, middle_row backward, n_out backward
  track n loops from mid when all own pieces released
  track s ends: stop
  gate n back: throw in 1, 2 by crossing throw, else stop
  gate s middle_row: all own pieces arrived and opponent has unreleased pieces, else forbid
  stacking: allowed
  blocked landing: share
  if A-F-1 = removed { capture: compulsory, remove } else { capture: optional, send home }
  capture in central: optional, remove
  no capture in ends of own home, sharing
  capture in last hole of opposing outer only with a single throw of 2, 3
  immune after entering first hole of opposing home
  send home to: first empty hole
  win when opponent has no pieces
  win when every piece immune or arrived and middle_row full of own pieces
}
"#;

/// A small variant with a reading.
const MINI: &str = include_str!("../fixtures/mini.seig");

/// The inline sources and every bundled rule file (games and relatives) that exists now.
fn sources() -> Vec<Vec<u8>> {
    let mut out = vec![FULL.as_bytes().to_vec(), MINI.as_bytes().to_vec()];
    for dir in ["rules", "rules/relatives"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let Ok(entries) = std::fs::read_dir(dir) else {
            continue;
        };
        let mut paths: Vec<_> = entries
            .filter_map(|e| e.ok())
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "seig"))
            .collect();
        paths.sort();
        out.extend(paths.iter().filter_map(|p| std::fs::read(p).ok()));
    }
    out
}

/// Every literal of the grammar (keywords and marks), plus names, numbers and strings.
fn vocabulary() -> Vec<String> {
    let grammar = include_str!("../../grammar/seig.pest");
    let mut words: Vec<String> = Vec::new();
    for line in grammar
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
    {
        let mut parts = line.split('"');
        parts.next();
        while let Some(lit) = parts.next() {
            if !lit.is_empty() && !lit.contains('\\') {
                words.push(lit.to_string());
            }
            parts.next();
        }
    }
    words.extend(
        [
            "a",
            "b",
            "mid",
            "home",
            "holes",
            "race",
            "white",
            "black",
            "seig",
            "s",
            "0",
            "1",
            "4",
            "12",
            "99999999999999999999",
            "0.5",
            "\"text\"",
            "\"",
            "A-X-1",
            "X-E1",
            "# note\n",
            "\n",
            "é",
            "\u{201c}",
        ]
        .iter()
        .map(|s| s.to_string()),
    );
    words.sort();
    words.dedup();
    words
}

/// Loads and renders; checks what must hold of any result.
fn check(bytes: &[u8]) {
    let (text, lowered) = seig::lang::load(bytes, &Selection::default());
    let text = text.unwrap_or_default();
    for d in &lowered.diagnostics {
        if let Some(sp) = d.span {
            assert!(
                sp.start <= sp.end && sp.end <= text.len(),
                "span {sp:?} outside a text of {} bytes: {}",
                text.len(),
                d.message
            );
            assert!(
                text.is_char_boundary(sp.start) && text.is_char_boundary(sp.end),
                "span {sp:?} splits a character: {}",
                d.message
            );
        }
        for (sp, _) in &d.secondary {
            assert!(
                sp.start <= sp.end && sp.end <= text.len(),
                "secondary span {sp:?} outside the text: {}",
                d.message
            );
        }
    }
    let _ = seig::lang::diag::render("prop.seig", &text, &lowered.diagnostics);
    let errors = lowered.diagnostics.iter().any(|d| d.is_error());
    assert_eq!(
        lowered.ir.is_some(),
        !errors,
        "IR exactly when there is no error: {:?}",
        lowered.diagnostics
    );
}

/// One edit of a file's bytes.
#[derive(Debug, Clone)]
enum Edit {
    Delete(Index, usize),
    Insert(Index, Index),
    Replace(Index, usize, Index),
    SwapLines(Index, Index),
    DuplicateLine(Index),
    Byte(Index, u8),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<Index>(), 1usize..40).prop_map(|(i, n)| Edit::Delete(i, n)),
        (any::<Index>(), any::<Index>()).prop_map(|(i, w)| Edit::Insert(i, w)),
        (any::<Index>(), 1usize..12, any::<Index>()).prop_map(|(i, n, w)| Edit::Replace(i, n, w)),
        (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
        any::<Index>().prop_map(Edit::DuplicateLine),
        (any::<Index>(), any::<u8>()).prop_map(|(i, b)| Edit::Byte(i, b)),
    ]
}

/// The nearest char boundary at or before `i` (edits keep the text UTF-8, except `Byte`).
fn boundary(text: &[u8], i: usize) -> usize {
    let mut i = i.min(text.len());
    while i > 0 && i < text.len() && (text[i] & 0xC0) == 0x80 {
        i -= 1;
    }
    i
}

fn apply(mut text: Vec<u8>, edits: &[Edit], words: &[String]) -> Vec<u8> {
    for e in edits {
        let at = |i: &Index, t: &[u8]| boundary(t, i.index(t.len() + 1));
        match e {
            Edit::Delete(i, n) => {
                let s = at(i, &text);
                let end = boundary(&text, s + n);
                text.drain(s..end.max(s));
            }
            Edit::Insert(i, w) => {
                let s = at(i, &text);
                let word = format!(" {} ", words[w.index(words.len())]);
                text.splice(s..s, word.into_bytes());
            }
            Edit::Replace(i, n, w) => {
                let s = at(i, &text);
                let end = boundary(&text, s + n).max(s);
                text.splice(s..end, words[w.index(words.len())].clone().into_bytes());
            }
            Edit::SwapLines(a, b) => {
                let mut lines: Vec<Vec<u8>> =
                    text.split(|&c| c == b'\n').map(|l| l.to_vec()).collect();
                let (x, y) = (a.index(lines.len()), b.index(lines.len()));
                lines.swap(x, y);
                text = lines.join(&b'\n');
            }
            Edit::DuplicateLine(a) => {
                let mut lines: Vec<Vec<u8>> =
                    text.split(|&c| c == b'\n').map(|l| l.to_vec()).collect();
                let x = a.index(lines.len());
                let line = lines[x].clone();
                lines.insert(x, line);
                text = lines.join(&b'\n');
            }
            Edit::Byte(i, b) => {
                if !text.is_empty() {
                    let s = i.index(text.len());
                    text[s] = *b;
                }
            }
        }
    }
    text
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC*") {
        check(s.as_bytes());
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        check(&bytes);
    }

    #[test]
    fn grammar_words_in_any_order_never_panic(
        picks in proptest::collection::vec((any::<Index>(), any::<bool>()), 0..80)
    ) {
        let words = vocabulary();
        let mut text = String::new();
        for (w, newline) in &picks {
            text.push_str(&words[w.index(words.len())]);
            text.push(if *newline { '\n' } else { ' ' });
        }
        check(text.as_bytes());
    }

    #[test]
    fn grammar_words_inside_a_rule_never_panic(
        picks in proptest::collection::vec(any::<Index>(), 0..40)
    ) {
        let words = vocabulary();
        let body: Vec<&str> = picks.iter().map(|w| words[w.index(words.len())].as_str()).collect();
        let text = format!("rule X-1 stated {{\n  {}\n}}\n", body.join(" "));
        check(text.as_bytes());
    }

    #[test]
    fn edited_rule_files_never_panic(
        file in any::<Index>(),
        edits in proptest::collection::vec(edit(), 1..4)
    ) {
        let sources = sources();
        let words = vocabulary();
        let text = apply(sources[file.index(sources.len())].clone(), &edits, &words);
        check(&text);
    }
}

/// Every source used above is itself accepted or rejected without a panic, and the inline
/// ones are clean (otherwise the edits would explore less of the lowering).
#[test]
fn inline_sources_are_clean() {
    for src in [FULL, MINI] {
        let (_, lowered) = seig::lang::load(src.as_bytes(), &Selection::default());
        assert!(lowered.diagnostics.is_empty(), "{:?}", lowered.diagnostics);
    }
    for s in sources() {
        check(&s);
    }
}

/// Each source with one line deleted, for lines spread over the whole file (not sampled at
/// random, so that every part of every file is reached on every run).
#[test]
fn single_lines_deleted_never_panic() {
    for src in sources() {
        let lines: Vec<&[u8]> = src.split(|&c| c == b'\n').collect();
        let step = lines.len().div_ceil(40).max(1);
        for skip in (0..lines.len()).step_by(step) {
            let text: Vec<u8> = lines
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != skip)
                .map(|(_, l)| *l)
                .collect::<Vec<_>>()
                .join(&b'\n');
            check(&text);
        }
    }
}
