//! Splitting a throw (`split throws: halves|any split`). A split decision
//! ([`Decision::split`]) moves no piece: it replaces an unused move of the pool by its two
//! parts ([`EntryKind::Part`]), each moved alone and by different pieces, as any other entry
//! of the pool is. It is offered only where two different pieces could then each move with
//! one of the parts, so a split is never a way to move less. Under the language default (`split throws:
//! whole`) nothing here runs.

use super::*;

impl Game {
    /// Calls `f` with the split decisions offered in `s` (a decision node) until it returns
    /// false (then returns false). `definitional` judges the parts' moves as
    /// [`Game::legal_decisions_by_definition`] does.
    pub(super) fn offer_splits(
        &self,
        s: &State,
        definitional: bool,
        f: &mut impl FnMut(Decision) -> bool,
    ) -> bool {
        let how = self.ir.movement.split.value;
        let len = s.pool_len as usize;
        if len >= POOL_MAX {
            return true;
        }
        for (i, e) in s.pool[..len].iter().enumerate() {
            // Alike entries split alike: the first of them stands for the others.
            let alike = |o: &Entry| splittable(o) && o.steps == e.steps && o.thrown == e.thrown;
            if !splittable(e) || s.pool[..i].iter().any(alike) {
                continue;
            }
            for first in how.first_parts(e.steps) {
                let mut c = s.clone();
                split_entry(&mut c, i, first);
                // The pieces that could move with each part, in the split position.
                let (mut by_first, mut by_second) = (0u64, 0u64);
                self.for_each_move(&c, definitional, &mut |d| {
                    let bit = 1u64 << (d.piece & 63);
                    if d.mask == 1 << i {
                        by_first |= bit;
                    } else if d.mask == 1 << (i + 1) {
                        by_second |= bit;
                    }
                    true
                });
                if 2 * first == e.steps {
                    // Alike halves: the generator lists a group of the first alone.
                    by_second = by_first;
                }
                let two_pieces =
                    by_first != 0 && by_second != 0 && (by_first | by_second).count_ones() >= 2;
                if two_pieces && !f(Decision::split(i as u8, first)) {
                    return false;
                }
            }
        }
        true
    }

    /// Why split decision `d` is not offered in `s`, if it is not.
    pub(super) fn split_refusal(&self, s: &State, d: Decision) -> Option<Refusal> {
        let mut offered = false;
        self.offer_splits(s, false, &mut |o| {
            offered = o == d;
            !offered
        });
        (!offered).then(|| {
            Refusal::new(
                RefusalKind::NotOffered,
                Ground::of(self.ir.movement.split.origin, EngineChoiceId::SplitThrows),
            )
        })
    }

    /// Applies split decision `d` (the caller has checked the stage): the entry becomes its
    /// two parts, and the seat goes on moving.
    pub(super) fn apply_split(
        &self,
        s: &mut State,
        d: Decision,
        legal: Option<&mut Vec<Decision>>,
    ) -> Result<(), Refusal> {
        if let Some(r) = self.split_refusal(s, d) {
            return Err(r);
        }
        if let Some((i, first)) = d.split_of() {
            split_entry(s, i as usize, first);
        }
        if let Some(legal) = legal {
            self.legal_decisions(s, legal);
        }
        Ok(())
    }
}

/// May this entry be split: an unused move of two places or more, bound to no release.
fn splittable(e: &Entry) -> bool {
    e.piece == NONE && e.kind == EntryKind::Move && e.bound == NONE && e.steps >= 2
}

/// Replaces entry `i` by its two parts, `first` places and the rest, in its place (the
/// caller has checked that the pool has room and `first` is below the entry's places).
fn split_entry(s: &mut State, i: usize, first: u8) {
    let len = s.pool_len as usize;
    let e = s.pool[i];
    s.pool.copy_within(i + 1..len, i + 2);
    s.pool[i] = Entry {
        steps: first,
        kind: EntryKind::Part,
        ..e
    };
    s.pool[i + 1] = Entry {
        steps: e.steps - first,
        kind: EntryKind::Part,
        ..e
    };
    s.pool_len += 1;
}
