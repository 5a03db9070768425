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

use std::io::Write;

/// Exit status after a broken pipe: 128 + SIGPIPE, as a shell reports a killed writer.
pub const EXIT_BROKEN_PIPE: i32 = 141;
/// Exit status after any other failed write to standard output or error (sysexits'
/// `EX_IOERR`).
pub const EXIT_IO: i32 = 74;

/// Writes to standard output and flushes; ends the process on failure (see the module).
pub fn write_out(args: std::fmt::Arguments<'_>) {
    let mut o = std::io::stdout().lock();
    if let Err(e) = o.write_fmt(args).and_then(|()| o.flush()) {
        drop(o);
        fail("standard output", &e);
    }
}

/// Writes to standard error; ends the process on failure (see the module).
pub fn write_err(args: std::fmt::Arguments<'_>) {
    let mut o = std::io::stderr().lock();
    if let Err(e) = o.write_fmt(args).and_then(|()| o.flush()) {
        drop(o);
        fail("standard error", &e);
    }
}

/// Writes text to standard output or error (as `to_err` says), checked like the macros.
pub fn write_text(to_err: bool, text: &str) {
    if to_err {
        write_err(format_args!("{text}"));
    } else {
        write_out(format_args!("{text}"));
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
