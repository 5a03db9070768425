//! Stacks (`stacks: move together`): own pieces standing in one place of their track, in
//! one state, move as one piece. The stack is derived from the pieces (no state of its
//! own): pieces with equal [`Piece`] values walk, land and are judged alike, so the
//! stack's lowest numbered piece stands for all of them in a decision.
#![expect(
    clippy::indexing_slicing,
    reason = "piece indices are below the team's piece count, checked by the callers against `Game::n_pieces`, as everywhere in the engine"
)]

use super::*;

impl Game {
    /// The pieces of `team` in one stack with `piece` (bit per piece): those in the game
    /// on the same hole, at the same index of the track, released and immune alike. A
    /// piece beside the board, or out of the game, is a stack of its own.
    pub(super) fn stack_of(&self, s: &State, team: TeamId, piece: u8) -> u64 {
        let pieces = &s.pieces[team][..self.n_pieces(team)];
        let p = pieces[piece as usize];
        if !p.alive() || p.cell == NO_CELL {
            return 1 << piece;
        }
        pieces
            .iter()
            .enumerate()
            .filter(|(_, q)| **q == p)
            .fold(0, |m, (j, _)| m | 1 << j)
    }

    /// The pieces of the team to play that may stand for their stack in a decision: the
    /// lowest numbered piece of each stack none of whose pieces has moved this turn.
    pub(super) fn stack_leads(&self, s: &State) -> u64 {
        let team = s.team;
        let (mut seen, mut leads) = (0u64, 0u64);
        for j in 0..self.n_pieces(team) {
            if seen >> j & 1 == 1 {
                continue;
            }
            let stack = self.stack_of(s, team, j as u8);
            seen |= stack;
            if stack & s.moved == 0 {
                leads |= 1 << j;
            }
        }
        leads
    }

    /// Refuses a move of a piece that does not lead its stack (it moves only with the
    /// stack), and of a stack one of whose pieces has moved this turn.
    pub(super) fn stack_refusal(&self, s: &State, team: TeamId, piece: u8) -> Result<(), Refusal> {
        if piece as usize >= self.n_pieces(team) {
            // Not a piece: `group_entries` says so.
            return Ok(());
        }
        let stack = self.stack_of(s, team, piece);
        let lead = stack.trailing_zeros();
        if lead != piece as u32 {
            return Err(Refusal::new(
                RefusalKind::InStack,
                Ground::of(
                    self.ir.movement.stacks_together.origin,
                    EngineChoiceId::Stacks,
                ),
            ));
        }
        if team == s.team && stack & s.moved & !(1 << piece) != 0 {
            return Err(Refusal::new(
                RefusalKind::MovedThisTurn,
                Ground::of(
                    self.ir.movement.one_move_per_piece.origin,
                    EngineChoiceId::MovesPerPiece,
                ),
            ));
        }
        Ok(())
    }

    /// Moves the pieces `others` (the rest of the lead's stack, as it stood before the
    /// move) to where the lead `lead` now stands, in its state; each that becomes immune
    /// by the move is told by `immune`'s rule.
    pub(super) fn move_stack(
        &self,
        s: &mut State,
        team: TeamId,
        lead: u8,
        others: u64,
        immune: Option<RuleIx>,
        obs: &mut impl Observer,
    ) {
        let now = s.pieces[team][lead as usize];
        let mut bits = others;
        while bits != 0 {
            let j = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let old = s.pieces[team][j];
            if old.cell != NO_CELL {
                self.vacate(s, team, j, old.cell);
            }
            if let Some(rule) = immune {
                obs.event(Event::Immune {
                    team,
                    piece: j as u8,
                    rule,
                });
            }
            put(s, team, j, now);
            if self.ir.movement.one_move_per_piece.value {
                s.moved |= 1 << j;
            }
        }
    }
}
