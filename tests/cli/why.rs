//! Issue 14's honesty checks outside `explain`: positions validated on reading, metrics that
//! print no made-up figure, merged shards checked before any figure is printed, and the
//! per-game table of `simulate --games`.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::*;
use seig::tools::analysis::metrics::{self, MergeError, ShardFile};

const SIG: &str = "race | north 1 move | throws 1/1/146 turns 113 last 8:2 | pool 2/2#0 | south: +!home_north.12 off off off off off off off off +!home_north.12 +central_north.5 +home_south.4 | north: x +!home_south.2 x +central_north.8 +!home_south.1 +home_north.7 +central_south.8 +central_north.6 +central_south.10 +home_north.10 +central_north.4 +home_north.6";

fn refused(g: &seig::engine::Game, text: &str) -> String {
    match g.from_notation(text) {
        Ok(_) => panic!("accepted: {text}"),
        Err(e) => said(g, &e),
    }
}

#[test]
fn positions_are_validated_with_the_field_named() {
    let g = game("sig-beart.seig", &[]);
    assert!(g.from_notation(SIG).is_ok());
    assert_eq!(g.ir().team_of(TeamId::FIRST).name, "south");
    // A pool entry of 9 with 8 sticks.
    let e = refused(&g, &SIG.replace("pool 2/2#0", "pool 9/9#0"));
    assert!(
        e.contains("no throw of 8 stick(s) is worth 9") && e.contains("`9/9#0`"),
        "{e}"
    );
    // Counters that disagree with the pool: an entry of a throw not made this turn.
    let e = refused(&g, &SIG.replace("throws 1/1/146", "throws 0/0/146"));
    assert!(
        e.contains("throw #0 of the turn") && e.contains("pool entry 1"),
        "{e}"
    );
    let e = refused(&g, &SIG.replace("throws 1/1/146", "throws 3/1/146"));
    assert!(e.contains("counters `throws 3/1/146`"), "{e}");
    // Counters are not silently clamped.
    let e = refused(&g, &SIG.replace("throws 1/1/146", "throws 300/300/146"));
    assert!(e.contains("up to 255"), "{e}");
    // An unreleased piece in the middle of its track.
    let e = refused(&g, &SIG.replace("+central_north.5", "central_north.5"));
    assert!(
        e.contains("piece 11 of `south` is not released") && e.contains("`central_north.5`"),
        "{e}"
    );
    // Immunity before the piece reached the holes that make it immune.
    let e = refused(&g, &SIG.replace("+central_north.5", "+!central_north.5"));
    assert!(
        e.contains("piece 11 of `south` is marked immune") && e.contains("has not entered"),
        "{e}"
    );
    // A finished game whose win does not hold.
    let e = refused(&g, &SIG.replace("north 1 move", "over north"));
    assert!(e.contains("no win condition of `north` holds"), "{e}");
    // A move with nothing to move with.
    let e = refused(&g, &SIG.replace("pool 2/2#0", "pool 2/2#0=4"));
    assert!(e.contains("no unused pool entry"), "{e}");
}

/// A file with no immunity refuses every immune flag.
#[test]
fn immunity_only_where_the_file_makes_pieces_immune() {
    let g = game("sigue-caillie.seig", &[]);
    if g.ir().capture.immune.iter().any(Option::is_some) {
        return;
    }
    let s = g.to_notation(&g.initial_state());
    // The first piece of the first team, released and immune where nothing makes it so.
    let (head, rest) = s.split_once(": ").expect("team section");
    let text = format!("{head}: +!{}", rest);
    let e = refused(&g, &text);
    assert!(
        e.contains("no rule of the file makes its pieces immune")
            || e.contains("released piece stands"),
        "{e}"
    );
}

fn shards() -> Vec<ShardFile> {
    let l = seig::tools::analysis::load(
        std::path::Path::new(&format!(
            "{}/rules/sig-beart.seig",
            env!("CARGO_MANIFEST_DIR")
        )),
        &Default::default(),
    )
    .expect("loads");
    let g = seig::engine::Game::new(l.ir.clone());
    (1..=2)
        .map(|k| {
            let range = metrics::shard_range(6, k, 2);
            let m = metrics::Study::new(6)
                .seed(3)
                .max_turns(10_000)
                .range(Some(range))
                .metrics(&l, &g, None)
                .expect("plays");
            ShardFile {
                format: metrics::SHARD_FORMAT.into(),
                study: m.study.clone(),
                range: m.range,
                acc: m.acc.clone(),
            }
        })
        .collect()
}

#[test]
fn merge_checks_the_counts_before_printing() {
    let good = shards();
    let whole = metrics::merge_shards(&good).expect("merges");
    assert_eq!(whole.completion.n, 6);
    // No teams, or one: refused, not indexed out of bounds.
    for teams in [vec![], vec!["south".to_string()]] {
        let mut bad = good.clone();
        for s in &mut bad {
            s.study.teams = teams.clone();
        }
        assert!(
            matches!(
                metrics::merge_shards(&bad),
                Err(MergeError::Damaged { shard: 1, .. })
            ),
            "{teams:?}"
        );
    }
    // Wins of 2^64 − 1: inconsistent with the games, refused.
    let mut bad = good.clone();
    bad[0].acc.wins[0] = u64::MAX;
    let e = metrics::merge_shards(&bad).expect_err("refused");
    assert!(e.to_string().contains("wins do not add up"), "{e}");
    // Two shards whose sums overflow, each consistent by itself.
    let mut bad = good.clone();
    for s in &mut bad {
        s.acc.decision_nodes = u64::MAX;
        s.acc.choice_nodes = 0;
    }
    assert_eq!(metrics::merge_shards(&bad), Err(MergeError::Overflow));
    // Games that do not add up.
    let mut bad = good.clone();
    bad[1].acc.timeouts += 1;
    assert!(matches!(
        metrics::merge_shards(&bad),
        Err(MergeError::Damaged { shard: 2, .. })
    ));
}

#[test]
fn no_finished_game_prints_no_made_up_rates() {
    let path = format!("{}/rules/sig-beart.seig", env!("CARGO_MANIFEST_DIR"));
    for args in [vec!["-n", "0"], vec!["-n", "3", "--max-turns", "1"]] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_seig"))
            .arg("simulate")
            .arg(&path)
            .args(&args)
            .arg("--quiet")
            .output()
            .expect("runs");
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{out}");
        assert!(!out.contains("balance               0.000"), "{out}");
        assert!(out.contains("balance               —"), "{out}");
        assert!(out.contains("first-team advantage  —"), "{out}");
        assert!(!out.contains("-50.0"), "{out}");
        if args[1] == "3" {
            assert!(out.contains("warning: only 0.0%"), "{out}");
            assert!(out.contains("timeouts (turn cap)         3 of 3"), "{out}");
        }
    }
}

#[test]
fn simulate_writes_one_line_per_game() {
    let path = format!("{}/rules/sig-beart.seig", env!("CARGO_MANIFEST_DIR"));
    let dir = std::env::temp_dir().join(format!("seig-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let jsonl = dir.join("g.jsonl");
    let csv = dir.join("g.csv");
    for out in [&jsonl, &csv] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_seig"))
            .args([
                "simulate", &path, "-n", "5", "--seed", "9", "--quiet", "--json", "--games",
            ])
            .arg(out)
            .output()
            .expect("runs");
        assert_eq!(
            o.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let text = std::fs::read_to_string(&jsonl).expect("written");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    assert_eq!(lines.len(), 5);
    for (i, v) in lines.iter().enumerate() {
        assert_eq!(v["index"], i as u64);
        assert_eq!(v["seed"], 9);
        let won = v["outcome"] == "won";
        assert_eq!(won, v["winner"].is_string(), "{v}");
        assert_eq!(won, v["ending_rule"].is_string(), "{v}");
        assert!(
            v["turns"].as_u64().is_some() && v["ending_phase"].is_string(),
            "{v}"
        );
    }
    let c = std::fs::read_to_string(&csv).expect("written");
    let rows: Vec<&str> = c.lines().collect();
    assert_eq!(rows.len(), 6);
    assert!(rows[0].starts_with("index,seed,outcome,winner,turns,throws,captures"));
    for (i, v) in lines.iter().enumerate() {
        let cells: Vec<&str> = rows[i + 1].split(',').collect();
        assert_eq!(cells[0], i.to_string());
        assert_eq!(cells[2], v["outcome"].as_str().expect("outcome"));
        assert_eq!(cells[4], v["turns"].to_string());
    }
    // Another extension is refused before any game is played.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_seig"))
        .args(["simulate", &path, "-n", "5", "--quiet", "--games"])
        .arg(dir.join("g.txt"))
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
