//! Checked standard output and standard error for every command.
//!
//! std's `print!` family panics when a write fails (`seig rules FILE > /dev/full` would end
//! with exit 101, and a buffered tail can be lost with exit 0). The macros here shadow
//! `print!`, `println!`, `eprint!` and `eprintln!` in every module of `cli` (this module is
//! declared first, with `#[macro_use]`), so each call site stays as it is and goes through
//! [`write_out`] / [`write_err`], which flush and, on a failed write, end the process:
//!
//! - a broken pipe (the reader went away, `seig … | head`) ends quietly with
//!   [`EXIT_BROKEN_PIPE`] (141, what a shell shows for a process killed by SIGPIPE);
//! - any other failure on standard output is reported on standard error and ends with
//!   [`EXIT_IO`]; a failure on standard error itself ends with [`EXIT_IO`] silently (there is
//!   nowhere left to say it).
//!
//! Everything written through the macros is shown with
//! [`crate::tools::terminal::escape_lines`]: a control or bidirectional character that came
//! from a rule file, a record, a shard or the web (or anywhere) reaches the terminal escaped,
//! whichever message carries it. Text seig means byte for byte (`fmt`'s output, clap's
//! coloured help, the progress bar's carriage return) goes through [`write_raw`]; JSON
//! through [`write_json`], which keeps it JSON.

use crate::tools::terminal::{escape_json, escape_lines};
use std::io::Write;

/// Exit status after a broken pipe: 128 + SIGPIPE, as a shell reports a killed writer.
pub const EXIT_BROKEN_PIPE: i32 = 141;
/// Exit status after any other failed write to standard output or error (sysexits'
/// `EX_IOERR`).
pub const EXIT_IO: i32 = 74;

/// Writes to standard output, escaped for a terminal (see the module), and flushes; ends the
/// process on failure.
pub fn write_out(args: std::fmt::Arguments<'_>) {
    write_raw(false, &escape_lines(&std::fmt::format(args)));
}

/// Writes to standard error, escaped for a terminal (see the module); ends the process on
/// failure.
pub fn write_err(args: std::fmt::Arguments<'_>) {
    write_raw(true, &escape_lines(&std::fmt::format(args)));
}

/// Writes JSON text and a line feed to standard output, with the characters a terminal
/// would act on written as JSON escapes (the same JSON); checked like the macros.
pub fn write_json(json: &str) {
    write_raw(false, &(escape_json(json).into_owned() + "\n"));
}

/// Writes text exactly as it is to standard output or error (as `to_err` says), checked like
/// the macros: for text seig means byte for byte, never for text from outside.
pub fn write_raw(to_err: bool, text: &str) {
    let result = if to_err {
        let mut o = std::io::stderr().lock();
        o.write_all(text.as_bytes()).and_then(|()| o.flush())
    } else {
        let mut o = std::io::stdout().lock();
        o.write_all(text.as_bytes()).and_then(|()| o.flush())
    };
    if let Err(e) = result {
        fail(
            if to_err {
                "standard error"
            } else {
                "standard output"
            },
            &e,
        );
    }
}

/// Flushes standard output before the process ends (a command's last line may have no
/// newline yet); ends the process on failure like a write.
pub fn flush_out() {
    if let Err(e) = std::io::stdout().lock().flush() {
        fail("standard output", &e);
    }
}

fn fail(what: &str, e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(EXIT_BROKEN_PIPE);
    }
    if what != "standard error" {
        // Best effort: standard error may have failed too, and then there is no one to tell.
        let _ = writeln!(std::io::stderr(), "error: cannot write to {what}: {e}");
    }
    std::process::exit(EXIT_IO);
}

/// `print!` through [`write_out`].
macro_rules! print {
    ($($arg:tt)*) => { $crate::cli::out::write_out(format_args!($($arg)*)) };
}

/// `println!` through [`write_out`].
macro_rules! println {
    () => { $crate::cli::out::write_out(format_args!("\n")) };
    ($($arg:tt)*) => {
        $crate::cli::out::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `eprint!` through [`write_err`].
macro_rules! eprint {
    ($($arg:tt)*) => { $crate::cli::out::write_err(format_args!($($arg)*)) };
}

/// `eprintln!` through [`write_err`].
macro_rules! eprintln {
    () => { $crate::cli::out::write_err(format_args!("\n")) };
    ($($arg:tt)*) => {
        $crate::cli::out::write_err(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// A writer that shows what is written to it escaped for a terminal, as the macros do
/// ([`escape_lines`]), for the line-mode game and the messages that do not go through the
/// macros. Callers write whole strings (as `write!` does), so no character is split.
pub struct Escaping<W: Write>(pub W);

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(buf);
        self.0.write_all(escape_lines(&text).as_bytes())?;
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// `v` as JSON text (`pretty`: indented). A value that cannot be serialised is reported
/// on standard error and ends the process with exit 1: a command never prints an empty
/// or default result in place of the one it could not write.
pub fn json(v: &impl serde::Serialize, pretty: bool) -> String {
    let text = if pretty {
        serde_json::to_string_pretty(v)
    } else {
        serde_json::to_string(v)
    };
    text.unwrap_or_else(|e| unserialisable(&e))
}

/// Prints `v` as JSON ([`json`]) through [`write_json`]: the characters a terminal would act
/// on are written as JSON escapes, and a value that cannot be serialised ends the process.
pub fn print_json(v: &impl serde::Serialize, pretty: bool) {
    write_json(&json(v, pretty));
}

/// `v` as a JSON value, to be trimmed before it is printed (see [`json`]).
pub fn json_value(v: &impl serde::Serialize) -> serde_json::Value {
    serde_json::to_value(v).unwrap_or_else(|e| unserialisable(&e))
}

fn unserialisable(e: &serde_json::Error) -> ! {
    write_err(format_args!(
        "error: cannot write the result as JSON: {e}\n"
    ));
    std::process::exit(1)
}
