//! A `seig serve` child for tests, and raw HTTP/1.1 to it.
//!
//! The server picks its own free port (`--port 0`) and says it on its first line, so two
//! tests never race for a port; the child is killed when its guard drops (a failed test
//! too) and, should the test process die first, by the kernel (`PR_SET_PDEATHSIG`).
//!
//! Used by `serve_hostile` and `browser`.
#![allow(
    dead_code,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "a test helper may panic on a failed check; each test uses some of it"
)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Longest a test waits for one answer before it fails (a watchdog, not a measure).
pub const WATCHDOG: Duration = Duration::from_secs(120);

/// A running `seig serve`, killed when dropped.
pub struct Server {
    child: Child,
    /// The port it listens on.
    pub port: u16,
    /// The token of its page.
    pub token: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// An HTTP answer.
#[derive(Debug)]
pub struct Answer {
    /// Status code.
    pub status: u16,
    /// Header lines, as sent.
    pub head: String,
    /// Body.
    pub body: Vec<u8>,
}

impl Answer {
    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|_| {
            panic!(
                "not JSON ({}): {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }
    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

impl Server {
    /// `seig serve` on the bundled Sig file, run through `wrapper` (e.g. `prlimit`) if any;
    /// its standard error goes to `stderr` if given.
    pub fn start_with(wrapper: &[&str], stderr: Option<std::fs::File>) -> Server {
        Server::start_files(wrapper, &["rules/sig-beart.seig"], stderr)
    }

    /// `seig serve` on `files` (relative to the package), run through `wrapper` if any.
    pub fn start_files(wrapper: &[&str], files: &[&str], stderr: Option<std::fs::File>) -> Server {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let seig = env!("CARGO_BIN_EXE_seig");
        let mut argv: Vec<&str> = wrapper.to_vec();
        argv.extend([seig, "serve"]);
        argv.extend(files);
        argv.extend(["--port", "0"]);
        let mut cmd = Command::new(argv[0]);
        cmd.args(&argv[1..])
            .current_dir(root)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(stderr.map_or(Stdio::inherit(), Stdio::from));
        // SAFETY: prctl is async-signal-safe and touches only the child's own state.
        unsafe {
            cmd.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                Ok(())
            });
        }
        let mut child = cmd.spawn().expect("seig serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout"))
            .read_line(&mut line)
            .expect("the URL line");
        let port: u16 = line
            .rsplit("127.0.0.1:")
            .next()
            .and_then(|x| x.split('/').next())
            .and_then(|x| x.parse().ok())
            .unwrap_or_else(|| {
                let _ = child.kill();
                panic!("no port in `{line}`")
            });
        let mut s = Server {
            child,
            port,
            token: String::new(),
        };
        let page = s.get("/").text();
        s.token = page
            .split("name=\"seig-token\" content=\"")
            .nth(1)
            .and_then(|r| r.split('"').next())
            .expect("the page carries a token")
            .to_string();
        s
    }

    /// `seig serve` on the bundled Sig file.
    pub fn start() -> Server {
        Server::start_with(&[], None)
    }

    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Stops the server (its standard error is complete after this).
    pub fn stop(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// A connection to the server.
    pub fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        s.set_read_timeout(Some(WATCHDOG)).ok();
        s
    }

    /// Sends `raw` on a new connection and reads the answer.
    pub fn send(&self, raw: &[u8]) -> Answer {
        let mut s = self.connect();
        // The server may answer (a refusal) and close before it has read all: what it
        // said is still there to read.
        let _ = s.write_all(raw);
        read_answer(&mut s)
    }

    /// The Host header's value for this server.
    pub fn host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }

    /// A GET from the page.
    pub fn get(&self, path: &str) -> Answer {
        self.send(
            format!(
                "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
                self.host()
            )
            .as_bytes(),
        )
    }

    /// A request with a JSON body as the page sends it (token, origin, content type),
    /// plus `extra` header lines.
    pub fn post_with(&self, path: &str, body: &str, extra: &str) -> Answer {
        self.send(
            format!(
                "POST {path} HTTP/1.1\r\nHost: {h}\r\nOrigin: http://{h}\r\nX-Seig-Token: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n{extra}\r\n{body}",
                self.token,
                body.len(),
                h = self.host()
            )
            .as_bytes(),
        )
    }

    /// A POST as the page sends it.
    pub fn post(&self, path: &str, body: &str) -> Answer {
        self.post_with(path, body, "")
    }
}

/// Reads one answer (by its `Content-Length`, or to the end of the connection).
pub fn read_answer(s: &mut TcpStream) -> Answer {
    let mut r = BufReader::new(s);
    let mut status_line = String::new();
    r.read_line(&mut status_line).expect("a status line");
    let status: u16 = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or_else(|| panic!("no status in `{status_line}`"));
    let mut head = String::new();
    let mut length = None;
    loop {
        let mut h = String::new();
        r.read_line(&mut h).expect("a header");
        if h.trim().is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':')
            && k.trim().eq_ignore_ascii_case("content-length")
        {
            length = v.trim().parse::<usize>().ok();
        }
        head.push_str(&h);
    }
    let mut body = Vec::new();
    match length {
        Some(n) => {
            body.resize(n, 0);
            r.read_exact(&mut body).expect("the body");
        }
        None => {
            let _ = r.read_to_end(&mut body);
        }
    }
    Answer { status, head, body }
}
