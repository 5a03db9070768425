//! How often the rules refused moves over a study (`simulate --refusals`). Every reason is
//! the engine's own ([`seig_engine::Refusal`]: the statement, language default or fact that
//! refused); nothing here walks a track or matches a throw again.

pub use crate::words::refusal::{Because, Ground};
use seig_engine::{Decision, Game, State};
use serde::Serialize;

/// How often the rules refused moves over the decision positions of a study: raw counts,
/// mergeable by sums. A *move* here is a live piece of the team to play with one unused
/// throw of its pool (throws alike in places, value, kind, binding and rule are one move);
/// a refused move counts once for each rule its refusal's grounds name.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefusalCounts {
    /// Decision positions examined.
    pub positions: u64,
    /// Moves looked at there.
    pub moves: u64,
    /// Of which the engine refuses.
    pub refused: u64,
    /// Refused moves whose reasons name no rule (a language default, or a fact of the
    /// position alone).
    pub by_no_rule: u64,
    /// Per rule (by index), the refused moves whose reasons name it.
    pub per_rule: Vec<u64>,
}

impl RefusalCounts {
    /// Adds another count's figures; `None` when a sum would overflow.
    pub(crate) fn checked_add(&self, o: &RefusalCounts) -> Option<RefusalCounts> {
        let mut per_rule = self.per_rule.clone();
        if per_rule.len() < o.per_rule.len() {
            per_rule.resize(o.per_rule.len(), 0);
        }
        for (a, b) in per_rule.iter_mut().zip(&o.per_rule) {
            *a = a.checked_add(*b)?;
        }
        Some(RefusalCounts {
            positions: self.positions.checked_add(o.positions)?,
            moves: self.moves.checked_add(o.moves)?,
            refused: self.refused.checked_add(o.refused)?,
            by_no_rule: self.by_no_rule.checked_add(o.by_no_rule)?,
            per_rule,
        })
    }

    /// Why these cannot be the counts of a variant with `rules` rules, if they cannot.
    pub fn inconsistency(&self, rules: usize) -> Option<&'static str> {
        if self.per_rule.len() != rules {
            return Some("its refusal counts are not for the study's rules");
        }
        if self.refused > self.moves
            || self.by_no_rule > self.refused
            || self.per_rule.iter().any(|&r| r > self.refused)
        {
            return Some("it counts more refused moves than moves");
        }
        None
    }
}

/// Adds the refusals of position `s` (a decision position; any other adds nothing) to `c`.
/// Slow (every refusal is explained): a study asks for it only when told to.
pub fn tally_refusals(g: &Game, s: &State, c: &mut RefusalCounts) {
    use seig_engine::Stage;
    if s.stage() != Stage::Move {
        return;
    }
    let ir = g.ir();
    if c.per_rule.len() < ir.rules.len() {
        c.per_rule.resize(ir.rules.len(), 0);
    }
    c.positions += 1;
    let team = s.team();
    // One entry of each kind of unused throw: alike throws make the same move.
    let mut kinds = Vec::new();
    let mut throws: Vec<usize> = Vec::new();
    for (i, e) in s.pool().iter().enumerate().take(64) {
        let kind = (e.steps, e.thrown, e.kind, e.bound(), e.rule);
        if e.unused() && !kinds.contains(&kind) {
            kinds.push(kind);
            throws.push(i);
        }
    }
    let mut named: Vec<usize> = Vec::new();
    for (p, piece) in s.pieces(team).iter().enumerate() {
        if !piece.alive() {
            continue;
        }
        for &e in &throws {
            c.moves += 1;
            let mask = 1u64 << e;
            let d = Decision {
                piece: p as u8,
                mask,
                capture: false,
                entry: 0,
            };
            let Err(r) = g.check_decision(s, team, d) else {
                continue;
            };
            c.refused += 1;
            named.clear();
            for ix in r
                .grounds()
                .filter_map(|g| g.origin())
                .map(|o| o.rule.index())
            {
                if !named.contains(&ix) {
                    named.push(ix);
                }
            }
            if named.is_empty() {
                c.by_no_rule += 1;
            }
            for &ix in &named {
                if let Some(x) = c.per_rule.get_mut(ix) {
                    *x += 1;
                }
            }
        }
    }
}
