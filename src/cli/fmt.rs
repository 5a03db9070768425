//! `seig fmt`: reads a rule file, formats it with [`crate::lang::fmt::format_text`], and
//! prints it, checks it or rewrites it in place.

use crate::lang::diag;
use crate::lang::fmt::{FmtError, format_text};
use std::path::Path;

/// What `seig fmt` does with the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Print the formatted file to stdout (the default).
    #[default]
    Print,
    /// `--check`: print nothing if the file is already in canonical layout; otherwise
    /// name the file and fail.
    Check,
    /// `--write`: rewrite the file in place, atomically, if its layout is not canonical.
    Write,
}

/// What [`run`] asks its caller to print, and the exit code.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Outcome {
    /// 0: done (printed, canonical, or written); 1: not canonical (`--check`) or the file
    /// does not parse.
    pub code: i32,
    /// For stdout: the formatted file (`Print`), or which file is not canonical (`Check`).
    pub stdout: String,
    /// For stderr: rendered syntax diagnostics.
    pub stderr: String,
}

/// Formats one rule file whose text has been read already.
///
/// - `Mode::Print`: `stdout` is the formatted text, code 0.
/// - `Mode::Check`: code 0 and no output if `text` is already canonical; otherwise code 1
///   and `stdout` says `PATH: not in canonical layout …`.
/// - `Mode::Write`: if `text` is not canonical, replaces the file atomically (a temporary
///   file in the same directory, written, fsynced, given the file's permissions, renamed
///   over it; a symlink is followed and kept). A canonical file is not touched. Code 0.
///
/// In every mode a file that does not parse gives code 1, its diagnostics (rendered with
/// [`crate::lang::diag::render`]) in `stderr`, and the file is left alone.
///
/// `Err` (print it, exit 1) means the file could not be written, or the formatter failed
/// its own check that the printed text parses back to the same tree; the file is then
/// untouched (a failed write removes its temporary file).
///
/// [`main`] reads the file, calls this, prints `stdout`/`stderr` and exits with `code`.
pub fn run(path: &Path, text: &str, mode: Mode) -> Result<Outcome, String> {
    let name = path.display().to_string();
    let formatted = match format_text(text) {
        Ok(f) => f,
        Err(FmtError::Syntax(diags)) => {
            return Ok(Outcome {
                code: 1,
                stdout: String::new(),
                stderr: diag::render(&name, text, &diags),
            });
        }
        Err(FmtError::NotSameTree) => {
            return Err(format!(
                "error: internal formatter error: the formatted text of {name} does not read back \
                 the same; {name} was not changed (please report this)"
            ));
        }
    };
    let canonical = formatted == text;
    Ok(match mode {
        Mode::Print => Outcome {
            code: 0,
            stdout: formatted,
            stderr: String::new(),
        },
        Mode::Check if canonical => Outcome::default(),
        Mode::Check => Outcome {
            code: 1,
            stdout: format!("{name}: not in canonical layout (run `seig fmt --write {name}`)\n"),
            stderr: String::new(),
        },
        Mode::Write => {
            if !canonical {
                crate::tools::files::write_atomic(path, formatted.as_bytes())
                    .map_err(|e| format!("error: {e}; the file was not changed"))?;
            }
            Outcome::default()
        }
    })
}

/// Reads `path`, runs [`run`], prints its output, and returns the exit code (0 or 1).
/// Unreadable, oversized (see [`crate::tools::files::MAX_FILE_BYTES`]) or non-UTF-8 files give 1.
pub fn main(path: &Path, mode: Mode) -> i32 {
    let bytes = match crate::tools::files::read(path) {
        Ok(b) => b,
        Err(m) => {
            eprintln!("error: {m}");
            return 1;
        }
    };
    let Ok(text) = std::str::from_utf8(&bytes) else {
        eprintln!(
            "error: {} is not UTF-8; save the file as UTF-8",
            path.display()
        );
        return 1;
    };
    match run(path, text, mode) {
        Ok(o) => {
            // The file itself, byte for byte (it is meant to be written to a file).
            super::out::write_raw(false, &o.stdout);
            eprint!("{}", o.stderr);
            o.code
        }
        Err(m) => {
            eprintln!("{m}");
            1
        }
    }
}
