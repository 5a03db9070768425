//! The one way through a game: the loop that plays it with given agents and hooks, and
//! the parallel map that plays many. Its random draws follow the RNG protocol of
//! [`crate::streams`].

use crate::agents::Agent;
pub use crate::streams::{Rng, Stream, Streams};
use seig_engine::{Decision, Ending, Event, Game, Observer, Stage, State};
use seig_lang::ir::{Origin, PhaseId, TeamId};

// ---------------------------------------------------------------------------------------
// Playing one game

/// What a caller watches of a game: the study's counter (`analysis::metrics`), the
/// playout trace (the command line) and the record writer ([`crate::record::Recorder`])
/// are hooks. Every method has a default that does nothing ([`Hooks::thrown`] calls
/// [`Hooks::applied`]), so a hook implements only what it needs. The engine's events arrive
/// through [`Hooks::event`] while the action that causes them is applied: between
/// [`Hooks::throw`] and [`Hooks::thrown`], or [`Hooks::decision`] and [`Hooks::applied`].
pub trait Hooks {
    /// A throw of `s` is about to be applied: `k` sticks show the first face.
    fn throw(&mut self, _g: &Game, _s: &State, _k: u8) {}
    /// A decision of `s` is about to be applied; `legal` lists every legal decision in the
    /// engine's order.
    fn decision(&mut self, _g: &Game, _s: &State, _legal: &[Decision], _d: Decision) {}
    /// An engine event of the action being applied.
    fn event(&mut self, _e: Event) {}
    /// The action was applied; `s` is the position after it. After a throw the driver
    /// calls [`Hooks::thrown`] instead, which by default calls this.
    fn applied(&mut self, _g: &Game, _s: &State) {}
    /// A throw was applied; `s` is the position after it. A hook that counts throws and
    /// decisions apart overrides this, so that it need not ask which one was applied. A hook
    /// wrapping another must forward this too: the default would hand the inner hook's
    /// throws to its `applied` (the metrics count throws here, not there).
    #[inline]
    fn thrown(&mut self, g: &Game, s: &State) {
        self.applied(g, s)
    }
    /// The game ended (won, capped or aborted); `s` is the final position.
    fn end(&mut self, _g: &Game, _s: &State, _out: &Outcome) {}
}

/// Watches nothing.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoHooks;
impl Hooks for NoHooks {}

/// Hands the engine's events to the hooks.
struct Forward<'a, H: Hooks>(&'a mut H);
impl<H: Hooks> Observer for Forward<'_, H> {
    // Always inlined, as the hooks' own `event` should be: see `analysis::metrics`.
    #[inline(always)]
    fn event(&mut self, e: Event) {
        self.0.event(e)
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// A team won.
    Won(TeamId),
    /// Drawn: a `draw` statement held, or an end by score found the teams level.
    Drawn,
    /// Nothing could change any more (the engine's deadlock): the position, in notation.
    Deadlock(String),
    /// Stopped by the turn cap: not terminated (never a draw).
    TurnCap,
    /// The engine or a player could not go on, with why.
    Aborted(String),
}

/// A played game in brief.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// How it ended.
    pub end: End,
    /// Seat turns played.
    pub turns: u32,
    /// Throws made.
    pub throws: u64,
    /// Decisions made.
    pub decisions: u64,
    /// The statement that ended the game (`None`: capped, aborted, or no statement holds).
    pub ending: Option<Ending>,
    /// That statement's origin (`None` for a deadlock).
    pub ending_origin: Option<Origin>,
    /// The phase the game ended in.
    pub phase: PhaseId,
}

impl Outcome {
    /// The winner, if a team won.
    pub fn winner(&self) -> Option<TeamId> {
        match self.end {
            End::Won(t) => Some(t),
            _ => None,
        }
    }
    /// Why the game was aborted, if it was.
    pub fn aborted(&self) -> Option<&str> {
        match &self.end {
            End::Aborted(m) => Some(m),
            _ => None,
        }
    }
}

/// Seat turns after which every tool stops a game by default (simulate, compare, playout,
/// play, `check --probe`, the web page's studies): one cap, so that "never ends" means the
/// same everywhere. A game stopped by it is not finished (design: endings are honest).
pub const MAX_TURNS: u32 = 10_000;

/// Plays the game from `s` (left at the final position) until it is over or `max_turns`
/// seat turns have passed: throws from the game stream, each team's decisions by
/// `agents[team]` (a random agent draws from the game stream, any other from its team's
/// [`Stream::Agent`]), everything shown to `hooks`.
#[expect(
    clippy::indexing_slicing,
    reason = "`t` is masked to 0 or 1 and both per-team tables are pairs"
)]
pub fn play(
    g: &Game,
    s: &mut State,
    agents: &mut [&mut dyn Agent; 2],
    streams: &Streams,
    max_turns: u32,
    hooks: &mut impl Hooks,
) -> Outcome {
    let mut game = streams.game();
    let mut own = TeamId::BOTH.map(|t| streams.agent(t));
    // What each agent is does not change during a game: asked once, not at every decision
    // (two calls through the agent's table each).
    let from_game = agents.each_ref().map(|a| a.draws_from_game_stream());
    let uniform = agents.each_ref().map(|a| a.chooses_uniformly());
    // Both random (what a study plays): every decision is a uniform draw from the game
    // stream, with no agent or stream to pick per decision.
    let random = from_game == [true; 2] && uniform == [true; 2];
    let (mut throws, mut decisions) = (0u64, 0u64);
    // `legal` holds the legal decisions of `s` whenever `s` is a decision node.
    let mut legal: Vec<Decision> = Vec::with_capacity(64);
    g.legal_decisions(s, &mut legal);
    let end = loop {
        // Two comparisons, not a match: the stage's byte also holds the winner, so a match
        // first decodes which stage it is; a throw is the chance node (`Game::is_chance`).
        let stage = s.stage();
        let chance = stage == Stage::Throw;
        if !chance
            && stage != Stage::Move
            && let Some(end) = ended(g, s)
        {
            break end;
        }
        if s.turns() >= max_turns {
            break End::TurnCap;
        }
        if chance {
            let k = g.sample_outcome(s, game.next_u64());
            hooks.throw(g, s, k);
            throws += 1;
            if let Err(e) = g.apply_throw_listing(s, k, &mut Forward(hooks), &mut legal) {
                break End::Aborted(crate::words::refusal::line(g.ir(), &e));
            }
            hooks.thrown(g, s);
        } else {
            if legal.is_empty() {
                break End::Aborted("a decision with nothing legal to decide".into());
            }
            let t = s.team().index();
            let chosen = if random {
                crate::agents::uniform_choice(&legal, &mut game)
            } else {
                let rng = if from_game[t] { &mut game } else { &mut own[t] };
                if uniform[t] {
                    crate::agents::uniform_choice(&legal, rng)
                } else {
                    agents[t].choose_among(g, s, &legal, rng)
                }
            };
            let Some(d) = chosen else {
                break End::Aborted(format!(
                    "the {} player found no legal decision",
                    agents[t].kind()
                ));
            };
            hooks.decision(g, s, &legal, d);
            decisions += 1;
            if let Err(e) = g.apply_decision_listing(s, d, &mut Forward(hooks), &mut legal) {
                break End::Aborted(crate::words::refusal::line(g.ir(), &e));
            }
            hooks.applied(g, s);
        }
    };
    let out = Outcome {
        end,
        turns: s.turns(),
        throws,
        decisions,
        ending: g.ending(s),
        ending_origin: g.ending_origin(s),
        phase: s.phase(),
    };
    hooks.end(g, s, &out);
    out
}

/// How the game ended, if `s` is at an end.
#[cold]
fn ended(g: &Game, s: &State) -> Option<End> {
    match s.stage() {
        Stage::Over(w) => Some(End::Won(w)),
        Stage::Drawn => Some(End::Drawn),
        Stage::Deadlock => Some(End::Deadlock(g.to_notation(s))),
        Stage::Throw | Stage::Move => None,
    }
}

// ---------------------------------------------------------------------------------------
// Many games

/// A worker thread panicked: the games it played are lost, and the study must say so.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorkerPanic {
    /// The games the worker was given.
    pub games: (u64, u64),
    /// The panic's message.
    pub message: String,
}

impl std::fmt::Display for WorkerPanic {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "a worker thread failed while playing games {}..{}: {} (please report this)",
            self.games.0, self.games.1, self.message
        )
    }
}

impl std::error::Error for WorkerPanic {}

fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".to_string()
    }
}

/// Most worker threads a study may ask for (`--jobs`).
pub const MAX_JOBS: usize = 256;

/// Splits `range` into at most `jobs` contiguous chunks (the same chunks for the same
/// `range` and `jobs`), runs `work` on each in its own thread, and returns the results in
/// chunk order; a panicking worker is an error carrying its message. Callers whose result
/// must not depend on `jobs` merge the chunks' results by sums or concatenation.
pub fn par_chunks<A: Send>(
    range: (u64, u64),
    jobs: usize,
    work: impl Fn(u64, u64) -> A + Sync,
) -> Result<Vec<A>, WorkerPanic> {
    let (lo, hi) = (range.0, range.1.max(range.0));
    let n = hi - lo;
    let jobs = (jobs.max(1) as u64).min(n.max(1));
    let chunk = n.div_ceil(jobs).max(1);
    let bounds: Vec<(u64, u64)> = (0..jobs)
        .map(|j| {
            (
                lo.saturating_add(j * chunk).min(hi),
                lo.saturating_add((j + 1) * chunk).min(hi),
            )
        })
        .collect();
    let work = &work;
    std::thread::scope(|sc| {
        // A thread the system cannot start is an error like a panic, not a panic.
        let handles: Vec<_> = bounds
            .iter()
            .map(|&(a, b)| {
                let h = std::thread::Builder::new().spawn_scoped(sc, move || work(a, b));
                (a, b, h)
            })
            .collect();
        // Join every worker before reporting, so that none is left running.
        let joined: Vec<_> = handles
            .into_iter()
            .map(|(a, b, h)| {
                let r = match h {
                    Ok(h) => h.join().map_err(|p| panic_message(p.as_ref())),
                    Err(e) => Err(format!(
                        "the thread could not be started ({e}); try fewer --jobs"
                    )),
                };
                (a, b, r)
            })
            .collect();
        joined
            .into_iter()
            .map(|(a, b, r)| {
                r.map_err(|message| WorkerPanic {
                    games: (a, b),
                    message,
                })
            })
            .collect()
    })
}

/// Plays the games of `range` on `jobs` threads, each thread taking the next game not yet
/// taken whenever it is free, so that a thread dealt long games does not leave the others
/// idle at the end (fixed chunks of random games differ in length by several percent).
/// Each thread keeps a state made by `init` and hands it every game it plays; `play`
/// returning `false` stops that thread. Which thread plays which game depends on timing:
/// callers merge the states by order-independent sums, or put the games back in order.
/// A panicking worker is an error naming the game it was playing.
pub fn par_games<A: Send>(
    range: (u64, u64),
    jobs: usize,
    init: impl Fn() -> A + Sync,
    play: impl Fn(&mut A, u64) -> bool + Sync,
) -> Result<Vec<A>, WorkerPanic> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let (lo, hi) = (range.0, range.1.max(range.0));
    let jobs = (jobs.max(1) as u64).min((hi - lo).max(1)) as usize;
    let next = AtomicU64::new(lo);
    // The game each worker is playing, for the error if it panics.
    let playing: Vec<AtomicU64> = (0..jobs).map(|_| AtomicU64::new(lo)).collect();
    let (next, init, play) = (&next, &init, &play);
    let parts = par_chunks((0, jobs as u64), jobs, |w, _| {
        let mut a = init();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= hi {
                break;
            }
            if let Some(p) = playing.get(w as usize) {
                p.store(i, Ordering::Relaxed);
            }
            if !play(&mut a, i) {
                break;
            }
        }
        a
    });
    parts.map_err(|e| {
        let i = playing
            .get(e.games.0 as usize)
            .map_or(lo, |p| p.load(Ordering::Relaxed));
        WorkerPanic {
            games: (i, i + 1),
            message: e.message,
        }
    })
}

/// `f(i)` for every `i` in `0..n` on `jobs` threads, in index order (so the result does
/// not depend on `jobs`); a worker's panic is returned as an error.
pub fn par_map<T: Send>(
    n: u64,
    jobs: usize,
    f: impl Fn(u64) -> T + Sync,
) -> Result<Vec<T>, WorkerPanic> {
    let parts = par_chunks((0, n), jobs, |a, b| (a..b).map(&f).collect::<Vec<T>>())?;
    Ok(parts.into_iter().flatten().collect())
}
