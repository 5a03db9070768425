//! The HTTP side of `seig serve`: hyper's HTTP/1 connections on tokio, in front of the
//! synchronous [`route`].
//!
//! What keeps the server up whatever a client does:
//! - the accept loop only accepts: each connection is a task of its own, and an accept
//!   that fails (no descriptor left: EMFILE) is retried after a pause that doubles up to a
//!   second, so the port never dies;
//! - a request head must arrive within [`HEADER_TIMEOUT`] and fit in [`MAX_HEAD_BYTES`] with
//!   at most [`MAX_HEADERS`] headers (hyper refuses it otherwise: 408 or 431, and stops
//!   reading); a body must arrive within [`BODY_TIMEOUT`] and fit its route's cap
//!   ([`guard::body_cap`]);
//! - the checks of [`guard`] run before a body is read;
//! - handlers run on a pool of [`WORKERS`] threads with a queue of [`QUEUE`] requests
//!   (past that: 503), so a long computer move holds one worker, not the server; the
//!   page's assets, progress and cancels ([`super::is_light`]) take no worker, so that they
//!   are answered while every worker is busy.

use super::guard::{self, Guard};
use super::{App, Reply, route};
use crate::cli::error::CliError;
use bytes::Bytes;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper::{Request, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::Semaphore;

/// Time a client has to send a request's head.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// Time a client has to send a request's body once its head is in.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(30);
/// Largest request head (request line and headers) in bytes.
pub const MAX_HEAD_BYTES: usize = 16 * 1024;
/// Most headers in a request.
pub const MAX_HEADERS: usize = 64;
/// Threads that answer requests.
pub const WORKERS: usize = 4;
/// Requests waiting for a worker; past that the server answers 503.
pub const QUEUE: usize = 64;

/// What every connection shares.
pub struct Shared {
    /// The files, games and studies.
    pub app: App,
    /// Who may use them.
    pub guard: Guard,
    workers: Arc<Semaphore>,
    waiting: AtomicUsize,
}

impl Shared {
    /// The server state `app`, for the page of `guard`.
    pub fn new(app: App, guard: Guard) -> Arc<Shared> {
        Arc::new(Shared {
            app,
            guard,
            workers: Arc::new(Semaphore::new(WORKERS)),
            waiting: AtomicUsize::new(0),
        })
    }
}

/// Counts a request waiting for a worker while it lives (a client that leaves while it
/// waits drops it).
struct Waiting<'a>(&'a AtomicUsize);
impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

/// Runs `route` on a worker; 503 when the queue is full.
async fn on_worker(
    shared: &Arc<Shared>,
    method: String,
    path: String,
    query: String,
    body: Bytes,
) -> Reply {
    let queued = Waiting(&shared.waiting);
    if shared.waiting.fetch_add(1, Ordering::Relaxed) >= QUEUE {
        return Reply::error(503, "the server is busy: too many requests wait; try again");
    }
    let Ok(permit) = Arc::clone(&shared.workers).acquire_owned().await else {
        return Reply::error(503, "the server is stopping");
    };
    drop(queued);
    let s = Arc::clone(shared);
    // The permit goes with the work: a client that leaves does not free its worker early.
    let work = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        guarded(|| route(&s.app, &method, &path, &query, &body))
    });
    work.await
        .unwrap_or_else(|_| Reply::error(500, "internal error: the request failed"))
}

/// A handler's reply, or a 500 if it panicked (the server goes on).
fn guarded(f: impl FnOnce() -> Reply) -> Reply {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .unwrap_or_else(|_| Reply::error(500, "internal error: the request failed"))
}

/// Reads a body up to `cap` bytes within [`BODY_TIMEOUT`].
async fn read_body(body: Incoming, cap: u64) -> Result<Bytes, Reply> {
    let limit = usize::try_from(cap).unwrap_or(usize::MAX);
    match tokio::time::timeout(BODY_TIMEOUT, Limited::new(body, limit).collect()).await {
        Err(_) => Err(Reply::error(
            408,
            format!(
                "the request body did not arrive within {} s",
                BODY_TIMEOUT.as_secs()
            ),
        )),
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => Err(too_long(cap)),
        Ok(Err(e)) => Err(Reply::error(400, format!("cannot read the request: {e}"))),
        Ok(Ok(c)) => Ok(c.to_bytes()),
    }
}

fn too_long(cap: u64) -> Reply {
    Reply::error(
        413,
        format!("the request body is over {cap} bytes, the most this request takes"),
    )
}

/// Answers one request: the checks, the body, the route.
async fn answer(shared: Arc<Shared>, req: Request<Incoming>) -> Reply {
    let (parts, body) = req.into_parts();
    let method = parts.method.as_str().to_ascii_uppercase();
    if let Err(r) = shared.guard.admit(&method, &parts.headers) {
        return r;
    }
    let path = parts.uri.path().to_string();
    let query = parts.uri.query().unwrap_or("").to_string();
    let cap = guard::body_cap(&method, &path);
    let declared = parts
        .headers
        .get(hyper::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > cap) {
        return too_long(cap);
    }
    match read_body(body, cap).await {
        Ok(bytes) if super::is_light(&method, &path) => {
            guarded(|| route(&shared.app, &method, &path, &query, &bytes))
        }
        Ok(bytes) => on_worker(&shared, method, path, query, bytes).await,
        Err(r) => r,
    }
}

/// The HTTP response of a reply.
fn response(reply: Reply) -> Response<Full<Bytes>> {
    let mut resp = Response::new(Full::new(Bytes::from(reply.body)));
    *resp.status_mut() = hyper::StatusCode::from_u16(reply.status)
        .unwrap_or(hyper::StatusCode::INTERNAL_SERVER_ERROR);
    let h = resp.headers_mut();
    h.insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static(reply.kind),
    );
    for (k, v) in [
        ("cache-control", "no-store"),
        ("x-content-type-options", "nosniff"),
        ("x-frame-options", "SAMEORIGIN"),
    ] {
        h.insert(k, hyper::header::HeaderValue::from_static(v));
    }
    resp
}

/// Serves one connection (a socket, or any byte stream) until it closes or times out.
pub async fn connection<IO>(shared: Arc<Shared>, io: IO)
where
    IO: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let service = service_fn(move |req| {
        let s = Arc::clone(&shared);
        async move { Ok::<_, std::convert::Infallible>(response(answer(s, req).await)) }
    });
    let mut b = http1::Builder::new();
    // A client that ends its side once it has sent its requests still gets its answers.
    b.half_close(true)
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .max_buf_size(MAX_HEAD_BYTES)
        .max_headers(MAX_HEADERS);
    // A connection's end, timely or not, is the client's business: nothing to report.
    let _ = b.serve_connection(TokioIo::new(io), service).await;
}

/// Is this accept error about one connection only (the next accept may well succeed)?
fn one_connection(e: &std::io::Error) -> bool {
    use std::io::ErrorKind::*;
    matches!(
        e.kind(),
        ConnectionAborted | ConnectionReset | Interrupted | WouldBlock
    )
}

/// Accepts connections until the process is stopped, surviving every accept error.
pub async fn accept_loop(listener: tokio::net::TcpListener, shared: Arc<Shared>) {
    const FIRST: Duration = Duration::from_millis(5);
    let mut pause = FIRST;
    let mut told = false;
    loop {
        match listener.accept().await {
            Ok((stream, _)) => {
                pause = FIRST;
                told = false;
                tokio::spawn(connection(Arc::clone(&shared), stream));
            }
            Err(e) if one_connection(&e) => {}
            Err(e) => {
                if !told {
                    eprintln!(
                        "seig serve: cannot accept a connection ({e}); retrying until it can"
                    );
                    told = true;
                }
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(1));
            }
        }
    }
}

/// A server without a socket (for fuzzing and tests): raw request bytes in, raw response
/// bytes out, through the same connection code as a socket.
pub struct Offline {
    runtime: tokio::runtime::Runtime,
    shared: Arc<Shared>,
}

impl Offline {
    /// A server for `app` that answers as if on `port` with the page token `token`.
    pub fn new(app: App, port: u16, token: &str) -> Result<Offline, CliError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .max_blocking_threads(WORKERS)
            .build()
            .map_err(|e| CliError::failed(format!("cannot start the server's runtime: {e}")))?;
        Ok(Offline {
            runtime,
            shared: Shared::new(app, Guard::new(port, token.to_string())),
        })
    }

    /// The bytes the server sends back for `request` (sent whole, then the end of input).
    pub fn answer(&self, request: &[u8]) -> Vec<u8> {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let shared = Arc::clone(&self.shared);
        let request = request.to_vec();
        self.runtime.block_on(async move {
            let (mut client, server) = tokio::io::duplex(64 * 1024);
            let conn = tokio::spawn(connection(shared, server));
            let writer = async {
                let _ = client.write_all(&request).await;
                let _ = client.shutdown().await;
                let mut out = Vec::new();
                let _ = client.read_to_end(&mut out).await;
                out
            };
            let out = writer.await;
            let _ = conn.await;
            out
        })
    }
}

/// Runs the server on `listener` (bound already) until the process is stopped.
pub fn run(listener: std::net::TcpListener, shared: Arc<Shared>) -> Result<(), CliError> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(WORKERS + 1)
        .enable_all()
        .build()
        .map_err(|e| CliError::failed(format!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(async move {
        listener
            .set_nonblocking(true)
            .map_err(|e| CliError::failed(format!("cannot set up the listening socket: {e}")))?;
        let listener = tokio::net::TcpListener::from_std(listener)
            .map_err(|e| CliError::failed(format!("cannot set up the listening socket: {e}")))?;
        accept_loop(listener, shared).await;
        Ok(())
    })
}
