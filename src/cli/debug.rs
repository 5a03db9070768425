//! `seig perft` and `seig playout`: counting the game tree and playing one seeded random
//! game, for regression and debugging.

use super::error::{CliError, Status};
use super::{Choices, load};
use crate::engine::{Game, State};
use crate::tools::trace::{TraceLine, Tracer};
use crate::tools::words;
use std::path::Path;

/// Loads the game and the start position (initial, or `--position`).
fn game_and_state(
    file: &Path,
    position: Option<&str>,
    choices: &Choices,
) -> Result<(Game, State), CliError> {
    let game = Game::new(load(file, &choices.selection())?.ir);
    let state = match position {
        None => game.initial_state(),
        Some(p) => game.from_notation_reachable(p).map_err(|e| {
            let e = words::position::notation_error(game.ir(), &e);
            CliError::failed(format!("bad --position: {e}"))
        })?,
    };
    Ok((game, state))
}

/// Runs `seig perft`: the node counts by depth as a table; exit 1 when the file or the
/// position does not load or the engine stops.
pub fn perft(
    file: &Path,
    depth: u32,
    position: Option<&str>,
    choices: &Choices,
) -> Result<Status, CliError> {
    let (game, state) = game_and_state(file, position, choices)?;
    let rows = crate::tools::sim::perft(&game, &state, depth)
        .map_err(|e| CliError::failed(crate::tools::words::refusal::what(&e)))?;
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
    Ok(Status::Success)
}

/// How `seig playout` shows the game's actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceMode {
    /// Not at all: only the final position and result.
    Off,
    /// One line per action for people, each followed by the position after it.
    Text,
    /// One JSON object per action.
    Json,
}

/// ` (RULE, in PHASE)`: the rule whose statement ended the game and the phase it ended in.
fn credit(g: &crate::engine::Game, out: &crate::tools::driver::Outcome) -> String {
    let ir = g.ir();
    match out.ending_origin {
        Some(o) => format!(
            " ({}, in {})",
            ir.rule(o).id,
            ir.phases
                .value
                .get(out.phase.index())
                .map_or("?", |p| p.as_str())
        ),
        None => String::new(),
    }
}

/// Runs `seig playout`: one seeded random game (each action with `trace`), its final
/// position and result; exit 1 when the file does not load or the engine stops.
pub fn playout(
    file: &Path,
    seed: u64,
    max_turns: u32,
    trace: TraceMode,
    choices: &Choices,
) -> Result<Status, CliError> {
    use crate::tools::agents::RandomAgent;
    use crate::tools::driver::{self, End, NoHooks, Streams};
    let (game, mut s) = game_and_state(file, None, choices)?;
    // `seig playout --seed S` is game 0 of a random study with seed S.
    let streams = Streams::for_game(seed, 0);
    let (mut a, mut b) = (RandomAgent::default(), RandomAgent::default());
    let mut agents: [&mut dyn crate::tools::agents::Agent; 2] = [&mut a, &mut b];
    let out = match trace {
        TraceMode::Off => driver::play(
            &game,
            &mut s,
            &mut agents,
            &streams,
            max_turns,
            &mut NoHooks,
        ),
        TraceMode::Text => {
            let mut t = Tracer::new(|l: &TraceLine| println!("{}", l.text()));
            driver::play(&game, &mut s, &mut agents, &streams, max_turns, &mut t)
        }
        TraceMode::Json => {
            let mut t = Tracer::new(|l: &TraceLine| super::out::print_json(l, false));
            driver::play(&game, &mut s, &mut agents, &streams, max_turns, &mut t)
        }
    };
    match out.end {
        End::Aborted(m) => return Err(CliError::failed(format!("the engine stopped: {m}"))),
        End::Won(w) => {
            println!("{}", game.to_notation(&s));
            println!(
                "winner: {} after {} turns{}",
                game.ir().team_of(w).name,
                s.turns(),
                credit(&game, &out)
            );
        }
        End::TurnCap => {
            println!("{}", game.to_notation(&s));
            println!("not terminated after {} turns (turn cap)", s.turns());
        }
        End::Drawn => {
            println!("{}", game.to_notation(&s));
            println!("drawn after {} turns{}", s.turns(), credit(&game, &out));
        }
        End::Deadlock(position) => {
            println!("{position}");
            println!(
                "deadlock after {} turns: no throw can give a move or change anything any more",
                s.turns()
            );
        }
    }
    Ok(Status::Success)
}
