//! Quick verdicts for move generation. Generating the legal decisions asks "may this piece
//! move with these entries?" for every piece and every group of entries, so the questions
//! that do not depend on the piece are answered once per group ([`Group`]) and the gate
//! conditions once per position ([`Gen`]); a piece then costs a few table look-ups.
//! Moves the quick path cannot decide (a crossing-throw gate under several throws, a move
//! past the end of a looping track) are left to [`Game::check_move`], which stays the
//! definition; tests check that both give the same decisions.
#![expect(
    clippy::indexing_slicing,
    reason = "groups and gate verdicts index tables sized at `Game::new` from the checked IR with the indices of a valid state (a `.get()` would tax move generation)"
)]

use super::DROPPED;
use super::*;

mod several;

/// What the quick path says of one piece with one group.
#[derive(Debug, Clone, Copy)]
pub(super) enum Quick {
    /// Legal; it may take (and may decline to).
    Legal {
        /// Opposing pieces on the landing hole may be taken.
        capture: bool,
        /// The move may leave them.
        may_decline: bool,
    },
    /// Not legal.
    Illegal,
    /// Ask [`Game::check_move`].
    Unsure,
}

impl Quick {
    /// A walk that leaves the piece where it stands: only a release without places is a
    /// move.
    #[inline(always)]
    pub(super) fn unmoved(release: bool) -> Quick {
        if release {
            Quick::Legal {
                capture: false,
                may_decline: true,
            }
        } else {
            Quick::Illegal
        }
    }
}

/// The piece-independent facts of a group of unused pool entries.
pub(super) struct Group {
    /// Places in all.
    total: i16,
    /// Release entries.
    releases: u8,
    /// Release-or-move entries.
    releasers: u8,
    /// The throw value when the group is one entry.
    single: Option<u8>,
    /// Pieces that bindings and "different pieces" allow (bit per piece).
    allowed: u64,
}

impl Group {
    /// The facts of the entries in `mask` (all unused).
    #[inline(always)]
    pub fn new(s: &State, mask: u64) -> Group {
        if mask.is_power_of_two() {
            // The common groups: one plain move or one release, bound to no release (inline:
            // a call costs as much as the rest). `Group::general` gives the same.
            let e = &s.pool[mask.trailing_zeros() as usize];
            if matches!(e.kind, EntryKind::Move | EntryKind::Release) && e.bound == NONE {
                return Group {
                    total: e.steps as i16,
                    releases: u8::from(e.kind == EntryKind::Release),
                    releasers: 0,
                    single: Some(e.thrown),
                    allowed: !0,
                };
            }
        }
        Group::general(s, mask)
    }

    /// [`Group::new`] for any group.
    #[inline(never)]
    fn general(s: &State, mask: u64) -> Group {
        let pool = &s.pool[..s.pool_len as usize];
        let mut g = Group {
            total: 0,
            releases: 0,
            releasers: 0,
            single: None,
            allowed: !0,
        };
        let mut bits = mask;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let e = &pool[i];
            g.total += e.steps as i16;
            match e.kind {
                EntryKind::Release => g.releases += 1,
                EntryKind::Either => g.releasers += 1,
                EntryKind::Move | EntryKind::Back | EntryKind::Part => {}
            }
            if e.bound != NONE {
                g.allowed &= bound_allows(pool, e.bound, mask);
            }
            if matches!(e.kind, EntryKind::Either | EntryKind::Part) {
                // Other entries of its throw went, or go in this group, to other pieces.
                for (j, o) in pool.iter().enumerate() {
                    if j == i || o.kind != e.kind || o.family != e.family {
                        continue;
                    }
                    if mask >> j & 1 == 1 {
                        g.allowed = 0;
                    } else if (o.piece as usize) < MAX_TEAM_PIECES {
                        g.allowed &= !(1 << o.piece);
                    }
                }
            }
        }
        if mask.count_ones() == 1 {
            g.single = Some(pool[mask.trailing_zeros() as usize].thrown);
        }
        g
    }
}

/// The pieces an entry bound to the releases of throw `family` may go to: any, when one of
/// those releases is in the group or all of them were dropped (the binding lapses); else
/// the pieces they released (none while one still waits to be used).
pub(super) fn bound_allows(pool: &[Entry], family: u8, mask: u64) -> u64 {
    let (mut used, mut pending, mut pieces) = (false, false, 0u64);
    for (j, o) in pool.iter().enumerate() {
        if o.kind != EntryKind::Release || o.family != family {
            continue;
        }
        if mask >> j & 1 == 1 {
            return !0;
        }
        match o.piece {
            NONE => pending = true,
            DROPPED => {}
            p => {
                used = true;
                if (p as usize) < MAX_TEAM_PIECES {
                    pieces |= 1 << p;
                }
            }
        }
    }
    if used || pending { pieces } else { !0 }
}

/// The position's facts for generating its moves: which pieces could take which kind of
/// group, and the gate conditions of the team to move, each evaluated at most once.
pub(super) struct Gen<'a> {
    game: &'a Game,
    s: &'a State,
    /// The team to move, its pieces and its track's last index: read for every piece, and
    /// kept here so that the loop over the pieces does not load them again through `s`.
    team: TeamId,
    pieces: &'a [Piece; MAX_TEAM_PIECES],
    last: i16,
    /// The track of the team to move and its gates.
    cells: &'a [Cell],
    gates: &'a [Gate],
    /// The fast tables of that track (its gates in walking order, its rest gate).
    fast: &'a FastTrack,
    /// [`FastTrack::gate_span`] (a copy: read for every piece).
    gate_span: (i16, i16),
    /// A walk past the track's end needs [`Game::check_move`] (a loop whose condition holds
    /// now, an exact count or a bounce).
    past_end_unsure: bool,
    /// Pieces that have moved this turn where a piece moves once (bit per piece).
    moved: u64,
    /// Released pieces in the game (bit per piece).
    released: u64,
    /// Pieces in the game a release may take (all unreleased ones, or the front-most).
    releasable: u64,
    /// Released pieces that can never move again ([`State::stuck`]).
    stuck: u64,
    /// Released pieces just before the track's first conditional `stop` gate
    /// ([`State::held`]): out of the candidates while that gate is closed.
    held: u64,
    /// Gates whose condition has been evaluated, and those found open.
    known: u64,
    open: u64,
    /// What [`Game::arrive`] reads, loaded once: the holes of the team to move and of its
    /// opponent, the holes where its own pieces gather, and what landing on an opposing
    /// piece does on each hole.
    own: &'a CellSet,
    opposing: &'a CellSet,
    /// The holes either team's pieces stand on (`own | opposing`, a copy): most landings are
    /// on an empty hole, which one look-up of it answers.
    occupied: CellSet,
    gather: &'a CellSet,
    at: &'a [CellCapture],
    /// Own pieces may stack anywhere; a landing on an opposing piece not taken shares.
    stacking: bool,
    blocked_share: bool,
    /// Whether an opposing piece may be taken can depend on the piece or its neighbours
    /// (immunity, `immune until released`, `protection: N in a row`): where the hole lets
    /// pieces be taken, the landing asks [`Game::arrive`].
    careful_victims: bool,
    /// The verdict of a waiting piece off the track with the group at hand, once judged
    /// (cleared by [`Gen::candidates`]).
    off_track: Option<Quick>,
}

impl<'a> Gen<'a> {
    /// The facts of `s`, a decision node.
    #[inline(always)]
    pub fn new(game: &'a Game, s: &'a State) -> Gen<'a> {
        let t = s.team;
        let (released, mut releasable) = (s.released[t], s.waiting[t]);
        // With `blocked release: another piece` or a release with an order of its own, any
        // waiting piece may turn out to be the one (the careful path decides).
        if !game.release_any {
            match game.ir.release_order.value {
                ReleaseOrder::FrontMost => {
                    releasable = game.front_most(s, s.team).map_or(0, |j| 1 << j);
                }
                ReleaseOrder::Chosen => {}
                _ => releasable = game.release_next(s, s.team).map_or(0, |j| 1 << j),
            }
        }
        let tr = &game.ir.teams[t].track;
        let fast = &game.fast[t];
        let pol = &game.ir.capture;
        // A loop whose condition does not hold in this position leaves the end as it is.
        let past_end_unsure = fast.past_end_unsure
            || tr
                .looping
                .as_ref()
                .is_some_and(|lp| game.holds(s, t, &lp.when));
        Gen {
            game,
            s,
            team: t,
            pieces: &s.pieces[t],
            last: tr.cells.len() as i16 - 1,
            cells: &tr.cells,
            gates: &tr.gates,
            fast,
            gate_span: fast.gate_span,
            past_end_unsure,
            moved: s.moved,
            released,
            releasable,
            stuck: s.stuck[t],
            held: s.held[t],
            known: 0,
            open: 0,
            own: &s.occ[t],
            opposing: &s.occ[t.other()],
            occupied: CellSet(std::array::from_fn(|i| {
                s.occ[t].0[i & 3] | s.occ[t.other()].0[i & 3]
            })),
            gather: &game.gather[t],
            at: &pol.at[t],
            stacking: pol.stacking.value,
            blocked_share: pol.blocked_share.value,
            careful_victims: fast.careful_victims,
            off_track: None,
        }
    }

    /// The pieces that may take group `g`, as far as release and bindings say, without the
    /// released pieces that cannot move in this position (stuck for good, or before a
    /// closed stop gate: every walk of theirs stops where it starts).
    #[inline(always)]
    pub fn candidates(&mut self, g: &Group) -> u64 {
        self.off_track = None;
        let mut c = 0;
        if g.releases == 0 {
            c |= self.released & !self.stuck;
        }
        if g.releases + g.releasers == 1 {
            c |= self.releasable;
        }
        c &= g.allowed & !self.moved;
        let gates = self.gates;
        if c & self.held != 0
            && let Some((gi, _)) = self.fast.rest_gate
            && let Requirement::Conds(cs) = &gates[gi as usize].requirement
            && (self.rest_shut() || !self.open(gi, cs))
        {
            c &= !self.held;
        }
        c
    }

    /// The released candidates refused at once: each stands on a hole of
    /// [`State::track_keep`], and so does an own piece `g.total` holes on. Their walks meet
    /// no gate and stop short of the track's end (the kept holes lie before both), and the
    /// landing's own piece refuses them as [`Gen::arrive`] would (no stacking, no gathering
    /// there, a hole the walk did not start from): [`Gen::verdict`] says `Illegal` for each.
    /// Per group, a shift and one look-up per refused piece instead of a walk each.
    #[inline(always)]
    pub fn own_refused(&self, g: &Group, candidates: u64) -> u64 {
        let (s, t) = (self.s, self.team);
        let occ = s.track_occ[t];
        // A refusal needs a released candidate (a row of waiting pieces has none) and two own
        // pieces pictured (the mover and the one it lands on).
        let released = candidates & s.released[t];
        if released == 0 || occ & occ.wrapping_sub(1) == 0 || !(1..64).contains(&g.total) {
            return 0;
        }
        let mut r = occ & occ >> g.total;
        let mut refused = 0u64;
        while r != 0 {
            let i = r.trailing_zeros() as usize;
            r &= r - 1;
            refused |= 1 << (s.track_piece[t].0[i & 63] & 63);
        }
        refused & released
    }

    /// Is the rest gate shut by one of its conditions that a load or two answers
    /// ([`gate_holds`]'s own tests; which of them it has: [`FastTrack::rest_quick`])? Asked
    /// before [`Gen::open`] for the held pieces: in most positions that ask, the opponent has
    /// no piece waiting or a piece of the team has not arrived (by [`State::arrived`]), and
    /// the call costs more than the answer. The conditions are a conjunction without
    /// side effects, so one false shuts the gate.
    #[inline(always)]
    fn rest_shut(&self) -> bool {
        let (s, t) = (self.s, self.team);
        let (opponent_waits, own_arrived) = self.fast.rest_quick;
        opponent_waits && s.waiting[t.other()] == 0 || own_arrived && !all_arrived(s, t)
    }

    /// May `piece`, one of the [`Gen::candidates`] of `g`, go with `g`? Not asked where
    /// every move needs [`Game::check_move`] (`Game::careful_moves`).
    #[inline(always)]
    pub fn verdict(&mut self, piece: u8, g: &Group) -> Quick {
        let p = self.pieces[piece as usize];
        let release = !p.released();
        if release && p.tpos < 0 {
            // Every waiting piece off the track starts from the same place, and no hole of
            // the track is its own: one verdict serves them all (a whole row of waiting pieces).
            if let Some(q) = self.off_track {
                return q;
            }
            let q = self.judge(&p, g, release);
            self.off_track = Some(q);
            return q;
        }
        self.judge(&p, g, release)
    }

    /// The verdict of every piece of `bits` (candidates of `g`, at least one) where each
    /// waits off the track: [`Gen::verdict`]'s for the first, which it keeps for the rest.
    /// `None` where one of them is released or stands on the track.
    #[inline(always)]
    pub fn off_track_verdict(&mut self, bits: u64, g: &Group) -> Option<Quick> {
        let mut rest = bits;
        while rest != 0 {
            let p = &self.pieces[rest.trailing_zeros() as usize];
            if p.released() || p.tpos >= 0 {
                return None;
            }
            rest &= rest - 1;
        }
        Some(self.verdict(bits.trailing_zeros() as u8, g))
    }

    /// [`Gen::verdict`] for piece `p` (`release`: not released yet).
    #[inline(always)]
    fn judge(&mut self, p: &Piece, g: &Group, release: bool) -> Quick {
        let last = self.last;
        let mut end = p.tpos + g.total;
        if end > last {
            if self.past_end_unsure {
                return Quick::Unsure;
            }
            end = last;
        }
        // Most walks meet no gate: the loop over them is skipped.
        let (gate_first, gate_last) = self.gate_span;
        if end >= gate_first && p.tpos < gate_last {
            for &(at, gi) in &self.fast.gates {
                let at = at as i16;
                if at <= p.tpos {
                    continue;
                }
                if at > end {
                    break;
                }
                let gate = &self.gates[gi as usize];
                let ok = match &gate.requirement {
                    Requirement::CrossingThrow(m) | Requirement::EveryThrow(m) => match g.single {
                        Some(v) => m >> v & 1 == 1,
                        None => return Quick::Unsure,
                    },
                    Requirement::MoveTotal(m) => g.total < 64 && m >> g.total & 1 == 1,
                    Requirement::Conds(cs) => self.open(gi, cs),
                };
                if !ok {
                    if !gate.stop {
                        return Quick::Illegal;
                    }
                    end = at - 1;
                    break;
                }
            }
        }
        if end <= p.tpos {
            // Not moved: only a release without places is a move.
            return Quick::unmoved(release);
        }
        self.arrive(p, self.cells[end as usize], g.single)
    }

    /// [`Game::arrive`]'s verdict for piece `p` of the team to move landing on hole `c`,
    /// without its grounds: where every opposing piece on the hole may be taken alike (the
    /// hole decides), without looking at those pieces.
    #[inline(always)]
    fn arrive(&self, p: &Piece, c: Cell, single: Option<u8>) -> Quick {
        // An empty hole: neither test below holds.
        if !self.occupied.contains(c) {
            return Quick::Legal {
                capture: false,
                may_decline: true,
            };
        }
        if self.own.contains(c)
            && !self.stacking
            && p.cell != c.get() as u8
            && !self.gather.contains(c)
        {
            return Quick::Illegal;
        }
        if !self.opposing.contains(c) {
            return Quick::Legal {
                capture: false,
                may_decline: true,
            };
        }
        // The hole's part of `Game::capture_verdict`; an occupied hole holds a piece in the
        // game (the state's occupancy is that of the pieces in the game).
        let cell = &self.at[c.index()];
        let share_ok = cell.sharing || self.blocked_share;
        let spec = match cell.only_with {
            _ if cell.forbidden_by.is_some() => None,
            Some((m, _)) if single.is_none_or(|v| m >> v & 1 == 0) => None,
            _ => cell.spec,
        };
        match spec {
            // No opposing piece there may be taken: all share the hole, or it is refused.
            None if share_ok => Quick::Legal {
                capture: false,
                may_decline: true,
            },
            None => Quick::Illegal,
            Some(spec) if self.careful_victims => {
                let plain = Quick::Legal {
                    capture: true,
                    may_decline: !spec.compulsory && share_ok,
                };
                self.careful_landing(p, c, single, plain)
            }
            Some(spec) => Quick::Legal {
                capture: true,
                may_decline: !spec.compulsory && share_ok,
            },
        }
    }

    /// May every opposing piece on hole `c` be taken as the hole says? Yes when no rule
    /// guards rows of pieces and none of the pieces that may refuse (immune ones, waiting
    /// ones under `immune until released`) stands there: a few pieces looked at, not all.
    #[inline(always)]
    fn plain_victims(&self, c: Cell) -> bool {
        let (s, o) = (self.s, self.team.other());
        let pol = &self.game.ir.capture;
        if pol.protection.value.is_some() {
            return false;
        }
        let mut refusing = s.immune[o];
        if pol.waiting_immune.origin.is_some() {
            refusing |= s.waiting[o];
        }
        let hole = c.get() as u8;
        while refusing != 0 {
            let j = refusing.trailing_zeros() as usize;
            refusing &= refusing - 1;
            if s.pieces[o][j].cell == hole {
                return false;
            }
        }
        true
    }

    /// [`Gen::arrive`] where the pieces on the hole may decide: `plain`, the hole's verdict,
    /// where none of them may refuse ([`Gen::plain_victims`]), else [`Game::arrive`]'s.
    /// Out of line, so that the loop over the pieces keeps its registers.
    #[inline(never)]
    fn careful_landing(&self, p: &Piece, c: Cell, single: Option<u8>, plain: Quick) -> Quick {
        if self.plain_victims(c) {
            return plain;
        }
        match self.game.arrive(self.s, self.team, p, c, single) {
            Ok(a) => Quick::Legal {
                capture: a.capture.is_some(),
                may_decline: a.may_decline,
            },
            Err(_) => Quick::Illegal,
        }
    }

    /// Does gate `gi` of the team to move let pieces in?
    #[inline(never)]
    fn open(&mut self, gi: u16, cs: &[Cond]) -> bool {
        let (g, s) = (self.game, self.s);
        if gi >= 64 {
            return gate_holds(g, s, cs);
        }
        let bit = 1u64 << gi;
        if self.known & bit == 0 {
            self.known |= bit;
            if gate_holds(g, s, cs) {
                self.open |= bit;
            }
        }
        self.open & bit != 0
    }
}

/// [`State::track_keep`] of team `t` (`gather`: its holes where own pieces gather): the
/// track's indices below 64, before its first gate (`gate_first`) and before the first hole
/// it visits twice (Sig's return walks the track again), whose holes one own piece at most
/// may hold (no stacking, not a hole of `gather`); 0 where own pieces may stack.
pub(super) fn track_keep(ir: &Ir, t: TeamId, gather: &CellSet, gate_first: i16) -> u64 {
    if ir.capture.stacking.value {
        return 0;
    }
    let cells = &ir.teams[t].track.cells;
    let end = gate_first.clamp(0, 64) as usize;
    let mut seen = CellSet::default();
    let mut keep = 0u64;
    for (i, &c) in cells.iter().enumerate().take(end) {
        if seen.contains(c) {
            break;
        }
        seen.insert(c);
        if !gather.contains(c) {
            keep |= 1 << i;
        }
    }
    keep
}

/// `all own pieces arrived` for team `t`: every piece of it in the game has arrived
/// ([`State::arrived`]; `Game::cond_full` walks the pieces for the same answer).
#[inline(always)]
pub(crate) fn all_arrived(s: &State, t: TeamId) -> bool {
    (s.released[t] | s.waiting[t]) & !s.arrived[t] == 0
}

/// Do all of a gate's conditions `cs` hold for the team to move? The two kinds a gate
/// asks most are answered here by a load or two (`Game::cond_full`'s own tests); the rest
/// out of line ([`gate_cond`]): inlined, `Game::cond` sets up its reads for either team
/// before the first condition, which costs more than the calls for the one or two
/// conditions of a gate.
#[inline(always)]
pub(crate) fn gate_holds(g: &Game, s: &State, cs: &[Cond]) -> bool {
    let t = s.team;
    for c in cs {
        let holds = match c {
            Cond::OpponentHasUnreleased => s.waiting[t.other()] != 0,
            // `Game::cond_full`'s walk over the pieces, by the mask `put` keeps.
            Cond::AllOwnArrived => all_arrived(s, t),
            _ => gate_cond(g, s, c),
        };
        if !holds {
            return false;
        }
    }
    true
}

/// [`Game::cond_full`]'s answer to a gate's condition `c` for the team to move: a `once`
/// reads its latch, then (unlatched) its conditions; `REGION full` is four words of the
/// occupancy. Each is `Game::cond_full`'s own test, without its dispatch; the rest go there.
#[inline(never)]
fn gate_cond(g: &Game, s: &State, c: &Cond) -> bool {
    let t = s.team;
    let now = |c: &Cond| match c {
        Cond::Full(cells, own) => Game::full(s, t, cells, *own),
        _ => g.cond_full(s, t, c),
    };
    match c {
        Cond::Once { latch, when } => s.latches[t] >> latch & 1 == 1 || when.iter().all(now),
        _ => now(c),
    }
}
