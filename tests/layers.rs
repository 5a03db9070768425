//! The crate's layers point one way: `lang` → `engine` → `tools` → `cli`. A module may use
//! only its own layer or those before it, and only the command line prints, reads the
//! terminal or exits; the library returns data and typed errors.

use std::path::{Path, PathBuf};

const LAYERS: [&str; 4] = ["lang", "engine", "tools", "cli"];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("source folder") {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code lines of a layer's files (comments left out), with where they are.
fn code_lines(layer: &str) -> Vec<(String, usize, String)> {
    let mut files = Vec::new();
    sources(&Path::new("src").join(layer), &mut files);
    files.sort();
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("source");
        for (i, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            out.push((f.display().to_string(), i + 1, code.to_string()));
        }
    }
    out
}

/// Does `code` name the module `crate::{layer}` (not merely a longer name)?
fn names(code: &str, layer: &str) -> bool {
    let path = format!("crate::{layer}");
    code.match_indices(&path).any(|(at, _)| {
        !code[at + path.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
    })
}

#[test]
fn no_layer_uses_a_later_one() {
    let mut wrong = Vec::new();
    for (i, layer) in LAYERS.iter().enumerate() {
        for (file, n, code) in code_lines(layer) {
            for later in &LAYERS[i + 1..] {
                if names(&code, later) {
                    wrong.push(format!("{file}:{n}: {layer} uses {later}: {code}"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn only_the_command_line_prints_or_exits() {
    let mut wrong = Vec::new();
    for layer in &LAYERS[..3] {
        for (file, n, code) in code_lines(layer) {
            for what in [
                "println!",
                "print!(",
                "eprintln!",
                "eprint!(",
                "process::exit",
                "io::stdin",
                "io::stdout",
                "io::stderr",
            ] {
                if code.contains(what) {
                    wrong.push(format!("{file}:{n}: {what} in {layer}: {code}"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "terminal use outside the command line:\n{}",
        wrong.join("\n")
    );
}
