//! The decisions that move no piece. `moves: optional` lets a seat that could move pass
//! ([`Decision::PASS`]), declining the entries left in its pool; `throwing on: at will`
//! lets a seat throw again ([`Decision::THROW_ON`]) after a throw that gives no throw again,
//! or stop: by moving, or, with no piece to move, by a pass. Under pooled allocation it throws on before it moves (the pool is the
//! turn's throws, all thrown before any is used); under allocation per throw once the
//! throw's moves are done (each throw is used before the next). Under the language defaults
//! (`moves: forced`, `throwing on: as thrown`) neither decision is ever offered, and
//! nothing here runs.

use super::*;

impl Game {
    /// Whether the variant offers any decision that moves no piece.
    #[inline]
    pub(super) fn declines(&self) -> bool {
        self.ir.moves_optional.value
            || self.ir.throw_on_at_will.value
            || self.back_may
            || self.splits
    }

    /// What makes the seat to play move while it can: a backward move turned by
    /// `when no move forward: move backward, must`, else `moves: forced`.
    fn must_move_ground(&self, s: &State) -> Ground {
        let mv = &self.ir.movement;
        let turned = mv.back_when_stuck.value == BackWhenStuck::Must
            && s.pool[..s.pool_len as usize]
                .iter()
                .any(|e| e.piece == NONE && e.kind == EntryKind::Back);
        if turned {
            Ground::of(mv.back_when_stuck.origin, EngineChoiceId::BackwardMoves)
        } else {
            Ground::of(self.ir.moves_optional.origin, EngineChoiceId::ForcedMoves)
        }
    }

    /// Whether the seat to play may decline the moves left in its pool: `moves: optional`,
    /// or a backward move under `when no move forward: move backward, may`.
    fn optional_now(&self, s: &State) -> bool {
        self.ir.moves_optional.value
            || (self.back_may
                && s.pool[..s.pool_len as usize]
                    .iter()
                    .any(|e| e.piece == NONE && e.kind == EntryKind::Back))
    }

    /// Calls `f` with the decisions that move no piece offered in `s` (a decision node),
    /// where `any` says whether some piece may move.
    pub(super) fn offer_declines(
        &self,
        s: &State,
        any: bool,
        f: &mut impl FnMut(Decision) -> bool,
    ) {
        let throw_on = self.throw_on_refusal(s, any).is_none();
        if throw_on && !f(Decision::THROW_ON) {
            return;
        }
        // A pass: declining moves (optional moves), or stopping with none to make.
        if (any && self.optional_now(s)) || (throw_on && !any) {
            f(Decision::PASS);
        }
    }

    /// Why the seat to play may not throw on now (`None`: it may); `any` says whether some
    /// piece may move.
    fn throw_on_refusal(&self, s: &State, any: bool) -> Option<Refusal> {
        let by = Ground::of(self.ir.throw_on_at_will.origin, EngineChoiceId::ThrowingOn);
        if !self.ir.throw_on_at_will.value || s.again {
            return Some(Refusal::new(RefusalKind::NoThrowOn, by));
        }
        if s.turn_throws == u8::MAX {
            return Some(Refusal::fact(RefusalKind::ThrowLimit));
        }
        // Room for the largest throw: the throw on can then never be refused by the pool.
        if s.pool_len as usize + self.max_adds > POOL_MAX {
            return Some(Refusal::fact(RefusalKind::PoolLimit));
        }
        let too_late = match self.ir.allocation.value {
            // Pooled: some entry is used, so the seat has begun to move.
            Allocation::Pooled => s.pool[..s.pool_len as usize]
                .iter()
                .any(|e| (e.piece as usize) < MAX_TEAM_PIECES),
            // Per throw: the throw's moves come first.
            Allocation::PerThrow => any,
        };
        too_late.then(|| Refusal::new(RefusalKind::NoThrowOn, by))
    }

    /// Whether some piece may move.
    fn has_move(&self, s: &State) -> bool {
        let mut any = false;
        self.for_each_move(s, false, &mut |_| {
            any = true;
            false
        });
        any
    }

    /// Applies a decision that moves no piece (the caller has checked the stage).
    pub(super) fn decline(
        &self,
        s: &mut State,
        d: Decision,
        obs: &mut impl Observer,
        _legal: Option<&mut Vec<Decision>>,
    ) -> Result<(), Refusal> {
        let any = self.has_move(s);
        let throw_on = self.throw_on_refusal(s, any);
        if d.is_throw_on() {
            if let Some(r) = throw_on {
                return Err(r);
            }
            if self.ir.allocation.value == Allocation::PerThrow {
                // The throw's entries no piece can use are forfeited before the next throw.
                self.forfeit_rest(s, obs);
                for e in s.pool[..s.pool_len as usize].iter_mut() {
                    if e.piece == NONE {
                        e.piece = DROPPED;
                    }
                }
            }
            obs.event(Event::ThrewOn);
            s.again = true;
            s.stage = Stage::Throw;
            return Ok(());
        }
        if !d.is_pass() {
            return Err(Refusal::fact(RefusalKind::NoSuchPiece));
        }
        let optional = any && self.optional_now(s);
        if !optional && (any || throw_on.is_some()) {
            return Err(if any {
                Refusal::new(RefusalKind::MustMove, self.must_move_ground(s))
            } else {
                Refusal::fact(RefusalKind::NotOffered)
            });
        }
        if any {
            obs.event(Event::Passed {
                entries: unused_entries(s),
            });
        } else {
            // Stopping with nothing to move: what is left is forfeited, as without a choice.
            obs.event(Event::Passed { entries: 0 });
            self.forfeit_rest(s, obs);
        }
        self.done_moving(s, obs);
        if !self.latched.is_empty() {
            self.latch(s);
        }
        Ok(())
    }
}
