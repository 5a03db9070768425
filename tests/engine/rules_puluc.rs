//! Rule tests for Puluc (`rules/relatives/puluc.seig`): one test (or more) per rule `PUL-…`
//! and per option of each reading `A-PUL-…`, each from a position in notation with the exact
//! legal decisions (checked against the generator's definition by `common::moves`).
//!
//! The road is one row of nine holes, `road.1` … `road.9`: south enters at road.1 and walks
//! up, north enters at road.9 and walks down; every piece starts beside the board (`off`).
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{moves, note, play, pos};
use seig::engine::{Game, State};

const F: &str = "relatives/puluc.seig";

fn game(readings: &[(&str, &str)]) -> Game {
    common::game(F, readings)
}

/// A position of `team` to move with `pool`, the pieces of both teams.
fn at(g: &Game, team: &str, pool: &str, south: &str, north: &str) -> State {
    pos(
        g,
        &format!(
            "play | {team} 1 move | throws 1/1/9 turns 8 | pool {pool} | south: {south} | north: {north}"
        ),
    )
}

/// The pieces sections, `south: … | north: …`.
fn pieces(g: &Game, s: &State) -> String {
    let text = note(g, s);
    let i = text.find("| south: ").expect("south's pieces");
    text[i + 2..].to_string()
}

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The pool after the team to throw throws `black` kernels black side up, as its turn's
/// first throw.
fn pool_after(g: &Game, black: u8) -> String {
    pool_after_throws(g, 0, black)
}

/// [`pool_after`] when the seat has thrown `thrown` times this turn already.
fn pool_after_throws(g: &Game, thrown: u8, black: u8) -> String {
    let mut s = pos(
        g,
        &format!(
            "play | south 1 throw | throws {thrown}/{thrown}/{thrown} turns 0 | pool - | south: off off off off off | north: off off off off off"
        ),
    );
    // Face 0 is `black`: the count of face 0 is the count of black kernels.
    g.apply_throw(&mut s, black, &mut Vec::new())
        .expect("a throw");
    let text = note(g, &s);
    let pool = text
        .split(" | ")
        .find(|x| x.starts_with("pool "))
        .expect("a pool");
    let again = if text.contains(" again") {
        " again"
    } else {
        ""
    };
    format!("{pool}{again}")
}

const OFF: &str = "off off off off off";

#[test]
fn pul_e1_e2_pul_m1_pieces_enter_the_road_from_opposite_ends() {
    let g = game(&[]);
    assert_eq!(g.ir().rows.len(), 1);
    assert_eq!(g.ir().rows[0].len, 9);
    let s = at(&g, "south", "e2/2#0", OFF, OFF);
    // A release takes the front-most waiting piece (the language default): piece 5.
    assert_eq!(moves(&g, &s), v(&["5:e2 off>road.2"]));
    let s = at(&g, "north", "e2/2#0", OFF, OFF);
    assert_eq!(moves(&g, &s), v(&["5:e2 off>road.8"]));
}

#[test]
fn pul_t1_a_pul_1_dlp_one_black_kernel_is_worth_3() {
    let g = game(&[]);
    assert_eq!(pool_after(&g, 0), "pool e5/0#0 again");
    assert_eq!(pool_after(&g, 1), "pool e3/1#0 again");
    assert_eq!(pool_after(&g, 2), "pool e2/2#0 again");
    assert_eq!(pool_after(&g, 3), "pool e3/3#0 again");
    assert_eq!(pool_after(&g, 4), "pool e4/4#0 again");
}

#[test]
fn pul_t1_a_pul_1_bgotw_one_black_kernel_is_worth_1() {
    let g = game(&[("A-PUL-1", "bgotw")]);
    assert_eq!(pool_after(&g, 1), "pool e1/1#0 again");
    assert_eq!(pool_after(&g, 0), "pool e5/0#0 again");
}

#[test]
fn pul_t2_a_pul_2_two_throws_then_one_throws_once() {
    let g = game(&[]);
    // The turn's first throw gives the second; the second gives none.
    assert_eq!(pool_after_throws(&g, 0, 2), "pool e2/2#0 again");
    assert_eq!(pool_after_throws(&g, 1, 2), "pool e2/2#1");
    assert_eq!(pool_after_throws(&g, 1, 1), "pool e3/1#1");
    let g = game(&[("A-PUL-2", "one")]);
    assert_eq!(pool_after(&g, 2), "pool e2/2#0");
    assert_eq!(pool_after(&g, 0), "pool e5/0#0");
}

#[test]
fn pul_m2_a_piece_may_not_land_on_its_own() {
    let g = game(&[]);
    let s = at(&g, "south", "e2/2#0", "+road.2 +road.4 off off off", OFF);
    // Piece 1 would land on road.4 and the entering piece on road.2, both held by south.
    assert_eq!(moves(&g, &s), v(&["2:e2 road.4>road.6"]));
}

#[test]
fn pul_m3_past_the_far_end_a_piece_goes_round_from_the_start() {
    let g = game(&[]);
    let mut s = at(&g, "south", "3/3#0", "+road.8 off off off off", OFF);
    assert_eq!(moves(&g, &s), v(&["1:3 road.8>road.2"]));
    play(&g, &mut s, "1:3");
    assert!(
        pieces(&g, &s).starts_with("south: +road.2 off"),
        "{}",
        pieces(&g, &s)
    );
}

#[test]
fn pul_c1_a_pul_3_compulsory_landing_takes_the_piece_prisoner() {
    let g = game(&[]);
    let mut s = at(
        &g,
        "south",
        "3/3#0",
        "+road.2 off off off off",
        "+road.5 off off off off",
    );
    assert_eq!(moves(&g, &s), v(&["1:3x road.2>road.5"]));
    play(&g, &mut s, "1:3x");
    assert_eq!(
        pieces(&g, &s),
        "south: +road.5 off off off off | north: ^road.5 off off off off"
    );
}

/// The board's view (terminal, plain and web) shows a taken piece as a prisoner carried on
/// its taker's hole, not as out of the game.
#[test]
fn pul_c1_the_view_shows_the_prisoner_carried_on_its_takers_hole() {
    let g = game(&[]);
    let mut s = at(
        &g,
        "south",
        "3/3#0",
        "+road.2 off off off off",
        "+road.5 off off off off",
    );
    play(&g, &mut s, "1:3x");
    let view = seig::tools::view::board_view(&g, &s, None);
    let taken = &view.teams[seig::lang::ir::TeamId::SECOND].pieces[0];
    assert!(taken.prisoner && !taken.alive);
    let at = taken
        .at
        .as_ref()
        .expect("a prisoner stands where it is carried");
    assert_eq!((view.rows[at.row].name.as_str(), at.hole + 1), ("road", 5));
    let taker = &view.teams[seig::lang::ir::TeamId::FIRST].pieces[0];
    assert_eq!(taker.at, taken.at);
    assert!(!taker.prisoner && taker.alive);
}

#[test]
fn pul_c1_a_pul_3_optional_the_taking_may_be_declined() {
    let g = game(&[("A-PUL-3", "optional")]);
    let s = at(
        &g,
        "south",
        "3/3#0",
        "+road.2 off off off off",
        "+road.5 off off off off",
    );
    assert_eq!(
        moves(&g, &s),
        v(&["1:3 road.2>road.5", "1:3x road.2>road.5"])
    );
}

#[test]
fn pul_c3_the_carrier_arrives_past_the_roads_end_prisoner_out_carrier_to_enter_again() {
    let g = game(&[]);
    let mut s = at(
        &g,
        "south",
        "3/3#0",
        "+road.8 off off off off",
        "^road.8 +road.3 off off off",
    );
    assert_eq!(moves(&g, &s), v(&["1:3 road.8>off"]));
    play(&g, &mut s, "1:3");
    assert_eq!(
        pieces(&g, &s),
        "south: off off off off off | north: x +road.3 off off off"
    );
}

#[test]
fn pul_c2_a_pul_4_on_arrival_a_retaken_piece_rides_home_with_its_rescuer() {
    let g = game(&[]);
    // North's piece 2 lands on south's carrier holding north's piece 1.
    let mut s = at(
        &g,
        "north",
        "2/2#0",
        "+road.5 off off off off",
        "^road.5 +road.7 off off off",
    );
    assert_eq!(moves(&g, &s), v(&["2:2x road.7>road.5"]));
    play(&g, &mut s, "2:2x");
    assert_eq!(
        pieces(&g, &s),
        "south: ^road.5 off off off off | north: ^road.5 +road.5 off off off"
    );
    // Arriving past north's end (road.1), north's pieces go beside the board, south's out.
    let mut s = at(
        &g,
        "north",
        "2/2#0",
        "^road.2 +road.6 off off off",
        "^road.2 +road.2 off off off",
    );
    assert_eq!(moves(&g, &s), v(&["2:2 road.2>off"]));
    play(&g, &mut s, "2:2");
    assert_eq!(
        pieces(&g, &s),
        "south: x +road.6 off off off | north: off off off off off"
    );
}

#[test]
fn pul_c2_a_pul_4_at_once_a_retaken_piece_goes_home_at_once() {
    let g = game(&[("A-PUL-4", "at-once")]);
    let mut s = at(
        &g,
        "north",
        "2/2#0",
        "+road.5 off off off off",
        "^road.5 +road.7 off off off",
    );
    play(&g, &mut s, "2:2x");
    assert_eq!(
        pieces(&g, &s),
        "south: ^road.5 off off off off | north: off +road.5 off off off"
    );
}

#[test]
fn pul_w1_taking_the_last_free_piece_wins() {
    let g = game(&[]);
    let mut s = at(
        &g,
        "south",
        "3/3#0",
        "+road.2 off off off off",
        "+road.5 x x x x",
    );
    play(&g, &mut s, "1:3x");
    assert!(note(&g, &s).contains("over south"), "{}", note(&g, &s));
    // With a piece still to enter, north plays on.
    let mut s = at(
        &g,
        "south",
        "3/3#0",
        "+road.2 off off off off",
        "+road.5 off x x x",
    );
    play(&g, &mut s, "1:3x");
    assert!(!note(&g, &s).contains("over"), "{}", note(&g, &s));
}
