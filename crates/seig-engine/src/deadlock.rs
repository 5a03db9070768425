//! Endings: which statement ends a game (a win, a draw, an end by score), and the test for a
//! deadlock, a game in which nothing can change any more.
//!
//! # Deadlock
//! A position at the start of a seat's turn is deadlocked when every sequence of throws
//! from it, for every seat in turn, leads to no decision and changes nothing but the
//! counters: the test follows every throw outcome with a nonzero probability, and every
//! throw a `throw again` adds, seat after seat, and finds that
//! - no throw leaves a decision to make (no legal move for any throw; where the seat may
//!   throw on at will, both its choices are followed, the throw on and the stop),
//! - no throw moves, releases, takes or removes a piece, marks a hole landed on, or changes
//!   the phase, and no end holds,
//! - the positions reached repeat up to the counters: throws of the game (past the first),
//!   of the turn and the team's turn (past the first), seat turns, the last throw, and the
//!   pooled moves already spent (forfeited or dropped),
//!
//! so that the set of positions reachable by throws alone is closed and every one of them
//! equals the start in everything a rule reads. The test is conservative: it gives up
//! (no deadlock) after [`MAX_STATES`] positions, on a throw the engine refuses, and on any
//! pooled move still waiting at a throw (a pooled turn that keeps throwing again). It runs
//! once in each stretch of seat turns with no decision, no piece taken and no phase change,
//! when the stretch reaches [`QUIET_ROTATIONS`] whole rotations of seats: only those change a position beyond its
//! counters, so the later turn starts of the stretch are the same positions up to the
//! counters and the test would answer the same. It costs nothing while pieces move.

use super::*;

/// `quiet` of the positions the deadlock test explores: they never run the test themselves.
pub(super) const QUIET_OFF: u16 = u16::MAX;

/// Whole rotations of quiet seat turns before the test runs. Every turn start of a quiet
/// stretch gives the same answer, so waiting costs only the delay; testing every short
/// stretch (a seat that simply throws nothing useful for a while) doubled the cost of
/// random play of Sig 4x20.
pub(crate) const QUIET_ROTATIONS: u16 = 32;

/// Most positions the deadlock test explores before it gives up.
pub(crate) const MAX_STATES: usize = 512;

impl Game {
    /// Is the position (a throw at the start of a seat's turn) deadlocked: can no sequence of
    /// throws, for any seat, give a decision or change anything but the counters? See the
    /// module's definition.
    pub fn deadlocked(&self, s: &State) -> bool {
        if s.stage != Stage::Throw || s.turn_throws != 0 {
            return false;
        }
        let mut start = s.clone();
        start.quiet = QUIET_OFF;
        let mut seen = vec![self.deadlock_key(&start)];
        let mut todo = vec![start];
        let mut buf = Vec::new();
        while let Some(x) = todo.pop() {
            for o in self.chance_outcomes(&x) {
                if o.p <= 0.0 {
                    continue;
                }
                let mut y = x.clone();
                if self
                    .throw_then(&mut y, o.k, &mut Quiet, Some(&mut buf))
                    .is_err()
                {
                    return false;
                }
                // Choices that move no piece (`throwing on: at will`) are followed both
                // ways: a throw on is one more throw of the seat, a pass ends its throwing.
                if y.stage == Stage::Move && !buf.is_empty() && buf.iter().all(|d| !d.moves_piece())
                {
                    if buf.contains(&Decision::THROW_ON) {
                        let mut z = y.clone();
                        if self
                            .apply_decision(&mut z, Decision::THROW_ON, &mut Quiet)
                            .is_err()
                        {
                            return false;
                        }
                        let k = self.deadlock_key(&z);
                        if !seen.contains(&k) {
                            if seen.len() >= MAX_STATES {
                                return false;
                            }
                            seen.push(k);
                            todo.push(z);
                        }
                    }
                    if self
                        .apply_decision(&mut y, Decision::PASS, &mut Quiet)
                        .is_err()
                    {
                        return false;
                    }
                }
                if y.stage != Stage::Throw
                    || y.phase != s.phase
                    || y.pieces != s.pieces
                    || y.won != s.won
                    || y.pool[..y.pool_len as usize]
                        .iter()
                        .any(|e| e.piece == NONE)
                {
                    return false;
                }
                let k = self.deadlock_key(&y);
                if !seen.contains(&k) {
                    if seen.len() >= MAX_STATES {
                        return false;
                    }
                    seen.push(k);
                    todo.push(y);
                }
            }
        }
        true
    }

    /// The position with the counters no rule reads past their first value cleared, and the
    /// spent pool entries dropped as the next throw drops them.
    fn deadlock_key(&self, s: &State) -> State {
        let mut k = s.clone();
        k.turns = 0;
        k.quiet = 0;
        k.last = None;
        k.game_throws = k.game_throws.min(1);
        k.turn_throws = k.turn_throws.min(1);
        k.team_throws = k.team_throws.min(1);
        if self.ir.allocation.value == Allocation::PerThrow {
            self.compact_pool(&mut k);
        }
        // Throws of a turn are told apart only from each other: number them afresh.
        let mut map = [NONE; 256];
        let mut next = 0u8;
        let mut renumber = |f: u8, map: &mut [u8; 256]| {
            if f == NONE {
                return NONE;
            }
            if map[f as usize] == NONE {
                map[f as usize] = next;
                next += 1;
            }
            map[f as usize]
        };
        for i in 0..k.pool_len as usize {
            k.pool[i].family = renumber(k.pool[i].family, &mut map);
            k.pool[i].bound = renumber(k.pool[i].bound, &mut map);
            k.pool[i].rule = RuleIx::new(0);
        }
        k.bind = renumber(k.bind, &mut map);
        k
    }

    /// The ending that holds now, with its winner (`None`: a draw): the first team (in
    /// order) for which a win holds, else the first draw that holds, else the first end by
    /// score that holds (its winner, or a draw when the counts are level).
    pub(super) fn ending_now(&self, s: &State) -> Option<(Option<TeamId>, Ending)> {
        for t in TeamId::BOTH {
            for (i, w) in self.ir.wins.iter().enumerate() {
                if w.phase.is_none_or(|p| p == s.phase) && self.holds(s, t, &w.when) {
                    return Some((Some(t), Ending::Win(i as u16)));
                }
            }
        }
        if self.ir.draws.is_empty() && self.ir.scores.is_empty() {
            return None;
        }
        self.drawn_or_scored(s)
    }

    /// [`Game::ending_now`] once no win holds: the first draw that holds, else the first end
    /// by score (out of line: most files have neither, and every action asks for a win).
    #[inline(never)]
    fn drawn_or_scored(&self, s: &State) -> Option<(Option<TeamId>, Ending)> {
        let in_phase = |p: Option<PhaseId>| p.is_none_or(|p| p == s.phase);
        let holds = |t: TeamId, cs: &[Cond]| self.holds(s, t, cs);
        let either = |p: Option<PhaseId>, cs: &[Cond]| {
            in_phase(p) && TeamId::BOTH.into_iter().any(|t| holds(t, cs))
        };
        if let Some(i) = self.ir.draws.iter().position(|d| either(d.phase, &d.when)) {
            return Some((None, Ending::Draw(i as u16)));
        }
        let i = self
            .ir
            .scores
            .iter()
            .position(|d| either(d.phase, &d.when))?;
        let e = &self.ir.scores[i];
        let score = |t: TeamId| {
            self.alive(s, t)
                .filter(|p| p.place().is_some_and(|c| e.region[t].contains(c)))
                .count()
        };
        let (a, b) = (score(TeamId::FIRST), score(TeamId::SECOND));
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(TeamId::FIRST),
            std::cmp::Ordering::Less => Some(TeamId::SECOND),
            std::cmp::Ordering::Equal => None,
        };
        Some((winner, Ending::Score(i as u16)))
    }

    /// The rule of an ending's statement (a deadlock has none: the first rule stands in).
    pub(super) fn ending_rule(&self, e: Ending) -> RuleIx {
        match e {
            Ending::Win(i) => self.ir.wins[i as usize].origin.rule,
            Ending::Draw(i) => self.ir.draws[i as usize].origin.rule,
            Ending::Score(i) => self.ir.scores[i as usize].origin.rule,
            Ending::Deadlock => RuleIx::new(0),
        }
    }

    /// Which statement ended a finished game (and so, with [`State::phase`], in which phase):
    /// `None` while it goes on, or for a finished position set up by hand that no end holds in.
    pub fn ending(&self, s: &State) -> Option<Ending> {
        match s.stage {
            Stage::Throw | Stage::Move => None,
            Stage::Deadlock => Some(Ending::Deadlock),
            Stage::Over(_) | Stage::Drawn => self.ending_now(s).map(|(_, e)| e),
        }
    }

    /// The origin of the statement that ended a finished game, if a statement did.
    pub fn ending_origin(&self, s: &State) -> Option<Origin> {
        match self.ending(s)? {
            Ending::Win(i) => Some(self.ir.wins[i as usize].origin),
            Ending::Draw(i) => Some(self.ir.draws[i as usize].origin),
            Ending::Score(i) => Some(self.ir.scores[i as usize].origin),
            Ending::Deadlock => None,
        }
    }

    /// How many of the team's pieces (or its opponent's) stand in the region, seen from it.
    pub(super) fn count_in(&self, s: &State, t: TeamId, c: &Counted) -> i64 {
        let whose = if c.opposing { t.other() } else { t };
        // The team's occupied holes are its live pieces' holes: none in the region is a count
        // of 0 without looking at the pieces (a `once … >= 1` is asked after every action
        // until it holds).
        let (occ, region) = (&s.occ[whose], &c.cells[t]);
        if occ.0.iter().zip(&region.0).all(|(a, b)| a & b == 0) {
            return 0;
        }
        self.alive(s, whose)
            .filter(|p| p.place().is_some_and(|h| c.cells[t].contains(h)))
            .count() as i64
    }
}
