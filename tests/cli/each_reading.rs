//! `seig compare FILE --each-reading`: every arm says how its games ended — completed,
//! stopped at the turn cap, or deadlocked — in the table, the JSON and the report.

#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use std::process::Command;

const SEIG: &str = env!("CARGO_BIN_EXE_seig");

fn compare(extra: &[&str]) -> std::process::Output {
    Command::new(SEIG)
        .args([
            "compare",
            "rules/sig-beart.seig",
            "--each-reading",
            "-n",
            "24",
        ])
        .args(["--jobs", "2", "--quiet"])
        .args(extra)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run seig")
}

#[test]
fn every_arm_accounts_for_its_games_as_completed_timed_out_or_deadlocked() {
    let out = compare(&["--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let rows = v["rows"].as_array().expect("rows");
    assert!(!rows.is_empty());
    let mut deadlocked_arms = 0;
    for r in rows {
        let (t, d) = (&r["timeouts"], &r["deadlocks"]);
        assert_eq!(t["n"], 24, "{r}");
        assert_eq!(d["n"], 24, "{r}");
        let done: u64 = r["completion"]
            .as_str()
            .and_then(|c| c.split('%').next())
            .and_then(|p| p.trim().parse::<f64>().ok())
            .map(|p| (p * 24.0 / 100.0).round() as u64)
            .expect("completion");
        let (t, d) = (t["k"].as_u64().expect("k"), d["k"].as_u64().expect("k"));
        assert_eq!(done + t + d, 24, "{r}");
        if d > 0 {
            deadlocked_arms += 1;
        }
    }
    // A-SIG-7 = dlp parks returned pieces where their own team cannot pass (docs/readings.md).
    let dlp = rows
        .iter()
        .find(|r| r["reading"] == "A-SIG-7" && r["option"] == "dlp")
        .expect("the A-SIG-7 = dlp arm");
    assert!(dlp["deadlocks"]["k"].as_u64() > Some(0), "{dlp}");
    assert!(deadlocked_arms >= 1);
}

#[test]
fn the_table_and_the_report_have_timeout_and_deadlock_columns() {
    let out = compare(&[]);
    let text = String::from_utf8_lossy(&out.stdout);
    let header = text
        .lines()
        .find(|l| l.starts_with("arm "))
        .expect("a header line");
    assert!(
        header.contains("timeouts") && header.contains("deadlocks"),
        "{header}"
    );
    let dir = std::env::temp_dir().join(format!("seig-each-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let report = dir.join("each.html");
    let out = compare(&["--report", report.to_str().expect("utf-8 path")]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let html = std::fs::read_to_string(&report).expect("report written");
    assert!(html.contains("<th>timeouts</th><th>deadlocks</th>"));
    let _ = std::fs::remove_dir_all(&dir);
}
