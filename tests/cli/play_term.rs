//! The full-screen game under a real pseudo-terminal (a private tmux server): the tty's
//! modes (`stty -g` before and after), the alternate screen and the cursor are as they
//! were after every way out — the q key, Ctrl-C as a key, SIGINT, SIGTERM, SIGHUP, SIGQUIT,
//! SIGUSR1, SIGUSR2, SIGALRM and a panic — and while the game is suspended (SIGTSTP or
//! Ctrl-Z), which SIGCONT redraws; `TERM=dumb` gets the line mode. And `play --plain` and `replay` with their
//! output on a full disk (`/dev/full`) fail with a message, never exit 0.
//! Skipped (with a note) where tmux is not installed.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_seig");

fn socket() -> String {
    format!("seig-play-term-{}", std::process::id())
}

fn tmux(args: &[&str]) -> String {
    let out = Command::new("tmux")
        .arg("-L")
        .arg(socket())
        .args(args)
        .output()
        .expect("tmux runs");
    String::from_utf8_lossy(&out.stdout).trim().to_string()
}

fn have_tmux() -> bool {
    Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
}

fn dir(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("play_term-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn wait_for(what: &str, mut ok: impl FnMut() -> bool) {
    let start = Instant::now();
    while !ok() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Starts `seig ARGS` in a new tmux window named `name`, its tty modes saved before and
/// after and its exit status kept, in `d`; waits for its first screen.
fn start(name: &str, d: &Path, env: &str, args: &str, ready: &str) {
    let script = format!(
        "stty -g > {d}/before; {env} {BIN} {args}; echo $? > {d}/rc; stty -g > {d}/after; sleep 600",
        d = d.display()
    );
    let sessions = tmux(&["list-sessions", "-F", "#{session_name}"]);
    let verb = if sessions.is_empty() {
        vec!["new-session", "-d", "-s", "seig", "-x", "80", "-y", "24"]
    } else {
        vec!["new-window", "-d", "-t", "seig"]
    };
    let mut a: Vec<&str> = verb;
    a.extend(["-n", name, "sh", "-c", &script]);
    let out = Command::new("tmux")
        .arg("-L")
        .arg(socket())
        .args(&a)
        .env("TERM", "xterm-256color")
        .status()
        .expect("tmux starts");
    assert!(out.success());
    let target = format!("seig:{name}");
    wait_for(&format!("{name}'s first screen"), || {
        tmux(&["capture-pane", "-p", "-t", &target]).contains(ready)
    });
}

/// The pid of the program the window's shell runs.
fn child_pid(name: &str) -> String {
    let sh = tmux(&[
        "display",
        "-p",
        "-t",
        &format!("seig:{name}"),
        "#{pane_pid}",
    ]);
    let children = std::fs::read_to_string(format!("/proc/{sh}/task/{sh}/children")).unwrap();
    children.split_whitespace().next().unwrap().to_string()
}

/// Waits for the program to end; checks its status, the tty modes, the alternate screen
/// and the cursor.
fn check_restored(name: &str, d: &Path, status: i32) {
    let rc = d.join("after");
    // `stty -g` writes one whole line: the file exists before it is written, so wait for
    // the line (under load, a fixed pause after the file appeared was not enough).
    wait_for(&format!("{name} to end"), || {
        std::fs::read_to_string(&rc).is_ok_and(|s| s.ends_with('\n'))
    });
    let read = |f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    assert_eq!(read("rc").trim(), status.to_string(), "{name}: exit status");
    assert_eq!(read("before"), read("after"), "{name}: tty modes");
    let target = format!("seig:{name}");
    assert_eq!(
        tmux(&["display", "-p", "-t", &target, "#{alternate_on}"]),
        "0",
        "{name}: alternate screen left"
    );
    assert_eq!(
        tmux(&["display", "-p", "-t", &target, "#{cursor_flag}"]),
        "1",
        "{name}: cursor shown"
    );
}

/// Ends the private tmux server (and the windows' `sleep`s) however the test ends.
struct Server;

impl Drop for Server {
    fn drop(&mut self) {
        tmux(&["kill-server"]);
    }
}

#[test]
fn the_terminal_is_restored_on_every_way_out() {
    if !have_tmux() {
        eprintln!("note: tmux is not installed; the terminal test is skipped");
        return;
    }
    let _server = Server;
    let play = "play rules/sig-beart.seig --seed 1";
    let ready = "to throw";
    // Keys.
    for (name, keys) in [("key-q", vec!["q"]), ("ctrl-c", vec!["C-c"])] {
        let d = dir(name);
        start(name, &d, "", play, ready);
        let target = format!("seig:{name}");
        assert_eq!(
            tmux(&["display", "-p", "-t", &target, "#{alternate_on}"]),
            "1"
        );
        for k in keys {
            tmux(&["send-keys", "-t", &target, k]);
        }
        check_restored(name, &d, 0);
    }
    // Unsaved moves: q asks, q again quits.
    let d = dir("unsaved");
    start("unsaved", &d, "", play, ready);
    let before = tmux(&["capture-pane", "-p", "-t", "seig:unsaved"]);
    tmux(&["send-keys", "-t", "seig:unsaved", "t"]);
    // The throw is in the game once the screen shows it (a fixed pause was a race).
    wait_for("the throw", || {
        tmux(&["capture-pane", "-p", "-t", "seig:unsaved"]) != before
    });
    tmux(&["send-keys", "-t", "seig:unsaved", "q"]);
    wait_for("the question", || {
        tmux(&["capture-pane", "-p", "-t", "seig:unsaved"]).contains("not saved")
    });
    tmux(&["send-keys", "-t", "seig:unsaved", "q"]);
    check_restored("unsaved", &d, 0);
    // Signals.
    for (name, sig, n) in [
        ("sigint", "-INT", 2),
        ("sigterm", "-TERM", 15),
        ("sighup", "-HUP", 1),
        ("sigquit", "-QUIT", 3),
        ("sigusr1", "-USR1", 10),
        ("sigusr2", "-USR2", 12),
        ("sigalrm", "-ALRM", 14),
    ] {
        let d = dir(name);
        start(name, &d, "", play, ready);
        let pid = child_pid(name);
        assert!(
            Command::new("kill")
                .args([sig, &pid])
                .status()
                .unwrap()
                .success()
        );
        check_restored(name, &d, 128 + n);
    }
    // A panic.
    let d = dir("panic");
    start("panic", &d, "SEIG_TEST_PANIC=1", play, "");
    check_restored("panic", &d, 101);
    // TERM=dumb: the line mode, never the alternate screen.
    let d = dir("dumb");
    start("dumb", &d, "TERM=dumb", play, "to throw");
    assert_eq!(
        tmux(&["display", "-p", "-t", "seig:dumb", "#{alternate_on}"]),
        "0"
    );
    tmux(&["send-keys", "-t", "seig:dumb", "quit", "Enter"]);
    check_restored("dumb", &d, 0);
    // On a terminal the line mode does not repeat what was typed.
    let screen = tmux(&["capture-pane", "-p", "-t", "seig:dumb"]);
    assert_eq!(screen.matches("quit").count(), 2, "{screen}");
    line_mode_asks_before_leaving_unsaved();
    suspend_and_resume();
    hostile_text_is_shown_escaped();
}

/// Text from the rule file (the title, a citation in the why popup) with ESC, BEL, CR and
/// bidirectional controls is shown by the full-screen game as escapes, as every other
/// output shows it: not dropped, not passed on to the terminal.
fn hostile_text_is_shown_escaped() {
    let d = dir("hostile");
    let text = std::fs::read_to_string("rules/sig-beart.seig").unwrap();
    let hostile = r"x\u{1b}[2J\u{7}\r\u{202e}y";
    let text = text.replacen(
        "game \"Sig (Mauritania), after Béart 1955\"",
        "game \"Sig x\u{1b}[2J\u{7}\r\u{202e}y\"",
        1,
    );
    assert!(text.contains('\u{202e}'), "the title was not replaced");
    let file = d.join("hostile.seig");
    std::fs::write(&file, text).unwrap();
    let args = format!("play {} --seed 1", file.display());
    start("hostile", &d, "", &args, "to throw");
    let screen = tmux(&["capture-pane", "-p", "-t", "seig:hostile"]);
    assert!(screen.contains(hostile), "{screen}");
    assert!(
        !screen.contains(['\u{1b}', '\u{7}', '\u{202e}']),
        "{screen}"
    );
    tmux(&["send-keys", "-t", "seig:hostile", "q"]);
    check_restored("hostile", &d, 0);
}

/// The state letter of process `pid` (`T` when stopped), from /proc.
fn proc_state(pid: &str) -> String {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The state follows the command's name, which is in parentheses.
    stat.rsplit(") ")
        .next()
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or("")
        .to_string()
}

/// A suspend, by SIGTSTP or by Ctrl-Z in the game: the process stops with the terminal as
/// it was before the game (tty modes, main screen, cursor shown); SIGCONT enters the full
/// screen again and draws it anew; the game goes on and leaves as usual.
fn suspend_and_resume() {
    let play = "play rules/sig-beart.seig --seed 1";
    for (name, how) in [("sigtstp", "signal"), ("ctrl-z", "key")] {
        let d = dir(name);
        start(name, &d, "", play, "to throw");
        let target = format!("seig:{name}");
        let pid = child_pid(name);
        if how == "signal" {
            assert!(
                Command::new("kill")
                    .args(["-TSTP", &pid])
                    .status()
                    .unwrap()
                    .success()
            );
        } else {
            tmux(&["send-keys", "-t", &target, "C-z"]);
        }
        wait_for(&format!("{name}: the process to stop"), || {
            proc_state(&pid) == "T"
        });
        let tty = tmux(&["display", "-p", "-t", &target, "#{pane_tty}"]);
        let modes = Command::new("stty")
            .args(["-g", "-F", &tty])
            .output()
            .unwrap();
        let before = std::fs::read_to_string(d.join("before")).unwrap();
        assert_eq!(
            String::from_utf8_lossy(&modes.stdout),
            before,
            "{name}: tty modes while stopped"
        );
        assert_eq!(
            tmux(&["display", "-p", "-t", &target, "#{alternate_on}"]),
            "0",
            "{name}: main screen while stopped"
        );
        assert_eq!(
            tmux(&["display", "-p", "-t", &target, "#{cursor_flag}"]),
            "1",
            "{name}: cursor shown while stopped"
        );
        assert!(
            Command::new("kill")
                .args(["-CONT", &pid])
                .status()
                .unwrap()
                .success()
        );
        wait_for(&format!("{name}: the full screen again"), || {
            tmux(&["display", "-p", "-t", &target, "#{alternate_on}"]) == "1"
        });
        // The alternate screen is blank until the game draws it anew.
        wait_for(&format!("{name}: the game redrawn"), || {
            tmux(&["capture-pane", "-p", "-t", &target]).contains("to throw")
        });
        assert_eq!(
            tmux(&["display", "-p", "-t", &target, "#{cursor_flag}"]),
            "0",
            "{name}: cursor hidden again"
        );
        tmux(&["send-keys", "-t", &target, "q"]);
        check_restored(name, &d, 0);
    }
}

/// The line mode at a terminal: with an unsaved action a first Ctrl-C (the key) or Ctrl-D
/// only warns; the second leaves (130 after the signal, 0 at the end of input). With nothing
/// to lose, Ctrl-C leaves at once.
fn line_mode_asks_before_leaving_unsaved() {
    let play = "play rules/sig-beart.seig --seed 1";
    for (name, key, status) in [("line-c-c", "C-c", 130), ("line-c-d", "C-d", 0)] {
        let d = dir(name);
        // The shell ignores the Ctrl-C that a terminal sends its whole process group.
        start(name, &d, "trap '' INT; TERM=dumb", play, "to throw");
        let target = format!("seig:{name}");
        tmux(&["send-keys", "-t", &target, "throw", "Enter"]);
        wait_for("the throw", || {
            tmux(&["capture-pane", "-p", "-t", &target]).contains("to throw again")
        });
        tmux(&["send-keys", "-t", &target, key]);
        wait_for("the warning", || {
            tmux(&["capture-pane", "-p", "-t", &target])
                .contains("1 action of this game is not saved")
        });
        std::thread::sleep(Duration::from_millis(200));
        assert!(!d.join("rc").exists(), "{name}: left at the first {key}");
        tmux(&["send-keys", "-t", &target, key]);
        check_restored(name, &d, status);
    }
    let d = dir("line-saved");
    start("line-saved", &d, "trap '' INT; TERM=dumb", play, "to throw");
    tmux(&["send-keys", "-t", "seig:line-saved", "C-c"]);
    check_restored("line-saved", &d, 130);
    let screen = tmux(&["capture-pane", "-p", "-t", "seig:line-saved"]);
    assert!(!screen.contains("not saved"), "{screen}");
}

/// Runs `seig ARGS` with `input` on stdin and stdout on `/dev/full`: (status, stderr).
fn on_full_disk(args: &[&str], input: &str) -> (Option<i32>, String) {
    use std::io::Write;
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The child leaves at its first failed write, perhaps before it has read all of its
    // input: a broken pipe here is part of the behaviour under test, not a failure.
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).to_string(),
    )
}

#[test]
fn play_and_replay_on_a_full_disk_fail_with_a_message() {
    if !Path::new("/dev/full").exists() {
        eprintln!("note: no /dev/full here; skipped");
        return;
    }
    let d = dir("full");
    let rec = d.join("g.json");
    let saved = Command::new(BIN)
        .args(["play", "--plain", "rules/sig-beart.seig", "--seed", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .and_then(|mut c| {
            use std::io::Write;
            if let Some(mut stdin) = c.stdin.take() {
                // Tolerate an early exit: the status below says whether the save worked.
                let _ = stdin.write_all(format!("t\nsave {}\nquit\n", rec.display()).as_bytes());
            }
            c.wait()
        })
        .unwrap();
    assert!(saved.success());
    let (code, err) = on_full_disk(
        &["play", "--plain", "rules/sig-beart.seig", "--seed", "2"],
        "t\nquit\nquit\n",
    );
    assert_eq!(code, Some(74), "{err}");
    assert!(
        err.contains("error: cannot write to standard output"),
        "{err}"
    );
    let rec = rec.display().to_string();
    for args in [
        vec!["replay", rec.as_str(), "--all"],
        vec!["replay", rec.as_str(), "--plain"],
    ] {
        let (code, err) = on_full_disk(&args, "next\nquit\n");
        assert_eq!(code, Some(74), "{args:?}: {err}");
        assert!(
            err.contains("error: cannot write to standard output"),
            "{err}"
        );
    }
}
