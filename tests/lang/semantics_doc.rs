//! `docs/semantics.md` names every engine choice (`Ir::engine_choices`) and every statement
//! kind of the IR; `seig rules` prints every choice, "(language default)" where unset.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::lang::ir::StatementKind;
use seig::lang::lower::Selection;
use seig::tools::analysis::{self, rulebook};
use seig::tools::words::choice::{EngineChoices, NAMES};
use std::path::Path;

const BUNDLED: [&str; 3] = [
    "rules/seig-tagent.seig",
    "rules/sig-beart.seig",
    "rules/sigue-caillie.seig",
];

fn page() -> String {
    std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/semantics.md"))
        .expect("docs/semantics.md")
}

/// The page's text for a statement kind (an exhaustive match: a new kind does not compile
/// until it is listed here, and the page must then name it).
fn statement_text(k: StatementKind) -> &'static str {
    match k {
        StatementKind::Row => "`row NAME: KIND …`",
        StatementKind::TeamPieces => "`team NAME: N pieces …`",
        StatementKind::TeamColour => "`team NAME colour FACE`",
        StatementKind::TeamShown => "`team NAME shown as COLOUR`",
        StatementKind::Seats => "`seats per team:`",
        StatementKind::Order => "`order:`",
        StatementKind::Sticks(_) => "`sticks …`",
        StatementKind::Value => "`value:`",
        StatementKind::Dice => "`dice: N with faces`",
        StatementKind::Class => "`class NAME:`",
        StatementKind::Phases => "`phases:`",
        StatementKind::Allocation => "`allocation:`",
        StatementKind::ReleaseOrder => "`release order:`",
        StatementKind::BindAfterRelease => "`the throw after a release moves that piece`",
        StatementKind::Transition => "`from P enter Q when`",
        StatementKind::Throw => "`on …:`",
        StatementKind::Track => "`track TEAM:`",
        StatementKind::TrackLoop => "`track TEAM loops from`",
        StatementKind::TrackBranch => "`track TEAM branches` / `must branch at`",
        StatementKind::TrackEnd => "`track TEAM ends: stop` / `exact` / `bounce`",
        StatementKind::TrackEntry => {
            "`track TEAM entry: first hole` / `chosen hole` / `chosen empty hole`"
        }
        StatementKind::Gate => "`gate TEAM SEG:`",
        StatementKind::Stacking => "`stacking:`",
        StatementKind::Capture => "`capture:`",
        StatementKind::NoCapture => "`no capture in`",
        StatementKind::CaptureOnly => "`capture in REGION only with`",
        StatementKind::Blocked => "`blocked landing:`",
        StatementKind::Immune => "`immune after entering`",
        StatementKind::ImmuneWhen => "`immune when … first holds`",
        StatementKind::SendHomeTo => "`send home to:`",
        StatementKind::Win => "`win [in PHASE] when`",
        StatementKind::Draw => "`draw [in PHASE] when`",
        StatementKind::ScoreEnd => "`end [in PHASE] when …: most pieces in REGION wins`",
        StatementKind::SeatOrder => "`seat order:`",
        StatementKind::MovesPerPiece => "`moves per piece per turn:`",
        StatementKind::PooledLanding => "`pooled throws land:`",
        StatementKind::PooledWalk => "`pooled throws walk:`",
        StatementKind::Moves => "`moves:`",
        StatementKind::ThrowingOn => "`throwing on:`",
        StatementKind::Passing => "`passing own pieces:` / `passing opposing pieces:`",
        StatementKind::MustLand => "`must land on`",
        StatementKind::PassedWon => "`holes passed in REGION are won`",
        StatementKind::SendOn => "`landing on … goes to`",
        StatementKind::Protection => "`protection: N in a row`",
        StatementKind::Blockade => "`blockade: N in a row`",
        StatementKind::BearOff => "`bear off from REGION with …`",
        StatementKind::BearingLarger => "`bearing off:`",
        StatementKind::BackWhenStuck => "`when no move forward: move backward, …`",
        StatementKind::BackStart => "`moving back past the first hole: …`",
        StatementKind::PrisonersFreed => "`prisoners freed: …`",
        StatementKind::SplitThrows => "`split throws:`",
        StatementKind::BlockedRelease => "`blocked release:`",
        StatementKind::Stacks => "`stacks:`",
    }
}

#[test]
fn the_page_names_every_engine_choice() {
    let page = page();
    for name in NAMES {
        assert!(
            page.contains(&format!("### `{name}`\n")),
            "docs/semantics.md has no entry `### \\`{name}\\``"
        );
    }
    // And no entry the code does not know.
    for line in page.lines().filter(|l| l.starts_with("### `")) {
        let name = line.trim_start_matches("### `").trim_end_matches('`');
        assert!(
            NAMES.contains(&name),
            "docs/semantics.md: `{name}` is no engine choice"
        );
    }
}

#[test]
fn the_page_lists_every_statement_kind() {
    let page = page();
    // Every statement kind the bundled files and the full test variant use.
    let mut kinds = Vec::new();
    for path in BUNDLED {
        let l = analysis::load(Path::new(path), &Selection::default()).expect("loads");
        for r in &l.ir.rules {
            kinds.extend(r.statements.iter().map(|s| s.kind));
        }
    }
    assert!(kinds.len() > 20);
    for k in kinds {
        let text = statement_text(k);
        assert!(
            page.contains(&format!("| {text} |")),
            "docs/semantics.md: the table does not list {text}"
        );
    }
}

#[test]
fn every_bundled_file_gives_every_choice_and_rules_prints_them() {
    for path in BUNDLED {
        let l = analysis::load(Path::new(path), &Selection::default()).expect("loads");
        let choices = l.ir.engine_choices();
        let names: Vec<&str> = choices.iter().map(|c| c.name).collect();
        assert_eq!(names, NAMES, "{path}");
        let book = rulebook::rulebook(&l);
        let section = book
            .split("\n## Engine choices\n")
            .nth(1)
            .expect("the rulebook has an engine choices section");
        for c in &choices {
            let line = section
                .lines()
                .find(|l| l.starts_with(&format!("- {}: ", c.name)))
                .unwrap_or_else(|| panic!("{path}: `seig rules` omits {}", c.name));
            match c.origin {
                None => assert!(line.ends_with("(language default)"), "{path}: {line}"),
                Some(o) => {
                    let id = &l.ir.rules[o.rule.index()].id;
                    assert!(line.contains(&format!("[{id} ")), "{path}: {line}");
                    assert!(!line.contains("language default"), "{path}: {line}");
                }
            }
        }
    }
}

#[test]
fn a_file_that_says_nothing_gets_the_language_defaults() {
    let text = "game \"g\"\nrule R-1 stated {\n  row a: home of x, 3 holes\n  row b: home of y, 3 holes\n  team x: 3 pieces in a\n  team y: 3 pieces in b\n  track x: a forward\n  track y: b forward\n  sticks: 2 with faces w and b\n  on any: move value\n}\n";
    let l = analysis::load_text(text, &Selection::default()).expect("loads");
    let by_name = |n: &str| {
        l.ir.engine_choices()
            .into_iter()
            .find(|c| c.name == n)
            .expect(n)
    };
    for (name, value) in [
        ("seats per team", "1"),
        ("phases", "play"),
        ("allocation", "per throw"),
        ("release order", "front-most"),
        ("stacking", "forbidden"),
        ("blocked landing", "share"),
        ("send-home target", "start hole"),
        ("capture", "no taking anywhere"),
        ("stick value", "count of w"),
        (
            "track end",
            "x: stops on the last hole; y: stops on the last hole",
        ),
    ] {
        let c = by_name(name);
        assert_eq!(c.value, value, "{name}");
        assert_eq!(c.origin, None, "{name}");
    }
    // What the file does say has an origin.
    assert!(by_name("throwing order").origin.is_none());
    assert!(by_name("pieces and start").origin.is_some());
}

/// The position notation examples of `docs/language.md` (fenced as ```` ```position FILE ````)
/// each parse against their file, and together they use every part of the notation.
#[test]
fn language_md_position_examples_parse() {
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/language.md"))
            .expect("docs/language.md");
    let mut all = Vec::new();
    for block in doc.split("```position ").skip(1) {
        let (file, rest) = block.split_once('\n').expect("a file name line");
        let body = rest.split("```").next().expect("a closed block");
        let l = analysis::load(Path::new(file.trim()), &Selection::default()).expect("loads");
        let g = seig::engine::Game::new(l.ir);
        for line in body.lines().filter(|l| !l.trim().is_empty()) {
            if let Err(e) = g.from_notation(line) {
                let e = seig::tools::words::position::notation_error(g.ir(), &e);
                panic!("{file}: `{line}` does not parse: {e}");
            }
            all.push(line.to_string());
        }
    }
    let tokens: Vec<&str> = all
        .iter()
        .flat_map(|l| l.split([' ', '|']))
        .filter(|t| !t.is_empty())
        .collect();
    let has = |f: &dyn Fn(&str) -> bool| tokens.iter().any(|t| f(t));
    assert!(has(&|t| t.contains('^')), "an example with ^BOUND");
    assert!(has(&|t| t.contains('@')), "an example with @RULE");
    assert!(has(&|t| t.ends_with("=drop")), "an example with =drop");
    assert!(
        has(&|t| t.contains('#') && t.contains('=') && !t.ends_with("=drop")),
        "an entry =PIECE"
    );
    assert!(
        has(&|t| t.starts_with('r') && t.contains('#')),
        "a release entry"
    );
    assert!(
        has(&|t| t.starts_with('e') && t.contains('#')),
        "a release-or-move entry"
    );
    assert!(has(&|t| t.ends_with('\'')), "a second visit '");
    assert!(has(&|t| t.starts_with("+!")), "an immune piece");
    assert!(has(&|t| t == "x"), "a removed piece");
    assert!(has(&|t| t == "off"), "a piece off the board");
    assert!(
        has(&|t| t.contains(':') && t.contains('=') && !t.contains('#')),
        "a `last K:N=V`"
    );
    for word in ["bind", "won", "last", "again", "over"] {
        assert!(has(&|t| t == word), "an example with `{word}`");
    }
}
