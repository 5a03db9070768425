//! Bare random playouts and perft.
//!
//! [`random_playout`] is the driver's random game ([`crate::driver::play`] with two
//! random agents and no hooks) written out for speed: the differential test and the
//! reference benchmark time it against a native implementation, and the generic driver's
//! dynamic dispatch and hooks cost about 8% (`examples/reference_sig --driver`: 0.48 of the
//! reference's speed, against 0.53 for this function).
//! Both follow the RNG protocol of [`crate::driver`], one game stream per game; a
//! test checks that they play the same games.

use seig_engine::{Decision, Game, Quiet, Refusal, State};
use seig_lang::ir::TeamId;
use serde::Serialize;

pub use crate::driver::{Rng, Streams};

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

/// Plays one random game from `s` until it ends or `max_turns` seat turns have passed,
/// drawing throws and decisions from `rng` (a game stream, [`Streams::game`]).
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
            let i = if buf.len() == 1 {
                0
            } else {
                rng.below(buf.len())
            };
            let Some(&d) = buf.get(i) else {
                aborted = Some("a random draw outside the legal decisions".to_string());
                break;
            };
            decisions += 1;
            g.apply_decision_listing(&mut s, d, &mut Quiet, buf)
        };
        if let Err(e) = r {
            aborted = Some(crate::words::refusal::line(g.ir(), &e));
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

#[expect(
    clippy::indexing_slicing,
    reason = "`rows` has `depth` entries and the recursion returns at `d == depth`, so `d` is below it"
)]
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
