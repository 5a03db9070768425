//! W047: a blockade that, once formed, no piece can ever pass. A static check decides it
//! exactly for one shape: a team's pieces filling the last N holes of their own track, where
//! nothing can ever move or take them again, on N holes in a row of the other team's track
//! that the other team must walk past. (A blockade larger than any team can form is W041.)

use super::cx::Cx;
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::*;

/// Warns for each team whose last `N` holes (`blockade: N in a row`) make such a blockade.
pub(super) fn check(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    let (Some(n), Some(origin)) = (ir.movement.blockade.value, ir.movement.blockade.origin) else {
        return;
    };
    let n = usize::from(n);
    // What could move a piece off a full end of its track, or take it: any of these and the
    // blockade may break.
    let cap = &ir.capture;
    let removes = ir.throws.iter().any(|e| {
        e.effects
            .iter()
            .any(|f| matches!(f, Effect::RemoveOpposing))
    });
    if ir.walks_back() || removes || cap.stacking.value {
        return;
    }
    for a in TeamId::BOTH {
        let b = a.other();
        let Some(run) = permanent_run(ir, a, n) else {
            continue;
        };
        let Some(mover) = passed_by(ir, b, &run) else {
            continue;
        };
        let names: Vec<String> = run
            .iter()
            .map(|&c| format!("`{}`", ir.cell_name(c)))
            .collect();
        cx.diags.push(
            Diagnostic::warning(
                Code::BlockadeNeverPassed,
                span(origin),
                format!(
                    "a blockade of `{}` on {} can never be passed by `{mover}`",
                    ir.team_of(a).name,
                    names.join(", ")
                ),
                format!(
                    "those are the last {n} holes of `{}`'s track, where its pieces stop and \
                     nothing can move or take them, and `{mover}` must walk past them",
                    ir.team_of(a).name
                ),
            )
            .with_help(
                "let the pieces leave the end (`bear off from …`), allow taking there, or end the other track before them",
            ),
        );
    }
}

/// The last `n` holes of team `a`'s track, when `a` has `n` pieces to fill them and a piece
/// there can never move again (no loop, bounce or branch; no bearing off) nor be taken by
/// the other team (no capture there, immune, or protected by `n` in a row).
fn permanent_run(ir: &Ir, a: TeamId, n: usize) -> Option<Vec<Cell>> {
    let team = ir.team_of(a);
    let tr = &team.track;
    let len = tr.cells.len();
    if usize::from(team.pieces) < n
        || len < n
        || tr.looping.is_some()
        || !tr.branches.is_empty()
        || tr.end.value == TrackEnd::Bounce
    {
        return None;
    }
    // A hole of the run after its first where own pieces may share lets a piece move on.
    let cap = &ir.capture;
    let goal = tr.goal.map(usize::from).filter(|_| cap.stacking_at_goal);
    let end = cap.stacking_at_end.then_some(len - 1);
    if [goal, end].into_iter().flatten().any(|g| g > len - n) {
        return None;
    }
    let run: Vec<Cell> = tr.cells.get(len - n..)?.to_vec();
    // Distinct holes, walked once by the track.
    if run
        .iter()
        .enumerate()
        .any(|(i, c)| run.get(..i).is_some_and(|r| r.contains(c)))
        || tr.cells.get(..len - n)?.iter().any(|c| run.contains(c))
    {
        return None;
    }
    if ir
        .bear_off
        .iter()
        .any(|o| run.iter().any(|&c| o.from[a].contains(c)))
    {
        return None;
    }
    let protected = cap.protection.value.is_some_and(|m| usize::from(m) <= n);
    let immune_from = cap.immune[a]
        .as_ref()
        .and_then(|(cells, _)| tr.cells.iter().position(|&c| cells.contains(c)));
    let immune = immune_from.is_some_and(|i| i < len - n + 1);
    let taken = run.iter().any(|&c| {
        cap.at[a.other()]
            .get(c.index())
            .is_some_and(|cc| cc.spec.is_some())
    });
    (protected || immune || !taken).then_some(run)
}

/// Team `b`'s name when the holes of `run` are, in some order, holes in a row of its track
/// (each walked once) with more of the track beyond them, and some piece of `b` starts
/// before them (or off the track): its pieces behind must pass them.
fn passed_by<'a>(ir: &'a Ir, b: TeamId, run: &[Cell]) -> Option<&'a str> {
    let team = ir.team_of(b);
    let tr = &team.track;
    if !tr.branches.is_empty() {
        return None;
    }
    let mut at = Vec::with_capacity(run.len());
    for &c in run {
        let mut hits = tr.cells.iter().enumerate().filter(|&(_, &x)| x == c);
        let (i, _) = hits.next()?;
        if hits.next().is_some() {
            return None;
        }
        at.push(i);
    }
    at.sort_unstable();
    let (first, last) = (*at.first()?, *at.last()?);
    let behind = (0..usize::from(team.pieces)).any(|i| {
        ir.start_cell(b, i)
            .and_then(|c| tr.cells.iter().position(|&x| x == c))
            .unwrap_or(0)
            < first
    });
    (behind && last - first + 1 == at.len() && last + 1 < tr.cells.len())
        .then_some(team.name.as_str())
}
