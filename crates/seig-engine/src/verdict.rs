//! The engine's verdict on an action, for explanations: legal, with each of its effects
//! and the statement (or language default) that produced it; or refused, with the
//! [`Refusal`] that says which statement, default or fact refuses it. Data only: the words
//! are the tools'.
//!
//! The verdict is the engine's own play of the action on a copy of the position (the same
//! `apply` and the same listing the game uses), never a second walk: the playout loop keeps
//! its fast path, and `tests/verdict_props.rs` holds the two equal.
#![expect(
    clippy::indexing_slicing,
    reason = "pool, piece, rule and statement indices come from a state the engine made or checked, and from the IR's own tables"
)]

use super::*;

/// One pool entry that no piece could use, and why, for one piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unusable {
    /// The pool entry (index in [`State::pool`]).
    pub entry: u8,
    /// The piece it was tried on.
    pub piece: u8,
    /// Why that piece may not take it.
    pub refusal: Refusal,
}

/// Something an action did, with what made it happen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Consequence {
    /// A throw showed `value`; the throw entry that applied (`None`: none applies, and the
    /// throw does nothing).
    Thrown {
        /// The value.
        value: u8,
        /// The `on …` statement that applied.
        entry: Option<Origin>,
    },
    /// A piece moved (and was released, with `release`), to `to` (`None`: off the board).
    Moved {
        /// Team.
        team: TeamId,
        /// Piece.
        piece: u8,
        /// The move releases it.
        release: bool,
        /// Where it stands now.
        to: Option<Cell>,
        /// The rules that allow the move (the throws', gates', loops').
        rules: RuleList,
    },
    /// A piece was taken by a landing capture: sent home, swapped, or out of the game.
    Taken {
        /// Victim's team.
        team: TeamId,
        /// Victim.
        piece: u8,
        /// Still in the game: sent home, or swapped (else removed).
        home: bool,
        /// Put on the hole its taker left (`capture …: swap`), at `to`.
        swapped: Option<Cell>,
        /// The statement that takes it.
        by: Ground,
    },
    /// A piece was taken out of the game by a throw's effect (`remove opposing piece`, as
    /// in a combat phase), not by a piece landing on it: a removal, not a capture.
    Removed {
        /// Victim's team.
        team: TeamId,
        /// Victim.
        piece: u8,
        /// The throw entry that removes it.
        by: Ground,
    },
    /// The move ended on `from`, which sent the piece on to `to` (`landing on … goes to`).
    SentOn {
        /// The hole the move ended on.
        from: Cell,
        /// The hole the piece went to.
        to: Cell,
        /// The statement.
        by: Ground,
    },
    /// The mover shares `cell` with opposing pieces it does not take.
    Shared {
        /// The hole.
        cell: Cell,
        /// What protects them.
        protected_by: Ground,
        /// What lets the mover land beside them.
        shared_by: Ground,
    },
    /// A capture the move could make and declines (an optional capture).
    Declined {
        /// The hole.
        cell: Cell,
        /// The optional `capture` statement.
        by: Ground,
    },
    /// A piece became immune.
    Immune {
        /// Team.
        team: TeamId,
        /// Piece.
        piece: u8,
        /// The statement that makes it immune (the first in the file, of several).
        by: Ground,
        /// The other statements that make it immune by the same move (an `immune after
        /// entering` and an `immune after arriving` whose holes the move both enters).
        also: Vec<Origin>,
    },
    /// Unused pool entries were forfeited: no piece could use them.
    Forfeited {
        /// How many.
        entries: u8,
        /// The language default that forfeits them (`forced moves`).
        by: Ground,
        /// For each unused entry (one of each kind alike) and each piece in the game, why
        /// that piece could not take it.
        why: Vec<Unusable>,
    },
    /// The seat passed, declining `entries` pool entries some piece could use (0: it
    /// stopped throwing, with none usable).
    Passed {
        /// How many.
        entries: u8,
        /// `moves: optional` (entries declined), or `throwing on: at will` (none).
        by: Ground,
    },
    /// The seat threw on at will.
    ThrewOn {
        /// `throwing on: at will`.
        by: Ground,
    },
    /// A piece sent home was put on `to`, an empty hole of its start row: the capturing
    /// seat's choice, or the one empty hole (`send home to: chosen empty hole`).
    PutHome {
        /// The piece's team.
        team: TeamId,
        /// The piece.
        piece: u8,
        /// Its hole.
        to: Cell,
        /// The `send home to` or `capture` statement that names the target.
        by: Ground,
    },
    /// The phase changed.
    Phase {
        /// New phase.
        to: PhaseId,
        /// The statement that changes it.
        by: Ground,
    },
    /// The game was won.
    Won {
        /// Winner.
        team: TeamId,
        /// The statement that ends it.
        by: Ground,
    },
    /// The game ended without a winner (a draw, a tie by score, or a deadlock).
    Ended {
        /// The statement that ends it (a deadlock: the language default `deadlock`).
        by: Ground,
    },
}

/// The engine's verdict on an action.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Legal: what it does, in order.
    Legal(Vec<Consequence>),
    /// Refused, and why.
    Refused(Refusal),
}

impl Verdict {
    /// Is the action legal?
    pub fn is_legal(&self) -> bool {
        matches!(self, Verdict::Legal(_))
    }
    /// The refusal, if refused.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            Verdict::Refused(r) => Some(r),
            Verdict::Legal(_) => None,
        }
    }
}

/// Collects an action's events, and the reasons of a forfeit when one comes.
struct Collect<'g> {
    game: &'g Game,
    events: Vec<Event>,
    forfeit: Vec<Unusable>,
}

impl Observer for Collect<'_> {
    fn event(&mut self, e: Event) {
        self.events.push(e);
    }
    fn forfeiting(&mut self, s: &State) {
        self.forfeit = self.game.unusable(s);
    }
}

impl Game {
    /// The verdict on decision `d` in position `s`: the game's own listing decides whether
    /// it is legal (a decision is played only as listed), the engine's checks why not.
    pub fn verdict(&self, s: &State, d: Decision) -> Verdict {
        let mut c = s.clone();
        let mut obs = Collect {
            game: self,
            events: Vec::new(),
            forfeit: Vec::new(),
        };
        if let Err(r) = self.apply_decision(&mut c, d, &mut obs) {
            return Verdict::Refused(r);
        }
        let mut legal = Vec::new();
        self.legal_decisions(s, &mut legal);
        if !legal.contains(&d) {
            return Verdict::Refused(self.unlisted(s, d, &legal));
        }
        let landing = self.check_decision(s, s.team, d).ok();
        let mut out = Vec::new();
        if let Some(l) = landing
            && let Some(cell) = (l.cell != NO_CELL).then(|| Cell::new(l.cell as u16))
        {
            if let Some((from, o)) = l.sent_from {
                out.push(Consequence::SentOn {
                    from: Cell::new(from.into()),
                    to: cell,
                    by: Ground::Stated(o),
                });
            }
            if let (true, Some(p), Some(sh)) = (l.shares, l.protected_by, l.shared_by) {
                out.push(Consequence::Shared {
                    cell,
                    protected_by: p,
                    shared_by: sh,
                });
            }
            if let (false, Some(spec)) = (d.capture, l.capture) {
                out.push(Consequence::Declined {
                    cell,
                    by: Ground::Stated(spec.origin),
                });
            }
        }
        self.effects(s, &c, obs, landing.as_ref(), None, &mut out);
        Verdict::Legal(out)
    }

    /// The verdict on a throw of `k` sticks showing face 0 in position `s`.
    pub fn throw_verdict(&self, s: &State, k: u8) -> Verdict {
        let mut c = s.clone();
        let mut obs = Collect {
            game: self,
            events: Vec::new(),
            forfeit: Vec::new(),
        };
        // The entry each part of the throw meets: the throw's, or each die's.
        let entries: Vec<Option<usize>> = match (self.throw_allowed(s, k).ok(), self.dice_of(k)) {
            (Some(_), Some(vals)) => vals.iter().map(|&v| self.throw_entry(s, 0, v)).collect(),
            (Some(n), None) => vec![self.throw_entry(s, n, k)],
            (None, _) => Vec::new(),
        };
        if let Err(r) = self.apply_throw(&mut c, k, &mut obs) {
            return Verdict::Refused(r);
        }
        let mut out = Vec::new();
        let thrown = obs.events.iter().filter_map(|e| match e {
            Event::Throw { value, .. } => Some(*value),
            _ => None,
        });
        for (value, entry) in thrown.zip(&entries) {
            out.push(Consequence::Thrown {
                value,
                entry: entry.map(|i| self.ir.throws[i].origin),
            });
        }
        let entry = entries.iter().copied().flatten().next();
        self.effects(s, &c, obs, None, entry, &mut out);
        Verdict::Legal(out)
    }

    /// The effects of an action's events (from `before` to `after`), with their statements.
    fn effects(
        &self,
        before: &State,
        after: &State,
        obs: Collect,
        landing: Option<&Landing>,
        entry: Option<usize>,
        out: &mut Vec<Consequence>,
    ) {
        let mut forfeit = Some(obs.forfeit);
        let mut phase = before.phase;
        // The track index the move's piece (its stack's lead) set out from (the engine
        // tells the immunity before the move).
        let from = obs.events.iter().find_map(|e| match *e {
            Event::Moved { team, piece, .. } => Some(before.pieces[team][piece as usize].tpos),
            _ => None,
        });
        for e in obs.events {
            match e {
                Event::Throw { .. } => {}
                Event::Moved {
                    team, piece, rules, ..
                } => {
                    let p = after.pieces[team][piece as usize];
                    out.push(Consequence::Moved {
                        team,
                        piece,
                        release: landing.is_some_and(|l| l.release),
                        to: p.place(),
                        rules,
                    });
                }
                // No landing: the piece was taken while a throw was applied, by its effect.
                Event::Captured { team, piece, .. } if landing.is_none() => {
                    out.push(Consequence::Removed {
                        team,
                        piece,
                        by: self.taken_by(None, entry),
                    });
                }
                Event::Captured {
                    team,
                    piece,
                    home,
                    swapped,
                    ..
                } => out.push(Consequence::Taken {
                    team,
                    piece,
                    home,
                    swapped: swapped
                        .then(|| after.pieces[team][piece as usize].place())
                        .flatten(),
                    by: self.taken_by(landing, entry),
                }),
                Event::Immune { team, piece, rule } => {
                    let by = self.immune_by(team, rule, landing);
                    // A landing's immunity: every statement whose holes the walk entered.
                    let entered = match (landing, from, by) {
                        (Some(l), Some(from), Ground::Stated(o)) if l.immune == Some(o) => {
                            self.immunities_entered(team, from, l)
                        }
                        _ => Vec::new(),
                    };
                    let (by, also) = match entered.split_first() {
                        Some((first, rest)) => (Ground::Stated(*first), rest.to_vec()),
                        None => (by, Vec::new()),
                    };
                    out.push(Consequence::Immune {
                        team,
                        piece,
                        by,
                        also,
                    });
                }
                Event::Forfeit { entries } => out.push(Consequence::Forfeited {
                    entries,
                    by: Ground::of(self.ir.moves_optional.origin, EngineChoiceId::ForcedMoves),
                    why: forfeit.take().unwrap_or_default(),
                }),
                Event::Passed { entries } => out.push(Consequence::Passed {
                    entries,
                    by: if entries > 0 && self.back_may && !self.ir.moves_optional.value {
                        Ground::of(
                            self.ir.movement.back_when_stuck.origin,
                            EngineChoiceId::BackwardMoves,
                        )
                    } else if entries > 0 {
                        Ground::of(self.ir.moves_optional.origin, EngineChoiceId::ForcedMoves)
                    } else {
                        Ground::of(self.ir.throw_on_at_will.origin, EngineChoiceId::ThrowingOn)
                    },
                }),
                Event::ThrewOn => out.push(Consequence::ThrewOn {
                    by: Ground::of(self.ir.throw_on_at_will.origin, EngineChoiceId::ThrowingOn),
                }),
                Event::HomeChosen { team, piece, cell } => out.push(Consequence::PutHome {
                    team,
                    piece,
                    to: cell,
                    by: self.home_by(landing),
                }),
                Event::Phase { to, rule } => {
                    out.push(Consequence::Phase {
                        to,
                        by: self.phase_by(phase, to, rule),
                    });
                    phase = to;
                }
                Event::Won { team, .. } => out.push(Consequence::Won {
                    team,
                    by: self.ended_by(after),
                }),
            }
        }
        if matches!(after.stage, Stage::Drawn | Stage::Deadlock) && !self.is_over(before) {
            out.push(Consequence::Ended {
                by: self.ended_by(after),
            });
        }
    }

    /// The statement that names `chosen empty hole`: the move's capture statement where it
    /// names its own target, else the game's `send home to`.
    fn home_by(&self, landing: Option<&Landing>) -> Ground {
        match landing.and_then(|l| l.capture) {
            Some(spec) if self.ir.capture.home_to.value != HomeTarget::ChosenEmpty => {
                Ground::Stated(spec.origin)
            }
            _ => Ground::of(
                self.ir.capture.home_to.origin,
                EngineChoiceId::SendHomeTarget,
            ),
        }
    }

    /// The statement that took a piece: the move's capture, else (a throw's `remove
    /// opposing piece`) the throw entry that applied.
    fn taken_by(&self, landing: Option<&Landing>, entry: Option<usize>) -> Ground {
        if let Some(spec) = landing.and_then(|l| l.capture) {
            return Ground::Stated(spec.origin);
        }
        entry.map_or(Ground::Fact, |i| Ground::Stated(self.ir.throws[i].origin))
    }

    /// The statement that made a piece immune: the move's landing, or an `immune when`.
    fn immune_by(&self, team: TeamId, rule: RuleIx, landing: Option<&Landing>) -> Ground {
        if let Some(o) = landing.and_then(|l| l.immune).filter(|o| o.rule == rule) {
            return Ground::Stated(o);
        }
        let pol = &self.ir.capture;
        pol.immune_when
            .iter()
            .find(|w| w.origin.rule == rule)
            .map(|w| w.origin)
            .or(pol.immune[team].map(|(_, o)| o).filter(|o| o.rule == rule))
            .map_or(Ground::Fact, Ground::Stated)
    }

    /// The `immune after …` statements, in file order, whose holes for `team` a walk from
    /// track index `from` to the landing `l` enters (forward; a walk that turned back, by a
    /// bounce or a loop, is judged by its landing hole alone). The engine makes the piece
    /// immune on entering any of their holes, so each of them gives the immunity.
    fn immunities_entered(&self, team: TeamId, from: i16, l: &Landing) -> Vec<Origin> {
        let cells = &self.ir.teams[team].track.cells;
        let entered: Vec<Cell> = if l.tpos > from {
            let lo = usize::try_from(from + 1).unwrap_or(0);
            let hi = usize::try_from(l.tpos).unwrap_or(0);
            cells.get(lo..=hi).unwrap_or_default().to_vec()
        } else {
            (l.cell != NO_CELL)
                .then(|| Cell::new(u16::from(l.cell)))
                .into_iter()
                .collect()
        };
        self.ir
            .capture
            .stated
            .iter()
            .filter(|st| st.kind == CaptureKind::Immune)
            .filter(|st| {
                st.region
                    .is_some_and(|r| entered.iter().any(|&c| r[team].contains(c)))
            })
            .map(|st| st.origin)
            .collect()
    }

    /// The statement that changed the phase from `from` to `to`: a transition of that rule,
    /// else a throw entry's `enter` of that rule.
    fn phase_by(&self, from: PhaseId, to: PhaseId, rule: RuleIx) -> Ground {
        let ir = &self.ir;
        ir.transitions
            .iter()
            .find(|t| t.origin.rule == rule && t.from == from && t.to == to)
            .map(|t| t.origin)
            .or_else(|| {
                ir.throws
                    .iter()
                    .find(|e| e.origin.rule == rule && e.effects.contains(&Effect_::EnterPhase(to)))
                    .map(|e| e.origin)
            })
            .map_or(Ground::Fact, Ground::Stated)
    }

    /// The statement that ended a finished game.
    fn ended_by(&self, after: &State) -> Ground {
        let ir = &self.ir;
        match self.ending(after) {
            Some(Ending::Win(i)) => Ground::Stated(ir.wins[i as usize].origin),
            Some(Ending::Draw(i)) => Ground::Stated(ir.draws[i as usize].origin),
            Some(Ending::Score(i)) => Ground::Stated(ir.scores[i as usize].origin),
            Some(Ending::Deadlock) => Ground::Default(EngineChoiceId::Deadlock),
            None => Ground::Fact,
        }
    }

    /// The index in [`Ir::throws`] of the entry a throw of `n` sticks with `k` showing face 0
    /// applies in `s`: the first candidate whose conditions hold (`throw_then`'s choice).
    /// Inline with the table's answer; the walk over conditions out of line, so that the
    /// common throw pays no call and no saved registers.
    #[inline(always)]
    pub(crate) fn throw_entry(&self, s: &State, n: u8, k: u8) -> Option<usize> {
        let slot = Game::slot(s.phase, s.team, n, k);
        match self.direct[slot] {
            super::NO_THROW_ENTRY => None,
            super::ASK_THROW_ENTRY => self.throw_entry_asked(s, slot),
            e => Some(e as usize),
        }
    }

    /// [`Game::throw_entry`] of a slot whose candidates have conditions.
    #[inline(never)]
    fn throw_entry_asked(&self, s: &State, slot: usize) -> Option<usize> {
        let (lo, hi) = self.slots[slot];
        self.entries[lo as usize..hi as usize]
            .iter()
            .map(|&i| i as usize)
            .find(|&i| {
                self.ir.throws[i]
                    .conds
                    .iter()
                    .all(|c| self.cond(s, s.team, c))
            })
    }

    /// Why decision `d`, which the engine would apply, is not among the legal decisions it
    /// lists (`legal`).
    fn unlisted(&self, s: &State, d: Decision, legal: &[Decision]) -> Refusal {
        if self.ir.allocation.value == Allocation::PerThrow && d.mask.count_ones() > 1 {
            return Refusal::new(
                RefusalKind::GroupPerThrow,
                Ground::of(self.ir.allocation.origin, EngineChoiceId::Allocation),
            );
        }
        if legal.len() >= MAX_DECISIONS {
            return Refusal::fact(RefusalKind::DecisionLimit);
        }
        // Throws alike are one choice: the engine offers the first unused ones of a kind.
        let kinds = |mask: u64| {
            let mut v: Vec<_> = (0..s.pool_len as usize)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| {
                    let e = &s.pool[i];
                    (e.steps, e.thrown, e.kind, e.bound, e.rule)
                })
                .collect();
            v.sort_unstable_by_key(|k| (k.0, k.1, k.2 as u8, k.3, k.4));
            v
        };
        let want = kinds(d.mask);
        if legal
            .iter()
            .any(|x| x.piece == d.piece && x.mask != d.mask && kinds(x.mask) == want)
        {
            return Refusal::fact(RefusalKind::NotOffered);
        }
        Refusal::fact(RefusalKind::GroupLimit)
    }

    /// For each unused pool entry of a position with no legal decision (one entry of each
    /// kind alike) and each piece in the game, why that piece may not take it.
    pub(crate) fn unusable(&self, s: &State) -> Vec<Unusable> {
        let mut out = Vec::new();
        let mut seen = Vec::new();
        for i in 0..s.pool_len as usize {
            let e = &s.pool[i];
            let kind = (e.steps, e.thrown, e.kind, e.bound, e.family, e.rule);
            if e.piece != NONE || seen.contains(&kind) {
                continue;
            }
            seen.push(kind);
            for piece in 0..self.n_pieces(s.team) as u8 {
                if !s.pieces[s.team][piece as usize].alive() {
                    continue;
                }
                let d = Decision {
                    piece,
                    mask: 1 << i,
                    capture: false,
                    entry: 0,
                };
                let r = match self.check_decision(s, s.team, d) {
                    Err(r) => r,
                    // It walks and lands: what is refused is declining or making the taking.
                    Ok(l) => {
                        let d = Decision {
                            capture: l.capture.is_some(),
                            ..d
                        };
                        match self.apply_decision(&mut s.clone(), d, &mut Quiet) {
                            Err(r) => r,
                            Ok(()) => continue,
                        }
                    }
                };
                out.push(Unusable {
                    entry: i as u8,
                    piece,
                    refusal: r,
                });
            }
        }
        out
    }
}

use seig_ir::{CaptureKind, Effect as Effect_};
