//! A deadlock is an outcome of its own, never counted as a timeout: in `simulate --games`
//! and in `compare`'s per-game differences. (Sig under A-SIG-7 = dlp deadlocks in most games
//! and never reaches the turn cap: docs/readings.md.)

#![allow(
    clippy::expect_used,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use std::process::{Command, Output};

const SEIG: &str = env!("CARGO_BIN_EXE_seig");

fn seig(args: &[&str]) -> Output {
    let out = Command::new(SEIG)
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run seig");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

#[test]
fn simulate_games_names_deadlocks_as_deadlocks() {
    let dir = std::env::temp_dir().join(format!("seig-outcomes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("games.jsonl");
    let p = path.to_str().expect("utf-8 path");
    seig(&[
        "simulate",
        "rules/sig-beart.seig",
        "-n",
        "20",
        "--quiet",
        "--reading",
        "A-SIG-7=dlp",
        "--games",
        p,
    ]);
    let text = std::fs::read_to_string(&path).expect("games written");
    let outcomes: Vec<String> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("a JSON line");
            v["outcome"].as_str().expect("outcome").to_string()
        })
        .collect();
    assert_eq!(outcomes.len(), 20);
    assert!(outcomes.iter().any(|o| o == "deadlock"), "{outcomes:?}");
    assert!(
        outcomes.iter().all(|o| o == "deadlock" || o == "won"),
        "{outcomes:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn compare_does_not_count_a_deadlock_as_a_timeout() {
    let out = seig(&[
        "compare",
        "rules/sig-beart.seig",
        "--arm",
        "A-SIG-7=beart",
        "--arm",
        "A-SIG-7=dlp",
        "-n",
        "20",
        "--quiet",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    let row = text
        .lines()
        .find(|l| l.starts_with("timeouts"))
        .expect("a timeouts row");
    assert!(row.contains("+0.0 [+0.0, +0.0]"), "{row}");
    let row = text
        .lines()
        .find(|l| l.starts_with("deadlocks"))
        .expect("a deadlocks row");
    assert!(!row.contains("+0.0 [+0.0, +0.0]"), "{row}");
}
