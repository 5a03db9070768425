//! The full-screen mode (ratatui + crossterm): whose turn it is on the top line, the board
//! as a grid of holes ([`super::board`]), the last throw's sticks and the pool, the choices
//! (identical decisions listed once, the chosen one previewed on the board), a log of the
//! whole game that takes the spare rows and scrolls (captures, sends home and phase changes
//! marked), and pop-ups that scroll (help, `why`, the position, file names, quitting with
//! unsaved moves). Keyboard only. `--auto` (or the `a` key) plays the throws and the
//! single-choice decisions of people by itself. The terminal is restored on every way out
//! ([`super::term`]).
//!
//! The drawing is a pure function of the [`App`], so tests render frames on ratatui's
//! `TestBackend`.
#![expect(
    clippy::indexing_slicing,
    reason = "the IR's phases are indexed by a valid state's phase, per-team pairs by a `TeamId` (0 or 1), and a replay's states by positions its loop bounds"
)]

use super::board::{COLOURS, board_lines};
use super::plain::{render_pool, render_throw};
use super::{rule_text, seat_name, stage_words, term};
use crate::engine::{Decision, Event as GameEvent, Game, Stage, State};
use crate::tools::agents::AgentKind;
use crate::tools::play::{Choice, Session, Step};
use crate::tools::record::Action;
use crate::tools::words::{self, Taking};
use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, List, ListItem, ListState, Paragraph, Wrap};
use std::cell::Cell;
use std::io::Write;
use std::path::Path;

/// Smallest terminal the screen is drawn in.
pub const MIN_SIZE: (u16, u16) = (60, 20);

/// What covers the screen, if anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing.
    None,
    /// A text that scrolls: help, why, the position.
    Text {
        /// Title.
        title: String,
        /// The whole text.
        body: String,
        /// Lines scrolled past.
        scroll: usize,
    },
    /// Typing a file name to save to or load from.
    Prompt(PromptKind, String),
    /// Quitting with unsaved moves: asked once.
    ConfirmQuit,
}

/// What a file name is typed for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptKind {
    /// `save`.
    Save,
    /// `save`, then quit.
    SaveAndQuit,
    /// `load`.
    Load,
}

/// What a log line tells, for its mark and colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogKind {
    /// A note of the program (a refusal, a save).
    Note,
    /// What a seat did (its team).
    Step(usize),
    /// An event of no special kind.
    Event,
    /// A piece taken out of the game.
    Capture,
    /// A piece taken and sent back home.
    Send,
    /// The game enters another phase.
    Phase,
    /// The game is won.
    Win,
}

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LogLine {
    /// What it tells.
    pub kind: LogKind,
    /// The text.
    pub text: String,
}

/// The state of the full-screen game.
pub struct App {
    /// The game.
    pub session: Session,
    /// The chosen entry (index in the choices).
    pub selected: usize,
    /// The whole game's log, oldest first.
    pub log: Vec<LogLine>,
    /// Log lines (as wrapped on screen) scrolled back from the latest; 0 follows the game.
    pub log_back: usize,
    /// What covers the screen.
    pub overlay: Overlay,
    /// Plays people's throws and single-choice decisions by itself.
    pub auto: bool,
    /// Leave at the next turn of the loop.
    pub quit: bool,
    /// The log's height and its wrapped length at the last frame (for paging).
    log_view: Cell<(usize, usize)>,
}

const HELP_TEXT: &str = "\
t or space   throw the sticks
↑ ↓ (k j)    choose a move; it is shown on the board
Enter        play the chosen move
1-9          choose move 1 to 9
w            why: the rules behind the chosen move
a            auto: play throws and single-choice moves by
             themselves (again: stop); --auto starts with it on
PgUp PgDn    scroll the log; Home its start, End the latest
u            undo your last move (again: back to the start)
s / l        save the game / load a saved game
p            the position in notation
?            this help
q, Esc       quit (also Ctrl-C); asks once when moves are unsaved

In a pop-up: ↑ ↓ PgUp PgDn scroll, any other key closes it.

Board: a hole per column, · when empty; a piece is its team's letter (small: not yet released), with a count when 2-9 stand on one hole (+ for more) and ! when immune. Arrows between the holes show the way along a row that is walked one way (in the team's colour when one team walks it); beside each row, each team's ways along it in order (S→← : south walks it forward, later back). Pieces off the board are counted beside the row their team starts from. The hole the chosen move leaves is reversed, the one it reaches green.

Log: ✗ a piece taken out of the game, ↩ a piece sent home, ◆ a new phase, ★ the game won.";

impl App {
    /// A new screen for a session.
    pub fn new(session: Session) -> App {
        let mut app = App {
            session,
            selected: 0,
            log: Vec::new(),
            log_back: 0,
            overlay: Overlay::None,
            auto: false,
            quit: false,
            log_view: Cell::new((0, 0)),
        };
        app.say(format!(
            "{} — seed {}; press ? for the keys",
            app.session.game.ir().game,
            app.session.seed
        ));
        app
    }

    fn say(&mut self, line: impl Into<String>) {
        self.log.push(LogLine {
            kind: LogKind::Note,
            text: line.into(),
        });
    }

    fn log_step(&mut self, step: &Step) {
        let who = super::plain::step_text(&self.session, step);
        let head = who.lines().next().unwrap_or_default().to_string();
        self.log.push(LogLine {
            kind: LogKind::Step(step.team.index()),
            text: head,
        });
        let by_throw = matches!(step.action, Action::Throw { .. });
        for e in &step.events {
            let Some(text) = words::effect(self.session.game.ir(), e, by_throw) else {
                continue;
            };
            let kind = match (e, words::taking(e, by_throw)) {
                (_, Some(Taking::SendHome | Taking::Swap)) => LogKind::Send,
                (_, Some(_)) => LogKind::Capture,
                (GameEvent::Phase { .. }, _) => LogKind::Phase,
                (GameEvent::Won { .. }, _) => LogKind::Win,
                _ => LogKind::Event,
            };
            self.log.push(LogLine { kind, text });
        }
        self.selected = 0;
    }

    /// The choices now: the legal decisions, identical ones as one entry.
    pub fn choices(&self) -> Vec<Choice> {
        self.session.choices()
    }

    /// Is a computer seat about to act?
    pub fn computer_due(&self) -> bool {
        !self.session.is_over() && !self.session.capped() && self.session.to_play().is_computer()
    }

    /// Is `auto` about to act for a person (a throw, or a single choice)?
    pub fn auto_due(&self) -> bool {
        self.auto && self.overlay == Overlay::None && self.session.forced()
    }

    /// Lets a computer seat, or `auto` for a person, take one action; returns whether one
    /// was taken.
    pub fn tick(&mut self) -> bool {
        let r = if self.computer_due() {
            self.session.computer_step()
        } else if self.auto_due() {
            self.session.forced_step()
        } else {
            None
        };
        match r {
            Some(Ok(step)) => {
                self.log_step(&step);
                if self.session.capped() && !self.session.is_over() {
                    self.say("the computer stops: the turn cap is reached");
                }
                true
            }
            Some(Err(e)) => {
                self.say(format!(
                    "the engine stopped: {}",
                    crate::tools::words::refusal::line(self.session.game.ir(), &e)
                ));
                self.auto = false;
                false
            }
            None => false,
        }
    }

    fn human_to_act(&self) -> Option<String> {
        let s = self.session.state();
        if let Some(end) = super::end_words(&self.session.game, s) {
            return Some(end);
        }
        let kind = self.session.to_play();
        kind.is_computer().then(|| {
            format!(
                "it is {}'s turn ({kind})",
                seat_name(&self.session.game, s.team(), s.seat())
            )
        })
    }

    /// Quits, or asks first when moves are unsaved (a second request quits).
    fn ask_quit(&mut self) {
        if self.session.unsaved() && self.overlay != Overlay::ConfirmQuit {
            self.overlay = Overlay::ConfirmQuit;
        } else {
            self.quit = true;
        }
    }

    /// Handles one key.
    pub fn key(&mut self, k: KeyEvent) {
        if k.kind != KeyEventKind::Press {
            return;
        }
        if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
            self.ask_quit();
            return;
        }
        if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('z') {
            term::suspend();
            return;
        }
        match &mut self.overlay {
            Overlay::None => {}
            Overlay::Prompt(..) => return self.prompt_key(k),
            Overlay::ConfirmQuit => {
                match k.code {
                    KeyCode::Char('q') | KeyCode::Char('y') => self.quit = true,
                    KeyCode::Char('s') => {
                        self.overlay = Overlay::Prompt(PromptKind::SaveAndQuit, String::new());
                        return;
                    }
                    _ => {}
                }
                self.overlay = Overlay::None;
                return;
            }
            Overlay::Text { scroll, .. } => {
                match k.code {
                    KeyCode::Up | KeyCode::Char('k') => *scroll = scroll.saturating_sub(1),
                    KeyCode::Down | KeyCode::Char('j') => *scroll += 1,
                    KeyCode::PageUp => *scroll = scroll.saturating_sub(10),
                    KeyCode::PageDown => *scroll += 10,
                    KeyCode::Home => *scroll = 0,
                    // Any other key closes the pop-up.
                    _ => self.overlay = Overlay::None,
                }
                return;
            }
        }
        self.game_key(k);
    }

    fn prompt_key(&mut self, k: KeyEvent) {
        let Overlay::Prompt(kind, text) = &mut self.overlay else {
            return;
        };
        match k.code {
            KeyCode::Esc => self.overlay = Overlay::None,
            KeyCode::Backspace => {
                text.pop();
            }
            KeyCode::Char(c) => text.push(c),
            KeyCode::Enter => {
                let (kind, name) = (*kind, text.trim().to_string());
                self.overlay = Overlay::None;
                if name.is_empty() {
                    self.say("no file name given");
                } else {
                    self.file(kind, &name);
                }
            }
            _ => {}
        }
    }

    fn game_key(&mut self, k: KeyEvent) {
        let n = self.choices().len();
        let (page, total) = self.log_view.get();
        let page = page.saturating_sub(1).max(1);
        let top = total.saturating_sub(self.log_view.get().0);
        match k.code {
            KeyCode::Char('q') | KeyCode::Esc => self.ask_quit(),
            KeyCode::Char('?') | KeyCode::Char('h') => self.text_overlay("keys", HELP_TEXT),
            KeyCode::Char('t') | KeyCode::Char(' ') => self.throw(),
            KeyCode::Up | KeyCode::Char('k') => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') if self.selected + 1 < n => self.selected += 1,
            KeyCode::Char(c @ '1'..='9') => {
                let i = c as usize - '1' as usize;
                if i < n {
                    self.selected = i;
                }
            }
            KeyCode::Enter => self.play(),
            KeyCode::Char('w') => self.why(),
            KeyCode::Char('a') => {
                self.auto = !self.auto;
                self.say(if self.auto {
                    "auto on: throws and single-choice moves play themselves (a: off)"
                } else {
                    "auto off"
                });
            }
            KeyCode::PageUp => self.log_back = (self.log_back + page).min(top),
            KeyCode::PageDown => self.log_back = self.log_back.saturating_sub(page),
            KeyCode::Home => self.log_back = top,
            KeyCode::End => self.log_back = 0,
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('s') => self.overlay = Overlay::Prompt(PromptKind::Save, String::new()),
            KeyCode::Char('l') => self.overlay = Overlay::Prompt(PromptKind::Load, String::new()),
            KeyCode::Char('p') => {
                let text = self.session.game.to_notation(self.session.state());
                self.text_overlay("position", &text);
            }
            _ => {}
        }
    }

    fn text_overlay(&mut self, title: &str, body: &str) {
        self.overlay = Overlay::Text {
            title: title.to_string(),
            body: body.to_string(),
            scroll: 0,
        };
    }

    fn undo(&mut self) {
        let n = self.session.undo();
        self.selected = 0;
        self.say(match n {
            0 => "nothing to undo: this is the start of the game".to_string(),
            n if self.session.actions().is_empty() => {
                format!("undo: back to the start ({n} actions taken back)")
            }
            n => format!("undo: {n} actions taken back"),
        });
    }

    fn throw(&mut self) {
        if let Some(m) = self.human_to_act() {
            self.say(m);
            return;
        }
        if self.session.state().stage() == Stage::Move {
            self.say("a piece must be moved first: choose a move and press Enter");
            return;
        }
        match self.session.throw() {
            Ok(step) => self.log_step(&step),
            Err(e) => self.say(format!(
                "cannot throw: {}",
                crate::tools::words::refusal::what(&e)
            )),
        }
    }

    fn chosen(&self) -> Option<Decision> {
        self.choices().get(self.selected).map(|c| c.decision)
    }

    fn play(&mut self) {
        if let Some(m) = self.human_to_act() {
            self.say(m);
            return;
        }
        if self.session.state().stage() == Stage::Throw {
            self.say("it is time to throw: press t");
            return;
        }
        let Some(d) = self.chosen() else {
            return;
        };
        match self.session.play(d) {
            Ok(step) => self.log_step(&step),
            Err(e) => {
                let why = crate::tools::words::refusal::line(self.session.game.ir(), &e);
                self.say(format!("not allowed: {why}"));
            }
        }
    }

    fn why(&mut self) {
        let Some(d) = self.chosen() else {
            self.say("no move to explain now");
            return;
        };
        let g = &self.session.game;
        let s = self.session.state();
        let v = self.session.why(d);
        let mut text = format!(
            "move {}: {}\n",
            g.describe_decision(s, d),
            crate::tools::words::verdict::line(g.ir(), &v)
        );
        for r in crate::tools::words::verdict::rules(&v) {
            text.push('\n');
            text.push_str(&rule_text(g, r, ""));
        }
        let title = format!("why move {}", self.selected + 1);
        self.text_overlay(&title, &text);
    }

    fn file(&mut self, kind: PromptKind, name: &str) {
        let path = Path::new(name);
        match kind {
            PromptKind::Save | PromptKind::SaveAndQuit => match self.session.save(path) {
                Ok(()) => {
                    self.say(format!(
                        "saved {} actions to {name}",
                        self.session.actions().len()
                    ));
                    self.quit = kind == PromptKind::SaveAndQuit;
                }
                Err(e) => self.say(format!("not saved: {e}")),
            },
            PromptKind::Load => match self.session.load(path) {
                Ok(()) => {
                    self.selected = 0;
                    self.say(format!(
                        "loaded {name}: {} actions",
                        self.session.actions().len()
                    ))
                }
                Err(e) => self.say(format!("not loaded: {e}")),
            },
        }
    }

    /// Draws the whole screen.
    pub fn draw(&self, f: &mut Frame) {
        let area = f.area();
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            let msg = format!(
                "The terminal is too small: {}x{}. The game needs at least {}x{}; enlarge the window, or quit with q and use --plain.",
                area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
            );
            f.render_widget(Paragraph::new(msg).wrap(Wrap { trim: true }), area);
            return;
        }
        let g = &self.session.game;
        let s = self.session.state();
        let choices = self.choices();
        let chosen = choices.get(self.selected).map(|c| c.decision);
        let board = board_lines(g, s, chosen, area.width.saturating_sub(2) as usize);
        let mid_h: u16 = match area.height {
            ..24 => 5,
            24..30 => 6,
            _ => 8,
        };
        // The board gets what it needs, leaving the choices and three log rows.
        let board_h = (board.len() as u16 + 2).min(area.height.saturating_sub(2 + mid_h + 3));
        let [title, board_a, mid, log_a, keys] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(board_h),
            Constraint::Length(mid_h),
            Constraint::Min(3),
            Constraint::Length(1),
        ])
        .areas(area);
        f.render_widget(Paragraph::new(self.title_line()), title);
        f.render_widget(
            Paragraph::new(board).block(Block::new().borders(Borders::ALL).title(" board ")),
            board_a,
        );
        let left_w = (area.width * 2 / 5).min(36);
        let [left, right] =
            Layout::horizontal([Constraint::Length(left_w), Constraint::Min(20)]).areas(mid);
        f.render_widget(
            Paragraph::new(self.status_lines())
                .wrap(Wrap { trim: false })
                .block(Block::new().borders(Borders::ALL).title(" throw ")),
            left,
        );
        self.draw_choices(f, right, &choices);
        self.draw_log(f, log_a);
        f.render_widget(
            Paragraph::new(footer(area.width, self.auto))
                .style(Style::new().add_modifier(Modifier::DIM)),
            keys,
        );
        self.draw_overlay(f);
    }

    /// The top line: whose turn it is (first, so that it shows at any width), then the
    /// game, the phase and the turn.
    fn title_line(&self) -> Line<'static> {
        let g = &self.session.game;
        let s = self.session.state();
        let (who, colour) = match s.stage() {
            Stage::Over(w) => (
                format!("game over: {} won", g.ir().team_of(w).name),
                COLOURS[w.index()],
            ),
            _ => {
                let kind = self.session.to_play();
                let player = if kind == AgentKind::Human {
                    "you".to_string()
                } else {
                    kind.to_string()
                };
                (
                    format!(
                        "{} ({player}) {}",
                        seat_name(g, s.team(), s.seat()),
                        stage_words(s)
                    ),
                    COLOURS[s.team().index()],
                )
            }
        };
        let mut spans = vec![Span::styled(
            who,
            Style::new().fg(colour).add_modifier(Modifier::BOLD),
        )];
        if self.auto {
            spans.push(Span::styled(" [auto]", Style::new().fg(Color::Green)));
        }
        spans.push(Span::raw(format!(
            " · {} · phase {} · turn {}",
            g.ir().game,
            g.ir().phases[s.phase() as usize],
            s.turns() + 1
        )));
        Line::from(spans)
    }

    fn draw_choices(&self, f: &mut Frame, area: Rect, choices: &[Choice]) {
        let g = &self.session.game;
        let s = self.session.state();
        let items: Vec<ListItem> = choices
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let mut line = vec![Span::raw(format!(
                    "{:>2}) {}",
                    i + 1,
                    g.describe_decision(s, c.decision)
                ))];
                if c.same.len() > 1 {
                    line.push(Span::styled(
                        format!(" (any of {} alike)", c.same.len()),
                        Style::new().add_modifier(Modifier::DIM),
                    ));
                }
                ListItem::new(Line::from(line))
            })
            .collect();
        let title = match (choices.len(), s.stage()) {
            (0, Stage::Throw) if !self.session.to_play().is_computer() => {
                " moves: none yet (t throws) ".to_string()
            }
            (0, _) => " moves: none now ".to_string(),
            (n, _) => format!(" moves ({n}) "),
        };
        let mut st = ListState::default();
        if !choices.is_empty() {
            st.select(Some(self.selected.min(choices.len() - 1)));
        }
        f.render_stateful_widget(
            List::new(items)
                .block(Block::new().borders(Borders::ALL).title(title))
                .highlight_style(Style::new().add_modifier(Modifier::REVERSED))
                .highlight_symbol("▶"),
            area,
            &mut st,
        );
    }

    /// The log: the latest lines (or, scrolled back, earlier ones), wrapped to the pane.
    fn draw_log(&self, f: &mut Frame, area: Rect) {
        let inner_w = area.width.saturating_sub(2) as usize;
        let inner_h = area.height.saturating_sub(2) as usize;
        let mut lines: Vec<Line> = Vec::new();
        for l in &self.log {
            let (mark, style) = log_style(l.kind);
            let indent = if matches!(l.kind, LogKind::Step(_) | LogKind::Note) {
                ""
            } else {
                "  "
            };
            let text = format!("{indent}{mark}{}", l.text.trim_start());
            for w in wrap(&text, inner_w.max(1)) {
                lines.push(Line::styled(w, style));
            }
        }
        let total = lines.len();
        self.log_view.set((inner_h, total));
        let back = self.log_back.min(total.saturating_sub(inner_h));
        let end = total - back;
        let start = end.saturating_sub(inner_h);
        let title = if back == 0 {
            format!(
                " log ({total} line{}; PgUp scrolls back) ",
                if total == 1 { "" } else { "s" }
            )
        } else {
            format!(
                " log: lines {}-{end} of {total} (PgDn, End: latest) ",
                start + 1
            )
        };
        let shown: Vec<Line> = lines.drain(start..end).collect();
        f.render_widget(
            Paragraph::new(shown).block(Block::new().borders(Borders::ALL).title(title)),
            area,
        );
    }

    fn draw_overlay(&self, f: &mut Frame) {
        match &self.overlay {
            Overlay::None => {}
            Overlay::Text {
                title,
                body,
                scroll,
            } => popup(f, title, body, *scroll, true),
            Overlay::Prompt(kind, text) => {
                let what = match kind {
                    PromptKind::Save | PromptKind::SaveAndQuit => "save the game to",
                    PromptKind::Load => "load a saved game from",
                };
                popup(
                    f,
                    "file",
                    &format!("{what} (Enter to confirm, Esc to cancel):\n\n> {text}▏"),
                    0,
                    false,
                );
            }
            Overlay::ConfirmQuit => popup(
                f,
                "quit?",
                &format!(
                    "{} not saved.\n\ns  save first, then quit\nq  quit without saving\nany other key: back to the game",
                    match self.session.actions().len() {
                        1 => "1 action of this game is".to_string(),
                        n => format!("{n} actions of this game are"),
                    }
                ),
                0,
                false,
            ),
        }
    }

    fn status_lines(&self) -> Vec<Line<'static>> {
        let g = &self.session.game;
        let s = self.session.state();
        let mut out = Vec::new();
        if let Some((n, k, v)) = s.last() {
            let sticks: String = (0..n).map(|i| if i < k { '▮' } else { '▯' }).collect();
            let classes = g.ir().classes_of(k, n);
            let mut l = vec![
                Span::styled(sticks, Style::new().add_modifier(Modifier::BOLD)),
                Span::raw(format!(" = {v}")),
            ];
            if !classes.is_empty() {
                l.push(Span::styled(
                    format!(" {}", classes.join(", ")),
                    Style::new().fg(Color::Green),
                ));
            }
            out.push(Line::from(l));
            let faces = &g.ir().sticks.faces;
            out.push(Line::raw(format!(
                "▮ {} {k}, ▯ {} {}",
                faces.first().map_or("", |x| x.as_str()),
                faces.get(1).map_or("", |x| x.as_str()),
                n - k
            )));
        } else {
            out.push(Line::raw("no throw yet"));
        }
        if let Some(p) = render_pool(g, s) {
            out.push(Line::raw(p));
        }
        out
    }
}

/// The keys line, as long as the width allows.
fn footer(width: u16, auto: bool) -> String {
    let a = if auto { "a auto:on" } else { "a auto" };
    if width >= 110 {
        format!(
            "t throw  ↑↓ choose  Enter play  w why  {a}  PgUp/PgDn log  u undo  s/l save/load  p position  ? help  q quit"
        )
    } else if width >= 80 {
        format!("t throw ↑↓ choose Enter play w why {a} PgUp/Dn log u undo ? help q quit")
    } else {
        format!("t throw ↑↓ Enter w why {a} PgUp/Dn log ? keys q quit")
    }
}

/// A log line's mark and style.
fn log_style(kind: LogKind) -> (&'static str, Style) {
    match kind {
        LogKind::Note => ("", Style::new().add_modifier(Modifier::ITALIC)),
        LogKind::Step(t) => ("", Style::new().fg(COLOURS[t.min(1)])),
        LogKind::Event => ("", Style::new()),
        LogKind::Capture => (
            "✗ ",
            Style::new().fg(Color::Red).add_modifier(Modifier::BOLD),
        ),
        LogKind::Send => (
            "↩ ",
            Style::new().fg(Color::Magenta).add_modifier(Modifier::BOLD),
        ),
        LogKind::Phase => (
            "◆ ",
            Style::new().fg(Color::Blue).add_modifier(Modifier::BOLD),
        ),
        LogKind::Win => (
            "★ ",
            Style::new().fg(Color::Green).add_modifier(Modifier::BOLD),
        ),
    }
}

/// Wraps a text to `width` columns: at spaces where it can, inside a word longer than a
/// line where it must; each line of the text starts a new line.
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut out = Vec::new();
    for line in text.split('\n') {
        let mut cur = String::new();
        let mut cur_w = 0usize;
        for (i, word) in line.split(' ').enumerate() {
            let w = word.chars().count();
            if i > 0 {
                if cur_w + 1 + w <= width {
                    cur.push(' ');
                    cur_w += 1;
                } else if cur_w > 0 {
                    out.push(std::mem::take(&mut cur));
                    cur_w = 0;
                }
            }
            let mut rest: Vec<char> = word.chars().collect();
            while cur_w + rest.len() > width {
                let room = width - cur_w;
                cur.extend(rest.drain(..room.min(rest.len())));
                out.push(std::mem::take(&mut cur));
                cur_w = 0;
            }
            cur_w += rest.len();
            cur.extend(rest);
        }
        out.push(cur);
    }
    out
}

/// A pop-up over the middle of the screen, as high as its text needs (at most the screen):
/// the text wrapped and scrolled by `scroll` lines, the title saying how to scroll when it
/// does not all fit (and, when `closes`, that any key closes it).
fn popup(f: &mut Frame, title: &str, body: &str, scroll: usize, closes: bool) {
    let area = f.area();
    let w = (area.width * 9 / 10).max(40).min(area.width);
    let lines = wrap(body, w.saturating_sub(2) as usize);
    let h = (lines.len() as u16 + 2).max(5).min(area.height);
    let inner_h = h.saturating_sub(2) as usize;
    let scroll = scroll.min(lines.len().saturating_sub(inner_h));
    let end = (scroll + inner_h).min(lines.len());
    let title = if lines.len() > inner_h {
        format!(
            " {title}: lines {}-{end} of {}, ↑↓ PgUp PgDn scroll ",
            scroll + 1,
            lines.len()
        )
    } else if closes {
        format!(" {title} (any key closes) ")
    } else {
        format!(" {title} ")
    };
    let r = Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    };
    let shown: Vec<Line> = lines
        .get(scroll..end)
        .unwrap_or_default()
        .iter()
        .map(|l| Line::raw(l.clone()))
        .collect();
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(shown).block(Block::new().borders(Borders::ALL).title(title)),
        r,
    );
}

/// Runs the full-screen game; returns the exit code: 0, 1 when the terminal cannot be entered or a position has more decisions than the engine lists, 74 when the terminal fails, or
/// `128 + N` when signal N ends it. The terminal is restored on every way out.
pub fn run(session: Session, auto: bool) -> i32 {
    let mut terminal = match term::enter() {
        Ok(t) => t,
        Err(e) => {
            term::leave();
            let _ = writeln!(
                crate::cli::out::Escaping(std::io::stderr().lock()),
                "error: cannot start the full-screen mode: {e} (use --plain)"
            );
            return 1;
        }
    };
    let mut app = App::new(session);
    app.auto = auto;
    let result = game_loop(&mut terminal, &mut app);
    term::leave();
    exit_code(result)
}

/// The engine refused to list a position's decisions (more than its limit): the game
/// stops with the engine's message, as the line mode does.
#[derive(Debug)]
struct DecisionLimit(String);

impl std::fmt::Display for DecisionLimit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DecisionLimit {}

/// 0; `128 + N` after signal N; 1 for the engine's decision limit; [`EXIT_IO`] when the
/// terminal cannot be written or read, as every command's failed writes.
fn exit_code(result: std::io::Result<Option<i32>>) -> i32 {
    match result {
        Ok(None) => 0,
        Ok(Some(sig)) => {
            term::say_signal(sig);
            128 + sig
        }
        Err(e) => {
            if let Some(limit) = e.get_ref().and_then(|x| x.downcast_ref::<DecisionLimit>()) {
                let _ = writeln!(
                    crate::cli::out::Escaping(std::io::stderr().lock()),
                    "error: {limit}"
                );
                return 1;
            }
            let _ = writeln!(
                crate::cli::out::Escaping(std::io::stderr().lock()),
                "error: the terminal failed: {e}"
            );
            crate::cli::out::EXIT_IO
        }
    }
}

/// Draws, reads keys and lets the computer (and `auto`) act until the player quits
/// (`None`) or a signal comes (`Some(signal)`).
fn game_loop(
    terminal: &mut ratatui::DefaultTerminal,
    app: &mut App,
) -> std::io::Result<Option<i32>> {
    let mut first = true;
    loop {
        if let Some(sig) = term::pending() {
            return Ok(Some(sig));
        }
        if let Err(r) = app.session.legal_checked() {
            return Err(std::io::Error::other(DecisionLimit(
                crate::tools::words::refusal::what(&r),
            )));
        }
        if term::take_redraw() {
            terminal.clear()?;
        }
        terminal.draw(|f| app.draw(f))?;
        if first && term::test_panic_requested() {
            #[expect(
                clippy::panic,
                reason = "asked for by SEIG_TEST_PANIC, for the terminal tests"
            )]
            {
                panic!("SEIG_TEST_PANIC: a panic for the terminal tests");
            }
        }
        first = false;
        if app.quit {
            return Ok(None);
        }
        // People's forced actions go at once; the computer's slowly enough to be followed.
        let wait = match (app.auto_due(), app.computer_due()) {
            (true, _) => 0,
            (_, true) if app.auto => 20,
            (_, true) => 150,
            _ => 100,
        };
        if event::poll(std::time::Duration::from_millis(wait))? {
            if let Event::Key(k) = event::read()? {
                app.key(k);
            }
        } else if app.computer_due() || app.auto_due() {
            app.tick();
        }
    }
}

/// Steps through a record full-screen: → or Space next, ← back, Home, End, q quit.
pub fn replay(g: &Game, actions: &[Action], states: &[State]) -> i32 {
    let mut terminal = match term::enter() {
        Ok(t) => t,
        Err(e) => {
            term::leave();
            let _ = writeln!(
                crate::cli::out::Escaping(std::io::stderr().lock()),
                "error: cannot start the full-screen mode: {e} (use --plain)"
            );
            return 1;
        }
    };
    let mut at = 0usize;
    let result = (|| -> std::io::Result<Option<i32>> {
        loop {
            if let Some(sig) = term::pending() {
                return Ok(Some(sig));
            }
            if term::take_redraw() {
                terminal.clear()?;
            }
            terminal.draw(|f| draw_replay(f, g, actions, states, at))?;
            if !event::poll(std::time::Duration::from_millis(100))? {
                continue;
            }
            if let Event::Key(k) = event::read()?
                && k.kind == KeyEventKind::Press
            {
                match k.code {
                    KeyCode::Char('q') | KeyCode::Esc => return Ok(None),
                    KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => {
                        return Ok(None);
                    }
                    KeyCode::Char('z') if k.modifiers.contains(KeyModifiers::CONTROL) => {
                        term::suspend();
                    }
                    KeyCode::Right | KeyCode::Char(' ') | KeyCode::Char('n') => {
                        at = (at + 1).min(actions.len())
                    }
                    KeyCode::Left | KeyCode::Char('b') => at = at.saturating_sub(1),
                    KeyCode::Home => at = 0,
                    KeyCode::End => at = actions.len(),
                    _ => {}
                }
            }
        }
    })();
    term::leave();
    exit_code(result)
}

/// Draws one position of a replay.
pub fn draw_replay(f: &mut Frame, g: &Game, actions: &[Action], states: &[State], at: usize) {
    let area = f.area();
    if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
        f.render_widget(
            Paragraph::new(format!(
                "The terminal is too small: {}x{}; the replay needs {}x{}.",
                area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
            ))
            .wrap(Wrap { trim: true }),
            area,
        );
        return;
    }
    let s = &states[at];
    let board = board_lines(g, s, None, area.width.saturating_sub(2) as usize);
    let board_h = (board.len() as u16 + 2).min(area.height.saturating_sub(6));
    let [title, board_a, rest, keys] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Length(board_h),
        Constraint::Min(3),
        Constraint::Length(1),
    ])
    .areas(area);
    f.render_widget(
        Paragraph::new(format!(
            "{} · replay {at}/{} · phase {} · turn {}",
            g.ir().game,
            actions.len(),
            g.ir().phases[s.phase() as usize],
            s.turns() + 1
        )),
        title,
    );
    f.render_widget(
        Paragraph::new(board).block(Block::new().borders(Borders::ALL).title(" board ")),
        board_a,
    );
    let mut lines = Vec::new();
    if at > 0 {
        let before = &states[at - 1];
        lines.push(format!(
            "{}: {}",
            seat_name(g, before.team(), before.seat()),
            actions[at - 1].describe(g, before)
        ));
        let mut ev = Vec::new();
        let mut c = before.clone();
        let _ = actions[at - 1].apply(g, &mut c, &mut ev);
        let by_throw = matches!(actions[at - 1], Action::Throw { .. });
        lines.extend(
            ev.iter()
                .filter_map(|e| words::effect(g.ir(), e, by_throw))
                .map(|t| format!("  {t}")),
        );
    }
    if let Some(t) = render_throw(g, s) {
        lines.push(t);
    }
    if let Some(p) = render_pool(g, s) {
        lines.push(p);
    }
    lines.push(match super::end_words(g, s) {
        Some(end) => end,
        None => format!("{} {}", seat_name(g, s.team(), s.seat()), stage_words(s)),
    });
    f.render_widget(
        Paragraph::new(lines.join("\n"))
            .wrap(Wrap { trim: false })
            .block(Block::new().borders(Borders::ALL)),
        rest,
    );
    f.render_widget(
        Paragraph::new("→ next  ← back  Home start  End end  q quit")
            .style(Style::new().add_modifier(Modifier::DIM)),
        keys,
    );
}
