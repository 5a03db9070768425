//! The play requests: a game is a [`Session`] (the terminal game's: undo, save and load of
//! the same records, computer seats) with a log; every answer is the whole view of it.

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
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// Games kept at once; a new one past this drops the oldest.
const MAX_GAMES: usize = 32;
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
    /// `capture`, `send-home`, `removal` ([`words::Taking::tag`]), `phase`, `won` or empty: what
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

/// Every game, by number (one thread answers requests, so a game is an `Rc`).
#[derive(Default)]
pub struct Games {
    next: u64,
    by_id: BTreeMap<u64, Rc<RefCell<WebGame>>>,
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

    /// Lets the computer seats act until a person is to act, the game ends, or the cap.
    fn run_computer(&mut self) -> Result<(), Refusal> {
        for _ in 0..MAX_COMPUTER_STEPS {
            match self.session.computer_step() {
                None => break,
                Some(Ok(step)) => self.push(&step),
                Some(Err(r)) => return Err(r),
            }
        }
        Ok(())
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
}

#[derive(Serialize)]
struct RefusedView {
    message: String,
    rule: Option<crate::tools::analysis::explain::RuleCite>,
}

fn view(id: u64, w: &WebGame, refused: Option<Refusal>, since: usize) -> Reply {
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
        board: board_view(&s.game, s.state()),
        log_len: w.log.len(),
        log_from: from,
        log: w.log.get(from..).unwrap_or_default(),
        refused: refused.map(|r| RefusedView {
            message: r.message.into_owned(),
            rule: r.rule.map(|x| cite(s.game.ir(), x)),
        }),
    })
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
    let mut w = WebGame {
        file: req.file,
        session,
        log: Vec::new(),
    };
    let refused = w.run_computer().err();
    let mut games = lock(&app.games);
    games.next += 1;
    let id = games.next;
    while games.by_id.len() >= MAX_GAMES {
        let Some(&oldest) = games.by_id.keys().next() else {
            break;
        };
        games.by_id.remove(&oldest);
    }
    let reply = view(id, &w, refused, 0);
    games.by_id.insert(id, Rc::new(RefCell::new(w)));
    Ok(reply)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Play {
    index: usize,
}

/// `…/api/games/ID/…`: view, throw, move, undo, record (save and load). The answer's log
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
    let cell = lock(&app.games).by_id.get(&id).cloned().ok_or_else(|| {
        (
            404,
            format!("no game {id} (it may have been closed; start a new one)"),
        )
    })?;
    let mut w = cell
        .try_borrow_mut()
        .map_err(|_| (409, format!("game {id} is busy with another request")))?;
    let refused = match (method, rest) {
        ("GET", []) => None,
        ("POST", ["throw"]) => match w.session.throw() {
            Ok(step) => {
                w.push(&step);
                w.run_computer().err()
            }
            Err(r) => Some(r),
        },
        ("POST", ["move"]) => {
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
                    w.run_computer().err()
                }
                Err(r) => Some(r),
            }
        }
        ("POST", ["undo"]) => {
            w.session.undo();
            let n = w.session.actions().len();
            w.log.truncate(n);
            since = 0;
            None
        }
        ("GET", ["record"]) => {
            return Ok(Reply {
                status: 200,
                kind: "application/json",
                body: w.session.to_record().to_json().into_bytes(),
            });
        }
        ("POST", ["record"]) => {
            let r =
                Record::from_json("the uploaded record", body).map_err(|e| bad(e.to_string()))?;
            w.session
                .adopt(&r)
                .map_err(|e| bad(format!("cannot continue this record: {e}")))?;
            w.rebuild_log();
            since = 0;
            w.run_computer().err()
        }
        _ => {
            return Err((
                404,
                format!("no such request for a game: {method} {}", rest.join("/")),
            ));
        }
    };
    Ok(view(id, &w, refused, since))
}
