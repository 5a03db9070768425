//! Helpers for rule tests: load a bundled variant under readings, set up a position from
//! notation, throw, list the legal moves.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]
#![allow(dead_code)]

use seig::engine::notation::NotationError;
use seig::engine::{Event, Game, State};
pub use seig::lang::ir::TeamId;
use seig::lang::lower::Selection;

/// Loads `rules/NAME` under the given readings (and params); panics with the diagnostics.
pub fn game_with(name: &str, readings: &[(&str, &str)], params: &[(&str, i64)]) -> Game {
    let path = format!("{}/rules/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).expect("rule file");
    let sel = Selection {
        readings: readings
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
        params: params.iter().map(|(a, b)| (a.to_string(), *b)).collect(),
    };
    let (text, lowered) = seig::lang::load(&bytes, &sel);
    match lowered.ir {
        Some(ir) => Game::new(ir),
        None => panic!(
            "{}",
            seig::lang::diag::render(&path, text.as_deref().unwrap_or(""), &lowered.diagnostics)
        ),
    }
}

/// Loads a variant under readings.
pub fn game(name: &str, readings: &[(&str, &str)]) -> Game {
    game_with(name, readings, &[])
}

/// A notation error as people read it.
pub fn said(g: &Game, e: &NotationError) -> String {
    seig::tools::words::position::notation_error(g.ir(), e)
}

/// A position from notation; panics with the error.
pub fn pos(g: &Game, text: &str) -> State {
    g.from_notation(text)
        .unwrap_or_else(|e| panic!("bad position: {}\n{text}", said(g, &e)))
}

/// The legal moves, described and sorted (checked first against the generator's
/// definition: `check_move` of every piece and group).
pub fn moves(g: &Game, s: &State) -> Vec<String> {
    let mut buf = Vec::new();
    g.legal_decisions(s, &mut buf);
    let mut defined = Vec::new();
    g.legal_decisions_by_definition(s, &mut defined);
    assert_eq!(
        buf, defined,
        "the quick generator and its definition differ"
    );
    let mut v: Vec<String> = buf.iter().map(|d| g.describe_decision(s, *d)).collect();
    v.sort();
    v
}

/// The count of face-0 sticks that gives `value` to the team to play.
pub fn k_for(g: &Game, s: &State, value: u8) -> u8 {
    let n = g.sticks_for(s);
    let colour = g.ir().teams[s.team()].colour_face();
    (0..=n)
        .find(|&k| g.ir().sticks.value.value.throw_value(colour, k, n) == value)
        .unwrap_or_else(|| panic!("no throw of {n} sticks gives {value}"))
}

/// Throws `value` for the team to play; returns the events.
pub fn throw(g: &Game, s: &mut State, value: u8) -> Vec<Event> {
    let k = k_for(g, s, value);
    let mut ev = Vec::new();
    g.apply_throw(s, k, &mut ev)
        .unwrap_or_else(|e| panic!("throw refused: {e:?}"));
    ev
}

/// Plays a move given in move notation; panics if refused.
pub fn play(g: &Game, s: &mut State, mv: &str) -> Vec<Event> {
    let d = g
        .parse_decision(s, mv)
        .unwrap_or_else(|e| panic!("{}", said(g, &e)));
    let mut ev = Vec::new();
    g.apply_decision(s, d, &mut ev)
        .unwrap_or_else(|e| panic!("move {mv} refused: {e:?}"));
    ev
}

/// Tries a move; returns the refusal's rule ID (or the message) if refused.
pub fn refuse(g: &Game, s: &State, mv: &str) -> String {
    let d = g
        .parse_decision(s, mv)
        .unwrap_or_else(|e| panic!("{}", said(g, &e)));
    let mut c = s.clone();
    match g.apply_decision(&mut c, d, &mut Vec::new()) {
        Ok(()) => panic!("move {mv} was accepted"),
        Err(r) => r
            .rule()
            .map(|r| g.ir().rules[r.index()].id.clone())
            .unwrap_or_else(|| seig::tools::words::refusal::what(&r)),
    }
}

/// The position notation.
pub fn note(g: &Game, s: &State) -> String {
    g.to_notation(s)
}

/// A rule file given as text, lowered under the default readings: the game, or the
/// diagnostics as `CODE: message`.
pub fn lower_text(text: &str) -> Result<Game, Vec<String>> {
    let (_, l) = seig::lang::load(text.as_bytes(), &Selection::default());
    l.ir.map(Game::new).ok_or_else(|| {
        l.diagnostics
            .iter()
            .map(|d| format!("{}: {}", d.code.as_str(), d.message))
            .collect()
    })
}

/// A rule file given as text, lowered; panics with its diagnostics.
pub fn game_of(text: &str) -> Game {
    lower_text(text).unwrap_or_else(|d| panic!("{d:?}"))
}

/// The codes of the errors a rule file given as text gives (it must give one).
pub fn error_codes(text: &str) -> Vec<String> {
    let (_, l) = seig::lang::load(text.as_bytes(), &Selection::default());
    assert!(l.ir.is_none(), "expected an error");
    l.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.code.as_str().to_string())
        .collect()
}

/// The small variant of the statement tests: rows a_home (4), mid (6), b_home (4); team a
/// walks a_home.1→4, mid.1→6, b_home.4→1 (goal), team b the other way; four sticks. `throws`
/// is the body of rule R-T (the throw table), `extra` that of rule R-X (the statements a
/// test is about).
pub fn small_variant(title: &str, throws: &str, extra: &str) -> String {
    format!(
        r#"
game "{title}"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 6 holes
  row b_home: home of b, 4 holes
  team a: 4 pieces in a_home
  team b: 4 pieces in b_home
  track a: a_home forward, mid forward, b_home backward goal
  track b: b_home forward, mid backward, a_home backward goal
  sticks: 4 with faces white and black
}}
rule R-T stated cites s "throws" {{
{throws}
}}
rule R-X inferred cites s "extra" {{
{extra}
}}
"#
    )
}
