//! Playing a variant: seats (people or computer players) and the game session with undo,
//! save and load. The session prints nothing; the terminal's front ends (the line mode and
//! the full-screen one) are the command line's (`seig play`).
//!
//! Throws are fixed by the seed, through the one RNG protocol ([`crate::driver`]):
//! a session with seed `S` is game 0 of `S`, `Streams::for_game(S, 0)`, and its throw `i`
//! (counting from 0) is draw `i` of the game stream, as in `seig playout --seed S` while no
//! random decision draws in between. A computer's decision at action `j` draws from its
//! team's agent stream keyed by `j` (`Streams::stream_at(Stream::Agent(team), j)`), so that a
//! loaded game resumes without replaying the computer's searches. A saved game therefore
//! continues exactly as it would have, and the same seed and seats give the same game.

use crate::agents::{self, Agent, AgentKind, Budget};
use crate::driver::{Stream, Streams};
use crate::record::{self, Action, Record, RecordError, RecordErrorKind, SeatRecord};
use seig_engine::{Decision, Event, Game, Quiet, Refusal, RefusalKind, State};
use seig_lang::ir::{ByTeam, Cell, PhaseId, RuleIx, TeamId};
use std::path::{Path, PathBuf};

/// A `--seat` specification that does not fit the variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatError {
    /// Not `TEAM=PLAYER`.
    #[error("a seat is TEAM=PLAYER (e.g. {example}=human), got `{spec}`")]
    Malformed {
        /// The specification.
        spec: String,
        /// A team of the variant, for the example.
        example: String,
    },
    /// The player is not a known kind; the message says which are.
    #[error("{0}")]
    Player(#[from] crate::agents::UnknownPlayer),
    /// No team has this name.
    #[error("unknown team `{team}` in `--seat {spec}`; the teams are {teams}{hint}")]
    UnknownTeam {
        /// The name given.
        team: String,
        /// The specification.
        spec: String,
        /// The variant's teams, `a and b`.
        teams: String,
        /// ` (did you mean …?)`, or empty.
        hint: String,
    },
    /// The team has no such seat.
    #[error("no seat `{seat}` in `--seat {spec}`: team `{team}` has seats 1 to {seats}")]
    NoSeat {
        /// The seat given.
        seat: String,
        /// The specification.
        spec: String,
        /// The team.
        team: String,
        /// Seats per team.
        seats: u8,
    },
}

/// Who plays each seat: index `team * seats_per_team + seat`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seats {
    /// Seats per team.
    pub per_team: u8,
    /// Kinds.
    pub kinds: Vec<AgentKind>,
}

impl Seats {
    /// The default: the first team human, the other the strongest computer player.
    pub(crate) fn default_for(g: &Game) -> Seats {
        let per_team = g.ir().seats.value.max(1);
        let mut kinds = vec![AgentKind::Human; per_team as usize];
        kinds.extend(std::iter::repeat_n(AgentKind::STRONGEST, per_team as usize));
        Seats { per_team, kinds }
    }

    /// The default changed by `TEAM=KIND` / `TEAM.SEAT=KIND` specifications.
    pub fn parse(g: &Game, specs: &[String]) -> Result<Seats, SeatError> {
        let mut seats = Seats::default_for(g);
        let teams: Vec<&str> = g.ir().teams.iter().map(|t| t.name.as_str()).collect();
        for spec in specs {
            let (who, kind) = spec.split_once('=').ok_or_else(|| SeatError::Malformed {
                spec: spec.clone(),
                example: g.ir().team_of(TeamId::FIRST).name.clone(),
            })?;
            let kind = AgentKind::parse(kind).map_err(SeatError::Player)?;
            let (team, seat) = match who.trim().split_once(['.', ':']) {
                Some((t, n)) => (t.trim(), Some(n.trim())),
                None => (who.trim(), None),
            };
            let t = g.ir().team(team).ok_or_else(|| SeatError::UnknownTeam {
                team: team.to_string(),
                spec: spec.clone(),
                teams: teams.join(" and "),
                hint: seig_lang::diag::suggest(team, teams.iter().copied())
                    .map(|h| format!(" ({h})"))
                    .unwrap_or_default(),
            })?;
            let range = match seat {
                None => 0..seats.per_team,
                Some(n) => {
                    let no_seat = || SeatError::NoSeat {
                        seat: n.to_string(),
                        spec: spec.clone(),
                        team: team.to_string(),
                        seats: seats.per_team,
                    };
                    let n: u8 = n
                        .parse()
                        .ok()
                        .filter(|&n| n >= 1 && n <= seats.per_team)
                        .ok_or_else(no_seat)?;
                    n - 1..n
                }
            };
            for s in range {
                if let Some(k) = seats
                    .kinds
                    .get_mut(t.index() * seats.per_team as usize + s as usize)
                {
                    *k = kind;
                }
            }
        }
        Ok(seats)
    }

    /// Who plays `seat` (0-based) of `team`.
    pub fn kind(&self, team: TeamId, seat: u8) -> AgentKind {
        self.kinds
            .get(team.index() * self.per_team as usize + seat as usize)
            .copied()
            .unwrap_or(AgentKind::Human)
    }

    /// As record entries.
    pub fn to_records(&self, g: &Game) -> Vec<SeatRecord> {
        TeamId::BOTH
            .into_iter()
            .flat_map(|t| (0..self.per_team).map(move |s| (t, s)))
            .map(|(t, s)| SeatRecord {
                team: g.ir().team_of(t).name.clone(),
                seat: s + 1,
                player: self.kind(t, s),
            })
            .collect()
    }

    /// From record entries (seats a record does not name stay as the default).
    pub fn from_records(g: &Game, recs: &[SeatRecord]) -> Seats {
        let mut seats = Seats::default_for(g);
        for r in recs {
            if let Some(t) = g.ir().team(&r.team)
                && r.seat >= 1
                && r.seat <= seats.per_team
            {
                let at = t.index() * seats.per_team as usize + r.seat as usize - 1;
                if let Some(k) = seats.kinds.get_mut(at) {
                    *k = r.player;
                }
            }
        }
        seats
    }
}

/// A game being played: the variant, the seats, every action so far, undo, save and load.
pub struct Session {
    /// The variant.
    pub game: Game,
    /// The rule file as named.
    pub file: PathBuf,
    /// Its bytes (for the record's hash).
    pub file_bytes: Vec<u8>,
    /// Seed of the throws.
    pub seed: u64,
    /// Who plays.
    pub seats: Seats,
    /// How hard the computer thinks.
    pub budget: Budget,
    /// Seat turns after which the computer stops playing.
    pub max_turns: u32,
    /// Every action so far.
    actions: Vec<Action>,
    /// The state before each action (`history[i]` is before `actions[i]`).
    history: Vec<State>,
    /// The position now.
    state: State,
    agents: Vec<Option<Box<dyn Agent>>>,
    /// Actions when the game was last started, saved or loaded.
    saved_len: usize,
    /// Fewest actions the game has had since then (undo takes saved ones back).
    kept: usize,
    /// The file last saved to or loaded from.
    last_file: Option<PathBuf>,
}

/// What a step of the game did.
#[derive(Debug, Clone)]
pub struct Step {
    /// The action.
    pub action: Action,
    /// Who took it: team, seat, kind.
    pub team: TeamId,
    /// Seat (0-based).
    pub seat: u8,
    /// Player kind.
    pub player: AgentKind,
    /// Its description against the position before (`throw 3 (3 of 8 marked)`, `move 3:4 a.1>a.5`).
    pub text: String,
    /// What happened.
    pub events: Vec<Event>,
}

impl Session {
    /// A new game.
    pub fn new(
        game: Game,
        file: PathBuf,
        file_bytes: Vec<u8>,
        seed: u64,
        seats: Seats,
        budget: Budget,
    ) -> Session {
        let state = game.initial_state();
        let agents = seats
            .kinds
            .iter()
            .map(|&k| agents::make(k, budget))
            .collect();
        Session {
            game,
            file,
            file_bytes,
            seed,
            seats,
            budget,
            max_turns: crate::driver::MAX_TURNS,
            actions: Vec::new(),
            history: Vec::new(),
            state,
            agents,
            saved_len: 0,
            kept: 0,
            last_file: None,
        }
    }

    /// Have actions been taken or taken back since the game was started, saved or loaded?
    pub fn unsaved(&self) -> bool {
        self.unsaved_actions() > 0
    }

    /// The legal decisions now, grouped into the entries people choose from
    /// (`group_decisions`).
    pub fn choices(&self) -> Vec<Choice> {
        group_decisions(&self.game, &self.state, &self.legal())
    }

    /// Is the seat to act a person with nothing to decide: a throw is due, or exactly one
    /// choice is open? (`--auto` then acts for them.)
    pub fn forced(&self) -> bool {
        if self.is_over() || self.to_play().is_computer() {
            return false;
        }
        self.game.is_chance(&self.state) || self.choices().len() == 1
    }

    /// Acts for a person who has nothing to decide ([`Session::forced`]): throws, or plays
    /// the one open choice. `None` when there is a decision to make.
    pub fn forced_step(&mut self) -> Option<Result<Step, Refusal>> {
        if !self.forced() {
            return None;
        }
        if self.game.is_chance(&self.state) {
            return Some(self.throw());
        }
        let d = self.choices().first()?.decision;
        Some(self.play(d))
    }

    /// The position now.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Every action so far.
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Who plays the seat to act now.
    pub fn to_play(&self) -> AgentKind {
        self.seats.kind(self.state.team(), self.state.seat())
    }

    /// Is the game over?
    pub fn is_over(&self) -> bool {
        self.game.is_over(&self.state)
    }

    /// Has the turn cap stopped the computer?
    pub fn capped(&self) -> bool {
        self.state.turns() >= self.max_turns
    }

    /// The legal decisions now, or the engine's refusal of a position with more than
    /// [`seig_engine::MAX_DECISIONS`] of them (the front ends stop with its message).
    pub fn legal_checked(&self) -> Result<Vec<Decision>, Refusal> {
        let mut v = Vec::new();
        self.game.legal_decisions_checked(&self.state, &mut v)?;
        Ok(v)
    }

    /// The legal decisions now, in the engine's order (the numbers people choose by).
    pub fn legal(&self) -> Vec<Decision> {
        let mut v = Vec::new();
        self.game.legal_decisions(&self.state, &mut v);
        v
    }

    fn record_step(&mut self, action: Action) -> Result<Step, Refusal> {
        let before = self.state.clone();
        let mut events = Vec::new();
        let text = action.describe(&self.game, &before);
        action.apply(&self.game, &mut self.state, &mut events)?;
        self.history.push(before.clone());
        self.actions.push(action);
        Ok(Step {
            action,
            team: before.team(),
            seat: before.seat(),
            player: self.seats.kind(before.team(), before.seat()),
            text,
            events,
        })
    }

    /// Throws for the seat to play (the outcome is fixed by the seed and the throw's number).
    pub fn throw(&mut self) -> Result<Step, Refusal> {
        if !self.game.is_chance(&self.state) {
            return Err(Refusal::fact(if self.is_over() {
                RefusalKind::Over
            } else {
                RefusalKind::NotThrowTime
            }));
        }
        let mut dice = Streams::for_game(self.seed, 0).game();
        dice.skip(self.state.game_throws() as u64);
        let u = dice.next_u64();
        let k = self.game.sample_outcome(&self.state, u);
        self.record_step(Action::Throw { k })
    }

    /// Plays a decision.
    pub fn play(&mut self, d: Decision) -> Result<Step, Refusal> {
        self.record_step(Action::decision(d))
    }

    /// If a computer seat is to act (and the game goes on), lets it act.
    pub fn computer_step(&mut self) -> Option<Result<Step, Refusal>> {
        if self.is_over() || self.capped() || !self.to_play().is_computer() {
            return None;
        }
        if self.game.is_chance(&self.state) {
            return Some(self.throw());
        }
        let ix =
            self.state.team().index() * self.seats.per_team as usize + self.state.seat() as usize;
        let mut rng = Streams::for_game(self.seed, 0)
            .stream_at(Stream::Agent(self.state.team()), self.actions.len() as u64);
        let d = match self.agents.get_mut(ix).and_then(|a| a.as_mut()) {
            Some(agent) => agent.choose(&self.game, &self.state, &mut rng),
            None => None,
        };
        match d {
            Some(d) => Some(self.play(d)),
            // The computer player found no legal move.
            None => Some(Err(Refusal::fact(RefusalKind::Other))),
        }
    }

    /// Takes back the last decision a person made, and everything after it; with none,
    /// goes back to the start. Returns how many actions were taken back.
    pub fn undo(&mut self) -> usize {
        let last_human = self.actions.iter().zip(&self.history).rposition(|(a, h)| {
            matches!(a, Action::Move { .. }) && !self.seats.kind(h.team(), h.seat()).is_computer()
        });
        let to = last_human.unwrap_or(0);
        let n = self.actions.len() - to;
        if n > 0 {
            if let Some(back) = self.history.get(to) {
                self.state = back.clone();
            }
            self.actions.truncate(to);
            self.history.truncate(to);
            self.kept = self.kept.min(to);
        }
        n
    }

    /// The game as a record.
    pub fn to_record(&self) -> Record {
        let mut r = Record::new(
            &self.game,
            &self.file,
            &self.file_bytes,
            self.seed,
            self.seats.to_records(&self.game),
        );
        r.set_actions(&self.game, &self.actions);
        r
    }

    /// Saves the game atomically.
    /// A path naming the rule file being played is refused (a save never replaces it).
    pub fn save(&mut self, path: &Path) -> Result<(), RecordError> {
        if crate::files::same_file(path, &self.file) {
            return Err(RecordError {
                kind: RecordErrorKind::Io,
                message: format!(
                    "cannot save to {}: it is the rule file being played; save the game to another file",
                    path.display()
                ),
            });
        }
        self.to_record().save(path)?;
        self.mark_saved(Some(path));
        Ok(())
    }

    /// Replaces the game by a saved one made with the same rule file, readings and
    /// parameters (the seats stay as they are; the seed is the record's).
    pub fn load(&mut self, path: &Path) -> Result<(), RecordError> {
        let r = Record::load(path)?;
        self.adopt(&r)?;
        self.last_file = Some(path.to_path_buf());
        Ok(())
    }

    /// Replaces the game by a record's (checked against this game).
    pub fn adopt(&mut self, r: &Record) -> Result<(), RecordError> {
        check_belongs(r, &self.file, &self.file_bytes)?;
        r.check_matches(&self.game, &self.file_bytes)?;
        let actions = r.plain_actions();
        let mut states = record::replay_all(&self.game, &actions)?;
        let last = states.pop().unwrap_or_else(|| self.game.initial_state());
        self.history = states;
        self.state = last;
        self.actions = actions;
        self.seed = r.seed;
        self.mark_saved(None);
        Ok(())
    }

    /// The game as it stands is the saved one; `file`, when given, is the one to suggest
    /// for the next save.
    fn mark_saved(&mut self, file: Option<&Path>) {
        self.saved_len = self.actions.len();
        self.kept = self.saved_len;
        if let Some(f) = file {
            self.last_file = Some(f.to_path_buf());
        }
    }

    /// The positions before each action (`history()[i]` is before `actions()[i]`).
    pub fn history(&self) -> &[State] {
        &self.history
    }

    /// Starts the game again with another seed (seats, budget and file stay; the file last
    /// saved to is forgotten, so that a save does not replace the old game unasked).
    pub fn restart(&mut self, seed: u64) {
        self.seed = seed;
        self.state = self.game.initial_state();
        self.actions.clear();
        self.history.clear();
        self.saved_len = 0;
        self.kept = 0;
        self.last_file = None;
    }

    /// Who made the last throw: team and seat (0-based).
    pub fn last_thrower(&self) -> Option<(TeamId, u8)> {
        last_thrower(&self.actions, &self.history)
    }

    /// Actions taken since the game was started, saved or loaded (0 when nothing is unsaved).
    /// Saved actions taken back count too: the saved game differs from this one by those.
    pub fn unsaved_actions(&self) -> usize {
        (self.actions.len() - self.kept.min(self.actions.len())) + (self.saved_len - self.kept)
    }

    /// The file the game was last saved to or loaded from, if any.
    pub fn last_file(&self) -> Option<&Path> {
        self.last_file.as_deref()
    }

    /// The engine's verdict on a decision: what it does and the statement behind each
    /// consequence, or the refusal and what decided it (the terminal's `w`).
    pub fn why(&self, d: Decision) -> seig_engine::Verdict {
        self.game.verdict(&self.state, d)
    }
}

/// Who made the last throw among `actions`, `before[i]` being the state before `actions[i]`:
/// the seat to play before it.
pub fn last_thrower(actions: &[Action], before: &[State]) -> Option<(TeamId, u8)> {
    actions
        .iter()
        .zip(before)
        .rev()
        .find(|(a, _)| matches!(a, Action::Throw { .. }))
        .map(|(_, s)| (s.team(), s.seat()))
}

/// Refuses, in one sentence, a record made with another rule file (its SHA-256 differs from
/// that of `file_bytes`, the file `file` as loaded): the readings and parameters of another
/// file say nothing useful about this one.
pub(crate) fn check_belongs(r: &Record, file: &Path, file_bytes: &[u8]) -> Result<(), RecordError> {
    let sha = record::sha256_hex(file_bytes);
    if sha == r.sha256 {
        return Ok(());
    }
    let short =
        |h: &str| crate::terminal::escape(&h.chars().take(12).collect::<String>()).into_owned();
    Err(RecordError {
        kind: RecordErrorKind::Mismatch,
        message: format!(
            "this record belongs to another rule file: {} (SHA-256 {}…), not {} (SHA-256 {}…)",
            crate::terminal::escape(&r.file),
            short(&r.sha256),
            file.display(),
            short(&sha)
        ),
    })
}

/// One entry of the list people choose from: the legal decisions that lead to the same
/// position, up to which of a team's equal pieces is named (starting "piece 1" or "piece 7"
/// of twelve waiting pieces is one decision).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Choice {
    /// The decision played for this entry: the first of `same` in the engine's order.
    pub decision: Decision,
    /// Every legal decision with this result, in the engine's order.
    pub same: Vec<Decision>,
}

/// Most decisions [`group_decisions`] groups: a position with more is offered decision by
/// decision (no person reads such a list; grouping applies every decision, and an applied
/// decision can cost the engine a search of the pool that is left). The bundled games'
/// positions have at most a few hundred.
pub(crate) const MAX_GROUPED: usize = 4_096;

/// Groups legal decisions by the position each leads to, compared up to a renumbering of
/// each team's pieces (`outcome_key`); groups keep the engine's order of their first
/// decisions. A decision the engine refuses stays an entry of its own, and so does every
/// decision of a position with more than [`MAX_GROUPED`].
pub(crate) fn group_decisions(g: &Game, s: &State, legal: &[Decision]) -> Vec<Choice> {
    let single = |d: Decision| Choice {
        decision: d,
        same: vec![d],
    };
    if legal.len() > MAX_GROUPED {
        return legal.iter().map(|&d| single(d)).collect();
    }
    let mut owner: std::collections::HashMap<OutcomeKey, usize> =
        std::collections::HashMap::with_capacity(legal.len());
    let mut out: Vec<Choice> = Vec::new();
    for &d in legal {
        let mut after = s.clone();
        let key = Action::decision(d)
            .apply(g, &mut after, &mut Quiet)
            .ok()
            .map(|()| outcome_key(g, &after));
        match key {
            Some(k) => match owner.get(&k).and_then(|&o| out.get_mut(o)) {
                Some(c) => c.same.push(d),
                None => {
                    owner.insert(k, out.len());
                    out.push(single(d));
                }
            },
            None => out.push(single(d)),
        }
    }
    out
}

/// A position with each team's pieces as a sorted list rather than by number: each piece
/// as (track place, hole, flags, the pool entries it used), the pool without the piece
/// numbers, and everything else the state holds that a player can see.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct OutcomeKey {
    pieces: ByTeam<Vec<PieceKey>>,
    pool: Vec<EntryKey>,
    rest: (
        PhaseId,
        usize,
        u8,
        seig_engine::Stage,
        bool,
        Option<u8>,
        u8,
        u8,
        u32,
        u32,
    ),
    last: Option<(u8, u8, u8)>,
    landed: ByTeam<seig_lang::ir::CellSet>,
}

/// A piece of an [`OutcomeKey`]: track place, hole, flags, the pool entries it used.
type PieceKey = (Option<usize>, Option<Cell>, u8, u64);
/// A pool entry of an [`OutcomeKey`]: places, throw, kind, family, binding, whether used
/// (open, dropped, by a piece), rule.
type EntryKey = (u8, u8, u8, u8, Option<u8>, u8, RuleIx);

fn outcome_key(g: &Game, s: &State) -> OutcomeKey {
    let pieces = ByTeam::from_fn(|t| {
        let mut v: Vec<PieceKey> = s
            .pieces(t)
            .iter()
            .take(g.n_pieces(t))
            .enumerate()
            .map(|(i, p)| {
                let used = s
                    .pool()
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| {
                        t == s.team() && e.used() == seig_engine::EntryUse::By(i as u8)
                    })
                    .fold(0u64, |m, (j, _)| {
                        m | 1u64.checked_shl(j as u32).unwrap_or(0)
                    });
                (p.track_index(), p.place(), p.flags.bits(), used)
            })
            .collect();
        v.sort_unstable();
        v
    });
    let n = g.n_pieces(s.team());
    let pool = s
        .pool()
        .iter()
        .map(|e| {
            let kind = match e.kind {
                seig_engine::EntryKind::Move => 0,
                seig_engine::EntryKind::Release => 1,
                seig_engine::EntryKind::Either => 2,
                seig_engine::EntryKind::Back => 3,
                seig_engine::EntryKind::Part => 4,
            };
            // Used by some piece (which one is in `pieces`), or dropped, or open.
            let state = match e.used() {
                seig_engine::EntryUse::Unused => 0,
                seig_engine::EntryUse::By(p) if (p as usize) < n => 2,
                _ => 1,
            };
            (e.steps, e.thrown, kind, e.family, e.bound(), state, e.rule)
        })
        .collect();
    OutcomeKey {
        pieces,
        pool,
        rest: (
            s.phase(),
            s.team().index(),
            s.seat(),
            s.stage(),
            s.again(),
            s.bind(),
            s.turn_throws(),
            s.team_throws(),
            s.game_throws(),
            s.turns(),
        ),
        last: s.last(),
        landed: ByTeam::from_fn(|t| s.landed(t)),
    }
}
