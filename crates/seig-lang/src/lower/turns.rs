//! Turns, phases and wins: how a turn's throws become moves, which piece a release takes,
//! the phase changes and the win conditions.

use super::cx::Cx;
use super::flatten::Flat;
use super::{Setting, set_once};
use crate::diag::{Code, Diagnostic};
use crate::ir::*;
use crate::syntax::ast::{ReleaseOrderKind, StmtKind};

/// The statements about turns, phases and wins in force.
pub(super) struct TurnStmts {
    /// How a turn's throws become moves.
    pub allocation: Option<Setting<Allocation>>,
    /// Which piece a release takes.
    pub release_order: Option<Setting<ReleaseOrder>>,
    /// The throw after a release moves the released piece (the rule).
    pub bind: Option<Setting<()>>,
    /// Phase changes, in file order.
    pub transitions: Vec<Transition>,
    /// Win conditions, in file order.
    pub wins: Vec<Win>,
    /// How the seats take turns.
    pub seat_order: Option<Setting<SeatOrder>>,
    /// Draw conditions, in file order.
    pub draws: Vec<Draw>,
    /// Ends by score, in file order.
    pub scores: Vec<ScoreEnd>,
    /// Whether a seat may decline its moves (`moves: optional`).
    pub moves_optional: Option<Setting<bool>>,
    /// Whether a seat may throw again at will (`throwing on: at will`).
    pub throw_on_at_will: Option<Setting<bool>>,
}

/// Collects them.
pub(super) fn turn_statements(cx: &mut Cx, flat: &[Flat]) -> TurnStmts {
    let mut ts = TurnStmts {
        allocation: None,
        release_order: None,
        bind: None,
        transitions: Vec::new(),
        wins: Vec::new(),
        seat_order: None,
        draws: Vec::new(),
        scores: Vec::new(),
        moves_optional: None,
        throw_on_at_will: None,
    };
    for f in flat {
        match &f.stmt.node {
            StmtKind::Allocation(pooled) => {
                let a = if *pooled {
                    Allocation::Pooled
                } else {
                    Allocation::PerThrow
                };
                set_once(cx, &mut ts.allocation, a, f, "the allocation of throws");
            }
            StmtKind::ReleaseOrder(kind) => {
                let o = release_order(*kind);
                set_once(cx, &mut ts.release_order, o, f, "the release order");
            }
            StmtKind::BindAfterRelease => {
                let what = "binding the throw after a release";
                set_once(cx, &mut ts.bind, (), f, what);
            }
            StmtKind::Transition { from, to, when } => {
                let (a, b) = (cx.phase(from), cx.phase(to));
                let when = cx.conds(when);
                if let (Some(from_ix), Some(to_ix), Some(origin)) = (a, b, f.origin) {
                    if from_ix == to_ix {
                        cx.diags.push(
                            Diagnostic::error(
                                Code::PhaseIntoItself,
                                to.span,
                                "a phase cannot change into itself",
                                "the same phase as after `from`",
                            )
                            .with_help("name the phase to enter, or remove the statement"),
                        );
                    }
                    ts.transitions.push(Transition {
                        from: from_ix,
                        to: to_ix,
                        when,
                        origin,
                    });
                }
            }
            StmtKind::Win(..) | StmtKind::Draw(..) | StmtKind::ScoreEnd { .. } => {
                end_statement(cx, &mut ts, f);
            }
            StmtKind::SeatOrder(alternating) => {
                let o = if *alternating {
                    SeatOrder::Alternating
                } else {
                    SeatOrder::TeamBlocks
                };
                set_once(cx, &mut ts.seat_order, o, f, "the seat order");
            }
            StmtKind::Moves(optional) => {
                let what = "whether moves are forced";
                set_once(cx, &mut ts.moves_optional, *optional, f, what);
            }
            StmtKind::ThrowingOn(at_will) => {
                let what = "throwing on";
                set_once(cx, &mut ts.throw_on_at_will, *at_will, f, what);
            }
            _ => {}
        }
    }
    super::ends::draws_never_reached(cx, &ts.wins, &ts.draws, &ts.scores, flat);
    ts
}

/// The IR's release order for its words.
pub(super) fn release_order(kind: ReleaseOrderKind) -> ReleaseOrder {
    match kind {
        ReleaseOrderKind::FrontMost => ReleaseOrder::FrontMost,
        ReleaseOrderKind::RearMost => ReleaseOrder::RearMost,
        ReleaseOrderKind::Chosen => ReleaseOrder::Chosen,
        ReleaseOrderKind::FirstHole => ReleaseOrder::FirstHole,
        ReleaseOrderKind::LastHole => ReleaseOrder::LastHole,
    }
}

/// A release order by hole needs pieces that wait on holes: an error when a team starts
/// beside the board (its waiting pieces have no hole to be ordered by).
pub(super) fn check_release_order(
    cx: &mut Cx,
    order: Option<&Setting<ReleaseOrder>>,
    teams: &ByTeam<Team>,
) {
    effect_orders_by_hole(cx, teams);
    let Some(o) = order else { return };
    if !matches!(o.value, ReleaseOrder::FirstHole | ReleaseOrder::LastHole) {
        return;
    }
    if let Some(t) = teams.iter().find(|t| t.start == Start::Beside) {
        cx.diags.push(
            Diagnostic::error(
                Code::ReleaseOrderByHole,
                o.span,
                format!(
                    "team `{}` starts beside the board: its pieces have no hole to be released in order of",
                    t.name
                ),
                "release order by hole",
            )
            .with_help("start the pieces in a row, or say `release order: front-most` or `chosen`"),
        );
    }
}

/// E114 for a throw entry's own release order by hole (`release 8 first hole`) where a
/// team starts beside the board.
fn effect_orders_by_hole(cx: &mut Cx, teams: &ByTeam<Team>) {
    let Some(t) = teams.iter().find(|t| t.start == Start::Beside) else {
        return;
    };
    for span in std::mem::take(&mut cx.hole_orders) {
        cx.diags.push(
            Diagnostic::error(
                Code::ReleaseOrderByHole,
                span,
                format!(
                    "team `{}` starts beside the board: its pieces have no hole to be released in order of",
                    t.name
                ),
                "release order by hole",
            )
            .with_help("start the pieces in a row, or give this release `front-most`, `rear-most` or `chosen`"),
        );
    }
}

/// A `win`, `draw` or `end … most pieces` statement: its phase and conditions.
fn end_statement(cx: &mut Cx, ts: &mut TurnStmts, f: &Flat) {
    let (phase, cs) = match &f.stmt.node {
        StmtKind::Win(p, cs) | StmtKind::Draw(p, cs) => (p, cs),
        StmtKind::ScoreEnd { phase, when, .. } => (phase, when),
        _ => return,
    };
    let ph = match phase {
        Some(p) => match cx.phase(p) {
            Some(i) => Some(i),
            None => return,
        },
        None => None,
    };
    let when = cx.conds(cs);
    let region = match &f.stmt.node {
        StmtKind::ScoreEnd { region, .. } => cx.region(region),
        _ => None,
    };
    let Some(origin) = f.origin else { return };
    match &f.stmt.node {
        StmtKind::Win(..) => ts.wins.push(Win {
            when,
            phase: ph,
            origin,
        }),
        StmtKind::Draw(..) => ts.draws.push(Draw {
            when,
            phase: ph,
            origin,
        }),
        _ => {
            if let Some(region) = region {
                ts.scores.push(ScoreEnd {
                    when,
                    phase: ph,
                    region,
                    origin,
                });
            }
        }
    }
}
