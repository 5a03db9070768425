//! `seig check --probe N`: random games that never end, their share, and the statements
//! they point at.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::engine::Game;
use seig::lang::lower::Selection;
use seig::tools::analysis;
use seig::tools::probe::probe;
use std::path::Path;
use std::process::Command;

fn game(path: &str) -> Game {
    let l = analysis::load(Path::new(path), &Selection::default()).expect("loads");
    Game::new(l.ir)
}

#[test]
fn a_file_where_nothing_moves_never_ends_and_says_so() {
    let g = game("tests/diagnostics/no_piece_ever_released.seig");
    let r = probe(&g, 7, 10, 50);
    assert_eq!((r.games, r.capped, r.aborted), (10, 10, 0));
    assert!(
        r.interval.0 > 0.6 && r.interval.1 > 0.999,
        "{:?}",
        r.interval
    );
    assert!(
        r.suspects
            .iter()
            .any(|s| s.origin.is_none() && s.message.contains("no piece ever moved")),
        "{:?}",
        r.suspects
    );
    // The win that never held is named, at its statement.
    let win = g.ir().wins[0].origin;
    assert!(
        r.suspects
            .iter()
            .any(|s| s.origin == Some(win) && s.message.contains("opponent has no pieces")),
        "{:?}",
        r.suspects
    );
}

#[test]
fn the_probe_is_deterministic_by_seed() {
    let g = game("rules/sig-beart.seig");
    let a = probe(&g, 3, 6, 400);
    assert_eq!(a, probe(&g, 3, 6, 400));
    assert_eq!(a.games, 6);
    assert!(a.capped + a.aborted <= 6);
}

#[test]
fn check_probe_exits_non_zero_with_deny_warnings() {
    let bin = env!("CARGO_BIN_EXE_seig");
    let file = "tests/diagnostics/no_piece_ever_released.seig";
    let out = Command::new(bin)
        .args(["check", "--probe", "4", "--max-turns", "30", file])
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("warning[probe]: 4 of 4 random game(s) (100.0%"),
        "{stdout}"
    );
    assert!(
        stdout.contains("no_piece_ever_released.seig:5:1: rule X-E1: "),
        "{stdout}"
    );
    // Stopped by the cap, not "never ending": the words say what was measured.
    assert!(stdout.contains("did not end within 30 turns"), "{stdout}");
    assert!(!stdout.contains("never end"), "{stdout}");
    let denied = Command::new(bin)
        .args([
            "check",
            "--deny-warnings",
            "--probe",
            "4",
            "--max-turns",
            "30",
            file,
        ])
        .output()
        .expect("runs");
    assert_eq!(denied.status.code(), Some(1));
    // Without --probe, nothing is played.
    let plain = Command::new(bin)
        .args(["check", file])
        .output()
        .expect("runs");
    assert!(!String::from_utf8_lossy(&plain.stdout).contains("probe"));
}

/// A variant where team b's two pieces start on mid.5 and mid.6, at the end of their track,
/// and can never move (no stacking): with `blockade: 2 in a row`, team a's pieces can never
/// walk past them, and no game ends.
fn walled(extra: &str) -> Game {
    let text = format!(
        r#"
game "Wall"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 6 holes
  row b_home: home of b, 4 holes
  team a: 4 pieces in a_home
  team b: 2 pieces on holes 5, 6 of mid
  track a: a_home forward, mid forward, b_home backward goal
  track b: mid forward goal
  stacking: forbidden
  sticks: 4 with faces white and black
  on 0: nothing
  on 1: release 1 moving 1
  on any: move value
  win when all own pieces arrived
  {extra}
}}
"#
    );
    let (_, l) = seig::lang::load(text.as_bytes(), &Selection::default());
    Game::new(l.ir.expect("lowers"))
}

#[test]
fn a_blockade_that_stood_ahead_of_the_other_team_when_games_were_stopped_is_named() {
    let g = walled("blockade: 2 in a row");
    let r = probe(&g, 5, 8, 200);
    assert_eq!(r.capped, 8, "{r:?}");
    let origin = g.ir().movement.blockade.origin;
    assert!(origin.is_some());
    let named: Vec<&str> = r
        .suspects
        .iter()
        .filter(|s| s.origin == origin)
        .map(|s| s.message.as_str())
        .collect();
    assert_eq!(
        named,
        [
            "in 8 of the 8 game(s) that did not end, a blockade of `b` stood ahead of pieces of `a` on their track when the game was stopped"
        ]
    );
    // Without the statement, a's pieces pass b's and nothing names a blockade.
    let g = walled("");
    let r = probe(&g, 5, 8, 200);
    assert!(
        r.suspects.iter().all(|s| !s.message.contains("blockade")),
        "{r:?}"
    );
}
