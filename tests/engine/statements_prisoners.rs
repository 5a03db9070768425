//! `capture …: take prisoner` and `prisoners freed: on arrival|at once`: a small rule file,
//! a position in notation (`^HOLE` a prisoner carried on that hole), the exact legal
//! decisions (checked against the generator's definition by `common::moves`), and where
//! every piece stands after the move; `seig rules`'s wording; W046; a parse → format →
//! parse round trip.
//!
//! The variant (`file`): rows a_home (4), mid (6), b_home (4). Team a walks a_home.1→4
//! (track indices 0..3), mid.1→6 (4..9), b_home.4→1 (10..13); team b walks b_home.1→4,
//! mid.6→1, a_home.4→1. A 1 releases a piece moving 1; any other throw moves its value.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{moves, note, play, pos};
use seig::engine::{Game, State};
use seig::tools::words::choice::EngineChoices;

const THROWS: &str = "  on 0: nothing\n  on 1: release 1 moving 1\n  on any: move value";
const TAKE: &str = "capture: compulsory, take prisoner";
const AT_ONCE: &str = "capture: compulsory, take prisoner\n prisoners freed: at once";

fn file(extra: &str) -> String {
    common::small_variant("Prisoners", THROWS, extra)
}

fn game(extra: &str) -> Game {
    common::game_of(&file(extra))
}

/// A position of team `team` to move with the pool and both teams' pieces.
fn at(g: &Game, team: &str, pool: &str, a: &str, b: &str) -> State {
    pos(
        g,
        &format!("play | {team} 1 move | throws 1/1/9 turns 8 | pool {pool} | a: {a} | b: {b}"),
    )
}

/// The pieces sections of both teams, `a: … | b: …`.
fn pieces(g: &Game, s: &State) -> String {
    let text = note(g, s);
    let i = text.find("| a: ").expect("a's pieces");
    text[i + 2..].to_string()
}

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn take_prisoner_makes_the_landed_on_stack_prisoners_of_the_taker() {
    let g = game(TAKE);
    let mut s = at(
        &g,
        "a",
        "3/3#0",
        "+mid.2 a_home.2 a_home.3 a_home.4",
        "+mid.5 b_home.2 b_home.3 b_home.4",
    );
    assert_eq!(moves(&g, &s), v(&["1:3x mid.2>mid.5"]));
    play(&g, &mut s, "1:3x");
    assert_eq!(
        pieces(&g, &s),
        "a: +mid.5 a_home.2 a_home.3 a_home.4 | b: ^mid.5 b_home.2 b_home.3 b_home.4"
    );
}

#[test]
fn the_prisoners_move_with_their_carrier() {
    let g = game(TAKE);
    let mut s = at(&g, "a", "2/2#0", "+mid.5 x x x", "^mid.5 +mid.2 x x");
    assert_eq!(moves(&g, &s), v(&["1:2 mid.5>b_home.4"]));
    play(&g, &mut s, "1:2");
    assert_eq!(
        pieces(&g, &s),
        "a: +b_home.4 x x x | b: ^b_home.4 +mid.2 x x"
    );
}

#[test]
fn a_carrier_walking_past_its_tracks_end_arrives_prisoners_out_carrier_home() {
    let g = game(TAKE);
    let mut s = at(&g, "a", "3/3#0", "+b_home.2 x x x", "^b_home.2 +mid.2 x x");
    assert_eq!(moves(&g, &s), v(&["1:3 b_home.2>off"]));
    play(&g, &mut s, "1:3");
    assert_eq!(pieces(&g, &s), "a: a_home.1 x x x | b: x +mid.2 x x");
    // Without prisoners the same move stops on the track's last hole (its end).
    let mut s = at(&g, "a", "3/3#0", "+b_home.2 x x x", "x +mid.2 x x");
    assert_eq!(moves(&g, &s), v(&["1:3 b_home.2>b_home.1"]));
    play(&g, &mut s, "1:3");
    assert_eq!(pieces(&g, &s), "a: +b_home.1 x x x | b: x +mid.2 x x");
}

#[test]
fn landing_on_a_carrier_takes_the_whole_stack_own_pieces_freed_on_arrival() {
    let g = game(TAKE);
    assert_eq!(
        g.ir().movement.prisoners_freed.value,
        seig::lang::ir::PrisonersFreed::OnArrival
    );
    assert!(g.ir().movement.prisoners_freed.origin.is_none());
    let mut s = at(&g, "b", "2/2#0", "+mid.5 x x x", "^mid.5 +b_home.4 x x");
    assert_eq!(moves(&g, &s), v(&["2:2x b_home.4>mid.5"]));
    play(&g, &mut s, "2:2x");
    // a's carrier is now b's prisoner; b's own piece rides on with its new carrier.
    assert_eq!(pieces(&g, &s), "a: ^mid.5 x x x | b: ^mid.5 +mid.5 x x");
    // The stack arrives past b's track's end: b's pieces home, a's out of the game.
    let mut s = at(
        &g,
        "b",
        "3/3#0",
        "^a_home.2 x x x",
        "^a_home.2 +a_home.2 x x",
    );
    assert_eq!(moves(&g, &s), v(&["2:3 a_home.2>off"]));
    play(&g, &mut s, "2:3");
    assert_eq!(pieces(&g, &s), "a: x x x x | b: b_home.1 b_home.2 x x");
}

#[test]
fn prisoners_freed_at_once_sends_the_takers_own_pieces_home_when_taken() {
    let g = game(AT_ONCE);
    assert_eq!(
        g.ir().movement.prisoners_freed.value,
        seig::lang::ir::PrisonersFreed::AtOnce
    );
    let mut s = at(&g, "b", "2/2#0", "+mid.5 x x x", "^mid.5 +b_home.4 x x");
    assert_eq!(moves(&g, &s), v(&["2:2x b_home.4>mid.5"]));
    play(&g, &mut s, "2:2x");
    assert_eq!(pieces(&g, &s), "a: ^mid.5 x x x | b: b_home.1 +mid.5 x x");
}

#[test]
fn prisoners_are_out_of_play_a_team_of_prisoners_has_no_pieces() {
    let g = common::game_of(&file(&format!("{TAKE}\n win when opponent has no pieces")));
    let mut s = at(&g, "a", "3/3#0", "+mid.2 x x x", "+mid.5 x x x");
    play(&g, &mut s, "1:3x");
    assert!(note(&g, &s).contains("over a"), "{}", note(&g, &s));
}

#[test]
fn the_rules_say_the_prisoner_choice_and_its_default() {
    let g = game(TAKE);
    let said = |g: &Game| {
        g.ir()
            .engine_choices()
            .into_iter()
            .find(|c| c.name == "prisoners")
            .expect("the prisoners choice")
    };
    let c = said(&g);
    assert!(c.origin.is_none());
    assert!(
        c.value
            .contains("carried with it and go home when it arrives"),
        "{}",
        c.value
    );
    let c = said(&game(AT_ONCE));
    assert!(c.origin.is_some());
    assert!(c.value.contains("go home at once"), "{}", c.value);
}

#[test]
fn prisoners_freed_without_a_prisoner_capture_warns_w046() {
    let text = file("capture: compulsory, remove\n prisoners freed: at once");
    let (_, l) = seig::lang::load(text.as_bytes(), &seig::lang::lower::Selection::default());
    let codes: Vec<&str> = l.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert!(codes.contains(&"W046"), "{codes:?}");
    let (_, l) = seig::lang::load(
        file(AT_ONCE).as_bytes(),
        &seig::lang::lower::Selection::default(),
    );
    assert!(l.diagnostics.iter().all(|d| d.code.as_str() != "W046"));
}

#[test]
fn the_statements_format_back_to_themselves() {
    let text = file(AT_ONCE);
    let once = seig::lang::fmt::format_text(&text).expect("formats");
    assert!(
        once.contains("capture: compulsory, take prisoner"),
        "{once}"
    );
    assert!(once.contains("prisoners freed: at once"), "{once}");
    assert_eq!(seig::lang::fmt::format_text(&once).expect("formats"), once);
    let again = common::game_of(&once);
    assert_eq!(again.ir().movement, game(AT_ONCE).ir().movement);
    assert_eq!(again.ir().capture.at, game(AT_ONCE).ir().capture.at);
}
