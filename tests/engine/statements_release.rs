//! The release statements: `release order: rear-most`, a throw entry's own release order
//! (`release N ORDER`), and the count of released pieces (`own|opposing pieces released CMP
//! N`), each in each of its options: a small rule file, a position in notation, the exact
//! legal decisions; and a parse → format → parse round trip of each.
//!
//! The variant (`file`): rows a_home (4), mid (6), b_home (4). Team a walks a_home.1→4
//! (track indices 0..3), mid.1→6 (4..9), b_home.4→1 (10..13, goal); team b walks b_home.1→4,
//! mid.6→1, a_home.4→1. Throws are pooled; a 1 releases a piece moving 1 and throws again.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{TeamId, moves, note, play, pos, throw};
use seig::engine::Game;
use seig::lang::lower::Selection;

/// The small variant with `extra` statements (in rule R-X) and `throws` (in rule R-O) before
/// the file's own entries (rule R-T: a 0 does nothing, a 1 releases a piece moving 1, any
/// other throw moves its value).
fn file(extra: &str, throws: &str) -> String {
    format!(
        r#"
game "Releases"
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
  allocation: pooled
}}
rule R-O stated cites s "orders" {{
{throws}
}}
rule R-T stated cites s "throws" {{
  on 0: nothing
  on 1: release 1 moving 1 and throw again
  on any: move value
}}
rule R-X inferred cites s "extra" {{
{extra}
}}
"#
    )
}

fn game(extra: &str, throws: &str) -> Game {
    common::game_of(&file(extra, throws))
}

/// The codes of the errors the statements give.
fn codes(extra: &str, throws: &str) -> Vec<String> {
    common::error_codes(&file(extra, throws))
}

/// A position of team a: `stage` (`move`, `throw`), the pool and both teams' pieces.
fn at(g: &Game, stage: &str, pool: &str, a: &str, b: &str) -> seig::engine::State {
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
        .map_or(0, |t| t + 1);
    let s = pos(
        g,
        &format!(
            "play | a 1 {stage} | throws {throws}/{throws}/9 turns 8 | pool {pool} | a: {a} | b: {b}"
        ),
    );
    assert_eq!(s.team(), TeamId::FIRST);
    s
}

/// b's pieces waiting in their home row.
const B_HOME: &str = "b_home.1 b_home.2 b_home.3 b_home.4";

/// a's piece 2 released into the middle row, the others waiting on a_home.1, .3 and .4.
const A_GAP: &str = "a_home.1 +mid.3 a_home.3 a_home.4";

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Parses, formats and parses again: the same text, and the statement printed as given.
fn round_trip(extra: &str, throws: &str, stmt: &str) {
    let text = file(extra, throws);
    let formatted = seig::lang::fmt::format_text(&text).expect("formats and reads back");
    assert!(formatted.contains(stmt), "{stmt} not kept:\n{formatted}");
    let again = seig::lang::fmt::format_text(&formatted).expect("formats again");
    assert_eq!(again, formatted);
}

#[test]
fn release_order_each_option_takes_its_piece() {
    // A release moving 1 with pieces waiting on a_home.1, .3 and .4 (a_home.2 empty).
    let cases: [(&str, &[&str]); 3] = [
        ("release order: front-most", &["4:r1 a_home.4>mid.1"]),
        ("release order: rear-most", &["1:r1 a_home.1>a_home.2"]),
        // Piece 3 would land on piece 4: only 1 and 4 can be released.
        (
            "release order: chosen",
            &["1:r1 a_home.1>a_home.2", "4:r1 a_home.4>mid.1"],
        ),
    ];
    for (stmt, expected) in cases {
        let g = game(stmt, "");
        let s = at(&g, "move", "r1/1#0", A_GAP, B_HOME);
        assert_eq!(moves(&g, &s), v(expected), "{stmt}");
    }
}

#[test]
fn release_order_rear_most_refuses_the_front_piece() {
    let g = game("release order: rear-most", "");
    let s = at(&g, "move", "r1/1#0", A_GAP, B_HOME);
    // Refused by the statement that sets the order, `release order: rear-most` (R-X): the
    // release's own rule (R-T) names no order.
    assert_eq!(common::refuse(&g, &s, "4:r1"), "R-X");
}

#[test]
fn a_throw_entrys_own_order_overrides_the_files() {
    // The file releases front-most; a 4 releases two pieces rear-most, without a step.
    let g = game("release order: front-most", "  on 4: release 2 rear-most");
    let s = at(&g, "move", "r1/1#0 r0/4#1 r0/4#1", A_GAP, B_HOME);
    assert_eq!(
        moves(&g, &s),
        v(&["1:r0 a_home.1>a_home.1", "4:r1 a_home.4>mid.1"])
    );
}

#[test]
fn a_throw_entrys_own_order_in_each_option() {
    // Two pieces to release from a_home.1, .3 and .4, the file's order front-most.
    let cases: [(&str, &[&str]); 3] = [
        ("front-most", &["4:r0 a_home.4>a_home.4"]),
        ("rear-most", &["1:r0 a_home.1>a_home.1"]),
        (
            "chosen",
            &[
                "1:r0 a_home.1>a_home.1",
                "3:r0 a_home.3>a_home.3",
                "4:r0 a_home.4>a_home.4",
            ],
        ),
    ];
    for (order, expected) in cases {
        let g = game("", &format!("  on 4: release 2 {order}"));
        let mut s = at(&g, "move", "r0/4#0 r0/4#0", A_GAP, B_HOME);
        assert_eq!(moves(&g, &s), v(expected), "{order}");
        // The second release follows the same order among the pieces left.
        let first = expected[0].split(' ').next().unwrap().to_string();
        play(&g, &mut s, &first);
        let left: &[&str] = match order {
            "front-most" => &["3:r0 a_home.3>a_home.3"],
            "rear-most" => &["3:r0 a_home.3>a_home.3"],
            _ => &["3:r0 a_home.3>a_home.3", "4:r0 a_home.4>a_home.4"],
        };
        assert_eq!(moves(&g, &s), v(left), "{order}, second");
    }
}

#[test]
fn a_pool_entry_takes_the_order_of_its_rule() {
    let g = game("", "  on 4: release 2 rear-most");
    let mut s = at(&g, "throw", "-", A_GAP, B_HOME);
    throw(&g, &mut s, 4);
    // The throw table names the rule (R-O), and so the order: the notation writes neither.
    assert!(
        note(&g, &s).contains("| pool r0/4#0 r0/4#0 |"),
        "{}",
        note(&g, &s)
    );
    assert_eq!(moves(&g, &s), v(&["1:r0 a_home.1>a_home.1"]));
    // An entry of rule R-T, whose release names no order, takes the file's: front-most.
    let s = at(&g, "move", "r0/4#0@R-T", A_GAP, B_HOME);
    assert_eq!(moves(&g, &s), v(&["4:r0 a_home.4>a_home.4"]));
}

#[test]
fn one_rules_releases_name_one_order() {
    assert_eq!(
        codes("", "  on 4: release 2 rear-most\n  on 5: release 1 chosen"),
        ["E120"]
    );
    // The same order twice, or one order under each option of a reading, is one order.
    game(
        "",
        "  on 4: release 2 rear-most\n  on 5: release 1 rear-most",
    );
}

#[test]
fn own_pieces_released_counts_the_teams_released_pieces() {
    // A 2 moves 5 once the team has two pieces released, else 2.
    let g = game("", "  on 2 if own pieces released >= 2: move 5");
    let mut s = at(&g, "throw", "-", A_GAP, B_HOME);
    throw(&g, &mut s, 2);
    assert_eq!(moves(&g, &s), v(&["2:2 mid.3>mid.5"]));
    let mut s = at(
        &g,
        "throw",
        "-",
        "+a_home.1 +mid.3 a_home.3 a_home.4",
        B_HOME,
    );
    throw(&g, &mut s, 2);
    assert_eq!(
        moves(&g, &s),
        v(&["1:5 a_home.1>mid.2", "2:5 mid.3>b_home.3"])
    );
}

#[test]
fn own_pieces_released_counts_a_release_the_pool_has_yet_to_give() {
    // The 1 releases a piece (not yet chosen) and throws again: the 2 after it sees two.
    let g = game("", "  on 2 if own pieces released >= 2: move 5");
    let mut s = at(&g, "throw", "-", A_GAP, B_HOME);
    throw(&g, &mut s, 1);
    throw(&g, &mut s, 2);
    assert!(
        note(&g, &s).contains("| pool r1/1#0 5/2#1 |"),
        "{}",
        note(&g, &s)
    );
}

/// `all own pieces released` counts the pool's pending releases as `own pieces released CMP
/// N` does: the 1 releases the last waiting piece (not yet chosen) and throws again, and the
/// 2 after it is read with every piece released, by either condition.
#[test]
fn all_own_pieces_released_counts_a_release_the_pool_has_yet_to_give() {
    let one_waiting = "a_home.1 +mid.3 +mid.1 +mid.5";
    for cond in [
        "all own pieces released",
        "own pieces released >= 4",
        "all pieces released",
    ] {
        let g = game("", &format!("  on 2 if {cond}: move 5"));
        let b = if cond == "all pieces released" {
            "+b_home.1 +b_home.2 +b_home.3 +b_home.4"
        } else {
            B_HOME
        };
        let mut s = at(&g, "throw", "-", one_waiting, b);
        throw(&g, &mut s, 1);
        throw(&g, &mut s, 2);
        assert!(
            note(&g, &s).contains("| pool r1/1#0 5/2#1 |"),
            "{cond}: {}",
            note(&g, &s)
        );
        // With no release pending, the one waiting piece is unreleased: the 2 moves 2.
        let mut s = at(&g, "throw", "-", one_waiting, b);
        throw(&g, &mut s, 2);
        assert!(
            note(&g, &s).contains("| pool 2/2#0@R-T |"),
            "{cond}: {}",
            note(&g, &s)
        );
    }
    // A pending release counts for the team to play only: b's waiting pieces stay waiting.
    let g = game("", "  on 2 if all pieces released: move 5");
    let mut s = at(&g, "throw", "-", one_waiting, B_HOME);
    throw(&g, &mut s, 1);
    throw(&g, &mut s, 2);
    assert!(
        note(&g, &s).contains("| pool r1/1#0 2/2#1@R-T |"),
        "{}",
        note(&g, &s)
    );
}

#[test]
fn opposing_pieces_released_counts_the_other_teams() {
    let g = game("", "  on 3 if opposing pieces released = 0: move 6");
    // No b piece released: the 3 moves 6.
    let mut s = at(&g, "throw", "-", A_GAP, B_HOME);
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), v(&["2:6 mid.3>b_home.2"]));
    // One b piece released: the 3 moves 3.
    let mut s = at(
        &g,
        "throw",
        "-",
        A_GAP,
        "+b_home.1 b_home.2 b_home.3 b_home.4",
    );
    throw(&g, &mut s, 3);
    assert_eq!(moves(&g, &s), v(&["2:3 mid.3>mid.6"]));
}

#[test]
fn once_own_pieces_released_stays_true_when_the_released_are_taken() {
    // Three sticks until the thrower's first release, latched: a team whose only released
    // piece is taken keeps four.
    let g = game("  sticks if not once own pieces released >= 1: 3", "");
    let s = at(
        &g,
        "throw",
        "-",
        "a_home.1 a_home.2 a_home.3 a_home.4",
        B_HOME,
    );
    assert_eq!(g.sticks_for(&s), 3);
    let s = at(
        &g,
        "throw",
        "-",
        "a_home.1 a_home.2 a_home.3 +mid.1",
        B_HOME,
    );
    assert_eq!(g.sticks_for(&s), 4);
    let s = pos(
        &g,
        "play | a 1 throw | throws 0/0/9 turns 8 once a:1 | pool - | a: a_home.1 a_home.2 a_home.3 x | b: b_home.1 b_home.2 b_home.3 b_home.4",
    );
    assert_eq!(g.sticks_for(&s), 4);
}

/// "Since this team's first Seig": `once own pieces released >= 1` is the idiom for a team's
/// own first release. The latch is the team's: team a's first release leaves team b, which
/// has released nothing, on three sticks; b's own first release gives b four.
#[test]
fn once_own_pieces_released_is_each_teams_own_first_release() {
    let g = game("  sticks if not once own pieces released >= 1: 3", "");
    let s = pos(
        &g,
        "play | b 1 throw | throws 0/0/9 turns 8 once a:1 | pool - | a: +a_home.1 a_home.2 a_home.3 a_home.4 | b: b_home.1 b_home.2 b_home.3 b_home.4",
    );
    assert_eq!(g.sticks_for(&s), 3);
    let s = pos(
        &g,
        "play | b 1 throw | throws 0/0/9 turns 8 once a:1 | pool - | a: +a_home.1 a_home.2 a_home.3 a_home.4 | b: +b_home.1 b_home.2 b_home.3 b_home.4",
    );
    assert_eq!(g.sticks_for(&s), 4);
    // The other team's count is its own condition.
    let g = game("  sticks if not once opposing pieces released >= 1: 3", "");
    let s = pos(
        &g,
        "play | b 1 throw | throws 0/0/9 turns 8 | pool - | a: +a_home.1 a_home.2 a_home.3 a_home.4 | b: b_home.1 b_home.2 b_home.3 b_home.4",
    );
    assert_eq!(g.sticks_for(&s), 4);
}

#[test]
fn a_release_ordered_by_hole_needs_pieces_on_holes() {
    let beside = |t: &str| {
        file("", t).replace(
            "team b: 4 pieces in b_home",
            "team b: 4 pieces beside the board",
        )
    };
    for order in ["first hole", "last hole"] {
        let text = beside(&format!("  on 4: release 2 {order}"));
        let (_, l) = seig::lang::load(text.as_bytes(), &Selection::default());
        let errors: Vec<&str> = l
            .diagnostics
            .iter()
            .filter(|d| d.is_error())
            .map(|d| d.code.as_str())
            .collect();
        assert_eq!(errors, ["E114"], "{order}");
    }
    // Front-most, rear-most and chosen need no hole.
    let text = beside("  on 4: release 2 rear-most");
    let (_, l) = seig::lang::load(text.as_bytes(), &Selection::default());
    assert!(l.ir.is_some());
}

#[test]
fn a_released_count_past_the_pieces_a_team_can_have_is_an_error() {
    assert_eq!(
        codes("", "  on 2 if own pieces released > 999: move 5"),
        ["E071"]
    );
}

/// A 2 releases one piece moving 1, confined to the mover's home row.
const WITHIN: &str = "  on 2: release 1 moving 1 within own home";

#[test]
fn a_release_within_a_region_refuses_a_step_out_of_it() {
    // The front-most waiting piece stands on a_home.4: its step would enter mid.1.
    let cases: [(&str, &[&str]); 4] = [
        // The language default, `blocked release: lost`: no piece may take the release.
        ("", &[]),
        (
            "blocked release: released in place",
            &["4:r1 a_home.4>a_home.4"],
        ),
        // Piece 3's step lands on piece 4; piece 1's, on the empty a_home.2.
        (
            "blocked release: another piece",
            &["1:r1 a_home.1>a_home.2"],
        ),
        ("release order: rear-most", &["1:r1 a_home.1>a_home.2"]),
    ];
    for (stmt, expected) in cases {
        let g = game(stmt, WITHIN);
        let mut s = at(&g, "throw", "-", A_GAP, B_HOME);
        throw(&g, &mut s, 2);
        assert_eq!(moves(&g, &s), v(expected), "{stmt}");
    }
    // The refusal names the release's rule.
    let g = game("blocked release: another piece", WITHIN);
    let s = at(&g, "move", "r1/2#0", A_GAP, B_HOME);
    assert_eq!(common::refuse(&g, &s, "4:r1"), "R-O");
}

#[test]
fn a_release_within_a_region_confines_only_its_own_places() {
    // A 1 (rule R-T, unconfined) still steps the front piece out of its home row; the
    // confined 2's release, moved on by a later throw, leaves the row with that throw.
    let g = game("", WITHIN);
    let s = at(&g, "move", "r1/1#0", A_GAP, B_HOME);
    assert_eq!(moves(&g, &s), v(&["4:r1 a_home.4>mid.1"]));
    let g = game("release order: rear-most", WITHIN);
    let s = at(&g, "move", "r1/2#0 3/3#1", A_GAP, B_HOME);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:r1 a_home.1>a_home.2",
            "1:r1+3 a_home.1>mid.1",
            "2:3 mid.3>mid.6"
        ])
    );
}

#[test]
fn a_release_within_a_region_on_the_pooled_path() {
    // A gate judged by the crossing throw (letting every throw in) puts the file on the
    // generator's pooled path, which checks the confinement itself: the same decisions as
    // above.
    let gate = "gate a b_home: throw in 1, 2, 3, 4 by crossing throw, else forbid";
    let cases: [(&str, &[&str]); 4] = [
        ("", &[]),
        (
            "blocked release: released in place",
            &["4:r1 a_home.4>a_home.4"],
        ),
        (
            "blocked release: another piece",
            &["1:r1 a_home.1>a_home.2"],
        ),
        ("release order: rear-most", &["1:r1 a_home.1>a_home.2"]),
    ];
    for (stmt, expected) in cases {
        let g = game(&format!("{stmt}\n{gate}"), WITHIN);
        let mut s = at(&g, "throw", "-", A_GAP, B_HOME);
        throw(&g, &mut s, 2);
        assert_eq!(moves(&g, &s), v(expected), "{stmt}");
    }
    let g = game(gate, WITHIN);
    let s = at(&g, "move", "r1/1#0", A_GAP, B_HOME);
    assert_eq!(moves(&g, &s), v(&["4:r1 a_home.4>mid.1"]));
    let g = game(&format!("release order: rear-most\n{gate}"), WITHIN);
    let s = at(&g, "move", "r1/2#0 3/3#1", A_GAP, B_HOME);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:r1 a_home.1>a_home.2",
            "1:r1+3 a_home.1>mid.1",
            "2:3 mid.3>mid.6"
        ])
    );
    // The front piece's confined step (a_home.4 to mid.1) refused, with or without a throw
    // to take it further; released in place alone.
    let g = game(
        &format!("blocked release: released in place\n{gate}"),
        WITHIN,
    );
    let s = at(&g, "move", "r1/2#0 3/3#1", A_GAP, B_HOME);
    assert_eq!(
        moves(&g, &s),
        v(&["2:3 mid.3>mid.6", "4:r1 a_home.4>a_home.4"])
    );
}

#[test]
fn one_rules_releases_are_confined_alike() {
    assert_eq!(
        codes("", &format!("{WITHIN}\n  on 3: release 1 moving 1")),
        ["E131"]
    );
    // The same region twice is one confinement.
    game(
        "",
        &format!("{WITHIN}\n  on 3: release 1 moving 2 within own home"),
    );
    // `within` belongs to a release's places: without `moving` it does not parse.
    assert_eq!(codes("", "  on 2: release 1 within own home"), ["E001"]);
}

#[test]
fn the_release_statements_round_trip() {
    round_trip("", WITHIN, WITHIN.trim());
    round_trip(
        "",
        "  on 2: release 2 chosen moving 1 within last hole of own home",
        "on 2: release 2 chosen moving 1 within last hole of own home",
    );
    round_trip("release order: rear-most", "", "release order: rear-most");
    for order in [
        "front-most",
        "rear-most",
        "chosen",
        "first hole",
        "last hole",
    ] {
        let stmt = format!("on 4: release 2 {order} moving 1");
        round_trip("", &format!("  {stmt}"), &stmt);
        let stmt = format!("on 4: release 2 {order}");
        round_trip("", &format!("  {stmt}"), &stmt);
    }
    round_trip(
        "",
        "  on 2 if own pieces released >= 2 and opposing pieces released < 3: move 5",
        "on 2 if own pieces released >= 2 and opposing pieces released < 3: move 5",
    );
    round_trip(
        "  sticks if not once own pieces released >= 1: 3",
        "",
        "sticks if not once own pieces released >= 1: 3",
    );
}

// ------------------------------------------------------------------- cancel moves

#[test]
fn cancel_moves_keeps_releases_with_their_places_or_in_place() {
    // A 1 releases a's front piece (a_home.4) moving 1 and throws again; a 2 then cancels.
    let all_home = "a_home.1 a_home.2 a_home.3 a_home.4";
    let turn = |g: &Game| {
        let mut s = at(g, "throw", "-", all_home, B_HOME);
        throw(g, &mut s, 1);
        throw(g, &mut s, 3);
        s
    };
    // Without a cancel: the release and the 3.
    let g = game("", "");
    assert_eq!(
        moves(&g, &turn(&g)),
        v(&["4:r1 a_home.4>mid.1", "4:r1+3 a_home.4>mid.4"])
    );
    // `cancel moves` (the language default): the 3 goes, the release keeps its place.
    let g = game("", "  on 3: cancel moves");
    assert_eq!(moves(&g, &turn(&g)), v(&["4:r1 a_home.4>mid.1"]));
    // `…, releases in place`: the release is kept without its place.
    let g = game("", "  on 3: cancel moves, releases in place");
    let mut s = turn(&g);
    assert_eq!(moves(&g, &s), v(&["4:r0 a_home.4>a_home.4"]));
    play(&g, &mut s, "4:r0");
    assert!(
        note(&g, &s).contains("a: a_home.1 a_home.2 a_home.3 +a_home.4"),
        "{}",
        note(&g, &s)
    );
    round_trip(
        "",
        "  on 3: cancel moves, releases in place",
        "on 3: cancel moves, releases in place",
    );
    round_trip("", "  on 3: cancel moves", "on 3: cancel moves\n");
}
