//! The playout trace: one [`TraceLine`] per action (a throw or a decision), in move
//! notation, pieces numbered as in the position notation (from 1), holes named as there
//! (a `'` for each earlier visit along the track), rules by ID and what happened in words.
//! [`Tracer`] is the driver hook that builds the lines; the command line prints them as
//! text ([`TraceLine::text`]) or JSON lines.

use crate::driver::{Hooks, Outcome};
use seig_engine::{Decision, Event, Game, Piece, State};
use seig_lang::ir::{Ir, RuleIx, TeamId};
use serde::Serialize;

/// Something that happened in an action, in words a program can match on.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TraceEvent {
    /// `capture`, `send-home` (a capture too), `removal` (by a throw's effect), `immune`,
    /// `forfeit`, `pass`, `throw-on`, `home` (a piece sent home put on its hole, the hole
    /// in `detail`), `phase` or `win`.
    pub kind: &'static str,
    /// The team concerned (the victim's for a capture or send-home).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// The piece concerned, numbered from 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<usize>,
    /// The new phase, or the count of entries forfeited.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
    /// The rule, by ID.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// In words ([`crate::words::event()`]).
    #[serde(skip)]
    pub words: String,
}

/// One action of a traced game.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TraceLine {
    /// Seat turns played before the action.
    pub turn: u32,
    /// The team that acts.
    pub team: String,
    /// Its seat, from 1.
    pub seat: u8,
    /// `throw` or `move`.
    pub action: &'static str,
    /// A throw's value, or the move in move notation (`12:r1+3x`).
    pub notation: String,
    /// For a throw: sticks showing the first face, of the sticks thrown (`3/8`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sticks: Option<String>,
    /// For a move: where the piece was (`off` beside the board).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// For a move: where it went.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// For a move: legal decisions there were.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub of: Option<usize>,
    /// The rules that allowed the move or that the throw met, by ID.
    pub rules: Vec<String>,
    /// What else happened.
    pub events: Vec<TraceEvent>,
    /// Why the engine refused the action, if it did (the game ends there).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<String>,
}

use crate::words::{self, Taking, rule_id};

fn team_name(ir: &Ir, t: TeamId) -> String {
    words::team(ir, t).to_string()
}

/// The place of a piece as the position notation names it.
pub(crate) fn place_name(g: &Game, team: TeamId, p: &Piece) -> String {
    if !p.alive() {
        return "x".into();
    }
    let Some(c) = p.place() else {
        return "off".into();
    };
    let ir = g.ir();
    let tr = &ir.team_of(team).track;
    let before = p.track_index().unwrap_or(0).min(tr.cells.len());
    let earlier = tr
        .cells
        .get(..before)
        .map_or(0, |cs| cs.iter().filter(|&&x| x == c).count());
    let mut name = ir.cell_name(c);
    name.extend(std::iter::repeat_n('\'', earlier));
    name
}

impl TraceLine {
    /// The line for people: `T12 north.1 move 3:4 central_north.5>central_north.9' [SIG-T3]; takes south 7 (removed, SIG-C1)`.
    pub fn text(&self) -> String {
        use std::fmt::Write;
        let mut o = format!(
            "T{} {}.{} {} {}",
            self.turn, self.team, self.seat, self.action, self.notation
        );
        if let Some(k) = &self.sticks {
            let _ = write!(o, " ({k})");
        }
        if let (Some(a), Some(b)) = (&self.from, &self.to) {
            let _ = write!(o, " {a}>{b}");
        }
        if let Some(n) = self.of {
            let _ = write!(o, " (of {n})");
        }
        if !self.rules.is_empty() {
            let _ = write!(o, " [{}]", self.rules.join(", "));
        }
        for e in &self.events {
            let _ = write!(o, "; {}", e.text());
        }
        if let Some(r) = &self.refused {
            let _ = write!(o, "; refused: {r}");
        }
        o
    }
}

impl TraceEvent {
    /// In words, as every tool words it: `south piece 7 is captured and sent home (SIG-C2)`.
    pub fn text(&self) -> &str {
        &self.words
    }
}

/// The driver hook that builds a game's trace and hands each line to `sink` once its
/// action is applied (or refused).
pub struct Tracer<F: FnMut(&TraceLine)> {
    sink: F,
    pending: Option<(TraceLine, Option<(TeamId, u8)>)>,
    raw: Vec<Event>,
    /// The pending action and the position before it, for the engine's verdict when the
    /// action forfeits (its reasons are the verdict's, judged only then).
    before: Option<(State, Result<Decision, u8>)>,
}

impl<F: FnMut(&TraceLine)> Tracer<F> {
    /// A tracer handing its lines to `sink`.
    pub fn new(sink: F) -> Self {
        Tracer {
            sink,
            pending: None,
            raw: Vec::new(),
            before: None,
        }
    }

    fn start(g: &Game, s: &State, action: &'static str, notation: String) -> TraceLine {
        TraceLine {
            turn: s.turns(),
            team: team_name(g.ir(), s.team()),
            seat: s.seat() + 1,
            action,
            notation,
            sticks: None,
            from: None,
            to: None,
            of: None,
            rules: Vec::new(),
            events: Vec::new(),
            refused: None,
        }
    }
}

impl<F: FnMut(&TraceLine)> Hooks for Tracer<F> {
    fn throw(&mut self, g: &Game, s: &State, k: u8) {
        let ir = g.ir();
        let n = g.sticks_for(s);
        let value = ir
            .sticks
            .value
            .value
            .throw_value(ir.team_of(s.team()).colour_face(), k, n);
        let mut l = Self::start(g, s, "throw", value.to_string());
        l.sticks = Some(words::throw::sticks(g, k, n));
        self.pending = Some((l, None));
        self.before = Some((s.clone(), Err(k)));
    }

    fn decision(&mut self, g: &Game, s: &State, legal: &[Decision], d: Decision) {
        let team = s.team();
        let mut l = Self::start(g, s, "move", g.decision_notation(s, d));
        l.from = s
            .pieces(team)
            .get(d.piece as usize)
            .map(|p| place_name(g, team, p));
        l.of = Some(legal.len());
        self.pending = Some((l, Some((team, d.piece))));
        self.before = Some((s.clone(), Ok(d)));
    }

    fn event(&mut self, e: Event) {
        // Events carry indices; they are named once the action is done.
        if self.pending.is_some() {
            self.raw.push(e);
        }
    }

    fn applied(&mut self, g: &Game, s: &State) {
        self.finish(g, s, None);
    }

    fn end(&mut self, g: &Game, s: &State, out: &Outcome) {
        // An action the engine refused is never `applied`: its line still shows, with why.
        let why = out.aborted().map(str::to_string);
        if self.pending.is_some() {
            self.finish(g, s, why.or_else(|| Some("not applied".into())));
        }
    }
}

impl<F: FnMut(&TraceLine)> Tracer<F> {
    fn finish(&mut self, g: &Game, s: &State, refused: Option<String>) {
        let Some((mut l, mover)) = self.pending.take() else {
            return;
        };
        let ir = g.ir();
        let before = self.before.take();
        for e in self.raw.drain(..) {
            match e {
                Event::Throw { rule, .. } => l.rules.extend(rule.map(|r| rule_id(ir, r))),
                Event::Moved { rules, .. } => {
                    l.rules.extend(rules.iter().map(|&r| rule_id(ir, r)));
                }
                Event::Forfeit { .. } => {
                    let mut ev = describe(ir, &e, l.action == "throw");
                    if let Some(w) = before.as_ref().and_then(|b| forfeit_words(g, b)) {
                        ev.words = w;
                    }
                    l.events.push(ev);
                }
                other => l.events.push(describe(ir, &other, l.action == "throw")),
            }
        }
        if let Some((team, piece)) = mover
            && refused.is_none()
        {
            l.to = s
                .pieces(team)
                .get(piece as usize)
                .map(|p| place_name(g, team, p));
        }
        l.refused = refused;
        (self.sink)(&l);
    }
}

/// A forfeit in the words of the engine's verdict on the action that made it: the default
/// that forfeits, and why no piece could use each entry.
fn forfeit_words(g: &Game, (s, action): &(State, Result<Decision, u8>)) -> Option<String> {
    let v = match *action {
        Ok(d) => g.verdict(s, d),
        Err(k) => g.throw_verdict(s, k),
    };
    let seig_engine::Verdict::Legal(cs) = v else {
        return None;
    };
    cs.iter()
        .find(|c| matches!(c, seig_engine::Consequence::Forfeited { .. }))
        .map(|c| words::verdict::consequence(g.ir(), c))
}

/// An engine event as a trace event (`by_throw`: it happened while a throw was applied).
fn describe(ir: &Ir, e: &Event, by_throw: bool) -> TraceEvent {
    let t = |x: TeamId| Some(team_name(ir, x));
    let r = |x: RuleIx| Some(rule_id(ir, x));
    let ev = |kind, team, piece: Option<u8>, detail, rule| TraceEvent {
        kind,
        team,
        piece: piece.map(|p| p as usize + 1),
        detail,
        rule,
        words: words::event(ir, e, by_throw),
    };
    match *e {
        Event::Captured {
            team, piece, rule, ..
        } => ev(
            words::taking(e, by_throw).map_or("capture", Taking::tag),
            t(team),
            Some(piece),
            None,
            r(rule),
        ),
        Event::Immune { team, piece, rule } => ev("immune", t(team), Some(piece), None, r(rule)),
        Event::Forfeit { entries } => ev("forfeit", None, None, Some(entries.to_string()), None),
        Event::Phase { to, rule } => ev(
            "phase",
            None,
            None,
            ir.phases.value.get(to.index()).cloned(),
            r(rule),
        ),
        Event::Won { team, rule } => ev("win", t(team), None, None, r(rule)),
        Event::Passed { entries } => ev("pass", None, None, Some(entries.to_string()), None),
        Event::ThrewOn => ev("throw-on", None, None, None, None),
        Event::HomeChosen { team, piece, cell } => {
            ev("home", t(team), Some(piece), Some(ir.cell_name(cell)), None)
        }
        Event::Throw { .. } | Event::Moved { .. } => ev("other", None, None, None, None),
    }
}
