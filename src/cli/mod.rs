//! The command line: argument parsing and the subcommands that print.

use crate::engine::{Game, State};
use crate::lang::diag::{self, Diagnostic};
use crate::lang::ir::Ir;
use crate::lang::lower::Selection;
use clap::{Args, Parser, Subcommand};
use std::path::{Path, PathBuf};

/// seig: write down, check and play the Saharan stick-dice games.
#[derive(Parser, Debug)]
#[command(name = "seig", version, about)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Reading and parameter choices shared by every command that loads a rule file.
#[derive(Args, Debug, Clone, Default)]
pub struct Choices {
    /// Choose an option of a reading: `--reading A-TAG-2=slip` (repeatable).
    #[arg(long = "reading", value_name = "NAME=OPTION", value_parser = parse_reading)]
    pub readings: Vec<(String, String)>,
    /// Set a parameter: `--param holes=20` (repeatable).
    #[arg(long = "param", value_name = "NAME=VALUE", value_parser = parse_param)]
    pub params: Vec<(String, i64)>,
}

impl Choices {
    /// As a selection for lowering.
    pub fn selection(&self) -> Selection {
        Selection {
            readings: self.readings.clone(),
            params: self.params.clone(),
        }
    }
}

fn parse_reading(s: &str) -> Result<(String, String), String> {
    match s.split_once('=') {
        Some((a, b)) if !a.is_empty() && !b.is_empty() => {
            Ok((a.trim().to_string(), b.trim().to_string()))
        }
        _ => Err(format!(
            "expected NAME=OPTION (e.g. A-TAG-2=slip), got `{s}`"
        )),
    }
}

fn parse_param(s: &str) -> Result<(String, i64), String> {
    let (a, b) = s
        .split_once('=')
        .ok_or_else(|| format!("expected NAME=VALUE (e.g. holes=20), got `{s}`"))?;
    let v = b
        .trim()
        .parse::<i64>()
        .map_err(|_| format!("`{b}` is not a whole number (in `{s}`)"))?;
    Ok((a.trim().to_string(), v))
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check rule files and print every diagnostic.
    Check {
        /// Rule files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        choices: Choices,
        /// Treat warnings as errors.
        #[arg(long)]
        deny_warnings: bool,
    },
    /// Print a rule file in canonical layout (comments kept).
    Fmt {
        /// Rule file.
        file: PathBuf,
        /// Exit 1 if the file is not in canonical layout.
        #[arg(long, conflicts_with = "write")]
        check: bool,
        /// Rewrite the file in place (atomically).
        #[arg(long)]
        write: bool,
    },
    /// Count chance outcomes and decisions to a depth (for regression).
    Perft {
        /// Rule file.
        file: PathBuf,
        /// Depth in actions (throws and decisions).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=8))]
        depth: u32,
        /// Start from this position (position notation) instead of the initial one.
        #[arg(long)]
        position: Option<String>,
        #[command(flatten)]
        choices: Choices,
    },
    /// Play one seeded random game and print its final position (with `--trace`, every action).
    Playout {
        /// Rule file.
        file: PathBuf,
        /// Seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Seat turns after which the game is stopped.
        #[arg(long, default_value_t = 10_000)]
        max_turns: u32,
        /// Print every throw and move with the position after it.
        #[arg(long)]
        trace: bool,
        #[command(flatten)]
        choices: Choices,
    },
    /// Play seeded games and measure them (metrics with 95% intervals; `--timing` for speed).
    Simulate(crate::tools::analysis::metrics::SimulateArgs),
    /// Merge the shards of a study (`simulate --shard K/N --out FILE`).
    Merge(crate::tools::analysis::metrics::MergeArgs),
    /// Compare readings (or files) side by side on paired seeds.
    Compare(crate::tools::analysis::compare::CompareArgs),
    /// Source coverage: each declared sentence with the rules that cite it.
    Coverage(crate::tools::analysis::coverage::CoverageArgs),
    /// The legal decisions at a position with the rules behind them, or why a move is refused.
    Explain(crate::tools::analysis::explain::ExplainArgs),
    /// The variant as a readable rulebook, generated from the IR.
    Rules(crate::tools::analysis::rulebook::RulesArgs),
    /// Play at the terminal, against people or the computer (`--plain` for a line mode).
    Play(crate::tools::play::PlayArgs),
    /// Step through a saved game record.
    Replay(crate::tools::play::ReplayArgs),
}

/// Runs the command line; returns the exit code.
pub fn main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    match cli.command {
        Command::Check {
            files,
            choices,
            deny_warnings,
        } => check(&files, &choices, deny_warnings),
        Command::Fmt { file, check, write } => {
            let mode = match (check, write) {
                (true, _) => crate::lang::fmt::Mode::Check,
                (_, true) => crate::lang::fmt::Mode::Write,
                _ => crate::lang::fmt::Mode::Print,
            };
            crate::lang::fmt::main(&file, mode)
        }
        Command::Perft {
            file,
            depth,
            position,
            choices,
        } => perft(&file, depth, position.as_deref(), &choices),
        Command::Playout {
            file,
            seed,
            max_turns,
            trace,
            choices,
        } => playout(&file, seed, max_turns, trace, &choices),
        Command::Simulate(a) => crate::tools::analysis::metrics::run_simulate(&a),
        Command::Merge(a) => crate::tools::analysis::metrics::run_merge(&a),
        Command::Compare(a) => crate::tools::analysis::compare::run_compare(&a),
        Command::Coverage(a) => crate::tools::analysis::coverage::run_coverage(&a),
        Command::Explain(a) => crate::tools::analysis::explain::run_explain(&a),
        Command::Rules(a) => crate::tools::analysis::rulebook::run_rules(&a),
        Command::Play(a) => crate::tools::play::run(a),
        Command::Replay(a) => crate::tools::play::replay(a),
    }
}

/// Loads a rule file into IR, printing diagnostics to stderr. `Err` carries the exit code.
pub fn load_ir(path: &Path, choices: &Choices) -> Result<Ir, i32> {
    let bytes = crate::tools::files::read(path).map_err(|m| {
        eprintln!("{m}");
        1
    })?;
    let (text, lowered) = crate::lang::load(&bytes, &choices.selection());
    let name = path.display().to_string();
    let errors: Vec<&Diagnostic> = lowered
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    if !errors.is_empty() {
        eprint!(
            "{}",
            diag::render(&name, text.as_deref().unwrap_or(""), &lowered.diagnostics)
        );
        return Err(1);
    }
    lowered.ir.ok_or(1)
}

fn check(files: &[PathBuf], choices: &Choices, deny_warnings: bool) -> i32 {
    let mut worst = 0;
    for path in files {
        let bytes = match crate::tools::files::read(path) {
            Ok(b) => b,
            Err(m) => {
                eprintln!("{m}");
                worst = 1;
                continue;
            }
        };
        let (text, lowered) = crate::lang::load(&bytes, &choices.selection());
        let name = path.display().to_string();
        print!(
            "{}",
            diag::render(&name, text.as_deref().unwrap_or(""), &lowered.diagnostics)
        );
        let errors = lowered.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = lowered.diagnostics.len() - errors;
        if errors > 0 || (deny_warnings && warnings > 0) {
            worst = 1;
        }
        println!("{name}: {errors} error(s), {warnings} warning(s)");
    }
    worst
}

/// Loads the game and the start position (initial, or `--position`).
fn game_and_state(
    file: &Path,
    position: Option<&str>,
    choices: &Choices,
) -> Result<(Game, State), i32> {
    let ir = load_ir(file, choices)?;
    let game = Game::new(ir);
    let state = match position {
        None => game.initial_state(),
        Some(p) => game.from_notation(p).map_err(|e| {
            eprintln!("error: bad --position: {e}");
            1
        })?,
    };
    Ok((game, state))
}

fn perft(file: &Path, depth: u32, position: Option<&str>, choices: &Choices) -> i32 {
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

fn playout(file: &Path, seed: u64, max_turns: u32, trace: bool, choices: &Choices) -> i32 {
    let (game, mut s) = match game_and_state(file, None, choices) {
        Ok(x) => x,
        Err(c) => return c,
    };
    let mut rng = crate::tools::sim::Rng::for_game(seed, 0);
    let mut buf = Vec::new();
    let mut events = Vec::new();
    while !game.is_over(&s) && s.turns() < max_turns {
        let r = if game.is_chance(&s) {
            let k = game.sample_outcome(&s, rng.next_u64());
            let r = game.apply_throw(&mut s, k, &mut events);
            if trace && let Some((n, k, v)) = s.last() {
                println!("throw {v} ({k} of {n} {})", game.ir().sticks.faces[0]);
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
            game.ir().teams[w.index()].name,
            s.turns()
        ),
        None => println!("not terminated after {} turns (turn cap)", s.turns()),
    }
    0
}
