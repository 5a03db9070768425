//! Hostile input and faults: failed writes to standard output and error, special files
//! where seig reads, records that name other files, out-of-range limits, and inputs that
//! would make unbounded work. Every case runs the real `seig` binary.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

const SEIG: &str = env!("CARGO_BIN_EXE_seig");

fn rules(name: &str) -> String {
    format!("{}/rules/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Runs seig, killing it (and failing) if it has not ended within 30 s: a FIFO must be
/// refused at once, not waited on.
fn run(args: &[&str], stdout: Stdio, stderr: Stdio) -> Output {
    let child = Command::new(SEIG)
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("seig starts");
    let pid = child.id();
    let (done, wait) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if wait.recv_timeout(Duration::from_secs(30)).is_err() {
            // SAFETY: kill(2) on the child's own pid, which has not been reaped yet.
            unsafe { libc::kill(pid as i32, libc::SIGKILL) };
            return true;
        }
        false
    });
    let out = child.wait_with_output().expect("output");
    let _ = done.send(());
    assert!(
        !watchdog.join().expect("watchdog"),
        "seig {args:?} did not end within 30 s"
    );
    out
}

fn full() -> Stdio {
    Stdio::from(
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full"),
    )
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The two shards of a study and a game record in `dir`, for the commands that read them.
fn shard_and_record(dir: &Path) -> ([String; 2], String) {
    let shards = ["s1.json", "s2.json"].map(|n| dir.join(n).display().to_string());
    for (k, shard) in shards.iter().enumerate() {
        let o = run(
            &[
                "simulate",
                &rules("sig-beart.seig"),
                "-n",
                "2",
                "--quiet",
                "--shard",
                &format!("{}/2", k + 1),
                "--out",
                shard,
            ],
            Stdio::null(),
            Stdio::piped(),
        );
        assert!(o.status.success(), "{}", text(&o.stderr));
    }
    let record = dir.join("r.json").display().to_string();
    let mut child = Command::new(SEIG)
        .args([
            "play",
            &rules("sig-beart.seig"),
            "--plain",
            "--seed",
            "3",
            "--seat",
            "south=human",
            "--seat",
            "north=random",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("seig play");
    {
        use std::io::Write;
        let mut input = child.stdin.take().expect("stdin");
        // An early exit shows in the status below, not as a broken pipe here.
        let _ = writeln!(input, "throw\nsave {record}\nquit");
    }
    assert!(child.wait().expect("play ends").success());
    assert!(Path::new(&record).exists());
    (shards, record)
}

/// Every subcommand with arguments that make it print to standard output. `play` and
/// `replay` write through their own front ends (tested in their own files); add them here
/// once their writes are checked.
fn printing_commands(shards: &[String; 2]) -> Vec<Vec<String>> {
    let sig = rules("sig-beart.seig");
    let table: Vec<Vec<&str>> = vec![
        vec!["check", &sig],
        vec!["fmt", &sig],
        vec!["perft", &sig, "--depth", "1"],
        vec!["playout", &sig, "--trace"],
        vec!["simulate", &sig, "-n", "2", "--quiet"],
        vec!["merge", &shards[0], &shards[1]],
        vec![
            "compare",
            &sig,
            "--reading",
            "A-SIG-1=rethrow",
            "--reading",
            "A-SIG-1=plain",
            "-n",
            "2",
            "--quiet",
        ],
        vec!["coverage", &sig],
        vec!["explain", &sig],
        vec!["rules", &sig],
        vec!["--help"],
        vec!["--version"],
        vec!["simulate", "--help"],
    ];
    table
        .into_iter()
        .map(|v| v.into_iter().map(String::from).collect())
        .collect()
}

#[test]
fn every_command_with_stdout_on_a_full_disk_fails_cleanly() {
    let dir = scratch("stdout");
    let (shards, _) = shard_and_record(&dir);
    for args in printing_commands(&shards) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        // First: the command does print something (else the test below proves nothing).
        let ok = run(&args, Stdio::piped(), Stdio::piped());
        assert!(!ok.stdout.is_empty(), "{args:?} prints nothing");
        let o = run(&args, full(), Stdio::piped());
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(74), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(
            err.contains("cannot write to standard output") && err.contains("No space left"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn every_command_with_stderr_on_a_full_disk_does_not_panic() {
    let dir = scratch("stderr");
    let (shards, _) = shard_and_record(&dir);
    for args in printing_commands(&shards) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = run(&args, Stdio::null(), full());
        assert_ne!(o.status.code(), Some(101), "{args:?}");
    }
    // Commands that fail say so on standard error; when that fails too, the exit code
    // still says it.
    let missing = dir.join("missing.seig").display().to_string();
    for args in [
        vec!["check", &missing],
        vec!["rules", &missing],
        vec!["fmt", &missing],
        vec!["simulate", &missing, "-n", "1"],
        vec!["merge", &missing],
        vec!["replay", &missing],
        vec!["no-such-command"],
    ] {
        let o = run(&args, Stdio::null(), full());
        let code = o.status.code();
        assert!(
            code.is_some_and(|c| c != 0 && c != 101),
            "{args:?}: {code:?}"
        );
    }
}

#[test]
fn a_broken_pipe_ends_quietly() {
    let mut child = Command::new(SEIG)
        .args(["playout", &rules("sig-beart.seig"), "--trace"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("seig starts");
    // The reader goes away before reading anything.
    drop(child.stdout.take());
    let o = child.wait_with_output().expect("ends");
    let killed_by_sigpipe = o.status.signal() == Some(libc::SIGPIPE);
    assert!(
        killed_by_sigpipe || o.status.code() == Some(141),
        "{:?}",
        o.status
    );
    assert!(o.stderr.is_empty(), "{}", text(&o.stderr));
}

/// What a special file is called in messages.
fn refuses(args: &[&str], what: &str) {
    let o = run(args, Stdio::piped(), Stdio::piped());
    let err = text(&o.stderr);
    assert!(
        o.status.code().is_some_and(|c| c == 1 || c == 2),
        "{args:?}: {:?} {err}",
        o.status
    );
    assert!(err.contains(what), "{args:?}: {err}");
    assert!(err.contains("not a regular file"), "{args:?}: {err}");
}

/// Each way seig reads a file, with `p` in the file's place.
fn readers(p: &str, sig: &str) -> Vec<Vec<String>> {
    let text = format!("beart={p}");
    let table: Vec<Vec<&str>> = vec![
        vec!["check", p],
        vec!["fmt", p],
        vec!["rules", p],
        vec!["simulate", p, "-n", "1"],
        vec!["merge", p],
        vec!["replay", p],
        vec!["play", sig, "--plain", "--load", p],
        vec!["coverage", sig, "--text", &text],
    ];
    table
        .into_iter()
        .map(|v| v.into_iter().map(String::from).collect())
        .collect()
}

#[test]
fn dev_zero_is_refused_wherever_a_file_is_read() {
    let sig = rules("sig-beart.seig");
    for args in readers("/dev/zero", &sig) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refuses(&args, "character device");
    }
}

#[test]
fn a_fifo_is_refused_at_once_wherever_a_file_is_read() {
    let dir = scratch("fifo");
    let pipe = dir.join("pipe.seig");
    let c = std::ffi::CString::new(pipe.to_str().expect("utf-8 path")).expect("path");
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let sig = rules("sig-beart.seig");
    for args in readers(pipe.to_str().expect("utf-8"), &sig) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refuses(&args, "FIFO");
    }
}

#[test]
fn a_device_node_is_refused_wherever_a_file_is_read() {
    let dir = scratch("device");
    let dev = dir.join("zero.seig");
    let c = std::ffi::CString::new(dev.to_str().expect("utf-8 path")).expect("path");
    // SAFETY: a valid NUL-terminated path; the node is made in a scratch folder.
    let made = unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o644, libc::makedev(1, 5)) };
    if made != 0 {
        eprintln!(
            "skipped: mknod needs root ({})",
            std::io::Error::last_os_error()
        );
        return;
    }
    let sig = rules("sig-beart.seig");
    for args in readers(dev.to_str().expect("utf-8"), &sig) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        refuses(&args, "character device");
    }
}

/// A record of `file` whose hash is not that file's.
fn forged_record(dir: &Path, file: &str) -> String {
    let (_, record) = shard_and_record(dir);
    let mut v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&record).expect("record")).expect("json");
    v["file"] = file.into();
    let forged = dir.join("forged.json");
    std::fs::write(&forged, v.to_string()).expect("write");
    forged.display().to_string()
}

#[test]
fn a_record_naming_another_file_shows_nothing_of_it() {
    let dir = scratch("passwd");
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "root:x:0:0:secret line\n").expect("write");
    let forged = forged_record(&dir, secret.to_str().expect("utf-8"));
    let o = run(
        &["replay", &forged, "--all"],
        Stdio::piped(),
        Stdio::piped(),
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        !err.contains("root:x") && !text(&o.stdout).contains("root:x"),
        "{err}"
    );
    let want = text(&std::fs::read(&forged).expect("record"));
    let v: serde_json::Value = serde_json::from_str(&want).expect("json");
    let recorded = v["sha256"].as_str().expect("hash");
    let actual = seig::tools::files::sha256_hex(b"root:x:0:0:secret line\n");
    assert!(
        err.contains("forged.json")
            && err.contains("another version of")
            && err.contains(recorded)
            && err.contains(&actual),
        "{err}"
    );
}

#[test]
fn a_record_of_another_rule_file_says_whose_it_is() {
    let dir = scratch("other");
    let (_, record) = shard_and_record(&dir);
    let tagent = rules("seig-tagent.seig");
    let o = run(
        &["replay", &record, "--all", "--file", &tagent],
        Stdio::piped(),
        Stdio::piped(),
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains(&format!(
            "this record belongs to {}",
            rules("sig-beart.seig")
        )) && err.contains(&format!("not to {tagent}")),
        "{err}"
    );
    // One message, not a reading error per recorded reading.
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("--reading"), "{err}");
    let o = run(
        &["play", &tagent, "--plain", "--load", &record],
        Stdio::piped(),
        Stdio::piped(),
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(err.contains("this record belongs to"), "{err}");
    assert!(!err.contains("different readings"), "{err}");
}

#[test]
fn budgets_and_jobs_out_of_range_are_usage_errors() {
    let sig = rules("sig-beart.seig");
    for b in [
        "inf", "-inf", "NaN", "1e300", "0", "-1", "0.001", "101", "x",
    ] {
        let o = run(
            &["play", &sig, "--plain", &format!("--budget={b}")],
            Stdio::piped(),
            Stdio::piped(),
        );
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "--budget {b}: {err}");
        assert!(err.contains("from 0.01 to 100"), "--budget {b}: {err}");
    }
    for j in ["0", "257", "100000", "-1", "many"] {
        let o = run(
            &["simulate", &sig, "-n", "1", &format!("--jobs={j}")],
            Stdio::piped(),
            Stdio::piped(),
        );
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "--jobs {j}: {err}");
        assert!(err.contains("from 1 to 256"), "--jobs {j}: {err}");
    }
    let o = run(
        &["simulate", &sig, "-n", "2", "--jobs", "256", "--quiet"],
        Stdio::piped(),
        Stdio::piped(),
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
}

/// Sig with the throwing order `south, north` followed by `n` unknown names.
fn long_order(dir: &Path, n: usize) -> PathBuf {
    let s = std::fs::read_to_string(rules("sig-beart.seig")).expect("rule file");
    let names: Vec<String> = (0..n).map(|i| format!("t{i}")).collect();
    let s = s.replacen(
        "order: south, north",
        &format!("order: south, north, {}", names.join(", ")),
        1,
    );
    assert!(s.contains("t0, t1"));
    let p = dir.join(format!("order{n}.seig"));
    std::fs::write(&p, s).expect("write");
    p
}

#[test]
fn many_diagnostics_are_capped_and_long_lines_cut() {
    let dir = scratch("diagnostics");
    for n in [8_000, 50_000] {
        let p = long_order(&dir, n);
        let o = run(
            &["check", p.to_str().expect("utf-8")],
            Stdio::piped(),
            Stdio::piped(),
        );
        assert_eq!(o.status.code(), Some(1));
        let out = format!("{}{}", text(&o.stdout), text(&o.stderr));
        // Ten shown, the rest counted; the summary counts them all.
        assert_eq!(out.matches("error[E010]").count(), 10, "{n}");
        assert!(
            out.contains(&format!("and {} more like this (E010)", n - 10)),
            "{n}"
        );
        assert!(out.contains(&format!("{n} error(s)")), "{n}");
        // Each shown line is cut around its name: the output does not grow with the line.
        assert!(out.len() < 8_000, "{n}: {} bytes", out.len());
        let line = std::fs::read_to_string(&p)
            .expect("read back")
            .lines()
            .position(|l| l.contains("order: south, north, t0"))
            .expect("the order line")
            + 1;
        assert!(
            out.contains(&format!(":{line}:28")),
            "the column of t1 is the whole line's: {out}"
        );
    }
}
