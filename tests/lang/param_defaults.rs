//! A param whose default names another param: it takes that param's value in force unless
//! the command line sets it; bad chains are reported with their codes.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::lang::ir::{Ir, TeamId};
use seig::lang::lower::Selection;
use seig::tools::analysis::{self, rulebook};

/// A small variant whose teams have `counters` pieces; `params` declares `holes`, `counters`
/// and whatever else the test needs.
fn file(params: &str) -> String {
    format!(
        r#"
game "Follows"
source s "Test" {{ author "me" }}
{params}
rule R-B stated cites s "board" {{
  row a_home: home of a, holes holes
  row mid: middle, holes holes
  row b_home: home of b, holes holes
  team a: counters pieces in a_home
  team b: counters pieces in b_home
  track a: a_home forward, mid forward, b_home backward goal
  track b: b_home forward, mid backward, a_home backward goal
  sticks: 4 with faces white and black
  on 0: nothing
  on any: move value
}}
"#
    )
}

const FOLLOWS: &str =
    "param holes = 4 in 2..8 \"holes\"\nparam counters = holes in 1..8 \"as many as holes\"";

fn sel(params: &[(&str, i64)]) -> Selection {
    Selection {
        readings: Vec::new(),
        params: params.iter().map(|(n, v)| (n.to_string(), *v)).collect(),
    }
}

fn lower(params: &str, s: &Selection) -> Result<Ir, Vec<String>> {
    let (_, l) = seig::lang::load(file(params).as_bytes(), s);
    l.ir.ok_or_else(|| {
        l.diagnostics
            .iter()
            .map(|d| format!("{} {}", d.code.as_str(), d.message))
            .collect()
    })
}

fn value(ir: &Ir, name: &str) -> (i64, i64) {
    let p = ir.params.iter().find(|p| p.name == name).expect("declared");
    (p.value, p.default)
}

#[test]
fn a_follower_takes_the_default_of_the_param_it_names() {
    let ir = lower(FOLLOWS, &Selection::default()).expect("lowers");
    assert_eq!(value(&ir, "counters"), (4, 4));
    assert_eq!(ir.teams[TeamId::FIRST].pieces, 4);
    let p = ir
        .params
        .iter()
        .find(|p| p.name == "counters")
        .expect("declared");
    assert_eq!(p.follows.as_deref(), Some("holes"));
}

#[test]
fn a_follower_takes_the_value_the_command_line_gives_the_param_it_names() {
    let ir = lower(FOLLOWS, &sel(&[("holes", 7)])).expect("lowers");
    assert_eq!(value(&ir, "holes"), (7, 4));
    assert_eq!(value(&ir, "counters"), (7, 7));
    assert_eq!(
        (
            ir.teams[TeamId::FIRST].pieces,
            ir.teams[TeamId::SECOND].pieces
        ),
        (7, 7)
    );
}

#[test]
fn the_command_line_sets_a_follower_apart() {
    let ir = lower(FOLLOWS, &sel(&[("holes", 7), ("counters", 2)])).expect("lowers");
    assert_eq!(value(&ir, "counters"), (2, 7));
    assert_eq!(ir.teams[TeamId::FIRST].pieces, 2);
}

#[test]
fn a_chain_of_followers_ends_on_a_number_declared_anywhere() {
    let ps = "param counters = mid in 1..8 \"p\"\nparam mid = holes in 1..8 \"m\"\nparam holes = 5 in 2..8 \"h\"";
    let ir = lower(ps, &Selection::default()).expect("lowers");
    assert_eq!(value(&ir, "counters"), (5, 5));
    let ir = lower(ps, &sel(&[("mid", 3)])).expect("lowers");
    assert_eq!((value(&ir, "counters").0, value(&ir, "holes").0), (3, 5));
}

#[test]
fn a_circle_of_defaults_is_e027_and_a_missing_name_is_e010() {
    let ps = "param holes = counters in 2..8 \"h\"\nparam counters = holes in 1..8 \"p\"";
    let e = lower(ps, &Selection::default()).expect_err("a circle");
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(
        e[0].starts_with("E027") && e[0].contains("holes = counters = holes"),
        "{e:?}"
    );
    let ps = "param holes = 4 in 2..8 \"h\"\nparam counters = hole in 1..8 \"p\"";
    let e = lower(ps, &Selection::default()).expect_err("no such param");
    assert_eq!(e, ["E010 unknown param `hole`"]);
}

#[test]
fn a_followed_value_outside_the_followers_range_is_e034() {
    let ps = "param holes = 4 in 2..8 \"h\"\nparam counters = holes in 1..6 \"p\"";
    assert!(lower(ps, &sel(&[("holes", 6)])).is_ok());
    let e = lower(ps, &sel(&[("holes", 7)])).expect_err("out of range");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("E034") && e[0].contains("7"), "{e:?}");
    assert!(lower(ps, &sel(&[("holes", 7), ("counters", 6)])).is_ok());
}

#[test]
fn the_formatter_keeps_a_default_that_names_a_param() {
    let text = file(FOLLOWS);
    let out = seig::lang::fmt::format_text(&text).expect("formats");
    assert!(
        out.contains("param counters = holes in 1..8 \"as many as holes\""),
        "{out}"
    );
    assert_eq!(seig::lang::fmt::format_text(&out).expect("formats"), out);
}

#[test]
fn seig_rules_says_which_param_a_default_follows() {
    let l = analysis::load_text(&file(FOLLOWS), &sel(&[("holes", 6)])).expect("loads");
    let book = rulebook::rulebook(&l);
    assert!(
        book.contains("- counters = 6 (default: as holes) (range 1..8)"),
        "{book}"
    );
    let l =
        analysis::load_text(&file(FOLLOWS), &sel(&[("holes", 6), ("counters", 2)])).expect("loads");
    let book = rulebook::rulebook(&l);
    assert!(
        book.contains("- counters = 2 (default: as holes, 6) (range 1..8)"),
        "{book}"
    );
}

/// `param holes = 5 in 3..9 odd`: the odd numbers of the range only; a default or a
/// command-line value that is even is refused (E023, E033), an odd one is the value in
/// force; the pieces start one per hole of the rows it sizes.
#[test]
fn a_param_restricted_to_odd_numbers_takes_only_them() {
    let odd = "param holes = 5 in 3..9 odd \"holes\"\nparam counters = 3 in 1..9 \"pieces\"";
    let ir = lower(odd, &sel(&[])).expect("lowers");
    assert_eq!(value(&ir, "holes"), (5, 5));
    assert_eq!(ir.rows[1].len, 5);
    let ir = lower(odd, &sel(&[("holes", 7)])).expect("7 is odd");
    assert_eq!(value(&ir, "holes"), (7, 5));
    assert_eq!(ir.rows.iter().map(|r| r.len).collect::<Vec<_>>(), [7, 7, 7]);
    let e = lower(odd, &sel(&[("holes", 6)])).expect_err("6 is even");
    assert_eq!(
        e,
        ["E033 --param holes=6: 6 is not one of the values of `holes`"]
    );
    let e = lower(&odd.replace("= 5 in", "= 4 in"), &sel(&[])).expect_err("even default");
    assert_eq!(
        e,
        ["E023 default 4 of `holes` is not one of its values 3..9 odd"]
    );
    let e = lower(&odd.replace("3..9 odd", "4..4 odd"), &sel(&[])).expect_err("no odd value");
    assert_eq!(e[0], "E022 `holes` takes no value");
    // Even numbers likewise.
    let even = odd.replace("= 5 in 3..9 odd", "= 4 in 3..9 even");
    assert_eq!(value(&lower(&even, &sel(&[])).expect("4"), "holes"), (4, 4));
    assert!(lower(&even, &sel(&[("holes", 5)])).is_err());
}

/// `param holes = 4 in 4, 5, 7`: the values listed only (its range from the least to the
/// greatest); the rulebook writes them as the file does; `seig fmt` keeps them.
#[test]
fn a_param_restricted_to_listed_values_takes_only_them() {
    let listed = "param holes = 4 in 4, 5, 7 \"holes\"\nparam counters = 3 in 1..9 \"pieces\"";
    let ir = lower(listed, &sel(&[])).expect("lowers");
    let p = &ir.params[0];
    assert_eq!((p.value, p.range), (4, (4, 7)));
    for (v, ok) in [
        (3, false),
        (4, true),
        (5, true),
        (6, false),
        (7, true),
        (8, false),
    ] {
        assert_eq!(
            lower(listed, &sel(&[("holes", v)])).is_ok(),
            ok,
            "holes={v}"
        );
    }
    let e = lower(listed, &sel(&[("holes", 6)])).expect_err("6 is not listed");
    assert_eq!(
        e,
        ["E033 --param holes=6: 6 is not one of the values of `holes`"]
    );
    let l = analysis::load_text(&file(listed), &sel(&[])).expect("loads");
    let book = rulebook::rulebook(&l);
    assert!(
        book.contains("- holes = 4 (default) (range 4, 5, 7): holes"),
        "{book}"
    );
    let formatted = seig::lang::fmt::format_text(&file(listed)).expect("formats");
    assert!(
        formatted.contains("param holes = 4 in 4, 5, 7 \"holes\""),
        "{formatted}"
    );
    let odd = file("param holes = 5 in 3..9 odd\nparam counters = 3 in 1..9");
    let formatted = seig::lang::fmt::format_text(&odd).expect("formats");
    assert!(
        formatted.contains("param holes = 5 in 3..9 odd\n"),
        "{formatted}"
    );
}
