//! `seig serve` against hostile clients: only its own page may use it (Host, Origin, the
//! page's token, JSON bodies), each route caps its own body, and no client can hold it up
//! (a stalled body, a huge head, hundreds of connections, a descriptor limit), nor keep
//! a long computer game or study running once the page cancels it. Every check is by
//! the order of events, never by a measure of time (the test of the server's own
//! timeouts waits for them, under a watchdog far longer).

#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "a test may panic on a failed check"
)]

use crate::serve_client::{Answer, Server, read_answer};
use serde_json::Value;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;

/// The number of games the server keeps.
fn games(s: &Server) -> usize {
    let a = s.get("/api/games");
    assert_eq!(a.status, 200, "{}", a.text());
    a.json().as_array().map_or(0, Vec::len)
}

fn error_of(a: &Answer) -> String {
    a.json()["error"].as_str().unwrap_or("").to_string()
}

#[test]
fn a_foreign_host_is_refused() {
    let s = Server::start();
    let port = s.port;
    let files = |host: &str| {
        s.send(
            format!("GET /api/files HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n")
                .as_bytes(),
        )
    };
    for host in [
        format!("evil.example.com:{port}"),
        "evil.example.com".to_string(),
        format!("127.0.0.1:{}", port.wrapping_add(1)),
        format!("127.0.0.1.evil.example.com:{port}"),
        format!("localhost.:{port}"),
    ] {
        let a = files(&host);
        assert_eq!(a.status, 421, "{host}: {}", a.text());
        assert!(
            error_of(&a).starts_with(&format!(
                "this server answers only for 127.0.0.1:{port} and localhost:{port}"
            )),
            "{host}: {}",
            a.text()
        );
        assert!(!a.text().contains("sig-beart"), "{host}: a file leaked");
    }
    // Without any Host (HTTP/1.0), and with two.
    let a = s.send(b"GET /api/files HTTP/1.0\r\n\r\n");
    assert_eq!(a.status, 421, "{}", a.text());
    let a = s.send(
        format!("GET /api/files HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: evil.example.com\r\nConnection: close\r\n\r\n")
            .as_bytes(),
    );
    assert_ne!(a.status, 200, "{}", a.text());
    for host in [format!("127.0.0.1:{port}"), format!("localhost:{port}")] {
        let a = files(&host);
        assert_eq!(a.status, 200, "{host}: {}", a.text());
        assert!(a.text().contains("sig-beart"));
    }
}

#[test]
fn a_foreign_origin_is_refused() {
    let s = Server::start();
    let new_game = |origin: &str| {
        s.send(
            format!(
                "POST /api/games HTTP/1.1\r\nHost: {h}\r\nOrigin: {origin}\r\nX-Seig-Token: {}\r\nContent-Type: application/json\r\nContent-Length: 10\r\nConnection: close\r\n\r\n{{\"file\":0}}",
                s.token,
                h = s.host()
            )
            .as_bytes(),
        )
    };
    for origin in [
        "http://evil.example.com".to_string(),
        "null".to_string(),
        format!("https://127.0.0.1:{}", s.port),
        format!("http://127.0.0.1:{}", s.port.wrapping_add(1)),
    ] {
        let a = new_game(&origin);
        assert_eq!(a.status, 403, "{origin}: {}", a.text());
        assert!(
            error_of(&a).starts_with("requests from the page of another origin"),
            "{}",
            a.text()
        );
    }
    assert_eq!(games(&s), 0, "a refused request made a game");
    let a = new_game(&format!("http://127.0.0.1:{}", s.port));
    assert_eq!(a.status, 200, "{}", a.text());
    assert_eq!(games(&s), 1);
}

#[test]
fn a_post_without_the_page_token_is_refused() {
    let s = Server::start();
    let body = r#"{"file":0}"#;
    for token in ["", "X-Seig-Token: 0123\r\n", "X-Seig-Token: \r\n"] {
        let a = s.send(
            format!(
                "POST /api/games HTTP/1.1\r\nHost: {}\r\n{token}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                s.host(),
                body.len()
            )
            .as_bytes(),
        );
        assert_eq!(a.status, 403, "{token:?}: {}", a.text());
        assert!(
            error_of(&a).contains("needs the page's token"),
            "{}",
            a.text()
        );
    }
    // A wrong token of the right length.
    let wrong: String = s
        .token
        .chars()
        .map(|c| if c == '0' { '1' } else { '0' })
        .collect();
    let a = s.send(
        format!(
            "DELETE /api/games/1 HTTP/1.1\r\nHost: {}\r\nX-Seig-Token: {wrong}\r\nConnection: close\r\n\r\n",
            s.host()
        )
        .as_bytes(),
    );
    assert_eq!(a.status, 403, "{}", a.text());
    assert_eq!(games(&s), 0);
    assert_eq!(s.post("/api/games", body).status, 200);
    assert_eq!(games(&s), 1);
}

#[test]
fn a_text_plain_post_is_refused() {
    let s = Server::start();
    let body = r#"{"file":0}"#;
    for kind in [
        "Content-Type: text/plain\r\n",
        "Content-Type: application/x-www-form-urlencoded\r\n",
        "Content-Type: multipart/form-data; boundary=x\r\n",
        "",
    ] {
        let a = s.send(
            format!(
                "POST /api/games HTTP/1.1\r\nHost: {}\r\nX-Seig-Token: {}\r\n{kind}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                s.host(),
                s.token,
                body.len()
            )
            .as_bytes(),
        );
        assert_eq!(a.status, 415, "{kind:?}: {}", a.text());
        assert_eq!(
            error_of(&a),
            "a request body must be JSON, sent with Content-Type: application/json"
        );
    }
    assert_eq!(games(&s), 0);
}

#[test]
fn a_query_naming_record_does_not_raise_a_body_cap() {
    let s = Server::start();
    let id = s.post("/api/games", r#"{"file":0}"#).json()["id"]
        .as_u64()
        .unwrap();
    // A move takes a small body: a query cannot make it a record's.
    let big = format!(r#"{{"index": 0, "pad": "{}"}}"#, "x".repeat(8 * 1024));
    for q in ["?x=/record", "?/record", ""] {
        let a = s.post(&format!("/api/games/{id}/move{q}"), &big);
        assert_eq!(a.status, 413, "{q}: {}", a.text());
        assert!(error_of(&a).starts_with("the request body is over 4096 bytes"));
    }
    // The check takes rule texts up to 4 MiB; the query does not raise it to a record's.
    let head = format!(
        "POST /api/check?x=/record HTTP/1.1\r\nHost: {h}\r\nX-Seig-Token: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        s.token,
        5 * 1024 * 1024,
        h = s.host()
    );
    let a = s.send(head.as_bytes());
    assert_eq!(a.status, 413, "{}", a.text());
    // The same cap holds on a body of unknown length (chunked), counted as it comes.
    let chunk = "y".repeat(6000);
    let a = s.send(
        format!(
            "POST /api/games/{id}/move?x=/record HTTP/1.1\r\nHost: {}\r\nX-Seig-Token: {}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n{:x}\r\n{chunk}\r\n0\r\n\r\n",
            s.host(),
            s.token,
            chunk.len()
        )
        .as_bytes(),
    );
    assert_eq!(a.status, 413, "{}", a.text());
}

#[test]
fn a_stalled_body_does_not_hold_up_other_requests() {
    let s = Server::start();
    let body = r#"{"file": 0, "text": "x"}"#;
    let mut stalled = s.connect();
    stalled
        .write_all(
            format!(
                "POST /api/check HTTP/1.1\r\nHost: {}\r\nX-Seig-Token: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n",
                s.host(),
                s.token,
                body.len()
            )
            .as_bytes(),
        )
        .unwrap();
    // The server asks for the body: it is reading this request now.
    let mut r = BufReader::new(stalled.try_clone().unwrap());
    let mut line = String::new();
    r.read_line(&mut line).unwrap();
    assert!(line.starts_with("HTTP/1.1 100"), "{line}");
    line.clear();
    r.read_line(&mut line).unwrap();
    assert_eq!(line, "\r\n");
    // One byte, then silence.
    stalled.write_all(&body.as_bytes()[..1]).unwrap();
    // Others are answered meanwhile: the page, the files, a new game.
    assert_eq!(s.get("/").status, 200);
    assert_eq!(s.get("/api/files").status, 200);
    assert_eq!(s.post("/api/games", r#"{"file":0}"#).status, 200);
    // The stalled request was still open all along: it is answered once its body is in.
    stalled.write_all(&body.as_bytes()[1..]).unwrap();
    let mut rest = r.into_inner();
    let a = read_answer(&mut rest);
    assert_eq!(a.status, 200, "{}", a.text());
    assert!(a.json()["errors"].as_u64().unwrap() > 0);
}

/// Writes `line` forever (up to `most` bytes) until the server stops reading; what was
/// written, and the answer.
fn flood(s: &Server, start: &str, most: usize) -> (usize, Answer) {
    let mut c = s.connect();
    c.write_all(start.as_bytes()).unwrap();
    let block = vec![b'a'; 64 * 1024];
    let mut sent = 0;
    while sent < most {
        match c.write(&block) {
            Ok(n) => sent += n,
            Err(_) => break,
        }
    }
    (sent, read_answer(&mut c))
}

#[test]
fn a_huge_header_is_refused_and_not_kept() {
    let s = Server::start();
    let most = 256 * 1024 * 1024;
    // An endless header line: refused once the head is over its cap, and the server stops
    // reading (so the client cannot write it all: what the server holds stays bounded).
    let (sent, a) = flood(
        &s,
        &format!("GET /api/files HTTP/1.1\r\nHost: {}\r\nX-Big: ", s.host()),
        most,
    );
    assert_eq!(a.status, 431, "{}", a.text());
    assert!(sent < most, "the server read {sent} bytes of one header");
    // An endless request line too.
    let (sent, a) = flood(&s, "GET /", most);
    assert!(a.status == 431 || a.status == 414, "{}", a.status);
    assert!(sent < most);
    // Too many headers, each small.
    let many: String = (0..200).map(|i| format!("X-H{i}: 1\r\n")).collect();
    let a = s.send(
        format!(
            "GET /api/files HTTP/1.1\r\nHost: {}\r\n{many}Connection: close\r\n\r\n",
            s.host()
        )
        .as_bytes(),
    );
    assert_eq!(a.status, 431, "{}", a.text());
    // The server is still there, and its memory did not take in the flood.
    assert_eq!(s.get("/api/files").status, 200);
    let status = std::fs::read_to_string(format!("/proc/{}/status", s.pid())).unwrap();
    let peak_kb: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap();
    assert!(
        peak_kb < 256 * 1024,
        "the server's peak memory is {peak_kb} kB"
    );
}

#[test]
fn hundreds_of_open_connections_leave_the_page_answered() {
    let s = Server::start();
    let mut held: Vec<TcpStream> = Vec::new();
    for i in 0..400 {
        let mut c = s.connect();
        // Some idle, some with half a request head.
        if i % 2 == 1 {
            c.write_all(b"GET /api/files HTTP/1.1\r\nHost: 127")
                .unwrap();
        }
        held.push(c);
    }
    assert_eq!(s.get("/").status, 200);
    assert_eq!(s.get("/api/files").status, 200);
    let a = s.post("/api/games", r#"{"file":0}"#);
    assert_eq!(a.status, 200, "{}", a.text());
    assert_eq!(held.len(), 400);
    drop(held);
    assert_eq!(s.get("/api/files").status, 200);
}

#[test]
fn a_descriptor_limit_does_not_close_the_port() {
    let prlimit = ["/usr/bin/prlimit", "/bin/prlimit"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists());
    let Some(prlimit) = prlimit else {
        eprintln!("skipped: prlimit is not installed (util-linux)");
        return;
    };
    let err_path = std::env::temp_dir().join(format!("seig-serve-fd-{}.err", std::process::id()));
    let err = std::fs::File::create(&err_path).unwrap();
    let s = Server::start_with(&[prlimit, "--nofile=64"], Some(err));
    // More connections than the server has descriptors: it runs out, and keeps trying.
    let mut held: Vec<TcpStream> = (0..100).map(|_| s.connect()).collect();
    for c in &mut held {
        let _ = c.write_all(b"GET / HTTP/1.1\r\n");
    }
    drop(held);
    // Once they are gone the port answers again: the page, the files, a new game.
    assert_eq!(s.get("/").status, 200);
    assert_eq!(s.get("/api/files").status, 200);
    assert_eq!(s.post("/api/games", r#"{"file":0}"#).status, 200);
    // And again, after a second wave.
    let held: Vec<TcpStream> = (0..100).map(|_| s.connect()).collect();
    drop(held);
    assert_eq!(s.get("/api/files").status, 200);
    s.stop();
    let said = std::fs::read_to_string(&err_path).unwrap();
    let _ = std::fs::remove_file(&err_path);
    assert!(
        said.contains("seig serve: cannot accept a connection (Too many open files"),
        "the server did not run out of descriptors, or said nothing: {said:?}"
    );
}

/// Waits (by asking, not by the clock) until `f` holds of the server's list of games.
fn until_games(s: &Server, what: &str, f: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..1_000_000 {
        let v = s.get("/api/games").json();
        if let Some(g) = v.as_array().and_then(|a| a.iter().find(|g| f(g))) {
            return g.clone();
        }
        std::thread::yield_now();
    }
    panic!("never: {what}");
}

#[test]
fn a_game_between_computers_runs_off_the_request_thread_and_can_be_cancelled() {
    let s = Server::start();
    let port_s = std::sync::Arc::new(s);
    let s2 = std::sync::Arc::clone(&port_s);
    let game = std::thread::spawn(move || {
        s2.post(
            "/api/games",
            r#"{"file":0,"seats":{"south":"expectimax","north":"expectimax"},"budget":8}"#,
        )
    });
    let s = port_s;
    let g = until_games(&s, "the computers play", |g| {
        g["busy"] == true && g["computer_actions"].as_u64().unwrap_or(0) > 0
    });
    let id = g["id"].as_u64().unwrap();
    // Other requests are answered while the computers think.
    assert_eq!(s.get("/api/files").status, 200);
    let p = s.get(&format!("/api/games/{id}/progress")).json();
    assert_eq!(p["busy"], true, "{p}");
    // A second request on the same game is refused at once, not queued behind it.
    let a = s.post(&format!("/api/games/{id}/throw"), "");
    assert_eq!(a.status, 409, "{}", a.text());
    let a = s.post(&format!("/api/games/{id}/cancel"), "");
    assert_eq!(a.json()["cancelled"], true, "{}", a.text());
    let a = game.join().unwrap();
    assert_eq!(a.status, 200, "{}", a.text());
    let v = a.json();
    assert_eq!(v["stopped"], true, "{v}");
    assert!(v["log_len"].as_u64().unwrap() > 0);
    // The game is free again, where it stopped.
    let v = s.get(&format!("/api/games/{id}")).json();
    assert_eq!(v["log_len"], a.json()["log_len"]);
}

#[test]
fn a_study_can_be_cancelled() {
    let s = Server::start();
    let a = s.post(
        "/api/studies",
        r#"{"file":0,"games":20000,"choices":{"params":{"holes":20}}}"#,
    );
    assert_eq!(a.status, 200, "{}", a.text());
    let id = a.json()["id"].as_u64().unwrap();
    let a = s.post(&format!("/api/studies/{id}/cancel"), "");
    assert_eq!(a.json()["cancelled"], true, "{}", a.text());
    let v = loop {
        let v = s.get(&format!("/api/studies/{id}")).json();
        if v["state"] != "running" {
            break v;
        }
        std::thread::yield_now();
    };
    assert_eq!(v["state"], "cancelled", "{v}");
    assert!(v["done"].as_u64().unwrap() < 20000, "{v}");
    assert!(v["report"].is_null());
    // Another study may start now.
    let a = s.post("/api/studies", r#"{"file":0,"games":2}"#);
    assert_eq!(a.status, 200, "{}", a.text());
}

#[test]
fn the_check_answer_has_the_caps_of_seig_check() {
    let s = Server::start();
    let root = env!("CARGO_MANIFEST_DIR");
    let text = std::fs::read_to_string(format!("{root}/rules/sig-beart.seig")).unwrap();
    let line = "  row home_south: home of south, holes holes\n";
    let extra: String = (0..200)
        .map(|i| format!("  row r{i}: home of nob{i}, holes holes\n"))
        .collect();
    let text = text.replacen(line, &format!("{line}{extra}"), 1);
    let body = serde_json::json!({"file": 0, "text": text}).to_string();
    let v = s.post("/api/check", &body).json();
    let diags = v["diagnostics"].as_array().unwrap();
    // What `seig check` prints of the same text.
    let path = std::env::temp_dir().join(format!("seig-serve-check-{}.seig", std::process::id()));
    std::fs::write(&path, &text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_seig"))
        .arg("check")
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    let printed = String::from_utf8_lossy(&out.stdout);
    let headlines: Vec<String> = printed
        .lines()
        .filter(|l| l.starts_with("error[") || l.starts_with("warning["))
        .map(str::to_string)
        .collect();
    assert_eq!(diags.len(), headlines.len(), "{printed}");
    for (d, h) in diags.iter().zip(&headlines) {
        assert_eq!(
            h,
            &format!(
                "{}[{}]: {}",
                d["severity"].as_str().unwrap(),
                d["code"].as_str().unwrap(),
                d["message"].as_str().unwrap()
            )
        );
        // Each located where the printed diagnostic points.
        if d["line"].is_u64() {
            let at = format!(
                ":{}:{}",
                d["line"].as_u64().unwrap(),
                d["col"].as_u64().unwrap()
            );
            assert!(printed.contains(&at), "{at} not in the printed diagnostics");
        }
    }
    let more = v["more"].as_array().unwrap();
    assert!(!more.is_empty(), "{v}");
    for m in more {
        let note = format!(
            "note: and {} more like this ({})",
            m["count"].as_u64().unwrap(),
            m["code"].as_str().unwrap()
        );
        assert!(printed.contains(&note), "{note} not in {printed}");
    }
    let e010 = diags.iter().filter(|d| d["code"] == "E010").count();
    assert_eq!(e010, seig::lang::diag::MAX_SHOWN_PER_CODE);
}

#[test]
fn records_are_capped_in_actions() {
    let s = Server::start();
    let v = s.post("/api/games", r#"{"file":0}"#).json();
    let id = v["id"].as_u64().unwrap();
    assert_eq!(s.post(&format!("/api/games/{id}/throw"), "").status, 200);
    let mut record: Value = s.get(&format!("/api/games/{id}/record")).json();
    let first = record["actions"][0].clone();
    let most = 20_000;
    record["actions"] = Value::Array(vec![first; most + 1]);
    let a = s.post(&format!("/api/games/{id}/record"), &record.to_string());
    assert_eq!(a.status, 413, "{}", a.text());
    assert!(
        error_of(&a).contains(&format!("the page takes records of at most {most}")),
        "{}",
        a.text()
    );
}

#[test]
fn a_stalled_head_or_body_is_dropped_by_the_server() {
    let s = std::sync::Arc::new(Server::start());
    // Half a head: the server closes the connection once its head timeout is over.
    let s1 = std::sync::Arc::clone(&s);
    let head = std::thread::spawn(move || {
        let mut c = s1.connect();
        c.write_all(b"GET /api/files HTTP/1.1\r\nHost: 127")
            .unwrap();
        let mut rest = Vec::new();
        // The test's own watchdog (WATCHDOG) is far longer than the server's timeout.
        let n = std::io::Read::read_to_end(&mut c, &mut rest);
        (n.is_ok(), rest)
    });
    // A head, then one byte of a body: 408 once the body timeout is over.
    let mut c = s.connect();
    c.write_all(
        format!(
            "POST /api/check HTTP/1.1\r\nHost: {}\r\nX-Seig-Token: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{",
            s.host(),
            s.token
        )
        .as_bytes(),
    )
    .unwrap();
    let a = read_answer(&mut c);
    assert_eq!(a.status, 408, "{}", a.text());
    assert!(error_of(&a).starts_with("the request body did not arrive within"));
    let (closed, rest) = head.join().unwrap();
    assert!(
        closed,
        "the server never closed a connection with half a head"
    );
    assert!(rest.is_empty(), "{}", String::from_utf8_lossy(&rest));
}

#[test]
fn the_fuzz_seeds_reach_the_routes_without_a_socket() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = root.join("fuzz/corpus-fixtures/a.seig");
    let app = seig::cli::serve::app(&[file], "fuzz").unwrap();
    let server = seig::cli::serve::http::Offline::new(app, 8080, "fuzz").unwrap();
    let dir = root.join("fuzz/seeds/serve");
    let mut seeds: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    seeds.sort();
    // `game` first: the others act on the game it makes.
    seeds.sort_by_key(|p| p.file_name() != Some(std::ffi::OsStr::new("game")));
    assert!(seeds.len() >= 4);
    for p in seeds {
        let answer = server.answer(&std::fs::read(&p).unwrap());
        let text = String::from_utf8_lossy(&answer);
        assert!(text.starts_with("HTTP/1.1 200 "), "{}: {text}", p.display());
    }
    // The same bytes from another page, or without the token, are refused.
    let foreign = b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nOrigin: http://evil.example.com\r\nX-Seig-Token: fuzz\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{\"file\":0}";
    let text = String::from_utf8_lossy(&server.answer(foreign)).into_owned();
    assert!(text.starts_with("HTTP/1.1 403 "), "{text}");
}
