//! How often each rule refused a move (`simulate --refusals`): one refusal per refused
//! move and forbidding rule at a set-up position, counts over a study that are positive for
//! a rule that forbids and zero for one that never does, and counting that changes no game.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests may panic on a failed check"
)]

use seig::engine::{Decision, Game};
use seig::lang::lower::Selection;
use seig::tools::analysis::explain::judge_decision;
use seig::tools::analysis::metrics::{self, Players};
use seig::tools::analysis::refusal::{RefusalCounts, tally_refusals};
use seig::tools::analysis::{self, Loaded, report};

/// A race whose gate (X-G1) lets a piece into the middle row only with a throw of 1 or 3, and
/// whose win (X-W1) never forbids anything.
pub const GATE: &str = r#"game "Gate race"
source s "Test" { author "me" year 2026 }
rule X-E1 stated cites s "board" {
  row a_home: home of a, 4 holes
  row mid: middle, 4 holes
  row b_home: home of b, 4 holes
  team a: 4 pieces in a_home
  team b: 4 pieces in b_home
  order: a, b
  sticks: 4 with faces white and black
  value: count of white
  phases: race
  allocation: per throw
  track a: a_home forward, mid forward, b_home backward
  track b: b_home forward, mid backward, a_home backward
  stacking: allowed
}
rule X-T1 stated cites s "throws" {
  on 0: nothing
  on 1: release 1 moving 1
  on any: move value
}
rule X-G1 stated cites s "gate" {
  gate a mid: throw in 1, 3 by crossing throw, else forbid
  gate b mid: throw in 1, 3 by crossing throw, else forbid
}
rule X-C1 stated cites s "capture" {
  capture: compulsory, remove
}
rule X-W1 stated cites s "win" {
  win when opponent has no pieces
}
"#;

fn gate() -> (Loaded, Game) {
    let l = analysis::load_text(GATE, &Selection::default()).unwrap_or_else(|e| panic!("{e}"));
    let g = Game::new(l.ir.clone());
    (l, g)
}

fn rule(g: &Game, id: &str) -> usize {
    g.ir()
        .rules
        .iter()
        .position(|r| r.id == id)
        .unwrap_or_else(|| panic!("no rule {id}"))
}

#[test]
fn one_refusal_per_refused_move_and_forbidding_rule() {
    let (_, g) = gate();
    // a to move a throw of 2: piece 1 (a_home.3) would cross into the middle row with a 2
    // (the gate forbids), piece 2 (a_home.1) may move, pieces 3 and 4 have not started and
    // a 2 releases none.
    let s = g
        .from_notation(
            "race | a 1 move | throws 1/1/1 turns 0 last 4:2 | pool 2/2#0 | a: +a_home.3 +a_home.1 a_home.2 a_home.4 | b: b_home.1 b_home.2 b_home.3 b_home.4",
        )
        .expect("position");
    let mut c = RefusalCounts::default();
    tally_refusals(&g, &s, &mut c);
    assert_eq!(c.positions, 1);
    // Four live pieces, one throw in hand: four moves.
    assert_eq!(c.moves, 4);
    // What `explain` says of each move, counted the same way.
    let mut expected = vec![0u64; g.ir().rules.len()];
    let mut refused = 0;
    for piece in 0..4 {
        let d = Decision {
            piece,
            mask: 1,
            capture: false,
            entry: 0,
        };
        let v = judge_decision(&g, &s, d, "");
        if !v.legal {
            refused += 1;
            for r in &v.rules {
                expected[rule(&g, &r.id)] += 1;
            }
        }
    }
    assert_eq!(c.refused, refused);
    assert_eq!(c.per_rule, expected);
    assert_eq!(c.refused, 3, "pieces 1, 3 and 4 may not move");
    assert_eq!(
        c.per_rule[rule(&g, "X-G1")],
        1,
        "the gate refuses piece 1 only"
    );
    assert_eq!(
        c.per_rule[rule(&g, "X-T1")],
        2,
        "the throw table releases neither piece 3 nor 4"
    );
    assert_eq!(c.per_rule[rule(&g, "X-W1")], 0);
    assert_eq!(c.by_no_rule, 0);
    // A position where nobody decides adds nothing.
    let start = g.initial_state();
    let before = c.clone();
    tally_refusals(&g, &start, &mut c);
    assert_eq!(c, before);
}

fn study(l: &Loaded, g: &Game, refusals: bool) -> metrics::Metrics {
    metrics::Study::new(300)
        .seed(5)
        .max_turns(1_000)
        .jobs(2)
        .refusals(refusals)
        .metrics(l, g, None)
        .expect("no worker panics")
}

#[test]
fn a_study_counts_refusals_of_a_forbidding_rule_and_none_of_another() {
    let (l, g) = gate();
    let with = study(&l, &g, true);
    let without = study(&l, &g, false);
    let refused = |m: &metrics::Metrics, id: &str| {
        m.rules.iter().find(|r| r.id == id).and_then(|r| r.refused)
    };
    assert!(
        refused(&with, "X-G1").is_some_and(|x| x > 0),
        "{:?}",
        with.rules
    );
    assert_eq!(refused(&with, "X-W1"), Some(0));
    let summary = with.refusals.as_ref().expect("counted");
    assert!(summary.refused.k > 0 && summary.refused.k <= summary.moves);
    assert_eq!(summary.positions, with.acc.decision_nodes);
    // Not asked for: nothing counted, nothing shown.
    assert_eq!(refused(&without, "X-G1"), None);
    assert!(without.refusals.is_none());
    assert!(!metrics::render(&without).contains("refused"));
    // Counting changes no game.
    let mut acc = with.acc.clone();
    acc.refusals = None;
    assert_eq!(acc, without.acc);
    // Shown in the table, the JSON and the report.
    let text = metrics::render(&with);
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("X-G1"))
        .expect("a line for X-G1");
    assert!(line.contains("refused"), "{line}");
    assert!(text.contains("refused moves:"), "{text}");
    let json = serde_json::to_value(&with).unwrap();
    let g1 = json["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["id"] == "X-G1")
        .unwrap();
    assert_eq!(g1["refused"].as_u64(), refused(&with, "X-G1"));
    let html = report::study_report(std::slice::from_ref(&with), None);
    assert!(html.contains("refused</th>"), "a refused column");
}

#[test]
fn refusal_counts_merge_to_the_single_run() {
    let (_, g) = gate();
    let players = Players::default();
    let run = |range| {
        metrics::run_games_counting(&g, 9, range, 1_000, &players, 1, false, None, true)
            .expect("no worker panics")
            .0
    };
    let whole = run((0, 200));
    let mut parts = run((0, 120));
    parts.merge(&run((120, 200))).expect("no overflow");
    assert_eq!(parts, whole);
    assert!(whole.refusals.is_some_and(|r| r.refused > 0));
}
