//! Source coverage against the real texts: every sentence of each bundled file's sources is
//! cited or set aside, each source's own part of a shared text is found by its
//! `text-begins` / `text-ends` fields, and `[sic]` in a quotation matches the source's typo.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    clippy::unwrap_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::lang::lower::Selection;
use seig::tools::analysis::{self, coverage};
use std::path::Path;
use std::process::Command;

/// Each bundled file with the source texts its sources quote (key, file in ../shared/sources,
/// or a path under the repository for a relative's texts, kept in rules/relatives/sources).
const FILES: [(&str, &[(&str, &str)]); 6] = [
    ("seig-tagent.seig", &[("tagent", "seig-tagent.txt")]),
    (
        "sig-beart.seig",
        &[
            ("beart", "sig-mauritania-beart-1955.txt"),
            ("dlp", "sig-mauritania-beart-1955.txt"),
        ],
    ),
    (
        "sigue-caillie.seig",
        &[
            ("caillie", "sigue-caillie-1830.txt"),
            ("dlp", "sigue-caillie-1830.txt"),
        ],
    ),
    (
        "relatives/daldos.seig",
        &[
            ("wiki", "rules/relatives/sources/daldos-wikipedia.txt"),
            ("dlp", "rules/relatives/sources/daldos-dlp.txt"),
        ],
    ),
    (
        "relatives/nyout.seig",
        &[("dlp", "rules/relatives/sources/nyout-dlp.txt")],
    ),
    (
        "relatives/puluc.seig",
        &[
            ("dlp", "rules/relatives/sources/puluc-dlp.txt"),
            ("bgotw", "rules/relatives/sources/puluc-bgotw.txt"),
        ],
    ),
];

/// Where a source text of [`FILES`] lies: a relative's in the repository, the others in
/// ../shared/sources.
fn text_path(name: &str) -> std::path::PathBuf {
    if name.starts_with("rules/") {
        Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
    } else {
        sources_dir().join(name)
    }
}

/// The bundled files whose source texts are all present (the shared ones may be absent
/// outside the project's machines; a relative's are in the repository).
fn present() -> Vec<(&'static str, &'static [(&'static str, &'static str)])> {
    FILES
        .into_iter()
        .filter(|(file, texts)| {
            let all = texts.iter().all(|(_, name)| text_path(name).is_file());
            if !all {
                eprintln!("skipped {file}: its source texts are not at hand");
            }
            all
        })
        .collect()
}

fn sources_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/sources")
}

#[test]
fn every_sentence_of_every_source_is_cited_or_set_aside() {
    for (file, texts) in present() {
        let l = analysis::load(Path::new(&format!("rules/{file}")), &Selection::default())
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let texts: Vec<(String, String, String)> = texts
            .iter()
            .map(|(key, name)| {
                let path = text_path(name);
                let body = std::fs::read_to_string(&path).expect("source text");
                (key.to_string(), path.display().to_string(), body)
            })
            .collect();
        let c = coverage::coverage(&l, &texts);
        assert!(c.problems.is_empty(), "{file}: {:?}", c.problems);
        for s in &c.sources {
            assert_eq!(s.not_covered, 0, "{file}: source {}", s.key);
            assert!(s.quotes_not_in_text.is_empty(), "{file}: {}", s.key);
        }
        // The metadata of the evidence page is outside every source's quotation.
        for s in &c.sources {
            assert!(
                s.sentences
                    .iter()
                    .all(|x| !x.sentence.contains("pieces of evidence found")),
                "{file}: {} counts the page's metadata as a sentence",
                s.key
            );
        }
    }
}

#[test]
fn the_coverage_command_passes_on_each_bundled_file() {
    for (file, texts) in present() {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_seig"));
        cmd.args(["coverage", &format!("rules/{file}")]);
        for (key, name) in texts {
            cmd.arg("--text")
                .arg(format!("{key}={}", text_path(name).display()));
        }
        let out = cmd.output().expect("runs");
        assert!(
            out.status.success(),
            "{file}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

const TWO_TEXTS: &str = r#"game "two texts"
source a "A" {
  text-begins "Alpha runs."
  text-ends "Alpha ends."
}
source b "B" {
  text-begins "Beta begins"
}
rule R-1 stated
  cites a "Alpha runs."
  cites a "It has one stikc [sic]."
  cites a "Alpha ends."
  cites b "Beta begins here."
{
  row lane: lower, 3 holes
  team red: 1 pieces beside the board
  team blue: 1 pieces beside the board
  sticks: 1 with faces up and down
  value: count of up
  track red: lane forward goal
  track blue: lane forward goal
  on 1: release 1
  on any: nothing
  win when all own pieces arrived
}
"#;

fn two_texts(body: &str) -> coverage::Coverage {
    let l = analysis::load_text(TWO_TEXTS, &Selection::default()).unwrap_or_else(|e| panic!("{e}"));
    let t = |k: &str| (k.to_string(), "page.txt".to_string(), body.to_string());
    coverage::coverage(&l, &[t("a"), t("b")])
}

#[test]
fn a_source_covers_only_the_part_of_the_text_it_declares() {
    let page = "1 pieces of evidence found.\nContent \"Alpha runs. It has one stikc. Alpha ends.\" \
                Page 12.\nRules Beta begins here.";
    let c = two_texts(page);
    assert!(c.problems.is_empty(), "{:?}", c.problems);
    assert_eq!(c.sources[0].cited, 3);
    assert_eq!(c.sources[0].not_covered, 0);
    assert_eq!(c.sources[1].cited, 1);
    // A sentence inside a declared part and cited by nobody is reported for that source.
    let c = two_texts("Alpha runs. It has one stikc. Alpha sings. Alpha ends. Beta begins here.");
    assert_eq!(c.sources[0].not_covered, 1);
    assert!(
        c.sources[0]
            .sentences
            .iter()
            .any(|s| s.sentence == "Alpha sings." && s.status == "not covered")
    );
}

#[test]
fn a_declared_part_missing_from_the_text_is_a_problem() {
    let c = two_texts("Something else entirely. Beta begins here.");
    assert!(
        c.problems
            .iter()
            .any(|p| p.contains("text-begins \"Alpha runs.\" is not in the text")),
        "{:?}",
        c.problems
    );
}

#[test]
fn sic_in_a_quotation_matches_the_sources_typo() {
    assert_eq!(
        coverage::normalise("made in the ssand [sic], twenty-four"),
        coverage::normalise("made in the ssand, twenty-four")
    );
}
