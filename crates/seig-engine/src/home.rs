//! Home decisions: under `send home to: chosen empty hole` a piece a move sends home waits
//! off the board ([`State::homing`]) until the capturing seat puts it on an empty hole of
//! its start row ([`Decision::home`]). The pieces are placed one at a time, in piece order
//! (each order of placing reaches the same positions); a piece with one empty hole left goes
//! there unasked, and one with none waits off the board, unreleased, as under the other
//! targets. The move's ending (wins, latches, the next decision or the end of the turn)
//! waits for the last piece. Variants without the target never fill [`State::homing`], and
//! nothing here runs.

use super::*;

impl Game {
    /// The empty holes of the start row of `team`'s pieces (none when they start beside the
    /// board).
    fn home_holes(&self, s: &State, team: TeamId) -> impl Iterator<Item = Cell> + use<> {
        let (first, len) = match self.ir.teams[team].start {
            Start::Row(r) => self
                .ir
                .rows
                .get(r)
                .map_or((0, 0), |r| (r.first.get(), r.len)),
            Start::Beside => (0, 0),
        };
        let occ = s.occ[TeamId::FIRST].union(&s.occ[TeamId::SECOND]);
        (first..first + len)
            .map(Cell::new)
            .filter(move |&c| !occ.contains(c))
    }

    /// Places the waiting pieces that need no decision: in piece order, a piece with one
    /// empty hole goes there, one with none stays off the board; stops at the first piece
    /// with a choice.
    pub(super) fn resolve_homing(&self, s: &mut State, obs: &mut impl Observer) {
        let team = s.team.other();
        while s.homing != 0 {
            let i = s.homing.trailing_zeros() as usize;
            let mut holes = self.home_holes(s, team);
            match (holes.next(), holes.next()) {
                (Some(_), Some(_)) => return,
                (Some(c), None) => self.put_home(s, team, i, c, obs),
                (None, _) => s.homing &= !(1 << i),
            }
        }
    }

    /// Puts waiting piece `i` of `team` on hole `c`.
    fn put_home(&self, s: &mut State, team: TeamId, i: usize, c: Cell, obs: &mut impl Observer) {
        s.homing &= !(1 << i);
        s.occ[team].insert(c);
        let p = Piece {
            tpos: self.track_of_cell[team][c.index()],
            cell: c.get() as u8,
            flags: PieceFlags::empty(),
        };
        put(s, team, i, p);
        obs.event(Event::HomeChosen {
            team,
            piece: i as u8,
            cell: c,
        });
    }

    /// Calls `f` with the home decisions of `s` (some piece waits): one per empty hole of
    /// the first waiting piece's start row, in row order.
    pub(super) fn offer_homes(&self, s: &State, f: &mut impl FnMut(Decision) -> bool) {
        let team = s.team.other();
        let Some(first) = self.home_row_first(team) else {
            return;
        };
        for c in self.home_holes(s, team) {
            let k = c.get().saturating_sub(first);
            if k > u8::MAX as u16 || !f(Decision::home(k as u8)) {
                return;
            }
        }
    }

    /// The hole home decision `d` of the seat to play in `s` names (`None`: not a home
    /// decision, or no hole of the taken pieces' start row).
    pub fn home_decision_cell(&self, s: &State, d: Decision) -> Option<Cell> {
        let k = d.home_hole()?;
        let team = s.team.other();
        let Start::Row(r) = self.ir.teams[team].start else {
            return None;
        };
        let row = self.ir.rows.get(r)?;
        (u16::from(k) < row.len).then(|| row.cell(u16::from(k)))
    }

    /// The first hole of the start row of `team`'s pieces.
    fn home_row_first(&self, team: TeamId) -> Option<u16> {
        match self.ir.teams[team].start {
            Start::Row(r) => self.ir.rows.get(r).and_then(|r| r.cells().next()),
            Start::Beside => None,
        }
        .map(|c| c.get())
    }

    /// Why decision `d` may not be made now as a home decision, or where it puts the
    /// piece (`d` is a home decision, or some piece waits).
    pub(super) fn home_target(&self, s: &State, d: Decision) -> Result<(usize, Cell), Refusal> {
        let by = Ground::of(
            self.ir.capture.home_to.origin,
            EngineChoiceId::SendHomeTarget,
        );
        let Some(k) = d.home_hole() else {
            return Err(Refusal::new(RefusalKind::HomeFirst, by));
        };
        if s.homing == 0 {
            return Err(Refusal::fact(RefusalKind::NoHoming));
        }
        let team = s.team.other();
        let i = s.homing.trailing_zeros() as usize;
        let first = self.home_row_first(team).unwrap_or(0);
        let want = first + u16::from(k);
        self.home_holes(s, team)
            .find(|c| c.get() == want)
            .map(|c| (i, c))
            .ok_or_else(|| Refusal::new(RefusalKind::HomeNotEmpty, by))
    }

    /// Applies a home decision (the caller has checked the stage), then, with no piece left
    /// waiting, ends the move.
    pub(super) fn decide_home(
        &self,
        s: &mut State,
        d: Decision,
        obs: &mut impl Observer,
        legal: Option<&mut Vec<Decision>>,
    ) -> Result<(), Refusal> {
        let (i, c) = self.home_target(s, d)?;
        self.put_home(s, s.team.other(), i, c, obs);
        self.homing_then(s, obs, legal);
        Ok(())
    }

    /// After a move's takings: places what needs no decision, and ends the move unless a
    /// piece still waits (then `legal` gets the home decisions).
    pub(super) fn homing_then(
        &self,
        s: &mut State,
        obs: &mut impl Observer,
        legal: Option<&mut Vec<Decision>>,
    ) {
        self.resolve_homing(s, obs);
        if s.homing == 0 {
            self.end_move(s, obs, legal, true);
        } else if let Some(out) = legal {
            self.legal_decisions(s, out);
        }
    }
}
