//! `seig serve`: the play, authoring and study tools as a local web page.
//!
//! A thin layer: the page (`web/`, built into the binary) draws what the library returns
//! and asks the server for everything else, as JSON: legal decisions and refusals with
//! their rules ([`crate::tools::view`]), diagnostics and the rulebook, studies and their
//! HTML report. The server binds to 127.0.0.1 only, opens no file but those named on its
//! command line (records come in request bodies), caps every body and every study, and
//! answers a bad request with a JSON error: a handler's panic becomes a 500, never the end
//! of the server.
//!
//! The HTTP side ([`http`]) is hyper on tokio: every connection a task, every handler on
//! a bounded pool of worker threads, timeouts and caps on every part of a request, and an
//! accept loop that outlives running out of descriptors. Only the server's own page may
//! use it ([`guard`]): Host, Origin, a per-run token and JSON bodies are checked before
//! any body is read. A handler is a plain function of the request ([`route`]), so that a
//! test or a fuzzer can call it without a socket ([`http::Offline`]).

mod author;
pub mod guard;
pub mod http;
mod play;
mod study;

use crate::lang::lower::Selection;
use serde::Deserialize;
use serde_json::json;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

/// `seig serve`: the web page.
#[derive(clap::Args, Debug, Clone)]
pub struct ServeArgs {
    /// Rule files to offer (default: none; the page then has nothing to play).
    pub files: Vec<PathBuf>,
    /// Port on 127.0.0.1 (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
}

/// A rule file named on the command line.
pub struct Offered {
    /// Path as given.
    pub path: PathBuf,
    /// Its text (read once at start; the editor works on copies).
    pub text: String,
}

/// What every handler shares.
pub struct App {
    /// The page (`web/index.html`) with this run's token in it.
    pub page: Vec<u8>,
    /// The files offered, by index.
    pub files: Vec<Offered>,
    /// Games being played.
    pub games: Mutex<play::Games>,
    /// Studies, running and done.
    pub studies: Mutex<study::Studies>,
}

/// A JSON answer (or an asset).
pub struct Reply {
    /// HTTP status.
    pub status: u16,
    /// Content type.
    pub kind: &'static str,
    /// Body.
    pub body: Vec<u8>,
}

impl Reply {
    /// A JSON value.
    pub fn json(v: &impl serde::Serialize) -> Reply {
        Reply {
            status: 200,
            kind: "application/json",
            body: serde_json::to_vec(v).unwrap_or_default(),
        }
    }
    /// A JSON error: `{"error": message}`.
    pub fn error(status: u16, message: impl Into<String>) -> Reply {
        Reply {
            status,
            kind: "application/json",
            body: serde_json::to_vec(&json!({ "error": message.into() })).unwrap_or_default(),
        }
    }
}

/// A handler's failure: a status and what to say.
pub type Fail = (u16, String);

/// A bad request (400) saying `m`.
pub fn bad(m: impl Into<String>) -> Fail {
    (400, m.into())
}

/// Locks a mutex, taking over its data if a panicking handler poisoned it (every handler
/// leaves the data whole between steps).
pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Readings and parameters as the page sends them.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Choices {
    /// Reading ID → option.
    pub readings: BTreeMap<String, String>,
    /// Parameter → value.
    pub params: BTreeMap<String, i64>,
}

impl Choices {
    /// As a selection for lowering.
    pub fn selection(&self) -> Selection {
        Selection {
            readings: self
                .readings
                .iter()
                .map(|(a, b)| (a.clone(), b.clone()))
                .collect(),
            params: self.params.iter().map(|(a, b)| (a.clone(), *b)).collect(),
        }
    }
}

impl App {
    /// The offered file `i`, or a 404 naming how many there are.
    pub fn file(&self, i: usize) -> Result<&Offered, Fail> {
        self.files.get(i).ok_or_else(|| {
            (
                404,
                format!(
                    "no file {i}: the server offers {} file(s), numbered from 0",
                    self.files.len()
                ),
            )
        })
    }
}

/// Parses a JSON body into `T`, with the parser's message on failure.
pub fn parse<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, Fail> {
    serde_json::from_slice(body).map_err(|e| bad(format!("bad request body: {e}")))
}

/// Where `web/index.html` wants the token.
const TOKEN_SLOT: &str = "{{seig-token}}";

/// The built-in assets: the page, its script and style. Only these names are served.
fn asset(app: &App, path: &str) -> Option<Reply> {
    let (kind, body): (&'static str, &[u8]) = match path {
        "/" | "/index.html" => ("text/html; charset=utf-8", &app.page),
        "/app.js" => (
            "text/javascript; charset=utf-8",
            include_bytes!("../../../web/app.js"),
        ),
        "/style.css" => (
            "text/css; charset=utf-8",
            include_bytes!("../../../web/style.css"),
        ),
        "/favicon.ico" => ("image/svg+xml", include_bytes!("../../../web/favicon.svg")),
        _ => return None,
    };
    Some(Reply {
        status: 200,
        kind,
        body: body.to_vec(),
    })
}

/// The number a query gives `key` (`since=40` in `a=1&since=40`), if any.
fn query_number(query: &str, key: &str) -> Option<usize> {
    query
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .find(|(k, _)| *k == key)
        .and_then(|(_, v)| v.parse().ok())
}

/// Is this request one that only looks at the state or flags a cancel (the page, a game's
/// progress, a study's state, a cancel)? Such a request takes no worker: it must be
/// answered while every worker is busy with the work it would cancel.
pub fn is_light(method: &str, path: &str) -> bool {
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match (method, parts.as_slice()) {
        ("GET", ["api", "games"]) | ("GET", ["api", "games", _, "progress"]) => true,
        ("GET", ["api", "studies", _]) => true,
        ("POST", ["api", "games", _, "cancel"]) | ("POST", ["api", "studies", _, "cancel"]) => true,
        ("GET", [..]) => !path.starts_with("/api/"),
        _ => false,
    }
}

/// Answers one request (method, path, query, body).
pub fn route(app: &App, method: &str, path: &str, query: &str, body: &[u8]) -> Reply {
    if method == "GET"
        && let Some(r) = asset(app, path)
    {
        return r;
    }
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    let out = match (method, parts.as_slice()) {
        ("GET", ["api", "files"]) => Ok(author::files(app)),
        ("POST", ["api", "check"]) => author::check(app, body),
        ("GET", ["api", "games"]) => Ok(play::list(app)),
        ("POST", ["api", "games"]) => play::new_game(app, body),
        (_, ["api", "games", id, rest @ ..]) => {
            let id: u64 = match id.parse() {
                Ok(n) => n,
                Err(_) => return Reply::error(404, format!("no game `{id}`")),
            };
            let since = query_number(query, "since").unwrap_or(0);
            play::game(app, method, id, rest, body, since)
        }
        ("POST", ["api", "studies"]) => study::start(app, body),
        ("GET", ["api", "studies", id]) => study::status(app, id),
        ("POST", ["api", "studies", id, "cancel"]) => study::cancel(app, id),
        (_, ["api", ..]) => Err((
            404,
            format!("no such request: {method} {path} (see the page for what it asks)"),
        )),
        _ => Err((404, format!("not found: {path}"))),
    };
    match out {
        Ok(v) => v,
        Err((status, m)) => Reply::error(status, m),
    }
}

/// The state of a server offering `files` (read now; an unreadable file is an error) to
/// a page carrying `token`.
pub fn app(files: &[PathBuf], token: &str) -> Result<App, String> {
    let mut offered = Vec::new();
    for p in files {
        let bytes = crate::tools::files::read(p).map_err(|e| format!("error: {e}"))?;
        let text = String::from_utf8(bytes)
            .map_err(|_| format!("error: {} is not UTF-8 text", p.display()))?;
        offered.push(Offered {
            path: p.clone(),
            text,
        });
    }
    let page = include_str!("../../../web/index.html").replace(TOKEN_SLOT, token);
    Ok(App {
        page: page.into_bytes(),
        files: offered,
        games: Mutex::new(play::Games::default()),
        studies: Mutex::new(study::Studies::default()),
    })
}

/// Runs `seig serve`; returns the exit code (only on a failure to start).
pub fn run(args: &ServeArgs) -> i32 {
    let started = guard::fresh_token().and_then(|token| {
        let app = app(&args.files, &token)?;
        let listener = std::net::TcpListener::bind(("127.0.0.1", args.port))
            .map_err(|e| format!("error: cannot listen on 127.0.0.1:{}: {e}", args.port))?;
        let port = listener.local_addr().map_or(args.port, |a| a.port());
        Ok((app, listener, port, token))
    });
    let (app, listener, port, token) = match started {
        Ok(s) => s,
        Err(m) => {
            eprintln!("{m}");
            return 1;
        }
    };
    println!("seig serve: open http://127.0.0.1:{port}/ (Ctrl-C stops the server)");
    use std::io::Write;
    let _ = std::io::stdout().flush();
    let shared = http::Shared::new(app, guard::Guard::new(port, token));
    match http::run(listener, shared) {
        Ok(()) => 0,
        Err(m) => {
            eprintln!("{m}");
            1
        }
    }
}
