//! The command line: the only part of seig that parses flags, prints and chooses exit
//! codes. [`main`] dispatches each subcommand to its module, which calls the library
//! (`lang`, `engine`, `tools`) for data and typed errors and formats them:
//!
//! - [`check`]: `seig check`;
//! - [`fmt`]: `seig fmt` (reads, prints and rewrites files around `lang::fmt`);
//! - [`debug`]: `seig perft` and `seig playout`;
//! - [`study`]: `seig simulate`, `seig merge`, `seig compare`;
//! - [`analysis`]: `seig coverage`, `seig explain`, `seig rules`;
//! - [`play`]: `seig play` and `seig replay`, with the line and full-screen front ends;
//! - [`serve`]: `seig serve`, the same play, authoring and studies in a local web page.

pub mod analysis;
pub mod check;
pub mod debug;
pub mod fmt;
pub mod play;
pub mod serve;
pub mod study;

use crate::lang::lower::Selection;
use crate::tools::analysis::Loaded;
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
    /// As a selection for lowering (what the library takes).
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
    Simulate(study::SimulateArgs),
    /// Merge the shards of a study (`simulate --shard K/N --out FILE`).
    Merge(study::MergeArgs),
    /// Compare readings (or files) side by side on paired seeds.
    Compare(study::CompareArgs),
    /// Source coverage: each declared sentence with the rules that cite it.
    Coverage(analysis::CoverageArgs),
    /// The legal decisions at a position with the rules behind them, or why a move is refused.
    Explain(analysis::ExplainArgs),
    /// The variant as a readable rulebook, generated from the IR.
    Rules(analysis::RulesArgs),
    /// Play at the terminal, against people or the computer (`--plain` for a line mode).
    Play(play::PlayArgs),
    /// Step through a saved game record.
    Replay(play::ReplayArgs),
    /// Play, edit and study rule files in a local web page (on 127.0.0.1; prints the address).
    Serve(serve::ServeArgs),
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
        } => check::check(&files, &choices, deny_warnings),
        Command::Fmt { file, check, write } => {
            let mode = match (check, write) {
                (true, _) => fmt::Mode::Check,
                (_, true) => fmt::Mode::Write,
                _ => fmt::Mode::Print,
            };
            fmt::main(&file, mode)
        }
        Command::Perft {
            file,
            depth,
            position,
            choices,
        } => debug::perft(&file, depth, position.as_deref(), &choices),
        Command::Playout {
            file,
            seed,
            max_turns,
            trace,
            choices,
        } => debug::playout(&file, seed, max_turns, trace, &choices),
        Command::Simulate(a) => study::run_simulate(&a),
        Command::Merge(a) => study::run_merge(&a),
        Command::Compare(a) => study::run_compare(&a),
        Command::Coverage(a) => analysis::run_coverage(&a),
        Command::Explain(a) => analysis::run_explain(&a),
        Command::Rules(a) => analysis::run_rules(&a),
        Command::Play(a) => play::run(a),
        Command::Replay(a) => play::replay(a),
        Command::Serve(a) => serve::run(&a),
    }
}

/// Loads a rule file under a selection, printing why not to standard error; `Err` is the
/// exit code (1).
pub fn load(path: &Path, sel: &Selection) -> Result<Loaded, i32> {
    crate::tools::analysis::load(path, sel).map_err(|e| {
        eprint!("{}", e.render());
        1
    })
}
