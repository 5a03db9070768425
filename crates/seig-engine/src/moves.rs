//! Moves: which pool entries may go to which piece, where the piece lands, and what
//! landing there does. Protection belongs to the victim: [`Game::capture_verdict`] is the
//! one place that says whether a piece may be taken.
#![expect(
    clippy::indexing_slicing,
    reason = "pieces, pool entries, holes and rules index tables sized at `Game::new` from the checked IR; a state's indices are kept in range by `apply` and `Game::state_from_setup` (a `.get()` would tax move generation)"
)]

use super::quick::{Gen, Group, Quick};
use super::*;

/// What landing on a hole does to the opposing pieces there.
pub(super) struct Arrival {
    /// How they are taken, if some may be.
    pub capture: Option<CaptureSpec>,
    /// Some may not be taken (they share the hole).
    pub shares: bool,
    /// The move may leave them untaken.
    pub may_decline: bool,
    /// What protects those that share (the first such piece's protection).
    pub protected_by: Option<Ground>,
    /// What lets the mover share the hole with them.
    pub shared_by: Option<Ground>,
}

/// Where a move ends and what it does there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Landing {
    /// Track index reached (others read [`Landing::track_index`]).
    pub(crate) tpos: i16,
    /// Hole reached, or [`NO_CELL`] (others read [`Landing::place`]).
    pub(crate) cell: u8,
    /// The move releases the piece.
    pub release: bool,
    /// How opposing pieces on the hole may be taken (all of them when taken).
    pub capture: Option<CaptureSpec>,
    /// Opposing pieces there that may not be taken (they share the hole).
    pub shares: bool,
    /// The move may leave opposing pieces untaken (sharing allowed there).
    pub may_decline: bool,
    /// The piece becomes immune, by this statement.
    pub immune: Option<Origin>,
    /// The rules that allow this move.
    pub rules: RuleList,
    /// With [`Landing::shares`]: what protects the opposing pieces left on the hole.
    pub protected_by: Option<Ground>,
    /// With [`Landing::shares`]: what lets the mover share the hole with them.
    pub shared_by: Option<Ground>,
    /// The hole the move ended on, which sent the piece on to [`Landing::place`], and the
    /// `landing on … goes to` statement.
    pub sent_from: Option<(u8, Origin)>,
    /// The walk keeps to its way where a `may branch` begins ([`KEEP_WAY_ENTRY`]); set
    /// before the walk, which keeps it.
    pub(crate) keep_way: bool,
    /// A stack holding prisoners walked past its track's end: it leaves the board, its
    /// prisoners out of the game, its own pieces home (`capture …: take prisoner`).
    pub arrives: bool,
}

impl Landing {
    /// The landing of a walk not begun: the piece `p` where it stands (the way it keeps,
    /// [`Landing::keep_way`], kept).
    #[inline(always)]
    fn begin(&mut self, p: &Piece, release: bool) {
        *self = Landing {
            tpos: p.tpos,
            cell: p.cell,
            release,
            may_decline: true,
            keep_way: self.keep_way,
            ..Landing::default()
        };
    }
    fn note(&mut self, r: RuleIx) {
        self.rules.push(r);
    }
    /// Takes what landing does from `a`, noting the rules that decide it.
    #[inline(always)]
    fn arrived(&mut self, a: Arrival) {
        self.capture = a.capture;
        self.shares = a.shares;
        self.may_decline = a.may_decline;
        self.protected_by = a.protected_by;
        self.shared_by = a.shared_by;
        if let Some(spec) = a.capture {
            self.note(spec.origin.rule);
        }
        if let Some(o) = a.protected_by.and_then(Ground::origin) {
            self.note(o.rule);
        }
    }
    /// The rules that allow this move.
    pub fn rules(&self) -> &[RuleIx] {
        &self.rules
    }
    /// The hole reached, if on the board.
    #[inline]
    pub fn place(&self) -> Option<Cell> {
        (self.cell != NO_CELL).then_some(Cell::new(self.cell as u16))
    }
    /// The track index reached, if on the track.
    #[inline]
    pub fn track_index(&self) -> Option<usize> {
        usize::try_from(self.tpos).ok()
    }
}

/// Most legal decisions the engine lists for one position: a bound on the memory and time
/// of every tool that looks at all of them (48 pieces and a full pool could make millions).
pub const MAX_DECISIONS: usize = 100_000;

/// The unused entries of the pool (bit per entry: [`POOL_MAX`] is below 64). A pool mostly
/// holds one entry: that case is answered apart, as the loop is unrolled for long pools.
#[inline(always)]
fn unused_mask(s: &State) -> u64 {
    match &s.pool[..s.pool_len as usize] {
        [] => 0,
        [e] => u64::from(e.piece == NONE),
        pool => pool
            .iter()
            .rev()
            .fold(0, |m, e| m << 1 | u64::from(e.piece == NONE)),
    }
}

impl Game {
    /// Every legal decision, appended to `out` (cleared first). Empty unless a decision node.
    /// At most [`MAX_DECISIONS`] are listed (see [`Game::legal_decisions_checked`]).
    #[inline]
    pub fn legal_decisions(&self, s: &State, out: &mut Vec<Decision>) {
        out.clear();
        // The end of every move asks for the decisions left, most often once the last
        // entry is used: with no taken piece to place and no decision that moves no piece,
        // [`Game::for_each_legal`] would list nothing. Answered here, before the generator's
        // call and set-up; the mask found is handed on, not looked for again.
        let free = unused_mask(s);
        if free == 0 && s.homing == 0 && !self.declines() {
            return;
        }
        self.list_legal(s, free, out);
    }

    /// [`Game::legal_decisions`] past its inline test (`out` cleared; `free`: the unused
    /// pool entries, [`unused_mask`]).
    #[inline(never)]
    fn list_legal(&self, s: &State, free: u64, out: &mut Vec<Decision>) {
        self.for_each_legal(s, free, false, &mut |d| {
            out.push(d);
            out.len() < MAX_DECISIONS
        });
    }

    /// [`Game::legal_decisions`], refusing a position with more than [`MAX_DECISIONS`]
    /// decisions (`out` then holds the first [`MAX_DECISIONS`]).
    pub fn legal_decisions_checked(
        &self,
        s: &State,
        out: &mut Vec<Decision>,
    ) -> Result<(), Refusal> {
        out.clear();
        self.for_each_legal(s, unused_mask(s), false, &mut |d| {
            out.push(d);
            out.len() <= MAX_DECISIONS
        });
        if out.len() <= MAX_DECISIONS {
            return Ok(());
        }
        out.truncate(MAX_DECISIONS);
        Err(Refusal::fact(RefusalKind::DecisionLimit))
    }

    /// [`Game::legal_decisions`] by asking [`Game::check_move`] of every piece and group,
    /// without the quick verdicts: the definition the fast generator is tested against.
    #[doc(hidden)]
    pub fn legal_decisions_by_definition(&self, s: &State, out: &mut Vec<Decision>) {
        out.clear();
        self.for_each_legal(s, unused_mask(s), true, &mut |d| {
            out.push(d);
            true
        });
    }

    /// Is there any legal decision?
    pub(crate) fn has_legal(&self, s: &State) -> bool {
        let mut any = false;
        self.for_each_legal(s, unused_mask(s), false, &mut |_| {
            any = true;
            false
        });
        any
    }

    /// Could the team to play move with the moves pooled so far, were it to move now?
    /// (While a seat throws again in a pooled turn, its pool fills before it moves.)
    pub fn has_legal_with_pool(&self, s: &State) -> bool {
        match s.stage {
            Stage::Move => self.has_legal(s),
            Stage::Throw => {
                let mut c = s.clone();
                c.stage = Stage::Move;
                self.has_legal(&c)
            }
            Stage::Over(_) | Stage::Drawn | Stage::Deadlock => false,
        }
    }

    /// Calls `f` for each legal decision until it returns false; `definitional` asks
    /// [`Game::check_move`] of every candidate instead of the quick verdicts. The moves of
    /// pieces come first, then [`Decision::THROW_ON`] and [`Decision::PASS`] where the
    /// variant offers them. `free`: the unused pool entries ([`unused_mask`]).
    fn for_each_legal(
        &self,
        s: &State,
        free: u64,
        definitional: bool,
        f: &mut impl FnMut(Decision) -> bool,
    ) {
        if s.stage != Stage::Move {
            return;
        }
        if s.homing != 0 {
            self.offer_homes(s, f);
            return;
        }
        if !self.declines() {
            self.moves_with(s, free, definitional, f);
            return;
        }
        let mut any = false;
        let mut go_on = true;
        self.moves_with(s, free, definitional, &mut |d| {
            any = true;
            go_on = f(d);
            go_on
        });
        if go_on && self.splits {
            go_on = self.offer_splits(s, definitional, f);
        }
        if go_on {
            self.offer_declines(s, any, f);
        }
    }

    /// [`Game::for_each_legal`] for the moves of pieces alone.
    pub(super) fn for_each_move(
        &self,
        s: &State,
        definitional: bool,
        f: &mut impl FnMut(Decision) -> bool,
    ) {
        self.moves_with(s, unused_mask(s), definitional, f);
    }

    /// [`Game::for_each_move`] with the unused pool entries `free` ([`unused_mask`]).
    fn moves_with(
        &self,
        s: &State,
        free: u64,
        definitional: bool,
        f: &mut impl FnMut(Decision) -> bool,
    ) {
        if free == 0 {
            return;
        }
        let pooled = self.ir.allocation.value == Allocation::Pooled;
        let mut facts = Gen::new(self, s);
        if free.is_power_of_two() {
            // One entry: one group (the common case of allocation per throw).
            let mask = free;
            if self.pooled_path {
                self.group_moves_apart::<true>(s, &mut facts, mask, definitional, f);
            } else {
                // Inline here: most positions have one group, which then skips a call.
                self.group_moves::<false>(s, &mut facts, mask, definitional, f);
            }
            return;
        }
        let mut unused = [0u8; POOL_MAX];
        let mut m = 0;
        let mut bits = free;
        while bits != 0 {
            unused[m] = bits.trailing_zeros() as u8;
            m += 1;
            bits &= bits - 1;
        }
        // Groups are sub-multisets of the unused entries: interchangeable entries form a
        // type, and a group takes the first `c` entries of each type.
        // Families (throws) some unused entry is bound to: their releases are told apart.
        let bound_families: u64 = unused[..m]
            .iter()
            .map(|&u| s.pool[u as usize].bound)
            .filter(|&b| b != NONE)
            .fold(0, |acc, b| acc | 1 << (b & 63));
        let in_order = pooled && self.ir.movement.walk_in_throw_order.value;
        // A backward move, or a part of a split throw, is a group of its own.
        let backs: u64 = if self.walks_back || self.splits {
            unused[..m]
                .iter()
                .filter(|&&u| matches!(s.pool[u as usize].kind, EntryKind::Back | EntryKind::Part))
                .fold(0, |acc, &u| acc | 1 << u)
        } else {
            0
        };
        let mut base_of = [0u8; POOL_MAX];
        let mut nbase = 0;
        let mut type_of = [0u8; POOL_MAX];
        let mut counts = [0u8; POOL_MAX];
        let mut ntypes = 1;
        for j in 0..m {
            let ej = &s.pool[unused[j] as usize];
            let same = |i: usize| {
                let ei = &s.pool[unused[i] as usize];
                same_entry(ei, ej, bound_families)
                    && (ej.kind == EntryKind::Move
                        || self.release_class(ei.rule) == self.release_class(ej.rule))
            };
            match (0..j).find(|&i| same(i)) {
                Some(i) => base_of[j] = base_of[i],
                None => {
                    base_of[j] = nbase as u8;
                    nbase += 1;
                }
            }
            // Walked in throw order, an entry's place among the others matters: alike
            // entries are interchangeable only in a run of them (a 5, a 3 and a 5 make
            // `5+3` and `3+5`, which a gate may tell apart).
            if in_order && j > 0 && base_of[j - 1] != base_of[j] {
                ntypes += 1;
            }
            type_of[j] = if in_order {
                (ntypes - 1) as u8
            } else {
                base_of[j]
            };
            counts[type_of[j] as usize] += 1;
        }
        if !in_order {
            ntypes = nbase;
        }
        // Groups of runs that walk the same throws in the same order, listed once.
        // (Made only then: a hash set's seed costs every call.)
        let mut walked = in_order.then(std::collections::HashSet::<([u8; POOL_MAX], usize)>::new);
        // Smallest groups first, so that a cap on the number of groups drops the largest.
        let max_size = if pooled { m } else { 1 };
        let mut combos = 0u32;
        let mut take = [0u8; POOL_MAX];
        let mut visit = |take: &[u8]| -> bool {
            combos += 1;
            if combos > MAX_GROUPS {
                return false;
            }
            let mut mask = 0u64;
            let mut got = [0u8; POOL_MAX];
            let mut seq = ([0u8; POOL_MAX], 0);
            for j in 0..m {
                let ty = type_of[j] as usize;
                if got[ty] < take[ty] {
                    got[ty] += 1;
                    mask |= 1 << unused[j];
                    if in_order {
                        seq.0[seq.1] = base_of[j];
                        seq.1 += 1;
                    }
                }
            }
            if mask & backs != 0 && mask.count_ones() > 1 {
                return true;
            }
            if let Some(w) = walked.as_mut()
                && !w.insert(seq)
            {
                return true;
            }
            // Files whose groups may meet a crossing-throw gate run their own copy.
            if self.pooled_path {
                self.group_moves_apart::<true>(s, &mut facts, mask, definitional, f)
            } else {
                self.group_moves_apart::<false>(s, &mut facts, mask, definitional, f)
            }
        };
        for size in 1..=max_size as u8 {
            if !groups_of_size(&counts[..ntypes], &mut take[..ntypes], 0, size, &mut visit) {
                return;
            }
        }
    }

    /// [`Game::group_moves`] out of line (one copy for every group of a position).
    #[inline(never)]
    fn group_moves_apart<const POOLED: bool>(
        &self,
        s: &State,
        facts: &mut Gen,
        mask: u64,
        definitional: bool,
        f: &mut impl FnMut(Decision) -> bool,
    ) -> bool {
        self.group_moves::<POOLED>(s, facts, mask, definitional, f)
    }

    /// Calls `f` for each legal decision with the entries of `mask` until it returns false
    /// (then returns false). `POOLED`: the pooled path's verdicts (`Gen::verdict_pooled`,
    /// see `Game::pooled_path`).
    #[inline(always)]
    fn group_moves<const POOLED: bool>(
        &self,
        s: &State,
        facts: &mut Gen,
        mask: u64,
        definitional: bool,
        f: &mut impl FnMut(Decision) -> bool,
    ) -> bool {
        if self.entry_choice {
            return self.group_moves_entering(s, mask, f)
                && (!self.bears_off || self.bear_off_moves(s, mask, f))
                && (!self.may_branch || self.keep_way_moves(s, mask, f));
        }
        let group = Group::new(s, mask);
        let mut bits = if definitional {
            (1u64 << self.n_pieces(s.team)) - 1
        } else {
            facts.candidates(&group)
        };
        if self.ir.movement.stacks_together.value && !definitional {
            // One decision per stack, named by its lowest numbered piece (the definition
            // asks every piece: `check_move` refuses the others).
            bits &= self.stack_leads(s);
        }
        // The pieces the quick verdicts judge: none when every move is careful; not the
        // waiting ones when their releases are (those ask `check_move`, after the pieces
        // the release order refuses are left out).
        let mut quick = if definitional || self.careful_moves {
            0
        } else {
            !0
        };
        if self.careful_releases && !definitional {
            let careful = s.waiting[s.team];
            if !(POOLED && self.quick_releases) {
                quick &= !careful;
            }
            if bits & careful != 0 {
                bits &= !careful | self.may_release(s, mask);
            }
        }
        // Hoisted so that the common case (every piece quick) tests nothing per piece.
        let all_quick = quick == !0;
        if all_quick && !POOLED && bits != 0 {
            // Released pieces whose landing holds an own piece, found for the group at once.
            bits &= !facts.own_refused(&group, bits);
        }
        let mut emit = |piece: u8, capture: bool, may_decline: bool| {
            let decide = |capture| Decision {
                piece,
                mask,
                capture,
                entry: 0,
            };
            (!capture || f(decide(true))) && (capture && !may_decline || f(decide(false)))
        };
        // Every candidate waits off the track (a release group: a row of waiting pieces):
        // all share the first one's verdict (`Gen::verdict` keeps it), so only their
        // decisions are listed, in the same order.
        if all_quick
            && !POOLED
            && bits != 0
            && bits & !s.waiting[s.team] == 0
            && let Some(q) = facts.off_track_verdict(bits, &group)
            && !matches!(q, Quick::Unsure)
        {
            let shared = match q {
                Quick::Legal {
                    capture,
                    may_decline,
                } => Some((capture, may_decline)),
                // As below: a one-entry release whose walk is refused is made in place.
                Quick::Illegal if self.in_place && mask.count_ones() == 1 => Some((false, true)),
                Quick::Illegal | Quick::Unsure => None,
            };
            if let Some((capture, may_decline)) = shared {
                while bits != 0 {
                    let piece = bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    if !emit(piece, capture, may_decline) {
                        return false;
                    }
                }
            }
            bits = 0;
        }
        while bits != 0 {
            let piece = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let verdict = if all_quick || quick >> piece & 1 == 1 {
                if POOLED {
                    facts.verdict_pooled(piece, &group, mask)
                } else {
                    facts.verdict(piece, &group)
                }
            } else {
                Quick::Unsure
            };
            let (capture, may_decline) = match verdict {
                Quick::Legal {
                    capture,
                    may_decline,
                } => (capture, may_decline),
                // What `Game::land` does with a one-entry release whose walk is refused.
                Quick::Illegal
                    if self.in_place
                        && mask.count_ones() == 1
                        && s.waiting[s.team] >> piece & 1 == 1 =>
                {
                    (false, true)
                }
                Quick::Illegal => continue,
                Quick::Unsure => match self.check_move(s, s.team, piece, mask) {
                    Ok(l) => (l.capture.is_some(), l.may_decline),
                    Err(_) => continue,
                },
            };
            if !emit(piece, capture, may_decline) {
                return false;
            }
        }
        (!self.bears_off || self.bear_off_moves(s, mask, f))
            && (!self.may_branch || self.keep_way_moves(s, mask, f))
    }

    /// The waiting pieces a release with the entries of `mask` may take, as far as the
    /// release order says ([`Game::release_in_order`] refuses the others): the next in
    /// order, or any when the order is chosen or a blocked release passes to another.
    fn may_release(&self, s: &State, mask: u64) -> u64 {
        if self.ir.movement.blocked_release.value == BlockedRelease::AnotherPiece {
            return !0;
        }
        let (order, len) = entries_of(mask);
        match self.release_order_of(s, &order[..len]) {
            ReleaseOrder::Chosen => !0,
            ro => self.release_next_in(s, s.team, ro).map_or(!0, |j| 1 << j),
        }
    }

    /// Is moving `piece` with the entries of `mask` legal, and where does it land?
    pub fn check_move(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        mask: u64,
    ) -> Result<Landing, Refusal> {
        let mut l = Landing::default();
        self.land(s, team, piece, mask, &mut l)?;
        Ok(l)
    }

    /// [`Game::check_move`], writing the landing into `l` (filled in place: copying a
    /// freshly built landing costs the hot path a stall).
    fn land(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        mask: u64,
        l: &mut Landing,
    ) -> Result<(), Refusal> {
        if self.ir.movement.stacks_together.value {
            self.stack_refusal(s, team, piece)?;
        }
        let mut order = [0u8; POOL_MAX];
        let (len, release) = self.group_entries(s, team, piece, mask, &mut order)?;
        if release {
            let ro = self.release_order_of(s, &order[..len]);
            if ro != ReleaseOrder::Chosen {
                self.release_in_order(s, team, piece, &order[..len], ro)?;
            }
        }
        match self.walk_group(s, team, piece, &mut order[..len], release, l) {
            Err(_)
                if release
                    && len == 1
                    && self.ir.movement.blocked_release.value == BlockedRelease::InPlace =>
            {
                // Released where it stands, without the release's places.
                self.release_in_place(s, team, piece, &order[..1], l);
                Ok(())
            }
            other => other,
        }
    }

    /// The landing of the common move, found without the general checks and walk: a
    /// released piece moved by one unused, unbound entry (or a waiting piece released by
    /// one, see `Game::plain_release`) over a stretch short of the track's end with no gate
    /// (or one it judges as the walk does, `Game::gated_end`), on a plain walk (see
    /// `Game::plain_walk`), without stacks or a chosen entry.
    /// Returns false, leaving `l` to [`Game::land_entering`], for every other move and for
    /// any move it would refuse (the full check says why); when it returns true, `l` is what
    /// [`Game::check_move`] gives (the invariants test holds the two equal). A statement
    /// that adds a check to `land` must add it here or bail out.
    #[inline(always)]
    fn land_plain(&self, s: &State, team: TeamId, d: Decision, l: &mut Landing) -> bool {
        let Some((p, e, i)) = self.plain_entry(s, team, (d.piece, d.mask, d.entry)) else {
            return false;
        };
        let cells = &self.ir.teams[team].track.cells;
        let end = p.tpos + e.steps as i16;
        if end as usize >= cells.len() || !self.fast[team].ungated(p.tpos, end) {
            return false;
        }
        self.land_plain_at(s, team, d.piece, (p, e, i), end, None, l)
    }

    /// [`Game::land_plain`] of a walk (of `piece` with the entries of `mask`, entering no
    /// chosen hole) that meets a gate: where the stretch meets one gate (see
    /// [`Game::gated_end`]), the landing before it or past it, as `walk_as` finds it step by
    /// step; false, leaving `l` to the full check, for every other move. Asked by
    /// [`Game::land_entering`] first: few moves cross a gate, and those that do not are
    /// `land_plain`'s or the full check's.
    #[inline(never)]
    fn land_gated(&self, s: &State, team: TeamId, piece: u8, mask: u64, l: &mut Landing) -> bool {
        let Some((p, e, i)) = self.plain_entry(s, team, (piece, mask, 0)) else {
            return false;
        };
        match self.gated_end(s, team, p.tpos, e, i as u8) {
            Some((to, gate)) => self.land_plain_at(s, team, piece, (p, e, i), to, gate, l),
            None => false,
        }
    }

    /// The piece, the one entry and its pool index of a move (`piece`, the entries of
    /// `mask`, the entry hole) [`Game::land_plain`] may apply: a released piece moved by one
    /// unused, unbound entry, or a waiting piece released by one (`Game::plain_release`),
    /// standing on the track or just before it.
    #[inline(always)]
    fn plain_entry<'s>(
        &self,
        s: &'s State,
        team: TeamId,
        (piece, mask, entry): (u8, u64, u8),
    ) -> Option<(&'s Piece, &'s Entry, usize)> {
        if !self.plain_apply || entry != 0 || !mask.is_power_of_two() {
            return None;
        }
        let i = mask.trailing_zeros() as usize;
        let (mover, piece) = (piece, piece as usize);
        if i >= s.pool_len as usize || piece >= self.n_pieces(team) || s.moved >> piece & 1 == 1 {
            return None;
        }
        // By reference: copied, the entry's fields are spilt to the stack one by one.
        let (p, e) = (&s.pieces[team][piece], &s.pool[i]);
        // A waiting piece released by its one releasing entry, where `land` would skip the
        // release order and confinement (`Game::plain_release`), walks from where it waits.
        let release = !p.released();
        let kind_ok = if release {
            self.plain_release && matches!(e.kind, EntryKind::Release | EntryKind::Either)
        } else {
            e.kind != EntryKind::Release
        };
        if !p.alive() || !kind_ok || e.piece != NONE || e.bound != NONE || e.steps == 0 {
            return None;
        }
        if matches!(e.kind, EntryKind::Either | EntryKind::Part)
            && s.pool[..s.pool_len as usize]
                .iter()
                .enumerate()
                .any(|(j, o)| {
                    j != i && o.kind == e.kind && o.family == e.family && o.piece == mover
                })
        {
            return None;
        }
        // Off the track, a piece stands at -1 (before the first hole), where `walk_as`
        // walks from too.
        (p.tpos >= -1).then_some((p, e, i))
    }

    /// Where the plain walk of one entry `e` (pool index `i`) from track index `tpos` stops,
    /// where the stretch meets exactly one gate (a track index with one gate) before the
    /// track's end, and the gate's rule to note when it lets the piece through: past the
    /// gate when it passes and no other gate or the end comes before the walk's end; just
    /// before it when it is shut and stops the piece there, having moved. `None` for every
    /// other walk (a gate that forbids, two gates, the end), left to the full check.
    fn gated_end(
        &self,
        s: &State,
        team: TeamId,
        tpos: i16,
        e: &Entry,
        i: u8,
    ) -> Option<(i16, Option<RuleIx>)> {
        let (fast, tr) = (&self.fast[team], &self.ir.teams[team].track);
        let end = tpos + e.steps as i16;
        // `FastTrack::gates` is in the order a walk meets them (the track's order at one
        // index, as `walk_as` asks them).
        let k = fast.gates.iter().position(|&(at, _)| at as i16 > tpos)?;
        let (at, gi) = fast.gates[k];
        let at16 = at as i16;
        if at16 > end || fast.gates.get(k + 1).is_some_and(|&(a, _)| a == at) {
            return None;
        }
        let g = &tr.gates[gi as usize];
        let open = match &g.requirement {
            // The generator's answer (the same tests as `Game::cond`), for the team to move.
            Requirement::Conds(cs) if team == s.team => super::quick::gate_holds(self, s, cs),
            r => self.gate_passes(s, team, r, e, &[i], e.steps as u32).0,
        };
        if open {
            ((end as usize) < tr.cells.len() && fast.ungated(at16, end))
                .then_some((end, Some(g.origin.rule)))
        } else {
            (g.stop && at16 - 1 > tpos).then_some((at16 - 1, None))
        }
    }

    /// [`Game::land_plain`]'s landing of `piece` (`p`, moved by its one entry `e` at pool
    /// index `i`) walked to track index `to` (within the track), `gate` the rule of a gate
    /// passed.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn land_plain_at(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        (p, e, i): (&Piece, &Entry, usize),
        to: i16,
        gate: Option<RuleIx>,
        l: &mut Landing,
    ) -> bool {
        let release = !p.released();
        let fast = &self.fast[team];
        let cell = self.ir.teams[team].track.cells[to as usize];
        let a = match self.arrive(s, team, p, cell, Some(e.thrown)) {
            Ok(a) => a,
            // What `Game::land` does with a one-entry release whose walk is refused (the
            // landing is the walk's only refusal on this stretch).
            Err(_) if release && self.in_place => {
                self.release_in_place(s, team, piece, &[i as u8], l);
                return true;
            }
            Err(_) => return false,
        };
        // The rules in `Landing::note`'s order (the entry's, the gate's, then what
        // `Landing::arrived` notes), and the landing stored once with the arrival in it:
        // stored and then amended, its fields were written twice.
        let mut rules = RuleList::default();
        rules.push(e.rule);
        if let Some(r) = gate {
            rules.push(r);
        }
        if let Some(spec) = a.capture {
            rules.push(spec.origin.rule);
        }
        if let Some(o) = a.protected_by.and_then(Ground::origin) {
            rules.push(o.rule);
        }
        let immune = match self.ir.capture.immune[team] {
            Some((_, r)) if !p.immune() && fast.immunises(p.tpos, to) => Some(r),
            _ => None,
        };
        *l = Landing {
            tpos: to,
            cell: cell.get() as u8,
            release,
            capture: a.capture,
            shares: a.shares,
            may_decline: a.may_decline,
            immune,
            rules,
            protected_by: a.protected_by,
            shared_by: a.shared_by,
            sent_from: None,
            keep_way: false,
            arrives: false,
        };
        true
    }

    /// [`Game::check_move`] of a decision by [`Game::land_plain`] alone: `None` where it
    /// leaves the move to the full check. For the tests that hold the two equal.
    #[doc(hidden)]
    pub fn check_move_plain(&self, s: &State, d: Decision) -> Option<Landing> {
        let mut l = Landing::default();
        let plain = self.land_plain(s, s.team, d, &mut l)
            || d.entry == 0 && self.land_gated(s, s.team, d.piece, d.mask, &mut l);
        plain.then_some(l)
    }

    /// An unreleased piece given moves that release nothing: the throw entry that made the
    /// (first) move a move and not a release says so (the entry of its rule that gives
    /// that kind of move for its value); a fact only if no entry of the rule does.
    #[cold]
    fn not_released(&self, team: TeamId, e: &Entry) -> Refusal {
        let colour = self.ir.teams[team].colour_face();
        let kind_given = |f: &Effect| {
            matches!(
                (f, e.kind),
                (
                    Effect::Move(_),
                    EntryKind::Move | EntryKind::Back | EntryKind::Part
                ) | (Effect::MoveBack(_), EntryKind::Back)
                    | (Effect::Release { .. }, EntryKind::Release)
                    | (Effect::ReleaseOrMove { .. }, EntryKind::Either)
            )
        };
        let takes = |m: &ThrowMatch| match m {
            ThrowMatch::Any => true,
            ThrowMatch::Values(m) => e.thrown < 64 && m >> e.thrown & 1 == 1,
            // The marked stick's own throw is worth 1.
            ThrowMatch::Marked => e.thrown == 1,
            ThrowMatch::Class(c) => self.ir.classes.get(*c).is_some_and(|c| {
                (1..=MAX_STICKS as u8).any(|n| {
                    (0..=n).any(|k| {
                        c.contains(k, n)
                            && self.ir.sticks.value.value.throw_value(colour, k, n) == e.thrown
                    })
                })
            }),
        };
        let entry = self.ir.throws.iter().find(|t| {
            t.origin.rule == e.rule && takes(&t.matches) && t.effects.iter().any(kind_given)
        });
        let entry = entry.or_else(|| {
            self.ir
                .throws
                .iter()
                .find(|t| t.origin.rule == e.rule && t.effects.iter().any(kind_given))
        });
        match entry {
            Some(t) => Refusal::new(RefusalKind::NotReleased, Ground::Stated(t.origin)),
            None => Refusal::fact(RefusalKind::NotReleased),
        }
    }

    /// The checks of a group that do not walk: the piece exists and may move, the entries
    /// are unused and may go to it, and a release has one releasing entry. Writes the
    /// entries into `order` and returns their number and whether the move releases.
    #[inline(always)]
    fn group_entries(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        mask: u64,
        order: &mut [u8; POOL_MAX],
    ) -> Result<(usize, bool), Refusal> {
        let t = team;
        if piece as usize >= self.n_pieces(team) {
            return Err(Refusal::fact(RefusalKind::NoSuchPiece));
        }
        let p = s.pieces[t][piece as usize];
        if !p.alive() {
            return Err(Refusal::fact(RefusalKind::PieceRemoved));
        }
        if mask == 0 || mask >> s.pool_len != 0 {
            return Err(Refusal::fact(RefusalKind::NoSuchEntries));
        }
        if s.moved >> piece & 1 == 1 {
            return Err(Refusal::new(
                RefusalKind::MovedThisTurn,
                Ground::of(
                    self.ir.movement.one_move_per_piece.origin,
                    EngineChoiceId::MovesPerPiece,
                ),
            ));
        }
        let mut len = 0;
        let (mut releases, mut releasers) = (0, 0);
        for i in 0..s.pool_len as usize {
            if mask >> i & 1 == 0 {
                continue;
            }
            let e = &s.pool[i];
            if e.piece != NONE {
                return Err(Refusal::fact(RefusalKind::EntryUsed));
            }
            match e.kind {
                EntryKind::Release => releases += 1,
                EntryKind::Either => releasers += 1,
                EntryKind::Move => {}
                EntryKind::Back if mask.count_ones() > 1 => {
                    return Err(Refusal::new(
                        RefusalKind::BackAlone,
                        Ground::of(None, EngineChoiceId::BackwardMoves),
                    ));
                }
                EntryKind::Back => {}
                EntryKind::Part if mask.count_ones() > 1 => {
                    return Err(Refusal::new(
                        RefusalKind::PartAlone,
                        Ground::of(self.ir.movement.split.origin, EngineChoiceId::SplitThrows),
                    ));
                }
                EntryKind::Part => {}
            }
            if e.bound != NONE && !self.binding_kept(s, e.bound, piece, mask) {
                return Err(Refusal::new(
                    RefusalKind::Bound,
                    Ground::of(self.ir.bind_after_release, EngineChoiceId::BindAfterRelease),
                ));
            }
            if matches!(e.kind, EntryKind::Either | EntryKind::Part) {
                let clash = s.pool[..s.pool_len as usize]
                    .iter()
                    .enumerate()
                    .any(|(j, o)| {
                        j != i
                            && o.kind == e.kind
                            && o.family == e.family
                            && (o.piece == piece || (mask >> j & 1 == 1))
                    });
                if clash && e.kind == EntryKind::Part {
                    // What splitting a throw means: two parts, two pieces.
                    return Err(Refusal::new(
                        RefusalKind::SamePiece,
                        Ground::of(self.ir.movement.split.origin, EngineChoiceId::SplitThrows),
                    ));
                }
                if clash {
                    // What `release or move` means, and the entries are the position's.
                    return Err(Refusal::fact(RefusalKind::SamePiece));
                }
            }
            order[len] = i as u8;
            len += 1;
        }
        let release = !p.released();
        if release {
            if releases + releasers == 0 {
                return Err(self.not_released(team, &s.pool[order[0] as usize]));
            }
            if releases + releasers != 1 {
                return Err(Refusal::fact(RefusalKind::ReleasedTwice));
            }
        } else if releases > 0 {
            return Err(Refusal::fact(RefusalKind::AlreadyReleased));
        }
        Ok((len, release))
    }

    /// The release order of a group: its release entries' own, or the file's.
    #[inline(always)]
    fn release_order_of(&self, s: &State, order: &[u8]) -> ReleaseOrder {
        if self.effect_orders {
            self.group_release_order(s, order)
        } else {
            self.ir.release_order.value
        }
    }

    /// The release order of a group's releasing entry: its rule's own (`release 8
    /// rear-most`), or the file's.
    #[inline(never)]
    fn group_release_order(&self, s: &State, order: &[u8]) -> ReleaseOrder {
        order
            .iter()
            .filter_map(|&i| s.pool.get(i as usize))
            .filter(|e| e.kind == EntryKind::Release)
            .find_map(|e| self.rule_orders.get(e.rule.index()).copied().flatten())
            .map_or(self.ir.release_order.value, |(o, _)| o)
    }

    /// What sets the release order of a group's releasing entry: the throw entry that names
    /// one (`release 8 rear-most`), else the file's `release order`, else the default.
    pub(super) fn release_order_ground(&self, s: &State, order: &[u8]) -> Ground {
        order
            .iter()
            .filter_map(|&i| s.pool.get(i as usize))
            .filter(|e| e.kind == EntryKind::Release)
            .find_map(|e| self.rule_orders.get(e.rule.index()).copied().flatten())
            .map_or(
                Ground::of(self.ir.release_order.origin, EngineChoiceId::ReleaseOrder),
                |(_, o)| Ground::Stated(o),
            )
    }

    /// A release takes the first waiting piece in release order `ro`; with `blocked
    /// release: another piece`, the first whose move with these entries is not refused.
    #[inline(never)]
    fn release_in_order(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        order: &[u8],
        ro: ReleaseOrder,
    ) -> Result<(), Refusal> {
        let refusal = || {
            Refusal::new(
                RefusalKind::NotNextReleased(ro),
                self.release_order_ground(s, order),
            )
        };
        if self.ir.movement.blocked_release.value != BlockedRelease::AnotherPiece {
            return match self.release_next_in(s, team, ro) {
                Some(j) if j != piece as usize => Err(refusal()),
                _ => Ok(()),
            };
        }
        // The earlier pieces in order could take the release: `another piece` passes over
        // only those whose move is refused.
        let refuse = || {
            Err(refusal().and(Ground::of(
                self.ir.movement.blocked_release.origin,
                EngineChoiceId::BlockedRelease,
            )))
        };
        for j in self.release_queue_in(s, team, ro) {
            if j == piece as usize {
                return Ok(());
            }
            let mut o = [0u8; POOL_MAX];
            o[..order.len()].copy_from_slice(order);
            let mut l = Landing::default();
            if self
                .walk_group(s, team, j as u8, &mut o[..order.len()], true, &mut l)
                .is_ok()
            {
                return refuse();
            }
        }
        Ok(())
    }

    /// The landing of a release without places: the piece stays where it stands.
    fn release_in_place(&self, s: &State, team: TeamId, piece: u8, order: &[u8], l: &mut Landing) {
        let p = s.pieces[team][piece as usize];
        *l = Landing {
            tpos: p.tpos,
            cell: p.cell,
            release: true,
            capture: None,
            shares: false,
            may_decline: true,
            immune: None,
            rules: RuleList::default(),
            protected_by: None,
            shared_by: None,
            sent_from: None,
            keep_way: false,
            arrives: false,
        };
        for &i in order {
            l.note(s.pool[i as usize].rule);
        }
        if let Some(o) = self.ir.movement.blocked_release.origin {
            l.note(o.rule);
        }
    }

    /// [`Game::release_confined`] of the release among the entries of `mask`: may it go?
    pub(super) fn release_within(&self, s: &State, team: TeamId, piece: u8, mask: u64) -> bool {
        let (order, len) = entries_of(mask);
        self.release_confined(s, team, piece, &order[..len]).is_ok()
    }

    /// A release confined to a region (`release N moving E within REGION`): the holes its
    /// own places walk, counted from where the piece stands along its track (off the
    /// track, from the track's first hole), all lie in the region.
    #[inline(never)]
    fn release_confined(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        order: &[u8],
    ) -> Result<(), Refusal> {
        let Some(e) = order
            .iter()
            .filter_map(|&i| s.pool.get(i as usize))
            .find(|e| e.kind == EntryKind::Release)
        else {
            return Ok(());
        };
        let Some(Some((cells, origin))) = self.rule_within.get(e.rule.index()) else {
            return Ok(());
        };
        let cells = &cells[team];
        let track = &self.ir.teams[team].track.cells;
        let from = s.pieces[team][piece as usize].tpos;
        let inside = (1..=e.steps as i16).all(|k| {
            usize::try_from(from + k)
                .ok()
                .and_then(|i| track.get(i))
                .is_some_and(|&c| cells.contains(c))
        });
        if inside {
            Ok(())
        } else {
            Err(Refusal::new(RefusalKind::Confined, Ground::Stated(*origin)))
        }
    }

    /// Walks the group's entries (`order`, left in the order walked): shorter throws
    /// first, and when a crossing-throw gate refuses, the other orders. With `pooled throws
    /// land: after each throw`, every landing on the way is also judged.
    #[inline(always)]
    fn walk_group(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        order: &mut [u8],
        release: bool,
        l: &mut Landing,
    ) -> Result<(), Refusal> {
        let len = order.len();
        if release && self.confined {
            self.release_confined(s, team, piece, order)?;
        }
        let any_order = !self.ir.movement.walk_in_throw_order.value;
        if len > 1 && any_order {
            order.sort_by_key(|&i| (s.pool[i as usize].steps, i));
        }
        let walked = match self.walk(s, team, piece, order, release, l) {
            Err((first, true)) if len > 1 && len <= 6 && any_order => {
                let mut perm = [0u8; 6];
                perm[..len].copy_from_slice(order);
                let mut found = false;
                permute(&mut perm[..len], &mut |o| {
                    found = self.walk(s, team, piece, o, release, l).is_ok();
                    if found {
                        order.copy_from_slice(o);
                    }
                    !found
                });
                if found { Ok(()) } else { Err(first) }
            }
            other => other.map_err(|(r, _)| r),
        };
        walked?;
        if self.ir.movement.land_each_throw.value && len > 1 {
            self.each_landing(s, team, piece, order, release, l, &mut |_| {})?;
        }
        Ok(())
    }

    /// Judges the landings after each throw but the last of a group walked in `order`
    /// (the final one is `l`): each must be allowed, and what may be taken there joins
    /// `l`'s capture. Calls `at` with each such landing.
    #[allow(clippy::too_many_arguments)]
    fn each_landing(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        order: &[u8],
        release: bool,
        l: &mut Landing,
        at: &mut dyn FnMut(&Landing),
    ) -> Result<(), Refusal> {
        for k in 1..order.len() {
            let mut li = Landing {
                keep_way: l.keep_way,
                ..Landing::default()
            };
            let walked = if self.plain_walk {
                self.walk_as::<true, false>(s, team, piece, &order[..k], release, &mut li)
            } else {
                self.walk_as::<false, false>(s, team, piece, &order[..k], release, &mut li)
            };
            walked.map_err(|(r, _)| r)?;
            if let Some(spec) = li.capture {
                l.may_decline &= li.may_decline;
                l.capture = l.capture.or(Some(spec));
                l.note(spec.origin.rule);
            }
            at(&li);
        }
        Ok(())
    }

    /// Walks the piece through the entries in `order`; the error's flag says a
    /// crossing-throw gate refused (another order might pass).
    #[inline(always)]
    fn walk(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        order: &[u8],
        release: bool,
        l: &mut Landing,
    ) -> Result<(), (Refusal, bool)> {
        if self.plain_walk {
            self.walk_as::<true, false>(s, team, piece, order, release, l)
        } else {
            self.walk_as::<false, true>(s, team, piece, order, release, l)
        }
    }

    /// [`Game::walk`]; `PLAIN` when no passing rule, `bounce` end or sending hole applies
    /// (see `Game::plain_walk`), so that their tests cost nothing where they are not used.
    /// `SEND`: a hole where the walk ends may send the piece on (`landing on … goes to`);
    /// the landings on the way of a group that lands after each throw are not sent on.
    fn walk_as<const PLAIN: bool, const SEND: bool>(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        order: &[u8],
        release: bool,
        l: &mut Landing,
    ) -> Result<(), (Refusal, bool)> {
        let t = team;
        let tr = &self.ir.teams[t].track;
        let p = s.pieces[t][piece as usize];
        let total: u32 = order.iter().map(|&i| s.pool[i as usize].steps as u32).sum();
        l.begin(&p, release);
        for &i in order {
            l.note(s.pool[i as usize].rule);
        }
        let mut pos = p.tpos;
        let mut moved = false;
        // Why the walk stopped short, for a move that took no step.
        let mut halt = Refusal::new(
            RefusalKind::TrackEnd,
            Ground::of(tr.end.origin, EngineChoiceId::TrackEnd),
        );
        // A backward move walks in reverse from the start; else -1 once a `bounce` end turns.
        let back = !PLAIN && self.walks_back && self.walks_back_now(s, t, &p, order, l)?;
        let mut dir: i16 = if back { -1 } else { 1 };
        let immune_set = self.ir.capture.immune[t];
        let fast = &self.fast[t];
        'walk: for &i in order {
            let e = &s.pool[i as usize];
            // Fast path: no track end, gate or passing rule on the way.
            let end = pos + e.steps as i16;
            if (end as usize) < tr.cells.len()
                && (PLAIN || (dir > 0 && self.pass_free && !self.branchy))
                && fast.ungated(pos, end)
            {
                if let Some((_, r)) = immune_set
                    && !p.immune()
                    && fast.immunises(pos, end)
                {
                    l.immune = Some(r);
                }
                moved |= e.steps > 0;
                pos = end;
                continue;
            }
            for _ in 0..e.steps {
                if !PLAIN && !self.pass_free && pos != p.tpos && pos >= 0 {
                    self.may_pass(s, t, pos as usize).map_err(|r| (r, false))?;
                }
                let mut next = self.step_from::<PLAIN>(t, pos, dir, !moved && !l.keep_way);
                if !PLAIN && next < 0 {
                    halt = self.before_start(back, l).map_err(|r| (r, false))?;
                    break 'walk;
                }
                if next as usize >= tr.cells.len() {
                    if self.prisoners && self.carries(s, p.cell) {
                        // A stack holding prisoners arrives: the walk ends off the board.
                        l.arrives = true;
                        (pos, moved) = (-1, true);
                        break 'walk;
                    }
                    match self
                        .past_end(s, team, tr, pos, p.parked(), l)
                        .map_err(|r| (r, false))?
                    {
                        Some((n, d)) => (next, dir) = (n, d),
                        None => {
                            halt = end_halt(tr, p.parked(), halt);
                            break 'walk;
                        }
                    }
                }
                // Gates are entered walking forward.
                for g in tr.gates.iter().filter(|_| PLAIN || dir > 0) {
                    if g.at as i16 != next {
                        continue;
                    }
                    let (ok, crossing) = self.gate_passes(s, team, &g.requirement, e, order, total);
                    if !ok {
                        if g.stop {
                            halt = Refusal::new(RefusalKind::GateStop, Ground::Stated(g.origin));
                            break 'walk;
                        }
                        return Err((
                            Refusal::new(RefusalKind::Gate, Ground::Stated(g.origin)),
                            crossing,
                        ));
                    }
                    l.note(g.origin.rule);
                }
                pos = next;
                moved = true;
                let c = tr.cells[pos as usize];
                if let Some((set, r)) = immune_set
                    && set.contains(c)
                    && !p.immune()
                {
                    l.immune = Some(r);
                }
            }
        }
        if !PLAIN && !back && dir < 0 && pos == p.tpos && !release {
            return Err((
                Refusal::new(
                    RefusalKind::BouncedBack,
                    Ground::of(tr.end.origin, EngineChoiceId::TrackEnd),
                ),
                false,
            ));
        }
        if !moved && !release {
            let r = if total == 0 {
                Refusal::fact(RefusalKind::NoPlaces)
            } else {
                halt
            };
            return Err((r, false));
        }
        if !PLAIN && SEND && moved && pos >= 0 {
            pos = self
                .send_on_from(t, tr.cells[pos as usize], l)
                .unwrap_or(pos);
        }
        l.tpos = pos;
        l.cell = if pos >= 0 {
            tr.cells[pos as usize].get() as u8
        } else {
            NO_CELL
        };
        if !moved || l.cell == NO_CELL {
            return Ok(());
        }
        let single = (order.len() == 1).then(|| s.pool[order[0] as usize].thrown);
        let a = self
            .arrive(s, t, &p, Cell::new(l.cell as u16), single)
            .map_err(|r| (r, false))?;
        l.arrived(a);
        Ok(())
    }

    /// Where a step of a piece of team `t` from place `pos` goes, walking `dir`: on a
    /// branching track, as [`Game::next_place`] says (never on a `PLAIN` walk).
    #[inline(always)]
    fn step_from<const PLAIN: bool>(&self, t: TeamId, pos: i16, dir: i16, first: bool) -> i16 {
        if !PLAIN && self.branchy && pos >= 0 {
            self.next_place(t, pos, first)
        } else {
            pos + dir
        }
    }

    /// Where a step of a piece of team `t` from place `pos` of its branching track goes: onto
    /// the branch that begins there on the move's `first` step, else to the next place (after
    /// a branch's last hole, the place where it rejoins; past the main path's last hole, the
    /// track's length).
    #[inline]
    fn next_place(&self, t: TeamId, pos: i16, first: bool) -> i16 {
        let i = pos as usize;
        if first
            && let Some(&b) = self.branch_at[t.index()].get(i)
            && b >= 0
        {
            return b;
        }
        self.next_of[t.index()].get(i).copied().unwrap_or(pos + 1)
    }

    /// Whether a walk entering a gate with `requirement` passes it, the step's throw being
    /// `e`'s and the move's `order` and `total` given; and whether it is judged by the
    /// crossing throw (so that another order of the group may pass).
    fn gate_passes(
        &self,
        s: &State,
        team: TeamId,
        requirement: &Requirement,
        e: &Entry,
        order: &[u8],
        total: u32,
    ) -> (bool, bool) {
        match requirement {
            Requirement::CrossingThrow(m) => (m >> e.thrown & 1 == 1, true),
            Requirement::MoveTotal(m) => (total < 64 && m >> total & 1 == 1, false),
            Requirement::EveryThrow(m) => (
                order
                    .iter()
                    .all(|&j| m >> s.pool[j as usize].thrown & 1 == 1),
                false,
            ),
            Requirement::Conds(cs) => (cs.iter().all(|c| self.cond(s, team, c)), false),
        }
    }

    /// Is the walk of piece `p` of team `t` with the entries of `order` a backward move (one
    /// backward entry), and may it be made? Not by a piece parked for good (it stays). The
    /// statement that turned the move backward is noted in `l`.
    fn walks_back_now(
        &self,
        s: &State,
        t: TeamId,
        p: &Piece,
        order: &[u8],
        l: &mut Landing,
    ) -> Result<bool, (Refusal, bool)> {
        let [i] = order else { return Ok(false) };
        if s.pool[*i as usize].kind != EntryKind::Back {
            return Ok(false);
        }
        let tr = &self.ir.teams[t].track;
        if p.parked()
            && let Some(lp) = &tr.looping
        {
            let r = Refusal::new(RefusalKind::TrackEnd, Ground::Stated(lp.origin));
            return Err((r, false));
        }
        let rule = s.pool[*i as usize].rule;
        let thrown_back = self.ir.throws.iter().any(|e| {
            e.origin.rule == rule && e.effects.iter().any(|f| matches!(f, Effect::MoveBack(_)))
        });
        // A move turned backward: the statement that turned it is part of the verdict.
        if !thrown_back && let Some(o) = self.ir.movement.back_when_stuck.origin {
            l.note(o.rule);
        }
        Ok(true)
    }

    /// A walk that would step before its track's first hole: why it stops there (the
    /// refusal if it took no step), or the refusal of a backward move that may not stop.
    #[cold]
    fn before_start(&self, back: bool, l: &mut Landing) -> Result<Refusal, Refusal> {
        if !back {
            return Ok(Refusal::fact(RefusalKind::BeforeStart));
        }
        let bs = &self.ir.movement.back_start;
        let by = Ground::of(bs.origin, EngineChoiceId::BackwardMoves);
        if bs.value == BackStart::Forbidden {
            return Err(Refusal::new(RefusalKind::BackPastStart, by));
        }
        if let Some(o) = bs.origin {
            l.note(o.rule);
        }
        Ok(Refusal::new(RefusalKind::BackAtStart, by))
    }

    /// Does a move of `team` ending at track index `tpos` park its piece for good: the last
    /// hole of a track whose loop says `parked pieces stay`, while the loop's condition
    /// does not hold?
    /// Inline: most tracks have no loop whose parked pieces stay (asked on every move).
    #[inline(always)]
    pub(crate) fn parks(&self, s: &State, team: TeamId, tpos: i16) -> bool {
        let tr = &self.ir.teams[team].track;
        tr.looping
            .as_ref()
            .is_some_and(|lp| lp.parked_stay.value && self.parks_on_loop(s, team, tpos))
    }

    /// [`Game::parks`] on a track whose loop's parked pieces stay.
    #[inline(never)]
    fn parks_on_loop(&self, s: &State, team: TeamId, tpos: i16) -> bool {
        let tr = &self.ir.teams[team].track;
        tr.looping.as_ref().is_some_and(|lp| {
            usize::try_from(tpos).is_ok_and(|x| x + 1 == tr.main_len())
                && !lp.when.iter().all(|c| self.cond(s, team, c))
        })
    }

    /// Where a walk goes from the last hole `pos`: on from the loop when its condition
    /// holds (and the piece is not `parked` there for good), else as the track's end says
    /// (`None`: it stops there). Returns the next index and the direction from there on.
    fn past_end(
        &self,
        s: &State,
        team: TeamId,
        tr: &Track,
        pos: i16,
        parked: bool,
        l: &mut Landing,
    ) -> Result<Option<(i16, i16)>, Refusal> {
        if let Some(lp) = &tr.looping
            && !parked
            && lp.when.iter().all(|c| self.cond(s, team, c))
        {
            l.note(lp.origin.rule);
            return Ok(Some((lp.from as i16, 1)));
        }
        match tr.end.value {
            TrackEnd::Stop => Ok(None),
            TrackEnd::Exact => Err(Refusal::new(
                RefusalKind::ExactEnd,
                Ground::of(tr.end.origin, EngineChoiceId::TrackEnd),
            )),
            TrackEnd::Bounce => {
                if let Some(o) = tr.end.origin {
                    l.note(o.rule);
                }
                Ok((pos > 0).then_some((pos - 1, -1)))
            }
        }
    }

    /// What landing piece `p` of team `t` on hole `c` does, or why it may not land there.
    /// `single` is the throw value when the move is one throw.
    #[inline(always)]
    pub(super) fn arrive(
        &self,
        s: &State,
        t: TeamId,
        p: &Piece,
        c: Cell,
        single: Option<u8>,
    ) -> Result<Arrival, Refusal> {
        let pol = &self.ir.capture;
        let mut a = Arrival {
            capture: None,
            shares: false,
            may_decline: true,
            protected_by: None,
            shared_by: None,
        };
        if s.occ[t].contains(c)
            && !pol.stacking.value
            && p.cell != c.get() as u8
            && !self.gather[t].contains(c)
        {
            return Err(Refusal::new(
                RefusalKind::Stacking,
                Ground::of(pol.stacking.origin, EngineChoiceId::Stacking),
            ));
        }
        let o = t.other();
        if !s.occ[o].contains(c) {
            return Ok(a);
        }
        let cell = &pol.at[t][c.index()];
        let share_ok = cell.sharing || pol.blocked_share.value;
        let mut protected_by = None;
        // The opposing pieces on the hole, found without a branch per piece (a removed piece
        // stands on no hole, and the masks of the state hold the live ones). Walked from the
        // last piece, shifting the mask: piece j ends on bit j, with no shift by j per piece.
        let hole = c.get() as u8;
        let mut here = 0u64;
        for q in s.pieces[o][..self.n_pieces(o)].iter().rev() {
            here = here << 1 | u64::from(q.cell == hole);
        }
        here &= s.released[o] | s.waiting[o];
        // `protection: N in a row` guards every piece on the hole, the piece's own
        // protection (immunity, `no capture`) cited first.
        let guard = self.guarded(s, o, c);
        while here != 0 {
            let q = &s.pieces[o][here.trailing_zeros() as usize];
            here &= here - 1;
            match self.capture_verdict(t, q, c, single) {
                Ok(spec) if guard.is_none() => a.capture = Some(spec),
                verdict => {
                    let g = verdict
                        .err()
                        .unwrap_or_else(|| guard.map_or(Ground::Fact, Ground::Stated));
                    a.shares = true;
                    protected_by = protected_by.or(Some(g));
                }
            }
        }
        let blocked = Ground::of(pol.blocked_share.origin, EngineChoiceId::BlockedLanding);
        if a.shares && !share_ok {
            return Err(
                Refusal::new(RefusalKind::Protected, protected_by.unwrap_or(Ground::Fact))
                    .and(blocked),
            );
        }
        if let Some(spec) = a.capture {
            a.may_decline = !spec.compulsory && share_ok;
        }
        if a.shares {
            a.protected_by = protected_by;
            // A `no capture … sharing` hole is shared by its statement; any other by the
            // file's `blocked landing` (or its default, share).
            a.shared_by = Some(match cell.forbidden_by {
                Some(o) if cell.sharing => Ground::Stated(o),
                _ => blocked,
            });
        }
        Ok(a)
    }

    /// Whether a piece of `attacker` landing on `cell` may take `victim`, and how; the
    /// error names the protecting rule. `single` is the throw value when the move is one
    /// throw. The one place protection is decided, for every kind of move.
    pub fn capture_verdict(
        &self,
        attacker: TeamId,
        victim: &Piece,
        cell: Cell,
        single: Option<u8>,
    ) -> Result<CaptureSpec, Ground> {
        let pol = &self.ir.capture;
        let victim_team = attacker.other();
        if victim.immune() {
            // Made immune by an `immune when … first holds` (the first such statement: a
            // file has one), or by entering an `immune after entering` region.
            let when = pol.immune_when.first().map(|w| w.origin);
            let entered = pol.immune[victim_team].map(|(_, o)| o);
            let by = if victim.flags.contains(PieceFlags::IMMUNE_WHEN) {
                when.or(entered)
            } else {
                entered.or(when)
            };
            return Err(by.map_or(Ground::Fact, Ground::Stated));
        }
        if !victim.released()
            && let Some(o) = pol.waiting_immune.origin
        {
            // `immune until released`: a piece still waiting for its release.
            return Err(Ground::Stated(o));
        }
        let at = &pol.at[attacker][cell.index()];
        if let Some(o) = at.forbidden_by {
            return Err(Ground::Stated(o));
        }
        if let Some((m, o)) = at.only_with
            && single.is_none_or(|v| m >> v & 1 == 0)
        {
            return Err(Ground::Stated(o));
        }
        at.spec.ok_or(Ground::Default(EngineChoiceId::Capture))
    }

    /// Applies a decision, or says which rule forbids it.
    pub fn apply_decision(
        &self,
        s: &mut State,
        d: Decision,
        obs: &mut impl Observer,
    ) -> Result<(), Refusal> {
        self.decide_then(s, d, obs, None)
    }

    /// [`Game::apply_decision`], then the legal decisions of the new position into `legal`
    /// (empty unless it is a decision node; cleared on a refusal), generated once.
    pub fn apply_decision_listing(
        &self,
        s: &mut State,
        d: Decision,
        obs: &mut impl Observer,
        legal: &mut Vec<Decision>,
    ) -> Result<(), Refusal> {
        legal.clear();
        self.decide_then(s, d, obs, Some(legal))
    }

    fn decide_then(
        &self,
        s: &mut State,
        d: Decision,
        obs: &mut impl Observer,
        legal: Option<&mut Vec<Decision>>,
    ) -> Result<(), Refusal> {
        if s.stage != Stage::Move {
            let kind = if self.is_over(s) {
                RefusalKind::Over
            } else {
                RefusalKind::NotMoveTime
            };
            return Err(Refusal::fact(kind));
        }
        if s.homing != 0 || d.home_hole().is_some() {
            return self.decide_home(s, d, obs, legal);
        }
        if d.split_of().is_some() {
            return self.apply_split(s, d, legal);
        }
        if !d.moves_piece() {
            return self.decline(s, d, obs, legal);
        }
        if d.bears_off() {
            return self.bear_off(s, d, obs, legal);
        }
        let team = s.team;
        let mut l = Landing::default();
        if !self.land_plain(s, team, d, &mut l) {
            self.land_entering(s, team, d.piece, d.mask, d.entry, &mut l)?;
        }
        let on_the_way =
            (d.capture && self.ir.movement.land_each_throw.value && d.mask.count_ones() > 1)
                .then(|| self.landings_on_the_way(s, team, d));
        if d.capture && l.capture.is_none() {
            return Err(match l.protected_by {
                Some(g) => Refusal::new(RefusalKind::CannotTake, g),
                None => Refusal::fact(RefusalKind::NothingToTake),
            });
        }
        if !d.capture
            && let Some(spec) = l.capture
            && !l.may_decline
        {
            return Err(Refusal::new(
                RefusalKind::MustTake,
                Ground::Stated(spec.origin),
            ));
        }
        s.quiet = 0;
        let t = team;
        let in_game = self.in_game_before(s, d);
        // The rest of the piece's stack moves with it (taken before anything moves).
        let stacked = if self.ir.movement.stacks_together.value {
            self.stack_of(s, t, d.piece) & !(1 << d.piece)
        } else {
            0
        };
        let old = s.pieces[t][d.piece as usize];
        let parks = self.parks(s, t, l.tpos); // judged before the mover leaves its hole
        if old.cell != NO_CELL {
            self.vacate(s, t, d.piece as usize, old.cell);
        }
        let mut flags = old.flags | PieceFlags::RELEASED;
        flags.set(PieceFlags::PARKED, parks);
        if let Some(r) = l.immune {
            flags |= PieceFlags::IMMUNE;
            obs.event(Event::Immune {
                team,
                piece: d.piece,
                rule: r.rule,
            });
        } else if flags.contains(PieceFlags::IMMUNE_WHEN) && self.entered_immune(t, l.tpos) {
            // Immune already, it now has entered the holes that make it so as well: the
            // flag says what the position says (`Game::entered_immune`).
            flags.remove(PieceFlags::IMMUNE_WHEN);
        }
        let moved = Piece {
            tpos: l.tpos,
            cell: l.cell,
            flags,
        };
        super::put(s, t, d.piece as usize, moved);
        if l.cell != NO_CELL {
            s.occ[t].insert(Cell::new(l.cell as u16));
            if self.track_won {
                s.won[t].insert(Cell::new(l.cell as u16));
            }
        }
        for i in 0..s.pool_len as usize {
            if d.mask >> i & 1 == 1 {
                s.pool[i].piece = d.piece;
            }
        }
        if self.ir.movement.one_move_per_piece.value {
            s.moved |= 1 << d.piece;
        }
        if stacked != 0 {
            self.move_stack(s, t, d.piece, stacked, l.immune.map(|o| o.rule), obs);
        }
        if self.prisoners && old.cell != NO_CELL {
            let movers = stacked | 1 << d.piece;
            self.carry(s, t, (old.cell, l.cell), movers);
        }
        obs.event(Event::Moved {
            team,
            piece: d.piece,
            rules: l.rules,
            // Read back: carrying prisoners off the board may have sent it home.
            at: s.pieces[t][d.piece as usize],
        });
        if d.capture
            && let Some(spec) = l.capture
        {
            self.take_landed(s, d, (l.cell, old.cell), spec, obs);
        }
        if let Some(landings) = on_the_way {
            for (cell, spec, single) in landings {
                self.take_at(s, team, cell, (spec, old.cell), single, obs);
            }
        }
        if self.ir.movement.passed_won.origin.is_some() {
            let from = if old.tpos >= 0 {
                old.tpos
            } else {
                d.entry as i16 - 1
            };
            self.win_passed(s, team, (from, l.tpos), d.mask, old.cell, obs);
        }
        if s.homing != 0 {
            // Pieces sent home wait for their holes: the move ends with the last of them.
            self.homing_then(s, obs, legal);
        } else {
            // No win held before the move (the game would be over; a position from notation
            // where one holds is refused, but before the game's first throw), and `opponent
            // has no pieces` reads only which pieces are in the game.
            let look = !self.wins_by_extinction
                || s.game_throws == 0
                || in_game.is_some_and(|before| Self::in_game(s) != before);
            self.end_move(s, obs, legal, look);
        }
        Ok(())
    }

    /// The pieces in the game before move `d` (`Game::wins_by_extinction`), where the move
    /// may change them: only what it takes (a capture, a hole walked past and won), the
    /// stack it carries or its prisoners leave or re-enter the game. The mover stays in or
    /// out as it was: its `REMOVED` flag, which `put` reads, is kept.
    #[inline(always)]
    fn in_game_before(&self, s: &State, d: Decision) -> Option<[u64; 2]> {
        let may_change = d.capture
            || self.ir.movement.stacks_together.value
            || self.prisoners
            || self.ir.movement.passed_won.origin.is_some();
        (self.wins_by_extinction && may_change).then(|| Self::in_game(s))
    }

    /// Each team's pieces in the game (released or waiting), by bit.
    #[inline(always)]
    fn in_game(s: &State) -> [u64; 2] {
        TeamId::BOTH.map(|t| s.released[t] | s.waiting[t])
    }

    /// After a move: the ends (`look`: whether one may hold), the immunities and latches,
    /// and the next decision or the end of the seat's moves (`legal`: the next decisions,
    /// when asked). Inline: every move ends with it.
    #[inline(always)]
    pub(super) fn end_move(
        &self,
        s: &mut State,
        obs: &mut impl Observer,
        legal: Option<&mut Vec<Decision>>,
        look: bool,
    ) {
        if look && self.check_win(s, obs) {
            return;
        }
        if self.immune_latches != 0 {
            self.latch_immune(s, obs);
        }
        self.settle(s, obs, legal);
        if !self.latched.is_empty() {
            self.latch(s);
        }
    }

    /// Takes what the mover's landing takes on its hole `cells.0` (`cells.1`: the hole it
    /// left, where a swap sends the taken piece).
    fn take_landed(
        &self,
        s: &mut State,
        d: Decision,
        cells: (u8, u8),
        spec: CaptureSpec,
        obs: &mut impl Observer,
    ) {
        let (team, (cell, left_cell)) = (s.team, cells);
        let o = team.other();
        let single =
            (d.mask.count_ones() == 1).then(|| s.pool[d.mask.trailing_zeros() as usize].thrown);
        let guard = self.guarded_landing(s, o, cell);
        for j in 0..self.n_pieces(o) {
            let q = s.pieces[o][j];
            if guard.is_none()
                && q.alive()
                && q.cell == cell
                && self
                    .capture_verdict(team, &q, Cell::new(cell as u16), single)
                    .is_ok()
            {
                // A piece sent back to the hole it left has left none to swap onto.
                let left = if left_cell == cell {
                    NO_CELL
                } else {
                    left_cell
                };
                let swapped = if spec.prisoner {
                    self.imprison(s, o, j, cell);
                    false
                } else {
                    self.take_by(s, o, j, spec, left)
                };
                // `…, throw again`: the seat throws once more when its moves are done.
                s.again |= spec.throw_again;
                obs.event(Event::Captured {
                    team: o,
                    piece: j as u8,
                    home: spec.send_home || swapped,
                    swapped,
                    rule: spec.origin.rule,
                });
            }
        }
        if spec.prisoner {
            self.free_at_once(s, team, cell);
        }
    }

    /// The landings before the last of a pooled group that lands after each throw, where
    /// something may be taken: (hole, how, the throw value when one throw has been walked).
    fn landings_on_the_way(
        &self,
        s: &State,
        team: TeamId,
        d: Decision,
    ) -> Vec<(Cell, CaptureSpec, Option<u8>)> {
        let mut out = Vec::new();
        let entered;
        let s = match self.entered(s, team, d.piece, d.mask, d.entry) {
            Ok(Some(e)) => {
                entered = e;
                &entered
            }
            Ok(None) => s,
            Err(_) => return out,
        };
        let mut order = [0u8; POOL_MAX];
        let Ok((len, release)) = self.group_entries(s, team, d.piece, d.mask, &mut order) else {
            return out;
        };
        let mut l = Landing {
            keep_way: d.keeps_way(),
            ..Landing::default()
        };
        if self
            .walk_group(s, team, d.piece, &mut order[..len], release, &mut l)
            .is_err()
        {
            return out;
        }
        let first = s.pool[order[0] as usize].thrown;
        let mut k = 0;
        let _ = self.each_landing(
            s,
            team,
            d.piece,
            &order[..len],
            release,
            &mut l,
            &mut |li| {
                k += 1;
                if let (Some(spec), true) = (li.capture, li.cell != NO_CELL) {
                    out.push((Cell::new(li.cell as u16), spec, (k == 1).then_some(first)));
                }
            },
        );
        out
    }

    /// `holes passed in REGION are won`: the holes of REGION that the move of team `t` with
    /// the entries `mask` walked past, between track index `from` (the hole it left; one
    /// before its entry hole for a piece entering) and `to` (where it landed), are won as a
    /// landing there would win them: what a capture statement of that hole takes is taken
    /// (an optional one too: a hole walked past offers no choice), and the hole is won.
    /// The walk is retraced from the places of the group: up to the track's last hole and
    /// back under `bounce`, round from the loop's first hole under a loop.
    fn win_passed(
        &self,
        s: &mut State,
        t: TeamId,
        (from, to): (i16, i16),
        mask: u64,
        left: u8,
        obs: &mut impl Observer,
    ) {
        let region = self.ir.movement.passed_won.value[t];
        let tr = &self.ir.teams[t].track;
        let last = tr.cells.len() as i16 - 1;
        let total: i16 = (0..s.pool_len as usize)
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| i16::from(s.pool[i].steps))
            .sum();
        let mut walked: Vec<i16> = Vec::new();
        if !tr.branches.is_empty() {
            // Step by step, as the walk went (a branching track neither bounces nor turns).
            let mut i = from;
            for k in 0..total {
                let n = if i < 0 {
                    i + 1
                } else {
                    self.next_place(t, i, k == 0)
                };
                if n == to || n as usize >= tr.cells.len() {
                    break;
                }
                walked.push(n);
                i = n;
            }
        } else if tr.end.value == TrackEnd::Bounce && from + total > last {
            walked.extend(from + 1..=last);
            walked.extend((to + 1..last).rev());
        } else if to > from {
            walked.extend(from + 1..to);
        } else if let Some(lp) = &tr.looping {
            walked.extend(from + 1..=last);
            walked.extend(lp.from as i16..to);
        }
        let single =
            (mask.count_ones() == 1).then(|| s.pool[mask.trailing_zeros() as usize].thrown);
        for i in walked {
            let Some(&cell) = tr.cells.get(i as usize) else {
                continue;
            };
            if !region.contains(cell) {
                continue;
            }
            if let Some(spec) = self.ir.capture.at[t][cell.index()].spec {
                self.take_at(s, t, cell, (spec, left), single, obs);
            }
            if self.track_won {
                s.won[t].insert(cell);
            }
        }
    }

    /// Takes every opposing piece on `cell` that team `team` may take there, as `spec` says,
    /// the taker having left hole `left` at the start of its move.
    fn take_at(
        &self,
        s: &mut State,
        team: TeamId,
        cell: Cell,
        (spec, left): (CaptureSpec, u8),
        single: Option<u8>,
        obs: &mut impl Observer,
    ) {
        let o = team.other();
        // A row of the victims' pieces guards all of them, judged before any is taken.
        if self.guarded(s, o, cell).is_some() {
            return;
        }
        for j in 0..self.n_pieces(o) {
            let q = s.pieces[o][j];
            if q.alive()
                && q.cell == cell.get() as u8
                && self.capture_verdict(team, &q, cell, single).is_ok()
            {
                let swapped = self.take_by(s, o, j, spec, left);
                // `…, throw again`: the seat throws once more when its moves are done.
                s.again |= spec.throw_again;
                obs.event(Event::Captured {
                    team: o,
                    piece: j as u8,
                    home: spec.send_home || swapped,
                    swapped,
                    rule: spec.origin.rule,
                });
            }
        }
    }
}

/// Most groups of pool entries offered at one decision (a pool of many different throws
/// could otherwise offer millions); groups past it are not offered.
const MAX_GROUPS: u32 = 1 << 16;

impl Game {
    /// An entry bound to the releases of throw `family` goes to one of the pieces those
    /// releases released (or in one group with such a release), as `quick::bound_allows` says.
    fn binding_kept(&self, s: &State, family: u8, piece: u8, mask: u64) -> bool {
        super::quick::bound_allows(&s.pool[..s.pool_len as usize], family, mask) >> piece & 1 == 1
    }

    /// The unreleased piece furthest along its track (the last in start order among those
    /// off it): the only one a `front-most` release may take.
    pub(super) fn front_most(&self, s: &State, team: TeamId) -> Option<usize> {
        let (waiting, pieces) = (s.waiting[team], &s.pieces[team]);
        (0..self.n_pieces(team))
            .filter(|&j| waiting >> j & 1 == 1)
            .max_by_key(|&j| (pieces[j].tpos, j))
    }

    /// The unreleased piece furthest back along its track (the first in start order among
    /// those off it): the only one a `rear-most` release may take.
    pub(super) fn rear_most(&self, s: &State, team: TeamId) -> Option<usize> {
        let (waiting, pieces) = (s.waiting[team], &s.pieces[team]);
        (0..self.n_pieces(team))
            .filter(|&j| waiting >> j & 1 == 1)
            .min_by_key(|&j| (pieces[j].tpos, j))
    }

    /// The waiting piece the release order takes next (`None`: any, or none waits).
    #[inline(never)]
    pub(super) fn release_next(&self, s: &State, team: TeamId) -> Option<usize> {
        self.release_next_in(s, team, self.ir.release_order.value)
    }

    /// [`Game::release_next`] in release order `ro`.
    fn release_next_in(&self, s: &State, team: TeamId, ro: ReleaseOrder) -> Option<usize> {
        match ro {
            ReleaseOrder::FrontMost => self.front_most(s, team),
            ReleaseOrder::RearMost => self.rear_most(s, team),
            ReleaseOrder::Chosen => None,
            _ => self.release_queue_in(s, team, ro).into_iter().next(),
        }
    }

    /// The waiting pieces in release order `ro` (all of them, in start order, when chosen).
    /// By hole: pieces on a hole by its number (lowest first for `first hole`), then those
    /// off the board in start order.
    fn release_queue_in(&self, s: &State, team: TeamId, ro: ReleaseOrder) -> Vec<usize> {
        let (waiting, pieces) = (s.waiting[team], &s.pieces[team]);
        let mut q: Vec<usize> = (0..self.n_pieces(team))
            .filter(|&j| waiting >> j & 1 == 1)
            .collect();
        let off = |j: usize| pieces[j].cell == NO_CELL;
        match ro {
            ReleaseOrder::FrontMost => {
                q.sort_by_key(|&j| std::cmp::Reverse((pieces[j].tpos, j)));
            }
            ReleaseOrder::RearMost => q.sort_by_key(|&j| (pieces[j].tpos, j)),
            ReleaseOrder::Chosen => {}
            ReleaseOrder::FirstHole => q.sort_by_key(|&j| (off(j), pieces[j].cell, j)),
            ReleaseOrder::LastHole => {
                q.sort_by_key(|&j| (off(j), std::cmp::Reverse(pieces[j].cell), j));
            }
        }
        q
    }

    /// Where a move of team `t` ending on hole `c` sends the piece (`landing on … goes
    /// to`): the track index, noted in `l` with the statement (`None`: it stays).
    #[inline]
    fn send_on_from(&self, t: TeamId, c: Cell, l: &mut Landing) -> Option<i16> {
        let (to, o) = self.send_on[t].get(c.index()).copied().flatten()?;
        l.sent_from = Some((c.get() as u8, o));
        l.note(o.rule);
        Some(to)
    }

    /// May a piece of team `t` walk on past the hole at index `pos` of its track? Refused
    /// when pieces there may not be passed (a passing rule, a blockade), or the hole must
    /// be landed on.
    fn may_pass(&self, s: &State, t: TeamId, pos: usize) -> Result<(), Refusal> {
        let mv = &self.ir.movement;
        let c = self.ir.teams[t].track.cells[pos];
        if let Some(o) = mv.must_land.origin
            && mv.must_land.value[t].contains(c)
        {
            return Err(Refusal::new(RefusalKind::MustLand, Ground::Stated(o)));
        }
        let (own, opp) = (s.occ[t].contains(c), s.occ[t.other()].contains(c));
        if own && !mv.pass_own.value {
            return Err(Refusal::new(
                RefusalKind::PassOwn,
                Ground::of(mv.pass_own.origin, EngineChoiceId::Passing),
            ));
        }
        if opp && !mv.pass_opposing.value {
            return Err(Refusal::new(
                RefusalKind::PassOpposing,
                Ground::of(mv.pass_opposing.origin, EngineChoiceId::Passing),
            ));
        }
        if opp
            && let (Some(n), Some(o)) = (mv.blockade.value, mv.blockade.origin)
            && self.in_run(&s.occ[t.other()], t, pos, n)
        {
            return Err(Refusal::new(RefusalKind::Blockade, Ground::Stated(o)));
        }
        Ok(())
    }

    /// The `protection: N in a row` statement when it protects the pieces of `team` on hole
    /// `c`: the hole is one of N or more holes in a row along the team's track (from the
    /// hole's first place on it), each holding pieces of the team.
    #[inline]
    fn guarded(&self, s: &State, team: TeamId, c: Cell) -> Option<Origin> {
        let p = &self.ir.capture.protection;
        let (Some(n), Some(o)) = (p.value, p.origin) else {
            return None;
        };
        let i = self.track_of_cell[team][c.index()];
        (i >= 0 && self.in_run(&s.occ[team], team, i as usize, n)).then_some(o)
    }

    /// [`Game::guarded`] for the hole a move landed on (none off the board). A group's
    /// capture may come from a landing on the way: a row guards the pieces of its last
    /// landing hole all the same, judged before any piece is taken.
    fn guarded_landing(&self, s: &State, team: TeamId, cell: u8) -> Option<Origin> {
        (cell != NO_CELL)
            .then(|| self.guarded(s, team, Cell::new(cell.into())))
            .flatten()
    }

    /// Whether the hole at index `i` of team `track`'s track is one of `n` or more holes in
    /// a row along that track (no wrap at its ends), each in `occ`.
    fn in_run(&self, occ: &CellSet, track: TeamId, i: usize, n: u8) -> bool {
        let cells = &self.ir.teams[track].track.cells;
        if !occ.contains(cells[i]) {
            return false;
        }
        let mut len = 1u8;
        let mut j = i;
        while len < n && j > 0 && occ.contains(cells[j - 1]) {
            (len, j) = (len + 1, j - 1);
        }
        let mut j = i;
        while len < n && j + 1 < cells.len() && occ.contains(cells[j + 1]) {
            (len, j) = (len + 1, j + 1);
        }
        len >= n
    }
}

/// Why a walk stopped on its track's last hole (`halt`: the end's own refusal): on a track
/// that loops, a piece parked for good is stopped by the loop's own clause; else the loop's
/// condition fails and the end stops it.
fn end_halt(tr: &Track, parked: bool, halt: Refusal) -> Refusal {
    let Some(lp) = &tr.looping else {
        return halt;
    };
    if parked {
        Refusal::new(RefusalKind::TrackEnd, Ground::Stated(lp.origin))
            .and(Ground::of(tr.end.origin, EngineChoiceId::TrackEnd))
    } else {
        halt.and(Ground::Stated(lp.origin))
    }
}

/// Same kind, value, throw and binding: interchangeable in a group. Entries of a
/// release-or-move throw go to different pieces, so their throw matters; so does the throw
/// of a release that a later entry is bound to (`bound_families`, a bit per throw). The
/// caller also tells releases of rules with a different order or confinement apart
/// ([`Game::release_class`]).
#[inline]
fn same_entry(a: &Entry, b: &Entry, bound_families: u64) -> bool {
    let bound = |e: &Entry| bound_families >> (e.family & 63) & 1 == 1;
    let family_matters = match a.kind {
        EntryKind::Move | EntryKind::Back => false,
        EntryKind::Either | EntryKind::Part => true,
        EntryKind::Release => bound(a) || bound(b),
    };
    a.steps == b.steps
        && a.thrown == b.thrown
        && a.kind == b.kind
        && a.bound == b.bound
        && (!family_matters || a.family == b.family)
}

/// Calls `f` with every count vector (`take[d] <= counts[d]`) whose counts sum to `left`,
/// from type `d` on; stops (returning false) when `f` does.
fn groups_of_size(
    counts: &[u8],
    take: &mut [u8],
    d: usize,
    left: u8,
    f: &mut impl FnMut(&[u8]) -> bool,
) -> bool {
    if left == 0 {
        return f(take);
    }
    if d == counts.len() || counts[d..].iter().map(|&c| c as u32).sum::<u32>() < left as u32 {
        return true;
    }
    for c in (0..=counts[d].min(left)).rev() {
        take[d] = c;
        let go_on = groups_of_size(counts, take, d + 1, left - c, f);
        take[d] = 0;
        if !go_on {
            return false;
        }
    }
    true
}

/// Heap's algorithm; stops when `f` returns false.
fn permute(a: &mut [u8], f: &mut impl FnMut(&[u8]) -> bool) {
    let n = a.len();
    let mut c = [0usize; 6];
    if !f(a) {
        return;
    }
    let mut i = 0;
    while i < n {
        if c[i] < i {
            if i % 2 == 0 {
                a.swap(0, i);
            } else {
                a.swap(c[i], i);
            }
            if !f(a) {
                return;
            }
            c[i] += 1;
            i = 0;
        } else {
            c[i] = 0;
            i += 1;
        }
    }
}

/// Chosen entry holes (`track TEAM entry: chosen hole`): a piece off its track steps onto
/// the hole of the first segment its decision names, then walks on the places left. The walk
/// is the ordinary one, from just before that hole.
impl Game {
    /// Is decision `d` of team `team` legal, and where does it land (with its entry hole)?
    pub fn check_decision(&self, s: &State, team: TeamId, d: Decision) -> Result<Landing, Refusal> {
        if s.homing != 0 || d.home_hole().is_some() {
            // A home decision moves none of the seat's pieces.
            return Err(self
                .home_target(s, d)
                .err()
                .unwrap_or(Refusal::fact(RefusalKind::NoSuchPiece)));
        }
        if !d.moves_piece() {
            // A pass or a throw on lands nowhere.
            return Err(Refusal::fact(RefusalKind::NoSuchPiece));
        }
        if d.bears_off() {
            return self.check_bear_off(s, team, d.piece, d.mask);
        }
        let mut l = Landing::default();
        self.land_entering(s, team, d.piece, d.mask, d.entry, &mut l)?;
        Ok(l)
    }

    /// [`Game::land`] entering at hole `entry` of the first segment.
    fn land_entering(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        mask: u64,
        entry: u8,
        l: &mut Landing,
    ) -> Result<(), Refusal> {
        if !self.entry_choice && entry == 0 {
            if self.land_gated(s, team, piece, mask, l) {
                return Ok(());
            }
            return self.land(s, team, piece, mask, l);
        }
        if entry == KEEP_WAY_ENTRY {
            self.may_keep_way(s, team, piece)?;
            l.keep_way = true;
            return self.land(s, team, piece, mask, l);
        }
        match self.entered(s, team, piece, mask, entry)? {
            None => self.land(s, team, piece, mask, l),
            Some(e) => {
                // Which piece a release takes is judged where the pieces wait: in `e` the
                // entering piece already stands further along than the others.
                let mut order = [0u8; POOL_MAX];
                let (len, release) = self.group_entries(s, team, piece, mask, &mut order)?;
                if release {
                    let ro = self.release_order_of(s, &order[..len]);
                    if ro != ReleaseOrder::Chosen {
                        self.release_in_order(s, team, piece, &order[..len], ro)?;
                    }
                }
                let tr_entry = self.ir.teams[team].track.entry.origin;
                self.land(&e, team, piece, mask, l)?;
                // A walk that took no step (a release made in place) enters no hole: that
                // is the first hole's decision.
                if l.tpos == e.pieces[team][piece as usize].tpos {
                    return Err(Refusal::new(
                        RefusalKind::EntryNoStep,
                        Ground::of(tr_entry, EngineChoiceId::TrackEntry),
                    ));
                }
                if let Some(o) = self.ir.teams[team].track.entry.origin {
                    l.note(o.rule);
                }
                Ok(())
            }
        }
    }

    /// The position as the walk of a piece entering at hole `entry` sees it: the piece
    /// stands just before that hole (`None`: it enters the first hole, from where it is).
    /// Refuses a hole the piece may not enter.
    fn entered(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        mask: u64,
        entry: u8,
    ) -> Result<Option<State>, Refusal> {
        let tr = &self.ir.teams[team].track;
        if entry == KEEP_WAY_ENTRY {
            // A piece keeping to its way stands on its track: it enters no hole.
            return Ok(None);
        }
        let choices = tr.entry_choices();
        let p = match s.pieces[team].get(piece as usize) {
            Some(p) if (piece as usize) < self.n_pieces(team) => *p,
            _ => return Ok(None),
        };
        let enters = choices > 0 && p.alive() && p.tpos < 0 && self.group_places(s, mask) > 0;
        if !enters {
            return match entry {
                0 => Ok(None),
                _ => Err(Refusal::new(
                    RefusalKind::NoEntryHere,
                    Ground::of(tr.entry.origin, EngineChoiceId::TrackEntry),
                )),
            };
        }
        if entry as u16 >= choices {
            return Err(Refusal::new(
                RefusalKind::EntryOffSegment,
                Ground::of(tr.entry.origin, EngineChoiceId::TrackEntry),
            ));
        }
        let c = tr.cells[entry as usize];
        if tr.entry.value == TrackEntry::ChosenEmpty
            && (s.occ[TeamId::FIRST].contains(c) || s.occ[TeamId::SECOND].contains(c))
        {
            return Err(Refusal::new(
                RefusalKind::EntryOccupied,
                Ground::of(tr.entry.origin, EngineChoiceId::TrackEntry),
            ));
        }
        if entry == 0 {
            return Ok(None);
        }
        let mut e = s.clone();
        e.pieces[team][piece as usize].tpos = entry as i16 - 1;
        Ok(Some(e))
    }

    /// The places the unused entries of `mask` move (a release without places enters no hole).
    pub(super) fn group_places(&self, s: &State, mask: u64) -> u32 {
        s.pool[..s.pool_len as usize]
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, e)| e.steps as u32)
            .sum()
    }

    /// [`Game::group_moves`] where some track is entered at a chosen hole: every piece is
    /// asked (no quick verdicts), and a piece stepping onto its track once per hole it may
    /// enter, in track order.
    fn group_moves_entering(
        &self,
        s: &State,
        mask: u64,
        f: &mut impl FnMut(Decision) -> bool,
    ) -> bool {
        let team = s.team;
        let choices = self.ir.teams[team].track.entry_choices();
        let places = self.group_places(s, mask);
        for piece in 0..self.n_pieces(team) as u8 {
            let p = s.pieces[team][piece as usize];
            let holes = if p.alive() && p.tpos < 0 && places > 0 {
                choices
            } else {
                1
            };
            for entry in 0..holes.min(u8::MAX as u16 + 1) {
                let mut l = Landing::default();
                if self
                    .land_entering(s, team, piece, mask, entry as u8, &mut l)
                    .is_err()
                {
                    continue;
                }
                let decide = |capture| Decision {
                    piece,
                    mask,
                    capture,
                    entry: entry as u8,
                };
                let capture = l.capture.is_some();
                if capture && !f(decide(true)) {
                    return false;
                }
                if (!capture || l.may_decline) && !f(decide(false)) {
                    return false;
                }
            }
        }
        true
    }
}

/// Bearing off (`bear off from REGION with …`): a released piece standing on one of the
/// holes leaves the board with a move of one throw worth one of the values. It is a
/// decision of its own ([`BEAR_OFF_ENTRY`]), offered beside the group's ordinary move.
impl Game {
    /// Calls `f` with each bearing off the entries of `mask` allow, until it returns false
    /// (then returns false). Called only when the file bears pieces off.
    #[inline(never)]
    pub(super) fn bear_off_moves(
        &self,
        s: &State,
        mask: u64,
        f: &mut impl FnMut(Decision) -> bool,
    ) -> bool {
        if mask.count_ones() != 1 {
            return true;
        }
        let mut bits = s.released[s.team];
        if self.ir.movement.stacks_together.value {
            bits &= self.stack_leads(s);
        }
        while bits != 0 {
            let piece = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            if self.check_bear_off(s, s.team, piece, mask).is_ok()
                && !f(Decision {
                    piece,
                    mask,
                    capture: false,
                    entry: BEAR_OFF_ENTRY,
                })
            {
                return false;
            }
        }
        true
    }

    /// The first `bear off from …` statement (what a refusal cites where no statement
    /// names the piece's hole).
    fn bear_off_ground(&self) -> Ground {
        Ground::of(
            self.ir.bear_off.first().map(|b| b.origin),
            EngineChoiceId::BearingOff,
        )
    }

    /// May team `team` bear `piece` off with the entries of `mask`? The landing is off the
    /// board, citing the statement that allows it.
    pub(super) fn check_bear_off(
        &self,
        s: &State,
        team: TeamId,
        piece: u8,
        mask: u64,
    ) -> Result<Landing, Refusal> {
        if self.ir.movement.stacks_together.value {
            self.stack_refusal(s, team, piece)?;
        }
        let mut order = [0u8; POOL_MAX];
        let (len, release) = self.group_entries(s, team, piece, mask, &mut order)?;
        if release || len != 1 {
            return Err(Refusal::new(
                RefusalKind::BearOffOneThrow,
                self.bear_off_ground(),
            ));
        }
        let p = s.pieces[team][piece as usize];
        let thrown = s.pool[order[0] as usize].thrown;
        let here = match self.bear_off[team].get(p.cell as usize) {
            Some(&(values, Some(o))) if p.tpos >= 0 && !p.parked() => {
                (values.checked_shr(u32::from(thrown)).unwrap_or(0) & 1 == 1).then_some(o)
            }
            _ => None,
        };
        let Some(o) = here else {
            return Err(Refusal::new(
                RefusalKind::BearOffHere,
                self.bear_off_ground(),
            ));
        };
        let mut l = Landing {
            tpos: -1,
            cell: NO_CELL,
            ..Landing::default()
        };
        l.note(o.rule);
        if self.ir.bear_larger.value
            && let Some(lo) = self.ir.bear_larger.origin
        {
            l.note(lo.rule);
        }
        Ok(l)
    }

    /// Applies a bearing off: the piece (and under `stacks: move together`, its stack)
    /// leaves the board.
    fn bear_off(
        &self,
        s: &mut State,
        d: Decision,
        obs: &mut impl Observer,
        legal: Option<&mut Vec<Decision>>,
    ) -> Result<(), Refusal> {
        let team = s.team;
        let l = self.check_bear_off(s, team, d.piece, d.mask)?;
        s.quiet = 0;
        let stacked = if self.ir.movement.stacks_together.value {
            self.stack_of(s, team, d.piece)
        } else {
            1 << d.piece
        };
        let mut bits = stacked | 1 << d.piece;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let old = s.pieces[team][i];
            if old.cell != NO_CELL {
                self.vacate(s, team, i, old.cell);
            }
            super::put(s, team, i, Piece::BORNE_OFF);
        }
        for i in 0..s.pool_len as usize {
            if d.mask >> i & 1 == 1 {
                s.pool[i].piece = d.piece;
            }
        }
        if self.ir.movement.one_move_per_piece.value {
            s.moved |= 1 << d.piece;
        }
        obs.event(Event::Moved {
            team,
            piece: d.piece,
            rules: l.rules,
            at: s.pieces[team][d.piece as usize],
        });
        if self.check_win(s, obs) {
            return Ok(());
        }
        if self.immune_latches != 0 {
            self.latch_immune(s, obs);
        }
        self.settle(s, obs, legal);
        if !self.latched.is_empty() {
            self.latch(s);
        }
        Ok(())
    }
}

/// `track T may branch at …`: a piece standing where such a branch begins may keep to its
/// way instead. Keeping is a decision of its own ([`KEEP_WAY_ENTRY`], `>keep`), offered beside
/// the ordinary move, which takes the branch.
impl Game {
    /// Calls `f` with each move of the entries of `mask` that keeps its piece to its way,
    /// until it returns false (then returns false). Called only when some track may branch.
    #[inline(never)]
    fn keep_way_moves(&self, s: &State, mask: u64, f: &mut impl FnMut(Decision) -> bool) -> bool {
        let team = s.team;
        for piece in 0..self.n_pieces(team) as u8 {
            let mut l = Landing::default();
            if self
                .land_entering(s, team, piece, mask, KEEP_WAY_ENTRY, &mut l)
                .is_err()
            {
                continue;
            }
            let decide = |capture| Decision {
                piece,
                mask,
                capture,
                entry: KEEP_WAY_ENTRY,
            };
            let capture = l.capture.is_some();
            if capture && !f(decide(true)) {
                return false;
            }
            if (!capture || l.may_decline) && !f(decide(false)) {
                return false;
            }
        }
        true
    }

    /// Does `piece` stand where a `may branch` of its track begins (so that it may keep to
    /// its way)?
    fn may_keep_way(&self, s: &State, team: TeamId, piece: u8) -> Result<(), Refusal> {
        let here = s.pieces[team].get(piece as usize).is_some_and(|p| {
            p.alive()
                && !p.parked()
                && usize::try_from(p.tpos)
                    .ok()
                    .and_then(|i| self.keep_at[team.index()].get(i))
                    .copied()
                    .unwrap_or(false)
        });
        if here {
            return Ok(());
        }
        let origin = self.ir.teams[team]
            .track
            .branches
            .iter()
            .find(|b| b.may.value)
            .map(|b| b.origin);
        Err(Refusal::new(
            RefusalKind::NoWayToKeep,
            Ground::of(origin, EngineChoiceId::Branching),
        ))
    }
}

/// The pool entries of `mask`, lowest first, and how many there are.
fn entries_of(mask: u64) -> ([u8; POOL_MAX], usize) {
    let mut order = [0u8; POOL_MAX];
    let mut len = 0;
    let mut bits = mask;
    while bits != 0 && len < POOL_MAX {
        order[len] = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        len += 1;
    }
    (order, len)
}
