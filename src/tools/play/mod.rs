//! Playing a variant at the terminal: seats (people or computer players), the game session
//! with undo, save and load, and the two front ends, the line mode ([`plain`]) and the
//! full-screen one.
//!
//! Throws are fixed by the seed: throw `i` of a game (counting from 0) draws one `u64` from
//! `Rng::for_game(seed, i)`; the computer's decision at action `j` draws from
//! `Rng::for_game(seed ^ AGENT_SALT, j)`. A saved game therefore continues exactly as it
//! would have, and the same seed and seats give the same game.

pub mod plain;
pub mod tui;

use crate::cli::Choices;
use crate::engine::{Decision, Event, Game, Refusal, RefusalKind, Stage, State};
use crate::lang::diag::{self, Diagnostic};
use crate::lang::ir::{RuleIx, TeamId};
use crate::tools::agents::{self, Agent, AgentKind, Budget};
use crate::tools::record::{self, Action, Record, RecordError, SeatRecord};
use crate::tools::sim::Rng;
use std::path::{Path, PathBuf};

/// Mixed into the seed for the computer players' generators.
pub const AGENT_SALT: u64 = 0x5EED_A6E7_0000_0001;

/// `seig play`: play a variant against people or the computer.
#[derive(clap::Args, Debug, Clone)]
pub struct PlayArgs {
    /// Rule file.
    pub file: PathBuf,
    #[command(flatten)]
    pub choices: Choices,
    /// Who plays a team: `--seat TEAM=human|random|greedy|expectimax|mcts`, or one seat of
    /// it with `TEAM.SEAT=…` (repeatable). Default: the first team human, the other the
    /// strongest computer player.
    #[arg(long = "seat", value_name = "TEAM=PLAYER")]
    pub seats: Vec<String>,
    /// Seed of the throws (default: from the clock, and printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Line mode on standard input and output (for scripts, screen readers and tests).
    #[arg(long)]
    pub plain: bool,
    /// Continue a saved game.
    #[arg(long, value_name = "RECORD")]
    pub load: Option<PathBuf>,
    /// How hard the computer thinks: 1 is the default, 2 examines twice as many positions.
    #[arg(long, default_value_t = 1.0)]
    pub budget: f64,
    /// Seat turns after which the computer stops playing (a game between computers may not end).
    #[arg(long, default_value_t = 10_000)]
    pub max_turns: u32,
}

/// `seig replay`: step through a game record.
#[derive(clap::Args, Debug, Clone)]
pub struct ReplayArgs {
    /// The record (JSON, as `save` writes it).
    pub record: PathBuf,
    /// Rule file (default: the one the record names).
    #[arg(long)]
    pub file: Option<PathBuf>,
    /// Line mode on standard input and output.
    #[arg(long)]
    pub plain: bool,
    /// Print the whole game at once (line mode) instead of stepping.
    #[arg(long)]
    pub all: bool,
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
    pub fn default_for(g: &Game) -> Seats {
        let per_team = g.ir().seats.max(1);
        let mut kinds = vec![AgentKind::Human; per_team as usize];
        kinds.extend(std::iter::repeat_n(AgentKind::STRONGEST, per_team as usize));
        Seats { per_team, kinds }
    }

    /// The default changed by `TEAM=KIND` / `TEAM.SEAT=KIND` specifications.
    pub fn parse(g: &Game, specs: &[String]) -> Result<Seats, String> {
        let mut seats = Seats::default_for(g);
        let teams: Vec<&str> = g.ir().teams.iter().map(|t| t.name.as_str()).collect();
        for spec in specs {
            let (who, kind) = spec.split_once('=').ok_or_else(|| {
                format!(
                    "a seat is TEAM=PLAYER (e.g. {}=human), got `{spec}`",
                    teams[0]
                )
            })?;
            let kind = AgentKind::parse(kind)?;
            let (team, seat) = match who.trim().split_once(['.', ':']) {
                Some((t, n)) => (t.trim(), Some(n.trim())),
                None => (who.trim(), None),
            };
            let t = g.ir().team(team).ok_or_else(|| {
                let mut m = format!(
                    "unknown team `{team}` in `--seat {spec}`; the teams are {}",
                    teams.join(" and ")
                );
                if let Some(h) = crate::lang::lower::suggest(team, teams.iter().copied()) {
                    m.push_str(&format!(" ({h})"));
                }
                m
            })?;
            let range = match seat {
                None => 0..seats.per_team,
                Some(n) => {
                    let n: u8 = n
                        .parse()
                        .ok()
                        .filter(|&n| n >= 1 && n <= seats.per_team)
                        .ok_or_else(|| {
                            format!(
                                "no seat `{n}` in `--seat {spec}`: team `{team}` has seats 1 to {}",
                                seats.per_team
                            )
                        })?;
                    n - 1..n
                }
            };
            for s in range {
                seats.kinds[t.index() * seats.per_team as usize + s as usize] = kind;
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
                team: g.ir().teams[t.index()].name.clone(),
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
                seats.kinds[t.index() * seats.per_team as usize + r.seat as usize - 1] = r.player;
            }
        }
        seats
    }

    /// Is any seat a person?
    pub fn any_human(&self) -> bool {
        self.kinds.iter().any(|k| !k.is_computer())
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
            max_turns: 10_000,
            actions: Vec::new(),
            history: Vec::new(),
            state,
            agents,
        }
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
            return Err(Refusal {
                kind: if self.is_over() {
                    RefusalKind::Over
                } else {
                    RefusalKind::NotThrowTime
                },
                message: if self.is_over() {
                    "the game is over".into()
                } else {
                    "it is not time to throw: a piece must be moved first".into()
                },
                rule: None,
            });
        }
        let u = Rng::for_game(self.seed, self.state.game_throws() as u64).next_u64();
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
        let mut rng = Rng::for_game(self.seed ^ AGENT_SALT, self.actions.len() as u64);
        let d = match self.agents.get_mut(ix).and_then(|a| a.as_mut()) {
            Some(agent) => agent.choose(&self.game, &self.state, &mut rng),
            None => None,
        };
        match d {
            Some(d) => Some(self.play(d)),
            None => Some(Err(Refusal {
                kind: RefusalKind::Other,
                message: "the computer player found no legal move".into(),
                rule: None,
            })),
        }
    }

    /// Takes back the last decision a person made, and everything after it; with none,
    /// goes back to the start. Returns how many actions were taken back.
    pub fn undo(&mut self) -> usize {
        let last_human = (0..self.actions.len()).rev().find(|&i| {
            matches!(self.actions[i], Action::Move { .. })
                && !self
                    .seats
                    .kind(self.history[i].team(), self.history[i].seat())
                    .is_computer()
        });
        let to = last_human.unwrap_or(0);
        let n = self.actions.len() - to;
        if n > 0 {
            self.state = self.history[to].clone();
            self.actions.truncate(to);
            self.history.truncate(to);
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
    pub fn save(&self, path: &Path) -> Result<(), RecordError> {
        self.to_record().save(path)
    }

    /// Replaces the game by a saved one made with the same rule file, readings and
    /// parameters (the seats stay as they are; the seed is the record's).
    pub fn load(&mut self, path: &Path) -> Result<(), RecordError> {
        let r = Record::load(path)?;
        self.adopt(&r)
    }

    /// Replaces the game by a record's (checked against this game).
    pub fn adopt(&mut self, r: &Record) -> Result<(), RecordError> {
        r.check_matches(&self.game, &self.file_bytes)?;
        let actions = r.plain_actions();
        let mut states = record::replay_all(&self.game, &actions)?;
        let last = states.pop().unwrap_or_else(|| self.game.initial_state());
        self.history = states;
        self.state = last;
        self.actions = actions;
        self.seed = r.seed;
        Ok(())
    }

    /// The rules behind a decision, with their status and quoted sentences.
    pub fn why(&self, d: Decision) -> Vec<RuleIx> {
        match self
            .game
            .check_move(&self.state, self.state.team(), d.piece, d.mask)
        {
            Ok(l) => {
                let mut v: Vec<RuleIx> = l.rules().to_vec();
                if let Some(r) = l.immune
                    && !v.contains(&r)
                {
                    v.push(r);
                }
                v
            }
            Err(r) => r.rule.into_iter().collect(),
        }
    }
}

/// A rule as text: `ID (status)` then each citation quoted, one per line, indented.
pub fn rule_text(g: &Game, r: RuleIx, indent: &str) -> String {
    let Some(info) = g.ir().rules.get(r as usize) else {
        return format!("{indent}rule #{r}");
    };
    let mut out = format!("{indent}{} ({})", info.id, info.status.as_str());
    if info.citations.is_empty() {
        out.push_str(&format!("\n{indent}  (no source sentence)"));
    }
    for (src, quote) in &info.citations {
        out.push_str(&format!("\n{indent}  {src}: \"{quote}\""));
    }
    out
}

/// Loads a rule file: its bytes and the game, or prints the diagnostics to `err` and gives
/// the exit code.
pub fn load_game(
    path: &Path,
    choices: &Choices,
    err: &mut dyn std::io::Write,
) -> Result<(Game, Vec<u8>), i32> {
    let bytes = crate::tools::files::read(path).map_err(|m| {
        let _ = writeln!(err, "{m}");
        1
    })?;
    let (text, lowered) = crate::lang::load(&bytes, &choices.selection());
    let errors: Vec<&Diagnostic> = lowered
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    if !errors.is_empty() || lowered.ir.is_none() {
        let _ = write!(
            err,
            "{}",
            diag::render(
                &path.display().to_string(),
                text.as_deref().unwrap_or(""),
                &lowered.diagnostics
            )
        );
        return Err(1);
    }
    match lowered.ir {
        Some(ir) => Ok((Game::new(ir), bytes)),
        None => Err(1),
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() ^ (d.subsec_nanos() as u64) << 20)
        .unwrap_or(1)
        % 1_000_000
}

/// Builds the session a `play` command asks for, or prints why not.
pub fn session_for(args: &PlayArgs, err: &mut dyn std::io::Write) -> Result<Session, i32> {
    let (game, bytes) = load_game(&args.file, &args.choices, err)?;
    let mut seats = match Seats::parse(&game, &args.seats) {
        Ok(s) => s,
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            return Err(2);
        }
    };
    let loaded = match &args.load {
        Some(p) => match Record::load(p) {
            Ok(r) => Some(r),
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                return Err(1);
            }
        },
        None => None,
    };
    if let Some(r) = &loaded
        && args.seats.is_empty()
    {
        seats = Seats::from_records(&game, &r.seats);
    }
    let seed = loaded
        .as_ref()
        .map(|r| r.seed)
        .or(args.seed)
        .unwrap_or_else(clock_seed);
    let mut session = Session::new(
        game,
        args.file.clone(),
        bytes,
        seed,
        seats,
        Budget::scaled(args.budget),
    );
    session.max_turns = args.max_turns;
    if let Some(r) = &loaded
        && let Err(e) = session.adopt(r)
    {
        let _ = writeln!(
            err,
            "error: cannot continue {}: {e}",
            args.load
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string())
        );
        return Err(1);
    }
    Ok(session)
}

/// Runs `seig play`; returns the exit code.
pub fn run(args: PlayArgs) -> i32 {
    let mut stderr = std::io::stderr();
    let mut session = match session_for(&args, &mut stderr) {
        Ok(s) => s,
        Err(c) => return c,
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    if args.plain || !interactive() {
        if args.seed.is_none() && args.load.is_none() {
            eprintln!(
                "seed {} (play this game again with --seed {})",
                session.seed, session.seed
            );
        }
        return plain::run(&mut session, stdin.lock(), stdout.lock());
    }
    tui::run(session)
}

/// Are standard input and output a terminal (else the line mode is used)?
fn interactive() -> bool {
    use std::io::IsTerminal;
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// Runs `seig replay`; returns the exit code.
pub fn replay(args: ReplayArgs) -> i32 {
    let r = match Record::load(&args.record) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    let file = args.file.clone().unwrap_or_else(|| PathBuf::from(&r.file));
    if !file.exists() {
        eprintln!(
            "error: cannot read the rule file {} that the record names: no such file (name it with --file)",
            file.display()
        );
        return 1;
    }
    let choices = Choices {
        readings: r
            .readings
            .iter()
            .map(|(a, b)| (a.clone(), b.clone()))
            .collect(),
        params: r.params.iter().map(|(a, b)| (a.clone(), *b)).collect(),
    };
    let (game, bytes) = match load_game(&file, &choices, &mut std::io::stderr()) {
        Ok(x) => x,
        Err(c) => return c,
    };
    if let Err(e) = r.check_matches(&game, &bytes) {
        eprintln!("error: {}: {e}", args.record.display());
        return 1;
    }
    let actions = r.plain_actions();
    let states = match record::replay_all(&game, &actions) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {}: {e}", args.record.display());
            return 1;
        }
    };
    let seats = Seats::from_records(&game, &r.seats);
    if !args.plain && !args.all && interactive() {
        return tui::replay(&game, &actions, &states);
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    plain::replay(
        &game,
        &seats,
        &actions,
        &states,
        args.all,
        stdin.lock(),
        stdout.lock(),
    )
}

/// Names a team and seat for messages: `south`, or `twigs seat 2` when teams have seats.
pub fn seat_name(g: &Game, team: TeamId, seat: u8) -> String {
    let name = &g.ir().teams[team.index()].name;
    if g.ir().seats > 1 {
        format!("{name} seat {}", seat + 1)
    } else {
        name.clone()
    }
}

/// The stage in words: `to throw`, `to throw again`, `to move`, `over`.
pub fn stage_words(s: &State) -> &'static str {
    match s.stage() {
        Stage::Throw if s.again() => "to throw again",
        Stage::Throw => "to throw",
        Stage::Move => "to move",
        Stage::Over(_) => "over",
    }
}
