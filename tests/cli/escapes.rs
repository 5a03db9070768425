//! Text from outside reaches the terminal escaped: ESC, BEL, CR and bidirectional controls
//! put into each field of a rule file, a game record and a study shard are shown as
//! `\u{1b}`, `\u{7}`, `\r`, `\u{202e}` … by every command that shows the field, and never
//! reach standard output or error raw. Every case runs the real `seig` binary.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const SEIG: &str = env!("CARGO_BIN_EXE_seig");

/// What a hostile field holds: a screen-clearing escape sequence, a bell, a carriage
/// return, a right-to-left override, an isolate, a C1 control (CSI) and DEL.
const HOSTILE: &str = "x\u{1b}[2J\u{7}\r\u{202e}\u{2066}\u{9b}\u{7f}y";

fn rules(name: &str) -> String {
    format!("{}/rules/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("escapes-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// A character a terminal would act on (line feed and tab aside, which seig's own text
/// uses).
fn unsafe_char(c: char) -> bool {
    matches!(c,
        '\u{0}'..='\u{8}' | '\u{b}'..='\u{1f}' | '\u{7f}'..='\u{9f}'
        | '\u{61c}' | '\u{200e}' | '\u{200f}'
        | '\u{2028}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Runs seig and returns its standard output and error (as text) after checking that
/// neither holds a character a terminal would act on, and that the hostile field was shown,
/// escaped (`\u{1b}[2J`).
fn shown_escaped(args: &[&str], what: &str) -> (String, String) {
    let o = Command::new(SEIG)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("seig runs");
    let (out, err) = (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    );
    for (name, text) in [("stdout", &out), ("stderr", &err)] {
        if let Some(c) = text.chars().find(|&c| unsafe_char(c)) {
            panic!("{what}: seig {args:?} wrote {c:?} raw to {name}:\n{text}");
        }
    }
    let both = format!("{out}{err}");
    assert!(
        both.contains("\\u{1b}[2J")
            && both.contains("\\u{7}")
            && both.contains("\\r")
            && both.contains("\\u{202e}"),
        "{what}: seig {args:?} did not show the field escaped:\n{both}"
    );
    (out, err)
}

/// A copy of Sig with the hostile text in its title and in a citation.
fn hostile_rules(dir: &Path) -> String {
    let text = std::fs::read_to_string(rules("sig-beart.seig")).expect("rules");
    let text = text
        .replacen(
            "game \"Sig (Mauritania), after Béart 1955\"",
            &format!("game \"Sig {HOSTILE}\""),
            1,
        )
        .replacen("\"Si un jeton", &format!("\"{HOSTILE} Si un jeton"), 1);
    assert!(text.contains(HOSTILE));
    let path = dir.join("hostile.seig");
    std::fs::write(&path, text).expect("write");
    path.display().to_string()
}

#[test]
fn rule_file_strings_are_escaped_by_rules_simulate_and_check() {
    let dir = scratch("rules");
    let file = hostile_rules(&dir);
    shown_escaped(&["rules", &file], "rules");
    shown_escaped(&["simulate", &file, "-n", "2", "--quiet"], "simulate");
    // A source line shown by a diagnostic: an unknown name on the title's line.
    let broken =
        std::fs::read_to_string(&file)
            .expect("read")
            .replacen("game \"Sig ", "gme \"Sig ", 1);
    let broken_path = dir.join("broken.seig");
    std::fs::write(&broken_path, broken).expect("write");
    let (_, _) = shown_escaped(&["check", &broken_path.display().to_string()], "check");
}

#[test]
fn simulate_json_stays_json_with_hostile_strings() {
    let dir = scratch("json");
    let file = hostile_rules(&dir);
    let o = Command::new(SEIG)
        .args(["simulate", &file, "-n", "2", "--quiet", "--json"])
        .output()
        .expect("seig runs");
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        !text.contains(unsafe_char),
        "raw controls in the JSON:\n{text}"
    );
    assert!(
        text.contains("\\u202e"),
        "the override written as a JSON escape"
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    let title = v["study"]["game"].as_str().expect("title");
    assert_eq!(
        title,
        format!("Sig {HOSTILE}"),
        "the JSON means the same text"
    );
}

/// A record saved by a real game, as JSON.
fn record(dir: &Path) -> (PathBuf, serde_json::Value) {
    let path = dir.join("r.json");
    let mut child = Command::new(SEIG)
        .args([
            "play",
            &rules("sig-beart.seig"),
            "--plain",
            "--seed",
            "3",
            "--seat",
            "south=human",
            "--seat",
            "north=random",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("seig play");
    {
        use std::io::Write;
        let mut input = child.stdin.take().expect("stdin");
        // An early exit shows in the status below, not as a broken pipe here.
        let _ = writeln!(input, "throw\nsave {}\nquit", path.display());
    }
    assert!(child.wait().expect("play ends").success());
    let v = serde_json::from_slice(&std::fs::read(&path).expect("record")).expect("JSON");
    (path, v)
}

/// Writes the record with one field changed by `edit`, as `name`.
fn tampered(
    dir: &Path,
    base: &serde_json::Value,
    name: &str,
    edit: impl Fn(&mut serde_json::Value),
) -> String {
    let mut v = base.clone();
    edit(&mut v);
    let path = dir.join(name);
    std::fs::write(&path, serde_json::to_string_pretty(&v).expect("JSON")).expect("write");
    path.display().to_string()
}

#[test]
fn record_fields_are_escaped_by_replay_and_play_load() {
    let dir = scratch("record");
    let (_, base) = record(&dir);
    let sig = rules("sig-beart.seig");
    let cases: Vec<(&str, String)> = vec![
        (
            "file",
            tampered(&dir, &base, "file.json", |v| {
                v["file"] = format!("{HOSTILE}.seig").into();
            }),
        ),
        (
            "sha256",
            tampered(&dir, &base, "sha.json", |v| v["sha256"] = HOSTILE.into()),
        ),
        (
            "action",
            tampered(&dir, &base, "action.json", |v| {
                v["actions"][0]["action"] = HOSTILE.into();
            }),
        ),
        (
            "player",
            tampered(&dir, &base, "player.json", |v| {
                v["seats"][0]["player"] = HOSTILE.into();
            }),
        ),
        (
            "readings",
            tampered(&dir, &base, "readings.json", |v| {
                v["readings"][HOSTILE] = HOSTILE.into();
            }),
        ),
        (
            "format",
            tampered(&dir, &base, "format.json", |v| v["format"] = HOSTILE.into()),
        ),
    ];
    for (field, path) in cases.iter().skip(1) {
        let what = format!("record field {field}");
        let (_, err) = shown_escaped(&["replay", path, "--file", &sig, "--plain"], &what);
        assert!(err.contains("error"), "{what}: {err}");
        shown_escaped(
            &["play", &sig, "--plain", "--load", path],
            &format!("{what}, play --load"),
        );
    }
    // The file field when the record's own file is used (no --file).
    let (_, err) = shown_escaped(
        &["replay", &cases[0].1, "--plain"],
        "record file, no --file",
    );
    assert!(err.contains("error"), "{err}");
}

/// Two shards of a study of Sig, as JSON.
fn shards(dir: &Path) -> Vec<serde_json::Value> {
    (1..=2)
        .map(|k| {
            let out = dir.join(format!("s{k}.json"));
            let o = Command::new(SEIG)
                .args([
                    "simulate",
                    &rules("sig-beart.seig"),
                    "-n",
                    "4",
                    "--quiet",
                    "--shard",
                    &format!("{k}/2"),
                    "--out",
                    &out.display().to_string(),
                ])
                .output()
                .expect("seig runs");
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            serde_json::from_slice(&std::fs::read(&out).expect("shard")).expect("JSON")
        })
        .collect()
}

#[test]
fn shard_fields_are_escaped_by_merge() {
    let dir = scratch("shards");
    let base = shards(&dir);
    type Edit = fn(&mut serde_json::Value);
    let edits: [(&str, Edit, bool); 5] = [
        ("format", |v| v["format"] = HOSTILE.into(), false),
        ("game", |v| v["study"]["game"] = HOSTILE.into(), true),
        ("teams", |v| v["study"]["teams"][0] = HOSTILE.into(), true),
        ("file", |v| v["study"]["file"] = HOSTILE.into(), true),
        (
            "an unknown field",
            |v| v["study"][HOSTILE] = 1.into(),
            false,
        ),
    ];
    for (field, edit, merges) in edits {
        let paths: Vec<String> = base
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let mut s = s.clone();
                edit(&mut s);
                let p = dir.join(format!("t{i}.json"));
                std::fs::write(&p, serde_json::to_string(&s).expect("JSON")).expect("write");
                p.display().to_string()
            })
            .collect();
        let what = format!("shard field {field}");
        let o = Command::new(SEIG)
            .args(["merge", &paths[0], &paths[1]])
            .output()
            .expect("seig runs");
        assert_eq!(o.status.success(), merges, "{what}: {o:?}");
        shown_escaped(&["merge", &paths[0], &paths[1]], &what);
    }
}
