//! The random streams of seig: every draw of every game comes from here.
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
//!   `u64` `u` and takes choice `(u * len) >> 64` in the order of [`seig_engine::Game::legal_decisions`];
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

use rand_core::{Rng as _, SeedableRng};
use rand_pcg::Pcg64Mcg;
use seig_lang::ir::TeamId;

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
    #[expect(
        clippy::indexing_slicing,
        reason = "a `TeamId` is 0 or 1 and `AGENT_TAGS` has two entries"
    )]
    fn seed_of(&self, s: Stream) -> u64 {
        match s {
            Stream::Game => self.key,
            Stream::Agent(t) => splitmix64(self.key ^ AGENT_TAGS[t.index()]),
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
