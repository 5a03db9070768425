//! The engine commands of the binary: `simulate`, `perft` and `playout` are reproducible,
//! print what they promise, and refuse bad input with exit code 1 and a clear message.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::engine::{Game, Quiet, State};
use seig::lang::lower::Selection;
use seig::tools::sim::Rng;
use std::process::{Command, Output};

const VARIANTS: [&str; 3] = ["seig-tagent.seig", "sig-beart.seig", "sigue-caillie.seig"];

fn rule_path(file: &str) -> String {
    format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"))
}

fn seig(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_seig"))
        .args(args)
        .output()
        .expect("the seig binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("UTF-8 stdout")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("UTF-8 stderr")
}

/// Runs and expects exit 0.
fn ok(args: &[&str]) -> String {
    let o = seig(args);
    assert_eq!(
        o.status.code(),
        Some(0),
        "seig {} failed:\n{}",
        args.join(" "),
        stderr(&o)
    );
    stdout(&o)
}

/// Runs and expects exit 1 with no panic; returns stderr.
fn fails(args: &[&str]) -> String {
    let o = seig(args);
    let err = stderr(&o);
    assert_eq!(
        o.status.code(),
        Some(1),
        "seig {} should exit 1:\nstdout: {}\nstderr: {err}",
        args.join(" "),
        stdout(&o)
    );
    assert!(
        !err.contains("panicked"),
        "seig {} panicked:\n{err}",
        args.join(" ")
    );
    assert!(
        !err.trim().is_empty(),
        "seig {} says nothing",
        args.join(" ")
    );
    err
}

fn load(file: &str) -> Game {
    let bytes = std::fs::read(rule_path(file)).expect("readable rule file");
    let (_, lowered) = seig::lang::load(&bytes, &Selection::default());
    Game::new(lowered.ir.expect("the bundled variant loads"))
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}):\n{text}"))
}

// ------------------------------------------------------------------------------------------
// simulate

#[test]
fn simulate_json_is_byte_identical_across_runs() {
    for file in VARIANTS {
        let path = rule_path(file);
        let args = ["simulate", &path, "-n", "200", "--seed", "7", "--json"];
        let a = ok(&args);
        let b = ok(&args);
        assert_eq!(a, b, "{file}: two runs differ");
    }
}

#[test]
fn simulate_json_does_not_depend_on_jobs() {
    for file in VARIANTS {
        let path = rule_path(file);
        let run = |jobs: &str| {
            ok(&[
                "simulate", &path, "-n", "200", "--seed", "7", "--json", "--jobs", jobs,
            ])
        };
        let one = run("1");
        assert_eq!(one, run("2"), "{file}: --jobs 1 and --jobs 2 differ");
        assert_eq!(one, run("3"), "{file}: --jobs 1 and --jobs 3 differ");
    }
}

#[test]
fn simulate_json_has_the_summary_fields() {
    let file = "seig-tagent.seig";
    let g = load(file);
    let path = rule_path(file);
    let v = json(&ok(&[
        "simulate", &path, "-n", "200", "--seed", "7", "--json", "--jobs", "2",
    ]));
    let o = v.as_object().expect("a JSON object");
    assert_eq!(o["games"], 200);
    assert_eq!(o["seed"], 7);
    let completed = o["completed"].as_u64().expect("completed is a count");
    assert!(completed <= 200);
    let wins = o["wins"].as_object().expect("wins is an object");
    let mut keys: Vec<&String> = wins.keys().collect();
    keys.sort();
    let mut teams: Vec<&String> = g.ir().teams.iter().map(|t| &t.name).collect();
    teams.sort();
    assert_eq!(keys, teams, "wins are keyed by team name");
    let total: u64 = wins.values().map(|w| w.as_u64().expect("a count")).sum();
    assert_eq!(total, completed, "every completed game has one winner");
    for k in ["turns_mean", "turns_median"] {
        let x = o[k].as_f64().unwrap_or_else(|| panic!("{k} is a number"));
        assert!(x.is_finite() && x >= 0.0, "{k} = {x}");
    }
    if completed > 0 {
        assert!(o["turns_mean"].as_f64().unwrap() > 0.0);
    }
    let readings: Vec<&str> = o["readings"]
        .as_array()
        .expect("readings is a list")
        .iter()
        .map(|r| r.as_str().expect("a reading is a string"))
        .collect();
    let want: Vec<String> = g
        .ir()
        .readings
        .iter()
        .map(|r| format!("{}={}", r.id, r.options[r.default].0))
        .collect();
    assert_eq!(readings, want, "the readings in force, as ID=option");
    for k in ["playouts_per_sec", "actions_per_sec"] {
        assert!(!o.contains_key(k), "{k} appears without --timing");
    }
}

#[test]
fn simulate_json_names_the_readings_chosen() {
    let path = rule_path("seig-tagent.seig");
    let v = json(&ok(&[
        "simulate",
        &path,
        "-n",
        "5",
        "--json",
        "--reading",
        "A-TAG-2=as-written",
    ]));
    let readings = v["readings"].as_array().expect("readings is a list");
    assert!(
        readings.iter().any(|r| r == "A-TAG-2=as-written"),
        "{readings:?}"
    );
}

#[test]
fn simulate_timing_adds_speeds_and_changes_nothing_else() {
    let path = rule_path("seig-tagent.seig");
    let base = [
        "simulate", &path, "-n", "50", "--seed", "7", "--json", "--jobs", "1",
    ];
    let plain = json(&ok(&base));
    let mut args = base.to_vec();
    args.push("--timing");
    let mut timed = json(&ok(&args));
    let o = timed.as_object_mut().expect("a JSON object");
    for k in ["playouts_per_sec", "actions_per_sec"] {
        let x = o
            .remove(k)
            .unwrap_or_else(|| panic!("--timing adds {k}"))
            .as_f64()
            .unwrap_or_else(|| panic!("{k} is a number"));
        assert!(x.is_finite() && x > 0.0, "{k} = {x}");
    }
    o.remove("jobs");
    assert_eq!(timed, plain, "--timing changes only the speed figures");
}

// ------------------------------------------------------------------------------------------
// perft

#[test]
fn perft_prints_the_table() {
    for file in VARIANTS {
        let g = load(file);
        let rows = seig::tools::sim::perft(&g, &g.initial_state(), 2).expect("perft");
        let out = ok(&["perft", &rule_path(file), "--depth", "2"]);
        let lines: Vec<Vec<&str>> = out
            .lines()
            .map(|l| l.split_whitespace().collect())
            .collect();
        assert_eq!(lines.len(), 3, "{file}: a header and two rows:\n{out}");
        assert_eq!(
            lines[0],
            ["depth", "nodes", "chance", "decisions", "terminal"],
            "{file}"
        );
        for (line, r) in lines[1..].iter().zip(&rows) {
            let want =
                [r.depth as u64, r.nodes, r.chance, r.decisions, r.terminal].map(|x| x.to_string());
            assert_eq!(line, &want, "{file}:\n{out}");
        }
    }
}

#[test]
fn perft_from_a_position_matches_the_library() {
    let file = "seig-tagent.seig";
    let g = load(file);
    let s = played(&g, 5, 60);
    let text = g.to_notation(&s);
    let out = ok(&[
        "perft",
        &rule_path(file),
        "--depth",
        "2",
        "--position",
        &text,
    ]);
    let rows = seig::tools::sim::perft(&g, &s, 2).expect("perft");
    let printed: Vec<Vec<String>> = out
        .lines()
        .skip(1)
        .map(|l| l.split_whitespace().map(String::from).collect())
        .collect();
    let want: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            [r.depth as u64, r.nodes, r.chance, r.decisions, r.terminal]
                .iter()
                .map(|x| x.to_string())
                .collect()
        })
        .collect();
    assert_eq!(printed, want, "perft --position {text}:\n{out}");
}

/// The state after `actions` actions of the seeded playout.
fn played(g: &Game, seed: u64, actions: usize) -> State {
    let mut rng = Rng::for_game(seed, 0);
    let mut s = g.initial_state();
    let mut buf = Vec::new();
    for _ in 0..actions {
        if g.is_over(&s) {
            break;
        }
        if g.is_chance(&s) {
            let k = g.sample_outcome(&s, rng.next_u64());
            g.apply_throw(&mut s, k, &mut Quiet).expect("throw");
        } else {
            g.legal_decisions(&s, &mut buf);
            let d = if buf.len() == 1 {
                buf[0]
            } else {
                buf[rng.below(buf.len())]
            };
            g.apply_decision(&mut s, d, &mut Quiet).expect("decision");
        }
    }
    s
}

// ------------------------------------------------------------------------------------------
// Bad input

/// `seig perft` with a position; expects exit 1 and returns stderr.
fn bad_position(file: &str, position: &str) -> String {
    let err = fails(&[
        "perft",
        &rule_path(file),
        "--depth",
        "1",
        "--position",
        position,
    ]);
    assert!(
        err.contains("bad --position"),
        "the message names the option:\n{err}"
    );
    err
}

#[test]
fn malformed_position_is_refused() {
    let err = bad_position("seig-tagent.seig", "not a position");
    assert!(err.contains("6 sections"), "{err}");
    let g = load("seig-tagent.seig");
    let text = g.to_notation(&g.initial_state());
    let err = bad_position("seig-tagent.seig", &text.replacen("opening", "openin", 1));
    assert!(err.contains("unknown phase"), "{err}");
    let err = bad_position(
        "seig-tagent.seig",
        &text.replacen("twigs_lower.3", "twigs_lower.99", 1),
    );
    assert!(err.contains("twigs_lower.99"), "names the hole:\n{err}");
}

#[test]
fn position_with_a_missing_piece_is_refused() {
    let file = "seig-tagent.seig";
    let g = load(file);
    let text = g.to_notation(&g.initial_state());
    let short = text.replacen(" twigs_lower.12", "", 1);
    let err = bad_position(file, &short);
    assert!(
        err.contains("`twigs` has 12 pieces; 11 are listed"),
        "names the team and the counts:\n{err}"
    );
    let long = text.replacen("twigs_lower.12", "twigs_lower.12 x", 1);
    let err = bad_position(file, &long);
    assert!(err.contains("13 are listed"), "{err}");
}

#[test]
fn position_with_two_own_pieces_on_one_hole_is_refused() {
    let file = "seig-tagent.seig";
    let g = load(file);
    let text = g.to_notation(&g.initial_state());
    let stacked = text.replacen("twigs_lower.2 ", "twigs_lower.1 ", 1);
    assert_ne!(stacked, text);
    let err = bad_position(file, &stacked);
    assert!(
        err.contains("two pieces of `twigs` on one hole") && err.contains("twigs_lower.1"),
        "names the team and the hole:\n{err}"
    );
}

#[test]
fn unknown_reading_is_refused() {
    let path = rule_path("seig-tagent.seig");
    let err = fails(&["simulate", &path, "-n", "1", "--reading", "A-NOPE-1=slip"]);
    assert!(err.contains("A-NOPE-1"), "names the reading:\n{err}");
    let err = fails(&["playout", &path, "--reading", "A-TAG-2=sideways"]);
    assert!(err.contains("sideways"), "names the option:\n{err}");
    let err = fails(&["perft", &path, "--depth", "1", "--reading", "A-NOPE-1=slip"]);
    assert!(err.contains("A-NOPE-1"), "{err}");
}

#[test]
fn missing_file_is_refused() {
    let path = rule_path("no-such-variant.seig");
    for args in [
        vec!["simulate", &path, "-n", "1"],
        vec!["perft", &path, "--depth", "1"],
        vec!["playout", &path],
    ] {
        let err = fails(&args);
        assert!(
            err.contains("no-such-variant.seig") && err.contains("cannot read"),
            "names the file:\n{err}"
        );
    }
}

// ------------------------------------------------------------------------------------------
// playout

#[test]
fn playout_is_deterministic_and_follows_the_rng_protocol() {
    for file in VARIANTS {
        let path = rule_path(file);
        let a = ok(&["playout", &path, "--seed", "3"]);
        let b = ok(&["playout", &path, "--seed", "3"]);
        assert_eq!(a, b, "{file}: two runs differ");
        // The library, with the protocol of `seig::tools::sim`, plays the same game.
        let g = load(file);
        let mut s = g.initial_state();
        let mut rng = Rng::for_game(3, 0);
        let mut buf = Vec::new();
        while !g.is_over(&s) && s.turns() < 10_000 {
            if g.is_chance(&s) {
                let k = g.sample_outcome(&s, rng.next_u64());
                g.apply_throw(&mut s, k, &mut Quiet).expect("throw");
            } else {
                g.legal_decisions(&s, &mut buf);
                let d = if buf.len() == 1 {
                    buf[0]
                } else {
                    buf[rng.below(buf.len())]
                };
                g.apply_decision(&mut s, d, &mut Quiet).expect("decision");
            }
        }
        assert_eq!(a.lines().next(), Some(g.to_notation(&s).as_str()), "{file}");
        let c = ok(&["playout", &path, "--seed", "4"]);
        assert_ne!(a, c, "{file}: seeds 3 and 4 play the same game");
    }
}

/// Output piped into a reader that stops early (`seig playout … --trace | head`) ends the
/// command quietly, without a panic.
#[test]
fn closed_stdout_is_no_panic() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let path = rule_path("seig-tagent.seig");
    let mut child = Command::new(env!("CARGO_BIN_EXE_seig"))
        .args(["playout", &path, "--seed", "3", "--trace"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the seig binary runs");
    let out = child.stdout.take().expect("stdout");
    let mut first = String::new();
    BufReader::new(out)
        .read_line(&mut first)
        .expect("a first line");
    // The reader is gone: the rest of the trace cannot be written.
    let o = child.wait_with_output().expect("seig ends");
    let err = stderr(&o);
    assert!(
        !err.contains("panicked") && o.status.code() != Some(101),
        "seig playout --trace | head -1 panics ({:?}):\n{}",
        o.status,
        err.lines().take(3).collect::<Vec<_>>().join("\n")
    );
}
