//! Statements that can never take effect because an earlier statement of the same kind is
//! tried first and holds whenever they do: the engine takes the first phase change from a
//! phase whose conditions hold, and the first conditional stick count whose conditions hold.
//! An earlier statement "holds whenever a later one does" when its conditions are a subset
//! of the later one's (the same conditions, compared as written): sound, and silent on
//! conditions that merely happen to be equivalent.

use super::cx::Cx;
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::*;

/// Does `earlier` hold whenever `later` does (every condition of `earlier` is one of
/// `later`'s)? A `once` compares with its latch, so two `once` of the same words differ.
pub(super) fn implied(earlier: &[Cond], later: &[Cond]) -> bool {
    earlier.iter().all(|c| later.contains(c))
}

/// W013 and W014 on a lowered file without errors.
pub(super) fn check(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    transitions(cx, ir, span);
    conditional_sticks(cx, ir, span);
}

/// W013: a phase change after an earlier one from the same phase that holds whenever it
/// does (the engine changes phase by the first that holds).
fn transitions(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    for (j, t) in ir.transitions.iter().enumerate() {
        let earlier = ir.transitions.get(..j).unwrap_or_default();
        if let Some(e) = earlier
            .iter()
            .find(|e| e.from == t.from && implied(&e.when, &t.when))
        {
            cx.diags.push(
                Diagnostic::warning(
                    Code::PhaseChangeShadowed,
                    span(t.origin),
                    "this phase change never happens",
                    "an earlier change from the same phase holds whenever it does",
                )
                .with_secondary(span(e.origin), "changes the phase first")
                .with_help(
                    "phase changes from one phase are tried in file order; move it up, or add a condition to the earlier one",
                ),
            );
        }
    }
}

/// W014: a conditional stick count after an earlier one that holds whenever it does (the
/// engine uses the first whose conditions hold).
fn conditional_sticks(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    let cs = &ir.sticks.conditional;
    for (j, c) in cs.iter().enumerate() {
        let earlier = cs.get(..j).unwrap_or_default();
        if let Some(e) = earlier.iter().find(|e| implied(&e.when, &c.when)) {
            cx.diags.push(
                Diagnostic::warning(
                    Code::SticksShadowed,
                    span(c.origin),
                    "this stick count never applies",
                    "an earlier `sticks if` holds whenever it does",
                )
                .with_secondary(span(e.origin), "gives the stick count first")
                .with_help(
                    "`sticks if` lines are tried in file order; move it up, or add a condition to the earlier one",
                ),
            );
        }
    }
}
