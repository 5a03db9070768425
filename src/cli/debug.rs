//! `seig perft` and `seig playout`: counting the game tree and playing one seeded random
//! game, for regression and debugging.

use super::{Choices, load};
use crate::engine::{Game, State};
use std::path::Path;

/// Loads the game and the start position (initial, or `--position`).
fn game_and_state(
    file: &Path,
    position: Option<&str>,
    choices: &Choices,
) -> Result<(Game, State), i32> {
    let game = Game::new(load(file, &choices.selection())?.ir);
    let state = match position {
        None => game.initial_state(),
        Some(p) => game.from_notation(p).map_err(|e| {
            eprintln!("error: bad --position: {e}");
            1
        })?,
    };
    Ok((game, state))
}

/// Runs `seig perft`: the node counts by depth as a table; exit 1 when the file or the
/// position does not load or the engine stops.
pub fn perft(file: &Path, depth: u32, position: Option<&str>, choices: &Choices) -> i32 {
    let (game, state) = match game_and_state(file, position, choices) {
        Ok(x) => x,
        Err(c) => return c,
    };
    match crate::tools::sim::perft(&game, &state, depth) {
        Ok(rows) => {
            println!(
                "{:>5} {:>14} {:>14} {:>14} {:>10}",
                "depth", "nodes", "chance", "decisions", "terminal"
            );
            for r in rows {
                println!(
                    "{:>5} {:>14} {:>14} {:>14} {:>10}",
                    r.depth, r.nodes, r.chance, r.decisions, r.terminal
                );
            }
            0
        }
        Err(e) => {
            eprintln!("error: {}", e.message);
            1
        }
    }
}

/// Runs `seig playout`: one seeded random game (each action with `trace`), its final
/// position and result; exit 1 when the file does not load or the engine stops.
pub fn playout(file: &Path, seed: u64, max_turns: u32, trace: bool, choices: &Choices) -> i32 {
    let (game, mut s) = match game_and_state(file, None, choices) {
        Ok(x) => x,
        Err(c) => return c,
    };
    let mut rng = crate::tools::sim::Rng::for_game(seed, 0);
    let mut buf = Vec::new();
    let mut events = Vec::new();
    while !game.is_over(&s) && s.turns < max_turns {
        let r = if game.is_chance(&s) {
            let k = game.sample_outcome(&s, rng.next_u64());
            let r = game.apply_throw(&mut s, k, &mut events);
            if trace && let Some((n, k, v)) = s.last {
                println!("throw {v} ({k} of {n} {})", game.ir.sticks.faces[0]);
            }
            r
        } else {
            game.legal_decisions(&s, &mut buf);
            let d = if buf.len() == 1 {
                buf[0]
            } else {
                buf[rng.below(buf.len())]
            };
            if trace {
                println!("move {} (of {})", game.describe_decision(&s, d), buf.len());
            }
            game.apply_decision(&mut s, d, &mut events)
        };
        if let Err(e) = r {
            eprintln!("error: the engine stopped: {}", e.message);
            return 1;
        }
        if trace {
            for e in events.drain(..) {
                println!("  {e:?}");
            }
            println!("  {}", game.to_notation(&s));
        }
        events.clear();
    }
    println!("{}", game.to_notation(&s));
    match game.winner(&s) {
        Some(w) => println!(
            "winner: {} after {} turns",
            game.ir.teams[w as usize].name, s.turns
        ),
        None => println!("not terminated after {} turns (turn cap)", s.turns),
    }
    0
}
