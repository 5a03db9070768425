//! Daldøs (rules/relatives/daldos.seig): rule tests named after its rule and reading IDs,
//! each from a set-up position with the exact legal decisions.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common::{self, moves, pos};
use seig::engine::{Game, State};

fn game(readings: &[(&str, &str)]) -> Game {
    common::game("relatives/daldos.seig", readings)
}

/// Throws the dice showing `a` and `b` for the team to play.
fn throw(g: &Game, s: &mut State, a: u8, b: u8) {
    let want = [a.min(b), a.max(b)];
    let k = (0..10u8)
        .find(|&k| g.dice_of(k) == Some(&want[..]))
        .expect("a throw of the dice");
    g.apply_throw(s, k, &mut Vec::new())
        .expect("the throw is taken");
}

/// A position with a to throw: a's pieces and b's given in notation.
fn at(g: &Game, a: &str, b: &str) -> State {
    pos(
        g,
        &format!("play | a 1 throw | throws 0/0/4 turns 4 | pool - | a: {a} | b: {b}"),
    )
}

const A_ALL: &str = "a_home.1 a_home.2 a_home.3 a_home.4 a_home.5 a_home.6 a_home.7 a_home.8 a_home.9 a_home.10 a_home.11 a_home.12 a_home.13 a_home.14 a_home.15 a_home.16";
const B_ALL: &str = "b_home.1 b_home.2 b_home.3 b_home.4 b_home.5 b_home.6 b_home.7 b_home.8 b_home.9 b_home.10 b_home.11 b_home.12 b_home.13 b_home.14 b_home.15 b_home.16";

/// a's pieces with piece 1 (hole 1 of its home row) dalled and standing on `at`.
fn a_first_at(at: &str) -> String {
    A_ALL.replacen("a_home.1 ", &format!("+{at} "), 1)
}

#[test]
fn dal_b1_three_rows_of_16_17_16_holes_16_pieces_each_on_its_home_row() {
    let g = game(&[]);
    let rows: Vec<(&str, u16)> = g
        .ir()
        .rows
        .iter()
        .map(|r| (r.name.as_str(), r.len))
        .collect();
    assert_eq!(rows, vec![("a_home", 16), ("middle", 17), ("b_home", 16)]);
    assert_eq!(
        g.to_notation(&g.initial_state()),
        format!("play | a 1 throw | throws 0/0/0 turns 0 | pool - | a: {A_ALL} | b: {B_ALL}")
    );
}

#[test]
fn dal_d1_two_four_sided_dice_give_ten_throws_doubles_one_in_sixteen() {
    let g = game(&[]);
    let s = g.initial_state();
    let outs: Vec<(Vec<u8>, f64)> = g
        .chance_outcomes(&s)
        .iter()
        .map(|o| (g.dice_of(o.k).expect("dice").to_vec(), o.p))
        .collect();
    assert_eq!(outs.len(), 10);
    for (d, p) in &outs {
        let want = if d[0] == d[1] { 1.0 / 16.0 } else { 2.0 / 16.0 };
        assert!((p - want).abs() < 1e-12, "{d:?}: {p}");
    }
}

#[test]
fn dal_r1_a_dal_dals_the_stern_piece_moving_it_one_place_or_the_dice_added() {
    let g = game(&[]);
    let mut s = g.initial_state();
    throw(&g, &mut s, 1, 3);
    assert_eq!(
        moves(&g, &s),
        vec!["1:e1 a_home.1>middle.1", "1:e1+3 a_home.1>middle.4"]
    );
}

#[test]
fn dal_r1_without_a_dal_or_a_dalled_piece_the_throw_is_lost() {
    let g = game(&[]);
    let mut s = g.initial_state();
    throw(&g, &mut s, 2, 3);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(
        g.to_notation(&s),
        format!(
            "play | b 1 throw | throws 0/0/1 turns 1 last 2:5 | pool - | a: {A_ALL} | b: {B_ALL}"
        )
    );
}

#[test]
fn dal_m2_the_dice_move_two_pieces_separately_or_one_piece_their_sum() {
    let g = game(&[]);
    let mut s = at(&g, &a_first_at("middle.2"), B_ALL);
    throw(&g, &mut s, 1, 3);
    assert_eq!(
        moves(&g, &s),
        vec![
            "1:3 middle.2>middle.5",
            "1:e1 middle.2>middle.3",
            "1:e1+3 middle.2>middle.6",
            "2:e1 a_home.2>a_home.1"
        ]
    );
}

#[test]
fn a_dal_2_dal_first_a_dal_must_dal_while_a_piece_waits() {
    let g = game(&[("A-DAL-2", "dal-first")]);
    let mut s = at(&g, &a_first_at("middle.2"), B_ALL);
    throw(&g, &mut s, 1, 3);
    assert_eq!(
        moves(&g, &s),
        vec!["1:3 middle.2>middle.5", "2:r1 a_home.2>a_home.1"]
    );
}

/// a: pieces 1, 2, 5 to 8 taken, piece 3 dalled on middle.9; 4 and 9 to 16 wait.
const A_GAPS: &str = "x x +middle.9 a_home.4 x x x x a_home.9 a_home.10 a_home.11 a_home.12 a_home.13 a_home.14 a_home.15 a_home.16";

#[test]
fn dal_r2_a_dal_takes_the_waiting_piece_closest_to_the_stern() {
    let g = game(&[]);
    let mut s = at(&g, A_GAPS, B_ALL);
    throw(&g, &mut s, 1, 3);
    assert_eq!(
        moves(&g, &s),
        vec![
            "3:3 middle.9>middle.12",
            "3:e1 middle.9>middle.10",
            "3:e1+3 middle.9>middle.13",
            "4:e1 a_home.4>a_home.3",
            "4:e1+3 a_home.4>middle.1"
        ]
    );
}

#[test]
fn a_dal_1_chosen_a_later_dal_takes_any_waiting_piece() {
    let g = game(&[("A-DAL-1", "chosen")]);
    let mut s = at(&g, A_GAPS, B_ALL);
    throw(&g, &mut s, 1, 3);
    let m = moves(&g, &s);
    assert!(m.contains(&"9:e1 a_home.9>a_home.8".to_string()), "{m:?}");
    assert!(m.contains(&"4:e1 a_home.4>a_home.3".to_string()), "{m:?}");
}

#[test]
fn dal_m1_from_the_enemy_row_a_piece_goes_on_into_the_middle_row() {
    let g = game(&[]);
    let mut s = at(
        &g,
        &a_first_at("b_home.1"),
        &B_ALL.replacen("b_home.1 ", "x ", 1),
    );
    throw(&g, &mut s, 2, 4);
    assert_eq!(
        moves(&g, &s),
        vec![
            "1:2 b_home.1>middle.2",
            "1:2+4 b_home.1>middle.6",
            "1:4 b_home.1>middle.4"
        ]
    );
}

#[test]
fn dal_c1_landing_on_an_enemy_piece_takes_it() {
    let g = game(&[]);
    let mut s = at(
        &g,
        &a_first_at("middle.3"),
        &B_ALL.replacen("b_home.1 ", "+middle.5 ", 1),
    );
    throw(&g, &mut s, 2, 4);
    assert_eq!(
        moves(&g, &s),
        vec![
            "1:2+4 middle.3>middle.9",
            "1:2x middle.3>middle.5",
            "1:4 middle.3>middle.7"
        ]
    );
}

#[test]
fn dal_m3_a_piece_may_not_pass_an_own_piece() {
    let g = game(&[]);
    let a = A_ALL.replacen("a_home.1 a_home.2 ", "+middle.2 +middle.4 ", 1);
    let mut s = at(&g, &a, B_ALL);
    throw(&g, &mut s, 3, 3);
    assert_eq!(
        moves(&g, &s),
        vec!["2:3 middle.4>middle.7", "2:3+3 middle.4>middle.10"]
    );
}
