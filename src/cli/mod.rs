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
//! - [`serve`]: `seig serve`, the same play, authoring and studies in a local web page;
//! - [`lsp`]: `seig lsp`, a language server for editors (standard input and output).
//!
//! Every `print!`/`println!`/`eprint!`/`eprintln!` here is [`out`]'s checked one.

// First, so that its macros shadow std's in every module below.
#[macro_use]
pub mod out;

pub mod analysis;
pub mod check;
pub mod debug;
pub mod error;
pub mod fmt;
pub mod lsp;
pub mod play;
pub mod serve;
pub mod study;

use crate::lang::lower::Selection;
use crate::tools::analysis::Loaded;
use clap::{Args, Parser, Subcommand};
use error::{CliError, Status};
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

/// Parses `--budget`: a finite number within the documented range.
pub fn parse_budget(s: &str) -> Result<f64, String> {
    use crate::tools::agents::{MAX_BUDGET, MIN_BUDGET};
    match s.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && (MIN_BUDGET..=MAX_BUDGET).contains(&v) => Ok(v),
        _ => Err(format!(
            "the budget is a number from {MIN_BUDGET} to {MAX_BUDGET} (1 is the default), got `{s}`"
        )),
    }
}

/// Parses `--jobs`: a whole number of threads within the documented range.
pub fn parse_jobs(s: &str) -> Result<usize, String> {
    use crate::tools::driver::MAX_JOBS;
    match s.trim().parse::<usize>() {
        Ok(v) if (1..=MAX_JOBS).contains(&v) => Ok(v),
        _ => Err(format!(
            "--jobs is a whole number of threads from 1 to {MAX_JOBS}, got `{s}`"
        )),
    }
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
        /// Also play N seeded random games and report those that do not end within the turn cap (off by default).
        #[arg(long, value_name = "N")]
        probe: Option<u64>,
        /// Seed of the probe's games.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Seat turns after which a probe game is stopped and counted as not ended (the one turn cap of every tool).
        #[arg(long, default_value_t = crate::tools::driver::MAX_TURNS)]
        max_turns: u32,
    },
    /// Print a rule file in canonical layout (comments kept).
    Fmt {
        /// Rule file(s); each is printed, checked or rewritten in turn.
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Exit 1 if a file is not in canonical layout.
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
        #[arg(long, default_value_t = crate::tools::driver::MAX_TURNS)]
        max_turns: u32,
        /// Print one line per throw and move: move notation, pieces numbered from 1, where
        /// the piece went, rule IDs, captures, removals and send-homes in words; then the
        /// final position.
        #[arg(long)]
        trace: bool,
        /// The trace as JSON lines, one object per action (also `--trace --json`).
        #[arg(long)]
        trace_json: bool,
        /// With `--trace`: JSON lines.
        #[arg(long, requires = "trace")]
        json: bool,
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
    /// Run a language server on standard input and output (for editors).
    Lsp,
}

/// Runs the command line; returns the exit status.
pub fn main() -> std::process::ExitCode {
    main_from(std::env::args_os())
}

/// Runs the command line on these arguments (the first is the program's name); returns the
/// exit status. A command's error is printed here, through [`error::report`].
pub fn main_from<I, T>(args: I) -> std::process::ExitCode
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    let status = match Cli::try_parse_from(args) {
        Ok(c) => error::status(run(c.command)),
        Err(e) => clap_error(&e),
    };
    out::flush_out();
    std::process::ExitCode::from(status.code())
}

/// Prints clap's help, version or usage error through the checked writers (clap's own
/// `print` ignores a failed write); the status is 0 for help and version, 2 for errors.
fn clap_error(e: &clap::Error) -> Status {
    use std::io::IsTerminal;
    let to_err = e.use_stderr();
    let styled = e.render();
    let colour = if to_err {
        std::io::stderr().is_terminal()
    } else {
        std::io::stdout().is_terminal()
    };
    let text = if colour {
        styled.ansi().to_string()
    } else {
        styled.to_string()
    };
    out::write_raw(to_err, &text);
    if to_err {
        Status::Code(2)
    } else {
        Status::Success
    }
}

fn run(command: Command) -> Result<Status, CliError> {
    match command {
        Command::Check {
            files,
            choices,
            deny_warnings,
            probe,
            seed,
            max_turns,
        } => {
            let probe = probe.map(|games| check::Probe {
                games,
                seed,
                max_turns,
            });
            check::check(&files, &choices, deny_warnings, probe)
        }
        Command::Fmt {
            files,
            check,
            write,
        } => {
            let mode = match (check, write) {
                (true, _) => fmt::Mode::Check,
                (_, true) => fmt::Mode::Write,
                _ => fmt::Mode::Print,
            };
            // Every file is seen to; the status is the worst of them.
            Ok(files
                .iter()
                .map(|f| error::status(fmt::main(f, mode)))
                .fold(Status::Success, Status::max))
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
            trace_json,
            json,
            choices,
        } => {
            let mode = if trace_json || (trace && json) {
                debug::TraceMode::Json
            } else if trace {
                debug::TraceMode::Text
            } else {
                debug::TraceMode::Off
            };
            debug::playout(&file, seed, max_turns, mode, &choices)
        }
        Command::Simulate(a) => study::run_simulate(&a),
        Command::Merge(a) => study::run_merge(&a),
        Command::Compare(a) => study::run_compare(&a),
        Command::Coverage(a) => analysis::run_coverage(&a),
        Command::Explain(a) => analysis::run_explain(&a),
        Command::Rules(a) => analysis::run_rules(&a),
        Command::Play(a) => play::run(a),
        Command::Replay(a) => play::replay(a),
        Command::Serve(a) => serve::run(&a),
        Command::Lsp => lsp::run(),
    }
}

/// Loads a rule file under a selection; the error says why not.
pub fn load(path: &Path, sel: &Selection) -> Result<Loaded, CliError> {
    Ok(crate::tools::analysis::load(path, sel)?)
}
