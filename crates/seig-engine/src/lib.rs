//! The engine: plays any IR exactly. Throws are chance nodes with exact probabilities;
//! moves are decisions. The API follows OpenSpiel: chance outcomes, legal decisions,
//! apply, returns. A state is a fixed-size value: cloning it is a copy, and no action
//! allocates.
#![expect(
    clippy::indexing_slicing,
    reason = "every table is sized at `Game::new` from the IR, whose team, piece, hole, rule and phase indices lowering checked; states come only from `Game::initial`, `apply` or `Game::state_from_setup`, which keeps every index in range (a `.get()` would tax the hot path)"
)]

mod deadlock;
mod decline;
mod home;
mod moves;
pub mod notation;
mod prisoners;
mod quick;
mod reach;
mod setup;
mod split;
mod stacks;
mod verdict;

pub use moves::{Landing, MAX_DECISIONS};
use seig_ir::*;
pub use setup::{
    CountersClash, EntrySetup, EntryUse, LastThrow, NotImmune, NotParked, PieceSetup, Place, Setup,
    SetupError, ThrowOf, Thrown,
};
pub use verdict::{Consequence, Unusable, Verdict};

/// Most pieces per team a state holds.
pub const MAX_TEAM_PIECES: usize = MAX_PIECES as usize;
/// Most moves pooled in one turn.
pub const POOL_MAX: usize = 48;
/// Width of the tables by number of sticks and throw code: a throw of `n` sticks is coded
/// by its count of face 0 (`0..=n`), and `n + 1` is the marked stick's own throw.
const W: usize = MAX_STICKS as usize + 2;
/// "No hole" for a piece off the board, in the packed fields (the public surface says
/// `None`: [`Piece::place`], [`Landing::place`]).
pub(crate) const NO_CELL: u8 = u8::MAX;
/// "None" in small packed index fields (the public surface says `None`: [`Entry::used`],
/// [`Entry::bound`]).
pub(crate) const NONE: u8 = u8::MAX;
/// Marks a pool entry dropped (cancelled or forfeited) rather than used by a piece.
const DROPPED: u8 = NONE - 1;

bitflags::bitflags! {
    /// What has happened to a piece.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct PieceFlags: u8 {
        /// Released: may move with ordinary throws.
        const RELEASED = 1;
        /// Can never be captured.
        const IMMUNE = 2;
        /// Out of the game.
        const REMOVED = 4;
        /// Made immune by an `immune when … first holds` statement (with [`PieceFlags::IMMUNE`];
        /// without it, by entering an `immune after entering` region): for citing only.
        const IMMUNE_WHEN = 8;
        /// Stopped on its track's last hole while the loop's condition did not hold, under
        /// `…, parked pieces stay`: it never moves again (the notation writes `=`).
        const PARKED = 16;
        /// Borne off the board (`bear off from …`; with [`PieceFlags::REMOVED`]): out of
        /// the game, counted as arrived and by `own pieces borne off`.
        const BORNE_OFF = 32;
        /// A prisoner (`capture …: take prisoner`; with [`PieceFlags::REMOVED`], out of
        /// play): carried by the stack standing on its hole, until that stack arrives.
        const PRISONER = 64;
    }
}

/// One piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Index along its team's track; -1 when not on the track (packed for the hot path:
    /// others read [`Piece::track_index`]).
    pub(crate) tpos: i16,
    /// Hole it stands on, or [`NO_CELL`] (others read [`Piece::place`]).
    pub(crate) cell: u8,
    /// What has happened to it.
    pub flags: PieceFlags,
}

impl Piece {
    /// A piece out of the game.
    pub const REMOVED: Piece = Piece {
        tpos: -1,
        cell: NO_CELL,
        flags: PieceFlags::REMOVED,
    };
    /// A piece borne off the board (`bear off from …`).
    pub const BORNE_OFF: Piece = Piece {
        tpos: -1,
        cell: NO_CELL,
        flags: PieceFlags::REMOVED.union(PieceFlags::BORNE_OFF),
    };
    /// Borne off the board (out of the game, not taken)?
    #[inline]
    pub fn borne_off(&self) -> bool {
        self.flags.contains(PieceFlags::BORNE_OFF)
    }
    /// Still in the game?
    #[inline]
    pub fn alive(&self) -> bool {
        !self.flags.contains(PieceFlags::REMOVED)
    }
    /// A prisoner, carried by the stack on its hole ([`Piece::place`])?
    #[inline]
    pub fn prisoner(&self) -> bool {
        self.flags.contains(PieceFlags::PRISONER)
    }
    /// Released?
    #[inline]
    pub fn released(&self) -> bool {
        self.flags.contains(PieceFlags::RELEASED)
    }
    /// Immune?
    #[inline]
    pub fn immune(&self) -> bool {
        self.flags.contains(PieceFlags::IMMUNE)
    }
    /// Parked for good on its track's last hole (`…, parked pieces stay`)?
    #[inline]
    pub fn parked(&self) -> bool {
        self.flags.contains(PieceFlags::PARKED)
    }
    /// The hole it stands on, if on the board.
    #[inline]
    pub fn place(&self) -> Option<Cell> {
        (self.cell != NO_CELL).then_some(Cell::new(self.cell as u16))
    }
    /// Its index along its team's track, if on the track.
    #[inline]
    pub fn track_index(&self) -> Option<usize> {
        usize::try_from(self.tpos).ok()
    }
}

/// What kind of move a pool entry gives.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// Moves a released piece.
    Move,
    /// Releases an unreleased piece (and moves it `steps`).
    Release,
    /// Either; entries of one throw go to different pieces.
    Either,
    /// Moves a released piece back along its track (`move back`, or a move turned backward
    /// by `when no move forward: move backward`); always a group of its own.
    Back,
    /// Moves a released piece by a part of a throw's move split in two (`split throws:`):
    /// always a group of its own, and the two parts of one throw go to different pieces.
    Part,
}

/// One move waiting in the pool.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Entry {
    /// Places.
    pub steps: u8,
    /// The value of the throw that gave it.
    pub thrown: u8,
    /// Kind.
    pub kind: EntryKind,
    /// Index of the throw in the turn that gave it.
    pub family: u8,
    /// The throw (its family) whose releases it is bound to, or [`NONE`] (others read
    /// [`Entry::bound`]).
    pub(crate) bound: u8,
    /// Piece that used it, [`DROPPED`], or [`NONE`] while unused (others read
    /// [`Entry::used`]).
    pub(crate) piece: u8,
    /// Rule that gave it.
    pub rule: RuleIx,
}

impl Entry {
    /// Not used yet (neither by a piece nor dropped).
    #[inline]
    pub fn unused(&self) -> bool {
        self.piece == NONE
    }
    /// Whether it was used, and by which piece.
    #[inline]
    pub fn used(&self) -> EntryUse {
        match self.piece {
            NONE => EntryUse::Unused,
            DROPPED => EntryUse::Dropped,
            p => EntryUse::By(p),
        }
    }
    /// The throw (its family) whose releases it is bound to, if any.
    #[inline]
    pub fn bound(&self) -> Option<u8> {
        (self.bound != NONE).then_some(self.bound)
    }
}

/// An unused pool slot.
const EMPTY_ENTRY: Entry = Entry {
    steps: 0,
    thrown: 0,
    kind: EntryKind::Move,
    family: 0,
    bound: NONE,
    piece: NONE,
    rule: RuleIx::new(0),
};

/// Where the game stands.
#[derive(Debug, Clone, Copy, Eq)]
pub enum Stage {
    /// The seat to play throws (a chance node).
    Throw,
    /// The seat to play moves a piece (a decision node).
    Move,
    /// Finished; the winner.
    Over(TeamId),
    /// Finished without a winner: a `draw` statement held, or an end by score found the
    /// teams level.
    Drawn,
    /// Finished without a winner: nothing can change any more (see [`Game::deadlocked`]).
    Deadlock,
}

// Compared by hand, meaning what the derived comparison means. With the layout rustc
// chooses today, `Over`'s winner lives in the stage's byte (the other stages are its spare
// values), and the derived comparison decodes which stage each side is, a few instructions
// that the optimiser keeps where one decoding serves two tests. Against a known stage this
// is one compare of the byte.
impl PartialEq for Stage {
    #[inline]
    fn eq(&self, other: &Stage) -> bool {
        match *other {
            Stage::Throw => matches!(self, Stage::Throw),
            Stage::Move => matches!(self, Stage::Move),
            Stage::Over(b) => matches!(*self, Stage::Over(a) if a == b),
            Stage::Drawn => matches!(self, Stage::Drawn),
            Stage::Deadlock => matches!(self, Stage::Deadlock),
        }
    }
}

// As derived (the variant's discriminant, then the winner), to go with `eq`.
impl std::hash::Hash for Stage {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        if let Stage::Over(t) = self {
            t.hash(state);
        }
    }
}

/// The statement that ended a game, found by [`Game::ending`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Ending {
    /// The `win` statement at this index of [`Ir::wins`].
    Win(u16),
    /// The `draw` statement at this index of [`Ir::draws`].
    Draw(u16),
    /// The end by score at this index of [`Ir::scores`] (a winner, or a tie: a draw).
    Score(u16),
    /// Nothing could change any more.
    Deadlock,
}

/// A decision: move `piece` with the pool entries in `mask`, taking or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Decision {
    /// Piece index within the team.
    pub piece: u8,
    /// Pool entries used (bit i = entry i).
    pub mask: u64,
    /// Takes the opposing piece(s) on the landing hole.
    pub capture: bool,
    /// Under a chosen entry (`track TEAM entry: chosen hole`), the hole of the track's
    /// first segment a piece off the track steps onto, counted from 0 along the track (0:
    /// the first hole, as without the statement). [`BEAR_OFF_ENTRY`] for a move that bears
    /// its piece off, [`KEEP_WAY_ENTRY`] for one that keeps to its way where a `may branch`
    /// begins; 0 for every other move.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub entry: u8,
}

/// The [`Decision::entry`] of a decision that bears its piece off the board
/// (`bear off from …`), written `>out` in move notation.
pub const BEAR_OFF_ENTRY: u8 = u8::MAX;

/// The [`Decision::entry`] of a decision whose piece, standing where a `may branch` begins,
/// keeps to its way instead of taking the branch; written `>keep` in move notation.
pub const KEEP_WAY_ENTRY: u8 = u8::MAX - 1;

/// The piece a [`Decision::PASS`] names: none (pieces are numbered below
/// [`MAX_TEAM_PIECES`]).
pub(crate) const PASS_PIECE: u8 = u8::MAX;
/// The piece a [`Decision::THROW_ON`] names: none.
pub(crate) const THROW_ON_PIECE: u8 = u8::MAX - 1;
/// The piece a home decision ([`Decision::home`]) names: none of the seat's own (the piece
/// placed is the first of the taken pieces waiting for their hole, [`State::homing`]).
pub const HOME_PIECE: u8 = u8::MAX - 2;
/// The piece a split decision ([`Decision::split`]) names: none.
pub(crate) const SPLIT_PIECE: u8 = u8::MAX - 3;

impl Decision {
    /// Declines the moves left in the pool and ends what the seat is doing: its turn, or
    /// (with a throw again to come) the throw's moves. Offered under `moves: optional` while
    /// some move is legal, and under `throwing on: at will` as the choice not to throw on.
    pub const PASS: Decision = Decision {
        piece: PASS_PIECE,
        mask: 0,
        capture: false,
        entry: 0,
    };
    /// Throws again although the last throw gave no throw again (`throwing on: at will`).
    pub const THROW_ON: Decision = Decision {
        piece: THROW_ON_PIECE,
        mask: 0,
        capture: false,
        entry: 0,
    };
    /// Whether it bears its piece off the board (`bear off from …`).
    #[inline]
    pub const fn bears_off(&self) -> bool {
        self.piece < SPLIT_PIECE && self.entry == BEAR_OFF_ENTRY
    }
    /// Whether its piece keeps to its way where a `may branch` begins ([`KEEP_WAY_ENTRY`]).
    #[inline]
    pub const fn keeps_way(&self) -> bool {
        self.piece < HOME_PIECE && self.entry == KEEP_WAY_ENTRY
    }
    /// Under `send home to: chosen empty hole`, puts the first taken piece waiting for its
    /// hole ([`State::homing`]) on hole `hole` of its start row, counted from 0 along the row.
    pub const fn home(hole: u8) -> Decision {
        Decision {
            piece: HOME_PIECE,
            mask: 0,
            capture: false,
            entry: hole,
        }
    }
    /// Whether it moves a piece of the seat's (neither [`Decision::PASS`],
    /// [`Decision::THROW_ON`], a home decision nor a split).
    #[inline]
    pub const fn moves_piece(&self) -> bool {
        self.piece < SPLIT_PIECE
    }
    /// Under `split throws: halves|any split`, splits the unused move of pool entry `entry`
    /// into two parts ([`EntryKind::Part`]): `first` places and the rest, for two different
    /// pieces. It moves no piece.
    pub const fn split(entry: u8, first: u8) -> Decision {
        Decision {
            piece: SPLIT_PIECE,
            mask: 1u64 << (entry & 63),
            capture: false,
            entry: first,
        }
    }
    /// Whether it is a split decision ([`Decision::split`]): the pool entry and the first
    /// part's places.
    #[inline]
    pub const fn split_of(&self) -> Option<(u8, u8)> {
        if self.piece == SPLIT_PIECE {
            Some((self.mask.trailing_zeros() as u8, self.entry))
        } else {
            None
        }
    }
    /// Whether it is a home decision ([`Decision::home`]), and on which hole of the row.
    #[inline]
    pub const fn home_hole(&self) -> Option<u8> {
        if self.piece == HOME_PIECE {
            Some(self.entry)
        } else {
            None
        }
    }
    /// Whether it is [`Decision::PASS`].
    #[inline]
    pub const fn is_pass(&self) -> bool {
        self.piece == PASS_PIECE
    }
    /// Whether it is [`Decision::THROW_ON`].
    #[inline]
    pub const fn is_throw_on(&self) -> bool {
        self.piece == THROW_ON_PIECE
    }
}

/// Serde's test for an unchosen entry (kept out of records and the web page's data).
fn is_zero(v: &u8) -> bool {
    *v == 0
}

/// A whole game position. Its fields are the engine's: several are derived from others
/// (which holes a team occupies, which of its pieces are released), so a state changes
/// only through [`Game`]'s actions, and a position from elsewhere comes in as a [`Setup`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct State {
    /// Pieces per team (the first `n[t]` are the team's).
    pieces: ByTeam<[Piece; MAX_TEAM_PIECES]>,
    /// Pieces each team has.
    n: ByTeam<u8>,
    /// Holes each team occupies: derived from `pieces`.
    occ: ByTeam<CellSet>,
    /// Holes each team has landed on at some time (kept when the variant asks about it).
    won: ByTeam<CellSet>,
    /// Pooled moves of the turn.
    pool: [Entry; POOL_MAX],
    /// Entries in the pool.
    pool_len: u8,
    /// Phase.
    phase: PhaseId,
    /// Team to play.
    team: TeamId,
    /// Seat to play (0-based).
    seat: u8,
    /// Chance, decision, or over.
    stage: Stage,
    /// The seat throws again after its moves.
    again: bool,
    /// Release entry the next throw's entries are bound to, or [`NONE`].
    bind: u8,
    /// Throws in this seat's turn.
    turn_throws: u8,
    /// Throws in this team's turn.
    team_throws: u8,
    /// Throws in the game.
    game_throws: u32,
    /// Seat turns completed.
    turns: u32,
    /// Last throw: (sticks, count of face 0, value), or `None`.
    last: Option<(u8, u8, u8)>,
    /// Per team, its pieces in the game and released (bit per piece): derived from
    /// `pieces` and kept by the engine's one writer of pieces, so that generating moves
    /// need not look at every piece.
    released: ByTeam<u64>,
    /// Per team, its pieces in the game not yet released (bit per piece), likewise.
    waiting: ByTeam<u64>,
    /// Per team, the `once` conditions that have held (bit per latch).
    latches: ByTeam<u32>,
    /// Read from outside with a `once` condition that holds and whose latch is unset, which
    /// play never leaves (the end of every action sets them): the next action's end must
    /// look even where [`Game::latch_on_pieces`] lets a throw skip. Derived when read.
    latch_due: bool,
    /// Per team, two track indices a released piece may rest on: `[0]` its track's last,
    /// when nothing leads on from there (it can never move again), and `[1]` the index just
    /// before its first `stop` gate with conditions (it cannot move while the gate is
    /// closed); [`i16::MAX`] for none. Constant, from [`FastTrack`], so that [`put`] can
    /// keep `stuck` and `held` without the game.
    rest: ByTeam<[i16; 2]>,
    /// Per team, its released pieces that can never move again: on `rest[t][0]`, or parked
    /// for good. Kept by [`put`], so that generating moves need not visit them.
    stuck: ByTeam<u64>,
    /// Per team, its released pieces on `rest[t][1]` (not stuck), kept likewise.
    held: ByTeam<u64>,
    /// Per team, its immune pieces in the game ([`Piece::immune`]), kept likewise (and by
    /// `Game::immunise`): a landing looks for them on its hole, not at every opposing piece.
    immune: ByTeam<u64>,
    /// Per team, the track indices where its pieces have arrived ([`Game::arrived`]): the
    /// first, and how many from there. Constant, so that [`put`] can keep `arrived`.
    arrival: ByTeam<[i16; 2]>,
    /// Per team, its pieces that have arrived ([`Game::arrived`]; a piece out of the game,
    /// at track index −1, never has), kept by [`put`]: `all own pieces arrived` is then one
    /// compare, not a walk over the pieces.
    arrived: ByTeam<u64>,
    /// Per team, the track indices (below 64) whose holes [`State::track_occ`] keeps: where
    /// one own piece at most may stand (no stacking, no gathering, a track that visits no
    /// hole twice); 0 where none is kept. Constant, so that [`put`] can keep the two below.
    track_keep: ByTeam<u64>,
    /// Per team, the indices of `track_keep` an own piece in the game stands on (by its
    /// track index), kept by [`put`] and `Game::vacate`: generation refuses at once the
    /// pieces whose landing is one of them (`Gen::own_refused`).
    track_occ: ByTeam<u64>,
    /// Per team, for each index of `track_occ`, the piece that stands there (elsewhere the
    /// last piece written there: not read, and not compared).
    track_piece: ByTeam<Unread<[u8; 64]>>,
    /// Pieces of the team to play that have moved in this seat's turn (kept only when a
    /// piece may move once per turn; else 0).
    moved: u64,
    /// Seat turns in a row that ended with no decision, no piece taken and no phase
    /// change: the deadlock test runs only after a whole rotation of them.
    quiet: u16,
    /// Pieces of the team not to play (bit per piece) taken by the move just made and sent
    /// home under `send home to: chosen empty hole`, waiting off the board for the
    /// capturing seat to choose their holes (0 but in the middle of such a move).
    homing: u64,
}

/// A table of [`State`] that its equality and hash leave out: where it is read it is a
/// function of the rest of the state, and elsewhere it holds whatever was last written
/// (kept so that its writer need not clear it).
#[derive(Clone, Copy)]
struct Unread<T>(T);

impl<T> std::fmt::Debug for Unread<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Not part of the state's value: two equal states print alike.
        f.write_str("_")
    }
}

impl<T> PartialEq for Unread<T> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<T> Eq for Unread<T> {}

impl<T> std::hash::Hash for Unread<T> {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl State {
    /// The team's pieces, in order (removed ones included, see [`Piece::alive`]).
    #[inline]
    pub fn pieces(&self, team: TeamId) -> &[Piece] {
        &self.pieces[team][..self.n[team] as usize]
    }
    /// Piece `i` of the team.
    ///
    /// # Panics
    /// When the team has no piece `i`.
    #[inline]
    pub fn piece(&self, team: TeamId, i: usize) -> Piece {
        self.pieces(team)[i]
    }
    /// Holes the team's pieces stand on.
    #[inline]
    pub fn occupied(&self, team: TeamId) -> CellSet {
        self.occ[team]
    }
    /// Holes the team has landed on at some time (recorded only when a condition of the
    /// variant asks about them; else empty).
    #[inline]
    pub fn landed(&self, team: TeamId) -> CellSet {
        self.won[team]
    }
    /// The moves pooled in this turn, used or not.
    #[inline]
    pub fn pool(&self) -> &[Entry] {
        &self.pool[..self.pool_len as usize]
    }
    /// The phase.
    #[inline]
    pub fn phase(&self) -> PhaseId {
        self.phase
    }
    /// The team to play.
    #[inline]
    pub fn team(&self) -> TeamId {
        self.team
    }
    /// The seat to play (0-based).
    #[inline]
    pub fn seat(&self) -> u8 {
        self.seat
    }
    /// Chance, decision, or over.
    #[inline]
    pub fn stage(&self) -> Stage {
        self.stage
    }
    /// Does the seat throw again after its moves?
    #[inline]
    pub fn again(&self) -> bool {
        self.again
    }
    /// The throw of this turn whose releases the next throw's moves are bound to.
    #[inline]
    pub fn bind(&self) -> Option<u8> {
        (self.bind != NONE).then_some(self.bind)
    }
    /// Throws in this seat's turn.
    #[inline]
    pub fn turn_throws(&self) -> u8 {
        self.turn_throws
    }
    /// Throws in this team's turn.
    #[inline]
    pub fn team_throws(&self) -> u8 {
        self.team_throws
    }
    /// Throws in the game.
    #[inline]
    pub fn game_throws(&self) -> u32 {
        self.game_throws
    }
    /// Seat turns completed.
    #[inline]
    pub fn turns(&self) -> u32 {
        self.turns
    }
    /// The last throw: (sticks, count of face 0, value to its thrower), if any.
    #[inline]
    pub fn last(&self) -> Option<(u8, u8, u8)> {
        self.last
    }
    /// Pieces of the opposing team (bit per piece) taken by the move just made and waiting
    /// for the capturing seat to choose their holes (`send home to: chosen empty hole`):
    /// while any waits, the only decisions are home decisions ([`Decision::home`]).
    #[inline]
    pub fn homing(&self) -> u64 {
        self.homing
    }
    /// Equal as positions: in everything the notation writes and a rule reads, the deadlock
    /// test's count of quiet turns (bookkeeping the notation does not write) aside.
    #[must_use]
    pub fn same_position(&self, other: &State) -> bool {
        let mut a = self.clone();
        a.quiet = other.quiet;
        a == *other
    }
    /// The team's released pieces in the game, a bit per piece.
    #[inline]
    pub fn released_pieces(&self, team: TeamId) -> u64 {
        self.released[team]
    }
    /// The team's pieces in the game not yet released, a bit per piece.
    #[inline]
    pub fn waiting_pieces(&self, team: TeamId) -> u64 {
        self.waiting[team]
    }
    /// The `once` conditions that have held for the team, a bit per latch.
    #[inline]
    pub fn latches(&self, team: TeamId) -> u32 {
        self.latches[team]
    }
    /// Are the slots past each team's pieces and past the pool in their one empty form
    /// (so that equal positions are equal states)? For tests.
    #[doc(hidden)]
    pub fn spare_slots_clear(&self) -> bool {
        TeamId::BOTH.into_iter().all(|t| {
            self.pieces[t][self.n[t] as usize..]
                .iter()
                .all(|p| *p == Piece::REMOVED)
        }) && self.pool[self.pool_len as usize..]
            .iter()
            .all(|e| *e == EMPTY_ENTRY)
    }
}

/// What decided a verdict: a statement of the file, the language's default for one of the
/// engine's choices (no statement of the file sets it), or a plain fact of the position or
/// of the action (no such piece, not the time to throw). The words for it are the tools'.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ground {
    /// A statement of a rule: the rule, the statement, and through [`Ir::readings_of`] the
    /// reading options that put it in force.
    Stated(Origin),
    /// The documented language default of this engine choice (docs/semantics.md).
    Default(EngineChoiceId),
    /// A fact of the position or of the action, which no statement could change.
    Fact,
}

impl Ground {
    /// The statement when one is given, else the language default of `choice`.
    #[inline]
    pub fn of(origin: Option<Origin>, choice: EngineChoiceId) -> Ground {
        match origin {
            Some(o) => Ground::Stated(o),
            None => Ground::Default(choice),
        }
    }
    /// The statement, if a statement decided.
    pub fn origin(self) -> Option<Origin> {
        match self {
            Ground::Stated(o) => Some(o),
            _ => None,
        }
    }
}

/// Why an action was refused: its kind and what decided it. Data only: the words are the
/// tools' (`seig_tools::words::refusal`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Refusal {
    /// What kind of refusal it is.
    pub kind: RefusalKind,
    /// The statement, language default or fact that refuses it.
    pub ground: Ground,
    /// A second statement or default the refusal rests on as much as the first: what
    /// forbids landing beside a protected piece, the end of a track whose loop does not
    /// apply now, the `blocked release` that lets the release take another piece.
    pub also: Option<Ground>,
}

impl Refusal {
    /// A refusal of this kind, on this ground.
    #[inline]
    pub fn new(kind: RefusalKind, ground: Ground) -> Self {
        Refusal {
            kind,
            ground,
            also: None,
        }
    }
    /// The same refusal resting on `also` too.
    #[inline]
    pub fn and(self, also: Ground) -> Self {
        Refusal {
            also: Some(also),
            ..self
        }
    }
    /// A refusal that a fact of the position or action decides.
    #[inline]
    pub fn fact(kind: RefusalKind) -> Self {
        Refusal::new(kind, Ground::Fact)
    }
    /// The rule of the statement that refuses it, if a statement does.
    pub fn rule(&self) -> Option<RuleIx> {
        self.ground.origin().map(|o| o.rule)
    }
    /// Every ground it rests on (one or two).
    pub fn grounds(&self) -> impl Iterator<Item = Ground> + use<> {
        std::iter::once(self.ground).chain(self.also)
    }
}

/// What kind of action was refused. With the refusal's [`Ground`] it is all a tool needs to
/// say why (the words are the tools').
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RefusalKind {
    /// A throw while a piece must be moved.
    NotThrowTime,
    /// A move while the seat must throw.
    NotMoveTime,
    /// An action after the end of the game.
    Over,
    /// More throws in one turn than the engine counts.
    ThrowLimit,
    /// A throw outcome the sticks cannot show.
    NoSuchThrow,
    /// More pooled moves than a state holds.
    PoolLimit,
    /// A piece keeping to its way (`>keep`) where no `may branch` begins.
    NoWayToKeep,
    /// A piece the team does not have.
    NoSuchPiece,
    /// A piece out of the game.
    PieceRemoved,
    /// Pool entries that are not there.
    NoSuchEntries,
    /// A pool entry already used.
    EntryUsed,
    /// A move bound to the piece its throw's release released, given to another.
    Bound,
    /// Two moves of one `release or move` throw, which go to different pieces, given to one.
    SamePiece,
    /// An unreleased piece moved without a releasing throw.
    NotReleased,
    /// A piece released by more than one throw.
    ReleasedTwice,
    /// A release of a piece other than the one the release order takes next.
    NotNextReleased(ReleaseOrder),
    /// A release for a piece already released.
    AlreadyReleased,
    /// A gate that keeps the move out.
    Gate,
    /// A gate that halts the piece before it (`… else stop`), before it took a step.
    GateStop,
    /// Moves of no places.
    NoPlaces,
    /// A piece at the end of its track (`ends: stop`, or a loop whose condition fails).
    TrackEnd,
    /// A move past the end of a track that needs the exact count (`ends: exact`).
    ExactEnd,
    /// A move that bounces back to the hole it left (`ends: bounce`).
    BouncedBack,
    /// A walk that would go back before the track's start.
    BeforeStart,
    /// A backward move of a piece with no hole of its track behind it (on the first hole,
    /// or off the track).
    BackAtStart,
    /// A backward move with more places than holes behind the piece, under `moving back
    /// past the first hole: forbidden`.
    BackPastStart,
    /// A backward move given with other throws: it is always a group of its own.
    BackAlone,
    /// A part of a split throw given with other throws: it is always a group of its own.
    PartAlone,
    /// A release whose own places would leave the holes they are confined to (`release N
    /// moving E within REGION`).
    Confined,
    /// Two own pieces on a hole that does not allow it.
    Stacking,
    /// An opposing piece on the landing hole that may not be taken there, where landing
    /// beside it is forbidden (the refusal's `also` is the statement that forbids it).
    Protected,
    /// A capture where no opposing piece stands.
    NothingToTake,
    /// A capture of pieces that may not be taken there (the ground protects them).
    CannotTake,
    /// A move that declines a compulsory capture.
    MustTake,
    /// A second move of a piece in a turn where a piece moves once.
    MovedThisTurn,
    /// A move of a piece alone that moves only with its stack (`stacks: move together`).
    InStack,
    /// A move past a hole holding own pieces, which may not be passed.
    PassOwn,
    /// A move past a hole holding opposing pieces, which may not be passed.
    PassOpposing,
    /// A move past a hole a piece must land on (`must land on`).
    MustLand,
    /// A move past a hole of a blockade: opposing pieces on N or more holes in a row along
    /// the mover's track (`blockade: N in a row`).
    Blockade,
    /// A bearing off from a hole, or with a throw, that no `bear off from …` statement
    /// names for the piece (or a piece off its track).
    BearOffHere,
    /// A bearing off with a group of several throws, or by a piece not yet released.
    BearOffOneThrow,
    /// A chosen entry hole named for a move that enters no hole.
    NoEntryHere,
    /// A chosen entry hole outside the track's first segment.
    EntryOffSegment,
    /// A chosen entry hole where a piece stands, under `chosen empty hole`.
    EntryOccupied,
    /// A chosen entry hole for a move that takes no step (a release made in place).
    EntryNoStep,
    /// A group of several throws where each throw moves one piece by itself
    /// (`allocation: per throw`).
    GroupPerThrow,
    /// A group the engine offers with other, alike, throws of the pool (the first of them).
    NotOffered,
    /// A group past the most the engine offers at one decision.
    GroupLimit,
    /// A position with more legal decisions than the engine lists ([`MAX_DECISIONS`]).
    DecisionLimit,
    /// A seat may not pass while it can move (`moves: forced`).
    MustMove,
    /// A taken piece waits for the capturing seat to choose its hole (`send home to: chosen
    /// empty hole`): only a home decision may be made.
    HomeFirst,
    /// A home decision where no taken piece waits for its hole.
    NoHoming,
    /// A home decision for a hole that is not an empty hole of the piece's start row.
    HomeNotEmpty,
    /// A seat may not throw on now: throws again come only from throws (`throwing on: as
    /// thrown`), or, at will, it has moved since its last throw, a throw again is coming
    /// anyway, or the pool could not hold another throw.
    NoThrowOn,
    /// Refused by a tool, not by the engine's rules (such as an action a record names
    /// that does not fit the position).
    Other,
}

/// A chance outcome: `k` sticks show face 0, with probability `p`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// Sticks showing face 0.
    pub k: u8,
    /// Exact probability.
    pub p: f64,
}

/// Something that happened, for logs and rule-firing counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A throw matched a table entry.
    Throw {
        /// Value.
        value: u8,
        /// Rule of the entry (`None`: no entry matched).
        rule: Option<RuleIx>,
    },
    /// A piece moved.
    Moved {
        /// Team.
        team: TeamId,
        /// Piece.
        piece: u8,
        /// Rules that allowed it.
        rules: RuleList,
        /// The piece once the move is made (its stack and prisoners carried, or borne off).
        /// It stands so until its next event, but for one thing: under `stacks together`
        /// a later move of a piece on its hole carries it along with no event of its own.
        at: Piece,
    },
    /// A piece was taken.
    Captured {
        /// Victim's team.
        team: TeamId,
        /// Victim.
        piece: u8,
        /// Still in the game: sent home, or swapped (else removed).
        home: bool,
        /// Swapped: put on the hole its taker left (`capture …: swap`).
        swapped: bool,
        /// Rule.
        rule: RuleIx,
    },
    /// A piece became immune.
    Immune {
        /// Team.
        team: TeamId,
        /// Piece.
        piece: u8,
        /// Rule.
        rule: RuleIx,
    },
    /// Pool entries could not be used.
    Forfeit {
        /// How many.
        entries: u8,
    },
    /// The seat passed ([`Decision::PASS`]), declining this many pool entries that some
    /// piece could use (0: it stopped throwing with none usable).
    Passed {
        /// How many.
        entries: u8,
    },
    /// The seat threw on at will ([`Decision::THROW_ON`]).
    ThrewOn,
    /// A piece sent home was put on the hole the capturing seat chose for it (`send home
    /// to: chosen empty hole`), or on the one empty hole of its start row.
    HomeChosen {
        /// The piece's team.
        team: TeamId,
        /// The piece.
        piece: u8,
        /// Its hole.
        cell: Cell,
    },
    /// The phase changed.
    Phase {
        /// New phase.
        to: PhaseId,
        /// Rule.
        rule: RuleIx,
    },
    /// The game ended.
    Won {
        /// Winner.
        team: TeamId,
        /// Rule.
        rule: RuleIx,
    },
}

/// A short list of rules (no allocation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RuleList {
    ids: [RuleIx; 8],
    len: u8,
}

impl RuleList {
    /// Adds a rule once; a list is full at 8.
    pub fn push(&mut self, r: RuleIx) {
        if (self.len as usize) < self.ids.len() && !self.contains(&r) {
            self.ids[self.len as usize] = r;
            self.len += 1;
        }
    }
}

impl std::ops::Deref for RuleList {
    type Target = [RuleIx];
    #[inline]
    fn deref(&self) -> &[RuleIx] {
        &self.ids[..self.len as usize]
    }
}

/// Something that records events (or ignores them, for speed).
pub trait Observer {
    /// Called for each event.
    fn event(&mut self, e: Event);
    /// Called with a position whose unused pool entries are about to be forfeited (no
    /// decision is legal), before the [`Event::Forfeit`]: an explanation asks why there.
    #[inline]
    fn forfeiting(&mut self, _s: &State) {}
}

/// Ignores events.
pub struct Quiet;
impl Observer for Quiet {
    #[inline]
    fn event(&mut self, _: Event) {}
}

impl Observer for Vec<Event> {
    fn event(&mut self, e: Event) {
        self.push(e);
    }
}

/// A variant ready to play: the IR plus tables computed once.
#[derive(Debug, Clone)]
pub struct Game {
    /// The variant (its conditions reordered for evaluation: see [`Game::new`]).
    ir: Ir,
    /// `chance[n]`: outcomes for `n` sticks.
    chance: Vec<Vec<Outcome>>,
    /// How a throw of sticks is drawn from a `u64`.
    draws: StickDraws,
    /// The dice, when the file throws dice (else `None`, and throws are of sticks).
    dice: Option<DiceTable>,
    /// The sticks every throw uses, when no phase or first throw uses another count.
    sticks_always: Option<u8>,
    /// Where only a game's or a turn's first throw may use another count (no condition, no
    /// phase): those counts, read without the statements' conditions.
    sticks_firsts: Option<[Option<u8>; 2]>,
    /// `values[team][n][k]`: the value of a throw of `n` sticks with `k` showing face 0.
    values: Values,
    /// Candidate throw entries in order, for each (phase, team, sticks, count of face 0):
    /// the range `slots[Game::slot(..)]` of `entries`.
    entries: Vec<u16>,
    slots: Vec<(u32, u32)>,
    /// Per slot, its throw entry when the first candidate has no conditions (the common
    /// case: no conditions to ask), [`NO_THROW_ENTRY`] when it has no candidate, else
    /// [`ASK_THROW_ENTRY`].
    direct: Vec<u16>,
    /// `adds[e]`: pool entries that throw entry `e` adds.
    adds: Vec<usize>,
    /// Per slot (as `direct`), its throw worked out in advance where it can be
    /// ([`ThrowPlan`]).
    plans: Vec<ThrowPlan>,
    /// The most pool entries one throw adds (a throw on is offered only with room for it).
    max_adds: usize,
    /// `track_of_cell[team][cell]`: first index of the hole on the team's track, or -1.
    track_of_cell: ByTeam<Vec<i16>>,
    /// `send_on[team][cell]`: where a move of the team ending there sends the piece (track
    /// index) and the `landing on … goes to` statement; empty when the file has none.
    send_on: ByTeam<Vec<Option<(i16, Origin)>>>,
    /// `bear_off[team][cell]`: the throw values (a bit each) with which a piece of the team
    /// bears off from the hole, and the first `bear off from …` statement naming it;
    /// empty when the file has none.
    pub(crate) bear_off: ByTeam<Vec<(u64, Option<Origin>)>>,
    /// Some `bear off from …` statement is in force: the generator offers bearings off.
    bears_off: bool,
    /// Reachability tables for "no capture possible".
    reach: reach::Reach,
    /// Some condition asks which holes a team has landed on.
    pub(crate) track_won: bool,
    /// Every win condition reads only the pieces, so a win can begin only when a piece
    /// moves or leaves (positions read from notation are refused when already won): throws
    /// that move none and ends of turns need not look.
    wins_on_pieces: bool,
    /// The transitions in order (as [`Ir::transitions`]), each with which teams' waiting
    /// pieces make its conditions fail at a turn's end ([`released_needs`]).
    transitions: Vec<(u8, Transition)>,
    /// Every win, draw and score reads only where the pieces stand (`stands_only`), some
    /// perhaps limited to a phase: an action that moves no piece and leaves the phase as it
    /// was cannot make one hold.
    ends_stand_only: bool,
    /// `arrival[t]`: the track index from which a piece has arrived (its goal's last hole,
    /// or the track's last).
    arrival: ByTeam<i16>,
    /// `main_end[t]`: the length of the team's track's main path; places from there on are
    /// on its branches, where a piece has not arrived.
    main_end: ByTeam<i16>,
    /// `gather[t]`: the holes where own pieces may share under `stacking: forbidden except
    /// at goal [and end]` (the goal's last hole, the track's last hole).
    pub(crate) gather: ByTeam<CellSet>,
    /// Per team: where along the track a walk needs step-by-step care.
    fast: ByTeam<FastTrack>,
    /// The `once` conditions, by latch: each evaluated after every action.
    latched: Vec<(u8, Vec<Cond>)>,
    /// The latches of [`Game::latched`], a bit each: a team with all of them set has none
    /// left to evaluate.
    latched_mask: u32,
    /// Where each of [`Game::latched`] is one `REGION full`: (latch, region, `of own
    /// pieces`), answered without the walk over conditions (every action's end asks).
    latched_full: Option<FullLatches>,
    /// Every condition of [`Game::latched`] reads only where the pieces stand (not the pool,
    /// the phase or the counters): a throw that moves or removes none cannot make one hold,
    /// so it need not evaluate them (unless the position was read with one unset,
    /// `State::latch_due`).
    latch_on_pieces: bool,
    /// The latches whose first holding makes pieces immune (`immune when … first holds`),
    /// a bit per latch (not in [`Game::latched`]).
    immune_latches: u32,
    /// Every `immune when` condition reads only the pieces: a throw that moves or removes
    /// none cannot make one hold.
    immune_on_pieces: bool,
    /// A movement statement asks more of every move than the quick verdicts know (passing,
    /// landing after each throw).
    careful_moves: bool,
    /// A release statement asks more of a release than the quick verdicts know (a release
    /// order by hole or a throw entry's own, a blocked release's fallback): the moves of
    /// unreleased pieces go to [`Game::check_move`], those of released pieces do not.
    careful_releases: bool,
    /// Pooled groups walked in any order may meet a gate judged by the crossing throw or by
    /// every throw: the generator takes the pooled path (`Game::group_moves::<true>`, see
    /// `quick/several.rs`), whose verdicts decide such groups, walks onto a loop and
    /// confined releases without [`Game::check_move`].
    pooled_path: bool,
    /// On the pooled path, the waiting pieces are judged by the quick verdicts although
    /// [`Game::careful_releases`] is set: what made their releases careful is only a
    /// confinement (`within`, checked by the pooled path) or a throw entry's own release
    /// order (the release order's filter in `Game::group_moves` applies it).
    quick_releases: bool,
    /// `blocked release: released in place`: a release of one entry whose walk is refused
    /// is made where the piece stands, which the quick verdicts say for the waiting pieces
    /// (when no other release statement makes them careful).
    in_place: bool,
    /// Any waiting piece may be the one a release takes, as the careful path decides
    /// (`blocked release: another piece`, or a throw entry's own release order).
    pub(crate) release_any: bool,
    /// Some throw entry's release has an order of its own (`release 8 rear-most`).
    pub(crate) effect_orders: bool,
    /// Per rule, the order its throw entries' releases name, with the statement (one per
    /// rule, E120): a pool entry names its rule.
    pub(crate) rule_orders: Vec<Option<(ReleaseOrder, Origin)>>,
    /// Per rule, the holes its releases' own places must stay within, with the statement
    /// (`release 1 moving 1 within own lower`; one per rule, E131): a pool entry names its
    /// rule.
    pub(crate) rule_within: Vec<Option<(TeamCells, Origin)>>,
    /// Per rule, its releases' behaviour class: two rules share one when their releases
    /// have the same order and confinement (`rule_orders`, `rule_within`), so that release
    /// entries of the two are interchangeable in a group ([`Game::release_class`]).
    rule_release_class: Vec<u16>,
    /// Some release is confined (`within`): a releasing group is checked against it.
    pub(crate) confined: bool,
    /// Both teams may walk every stretch in one jump (no passing restriction).
    pass_free: bool,
    /// No passing restriction and no `bounce` end: a walk only goes forward, and
    /// `Game::walk` takes the path without their tests.
    plain_walk: bool,
    /// Some move may walk back (`move back`, `when no move forward: move backward`).
    walks_back: bool,
    /// `when no move forward: move backward, may`: a seat holding a backward move may pass.
    back_may: bool,
    /// `split throws: halves|any split`: the generator offers splits.
    splits: bool,
    /// [`Game::plain_walk`] without stacks moving together or a chosen entry: the common
    /// move is applied by `Game::land_plain`, without the general checks.
    plain_apply: bool,
    /// [`Game::plain_apply`] where a release is made in any order (`release order: chosen`,
    /// no rule of its own) and no release is confined (`within`): `Game::land` neither
    /// checks the order nor the confinement, so a one-entry release is applied plainly too.
    plain_release: bool,
    /// The only endings are `win` statements in every phase (no draw, no end by score):
    /// [`Game::check_win`] looks at them inline.
    wins_only: bool,
    /// The only endings are wins by `opponent has no pieces` (in a phase or not): a move
    /// that leaves every piece in the game or out of it as it was need not look at them.
    wins_by_extinction: bool,
    /// Some track is entered at a chosen hole: [`Game::group_moves`] lists the holes.
    entry_choice: bool,
    /// Some track branches (`track T branches at`): walks go step by step through
    /// [`Game::next_of`], and moves to [`Game::check_move`].
    branchy: bool,
    /// `next_of[t][i]`: the place a step from place `i` of the team's track goes to (the
    /// track's length past its main path's last hole); empty on a track without branches.
    next_of: [Vec<i16>; 2],
    /// `branch_at[t][i]`: the first place of the branch a piece standing at place `i` takes
    /// with its move's first step; -1 where no branch begins. Empty on a track without
    /// branches.
    branch_at: [Vec<i16>; 2],
    /// `keep_at[t][i]`: the branch beginning at place `i` is a `may branch` (the piece may
    /// keep to its way, [`KEEP_WAY_ENTRY`]). Empty on a track without such a branch.
    keep_at: [Vec<bool>; 2],
    /// Some track `may branch`: [`Game::group_moves`] offers the ways kept.
    may_branch: bool,
    /// Some capture takes prisoners (`capture …: take prisoner`): moves carry them and a
    /// carrying stack arrives past its track's end; the quick verdicts step aside.
    pub(crate) prisoners: bool,
    /// Quiet seat turns after which the deadlock test runs: [`deadlock::QUIET_ROTATIONS`]
    /// whole rotations (every seat of both teams once each).
    rotation: u16,
}

/// Prefix counts of the track indices with a gate and of the holes that make a piece
/// immune, so that a stretch without gates is walked in one jump.
#[derive(Debug, Clone)]
struct FastTrack {
    /// `gated[i + 1]`: indices with a gate among `0..=i`.
    gated: Vec<u16>,
    /// `immune[i + 1]`: indices among `0..=i` whose hole makes a piece immune.
    immune: Vec<u16>,
    /// The track's gates as (index, gate), in the order a walk meets them.
    gates: Vec<(u16, u16)>,
    /// The first and the last track index with a gate ([`i16::MAX`] and -1: none): a walk
    /// that ends before the first or starts on or past the last meets no gate.
    pub(crate) gate_span: (i16, i16),
    /// A walk past the track's end needs [`Game::check_move`] (an exact count or a bounce):
    /// the quick verdicts know only `stop` (a loop is asked per position, `Gen::new`).
    past_end_unsure: bool,
    /// The track's last index when a released piece there can never move again (an end
    /// that stops or needs the exact count, no loop, no branch, no backward move), else
    /// [`i16::MAX`]: see [`State::stuck`].
    dead_end: i16,
    /// The first `stop` gate with conditions (after the first hole) and the index just
    /// before it, on a track without branches or backward moves: a released piece there
    /// cannot move while the gate is closed (see [`State::held`]).
    pub(crate) rest_gate: Option<(u16, i16)>,
    /// Whether the rest gate's conditions include `opponent has unreleased pieces` and
    /// `all own pieces arrived`: `Gen::candidates` answers those by a load or two first.
    pub(crate) rest_quick: (bool, bool),
    /// Whether the opposing pieces on a hole may be taken can depend on the pieces or their
    /// neighbours, not on the hole alone (immunity of any kind, `protection: N in a row`):
    /// the quick verdicts then ask [`Game::arrive`] where the hole lets pieces be taken.
    pub(crate) careful_victims: bool,
    /// [`State::track_keep`] of the team (`quick::track_keep`).
    track_keep: u64,
}

impl FastTrack {
    fn new(ir: &Ir, t: TeamId, gather: &CellSet) -> FastTrack {
        let tr = &ir.teams[t].track;
        let immune_set = ir.capture.immune[t].map(|(s, _)| s);
        let mut gated = vec![0u16; tr.cells.len() + 1];
        let mut immune = vec![0u16; tr.cells.len() + 1];
        for (i, &c) in tr.cells.iter().enumerate() {
            let gate = tr.gates.iter().any(|g| g.at as usize == i);
            gated[i + 1] = gated[i] + gate as u16;
            immune[i + 1] = immune[i] + immune_set.is_some_and(|s| s.contains(c)) as u16;
        }
        let mut gates: Vec<(u16, u16)> = (0..tr.gates.len() as u16)
            .map(|gi| (tr.gates[gi as usize].at, gi))
            .collect();
        gates.sort_unstable();
        // Only forward walks along one line of holes: a piece on the last hole or before a
        // closed stop gate then has nowhere to go. A piece may also leave the board by
        // bearing off or by arriving with prisoners: then no piece is ever counted stuck.
        let one_way = tr.branches.is_empty()
            && !ir.walks_back()
            && ir.bear_off.is_empty()
            && !takes_prisoners(ir);
        let dead_end = if one_way && tr.looping.is_none() && tr.end.value != TrackEnd::Bounce {
            tr.cells.len() as i16 - 1
        } else {
            i16::MAX
        };
        let rest_gate = gates
            .iter()
            .find(|&&(at, gi)| {
                let g = &tr.gates[gi as usize];
                at > 0 && g.stop && matches!(g.requirement, Requirement::Conds(_))
            })
            .filter(|_| one_way)
            .map(|&(at, gi)| (gi, at as i16 - 1));
        let has = |k: fn(&Cond) -> bool| {
            rest_gate.is_some_and(|(gi, _)| match &tr.gates[gi as usize].requirement {
                Requirement::Conds(cs) => cs.iter().any(k),
                _ => false,
            })
        };
        let rest_quick = (
            has(|c| matches!(c, Cond::OpponentHasUnreleased)),
            has(|c| matches!(c, Cond::AllOwnArrived)),
        );
        let pol = &ir.capture;
        // A position read from notation holds immune pieces only where a rule can make them.
        let careful_victims = pol.immune[t.other()].is_some()
            || !pol.immune_when.is_empty()
            || pol.waiting_immune.origin.is_some()
            || pol.protection.value.is_some();
        let gate_span = match (gates.first(), gates.last()) {
            (Some(&(first, _)), Some(&(last, _))) => (first as i16, last as i16),
            _ => (i16::MAX, -1),
        };
        FastTrack {
            gated,
            immune,
            gates,
            gate_span,
            past_end_unsure: tr.end.value != TrackEnd::Stop,
            dead_end,
            rest_gate,
            rest_quick,
            careful_victims,
            track_keep: quick::track_keep(ir, t, gather, gate_span.0),
        }
    }

    /// No gate in `from+1 ..= to` (both within the track, `from` may be -1).
    #[inline]
    fn ungated(&self, from: i16, to: i16) -> bool {
        self.gated[(to + 1) as usize] == self.gated[(from + 1) as usize]
    }

    /// Some hole in `from+1 ..= to` makes a piece immune.
    #[inline]
    fn immunises(&self, from: i16, to: i16) -> bool {
        self.immune[(to + 1) as usize] != self.immune[(from + 1) as usize]
    }
}

/// `[team][cell]`: where a move of the team ending on the hole sends the piece (track
/// index) and the `landing on … goes to` statement; empty for a team with none.
fn send_on_table(ir: &Ir, track_of_cell: &ByTeam<Vec<i16>>) -> ByTeam<Vec<Option<(i16, Origin)>>> {
    ByTeam::from_fn(|t| {
        let mut v = Vec::new();
        for so in &ir.send_on {
            let Some(to) = so.to[t] else { continue };
            v.resize(ir.cells as usize, None);
            for c in so.from[t].iter() {
                v[c.index()] = Some((track_of_cell[t][to.index()], so.origin));
            }
        }
        v
    })
}

/// `[team][cell]`: the throw values that bear a piece of the team off from the hole (under
/// `bearing off: larger throws too`, every value from the least listed up) and the first
/// statement naming the hole; empty vectors when the file bears nothing off.
fn bear_off_table(ir: &Ir) -> ByTeam<Vec<(u64, Option<Origin>)>> {
    ByTeam::from_fn(|t| {
        let mut v: Vec<(u64, Option<Origin>)> = Vec::new();
        for b in &ir.bear_off {
            v.resize(ir.cells as usize, (0, None));
            let values = if ir.bear_larger.value && b.values != 0 {
                // Every value from the least listed one up.
                !0u64 << b.values.trailing_zeros()
            } else {
                b.values
            };
            for c in b.from[t].iter() {
                let slot = &mut v[c.index()];
                slot.0 |= values;
                slot.1.get_or_insert(b.origin);
            }
        }
        v
    })
}

/// `[team][cell]`: the first place along the team's track of each hole, or -1 off it.
fn track_of_cell_table(ir: &Ir) -> ByTeam<Vec<i16>> {
    ByTeam::from_fn(|t| {
        let mut v = vec![-1i16; ir.cells as usize];
        for (i, &c) in ir.teams[t].track.cells.iter().enumerate().rev() {
            v[c.index()] = i as i16;
        }
        v
    })
}

/// `[team]`: where a step from each place of a branching track goes, the branch a piece
/// standing there takes, and whether it may keep to its way instead (see [`Game::next_of`],
/// [`Game::branch_at`], [`Game::keep_at`]); empty tables for a track without branches.
type BranchTables = ([Vec<i16>; 2], [Vec<i16>; 2], [Vec<bool>; 2]);
fn branch_tables(ir: &Ir) -> BranchTables {
    let mut next_of = [Vec::new(), Vec::new()];
    let mut branch_at = [Vec::new(), Vec::new()];
    let mut keep_at = [Vec::new(), Vec::new()];
    for (t, team) in ir.teams.iter().enumerate().take(2) {
        let tr = &team.track;
        if tr.branches.is_empty() {
            continue;
        }
        let n = tr.cells.len();
        let main = tr.main_len();
        let mut next: Vec<i16> = (1..=n as i16).collect();
        let mut at = vec![-1i16; n];
        let mut keep = vec![false; n];
        if let Some(x) = next.get_mut(main.wrapping_sub(1)) {
            *x = n as i16;
        }
        for b in &tr.branches {
            let last = (b.start + b.len) as usize - 1;
            if let Some(x) = next.get_mut(last) {
                *x = b.rejoin as i16;
            }
        }
        for b in &tr.branches {
            let first = tr.cells.get(b.start as usize);
            for &i in &b.at {
                // A piece whose own way goes on to the branch's first hole anyway has no
                // way to choose there (two places of one way, as where two branches cross).
                let same_way = next
                    .get(i as usize)
                    .and_then(|&k| tr.cells.get(k as usize))
                    .is_some_and(|c| Some(c) == first);
                if b.may.value && same_way {
                    continue;
                }
                if let Some(x) = at.get_mut(i as usize) {
                    *x = b.start as i16;
                }
                if let Some(x) = keep.get_mut(i as usize) {
                    *x = b.may.value;
                }
            }
        }
        next_of[t] = next;
        branch_at[t] = at;
        if keep.contains(&true) {
            keep_at[t] = keep;
        }
    }
    (next_of, branch_at, keep_at)
}

/// `[team]`: the holes where own pieces may gather although stacking is forbidden (the goal's
/// last hole, the track's last hole), as the capture policy says.
fn gather_table(ir: &Ir) -> ByTeam<CellSet> {
    ByTeam::from_fn(|t| {
        let tr = &ir.teams[t].track;
        let mut set = CellSet::default();
        if ir.capture.stacking_at_goal
            && let Some(g) = tr.goal
        {
            set.insert(tr.cells[g as usize]);
        }
        if ir.capture.stacking_at_end
            && let Some(&c) = tr.cells.get(tr.main_len().wrapping_sub(1))
        {
            set.insert(c);
        }
        set
    })
}

impl Game {
    /// Compiles the tables of a variant. Each conjunction of conditions is put in the order
    /// it is cheapest to evaluate in, which changes no outcome ([`Game::ir`] shows it so).
    pub fn new(mut ir: Ir) -> Game {
        order_conditions(&mut ir);
        let (chance, draws) = chance_tables(&ir);
        let dice = ir
            .sticks
            .dice
            .as_ref()
            .map(|d| DiceTable::new(d, ir.sticks.count));
        let values = value_table(&ir);
        let (entries, slots) = entry_table(&ir, &values);
        let direct = direct_entries(&ir, &entries, &slots);
        debug_assert_eq!(
            slots.len(),
            Game::slot(
                PhaseId::new(ir.phases.value.len() as u8),
                TeamId::FIRST,
                0,
                0
            )
        );
        let adds = adds_table(&ir);
        let track_of_cell = track_of_cell_table(&ir);
        let reach = reach::Reach::new(&ir);
        let track_won = ir.any_cond(&|c| matches!(c, Cond::Won(_)));
        let wins_on_pieces = wins_on_pieces(&ir);
        let wins_only = ir.draws.is_empty()
            && ir.scores.is_empty()
            && ir.wins.iter().all(|w| w.phase.is_none());
        let rotation = deadlock::QUIET_ROTATIONS * 2 * ir.seats.value.max(1) as u16;
        let gather = gather_table(&ir);
        let fast = ByTeam::from_fn(|t| FastTrack::new(&ir, t, &gather[t]));
        let (sticks_always, sticks_firsts) = sticks_counts(&ir.sticks);
        let arrival = ByTeam::from_fn(|t| {
            let tr = &ir.teams[t].track;
            tr.goal.unwrap_or(tr.main_len() as u16 - 1) as i16
        });
        let (next_of, branch_at, keep_at) = branch_tables(&ir);
        let may_branch = keep_at.iter().any(|k| !k.is_empty());
        let branchy = ir.teams.iter().any(|t| !t.track.branches.is_empty());
        let mv = &ir.movement;
        let pass_free = mv.pass_own.value
            && mv.pass_opposing.value
            && mv.must_land.value.iter().all(CellSet::is_empty)
            && mv.blockade.value.is_none();
        let send_on = send_on_table(&ir, &track_of_cell);
        let bear_off = bear_off_table(&ir);
        let ir_bear_empty = ir.bear_off.is_empty();
        // Sending holes are judged on the careful walk: a file without them pays nothing.
        let sends = send_on.iter().any(|v| !v.is_empty());
        let walks_back = ir.walks_back();
        let back_may = mv.back_when_stuck.value == BackWhenStuck::May;
        let plain_walk = pass_free
            && !sends
            && !branchy
            && !walks_back
            && ir
                .teams
                .iter()
                .all(|t| t.track.end.value != TrackEnd::Bounce);
        let (rule_orders, rule_within, rule_release_class) = release_rules(&ir);
        let effect_orders = rule_orders
            .iter()
            .any(|r| r.is_some_and(|(o, _)| o != ir.release_order.value));
        let confined = rule_within.iter().any(Option::is_some);
        let prisoners = takes_prisoners(&ir);
        // The quick verdicts walk forward only: backward moves ask the definition.
        let careful_moves = prisoners
            || !pass_free
            || sends
            || branchy
            || walks_back
            || mv.walk_in_throw_order.value
            || mv.land_each_throw.value;
        // A confinement (`within`) binds releasing groups only: waiting pieces.
        // `released in place` is known to the quick verdicts (a one-entry release whose walk
        // is refused is made where the piece stands): it alone makes no release careful.
        let in_place = mv.blocked_release.value == BlockedRelease::InPlace;
        let careful_releases =
            prisoners || confined || branchy || effect_orders || releases_by_definition(&ir);
        let entry_choice = ir.teams.iter().any(|t| t.track.entry_choices() > 0);
        let (pooled_path, quick_releases) = pooled_path(&ir, careful_moves, prisoners || branchy);
        let release_any = effect_orders || mv.blocked_release.value == BlockedRelease::AnotherPiece;
        let (latched, immune_latches, immune_on_pieces) = latch_tables(&ir);
        let (latched_mask, latch_on_pieces, latched_full) = latch_skips(&latched);
        let main_end = ByTeam::from_fn(|t| ir.teams[t].track.main_len() as i16);
        let plain_apply = plain_walk && !entry_choice && !mv.stacks_together.value && !prisoners;
        let chosen = ir.release_order.value == ReleaseOrder::Chosen;
        Game {
            entry_choice,
            branchy,
            next_of,
            branch_at,
            keep_at,
            may_branch,
            main_end,
            latched,
            latched_mask,
            latched_full,
            latch_on_pieces,
            immune_latches,
            immune_on_pieces,
            careful_moves,
            careful_releases,
            pooled_path,
            quick_releases,
            in_place,
            release_any,
            rule_within,
            rule_release_class,
            confined,
            effect_orders,
            rule_orders,
            pass_free,
            plain_walk,
            walks_back,
            back_may,
            splits: ir.movement.split.value != SplitThrows::Whole,
            plain_apply,
            plain_release: plain_apply && chosen && !effect_orders && !confined,
            prisoners,
            wins_only,
            wins_by_extinction: wins_by_extinction(&ir),
            rotation,
            fast,
            arrival,
            sticks_always,
            sticks_firsts,
            track_won,
            wins_on_pieces,
            transitions: transition_table(&ir),
            ends_stand_only: ends_stand_only(&ir),
            gather,
            plans: throw_plans(&ir, &values, &direct, &adds),
            ir,
            chance,
            draws,
            dice,
            values,
            entries,
            slots,
            direct,
            max_adds: adds.iter().copied().max().unwrap_or(0),
            adds,
            track_of_cell,
            send_on,
            bears_off: !ir_bear_empty,
            bear_off,
            reach,
        }
    }

    /// Where the throw entries of (phase, team, sticks, count of face 0) stand in `slots`:
    /// the order in which [`Game::new`] fills it.
    #[inline]
    fn slot(phase: PhaseId, team: TeamId, n: u8, k: u8) -> usize {
        ((phase.index() * 2 + team.index()) * W + n as usize) * W + k as usize
    }

    /// The starting position.
    pub fn initial_state(&self) -> State {
        let mut s = State {
            pieces: ByTeam::splat([Piece::REMOVED; MAX_TEAM_PIECES]),
            occ: ByTeam::default(),
            won: ByTeam::default(),
            pool: [Entry {
                steps: 0,
                thrown: 0,
                kind: EntryKind::Move,
                family: 0,
                bound: NONE,
                piece: NONE,
                rule: RuleIx::new(0),
            }; POOL_MAX],
            n: self.ir.teams.each_ref().map(|t| t.pieces),
            pool_len: 0,
            phase: PhaseId::FIRST,
            team: TeamId::FIRST,
            seat: 0,
            stage: Stage::Throw,
            again: false,
            bind: NONE,
            turn_throws: 0,
            team_throws: 0,
            game_throws: 0,
            turns: 0,
            last: None,
            released: ByTeam::default(),
            waiting: ByTeam::default(),
            latches: ByTeam::default(),
            latch_due: false,
            rest: self
                .fast
                .each_ref()
                .map(|f| [f.dead_end, f.rest_gate.map_or(i16::MAX, |g| g.1)]),
            stuck: ByTeam::default(),
            held: ByTeam::default(),
            immune: ByTeam::default(),
            arrival: ByTeam::from_fn(|t| {
                let from = self.arrival[t];
                [from, (self.main_end[t] - from).max(0)]
            }),
            arrived: ByTeam::default(),
            track_keep: self.fast.each_ref().map(|f| f.track_keep),
            track_occ: ByTeam::default(),
            track_piece: ByTeam::splat(Unread([0; 64])),
            moved: 0,
            quiet: 0,
            homing: 0,
        };
        for t in TeamId::BOTH {
            for i in 0..self.n_pieces(t) {
                let cell = self.ir.start_cell(t, i);
                let p = match cell {
                    Some(c) => {
                        s.occ[t].insert(c);
                        Piece {
                            tpos: self.track_of_cell[t][c.index()],
                            cell: c.get() as u8,
                            flags: PieceFlags::empty(),
                        }
                    }
                    None => Piece {
                        tpos: -1,
                        cell: NO_CELL,
                        flags: PieceFlags::empty(),
                    },
                };
                put(&mut s, t, i, p);
            }
        }
        s
    }

    /// The variant played.
    #[inline]
    pub fn ir(&self) -> &Ir {
        &self.ir
    }

    /// The class of the releases `rule` gives: release entries of two rules of one class
    /// have the same release order and confinement, and are interchangeable in a group
    /// (as far as the rule goes); entries of different classes are not.
    #[inline]
    pub fn release_class(&self, rule: RuleIx) -> u16 {
        self.rule_release_class
            .get(rule.index())
            .copied()
            .unwrap_or(u16::MAX)
    }

    /// Pieces of a team.
    #[inline]
    pub fn n_pieces(&self, team: TeamId) -> usize {
        self.ir.teams[team].pieces as usize
    }

    /// Sticks the next throw uses.
    #[inline]
    pub fn sticks_for(&self, s: &State) -> u8 {
        // Small enough to inline where the count never changes (every throw asks it twice).
        match self.sticks_always {
            Some(n) => n,
            None => self.sticks_by_statements(s),
        }
    }

    /// [`Game::sticks_for`] where a statement may change the count: small (a cheap call)
    /// where only first throws do, as `sticks_by_conditions` reads them.
    #[inline(never)]
    fn sticks_by_statements(&self, s: &State) -> u8 {
        match self.sticks_firsts {
            Some([Some(game), _]) if s.game_throws == 0 => game,
            Some([_, Some(turn)]) if s.turn_throws == 0 => turn,
            Some(_) => self.ir.sticks.count,
            None => self.sticks_by_conditions(s),
        }
    }

    /// [`Game::sticks_by_statements`] with a count under a condition or in a phase.
    #[inline(never)]
    fn sticks_by_conditions(&self, s: &State) -> u8 {
        let st = &self.ir.sticks;
        if let Some(c) = st
            .conditional
            .iter()
            .find(|c| c.when.iter().all(|w| self.cond(s, s.team, w)))
        {
            return c.count;
        }
        if let (Some(n), 0) = (st.first_of_game, s.game_throws) {
            return n.value;
        }
        if let (Some(n), 0) = (st.first_of_turn, s.turn_throws) {
            return n.value;
        }
        st.by_phase[s.phase.index()].map_or(st.count, |c| c.value)
    }

    /// Is it a chance node?
    pub fn is_chance(&self, s: &State) -> bool {
        s.stage == Stage::Throw
    }

    /// Is the game over (won, drawn or deadlocked)?
    pub fn is_over(&self, s: &State) -> bool {
        matches!(s.stage, Stage::Over(_) | Stage::Drawn | Stage::Deadlock)
    }

    /// The winner, once over.
    pub fn winner(&self, s: &State) -> Option<TeamId> {
        match s.stage {
            Stage::Over(t) => Some(t),
            _ => None,
        }
    }

    /// The outcomes of the next throw with their exact probabilities (empty unless a chance node).
    pub fn chance_outcomes(&self, s: &State) -> &[Outcome] {
        if s.stage != Stage::Throw {
            return &[];
        }
        if let Some(d) = &self.dice {
            return &d.outcomes;
        }
        &self.chance[self.sticks_for(s) as usize]
    }

    /// The outcomes of a throw of `n` sticks with their exact probabilities (empty for a
    /// count no throw has, and in a file that throws dice: [`Game::chance_outcomes`]).
    pub fn sticks_outcomes(&self, n: u8) -> &[Outcome] {
        match self.dice {
            Some(_) => &[],
            None => self.chance.get(n as usize).map_or(&[], Vec::as_slice),
        }
    }

    /// Draws an outcome from a uniform `u64` (the RNG protocol: one `u64` per throw).
    pub fn sample_outcome(&self, s: &State, u: u64) -> u8 {
        if let Some(d) = &self.dice {
            return d.cum.iter().map(|&c| (c <= u) as u8).sum();
        }
        let n = self.sticks_for(s) as usize;
        let d = &self.draws;
        // The draw's top byte answers unless a threshold falls within its range.
        match d.by_top[n][(u >> TOP_SHIFT) as usize] {
            SPLIT => StickDraws::count(&d.cum[n][..d.cuts[n] as usize], u),
            k => k,
        }
    }

    /// The values each die of throw `k` shows (ascending), in a file that throws dice.
    pub fn dice_of(&self, k: u8) -> Option<&[u8]> {
        self.dice
            .as_ref()?
            .throws
            .get(k as usize)
            .map(Vec::as_slice)
    }

    /// Is throw `k` of `n` sticks the one whose only counted stick is the marked one?
    #[inline]
    pub fn is_marked_throw(&self, n: u8, k: u8) -> bool {
        self.dice.is_none() && self.ir.sticks.marked.is_some() && k == n + 1
    }

    /// The highest throw code of `n` sticks (or dice): `n`, `n + 1` with a marked stick
    /// (the marked stick alone counted), one fewer than the dice's throws.
    #[inline]
    pub fn last_throw_code(&self, n: u8) -> u8 {
        match &self.dice {
            Some(d) => (d.throws.len() - 1) as u8,
            None => self.draws.cuts.get(n as usize).copied().unwrap_or(0),
        }
    }

    /// What throw `k` of `n` sticks (or dice) is worth to `team` (the dice's sum); `None`
    /// for a throw that cannot be.
    pub fn throw_value(&self, team: TeamId, n: u8, k: u8) -> Option<u8> {
        if let Some(d) = &self.dice {
            return (n == self.ir.sticks.count).then(|| d.sums.get(k as usize).copied())?;
        }
        (n >= 1 && (n as usize) < W && k <= self.last_throw_code(n))
            .then(|| self.values[team][n as usize][k as usize])
    }

    /// Applies a throw of `k` sticks showing face 0.
    pub fn apply_throw(
        &self,
        s: &mut State,
        k: u8,
        obs: &mut impl Observer,
    ) -> Result<(), Refusal> {
        self.throw_then(s, k, obs, None)
    }

    /// [`Game::apply_throw`], then the legal decisions of the new position into `legal`
    /// (empty unless it is a decision node; cleared on a refusal). The same as calling
    /// [`Game::legal_decisions`] after, with the position's moves generated once.
    pub fn apply_throw_listing(
        &self,
        s: &mut State,
        k: u8,
        obs: &mut impl Observer,
        legal: &mut Vec<Decision>,
    ) -> Result<(), Refusal> {
        legal.clear();
        self.throw_then(s, k, obs, Some(legal))
    }

    /// Refuses a throw that cannot be made now; otherwise the number of sticks thrown.
    #[inline]
    fn throw_allowed(&self, s: &State, k: u8) -> Result<u8, Refusal> {
        if s.stage != Stage::Throw {
            let kind = if self.is_over(s) {
                RefusalKind::Over
            } else {
                RefusalKind::NotThrowTime
            };
            return Err(Refusal::fact(kind));
        }
        if s.turn_throws == u8::MAX {
            // More than 255 throws in one turn: the engine's limit.
            return Err(Refusal::fact(RefusalKind::ThrowLimit));
        }
        let n = self.sticks_for(s);
        if k > self.last_throw_code(n) {
            return Err(Refusal::fact(RefusalKind::NoSuchThrow));
        }
        Ok(n)
    }

    /// Carries out the effects of the throw entry `e` (pool entries, throwing again,
    /// cancelling, removing, changing phase); whether a piece was taken.
    #[inline(always)]
    fn throw_effects(
        &self,
        s: &mut State,
        e: &ThrowEntry,
        value: u8,
        family: u8,
        bind_to: u8,
        obs: &mut impl Observer,
    ) -> bool {
        let team = s.team;
        let mut took = false;
        for eff in &e.effects {
            match *eff {
                Effect::Move(a) => self.push(
                    s,
                    a.eval(value),
                    value,
                    EntryKind::Move,
                    family,
                    bind_to,
                    e.origin.rule,
                ),
                Effect::MoveBack(a) => self.push(
                    s,
                    a.eval(value),
                    value,
                    EntryKind::Back,
                    family,
                    bind_to,
                    e.origin.rule,
                ),
                Effect::Release { count, steps, .. } => {
                    for _ in 0..count {
                        self.push(
                            s,
                            steps.eval(value),
                            value,
                            EntryKind::Release,
                            family,
                            NONE,
                            e.origin.rule,
                        );
                    }
                    if self.ir.bind_after_release.is_some() {
                        s.bind = family;
                    }
                }
                Effect::ReleaseOrMove { steps, count } => {
                    for _ in 0..count {
                        self.push(
                            s,
                            steps.eval(value),
                            value,
                            EntryKind::Either,
                            family,
                            bind_to,
                            e.origin.rule,
                        );
                    }
                }
                Effect::ThrowAgain => s.again = true,
                Effect::CancelMoves { releases_in_place } => {
                    for i in 0..s.pool_len as usize {
                        let en = &mut s.pool[i];
                        if en.piece != NONE {
                            continue;
                        }
                        if en.kind != EntryKind::Release {
                            en.piece = DROPPED;
                        } else if releases_in_place {
                            // The release stays, its places go with the turn's moves.
                            en.steps = 0;
                        }
                    }
                }
                Effect::RemoveOpposing => {
                    let opp = team.other();
                    if let Some(i) = (0..self.n_pieces(opp)).find(|&i| s.pieces[opp][i].alive()) {
                        self.take(s, opp, i, false, HomeTarget::StartHole);
                        took = true;
                        s.quiet = 0;
                        obs.event(Event::Captured {
                            team: opp,
                            piece: i as u8,
                            home: false,
                            swapped: false,
                            rule: e.origin.rule,
                        });
                    }
                }
                Effect::EnterPhase(p) => {
                    if s.phase != p {
                        s.phase = p;
                        s.quiet = 0;
                        obs.event(Event::Phase {
                            to: p,
                            rule: e.origin.rule,
                        });
                    }
                }
                Effect::Nothing => {}
            }
        }
        took
    }

    /// Applies a throw: the entry of the throw table it matches, its effects, then the end
    /// of the action (a win, the stage, the next legal decisions).
    fn throw_then(
        &self,
        s: &mut State,
        k: u8,
        obs: &mut impl Observer,
        legal: Option<&mut Vec<Decision>>,
    ) -> Result<(), Refusal> {
        let n = self.throw_allowed(s, k)?;
        if let Some(d) = &self.dice {
            return self.dice_then(s, d, n, k, obs, legal);
        }
        let team = s.team;
        let value = self.values[team][n as usize][k as usize];
        let plan = &self.plans[Game::slot(s.phase, team, n, k)];
        let planned = plan.len != NO_PLAN;
        // A planned slot's entry has no conditions: `throw_entry` would answer it directly.
        let found = if planned {
            None
        } else {
            self.throw_entry(s, n, k)
        };
        let entry = found.map(|i| &self.ir.throws[i]);
        // Refuse before changing anything when the pool cannot hold the throw's moves.
        let per_throw = self.ir.allocation.value == Allocation::PerThrow;
        let (adds, rule) = if planned {
            (plan.adds as usize, Some(plan.rule))
        } else {
            (
                found.map_or(0, |i| self.adds[i]),
                entry.map(|e| e.origin.rule),
            )
        };
        if self.pool_overflows(s, per_throw, adds) {
            // More than POOL_MAX moves pooled in one turn: the engine's limit.
            return Err(Refusal::fact(RefusalKind::PoolLimit));
        }
        if per_throw && s.pool_len != 0 {
            self.compact_pool(s);
        }
        s.last = Some((n, k, value));
        let bind_to = std::mem::replace(&mut s.bind, NONE);
        let family = s.turn_throws;
        s.turn_throws = s.turn_throws.saturating_add(1);
        s.team_throws = s.team_throws.saturating_add(1);
        // Saturating: a position may start at any count (`throws 0/0/4294967295`).
        s.game_throws = s.game_throws.saturating_add(1);
        s.again = false;
        let mut took = false;
        let phase = s.phase;
        obs.event(Event::Throw { value, rule });
        if planned {
            self.push_planned(s, plan, family, bind_to);
        } else if let Some(e) = entry {
            took = self.throw_effects(s, e, value, family, bind_to, obs);
        }
        self.after_throw(s, (took, phase), obs, legal);
        Ok(())
    }

    /// [`Game::throw_effects`] for a planned slot: the same entries pushed in the same
    /// order, and `throw again`, with no walk of the effects.
    #[inline(always)]
    fn push_planned(&self, s: &mut State, plan: &ThrowPlan, family: u8, bind_to: u8) {
        for e in plan.entries.iter().take(plan.len as usize) {
            debug_assert!((s.pool_len as usize) < POOL_MAX);
            // The entry whole, then the turn's parts: a release is bound to no throw, the
            // other entries to the turn's binding.
            let mut e = *e;
            e.family = family;
            if e.kind != EntryKind::Release {
                e.bound = bind_to;
            }
            s.pool[s.pool_len as usize] = e;
            s.pool_len += 1;
        }
        s.again = plan.again;
    }

    /// Applies a throw of dice (`k`: which of the dice's throws): each die's value meets
    /// the throw table by itself, in ascending order, all as one throw of the turn.
    fn dice_then(
        &self,
        s: &mut State,
        d: &DiceTable,
        n: u8,
        k: u8,
        obs: &mut impl Observer,
        legal: Option<&mut Vec<Decision>>,
    ) -> Result<(), Refusal> {
        let (Some(vals), Some(&sum)) = (d.throws.get(k as usize), d.sums.get(k as usize)) else {
            return Err(Refusal::fact(RefusalKind::NoSuchThrow));
        };
        let found: Vec<Option<usize>> = vals.iter().map(|&v| self.throw_entry(s, 0, v)).collect();
        let per_throw = self.ir.allocation.value == Allocation::PerThrow;
        let adds: usize = found.iter().flatten().map(|&i| self.adds[i]).sum();
        if self.pool_overflows(s, per_throw, adds) {
            // More than POOL_MAX moves pooled in one turn: the engine's limit.
            return Err(Refusal::fact(RefusalKind::PoolLimit));
        }
        if per_throw {
            self.compact_pool(s);
        }
        s.last = Some((n, k, sum));
        let bind_to = std::mem::replace(&mut s.bind, NONE);
        let family = s.turn_throws;
        s.turn_throws = s.turn_throws.saturating_add(1);
        s.team_throws = s.team_throws.saturating_add(1);
        s.game_throws = s.game_throws.saturating_add(1);
        s.again = false;
        let mut took = false;
        let phase = s.phase;
        for (&v, f) in vals.iter().zip(&found) {
            let entry = f.map(|i| &self.ir.throws[i]);
            obs.event(Event::Throw {
                value: v,
                rule: entry.map(|e| e.origin.rule),
            });
            if let Some(e) = entry {
                took |= self.throw_effects(s, e, v, family, bind_to, obs);
            }
        }
        self.after_throw(s, (took, phase), obs, legal);
        Ok(())
    }

    /// The end of a throw's action: a win, the stage, the latches, the next decisions.
    #[inline(always)]
    fn after_throw(
        &self,
        s: &mut State,
        (took, phase): (bool, PhaseId),
        obs: &mut impl Observer,
        legal: Option<&mut Vec<Decision>>,
    ) {
        // A position is looked at after every action; the first throw of a game also looks
        // at the starting position. `took`: the throw removed a piece; `phase`: the phase
        // before it.
        let still = self.ends_stand_only && s.phase == phase;
        let look = !(self.wins_on_pieces || still) || took || s.game_throws == 1;
        if look && self.check_win(s, obs) {
            return;
        }
        if self.ir.allocation.value == Allocation::PerThrow || !s.again {
            s.stage = Stage::Move;
        }
        if self.immune_latches != 0 && (!self.immune_on_pieces || took || s.game_throws == 1) {
            self.latch_immune(s, obs);
        }
        self.settle(s, obs, legal);
        // The end of the last action set every latch whose conditions held (a position read
        // with one unset says so, `State::latch_due`): a throw that moved nothing changes
        // none of the conditions that read only where pieces stand.
        let skip = self.latch_on_pieces && !took && s.game_throws != 1 && !s.latch_due;
        if !self.latched.is_empty() && !skip {
            self.latch(s);
        }
    }

    /// Would the pool overflow with `adds` entries more, after the compaction a throw under
    /// `allocation: per throw` makes? The entries kept are counted only where the pool as
    /// it stands could overflow (they are never more than it holds).
    #[inline(always)]
    fn pool_overflows(&self, s: &State, per_throw: bool, adds: usize) -> bool {
        if s.pool_len as usize + adds <= POOL_MAX {
            return false;
        }
        let kept = if per_throw {
            s.pool[..s.pool_len as usize]
                .iter()
                .filter(|e| kept_by_compaction(e, s.bind))
                .count()
        } else {
            s.pool_len as usize
        };
        kept + adds > POOL_MAX
    }

    /// Adds an entry to the pool (the caller has checked that it has room).
    #[allow(clippy::too_many_arguments)]
    fn push(
        &self,
        s: &mut State,
        steps: u8,
        thrown: u8,
        kind: EntryKind,
        family: u8,
        bound: u8,
        rule: RuleIx,
    ) {
        debug_assert!((s.pool_len as usize) < POOL_MAX);
        s.pool[s.pool_len as usize] = Entry {
            steps,
            thrown,
            kind,
            family,
            bound,
            piece: NONE,
            rule,
        };
        s.pool_len += 1;
    }

    /// Drops spent entries (used or forfeited) before a new throw, keeping the releases
    /// that the coming throw may be bound to.
    fn compact_pool(&self, s: &mut State) {
        let bind = s.bind;
        if let Some(head) = s.pool.first_chunk_mut::<4>()
            && s.pool_len <= 4
        {
            // A short pool (the common case) is read whole, cleared by a fixed write (the
            // slots past it are clear already) and its kept entries written back in order:
            // no loop over a slice, no fill.
            let old = *head;
            *head = [EMPTY_ENTRY; 4];
            let mut w = 0;
            for e in old.iter().take(s.pool_len as usize) {
                if kept_by_compaction(e, bind) {
                    // `w` never passes the entry's own index (below 4).
                    head[w & 3] = *e;
                    w += 1;
                }
            }
            s.pool_len = w as u8;
            return;
        }
        // The pool never holds more than `POOL_MAX` (the bound lets the checks go).
        let len = (s.pool_len as usize).min(POOL_MAX);
        let mut w = 0;
        for r in 0..len {
            let e = s.pool[r];
            if kept_by_compaction(&e, bind) {
                s.pool[w] = e;
                w += 1;
            }
        }
        s.pool[w..len].fill(EMPTY_ENTRY);
        s.pool_len = w as u8;
    }

    /// In the move stage with nothing legal left: forfeit the rest and go on. With `legal`,
    /// the legal decisions found are left there. Inline: every action ends with it.
    #[inline(always)]
    fn settle(
        &self,
        s: &mut State,
        obs: &mut impl Observer,
        mut legal: Option<&mut Vec<Decision>>,
    ) {
        if s.stage != Stage::Move {
            return;
        }
        let any = match legal.as_deref_mut() {
            Some(out) => {
                self.legal_decisions(s, out);
                !out.is_empty()
            }
            None => self.has_legal(s),
        };
        if any {
            return;
        }
        if self.walks_back && self.turn_back(s) {
            let again = match legal {
                Some(out) => {
                    self.legal_decisions(s, out);
                    !out.is_empty()
                }
                None => self.has_legal(s),
            };
            if again {
                return;
            }
        }
        self.forfeit_rest(s, obs);
        self.done_moving(s, obs);
    }

    /// `when no move forward: move backward`: turns the unused moves no piece can use
    /// forward into backward moves; whether it turned any.
    fn turn_back(&self, s: &mut State) -> bool {
        if self.ir.movement.back_when_stuck.value == BackWhenStuck::Never {
            return false;
        }
        let mut turned = false;
        for e in s.pool[..s.pool_len as usize].iter_mut() {
            if e.piece == NONE && e.kind == EntryKind::Move {
                e.kind = EntryKind::Back;
                turned = true;
            }
        }
        turned
    }

    /// Forfeits the unused pool entries (no piece can use them), with the event.
    fn forfeit_rest(&self, s: &State, obs: &mut impl Observer) {
        let left = unused_entries(s);
        if left > 0 {
            obs.forfeiting(s);
            obs.event(Event::Forfeit { entries: left });
        }
    }

    /// The seat has done with its moves: it throws again if a throw gave it, else its turn
    /// ends. Inline: every turn's end calls it.
    #[inline(always)]
    fn done_moving(&self, s: &mut State, obs: &mut impl Observer) {
        if s.again {
            if self.ir.allocation.value == Allocation::PerThrow {
                // Entries of earlier throws are spent; keep the pool for binding only.
                drop_unused(s);
            }
            s.stage = Stage::Throw;
        } else {
            self.end_turn(s, obs);
        }
    }

    fn end_turn(&self, s: &mut State, obs: &mut impl Observer) {
        // Spent entries are cleared, so that equal positions are equal states. Those past
        // the pool are clear already: a short pool is cleared by a fixed write, no loop.
        match s.pool.first_chunk_mut::<4>() {
            Some(head) if s.pool_len <= 4 => *head = [EMPTY_ENTRY; 4],
            _ => s.pool[..s.pool_len as usize].fill(EMPTY_ENTRY),
        }
        s.pool_len = 0;
        s.bind = NONE;
        s.again = false;
        s.turn_throws = 0;
        s.moved = 0;
        // Saturating: a position may start at any count (`turns 4294967295`); it never
        // wraps to 0.
        s.turns = s.turns.saturating_add(1);
        // Counted up to a cap below `QUIET_OFF`, which marks the deadlock test's own states.
        if s.quiet < deadlock::QUIET_OFF - 1 {
            s.quiet += 1;
        }
        let phase = s.phase;
        for (needs, tr) in &self.transitions {
            if tr.from == s.phase
                && (*needs == 0 || Self::none_waits(s, *needs))
                && self.holds(s, s.team, &tr.when)
            {
                s.phase = tr.to;
                s.quiet = 0;
                obs.event(Event::Phase {
                    to: tr.to,
                    rule: tr.origin.rule,
                });
                break;
            }
        }
        self.next_seat(s);
        s.stage = Stage::Throw;
        // The pieces are as the end of the action looked at them: only a new phase or
        // an ending that reads more than the pieces can make one hold now.
        let still = self.ends_stand_only && s.phase == phase;
        if !(self.wins_on_pieces || still) && self.check_win(s, obs) {
            return;
        }
        // The deadlock test runs once a stretch of quiet turns is long enough: the positions
        // at every turn start of one quiet stretch are the same up to the counters, so one
        // test answers for the whole stretch, and short stretches are never tested.
        if s.quiet == self.rotation && self.deadlocked(s) {
            s.stage = Stage::Deadlock;
        }
    }

    /// At a turn's end, no piece waits of the teams `needs` names ([`released_needs`]). The
    /// pool is empty then, so `all own pieces released` is "no own piece waits" and `all
    /// pieces released` "no piece waits": a transition that needs one while a piece waits
    /// fails without its conditions being read (they are pure).
    #[inline(always)]
    fn none_waits(s: &State, needs: u8) -> bool {
        let waits =
            u8::from(s.waiting[s.team] != 0) | u8::from(s.waiting[s.team.other()] != 0) << 1;
        needs & waits == 0
    }

    /// Passes the turn to the next seat, in the variant's seat order.
    #[inline]
    fn next_seat(&self, s: &mut State) {
        match self.ir.seat_order.value {
            SeatOrder::TeamBlocks => {
                s.seat += 1;
                if s.seat >= self.ir.seats.value {
                    s.seat = 0;
                    s.team = s.team.other();
                    s.team_throws = 0;
                }
            }
            SeatOrder::Alternating => {
                // S1 N1 S2 N2: the second team's seat hands on to the first team's next.
                if s.team == TeamId::SECOND {
                    s.seat += 1;
                    if s.seat >= self.ir.seats.value {
                        s.seat = 0;
                    }
                }
                s.team = s.team.other();
                s.team_throws = 0;
            }
        }
    }

    /// Sets the stage to over if a team has won or the game is drawn; returns whether it did.
    #[inline(always)]
    fn check_win(&self, s: &mut State, obs: &mut impl Observer) -> bool {
        if self.wins_only {
            // `ending_now` with no draw, no end by score and no phase to look at: the first
            // team in order for which a win holds, by the first win that holds.
            for t in TeamId::BOTH {
                for w in &self.ir.wins {
                    if self.holds(s, t, &w.when) {
                        s.stage = Stage::Over(t);
                        obs.event(Event::Won {
                            team: t,
                            rule: w.origin.rule,
                        });
                        return true;
                    }
                }
            }
            return false;
        }
        self.check_ending(s, obs)
    }

    /// [`Game::check_win`] with draws, ends by score or wins limited to a phase.
    #[inline(never)]
    fn check_ending(&self, s: &mut State, obs: &mut impl Observer) -> bool {
        match self.ending_now(s) {
            Some((Some(team), ending)) => {
                s.stage = Stage::Over(team);
                let rule = self.ending_rule(ending);
                obs.event(Event::Won { team, rule });
                true
            }
            Some((None, _)) => {
                s.stage = Stage::Drawn;
                true
            }
            None => false,
        }
    }

    /// The first team (in order) for which a win holds, and its rule.
    fn winner_now(&self, s: &State) -> Option<(TeamId, RuleIx)> {
        match self.ending_now(s) {
            Some((Some(t), e)) => Some((t, self.ending_rule(e))),
            _ => None,
        }
    }

    /// Evaluates a condition seen from `team`. The conditions that are one bit-mask test
    /// are answered inline (gates, transitions and wins ask them on every action); the rest
    /// in `Game::cond_full`, out of line.
    #[inline(always)]
    pub fn cond(&self, s: &State, team: TeamId, c: &Cond) -> bool {
        let o = team.other();
        match c {
            Cond::FirstOfTurn => s.turn_throws == 0,
            Cond::AllOwnReleased => s.waiting[team] == 0 || self.released_pending(s, team),
            Cond::AllReleased => {
                (s.waiting[team] == 0 || self.released_pending(s, team))
                    && (s.waiting[o] == 0 || self.released_pending(s, o))
            }
            Cond::OpponentHasUnreleased => s.waiting[o] != 0,
            Cond::OpponentHasNoPieces => s.waiting[o] | s.released[o] == 0 && self.none_borne(s, o),
            // Asked after every action by a `once REGION full` latch until it holds.
            Cond::Full(cells, own) => Self::full(s, team, cells, *own),
            // Asked for both teams after every move by a `win when … won` (cond_full's test).
            Cond::Won(cells) => Self::won(s, team, cells),
            _ => self.cond_full(s, team, c),
        }
    }

    /// [`Game::cond`] for every kind of condition.
    #[inline(never)]
    fn cond_full(&self, s: &State, team: TeamId, c: &Cond) -> bool {
        let t = team;
        let o = team.other();
        match c {
            Cond::Const(b) => *b,
            Cond::Not(c) => !self.cond(s, team, c),
            Cond::FirstOfTurn => s.turn_throws == 0,
            Cond::FirstOfTeamTurn => s.team_throws == 0,
            Cond::FirstOfGame => s.game_throws == 0,
            Cond::AllOwnReleased | Cond::AllReleased => self.cond(s, team, c),
            Cond::ReleasedCount { opposing, cmp, n } => {
                let who = if *opposing { o } else { t };
                cmp.holds(self.released_count(s, who), *n)
            }
            Cond::BorneCount { opposing, cmp, n } => {
                let who = if *opposing { o } else { t };
                cmp.holds(self.borne_count(s, who), *n)
            }
            // The walk `alive(s, t).all(|p| arrived(t, p))`, by the mask `put` keeps.
            Cond::AllOwnArrived => quick::all_arrived(s, t),
            Cond::OpponentHasUnreleased => s.waiting[o] != 0,
            Cond::NoCapturePossible => !self.reach.capture_possible(self, s),
            Cond::EveryPieceImmuneOrArrived => TeamId::BOTH
                .into_iter()
                .all(|tt| self.alive(s, tt).all(|p| p.immune() || self.arrived(tt, p))),
            Cond::OpponentHasNoPieces => s.waiting[o] | s.released[o] == 0 && self.none_borne(s, o),
            Cond::Won(cells) => Self::won(s, t, cells),
            Cond::Count(lhs, cmp, rhs) => {
                let a = self.count_in(s, t, lhs);
                let b = match rhs {
                    CountRhs::Num(n) => *n,
                    CountRhs::Count(c) => self.count_in(s, t, c),
                };
                cmp.holds(a, b)
            }
            Cond::AllOwnIn(cells) => self
                .alive(s, t)
                .all(|p| p.place().is_some_and(|c| cells[t].contains(c))),
            Cond::Full(cells, own) => Self::full(s, t, cells, *own),
            Cond::Once { latch, when } => self.once_holds(s, team, *latch, when),
        }
    }

    /// `REGION won` seen from `t`: the team has won every hole of the region.
    #[inline(always)]
    fn won(s: &State, t: TeamId, cells: &TeamCells) -> bool {
        (0..4).all(|i| cells[t].0[i] & !s.won[t].0[i] == 0)
    }

    /// `REGION full` (`own`: of the team's own pieces) seen from `t`: every hole of the
    /// region holds a piece.
    #[inline(always)]
    fn full(s: &State, t: TeamId, cells: &TeamCells, own: bool) -> bool {
        // The opponent's holes count unless `own`; no union built (asked after every action).
        let (mine, theirs, need) = (&s.occ[t].0, &s.occ[t.other()].0, &cells[t].0);
        let other = if own { 0 } else { u64::MAX };
        (0..4).all(|i| need[i] & !(mine[i] | theirs[i] & other) == 0)
    }

    /// The team's released pieces in the game, with (for the team to play) those its
    /// pool's unused `release` entries will release, one per waiting piece at most: a
    /// pooled turn's releasing throw has released its piece before the piece is chosen.
    fn released_count(&self, s: &State, team: TeamId) -> i64 {
        let mut n = s.released[team].count_ones();
        if team == s.team {
            n += Self::pending_releases(s).min(s.waiting[team].count_ones());
        }
        i64::from(n)
    }

    /// The team's pieces borne off the board.
    pub fn borne_count(&self, s: &State, team: TeamId) -> i64 {
        s.pieces(team).iter().filter(|p| p.borne_off()).count() as i64
    }

    /// No piece of the team is borne off (`opponent has no pieces` counts the pieces taken,
    /// not those borne off). Asked only of a team with no piece in the game.
    #[inline(never)]
    fn none_borne(&self, s: &State, team: TeamId) -> bool {
        self.ir.bear_off.is_empty() || self.borne_count(s, team) == 0
    }

    /// The unused `release` entries of the pool (of the team to play).
    fn pending_releases(s: &State) -> u32 {
        s.pool[..s.pool_len as usize]
            .iter()
            .filter(|e| e.kind == EntryKind::Release && e.piece == NONE)
            .count() as u32
    }

    /// `all own pieces released` for a team with waiting pieces: true when it is the team to
    /// play and its pool's unused `release` entries will release every one of them, counted
    /// as `own pieces released CMP N` counts them (a pooled turn's releasing throw has
    /// released its piece before the piece is chosen). The quick tests inline (at a turn's
    /// end, where transitions ask it, the pool was just emptied: no call), the count out of
    /// line.
    #[inline(always)]
    fn released_pending(&self, s: &State, team: TeamId) -> bool {
        team == s.team && s.pool_len != 0 && Self::pending_cover(s, team)
    }

    /// The pool's unused `release` entries cover the team's waiting pieces.
    #[inline(never)]
    fn pending_cover(s: &State, team: TeamId) -> bool {
        Self::pending_releases(s) >= s.waiting[team].count_ones()
    }

    /// Do all of `cs` hold, seen from `team`? (A plain loop: the hot callers, wins, gates
    /// and transitions, then inline [`Game::cond`]'s quick tests.)
    #[inline(always)]
    pub(crate) fn holds(&self, s: &State, team: TeamId, cs: &[Cond]) -> bool {
        for c in cs {
            if !self.cond(s, team, c) {
                return false;
            }
        }
        true
    }

    /// `once …`: latched, or holding now. Kept out of [`Game::cond`] so that the common
    /// conditions stay small enough to inline.
    #[inline(never)]
    fn once_holds(&self, s: &State, team: TeamId, latch: u8, when: &[Cond]) -> bool {
        s.latches[team] >> latch & 1 == 1 || when.iter().all(|c| self.cond(s, team, c))
    }

    /// Records, for each team, the `once` conditions that hold now: called at the end of
    /// every action. Inline where every latch is one `REGION full` (a few mask tests, no
    /// call); the general walk out of line.
    #[inline(always)]
    fn latch(&self, s: &mut State) {
        s.latch_due = false;
        if let Some(full) = &self.latched_full {
            // As below, each latch's one condition read directly.
            for t in TeamId::BOTH {
                for (l, cells, own) in full {
                    if s.latches[t] >> l & 1 == 0 && Self::full(s, t, cells, *own) {
                        s.latches[t] |= 1 << l;
                    }
                }
            }
            return;
        }
        self.latch_walk(s);
    }

    /// [`Game::latch`] by each latch's conditions.
    #[inline(never)]
    fn latch_walk(&self, s: &mut State) {
        for t in TeamId::BOTH {
            if s.latches[t] & self.latched_mask == self.latched_mask {
                continue;
            }
            for (l, when) in &self.latched {
                if s.latches[t] >> l & 1 == 0 && when.iter().all(|c| self.cond(s, t, c)) {
                    s.latches[t] |= 1 << l;
                }
            }
        }
    }

    /// `immune when … first holds`, before the position's moves are settled (so that the
    /// moves and the turn's end see the new immunity): sets the statements' latches that
    /// hold now, and makes their pieces immune.
    pub(crate) fn latch_immune(&self, s: &mut State, obs: &mut impl Observer) {
        for t in TeamId::BOTH {
            for w in &self.ir.capture.immune_when {
                let Cond::Once { when, .. } = &w.when else {
                    continue;
                };
                if s.latches[t] >> w.latch & 1 == 0 && when.iter().all(|c| self.cond(s, t, c)) {
                    s.latches[t] |= 1 << w.latch;
                    self.immunise(s, t, w.latch, obs);
                }
            }
        }
    }

    /// `immune when … first holds`: the latch `l` has just been set for team `t`; the
    /// released pieces on the board of the team each such statement names become immune.
    fn immunise(&self, s: &mut State, t: TeamId, l: u8, obs: &mut impl Observer) {
        for w in self.ir.capture.immune_when.iter().filter(|w| w.latch == l) {
            let whose = if w.opposing { t.other() } else { t };
            let n = self.n_pieces(whose);
            for (i, p) in s.pieces[whose].iter_mut().take(n).enumerate() {
                if p.alive() && p.released() && p.cell != NO_CELL && !p.immune() {
                    p.flags |= PieceFlags::IMMUNE | PieceFlags::IMMUNE_WHEN;
                    s.immune[whose] |= 1 << i;
                    obs.event(Event::Immune {
                        team: whose,
                        piece: i as u8,
                        rule: w.origin.rule,
                    });
                }
            }
        }
    }

    fn alive<'a>(&self, s: &'a State, t: TeamId) -> impl Iterator<Item = &'a Piece> + 'a {
        s.pieces[t][..self.n_pieces(t)].iter().filter(|p| p.alive())
    }

    /// Has the piece reached its goal (or its track's last hole)?
    #[inline]
    pub fn arrived(&self, t: TeamId, p: &Piece) -> bool {
        p.tpos >= self.arrival[t] && p.tpos < self.main_end[t]
    }

    /// Takes a piece: removes it, or sends it home as `to` says (under
    /// [`HomeTarget::ChosenEmpty`] it waits off the board in [`State::homing`], placed by
    /// [`Game::resolve_homing`] or a home decision).
    fn take(&self, s: &mut State, team: TeamId, i: usize, home: bool, to: HomeTarget) {
        let t = team;
        let p = s.pieces[t][i];
        if p.cell != NO_CELL {
            self.vacate(s, t, i, p.cell);
        }
        if !home {
            put(s, t, i, Piece::REMOVED);
            return;
        }
        let start = self.ir.start_cell(team, i);
        if to == HomeTarget::ChosenEmpty && start.is_some() {
            // Off the board, unreleased, until its hole is chosen.
            put(
                s,
                t,
                i,
                Piece {
                    tpos: -1,
                    cell: NO_CELL,
                    flags: PieceFlags::empty(),
                },
            );
            s.homing |= 1 << i;
            return;
        }
        let free =
            |c: Cell| !s.occ[TeamId::FIRST].contains(c) && !s.occ[TeamId::SECOND].contains(c);
        let cell = match (start, &self.ir.teams[t].start) {
            (Some(c), Start::Row(r)) => {
                if to == HomeTarget::StartHole && free(c) {
                    Some(c)
                } else {
                    let row = &self.ir.rows[*r];
                    row.cells().find(|&c| free(c))
                }
            }
            _ => None,
        };
        let back = match (cell, start) {
            (Some(c), _) => {
                s.occ[t].insert(c);
                Piece {
                    tpos: self.track_of_cell[t][c.index()],
                    cell: c.get() as u8,
                    flags: PieceFlags::empty(),
                }
            }
            // Beside the board, or no free hole in the home row: off the board, unreleased.
            (None, _) => Piece {
                tpos: -1,
                cell: NO_CELL,
                flags: PieceFlags::empty(),
            },
        };
        put(s, t, i, back);
    }

    /// Takes piece `i` of `team` as `spec` says, its taker having left hole `left`
    /// (`NO_CELL`: it came from off the board); says whether the piece was swapped onto
    /// `left`.
    pub(crate) fn take_by(
        &self,
        s: &mut State,
        team: TeamId,
        i: usize,
        spec: CaptureSpec,
        left: u8,
    ) -> bool {
        let Some(c) = spec.swap.then(|| self.swap_hole(s, team, left)).flatten() else {
            self.take(s, team, i, spec.send_home, spec.home_to);
            return false;
        };
        let p = s.pieces[team][i];
        if p.cell != NO_CELL {
            self.vacate(s, team, i, p.cell);
        }
        s.occ[team].insert(c);
        let swapped = Piece {
            tpos: self.track_of_cell[team][c.index()],
            cell: c.get() as u8,
            flags: p.flags - PieceFlags::PARKED,
        };
        put(s, team, i, swapped);
        true
    }

    /// The hole a taken piece of `team` is swapped onto when its taker left hole `left`:
    /// none when the taker came from off the board, or the hole is not on the piece's track,
    /// or a piece of its team stands there that it may not stack with.
    fn swap_hole(&self, s: &State, team: TeamId, left: u8) -> Option<Cell> {
        if left == NO_CELL {
            return None;
        }
        let c = Cell::new(u16::from(left));
        let on_track = self.track_of_cell[team]
            .get(c.index())
            .is_some_and(|&x| x >= 0);
        let may_stack = self.ir.capture.stacking.value || self.gather[team].contains(c);
        (on_track && (may_stack || !s.occ[team].contains(c))).then_some(c)
    }

    /// Clears `cell` from the team's occupancy unless another piece of it stands there
    /// (which only a hole the team may stack on can hold).
    /// Inline (every move from a hole asks), the walk over the team's pieces out of line.
    #[inline(always)]
    fn vacate(&self, s: &mut State, t: TeamId, i: usize, cell: u8) {
        let may_stack =
            self.ir.capture.stacking.value || self.gather[t].contains(Cell::new(cell as u16));
        if !(may_stack && self.others_on(s, t, i, cell)) {
            s.occ[t].0[(cell >> 6) as usize] &= !(1u64 << (cell & 63));
        }
        // The track's picture (a kept hole holds one own piece at most; another index's bit
        // is never set).
        let k = s.pieces[t][i].tpos as u16;
        if k < 64 {
            s.track_occ[t] &= !(1u64 << k);
        }
    }

    /// Does a piece of team `t` other than `i` stand in the game on `cell`?
    #[inline(never)]
    fn others_on(&self, s: &State, t: TeamId, i: usize, cell: u8) -> bool {
        (0..self.n_pieces(t))
            .any(|j| j != i && s.pieces[t][j].cell == cell && s.pieces[t][j].alive())
    }
}

/// Whether the generator takes the pooled path (`Game::pooled_path`: pooled groups walked
/// in any order, with no movement statement that makes every move careful, and a gate
/// judged by the crossing throw or by every throw), and whether on it the waiting pieces are
/// judged quickly (`Game::quick_releases`: nothing but a confinement or a throw entry's own
/// release order made their releases careful; `careful` says prisoners or branches do).
fn pooled_path(ir: &Ir, careful_moves: bool, careful: bool) -> (bool, bool) {
    let pooled = ir.allocation.value == Allocation::Pooled
        && !careful_moves
        && ir.teams.iter().any(|t| {
            t.track.gates.iter().any(|g| {
                matches!(
                    g.requirement,
                    Requirement::CrossingThrow(_) | Requirement::EveryThrow(_)
                )
            })
        });
    let quick_releases = !careful
        && !releases_by_definition(ir)
        && ir.movement.blocked_release.value != BlockedRelease::AnotherPiece;
    (pooled, pooled && quick_releases)
}

/// Do releases need the definition's careful walk for the release rules alone: a blocked
/// release taking another piece, or a release order by start hole?
fn releases_by_definition(ir: &Ir) -> bool {
    !matches!(
        ir.movement.blocked_release.value,
        BlockedRelease::Lost | BlockedRelease::InPlace
    ) || matches!(
        ir.release_order.value,
        ReleaseOrder::FirstHole | ReleaseOrder::LastHole
    )
}

/// The `once` latches the end of every action sets, the latches of `immune when` (a bit
/// each), and whether their conditions read the pieces only.
fn latch_tables(ir: &Ir) -> (Vec<(u8, Vec<Cond>)>, u32, bool) {
    let immune_latches = ir.capture.immune_when.iter().fold(0u32, |m, w| {
        m | 1u32.checked_shl(w.latch.into()).unwrap_or(0)
    });
    // The latches of `immune when` are set by `Game::latch_immune` alone, which a throw
    // that moves no piece skips when their conditions read only the pieces.
    let mut latched = latched_conditions(ir);
    latched.retain(|(l, _)| immune_latches >> l & 1 == 0);
    let immune_on_pieces = ir
        .capture
        .immune_when
        .iter()
        .all(|w| w.when.reads_pieces_only());
    (latched, immune_latches, immune_on_pieces)
}

/// [`Game::latched_full`]: (latch, region, `of own pieces`) for each latch.
type FullLatches = Vec<(u8, TeamCells, bool)>;

/// The latches of `latched` as a mask, whether every one of their conditions reads only
/// where pieces stand ([`Game::latch_on_pieces`]), and [`Game::latched_full`].
fn latch_skips(latched: &[(u8, Vec<Cond>)]) -> (u32, bool, Option<FullLatches>) {
    let mask = latched.iter().fold(0u32, |m, (l, _)| {
        m | 1u32.checked_shl(u32::from(*l)).unwrap_or(0)
    });
    let on_pieces = latched.iter().all(|(_, when)| when.iter().all(stands_only));
    let full = latched
        .iter()
        .map(|(l, when)| match when.as_slice() {
            [Cond::Full(cells, own)] => Some((*l, *cells, *own)),
            _ => None,
        })
        .collect();
    (mask, on_pieces, full)
}

/// Whether every win, draw and score reads only where the pieces stand, limited to a phase
/// or not ([`Game::ends_stand_only`]).
fn ends_stand_only(ir: &Ir) -> bool {
    ir.wins
        .iter()
        .map(|w| &w.when)
        .chain(ir.draws.iter().map(|d| &d.when))
        .chain(ir.scores.iter().map(|d| &d.when))
        .all(|w| w.iter().all(stands_only))
}

/// Does the condition read only where the pieces stand and whether they are in play (not
/// the pool, the phase, the counters, immunity or other latches), for [`Game::latch_on_pieces`]?
fn stands_only(c: &Cond) -> bool {
    match c {
        Cond::Not(c) => stands_only(c),
        Cond::BorneCount { .. }
        | Cond::AllOwnArrived
        | Cond::OpponentHasUnreleased
        | Cond::OpponentHasNoPieces
        | Cond::Won(_)
        | Cond::Full(..)
        | Cond::Count(..)
        | Cond::AllOwnIn(_) => true,
        _ => false,
    }
}

/// Does some capture of the variant take prisoners (`capture …: take prisoner`)?
fn takes_prisoners(ir: &Ir) -> bool {
    TeamId::BOTH.into_iter().any(|t| {
        ir.capture.at[t]
            .iter()
            .any(|c| c.spec.is_some_and(|sp| sp.prisoner))
    })
}

/// Every `once` condition of the variant (nested ones too), by latch.
fn latched_conditions(ir: &Ir) -> Vec<(u8, Vec<Cond>)> {
    let out = std::cell::RefCell::new(Vec::new());
    ir.any_cond(&|c| {
        if let Cond::Once { latch, when } = c {
            out.borrow_mut().push((*latch, when.clone()));
        }
        false
    });
    let mut v = out.into_inner();
    v.sort_by_key(|(l, _)| *l);
    v.dedup_by_key(|(l, _)| *l);
    v
}

/// Marks the pool's unused entries dropped.
#[inline]
fn drop_unused(s: &mut State) {
    let len = s.pool_len as usize;
    if let Some(head) = s.pool.first_chunk_mut::<4>()
        && len <= 4
    {
        // A short pool over its first four slots with no loop (those past it stay clear).
        for (i, e) in head.iter_mut().enumerate() {
            if i < len && e.piece == NONE {
                e.piece = DROPPED;
            }
        }
        return;
    }
    for e in s.pool[..len].iter_mut() {
        if e.piece == NONE {
            e.piece = DROPPED;
        }
    }
}

/// Unused entries of the pool.
#[inline]
fn unused_entries(s: &State) -> u8 {
    let len = s.pool_len as usize;
    if let Some(head) = s.pool.first_chunk::<4>()
        && len <= 4
    {
        // A short pool, counted over its first four slots with no loop; the slots past it
        // are left out by their index, not by what they hold.
        let unused: usize = head
            .iter()
            .enumerate()
            .map(|(i, e)| usize::from(i < len && e.piece == NONE))
            .sum();
        return unused as u8;
    }
    s.pool[..len].iter().filter(|e| e.piece == NONE).count() as u8
}

/// Does compacting the pool keep this entry: unused, or a release of throw `bind` (which
/// the coming throw may be bound to)?
#[inline]
fn kept_by_compaction(e: &Entry, bind: u8) -> bool {
    e.piece == NONE || (e.kind == EntryKind::Release && e.family == bind)
}

/// Writes piece `i` of team `t`, keeping the state's release masks. Inline: small, and
/// every move writes its piece.
#[inline(always)]
pub(crate) fn put(s: &mut State, t: TeamId, i: usize, p: Piece) {
    s.pieces[t][i] = p;
    let bit = 1u64 << i;
    let (released, waiting) = match (p.released(), p.alive()) {
        (true, true) => (bit, 0),
        (false, true) => (0, bit),
        _ => (0, 0),
    };
    s.released[t] = s.released[t] & !bit | released;
    s.waiting[t] = s.waiting[t] & !bit | waiting;
    let [dead_end, before_gate] = s.rest[t];
    let stuck = released != 0 && (p.tpos == dead_end || p.parked());
    let held = released != 0 && !stuck && p.tpos == before_gate;
    s.stuck[t] = s.stuck[t] & !bit | u64::from(stuck) << i;
    s.held[t] = s.held[t] & !bit | u64::from(held) << i;
    let immune = (released | waiting) != 0 && p.immune();
    s.immune[t] = s.immune[t] & !bit | u64::from(immune) << i;
    // One unsigned compare; a piece out of the game (track index −1, below any arrival)
    // gets 0, so that equal positions have equal masks.
    let [from, len] = s.arrival[t];
    let arrived = (p.tpos.wrapping_sub(from) as u16) < len as u16;
    s.arrived[t] = s.arrived[t] & !bit | u64::from(arrived) << i;
    // A piece leaving a kept hole is cleared by `Game::vacate`, which every move from a
    // hole calls first.
    let k = p.tpos as u16;
    if k < 64 {
        s.track_occ[t] |= s.track_keep[t] & u64::from((released | waiting) != 0) << k;
        s.track_piece[t].0[k as usize & 63] = i as u8;
    }
}

fn binom(n: u64, k: u64) -> f64 {
    let mut r = 1.0;
    for i in 0..k {
        r = r * (n - i) as f64 / (i + 1) as f64;
    }
    r
}

/// Puts each conjunction of conditions in the order it is cheapest to evaluate in: bit-mask
/// tests, then walks over the pieces, the reachability test last (no outcome changes).
fn order_conditions(ir: &mut Ir) {
    let cost = |c: &Cond| match c {
        Cond::NoCapturePossible => 2,
        Cond::AllOwnArrived
        | Cond::EveryPieceImmuneOrArrived
        | Cond::Not(_)
        | Cond::Count(..)
        | Cond::AllOwnIn(_) => 1,
        _ => 0,
    };
    for team in &mut ir.teams {
        let tr = &mut team.track;
        for g in &mut tr.gates {
            if let Requirement::Conds(cs) = &mut g.requirement {
                cs.sort_by_key(cost);
            }
        }
        if let Some(l) = &mut tr.looping {
            l.when.sort_by_key(cost);
        }
    }
    for t in &mut ir.transitions {
        t.when.sort_by_key(cost);
    }
    for w in &mut ir.wins {
        w.when.sort_by_key(cost);
    }
    for w in &mut ir.draws {
        w.when.sort_by_key(cost);
    }
    for w in &mut ir.scores {
        w.when.sort_by_key(cost);
    }
    for e in &mut ir.throws {
        e.conds.sort_by_key(cost);
    }
}

/// The stick counts known without reading the position: the one count where nothing
/// changes it, and the first-throw counts where only they do ([`Game::sticks_always`] and
/// [`Game::sticks_firsts`]).
fn sticks_counts(st: &Sticks) -> (Option<u8>, Option<[Option<u8>; 2]>) {
    let plain = st.conditional.is_empty() && st.by_phase.iter().all(Option::is_none);
    let firsts = [&st.first_of_game, &st.first_of_turn].map(|c| c.as_ref().map(|c| c.value));
    let always = plain && firsts == [None, None];
    (always.then_some(st.count), plain.then_some(firsts))
}

/// Per count of sticks `n`: the outcomes with their exact probabilities, and the draws'
/// cumulative thresholds on `u64` (the RNG protocol's draw picks the first above it) with
/// their table by a draw's top byte.
type ChanceTables = (Vec<Vec<Outcome>>, StickDraws);

/// The shift that leaves a draw's top byte, which indexes [`StickDraws::by_top`].
const TOP_SHIFT: u32 = 56;

/// In [`StickDraws::by_top`]: some threshold falls within the byte's range of draws, which
/// are counted against the thresholds.
const SPLIT: u8 = u8::MAX;

/// How a throw of `n` sticks is drawn from a uniform `u64`: its outcome is the number of
/// thresholds at or below the draw. Every draw whose top byte is `b` gives the same outcome
/// unless a threshold falls within that byte's range, so a table by the top byte answers
/// most draws at once; the others are counted (the same count, so the same games).
#[derive(Debug, Clone)]
struct StickDraws {
    /// `cum[n][k]`: cumulative probability thresholds on `u64`.
    cum: [[u64; W]; W],
    /// `cuts[n]`: the thresholds of `cum[n]` a draw compares (one fewer than the throws of
    /// `n` sticks: `n`, or `n + 1` with a marked stick).
    cuts: [u8; W],
    /// `by_top[n][b]`: the outcome of every draw of `n` sticks whose top byte is `b`, or
    /// [`SPLIT`].
    by_top: Vec<[u8; 256]>,
}

impl StickDraws {
    fn new(cum: [[u64; W]; W], cuts: [u8; W]) -> StickDraws {
        let by_top = (0..W)
            .map(|n| {
                let cs = &cum[n][..cuts[n] as usize];
                std::array::from_fn(|b| {
                    let lo = (b as u64) << TOP_SHIFT;
                    let hi = lo | ((1u64 << TOP_SHIFT) - 1);
                    // Below `lo` every draw of the range counts it, above `hi` none does.
                    let split = cs.iter().any(|&c| c > lo && c <= hi);
                    if split { SPLIT } else { Self::count(cs, lo) }
                })
            })
            .collect();
        StickDraws { cum, cuts, by_top }
    }

    /// The thresholds at or below `u`, counted without branches (in any order).
    #[inline]
    fn count(cs: &[u64], u: u64) -> u8 {
        cs.iter().map(|&c| (c <= u) as u8).sum()
    }
}

fn chance_tables(ir: &Ir) -> ChanceTables {
    let p = ir.sticks.p;
    let max_n = MAX_STICKS as usize;
    let mut chance = vec![Vec::new(); max_n + 1];
    let mut cum = [[u64::MAX; W]; W];
    let mut cuts = [0u8; W];
    // The marked stick's own throw: it alone shows the counted face (a file with a
    // marked stick counts one face for every team, E188).
    let marked_face = match (ir.sticks.marked, ir.sticks.value.value) {
        (Some(_), ValueRule::Face(f)) => Some(f),
        _ => None,
    };
    for n in 1..=max_n {
        let mut outs = Vec::with_capacity(n + 2);
        for k in 0..=n {
            let pk = binom(n as u64, k as u64) * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32);
            outs.push(Outcome { k: k as u8, p: pk });
        }
        if let Some(f) = marked_face {
            // Face 0 counted: the marked stick shows it, the others face 1 (one stick of
            // face 0); face 1 counted: the reverse (n - 1 sticks of face 0).
            let (k, pm) = if f == 0 {
                (1, p * (1.0 - p).powi(n as i32 - 1))
            } else {
                (n - 1, (1.0 - p) * p.powi(n as i32 - 1))
            };
            if let Some(o) = outs.get_mut(k) {
                o.p -= pm;
            }
            outs.push(Outcome {
                k: n as u8 + 1,
                p: pm,
            });
        }
        let last = outs.len() - 1;
        let mut acc = 0.0;
        for (i, o) in outs.iter().enumerate() {
            acc += o.p;
            cum[n][i] = if i == last {
                u64::MAX
            } else {
                (acc * u64::MAX as f64) as u64
            };
        }
        cuts[n] = last as u8;
        // A throw that cannot happen (one marked stick alone: never unmarked) is not listed.
        outs.retain(|o| o.p > 0.0);
        chance[n] = outs;
    }
    (chance, StickDraws::new(cum, cuts))
}

/// The throws of dice: each distinct set of values, with its probability, thresholds and sum.
#[derive(Debug, Clone)]
struct DiceTable {
    /// `throws[k]`: the values of throw `k`, ascending.
    throws: Vec<Vec<u8>>,
    /// `sums[k]`: their sum (the throw's value as one number).
    sums: Vec<u8>,
    /// The outcomes, `k` in order.
    outcomes: Vec<Outcome>,
    /// Cumulative thresholds on `u64`, one fewer than the throws.
    cum: Vec<u64>,
}

impl DiceTable {
    fn new(d: &Dice, n: u8) -> DiceTable {
        let throws = d.throws(n);
        let sums = throws
            .iter()
            .map(|t| t.iter().fold(0u8, |a, &v| a.saturating_add(v)))
            .collect();
        let outcomes: Vec<Outcome> = throws
            .iter()
            .enumerate()
            .map(|(k, t)| Outcome {
                k: k as u8,
                p: d.probability(t),
            })
            .collect();
        let mut acc = 0.0;
        let cum = outcomes
            .iter()
            .take(outcomes.len().saturating_sub(1))
            .map(|o| {
                acc += o.p;
                (acc * u64::MAX as f64) as u64
            })
            .collect();
        DiceTable {
            throws,
            sums,
            outcomes,
            cum,
        }
    }
}

/// `values[team][n][k]`: what a throw of `n` sticks with code `k` is worth; row 0 is a
/// single die showing `k` (worth `k`).
type Values = ByTeam<[[u8; W]; W]>;

fn value_table(ir: &Ir) -> Values {
    let mut values: Values = ByTeam::default();
    for t in TeamId::BOTH {
        let per_n = &mut values[t];
        if let Some(row) = per_n.first_mut() {
            for (k, v) in row.iter_mut().enumerate() {
                *v = k as u8;
            }
        }
        for (n, per_k) in per_n.iter_mut().enumerate().skip(1) {
            for (k, v) in per_k.iter_mut().enumerate().take(n + 1) {
                *v = ir
                    .sticks
                    .value
                    .value
                    .throw_value(ir.teams[t].colour_face(), k as u8, n as u8);
            }
            // The marked stick's own throw is worth one counted stick.
            if let Some(v) = per_k.get_mut(n + 1) {
                *v = 1;
            }
        }
    }
    values
}

/// [`Game::direct`]: no throw entry applies to the slot's throws.
const NO_THROW_ENTRY: u16 = u16::MAX;
/// [`Game::direct`]: the slot's first candidate has conditions to ask.
const ASK_THROW_ENTRY: u16 = u16::MAX - 1;

/// Per slot of `slots`, its entry when the first candidate has no conditions, else
/// [`ASK_THROW_ENTRY`] or (no candidate) [`NO_THROW_ENTRY`] ([`Game::direct`]).
fn direct_entries(ir: &Ir, entries: &[u16], slots: &[(u32, u32)]) -> Vec<u16> {
    slots
        .iter()
        .map(|&(lo, hi)| match entries.get(lo as usize) {
            Some(&e)
                if lo < hi
                    && ir
                        .throws
                        .get(e as usize)
                        .is_some_and(|t| t.conds.is_empty()) =>
            {
                e
            }
            Some(_) if lo < hi => ASK_THROW_ENTRY,
            _ => NO_THROW_ENTRY,
        })
        .collect()
}

/// The candidate throw entries of every (phase, team, sticks, count of face 0), in priority
/// order, flattened into one list, with each slot's range of it (filled in the order
/// [`Game::slot`] reads).
fn entry_table(ir: &Ir, values: &Values) -> (Vec<u16>, Vec<(u32, u32)>) {
    let mut entries = Vec::new();
    let mut slots = Vec::new();
    for ph in 0..ir.phases.value.len() {
        for per_team in values {
            for (n, per_n) in per_team.iter().enumerate() {
                for (k, &v) in per_n.iter().enumerate() {
                    let k = k as u8;
                    let start = entries.len() as u32;
                    if throw_code_exists(ir, n, k) {
                        let marked = n > 0 && k as usize == n + 1;
                        // A class sees the marked throw as its count of face 0.
                        let count = match (marked, ir.sticks.value.value) {
                            (true, ValueRule::Face(1)) => n as u8 - 1,
                            (true, _) => 1,
                            (false, _) => k,
                        };
                        entries.extend(
                            ir.throws
                                .iter()
                                .enumerate()
                                .filter(|(_, e)| {
                                    e.phase.is_none_or(|p| p.index() == ph)
                                        && match &e.matches {
                                            ThrowMatch::Any => true,
                                            ThrowMatch::Values(m) => m >> v & 1 == 1,
                                            ThrowMatch::Class(c) => {
                                                ir.classes[*c].contains(count, n as u8)
                                            }
                                            ThrowMatch::Marked => marked,
                                        }
                                })
                                .map(|(i, _)| i as u16),
                        );
                    }
                    slots.push((start, entries.len() as u32));
                }
            }
        }
    }
    (entries, slots)
}

/// Is there a throw of `n` sticks with code `k`: with dice, row 0 holds each value a die
/// shows; with sticks, `k <= n` and the marked stick's own throw `n + 1`.
fn throw_code_exists(ir: &Ir, n: usize, k: u8) -> bool {
    match &ir.sticks.dice {
        Some(d) => n == 0 && d.faces.contains(&k),
        None => n > 0 && (k as usize <= n || (ir.sticks.marked.is_some() && k as usize == n + 1)),
    }
}

/// Per rule, the release order its releases name, with the throw entry that names it
/// (E120: one rule's releases name one order).
fn rule_orders(ir: &Ir) -> Vec<Option<(ReleaseOrder, Origin)>> {
    let mut out = vec![None; ir.rules.len()];
    for e in &ir.throws {
        for f in &e.effects {
            if let Effect::Release { order: Some(o), .. } = f
                && let Some(slot) = out.get_mut(e.origin.rule.index())
                && slot.is_none()
            {
                *slot = Some((*o, e.origin));
            }
        }
    }
    out
}

/// Per rule, its releases' order and confinement, and the class of the two
/// ([`rule_orders`], [`rule_within`], [`rule_release_class`]).
#[allow(clippy::type_complexity)]
fn release_rules(
    ir: &Ir,
) -> (
    Vec<Option<(ReleaseOrder, Origin)>>,
    Vec<Option<(TeamCells, Origin)>>,
    Vec<u16>,
) {
    let orders = rule_orders(ir);
    let within = rule_within(ir);
    let class = rule_release_class(&orders, &within);
    (orders, within, class)
}

/// Per rule, the class of its releases' behaviour: the first rule whose releases have the
/// same order and confinement (the statements that set them aside).
fn rule_release_class(
    orders: &[Option<(ReleaseOrder, Origin)>],
    within: &[Option<(TeamCells, Origin)>],
) -> Vec<u16> {
    let key = |r: usize| {
        (
            orders.get(r).copied().flatten().map(|(o, _)| o),
            within.get(r).copied().flatten().map(|(w, _)| w),
        )
    };
    (0..orders.len().max(within.len()))
        .map(|r| {
            (0..r)
                .find(|&q| key(q) == key(r))
                .unwrap_or(r)
                .min(u16::MAX as usize) as u16
        })
        .collect()
}

/// Per rule, the holes its releases' places are confined to (`… within REGION`).
fn rule_within(ir: &Ir) -> Vec<Option<(TeamCells, Origin)>> {
    let mut out = vec![None; ir.rules.len()];
    for e in &ir.throws {
        for f in &e.effects {
            if let Effect::Release {
                within: Some(w), ..
            } = f
                && let Some(slot) = out.get_mut(e.origin.rule.index())
            {
                *slot = Some((*w, e.origin));
            }
        }
    }
    out
}

/// How many pool entries each throw entry adds ([`pooled_by`]).
fn adds_table(ir: &Ir) -> Vec<usize> {
    ir.throws
        .iter()
        .map(|e| {
            e.effects
                .iter()
                .filter_map(pooled_by)
                .map(|(count, _, _)| count as usize)
                .sum()
        })
        .collect()
}

/// The pool entries an effect adds: how many, each one's places and kind (a move or a move
/// back one, a release one per piece); `None` for an effect that adds none. The pool's room
/// ([`adds_table`]) and the throw plans read effects through this one answer.
fn pooled_by(f: &Effect) -> Option<(u8, Amount, EntryKind)> {
    match *f {
        Effect::Move(a) => Some((1, a, EntryKind::Move)),
        Effect::MoveBack(a) => Some((1, a, EntryKind::Back)),
        Effect::Release { count, steps, .. } => Some((count, steps, EntryKind::Release)),
        Effect::ReleaseOrMove { steps, count } => Some((count, steps, EntryKind::Either)),
        _ => None,
    }
}

/// [`Game::transitions`]: each transition with what it needs released.
fn transition_table(ir: &Ir) -> Vec<(u8, Transition)> {
    ir.transitions
        .iter()
        .map(|t| (released_needs(&t.when), t.clone()))
        .collect()
}

/// Which teams must have no waiting piece for the conjunction `when` to hold with an empty
/// pool (at a turn's end): bit 0 the team seen from (`all own pieces released` or `all
/// pieces released`), bit 1 the other (`all pieces released`).
fn released_needs(when: &[Cond]) -> u8 {
    when.iter()
        .map(|c| match c {
            Cond::AllOwnReleased => 1,
            Cond::AllReleased => 3,
            _ => 0,
        })
        .fold(0, |a, b| a | b)
}

/// The most pool entries a [`ThrowPlan`] adds.
const PLAN_MAX: usize = 4;

/// [`ThrowPlan::len`] of a slot left to [`Game::throw_effects`].
const NO_PLAN: u8 = u8::MAX;

/// A throw worked out when the game is built, for a slot whose throw entry applies with no
/// condition and whose effects only add pool entries and throw again: the value is the
/// slot's, so each entry's places are known. `throw_then` pushes them without the walk of
/// the effects (a match per effect) that [`Game::throw_effects`] makes.
#[derive(Debug, Clone, Copy)]
struct ThrowPlan {
    /// Entries added (the first `len` of `entries`), or [`NO_PLAN`].
    len: u8,
    /// `throw again`.
    again: bool,
    /// The entries in the order the effects push them, but for the throw's index in the
    /// turn and the binding (unused, bound to none).
    entries: [Entry; PLAN_MAX],
    /// `adds` of the throw entry (for the pool's room, as the general path counts it).
    adds: u8,
    /// The throw entry's rule.
    rule: RuleIx,
}

/// Per slot, its [`ThrowPlan`], or one of `len` [`NO_PLAN`]: no entry without conditions,
/// an effect other than moves, releases (with no `bind after release`) and `throw again`, or
/// more than [`PLAN_MAX`] entries.
fn throw_plans(ir: &Ir, values: &Values, direct: &[u16], adds: &[usize]) -> Vec<ThrowPlan> {
    let none = ThrowPlan {
        len: NO_PLAN,
        again: false,
        entries: [EMPTY_ENTRY; PLAN_MAX],
        adds: 0,
        rule: RuleIx::new(0),
    };
    let mut plans = vec![none; direct.len()];
    for (slot, plan) in plans.iter_mut().enumerate() {
        // `Game::slot`'s order: phase, team, sticks, count of face 0.
        let (k, n, team) = (slot % W, slot / W % W, slot / (W * W) % 2);
        let Some(&v) = values[TeamId::BOTH[team]].get(n).and_then(|r| r.get(k)) else {
            continue;
        };
        // Only a slot whose entry applies with no condition (`Game::direct`).
        let Some(&d) = direct.get(slot).filter(|&&d| d < ASK_THROW_ENTRY) else {
            continue;
        };
        let (Some(e), Some(&added)) = (ir.throws.get(d as usize), adds.get(d as usize)) else {
            continue;
        };
        let mut p = ThrowPlan {
            len: 0,
            rule: e.origin.rule,
            adds: added.min(u8::MAX as usize) as u8,
            ..none
        };
        let mut ok = true;
        for f in &e.effects {
            let (count, steps, kind) = match (f, pooled_by(f)) {
                (Effect::Release { .. }, _) if ir.bind_after_release.is_some() => {
                    ok = false;
                    break;
                }
                (_, Some(added)) => added,
                (Effect::ThrowAgain, _) => {
                    p.again = true;
                    continue;
                }
                (Effect::Nothing, _) => continue,
                _ => {
                    ok = false;
                    break;
                }
            };
            for _ in 0..count {
                let i = p.len as usize;
                if i >= PLAN_MAX {
                    ok = false;
                    break;
                }
                p.entries[i] = Entry {
                    steps: steps.eval(v),
                    thrown: v,
                    kind,
                    rule: e.origin.rule,
                    ..EMPTY_ENTRY
                };
                p.len += 1;
            }
        }
        if ok {
            *plan = p;
        }
    }
    plans
}

/// Whether every win, draw and score reads only the pieces (so that only a move can make
/// one hold). Ends limited to a phase begin to hold when the phase changes, which a throw
/// or the end of a turn can do.
fn wins_on_pieces(ir: &Ir) -> bool {
    let ends = || {
        ir.wins
            .iter()
            .map(|w| (&w.when, w.phase))
            .chain(ir.draws.iter().map(|d| (&d.when, d.phase)))
            .chain(ir.scores.iter().map(|d| (&d.when, d.phase)))
    };
    ends().all(|(w, _)| w.iter().all(Cond::reads_pieces_only)) && ends().all(|(_, p)| p.is_none())
}

/// [`Game::wins_by_extinction`].
fn wins_by_extinction(ir: &Ir) -> bool {
    ir.draws.is_empty()
        && ir.scores.is_empty()
        && ir.wins.iter().all(|w| {
            w.when
                .iter()
                .all(|c| matches!(c, Cond::OpponentHasNoPieces))
        })
}

#[cfg(test)]
mod tests {
    /// A running game state is a fixed-size value of at most 20 cache lines (cheap to clone
    /// in search; the per-team masks derived for the generator took it past 1 KiB, and the
    /// picture of own pieces by track index, `track_piece` the most, to 1,224 bytes).
    #[test]
    fn state_fits_in_twenty_cache_lines() {
        let size = std::mem::size_of::<super::State>();
        assert!(size <= 20 * 64, "State is {size} bytes");
    }
}
