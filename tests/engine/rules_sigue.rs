//! Rule tests for Sigue after Caillié 1830 (`rules/sigue-caillie.seig`): one test (or more)
//! per inventory ID `SGU-…`, and one per option of each reading `A-SGU-…` / `R-SGU-1`.
//!
//! Positions are written in position notation. To keep them short, [`text`] writes the two
//! parties' sections: every straw stands in its start hole of its outer row unless listed.
#![allow(
    clippy::unwrap_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::*;
use seig::engine::{Game, State};
use seig::lang::ir::{Start, ValueRule};

const F: &str = "sigue-caillie.seig";

/// Position notation: `head` holds the first four sections (phase | team seat stage |
/// counters | pool); every straw stands in its start hole (`white_outer.N` / `black_outer.N`)
/// except those listed as (straw number, token).
fn text(head: &str, white: &[(usize, &str)], black: &[(usize, &str)]) -> String {
    let side = |row: &str, over: &[(usize, &str)]| -> String {
        (1..=24)
            .map(|n| {
                over.iter()
                    .find(|(m, _)| *m == n)
                    .map_or(format!("{row}.{n}"), |(_, t)| t.to_string())
            })
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "{head} | white: {} | black: {}",
        side("white_outer", white),
        side("black_outer", black)
    )
}

/// The position [`text`] writes (checked to be written as the engine writes it).
fn at(g: &Game, head: &str, white: &[(usize, &str)], black: &[(usize, &str)]) -> State {
    let t = text(head, white, black);
    let s = pos(g, &t);
    assert_eq!(note(g, &s), t, "position not in canonical notation");
    s
}

/// Move descriptions sorted like [`moves`] sorts them.
fn sorted(v: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = v.into_iter().collect();
    v.sort();
    v
}

/// The releases a sigue offers: every listed straw of the party, from its start hole to `to`.
fn releases(
    team_row: &str,
    straws: impl IntoIterator<Item = usize>,
    entry: &str,
    to: &str,
) -> Vec<String> {
    sorted(
        straws
            .into_iter()
            .map(|n| format!("{n}:{entry} {team_row}.{n}>{to}")),
    )
}

/// The second section of the notation: who is to play and how (or `over TEAM`).
fn stage(g: &Game, s: &State) -> String {
    note(g, s).split('|').nth(1).unwrap().trim().to_string()
}

/// The pool section of the notation.
fn pool(g: &Game, s: &State) -> String {
    note(g, s).split('|').nth(3).unwrap().trim().to_string()
}

fn binom(n: u64, k: u64) -> f64 {
    (0..k).fold(1.0, |r, i| r * (n - i) as f64 / (i + 1) as f64)
}

/// The chance outcomes of the next throw as (k, probability), checked to sum to 1.
fn outcomes(g: &Game, s: &State) -> Vec<(u8, f64)> {
    let o: Vec<(u8, f64)> = g.chance_outcomes(s).iter().map(|o| (o.k, o.p)).collect();
    let sum: f64 = o.iter().map(|x| x.1).sum();
    assert!((sum - 1.0).abs() < 1e-12, "outcomes sum to {sum}");
    o
}

/// C(n,k)/2^n for k = 0..=n.
fn fair(n: u8) -> Vec<(u8, f64)> {
    (0..=n)
        .map(|k| (k, binom(n as u64, k as u64) / f64::from(1u32 << n)))
        .collect()
}

/// Borrowed (straw, token) pairs for [`text`].
fn pairs(v: &[(usize, String)]) -> Vec<(usize, &str)> {
    v.iter().map(|(n, t)| (*n, t.as_str())).collect()
}

/// The middle row full, mostly of black straws; white straws 1 and 2 on holes 22 and 23.
fn p5_black() -> Vec<(usize, String)> {
    let mut black: Vec<(usize, String)> = (1..=21).map(|n| (n, format!("+middle.{n}"))).collect();
    black.push((22, "+middle.24".to_string()));
    black
}
const P5_HEAD: &str = "race | white 1 throw again | throws 1/1/61 turns 40 | pool -";
const P5_WHITE: &[(usize, &str)] = &[(1, "+middle.22"), (2, "+middle.23")];

// ---------------------------------------------------------------------------------------------
// Equipment and players

#[test]
fn sgu_e1_board_is_three_rows_of_24_holes_outer_middle_outer() {
    let g = game(F, &[]);
    let rows: Vec<(&str, &str, Option<TeamId>, u16, u16)> = g
        .ir()
        .rows
        .iter()
        .map(|r| {
            (
                r.name.as_str(),
                r.kind.as_str(),
                r.owner,
                r.first.get(),
                r.len,
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            ("white_outer", "outer", Some(TeamId::FIRST), 0, 24),
            ("middle", "central", None, 24, 24),
            ("black_outer", "outer", Some(TeamId::SECOND), 48, 24),
        ]
    );
    assert_eq!(g.ir().cells, 72);
}

#[test]
fn sgu_e2_two_parties_of_one_two_or_three_players() {
    let g = game(F, &[]);
    let teams: Vec<&str> = g.ir().teams.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(teams, vec!["white", "black"]);
    assert_eq!(g.ir().seats.value, 1);
    // One player a party: the turn passes to the other party.
    let mut s = g.initial_state();
    throw(&g, &mut s, 3);
    assert_eq!(stage(&g, &s), "black 1 throw");

    // Four players: each party's two players throw in turn, then the other party's.
    let g = game_with(F, &[], &[("seats", 2)]);
    assert_eq!(g.ir().seats.value, 2);
    let mut s = g.initial_state();
    throw(&g, &mut s, 3);
    assert_eq!(stage(&g, &s), "white 2 throw");
    throw(&g, &mut s, 3);
    assert_eq!(stage(&g, &s), "black 1 throw");
    throw(&g, &mut s, 3);
    assert_eq!(stage(&g, &s), "black 2 throw");
    throw(&g, &mut s, 3);
    assert_eq!(stage(&g, &s), "white 1 throw");

    // Six players; eight are not a Sigue party game.
    assert_eq!(game_with(F, &[], &[("seats", 3)]).ir().seats.value, 3);
    let bytes = std::fs::read(format!("{}/rules/{F}", env!("CARGO_MANIFEST_DIR"))).unwrap();
    let sel = seig::lang::lower::Selection {
        readings: vec![],
        params: vec![("seats".to_string(), 4)],
    };
    assert!(seig::lang::load(&bytes, &sel).1.ir.is_none());
}

#[test]
fn sgu_e3_each_party_covers_its_outer_row_with_24_straws_middle_empty() {
    let g = game(F, &[]);
    for (t, row) in [(TeamId::FIRST, 0usize), (TeamId::SECOND, 2)] {
        assert_eq!(g.n_pieces(t), 24);
        assert_eq!(g.ir().teams[t].start, Start::Row(row));
    }
    let s = g.initial_state();
    let white: Vec<String> = (1..=24).map(|n| format!("white_outer.{n}")).collect();
    let black: Vec<String> = (1..=24).map(|n| format!("black_outer.{n}")).collect();
    assert_eq!(
        note(&g, &s),
        format!(
            "race | white 1 throw | throws 0/0/0 turns 0 | pool - | white: {} | black: {}",
            white.join(" "),
            black.join(" ")
        )
    );
    assert!(!note(&g, &s).contains("middle"));
}

#[test]
fn sgu_e4_six_sticks_white_or_black_one_party_each_colour() {
    let g = game(F, &[]);
    assert_eq!(g.ir().sticks.count, 6);
    assert_eq!(
        g.ir().sticks.faces,
        ["white".to_string(), "black".to_string()]
    );
    assert_eq!(g.ir().sticks.value.value, ValueRule::OwnColour);
    assert_eq!(g.ir().teams[TeamId::FIRST].colour_face(), Some(0));
    assert_eq!(g.ir().teams[TeamId::SECOND].colour_face(), Some(1));
    // A throw after the first is of six sticks, each face equally likely: C(6,k)/64.
    let s = at(
        &g,
        "race | white 1 throw again | throws 1/1/1 turns 0 | pool -",
        &[(3, "+middle.6")],
        &[],
    );
    assert_eq!(g.sticks_for(&s), 6);
    assert_eq!(outcomes(&g, &s), fair(6));
}

// ---------------------------------------------------------------------------------------------
// Throws

#[test]
fn sgu_t1_sigue_is_all_sticks_alike_or_all_but_one() {
    let g = game(F, &[]);
    // For each count k of white sticks: the stage and pool after white's throw. A sigue
    // (k = 0, 1, n-1, n) gives a release entry and another throw; with A-SGU-1 = colour-count
    // (default) the released straw moves the count of white, plus one into the middle row.
    let after = |head: &str, n: u8| -> Vec<(u8, String, String)> {
        let s0 = at(&g, head, &[(8, "+middle.9")], &[]);
        assert_eq!(g.sticks_for(&s0), n);
        (0..=n)
            .map(|k| {
                let mut s = s0.clone();
                g.apply_throw(&mut s, k, &mut Vec::new()).unwrap();
                (k, stage(&g, &s), pool(&g, &s))
            })
            .collect()
    };
    let row = |k: u8, st: &str, p: &str| (k, st.to_string(), p.to_string());
    // The first throw of a turn: five sticks.
    assert_eq!(
        after("race | white 1 throw | throws 0/0/8 turns 6 | pool -", 5),
        vec![
            row(0, "white 1 move again", "pool r1/0#0"),
            row(1, "white 1 move again", "pool r2/1#0"),
            row(2, "white 1 move", "pool 2/2#0"),
            row(3, "white 1 move", "pool 3/3#0"),
            row(4, "white 1 move again", "pool r5/4#0"),
            row(5, "white 1 move again", "pool r6/5#0"),
        ]
    );
    // Later throws: six sticks.
    assert_eq!(
        after(
            "race | white 1 throw again | throws 1/1/9 turns 6 | pool -",
            6
        ),
        vec![
            row(0, "white 1 move again", "pool r1/0#1"),
            row(1, "white 1 move again", "pool r2/1#1"),
            row(2, "white 1 move", "pool 2/2#1"),
            row(3, "white 1 move", "pool 3/3#1"),
            row(4, "white 1 move", "pool 4/4#1"),
            row(5, "white 1 move again", "pool r6/5#1"),
            row(6, "white 1 move again", "pool r7/6#1"),
        ]
    );
}

#[test]
fn sgu_t2_other_throws_score_the_sticks_of_the_party_colour() {
    // A-SGU-7 = dlp (default): a throw that is not a sigue moves a straw in play.
    let g = game(F, &[]);
    let white = &[(8, "+middle.5")];
    let black = &[(3, "+middle.9")];
    // The same fall, two white and four black, is worth 2 to white and 4 to black.
    let mut s = at(
        &g,
        "race | white 1 throw again | throws 1/1/9 turns 6 | pool -",
        white,
        black,
    );
    g.apply_throw(&mut s, 2, &mut Vec::new()).unwrap();
    assert_eq!(moves(&g, &s), vec!["8:2 middle.5>middle.7"]);
    let mut s = at(
        &g,
        "race | black 1 throw again | throws 1/1/9 turns 6 | pool -",
        white,
        black,
    );
    g.apply_throw(&mut s, 2, &mut Vec::new()).unwrap();
    assert_eq!(moves(&g, &s), vec!["3:4 middle.9>middle.13"]);
}

#[test]

fn sgu_t2_the_last_throw_keeps_the_thrower_value_through_position_notation() {
    let g = game(F, &[]);
    let mut s = g.initial_state();
    // Two white of five: worth 2 to white (it would be 3 to black); nothing to move, so the
    // turn passes to black.
    throw(&g, &mut s, 2);
    assert_eq!(s.last(), Some((5, 2, 2)));
    assert_eq!(stage(&g, &s), "black 1 throw");
    let back = pos(&g, &note(&g, &s));
    assert_eq!(back.last(), Some((5, 2, 2)));
}

#[test]
fn sgu_t3_first_throw_with_five_sticks_later_throws_with_six() {
    let g = game(F, &[]);
    let mut s = g.initial_state();
    assert_eq!(outcomes(&g, &s), fair(5));
    // Five white of five: a sigue; the straw goes in, and the next throw is of six sticks.
    throw(&g, &mut s, 5);
    play(&g, &mut s, "1:r6");
    assert_eq!(stage(&g, &s), "white 1 throw again");
    assert_eq!(outcomes(&g, &s), fair(6));
    throw(&g, &mut s, 3);
    play(&g, &mut s, "1:3");
    // A-SGU-4 = each-turn (default): black's first throw is of five sticks again.
    assert_eq!(stage(&g, &s), "black 1 throw");
    assert_eq!(outcomes(&g, &s), fair(5));
}

#[test]
fn sgu_t4_a_sigue_throws_again_any_other_throw_ends_the_turn() {
    let g = game(F, &[]);
    let mut s = g.initial_state();
    throw(&g, &mut s, 5);
    assert_eq!(stage(&g, &s), "white 1 move again");
    play(&g, &mut s, "7:r6");
    assert_eq!(stage(&g, &s), "white 1 throw again");
    // One white of six: a sigue again.
    throw(&g, &mut s, 1);
    play(&g, &mut s, "9:r2");
    assert_eq!(stage(&g, &s), "white 1 throw again");
    // Three white of six: not a sigue; after its move the turn passes.
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        vec!["7:3 middle.6>middle.9", "9:3 middle.2>middle.5"]
    );
    play(&g, &mut s, "9:3");
    assert_eq!(
        note(&g, &s),
        text(
            "race | black 1 throw | throws 0/0/3 turns 1 last 6:3 won white:middle.2,middle.5,middle.6 | pool -",
            &[(7, "+middle.6"), (9, "+middle.5")],
            &[]
        )
    );
}

#[test]
fn sgu_t4_a_sigue_throws_again_even_when_no_straw_can_go_in() {
    // Every white straw is in play or out of the game; a sigue still gives another throw.
    let g = game(F, &[]);
    let white: Vec<(usize, String)> = (1..=24)
        .map(|n| {
            (
                n,
                if n <= 3 {
                    format!("+middle.{}", n * 4)
                } else {
                    "x".to_string()
                },
            )
        })
        .collect();
    let white = pairs(&white);
    let mut s = at(
        &g,
        "race | white 1 throw again | throws 1/1/30 turns 20 | pool -",
        &white,
        &[],
    );
    throw(&g, &mut s, 6);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(stage(&g, &s), "white 1 throw again");
    assert_eq!(pool(&g, &s), "pool r7/6#1=drop");
}

// ---------------------------------------------------------------------------------------------
// Movement

#[test]
fn sgu_m1_each_sigue_puts_a_straw_from_the_outer_row_into_the_middle_row() {
    let g = game(F, &[]);
    let mut s = at(
        &g,
        "race | white 1 throw again | throws 1/1/9 turns 6 | pool -",
        &[(8, "+middle.5")],
        &[(3, "+middle.9")],
    );
    // One white of six: a sigue. Any straw of the outer row may go in (the one in play may
    // not); with A-SGU-1 = colour-count (default) it enters and moves 1 on, to hole 2.
    throw(&g, &mut s, 1);
    assert_eq!(
        moves(&g, &s),
        releases(
            "white_outer",
            (1..=24).filter(|&n| n != 8),
            "r2",
            "middle.2"
        )
    );
    play(&g, &mut s, "24:r2");
    assert_eq!(
        note(&g, &s),
        text(
            "race | white 1 throw again | throws 2/2/10 turns 6 last 6:1 won white:middle.2 | pool r2/1#1=24",
            &[(8, "+middle.5"), (24, "+middle.2")],
            &[(3, "+middle.9")]
        )
    );
}

#[test]
fn sgu_m1_a_throw_that_is_not_a_sigue_puts_no_straw_in() {
    let g = game(F, &[]);
    let mut s = g.initial_state();
    // Three white of five: 3, not a sigue; white has no straw in play, so nothing moves.
    throw(&g, &mut s, 3);
    assert_eq!(
        note(&g, &s),
        text(
            "race | black 1 throw | throws 0/0/1 turns 1 last 5:3=3 | pool -",
            &[],
            &[]
        )
    );
}

#[test]
fn sgu_m2_a_straw_moves_its_count_and_stays_on_the_last_middle_hole() {
    let g = game(F, &[]);
    let mut s = at(
        &g,
        "race | white 1 throw again | throws 1/1/9 turns 6 | pool -",
        &[(8, "+middle.22"), (9, "+middle.10")],
        &[(5, "+middle.3")],
    );
    // Four white of six: 4 places; straw 8 stops on the last hole (the middle row is not
    // full, SGU-M3), the other moves its four.
    throw(&g, &mut s, 4);
    assert_eq!(
        moves(&g, &s),
        vec!["8:4 middle.22>middle.24", "9:4 middle.10>middle.14"]
    );
    play(&g, &mut s, "8:4");
    // Black: two black of five, then white: three white of five.
    throw(&g, &mut s, 2);
    play(&g, &mut s, "5:2");
    throw(&g, &mut s, 3);
    // The straw on the last hole stays there.
    assert_eq!(moves(&g, &s), vec!["9:3 middle.10>middle.13"]);
}

#[test]
fn sgu_m2_the_track_runs_the_middle_row_then_the_opposing_row_back() {
    // A-SGU-2 = same (default): both parties run the middle row from hole 1 to hole 24.
    let g = game(F, &[]);
    let names = |t: usize| -> Vec<String> {
        g.ir().teams[TeamId::new(t)]
            .track
            .cells
            .iter()
            .map(|&c| g.ir().cell_name(c))
            .collect()
    };
    let run = |opposing: &str| -> Vec<String> {
        (1..=24)
            .map(|n| format!("middle.{n}"))
            .chain((1..=24).rev().map(|n| format!("{opposing}.{n}")))
            .collect()
    };
    assert_eq!(names(0), run("black_outer"));
    assert_eq!(names(1), run("white_outer"));
    // At the far end of the opposing row a straw stops for good: a 4 from hole 3 ends on
    // hole 1, and a straw on hole 1 moves no more.
    let head = "race | white 1 throw again | throws 1/1/300 turns 200 | pool -";
    let black = &[(1, "x"), (2, "x"), (3, "x"), (6, "x")];
    let mut s = at(
        &g,
        head,
        &[(1, "+black_outer.3"), (3, "+black_outer.6")],
        black,
    );
    throw(&g, &mut s, 4);
    assert_eq!(
        moves(&g, &s),
        vec![
            "1:4 black_outer.3>black_outer.1",
            "3:4 black_outer.6>black_outer.2"
        ]
    );
    let mut s = at(
        &g,
        head,
        &[(2, "+black_outer.1"), (3, "+black_outer.6")],
        black,
    );
    throw(&g, &mut s, 4);
    assert_eq!(moves(&g, &s), vec!["3:4 black_outer.6>black_outer.2"]);
}

#[test]
fn sgu_m3_no_straw_enters_the_opposing_row_until_the_middle_row_is_full() {
    // A-SGU-5 = anyone (default): the holes may be held by either party.
    let g = game(F, &[]);
    let black = p5_black();
    let full = pairs(&black);
    // Every hole of the middle row taken: straw 2 goes on into the black row.
    let mut s = at(&g, P5_HEAD, P5_WHITE, &full);
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        vec!["1:2x middle.22>middle.24", "2:2x middle.23>black_outer.24"]
    );
    // Hole 10 empty, and the row never full before (no `once` latch; A-SGU-8 = threshold):
    // straw 2 stops on the last hole of the middle row.
    let mut gap = full.clone();
    gap.retain(|(n, _)| *n != 10);
    let mut s = at(&g, P5_HEAD, P5_WHITE, &gap);
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        vec!["1:2x middle.22>middle.24", "2:2x middle.23>middle.24"]
    );
}

// ---------------------------------------------------------------------------------------------
// Taking

#[test]
fn sgu_c1_an_arriving_straw_sends_the_opposing_straw_back_to_its_outer_row() {
    // A-SGU-6 = caillie (default): this happens on the last hole of the middle row.
    // A-SGU-3 = start-hole (default): the straw goes back to the hole it started from.
    let g = game(F, &[]);
    let mut s = at(
        &g,
        "race | black 1 throw again | throws 1/1/15 turns 9 | pool -",
        &[(10, "+middle.24"), (2, "+middle.7")],
        &[(4, "+middle.21")],
    );
    let s0 = s.clone();
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["4:3x middle.21>middle.24"]);
    assert_eq!(refuse(&g, &s, "4:3"), "SGU-C1");
    // A 4 would carry it past, but it stops on the last hole (SGU-M2, SGU-M3): the same.
    let mut s4 = s0.clone();
    throw(&g, &mut s4, 4);
    assert_eq!(moves(&g, &s4), vec!["4:4x middle.21>middle.24"]);
    play(&g, &mut s, "4:3x");
    assert_eq!(
        note(&g, &s),
        text(
            "race | white 1 throw | throws 0/0/16 turns 10 last 6:3 won black:middle.24 | pool -",
            &[(2, "+middle.7")],
            &[(4, "+middle.24")]
        )
    );
}

#[test]
fn sgu_c2_entering_the_opposing_row_takes_its_straws_out() {
    // The middle row is full of straws of both parties (A-SGU-5 = anyone, default).
    let g = game(F, &[]);
    let black = p5_black();
    let black = pairs(&black);
    let mut s = at(&g, P5_HEAD, P5_WHITE, &black);
    throw(&g, &mut s, 2);
    assert_eq!(refuse(&g, &s, "2:2"), "SGU-C2");
    play(&g, &mut s, "2:2x");
    let mut after = black.clone();
    after.push((24, "x"));
    assert_eq!(
        note(&g, &s),
        text(
            &format!(
                "race | black 1 throw | throws 0/0/62 turns 41 last 6:2=2{} won white:black_outer.24 | pool -",
                latched(&g)
            ),
            &[(1, "+middle.22"), (2, "+black_outer.24")],
            &after
        )
    );
}

#[test]
fn sgu_c2_black_entering_the_white_row_takes_white_straws_out() {
    let g = game(F, &[]);
    let mut s = at(
        &g,
        "race | black 1 throw again | throws 1/1/61 turns 40 | pool -",
        &[(20, "+middle.3"), (23, "x"), (24, "x")],
        &[
            (6, "+white_outer.24"),
            (7, "+white_outer.20"),
            (8, "+middle.9"),
        ],
    );
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        vec![
            "6:3x white_outer.24>white_outer.21",
            "7:3x white_outer.20>white_outer.17",
            "8:3 middle.9>middle.12",
        ]
    );
    play(&g, &mut s, "7:3x");
    assert_eq!(
        note(&g, &s),
        text(
            "race | white 1 throw | throws 0/0/62 turns 41 last 6:3 won black:white_outer.17 | pool -",
            &[(17, "x"), (20, "+middle.3"), (23, "x"), (24, "x")],
            &[
                (6, "+white_outer.24"),
                (7, "+white_outer.17"),
                (8, "+middle.9")
            ]
        )
    );
}

#[test]
fn sgu_x1_two_straws_of_one_party_never_share_a_hole() {
    let g = game(F, &[]);
    let mut s = at(
        &g,
        "race | white 1 throw again | throws 1/1/9 turns 6 | pool -",
        &[(8, "+middle.5"), (9, "+middle.8")],
        &[],
    );
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["9:3 middle.8>middle.11"]);
    assert_eq!(refuse(&g, &s, "8:3"), "SGU-X1");
}

// ---------------------------------------------------------------------------------------------
// Finish

/// The `won TEAM:…` counter for the given holes of a row.
fn won(team: &str, row: &str, holes: impl IntoIterator<Item = usize>) -> String {
    let h: Vec<String> = holes.into_iter().map(|n| format!("{row}.{n}")).collect();
    format!("won {team}:{}", h.join(","))
}

/// White has won holes 2..24 of the black row; straw 5 can win hole 1 with a 2.
fn nearly_won_head() -> String {
    format!(
        "race | white 1 throw again | throws 1/1/300 turns 200 {} | pool -",
        won("white", "black_outer", 2..=24)
    )
}
const NEARLY_WON_WHITE: &[(usize, &str)] = &[
    (5, "+black_outer.3"),
    (6, "+black_outer.9"),
    (21, "x"),
    (22, "x"),
];
const NEARLY_WON_BLACK: &[(usize, &str)] = &[
    (2, "x"),
    (3, "x"),
    (4, "+middle.11"),
    (5, "+middle.12"),
    (6, "+white_outer.22"),
    (7, "+white_outer.21"),
    (8, "x"),
    (9, "x"),
    (10, "x"),
    (11, "x"),
    (12, "x"),
    (13, "x"),
    (14, "x"),
    (15, "x"),
    (16, "x"),
    (17, "x"),
    (18, "x"),
    (19, "x"),
    (20, "x"),
    (21, "x"),
    (22, "x"),
    (23, "x"),
    (24, "x"),
];

#[test]
fn sgu_w1_the_party_that_wins_every_hole_of_the_opposing_row_wins() {
    // R-SGU-1 = caillie (default): every hole won (landed on) at some time.
    let g = game(F, &[]);
    let mut s = at(&g, &nearly_won_head(), NEARLY_WON_WHITE, NEARLY_WON_BLACK);
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        vec![
            "5:2x black_outer.3>black_outer.1",
            "6:2 black_outer.9>black_outer.7"
        ]
    );
    play(&g, &mut s, "6:2");
    assert_eq!(g.winner(&s), None);
    // Black plays; then white wins the last hole.
    throw(&g, &mut s, 2);
    play(&g, &mut s, "4:2");
    throw(&g, &mut s, 2);
    play(&g, &mut s, "5:2x");
    assert_eq!(g.winner(&s), Some(TeamId::FIRST));
    assert_eq!(stage(&g, &s), "white 1 over white");
}

#[test]
fn sgu_w1_a_party_left_without_straws_has_lost() {
    let g = game(F, &[]);
    let black: Vec<(usize, &str)> = (1..=24).filter(|&n| n != 5).map(|n| (n, "x")).collect();
    let mut s = at(
        &g,
        "race | white 1 throw again | throws 1/1/300 turns 200 | pool -",
        &[(1, "+black_outer.7")],
        &black,
    );
    throw(&g, &mut s, 2);
    assert_eq!(moves(&g, &s), vec!["1:2x black_outer.7>black_outer.5"]);
    play(&g, &mut s, "1:2x");
    assert_eq!(g.winner(&s), Some(TeamId::FIRST));
    assert!(g.is_over(&s));
}

// ---------------------------------------------------------------------------------------------
// Readings

/// White to throw again (six sticks), straw 8 in play on middle hole 5.
const P1_HEAD: &str = "race | white 1 throw again | throws 1/1/9 turns 6 | pool -";
const P1_WHITE: &[(usize, &str)] = &[(8, "+middle.5")];
const P1_BLACK: &[(usize, &str)] = &[(3, "+middle.2")];

#[test]
fn a_sgu_1_colour_count_the_sigue_straw_moves_its_party_colour_count() {
    let g = game(F, &[("A-SGU-1", "colour-count")]);
    let mut s = at(&g, P1_HEAD, P1_WHITE, P1_BLACK);
    // Five white of six: a sigue worth 5; the straw enters and moves 5 on.
    throw(&g, &mut s, 5);
    assert_eq!(
        moves(&g, &s),
        releases(
            "white_outer",
            (1..=24).filter(|&n| n != 8),
            "r6",
            "middle.6"
        )
    );
}

#[test]
fn a_sgu_1_counts_one_the_sigue_straw_enters_the_first_hole() {
    let g = game(F, &[("A-SGU-1", "counts-one")]);
    let mut s = at(&g, P1_HEAD, P1_WHITE, P1_BLACK);
    throw(&g, &mut s, 5);
    assert_eq!(
        moves(&g, &s),
        releases(
            "white_outer",
            (1..=24).filter(|&n| n != 8),
            "r1",
            "middle.1"
        )
    );
    play(&g, &mut s, "1:r1");
    let s1 = s.clone();
    // The next throw goes to any straw.
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        vec!["1:3 middle.1>middle.4", "8:3 middle.5>middle.8"]
    );
    let mut s = s1;
    throw(&g, &mut s, 4);
    assert_eq!(moves(&g, &s), vec!["8:4 middle.5>middle.9"]);
}

#[test]
fn a_sgu_1_next_throw_the_throw_after_the_sigue_moves_that_straw() {
    let g = game(F, &[("A-SGU-1", "next-throw")]);
    let mut s = at(&g, P1_HEAD, P1_WHITE, P1_BLACK);
    throw(&g, &mut s, 5);
    assert_eq!(
        moves(&g, &s),
        releases(
            "white_outer",
            (1..=24).filter(|&n| n != 8),
            "r1",
            "middle.1"
        )
    );
    play(&g, &mut s, "1:r1");
    let s1 = s.clone();
    // The next throw goes to the straw just put in.
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["1:3 middle.1>middle.4"]);
    assert_eq!(refuse(&g, &s, "8:3"), "SGU-M2");
    // A 4 would carry it onto straw 8; no other straw may take the throw: the turn passes.
    let mut s = s1;
    throw(&g, &mut s, 4);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(stage(&g, &s), "black 1 throw");
}

#[test]
fn a_sgu_1_enter_or_one_the_sigue_puts_a_straw_in_or_moves_one_a_place() {
    let g = game(F, &[("A-SGU-1", "enter-or-one")]);
    let mut s = at(&g, P1_HEAD, P1_WHITE, P1_BLACK);
    throw(&g, &mut s, 5);
    let mut want = releases(
        "white_outer",
        (1..=24).filter(|&n| n != 8),
        "e1",
        "middle.1",
    );
    want.push("8:e1 middle.5>middle.6".to_string());
    assert_eq!(moves(&g, &s), sorted(want));
}

/// Black to throw again (six sticks), black straw 3 in play on middle hole 10.
const P2_HEAD: &str = "race | black 1 throw again | throws 1/1/9 turns 7 | pool -";
const P2_WHITE: &[(usize, &str)] = &[(8, "+middle.12")];
const P2_BLACK: &[(usize, &str)] = &[(3, "+middle.10")];

/// The middle row full: white straws 1..22 on holes 3..24, black straws 4 and 3 on holes 1
/// and 2; black to throw again.
fn p2_full() -> String {
    let white: Vec<(usize, String)> = (1..=22)
        .map(|n| (n, format!("+middle.{}", n + 2)))
        .collect();
    text(
        "race | black 1 throw again | throws 1/1/99 turns 70 | pool -",
        &pairs(&white),
        &[(3, "+middle.2"), (4, "+middle.1")],
    )
}

#[test]
fn a_sgu_2_same_both_parties_run_the_middle_row_from_hole_1() {
    let g = game(F, &[("A-SGU-2", "same")]);
    let s0 = at(&g, P2_HEAD, P2_WHITE, P2_BLACK);
    let mut s = s0.clone();
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["3:3 middle.10>middle.13"]);
    // No black of six: a sigue worth 0; the straw enters the first hole.
    let mut s = s0.clone();
    throw(&g, &mut s, 0);
    assert_eq!(
        moves(&g, &s),
        releases(
            "black_outer",
            (1..=24).filter(|&n| n != 3),
            "r1",
            "middle.1"
        )
    );
    // The middle row full: black straws near hole 1 still run on along it.
    let mut s = pos(&g, &p2_full());
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        vec!["3:3 middle.2>middle.5", "4:3 middle.1>middle.4"]
    );
}

#[test]
fn a_sgu_2_opposite_black_runs_the_middle_row_from_hole_24() {
    let g = game(F, &[("A-SGU-2", "opposite")]);
    let s0 = at(&g, P2_HEAD, P2_WHITE, P2_BLACK);
    let mut s = s0.clone();
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["3:3 middle.10>middle.7"]);
    let mut s = s0.clone();
    throw(&g, &mut s, 0);
    assert_eq!(
        moves(&g, &s),
        releases(
            "black_outer",
            (1..=24).filter(|&n| n != 3),
            "r1",
            "middle.24"
        )
    );
    // The middle row full: black straws near hole 1 turn into the white row at its hole 1.
    let mut s = pos(&g, &p2_full());
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        vec!["3:3 middle.2>white_outer.2", "4:3 middle.1>white_outer.3"]
    );
}

#[test]
fn a_sgu_2_opposite_black_waits_on_hole_1_and_a_white_straw_arriving_there_sends_it_back() {
    // With A-SGU-6 = caillie (default) the sending back is on the last hole a straw reaches
    // in the middle row: for black running the opposite way, hole 1.
    let head = "race | white 1 throw again | throws 1/1/9 turns 7 | pool -";
    let black = &[(3, "+middle.1")];
    let g = game(F, &[("A-SGU-2", "opposite")]);
    let mut s = at(&g, head, &[], black);
    // No white of six: a sigue worth 0; the straw enters hole 1, where black waits.
    throw(&g, &mut s, 0);
    assert_eq!(
        moves(&g, &s),
        releases("white_outer", 1..=24, "r1x", "middle.1")
    );
    // Running the same way, black on hole 1 has just come in: the straws share the hole.
    let g = game(F, &[("A-SGU-2", "same")]);
    let mut s = at(&g, head, &[], black);
    throw(&g, &mut s, 0);
    assert_eq!(
        moves(&g, &s),
        releases("white_outer", 1..=24, "r1", "middle.1")
    );
}

/// Black to throw again; white straw 10 waits on the last middle hole, white straws 1 and 2
/// are in play (their outer holes empty); black straw 4 is three holes behind.
const P3_HEAD: &str = "race | black 1 throw again | throws 1/1/15 turns 9 | pool -";
const P3_WHITE: &[(usize, &str)] = &[(1, "+middle.4"), (2, "+middle.7"), (10, "+middle.24")];
const P3_BLACK: &[(usize, &str)] = &[(4, "+middle.21")];

#[test]
fn a_sgu_3_start_hole_a_straw_sent_back_returns_to_its_own_hole() {
    let g = game(F, &[("A-SGU-3", "start-hole")]);
    let mut s = at(&g, P3_HEAD, P3_WHITE, P3_BLACK);
    throw(&g, &mut s, 3);
    play(&g, &mut s, "4:3x");
    assert_eq!(
        note(&g, &s),
        text(
            "race | white 1 throw | throws 0/0/16 turns 10 last 6:3 won black:middle.24 | pool -",
            &[(1, "+middle.4"), (2, "+middle.7")],
            &[(4, "+middle.24")]
        )
    );
}

#[test]
fn a_sgu_3_first_empty_a_straw_sent_back_goes_to_the_first_empty_hole() {
    let g = game(F, &[("A-SGU-3", "first-empty")]);
    let mut s = at(&g, P3_HEAD, P3_WHITE, P3_BLACK);
    throw(&g, &mut s, 3);
    play(&g, &mut s, "4:3x");
    assert_eq!(
        note(&g, &s),
        text(
            "race | white 1 throw | throws 0/0/16 turns 10 last 6:3 won black:middle.24 | pool -",
            &[(1, "+middle.4"), (2, "+middle.7"), (10, "white_outer.1")],
            &[(4, "+middle.24")]
        )
    );
}

#[test]
fn a_sgu_3_chosen_the_player_who_sent_the_straw_back_chooses_an_empty_hole_of_its_row() {
    let g = game(F, &[("A-SGU-3", "chosen")]);
    let mut s = at(&g, P3_HEAD, P3_WHITE, P3_BLACK);
    throw(&g, &mut s, 3);
    play(&g, &mut s, "4:3x");
    // Black, who sent it back, chooses among white's three empty outer holes.
    assert!(note(&g, &s).contains(" homing 10 "), "{}", note(&g, &s));
    assert_eq!(
        moves(&g, &s),
        sorted([1, 2, 10].map(|h| format!("home@white_outer.{h} (white 10)")))
    );
    play(&g, &mut s, "home@white_outer.2");
    assert_eq!(
        note(&g, &s),
        text(
            "race | white 1 throw | throws 0/0/16 turns 10 last 6:3 won black:middle.24 | pool -",
            &[(1, "+middle.4"), (2, "+middle.7"), (10, "white_outer.2")],
            &[(4, "+middle.24")]
        )
    );
}

/// Black's first throw of its first turn, after white's turn of three throws.
const P4_HEAD: &str = "race | black 1 throw | throws 0/0/3 turns 1 | pool -";

#[test]
fn a_sgu_4_each_turn_every_turn_starts_with_five_sticks() {
    let g = game(F, &[("A-SGU-4", "each-turn")]);
    assert_eq!(outcomes(&g, &g.initial_state()), fair(5));
    let s = at(&g, P4_HEAD, &[(7, "+middle.9")], &[]);
    assert_eq!(outcomes(&g, &s), fair(5));
}

#[test]
fn a_sgu_4_game_start_only_the_first_throw_of_the_game_is_with_five_sticks() {
    let g = game(F, &[("A-SGU-4", "game-start")]);
    let mut s = g.initial_state();
    assert_eq!(outcomes(&g, &s), fair(5));
    let p = at(&g, P4_HEAD, &[(7, "+middle.9")], &[]);
    assert_eq!(outcomes(&g, &p), fair(6));
    // Played out: white's first throw (not a sigue) passes the turn; black throws six.
    throw(&g, &mut s, 2);
    assert_eq!(stage(&g, &s), "black 1 throw");
    assert_eq!(outcomes(&g, &s), fair(6));
}

#[test]
fn a_sgu_4_until_first_sigue_five_sticks_until_the_party_has_a_straw_in_the_middle_row() {
    let g = game(F, &[("A-SGU-4", "until-first-sigue")]);
    let mut s = g.initial_state();
    assert_eq!(outcomes(&g, &s), fair(5));
    // Black has no straw in yet: five sticks, on every throw of its turn.
    let p = at(&g, P4_HEAD, &[(7, "+middle.9")], &[]);
    assert_eq!(outcomes(&g, &p), fair(5));
    // White has one: six, on the first throw of its turn too.
    let p = at(
        &g,
        "race | white 1 throw | throws 0/0/3 turns 2 | pool -",
        &[(7, "+middle.9")],
        &[],
    );
    assert_eq!(outcomes(&g, &p), fair(6));
    // Played out: white's first sigue puts a straw in; the throw again is with six sticks.
    throw(&g, &mut s, 5);
    assert_eq!(stage(&g, &s), "white 1 move again");
    let first = moves(&g, &s);
    let first = first.first().expect("a straw goes in");
    play(&g, &mut s, first.split(' ').next().unwrap_or(first));
    assert_eq!(stage(&g, &s), "white 1 throw again");
    assert_eq!(outcomes(&g, &s), fair(6));
}

#[test]
fn a_sgu_5_anyone_a_middle_row_full_of_either_party_opens_the_opposing_row() {
    let g = game(F, &[("A-SGU-5", "anyone")]);
    let black = p5_black();
    let black = pairs(&black);
    let mut s = at(&g, P5_HEAD, P5_WHITE, &black);
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        vec!["1:2x middle.22>middle.24", "2:2x middle.23>black_outer.24"]
    );
}

#[test]
fn a_sgu_5_own_party_only_a_middle_row_full_of_own_straws_opens_the_opposing_row() {
    let g = game(F, &[("A-SGU-5", "own-party")]);
    let black = p5_black();
    let black = pairs(&black);
    let mut s = at(&g, P5_HEAD, P5_WHITE, &black);
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        vec!["1:2x middle.22>middle.24", "2:2x middle.23>middle.24"]
    );
    // Every middle hole held by a white straw: the last one goes on into the black row.
    let white: Vec<(usize, String)> = (1..=24).map(|n| (n, format!("+middle.{n}"))).collect();
    let white = pairs(&white);
    let mut s = at(&g, P5_HEAD, &white, &[]);
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        vec![
            "23:2x middle.23>black_outer.24",
            "24:2x middle.24>black_outer.23"
        ]
    );
}

/// Black to throw again; black straw 3 three holes behind white straw 12 in mid-row.
const P6_HEAD: &str = "race | black 1 throw again | throws 1/1/9 turns 7 | pool -";
const P6_WHITE: &[(usize, &str)] = &[(12, "+middle.12")];
const P6_BLACK: &[(usize, &str)] = &[(3, "+middle.9")];

/// White to throw again; black straw 3 on middle hole 6, where a white sigue worth 5 puts
/// a straw.
const P6_ENTRY_HEAD: &str = "race | white 1 throw again | throws 1/1/9 turns 8 | pool -";

#[test]
fn a_sgu_6_caillie_straws_share_a_hole_before_the_last_one() {
    let g = game(F, &[("A-SGU-6", "caillie")]);
    let mut s = at(&g, P6_HEAD, P6_WHITE, P6_BLACK);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["3:3 middle.9>middle.12"]);
    play(&g, &mut s, "3:3");
    assert_eq!(
        note(&g, &s),
        text(
            "race | white 1 throw | throws 0/0/10 turns 8 last 6:3 won black:middle.12 | pool -",
            P6_WHITE,
            &[(3, "+middle.12")]
        )
    );
    // A straw put in shares the hole too.
    let mut s = at(&g, P6_ENTRY_HEAD, &[], &[(3, "+middle.6")]);
    throw(&g, &mut s, 5);
    assert_eq!(
        moves(&g, &s),
        releases("white_outer", 1..=24, "r6", "middle.6")
    );
}

#[test]
fn a_sgu_6_dlp_an_arriving_straw_sends_the_other_back_on_any_middle_hole() {
    let g = game(F, &[("A-SGU-6", "dlp")]);
    let mut s = at(&g, P6_HEAD, P6_WHITE, P6_BLACK);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["3:3x middle.9>middle.12"]);
    assert_eq!(refuse(&g, &s, "3:3"), "SGU-C1");
    play(&g, &mut s, "3:3x");
    assert_eq!(
        note(&g, &s),
        text(
            "race | white 1 throw | throws 0/0/10 turns 8 last 6:3 won black:middle.12 | pool -",
            &[],
            &[(3, "+middle.12")]
        )
    );
    // A straw put in sends it back too.
    let mut s = at(&g, P6_ENTRY_HEAD, &[], &[(3, "+middle.6")]);
    throw(&g, &mut s, 5);
    assert_eq!(
        moves(&g, &s),
        releases("white_outer", 1..=24, "r6x", "middle.6")
    );
}

/// White to throw again; white straw 8 in play.
const P7_HEAD: &str = "race | white 1 throw again | throws 1/1/9 turns 6 | pool -";
const P7_WHITE: &[(usize, &str)] = &[(8, "+middle.5")];

#[test]
fn a_sgu_7_dlp_a_throw_that_is_not_a_sigue_moves_a_straw_in_play() {
    let g = game(F, &[("A-SGU-7", "dlp")]);
    let mut s = at(&g, P7_HEAD, P7_WHITE, &[]);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["8:3 middle.5>middle.8"]);
}

#[test]
fn a_sgu_7_strict_a_throw_that_is_not_a_sigue_only_ends_the_turn() {
    let g = game(F, &[("A-SGU-7", "strict")]);
    let mut s = at(&g, P7_HEAD, P7_WHITE, &[]);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(
        note(&g, &s),
        text(
            "race | black 1 throw | throws 0/0/10 turns 7 last 6:3 | pool -",
            P7_WHITE,
            &[]
        )
    );
}

/// White straws on every hole of the black row but one; white straw 24 can take it with a 2.
fn full_row_white() -> Vec<(usize, String)> {
    let mut w: Vec<(usize, String)> = (1..=23).map(|n| (n, format!("+black_outer.{n}"))).collect();
    w.push((24, "+middle.23".to_string()));
    w
}
fn full_row_black() -> Vec<(usize, String)> {
    let mut b: Vec<(usize, String)> = (1..=22).map(|n| (n, format!("+middle.{n}"))).collect();
    b.push((23, "+middle.24".to_string()));
    b.push((24, "+white_outer.24".to_string()));
    b
}

#[test]
fn r_sgu_1_caillie_the_row_is_won_hole_by_hole() {
    let g = game(F, &[("R-SGU-1", "caillie")]);
    // Holes 2..24 won earlier, though white now stands on only two of them.
    let mut s = at(&g, &nearly_won_head(), NEARLY_WON_WHITE, NEARLY_WON_BLACK);
    throw(&g, &mut s, 2);
    play(&g, &mut s, "5:2x");
    assert_eq!(g.winner(&s), Some(TeamId::FIRST));
}

#[test]
fn r_sgu_1_dlp_the_row_must_be_occupied_whole() {
    let g = game(F, &[("R-SGU-1", "dlp")]);
    let mut s = at(&g, &nearly_won_head(), NEARLY_WON_WHITE, NEARLY_WON_BLACK);
    throw(&g, &mut s, 2);
    play(&g, &mut s, "5:2x");
    assert_eq!(g.winner(&s), None);
    assert_eq!(stage(&g, &s), "black 1 throw");
    // Every hole of the black row held by a white straw at once.
    let (w, b) = (full_row_white(), full_row_black());
    let mut s = at(
        &g,
        "race | white 1 throw again | throws 1/1/300 turns 200 | pool -",
        &pairs(&w),
        &pairs(&b),
    );
    throw(&g, &mut s, 2);
    assert_eq!(moves(&g, &s), vec!["24:2 middle.23>black_outer.24"]);
    play(&g, &mut s, "24:2");
    assert_eq!(g.winner(&s), Some(TeamId::FIRST));
}

// ---------------------------------------------------------------------------------------------
// A-SGU-11: sharing a hole

const SHARE_HEAD: &str = "race | white 1 throw again | throws 1/1/9 turns 6 | pool -";

#[test]
fn a_sgu_11_apart_two_straws_of_one_party_do_not_share_a_hole() {
    for option in ["apart-share", "apart-blocked"] {
        let g = game(F, &[("A-SGU-11", option)]);
        let mut s = at(&g, SHARE_HEAD, &[(8, "+middle.5"), (9, "+middle.8")], &[]);
        throw(&g, &mut s, 3);
        assert_eq!(moves(&g, &s), vec!["9:3 middle.8>middle.11"], "{option}");
    }
}

#[test]
fn a_sgu_11_together_two_straws_of_one_party_may_share_a_hole() {
    for option in ["together-share", "together-blocked"] {
        let g = game(F, &[("A-SGU-11", option)]);
        let mut s = at(&g, SHARE_HEAD, &[(8, "+middle.5"), (9, "+middle.8")], &[]);
        throw(&g, &mut s, 3);
        assert_eq!(
            moves(&g, &s),
            vec!["8:3 middle.5>middle.8", "9:3 middle.8>middle.11"],
            "{option}"
        );
    }
}

#[test]
fn a_sgu_11_share_a_straw_lands_beside_an_opposing_straw_it_cannot_send_back() {
    // Black's straw on middle hole 8 is not on the last hole: under A-SGU-6 = caillie no
    // straw is sent back there.
    for option in ["apart-share", "together-share"] {
        let g = game(F, &[("A-SGU-11", option)]);
        let mut s = at(&g, SHARE_HEAD, &[(8, "+middle.5")], &[(3, "+middle.8")]);
        throw(&g, &mut s, 3);
        assert_eq!(moves(&g, &s), vec!["8:3 middle.5>middle.8"], "{option}");
    }
}

#[test]
fn a_sgu_11_blocked_a_straw_may_not_land_on_an_opposing_straw_it_cannot_send_back() {
    for option in ["apart-blocked", "together-blocked"] {
        let g = game(F, &[("A-SGU-11", option)]);
        let mut s = at(&g, SHARE_HEAD, &[(8, "+middle.5")], &[(3, "+middle.8")]);
        throw(&g, &mut s, 3);
        assert!(moves(&g, &s).is_empty(), "{option}: {:?}", moves(&g, &s));
    }
}

// ---------------------------------------------------------------------------------------------
// A-SGU-8: SGU-M3 a threshold or a state

/// The `once …` counters the engine writes once the middle row of [`p5_black`] has been
/// full: read from the position after a throw there (empty where no `once` is in force).
fn latched(g: &Game) -> String {
    let black = p5_black();
    let mut s = at(g, P5_HEAD, P5_WHITE, &pairs(&black));
    throw(g, &mut s, 3);
    let counters = note(g, &s).split('|').nth(2).unwrap().to_string();
    let mut out = String::new();
    let words: Vec<&str> = counters.split_whitespace().collect();
    for w in words.windows(2) {
        if let [key, set] = w
            && *key == "once"
        {
            out.push_str(&format!(" once {set}"));
        }
    }
    out
}

/// [`p5_black`] with hole 10 empty (its straw sent back): the middle row is not full now.
fn p5_gap() -> Vec<(usize, String)> {
    let mut b = p5_black();
    b.retain(|(n, _)| *n != 10);
    b
}

#[test]
fn a_sgu_8_threshold_once_the_middle_row_has_been_full_the_adversary_row_stays_open() {
    let g = game(F, &[("A-SGU-8", "threshold")]);
    let once = latched(&g);
    assert!(once.contains("once white:") && once.contains("once black:"));
    // The row was full once (the latch), and hole 10 has since been emptied: straw 2 goes
    // on into the black row all the same.
    let head = format!("race | white 1 throw again | throws 1/1/61 turns 40{once} | pool -");
    let gap = p5_gap();
    let mut s = at(&g, &head, P5_WHITE, &pairs(&gap));
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        vec!["1:2x middle.22>middle.24", "2:2x middle.23>black_outer.24"]
    );
    // Never full (no latch): it stops on the last hole of the middle row.
    let mut s = at(&g, P5_HEAD, P5_WHITE, &pairs(&gap));
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        vec!["1:2x middle.22>middle.24", "2:2x middle.23>middle.24"]
    );
    // Played: the row full at the throw; straw 1 leaves hole 22 and sends black's straw on
    // the last hole back, so the row is no longer full, and the latch stays.
    let black = p5_black();
    let mut s = at(&g, P5_HEAD, P5_WHITE, &pairs(&black));
    throw(&g, &mut s, 2);
    play(&g, &mut s, "1:2x");
    let after = note(&g, &s);
    assert!(!after.contains("+middle.22 "), "{after}");
    assert!(after.contains(once.trim()), "{after}");
}

#[test]
fn a_sgu_8_every_entry_the_middle_row_must_be_full_at_each_entry() {
    let g = game(F, &[("A-SGU-8", "every-entry")]);
    // No `once` in force: the state keeps no memory of a full row.
    assert_eq!(latched(&g), "");
    let black = p5_black();
    let mut s = at(&g, P5_HEAD, P5_WHITE, &pairs(&black));
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        vec!["1:2x middle.22>middle.24", "2:2x middle.23>black_outer.24"]
    );
    // Hole 10 emptied: the black row is shut again, whatever was full before.
    let gap = p5_gap();
    let mut s = at(&g, P5_HEAD, P5_WHITE, &pairs(&gap));
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        vec!["1:2x middle.22>middle.24", "2:2x middle.23>middle.24"]
    );
}

// ---------------------------------------------------------------------------------------------
// A-SGU-9: a straw past a last hole

/// White straw 8 four holes from the end of the middle row, straw 9 mid-row; the middle
/// row is not full, so the black row is shut.
const P9_WHITE: &[(usize, &str)] = &[(8, "+middle.22"), (9, "+middle.10")];
/// White straw 1 near the end of the black row (hole 1 is its last), straw 3 further back.
const P9_END_WHITE: &[(usize, &str)] = &[(1, "+black_outer.3"), (3, "+black_outer.6")];
const P9_END_BLACK: &[(usize, &str)] = &[(1, "x"), (2, "x"), (3, "x"), (6, "x")];
const P9_END_HEAD: &str = "race | white 1 throw again | throws 1/1/300 turns 200 | pool -";

#[test]
fn a_sgu_9_stop_a_straw_carried_past_a_last_hole_stops_on_it() {
    let g = game(F, &[("A-SGU-9", "stop")]);
    let mut s = at(&g, P1_HEAD, P9_WHITE, &[]);
    throw(&g, &mut s, 4);
    assert_eq!(
        moves(&g, &s),
        vec!["8:4 middle.22>middle.24", "9:4 middle.10>middle.14"]
    );
    // The end of the black row: a 4 from hole 3 stops on hole 1.
    let mut s = at(&g, P9_END_HEAD, P9_END_WHITE, P9_END_BLACK);
    throw(&g, &mut s, 4);
    assert_eq!(
        moves(&g, &s),
        vec![
            "1:4 black_outer.3>black_outer.1",
            "3:4 black_outer.6>black_outer.2"
        ]
    );
}

#[test]
fn a_sgu_9_exact_a_last_hole_is_reached_only_with_the_exact_count() {
    let g = game(F, &[("A-SGU-9", "exact"), ("A-SGU-16", "exact")]);
    let s0 = at(&g, P1_HEAD, P9_WHITE, &[]);
    let mut s = s0.clone();
    throw(&g, &mut s, 4);
    assert_eq!(moves(&g, &s), vec!["9:4 middle.10>middle.14"]);
    assert_eq!(refuse(&g, &s, "8:4"), "SGU-M3");
    // A 2 reaches the last hole exactly.
    let mut s = s0;
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        vec!["8:2 middle.22>middle.24", "9:2 middle.10>middle.12"]
    );
    // The end of the black row: a 4 from hole 3 would pass hole 1.
    let mut s = at(&g, P9_END_HEAD, P9_END_WHITE, P9_END_BLACK);
    throw(&g, &mut s, 4);
    assert_eq!(moves(&g, &s), vec!["3:4 black_outer.6>black_outer.2"]);
    assert_eq!(refuse(&g, &s, "1:4"), "SGU-M2");
    let mut s = at(&g, P9_END_HEAD, P9_END_WHITE, P9_END_BLACK);
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        vec![
            "1:2 black_outer.3>black_outer.1",
            "3:2x black_outer.6>black_outer.4"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// A-SGU-10: the hole a straw is put into

#[test]
fn a_sgu_10_first_hole_a_straw_put_in_enters_the_first_hole_of_the_middle_row_only() {
    // The default: whatever the count, the release walks from the first hole; no decision
    // puts a straw into another empty hole, nor names one.
    let g = game(F, &[("A-SGU-1", "counts-one"), ("A-SGU-10", "first-hole")]);
    let mut s = at(&g, P1_HEAD, P1_WHITE, P1_BLACK);
    throw(&g, &mut s, 0);
    assert_eq!(
        moves(&g, &s),
        releases(
            "white_outer",
            (1..=24).filter(|&n| n != 8),
            "r1",
            "middle.1"
        )
    );
    // The first hole held by an own straw: no straw goes in (SGU-X2: the release is lost).
    let mut s = at(&g, P1_HEAD, &[(8, "+middle.1")], P1_BLACK);
    throw(&g, &mut s, 0);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(pool(&g, &s), "pool r1/0#1=drop");
    let mut s = at(&g, P1_HEAD, P1_WHITE, P1_BLACK);
    throw(&g, &mut s, 0);
    assert!(g.parse_decision(&s, "24:r1@middle.10").is_err());
}

#[test]
fn a_sgu_10_chosen_a_straw_is_put_into_any_empty_hole_of_the_middle_row_then_moves() {
    let g = game(F, &[("A-SGU-10", "chosen")]);
    let mut s = at(&g, P1_HEAD, P1_WHITE, P1_BLACK);
    // One white of six: a sigue worth 1 (A-SGU-1 = colour-count): the straw is put into an
    // empty hole (not 2, black's, nor 5, white's) and moves 1 on. From hole 4 it would land
    // on white's own straw (SGU-X1); from hole 24 it waits there (SGU-M3's gate is shut);
    // from hole 1 it shares hole 2 with black's straw (A-SGU-11 = apart-share).
    throw(&g, &mut s, 1);
    let mut want = Vec::new();
    for n in (1..=24).filter(|&n| n != 8) {
        for h in (1..=24).filter(|&h| ![2, 4, 5].contains(&h)) {
            let to = (h + 1).min(24);
            want.push(format!("{n}:r2@middle.{h} white_outer.{n}>middle.{to}"));
        }
    }
    assert_eq!(moves(&g, &s), sorted(want));
    play(&g, &mut s, "24:r2@middle.10");
    assert_eq!(
        note(&g, &s),
        text(
            "race | white 1 throw again | throws 2/2/10 turns 6 last 6:1 won white:middle.11 | pool r2/1#1=24",
            &[(8, "+middle.5"), (24, "+middle.11")],
            P1_BLACK
        )
    );
    // A hole a straw stands on is no choice.
    let mut s = at(&g, P1_HEAD, P1_WHITE, P1_BLACK);
    throw(&g, &mut s, 1);
    let d = g
        .parse_decision(&s, "24:r2@middle.2")
        .expect("a hole of the middle row");
    assert!(g.check_decision(&s, s.team(), d).is_err());
}

// ---------------------------------------------------------------------------------------------
// A-SGU-12: new straws once the adversary's row is open

#[test]
fn a_sgu_12_middle_first_a_new_straw_is_put_into_the_middle_row() {
    let g = game(F, &[("A-SGU-12", "middle-first")]);
    let black = p5_black();
    let mut s = at(&g, P5_HEAD, P5_WHITE, &pairs(&black));
    // Five white of six: a sigue worth 5; the new straw enters and stops on hole 6, beside
    // black's straw there (A-SGU-6 = caillie: no sending back before the last hole).
    throw(&g, &mut s, 5);
    assert_eq!(
        moves(&g, &s),
        releases("white_outer", 3..=24, "r6", "middle.6")
    );
}

#[test]
fn a_sgu_12_straight_a_new_straw_goes_into_the_open_adversary_row() {
    let g = game(F, &[("A-SGU-12", "straight")]);
    let black = p5_black();
    let mut s = at(&g, P5_HEAD, P5_WHITE, &pairs(&black));
    // 25 steps to the black row's first hole (its hole 24), then 5 on: hole 19, empty (its
    // straw is in the middle row).
    throw(&g, &mut s, 5);
    assert_eq!(
        moves(&g, &s),
        releases("white_outer", 3..=24, "r30", "black_outer.19")
    );
    // With A-SGU-1 = counts-one it enters the black row's first hole and takes the straw
    // there out (SGU-C2).
    let g1 = game(F, &[("A-SGU-12", "straight"), ("A-SGU-1", "counts-one")]);
    let mut s = at(&g1, P5_HEAD, P5_WHITE, &pairs(&black));
    throw(&g1, &mut s, 5);
    assert_eq!(
        moves(&g1, &s),
        releases("white_outer", 3..=24, "r25x", "black_outer.24")
    );
    // Before the row is open, a new straw goes into the middle row as always.
    let mut s = at(&g, P1_HEAD, P1_WHITE, P1_BLACK);
    throw(&g, &mut s, 5);
    assert_eq!(
        moves(&g, &s),
        releases(
            "white_outer",
            (1..=24).filter(|&n| n != 8),
            "r6",
            "middle.6"
        )
    );
}

// ---------------------------------------------------------------------------------------------
// A-SGU-13: seat order with four or six players

/// The seats that throw, one after another, from the start of a game of `seats` a party,
/// each throw a 2 (not a sigue: the turn passes).
fn seat_run(g: &Game, throws: usize) -> Vec<String> {
    let mut s = g.initial_state();
    let mut v = vec![stage(g, &s)];
    for _ in 0..throws {
        throw(g, &mut s, 2);
        v.push(stage(g, &s));
    }
    v
}

/// Black to move with a 3: straw 7 on white_outer.20 walks past white_outer.19 and .18,
/// where white's straws 19 and 18 stand, to land on white_outer.17 (straw 17).
fn a_sgu_15_position(g: &Game) -> State {
    let mut s = at(
        g,
        "race | black 1 throw again | throws 1/1/61 turns 40 | pool -",
        &[(20, "+middle.3"), (23, "x"), (24, "x")],
        &[
            (6, "+white_outer.24"),
            (7, "+white_outer.20"),
            (8, "+middle.9"),
        ],
    );
    throw(g, &mut s, 3);
    s
}

const A_SGU_15_BLACK: [(usize, &str); 3] = [
    (6, "+white_outer.24"),
    (7, "+white_outer.17"),
    (8, "+middle.9"),
];

#[test]
fn a_sgu_15_landing_only_the_hole_landed_on_is_won() {
    let g = game(F, &[("A-SGU-15", "landing")]);
    let mut s = a_sgu_15_position(&g);
    play(&g, &mut s, "7:3x");
    assert_eq!(
        note(&g, &s),
        text(
            "race | white 1 throw | throws 0/0/62 turns 41 last 6:3 won black:white_outer.17 | pool -",
            &[(17, "x"), (20, "+middle.3"), (23, "x"), (24, "x")],
            &A_SGU_15_BLACK
        )
    );
}

#[test]
fn a_sgu_15_passing_the_holes_passed_over_are_won_too() {
    let g = game(F, &[("A-SGU-15", "passing")]);
    let mut s = a_sgu_15_position(&g);
    // The legal decisions are the same: only the landing decides them.
    assert_eq!(
        moves(&g, &s),
        vec![
            "6:3x white_outer.24>white_outer.21",
            "7:3x white_outer.20>white_outer.17",
            "8:3 middle.9>middle.12",
        ]
    );
    play(&g, &mut s, "7:3x");
    assert_eq!(
        note(&g, &s),
        text(
            "race | white 1 throw | throws 0/0/62 turns 41 last 6:3 won black:white_outer.17,white_outer.18,white_outer.19 | pool -",
            &[
                (17, "x"),
                (18, "x"),
                (19, "x"),
                (20, "+middle.3"),
                (23, "x"),
                (24, "x")
            ],
            &A_SGU_15_BLACK
        )
    );
}

#[test]
fn a_sgu_13_blocks_each_party_throws_in_a_block() {
    let g = game_with(F, &[("A-SGU-13", "blocks")], &[("seats", 2)]);
    assert_eq!(
        seat_run(&g, 4),
        vec![
            "white 1 throw",
            "white 2 throw",
            "black 1 throw",
            "black 2 throw",
            "white 1 throw"
        ]
    );
    let g = game_with(F, &[("A-SGU-13", "blocks")], &[("seats", 3)]);
    assert_eq!(
        seat_run(&g, 3),
        vec![
            "white 1 throw",
            "white 2 throw",
            "white 3 throw",
            "black 1 throw"
        ]
    );
}

#[test]
fn a_sgu_13_alternating_the_parties_players_alternate() {
    let g = game_with(F, &[("A-SGU-13", "alternating")], &[("seats", 2)]);
    assert_eq!(
        seat_run(&g, 4),
        vec![
            "white 1 throw",
            "black 1 throw",
            "white 2 throw",
            "black 2 throw",
            "white 1 throw"
        ]
    );
    let g = game_with(F, &[("A-SGU-13", "alternating")], &[("seats", 3)]);
    assert_eq!(
        seat_run(&g, 6),
        vec![
            "white 1 throw",
            "black 1 throw",
            "white 2 throw",
            "black 2 throw",
            "white 3 throw",
            "black 3 throw",
            "white 1 throw"
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// SGU-X2: moving (R-SGU-2, R-SGU-3)

/// White straws 8 and 9 on middle holes 5 and 7, black straw 3 on hole 6 between them.
const PX_WHITE: &[(usize, &str)] = &[(8, "+middle.5"), (9, "+middle.7")];
const PX_BLACK: &[(usize, &str)] = &[(3, "+middle.6")];

#[test]
fn r_sgu_2_pass_a_straw_passes_straws_of_either_party() {
    let g = game(F, &[("R-SGU-2", "pass")]);
    let mut s = at(&g, P1_HEAD, PX_WHITE, PX_BLACK);
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        vec!["8:3 middle.5>middle.8", "9:3 middle.7>middle.10"]
    );
}

#[test]
fn r_sgu_2_own_block_a_straw_may_not_pass_a_straw_of_its_party() {
    let g = game(F, &[("R-SGU-2", "own-block")]);
    let mut s = at(&g, P1_HEAD, PX_WHITE, PX_BLACK);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["9:3 middle.7>middle.10"]);
    assert_eq!(refuse(&g, &s, "8:3"), "SGU-X2");
    // The adversary's straw alone on the way: straw 8 passes it.
    let mut s = at(&g, P1_HEAD, &[(8, "+middle.5")], PX_BLACK);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["8:3 middle.5>middle.8"]);
}

#[test]
fn r_sgu_2_all_block_a_straw_may_not_pass_any_straw() {
    let g = game(F, &[("R-SGU-2", "all-block")]);
    let mut s = at(&g, P1_HEAD, &[(8, "+middle.5")], PX_BLACK);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(stage(&g, &s), "black 1 throw");
    // Landing on it is no passing: the two straws share the hole (A-SGU-6, A-SGU-11).
    let mut s = at(&g, P1_HEAD, &[(8, "+middle.5")], &[(3, "+middle.8")]);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["8:3 middle.5>middle.8"]);
}

#[test]
fn r_sgu_3_several_a_straw_put_in_may_move_again_in_the_same_turn() {
    let g = game(F, &[("R-SGU-3", "several")]);
    let mut s = at(&g, P1_HEAD, &[], &[]);
    // A sigue worth 1: straw 4 goes in to hole 2; the next throw may move it again.
    throw(&g, &mut s, 1);
    play(&g, &mut s, "4:r2");
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["4:3 middle.2>middle.5"]);
}

#[test]
fn r_sgu_3_one_a_straw_moves_at_most_once_a_turn() {
    let g = game(F, &[("R-SGU-3", "one")]);
    let mut s = at(&g, P1_HEAD, &[], &[]);
    throw(&g, &mut s, 1);
    play(&g, &mut s, "4:r2");
    assert!(note(&g, &s).contains("moved 4"), "{}", note(&g, &s));
    // Straw 4 has moved this turn and no other straw is in play: the 3 is lost.
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(stage(&g, &s), "black 1 throw");
    // A straw that has not moved takes it.
    let mut s = at(&g, P1_HEAD, &[(8, "+middle.9")], &[]);
    throw(&g, &mut s, 1);
    play(&g, &mut s, "4:r2");
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), vec!["8:3 middle.9>middle.12"]);
}

#[test]
fn a_sgu_16_and_a_sgu_14_are_readings_of_their_own() {
    // A-SGU-16 (the end of the adversary's row) and A-SGU-14 (where that row is entered)
    // change the tracks' end and shape, each alone.
    use seig::lang::ir::TrackEnd;
    for (option, end) in [
        ("stop", TrackEnd::Stop),
        ("exact", TrackEnd::Exact),
        ("bounce", TrackEnd::Bounce),
    ] {
        let g = game(F, &[("A-SGU-16", option)]);
        assert_eq!(g.ir().teams[TeamId::FIRST].track.end.value, end, "{option}");
    }
    let last = |g: &seig::engine::Game| g.ir().teams[TeamId::FIRST].track.cells.last().copied();
    let s_shape = game(F, &[]);
    let z_shape = game(F, &[("A-SGU-14", "first-hole")]);
    assert_ne!(last(&s_shape), last(&z_shape));
}

#[test]
fn a_sgu_3_removed_a_straw_thrown_out_leaves_the_game() {
    let g = game(F, &[("A-SGU-3", "removed")]);
    let spec = g.ir().capture.at[TeamId::FIRST]
        .iter()
        .find_map(|c| c.spec)
        .expect("a capture somewhere");
    assert!(!spec.send_home);
    let g = game(F, &[]);
    let spec = g.ir().capture.at[TeamId::FIRST]
        .iter()
        .find_map(|c| c.spec)
        .unwrap();
    assert!(spec.send_home);
}
