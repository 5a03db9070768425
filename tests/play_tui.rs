//! Frames of the full-screen mode rendered on ratatui's test backend at 80x24 (and too
//! small), snapshotted; keys drive the game as a person would.
#![allow(
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use seig::cli::Choices;
use seig::cli::play::tui::{App, Overlay};
use seig::cli::play::{PlayArgs, session_for};
use seig::engine::Stage;

fn app(file: &str, params: &[(&str, i64)], seats: &[&str], seed: u64) -> App {
    let a = PlayArgs {
        file: format!("rules/{file}").into(),
        choices: Choices {
            readings: Vec::new(),
            params: params.iter().map(|(a, b)| (a.to_string(), *b)).collect(),
        },
        seats: seats.iter().map(|s| s.to_string()).collect(),
        seed: Some(seed),
        plain: false,
        load: None,
        budget: 1.0,
        max_turns: 10_000,
    };
    let mut err = Vec::new();
    match session_for(&a, &mut err) {
        Ok(s) => App::new(s),
        Err(c) => panic!("exit {c}: {}", String::from_utf8_lossy(&err)),
    }
}

fn frame(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| app.draw(f)).unwrap();
    let buf = t.backend().buffer().clone();
    let mut out = String::new();
    for y in 0..h {
        let mut line = String::new();
        for x in 0..w {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn key(app: &mut App, c: KeyCode) {
    app.key(KeyEvent::new(c, KeyModifiers::NONE));
}

/// Computer seats act until a person is to act.
fn settle(app: &mut App) {
    while app.computer_due() {
        app.tick();
    }
}

/// Throws until the person has a move to choose.
fn until_move(app: &mut App) {
    for _ in 0..500 {
        settle(app);
        if app.session.state().stage() == Stage::Move {
            return;
        }
        key(app, KeyCode::Char('t'));
    }
    panic!("no move");
}

#[test]
fn opening_frame_at_80x24() {
    let a = app("sig-beart.seig", &[], &[], 1);
    insta::assert_snapshot!(frame(&a, 80, 24));
}

#[test]
fn a_move_is_previewed_and_explained() {
    let mut a = app("seig-tagent.seig", &[], &["shells=greedy"], 3);
    until_move(&mut a);
    key(&mut a, KeyCode::Down);
    insta::assert_snapshot!("tagent_move_chosen", frame(&a, 80, 24));
    // The chosen move is previewed: the hole it reaches is drawn in green.
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| a.draw(f)).unwrap();
    let buf = t.backend().buffer().clone();
    let green: Vec<(u16, u16)> = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .filter(|&(x, y)| buf[(x, y)].bg == ratatui::style::Color::Green)
        .collect();
    assert!(!green.is_empty(), "no previewed hole");
    key(&mut a, KeyCode::Char('w'));
    assert!(matches!(a.overlay, Overlay::Text(..)));
    insta::assert_snapshot!("tagent_why", frame(&a, 80, 24));
    key(&mut a, KeyCode::Char('x')); // closes the overlay
    assert_eq!(a.overlay, Overlay::None);
    let before = a.session.actions().len();
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.session.actions().len(), before + 1);
    key(&mut a, KeyCode::Char('u'));
    assert_eq!(a.session.actions().len(), before);
}

#[test]
fn the_long_board_fits_80_columns() {
    let mut a = app("sigue-caillie.seig", &[], &[], 11);
    until_move(&mut a);
    let f = frame(&a, 80, 24);
    assert!(f.lines().all(|l| l.chars().count() <= 80));
    insta::assert_snapshot!(f);
}

#[test]
fn help_overlay_and_too_small() {
    let mut a = app("sig-beart.seig", &[("holes", 4)], &[], 1);
    key(&mut a, KeyCode::Char('?'));
    assert_eq!(a.overlay, Overlay::Help);
    insta::assert_snapshot!("help", frame(&a, 80, 24));
    insta::assert_snapshot!("too_small", frame(&a, 40, 10));
    // Resizing draws again cleanly at any size.
    for (w, h) in [(60, 20), (120, 40), (200, 60)] {
        let f = frame(&a, w, h);
        assert_eq!(f.lines().count(), h as usize);
    }
}

#[test]
fn ctrl_c_and_q_quit() {
    let mut a = app("sig-beart.seig", &[], &[], 1);
    a.key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    assert!(a.quit);
    let mut b = app("sig-beart.seig", &[], &[], 1);
    key(&mut b, KeyCode::Char('q'));
    assert!(b.quit);
}

#[test]
fn save_and_load_through_the_prompt() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("play_tui-save");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.json");
    let mut a = app("sig-beart.seig", &[("holes", 4)], &[], 2);
    for _ in 0..3 {
        key(&mut a, KeyCode::Char('t'));
        settle(&mut a);
    }
    key(&mut a, KeyCode::Char('s'));
    for c in file.display().to_string().chars() {
        key(&mut a, KeyCode::Char(c));
    }
    key(&mut a, KeyCode::Enter);
    assert!(
        a.log.last().unwrap().starts_with("saved"),
        "{:?}",
        a.log.last()
    );
    let saved = a.session.state().clone();
    key(&mut a, KeyCode::Char('t'));
    settle(&mut a);
    key(&mut a, KeyCode::Char('l'));
    for c in file.display().to_string().chars() {
        key(&mut a, KeyCode::Char(c));
    }
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.session.state(), &saved);
}
