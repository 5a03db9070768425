//! Issue 13's two general statements for a return: a track's last segment `back along the
//! track` (the piece turns on the last hole and walks its track backwards), and `immune when
//! CONDS first holds: own|opposing released pieces on the board` (immunity for the pieces
//! standing at the moment a condition first holds, not for those released later). Each from
//! a position in notation, with the exact legal decisions, under each option.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::*;
use seig::engine::Game;
use seig::lang::lower::Selection;

/// A small race of 4-hole rows: a runs its home row then the middle (goal), b its home row
/// then the middle the other way; `track_a` is a's track, `extra` goes in rule R-X under
/// reading A-X-1 (`yes` by default, or `no`).
fn text(track_a: &str, extra: &str) -> String {
    format!(
        r#"
game "Return"
source s "Test" {{ author "me" }}
reading A-X-1 "The statement under test?" {{
  yes (default) "in force"
  no "not in force"
}}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 4 holes
  row b_home: home of b, 4 holes
  team a: 2 pieces beside the board
  team b: 2 pieces beside the board
  {track_a}
  track b: b_home forward, mid backward goal
  sticks: 2 with faces white and black
  on any: release or move value
  stacking: forbidden except at goal
  capture: compulsory, remove
  win when opponent has no pieces
}}
rule R-X inferred cites s "extra" {{
  if A-X-1 = yes {{
{extra}
  }}
}}
"#
    )
}

const BACK: &str = "track a: a_home forward, mid forward goal, back along the track as return";
const OUT: &str = "track a: a_home forward, mid forward goal";

/// The variant under A-X-1 = `option`, or its diagnostics' codes.
fn lower(src: &str, option: &str) -> Result<Game, Vec<String>> {
    let sel = Selection {
        readings: vec![("A-X-1".into(), option.into())],
        params: vec![],
    };
    let (_, l) = seig::lang::load(src.as_bytes(), &sel);
    l.ir.map(Game::new).ok_or_else(|| {
        l.diagnostics
            .iter()
            .map(|d| format!("{}: {}", d.code.as_str(), d.message))
            .collect()
    })
}

fn load(src: &str, option: &str) -> Game {
    lower(src, option).unwrap_or_else(|d| panic!("{d:?}"))
}

fn throw_moves(g: &Game, position: &str, value: u8) -> (seig::engine::State, Vec<String>) {
    let mut s = pos(g, position);
    throw(g, &mut s, value);
    let m = moves(g, &s);
    (s, m)
}

// ---------------------------------------------------------------- back along the track

/// The way back is the way out reversed, each row the other way, without the hole of the
/// turn: mid 3, 2, 1, then a_home 4 … 1; the label names its first segment.
#[test]
fn back_along_the_track_walks_the_track_in_reverse_from_the_hole_before_the_turn() {
    let g = load(&text(BACK, ""), "yes");
    let tr = &g.ir().teams[TeamId::FIRST].track;
    let holes: Vec<String> = tr
        .cells
        .iter()
        .map(|c| {
            let (r, h) = g.ir().row_of(*c).expect("a hole of a row");
            format!("{}.{}", g.ir().rows[r].name, h + 1)
        })
        .collect();
    assert_eq!(
        holes.join(" "),
        "a_home.1 a_home.2 a_home.3 a_home.4 mid.1 mid.2 mid.3 mid.4 mid.3 mid.2 mid.1 a_home.4 a_home.3 a_home.2 a_home.1"
    );
    let segs: Vec<(u16, u16, bool, Option<&str>)> = tr
        .segments
        .iter()
        .map(|s| (s.start, s.len, s.backward, s.label.as_deref()))
        .collect();
    assert_eq!(
        segs,
        vec![
            (0, 4, false, None),
            (4, 4, false, None),
            (8, 3, true, Some("return")),
            (11, 4, true, None),
        ]
    );
}

/// From the goal's last hole a piece walks back along the middle; from the second visit of
/// a middle hole on, into its home row; at the end it stops on the track's first hole.
#[test]
fn back_along_the_track_moves_from_the_turn_and_stops_at_the_first_hole() {
    let g = load(&text(BACK, ""), "yes");
    let at_goal = "play | a 1 throw | throws 0/0/10 turns 10 | pool - | a: +mid.4 x | b: off off";
    let (_, m) = throw_moves(&g, at_goal, 2);
    assert_eq!(m, vec!["1:e2 mid.4>mid.2'"]);
    let back = "play | a 1 throw | throws 0/0/10 turns 10 | pool - | a: +mid.2' x | b: off off";
    let (_, m) = throw_moves(&g, back, 2);
    assert_eq!(m, vec!["1:e2 mid.2'>a_home.4'"]);
    let near_end =
        "play | a 1 throw | throws 0/0/10 turns 10 | pool - | a: +a_home.2' x | b: off off";
    let (s, m) = throw_moves(&g, near_end, 2);
    assert_eq!(m, vec!["1:e2 a_home.2'>a_home.1'"]);
    let mut s = s;
    play(&g, &mut s, "1:e2");
    assert!(note(&g, &s).contains("a: +a_home.1' x"), "{}", note(&g, &s));
    // Without the way back the goal's last hole is the track's end: nothing moves.
    let g = load(&text(OUT, ""), "yes");
    let (_, m) = throw_moves(&g, at_goal, 2);
    assert!(m.is_empty(), "{m:?}");
}

/// A gate on the way back (by its label) stops a piece on the hole of the turn.
#[test]
fn back_along_the_track_a_gate_on_its_label_holds_the_piece_at_the_turn() {
    let gate = "    gate a return: opponent has no pieces, else stop";
    let at_goal =
        "play | a 1 throw | throws 0/0/10 turns 10 | pool - | a: +mid.4 +a_home.1 | b: off off";
    let g = load(&text(BACK, gate), "yes");
    let (_, m) = throw_moves(&g, at_goal, 2);
    assert_eq!(m, vec!["2:e2 a_home.1>a_home.3"]);
    let g = load(&text(BACK, gate), "no");
    let (_, m) = throw_moves(&g, at_goal, 2);
    assert_eq!(m, vec!["1:e2 mid.4>mid.2'", "2:e2 a_home.1>a_home.3"]);
}

/// A track that walks a row both ways cannot be walked back: E130.
#[test]
fn back_along_the_track_of_a_row_walked_both_ways_is_e130() {
    let track = "track a: a_home forward, mid forward, mid backward goal, back along the track";
    let Err(err) = lower(&text(track, ""), "yes") else {
        panic!("the track lowered")
    };
    assert!(err.iter().any(|e| e.starts_with("E130")), "{err:?}");
}

/// Both statements format back to themselves.
#[test]
fn both_statements_round_trip_through_the_formatter() {
    let src = text(BACK, IMMUNE);
    let once = seig::lang::fmt::format_text(&src).expect("formats");
    assert!(once.contains(BACK), "{once}");
    assert!(once.contains(IMMUNE.trim()), "{once}");
    assert_eq!(seig::lang::fmt::format_text(&once).expect("formats"), once);
}

// ---------------------------------------------------------------- immune when … first holds

const IMMUNE: &str =
    "    immune when all own pieces arrived first holds: opposing released pieces on the board";

/// When a's last piece arrives, b's released piece on the board turns immune, and b's piece
/// still beside the board does not; the latch is kept as `once a:1`. Without the statement
/// nothing turns immune.
#[test]
fn immune_when_first_holds_protects_the_pieces_standing_then() {
    let before =
        "play | a 1 throw | throws 0/0/10 turns 10 | pool - | a: +mid.4 +mid.3 | b: +b_home.3 off";
    for (option, after, latched) in [
        (
            "yes",
            "| pool - | a: +mid.4 +mid.4 | b: +!b_home.3 off",
            true,
        ),
        (
            "no",
            "| pool - | a: +mid.4 +mid.4 | b: +b_home.3 off",
            false,
        ),
    ] {
        let g = load(&text(OUT, IMMUNE), option);
        let (mut s, m) = throw_moves(&g, before, 1);
        assert_eq!(m, vec!["2:e1 mid.3>mid.4"], "{option}");
        play(&g, &mut s, "2:e1");
        let n = note(&g, &s);
        assert!(n.ends_with(after), "{option}: {n}");
        assert_eq!(n.contains("once a:1"), latched, "{option}: {n}");
    }
}

/// After the latch, a returning piece cannot take the piece that was immune then (it shares
/// the hole) but takes one released later; without the statement it takes both.
#[test]
fn immune_when_first_holds_leaves_later_pieces_to_be_taken() {
    let g = load(&text(BACK, IMMUNE), "yes");
    let p = "play | a 1 throw | throws 0/0/10 turns 10 once a:1 | pool - | a: +mid.4 +mid.4 | b: +!mid.3 +mid.2";
    let (s, m) = throw_moves(&g, p, 1);
    assert_eq!(m, vec!["1:e1 mid.4>mid.3'", "2:e1 mid.4>mid.3'"]);
    let mut s1 = s.clone();
    play(&g, &mut s1, "1:e1");
    assert!(
        note(&g, &s1).ends_with("b: +!mid.3 +mid.2"),
        "{}",
        note(&g, &s1)
    );
    let (mut s2, m) = throw_moves(&g, p, 2);
    assert_eq!(m, vec!["1:e2x mid.4>mid.2'", "2:e2x mid.4>mid.2'"]);
    play(&g, &mut s2, "1:e2x");
    assert!(note(&g, &s2).ends_with("b: +!mid.3 x"), "{}", note(&g, &s2));

    let g = load(&text(BACK, IMMUNE), "no");
    let p =
        "play | a 1 throw | throws 0/0/10 turns 10 | pool - | a: +mid.4 +mid.4 | b: +mid.3 +mid.2";
    let (mut s, m) = throw_moves(&g, p, 1);
    assert_eq!(m, vec!["1:e1x mid.4>mid.3'", "2:e1x mid.4>mid.3'"]);
    play(&g, &mut s, "1:e1x");
    assert!(note(&g, &s).ends_with("b: x +mid.2"), "{}", note(&g, &s));
}

/// The statement's latch counts among the file's `once` conditions and is numbered with
/// them: a `once` written before it is latch 1, the statement's latch 2.
#[test]
fn immune_when_takes_a_latch_after_earlier_once_conditions() {
    let extra = format!("    win when once opponent has no pieces\n{IMMUNE}");
    let g = load(&text(OUT, &extra), "yes");
    let w = &g.ir().capture.immune_when;
    assert_eq!(w.len(), 1);
    assert_eq!(w[0].latch, 1);
    assert!(w[0].opposing);
}
