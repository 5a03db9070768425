//! `stacks: move together|apart`, in each option: a small rule file, a position in
//! notation, the exact legal decisions (checked against the generator's definition by
//! `common::moves`); the contradiction with `stacking: forbidden` (E115); `seig rules`'s
//! wording; a parse → format → parse round trip.
//!
//! The variant (`file`): rows a_home (4), mid (6), b_home (4). Team a walks a_home.1→4
//! (track indices 0..3), mid.1→6 (4..9), b_home.4→1 (10..13, goal); team b walks b_home.1→4,
//! mid.6→1, a_home.4→1. A 1 releases a piece moving 1; any other throw moves its value.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{TeamId, moves, note, play, pos, refuse};
use seig::engine::{Event, Game};
use seig::lang::lower::Selection;
use seig::tools::words::choice::EngineChoices;

/// The small variant with `extra` statements (in rule R-X).
const THROWS: &str = "  on 0: nothing\n  on 1: release 1 moving 1\n  on any: move value";

fn file(extra: &str) -> String {
    common::small_variant("Stacks", THROWS, extra)
}

fn lowered(extra: &str) -> Result<Game, Vec<String>> {
    common::lower_text(&file(extra))
}

/// The codes of the warnings the file gives.
fn warnings(extra: &str) -> Vec<String> {
    let (_, l) = seig::lang::load(file(extra).as_bytes(), &Selection::default());
    l.diagnostics
        .iter()
        .filter(|d| !d.is_error())
        .map(|d| d.code.as_str().to_string())
        .collect()
}

fn game(extra: &str) -> Game {
    common::game_of(&file(extra))
}

/// A position of team `team` (`a` or `b`) to move, with the pool and both teams' pieces.
fn at(g: &Game, team: &str, pool: &str, a: &str, b: &str) -> seig::engine::State {
    let throws = pool
        .split_whitespace()
        .filter_map(|e| e.split('#').nth(1))
        .filter_map(|t| {
            t.chars()
                .take_while(char::is_ascii_digit)
                .collect::<String>()
                .parse::<u32>()
                .ok()
        })
        .max()
        .map_or(1, |t| t + 1);
    pos(
        g,
        &format!(
            "play | {team} 1 move | throws {throws}/{throws}/9 turns 8 | pool {pool} | a: {a} | b: {b}"
        ),
    )
}

/// b's pieces out of the way (removed) unless a test needs them.
const NO_B: &str = "x x x x";

const APART: [&str; 2] = [
    "stacking: allowed",
    "stacking: allowed\n stacks: move apart",
];
const TOGETHER: &str = "stacking: allowed\n stacks: move together";

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The pieces section of a team in the position's notation.
fn pieces(g: &Game, s: &seig::engine::State, team: &str) -> String {
    let text = note(g, s);
    let head = format!("{team}: ");
    text.split(" | ")
        .find_map(|sec| sec.strip_prefix(&head))
        .unwrap_or_else(|| panic!("no {team} in {text}"))
        .to_string()
}

// ------------------------------------------------------------------- one decision per stack

#[test]
fn apart_is_the_default_and_gives_one_decision_per_piece() {
    for extra in APART {
        let g = game(extra);
        let mut s = at(&g, "a", "3/3#0", "+mid.2 +mid.2 x x", NO_B);
        assert_eq!(
            moves(&g, &s),
            v(&["1:3 mid.2>mid.5", "2:3 mid.2>mid.5"]),
            "{extra}"
        );
        // The piece moves alone: its stack-mate stays.
        play(&g, &mut s, "2:3");
        assert_eq!(pieces(&g, &s, "a"), "+mid.2 +mid.5 x x", "{extra}");
    }
    assert!(!game(APART[0]).ir().movement.stacks_together.value);
    assert!(
        game(APART[0])
            .ir()
            .movement
            .stacks_together
            .origin
            .is_none()
    );
}

#[test]
fn together_gives_one_decision_for_the_stack_and_moves_it_whole() {
    let g = game(TOGETHER);
    let mut s = at(&g, "a", "3/3#0", "+mid.2 +mid.2 +mid.4 x", NO_B);
    // One decision for the stack (named by its first piece), one for the piece alone.
    assert_eq!(moves(&g, &s), v(&["1:3 mid.2>mid.5", "3:3 mid.4>b_home.4"]));
    // A piece may not leave its stack.
    assert_eq!(refuse(&g, &s, "2:3"), "R-X");
    play(&g, &mut s, "1:3");
    assert_eq!(pieces(&g, &s, "a"), "+mid.5 +mid.5 +mid.4 x");
}

#[test]
fn pieces_in_one_place_but_another_state_are_two_stacks() {
    // An immune piece and one that is not: they are judged apart, so they move apart.
    let g = game(&format!("{TOGETHER}\n immune after entering mid"));
    let s = at(&g, "a", "3/3#0", "+!mid.2 +mid.2 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:3 mid.2>mid.5", "2:3 mid.2>mid.5"]));
}

#[test]
fn a_stack_that_becomes_immune_becomes_immune_whole() {
    let g = game(&format!("{TOGETHER}\n immune after entering b_home"));
    let mut s = at(&g, "a", "3/3#0", "+mid.5 +mid.5 x x", NO_B);
    let ev = play(&g, &mut s, "1:3");
    assert_eq!(pieces(&g, &s, "a"), "+!b_home.3 +!b_home.3 x x");
    let immune: Vec<u8> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Immune { piece, .. } => Some(*piece),
            _ => None,
        })
        .collect();
    assert_eq!(immune, vec![0, 1]);
}

#[test]
fn a_piece_landing_on_its_own_joins_the_stack() {
    // A release moving 1 from a_home.1 lands on a released piece on a_home.2.
    let g = game(TOGETHER);
    let mut s = at(&g, "a", "r1/1#0", "a_home.1 +a_home.2 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:r1 a_home.1>a_home.2"]));
    play(&g, &mut s, "1:r1");
    assert_eq!(pieces(&g, &s, "a"), "+a_home.2 +a_home.2 x x");
    // From now on they move as one.
    let s = at(&g, "a", "3/3#0", &pieces(&g, &s, "a"), NO_B);
    assert_eq!(moves(&g, &s), v(&["1:3 a_home.2>mid.1"]));
    // Apart, the same landing leaves two pieces that move alone.
    let g = game(APART[1]);
    let mut s = at(&g, "a", "r1/1#0", "a_home.1 +a_home.2 x x", NO_B);
    play(&g, &mut s, "1:r1");
    let s = at(&g, "a", "3/3#0", &pieces(&g, &s, "a"), NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&["1:3 a_home.2>mid.1", "2:3 a_home.2>mid.1"])
    );
}

// ------------------------------------------------------------------- taking

#[test]
fn a_stack_lands_on_an_opposing_piece_as_one_piece_would() {
    let extra = format!("{TOGETHER}\n capture: compulsory, send home");
    let g = game(&extra);
    let mut s = at(&g, "a", "3/3#0", "+mid.2 +mid.2 x x", "+mid.5 x x x");
    assert_eq!(moves(&g, &s), v(&["1:3x mid.2>mid.5"]));
    play(&g, &mut s, "1:3x");
    assert_eq!(pieces(&g, &s, "a"), "+mid.5 +mid.5 x x");
    assert_eq!(pieces(&g, &s, "b"), "b_home.1 x x x");
    // Where taking is forbidden and the hole may not be shared, the stack may not land.
    let g = game(&format!(
        "{TOGETHER}\n capture: compulsory, send home\n no capture in mid\n blocked landing: forbidden"
    ));
    let s = at(&g, "a", "3/3#0", "+mid.2 +mid.2 x x", "+mid.5 x x x");
    assert_eq!(moves(&g, &s), Vec::<String>::new());
}

#[test]
fn a_stack_landed_on_is_taken_whole() {
    for extra in [
        format!("{TOGETHER}\n capture: compulsory, send home"),
        format!("{}\n capture: compulsory, send home", APART[1]),
    ] {
        let g = game(&extra);
        // b's piece on mid.6 (its track index 4) moves 3 to mid.3.
        let mut s = at(&g, "b", "3/3#0", "+mid.3 +mid.3 +mid.1 x", "+mid.6 x x x");
        assert_eq!(moves(&g, &s), v(&["1:3x mid.6>mid.3"]), "{extra}");
        play(&g, &mut s, "1:3x");
        // Both pieces of the stack go home, to their start holes.
        assert_eq!(pieces(&g, &s, "a"), "a_home.1 a_home.2 +mid.1 x", "{extra}");
    }
    // Removed, likewise.
    let g = game(&format!("{TOGETHER}\n capture: compulsory, remove"));
    let mut s = at(&g, "b", "3/3#0", "+mid.3 +mid.3 +mid.1 x", "+mid.6 x x x");
    play(&g, &mut s, "1:3x");
    assert_eq!(pieces(&g, &s, "a"), "x x +mid.1 x");
}

#[test]
fn immune_pieces_of_a_hole_stay_when_the_others_are_taken() {
    // Protection belongs to the victim: an immune piece is a stack of its own and stays.
    let g = game(&format!(
        "{TOGETHER}\n capture: compulsory, send home\n immune after entering mid"
    ));
    let mut s = at(&g, "b", "3/3#0", "+!mid.3 +mid.3 x x", "+mid.6 x x x");
    assert_eq!(moves(&g, &s), v(&["1:3x mid.6>mid.3"]));
    play(&g, &mut s, "1:3x");
    assert_eq!(pieces(&g, &s, "a"), "+!mid.3 a_home.2 x x");
}

// ------------------------------------------------------------------- pooled, once per turn

#[test]
fn a_stack_takes_pooled_groups_as_one_piece() {
    let g = game(&format!("allocation: pooled\n {TOGETHER}"));
    let mut s = at(&g, "a", "2/2#0 3/3#1", "+mid.1 +mid.1 x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&["1:2 mid.1>mid.3", "1:3 mid.1>mid.4", "1:2+3 mid.1>mid.6"])
    );
    play(&g, &mut s, "1:2");
    assert_eq!(moves(&g, &s), v(&["1:3 mid.3>mid.6"]));
    // Apart: each piece takes groups of its own.
    let g = game(&format!("allocation: pooled\n {}", APART[1]));
    let mut s = at(&g, "a", "2/2#0 3/3#1", "+mid.1 +mid.1 x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:2 mid.1>mid.3",
            "1:3 mid.1>mid.4",
            "1:2+3 mid.1>mid.6",
            "2:2 mid.1>mid.3",
            "2:3 mid.1>mid.4",
            "2:2+3 mid.1>mid.6",
        ])
    );
    play(&g, &mut s, "1:2");
    assert_eq!(moves(&g, &s), v(&["1:3 mid.3>mid.6", "2:3 mid.1>mid.4"]));
}

#[test]
fn one_move_per_piece_counts_the_move_for_every_piece_of_the_stack() {
    let base = "allocation: pooled\n moves per piece per turn: one";
    let g = game(&format!("{base}\n {TOGETHER}"));
    let mut s = at(&g, "a", "2/2#0 3/3#1", "+mid.1 +mid.1 +mid.4 x", NO_B);
    play(&g, &mut s, "1:2");
    assert!(note(&g, &s).contains(" moved 1,2 "), "{}", note(&g, &s));
    assert_eq!(moves(&g, &s), v(&["3:3 mid.4>b_home.4"]));
    // A stack joined by a piece that has moved does not move again this turn.
    let mut s = at(&g, "a", "2/2#0 3/3#1", "+mid.1 +mid.3 x x", NO_B);
    play(&g, &mut s, "1:2");
    assert_eq!(pieces(&g, &s, "a"), "+mid.3 +mid.3 x x");
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    // Apart, the stack-mate may still move.
    let g = game(&format!("{base}\n {}", APART[1]));
    let mut s = at(&g, "a", "2/2#0 3/3#1", "+mid.1 +mid.1 +mid.4 x", NO_B);
    play(&g, &mut s, "1:2");
    assert_eq!(moves(&g, &s), v(&["2:3 mid.1>mid.4", "3:3 mid.4>b_home.4"]));
}

#[test]
fn a_stack_walks_to_the_track_end_as_its_pieces_would() {
    // Past the last hole it stops there (the default end), as a whole.
    let g = game(TOGETHER);
    let mut s = at(&g, "a", "3/3#0", "+b_home.2 +b_home.2 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:3 b_home.2>b_home.1"]));
    play(&g, &mut s, "1:3");
    assert_eq!(pieces(&g, &s, "a"), "+b_home.1 +b_home.1 x x");
    assert_eq!(s.team(), TeamId::SECOND);
    // On the last hole it cannot move, as neither of its pieces could.
    let s = at(&g, "a", "2/2#0", "+b_home.1 +b_home.1 +mid.1 x", NO_B);
    assert_eq!(moves(&g, &s), v(&["3:2 mid.1>mid.3"]));
}

// ------------------------------------------------------------------- the statement

#[test]
fn together_where_stacking_is_forbidden_is_an_error() {
    for extra in [
        "stacks: move together",
        "stacking: forbidden\n stacks: move together",
    ] {
        let e = lowered(extra)
            .err()
            .unwrap_or_else(|| panic!("{extra} lowered"));
        assert_eq!(e.len(), 1, "{e:?}");
        assert!(e[0].starts_with("E115: "), "{e:?}");
    }
    // Apart is no contradiction; at the goal, stacks form on its last hole.
    game("stacking: forbidden\n stacks: move apart");
    let g = game("stacking: forbidden except at goal\n stacks: move together");
    assert!(g.ir().movement.stacks_together.value);
    // That hole is the track's last: they never move on (W026, a warning).
    assert_eq!(
        warnings("stacking: forbidden except at goal\n stacks: move together"),
        vec!["W026"]
    );
    // With a bounce end they walk back from it: no warning.
    assert!(
        warnings(
            "stacking: forbidden except at goal\n stacks: move together\n track a ends: bounce\n track b ends: bounce"
        )
        .is_empty()
    );
    // Twice is E012.
    let e = lowered("stacking: allowed\n stacks: move together\n stacks: move apart")
        .expect_err("an error");
    assert!(e.iter().any(|d| d.starts_with("E012: ")), "{e:?}");
}

#[test]
fn seig_rules_names_the_choice_and_its_default() {
    let choice = |g: &Game| {
        g.ir()
            .engine_choices()
            .into_iter()
            .find(|c| c.name == "stacks")
            .expect("a stacks choice")
    };
    let c = choice(&game(""));
    assert!(c.origin.is_none());
    assert!(c.value.starts_with("move apart"), "{}", c.value);
    let g = game(TOGETHER);
    let c = choice(&g);
    assert_eq!(
        c.origin.map(|o| g.ir().rules[o.rule.index()].id.as_str()),
        Some("R-X")
    );
    assert!(c.value.starts_with("move together"), "{}", c.value);
}

#[test]
fn the_statement_round_trips_through_the_formatter() {
    for stmt in ["stacks: move together", "stacks: move apart"] {
        let text = file(&format!("stacking: allowed\n  {stmt}"));
        let formatted = seig::lang::fmt::format_text(&text).expect("formats and reads back");
        assert!(formatted.contains(stmt), "{stmt} not kept:\n{formatted}");
        let again = seig::lang::fmt::format_text(&formatted).expect("formats again");
        assert_eq!(again, formatted);
    }
}

// ------------------------------------------------------------------- stacking … and end

/// A track that goes on past its goal: a's goal is mid (its last hole mid.6), its track ends
/// on b_home.1.
fn past_goal(stacking: &str) -> Game {
    common::game_of(&format!(
        r#"
game "Past the goal"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 6 holes
  row b_home: home of b, 4 holes
  team a: 4 pieces in a_home
  team b: 4 pieces in b_home
  track a: a_home forward, mid forward goal, b_home backward
  track b: b_home forward, mid backward goal, a_home backward
  sticks: 4 with faces white and black
  on 0: nothing
  on 1: release 1 moving 1
  on any: move value
  {stacking}
}}
"#
    ))
}

#[test]
fn stacking_except_at_goal_and_end_lets_pieces_gather_on_the_tracks_last_hole() {
    // a's piece 1 on b_home.3, piece 2 on the track's last hole b_home.1; a 2 to play.
    let at = |g: &Game| {
        pos(
            g,
            "play | a 1 move | throws 1/1/9 turns 8 | pool 2/2#0 | a: +b_home.3 +b_home.1 x x | b: x x x x",
        )
    };
    let g = past_goal("stacking: forbidden except at goal");
    assert!(!g.ir().capture.stacking_at_end);
    assert_eq!(moves(&g, &at(&g)), Vec::<String>::new());
    let g = past_goal("stacking: forbidden except at goal and end");
    assert!(g.ir().capture.stacking_at_goal && g.ir().capture.stacking_at_end);
    let mut s = at(&g);
    assert_eq!(moves(&g, &s), vec!["1:2 b_home.3>b_home.1".to_string()]);
    play(&g, &mut s, "1:2");
    assert!(
        note(&g, &s).contains("a: +b_home.1 +b_home.1 x x"),
        "{}",
        note(&g, &s)
    );
    // Round trip through the formatter.
    let text = file("stacking: forbidden except at goal and end");
    let formatted = seig::lang::fmt::format_text(&text).expect("formats");
    assert!(formatted.contains("stacking: forbidden except at goal and end"));
}
