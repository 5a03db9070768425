//! The quick generator's shortcuts (issue 24), each against the exact legal decisions of a
//! position built for it: one verdict serves every waiting piece off the board within a
//! group (and only within it), and a landing on opposing pieces is answered by the hole
//! unless a piece of its own may refuse the taking. `common::moves` checks every list
//! against the definition (`check_move` of every piece and group) as well.
//!
//! The variant (`file`): rows a_home (4), mid (6), b_home (4). Team a walks a_home.1→4
//! (track indices 0..3), mid.1→6 (4..9), b_home.4→1 (10..13, goal); team b walks b_home.1→4,
//! mid.6→1, a_home.4→1. Throws are pooled.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{TeamId, moves, note, pos};
use seig::engine::Game;

/// The small variant, team a's pieces starting as `a_start` says, with `extra` statements.
fn game(a_start: &str, extra: &str) -> Game {
    common::game_of(&format!(
        r#"
game "Generation"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 6 holes
  row b_home: home of b, 4 holes
  team a: 4 pieces {a_start}
  team b: 4 pieces in b_home
  track a: a_home forward, mid forward, b_home backward goal
  track b: b_home forward, mid backward, a_home backward goal
  sticks: 4 with faces white and black
  allocation: pooled
  release order: chosen
}}
rule R-T stated cites s "throws" {{
  on 0: nothing
  on 1: release 1 moving 1 and throw again
  on 2: release 1 moving 2 and throw again
  on any: move value
}}
rule R-X inferred cites s "extra" {{
{extra}
}}
"#
    ))
}

/// A position of team a, to move with `pool` (entries of throws 0 and 1).
fn at(g: &Game, pool: &str, a: &str, b: &str) -> seig::engine::State {
    let s = pos(
        g,
        &format!("play | a 1 move | throws 2/2/9 turns 8 | pool {pool} | a: {a} | b: {b}"),
    );
    assert_eq!(s.team(), TeamId::FIRST);
    s
}

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn waiting_pieces_off_the_board_are_judged_afresh_for_each_group() {
    let g = game("beside the board", "");
    // Piece 3 stands on a_home.2: a release moving 1 may take piece 1, 2 or 4 to a_home.1,
    // one moving 2 none of them (a_home.2 is taken), whichever group comes first.
    let a = "off off +a_home.2 off";
    let b = "b_home.1 b_home.2 b_home.3 b_home.4";
    let expected = v(&[
        "1:r1 off>a_home.1",
        "2:r1 off>a_home.1",
        "4:r1 off>a_home.1",
    ]);
    for pool in ["r1/1#0 r2/2#1", "r2/2#1 r1/1#0"] {
        assert_eq!(moves(&g, &at(&g, pool, a, b)), expected, "{pool}");
    }
}

#[test]
fn a_landing_on_opposing_pieces_takes_as_the_hole_and_the_pieces_say() {
    // Pieces 1 and 2 of a on mid.5 and mid.6 (track indices 8, 9) move 2 onto b_home.4 and
    // b_home.3 (10, 11, a's goal row), where b's piece 1 waits and its piece 2 stands
    // released.
    let a = "+mid.5 +mid.6 off off";
    let b = "b_home.4 +b_home.3 x x";
    let pool = "2/2#0";
    let cases: [(&str, &[&str]); 4] = [
        // The hole lets every piece be taken: it answers for both.
        (
            "capture: compulsory, remove",
            &["1:2x mid.5>b_home.4", "2:2x mid.6>b_home.3"],
        ),
        // A waiting piece may not be taken, a released one may: the pieces answer.
        (
            "capture: compulsory, remove\n  immune until released",
            &["1:2 mid.5>b_home.4", "2:2x mid.6>b_home.3"],
        ),
        // No piece may be taken there: both landings share the hole ...
        (
            "capture: compulsory, remove\n  no capture in b_home",
            &["1:2 mid.5>b_home.4", "2:2 mid.6>b_home.3"],
        ),
        // ... or are refused.
        (
            "capture: compulsory, remove\n  no capture in b_home\n  blocked landing: forbidden",
            &[],
        ),
    ];
    for (extra, expected) in cases {
        let g = game("beside the board", extra);
        assert_eq!(moves(&g, &at(&g, pool, a, b)), v(expected), "{extra}");
    }
}

#[test]
fn a_walk_meets_the_gates_it_crosses_and_only_those() {
    // Gates at mid.1 (track index 4: the crossing throw must be a 3) and at b_home.4 (10:
    // open once every piece of a is released, else a walk stops before it). The quick
    // verdicts skip the gates of a walk that ends before the first or starts on or past
    // the last: these walks end before, on and past the first, stop before the second or
    // pass it, and start on its hole. Pieces 1..3 stand on a_home.2, a_home.3 and mid.6
    // (indices 1, 2, 9).
    let gates = "gate a mid: throw in 3 by crossing throw, else forbid\n  \
                 gate a b_home: all own pieces released, else stop";
    let g = game("beside the board", gates);
    let b = "+b_home.1 x x x";
    let waiting = "+a_home.2 +a_home.3 +mid.6 off";
    let released = "+a_home.2 +a_home.3 +mid.6 +b_home.4";
    let cases: [(&str, &str, &[&str]); 4] = [
        // Piece 4 waits, so the b_home gate is closed: piece 3 stops before it, where it
        // stands. A 2 takes piece 1 short of the mid gate and piece 2 onto it (refused).
        (waiting, "2/2#0", &["1:2 a_home.2>a_home.4"]),
        // A 3 takes piece 1 onto the mid gate and piece 2 past it.
        (
            waiting,
            "3/3#0",
            &["1:3 a_home.2>mid.1", "2:3 a_home.3>mid.2"],
        ),
        // All released: the b_home gate lets piece 3 in; piece 4 starts on its hole.
        (
            released,
            "2/2#0",
            &[
                "1:2 a_home.2>a_home.4",
                "3:2 mid.6>b_home.3",
                "4:2 b_home.4>b_home.2",
            ],
        ),
        // Piece 4 lands on b's piece (they share the hole).
        (
            released,
            "3/3#0",
            &[
                "1:3 a_home.2>mid.1",
                "2:3 a_home.3>mid.2",
                "3:3 mid.6>b_home.2",
                "4:3 b_home.4>b_home.1",
            ],
        ),
    ];
    for (a, pool, expected) in cases {
        assert_eq!(moves(&g, &at(&g, pool, a, b)), v(expected), "{a} | {pool}");
    }
}

#[test]
fn a_landing_looks_for_immune_pieces_on_its_hole() {
    // b's piece 1 has entered a_home, its opposing home, and is immune there; its piece 2
    // on mid.2 is not. A landing on piece 2 takes it as the hole says (the immune piece
    // stands elsewhere); one on piece 1 may not take it and shares its hole, or is refused.
    let a = "+a_home.1 +a_home.4 off off";
    let b = "+!a_home.3 +mid.2 x x";
    let immune = "capture: compulsory, remove\n  immune after entering opposing home";
    let cases: [(String, &[&str]); 2] = [
        (
            immune.to_string(),
            &["1:2 a_home.1>a_home.3", "2:2x a_home.4>mid.2"],
        ),
        (
            format!("{immune}\n  blocked landing: forbidden"),
            &["2:2x a_home.4>mid.2"],
        ),
    ];
    for (extra, expected) in cases {
        let g = game("beside the board", &extra);
        assert_eq!(moves(&g, &at(&g, "2/2#0", a, b)), v(expected), "{extra}");
    }
}

#[test]
fn a_release_group_of_waiting_pieces_off_the_board_shares_one_verdict() {
    // Every candidate of a release waits off the board: the first one's verdict is listed
    // for all of them (legal, refused, taking, or released in place). Where a waiting piece
    // stands on the board (the team starts in a_home), each is judged for itself.
    let b = "b_home.1 b_home.2 b_home.3 b_home.4";
    let cases: [(&str, &str, &str, &str, &[&str]); 5] = [
        // a_home.1 is free: pieces 1, 2 and 4 may go there.
        (
            "beside the board",
            "",
            "off off +a_home.2 off",
            b,
            &[
                "1:r1 off>a_home.1",
                "2:r1 off>a_home.1",
                "4:r1 off>a_home.1",
            ],
        ),
        // a_home.1 holds piece 3: the release is refused for all ...
        ("beside the board", "", "off off +a_home.1 off", b, &[]),
        // ... or made in place for all.
        (
            "beside the board",
            "blocked release: released in place",
            "off off +a_home.1 off",
            b,
            &["1:r1 off>off", "2:r1 off>off", "4:r1 off>off"],
        ),
        // b's piece on a_home.1 is taken by each.
        (
            "beside the board",
            "capture: compulsory, remove",
            "off off +mid.1 off",
            "+a_home.1 b_home.2 b_home.3 b_home.4",
            &[
                "1:r1x off>a_home.1",
                "2:r1x off>a_home.1",
                "4:r1x off>a_home.1",
            ],
        ),
        // Waiting on the board: piece 1's step is refused (piece 2 holds a_home.2), piece
        // 2's is not, piece 4's is (piece 3 holds mid.1).
        (
            "in a_home",
            "",
            "a_home.1 a_home.2 +mid.1 a_home.4",
            b,
            &["2:r1 a_home.2>a_home.3"],
        ),
    ];
    for (start, extra, a, b, expected) in cases {
        let g = game(start, extra);
        assert_eq!(
            moves(&g, &at(&g, "r1/1#0", a, b)),
            v(expected),
            "{start} | {extra} | {a}"
        );
    }
}

#[test]
fn a_gate_answers_its_conditions_as_the_definition_does() {
    // A gate on b_home (track index 10) whose conditions `Gen::open` answers itself (the
    // opponent's waiting pieces, own pieces arrived, a `once` latch, a full row) or asks
    // `Game::cond_full`. Piece 3 on mid.6 stands just before it (a held piece: the
    // candidates ask the gate); piece 2 on mid.5 walks across it, or stops before it.
    let pos_of = |g: &Game, latch: &str, a: &str, b: &str| {
        pos(
            g,
            &format!(
                "play | a 1 move | throws 2/2/9 turns 8{latch} | pool 2/2#0 | a: {a} | b: {b}"
            ),
        )
    };
    let held = "off off +mid.6 off";
    let crossing = "x +mid.5 x x";
    let b_waits = "b_home.1 +mid.2 x x";
    let b_out = "+b_home.1 +mid.2 x x";
    let open_held: &[&str] = &["3:2 mid.6>b_home.3"];
    let open_crossing: &[&str] = &["2:2 mid.5>b_home.4"];
    let shut_crossing: &[&str] = &["2:2 mid.5>mid.6"];
    let cases: [(&str, &str, &str, &str, &[&str]); 12] = [
        (
            "opponent has unreleased pieces",
            "",
            held,
            b_waits,
            open_held,
        ),
        ("opponent has unreleased pieces", "", held, b_out, &[]),
        (
            "opponent has unreleased pieces",
            "",
            crossing,
            b_waits,
            open_crossing,
        ),
        (
            "opponent has unreleased pieces",
            "",
            crossing,
            b_out,
            shut_crossing,
        ),
        // a has waiting pieces beside the board (none arrived) ...
        (
            "all own pieces arrived and opponent has unreleased pieces",
            "",
            held,
            b_waits,
            &[],
        ),
        // ... or none waiting, and piece 2 not arrived.
        (
            "all own pieces arrived",
            "",
            crossing,
            b_waits,
            shut_crossing,
        ),
        // The middle row is not full; latched, the gate is open all the same.
        ("once mid full", "", held, b_waits, &[]),
        ("once mid full", " once a:1", held, b_waits, open_held),
        ("once mid full", " once a:1", crossing, b_out, open_crossing),
        // Full now, not latched yet: piece 3 goes in; piece 2 shares mid.5 with b's piece,
        // pieces 1 and 4 would land on their own.
        (
            "once mid full",
            "",
            "+mid.1 +mid.3 +mid.6 +mid.4",
            "+mid.2 +mid.5 x x",
            &["2:2 mid.3>mid.5", "3:2 mid.6>b_home.3"],
        ),
        // A condition `Game::cond_full` answers.
        ("all own pieces released", "", held, b_waits, &[]),
        (
            "all own pieces released",
            "",
            crossing,
            b_waits,
            open_crossing,
        ),
    ];
    for (cond, latch, a, b, expected) in cases {
        let g = game(
            "beside the board",
            &format!("gate a b_home: {cond}, else stop"),
        );
        let s = pos_of(&g, latch, a, b);
        assert_eq!(moves(&g, &s), v(expected), "{cond} |{latch} | {a} | {b}");
    }
}

/// A return that walks the track back, and a gate on it (`gate`, `else stop`); team a's
/// pieces start as `a_start` says.
fn held_game(a_start: &str, gate: &str) -> Game {
    common::game_of(&format!(
        r#"
game "Held"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 4 holes
  row b_home: home of b, 4 holes
  team a: 2 pieces {a_start}
  team b: 2 pieces beside the board
  track a: a_home forward, mid forward goal, back along the track as return
  track b: b_home forward, mid backward goal
  sticks: 2 with faces white and black
  on any: release or move value
  stacking: forbidden except at goal
  capture: compulsory, remove
  win when opponent has no pieces
}}
rule R-X inferred cites s "extra" {{
  gate a return: {gate}, else stop
}}
"#
    ))
}

#[test]
fn a_held_piece_waits_while_a_quick_condition_shuts_its_gate() {
    // `Gen::candidates` answers a rest gate shut by a condition a load or two answers before
    // asking `Gen::open`: `all own pieces arrived` while a piece waits beside the board or
    // walks short of the goal, or `opponent has unreleased pieces` while none of b's waits,
    // first or second. Piece 1 on mid.4 (the goal's last hole: arrived) is held before the
    // way back; piece 2 waits, walks, is out of the game, or has arrived there too. Each
    // list is also checked against the definition.
    let arrived = "all own pieces arrived and opponent has unreleased pieces";
    let waits = "opponent has unreleased pieces and all own pieces arrived";
    let both = "+mid.4 +mid.4";
    let one_waits = "+mid.4 off";
    let go: &[&str] = &["1:e2 mid.4>mid.2'", "2:e2 mid.4>mid.2'"];
    let release: &[&str] = &["2:e2 off>a_home.2"];
    let cases: [(&str, &str, &str, &[&str]); 9] = [
        // Both arrived and b waits: the gate opens (the shortcut must not shut it) ...
        (arrived, both, "off off", go),
        (waits, both, "off +b_home.2", go),
        // ... but not while piece 2 waits (first or second condition) ...
        (arrived, one_waits, "off off", release),
        (waits, one_waits, "off +b_home.2", release),
        // ... nor while none of b's waits (first or second condition).
        (waits, both, "+b_home.1 +b_home.2", &[]),
        (arrived, both, "+b_home.1 +b_home.2", &[]),
        // None waits, but piece 2 has not arrived: shut (by `State::arrived`) ...
        (
            arrived,
            "+mid.4 +a_home.2",
            "off off",
            &["2:e2 a_home.2>a_home.4"],
        ),
        (waits, "+mid.4 +mid.2", "off off", &["2:e2 mid.2>mid.4"]),
        // ... and a piece out of the game does not count: open.
        (arrived, "+mid.4 x", "off off", &["1:e2 mid.4>mid.2'"]),
    ];
    for (gate, a, b, expected) in cases {
        let g = held_game("beside the board", gate);
        let mut s = pos(
            &g,
            &format!("play | a 1 throw | throws 0/0/10 turns 10 | pool - | a: {a} | b: {b}"),
        );
        common::throw(&g, &mut s, 2);
        assert_eq!(moves(&g, &s), v(expected), "{gate} | {a} | {b}");
    }
}

#[test]
fn a_landing_on_an_own_piece_is_refused_for_the_group_at_once() {
    // Released pieces of a on a_home.1, a_home.3, mid.1 and mid.3 (track indices 0, 2, 4,
    // 6): a 2 takes each onto the next one's hole but the last. `Gen::own_refused` refuses
    // those by the track's picture of the occupancy, where a landing on an own piece is
    // refused as the definition says, and only there.
    let b = "b_home.1 b_home.2 b_home.3 b_home.4";
    let row = "+a_home.1 +a_home.3 +mid.1 +mid.3";
    let cases: [(&str, &str, &str, &str, &[&str]); 8] = [
        ("beside the board", "", row, "2/2#0", &["4:2 mid.3>mid.5"]),
        // Own pieces may share a hole: nothing is refused.
        (
            "beside the board",
            "stacking: allowed",
            row,
            "2/2#0",
            &[
                "1:2 a_home.1>a_home.3",
                "2:2 a_home.3>mid.1",
                "3:2 mid.1>mid.3",
                "4:2 mid.3>mid.5",
            ],
        ),
        // A closed stop gate on mid.1 stops piece 2 short of its own piece there; piece 3,
        // past the gate, is refused by its walk.
        (
            "beside the board",
            "gate a mid: all own pieces arrived, else stop",
            row,
            "2/2#0",
            &["2:2 a_home.3>a_home.4", "4:2 mid.3>mid.5"],
        ),
        // Own pieces gather on the goal's last hole (b_home.1, index 13): piece 1 may join
        // piece 2 there; piece 3 is refused on mid.3.
        (
            "beside the board",
            "stacking: forbidden except at goal",
            "+b_home.3 +b_home.1 +mid.1 +mid.3",
            "2/2#0",
            &["1:2 b_home.3>b_home.1", "4:2 mid.3>mid.5"],
        ),
        // Waiting pieces on the board are released in place where their walk is refused:
        // piece 1's (onto piece 2) is, piece 4's is not.
        (
            "in a_home",
            "blocked release: released in place",
            "a_home.1 +a_home.3 +mid.1 a_home.4",
            "r2/2#0",
            &["1:r2 a_home.1>a_home.1", "4:r2 a_home.4>mid.2"],
        ),
        // One released piece, and its landing holds a waiting own piece: refused (the
        // picture holds waiting pieces on the board too: two pieces pictured, one released).
        ("in a_home", "", "+a_home.1 x a_home.3 x", "2/2#0", &[]),
        // One piece pictured: `own_refused` returns at once; the walk lists the move.
        (
            "in a_home",
            "",
            "+a_home.1 x x x",
            "2/2#0",
            &["1:2 a_home.1>a_home.3"],
        ),
        // A release of a waiting piece (no released candidate) onto an own released piece:
        // `own_refused` returns at once, and the walk refuses it.
        ("in a_home", "", "a_home.1 +a_home.3 x x", "r2/2#0", &[]),
    ];
    for (start, extra, a, pool, expected) in cases {
        let g = game(start, extra);
        assert_eq!(
            moves(&g, &at(&g, pool, a, b)),
            v(expected),
            "{start} | {extra} | {a}"
        );
    }
    // After a move the picture follows the pieces: piece 4 leaves mid.3, so piece 3 may go
    // there, and piece 4 walks on from mid.5.
    let g = game("beside the board", "");
    let mut s = at(&g, "2/2#0 2/2#1", row, b);
    common::play(&g, &mut s, "4:2");
    assert_eq!(moves(&g, &s), v(&["3:2 mid.1>mid.3", "4:2 mid.5>b_home.4"]));
}

/// A position may put a waiting piece on a later visit of its start row (`a_home.2'`, past
/// the goal on its track): the gate's `all own pieces arrived` then reads where that piece
/// stands, alike in the generator (`gate_holds`), the apply side and the definition's walk
/// (before `Game::cond` read `State::arrived`, the generator listed `mid.4>mid.2'` and the
/// walk refused it).
#[test]
fn a_waiting_piece_on_a_later_visit_of_its_start_row_is_judged_where_it_stands() {
    let g = held_game(
        "in a_home",
        "all own pieces arrived and opponent has unreleased pieces",
    );
    let s = pos(
        &g,
        "play | a 1 move | throws 1/1/11 turns 10 last 2:2 | pool e2/2#0 | a: +mid.4 a_home.2' | b: off off",
    );
    let listed = moves(&g, &s);
    let mut buf = Vec::new();
    g.legal_decisions(&s, &mut buf);
    for &d in &buf {
        assert!(g.check_decision(&s, s.team(), d).is_ok(), "{listed:?}");
    }
    assert_eq!(
        listed,
        ["1:e2 mid.4>mid.2'", "2:e2 a_home.2'>a_home.1'"],
        "the gate lets mid.4 on: a_home.2' stands past the goal"
    );
}

/// Plays `mv` both ways, with the decisions listed at the move's end (`Game::legal_decisions`,
/// whose inline test answers a used-up pool) and without (`has_legal`, the generator's walk):
/// the same position and events, and the listing is the new position's decisions.
fn play_listing(g: &Game, s: &mut seig::engine::State, mv: &str) -> Vec<String> {
    let d = g.parse_decision(s, mv).expect("move reads");
    let mut plain = s.clone();
    let mut ev = Vec::new();
    g.apply_decision(&mut plain, d, &mut ev)
        .expect("move legal");
    let (mut ev_listing, mut legal) = (Vec::new(), Vec::new());
    g.apply_decision_listing(s, d, &mut ev_listing, &mut legal)
        .expect("move legal");
    assert_eq!(*s, plain, "{mv}");
    assert_eq!(ev_listing, ev, "{mv}");
    let mut fresh = Vec::new();
    g.legal_decisions(s, &mut fresh);
    assert_eq!(legal, fresh, "{mv}");
    moves(g, s)
}

/// Once a move uses the last pool entry, `Game::legal_decisions` answers "nothing" before
/// the generator is set up, but only where nothing could be listed: not where a seat may
/// throw on or stop (a decision that moves no piece) nor where a taken piece waits for its
/// hole. Each list is also the definition's (`common::moves`), which has no such test.
#[test]
fn a_used_up_pool_lists_nothing_but_a_throw_on_a_stop_or_a_home() {
    let throws = "  on 0: nothing\n  on 1: release 1 moving 1\n  on any: move value";
    let at = |g: &Game, pool: &str, a: &str, b: &str| {
        pos(
            g,
            &format!("play | a 1 move | throws 1/1/9 turns 8 | pool {pool} | a: {a} | b: {b}"),
        )
    };
    let b = "b_home.1 x x x";
    // Per throw, forced moves: the move ends the turn; the listing is empty (b throws).
    let g = common::game_of(&common::small_variant("Used up", throws, ""));
    let mut s = at(&g, "3/3#0", "+mid.1 x x x", b);
    assert_eq!(play_listing(&g, &mut s, "1:3"), Vec::<String>::new());
    assert!(
        note(&g, &s).starts_with("play | b 1 throw |"),
        "{}",
        note(&g, &s)
    );
    // `throwing on: at will`: with every entry used the seat may still throw on or stop.
    let g = common::game_of(&common::small_variant(
        "Used up",
        throws,
        "throwing on: at will",
    ));
    let mut s = at(&g, "3/3#0", "+mid.1 x x x", b);
    assert_eq!(play_listing(&g, &mut s, "1:3"), v(&["pass", "throw on"]));
    let s = at(&g, "3/3#0=1", "+mid.4 x x x", b);
    assert_eq!(moves(&g, &s), v(&["pass", "throw on"]));
    // A piece taken and sent to a chosen empty hole: the seat chooses its hole.
    let g = common::game_of(&common::small_variant(
        "Used up",
        throws,
        "capture: compulsory, send home\n send home to: chosen empty hole",
    ));
    let mut s = at(&g, "3/3#0", "+mid.1 x x x", "b_home.2 x x +mid.4");
    assert_eq!(
        play_listing(&g, &mut s, "1:3x"),
        v(&[
            "home@b_home.1 (b 4)",
            "home@b_home.3 (b 4)",
            "home@b_home.4 (b 4)"
        ])
    );
    assert_eq!(s.homing(), 1 << 3);
}

/// `Gen::arrive` first asks the holes either team stands on (one set per position): a
/// landing on an empty hole is legal at once; one on an own piece or an opposing one goes on
/// to their tests. Waiting pieces released by a 2 from a_home.1, .2 and .3: onto an own
/// piece (refused), an empty hole, and b's piece (taken); then with b's piece a hole on, the
/// last landing is empty.
#[test]
fn a_landing_on_an_empty_hole_is_answered_by_the_holes_either_team_stands_on() {
    let g = game("in a_home", "capture: compulsory, remove");
    let a = "a_home.1 a_home.2 a_home.3 x";
    let cases: [(&str, &[&str]); 3] = [
        (
            "+mid.1 x x x",
            &["2:r2 a_home.2>a_home.4", "3:r2x a_home.3>mid.1"],
        ),
        (
            "+mid.2 x x x",
            &["2:r2 a_home.2>a_home.4", "3:r2 a_home.3>mid.1"],
        ),
        // b's piece where a's piece 2 lands: taken there too.
        (
            "+a_home.4 x x x",
            &["2:r2x a_home.2>a_home.4", "3:r2 a_home.3>mid.1"],
        ),
    ];
    for (b, expected) in cases {
        assert_eq!(moves(&g, &at(&g, "r2/2#0", a, b)), v(expected), "{b}");
    }
}
