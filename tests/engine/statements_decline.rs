//! The statements that let a seat decide not to move or to throw on: `moves: forced|optional`
//! and `throwing on: as thrown|at will`, each in each of its options, on a small rule file:
//! a position, the exact legal decisions, what playing them does; and a parse → format →
//! parse round trip of each.
//!
//! The variant: rows a_home (4), mid (6), b_home (4); team a walks a_home.1→4, mid.1→6,
//! b_home.4→1. A 1 releases a piece moving 1, a 4 moves 4 and throws again, any other
//! throw moves its value.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{moves, note, play, pos, throw};
use seig::engine::{Decision, Event, Game, Stage, State};

const THROWS: &str = "  on 0: nothing\n  on 1: release 1 moving 1\n  on 4: move 4 and throw again\n  on any: move value";

fn file(extra: &str) -> String {
    common::small_variant("Decline", THROWS, extra)
}

fn game(extra: &str) -> Game {
    common::game_of(&file(extra))
}

/// Team a to throw, its piece 1 on mid.1 (the others waiting), team b's all out.
fn to_throw(g: &Game) -> State {
    pos(
        g,
        "play | a 1 throw | throws 0/0/9 turns 8 | pool - | a: +mid.1 a_home.2 a_home.3 a_home.4 | b: x x x x",
    )
}

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The refusal of a decision, in words.
fn refused(g: &Game, s: &State, d: Decision) -> String {
    let r = g
        .apply_decision(&mut s.clone(), d, &mut Vec::new())
        .expect_err("refused");
    seig::tools::words::refusal::line(g.ir(), &r)
}

fn round_trip(stmt: &str) {
    let text = file(stmt);
    let formatted = seig::lang::fmt::format_text(&text).expect("formats and reads back");
    assert!(formatted.contains(stmt), "{stmt} not kept:\n{formatted}");
    assert_eq!(
        seig::lang::fmt::format_text(&formatted).expect("formats again"),
        formatted
    );
}

// ------------------------------------------------------------------- moves: forced|optional

#[test]
fn moves_forced_is_the_default_and_offers_no_pass() {
    for extra in ["", "moves: forced"] {
        let g = game(extra);
        let mut s = to_throw(&g);
        throw(&g, &mut s, 3);
        assert_eq!(moves(&g, &s), v(&["1:3 mid.1>mid.4"]), "{extra:?}");
        let why = refused(&g, &s, Decision::PASS);
        assert!(
            why.starts_with("a piece can move, so the seat may not pass"),
            "{why}"
        );
        if extra.is_empty() {
            assert!(why.contains("language default: moves: forced"), "{why}");
        } else {
            assert!(why.contains("R-X (inferred)"), "{why}");
        }
    }
}

#[test]
fn moves_optional_offers_a_pass_that_declines_the_pool_and_ends_the_turn() {
    let g = game("moves: optional");
    let mut s = to_throw(&g);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), v(&["1:3 mid.1>mid.4", "pass"]));
    let ev = play(&g, &mut s, "pass");
    assert_eq!(ev, vec![Event::Passed { entries: 1 }]);
    assert!(
        note(&g, &s).starts_with("play | b 1 throw |"),
        "{}",
        note(&g, &s)
    );
    assert_eq!(
        s.pieces(common::TeamId::FIRST)[0],
        to_throw(&g).pieces(common::TeamId::FIRST)[0]
    );
}

#[test]
fn moves_optional_with_a_throw_again_passes_the_moves_and_throws_again() {
    // A 4 moves 4 and throws again: the pass declines the 4, and the seat throws again.
    let g = game("moves: optional");
    let mut s = to_throw(&g);
    throw(&g, &mut s, 4);
    assert_eq!(moves(&g, &s), v(&["1:4 mid.1>mid.5", "pass"]));
    play(&g, &mut s, "pass");
    assert_eq!(s.stage(), Stage::Throw);
    assert!(
        note(&g, &s).starts_with("play | a 1 throw again |"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn moves_optional_offers_no_pass_when_nothing_can_move() {
    // A 0 gives nothing: no decision at all, the turn passes as under forced moves.
    let g = game("moves: optional");
    let mut s = to_throw(&g);
    throw(&g, &mut s, 0);
    assert!(
        note(&g, &s).starts_with("play | b 1 throw |"),
        "{}",
        note(&g, &s)
    );
    assert_eq!(moves(&g, &s), Vec::<String>::new());
}

#[test]
fn moves_statement_round_trips_and_is_set_once() {
    round_trip("moves: optional");
    round_trip("moves: forced");
    assert_eq!(
        common::error_codes(&file("moves: optional\n moves: forced")),
        ["E012"]
    );
}

// ------------------------------------------------------------------- throwing on

#[test]
fn throwing_on_as_thrown_is_the_default_and_refuses_a_throw_on() {
    for extra in ["", "throwing on: as thrown"] {
        let g = game(extra);
        let mut s = to_throw(&g);
        throw(&g, &mut s, 3);
        assert_eq!(moves(&g, &s), v(&["1:3 mid.1>mid.4"]), "{extra:?}");
        let why = refused(&g, &s, Decision::THROW_ON);
        assert!(why.starts_with("the seat may not throw on now"), "{why}");
        assert!(why.contains("throwing on: as thrown"), "{why}");
    }
}

#[test]
fn throwing_on_at_will_pooled_throws_on_before_moving_and_keeps_the_pool() {
    let g = game("allocation: pooled\n throwing on: at will");
    let mut s = to_throw(&g);
    throw(&g, &mut s, 3);
    // Forced moves: the seat moves, throws on, or stops throwing only when nothing moves.
    assert_eq!(moves(&g, &s), v(&["1:3 mid.1>mid.4", "throw on"]));
    assert_eq!(play(&g, &mut s, "throw on"), vec![Event::ThrewOn]);
    assert_eq!(s.stage(), Stage::Throw);
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:2 mid.1>mid.3",
            "1:3 mid.1>mid.4",
            "1:3+2 mid.1>mid.6",
            "throw on"
        ])
    );
    // Once a piece has moved, the throwing is over.
    play(&g, &mut s, "1:2");
    assert_eq!(moves(&g, &s), v(&["1:3 mid.3>mid.6"]));
}

#[test]
fn throwing_on_at_will_offers_a_stop_when_nothing_can_move() {
    let g = game("allocation: pooled\n throwing on: at will");
    let mut s = to_throw(&g);
    throw(&g, &mut s, 0);
    assert_eq!(moves(&g, &s), v(&["pass", "throw on"]));
    assert_eq!(play(&g, &mut s, "pass"), vec![Event::Passed { entries: 0 }]);
    assert!(
        note(&g, &s).starts_with("play | b 1 throw |"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn throwing_on_at_will_per_throw_throws_on_once_the_moves_are_done() {
    let g = game("throwing on: at will");
    let mut s = to_throw(&g);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), v(&["1:3 mid.1>mid.4"]));
    play(&g, &mut s, "1:3");
    assert_eq!(moves(&g, &s), v(&["pass", "throw on"]));
    play(&g, &mut s, "throw on");
    assert_eq!(s.stage(), Stage::Throw);
    throw(&g, &mut s, 2);
    assert_eq!(moves(&g, &s), v(&["1:2 mid.4>mid.6"]));
}

#[test]
fn moves_optional_and_throwing_on_at_will_together() {
    let g = game("allocation: pooled\n moves: optional\n throwing on: at will");
    let mut s = to_throw(&g);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), v(&["1:3 mid.1>mid.4", "pass", "throw on"]));
    // A throw again already coming: no throw on, but the pass.
    let g = game("moves: optional\n throwing on: at will");
    let mut s = to_throw(&g);
    throw(&g, &mut s, 4);
    assert_eq!(moves(&g, &s), v(&["1:4 mid.1>mid.5", "pass"]));
}

#[test]
fn throwing_on_statement_round_trips_and_is_set_once() {
    round_trip("throwing on: at will");
    round_trip("throwing on: as thrown");
    assert_eq!(
        common::error_codes(&file("throwing on: at will\n throwing on: as thrown")),
        ["E012"]
    );
}
