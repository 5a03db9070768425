//! Issue 27, the shapes of tracks: a circuit that walks a row a second time the same way
//! (after other rows), and a track that branches (`track TEAM branches|must branch|may branch
//! at HOLE: SEG, …, rejoining at HOLE`). Each from a position in notation, with the exact legal
//! decisions; the places read back; the errors; `seig rules`; the formatter's round trip.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{TeamId, error_codes, game_of, moves, note, play, pos};
use seig::engine::Game;
use seig::tools::words::choice::EngineChoices;

fn v(xs: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = xs.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

// ---------------------------------------------------------------- a circuit

/// Rows a_home (4), mid (4), b_home (4); team a walks a_home, mid and a_home again (its
/// goal), team b the same on its side. Every throw moves its value.
fn circuit(track_a: &str) -> String {
    format!(
        r#"
game "Circuit"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 4 holes
  row b_home: home of b, 4 holes
  team a: 2 pieces in a_home
  team b: 2 pieces in b_home
  {track_a}
  track b: b_home forward, mid backward, b_home forward as lap_b goal
  sticks: 4 with faces white and black
}}
rule R-T stated cites s "throws" {{
  on 0: nothing
  on any: move value
}}
"#
    )
}

/// Team a to move with `pool`; team b's pieces out of the game.
fn circuit_at(g: &Game, pool: &str, a: &str) -> seig::engine::State {
    pos(
        g,
        &format!("play | a 1 move | throws 1/1/9 turns 8 | pool {pool} | a: {a} | b: x x"),
    )
}

const CIRCUIT: &str = "track a: a_home forward, mid forward, a_home forward as lap goal";

#[test]
fn a_circuit_walks_its_start_row_a_second_time_as_places_of_their_own() {
    let g = game_of(&circuit(CIRCUIT));
    // From mid.3 (place 7), 3 places: a_home.2 on the second pass.
    let s = circuit_at(&g, "3/3#0", "+mid.3 x");
    // Described with the second pass's `'`, as position notation writes it.
    assert_eq!(moves(&g, &s), v(&["1:3 mid.3>a_home.2'"]));
    let mut s2 = s.clone();
    play(&g, &mut s2, "1:3");
    let text = note(&g, &s2);
    assert!(text.contains("a: +a_home.2' x"), "{text}");
    // The second pass reads back as itself, and walks on along it.
    let back = pos(&g, &text);
    assert_eq!(note(&g, &back), text);
    let s = circuit_at(&g, "1/1#0", "+a_home.2' x");
    assert_eq!(moves(&g, &s), v(&["1:1 a_home.2'>a_home.3'"]));
    // The first pass goes on to the middle row.
    let s = circuit_at(&g, "2/2#0", "+a_home.3 x");
    assert_eq!(moves(&g, &s), v(&["1:2 a_home.3>mid.1"]));
}

#[test]
fn a_piece_has_arrived_only_on_the_second_pass_of_its_goal() {
    let g = game_of(&circuit(CIRCUIT));
    let first = circuit_at(&g, "1/1#0", "+a_home.4 x");
    let second = circuit_at(&g, "1/1#0", "+a_home.4' x");
    let a = TeamId::new(0);
    assert!(!g.arrived(a, &first.pieces(a)[0]));
    assert!(g.arrived(a, &second.pieces(a)[0]));
}

#[test]
fn a_row_walked_again_straight_after_itself_is_still_e058() {
    let e = error_codes(&circuit(
        "track a: a_home forward, mid forward, mid forward",
    ));
    assert_eq!(e, vec!["E058"]);
    // Walked again after another row, it is a circuit (no error), and a gate names the
    // second pass by its label; by the row's name it would be ambiguous (E060).
    game_of(&circuit(&format!(
        "{CIRCUIT}\n  gate a lap: throw in 1 by crossing throw, else forbid"
    )));
    let e = error_codes(&circuit(&format!(
        "{CIRCUIT}\n  gate a a_home: throw in 1 by crossing throw, else forbid"
    )));
    assert_eq!(e, vec!["E060"]);
}

#[test]
fn a_gate_on_the_second_pass_closes_it_alone() {
    let g = game_of(&circuit(&format!(
        "{CIRCUIT}\n  gate a lap: throw in 1 by crossing throw, else forbid"
    )));
    let s = circuit_at(&g, "2/2#0", "+mid.3 +a_home.1");
    // mid.3 + 2 enters the second pass with a 2: shut. a_home.1 + 2 stays on the first.
    assert_eq!(moves(&g, &s), v(&["2:2 a_home.1>a_home.3"]));
    let s = circuit_at(&g, "1/1#0", "+mid.4 x");
    assert_eq!(moves(&g, &s), v(&["1:1 mid.4>a_home.1'"]));
}

// ---------------------------------------------------------------- a branching track

/// Rows outer (8) and short (2), starts a_home and b_home (2 each, off the tracks). Team a
/// walks outer.1→8, team b short.1→2 then outer.1→8; team a's track branches at outer.3 onto short, rejoining at outer.7
/// (the statement `branch`, in rule R-X with `extra`). A 1 releases a piece moving 1; any
/// other throw moves its value.
fn branching(branch: &str, extra: &str) -> String {
    format!(
        r#"
game "Branches"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 2 holes
  row b_home: home of b, 2 holes
  row outer: middle, 8 holes
  row short: middle, 2 holes
  team a: 2 pieces in a_home
  team b: 2 pieces in b_home
  track a: outer forward
  track b: short forward, outer forward
  sticks: 4 with faces white and black
}}
rule R-T stated cites s "throws" {{
  on 0: nothing
  on 1: release or move 1
  on any: move value
}}
rule R-X inferred cites s "branch" {{
  {branch}
  {extra}
}}
"#
    )
}

const BRANCH: &str =
    "track a branches at hole 3 of outer: short forward, rejoining at hole 7 of outer";

fn branch_game(branch: &str, extra: &str) -> Game {
    game_of(&branching(branch, extra))
}

/// Team a to move with `pool`; team b's pieces `b`.
fn branch_at(g: &Game, pool: &str, a: &str, b: &str) -> seig::engine::State {
    pos(
        g,
        &format!("play | a 1 move | throws 1/1/9 turns 8 | pool {pool} | a: {a} | b: {b}"),
    )
}

#[test]
fn a_piece_that_stands_where_the_track_branches_takes_the_branch() {
    let g = branch_game(BRANCH, "");
    for (pool, to) in [
        ("2/2#0", "outer.3>short.2"),
        ("3/3#0", "outer.3>outer.7"),
        ("4/4#0", "outer.3>outer.8"),
    ] {
        let s = branch_at(&g, pool, "+outer.3 a_home.2", "x x");
        assert_eq!(
            moves(&g, &s),
            v(&[&format!("1:{} {to}", &pool[0..1])]),
            "{pool}"
        );
    }
    // Past the main path's last hole, the end stops it there (the language default).
    let s = branch_at(&g, "4/4#0", "+short.1 a_home.2", "x x");
    assert_eq!(moves(&g, &s), v(&["1:4 short.1>outer.8"]));
}

#[test]
fn a_piece_that_walks_past_the_branch_keeps_to_the_main_path() {
    let g = branch_game(BRANCH, "");
    let s = branch_at(&g, "3/3#0", "+outer.2 a_home.2", "x x");
    assert_eq!(moves(&g, &s), v(&["1:3 outer.2>outer.5"]));
    // Landing there is what sends it on the branch next time.
    let mut s = branch_at(&g, "2/2#0", "+outer.1 a_home.2", "x x");
    play(&g, &mut s, "1:2");
    assert!(
        note(&g, &s).contains("a: +outer.3 a_home.2"),
        "{}",
        note(&g, &s)
    );
    // The other team's track has no branch: its piece walks on.
    let s = pos(
        &g,
        "play | b 1 move | throws 1/1/9 turns 8 | pool 2/2#0 | a: x x | b: +outer.3 x",
    );
    assert_eq!(moves(&g, &s), v(&["1:2 outer.3>outer.5"]));
}

#[test]
fn a_place_on_the_branch_reads_back_and_walks_on_to_where_it_rejoins() {
    let g = branch_game(BRANCH, "");
    let s = branch_at(&g, "e1/1#0", "+short.1 a_home.2", "x x");
    assert_eq!(note(&g, &pos(&g, &note(&g, &s))), note(&g, &s));
    assert_eq!(
        moves(&g, &s),
        v(&["1:e1 short.1>short.2", "2:e1 a_home.2>outer.1"])
    );
    let s = branch_at(&g, "2/2#0", "+short.1 a_home.2", "x x");
    assert_eq!(moves(&g, &s), v(&["1:2 short.1>outer.7"]));
    // On the branch, a piece has not arrived; on the main path's last hole it has.
    let a = TeamId::new(0);
    assert!(!g.arrived(a, &s.pieces(a)[0]));
    let s = branch_at(&g, "2/2#0", "+outer.8 a_home.2", "x x");
    assert!(g.arrived(a, &s.pieces(a)[0]));
}

#[test]
fn landing_on_the_branch_takes_there_as_anywhere() {
    let g = branch_game(BRANCH, "capture: compulsory, send home");
    let s = branch_at(&g, "2/2#0", "+outer.3 a_home.2", "+short.2 x");
    assert_eq!(moves(&g, &s), v(&["1:2x outer.3>short.2"]));
}

#[test]
fn holes_passed_on_the_branch_are_won_as_walked() {
    let g = branch_game(
        BRANCH,
        "capture: compulsory, send home\n  holes passed in short are won",
    );
    // Through short.1 and short.2 to outer.7: the piece of b on short.2 is taken on the way.
    let mut s = branch_at(&g, "3/3#0", "+outer.3 a_home.2", "+short.2 x");
    play(&g, &mut s, "1:3");
    assert!(
        note(&g, &s).contains("a: +outer.7 a_home.2 | b: b_home."),
        "{}",
        note(&g, &s)
    );
    // Walking past outer.3 on the main path, it passes no hole of short.
    let mut s = branch_at(&g, "3/3#0", "+outer.2 a_home.2", "+short.2 x");
    play(&g, &mut s, "1:3");
    assert!(note(&g, &s).contains("b: +short.2 x"), "{}", note(&g, &s));
}

#[test]
fn gates_sending_holes_and_must_land_on_work_on_a_branch() {
    // A gate on the branch's segment.
    let g = branch_game(
        BRANCH,
        "gate a short: throw in 3 by crossing throw, else forbid",
    );
    let s = branch_at(&g, "2/2#0", "+outer.3 +outer.2", "x x");
    assert_eq!(moves(&g, &s), v(&["2:2 outer.2>outer.4"]));
    let s = branch_at(&g, "3/3#0", "+outer.3 +outer.2", "x x");
    assert_eq!(
        moves(&g, &s),
        v(&["1:3 outer.3>outer.7", "2:3 outer.2>outer.5"])
    );
    // A sending hole on the branch.
    let g = branch_game(BRANCH, "landing on hole 2 of short goes to hole 8 of outer");
    let s = branch_at(&g, "2/2#0", "+outer.3 a_home.2", "x x");
    assert_eq!(moves(&g, &s), v(&["1:2 outer.3>outer.8"]));
    // `must land on` a hole of the branch.
    let g = branch_game(BRANCH, "must land on hole 1 of short");
    let s = branch_at(&g, "2/2#0", "+outer.3 a_home.2", "x x");
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    let s = branch_at(&g, "e1/1#0", "+outer.3 a_home.2", "x x");
    assert_eq!(
        moves(&g, &s),
        v(&["1:e1 outer.3>short.1", "2:e1 a_home.2>outer.1"])
    );
}

#[test]
fn must_branch_says_the_default_and_seig_rules_names_it() {
    let choice = |g: &Game| {
        g.ir()
            .engine_choices()
            .into_iter()
            .find(|c| c.name == "branching")
            .expect("a branching choice")
    };
    let c = choice(&branch_game("", ""));
    assert_eq!(c.value, "no track branches");
    let c = choice(&branch_game(BRANCH, ""));
    assert!(
        c.origin.is_none(),
        "`branches` leaves it to the language default"
    );
    assert!(
        c.value
            .contains("a: a piece that stands where a branch begins must take it"),
        "{}",
        c.value
    );
    let must = BRANCH.replace("branches", "must branch");
    let g = branch_game(&must, "");
    assert!(choice(&g).origin.is_some());
    let s = branch_at(&g, "2/2#0", "+outer.3 a_home.2", "x x");
    assert_eq!(moves(&g, &s), v(&["1:2 outer.3>short.2"]));
}

#[test]
fn errors_for_a_branch_that_cannot_be_walked() {
    let codes = |branch: &str, extra: &str| error_codes(&branching(branch, extra));
    // A branch at a hole the track does not walk.
    assert_eq!(
        codes(
            "track a branches at hole 1 of a_home: short forward, rejoining at hole 7 of outer",
            ""
        ),
        vec!["E170"]
    );
    // At a whole row (more than one hole).
    assert_eq!(
        codes(
            "track a branches at outer: short forward, rejoining at hole 7 of outer",
            ""
        ),
        vec!["E170"]
    );
    // Rejoining at a hole of the branch itself, not of the main path.
    assert_eq!(
        codes(
            "track a branches at hole 3 of outer: short forward, rejoining at hole 1 of short",
            ""
        ),
        vec!["E171"]
    );
    // A goal on a branch; a branching track that bounces.
    assert_eq!(
        codes(
            "track a branches at hole 3 of outer: short forward goal, rejoining at hole 7 of outer",
            ""
        ),
        vec!["E172"]
    );
    assert_eq!(codes(BRANCH, "track a ends: bounce"), vec!["E172"]);
}

#[test]
fn the_statement_round_trips_through_the_formatter() {
    for stmt in [
        BRANCH.to_string(),
        BRANCH.replace("branches", "must branch"),
    ] {
        let text = branching(&stmt, "");
        let formatted = seig::lang::fmt::format_text(&text).expect("formats");
        assert!(formatted.contains(&stmt), "{stmt} not kept:\n{formatted}");
        let again = seig::lang::fmt::format_text(&formatted).expect("formats again");
        assert_eq!(again, formatted);
    }
}
