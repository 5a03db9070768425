//! Branching tracks: `track T branches|must branch at HOLE: SEG, …, rejoining at HOLE`. A branch's holes follow the main path's (and earlier branches') in the track's
//! cells, so that a piece's place (its index along the track) says which way it is on.
#![expect(
    clippy::indexing_slicing,
    reason = "per-team pairs are indexed by a `TeamId` (0 or 1)"
)]

use super::board::walk;
use super::cx::{Cx, dup};
use super::flatten::Flat;
use crate::diag::{Code, Diagnostic};
use crate::ir::*;
use crate::syntax::ast::{self, Spanned, StmtKind};

/// Appends the branches in force of `team`'s track to its cells and segments (after the
/// main path and the way back), in file order; returns them.
pub(super) fn add(
    cx: &mut Cx,
    team: TeamId,
    stmts: &[(&Flat, TeamId)],
    cells: &mut Vec<Cell>,
    segments: &mut Vec<TrackSegment>,
) -> Vec<Branch> {
    let main_len = cells.len();
    let mut out = Vec::new();
    for (f, t) in stmts {
        let (
            StmtKind::TrackBranch {
                must,
                may,
                at,
                segments: segs,
                rejoin,
                ..
            },
            Some(origin),
        ) = (&f.stmt.node, f.origin)
        else {
            continue;
        };
        if *t != team {
            continue;
        }
        let point = one_hole(cx, team, at);
        let places: Vec<u16> = cells
            .iter()
            .enumerate()
            .filter(|(_, c)| Some(**c) == point)
            .map(|(i, _)| i as u16)
            .collect();
        if point.is_some() && places.is_empty() {
            cx.diags.push(
                Diagnostic::error(
                    Code::BranchPoint,
                    at.span,
                    "this track branches at a hole it does not walk",
                    "this hole is not on the track (nor on an earlier branch)",
                )
                .with_help("name a hole of the track's segments, e.g. `hole 5 of outer`"),
            );
        }
        let back =
            one_hole(cx, team, rejoin).and_then(|c| cells[..main_len].iter().position(|x| *x == c));
        if back.is_none() {
            cx.diags.push(
                Diagnostic::error(
                    Code::BranchRejoin,
                    rejoin.span,
                    "this branch rejoins at no hole of its track's main path",
                    "not a hole of the track's own segments",
                )
                .with_help("name the hole of the track the branch leads back to"),
            );
        }
        let rows = branch_rows(cx, team, segs, segments);
        let (bcells, bsegs, _) = walk(cx, team, &rows);
        let (Some(rejoin), false, false) = (back, places.is_empty(), bcells.is_empty()) else {
            continue;
        };
        let start = cells.len() as u16;
        segments.extend(bsegs.into_iter().map(|s| TrackSegment {
            start: s.start + start,
            ..s
        }));
        out.push(Branch {
            at: places,
            start,
            len: bcells.len() as u16,
            rejoin: rejoin as u16,
            may: if *must || *may {
                Sourced::stated(*may, origin)
            } else {
                Sourced::default_value(false)
            },
            origin,
        });
        cells.extend(bcells);
    }
    out
}

/// The rows of a branch's segments; a `goal` on one is E172 (a piece arrives on the main
/// path), a label the track already has is a duplicate.
fn branch_rows(
    cx: &mut Cx,
    team: TeamId,
    segs: &[ast::Segment],
    segments: &[TrackSegment],
) -> Vec<(ast::Segment, usize)> {
    let mut rows = Vec::new();
    for s in segs {
        if s.goal {
            cx.diags.push(
                Diagnostic::error(
                    Code::BranchShape,
                    s.row.span,
                    "a branch has no goal",
                    "`goal` on a branch",
                )
                .with_help(
                    "mark the goal on the track's own segments; a branch leads back to them",
                ),
            );
        }
        if let Some(l) = &s.label
            && segments
                .iter()
                .any(|x| x.label.as_deref() == Some(l.node.as_str()))
        {
            cx.diags.push(dup("segment label", l, l.span));
        }
        if let Some(r) = cx.one_row(&s.row, team) {
            rows.push((s.clone(), r));
        }
    }
    rows
}

/// The one hole a region names for `team` (E170 when it names several or none).
fn one_hole(cx: &mut Cx, team: TeamId, r: &Spanned<ast::Region>) -> Option<Cell> {
    let cells = cx.region(r)?;
    let mut it = cells[team].iter();
    match (it.next(), it.next()) {
        (Some(c), None) => Some(c),
        _ => {
            cx.diags.push(
                Diagnostic::error(
                    Code::BranchPoint,
                    r.span,
                    "a branch begins, and rejoins, at one hole",
                    "this names more than one hole, or none",
                )
                .with_help("name one hole: `hole N of ROW`"),
            );
            None
        }
    }
}

/// A branching track cannot turn back (`ends: bounce`, `back along the track`): a step back
/// from a branch's first hole would have two ways to go (E172).
pub(super) fn check_shape(
    cx: &mut Cx,
    name: &str,
    track: &Track,
    back: bool,
    span: crate::diag::Span,
) {
    let Some(b) = track.branches.first() else {
        return;
    };
    if track.end.value == TrackEnd::Bounce || back {
        cx.diags.push(
            Diagnostic::error(
                Code::BranchShape,
                span,
                format!("team `{name}`'s track branches and turns back"),
                if back {
                    "`back along the track`"
                } else {
                    "`ends: bounce`"
                },
            )
            .with_help("a branching track goes forward only: remove the way back, or the branch")
            .with_note(format!(
                "its first branch begins at place {}",
                b.at.first().map_or(0, |x| x + 1)
            )),
        );
    }
}
