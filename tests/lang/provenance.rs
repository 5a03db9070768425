//! The IR says which rule, statement and reading options stated each fact.
#![allow(
    clippy::indexing_slicing,
    clippy::panic,
    clippy::unwrap_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::lang::ir::*;
use seig::lang::lower::Selection;
use seig::lang::syntax::ast;

const FILE: &str = r#"
game "Provenance"
source s "Test" { author "me" }
reading A-1 "Long lane?" { short (default) "one" long "two" }
reading A-2 "Pooled?" { no (default) "per throw" yes "pooled" }
rule R-B stated cites s "board" {
  if A-1 = long {
    row lane_a: lane of a, 2 holes
  } else {
    row lane_a: lane of a, 1 holes
  }
  row lane_b: lane of b, 1 holes
  team a: 1 pieces beside the board
  team b: 1 pieces beside the board
  team a colour up
  team b colour down
  track a: lane_a forward goal
  track b: lane_b forward goal
  track a ends: stop
}
rule R-S stated cites s "sticks" {
  sticks: 2 with faces up and down
  sticks on first throw of game: 1
  class pair: all alike
  if A-2 = yes { if A-1 = long { allocation: pooled } }
}
rule R-T stated cites s "throws" {
  on 0: nothing
  on any: release or move value
}
rule R-C inferred cites s "capture" {
  capture: compulsory, remove
  no capture in lane
}
rule R-W stated cites s "win" {
  win when all own pieces arrived
}
"#;

fn lower(readings: &[(&str, &str)]) -> Ir {
    let sel = Selection {
        readings: readings
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
        params: Vec::new(),
    };
    let (_, l) = seig::lang::load(FILE.as_bytes(), &sel);
    l.ir.unwrap_or_else(|| panic!("{:?}", l.diagnostics))
}

fn rule_id(ir: &Ir, o: Origin) -> &str {
    &ir.rules[o.rule.index()].id
}

#[test]
fn facts_name_their_rule_and_statement() {
    let ir = lower(&[]);
    assert_eq!(rule_id(&ir, ir.rows[0].origin), "R-B");
    assert_eq!(ir.statement(ir.rows[0].origin).kind, StatementKind::Row);
    let a = &ir.teams[TeamId::FIRST];
    assert_eq!(ir.statement(a.origin).kind, StatementKind::TeamPieces);
    assert_eq!(
        a.colour
            .and_then(|c| c.origin)
            .map(|o| ir.statement(o).kind),
        Some(StatementKind::TeamColour)
    );
    assert_eq!(ir.statement(a.track.origin).kind, StatementKind::Track);
    assert_eq!(
        a.track.end.origin.map(|o| ir.statement(o).kind),
        Some(StatementKind::TrackEnd)
    );
    assert_eq!(ir.teams[TeamId::SECOND].track.end.origin, None);
    assert_eq!(rule_id(&ir, ir.sticks.origin), "R-S");
    assert_eq!(
        ir.sticks
            .first_of_game
            .and_then(|c| c.origin)
            .map(|o| ir.statement(o).kind),
        Some(StatementKind::Sticks(SticksScope::FirstOfGame))
    );
    assert_eq!(rule_id(&ir, ir.classes[0].origin), "R-S");
    for e in &ir.throws {
        assert_eq!(ir.statement(e.origin).kind, StatementKind::Throw);
    }
    assert_eq!(rule_id(&ir, ir.wins[0].origin), "R-W");
    let kinds: Vec<CaptureKind> = ir.capture.stated.iter().map(|c| c.kind).collect();
    assert_eq!(
        kinds,
        [
            CaptureKind::Capture {
                compulsory: true,
                send_home: false,
                swap: false,
                swap_else_said: false,
                throw_again: false,
                home_to: None
            },
            CaptureKind::NoCapture { sharing: false }
        ]
    );
    assert!(
        ir.capture
            .stated
            .iter()
            .all(|c| rule_id(&ir, c.origin) == "R-C")
    );
}

#[test]
fn language_defaults_have_no_origin() {
    let ir = lower(&[]);
    assert_eq!(ir.seats.origin, None);
    assert_eq!(ir.order_origin, None);
    assert_eq!(ir.phases.origin, None);
    assert_eq!(ir.allocation.origin, None);
    assert_eq!(ir.release_order.origin, None);
    assert_eq!(ir.bind_after_release, None);
    assert_eq!(ir.sticks.value.origin, None);
    assert_eq!(ir.sticks.first_of_turn, None);
    assert_eq!(ir.capture.stacking.origin, None);
    assert_eq!(ir.capture.blocked_share.origin, None);
    assert_eq!(ir.capture.home_to.origin, None);
}

#[test]
fn statements_record_the_readings_that_keep_them() {
    let ir = lower(&[]);
    // Under the default `short`, the `else` branch's row is in force, because A-1 = short.
    assert_eq!(ir.rows[0].len, 1);
    assert_eq!(
        ir.readings_of(ir.rows[0].origin),
        [Choice {
            reading: 0,
            option: 0
        }]
    );
    assert!(ir.readings_of(ir.rows[1].origin).is_empty());
    assert_eq!(ir.allocation.value, Allocation::PerThrow);

    let ir = lower(&[("A-1", "long"), ("A-2", "yes")]);
    assert_eq!(ir.rows[0].len, 2);
    assert_eq!(
        ir.readings_of(ir.rows[0].origin),
        [Choice {
            reading: 0,
            option: 1
        }]
    );
    let o = ir.allocation.origin.expect("allocation stated");
    assert_eq!(rule_id(&ir, o), "R-S");
    assert_eq!(
        ir.readings_of(o),
        [
            Choice {
                reading: 1,
                option: 1
            },
            Choice {
                reading: 0,
                option: 1
            }
        ]
    );
}

#[test]
fn rules_list_their_statements_in_force_and_the_readings_they_test() {
    let ir = lower(&[]);
    let kinds = |id: &str| -> Vec<StatementKind> {
        let r = ir.rules.iter().find(|r| r.id == id).unwrap();
        r.statements.iter().map(|s| s.kind).collect()
    };
    use StatementKind as K;
    assert_eq!(
        kinds("R-S"),
        [
            K::Sticks(SticksScope::Always),
            K::Sticks(SticksScope::FirstOfGame),
            K::Class
        ]
    );
    assert_eq!(kinds("R-W"), [K::Win]);
    let tested = |id: &str| {
        ir.rules
            .iter()
            .find(|r| r.id == id)
            .unwrap()
            .readings_tested
            .clone()
    };
    assert_eq!(tested("R-S"), [1, 0]);
    assert_eq!(tested("R-B"), [0]);
    assert!(tested("R-T").is_empty());
}

/// An oracle for an `if`'s test under the readings in force.
fn holds(ir: &Ir, c: &ast::ReadingCond) -> bool {
    match c {
        ast::ReadingCond::Test(reading, option) => {
            let r = ir.readings.iter().find(|r| r.id == reading.node).unwrap();
            r.options[r.chosen].0 == option.node
        }
        ast::ReadingCond::Not(c) => !holds(ir, &c.node),
        ast::ReadingCond::Group(c) => holds(ir, &c.node),
        ast::ReadingCond::All(cs) => cs.iter().all(|c| holds(ir, &c.node)),
        ast::ReadingCond::Any(cs) => cs.iter().any(|c| holds(ir, &c.node)),
    }
}

/// An oracle for flattening: statements the readings in force keep, read from the syntax tree.
fn count_in_force(ir: &Ir, body: &[ast::Stmt]) -> usize {
    body.iter()
        .map(|s| match &s.node {
            ast::StmtKind::If {
                test,
                then,
                otherwise,
            } => {
                if holds(ir, &test.node) {
                    count_in_force(ir, then)
                } else {
                    otherwise.as_deref().map_or(0, |o| count_in_force(ir, o))
                }
            }
            _ => 1,
        })
        .sum()
}

/// Every origin of a variant, with the statement kind it must point at.
fn origins(ir: &Ir) -> Vec<(Origin, StatementKind)> {
    use StatementKind as K;
    let mut out: Vec<(Origin, StatementKind)> = Vec::new();
    out.extend(ir.rows.iter().map(|r| (r.origin, K::Row)));
    for t in &ir.teams {
        out.push((t.origin, K::TeamPieces));
        out.extend(t.colour.and_then(|c| c.origin).map(|o| (o, K::TeamColour)));
        out.push((t.track.origin, K::Track));
        out.extend(t.track.end.origin.map(|o| (o, K::TrackEnd)));
        out.extend(t.track.looping.iter().map(|l| (l.origin, K::TrackLoop)));
        out.extend(t.track.gates.iter().map(|g| (g.origin, K::Gate)));
    }
    let st = &ir.sticks;
    out.push((st.origin, K::Sticks(SticksScope::Always)));
    let stated = |c: &Option<Sourced<u8>>| c.and_then(|c| c.origin);
    out.extend(
        st.by_phase
            .iter()
            .filter_map(stated)
            .map(|o| (o, K::Sticks(SticksScope::InPhase))),
    );
    out.extend(stated(&st.first_of_turn).map(|o| (o, K::Sticks(SticksScope::FirstOfTurn))));
    out.extend(stated(&st.first_of_game).map(|o| (o, K::Sticks(SticksScope::FirstOfGame))));
    out.extend(st.value.origin.map(|o| (o, K::Value)));
    out.extend(ir.classes.iter().map(|c| (c.origin, K::Class)));
    out.extend(ir.seats.origin.map(|o| (o, K::Seats)));
    out.extend(ir.order_origin.map(|o| (o, K::Order)));
    out.extend(ir.phases.origin.map(|o| (o, K::Phases)));
    out.extend(ir.allocation.origin.map(|o| (o, K::Allocation)));
    out.extend(ir.release_order.origin.map(|o| (o, K::ReleaseOrder)));
    out.extend(ir.bind_after_release.map(|o| (o, K::BindAfterRelease)));
    out.extend(ir.transitions.iter().map(|t| (t.origin, K::Transition)));
    out.extend(ir.throws.iter().map(|t| (t.origin, K::Throw)));
    out.extend(ir.wins.iter().map(|t| (t.origin, K::Win)));
    let pol = &ir.capture;
    out.extend(pol.stacking.origin.map(|o| (o, K::Stacking)));
    out.extend(pol.blocked_share.origin.map(|o| (o, K::Blocked)));
    out.extend(pol.home_to.origin.map(|o| (o, K::SendHomeTo)));
    for c in &pol.stated {
        let k = match c.kind {
            CaptureKind::Capture { .. } => K::Capture,
            CaptureKind::NoCapture { .. } => K::NoCapture,
            CaptureKind::OnlyWith(_) => K::CaptureOnly,
            CaptureKind::Immune => K::Immune,
        };
        out.push((c.origin, k));
    }
    out
}

/// Under every option of every reading of the shipped variants: each origin points at a
/// statement of its kind whose readings are all in force, and each rule lists as many
/// statements in force as the syntax tree holds under those readings.
#[test]
fn shipped_variants_origins_are_consistent() {
    for path in [
        "rules/seig-tagent.seig",
        "rules/sig-beart.seig",
        "rules/sigue-caillie.seig",
    ] {
        let text = std::fs::read_to_string(path).unwrap();
        let load = |sel: &Selection| seig::lang::load(text.as_bytes(), sel).1.ir.unwrap();
        let mut sels = vec![Selection::default()];
        for r in &load(&Selection::default()).readings {
            for (o, _) in &r.options {
                sels.push(Selection {
                    readings: vec![(r.id.clone(), o.clone())],
                    params: Vec::new(),
                });
            }
        }
        for sel in sels {
            let ir = &load(&sel);
            for (o, kind) in origins(ir) {
                assert_eq!(ir.statement(o).kind, kind, "{path} {sel:?}");
                for c in ir.readings_of(o) {
                    assert_eq!(ir.readings[c.reading].chosen, c.option);
                }
            }
            let ast = seig::lang::syntax::parse(&text).unwrap();
            let rules = ast.items.iter().filter_map(|i| match i {
                ast::Item::Rule(r) => Some(r),
                _ => None,
            });
            for (r, info) in rules.zip(&ir.rules) {
                let n = count_in_force(ir, &r.body);
                assert_eq!(info.statements.len(), n, "{path} {} {sel:?}", info.id);
            }
        }
    }
}

/// `and`, `or`, `not` and parentheses in an `if`: the branch in force follows the whole test,
/// and its statements name every reading the test reads, at the option in force.
#[test]
fn compound_reading_tests_select_their_branch() {
    let file = FILE.replace(
        "  row lane_b: lane of b, 1 holes\n",
        "  if A-1 = long or A-2 = yes { row lane_b: lane of b, 3 holes }\n  \
         else { row lane_b: lane of b, 1 holes }\n  \
         if not (A-1 = long and A-2 = yes) { row lane_c: spare, 4 holes }\n",
    );
    let lower_with = |readings: &[(&str, &str)]| -> Ir {
        let sel = Selection {
            readings: readings
                .iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect(),
            params: Vec::new(),
        };
        let (_, l) = seig::lang::load(file.as_bytes(), &sel);
        l.ir.unwrap_or_else(|| panic!("{:?}", l.diagnostics))
    };
    let lens = |ir: &Ir| ir.rows.iter().map(|r| r.len).collect::<Vec<_>>();
    // short/no: the `or` fails, the `not (… and …)` holds.
    let ir = lower_with(&[]);
    assert_eq!(lens(&ir), [1, 1, 4]);
    let both = |a, b| {
        [
            Choice {
                reading: 0,
                option: a,
            },
            Choice {
                reading: 1,
                option: b,
            },
        ]
    };
    assert_eq!(ir.readings_of(ir.rows[1].origin), both(0, 0));
    assert_eq!(ir.readings_of(ir.rows[2].origin), both(0, 0));
    // One side of the `or` is enough.
    assert_eq!(lens(&lower_with(&[("A-2", "yes")])), [1, 3, 4]);
    assert_eq!(lens(&lower_with(&[("A-1", "long")])), [2, 3, 4]);
    // Both: the `and` holds, so its negation switches the spare row off.
    let ir = lower_with(&[("A-1", "long"), ("A-2", "yes")]);
    assert_eq!(lens(&ir), [2, 3]);
    assert_eq!(ir.readings_of(ir.rows[1].origin), both(1, 1));
    let r = ir.rules.iter().find(|r| r.id == "R-B").unwrap();
    assert_eq!(r.readings_tested, [0, 1]);
}

/// A compound test with a name no reading or option has: each bad name is told, and the file
/// does not check.
#[test]
fn compound_reading_tests_report_each_bad_name() {
    let file = FILE.replace("  if A-1 = long {", "  if A-1 = lung or not A-9 = yes {");
    let (_, l) = seig::lang::load(file.as_bytes(), &Selection::default());
    assert!(l.ir.is_none());
    let codes: Vec<&str> = l.diagnostics.iter().map(|d| d.code.as_str()).collect();
    // (then `lane_a` unknown: with the test unknown neither branch is in force, as for a
    // single bad test)
    assert_eq!(codes[..2], ["E013", "E010"], "{:?}", l.diagnostics);
}
