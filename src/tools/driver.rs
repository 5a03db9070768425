//! The one way through a game: the random streams of a game, the loop that plays it with
//! given agents and hooks, and the parallel map that plays many.
//!
//! # RNG protocol
//!
//! Every random draw of seig comes from [`Streams::for_game`]`(study_seed, game_index)`:
//!
//! - The game's key is `splitmix64(study_seed ^ splitmix64(game_index) ^ splitmix64(0))`.
//!   Hashing the index before it meets the seed is what keeps studies apart: game `i` of
//!   seed `s` is no longer game `i − 1` of seed `s + 1` (as it was with `splitmix64(s + i)`),
//!   and two studies share a game only if two 64-bit hashes collide. For a fixed seed the
//!   map from index to key is a bijection, so no two games of one study are the same. The
//!   `^ splitmix64(0)` makes game 0 of seed `s` keyed `splitmix64(s)`, the generator
//!   `seig playout --seed s` has always used, so positions named by a seed (the mid-game
//!   perft snapshots, replay commands printed by the invariant tests) keep their meaning.
//! - [`Stream::Game`] is a PCG-64 (MCG, 128-bit) seeded with the key. Every throw draws one
//!   `u64` from it and picks the first outcome whose cumulative probability threshold
//!   exceeds it (outcomes in order of the count of face 0). The random agent draws from it
//!   too, interleaved with the throws: a decision with more than one legal choice draws one
//!   `u64` `u` and takes choice `(u * len) >> 64` in the order of [`Game::legal_decisions`];
//!   a forced decision draws nothing. A random game is thus one stream, which the native
//!   reference (`tests/reference/sig.rs`) follows draw for draw.
//! - [`Stream::Agent`]`(team)` is the second named stream, for agents that search
//!   (greedy, expectimax and MCTS tie-breaks, rollouts): a PCG-64 seeded with
//!   `splitmix64(key ^ tag(team))`, `tag` a fixed constant per team. An agent's search
//!   therefore never shifts the throws.
//! - [`Streams::stream_at`] keys a stream by a position as well (`splitmix64` of the
//!   stream's seed `^ splitmix64(n)`), for callers that must resume anywhere without
//!   replaying the draws before: a play session's computer decision at action `n`.
//!
//! A luck game or an agent match is a game like any other: game `i` of a series with seed
//! `s` is [`Streams::for_game`]`(s, i)`.

use crate::engine::{Decision, Event, Game, Observer, State};
use crate::lang::ir::TeamId;
use crate::tools::agents::Agent;
use rand_core::{Rng as _, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// SplitMix64: a bijection on `u64` that spreads nearby inputs over the whole range.
pub fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `splitmix64(0)`, mixed into every game key so that game 0 keeps its historic key.
const INDEX_ZERO: u64 = 0xE220_A839_7B1D_CDAF;

/// Tags of the agents' streams (ASCII `agent-s0`, `agent-s1`).
const AGENT_TAGS: [u64; 2] = [0x6167_656E_742D_7330, 0x6167_656E_742D_7331];

/// A seeded generator: one stream of [`Streams`].
#[derive(Debug, Clone)]
pub struct Rng(Pcg64Mcg);

impl Rng {
    /// The game stream of game `index` of a study seeded with `seed`: shorthand for
    /// `Streams::for_game(seed, index).stream(Stream::Game)`.
    pub fn for_game(seed: u64, index: u64) -> Rng {
        Streams::for_game(seed, index).game()
    }
    fn seeded(key: u64) -> Rng {
        Rng(Pcg64Mcg::seed_from_u64(key))
    }
    /// Next raw draw.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// A choice among `len` (`len > 1`).
    #[inline]
    pub fn below(&mut self, len: usize) -> usize {
        ((self.next_u64() as u128 * len as u128) >> 64) as usize
    }
    /// Skips `n` draws (in O(log n)), so that draw `n` of a stream can be had directly.
    pub fn skip(&mut self, n: u64) {
        self.0.advance(n as u128);
    }
}

/// The named streams of one game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stream {
    /// Throws and random decisions.
    Game,
    /// The draws of a searching agent of a team.
    Agent(TeamId),
}

/// Every random stream of one game, derived from the study seed and the game index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Streams {
    key: u64,
}

impl Streams {
    /// The streams of game `game_index` of a study seeded with `study_seed`.
    pub fn for_game(study_seed: u64, game_index: u64) -> Streams {
        Streams {
            key: splitmix64(study_seed ^ splitmix64(game_index) ^ INDEX_ZERO),
        }
    }
    /// The game's key (two games with different keys draw different streams).
    pub fn key(&self) -> u64 {
        self.key
    }
    fn seed_of(&self, s: Stream) -> u64 {
        match s {
            Stream::Game => self.key,
            Stream::Agent(t) => splitmix64(self.key ^ AGENT_TAGS[t as usize & 1]),
        }
    }
    /// A named stream, from its start.
    pub fn stream(&self, s: Stream) -> Rng {
        Rng::seeded(self.seed_of(s))
    }
    /// The throws' (and random decisions') stream.
    pub fn game(&self) -> Rng {
        self.stream(Stream::Game)
    }
    /// The stream of `team`'s searching agent.
    pub fn agent(&self, team: TeamId) -> Rng {
        self.stream(Stream::Agent(team))
    }
    /// Stream `s` keyed by a position `n` too: for callers that resume at any point without
    /// replaying the draws before it.
    pub fn stream_at(&self, s: Stream, n: u64) -> Rng {
        Rng::seeded(splitmix64(self.seed_of(s) ^ splitmix64(n)))
    }
}

// ---------------------------------------------------------------------------------------
// Playing one game

/// What a caller watches of a game: the study's counter (`analysis::metrics`), the
/// playout trace (the command line) and the record writer ([`crate::tools::record::Recorder`])
/// are hooks. Every method has an empty default, so a hook implements only what it needs; the engine's events arrive through [`Hooks::event`] while the action
/// that causes them is applied, between [`Hooks::throw`] / [`Hooks::decision`] and
/// [`Hooks::applied`].
pub trait Hooks {
    /// A throw of `s` is about to be applied: `k` sticks show the first face.
    fn throw(&mut self, _g: &Game, _s: &State, _k: u8) {}
    /// A decision of `s` is about to be applied; `legal` lists every legal decision in the
    /// engine's order.
    fn decision(&mut self, _g: &Game, _s: &State, _legal: &[Decision], _d: Decision) {}
    /// An engine event of the action being applied.
    fn event(&mut self, _e: Event) {}
    /// The action was applied; `s` is the position after it.
    fn applied(&mut self, _g: &Game, _s: &State) {}
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
    #[inline]
    fn event(&mut self, e: Event) {
        self.0.event(e)
    }
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// A team won.
    Won(TeamId),
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

/// Plays the game from `s` (left at the final position) until it is over or `max_turns`
/// seat turns have passed: throws from the game stream, each team's decisions by
/// `agents[team]` (a random agent draws from the game stream, any other from its team's
/// [`Stream::Agent`]), everything shown to `hooks`.
pub fn play(
    g: &Game,
    s: &mut State,
    agents: &mut [&mut dyn Agent; 2],
    streams: &Streams,
    max_turns: u32,
    hooks: &mut impl Hooks,
) -> Outcome {
    let mut game = streams.game();
    let mut own = [streams.agent(0), streams.agent(1)];
    let (mut throws, mut decisions) = (0u64, 0u64);
    // `legal` holds the legal decisions of `s` whenever `s` is a decision node.
    let mut legal: Vec<Decision> = Vec::with_capacity(64);
    g.legal_decisions(s, &mut legal);
    let end = loop {
        if let Some(w) = g.winner(s) {
            break End::Won(w);
        }
        if s.turns >= max_turns {
            break End::TurnCap;
        }
        let r = if g.is_chance(s) {
            let k = g.sample_outcome(s, game.next_u64());
            hooks.throw(g, s, k);
            throws += 1;
            g.apply_throw_listing(s, k, &mut Forward(hooks), &mut legal)
        } else {
            if legal.is_empty() {
                break End::Aborted("a decision with nothing legal to decide".into());
            }
            let t = s.team as usize & 1;
            let agent = &mut *agents[t];
            let rng = if agent.draws_from_game_stream() {
                &mut game
            } else {
                &mut own[t]
            };
            let Some(d) = agent.choose_among(g, s, &legal, rng) else {
                break End::Aborted(format!(
                    "the {} player found no legal decision",
                    agent.kind()
                ));
            };
            hooks.decision(g, s, &legal, d);
            decisions += 1;
            g.apply_decision_listing(s, d, &mut Forward(hooks), &mut legal)
        };
        if let Err(e) = r {
            break End::Aborted(e.message.into_owned());
        }
        hooks.applied(g, s);
    };
    let out = Outcome {
        end,
        turns: s.turns,
        throws,
        decisions,
    };
    hooks.end(g, s, &out);
    out
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
        let handles: Vec<_> = bounds
            .iter()
            .map(|&(a, b)| (a, b, sc.spawn(move || work(a, b))))
            .collect();
        // Join every worker before reporting, so that none is left running.
        let joined: Vec<_> = handles
            .into_iter()
            .map(|(a, b, h)| (a, b, h.join()))
            .collect();
        joined
            .into_iter()
            .map(|(a, b, r)| {
                r.map_err(|p| WorkerPanic {
                    games: (a, b),
                    message: panic_message(p.as_ref()),
                })
            })
            .collect()
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
