//! Rule tests for Seig, Tagent rules (`rules/seig-tagent.seig`): one or more tests per
//! inventory ID (TAG-…), and one test per option of every reading that changes play
//! (A-TAG-…, R-TAG-…), each on the same position as its sibling options.
//!
//! Positions are written in position notation; most were taken from `seig playout --trace`
//! and edited by hand. Unless a test says otherwise, every reading is at its default:
//! A-TAG-1 player, A-TAG-2 slip, A-TAG-3 none, A-TAG-4 crossing-throw, A-TAG-5 attacker,
//! A-TAG-6 cohabit, A-TAG-7 foremost, A-TAG-8 chase, A-TAG-9 bound, A-TAG-10 one,
//! A-TAG-11 in-place, A-TAG-12 stop, A-TAG-13 mark, A-TAG-13-parked stay, A-TAG-14 release-left,
//! A-TAG-14-which chosen,
//! A-TAG-15 alike, A-TAG-16 game-wide, A-TAG-20 takeable, A-TAG-21 kept,
//! R-TAG-1 stay, R-TAG-2 rethrow, R-TAG-4 free.
#![allow(
    clippy::indexing_slicing,
    clippy::unwrap_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::*;
use seig::engine::{Decision, Game, Quiet, State};

const RULES: &str = "seig-tagent.seig";

/// `ROW.a ROW.a+1 … ROW.b`: pieces on holes a to b of a row (unreleased in their lower field).
fn holes(row: &str, a: u32, b: u32) -> String {
    (a..=b)
        .map(|i| format!("{row}.{i}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A race position: `turn` is the second and third sections (`twigs 1 move | throws …`).
fn race(turn: &str, pool: &str, twigs: &str, shells: &str) -> String {
    format!("race | {turn} | pool {pool} | twigs: {twigs} | shells: {shells}")
}

/// The notation up to the pool: phase, who plays, counters, pool.
fn head(g: &Game, s: &State) -> String {
    let n = note(g, s);
    n.split(" | twigs:").next().unwrap().to_string()
}

/// One team's pieces in the notation.
fn pieces(g: &Game, s: &State, team: &str) -> String {
    let n = note(g, s);
    let at = n.find(&format!(" | {team}: ")).unwrap() + team.len() + 5;
    n[at..].split(" | ").next().unwrap().to_string()
}

/// C(n, k) / 2^n.
fn binomial(n: u32, k: u32) -> f64 {
    let c = (0..k).fold(1.0, |c, i| c * f64::from(n - i) / f64::from(i + 1));
    c / f64::from(1u32 << n)
}

/// The ID of the rule whose statement ended the game.
fn ending_rule(g: &Game, s: &State) -> String {
    let o = g.ending_origin(s).unwrap();
    g.ir().rules[o.rule.index()].id.clone()
}

fn strings(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

/// Twigs to throw at the start of a seat's turn: piece 12 released and on its own upper
/// field, pieces 1-11 unreleased; one shells piece released.
fn twigs_to_throw() -> String {
    race(
        "twigs 1 throw | throws 0/0/40 turns 30",
        "-",
        &format!("{} +twigs_upper.5", holes("twigs_lower", 1, 11)),
        &format!("+shells_upper.6 {}", holes("shells_lower", 2, 12)),
    )
}

/// Shells to move with a shells piece at the end of the twigs' upper field, about to go
/// down into the twigs' lower field, where unreleased twigs pieces stand (TAG-C3, TAG-C4,
/// A-TAG-5, A-TAG-6).
fn shells_descending(pool: &str) -> String {
    race(
        "shells 1 move | throws 1/1/61 turns 40",
        pool,
        &format!(
            "{} +twigs_upper.3 +shells_upper.6",
            holes("twigs_lower", 1, 10)
        ),
        &format!("+twigs_upper.1 {}", holes("shells_lower", 2, 12)),
    )
}

/// Twigs to move with a 3; twigs piece 9 was released by an 8 and still stands in the twigs'
/// lower field; a shells piece has arrived at the end of the twigs' lower field (TAG-C3,
/// A-TAG-5).
fn twigs_in_own_lower() -> String {
    race(
        "twigs 1 move | throws 1/1/61 turns 40",
        "3/3#0",
        &format!(
            "{} +twigs_lower.9 +twigs_upper.3 +shells_upper.6 +shells_upper.9",
            holes("twigs_lower", 1, 8)
        ),
        &format!("+twigs_lower.12 {}", holes("shells_lower", 2, 12)),
    )
}

// ---------------------------------------------------------------------------------------
// Equipment and players

#[test]
fn tag_e1_four_rows_of_twelve_holes_two_lower_two_upper() {
    let g = game(RULES, &[]);
    let rows: Vec<(&str, &str, Option<&str>, u16)> = g
        .ir()
        .rows
        .iter()
        .map(|r| {
            let owner = r.owner.map(|t| g.ir().teams[t].name.as_str());
            (r.name.as_str(), r.kind.as_str(), owner, r.len)
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            ("twigs_lower", "lower", Some("twigs"), 12),
            ("twigs_upper", "upper", Some("twigs"), 12),
            ("shells_upper", "upper", Some("shells"), 12),
            ("shells_lower", "lower", Some("shells"), 12),
        ]
    );
    assert_eq!(g.ir().cells, 48);
}

/// TAG-E1's "12 finger width grooves are made across the width of the board": each groove
/// crosses the four rows, so hole N of every row lies in groove N, and wherever a track turns
/// from one row into the next (TAG-M1's S) it steps across to the hole of the same groove.
#[test]
fn tag_e1_the_grooves_align_the_rows_every_turn_of_a_track_stays_in_its_groove() {
    for chase in ["chase", "head-on"] {
        let g = game(RULES, &[("A-TAG-8", chase)]);
        let ir = g.ir();
        for team in &ir.teams {
            let t = &team.track;
            let turns: Vec<(String, String)> = t
                .segments
                .windows(2)
                .map(|w| {
                    let last = t.cells[usize::from(w[0].start + w[0].len - 1)];
                    let first = t.cells[usize::from(w[1].start)];
                    (ir.cell_name(last), ir.cell_name(first))
                })
                .collect();
            assert_eq!(turns.len(), 3, "{chase}: {} walks four rows", team.name);
            for (from, to) in turns {
                let groove = |n: &str| n.rsplit('.').next().map(str::to_string);
                assert_eq!(
                    groove(&from),
                    groove(&to),
                    "{chase}: {}'s track turns from {from} to {to}, out of its groove",
                    team.name
                );
            }
        }
    }
}

#[test]
fn tag_e2_twelve_pieces_a_team_one_in_each_hole_of_its_lower_field() {
    let g = game(RULES, &[]);
    let counts: Vec<u8> = g.ir().teams.iter().map(|t| t.pieces).collect();
    assert_eq!(counts, [12, 12]);
    assert_eq!(
        note(&g, &g.initial_state()),
        format!(
            "opening | twigs 1 throw | throws 0/0/0 turns 0 | pool - | twigs: {} | shells: {}",
            holes("twigs_lower", 1, 12),
            holes("shells_lower", 1, 12)
        )
    );
}

#[test]
fn tag_e3_eight_sticks_white_or_black_value_is_the_white_sides_up() {
    let g = game(RULES, &[]);
    assert_eq!(g.ir().sticks.count, 8);
    assert_eq!(
        g.ir().sticks.faces,
        ["white".to_string(), "black".to_string()]
    );
    let s = pos(&g, &twigs_to_throw());
    let outcomes = g.chance_outcomes(&s);
    assert_eq!(
        outcomes.iter().map(|o| o.k).collect::<Vec<_>>(),
        (0..=8).collect::<Vec<u8>>()
    );
    for o in outcomes {
        assert!((o.p - binomial(8, o.k.into())).abs() < 1e-12, "{o:?}");
    }
    let total: f64 = outcomes.iter().map(|o| o.p).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // Five white sides up: a throw of 5, five places.
    let mut t = s.clone();
    g.apply_throw(&mut t, 5, &mut Vec::new()).unwrap();
    assert_eq!(t.last(), Some((8, 5, 5)));
    assert_eq!(moves(&g, &t), ["12:5 twigs_upper.5>shells_upper.1"]);
}

#[test]
fn tag_e4_each_seat_throws_then_its_team_mate_then_the_other_team() {
    for (seats, turns) in [
        (2, &["twigs 2", "shells 1", "shells 2", "twigs 1"][..]),
        (
            3,
            &[
                "twigs 2", "twigs 3", "shells 1", "shells 2", "shells 3", "twigs 1",
            ][..],
        ),
    ] {
        let g = game_with(RULES, &[], &[("seats", seats)]);
        assert_eq!(i64::from(g.ir().seats.value), seats);
        let mut s = g.initial_state();
        for want in turns {
            // Three white of seven: no Seig, the game stays locked and the turn passes.
            g.apply_throw(&mut s, 3, &mut Vec::new()).unwrap();
            assert_eq!(
                head(&g, &s).split(" | ").nth(1).unwrap(),
                format!("{want} throw")
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Start

#[test]
fn tag_s1_seven_sticks_until_the_first_seig_then_eight() {
    let g = game(RULES, &[]);
    let mut s = g.initial_state();
    let outcomes = g.chance_outcomes(&s);
    assert_eq!(outcomes.len(), 8);
    for o in outcomes {
        assert!((o.p - binomial(7, o.k.into())).abs() < 1e-12, "{o:?}");
    }
    // Locked: no throw but a Seig (or all alike) does anything.
    for k in [2, 3, 4, 5] {
        g.apply_throw(&mut s, k, &mut Vec::new()).unwrap();
    }
    assert_eq!(
        head(&g, &s),
        "opening | twigs 1 throw | throws 0/0/4 turns 4 last 7:5 | pool -"
    );
    assert_eq!(pieces(&g, &s, "twigs"), holes("twigs_lower", 1, 12));
    assert_eq!(g.chance_outcomes(&s).len(), 8);
    // Six white of seven is a Seig: the game is unlocked and the eighth stick comes back.
    g.apply_throw(&mut s, 6, &mut Vec::new()).unwrap();
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 throw again | throws 1/1/5 turns 4 bind 0 last 7:6 | pool r1/6#0"
    );
    let outcomes = g.chance_outcomes(&s);
    assert_eq!(outcomes.len(), 9);
    for o in outcomes {
        assert!((o.p - binomial(8, o.k.into())).abs() < 1e-12, "{o:?}");
    }
}

#[test]
fn tag_s2_a_seig_is_all_but_one_stick_of_one_colour() {
    let g = game(RULES, &[]);
    let seig = g.ir().classes.iter().find(|c| c.name == "seig").unwrap();
    assert!(seig.all_but_one && !seig.all_alike);
    for k in 1..=6u8 {
        let mut s = g.initial_state();
        g.apply_throw(&mut s, k, &mut Vec::new()).unwrap();
        let want = if k == 1 || k == 6 {
            // One white (all black but one) or one black (all white but one).
            format!(
                // The release came from the opening's table (TAG-S3); where the race's table
                // would name another rule for a release on that value (TAG-T1 for a 1), the
                // notation says which.
                "race | twigs 1 throw again | throws 1/1/1 turns 0 bind 0 last 7:{k} | pool r1/{k}#0{}",
                if k == 1 { "@TAG-S3" } else { "" }
            )
        } else {
            format!("opening | twigs 2 throw | throws 0/1/1 turns 1 last 7:{k} | pool -")
        };
        assert_eq!(head(&g, &s), want, "{k} white of 7");
    }
}

#[test]
fn tag_s3_first_seig_releases_the_front_piece_onto_the_upper_field_marked_released() {
    let g = game(RULES, &[]);
    let mut s = g.initial_state();
    throw(&g, &mut s, 1);
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 throw again | throws 1/1/1 turns 0 bind 0 last 7:1 | pool r1/1#0@TAG-S3"
    );
    throw(&g, &mut s, 5);
    assert_eq!(
        moves(&g, &s),
        [
            "12:r1 twigs_lower.12>twigs_upper.12",
            "12:r1+5 twigs_lower.12>twigs_upper.7"
        ]
    );
    // The throw after the Seig goes on with that piece (A-TAG-9 default: bound), in the same
    // move (A-TAG-10 default: one; released alone, the piece has had its move).
    let mut alone = s.clone();
    play(&g, &mut alone, "12:r1");
    assert_eq!(
        pieces(&g, &alone, "twigs"),
        format!("{} +twigs_upper.12", holes("twigs_lower", 1, 11))
    );
    assert_eq!(moves(&g, &alone), Vec::<String>::new());
    play(&g, &mut s, "12:r1+5");
    assert_eq!(
        note(&g, &s),
        format!(
            "race | twigs 2 throw | throws 0/2/2 turns 1 last 8:5 | pool - | twigs: {} +twigs_upper.7 | shells: {}",
            holes("twigs_lower", 1, 11),
            holes("shells_lower", 1, 12)
        )
    );
}

#[test]
fn tag_s4_after_a_seig_the_player_throws_again_for_more_places() {
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 7);
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 throw again | throws 1/1/41 turns 30 bind 0 last 8:7 | pool r1/7#0"
    );
    throw(&g, &mut s, 3);
    // The 3 goes to the released piece (A-TAG-9 default: bound), not to piece 12.
    assert_eq!(
        moves(&g, &s),
        [
            "11:r1 twigs_lower.11>twigs_lower.12",
            "11:r1+3 twigs_lower.11>twigs_upper.10"
        ]
    );
}

#[test]
fn tag_s5_all_white_or_all_black_opens_the_game_releasing_seven() {
    let g = game(RULES, &[("A-TAG-23", "front-most")]);
    for k in [0u8, 7] {
        let mut s = g.initial_state();
        g.apply_throw(&mut s, k, &mut Vec::new()).unwrap();
        let r = format!("r0/{k}#0@TAG-S5");
        assert_eq!(
            head(&g, &s),
            format!(
                "race | twigs 1 throw again | throws 1/1/1 turns 0 bind 0 last 7:{k} | pool {}",
                [r.as_str(); 7].join(" ")
            )
        );
    }
    // Seven white, then a 3: seven pieces are released (they stay where they are, R-TAG-1
    // default) and the 3 moves the first of them (A-TAG-9 default).
    let mut s = g.initial_state();
    g.apply_throw(&mut s, 7, &mut Vec::new()).unwrap();
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "12:r0 twigs_lower.12>twigs_lower.12",
            "12:r0+3 twigs_lower.12>twigs_upper.10"
        ]
    );
    play(&g, &mut s, "12:r0+3");
    for piece in (6..=11).rev() {
        assert_eq!(
            moves(&g, &s),
            [format!(
                "{piece}:r0 twigs_lower.{piece}>twigs_lower.{piece}"
            )]
        );
        play(&g, &mut s, &format!("{piece}:r0"));
    }
    assert_eq!(
        note(&g, &s),
        format!(
            "race | twigs 2 throw | throws 0/2/2 turns 1 last 8:3 | pool - | twigs: {} +twigs_lower.6 +twigs_lower.7 +twigs_lower.8 +twigs_lower.9 +twigs_lower.10 +twigs_lower.11 +twigs_upper.10 | shells: {}",
            holes("twigs_lower", 1, 5),
            holes("shells_lower", 1, 12)
        )
    );
}

/// Twigs piece 4 was taken in its lower field; pieces 10-12 are released and gone on.
fn twigs_gap_to_throw() -> String {
    race(
        "twigs 1 throw | throws 0/0/80 turns 55",
        "-",
        &format!(
            "{} x {} +twigs_upper.3 +twigs_upper.8 +shells_upper.4",
            holes("twigs_lower", 1, 3),
            holes("twigs_lower", 5, 9)
        ),
        &format!("+twigs_upper.2 {}", holes("shells_lower", 2, 12)),
    )
}

#[test]
fn tag_s6_a_later_seig_releases_a_piece_one_place_along_the_lower_field() {
    // Which piece: the front-most (A-TAG-7 default).
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_gap_to_throw());
    throw(&g, &mut s, 1);
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "9:r1 twigs_lower.9>twigs_lower.10",
            "9:r1+3 twigs_lower.9>twigs_upper.12"
        ]
    );
}

// ---------------------------------------------------------------------------------------
// Throws

#[test]
fn tag_t1_a_one_releases_a_piece_moves_it_one_place_and_throws_again() {
    // The next throw goes to the released piece (A-TAG-9 default: bound).
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 1);
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 throw again | throws 1/1/41 turns 30 bind 0 last 8:1 | pool r1/1#0"
    );
    throw(&g, &mut s, 5);
    assert_eq!(
        moves(&g, &s),
        [
            "11:r1 twigs_lower.11>twigs_lower.12",
            "11:r1+5 twigs_lower.11>twigs_upper.8"
        ]
    );
}

#[test]
fn tag_t2_a_two_as_first_throw_moves_one_piece_two_places() {
    // The seat's first throw: a turn is one player's throws (A-TAG-1 default: player).
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 2);
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 move | throws 1/1/41 turns 30 last 8:2 | pool 2/2#0"
    );
    assert_eq!(moves(&g, &s), ["12:2 twigs_upper.5>twigs_upper.3"]);
}

#[test]
fn tag_t2_a_later_two_negates_the_turn_but_keeps_the_seig_release() {
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    for v in [1, 4, 2] {
        throw(&g, &mut s, v);
    }
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 move | throws 3/3/43 turns 30 last 8:2 | pool r1/1#0 4/4#1^0=drop"
    );
    assert_eq!(moves(&g, &s), ["11:r1 twigs_lower.11>twigs_lower.12"]);
    // Without a Seig nothing is left: the turn passes, nothing moved.
    let mut s = pos(&g, &twigs_to_throw());
    for v in [4, 2] {
        throw(&g, &mut s, v);
    }
    assert_eq!(
        head(&g, &s),
        "race | twigs 2 throw | throws 0/2/42 turns 31 last 8:2 | pool -"
    );
    assert_eq!(
        pieces(&g, &s, "twigs"),
        format!("{} +twigs_upper.5", holes("twigs_lower", 1, 11))
    );
}

#[test]
fn tag_t3_a_three_adds_three_places() {
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 3);
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 move | throws 1/1/41 turns 30 last 8:3 | pool 3/3#0"
    );
    assert_eq!(moves(&g, &s), ["12:3 twigs_upper.5>twigs_upper.2"]);
}

#[test]
fn tag_t4_a_four_adds_places_and_throws_again() {
    // Four places: A-TAG-2 default (slip); a_tag_2_as_written_… shows the 3.
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 4);
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 throw again | throws 1/1/41 turns 30 last 8:4 | pool 4/4#0"
    );
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "12:3 twigs_upper.5>twigs_upper.2",
            "12:4 twigs_upper.5>twigs_upper.1",
            "12:4+3 twigs_upper.5>shells_upper.3"
        ]
    );
}

#[test]
fn tag_t5_a_five_adds_five_places() {
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 5);
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 move | throws 1/1/41 turns 30 last 8:5 | pool 5/5#0"
    );
    assert_eq!(moves(&g, &s), ["12:5 twigs_upper.5>shells_upper.1"]);
}

#[test]
fn tag_t6_a_six_adds_six_places() {
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 6);
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 move | throws 1/1/41 turns 30 last 8:6 | pool 6/6#0"
    );
    assert_eq!(moves(&g, &s), ["12:6 twigs_upper.5>shells_upper.2"]);
}

#[test]
fn tag_t7_a_seven_is_a_seig_release_move_one_throw_again() {
    // The next throw goes to the released piece (A-TAG-9 default: bound).
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 7);
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 throw again | throws 1/1/41 turns 30 bind 0 last 8:7 | pool r1/7#0"
    );
    throw(&g, &mut s, 6);
    assert_eq!(
        moves(&g, &s),
        [
            "11:r1 twigs_lower.11>twigs_lower.12",
            "11:r1+6 twigs_lower.11>twigs_upper.7"
        ]
    );
}

#[test]
fn tag_t8_an_eight_releases_eight_pieces_and_throws_again() {
    // The released pieces stay where they are (R-TAG-1 default: stay).
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 8);
    assert_eq!(
        head(&g, &s),
        format!(
            "race | twigs 1 throw again | throws 1/1/41 turns 30 bind 0 last 8:8 | pool {}",
            ["r0/8#0"; 8].join(" ")
        )
    );
    throw(&g, &mut s, 3);
    // Any eight of the waiting pieces (A-TAG-14-which default: chosen); the 3 goes with one
    // of the releases, to a piece whose landing is free (A-TAG-9 bound).
    let mut want = strings(&[
        "1:r0 twigs_lower.1>twigs_lower.1",
        "2:r0 twigs_lower.2>twigs_lower.2",
        "3:r0 twigs_lower.3>twigs_lower.3",
        "4:r0 twigs_lower.4>twigs_lower.4",
        "5:r0 twigs_lower.5>twigs_lower.5",
        "6:r0 twigs_lower.6>twigs_lower.6",
        "7:r0 twigs_lower.7>twigs_lower.7",
        "8:r0 twigs_lower.8>twigs_lower.8",
        "9:r0 twigs_lower.9>twigs_lower.9",
        "9:r0+3 twigs_lower.9>twigs_lower.12",
        "10:r0 twigs_lower.10>twigs_lower.10",
        "10:r0+3 twigs_lower.10>twigs_upper.12",
        "11:r0 twigs_lower.11>twigs_lower.11",
        "11:r0+3 twigs_lower.11>twigs_upper.11",
    ]);
    want.sort();
    assert_eq!(moves(&g, &s), want);
    play(&g, &mut s, "11:r0+3");
    for piece in (4..=10).rev() {
        play(&g, &mut s, &format!("{piece}:r0"));
    }
    assert_eq!(
        pieces(&g, &s, "twigs"),
        format!(
            "{} +twigs_lower.4 +twigs_lower.5 +twigs_lower.6 +twigs_lower.7 +twigs_lower.8 +twigs_lower.9 +twigs_lower.10 +twigs_upper.11 +twigs_upper.5",
            holes("twigs_lower", 1, 3)
        )
    );
    assert_eq!(
        head(&g, &s),
        "race | twigs 2 throw | throws 0/2/42 turns 31 last 8:3 | pool -"
    );
}

#[test]
fn tag_t9_after_a_seig_or_a_four_the_player_throws_again() {
    let g = game(RULES, &[]);
    let start = pos(&g, &twigs_to_throw());
    for v in 0..=8u8 {
        let mut s = start.clone();
        throw(&g, &mut s, v);
        let who = head(&g, &s).split(" | ").nth(1).unwrap().to_string();
        let want = match v {
            // Seig (1, 7), 4; and 8, which throws again by TAG-T8.
            1 | 4 | 7 | 8 => "twigs 1 throw again",
            // Nothing to move (A-TAG-3 default: none): the turn passes.
            0 => "twigs 2 throw",
            _ => "twigs 1 move",
        };
        assert_eq!(who, want, "a throw of {v}");
    }
    // In the taking-out phase a 4 also gives another throw (A-TAG-15 default: alike).
    let mut s = pos(&g, &combat_several());
    throw(&g, &mut s, 4);
    assert_eq!(
        head(&g, &s),
        "combat | twigs 1 throw again | throws 1/1/401 turns 260 last 8:4 | pool -"
    );
}

#[test]
fn tag_p1_throws_are_cumulative_one_piece_may_move_the_sum() {
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 4);
    throw(&g, &mut s, 4);
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "12:3 twigs_upper.5>twigs_upper.2",
            "12:4 twigs_upper.5>twigs_upper.1",
            "12:4+3 twigs_upper.5>shells_upper.3",
            "12:4+4 twigs_upper.5>shells_upper.4",
            "12:4+4+3 twigs_upper.5>shells_upper.7"
        ]
    );
    play(&g, &mut s, "12:4+4+3");
    assert_eq!(
        pieces(&g, &s, "twigs"),
        format!("{} +shells_upper.7", holes("twigs_lower", 1, 11))
    );
    assert_eq!(
        head(&g, &s),
        "race | twigs 2 throw | throws 0/3/43 turns 31 last 8:3 | pool -"
    );
}

/// Twigs to move a 4 and a 3 with two released pieces on their upper field.
fn twigs_four_and_three() -> String {
    race(
        "twigs 1 move | throws 2/2/42 turns 30",
        "4/4#0 3/3#1",
        &format!(
            "{} +twigs_upper.10 +twigs_upper.6",
            holes("twigs_lower", 1, 10)
        ),
        &format!("+shells_upper.9 {}", holes("shells_lower", 2, 12)),
    )
}

#[test]
fn tag_p2_the_sum_is_divided_among_pieces_only_along_throws() {
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_four_and_three());
    // 7 to one piece, or 4 and 3 to two pieces; never 5 and 2 or the like. (11:4 would land
    // on piece 12: TAG-M5.)
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 twigs_upper.10>twigs_upper.7",
            "11:4+3 twigs_upper.10>twigs_upper.3",
            "12:3 twigs_upper.6>twigs_upper.3",
            "12:4 twigs_upper.6>twigs_upper.2",
            "12:4+3 twigs_upper.6>shells_upper.2"
        ]
    );
    // Piece 12 has had its move this turn (A-TAG-10 default: one); the 4 goes to piece 11.
    play(&g, &mut s, "12:3");
    assert_eq!(moves(&g, &s), ["11:4 twigs_upper.10>twigs_upper.6"]);
}

// ---------------------------------------------------------------------------------------
// Movement

fn track_names(g: &Game, team: usize) -> Vec<String> {
    g.ir().teams[TeamId::new(team)]
        .track
        .cells
        .iter()
        .map(|&c| g.ir().cell_name(c))
        .collect()
}

fn row_walk(row: &str, forward: bool) -> Vec<String> {
    let mut v: Vec<String> = (1..=12).map(|i| format!("{row}.{i}")).collect();
    if !forward {
        v.reverse();
    }
    v
}

#[test]
fn tag_m1_pieces_run_an_s_own_lower_own_upper_opposing_upper_opposing_lower() {
    // The direction on the mound is A-TAG-8's default (chase).
    let g = game(RULES, &[]);
    let twigs: Vec<String> = [
        row_walk("twigs_lower", true),
        row_walk("twigs_upper", false),
        row_walk("shells_upper", true),
        row_walk("shells_lower", false),
    ]
    .concat();
    let shells: Vec<String> = [
        row_walk("shells_lower", false),
        row_walk("shells_upper", true),
        row_walk("twigs_upper", false),
        row_walk("twigs_lower", true),
    ]
    .concat();
    assert_eq!(track_names(&g, 0), twigs);
    assert_eq!(track_names(&g, 1), shells);
    // Round both bends of the S in one move: up from the own lower field, and across the
    // summit from the own upper field to the opposing one.
    let s = pos(
        &g,
        &race(
            "twigs 1 move | throws 1/1/41 turns 30",
            "5/5#0",
            &format!(
                "{} +twigs_lower.10 +twigs_upper.3 +shells_upper.11",
                holes("twigs_lower", 1, 9)
            ),
            &format!("+shells_upper.6 {}", holes("shells_lower", 2, 12)),
        ),
    );
    assert_eq!(
        moves(&g, &s),
        [
            "10:5 twigs_lower.10>twigs_upper.10",
            "11:5 twigs_upper.3>shells_upper.3"
        ]
    );
}

/// Twigs with two pieces on the shells' side, one near the end of the shells' lower field;
/// `first` is twigs piece 1 (unreleased at home, or released and gone).
fn twigs_near_the_end(first: &str, pool: &str) -> String {
    race(
        "twigs 1 move | throws 1/1/301 turns 200",
        pool,
        &format!("{first} x x x x x x x x x +shells_upper.5 +shells_lower.3"),
        &format!("+twigs_upper.7 {}", ["x"; 11].join(" ")),
    )
}

#[test]
fn tag_m2_a_piece_at_the_end_of_the_opposing_lower_field_stays_and_no_longer_moves() {
    // Twigs piece 1 is still unreleased, so there is no circling (TAG-M3).
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_near_the_end("twigs_lower.1", "5/5#0"));
    // A throw longer than the way left ends on the last hole.
    assert_eq!(
        moves(&g, &s),
        [
            "11:5 shells_upper.5>shells_upper.10",
            "12:5 shells_lower.3>shells_lower.1"
        ]
    );
    play(&g, &mut s, "12:5");
    // Parked there before TAG-M3's circle opened (`=`, A-TAG-13-parked = stay).
    assert_eq!(
        pieces(&g, &s, "twigs"),
        "twigs_lower.1 x x x x x x x x x +shells_upper.5 +=shells_lower.1"
    );
    // Next seat: piece 12 cannot move any more: parked, TAG-M3's loop keeps it on TAG-M2's
    // end (the refusal's first ground, then the end's).
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), ["11:3 shells_upper.5>shells_upper.8"]);
    assert_eq!(refuse(&g, &s, "12:3"), "TAG-M3");
}

#[test]
fn tag_m3_once_all_are_released_pieces_circle_the_opposing_lower_and_upper_fields() {
    // The circle re-enters at the start of the shells' upper field, beside the end of their
    // lower field (A-TAG-8, both options).
    let g = game(RULES, &[]);
    let s = pos(&g, &twigs_near_the_end("+twigs_upper.9", "5/5#0"));
    assert_eq!(
        moves(&g, &s),
        [
            "11:5 shells_upper.5>shells_upper.10",
            "12:5 shells_lower.3>shells_upper.3",
            "1:5 twigs_upper.9>twigs_upper.4"
        ]
    );
    // On the circle the piece must again throw a 2, 3 or 4 to go down (TAG-M4).
    let s = pos(
        &g,
        &race(
            "twigs 1 move | throws 1/1/301 turns 200",
            "5/5#0",
            &format!(
                "+twigs_upper.9 {} +shells_upper.5 +shells_upper.11",
                ["x"; 9].join(" ")
            ),
            &format!("+twigs_upper.7 {}", ["x"; 11].join(" ")),
        ),
    );
    assert_eq!(
        moves(&g, &s),
        [
            "11:5 shells_upper.5>shells_upper.10",
            "1:5 twigs_upper.9>twigs_upper.4"
        ]
    );
}

/// Twigs piece 12 two holes before the descent into the shells' lower field.
fn twigs_before_the_descent(pool: &str) -> String {
    race(
        "twigs 1 move | throws 1/1/61 turns 40",
        pool,
        &format!(
            "{} +twigs_upper.9 +shells_upper.11",
            holes("twigs_lower", 1, 10)
        ),
        &format!("+twigs_upper.1 {}", holes("shells_lower", 2, 12)),
    )
}

#[test]
fn tag_m4_a_two_three_or_four_must_be_thrown_to_go_down_into_the_opposing_lower_field() {
    // The throw that carries the piece across counts (A-TAG-4 default: crossing-throw).
    let g = game(RULES, &[]);
    let s = pos(&g, &twigs_before_the_descent("5/5#0"));
    assert_eq!(moves(&g, &s), ["11:5 twigs_upper.9>twigs_upper.4"]);
    assert_eq!(refuse(&g, &s, "12:5"), "TAG-M4");
    let s = pos(&g, &twigs_before_the_descent("6/6#0"));
    assert_eq!(refuse(&g, &s, "12:6"), "TAG-M4");
    let s = pos(&g, &twigs_before_the_descent("3/3#0"));
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 twigs_upper.9>twigs_upper.6",
            "12:3 shells_upper.11>shells_lower.11"
        ]
    );
    let s = pos(&g, &twigs_before_the_descent("2/2#0"));
    assert_eq!(
        moves(&g, &s),
        [
            "11:2 twigs_upper.9>twigs_upper.7",
            // A 2 may also take the unreleased shells piece there (TAG-C4).
            "12:2 shells_upper.11>shells_lower.12",
            "12:2x shells_upper.11>shells_lower.12"
        ]
    );
}

#[test]
fn tag_m5_a_team_may_not_have_two_pieces_on_one_place() {
    let g = game(RULES, &[]);
    let s = pos(&g, &twigs_four_and_three());
    assert_eq!(refuse(&g, &s, "11:4"), "TAG-M5");
    assert!(!moves(&g, &s).iter().any(|m| m.starts_with("11:4 ")));
}

// ---------------------------------------------------------------------------------------
// Taking

#[test]
fn tag_c1_a_piece_landing_on_an_opposing_piece_may_take_it() {
    let g = game(RULES, &[]);
    let position = race(
        "twigs 1 move | throws 1/1/61 turns 40",
        "3/3#0",
        &format!(
            "{} +twigs_upper.8 +shells_upper.3",
            holes("twigs_lower", 1, 10)
        ),
        &format!("+twigs_upper.5 {}", holes("shells_lower", 2, 12)),
    );
    let mut s = pos(&g, &position);
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 twigs_upper.8>twigs_upper.5",
            "11:3x twigs_upper.8>twigs_upper.5",
            "12:3 shells_upper.3>shells_upper.6"
        ]
    );
    let mut declined = s.clone();
    play(&g, &mut s, "11:3x");
    assert_eq!(
        pieces(&g, &s, "shells"),
        format!("x {}", holes("shells_lower", 2, 12))
    );
    // Declined, the two pieces share the place (A-TAG-6 default: cohabit).
    play(&g, &mut declined, "11:3");
    assert_eq!(
        pieces(&g, &declined, "shells"),
        format!("+twigs_upper.5 {}", holes("shells_lower", 2, 12))
    );
    assert_eq!(
        pieces(&g, &declined, "twigs"),
        format!(
            "{} +twigs_upper.5 +shells_upper.3",
            holes("twigs_lower", 1, 10)
        )
    );
}

/// Shells pieces on the far end of the twigs' upper field and the far end of their own.
fn upper_ends() -> String {
    race(
        "twigs 1 move | throws 1/1/61 turns 40",
        "3/3#0",
        &format!(
            "{} +twigs_upper.4 +shells_upper.9",
            holes("twigs_lower", 1, 10)
        ),
        &format!(
            "+twigs_upper.1 +shells_upper.12 {}",
            holes("shells_lower", 3, 12)
        ),
    )
}

#[test]
fn tag_c2_no_taking_on_the_first_and_last_places_of_the_upper_fields_both_share() {
    let g = game(RULES, &[]);
    let want = [
        "11:3 twigs_upper.4>twigs_upper.1",
        "12:3 shells_upper.9>shells_upper.12",
    ];
    let s = pos(&g, &upper_ends());
    assert_eq!(moves(&g, &s), want);
    // Sharing there holds even where a blocked landing is otherwise illegal (A-TAG-6).
    let g = game(RULES, &[("A-TAG-6", "illegal")]);
    let mut s = pos(&g, &upper_ends());
    assert_eq!(moves(&g, &s), want);
    play(&g, &mut s, "11:3");
    assert_eq!(
        pieces(&g, &s, "shells"),
        format!(
            "+twigs_upper.1 +shells_upper.12 {}",
            holes("shells_lower", 3, 12)
        )
    );
}

#[test]
fn tag_c3_no_taking_in_the_takers_own_lower_field() {
    // Whose lower field: the taker's (A-TAG-5 default: attacker).
    let g = game(RULES, &[]);
    let s = pos(&g, &twigs_in_own_lower());
    assert_eq!(
        moves(&g, &s),
        [
            "10:3 twigs_upper.3>shells_upper.1",
            "12:3 shells_upper.9>shells_upper.12",
            "9:3 twigs_lower.9>twigs_lower.12"
        ]
    );
    let g = game(RULES, &[("A-TAG-6", "illegal")]);
    let s = pos(&g, &twigs_in_own_lower());
    assert_eq!(refuse(&g, &s, "9:3"), "TAG-C3");
}

#[test]
fn tag_c4_in_the_opposing_lower_field_only_a_two_takes() {
    let g = game(RULES, &[]);
    let s = pos(&g, &shells_descending("2/2#0"));
    assert_eq!(
        moves(&g, &s),
        [
            "1:2 twigs_upper.1>twigs_lower.2",
            "1:2x twigs_upper.1>twigs_lower.2"
        ]
    );
    let mut taken = s.clone();
    play(&g, &mut taken, "1:2x");
    assert_eq!(
        pieces(&g, &taken, "twigs"),
        format!(
            "twigs_lower.1 x {} +twigs_upper.3 +shells_upper.6",
            holes("twigs_lower", 3, 10)
        )
    );
    // A 3, a 4, or both together land there without taking (A-TAG-6 default: cohabit).
    let s = pos(&g, &shells_descending("3/3#0"));
    assert_eq!(moves(&g, &s), ["1:3 twigs_upper.1>twigs_lower.3"]);
    let s = pos(
        &g,
        &shells_descending("4/4#0 3/3#1").replace("throws 1/1/61", "throws 2/2/62"),
    );
    assert_eq!(
        moves(&g, &s),
        [
            "1:3 twigs_upper.1>twigs_lower.3",
            "1:4 twigs_upper.1>twigs_lower.4",
            "1:4+3 twigs_upper.1>twigs_lower.7"
        ]
    );
    let g = game(RULES, &[("A-TAG-6", "illegal")]);
    let s = pos(&g, &shells_descending("3/3#0"));
    assert_eq!(refuse(&g, &s, "1:3"), "TAG-C4");
}

// ---------------------------------------------------------------------------------------
// Finish

#[test]
fn tag_f1_taking_the_last_opposing_piece_in_the_race_wins() {
    let g = game(RULES, &[]);
    let mut s = pos(
        &g,
        &race(
            "twigs 1 move | throws 1/1/201 turns 150",
            "3/3#0",
            &format!(
                "{} +twigs_upper.8 +shells_upper.3",
                holes("twigs_lower", 1, 10)
            ),
            &format!("+twigs_upper.5 {}", ["x"; 11].join(" ")),
        ),
    );
    play(&g, &mut s, "11:3x");
    assert_eq!(g.winner(&s), Some(TeamId::FIRST));
    assert_eq!(ending_rule(&g, &s), "TAG-F1");
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 over twigs | throws 1/1/201 turns 150 moved 11 | pool 3/3#0=11"
    );
    assert_eq!(pieces(&g, &s, "shells"), ["x"; 12].join(" "));
}

/// From `seig playout rules/seig-tagent.seig --trace --seed 2`, throw 372: twigs piece 1 is
/// the last piece any opposing piece can still reach.
const LAST_REACHABLE: &str = "race | twigs 2 move | throws 1/2/372 turns 241 last 8:3 | pool 3/3#0 | twigs: +twigs_upper.3 +shells_upper.7 +shells_upper.2 x +shells_lower.11 +shells_lower.6 +shells_upper.4 +shells_upper.12 +shells_upper.8 +shells_upper.6 +shells_upper.11 +shells_upper.9 | shells: +twigs_upper.1 +twigs_upper.5 +twigs_upper.4 x x +twigs_upper.10 +twigs_lower.1 +twigs_upper.2 +twigs_upper.8 x +twigs_upper.12 +twigs_lower.5";

#[test]
fn tag_f2_when_no_more_taking_is_possible_each_four_takes_an_opposing_piece_out() {
    let g = game(RULES, &[]);
    // Moving another piece leaves twigs piece 1 in reach: the race goes on.
    let mut s = pos(&g, LAST_REACHABLE);
    play(&g, &mut s, "2:3");
    assert_eq!(
        head(&g, &s),
        "race | shells 1 throw | throws 0/0/372 turns 242 last 8:3 | pool -"
    );
    // Moving it past every opposing piece ends the race.
    let mut s = pos(&g, LAST_REACHABLE);
    play(&g, &mut s, "1:3");
    assert_eq!(
        head(&g, &s),
        "combat | shells 1 throw | throws 0/0/372 turns 242 last 8:3 | pool -"
    );
    let twigs = pieces(&g, &s, "twigs");
    // No more moves: any throw but a 4 does nothing; the turn passes but after a Seig
    // (A-TAG-15 default: a Seig throws again as in the race).
    for v in [1, 2, 3, 5, 6, 7, 8, 0] {
        let mut t = s.clone();
        throw(&g, &mut t, v);
        let next = if matches!(v, 1 | 7) {
            "shells 1 throw again"
        } else {
            "shells 2 throw"
        };
        assert_eq!(
            head(&g, &t).split(" | ").nth(1).unwrap(),
            next,
            "a throw of {v}"
        );
        assert_eq!(pieces(&g, &t, "twigs"), twigs);
    }
    // A 4 takes an opposing piece out (and throws again, A-TAG-15 default).
    throw(&g, &mut s, 4);
    assert_eq!(
        pieces(&g, &s, "twigs"),
        "x +shells_upper.7 +shells_upper.2 x +shells_lower.11 +shells_lower.6 +shells_upper.4 +shells_upper.12 +shells_upper.8 +shells_upper.6 +shells_upper.11 +shells_upper.9"
    );
    throw(&g, &mut s, 4);
    assert_eq!(
        pieces(&g, &s, "twigs"),
        "x x +shells_upper.2 x +shells_lower.11 +shells_lower.6 +shells_upper.4 +shells_upper.12 +shells_upper.8 +shells_upper.6 +shells_upper.11 +shells_upper.9"
    );
}

/// The taking-out phase, twigs to throw; shells have one piece left.
fn combat_twigs_to_throw() -> String {
    format!(
        "combat | twigs 1 throw | throws 0/0/400 turns 260 | pool - | twigs: {} +shells_upper.2 +shells_lower.6 +shells_upper.9 | shells: {} +twigs_upper.5",
        ["x"; 9].join(" "),
        ["x"; 11].join(" ")
    )
}

#[test]
fn tag_f3_the_team_that_takes_all_the_opposing_pieces_wins() {
    let g = game(RULES, &[]);
    let mut s = pos(&g, &combat_twigs_to_throw());
    throw(&g, &mut s, 4);
    assert_eq!(g.winner(&s), Some(TeamId::FIRST));
    // Credited to the combat's win, not the race's (TAG-F1 is limited to the race).
    assert_eq!(ending_rule(&g, &s), "TAG-F3");
    assert_eq!(pieces(&g, &s, "shells"), ["x"; 12].join(" "));
    // Any other throw leaves the game going.
    let mut s = pos(&g, &combat_twigs_to_throw());
    throw(&g, &mut s, 3);
    assert_eq!(g.winner(&s), None);
}

// ---------------------------------------------------------------------------------------
// Readings: one test per option, on the same position

/// Twigs seat 2 about to throw: seat 1 of the team has thrown already.
fn second_seat_to_throw() -> String {
    twigs_to_throw().replace(
        "twigs 1 throw | throws 0/0/40 turns 30",
        "twigs 2 throw | throws 0/1/40 turns 31",
    )
}

#[test]
fn a_tag_1_player_a_two_first_in_the_second_seats_turn_moves_two() {
    let g = game(RULES, &[("A-TAG-1", "player")]);
    let mut s = pos(&g, &second_seat_to_throw());
    throw(&g, &mut s, 2);
    assert_eq!(
        head(&g, &s),
        "race | twigs 2 move | throws 1/2/41 turns 31 last 8:2 | pool 2/2#0"
    );
    assert_eq!(moves(&g, &s), ["12:2 twigs_upper.5>twigs_upper.3"]);
}

#[test]
fn a_tag_1_whole_team_a_two_after_the_team_mates_throws_negates() {
    let g = game(RULES, &[("A-TAG-1", "whole-team")]);
    let mut s = pos(&g, &second_seat_to_throw());
    throw(&g, &mut s, 2);
    assert_eq!(
        head(&g, &s),
        "race | shells 1 throw | throws 0/0/41 turns 32 last 8:2 | pool -"
    );
    assert_eq!(
        pieces(&g, &s, "twigs"),
        format!("{} +twigs_upper.5", holes("twigs_lower", 1, 11))
    );
    // The team's first throw still moves two.
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 2);
    assert_eq!(moves(&g, &s), ["12:2 twigs_upper.5>twigs_upper.3"]);
}

#[test]
fn a_tag_2_as_written_a_four_adds_three() {
    let g = game(RULES, &[("A-TAG-2", "as-written")]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 4);
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 throw again | throws 1/1/41 turns 30 last 8:4 | pool 3/4#0"
    );
    throw(&g, &mut s, 3);
    // Two different throws of three places each.
    assert_eq!(
        moves(&g, &s),
        [
            "12:3 twigs_upper.5>twigs_upper.2",
            "12:3 twigs_upper.5>twigs_upper.2",
            "12:3+3 twigs_upper.5>shells_upper.2"
        ]
    );
}

#[test]
fn a_tag_2_slip_a_four_adds_four() {
    let g = game(RULES, &[("A-TAG-2", "slip")]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 4);
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 throw again | throws 1/1/41 turns 30 last 8:4 | pool 4/4#0"
    );
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "12:3 twigs_upper.5>twigs_upper.2",
            "12:4 twigs_upper.5>twigs_upper.1",
            "12:4+3 twigs_upper.5>shells_upper.3"
        ]
    );
}

#[test]
fn a_tag_3_none_a_zero_does_nothing_and_the_turn_passes() {
    let g = game(RULES, &[("A-TAG-3", "none")]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 0);
    assert_eq!(
        head(&g, &s),
        "race | twigs 2 throw | throws 0/1/41 turns 31 last 8:0 | pool -"
    );
}

#[test]
fn a_tag_3_as_eight_a_zero_releases_eight_and_throws_again() {
    let g = game(RULES, &[("A-TAG-3", "as-eight")]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 0);
    assert_eq!(
        head(&g, &s),
        format!(
            "race | twigs 1 throw again | throws 1/1/41 turns 30 bind 0 last 8:0 | pool {}",
            ["r0/0#0"; 8].join(" ")
        )
    );
}

/// Twigs to move a 4 and a 5 (or a 4 and a 6), piece 12 on the shells' upper field.
fn twigs_pooled_descent(pool: &str, at: &str) -> String {
    race(
        "twigs 1 move | throws 2/2/62 turns 40",
        pool,
        &format!("{} +twigs_upper.9 +{at}", holes("twigs_lower", 1, 10)),
        &format!("+twigs_upper.1 {}", holes("shells_lower", 2, 12)),
    )
}

#[test]
fn a_tag_4_crossing_throw_the_throw_that_carries_the_piece_down_must_be_two_three_or_four() {
    let g = game(RULES, &[("A-TAG-4", "crossing-throw")]);
    let s = pos(&g, &twigs_pooled_descent("4/4#0 5/5#1", "shells_upper.10"));
    // 4+5: the 4 carries it down, then the 5 goes on in the lower field.
    assert_eq!(
        moves(&g, &s),
        [
            "11:4 twigs_upper.9>twigs_upper.5",
            "11:4+5 twigs_upper.9>shells_upper.1",
            "11:5 twigs_upper.9>twigs_upper.4",
            "12:4 shells_upper.10>shells_lower.11",
            "12:4+5 shells_upper.10>shells_lower.6"
        ]
    );
    // 6 then 4: the 4 crosses (the other order would cross with the 6).
    let s = pos(&g, &twigs_pooled_descent("4/4#0 6/6#1", "shells_upper.3"));
    assert_eq!(
        moves(&g, &s),
        [
            "11:4 twigs_upper.9>twigs_upper.5",
            "11:4+6 twigs_upper.9>shells_upper.2",
            "11:6 twigs_upper.9>twigs_upper.3",
            "12:4 shells_upper.3>shells_upper.7",
            "12:4+6 shells_upper.3>shells_lower.12",
            "12:6 shells_upper.3>shells_upper.9"
        ]
    );
}

#[test]
fn a_tag_4_move_total_the_whole_move_must_be_two_three_or_four() {
    let g = game(RULES, &[("A-TAG-4", "move-total")]);
    let s = pos(&g, &twigs_pooled_descent("4/4#0 5/5#1", "shells_upper.10"));
    assert_eq!(
        moves(&g, &s),
        [
            "11:4 twigs_upper.9>twigs_upper.5",
            "11:4+5 twigs_upper.9>shells_upper.1",
            "11:5 twigs_upper.9>twigs_upper.4",
            "12:4 shells_upper.10>shells_lower.11"
        ]
    );
    assert_eq!(refuse(&g, &s, "12:4+5"), "TAG-M4");
    let s = pos(&g, &twigs_pooled_descent("4/4#0 6/6#1", "shells_upper.3"));
    assert_eq!(
        moves(&g, &s),
        [
            "11:4 twigs_upper.9>twigs_upper.5",
            "11:4+6 twigs_upper.9>shells_upper.2",
            "11:6 twigs_upper.9>twigs_upper.3",
            "12:4 shells_upper.3>shells_upper.7",
            "12:6 shells_upper.3>shells_upper.9"
        ]
    );
}

#[test]
fn a_tag_4_per_step_every_throw_of_the_move_down_must_be_two_three_or_four() {
    let g = game(RULES, &[("A-TAG-4", "per-step")]);
    // 4+5: the 4 would carry the piece down, but the 5 is a step of the same move.
    let s = pos(&g, &twigs_pooled_descent("4/4#0 5/5#1", "shells_upper.10"));
    assert_eq!(
        moves(&g, &s),
        [
            "11:4 twigs_upper.9>twigs_upper.5",
            "11:4+5 twigs_upper.9>shells_upper.1",
            "11:5 twigs_upper.9>twigs_upper.4",
            "12:4 shells_upper.10>shells_lower.11"
        ]
    );
    assert_eq!(refuse(&g, &s, "12:4+5"), "TAG-M4");
    // 4 and 6 from shells_upper.3: the 4 alone stays above; 4+6 goes down with a 6 in it.
    let s = pos(&g, &twigs_pooled_descent("4/4#0 6/6#1", "shells_upper.3"));
    assert_eq!(
        moves(&g, &s),
        [
            "11:4 twigs_upper.9>twigs_upper.5",
            "11:4+6 twigs_upper.9>shells_upper.2",
            "11:6 twigs_upper.9>twigs_upper.3",
            "12:4 shells_upper.3>shells_upper.7",
            "12:6 shells_upper.3>shells_upper.9"
        ]
    );
    assert_eq!(refuse(&g, &s, "12:4+6"), "TAG-M4");
}

#[test]
fn a_tag_5_attacker_no_taking_in_the_takers_own_lower_field() {
    let g = game(RULES, &[("A-TAG-5", "attacker")]);
    // Shells take twigs in the twigs' lower field with a 2 (TAG-C4).
    let s = pos(&g, &shells_descending("2/2#0"));
    assert_eq!(
        moves(&g, &s),
        [
            "1:2 twigs_upper.1>twigs_lower.2",
            "1:2x twigs_upper.1>twigs_lower.2"
        ]
    );
    // Twigs do not take shells in the twigs' lower field.
    let s = pos(&g, &twigs_in_own_lower());
    assert_eq!(
        moves(&g, &s),
        [
            "10:3 twigs_upper.3>shells_upper.1",
            "12:3 shells_upper.9>shells_upper.12",
            "9:3 twigs_lower.9>twigs_lower.12"
        ]
    );
}

#[test]
fn a_tag_5_victim_no_taking_a_piece_in_its_own_lower_field() {
    let g = game(RULES, &[("A-TAG-5", "victim")]);
    let s = pos(&g, &shells_descending("2/2#0"));
    assert_eq!(moves(&g, &s), ["1:2 twigs_upper.1>twigs_lower.2"]);
    let s = pos(&g, &twigs_in_own_lower());
    assert_eq!(
        moves(&g, &s),
        [
            "10:3 twigs_upper.3>shells_upper.1",
            "12:3 shells_upper.9>shells_upper.12",
            "9:3 twigs_lower.9>twigs_lower.12",
            "9:3x twigs_lower.9>twigs_lower.12"
        ]
    );
}

#[test]
fn a_tag_5_both_no_taking_in_either_lower_field() {
    let g = game(RULES, &[("A-TAG-5", "both")]);
    let s = pos(&g, &shells_descending("2/2#0"));
    assert_eq!(moves(&g, &s), ["1:2 twigs_upper.1>twigs_lower.2"]);
    let s = pos(&g, &twigs_in_own_lower());
    assert_eq!(
        moves(&g, &s),
        [
            "10:3 twigs_upper.3>shells_upper.1",
            "12:3 shells_upper.9>shells_upper.12",
            "9:3 twigs_lower.9>twigs_lower.12"
        ]
    );
}

#[test]
fn a_tag_6_cohabit_a_piece_not_taken_shares_the_place() {
    let g = game(RULES, &[("A-TAG-6", "cohabit")]);
    let s = pos(&g, &shells_descending("2/2#0"));
    assert_eq!(
        moves(&g, &s),
        [
            "1:2 twigs_upper.1>twigs_lower.2",
            "1:2x twigs_upper.1>twigs_lower.2"
        ]
    );
    let mut s = pos(&g, &shells_descending("3/3#0"));
    assert_eq!(moves(&g, &s), ["1:3 twigs_upper.1>twigs_lower.3"]);
    play(&g, &mut s, "1:3");
    assert_eq!(
        pieces(&g, &s, "shells"),
        format!("+twigs_lower.3 {}", holes("shells_lower", 2, 12))
    );
    assert_eq!(
        pieces(&g, &s, "twigs"),
        format!(
            "{} +twigs_upper.3 +shells_upper.6",
            holes("twigs_lower", 1, 10)
        )
    );
}

#[test]
fn a_tag_6_illegal_a_piece_may_not_land_where_it_does_not_take() {
    let g = game(RULES, &[("A-TAG-6", "illegal")]);
    let s = pos(&g, &shells_descending("2/2#0"));
    assert_eq!(moves(&g, &s), ["1:2x twigs_upper.1>twigs_lower.2"]);
    assert_eq!(refuse(&g, &s, "1:2"), "TAG-C1");
    let s = pos(&g, &shells_descending("3/3#0"));
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(refuse(&g, &s, "1:3"), "TAG-C4");
}

#[test]
fn a_tag_20_takeable_a_waiting_piece_is_taken_like_any_other() {
    // The twigs' pieces on twigs_lower.1-10 still wait for their release; the shells piece
    // on twigs_upper.1 comes down onto twigs_lower.2 with a 2 (TAG-C4).
    let g = game(RULES, &[("A-TAG-20", "takeable")]);
    let s = pos(&g, &shells_descending("2/2#0"));
    assert_eq!(
        moves(&g, &s),
        [
            "1:2 twigs_upper.1>twigs_lower.2",
            "1:2x twigs_upper.1>twigs_lower.2"
        ]
    );
}

#[test]
fn a_tag_20_immune_a_waiting_piece_cannot_be_taken() {
    let g = game(RULES, &[("A-TAG-20", "immune")]);
    let s = pos(&g, &shells_descending("2/2#0"));
    // The shells piece shares the place (A-TAG-6 default: cohabit).
    assert_eq!(moves(&g, &s), ["1:2 twigs_upper.1>twigs_lower.2"]);
    assert_eq!(refuse(&g, &s, "1:2x"), "TAG-C1");
    // Under A-TAG-6 = illegal it may not land there at all.
    let g = game(RULES, &[("A-TAG-20", "immune"), ("A-TAG-6", "illegal")]);
    let s = pos(&g, &shells_descending("2/2#0"));
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(refuse(&g, &s, "1:2"), "TAG-C1");
}

#[test]
fn a_tag_21_kept_a_later_two_keeps_the_seig_step() {
    let g = game(RULES, &[("A-TAG-21", "kept")]);
    let mut s = pos(&g, &twigs_to_throw());
    for v in [1, 4, 2] {
        throw(&g, &mut s, v);
    }
    assert_eq!(moves(&g, &s), ["11:r1 twigs_lower.11>twigs_lower.12"]);
}

#[test]
fn a_tag_21_negated_a_later_two_leaves_the_seig_piece_released_in_place() {
    let g = game(RULES, &[("A-TAG-21", "negated")]);
    let mut s = pos(&g, &twigs_to_throw());
    for v in [1, 4, 2] {
        throw(&g, &mut s, v);
    }
    // The release entry keeps no place (`r0`).
    assert_eq!(moves(&g, &s), ["11:r0 twigs_lower.11>twigs_lower.11"]);
    play(&g, &mut s, "11:r0");
    assert_eq!(
        pieces(&g, &s, "twigs"),
        format!(
            "{} +twigs_lower.11 +twigs_upper.5",
            holes("twigs_lower", 1, 10)
        )
    );
    // A 2 as the turn's first throw still moves (TAG-T2's first line).
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 2);
    assert_eq!(moves(&g, &s), ["12:2 twigs_upper.5>twigs_upper.3"]);
}

#[test]
fn a_tag_7_foremost_a_seig_releases_the_front_piece() {
    let g = game(RULES, &[("A-TAG-7", "foremost")]);
    let mut s = pos(&g, &twigs_gap_to_throw());
    throw(&g, &mut s, 1);
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "9:r1 twigs_lower.9>twigs_lower.10",
            "9:r1+3 twigs_lower.9>twigs_upper.12"
        ]
    );
}

#[test]
fn a_tag_7_choice_a_seig_releases_any_piece() {
    let g = game(RULES, &[("A-TAG-7", "choice")]);
    let mut s = pos(&g, &twigs_gap_to_throw());
    throw(&g, &mut s, 1);
    throw(&g, &mut s, 3);
    // Piece 3 can step into the gap, pieces 6-8 jump into the empty holes with the 3; the
    // others would land on their own neighbours, and are released where they stand
    // (A-TAG-11 default: in-place).
    assert_eq!(
        moves(&g, &s),
        [
            "1:r1 twigs_lower.1>twigs_lower.1",
            "2:r1 twigs_lower.2>twigs_lower.2",
            "3:r1 twigs_lower.3>twigs_lower.4",
            "5:r1 twigs_lower.5>twigs_lower.5",
            "6:r1 twigs_lower.6>twigs_lower.6",
            "6:r1+3 twigs_lower.6>twigs_lower.10",
            "7:r1 twigs_lower.7>twigs_lower.7",
            "7:r1+3 twigs_lower.7>twigs_lower.11",
            "8:r1 twigs_lower.8>twigs_lower.8",
            "8:r1+3 twigs_lower.8>twigs_lower.12",
            "9:r1 twigs_lower.9>twigs_lower.10",
            "9:r1+3 twigs_lower.9>twigs_upper.12"
        ]
    );
}

/// Shells about to throw in the opening; and shells to move a 3 on the summit.
fn shells_opening() -> String {
    format!(
        "opening | shells 1 throw | throws 0/0/3 turns 3 last 7:4 | pool - | twigs: {} | shells: {}",
        holes("twigs_lower", 1, 12),
        holes("shells_lower", 1, 12)
    )
}

fn shells_on_the_summit() -> String {
    race(
        "shells 1 move | throws 1/1/61 turns 40",
        "3/3#0",
        &format!(
            "{} +twigs_upper.9 +shells_upper.11",
            holes("twigs_lower", 1, 10)
        ),
        &format!(
            "+twigs_upper.6 {} +shells_upper.4",
            holes("shells_lower", 2, 11)
        ),
    )
}

#[test]
fn a_tag_8_chase_both_teams_run_the_summit_the_same_way() {
    let g = game(RULES, &[("A-TAG-8", "chase")]);
    let mut s = pos(&g, &shells_opening());
    g.apply_throw(&mut s, 1, &mut Vec::new()).unwrap();
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "1:r1 shells_lower.1>shells_upper.1",
            "1:r1+3 shells_lower.1>shells_upper.4"
        ]
    );
    let s = pos(&g, &shells_on_the_summit());
    assert_eq!(
        moves(&g, &s),
        [
            "12:3 shells_upper.4>shells_upper.7",
            "1:3 twigs_upper.6>twigs_upper.3"
        ]
    );
}

#[test]
fn a_tag_8_head_on_the_teams_meet_on_the_summit() {
    let g = game(RULES, &[("A-TAG-8", "head-on")]);
    let mut s = pos(&g, &shells_opening());
    g.apply_throw(&mut s, 1, &mut Vec::new()).unwrap();
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "12:r1 shells_lower.12>shells_upper.12",
            "12:r1+3 shells_lower.12>shells_upper.9"
        ]
    );
    // Shells piece 1 runs toward twigs piece 11, taking it with the 3.
    let s = pos(&g, &shells_on_the_summit());
    assert_eq!(
        moves(&g, &s),
        [
            "12:3 shells_upper.4>shells_upper.1",
            "1:3 twigs_upper.6>twigs_upper.9",
            "1:3x twigs_upper.6>twigs_upper.9"
        ]
    );
}

#[test]
fn a_tag_9_bound_the_throw_after_a_seig_moves_the_released_piece() {
    // A-TAG-10 several, so that the released piece may take the 3 in a move of its own.
    let g = game(RULES, &[("A-TAG-9", "bound"), ("A-TAG-10", "several")]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 1);
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "11:r1 twigs_lower.11>twigs_lower.12",
            "11:r1+3 twigs_lower.11>twigs_upper.10"
        ]
    );
    play(&g, &mut s, "11:r1");
    assert_eq!(moves(&g, &s), ["11:3 twigs_lower.12>twigs_upper.10"]);
    assert_eq!(refuse(&g, &s, "12:3"), "TAG-P2");
}

#[test]
fn a_tag_9_free_the_throw_after_a_seig_joins_the_pool() {
    // A-TAG-10 several, so that the released piece may take the 3 in a move of its own.
    let g = game(RULES, &[("A-TAG-9", "free"), ("A-TAG-10", "several")]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 1);
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "11:r1 twigs_lower.11>twigs_lower.12",
            "11:r1+3 twigs_lower.11>twigs_upper.10",
            "12:3 twigs_upper.5>twigs_upper.2"
        ]
    );
    play(&g, &mut s, "11:r1");
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 twigs_lower.12>twigs_upper.10",
            "12:3 twigs_upper.5>twigs_upper.2"
        ]
    );
}

#[test]
fn r_tag_1_stay_pieces_released_together_stay_in_place() {
    let g = game(RULES, &[("A-TAG-23", "front-most"), ("R-TAG-1", "stay")]);
    let mut s = g.initial_state();
    g.apply_throw(&mut s, 7, &mut Vec::new()).unwrap();
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "12:r0 twigs_lower.12>twigs_lower.12",
            "12:r0+3 twigs_lower.12>twigs_upper.10"
        ]
    );
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 8);
    assert_eq!(
        head(&g, &s),
        format!(
            "race | twigs 1 throw again | throws 1/1/41 turns 30 bind 0 last 8:8 | pool {}",
            ["r0/8#0"; 8].join(" ")
        )
    );
}

#[test]
fn r_tag_1_step_pieces_released_together_each_move_one_place() {
    let g = game(RULES, &[("A-TAG-23", "front-most"), ("R-TAG-1", "step")]);
    let mut s = g.initial_state();
    g.apply_throw(&mut s, 7, &mut Vec::new()).unwrap();
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "12:r1 twigs_lower.12>twigs_upper.12",
            "12:r1+3 twigs_lower.12>twigs_upper.9"
        ]
    );
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 8);
    assert_eq!(
        head(&g, &s),
        format!(
            "race | twigs 1 throw again | throws 1/1/41 turns 30 bind 0 last 8:8 | pool {}",
            ["r1/8#0"; 8].join(" ")
        )
    );
}

/// Twigs to throw with every piece released.
fn all_released_to_throw() -> String {
    race(
        "twigs 1 throw | throws 0/0/300 turns 200",
        "-",
        &format!("{} +twigs_upper.5 +shells_upper.3", ["x"; 10].join(" ")),
        &format!("+shells_upper.8 {}", ["x"; 11].join(" ")),
    )
}

#[test]
fn r_tag_2_rethrow_a_seig_with_nothing_to_release_only_throws_again() {
    let g = game(RULES, &[("R-TAG-2", "rethrow")]);
    for v in [1, 7] {
        let mut s = pos(&g, &all_released_to_throw());
        throw(&g, &mut s, v);
        assert_eq!(
            head(&g, &s),
            format!("race | twigs 1 throw again | throws 1/1/301 turns 200 last 8:{v} | pool -")
        );
        throw(&g, &mut s, 3);
        assert_eq!(
            moves(&g, &s),
            [
                "11:3 twigs_upper.5>twigs_upper.2",
                "12:3 shells_upper.3>shells_upper.6"
            ]
        );
    }
}

#[test]
fn r_tag_2_step_a_seig_with_nothing_to_release_adds_one_place() {
    let g = game(RULES, &[("R-TAG-2", "step")]);
    for v in [1, 7] {
        let mut s = pos(&g, &all_released_to_throw());
        throw(&g, &mut s, v);
        assert_eq!(
            head(&g, &s),
            format!(
                "race | twigs 1 throw again | throws 1/1/301 turns 200 last 8:{v} | pool 1/{v}#0"
            )
        );
        throw(&g, &mut s, 3);
        assert_eq!(
            moves(&g, &s),
            [
                "11:1 twigs_upper.5>twigs_upper.4",
                "11:1+3 twigs_upper.5>twigs_upper.1",
                "11:3 twigs_upper.5>twigs_upper.2",
                "12:1 shells_upper.3>shells_upper.4",
                "12:1+3 shells_upper.3>shells_upper.7",
                "12:3 shells_upper.3>shells_upper.6"
            ]
        );
    }
}

/// The taking-out phase with several pieces a side, twigs to throw.
fn combat_several() -> String {
    format!(
        "combat | twigs 1 throw | throws 0/0/400 turns 260 | pool - | twigs: {} +shells_upper.2 +shells_lower.6 +shells_upper.9 | shells: {} +twigs_upper.5 +twigs_lower.3",
        ["x"; 9].join(" "),
        ["x"; 10].join(" ")
    )
}

/// In the taking-out phase under an A-TAG-15 option: after a throw of `v`, who throws next
/// (the head of the position) and the shells left.
fn combat_after(option: &str, v: u8) -> (String, String) {
    let g = game(RULES, &[("A-TAG-15", option)]);
    let mut s = pos(&g, &combat_several());
    throw(&g, &mut s, v);
    (head(&g, &s), pieces(&g, &s, "shells"))
}

const SHELLS_ALL: &str = "x x x x x x x x x x +twigs_upper.5 +twigs_lower.3";

fn shells_less_one() -> String {
    format!("{} x +twigs_lower.3", ["x"; 10].join(" "))
}

#[test]
fn a_tag_15_alike_a_seig_and_a_four_both_throw_again_in_the_taking_out_phase() {
    let again =
        |v| format!("combat | twigs 1 throw again | throws 1/1/401 turns 260 last 8:{v} | pool -");
    assert_eq!(combat_after("alike", 4), (again(4), shells_less_one()));
    for v in [1, 7] {
        assert_eq!(
            combat_after("alike", v),
            (again(v), SHELLS_ALL.to_string()),
            "a Seig ({v})"
        );
    }
    let (h, shells) = combat_after("alike", 3);
    assert_eq!(
        h,
        "combat | twigs 2 throw | throws 0/1/401 turns 261 last 8:3 | pool -"
    );
    assert_eq!(shells, SHELLS_ALL);
}

#[test]
fn a_tag_15_four_only_a_four_throws_again_a_seig_passes_the_turn() {
    assert_eq!(
        combat_after("four-only", 4),
        (
            "combat | twigs 1 throw again | throws 1/1/401 turns 260 last 8:4 | pool -".to_string(),
            shells_less_one()
        )
    );
    for v in [1, 7] {
        assert_eq!(
            combat_after("four-only", v).0,
            format!("combat | twigs 2 throw | throws 0/1/401 turns 261 last 8:{v} | pool -"),
            "a Seig ({v})"
        );
    }
}

#[test]
fn a_tag_15_plain_a_four_in_the_taking_out_phase_ends_the_turn() {
    assert_eq!(
        combat_after("plain", 4),
        (
            "combat | twigs 2 throw | throws 0/1/401 turns 261 last 8:4 | pool -".to_string(),
            shells_less_one()
        )
    );
    for v in [1, 7] {
        assert_eq!(
            combat_after("plain", v).0,
            format!("combat | twigs 2 throw | throws 0/1/401 turns 261 last 8:{v} | pool -"),
            "a Seig ({v})"
        );
    }
}

// ---------------------------------------------------------------------------------------
// Edge cases that once were engine bugs

#[test]
fn tag_t1_two_seigs_then_a_three_the_front_piece_may_take_the_second_release_and_the_three() {
    // Pool r1/1#0 r1/1#1 3/3#2^1: the 3 is bound to the second Seig's release. The front
    // piece may be released by that Seig and moved by the 3; released by either Seig alone,
    // the two choices differ (after `#1` the 3 must follow piece 11), so they are named apart.
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    for v in [1, 1, 3] {
        throw(&g, &mut s, v);
    }
    assert_eq!(
        moves(&g, &s),
        [
            "11:r1#0 twigs_lower.11>twigs_lower.12",
            "11:r1#1 twigs_lower.11>twigs_lower.12",
            "11:r1#1+3 twigs_lower.11>twigs_upper.10"
        ]
    );
    // The move notation without the throw picks the legal reading of it.
    play(&g, &mut s, "11:r1+3");
    assert!(note(&g, &s).contains("r1/1#1=11"), "{}", note(&g, &s));
}

#[test]
fn tag_p2_twenty_pooled_throws_are_still_divided_among_pieces() {
    // Two 8s, three 4s and a 3 give 20 entries; A-TAG-9 free keeps binding out of it, and
    // A-TAG-14-which front-most the releases to one piece (the list short).
    let g = game(
        RULES,
        &[("A-TAG-9", "free"), ("A-TAG-14-which", "front-most")],
    );
    let mut s = pos(&g, &twigs_to_throw().replace(" +twigs_upper.5 |", " x |"));
    for v in [8, 8, 4, 4, 4, 3] {
        throw(&g, &mut s, v);
    }
    let mut want = strings(&[
        "11:r0 twigs_lower.11>twigs_lower.11",
        "11:r0+3 twigs_lower.11>twigs_upper.11",
        "11:r0+4 twigs_lower.11>twigs_upper.10",
        "11:r0+4+3 twigs_lower.11>twigs_upper.7",
        "11:r0+4+4 twigs_lower.11>twigs_upper.6",
        "11:r0+4+4+3 twigs_lower.11>twigs_upper.3",
        "11:r0+4+4+4 twigs_lower.11>twigs_upper.2",
        "11:r0+4+4+4+3 twigs_lower.11>shells_upper.2",
    ]);
    want.sort();
    assert_eq!(moves(&g, &s), want);
}

#[test]
fn a_tag_9_bound_after_seven_released_the_throw_may_move_any_of_them() {
    // TAG-S5: "to see how far she may move any of the released pieces"; the rule file's
    // A-TAG-9 bound: "after a release of several pieces, one of them".
    // A-TAG-10 several: pieces 11 and 12, released alone, may still take the 3.
    let g = game(
        RULES,
        &[
            ("A-TAG-23", "front-most"),
            ("A-TAG-9", "bound"),
            ("A-TAG-10", "several"),
        ],
    );
    let mut s = g.initial_state();
    g.apply_throw(&mut s, 7, &mut Vec::new()).unwrap();
    throw(&g, &mut s, 3);
    play(&g, &mut s, "12:r0");
    play(&g, &mut s, "11:r0");
    assert_eq!(
        moves(&g, &s),
        [
            // Piece 10, released by the same throw, may take the 3 too.
            "10:r0 twigs_lower.10>twigs_lower.10",
            "10:r0+3 twigs_lower.10>twigs_upper.12",
            "11:3 twigs_lower.11>twigs_upper.11",
            "12:3 twigs_lower.12>twigs_upper.10"
        ]
    );
    // Under A-TAG-10 one they have had their move: only piece 10 may take it.
    let g = game(
        RULES,
        &[
            ("A-TAG-23", "front-most"),
            ("A-TAG-9", "bound"),
            ("A-TAG-10", "one"),
        ],
    );
    let mut s = g.initial_state();
    g.apply_throw(&mut s, 7, &mut Vec::new()).unwrap();
    throw(&g, &mut s, 3);
    play(&g, &mut s, "12:r0");
    play(&g, &mut s, "11:r0");
    assert_eq!(
        moves(&g, &s),
        [
            "10:r0 twigs_lower.10>twigs_lower.10",
            "10:r0+3 twigs_lower.10>twigs_upper.12"
        ]
    );
}

#[test]
fn tag_t8_four_eights_then_a_three_in_one_turn_are_all_thrown() {
    // Each 8 releases 8 pieces and throws again (TAG-T8); a fifth throw is a legal outcome of
    // the sticks, but apply_throw refuses it: "more than 32 moves pooled in one turn".
    let g = game(RULES, &[]);
    let mut s = pos(&g, &twigs_to_throw());
    for v in [8, 8, 8, 8] {
        throw(&g, &mut s, v);
    }
    let k = k_for(&g, &s, 3);
    let thrown = g.apply_throw(&mut s, k, &mut Vec::new());
    assert_eq!(thrown.map_err(|e| e.kind), Ok(()));
}

// ---------------------------------------------------------------------------------------
// Readings of the second review (issue 13): one test per option, on the same position

#[test]
fn a_tag_10_one_a_piece_moves_once_a_turn() {
    let g = game(RULES, &[("A-TAG-10", "one")]);
    let mut s = pos(&g, &twigs_four_and_three());
    play(&g, &mut s, "12:3");
    assert_eq!(moves(&g, &s), ["11:4 twigs_upper.10>twigs_upper.6"]);
    assert_eq!(refuse(&g, &s, "12:4"), "TAG-P2");
}

#[test]
fn a_tag_10_several_a_piece_may_move_again_with_an_unused_throw() {
    let g = game(RULES, &[("A-TAG-10", "several")]);
    let mut s = pos(&g, &twigs_four_and_three());
    play(&g, &mut s, "12:3");
    assert_eq!(
        moves(&g, &s),
        [
            "11:4 twigs_upper.10>twigs_upper.6",
            "12:4 twigs_upper.3>shells_upper.2"
        ]
    );
}

/// Twigs to move a Seig's release, the later throw a 2 that cancels the moves: the front
/// waiting piece (10) cannot step, piece 11 (released by an 8, not moved) stands before it;
/// piece 8 was taken, so piece 7 could step into its place.
fn twigs_blocked_release(g: &Game) -> State {
    let mut s = pos(
        g,
        &race(
            "twigs 1 throw | throws 0/0/80 turns 55",
            "-",
            &format!(
                "{} x twigs_lower.9 twigs_lower.10 +twigs_lower.11 +twigs_upper.5",
                holes("twigs_lower", 1, 7)
            ),
            &format!("+shells_upper.6 {}", holes("shells_lower", 2, 12)),
        ),
    );
    throw(g, &mut s, 1);
    throw(g, &mut s, 2);
    s
}

#[test]
fn a_tag_11_in_place_a_blocked_seig_releases_its_piece_where_it_stands() {
    let g = game(RULES, &[("A-TAG-11", "in-place")]);
    let mut s = twigs_blocked_release(&g);
    assert_eq!(moves(&g, &s), ["10:r1 twigs_lower.10>twigs_lower.10"]);
    play(&g, &mut s, "10:r1");
    assert_eq!(
        pieces(&g, &s, "twigs"),
        format!(
            "{} x twigs_lower.9 +twigs_lower.10 +twigs_lower.11 +twigs_upper.5",
            holes("twigs_lower", 1, 7)
        )
    );
}

#[test]
fn a_tag_11_lost_a_blocked_seig_releases_nothing() {
    let g = game(RULES, &[("A-TAG-11", "lost")]);
    let s = twigs_blocked_release(&g);
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(
        pieces(&g, &s, "twigs"),
        format!(
            "{} x twigs_lower.9 twigs_lower.10 +twigs_lower.11 +twigs_upper.5",
            holes("twigs_lower", 1, 7)
        )
    );
}

#[test]
fn a_tag_11_another_a_blocked_seig_releases_the_next_piece_that_can_step() {
    let g = game(RULES, &[("A-TAG-11", "another")]);
    let s = twigs_blocked_release(&g);
    assert_eq!(moves(&g, &s), ["7:r1 twigs_lower.7>twigs_lower.8"]);
}

/// Two Seigs in one pool from different rules: the team's own first Seig (TAG-S3 under
/// A-TAG-16 = per-team), whose step may leave the lower field, and a later one (TAG-T1),
/// confined to it. With A-TAG-11 = another, the front piece takes the first and the next
/// piece that can step the second: the two entries are not interchangeable, and each is
/// listed (the generator once listed only the first, while the second was accepted).
#[test]
fn a_tag_11_another_releases_of_two_rules_are_listed_each_with_its_own_confinement() {
    let g = game(RULES, &[("A-TAG-11", "another"), ("A-TAG-16", "per-team")]);
    let s = pos(
        &g,
        &race(
            "twigs 1 move | throws 5/5/9 turns 4 last 8:5 once twigs:1,2,3,4",
            "r1/1#0 r1/1#1@TAG-T1",
            &format!(
                "{} +twigs_upper.8 twigs_lower.12",
                holes("twigs_lower", 1, 10)
            ),
            &holes("shells_lower", 1, 12),
        ),
    );
    assert_eq!(
        moves(&g, &s),
        [
            "10:r1 twigs_lower.10>twigs_lower.11",
            "12:r1 twigs_lower.12>twigs_upper.12"
        ]
    );
    let with = |piece: u8, entry: usize| {
        let d = Decision {
            piece,
            mask: 1 << entry,
            capture: false,
            entry: 0,
        };
        g.apply_decision(&mut s.clone(), d, &mut Quiet).is_ok()
    };
    // Pieces 12 and 10 (indices 11 and 9) with the TAG-S3 entry (0) and the TAG-T1 one (1).
    assert_eq!(
        [with(11, 0), with(9, 0), with(11, 1), with(9, 1)],
        [true, false, false, true]
    );
}

/// Walked in throw order (A-TAG-22 = thrown), a 5, two 3s and a 5 make two kinds of group
/// of a 3 and a 5: `5+3` (the first 5 first) and `3+5` (the last 5 last), which a crossing-throw gate
/// (A-TAG-4) tells apart. Each is listed as the walk judges it (the generator once took the
/// two 5s as interchangeable and listed only `5+3`, refused for piece 10, while `3+5` was
/// accepted).
#[test]
fn a_tag_22_thrown_alike_throws_apart_in_the_pool_are_walked_where_they_were_thrown() {
    let g = game(
        RULES,
        &[
            ("A-TAG-1", "whole-team"),
            ("A-TAG-2", "as-written"),
            ("A-TAG-3", "none"),
            ("A-TAG-4", "crossing-throw"),
            ("A-TAG-5", "victim"),
            ("A-TAG-6", "illegal"),
            ("A-TAG-7", "choice"),
            ("A-TAG-8", "chase"),
            ("A-TAG-9", "bound"),
            ("A-TAG-10", "one"),
            ("A-TAG-11", "in-place"),
            ("A-TAG-12", "stop"),
            ("A-TAG-13", "mark"),
            ("A-TAG-14", "move-when-none"),
            ("A-TAG-14-which", "front-most"),
            ("A-TAG-15", "alike"),
            ("R-TAG-1", "stay"),
            ("R-TAG-2", "rethrow"),
            ("R-TAG-4", "free"),
            ("A-TAG-16", "game-wide"),
            ("A-TAG-17", "forced"),
            ("A-TAG-18", "at-will"),
            ("A-TAG-19", "passed"),
            ("A-TAG-20", "immune"),
            ("A-TAG-21", "negated"),
            ("A-TAG-22", "thrown"),
            ("A-TAG-23", "front-most"),
        ],
    );
    let s = pos(
        &g,
        "race | shells 2 move | throws 4/7/294 turns 119 last 8:5 | pool 5/5#0 3/4#1 3/4#2 5/5#3 | twigs: +shells_lower.1 +shells_upper.8 +shells_lower.2 twigs_lower.4 x twigs_lower.6 x +shells_lower.3 +twigs_upper.7 twigs_lower.10 x x | shells: x x x x x x x +twigs_lower.1 x +twigs_upper.1 +twigs_upper.9 x",
    );
    let listed = moves(&g, &s);
    let of10: Vec<&String> = listed.iter().filter(|m| m.starts_with("10:")).collect();
    assert_eq!(
        of10,
        [
            "10:3 twigs_upper.1>twigs_lower.3",
            "10:3+3+5 twigs_upper.1>twigs_lower.11",
            "10:3+5 twigs_upper.1>twigs_lower.8"
        ]
    );
    // Both orders of a 5 and a 3 for piece 8; each walk listed once.
    assert!(listed.contains(&"8:5+3 twigs_lower.1>twigs_lower.9".to_string()));
    assert!(listed.contains(&"8:3+5 twigs_lower.1>twigs_lower.9".to_string()));
    let with = |mask: u64| {
        let d = Decision {
            piece: 9,
            mask,
            capture: false,
            entry: 0,
        };
        g.apply_decision(&mut s.clone(), d, &mut Quiet).is_ok()
    };
    // Piece 10 with the first 5 and a 3 (`5+3`), and with a 3 and the second 5 (`3+5`).
    assert_eq!([with(0b0011), with(0b1010)], [false, true]);
}

#[test]
fn a_tag_12_stop_a_throw_past_the_end_stops_on_the_last_place() {
    let g = game(RULES, &[("A-TAG-12", "stop")]);
    let s = pos(&g, &twigs_near_the_end("twigs_lower.1", "5/5#0"));
    assert_eq!(
        moves(&g, &s),
        [
            "11:5 shells_upper.5>shells_upper.10",
            "12:5 shells_lower.3>shells_lower.1"
        ]
    );
}

#[test]
fn a_tag_12_exact_the_last_place_needs_the_exact_count() {
    let g = game(RULES, &[("A-TAG-12", "exact")]);
    let s = pos(&g, &twigs_near_the_end("twigs_lower.1", "5/5#0"));
    assert_eq!(moves(&g, &s), ["11:5 shells_upper.5>shells_upper.10"]);
    assert_eq!(refuse(&g, &s, "12:5"), "TAG-M2");
    let s = pos(&g, &twigs_near_the_end("twigs_lower.1", "2/2#0"));
    assert_eq!(
        moves(&g, &s),
        [
            "11:2 shells_upper.5>shells_upper.7",
            "12:2 shells_lower.3>shells_lower.1"
        ]
    );
}

#[test]
fn a_tag_13_mark_released_pieces_circle_though_one_still_stands_in_the_lower_field() {
    let g = game(RULES, &[("A-TAG-13", "mark")]);
    // Piece 1 is released (by an 8) but still in the twigs' lower field.
    let s = pos(&g, &twigs_near_the_end("+twigs_lower.5", "5/5#0"));
    assert_eq!(
        moves(&g, &s),
        [
            "11:5 shells_upper.5>shells_upper.10",
            "12:5 shells_lower.3>shells_upper.3",
            "1:5 twigs_lower.5>twigs_lower.10"
        ]
    );
    // A piece on the end that is not parked (it reached it with the circle open) circles.
    let s = pos(
        &g,
        &twigs_near_the_end("+twigs_lower.5", "3/3#0").replace("shells_lower.3", "shells_lower.1"),
    );
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 shells_upper.5>shells_upper.8",
            "12:3 shells_lower.1>shells_upper.3",
            "1:3 twigs_lower.5>twigs_lower.8"
        ]
    );
}

#[test]
fn a_tag_13_left_pieces_circle_only_once_none_stands_in_the_lower_field() {
    let g = game(RULES, &[("A-TAG-13", "left")]);
    let s = pos(&g, &twigs_near_the_end("+twigs_lower.5", "5/5#0"));
    assert_eq!(
        moves(&g, &s),
        [
            "11:5 shells_upper.5>shells_upper.10",
            "12:5 shells_lower.3>shells_lower.1",
            "1:5 twigs_lower.5>twigs_lower.10"
        ]
    );
    // Once piece 1 has left the lower field, the circle is open to a piece on the end that is
    // not parked.
    let s = pos(
        &g,
        &twigs_near_the_end("+twigs_upper.9", "3/3#0").replace("shells_lower.3", "shells_lower.1"),
    );
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 shells_upper.5>shells_upper.8",
            "12:3 shells_lower.1>shells_upper.3",
            "1:3 twigs_upper.9>twigs_upper.6"
        ]
    );
}

#[test]
fn a_tag_13_parked_circle_a_piece_parked_before_the_circle_opened_circles_too() {
    let g = game(RULES, &[("A-TAG-13-parked", "circle")]);
    // Piece 1 waits: piece 12 stops on the end, and is not marked parked.
    let mut s = pos(&g, &twigs_near_the_end("twigs_lower.1", "5/5#0"));
    play(&g, &mut s, "12:5");
    assert_eq!(
        pieces(&g, &s, "twigs"),
        "twigs_lower.1 x x x x x x x x x +shells_upper.5 +shells_lower.1"
    );
    // Once every piece is released, it circles from the end.
    let s = pos(
        &g,
        &twigs_near_the_end("+twigs_upper.9", "3/3#0").replace("shells_lower.3", "shells_lower.1"),
    );
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 shells_upper.5>shells_upper.8",
            "12:3 shells_lower.1>shells_upper.3",
            "1:3 twigs_upper.9>twigs_upper.6"
        ]
    );
}

#[test]
fn a_tag_13_parked_stay_a_piece_parked_before_the_circle_opened_no_longer_moves() {
    let g = game(RULES, &[("A-TAG-13-parked", "stay")]);
    // Piece 1 waits: piece 12 stops on the end and is parked there (`=`).
    let mut s = pos(&g, &twigs_near_the_end("twigs_lower.1", "5/5#0"));
    play(&g, &mut s, "12:5");
    assert_eq!(
        pieces(&g, &s, "twigs"),
        "twigs_lower.1 x x x x x x x x x +shells_upper.5 +=shells_lower.1"
    );
    // Every piece released: the parked piece still cannot move (TAG-M3's loop says so)...
    let parked = twigs_near_the_end("+twigs_upper.9", "3/3#0")
        .replace("+shells_lower.3", "+=shells_lower.1");
    let s = pos(&g, &parked);
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 shells_upper.5>shells_upper.8",
            "1:3 twigs_upper.9>twigs_upper.6"
        ]
    );
    assert_eq!(refuse(&g, &s, "12:3"), "TAG-M3");
    // ... while a piece that reaches the end now, not parked, circles on.
    let s = pos(
        &g,
        &twigs_near_the_end("+twigs_upper.9", "3/3#0").replace("shells_lower.3", "shells_lower.1"),
    );
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 shells_upper.5>shells_upper.8",
            "12:3 shells_lower.1>shells_upper.3",
            "1:3 twigs_upper.9>twigs_upper.6"
        ]
    );
}

#[test]
fn a_tag_14_release_left_an_eight_with_none_left_only_throws_again() {
    let g = game(RULES, &[("A-TAG-14", "release-left")]);
    let mut s = pos(&g, &all_released_to_throw());
    throw(&g, &mut s, 8);
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 twigs_upper.5>twigs_upper.2",
            "12:3 shells_upper.3>shells_upper.6"
        ]
    );
}

#[test]
fn a_tag_14_move_when_none_an_eight_with_none_left_adds_eight_places() {
    let g = game(RULES, &[("A-TAG-14", "move-when-none")]);
    let mut s = pos(&g, &all_released_to_throw());
    throw(&g, &mut s, 8);
    assert_eq!(
        head(&g, &s),
        "race | twigs 1 throw again | throws 1/1/301 turns 200 last 8:8 | pool 8/8#0"
    );
    throw(&g, &mut s, 3);
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 twigs_upper.5>twigs_upper.2",
            "11:8 twigs_upper.5>shells_upper.4",
            "11:8+3 twigs_upper.5>shells_upper.7",
            "12:3 shells_upper.3>shells_upper.6",
            "12:8 shells_upper.3>shells_upper.11",
            "12:8+3 shells_upper.3>shells_lower.11"
        ]
    );
}

#[test]
fn a_tag_14_both_options_an_eight_releases_the_pieces_left() {
    // Two pieces wait; either option releases them, and adds no places.
    for option in ["release-left", "move-when-none"] {
        let g = game(RULES, &[("A-TAG-14", option)]);
        let mut s = pos(
            &g,
            &all_released_to_throw().replace("twigs: x x ", "twigs: twigs_lower.1 twigs_lower.2 "),
        );
        throw(&g, &mut s, 8);
        assert_eq!(
            head(&g, &s),
            format!(
                "race | twigs 1 throw again | throws 1/1/301 turns 200 bind 0 last 8:8 | pool {}",
                ["r0/8#0"; 8].join(" ")
            ),
            "{option}"
        );
    }
}

/// Twigs to move a 4 and a 3 (as `twigs_four_and_three`), a shells piece on the twigs' upper
/// field in front of twigs piece 12.
fn twigs_four_and_three_behind_a_shell() -> String {
    twigs_four_and_three().replace("+shells_upper.9 ", "+twigs_upper.4 ")
}

#[test]
fn r_tag_4_free_a_piece_passes_any_piece() {
    let g = game(RULES, &[("R-TAG-4", "free")]);
    let s = pos(&g, &twigs_four_and_three_behind_a_shell());
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 twigs_upper.10>twigs_upper.7",
            "11:4+3 twigs_upper.10>twigs_upper.3",
            "12:3 twigs_upper.6>twigs_upper.3",
            "12:4 twigs_upper.6>twigs_upper.2",
            "12:4+3 twigs_upper.6>shells_upper.2"
        ]
    );
}

#[test]
fn r_tag_4_own_block_a_piece_may_not_pass_its_own() {
    let g = game(RULES, &[("R-TAG-4", "own-block")]);
    let s = pos(&g, &twigs_four_and_three_behind_a_shell());
    assert_eq!(
        moves(&g, &s),
        [
            "11:3 twigs_upper.10>twigs_upper.7",
            "12:3 twigs_upper.6>twigs_upper.3",
            "12:4 twigs_upper.6>twigs_upper.2",
            "12:4+3 twigs_upper.6>shells_upper.2"
        ]
    );
    assert_eq!(refuse(&g, &s, "11:4+3"), "TAG-M1");
}

#[test]
fn r_tag_4_all_block_a_piece_may_pass_no_piece() {
    let g = game(RULES, &[("R-TAG-4", "all-block")]);
    let s = pos(&g, &twigs_four_and_three_behind_a_shell());
    assert_eq!(moves(&g, &s), ["11:3 twigs_upper.10>twigs_upper.7"]);
    assert_eq!(refuse(&g, &s, "12:3"), "TAG-M1");
}

#[test]
fn a_tag_16_game_wide_the_first_seig_of_either_team_unlocks_both() {
    // The twigs' Seig opens the game; the shells, who have thrown none, throw eight sticks and
    // play the race's table at once (TAG-S1, TAG-S3).
    let g = game(RULES, &[]);
    let mut s = g.initial_state();
    throw(&g, &mut s, 1);
    throw(&g, &mut s, 3);
    play(&g, &mut s, "12:r1+3");
    // The twigs' second seat.
    throw(&g, &mut s, 3);
    play(&g, &mut s, "12:3");
    assert_eq!(
        head(&g, &s),
        "race | shells 1 throw | throws 0/0/3 turns 2 last 8:3 | pool -"
    );
    // Eight sticks for the shells: seven white is a Seig of the race (one piece), not the
    // opening's all alike of seven sticks (seven pieces, TAG-S5).
    assert_eq!(g.sticks_for(&s), 8);
    g.apply_throw(&mut s, 7, &mut Vec::new()).unwrap();
    assert_eq!(
        head(&g, &s),
        "race | shells 1 throw again | throws 1/1/4 turns 2 bind 0 last 8:7 | pool r1/7#0"
    );
}

#[test]
fn a_tag_16_per_team_the_other_team_stays_locked_until_its_own_seig() {
    // The twigs' Seig opens the game as under game-wide; the shells, who have thrown none,
    // still throw seven sticks and their 3 does nothing (TAG-S1 for the team).
    let g = game(
        RULES,
        &[("A-TAG-23", "front-most"), ("A-TAG-16", "per-team")],
    );
    let mut s = g.initial_state();
    throw(&g, &mut s, 1);
    // The thrower's Seig is its first release: the throw again has eight sticks.
    assert_eq!(g.sticks_for(&s), 8);
    throw(&g, &mut s, 3);
    play(&g, &mut s, "12:r1+3");
    throw(&g, &mut s, 3);
    play(&g, &mut s, "12:3");
    assert_eq!(g.sticks_for(&s), 7);
    throw(&g, &mut s, 3);
    assert_eq!(
        head(&g, &s),
        "race | shells 2 throw | throws 0/1/4 turns 3 last 7:3 once twigs:1,2,3,4 | pool -"
    );
}

/// The shells to throw in the race under A-TAG-16 = per-team, still locked: the twigs have
/// released piece 12 (their latches set).
fn shells_locked_to_throw() -> String {
    race(
        "shells 1 throw | throws 0/0/3 turns 2 last 8:3 once twigs:1,2,3",
        "-",
        &format!("{} +twigs_upper.6", holes("twigs_lower", 1, 11)),
        &holes("shells_lower", 1, 12),
    )
}

#[test]
fn a_tag_16_per_team_a_locked_teams_seig_is_its_first_release() {
    let g = game(
        RULES,
        &[("A-TAG-23", "front-most"), ("A-TAG-16", "per-team")],
    );
    let mut s = pos(&g, &shells_locked_to_throw());
    // Six of seven sticks white: a Seig of seven sticks (TAG-S2).
    throw(&g, &mut s, 6);
    assert_eq!(
        head(&g, &s),
        "race | shells 1 throw again | throws 1/1/4 turns 2 bind 0 last 7:6 once twigs:1,2,3,4 once shells:1,2,3,4 | pool r1/6#0"
    );
    assert_eq!(g.sticks_for(&s), 8);
    throw(&g, &mut s, 3);
    // The front piece steps onto the upper field (TAG-S3), with the bound 3 or without.
    assert_eq!(
        moves(&g, &s),
        [
            "1:r1 shells_lower.1>shells_upper.1",
            "1:r1+3 shells_lower.1>shells_upper.4"
        ]
    );
}

#[test]
fn a_tag_16_per_team_a_locked_team_all_alike_releases_seven() {
    let g = game(
        RULES,
        &[("A-TAG-23", "front-most"), ("A-TAG-16", "per-team")],
    );
    let mut s = pos(&g, &shells_locked_to_throw());
    throw(&g, &mut s, 7);
    assert_eq!(
        head(&g, &s),
        format!(
            "race | shells 1 throw again | throws 1/1/4 turns 2 bind 0 last 7:7 once twigs:1,2,3,4 once shells:1,2,3,4 | pool {}",
            ["r0/7#0@TAG-S5"; 7].join(" ")
        )
    );
}

#[test]
fn a_tag_16_game_wide_the_other_team_plays_the_race_table_at_once() {
    // The same position (no latches under game-wide): eight sticks, and a 6 is the race's
    // plain 6, not a Seig; with no shells piece released it moves nothing and the turn
    // passes (per-team: a Seig of seven sticks, above).
    let g = game(RULES, &[("A-TAG-16", "game-wide")]);
    let p = shells_locked_to_throw().replace(" once twigs:1,2,3", "");
    let mut s = pos(&g, &p);
    assert_eq!(g.sticks_for(&s), 8);
    throw(&g, &mut s, 6);
    assert_eq!(
        head(&g, &s),
        "race | shells 2 throw | throws 0/1/4 turns 3 last 8:6 | pool -"
    );
}

/// Twigs after an 8 and a 0 (nothing): eight releases in the pool, eleven pieces waiting.
fn twigs_eight_releases(g: &Game) -> State {
    let mut s = pos(g, &twigs_to_throw());
    throw(g, &mut s, 8);
    throw(g, &mut s, 0);
    assert!(head(g, &s).ends_with(&format!("pool {}", ["r0/8#0"; 8].join(" "))));
    s
}

#[test]
fn a_tag_14_which_chosen_an_eight_releases_any_waiting_pieces() {
    let g = game(RULES, &[("A-TAG-14-which", "chosen")]);
    let s = twigs_eight_releases(&g);
    let mut expected: Vec<String> = (1..=11)
        .map(|j| format!("{j}:r0 twigs_lower.{j}>twigs_lower.{j}"))
        .collect();
    expected.sort();
    assert_eq!(moves(&g, &s), expected);
}

#[test]
fn a_tag_14_which_front_most_an_eight_releases_the_front_pieces() {
    let g = game(RULES, &[("A-TAG-14-which", "front-most")]);
    let mut s = twigs_eight_releases(&g);
    assert_eq!(moves(&g, &s), ["11:r0 twigs_lower.11>twigs_lower.11"]);
    play(&g, &mut s, "11:r0");
    assert_eq!(moves(&g, &s), ["10:r0 twigs_lower.10>twigs_lower.10"]);
}

#[test]
fn a_tag_14_which_rear_most_an_eight_releases_the_rear_pieces() {
    let g = game(RULES, &[("A-TAG-14-which", "rear-most")]);
    let mut s = twigs_eight_releases(&g);
    assert_eq!(moves(&g, &s), ["1:r0 twigs_lower.1>twigs_lower.1"]);
    play(&g, &mut s, "1:r0");
    assert_eq!(moves(&g, &s), ["2:r0 twigs_lower.2>twigs_lower.2"]);
}

#[test]
fn a_tag_14_which_chosen_a_seig_still_releases_the_front_piece() {
    // The 8's order is its own: a Seig's release keeps A-TAG-7's (foremost).
    let g = game(RULES, &[("A-TAG-14-which", "chosen")]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 1);
    throw(&g, &mut s, 0);
    assert_eq!(moves(&g, &s), ["11:r1 twigs_lower.11>twigs_lower.12"]);
}

#[test]
fn a_tag_14_which_each_option_with_r_tag_1_step() {
    let cases: [(&str, &[&str]); 3] = [
        (
            "chosen",
            &[
                "1:r1 twigs_lower.1>twigs_lower.1",
                "10:r1 twigs_lower.10>twigs_lower.10",
                "11:r1 twigs_lower.11>twigs_lower.12",
                "2:r1 twigs_lower.2>twigs_lower.2",
                "3:r1 twigs_lower.3>twigs_lower.3",
                "4:r1 twigs_lower.4>twigs_lower.4",
                "5:r1 twigs_lower.5>twigs_lower.5",
                "6:r1 twigs_lower.6>twigs_lower.6",
                "7:r1 twigs_lower.7>twigs_lower.7",
                "8:r1 twigs_lower.8>twigs_lower.8",
                "9:r1 twigs_lower.9>twigs_lower.9",
            ],
        ),
        ("front-most", &["11:r1 twigs_lower.11>twigs_lower.12"]),
        // The rear piece's step is refused (its neighbour): released in place (A-TAG-11).
        ("rear-most", &["1:r1 twigs_lower.1>twigs_lower.1"]),
    ];
    for (option, expected) in cases {
        let g = game(RULES, &[("A-TAG-14-which", option), ("R-TAG-1", "step")]);
        let mut s = pos(&g, &twigs_to_throw());
        throw(&g, &mut s, 8);
        throw(&g, &mut s, 0);
        let mut want = strings(expected);
        want.sort();
        assert_eq!(moves(&g, &s), want, "{option}");
    }
}

/// Shells to throw after the twigs' first Seig of the game: every shells piece waits in its
/// lower field, the front one on the field's last hole along the track (TAG-S6, A-TAG-16).
fn shells_first_seig_to_throw() -> String {
    race(
        "shells 1 throw | throws 0/0/9 turns 6",
        "-",
        &format!("{} +twigs_upper.12", holes("twigs_lower", 1, 11)),
        &holes("shells_lower", 1, 12),
    )
}

/// Readings, and the legal decisions they give.
type Case<'a> = (&'a [(&'a str, &'a str)], &'a [&'a str]);

#[test]
fn tag_s6_the_other_teams_first_seig_is_a_later_one_its_step_stays_in_the_lower_field() {
    // A-TAG-16 = game-wide: the twigs' Seig was the game's first, so the shells' is a
    // subsequent one ("along the Lower Field only"). Its front piece stands on the lower
    // field's last hole: the step would leave the field, and A-TAG-11 decides.
    let cases: [Case; 4] = [
        (&[], &["1:r1 shells_lower.1>shells_lower.1"]),
        (&[("A-TAG-11", "lost")], &[]),
        // The next piece's step lands on its own piece's hole, which the bound 3 leaves
        // (a pooled group lands once); alone, it could not stay there.
        (
            &[("A-TAG-11", "another")],
            &["2:r1+3 shells_lower.2>shells_upper.3"],
        ),
        (
            &[("A-TAG-16", "per-team")],
            &[
                "1:r1 shells_lower.1>shells_upper.1",
                "1:r1+3 shells_lower.1>shells_upper.4",
            ],
        ),
    ];
    for (readings, expected) in cases {
        let g = game(RULES, readings);
        let mut s = pos(&g, &shells_first_seig_to_throw());
        throw(&g, &mut s, 1);
        throw(&g, &mut s, 3);
        assert_eq!(moves(&g, &s), expected, "{readings:?}");
    }
    // The refusal of the step names the Seig's rule, which cites TAG-S6's sentence.
    let g = game(RULES, &[]);
    let mut s = pos(&g, &shells_first_seig_to_throw());
    throw(&g, &mut s, 1);
    throw(&g, &mut s, 3);
    assert_eq!(refuse(&g, &s, "1:r1+3"), "TAG-T1");
}

#[test]
fn tag_s6_another_takes_the_next_piece_whose_step_stays_in_the_lower_field() {
    // A gap behind the front piece: under A-TAG-11 = another the Seig passes to the piece
    // whose step lands in the gap; under in-place the front piece is released where it stands.
    let text = race(
        "shells 1 throw | throws 0/0/9 turns 6",
        "-",
        &format!("{} +twigs_upper.12", holes("twigs_lower", 1, 11)),
        &format!("shells_lower.1 x {}", holes("shells_lower", 3, 12)),
    );
    let cases: [(&str, &[&str]); 2] = [
        (
            "another",
            &[
                "3:r1 shells_lower.3>shells_lower.2",
                "3:r1+3 shells_lower.3>shells_upper.2",
            ],
        ),
        ("in-place", &["1:r1 shells_lower.1>shells_lower.1"]),
    ];
    for (blocked, expected) in cases {
        let g = game(RULES, &[("A-TAG-11", blocked)]);
        let mut s = pos(&g, &text);
        throw(&g, &mut s, 7);
        throw(&g, &mut s, 3);
        assert_eq!(moves(&g, &s), expected, "{blocked}");
    }
}

#[test]
fn a_tag_23_chosen_an_all_alike_opening_releases_any_seven_front_most_the_front_seven() {
    // Seven white, then a 3: the first release (and the 3 bound to it) may go to any waiting
    // piece under chosen (the default), to the front piece only under front-most.
    let cases: [(&str, Vec<String>); 2] = [
        (
            "chosen",
            (1..=12)
                .flat_map(|i| {
                    // The 3 moves a piece from hole 10 on: from further back it would land
                    // on a waiting own piece (TAG-M5).
                    let hole = format!("twigs_lower.{i}");
                    let mut v = vec![format!("{i}:r0 {hole}>{hole}")];
                    if i >= 10 {
                        v.push(format!("{i}:r0+3 {hole}>twigs_upper.{}", 22 - i));
                    }
                    v
                })
                .collect(),
        ),
        (
            "front-most",
            strings(&[
                "12:r0 twigs_lower.12>twigs_lower.12",
                "12:r0+3 twigs_lower.12>twigs_upper.10",
            ]),
        ),
    ];
    for (option, expected) in cases {
        let g = game(RULES, &[("A-TAG-23", option)]);
        let mut s = g.initial_state();
        g.apply_throw(&mut s, 7, &mut Vec::new()).unwrap();
        throw(&g, &mut s, 3);
        let mut want = expected.clone();
        want.sort();
        assert_eq!(moves(&g, &s), want, "{option}");
    }
}

// ---------------------------------------------------------------------------------------------
// A-TAG-17: must a player move? A-TAG-18: may she throw on at will?

#[test]
fn a_tag_17_forced_a_three_must_be_moved() {
    // The default (the language default, `moves: forced`): the 3 is moved, no pass.
    for readings in [&[][..], &[("A-TAG-17", "forced")][..]] {
        let g = game(RULES, readings);
        let mut s = pos(&g, &twigs_to_throw());
        throw(&g, &mut s, 3);
        assert_eq!(moves(&g, &s), ["12:3 twigs_upper.5>twigs_upper.2"]);
        assert_eq!(
            refuse(&g, &s, "pass"),
            "a piece can move, so the seat may not pass"
        );
    }
}

#[test]
fn a_tag_17_optional_the_player_may_pass_and_keep_her_piece() {
    let g = game(RULES, &[("A-TAG-17", "optional")]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), ["12:3 twigs_upper.5>twigs_upper.2", "pass"]);
    play(&g, &mut s, "pass");
    // The turn passes to the team mate; the piece stays where it was.
    assert_eq!(
        head(&g, &s),
        "race | twigs 2 throw | throws 0/1/41 turns 31 last 8:3 | pool -"
    );
    assert_eq!(
        pieces(&g, &s, "twigs"),
        format!("{} +twigs_upper.5", holes("twigs_lower", 1, 11))
    );
}

#[test]
fn a_tag_18_as_thrown_a_three_ends_the_throwing() {
    for readings in [&[][..], &[("A-TAG-18", "as-thrown")][..]] {
        let g = game(RULES, readings);
        let mut s = pos(&g, &twigs_to_throw());
        throw(&g, &mut s, 3);
        assert_eq!(moves(&g, &s), ["12:3 twigs_upper.5>twigs_upper.2"]);
        assert_eq!(refuse(&g, &s, "throw on"), "the seat may not throw on now");
    }
}

#[test]
fn a_tag_18_at_will_the_player_may_throw_on_and_a_later_two_is_a_bust() {
    let g = game(RULES, &[("A-TAG-18", "at-will")]);
    let mut s = pos(&g, &twigs_to_throw());
    throw(&g, &mut s, 3);
    // She moves the 3 (forced moves, A-TAG-17), or throws on before moving.
    assert_eq!(
        moves(&g, &s),
        ["12:3 twigs_upper.5>twigs_upper.2", "throw on"]
    );
    play(&g, &mut s, "throw on");
    throw(&g, &mut s, 5);
    assert_eq!(
        moves(&g, &s),
        [
            "12:3 twigs_upper.5>twigs_upper.2",
            "12:3+5 twigs_upper.5>shells_upper.4",
            "12:5 twigs_upper.5>shells_upper.1",
            "throw on"
        ]
    );
    // Throwing on once more, a 2 negates the turn (TAG-T2): nothing is left to move, and
    // the seat may still throw on, or stop.
    play(&g, &mut s, "throw on");
    throw(&g, &mut s, 2);
    assert_eq!(moves(&g, &s), ["pass", "throw on"]);
    play(&g, &mut s, "pass");
    assert_eq!(
        head(&g, &s),
        "race | twigs 2 throw | throws 0/3/43 turns 31 last 8:2 | pool -"
    );
}
