//! The editor files in `editors/` and the language's word table are held to the grammar:
//! every word of `grammar/seig.pest` is highlighted by the TextMate grammar and documented
//! in `lang::keywords` (so hover and completion know it), and the VS Code extension's files
//! fit together. The grammar's regular expressions are compiled and tried on sample lines.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;

fn root(p: &str) -> String {
    format!("{}/{p}", env!("CARGO_MANIFEST_DIR"))
}

fn read(p: &str) -> String {
    std::fs::read_to_string(root(p)).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn json(p: &str) -> Value {
    serde_json::from_str(&read(p)).unwrap_or_else(|e| panic!("{p}: {e}"))
}

/// Every word the grammar spells out: its quoted literals that start with a letter, outside
/// comments and the escapes of `string_inner`.
fn grammar_words() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for line in read("grammar/seig.pest").lines() {
        let line = line.trim_start();
        if line.starts_with("//") || line.starts_with("string_inner") {
            continue;
        }
        for (i, lit) in line.split('"').enumerate() {
            // Odd pieces are inside quotes (the grammar's literals have no escaped quotes
            // outside `string_inner`).
            let word = i % 2 == 1
                && lit.starts_with(|c: char| c.is_ascii_alphabetic())
                && lit.chars().all(|c| c.is_ascii_alphabetic() || c == '-');
            if word {
                out.insert(lit.to_string());
            }
        }
    }
    out
}

/// A regular expression of the grammar: its rule's scope, the expression, and the scopes
/// of its numbered captures.
type Pattern = (String, String, Vec<(usize, String)>);

/// Every `match`, `begin` and `end` of a TextMate grammar.
fn regexes(v: &Value, scope: &str, out: &mut Vec<Pattern>) {
    match v {
        Value::Object(m) => {
            let scope = m.get("name").and_then(Value::as_str).unwrap_or(scope);
            let captures: Vec<(usize, String)> = m
                .get("captures")
                .and_then(Value::as_object)
                .into_iter()
                .flatten()
                .filter_map(|(k, v)| Some((k.parse().ok()?, v["name"].as_str()?.to_string())))
                .collect();
            for key in ["match", "begin", "end"] {
                if let Some(r) = m.get(key).and_then(Value::as_str) {
                    out.push((scope.to_string(), r.to_string(), captures.clone()));
                }
            }
            m.values().for_each(|x| regexes(x, scope, out));
        }
        Value::Array(a) => a.iter().for_each(|x| regexes(x, scope, out)),
        _ => {}
    }
}

/// The words of a keyword pattern `(?<![\w-])(?:a|b|…)(?![\w-])`.
fn alternatives(re: &str) -> Vec<&str> {
    let Some(inner) = re
        .strip_prefix(r"(?<![\w-])(?:")
        .and_then(|r| r.strip_suffix(r")(?![\w-])"))
    else {
        return Vec::new();
    };
    inner.split('|').collect()
}

#[test]
fn every_word_of_the_grammar_is_highlighted_once() {
    let tm = json("editors/seig.tmLanguage.json");
    let mut all = Vec::new();
    regexes(&tm, "", &mut all);
    let mut highlighted: Vec<&str> = Vec::new();
    for (_, re, _) in &all {
        highlighted.extend(alternatives(re));
    }
    let grammar = grammar_words();
    assert!(grammar.len() > 100, "{} words", grammar.len());
    for w in &grammar {
        let n = highlighted.iter().filter(|h| *h == w).count();
        assert_eq!(
            n, 1,
            "`{w}` is in {n} keyword patterns of editors/seig.tmLanguage.json"
        );
    }
    for h in &highlighted {
        assert!(
            grammar.contains(*h),
            "`{h}` is highlighted but not a word of the grammar"
        );
    }
}

#[test]
fn every_word_of_the_grammar_is_documented_for_hover_and_completion() {
    let documented: BTreeSet<String> = seig::lang::keywords::words()
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(documented, grammar_words());
    for f in seig::lang::keywords::FORMS {
        assert!(!f.doc.is_empty() && f.doc.ends_with('.'), "{f:?}");
    }
}

#[test]
fn the_grammar_compiles_and_highlights_words_not_parts_of_names() {
    let tm = json("editors/seig.tmLanguage.json");
    let mut all = Vec::new();
    regexes(&tm, "", &mut all);
    let compiled: Vec<(&Pattern, fancy_regex::Regex)> = all
        .iter()
        .map(|p| {
            let r = fancy_regex::Regex::new(&p.1).unwrap_or_else(|e| panic!("{}: {e}", p.1));
            (p, r)
        })
        .collect();
    // The scopes of every match covering `word`'s first byte in `line` (a capture's scope
    // where the pattern names its captures).
    let scope_of = |line: &str, word: &str| -> Vec<String> {
        let at = line.find(word).unwrap();
        let mut out = Vec::new();
        for ((scope, _, caps), r) in &compiled {
            for c in r.captures_iter(line).filter_map(Result::ok) {
                let covers = |m: fancy_regex::Match| m.start() <= at && at < m.end();
                if caps.is_empty() && c.get(0).is_some_and(covers) {
                    out.push(scope.clone());
                }
                for (i, s) in caps {
                    if c.get(*i).is_some_and(covers) {
                        out.push(s.clone());
                    }
                }
            }
        }
        out
    };
    let line = "  capture in my-row: compulsory, remove # row";
    assert_eq!(scope_of(line, "capture"), ["keyword.other.seig"]);
    assert!(!scope_of(line, "row:").contains(&"keyword.other.seig".to_string()));
    assert_eq!(scope_of(line, "# row"), ["comment.line.number-sign.seig"]);
    let line = "rule TAG-C4 stated cites tagent \"a \\\"b\\\"\" {";
    assert!(scope_of(line, "TAG-C4").contains(&"entity.name.function.seig".to_string()));
    assert_eq!(scope_of(line, "stated"), ["constant.language.status.seig"]);
    assert!(scope_of(line, "\\\"").contains(&"constant.character.escape.seig".to_string()));
    let line = "  on 3, 5 if no capture possible: move value + 1";
    assert_eq!(scope_of(line, "3"), ["constant.numeric.seig"]);
    assert_eq!(scope_of(line, "no"), ["keyword.other.seig"]);
    assert_eq!(scope_of(line, "+"), ["keyword.operator.seig"]);
    let line = "  if A-TAG-2 = slip {";
    assert!(scope_of(line, "A-TAG-2").contains(&"entity.name.function.seig".to_string()));
}

#[test]
fn the_vscode_extension_fits_together() {
    let pkg = json("editors/vscode/package.json");
    let c = &pkg["contributes"];
    assert_eq!(c["languages"][0]["id"], "seig");
    assert_eq!(c["languages"][0]["extensions"][0], ".seig");
    let grammar = c["grammars"][0]["path"].as_str().unwrap();
    assert_eq!(
        c["grammars"][0]["scopeName"],
        json("editors/seig.tmLanguage.json")["scopeName"]
    );
    // The extension ships a copy of the grammar (a package holds only its own folder).
    assert_eq!(
        read(&format!("editors/vscode/{grammar}")),
        read("editors/seig.tmLanguage.json"),
        "editors/vscode/{grammar} differs from editors/seig.tmLanguage.json: copy it over"
    );
    let conf = c["languages"][0]["configuration"].as_str().unwrap();
    let conf = json(&format!("editors/vscode/{conf}"));
    assert_eq!(conf["comments"]["lineComment"], "#");
    let main = read(&format!("editors/vscode/{}", pkg["main"].as_str().unwrap()));
    assert!(main.contains("args: [\"lsp\"]"), "{main}");
    assert!(pkg["dependencies"]["vscode-languageclient"].is_string());
    assert!(Path::new(&root("editors/vscode/README.md")).exists());
}
