//! The play requests: a game is a [`Session`] (the terminal game's: undo, save and load of
//! the same records, computer seats) with a log; every answer is the whole view of it.
//!
//! Bounded: at most [`MAX_GAMES`] games are kept, each of at most [`MAX_ACTIONS`] actions
//! (a record with more is refused, and play stops there), since every action keeps the
//! position before it for undo. The computer's turns run on the request's worker thread;
//! the page may ask how far they have got (`GET …/progress`, which never waits for the
//! game) and stop them (`POST …/cancel`: the computer stops before its next action).

use super::{App, Choices, Fail, Reply, bad, lock, parse};
use crate::engine::{Event, Game, Refusal};
use crate::lang::ir::TeamId;
use crate::tools::agents::Budget;
use crate::tools::analysis::explain::cite;
use crate::tools::play::{Seats, Session, Step};
use crate::tools::record::{self, Action, Record};
use crate::tools::view::{BoardView, board_view};
use crate::tools::words;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Games kept at once; a new one past this drops the oldest.
pub const MAX_GAMES: usize = 8;
/// Actions a game may hold (each keeps a position, for undo).
pub const MAX_ACTIONS: usize = 20_000;
/// Actions the computer may take in one request (a game between computers may not end).
const MAX_COMPUTER_STEPS: usize = 20_000;

/// One line of the log.
#[derive(Debug, Clone, Serialize)]
pub struct LogLine {
    /// Team that acted.
    pub team: String,
    /// Seat (1-based).
    pub seat: u8,
    /// Who played it (`human`, `greedy`…).
    pub player: String,
    /// `throw` or `move`.
    pub kind: &'static str,
    /// The action in words.
    pub text: String,
    /// What followed.
    pub events: Vec<String>,
    /// `capture`, `send-home`, `swap`, `removal` ([`words::Taking::tag`]), `phase`, `won` or empty: what
    /// the page marks.
    pub mark: &'static str,
}

/// A game being played in the page.
pub struct WebGame {
    /// The offered file it plays.
    pub file: usize,
    /// The session.
    pub session: Session,
    /// One line per action.
    pub log: Vec<LogLine>,
}

/// A game and what may be known of it while a request holds it.
pub struct Slot {
    game: Mutex<WebGame>,
    /// Actions the computer took in the request under way (or the last one).
    computer_actions: AtomicU64,
    /// Set by a cancel: the computer stops before its next action.
    cancel: AtomicBool,
}

/// Every game, by number.
#[derive(Default)]
pub struct Games {
    next: u64,
    by_id: BTreeMap<u64, Arc<Slot>>,
}

fn log_line(
    g: &Game,
    kind_of: &Seats,
    step_team: TeamId,
    seat: u8,
    text: String,
    events: &[Event],
    action: &Action,
) -> LogLine {
    let ir = g.ir();
    let by_throw = matches!(action, Action::Throw { .. });
    let mark = if events.iter().any(|e| matches!(e, Event::Won { .. })) {
        "won"
    } else if let Some(t) = events.iter().find_map(|e| words::taking(e, by_throw)) {
        t.tag()
    } else if events.iter().any(|e| matches!(e, Event::Phase { .. })) {
        "phase"
    } else {
        ""
    };
    LogLine {
        team: ir.team_of(step_team).name.clone(),
        seat: seat + 1,
        player: kind_of.kind(step_team, seat).name().to_string(),
        kind: match action {
            Action::Throw { .. } => "throw",
            Action::Move { .. } => "move",
        },
        text,
        events: events
            .iter()
            .filter_map(|e| words::effect(ir, e, by_throw))
            .collect(),
        mark,
    }
}

impl WebGame {
    fn push(&mut self, step: &Step) {
        let line = log_line(
            &self.session.game,
            &self.session.seats,
            step.team,
            step.seat,
            step.text.clone(),
            &step.events,
            &step.action,
        );
        self.log.push(line);
    }

    /// The log rebuilt from the actions (after a load).
    fn rebuild_log(&mut self) {
        let g = &self.session.game;
        let actions = self.session.actions().to_vec();
        let mut s = g.initial_state();
        let mut log = Vec::with_capacity(actions.len());
        for a in &actions {
            let before = s.clone();
            let mut ev: Vec<Event> = Vec::new();
            if a.apply(g, &mut s, &mut ev).is_err() {
                break;
            }
            log.push(log_line(
                g,
                &self.session.seats,
                before.team(),
                before.seat(),
                a.describe(g, &before),
                &ev,
                a,
            ));
        }
        self.log = log;
    }

    /// Lets the computer seats act until a person is to act, the game ends, a cap, or a
    /// cancel (`Ok(true)`: it was cancelled).
    fn run_computer(&mut self, slot: &Slot) -> Result<bool, Refusal> {
        slot.computer_actions.store(0, Ordering::Relaxed);
        for _ in 0..MAX_COMPUTER_STEPS {
            if slot.cancel.swap(false, Ordering::Relaxed) {
                return Ok(true);
            }
            if self.session.actions().len() >= MAX_ACTIONS {
                break;
            }
            match self.session.computer_step() {
                None => break,
                Some(Ok(step)) => {
                    self.push(&step);
                    slot.computer_actions.fetch_add(1, Ordering::Relaxed);
                }
                Some(Err(r)) => return Err(r),
            }
        }
        Ok(false)
    }
}

/// The answer for a game: its board, seats, log and what the page may do.
#[derive(Serialize)]
struct View<'a> {
    id: u64,
    file: usize,
    seed: u64,
    seats: Vec<record::SeatRecord>,
    to_play: String,
    human_to_act: bool,
    capped: bool,
    can_undo: bool,
    board: BoardView,
    /// Lines in the whole log.
    log_len: usize,
    /// The index of the first line sent (the page asks for the lines it lacks).
    log_from: usize,
    log: &'a [LogLine],
    /// The refusal of the last request, if it was refused.
    refused: Option<RefusedView>,
    /// The computer's turns were stopped by a cancel.
    stopped: bool,
    /// The game holds [`MAX_ACTIONS`] actions: it can be saved, not played on.
    full: bool,
}

#[derive(Serialize)]
struct RefusedView {
    message: String,
    rule: Option<crate::tools::analysis::explain::RuleCite>,
}

/// What a request did to a game besides its action.
#[derive(Default)]
struct Outcome {
    refused: Option<Refusal>,
    stopped: bool,
}

impl Outcome {
    /// The outcome of the computer's turns.
    fn of(run: Result<bool, Refusal>) -> Outcome {
        match run {
            Ok(stopped) => Outcome {
                refused: None,
                stopped,
            },
            Err(r) => Outcome {
                refused: Some(r),
                stopped: false,
            },
        }
    }
}

fn view(id: u64, w: &WebGame, out: Outcome, since: usize) -> Reply {
    let from = since.min(w.log.len());
    let s = &w.session;
    let over = s.is_over();
    Reply::json(&View {
        id,
        file: w.file,
        seed: s.seed,
        seats: s.seats.to_records(&s.game),
        to_play: s.to_play().name().to_string(),
        human_to_act: !over && !s.to_play().is_computer(),
        capped: s.capped(),
        can_undo: !s.actions().is_empty(),
        board: board_view(&s.game, s.state(), s.last_thrower()),
        log_len: w.log.len(),
        log_from: from,
        log: w.log.get(from..).unwrap_or_default(),
        refused: out.refused.map(|r| RefusedView {
            message: crate::tools::words::refusal::line(s.game.ir(), &r),
            rule: r.rule().map(|x| cite(s.game.ir(), x)),
        }),
        stopped: out.stopped,
        full: s.actions().len() >= MAX_ACTIONS,
    })
}

/// A position of the game's replay: after `n` actions, with the move that led there (its
/// holes and path, from the legal moves of the position before), for the page's replay.
fn at_view(session: &Session, n: &str) -> Result<Reply, Fail> {
    let total = session.actions().len();
    let n: usize = n.parse().ok().filter(|&n| n <= total).ok_or_else(|| {
        bad(format!(
            "no position {n}: the game has positions 0 to {total}"
        ))
    })?;
    let history = session.history();
    let state = history.get(n).unwrap_or(session.state());
    let actions = session.actions().get(..n).unwrap_or_default();
    let board = board_view(
        &session.game,
        state,
        crate::tools::play::last_thrower(actions, history),
    );
    // The move played into this position, as the position before listed it.
    let played = n
        .checked_sub(1)
        .and_then(|i| Some((history.get(i)?, session.actions().get(i)?.as_decision()?)))
        .and_then(|(before, d)| {
            let mut legal = Vec::new();
            session.game.legal_decisions(before, &mut legal);
            let ix = legal.iter().position(|x| *x == d)?;
            board_view(&session.game, before, None)
                .moves
                .into_iter()
                .nth(ix)
        });
    Ok(Reply::json(&serde_json::json!({
        "at": n,
        "total": total,
        "board": board,
        "played": played,
    })))
}

/// What a new game asks for.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewGame {
    file: usize,
    /// Edited text to play instead of the file's (the editor's).
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    choices: Choices,
    #[serde(default = "one")]
    seed: u64,
    /// Team name → player kind; teams not named keep the default.
    #[serde(default)]
    seats: BTreeMap<String, String>,
    /// How hard the computer thinks (0.1 to 8).
    #[serde(default = "unit")]
    budget: f64,
}

fn one() -> u64 {
    1
}
fn unit() -> f64 {
    1.0
}

/// `POST /api/games`: a new game; the computer plays until a person is to act.
pub fn new_game(app: &App, body: &[u8]) -> Result<Reply, Fail> {
    let req: NewGame = parse(body)?;
    let f = app.file(req.file)?;
    let text = req.text.as_deref().unwrap_or(&f.text);
    let loaded = crate::tools::analysis::load_text(text, &req.choices.selection())
        .map_err(|e| bad(e.render()))?;
    let game = Game::new(loaded.ir);
    let specs: Vec<String> = req.seats.iter().map(|(t, k)| format!("{t}={k}")).collect();
    let seats = Seats::parse(&game, &specs).map_err(|e| bad(e.to_string()))?;
    if !req.budget.is_finite() || !(0.1..=8.0).contains(&req.budget) {
        return Err(bad("budget is a number from 0.1 to 8"));
    }
    let session = Session::new(
        game,
        f.path.clone(),
        text.as_bytes().to_vec(),
        req.seed,
        seats,
        Budget::scaled(req.budget),
    );
    let slot = Arc::new(Slot {
        game: Mutex::new(WebGame {
            file: req.file,
            session,
            log: Vec::new(),
        }),
        computer_actions: AtomicU64::new(0),
        cancel: AtomicBool::new(false),
    });
    // The game is listed before the computer plays, so that the page can follow and
    // cancel a game between computers from its start (`GET /api/games`).
    let mut w = lock(&slot.game);
    let id = {
        let mut games = lock(&app.games);
        games.next += 1;
        let id = games.next;
        while games.by_id.len() >= MAX_GAMES {
            // The oldest game no request holds, else the oldest (its request finishes it).
            let idle = games
                .by_id
                .iter()
                .find(|(_, g)| g.game.try_lock().is_ok())
                .map(|(id, _)| *id);
            let Some(oldest) = idle.or_else(|| games.by_id.keys().next().copied()) else {
                break;
            };
            games.by_id.remove(&oldest);
        }
        games.by_id.insert(id, Arc::clone(&slot));
        id
    };
    let out = Outcome::of(w.run_computer(&slot));
    Ok(view(id, &w, out, 0))
}

/// `GET /api/games`: the games kept, each with whether a request is working on it and
/// how many actions the computer took in it.
pub fn list(app: &App) -> Reply {
    let games = lock(&app.games);
    let list: Vec<serde_json::Value> = games
        .by_id
        .iter()
        .map(|(id, slot)| {
            serde_json::json!({
                "id": id,
                "busy": slot.game.try_lock().is_err(),
                "computer_actions": slot.computer_actions.load(Ordering::Relaxed),
            })
        })
        .collect();
    Reply::json(&list)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Play {
    index: usize,
}

/// Refuses an action that would take a game past [`MAX_ACTIONS`].
fn room(w: &WebGame) -> Result<(), Fail> {
    if w.session.actions().len() >= MAX_ACTIONS {
        return Err((
            409,
            format!(
                "this game holds {MAX_ACTIONS} actions, the most the page keeps: save it, or start a new one"
            ),
        ));
    }
    Ok(())
}

/// `…/api/games/ID/…`: view, throw, move, continue (the computer plays on), undo, record
/// (save and load), and, without
/// waiting for a request that holds the game, progress and cancel. The answer's log
/// starts at line `since` (the page has the lines before), but after an undo or a load,
/// which rewrite it.
pub fn game(
    app: &App,
    method: &str,
    id: u64,
    rest: &[&str],
    body: &[u8],
    since: usize,
) -> Result<Reply, Fail> {
    let mut since = since;
    let slot = lock(&app.games).by_id.get(&id).cloned().ok_or_else(|| {
        (
            404,
            format!("no game {id} (it may have been closed; start a new one)"),
        )
    })?;
    let busy = || slot.game.try_lock().is_err();
    match (method, rest) {
        ("GET", ["progress"]) => {
            return Ok(Reply::json(&serde_json::json!({
                "busy": busy(),
                "computer_actions": slot.computer_actions.load(Ordering::Relaxed),
            })));
        }
        ("POST", ["cancel"]) => {
            let running = busy();
            if running {
                slot.cancel.store(true, Ordering::Relaxed);
            }
            return Ok(Reply::json(&serde_json::json!({ "cancelled": running })));
        }
        _ => {}
    }
    let mut w = match slot.game.try_lock() {
        Ok(w) => w,
        Err(std::sync::TryLockError::Poisoned(p)) => p.into_inner(),
        Err(std::sync::TryLockError::WouldBlock) => {
            return Err((409, format!("game {id} is busy with another request")));
        }
    };
    slot.cancel.store(false, Ordering::Relaxed);
    let out = match (method, rest) {
        ("GET", []) => Outcome::default(),
        ("POST", ["throw"]) => {
            room(&w)?;
            match w.session.throw() {
                Ok(step) => {
                    w.push(&step);
                    Outcome::of(w.run_computer(&slot))
                }
                Err(r) => Outcome::of(Err(r)),
            }
        }
        ("POST", ["move"]) => {
            room(&w)?;
            let p: Play = parse(body)?;
            let legal = w.session.legal();
            let d = *legal.get(p.index).ok_or_else(|| {
                bad(format!(
                    "no decision {}: there are {} legal decision(s) now",
                    p.index,
                    legal.len()
                ))
            })?;
            match w.session.play(d) {
                Ok(step) => {
                    w.push(&step);
                    Outcome::of(w.run_computer(&slot))
                }
                Err(r) => Outcome::of(Err(r)),
            }
        }
        // The computer's seats play on (after a cancel stopped them).
        ("POST", ["continue"]) => {
            room(&w)?;
            Outcome::of(w.run_computer(&slot))
        }
        ("POST", ["undo"]) => {
            w.session.undo();
            let n = w.session.actions().len();
            w.log.truncate(n);
            since = 0;
            Outcome::default()
        }
        ("GET", ["at", n]) => return at_view(&w.session, n),
        ("GET", ["record"]) => {
            return Ok(Reply {
                status: 200,
                kind: "application/json",
                body: w
                    .session
                    .to_record()
                    .to_json()
                    .map_err(|e| (500, format!("cannot write the record: {e}")))?
                    .into_bytes(),
            });
        }
        ("POST", ["record"]) => {
            let r =
                Record::from_json("the uploaded record", body).map_err(|e| bad(e.to_string()))?;
            if r.actions.len() > MAX_ACTIONS {
                return Err((
                    413,
                    format!(
                        "the record holds {} actions; the page takes records of at most {MAX_ACTIONS} (replay longer ones with `seig replay`)",
                        r.actions.len()
                    ),
                ));
            }
            w.session
                .adopt(&r)
                .map_err(|e| bad(format!("cannot continue this record: {e}")))?;
            w.rebuild_log();
            since = 0;
            Outcome::of(w.run_computer(&slot))
        }
        _ => {
            return Err((
                404,
                format!("no such request for a game: {method} {}", rest.join("/")),
            ));
        }
    };
    Ok(view(id, &w, out, since))
}
