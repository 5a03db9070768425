//! Entering and leaving the full-screen terminal, on every way out: the normal end, an
//! error, a panic (a panic hook), and every catchable signal that would end the process
//! (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM …: a thread that waits for
//! them with `signal-hook`). Leaving means: raw mode off (the tty's modes as they were),
//! the alternate screen left, the cursor shown. A suspend (SIGTSTP, or Ctrl-Z in the game)
//! leaves the screen so before the process stops; on SIGCONT (`fg`) the game enters it
//! again and draws it anew.
//!
//! A signal is first handed to the game's loop ([`pending`]), which leaves the screen and
//! ends with `128 + signal`; if the loop does not answer within a second (the computer is
//! thinking), the signal thread leaves the screen and ends the process itself.
//!
//! The line mode has a guard of its own ([`guard_line_mode`]): with actions not saved, a
//! first Ctrl-C only warns (as a first `quit` does) and a second one leaves; any other of
//! those signals leaves at once, saying the game was not saved.
//!
//! For the terminal tests, `SEIG_TEST_PANIC=1` in the environment makes the full-screen
//! game panic after its first frame, so that the restore on a panic can be checked from
//! outside.

use crate::tools::terminal as untrusted;
use ratatui::DefaultTerminal;
use ratatui::crossterm::{cursor, execute, terminal};
use ratatui::text::Text;
use std::io::Write;
use std::sync::Once;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering};
use std::time::Duration;

/// The signal received and not yet handled, or 0.
static PENDING: AtomicI32 = AtomicI32::new(0);
/// The full-screen mode is on (so that a late signal or a panic has something to undo).
static ACTIVE: AtomicBool = AtomicBool::new(false);
static HOOKS: Once = Once::new();
/// The line mode's actions not yet saved (kept by its loop, read by its signal thread).
static LINE_UNSAVED: AtomicUsize = AtomicUsize::new(0);
static LINE_GUARD: Once = Once::new();

/// The signals that end the game with the terminal restored: every signal whose default
/// is to end the process and that a process may catch (SIGPIPE aside: seig ignores it and
/// sees a failed write; the signals of faults, such as SIGSEGV, cannot be caught safely).
const SIGNALS: [i32; 12] = [
    libc::SIGINT,
    libc::SIGTERM,
    libc::SIGHUP,
    libc::SIGQUIT,
    libc::SIGUSR1,
    libc::SIGUSR2,
    libc::SIGALRM,
    libc::SIGVTALRM,
    libc::SIGPROF,
    libc::SIGXCPU,
    libc::SIGXFSZ,
    libc::SIGPWR,
];

/// The signals of suspending and resuming (Ctrl-Z, `fg`): the full screen is left before
/// the process stops and entered again, and redrawn, when it goes on.
const SUSPEND: [i32; 2] = [libc::SIGTSTP, libc::SIGCONT];

/// The screen must be drawn anew (the game was suspended and resumed).
static REDRAW: AtomicBool = AtomicBool::new(false);
/// The full-screen mode was left for a suspend, and is to be entered again on SIGCONT.
static SUSPENDED: AtomicBool = AtomicBool::new(false);

/// Enters the full-screen mode (raw mode, alternate screen), with the panic hook and the
/// signal thread installed on first use.
pub fn enter() -> std::io::Result<DefaultTerminal> {
    let t = ratatui::try_init();
    if t.is_ok() {
        ACTIVE.store(true, Ordering::SeqCst);
    }
    HOOKS.call_once(install_hooks);
    t
}

/// [`enter`], or the error that says why not (the command's reporter says it; exit 1),
/// the terminal left as it was.
pub fn enter_full_screen() -> Result<DefaultTerminal, crate::cli::error::CliError> {
    enter().map_err(|e| {
        leave();
        crate::cli::error::CliError::failed(format_args!(
            "cannot start the full-screen mode: {e} (use --plain)"
        ))
    })
}

/// Leaves the full-screen mode (idempotent; errors are ignored, as the terminal may be gone).
pub fn leave() {
    if ACTIVE.swap(false, Ordering::SeqCst) {
        let _ = terminal::disable_raw_mode();
        let mut out = std::io::stdout();
        let _ = execute!(out, terminal::LeaveAlternateScreen, cursor::Show);
        let _ = out.flush();
    }
}

/// Leaves the full screen and stops the process, as Ctrl-Z does to a program that is not
/// full-screen (in raw mode the key reaches the game as a key, which calls this).
pub fn suspend() {
    let _ = signal_hook::low_level::raise(libc::SIGTSTP);
}

/// Was the game suspended and resumed since the last call (so the screen must be drawn
/// anew, whatever the terminal shows now)?
pub fn take_redraw() -> bool {
    REDRAW.swap(false, Ordering::SeqCst)
}

/// SIGTSTP: the screen as it was before the game (raw mode off, main screen, cursor
/// shown), then the stop SIGTSTP's default would make. Execution goes on here on SIGCONT.
fn stop_for_suspend() {
    if ACTIVE.load(Ordering::SeqCst) {
        leave();
        SUSPENDED.store(true, Ordering::SeqCst);
    }
    let _ = signal_hook::low_level::emulate_default_handler(libc::SIGTSTP);
    resume();
}

/// SIGCONT (or the return from a stop): enters the full screen again if a suspend left it,
/// and asks the game's loop to draw it anew.
fn resume() {
    if SUSPENDED.swap(false, Ordering::SeqCst) {
        let _ = terminal::enable_raw_mode();
        let mut out = std::io::stdout();
        let _ = execute!(out, terminal::EnterAlternateScreen, cursor::Hide);
        let _ = out.flush();
        ACTIVE.store(true, Ordering::SeqCst);
    }
    REDRAW.store(true, Ordering::SeqCst);
}

/// The signal that asks the game to end, if one came (then the caller leaves the screen and
/// exits with `128 + signal`).
pub fn pending() -> Option<i32> {
    match PENDING.load(Ordering::SeqCst) {
        0 => None,
        s => Some(s),
    }
}

/// Says which signal ended the game on stderr (if stderr still works).
pub fn say_signal(sig: i32) {
    let name = match sig {
        libc::SIGINT => "SIGINT",
        libc::SIGTERM => "SIGTERM",
        libc::SIGHUP => "SIGHUP",
        libc::SIGQUIT => "SIGQUIT",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGALRM => "SIGALRM",
        libc::SIGVTALRM => "SIGVTALRM",
        libc::SIGPROF => "SIGPROF",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGPWR => "SIGPWR",
        _ => "a signal",
    };
    let _ = writeln!(
        crate::cli::out::Escaping(std::io::stderr().lock()),
        "seig: stopped by {name}; the game was not saved"
    );
}

/// Should the game panic now, for the terminal tests (`SEIG_TEST_PANIC=1`)?
pub fn test_panic_requested() -> bool {
    std::env::var_os("SEIG_TEST_PANIC").is_some_and(|v| v == "1")
}

/// Tells the line mode's signal guard how many actions are not saved (0: none).
pub fn set_unsaved(actions: usize) {
    LINE_UNSAVED.store(actions, Ordering::SeqCst);
}

/// Installs the line mode's signal guard (once): Ctrl-C with unsaved actions warns first
/// and leaves on the second; SIGTERM, SIGHUP and SIGQUIT leave at once; every way out by a
/// signal with unsaved actions says the game was not saved, and exits with `128 + signal`.
pub fn guard_line_mode() {
    LINE_GUARD.call_once(|| {
        let spawned = signal_hook::iterator::Signals::new(SIGNALS).and_then(|mut signals| {
            std::thread::Builder::new()
                .name("seig-line-signals".into())
                .spawn(move || {
                    // The count of unsaved actions a Ctrl-C has already warned about.
                    let mut warned = None;
                    for sig in signals.forever() {
                        let unsaved = LINE_UNSAVED.load(Ordering::SeqCst);
                        if sig == signal_hook::consts::SIGINT
                            && unsaved > 0
                            && warned != Some(unsaved)
                        {
                            warned = Some(unsaved);
                            let _ = writeln!(
                                crate::cli::out::Escaping(std::io::stderr().lock()),
                                "\n{}; Ctrl-C again leaves without saving",
                                super::plain::unsaved_words(unsaved)
                            );
                            continue;
                        }
                        if unsaved > 0 {
                            say_signal(sig);
                        }
                        std::process::exit(128 + sig);
                    }
                })
        });
        if let Err(e) = spawned {
            let _ = writeln!(
                crate::cli::out::Escaping(std::io::stderr().lock()),
                "warning: Ctrl-C will leave the game without asking: {e}"
            );
        }
    });
}

fn install_hooks() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        leave();
        previous(info);
    }));
    match signal_hook::iterator::Signals::new(SIGNALS.iter().chain(&SUSPEND)) {
        Ok(mut signals) => {
            let spawned = std::thread::Builder::new()
                .name("seig-signals".into())
                .spawn(move || {
                    let ending = signals.forever().find(|&sig| match sig {
                        libc::SIGTSTP => {
                            stop_for_suspend();
                            false
                        }
                        libc::SIGCONT => {
                            resume();
                            false
                        }
                        _ => true,
                    });
                    if let Some(sig) = ending {
                        PENDING.store(sig, Ordering::SeqCst);
                        // The game's loop answers within a poll interval when it is
                        // waiting for a key; otherwise end here.
                        std::thread::sleep(Duration::from_secs(1));
                        let unanswered = ACTIVE.load(Ordering::SeqCst);
                        leave();
                        if unanswered {
                            say_signal(sig);
                        }
                        std::process::exit(128 + sig);
                    }
                });
            if let Err(e) = spawned {
                let _ = writeln!(
                    crate::cli::out::Escaping(std::io::stderr().lock()),
                    "warning: signals will not restore the terminal: {e}"
                );
            }
        }
        Err(e) => {
            let _ = writeln!(
                crate::cli::out::Escaping(std::io::stderr().lock()),
                "warning: signals will not restore the terminal: {e}"
            );
        }
    }
}

/// Text for the full screen, shown as every other output shows text from files, records
/// and the web (`seig_tools::terminal`): each control or bidirectional character written
/// as its escape (`\u{1b}`, `\r`), where ratatui would drop it without a trace (and pass a
/// bidirectional control on to the terminal).
pub fn shown<'a>(text: impl Into<Text<'a>>) -> Text<'a> {
    let mut text = text.into();
    for span in text.lines.iter_mut().flat_map(|l| l.spans.iter_mut()) {
        if span.content.contains(untrusted::is_unsafe) {
            span.content = untrusted::escape(&span.content).into_owned().into();
        }
    }
    text
}
