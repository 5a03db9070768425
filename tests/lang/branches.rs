//! Statements under readings: names checked only in the branches in force (and a warning
//! for a branch no selection puts in force), the `once` budget counted per selection.
#![allow(
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::lang::ir::*;
use seig::lang::lower::Selection;

/// A small variant with a reading `A-1` (`no` by default, or `yes`); `extra` goes in rule
/// R-X.
fn file(extra: &str) -> String {
    format!(
        r#"
game "Branches"
source s "Test" {{ author "me" }}
reading A-1 "Which?" {{ no (default) "one" yes "other" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 3 holes
  row mid: middle, 3 holes
  row b_home: home of b, 3 holes
  team a: 3 pieces in a_home
  team b: 3 pieces in b_home
  track a: a_home forward, mid forward, b_home backward goal
  track b: b_home forward, mid backward, a_home backward goal
  sticks: 4 with faces white and black
  on 0: nothing
  on any: release or move value
}}
rule R-X inferred cites s "extra" {{
{extra}
}}
"#
    )
}

/// The codes and messages of lowering `extra` with reading A-1 set to `option`.
fn diags(extra: &str, option: &str) -> (Option<Ir>, Vec<(String, String)>) {
    let sel = Selection {
        readings: vec![("A-1".into(), option.into())],
        params: vec![],
    };
    let (_, l) = seig::lang::load(file(extra).as_bytes(), &sel);
    let ds = l
        .diagnostics
        .iter()
        .map(|d| (d.code.as_str().to_string(), d.message.clone()))
        .collect();
    (l.ir, ds)
}

fn codes(extra: &str, option: &str) -> Vec<String> {
    diags(extra, option).1.into_iter().map(|(c, _)| c).collect()
}

#[test]
fn the_once_budget_counts_the_latches_in_force() {
    let onces = |n: usize| "  on 0 if once first throw of game: nothing\n".repeat(n);
    // 40 `once` in the file, at most 20 in force under either option.
    let extra = format!("if A-1 = yes {{\n{}}} else {{\n{}}}", onces(20), onces(20));
    for option in ["no", "yes"] {
        let (ir, ds) = diags(&extra, option);
        assert!(ds.iter().all(|(c, _)| c != "E113"), "{option}: {ds:?}");
        let ir = ir.unwrap_or_else(|| panic!("{option}: {ds:?}"));
        let mut latches: Vec<u8> = ir
            .throws
            .iter()
            .flat_map(|e| &e.conds)
            .filter_map(|c| match c {
                Cond::Once { latch, .. } => Some(*latch),
                _ => None,
            })
            .collect();
        latches.sort_unstable();
        assert_eq!(latches, (0..20).collect::<Vec<u8>>(), "{option}");
    }
    // 33 in force under `yes` is one too many there, and only there.
    let extra = format!("if A-1 = yes {{\n{}}}", onces(33));
    assert!(codes(&extra, "yes").contains(&"E113".to_string()));
    assert!(!codes(&extra, "no").contains(&"E113".to_string()));
}

#[test]
fn names_are_checked_in_the_branches_in_force() {
    // The phases only the `yes` branch declares, used only in that branch.
    let extra = "if A-1 = yes {\n  phases: race, combat\n  win in combat when opponent has no pieces\n  from race enter combat when all own pieces released\n}";
    for option in ["no", "yes"] {
        let (ir, ds) = diags(extra, option);
        assert_eq!(ds, [], "{option}");
        let ir = ir.expect("an IR");
        let phases: Vec<&str> = ir.phases.value.iter().map(String::as_str).collect();
        let want: &[&str] = if option == "yes" {
            &["race", "combat"]
        } else {
            &["play"]
        };
        assert_eq!(phases, want);
    }
}

#[test]
fn a_name_unknown_where_its_statement_is_in_force_is_an_error_under_any_selection() {
    let extra = "if A-1 = yes {\n  phases: race, combat\n  from race enter fight when all own pieces released\n}";
    for option in ["no", "yes"] {
        let (ir, ds) = diags(extra, option);
        assert!(ir.is_none(), "{option}");
        let e010: Vec<&String> = ds
            .iter()
            .filter(|(c, _)| c == "E010")
            .map(|(_, m)| m)
            .collect();
        assert_eq!(e010.len(), 1, "{option}: {ds:?}");
        assert!(e010[0].contains("fight"), "{option}: {ds:?}");
    }
    // Under `no` the error says which reading puts its statement in force.
    let sel = Selection {
        readings: vec![("A-1".into(), "no".into())],
        params: vec![],
    };
    let (_, l) = seig::lang::load(file(extra).as_bytes(), &sel);
    let d = l
        .diagnostics
        .iter()
        .find(|d| d.code.as_str() == "E010")
        .expect("E010");
    assert!(
        d.notes.iter().any(|n| n.contains("--reading A-1=yes")),
        "{:?}",
        d.notes
    );
}

#[test]
fn a_branch_no_selection_puts_in_force_is_a_warning_and_unchecked() {
    // Inside `A-1 = yes`, `A-1 = no` never holds; the unknown phase in it is never checked.
    let extra = "if A-1 = yes {\n  if A-1 = no { on 1 in nowhere: move 1 }\n}";
    for option in ["no", "yes"] {
        let (ir, ds) = diags(extra, option);
        assert_eq!(
            ds.iter().map(|(c, _)| c.as_str()).collect::<Vec<_>>(),
            ["W012"],
            "{option}: {ds:?}"
        );
        assert!(ir.is_some());
    }
    // An `else` of a test the outer `if` decided.
    let extra = "if A-1 = yes {\n  if A-1 = yes { stacking: allowed } else { stacking: forbidden }\n} else { stacking: allowed }";
    let (_, ds) = diags(extra, "no");
    assert_eq!(ds.len(), 1, "{ds:?}");
    assert!(ds[0].1.contains("always holds"), "{ds:?}");
    // Tests of two readings, or of one reading agreeing, warn of nothing.
    let extra =
        "if A-1 = yes {\n  if A-1 = yes { stacking: allowed }\n} else { stacking: allowed }";
    assert_eq!(diags(extra, "no").1, []);
}
