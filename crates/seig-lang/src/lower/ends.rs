//! Checks of the ends of a game: a draw and a win that hold at once.

use super::cx::Cx;
use super::flatten::Flat;
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::*;

/// Reports a draw whose conditions include a win's, or a win's that include the draw's, in
/// phases that overlap: the two then hold at once whenever one of them does (seen from the
/// same team), which the file cannot have meant. Wins are looked at first, so such a draw
/// either never ends a game or is only a win's fallback; the author says which with `not`.
pub(super) fn draws_never_reached(
    cx: &mut Cx,
    wins: &[Win],
    draws: &[Draw],
    _scores: &[ScoreEnd],
    flat: &[Flat],
) {
    // A condition that did not lower is already reported, and missing from its statement.
    if cx.has_error() {
        return;
    }
    let span_of = |o: Origin| {
        flat.iter()
            .find(|f| f.origin == Some(o))
            .map_or(Span::default(), |f| f.stmt.span)
    };
    let includes = |a: &[Cond], b: &[Cond]| b.iter().all(|c| a.contains(c));
    for d in draws {
        for w in wins {
            let overlap = d.phase.is_none() || w.phase.is_none() || d.phase == w.phase;
            if !overlap {
                continue;
            }
            let (dead, shadowed) = (includes(&d.when, &w.when), includes(&w.when, &d.when));
            if !dead && !shadowed {
                continue;
            }
            let message = if dead {
                "this draw can never end a game: whenever it holds, a win holds too"
            } else {
                "this draw holds whenever a win does: the two hold at once"
            };
            cx.diags.push(
                Diagnostic::error(
                    Code::DrawAndWinAtOnce,
                    span_of(d.origin),
                    message,
                    "the draw",
                )
                .with_secondary(span_of(w.origin), "the win, looked at first")
                .with_help(
                    "say when the game is drawn and not won: add a condition to the draw that the win excludes (`not …`), or limit them to different phases with `in PHASE`",
                ),
            );
        }
    }
}
