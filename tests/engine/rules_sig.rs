//! Rule tests for Sig (Mauritania), after Béart 1955 (`rules/sig-beart.seig`).
//!
//! Board layout (see the rule file): rows home_south, central_south, central_north,
//! home_north; hole 1 of each row at the south players' left. With 12 holes the tracks are
//! (track index: hole)
//! - south: 0..11 home_south.12→1, 12..23 central_south.1→12, 24..35 central_north.12→1,
//!   36..47 home_north.1→12 (goal at 47), return 48..59 central_north.1→12, 60..71
//!   central_south.12→1;
//! - north (R-SIG-3 = reflection): 0..11 home_north.12→1, 12..23 central_north.1→12,
//!   24..35 central_south.12→1, 36..47 home_south.1→12 (goal at 47), return 48..59
//!   central_south.1→12, 60..71 central_north.12→1.
//!
//! A `'` in the notation marks the second visit of a hole along the track (the return).

use crate::common;

use common::*;
use seig::engine::{Game, State};

const FILE: &str = "sig-beart.seig";

/// Twelve piece tokens: `given`, then `fill` for the rest.
fn side(given: &[&str], fill: &str) -> String {
    let mut v: Vec<&str> = given.to_vec();
    while v.len() < 12 {
        v.push(fill);
    }
    v.join(" ")
}

/// A race position with `team`'s first seat to throw (counters from a real game).
fn race(team: &str, south: &str, north: &str) -> String {
    format!(
        "race | {team} 1 throw | throws 0/0/120 turns 80 | pool - | south: {south} | north: {north}"
    )
}

/// A combat position with `team`'s first seat to throw.
fn combat(team: &str, south: &str, north: &str) -> String {
    format!(
        "combat | {team} 1 throw | throws 0/0/700 turns 500 | pool - | south: {south} | north: {north}"
    )
}

fn dflt() -> Game {
    game(FILE, &[])
}

/// The defaults, with the return that runs the central rows once (A-SIG-6 = once) and an 8
/// whose pieces stay beside the board (A-SIG-11 = beside): the positions of the tests that
/// use it are set up on that track.
fn once_beside() -> Game {
    game(FILE, &[("A-SIG-6", "once"), ("A-SIG-11", "beside")])
}

/// Throws `value` and lists the legal moves.
fn after_throw(g: &Game, s: &State, value: u8) -> (State, Vec<String>) {
    let mut s = s.clone();
    throw(g, &mut s, value);
    let m = moves(g, &s);
    (s, m)
}

/// `n:e1 off>home_south.12` (or another kind/destination) for the listed pieces, sorted.
fn each(pieces: impl IntoIterator<Item = usize>, tail: &str) -> Vec<String> {
    let mut v: Vec<String> = pieces.into_iter().map(|i| format!("{i}:{tail}")).collect();
    v.sort();
    v
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

// ---------------------------------------------------------------------------------------------
// Equipment and players

#[test]
fn sig_e1_four_rows_of_twelve_holes_by_default() {
    let g = dflt();
    let rows: Vec<(&str, &str, u16)> = g
        .ir()
        .rows
        .iter()
        .map(|r| (r.name.as_str(), r.kind.as_str(), r.len))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("home_south", "home", 12),
            ("central_south", "central", 12),
            ("central_north", "central", 12),
            ("home_north", "home", 12),
        ]
    );
    assert_eq!(g.ir().cells, 48);
}

#[test]
fn sig_e1_param_holes_20_gives_four_rows_of_20_and_counters_20_pieces_a_team() {
    // The pieces are "en nombre convenu à l'avance" (Béart): a param of their own, whose
    // default follows `holes` (the summary: as many as a row has holes); set apart, it stays.
    let g = game_with(FILE, &[], &[("holes", 20), ("counters", 12)]);
    assert_eq!(g.n_pieces(TeamId::FIRST), 12);
    let g = game_with(FILE, &[], &[("holes", 20)]);
    let lens: Vec<u16> = g.ir().rows.iter().map(|r| r.len).collect();
    assert_eq!(lens, vec![20, 20, 20, 20]);
    assert_eq!(g.n_pieces(TeamId::FIRST), 20);
    assert_eq!(g.n_pieces(TeamId::SECOND), 20);
    let offs = ["off"; 20].join(" ");
    assert_eq!(
        note(&g, &g.initial_state()),
        format!(
            "race | south 1 throw | throws 0/0/0 turns 0 | pool - | south: {offs} | north: {offs}"
        )
    );
    // The track follows: a 1 brings any of the twenty onto hole 20 of the home row.
    assert_eq!(
        after_throw(&g, &g.initial_state(), 1).1,
        each(1..=20, "r1 off>home_south.20")
    );
    // In the home rows (A-SIG-8 = dlp) the twenty fill the twenty holes.
    let g = game_with(
        FILE,
        &[("A-SIG-8", "dlp")],
        &[("holes", 20), ("counters", 20)],
    );
    let s = g.initial_state();
    let row = |r: &str| {
        (1..=20)
            .map(|i| format!("{r}.{i}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        note(&g, &s),
        format!(
            "race | south 1 throw | throws 0/0/0 turns 0 | pool - | south: {} | north: {}",
            row("home_south"),
            row("home_north")
        )
    );
    // Only the front piece, on hole 1 of the home row, can step on a 1.
    let (_, m) = after_throw(&g, &g.initial_state(), 1);
    assert_eq!(m, vec!["1:r1 home_south.1>central_south.1"]);
}

#[test]
fn sig_e2_two_teams_south_throws_first_then_north() {
    let g = dflt();
    let names: Vec<&str> = g.ir().teams.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, vec!["south", "north"]);
    assert_eq!(g.ir().seats.value, 1);
    let mut s = g.initial_state();
    assert!(note(&g, &s).starts_with("race | south 1 throw |"));
    throw(&g, &mut s, 2); // nothing can start on a 2: the turn passes
    assert!(
        note(&g, &s).starts_with("race | north 1 throw |"),
        "{}",
        note(&g, &s)
    );
    throw(&g, &mut s, 3);
    assert!(
        note(&g, &s).starts_with("race | south 1 throw |"),
        "{}",
        note(&g, &s)
    );
}

/// The first seven seats to throw, each throwing a 3 (nothing moves).
fn seat_order(g: &Game) -> Vec<String> {
    let mut s = g.initial_state();
    let mut order = Vec::new();
    for _ in 0..7 {
        let n = note(g, &s);
        let head: Vec<&str> = n
            .split(" | ")
            .nth(1)
            .unwrap_or_default()
            .split(' ')
            .take(2)
            .collect();
        order.push(head.join(" "));
        throw(g, &mut s, 3);
    }
    order
}

#[test]
fn sig_e2_seats_param_three_seats_a_camp_throwing_in_turn() {
    // 2 to 12 players: 1 to 6 seats a team; the camps alternate (default R-SIG-4).
    let g = game_with(FILE, &[], &[("seats", 3)]);
    assert_eq!(g.ir().seats.value, 3);
    assert_eq!(
        seat_order(&g),
        vec![
            "south 1", "north 1", "south 2", "north 2", "south 3", "north 3", "south 1"
        ]
    );
}

#[test]
fn r_sig_4_alternating_the_camps_throw_seat_by_seat() {
    let g = game_with(FILE, &[("R-SIG-4", "alternating")], &[("seats", 2)]);
    assert_eq!(
        seat_order(&g),
        vec![
            "south 1", "north 1", "south 2", "north 2", "south 1", "north 1", "south 2"
        ]
    );
}

#[test]
fn r_sig_4_team_blocks_all_of_a_camp_throw_before_the_other() {
    let g = game_with(FILE, &[("R-SIG-4", "team-blocks")], &[("seats", 3)]);
    assert_eq!(
        seat_order(&g),
        vec![
            "south 1", "south 2", "south 3", "north 1", "north 2", "north 3", "south 1"
        ]
    );
}

#[test]
fn sig_e3_as_many_pieces_as_holes_waiting_beside_the_board() {
    // Default A-SIG-8 = beart: the pieces wait at the troughs, off the board.
    let g = dflt();
    assert_eq!(g.n_pieces(TeamId::FIRST), 12);
    assert_eq!(g.n_pieces(TeamId::SECOND), 12);
    let offs = ["off"; 12].join(" ");
    assert_eq!(
        note(&g, &g.initial_state()),
        format!(
            "race | south 1 throw | throws 0/0/0 turns 0 | pool - | south: {offs} | north: {offs}"
        )
    );
}

#[test]
fn sig_e4_dlp_pieces_start_one_in_each_home_hole() {
    let g = game(FILE, &[("A-SIG-8", "dlp")]);
    let row = |r: &str| {
        (1..=12)
            .map(|i| format!("{r}.{i}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(
        note(&g, &g.initial_state()),
        format!(
            "race | south 1 throw | throws 0/0/0 turns 0 | pool - | south: {} | north: {}",
            row("home_south"),
            row("home_north")
        )
    );
}

#[test]
fn sig_e4_a_one_may_start_any_waiting_piece() {
    // `release order: chosen`: each of the twelve waiting pieces may be the one to start
    // (off the board under the default A-SIG-8 = beart; `r1`, a start only, under the
    // default R-SIG-1 = start-only).
    let g = dflt();
    let (_, m) = after_throw(&g, &g.initial_state(), 1);
    assert_eq!(m, each(1..=12, "r1 off>home_south.12"));
    // Not only the first in order: the 7th starts.
    let mut s = g.initial_state();
    throw(&g, &mut s, 1);
    play(&g, &mut s, "7:r1");
    assert_eq!(
        note(&g, &s),
        format!(
            "race | north 1 throw | throws 0/0/1 turns 1 last 8:1 | pool - | south: {} | north: {}",
            side(
                &["off", "off", "off", "off", "off", "off", "+home_south.12"],
                "off"
            ),
            side(&[], "off")
        )
    );
}

#[test]
fn sig_e5_eight_sticks_binomial_value_is_marked_count() {
    let g = dflt();
    assert_eq!(g.ir().sticks.count, 8);
    assert_eq!(
        g.ir().sticks.faces,
        ["marked".to_string(), "blank".to_string()]
    );
    let s = g.initial_state();
    let out = g.chance_outcomes(&s);
    assert_eq!(out.len(), 9);
    let binom = [1.0, 8.0, 28.0, 56.0, 70.0, 56.0, 28.0, 8.0, 1.0];
    for (k, o) in out.iter().enumerate() {
        assert_eq!(o.k as usize, k);
        assert!((o.p - binom[k] / 256.0).abs() < 1e-12, "k={k}: {}", o.p);
    }
    assert!((out.iter().map(|o| o.p).sum::<f64>() - 1.0).abs() < 1e-12);
    // The value is the number of marked sides up: 5 marked moves a started piece 5.
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+central_south.3"], "off"),
            &side(&[], "off"),
        ),
    );
    assert_eq!(k_for(&g, &s, 5), 5);
    let mut t = s.clone();
    g.apply_throw(&mut t, 5, &mut Vec::new()).unwrap();
    assert_eq!(moves(&g, &t), vec!["1:5 central_south.3>central_south.8"]);
}

// ---------------------------------------------------------------------------------------------
// Throws

#[test]
fn sig_t1_a_four_moves_four_and_throws_again() {
    let g = dflt();
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+central_south.3"], "off"),
            &side(&[], "off"),
        ),
    );
    let (mut s, m) = after_throw(&g, &s, 4);
    assert_eq!(m, vec!["1:4 central_south.3>central_south.7"]);
    play(&g, &mut s, "1:4");
    assert_eq!(
        note(&g, &s),
        race(
            "south",
            &side(&["+central_south.7"], "off"),
            &side(&[], "off")
        )
        .replace("south 1 throw |", "south 1 throw again |")
        .replace("throws 0/0/120", "throws 1/1/121")
        .replace("turns 80 |", "turns 80 last 8:4 |")
        .replace("pool -", "pool 4/4#0=1")
    );
}

#[test]
fn sig_t1_a_four_with_nothing_started_still_throws_again() {
    let g = dflt();
    let mut s = g.initial_state();
    throw(&g, &mut s, 4);
    assert_eq!(
        note(&g, &s),
        format!(
            "race | south 1 throw again | throws 1/1/1 turns 0 last 8:4 | pool 4/4#0=drop | south: {} | north: {}",
            side(&[], "off"),
            side(&[], "off")
        )
    );
}

#[test]
fn sig_t2_only_a_one_or_an_eight_starts_a_piece() {
    let g = once_beside();
    let s0 = g.initial_state();
    // 1: one piece starts and moves one space, onto the track's first hole.
    assert_eq!(
        after_throw(&g, &s0, 1).1,
        each(1..=12, "r1 off>home_south.12")
    );
    // 8 (A-SIG-2 = unstarted, A-SIG-8 = beart): eight waiting pieces start, without a step.
    assert_eq!(after_throw(&g, &s0, 8).1, each(1..=12, "r0 off>off"));
    // Other values start nothing: the turn passes to north (a 4 gives another throw).
    for v in [0, 2, 3, 5, 6, 7] {
        let mut s = s0.clone();
        throw(&g, &mut s, v);
        assert_eq!(
            note(&g, &s),
            format!(
                "race | north 1 throw | throws 0/0/1 turns 1 last 8:{v} | pool - | south: {} | north: {}",
                side(&[], "off"),
                side(&[], "off")
            )
        );
    }
}

#[test]
fn sig_t2_an_eight_starts_eight_pieces_and_no_more() {
    let g = once_beside();
    let mut s = g.initial_state();
    throw(&g, &mut s, 8);
    for p in [1, 3, 4, 5, 7, 9, 10, 12] {
        play(&g, &mut s, &format!("{p}:r0"));
    }
    let south = "+off off +off +off +off off +off off +off +off off +off";
    assert_eq!(
        note(&g, &s),
        format!(
            "race | north 1 throw | throws 0/0/1 turns 1 last 8:8 | pool - | south: {south} | north: {}",
            side(&[], "off")
        )
    );
    // A started piece waiting off the board then moves with any throw, entering the track.
    throw(&g, &mut s, 0);
    let (_, m) = after_throw(&g, &s, 3);
    assert_eq!(m, each([1, 3, 4, 5, 7, 9, 10, 12], "3 off>home_south.10"));
}

#[test]
fn sig_t3_a_started_piece_moves_by_the_throw() {
    let g = dflt();
    // From a real game: south's piece 2 in the race, the rest waiting.
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["off", "+home_south.10"], "off"),
            &side(&["+off", "+home_north.9"], "off"),
        ),
    );
    let want = [
        (2, "home_south.8"),
        (3, "home_south.7"),
        (5, "home_south.5"),
        (6, "home_south.4"),
        (7, "home_south.3"),
    ];
    for (v, to) in want {
        assert_eq!(
            after_throw(&g, &s, v).1,
            vec![format!("2:{v} home_south.10>{to}")],
            "throw {v}"
        );
    }
}

#[test]
fn sig_t3_each_throw_is_played_before_the_next() {
    // `allocation: per throw`: after a 4, its move is made before the extra throw.
    let g = dflt();
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+central_south.3", "+home_south.6"], "off"),
            &side(&[], "off"),
        ),
    );
    let (mut s, m) = after_throw(&g, &s, 4);
    assert!(note(&g, &s).starts_with("race | south 1 move again |"));
    assert_eq!(
        m,
        vec![
            "1:4 central_south.3>central_south.7",
            "2:4 home_south.6>home_south.2"
        ]
    );
    play(&g, &mut s, "2:4");
    let (_, m) = after_throw(&g, &s, 3);
    assert_eq!(
        m,
        vec![
            "1:3 central_south.3>central_south.6",
            "2:3 home_south.2>central_south.2"
        ]
    );
}

#[test]
fn sig_x1_a_zero_moves_nothing() {
    let g = dflt();
    let text = race(
        "south",
        &side(&["+central_south.3", "+home_south.6"], "off"),
        &side(&["+central_north.4"], "off"),
    );
    let s = pos(&g, &text);
    let (s, m) = after_throw(&g, &s, 0);
    assert!(m.is_empty());
    assert_eq!(
        note(&g, &s),
        text.replace("south 1 throw", "north 1 throw").replace(
            "throws 0/0/120 turns 80",
            "throws 0/0/121 turns 81 last 8:0"
        )
    );
}

// ---------------------------------------------------------------------------------------------
// Movement

#[test]
fn sig_m1_south_runs_the_s_right_left_right_into_north_home() {
    let g = dflt();
    let cases = [
        // home row right to left, then the next row left to right
        ("+home_south.2", 3, "home_south.2>central_south.2"),
        // left to right, then the third row right to left
        ("+central_south.11", 3, "central_south.11>central_north.11"),
        // right to left, then into the opponent's home row from its hole 1
        ("+central_north.2", 3, "central_north.2>home_north.2"),
        // a 7 from the home row's last holes across the corner
        ("+home_south.3", 7, "home_south.3>central_south.5"),
    ];
    for (at, v, want) in cases {
        let s = pos(&g, &race("south", &side(&[at], "off"), &side(&[], "off")));
        assert_eq!(
            after_throw(&g, &s, v).1,
            vec![format!("1:{v} {want}")],
            "{at}"
        );
    }
}

#[test]
fn sig_m1_north_mirrors_the_south() {
    // Default R-SIG-3 = reflection.
    let g = dflt();
    let cases = [
        ("+home_north.2", 3, "home_north.2>central_north.2"),
        ("+central_north.11", 3, "central_north.11>central_south.11"),
        ("+central_south.2", 3, "central_south.2>home_south.2"),
    ];
    for (at, v, want) in cases {
        let s = pos(&g, &race("north", &side(&[], "off"), &side(&[at], "off")));
        assert_eq!(
            after_throw(&g, &s, v).1,
            vec![format!("1:{v} {want}")],
            "{at}"
        );
    }
    // North's first step from the troughs is onto hole 12 of its home row.
    let s = pos(&g, &race("north", &side(&[], "off"), &side(&[], "off")));
    assert_eq!(
        after_throw(&g, &s, 1).1,
        each(1..=12, "r1 off>home_north.12")
    );
}

#[test]
fn sig_m2_return_closed_stops_at_the_end_of_the_opponents_home() {
    // Default A-SIG-7 = beart: south's piece 2 is still racing, so the return is shut: piece 1
    // stops on home_north.12 and the arrived pieces cannot move.
    let g = dflt();
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+!home_north.10", "+central_south.5"], "+!home_north.12"),
            &side(&["+central_north.6", "off"], "+!home_south.12"),
        ),
    );
    let (_, m) = after_throw(&g, &s, 5);
    assert_eq!(
        m,
        vec![
            "1:5 home_north.10>home_north.12",
            "2:5 central_south.5>central_south.10"
        ]
    );
}

#[test]
fn sig_m2_return_opens_runs_the_central_rows_the_other_way() {
    // All of south arrived, north still has a piece at the troughs (Béart): south takes the
    // track in reverse, central_north from hole 1 to 12, then central_south from 12 to 1.
    let g = once_beside();
    let north = side(&["+central_north.6", "off"], "+!home_south.12");
    let s = pos(&g, &race("south", &side(&[], "+!home_north.12"), &north));
    let (mut s, m) = after_throw(&g, &s, 3);
    assert_eq!(m, each(1..=12, "3 home_north.12>central_north.3'"));
    play(&g, &mut s, "4:3");
    // North's piece on the dune when south's last piece arrived is safe for good (A-SIG-10 =
    // safe): the latch of that moment is written `once south:1`.
    let north_after = north.replace("+central_north.6", "+!central_north.6");
    let south = side(
        &[
            "+!home_north.12",
            "+!home_north.12",
            "+!home_north.12",
            "+!central_north.3'",
        ],
        "+!home_north.12",
    );
    assert_eq!(
        note(&g, &s),
        race("north", &south, &north_after).replace(
            "throws 0/0/120 turns 80",
            "throws 0/0/121 turns 81 last 8:3 once south:1"
        )
    );
    // On the return the piece runs central_north left to right and on into central_south
    // right to left.
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+!central_north.11'"], "+!home_north.12"),
            &north,
        ),
    );
    let (_, m) = after_throw(&g, &s, 3);
    let mut want = each(2..=12, "3 home_north.12>central_north.3'");
    want.push("1:3 central_north.11'>central_south.11'".into());
    assert_eq!(m, sorted(want));
}

#[test]
fn sig_m2_no_return_once_the_opponent_has_started_all_its_pieces() {
    // Default A-SIG-7 = beart: the return is for an arrived team while the other still has
    // pieces at the troughs. Here north has started them all: south cannot move, the throw is
    // lost.
    let g = dflt();
    let text = race(
        "south",
        &side(&["x", "x"], "+!home_north.12"),
        &side(&["+central_south.9", "+central_north.4"], "+!home_south.12"),
    );
    let s = pos(&g, &text);
    for v in [2, 3, 5, 6, 7] {
        let (t, m) = after_throw(&g, &s, v);
        assert!(m.is_empty(), "{m:?}");
        assert_eq!(
            note(&g, &t),
            // No capture can ever happen again (south is shut behind its return gate for
            // good, north's pieces cannot take immune ones): the turn's end starts the combat.
            // North's racing pieces turn safe (A-SIG-10 = safe) as the latch is set.
            text.replace("race | south 1 throw", "combat | north 1 throw")
                .replace(
                    "throws 0/0/120 turns 80",
                    &format!("throws 0/0/121 turns 81 last 8:{v}")
                )
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Taking

#[test]
fn sig_c1_landing_on_an_opponent_in_a_central_row_kills_it() {
    let g = dflt();
    let text = race(
        "south",
        &side(&["+central_south.3", "+home_south.8"], "off"),
        &side(&["+central_south.5", "+home_north.4"], "off"),
    );
    let s = pos(&g, &text);
    let (mut s, m) = after_throw(&g, &s, 2);
    // Default A-SIG-5 = must: the killing move is the only way to land there.
    assert_eq!(
        m,
        vec![
            "1:2x central_south.3>central_south.5",
            "2:2 home_south.8>home_south.6"
        ]
    );
    play(&g, &mut s, "1:2x");
    assert_eq!(
        note(&g, &s),
        race(
            "north",
            &side(&["+central_south.5", "+home_south.8"], "off"),
            &side(&["x", "+home_north.4"], "off"),
        )
        .replace(
            "throws 0/0/120 turns 80",
            "throws 0/0/121 turns 81 last 8:2"
        )
    );
}

#[test]
fn sig_c1_and_the_other_way_north_kills_south() {
    let g = dflt();
    let s = pos(
        &g,
        &race(
            "north",
            &side(&["+central_north.9"], "off"),
            &side(&["+central_north.4"], "off"),
        ),
    );
    let (mut s, m) = after_throw(&g, &s, 5);
    assert_eq!(m, vec!["1:5x central_north.4>central_north.9"]);
    play(&g, &mut s, "1:5x");
    assert!(note(&g, &s).contains(&format!("south: {}", side(&["x"], "off"))));
}

#[test]
fn sig_c2_no_kill_in_the_home_rows() {
    // North's piece 1 is still running its own home row (not immune); south's piece lands on
    // it there: no kill. Default R-SIG-2 = cohabit: the two share the hole.
    let g = dflt();
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+central_north.2"], "off"),
            &side(&["+home_north.2", "+central_north.8"], "off"),
        ),
    );
    let (mut s, m) = after_throw(&g, &s, 3);
    assert_eq!(m, vec!["1:3 central_north.2>home_north.2"]);
    play(&g, &mut s, "1:3");
    assert_eq!(
        note(&g, &s),
        race(
            "north",
            &side(&["+!home_north.2"], "off"),
            &side(&["+home_north.2", "+central_north.8"], "off"),
        )
        .replace(
            "throws 0/0/120 turns 80",
            "throws 0/0/121 turns 81 last 8:3"
        )
    );
}

#[test]
fn sig_c2_dlp_start_no_kill_of_waiting_pieces_in_their_home_row() {
    // A-SIG-8 = dlp: north's waiting pieces stand in home_north; south's piece lands on one.
    let g = game(FILE, &[("A-SIG-8", "dlp")]);
    let north = (1..=12)
        .map(|i| format!("home_north.{i}"))
        .collect::<Vec<_>>()
        .join(" ");
    let south = side(&["+central_north.1", "home_south.2"], "+!home_north.12");
    let s = pos(&g, &race("south", &south, &north));
    let (_, m) = after_throw(&g, &s, 3);
    assert_eq!(m, vec!["1:3 central_north.1>home_north.3"]);
}

#[test]
fn sig_c3_entering_the_opponents_home_makes_a_piece_immune() {
    let g = dflt();
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+central_north.2"], "off"),
            &side(&["+central_north.8"], "off"),
        ),
    );
    let (mut s, _) = after_throw(&g, &s, 2);
    play(&g, &mut s, "1:2");
    assert!(
        note(&g, &s).contains(&format!("south: {}", side(&["+!home_north.1"], "off"))),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn sig_c3_an_immune_piece_back_in_the_central_rows_cannot_be_killed() {
    // North's piece 1 came back on its return (central_south, second visit) after entering
    // home_south: south lands on it and may not kill it (R-SIG-2 = cohabit: they share).
    let g = dflt();
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+central_south.3"], "off"),
            &side(&["+!central_south.5'"], "+!home_south.12"),
        ),
    );
    let (mut s, m) = after_throw(&g, &s, 2);
    assert_eq!(m, vec!["1:2 central_south.3>central_south.5"]);
    play(&g, &mut s, "1:2");
    assert!(note(&g, &s).contains(&format!(
        "north: {}",
        side(&["+!central_south.5'"], "+!home_south.12")
    )));
}

// ---------------------------------------------------------------------------------------------
// Finish

#[test]
fn sig_f1_the_race_ends_when_no_kill_is_possible_and_all_have_started() {
    // South's last racing piece enters home_north; north is all immune: the combat begins
    // at the end of south's turn (default A-SIG-4 = no-capture).
    let g = dflt();
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+central_north.2", "x"], "+!home_north.12"),
            &side(&["+!home_south.5", "x", "x"], "+!home_south.12"),
        ),
    );
    let (mut s, m) = after_throw(&g, &s, 3);
    assert_eq!(m, vec!["1:3 central_north.2>home_north.2"]);
    play(&g, &mut s, "1:3");
    assert_eq!(
        note(&g, &s),
        format!(
            "combat | north 1 throw | throws 0/0/121 turns 81 last 8:3 | pool - | south: {} | north: {}",
            side(&["+!home_north.2", "x"], "+!home_north.12"),
            side(&["+!home_south.5", "x", "x"], "+!home_south.12")
        )
    );
}

#[test]
fn sig_f1_a_piece_still_at_the_troughs_holds_the_combat_back() {
    // Béart: "il faut attendre pour combattre qu'ils aient réussi à s'abreuver et à partir".
    // South's last piece has run its whole return (A-SIG-6 = once) and can reach nothing;
    // every south piece is immune, so no kill is possible, but north's piece 2 is still at
    // the troughs: the race goes on until it starts.
    let g = once_beside();
    let south = side(&["+!central_south.1'"], "x");
    // South had all arrived before this position: the latch of that moment is set.
    let s = pos(
        &g,
        &race(
            "south",
            &south,
            &side(&["+!home_south.5", "off"], "+!home_south.12"),
        )
        .replace("turns 80 |", "turns 80 once south:1 |"),
    );
    let (s, m) = after_throw(&g, &s, 3);
    assert!(m.is_empty(), "{m:?}");
    assert!(
        note(&g, &s).starts_with("race | north 1 throw |"),
        "{}",
        note(&g, &s)
    );
    // North starts it with a 1 (which, R-SIG-1 = start-only, moves no started piece): now
    // every piece has started and the combat begins.
    let (mut s, m) = after_throw(&g, &s, 1);
    assert_eq!(m, vec!["2:r1 off>home_north.12"]);
    play(&g, &mut s, "2:r1");
    assert_eq!(
        note(&g, &s),
        format!(
            "combat | south 1 throw | throws 0/0/122 turns 82 last 8:1 once south:1 | pool - | south: {south} | north: {}",
            // The piece started after south had all arrived is not safe (A-SIG-10 = safe).
            side(&["+!home_south.5", "+home_north.12"], "+!home_south.12")
        )
    );
}

#[test]
fn sig_f1_all_of_one_side_arrived_the_others_count_as_arrived() {
    // Béart: all of south has arrived and north has no piece left at the troughs, so north's
    // racing pieces "sont considérés comme arrivés": south cannot take the return (gate of
    // SIG-M2 shut for good: north has no unreleased piece and never gets one again) and north
    // cannot kill immune pieces. No capture is possible: the combat begins.
    let g = dflt();
    let s = pos(
        &g,
        &race(
            "north",
            &side(&["x", "x"], "+!home_north.12"),
            &side(&["+central_south.9", "+central_north.4"], "+!home_south.12"),
        ),
    );
    let (mut s, m) = after_throw(&g, &s, 2);
    assert_eq!(
        m,
        vec![
            "1:2 central_south.9>central_south.7",
            "2:2 central_north.4>central_north.6"
        ]
    );
    play(&g, &mut s, "2:2");
    assert!(
        note(&g, &s).starts_with("combat | south 1 throw |"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn sig_f2_in_the_combat_each_four_kills_an_opposing_piece() {
    // The extra throw after the 4 is the default A-SIG-1 = rethrow.
    let g = dflt();
    let south = side(&["x", "x"], "+!home_north.12");
    let north = side(&["x", "+!home_south.5"], "+!home_south.12");
    let s = pos(&g, &combat("south", &south, &north));
    let (s4, m) = after_throw(&g, &s, 4);
    assert!(m.is_empty());
    assert_eq!(
        note(&g, &s4),
        combat("south", &south, &side(&["x", "x"], "+!home_south.12"))
            .replace("south 1 throw |", "south 1 throw again |")
            .replace(
                "throws 0/0/700 turns 500",
                // Both teams have all arrived: the latches of A-SIG-10 = safe.
                "throws 1/1/701 turns 500 last 8:4 once south:1 once north:1"
            )
    );
    // Any other throw does nothing: the turn passes.
    for v in [0, 1, 2, 3, 5, 6, 7, 8] {
        let (t, _) = after_throw(&g, &s, v);
        assert_eq!(
            note(&g, &t),
            combat("north", &south, &north).replace(
                "throws 0/0/700 turns 500",
                &format!("throws 0/0/701 turns 501 last 8:{v}")
            ),
            "throw {v}"
        );
    }
}

#[test]
fn sig_w1_the_team_with_only_its_pieces_left_wins() {
    let g = dflt();
    let south = side(&["x", "x"], "+!home_north.12");
    let north = side(&["+!home_south.12"], "x");
    let s = pos(&g, &combat("south", &south, &north));
    assert_eq!(g.winner(&s), None);
    let (s, _) = after_throw(&g, &s, 4);
    assert_eq!(g.winner(&s), Some(TeamId::FIRST));
    assert!(g.is_over(&s));
    // North wins the same way.
    let s = pos(
        &g,
        &combat("north", &side(&["+!home_north.12"], "x"), &north),
    );
    let (s, _) = after_throw(&g, &s, 4);
    assert_eq!(g.winner(&s), Some(TeamId::SECOND));
}

#[test]
fn sig_w1_killing_the_last_opposing_piece_in_the_race_wins() {
    let g = dflt();
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+central_south.3", "off"], "+!home_north.12"),
            &side(&["+central_south.5"], "x"),
        ),
    );
    let (mut s, _) = after_throw(&g, &s, 2);
    play(&g, &mut s, "1:2x");
    assert_eq!(g.winner(&s), Some(TeamId::FIRST));
}

#[test]
fn sig_w1_a_position_already_won_is_over() {
    let g = dflt();
    let south = side(&["+!home_north.12"], "x");
    let north = side(&[], "x");
    // North has no pieces: after any action that is a win, so a position still to throw
    // cannot arise and is refused, naming the rule.
    let err = g
        .from_notation(&combat("north", &south, &north))
        .expect_err("a won position still to throw");
    let err = said(&g, &err);
    assert!(
        err.contains("`south` has already won here (SIG-W1)"),
        "{err}"
    );
    let over = format!(
        "combat | south 1 over south | throws 0/0/700 turns 500 | pool - | south: {south} | north: {north}"
    );
    let s = pos(&g, &over);
    assert_eq!(g.winner(&s), Some(TeamId::FIRST));
}

// ---------------------------------------------------------------------------------------------
// Readings

fn combat_four(g: &Game) -> String {
    let south = side(&["x", "x"], "+!home_north.12");
    let north = side(&["x", "+!home_south.5"], "+!home_south.12");
    let s = pos(g, &combat("south", &south, &north));
    let (s, _) = after_throw(g, &s, 4);
    note(g, &s)
}

#[test]
fn a_sig_1_rethrow_a_four_in_the_combat_throws_again() {
    let n = combat_four(&game(FILE, &[("A-SIG-1", "rethrow")]));
    assert!(n.starts_with("combat | south 1 throw again |"), "{n}");
    assert!(n.ends_with(&format!("north: {}", side(&["x", "x"], "+!home_south.12"))));
}

#[test]
fn a_sig_1_plain_a_four_in_the_combat_passes_the_turn() {
    let n = combat_four(&game(FILE, &[("A-SIG-1", "plain")]));
    assert!(n.starts_with("combat | north 1 throw |"), "{n}");
    assert!(n.ends_with(&format!("north: {}", side(&["x", "x"], "+!home_south.12"))));
}

fn eight_with_one_started(g: &Game) -> Vec<String> {
    let s = pos(
        g,
        &race(
            "south",
            &side(&["+central_south.3"], "off"),
            &side(&["+central_north.7"], "off"),
        ),
    );
    after_throw(g, &s, 8).1
}

#[test]
fn a_sig_2_unstarted_an_eight_starts_waiting_pieces_only() {
    let g = game(
        FILE,
        &[
            ("A-SIG-6", "once"),
            ("A-SIG-11", "beside"),
            ("A-SIG-2", "unstarted"),
        ],
    );
    assert_eq!(eight_with_one_started(&g), each(2..=12, "r0 off>off"));
}

#[test]
fn a_sig_2_any_eight_an_eight_may_move_started_pieces_too() {
    let g = game(FILE, &[("A-SIG-2", "any-eight")]);
    let mut want = each(2..=12, "e1 off>home_south.12");
    want.push("1:e1 central_south.3>central_south.4".into());
    assert_eq!(eight_with_one_started(&g), sorted(want));
}

fn two_on_adjacent(g: &Game) -> (State, Vec<String>) {
    let s = pos(
        g,
        &race(
            "south",
            &side(&["+central_south.3", "+central_south.5"], "off"),
            &side(&["+central_north.7"], "off"),
        ),
    );
    after_throw(g, &s, 2)
}

#[test]
fn a_sig_3_apart_two_pieces_of_a_team_may_not_share_a_hole() {
    let g = game(FILE, &[("A-SIG-3", "apart")]);
    let (s, m) = two_on_adjacent(&g);
    assert_eq!(m, vec!["2:2 central_south.5>central_south.7"]);
    assert_eq!(refuse(&g, &s, "1:2"), "SIG-X2");
}

#[test]
fn a_sig_3_apart_except_at_the_goal() {
    // Pieces that have arrived gather on the goal hole (`forbidden except at goal`).
    let g = game(FILE, &[("A-SIG-3", "apart")]);
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+!home_north.9", "+central_south.5"], "+!home_north.12"),
            &side(&["+central_north.7"], "off"),
        ),
    );
    let (_, m) = after_throw(&g, &s, 3);
    assert_eq!(
        m,
        vec![
            "1:3 home_north.9>home_north.12",
            "2:3 central_south.5>central_south.8"
        ]
    );
}

#[test]
fn a_sig_3_stacked_two_pieces_of_a_team_may_share_a_hole() {
    let g = game(FILE, &[("A-SIG-3", "stacked")]);
    let (_, m) = two_on_adjacent(&g);
    assert_eq!(
        m,
        vec![
            "1:2 central_south.3>central_south.5",
            "2:2 central_south.5>central_south.7"
        ]
    );
}

/// North's only piece has run its whole return (A-SIG-6 = once) and stands at its end,
/// immune; south's piece 1 is still racing in central_north, out of every reach.
fn race_end_position(g: &Game) -> String {
    let s = pos(
        g,
        &race(
            "south",
            &side(&["+central_north.7"], "+!home_north.12"),
            &side(&["+!central_north.1'"], "x"),
        ),
    );
    let (mut s, m) = after_throw(g, &s, 2);
    assert_eq!(m, vec!["1:2 central_north.7>central_north.5"]);
    play(g, &mut s, "1:2");
    note(g, &s)
}

#[test]
fn a_sig_4_no_capture_the_race_ends_when_no_kill_can_happen() {
    let n = race_end_position(&game(FILE, &[("A-SIG-4", "no-capture")]));
    assert!(n.starts_with("combat | north 1 throw |"), "{n}");
}

#[test]
fn a_sig_4_immune_or_arrived_a_racing_piece_keeps_the_race_on() {
    // Under A-SIG-10 = safe, south's racing piece would turn safe when north's last piece has
    // arrived: the option is seen where it may still be killed.
    let n = race_end_position(&game(
        FILE,
        &[("A-SIG-4", "immune-or-arrived"), ("A-SIG-10", "killable")],
    ));
    assert!(n.starts_with("race | north 1 throw |"), "{n}");
}

fn landing_on_opponent(g: &Game) -> (State, Vec<String>) {
    let s = pos(
        g,
        &race(
            "south",
            &side(&["+central_south.3"], "off"),
            &side(&["+central_south.5"], "off"),
        ),
    );
    after_throw(g, &s, 2)
}

#[test]
fn a_sig_5_must_the_landing_kill_is_compulsory() {
    let g = game(FILE, &[("A-SIG-5", "must")]);
    let (s, m) = landing_on_opponent(&g);
    assert_eq!(m, vec!["1:2x central_south.3>central_south.5"]);
    assert_eq!(refuse(&g, &s, "1:2"), "SIG-C1");
}

#[test]
fn a_sig_5_may_the_mover_may_decline_and_share() {
    let g = game(FILE, &[("A-SIG-5", "may")]);
    let (mut s, m) = landing_on_opponent(&g);
    assert_eq!(
        m,
        vec![
            "1:2 central_south.3>central_south.5",
            "1:2x central_south.3>central_south.5"
        ]
    );
    play(&g, &mut s, "1:2");
    assert!(note(&g, &s).ends_with(&format!(
        "south: {} | north: {}",
        side(&["+central_south.5"], "off"),
        side(&["+central_south.5"], "off")
    )));
}

/// South's piece 1 stands at the end of its return; the return is open (all of south
/// arrived, north has a piece at the troughs).
fn end_of_return(g: &Game) -> (State, Vec<String>) {
    let s = pos(
        g,
        &race(
            "south",
            &side(&["+!central_south.1'"], "+!home_north.12"),
            &side(&["off", "+central_north.9"], "+!home_south.12"),
        ),
    );
    after_throw(g, &s, 3)
}

#[test]
fn a_sig_6_once_the_return_ends_at_its_last_hole() {
    let g = game(FILE, &[("A-SIG-6", "once")]);
    let (_, m) = end_of_return(&g);
    assert_eq!(m, each(2..=12, "3 home_north.12>central_north.3'"));
}

#[test]
fn a_sig_6_circle_the_return_starts_again() {
    let g = game(FILE, &[("A-SIG-6", "circle")]);
    let (_, m) = end_of_return(&g);
    let mut want = each(2..=12, "3 home_north.12>central_north.3'");
    want.push("1:3 central_south.1'>central_north.3'".into());
    assert_eq!(m, sorted(want));
}

#[test]
fn a_sig_6_circle_the_loop_passes_through_the_return_gate() {
    // The circling re-enters the return, so SIG-M2's gate applies again (default A-SIG-7 =
    // beart): with north's pieces all started, piece 1 stays at the end of its return.
    let g = game(FILE, &[("A-SIG-6", "circle")]);
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+!central_south.1'"], "+!home_north.12"),
            &side(&["+central_south.9", "+central_north.9"], "+!home_south.12"),
        ),
    );
    let (_, m) = after_throw(&g, &s, 3);
    assert!(m.is_empty(), "{m:?}");
}

#[test]
fn a_sig_6_retrace_the_piece_walks_its_whole_track_back_from_the_goal() {
    // South has all arrived and north has a piece at the troughs: the return is open. The
    // arrived pieces turn on the goal and walk north's home row back; piece 1 is on its way
    // back through central_north (hole 1 to 12, its second visit); piece 2 is near the end
    // of the way back, in its own home row, and stops on the track's first hole, B.
    let g = game(FILE, &[("A-SIG-6", "retrace")]);
    let s = pos(
        &g,
        &race(
            "south",
            &side(
                &["+!central_north.2'", "+!home_south.11'"],
                "+!home_north.12",
            ),
            &side(&["off", "+central_south.9"], "+!home_south.12"),
        ),
    );
    let (_, m) = after_throw(&g, &s, 3);
    let mut want = each(3..=12, "3 home_north.12>home_north.9'");
    want.push("1:3 central_north.2'>central_north.5'".into());
    want.push("2:3 home_south.11'>home_south.12'".into());
    assert_eq!(m, sorted(want));
}

fn near_goal(g: &Game) -> Vec<String> {
    let s = pos(
        g,
        &race(
            "south",
            &side(&["+!home_north.10", "+central_south.5"], "+!home_north.12"),
            &side(&["+central_north.6"], "+!home_south.12"),
        ),
    );
    after_throw(g, &s, 5).1
}

#[test]
fn a_sig_7_beart_no_return_while_the_team_is_still_racing() {
    let g = game(FILE, &[("A-SIG-7", "beart")]);
    assert_eq!(
        near_goal(&g),
        vec![
            "1:5 home_north.10>home_north.12",
            "2:5 central_south.5>central_south.10"
        ]
    );
}

#[test]
fn a_sig_7_dlp_a_piece_returns_as_soon_as_it_has_run_the_home_row() {
    let g = game(
        FILE,
        &[
            ("A-SIG-6", "once"),
            ("A-SIG-11", "beside"),
            ("A-SIG-7", "dlp"),
        ],
    );
    let mut want = each(3..=12, "5 home_north.12>central_north.5'");
    want.push("1:5 home_north.10>central_north.3'".into());
    want.push("2:5 central_south.5>central_south.10".into());
    assert_eq!(near_goal(&g), sorted(want));
}

#[test]
fn a_sig_8_beart_pieces_wait_off_the_board_and_enter_at_the_first_hole() {
    let g = game(
        FILE,
        &[
            ("A-SIG-6", "once"),
            ("A-SIG-11", "beside"),
            ("A-SIG-8", "beart"),
        ],
    );
    let s = g.initial_state();
    assert!(note(&g, &s).ends_with(&format!(
        "south: {} | north: {}",
        side(&[], "off"),
        side(&[], "off")
    )));
    assert_eq!(
        after_throw(&g, &s, 1).1,
        each(1..=12, "r1 off>home_south.12")
    );
    assert_eq!(after_throw(&g, &s, 8).1, each(1..=12, "r0 off>off"));
}

#[test]
fn a_sig_8_dlp_pieces_stand_in_the_home_row_and_step_along_it() {
    let g = game(
        FILE,
        &[
            ("A-SIG-6", "once"),
            ("A-SIG-11", "beside"),
            ("A-SIG-8", "dlp"),
        ],
    );
    let s = g.initial_state();
    // Only the front piece can step: the others would land on their own neighbours.
    assert_eq!(
        after_throw(&g, &s, 1).1,
        vec!["1:r1 home_south.1>central_south.1"]
    );
    // On an 8 each of eight pieces moves one space; the front one first makes room.
    let (mut s, m) = after_throw(&g, &s, 8);
    assert_eq!(m, vec!["1:r1 home_south.1>central_south.1"]);
    for p in 1..=8 {
        play(&g, &mut s, &format!("{p}:r1"));
    }
    let mut south = vec!["+central_south.1".to_string()];
    south.extend((1..=7).map(|i| format!("+home_south.{i}")));
    south.extend((9..=12).map(|i| format!("home_south.{i}")));
    assert!(
        note(&g, &s).contains(&format!("south: {} |", south.join(" "))),
        "{}",
        note(&g, &s)
    );
}

fn one_with_one_started(g: &Game) -> Vec<String> {
    let s = pos(
        g,
        &race(
            "south",
            &side(&["+central_south.3"], "off"),
            &side(&["+central_north.7"], "off"),
        ),
    );
    after_throw(g, &s, 1).1
}

#[test]
fn r_sig_1_start_or_move_a_one_may_move_a_started_piece() {
    let g = game(FILE, &[("R-SIG-1", "start-or-move")]);
    let mut want = each(2..=12, "e1 off>home_south.12");
    want.push("1:e1 central_south.3>central_south.4".into());
    assert_eq!(one_with_one_started(&g), sorted(want));
}

#[test]
fn r_sig_1_start_only_a_one_only_starts_a_piece() {
    let g = game(FILE, &[("R-SIG-1", "start-only")]);
    assert_eq!(
        one_with_one_started(&g),
        each(2..=12, "r1 off>home_south.12")
    );
}

/// South's piece 1 would land on a north piece still in north's home row (SIG-C2).
fn onto_home_row_piece() -> String {
    race(
        "south",
        &side(&["+central_north.2"], "off"),
        &side(&["+home_north.2", "+central_north.8"], "off"),
    )
}

/// South's piece 1 would land on an immune north piece on its return (SIG-C3).
fn onto_immune_piece() -> String {
    race(
        "south",
        &side(&["+central_south.3"], "off"),
        &side(&["+!central_south.6'"], "+!home_south.12"),
    )
}

#[test]
fn r_sig_2_cohabit_landing_on_a_protected_piece_shares_the_hole() {
    let g = game(FILE, &[("R-SIG-2", "cohabit")]);
    assert_eq!(
        after_throw(&g, &pos(&g, &onto_home_row_piece()), 3).1,
        vec!["1:3 central_north.2>home_north.2"]
    );
    assert_eq!(
        after_throw(&g, &pos(&g, &onto_immune_piece()), 3).1,
        vec!["1:3 central_south.3>central_south.6"]
    );
}

#[test]
fn r_sig_2_illegal_landing_on_a_protected_piece_is_not_allowed() {
    let g = game(FILE, &[("R-SIG-2", "illegal")]);
    for (text, rule) in [
        (onto_home_row_piece(), "SIG-C2"),
        (onto_immune_piece(), "SIG-C3"),
    ] {
        // No legal move: the throw is forfeited and the turn passes.
        let (s, m) = after_throw(&g, &pos(&g, &text), 3);
        assert!(m.is_empty(), "{m:?}");
        assert!(note(&g, &s).starts_with("race | north 1 throw |"));
        // The refusal names the protecting rule (the same position just after the throw).
        let s = pos(
            &g,
            &text
                .replace("south 1 throw |", "south 1 move |")
                .replace(
                    "throws 0/0/120 turns 80",
                    "throws 1/1/121 turns 80 last 8:3",
                )
                .replace("pool -", "pool 3/3#0"),
        );
        assert_eq!(refuse(&g, &s, "1:3"), rule);
    }
}

fn north_moves(g: &Game) -> (Vec<String>, Vec<String>) {
    let s = pos(g, &race("north", &side(&[], "off"), &side(&[], "off")));
    let first = after_throw(g, &s, 1).1;
    let s = pos(
        g,
        &race(
            "north",
            &side(&[], "off"),
            &side(&["+central_north.5", "+central_south.5"], "off"),
        ),
    );
    (first, after_throw(g, &s, 2).1)
}

#[test]
fn r_sig_3_reflection_north_runs_its_home_row_the_same_compass_way_as_south() {
    let g = game(FILE, &[("R-SIG-3", "reflection")]);
    let (first, two) = north_moves(&g);
    assert_eq!(first, each(1..=12, "r1 off>home_north.12"));
    assert_eq!(
        two,
        vec![
            "1:2 central_north.5>central_north.7",
            "2:2 central_south.5>central_south.3"
        ]
    );
}

#[test]
fn r_sig_3_rotation_north_runs_each_row_the_other_compass_way() {
    let g = game(FILE, &[("R-SIG-3", "rotation")]);
    let (first, two) = north_moves(&g);
    assert_eq!(first, each(1..=12, "r1 off>home_north.1"));
    assert_eq!(
        two,
        vec![
            "1:2 central_north.5>central_north.3",
            "2:2 central_south.5>central_south.7"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// A-SIG-9: where a kill can happen

#[test]
fn a_sig_9_summary_no_kill_in_the_home_rows_and_entering_them_makes_immune() {
    // The default: the same position as SIG-C2's test, stated under the reading.
    let g = game(FILE, &[("A-SIG-9", "summary")]);
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+central_north.2"], "off"),
            &side(&["+home_north.2", "+central_north.8"], "off"),
        ),
    );
    let (mut s, m) = after_throw(&g, &s, 3);
    assert_eq!(m, vec!["1:3 central_north.2>home_north.2"]);
    play(&g, &mut s, "1:3");
    assert!(note(&g, &s).contains(&format!("south: {}", side(&["+!home_north.2"], "off"))));
}

#[test]
fn a_sig_9_beart_a_kill_in_a_home_row_and_no_immunity() {
    let g = game(FILE, &[("A-SIG-9", "beart")]);
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+central_north.2"], "off"),
            &side(&["+home_north.2", "+central_north.8"], "off"),
        ),
    );
    // Compulsory (A-SIG-5 = must): the kill is the only way to land there.
    let (mut s, m) = after_throw(&g, &s, 3);
    assert_eq!(m, vec!["1:3x central_north.2>home_north.2"]);
    play(&g, &mut s, "1:3x");
    let n = note(&g, &s);
    // The piece that entered the opposing home row is not immune (no `!`).
    assert!(
        n.contains(&format!("south: {}", side(&["+home_north.2"], "off"))),
        "{n}"
    );
    assert!(
        n.contains(&format!(
            "north: {}",
            side(&["x", "+central_north.8"], "off")
        )),
        "{n}"
    );
}

#[test]
fn a_sig_9_beart_a_piece_on_its_return_can_be_killed() {
    // North's piece on its second pass through central_south: under the summary it would be
    // immune (SIG-C3); under Béart's sentence alone south kills it.
    let g = game(FILE, &[("A-SIG-9", "beart")]);
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+central_south.3"], "off"),
            &side(&["+central_south.5'"], "+home_south.12"),
        ),
    );
    let (_, m) = after_throw(&g, &s, 2);
    assert_eq!(m, vec!["1:2x central_south.3>central_south.5"]);
}

// ---------------------------------------------------------------------------------------------
// A-SIG-11: what an 8 does with the pieces it starts (B, the track's first hole, is ours)

/// South's piece 1 stands on B (home_south.12); the other eleven wait at the troughs.
fn b_held() -> String {
    race(
        "south",
        &side(&["+home_south.12"], "off"),
        &side(&["+central_north.7"], "off"),
    )
}

#[test]
fn a_sig_11_beside_an_eight_starts_eight_beside_the_board() {
    let g = game(FILE, &[("A-SIG-11", "beside")]);
    // From the troughs: eight releases without a step (`r0`), each to a different piece.
    let s = pos(&g, &race("south", &side(&[], "off"), &side(&[], "off")));
    let (mut s, m) = after_throw(&g, &s, 8);
    assert_eq!(m, each(1..=12, "r0 off>off"));
    for p in 1..=8 {
        play(&g, &mut s, &format!("{p}:r0"));
    }
    assert!(
        note(&g, &s).contains(&format!("south: {} |", side(&["+off"; 8], "off"))),
        "{}",
        note(&g, &s)
    );
    // With B held, the eight still start beside it; a 1 cannot put a piece on B: lost.
    let s = pos(&g, &b_held());
    assert_eq!(after_throw(&g, &s, 8).1, each(2..=12, "r0 off>off"));
    let (t, m) = after_throw(&g, &s, 1);
    assert!(m.is_empty(), "{m:?}");
    assert!(note(&g, &t).starts_with("race | north 1 throw |"));
}

#[test]
fn a_sig_11_at_b_each_of_the_eight_steps_onto_b_or_starts_beside_it() {
    let g = game(FILE, &[("A-SIG-11", "at-b")]);
    // From the troughs: the first of the eight steps onto B; B then held (one piece to a
    // hole), the others are started beside the board.
    let s = pos(&g, &race("south", &side(&[], "off"), &side(&[], "off")));
    let (mut s, m) = after_throw(&g, &s, 8);
    assert_eq!(m, each(1..=12, "r1 off>home_south.12"));
    play(&g, &mut s, "1:r1");
    assert_eq!(moves(&g, &s), each(2..=12, "r1 off>off"));
    for p in 2..=8 {
        play(&g, &mut s, &format!("{p}:r1"));
    }
    assert!(
        note(&g, &s).contains(&format!(
            "south: {} |",
            side(
                &[
                    "+home_south.12",
                    "+off",
                    "+off",
                    "+off",
                    "+off",
                    "+off",
                    "+off",
                    "+off"
                ],
                "off"
            )
        )),
        "{}",
        note(&g, &s)
    );
    // A 1 with B held starts its piece beside the board.
    let s = pos(&g, &b_held());
    assert_eq!(after_throw(&g, &s, 1).1, each(2..=12, "r1 off>off"));
}

// ---------------------------------------------------------------------------------------------
// A-SIG-12: where a returning piece ends

/// South's piece 1 is three holes from the end of its return (central_south.1), piece 2 is
/// `second`, the rest have arrived; north still has a piece at the troughs, so the return is
/// open.
fn near_return_end(g: &Game, second: &str) -> State {
    pos(
        g,
        &race(
            "south",
            &side(&["+!central_south.3'", second], "+!home_north.12"),
            &side(&["off", "+central_north.9"], "+!home_south.12"),
        ),
    )
}

#[test]
fn a_sig_12_stop_a_long_throw_ends_the_return_on_its_last_hole() {
    let g = game(
        FILE,
        &[
            ("A-SIG-6", "once"),
            ("A-SIG-11", "beside"),
            ("A-SIG-12", "stop"),
        ],
    );
    let s = near_return_end(&g, "+!home_north.12");
    let mut want = each(2..=12, "5 home_north.12>central_north.5'");
    want.push("1:5 central_south.3'>central_south.1'".into());
    assert_eq!(after_throw(&g, &s, 5).1, sorted(want));
    // A finished piece on the last hole blocks it (one piece to a hole): piece 1 can no
    // longer end its return, by a long throw or an exact one.
    let s = near_return_end(&g, "+!central_south.1'");
    assert_eq!(
        after_throw(&g, &s, 5).1,
        each(3..=12, "5 home_north.12>central_north.5'")
    );
    assert_eq!(
        after_throw(&g, &s, 2).1,
        each(3..=12, "2 home_north.12>central_north.2'")
    );
}

#[test]
fn a_sig_12_exact_the_return_ends_only_on_an_exact_throw() {
    let g = game(
        FILE,
        &[
            ("A-SIG-6", "once"),
            ("A-SIG-11", "beside"),
            ("A-SIG-12", "exact"),
        ],
    );
    let s = near_return_end(&g, "+!home_north.12");
    assert_eq!(
        after_throw(&g, &s, 5).1,
        each(2..=12, "5 home_north.12>central_north.5'")
    );
    let mut want = each(2..=12, "2 home_north.12>central_north.2'");
    want.push("1:2 central_south.3'>central_south.1'".into());
    assert_eq!(after_throw(&g, &s, 2).1, sorted(want));
}

#[test]
fn a_sig_12_gather_apart_a_finished_piece_keeps_the_returns_last_hole() {
    // The default: one piece to a hole on the return's last hole too (as in a_sig_12_stop_…).
    let g = game(
        FILE,
        &[
            ("A-SIG-6", "once"),
            ("A-SIG-11", "beside"),
            ("A-SIG-12-gather", "apart"),
        ],
    );
    let s = near_return_end(&g, "+!central_south.1'");
    assert_eq!(
        after_throw(&g, &s, 5).1,
        each(3..=12, "5 home_north.12>central_north.5'")
    );
}

#[test]
fn a_sig_12_gather_gather_finished_pieces_share_the_returns_last_hole() {
    let g = game(
        FILE,
        &[
            ("A-SIG-6", "once"),
            ("A-SIG-11", "beside"),
            ("A-SIG-12-gather", "gather"),
        ],
    );
    // Piece 2 has ended its return on central_south.1: piece 1 ends there too.
    let s = near_return_end(&g, "+!central_south.1'");
    let mut want = each(3..=12, "5 home_north.12>central_north.5'");
    want.push("1:5 central_south.3'>central_south.1'".into());
    assert_eq!(after_throw(&g, &s, 5).1, sorted(want));
}

// ---------------------------------------------------------------------------------------------
// R-SIG-5 and R-SIG-6: moves in a turn, and the holes on the way

/// South moves piece 2 with a 4, then throws a 3: the legal moves for the 3.
fn after_four_then_three(g: &Game) -> Vec<String> {
    let s = pos(
        g,
        &race(
            "south",
            &side(&["+central_south.3", "+home_south.6"], "off"),
            &side(&[], "off"),
        ),
    );
    let (mut s, m) = after_throw(g, &s, 4);
    assert_eq!(
        m,
        vec![
            "1:4 central_south.3>central_south.7",
            "2:4 home_south.6>home_south.2"
        ]
    );
    play(g, &mut s, "2:4");
    after_throw(g, &s, 3).1
}

#[test]
fn r_sig_5_several_the_piece_moved_on_a_four_may_move_again() {
    let g = game(FILE, &[("R-SIG-5", "several")]);
    assert_eq!(
        after_four_then_three(&g),
        vec![
            "1:3 central_south.3>central_south.6",
            "2:3 home_south.2>central_south.2"
        ]
    );
}

#[test]
fn r_sig_5_one_the_piece_moved_on_a_four_may_not_move_again() {
    let g = game(FILE, &[("R-SIG-5", "one")]);
    assert_eq!(
        after_four_then_three(&g),
        vec!["1:3 central_south.3>central_south.6"]
    );
}

/// South's pieces on central_south.3 and .5, north's on central_south.6.
fn in_a_row() -> String {
    race(
        "south",
        &side(&["+central_south.3", "+central_south.5"], "off"),
        &side(&["+central_south.6"], "off"),
    )
}

#[test]
fn r_sig_6_allowed_a_piece_passes_own_and_opposing_pieces() {
    let g = game(FILE, &[("R-SIG-6", "allowed")]);
    let s = pos(&g, &in_a_row());
    assert_eq!(
        after_throw(&g, &s, 5).1,
        vec![
            "1:5 central_south.3>central_south.8",
            "2:5 central_south.5>central_south.10"
        ]
    );
}

#[test]
fn r_sig_6_forbidden_no_move_passes_a_held_hole() {
    let g = game(FILE, &[("R-SIG-6", "forbidden")]);
    // Piece 1 would pass its own piece and north's, piece 2 north's: no legal move, the
    // throw is lost.
    let (t, m) = after_throw(&g, &pos(&g, &in_a_row()), 5);
    assert!(m.is_empty(), "{m:?}");
    assert!(note(&g, &t).starts_with("race | north 1 throw |"));
    // The refusal names the rule (the same position just after the throw).
    let s = pos(
        &g,
        &in_a_row()
            .replace("south 1 throw |", "south 1 move |")
            .replace(
                "throws 0/0/120 turns 80",
                "throws 1/1/121 turns 80 last 8:5",
            )
            .replace("pool -", "pool 5/5#0"),
    );
    assert_eq!(refuse(&g, &s, "1:5"), "SIG-X2");
    assert_eq!(refuse(&g, &s, "2:5"), "SIG-X2");
}

// ---------------------------------------------------------------------------------------------
// A-SIG-10: the pieces on the dune when the other side has all arrived are safe (safe), or the
// returning pieces may still kill them (killable).

#[test]
fn a_sig_10_safe_the_pieces_on_the_dune_then_are_safe_and_later_ones_are_not() {
    let g = game(FILE, &[("A-SIG-10", "safe")]);
    // South's last piece arrives: at the end of that move north's racing piece (on the dune)
    // turns safe, and the latch of that moment is written `once south:1`; north's piece 1,
    // still at the troughs, does not.
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+!home_north.9"], "+!home_north.12"),
            &side(&["off", "+central_north.6"], "+!home_south.12"),
        ),
    );
    let (mut s, m) = after_throw(&g, &s, 3);
    assert_eq!(m, vec!["1:3 home_north.9>home_north.12"]);
    play(&g, &mut s, "1:3");
    let n = note(&g, &s);
    assert!(n.contains("once south:1"), "{n}");
    assert!(
        n.ends_with(&format!(
            "| north: {}",
            side(&["off", "+!central_north.6"], "+!home_south.12")
        )),
        "{n}"
    );
    // Later (the latch set): north's piece 1, started after that moment, is not safe and a
    // returning piece kills it; piece 2, on the dune then, is safe and shares its hole.
    let later = pos(
        &g,
        &race(
            "south",
            &side(&["+!central_north.3'"], "+!home_north.12"),
            &side(
                &["+central_north.6", "+!central_north.9"],
                "+!home_south.12",
            ),
        )
        .replace("turns 80", "turns 80 once south:1"),
    );
    let (_, m) = after_throw(&g, &later, 3);
    assert_eq!(m, vec!["1:3x central_north.3'>central_north.6'"]);
    // (The arrived pieces stay behind SIG-M2's gate: north has no piece left to start.)
    let (_, m) = after_throw(&g, &later, 6);
    assert_eq!(m, vec!["1:6 central_north.3'>central_north.9'"]);
}

#[test]
fn a_sig_10_killable_a_returning_piece_kills_a_piece_racing_when_all_arrived() {
    let g = game(
        FILE,
        &[
            ("A-SIG-6", "once"),
            ("A-SIG-11", "beside"),
            ("A-SIG-10", "killable"),
        ],
    );
    let arrived = "+!home_north.12";
    // All of south has arrived but piece 1, on its return; north's piece 2 was racing when
    // south's last piece arrived, and north's piece 1 is still at the troughs.
    let s = pos(
        &g,
        &race(
            "south",
            &side(&["+!central_north.3'"], arrived),
            &side(&["off", "+central_north.6"], "+!home_south.12"),
        ),
    );
    // The kill is the only move (the arrived pieces' return lands on piece 1's hole).
    let (mut s, m) = after_throw(&g, &s, 3);
    assert_eq!(m, vec!["1:3x central_north.3'>central_north.6'"]);
    play(&g, &mut s, "1:3x");
    assert_eq!(
        note(&g, &s),
        format!(
            "race | north 1 throw | throws 0/0/121 turns 81 last 8:3 | pool - | south: {} | north: {}",
            side(&["+!central_north.6'"], arrived),
            side(&["off", "x"], "+!home_south.12")
        )
    );
}

#[test]
fn a_sig_9_arrived_a_sig_15_a_kill_anywhere_except_an_arrived_piece() {
    // Béart's narrow reading: "ces pions sont considérés comme arrivés, puis-que [sic] les
    // pions de N. ne peuvent plus les tuer". North's piece 2 has arrived on home_south.12, south's
    // first hole: a south piece started by a 1 lands there and cannot kill it; under Béart's
    // sentence alone (A-SIG-9 = beart) it must.
    let south = side(&["+central_north.2"], "off");
    let cases: [(&str, &str, &str); 2] = [
        ("arrived", "+!home_south.12", "r1 off>home_south.12"),
        ("beart", "+home_south.12", "r1x off>home_south.12"),
    ];
    for (option, arrived, start) in cases {
        let g = game(FILE, &[("A-SIG-9", option)]);
        let north = side(&["+home_north.2", arrived, "+central_north.8"], "off");
        let s = pos(&g, &race("south", &south, &north));
        let (_, m) = after_throw(&g, &s, 1);
        assert_eq!(m, each(2..=12, start), "{option}");
        // In the opposing home row, where the summary keeps pieces safe, the kill is made.
        let (mut s, m) = after_throw(&g, &s, 3);
        assert_eq!(m, vec!["1:3x central_north.2>home_north.2"], "{option}");
        play(&g, &mut s, "1:3x");
        // Entering the opposing home row makes no piece immune, arriving does.
        assert!(
            note(&g, &s).contains(&format!("south: {}", side(&["+home_north.2"], "off"))),
            "{}",
            note(&g, &s)
        );
    }
}

#[test]
fn a_sig_14_threshold_the_return_stays_open_once_it_has_opened() {
    // All of south has arrived and north's last piece has started since: under the state
    // reading (the default) the gate is shut again, and south's piece stops on its goal; as a
    // threshold, once open for good (the latch of `once (…)` set), it walks back.
    let north = side(&["+central_north.6"], "+!home_south.12");
    let text = race("south", &side(&[], "+!home_north.12"), &north);
    let g = game(FILE, &[]);
    let s = pos(&g, &text);
    let (_, m) = after_throw(&g, &s, 3);
    assert_eq!(m, Vec::<String>::new());
    let g = game(FILE, &[("A-SIG-14", "threshold")]);
    // Latch 1 is A-SIG-10's `immune when`, latch 2 the gate's `once (…)`.
    let opened = text.replace("turns 80 |", "turns 80 once south:2 |");
    let s = pos(&g, &opened);
    let (_, m) = after_throw(&g, &s, 3);
    assert_eq!(m, each(1..=12, "3 home_north.12>home_north.9'"));
}

// ---------------------------------------------------------------------------------------------
// A-SIG-13: must a player move?

/// South's piece 2 in the race, the rest waiting; north's pieces out of the way.
fn one_south_piece(g: &Game) -> State {
    pos(
        g,
        &race(
            "south",
            &side(&["off", "+home_south.10"], "off"),
            &side(&["+off", "+home_north.9"], "off"),
        ),
    )
}

#[test]
fn a_sig_13_forced_the_throw_must_be_played() {
    for readings in [&[][..], &[("A-SIG-13", "forced")][..]] {
        let g = game(FILE, readings);
        let (s, m) = after_throw(&g, &one_south_piece(&g), 3);
        assert_eq!(m, ["2:3 home_south.10>home_south.7"]);
        assert_eq!(
            refuse(&g, &s, "pass"),
            "a piece can move, so the seat may not pass"
        );
    }
}

#[test]
fn a_sig_13_optional_the_player_may_pass() {
    let g = game(FILE, &[("A-SIG-13", "optional")]);
    let (mut s, m) = after_throw(&g, &one_south_piece(&g), 3);
    assert_eq!(m, ["2:3 home_south.10>home_south.7", "pass"]);
    play(&g, &mut s, "pass");
    assert!(
        note(&g, &s).starts_with("race | north 1 throw |"),
        "{}",
        note(&g, &s)
    );
    // After a 4 (another throw), the pass declines the 4 and the seat throws again.
    let (mut s, m) = after_throw(&g, &one_south_piece(&g), 4);
    assert_eq!(m, ["2:4 home_south.10>home_south.6", "pass"]);
    play(&g, &mut s, "pass");
    assert!(
        note(&g, &s).starts_with("race | south 1 throw again |"),
        "{}",
        note(&g, &s)
    );
}
