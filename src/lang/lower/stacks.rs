//! Stacks: whether own pieces standing together move together (`stacks: move together`),
//! and the contradiction of stacks where no two own pieces may share a hole.

use super::cx::Cx;
use super::flatten::Flat;
use super::{Setting, set_once};
use crate::lang::diag::{Code, Diagnostic};
use crate::lang::ir::*;
use crate::lang::syntax::ast::StmtKind;

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

/// Puts the setting into `movement`; `together` where stacking is forbidden everywhere
/// (said so, or by default) is E115: no stack could ever form. Under `stacking: forbidden
/// except at goal` stacks form on the goal's last hole, and move together from there.
pub(super) fn apply(
    cx: &mut Cx,
    stacks: Option<&Setting<bool>>,
    capture: &CapturePolicy,
    movement: &mut Movement,
) {
    let Some(s) = stacks else { return };
    movement.stacks_together = s.value;
    movement.stacks_together_origin = Some(s.origin);
    if !s.value || capture.stacking || capture.stacking_at_goal {
        return;
    }
    let why = if capture.stacking_origin.is_some() {
        "the file says `stacking: forbidden`"
    } else {
        "stacking is forbidden by default"
    };
    cx.diags.push(
        Diagnostic::error(
            Code::StacksWithoutStacking,
            s.span,
            format!("pieces cannot move together as stacks: {why}, so no two own pieces ever share a hole"),
            "stacks where stacking is forbidden",
        )
        .with_help("say `stacking: allowed` (or `stacking: forbidden except at goal`), or remove `stacks: move together`"),
    );
}
