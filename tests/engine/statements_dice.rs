//! `dice: N with faces …` (each die's value meets the throw table by itself) and
//! `sticks: N with faces A and B, one marked` with `on 1 marked` (the marked stick's own
//! throw): exact probabilities, the legal decisions after a throw, the formatter.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common::{self, moves, pos};
use seig::engine::Game;

/// A small race: rows a_home (4), mid (6), b_home (4); `throws` statements in rule R-T.
fn file(throws: &str) -> String {
    format!(
        r#"game "Dice"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 6 holes
  row b_home: home of b, 4 holes
  team a: 4 pieces in a_home
  team b: 4 pieces in b_home
  track a: a_home forward, mid forward, b_home backward goal
  track b: b_home forward, mid backward, a_home backward goal
}}
rule R-T stated cites s "throws" {{
{throws}
}}
rule R-W stated cites s "win" {{
  win when opponent has no pieces
}}
"#
    )
}

const DICE: &str =
    "  dice: 2 with faces 1, 2, 3, 4\n  on 1: release 1 moving 1\n  on any: move value";
const MARKED: &str = "  sticks: 4 with faces flat and round, one marked\n  on 1 marked: move back 1\n  on 0: move 5\n  on 1: release 1 moving 1\n  on any: move value";

/// The throw whose dice show `a` and `b`.
fn dice_k(g: &Game, a: u8, b: u8) -> u8 {
    (0..10u8)
        .find(|&k| g.dice_of(k) == Some(&[a.min(b), a.max(b)][..]))
        .expect("a throw of the dice")
}

const POS: &str = "play | a 1 throw | throws 0/0/2 turns 2 | pool - | a: +a_home.2 +mid.1 a_home.3 a_home.4 | b: b_home.1 b_home.2 b_home.3 b_home.4";

#[test]
fn dice_pooled_give_one_piece_both_dice_or_each_its_own() {
    let g = common::game_of(&file(&format!("{DICE}\n  allocation: pooled")));
    let mut s = pos(&g, POS);
    g.apply_throw(&mut s, dice_k(&g, 2, 3), &mut Vec::new())
        .expect("thrown");
    assert_eq!(
        moves(&g, &s),
        // a_home.2 + 2 and + 3 alone land on own pieces (stacking forbidden by default).
        vec![
            "1:2+3 a_home.2>mid.3",
            "2:2 mid.1>mid.3",
            "2:2+3 mid.1>mid.6",
            "2:3 mid.1>mid.4"
        ]
    );
}

#[test]
fn dice_per_throw_give_each_die_to_a_piece_of_its_own() {
    let g = common::game_of(&file(DICE));
    let mut s = pos(&g, POS);
    g.apply_throw(&mut s, dice_k(&g, 2, 3), &mut Vec::new())
        .expect("thrown");
    assert_eq!(
        moves(&g, &s),
        // a_home.2 + 2 and + 3 land on own pieces (stacking forbidden by default); one piece
        // cannot take both dice in per-throw allocation.
        vec!["2:2 mid.1>mid.3", "2:3 mid.1>mid.4"]
    );
}

#[test]
fn dice_a_dal_and_a_value_release_and_move_as_the_entries_of_each_die_say() {
    let g = common::game_of(&file(&format!("{DICE}\n  allocation: pooled")));
    let mut s = pos(&g, POS);
    g.apply_throw(&mut s, dice_k(&g, 1, 4), &mut Vec::new())
        .expect("thrown");
    assert_eq!(
        moves(&g, &s),
        // The front-most waiting piece (a_home.4) cannot step onto mid.1 (own piece, stacking
        // forbidden by default) with the dal alone, but can with the dal and the 4 added.
        vec![
            "1:4 a_home.2>mid.2",
            "2:4 mid.1>mid.5",
            "4:r1+4 a_home.4>mid.5"
        ]
    );
}

#[test]
fn dice_probabilities_are_exact_and_sum_to_one() {
    let g = common::game_of(&file(
        "  dice: 2 with faces 1, 2, 5, 6\n  on any: move value",
    ));
    let s = g.initial_state();
    let outs = g.chance_outcomes(&s);
    assert_eq!(outs.len(), 10);
    let total: f64 = outs.iter().map(|o| o.p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    let p56 = outs
        .iter()
        .find(|o| g.dice_of(o.k) == Some(&[5, 6][..]))
        .expect("5 and 6")
        .p;
    assert!((p56 - 0.125).abs() < 1e-12);
}

#[test]
fn marked_stick_alone_has_one_in_sixteen_and_its_own_entry() {
    let g = common::game_of(&file(MARKED));
    let s = g.initial_state();
    let outs: Vec<(u8, f64)> = g.chance_outcomes(&s).iter().map(|o| (o.k, o.p)).collect();
    assert_eq!(
        outs,
        vec![
            (0, 1.0 / 16.0),
            (1, 3.0 / 16.0),
            (2, 6.0 / 16.0),
            (3, 4.0 / 16.0),
            (4, 1.0 / 16.0),
            (5, 1.0 / 16.0)
        ]
    );
    let mut s = pos(
        &g,
        "play | a 1 throw | throws 0/0/2 turns 2 | pool - | a: +mid.3 a_home.2 a_home.3 a_home.4 | b: b_home.1 b_home.2 b_home.3 b_home.4",
    );
    let mut t = s.clone();
    g.apply_throw(&mut s, 5, &mut Vec::new()).expect("marked");
    assert_eq!(moves(&g, &s), vec!["1:b1 mid.3>mid.2"]);
    // An ordinary 1 releases.
    g.apply_throw(&mut t, 1, &mut Vec::new()).expect("one");
    assert_eq!(moves(&g, &t), vec!["4:r1 a_home.4>mid.1"]);
}

#[test]
fn marked_throw_without_its_entry_is_a_throw_of_one() {
    let g = common::game_of(&file(&MARKED.replace("  on 1 marked: move back 1\n", "")));
    let mut s = pos(
        &g,
        "play | a 1 throw | throws 0/0/2 turns 2 | pool - | a: +mid.3 a_home.2 a_home.3 a_home.4 | b: b_home.1 b_home.2 b_home.3 b_home.4",
    );
    g.apply_throw(&mut s, 5, &mut Vec::new()).expect("marked");
    assert_eq!(moves(&g, &s), vec!["4:r1 a_home.4>mid.1"]);
}

#[test]
fn dice_and_marked_statements_format_and_parse_back() {
    let text = file(&format!("{MARKED}\n  sticks in play: 4"));
    let out = seig::lang::fmt::format_text(&text).expect("formats");
    assert!(
        out.contains("sticks: 4 with faces flat and round, one marked"),
        "{out}"
    );
    assert!(out.contains("on 1 marked: move back 1"), "{out}");
    let text = file(DICE);
    let out = seig::lang::fmt::format_text(&text).expect("formats");
    assert!(out.contains("dice: 2 with faces 1, 2, 3, 4"), "{out}");
    assert_eq!(seig::lang::fmt::format_text(&out).expect("again"), out);
}

#[test]
fn dice_errors_have_their_codes() {
    assert_eq!(
        common::error_codes(&file(&format!("{DICE}\n  class doubles: all alike"))),
        vec!["E187"]
    );
    assert_eq!(
        common::error_codes(&file(&format!("{DICE}\n  value: count of up"))),
        vec!["E187"]
    );
    assert_eq!(
        common::error_codes(&file(&format!("{MARKED}\n  on 2 marked: nothing"))),
        vec!["E188"]
    );
    assert_eq!(
        common::error_codes(&file(&format!(
            "{DICE}\n  sticks: 3 with faces up and down"
        ))),
        vec!["E185"]
    );
}
