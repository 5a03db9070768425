//! Seeded random play: the RNG protocol, random playouts, perft and simulation studies.
//!
//! RNG protocol (shared with any reference implementation): each game `i` of a study with
//! seed `S` uses a PCG-64 (MCG, 128-bit) seeded with `splitmix64(S + i)`. Every throw
//! draws one `u64` and picks the first outcome whose cumulative probability threshold
//! exceeds it (outcomes in order of the count of face 0). Every decision with more than
//! one legal choice draws one `u64` `u` and takes choice `(u * len) >> 64` in the order
//! of [`Game::legal_decisions`]; a forced decision draws nothing.

use crate::engine::{Decision, Game, Quiet, Refusal, State};
use crate::lang::ir::TeamId;
use rand_core::{Rng as _, SeedableRng};
use rand_pcg::Pcg64Mcg;
use serde::Serialize;

/// The seeded generator of one game.
pub struct Rng(Pcg64Mcg);

/// SplitMix64, to spread consecutive game indices over the seed space.
pub fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    /// The generator of game `index` in a study seeded with `seed`.
    pub fn for_game(seed: u64, index: u64) -> Rng {
        Rng(Pcg64Mcg::seed_from_u64(splitmix64(
            seed.wrapping_add(index),
        )))
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
}

/// How one game ended.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Playout {
    /// Winner, if the game ended before the cap.
    pub winner: Option<TeamId>,
    /// Seat turns played.
    pub turns: u32,
    /// Throws made.
    pub throws: u64,
    /// Decisions made.
    pub decisions: u64,
    /// The engine refused to go on (a limit of the engine), with why.
    pub aborted: Option<String>,
}

/// Plays one random game from `s` until it ends or `max_turns` seat turns have passed.
pub fn random_playout(
    g: &Game,
    mut s: State,
    rng: &mut Rng,
    max_turns: u32,
    buf: &mut Vec<Decision>,
) -> Playout {
    let (mut throws, mut decisions) = (0u64, 0u64);
    let mut aborted = None;
    // `buf` holds the legal decisions of `s` whenever `s` is a decision node.
    g.legal_decisions(&s, buf);
    while !g.is_over(&s) && s.turns() < max_turns {
        let r: Result<(), Refusal> = if g.is_chance(&s) {
            throws += 1;
            let k = g.sample_outcome(&s, rng.next_u64());
            g.apply_throw_listing(&mut s, k, &mut Quiet, buf)
        } else {
            if buf.is_empty() {
                aborted = Some("a decision with nothing legal to decide".to_string());
                break;
            }
            let d = if buf.len() == 1 {
                buf[0]
            } else {
                buf[rng.below(buf.len())]
            };
            decisions += 1;
            g.apply_decision_listing(&mut s, d, &mut Quiet, buf)
        };
        if let Err(e) = r {
            aborted = Some(e.message.into_owned());
            break;
        }
    }
    Playout {
        winner: g.winner(&s),
        turns: s.turns(),
        throws,
        decisions,
        aborted,
    }
}

/// Perft counts at one depth.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct PerftRow {
    /// Depth (actions from the start).
    pub depth: u32,
    /// Action sequences of this length.
    pub nodes: u64,
    /// Of which the last action is a throw outcome.
    pub chance: u64,
    /// Of which the last action is a decision.
    pub decisions: u64,
    /// Games over at this depth.
    pub terminal: u64,
}

/// Counts the chance outcomes and decisions at each depth up to `depth`.
pub fn perft(g: &Game, s: &State, depth: u32) -> Result<Vec<PerftRow>, Refusal> {
    let mut rows: Vec<PerftRow> = (1..=depth)
        .map(|d| PerftRow {
            depth: d,
            ..Default::default()
        })
        .collect();
    let mut buf = Vec::new();
    perft_rec(g, s, 0, depth, &mut rows, &mut buf)?;
    Ok(rows)
}

fn perft_rec(
    g: &Game,
    s: &State,
    d: u32,
    depth: u32,
    rows: &mut [PerftRow],
    buf: &mut Vec<Decision>,
) -> Result<(), Refusal> {
    if d == depth || g.is_over(s) {
        return Ok(());
    }
    if g.is_chance(s) {
        let outs: Vec<u8> = g.chance_outcomes(s).iter().map(|o| o.k).collect();
        for k in outs {
            let mut c = s.clone();
            g.apply_throw(&mut c, k, &mut Quiet)?;
            let row = &mut rows[d as usize];
            row.nodes += 1;
            row.chance += 1;
            row.terminal += g.is_over(&c) as u64;
            perft_rec(g, &c, d + 1, depth, rows, buf)?;
        }
    } else {
        g.legal_decisions(s, buf);
        let ds = buf.clone();
        for dec in ds {
            let mut c = s.clone();
            g.apply_decision(&mut c, dec, &mut Quiet)?;
            let row = &mut rows[d as usize];
            row.nodes += 1;
            row.decisions += 1;
            row.terminal += g.is_over(&c) as u64;
            perft_rec(g, &c, d + 1, depth, rows, buf)?;
        }
    }
    Ok(())
}

/// The summary of a simulation study.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Games with a result before the turn cap.
    pub completed: u64,
    /// Wins by team name.
    pub wins: std::collections::BTreeMap<String, u64>,
    /// Mean seat turns per completed game.
    pub turns_mean: f64,
    /// Median seat turns per completed game.
    pub turns_median: f64,
    /// Games stopped by the turn cap (not terminated, never counted as draws).
    pub timeouts: u64,
    /// Games the engine could not finish (an engine limit).
    pub aborted: u64,
    /// The study's seed.
    pub seed: u64,
    /// The turn cap.
    pub max_turns: u32,
    /// Readings in force, `ID=option`.
    pub readings: Vec<String>,
    /// Parameters in force, `name=value`.
    pub params: Vec<String>,
    /// Throws plus decisions over all games.
    pub actions: u64,
}

/// Plays `n` seeded random games (on `jobs` threads; the result does not depend on `jobs`).
pub fn simulate(g: &Game, n: u64, seed: u64, max_turns: u32, jobs: usize) -> Summary {
    let jobs = jobs.max(1).min(n.max(1) as usize);
    let chunk = n.div_ceil(jobs as u64);
    let results: Vec<Vec<Playout>> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..jobs as u64)
            .map(|j| {
                sc.spawn(move || {
                    let mut buf = Vec::with_capacity(64);
                    let (lo, hi) = (j * chunk, ((j + 1) * chunk).min(n));
                    (lo..hi)
                        .map(|i| {
                            let mut rng = Rng::for_game(seed, i);
                            random_playout(g, g.initial_state(), &mut rng, max_turns, &mut buf)
                        })
                        .collect()
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    summarise(g, results.into_iter().flatten(), n, seed, max_turns)
}

fn summarise(
    g: &Game,
    plays: impl Iterator<Item = Playout>,
    n: u64,
    seed: u64,
    max_turns: u32,
) -> Summary {
    let ir = g.ir();
    let mut wins: std::collections::BTreeMap<String, u64> =
        ir.teams.iter().map(|t| (t.name.clone(), 0)).collect();
    let mut turns = Vec::new();
    let (mut timeouts, mut aborted, mut actions) = (0, 0, 0);
    for p in plays {
        actions += p.throws + p.decisions;
        match (p.winner, &p.aborted) {
            (Some(w), _) => {
                *wins.entry(ir.teams[w.index()].name.clone()).or_default() += 1;
                turns.push(p.turns);
            }
            (None, Some(_)) => aborted += 1,
            (None, None) => timeouts += 1,
        }
    }
    turns.sort_unstable();
    let completed = turns.len() as u64;
    let mean = if completed > 0 {
        turns.iter().map(|&t| t as f64).sum::<f64>() / completed as f64
    } else {
        0.0
    };
    let median = match turns.len() {
        0 => 0.0,
        l if l % 2 == 1 => turns[l / 2] as f64,
        l => (turns[l / 2 - 1] as f64 + turns[l / 2] as f64) / 2.0,
    };
    Summary {
        games: n,
        completed,
        wins,
        turns_mean: mean,
        turns_median: median,
        timeouts,
        aborted,
        seed,
        max_turns,
        readings: ir
            .readings
            .iter()
            .map(|r| format!("{}={}", r.id, r.options[r.chosen].0))
            .collect(),
        params: ir
            .params
            .iter()
            .map(|p| format!("{}={}", p.name, p.value))
            .collect(),
        actions,
    }
}

impl Default for Playout {
    fn default() -> Self {
        Playout {
            winner: None,
            turns: 0,
            throws: 0,
            decisions: 0,
            aborted: Some("worker thread failed".into()),
        }
    }
}
