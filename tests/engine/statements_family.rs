//! The statements of the family's relatives (issue 27): safe holes, sending holes. Each
//! sets up a position in the small variant of `statements_moves` (team a walks a_home.1→4,
//! mid.1→6, b_home.4→1; team b walks b_home.1→4, mid.6→1, a_home.4→1; a 1 releases moving
//! 1, any other throw moves its value) and asserts the exact legal decisions.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;
use crate::statements_moves::{NO_B, at, codes, file, game, round_trip, v};

use common::{moves, note, play, pos, refuse};
use seig::engine::{Consequence, Verdict};
use seig::lang::lower::Selection;

/// The warning codes the extra statements give.
fn warnings(extra: &str) -> Vec<String> {
    let (_, l) = seig::lang::load(file(extra).as_bytes(), &Selection::default());
    l.diagnostics
        .iter()
        .map(|d| d.code.as_str().to_string())
        .collect()
}

// ------------------------------------------------------------------- safe holes

#[test]
fn safe_hole_no_capture_in_one_hole_shares_it_and_takes_nowhere_else_is_spared() {
    // A safe hole is `no capture in`, narrowed to one hole by `hole N of ROW`.
    let g = game("capture: compulsory, remove\n no capture in hole 4 of mid, sharing");
    // a's piece on mid.2 with a 2 lands on the safe mid.4 beside b's piece and takes
    // nothing; with a 3 it lands on mid.5 and must take b's piece there.
    let s = at(&g, "2/2#0", "+mid.2 x x x", "+mid.4 +mid.5 x x");
    assert_eq!(moves(&g, &s), v(&["1:2 mid.2>mid.4"]));
    let s = at(&g, "3/3#0", "+mid.2 x x x", "+mid.4 +mid.5 x x");
    assert_eq!(moves(&g, &s), v(&["1:3x mid.2>mid.5"]));
    // Without the statement, mid.4 is taken like any hole.
    let g = game("capture: compulsory, remove");
    let s = at(&g, "2/2#0", "+mid.2 x x x", "+mid.4 +mid.5 x x");
    assert_eq!(moves(&g, &s), v(&["1:2x mid.2>mid.4"]));
}

#[test]
fn safe_hole_without_sharing_is_a_hole_no_opposing_piece_lands_on() {
    // `blocked landing: forbidden` and no `sharing`: the safe hole refuses the landing.
    let g = game(
        "capture: compulsory, remove\n blocked landing: forbidden\n no capture in hole 4 of mid",
    );
    let s = at(&g, "2/2#0", "+mid.2 x x x", "+mid.4 x x x");
    assert_eq!(moves(&g, &s), Vec::<String>::new());
    assert_eq!(refuse(&g, &s, "1:2"), "R-X");
}

#[test]
fn hole_n_of_row_past_the_row_is_e071() {
    assert_eq!(
        codes("no capture in hole 7 of mid"),
        vec!["E071".to_string()]
    );
    round_trip("no capture in hole 4 of mid, sharing");
}

// ------------------------------------------------------------------- sending holes

/// mid.3 sends a piece on to mid.6: a ladder for team a, a snake for team b (which walks
/// mid.6→1).
const LADDER: &str = "landing on hole 3 of mid goes to hole 6 of mid";

#[test]
fn sending_hole_puts_a_piece_ending_there_on_its_target() {
    let g = game(LADDER);
    // a: piece 1 on mid.1 with a 2 ends on mid.3 and goes on to mid.6; piece 2 walks
    // a_home.2→4. A 3 from mid.1 passes mid.3 and is not sent.
    let s = at(&g, "2/2#0", "+mid.1 +a_home.2 x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&["1:2 mid.1>mid.6", "2:2 a_home.2>a_home.4"])
    );
    let mut s2 = s.clone();
    play(&g, &mut s2, "1:2");
    assert!(
        note(&g, &s2).contains("a: +mid.6 +a_home.2"),
        "{}",
        note(&g, &s2)
    );
    let s = at(&g, "3/3#0", "+mid.1 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:3 mid.1>mid.4"]));
    // Without the statement the 2 stays on mid.3.
    let g = game("");
    let s = at(&g, "2/2#0", "+mid.1 +a_home.2 x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&["1:2 mid.1>mid.3", "2:2 a_home.2>a_home.4"])
    );
}

#[test]
fn sending_hole_sends_each_team_to_its_own_target_on_its_track() {
    let g = game(LADDER);
    // b walks mid.6→1: from mid.5 a 2 ends on mid.3 and is sent back to mid.6.
    let s = pos(
        &g,
        "play | b 1 move | throws 1/1/9 turns 8 | pool 2/2#0 | a: x x x x | b: +mid.5 x x x",
    );
    assert_eq!(moves(&g, &s), v(&["1:2 mid.5>mid.6"]));
}

#[test]
fn sending_hole_judges_taking_at_the_target_not_where_the_move_ended() {
    let g = game(&format!("{LADDER}\n capture: compulsory, send home"));
    // b stands on mid.3 (where a's move ends) and on mid.6 (where a is sent): only the
    // piece on mid.6 can be taken, and must be.
    let s = at(&g, "2/2#0", "+mid.1 x x x", "+mid.3 +mid.6 x x");
    assert_eq!(moves(&g, &s), v(&["1:2x mid.1>mid.6"]));
    let v_ = g.verdict(&s, g.parse_decision(&s, "1:2x").expect("parses"));
    let Verdict::Legal(cs) = v_ else {
        panic!("refused: {v_:?}")
    };
    assert!(
        matches!(cs.first(), Some(Consequence::SentOn { by, .. }) if by.origin().is_some()),
        "{cs:?}"
    );
    let words: Vec<String> = cs
        .iter()
        .map(|c| seig::tools::words::verdict::consequence(g.ir(), c))
        .collect();
    assert_eq!(words[0], "lands on mid.3, which sends it on to mid.6 (R-X)");
    // Own pieces on the target refuse the landing (stacking forbidden by default).
    let s = at(&g, "2/2#0", "+mid.1 +mid.6 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["2:2 mid.6>b_home.3"]));
}

#[test]
fn sending_hole_target_does_not_send_the_piece_on_again() {
    let g = game(
        "landing on hole 3 of mid goes to hole 5 of mid\n landing on hole 5 of mid goes to hole 1 of mid",
    );
    // mid.1 + 2 ends on mid.3, goes to mid.5, and stays there; mid.3 + 2 ends on mid.5
    // and goes back to mid.1.
    let s = at(&g, "2/2#0", "+mid.1 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:2 mid.1>mid.5"]));
    let s = at(&g, "2/2#0", "+mid.3 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:2 mid.3>mid.1"]));
    // Both at once: the piece sent back to mid.1 would stand on its own piece there
    // (stacking forbidden by default), so only the first may go.
    let s = at(&g, "2/2#0", "+mid.1 +mid.3 x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:2 mid.1>mid.5"]));
    assert_eq!(
        refuse(&g, &s, "2:2"),
        "a team may not have two pieces on one hole"
    );
}

#[test]
fn sending_hole_with_a_group_landing_after_each_throw_sends_only_from_the_end() {
    let g = game(&format!(
        "allocation: pooled\n pooled throws land: after each throw\n pooled throws walk: in throw order\n {LADDER}"
    ));
    // The 2 then the 1 from mid.1: the landing on mid.3 after the 2 sends nothing; the
    // group ends on mid.4. The 2 alone is sent to mid.6.
    let s = at(&g, "2/2#0 1/1#1", "+mid.1 x x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&["1:1 mid.1>mid.2", "1:2+1 mid.1>mid.4", "1:2 mid.1>mid.6"])
    );
}

#[test]
fn sending_hole_target_must_be_one_hole_of_the_track_e140_and_set_once_e012() {
    assert_eq!(
        codes("landing on hole 3 of mid goes to mid"),
        vec!["E140".to_string()]
    );
    assert_eq!(
        codes("landing on hole 3 of mid goes to hole 3 of mid"),
        vec!["E140".to_string()]
    );
    assert_eq!(
        codes(&format!(
            "{LADDER}\n landing on hole 3 of mid goes to hole 5 of mid"
        )),
        vec!["E012".to_string()]
    );
}

#[test]
fn sending_hole_no_track_reaches_is_w040() {
    assert!(warnings(LADDER).iter().all(|c| c != "W040"));
    // A row on no track: no piece ever lands on its holes.
    let spare = "row spare: spare, 3 holes\n landing on hole 2 of spare goes to first hole of mid";
    assert!(
        warnings(spare).iter().any(|c| c == "W040"),
        "{:?}",
        warnings(spare)
    );
}

#[test]
fn sending_hole_round_trips_through_the_formatter() {
    round_trip(LADDER);
    round_trip("landing on ends of own home goes to hole 2 of mid");
}

// ------------------------------------------------------------------- protection

/// The refusal of move `mv`: its kind, and the rule id of its ground and of its `also`.
fn refusal(g: &seig::engine::Game, s: &seig::engine::State, mv: &str) -> String {
    let d = g.parse_decision(s, mv).expect("parses");
    let mut c = s.clone();
    let r = g
        .apply_decision(&mut c, d, &mut Vec::new())
        .expect_err("refused");
    let id = |o: Option<seig::lang::ir::RuleIx>| {
        o.map_or("-".to_string(), |r| g.ir().rules[r.index()].id.clone())
    };
    let also = r.also.and_then(|a| a.origin()).map(|o| o.rule);
    format!("{:?} {} {}", r.kind, id(r.rule()), id(also))
}

#[test]
fn protection_two_in_a_row_along_the_track_cannot_be_taken() {
    let g = game("capture: compulsory, remove\n protection: 2 in a row");
    // b's pieces on mid.4 and mid.5 stand side by side on b's track (mid.6→1): neither can
    // be taken; a lands beside them (blocked landing: share, the default).
    let s = at(&g, "2/2#0", "+mid.2 x x x", "+mid.4 +mid.5 x x");
    assert_eq!(moves(&g, &s), v(&["1:2 mid.2>mid.4"]));
    let s = at(&g, "3/3#0", "+mid.2 x x x", "+mid.4 +mid.5 x x");
    assert_eq!(moves(&g, &s), v(&["1:3 mid.2>mid.5"]));
    // mid.4 and mid.6: a gap between them, so mid.4 is taken, and must be.
    let s = at(&g, "2/2#0", "+mid.2 x x x", "+mid.4 +mid.6 x x");
    assert_eq!(moves(&g, &s), v(&["1:2x mid.2>mid.4"]));
    // Without the statement the pair is taken like any piece.
    let g = game("capture: compulsory, remove");
    let s = at(&g, "2/2#0", "+mid.2 x x x", "+mid.4 +mid.5 x x");
    assert_eq!(moves(&g, &s), v(&["1:2x mid.2>mid.4"]));
}

#[test]
fn protection_follows_the_victims_track_across_rows() {
    let g = game("capture: compulsory, remove\n protection: 2 in a row");
    // b's track goes b_home.4 → mid.6: pieces there are side by side along it, though on
    // two rows.
    let s = at(&g, "2/2#0", "+mid.4 x x x", "+mid.6 +b_home.4 x x");
    assert_eq!(moves(&g, &s), v(&["1:2 mid.4>mid.6"]));
    // b_home.3 and mid.6 are not neighbours on b's track: mid.6 is taken.
    let s = at(&g, "2/2#0", "+mid.4 x x x", "+mid.6 +b_home.3 x x");
    assert_eq!(moves(&g, &s), v(&["1:2x mid.4>mid.6"]));
}

#[test]
fn protection_of_three_needs_three_holes_in_a_row() {
    let g = game("capture: compulsory, remove\n protection: 3 in a row");
    let s = at(&g, "2/2#0", "+mid.2 x x x", "+mid.4 +mid.5 x x");
    assert_eq!(moves(&g, &s), v(&["1:2x mid.2>mid.4"]));
    let s = at(&g, "2/2#0", "+mid.2 x x x", "+mid.4 +mid.5 +mid.6 x");
    assert_eq!(moves(&g, &s), v(&["1:2 mid.2>mid.4"]));
}

#[test]
fn protection_with_blocked_landing_forbidden_refuses_the_landing_naming_both() {
    let g =
        game("capture: compulsory, remove\n blocked landing: forbidden\n protection: 2 in a row");
    let s = at(&g, "2/2#0", "+mid.2 +a_home.1 x x", "+mid.4 +mid.5 x x");
    assert_eq!(moves(&g, &s), v(&["2:2 a_home.1>a_home.3"]));
    assert_eq!(refusal(&g, &s, "1:2"), "Protected R-X R-X");
    // A capture asked for names the protection.
    assert_eq!(refusal(&g, &s, "1:2x"), "Protected R-X R-X");
    let why = seig::tools::words::refusal::line(g.ir(), &{
        let d = g.parse_decision(&s, "1:2").expect("parses");
        g.apply_decision(&mut s.clone(), d, &mut Vec::new())
            .expect_err("refused")
    });
    assert!(why.contains("protected"), "{why}");
}

#[test]
fn protection_statement_checks_e012_e071_w041_and_round_trips() {
    assert_eq!(
        codes("protection: 2 in a row\n protection: 3 in a row"),
        vec!["E012".to_string()]
    );
    assert_eq!(codes("protection: 1 in a row"), vec!["E071".to_string()]);
    assert!(
        warnings("protection: 4 in a row")
            .iter()
            .all(|c| c != "W041")
    );
    assert!(
        warnings("protection: 5 in a row")
            .iter()
            .any(|c| c == "W041")
    );
    round_trip("protection: 2 in a row");
    let g = game("protection: 2 in a row");
    assert_eq!(g.ir().capture.protection.value, Some(2));
    assert!(game("").ir().capture.protection.is_default());
}

// ------------------------------------------------------------------- blockades

#[test]
fn blockade_of_two_in_a_row_cannot_be_walked_past() {
    let g = game("blockade: 2 in a row");
    // b's pieces on mid.3 and mid.4: a's piece on mid.1 may land on mid.3 (sharing it:
    // no capture statement), but not walk past it or mid.4.
    for (throw, want) in [
        ("2/2#0", vec!["1:2 mid.1>mid.3"]),
        ("3/3#0", vec![]),
        ("4/4#0", vec![]),
    ] {
        let s = at(&g, throw, "+mid.1 x x x", "+mid.3 +mid.4 x x");
        assert_eq!(moves(&g, &s), v(&want), "{throw}");
    }
    let s = at(&g, "4/4#0", "+mid.1 x x x", "+mid.3 +mid.4 x x");
    assert_eq!(refusal(&g, &s, "1:4"), "Blockade R-X -");
    // A gap (mid.3 and mid.5): no blockade, the 4 walks past both.
    let s = at(&g, "4/4#0", "+mid.1 x x x", "+mid.3 +mid.5 x x");
    assert_eq!(moves(&g, &s), v(&["1:4 mid.1>mid.5"]));
    // Without the statement the pair is passed.
    let g = game("");
    let s = at(&g, "4/4#0", "+mid.1 x x x", "+mid.3 +mid.4 x x");
    assert_eq!(moves(&g, &s), v(&["1:4 mid.1>mid.5"]));
}

#[test]
fn blockade_is_of_opposing_pieces_own_pieces_in_a_row_are_passed() {
    let g = game("blockade: 2 in a row\n stacking: allowed");
    let s = at(&g, "4/4#0", "+mid.1 +mid.3 +mid.4 x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:4 mid.1>mid.5",
            "2:4 mid.3>b_home.4",
            "3:4 mid.4>b_home.3"
        ])
    );
}

#[test]
fn blockade_statement_checks_e012_w041_and_round_trips() {
    assert_eq!(
        codes("blockade: 3 in a row\n blockade: 2 in a row"),
        vec!["E012".to_string()]
    );
    assert!(warnings("blockade: 3 in a row").iter().all(|c| c != "W041"));
    assert!(warnings("blockade: 5 in a row").iter().any(|c| c == "W041"));
    round_trip("blockade: 3 in a row");
    assert_eq!(
        game("blockade: 3 in a row").ir().movement.blockade.value,
        Some(3)
    );
}
