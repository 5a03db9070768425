//! The name index of the language (`lang::symbols`) on the bundled rule files: every use
//! of a name resolves to a declaration of the same kind, and the kinds that share a
//! spelling (a row and a segment label, a row and a kind of row) are told apart.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::indexing_slicing,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::lang::symbols::{SymbolKind, index};
use seig::lang::syntax::parse;

fn bundled() -> Vec<(String, String)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/rules");
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("rules/")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "seig"))
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).expect("text"),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_use_in_the_bundled_files_has_a_declaration() {
    let files = bundled();
    assert!(files.len() >= 3);
    for (name, text) in files {
        let ix = index(&parse(&text).expect("parses"));
        assert!(ix.refs.len() > 50, "{name}: {} uses", ix.refs.len());
        for r in &ix.refs {
            assert!(
                ix.definitions(r).next().is_some(),
                "{name}: {:?} `{}` at {:?} has no declaration",
                r.kind,
                r.name,
                r.span
            );
            assert_eq!(&text[r.span.start..r.span.end], r.name, "{name}");
        }
        for d in &ix.defs {
            assert_eq!(&text[d.span.start..d.span.end], d.name, "{name}");
        }
    }
}

#[test]
fn rows_kinds_segments_and_options_are_told_apart() {
    let text = r#"
reading A-1 "q" { x (default) y }
rule R-1 stated {
  row left: home of a, 3 holes
  row mid: middle, 3 holes
  track a: left forward as start, mid forward, own home backward as back
  gate a back: mid full, else stop
  track a loops from mid
  if A-1 = y { no capture in middle }
  win when reading A-1 = x and opposing pieces in mid > 0
}
"#;
    let ix = index(&parse(text).expect("parses"));
    let kinds = |name: &str| -> Vec<SymbolKind> {
        ix.refs
            .iter()
            .filter(|r| r.name == name)
            .map(|r| r.kind)
            .collect()
    };
    assert_eq!(kinds("left"), [SymbolKind::Row]);
    assert_eq!(kinds("mid"), [SymbolKind::Row; 4]);
    assert_eq!(kinds("home"), [SymbolKind::RowKind]);
    assert_eq!(kinds("middle"), [SymbolKind::RowKind]);
    assert_eq!(kinds("back"), [SymbolKind::Segment]);
    assert_eq!(kinds("y"), [SymbolKind::ReadingOption]);
    let x = ix.refs.iter().find(|r| r.name == "x").unwrap();
    assert_eq!(x.owner.as_deref(), Some("A-1"));
    assert_eq!(ix.references(x, true).len(), 2);
    assert_eq!(ix.declared(SymbolKind::Segment), ["start", "back"]);
    assert!(ix.in_prose(text.find("\"q\"").unwrap() + 1));
}
