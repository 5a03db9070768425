//! Small text → IR tests, one group per lowering pass, asserting on IR fields.
#![allow(
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::lang::ir::*;
use seig::lang::lower::Selection;

/// A small variant; each test adds the statements of the pass it checks (in rule R-X).
fn file(extra: &str) -> String {
    format!(
        r#"
game "Passes"
source s "Test" {{ author "me" }}
param holes = 3 in 2..6 "holes per row"
reading A-1 "Pooled?" {{ no (default) "per throw" yes "pooled" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, holes holes
  row mid: middle, holes holes
  row b_home: home of b, holes holes
  team a: holes pieces in a_home
  team b: holes pieces in b_home
  track a: a_home forward, mid forward as m, b_home backward goal
  track b: b_home forward, mid backward, a_home backward goal
}}
rule R-S stated cites s "sticks" {{
  sticks: 4 with faces white and black
  if A-1 = yes {{ allocation: pooled }}
}}
rule R-T stated cites s "throws" {{
  on 0: nothing
  on any: move value
}}
rule R-X inferred cites s "extra" {{
{extra}
}}
"#
    )
}

fn lower_with(extra: &str, sel: &Selection) -> Result<Ir, Vec<String>> {
    let (_, l) = seig::lang::load(file(extra).as_bytes(), sel);
    l.ir.ok_or_else(|| l.diagnostics.iter().map(|d| d.message.clone()).collect())
}

fn lower(extra: &str) -> Ir {
    lower_with(extra, &Selection::default()).unwrap_or_else(|d| panic!("{d:?}"))
}

fn errors(extra: &str) -> Vec<String> {
    lower_with(extra, &Selection::default()).expect_err("an error")
}

// ---- names: declarations, the command line's choices, names in rules

#[test]
fn names_params_and_readings_take_the_command_line() {
    let sel = Selection {
        readings: vec![("A-1".into(), "yes".into())],
        params: vec![("holes".into(), 5)],
    };
    let ir = lower_with("", &sel).unwrap();
    assert_eq!(ir.params[0].value, 5);
    assert_eq!(ir.params[0].default, 3);
    assert_eq!(ir.rows[1].len, 5);
    assert_eq!((ir.readings[0].default, ir.readings[0].chosen), (0, 1));
    assert_eq!(ir.allocation.value, Allocation::Pooled);
    let ids: Vec<&str> = ir.rules.iter().map(|r| r.id.as_str()).collect();
    assert_eq!(ids, ["R-B", "R-S", "R-T", "R-X"]);
    assert_eq!(ir.rules[3].status, Status::Inferred);
    assert_eq!(ir.sources[0].key, "s");
}

#[test]
fn names_order_and_phases() {
    let ir = lower("  order: b, a\n  phases: opening, race");
    let names: Vec<&str> = ir.teams.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["b", "a"]);
    assert_eq!(ir.phases.value, ["opening", "race"]);
    assert_eq!(ir.rule(ir.order_origin.unwrap()).id, "R-X");
    let ir = lower("");
    assert_eq!(ir.phases.value, ["play"]);
    assert_eq!(ir.phases.origin, None);
}

// ---- flatten: `if READING = OPTION`

#[test]
fn flatten_keeps_the_branch_in_force() {
    let ir = lower("  if A-1 = yes { seats per team: 2 } else { seats per team: 3 }");
    assert_eq!(ir.seats.value, 3);
    let o = ir.seats.origin.unwrap();
    assert_eq!(
        ir.readings_of(o),
        [Choice {
            reading: 0,
            option: 0
        }]
    );
    let sel = Selection {
        readings: vec![("A-1".into(), "yes".into())],
        params: Vec::new(),
    };
    let ir = lower_with(
        "  if A-1 = yes { seats per team: 2 } else { seats per team: 3 }",
        &sel,
    )
    .unwrap();
    assert_eq!(ir.seats.value, 2);
    // R-S's allocation is now in force too: two statements where there was one.
    assert_eq!(ir.rules[1].statements.len(), 2);
}

#[test]
fn flatten_reports_undeclared_readings() {
    let e = errors("  if A-9 = yes { seats per team: 2 }");
    assert!(
        e.iter().any(|m| m.contains("unknown reading `A-9`")),
        "{e:?}"
    );
}

// ---- board: rows, teams, tracks

#[test]
fn board_rows_and_teams() {
    let ir = lower("  team a colour white\n  team b colour black");
    let rows: Vec<(&str, u16, u16, Option<u8>)> = ir
        .rows
        .iter()
        .map(|r| (r.name.as_str(), r.first.get(), r.len, r.owner.map(u8::from)))
        .collect();
    assert_eq!(
        rows,
        [
            ("a_home", 0, 3, Some(0)),
            ("mid", 3, 3, None),
            ("b_home", 6, 3, Some(1))
        ]
    );
    assert_eq!(ir.cells, 9);
    assert_eq!(ir.teams[TeamId::FIRST].pieces, 3);
    assert_eq!(ir.teams[TeamId::FIRST].start, Start::Row(0));
    assert_eq!(ir.teams[TeamId::SECOND].colour_face(), Some(1));
}

#[test]
fn board_tracks_loops_and_gates() {
    let ir = lower(
        "  track a loops from m when all own pieces released\n  gate a m: throw in 1 by crossing throw, else stop",
    );
    let a = &ir.teams[TeamId::FIRST].track;
    assert_eq!(a.cells, [0, 1, 2, 3, 4, 5, 8, 7, 6].map(Cell::new));
    assert_eq!(a.goal, Some(8));
    assert_eq!(a.segments[1].label.as_deref(), Some("m"));
    let lp = a.looping.as_ref().unwrap();
    assert_eq!((lp.from, lp.when.clone()), (3, vec![Cond::AllOwnReleased]));
    assert_eq!(a.gates.len(), 1);
    assert_eq!(a.gates[0].at, 3);
    assert_eq!(a.gates[0].requirement, Requirement::CrossingThrow(1 << 1));
    assert!(a.gates[0].stop);
    assert_eq!(
        ir.teams[TeamId::SECOND].track.cells,
        [6, 7, 8, 5, 4, 3, 2, 1, 0].map(Cell::new)
    );
    assert!(ir.teams[TeamId::SECOND].track.looping.is_none());
}

#[test]
fn board_two_tracks_for_a_team_is_an_error() {
    let e = errors("  track a: mid forward");
    assert!(e.iter().any(|m| m.contains("has two tracks")), "{e:?}");
}

// ---- sticks: counts, value, classes, throw entries

#[test]
fn sticks_counts_value_and_classes() {
    let ir = lower(
        "  phases: opening, race\n  sticks in opening: 3\n  sticks on first throw of turn: 2\n  value: count of black\n  class seig: all but one alike",
    );
    let st = &ir.sticks;
    assert_eq!(st.count, 4);
    let count = |c: Option<Sourced<u8>>| c.map(|c| c.value);
    assert_eq!(
        st.by_phase.iter().map(|&c| count(c)).collect::<Vec<_>>(),
        [Some(3), None]
    );
    assert_eq!(count(st.first_of_turn), Some(2));
    assert_eq!(st.first_of_game, None);
    assert_eq!(st.faces, ["white".to_string(), "black".to_string()]);
    assert_eq!(st.p, 0.5);
    assert_eq!(st.value.value, ValueRule::Face(1));
    assert_eq!(st.value.value.throw_value(None, 1, 4), 3);
    assert_eq!(ir.classes.len(), 1);
    assert!(ir.classes[0].all_but_one && !ir.classes[0].all_alike);
}

#[test]
fn sticks_throw_entries_in_file_order() {
    let ir = lower("  class seig: all alike\n  on seig: release 1 moving 1 and throw again");
    let m: Vec<&ThrowMatch> = ir.throws.iter().map(|e| &e.matches).collect();
    assert_eq!(
        m,
        [
            &ThrowMatch::Values(1),
            &ThrowMatch::Any,
            &ThrowMatch::Class(0)
        ]
    );
    assert_eq!(ir.throws[1].effects, [Effect::Move(Amount::Value(0))]);
    assert_eq!(
        ir.throws[2].effects,
        [
            Effect::Release {
                count: 1,
                steps: Amount::Const(1),
                order: None,
                within: None
            },
            Effect::ThrowAgain
        ]
    );
    assert_eq!(ir.throws[2].origin.rule.get(), 3);
}

// ---- capture: landing and taking

#[test]
fn capture_table_per_team_and_hole() {
    let ir = lower(
        "  capture: compulsory, send home\n  no capture in own home, sharing\n  capture in mid only with a single throw of 1\n  immune after entering opposing home\n  stacking: forbidden except at goal\n  blocked landing: forbidden",
    );
    let pol = &ir.capture;
    // Team a's own home is a_home (holes 0..3): no taking there, sharing.
    assert_eq!(
        pol.at[TeamId::FIRST][0].forbidden_by.map(|o| o.rule.get()),
        Some(3)
    );
    assert!(pol.at[TeamId::FIRST][0].sharing);
    assert_eq!(pol.at[TeamId::FIRST][6].forbidden_by, None);
    let spec = pol.at[TeamId::FIRST][6].spec.unwrap();
    assert!(spec.compulsory && spec.send_home);
    assert_eq!(
        pol.at[TeamId::SECOND][4]
            .only_with
            .map(|(m, o)| (m, o.rule.get())),
        Some((1 << 1, 3))
    );
    assert_eq!(pol.at[TeamId::SECOND][0].only_with, None);
    let (set, _) = pol.immune[TeamId::FIRST].unwrap();
    assert_eq!(set.iter().collect::<Vec<_>>(), [6, 7, 8].map(Cell::new));
    assert!(!pol.stacking.value && pol.stacking_at_goal);
    assert!(!pol.blocked_share.value);
    assert_eq!(pol.stated.len(), 4);
}

#[test]
fn capture_language_defaults() {
    let pol = lower("").capture;
    assert!(!pol.stacking.value && !pol.stacking_at_goal);
    assert!(pol.blocked_share.value);
    assert_eq!(pol.home_to.value, HomeTarget::StartHole);
    assert!(
        pol.at
            .iter()
            .flatten()
            .all(|c| *c == CellCapture::default())
    );
    assert_eq!(pol.immune, ByTeam::new(None, None));
}

// ---- turns: allocation, release order, phases, wins

#[test]
fn turns_transitions_wins_and_release() {
    let ir = lower(
        "  phases: opening, race\n  from opening enter race when all own pieces released\n  win when opponent has no pieces\n  release order: chosen\n  the throw after a release moves that piece",
    );
    assert_eq!(ir.transitions.len(), 1);
    let t = &ir.transitions[0];
    assert_eq!((t.from.get(), t.to.get()), (0, 1));
    assert_eq!(t.when, [Cond::AllOwnReleased]);
    assert_eq!(ir.wins[0].when, [Cond::OpponentHasNoPieces]);
    assert_eq!(ir.release_order.value, ReleaseOrder::Chosen);
    assert_eq!(ir.bind_after_release.map(|o| o.rule.get()), Some(3));
    assert_eq!(ir.allocation.value, Allocation::PerThrow);
}

#[test]
fn turns_a_phase_into_itself_is_an_error() {
    let e = errors("  phases: opening, race\n  from race enter race when all own pieces released");
    assert!(
        e.iter().any(|m| m.contains("cannot change into itself")),
        "{e:?}"
    );
}

// ---- checks: the throw table as a whole

#[test]
fn checks_uncovered_throws() {
    let text = file("").replace("  on any: move value\n", "  on 1, 2: move value\n");
    let (_, l) = seig::lang::load(text.as_bytes(), &Selection::default());
    assert!(l.ir.is_none());
    let m: Vec<&str> = l.diagnostics.iter().map(|d| d.message.as_str()).collect();
    assert!(
        m.contains(&"throws of 3 and 4 with 4 sticks are covered by no entry"),
        "{m:?}"
    );
}

#[test]
fn checks_entries_that_never_apply() {
    let (_, l) = seig::lang::load(
        file("  on 3: throw again").as_bytes(),
        &Selection::default(),
    );
    assert!(l.ir.is_some());
    assert!(
        l.diagnostics
            .iter()
            .any(|d| d.message == "this throw entry never applies"),
        "{:?}",
        l.diagnostics
    );
}
