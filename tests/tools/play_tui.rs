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
use seig::cli::play::tui::{App, LogKind, Overlay};
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
        auto: false,
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
    assert!(matches!(a.overlay, Overlay::Text { .. }));
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
    let mut a = app("sig-beart.seig", &[("holes", 4), ("counters", 4)], &[], 1);
    key(&mut a, KeyCode::Char('?'));
    assert!(matches!(&a.overlay, Overlay::Text { title, .. } if title == "keys"));
    insta::assert_snapshot!("help", frame(&a, 80, 24));
    insta::assert_snapshot!("too_small", frame(&a, 40, 10));
    // Resizing draws again cleanly at any size.
    for (w, h) in [(60, 20), (120, 40), (200, 60)] {
        let f = frame(&a, w, h);
        assert_eq!(f.lines().count(), h as usize);
    }
}

#[test]
fn ctrl_c_and_q_quit_and_ask_once_when_moves_are_unsaved() {
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    // Nothing played: both quit at once.
    let mut a = app("sig-beart.seig", &[], &[], 1);
    a.key(ctrl_c);
    assert!(a.quit);
    let mut b = app("sig-beart.seig", &[], &[], 1);
    key(&mut b, KeyCode::Char('q'));
    assert!(b.quit);
    // A throw made: the first q asks, any other key goes back, q twice quits.
    let mut c = app("sig-beart.seig", &[], &[], 1);
    key(&mut c, KeyCode::Char('t'));
    key(&mut c, KeyCode::Char('q'));
    assert!(!c.quit);
    assert_eq!(c.overlay, Overlay::ConfirmQuit);
    insta::assert_snapshot!("confirm_quit", frame(&c, 60, 20));
    key(&mut c, KeyCode::Char('x'));
    assert_eq!(c.overlay, Overlay::None);
    assert!(!c.quit);
    c.key(ctrl_c);
    assert_eq!(c.overlay, Overlay::ConfirmQuit);
    c.key(ctrl_c);
    assert!(c.quit);
}

#[test]
fn save_and_load_through_the_prompt() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("play_tui-save");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.json");
    let mut a = app("sig-beart.seig", &[("holes", 4), ("counters", 4)], &[], 2);
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
        a.log.last().unwrap().text.starts_with("saved"),
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

/// The frame's first line (whose turn it is).
fn top(app: &App, w: u16, h: u16) -> String {
    frame(app, w, h)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn frames_at_the_minimum_the_usual_and_a_large_size() {
    let mut a = app("sig-beart.seig", &[], &[], 6);
    for _ in 0..6 {
        key(&mut a, KeyCode::Char('t'));
        settle(&mut a);
    }
    for (w, h) in [(60, 20), (80, 24), (120, 40)] {
        let f = frame(&a, w, h);
        // Whose turn it is leads the top line at every size.
        assert!(f.starts_with("south (you) to "), "{w}x{h}:\n{f}");
        assert!(f.lines().all(|l| l.chars().count() <= w as usize));
        insta::assert_snapshot!(format!("sig_{w}x{h}"), f);
    }
    // The log takes the spare rows: more of it shows on a larger screen.
    let rows = |f: &str| f.lines().skip_while(|l| !l.contains(" log")).count();
    assert!(rows(&frame(&a, 120, 40)) > rows(&frame(&a, 80, 24)) + 10);
}

#[test]
fn a_game_between_computers_is_logged_whole_with_its_captures_marked() {
    let mut a = app(
        "sig-beart.seig",
        &[("holes", 4), ("counters", 4)],
        &["south=greedy", "north=greedy"],
        3,
    );
    settle(&mut a);
    assert!(a.session.is_over(), "the game did not end");
    let steps = a
        .log
        .iter()
        .filter(|l| matches!(l.kind, LogKind::Step(_)))
        .count();
    // Every action has its line: nothing is dropped however long the game.
    assert_eq!(steps, a.session.actions().len());
    assert!(a.log.len() > 500, "{}", a.log.len());
    let marked = |k: LogKind| a.log.iter().filter(|l| l.kind == k).count();
    assert!(marked(LogKind::Capture) + marked(LogKind::Send) > 0);
    assert_eq!(marked(LogKind::Win), 1);
    // Scrolled back a page, the log says which lines it shows; End goes back to the latest.
    let _ = frame(&a, 80, 24);
    key(&mut a, KeyCode::PageUp);
    let f = frame(&a, 80, 24);
    assert!(f.contains(" log: lines "), "{f}");
    key(&mut a, KeyCode::Home);
    let f = frame(&a, 80, 24);
    assert!(f.contains(" log: lines 1-"), "{f}");
    insta::assert_snapshot!("log_at_its_start", f);
    key(&mut a, KeyCode::End);
    assert!(!frame(&a, 80, 24).contains(" log: lines "));
    assert_eq!(a.log_back, 0);
}

#[test]
fn equal_pieces_make_one_choice() {
    // At the start of Sig every piece waits: a throw that starts a piece offers twelve
    // decisions that all lead to the same position, one entry.
    let mut a = app("sig-beart.seig", &[], &[], 1);
    until_move(&mut a);
    let legal = a.session.legal();
    let choices = a.choices();
    assert_eq!(legal.len(), 12);
    assert_eq!(choices.len(), 1);
    assert_eq!(choices[0].decision, legal[0]);
    assert_eq!(choices[0].same, legal);
    let f = frame(&a, 80, 24);
    assert!(f.contains("moves (1)"), "{f}");
    assert!(f.contains("(any of 12 alike)"), "{f}");
}

#[test]
fn different_pieces_stay_different_choices() {
    // Tagent: pieces on different holes lead to different positions.
    let mut a = app("seig-tagent.seig", &[], &["shells=greedy"], 3);
    until_move(&mut a);
    let legal = a.session.legal();
    let choices = a.choices();
    let grouped: usize = choices.iter().map(|c| c.same.len()).sum();
    assert_eq!(grouped, legal.len());
    for c in &choices {
        assert_eq!(c.decision, c.same[0]);
    }
    // Each legal decision is in exactly one entry, in the engine's order of first members.
    let firsts: Vec<usize> = choices
        .iter()
        .map(|c| legal.iter().position(|d| *d == c.decision).unwrap())
        .collect();
    assert!(firsts.windows(2).all(|w| w[0] < w[1]), "{firsts:?}");
}

#[test]
fn auto_plays_throws_and_single_choices() {
    let mut a = app("sig-beart.seig", &[], &["north=random"], 4);
    key(&mut a, KeyCode::Char('a'));
    assert!(a.auto);
    assert!(top(&a, 80, 24).contains("[auto]"));
    for _ in 0..100_000 {
        if !(a.computer_due() || a.auto_due()) {
            break;
        }
        a.tick();
    }
    let s = &a.session;
    assert!(s.is_over() || s.choices().len() >= 2);
    assert!(s.actions().len() > 20, "{}", s.actions().len());
    key(&mut a, KeyCode::Char('a'));
    assert!(!a.auto);
}

#[test]
fn pop_ups_scroll_and_the_position_shows_whole() {
    let mut a = app("sigue-caillie.seig", &[], &[], 11);
    until_move(&mut a);
    key(&mut a, KeyCode::Char('p'));
    let notation = a.session.game.to_notation(a.session.state());
    let f = frame(&a, 60, 20);
    // Every word of the notation is on the screen (wrapped inside the pop-up).
    let screen: String = f.split_whitespace().collect::<Vec<_>>().join(" ");
    for word in notation.split_whitespace() {
        assert!(screen.contains(word), "{word} missing:\n{f}");
    }
    insta::assert_snapshot!("position_60x20", f);
    key(&mut a, KeyCode::Esc);
    // The help does not fit 60x20: it says so and scrolls to its last line.
    key(&mut a, KeyCode::Char('?'));
    let f = frame(&a, 60, 20);
    assert!(f.contains(" keys: lines 1-"), "{f}");
    for _ in 0..60 {
        key(&mut a, KeyCode::Down);
    }
    let f = frame(&a, 60, 20);
    assert!(f.contains("◆ a new phase, ★ the game won."), "{f}");
    insta::assert_snapshot!("help_scrolled_60x20", f);
}

#[test]
fn wrap_keeps_every_character() {
    use seig::cli::play::tui::wrap;
    assert_eq!(wrap("ab cd ef", 5), ["ab cd", "ef"]);
    assert_eq!(wrap("abcdefgh", 3), ["abc", "def", "gh"]);
    assert_eq!(wrap("  x\ny", 10), ["  x", "y"]);
}
