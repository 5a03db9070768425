//! `seig serve` end to end: the server's answers to bad requests (always), and the page in
//! real headless Chromium driven through WebDriver (when Debian's `chromium` and
//! `chromium-driver` are installed; otherwise that test says so and is skipped): a whole
//! seeded game against the computer by clicking, the board after a known move, a mistake
//! in the editor shown at its line, a small simulation with its plots. Screenshots go to
//! `target/browser-shots/`.
//!
//! The WebDriver client is the few JSON-over-HTTP calls below on a plain TCP stream: the
//! Rust WebDriver crates bring an async runtime and an HTTP stack, a long compile for
//! what is a dozen requests to a local driver.

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "a test may panic on a failed check"
)]

use serde_json::{Value, json};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::serve_client::Server;

pub(super) const CHROMIUM: &str = "/usr/bin/chromium";
pub(super) const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// One HTTP/1.1 request to `127.0.0.1:port`; the status and the body (read by its
/// `Content-Length`, or its chunks: chromedriver keeps the connection open).
fn http(port: u16, method: &str, path: &str, body: Option<&[u8]>) -> (u16, Vec<u8>) {
    let mut s = TcpStream::connect(("127.0.0.1", port)).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(300))).ok();
    let body = body.unwrap_or(b"");
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("write");
    s.write_all(body).expect("write");
    let mut r = BufReader::new(s);
    let mut status_line = String::new();
    r.read_line(&mut status_line).expect("a status line");
    let status: u16 = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("no status in `{status_line}`"));
    let (mut length, mut chunked) = (None, false);
    loop {
        let mut h = String::new();
        r.read_line(&mut h).expect("a header");
        let h = h.trim();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            let (k, v) = (k.trim().to_ascii_lowercase(), v.trim());
            if k == "content-length" {
                length = v.parse::<usize>().ok();
            }
            if k == "transfer-encoding" && v.eq_ignore_ascii_case("chunked") {
                chunked = true;
            }
        }
    }
    let mut out = Vec::new();
    if chunked {
        loop {
            let mut size = String::new();
            r.read_line(&mut size).expect("a chunk size");
            let n = usize::from_str_radix(size.trim(), 16).expect("a chunk size");
            let mut chunk = vec![0; n + 2];
            r.read_exact(&mut chunk).expect("a chunk");
            if n == 0 {
                break;
            }
            out.extend_from_slice(&chunk[..n]);
        }
    } else if let Some(n) = length {
        out.resize(n, 0);
        r.read_exact(&mut out).expect("the body");
    } else {
        r.read_to_end(&mut out).expect("the body");
    }
    (status, out)
}

fn json_of(port: u16, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
    let (status, b) = http(port, method, path, body.map(str::as_bytes));
    let v = serde_json::from_slice(&b)
        .unwrap_or_else(|_| panic!("{method} {path}: not JSON: {}", String::from_utf8_lossy(&b)));
    (status, v)
}

/// A child process killed when dropped.
struct Kill(Child);
impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `seig serve` with the three bundled files on a free port.
pub(super) fn server() -> Server {
    Server::start_files(
        &[],
        &[
            "rules/sig-beart.seig",
            "rules/seig-tagent.seig",
            "rules/sigue-caillie.seig",
        ],
        None,
    )
}

/// A request to `seig serve` as its page makes it (token, JSON); the status and the JSON.
fn api(s: &Server, method: &str, path: &str, body: Option<&str>) -> (u16, Value) {
    let a = match (method, body) {
        ("GET", _) => s.get(path),
        (_, b) => s.post(path, b.unwrap_or("")),
    };
    (a.status, a.json())
}

#[test]
fn server_answers_bad_requests_with_json_errors() {
    let srv = server();
    let (s, v) = api(&srv, "GET", "/api/files", None);
    assert_eq!(s, 200);
    assert_eq!(v.as_array().map(Vec::len), Some(3));
    // Only the built-in assets and the API: no path reaches the disk.
    for p in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/rules/sig-beart.seig",
        "/web/app.js",
    ] {
        let (s, v) = api(&srv, "GET", p, None);
        assert_eq!(s, 404, "{p}");
        assert!(
            v["error"].as_str().is_some_and(|e| e.contains("not found")),
            "{p}: {v}"
        );
    }
    let (s, v) = api(&srv, "POST", "/api/games", Some("{not json"));
    assert_eq!(s, 400);
    assert!(
        v["error"].as_str().unwrap().starts_with("bad request body"),
        "{v}"
    );
    let (s, v) = api(&srv, "POST", "/api/games", Some(r#"{"file": 7}"#));
    assert_eq!(
        (s, v["error"].as_str().unwrap()),
        (
            404,
            "no file 7: the server offers 3 file(s), numbered from 0"
        )
    );
    let (s, v) = api(
        &srv,
        "POST",
        "/api/games",
        Some(r#"{"file": 0, "seats": {"east": "human"}}"#),
    );
    assert_eq!(s, 400);
    assert!(
        v["error"].as_str().unwrap().contains("unknown team `east`"),
        "{v}"
    );
    let (s, v) = api(
        &srv,
        "POST",
        "/api/games",
        Some(r#"{"file": 0, "seats": {"north": "greedy"}}"#),
    );
    assert_eq!(s, 200, "{v}");
    let id = v["id"].as_u64().unwrap();
    // A move at a throw: no decision to play.
    let (s, v) = api(
        &srv,
        "POST",
        &format!("/api/games/{id}/move"),
        Some(r#"{"index": 0}"#),
    );
    assert_eq!(
        (s, v["error"].as_str().unwrap()),
        (400, "no decision 0: there are 0 legal decision(s) now")
    );
    let (s, v) = api(
        &srv,
        "POST",
        &format!("/api/games/{id}/record"),
        Some(r#"{"format": "x"}"#),
    );
    assert_eq!(s, 400);
    assert!(v["error"].as_str().unwrap().contains("record"), "{v}");
    let (s, _) = api(&srv, "GET", "/api/games/999/", None);
    assert_eq!(s, 404);
    let big = format!(
        r#"{{"file": 0, "text": "{}"}}"#,
        "x".repeat(5 * 1024 * 1024)
    );
    let (s, v) = api(&srv, "POST", "/api/check", Some(&big));
    assert_eq!(s, 413, "{v}");
    let (s, v) = api(
        &srv,
        "POST",
        "/api/studies",
        Some(r#"{"file": 0, "games": 1000000}"#),
    );
    assert_eq!(
        (s, v["error"].as_str().unwrap()),
        (
            400,
            "games must be 1 to 20000 with these players (got 1000000)"
        )
    );
    let (s, v) = api(
        &srv,
        "POST",
        "/api/studies",
        Some(r#"{"file": 0, "games": 5, "agents": "human"}"#),
    );
    assert_eq!(s, 400, "{v}");
    // The server is still there after all that.
    let (s, _) = api(&srv, "GET", "/api/files", None);
    assert_eq!(s, 200);
}

/// A WebDriver session on a chromedriver child.
pub(super) struct Browser {
    port: u16,
    session: String,
    _driver: Kill,
    _profile: TempDir,
}

struct TempDir(PathBuf);
impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Browser {
    pub(super) fn start() -> Browser {
        let port = free_port();
        let driver = Kill(
            Command::new(CHROMEDRIVER)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("chromedriver starts"),
        );
        let t0 = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                t0.elapsed() < Duration::from_secs(20),
                "chromedriver did not listen"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let profile =
            std::env::temp_dir().join(format!("seig-browser-{}-{port}", std::process::id()));
        let caps = json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                     "--disable-background-networking", "--disable-component-update", "--disable-sync",
                     "--disable-dev-shm-usage", "--window-size=1280,900",
                     format!("--user-data-dir={}", profile.display())]
        }}}});
        let (s, v) = json_of(port, "POST", "/session", Some(&caps.to_string()));
        assert_eq!(s, 200, "new session: {v}");
        let session = v["value"]["sessionId"]
            .as_str()
            .expect("a session id")
            .to_string();
        Browser {
            port,
            session,
            _driver: driver,
            _profile: TempDir(profile),
        }
    }

    pub(super) fn cmd(&self, method: &str, path: &str, body: Value) -> Value {
        let p = format!("/session/{}{path}", self.session);
        let b = body.to_string();
        let (s, v) = json_of(
            self.port,
            method,
            &p,
            (method == "POST").then_some(b.as_str()),
        );
        assert_eq!(s, 200, "{method} {path} {b}: {v}");
        v["value"].clone()
    }

    pub(super) fn goto(&self, url: &str) {
        self.cmd("POST", "/url", json!({ "url": url }));
    }

    pub(super) fn js(&self, script: &str) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            json!({ "script": script, "args": [] }),
        )
    }

    pub(super) fn find(&self, css: &str) -> String {
        let v = self.cmd(
            "POST",
            "/element",
            json!({"using": "css selector", "value": css}),
        );
        v.as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .expect("an element reference")
            .to_string()
    }

    pub(super) fn click(&self, css: &str) {
        let e = self.find(css);
        self.cmd("POST", &format!("/element/{e}/click"), json!({}));
    }

    pub(super) fn type_into(&self, css: &str, text: &str) {
        let e = self.find(css);
        self.cmd(
            "POST",
            &format!("/element/{e}/value"),
            json!({ "text": text }),
        );
    }

    /// Waits until `script` returns true.
    pub(super) fn wait(&self, what: &str, secs: u64, script: &str) {
        let t0 = Instant::now();
        while self.js(script) != Value::Bool(true) {
            assert!(
                t0.elapsed() < Duration::from_secs(secs),
                "timed out waiting for {what}"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    pub(super) fn screenshot(&self, name: &str) {
        let v = self.cmd("GET", "/screenshot", Value::Null);
        let png = base64(v.as_str().expect("base64"));
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/browser-shots");
        std::fs::create_dir_all(&dir).expect("shots folder");
        std::fs::write(dir.join(name), png).expect("write shot");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = http(
            self.port,
            "DELETE",
            &format!("/session/{}", self.session),
            None,
        );
    }
}

fn base64(s: &str) -> Vec<u8> {
    let val = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for v in s.bytes().filter_map(val) {
        acc = acc << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

/// The page is idle (no request under way).
pub(super) const IDLE: &str = "return document.body.dataset.busy === '0'";

#[test]
fn the_page_plays_edits_and_studies_in_chromium() {
    if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
        eprintln!(
            "skipped: {CHROMIUM} or {CHROMEDRIVER} is not installed (apt-get install chromium chromium-driver)"
        );
        return;
    }
    let server = server();
    let port = server.port;
    let b = Browser::start();
    b.goto(&format!("http://127.0.0.1:{port}/#play"));
    b.wait(
        "the first game",
        30,
        "return document.body.dataset.stage === 'throw'",
    );
    b.screenshot("1-open.png");

    // A seeded game against the greedy computer: south's tenth throw (a 1) lets piece 1 start.
    b.js("document.getElementById('seat-1').value = 'greedy'; document.getElementById('seed').value = '1';");
    b.click("#new");
    b.wait(
        "the new game",
        30,
        &format!("{IDLE} && document.body.dataset.actions === '0'"),
    );
    let mut throws = 0;
    while b.js("return document.querySelectorAll('#moves button.move').length") == json!(0) {
        b.click("#throw");
        b.wait("a throw", 30, IDLE);
        throws += 1;
        assert!(throws < 50, "no move after 50 throws");
    }
    assert_eq!(throws, 10);
    assert_eq!(
        b.js("return document.getElementById('throw-value').textContent"),
        json!("south threw 1 (1 marked, 7 blank)")
    );
    assert_eq!(
        b.js("return document.querySelectorAll('#moves button.move').length"),
        json!(12)
    );
    // Piece 1 waits beside the board; clicking it plays its one move.
    b.click("#board g.piece[data-team='0'][data-number='1']");
    b.wait("the move", 30, &format!("{IDLE} && document.querySelector('#board g.piece[data-team=\"0\"][data-number=\"1\"]').dataset.row !== ''"));
    let at = b.js("const p = document.querySelector('#board g.piece[data-team=\"0\"][data-number=\"1\"]'); return [p.dataset.row, p.dataset.hole, p.classList.contains('waiting')]");
    assert_eq!(
        at,
        json!(["0", "11", false]),
        "south 1 stands on home_south.12, released"
    );
    let moved = b.js("return [...document.querySelectorAll('#log li')].map(l => l.textContent).filter(t => t.startsWith('south (human): move'))");
    assert_eq!(moved, json!(["south (human): move 1:r1 off>home_south.12"]));
    assert_eq!(b.js("return document.querySelectorAll('#board g.piece[data-team=\"0\"]:not([data-row=\"\"])').length"), json!(1));
    b.screenshot("2-known-move.png");

    // A whole game, by clicking: throw when asked, else the first legal move. Rows of 4
    // holes and 4 pieces a team (the file's `holes` and `counters` parameters) keep it to a
    // few hundred clicks.
    b.js("for (const p of ['holes', 'counters']) { const h = document.querySelector(`#params input[data-param=\"${p}\"]`); h.value = '4'; h.dispatchEvent(new Event('change')); }");
    b.click("#new");
    // The game so far is not saved: the page asks first.
    b.wait(
        "the question",
        30,
        "return !document.getElementById('ask').hidden",
    );
    b.click("#ask button[data-answer='discard']");
    b.wait(
        "the short game",
        30,
        &format!(
            "{IDLE} && document.querySelectorAll('#board .hole[data-row=\"0\"]').length === 4"
        ),
    );
    let t0 = Instant::now();
    let mut clicks = 0;
    loop {
        let s = b.js("return [document.body.dataset.stage, document.getElementById('throw').disabled, document.querySelectorAll('#moves button.move:not(:disabled)').length, document.body.dataset.actions]");
        if s[0] == "over" {
            break;
        }
        let before = s[3].clone();
        if s[1] == false {
            b.click("#throw");
        } else if s[2].as_u64().unwrap_or(0) > 0 {
            b.click("#moves button.move");
        } else {
            panic!("neither a throw nor a move to click: {s}");
        }
        b.wait(
            "an answer",
            60,
            &format!(
                "{IDLE} && document.body.dataset.actions !== '{}'",
                before.as_str().unwrap_or("")
            ),
        );
        clicks += 1;
        if clicks == 40 {
            b.screenshot("3-mid-game.png");
        }
        assert!(clicks < 20_000, "the game did not end");
    }
    let status = b.js("return document.getElementById('status').textContent");
    assert!(
        status.as_str().unwrap().starts_with("Game over: "),
        "{status}"
    );
    eprintln!(
        "a whole game in {clicks} clicks, {:.1} s",
        t0.elapsed().as_secs_f64()
    );
    b.screenshot("4-game-over.png");

    // The editor: type a mistake on the line of south's home row and see it there.
    b.click("#tabs button[data-tab='author']");
    b.wait(
        "the first check",
        30,
        "return document.getElementById('check-status').textContent.endsWith('warning(s)')",
    );
    assert_eq!(
        b.js("return document.querySelectorAll('#gutter .ln.error').length"),
        json!(0)
    );
    b.js("const t = document.getElementById('text'); const i = t.value.indexOf('home of south,') + 'home of south'.length; t.focus(); t.setSelectionRange(i, i);");
    b.type_into("#text", "x");
    b.wait(
        "the diagnostic",
        30,
        "return document.querySelectorAll('#diags li.error').length > 0",
    );
    let d = b.js("const d = document.querySelector('#diags li.error'); return [d.dataset.line, d.textContent]");
    // The line of the first `home of south,` in the file (the one the cursor went to).
    let sig = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/sig-beart.seig"))
        .expect("rule file");
    let line = (sig
        .lines()
        .position(|l| l.contains("home of south,"))
        .expect("a home row of south")
        + 1)
    .to_string();
    assert_eq!(d[0], line.as_str());
    assert!(
        d[1].as_str()
            .unwrap()
            .starts_with(&format!("{line}:27 error E010: unknown team `southx`")),
        "{d}"
    );
    assert_eq!(
        b.js("return [...document.querySelectorAll('#gutter .ln.error')].map(l => l.dataset.line)"),
        json!([line])
    );
    assert_eq!(
        b.js("return document.querySelector('#marks .error').textContent"),
        json!("  row home_south: home of southx, holes holes")
    );
    b.js("document.getElementById('text').scrollTop = 90 * 18; document.getElementById('text').dispatchEvent(new Event('scroll'));");
    b.screenshot("5-editor-mistake.png");
    b.click("#revert");
    // The edit is not saved: Revert asks first.
    b.wait(
        "the question",
        30,
        "return !document.getElementById('ask').hidden",
    );
    b.click("#ask button[data-answer='revert']");
    b.wait("the clean check", 30, "return document.querySelectorAll('#diags li.error').length === 0 && document.getElementById('rulebook').textContent.length > 1000");

    // A small study, its progress and its plots.
    b.click("#tabs button[data-tab='study']");
    b.js("document.getElementById('games').value = '40';");
    b.click("#run-study");
    b.wait(
        "the study",
        120,
        "return document.body.dataset.study === 'done'",
    );
    assert_eq!(
        b.js("return document.getElementById('progress-text').textContent"),
        json!("done: 40 games")
    );
    // The report is in the page itself.
    let report = "document.getElementById('report')";
    let plots = b.js(&format!(
        "return {report}.querySelectorAll('svg.plot').length"
    ));
    assert!(plots.as_u64().unwrap() >= 3, "plots in the report: {plots}");
    let title = b.js(&format!("return {report}.querySelector('h1').textContent"));
    assert_eq!(title, json!("Sig (Mauritania), after Béart 1955"));
    b.screenshot("6-study.png");
}

impl Browser {
    /// Sets the window (the layout viewport in headless Chromium) to `w`×`h` CSS pixels.
    pub(super) fn size(&self, w: u32, h: u32) {
        self.cmd("POST", "/window/rect", json!({ "width": w, "height": h }));
    }

    /// Taps the element as a finger would (a touch pointer, not a mouse click).
    pub(super) fn tap(&self, css: &str) {
        let e = self.find(css);
        let origin = json!({ "element-6066-11e4-a52e-4f735466cecf": e });
        self.cmd(
            "POST",
            "/actions",
            json!({"actions": [{"type": "pointer", "id": "finger",
                "parameters": {"pointerType": "touch"},
                "actions": [{"type": "pointerMove", "duration": 0, "origin": origin, "x": 0, "y": 0},
                            {"type": "pointerDown", "button": 0},
                            {"type": "pointerUp", "button": 0}]}]}),
        );
        self.cmd("DELETE", "/actions", Value::Null);
    }

    /// What the layout checks read: the viewport's width, the page's scroll width, the
    /// board's size and holes, and the visible buttons of the open tab lower than 44 px.
    pub(super) fn layout(&self) -> Value {
        self.js(
            "const b = document.getElementById('board').getBoundingClientRect();
             const small = [...document.querySelectorAll('section.tab.on button, #tabs button')]
               .filter(e => e.offsetParent !== null && e.getBoundingClientRect().height < 43.5)
               .map(e => e.id || e.textContent);
             return {inner: window.innerWidth, scroll: document.documentElement.scrollWidth,
                     board: [Math.round(b.width), Math.round(b.height)],
                     holes: document.querySelectorAll('#board circle.hole').length, small};",
        )
    }
}

/// The page at a phone's 390×844 and at 1280×900: the board drawn as wide as the screen
/// allows, no sideways scrolling, and on the phone touch targets of at least 44 px and a
/// game played by taps.
#[test]
fn the_page_fits_a_phone_and_a_desktop() {
    if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
        eprintln!("skipped: {CHROMIUM} or {CHROMEDRIVER} is not installed");
        return;
    }
    let srv = server();
    let port = srv.port;
    let b = Browser::start();
    for (w, h) in [(390, 844), (1280, 900)] {
        b.size(w, h);
        b.goto(&format!("http://127.0.0.1:{port}/#play"));
        b.wait(
            "the first game",
            30,
            "return document.body.dataset.stage === 'throw'",
        );
        let l = b.layout();
        b.screenshot(&format!("layout-{w}x{h}.png"));
        let inner = l["inner"].as_u64().unwrap();
        assert!(inner <= u64::from(w), "{l}");
        assert!(
            l["scroll"].as_u64().unwrap() <= inner,
            "sideways scroll: {l}"
        );
        assert!(l["holes"].as_u64().unwrap() >= 48, "holes drawn: {l}");
        // As wide as the screen allows, up to the board's own width (at least 600 px).
        let bw = l["board"][0].as_u64().unwrap();
        assert!(
            bw >= (inner * 8 / 10).min(600),
            "board too narrow for {inner}: {l}"
        );
        assert!(l["board"][1].as_u64().unwrap() >= 100, "board height: {l}");
        if w < 700 {
            assert_eq!(l["small"], json!([]), "touch targets under 44 px: {l}");
        }
    }
    // A few throws and a move, by taps, at the phone's size.
    b.size(390, 844);
    b.goto(&format!("http://127.0.0.1:{port}/#play"));
    b.wait(
        "the game",
        30,
        "return document.body.dataset.stage === 'throw'",
    );
    let mut throws = 0;
    while b.js("return document.querySelectorAll('#moves button.move').length") == json!(0) {
        b.tap("#throw");
        b.wait("a throw", 30, IDLE);
        throws += 1;
        assert!(throws < 60, "no move after 60 throws");
    }
    let before = b.js("return document.body.dataset.actions");
    b.tap("#moves button.move");
    b.wait(
        "the move",
        30,
        &format!("{IDLE} && document.body.dataset.actions !== {before}"),
    );
    b.screenshot("layout-390x844-moved.png");
}

/// A page of another origin, served by a listener of the test's own: it tries to make a
/// game on the server the way a hostile site would (a `text/plain` POST, which a browser
/// sends across origins without asking; a JSON one, which it asks for first; a form), and
/// sets its title when its attempts are over.
fn foreign_page(target: u16) -> String {
    format!(
        r#"<!DOCTYPE html><html><head><title>trying</title></head><body>
<form id="f" method="POST" action="http://127.0.0.1:{target}/api/games" enctype="text/plain" target="sink">
<input name='{{"file":0,"x":"' value='"}}'></form><iframe name="sink"></iframe>
<script>
const url = "http://127.0.0.1:{target}/api/games";
const tries = [
  fetch(url, {{ method: "POST", mode: "no-cors", headers: {{ "Content-Type": "text/plain" }}, body: '{{"file":0}}' }}),
  fetch(url, {{ method: "POST", headers: {{ "Content-Type": "application/json", "X-Seig-Token": "guess" }}, body: '{{"file":0}}' }}),
  fetch("http://127.0.0.1:{target}/api/files").then(r => r.text()).then(t => {{ document.body.dataset.read = t; }}),
];
document.getElementById("f").submit();
Promise.allSettled(tries).then(rs => {{
  document.body.dataset.outcomes = rs.map(r => r.status).join(",");
  document.title = "done";
}});
</script></body></html>"#
    )
}

/// Serves `page` to every request on a port of its own, on a thread, until the process ends.
fn serve_page(page: String) -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a listener");
    let port = listener.local_addr().expect("its address").port();
    std::thread::spawn(move || {
        for mut c in listener.incoming().flatten() {
            let mut buf = [0u8; 4096];
            let _ = c.read(&mut buf);
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                page.len()
            );
            let _ = c.write_all(head.as_bytes());
            let _ = c.write_all(page.as_bytes());
        }
    });
    port
}

#[test]
fn a_page_of_another_origin_cannot_make_a_game() {
    if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
        eprintln!(
            "skipped: {CHROMIUM} or {CHROMEDRIVER} is not installed (apt-get install chromium chromium-driver)"
        );
        return;
    }
    let srv = server();
    let foreign = serve_page(foreign_page(srv.port));
    let b = Browser::start();
    b.goto(&format!("http://127.0.0.1:{foreign}/"));
    b.wait(
        "the foreign page's attempts",
        60,
        "return document.title === 'done'",
    );
    // The form's POST has gone out and come back too.
    b.wait(
        "the form's answer",
        60,
        "try { return frames['sink'].location.href !== 'about:blank'; } catch (e) { return true; }",
    );
    // The text/plain POST reached the server and was answered (opaquely, to the page)...
    let outcomes = b.js("return document.body.dataset.outcomes");
    assert!(
        outcomes.as_str().unwrap().starts_with("fulfilled,"),
        "{outcomes}"
    );
    // ...with a refusal: no game was made.
    let (status, games) = api(&srv, "GET", "/api/games", None);
    assert_eq!(status, 200);
    assert_eq!(games, json!([]), "a page of another origin made a game");
    // Nor could it read the files (the answer is not shared with another origin).
    assert_eq!(
        b.js("return document.body.dataset.read === undefined"),
        json!(true)
    );
    // The server's own page, in the same browser, can.
    b.goto(&format!("http://127.0.0.1:{}/#play", srv.port));
    b.wait(
        "the first game",
        30,
        "return document.body.dataset.stage === 'throw'",
    );
    let (_, games) = api(&srv, "GET", "/api/games", None);
    assert_eq!(games.as_array().map(Vec::len), Some(1), "{games}");
}
