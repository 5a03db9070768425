//! The movement statements, each in each of its options: a small rule file, a position in
//! notation, the exact legal decisions; and a parse → format → parse round trip of each.
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

use common::{TeamId, moves, note, play, pos, refuse, said, throw};
use seig::engine::Game;
use seig::lang::lower::Selection;

/// The small variant with `extra` statements (in rule R-X).
pub(crate) fn file(extra: &str) -> String {
    format!(
        r#"
game "Moves"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 6 holes
  row b_home: home of b, 4 holes
  team a: 4 pieces in a_home
  team b: 4 pieces in b_home
  track a: a_home forward, mid forward, b_home backward goal
  track b: b_home forward, mid backward, a_home backward goal
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

pub(crate) fn game(extra: &str) -> Game {
    common::game_of(&file(extra))
}

/// The codes of the errors the extra statements give.
pub(crate) fn codes(extra: &str) -> Vec<String> {
    common::error_codes(&file(extra))
}

/// A position with team a to move, the pool and both teams' pieces given.
pub(crate) fn at(g: &Game, pool: &str, a: &str, b: &str) -> seig::engine::State {
    at_with(g, "", pool, a, b)
}

fn at_with(g: &Game, counters: &str, pool: &str, a: &str, b: &str) -> seig::engine::State {
    // As many throws this turn as the pool's entries name (the notation checks it).
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
            "play | a 1 move | throws {throws}/{throws}/9 turns 8{counters} | pool {pool} | a: {a} | b: {b}"
        ),
    )
}

/// b's pieces out of the way (removed) unless a test needs them.
pub(crate) const NO_B: &str = "x x x x";

pub(crate) fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Parses, formats and parses again: the same tree, and the statement printed as given.
pub(crate) fn round_trip(stmt: &str) {
    let text = file(stmt);
    let formatted = seig::lang::fmt::format_text(&text).expect("formats and reads back");
    assert!(
        formatted.contains(stmt.trim()),
        "{stmt} not kept:\n{formatted}"
    );
    let again = seig::lang::fmt::format_text(&formatted).expect("formats again");
    assert_eq!(again, formatted);
}

// ------------------------------------------------------------------- track ends

#[test]
fn track_end_stop_is_the_default_and_stops_on_the_last_hole() {
    for extra in ["", "track a ends: stop"] {
        let g = game(extra);
        let s = at(&g, "3/3#0", "+b_home.2 x x x", NO_B);
        assert_eq!(moves(&g, &s), v(&["1:3 b_home.2>b_home.1"]), "{extra:?}");
    }
    assert!(
        game("").ir().teams[TeamId::FIRST]
            .track
            .end
            .origin
            .is_none()
    );
}

#[test]
fn track_end_exact_needs_the_exact_count() {
    let g = game("track a ends: exact");
    let s = at(&g, "3/3#0", "+b_home.2 x x x", NO_B);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    let s = at(&g, "2/2#0", "+b_home.3 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:2 b_home.3>b_home.1"]));
}

#[test]
fn track_end_bounce_walks_back_the_places_left() {
    let g = game("track a ends: bounce");
    let s = at(&g, "3/3#0", "+b_home.2 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:3 b_home.2>b_home.3"]));
    // Back to the hole it left: no move.
    let s = at(&g, "2/2#0", "+b_home.2 x x x", NO_B);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    // The other team's track still stops.
    let s = pos(
        &g,
        "play | b 1 move | throws 1/1/9 turns 8 | pool 3/3#0 | a: x x x x | b: +a_home.2 x x x",
    );
    assert_eq!(moves(&g, &s), v(&["1:3 a_home.2>a_home.1"]));
}

#[test]
fn track_end_said_two_ways_is_an_error() {
    assert_eq!(
        codes("track a ends: stop\n track a ends: bounce"),
        vec!["E110"]
    );
    // The same twice is no contradiction.
    game("track a ends: exact\n track a ends: exact");
}

// ------------------------------------------------------------------- moves per piece

#[test]
fn moves_per_piece_several_lets_a_piece_take_each_group() {
    for extra in [
        "allocation: pooled",
        "allocation: pooled\n moves per piece per turn: several",
    ] {
        let g = game(extra);
        let mut s = at(&g, "2/2#0 3/3#1", "+mid.1 +mid.5 x x", NO_B);
        play(&g, &mut s, "1:2");
        assert_eq!(
            moves(&g, &s),
            v(&["1:3 mid.3>mid.6", "2:3 mid.5>b_home.3"]),
            "{extra}"
        );
    }
}

#[test]
fn moves_per_piece_one_keeps_a_moved_piece_still() {
    let g = game("allocation: pooled\n moves per piece per turn: one");
    let mut s = at(&g, "2/2#0 3/3#1", "+mid.1 +mid.5 x x", NO_B);
    play(&g, &mut s, "1:2");
    assert_eq!(moves(&g, &s), v(&["2:3 mid.5>b_home.3"]));
    // The notation keeps it, and reads it back.
    let text = note(&g, &s);
    assert!(text.contains(" moved 1 "), "{text}");
    // The position reads back as written (the state's bookkeeping `quiet` is not written).
    assert_eq!(
        g.from_notation(&text).map(|t| note(&g, &t)),
        Ok(text.clone())
    );
    // A group of both throws is still one move.
    let s = at(&g, "2/2#0 3/3#1", "+mid.1 x x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&["1:2 mid.1>mid.3", "1:3 mid.1>mid.4", "1:2+3 mid.1>mid.6"])
    );
}

#[test]
fn moves_per_piece_one_lasts_the_turn_under_per_throw() {
    let g = game("moves per piece per turn: one");
    // The seat throws again after this move.
    let mut s = pos(
        &g,
        "play | a 1 move again | throws 1/1/9 turns 8 | pool 4/4#0 | a: +mid.1 +a_home.2 x x | b: x x x x",
    );
    play(&g, &mut s, "1:4");
    throw(&g, &mut s, 2);
    assert_eq!(moves(&g, &s), v(&["2:2 a_home.2>a_home.4"]));
}

// ------------------------------------------------------------------- pooled landing

#[test]
fn pooled_landing_once_passes_over_the_first_landing() {
    for extra in [
        "allocation: pooled",
        "allocation: pooled\n pooled throws land: once",
    ] {
        let g = game(extra);
        // 1 then 2 (shorter first): the 1 alone would land on the own piece on mid.2.
        let s = at(&g, "1/1#0 2/2#1", "+mid.1 +mid.2 x x", NO_B);
        let m = moves(&g, &s);
        assert!(
            m.contains(&"1:1+2 mid.1>mid.4".to_string()),
            "{extra}: {m:?}"
        );
    }
}

// ------------------------------------------------------------------- pooled walk

#[test]
fn pooled_walk_any_order_walks_the_shorter_throw_first_in_throw_order_as_thrown() {
    // A 2 then a 1, landing after each throw: piece 1 on mid.1, an own piece on mid.3. Any
    // order (the default) walks the 1 first (mid.2, then mid.4); in throw order the 2 comes
    // first and lands on the own piece, so the pair is refused.
    let base = "allocation: pooled\n pooled throws land: after each throw";
    let all = v(&[
        "1:1 mid.1>mid.2",
        "1:2+1 mid.1>mid.4",
        "2:1 mid.3>mid.4",
        "2:2 mid.3>mid.5",
        "2:2+1 mid.3>mid.6",
    ]);
    for extra in [
        base.to_string(),
        format!("{base}\n pooled throws walk: any order"),
    ] {
        let g = game(&extra);
        let s = at(&g, "2/2#0 1/1#1", "+mid.1 +mid.3 x x", NO_B);
        assert_eq!(moves(&g, &s), all, "{extra}");
    }
    let g = game(&format!("{base}\n pooled throws walk: in throw order"));
    let s = at(&g, "2/2#0 1/1#1", "+mid.1 +mid.3 x x", NO_B);
    let thrown: Vec<String> = all
        .iter()
        .filter(|m| !m.starts_with("1:2+1"))
        .cloned()
        .collect();
    assert_eq!(moves(&g, &s), thrown);
    // The 2 lands first, on the own piece (stacking forbidden by the language default).
    assert_eq!(
        common::refuse(&g, &s, "1:2+1"),
        "a team may not have two pieces on one hole"
    );
    round_trip("pooled throws walk: in throw order");
    round_trip("pooled throws walk: any order");
    assert_eq!(
        codes("pooled throws walk: any order\n pooled throws walk: in throw order"),
        ["E012"]
    );
}

// ------------------------------------------------------------------- parked pieces

/// The loop of team a's track back to mid once no piece of a waits, with `clause`.
fn looping(clause: &str) -> Game {
    game(&format!(
        "track a loops from mid when all own pieces released{clause}"
    ))
}

#[test]
fn parked_pieces_circle_by_default_once_the_loop_holds() {
    for clause in ["", ", parked pieces circle"] {
        let g = looping(clause);
        // Piece 2 waits: the loop does not hold, piece 1 on the last hole cannot move.
        let s = at(&g, "2/2#0", "+b_home.1 a_home.1 x x", NO_B);
        assert_eq!(moves(&g, &s), Vec::<String>::new(), "{clause:?}");
        // It stopped there, and is not marked: once the loop holds it circles.
        let mut s = at(&g, "3/3#0", "+b_home.3 a_home.1 x x", NO_B);
        play(&g, &mut s, "1:3");
        assert!(note(&g, &s).contains(" +b_home.1 "), "{}", note(&g, &s));
        let s = at(&g, "2/2#0", "+b_home.1 x x x", NO_B);
        assert_eq!(moves(&g, &s), v(&["1:2 b_home.1>mid.2"]), "{clause:?}");
    }
    round_trip("track a loops from mid when all own pieces released, parked pieces circle");
}

#[test]
fn parked_pieces_stay_keeps_pieces_stopped_before_the_loop_held() {
    let g = looping(", parked pieces stay");
    // Stopping on the last hole while piece 2 waits (past the end, or exactly) parks it.
    for (pool, mv) in [("3/3#0", "1:3"), ("2/2#0", "1:2")] {
        let mut s = at(&g, pool, "+b_home.3 a_home.1 x x", NO_B);
        play(&g, &mut s, mv);
        let text = note(&g, &s);
        assert!(text.contains(" +=b_home.1 "), "{text}");
        assert_eq!(g.from_notation(&text).map(|t| note(&g, &t)), Ok(text));
    }
    // Parked, it stays once the loop holds; the loop's statement says why.
    let s = at(&g, "2/2#0", "+=b_home.1 x x x", NO_B);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(refuse(&g, &s, "1:2"), "R-X");
    // A piece that arrives once the loop holds is not parked, and circles.
    let mut s = at(&g, "2/2#0", "+b_home.3 x x x", NO_B);
    play(&g, &mut s, "1:2");
    assert!(note(&g, &s).contains(" +b_home.1 "), "{}", note(&g, &s));
    let s = at(&g, "2/2#0", "+b_home.1 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:2 b_home.1>mid.2"]));
    round_trip("track a loops from mid when all own pieces released, parked pieces stay");
}

#[test]
fn parked_pieces_the_notation_refuses_a_parked_mark_that_cannot_be() {
    let bad = |g: &Game, a: &str| {
        let text =
            format!("play | a 1 move | throws 1/1/9 turns 8 | pool 2/2#0 | a: {a} | b: {NO_B}");
        said(g, &g.from_notation(&text).map(|_| ()).unwrap_err())
    };
    let stay = looping(", parked pieces stay");
    let e = bad(&stay, "+=mid.1 x x x");
    assert!(
        e.contains("not a released piece on its track's last hole"),
        "{e}"
    );
    let e = bad(&looping(""), "+=b_home.1 x x x");
    assert!(e.contains("no loop whose parked pieces stay"), "{e}");
}

// ------------------------------------------------------------------- gates by throw

#[test]
fn gate_by_every_throw_judges_each_throw_of_a_pooled_move() {
    // A 2 and a 3 pooled; piece 1 on mid.4 (track index 7), the gate at b_home.4 (index 10):
    // the 3 alone enters, the 2 alone stops short of the gate, the pair (2 first) enters with
    // the 3 as the crossing throw, with a total of 5, and with a 2 among its throws.
    let pool = "2/2#0 3/3#1";
    let piece = "+mid.4 x x x";
    let alone = ["1:2 mid.4>mid.6", "1:3 mid.4>b_home.4"];
    let with_pair = {
        let mut m = alone.to_vec();
        m.push("1:2+3 mid.4>b_home.2");
        v(&m)
    };
    let base = "allocation: pooled\n ";
    for (gate, pair) in [
        ("throw in 3 by crossing throw", true),
        ("throw in 3 by every throw", false),
        ("throw in 3 by move total", false),
        ("throw in 2, 3 by every throw", true),
        ("throw in 2, 3 by move total", false),
        ("throw in 2, 3, 5 by move total", true),
    ] {
        let g = game(&format!("{base}gate a b_home: {gate}, else forbid"));
        let s = at(&g, pool, piece, NO_B);
        let want = if pair { with_pair.clone() } else { v(&alone) };
        assert_eq!(moves(&g, &s), want, "{gate}");
        if !pair {
            assert_eq!(refuse(&g, &s, "1:2+3"), "R-X", "{gate}");
        }
    }
    // The order the pair is walked in does not matter to it: thrown 3 then 2, in throw order.
    let g = game(&format!(
        "{base}pooled throws walk: in throw order\n gate a b_home: throw in 2, 3 by every throw, else forbid"
    ));
    let s = at(&g, "3/3#0 2/2#1", piece, NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:2 mid.4>mid.6",
            "1:3 mid.4>b_home.4",
            "1:3+2 mid.4>b_home.2"
        ])
    );
    // `else stop` halts the piece before the gate.
    let g = game(&format!(
        "{base}gate a b_home: throw in 3 by every throw, else stop"
    ));
    let s = at(&g, pool, piece, NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&["1:2 mid.4>mid.6", "1:2+3 mid.4>mid.6", "1:3 mid.4>b_home.4"])
    );
    round_trip("gate a b_home: throw in 2, 3 by every throw, else forbid");
}

#[test]
fn gate_by_crossing_throw_passes_a_group_when_some_order_crosses_with_an_allowed_throw() {
    // A 1, a 2 and a 4 pooled; piece 1 on mid.4 (track index 7), the gate at b_home.4
    // (index 10), three places ahead. Only a 1 may cross: the 4 alone crosses with itself (refused);
    // 1+2 crosses with the 1 when the 2 goes first; 1+4 and 2+4 cross with the 4 whatever
    // the order; 1+2+4 crosses with the 1 after the 2.
    let g = game("allocation: pooled\n gate a b_home: throw in 1 by crossing throw, else forbid");
    let s = at(&g, "1/1#0 2/2#1 4/4#2", "+mid.4 x x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:1 mid.4>mid.5",
            "1:1+2 mid.4>b_home.4",
            "1:1+2+4 mid.4>b_home.1",
            "1:2 mid.4>mid.6",
        ])
    );
    // Allowing the 4 too lets every group through.
    let g =
        game("allocation: pooled\n gate a b_home: throw in 1, 4 by crossing throw, else forbid");
    let s = at(&g, "1/1#0 2/2#1 4/4#2", "+mid.4 x x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:1 mid.4>mid.5",
            "1:1+2 mid.4>b_home.4",
            "1:1+2+4 mid.4>b_home.1",
            "1:1+4 mid.4>b_home.2",
            "1:2 mid.4>mid.6",
            "1:2+4 mid.4>b_home.1",
            "1:4 mid.4>b_home.3",
        ])
    );
}

#[test]
fn gate_by_crossing_throw_that_stops_halts_the_group_walked_shortest_first() {
    // As above, but a refused crossing throw stops the piece before the gate (mid.6): the
    // group is walked shortest first and stops there, though another order would cross
    // with the 1 (1+2 as 2 then 1).
    let g = game("allocation: pooled\n gate a b_home: throw in 1 by crossing throw, else stop");
    let s = at(&g, "1/1#0 2/2#1 4/4#2", "+mid.4 x x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:1 mid.4>mid.5",
            "1:1+2 mid.4>mid.6",
            "1:1+2+4 mid.4>mid.6",
            "1:1+4 mid.4>mid.6",
            "1:2 mid.4>mid.6",
            "1:2+4 mid.4>mid.6",
            "1:4 mid.4>mid.6",
        ])
    );
    // Shortest first, the 2 of 1+2 crosses (allowed, the group walks in), the 4 of 2+4
    // (refused: the piece stops).
    let g = game("allocation: pooled\n gate a b_home: throw in 2 by crossing throw, else stop");
    let s = at(&g, "1/1#0 2/2#1 4/4#2", "+mid.4 x x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:1 mid.4>mid.5",
            "1:1+2 mid.4>b_home.4",
            "1:1+2+4 mid.4>b_home.1",
            "1:1+4 mid.4>mid.6",
            "1:2 mid.4>mid.6",
            "1:2+4 mid.4>mid.6",
            "1:4 mid.4>mid.6",
        ])
    );
}

#[test]
fn gate_by_crossing_throw_with_a_second_gate_on_the_way() {
    // A 1, a 3 and a 4 pooled; piece 1 on a_home.3 (track index 2): the gate at mid.1
    // (index 4) two places ahead lets in a 3 only; the one at b_home.4 (index 10), eight
    // places ahead, only the pieces of a team whose pieces are all released. Into mid: the
    // 3 alone, 1+3 and 3+4 (the 3 crosses), not the 4 nor 1+4. 1+3+4 reaches b_home.4:
    // refused while a piece waits, allowed once none does.
    let g = game(
        "allocation: pooled\n gate a mid: throw in 3 by crossing throw, else forbid\n gate a b_home: all own pieces released, else forbid",
    );
    let into_mid = [
        "1:1 a_home.3>a_home.4",
        "1:1+3 a_home.3>mid.3",
        "1:3 a_home.3>mid.2",
        "1:3+4 a_home.3>mid.6",
    ];
    let s = at(&g, "1/1#0 3/3#1 4/4#2", "+a_home.3 a_home.1 x x", NO_B);
    let waiting: Vec<String> = moves(&g, &s)
        .into_iter()
        .filter(|m| m.starts_with("1:"))
        .collect();
    assert_eq!(waiting, v(&into_mid));
    let s = at(&g, "1/1#0 3/3#1 4/4#2", "+a_home.3 x x x", NO_B);
    let mut all = into_mid.to_vec();
    all.push("1:1+3+4 a_home.3>b_home.4");
    assert_eq!(moves(&g, &s), v(&all));
    // Two gates by the crossing throw: into mid a 3, into b_home a 1. Only the order 3, 4,
    // 1 passes both (3 crosses into mid, then 1 into b_home), not the shortest first.
    let g = game(
        "allocation: pooled\n gate a mid: throw in 3 by crossing throw, else forbid\n gate a b_home: throw in 1 by crossing throw, else forbid",
    );
    let s = at(&g, "1/1#0 3/3#1 4/4#2", "+a_home.3 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&all));
    // A 3 into both: no order passes both, the one 3 cannot cross both gates.
    let g = game(
        "allocation: pooled\n gate a mid: throw in 3 by crossing throw, else forbid\n gate a b_home: throw in 3 by crossing throw, else forbid",
    );
    let s = at(&g, "1/1#0 3/3#1 4/4#2", "+a_home.3 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&into_mid));
}

#[test]
fn gate_by_crossing_throw_judges_a_release_with_its_group() {
    // A release of 1 place, a 2 and a 4 pooled; the waiting piece on a_home.2 (track index
    // 1), the gate at mid.1 (index 4), three places ahead, lets in a 2 only. The release
    // alone stops short; with the 2 it walks in (release first, then the 2 crosses); with the
    // 4 it is refused (no order crosses with the 2); with both, the 2 crosses after the
    // release.
    let g = game("allocation: pooled\n gate a mid: throw in 2 by crossing throw, else forbid");
    let s = at(&g, "r1/1#0 2/2#1 4/4#2", "a_home.2 x x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:r1 a_home.2>a_home.3",
            "1:r1+2 a_home.2>mid.1",
            "1:r1+2+4 a_home.2>mid.5",
        ])
    );
}

#[test]
fn gate_by_crossing_throw_entered_again_from_a_loop() {
    // Track a loops from mid (index 4), whose gate lets in a 3 only. Piece 1 on b_home.2
    // (index 12), a 1, a 2 and a 3 pooled: a walk past b_home.1 (index 13) goes on at
    // mid.1 and enters the gate again on its second step. The 1 alone stays short of the
    // end; the 2 alone crosses with itself (refused), 1+2 too whatever the order; with the 3
    // the group crosses with the 3 walked first or after the 1.
    let loops = "allocation: pooled\n gate a mid: throw in 3 by crossing throw, else forbid\n track a loops from mid";
    let g = game(loops);
    let s = at(&g, "1/1#0 2/2#1 3/3#2", "+b_home.2 x x x", NO_B);
    let circling = v(&[
        "1:1 b_home.2>b_home.1",
        "1:1+2+3 b_home.2>mid.5",
        "1:1+3 b_home.2>mid.3",
        "1:2+3 b_home.2>mid.4",
        "1:3 b_home.2>mid.2",
    ]);
    assert_eq!(moves(&g, &s), circling);
    // While the loop's condition fails, the end stops the walk (every group of the 2 or 3
    // lands on b_home.1, which the 1 alone reaches too).
    let g = game(&format!("{loops} when all own pieces released"));
    let s = at(&g, "1/1#0 2/2#1 3/3#2", "+b_home.2 a_home.1 x x", NO_B);
    let mine: Vec<String> = moves(&g, &s)
        .into_iter()
        .filter(|m| m.starts_with("1:"))
        .collect();
    assert_eq!(
        mine,
        v(&[
            "1:1 b_home.2>b_home.1",
            "1:1+2 b_home.2>b_home.1",
            "1:1+2+3 b_home.2>b_home.1",
            "1:1+3 b_home.2>b_home.1",
            "1:2 b_home.2>b_home.1",
            "1:2+3 b_home.2>b_home.1",
            "1:3 b_home.2>b_home.1",
        ])
    );
    let s = at(&g, "1/1#0 2/2#1 3/3#2", "+b_home.2 x x x", NO_B);
    assert_eq!(moves(&g, &s), circling);
    // A gate that lets in a 1 only: from b_home.2 the gate is two steps away (the 1 would
    // have to follow another 1); from b_home.3, three (the 1 follows the 2).
    let g = game(
        "allocation: pooled\n gate a mid: throw in 1 by crossing throw, else forbid\n track a loops from mid",
    );
    let s = at(&g, "1/1#0 2/2#1 3/3#2", "+b_home.2 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:1 b_home.2>b_home.1"]));
    let s = at(&g, "1/1#0 2/2#1 3/3#2", "+b_home.3 x x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:1 b_home.3>b_home.2",
            "1:1+2 b_home.3>mid.1",
            "1:1+2+3 b_home.3>mid.4",
            "1:2 b_home.3>b_home.1",
        ])
    );
}

#[test]
fn pooled_landing_after_each_throw_is_blocked_at_each_landing() {
    let g = game("allocation: pooled\n pooled throws land: after each throw");
    let s = at(&g, "1/1#0 2/2#1", "+mid.1 +mid.2 x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:2 mid.1>mid.3",
            "2:1 mid.2>mid.3",
            "2:2 mid.2>mid.4",
            "2:1+2 mid.2>mid.5",
        ])
    );
}

#[test]
fn pooled_landing_after_each_throw_takes_at_each_landing() {
    let extra =
        "allocation: pooled\n pooled throws land: after each throw\n capture: compulsory, remove";
    let g = game(extra);
    let mut s = at(&g, "1/1#0 2/2#1", "+mid.1 x x x", "+mid.2 +mid.4 x x");
    let m = moves(&g, &s);
    assert!(m.contains(&"1:1+2x mid.1>mid.4".to_string()), "{m:?}");
    assert!(
        !m.iter().any(|d| d.starts_with("1:1+2 ")),
        "compulsory: {m:?}"
    );
    play(&g, &mut s, "1:1+2x");
    let text = note(&g, &s);
    assert!(text.ends_with("b: x x x x"), "both taken: {text}");
    // Landing once takes only at the end.
    let g = game("allocation: pooled\n capture: compulsory, remove");
    let mut s = at(&g, "1/1#0 2/2#1", "+mid.1 x x x", "+mid.2 +mid.4 x x");
    play(&g, &mut s, "1:1+2x");
    assert!(
        note(&g, &s).ends_with("b: +mid.2 x x x"),
        "{}",
        note(&g, &s)
    );
}

// ------------------------------------------------------------------- passing

#[test]
fn passing_own_pieces_allowed_by_default() {
    for extra in ["", "passing own pieces: allowed"] {
        let g = game(extra);
        let s = at(&g, "3/3#0", "+mid.1 +mid.2 x x", NO_B);
        assert_eq!(
            moves(&g, &s),
            v(&["1:3 mid.1>mid.4", "2:3 mid.2>mid.5"]),
            "{extra:?}"
        );
    }
}

#[test]
fn passing_own_pieces_forbidden_stops_a_piece_behind_its_own() {
    let g = game("passing own pieces: forbidden");
    let s = at(&g, "3/3#0", "+mid.1 +mid.2 x x", "+mid.6 x x x");
    assert_eq!(moves(&g, &s), v(&["2:3 mid.2>mid.5"]));
    // Opposing pieces may still be passed.
    let s = at(&g, "3/3#0", "+mid.1 x x x", "+mid.2 x x x");
    assert_eq!(moves(&g, &s), v(&["1:3 mid.1>mid.4"]));
}

#[test]
fn passing_opposing_pieces_forbidden_stops_a_piece_behind_the_enemy() {
    let g = game("passing opposing pieces: forbidden");
    let s = at(&g, "3/3#0", "+mid.1 +mid.4 x x", "+mid.2 x x x");
    // Piece 1 would pass the enemy on mid.2.
    assert_eq!(moves(&g, &s), v(&["2:3 mid.4>b_home.4"]));
    // Landing on it is no passing.
    let s = at(&g, "1/1#0", "+mid.2 x x x", "+mid.3 x x x");
    assert_eq!(moves(&g, &s), v(&["1:1 mid.2>mid.3"]));
}

// ------------------------------------------------------------------- must land on

#[test]
fn must_land_on_a_hole_needs_the_exact_count_then_goes_on() {
    let g = game("must land on first hole of mid");
    // Piece 1 on a_home.3: a 3 would walk past mid.1, a 2 lands on it. Piece 2 starts from
    // mid.1 and goes on freely.
    let s = at(&g, "3/3#0", "+a_home.3 +mid.1 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["2:3 mid.1>mid.4"]));
    assert_eq!(refuse(&g, &s, "1:3"), "R-X");
    let s = at(&g, "2/2#0", "+a_home.3 +mid.2 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:2 a_home.3>mid.1", "2:2 mid.2>mid.4"]));
    // Without the statement the 3 walks past.
    let g = game("");
    let s = at(&g, "3/3#0", "+a_home.3 +mid.1 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:3 a_home.3>mid.2", "2:3 mid.1>mid.4"]));
}

#[test]
fn must_land_on_binds_whoever_stands_there_and_each_team_on_its_own_track() {
    let g = game("must land on first hole of mid");
    // b walks mid.6→1 then a_home.4→1: it must land on mid.1 too.
    let s = pos(
        &g,
        "play | b 1 move | throws 1/1/9 turns 8 | pool 3/3#0 | a: +mid.2 x x x | b: +mid.3 +mid.4 x x",
    );
    // b's piece 1 would walk past mid.1 (where a stands); piece 2 lands on it and takes
    // nothing (no capture statement: the hole is shared).
    assert_eq!(moves(&g, &s), v(&["2:3 mid.4>mid.1"]));
    assert_eq!(refuse(&g, &s, "1:3"), "R-X");
}

#[test]
fn must_land_on_with_a_pooled_group_passes_the_holes_between_its_throws() {
    let g = game("allocation: pooled\n must land on first hole of mid");
    let s = at(&g, "1/1#0 2/2#1", "+a_home.3 x x x", NO_B);
    // The 2 alone lands on mid.1; the 1 and the 2 together would walk past it.
    assert_eq!(
        moves(&g, &s),
        v(&["1:1 a_home.3>a_home.4", "1:2 a_home.3>mid.1"])
    );
    assert_eq!(refuse(&g, &s, "1:1+2"), "R-X");
}

#[test]
fn must_land_on_that_no_move_walks_past_is_w028() {
    let warnings = |extra: &str| {
        let (_, l) = seig::lang::load(file(extra).as_bytes(), &Selection::default());
        l.diagnostics
            .iter()
            .map(|d| d.code.as_str().to_string())
            .collect::<Vec<_>>()
    };
    // The goal's last hole ends both tracks (b_home.1 for a, a_home.1 for b).
    assert!(warnings("must land on first hole of opposing home").contains(&"W028".to_string()));
    assert!(!warnings("must land on first hole of mid").contains(&"W028".to_string()));
}

#[test]
fn must_land_on_round_trips_through_the_formatter() {
    round_trip("must land on first hole of mid");
    round_trip("must land on ends of own home");
}

// ------------------------------------------------------------------- blocked release

/// Piece 1 on mid.1 blocks the release of the front-most waiting piece (a_home.4 + 1).
const BLOCKED: &str = "+mid.1 a_home.1 a_home.2 a_home.4";

#[test]
fn blocked_release_lost_by_default() {
    for extra in ["", "blocked release: lost"] {
        let g = game(extra);
        let s = at(&g, "r1/1#0", BLOCKED, NO_B);
        assert_eq!(moves(&g, &s), Vec::<String>::new(), "{extra:?}");
    }
}

#[test]
fn blocked_release_released_in_place_keeps_the_piece_where_it_stands() {
    let g = game("blocked release: released in place");
    let s = at(&g, "r1/1#0", BLOCKED, NO_B);
    assert_eq!(moves(&g, &s), v(&["4:r1 a_home.4>a_home.4"]));
    let mut s = s;
    play(&g, &mut s, "4:r1");
    assert!(note(&g, &s).contains("+a_home.4"), "{}", note(&g, &s));
}

#[test]
fn blocked_release_another_piece_takes_the_next_in_order() {
    let g = game("blocked release: another piece");
    let s = at(&g, "r1/1#0", BLOCKED, NO_B);
    assert_eq!(moves(&g, &s), v(&["3:r1 a_home.2>a_home.3"]));
    // Not blocked: the front-most as always.
    let s = at(&g, "r1/1#0", "+mid.3 a_home.1 a_home.2 a_home.4", NO_B);
    assert_eq!(moves(&g, &s), v(&["4:r1 a_home.4>mid.1"]));
}

// ------------------------------------------------------------------- release order

/// Waiting pieces on a_home.1 and a_home.3, two released ones out of the way.
const WAITING: &str = "a_home.1 +mid.6 a_home.3 +mid.4";

#[test]
fn release_order_front_most_by_default() {
    let g = game("");
    let s = at(&g, "r1/1#0", WAITING, NO_B);
    assert_eq!(moves(&g, &s), v(&["3:r1 a_home.3>a_home.4"]));
}

#[test]
fn release_order_first_hole_takes_the_lowest_hole() {
    let g = game("release order: first hole");
    let s = at(&g, "r1/1#0", WAITING, NO_B);
    assert_eq!(moves(&g, &s), v(&["1:r1 a_home.1>a_home.2"]));
}

#[test]
fn release_order_last_hole_takes_the_highest_hole() {
    let g = game("release order: last hole");
    let s = at(&g, "r1/1#0", WAITING, NO_B);
    assert_eq!(moves(&g, &s), v(&["3:r1 a_home.3>a_home.4"]));
}

#[test]
fn release_order_by_hole_needs_pieces_on_holes() {
    let text = file("release order: first hole").replace(
        "team b: 4 pieces in b_home",
        "team b: 4 pieces beside the board",
    );
    let (_, l) = seig::lang::load(text.as_bytes(), &Selection::default());
    let codes: Vec<&str> = l.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert!(codes.contains(&"E114"), "{codes:?}");
}

// ------------------------------------------------------------------- send home per capture

#[test]
fn send_home_to_the_game_wide_target_by_default() {
    let g = game("capture: compulsory, send home\n send home to: start hole");
    let mut s = at(&g, "3/3#0", "+mid.1 x x x", "x x x +mid.4");
    play(&g, &mut s, "1:3x");
    assert!(
        note(&g, &s).ends_with("b: x x x b_home.4"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn send_home_per_capture_statement_overrides_the_game_wide_target() {
    let g = game(
        "capture: compulsory, send home\n capture in mid: compulsory, send home to first empty hole\n send home to: start hole",
    );
    let mut s = at(&g, "3/3#0", "+mid.1 x x x", "x x x +mid.4");
    play(&g, &mut s, "1:3x");
    assert!(
        note(&g, &s).ends_with("b: x x x b_home.1"),
        "{}",
        note(&g, &s)
    );
    // Elsewhere the game-wide target.
    let mut s = at(&g, "3/3#0", "+mid.5 x x x", "x x x +b_home.3");
    play(&g, &mut s, "1:3x");
    assert!(
        note(&g, &s).ends_with("b: x x x b_home.4"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn send_home_target_on_a_remove_capture_is_an_error() {
    assert_eq!(
        codes("capture: compulsory, remove to start hole"),
        vec!["E111"]
    );
}

// ------------------------------------------------------------------- overlapping captures

#[test]
fn capture_overlap_without_a_more_specific_one_is_an_error() {
    assert_eq!(
        codes("capture in mid: compulsory, remove\n capture in mid: optional, remove"),
        vec!["E112"]
    );
    assert_eq!(
        codes("capture: compulsory, remove\n capture: optional, remove"),
        vec!["E112"]
    );
    assert_eq!(
        codes(
            "capture in ends of home: compulsory, remove\n capture in own home: optional, remove"
        ),
        vec!["E112"]
    );
}

#[test]
fn capture_overlap_the_more_specific_wins_in_any_order() {
    for extra in [
        "capture in last hole of mid: optional, remove\n capture in mid: compulsory, remove",
        "capture in mid: compulsory, remove\n capture in last hole of mid: optional, remove",
    ] {
        let g = game(extra);
        // Optional on mid.6, the more specific statement.
        let s = at(&g, "3/3#0", "+mid.3 x x x", "+mid.6 x x x");
        assert_eq!(
            moves(&g, &s),
            v(&["1:3 mid.3>mid.6", "1:3x mid.3>mid.6"]),
            "{extra}"
        );
        // Compulsory elsewhere in mid.
        let s = at(&g, "2/2#0", "+mid.3 x x x", "+mid.5 x x x");
        assert_eq!(moves(&g, &s), v(&["1:2x mid.3>mid.5"]), "{extra}");
    }
}

// ------------------------------------------------------------------- once

#[test]
fn once_holds_from_the_first_moment_its_condition_held() {
    let g = game("gate a b_home: once all own pieces released, else stop");
    // Not all released, never were: the gate stops piece 1 before b_home.
    let s = at(&g, "2/2#0", "+mid.6 a_home.1 x x", NO_B);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    // The latch says they once were: open.
    let s = at_with(&g, " once a:1", "2/2#0", "+mid.6 a_home.1 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:2 mid.6>b_home.3"]));
    // Holding now opens it too, without the latch.
    let s = at(&g, "2/2#0", "+mid.6 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:2 mid.6>b_home.3"]));
}

#[test]
fn once_is_latched_after_an_action_and_kept_in_the_notation() {
    let g = game("gate a b_home: once all own pieces released, else stop");
    let mut s = at(&g, "2/2#0", "+mid.1 x x x", "b_home.1 x x x");
    play(&g, &mut s, "1:2");
    assert_eq!(
        (s.latches(TeamId::FIRST), s.latches(TeamId::SECOND)),
        (1, 0)
    );
    let text = note(&g, &s);
    assert!(text.contains(" once a:1"), "{text}");
    assert!(!text.contains(" once b:"), "b has pieces waiting? {text}");
    // The position reads back as written (the state's bookkeeping `quiet` is not written).
    assert_eq!(
        g.from_notation(&text).map(|t| note(&g, &t)),
        Ok(text.clone())
    );
    // A latch the variant does not have is refused.
    let e = g
        .from_notation(&text.replace("once a:1", "once a:2"))
        .expect_err("no second once");
    let e = said(&g, &e);
    assert!(e.contains("once"), "{e}");
}

#[test]
fn once_read_unset_while_it_holds_is_latched_by_a_throw_that_moves_nothing() {
    // `mid full` reads only where pieces stand, so play's throws that move nothing do not
    // look at it again; a position read with its latch unset while it holds still gets
    // the latch at the end of the next action, as play would have set it.
    let g = game("gate a b_home: once mid full, else stop");
    let text = "play | a 1 throw | throws 0/0/9 turns 8 | pool - | a: +mid.1 +mid.2 +mid.3 +mid.4 | b: +mid.5 +mid.6 x x";
    let mut s = pos(&g, text);
    assert_eq!(note(&g, &s), text, "read back as written, latches unset");
    throw(&g, &mut s, 0);
    let after = note(&g, &s);
    assert!(after.contains(" once a:1 once b:1 "), "{after}");
    // Not full: nothing to latch, before or after the throw.
    let text = text.replace("+mid.6", "x");
    let mut s = pos(&g, &text);
    throw(&g, &mut s, 0);
    let after = note(&g, &s);
    assert!(!after.contains("once"), "{after}");
}

#[test]
fn once_left_unset_by_the_winning_move_reads_back_as_the_same_state() {
    // The move that wins ends the game before the latches are set: the finished position
    // holds the condition with its latch unset, and reads back as the same state.
    let g = game(
        "gate a b_home: once own pieces in mid >= 1, else stop\n  win when own pieces in mid >= 1",
    );
    let mut s = at(&g, "2/2#0", "+a_home.4 a_home.1 x x", "b_home.1 x x x");
    play(&g, &mut s, "1:2");
    assert_eq!(s.stage(), seig::engine::Stage::Over(TeamId::FIRST));
    let text = note(&g, &s);
    assert!(!text.contains("once"), "{text}");
    let back = g.from_notation(&text).expect("reads back");
    assert!(back.same_position(&s), "{text}");
}

#[test]
fn once_in_a_win_a_transition_and_a_throw_entry() {
    let g = game(
        "phases: early, late\n from early enter late when once mid full of own pieces\n on 4 if once first throw of game: nothing\n win when once opponent has no pieces",
    );
    let ir = g.ir();
    let latches: Vec<u8> = ir
        .transitions
        .iter()
        .flat_map(|t| &t.when)
        .chain(ir.wins.iter().flat_map(|w| &w.when))
        .chain(ir.throws.iter().flat_map(|e| &e.conds))
        .filter_map(|c| match c {
            seig::lang::ir::Cond::Once { latch, .. } => Some(*latch),
            _ => None,
        })
        .collect();
    assert_eq!(latches.len(), 3, "{latches:?}");
}

// ------------------------------------------------------------------- round trips

#[test]
fn every_movement_statement_round_trips_through_the_formatter() {
    for stmt in [
        "track a ends: stop",
        "track a ends: exact",
        "track a ends: bounce",
        "moves per piece per turn: one",
        "moves per piece per turn: several",
        "pooled throws land: once",
        "pooled throws land: after each throw",
        "passing own pieces: allowed",
        "passing own pieces: forbidden",
        "passing opposing pieces: allowed",
        "passing opposing pieces: forbidden",
        "blocked release: lost",
        "blocked release: released in place",
        "blocked release: another piece",
        "release order: first hole",
        "release order: last hole",
        "capture in mid: compulsory, send home to first empty hole",
        "capture in mid: optional, send home to start hole",
        "gate a b_home: once all own pieces released, else stop",
        "win when once (mid full and not first throw of turn)",
        "win when once not opponent has unreleased pieces",
    ] {
        round_trip(stmt);
    }
}

// ------------------------------------------------------------------- no capture possible

#[test]
fn no_capture_possible_sees_a_bounce_walk_back() {
    use seig::lang::ir::Cond;
    let none =
        |g: &Game, s: &seig::engine::State| g.cond(s, TeamId::FIRST, &Cond::NoCapturePossible);
    // a's piece on its last hole (b_home.1), b's on mid.6: only a bounce of 4 brings a back
    // onto mid.6, and there it takes.
    let g = game("track a ends: bounce\n capture in mid: compulsory, remove");
    let s = at(&g, "4/4#0", "+b_home.1 x x x", "+mid.6 x x x");
    assert!(!none(&g, &s), "a bounce reaches mid.6");
    assert_eq!(moves(&g, &s), v(&["1:4x b_home.1>mid.6"]));
    // A bounce of at most 4 does not reach b's piece on mid.1, which walks on out of mid.
    let s = at(&g, "4/4#0", "+b_home.1 x x x", "+mid.1 x x x");
    assert!(none(&g, &s), "mid.1 is out of reach");
    // Stopping on the last hole, a's piece can take nothing any more.
    let g = game("capture in mid: compulsory, remove");
    let s = at(&g, "4/4#0", "+b_home.1 x x x", "+mid.6 x x x");
    assert!(none(&g, &s));
    assert_eq!(moves(&g, &s), Vec::<String>::new());
}

/// `no capture possible` reads the pieces in the game (by the state's masks of released and
/// waiting pieces) and, of the opposing team's, those not immune (by its immune mask): pieces
/// out of the game stand at track index −1, from where everything could be reached, and an
/// immunity from `immune when … first holds` is not one of where a piece stands.
#[test]
fn no_capture_possible_reads_only_the_pieces_in_the_game_and_not_immune() {
    use seig::lang::ir::Cond;
    let g = game(
        "capture in mid: compulsory, remove\n immune when all own pieces arrived first holds: opposing released pieces on the board",
    );
    let none = |once: &str, a: &str, b: &str| {
        let s = pos(
            &g,
            &format!("play | a 1 throw | throws 0/0/9 turns 8{once} | pool - | a: {a} | b: {b}"),
        );
        let answer = g.cond(&s, TeamId::FIRST, &Cond::NoCapturePossible);
        assert_eq!(answer, g.cond(&s, TeamId::SECOND, &Cond::NoCapturePossible));
        answer
    };
    // a's piece is past mid for good, b's is still to come through it: neither can take.
    assert!(none("", "+b_home.2 x x x", "+b_home.1 x x x"));
    // Both in mid, a's behind b's: a can take b's, b can take a's.
    assert!(!none("", "+mid.2 x x x", "+mid.3 x x x"));
    // The same with both immune by the statement: no capture.
    assert!(none(" once a:1 once b:1", "+!mid.2 x x x", "+!mid.3 x x x"));
    // b's immune, a's not: b can still take a's piece.
    assert!(!none(" once a:1", "+mid.2 x x x", "+!mid.3 x x x"));
}

// ------------------------------------------------------------------- holes passed are won

#[test]
fn holes_passed_in_a_region_are_won_as_by_a_landing() {
    // a's piece on a_home.4 walks 3 to mid.3, past mid.1 and mid.2 where b's pieces stand.
    let b = "+mid.1 +mid.2 x x";
    let base = "capture: compulsory, remove";
    // The language default: only the landing hole takes.
    let g = game(base);
    let mut s = at(&g, "3/3#0", "+a_home.4 x x x", b);
    assert_eq!(moves(&g, &s), v(&["1:3 a_home.4>mid.3"]));
    play(&g, &mut s, "1:3");
    assert!(
        note(&g, &s).ends_with("b: +mid.1 +mid.2 x x"),
        "{}",
        note(&g, &s)
    );
    let g = game(&format!("{base}\n holes passed in mid are won"));
    let mut s = at(&g, "3/3#0", "+a_home.4 x x x", b);
    // The same decisions; the move takes both pieces it walks past.
    assert_eq!(moves(&g, &s), v(&["1:3 a_home.4>mid.3"]));
    play(&g, &mut s, "1:3");
    assert!(note(&g, &s).ends_with("b: x x x x"), "{}", note(&g, &s));
    // Outside the region a hole walked past is not won: b's piece on a_home.3 stays.
    let mut s = at(&g, "3/3#0", "+a_home.2 x x x", "+a_home.3 x x x");
    play(&g, &mut s, "1:3");
    assert!(
        note(&g, &s).ends_with("b: +a_home.3 x x x"),
        "{}",
        note(&g, &s)
    );
    round_trip("holes passed in mid are won");
}

// ------------------------------------------------------------------- immune until released

#[test]
fn immune_until_released_protects_waiting_pieces_only() {
    // Team b's piece on b_home.4 still waits for its release (no `+`), the one on b_home.2
    // is released. a's piece on mid.5 reaches b_home.4 with a 2, b_home.2 with a 4.
    let b = "b_home.4 +b_home.2 x x";
    // The language default: a waiting piece is taken like any other.
    let g = game("capture: compulsory, remove");
    let s = at(&g, "2/2#0", "+mid.5 x x x", b);
    assert_eq!(moves(&g, &s), v(&["1:2x mid.5>b_home.4"]));
    let g = game("capture: compulsory, remove\n immune until released");
    assert!(g.ir().capture.waiting_immune.value);
    // Waiting: not taken, the hole shared (`blocked landing` default, share).
    let s = at(&g, "2/2#0", "+mid.5 x x x", b);
    assert_eq!(moves(&g, &s), v(&["1:2 mid.5>b_home.4"]));
    // Released: taken as before.
    let s = at(&g, "4/4#0", "+mid.5 x x x", b);
    assert_eq!(moves(&g, &s), v(&["1:4x mid.5>b_home.2"]));
    // Under `blocked landing: forbidden` the waiting piece's hole may not be landed on.
    let g =
        game("capture: compulsory, remove\n immune until released\n blocked landing: forbidden");
    let s = at(&g, "2/2#0", "+mid.5 x x x", b);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    round_trip("immune until released");
}

// ------------------------------------------------------------------- immune after arriving

#[test]
fn immune_after_arriving_protects_a_piece_from_its_arrival_on() {
    // Team a arrives on b_home.1, its goal's last hole. A piece that enters the goal row is
    // not yet immune; one that arrives is (the notation's `!`).
    let g = game("capture: compulsory, remove\n immune after arriving");
    let mut s = at(&g, "2/2#0", "+mid.5 +b_home.3 x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&["1:2 mid.5>b_home.4", "2:2 b_home.3>b_home.1"])
    );
    play(&g, &mut s, "1:2");
    assert!(
        note(&g, &s).contains("a: +b_home.4 +b_home.3 x x"),
        "{}",
        note(&g, &s)
    );
    let mut s = at(&g, "2/2#0", "+mid.5 +b_home.3 x x", NO_B);
    play(&g, &mut s, "2:2");
    assert!(
        note(&g, &s).contains("a: +mid.5 +!b_home.1 x x"),
        "{}",
        note(&g, &s)
    );
    round_trip("immune after arriving");
}

/// The throw's draw: `sample_outcome` answers most draws by their top byte alone. Every
/// draw must still give the count of thresholds at or below it, as the thresholds built
/// from the listed probabilities say: the probes are each top byte's first and last draw
/// and each threshold and its neighbours (where a byte's range is split), for the sticks
/// of the file's first throw (3) and of every other (4), with unequal faces.
#[test]
fn a_throw_is_drawn_as_the_thresholds_count_whatever_byte_it_falls_in() {
    let g = common::game_of(&file("  sticks on first throw of game: 3").replace(
        "sticks: 4 with faces white and black",
        "sticks: 4 with faces marked and blank, p(marked) = 30 percent",
    ));
    let mut s = g.initial_state();
    for first in [true, false] {
        let n = g.sticks_for(&s);
        assert_eq!(n, if first { 3 } else { 4 });
        // The thresholds as the engine builds them: the cumulative probabilities of the
        // throws of `n` sticks in order, the last one (certain) left out.
        let outs = g.sticks_outcomes(n);
        let (last, rest) = outs.split_last().expect("some throw");
        let mut acc = 0.0;
        let cum: Vec<(u8, u64)> = rest
            .iter()
            .map(|o| {
                acc += o.p;
                (o.k, (acc * u64::MAX as f64) as u64)
            })
            .collect();
        let mut probes: Vec<u64> = (0..=255u64)
            .flat_map(|b| [b << 56, b << 56 | ((1 << 56) - 1)])
            .collect();
        for &(_, c) in &cum {
            probes.extend([c.wrapping_sub(1), c, c.wrapping_add(1)]);
        }
        for u in probes {
            // The first throw whose threshold lies above the draw (the last if none).
            let want = cum
                .iter()
                .find(|&&(_, c)| c > u)
                .map_or(last.k, |&(k, _)| k);
            assert_eq!(g.sample_outcome(&s, u), want, "{n} sticks, draw {u:#x}");
        }
        g.apply_throw(&mut s, 0, &mut seig::engine::Quiet)
            .expect("a throw at the start");
    }
}

/// The stick count read without the statements' conditions where only first throws change
/// it: the game's first throw, then a turn's first, then the base count, as the statements
/// say; a count in a phase (read from the statements) still wins over them.
#[test]
fn first_throw_stick_counts_go_game_then_turn_then_base_with_or_without_a_phase() {
    let firsts = "  sticks on first throw of game: 2\n  sticks on first throw of turn: 3";
    let plain = game(firsts);
    let phased = game(&format!(
        "{firsts}\n  phases: early, late\n  sticks in late: 1"
    ));
    let count = |g: &Game, phase: &str, turn: u32, game: u32| {
        let s = pos(
            g,
            &format!(
                "{phase} | a 1 throw | throws {turn}/{turn}/{game} turns 1 | pool - \
                 | a: a_home.1 a_home.2 a_home.3 a_home.4 | b: b_home.1 b_home.2 b_home.3 b_home.4"
            ),
        );
        g.sticks_for(&s)
    };
    for (g, phase) in [(&plain, "play"), (&phased, "early")] {
        assert_eq!(count(g, phase, 0, 0), 2, "the game's first throw");
        assert_eq!(count(g, phase, 0, 5), 3, "a turn's first throw");
        assert_eq!(count(g, phase, 2, 5), 4, "any other throw");
    }
    assert_eq!(count(&phased, "late", 2, 5), 1, "a throw in the phase");
}

/// Where every ending is a win by `opponent has no pieces`, a move that leaves every piece
/// in the game (or out of it) as it was skips the look at the endings: a capture of the
/// last opposing piece still wins at once, a move that takes nothing goes on, and where
/// another win reads where the pieces stand every move looks.
#[test]
fn a_win_by_extinction_is_looked_at_after_a_move_that_takes_a_piece() {
    let g = game("capture: compulsory, remove\n win when opponent has no pieces");
    let mut s = at(&g, "3/3#0", "+mid.1 x x x", "+mid.4 x x x");
    play(&g, &mut s, "1:3x");
    assert_eq!(s.stage(), seig::engine::Stage::Over(TeamId::FIRST));
    let mut s = at(&g, "2/2#0", "+mid.1 x x x", "+mid.4 x x x");
    play(&g, &mut s, "1:2");
    assert_eq!(s.stage(), seig::engine::Stage::Throw);
    // A second win that reads where the pieces stand: a move that takes nothing wins.
    let g = game(
        "capture: compulsory, remove\n win when opponent has no pieces\n win when own pieces in mid >= 2",
    );
    let mut s = at(&g, "2/2#0", "+a_home.4 +mid.3 x x", "+mid.6 x x x");
    play(&g, &mut s, "1:2");
    assert_eq!(s.stage(), seig::engine::Stage::Over(TeamId::FIRST));
    assert_eq!(g.ending(&s), Some(seig::engine::Ending::Win(1)));
}

/// A throw refused for a pool too full: only where the pool as it stands could overflow are
/// the entries a compaction keeps counted. A pool of spent entries leaves no room for the
/// throw's move when pooled, and is cleared by it under `allocation: per throw`; one entry
/// fewer leaves room either way.
#[test]
fn a_full_pool_refuses_a_throw_unless_its_compaction_makes_room() {
    use seig::engine::{POOL_MAX, Quiet, RefusalKind};
    let at_pool = |g: &Game, n: usize| {
        let pool = vec!["2/2#0=drop"; n].join(" ");
        pos(
            g,
            &format!(
                "play | a 1 throw again | throws 1/1/9 turns 8 | pool {pool} | a: +mid.1 x x x | b: {NO_B}"
            ),
        )
    };
    for (extra, compacts) in [
        ("allocation: pooled", false),
        ("allocation: per throw", true),
    ] {
        let g = game(extra);
        let mut s = at_pool(&g, POOL_MAX);
        let r = g.apply_throw(&mut s, 2, &mut Quiet);
        if compacts {
            assert_eq!(r, Ok(()), "{extra}");
            assert_eq!(s.pool().len(), 1, "{extra}");
        } else {
            assert_eq!(
                r.map_err(|e| e.kind),
                Err(RefusalKind::PoolLimit),
                "{extra}"
            );
            assert_eq!(s.pool().len(), POOL_MAX, "{extra}: unchanged");
        }
        let mut s = at_pool(&g, POOL_MAX - 1);
        assert_eq!(g.apply_throw(&mut s, 2, &mut Quiet), Ok(()), "{extra}");
    }
}

/// The end of an action latches each `once` that holds. Where every latch is one `REGION
/// full`, it is read directly; where one latch has another condition too, by the walk over
/// conditions: both set the same latches, for both teams, of own pieces or of any.
#[test]
fn once_full_latches_alike_read_directly_or_with_other_latches() {
    use seig::lang::ir::{Cond, Requirement};
    let direct = "gate a b_home: once mid full, else stop\n gate b a_home: once a_home full of own pieces, else stop";
    let walked = format!("{direct}\n on 4 if once own pieces in mid >= 4: nothing");
    let (a, b) = (TeamId::FIRST, TeamId::SECOND);
    for extra in [direct, walked.as_str()] {
        let g = game(extra);
        let latch_of = |own: bool| {
            g.ir()
                .teams
                .iter()
                .flat_map(|t| &t.track.gates)
                .flat_map(|gate| match &gate.requirement {
                    Requirement::Conds(cs) => cs.as_slice(),
                    _ => &[],
                })
                .find_map(|c| match c {
                    Cond::Once { latch, when } => {
                        matches!(when.as_slice(), [Cond::Full(_, o)] if *o == own)
                            .then_some(1u32 << latch)
                    }
                    _ => None,
                })
                .expect("the gate's latch")
        };
        let (any, own) = (latch_of(false), latch_of(true));
        // a's last piece enters mid.1: mid is full of both teams' pieces.
        let mut s = at(
            &g,
            "2/2#0",
            "+mid.2 +mid.3 +mid.4 +a_home.3",
            "+mid.5 +mid.6 x x",
        );
        play(&g, &mut s, "4:2");
        assert_eq!(s.latches(a) & (any | own), any, "{extra}");
        assert_eq!(s.latches(b) & (any | own), any, "{extra}");
        // One short of full: nothing latched.
        let mut s = at(
            &g,
            "1/1#0",
            "+mid.3 +mid.4 +a_home.2 +a_home.3",
            "+mid.5 +mid.6 x x",
        );
        play(&g, &mut s, "4:1");
        assert_eq!(s.latches(a) & (any | own), 0, "{extra}");
        assert_eq!(s.latches(b) & (any | own), 0, "{extra}");
        // a's pieces fill a_home while b moves: a's own latch, not b's.
        let mut s = pos(
            &g,
            "play | b 1 move | throws 1/1/9 turns 8 | pool 2/2#0 | a: a_home.1 a_home.2 a_home.3 a_home.4 | b: +b_home.1 x x x",
        );
        play(&g, &mut s, "1:2");
        assert_eq!(s.latches(a) & (any | own), own, "{extra}");
        assert_eq!(s.latches(b) & (any | own), 0, "{extra}");
    }
}

// ------------------------------------------------------------------- releases applied plainly

/// The landing `apply` takes for move `mv` without the full check (`Game::check_move_plain`;
/// `None`: the full check decides). Where there is one, it must be `check_move`'s.
fn plain_landing(g: &Game, s: &seig::engine::State, mv: &str) -> Option<seig::engine::Landing> {
    let d = g
        .parse_decision(s, mv)
        .unwrap_or_else(|e| panic!("{}", said(g, &e)));
    let plain = g.check_move_plain(s, d)?;
    let full = g.check_move(s, s.team(), d.piece, d.mask);
    assert_eq!(
        full.ok(),
        Some(plain),
        "{mv}: the plain and the full landing differ"
    );
    Some(plain)
}

#[test]
fn a_release_is_applied_plainly_only_where_land_checks_neither_order_nor_confinement() {
    // Chosen order: either waiting piece, on the plain path, lands as the full check says.
    let g = game("release order: chosen");
    let s = at(&g, "r1/1#0", WAITING, NO_B);
    for mv in ["1:r1", "3:r1"] {
        let l = plain_landing(&g, &s, mv).expect("a plain release");
        assert!(l.release, "{mv}");
    }
    // A blocked release (a_home.4 steps onto its own mid.1): lost by default, the full
    // check refuses it; released in place, the plain path makes it where the piece stands.
    let s = at(&g, "r1/1#0", BLOCKED, NO_B);
    assert_eq!(plain_landing(&g, &s, "4:r1"), None);
    assert_eq!(moves(&g, &s), v(&["3:r1 a_home.2>a_home.3"]));
    let g = game("release order: chosen\n blocked release: released in place");
    let s = at(&g, "r1/1#0", BLOCKED, NO_B);
    let l = plain_landing(&g, &s, "4:r1").expect("released in place, plainly");
    assert_eq!(
        l.place(),
        Some(s.pieces(TeamId::new(0))[3].place().expect("on a_home.4"))
    );
    let mut after = s.clone();
    play(&g, &mut after, "4:r1");
    assert!(
        note(&g, &after).contains("+a_home.4"),
        "{}",
        note(&g, &after)
    );
    // Front-most order (the default): the rear piece's release must be refused, so neither
    // release takes the plain path.
    let g = game("");
    let s = at(&g, "r1/1#0", WAITING, NO_B);
    assert_eq!(plain_landing(&g, &s, "1:r1"), None);
    assert_eq!(plain_landing(&g, &s, "3:r1"), None);
    assert_eq!(
        refuse(&g, &s, "1:r1"),
        "a release takes the front-most unreleased piece"
    );
    // Confined (`within`): a release out of the home row must be refused, so no release
    // takes the plain path, not even one that stays inside.
    let text = file("release order: chosen").replace(
        "on 1: release 1 moving 1",
        "on 1: release 1 moving 1 within own home",
    );
    let g = common::game_of(&text);
    let s = at(&g, "r1/1#0", "a_home.1 +mid.6 a_home.3 a_home.4", NO_B);
    assert_eq!(plain_landing(&g, &s, "1:r1"), None);
    assert_eq!(plain_landing(&g, &s, "4:r1"), None);
    assert_eq!(refuse(&g, &s, "4:r1"), "R-T");
    // The release that stays inside is still accepted (`play` panics on a refusal).
    let mut after = s.clone();
    play(&g, &mut after, "1:r1");
}

#[test]
fn a_piece_released_beside_the_board_moves_on_plainly() {
    // Pieces wait beside the board; a 1 releases one onto a_home.1, or, with a_home.1 held
    // by its own team, in place beside the board (released, off the track).
    let text = file("release order: chosen\n blocked release: released in place").replace(
        "team a: 4 pieces in a_home",
        "team a: 4 pieces beside the board",
    );
    let g = common::game_of(&text);
    let at_off = |pool: &str, a: &str| {
        pos(
            &g,
            &format!("play | a 1 move | throws 1/1/9 turns 8 | pool {pool} | a: {a} | b: x x x x"),
        )
    };
    let mut s = at_off("r1/1#0", "+a_home.1 off off off");
    let l = plain_landing(&g, &s, "2:r1").expect("released in place, plainly");
    assert_eq!((l.release, l.place()), (true, None));
    play(&g, &mut s, "2:r1");
    assert!(
        note(&g, &s).contains("+a_home.1 +off off"),
        "{}",
        note(&g, &s)
    );
    // Its next move walks onto the track from beside the board, plainly, as the full check.
    let mut s = at_off("2/2#0", "+a_home.1 +off off off");
    let l = plain_landing(&g, &s, "2:2").expect("a plain move from off the track");
    assert!(!l.release);
    play(&g, &mut s, "2:2");
    assert!(
        note(&g, &s).contains("+a_home.1 +a_home.2 off"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn a_move_across_one_gate_is_applied_plainly_as_the_walk_finds_it() {
    // Piece 1 on mid.4 (track index 7), the gate at b_home.4 (index 10); b's waiting piece
    // (unreleased on b_home.1) opens it, a released one shuts it.
    let (b_waits, b_out) = ("b_home.1 x x x", "+a_home.1 x x x");
    let g = game("gate a b_home: opponent has unreleased pieces, else stop");
    // Open: the 4 walks through the gate (its rule noted) onto b_home.3.
    let s = at(&g, "4/4#0", "+mid.4 x x x", b_waits);
    let l = plain_landing(&g, &s, "1:4").expect("through an open gate, plainly");
    assert_eq!(l.track_index(), Some(11));
    // Shut: it stops before the gate, on mid.6, as the walk does.
    let s = at(&g, "4/4#0", "+mid.4 x x x", b_out);
    let l = plain_landing(&g, &s, "1:4").expect("stopped by a shut gate, plainly");
    assert_eq!(l.track_index(), Some(9));
    // Shut with the piece on mid.6: it cannot move, which the full check says.
    let s = at(&g, "2/2#0", "+mid.6 x x x", b_out);
    assert_eq!(plain_landing(&g, &s, "1:2"), None);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    // Stopped before the gate on its own piece: refused, so left to the full check.
    let s = at(&g, "4/4#0", "+mid.4 +mid.6 x x", b_out);
    assert_eq!(plain_landing(&g, &s, "1:4"), None);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    // `else forbid`: a shut gate refuses the move, an open one lets it through plainly.
    let g = game("gate a b_home: opponent has unreleased pieces, else forbid");
    let s = at(&g, "4/4#0", "+mid.4 x x x", b_out);
    assert_eq!(plain_landing(&g, &s, "1:4"), None);
    assert_eq!(refuse(&g, &s, "1:4"), "R-X");
    let s = at(&g, "4/4#0", "+mid.4 x x x", b_waits);
    assert!(plain_landing(&g, &s, "1:4").is_some());
    // Two gates at one hole: left to the full check, open or shut.
    let g = game(
        "gate a b_home: opponent has unreleased pieces, else stop\n gate a b_home: all own pieces released, else stop",
    );
    for b in [b_waits, b_out] {
        let s = at(&g, "4/4#0", "+mid.4 x x x", b);
        assert_eq!(plain_landing(&g, &s, "1:4"), None, "{b}");
    }
    // A gate judged by the throw, through and stopped.
    let g = game("gate a b_home: throw in 3 by crossing throw, else stop");
    let s = at(&g, "3/3#0", "+mid.4 x x x", NO_B);
    assert_eq!(
        plain_landing(&g, &s, "1:3").and_then(|l| l.track_index()),
        Some(10)
    );
    let s = at(&g, "4/4#0", "+mid.4 x x x", NO_B);
    assert_eq!(
        plain_landing(&g, &s, "1:4").and_then(|l| l.track_index()),
        Some(9)
    );
    // A `once` gate: shut until latched, then open, though the row is no longer full.
    let g = game("gate a b_home: once mid full, else stop");
    let s = at(&g, "4/4#0", "+mid.4 x x x", NO_B);
    assert_eq!(
        plain_landing(&g, &s, "1:4").and_then(|l| l.track_index()),
        Some(9)
    );
    let s = at_with(&g, " once a:1", "4/4#0", "+mid.4 x x x", NO_B);
    assert_eq!(
        plain_landing(&g, &s, "1:4").and_then(|l| l.track_index()),
        Some(11)
    );
}

#[test]
fn a_region_won_is_looked_at_after_every_move() {
    // `win when b_home won` (answered inline by `Game::cond`): a's piece on b_home.3 walks 2
    // to b_home.1. With b_home.2..4 won before, the landing wins the last hole and the game;
    // without b_home.2 (walked past, not landed on), it does not.
    let g = game("win when b_home won");
    for (won, over) in [
        (" won a:b_home.2,b_home.3,b_home.4", true),
        (" won a:b_home.3,b_home.4", false),
    ] {
        let mut s = at_with(&g, won, "2/2#0", "+b_home.3 x x x", "+a_home.1 x x x");
        play(&g, &mut s, "1:2");
        let want = if over {
            seig::engine::Stage::Over(TeamId::FIRST)
        } else {
            seig::engine::Stage::Throw
        };
        assert_eq!(s.stage(), want, "{won}: {}", note(&g, &s));
    }
}

// ------------------------------------------------------------------- all own pieces arrived

#[test]
fn all_own_pieces_arrived_is_the_walk_over_the_pieces() {
    // `Game::cond` answers `all own pieces arrived` by the mask of arrived pieces `put`
    // keeps (`State::arrived`), not by a walk: it must say what the walk over the pieces in
    // the game says. a's goal ends on b_home.1, b's on a_home.1.
    use seig::lang::ir::Cond;
    let g = game("");
    let walk = |s: &seig::engine::State, t: TeamId| {
        s.pieces(t)
            .iter()
            .filter(|p| p.alive())
            .all(|p| g.arrived(t, p))
    };
    let cases: [(&str, &str, bool, bool); 7] = [
        // Every piece in the game has arrived; the others are out of it.
        ("+b_home.1 x x x", "+a_home.1 x x x", true, true),
        // A piece waits on its start row: not arrived.
        (
            "+b_home.1 a_home.2 x x",
            "+a_home.1 b_home.3 x x",
            false,
            false,
        ),
        // A piece one hole short of the goal's last hole: not arrived.
        (
            "+b_home.1 +b_home.2 x x",
            "+a_home.1 +a_home.2 x x",
            false,
            false,
        ),
        // Short of the goal in the middle, and the other team all arrived.
        ("+mid.6 +b_home.1 x x", "+a_home.1 x x x", false, true),
        // A piece out of the game does not count, wherever the others stand.
        ("x x x +b_home.1", "x +a_home.1 x x", true, true),
        // Every piece out of the game: nothing is short.
        ("x x x x", "+a_home.1 x x x", true, true),
        // Waiting pieces only.
        ("a_home.1 a_home.2 x x", "b_home.1 x x x", false, false),
    ];
    for (a, b, want_a, want_b) in cases {
        let s = at(&g, "4/4#0", a, b);
        for (t, want) in [(TeamId::FIRST, want_a), (TeamId::FIRST.other(), want_b)] {
            assert_eq!(walk(&s, t), want, "the walk, {t:?} | {a} | {b}");
            assert_eq!(
                g.cond(&s, t, &Cond::AllOwnArrived),
                want,
                "{t:?} | {a} | {b}"
            );
        }
    }
    // After a move onto the goal's last hole, the mask follows the piece.
    let mut s = at(&g, "1/1#0", "+b_home.2 x x x", NO_B);
    assert!(!g.cond(&s, TeamId::FIRST, &Cond::AllOwnArrived));
    play(&g, &mut s, "1:1");
    assert!(walk(&s, TeamId::FIRST), "{}", note(&g, &s));
    assert!(g.cond(&s, TeamId::FIRST, &Cond::AllOwnArrived));
}
