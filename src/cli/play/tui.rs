//! The full-screen mode (ratatui + crossterm): the board with both teams' pieces, the last
//! throw's sticks, the pool, who is to play, the legal moves as a list with the chosen one
//! previewed on the board, a log naming the rule behind each event, and overlays for help,
//! `why`, the position and file names. Keyboard only. The terminal is restored on quit,
//! on Ctrl-C, on error and on panic.
//!
//! The drawing is a pure function of the [`App`], so tests render frames on ratatui's
//! `TestBackend`.
#![expect(
    clippy::indexing_slicing,
    reason = "the IR's phases, rules, rows, classes and reading options are indexed by indices lowering made or a valid state holds, per-team pairs by a `TeamId` (0 or 1), and local buffers by positions their loop, length check or `rng.below(len)` bounds"
)]

use super::plain::{event_text, render_pool, render_throw, team_letters};
use super::{rule_text, seat_name, stage_words};
use crate::engine::{Decision, Game, NO_CELL, Stage, State};
use crate::lang::ir::{Cell, TeamId};
use crate::tools::agents::AgentKind;
use crate::tools::play::Session;
use crate::tools::record::Action;
use ratatui::Frame;
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, List, ListItem, ListState, Paragraph, Wrap};
use std::path::Path;

/// Smallest terminal the screen is drawn in.
pub const MIN_SIZE: (u16, u16) = (60, 20);

/// Team colours.
const COLOURS: [Color; 2] = [Color::Yellow, Color::Cyan];

/// What covers the screen, if anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Overlay {
    /// Nothing.
    None,
    /// The keys.
    Help,
    /// A text with a title (why, position).
    Text(String, String),
    /// Typing a file name to save to or load from.
    Prompt(PromptKind, String),
}

/// What a file name is typed for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromptKind {
    /// `save`.
    Save,
    /// `load`.
    Load,
}

/// The state of the full-screen game.
pub struct App {
    /// The game.
    pub session: Session,
    /// The chosen move (index in the legal moves).
    pub selected: usize,
    /// Log lines, oldest first.
    pub log: Vec<String>,
    /// What covers the screen.
    pub overlay: Overlay,
    /// Leave at the next turn of the loop.
    pub quit: bool,
}

const HELP_TEXT: &str = "\
t or space   throw the sticks
↑ ↓ (k j)    choose a move; it is shown on the board
Enter        play the chosen move
1-9          choose move 1 to 9
w            why: the rules behind the chosen move
u            undo your last move (again: back to the start)
s / l        save the game / load a saved game
p            the position in notation
?            this help
q, Esc       quit (also Ctrl-C)

Board: a letter per team (capital: released), + released,
! immune; the hole the chosen move leaves is marked in
reverse, the hole it reaches in green.";

impl App {
    /// A new screen for a session.
    pub fn new(session: Session) -> App {
        let mut app = App {
            session,
            selected: 0,
            log: Vec::new(),
            overlay: Overlay::None,
            quit: false,
        };
        app.say(format!(
            "{} — seed {}; press ? for the keys",
            app.session.game.ir().game,
            app.session.seed
        ));
        app
    }

    fn say(&mut self, line: impl Into<String>) {
        self.log.push(line.into());
        if self.log.len() > 500 {
            self.log.drain(..100);
        }
    }

    fn log_step(&mut self, step: &crate::tools::play::Step) {
        let s = super::plain::step_text(&self.session, step);
        for l in s.lines() {
            self.say(l.to_string());
        }
        self.selected = 0;
    }

    /// Is a computer seat about to act?
    pub fn computer_due(&self) -> bool {
        !self.session.is_over() && !self.session.capped() && self.session.to_play().is_computer()
    }

    /// Lets a computer seat take one action; returns whether one was taken.
    pub fn tick(&mut self) -> bool {
        match self.session.computer_step() {
            Some(Ok(step)) => {
                self.log_step(&step);
                if self.session.capped() && !self.session.is_over() {
                    self.say("the computer stops: the turn cap is reached");
                }
                true
            }
            Some(Err(e)) => {
                self.say(format!("the engine stopped: {}", e.message));
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

    /// Handles one key.
    pub fn key(&mut self, k: KeyEvent) {
        if k.kind != KeyEventKind::Press {
            return;
        }
        if k.modifiers.contains(KeyModifiers::CONTROL) && k.code == KeyCode::Char('c') {
            self.quit = true;
            return;
        }
        match &mut self.overlay {
            Overlay::Prompt(kind, text) => {
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
                return;
            }
            Overlay::None => {}
            _ => {
                // Any key closes an overlay; q still quits.
                self.overlay = Overlay::None;
                if !matches!(k.code, KeyCode::Char('q')) {
                    return;
                }
            }
        }
        let legal = self.session.legal();
        match k.code {
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Char('?') | KeyCode::Char('h') => self.overlay = Overlay::Help,
            KeyCode::Char('t') | KeyCode::Char(' ') => self.throw(),
            KeyCode::Up | KeyCode::Char('k') => self.selected = self.selected.saturating_sub(1),
            KeyCode::Down | KeyCode::Char('j') if self.selected + 1 < legal.len() => {
                self.selected += 1;
            }
            KeyCode::Char(c @ '1'..='9') => {
                let i = c as usize - '1' as usize;
                if i < legal.len() {
                    self.selected = i;
                }
            }
            KeyCode::Enter => self.play(),
            KeyCode::Char('w') => self.why(),
            KeyCode::Char('u') => {
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
            KeyCode::Char('s') => self.overlay = Overlay::Prompt(PromptKind::Save, String::new()),
            KeyCode::Char('l') => self.overlay = Overlay::Prompt(PromptKind::Load, String::new()),
            KeyCode::Char('p') => {
                self.overlay = Overlay::Text(
                    "position".into(),
                    self.session.game.to_notation(self.session.state()),
                )
            }
            _ => {}
        }
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
            Err(e) => self.say(format!("cannot throw: {}", e.message)),
        }
    }

    fn chosen(&self) -> Option<Decision> {
        self.session.legal().get(self.selected).copied()
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
                let rule = e
                    .rule
                    .and_then(|r| self.session.game.ir().rules.get(r as usize))
                    .map(|r| format!(" ({})", r.id))
                    .unwrap_or_default();
                self.say(format!("not allowed: {}{rule}", e.message));
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
        let mut text = format!("move {}\n", g.describe_decision(s, d));
        for r in self.session.why(d) {
            text.push('\n');
            text.push_str(&rule_text(g, r, ""));
        }
        self.overlay = Overlay::Text(format!("why move {}", self.selected + 1), text);
    }

    fn file(&mut self, kind: PromptKind, name: &str) {
        let path = Path::new(name);
        match kind {
            PromptKind::Save => match self.session.save(path) {
                Ok(()) => self.say(format!(
                    "saved {} actions to {name}",
                    self.session.actions().len()
                )),
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
        let legal = self.session.legal();
        let chosen = legal.get(self.selected).copied();
        let board = board_lines(g, s, chosen, area.width.saturating_sub(2) as usize);
        let board_h = (board.len() as u16 + 2).min(area.height / 2 + 1);
        let [title, board_a, mid, log_a, keys] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(board_h),
            Constraint::Min(6),
            Constraint::Length(5),
            Constraint::Length(1),
        ])
        .areas(area);
        f.render_widget(
            Paragraph::new(Line::from(vec![
                Span::styled(
                    g.ir().game.clone(),
                    Style::new().add_modifier(Modifier::BOLD),
                ),
                Span::raw(format!(
                    " · phase {} · turn {}",
                    g.ir().phases[s.phase() as usize],
                    s.turns() + 1
                )),
            ])),
            title,
        );
        f.render_widget(
            Paragraph::new(board).block(Block::new().borders(Borders::ALL).title(" board ")),
            board_a,
        );
        let [left, right] =
            Layout::horizontal([Constraint::Length(36), Constraint::Min(20)]).areas(mid);
        f.render_widget(
            Paragraph::new(self.status_lines())
                .wrap(Wrap { trim: false })
                .block(Block::new().borders(Borders::ALL).title(" throw ")),
            left,
        );
        let items: Vec<ListItem> = legal
            .iter()
            .enumerate()
            .map(|(i, d)| ListItem::new(format!("{:>2}) {}", i + 1, g.describe_decision(s, *d))))
            .collect();
        let title = if legal.is_empty() {
            " moves: none now ".to_string()
        } else {
            format!(" moves ({}) ", legal.len())
        };
        let mut st = ListState::default();
        if !legal.is_empty() {
            st.select(Some(self.selected.min(legal.len() - 1)));
        }
        f.render_stateful_widget(
            List::new(items)
                .block(Block::new().borders(Borders::ALL).title(title))
                .highlight_style(Style::new().add_modifier(Modifier::REVERSED))
                .highlight_symbol("▶"),
            right,
            &mut st,
        );
        let inner = log_a.height.saturating_sub(2) as usize;
        let start = self.log.len().saturating_sub(inner);
        let log: Vec<Line> = self.log[start..]
            .iter()
            .map(|l| Line::raw(l.clone()))
            .collect();
        f.render_widget(
            Paragraph::new(log).block(Block::new().borders(Borders::ALL).title(" log ")),
            log_a,
        );
        f.render_widget(
            Paragraph::new(
                "t throw  ↑↓ choose  Enter play  w why  u undo  s/l save/load  ? help  q quit",
            )
            .style(Style::new().add_modifier(Modifier::DIM)),
            keys,
        );
        match &self.overlay {
            Overlay::None => {}
            Overlay::Help => popup(f, " keys ", HELP_TEXT),
            Overlay::Text(t, body) => popup(f, &format!(" {t} (any key closes) "), body),
            Overlay::Prompt(kind, text) => {
                let what = match kind {
                    PromptKind::Save => "save the game to",
                    PromptKind::Load => "load a saved game from",
                };
                popup(
                    f,
                    " file ",
                    &format!("{what} (Enter to confirm, Esc to cancel):\n\n> {text}▏"),
                );
            }
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
            out.push(Line::raw(format!(
                "▮ {} {k}, ▯ {} {}",
                g.ir().sticks.faces[0],
                g.ir().sticks.faces[1],
                n - k
            )));
        } else {
            out.push(Line::raw("no throw yet"));
        }
        if let Some(p) = render_pool(g, s) {
            out.push(Line::raw(p));
        }
        out.push(Line::raw(""));
        let who = match super::end_words(g, s) {
            Some(end) => end,
            None => {
                let kind = self.session.to_play();
                let player = if kind == AgentKind::Human {
                    "you".to_string()
                } else {
                    kind.to_string()
                };
                format!(
                    "{} ({player}) {}",
                    seat_name(g, s.team(), s.seat()),
                    stage_words(s)
                )
            }
        };
        let colour = match s.stage() {
            Stage::Over(w) => COLOURS[w.index()],
            _ => COLOURS[s.team().index()],
        };
        out.push(Line::styled(
            who,
            Style::new().fg(colour).add_modifier(Modifier::BOLD),
        ));
        let _ = render_throw;
        out
    }
}

fn popup(f: &mut Frame, title: &str, body: &str) {
    let area = f.area();
    let w = (area.width * 4 / 5).max(40).min(area.width);
    let lines = body.lines().count() as u16 + 2;
    let h = lines.max(5).min(area.height);
    let r = Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    };
    f.render_widget(Clear, r);
    f.render_widget(
        Paragraph::new(body.to_string())
            .wrap(Wrap { trim: false })
            .block(Block::new().borders(Borders::ALL).title(title.to_string())),
        r,
    );
}

/// The pieces of one team on a hole: `(numbers with marks, count, any released, any immune)`.
fn pieces_on(s: &State, t: usize, cell: u8) -> (Vec<String>, bool, bool) {
    let mut nums = Vec::new();
    let (mut rel, mut imm) = (false, false);
    for (i, p) in s.pieces(TeamId::new(t)).iter().enumerate() {
        if p.alive() && p.cell == cell {
            rel |= p.released();
            imm |= p.immune();
            nums.push(format!("{}", i + 1));
        }
    }
    (nums, rel, imm)
}

/// The board as styled lines fitting `width`: full tokens (`S3+`) when they fit, compact
/// ones (`S`, `s`, `S!`, `S×3`) when not.
pub fn board_lines(
    g: &Game,
    s: &State,
    chosen: Option<Decision>,
    width: usize,
) -> Vec<Line<'static>> {
    let ir = g.ir();
    let letters = team_letters(g);
    let name_w = ir
        .rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(0);
    let (from, to) = chosen_cells(g, s, chosen);
    let dirs = direction_labels(ir, letters);
    let dir_w = dirs.iter().map(|d| d.chars().count()).max().unwrap_or(0);
    let (compact, w) = fit_columns(ir, s, letters, name_w + 2 + dir_w, width);
    let mut lines = vec![hole_numbers(name_w, &w)];
    let board = Board {
        s,
        letters,
        compact,
        from,
        to,
    };
    for (ri, r) in ir.rows.iter().enumerate().rev() {
        lines.push(board.row_line(r, name_w, &w, &dirs[ri]));
    }
    if let Some(l) = counts_line(g, s, letters) {
        lines.push(l);
    }
    lines.push(Line::styled(
        format!(
            "{} {}, {} {} (small: waiting) · + released · ! immune · → hole 1 to last",
            letters[0], ir.teams[0].name, letters[1], ir.teams[1].name
        ),
        Style::new().add_modifier(Modifier::DIM),
    ));
    lines
}

/// The cells the chosen move leaves and reaches (`NO_CELL` when none is chosen).
fn chosen_cells(g: &Game, s: &State, chosen: Option<Decision>) -> (u8, u8) {
    match chosen {
        Some(d) => {
            let p = s.piece(s.team(), d.piece as usize);
            let to = g
                .check_move(s, s.team(), d.piece, d.mask)
                .map(|l| l.cell)
                .unwrap_or(NO_CELL);
            (p.cell, to)
        }
        None => (NO_CELL, NO_CELL),
    }
}

/// One cell's token: a part per team with pieces there (its letter, capital when released,
/// then the piece numbers, or a count when `compact`), or `·` when empty.
fn cell_token(
    s: &State,
    letters: [char; 2],
    c: Cell,
    compact: bool,
) -> Vec<(String, Option<usize>)> {
    let mut parts = Vec::new();
    for (t, &l) in letters.iter().enumerate() {
        let (nums, rel, imm) = pieces_on(s, t, c.get() as u8);
        if nums.is_empty() {
            continue;
        }
        let mut x = String::new();
        let letter = if rel { l } else { l.to_ascii_lowercase() };
        x.push(letter);
        if compact {
            if imm {
                x.push('!');
            }
            if nums.len() > 1 {
                x.push_str(&format!("×{}", nums.len()));
            }
        } else {
            x.push_str(&nums.join(","));
            if rel {
                x.push('+');
            }
            if imm {
                x.push('!');
            }
        }
        parts.push((x, Some(t)));
    }
    if parts.is_empty() {
        parts.push(("·".to_string(), None));
    }
    parts
}

/// A token's width on screen, with a `/` between parts.
fn token_len(v: &[(String, Option<usize>)]) -> usize {
    v.iter().map(|(x, _)| x.chars().count()).sum::<usize>() + v.len().saturating_sub(1)
}

/// Per row, the teams' directions along it (letter and arrows), for the right margin.
fn direction_labels(ir: &crate::lang::ir::Ir, letters: [char; 2]) -> Vec<String> {
    (0..ir.rows.len())
        .map(|ri| {
            let mut parts = Vec::new();
            for (t, team) in ir.teams.iter().enumerate() {
                let arrows: String = team
                    .track
                    .segments
                    .iter()
                    .filter(|seg| seg.row == ri)
                    .map(|seg| if seg.backward { '←' } else { '→' })
                    .collect();
                if !arrows.is_empty() {
                    parts.push(format!("{}{arrows}", letters[t]));
                }
            }
            parts.join(" ")
        })
        .collect()
}

/// The widest layout that fits `width` (`margins`: the row names and direction labels):
/// whether tokens are compact, and each hole column's width.
fn fit_columns(
    ir: &crate::lang::ir::Ir,
    s: &State,
    letters: [char; 2],
    margins: usize,
    width: usize,
) -> (bool, Vec<usize>) {
    let max_len = ir.rows.iter().map(|r| r.len as usize).max().unwrap_or(0);
    let widths = |compact: bool, numbered: bool| {
        let mut w: Vec<usize> = (0..max_len)
            .map(|h| {
                if numbered {
                    (h + 1).to_string().len()
                } else {
                    1
                }
            })
            .collect();
        for r in &ir.rows {
            for (h, wh) in w.iter_mut().enumerate().take(r.len as usize) {
                *wh = (*wh).max(token_len(&cell_token(
                    s,
                    letters,
                    r.cell(h as u16),
                    compact,
                )));
            }
        }
        w
    };
    let total = |w: &[usize]| margins + w.iter().map(|x| x + 1).sum::<usize>();
    // Widest first: full tokens with every hole numbered, then compact tokens.
    let (mut compact, mut w) = (false, widths(false, true));
    for (c, n) in [(false, false), (true, true), (true, false)] {
        if total(&w) <= width {
            break;
        }
        compact = c;
        w = widths(c, n);
    }
    (compact, w)
}

/// The hole numbers over the columns (every fifth, and the first, when they do not all fit).
fn hole_numbers(name_w: usize, w: &[usize]) -> Line<'static> {
    let mut head = format!("{:name_w$}", "");
    for (h, wh) in w.iter().enumerate() {
        let n = (h + 1).to_string();
        let label = if n.len() <= *wh || (h + 1) % 5 == 0 || h == 0 {
            n
        } else {
            String::new()
        };
        let label = if label.chars().count() > *wh {
            label[label.len() - *wh..].to_string()
        } else {
            label
        };
        head.push_str(&format!(" {label:>wh$}"));
    }
    Line::styled(head, Style::new().add_modifier(Modifier::DIM))
}

/// What every board row needs: the position, the token style and the chosen move's cells.
struct Board<'a> {
    s: &'a State,
    letters: [char; 2],
    compact: bool,
    from: u8,
    to: u8,
}

impl Board<'_> {
    /// One row: its name, a token per hole (the chosen move's cells marked), its directions.
    fn row_line(
        &self,
        r: &crate::lang::ir::Row,
        name_w: usize,
        w: &[usize],
        dirs: &str,
    ) -> Line<'static> {
        let (from, to) = (self.from, self.to);
        let mut spans = vec![Span::raw(format!("{:name_w$}", r.name))];
        for (h, &wh) in w.iter().enumerate().take(r.len as usize) {
            let c = r.cell(h as u16);
            let parts = cell_token(self.s, self.letters, c, self.compact);
            let pad = wh - token_len(&parts);
            spans.push(Span::raw(format!(" {:pad$}", "")));
            let mark = if c.get() as u8 == to && to != NO_CELL {
                Style::new().bg(Color::Green).fg(Color::Black)
            } else if c.get() as u8 == from && from != NO_CELL {
                Style::new().add_modifier(Modifier::REVERSED)
            } else {
                Style::new()
            };
            for (i, (x, t)) in parts.into_iter().enumerate() {
                if i > 0 {
                    spans.push(Span::styled("/", mark));
                }
                let st = match t {
                    Some(t) => mark.fg(COLOURS[t]),
                    None => mark.add_modifier(Modifier::DIM),
                };
                let st = if c.get() as u8 == to && to != NO_CELL {
                    st.fg(Color::Black)
                } else {
                    st
                };
                spans.push(Span::styled(x, st));
            }
        }
        let pad: usize = w.iter().skip(r.len as usize).map(|x| x + 1).sum();
        spans.push(Span::raw(format!("{:pad$}  ", "")));
        spans.push(Span::styled(
            dirs.to_string(),
            Style::new().add_modifier(Modifier::DIM),
        ));
        Line::from(spans)
    }
}

/// The pieces beside the board and out of the game, per team; none when there are none.
fn counts_line(g: &Game, s: &State, letters: [char; 2]) -> Option<Line<'static>> {
    let (mut waiting, mut out) = (Vec::new(), Vec::new());
    for (t, letter) in letters.iter().enumerate() {
        let (nums, _, _) = pieces_on(s, t, NO_CELL);
        let gone = (0..g.n_pieces(TeamId::new(t)))
            .filter(|&i| !s.piece(TeamId::new(t), i).alive())
            .count();
        if !nums.is_empty() {
            waiting.push(format!("{letter} {}", nums.len()));
        }
        if gone > 0 {
            out.push(format!("{letter} {gone}"));
        }
    }
    let mut counts = Vec::new();
    if !waiting.is_empty() {
        counts.push(format!("beside the board: {}", waiting.join(", ")));
    }
    if !out.is_empty() {
        counts.push(format!("out of the game: {}", out.join(", ")));
    }
    (!counts.is_empty()).then(|| Line::raw(counts.join(" · ")))
}

/// Runs the full-screen game; returns the exit code. The terminal is restored whatever
/// happens (ratatui's panic hook covers panics).
pub fn run(session: Session) -> i32 {
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            ratatui::restore();
            eprintln!("error: cannot start the full-screen mode: {e} (use --plain)");
            return 1;
        }
    };
    let mut app = App::new(session);
    let result = (|| -> std::io::Result<()> {
        loop {
            terminal.draw(|f| app.draw(f))?;
            if app.quit {
                return Ok(());
            }
            let wait = if app.computer_due() { 150 } else { 1000 };
            if event::poll(std::time::Duration::from_millis(wait))? {
                match event::read()? {
                    Event::Key(k) => app.key(k),
                    Event::Resize(_, _) => {}
                    _ => {}
                }
            } else if app.computer_due() {
                app.tick();
            }
        }
    })();
    ratatui::restore();
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: the terminal failed: {e}");
            1
        }
    }
}

/// Steps through a record full-screen: → or Space next, ← back, Home, End, q quit.
pub fn replay(g: &Game, actions: &[Action], states: &[State]) -> i32 {
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            ratatui::restore();
            eprintln!("error: cannot start the full-screen mode: {e} (use --plain)");
            return 1;
        }
    };
    let mut at = 0usize;
    let result = (|| -> std::io::Result<()> {
        loop {
            terminal.draw(|f| draw_replay(f, g, actions, states, at))?;
            if let Event::Key(k) = event::read()?
                && k.kind == KeyEventKind::Press
            {
                match k.code {
                    KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                    KeyCode::Char('c') if k.modifiers.contains(KeyModifiers::CONTROL) => {
                        return Ok(());
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
    ratatui::restore();
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("error: the terminal failed: {e}");
            1
        }
    }
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
    let board_h = (board.len() as u16 + 2).min(area.height / 2);
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
        lines.extend(
            ev.iter()
                .filter_map(|e| event_text(g, e))
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
