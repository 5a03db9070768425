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
