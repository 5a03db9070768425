//! Backward moves: `move back EXPR` (a throw worth a move back, Yut Nori's "backdo"),
//! `when no move forward: move backward, must|may`, and `moving back past the first hole:
//! stop|forbidden`. Each: a small rule file, a position in notation, the exact legal
//! decisions; the refusals name the statement; the diagnostics; a format round trip.
//!
//! The variant (`common::small_variant`): rows a_home (4), mid (6), b_home (4). Team a walks
//! a_home.1→4 (track indices 0..3), mid.1→6 (4..9), b_home.4→1 (10..13, goal); team b walks
//! b_home.1→4, mid.6→1, a_home.4→1.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{moves, note, play, pos, refuse, throw};
use seig::engine::{Event, Game, State};

/// A 1 moves one place back; a 2 releases a piece moving 2; any other throw moves its value.
const BACKDO: &str =
    "  on 0: nothing\n  on 1: move back 1\n  on 2: release 1 moving 2\n  on any: move value";
/// No backward throw: a 1 releases a piece moving 1; any other throw moves its value.
const FORWARD: &str = "  on 0: nothing\n  on 1: release 1 moving 1\n  on any: move value";

fn file(throws: &str, extra: &str) -> String {
    common::small_variant("Backward", throws, extra)
}

fn game(throws: &str, extra: &str) -> Game {
    common::game_of(&file(throws, extra))
}

/// Team a to move with `pool`, the pieces of both teams given.
fn at(g: &Game, pool: &str, a: &str, b: &str) -> State {
    pos(
        g,
        &format!("play | a 1 move | throws 1/1/9 turns 8 | pool {pool} | a: {a} | b: {b}"),
    )
}

/// Team a to throw, the pieces of both teams given.
fn to_throw(g: &Game, a: &str, b: &str) -> State {
    pos(
        g,
        &format!("play | a 1 throw | throws 0/0/9 turns 8 | pool - | a: {a} | b: {b}"),
    )
}

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

const NO_B: &str = "x x x x";

// ------------------------------------------------------------------- move back

#[test]
fn move_back_walks_the_track_in_reverse() {
    let g = game(BACKDO, "");
    // Across a row boundary: mid.1 back to a_home.4; the waiting piece is not moved back.
    let s = at(&g, "b1/1#0", "+mid.3 +mid.1 a_home.3 x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&["1:b1 mid.3>mid.2", "2:b1 mid.1>a_home.4"])
    );
    // The throw gives a backward entry (prefix `b` in the notation).
    let mut s = to_throw(&g, "+mid.3 x x x", NO_B);
    throw(&g, &mut s, 1);
    assert!(note(&g, &s).contains("pool b1/1#0"), "{}", note(&g, &s));
    play(&g, &mut s, "1:b1");
    assert!(note(&g, &s).contains("a: +mid.2 x x x"), "{}", note(&g, &s));
}

#[test]
fn move_back_stops_on_the_first_hole_by_default() {
    let g = game(
        "  on 0: nothing\n  on 1: move back 2\n  on any: move value",
        "",
    );
    assert!(g.ir().movement.back_start.origin.is_none());
    // From a_home.2: one place back, then the first hole stops it.
    let s = at(&g, "b2/1#0", "+a_home.2 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:b2 a_home.2>a_home.1"]));
    // From a_home.1: no place to go back to.
    let s = at(&g, "b2/1#0", "+mid.4 +a_home.1 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:b2 mid.4>mid.2"]));
    assert_eq!(
        refuse(&g, &s, "2:b2"),
        "this piece has no hole of its track behind it to move back to"
    );
}

#[test]
fn move_back_past_the_first_hole_forbidden_needs_the_holes_behind() {
    let g = game(
        "  on 0: nothing\n  on 1: move back 2\n  on any: move value",
        "moving back past the first hole: forbidden",
    );
    let s = at(&g, "b2/1#0", "+a_home.2 +a_home.3 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["2:b2 a_home.3>a_home.1"]));
    // The refusal names the statement's rule.
    assert_eq!(refuse(&g, &s, "1:b2"), "R-X");
    // Stated as the default: the same as without it.
    let g = game(
        "  on 0: nothing\n  on 1: move back 2\n  on any: move value",
        "moving back past the first hole: stop",
    );
    let s = at(&g, "b2/1#0", "+a_home.2 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:b2 a_home.2>a_home.1"]));
}

#[test]
fn move_back_lands_as_any_move_takes_and_stacks() {
    // Taking: b's released piece on mid.2 is taken by a's piece moving back onto it.
    let g = game(BACKDO, "capture: compulsory, send home");
    let s = at(&g, "b1/1#0", "+mid.3 x x x", "+mid.2 x x x");
    assert_eq!(moves(&g, &s), v(&["1:b1x mid.3>mid.2"]));
    let mut s2 = s.clone();
    let ev = play(&g, &mut s2, "1:b1x");
    assert!(
        ev.iter().any(|e| matches!(e, Event::Captured { .. })),
        "{ev:?}"
    );
    // Stacking forbidden (the default): an own piece behind blocks the move back.
    let g = game(BACKDO, "");
    let s = at(&g, "b1/1#0", "+mid.3 +mid.2 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["2:b1 mid.2>mid.1"]));
}

#[test]
fn move_back_is_never_pooled_with_other_throws() {
    let g = game(BACKDO, "allocation: pooled");
    let s = pos(
        &g,
        "play | a 1 move | throws 2/2/9 turns 8 | pool 3/3#0 b1/1#1 | a: +mid.3 x x x | b: x x x x",
    );
    // Each throw alone; no group of both.
    assert_eq!(moves(&g, &s), v(&["1:3 mid.3>mid.6", "1:b1 mid.3>mid.2"]));
    assert_eq!(
        refuse(&g, &s, "1:3+b1"),
        "a backward move is made alone, not with other throws"
    );
}

// ------------------------------------------------------------------- when no move forward

#[test]
fn without_the_statement_moves_no_piece_can_use_are_forfeited() {
    let g = game(FORWARD, "");
    // The only piece stands on its track's last hole: a 3 moves nothing, and is lost.
    let mut s = to_throw(&g, "+b_home.1 x x x", NO_B);
    throw(&g, &mut s, 3);
    assert!(note(&g, &s).contains("| b 1 throw |"), "{}", note(&g, &s));
}

#[test]
fn when_no_move_forward_must_turns_the_moves_backward() {
    let g = game(FORWARD, "when no move forward: move backward, must");
    let mut s = to_throw(&g, "+b_home.1 x x x", NO_B);
    throw(&g, &mut s, 3);
    assert!(note(&g, &s).contains("pool b3/3#0"), "{}", note(&g, &s));
    assert_eq!(moves(&g, &s), v(&["1:b3 b_home.1>b_home.4"]));
    // A seat must make it: no pass.
    let mut buf = Vec::new();
    g.legal_decisions(&s, &mut buf);
    assert!(buf.iter().all(|d| !d.is_pass()));
    // While some piece may move forward, nothing is turned.
    let mut s = to_throw(&g, "+b_home.1 +mid.1 x x", NO_B);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), v(&["2:3 mid.1>mid.4"]));
}

#[test]
fn when_no_move_forward_may_lets_the_seat_pass() {
    let g = game(FORWARD, "when no move forward: move backward, may");
    let mut s = to_throw(&g, "+b_home.1 x x x", NO_B);
    throw(&g, &mut s, 3);
    let mut buf = Vec::new();
    g.legal_decisions(&s, &mut buf);
    let mut listed: Vec<String> = buf.iter().map(|d| g.describe_decision(&s, *d)).collect();
    listed.sort();
    assert_eq!(listed.len(), 2, "{listed:?}");
    assert!(
        listed.contains(&"1:b3 b_home.1>b_home.4".to_string()),
        "{listed:?}"
    );
    assert!(buf.iter().any(|d| d.is_pass()));
    // Passing declines the backward move: the other team throws.
    let pass = buf.into_iter().find(|d| d.is_pass()).expect("a pass");
    g.apply_decision(&mut s, pass, &mut Vec::new())
        .expect("pass accepted");
    assert!(note(&g, &s).contains("| b 1 throw |"), "{}", note(&g, &s));
    // A forward move is never declined by it.
    let mut s = to_throw(&g, "+mid.1 x x x", NO_B);
    throw(&g, &mut s, 3);
    let mut buf = Vec::new();
    g.legal_decisions(&s, &mut buf);
    assert!(buf.iter().all(|d| !d.is_pass()));
}

#[test]
fn a_move_turned_backward_that_cannot_be_made_is_forfeited() {
    let g = game(
        FORWARD,
        "when no move forward: move backward, must\n  blocked landing: forbidden",
    );
    // a's only piece stands on its track's first hole: a 3 lands on b's piece, which may
    // not be taken nor shared, and no hole lies behind it. The move is lost.
    let mut s = to_throw(&g, "+a_home.1 x x x", "+a_home.4 x x x");
    throw(&g, &mut s, 3);
    assert!(note(&g, &s).contains("| b 1 throw |"), "{}", note(&g, &s));
}

// ------------------------------------------------------------------- the language

#[test]
fn statements_set_twice_are_errors() {
    assert_eq!(
        common::error_codes(&file(
            FORWARD,
            "when no move forward: move backward, must\n  when no move forward: move backward, may"
        )),
        vec!["E012"]
    );
    assert_eq!(
        common::error_codes(&file(
            BACKDO,
            "moving back past the first hole: stop\n  moving back past the first hole: forbidden"
        )),
        vec!["E012"]
    );
}

#[test]
fn backward_statements_that_never_apply_are_w044() {
    let warnings = |throws: &str, extra: &str| -> Vec<String> {
        let (_, l) = seig::lang::load(
            file(throws, extra).as_bytes(),
            &seig::lang::lower::Selection::default(),
        );
        l.diagnostics
            .iter()
            .map(|d| d.code.as_str().to_string())
            .filter(|c| c == "W044")
            .collect()
    };
    // No `move` entry to turn backward.
    let only_releases = "  on 0: nothing\n  on any: release 1 moving value";
    assert_eq!(
        warnings(only_releases, "when no move forward: move backward, must"),
        vec!["W044"]
    );
    // No backward move at all.
    assert_eq!(
        warnings(FORWARD, "moving back past the first hole: forbidden"),
        vec!["W044"]
    );
    // Used: no warning.
    assert!(warnings(BACKDO, "moving back past the first hole: forbidden").is_empty());
    assert!(warnings(FORWARD, "when no move forward: move backward, may").is_empty());
}

#[test]
fn the_statements_format_as_written() {
    for (throws, stmt) in [
        (FORWARD, "when no move forward: move backward, must"),
        (FORWARD, "when no move forward: move backward, may"),
        (BACKDO, "moving back past the first hole: forbidden"),
        (BACKDO, "moving back past the first hole: stop"),
    ] {
        let text = file(throws, stmt);
        let formatted = seig::lang::fmt::format_text(&text).expect("formats");
        assert!(formatted.contains(stmt), "{stmt} not kept:\n{formatted}");
        assert!(formatted.contains("on 1: move back 1") || throws == FORWARD);
        let again = seig::lang::fmt::format_text(&formatted).expect("formats again");
        assert_eq!(again, formatted);
    }
}

/// A throw's `move back` takes a place in the pool as a move does: a throw of a move and a
/// move back is refused where the pool has room for one entry only, and is pooled where it
/// has room for both (it was counted as one entry, and overfilled the pool).
#[test]
fn a_move_back_counts_in_the_room_a_throw_needs_in_the_pool() {
    use seig::engine::{POOL_MAX, Quiet, RefusalKind};
    let g = game(
        "  on 0: nothing\n  on 1: move 1 and move back 1 and throw again\n  on any: move value",
        "allocation: pooled",
    );
    let at_pool = |n: usize| {
        let pool = vec!["2/2#0=drop"; n].join(" ");
        pos(
            &g,
            &format!(
                "play | a 1 throw again | throws 1/1/9 turns 8 | pool {pool} | a: +mid.1 x x x | b: {NO_B}"
            ),
        )
    };
    let mut s = at_pool(POOL_MAX - 1);
    let r = g.apply_throw(&mut s, 1, &mut Quiet);
    assert_eq!(r.map_err(|e| e.kind), Err(RefusalKind::PoolLimit));
    assert_eq!(s.pool().len(), POOL_MAX - 1, "unchanged");
    let mut s = at_pool(POOL_MAX - 2);
    assert_eq!(g.apply_throw(&mut s, 1, &mut Quiet), Ok(()));
    assert_eq!(s.pool().len(), POOL_MAX);
}
