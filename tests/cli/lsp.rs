//! `seig lsp` driven over its standard input and output as an editor would: JSON-RPC
//! messages with `Content-Length` headers. One session walks the features (diagnostics as
//! the text changes, hover, definition, references, outline, formatting, completion,
//! shutdown and exit); the others feed malformed input and expect a clear refusal, never a
//! panic.
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

const SEIG: &str = env!("CARGO_BIN_EXE_seig");
/// A watchdog, not a measure: a server that has not answered by then is stuck.
const STUCK: Duration = Duration::from_secs(30);
const URI: &str = "file:///tmp/mini.seig";

/// A small file with one syntax error: the throw entry `on 0 nothing` lacks its colon.
const BROKEN: &str = include_str!("../diagnostics/missing_colon_throw.seig");

fn fixed() -> String {
    BROKEN.replace("on 0 nothing", "on 0: nothing")
}

/// Line and UTF-16 column of the first `needle` in `text` (ASCII texts here).
fn pos(text: &str, needle: &str) -> (u64, u64) {
    let at = text
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} in the text"));
    let before = &text[..at];
    let line = before.matches('\n').count() as u64;
    let col = (at - before.rfind('\n').map_or(0, |i| i + 1)) as u64;
    (line, col)
}

/// The range of the word that starts the first `needle` in `text`.
fn range_of(text: &str, needle: &str) -> Value {
    let (l, c) = pos(text, needle);
    let word = needle
        .find(|ch: char| !(ch.is_ascii_alphanumeric() || ch == '-' || ch == '_'))
        .unwrap_or(needle.len());
    json!({"start": {"line": l, "character": c},
           "end": {"line": l, "character": c + word as u64}})
}

struct Client {
    child: Child,
    stdin: Option<ChildStdin>,
    incoming: Receiver<Value>,
    next_id: i64,
}

fn frame(body: &str) -> Vec<u8> {
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// Reads framed messages from the server's output until it closes.
fn read_messages(out: impl Read + Send + 'static) -> Receiver<Value> {
    let (tx, rx) = channel();
    std::thread::spawn(move || {
        let mut r = BufReader::new(out);
        loop {
            let mut len = None;
            loop {
                let mut line = String::new();
                if r.read_line(&mut line).unwrap_or(0) == 0 {
                    return;
                }
                let line = line.trim_end();
                if line.is_empty() {
                    break;
                }
                if let Some(v) = line.strip_prefix("Content-Length: ") {
                    len = v.parse::<usize>().ok();
                }
            }
            let mut body = vec![0; len.expect("a Content-Length header")];
            if r.read_exact(&mut body).is_err() {
                return;
            }
            let v: Value = serde_json::from_slice(&body).expect("the server writes JSON");
            if tx.send(v).is_err() {
                return;
            }
        }
    });
    rx
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(SEIG)
            .arg("lsp")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("seig lsp starts");
        let incoming = read_messages(child.stdout.take().expect("stdout"));
        let stdin = child.stdin.take();
        Client {
            child,
            stdin,
            incoming,
            next_id: 0,
        }
    }

    /// Sends raw bytes; a server that already left is not an error here (its exit status
    /// and standard error say why).
    fn send_raw(&mut self, bytes: &[u8]) {
        if let Some(s) = self.stdin.as_mut() {
            let _ = s.write_all(bytes).and_then(|()| s.flush());
        }
    }

    fn notify(&mut self, method: &str, params: Value) {
        let m = json!({"jsonrpc": "2.0", "method": method, "params": params});
        self.send_raw(&frame(&m.to_string()));
    }

    /// Sends a request and returns its response, keeping notifications for `next_note`.
    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = self.next_id;
        let m = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params});
        self.send_raw(&frame(&m.to_string()));
        loop {
            let v = self
                .incoming
                .recv_timeout(STUCK)
                .unwrap_or_else(|_| panic!("no answer to {method}"));
            if v["id"] == json!(id) {
                return v;
            }
        }
    }

    /// The next notification the server sends.
    fn next_note(&mut self, method: &str) -> Value {
        loop {
            let v = self
                .incoming
                .recv_timeout(STUCK)
                .unwrap_or_else(|_| panic!("no {method} notification"));
            if v["method"] == json!(method) {
                return v["params"].clone();
            }
        }
    }

    /// Closes the input and waits for the server: (exit code, standard error).
    fn finish(mut self) -> (Option<i32>, String) {
        drop(self.stdin.take());
        let mut err = String::new();
        if let Some(mut e) = self.child.stderr.take() {
            let _ = e.read_to_string(&mut err);
        }
        let status = self.child.wait().expect("seig lsp ends");
        (status.code(), err)
    }

    fn at(&mut self, method: &str, text: &str, needle: &str, extra: Value) -> Value {
        let (line, character) = pos(text, needle);
        let mut params = json!({
            "textDocument": {"uri": URI},
            "position": {"line": line, "character": character + 1},
        });
        if let (Some(p), Some(e)) = (params.as_object_mut(), extra.as_object()) {
            p.extend(e.clone());
        }
        self.request(method, params)["result"].clone()
    }
}

fn initialize(c: &mut Client) {
    let r = c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {}}),
    );
    let caps = &r["result"]["capabilities"];
    assert_eq!(
        caps["textDocumentSync"],
        json!(1),
        "full-document sync: {r}"
    );
    for cap in [
        "hoverProvider",
        "definitionProvider",
        "referencesProvider",
        "documentSymbolProvider",
        "documentFormattingProvider",
    ] {
        assert_eq!(caps[cap], json!(true), "{cap}: {r}");
    }
    assert!(caps["completionProvider"].is_object(), "{r}");
    c.notify("initialized", json!({}));
}

fn open(c: &mut Client, text: &str) -> Value {
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": URI, "languageId": "seig", "version": 1, "text": text}}),
    );
    c.next_note("textDocument/publishDiagnostics")
}

#[test]
fn diagnostics_follow_the_text_as_it_changes() {
    let mut c = Client::start();
    initialize(&mut c);
    let d = open(&mut c, BROKEN);
    assert_eq!(d["uri"], json!(URI));
    assert_eq!(d["version"], json!(1));
    let diags = d["diagnostics"].as_array().expect("a list");
    assert_eq!(diags.len(), 1, "{d}");
    assert_eq!(diags[0]["code"], json!("E001"));
    assert_eq!(diags[0]["severity"], json!(1));
    // On the offending word, as `seig check` points.
    let line = BROKEN
        .lines()
        .position(|l| l.contains("on 0 nothing"))
        .unwrap();
    let col = BROKEN.lines().nth(line).unwrap().find("nothing").unwrap();
    assert_eq!(
        diags[0]["range"],
        json!({"start": {"line": line, "character": col},
               "end": {"line": line, "character": col + "nothing".len()}})
    );
    let msg = diags[0]["message"].as_str().unwrap();
    assert!(msg.contains("unexpected `nothing`"), "{msg}");
    assert!(msg.contains("help: add `:` before `nothing`"), "{msg}");

    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 2},
               "contentChanges": [{"text": fixed()}]}),
    );
    let d = c.next_note("textDocument/publishDiagnostics");
    assert_eq!(d["version"], json!(2));
    assert_eq!(d["diagnostics"], json!([]), "{d}");

    // A lowering error (not only syntax): an undeclared row, on its name.
    let unknown = fixed().replace(
        "track a: a_home forward, mid",
        "track a: a_home forward, midd",
    );
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": URI, "version": 3},
               "contentChanges": [{"text": unknown}]}),
    );
    let d = c.next_note("textDocument/publishDiagnostics");
    let codes: Vec<&Value> = d["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| &x["code"])
        .collect();
    assert!(codes.contains(&&json!("E010")), "{d}");
    let e010 = d["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["code"] == json!("E010"))
        .unwrap();
    assert_eq!(e010["range"], range_of(&unknown, "midd forward"), "{d}");

    c.notify(
        "textDocument/didClose",
        json!({"textDocument": {"uri": URI}}),
    );
    let d = c.next_note("textDocument/publishDiagnostics");
    assert_eq!(d["diagnostics"], json!([]));
    assert_eq!(c.request("shutdown", Value::Null)["result"], Value::Null);
    c.notify("exit", Value::Null);
    let (code, err) = c.finish();
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn hover_definition_references_outline_formatting_completion() {
    let text = fixed();
    let mut c = Client::start();
    initialize(&mut c);
    open(&mut c, &text);

    // A rule ID: its status and the sentence it cites.
    let h = c.at("textDocument/hover", &text, "X-E1", json!({}));
    let md = h["contents"]["value"].as_str().expect("markdown");
    assert!(
        md.contains("X-E1") && md.contains("stated") && md.contains("board"),
        "{md}"
    );
    assert_eq!(h["range"], range_of(&text, "X-E1"));
    // A reading ID where it is used: question, options, default.
    let h = c.at("textDocument/hover", &text, "A-X-1 = compulsory", json!({}));
    let md = h["contents"]["value"].as_str().expect("markdown");
    assert!(md.contains("Compulsory?"), "{md}");
    assert!(md.contains("`compulsory` (default): yes"), "{md}");
    assert!(md.contains("`optional`: no"), "{md}");
    // A keyword: the forms that use it, with their docs lines.
    let h = c.at("textDocument/hover", &text, "stacking", json!({}));
    let md = h["contents"]["value"].as_str().expect("markdown");
    assert!(md.contains("stacking: forbidden|allowed"), "{md}");
    assert!(md.contains("own pieces may share a hole"), "{md}");
    // Inside a string: nothing.
    let h = c.at("textDocument/hover", &text, "Mini race", json!({}));
    assert_eq!(h, Value::Null);

    // Definition of a row used in a track: the row statement's name.
    let def = c.at("textDocument/definition", &text, "mid forward", json!({}));
    assert_eq!(def, json!([{"uri": URI, "range": range_of(&text, "mid")}]));
    assert!(text.find("mid") == text.find("row mid:").map(|i| i + 4));
    // Definition of a reading from its use in `if`.
    let def = c.at(
        "textDocument/definition",
        &text,
        "A-X-1 = compulsory",
        json!({}),
    );
    assert_eq!(
        def,
        json!([{"uri": URI, "range": range_of(&text, "A-X-1")}])
    );

    // References of the param `holes`: its declaration and its five uses.
    let refs = c.at(
        "textDocument/references",
        &text,
        "holes =",
        json!({"context": {"includeDeclaration": true}}),
    );
    let refs = refs.as_array().expect("a list");
    assert_eq!(refs.len(), 6, "{refs:?}");
    assert_eq!(refs[0]["range"], range_of(&text, "holes ="));
    let without = c.at(
        "textDocument/references",
        &text,
        "holes =",
        json!({"context": {"includeDeclaration": false}}),
    );
    assert_eq!(without.as_array().map(Vec::len), Some(5));

    // The outline: the source, the param, the reading with its options, the rule.
    let syms = c.request(
        "textDocument/documentSymbol",
        json!({"textDocument": {"uri": URI}}),
    )["result"]
        .clone();
    let names: Vec<&str> = syms
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Mini race", "s", "holes", "A-X-1", "X-E1"]);
    let reading = &syms[3];
    assert_eq!(reading["detail"], json!("Compulsory?"));
    assert_eq!(reading["children"][0]["name"], json!("compulsory"));
    assert_eq!(reading["children"][0]["detail"], json!("default"));
    assert_eq!(syms[4]["selectionRange"], range_of(&text, "X-E1"));

    // Formatting: one edit to `seig fmt`'s text.
    let edits = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    )["result"]
        .clone();
    let expected = seig::lang::fmt::format_text(&text).expect("formats");
    assert_ne!(expected, text, "the fixture is not in canonical layout");
    assert_eq!(edits[0]["newText"], json!(expected), "{edits}");
    assert_eq!(
        edits[0]["range"]["start"],
        json!({"line": 0, "character": 0})
    );

    // Completion: the words of the language and the file's names.
    let items = c.at("textDocument/completion", &text, "stacking", json!({}));
    let labels: Vec<&str> = items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["label"].as_str().unwrap())
        .collect();
    for l in [
        "capture", "stacking", "release", "a_home", "mid", "A-X-1", "holes", "race", "seig",
    ] {
        assert!(labels.contains(&l), "{l} among {labels:?}");
    }

    assert_eq!(c.request("shutdown", Value::Null)["result"], Value::Null);
    c.notify("exit", Value::Null);
    let (code, err) = c.finish();
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn requests_out_of_order_get_protocol_errors() {
    let mut c = Client::start();
    let r = c.request("textDocument/hover", json!({}));
    assert_eq!(r["error"]["code"], json!(-32002), "{r}");
    initialize(&mut c);
    let r = c.request("textDocument/hover", json!({"textDocument": 3}));
    assert_eq!(r["error"]["code"], json!(-32602), "{r}");
    let r = c.request("workspace/symbol", json!({"query": ""}));
    assert_eq!(r["error"]["code"], json!(-32601), "{r}");
    // Formatting a file that does not parse is refused with the reason.
    open(&mut c, BROKEN);
    let r = c.request(
        "textDocument/formatting",
        json!({"textDocument": {"uri": URI}, "options": {"tabSize": 2, "insertSpaces": true}}),
    );
    assert!(
        r["error"]["message"]
            .as_str()
            .unwrap()
            .contains("does not parse"),
        "{r}"
    );
    // Exit without shutdown: exit code 1, as the protocol says.
    c.notify("exit", Value::Null);
    let (code, err) = c.finish();
    assert_eq!(code, Some(1), "{err}");
}

/// Feeds `bytes` and returns (exit code, standard error) once the server ends.
fn feed(bytes: &[u8]) -> (Option<i32>, String) {
    let mut c = Client::start();
    c.send_raw(bytes);
    c.finish()
}

#[test]
fn malformed_input_is_refused_without_a_panic() {
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (b"hello\n".to_vec(), "malformed header"),
        (b"Content-Length: ten\r\n\r\n".to_vec(), "malformed header"),
        (b"Content-Type: x\r\n\r\n{}".to_vec(), "no Content-Length"),
        (
            format!("Content-Length: {}\r\n\r\n", u64::MAX).into_bytes(),
            "larger than",
        ),
        (
            b"Content-Length: 99\r\n\r\n{\"jsonrpc\"".to_vec(),
            "ended inside a message",
        ),
        (vec![b'A'; 100_000], "malformed header"),
        (Vec::new(), "without an `exit`"),
    ];
    for (bytes, says) in cases {
        let (code, err) = feed(&bytes);
        let shown = String::from_utf8_lossy(&bytes[..bytes.len().min(40)]).into_owned();
        assert_eq!(code, Some(1), "{shown:?}: {err}");
        assert!(err.contains(says), "{shown:?}: {err}");
        assert!(!err.contains("panicked"), "{shown:?}: {err}");
    }
}

#[test]
fn a_message_that_is_not_json_rpc_is_skipped() {
    let mut c = Client::start();
    c.send_raw(&frame("{not json"));
    c.send_raw(&frame("[1, 2]"));
    c.send_raw(&frame(
        r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":7}}"#,
    ));
    initialize(&mut c);
    assert_eq!(c.request("shutdown", Value::Null)["result"], Value::Null);
    c.notify("exit", Value::Null);
    let (code, err) = c.finish();
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(err.matches("not JSON-RPC").count(), 2, "{err}");
    assert!(
        err.contains("invalid params for textDocument/didOpen"),
        "{err}"
    );
    assert!(!err.contains("panicked"), "{err}");
}
