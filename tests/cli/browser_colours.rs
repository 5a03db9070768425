//! The page draws each team in the colour its rule file names (`team NAME shown as COLOUR`),
//! the colour the terminal and the report use too, at a phone's and a desktop's size.
//! Skipped, with a note, where Chromium or its driver is not installed. Screenshots go to
//! `target/browser-shots/`.

#![allow(
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "a test may panic on a failed check"
)]

use super::browser::{Browser, CHROMEDRIVER, CHROMIUM, IDLE};
use crate::serve_client::Server;
use serde_json::json;
use std::path::Path;

#[test]
fn the_page_draws_the_teams_in_the_files_colours() {
    if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
        eprintln!("skipped: {CHROMIUM} or {CHROMEDRIVER} is not installed");
        return;
    }
    let srv = Server::start_files(&[], &["tests/fixtures/shown.seig"], None);
    let b = Browser::start();
    for (w, h) in [(390, 844), (1280, 900)] {
        b.size(w, h);
        b.goto(&format!("http://127.0.0.1:{}/#play", srv.port));
        b.wait(
            "the first game",
            30,
            &format!("{IDLE} && document.body.dataset.stage === 'throw'"),
        );
        b.screenshot(&format!("team-colours-{w}x{h}.png"));
        // Every piece of each team, its disc filled in the file's colour.
        let fills = b.js(
            "const f = t => [...new Set([...document.querySelectorAll(`.piece.t${t} .disc`)]
                 .map(d => getComputedStyle(d).fill))];
             return [f(0), f(1), document.querySelectorAll('.piece .disc').length];",
        );
        assert_eq!(fills[0], json!(["rgb(0, 128, 128)"]), "{fills}");
        assert_eq!(fills[1], json!(["rgb(142, 68, 173)"]), "{fills}");
        assert!(fills[2].as_u64().unwrap() >= 12, "pieces drawn: {fills}");
        // The status line names the team to play in its colour.
        let status = b.js(
            "const s = document.querySelector('#status b.t0, #status b.t1');
             return s ? getComputedStyle(s).color : null;",
        );
        assert_eq!(status, json!("rgb(0, 128, 128)"), "a throws first");
    }
}
