//! Outputs never replace inputs: an output path (`--out`, `--report`, `--games`, a save in
//! the game) that names a file the command reads, by the same path, another path, a
//! symlink or a hard link, is refused and the file left as it was; two outputs naming one
//! file are refused. `--games` writes every game. Every case runs the real `seig` binary.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const SEIG: &str = env!("CARGO_BIN_EXE_seig");

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("outputs-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn seig(args: &[&str]) -> Output {
    Command::new(SEIG)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("seig runs")
}

/// A copy of Sig in `dir`, with a symlink and a hard link to it.
fn rule_file(dir: &Path) -> (String, String, String) {
    let file = dir.join("sig.seig");
    std::fs::copy(
        format!("{}/rules/sig-beart.seig", env!("CARGO_MANIFEST_DIR")),
        &file,
    )
    .expect("copy");
    let link = dir.join("link.seig");
    std::os::unix::fs::symlink(&file, &link).expect("symlink");
    let hard = dir.join("hard.seig");
    std::fs::hard_link(&file, &hard).expect("hard link");
    let s = |p: &Path| p.display().to_string();
    (s(&file), s(&link), s(&hard))
}

/// Runs seig and checks that it is refused with a message naming `flag`, and that the rule
/// file is byte for byte as it was.
fn refused(args: &[&str], flag: &str, file: &str) {
    let before = std::fs::read(file).expect("read");
    let o = seig(args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "seig {args:?}: {err}");
    assert!(
        err.contains(flag) && (err.contains("would replace") || err.contains("both name")),
        "seig {args:?}: {err}"
    );
    assert_eq!(
        std::fs::read(file).expect("read"),
        before,
        "seig {args:?} changed the file"
    );
}

#[test]
fn simulate_never_writes_over_its_rule_file() {
    let dir = scratch("simulate");
    let (file, link, hard) = rule_file(&dir);
    let other_path = format!("{}/../outputs-simulate/./sig.seig", dir.display());
    for target in [&file, &link, &hard, &other_path] {
        refused(
            &[
                "simulate", &file, "-n", "2", "--quiet", "--shard", "1/1", "--out", target,
            ],
            "--out",
            &file,
        );
        refused(
            &["simulate", &file, "-n", "2", "--quiet", "--report", target],
            "--report",
            &file,
        );
    }
    // `--games` names a .jsonl or .csv file: a rule file so named is still refused.
    let csv = dir.join("rules.csv").display().to_string();
    std::fs::copy(&file, &csv).expect("copy");
    refused(
        &["simulate", &csv, "-n", "2", "--quiet", "--games", &csv],
        "--games",
        &csv,
    );
    // Two outputs, one file.
    let out = dir.join("o.json").display().to_string();
    refused(
        &[
            "simulate", &file, "-n", "2", "--quiet", "--out", &out, "--report", &out,
        ],
        "--out",
        &file,
    );
    assert!(!Path::new(&out).exists());
}

#[test]
fn merge_and_compare_never_write_over_what_they_read() {
    let dir = scratch("merge");
    let (file, _, _) = rule_file(&dir);
    let shard = dir.join("s.json").display().to_string();
    let o = seig(&[
        "simulate", &file, "-n", "2", "--quiet", "--shard", "1/1", "--out", &shard,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    refused(&["merge", &shard, "--out", &shard], "--out", &shard);
    refused(&["merge", &shard, "--report", &shard], "--report", &shard);
    refused(
        &[
            "compare",
            &file,
            "--reading",
            "A-SIG-1=rethrow",
            "--reading",
            "A-SIG-1=plain",
            "-n",
            "2",
            "--quiet",
            "--report",
            &file,
        ],
        "--report",
        &file,
    );
    // A fresh output is fine.
    let merged = dir.join("m.json").display().to_string();
    let o = seig(&["merge", &shard, "--out", &merged]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn a_save_in_the_game_never_replaces_the_rule_file() {
    let dir = scratch("save");
    let (file, link, _) = rule_file(&dir);
    let before = std::fs::read(&file).expect("read");
    for target in [&file, &link] {
        let mut child = Command::new(SEIG)
            .args([
                "play",
                &file,
                "--plain",
                "--seed",
                "3",
                "--seat",
                "south=human",
                "--seat",
                "north=random",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("seig play");
        {
            use std::io::Write;
            let mut input = child.stdin.take().expect("stdin");
            // An early exit shows in the output below, not as a broken pipe here.
            let _ = writeln!(input, "throw\nsave {target}\nquit\nquit");
        }
        let o = child.wait_with_output().expect("play ends");
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        );
        assert!(text.contains("it is the rule file being played"), "{text}");
        assert_eq!(std::fs::read(&file).expect("read"), before);
    }
}

#[test]
fn games_are_all_written_in_order_past_a_block() {
    // More games than one block of a streamed study (4,096), on two jobs.
    let dir = scratch("games");
    let (file, _, _) = rule_file(&dir);
    let games = dir.join("g.csv").display().to_string();
    let o = seig(&[
        "simulate",
        &file,
        "-n",
        "4500",
        "--quiet",
        "--jobs",
        "2",
        "--max-turns",
        "1",
        "--games",
        &games,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&games).expect("games");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4501, "a header and one line per game");
    for (i, l) in lines.iter().skip(1).enumerate() {
        assert!(l.starts_with(&format!("{i},")), "line {i}: {l}");
    }
}
