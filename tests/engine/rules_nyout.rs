//! Rule tests for rules/relatives/nyout.seig (Nyout, after the Digital Ludeme Project's
//! summary of Culin 1895): each sets up a position and asserts the exact legal decisions or
//! what a move does. Test names carry the rule or reading ID.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{moves, note, play, pos, throw};
use seig::engine::{Game, Stage};

const FILE: &str = "relatives/nyout.seig";

fn nyout(readings: &[(&str, &str)]) -> Game {
    common::game(FILE, readings)
}

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Red to move with `pool`; the pieces of both sides given. (A piece entering is the last
/// waiting one: the language's default release order, `front-most`, takes pieces off the
/// board from the back of the start order; they are alike.)
fn at(g: &Game, pool: &str, red: &str, blue: &str) -> seig::engine::State {
    pos(
        g,
        &format!(
            "play | red 1 move | throws 1/1/9 turns 8 | pool {pool} | red: {red} | blue: {blue}"
        ),
    )
}

const OFF3: &str = "off off off";
const BLUE_OFF: &str = "off off off off";

#[test]
fn nyo_t1_all_black_moves_five_and_four_and_five_throw_again() {
    let g = nyout(&[]);
    let mut s = g.initial_state();
    throw(&g, &mut s, 0);
    let n = note(&g, &s);
    assert!(n.starts_with("play | red 1 throw again"), "{n}");
    assert!(n.contains("pool e5/0#0 "), "{n}");
    throw(&g, &mut s, 4);
    assert!(note(&g, &s).starts_with("play | red 1 throw again"));
    // A 2 ends the throwing: every pooled throw is then moved.
    throw(&g, &mut s, 2);
    assert_eq!(s.stage(), Stage::Move);
    assert!(
        note(&g, &s).contains("pool e5/0#0 e4/4#1 e2/2#2"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn nyo_m1_pieces_enter_left_of_the_top_and_go_anticlockwise() {
    let g = nyout(&[]);
    let s = at(&g, "e2/2#0", &format!("+top_left.4 {OFF3}"), BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&["1:e2 top_left.4>bottom_left.1", "4:e2 off>top_left.2"])
    );
}

#[test]
fn nyo_m2_a_piece_on_the_west_point_may_cross_or_go_round() {
    let g = nyout(&[]);
    let s = at(&g, "e2/2#0", "+top_left.5 off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:e2 top_left.5>west_arm.2",
            "1:e2>keep top_left.5>bottom_left.2",
            "4:e2 off>top_left.2",
        ])
    );
    // From the south point, across the centre to the top.
    let s = at(&g, "e3/3#0", "+bottom_left.5 off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:e3 bottom_left.5>centre.1'",
            "1:e3>keep bottom_left.5>bottom_right.3",
            "4:e3 off>top_left.3",
        ])
    );
}

#[test]
fn nyo_m2_a_piece_walking_past_a_point_keeps_to_the_circle() {
    let g = nyout(&[]);
    let s = at(&g, "e3/3#0", "+top_left.4 off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&["1:e3 top_left.4>bottom_left.2", "4:e3 off>top_left.3"])
    );
}

#[test]
fn nyo_m3_a_nyo_3_a_piece_on_the_centre_may_turn_to_the_top() {
    let g = nyout(&[]);
    // Come from the west: on to the east point, or turn north.
    let s = at(&g, "e1/1#0", "+centre.1 off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:e1 centre.1>north_arm.1'",
            "1:e1>keep centre.1>east_arm.1",
            "4:e1 off>top_left.1",
        ])
    );
    // Come from the south, its way already goes north: no choice.
    let s = at(&g, "e1/1#0", "+centre.1' off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&["1:e1 centre.1'>north_arm.1", "4:e1 off>top_left.1"])
    );
    // A-NYO-3 = straight: no turn on the centre.
    let g = nyout(&[("A-NYO-3", "straight")]);
    let s = at(&g, "e1/1#0", "+centre.1 off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&["1:e1 centre.1>east_arm.1", "4:e1 off>top_left.1"])
    );
}

#[test]
fn nyo_o1_a_piece_leaves_with_one_or_more_than_the_top_needs() {
    let g = nyout(&[]);
    // Three stations from the top's far side: a 3 reaches past it, a 2 lands on it.
    let s = at(&g, "e3/3#0", "+top_right.3 off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&["1:e3>out top_right.3>out", "4:e3 off>top_left.3"])
    );
    let s = at(&g, "e2/2#0", "+top_right.3 off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&["1:e2 top_right.3>top_right.5", "4:e2 off>top_left.2"])
    );
    // All black (5) bears off from the first station of the last arc; a 4 does not.
    let s = at(&g, "e5/0#0", "+top_right.1 off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&["1:e5>out top_right.1>out", "4:e5 off>top_left.5"])
    );
    let s = at(&g, "e4/4#0", "+top_right.1 off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&["1:e4 top_right.1>top_right.5", "4:e4 off>top_left.4"])
    );
    // From the centre by the north arm: a 4 carries it off.
    let s = at(&g, "e4/4#0", "+centre.1' off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&["1:e4>out centre.1'>out", "4:e4 off>top_left.4"])
    );
}

#[test]
fn nyo_s1_a_nyo_2_pieces_on_one_spot_move_as_one() {
    let g = nyout(&[]);
    let s = at(&g, "e2/2#0", "+top_left.2 +top_left.2 off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&["1:e2 top_left.2>top_left.4", "4:e2 off>top_left.2"])
    );
    let mut s = s;
    play(&g, &mut s, "1:e2");
    assert!(
        note(&g, &s).contains("red: +top_left.4 +top_left.4 off off"),
        "{}",
        note(&g, &s)
    );
    // A-NYO-2 = apart: each moves alone.
    let g = nyout(&[("A-NYO-2", "apart")]);
    let s = at(&g, "e2/2#0", "+top_left.2 +top_left.2 off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:e2 top_left.2>top_left.4",
            "2:e2 top_left.2>top_left.4",
            "4:e2 off>top_left.2",
        ])
    );
}

#[test]
fn nyo_c1_landing_on_an_opponent_sends_it_back_and_throws_again() {
    let g = nyout(&[]);
    let mut s = at(
        &g,
        "e2/2#0",
        &format!("+top_left.1 {OFF3}"),
        "+top_left.3 off off off",
    );
    assert_eq!(
        moves(&g, &s),
        v(&["1:e2x top_left.1>top_left.3", "2:e2x off>top_left.2"])
            .into_iter()
            .filter(|m| m.starts_with("1:"))
            .chain(["4:e2 off>top_left.2".to_string()])
            .collect::<Vec<_>>()
    );
    play(&g, &mut s, "1:e2x");
    let n = note(&g, &s);
    assert!(n.starts_with("play | red 1 throw"), "{n}");
    assert!(n.contains("blue: off off off off"), "{n}");
}

#[test]
fn nyo_w1_a_nyo_1_the_side_that_bears_off_every_piece_wins() {
    let g = nyout(&[]);
    let mut s = at(&g, "e1/1#0", "+top_right.5 out out out", BLUE_OFF);
    play(&g, &mut s, "1:e1>out");
    assert!(matches!(s.stage(), Stage::Over(_)), "{}", note(&g, &s));
    // A-NYO-1 = one: one piece each.
    let g = nyout(&[("A-NYO-1", "one")]);
    let mut s = pos(
        &g,
        "play | red 1 move | throws 1/1/9 turns 8 | pool e1/1#0 | red: +top_right.5 | blue: off",
    );
    play(&g, &mut s, "1:e1>out");
    assert!(matches!(s.stage(), Stage::Over(_)), "{}", note(&g, &s));
}

#[test]
fn nyo_m2_a_nyo_4_east_too_crosses_back_from_the_east_point() {
    let g = nyout(&[("A-NYO-4", "east-too")]);
    let s = at(&g, "e1/1#0", "+bottom_right.5 off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:e1 bottom_right.5>east_arm.2'",
            "1:e1>keep bottom_right.5>top_right.1",
            "4:e1 off>top_left.1",
        ])
    );
    // Under the default, the east point is no crossing.
    let g = nyout(&[]);
    let s = at(&g, "e1/1#0", "+bottom_right.5 off off off", BLUE_OFF);
    assert_eq!(
        moves(&g, &s),
        v(&["1:e1 bottom_right.5>top_right.1", "4:e1 off>top_left.1"])
    );
}
