//! `track TEAM entry: first hole|chosen hole|chosen empty hole`: where a piece off its track
//! steps onto it. Each option from a position in notation, with the exact legal decisions;
//! the entry hole in move notation, read back; the errors; the formatter's round trip.
//!
//! The variant (`file`): rows a_home (4), mid (6), b_home (4). Team a's pieces start in
//! a_home, off their track mid.1→6, b_home.4→1 (goal); team b's start on theirs, b_home.1→4,
//! mid.6→1, a_home.4→1. A 1 releases a piece moving 1, a 4 releases one moving 3, a 2
//! releases or moves 2, any other throw moves its value.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{TeamId, moves, play, pos};
use seig::engine::Game;
use seig::lang::lower::Selection;
use seig::tools::words::choice::EngineChoices;

/// The small variant with `extra` statements (in rule R-X).
fn file(extra: &str) -> String {
    format!(
        r#"
game "Entry"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 6 holes
  row b_home: home of b, 4 holes
  team a: 4 pieces in a_home
  team b: 4 pieces in b_home
  track a: mid forward, b_home backward goal
  track b: b_home forward, mid backward, a_home backward goal
  sticks: 4 with faces white and black
}}
rule R-T stated cites s "throws" {{
  on 0: nothing
  on 1: release 1 moving 1
  on 2: release or move 2
  on 4: release 1 moving 3
  on any: move value
}}
rule R-X inferred cites s "extra" {{
{extra}
}}
"#
    )
}

fn game(extra: &str) -> Game {
    common::game_of(&file(extra))
}

/// The codes of the errors the extra statements give, with their help lines.
fn errors(extra: &str) -> Vec<(String, String)> {
    let (_, l) = seig::lang::load(file(extra).as_bytes(), &Selection::default());
    assert!(l.ir.is_none(), "expected an error");
    l.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| {
            (
                d.code.as_str().to_string(),
                d.help.clone().unwrap_or_default(),
            )
        })
        .collect()
}

/// A position with team a to move: the pool and both teams' pieces.
fn at(g: &Game, pool: &str, a: &str, b: &str) -> seig::engine::State {
    pos(
        g,
        &format!("play | a 1 move | throws 1/1/9 turns 8 | pool {pool} | a: {a} | b: {b}"),
    )
}

/// Team a waiting in a_home; b's pieces out of the way unless a test needs them.
const WAITING: &str = "a_home.1 a_home.2 a_home.3 a_home.4";
const NO_B: &str = "x x x x";

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn first_hole_is_the_default_and_enters_the_track_s_first_hole() {
    for extra in ["", "track a entry: first hole"] {
        let g = game(extra);
        let s = at(&g, "r1/1#0", WAITING, NO_B);
        assert_eq!(moves(&g, &s), v(&["4:r1 a_home.4>mid.1"]), "{extra:?}");
        let s = at(&g, "r3/4#0", WAITING, NO_B);
        assert_eq!(moves(&g, &s), v(&["4:r3 a_home.4>mid.3"]), "{extra:?}");
    }
}

#[test]
fn chosen_hole_lists_every_hole_of_the_first_segment() {
    let g = game("track a entry: chosen hole");
    let s = at(&g, "r1/1#0", WAITING, NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "4:r1@mid.1 a_home.4>mid.1",
            "4:r1@mid.2 a_home.4>mid.2",
            "4:r1@mid.3 a_home.4>mid.3",
            "4:r1@mid.4 a_home.4>mid.4",
            "4:r1@mid.5 a_home.4>mid.5",
            "4:r1@mid.6 a_home.4>mid.6",
        ])
    );
}

#[test]
fn chosen_hole_then_the_places_left_of_a_release_moving_more() {
    // `release 1 moving 3`: the first step enters the chosen hole, two more walk on, past
    // the first segment into the next.
    let g = game("track a entry: chosen hole");
    let s = at(&g, "r3/4#0", WAITING, NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "4:r3@mid.1 a_home.4>mid.3",
            "4:r3@mid.2 a_home.4>mid.4",
            "4:r3@mid.3 a_home.4>mid.5",
            "4:r3@mid.4 a_home.4>mid.6",
            "4:r3@mid.5 a_home.4>b_home.4",
            "4:r3@mid.6 a_home.4>b_home.3",
        ])
    );
}

#[test]
fn chosen_hole_with_release_or_move_chooses_only_for_the_piece_entering() {
    // `release or move 2`: the released piece moves 2 as always; the waiting one enters a
    // chosen hole and walks one more.
    let g = game("track a entry: chosen hole");
    let s = at(&g, "e2/2#0", "+mid.1 a_home.2 a_home.3 a_home.4", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:e2 mid.1>mid.3",
            "4:e2@mid.1 a_home.4>mid.2",
            "4:e2@mid.2 a_home.4>mid.3",
            "4:e2@mid.3 a_home.4>mid.4",
            "4:e2@mid.4 a_home.4>mid.5",
            "4:e2@mid.5 a_home.4>mid.6",
            "4:e2@mid.6 a_home.4>b_home.4",
        ])
    );
}

#[test]
fn chosen_hole_lands_as_any_move_lands() {
    // An own piece on mid.2 (no stacking: the entry that lands there is refused; one that
    // walks on passes it), an opposing piece on mid.4 (shared: blocked landing's default).
    let g = game("track a entry: chosen hole");
    let s = at(
        &g,
        "r1/1#0",
        "+mid.2 a_home.2 a_home.3 a_home.4",
        "+mid.4 b_home.2 b_home.3 b_home.4",
    );
    assert_eq!(
        moves(&g, &s),
        v(&[
            "4:r1@mid.1 a_home.4>mid.1",
            "4:r1@mid.3 a_home.4>mid.3",
            "4:r1@mid.4 a_home.4>mid.4",
            "4:r1@mid.5 a_home.4>mid.5",
            "4:r1@mid.6 a_home.4>mid.6",
        ])
    );
    // Taking on entry: the capture applies to the hole a piece lands on after entering.
    let g = game("track a entry: chosen hole\ncapture: compulsory, send home");
    let s = at(
        &g,
        "r1/1#0",
        "+mid.2 a_home.2 a_home.3 a_home.4",
        "+mid.4 b_home.2 b_home.3 b_home.4",
    );
    assert!(moves(&g, &s).contains(&"4:r1@mid.4x a_home.4>mid.4".to_string()));
    assert!(!moves(&g, &s).contains(&"4:r1@mid.4 a_home.4>mid.4".to_string()));
}

#[test]
fn chosen_empty_hole_skips_the_holes_where_a_piece_stands() {
    let g = game("track a entry: chosen empty hole");
    let s = at(
        &g,
        "r3/4#0",
        "+mid.2 a_home.2 a_home.3 a_home.4",
        "+mid.4 b_home.2 b_home.3 b_home.4",
    );
    assert_eq!(
        moves(&g, &s),
        v(&[
            "4:r3@mid.1 a_home.4>mid.3",
            "4:r3@mid.3 a_home.4>mid.5",
            "4:r3@mid.5 a_home.4>b_home.4",
            "4:r3@mid.6 a_home.4>b_home.3",
        ])
    );
}

#[test]
fn the_entry_hole_is_read_back_from_move_notation_and_applied() {
    let g = game("track a entry: chosen hole");
    let s = at(&g, "r3/4#0", WAITING, NO_B);
    let mut legal = Vec::new();
    g.legal_decisions(&s, &mut legal);
    for d in &legal {
        let text = g.decision_notation(&s, *d);
        assert_eq!(
            g.parse_decision(&s, &text).expect("reads back"),
            *d,
            "{text}"
        );
        // And through a game record's JSON.
        let json = serde_json::to_string(d).expect("serialises");
        let back: seig::engine::Decision = serde_json::from_str(&json).expect("reads");
        assert_eq!(back, *d);
    }
    let mut s2 = s.clone();
    play(&g, &mut s2, "4:r3@mid.4");
    assert_eq!(
        g.to_notation(&s2)
            .rsplit("| a: ")
            .next()
            .map(|t| t.split(" |").next()),
        Some(Some("a_home.1 a_home.2 a_home.3 +mid.6"))
    );
    // A hole outside the first segment, and a hole named where no choice is made.
    let e = g
        .parse_decision(&s, "4:r3@b_home.2")
        .expect_err("not an entry hole");
    let e = common::said(&g, &e);
    assert!(e.contains("mid.1, mid.2"), "{e}");
    let plain = game("");
    let s = at(&plain, "r3/4#0", WAITING, NO_B);
    assert!(plain.parse_decision(&s, "4:r3@mid.2").is_err());
}

#[test]
fn an_entry_decision_for_the_wrong_hole_is_refused() {
    let g = game("track a entry: chosen empty hole");
    let s = at(&g, "r1/1#0", "+mid.2 a_home.2 a_home.3 a_home.4", NO_B);
    let d = seig::engine::Decision {
        piece: 3,
        mask: 1,
        capture: false,
        entry: 1,
    };
    let r = g
        .check_decision(&s, TeamId::new(0), d)
        .expect_err("mid.2 is taken");
    assert_eq!(r.kind, seig::engine::RefusalKind::EntryOccupied, "{r:?}");
    let d = seig::engine::Decision { entry: 6, ..d };
    assert!(g.check_decision(&s, TeamId::new(0), d).is_err());
}

#[test]
fn errors_for_a_chosen_entry_that_cannot_be_made() {
    // Said two ways.
    let e = errors("track a entry: chosen hole\ntrack a entry: first hole");
    assert_eq!(e[0].0, "E125");
    // Team b's pieces start on their track: they never enter it.
    let e = errors("track b entry: chosen hole");
    assert_eq!(e[0].0, "E126");
    assert!(e[0].1.contains("outside the track"), "{}", e[0].1);
    // A gate on the first segment would be skipped by a piece entering past its first hole.
    let e = errors("track a entry: chosen hole\ngate a mid: first throw of turn, else forbid");
    assert_eq!(e[0].0, "E127");
    // The same statement twice is no error.
    game("track a entry: chosen hole\ntrack a entry: chosen hole");
}

#[test]
fn seig_rules_names_the_entry_and_its_default() {
    let choice = |g: &Game| {
        g.ir()
            .engine_choices()
            .into_iter()
            .find(|c| c.name == "track entry")
            .expect("a track entry choice")
    };
    let c = choice(&game(""));
    assert!(c.origin.is_none());
    assert!(c.value.contains("a: the track's first hole"), "{}", c.value);
    let c = choice(&game("track a entry: chosen empty hole"));
    assert!(c.origin.is_some());
    assert!(
        c.value.contains("where no piece stands, chosen"),
        "{}",
        c.value
    );
}

#[test]
fn the_statement_round_trips_through_the_formatter() {
    for stmt in [
        "track a entry: first hole",
        "track a entry: chosen hole",
        "track a entry: chosen empty hole",
    ] {
        let text = file(stmt);
        let formatted = seig::lang::fmt::format_text(&text).expect("formats");
        assert!(formatted.contains(stmt), "{stmt} not kept:\n{formatted}");
        let again = seig::lang::fmt::format_text(&formatted).expect("formats again");
        assert_eq!(again, formatted);
    }
}
