//! The capture effect `swap`: a small rule file, a position in notation, the exact legal
//! decisions and where every piece stands after the move; its fallback where no swap can be
//! made; its warning (W027); and a parse → format → parse round trip of each form.
//!
//! The variant (`file`): rows a_home (4), mid (6), b_home (4). Team a walks a_home.1→4,
//! mid.1→6, b_home.4→1 (goal); team b walks b_home.1→4, mid.6→1, a_home.4→1. A 1 releases a
//! piece moving 1; any other throw moves its value. `beside` has team a start beside the
//! board and walk a_home, mid only; team b walks b_home, mid.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{TeamId, moves, note, play, pos};
use seig::engine::{Event, Game};
use seig::tools::words::choice::EngineChoices;

fn file(board: &str, extra: &str) -> String {
    format!(
        r#"
game "Swaps"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 6 holes
  row b_home: home of b, 4 holes
{board}
  sticks: 4 with faces white and black
}}
rule R-T stated cites s "throws" {{
  on 0: nothing
  on 1: release 1 moving 1
  on any: move value
}}
rule R-X inferred cites s "extra" {{
{extra}
}}
"#
    )
}

const ON_TRACK: &str = "  team a: 4 pieces in a_home
  team b: 4 pieces in b_home
  track a: a_home forward, mid forward, b_home backward goal
  track b: b_home forward, mid backward, a_home backward goal";

const BESIDE: &str = "  team a: 4 pieces beside the board
  team b: 4 pieces in b_home
  track a: a_home forward, mid forward goal
  track b: b_home forward, mid backward goal";

fn game(extra: &str) -> Game {
    common::game_of(&file(ON_TRACK, extra))
}

/// Team a to move with `pool`; both teams' pieces given.
fn at(g: &Game, pool: &str, a: &str, b: &str) -> seig::engine::State {
    pos(
        g,
        &format!("play | a 1 move | throws 1/1/9 turns 8 | pool {pool} | a: {a} | b: {b}"),
    )
}

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The pieces section of the notation (after the pool).
fn pieces(g: &Game, s: &seig::engine::State) -> String {
    let n = note(g, s);
    n.split(" | ").skip(4).collect::<Vec<_>>().join(" | ")
}

/// The `Captured` events: (piece, still in the game, swapped).
fn taken(ev: &[Event]) -> Vec<(u8, bool, bool)> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Captured {
                piece,
                home,
                swapped,
                ..
            } => Some((*piece, *home, *swapped)),
            _ => None,
        })
        .collect()
}

#[test]
fn swap_puts_the_taken_piece_on_the_hole_its_taker_left() {
    let g = game("capture: compulsory, swap");
    let mut s = at(&g, "3/3#0", "+mid.1 x x x", "x x x +mid.4");
    // Compulsory: the only legal decision takes.
    assert_eq!(moves(&g, &s), v(&["1:3x mid.1>mid.4"]));
    let ev = play(&g, &mut s, "1:3x");
    assert_eq!(taken(&ev), vec![(3, true, true)]);
    assert_eq!(pieces(&g, &s), "a: +mid.4 x x x | b: x x x +mid.1");
}

#[test]
fn swap_may_send_the_taken_piece_forward_along_its_own_track() {
    // a leaves a_home.4, which b's track walks last: b is put there, further along.
    let g = game("capture: compulsory, swap");
    let mut s = at(&g, "2/2#0", "+a_home.4 x x x", "x x x +mid.2");
    assert_eq!(moves(&g, &s), v(&["1:2x a_home.4>mid.2"]));
    play(&g, &mut s, "1:2x");
    assert_eq!(pieces(&g, &s), "a: +mid.2 x x x | b: x x x +a_home.4");
}

#[test]
fn swap_optional_may_be_declined_where_the_hole_may_be_shared() {
    let g = game("capture: optional, swap");
    let s = at(&g, "3/3#0", "+mid.1 x x x", "x x x +mid.4");
    assert_eq!(moves(&g, &s), v(&["1:3 mid.1>mid.4", "1:3x mid.1>mid.4"]));
}

#[test]
fn swap_fallback_sends_home_by_default_where_a_piece_of_the_team_stands() {
    // b's piece 1 shares mid.1 with the taker (blocked landing: share): the taken piece may
    // not stack on it, so it goes home (its start hole, b_home.4).
    for extra in [
        "capture: compulsory, swap",
        "capture: compulsory, swap, else send home",
    ] {
        let g = game(extra);
        let mut s = at(&g, "3/3#0", "+mid.1 x x x", "+mid.1 x x +mid.4");
        assert_eq!(moves(&g, &s), v(&["1:3x mid.1>mid.4"]), "{extra}");
        let ev = play(&g, &mut s, "1:3x");
        assert_eq!(taken(&ev), vec![(3, true, false)], "{extra}");
        assert_eq!(
            pieces(&g, &s),
            "a: +mid.4 x x x | b: +mid.1 x x b_home.4",
            "{extra}"
        );
    }
    // Where stacking is allowed, the swap is made onto its team-mate.
    let g = game("capture: compulsory, swap\n stacking: allowed");
    let mut s = at(&g, "3/3#0", "+mid.1 x x x", "+mid.1 x x +mid.4");
    play(&g, &mut s, "1:3x");
    assert_eq!(pieces(&g, &s), "a: +mid.4 x x x | b: +mid.1 x x +mid.1");
}

#[test]
fn swap_else_remove_removes_where_no_swap_can_be_made() {
    let g = game("capture: compulsory, swap, else remove");
    let mut s = at(&g, "3/3#0", "+mid.1 x x x", "+mid.1 x x +mid.4");
    let ev = play(&g, &mut s, "1:3x");
    assert_eq!(taken(&ev), vec![(3, false, false)]);
    assert_eq!(pieces(&g, &s), "a: +mid.4 x x x | b: +mid.1 x x x");
    // Where it can be made, it is.
    let mut s = at(&g, "3/3#0", "+mid.1 x x x", "x x x +mid.4");
    play(&g, &mut s, "1:3x");
    assert_eq!(pieces(&g, &s), "a: +mid.4 x x x | b: x x x +mid.1");
}

#[test]
fn swap_fallback_when_the_taker_came_from_off_the_board_or_off_the_taken_track() {
    let g = common::game_of(&file(BESIDE, "capture: compulsory, swap"));
    // From beside the board: a release of 1 enters a_home.1… here a piece on a_home.4 walks
    // 2 onto mid.2; a_home is not on b's track, so b goes home.
    let mut s = at(&g, "2/2#0", "+a_home.4 off off off", "x x x +mid.2");
    assert_eq!(moves(&g, &s), v(&["1:2x a_home.4>mid.2"]));
    let ev = play(&g, &mut s, "1:2x");
    assert_eq!(taken(&ev), vec![(3, true, false)]);
    assert_eq!(pieces(&g, &s), "a: +mid.2 off off off | b: x x x b_home.4");
}

#[test]
fn swap_where_the_taker_enters_from_beside_the_board_sends_home() {
    let g = common::game_of(&file(
        BESIDE
            .replace("a_home forward, mid forward goal", "mid forward goal")
            .as_str(),
        "capture: compulsory, swap",
    ));
    let mut s = at(&g, "r1/1#0", "off off off off", "x x x +mid.1");
    let m = moves(&g, &s);
    assert_eq!(m.len(), 1, "{m:?}");
    assert!(m[0].ends_with("x off>mid.1"), "{m:?}");
    let mv = m[0]
        .split_whitespace()
        .next()
        .expect("a decision")
        .to_string();
    let ev = play(&g, &mut s, &mv);
    assert_eq!(taken(&ev), vec![(3, true, false)]);
    assert!(
        pieces(&g, &s).ends_with("b: x x x b_home.4"),
        "{}",
        pieces(&g, &s)
    );
}

#[test]
fn swap_after_each_throw_of_a_pooled_group_goes_to_the_hole_left_at_the_start() {
    let g = game(
        "allocation: pooled\n pooled throws land: after each throw\n capture: compulsory, swap\n stacking: allowed",
    );
    let mut s = pos(
        &g,
        "play | a 1 move | throws 2/2/9 turns 8 | pool 1/1#0 2/2#1 | a: +mid.1 x x x | b: +mid.2 +mid.4 x x",
    );
    play(&g, &mut s, "1:1+2x");
    assert_eq!(pieces(&g, &s), "a: +mid.4 x x x | b: +mid.1 +mid.1 x x");
}

#[test]
fn swap_fallback_is_a_language_default_in_seig_rules() {
    let choice = |extra: &str| {
        game(extra)
            .ir()
            .engine_choices()
            .into_iter()
            .find(|c| c.id == seig::lang::ir::EngineChoiceId::SwapFallback)
            .expect("listed")
    };
    let c = choice("capture: compulsory, swap");
    assert!(c.origin.is_none() && c.value.contains("sent home"), "{c:?}");
    let c = choice("capture: compulsory, swap, else remove");
    assert!(c.origin.is_some() && c.value.contains("removed"), "{c:?}");
}

#[test]
fn swap_that_can_never_be_made_is_w027() {
    let warnings = |board: &str, extra: &str| {
        let (_, l) = seig::lang::load(
            file(board, extra).as_bytes(),
            &seig::lang::lower::Selection::default(),
        );
        assert!(l.ir.is_some(), "{:?}", l.diagnostics);
        l.diagnostics
            .iter()
            .map(|d| d.code.as_str().to_string())
            .collect::<Vec<_>>()
    };
    // The tracks meet on mid.1 only: every taker comes from a hole b's track never walks.
    let meet_once = "  row one: corner, 1 holes
  team a: 4 pieces in a_home
  team b: 4 pieces in b_home
  stacking: allowed
  track a: a_home forward, one forward goal
  track b: b_home forward, one forward goal";
    assert!(
        warnings(meet_once, "capture: compulsory, swap").contains(&"W027".to_string()),
        "{:?}",
        warnings(meet_once, "capture: compulsory, swap")
    );
    assert!(!warnings(meet_once, "capture: compulsory, send home").contains(&"W027".to_string()));
    assert!(!warnings(ON_TRACK, "capture: compulsory, swap").contains(&"W027".to_string()));
}

#[test]
fn swap_forms_round_trip_through_the_formatter() {
    for stmt in [
        "capture: compulsory, swap",
        "capture in mid: optional, swap, else remove",
        "capture: compulsory, swap, else send home to first empty hole",
    ] {
        let text = file(ON_TRACK, stmt);
        let formatted = seig::lang::fmt::format_text(&text).expect("formats and reads back");
        assert!(formatted.contains(stmt), "{stmt} not kept:\n{formatted}");
        let again = seig::lang::fmt::format_text(&formatted).expect("formats again");
        assert_eq!(again, formatted);
    }
}

/// A `Moved` event carries the piece as it stands once the move is made (the metrics count
/// the lead from it): after every action of random games, each moved piece stands as its
/// event says. In Sig with killing (pieces sent home), Puluc (prisoners carried, and sent
/// home where a stack walks off the board: read back after the carry) and Nyout (stacks move
/// together: the stack's lead is where it says, the pieces it carries get no event).
#[test]
fn a_moved_event_says_where_its_piece_stands_after_the_move() {
    let games = [
        (
            "sig-beart.seig",
            common::game_with(
                "sig-beart.seig",
                &[("R-SIG-1", "start-or-move"), ("A-SIG-10", "killable")],
                &[("holes", 12)],
            ),
        ),
        (
            "relatives/puluc.seig",
            common::game("relatives/puluc.seig", &[]),
        ),
        (
            "relatives/nyout.seig",
            common::game("relatives/nyout.seig", &[]),
        ),
    ];
    for (name, g) in games {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            // xorshift64*: any fixed stream of choices will do.
            rng ^= rng >> 12;
            rng ^= rng << 25;
            rng ^= rng >> 27;
            rng.wrapping_mul(0x2545_f491_4f6c_dd1d)
        };
        let (mut moved, mut elsewhere) = (0, 0);
        for game in 0..20 {
            let mut s = g.initial_state();
            let mut legal = Vec::new();
            for action in 0..3_000 {
                if g.is_over(&s) {
                    break;
                }
                let mut ev: Vec<Event> = Vec::new();
                if g.is_chance(&s) {
                    let k = g.sample_outcome(&s, next());
                    g.apply_throw(&mut s, k, &mut ev).expect("a sampled throw");
                } else {
                    g.legal_decisions(&s, &mut legal);
                    let d = legal[(next() % legal.len() as u64) as usize];
                    let before = s.clone();
                    g.apply_decision(&mut s, d, &mut ev)
                        .expect("a legal decision");
                    // A move that changes a piece other than the mover and its victims (a
                    // stack carried, a prisoner freed): the case the event's `at` must not
                    // be confused by.
                    let named: Vec<(TeamId, u8)> = ev
                        .iter()
                        .filter_map(|e| match *e {
                            Event::Moved { team, piece, .. }
                            | Event::Captured { team, piece, .. } => Some((team, piece)),
                            _ => None,
                        })
                        .collect();
                    for t in TeamId::BOTH {
                        for (i, p) in s.pieces(t).iter().enumerate() {
                            if *p != before.pieces(t)[i] && !named.contains(&(t, i as u8)) {
                                elsewhere += 1;
                            }
                        }
                    }
                }
                for e in &ev {
                    if let Event::Moved {
                        team, piece, at, ..
                    } = *e
                    {
                        moved += 1;
                        assert_eq!(
                            at,
                            s.pieces(team)[piece as usize],
                            "{name} game {game} action {action}"
                        );
                    }
                }
            }
        }
        assert!(moved > 100, "{name}: {moved} moves");
        if name.contains("nyout") {
            assert!(elsewhere > 0, "{name}: no stack carried");
        }
    }
}

/// `opponent has no pieces` is looked at after a move where the move may have taken a piece
/// out of the game: the engine keeps the pieces in the game before a move only for a move
/// that takes (its landing, or a hole it walks past and wins), carries a stack or prisoners.
/// Taking the last piece wins, by the landing or by a hole walked past; declining it, or a
/// move that takes nothing, leaves the game on.
#[test]
fn taking_the_last_piece_wins_by_the_landing_or_by_a_hole_walked_past() {
    let win = "\n  win when opponent has no pieces";
    let won = |ev: &[Event]| ev.iter().any(|e| matches!(e, Event::Won { .. }));
    let g = game(&format!("capture: optional, remove{win}"));
    let s0 = at(&g, "3/3#0", "+mid.1 x x x", "x x x +mid.4");
    assert_eq!(moves(&g, &s0), v(&["1:3 mid.1>mid.4", "1:3x mid.1>mid.4"]));
    let mut s = s0.clone();
    let ev = play(&g, &mut s, "1:3x");
    assert!(g.is_over(&s) && won(&ev), "{}", note(&g, &s));
    let mut s = s0;
    let ev = play(&g, &mut s, "1:3");
    assert!(!g.is_over(&s) && !won(&ev), "{}", note(&g, &s));
    // Walked past (a_home.4 to mid.3, past mid.2): no `x`, the landing takes nothing.
    let g = game(&format!(
        "capture: compulsory, remove\n  holes passed in mid are won{win}"
    ));
    let mut s = at(&g, "3/3#0", "+a_home.4 x x x", "+mid.2 x x x");
    assert_eq!(moves(&g, &s), v(&["1:3 a_home.4>mid.3"]));
    let ev = play(&g, &mut s, "1:3");
    assert!(g.is_over(&s) && won(&ev), "{}", note(&g, &s));
    // Walked past outside the region (a_home.1 to a_home.4): nothing taken.
    let mut s = at(&g, "3/3#0", "+a_home.1 x x x", "+mid.2 x x x");
    let ev = play(&g, &mut s, "1:3");
    assert!(!g.is_over(&s) && !won(&ev), "{}", note(&g, &s));
}
