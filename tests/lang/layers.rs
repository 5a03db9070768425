//! The layers are crates (seig-ir, seig-lang, seig-engine, seig-tools, then the `seig`
//! binary), so Cargo keeps their direction. Two things Cargo cannot see are checked here:
//! inside the language crate the diagnostics come first, the syntax tree next, lowering and
//! the formatter last (this test reads every `crate::…` path of `crates/seig-lang/src` and
//! fails on one that points up); and only the command line prints.
#![allow(
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use std::path::{Path, PathBuf};

/// The language crate's layers in order, by module path prefix (longest prefix wins): the
/// IR (its own crate, re-exported as `ir`) and the diagnostics first, the syntax tree next,
/// lowering, the reading choices and the formatter last.
const LAYERS: &[(&str, u8)] = &[
    ("lang::ir", 0),
    ("lang::diag", 0),
    ("lang::syntax", 1),
    ("lang::lower", 2),
    ("lang::fmt", 2),
    ("lang", 2),
];

/// The language crate's sources and each file's module path (`lang::syntax::parse`).
fn lang_modules() -> Vec<(PathBuf, String)> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/seig-lang/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    files.sort();
    files
        .into_iter()
        .map(|f| {
            let m = module_of(&src, &f);
            let m = if m == "lib" {
                "lang".to_string()
            } else {
                format!("lang::{m}")
            };
            (f, m)
        })
        .collect()
}

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

/// The code of a file with comments blanked out (line breaks kept, so offsets give lines).
fn code_of(text: &str) -> String {
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

/// Every module of the crate that `code` (the code of module `module`) names, with the line:
/// paths after `crate::` and `super::`, and `use` trees with their groups expanded at any
/// depth and over any number of lines.
fn uses(module: &str, code: &str) -> Vec<(usize, String)> {
    let line_at = |at: usize| code[..at].matches('\n').count() + 1;
    let mut out = Vec::new();
    // `use` items, whole (up to their `;`).
    let mut from = 0;
    while let Some(i) = code[from..].find("use ").map(|i| i + from) {
        let boundary = i == 0 || !code[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_');
        let Some(len) = code[i..].find(';') else {
            break;
        };
        if boundary {
            let mut paths = Vec::new();
            expand("", &code[i + 4..i + len], &mut paths);
            for p in paths {
                if let Some(m) = resolve(module, &p) {
                    out.push((line_at(i), m));
                }
            }
        }
        from = i + 4;
    }
    // Paths in expressions and types.
    for start in ["crate::", "super::"] {
        for (i, _) in code.match_indices(start) {
            // Only where a path begins (not `super::super::…`'s later steps).
            if code[..i].ends_with(|c: char| c == ':' || c.is_alphanumeric() || c == '_') {
                continue;
            }
            let tail: String = code[i..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
                .collect();
            if let Some(m) = resolve(module, &tail) {
                out.push((line_at(i), m));
            }
        }
    }
    out.sort();
    out.dedup();
    out
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`) into its paths, each prefixed.
fn expand(prefix: &str, tree: &str, out: &mut Vec<String>) {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or("").trim();
        out.push(format!("{prefix}{path}"));
        return;
    };
    let head = &tree[..open];
    let inner = tree[open + 1..]
        .trim_end()
        .strip_suffix('}')
        .unwrap_or(&tree[open + 1..]);
    let (mut depth, mut item) = (0, String::new());
    for c in inner.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                expand(&format!("{prefix}{head}"), &item, out);
                item.clear();
                continue;
            }
            _ => {}
        }
        item.push(c);
    }
    if !item.trim().is_empty() {
        expand(&format!("{prefix}{head}"), &item, out);
    }
}

/// The crate module a path names, seen from `module`: `crate::a::b::Item` → `a::b`,
/// `super::x` → the parent's `x`; `None` for paths outside the crate or the module itself.
fn resolve(module: &str, path: &str) -> Option<String> {
    let mut segs: Vec<&str> = path.split("::").map(str::trim).collect();
    let mut base: Vec<&str> = match segs.first() {
        Some(&"crate") => Vec::new(),
        Some(&"super") => module.split("::").collect(),
        _ => return None,
    };
    if segs[0] == "crate" {
        segs.remove(0);
    } else {
        while segs.first() == Some(&"super") {
            segs.remove(0);
            base.pop();
        }
    }
    for seg in segs {
        let lower = !seg.is_empty()
            && seg
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !lower || seg == "self" {
            break;
        }
        base.push(seg);
    }
    let m = base.join("::");
    (!m.is_empty() && !within(module, &m)).then_some(m)
}

#[test]
fn no_module_imports_from_a_layer_above_it() {
    let mut upward = Vec::new();
    for (f, module) in lang_modules() {
        let Some(own) = layer(&module) else { continue };
        let code = code_of(&std::fs::read_to_string(&f).unwrap());
        let bare = module.strip_prefix("lang::").unwrap_or("");
        for (n, used) in uses(bare, &code) {
            let used = format!("lang::{used}");
            let Some(l) = layer(&used) else { continue };
            if l > own {
                upward.push(format!(
                    "{module}:{n}: {module} (layer {own}) uses crate::{used} (layer {l})"
                ));
            }
        }
    }
    assert!(
        upward.is_empty(),
        "imports that point up a layer:\n{}",
        upward.join("\n")
    );
}

#[test]
fn the_layer_test_sees_an_upward_import() {
    let used = |module: &str, code: &str| -> Vec<String> {
        uses(module, code).into_iter().map(|(_, m)| m).collect()
    };
    assert_eq!(used("tools::play", "use crate::cli::Choices;"), ["cli"]);
    // Nested groups, over several lines, are expanded whole.
    assert_eq!(
        used(
            "lang::ir",
            "use crate::{\n    lang::{syntax::ast::Span, diag},\n    cli::Choices,\n};"
        ),
        ["cli", "lang::diag", "lang::syntax::ast"]
    );
    // `super` is resolved against the module; paths in expressions count too.
    assert_eq!(
        used(
            "tools::analysis::metrics",
            "let x = super::super::super::cli::run();"
        ),
        ["cli::run"]
    );
    assert_eq!(used("engine::moves", "use super::*;"), Vec::<String>::new());
    assert_eq!(layer("lang::syntax::parse"), Some(1));
    assert!(layer("lang::lower").unwrap() > layer("lang::syntax").unwrap());
    assert!(layer("lang::syntax").unwrap() > layer("lang::diag").unwrap());
}

/// The language's modules two levels deep (`lang::syntax`, `lang::lower`) with the ones
/// each uses.
fn module_graph() -> std::collections::BTreeMap<String, std::collections::BTreeSet<String>> {
    let top = |m: &str| m.split("::").take(2).collect::<Vec<_>>().join("::");
    let mut g: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
        Default::default();
    for (f, module) in lang_modules() {
        let from = top(&module);
        let code = code_of(&std::fs::read_to_string(&f).unwrap());
        let bare = module.strip_prefix("lang::").unwrap_or("");
        for (_, used) in uses(bare, &code) {
            let to = top(&format!("lang::{used}"));
            if to != from && !from.starts_with(&format!("{to}::")) {
                g.entry(from.clone()).or_default().insert(to);
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

/// Every library crate's sources (everything but the binary's `src/`).
fn library_files() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates");
    let mut files = Vec::new();
    for c in std::fs::read_dir(&crates).unwrap() {
        let src = c.unwrap().path().join("src");
        if src.is_dir() {
            rust_files(&src, &mut files);
        }
    }
    files.sort();
    files
}

#[test]
fn only_the_command_line_prints_reads_the_terminal_or_exits() {
    let files = library_files();
    assert!(files.len() > 50, "the library crates' sources are found");
    let mut wrong = Vec::new();
    for f in &files {
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
                    wrong.push(format!("{}:{}: {what}", f.display(), n + 1));
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
