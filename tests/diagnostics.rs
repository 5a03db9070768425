//! The malformed-input corpus (`tests/diagnostics/*.seig`): what `seig check` says about
//! each file, as snapshots, and the properties every diagnostic must have.

use seig::lang::diag::{self, Diagnostic};
use seig::lang::lower::Selection;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A small valid variant, for the command-line tests.
const MINI: &str = include_str!("fixtures/mini.seig");

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/diagnostics exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "seig"))
        .collect();
    files.sort();
    files
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .expect("a file name")
        .to_string_lossy()
        .into_owned()
}

/// What `seig check` does for one file: load, render every diagnostic, summarise.
fn check(name: &str, bytes: &[u8], sel: &Selection) -> (Option<String>, Vec<Diagnostic>, String) {
    let (text, lowered) = seig::lang::load(bytes, sel);
    let mut out = diag::render(name, text.as_deref().unwrap_or(""), &lowered.diagnostics);
    let errors = lowered.diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = lowered.diagnostics.len() - errors;
    out.push_str(&format!(
        "{name}: {errors} error(s), {warnings} warning(s)\n"
    ));
    (text, lowered.diagnostics, out)
}

#[test]
fn corpus_is_large_and_every_file_says_what_it_shows() {
    let files = corpus();
    assert!(files.len() >= 35, "only {} corpus files", files.len());
    for path in &files {
        let bytes = std::fs::read(path).expect("readable");
        if bytes.is_empty() {
            assert_eq!(
                stem(path),
                "empty_file",
                "only empty_file.seig may be empty"
            );
            continue;
        }
        assert!(
            bytes.starts_with(b"# "),
            "{} must start with a `#` comment naming its mistake",
            path.display()
        );
    }
}

#[test]
fn corpus_snapshots() {
    for path in corpus() {
        let name = stem(&path);
        let rel = format!("tests/diagnostics/{name}.seig");
        let bytes = std::fs::read(&path).expect("readable");
        let (_, _, out) = check(&rel, &bytes, &Selection::default());
        let header: String = String::from_utf8_lossy(&bytes)
            .lines()
            .take_while(|l| l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        insta::with_settings!({ description => header, omit_expression => true, prepend_module_to_snapshot => true }, {
            insta::assert_snapshot!(name.as_str(), out);
        });
    }
}

#[test]
fn every_corpus_file_gets_a_located_explained_diagnostic() {
    for path in corpus() {
        let rel = format!("tests/diagnostics/{}.seig", stem(&path));
        let bytes = std::fs::read(&path).expect("readable");
        let (text, diags, _) = check(&rel, &bytes, &Selection::default());
        assert!(!diags.is_empty(), "{rel}: no diagnostic");
        for d in &diags {
            assert!(
                !d.message.trim().is_empty(),
                "{rel}: a diagnostic without a message"
            );
            let one = diag::render(&rel, text.as_deref().unwrap_or(""), std::slice::from_ref(d));
            let Some(span) = d.span else {
                // Only problems with no place in the text may go without a location.
                assert!(text.is_none(), "{rel}: `{}` has no location", d.message);
                continue;
            };
            let text = text.as_deref().expect("a located diagnostic has a text");
            assert!(
                span.start <= span.end && span.end <= text.len(),
                "{rel}: span {span:?} outside the text"
            );
            assert!(
                !d.label.trim().is_empty(),
                "{rel}: `{}` does not say what was expected",
                d.message
            );
            let (line, col) = diag::line_col(text, span.start);
            let at = format!("┌─ {rel}:{line}:{col}");
            assert!(
                one.contains(&at),
                "{rel}: `{}` is not shown at {line}:{col}:\n{one}",
                d.message
            );
        }
    }
}

fn mini_with(sel: Selection) -> String {
    check("mini.seig", MINI.as_bytes(), &sel).2
}

#[test]
fn mini_is_clean() {
    let (_, diags, _) = check("mini.seig", MINI.as_bytes(), &Selection::default());
    assert!(diags.is_empty(), "{diags:?}");
}

#[test]
fn selection_of_an_unknown_reading() {
    let sel = Selection {
        readings: vec![("A-X-2".into(), "optional".into())],
        params: vec![],
    };
    let (_, diags, _) = check("mini.seig", MINI.as_bytes(), &sel);
    assert!(
        diags.iter().all(|d| d.span.is_none() && d.is_error()),
        "{diags:?}"
    );
    insta::assert_snapshot!("selection_unknown_reading", mini_with(sel));
}

#[test]
fn selection_of_an_unknown_option() {
    let sel = Selection {
        readings: vec![("A-X-1".into(), "optionel".into())],
        params: vec![],
    };
    insta::assert_snapshot!("selection_unknown_option", mini_with(sel));
}

#[test]
fn selection_of_a_param_out_of_range() {
    let sel = Selection {
        readings: vec![],
        params: vec![("holes".into(), 11)],
    };
    let (_, diags, _) = check("mini.seig", MINI.as_bytes(), &sel);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert!(diags[0].span.is_none() && diags[0].is_error());
    insta::assert_snapshot!("selection_param_out_of_range", mini_with(sel));
}

#[test]
fn selection_of_an_unknown_param() {
    let sel = Selection {
        readings: vec![],
        params: vec![("hole".into(), 8)],
    };
    insta::assert_snapshot!("selection_unknown_param", mini_with(sel));
}

#[test]
fn selection_within_range_is_clean() {
    let sel = Selection {
        readings: vec![("A-X-1".into(), "optional".into())],
        params: vec![("holes".into(), 10)],
    };
    let (_, diags, _) = check("mini.seig", MINI.as_bytes(), &sel);
    assert!(diags.is_empty(), "{diags:?}");
}

/// Runs the real binary; returns the exit code and stdout + stderr.
fn seig(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_seig"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("seig runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().expect("an exit code"), text)
}

#[test]
fn exit_codes() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let clean = dir.join("diagnostics-mini.seig");
    std::fs::write(&clean, MINI).expect("writable temp dir");
    let clean = clean.to_str().expect("a UTF-8 path");

    let (code, out) = seig(&["check", clean]);
    assert_eq!(code, 0, "a clean file: {out}");
    assert!(out.contains("0 error(s), 0 warning(s)"), "{out}");

    let (code, out) = seig(&["check", "tests/diagnostics/unknown_phase_near_miss.seig"]);
    assert_eq!(code, 1, "a file with errors: {out}");
    assert!(
        out.contains("┌─ tests/diagnostics/unknown_phase_near_miss.seig:"),
        "{out}"
    );

    let (code, out) = seig(&["check", "tests/diagnostics/rule_without_citation.seig"]);
    assert_eq!(code, 0, "warnings alone do not fail: {out}");
    let (code, out) = seig(&[
        "check",
        "--deny-warnings",
        "tests/diagnostics/rule_without_citation.seig",
    ]);
    assert_eq!(code, 1, "unless denied: {out}");

    let (code, out) = seig(&["check", clean, "--reading", "A-X-9=yes"]);
    assert_eq!(
        code, 1,
        "an unknown reading is an error in the file's terms: {out}"
    );
    assert!(out.contains("declares no reading `A-X-9`"), "{out}");
    let (code, out) = seig(&["check", clean, "--param", "holes=40"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("outside the range of `holes`"), "{out}");

    // Usage errors.
    let (code, out) = seig(&["check"]);
    assert_eq!(code, 2, "no file: {out}");
    let (code, out) = seig(&["check", clean, "--reading", "foo"]);
    assert_eq!(code, 2, "--reading without `=`: {out}");
    assert!(out.contains("NAME=OPTION"), "{out}");
    let (code, out) = seig(&["check", clean, "--param", "holes=many"]);
    assert_eq!(code, 2, "--param with no number: {out}");

    // A missing file is reported, not a crash.
    let (code, out) = seig(&["check", "tests/diagnostics/no-such-file.seig"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("cannot read"), "{out}");
}
