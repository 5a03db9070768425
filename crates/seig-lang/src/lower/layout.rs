//! Start layouts of the two teams against each other: pieces of both teams starting on one
//! hole is an error (E161), unless the file lets the teams share that hole, where it is a
//! warning (W042): a start that a game would never reach by moves is seldom meant.

use super::cx::Cx;
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::*;

/// Reports each hole both teams' pieces start on (the first of them per verdict).
pub(super) fn check(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    let starts = |t: TeamId| -> Vec<Cell> {
        (0..usize::from(ir.team_of(t).pieces))
            .filter_map(|i| ir.start_cell(t, i))
            .collect()
    };
    let (first, second) = (starts(TeamId::FIRST), starts(TeamId::SECOND));
    let both: Vec<Cell> = first.into_iter().filter(|c| second.contains(c)).collect();
    let (shared, taken): (Vec<Cell>, Vec<Cell>) = both.into_iter().partition(|&c| shares(ir, c));
    let names = |cs: &[Cell]| -> String {
        let ns: Vec<String> = cs
            .iter()
            .map(|&c| format!("`{}`", ir.cell_name(c)))
            .collect();
        super::checks::and_list(&ns)
    };
    let (a, b) = (ir.team_of(TeamId::FIRST), ir.team_of(TeamId::SECOND));
    if !taken.is_empty() {
        cx.diags.push(
            Diagnostic::error(
                Code::TeamsStartOnOneHole,
                span(b.origin),
                format!(
                    "`{}` and `{}` both start pieces on {}, where a piece landing would take or be refused",
                    a.name,
                    b.name,
                    names(&taken)
                ),
                "starts on holes the other team starts on",
            )
            .with_secondary(span(a.origin), "the other team's start")
            .with_help(
                "start the teams on different holes (`on odd holes of ROW`, `on even holes of ROW`), or let them share those holes (`no capture in REGION, sharing`)",
            ),
        );
    }
    if !shared.is_empty() {
        cx.diags.push(
            Diagnostic::warning(
                Code::TeamsShareStartHole,
                span(b.origin),
                format!(
                    "`{}` and `{}` both start pieces on {} (the teams may share them)",
                    a.name,
                    b.name,
                    names(&shared)
                ),
                "starts on holes the other team starts on",
            )
            .with_secondary(span(a.origin), "the other team's start")
            .with_help("if the source says so, keep it; else start the teams on different holes"),
        );
    }
}

/// May pieces of the two teams stand on the hole together? Where a landing piece of each
/// team neither takes (`no capture … , sharing`, or no taking there and `blocked landing:
/// share`, or waiting pieces immune and sharing) nor is refused.
fn shares(ir: &Ir, c: Cell) -> bool {
    let pol = &ir.capture;
    let blocked_share = pol.blocked_share.value;
    TeamId::BOTH.into_iter().all(|t| {
        let at = pol.at.get(t).get(c.index()).copied().unwrap_or_default();
        at.sharing || (blocked_share && (at.spec.is_none() || pol.waiting_immune.value))
    })
}
