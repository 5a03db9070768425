//! The pooled path's quick verdicts: what [`Gen::verdict`] leaves to [`Game::check_move`] in
//! a file whose pooled groups, walked in any order, may meet a gate judged by the crossing
//! throw (or by every throw). Only such files run this code (`Game::pooled_path`, set once
//! in `Game::new`, picks `Game::group_moves::<true>`); the others run none of it.
//!
//! - A group of several entries at a crossing-throw gate: [`Game::check_move`] walks the
//!   group's orders (`permute`) until one crosses with an allowed throw. Here the orders are
//!   not walked: some order crosses with an allowed throw exactly when some entry `x` with
//!   an allowed value and some set `A` of the others have `sum(A) < d <= sum(A) + steps(x)`,
//!   `d` the places to the gate (walk `A`, then `x`, then the rest).
//! - A walk past the track's end onto its loop (the loop's condition holding): one lap at
//!   most, its gates met on both legs.
//! - A release confined to a region (`within`): checked here, so that the waiting pieces
//!   need not take the careful path (`Game::quick_releases`).

use super::*;

/// [`Game::check_move`] tries the orders of at most this many entries; a larger group is
/// left to it.
const ORDERS_MAX: usize = 6;

impl Gen<'_> {
    /// The pooled path's verdict for `piece`, one of the [`Gen::candidates`] of the group
    /// `g` of the entries in `mask` (the pieces the release order refuses left out): a
    /// confined release, then [`Gen::verdict`], then [`Gen::verdict_unsure`] where it is
    /// unsure.
    #[inline(always)]
    pub fn verdict_pooled(&mut self, piece: u8, g: &Group, mask: u64) -> Quick {
        let game = self.game;
        if game.confined
            && !self.pieces[piece as usize].released()
            && !game.release_within(self.s, self.team, piece, mask)
        {
            return Quick::Illegal;
        }
        match self.verdict(piece, g) {
            Quick::Unsure => self.verdict_unsure(piece, g, mask),
            v => v,
        }
    }

    /// [`Gen::verdict`] where it was unsure, for a group of several entries at a gate
    /// judged by the crossing throw or by every throw, or a walk onto the track's loop.
    /// Decides walks across gates that forbid, with at most one judged by the crossing throw
    /// under several entries; leaves to [`Game::check_move`] (unsure) a gate that stops and
    /// refuses, a second crossing-throw gate under several entries, a group of more than
    /// [`ORDERS_MAX`] entries, an end that needs the exact count or bounces, a piece parked
    /// for good, and a walk that laps the loop more than once.
    #[inline(never)]
    pub fn verdict_unsure(&mut self, piece: u8, g: &Group, mask: u64) -> Quick {
        let (game, s, t, last) = (self.game, self.s, self.team, self.last);
        let p = &self.pieces[piece as usize];
        let release = !p.released();
        let mut steps = [0u8; ORDERS_MAX];
        let mut thrown = [0u8; ORDERS_MAX];
        let mut n = 0;
        let mut bits = mask;
        while bits != 0 {
            if n == ORDERS_MAX {
                return Quick::Unsure;
            }
            let e = &s.pool[bits.trailing_zeros() as usize];
            bits &= bits - 1;
            (steps[n], thrown[n]) = (e.steps, e.thrown);
            n += 1;
        }
        let (steps, thrown) = (&steps[..n], &thrown[..n]);
        // The legs walked: the track indices after `.0` up to `.1`, reached after `.2` steps
        // taken before the leg (a gate at index `at` is entered on step `.2 + at - .0`).
        let mut legs = [(p.tpos, p.tpos + g.total, 0i16), (0, -1, 0)];
        if legs[0].1 > last {
            if !self.past_end_unsure {
                legs[0].1 = last;
            } else {
                let Some(lp) = &game.ir.teams[t].track.looping else {
                    return Quick::Unsure;
                };
                if game.fast[t].past_end_unsure || p.parked() {
                    return Quick::Unsure;
                }
                // The step past the last hole lands on the loop's first.
                let from = lp.from as i16;
                let land = from + legs[0].1 - last - 1;
                if land > last {
                    return Quick::Unsure;
                }
                legs = [(p.tpos, last, 0), (from - 1, land, last - p.tpos)];
            }
        }
        let mut crossing = false;
        for &(lo, hi, before) in &legs {
            for &(at, gi) in &self.fast.gates {
                let at = at as i16;
                if at <= lo {
                    continue;
                }
                if at > hi {
                    break;
                }
                let gate = &self.gates[gi as usize];
                let ok = match &gate.requirement {
                    Requirement::CrossingThrow(m) if n == 1 => m >> thrown[0] & 1 == 1,
                    // A stop gate refusing some order makes that order a shorter move: the
                    // definition's walk decides which.
                    Requirement::CrossingThrow(_) if crossing || gate.stop => {
                        return Quick::Unsure;
                    }
                    Requirement::CrossingThrow(m) => {
                        crossing = true;
                        match crosses(steps, thrown, *m, before + at - lo) {
                            Some(ok) => ok,
                            None => return Quick::Unsure,
                        }
                    }
                    Requirement::EveryThrow(m) => thrown.iter().all(|&v| m >> v & 1 == 1),
                    Requirement::MoveTotal(m) => g.total < 64 && m >> g.total & 1 == 1,
                    Requirement::Conds(cs) => self.open(gi, cs),
                };
                if !ok {
                    // Every order meets this gate and is refused by it or by the crossing
                    // one (a stop gate: the definition says where the piece stops).
                    return if gate.stop {
                        Quick::Unsure
                    } else {
                        Quick::Illegal
                    };
                }
            }
        }
        let end = if legs[1].1 >= 0 { legs[1].1 } else { legs[0].1 };
        if legs[1].1 < 0 && end <= p.tpos {
            return Quick::unmoved(release);
        }
        // The landing does not depend on the order walked: the holes on the way are the same.
        let single = (n == 1).then(|| thrown[0]);
        match game.arrive(s, t, p, self.cells[end as usize], single) {
            Ok(a) => Quick::Legal {
                capture: a.capture.is_some(),
                may_decline: a.may_decline,
            },
            Err(_) => Quick::Illegal,
        }
    }
}

/// Does some order of the entries (`steps`, `thrown` values) cross the gate `d` places
/// ahead with a throw in `allowed`? The entry `x` crosses when the entries walked before it
/// sum to less than `d` and, with `x`, to `d` or more. `None` when `d` is too far for the
/// sums' bit set (the definition decides).
fn crosses(steps: &[u8], thrown: &[u8], allowed: u64, d: i16) -> Option<bool> {
    if !(1..=127).contains(&d) {
        return None;
    }
    // The sums below `d` that the others can make before `x`.
    let below = (1u128 << d) - 1;
    for (x, (&sx, &vx)) in steps.iter().zip(thrown).enumerate() {
        if sx == 0 || vx >= 64 || allowed >> vx & 1 == 0 {
            continue;
        }
        let mut sums: u128 = 1;
        for (j, &sj) in steps.iter().enumerate() {
            if j != x {
                sums |= sums.checked_shl(sj as u32).unwrap_or(0) & below;
            }
        }
        // sum(A) in d - steps(x) ..= d - 1.
        let lo = (d - sx as i16).max(0);
        let window = below & !((1u128 << lo) - 1);
        if sums & window != 0 {
            return Some(true);
        }
    }
    Some(false)
}
