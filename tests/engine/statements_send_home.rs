//! `send home to: chosen empty hole` and its per-capture form `…, send home to chosen empty
//! hole`: a piece a capture sends home waits off the board while the capturing seat chooses
//! an empty hole of its start row (a home decision, `home@ROW.HOLE`); with one empty hole
//! it goes there unasked, with none it waits off the board. A position, the exact legal
//! decisions, what playing them does; refusals; notation and format round trips.
//!
//! The variant: rows a_home (4), mid (6), b_home (4); team a walks a_home.1→4, mid.1→6,
//! b_home.4→1; team b walks b_home.1→4, mid.6→1, a_home.4→1. A 1 releases a piece moving
//! 1, any other throw moves its value.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{TeamId, moves, note, play, pos, refuse};
use seig::engine::{Decision, Event, Game, Stage, State};

const THROWS: &str = "  on 0: nothing\n  on 1: release 1 moving 1\n  on any: move value";

fn file(extra: &str) -> String {
    common::small_variant("Send home", THROWS, extra)
}

fn game(extra: &str) -> Game {
    common::game_of(&file(extra))
}

/// Team a to move with a 3 in the pool, its pieces and team b's as given.
fn at(g: &Game, a: &str, b: &str) -> State {
    pos(
        g,
        &format!("play | a 1 move | throws 1/1/9 turns 8 | pool 3/3#0 | a: {a} | b: {b}"),
    )
}

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

const CHOSEN: &str = "capture: compulsory, send home\n send home to: chosen empty hole";

#[test]
fn the_capturing_seat_chooses_among_the_empty_holes_of_the_start_row() {
    let g = game(CHOSEN);
    let mut s = at(&g, "+mid.1 x x x", "b_home.2 x x +mid.4");
    assert_eq!(moves(&g, &s), v(&["1:3x mid.1>mid.4"]));
    play(&g, &mut s, "1:3x");
    // Still team a's decision: where b's piece 4 goes, among the three empty holes.
    assert_eq!(s.stage(), Stage::Move);
    assert_eq!(s.team(), TeamId::FIRST);
    assert_eq!(s.homing(), 1 << 3);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "home@b_home.1 (b 4)",
            "home@b_home.3 (b 4)",
            "home@b_home.4 (b 4)"
        ])
    );
    let ev = play(&g, &mut s, "home@b_home.3");
    assert!(ev.contains(&Event::HomeChosen {
        team: TeamId::SECOND,
        piece: 3,
        cell: g.ir().rows[2].cell(2),
    }));
    assert_eq!(s.homing(), 0);
    // The move is over: team a's turn ends, team b throws.
    assert_eq!(s.stage(), Stage::Throw);
    assert!(
        note(&g, &s).ends_with("b: b_home.2 x x b_home.3"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn with_one_empty_hole_no_decision_is_asked() {
    let g = game(CHOSEN);
    let mut s = at(&g, "+mid.1 x x x", "b_home.1 b_home.2 b_home.4 +mid.4");
    let ev = play(&g, &mut s, "1:3x");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::HomeChosen { piece: 3, .. }))
    );
    assert_eq!(s.homing(), 0);
    assert_eq!(s.stage(), Stage::Throw);
    assert!(
        note(&g, &s).ends_with("b: b_home.1 b_home.2 b_home.4 b_home.3"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn with_no_empty_hole_the_piece_waits_off_the_board() {
    let g = game(CHOSEN);
    // Team a's pieces hold three holes of b's start row, b's piece 1 the fourth.
    let mut s = at(
        &g,
        "+mid.1 +b_home.1 +b_home.2 +b_home.3",
        "b_home.4 x x +mid.4",
    );
    play(&g, &mut s, "1:3x");
    assert_eq!(s.homing(), 0);
    assert_eq!(s.stage(), Stage::Throw);
    assert!(
        note(&g, &s).ends_with("b: b_home.4 x x off"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn pieces_taken_together_are_placed_one_after_the_other_in_piece_order() {
    let g = game(&format!("{CHOSEN}\n stacking: allowed"));
    let mut s = at(&g, "+mid.1 x x x", "x x +mid.4 +mid.4");
    play(&g, &mut s, "1:3x");
    assert_eq!(s.homing(), 0b1100);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "home@b_home.1 (b 3)",
            "home@b_home.2 (b 3)",
            "home@b_home.3 (b 3)",
            "home@b_home.4 (b 3)"
        ])
    );
    play(&g, &mut s, "home@b_home.4");
    assert_eq!(
        moves(&g, &s),
        v(&[
            "home@b_home.1 (b 4)",
            "home@b_home.2 (b 4)",
            "home@b_home.3 (b 4)"
        ])
    );
    play(&g, &mut s, "home@b_home.1");
    assert_eq!(s.stage(), Stage::Throw);
    assert!(
        note(&g, &s).ends_with("b: x x b_home.4 b_home.1"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn a_throw_again_waits_for_the_home_decisions() {
    let g = game(&format!("{CHOSEN}\n stacking: allowed"));
    let mut s = pos(
        &g,
        "play | a 1 move | throws 1/1/9 turns 8 | pool 3/3#0 2/2#0 | a: +mid.1 +a_home.1 x x | b: x x x +mid.4",
    );
    play(&g, &mut s, "1:3x");
    // The pool's 2 is not offered until b's piece has its hole.
    assert_eq!(moves(&g, &s).len(), 4);
    assert!(moves(&g, &s).iter().all(|m| m.starts_with("home@")));
    // Refused by the statement that names the chosen target.
    assert_eq!(refuse(&g, &s, "2:2"), "R-X");
    play(&g, &mut s, "home@b_home.2");
    assert_eq!(
        moves(&g, &s),
        v(&["1:2 mid.4>mid.6", "2:2 a_home.1>a_home.3"])
    );
}

#[test]
fn home_decisions_are_refused_where_they_do_not_fit() {
    let g = game(CHOSEN);
    let mut s = at(&g, "+mid.1 x x x", "b_home.2 x x +mid.4");
    // No piece waits.
    let d = g.parse_decision(&s, "home@b_home.1").expect("parses");
    let r = g
        .apply_decision(&mut s.clone(), d, &mut Vec::new())
        .expect_err("refused");
    assert_eq!(
        seig::tools::words::refusal::what(&r),
        "no piece sent home waits for its hole"
    );
    play(&g, &mut s, "1:3x");
    // A hole taken, and a hole of another row.
    let d = g.parse_decision(&s, "home@b_home.2").expect("parses");
    let r = g
        .apply_decision(&mut s.clone(), d, &mut Vec::new())
        .expect_err("refused");
    assert_eq!(
        seig::tools::words::refusal::what(&r),
        "a piece sent home goes to an empty hole of its start row, and this is none"
    );
    assert_eq!(refuse(&g, &s, "home@b_home.2"), "R-X");
    assert!(g.parse_decision(&s, "home@mid.2").is_err());
    assert!(g.parse_decision(&s, "home@a_home.2").is_err());
    // Nothing but a home decision.
    assert!(
        g.apply_decision(&mut s.clone(), Decision::PASS, &mut Vec::new())
            .is_err()
    );
}

#[test]
fn a_waiting_piece_round_trips_through_the_position_notation() {
    let g = game(CHOSEN);
    let mut s = at(&g, "+mid.1 x x x", "b_home.2 x x +mid.4");
    play(&g, &mut s, "1:3x");
    let text = note(&g, &s);
    assert!(text.contains(" homing 4"), "{text}");
    assert_eq!(pos(&g, &text), s);
    // Not where no piece is sent to a chosen hole.
    let other = game("capture: compulsory, send home");
    assert!(other.from_notation(&text).is_err());
}

#[test]
fn the_per_capture_form_overrides_the_game_wide_target() {
    let g = game(
        "capture: compulsory, send home\n capture in mid: compulsory, send home to chosen empty hole\n send home to: start hole",
    );
    let mut s = at(&g, "+mid.1 x x x", "b_home.2 x x +mid.4");
    play(&g, &mut s, "1:3x");
    assert_eq!(
        moves(&g, &s),
        v(&[
            "home@b_home.1 (b 4)",
            "home@b_home.3 (b 4)",
            "home@b_home.4 (b 4)"
        ])
    );
    // And the game-wide chosen target gives way to a capture statement's own.
    let g = game("capture: compulsory, send home to start hole\n send home to: chosen empty hole");
    let mut s = at(&g, "+mid.1 x x x", "b_home.2 x x +mid.4");
    play(&g, &mut s, "1:3x");
    assert_eq!(s.homing(), 0);
    assert!(
        note(&g, &s).ends_with("b: b_home.2 x x b_home.4"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn the_default_target_asks_nothing() {
    let g = game("capture: compulsory, send home");
    let mut s = at(&g, "+mid.1 x x x", "b_home.2 x x +mid.4");
    play(&g, &mut s, "1:3x");
    assert_eq!(s.homing(), 0);
    assert!(
        note(&g, &s).ends_with("b: b_home.2 x x b_home.4"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn a_removing_capture_names_no_target() {
    let codes = common::error_codes(&file("capture: compulsory, remove to chosen empty hole"));
    assert!(codes.contains(&"E111".to_string()), "{codes:?}");
}

#[test]
fn both_forms_round_trip_through_the_formatter() {
    for stmt in [
        "send home to: chosen empty hole",
        "capture in mid: compulsory, send home to chosen empty hole",
    ] {
        let text = file(&format!("capture: compulsory, send home\n  {stmt}"));
        let formatted = seig::lang::fmt::format_text(&text).expect("formats and reads back");
        assert!(formatted.contains(stmt), "{stmt} not kept:\n{formatted}");
        assert_eq!(
            seig::lang::fmt::format_text(&formatted).expect("formats again"),
            formatted
        );
    }
}

#[test]
fn a_home_decision_is_drawn_and_explained_as_a_piece_put_on_its_hole() {
    let g = game(CHOSEN);
    let mut s = at(&g, "+mid.1 x x x", "b_home.2 x x +mid.4");
    play(&g, &mut s, "1:3x");
    let d = g.parse_decision(&s, "home@b_home.3").expect("parses");
    // From beside the board to hole 3 of b_home (row 2), no piece of the seat's.
    let (from, to, path) = seig::tools::view::move_holes(&g, &s, d);
    assert_eq!(from, None);
    assert_eq!(to.map(|h| (h.row, h.hole)), Some((2, 2)));
    assert_eq!(path.len(), 1);
    let view = seig::tools::view::board_view(&g, &s, None);
    assert_eq!(view.moves.len(), 3);
    assert!(view.moves.iter().all(|m| m.piece == 0 && m.from.is_none()));
    let seig::engine::Verdict::Legal(cs) = g.verdict(&s, d) else {
        panic!("refused");
    };
    let words: Vec<String> = cs
        .iter()
        .map(|c| seig::tools::words::verdict::consequence(g.ir(), c))
        .collect();
    assert_eq!(
        words.first().map(String::as_str),
        Some("b piece 4 is put on b_home.3 (R-X)")
    );
}
