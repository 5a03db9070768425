//! The crate's layers point one way: the language, then the engine, then the tools, then
//! the command line. A module may use its own layer and the layers before it; this test
//! reads every `crate::…` path in `src/` and fails on one that points up.
#![allow(
    clippy::unwrap_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use std::path::{Path, PathBuf};

/// Layers in order, by module path prefix (longest prefix wins). Within the language the
/// IR and the diagnostics come first, the syntax tree next, lowering and the formatter last.
const LAYERS: &[(&str, u8)] = &[
    ("lang::ir", 0),
    ("lang::diag", 0),
    ("lang::syntax", 1),
    ("lang::lower", 2),
    ("lang::fmt", 2),
    ("lang", 2),
    ("engine", 3),
    ("tools::files", 4),
    ("tools", 5),
    ("cli", 6),
];

/// Pairs (user, used) that the layer order allows but the design does not: the engine reads
/// the IR, never the syntax tree or the lowering that made it.
const FORBIDDEN: &[(&str, &str)] = &[
    ("engine", "lang::syntax"),
    ("engine", "lang::lower"),
    ("engine", "lang::fmt"),
];

fn within(module: &str, prefix: &str) -> bool {
    module == prefix || module.starts_with(&format!("{prefix}::"))
}

/// The layer of a module path such as `tools::analysis::metrics`.
fn layer(module: &str) -> Option<u8> {
    LAYERS
        .iter()
        .filter(|(p, _)| within(module, p))
        .max_by_key(|(p, _)| p.len())
        .map(|&(_, l)| l)
}

/// The module path of a source file: `src/tools/analysis/metrics.rs` → `tools::analysis::metrics`.
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .filter(|p| p != "mod")
        .collect();
    parts.join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every module path named after `crate::` in a line, with `crate::{a, b::c}` groups expanded
/// to their first segments.
fn crate_paths(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = line;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for item in group[..end].split(',') {
                out.push(path_head(item.trim()));
            }
        } else {
            out.push(path_head(rest));
        }
    }
    out.retain(|p| !p.is_empty());
    out
}

/// The leading module path of `a::b::Item…` (lower-case segments only).
fn path_head(s: &str) -> String {
    let mut segs = Vec::new();
    for seg in s.split("::") {
        let word: String = seg
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        if word.is_empty() || word.starts_with(|c: char| c.is_ascii_uppercase()) {
            break;
        }
        segs.push(word);
        if seg.len() != segs.last().map_or(0, |w| w.len()) {
            break;
        }
    }
    segs.join("::")
}

#[test]
fn no_module_imports_from_a_layer_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut upward = Vec::new();
    for f in &files {
        let module = module_of(&src, f);
        let Some(own) = layer(&module) else { continue };
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            for used in crate_paths(code) {
                let l = layer(&used).unwrap_or(0);
                let banned = FORBIDDEN
                    .iter()
                    .any(|(a, b)| within(&module, a) && within(&used, b));
                if l > own || banned {
                    upward.push(format!(
                        "{}:{}: {module} (layer {own}) uses crate::{used} (layer {l})",
                        f.strip_prefix(&src).unwrap().display(),
                        n + 1
                    ));
                }
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that point up a layer (or that the design forbids):\n{}",
        upward.join("\n")
    );
}

#[test]
fn every_module_has_a_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let lost: Vec<String> = files
        .iter()
        .map(|f| module_of(&src, f))
        .filter(|m| !matches!(m.as_str(), "lib" | "main") && layer(m).is_none())
        .collect();
    assert!(lost.is_empty(), "modules in no layer: {lost:?}");
}

#[test]
fn the_layer_test_sees_an_upward_import() {
    assert_eq!(crate_paths("use crate::cli::Choices;"), ["cli"]);
    assert_eq!(
        crate_paths("use crate::{engine::Game, tools::agents};"),
        ["engine::Game", "tools::agents"].map(path_head).to_vec()
    );
    assert_eq!(layer("tools::analysis::metrics"), Some(5));
    assert!(layer("cli").unwrap() > layer("tools::analysis").unwrap());
    assert!(layer("lang::syntax").unwrap() > layer("lang::diag").unwrap());
}

/// The modules two levels deep (`tools::analysis`, `lang::ir`) with the ones each uses.
fn module_graph() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let top = |m: &str| m.split("::").take(2).collect::<Vec<_>>().join("::");
    let mut g: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
        Default::default();
    for f in &files {
        let from = top(&module_of(&src, f));
        let text = std::fs::read_to_string(f).unwrap();
        for line in text.lines() {
            let code = line.split("//").next().unwrap_or("");
            for used in crate_paths(code) {
                let to = top(&used);
                if to != from && !from.starts_with(&format!("{to}::")) {
                    g.entry(from.clone()).or_default().insert(to);
                }
            }
        }
    }
    g
}

#[test]
fn no_two_modules_use_each_other() {
    let g = module_graph();
    // Depth-first search for a path back to the start.
    fn reaches(
        g: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
        from: &str,
        to: &str,
        seen: &mut std::collections::BTreeSet<String>,
    ) -> bool {
        g.get(from).is_some_and(|next| {
            next.iter()
                .any(|n| n == to || (seen.insert(n.clone()) && reaches(g, n, to, seen)))
        })
    }
    let cycles: Vec<&String> = g
        .keys()
        .filter(|m| reaches(&g, m, m, &mut Default::default()))
        .collect();
    assert!(
        cycles.is_empty(),
        "modules on an import cycle: {cycles:?}\n{g:#?}"
    );
}

#[test]
fn only_the_command_line_prints_reads_the_terminal_or_exits() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    let mut wrong = Vec::new();
    for f in &files {
        let module = module_of(&src, f);
        if within(&module, "cli") || matches!(module.as_str(), "main" | "lib") {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
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
                    wrong.push(format!("{module}:{}: {what}", n + 1));
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
