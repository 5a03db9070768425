//! The formatter: idempotence, AST and IR round trips, comments, `run`'s three modes.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use proptest::prelude::*;
use seig::cli::fmt::{self as cli_fmt, Mode};
use seig::lang::fmt;
use seig::lang::syntax::ast::{File, Item, Stmt, StmtKind};
use std::path::{Path, PathBuf};

/// A complete variant that lowers without errors and uses every item, statement, effect,
/// condition, region form, row reference and expression of the language.
const FULL: &str = r##"# Seig: a test variant that uses every construct and lowers cleanly.
game "Seig (a \"full\" test variant)\nsecond line, a backslash \\ and a # sign"

source tagent "Seig" {
  author "anonymous field description"
  year 2010
  evidence "DLP.Evidence.1851"
  note "free text # not a comment"
  title "Seig (Tagent)"
}

source other "Another description" {
}

param holes = 12 in 4..50 "holes in each row"

param nsticks = 4 in 3..8

reading A-TAG-2 "Is a 4 worth 3 (as written) or 4?" {
  as-written (default) "the text: add 3"
  slip "a 4 adds 4"
  bare
}

set aside tagent "Seig, in the Hassania language, means ribs" because "etymology, no rule"

rule TAG-B1 stated
  cites tagent "Each player has two rows."
  cites other "The pieces fill the lower row."
{
  row north-lower: lower of north, holes holes
  row north-upper: upper of north, 12 holes
  row south-lower: lower of south, holes holes
  row south-upper: upper of south, holes holes
  if A-TAG-2 = bare {
    team north: 12 pieces beside the board
  } else {
    team north: holes pieces in north-lower
  }
  team south: 12 pieces in own lower
  if not A-TAG-2 = bare and (A-TAG-2 = slip or A-TAG-2 = as-written) {
    team north colour white
  } else {
    team north colour black
  }
  team south colour black
  team north shown as teal
  team south shown as "#c0392b"
  seats per team: 2
  order: north, south
}

rule TAG-S1 inferred
  cites tagent "Four sticks, white on one side."
{
  sticks: nsticks with faces white and black, p(white) = 0.5
  sticks in race: 4
  sticks on first throw of turn: 4
  sticks on first throw of game: nsticks
  if A-TAG-2 = bare {
    value: count of own colour
  } else {
    value: count of white
  }
  class alike: all alike or all but one alike
  class even: all alike
  class odd: all but one alike
  phases: entry, race
  if A-TAG-2 = slip {
    allocation: pooled
    if A-TAG-2 = slip {
      release order: chosen
    }
  } else {
    allocation: per throw
    release order: front-most
  }
  the throw after a release moves that piece
  from entry enter race when all own pieces released
}

rule TAG-T1 stated
  cites tagent "1 or 5 releases a piece."
{
  on 1, 4 in entry if first throw of turn: release 1 and throw again
  on alike in race: release or move 1 for 2 pieces and throw again
  on 4 if reading A-TAG-2 = slip: move value
  on 3: move 3
  on 2 if not first throw of game and opponent has unreleased pieces: move value + 1 and remove opposing piece
  on 2 in race if all own pieces arrived: release 1 moving 2 and cancel moves
  on even in entry if all pieces released: enter race
  on any in entry: release or move value
  on any if first throw of team turn and no capture possible: move nsticks
  on any: nothing
}

rule TAG-K1 reconstructed
{
  track north: north-lower forward as home-run, north-upper backward, south-upper forward as raid goal
  track south: own lower forward, own upper backward as back, opposing upper forward goal
  track north loops from north-upper when not opponent has no pieces
  track south loops from back
  track south ends: stop
  gate north raid: throw in 1, 4 by crossing throw, else stop
  gate south back: throw in 2 by move total, else forbid
  gate north north-upper: all own pieces released and north-upper full and own upper full of own pieces, else forbid
  if A-TAG-2 = slip {
    stacking: allowed
    blocked landing: forbidden
    send home to: first empty hole
  } else {
    stacking: forbidden
    blocked landing: share
    send home to: start hole
  }
  capture: compulsory, remove
  capture in upper: optional, send home
  capture in opposing upper: compulsory, send home
  no capture in ends of own lower, sharing
  no capture in first hole of opposing upper
  capture in last hole of lower only with a single throw of 1, 4
  immune after entering south-upper
  win when all own pieces arrived
  win when opponent has no pieces and every piece immune or arrived
}
"##;

/// Comments in every awkward place, odd spacing, strings with every escape.
const AWKWARD: &str = "# header comment
# second header line
game    \"a \\\"quoted\\\" title\" # after the game
# before the source
source   k \"T\"  { # after the brace
  # before author
  author \"A\"   year
  # between key and value
  1999 note \"multi
line\" # trailing in source
}
param p=1 in 0..9# tight comment
reading A-1 \"q\" { # brace
  # before first option
  a # inside option
  (default) \"d\"
  b
  # last in reading
}
set # inside set aside
 aside k \"s\" because \"r\"
rule # between rule and id
 R-1 # after id
 stated # after status
 cites # inside cite
 k \"c1\" # after cite
 { # after brace
   row r: lower, 3 holes # trailing stmt
   track t: # inside a statement
     r forward,
     r backward as x goal # last segment
   if A-1 = a { # after if brace
     # lonely
   } # between then and else
   else { on any: nothing # in else
     # end of else
   }
   if A-1 = b {
     on 1: move 1
     # end of then, no else
   }
   # end of rule
}
rule R-2 inferred{}
rule R-3 reconstructed cites k \"only\" {
# only a comment
}
# trailing comment one
#
# trailing comment three \"with quotes\" and # hashes";

/// The documentation's example, written carelessly.
const MESSY: &str = r#"game "Seig (Tagent rules)"
source tagent "Seig" {                 # key, title
  author "anonymous field description"
  year 2010                            # optional
  evidence "DLP.Evidence.1851"         # optional
  note "free text"                     # optional
}
param holes = 12 in 4..50 "holes in each row"   # default, inclusive range, description
reading A-TAG-2 "Is a 4 worth 3 (as written) or 4?" {
  as-written (default) "the text: add 3"
  slip "a 4 adds 4"
}



set aside tagent "Seig, in the Hassania language, means ribs" because "etymology, no rule"
rule TAG-T3 stated cites tagent "3. Add 3 to the number of places pieces can be moved." {
        on 3 in race: move 3
  on 4 in race if reading A-TAG-2=slip:move value+0 and throw    again
  if A-TAG-2=slip{on 2:move 2}else{
  on 2 : nothing}
}
"#;

fn parse(text: &str) -> File {
    match seig::lang::syntax::parse(text) {
        Ok(f) => f,
        Err(d) => panic!(
            "does not parse:\n{}\n---\n{text}",
            seig::lang::diag::render("<test>", text, &d)
        ),
    }
}

fn fmt_text(text: &str) -> String {
    fmt::format(&parse(text), text)
}

/// The AST as JSON without any span (written here, independently of the library's).
fn erased(file: &File) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                m.remove("span");
                m.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(file).expect("the AST serialises");
    strip(&mut v);
    v
}

/// Every comment and every element (item, source field, reading option, citation,
/// statement) in text order, with the closing brace of every block whose end the tree
/// knows (rules, sources, readings, `if … else`): comments by text, the rest by their
/// index in the tree. The formatter keeps this sequence, so a comment stays before the
/// element that followed it, and inside (or outside) the blocks it was in.
fn sequence(file: &File) -> Vec<String> {
    fn stmts(body: &[Stmt], out: &mut Vec<(usize, &'static str)>) {
        for s in body {
            out.push((s.span.start, "element"));
            if let StmtKind::If {
                then, otherwise, ..
            } = &s.node
            {
                stmts(then, out);
                if let Some(other) = otherwise {
                    stmts(other, out);
                    out.push((s.span.end - 1, "end of if"));
                }
            }
        }
    }
    let mut marks = Vec::new();
    for item in &file.items {
        marks.push((item.span().start, "element"));
        match item {
            Item::Source(s) => {
                marks.extend(s.fields.iter().map(|(k, _)| (k.span.start, "element")));
                marks.push((s.span.end - 1, "end of source"));
            }
            Item::Reading(r) => {
                marks.extend(r.options.iter().map(|o| (o.name.span.start, "element")));
                marks.push((r.span.end - 1, "end of reading"));
            }
            Item::Rule(r) => {
                marks.extend(r.citations.iter().map(|c| (c.source.span.start, "element")));
                stmts(&r.body, &mut marks);
                marks.push((r.span.end - 1, "end of rule"));
            }
            _ => {}
        }
    }
    let mut all: Vec<(usize, String)> = marks
        .iter()
        .enumerate()
        .map(|(i, &(s, what))| (s, format!("{what} {i}")))
        .collect();
    all.extend(file.comments.iter().map(|c| (c.span.start, c.node.clone())));
    all.sort();
    all.into_iter().map(|(_, s)| s).collect()
}

/// Everything the formatter promises about one source text.
fn check_all(text: &str, what: &str) {
    let ast = parse(text);
    let once = fmt::format(&ast, text);
    let ast2 = seig::lang::syntax::parse(&once).unwrap_or_else(|d| {
        panic!(
            "{what}: the formatted text does not parse:\n{}\n---\n{once}",
            seig::lang::diag::render("<formatted>", &once, &d)
        )
    });
    assert_eq!(
        fmt::format(&ast2, &once),
        once,
        "{what}: formatting is not idempotent"
    );
    assert_eq!(
        erased(&ast2),
        erased(&ast),
        "{what}: the AST changed\n{once}"
    );
    assert_eq!(
        ast2.comments.iter().map(|c| &c.node).collect::<Vec<_>>(),
        ast.comments.iter().map(|c| &c.node).collect::<Vec<_>>(),
        "{what}: comments lost or changed"
    );
    assert_eq!(
        sequence(&ast2),
        sequence(&ast),
        "{what}: a comment moved past an element\n{once}"
    );
    assert_eq!(
        cli_fmt::run(Path::new(what), &once, Mode::Check).ok(),
        Some(cli_fmt::Outcome::default()),
        "{what}: the formatted text is not reported canonical"
    );
}

/// `*.seig` files under a directory of the crate, if it exists (it may be being written).
/// The bundled rule files: the three games in `rules/` and their relatives in
/// `rules/relatives/`.
fn bundled_files() -> Vec<PathBuf> {
    let mut files = seig_files("rules");
    files.extend(seig_files("rules/relatives"));
    files
}

fn seig_files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "seig"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

#[test]
fn inline_sources_round_trip() {
    check_all(FULL, "FULL");
    check_all(AWKWARD, "AWKWARD");
    check_all(MESSY, "MESSY");
    check_all("", "empty");
    check_all("# only a comment", "only a comment");
    check_all(
        "\n\n  # indented comment\n\n",
        "only whitespace and a comment",
    );
}

#[test]
fn full_is_in_canonical_layout() {
    assert_eq!(fmt_text(FULL), FULL);
}

#[test]
fn rule_files_round_trip() {
    let mut files = bundled_files();
    files.extend(seig_files("tests/diagnostics"));
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        if seig::lang::syntax::parse(&text).is_err() {
            // Syntax-error fixtures, or a file caught half-written.
            continue;
        }
        check_all(&text, &path.display().to_string());
    }
}

#[test]
fn bundled_rule_files_are_canonical() {
    let files = bundled_files();
    assert!(files.len() >= 3, "the bundled rule files are found");
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read");
        let out = fmt_text(&text);
        if out != text {
            let line = text
                .lines()
                .zip(out.lines())
                .position(|(a, b)| a != b)
                .map_or(text.lines().count().min(out.lines().count()), |i| i)
                + 1;
            panic!(
                "{} is not canonical (first difference at line {line}): run `seig fmt --write {}`",
                path.display(),
                path.display()
            );
        }
    }
}

#[test]
fn blank_lines_between_items_collapse_to_one() {
    let text =
        "game \"g\"\nparam a = 1 in 0..2\n\n\n\nparam b = 1 in 0..2\n  \n\t\nparam c = 1 in 0..2\n";
    assert_eq!(
        fmt_text(text),
        "game \"g\"\nparam a = 1 in 0..2\n\nparam b = 1 in 0..2\n\nparam c = 1 in 0..2\n"
    );
}

#[test]
fn blank_lines_between_statements_kept_single_none_at_block_edges() {
    let text = "rule R-1 stated {\n\n\n  on 1: move 1\n  on 2: move 2\n\n\n  on 3: move 3\n  if A-1 = a {\n\n    on 4: move 4\n\n    on 5: move 5\n\n  }\n\n}\n";
    assert_eq!(
        fmt_text(text),
        "rule R-1 stated\n{\n  on 1: move 1\n  on 2: move 2\n\n  on 3: move 3\n  if A-1 = a {\n    on 4: move 4\n\n    on 5: move 5\n  }\n}\n"
    );
}

#[test]
fn end_of_line_comments_stay_on_their_line() {
    let text = "game \"g\"   # the title\nsource k \"T\" {   # header\n  author \"A\" # who\n}  # closed\nparam p=1 in 0..9# tight\nreading A-1 \"q\" { # open\n  a (default) # first\n  b \"d\" # second\n}\nrule R-1 stated # status\n  cites k \"c\" # the quote\n{ # body\n  on 1:   move 1    # one\n  if A-1 = a { # branch\n    on 2: move 2 # two\n  } else { # other\n    on 3: move 3\n  } # after if\n} # end of rule\n";
    assert_eq!(
        fmt_text(text),
        "game \"g\" # the title\n\
         source k \"T\" { # header\n  author \"A\" # who\n} # closed\n\
         param p = 1 in 0..9 # tight\n\
         reading A-1 \"q\" { # open\n  a (default) # first\n  b \"d\" # second\n}\n\
         rule R-1 stated # status\n  cites k \"c\" # the quote\n{ # body\n  on 1: move 1 # one\n\
         \x20 if A-1 = a { # branch\n    on 2: move 2 # two\n  } else { # other\n    on 3: move 3\n  } # after if\n} # end of rule\n"
    );
}

#[test]
fn a_comment_on_its_own_line_stays_on_its_own_line() {
    // After a statement, on the next line: not pulled up to the statement.
    let text =
        "rule R-1 stated {\n  on 1: move 1\n  # about the next one\n  on 2: move 2\n  # last\n}\n";
    assert_eq!(
        fmt_text(text),
        "rule R-1 stated\n{\n  on 1: move 1\n  # about the next one\n  on 2: move 2\n  # last\n}\n"
    );
}

#[test]
fn section_comments_stay_separated_as_written() {
    let text = "game \"g\"\n\n# ---- Section\n# Readings\n\nparam a = 1 in 0..2\n# attached\nparam b = 1 in 0..2\n\n\n# trailing, after a gap\n";
    assert_eq!(
        fmt_text(text),
        "game \"g\"\n\n# ---- Section\n# Readings\n\nparam a = 1 in 0..2\n# attached\nparam b = 1 in 0..2\n\n# trailing, after a gap\n"
    );
    // In a block as well.
    let text = "rule R-1 stated {\n  on 1: move 1\n\n  # section\n\n  on 2: move 2\n}\n";
    assert_eq!(
        fmt_text(text),
        "rule R-1 stated\n{\n  on 1: move 1\n\n  # section\n\n  on 2: move 2\n}\n"
    );
}

#[test]
fn full_uses_every_construct() {
    // Enum variants appear in the JSON as keys (with data) or strings (unit variants).
    fn names(v: &serde_json::Value, out: &mut std::collections::BTreeSet<String>) {
        match v {
            serde_json::Value::Object(m) => {
                for (k, v) in m {
                    out.insert(k.clone());
                    names(v, out);
                }
            }
            serde_json::Value::Array(a) => a.iter().for_each(|v| names(v, out)),
            serde_json::Value::String(s) => {
                out.insert(s.clone());
            }
            _ => {}
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    names(&erased(&parse(FULL)), &mut seen);
    let expected = [
        // items
        "Game",
        "Source",
        "Param",
        "Reading",
        "SetAside",
        "Rule",
        // statements
        "If",
        "Row",
        "TeamPieces",
        "TeamColour",
        "TeamShown",
        "Seats",
        "Order",
        "Sticks",
        "Value",
        "Class",
        "Phases",
        "Allocation",
        "ReleaseOrder",
        "BindAfterRelease",
        "Transition",
        "Throw",
        "Track",
        "TrackLoop",
        "TrackEnd",
        "Gate",
        "Stacking",
        "Capture",
        "NoCapture",
        "CaptureOnly",
        "Blocked",
        "Immune",
        "SendHomeTo",
        "Win",
        // sticks
        "Always",
        "InPhase",
        "FirstOfTurn",
        "FirstOfGame",
        // matches and effects
        "Any",
        "Values",
        "Class",
        "Move",
        "Release",
        "ReleaseOrMove",
        "ThrowAgain",
        "CancelMoves",
        "RemoveOpposing",
        "EnterPhase",
        "Nothing",
        // expressions
        "Int",
        "Param",
        "Value",
        // rows and regions
        "Named",
        "Own",
        "Opposing",
        "Rows",
        "Ends",
        "First",
        "Last",
        // conditions
        "Not",
        "FirstOfTeamTurn",
        "AllOwnReleased",
        "AllReleased",
        "AllOwnArrived",
        "OpponentHasUnreleased",
        "NoCapturePossible",
        "EveryPieceImmuneOrArrived",
        "OpponentHasNoPieces",
        "Reading",
        "Full",
        // requirements
        "Throw",
        "Conds",
        // statuses
        "stated",
        "inferred",
        "reconstructed",
    ];
    let missing: Vec<&str> = expected
        .into_iter()
        .filter(|n| !seen.contains(*n))
        .collect();
    assert!(missing.is_empty(), "FULL does not use: {missing:?}");
    // Each form of the boolean-valued statements, and each optional part, printed.
    let out = fmt_text(FULL);
    for form in [
        "stacking: allowed",
        "stacking: forbidden",
        "blocked landing: share",
        "blocked landing: forbidden",
        "send home to: start hole",
        "send home to: first empty hole",
        "allocation: pooled",
        "allocation: per throw",
        "release order: chosen",
        "release order: front-most",
        "capture: compulsory, remove",
        "capture in upper: optional, send home",
        ", sharing",
        "by crossing throw, else stop",
        "by move total, else forbid",
        "move value\n",
        "move value + 1",
        "release 1 moving 2",
        "for 2 pieces",
        "all alike or all but one alike",
        "own upper full of own pieces",
        "north-upper full and",
        "as raid goal",
        " (default) ",
        "  bare\n",
        "year 2010\n",
        "} else {",
        "if not A-TAG-2 = bare and (A-TAG-2 = slip or A-TAG-2 = as-written) {",
    ] {
        assert!(
            out.contains(form),
            "the formatted FULL lacks `{form}`:\n{out}"
        );
    }
}

#[test]
fn ir_round_trip() {
    let mut sources: Vec<(String, String)> = vec![("FULL".into(), FULL.into())];
    for path in bundled_files() {
        if let Ok(text) = std::fs::read_to_string(&path) {
            sources.push((path.display().to_string(), text));
        }
    }
    let mut lowered = 0;
    for (what, text) in &sources {
        let Ok(ast) = seig::lang::syntax::parse(text) else {
            continue;
        };
        let formatted = parse(&fmt::format(&ast, text));
        // Under the default selection and under every option of every reading.
        let mut selections = vec![seig::lang::lower::Selection::default()];
        for item in &ast.items {
            if let Item::Reading(r) = item {
                for o in &r.options {
                    selections.push(seig::lang::lower::Selection {
                        readings: vec![(r.id.node.clone(), o.name.node.clone())],
                        params: Vec::new(),
                    });
                }
            }
        }
        for sel in &selections {
            let a = seig::lang::lower::lower(&ast, sel);
            let Some(ir) = a.ir else {
                assert!(what != "FULL", "FULL does not lower under {sel:?}");
                continue;
            };
            let b = seig::lang::lower::lower(&formatted, sel);
            assert_eq!(
                b.ir.as_ref(),
                Some(&ir),
                "{what}: the IR changed under {sel:?}"
            );
            assert_eq!(
                a.diagnostics.len(),
                b.diagnostics.len(),
                "{what}: the diagnostics changed under {sel:?}"
            );
            lowered += 1;
        }
    }
    assert!(lowered >= 4, "FULL lowers under each of its readings");
}

#[test]
fn full_lowers_without_errors_or_warnings() {
    let l = seig::lang::lower::lower(&parse(FULL), &Default::default());
    let rendered = seig::lang::diag::render("FULL", FULL, &l.diagnostics);
    assert!(l.ir.is_some(), "{rendered}");
    // TAG-K1 cites nothing on purpose (a warning); nothing else is expected.
    assert!(
        l.diagnostics
            .iter()
            .all(|d| d.message.contains("cites no source")),
        "{rendered}"
    );
}

#[test]
fn comments_survive_in_order() {
    for (what, text) in [("FULL", FULL), ("AWKWARD", AWKWARD), ("MESSY", MESSY)] {
        let before = parse(text).comments;
        let out = fmt_text(text);
        let after = parse(&out).comments;
        assert_eq!(before.len(), after.len(), "{what}");
        for (b, a) in before.iter().zip(&after) {
            assert_eq!(b.node, a.node, "{what}");
        }
        // A comment on a line of its own stays on one (end-of-line comments are tested in
        // `end_of_line_comments_stay_on_their_line`).
        let alone = |text: &str, start: usize| {
            let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
            text[line_start..start].trim().is_empty()
        };
        for (b, a) in before.iter().zip(&after) {
            assert!(
                !alone(text, b.span.start) || alone(&out, a.span.start),
                "{what}: `{}` was alone on its line",
                b.node
            );
        }
    }
}

#[test]
fn layout_details() {
    let out = fmt_text(AWKWARD);
    // Strings re-escaped, the int year kept bare.
    assert!(out.contains(r#"game "a \"quoted\" title""#), "{out}");
    assert!(out.contains(r#"note "multi\nline""#), "{out}");
    assert!(out.contains("  year 1999\n"), "{out}");
    // Empty bodies.
    assert!(out.contains("rule R-2 inferred\n{\n}\n"), "{out}");
    // Comments inside a one-line construct follow it.
    assert!(
        out.contains("  track t: r forward, r backward as x goal\n  # inside a statement\n"),
        "{out}"
    );
    // Trailing comments end the file, right after the last item as written.
    assert!(
        out.ends_with(
            "}\n# trailing comment one\n#\n# trailing comment three \"with quotes\" and # hashes\n"
        ),
        "{out}"
    );
    assert!(!out.contains("\n\n\n"), "{out}");
    assert!(!out.contains(" \n"), "trailing spaces:\n{out}");
}

#[test]
fn snapshot_messy() {
    insta::assert_snapshot!(fmt_text(MESSY), @r#"
    game "Seig (Tagent rules)"
    source tagent "Seig" { # key, title
      author "anonymous field description"
      year 2010 # optional
      evidence "DLP.Evidence.1851" # optional
      note "free text" # optional
    }
    param holes = 12 in 4..50 "holes in each row" # default, inclusive range, description
    reading A-TAG-2 "Is a 4 worth 3 (as written) or 4?" {
      as-written (default) "the text: add 3"
      slip "a 4 adds 4"
    }

    set aside tagent "Seig, in the Hassania language, means ribs" because "etymology, no rule"
    rule TAG-T3 stated
      cites tagent "3. Add 3 to the number of places pieces can be moved."
    {
      on 3 in race: move 3
      on 4 in race if reading A-TAG-2 = slip: move value and throw again
      if A-TAG-2 = slip {
        on 2: move 2
      } else {
        on 2: nothing
      }
    }
    "#);
}

#[test]
fn snapshot_awkward() {
    insta::assert_snapshot!(fmt_text(AWKWARD), @r#"
    # header comment
    # second header line
    game "a \"quoted\" title" # after the game
    # before the source
    source k "T" { # after the brace
      # before author
      author "A"
      year 1999
      # between key and value
      note "multi\nline" # trailing in source
    }
    param p = 1 in 0..9 # tight comment
    reading A-1 "q" { # brace
      # before first option
      a (default) "d"
      # inside option
      b
      # last in reading
    }
    set aside k "s" because "r"
    # inside set aside
    rule R-1 stated
      # between rule and id
      # after id
      # after status
      # inside cite
      cites k "c1" # after cite
    { # after brace
      row r: lower, 3 holes # trailing stmt
      track t: r forward, r backward as x goal
      # inside a statement
      # last segment
      if A-1 = a { # after if brace
        # lonely
      } else {
        # between then and else
        on any: nothing # in else
        # end of else
      }
      if A-1 = b {
        on 1: move 1
        # end of then, no else
      }
      # end of rule
    }
    rule R-2 inferred
    {
    }
    rule R-3 reconstructed
      cites k "only"
    {
      # only a comment
    }
    # trailing comment one
    #
    # trailing comment three "with quotes" and # hashes
    "#);
}

// ------------------------------------------------------------------ run

/// A fresh directory under Cargo's temporary directory for integration tests.
fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("fmt-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("dir")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn run_print_and_check() {
    let p = Path::new("rules/messy.seig");
    let printed = cli_fmt::run(p, MESSY, Mode::Print).expect("run");
    assert_eq!(printed.code, 0);
    assert_eq!(printed.stdout, fmt_text(MESSY));
    assert_eq!(printed.stderr, "");

    let checked = cli_fmt::run(p, MESSY, Mode::Check).expect("run");
    assert_eq!(checked.code, 1);
    assert!(checked.stdout.contains("rules/messy.seig"), "{checked:?}");

    let canonical = cli_fmt::run(p, &printed.stdout, Mode::Check).expect("run");
    assert_eq!(canonical, cli_fmt::Outcome::default());

    // Not canonical: a missing final newline, CRLF line ends, extra blank lines.
    for variant in [
        printed.stdout.trim_end().to_string(),
        printed.stdout.replace('\n', "\r\n"),
        format!("\n{}", printed.stdout),
    ] {
        assert_eq!(cli_fmt::run(p, &variant, Mode::Check).expect("run").code, 1);
    }
}

#[test]
fn run_reports_syntax_errors() {
    let bad = "rule X stated {\n  on 3: move\n}\n";
    for mode in [Mode::Print, Mode::Check, Mode::Write] {
        let o = cli_fmt::run(Path::new("bad.seig"), bad, mode).expect("run");
        assert_eq!(o.code, 1);
        assert_eq!(o.stdout, "");
        assert!(o.stderr.contains("bad.seig"), "{}", o.stderr);
        assert!(o.stderr.contains("error"), "{}", o.stderr);
    }
}

#[test]
fn run_write_rewrites_atomically() {
    let dir = scratch("write");
    let path = dir.join("messy.seig");
    std::fs::write(&path, MESSY).expect("write");
    let o = cli_fmt::run(&path, MESSY, Mode::Write).expect("run");
    assert_eq!(o, cli_fmt::Outcome::default());
    assert_eq!(
        std::fs::read_to_string(&path).expect("read"),
        fmt_text(MESSY)
    );
    assert_eq!(listing(&dir), ["messy.seig"], "no temporary file is left");

    // Already canonical: the file is not rewritten (a rewrite goes through a new file, so
    // the inode would change; mtimes can be too coarse to tell).
    use std::os::unix::fs::MetadataExt;
    let meta = |p: &Path| {
        let m = std::fs::metadata(p).expect("meta");
        (m.ino(), m.modified().expect("mtime"))
    };
    let before = meta(&path);
    let text = std::fs::read_to_string(&path).expect("read");
    assert_eq!(
        cli_fmt::run(&path, &text, Mode::Write).expect("run").code,
        0
    );
    assert_eq!(before, meta(&path));

    // Does not parse: untouched, diagnostics given.
    let bad = dir.join("bad.seig");
    let bad_text = "game \"x\"\nrule R-1 stated {\n  on 3 move 3\n}\n";
    std::fs::write(&bad, bad_text).expect("write");
    let o = cli_fmt::run(&bad, bad_text, Mode::Write).expect("run");
    assert_eq!(o.code, 1);
    assert!(o.stderr.contains("syntax error"), "{}", o.stderr);
    assert_eq!(std::fs::read_to_string(&bad).expect("read"), bad_text);
    assert_eq!(listing(&dir), ["bad.seig", "messy.seig"]);
}

#[cfg(unix)]
#[test]
fn run_write_keeps_symlinks_and_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("symlink");
    let real = dir.join("real.seig");
    std::fs::write(&real, MESSY).expect("write");
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o640)).expect("chmod");
    let link = dir.join("link.seig");
    std::os::unix::fs::symlink("real.seig", &link).expect("symlink");
    assert_eq!(
        cli_fmt::run(&link, MESSY, Mode::Write).expect("run").code,
        0
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .expect("meta")
            .file_type()
            .is_symlink()
    );
    assert_eq!(
        std::fs::read_to_string(&real).expect("read"),
        fmt_text(MESSY)
    );
    let mode = std::fs::metadata(&real).expect("meta").permissions().mode();
    assert_eq!(mode & 0o777, 0o640);
    assert_eq!(listing(&dir), ["link.seig", "real.seig"]);
}

#[test]
fn run_write_refuses_read_only_files() {
    let dir = scratch("readonly");
    let path = dir.join("ro.seig");
    std::fs::write(&path, MESSY).expect("write");
    let mut perms = std::fs::metadata(&path).expect("meta").permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&path, perms).expect("chmod");
    let err = cli_fmt::run(&path, MESSY, Mode::Write).expect_err("read-only");
    assert!(err.to_string().contains("read-only"), "{err}");
    assert_eq!(std::fs::read_to_string(&path).expect("read"), MESSY);
    assert_eq!(listing(&dir), ["ro.seig"]);
}

// ------------------------------------------------------------------ proptest

/// Copies `text`, dropping (op 0), keeping (1) or duplicating (2) each statement of every
/// rule body, `if` branches included; the text between statements (comments) is kept.
fn mutate(text: &str, file: &File, ops: &[u8]) -> String {
    fn block(
        text: &str,
        body: &[Stmt],
        ops: &[u8],
        k: &mut usize,
        out: &mut String,
        pos: &mut usize,
    ) {
        for s in body {
            out.push_str(&text[*pos..s.span.start]);
            let op = ops[*k % ops.len()];
            *k += 1;
            if op != 0 {
                let mut one = String::new();
                stmt(text, s, ops, k, &mut one);
                out.push_str(&one);
                if op == 2 {
                    out.push('\n');
                    out.push_str(&one);
                }
            }
            *pos = s.span.end;
        }
    }
    fn stmt(text: &str, s: &Stmt, ops: &[u8], k: &mut usize, out: &mut String) {
        let mut pos = s.span.start;
        if let StmtKind::If {
            then, otherwise, ..
        } = &s.node
        {
            block(text, then, ops, k, out, &mut pos);
            block(
                text,
                otherwise.as_deref().unwrap_or(&[]),
                ops,
                k,
                out,
                &mut pos,
            );
        }
        out.push_str(&text[pos..s.span.end]);
    }
    let (mut out, mut pos, mut k) = (String::new(), 0, 0);
    for item in &file.items {
        if let Item::Rule(r) = item {
            block(text, &r.body, ops, &mut k, &mut out, &mut pos);
        }
    }
    out.push_str(&text[pos..]);
    out
}

/// Inserts a comment line after each chosen white-space character that lies outside
/// strings and comments (every such place is between tokens, where a comment may go).
fn sprinkle(text: &str, picks: &[usize]) -> String {
    let bytes = text.as_bytes();
    let mut spots = Vec::new();
    let (mut i, mut in_str) = (0, false);
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'#' if !in_str => {
                i = text[i..].find('\n').map_or(text.len(), |n| i + n);
                continue;
            }
            b' ' | b'\t' | b'\n' if !in_str => spots.push(i + 1),
            _ => {}
        }
        i += 1;
    }
    let mut chosen: Vec<usize> = picks.iter().map(|p| spots[p % spots.len()]).collect();
    chosen.sort_unstable();
    chosen.dedup();
    let mut out = String::new();
    let mut pos = 0;
    for (n, at) in chosen.into_iter().enumerate() {
        out.push_str(&text[pos..at]);
        out.push_str(&format!("# c{n}\n"));
        pos = at;
    }
    out.push_str(&text[pos..]);
    out
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn fmt_is_idempotent_on_mutated_files(
        which in 0usize..3,
        ops in prop::collection::vec(0u8..3, 1..120),
    ) {
        let text = [FULL, AWKWARD, MESSY][which];
        let mutated = mutate(text, &parse(text), &ops);
        let ast = seig::lang::syntax::parse(&mutated).map_err(|_| TestCaseError::fail(format!("mutated text does not parse:\n{mutated}")))?;
        let once = fmt::format(&ast, &mutated);
        let again = parse(&once);
        prop_assert_eq!(&fmt::format(&again, &once), &once);
        prop_assert_eq!(erased(&again), erased(&ast));
        prop_assert_eq!(sequence(&again), sequence(&ast));
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 256,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn comments_anywhere_keep_their_place(
        which in 0usize..3,
        picks in prop::collection::vec(any::<usize>(), 1..40),
    ) {
        let original = [FULL, AWKWARD, MESSY][which];
        let text = sprinkle(original, &picks);
        let ast = seig::lang::syntax::parse(&text).map_err(|_| TestCaseError::fail(format!("text with comments does not parse:\n{text}")))?;
        prop_assert!(ast.comments.len() > parse(original).comments.len());
        let once = fmt::format(&ast, &text);
        let again = parse(&once);
        prop_assert_eq!(&fmt::format(&again, &once), &once);
        prop_assert_eq!(erased(&again), erased(&ast));
        prop_assert_eq!(sequence(&again), sequence(&ast));
    }
}

/// The places just after a white-space character outside strings and comments: every
/// such place is between tokens, where a comment or a newline may go.
fn spots(text: &str) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut spots = Vec::new();
    let (mut i, mut in_str) = (0, false);
    while i < bytes.len() {
        match bytes[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'#' if !in_str => {
                i = text[i..].find('\n').map_or(text.len(), |n| i + n);
                continue;
            }
            b' ' | b'\t' | b'\n' if !in_str => spots.push(i + 1),
            _ => {}
        }
        i += 1;
    }
    spots
}

/// Inserts one to three newlines at each chosen place between tokens.
fn sprinkle_blanks(text: &str, picks: &[(usize, u8)]) -> String {
    let spots = spots(text);
    let mut chosen: Vec<(usize, u8)> = picks
        .iter()
        .map(|&(p, k)| (spots[p % spots.len()], k))
        .collect();
    chosen.sort_unstable();
    chosen.dedup_by_key(|c| c.0);
    let mut out = String::new();
    let mut pos = 0;
    for (at, k) in chosen {
        out.push_str(&text[pos..at]);
        out.push_str(&"\n".repeat(usize::from(k)));
        pos = at;
    }
    out.push_str(&text[pos..]);
    out
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn blank_lines_anywhere_format_idempotently(
        which in 0usize..3,
        picks in prop::collection::vec((any::<usize>(), 1u8..4), 1..40),
    ) {
        let original = [FULL, AWKWARD, MESSY][which];
        let text = sprinkle_blanks(original, &picks);
        let ast = seig::lang::syntax::parse(&text).map_err(|_| TestCaseError::fail(format!("text with blank lines does not parse:\n{text}")))?;
        let once = fmt::format(&ast, &text);
        prop_assert!(!once.contains("\n\n\n"), "{}", once);
        let again = parse(&once);
        prop_assert_eq!(&fmt::format(&again, &once), &once);
        prop_assert_eq!(erased(&again), erased(&ast));
        prop_assert_eq!(sequence(&again), sequence(&ast));
    }
}

#[test]
fn fmt_check_takes_several_files_and_names_each_one_out_of_layout() {
    let dir = std::env::temp_dir().join(format!("seig-fmt-many-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let good = dir.join("good.seig");
    let bad = dir.join("bad.seig");
    let canonical =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/sig-beart.seig"))
            .unwrap();
    std::fs::write(&good, &canonical).unwrap();
    std::fs::write(&bad, canonical.replacen("game ", "game  ", 1)).unwrap();
    let run = |files: &[&std::path::Path]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_seig"))
            .arg("fmt")
            .arg("--check")
            .args(files)
            .output()
            .unwrap()
    };
    let o = run(&[&good, &good]);
    assert_eq!(o.status.code(), Some(0));
    let o = run(&[&bad, &good]);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("bad.seig: not in canonical layout"), "{out}");
    assert!(!out.contains("good.seig"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}
