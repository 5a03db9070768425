//! The words for the engine's refusals: what is wrong, and the statement, language default
//! or fact that decided it. The engine's [`Refusal`] carries data only; every tool that
//! says why an action is refused (explain, `--refusals`, traces, the terminal's `w`, the
//! web page) says it with these words, and names only what the refusal names.

use crate::analysis::explain::{RuleCite, cite};
use seig_engine::{Ground as Decided, Refusal, RefusalKind};
use seig_lang::ir::{
    BlockedRelease, CaptureKind, EngineChoiceId, Ir, Origin, ReleaseOrder, StatementKind,
};
use serde::Serialize;

/// What a reason rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ground {
    /// A statement of a rule of the file.
    Rule,
    /// The language's documented default, where the file says nothing.
    LanguageDefault,
    /// A fact of the position: the move names what is not there.
    Position,
}

/// One reason an action is refused (or a forfeit made), as people read it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Because {
    /// What forbids it, in words.
    pub statement: String,
    /// What the reason rests on.
    pub ground: Ground,
    /// The rule that states it (with [`Ground::Rule`]).
    pub rule: Option<RuleCite>,
    /// The reading options that put the statement in force (`A-TAG-7 = front-most`).
    pub readings: Vec<String>,
    /// The engine choice whose language default decided (with [`Ground::LanguageDefault`]).
    pub default: Option<&'static str>,
}

/// The reading options that put a statement in force, as `ID = option`.
pub fn readings(ir: &Ir, o: Origin) -> Vec<String> {
    ir.readings_of(o)
        .iter()
        .filter_map(|c| {
            let r = ir.readings.get(c.reading)?;
            let (opt, _) = r.options.get(c.option)?;
            Some(format!("{} = {opt}", r.id))
        })
        .collect()
}

/// The reason a ground gives, with `words` saying what it says.
pub(crate) fn because_of(ir: &Ir, g: Decided, words: String) -> Because {
    match g {
        Decided::Stated(o) => Because {
            statement: words,
            ground: Ground::Rule,
            rule: Some(cite(ir, o.rule)),
            readings: readings(ir, o),
            default: None,
        },
        Decided::Default(c) => Because {
            statement: words,
            ground: Ground::LanguageDefault,
            rule: None,
            readings: Vec::new(),
            default: Some(c.name()),
        },
        Decided::Fact => Because {
            statement: words,
            ground: Ground::Position,
            rule: None,
            readings: Vec::new(),
            default: None,
        },
    }
}

/// The reasons of a refusal: one for its ground, one for its second ground if it has one.
pub fn because(ir: &Ir, r: &Refusal) -> Vec<Because> {
    let mut v = vec![because_of(ir, r.ground, ground_words(ir, r))];
    if let Some(also) = r.also {
        v.push(because_of(ir, also, also_words(ir, r, also)));
    }
    v
}

/// What is wrong, in a few words (`a piece may not pass opposing pieces`).
pub fn what(r: &Refusal) -> String {
    use RefusalKind as K;
    match r.kind {
        K::NotThrowTime => "it is not time to throw: a piece must be moved first".into(),
        K::NotMoveTime => "it is time to throw, not to move".into(),
        K::Over => "the game is over".into(),
        K::ThrowLimit => "more than 255 throws in one turn: the engine's limit".into(),
        K::NoSuchThrow => "the sticks thrown cannot show that".into(),
        K::PoolLimit => format!(
            "more than {} moves pooled in one turn: the engine's limit",
            seig_engine::POOL_MAX
        ),
        K::NoSuchPiece => "the team has no such piece".into(),
        K::PieceRemoved => "that piece is out of the game".into(),
        K::NoSuchEntries => "no such throws in the pool".into(),
        K::EntryUsed => "that throw is already used".into(),
        K::Bound => "this throw must move a piece its throw's release just released".into(),
        K::SamePiece => "the moves of one `release or move` throw go to different pieces".into(),
        K::NotReleased => {
            "this piece is not released yet, and these throws release no piece".into()
        }
        K::ReleasedTwice => "a piece is released by one throw only".into(),
        K::NotNextReleased(o) => format!("a release takes {}", next_released(o)),
        K::AlreadyReleased => "this piece is already released".into(),
        K::Gate => "a gate keeps this move out of that part of the track".into(),
        K::Confined => "this release's places must stay within the holes its rule names".into(),
        K::GateStop => "a gate halts the piece before it moves".into(),
        K::NoPlaces => "this throw moves no places".into(),
        K::TrackEnd => "this piece cannot move further along its track".into(),
        K::ExactEnd => "this piece reaches the end of its track only with the exact count".into(),
        K::BouncedBack => "this move bounces back to the hole it left".into(),
        K::BeforeStart => "this move would go back before the track's start".into(),
        K::BackAtStart => "this piece has no hole of its track behind it to move back to".into(),
        K::BackPastStart => {
            "a backward move needs as many holes behind the piece as it has places".into()
        }
        K::BackAlone => "a backward move is made alone, not with other throws".into(),
        K::PartAlone => "a part of a split throw is moved alone, not with other throws".into(),
        K::Stacking => "a team may not have two pieces on one hole".into(),
        K::Protected => {
            "the landing hole holds an opposing piece that may not be taken there".into()
        }
        K::NothingToTake => "no opposing piece stands there to take".into(),
        K::CannotTake => "the opposing pieces there may not be taken".into(),
        K::MustTake => "taking is compulsory here".into(),
        K::MovedThisTurn => "this piece has already moved in this turn".into(),
        K::InStack => "this piece moves only with its stack".into(),
        K::PassOwn => "a piece may not pass its own pieces".into(),
        K::PassOpposing => "a piece may not pass opposing pieces".into(),
        K::MustLand => "a piece may not walk past a hole it must land on".into(),
        K::Blockade => "a piece may not walk past a blockade of opposing pieces".into(),
        K::BearOffHere => "a piece bears off only from the holes, and with the throws, a `bear off` statement names".into(),
        K::BearOffOneThrow => "a released piece bears off with a move of one throw".into(),
        K::NoEntryHere => "this move enters no hole, so it names none".into(),
        K::NoWayToKeep => {
            "this piece stands where no branch it may decline begins: it has no way to keep".into()
        }
        K::EntryOffSegment => "a piece enters a hole of its track's first segment".into(),
        K::EntryOccupied => "a piece stands on that hole: a piece enters an empty hole".into(),
        K::EntryNoStep => "this move takes no step, so it enters no hole".into(),
        K::GroupPerThrow => "each throw moves one piece by itself".into(),
        K::NotOffered => {
            "throws alike are one choice: the engine offers the same move with the first of them"
                .into()
        }
        K::GroupLimit => {
            "the engine offers at most 65,536 groups of pool entries at one decision".into()
        }
        K::DecisionLimit => format!(
            "this position has more than {} legal decisions, the most the engine lists (MAX_DECISIONS)",
            seig_engine::MAX_DECISIONS
        ),
        K::MustMove => "a piece can move, so the seat may not pass".into(),
        K::NoThrowOn => "the seat may not throw on now".into(),
        K::HomeFirst => {
            "a piece sent home waits for its hole: the seat chooses it before anything else".into()
        }
        K::NoHoming => "no piece sent home waits for its hole".into(),
        K::HomeNotEmpty => {
            "a piece sent home goes to an empty hole of its start row, and this is none".into()
        }
        K::Other => "refused".into(),
    }
}

/// One line for people: what is wrong, and what decided it.
pub fn line(ir: &Ir, r: &Refusal) -> String {
    let mut out = what(r);
    for b in because(ir, r) {
        match (&b.rule, b.ground) {
            (Some(rule), _) => {
                out.push_str(&format!("; {} ({}): {}", rule.id, rule.status, b.statement));
                if !b.readings.is_empty() {
                    out.push_str(&format!(" under {}", b.readings.join(", ")));
                }
            }
            (None, Ground::LanguageDefault) => {
                out.push_str(&format!("; language default: {}", b.statement));
            }
            (None, _) => {}
        }
    }
    out
}

fn next_released(o: ReleaseOrder) -> &'static str {
    match o {
        ReleaseOrder::FrontMost => "the front-most unreleased piece",
        ReleaseOrder::RearMost => "the rear-most unreleased piece",
        ReleaseOrder::Chosen => "the piece the player chooses",
        ReleaseOrder::FirstHole => "the waiting piece on the lowest-numbered hole",
        ReleaseOrder::LastHole => "the waiting piece on the highest-numbered hole",
    }
}

fn order_name(o: ReleaseOrder) -> &'static str {
    match o {
        ReleaseOrder::FrontMost => "front-most",
        ReleaseOrder::RearMost => "rear-most",
        ReleaseOrder::Chosen => "chosen",
        ReleaseOrder::FirstHole => "first hole",
        ReleaseOrder::LastHole => "last hole",
    }
}

/// What the capture statement at `o` says, if it is one.
fn capture_kind(ir: &Ir, o: Origin) -> Option<CaptureKind> {
    ir.capture
        .stated
        .iter()
        .find(|s| s.origin == o)
        .map(|s| s.kind)
}

/// Why the opposing pieces on a hole may not be taken, as the ground protecting them says.
pub fn protection(ir: &Ir, g: Decided) -> String {
    match g {
        Decided::Stated(o) => match ir.statement(o).kind {
            StatementKind::ImmuneWhen => {
                "the piece there was made immune when the statement's condition first held".into()
            }
            StatementKind::Immune => {
                "the piece there is immune: it has entered the holes that make a piece immune"
                    .into()
            }
            StatementKind::Protection => {
                "the piece there is protected: it stands in a row of its team's pieces".into()
            }
            _ => match capture_kind(ir, o) {
                Some(CaptureKind::OnlyWith(_)) => {
                    "there a piece is taken only with a single throw of certain values".into()
                }
                Some(CaptureKind::NoCapture { .. }) => "no capture on that hole".into(),
                _ => "the piece there may not be taken".into(),
            },
        },
        Decided::Default(_) => {
            "capture: no capture statement covers that hole, so nothing is taken there".into()
        }
        Decided::Fact => "the piece there may not be taken".into(),
    }
}

/// What the refusal's ground says, in the refusal's terms.
fn ground_words(ir: &Ir, r: &Refusal) -> String {
    use RefusalKind as K;
    let g = r.ground;
    match r.kind {
        // What the order takes is the refusal's own words (`what`): not said twice.
        K::NotNextReleased(o) => match g {
            Decided::Stated(st) if ir.statement(st).kind == StatementKind::Throw => {
                format!("the release names its own order: {}", order_name(o))
            }
            _ => format!("release order: {}", order_name(o)),
        },
        K::Gate => "a gate: this move may not enter the part of the track it guards".into(),
        K::GateStop => "a gate: … else stop (the piece halts before it)".into(),
        K::TrackEnd => match g {
            Decided::Stated(o) if ir.statement(o).kind == StatementKind::TrackLoop => {
                "the track loops only while its condition holds, and it does not now".into()
            }
            _ => "track end: stop (a piece stops at the end of its track)".into(),
        },
        K::ExactEnd => "track end: exact (the last hole is reached only with the exact count)".into(),
        K::BouncedBack => "track end: bounce (a piece walks back from the last hole)".into(),
        K::BackAtStart => "moving back past the first hole: stop (a backward move stops on the track's first hole)".into(),
        K::BackPastStart => "moving back past the first hole: forbidden (a backward move needs the holes behind the piece)".into(),
        K::BackAlone => "backward moves (a backward move is one throw, never pooled with others)".into(),
        K::PartAlone => "split throws (a part of a split throw is moved alone, never pooled with others)".into(),
        K::Stacking => "stacking: own pieces may not share a hole".into(),
        K::Protected | K::CannotTake => protection(ir, g),
        K::MustTake => "capture: compulsory (the move must take)".into(),
        K::MovedThisTurn => "moves per piece per turn: one".into(),
        K::InStack => "stacks: move together (a stack moves as one, by its first piece)".into(),
        K::PassOwn => "passing own pieces: forbidden".into(),
        K::PassOpposing => "passing opposing pieces: forbidden".into(),
        K::MustLand => "must land on (a piece reaches that hole by the exact count before going on)".into(),
        K::Blockade => "blockade: N in a row (opposing pieces on that many holes in a row along the track may not be walked past)".into(),
        K::BearOffHere | K::BearOffOneThrow => match g {
            Decided::Default(_) => "bear off from … (none: no piece leaves the board but by a capture)".into(),
            _ => "bear off from REGION with VALUES (a released piece on those holes leaves the board with one throw of those values)".into(),
        },
        K::NoEntryHere | K::EntryOffSegment | K::EntryOccupied | K::EntryNoStep => match g {
            Decided::Default(_) => "track entry: first hole (a piece steps onto its track's first hole)".into(),
            _ => "track entry: chosen hole (a piece off its track steps onto a hole of the first segment)".into(),
        },
        K::NoWayToKeep => "track TEAM may branch at HOLE (a piece standing there may keep to its way, `>keep`)".into(),
        K::Bound => "the throw after a release moves that piece".into(),
        K::Confined => "release N moving E within REGION (its places stay in REGION)".into(),
        K::NotReleased => {
            "the throw gives a move, which only a released piece makes: it releases none".into()
        }
        K::GroupPerThrow => "allocation: per throw (each throw moves one piece by itself)".into(),
        K::MustMove => "moves: forced (a seat must move while some move is legal)".into(),
        K::HomeFirst | K::HomeNotEmpty => {
            "send home to: chosen empty hole (the capturing seat puts each piece it sends home on an empty hole of the piece's start row)".into()
        }
        K::NoThrowOn if !ir.throw_on_at_will.value => {
            "throwing on: as thrown (a seat throws again only when a throw gives it)".into()
        }
        K::NoThrowOn => match ir.allocation.value {
            seig_lang::ir::Allocation::Pooled => {
                "throwing on: at will (after a throw that gives no throw again, before any move of the pool)".into()
            }
            seig_lang::ir::Allocation::PerThrow => {
                "throwing on: at will (after a throw that gives no throw again, once its moves are done)".into()
            }
        },
        _ => what(r),
    }
}

/// What a refusal's second ground says.
fn also_words(ir: &Ir, r: &Refusal, g: Decided) -> String {
    match r.kind {
        RefusalKind::Protected => {
            "blocked landing: forbidden (a piece may not land beside an opposing piece it may not take)"
                .into()
        }
        RefusalKind::TrackEnd => match g {
            Decided::Stated(o) if ir.statement(o).kind == StatementKind::TrackLoop => {
                "the track loops on only while its condition holds, and it does not now".into()
            }
            Decided::Default(EngineChoiceId::TrackEnd) | Decided::Stated(_) => {
                "track end: stop (a piece stops at the end of its track)".into()
            }
            _ => what(r),
        },
        RefusalKind::NotNextReleased(_) => {
            let how = match ir.movement.blocked_release.value {
                BlockedRelease::AnotherPiece => "another piece",
                BlockedRelease::InPlace => "released in place",
                BlockedRelease::Lost => "lost",
            };
            format!(
                "blocked release: {how} (a release passes over a waiting piece only when that piece's move is refused)"
            )
        }
        _ => what(r),
    }
}
