//! Prisoners (`capture …: take prisoner`): a landing that takes the opposing pieces of a
//! hole makes them prisoners, carried by the taker. A prisoner is out of play
//! ([`PieceFlags::REMOVED`] with [`PieceFlags::PRISONER`]) and keeps the hole of the stack
//! that carries it: whichever team's free pieces stand there carry every prisoner there, of
//! either team (a taken stack's own prisoners change hands with it). A move from the hole
//! takes them along; a move past the track's end arrives: the carrier's team's pieces in
//! the stack go home, the other team's leave the game.
#![expect(
    clippy::indexing_slicing,
    reason = "piece indices are below the team's piece count, checked by the callers against `Game::n_pieces`, as everywhere in the engine"
)]

use super::*;

impl Game {
    /// Does a stack on hole `cell` hold prisoners?
    pub(super) fn carries(&self, s: &State, cell: u8) -> bool {
        cell != NO_CELL
            && TeamId::BOTH.into_iter().any(|t| {
                s.pieces[t][..self.n_pieces(t)]
                    .iter()
                    .any(|q| q.prisoner() && q.cell == cell)
            })
    }

    /// Makes piece `i` of `team`, standing on hole `cell`, a prisoner there.
    pub(super) fn imprison(&self, s: &mut State, team: TeamId, i: usize, cell: u8) {
        self.vacate(s, team, i, cell);
        let p = Piece {
            tpos: -1,
            cell,
            flags: PieceFlags::REMOVED | PieceFlags::PRISONER,
        };
        put(s, team, i, p);
    }

    /// Under `prisoners freed: at once`, sends home the pieces of `team` held prisoner on
    /// hole `cell`, which its piece has just taken.
    pub(super) fn free_at_once(&self, s: &mut State, team: TeamId, cell: u8) {
        if self.ir.movement.prisoners_freed.value != PrisonersFreed::AtOnce {
            return;
        }
        for j in 0..self.n_pieces(team) {
            let q = s.pieces[team][j];
            if q.prisoner() && q.cell == cell {
                self.go_home(s, team, j);
            }
        }
    }

    /// After a move of the pieces `movers` of `team` from hole `holes.0` to `holes.1`: the
    /// prisoners of the first hole go along; where the move arrived (`holes.1` is
    /// [`NO_CELL`]), the team's pieces of the stack go home and the others leave the game.
    pub(super) fn carry(&self, s: &mut State, team: TeamId, holes: (u8, u8), movers: u64) {
        let (from, to) = holes;
        if from == to {
            return;
        }
        for t in TeamId::BOTH {
            for j in 0..self.n_pieces(t) {
                let q = s.pieces[t][j];
                if !q.prisoner() || q.cell != from {
                    continue;
                }
                if to != NO_CELL {
                    put(s, t, j, Piece { cell: to, ..q });
                } else if t == team {
                    self.go_home(s, t, j);
                } else {
                    // Reported taken when it was made prisoner.
                    put(s, t, j, Piece::REMOVED);
                }
            }
        }
        if to == NO_CELL && from != NO_CELL {
            let mut bits = movers;
            while bits != 0 {
                let j = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if s.pieces[team][j].cell == NO_CELL {
                    self.go_home(s, team, j);
                }
            }
        }
    }

    /// Sends piece `i` of `team` home, unreleased, as the prisoner-taking capture's `send
    /// home to` says (a `chosen empty hole` is the first empty hole: no seat is asked).
    fn go_home(&self, s: &mut State, team: TeamId, i: usize) {
        put(
            s,
            team,
            i,
            Piece {
                tpos: -1,
                cell: NO_CELL,
                flags: PieceFlags::empty(),
            },
        );
        let to = match self.prisoner_home() {
            HomeTarget::ChosenEmpty => HomeTarget::FirstEmpty,
            h => h,
        };
        self.take(s, team, i, true, to);
    }

    /// Where the prisoner-taking capture sends pieces home.
    fn prisoner_home(&self) -> HomeTarget {
        TeamId::BOTH
            .into_iter()
            .flat_map(|t| self.ir.capture.at[t].iter())
            .find_map(|c| c.spec.filter(|sp| sp.prisoner).map(|sp| sp.home_to))
            .unwrap_or_default()
    }
}
