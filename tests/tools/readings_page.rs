//! docs/readings.md against the rule files it measures: the figures of each file are the
//! figures of the file as it is now (the sha256 the page gives is the file's), and each
//! reading's default and its argument are the file's, word for word. A rule file changed
//! after the page was made fails here: re-make the page with `python3 docs/readings.py run
//! FILE` then `python3 docs/readings.py write` (the page says how).
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    clippy::unwrap_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::lang::lower::Selection;
use seig::tools::analysis;
use seig::tools::record::sha256_hex;
use std::path::Path;

const BUNDLED: [&str; 4] = [
    "seig-tagent.seig",
    "sig-beart.seig",
    "sigue-caillie.seig",
    "relatives/nyout.seig",
];

/// The page's generated section for one rule file, between its two markers.
fn section<'a>(page: &'a str, name: &str) -> &'a str {
    let start = format!("<!-- generated {name} -->");
    let end = format!("<!-- end generated {name} -->");
    let i = page
        .find(&start)
        .unwrap_or_else(|| panic!("docs/readings.md has no `{start}`"));
    let j = page
        .find(&end)
        .unwrap_or_else(|| panic!("docs/readings.md has no `{end}`"));
    &page[i + start.len()..j]
}

/// Every 64-digit hex word that follows "sha256" in the text.
fn hashes(text: &str) -> Vec<&str> {
    text.match_indices("sha256 ")
        .filter_map(|(i, m)| text.get(i + m.len()..))
        .filter_map(|rest| rest.trim_start_matches('`').get(..64))
        .filter(|h| h.chars().all(|c| c.is_ascii_hexdigit()))
        .collect()
}

#[test]
fn readings_page_hashes_are_the_files() {
    let page = std::fs::read_to_string("docs/readings.md").expect("docs/readings.md");
    for name in BUNDLED {
        let bytes = std::fs::read(format!("rules/{name}")).expect("rule file");
        let now = sha256_hex(&bytes);
        let found = hashes(section(&page, name));
        // The file's line, the simulate header and the compare header each name it.
        assert!(
            found.len() >= 3,
            "docs/readings.md gives {} sha256 for rules/{name}, expected at least 3",
            found.len()
        );
        for h in found {
            assert_eq!(
                h, now,
                "docs/readings.md's figures for rules/{name} are of another file (sha256 {h}); \
                 the file is now {now}: re-make them with `python3 docs/readings.py run {name}` \
                 and `python3 docs/readings.py write`"
            );
        }
    }
}

#[test]
fn readings_page_gives_each_default_and_its_argument_as_the_file_does() {
    let page = std::fs::read_to_string("docs/readings.md").expect("docs/readings.md");
    for name in BUNDLED {
        let text = section(&page, name);
        let path = format!("rules/{name}");
        let l = analysis::load(Path::new(&path), &Selection::default())
            .unwrap_or_else(|e| panic!("{path} does not load: {e}"));
        for r in &l.ir.readings {
            let (option, argument) = &r.options[r.default];
            let head = format!("\n- **{} = {option}**: {argument}", r.id);
            assert!(
                text.contains(&head),
                "docs/readings.md does not give {}'s default `{option}` with the file's text \
                 ({path}): re-make it with `python3 docs/readings.py write`",
                r.id
            );
        }
    }
}
