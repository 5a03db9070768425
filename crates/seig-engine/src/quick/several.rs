//! The quick verdict for a pooled group of several entries that walks across a gate judged
//! by the crossing throw (or by every throw). [`Gen::verdict`] leaves such groups to
//! [`Game::check_move`], which walks the group's orders (`permute`) until one crosses with
//! an allowed throw; here the orders are not walked: some order crosses with an allowed
//! throw exactly when some entry `x` with an allowed value and some set `A` of the others
//! have `sum(A) < d <= sum(A) + steps(x)`, `d` the places to the gate (walk `A`, then `x`,
//! then the rest). Only files whose pooled groups are walked in any order and meet such a
//! gate reach this path (`Game::several_quick`, set once in `Game::new`): the other files
//! run none of it.

use super::*;

/// [`Game::check_move`] tries the orders of at most this many entries; a larger group is
/// left to it.
const ORDERS_MAX: usize = 6;

impl Gen<'_> {
    /// [`Gen::verdict`] for `piece` with the group of the entries in `mask` (several, all
    /// unused), one of its [`Gen::candidates`], where [`Gen::verdict`] was unsure. Decides
    /// a walk across gates that forbid, with at most one judged by the crossing throw;
    /// leaves to [`Game::check_move`] (unsure) a gate that stops, a second crossing-throw
    /// gate, a group of more than [`ORDERS_MAX`] entries, and a walk past the track's end
    /// that [`Gen::verdict`] would not judge.
    #[inline(never)]
    pub fn verdict_several(&mut self, piece: u8, g: &Group, mask: u64) -> Quick {
        let (game, s, t, last) = (self.game, self.s, self.team, self.last);
        let p = &self.pieces[piece as usize];
        let release = !p.released();
        let mut end = p.tpos + g.total;
        if end > last {
            if self.past_end_unsure {
                return Quick::Unsure;
            }
            end = last;
        }
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
        let mut crossing = false;
        for &(at, gi) in self.gate_order {
            let at = at as i16;
            if at <= p.tpos {
                continue;
            }
            if at > end {
                break;
            }
            let gate = &self.gates[gi as usize];
            // A stop gate refusing some order makes that order a shorter move: the
            // definition's walk decides which.
            let ok = match &gate.requirement {
                Requirement::CrossingThrow(_) if crossing || gate.stop => return Quick::Unsure,
                Requirement::CrossingThrow(m) => {
                    crossing = true;
                    match crosses(steps, thrown, *m, at - p.tpos) {
                        Some(ok) => ok,
                        None => return Quick::Unsure,
                    }
                }
                Requirement::EveryThrow(m) => thrown.iter().all(|&v| m >> v & 1 == 1),
                Requirement::MoveTotal(m) => g.total < 64 && m >> g.total & 1 == 1,
                Requirement::Conds(cs) => self.open(gi, cs),
            };
            if !ok {
                // Every order meets this gate and is refused by it or by the crossing one.
                return if gate.stop {
                    Quick::Unsure
                } else {
                    Quick::Illegal
                };
            }
        }
        if end <= p.tpos {
            return if release {
                Quick::Legal {
                    capture: false,
                    may_decline: true,
                }
            } else {
                Quick::Illegal
            };
        }
        // The landing does not depend on the order walked: the holes on the way are the same.
        match game.arrive(s, t, p, self.cells[end as usize], None) {
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
