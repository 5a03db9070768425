//! Immunity given when a condition first holds (`immune when C first holds: …`): the
//! condition gets a `once` latch of its own, which the engine watches.

use super::cx::Cx;
use super::flatten::Flat;
use crate::ir::*;
use crate::syntax::ast::{self, StmtKind};

/// The `immune when … first holds` statements in force, in file order.
pub(super) fn immune_when(cx: &mut Cx, flat: &[Flat]) -> Vec<ImmuneWhen> {
    let mut out = Vec::new();
    for f in flat {
        let StmtKind::ImmuneWhen { when, opposing } = &f.stmt.node else {
            continue;
        };
        let Some(origin) = f.origin else { continue };
        // Lowered as `once (C)`, so that the latch, its limit (E113) and its notation are
        // those of every `once`.
        let latched = ast::Spanned {
            span: f.stmt.span,
            node: ast::Cond::Once(when.clone()),
        };
        if let Some(c @ Cond::Once { latch, .. }) = cx.cond(&latched) {
            out.push(ImmuneWhen {
                latch,
                when: c,
                opposing: *opposing,
                origin,
            });
        }
    }
    out
}
