//! Stepping through a game full-screen: `seig replay`, and the replay of the game being
//! played (the `r` key of [`super::tui`]). One action at a time or by jumps: to an action's
//! number, to the next or previous capture, send-home or phase change; the move that led to
//! the position is marked on the board; `?` lists the keys.
#![expect(
    clippy::indexing_slicing,
    reason = "a replay's states are indexed by positions its keys keep within 0..=actions (states has one more entry than actions), and the IR's phases by a valid state's phase"
)]

use super::board::{board_lines_marked, move_cells};
use super::plain::render_pool;
use super::tui::{MIN_SIZE, popup};
use super::{seat_name, stage_words, term};
use crate::cli::error::{CliError, Status};
use crate::engine::{Event as GameEvent, Game, State};
use crate::tools::record::Action;
use crate::tools::view::{hand_words, throw_seen};
use crate::tools::words::{self, Taking};
use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Modifier, Style};
use ratatui::widgets::{Block, Borders, Paragraph, Wrap};

/// An action's notable events, for the jumps.
const CAPTURE: u8 = 1;
const SEND: u8 = 2;
const PHASE: u8 = 4;

const HELP: &str = "\
→ Space n    next action
← b          previous action
Home End     the start, the end
c / C        next / previous capture or removal (a piece out of the game)
h / H        next / previous piece sent home
f / F        next / previous phase change
g NUMBER ⏎   go to action NUMBER (0: the start)
?            this help
q Esc        leave the replay

The move that led to the position is marked: the hole it left reversed, the hole it reached green.";

/// A game's actions and positions, and where the replay stands.
pub struct Replay {
    actions: Vec<Action>,
    /// `states[i]` is the position before `actions[i]`; the last is the position after all.
    states: Vec<State>,
    /// Per action, its notable events ([`CAPTURE`], [`SEND`], [`PHASE`]).
    marks: Vec<u8>,
    /// The position shown: after this many actions.
    pub at: usize,
    /// The number being typed after `g`.
    jump: Option<String>,
    /// The help is shown.
    help: bool,
    /// What the last key did, when it did not do the obvious.
    note: String,
}

impl Replay {
    /// A replay of `actions` from `states` (one more state than actions), at the start.
    pub fn new(g: &Game, actions: Vec<Action>, mut states: Vec<State>) -> Replay {
        states.truncate(actions.len() + 1);
        while states.len() < actions.len() + 1 {
            states.push(g.initial_state());
        }
        let marks = actions
            .iter()
            .zip(&states)
            .map(|(a, s)| {
                let mut ev = Vec::new();
                let _ = a.apply(g, &mut s.clone(), &mut ev);
                let by_throw = matches!(a, Action::Throw { .. });
                ev.iter().fold(0u8, |m, e| {
                    m | match (e, words::taking(e, by_throw)) {
                        (_, Some(Taking::SendHome)) => SEND,
                        (_, Some(_)) => CAPTURE,
                        (GameEvent::Phase { .. }, None) => PHASE,
                        _ => 0,
                    }
                })
            })
            .collect();
        Replay {
            actions,
            states,
            marks,
            at: 0,
            jump: None,
            help: false,
            note: String::new(),
        }
    }

    /// The position after the next (or, `back`, the previous) action with one of `mark`'s
    /// events.
    fn seek(&mut self, mark: u8, back: bool, what: &str) {
        let hit = |i: &usize| self.marks.get(*i).is_some_and(|m| m & mark != 0);
        // Position `at` shows action `at - 1`'s effect; the next such action is at `at` or later.
        let found = if back {
            (0..self.at.saturating_sub(1)).rev().find(hit)
        } else {
            (self.at..self.actions.len()).find(hit)
        };
        match found {
            Some(i) => {
                self.at = i + 1;
                self.note.clear();
            }
            None => {
                self.note = format!(
                    "no {} {what} {}",
                    if back { "earlier" } else { "later" },
                    if back {
                        "before this action"
                    } else {
                        "after this action"
                    }
                )
            }
        }
    }

    /// Handles a key; returns whether the replay is left.
    pub fn key(&mut self, k: KeyEvent) -> bool {
        if k.kind != KeyEventKind::Press {
            return false;
        }
        if self.help {
            self.help = false;
            return false;
        }
        if let Some(typed) = &mut self.jump {
            match k.code {
                KeyCode::Char(c) if c.is_ascii_digit() => typed.push(c),
                KeyCode::Backspace => {
                    typed.pop();
                }
                KeyCode::Enter => {
                    let n = typed.parse::<usize>().ok();
                    self.jump = None;
                    match n {
                        Some(n) if n <= self.actions.len() => {
                            self.at = n;
                            self.note.clear();
                        }
                        _ => {
                            self.note = format!(
                                "no such action: the game has actions 0 to {}",
                                self.actions.len()
                            )
                        }
                    }
                }
                _ => self.jump = None,
            }
            return false;
        }
        self.note.clear();
        let last = self.actions.len();
        match k.code {
            KeyCode::Char('q') | KeyCode::Esc => return true,
            KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => return true,
            KeyCode::Char('z') if k.modifiers.contains(KeyModifiers::CONTROL) => term::suspend(),
            KeyCode::Right | KeyCode::Char(' ') | KeyCode::Char('n') => {
                self.at = (self.at + 1).min(last)
            }
            KeyCode::Left | KeyCode::Char('b') => self.at = self.at.saturating_sub(1),
            KeyCode::Home => self.at = 0,
            KeyCode::End => self.at = last,
            KeyCode::Char('c') => self.seek(CAPTURE, false, "capture"),
            KeyCode::Char('C') => self.seek(CAPTURE, true, "capture"),
            KeyCode::Char('h') => self.seek(SEND, false, "send-home"),
            KeyCode::Char('H') => self.seek(SEND, true, "send-home"),
            KeyCode::Char('f') => self.seek(PHASE, false, "phase change"),
            KeyCode::Char('F') => self.seek(PHASE, true, "phase change"),
            KeyCode::Char('g') => self.jump = Some(String::new()),
            KeyCode::Char('?') => self.help = true,
            KeyCode::Char(c) => {
                self.note = format!("the key {c} does nothing here; ? lists the keys")
            }
            _ => {}
        }
        false
    }

    /// Draws the position the replay stands at.
    pub fn draw(&self, f: &mut Frame, g: &Game) {
        let area = f.area();
        if area.width < MIN_SIZE.0 || area.height < MIN_SIZE.1 {
            f.render_widget(
                Paragraph::new(term::shown(format!(
                    "The terminal is too small: {}x{}; the replay needs {}x{}.",
                    area.width, area.height, MIN_SIZE.0, MIN_SIZE.1
                )))
                .wrap(Wrap { trim: true }),
                area,
            );
            return;
        }
        let at = self.at.min(self.actions.len());
        let s = &self.states[at];
        let marks = at.checked_sub(1).map_or((None, None), |i| {
            move_cells(g, &self.states[i], self.actions[i])
        });
        let board = board_lines_marked(g, s, marks, area.width.saturating_sub(2) as usize);
        let board_h = (board.len() as u16 + 2).min(area.height.saturating_sub(6));
        let [title, board_a, rest, keys] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(board_h),
            Constraint::Min(3),
            Constraint::Length(1),
        ])
        .areas(area);
        f.render_widget(
            Paragraph::new(term::shown(format!(
                "replay: action {at} of {} · {} · phase {} · turn {}",
                self.actions.len(),
                g.ir().game,
                g.ir().phases.value[s.phase().index()],
                s.turns() + 1
            ))),
            title,
        );
        f.render_widget(
            Paragraph::new(term::shown(board))
                .block(Block::new().borders(Borders::ALL).title(" board ")),
            board_a,
        );
        f.render_widget(
            Paragraph::new(term::shown(self.lines(g, at).join("\n")))
                .wrap(Wrap { trim: false })
                .block(Block::new().borders(Borders::ALL)),
            rest,
        );
        let keys_text = match &self.jump {
            Some(t) => format!("go to action (0-{}, Enter): {t}▏", self.actions.len()),
            None => "→ next ← back c/C capture h/H home f/F phase g go to ? help q quit".into(),
        };
        f.render_widget(
            Paragraph::new(keys_text).style(Style::new().add_modifier(Modifier::DIM)),
            keys,
        );
        if self.help {
            popup(f, "replay keys", HELP, 0, true);
        }
    }

    /// The text under the board: the action that led here and its events, the throw, the
    /// moves in hand, whose turn it is, and the last key's note.
    fn lines(&self, g: &Game, at: usize) -> Vec<String> {
        let s = &self.states[at];
        let mut lines = Vec::new();
        if let Some(i) = at.checked_sub(1) {
            let before = &self.states[i];
            lines.push(format!(
                "{}: {}",
                seat_name(g, before.team(), before.seat()),
                self.actions[i].describe(g, before)
            ));
            let mut ev = Vec::new();
            let _ = self.actions[i].apply(g, &mut before.clone(), &mut ev);
            let by_throw = matches!(self.actions[i], Action::Throw { .. });
            lines.extend(
                ev.iter()
                    .filter_map(|e| words::effect(g.ir(), e, by_throw))
                    .map(|t| format!("  {t}")),
            );
        }
        let thrower = crate::tools::play::last_thrower(
            self.actions.get(..at).unwrap_or_default(),
            &self.states,
        );
        if let Some(t) = throw_seen(g, s, thrower) {
            lines.push(words::throw::seen(g.ir(), &t));
        }
        if let Some(h) = hand_words(s) {
            lines.push(h);
        } else if let Some(p) = render_pool(g, s) {
            lines.push(p);
        }
        lines.push(match super::end_words(g, s) {
            Some(end) => end,
            None => format!("{} {}", seat_name(g, s.team(), s.seat()), stage_words(s)),
        });
        if !self.note.is_empty() {
            lines.push(self.note.clone());
        }
        lines
    }
}

/// Runs `seig replay` full-screen: the [`Replay`] of a record until it is left.
pub fn run(g: &Game, actions: &[Action], states: &[State]) -> Result<Status, CliError> {
    let mut terminal = term::enter_full_screen()?;
    let mut r = Replay::new(g, actions.to_vec(), states.to_vec());
    let result = (|| -> std::io::Result<Option<i32>> {
        loop {
            if let Some(sig) = term::pending() {
                return Ok(Some(sig));
            }
            if term::take_redraw() {
                terminal.clear()?;
            }
            terminal.draw(|f| r.draw(f, g))?;
            if !event::poll(std::time::Duration::from_millis(100))? {
                continue;
            }
            if let Event::Key(k) = event::read()?
                && r.key(k)
            {
                return Ok(None);
            }
        }
    })();
    term::leave();
    super::tui::outcome(result)
}
