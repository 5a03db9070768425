//! How a command ends: [`Status`] when it did its work (even when what it found is a
//! failure it has already shown, such as diagnostics or a refused move), [`CliError`] when it
//! could not. [`report`] is the one place that prints a command's error (the only `error: `
//! prefix of the command line) and maps each to the exit status the README documents under
//! "Limits and guarantees": 0 success, 1 errors, 2 usage errors, 74 a failed write to
//! standard output or error, 141 a reader that went away.

use crate::tools::analysis::LoadError;
use crate::tools::files::{ReadError, WriteError};

/// A command that ran to its end, and the exit status its result asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Exit 0.
    Success,
    /// Exit 1: what failed has been shown as the command's output (diagnostics, a refused
    /// move, a file not in canonical layout, an unmet coverage).
    Failure,
    /// An exit status a front end chose itself (`play`: 128 + N after signal N, 74 when the
    /// terminal fails, 141 after a closed pipe).
    Code(u8),
}

impl Status {
    /// The status of a front end's exit code (0 and 1 as such; out of range as 1).
    pub fn from_code(code: i32) -> Status {
        match code {
            0 => Status::Success,
            1 => Status::Failure,
            c => u8::try_from(c).map_or(Status::Failure, Status::Code),
        }
    }

    /// The exit status.
    pub fn code(self) -> u8 {
        match self {
            Status::Success => 0,
            Status::Failure => 1,
            Status::Code(c) => c,
        }
    }
}

/// Why a command could not do its work. Each kind has one exit status ([`CliError::code`]).
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A rule file that does not load: its read error, or its diagnostics (shown as they
    /// are, without `error: `). Exit 1.
    #[error("{0}")]
    Load(#[from] LoadError),
    /// A file the command works on cannot be read. Exit 1.
    #[error("{0}")]
    Read(#[from] ReadError),
    /// A file that a flag names (a source text, a shard) cannot be read: a usage error.
    /// Exit 2.
    #[error("{0}")]
    ReadArgument(ReadError),
    /// An output file could not be written (nothing was changed). Exit 1.
    #[error("{0}")]
    Write(#[from] WriteError),
    /// An argument that does not fit (a position, a move, a flag's value, two flags at
    /// odds). Exit 2.
    #[error("{0}")]
    Usage(String),
    /// The work failed (the engine stopped, a record does not match its file, a study's
    /// worker failed). Exit 1.
    #[error("{0}")]
    Failed(String),
    /// Standard output could not be written (a game's line mode). Exit 74; a reader that
    /// went away (a closed pipe) exits 141 quietly, as a shell expects.
    #[error("cannot write to standard output: {0}")]
    Output(std::io::Error),
    /// The full-screen terminal could not be written or read while playing. Exit 74.
    #[error("the terminal failed: {0}")]
    Terminal(std::io::Error),
}

impl CliError {
    /// The exit status of this error.
    pub fn code(&self) -> u8 {
        match self {
            CliError::ReadArgument(_) | CliError::Usage(_) => 2,
            CliError::Load(_) | CliError::Read(_) | CliError::Write(_) | CliError::Failed(_) => 1,
            CliError::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 141,
            CliError::Output(_) | CliError::Terminal(_) => 74,
        }
    }

    /// A usage error saying `m`.
    pub fn usage(m: impl std::fmt::Display) -> CliError {
        CliError::Usage(m.to_string())
    }

    /// A failure saying `m`.
    pub fn failed(m: impl std::fmt::Display) -> CliError {
        CliError::Failed(m.to_string())
    }

    /// The error as standard error shows it: `error: ` and the message, or a rule file's
    /// rendered diagnostics as they are.
    pub fn text(&self) -> String {
        match self {
            CliError::Load(e @ LoadError::Invalid { .. }) => e.render(),
            // The reader went away: there is no one to tell.
            CliError::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe => String::new(),
            other => format!("{}\n", line(other)),
        }
    }
}

/// `error: ` and `m`: the one wording of an error's line, for [`CliError::text`] and for the
/// front ends that write their own standard error (the games, whose exit status is theirs).
pub fn line(m: impl std::fmt::Display) -> String {
    format!("error: {m}")
}

/// Prints `e` on standard error (see [`CliError::text`]) and gives its status: the one
/// place a command's error is said.
pub fn report(e: &CliError) -> Status {
    eprint!("{}", e.text());
    Status::from_code(i32::from(e.code()))
}

/// The exit status of a command's result, its error reported.
pub fn status(r: Result<Status, CliError>) -> Status {
    r.unwrap_or_else(|e| report(&e))
}
