//! The page's rule variants and long work in Chromium: each reading a question with its
//! options in words (the file's own), the default marked and a choice away from it
//! highlighted; a study built from the panel (no syntax typed) whose report is inline with
//! its differences first and the reading that differs marked; progress and Cancel for a
//! game between computers and for a study. Skipped, with a note, where Chromium or its
//! driver is not installed. Screenshots go to `target/browser-shots/`.

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

/// The page of the server, its first game started.
fn open(b: &Browser, port: u16, tab: &str) {
    b.goto(&format!("http://127.0.0.1:{port}/#{tab}"));
    b.wait(
        "the first game",
        60,
        &format!("{IDLE} && document.body.dataset.stage === 'throw' && document.querySelectorAll('#readings fieldset').length > 0"),
    );
}

/// Every reading of the file is a question with its options and their words, as the file
/// states them; the default is marked; choosing another option highlights its question and
/// the panel's summary counts it, and the choice reaches the server (its check of the text
/// under the choices names the option in the rulebook's readings).
#[test]
fn each_reading_is_a_question_with_its_default_marked() {
    if !have_chromium() {
        return;
    }
    let srv = server();
    let b = Browser::start();
    open(&b, srv.port, "play");
    let files = srv.get("/api/files").json();
    let readings = files[0]["readings"].as_array().unwrap().clone();
    assert!(readings.len() >= 10, "Sig's readings: {}", readings.len());
    // Closed, the panel takes one line; its summary says all are at the default.
    assert_eq!(
        b.js("return document.getElementById('variants').open"),
        json!(false)
    );
    let sum = "return document.getElementById('variants-sum').textContent";
    assert_eq!(
        b.js(sum),
        json!(format!("{} questions, all at the default", readings.len()))
    );
    b.click("#variants summary");
    let shown = b.js(
        "return [...document.querySelectorAll('#readings fieldset.reading')].map(f => ({
            id: f.dataset.reading,
            q: f.querySelector('.q').textContent,
            opts: [...f.querySelectorAll('.opt')].map(o => [o.dataset.option, o.querySelector('.doc').textContent]),
            def: [...f.querySelectorAll('.opt.default')].map(o => o.dataset.option),
            chosen: f.querySelector('input[type=radio]:checked').value,
            changed: f.classList.contains('changed')}))",
    );
    let shown = shown.as_array().unwrap();
    assert_eq!(shown.len(), readings.len());
    for (s, r) in shown.iter().zip(&readings) {
        assert_eq!(s["id"], r["id"]);
        assert_eq!(s["q"], r["question"], "the question, as the file words it");
        assert_eq!(s["opts"], r["options"], "each option with its words");
        let d = r["default"].as_u64().unwrap() as usize;
        assert_eq!(s["def"], json!([r["options"][d][0]]), "{}", r["id"]);
        assert_eq!(s["chosen"], r["options"][d][0]);
        assert_eq!(s["changed"], json!(false));
    }
    // The "compare" boxes belong to the Study tab.
    assert_eq!(
        b.js("return document.querySelector('#readings .cmp-label').offsetParent === null"),
        json!(true)
    );
    // A choice away from the default: its question highlighted, counted in the summary.
    b.click(
        "#readings fieldset[data-reading='A-SIG-6'] .opt[data-option='once'] input[type=radio]",
    );
    assert_eq!(
        b.js("return [...document.querySelectorAll('#readings fieldset.changed')].map(f => f.dataset.reading)"),
        json!(["A-SIG-6"])
    );
    assert_eq!(
        b.js("return getComputedStyle(document.querySelector('fieldset.changed .opt.chosen')).backgroundColor"),
        json!("rgb(255, 224, 138)")
    );
    assert_eq!(
        b.js(sum),
        json!(format!(
            "{} questions, 1 changed from the default",
            readings.len()
        ))
    );
    b.wait(
        "the check under the new choice",
        30,
        "return document.getElementById('rulebook').textContent.includes('A-SIG-6') && /A-SIG-6[^\\n]*once/.test(document.getElementById('rulebook').textContent)",
    );
    b.screenshot("variants-panel.png");
    // At a phone's width: one column, no sideways scroll, touch targets of 44 px.
    b.size(390, 844);
    let l = b.js(
        "const f = document.querySelector('#readings fieldset').getBoundingClientRect();
         const small = [...document.querySelectorAll('#readings .opt .pick')].filter(e => e.getBoundingClientRect().height < 43.5).length;
         return {inner: window.innerWidth, scroll: document.documentElement.scrollWidth, w: Math.round(f.width), small};",
    );
    assert!(l["scroll"].as_u64() <= l["inner"].as_u64(), "{l}");
    assert!(l["w"].as_u64().unwrap() >= 300, "{l}");
    assert_eq!(l["small"], json!(0), "{l}");
    // A choice by touch.
    b.js(
        "document.querySelector(\"#readings fieldset[data-reading='A-SIG-5']\").scrollIntoView();",
    );
    b.tap("#readings fieldset[data-reading='A-SIG-5'] .opt[data-option='may'] .pick");
    assert_eq!(
        b.js("return [...document.querySelectorAll('#readings fieldset.changed')].map(f => f.dataset.reading)"),
        json!(["A-SIG-5", "A-SIG-6"])
    );
    b.screenshot("variants-panel-390x844.png");
    let wide = b.js("const c = document.documentElement.clientWidth; return [c, document.documentElement.scrollWidth, [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > c + 0.5).slice(0, 8).map(e => e.tagName + '#' + e.id + '.' + e.className.baseVal + e.className)]");
    assert!(
        wide[1].as_u64() <= wide[0].as_u64(),
        "wider than the screen: {wide}"
    );
}

/// The page's study shown as its progress text reads.
fn study_state(b: &Browser) -> Value {
    b.js("return [document.body.dataset.study, document.getElementById('progress-text').textContent]")
}

/// A study built from the panel: "compare" ticked beside two options makes arms [1] and
/// [2] against the panel's choices [0]; the report is in the page (no frame), the
/// differences first, and each arm's differing reading marked in the table of arms.
#[test]
fn a_study_is_built_from_the_panel_and_its_report_is_inline() {
    if !have_chromium() {
        return;
    }
    let srv = server();
    let b = Browser::start();
    open(&b, srv.port, "study");
    b.click("#variants summary");
    b.click("#readings .opt[data-option='once'] input.cmp");
    b.click("#readings fieldset[data-reading='A-SIG-7'] .opt[data-option='dlp'] input.cmp");
    assert_eq!(
        b.js("return [...document.querySelectorAll('#arms li')].map(l => l.dataset.arm || 'base')"),
        json!(["base", "A-SIG-6=once", "A-SIG-7=dlp"])
    );
    // An arm can be left out again from the list.
    b.click("#arms li[data-arm='A-SIG-7=dlp'] button.drop");
    assert_eq!(
        b.js("return [document.querySelectorAll('#arms li').length, document.querySelector(\"input.cmp[data-arm='A-SIG-7=dlp']\").checked]"),
        json!([2, false])
    );
    b.click("#readings fieldset[data-reading='A-SIG-11'] .opt:not(.default) input.cmp");
    b.js("document.getElementById('games').value = '30';");
    b.click("#run-study");
    b.wait(
        "the study",
        180,
        "return document.body.dataset.study === 'done'",
    );
    assert_eq!(study_state(&b)[1], json!("done: 30 games per arm, 3 arms"));
    assert_eq!(
        b.js("return [document.querySelectorAll('iframe').length, document.getElementById('report').tagName]"),
        json!([0, "DIV"])
    );
    // The differences first.
    let heads = b.js("return [...document.querySelectorAll('#report h2')].map(h => h.textContent)");
    assert_eq!(heads[0], json!("Readings side by side"), "{heads}");
    // Each arm's own choice marked; the choices every arm shares not.
    let marked = b.js(
        "return [...document.querySelectorAll('#report mark.differs')].map(m => m.textContent).filter(t => t.includes('='))",
    );
    let marked: Vec<&str> = marked
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(marked.contains(&"A-SIG-6=once"), "{marked:?}");
    assert!(marked.contains(&"A-SIG-6=retrace"), "{marked:?}");
    assert!(
        !marked.iter().any(|m| m.starts_with("A-SIG-1=")),
        "{marked:?}"
    );
    let labels = b.js("return [...document.querySelectorAll('#report h2 + p + table tr:first-child th')].map(t => t.textContent)");
    assert_eq!(labels[1], json!("[0] your choices"), "{labels}");
    assert_eq!(labels[2], json!("[1] A-SIG-6=once"), "{labels}");
    // The win bars in the teams' colours, as on the board.
    let wins = b.js("return [...document.querySelectorAll('#report svg[data-plot=wins] rect.mark')].map(r => r.getAttribute('fill'))");
    assert_eq!(wins[0], json!("#d2691eff"), "{wins}");
    assert_eq!(wins[1], json!("#2f7fd0ff"), "{wins}");
    b.screenshot("study-from-panel.png");
    b.js("document.getElementById('variants').open = false; document.getElementById('report').scrollIntoView();");
    b.screenshot("study-report-inline.png");
}

/// A game between two searching computers (Sigue's, the longest) shows how many actions they have taken and
/// stops at Cancel, where the page says so and offers to let them play on; a long study
/// stops at its Cancel too.
#[test]
fn long_work_shows_progress_and_cancels() {
    if !have_chromium() {
        return;
    }
    let srv = server();
    let b = Browser::start();
    open(&b, srv.port, "play");
    // Sigue between two searching players: about half a minute of work on this machine.
    b.js("const f = document.getElementById('file'); f.value = '2'; f.dispatchEvent(new Event('change'));");
    b.wait(
        "Sigue's game",
        60,
        &format!("{IDLE} && document.querySelectorAll('#board circle.hole').length === 72"),
    );
    b.js("for (const s of document.querySelectorAll('#seats select')) s.value = 'expectimax';");
    b.click("#new");
    b.wait(
        "the progress of the computer",
        60,
        "return !document.getElementById('work').hidden && Number(document.body.dataset.work) >= 2",
    );
    let text = b.js("return document.getElementById('work-text').textContent");
    assert!(
        text.as_str()
            .unwrap()
            .starts_with("The computer is playing: "),
        "{text}"
    );
    b.screenshot("game-progress.png");
    b.click("#work-cancel");
    b.wait(
        "the stop",
        60,
        &format!("{IDLE} && document.getElementById('work').hidden"),
    );
    let status = b.js("return document.getElementById('status').textContent");
    assert!(
        status.as_str().unwrap().contains("stopped by Cancel"),
        "{status}"
    );
    assert_ne!(
        b.js("return document.body.dataset.stage"),
        json!("over"),
        "cancelled before the end"
    );
    assert_ne!(b.js("return document.body.dataset.actions"), json!("0"));
    assert_eq!(
        b.js("return document.getElementById('continue').hidden"),
        json!(false)
    );
    // Play on, and stop again.
    let before: u64 = b
        .js("return document.body.dataset.actions")
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    b.click("#continue");
    b.wait(
        "the progress again",
        60,
        "return !document.getElementById('work').hidden && Number(document.body.dataset.work) >= 1",
    );
    b.click("#work-cancel");
    b.wait(
        "the second stop",
        60,
        &format!("{IDLE} && document.getElementById('work').hidden"),
    );
    let after: u64 = b
        .js("return document.body.dataset.actions")
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(after > before, "{before} → {after}");
    // A study of many games: its Cancel stops it before the end.
    b.click("#tabs button[data-tab='study']");
    b.js("document.getElementById('games').value = '20000';");
    b.click("#run-study");
    b.wait(
        "the study under way",
        60,
        "return document.body.dataset.study === 'running' && !document.getElementById('cancel-study').hidden && /^[1-9]\\d*\\/20000/.test(document.getElementById('progress-text').textContent)",
    );
    b.screenshot("study-progress.png");
    b.click("#cancel-study");
    b.wait(
        "the cancelled study",
        120,
        "return document.body.dataset.study === 'cancelled'",
    );
    let s = study_state(&b);
    assert!(
        s[1].as_str()
            .unwrap()
            .starts_with("cancelled: cancelled after "),
        "{s}"
    );
    assert_eq!(
        b.js("return [document.getElementById('cancel-study').hidden, document.getElementById('run-study').disabled, document.getElementById('report').hidden]"),
        json!([true, false, true])
    );
}
