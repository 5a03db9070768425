//! `split throws: whole|halves|any split`: a throw's move goes whole to one piece (the
//! language default), or is split first (`split 4:2+2`) into two parts (`p2`) that two
//! different pieces move, each alone. The variant is statements_moves' (team a walks
//! a_home.1→4, mid.1→6, b_home.4→1; a 1 releases moving 1, any other throw moves its value).
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common::{moves, note, play, refuse};
use crate::statements_moves::{at, codes, game};
use seig::engine::{Game, RefusalKind, State};

/// The kind of the refusal of a move in notation (it must be refused).
fn kind_of(g: &Game, s: &State, mv: &str) -> RefusalKind {
    let d = g.parse_decision(s, mv).expect("a move in notation");
    g.check_decision(s, s.team(), d).expect_err("refused").kind
}

const NO_B: &str = "x x x x";

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|x| x.to_string()).collect();
    v.sort();
    v
}

#[test]
fn split_throws_whole_is_the_default_and_gives_the_move_to_one_piece() {
    for extra in ["", "split throws: whole"] {
        let g = game(extra);
        let s = at(&g, "4/4#0", "+mid.1 +mid.3 x x", NO_B);
        assert_eq!(
            moves(&g, &s),
            v(&["1:4 mid.1>mid.5", "2:4 mid.3>b_home.4"]),
            "{extra}"
        );
    }
}

#[test]
fn split_throws_halves_offers_the_split_then_each_half_to_another_piece() {
    let g = game("split throws: halves");
    let mut s = at(&g, "4/4#0", "+mid.1 +mid.4 x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&["1:4 mid.1>mid.5", "2:4 mid.4>b_home.3", "split 4:2+2"])
    );
    play(&g, &mut s, "split 4:2+2");
    // The parts are the pool's, as position notation writes them, and read back.
    let text = note(&g, &s);
    assert!(text.contains("pool p2/4#0 p2/4#0 "), "{text}");
    assert_eq!(note(&g, &g.from_notation(&text).expect("reads back")), text);
    assert_eq!(moves(&g, &s), v(&["1:p2 mid.1>mid.3", "2:p2 mid.4>mid.6"]));
    play(&g, &mut s, "1:p2");
    // The other half goes to another piece.
    assert_eq!(moves(&g, &s), v(&["2:p2 mid.4>mid.6"]));
    assert_eq!(kind_of(&g, &s, "1:p2"), RefusalKind::SamePiece);
    assert_eq!(refuse(&g, &s, "1:p2"), "R-X");
}

#[test]
fn split_throws_halves_leaves_an_odd_move_whole() {
    let g = game("split throws: halves");
    let s = at(&g, "3/3#0", "+a_home.1 +mid.1 x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&["1:3 a_home.1>a_home.4", "2:3 mid.1>mid.4"])
    );
    // Under `any split`, the 3 splits 1+2.
    let g = game("split throws: any split");
    let s = at(&g, "3/3#0", "+a_home.1 +mid.1 x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&["1:3 a_home.1>a_home.4", "2:3 mid.1>mid.4", "split 3:1+2"])
    );
}

#[test]
fn split_throws_any_split_offers_every_pair_of_parts_once() {
    let g = game("split throws: any split");
    let mut s = at(&g, "4/4#0", "+a_home.1 +mid.1 x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        // (a_home.1 + 4 is mid.1, where piece 2 stands.)
        v(&["2:4 mid.1>mid.5", "split 4:1+3", "split 4:2+2"])
    );
    // The parts may be named in either order.
    play(&g, &mut s, "split 4:3+1");
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:p1 a_home.1>a_home.2",
            "1:p3 a_home.1>a_home.4",
            "2:p1 mid.1>mid.2",
            "2:p3 mid.1>mid.4"
        ])
    );
    play(&g, &mut s, "2:p3");
    assert_eq!(moves(&g, &s), v(&["1:p1 a_home.1>a_home.2"]));
}

#[test]
fn a_split_is_offered_only_where_two_pieces_can_move_the_parts() {
    let g = game("split throws: halves");
    // One piece on the board: splitting would only move it less.
    let s = at(&g, "4/4#0", "+mid.1 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:4 mid.1>mid.5"]));
    // Piece 1 cannot move 2 (its own piece 2 stands there) while piece 2 has not moved:
    // judged in the split position, no split either.
    let s = at(&g, "4/4#0", "+mid.1 +mid.3 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:4 mid.1>mid.5", "2:4 mid.3>b_home.4"]));
}

#[test]
fn a_part_moves_alone_under_pooled_allocation_and_counts_as_the_piece_s_move() {
    let g = game("split throws: halves\n allocation: pooled\n moves per piece per turn: one");
    let mut s = at(&g, "4/4#0 2/2#1", "+a_home.1 +mid.1 x x", NO_B);
    play(&g, &mut s, "split 4:2+2");
    // A part is never grouped with another throw; a piece moved once moves no more.
    assert_eq!(kind_of(&g, &s, "1:p2+2"), RefusalKind::PartAlone);
    play(&g, &mut s, "1:p2");
    assert_eq!(moves(&g, &s), v(&["2:2 mid.1>mid.3", "2:p2 mid.1>mid.3"]));
}

#[test]
fn split_throws_stated_twice_differently_is_e012() {
    assert_eq!(
        codes("split throws: halves\n split throws: any split"),
        vec!["E012"]
    );
}

#[test]
fn split_throws_formats_and_reads_back_in_each_option() {
    for stmt in [
        "split throws: whole",
        "split throws: halves",
        "split throws: any split",
    ] {
        crate::statements_moves::round_trip(stmt);
    }
}
