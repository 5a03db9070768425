//! The fixtures the `argv` and `merge` fuzz targets start from (`fuzz/corpus-fixtures/`) must
//! be accepted by the commands they feed: a stale fixture (an old shard format, a record of
//! another file) is refused at once, and the fuzzer then never reaches the code behind it.
#![allow(
    clippy::expect_used,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const SEIG: &str = env!("CARGO_BIN_EXE_seig");

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/corpus-fixtures")
        .join(name)
}

fn seig(args: &[&str]) -> Output {
    Command::new(SEIG)
        .args(args)
        .current_dir(fixture(""))
        .output()
        .expect("run seig")
}

fn assert_ok(out: &Output, what: &str) {
    assert!(
        out.status.success(),
        "{what} refused: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_rule_fixture_checks_clean() {
    assert_ok(&seig(&["check", "--deny-warnings", "a.seig"]), "a.seig");
}

#[test]
fn the_shard_fixture_merges() {
    let out = seig(&["merge", "s.json", "--json"]);
    assert_ok(&out, "s.json");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("merge --json");
    assert!(v.is_object(), "merge --json printed {v}");
}

#[test]
fn the_record_fixture_replays() {
    let out = seig(&["replay", "r.json", "--file", "a.seig", "--plain", "--all"]);
    assert_ok(&out, "r.json");
}

#[test]
fn the_text_fixture_is_read_by_coverage() {
    let out = seig(&["coverage", "a.seig", "--text", "dlp=t.txt"]);
    // The fixture is the whole evidence page, so some of its lines are uncited (exit 1); the
    // point is that the text is read and its sentences listed.
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("dlp: "), "t.txt not read: {text}{err}");
    assert!(!err.contains("error"), "t.txt refused: {err}");
}
