//! The line mode: the board as text, numbered legal moves and typed commands, on any
//! reader and writer (standard input and output at the terminal; strings in the tests).
//!
//! Commands: `throw`, a move number or a move in notation, `undo`, `save FILE`,
//! `load FILE`, `why N`, `position`, `board`, `help`, `quit`. A malformed or illegal command
//! says what was wrong (the syntax expected, or the rule that forbids the move, quoted) and
//! the game goes on; the end of the input ends the game cleanly.
#![expect(
    clippy::indexing_slicing,
    reason = "the IR's phases, rules, rows, classes and reading options are indexed by indices lowering made or a valid state holds, per-team pairs by a `TeamId` (0 or 1), and local buffers by positions their loop, length check or `rng.below(len)` bounds"
)]

use super::{rule_text, seat_name, stage_words};
use crate::cli::error::{CliError, Status};
use crate::engine::{EntryKind, EntryUse, Game, Refusal, Stage, State};
use crate::lang::ir::{Cell, TeamId};
use crate::tools::agents::AgentKind;
use crate::tools::play::{Session, Step};
use crate::tools::record::Action;
use crate::tools::words;
use std::fmt::Write as _;
use std::io::{BufRead, Write};
use std::path::Path;

/// The commands, for `help`.
pub const HELP: &str = "\
commands:
  throw          throw the sticks (also: t)
  N              play legal move number N
  PIECE:PLACES   play a move in notation, e.g. 3:4 or 3:r1+4x (x takes)
  why N          the rules behind move N, with their source sentences
  undo           take back your last move (repeat to go back to the start)
  save [FILE]    save the game as a JSON record (no FILE: the last one)
  load FILE      continue a saved game
  position       the position in notation
  board          show the board again
  help           this list
  quit           leave the game (also: q; end of input does the same)";

/// One letter per team for the board (the names' initials, made distinct).
pub fn team_letters(g: &Game) -> [char; 2] {
    let initial = |t: usize, skip: usize| {
        g.ir().teams[TeamId::new(t)]
            .name
            .chars()
            .filter(|c| c.is_alphanumeric())
            .nth(skip)
            .map(|c| c.to_ascii_uppercase())
    };
    let a = initial(0, 0).unwrap_or('A');
    let b = (0..8)
        .filter_map(|i| initial(1, i))
        .find(|&c| c != a)
        .unwrap_or(if a == 'B' { 'C' } else { 'B' });
    [a, b]
}

/// Numbers as ranges: `1-3,5`.
fn ranges(nums: &[usize]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < nums.len() {
        let mut j = i;
        while j + 1 < nums.len() && nums[j + 1] == nums[j] + 1 {
            j += 1;
        }
        if !out.is_empty() {
            out.push(',');
        }
        if j > i + 1 {
            let _ = write!(out, "{}-{}", nums[i], nums[j]);
        } else if j == i + 1 {
            let _ = write!(out, "{},{}", nums[i], nums[j]);
        } else {
            let _ = write!(out, "{}", nums[i]);
        }
        i = j + 1;
    }
    out
}

fn marks(released: bool, immune: bool) -> &'static str {
    match (released, immune) {
        (true, true) => "+!",
        (true, false) => "+",
        (false, true) => "!",
        (false, false) => "",
    }
}

/// The pieces of one team on one hole (or beside the board, `cell == None`), grouped by
/// marks: `S1-8,10+!`.
fn team_token(s: &State, t: usize, cell: Option<Cell>, letter: Option<char>) -> String {
    let mut groups: Vec<(&'static str, Vec<usize>)> = Vec::new();
    for (i, p) in s.pieces(TeamId::new(t)).iter().enumerate() {
        if !p.alive() || p.place() != cell {
            continue;
        }
        let m = marks(p.released(), p.immune());
        match groups.iter_mut().find(|(k, _)| *k == m) {
            Some((_, v)) => v.push(i + 1),
            None => groups.push((m, vec![i + 1])),
        }
    }
    let mut out = String::new();
    for (m, v) in groups {
        if !out.is_empty() {
            out.push(' ');
        }
        if let Some(l) = letter {
            out.push(l);
        }
        out.push_str(&ranges(&v));
        out.push_str(m);
    }
    out
}

/// How a team walks a row: `→` from hole 1 to the last, `←` back; with labels and the goal.
fn row_directions(g: &Game, row: usize) -> String {
    let mut parts = Vec::new();
    for (t, team) in g.ir().teams.iter().enumerate() {
        let tr = &team.track;
        let mut walks = Vec::new();
        for seg in tr.segments.iter().filter(|seg| seg.row == row) {
            let mut w = String::from(if seg.backward { "←" } else { "→" });
            if let Some(l) = &seg.label {
                let _ = write!(w, " ({l})");
            }
            if let Some(goal) = tr.goal
                && goal >= seg.start
                && goal < seg.start + seg.len
            {
                w.push_str(" goal");
            }
            walks.push(w);
        }
        if tr.segments.first().is_some_and(|seg| seg.row == row) && !walks.is_empty() {
            walks[0].insert_str(0, "start ");
        }
        if !walks.is_empty() {
            parts.push(format!(
                "{} {}",
                g.ir().teams[TeamId::new(t)].name,
                walks.join(" then ")
            ));
        }
    }
    parts.join("; ")
}

/// The board as text: one line per row (the last row of the file on top), each hole with
/// the pieces on it, and each team's direction along the row.
pub fn render_board(g: &Game, s: &State) -> String {
    let ir = g.ir();
    let letters = team_letters(g);
    let max_len = ir.rows.iter().map(|r| r.len as usize).max().unwrap_or(0);
    let name_w = ir
        .rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(0);
    let token = |c: Cell| {
        let mut parts = Vec::new();
        for (t, &l) in letters.iter().enumerate() {
            let tok = team_token(s, t, Some(c), Some(l));
            if !tok.is_empty() {
                parts.push(tok);
            }
        }
        if parts.is_empty() {
            ".".to_string()
        } else {
            parts.join("/")
        }
    };
    let mut width = vec![2usize; max_len];
    for r in &ir.rows {
        for (h, w) in width.iter_mut().enumerate().take(r.len as usize) {
            *w = (*w).max(token(r.cell(h as u16)).chars().count());
        }
    }
    let mut out = String::new();
    let _ = write!(out, "{:name_w$} ", "");
    for (h, w) in width.iter().enumerate() {
        let _ = write!(out, " {:>w$}", h + 1);
    }
    out.push('\n');
    for (ri, r) in ir.rows.iter().enumerate().rev() {
        let _ = write!(out, "{:name_w$} ", r.name);
        for (h, w) in width.iter().enumerate().take(r.len as usize) {
            let _ = write!(out, " {:>w$}", token(r.cell(h as u16)));
        }
        let pad: usize = width.iter().skip(r.len as usize).map(|w| w + 1).sum();
        let _ = write!(out, "{:pad$}", "");
        let dirs = row_directions(g, ri);
        if !dirs.is_empty() {
            let _ = write!(out, "   {dirs}");
        }
        out = out.trim_end().to_string();
        out.push('\n');
    }
    let mut beside = Vec::new();
    let mut removed = Vec::new();
    let mut borne_off = Vec::new();
    let mut prisoners = Vec::new();
    for t in 0..2 {
        let tok = team_token(s, t, None, None);
        if !tok.is_empty() {
            beside.push(format!("{} {tok}", ir.teams[TeamId::new(t)].name));
        }
        let gone: Vec<usize> = (0..g.n_pieces(TeamId::new(t)))
            .filter(|&i| !s.piece(TeamId::new(t), i).alive())
            .map(|i| i + 1)
            .collect();
        if !gone.is_empty() {
            removed.push(format!(
                "{} {}",
                ir.teams[TeamId::new(t)].name,
                ranges(&gone)
            ));
        }
        let borne: Vec<usize> = (0..g.n_pieces(TeamId::new(t)))
            .filter(|&i| s.piece(TeamId::new(t), i).borne_off())
            .map(|i| i + 1)
            .collect();
        if !borne.is_empty() {
            borne_off.push(format!(
                "{} {}",
                ir.teams[TeamId::new(t)].name,
                ranges(&borne)
            ));
        }
        let held: Vec<usize> = (0..g.n_pieces(TeamId::new(t)))
            .filter(|&i| s.piece(TeamId::new(t), i).prisoner())
            .map(|i| i + 1)
            .collect();
        if !held.is_empty() {
            prisoners.push(format!(
                "{} {}",
                ir.teams[TeamId::new(t)].name,
                ranges(&held)
            ));
        }
    }
    if !beside.is_empty() {
        let _ = writeln!(out, "beside the board: {}", beside.join("; "));
    }
    if !removed.is_empty() {
        let _ = writeln!(out, "out of the game: {}", removed.join("; "));
    }
    if !borne_off.is_empty() {
        // Of the pieces out of the game, those borne off (not taken).
        let _ = writeln!(out, "borne off: {}", borne_off.join("; "));
    }
    if !prisoners.is_empty() {
        // Of the pieces out of play, those carried as prisoners (`take prisoner`).
        let _ = writeln!(out, "prisoners, carried: {}", prisoners.join("; "));
    }
    let _ = writeln!(
        out,
        "key: {} = {}, {} = {}; + released, ! immune; → from hole 1 to the last",
        letters[0],
        ir.teams[TeamId::FIRST].name,
        letters[1],
        ir.teams[TeamId::SECOND].name
    );
    out
}

/// The last throw: who threw it and its value, the sticks (the face the value counts for
/// the thrower first, in capitals), and the classes it belongs to.
pub fn render_throw(g: &Game, s: &State, thrower: Option<(TeamId, u8)>) -> Option<String> {
    let t = crate::tools::view::throw_seen(g, s, thrower)?;
    let faces = &g.ir().sticks.faces;
    let first = |f: u8| {
        faces
            .get(f as usize)
            .and_then(|x| x.chars().next())
            .unwrap_or('?')
    };
    let (a, b) = (
        first(t.counted.0).to_ascii_uppercase(),
        first(t.other.0).to_ascii_lowercase(),
    );
    let (a, b) = if a.eq_ignore_ascii_case(&b) {
        ('#', '.')
    } else {
        (a, b)
    };
    let sticks: Vec<String> = if t.dice.is_empty() {
        (0..t.sticks)
            .map(|i| if i < t.counted.1 { a } else { b }.to_string())
            .collect()
    } else {
        t.dice.iter().map(u8::to_string).collect()
    };
    let mut out = format!(
        "{}: [{}] {}",
        words::throw::headline(g.ir(), &t),
        sticks.join(" "),
        words::throw::faces(g.ir(), &t)
    );
    if !t.classes.is_empty() {
        let _ = write!(out, " ({})", t.classes.join(", "));
    }
    if let Some(h) = crate::tools::view::hand_words(s) {
        let _ = write!(out, "; {h}");
    }
    Some(out)
}

/// The pool of the turn: each entry with the throw that gave it, and who used it.
pub fn render_pool(g: &Game, s: &State) -> Option<String> {
    if s.pool().is_empty() {
        return None;
    }
    let items: Vec<String> = s
        .pool()
        .iter()
        .map(|e| {
            let kind = match e.kind {
                EntryKind::Release => "r",
                EntryKind::Either => "e",
                EntryKind::Back => "b",
                EntryKind::Part => "p",
                EntryKind::Move => "",
            };
            let rule = &g.ir().rules[e.rule.index()].id;
            let used = match e.used() {
                EntryUse::Unused => String::new(),
                EntryUse::By(p) if (p as usize) < g.n_pieces(s.team()) => {
                    format!(", used by {}", p + 1)
                }
                EntryUse::By(_) | EntryUse::Dropped => ", dropped".to_string(),
            };
            format!("[{kind}{} from a {}, {rule}{used}]", e.steps, e.thrown)
        })
        .collect();
    Some(format!("pool: {}", items.join(" ")))
}

fn player_words(session: &Session, team: TeamId, seat: u8) -> String {
    let kind = session.seats.kind(team, seat);
    let who = seat_name(&session.game, team, seat);
    if kind == AgentKind::Human {
        if session
            .seats
            .kinds
            .iter()
            .filter(|k| !k.is_computer())
            .count()
            == 1
        {
            format!("{who} (you)")
        } else {
            who
        }
    } else {
        format!("{who} ({kind})")
    }
}

/// The heading line: the game, the phase and the turn.
pub fn render_heading(session: &Session) -> String {
    let g = &session.game;
    let s = session.state();
    format!(
        "── {} · phase {} · turn {} ──\n",
        g.ir().game,
        g.ir().phases.value[s.phase().index()],
        s.turns() + 1
    )
}

/// The status below the board: the last throw, the pool, who is to play, the moves.
pub fn render_turn(session: &Session) -> String {
    let g = &session.game;
    let s = session.state();
    let mut out = String::new();
    if let Some(t) = render_throw(g, s, session.last_thrower()) {
        out.push_str(&t);
        out.push('\n');
    }
    if let Some(p) = render_pool(g, s) {
        out.push_str(&p);
        out.push('\n');
    }
    match super::end_words(g, s) {
        Some(end) => {
            let _ = writeln!(out, "{end} after {} turns", s.turns());
        }
        None => {
            let _ = writeln!(
                out,
                "{} {}",
                player_words(session, s.team(), s.seat()),
                stage_words(s)
            );
            if s.stage() == Stage::Move {
                for (i, d) in session.legal().iter().enumerate() {
                    let _ = writeln!(out, "  {:>2}) {}", i + 1, g.describe_decision(s, *d));
                }
            }
        }
    }
    out
}

/// A step as lines: who did what, then the events.
pub fn step_text(session: &Session, step: &Step) -> String {
    let who = player_words(session, step.team, step.seat);
    let verb = match step.action {
        Action::Throw { .. } => "throws",
        Action::Move { .. } => "moves",
    };
    let what = step
        .text
        .split_once(' ')
        .map_or(step.text.as_str(), |(_, rest)| rest);
    let mut out = format!("{who} {verb} {what}\n");
    let by_throw = matches!(step.action, Action::Throw { .. });
    for e in &step.events {
        if let Some(t) = words::effect(session.game.ir(), e, by_throw) {
            let _ = writeln!(out, "  {t}");
        }
    }
    out
}

fn refusal_text(g: &Game, what: &str, r: &Refusal) -> String {
    let mut out = format!("{what}: {}", crate::tools::words::refusal::line(g.ir(), r));
    for rule in r.grounds().filter_map(|x| x.origin()).map(|o| o.rule) {
        let _ = write!(out, "\n{}", rule_text(g, rule, "  "));
    }
    out
}

/// What one line of input asks for.
enum Command<'a> {
    Throw,
    Move(&'a str),
    Why(&'a str),
    Undo,
    Save(&'a str),
    Load(&'a str),
    Position,
    Board,
    Help,
    Quit,
    Empty,
    Unknown(&'a str),
}

fn parse_command(line: &str) -> Command<'_> {
    let line = line.trim();
    let (word, rest) = match line.split_once(char::is_whitespace) {
        Some((w, r)) => (w, r.trim()),
        None => (line, ""),
    };
    match word.to_ascii_lowercase().as_str() {
        "" => Command::Empty,
        "throw" | "t" => Command::Throw,
        "why" => Command::Why(rest),
        "undo" | "u" => Command::Undo,
        "save" => Command::Save(rest),
        "load" => Command::Load(rest),
        "position" | "pos" => Command::Position,
        "board" | "b" | "moves" => Command::Board,
        "help" | "h" | "?" => Command::Help,
        "quit" | "q" | "exit" => Command::Quit,
        _ if word.chars().next().is_some_and(|c| c.is_ascii_digit()) => Command::Move(line),
        _ => Command::Unknown(word),
    }
}

const COMMAND_NAMES: [&str; 10] = [
    "throw", "why", "undo", "save", "load", "position", "board", "help", "quit", "moves",
];

/// How the line mode runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// Repeat each command read (for transcripts: when the input is not a terminal, what
    /// was typed is not shown otherwise).
    pub echo: bool,
    /// Play people's throws and single-choice decisions by themselves (`--auto`).
    pub auto: bool,
    /// The input is a terminal: an end of input (Ctrl-D) with unsaved actions warns once,
    /// as `quit` does, and the signal guard ([`super::term::set_unsaved`]) is kept informed.
    pub tty: bool,
}

impl Default for Options {
    /// Echo on, auto off, not a terminal (as for a script).
    fn default() -> Options {
        Options {
            echo: true,
            auto: false,
            tty: false,
        }
    }
}

/// Plays until the game ends, the input ends or `quit`: success; or an error for the
/// command's reporter: the engine refuses to list a position's decisions (more than its
/// limit; exit 1), or the output cannot be written ([`CliError::Output`]: exit 74, or 141
/// quietly for a closed pipe, as every command's failed writes).
pub fn run(
    session: &mut Session,
    input: impl BufRead,
    mut out: impl Write,
    opts: Options,
) -> Result<Status, CliError> {
    let mut limit = None;
    run_inner(session, input, &mut out, opts, &mut limit)
        .and_then(|()| out.flush())
        .map_err(CliError::Output)?;
    match limit {
        Some(m) => Err(CliError::Failed(m)),
        None => Ok(Status::Success),
    }
}

/// What the loop has already printed, so the board and the turn cap are not repeated.
#[derive(Default)]
struct Shown {
    /// The heading, board and turn line are up to date.
    shown: bool,
    /// The board last printed (empty: print it again).
    last_board: String,
    /// The turn-cap notice has been printed.
    capped_said: bool,
    /// `quit` with unsaved actions has been warned about once.
    quit_warned: bool,
    /// How the loop runs.
    opts: Options,
}

/// "N actions of this game are not saved: `save FILE` keeps them", for the warnings of a
/// first `quit`, end of input or Ctrl-C.
pub fn unsaved_words(actions: usize) -> String {
    let (are, them) = if actions == 1 {
        ("is", "it")
    } else {
        ("are", "them")
    };
    format!(
        "{actions} action{} of this game {are} not saved: `save FILE` keeps {them}",
        plural(actions)
    )
}

/// Whether the game goes on after a command.
#[derive(PartialEq, Eq)]
enum Next {
    Prompt,
    Leave,
}

fn run_inner(
    session: &mut Session,
    mut input: impl BufRead,
    out: &mut impl Write,
    opts: Options,
    limit: &mut Option<String>,
) -> std::io::Result<()> {
    let mut view = Shown {
        opts,
        ..Shown::default()
    };
    let mut line = String::new();
    loop {
        computer_turns(session, out, &mut view)?;
        // A position past the engine's listing limit cannot be offered exactly: stop.
        if let Err(r) = session.legal_checked() {
            *limit = Some(crate::tools::words::refusal::what(&r));
            return Ok(());
        }
        show_position(session, out, &mut view)?;
        write!(out, "> ")?;
        out.flush()?;
        line.clear();
        if view.opts.tty {
            super::term::set_unsaved(session.unsaved_actions());
        }
        if !read_line(&mut input, &mut line, out)? {
            // At a terminal, Ctrl-D can be typed again: warn once about unsaved actions.
            if view.opts.tty && session.unsaved() && !view.quit_warned {
                view.quit_warned = true;
                writeln!(
                    out,
                    "{}, end of input again leaves without saving",
                    unsaved_words(session.unsaved_actions())
                )?;
                continue;
            }
            writeln!(out, "the game is left here")?;
            return Ok(());
        }
        let text = line.trim();
        if view.opts.echo {
            writeln!(out, "{text}")?;
        }
        if run_command(session, parse_command(text), out, &mut view)? == Next::Leave {
            return Ok(());
        }
    }
}

/// The computer plays its seats until a person is to act (or the engine stops it), and
/// with `--auto` people's throws and single choices are played too.
fn computer_turns(
    session: &mut Session,
    out: &mut impl Write,
    view: &mut Shown,
) -> std::io::Result<()> {
    let auto = view.opts.auto;
    while let Some(r) = session
        .computer_step()
        .or_else(|| if auto { session.forced_step() } else { None })
    {
        match r {
            Ok(step) => {
                write!(out, "{}", step_text(session, &step))?;
                view.shown = false;
            }
            Err(e) => {
                writeln!(
                    out,
                    "{}",
                    refusal_text(&session.game, "the engine stopped", &e)
                )?;
                break;
            }
        }
    }
    Ok(())
}

/// The heading, board and turn line when they are stale, and the turn-cap notice once.
fn show_position(session: &Session, out: &mut impl Write, view: &mut Shown) -> std::io::Result<()> {
    if !view.shown {
        // The board is shown again only when it has changed (or on `board`).
        let board = render_board(&session.game, session.state());
        if board != view.last_board {
            write!(out, "{}{board}", render_heading(session))?;
            view.last_board = board;
        }
        write!(out, "{}", render_turn(session))?;
        view.shown = true;
    }
    if session.capped() && !session.is_over() && !view.capped_said {
        writeln!(
            out,
            "the computer stops: {} seat turns played (the turn cap)",
            session.state().turns()
        )?;
        view.capped_said = true;
    }
    Ok(())
}

/// Reads one line into `line`; false (after saying why) when the input has ended or failed.
fn read_line(
    input: &mut impl BufRead,
    line: &mut String,
    out: &mut impl Write,
) -> std::io::Result<bool> {
    match input.read_line(line) {
        Ok(0) => {
            writeln!(out)?;
            write!(out, "end of input: ")?;
            Ok(false)
        }
        Ok(_) => Ok(true),
        Err(e) => {
            writeln!(out)?;
            write!(out, "cannot read the input ({e}): ")?;
            Ok(false)
        }
    }
}

/// Carries out one typed command.
fn run_command(
    session: &mut Session,
    command: Command<'_>,
    out: &mut impl Write,
    view: &mut Shown,
) -> std::io::Result<Next> {
    match command {
        Command::Empty => {}
        Command::Quit if session.unsaved() && !view.quit_warned => {
            view.quit_warned = true;
            writeln!(
                out,
                "{}, `quit` again leaves without saving",
                unsaved_words(session.unsaved_actions())
            )?;
        }
        Command::Quit => {
            writeln!(out, "quit: the game is left here")?;
            return Ok(Next::Leave);
        }
        Command::Help => writeln!(out, "{HELP}")?,
        Command::Position => writeln!(out, "{}", session.game.to_notation(session.state()))?,
        Command::Board => {
            view.last_board.clear();
            view.shown = false;
        }
        Command::Throw => throw_command(session, out, view)?,
        Command::Move(text) => move_command(session, text, out, view)?,
        Command::Why(arg) => writeln!(out, "{}", why_text(session, arg))?,
        Command::Undo => undo_command(session, out, view)?,
        Command::Save(path) => save_command(session, path, out)?,
        Command::Load(path) => load_command(session, path, out, view)?,
        Command::Unknown(w) => {
            let mut m = format!("unknown command `{w}`");
            if let Some(h) = crate::lang::diag::suggest(w, COMMAND_NAMES) {
                let _ = write!(m, " ({h})");
            }
            writeln!(out, "{m}; type `help` for the commands")?;
        }
    }
    Ok(Next::Prompt)
}

/// `throw`: throws for the person to act, or says why not now.
fn throw_command(
    session: &mut Session,
    out: &mut impl Write,
    view: &mut Shown,
) -> std::io::Result<()> {
    if let Some(m) = not_your_turn(session) {
        return writeln!(out, "{m}");
    }
    if session.state().stage() == Stage::Move {
        return writeln!(
            out,
            "it is not time to throw: {} must move a piece first (choose a move by its number, or `why N`)",
            seat_name(
                &session.game,
                session.state().team(),
                session.state().seat()
            )
        );
    }
    match session.throw() {
        Ok(step) => {
            write!(out, "{}", step_text(session, &step))?;
            view.shown = false;
        }
        Err(e) => writeln!(out, "{}", refusal_text(&session.game, "cannot throw", &e))?,
    }
    Ok(())
}

/// A move by number or notation: plays it, or says why it cannot be played.
fn move_command(
    session: &mut Session,
    text: &str,
    out: &mut impl Write,
    view: &mut Shown,
) -> std::io::Result<()> {
    if let Some(m) = not_your_turn(session) {
        return writeln!(out, "{m}");
    }
    if session.state().stage() == Stage::Throw {
        return writeln!(out, "it is time to throw, not to move: type `throw`");
    }
    let d = match choose_move(session, text) {
        Ok(d) => d,
        Err(m) => return writeln!(out, "{m}"),
    };
    let described = session.game.describe_decision(session.state(), d);
    match session.play(d) {
        Ok(step) => {
            write!(out, "{}", step_text(session, &step))?;
            view.shown = false;
        }
        Err(e) => writeln!(
            out,
            "{}",
            refusal_text(
                &session.game,
                &format!("the move {described} is not allowed"),
                &e
            )
        )?,
    }
    Ok(())
}

/// `undo`: takes back the last person's move (and the computer's after it).
fn undo_command(
    session: &mut Session,
    out: &mut impl Write,
    view: &mut Shown,
) -> std::io::Result<()> {
    let n = session.undo();
    view.last_board.clear();
    if n == 0 {
        writeln!(out, "nothing to undo: this is the start of the game")?;
    } else if session.actions().is_empty() {
        writeln!(
            out,
            "undo: back to the start of the game ({n} action{} taken back)",
            plural(n)
        )?;
        view.shown = false;
    } else {
        writeln!(out, "undo: {n} action{} taken back", plural(n))?;
        view.shown = false;
    }
    Ok(())
}

/// `save FILE`.
fn save_command(session: &mut Session, path: &str, out: &mut impl Write) -> std::io::Result<()> {
    // `save` alone saves to the file last saved to or loaded from.
    let last = session.last_file().map(|p| p.display().to_string());
    let path = match (path.is_empty(), last) {
        (false, _) => path.to_string(),
        (true, Some(l)) => l,
        (true, None) => return writeln!(out, "save needs a file name: `save FILE`"),
    };
    let path = path.as_str();
    match session.save(Path::new(path)) {
        Ok(()) => writeln!(
            out,
            "saved {} action{} to {path}",
            session.actions().len(),
            plural(session.actions().len())
        ),
        Err(e) => writeln!(out, "not saved: {e}"),
    }
}

/// `load FILE`: a loaded game is shown afresh, turn-cap notice included.
fn load_command(
    session: &mut Session,
    path: &str,
    out: &mut impl Write,
    view: &mut Shown,
) -> std::io::Result<()> {
    if path.is_empty() {
        return writeln!(out, "load needs a file name: `load FILE`");
    }
    match session.load(Path::new(path)) {
        Ok(()) => {
            writeln!(
                out,
                "loaded {path}: {} action{}",
                session.actions().len(),
                plural(session.actions().len())
            )?;
            *view = Shown {
                opts: view.opts,
                ..Shown::default()
            };
            Ok(())
        }
        Err(e) => writeln!(out, "not loaded: {e}"),
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn not_your_turn(session: &Session) -> Option<String> {
    let s = session.state();
    if let Some(end) = super::end_words(&session.game, s) {
        return Some(format!("{end} (`undo`, `save`, `load` or `quit`)"));
    }
    let kind = session.to_play();
    kind.is_computer().then(|| {
        format!(
            "it is {}'s turn, played by the computer ({kind})",
            seat_name(&session.game, s.team(), s.seat())
        )
    })
}

/// A move by number or in notation.
fn choose_move(session: &Session, text: &str) -> Result<crate::engine::Decision, String> {
    let legal = session.legal();
    if let Ok(n) = text.parse::<usize>() {
        return match n.checked_sub(1).and_then(|i| legal.get(i)) {
            Some(d) => Ok(*d),
            None => Err(format!(
                "there is no move {n}: the legal moves are numbered 1 to {}",
                legal.len()
            )),
        };
    }
    session
        .game
        .parse_decision(session.state(), text)
        .map_err(|e| {
            let e = words::position::notation_error(session.game.ir(), &e);
            format!("cannot read the move `{text}`: {e}")
        })
}

fn why_text(session: &Session, arg: &str) -> String {
    let s = session.state();
    if s.stage() != Stage::Move {
        return "no moves to explain now: `why N` names the rules behind legal move N".into();
    }
    let legal = session.legal();
    let d = match arg.parse::<usize>() {
        Ok(n) => match n.checked_sub(1).and_then(|i| legal.get(i)) {
            Some(d) => *d,
            None => {
                return format!(
                    "there is no move {n}: the legal moves are numbered 1 to {}",
                    legal.len()
                );
            }
        },
        Err(_) if arg.contains(':') => match session.game.parse_decision(s, arg) {
            Ok(d) => d,
            Err(e) => {
                let e = words::position::notation_error(session.game.ir(), &e);
                return format!("cannot read the move `{arg}`: {e}");
            }
        },
        Err(_) => return "why needs a move number: `why N`".into(),
    };
    let g = &session.game;
    let v = session.why(d);
    let mut out = format!(
        "move {}: {}",
        g.describe_decision(s, d),
        crate::tools::words::verdict::line(g.ir(), &v)
    );
    for r in crate::tools::words::verdict::rules(&v) {
        let _ = write!(out, "\n{}", rule_text(g, r, "  "));
    }
    out
}

/// Steps through a recorded game: Enter (or `next`) goes on, `back` goes back, `N` goes to
/// action N, `end`, `start`, `position`, `quit`. With `all`, prints every action and the
/// final position without reading input. Commands are repeated when `echo`. A failed write
/// is [`CliError::Output`], as in [`run`].
#[expect(
    clippy::too_many_arguments,
    reason = "the record's parts and the terminal's"
)]
pub fn replay(
    g: &Game,
    seats: &super::Seats,
    actions: &[Action],
    states: &[State],
    all: bool,
    echo: bool,
    input: impl BufRead,
    mut out: impl Write,
) -> Result<Status, CliError> {
    replay_inner(g, seats, actions, states, (all, echo), input, &mut out)
        .and_then(|()| out.flush())
        .map_err(CliError::Output)?;
    Ok(Status::Success)
}

fn replay_action_text(
    g: &Game,
    seats: &super::Seats,
    actions: &[Action],
    states: &[State],
    i: usize,
) -> String {
    let before = &states[i];
    let after = &states[i + 1];
    let mut ev = Vec::new();
    let mut s = before.clone();
    let _ = actions[i].apply(g, &mut s, &mut ev);
    let kind = seats.kind(before.team(), before.seat());
    let mut out = format!(
        "{}/{}: {} ({kind}) {}\n",
        i + 1,
        actions.len(),
        seat_name(g, before.team(), before.seat()),
        actions[i].describe(g, before)
    );
    let by_throw = matches!(actions[i], Action::Throw { .. });
    for e in &ev {
        if let Some(t) = words::effect(g.ir(), e, by_throw) {
            let _ = writeln!(out, "  {t}");
        }
    }
    let _ = after;
    out
}

fn replay_inner(
    g: &Game,
    seats: &super::Seats,
    actions: &[Action],
    states: &[State],
    (all, echo): (bool, bool),
    mut input: impl BufRead,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let status = |s: &State| {
        let mut t = format!(
            "── {} · phase {} · turn {} ──\n{}",
            g.ir().game,
            g.ir().phases.value[s.phase().index()],
            s.turns() + 1,
            render_board(g, s)
        );
        if let Some(x) = render_throw(g, s, None) {
            t.push_str(&x);
            t.push('\n');
        }
        if let Some(x) = render_pool(g, s) {
            t.push_str(&x);
            t.push('\n');
        }
        match super::end_words(g, s) {
            Some(end) => {
                let _ = writeln!(t, "{end}");
            }
            None => {
                let _ = writeln!(t, "{} {}", seat_name(g, s.team(), s.seat()), stage_words(s));
            }
        }
        t
    };
    if all {
        for i in 0..actions.len() {
            write!(out, "{}", replay_action_text(g, seats, actions, states, i))?;
        }
        write!(out, "{}", status(&states[actions.len()]))?;
        return Ok(());
    }
    let mut at = 0usize;
    write!(out, "{}", status(&states[0]))?;
    writeln!(
        out,
        "replay of {} actions: Enter or `next`, `back`, a number, `start`, `end`, `position`, `quit`",
        actions.len()
    )?;
    let mut line = String::new();
    loop {
        write!(out, "[{at}/{}] > ", actions.len())?;
        out.flush()?;
        line.clear();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return Ok(());
        }
        let cmd = line.trim().to_ascii_lowercase();
        if echo {
            writeln!(out, "{cmd}")?;
        }
        let target = match cmd.as_str() {
            "" | "n" | "next" => {
                if at == actions.len() {
                    writeln!(out, "the record ends here")?;
                    continue;
                }
                write!(out, "{}", replay_action_text(g, seats, actions, states, at))?;
                at + 1
            }
            "b" | "back" => {
                if at == 0 {
                    writeln!(out, "this is the start")?;
                    continue;
                }
                at - 1
            }
            "start" => 0,
            "end" => actions.len(),
            "position" | "pos" => {
                writeln!(out, "{}", g.to_notation(&states[at]))?;
                continue;
            }
            "q" | "quit" => return Ok(()),
            other => match other.parse::<usize>() {
                Ok(n) if n <= actions.len() => n,
                _ => {
                    writeln!(
                        out,
                        "unknown command `{other}`: Enter or `next`, `back`, a number 0 to {}, `start`, `end`, `position`, `quit`",
                        actions.len()
                    )?;
                    continue;
                }
            },
        };
        at = target;
        write!(out, "{}", status(&states[at]))?;
    }
}
