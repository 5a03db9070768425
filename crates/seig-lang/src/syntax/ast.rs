//! The typed syntax tree of a rule file. Every name and value keeps its span so that
//! later passes can point at the text. Nothing here knows pest.

use serde::Serialize;

pub use crate::ir::{HomeTarget, ParamAllowed};

/// Spans belong to diagnostics, which point at the text; the tree re-exports them.
pub use crate::diag::Span;
/// A rule's status is part of the IR too; the tree re-uses it.
pub use crate::ir::Status;

/// A value with the span of the text it came from.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it stands in the file.
    pub span: Span,
}

/// A name as written.
pub type Name = Spanned<String>;

/// A whole rule file.
#[derive(Debug, Clone, PartialEq, Serialize, Default)]
pub struct File {
    /// Top-level items in file order.
    pub items: Vec<Item>,
    /// Comments with their spans, kept for the formatter.
    pub comments: Vec<Spanned<String>>,
}

/// A top-level item.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Item {
    /// `game "title"`.
    Game(Spanned<String>),
    /// `source key "title" { … }`.
    Source(Source),
    /// `param name = d in lo..hi "doc"`.
    Param(Param),
    /// `reading ID "question" { options }`.
    Reading(Reading),
    /// `set aside key "sentence" because "reason"`.
    SetAside(SetAside),
    /// `rule ID status cites … { … }`.
    Rule(Rule),
}

impl Item {
    /// The span of the item's leading keyword or name, used to order and point.
    pub fn span(&self) -> Span {
        match self {
            Item::Game(s) => s.span,
            Item::Source(s) => s.span,
            Item::Param(p) => p.span,
            Item::Reading(r) => r.span,
            Item::SetAside(s) => s.span,
            Item::Rule(r) => r.span,
        }
    }
}

/// A source text the file cites.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Source {
    /// Whole item.
    pub span: Span,
    /// Key used by citations.
    pub key: Name,
    /// Title.
    pub title: Spanned<String>,
    /// `author`, `year`, `evidence`, `note`, `title`, `published`, `original`, `pages`,
    /// `text-begins`, `text-ends` fields.
    pub fields: Vec<(Name, Spanned<String>)>,
}

/// A numeric parameter of the variant.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Param {
    /// Whole item.
    pub span: Span,
    /// Name.
    pub name: Name,
    /// Default value: a number, or another param whose value it takes.
    pub default: Spanned<ParamDefault>,
    /// Inclusive lower bound.
    pub min: Spanned<i64>,
    /// Inclusive upper bound.
    pub max: Spanned<i64>,
    /// Which values of the range it takes (`odd`, `even`, or a list written instead of a
    /// range, whose least and greatest are `min` and `max`).
    pub allowed: ParamAllowed,
    /// What it means.
    pub doc: Option<Spanned<String>>,
}

/// A param's default: a number, or the name of another param whose value in force it takes
/// (`param counters = holes in 1..40`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum ParamDefault {
    /// A number.
    Number(i64),
    /// Another param's name.
    Param(String),
}

impl std::fmt::Display for ParamDefault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParamDefault::Number(n) => write!(f, "{n}"),
            ParamDefault::Param(p) => write!(f, "{p}"),
        }
    }
}

/// A reading: a named choice where the source is ambiguous.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reading {
    /// Whole item.
    pub span: Span,
    /// ID such as `A-TAG-1`.
    pub id: Name,
    /// The question.
    pub question: Spanned<String>,
    /// Options in order.
    pub options: Vec<ReadingOption>,
}

/// One option of a reading.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReadingOption {
    /// Option name.
    pub name: Name,
    /// Marked `(default)`.
    pub default: bool,
    /// Description.
    pub doc: Option<Spanned<String>>,
}

/// A source sentence knowingly left without a rule.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SetAside {
    /// Whole item.
    pub span: Span,
    /// Source key.
    pub source: Name,
    /// The sentence.
    pub sentence: Spanned<String>,
    /// Why no rule.
    pub reason: Spanned<String>,
}

/// A rule: ID, status, citations, statements.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rule {
    /// Whole item.
    pub span: Span,
    /// ID such as `TAG-C4`.
    pub id: Name,
    /// Status.
    pub status: Spanned<Status>,
    /// `cites key "sentence"`.
    pub citations: Vec<Citation>,
    /// Body.
    pub body: Vec<Stmt>,
}

/// A citation of a source sentence.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Citation {
    /// Source key.
    pub source: Name,
    /// Quoted sentence.
    pub quote: Spanned<String>,
}

/// An expression giving a number.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Expr {
    /// A literal.
    Int(i64),
    /// A parameter.
    Param(String),
    /// The throw's value plus a constant.
    Value(i64),
}

/// A statement with its span.
pub type Stmt = Spanned<StmtKind>;

/// A row reference, relative to a team where it says `own`/`opposing`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum RowRef {
    /// A row name or a kind (resolved later).
    Named(Name),
    /// Rows of this kind owned by the team.
    Own(Name),
    /// Rows of this kind owned by the other team.
    Opposing(Name),
}

/// A set of holes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Region {
    /// Every hole of the rows.
    Rows(RowRef),
    /// First and last holes of the rows.
    Ends(RowRef),
    /// First hole of the rows.
    First(RowRef),
    /// Last hole of the rows.
    Last(RowRef),
    /// `hole N of ROW`: the N-th hole of the rows (1-based, in the row's hole order).
    Hole(Box<Spanned<Expr>>, RowRef),
}

/// The test of an `if`: reading tests joined by `and`, `or`, `not` and parentheses.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum ReadingCond {
    /// `READING = OPTION`.
    Test(Name, Name),
    /// `not C`.
    Not(Box<Spanned<ReadingCond>>),
    /// `C and C …` (two or more).
    All(Vec<Spanned<ReadingCond>>),
    /// `C or C …` (two or more).
    Any(Vec<Spanned<ReadingCond>>),
    /// `( C )`: kept so the formatter prints the author's parentheses back.
    Group(Box<Spanned<ReadingCond>>),
}

impl ReadingCond {
    /// Every `READING = OPTION` test inside, in text order.
    pub fn tests(&self) -> Vec<(&Name, &Name)> {
        let mut out = Vec::new();
        self.each_test(&mut out);
        out
    }

    fn each_test<'a>(&'a self, out: &mut Vec<(&'a Name, &'a Name)>) {
        match self {
            Self::Test(r, o) => out.push((r, o)),
            Self::Not(c) | Self::Group(c) => c.node.each_test(out),
            Self::All(cs) | Self::Any(cs) => cs.iter().for_each(|c| c.node.each_test(out)),
        }
    }
}

/// A condition on the state.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Cond {
    /// Negation.
    Not(Box<Spanned<Cond>>),
    /// First throw of the seat's turn.
    FirstOfTurn,
    /// First throw of the team's turn.
    FirstOfTeamTurn,
    /// First throw of the game.
    FirstOfGame,
    /// Every piece of the team released.
    AllOwnReleased,
    /// Every piece of both teams released.
    AllReleased,
    /// `own|opposing pieces released CMP N`: a count of the team's (or the other team's)
    /// released pieces in the game.
    ReleasedCount(bool, Cmp, Spanned<Expr>),
    /// `own|opposing pieces borne off CMP N`: a count of the team's (or the other team's)
    /// pieces borne off the board.
    BorneCount(bool, Cmp, Spanned<Expr>),
    /// Every piece of the team past its goal.
    AllOwnArrived,
    /// The other team has unreleased pieces.
    OpponentHasUnreleased,
    /// No capture can happen any more.
    NoCapturePossible,
    /// Every piece immune or arrived.
    EveryPieceImmuneOrArrived,
    /// The other team has no pieces.
    OpponentHasNoPieces,
    /// A reading has an option.
    Reading(Name, Name),
    /// Every hole of the rows occupied (by the team's pieces when `own`).
    Full(Spanned<RowRef>, bool),
    /// Every hole of the rows has been landed on by the team's pieces at some time.
    Won(Spanned<RowRef>),
    /// Has held at some moment of the game so far (`once COND`, `once (COND and …)`).
    Once(Vec<Spanned<Cond>>),
    /// Every piece of the team in the game stands in the region.
    AllOwnIn(Spanned<Region>),
    /// A count of pieces in a region compared with a number or another count.
    Count(Counted, Cmp, CountRhs),
}

/// `own|opposing pieces in REGION`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Counted {
    /// The other team's pieces (else the team's own).
    pub opposing: bool,
    /// Where they are counted.
    pub region: Spanned<Region>,
}

/// What a count is compared with.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum CountRhs {
    /// A number or a param.
    Expr(Spanned<Expr>),
    /// Another count.
    Count(Counted),
}

/// A comparison is the IR's.
pub use crate::ir::Cmp;

/// What a throw is matched on.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum ThrowMatch {
    /// Any throw.
    Any,
    /// These values.
    Values(Vec<Spanned<i64>>),
    /// A class name.
    Class(Name),
    /// `V marked`: the throw whose only counted stick is the marked one (its value written).
    Marked(Spanned<i64>),
}

/// One effect of a throw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Effect {
    /// `move E`.
    Move(Spanned<Expr>),
    /// `move back E`: a move of E places back along the piece's track.
    MoveBack(Spanned<Expr>),
    /// `release N [ORDER] [moving E [within REGION]]`; the region confines the release's
    /// own places.
    Release(
        Spanned<Expr>,
        Option<Spanned<Expr>>,
        Option<ReleaseOrderKind>,
        Option<Spanned<Region>>,
    ),
    /// `release or move E [for N pieces]`.
    ReleaseOrMove(Spanned<Expr>, Option<Spanned<Expr>>),
    /// `throw again`.
    ThrowAgain,
    /// `cancel moves [, releases in place]` (`true`: the releases kept lose their places).
    CancelMoves(bool),
    /// `remove opposing piece`.
    RemoveOpposing,
    /// `enter PHASE`.
    EnterPhase(Name),
    /// `nothing`.
    Nothing,
}

/// Which throws a stick count applies to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum SticksWhen {
    /// The base count.
    Always,
    /// In a phase.
    InPhase(Name),
    /// First throw of each seat's turn.
    FirstOfTurn,
    /// First throw of the game.
    FirstOfGame,
    /// Throws of a team for which the conditions hold (`sticks if CONDS: N`).
    If(Vec<Spanned<Cond>>),
}

/// A track segment.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Segment {
    /// The row walked.
    pub row: Spanned<RowRef>,
    /// `true` for backward (last hole first).
    pub backward: bool,
    /// Optional label.
    pub label: Option<Name>,
    /// Marked `goal`.
    pub goal: bool,
}

/// `back along the track [as LABEL]`: the segments before it, walked in reverse.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TrackBack {
    /// Where it is written.
    pub span: Span,
    /// Optional label.
    pub label: Option<Name>,
}

/// What a gate requires.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Requirement {
    /// A throw value, judged as the second field says.
    Throw(Vec<Spanned<i64>>, ThrowJudge),
    /// A condition.
    Conds(Vec<Spanned<Cond>>),
}

/// Which throws of a move a gate's `throw in …` judges.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ThrowJudge {
    /// `by crossing throw`: the throw whose places carry the piece in.
    Crossing,
    /// `by move total`: the sum of the move's throws.
    Total,
    /// `by every throw`: each throw of the move (each step of a pooled walk).
    Every,
}

/// The statements of a rule body.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum StmtKind {
    /// `if A = o { … } else { … }` (tests joined by `and`, `or`, `not`).
    If {
        /// The test.
        test: Spanned<ReadingCond>,
        /// Then branch.
        then: Vec<Stmt>,
        /// Else branch.
        otherwise: Option<Vec<Stmt>>,
    },
    /// `row NAME: KIND [of TEAM], E holes`.
    Row {
        /// Row name.
        name: Name,
        /// Kind.
        kind: Name,
        /// Owner team.
        owner: Option<Name>,
        /// Hole count.
        holes: Spanned<Expr>,
    },
    /// `team NAME: E pieces in ROW [from hole E]|on HOLES of ROW|beside the board`.
    TeamPieces {
        /// Team.
        team: Name,
        /// Count.
        count: Spanned<Expr>,
        /// Start row; `None` for beside the board.
        start: Option<Spanned<RowRef>>,
        /// `from hole E`: the 1-based hole of the start row the first piece stands on.
        from_hole: Option<Spanned<Expr>>,
        /// `on holes A, B, … of ROW` / `on odd|even holes of ROW`: a start layout (the row
        /// is `start`); `None` for one piece per hole in hole order.
        layout: Option<Spanned<Layout>>,
    },
    /// `team NAME colour FACE`.
    TeamColour {
        /// Team.
        team: Name,
        /// Face.
        face: Name,
    },
    /// `team NAME shown as COLOUR|"#rrggbb"`: the colour the front ends draw the team in.
    TeamShown {
        /// Team.
        team: Name,
        /// The colour as written (a palette name, or the string's text).
        colour: Spanned<String>,
        /// Written as a string (`"#c0392b"`), not a name.
        quoted: bool,
    },
    /// `seats per team: E`.
    Seats(Spanned<Expr>),
    /// `order: T, T`.
    Order(Vec<Name>),
    /// `sticks [when]: E [with faces A and B] [, p(A) = x]`.
    Sticks {
        /// When this count applies.
        when: SticksWhen,
        /// Count.
        count: Spanned<Expr>,
        /// Faces.
        faces: Option<(Name, Name)>,
        /// Face probability.
        prob: Option<(Name, Spanned<f64>)>,
        /// Face probability in percent, a number or a param (`p(marked) = chance percent`).
        prob_percent: Option<(Name, Spanned<Expr>)>,
        /// `, one marked`: one of the sticks is marked.
        marked: bool,
    },
    /// `dice: E with faces V, V, …`: a throw of dice, each showing one of the values.
    Dice {
        /// Number of dice.
        count: Spanned<Expr>,
        /// The values of a die's faces, in order.
        faces: Vec<Spanned<i64>>,
    },
    /// `value: count of FACE|own colour`.
    Value(Option<Name>),
    /// `class NAME: shapes`.
    Class {
        /// Name.
        name: Name,
        /// `true` for all alike, `false` for all but one alike, in order.
        shapes: Vec<bool>,
    },
    /// `phases: A, B`.
    Phases(Vec<Name>),
    /// `allocation: pooled|per throw` (`true` = pooled).
    Allocation(bool),
    /// `release order: front-most|chosen|first hole|last hole`.
    ReleaseOrder(ReleaseOrderKind),
    /// `the throw after a release moves that piece`.
    BindAfterRelease,
    /// `from P enter Q when C`.
    Transition {
        /// From.
        from: Name,
        /// To.
        to: Name,
        /// When.
        when: Vec<Spanned<Cond>>,
    },
    /// `on M [in P] [if C]: effects`.
    Throw {
        /// Match.
        matches: ThrowMatch,
        /// Phase.
        phase: Option<Name>,
        /// Conditions.
        conds: Vec<Spanned<Cond>>,
        /// Effects.
        effects: Vec<Spanned<Effect>>,
    },
    /// `track T: segments`.
    Track {
        /// Team.
        team: Name,
        /// Segments.
        segments: Vec<Segment>,
        /// A last segment `back along the track [as LABEL]`.
        back: Option<TrackBack>,
    },
    /// `track T loops from S [when C]`.
    TrackLoop {
        /// Team.
        team: Name,
        /// Segment label or row.
        from: Name,
        /// When.
        when: Vec<Spanned<Cond>>,
        /// `, parked pieces stay` (`Some(true)`) or `, parked pieces circle` (`Some(false)`):
        /// whether pieces that stopped on the last hole before the condition held circle
        /// once it holds. `None`: not said.
        parked: Option<bool>,
    },
    /// `track T ends: stop|exact|bounce`.
    TrackEnd(Name, TrackEndKind),
    /// `track T entry: first hole|chosen hole|chosen empty hole`.
    TrackEntry(Name, TrackEntryKind),
    /// `track T branches|must branch at HOLE: segments, rejoining at HOLE`.
    TrackBranch {
        /// Team.
        team: Name,
        /// `must branch` (else `branches`, which leaves it to the language default).
        must: bool,
        /// `may branch`: the piece chooses its way.
        may: bool,
        /// The hole where the branch begins.
        at: Spanned<Region>,
        /// The branch's segments.
        segments: Vec<Segment>,
        /// The hole of the main path the branch leads back to.
        rejoin: Spanned<Region>,
    },
    /// `gate T S: requirement, else forbid|stop` (`true` = stop).
    Gate {
        /// Team.
        team: Name,
        /// Segment label or row.
        segment: Name,
        /// Requirement.
        requirement: Requirement,
        /// Halt before the gate instead of forbidding.
        stop: bool,
    },
    /// `stacking: forbidden|allowed [except at goal [and end]]`.
    Stacking {
        /// Own pieces may share a hole.
        allowed: bool,
        /// Own pieces may share the goal's last hole even when stacking is forbidden.
        except_goal: bool,
        /// `… and end`: and the track's last hole.
        except_end: bool,
    },
    /// `capture [in R]: mode, effect`.
    Capture {
        /// Region.
        region: Option<Spanned<Region>>,
        /// Compulsory.
        compulsory: bool,
        /// Send home instead of remove (also under `swap`: where no swap can be made).
        send_home: bool,
        /// `swap`: the taken piece goes to the hole the taker left.
        swap: bool,
        /// `swap, else remove|send home` (`true`: send home), where the swap cannot be made.
        swap_else: Option<bool>,
        /// `take prisoner`: the taken stack is carried under the taker.
        prisoner: bool,
        /// `to start hole|first empty hole|chosen empty hole` after the effect.
        home_to: Option<Spanned<HomeTarget>>,
        /// `…, throw again`: a move that takes gives its seat another throw.
        throw_again: bool,
    },
    /// `no capture in R[, sharing]`.
    NoCapture {
        /// Region.
        region: Spanned<Region>,
        /// Both teams may share.
        sharing: bool,
    },
    /// `capture in R only with a single throw of V`.
    CaptureOnly {
        /// Region.
        region: Spanned<Region>,
        /// Values.
        values: Vec<Spanned<i64>>,
    },
    /// `blocked landing: share|forbidden` (`true` = share).
    Blocked(bool),
    /// `immune after entering R`.
    Immune(Spanned<Region>),
    /// `immune after arriving`: a piece that has arrived can never be captured.
    ImmuneArrived,
    /// `immune until released`: a piece still waiting for its release can never be captured.
    ImmuneUntilReleased,
    /// `immune when C first holds: own|opposing released pieces on the board`.
    ImmuneWhen {
        /// The conditions, seen from each team.
        when: Vec<Spanned<Cond>>,
        /// The opposing team's pieces (else the team's own).
        opposing: bool,
    },
    /// `send home to: start hole|first empty hole|chosen empty hole`.
    SendHomeTo(HomeTarget),
    /// `win [in PHASE] when C`.
    Win(Option<Name>, Vec<Spanned<Cond>>),
    /// `seat order: team blocks|alternating` (`true` = alternating).
    SeatOrder(bool),
    /// `draw [in PHASE] when C`.
    Draw(Option<Name>, Vec<Spanned<Cond>>),
    /// `end [in PHASE] when C: most pieces in REGION wins`.
    ScoreEnd {
        /// Phase.
        phase: Option<Name>,
        /// When.
        when: Vec<Spanned<Cond>>,
        /// Where each team's pieces are counted, seen from the team.
        region: Spanned<Region>,
    },
    /// `moves per piece per turn: one|several` (`true` = one).
    MovesPerPiece(bool),
    /// `pooled throws land: once|after each throw` (`true` = after each throw).
    PooledLanding(bool),
    /// `pooled throws walk: any order|in throw order` (`true` = in throw order).
    PooledWalk(bool),
    /// `moves: forced|optional` (`true` = optional: a seat may decline its moves).
    Moves(bool),
    /// `throwing on: as thrown|at will` (`true` = at will: a seat may throw again after a
    /// throw that gives no throw again).
    ThrowingOn(bool),
    /// `passing own|opposing pieces: allowed|forbidden`.
    Passing {
        /// `own` (else `opposing`).
        own: bool,
        /// `allowed` (else `forbidden`).
        allowed: bool,
    },
    /// `must land on REGION`: a move may not walk past those holes.
    MustLand(Spanned<Region>),
    /// `holes passed in REGION are won`: a move wins the holes of REGION it walks past, as
    /// a landing there would (taking there, and the hole won).
    PassedWon(Spanned<Region>),
    /// `landing on REGION goes to REGION`: a move ending on a hole of the first region
    /// puts the piece on the hole the second names.
    SendOn {
        /// The holes that send a piece on.
        from: Spanned<Region>,
        /// The hole it goes to (one per team).
        to: Spanned<Region>,
    },
    /// `protection: N in a row`: a piece on a hole of N or more holes in a row along its
    /// track, each holding pieces of its team, cannot be taken.
    Protection(Spanned<Expr>),
    /// `blockade: N in a row`: a move may not walk past a hole of N or more holes in a row
    /// along the mover's track, each holding opposing pieces.
    Blockade(Spanned<Expr>),
    /// `bear off from REGION with VALUES|any`: a released piece on a hole of REGION may
    /// leave the board with a throw of one of the values (`None`: any throw).
    BearOff {
        /// The holes a piece bears off from.
        from: Spanned<Region>,
        /// The throw values that bear off (`None`: `any`).
        values: Option<Vec<Spanned<i64>>>,
    },
    /// `bearing off: exact throws|larger throws too` (`true` = larger too).
    BearingLarger(bool),
    /// `when no move forward: move backward, must|may` (`true`: may).
    BackWhenStuck(bool),
    /// `moving back past the first hole: stop|forbidden` (`true`: forbidden).
    BackStart(bool),
    /// `prisoners freed: on arrival|at once` (`true`: at once).
    PrisonersFreed(bool),
    /// `split throws: whole|halves|any split`.
    SplitThrows(crate::ir::SplitThrows),
    /// `blocked release: lost|released in place|another piece`.
    BlockedRelease(BlockedReleaseKind),
    /// `stacks: move together|move apart` (`true` = together).
    Stacks(bool),
}

/// The holes of a start layout, as written.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum Layout {
    /// `holes A, B, …`: the 1-based holes, one per piece in piece order.
    Listed(Vec<Spanned<Expr>>),
    /// `odd holes`: holes 1, 3, 5 … of the row.
    Odd,
    /// `even holes`: holes 2, 4, 6 … of the row.
    Even,
}

/// Which unreleased piece a release takes, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum ReleaseOrderKind {
    /// `front-most`.
    FrontMost,
    /// `rear-most`.
    RearMost,
    /// `chosen`.
    Chosen,
    /// `first hole`.
    FirstHole,
    /// `last hole`.
    LastHole,
}

/// What a walk past a track's last hole does, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum TrackEndKind {
    /// `stop`.
    Stop,
    /// `exact`.
    Exact,
    /// `bounce`.
    Bounce,
}

/// Where a piece off its track steps onto it, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum TrackEntryKind {
    /// `first hole`.
    FirstHole,
    /// `chosen hole`.
    Chosen,
    /// `chosen empty hole`.
    ChosenEmpty,
}

/// What a blocked release does, as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum BlockedReleaseKind {
    /// `lost`.
    Lost,
    /// `released in place`.
    InPlace,
    /// `another piece`.
    AnotherPiece,
}
