//! The one atomic writer (`seig::tools::files::write_atomic`), used by record saves,
//! `fmt --write`, study shards and reports: every case in its own scratch folder, and after
//! every call the folder holds no temporary file.
#![allow(
    clippy::expect_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::tools::files::{WriteError, write_atomic};
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("files-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// The names in a folder, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn mode(p: &Path) -> u32 {
    std::fs::metadata(p).expect("metadata").permissions().mode() & 0o7777
}

#[test]
fn a_new_file_is_written_and_nothing_else_is_left() {
    let dir = scratch("new");
    let p = dir.join("out.json");
    write_atomic(&p, b"{}\n").expect("written");
    assert_eq!(std::fs::read(&p).expect("read"), b"{}\n");
    assert_eq!(listing(&dir), ["out.json"]);
}

#[test]
fn an_existing_file_is_replaced_with_its_permissions_kept() {
    let dir = scratch("replace");
    let p = dir.join("game.json");
    std::fs::write(&p, "old contents, longer than the new ones").expect("write");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    write_atomic(&p, b"new").expect("written");
    assert_eq!(std::fs::read_to_string(&p).expect("read"), "new");
    assert_eq!(mode(&p), 0o640);
    assert_eq!(listing(&dir), ["game.json"]);
}

#[test]
fn a_symlink_is_written_through_and_kept() {
    let dir = scratch("symlink");
    let real = dir.join("real.seig");
    let link = dir.join("link.seig");
    std::fs::write(&real, "old").expect("write");
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o600)).expect("chmod");
    std::os::unix::fs::symlink("real.seig", &link).expect("symlink");
    write_atomic(&link, b"new").expect("written");
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink(),
        "the link was replaced by a file"
    );
    assert_eq!(std::fs::read_to_string(&real).expect("read"), "new");
    assert_eq!(mode(&real), 0o600);
    assert_eq!(listing(&dir), ["link.seig", "real.seig"]);
}

#[test]
fn a_dangling_symlink_creates_its_target() {
    let dir = scratch("dangling");
    let link = dir.join("save.json");
    std::os::unix::fs::symlink("saves/one.json", &link).expect("symlink");
    std::fs::create_dir(dir.join("saves")).expect("folder");
    write_atomic(&link, b"x").expect("written");
    assert_eq!(
        std::fs::read_to_string(dir.join("saves/one.json")).expect("read"),
        "x"
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("link")
            .file_type()
            .is_symlink()
    );
    assert_eq!(listing(&dir.join("saves")), ["one.json"]);
}

fn refused(p: &Path) -> WriteError {
    write_atomic(p, b"data").expect_err("refused")
}

#[test]
fn a_folder_is_refused() {
    let dir = scratch("folder");
    let target = dir.join("sub");
    std::fs::create_dir(&target).expect("folder");
    let e = refused(&target);
    assert!(e.to_string().contains("a folder"), "{e}");
    assert!(e.to_string().contains("sub"), "names the path: {e}");
    assert_eq!(listing(&dir), ["sub"]);
    assert!(listing(&target).is_empty());
    // Through a symlink too.
    std::os::unix::fs::symlink("sub", dir.join("to-sub")).expect("symlink");
    let e = refused(&dir.join("to-sub"));
    assert!(e.to_string().contains("a folder"), "{e}");
}

#[test]
fn a_fifo_is_refused_without_blocking() {
    let dir = scratch("fifo");
    let p = dir.join("pipe");
    let c = std::ffi::CString::new(p.to_str().expect("utf-8 path")).expect("path");
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
    let r = unsafe { libc::mkfifo(c.as_ptr(), 0o644) };
    assert_eq!(r, 0, "mkfifo: {}", std::io::Error::last_os_error());
    let e = refused(&p);
    assert!(e.to_string().contains("FIFO"), "{e}");
    assert_eq!(e.error.kind(), std::io::ErrorKind::InvalidInput);
    assert_eq!(listing(&dir), ["pipe"]);
}

#[test]
fn a_device_node_is_refused() {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } != 0 {
        eprintln!("skipped: creating a device node needs root");
        return;
    }
    let dir = scratch("device");
    let p = dir.join("null");
    let c = std::ffi::CString::new(p.to_str().expect("utf-8 path")).expect("path");
    // SAFETY: a valid path inside a scratch folder; the node is the null device (1, 3).
    let r = unsafe { libc::mknod(c.as_ptr(), libc::S_IFCHR | 0o600, libc::makedev(1, 3)) };
    if r != 0 {
        eprintln!(
            "skipped: mknod refused here: {}",
            std::io::Error::last_os_error()
        );
        return;
    }
    let e = refused(&p);
    assert!(e.to_string().contains("character device"), "{e}");
    assert_eq!(listing(&dir), ["null"]);
}

#[test]
fn a_read_only_file_is_refused_and_left_alone() {
    let dir = scratch("readonly");
    let p = dir.join("keep.json");
    std::fs::write(&p, "old").expect("write");
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o444)).expect("chmod");
    let e = refused(&p);
    assert!(e.to_string().contains("read-only"), "{e}");
    assert_eq!(e.error.kind(), std::io::ErrorKind::PermissionDenied);
    assert_eq!(std::fs::read_to_string(&p).expect("read"), "old");
    assert_eq!(listing(&dir), ["keep.json"]);
}

#[test]
fn a_missing_folder_is_an_error_naming_the_path() {
    let dir = scratch("missing");
    let p = dir.join("no/such/folder/out.json");
    let e = refused(&p);
    assert!(e.to_string().contains("no such folder"), "{e}");
    assert!(e.to_string().contains("out.json"), "{e}");
    assert!(listing(&dir).is_empty());
}

#[test]
fn a_failed_create_leaves_nothing() {
    // SAFETY: geteuid has no preconditions.
    if unsafe { libc::geteuid() } == 0 {
        eprintln!("skipped: root writes into a folder without write permission");
        return;
    }
    let dir = scratch("failed");
    let sub = dir.join("locked");
    std::fs::create_dir(&sub).expect("folder");
    std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o500)).expect("chmod");
    let e = refused(&sub.join("out.json"));
    assert_eq!(e.error.kind(), std::io::ErrorKind::PermissionDenied, "{e}");
    std::fs::set_permissions(&sub, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    assert!(listing(&sub).is_empty());
}

#[test]
fn record_saves_go_through_the_writer() {
    let dir = scratch("record");
    let pipe = dir.join("pipe.json");
    let c = std::ffi::CString::new(pipe.to_str().expect("utf-8 path")).expect("path");
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let path = format!("{}/rules/sig-beart.seig", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).expect("rule file");
    let (_, lowered) = seig::lang::load(&bytes, &Default::default());
    let g = seig::engine::Game::new(lowered.ir.expect("valid"));
    let r = seig::tools::record::Record::new(&g, Path::new(&path), &bytes, 1, Vec::new());
    let e = r.save(&pipe).expect_err("a FIFO is refused");
    assert!(e.message.contains("FIFO"), "{e}");
    r.save(&dir.join("game.json")).expect("saved");
    assert_eq!(listing(&dir), ["game.json", "pipe.json"]);
}

#[test]
fn study_outputs_refuse_a_fifo_from_the_command_line() {
    let dir = scratch("cli");
    let pipe = dir.join("report.html");
    let c = std::ffi::CString::new(pipe.to_str().expect("utf-8 path")).expect("path");
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let rules = format!("{}/rules/sig-beart.seig", env!("CARGO_MANIFEST_DIR"));
    for flag in ["--report", "--out"] {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_seig"))
            .args(["simulate", &rules, "-n", "2", "--quiet", flag])
            .arg(&pipe)
            .output()
            .expect("seig runs");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{flag}: {err}");
        assert!(
            err.contains("FIFO") && err.contains("report.html"),
            "{flag}: {err}"
        );
    }
    // A shard to a regular file is written.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_seig"))
        .args([
            "simulate", &rules, "-n", "2", "--quiet", "--shard", "1/2", "--out",
        ])
        .arg(dir.join("shard.json"))
        .output()
        .expect("seig runs");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(listing(&dir), ["report.html", "shard.json"]);
}

#[test]
fn stale_temporary_files_of_killed_writes_are_removed() {
    let dir = scratch("stale");
    let p = dir.join("out.json");
    let old = dir.join(".out.json.0123456789abcdef.tmp");
    let fresh = dir.join(".out.json.fedcba9876543210.tmp");
    let other = dir.join(".other.json.0123456789abcdef.tmp");
    for f in [&old, &fresh, &other] {
        std::fs::write(f, "left by a killed write").expect("write");
    }
    let hour_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(3600);
    for f in [&old, &other] {
        std::fs::File::options()
            .write(true)
            .open(f)
            .expect("open")
            .set_modified(hour_ago)
            .expect("set mtime");
    }
    write_atomic(&p, b"{}").expect("written");
    // The old one of this target goes; a recent one (a write in progress) and another
    // target's stay.
    assert_eq!(
        listing(&dir),
        [
            ".other.json.0123456789abcdef.tmp",
            ".out.json.fedcba9876543210.tmp",
            "out.json"
        ]
    );
}

#[test]
fn the_reader_refuses_special_files_and_holds_its_limit_for_them() {
    use seig::tools::files::{ReadError, read_limited};
    let dir = scratch("reader");
    let e = read_limited(Path::new("/dev/zero"), 1024).expect_err("a device");
    assert!(
        matches!(e, ReadError::NotRegular(_, "a character device")),
        "{e}"
    );
    assert!(e.to_string().contains("/dev/zero"), "{e}");
    let pipe = dir.join("pipe");
    let c = std::ffi::CString::new(pipe.to_str().expect("utf-8 path")).expect("path");
    // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    let e = read_limited(&pipe, 1024).expect_err("a FIFO, without blocking");
    assert!(
        matches!(e, ReadError::NotRegular(_, "a FIFO (named pipe)")),
        "{e}"
    );
    let e = read_limited(&dir, 1024).expect_err("a folder");
    assert!(matches!(e, ReadError::NotRegular(_, "a folder")), "{e}");
    let big = dir.join("big");
    std::fs::write(&big, vec![b'x'; 1025]).expect("write");
    let e = read_limited(&big, 1024).expect_err("too large");
    assert!(matches!(e, ReadError::TooLarge(_, 1024)), "{e}");
    std::fs::write(&big, vec![b'x'; 1024]).expect("write");
    assert_eq!(read_limited(&big, 1024).expect("at the limit").len(), 1024);
    let e = read_limited(&dir.join("missing"), 1024).expect_err("missing");
    assert_eq!(
        e.to_string(),
        format!(
            "cannot read {}: no such file",
            dir.join("missing").display()
        )
    );
}
