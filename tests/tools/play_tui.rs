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
use seig::cli::play::tui::{App, LogKind, Overlay, PromptKind};
use seig::cli::play::{PlayArgs, session_for};
use seig::engine::Stage;

fn app(file: &str, params: &[(&str, i64)], seats: &[&str], seed: u64) -> App {
    app_reading(file, None, params, seats, seed)
}

fn app_reading(
    file: &str,
    reading: Option<(&str, &str)>,
    params: &[(&str, i64)],
    seats: &[&str],
    seed: u64,
) -> App {
    let a = PlayArgs {
        file: format!("rules/{file}").into(),
        choices: Choices {
            readings: reading
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .into_iter()
                .collect(),
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
    match session_for(&a) {
        Ok(s) => App::new(s),
        Err(e) => panic!("exit {}: {}", e.code(), e.text()),
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
    let saved_len = a.session.actions().len();
    key(&mut a, KeyCode::Char('t'));
    settle(&mut a);
    // The save prompt suggests the file last saved to.
    key(&mut a, KeyCode::Char('s'));
    assert_eq!(
        a.overlay,
        Overlay::Prompt(PromptKind::Save, file.display().to_string())
    );
    key(&mut a, KeyCode::Esc);
    // Loading over unsaved actions asks first, counting the actions since the save.
    let since = a.session.actions().len() - saved_len;
    assert!(since > 0);
    key(&mut a, KeyCode::Char('l'));
    assert_eq!(a.overlay, Overlay::ConfirmLoad);
    let f = frame(&a, 60, 20);
    let words = if since == 1 {
        "1 action since the last save is not saved".to_string()
    } else {
        format!("{since} actions since the last save are not")
    };
    assert!(f.contains(&words), "{f}");
    key(&mut a, KeyCode::Char('l'));
    assert_eq!(a.overlay, Overlay::Prompt(PromptKind::Load, String::new()));
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

/// The throw panel names the thrower and shows only the seat's own throw of this turn; in
/// Sigue the sticks of the thrower's colour are the ones its value counts.
#[test]
fn the_throw_panel_names_its_thrower_and_leaves_the_opponents_throw_to_the_log() {
    let mut a = app("sigue-caillie.seig", &[], &[], 3);
    until_move(&mut a);
    let f = frame(&a, 80, 24);
    let (n, v) = match a.session.state().last() {
        Some((n, k, _)) => (n, k),
        None => panic!("no throw"),
    };
    // White counts white, face 0 of the file: k sticks.
    let panel = format!(
        "{}{} white threw {v}",
        "▮".repeat(v as usize),
        "▯".repeat((n - v) as usize)
    );
    assert!(f.contains(&panel), "{panel}\n{f}");
    assert!(
        f.contains(&format!("▮ white {v}, ▯ black {}", n - v)),
        "{f}"
    );
    assert!(f.contains("in hand: "), "{f}");
    // Play on until white is to throw again in a new turn after black's throws.
    for _ in 0..200 {
        let s = a.session.state();
        if s.stage() == Stage::Throw
            && s.turn_throws() == 0
            && a.session
                .last_thrower()
                .is_some_and(|(t, _)| t.index() == 1)
        {
            break;
        }
        if s.stage() == Stage::Move {
            key(&mut a, KeyCode::Enter);
        } else {
            key(&mut a, KeyCode::Char('t'));
        }
        settle(&mut a);
    }
    assert_eq!(a.session.last_thrower().map(|(t, _)| t.index()), Some(1));
    for (w, h) in [(60, 20), (80, 24), (120, 40)] {
        let f = frame(&a, w, h);
        assert!(f.contains("white to throw (t)"), "{w}x{h}\n{f}");
        let panel: String = f
            .lines()
            .skip_while(|l| !l.contains(" throw "))
            .take(3)
            .collect();
        assert!(!panel.contains("black threw"), "{w}x{h}\n{f}");
    }
}

/// A key that does nothing, and a move number with no move, are answered in the log.
#[test]
fn bad_keys_and_move_numbers_are_answered() {
    let mut a = app("sig-beart.seig", &[], &[], 1);
    let last = |a: &App| a.log.last().map(|l| l.text.clone()).unwrap_or_default();
    key(&mut a, KeyCode::Char('x'));
    assert_eq!(last(&a), "the key x does nothing; ? lists the keys");
    key(&mut a, KeyCode::Char('3'));
    assert_eq!(last(&a), "no move to choose: it is time to throw (t)");
    until_move(&mut a);
    let n = a.choices().len();
    assert!(n < 9, "{n}");
    key(&mut a, KeyCode::Char('9'));
    let want = if n == 1 {
        "no move 9: there is 1 move".to_string()
    } else {
        format!("no move 9: the moves are 1 to {n}")
    };
    assert_eq!(last(&a), want);
    assert!(frame(&a, 60, 20).contains(&want));
    key(&mut a, KeyCode::Char('1'));
    assert_eq!(a.selected, 0);
}

/// A list longer than its box says how many lines are above and below it.
#[test]
fn long_move_lists_show_how_many_more() {
    let mut a = app("sigue-caillie.seig", &[], &[], 3);
    until_move(&mut a);
    let n = a.choices().len();
    assert!(n > 10, "{n}");
    // At 80x24 the moves box shows 4 lines.
    let f = frame(&a, 80, 24);
    assert!(f.contains(&format!(" moves ({n}) ")), "{f}");
    assert!(f.contains(&format!("↓ {} more", n - 4)), "{f}");
    assert!(!f.contains("above"), "{f}");
    for _ in 0..6 {
        key(&mut a, KeyCode::Down);
    }
    let f = frame(&a, 80, 24);
    assert!(f.contains("↑ 3 above"), "{f}");
    assert!(f.contains(&format!("↓ {} more", n - 7)), "{f}");
    assert!(f.contains("▶ 7) "), "{f}");
}

/// The pieces that cannot move are listed with the engine's refusal: under the moves, in a
/// pane of their own on a wide screen, and in full (with the rule's sentences) on `c`.
#[test]
fn cannot_move_lists_the_engines_refusals() {
    let mut a = app(
        "sig-beart.seig",
        &[("holes", 4), ("counters", 4)],
        &["south=greedy", "north=greedy"],
        3,
    );
    let mut found = Vec::new();
    for _ in 0..5000 {
        found = seig::tools::view::refusals_now(&a.session.game, a.session.state());
        if !found.is_empty() || a.session.is_over() {
            break;
        }
        a.tick();
    }
    assert!(!found.is_empty(), "no position with a refused piece");
    let f = frame(&a, 80, 24);
    assert!(
        f.contains(&format!("cannot move ({}; c: the rules):", found.len())),
        "{f}"
    );
    let wide = frame(&a, 120, 40);
    assert!(
        wide.contains(&format!(" cannot move ({}; c: the rules) ", found.len())),
        "{wide}"
    );
    let r = &found[0];
    let line = format!("piece {}: {}", r.piece, r.message);
    assert!(wide.contains(&line[..line.len().min(40)]), "{line}\n{wide}");
    key(&mut a, KeyCode::Char('c'));
    match &a.overlay {
        Overlay::Text { title, body, .. } => {
            assert_eq!(title, "cannot move");
            assert!(body.contains(&r.message), "{body}");
            if let Some(c) = &r.rule {
                assert!(body.contains(&c.id), "{body}");
            }
        }
        o => panic!("{o:?}"),
    }
}

/// At the game's end the keys are a new game, save and replay (no throw); the replay jumps
/// to an action, to the next and previous capture, marks the move, and has its help.
#[test]
fn game_over_offers_new_game_save_and_replay_and_the_replay_jumps() {
    let mut a = app(
        "sig-beart.seig",
        &[("holes", 4), ("counters", 4)],
        &["south=greedy", "north=greedy"],
        3,
    );
    settle(&mut a);
    assert!(a.session.is_over());
    let f = frame(&a, 80, 24);
    let keys = f.lines().last().unwrap_or_default().to_string();
    assert!(
        keys.contains("n new game") && keys.contains("s save") && keys.contains("r replay"),
        "{keys}"
    );
    assert!(!keys.contains("t throw"), "{keys}");
    let small = frame(&a, 60, 20);
    assert!(
        small
            .lines()
            .last()
            .unwrap_or_default()
            .contains("n new game"),
        "{small}"
    );
    let total = a.session.actions().len();
    key(&mut a, KeyCode::Char('r'));
    let at = |a: &App| a.replay.as_ref().map(|r| r.at);
    assert_eq!(at(&a), Some(total));
    key(&mut a, KeyCode::Home);
    assert_eq!(at(&a), Some(0));
    // The first capture: the action before the position shown takes a piece.
    key(&mut a, KeyCode::Char('c'));
    let first = at(&a).unwrap();
    assert!(first > 0);
    let captures = |i: usize| {
        let mut s = a.session.history()[i].clone();
        let mut ev = Vec::new();
        a.session.actions()[i]
            .apply(&a.session.game, &mut s, &mut ev)
            .unwrap();
        ev.iter()
            .any(|e| matches!(e, seig::engine::Event::Captured { home: false, .. }))
    };
    assert!(captures(first - 1));
    assert!((0..first - 1).all(|i| !captures(i)));
    let f = frame(&a, 80, 24);
    assert!(
        f.contains(&format!("replay: action {first} of {total}")),
        "{f}"
    );
    assert!(
        f.contains("out of the game") || f.contains("removed by the throw"),
        "{f}"
    );
    // Back from the first capture: none earlier, said so.
    key(&mut a, KeyCode::Char('C'));
    assert_eq!(at(&a), Some(first));
    assert!(frame(&a, 80, 24).contains("no earlier capture"));
    // Go to action 12.
    for k in [
        KeyCode::Char('g'),
        KeyCode::Char('1'),
        KeyCode::Char('2'),
        KeyCode::Enter,
    ] {
        key(&mut a, k);
    }
    assert_eq!(at(&a), Some(12));
    key(&mut a, KeyCode::Char('?'));
    assert!(frame(&a, 80, 24).contains("next / previous capture"));
    key(&mut a, KeyCode::Char('x'));
    key(&mut a, KeyCode::Char('q'));
    assert!(a.replay.is_none());
    // A new game: the next seed, from the start.
    let seed = a.session.seed;
    key(&mut a, KeyCode::Char('n'));
    assert_eq!(a.session.seed, seed + 1);
    assert!(a.session.actions().is_empty());
}

/// The board's text and, per span, whether it is underlined (immune).
fn board_text(
    a: &App,
    s: &seig::engine::State,
    width: usize,
) -> Vec<(String, Vec<(String, bool)>)> {
    seig::cli::play::board::board_lines(&a.session.game, s, None, width)
        .into_iter()
        .map(|l| {
            let spans: Vec<(String, bool)> = l
                .spans
                .iter()
                .map(|sp| {
                    (
                        sp.content.to_string(),
                        sp.style
                            .add_modifier
                            .contains(ratatui::style::Modifier::UNDERLINED),
                    )
                })
                .collect();
            (spans.iter().map(|(x, _)| x.as_str()).collect(), spans)
        })
        .collect()
}

/// Piece numbers where the holes are wide, a stack's size, both teams on a hole, and the
/// immune mark (underlined at every width, `!` where there is room) with a legend that says
/// what the width shows.
#[test]
fn the_board_shows_numbers_stacks_and_immunity_at_every_width() {
    // Pieces of a team may gather on a hole under A-SIG-3 = stacked.
    let a = app_reading(
        "sig-beart.seig",
        Some(("A-SIG-3", "stacked")),
        &[("holes", 4), ("counters", 4)],
        &[],
        1,
    );
    let g = &a.session.game;
    let s = g
        .from_notation("race | south 1 throw | throws 0/0/0 turns 3 | pool - | south: +central_south.2 !+home_north.3 off off | north: +central_south.2 +home_north.1 +home_north.1 off")
        .unwrap_or_else(|e| panic!("{e:?}"));
    let row = |lines: &[(String, Vec<(String, bool)>)], name: &str| {
        lines
            .iter()
            .find(|(t, _)| t.starts_with(name))
            .cloned()
            .unwrap_or_else(|| panic!("no row {name}: {lines:?}"))
    };
    // Wide: numbers, `!`.
    let wide = board_text(&a, &s, 118);
    let (home_n, spans) = row(&wide, "home_north");
    // North's pieces 2 and 3 share a hole: one token with their count.
    assert!(home_n.contains("N×2") && home_n.contains("S2!"), "{home_n}");
    let one = g
        .from_notation("race | south 1 throw | throws 0/0/0 turns 3 | pool - | south: off off off off | north: off off +home_north.4 off")
        .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        row(&board_text(&a, &one, 118), "home_north")
            .0
            .contains("N3")
    );
    assert!(spans.iter().any(|(x, u)| x == "S2!" && *u), "{spans:?}");
    let (central, _) = row(&wide, "central_south");
    assert!(central.contains("SN"), "{central}");
    let legend: String = wide.iter().map(|(t, _)| t.clone()).collect();
    assert!(
        legend.contains("S7: piece 7") && legend.contains("S×3: 3 pieces"),
        "{legend}"
    );
    // Narrowest: one character a hole; the immune piece still underlined, both teams `*`.
    let narrow = board_text(&a, &s, 12);
    let all: Vec<(String, bool)> = narrow.iter().flat_map(|(_, s)| s.clone()).collect();
    assert!(all.iter().any(|(x, u)| x == "S" && *u), "{all:?}");
    let text: String = narrow.iter().map(|(t, _)| format!("{t}\n")).collect();
    assert!(
        text.contains('*') && text.contains("* both teams"),
        "{text}"
    );
    assert!(text.contains("underlined: immune"), "{text}");
}

/// At 60 columns Sigue's 24-hole rows are drawn whole: the row names give way, not the holes.
#[test]
fn sigues_last_hole_shows_at_60_columns() {
    let a = app("sigue-caillie.seig", &[], &[], 3);
    let f = frame(&a, 60, 20);
    let outer = f.lines().find(|l| l.contains("white_")).unwrap_or_default();
    // 24 holes, each a token and a separator, after the name: the last token inside the box.
    let holes = outer
        .chars()
        .filter(|c| *c == 'w' || *c == '·' || *c == 'W')
        .count();
    assert!(holes >= 24, "{outer}\n{f}");
}

/// At 60×20 every move whose throws are alike keeps its note whole ("(any of 12 alike)", or
/// short, "(×12 alike)"), its words shortened with "…" rather than the note cut.
#[test]
fn the_alike_note_is_never_cut_at_60x20() {
    let mut a = app("sig-beart.seig", &[], &[], 1);
    until_move(&mut a);
    let n = a.session.choices().iter().map(|c| c.same.len()).max();
    assert!(n > Some(1), "no moves alike at Sig's first move");
    for (w, h) in [(60, 20), (80, 24), (120, 40)] {
        let f = frame(&a, w, h);
        let notes = f.matches(" alike)").count();
        assert!(notes > 0, "no whole alike note at {w}x{h}:\n{f}");
        assert!(
            !f.contains("(any of 1\n") && !f.contains("(any of\n"),
            "{f}"
        );
        if w == 60 {
            insta::assert_snapshot!("alike_60x20", f);
        }
    }
}

/// The full-screen game draws each team in the colour its rule file names (`team NAME
/// shown as COLOUR`): the title, the board's team letters; the default colours nowhere.
#[test]
fn the_terminal_draws_the_teams_in_the_files_colours() {
    use ratatui::style::Color;
    let a = app("../tests/fixtures/shown.seig", &[], &[], 1);
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
    t.draw(|f| a.draw(f)).unwrap();
    let buf = t.backend().buffer().clone();
    let cells: Vec<(String, Color)> = (0..24u16)
        .flat_map(|y| (0..80u16).map(move |x| (x, y)))
        .map(|(x, y)| (buf[(x, y)].symbol().to_string(), buf[(x, y)].fg))
        .collect();
    let teal = Color::Rgb(0x00, 0x80, 0x80);
    let purple = Color::Rgb(0x8e, 0x44, 0xad);
    let letters = |c: Color| -> String {
        cells
            .iter()
            .filter(|(_, fg)| *fg == c)
            .map(|(s, _)| s.as_str())
            .collect()
    };
    // a's pieces (lower-case: not yet released) on the board, in teal; b's in purple.
    assert!(letters(teal).matches('a').count() >= 6, "{}", letters(teal));
    assert!(
        letters(purple).matches('b').count() >= 6,
        "{}",
        letters(purple)
    );
    for default in seig::lang::palette::DEFAULT_TEAMS {
        let [r, g, b] = default;
        assert!(letters(Color::Rgb(r, g, b)).is_empty());
    }
}
