//! Issue 27, Yut's moves: a branch the piece may decline (`track TEAM may branch at HOLE: …`,
//! the decision `PIECE:PLACES>keep` keeping to its way) and a capture that gives another throw
//! (`capture: MODE, EFFECT, throw again`). Each from a position in notation, with the exact
//! legal decisions and what follows; `seig rules`; the formatter's round trip.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{game_of, moves, note, play, pos, refuse};
use seig::engine::Game;
use seig::tools::words::choice::EngineChoices;

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// ---------------------------------------------------------------- may branch

/// Rows outer (8), short (2) and cross (1), starts a_home and b_home (2 each, off the
/// tracks). Team a walks outer.1→8, team b short.1→2 then outer.1→8. `branch` (in rule R-X
/// with `extra`) says how team a's track branches. A 1 releases a piece moving 1; any other
/// throw moves its value.
fn branching(branch: &str, extra: &str) -> String {
    format!(
        r#"
game "Ways"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 2 holes
  row b_home: home of b, 2 holes
  row outer: middle, 8 holes
  row short: middle, 2 holes
  row cross: middle, 1 holes
  team a: 2 pieces in a_home
  team b: 2 pieces in b_home
  track a: outer forward
  track b: short forward, outer forward
  sticks: 4 with faces white and black
}}
rule R-T stated cites s "throws" {{
  on 0: nothing
  on 1: release or move 1
  on any: move value
}}
rule R-X inferred cites s "branch" {{
  {branch}
  {extra}
}}
"#
    )
}

const MAY: &str =
    "track a may branch at hole 3 of outer: short forward, rejoining at hole 7 of outer";

fn game(branch: &str, extra: &str) -> Game {
    game_of(&branching(branch, extra))
}

/// Team a to move with `pool`; team b's pieces `b`.
fn at(g: &Game, pool: &str, a: &str, b: &str) -> seig::engine::State {
    pos(
        g,
        &format!("play | a 1 move | throws 1/1/9 turns 8 | pool {pool} | a: {a} | b: {b}"),
    )
}

#[test]
fn a_piece_where_a_may_branch_begins_takes_it_or_keeps_to_its_way() {
    let g = game(MAY, "");
    for (pool, branch, keep) in [
        ("2/2#0", "outer.3>short.2", "outer.3>outer.5"),
        ("3/3#0", "outer.3>outer.7", "outer.3>outer.6"),
        ("4/4#0", "outer.3>outer.8", "outer.3>outer.7"),
    ] {
        let s = at(&g, pool, "+outer.3 a_home.2", "x x");
        let n = &pool[0..1];
        assert_eq!(
            moves(&g, &s),
            v(&[&format!("1:{n} {branch}"), &format!("1:{n}>keep {keep}")]),
            "{pool}"
        );
    }
}

#[test]
fn the_kept_way_reads_back_and_is_played() {
    let g = game(MAY, "");
    let mut s = at(&g, "2/2#0", "+outer.3 a_home.2", "x x");
    let d = g.parse_decision(&s, "1:2>keep").expect("parses");
    assert!(d.keeps_way());
    assert_eq!(g.decision_notation(&s, d), "1:2>keep");
    play(&g, &mut s, "1:2>keep");
    assert!(
        note(&g, &s).contains("a: +outer.5 a_home.2"),
        "{}",
        note(&g, &s)
    );
    // The plain decision takes the branch.
    let mut s = at(&g, "2/2#0", "+outer.3 a_home.2", "x x");
    play(&g, &mut s, "1:2");
    assert!(
        note(&g, &s).contains("a: +short.2 a_home.2"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn a_piece_elsewhere_has_no_way_to_keep() {
    let g = game(MAY, "");
    // Before the branch, past it, and on it: one decision each, none kept.
    for (a, to) in [
        ("+outer.2 a_home.2", "1:2 outer.2>outer.4"),
        ("+outer.4 a_home.2", "1:2 outer.4>outer.6"),
        ("+short.1 a_home.2", "1:2 short.1>outer.7"),
    ] {
        let s = at(&g, "2/2#0", a, "x x");
        assert_eq!(moves(&g, &s), v(&[to]), "{a}");
        assert_eq!(refuse(&g, &s, "1:2>keep"), "R-X", "{a}");
    }
    // Under `branches` (must), nothing is kept either.
    let g = game(&MAY.replace("may branch", "branches"), "");
    let s = at(&g, "2/2#0", "+outer.3 a_home.2", "x x");
    assert_eq!(moves(&g, &s), v(&["1:2 outer.3>short.2"]));
    assert!(refuse(&g, &s, "1:2>keep").contains("branch"));
}

#[test]
fn keeping_to_the_way_takes_and_is_blocked_as_any_move() {
    let g = game(MAY, "capture: compulsory, send home");
    let s = at(&g, "2/2#0", "+outer.3 a_home.2", "+outer.5 +short.2");
    assert_eq!(
        moves(&g, &s),
        v(&["1:2x outer.3>short.2", "1:2>keepx outer.3>outer.5"])
    );
    let g = game(MAY, "stacking: forbidden");
    let s = at(&g, "2/2#0", "+outer.3 +outer.5", "x x");
    assert_eq!(
        moves(&g, &s),
        v(&["1:2 outer.3>short.2", "2:2 outer.5>outer.7"])
    );
}

/// Two branches that cross on one hole (the cross), as Yut's diagonals do at the centre:
/// from outer.2 over the cross to outer.6; from outer.4 over the cross and short to
/// outer.8; and from the cross over short to outer.8.
const CROSSING: &str =
    "track a may branch at hole 2 of outer: cross forward, rejoining at hole 6 of outer
  track a may branch at hole 4 of outer: cross forward, short forward, rejoining at hole 8 of outer
  track a may branch at hole 1 of cross: short forward, rejoining at hole 8 of outer";

#[test]
fn where_two_branches_cross_the_piece_chooses_only_between_different_ways() {
    let g = game(CROSSING, "");
    // Come from outer.2: on over short (the third branch), or on to outer.6.
    let mut s = at(&g, "2/2#0", "+cross.1 a_home.2", "x x");
    assert_eq!(
        moves(&g, &s),
        v(&["1:2 cross.1>short.2'", "1:2>keep cross.1>outer.7"])
    );
    // The third branch's place of short.2 (after the second's).
    play(&g, &mut s, "1:2");
    assert!(note(&g, &s).contains("a: +short.2' "), "{}", note(&g, &s));
    // Come from outer.4, its own way goes on over short already: no way to choose.
    let mut s = at(&g, "2/2#0", "+cross.1' a_home.2", "x x");
    assert_eq!(moves(&g, &s), v(&["1:2 cross.1'>short.2"]));
    play(&g, &mut s, "1:2");
    assert!(note(&g, &s).contains("a: +short.2 "), "{}", note(&g, &s));
}

#[test]
fn may_branch_is_shown_by_seig_rules_and_round_trips() {
    let choice = g_choice(&game(MAY, ""), "branching");
    assert!(choice.origin.is_some());
    assert!(
        choice
            .value
            .contains("a: a piece that stands where a branch begins may take it"),
        "{}",
        choice.value
    );
    for stmt in [MAY.to_string(), CAPTURE_AGAIN.to_string()] {
        let text = branching(&stmt, "");
        let formatted = seig::lang::fmt::format_text(&text).expect("formats");
        assert!(formatted.contains(&stmt), "{stmt} not kept:\n{formatted}");
        let again = seig::lang::fmt::format_text(&formatted).expect("formats again");
        assert_eq!(again, formatted);
    }
}

fn g_choice(g: &Game, name: &str) -> seig::tools::words::choice::EngineChoice {
    g.ir()
        .engine_choices()
        .into_iter()
        .find(|c| c.name == name)
        .expect("a choice")
}

// ---------------------------------------------------------------- capture, throw again

const CAPTURE_AGAIN: &str = "capture: compulsory, send home, throw again";

/// Team a (per throw) takes team b's piece on outer.5: with `throw again` it throws once
/// more, without it the turn passes.
#[test]
fn a_capture_that_throws_again_gives_the_seat_another_throw() {
    let g = game("", CAPTURE_AGAIN);
    let mut s = at(&g, "2/2#0", "+outer.3 a_home.2", "+outer.5 x");
    assert_eq!(moves(&g, &s), v(&["1:2x outer.3>outer.5"]));
    play(&g, &mut s, "1:2x");
    let n = note(&g, &s);
    assert!(n.starts_with("play | a 1 throw"), "{n}");
    assert!(n.contains("b: b_home.1 x"), "{n}");
    let g = game("", "capture: compulsory, send home");
    let mut s = at(&g, "2/2#0", "+outer.3 a_home.2", "+outer.5 x");
    play(&g, &mut s, "1:2x");
    let n = note(&g, &s);
    assert!(n.starts_with("play | b 1 throw"), "{n}");
    // A move that takes nothing gives no throw.
    let g = game("", CAPTURE_AGAIN);
    let mut s = at(&g, "2/2#0", "+outer.3 a_home.2", "+outer.6 x");
    play(&g, &mut s, "1:2");
    assert!(
        note(&g, &s).starts_with("play | b 1 throw"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn pooled_the_extra_throw_comes_once_the_pooled_moves_are_made() {
    let g = game("allocation: pooled", CAPTURE_AGAIN);
    let mut s = pos(
        &g,
        "play | a 1 move | throws 2/2/9 turns 8 | pool 2/2#0 3/3#1 | a: +outer.3 +outer.1 | b: +outer.5 x",
    );
    play(&g, &mut s, "1:2x");
    // The 3 is still to be moved: the seat moves it, then throws.
    let n = note(&g, &s);
    assert!(n.starts_with("play | a 1 move"), "{n}");
    assert_eq!(
        moves(&g, &s),
        v(&["1:3 outer.5>outer.8", "2:3 outer.1>outer.4"])
    );
    play(&g, &mut s, "2:3");
    assert!(
        note(&g, &s).starts_with("play | a 1 throw"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn capture_throw_again_is_shown_by_seig_rules() {
    let c = g_choice(
        &game("", "capture: compulsory, send home"),
        "capture throw again",
    );
    assert!(c.origin.is_none());
    assert!(c.value.starts_with("none"), "{}", c.value);
    let c = g_choice(&game("", CAPTURE_AGAIN), "capture throw again");
    assert!(c.origin.is_some());
    assert!(c.value.contains("one more throw"), "{}", c.value);
}
