//! The page's play in Chromium, as a newcomer meets it: whose throw it is and what is in
//! hand, Sigue's throw read in the thrower's colour, and no lost work (a new game, a file
//! switch and Revert ask first; the editor's text is kept per file). Skipped, with a note,
//! where Chromium or its driver is not installed. Screenshots go to `target/browser-shots/`.

#![allow(
    clippy::unwrap_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "a test may panic on a failed check"
)]

use super::browser::{Browser, CHROMEDRIVER, CHROMIUM, IDLE, server};
use serde_json::{Value, json};
use std::path::Path;

fn have_chromium() -> bool {
    let ok = Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists();
    if !ok {
        eprintln!("skipped: {CHROMIUM} or {CHROMEDRIVER} is not installed");
    }
    ok
}

/// Is the page's question shown?
const ASKING: &str = "return !document.getElementById('ask').hidden";

fn actions(b: &Browser) -> Value {
    b.js("return document.body.dataset.actions")
}

/// Throws until the person has a move to choose.
fn throw_until_move(b: &Browser) {
    for _ in 0..60 {
        if b.js("return document.querySelectorAll('#moves button.move:not(:disabled)').length")
            != json!(0)
        {
            return;
        }
        b.click("#throw");
        b.wait("a throw", 30, IDLE);
    }
    panic!("no move after 60 throws");
}

/// South's throw is named as south's, with the sticks of the counted face first, and the
/// moves in hand are listed; a new game over unsaved actions asks, and Cancel keeps the game.
#[test]
fn the_throw_is_named_and_a_new_game_asks_first() {
    if !have_chromium() {
        return;
    }
    let srv = server();
    let b = Browser::start();
    b.goto(&format!("http://127.0.0.1:{}/#play", srv.port));
    b.wait(
        "the first game",
        30,
        "return document.body.dataset.stage === 'throw'",
    );
    assert_eq!(b.js("return document.body.dataset.unsaved"), json!("0"));
    // Nothing to lose: a new game starts without a question.
    b.js("document.getElementById('seat-1').value = 'greedy'; document.getElementById('seed').value = '1';");
    b.click("#new");
    b.wait(
        "the new game",
        30,
        &format!("{IDLE} && document.body.dataset.actions === '0'"),
    );
    assert_eq!(b.js(ASKING), json!(false));
    throw_until_move(&b);
    // Seed 1: south's tenth throw is a 1 (the browser test of the whole page plays it too).
    assert_eq!(
        b.js("return document.getElementById('throw-value').textContent"),
        json!("south threw 1 (1 marked, 7 blank)")
    );
    assert_eq!(
        b.js("return document.querySelectorAll('#sticks rect.stick.counted.t0').length"),
        json!(1)
    );
    assert_eq!(
        b.js("return document.getElementById('hand').textContent"),
        json!("in hand: 1 (release)")
    );
    b.screenshot("play-throw-named.png");
    let n = actions(&b);
    assert_eq!(b.js("return document.body.dataset.unsaved"), n);
    // A new game over unsaved actions: asked, and Cancel keeps the game as it was.
    b.click("#new");
    b.wait("the question", 30, ASKING);
    let q = b.js("return document.getElementById('ask-text').textContent");
    assert_eq!(
        q,
        json!(format!(
            "{} actions of this game are not saved: a new game replaces the game.",
            n.as_str().unwrap()
        ))
    );
    b.screenshot("play-ask-new-game.png");
    b.click("#ask button[data-answer='cancel']");
    b.wait(
        "the answer",
        30,
        &format!("{IDLE} && !{}", &ASKING["return ".len()..]),
    );
    assert_eq!(actions(&b), n);
    // Discard: a new game.
    b.click("#new");
    b.wait("the question", 30, ASKING);
    b.click("#ask button[data-answer='discard']");
    b.wait(
        "the new game",
        30,
        &format!("{IDLE} && document.body.dataset.actions === '0'"),
    );
}

/// A file switch over an unsaved game asks, then plays the new file (not the old game); in
/// Sigue the value counts the thrower's colour, and the sticks of that colour are the ones
/// drawn in its team's colour. The editor's text of a file stays through a switch and back,
/// and Revert asks before dropping it.
#[test]
fn a_file_switch_asks_plays_the_new_file_and_keeps_the_edited_text() {
    if !have_chromium() {
        return;
    }
    let srv = server();
    let b = Browser::start();
    b.goto(&format!("http://127.0.0.1:{}/#play", srv.port));
    b.wait(
        "the first game",
        30,
        "return document.body.dataset.stage === 'throw'",
    );
    b.click("#throw");
    b.wait(
        "a throw",
        30,
        &format!("{IDLE} && document.body.dataset.actions !== '0'"),
    );
    let game = "return document.getElementById('status').textContent";
    // Switch to Sigue (the third file): asked; Cancel keeps the file and the game.
    let switch = "const f = document.getElementById('file'); f.value = '2'; f.dispatchEvent(new Event('change'));";
    b.js(switch);
    b.wait("the question", 30, ASKING);
    b.click("#ask button[data-answer='cancel']");
    assert_eq!(
        b.js("return document.getElementById('file').value"),
        json!("0")
    );
    assert_ne!(actions(&b), json!("0"));
    b.js(switch);
    b.wait("the question", 30, ASKING);
    b.click("#ask button[data-answer='discard']");
    b.wait(
        "Sigue's game",
        30,
        &format!("{IDLE} && document.body.dataset.actions === '0' && document.querySelectorAll('#board circle.hole').length === 72"),
    );
    assert!(
        b.js(game)
            .as_str()
            .unwrap()
            .starts_with("white (human) to throw")
    );
    // White's throws: the value is the count of white sticks, drawn first in white's colour.
    for _ in 0..8 {
        if b.js("return document.getElementById('throw').disabled") == json!(false) {
            b.click("#throw");
            b.wait("a throw", 30, IDLE);
        } else {
            b.click("#moves button.move");
            b.wait("a move", 30, IDLE);
        }
        let t = b.js("const s = document.getElementById('throw-value').textContent; const m = s.match(/^(\\w+) threw (\\d+) \\((\\d+) (\\w+), (\\d+) (\\w+)/); return m && [m[1], m[2], m[3], m[4], document.querySelectorAll('#sticks rect.stick.counted').length, document.querySelectorAll('#sticks rect.stick.counted.t' + (m[1] === 'white' ? 0 : 1)).length]");
        if t.is_null() {
            continue;
        }
        // "white threw 3 (3 white, 3 black)": the thrower's own colour counted, and drawn.
        assert_eq!(t[0], t[3], "{t}");
        assert_eq!(t[1], t[2], "{t}");
        let v: u64 = t[1].as_str().unwrap().parse().unwrap();
        assert_eq!(t[4], json!(v), "{t}");
        assert_eq!(t[5], json!(v), "{t}");
    }
    b.screenshot("play-sigue-throw.png");
    // The editor: an edit of Sigue's text survives a switch to Sig and back.
    b.click("#tabs button[data-tab='author']");
    b.js("const t = document.getElementById('text'); t.focus(); t.setSelectionRange(0, 0);");
    b.type_into("#text", "# an edit\n");
    let to = |i: usize| {
        format!(
            "const f = document.getElementById('file'); f.value = '{i}'; f.dispatchEvent(new Event('change'));"
        )
    };
    b.js(&to(0));
    // The Sigue game has actions: asked about it too.
    b.wait("the question", 30, ASKING);
    b.click("#ask button[data-answer='discard']");
    b.wait(
        "Sig's text",
        30,
        "return document.getElementById('text').value.includes('Béart')",
    );
    b.js(&to(2));
    b.wait(
        "Sigue again",
        30,
        &format!("{IDLE} && document.getElementById('file').value === '2'"),
    );
    if b.js(ASKING) == json!(true) {
        b.click("#ask button[data-answer='discard']");
    }
    assert_eq!(
        b.js("return document.getElementById('text').value.startsWith('# an edit\\n')"),
        json!(true)
    );
    // Revert asks; Cancel keeps the edit, Revert drops it.
    b.click("#revert");
    b.wait("the question", 30, ASKING);
    b.screenshot("author-ask-revert.png");
    b.click("#ask button[data-answer='cancel']");
    assert_eq!(
        b.js("return document.getElementById('text').value.startsWith('# an edit\\n')"),
        json!(true)
    );
    b.click("#revert");
    b.wait("the question", 30, ASKING);
    b.click("#ask button[data-answer='revert']");
    assert_eq!(
        b.js("return document.getElementById('text').value.startsWith('# an edit')"),
        json!(false)
    );
}

/// A hole both teams share is drawn as two halves, the first team's on the left, each
/// labelled with its piece (or ×N); a move's path follows the track hole by hole.
#[test]
fn shared_holes_are_halves_and_a_path_follows_the_track() {
    if !have_chromium() {
        return;
    }
    let srv = server();
    let b = Browser::start();
    b.goto(&format!("http://127.0.0.1:{}/#play", srv.port));
    b.wait(
        "the first game",
        30,
        "return document.body.dataset.stage === 'throw'",
    );
    b.js("const f = document.getElementById('file'); f.value = '2'; f.dispatchEvent(new Event('change'));");
    b.wait(
        "Sigue's game",
        30,
        &format!("{IDLE} && document.querySelectorAll('#board circle.hole').length === 72"),
    );
    b.js("document.getElementById('seat-1').value = 'greedy'; document.getElementById('seed').value = '3';");
    b.click("#new");
    b.wait(
        "the new game",
        30,
        &format!("{IDLE} && document.body.dataset.actions === '0'"),
    );
    let shared = "return document.querySelectorAll('#board g.piece[data-half]').length";
    let mut paths_seen = 0;
    for _ in 0..400 {
        if b.js(shared) != json!(0) && paths_seen > 0 {
            break;
        }
        if b.js("return document.getElementById('throw').disabled") == json!(false) {
            b.click("#throw");
        } else {
            // A move's path: as many segments as the holes the server lists for it.
            let p = b.js("const m = st.game.board.moves[0]; if (!m) return null; pathFor(m); return [m.path.length, (document.getElementById('movepath').getAttribute('d').match(/L/g) || []).length]");
            if !p.is_null() {
                let n = p[0].as_u64().unwrap();
                assert_eq!(p[1], json!(n.max(1)), "{p}");
                if n > 1 {
                    paths_seen += 1;
                }
            }
            b.click("#moves button.move");
        }
        b.wait("an answer", 60, IDLE);
        assert_ne!(b.js("return document.body.dataset.stage"), json!("over"));
    }
    assert!(paths_seen > 0, "no move of more than one hole");
    let halves = b.js("return [...document.querySelectorAll('#board g.piece[data-half]')].map(g => [g.dataset.row, g.dataset.hole, g.dataset.team, g.dataset.half, g.querySelector('text').textContent])");
    let halves = halves.as_array().unwrap();
    assert!(!halves.is_empty(), "no shared hole in 400 actions");
    for h in halves {
        // Each shared hole has both halves: the first team's left, the second's right.
        let other = if h[2] == "0" { "1" } else { "0" };
        let side = if h[2] == "0" { "left" } else { "right" };
        assert_eq!(h[3], side, "{h}");
        assert!(
            halves
                .iter()
                .any(|o| o[0] == h[0] && o[1] == h[1] && o[2] == other),
            "{halves:?}"
        );
        let label = h[4].as_str().unwrap();
        assert!(
            label.parse::<u32>().is_ok() || label.starts_with('×'),
            "{h}"
        );
    }
    b.screenshot("play-shared-holes.png");
}

fn key(b: &Browser, k: &str) {
    b.js(&format!(
        "document.activeElement.blur(); document.dispatchEvent(new KeyboardEvent('keydown', {{ key: '{k}' }}));"
    ));
    b.wait("the replay", 30, IDLE);
}

/// At the game's end New game, Save and Replay stand out and Throw is off; the replay
/// steps and jumps to the first capture with the move marked, shows its keys on `?`, and
/// Escape goes back to the game.
#[test]
fn game_over_offers_a_replay_that_jumps_to_captures() {
    if !have_chromium() {
        return;
    }
    let srv = server();
    let b = Browser::start();
    b.goto(&format!("http://127.0.0.1:{}/#play", srv.port));
    b.wait(
        "the first game",
        30,
        "return document.body.dataset.stage === 'throw'",
    );
    // Two computers on rows of 4 holes: the server plays the game to its end.
    b.js("for (const p of ['holes', 'counters']) { const h = document.querySelector(`#params input[data-param=\"${p}\"]`); h.value = '4'; h.dispatchEvent(new Event('change')); }");
    b.js("document.getElementById('seat-0').value = 'greedy'; document.getElementById('seat-1').value = 'greedy'; document.getElementById('seed').value = '3';");
    b.click("#new");
    b.wait(
        "the game's end",
        120,
        &format!("{IDLE} && document.body.dataset.stage === 'over'"),
    );
    let bar = b.js("return ['throw', 'new', 'save', 'replay'].map(id => [document.getElementById(id).disabled, document.getElementById(id).classList.contains('primary')])");
    assert_eq!(
        bar,
        json!([[true, false], [false, true], [false, true], [false, true]])
    );
    let total: u64 = actions(&b).as_str().unwrap().parse().unwrap();
    b.click("#replay");
    b.wait(
        "the replay",
        30,
        &format!("{IDLE} && document.body.dataset.replay === '{total}'"),
    );
    key(&b, "Home");
    assert_eq!(b.js("return document.body.dataset.replay"), json!("0"));
    key(&b, "ArrowRight");
    assert_eq!(b.js("return document.body.dataset.replay"), json!("1"));
    // The first capture: the log line of the action before the position is marked.
    let first =
        b.js("return st.game.log.findIndex(l => l.mark === 'capture' || l.mark === 'removal') + 1");
    assert!(first.as_u64().unwrap() > 1, "{first}");
    key(&b, "c");
    assert_eq!(b.js("return Number(document.body.dataset.replay)"), first);
    // The first move onto a hole: marked, its path, the hole it reached and its log line.
    key(&b, "Home");
    for _ in 0..total {
        if b.js("return !!(st.played && st.played.to)") == json!(true) {
            break;
        }
        key(&b, "ArrowRight");
    }
    let marked = b.js("return [document.getElementById('movepath').getAttribute('d').length > 0, document.querySelectorAll('#board .hole.target').length, document.querySelectorAll('#log li.now').length]");
    assert_eq!(marked, json!([true, 1, 1]));
    b.screenshot("replay-capture.png");
    key(&b, "Home");
    key(&b, "c");
    assert!(
        b.js("return document.getElementById('replay-text').textContent")
            .as_str()
            .unwrap()
            .starts_with(&format!("action {first} of {total}")),
    );
    key(&b, "C");
    assert_eq!(b.js("return Number(document.body.dataset.replay)"), first);
    assert!(
        b.js("return document.getElementById('replay-text').textContent")
            .as_str()
            .unwrap()
            .ends_with("none earlier")
    );
    key(&b, "?");
    assert_eq!(
        b.js("return document.getElementById('replay-help').hidden"),
        json!(false)
    );
    key(&b, "Escape");
    b.wait(
        "the game again",
        30,
        "return document.getElementById('replay-bar').hidden",
    );
    assert_eq!(b.js("return document.body.dataset.stage"), json!("over"));
    assert_eq!(actions(&b), json!(total.to_string()));
}
