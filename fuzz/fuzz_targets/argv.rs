//! Any bytes as a command line (arguments split at NUL bytes) run by `seig::cli::main_from`
//! in a scratch folder holding a rule file `a.seig`, a record `r.json`, a shard `s.json` and
//! a source text `t.txt`, put back before every run. Run it with standard input on
//! `/dev/null` (so that `play` reads the end of its input at once) and `-close_fd_mask=3`.
//!
//! Inputs that would only be slow, not wrong, are skipped: any number above 50, and a
//! study, game or search without a small explicit size (`-n`, `--max-turns`), a perft deeper
//! than 3, and `serve` (it waits for requests until killed).
#![no_main]

use libfuzzer_sys::fuzz_target;
use std::ffi::OsString;
use std::os::unix::ffi::OsStringExt;
use std::path::PathBuf;
use std::sync::OnceLock;

const FIXTURES: [&str; 4] = ["a.seig", "r.json", "s.json", "t.txt"];

fn fixtures() -> &'static (PathBuf, Vec<(String, Vec<u8>)>) {
    static F: OnceLock<(PathBuf, Vec<(String, Vec<u8>)>)> = OnceLock::new();
    F.get_or_init(|| {
        let src = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus-fixtures"));
        let files = FIXTURES
            .iter()
            .map(|n| (n.to_string(), std::fs::read(src.join(n)).expect("fuzz fixture")))
            .collect();
        let dir = std::env::temp_dir().join(format!("seig-fuzz-argv-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("scratch folder");
        std::env::set_current_dir(&dir).expect("cd scratch");
        (dir, files)
    })
}

/// Puts the fixtures back and removes whatever else the last run made.
fn reset(dir: &PathBuf, files: &[(String, Vec<u8>)]) {
    if let Ok(rd) = std::fs::read_dir(dir) {
        for e in rd.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if !FIXTURES.contains(&name.as_str()) {
                let p = e.path();
                let _ = std::fs::remove_file(&p).or_else(|_| std::fs::remove_dir_all(&p));
            }
        }
    }
    for (n, b) in files {
        let p = dir.join(n);
        let _ = std::fs::remove_file(&p);
        let _ = std::fs::write(&p, b);
    }
}

fn too_slow(args: &[String]) -> bool {
    let big = args.iter().any(|a| {
        a.split(['=', ',', '/', ':'])
            .any(|t| t.trim_start_matches('-').trim_start_matches('n').parse::<f64>().is_ok_and(|v| !(v <= 50.0)))
    });
    let has = |flags: &[&str]| args.iter().any(|a| flags.iter().any(|f| a.starts_with(f)));
    let sized = match args.first().map(String::as_str) {
        Some("simulate" | "compare") => has(&["-n", "--count"]),
        Some("play") => has(&["--max-turns"]),
        // A server waits for requests until it is killed; a deep perft is only slow.
        Some("serve") => false,
        Some("perft") => !args.iter().any(|a| a.parse::<u32>().is_ok_and(|d| d > 3)),
        _ => true,
    };
    big || !sized
}

fuzz_target!(|data: &[u8]| {
    let (dir, files) = fixtures();
    let args: Vec<Vec<u8>> = data.split(|&b| b == 0).take(24).map(<[u8]>::to_vec).collect();
    let shown: Vec<String> = args.iter().map(|a| String::from_utf8_lossy(a).into_owned()).collect();
    if too_slow(&shown) {
        return;
    }
    reset(dir, files);
    let argv = std::iter::once(OsString::from("seig")).chain(args.into_iter().map(OsString::from_vec));
    let _ = seig::cli::main_from(argv);
});
