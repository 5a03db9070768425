//! The interpreter knows no game: every variant lives in a rule file, so no source file
//! under `src/` names a variant, its sources or its places.
#![allow(
    clippy::expect_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use std::path::{Path, PathBuf};

/// Names that belong in rule files, never in the interpreter (compared in lower case).
const NAMES: &[&str] = &[
    "tagent",
    "béart",
    "beart",
    "lenoble",
    "caillié",
    "caillie",
    "sigue",
    "mauritania",
    "boutlimit",
];

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable directory") {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn no_file_under_src_names_a_variant() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    files(&src.join("src"), &mut all);
    for c in std::fs::read_dir(src.join("crates")).expect("crates/") {
        files(&c.expect("readable entry").path().join("src"), &mut all);
    }
    all.sort();
    assert!(
        all.len() > 50,
        "the sources under src/ and crates/*/src are found"
    );
    let mut found = Vec::new();
    for path in &all {
        let bytes = std::fs::read(path).expect("readable file");
        let text = String::from_utf8_lossy(&bytes);
        for (n, line) in text.lines().enumerate() {
            let lower = line.to_lowercase();
            for name in NAMES.iter().filter(|name| lower.contains(*name)) {
                found.push(format!(
                    "{}:{}: `{name}` in: {}",
                    path.strip_prefix(src).unwrap_or(path).display(),
                    n + 1,
                    line.trim()
                ));
            }
        }
    }
    assert!(
        found.is_empty(),
        "the code names variants (move that knowledge into rules/):\n{}",
        found.join("\n")
    );
}
