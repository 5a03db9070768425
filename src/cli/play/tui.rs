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

use super::board::{board_lines, colours};
use super::replay::Replay;
use super::{rule_text, seat_name, stage_words, term};
use crate::cli::error::{CliError, Status};
use crate::engine::{Decision, Event as GameEvent, Stage};
use crate::tools::agents::AgentKind;
use crate::tools::play::{Choice, Session, Step};
use crate::tools::record::Action;
use crate::tools::view::{RefusalView, hand_words, refusals_now, throw_seen};
use crate::tools::words::{self, Taking};
use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use std::cell::Cell;
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
    /// Loading a saved game over unsaved moves: asked first.
    ConfirmLoad,
    /// Starting a new game over unsaved moves: asked first.
    ConfirmNew,
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
    /// The replay of this game, when it is being watched (`r`).
    pub replay: Option<Replay>,
}

const HELP_TEXT: &str = "\
t or space   throw the sticks
↑ ↓ (k j)    choose a move; it is shown on the board
Enter        play the chosen move
1-9          choose move 1 to 9
w            why: the rules behind the chosen move
c            cannot move: the pieces the rules hold back, and why
a            auto: play throws and single-choice moves by
             themselves (again: stop); --auto starts with it on
PgUp PgDn    scroll the log; Home its start, End the latest
u            undo your last move (again: back to the start)
s / l        save the game / load a saved game (asks first when
             moves are unsaved); the last file name is suggested
n            a new game (the next seed; asks first when moves are unsaved)
r            replay this game (? there lists its keys)
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
            replay: None,
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
        if let Some(r) = &mut self.replay {
            if r.key(k) {
                self.replay = None;
            }
            return;
        }
        match &mut self.overlay {
            Overlay::None => {}
            Overlay::Prompt(..) => return self.prompt_key(k),
            Overlay::ConfirmLoad | Overlay::ConfirmNew => return self.confirm_key(k),
            Overlay::ConfirmQuit => {
                match k.code {
                    KeyCode::Char('q') | KeyCode::Char('y') => self.quit = true,
                    KeyCode::Char('s') => {
                        self.overlay = self.file_prompt(PromptKind::SaveAndQuit);
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

    /// The answer to "load (or start a new game) over unsaved moves?".
    fn confirm_key(&mut self, k: KeyEvent) {
        let load = self.overlay == Overlay::ConfirmLoad;
        self.overlay = Overlay::None;
        match k.code {
            KeyCode::Char('s') => self.overlay = self.file_prompt(PromptKind::Save),
            KeyCode::Char('l') if load => {
                self.overlay = Overlay::Prompt(PromptKind::Load, String::new())
            }
            KeyCode::Char('n') if !load => self.new_game(),
            _ => self.say(if load {
                "not loaded: the game goes on"
            } else {
                "no new game: this one goes on"
            }),
        }
    }

    /// A file-name prompt, filled with the file last saved to or loaded from.
    fn file_prompt(&self, kind: PromptKind) -> Overlay {
        let last = self
            .session
            .last_file()
            .map(|p| p.display().to_string())
            .unwrap_or_default();
        Overlay::Prompt(kind, last)
    }

    /// A new game of the same variant and seats, with the next seed.
    fn new_game(&mut self) {
        let seed = self.session.seed.wrapping_add(1);
        self.session.restart(seed);
        self.selected = 0;
        self.log_back = 0;
        self.say(format!(
            "new game: {} — seed {seed}",
            self.session.game.ir().game
        ));
    }

    /// The replay of this game so far, from its start.
    fn start_replay(&mut self) {
        let mut states = self.session.history().to_vec();
        states.push(self.session.state().clone());
        let mut r = Replay::new(&self.session.game, self.session.actions().to_vec(), states);
        r.at = self.session.actions().len();
        self.replay = Some(r);
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
        let over = self.session.is_over();
        match k.code {
            KeyCode::Char('q') | KeyCode::Esc => self.ask_quit(),
            KeyCode::Char('?') | KeyCode::Char('h') => self.text_overlay("keys", HELP_TEXT),
            KeyCode::Char('t') | KeyCode::Char(' ') => self.throw(),
            KeyCode::Up | KeyCode::Char('k') => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') if self.selected + 1 < n => self.selected += 1,
            KeyCode::Down | KeyCode::Char('j') if n > 0 => {
                self.say(format!("move {n} is the last"))
            }
            KeyCode::Char(c @ '1'..='9') => self.choose_number(c as usize - '0' as usize, n),
            KeyCode::Enter => self.play(),
            KeyCode::Char('w') => self.why(),
            KeyCode::Char('c') => self.cannot_move(),
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
            KeyCode::Char('s') => self.overlay = self.file_prompt(PromptKind::Save),
            KeyCode::Char('l') if self.session.unsaved() => self.overlay = Overlay::ConfirmLoad,
            KeyCode::Char('l') => self.overlay = Overlay::Prompt(PromptKind::Load, String::new()),
            KeyCode::Char('n') if self.session.unsaved() && !over => {
                self.overlay = Overlay::ConfirmNew
            }
            KeyCode::Char('n') => self.new_game(),
            KeyCode::Char('r') => self.start_replay(),
            KeyCode::Char('p') => {
                let text = self.session.game.to_notation(self.session.state());
                self.text_overlay("position", &text);
            }
            KeyCode::Char(c) => self.say(format!("the key {c} does nothing; ? lists the keys")),
            _ => {}
        }
    }

    /// `1`-`9`: chooses that move, or says why there is none.
    fn choose_number(&mut self, number: usize, n: usize) {
        if number >= 1 && number <= n {
            self.selected = number - 1;
            return;
        }
        let why = match (n, self.session.state().stage()) {
            (0, Stage::Throw) => "no move to choose: it is time to throw (t)".to_string(),
            (0, _) => "no move to choose now".to_string(),
            (1, _) => format!("no move {number}: there is 1 move"),
            (n, _) => format!("no move {number}: the moves are 1 to {n}"),
        };
        self.say(why);
    }

    /// The pieces that cannot move now, and the engine's reason for each.
    fn refusals(&self) -> Vec<RefusalView> {
        refusals_now(&self.session.game, self.session.state())
    }

    /// `c`: the "cannot move" list as a pop-up, with the rules.
    fn cannot_move(&mut self) {
        let list = self.refusals();
        if list.is_empty() {
            self.say("no piece is refused now (c lists the pieces that cannot move at a move)");
            return;
        }
        let team = self.session.state().team();
        let name = &self.session.game.ir().team_of(team).name;
        let mut text = String::new();
        for r in &list {
            text.push_str(&format!("{name} {}: {}\n", r.piece, r.message));
            if let Some(c) = &r.rule {
                text.push_str(&format!("  {} ({})\n", c.id, c.status));
                for (src, q) in &c.citations {
                    text.push_str(&format!("  {src}: “{q}”\n"));
                }
            }
        }
        self.text_overlay("cannot move", &text);
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
        if let Some(r) = &self.replay {
            return r.draw(f, &self.session.game);
        }
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
        f.render_widget(Paragraph::new(term::shown(self.title_line())), title);
        f.render_widget(
            Paragraph::new(term::shown(board))
                .block(Block::new().borders(Borders::ALL).title(" board ")),
            board_a,
        );
        let left_w = (area.width * 2 / 5).min(36);
        // A wide screen gives the pieces that cannot move a pane of their own.
        let refused = area.width >= 100 && !self.refusals().is_empty();
        let [left, right, third] = Layout::horizontal([
            Constraint::Length(left_w),
            Constraint::Min(20),
            Constraint::Percentage(if refused { 40 } else { 0 }),
        ])
        .areas(mid);
        f.render_widget(
            Paragraph::new(term::shown(self.status_lines()))
                .wrap(Wrap { trim: false })
                .block(Block::new().borders(Borders::ALL).title(" throw ")),
            left,
        );
        self.draw_choices(f, right, &choices, refused);
        if refused {
            let lines: Vec<Line> = self.refusal_lines().into_iter().skip(1).collect();
            let title = format!(" cannot move ({}; c: the rules) ", lines.len());
            scrolled_box(f, third, lines, 0, &title);
        }
        self.draw_log(f, log_a);
        f.render_widget(
            Paragraph::new(footer(area.width, self.auto, self.session.is_over()))
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
                colours(g.ir())[w.index()],
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
                    colours(g.ir())[s.team().index()],
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
            g.ir().phases.value[s.phase().index()],
            s.turns() + 1
        )));
        Line::from(spans)
    }

    /// The moves, numbered, the chosen one marked; then (dim, not chosen) the pieces that
    /// cannot move and why, unless `refused` has a pane of its own. Lines past the box are
    /// counted in its borders ("↑ 2 above", "↓ 5 more").
    fn draw_choices(&self, f: &mut Frame, area: Rect, choices: &[Choice], refused: bool) {
        let g = &self.session.game;
        let s = self.session.state();
        let inner = usize::from(area.width.saturating_sub(2));
        // A move whose note of moves alike does not fit its line has the note on a line
        // of its own, so that neither is cut; `keep` is the chosen move's first line.
        let (mut lines, mut keep) = (Vec::new(), 0);
        for (i, c) in choices.iter().enumerate() {
            let mark = if i == self.selected { "▶" } else { " " };
            let text = format!("{mark}{:>2}) {}", i + 1, g.describe_decision(s, c.decision));
            let style = if i == self.selected {
                keep = lines.len();
                Style::new().add_modifier(Modifier::REVERSED)
            } else {
                Style::new()
            };
            let note = (c.same.len() > 1).then(|| format!(" (any of {} alike)", c.same.len()));
            let dim = Style::new().add_modifier(Modifier::DIM);
            match note {
                Some(n) if text.chars().count() + n.chars().count() > inner => {
                    lines.push(Line::from(text).style(style));
                    lines.push(
                        Line::from(Span::styled(format!("    {}", n.trim_start()), dim))
                            .style(style),
                    );
                }
                Some(n) => {
                    lines.push(Line::from(vec![Span::raw(text), Span::styled(n, dim)]).style(style))
                }
                None => lines.push(Line::from(text).style(style)),
            }
        }
        if !refused {
            lines.extend(self.refusal_lines());
        }
        let title = match (choices.len(), s.stage()) {
            (0, Stage::Throw) if !self.session.to_play().is_computer() => {
                " moves: none yet (t throws) ".to_string()
            }
            (0, _) => " moves: none now ".to_string(),
            (n, _) => format!(" moves ({n}) "),
        };
        scrolled_box(f, area, lines, keep, &title);
    }

    /// The pieces that cannot move, dim, each with the engine's reason and rule.
    fn refusal_lines(&self) -> Vec<Line<'static>> {
        let list = self.refusals();
        if list.is_empty() {
            return Vec::new();
        }
        let dim = Style::new().add_modifier(Modifier::DIM);
        let mut out = vec![Line::styled(
            format!("cannot move ({}; c: the rules):", list.len()),
            dim,
        )];
        out.extend(list.iter().map(|r| {
            let rule = r
                .rule
                .as_ref()
                .map(|c| format!(" ({})", c.id))
                .unwrap_or_default();
            Line::styled(format!("  piece {}: {}{rule}", r.piece, r.message), dim)
        }));
        out
    }

    /// The log: the latest lines (or, scrolled back, earlier ones), wrapped to the pane.
    fn draw_log(&self, f: &mut Frame, area: Rect) {
        let inner_w = area.width.saturating_sub(2) as usize;
        let inner_h = area.height.saturating_sub(2) as usize;
        let mut lines: Vec<Line> = Vec::new();
        let teams = colours(self.session.game.ir());
        for l in &self.log {
            let (mark, style) = log_style(l.kind, teams);
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
            Paragraph::new(term::shown(shown))
                .block(Block::new().borders(Borders::ALL).title(title)),
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
                    self.unsaved_words()
                ),
                0,
                false,
            ),
            Overlay::ConfirmLoad => popup(
                f,
                "load?",
                &format!(
                    "{} not saved: loading replaces this game.\n\ns  save first\nl  load without saving\nany other key: back to the game",
                    self.unsaved_words()
                ),
                0,
                false,
            ),
            Overlay::ConfirmNew => popup(
                f,
                "new game?",
                &format!(
                    "{} not saved: a new game replaces this one.\n\ns  save first\nn  new game without saving\nany other key: back to the game",
                    self.unsaved_words()
                ),
                0,
                false,
            ),
        }
    }

    /// `3 actions since the last save are` (or since the start).
    fn unsaved_words(&self) -> String {
        let since = if self.session.last_file().is_some() {
            "since the last save"
        } else {
            "of this game"
        };
        match self.session.unsaved_actions() {
            1 => format!("1 action {since} is"),
            n => format!("{n} actions {since} are"),
        }
    }

    /// The throw panel: the throw of the seat to play in its own colour and counted face
    /// (another seat's throw of an earlier turn is the log's), then the moves in hand.
    fn status_lines(&self) -> Vec<Line<'static>> {
        let g = &self.session.game;
        let s = self.session.state();
        let mut out = Vec::new();
        let seen = throw_seen(g, s, self.session.last_thrower()).filter(|t| t.current);
        match seen {
            Some(t) => {
                let colour = t
                    .thrower
                    .map_or(Color::Reset, |(x, _)| colours(g.ir())[x.index()]);
                let sticks: String = if t.dice.is_empty() {
                    (0..t.sticks)
                        .map(|i| if i < t.counted.1 { '▮' } else { '▯' })
                        .collect()
                } else {
                    let faces: Vec<String> = t.dice.iter().map(|v| format!("[{v}]")).collect();
                    faces.join(" ")
                };
                let mut l = vec![
                    Span::styled(sticks, Style::new().fg(colour).add_modifier(Modifier::BOLD)),
                    Span::styled(
                        format!(" {}", words::throw::headline(g.ir(), &t)),
                        Style::new().fg(colour),
                    ),
                ];
                if !t.classes.is_empty() {
                    l.push(Span::styled(
                        format!(" · {}", t.classes.join(", ")),
                        Style::new().fg(Color::Green),
                    ));
                }
                out.push(Line::from(l));
                let faces = &g.ir().sticks.faces;
                let face = |f: u8| faces.get(f as usize).map_or("", |x| x.as_str()).to_string();
                if !t.dice.is_empty() {
                    out.push(Line::raw(words::throw::faces(g.ir(), &t)));
                } else {
                    out.push(Line::raw(format!(
                        "▮ {} {}, ▯ {} {}",
                        face(t.counted.0),
                        t.counted.1,
                        face(t.other.0),
                        t.other.1
                    )));
                }
            }
            None if s.stage() == Stage::Throw => out.push(Line::raw(format!(
                "{} to throw{}",
                seat_name(g, s.team(), s.seat()),
                if self.session.to_play().is_computer() {
                    ""
                } else {
                    " (t)"
                }
            ))),
            None => {}
        }
        if let Some(h) = hand_words(s) {
            out.push(Line::raw(h));
        }
        out
    }
}

/// The keys line, as long as the width allows; at the game's end, what can follow it.
fn footer(width: u16, auto: bool, over: bool) -> String {
    if over {
        return if width >= 80 {
            "game over: n new game  s save  r replay  u undo  p position  ? help  q quit".into()
        } else {
            "n new game  s save  r replay  ? keys  q quit".into()
        };
    }
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

/// Lines in a bordered box, scrolled so that line `keep` shows; the lines above and below
/// the box are counted in its top and bottom borders.
fn scrolled_box(f: &mut Frame, area: Rect, lines: Vec<Line<'static>>, keep: usize, title: &str) {
    let inner = area.height.saturating_sub(2).max(1) as usize;
    let total = lines.len();
    let start = keep
        .saturating_sub(inner - 1)
        .min(total.saturating_sub(inner));
    let end = (start + inner).min(total);
    let mut block = Block::new().borders(Borders::ALL).title(title.to_string());
    if start > 0 {
        block = block.title_top(Line::from(format!(" ↑ {start} above ")).right_aligned());
    }
    if end < total {
        block = block.title_bottom(Line::from(format!(" ↓ {} more ", total - end)).right_aligned());
    }
    let shown: Vec<Line> = lines.into_iter().skip(start).take(inner).collect();
    f.render_widget(Paragraph::new(term::shown(shown)).block(block), area);
}

/// A log line's mark and style.
fn log_style(kind: LogKind, teams: [Color; 2]) -> (&'static str, Style) {
    match kind {
        LogKind::Note => ("", Style::new().add_modifier(Modifier::ITALIC)),
        LogKind::Step(t) => ("", Style::new().fg(teams[t.min(1)])),
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
pub(super) fn popup(f: &mut Frame, title: &str, body: &str, scroll: usize, closes: bool) {
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
        Paragraph::new(term::shown(shown)).block(Block::new().borders(Borders::ALL).title(title)),
        r,
    );
}

/// Runs the full-screen game: success, or `128 + N` when signal N ends it; an error
/// when the terminal cannot be entered or a position has more decisions than the engine
/// lists (exit 1), or when the terminal fails (exit 74). The terminal is restored on every
/// way out, before the command's reporter says the error.
pub fn run(session: Session, auto: bool) -> Result<Status, CliError> {
    let mut terminal = term::enter_full_screen()?;
    let mut app = App::new(session);
    app.auto = auto;
    let result = game_loop(&mut terminal, &mut app);
    term::leave();
    outcome(result)
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

/// A full-screen loop's end as the command's result: success; `128 + N` after signal N
/// (said on stderr); the engine's decision limit (exit 1) or the terminal's failure (exit
/// 74, as every command's failed writes) as errors for the reporter.
pub(super) fn outcome(result: std::io::Result<Option<i32>>) -> Result<Status, CliError> {
    match result {
        Ok(None) => Ok(Status::Success),
        Ok(Some(sig)) => {
            term::say_signal(sig);
            Ok(Status::from_code(128 + sig))
        }
        Err(e) => match e.get_ref().and_then(|x| x.downcast_ref::<DecisionLimit>()) {
            Some(limit) => Err(CliError::failed(limit)),
            None => Err(CliError::Terminal(e)),
        },
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
