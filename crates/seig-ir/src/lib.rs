//! The resolved intermediate representation a checked rule file lowers to. Names are
//! resolved to indices; tracks are cell arrays; regions are cell sets per team.
//!
//! # Provenance
//! Every fact a statement of the file states carries an [`Origin`]: the rule and the
//! statement (in [`RuleInfo::statements`]) that stated it. The statement records the reading
//! options that put it in force ([`Statement::readings`]), so "which rule and which readings
//! give fact X" is `x.origin` (a [`Sourced`] value's, or the struct's own) followed by
//! [`Ir::statement`] / [`Ir::readings_of`]. A fact no statement gave (a language default) has
//! `None` as its origin. The engine never reads origins: they are for the tools that explain
//! a variant (rulebook, coverage, explain).

use serde::{Deserialize, Serialize};

/// A hole of the board, by its index in row order (rows in file order, holes in order).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Cell(u16);

impl Cell {
    /// The hole with index `i`.
    #[inline]
    pub const fn new(i: u16) -> Cell {
        Cell(i)
    }
    /// Its index, for indexing per-hole tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Its index as stored.
    #[inline]
    pub const fn get(self) -> u16 {
        self.0
    }
}
/// A phase, by its index in [`Ir::phases`] (file order).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
#[repr(transparent)]
pub struct PhaseId(u8);

impl PhaseId {
    /// The first phase of the file (where a game starts).
    pub const FIRST: PhaseId = PhaseId(0);
    /// The phase at index `i` of [`Ir::phases`].
    #[inline]
    pub const fn new(i: u8) -> PhaseId {
        PhaseId(i)
    }
    /// Its index, for indexing per-phase tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Its index as stored.
    #[inline]
    pub const fn get(self) -> u8 {
        self.0
    }
}

/// A rule, by its index in [`Ir::rules`].
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
#[repr(transparent)]
pub struct RuleIx(u16);

impl RuleIx {
    /// The rule at index `i` of [`Ir::rules`].
    #[inline]
    pub const fn new(i: u16) -> RuleIx {
        RuleIx(i)
    }
    /// Its index, for indexing [`Ir::rules`] and per-rule tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Its index as stored.
    #[inline]
    pub const fn get(self) -> u16 {
        self.0
    }
}

/// Most holes a board may have.
pub const MAX_CELLS: usize = 255;
/// Most holes in one row.
pub const MAX_HOLES: i64 = 64;
/// Most pieces per team.
pub const MAX_PIECES: i64 = 48;
/// Most sticks.
pub const MAX_STICKS: i64 = 16;
/// Most seats per team.
pub const MAX_SEATS: i64 = 8;
/// Most `once` conditions a file may have (each keeps a latch per team in the state).
pub const MAX_LATCHES: usize = 32;

/// Where a fact of the IR comes from: the rule, and which of its statements in force.
///
/// Small and `Copy` so that any fact can carry one; the reading options that put the statement
/// in force are in [`RuleInfo::statements`], reached with [`Ir::statement`] or
/// [`Ir::readings_of`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Origin {
    /// The rule whose statement states the fact.
    pub rule: RuleIx,
    /// Index of the statement in the rule's [`RuleInfo::statements`].
    pub statement: u16,
}

/// A value of the IR with the statement that gave it: `origin` is `None` where no statement
/// did and the value is the language default (docs/semantics.md names each default).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Sourced<T> {
    /// The value in force.
    pub value: T,
    /// The statement that gave it (`None`: the language default).
    #[serde(default)]
    pub origin: Option<Origin>,
}

impl<T> Sourced<T> {
    /// The language default `value`, given by no statement.
    pub const fn default_value(value: T) -> Sourced<T> {
        Sourced {
            value,
            origin: None,
        }
    }
    /// `value`, as the statement at `origin` states it.
    pub const fn stated(value: T, origin: Origin) -> Sourced<T> {
        Sourced {
            value,
            origin: Some(origin),
        }
    }
    /// Whether no statement gave the value (the language default is in force).
    pub const fn is_default(&self) -> bool {
        self.origin.is_none()
    }
}

/// A choice the engine makes that a source could make otherwise (docs/semantics.md names
/// each by [`EngineChoiceId::name`]): what a verdict cites when no statement of the file
/// decided, "language default: track end".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EngineChoiceId {
    /// `throwing order`.
    ThrowingOrder,
    /// `seats per team`.
    SeatsPerTeam,
    /// `seat rotation`.
    SeatRotation,
    /// `phases`.
    Phases,
    /// `stick value`.
    StickValue,
    /// `throw entry precedence`.
    ThrowEntryPrecedence,
    /// `first-throw conditions`.
    FirstThrowConditions,
    /// `allocation`.
    Allocation,
    /// `forced moves`.
    ForcedMoves,
    /// `throwing on`.
    ThrowingOn,
    /// `release order`.
    ReleaseOrder,
    /// `blocked release`.
    BlockedRelease,
    /// `release confinement`.
    ReleaseConfinement,
    /// `bind after release`.
    BindAfterRelease,
    /// `cancelled releases`.
    CancelledReleases,
    /// `group walking order`.
    GroupWalkingOrder,
    /// `track end`.
    TrackEnd,
    /// `track entry`.
    TrackEntry,
    /// `branching`.
    Branching,
    /// `parked pieces`.
    ParkedPieces,
    /// `gate checking`.
    GateChecking,
    /// `moves per piece`.
    MovesPerPiece,
    /// `split throws`.
    SplitThrows,
    /// `pooled landing`.
    PooledLanding,
    /// `passing`.
    Passing,
    /// `sending holes`.
    SendingHoles,
    /// `blockades`.
    Blockades,
    /// `bearing off`.
    BearingOff,
    /// `backward moves`.
    BackwardMoves,
    /// `protection`.
    Protection,
    /// `stacking`.
    Stacking,
    /// `stacks`.
    Stacks,
    /// `capture`.
    Capture,
    /// `capture precedence`.
    CapturePrecedence,
    /// `blocked landing`.
    BlockedLanding,
    /// `immunity`.
    Immunity,
    /// `optional capture`.
    OptionalCapture,
    /// `send-home target`.
    SendHomeTarget,
    /// `swap fallback`.
    SwapFallback,
    /// `capture throw again`.
    CaptureThrowAgain,
    /// `prisoners`.
    Prisoners,
    /// `remove opposing piece`.
    RemoveOpposingPiece,
    /// `pieces and start`.
    PiecesAndStart,
    /// `transition timing`.
    TransitionTiming,
    /// `win timing and precedence`.
    WinTimingAndPrecedence,
    /// `win phases`.
    WinPhases,
    /// `turn cap`.
    TurnCap,
    /// `deadlock`.
    Deadlock,
}

impl EngineChoiceId {
    /// Every engine choice, in the order of docs/semantics.md.
    pub const ALL: [EngineChoiceId; 48] = [
        EngineChoiceId::ThrowingOrder,
        EngineChoiceId::SeatsPerTeam,
        EngineChoiceId::SeatRotation,
        EngineChoiceId::Phases,
        EngineChoiceId::StickValue,
        EngineChoiceId::ThrowEntryPrecedence,
        EngineChoiceId::FirstThrowConditions,
        EngineChoiceId::Allocation,
        EngineChoiceId::ForcedMoves,
        EngineChoiceId::ThrowingOn,
        EngineChoiceId::ReleaseOrder,
        EngineChoiceId::BlockedRelease,
        EngineChoiceId::ReleaseConfinement,
        EngineChoiceId::BindAfterRelease,
        EngineChoiceId::CancelledReleases,
        EngineChoiceId::GroupWalkingOrder,
        EngineChoiceId::TrackEnd,
        EngineChoiceId::TrackEntry,
        EngineChoiceId::Branching,
        EngineChoiceId::ParkedPieces,
        EngineChoiceId::GateChecking,
        EngineChoiceId::MovesPerPiece,
        EngineChoiceId::PooledLanding,
        EngineChoiceId::Passing,
        EngineChoiceId::SendingHoles,
        EngineChoiceId::Blockades,
        EngineChoiceId::SplitThrows,
        EngineChoiceId::BearingOff,
        EngineChoiceId::BackwardMoves,
        EngineChoiceId::Stacking,
        EngineChoiceId::Stacks,
        EngineChoiceId::Capture,
        EngineChoiceId::CapturePrecedence,
        EngineChoiceId::BlockedLanding,
        EngineChoiceId::Immunity,
        EngineChoiceId::Protection,
        EngineChoiceId::OptionalCapture,
        EngineChoiceId::SendHomeTarget,
        EngineChoiceId::SwapFallback,
        EngineChoiceId::CaptureThrowAgain,
        EngineChoiceId::Prisoners,
        EngineChoiceId::RemoveOpposingPiece,
        EngineChoiceId::PiecesAndStart,
        EngineChoiceId::TransitionTiming,
        EngineChoiceId::WinTimingAndPrecedence,
        EngineChoiceId::WinPhases,
        EngineChoiceId::TurnCap,
        EngineChoiceId::Deadlock,
    ];

    /// Its stable name: the heading of its entry in docs/semantics.md.
    pub const fn name(self) -> &'static str {
        match self {
            EngineChoiceId::ThrowingOrder => "throwing order",
            EngineChoiceId::SeatsPerTeam => "seats per team",
            EngineChoiceId::SeatRotation => "seat rotation",
            EngineChoiceId::Phases => "phases",
            EngineChoiceId::StickValue => "stick value",
            EngineChoiceId::ThrowEntryPrecedence => "throw entry precedence",
            EngineChoiceId::FirstThrowConditions => "first-throw conditions",
            EngineChoiceId::Allocation => "allocation",
            EngineChoiceId::ForcedMoves => "forced moves",
            EngineChoiceId::ThrowingOn => "throwing on",
            EngineChoiceId::ReleaseOrder => "release order",
            EngineChoiceId::BlockedRelease => "blocked release",
            EngineChoiceId::ReleaseConfinement => "release confinement",
            EngineChoiceId::BindAfterRelease => "bind after release",
            EngineChoiceId::CancelledReleases => "cancelled releases",
            EngineChoiceId::GroupWalkingOrder => "group walking order",
            EngineChoiceId::TrackEnd => "track end",
            EngineChoiceId::TrackEntry => "track entry",
            EngineChoiceId::Branching => "branching",
            EngineChoiceId::ParkedPieces => "parked pieces",
            EngineChoiceId::GateChecking => "gate checking",
            EngineChoiceId::MovesPerPiece => "moves per piece",
            EngineChoiceId::SplitThrows => "split throws",
            EngineChoiceId::PooledLanding => "pooled landing",
            EngineChoiceId::Passing => "passing",
            EngineChoiceId::SendingHoles => "sending holes",
            EngineChoiceId::Blockades => "blockades",
            EngineChoiceId::BearingOff => "bearing off",
            EngineChoiceId::BackwardMoves => "backward moves",
            EngineChoiceId::Protection => "protection",
            EngineChoiceId::Stacking => "stacking",
            EngineChoiceId::Stacks => "stacks",
            EngineChoiceId::Capture => "capture",
            EngineChoiceId::CapturePrecedence => "capture precedence",
            EngineChoiceId::BlockedLanding => "blocked landing",
            EngineChoiceId::Immunity => "immunity",
            EngineChoiceId::OptionalCapture => "optional capture",
            EngineChoiceId::SendHomeTarget => "send-home target",
            EngineChoiceId::SwapFallback => "swap fallback",
            EngineChoiceId::CaptureThrowAgain => "capture throw again",
            EngineChoiceId::Prisoners => "prisoners",
            EngineChoiceId::RemoveOpposingPiece => "remove opposing piece",
            EngineChoiceId::PiecesAndStart => "pieces and start",
            EngineChoiceId::TransitionTiming => "transition timing",
            EngineChoiceId::WinTimingAndPrecedence => "win timing and precedence",
            EngineChoiceId::WinPhases => "win phases",
            EngineChoiceId::TurnCap => "turn cap",
            EngineChoiceId::Deadlock => "deadlock",
        }
    }
}

/// A reading with one of its options: an `if READING = OPTION` (or its `else`) that holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Choice {
    /// Index in [`Ir::readings`].
    pub reading: usize,
    /// Index in that reading's options: the option in force.
    pub option: usize,
}

/// A statement of a rule that the readings in force keep.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Statement {
    /// What the statement says.
    pub kind: StatementKind,
    /// The reading options that put it in force, one per enclosing `if` (outermost first).
    /// Inside an `else`, the option in force is the reading's chosen one, not the one tested.
    /// Empty: the statement holds under every reading.
    pub readings: Vec<Choice>,
}

/// The kinds of statement a rule body holds (the `if`s resolved away).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StatementKind {
    /// `row NAME: KIND …`.
    Row,
    /// `team NAME: N pieces in ROW` (pieces and start).
    TeamPieces,
    /// `team NAME colour FACE`.
    TeamColour,
    /// `team NAME shown as COLOUR` (how the front ends draw the team).
    TeamShown,
    /// `seats per team: N`.
    Seats,
    /// `order: A, B`.
    Order,
    /// `dice: N with faces V, …`.
    Dice,
    /// `sticks …`, with the throws it applies to.
    Sticks(SticksScope),
    /// `value: count of …`.
    Value,
    /// `class NAME: …`.
    Class,
    /// `phases: …`.
    Phases,
    /// `allocation: …`.
    Allocation,
    /// `release order: …`.
    ReleaseOrder,
    /// `the throw after a release moves that piece`.
    BindAfterRelease,
    /// `from P enter Q when …`.
    Transition,
    /// `on …: effects`.
    Throw,
    /// `track T: segments`.
    Track,
    /// `track T loops from …`.
    TrackLoop,
    /// `track T ends: stop`.
    TrackEnd,
    /// `track T entry: …`.
    TrackEntry,
    /// `track T branches|must branch at …: segments, rejoining at …`.
    TrackBranch,
    /// `gate T S: …`.
    Gate,
    /// `stacking: …`.
    Stacking,
    /// `capture [in R]: …`.
    Capture,
    /// `no capture in R`.
    NoCapture,
    /// `capture in R only with a single throw of …`.
    CaptureOnly,
    /// `blocked landing: …`.
    Blocked,
    /// `immune after entering R`.
    Immune,
    /// `immune when C first holds: own|opposing released pieces on the board`.
    ImmuneWhen,
    /// `send home to: …`.
    SendHomeTo,
    /// `win [in PHASE] when …`.
    Win,
    /// `moves per piece per turn: …`.
    MovesPerPiece,
    /// `split throws: whole|halves|any split`.
    SplitThrows,
    /// `pooled throws land: …`.
    PooledLanding,
    /// `pooled throws walk: …`.
    PooledWalk,
    /// `moves: forced|optional`.
    Moves,
    /// `throwing on: as thrown|at will`.
    ThrowingOn,
    /// `passing own|opposing pieces: …`.
    Passing,
    /// `must land on REGION`.
    MustLand,
    /// `holes passed in REGION are won`.
    PassedWon,
    /// `landing on REGION goes to REGION`.
    SendOn,
    /// `protection: N in a row`.
    Protection,
    /// `blockade: N in a row`.
    Blockade,
    /// `bear off from REGION with …`.
    BearOff,
    /// `bearing off: exact throws|larger throws too`.
    BearingLarger,
    /// `when no move forward: move backward, must|may`.
    BackWhenStuck,
    /// `moving back past the first hole: stop|forbidden`.
    BackStart,
    /// `prisoners freed: on arrival|at once`.
    PrisonersFreed,
    /// `blocked release: …`.
    BlockedRelease,
    /// `stacks: move together|apart`.
    Stacks,
    /// `seat order: …`.
    SeatOrder,
    /// `draw [in PHASE] when …`.
    Draw,
    /// `end [in PHASE] when …: most pieces in REGION wins`.
    ScoreEnd,
}

/// Which throws a `sticks` statement counts the sticks of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SticksScope {
    /// Every throw (the base count).
    Always,
    /// Throws in one phase.
    InPhase,
    /// The first throw of each seat's turn.
    FirstOfTurn,
    /// The game's first throw.
    FirstOfGame,
    /// The throws of a team for which conditions hold.
    If,
}

/// One of the two teams, by its place in the throwing order. Only two exist, so
/// the opponent is [`TeamId::other`] and per-team tables are [`ByTeam`]s indexed by it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct TeamId(Seat);

/// A team's place, as an enum rather than a bare `u8`: the compiler then knows that a
/// team's number is 0 or 1, so a per-team table is read with no bounds check and a
/// [`ByTeam`] with no test of which team it is (the engine's hot loop reads them at every
/// step). Ordered by its number; [`TeamId`] hashes and prints it as that number.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
enum Seat {
    First = 0,
    Second = 1,
}

impl std::fmt::Debug for TeamId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("TeamId").field(&(self.0 as u8)).finish()
    }
}

impl std::hash::Hash for TeamId {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        // As the `u8` it was: the same hashes as before.
        (self.0 as u8).hash(state)
    }
}

impl TeamId {
    /// The team that throws first.
    pub const FIRST: TeamId = TeamId(Seat::First);
    /// The team that throws second.
    pub const SECOND: TeamId = TeamId(Seat::Second);
    /// Both teams, in throwing order.
    pub const BOTH: [TeamId; 2] = [TeamId::FIRST, TeamId::SECOND];

    /// The team at place `i` (0 or 1) of the throwing order.
    ///
    /// # Panics
    /// When `i` is neither: a team index comes from the IR, which has two teams.
    #[inline]
    pub const fn new(i: usize) -> TeamId {
        assert!(i < 2, "a team index is 0 or 1");
        if i == 0 {
            TeamId::FIRST
        } else {
            TeamId::SECOND
        }
    }
    /// The team at place `i` of the throwing order (`None` unless 0 or 1).
    #[inline]
    pub const fn from_index(i: usize) -> Option<TeamId> {
        match i {
            0 => Some(TeamId::FIRST),
            1 => Some(TeamId::SECOND),
            _ => None,
        }
    }
    /// Its place in the throwing order (0 or 1), for indexing per-team tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// The opposing team.
    #[inline]
    pub const fn other(self) -> TeamId {
        match self.0 {
            Seat::First => TeamId::SECOND,
            Seat::Second => TeamId::FIRST,
        }
    }
}

impl TryFrom<u8> for TeamId {
    type Error = String;
    fn try_from(i: u8) -> Result<TeamId, String> {
        TeamId::from_index(i as usize).ok_or_else(|| format!("a team index is 0 or 1, not {i}"))
    }
}

impl From<TeamId> for u8 {
    fn from(t: TeamId) -> u8 {
        t.0 as u8
    }
}

// Bare pairs indexed by a team: kept so that code written before [`ByTeam`] still builds
// (nothing in the workspace uses it now); per-team tables are `ByTeam`s.
impl<T> std::ops::Index<TeamId> for [T; 2] {
    type Output = T;
    #[inline]
    #[expect(
        clippy::indexing_slicing,
        reason = "a `TeamId` is 0 or 1 (`TeamId::new` and `TryFrom<u8>` check it) and the table has two entries"
    )]
    fn index(&self, t: TeamId) -> &T {
        &self[t.index()]
    }
}

impl<T> std::ops::IndexMut<TeamId> for [T; 2] {
    #[inline]
    #[expect(
        clippy::indexing_slicing,
        reason = "a `TeamId` is 0 or 1 (`TeamId::new` and `TryFrom<u8>` check it) and the table has two entries"
    )]
    fn index_mut(&mut self, t: TeamId) -> &mut T {
        &mut self[t.index()]
    }
}

/// One value per team, in throwing order: the per-team table where there are always two
/// teams (a file naming a third is an error). Indexed by [`TeamId`], which is 0 or 1, so
/// an index cannot be out of bounds; it is written as the pair `[first, second]` in JSON,
/// as the lists it replaces were.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct ByTeam<T>([T; 2]);

impl<T> ByTeam<T> {
    /// The pair: `first` for the team that throws first, `second` for the other.
    #[inline]
    pub const fn new(first: T, second: T) -> ByTeam<T> {
        ByTeam([first, second])
    }
    /// The value `f` gives each team.
    #[inline]
    pub fn from_fn(mut f: impl FnMut(TeamId) -> T) -> ByTeam<T> {
        ByTeam([f(TeamId::FIRST), f(TeamId::SECOND)])
    }
    /// The same value for both teams.
    #[inline]
    pub fn splat(v: T) -> ByTeam<T>
    where
        T: Clone,
    {
        ByTeam([v.clone(), v])
    }
    /// A team's value.
    #[inline]
    #[expect(
        clippy::indexing_slicing,
        reason = "a `TeamId` is 0 or 1 by its type, so the compiler drops the check too"
    )]
    pub const fn get(&self, t: TeamId) -> &T {
        // An index, not a choice between the two: the address is computed, not tested.
        &self.0[t.index()]
    }
    /// A team's value, to change.
    #[inline]
    #[expect(
        clippy::indexing_slicing,
        reason = "a `TeamId` is 0 or 1 by its type, so the compiler drops the check too"
    )]
    pub fn get_mut(&mut self, t: TeamId) -> &mut T {
        &mut self.0[t.index()]
    }
    /// The values in throwing order.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.0.iter()
    }
    /// The values in throwing order, to change.
    #[inline]
    pub fn iter_mut(&mut self) -> std::slice::IterMut<'_, T> {
        self.0.iter_mut()
    }
    /// Each team with its value, in throwing order.
    #[inline]
    pub fn teams(&self) -> impl Iterator<Item = (TeamId, &T)> {
        TeamId::BOTH.into_iter().zip(self.0.iter())
    }
    /// Each value through `f`.
    #[inline]
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByTeam<U> {
        ByTeam(self.0.map(f))
    }
    /// References to the values, as a pair of its own.
    #[inline]
    pub fn each_ref(&self) -> ByTeam<&T> {
        ByTeam(self.0.each_ref())
    }
    /// The pairs of this table's and `other`'s value, team by team.
    #[inline]
    pub fn zip<U>(self, other: ByTeam<U>) -> ByTeam<(T, U)> {
        let ByTeam([a0, a1]) = self;
        let ByTeam([b0, b1]) = other;
        ByTeam([(a0, b0), (a1, b1)])
    }
    /// The values as a plain pair, in throwing order.
    #[inline]
    pub fn into_array(self) -> [T; 2] {
        self.0
    }
    /// The values as a plain pair, in throwing order.
    #[inline]
    pub const fn as_array(&self) -> &[T; 2] {
        &self.0
    }
    /// The values as a slice of two, in throwing order.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.0
    }
}

impl<T> From<[T; 2]> for ByTeam<T> {
    #[inline]
    fn from(pair: [T; 2]) -> ByTeam<T> {
        ByTeam(pair)
    }
}

impl<T> TryFrom<Vec<T>> for ByTeam<T> {
    type Error = Vec<T>;
    /// Two values make the pair; any other number is given back.
    fn try_from(v: Vec<T>) -> Result<ByTeam<T>, Vec<T>> {
        <[T; 2]>::try_from(v).map(ByTeam)
    }
}

impl<T> std::ops::Index<TeamId> for ByTeam<T> {
    type Output = T;
    #[inline]
    fn index(&self, t: TeamId) -> &T {
        self.get(t)
    }
}

impl<T> std::ops::IndexMut<TeamId> for ByTeam<T> {
    #[inline]
    fn index_mut(&mut self, t: TeamId) -> &mut T {
        self.get_mut(t)
    }
}

impl<T> IntoIterator for ByTeam<T> {
    type Item = T;
    type IntoIter = std::array::IntoIter<T, 2>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, T> IntoIterator for &'a ByTeam<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut ByTeam<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter_mut()
    }
}

/// A set of holes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, Hash)]
pub struct CellSet(pub [u64; 4]);

impl CellSet {
    /// The index of the word that holds hole `c`. A hole is below [`MAX_CELLS`] (lowering
    /// refuses a bigger board), so `c >> 6` is below 4 already; the mask says so to the
    /// compiler, which otherwise tests the index at every look-up of the hot loop.
    #[inline]
    const fn word(c: Cell) -> usize {
        // Where a bigger hole used to panic, debug builds still say so.
        debug_assert!((c.0 as usize) < MAX_CELLS);
        (c.0 >> 6) as usize & 3
    }
    /// Adds a hole.
    #[inline]
    #[expect(
        clippy::indexing_slicing,
        reason = "the word's index is masked to 0..=3"
    )]
    pub fn insert(&mut self, c: Cell) {
        self.0[Self::word(c)] |= 1 << (c.0 & 63);
    }
    /// Takes a hole out.
    #[inline]
    #[expect(
        clippy::indexing_slicing,
        reason = "the word's index is masked to 0..=3"
    )]
    pub fn remove(&mut self, c: Cell) {
        self.0[Self::word(c)] &= !(1 << (c.0 & 63));
    }
    /// Holds the hole?
    #[inline]
    #[expect(
        clippy::indexing_slicing,
        reason = "the word's index is masked to 0..=3"
    )]
    pub fn contains(&self, c: Cell) -> bool {
        self.0[Self::word(c)] >> (c.0 & 63) & 1 == 1
    }
    /// Union.
    pub fn union(&self, o: &CellSet) -> CellSet {
        let mut r = *self;
        for (w, o) in r.0.iter_mut().zip(&o.0) {
            *w |= o;
        }
        r
    }
    /// Is it empty?
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    /// The holes, in order.
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..MAX_CELLS as u16)
            .map(Cell)
            .filter(|&c| self.contains(c))
    }
}

/// A region seen from each team: `[for team 0, for team 1]`.
pub type TeamCells = ByTeam<CellSet>;

/// A whole variant, ready to play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ir {
    /// Title.
    pub game: String,
    /// Sources cited.
    pub sources: Vec<SourceInfo>,
    /// Parameters with the values in force.
    pub params: Vec<ParamInfo>,
    /// Readings with the option in force.
    pub readings: Vec<ReadingInfo>,
    /// Sentences set aside.
    pub set_asides: Vec<SetAsideInfo>,
    /// Every rule of the file (including those whose statements the readings switched off).
    pub rules: Vec<RuleInfo>,
    /// Rows of holes.
    pub rows: Vec<Row>,
    /// Total holes.
    pub cells: u16,
    /// The two teams, in throwing order.
    pub teams: ByTeam<Team>,
    /// Seats (players) per team (language default: one).
    pub seats: Sourced<u8>,
    /// The statement giving the throwing order of [`Ir::teams`] (`None`: declaration order).
    pub order_origin: Option<Origin>,
    /// How the seats of the two teams take turns (language default: team blocks).
    #[serde(default)]
    pub seat_order: Sourced<SeatOrder>,
    /// The sticks.
    pub sticks: Sticks,
    /// Throw classes.
    pub classes: Vec<Class>,
    /// Phase names; the first is the initial phase (language default: one phase `play`).
    pub phases: Sourced<Vec<String>>,
    /// How a turn's throws become moves (language default: per throw).
    pub allocation: Sourced<Allocation>,
    /// Which unreleased piece a release takes (language default: front-most).
    pub release_order: Sourced<ReleaseOrder>,
    /// The statement asking that the throw after a release move the released piece
    /// (`None`: not asked, the language default). Only a statement can ask it, so the
    /// statement is the whole fact.
    pub bind_after_release: Option<Origin>,
    /// How pieces may move in a turn: per piece, per pooled group, past other pieces, and
    /// what a blocked release does.
    pub movement: Movement,
    /// Phase changes checked at the end of each seat's turn.
    pub transitions: Vec<Transition>,
    /// The throw table, in priority order.
    pub throws: Vec<ThrowEntry>,
    /// Landing and taking.
    pub capture: CapturePolicy,
    /// Win conditions.
    pub wins: Vec<Win>,
    /// Draw conditions, looked at after the wins.
    #[serde(default)]
    pub draws: Vec<Draw>,
    /// Ends by score, looked at after the draws.
    #[serde(default)]
    pub scores: Vec<ScoreEnd>,
    /// `moves: optional`: a seat with a legal move may decline the moves left in its pool
    /// (default `false`, forced: it must move while some move is legal).
    #[serde(default)]
    pub moves_optional: Sourced<bool>,
    /// `throwing on: at will`: a seat may throw again, before it moves, after a throw that
    /// gives no throw again (default `false`, as thrown).
    #[serde(default)]
    pub throw_on_at_will: Sourced<bool>,
    /// Holes that send a piece landing there on to another hole (`landing on … goes to`),
    /// in file order.
    #[serde(default)]
    pub send_on: Vec<SendOn>,
    /// Holes a piece may leave the board from, and with which throws (`bear off from …`),
    /// in file order (language default: none, no piece leaves the board but by a capture).
    #[serde(default)]
    pub bear_off: Vec<BearOff>,
    /// `bearing off: larger throws too`: a throw larger than a value listed for a hole
    /// also bears off from it (language default: `false`, exact throws only).
    #[serde(default)]
    pub bear_larger: Sourced<bool>,
}

/// `bear off from REGION with VALUES|any`: a released piece standing on one of the holes
/// may leave the board (borne off) with a move of one throw worth one of the values.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct BearOff {
    /// `[team]`: the holes a piece of the team bears off from.
    pub from: TeamCells,
    /// The throw values that bear off, a bit per value (`u64::MAX`: `any`).
    pub values: u64,
    /// The statement.
    pub origin: Origin,
}

/// `landing on REGION goes to REGION`: a move that ends on one of the holes puts the
/// piece on the team's target hole instead (a snake, a ladder); what the piece does there
/// (taking, sharing, stacking) is judged at the target.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SendOn {
    /// `[team]`: the holes that send a piece of the team on.
    pub from: TeamCells,
    /// `[team]`: the hole a piece of the team goes to (`None` where the team has no holes
    /// in [`SendOn::from`]); a hole of the team's track.
    pub to: ByTeam<Option<Cell>>,
    /// The statement.
    pub origin: Origin,
}

/// How the seats of the two teams take turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum SeatOrder {
    /// Every seat of a team, then every seat of the other (S1 S2 N1 N2).
    #[default]
    TeamBlocks,
    /// The teams alternate, seat by seat (S1 N1 S2 N2).
    Alternating,
}

/// A cited source.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SourceInfo {
    /// Key used in citations.
    pub key: String,
    /// Title.
    pub title: String,
    /// Other fields, by name.
    pub fields: Vec<(String, String)>,
}

/// Which values of its range a param takes.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ParamAllowed {
    /// Every value of the range.
    #[default]
    Any,
    /// Its odd values (`5..25 odd`).
    Odd,
    /// Its even values (`4..24 even`).
    Even,
    /// These values, in the order written (`4, 5, 7`).
    Values(Vec<i64>),
}

impl ParamAllowed {
    /// Every value of the range?
    pub fn is_any(&self) -> bool {
        *self == ParamAllowed::Any
    }

    /// Does it allow `v` (within the range, which it does not check)?
    pub fn allows(&self, v: i64) -> bool {
        match self {
            ParamAllowed::Any => true,
            ParamAllowed::Odd => v.rem_euclid(2) == 1,
            ParamAllowed::Even => v.rem_euclid(2) == 0,
            ParamAllowed::Values(vs) => vs.contains(&v),
        }
    }

    /// What follows the range where a file writes it: ` odd`, ` even`, or nothing.
    pub fn suffix(&self) -> &'static str {
        match self {
            ParamAllowed::Odd => " odd",
            ParamAllowed::Even => " even",
            _ => "",
        }
    }
}

/// A parameter.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ParamInfo {
    /// Name.
    pub name: String,
    /// Value in force.
    pub value: i64,
    /// Default: the number written, or the value in force of the param it follows.
    pub default: i64,
    /// The param whose value in force is this one's default (`param counters = holes`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub follows: Option<String>,
    /// Inclusive range.
    pub range: (i64, i64),
    /// Which values of the range it takes (`odd`, `even`, a list; default every one).
    #[serde(default, skip_serializing_if = "ParamAllowed::is_any")]
    pub allowed: ParamAllowed,
    /// Meaning.
    pub doc: String,
}

impl ParamInfo {
    /// Does it take `v`: within the range, and one of the allowed values?
    pub fn takes(&self, v: i64) -> bool {
        v >= self.range.0 && v <= self.range.1 && self.allowed.allows(v)
    }

    /// The values it takes as a file writes them: `2..10`, `5..25 odd`, `4, 5, 7`.
    pub fn values_text(&self) -> String {
        match &self.allowed {
            ParamAllowed::Values(v) => v.iter().map(i64::to_string).collect::<Vec<_>>().join(", "),
            a => format!("{}..{}{}", self.range.0, self.range.1, a.suffix()),
        }
    }
}

/// A reading.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReadingInfo {
    /// ID.
    pub id: String,
    /// The question.
    pub question: String,
    /// Option names and descriptions.
    pub options: Vec<(String, String)>,
    /// Index of the default option.
    pub default: usize,
    /// Index of the option in force.
    pub chosen: usize,
}

/// A sentence set aside.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SetAsideInfo {
    /// Source key.
    pub source: String,
    /// Sentence.
    pub sentence: String,
    /// Why.
    pub reason: String,
}

/// How sure the file is of a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// The source says it.
    Stated,
    /// Follows from what the source says.
    Inferred,
    /// Filled in where the source is silent.
    Reconstructed,
}

impl Status {
    /// The keyword.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Stated => "stated",
            Status::Inferred => "inferred",
            Status::Reconstructed => "reconstructed",
        }
    }
}

/// A rule's identity and citations.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleInfo {
    /// ID.
    pub id: String,
    /// Epistemic status.
    pub status: Status,
    /// (source key, quoted sentence).
    pub citations: Vec<(String, String)>,
    /// Its statements that the readings in force keep, in file order (`if`s resolved away);
    /// an [`Origin::statement`] indexes this. Empty: the readings switch the whole rule off.
    pub statements: Vec<Statement>,
    /// Readings (indices in [`Ir::readings`]) that an `if` in its body tests, in first-test
    /// order, whichever option is in force.
    pub readings_tested: Vec<usize>,
}

/// A row of holes.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Row {
    /// Name.
    pub name: String,
    /// Kind word.
    pub kind: String,
    /// Owning team.
    pub owner: Option<TeamId>,
    /// First hole's index.
    pub first: Cell,
    /// Holes.
    pub len: u16,
    /// The `row` statement.
    pub origin: Origin,
}

impl Row {
    /// Its hole `i` (0-based).
    #[inline]
    pub fn cell(&self, i: u16) -> Cell {
        Cell(self.first.0 + i)
    }
    /// Its holes, in order.
    pub fn cells(&self) -> impl DoubleEndedIterator<Item = Cell> + use<> {
        let first = self.first.0;
        (first..first + self.len).map(Cell)
    }
    /// Its last hole.
    pub fn last(&self) -> Cell {
        Cell(self.first.0 + self.len - 1)
    }
    /// Does it hold the hole?
    #[inline]
    pub fn holds(&self, c: Cell) -> bool {
        c.0 >= self.first.0 && c.0 < self.first.0 + self.len
    }
}

/// Where a team's pieces start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Start {
    /// One per hole of a row, in hole order.
    Row(usize),
    /// Off the board.
    Beside,
}

/// A team.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Team {
    /// Name.
    pub name: String,
    /// Face that is the team's colour, with its statement (`None`: no colour).
    pub colour: Option<Sourced<u8>>,
    /// The colour the front ends draw the team in (red, green, blue), with its statement
    /// (`team NAME shown as COLOUR`; `None`: the language default, the tools' own pair).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shown: Option<Sourced<[u8; 3]>>,
    /// Pieces.
    pub pieces: u8,
    /// Start.
    pub start: Start,
    /// With [`Start::Row`]: the 0-based hole of the start row the first piece stands on
    /// (the pieces take the holes from there on, in hole order; language default 0).
    #[serde(default)]
    pub first_hole: u16,
    /// With [`Start::Row`] and a start layout (`on holes 1, 3 of ROW`, `on odd holes of
    /// ROW`): the 0-based hole of the start row each piece stands on, in piece order
    /// (empty: the pieces take the holes from `first_hole` on).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub holes: Vec<u16>,
    /// The track its pieces run.
    pub track: Track,
    /// The statement giving its pieces and start (`team NAME: N pieces …`).
    pub origin: Origin,
}

impl Team {
    /// Face that is the team's colour (`None`: no colour).
    #[inline]
    pub fn colour_face(&self) -> Option<u8> {
        self.colour.map(|c| c.value)
    }
}

/// A team's path along the board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Track {
    /// Holes in walking order (a hole may appear twice on a return).
    pub cells: Vec<Cell>,
    /// Segments: (first index, length, row, label).
    pub segments: Vec<TrackSegment>,
    /// Where and when the track continues after its last hole.
    pub looping: Option<Loop>,
    /// Index of the last hole of the goal segment ("arrived" from there on).
    pub goal: Option<u16>,
    /// Gates on entering segments.
    pub gates: Vec<Gate>,
    /// The `track` statement (cells and segments).
    pub origin: Origin,
    /// What a walk past the last hole does when no loop applies (not said: stopping is
    /// the language default).
    pub end: Sourced<TrackEnd>,
    /// Where a piece off the track steps onto it (not said: the first hole is the
    /// language default).
    pub entry: Sourced<TrackEntry>,
    /// Its branches (`track T branches at …`), in file order. Their holes follow the main
    /// path's in [`Track::cells`]; empty on a track that does not branch.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub branches: Vec<Branch>,
}

/// A branch of a track: another way on from a hole of it, taken by a piece that stands on
/// that hole when its move begins.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Branch {
    /// The places of the track (indices into [`Track::cells`]) where the branch begins:
    /// every place of its hole on the main path and on earlier branches.
    pub at: Vec<u16>,
    /// Index in [`Track::cells`] of the branch's first hole.
    pub start: u16,
    /// Its holes.
    pub len: u16,
    /// The place on the main path the step after its last hole goes to.
    pub rejoin: u16,
    /// The piece may keep to the way it is on instead (`may branch`; the decision that keeps
    /// it ends `>keep`); `false`: it must take the branch, stated by `must branch`, the
    /// language default under `branches`.
    pub may: Sourced<bool>,
    /// The `track T branches at` statement.
    pub origin: Origin,
}

impl Track {
    /// How many of [`Track::cells`] are the main path (the first; the branches' follow).
    pub fn main_len(&self) -> usize {
        self.branches
            .first()
            .map_or(self.cells.len(), |b| b.start as usize)
    }
}

/// Where a piece off its track (beside the board, or in a start row outside the track)
/// steps onto it with its first step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrackEntry {
    /// The track's first hole (the language default).
    FirstHole,
    /// A hole of the track's first segment that the player chooses; the decision names it.
    Chosen,
    /// [`TrackEntry::Chosen`], among the holes where no piece stands.
    ChosenEmpty,
}

impl Track {
    /// How many holes a piece off the track may choose to enter: the length of the first
    /// segment under a chosen entry, else 0 (it enters the first hole).
    pub fn entry_choices(&self) -> u16 {
        match (self.entry.value, self.segments.first()) {
            (TrackEntry::Chosen | TrackEntry::ChosenEmpty, Some(seg)) => seg.len,
            _ => 0,
        }
    }
}

/// What a walk past a track's last hole does (when no loop continues it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrackEnd {
    /// The piece stops on the last hole (the language default).
    Stop,
    /// The move is illegal: a piece reaches the last hole only with the exact count.
    Exact,
    /// The piece walks back from the last hole the places it has left.
    Bounce,
}

/// How pieces may move in a turn, beyond what the throws give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Movement {
    /// A piece makes at most one move (one decision) in a seat's turn (language default:
    /// several moves).
    pub one_move_per_piece: Sourced<bool>,
    /// The pieces of a stack (own pieces standing in the same place of the track, in the
    /// same state) move together, as one piece (`stacks: move together`; language default:
    /// each piece moves alone).
    #[serde(default)]
    pub stacks_together: Sourced<bool>,
    /// A pooled group of several throws lands after each of its throws (taking there, and
    /// refused where a landing is), not only at its end (language default: once).
    pub land_each_throw: Sourced<bool>,
    /// A pooled group of several throws is walked in the order they were thrown (else, the
    /// language default, in any order that passes, shortest first).
    #[serde(default)]
    pub walk_in_throw_order: Sourced<bool>,
    /// A move may pass holes where the team's own pieces stand (language default: allowed).
    pub pass_own: Sourced<bool>,
    /// A move may pass holes where opposing pieces stand (language default: allowed).
    pub pass_opposing: Sourced<bool>,
    /// `[team]`: holes a move of the team may not walk past (`must land on`): a piece
    /// reaches them by the exact count, then goes on from there. The origin is the last
    /// `must land on` statement (`None`: none, every hole may be passed).
    #[serde(default)]
    pub must_land: Sourced<TeamCells>,
    /// `[team]`: holes a move of the team wins by walking past them (`holes passed in REGION
    /// are won`): taken there as a landing would take, and won (`ROW won`). Language
    /// default: none, a hole walked past is neither taken on nor won.
    #[serde(default)]
    pub passed_won: Sourced<TeamCells>,
    /// What a release does when the released piece's move is refused (language default:
    /// lost).
    pub blocked_release: Sourced<BlockedRelease>,
    /// `blockade: N in a row`: a move may not walk past a hole of N or more holes in a row
    /// along the mover's track, each holding opposing pieces (language default: `None`, no
    /// blockade; the passing rules alone decide).
    #[serde(default)]
    pub blockade: Sourced<Option<u8>>,
    /// `when no move forward: move backward, must|may`: what becomes of the moves no piece
    /// can use forward (language default: [`BackWhenStuck::Never`], they are forfeited).
    #[serde(default)]
    pub back_when_stuck: Sourced<BackWhenStuck>,
    /// `moving back past the first hole: stop|forbidden`: a backward move that would walk
    /// past its track's first hole stops there (language default) or is refused.
    #[serde(default)]
    pub back_start: Sourced<BackStart>,
    /// `prisoners freed: on arrival|at once`: when the taker's own pieces, found prisoner in
    /// a stack it takes (`capture …: take prisoner`), are freed (language default:
    /// [`PrisonersFreed::OnArrival`]).
    #[serde(default)]
    pub prisoners_freed: Sourced<PrisonersFreed>,
    /// `split throws: halves|any split`: a throw's move may be split in two parts for two
    /// different pieces (language default: [`SplitThrows::Whole`], it goes whole to one).
    #[serde(default)]
    pub split: Sourced<SplitThrows>,
}

/// When a team's pieces held prisoner in a stack its piece takes are freed
/// (`prisoners freed: on arrival|at once`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum PrisonersFreed {
    /// They stay in the stack, carried by the taker, and go home when it arrives (the
    /// language default).
    #[default]
    OnArrival,
    /// They are sent home at once, as the capture's `send home to` says.
    AtOnce,
}

/// What becomes of the moves of a pool that no piece can use forward
/// (`when no move forward: move backward, must|may`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum BackWhenStuck {
    /// They are forfeited (the language default).
    #[default]
    Never,
    /// They become backward moves, which the seat must make while one is legal.
    Must,
    /// They become backward moves, which the seat may make or decline (a pass).
    May,
}

/// How a throw's move may be divided between pieces (`split throws: …`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum SplitThrows {
    /// The move goes whole to one piece (the language default).
    #[default]
    Whole,
    /// Or, of an even value, half to one piece and half to another (`halves`).
    Halves,
    /// Or in any two parts of at least one place, to two pieces (`any split`).
    Any,
}

impl SplitThrows {
    /// The smaller parts a move of `steps` places may be split into (the other part is
    /// `steps` minus it), as a range of first parts: empty when it may not be split.
    pub fn first_parts(self, steps: u8) -> std::ops::RangeInclusive<u8> {
        // `1..=0` is the empty range of first parts: no split.
        let (lo, hi) = match self {
            SplitThrows::Whole => (1, 0),
            SplitThrows::Halves if steps >= 2 && steps.is_multiple_of(2) => (steps / 2, steps / 2),
            SplitThrows::Halves => (1, 0),
            SplitThrows::Any => (1, steps / 2),
        };
        lo..=hi
    }
}

/// What a backward move does at its track's first hole
/// (`moving back past the first hole: stop|forbidden`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum BackStart {
    /// It stops on the first hole with the places left unused (the language default).
    #[default]
    Stop,
    /// It is refused: the piece needs a place behind it for every place of the move.
    Forbidden,
}

impl Default for Movement {
    /// The language defaults: several moves per piece, a group lands once, passing allowed,
    /// a blocked release lost.
    fn default() -> Movement {
        Movement {
            one_move_per_piece: Sourced::default_value(false),
            stacks_together: Sourced::default_value(false),
            land_each_throw: Sourced::default_value(false),
            walk_in_throw_order: Sourced::default_value(false),
            pass_own: Sourced::default_value(true),
            pass_opposing: Sourced::default_value(true),
            must_land: Sourced::default_value(ByTeam::default()),
            passed_won: Sourced::default_value(ByTeam::default()),
            blocked_release: Sourced::default_value(BlockedRelease::Lost),
            blockade: Sourced::default_value(None),
            back_when_stuck: Sourced::default_value(BackWhenStuck::Never),
            back_start: Sourced::default_value(BackStart::Stop),
            prisoners_freed: Sourced::default_value(PrisonersFreed::OnArrival),
            split: Sourced::default_value(SplitThrows::Whole),
        }
    }
}

/// What a release does when the move of the piece it would release is refused (its
/// landing blocked, a gate shut).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum BlockedRelease {
    /// That piece cannot be released with it: the release goes to another piece only where
    /// the release order lets it, else it is forfeited (the language default).
    Lost,
    /// The piece is released where it stands, without the release's places.
    InPlace,
    /// The release takes the next piece in release order whose move is not refused.
    AnotherPiece,
}

/// A segment of a track.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TrackSegment {
    /// First index in [`Track::cells`].
    pub start: u16,
    /// Holes.
    pub len: u16,
    /// Row walked.
    pub row: usize,
    /// Walked last hole first.
    pub backward: bool,
    /// Label.
    pub label: Option<String>,
}

/// A continuation after a track's last hole.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Loop {
    /// Index to continue from.
    pub from: u16,
    /// Condition (empty: always).
    pub when: Vec<Cond>,
    /// The `loops` statement.
    pub origin: Origin,
    /// Pieces parked on the last hole (stopped there while `when` did not hold) stay there
    /// once it holds (`, parked pieces stay`); default false: they circle too.
    #[serde(default)]
    pub parked_stay: Sourced<bool>,
}

/// What entering a segment requires.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Requirement {
    /// The throw whose places carry the piece in has one of these values (bit mask).
    CrossingThrow(u64),
    /// The move's total places are one of these values (bit mask).
    MoveTotal(u64),
    /// Every throw of the move, each step of a pooled walk, has one of these values (bit
    /// mask): `by every throw`.
    EveryThrow(u64),
    /// A condition on the position.
    Conds(Vec<Cond>),
}

/// A gate on entering a segment.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Gate {
    /// Index of the segment's first hole.
    pub at: u16,
    /// What it needs.
    pub requirement: Requirement,
    /// Halt before it (true) or forbid the move (false).
    pub stop: bool,
    /// The `gate` statement.
    pub origin: Origin,
}

/// The sticks.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Sticks {
    /// Base count.
    pub count: u8,
    /// `[phase]`: the count there, where a statement makes it differ.
    pub by_phase: Vec<Option<Sourced<u8>>>,
    /// Count on the first throw of a seat's turn, where a statement gives one.
    pub first_of_turn: Option<Sourced<u8>>,
    /// Count on the game's first throw, where a statement gives one.
    pub first_of_game: Option<Sourced<u8>>,
    /// Counts under conditions of the thrower's team, in the file's order (the first that
    /// holds wins, before every other count).
    pub conditional: Vec<ConditionalSticks>,
    /// Face names; face 0 is the one whose probability is `p`.
    pub faces: [String; 2],
    /// Probability of face 0.
    pub p: f64,
    /// What a throw is worth (language default: the count of face 0).
    pub value: Sourced<ValueRule>,
    /// `sticks: N with faces A and B, one marked`: the statement marking one stick, whose
    /// throw alone counted is a throw of its own ([`ThrowMatch::Marked`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marked: Option<Origin>,
    /// `dice: N with faces …`: the throw is of dice, not sticks ([`Sticks::count`] is the
    /// number of dice; the faces, `p` and value of sticks do not apply).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<Dice>,
    /// The base `sticks` statement, which a file must have: [`Sticks::count`], the faces
    /// and `p` (or the `dice` statement).
    pub origin: Origin,
}

impl Sticks {
    /// The values the dice show in throw `k` of `n` dice, ascending (`None`: the file
    /// throws sticks, or no such throw).
    pub fn dice_values(&self, n: u8, k: u8) -> Option<Vec<u8>> {
        self.dice.as_ref()?.throws(n).get(k as usize).cloned()
    }

    /// Is throw `k` of `n` sticks the marked stick's own (it alone counted)?
    pub fn is_marked(&self, n: u8, k: u8) -> bool {
        self.dice.is_none() && self.marked.is_some() && k == n.saturating_add(1)
    }
}

/// Dice: each shows one of its faces' values with equal chance, and each die's value is
/// matched against the throw table by itself (a throw of two dice is two pool entries).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Dice {
    /// The values of a die's faces, in the file's order (each in `0..=MAX_DIE_VALUE`).
    pub faces: Vec<u8>,
    /// The `dice` statement.
    pub origin: Origin,
}

/// The highest value a die's face may have.
pub const MAX_DIE_VALUE: i64 = 16;
/// The most dice a throw may have.
pub const MAX_DICE: i64 = 4;
/// The most faces a die may have.
pub const MAX_DIE_FACES: usize = 6;

impl Dice {
    /// Every throw of `n` dice as its values in ascending order, each distinct set of values
    /// once, in lexicographic order of the faces' positions: outcome `k` of a dice throw is
    /// `throws(n)[k]`.
    pub fn throws(&self, n: u8) -> Vec<Vec<u8>> {
        let mut sorted = self.faces.clone();
        sorted.sort_unstable();
        sorted.dedup();
        let mut out = Vec::new();
        let mut cur = Vec::with_capacity(n as usize);
        multisets(&sorted, 0, n as usize, &mut cur, &mut out);
        out
    }

    /// The exact probability of the throw `values` (ascending), each face equally likely.
    pub fn probability(&self, values: &[u8]) -> f64 {
        let m = self.faces.len() as f64;
        // Orderings of the dice giving these values, times each value's share of the faces.
        let mut p = 1.0;
        let mut ways = 1.0;
        let mut run = 0.0;
        for (i, v) in values.iter().enumerate() {
            let faces_v = self.faces.iter().filter(|f| *f == v).count() as f64;
            p *= faces_v / m;
            run = if i > 0 && values.get(i - 1) == Some(v) {
                run + 1.0
            } else {
                1.0
            };
            ways *= (i + 1) as f64 / run;
        }
        p * ways
    }
}

/// Appends every ascending choice of `left` more values from `vals[from..]` to `out`.
fn multisets(vals: &[u8], from: usize, left: usize, cur: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
    if left == 0 {
        out.push(cur.clone());
        return;
    }
    for (i, &v) in vals.iter().enumerate().skip(from) {
        cur.push(v);
        multisets(vals, i, left - 1, cur, out);
        cur.pop();
    }
}

/// A stick count for the throws of a team for which conditions hold (`sticks if CONDS: N`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConditionalSticks {
    /// The conditions, seen from the thrower's team.
    pub when: Vec<Cond>,
    /// The number of sticks.
    pub count: u8,
    /// The statement.
    pub origin: Origin,
}

/// What a throw is worth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ValueRule {
    /// The number of sticks showing this face.
    Face(u8),
    /// The number showing the thrower's team colour.
    OwnColour,
}

/// A named class of throws.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Class {
    /// Name.
    pub name: String,
    /// All sticks alike.
    pub all_alike: bool,
    /// All but one alike.
    pub all_but_one: bool,
    /// The `class` statement.
    pub origin: Origin,
}

impl ValueRule {
    /// The value of a throw of `k` face-0 sticks out of `n` for a team of this colour.
    #[inline]
    pub fn throw_value(self, colour: Option<u8>, k: u8, n: u8) -> u8 {
        let face = match self {
            ValueRule::Face(f) => f,
            ValueRule::OwnColour => colour.unwrap_or(0),
        };
        if face == 0 { k } else { n - k }
    }
}

impl Class {
    /// Does a throw of `k` face-0 sticks out of `n` belong to the class?
    pub fn contains(&self, k: u8, n: u8) -> bool {
        (self.all_alike && (k == 0 || k == n))
            || (self.all_but_one && n >= 2 && (k == 1 || k + 1 == n))
    }
}

/// How a turn's throws become moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Allocation {
    /// Each throw's moves are made before the next throw.
    PerThrow,
    /// Throws are pooled and divided among pieces in whole throws at the end of the turn.
    Pooled,
}

/// Which unreleased piece a release takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReleaseOrder {
    /// The one furthest along its track (last in start order when off the track).
    FrontMost,
    /// Any, the player's choice.
    Chosen,
    /// The one furthest back along its track (first in start order when off the track).
    RearMost,
    /// The one on the lowest-numbered hole of its row (pieces off the board after, in
    /// start order).
    FirstHole,
    /// The one on the highest-numbered hole of its row (pieces off the board after, in
    /// start order).
    LastHole,
}

/// A condition on the state, seen from a team.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Cond {
    /// Fixed by the readings in force.
    Const(bool),
    /// Negation.
    Not(Box<Cond>),
    /// First throw of the seat's turn.
    FirstOfTurn,
    /// First throw of the team's turn.
    FirstOfTeamTurn,
    /// First throw of the game.
    FirstOfGame,
    /// The team has no unreleased piece.
    AllOwnReleased,
    /// No team has an unreleased piece.
    AllReleased,
    /// The number of the team's (or, if `opposing`, the other team's) released pieces in
    /// the game compared with a number.
    ReleasedCount {
        /// Count the other team's pieces (else the team's own).
        opposing: bool,
        /// The comparison.
        cmp: Cmp,
        /// The number.
        n: i64,
    },
    /// The number of the team's (or, if `opposing`, the other team's) pieces borne off the
    /// board (`bear off from …`) compared with a number.
    BorneCount {
        /// Count the other team's pieces (else the team's own).
        opposing: bool,
        /// The comparison.
        cmp: Cmp,
        /// The number.
        n: i64,
    },
    /// Every piece of the team is past its goal.
    AllOwnArrived,
    /// The other team has an unreleased piece.
    OpponentHasUnreleased,
    /// No capture can ever happen again.
    NoCapturePossible,
    /// Every piece on the board is immune or arrived.
    EveryPieceImmuneOrArrived,
    /// The other team has no pieces.
    OpponentHasNoPieces,
    /// Every hole of the region (seen from the team) is occupied, by the team if `own`.
    Full(TeamCells, bool),
    /// Every hole of the region (seen from the team) has been landed on by the team.
    Won(TeamCells),
    /// The conditions hold now, or have held (seen from the team) after some action of the
    /// game so far: latch `latch` of the team, kept in the state.
    Once {
        /// Index of its latch (each `once` of the file has its own).
        latch: u8,
        /// The conditions latched.
        when: Vec<Cond>,
    },
    /// A count of pieces in a region compared with a number or another count.
    Count(Counted, Cmp, CountRhs),
    /// Every piece of the team in the game stands in the region (seen from the team).
    AllOwnIn(TeamCells),
}

impl Cond {
    /// Reads nothing but the pieces (where they stand, their flags, the holes landed on):
    /// not the throw counters, nor the pool (the releases counted as made: `all own pieces
    /// released`, `all pieces released`, `own pieces released`). A constant counts as not
    /// (it is never worth the care).
    pub fn reads_pieces_only(&self) -> bool {
        match self {
            Cond::Const(_)
            | Cond::FirstOfTurn
            | Cond::FirstOfTeamTurn
            | Cond::FirstOfGame
            | Cond::AllOwnReleased
            | Cond::AllReleased
            | Cond::ReleasedCount { .. } => false,
            Cond::Not(c) => c.reads_pieces_only(),
            Cond::Once { when, .. } => when.iter().all(Cond::reads_pieces_only),
            Cond::BorneCount { .. }
            | Cond::AllOwnArrived
            | Cond::OpponentHasUnreleased
            | Cond::NoCapturePossible
            | Cond::EveryPieceImmuneOrArrived
            | Cond::OpponentHasNoPieces
            | Cond::Won(_)
            | Cond::Full(..)
            | Cond::Count(..)
            | Cond::AllOwnIn(_) => true,
        }
    }
}

/// What a throw is matched on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ThrowMatch {
    /// Every throw.
    Any,
    /// Values, as a bit mask.
    Values(u64),
    /// A class.
    Class(usize),
    /// The throw whose only counted stick is the marked one (`on 1 marked`).
    Marked,
}

/// A number in an effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Amount {
    /// A fixed number.
    Const(i64),
    /// The throw's value plus this.
    Value(i64),
}

impl Amount {
    /// The number for a throw of this value (never below 0).
    pub fn eval(self, value: u8) -> u8 {
        let v = match self {
            Amount::Const(c) => c,
            Amount::Value(d) => value as i64 + d,
        };
        v.clamp(0, u8::MAX as i64) as u8
    }
}

/// One effect of a throw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Effect {
    /// A move of this many places for a released piece.
    Move(Amount),
    /// A move of this many places back along its track for a released piece (`move back`).
    MoveBack(Amount),
    /// Release `count` pieces, each moving this many places.
    Release {
        /// Pieces.
        count: u8,
        /// Places each.
        steps: Amount,
        /// Which pieces it takes, where the effect says (`release 8 rear-most`), over the
        /// file's `release order:`.
        order: Option<ReleaseOrder>,
        /// `… moving E within REGION`: per team, the holes the release's own places must
        /// stay within (`None`: anywhere the walk goes).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        within: Option<TeamCells>,
    },
    /// `count` entries, each moving a released piece or releasing one, each a different piece.
    ReleaseOrMove {
        /// Places.
        steps: Amount,
        /// Entries.
        count: u8,
    },
    /// Throw again.
    ThrowAgain,
    /// Drop the turn's moves, keeping releases.
    CancelMoves {
        /// `cancel moves, releases in place`: the releases kept lose their places (each piece
        /// is released where it stands); else (the language default) they keep them.
        #[serde(default)]
        releases_in_place: bool,
    },
    /// Remove one opposing piece.
    RemoveOpposing,
    /// Change phase.
    EnterPhase(PhaseId),
    /// Nothing.
    Nothing,
}

/// An entry of the throw table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThrowEntry {
    /// Which throws.
    pub matches: ThrowMatch,
    /// In which phase (`None`: every phase).
    pub phase: Option<PhaseId>,
    /// Extra conditions.
    pub conds: Vec<Cond>,
    /// Effects in order.
    pub effects: Vec<Effect>,
    /// The `on …` statement.
    pub origin: Origin,
}

/// A phase change.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Transition {
    /// From.
    pub from: PhaseId,
    /// To.
    pub to: PhaseId,
    /// When.
    pub when: Vec<Cond>,
    /// The `from … enter …` statement.
    pub origin: Origin,
}

/// A win condition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Win {
    /// When a team has won.
    pub when: Vec<Cond>,
    /// The phase it is limited to (`None`: language default, every phase).
    #[serde(default)]
    pub phase: Option<PhaseId>,
    /// The `win` statement.
    pub origin: Origin,
}

/// A draw condition: when it holds (seen from either team) and no win does, the game
/// ends without a winner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Draw {
    /// When the game is drawn.
    pub when: Vec<Cond>,
    /// The phase it is limited to (`None`: every phase).
    pub phase: Option<PhaseId>,
    /// The `draw` statement.
    pub origin: Origin,
}

/// An end by score: when it holds (seen from either team), the team with more pieces in
/// its region wins; level counts are a draw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ScoreEnd {
    /// When the game ends.
    pub when: Vec<Cond>,
    /// The phase it is limited to (`None`: every phase).
    pub phase: Option<PhaseId>,
    /// The region each team's pieces are counted in, seen from that team.
    pub region: TeamCells,
    /// The `end` statement.
    pub origin: Origin,
}

/// A count of one team's pieces in a region (seen from the team a condition is read for).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Counted {
    /// Count the other team's pieces (else the team's own).
    pub opposing: bool,
    /// The region.
    pub cells: TeamCells,
}

/// What a count is compared with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CountRhs {
    /// A fixed number.
    Num(i64),
    /// Another count.
    Count(Counted),
}

/// A comparison.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cmp {
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `=`.
    Eq,
    /// `>=`.
    Ge,
    /// `>`.
    Gt,
}

impl Cmp {
    /// Does `a CMP b` hold?
    #[inline]
    pub fn holds(self, a: i64, b: i64) -> bool {
        match self {
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Eq => a == b,
            Cmp::Ge => a >= b,
            Cmp::Gt => a > b,
        }
    }
    /// The symbol.
    pub fn as_str(self) -> &'static str {
        match self {
            Cmp::Lt => "<",
            Cmp::Le => "<=",
            Cmp::Eq => "=",
            Cmp::Ge => ">=",
            Cmp::Gt => ">",
        }
    }
}

/// What landing on an opposing piece in a place does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct CaptureSpec {
    /// Must take.
    pub compulsory: bool,
    /// Send the piece home instead of removing it (under [`CaptureSpec::swap`]: where the
    /// swap cannot be made).
    pub send_home: bool,
    /// `swap`: the taken piece goes to the hole the taker left, where it can (that hole is
    /// on its track and holds none of its team's pieces it may not stack with); elsewhere
    /// [`CaptureSpec::send_home`] says what happens to it.
    #[serde(default)]
    pub swap: bool,
    /// `…, throw again`: a move that takes by this statement gives its seat another throw.
    #[serde(default)]
    pub throw_again: bool,
    /// Where a piece sent home goes: the capture statement's own target, or the game's
    /// `send home to`.
    pub home_to: HomeTarget,
    /// `take prisoner`: the opposing pieces of the hole (its whole stack, with the
    /// prisoners it carries) become prisoners carried by the taker, out of play until the
    /// stack arrives past its track's end.
    #[serde(default)]
    pub prisoner: bool,
    /// The `capture` statement.
    pub origin: Origin,
}

/// Where a piece sent home goes (`send home to: …`). Under every target a piece whose start
/// row has no empty hole waits off the board, unreleased.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HomeTarget {
    /// `start hole` (the language default): its start hole, or, where that is taken, the
    /// first empty hole of its start row.
    #[default]
    StartHole,
    /// `first empty hole`: the first empty hole of its start row.
    FirstEmpty,
    /// `chosen empty hole`: an empty hole of its start row that the capturing seat chooses
    /// (a decision of its own, asked only when two or more holes are empty; with one, the
    /// piece goes there).
    ChosenEmpty,
}

/// Landing and taking, precomputed per attacking team and hole.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CapturePolicy {
    /// Own pieces may share a hole (language default: forbidden).
    pub stacking: Sourced<bool>,
    /// Own pieces may share the last hole of their goal segment (said by the statement of
    /// [`CapturePolicy::stacking`]).
    pub stacking_at_goal: bool,
    /// Own pieces may share the last hole of their track (`stacking: forbidden except at goal
    /// and end`; said by the statement of [`CapturePolicy::stacking`]).
    #[serde(default)]
    pub stacking_at_end: bool,
    /// `[team][cell]`: what landing there on an opposing piece does.
    pub at: ByTeam<Vec<CellCapture>>,
    /// Landing on an opposing piece that is not taken shares the hole (else forbidden;
    /// language default: share).
    pub blocked_share: Sourced<bool>,
    /// `[team]`: holes where a team's piece becomes immune, with the statement (the last
    /// `immune after entering` of the file, when several add holes).
    pub immune: ByTeam<Option<(CellSet, Origin)>>,
    /// `immune when C first holds: …`, in file order.
    #[serde(default)]
    pub immune_when: Vec<ImmuneWhen>,
    /// `immune until released`: a piece still waiting for its release cannot be taken
    /// (language default: `false`, a waiting piece on a hole may be taken like any other).
    #[serde(default)]
    pub waiting_immune: Sourced<bool>,
    /// `protection: N in a row`: a piece on a hole of N or more holes in a row along its
    /// team's track, each holding pieces of its team, cannot be taken (language default:
    /// `None`, neighbours protect no piece).
    #[serde(default)]
    pub protection: Sourced<Option<u8>>,
    /// Where pieces sent home go (language default: [`HomeTarget::StartHole`]).
    pub home_to: Sourced<HomeTarget>,
    /// The capture statements in force, in file order, as stated: [`CapturePolicy::at`] and
    /// [`CapturePolicy::immune`] are computed from them (of two `capture` statements on one hole the more specific one, else a later one
    /// overriding an earlier).
    pub stated: Vec<CaptureStatement>,
}

/// `immune when C first holds: own|opposing released pieces on the board`: at the end of
/// the action after which C first holds for a team, the released pieces standing on a hole
/// (of that team, or of its opponent) become immune; pieces released later do not.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImmuneWhen {
    /// The condition, as a [`Cond::Once`] with a latch of its own.
    pub when: Cond,
    /// The latch of [`ImmuneWhen::when`].
    pub latch: u8,
    /// The opposing team's pieces become immune (else the team's own).
    pub opposing: bool,
    /// The statement.
    pub origin: Origin,
}

/// One capture statement in force, with the holes it speaks of.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CaptureStatement {
    /// What it says.
    pub kind: CaptureKind,
    /// The holes, seen from each attacking team (`None`: every hole).
    pub region: Option<TeamCells>,
    /// The statement.
    pub origin: Origin,
}

/// What a capture statement says of its holes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CaptureKind {
    /// `capture`: landing on an opposing piece takes it.
    Capture {
        /// Must take.
        compulsory: bool,
        /// Send home instead of remove (with `swap`: where the swap cannot be made).
        send_home: bool,
        /// `swap`: the taken piece goes to the hole the taker left.
        #[serde(default)]
        swap: bool,
        /// `swap, else remove|send home` said what a swap that cannot be made does
        /// (`false`: the language default, send home).
        #[serde(default)]
        swap_else_said: bool,
        /// `…, throw again`: a move that takes gives its seat another throw.
        #[serde(default)]
        throw_again: bool,
        /// Its own target for a piece sent home; `None`: the game's `send home to`.
        home_to: Option<HomeTarget>,
        /// `take prisoner`: see [`CaptureSpec::prisoner`].
        #[serde(default)]
        prisoner: bool,
    },
    /// `no capture`: no taking there.
    NoCapture {
        /// Both teams may share the hole.
        sharing: bool,
    },
    /// `capture … only with a single throw of`: these values (bit mask).
    OnlyWith(u64),
    /// `immune after entering`: a piece that has entered becomes immune.
    Immune,
}

/// What landing on an opposing piece in one hole does, for one attacking team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct CellCapture {
    /// How it is taken, if it may be.
    pub spec: Option<CaptureSpec>,
    /// The `no capture` statement that forbids taking there, if one does.
    pub forbidden_by: Option<Origin>,
    /// Both teams may share the hole.
    pub sharing: bool,
    /// Taking needs a single throw of one of these values (bit mask), with its statement.
    pub only_with: Option<(u64, Origin)>,
}

impl Ir {
    /// The rule a fact came from.
    #[expect(
        clippy::indexing_slicing,
        reason = "an `Origin` holds the rule and statement indices lowering gave the fact it made"
    )]
    pub fn rule(&self, o: Origin) -> &RuleInfo {
        &self.rules[o.rule.index()]
    }

    /// The statement a fact came from.
    #[expect(
        clippy::indexing_slicing,
        reason = "an `Origin` holds the rule and statement indices lowering gave the fact it made"
    )]
    pub fn statement(&self, o: Origin) -> &Statement {
        &self.rules[o.rule.index()].statements[o.statement as usize]
    }

    /// The reading options that put a fact's statement in force (empty: every reading).
    pub fn readings_of(&self, o: Origin) -> &[Choice] {
        &self.statement(o).readings
    }

    /// Does any condition of the variant (or a part of one) satisfy `f`?
    pub fn any_cond(&self, f: &dyn Fn(&Cond) -> bool) -> bool {
        fn walk(c: &Cond, f: &dyn Fn(&Cond) -> bool) -> bool {
            f(c) || match c {
                Cond::Not(inner) => walk(inner, f),
                Cond::Once { when, .. } => when.iter().any(|c| walk(c, f)),
                _ => false,
            }
        }
        let tracks = self.teams.iter().flat_map(|t| {
            let gates = t.track.gates.iter().filter_map(|g| match &g.requirement {
                Requirement::Conds(cs) => Some(cs.as_slice()),
                _ => None,
            });
            t.track
                .looping
                .iter()
                .map(|l| l.when.as_slice())
                .chain(gates)
        });
        self.throws
            .iter()
            .map(|e| e.conds.as_slice())
            .chain(self.transitions.iter().map(|t| t.when.as_slice()))
            .chain(self.wins.iter().map(|w| w.when.as_slice()))
            .chain(self.draws.iter().map(|d| d.when.as_slice()))
            .chain(self.scores.iter().map(|d| d.when.as_slice()))
            .chain(self.sticks.conditional.iter().map(|c| c.when.as_slice()))
            .chain(
                self.capture
                    .immune_when
                    .iter()
                    .map(|w| std::slice::from_ref(&w.when)),
            )
            .chain(tracks)
            .any(|cs| cs.iter().any(|c| walk(c, f)))
    }

    /// Whether some move may walk a track backward: a `move back` entry, or moves turned
    /// backward when no forward move exists.
    pub fn walks_back(&self) -> bool {
        self.movement.back_when_stuck.value != BackWhenStuck::Never
            || self
                .throws
                .iter()
                .any(|e| e.effects.iter().any(|f| matches!(f, Effect::MoveBack(_))))
    }

    /// The names of the classes a throw of `k` face-0 sticks out of `n` belongs to.
    pub fn classes_of(&self, k: u8, n: u8) -> Vec<&str> {
        self.classes
            .iter()
            .filter(|c| c.contains(k, n))
            .map(|c| c.name.as_str())
            .collect()
    }
    /// The phase index of a name.
    pub fn phase(&self, name: &str) -> Option<PhaseId> {
        self.phases
            .value
            .iter()
            .position(|p| p == name)
            .map(|i| PhaseId::new(i as u8))
    }
    /// A team's facts.
    #[inline]
    pub fn team_of(&self, t: TeamId) -> &Team {
        &self.teams[t]
    }
    /// The team index of a name.
    pub fn team(&self, name: &str) -> Option<TeamId> {
        self.teams
            .iter()
            .position(|t| t.name == name)
            .map(TeamId::new)
    }
    /// The row holding a hole, and the hole's 0-based place in it.
    pub fn row_of(&self, c: Cell) -> Option<(usize, u16)> {
        self.rows
            .iter()
            .enumerate()
            .find(|(_, r)| r.holds(c))
            .map(|(i, r)| (i, c.0 - r.first.0))
    }
    /// Name of a hole, like `middle.3` (1-based).
    pub fn cell_name(&self, c: Cell) -> String {
        match self.rows.iter().find(|r| r.holds(c)) {
            Some(r) => format!("{}.{}", r.name, c.0 - r.first.0 + 1),
            None => format!("#{}", c.0),
        }
    }
    /// Start holes of a team's pieces (`None` for off the board).
    #[expect(
        clippy::indexing_slicing,
        reason = "lowering makes two teams and gives a start row only by the index of a row it made"
    )]
    pub fn start_cell(&self, team: TeamId, piece: usize) -> Option<Cell> {
        match self.team_of(team).start {
            Start::Row(r) => {
                let t = self.team_of(team);
                let hole = match t.holes.get(piece) {
                    Some(&h) => h,
                    None => t.first_hole + piece as u16,
                };
                Some(self.rows[r].cell(hole))
            }
            Start::Beside => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::{DefaultHasher, Hash, Hasher};

    fn hash_of(x: impl Hash) -> u64 {
        let mut h = DefaultHasher::new();
        x.hash(&mut h);
        h.finish()
    }

    /// A team is its number 0 or 1 wherever it shows: in order, hashes, `Debug`, `u8`.
    #[test]
    fn a_team_behaves_as_its_number() {
        for (i, t) in TeamId::BOTH.into_iter().enumerate() {
            assert_eq!(t.index(), i);
            assert_eq!(TeamId::new(i), t);
            assert_eq!(TeamId::from_index(i), Some(t));
            assert_eq!(TeamId::try_from(i as u8), Ok(t));
            assert_eq!(u8::from(t), i as u8);
            assert_eq!(hash_of(t), hash_of(i as u8));
            assert_eq!(format!("{t:?}"), format!("TeamId({i})"));
            assert_eq!(t.other().index(), 1 - i);
            assert_eq!(t.other().other(), t);
        }
        assert!(TeamId::FIRST < TeamId::SECOND);
        assert_eq!(TeamId::from_index(2), None);
        assert!(TeamId::try_from(2u8).is_err());
    }

    /// Every hole a board may have (below `MAX_CELLS`) is its own bit of a set: the masked
    /// word index finds the same word as the plain one.
    #[test]
    fn a_set_of_holes_keeps_each_hole_apart() {
        for c in 0..MAX_CELLS as u16 {
            let mut set = CellSet::default();
            set.insert(Cell::new(c));
            assert_eq!(set.0[c as usize / 64], 1 << (c % 64), "hole {c}");
            assert_eq!(set.iter().collect::<Vec<_>>(), vec![Cell::new(c)]);
            let mut all = CellSet([u64::MAX; 4]);
            all.remove(Cell::new(c));
            assert!(!all.contains(Cell::new(c)));
            assert_eq!(all.iter().count(), MAX_CELLS - 1, "hole {c}");
        }
    }

    /// A per-team table gives each team its own value, to read and to change.
    #[test]
    fn a_table_reads_and_changes_each_team_apart() {
        let mut t = ByTeam::new(10u32, 20u32);
        assert_eq!((t[TeamId::FIRST], t[TeamId::SECOND]), (10, 20));
        *t.get_mut(TeamId::SECOND) += 1;
        t[TeamId::FIRST] += 2;
        assert_eq!(t.into_array(), [12, 21]);
        assert_eq!(*t.get(TeamId::SECOND), 21);
        let pairs = [7u8, 9u8];
        assert_eq!((pairs[TeamId::FIRST], pairs[TeamId::SECOND]), (7, 9));
    }
}
