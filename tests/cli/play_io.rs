//! `play` and `replay` fail like every other command when their output cannot be written
//! (exit 74, EX_IOERR, with the reason on standard error), and `explain` stops with a clear
//! error at a position with more decisions than the engine lists.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests may panic on a failed check"
)]

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const SEIG: &str = env!("CARGO_BIN_EXE_seig");

fn rules(name: &str) -> String {
    format!("{}/rules/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("play-io-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn full() -> Stdio {
    Stdio::from(
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full"),
    )
}

fn run(args: &[&str], input: &str, stdout: Stdio) -> Output {
    use std::io::Write;
    let mut child = Command::new(SEIG)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("seig starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("ends")
}

fn assert_io_failure(o: &Output, what: &str) {
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(74), "{what}: {err}");
    assert!(
        err.contains("cannot write to standard output") && err.contains("No space left"),
        "{what}: {err}"
    );
    assert!(!err.contains("panicked"), "{what}: {err}");
}

#[test]
fn play_and_replay_on_a_full_disk_exit_74() {
    let dir = scratch("full");
    let sig = rules("sig-beart.seig");
    let record = dir.join("game.json").display().to_string();
    let script = format!("throw\nsave {record}\nquit\nquit\n");
    let args = ["play", &sig, "--plain", "--seed", "3"];
    // The same game with its output readable: it does print, and saves.
    let ok = run(&args, &script, Stdio::piped());
    assert_eq!(ok.status.code(), Some(0));
    assert!(!ok.stdout.is_empty());
    assert!(
        std::path::Path::new(&record).is_file(),
        "the record is saved"
    );
    assert_io_failure(&run(&args, &script, full()), "play --plain");
    let replay = ["replay", &record, "--plain", "--all"];
    let ok = run(&replay, "", Stdio::piped());
    assert_eq!(ok.status.code(), Some(0));
    assert!(!ok.stdout.is_empty());
    assert_io_failure(&run(&replay, "", full()), "replay --plain --all");
}

#[test]
fn a_save_into_a_place_that_cannot_be_written_is_refused_and_the_game_goes_on() {
    let dir = scratch("readonly");
    let sig = rules("sig-beart.seig");
    let target = dir.join("no-such-folder").join("game.json");
    let script = format!("throw\nsave {}\nposition\nquit\nquit\n", target.display());
    let o = run(
        &["play", &sig, "--plain", "--seed", "3"],
        &script,
        Stdio::piped(),
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("not saved:"), "{out}");
    assert!(!target.exists());
    // The game went on after the failed save: the position was printed.
    let after = &out[out.find("not saved:").unwrap()..];
    assert!(after.contains("race") || after.contains("|"), "{after}");
}

/// A pooled race whose pool can hold many different throws: with 48 entries of four values
/// and six pieces, a position has more legal decisions than the engine lists.
const BIG_POOL: &str = r#"game "Big pool"
source s "Test" { author "me" year 2026 }
rule X-E1 stated cites s "board" {
  row a_home: home of a, 6 holes
  row mid: middle, 6 holes
  row b_home: home of b, 6 holes
  team a: 6 pieces in a_home
  team b: 6 pieces in b_home
  order: a, b
  sticks: 4 with faces white and black
  value: count of white
  phases: race
  allocation: pooled
  track a: a_home forward, mid forward, b_home backward
  track b: b_home forward, mid backward, a_home backward
  stacking: allowed
  on 0: nothing
  on 1: release 1 moving 1 and throw again
  on any: move value and throw again
  win when opponent has no pieces
}
"#;

/// `play --load` of a record whose next decision has more than the engine lists: the game
/// stops at once with the engine's message and status 1, in the line mode (the full-screen
/// game stops the same way, through the same `Session::legal_checked`).
#[test]
fn play_stops_at_the_decision_limit_with_a_clear_error() {
    let dir = scratch("play-limit");
    let file = dir.join("pool.seig");
    // Eight sticks: pool entries of seven values (2 to 8).
    std::fs::write(&file, BIG_POOL.replace("sticks: 4", "sticks: 8")).unwrap();
    let f = file.display().to_string();
    let record = dir.join("r.json");
    let r = record.display().to_string();
    // A record of this file (its SHA-256, seats and seed) to put the actions in.
    let o = run(
        &["play", &f, "--plain", "--seed", "5", "--seat", "b=random"],
        &format!("throw\nsave {r}\nquit\nquit\n"),
        Stdio::piped(),
    );
    assert!(record.exists(), "{}", String::from_utf8_lossy(&o.stdout));
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let throw = |k: u64| serde_json::json!({"action": "throw", "k": k});
    // a: six 1s release the six pieces, a 0 ends the throws, each release is played; b
    // throws 0; a throws 35 times, five of each value from 2 to 8, then 0: a pool of 35
    // entries, 6^7 - 1 groups of them, each for any of six pieces.
    let mut actions: Vec<serde_json::Value> = vec![throw(1); 6];
    actions.push(throw(0));
    for piece in (0..6u64).rev() {
        actions.push(serde_json::json!({"action": "move", "piece": piece, "mask": 1u64 << (5 - piece), "capture": false}));
    }
    actions.push(throw(0));
    actions.extend((0..35u64).map(|i| throw(2 + i % 7)));
    actions.push(throw(0));
    json["actions"] = serde_json::Value::Array(actions);
    std::fs::write(&record, json.to_string()).unwrap();
    let o = run(&["play", &f, "--plain", "--load", &r], "", Stdio::piped());
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!(
            "error: this position has more than {} legal decisions",
            seig::engine::MAX_DECISIONS
        )),
        "{err}"
    );
    // The game was not left half-listed: no numbered move was offered.
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(!out.contains("  1) "), "{out}");
}

#[test]
fn explain_stops_at_the_decision_limit_with_a_clear_error() {
    let dir = scratch("limit");
    let file = dir.join("pool.seig");
    std::fs::write(&file, BIG_POOL).unwrap();
    // 48 entries, twelve each of 1, 2, 3 and 4: 13^4 - 1 groups, each for any of 6 pieces.
    let pool: Vec<String> = (0..48).map(|i| format!("{0}/{0}#{i}", 1 + i % 4)).collect();
    let position = format!(
        "race | a 1 move | throws 48/48/48 turns 0 last 4:1 | pool {} | a: +a_home.1 +a_home.2 +a_home.3 +a_home.4 +a_home.5 +a_home.6 | b: b_home.1 b_home.2 b_home.3 b_home.4 b_home.5 b_home.6",
        pool.join(" ")
    );
    assert!(
        (13u64.pow(4) - 1) * 6 > seig::engine::MAX_DECISIONS as u64,
        "the position must exceed the limit"
    );
    let f = file.display().to_string();
    let o = run(
        &["explain", &f, "--position", &position],
        "",
        Stdio::piped(),
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(&format!(
            "more than {} legal decisions",
            seig::engine::MAX_DECISIONS
        )) && err.contains("MAX_DECISIONS"),
        "{err}"
    );
    assert!(o.stdout.is_empty(), "no partial listing");
    // Eight entries make a position within the limit, listed and explained.
    let small: Vec<String> = (0..8).map(|i| format!("{0}/{0}#{i}", 1 + i % 4)).collect();
    let position = format!(
        "race | a 1 move | throws 8/8/8 turns 0 last 4:1 | pool {} | a: +a_home.1 +a_home.2 +a_home.3 +a_home.4 +a_home.5 +a_home.6 | b: b_home.1 b_home.2 b_home.3 b_home.4 b_home.5 b_home.6",
        small.join(" ")
    );
    let o = run(
        &["explain", &f, "--position", &position],
        "",
        Stdio::piped(),
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
