//! Turns, phases and wins: how a turn's throws become moves, which piece a release takes,
//! the phase changes and the win conditions.

use super::cx::Cx;
use super::flatten::Flat;
use super::{Setting, set_once};
use crate::lang::diag::{Code, Diagnostic};
use crate::lang::ir::*;
use crate::lang::syntax::ast::{ReleaseOrderKind, StmtKind};

/// The statements about turns, phases and wins in force.
pub(super) struct TurnStmts {
    /// How a turn's throws become moves.
    pub allocation: Option<Setting<Allocation>>,
    /// Which piece a release takes.
    pub release_order: Option<Setting<ReleaseOrder>>,
    /// The throw after a release moves the released piece (the rule).
    pub bind: Option<Setting<RuleIx>>,
    /// Phase changes, in file order.
    pub transitions: Vec<Transition>,
    /// Win conditions, in file order.
    pub wins: Vec<Win>,
}

/// Collects them.
pub(super) fn turn_statements(cx: &mut Cx, flat: &[Flat]) -> TurnStmts {
    let mut ts = TurnStmts {
        allocation: None,
        release_order: None,
        bind: None,
        transitions: Vec::new(),
        wins: Vec::new(),
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
                let o = match kind {
                    ReleaseOrderKind::FrontMost => ReleaseOrder::FrontMost,
                    ReleaseOrderKind::Chosen => ReleaseOrder::Chosen,
                    ReleaseOrderKind::FirstHole => ReleaseOrder::FirstHole,
                    ReleaseOrderKind::LastHole => ReleaseOrder::LastHole,
                };
                set_once(cx, &mut ts.release_order, o, f, "the release order");
            }
            StmtKind::BindAfterRelease => {
                let what = "binding the throw after a release";
                set_once(cx, &mut ts.bind, f.rule, f, what);
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
                        rule: f.rule,
                        origin,
                    });
                }
            }
            StmtKind::Win(cs) => {
                let when = cx.conds(cs);
                if let Some(origin) = f.origin {
                    ts.wins.push(Win {
                        when,
                        rule: f.rule,
                        origin,
                    });
                }
            }
            _ => {}
        }
    }
    ts
}

/// A release order by hole needs pieces that wait on holes: an error when a team starts
/// beside the board (its waiting pieces have no hole to be ordered by).
pub(super) fn check_release_order(
    cx: &mut Cx,
    order: Option<&Setting<ReleaseOrder>>,
    teams: &[Team],
) {
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
