//! The command line: argument parsing and the subcommands that print.

use crate::diag::{self, Diagnostic};
use crate::ir::Ir;
use crate::lower::Selection;
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
        Some((a, b)) if !a.is_empty() && !b.is_empty() => Ok((a.trim().to_string(), b.trim().to_string())),
        _ => Err(format!("expected NAME=OPTION (e.g. A-TAG-2=slip), got `{s}`")),
    }
}

fn parse_param(s: &str) -> Result<(String, i64), String> {
    let (a, b) = s.split_once('=').ok_or_else(|| format!("expected NAME=VALUE (e.g. holes=20), got `{s}`"))?;
    let v = b.trim().parse::<i64>().map_err(|_| format!("`{b}` is not a whole number (in `{s}`)"))?;
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
        Command::Check { files, choices, deny_warnings } => check(&files, &choices, deny_warnings),
    }
}

/// Reads a file, or prints why not.
pub fn read(path: &Path) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("error: cannot read {}: {e}", path.display()))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(format!("error: {} is {} bytes; rule files are limited to {MAX_FILE_BYTES} bytes", path.display(), meta.len()));
    }
    std::fs::read(path).map_err(|e| format!("error: cannot read {}: {e}", path.display()))
}

/// Largest rule file accepted.
pub const MAX_FILE_BYTES: u64 = 4 * 1024 * 1024;

/// Loads a rule file into IR, printing diagnostics to stderr. `Err` carries the exit code.
pub fn load_ir(path: &Path, choices: &Choices) -> Result<Ir, i32> {
    let bytes = read(path).map_err(|m| {
        eprintln!("{m}");
        1
    })?;
    let (text, lowered) = crate::load(&bytes, &choices.selection());
    let name = path.display().to_string();
    let errors: Vec<&Diagnostic> = lowered.diagnostics.iter().filter(|d| d.is_error()).collect();
    if !errors.is_empty() {
        eprint!("{}", diag::render(&name, text.as_deref().unwrap_or(""), &lowered.diagnostics));
        return Err(1);
    }
    lowered.ir.ok_or(1)
}

fn check(files: &[PathBuf], choices: &Choices, deny_warnings: bool) -> i32 {
    let mut worst = 0;
    for path in files {
        let bytes = match read(path) {
            Ok(b) => b,
            Err(m) => {
                eprintln!("{m}");
                worst = 1;
                continue;
            }
        };
        let (text, lowered) = crate::load(&bytes, &choices.selection());
        let name = path.display().to_string();
        print!("{}", diag::render(&name, text.as_deref().unwrap_or(""), &lowered.diagnostics));
        let errors = lowered.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = lowered.diagnostics.len() - errors;
        if errors > 0 || (deny_warnings && warnings > 0) {
            worst = 1;
        }
        println!("{name}: {errors} error(s), {warnings} warning(s)");
    }
    worst
}
