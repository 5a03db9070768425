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
//! (`seig::tools::sim::random_playout` on `rules/sig-beart.seig`, one thread, no metrics) on the
//! same games, checks that every game ends as the reference's did, and adds them under
//! `interpreter` with the ratio of the two speeds. The two are timed in alternating batches
//! of games, so that a machine whose speed drifts (a shared one) slows both alike. With
//! `--driver` as well, the interpreter's games are played by the generic driver
//! (`seig::tools::driver::play` with two random agents and no hooks) instead.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

#[path = "../tests/reference/sig.rs"]
mod sig;

use seig::tools::sim::{Rng, random_playout};
use sig::{NoRecord, Sig};

struct Args {
    games: u64,
    seed: u64,
    holes: usize,
    max_turns: u32,
    interpreter: bool,
    driver: bool,
}

fn parse() -> Result<Args, String> {
    let mut a = Args {
        games: 1000,
        seed: 1,
        holes: 12,
        max_turns: 10_000,
        interpreter: false,
        driver: false,
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
            "--driver" => {
                a.interpreter = true;
                a.driver = true;
            }
            "-h" | "--help" => {
                return Err(
                    "usage: reference_sig [-n GAMES] [--seed S] [--holes H] [--max-turns T] [--interpreter] [--driver]".into(),
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
    let interp = a.interpreter.then(|| interpreter_game(a.holes));
    let mut buf = Vec::new();
    let (mut secs, mut secs_i) = (0.0, 0.0);
    let (mut wins, mut timeouts, mut actions, mut turns) = ([0u64; 2], 0u64, 0u64, 0u64);
    let mut batch = Vec::with_capacity(BATCH as usize);
    for lo in (0..a.games).step_by(BATCH as usize) {
        let hi = (lo + BATCH).min(a.games);
        batch.clear();
        let started = std::time::Instant::now();
        for i in lo..hi {
            let mut rng = Rng::for_game(a.seed, i);
            batch.push(game.playout(&mut rng, a.max_turns, &mut NoRecord));
        }
        secs += started.elapsed().as_secs_f64();
        for out in &batch {
            actions += out.throws + out.decisions;
            match out.winner {
                Some(w) => {
                    wins[w as usize] += 1;
                    turns += out.turns as u64;
                }
                None => timeouts += 1,
            }
        }
        let Some(g) = &interp else { continue };
        let started = std::time::Instant::now();
        let plays: Vec<_> = (lo..hi)
            .map(|i| {
                if a.driver {
                    return driven(g, a.seed, i, a.max_turns);
                }
                let mut rng = Rng::for_game(a.seed, i);
                random_playout(g, g.initial_state(), &mut rng, a.max_turns, &mut buf)
            })
            .collect();
        secs_i += started.elapsed().as_secs_f64();
        for (i, (r, p)) in batch.iter().zip(&plays).enumerate() {
            let same = r.winner == p.winner.map(u8::from)
                && r.turns == p.turns
                && r.throws == p.throws
                && r.decisions == p.decisions;
            if !same {
                eprintln!(
                    "game {}: the interpreter's game differs from the reference's: {p:?} vs {r:?}",
                    lo + i as u64
                );
                std::process::exit(1);
            }
        }
    }
    let secs = f64::max(secs, 1e-9);
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
        let secs_i = f64::max(secs_i, 1e-9);
        let pps = a.games as f64 / secs_i;
        json["interpreter"] = serde_json::json!({
            "what": format!("{}, one thread, bare random playouts (no metrics), timed in batches of {BATCH} games alternating with the reference's", if a.driver { "seig::tools::driver::play (random agents, no hooks)" } else { "seig::tools::sim::random_playout" }),
            "seconds": secs_i,
            "playouts_per_sec": pps,
            "actions_per_sec": actions as f64 / secs_i,
            "ratio_to_reference": pps / (a.games as f64 / secs),
        });
    }
    println!(
        "{}",
        serde_json::to_string_pretty(&json).expect("JSON of numbers")
    );
}

/// Game `i` played by the generic driver with two random agents, summarised as a playout.
fn driven(g: &seig::engine::Game, seed: u64, i: u64, max_turns: u32) -> seig::tools::sim::Playout {
    use seig::tools::agents::RandomAgent;
    use seig::tools::driver::{NoHooks, Streams, play};
    let (mut x, mut y) = (RandomAgent::default(), RandomAgent::default());
    let out = play(
        g,
        &mut g.initial_state(),
        &mut [&mut x, &mut y],
        &Streams::for_game(seed, i),
        max_turns,
        &mut NoHooks,
    );
    seig::tools::sim::Playout {
        winner: out.winner(),
        turns: out.turns,
        throws: out.throws,
        decisions: out.decisions,
        aborted: out.aborted().map(str::to_string),
    }
}

/// Games timed in one go before switching between the reference and the interpreter.
const BATCH: u64 = 250;

/// The interpreter's game: `rules/sig-beart.seig` with `holes` holes a row.
fn interpreter_game(holes: usize) -> seig::engine::Game {
    let path = format!("{}/rules/sig-beart.seig", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let sel = seig::lang::lower::Selection {
        readings: sig::READINGS
            .iter()
            .map(|(r, o)| (r.to_string(), o.to_string()))
            .collect(),
        params: sig::params(holes),
    };
    let ir = seig::lang::load(&bytes, &sel)
        .1
        .ir
        .unwrap_or_else(|| panic!("{path} does not check"));
    seig::engine::Game::new(ir)
}
