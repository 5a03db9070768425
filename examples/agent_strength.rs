//! Measures the computer players against each other over seeded games on every bundled
//! variant, with Wilson 95 % intervals.
//!
//! ```sh
//! cargo run --release --example agent_strength -- [GAMES] [PLAYER] [OPPONENT] [FILE…]
//! ```
//! Defaults: 1000 games, the strongest player against `random` and against `greedy`, every
//! file in `rules/`. Game `i` uses seed `1 + i`; the player takes the first team in even
//! games and the second in odd ones.
#![allow(
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::engine::Game;
use seig::tools::agents::{AgentKind, Budget};
use seig::tools::matches::series;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(1000);
    let kind = |i: usize, d: AgentKind| {
        args.get(i)
            .map(|a| AgentKind::parse(a).unwrap_or_else(|e| panic!("{e}")))
            .unwrap_or(d)
    };
    let player = kind(1, AgentKind::STRONGEST);
    let opponents = match args.get(2) {
        Some(_) => vec![kind(2, AgentKind::Random)],
        None => vec![AgentKind::Random, AgentKind::Greedy],
    };
    let mut files: Vec<String> = args.iter().skip(3).cloned().collect();
    if files.is_empty() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules");
        let mut v: Vec<String> = std::fs::read_dir(dir)
            .expect("rules/")
            .filter_map(|e| e.ok().map(|e| e.path().display().to_string()))
            .filter(|p| p.ends_with(".seig"))
            .collect();
        v.sort();
        files = v;
    }
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let max_turns: u32 = std::env::var("MAX_TURNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(10_000);
    for f in &files {
        let bytes = std::fs::read(f).expect("rule file");
        let (_, lowered) = seig::lang::load(&bytes, &Default::default());
        let game = Game::new(lowered.ir.expect("a valid rule file"));
        for &opp in &opponents {
            let t = std::time::Instant::now();
            let r = series(
                &game,
                player,
                opp,
                Budget::default(),
                games,
                1,
                max_turns,
                jobs,
            )
            .expect("no worker panics");
            println!(
                "{f}: {player} vs {opp}: {} games, {} won, {} lost, {} unfinished; win rate {:.1}% [{:.1}%, {:.1}%] ({:.0} s)",
                r.games,
                r.wins,
                r.losses,
                r.unfinished,
                100.0 * r.rate(),
                100.0 * r.interval.0,
                100.0 * r.interval.1,
                t.elapsed().as_secs_f64()
            );
        }
    }
}
