//! Stacks: whether own pieces standing together move together (`stacks: move together`),
//! and the contradiction of stacks where no two own pieces may share a hole.

use super::cx::Cx;
use super::flatten::Flat;
use super::{Setting, set_once};
use crate::diag::{Code, Diagnostic};
use crate::ir::*;
use crate::syntax::ast::StmtKind;

/// The `stacks:` statement in force (`true`: together), if any.
pub(super) fn stacks_statement(cx: &mut Cx, flat: &[Flat]) -> Option<Setting<bool>> {
    let mut stacks = None;
    for f in flat {
        if let StmtKind::Stacks(together) = &f.stmt.node {
            set_once(cx, &mut stacks, *together, f, "how stacked pieces move");
        }
    }
    stacks
}

/// Puts the setting into `movement`. `together` where no two own pieces may ever share a
/// hole is E115: under `stacking: forbidden` (said, or by default), or under `forbidden
/// except at goal` with no `goal` segment. Under `except at goal`, stacks form only on the
/// goal's last hole; W026 when no piece can leave it (`together` then changes nothing).
pub(super) fn apply(
    cx: &mut Cx,
    stacks: Option<&Setting<bool>>,
    capture: &CapturePolicy,
    teams: &ByTeam<Team>,
    movement: &mut Movement,
) {
    let Some(s) = stacks else { return };
    movement.stacks_together = s.sourced();
    if !s.value || capture.stacking.value {
        return;
    }
    let goals = || teams.iter().filter(|t| t.track.goal.is_some());
    let why = match (capture.stacking_at_goal, !capture.stacking.is_default()) {
        (true, _) if goals().next().is_some() => {
            if goals().all(|t| stuck_at_goal(&t.track)) {
                stacks_never_move(cx, s);
            }
            return;
        }
        (true, _) => "the file allows stacking only at a goal, and no track has a `goal` segment",
        (false, true) => "the file says `stacking: forbidden`",
        (false, false) => "stacking is forbidden by default",
    };
    cx.diags.push(
        Diagnostic::error(
            Code::StacksWithoutStacking,
            s.span,
            format!("pieces cannot move together as stacks: {why}, so no two own pieces ever share a hole"),
            "stacks where stacking is forbidden",
        )
        .with_help("say `stacking: allowed` (or `stacking: forbidden except at goal` with a `goal` segment), or remove `stacks: move together`"),
    );
}

/// No piece leaves the goal's last hole: it is the track's last, with no loop and no
/// `bounce` end to walk on from it.
fn stuck_at_goal(tr: &Track) -> bool {
    tr.goal.map(usize::from) == tr.cells.len().checked_sub(1)
        && tr.looping.is_none()
        && tr.end.value != TrackEnd::Bounce
}

fn stacks_never_move(cx: &mut Cx, s: &Setting<bool>) {
    cx.diags.push(
        Diagnostic::warning(
            Code::StacksNeverMove,
            s.span,
            "stacks form only on the goal's last hole, and no piece ever leaves it: moving together changes nothing",
            "stacks that never move",
        )
        .with_help("allow stacking elsewhere (`stacking: allowed`), or remove `stacks: move together`"),
    );
}
