//! Any bytes as what a client sends `seig serve` on one connection: parsed by the server's
//! own HTTP code (hyper, with its timeouts and caps), checked by its guard and answered by
//! its routes, through `seig::cli::serve::http::Offline` (the connection code on an
//! in-memory stream instead of a socket). The server offers `corpus-fixtures/a.seig`, answers
//! as `127.0.0.1:8080`, and its page token is `fuzz`, so that inputs that send
//! `Host: 127.0.0.1:8080` and `X-Seig-Token: fuzz` reach every route; the games they make
//! are kept from one input to the next, as a server keeps them. Nothing may panic or hang.
//!
//! Inputs that would only be slow are skipped: a searching computer player (each of its
//! moves is a search) and a study (it runs on a thread of its own, thousands of games);
//! `\u` escapes could spell either in JSON, so inputs with one are skipped too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use seig::cli::serve::{app, http::Offline};
use std::sync::OnceLock;

fn server() -> &'static Offline {
    static S: OnceLock<Offline> = OnceLock::new();
    S.get_or_init(|| {
        let file = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus-fixtures/a.seig"));
        let app = app(&[file], "fuzz").expect("the fixture loads");
        Offline::new(app, 8080, "fuzz").expect("a runtime")
    })
}

fn too_slow(data: &[u8]) -> bool {
    let lower = data.to_ascii_lowercase();
    [&b"expectimax"[..], b"mcts", b"studies", b"\\u"]
        .iter()
        .any(|w| lower.windows(w.len()).any(|x| x == *w))
}

fuzz_target!(|data: &[u8]| {
    if too_slow(data) {
        return;
    }
    let _ = server().answer(data);
});
