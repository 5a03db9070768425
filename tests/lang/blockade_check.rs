//! W047: a blockade that, once formed on the last holes of a team's track, the other team
//! can never pass; warned only where nothing could ever break it.

use seig::lang::lower::Selection;

/// The corpus case, with `extra` statements added to its rule.
fn file(track_a: &str, extra: &str) -> String {
    format!(
        r#"
game "Mini race"
source s "Test" {{ author "me" year 2026 }}
rule X-E1 stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 6 holes
  row b_home: home of b, 4 holes
  team a: 4 pieces in a_home
  team b: 4 pieces in b_home
  order: a, b
  sticks: 4 with faces white and black
  {track_a}
  track b: b_home forward, mid backward, a_home backward goal
  on 0: nothing
  on 1: release 1 moving 1
  on any: move value
  blockade: 2 in a row
  win when all own pieces arrived
  {extra}
}}
"#
    )
}

const ENDS_IN_MID: &str = "track a: a_home forward goal, mid forward";

/// The warnings (`CODE: message`) of a file that lowers.
fn w046(text: &str) -> Vec<String> {
    let (_, l) = seig::lang::load(text.as_bytes(), &Selection::default());
    assert!(l.ir.is_some(), "{:?}", l.diagnostics);
    l.diagnostics
        .iter()
        .filter(|d| d.code.as_str() == "W047")
        .map(|d| d.message.clone())
        .collect()
}

#[test]
fn a_blockade_on_the_last_holes_of_a_track_that_the_other_team_walks_past_is_w046() {
    assert_eq!(
        w046(&file(ENDS_IN_MID, "")),
        ["a blockade of `a` on `mid.5`, `mid.6` can never be passed by `b`"]
    );
}

#[test]
fn a_blockade_that_can_break_is_not_w046() {
    // Pieces bear off from the end, b takes there, the pieces share holes, a longer run is
    // needed than the track end holds for b, or b's pieces all start past it.
    for extra in [
        "bear off from mid with any",
        "capture: compulsory, remove",
        "stacking: allowed",
        "when no move forward: move backward, must",
    ] {
        assert_eq!(
            w046(&file(ENDS_IN_MID, extra)),
            Vec::<String>::new(),
            "{extra}"
        );
    }
    // Protected by two in a row, a's pieces cannot be taken: the warning holds.
    assert_eq!(
        w046(&file(
            ENDS_IN_MID,
            "capture: compulsory, remove\n  protection: 2 in a row"
        ))
        .len(),
        1
    );
    // Team a's track ends in b's home row, past b's last hole: b never walks past it.
    let ends_past_b = "track a: a_home forward goal, mid forward, b_home backward";
    assert_eq!(w046(&file(ends_past_b, "")), Vec::<String>::new());
}
