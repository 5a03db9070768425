//! The native Sig reference (`tests/reference/sig.rs`) timed on seeded random games, for
//! comparison with the interpreter on the same seeds:
//!
//! ```text
//! cargo run --release --example reference_sig -- -n 100000 --seed 1 --holes 20
//! cargo run --release -- simulate rules/sig-beart.seig --param holes=20 -n 100000 --seed 1 \
//!     --jobs 1 --timing --json --quiet
//! ```
//!
//! Prints one JSON object with the speed fields of `seig simulate --json`
//! (`playouts_per_sec`, `actions_per_sec`) and the summary (games, completed, wins per team,
//! turns_mean), which must equal the interpreter's for the same seed and board.
//!
//! With `--interpreter` it also times the interpreter's bare random playouts
//! (`seig::sim::simulate` on `rules/sig-beart.seig`, one thread, no metrics) on the same
//! games, checks that their summary is the reference's, and adds them under `interpreter`
//! with the ratio of the two speeds.

#[path = "../tests/reference/sig.rs"]
mod sig;

use seig::sim::Rng;
use sig::{NoRecord, Sig};

struct Args {
    games: u64,
    seed: u64,
    holes: usize,
    max_turns: u32,
    interpreter: bool,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        games: 1000,
        seed: 1,
        holes: 12,
        max_turns: 10_000,
        interpreter: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        let num = |v: String| {
            v.parse::<u64>()
                .map_err(|e| format!("{flag}: `{v}` is not a number ({e})"))
        };
        match flag.as_str() {
            "-n" | "--games" => a.games = num(value()?)?,
            "--seed" => a.seed = num(value()?)?,
            "--holes" => a.holes = num(value()?)? as usize,
            "--max-turns" => a.max_turns = num(value()?)? as u32,
            "--interpreter" => a.interpreter = true,
            "-h" | "--help" => {
                return Err(
                    "usage: reference_sig [-n GAMES] [--seed S] [--holes H] [--max-turns T] [--interpreter]".into(),
                );
            }
            other => return Err(format!("unknown argument `{other}`")),
        }
    }
    if !(sig::MIN_HOLES..=sig::MAX_HOLES).contains(&a.holes) {
        return Err(format!(
            "--holes must be {}..={}",
            sig::MIN_HOLES,
            sig::MAX_HOLES
        ));
    }
    Ok(a)
}

fn main() {
    let a = match parse() {
        Ok(a) => a,
        Err(m) => {
            eprintln!("{m}");
            std::process::exit(2);
        }
    };
    let game = Sig::new(a.holes);
    let started = std::time::Instant::now();
    let (mut wins, mut timeouts, mut actions, mut turns) = ([0u64; 2], 0u64, 0u64, 0u64);
    for i in 0..a.games {
        let mut rng = Rng::for_game(a.seed, i);
        let out = game.playout(&mut rng, a.max_turns, &mut NoRecord);
        actions += out.throws + out.decisions;
        match out.winner {
            Some(w) => {
                wins[w as usize] += 1;
                turns += out.turns as u64;
            }
            None => timeouts += 1,
        }
    }
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let completed = wins[0] + wins[1];
    let mut json = serde_json::json!({
        "games": a.games,
        "completed": completed,
        "timeouts": timeouts,
        "wins": { "south": wins[0], "north": wins[1] },
        "turns_mean": if completed > 0 { turns as f64 / completed as f64 } else { 0.0 },
        "seed": a.seed,
        "holes": a.holes,
        "max_turns": a.max_turns,
        "actions": actions,
        "seconds": secs,
        "playouts_per_sec": a.games as f64 / secs,
        "actions_per_sec": actions as f64 / secs,
        "jobs": 1,
    });
    if a.interpreter {
        let (summary, secs_i) = interpreter(&a);
        let same = summary.completed == completed
            && summary.wins.get("south") == Some(&wins[0])
            && summary.wins.get("north") == Some(&wins[1])
            && summary.actions == actions;
        if !same {
            eprintln!("the interpreter's games differ from the reference's: {summary:?}");
            std::process::exit(1);
        }
        let pps = a.games as f64 / secs_i;
        json["interpreter"] = serde_json::json!({
            "what": "seig::sim::simulate, jobs 1 (bare random playouts, no metrics)",
            "seconds": secs_i,
            "playouts_per_sec": pps,
            "actions_per_sec": summary.actions as f64 / secs_i,
            "ratio_to_reference": pps / (a.games as f64 / secs),
        });
    }
    println!(
        "{}",
        serde_json::to_string_pretty(&json).expect("JSON of numbers")
    );
}

/// Times the interpreter on the same games.
fn interpreter(a: &Args) -> (seig::sim::Summary, f64) {
    let path = format!("{}/rules/sig-beart.seig", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let sel = seig::lower::Selection {
        readings: Vec::new(),
        params: vec![("holes".to_string(), a.holes as i64)],
    };
    let ir = seig::load(&bytes, &sel)
        .1
        .ir
        .unwrap_or_else(|| panic!("{path} does not check"));
    let g = seig::engine::Game::new(ir);
    let started = std::time::Instant::now();
    let summary = seig::sim::simulate(&g, a.games, a.seed, a.max_turns, 1);
    (summary, started.elapsed().as_secs_f64().max(1e-9))
}
