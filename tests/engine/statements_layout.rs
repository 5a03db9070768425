//! Start layouts (issue 27): `team T: N pieces on holes A, B, … of ROW` and `on odd|even
//! holes of ROW`. Each sets up the initial position and asserts where the pieces stand, what
//! the notation says, and the exact legal decisions from there; then the release order by
//! hole, sending home to a piece's own listed hole, the diagnostics (E054, E160, E161, W042)
//! and the formatter's round trip.
//!
//! The variant (`file`): rows a_home (4), mid (8), b_home (4). Team a walks mid.1→8, then
//! b_home.4→1 (goal); team b walks mid.8→1, then a_home.4→1 (goal). The pieces start on mid,
//! unreleased. A 1 releases a piece moving 1, a 0 does nothing, any other throw moves its
//! value.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{TeamId, moves, note, play, pos, throw};
use seig::engine::Game;
use seig::lang::lower::Selection;

/// The variant with the two teams' pieces statements and `extra` statements (in rule R-X).
fn file(a: &str, b: &str, extra: &str) -> String {
    format!(
        r#"
game "Layout"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 8 holes
  row b_home: home of b, 4 holes
  team a: {a}
  team b: {b}
  track a: mid forward, b_home backward goal
  track b: mid backward, a_home backward goal
  sticks: 4 with faces white and black
}}
rule R-T stated cites s "throws" {{
  on 0: nothing
  on 1: release 1 moving 1
  on any: move value
}}
{extra}
"#,
        extra = if extra.is_empty() {
            String::new()
        } else {
            format!("rule R-X inferred cites s \"extra\" {{\n{extra}\n}}")
        }
    )
}

/// The two teams alternating on mid: a on the odd holes, b on the even ones.
const ODD: &str = "4 pieces on odd holes of mid";
const EVEN: &str = "4 pieces on even holes of mid";

fn game(a: &str, b: &str, extra: &str) -> Game {
    common::game_of(&file(a, b, extra))
}

/// The codes of every diagnostic (errors and warnings) the file gives.
fn codes(a: &str, b: &str, extra: &str) -> Vec<String> {
    let (_, l) = seig::lang::load(file(a, b, extra).as_bytes(), &Selection::default());
    l.diagnostics
        .iter()
        .map(|d| d.code.as_str().to_string())
        .collect()
}

/// The start holes of a team's pieces, by name, in piece order.
fn starts(g: &Game, t: TeamId) -> Vec<String> {
    (0..usize::from(g.ir().teams[t].pieces))
        .map(|i| {
            g.ir()
                .start_cell(t, i)
                .map_or("off".into(), |c| g.ir().cell_name(c))
        })
        .collect()
}

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn odd_and_even_holes_put_the_teams_alternating_on_one_row() {
    let g = game(ODD, EVEN, "");
    assert_eq!(
        starts(&g, TeamId::FIRST),
        ["mid.1", "mid.3", "mid.5", "mid.7"]
    );
    assert_eq!(
        starts(&g, TeamId::SECOND),
        ["mid.2", "mid.4", "mid.6", "mid.8"]
    );
    let mut s = g.initial_state();
    let n = note(&g, &s);
    assert!(
        n.contains("a: mid.1 mid.3 mid.5 mid.7 | b: mid.2 mid.4 mid.6 mid.8"),
        "{n}"
    );
    // The notation reads back to the same position.
    assert_eq!(note(&g, &pos(&g, &n)), n);
    // A 1 releases the front-most waiting piece (the language default), a's on mid.7,
    // moving it to mid.8 beside b's piece (no capture statement: they share).
    throw(&g, &mut s, 1);
    assert_eq!(moves(&g, &s), v(&["4:r1 mid.7>mid.8"]));
}

#[test]
fn listed_holes_give_each_piece_its_hole_in_the_order_listed() {
    let g = game(
        "3 pieces on holes 6, 2, 4 of mid",
        "2 pieces on hole 8, 7 of mid",
        "",
    );
    assert_eq!(starts(&g, TeamId::FIRST), ["mid.6", "mid.2", "mid.4"]);
    assert_eq!(starts(&g, TeamId::SECOND), ["mid.8", "mid.7"]);
    let n = note(&g, &g.initial_state());
    assert!(n.contains("a: mid.6 mid.2 mid.4 | b: mid.8 mid.7"), "{n}");
    let mut s = g.initial_state();
    throw(&g, &mut s, 1);
    assert_eq!(moves(&g, &s), v(&["1:r1 mid.6>mid.7"]));
}

#[test]
fn release_order_by_hole_takes_the_lowest_or_highest_listed_hole() {
    for (order, want) in [
        ("first hole", "2:r1 mid.2>mid.3"),
        ("last hole", "1:r1 mid.6>mid.7"),
        ("front-most", "1:r1 mid.6>mid.7"),
        ("rear-most", "2:r1 mid.2>mid.3"),
    ] {
        let g = game(
            "3 pieces on holes 6, 2, 4 of mid",
            "2 pieces on holes 8, 7 of mid",
            &format!("release order: {order}"),
        );
        let mut s = g.initial_state();
        throw(&g, &mut s, 1);
        assert_eq!(moves(&g, &s), v(&[want]), "{order}");
    }
}

#[test]
fn a_piece_sent_home_goes_back_to_its_own_listed_hole() {
    let g = game(ODD, EVEN, "capture: compulsory, send home");
    // b's third piece (start mid.6) released on mid.3; a's piece on mid.1 takes it with a 2.
    let mut s = pos(
        &g,
        "play | a 1 move | throws 1/1/9 turns 8 | pool 2/2#0 | a: +mid.1 x x x | b: x x +mid.3 x",
    );
    assert_eq!(moves(&g, &s), v(&["1:2x mid.1>mid.3"]));
    play(&g, &mut s, "1:2x");
    let n = note(&g, &s);
    assert!(n.contains("b: x x mid.6 x"), "{n}");
    // With the first empty hole instead: the first empty hole of the start row, mid.1.
    let g = game(
        ODD,
        EVEN,
        "capture: compulsory, send home to first empty hole",
    );
    let mut s = pos(
        &g,
        "play | a 1 move | throws 1/1/9 turns 8 | pool 2/2#0 | a: +mid.1 x x x | b: x x +mid.3 x",
    );
    play(&g, &mut s, "1:2x");
    let n = note(&g, &s);
    assert!(n.contains("b: x x mid.1 x"), "{n}");
}

#[test]
fn pieces_not_as_many_as_the_holes_or_a_hole_past_the_row_are_e054() {
    // Four odd holes in a row of 8: three pieces are too few, five too many.
    assert_eq!(codes("3 pieces on odd holes of mid", EVEN, ""), ["E054"]);
    assert_eq!(codes("5 pieces on odd holes of mid", EVEN, ""), ["E054"]);
    assert_eq!(
        codes("2 pieces on holes 1, 3, 5 of mid", EVEN, ""),
        ["E054"]
    );
    assert_eq!(codes("2 pieces on holes 1, 9 of mid", EVEN, ""), ["E054"]);
    // A param-aware layout: the odd holes of a row sized by a param.
    let text = file(ODD, EVEN, "")
        .replace("row mid: middle, 8 holes", "row mid: middle, holes holes")
        .replace("rule R-B", "param holes = 8 in 4..12 even\nrule R-B");
    let (_, l) = seig::lang::load(text.as_bytes(), &Selection::default());
    assert!(l.ir.is_some(), "{:?}", l.diagnostics);
    let sel = Selection {
        params: vec![("holes".into(), 10)],
        ..Selection::default()
    };
    let (_, l) = seig::lang::load(text.as_bytes(), &sel);
    let cs: Vec<&str> = l.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(
        cs,
        ["E054", "E054"],
        "five odd and five even holes for 4 pieces"
    );
}

#[test]
fn a_hole_listed_twice_is_e160() {
    assert_eq!(
        codes("4 pieces on holes 1, 3, 3, 5 of mid", EVEN, ""),
        ["E160"]
    );
}

#[test]
fn both_teams_on_one_hole_is_e161_where_a_landing_would_take_and_w042_where_they_share() {
    let b = "4 pieces on holes 1, 4, 6, 8 of mid";
    assert_eq!(codes(ODD, b, "capture: compulsory, remove"), ["E161"]);
    // A safe hole both teams share: a warning.
    assert_eq!(
        codes(
            ODD,
            b,
            "capture: compulsory, remove\n no capture in hole 1 of mid, sharing"
        ),
        ["W042"]
    );
    // No capture anywhere: landing shares (`blocked landing: share`, the default) …
    assert_eq!(codes(ODD, b, ""), ["W042"]);
    // … but not under `blocked landing: forbidden`.
    assert_eq!(codes(ODD, b, "blocked landing: forbidden"), ["E161"]);
    // Apart, nothing to say.
    assert_eq!(
        codes(ODD, EVEN, "capture: compulsory, remove"),
        Vec::<String>::new()
    );
    // Where they share, both stand there at the start.
    let g = game(ODD, b, "");
    let n = note(&g, &g.initial_state());
    assert!(
        n.contains("a: mid.1 mid.3 mid.5 mid.7 | b: mid.1 mid.4 mid.6 mid.8"),
        "{n}"
    );
}

#[test]
fn start_layouts_round_trip_through_the_formatter() {
    for (a, b) in [
        (ODD, EVEN),
        (
            "3 pieces on holes 6, 2, 4 of mid",
            "1 pieces on hole 8 of mid",
        ),
    ] {
        let text = file(a, b, "");
        let formatted = seig::lang::fmt::format_text(&text).expect("formats and reads back");
        assert!(formatted.contains(&format!("team a: {a}")), "{formatted}");
        assert!(formatted.contains(&format!("team b: {b}")), "{formatted}");
        let again = seig::lang::fmt::format_text(&formatted).expect("formats again");
        assert_eq!(again, formatted);
    }
}
