//! Who may use the server: only its own page. Checked on every request, before its body
//! is read:
//!
//! - `Host` must name this server (`127.0.0.1:PORT` or `localhost:PORT`), so that a page of
//!   another site whose name a hostile DNS points at 127.0.0.1 (DNS rebinding) is refused;
//! - `Origin`, when the browser sends it, must be the server's own (`http://` and the Host);
//! - every request that changes something (any method but GET and HEAD) must carry the
//!   per-run token in `X-Seig-Token`: the page reads it from the HTML the server served
//!   (a page of another origin cannot read that HTML, and a custom header makes a browser
//!   ask first, which this server never allows);
//! - a body must be `Content-Type: application/json` (a form or a `text/plain` POST, which a
//!   browser sends across origins without asking, is refused).
//!
//! And each route decides its own body cap, from the parsed path.

use super::Reply;

/// The header the page sends its token in.
pub const TOKEN_HEADER: &str = "x-seig-token";

/// Largest body of a request that names a rule text (check, new game, study).
pub const MAX_BODY: u64 = 4 * 1024 * 1024;
/// Largest record uploaded to continue a game (records are also capped in actions).
pub const MAX_RECORD_BODY: u64 = 4 * 1024 * 1024;
/// Largest body of a small request (a move, a throw, an undo, a cancel).
pub const MAX_SMALL_BODY: u64 = 4 * 1024;

/// The checks of one running server.
pub struct Guard {
    port: u16,
    token: String,
}

impl Guard {
    /// The checks of a server on `port` whose page carries `token`.
    pub fn new(port: u16, token: String) -> Guard {
        Guard { port, token }
    }

    /// The token the page is given.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// `Ok` when the request may be answered, else the refusal to send.
    pub fn admit(&self, method: &str, headers: &hyper::HeaderMap) -> Result<(), Reply> {
        let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
        let host = header("host").unwrap_or("");
        if !self.own_host(host) || headers.get_all("host").iter().count() != 1 {
            return Err(Reply::error(
                421,
                format!(
                    "this server answers only for 127.0.0.1:{p} and localhost:{p}, not for Host `{}`",
                    printable(host),
                    p = self.port
                ),
            ));
        }
        if let Some(origin) = header("origin")
            && !origin.eq_ignore_ascii_case(&format!("http://{host}"))
        {
            return Err(Reply::error(
                403,
                format!(
                    "requests from the page of another origin (`{}`) are refused: only this server's own page may use it",
                    printable(origin)
                ),
            ));
        }
        let changes = !matches!(method, "GET" | "HEAD");
        if changes && !same_token(header(TOKEN_HEADER), &self.token) {
            return Err(Reply::error(
                403,
                "this request changes the server's state and needs the page's token (header X-Seig-Token): reload the page",
            ));
        }
        let has_body = header("content-length").is_some_and(|n| n.trim() != "0")
            || header("transfer-encoding").is_some();
        if has_body && !is_json(header("content-type")) {
            return Err(Reply::error(
                415,
                "a request body must be JSON, sent with Content-Type: application/json",
            ));
        }
        Ok(())
    }

    fn own_host(&self, host: &str) -> bool {
        let Some((name, port)) = host.rsplit_once(':') else {
            return false;
        };
        port.parse::<u16>().ok() == Some(self.port)
            && port.bytes().all(|b| b.is_ascii_digit())
            && (name == "127.0.0.1" || name.eq_ignore_ascii_case("localhost"))
    }
}

/// The body cap of a request, decided by its route (the parsed path, never the query).
pub fn body_cap(method: &str, path: &str) -> u64 {
    if matches!(method, "GET" | "HEAD") {
        return 0;
    }
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match parts.as_slice() {
        ["api", "check"] | ["api", "games"] | ["api", "studies"] => MAX_BODY,
        ["api", "games", _, "record"] => MAX_RECORD_BODY,
        _ => MAX_SMALL_BODY,
    }
}

/// Compares the token sent with the server's in time independent of where they differ.
fn same_token(sent: Option<&str>, token: &str) -> bool {
    let Some(sent) = sent else {
        return false;
    };
    sent.len() == token.len()
        && sent
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

/// `application/json`, with parameters or not (`; charset=utf-8`).
fn is_json(content_type: Option<&str>) -> bool {
    content_type
        .and_then(|c| c.split(';').next())
        .is_some_and(|m| m.trim().eq_ignore_ascii_case("application/json"))
}

/// A header value as a message may quote it: at most 100 characters, controls escaped.
fn printable(s: &str) -> String {
    let mut out: String = s.chars().take(100).flat_map(char::escape_default).collect();
    if s.chars().count() > 100 {
        out.push('…');
    }
    out
}

/// A fresh token: 128 bits from the system's random source, in hex.
pub fn fresh_token() -> Result<String, crate::cli::error::CliError> {
    use std::io::Read;
    let mut bytes = [0u8; 16];
    std::fs::File::open("/dev/urandom")
        .and_then(|mut f| f.read_exact(&mut bytes))
        .map_err(|e| {
            crate::cli::error::CliError::failed(format!(
                "cannot read /dev/urandom for the page's token: {e}"
            ))
        })?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
