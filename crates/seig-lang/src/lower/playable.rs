//! Playability: warnings for a file that lowers but cannot be played as meant. Each check is
//! static and conservative (it warns only when the IR proves the problem): no piece can ever
//! leave its start, a win that can never hold, a phase that can never be entered, a gate
//! that can never open, a capture statement that never applies, holes of a track that no
//! piece of its team can reach. What the IR cannot prove,
//! `seig check --probe N` looks for by playing.

use super::cx::Cx;
use super::flatten::Flat;
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::*;
use crate::syntax::ast::StmtKind;

/// Runs every playability check on a lowered file without errors.
pub(super) fn check(cx: &mut Cx, ir: &Ir, flat: &[Flat]) {
    let span = |o: Origin| {
        flat.iter()
            .find(|f| f.origin == Some(o))
            .map_or(Span::default(), |f| f.stmt.span)
    };
    never_released(cx, ir, &span);
    wins(cx, ir, &span);
    phases(cx, ir, &span);
    gates(cx, ir, &span);
    captures(cx, ir, &span);
    swaps(cx, ir, &span);
    must_land(cx, ir, &span);
    special_holes(cx, ir, flat);
    backward(cx, ir, &span);
    prisoners_freed(cx, ir, &span);
    super::blockade::check(cx, ir, &span);
    unreachable_cells(cx, ir, &span);
    super::shadowed::check(cx, ir, &span);
    super::layout::check(cx, ir, &span);
}

/// Pieces start unreleased and move only with a releasing entry: with none, nothing moves.
fn never_released(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    let releases = ir.throws.iter().any(|e| {
        e.effects
            .iter()
            .any(|f| matches!(f, Effect::Release { .. } | Effect::ReleaseOrMove { .. }))
    });
    if releases {
        return;
    }
    let mut d = Diagnostic::warning(
        Code::NeverReleased,
        span(ir.team_of(TeamId::FIRST).origin),
        "no piece can ever leave its start",
        "pieces start unreleased, and no throw entry releases one",
    )
    .with_help(
        "let a throw release pieces, e.g. `on 1: release 1` or `on any: release or move value`",
    );
    if let Some(e) = ir
        .throws
        .iter()
        .find(|e| e.effects.iter().any(|f| matches!(f, Effect::Move(_))))
    {
        d = d.with_secondary(span(e.origin), "`move` moves only released pieces");
    }
    cx.diags.push(d);
}

/// Why a condition can never hold for team `t`, if the IR proves it.
fn never(ir: &Ir, t: TeamId, c: &Cond) -> Option<String> {
    let pieces = |t: TeamId| usize::from(ir.team_of(t).pieces);
    let count = |cells: &CellSet| cells.iter().count();
    match c {
        Cond::Full(cells, own) => {
            let need = count(&cells[t]);
            let can = if *own {
                pieces(t)
            } else {
                pieces(t) + pieces(t.other())
            };
            (need > can).then(|| {
                format!(
                    "the region has {need} holes but only {can} pieces {}",
                    if *own {
                        "of the team exist"
                    } else {
                        "exist in all"
                    }
                )
            })
        }
        Cond::AllOwnArrived => {
            let pol = &ir.capture;
            let tr = &ir.team_of(t).track;
            let from = tr
                .goal
                .map_or(tr.cells.len().saturating_sub(1), usize::from);
            let mut holes = CellSet::default();
            for &c in tr.cells.iter().skip(from) {
                holes.insert(c);
            }
            let holes = count(&holes);
            // Pieces removed from the game do not count: only when none can be is it certain.
            let removable = ir
                .throws
                .iter()
                .any(|e| e.effects.contains(&Effect::RemoveOpposing))
                || pol.stated.iter().any(|s| {
                    matches!(
                        s.kind,
                        CaptureKind::Capture {
                            send_home: false,
                            ..
                        }
                    )
                });
            (!pol.stacking.value && !pol.stacking_at_goal && !removable && pieces(t) > holes).then(|| {
                format!(
                    "{} pieces must stand at once on the {holes} hole(s) from the goal on, and stacking is forbidden",
                    pieces(t)
                )
            })
        }
        _ => None,
    }
}

/// The first reason a conjunction can never hold for team `t`.
fn never_all(ir: &Ir, t: TeamId, cs: &[Cond]) -> Option<String> {
    cs.iter().find_map(|c| never(ir, t, c))
}

/// A win that can hold for neither team.
fn wins(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    for w in &ir.wins {
        if let (Some(why), Some(_)) = (
            never_all(ir, TeamId::FIRST, &w.when),
            never_all(ir, TeamId::SECOND, &w.when),
        ) {
            cx.diags.push(
                Diagnostic::warning(
                    Code::WinNeverHolds,
                    span(w.origin),
                    "this win can never hold",
                    why,
                )
                .with_help("allow stacking at the goal (`stacking: forbidden except at goal`), or state the win otherwise"),
            );
        }
    }
}

/// A phase other than the first that no transition or `enter` effect can lead to.
fn phases(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    let Some(origin) = ir.phases.origin else {
        return;
    };
    for (ph, name) in ir.phases.value.iter().enumerate().skip(1) {
        let ph = PhaseId::new(ph as u8);
        let by_throw = ir
            .throws
            .iter()
            .any(|e| e.effects.contains(&Effect::EnterPhase(ph)));
        let by_transition = ir.transitions.iter().any(|tr| {
            tr.to == ph
                && TeamId::BOTH
                    .iter()
                    .any(|&t| never_all(ir, t, &tr.when).is_none())
        });
        if !by_throw && !by_transition {
            cx.diags.push(
                Diagnostic::warning(
                    Code::PhaseNeverEntered,
                    span(origin),
                    format!("the phase `{name}` can never be entered"),
                    "no transition that can hold, and no `enter` effect, leads to it",
                )
                .with_help(format!(
                    "add `from PHASE enter {name} when …`, or remove the phase"
                )),
            );
        }
    }
}

/// A gate whose requirement no throw or position can meet.
fn gates(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    let most = std::iter::once(ir.sticks.count)
        .chain(ir.sticks.by_phase.iter().flatten().map(|c| c.value))
        .chain(ir.sticks.first_of_turn.map(|c| c.value))
        .chain(ir.sticks.first_of_game.map(|c| c.value))
        .max()
        .unwrap_or(0);
    let throwable: u64 = if most >= 63 {
        u64::MAX
    } else {
        (1u64 << (most + 1)) - 1
    };
    for t in TeamId::BOTH {
        for g in &ir.team_of(t).track.gates {
            let why = match &g.requirement {
                Requirement::CrossingThrow(m) | Requirement::EveryThrow(m)
                    if m & throwable == 0 =>
                {
                    Some(format!(
                        "no throw is worth one of its values (throws are worth 0 to {most})"
                    ))
                }
                Requirement::Conds(cs) => never_all(ir, t, cs),
                _ => None,
            };
            if let Some(why) = why {
                cx.diags.push(
                    Diagnostic::warning(
                        Code::GateNeverOpens,
                        span(g.origin),
                        format!("this gate can never open for {}", ir.team_of(t).name),
                        why,
                    )
                    .with_help("no piece can pass it: change its requirement, or remove it"),
                );
            }
        }
    }
}

/// A `capture in REGION` statement whose holes no landing on an opposing piece can reach,
/// or whose every hole a `no capture` or a more specific capture statement overrides.
fn captures(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    let track = |t: TeamId| {
        let mut s = CellSet::default();
        for &c in &ir.team_of(t).track.cells {
            s.insert(c);
        }
        s
    };
    let tracks = ByTeam::from_fn(track);
    // Where a team's pieces can stand: its track and its start row.
    let stand = ByTeam::from_fn(|t| {
        let mut s = tracks[t];
        for i in 0..usize::from(ir.team_of(t).pieces) {
            if let Some(c) = ir.start_cell(t, i) {
                s.insert(c);
            }
        }
        s
    });
    let stated = &ir.capture.stated;
    for (i, st) in stated.iter().enumerate() {
        let (CaptureKind::Capture { .. }, Some(region)) = (st.kind, st.region) else {
            continue;
        };
        let meet = |t: TeamId| {
            let mut m = CellSet::default();
            for c in region[t].iter() {
                if tracks[t].contains(c) && stand[t.other()].contains(c) {
                    m.insert(c);
                }
            }
            m
        };
        let live = ByTeam::from_fn(meet);
        let why = if live.iter().all(CellSet::is_empty) {
            Some("no piece can land there on an opposing piece".to_string())
        } else {
            // As the capture table is built (lower/capture.rs): a `no capture` on a hole
            // forbids the taking there whatever the order, and of two `capture` statements
            // the more specific (fewer holes, the one inside the other) applies.
            let size = |r: &TeamCells, t: TeamId| r[t].iter().count();
            let overridden = TeamId::BOTH.iter().all(|&t| {
                live[t].iter().all(|c| {
                    stated.iter().enumerate().any(|(j, other)| {
                        j != i
                            && match (other.kind, other.region) {
                                (CaptureKind::NoCapture { .. }, r) => {
                                    r.is_none_or(|r| r[t].contains(c))
                                }
                                (CaptureKind::Capture { .. }, Some(r)) => {
                                    r[t].contains(c) && size(&r, t) < size(&region, t)
                                }
                                _ => false,
                            }
                    })
                })
            });
            overridden.then(|| "on every hole a `no capture` or a more specific capture statement applies instead".to_string())
        };
        if let Some(why) = why {
            cx.diags.push(
                Diagnostic::warning(
                    Code::CaptureNeverApplies,
                    span(st.origin),
                    "this capture statement never applies",
                    why,
                )
                .with_help("where capture statements overlap, the more specific one wins and `no capture` forbids taking: widen it, narrow the other, or remove it"),
            );
        }
    }
}

/// A `swap` capture statement that can never swap: on each of its holes where a piece of one
/// team could land on the other's, no other hole of the taker's track lies on the taken
/// piece's track, so the hole the taker left never is (the taken piece always goes home, or
/// is removed).
fn swaps(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    let track = |t: TeamId| {
        let mut s = CellSet::default();
        for &c in &ir.team_of(t).track.cells {
            s.insert(c);
        }
        s
    };
    let tracks = ByTeam::from_fn(track);
    for st in &ir.capture.stated {
        let CaptureKind::Capture {
            swap: true,
            send_home,
            ..
        } = st.kind
        else {
            continue;
        };
        let may_swap = |t: TeamId| {
            let (own, other) = (&tracks[t], &tracks[t.other()]);
            own.iter().any(|c| {
                st.region.is_none_or(|r| r[t].contains(c))
                    && other.contains(c)
                    && own.iter().any(|d| d != c && other.contains(d))
            })
        };
        if TeamId::BOTH.into_iter().any(may_swap) {
            continue;
        }
        cx.diags.push(
            Diagnostic::warning(
                Code::SwapNever,
                span(st.origin),
                "this swap can never be made",
                format!(
                    "no taker can have left a hole of the taken piece's track: every piece taken here is {}",
                    if send_home { "sent home" } else { "removed" }
                ),
            )
            .with_help("say what happens as `send home` or `remove`, or let the tracks share the holes before the capture"),
        );
    }
}

/// `must land on` holes that no move can walk past: for each team, none is a hole of its
/// track that a piece leaves again (the track's last hole, with no loop or `bounce` end, is
/// never left).
fn must_land(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    let mv = &ir.movement;
    let Some(origin) = mv.must_land.origin else {
        return;
    };
    // Holes on no track at all are W040's (`special_holes`).
    let on_a_track = TeamId::BOTH.into_iter().any(|t| {
        let tr = &ir.team_of(t).track;
        tr.cells.iter().any(|&c| mv.must_land.value[t].contains(c))
    });
    let passable = !on_a_track
        || TeamId::BOTH.into_iter().any(|t| {
            let tr = &ir.team_of(t).track;
            let goes_on = tr.looping.is_some() || tr.end.value == TrackEnd::Bounce;
            let last = tr.cells.len().saturating_sub(1);
            tr.cells
                .iter()
                .enumerate()
                .any(|(i, &c)| mv.must_land.value[t].contains(c) && (i < last || goes_on))
        });
    if passable {
        return;
    }
    cx.diags.push(
        Diagnostic::warning(
            Code::MustLandNever,
            span(origin),
            "no move can walk past these holes",
            "none is a hole of a track that a piece leaves again",
        )
        .with_help("name holes the tracks walk through, e.g. `must land on last hole of middle`"),
    );
}

/// Special holes that no track of their team reaches (W040), one warning per statement:
/// holes that must be landed on and holes where no capture happens (safe holes); the sending
/// holes are checked where they lower. Such a statement can never apply.
fn special_holes(cx: &mut Cx, ir: &Ir, flat: &[Flat]) {
    for f in flat.iter().filter(|f| f.active()) {
        let (region, what) = match &f.stmt.node {
            StmtKind::MustLand(r) => (r, "must be landed on"),
            StmtKind::NoCapture { region, .. } => (region, "are safe from capture"),
            _ => continue,
        };
        let Some(cells) = cx.region(region) else {
            continue;
        };
        let reached = TeamId::BOTH.into_iter().any(|t| {
            let track = &ir.team_of(t).track.cells;
            cells.get(t).iter().any(|c| track.contains(&c))
        });
        if !reached {
            cx.diags.push(
                Diagnostic::warning(
                    Code::SpecialHoleUnreached,
                    region.span,
                    format!("no piece can land on these holes, which {what}"),
                    "no hole of them is on a track of its team",
                )
                .with_help("name holes the tracks walk through"),
            );
        }
    }
}

/// Backward-move statements that never apply: `when no move forward` with no `move` entry
/// to turn back, and `moving back past the first hole` with no backward move at all.
fn backward(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    let mv = &ir.movement;
    let gives = |want: fn(&Effect) -> bool| ir.throws.iter().any(|e| e.effects.iter().any(want));
    let moves = gives(|f| matches!(f, Effect::Move(_)));
    let backs = gives(|f| matches!(f, Effect::MoveBack(_)));
    let stuck = mv.back_when_stuck.value != BackWhenStuck::Never;
    let never = match (mv.back_when_stuck.origin, mv.back_start.origin) {
        (Some(o), _) if stuck && !moves => Some((
            o,
            "no throw entry gives a `move` that could be turned backward",
        )),
        (_, Some(o)) if !(backs || stuck && moves) => Some((
            o,
            "no move ever walks back: no `move back` entry, no `when no move forward`",
        )),
        _ => None,
    };
    if let Some((o, why)) = never {
        cx.diags.push(
            Diagnostic::warning(
                Code::BackwardNever,
                span(o),
                "this statement never applies",
                why,
            )
            .with_help("give a throw a backward move, e.g. `on 1: move back 1`, or remove it"),
        );
    }
}

/// `prisoners freed:` where no capture statement takes prisoners: it never applies.
fn prisoners_freed(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    let Some(o) = ir.movement.prisoners_freed.origin else {
        return;
    };
    let takes = ir
        .capture
        .stated
        .iter()
        .any(|s| matches!(s.kind, CaptureKind::Capture { prisoner: true, .. }));
    if !takes {
        cx.diags.push(
            Diagnostic::warning(
                Code::PrisonersFreedNever,
                span(o),
                "this statement never applies",
                "no capture statement takes prisoners",
            )
            .with_help("write `capture: compulsory, take prisoner`, or remove it"),
        );
    }
}

/// Holes of a team's track that no piece of the team can ever reach: a piece walks its
/// track forward from where it starts, so when every piece starts on the track at index `m`
/// or beyond, the holes before `m` are never reached, unless a loop leads back there, a
/// bounce or a backward move might, a piece sent home may land there (a hole of the start
/// row), or the track passes the hole again further on.
fn unreachable_cells(cx: &mut Cx, ir: &Ir, span: &dyn Fn(Origin) -> Span) {
    if ir.walks_back() {
        return;
    }
    let sends_home = ir
        .capture
        .at
        .iter()
        .flatten()
        .any(|c| c.spec.is_some_and(|s| s.send_home));
    for t in TeamId::BOTH {
        let team = ir.team_of(t);
        let tr = &team.track;
        if tr.end.value == TrackEnd::Bounce {
            continue;
        }
        // The first track index a piece starts on (0: some piece enters at the first hole,
        // from beside the board or from a start row off the track).
        let mut first = usize::MAX;
        for i in 0..usize::from(team.pieces) {
            let at = ir
                .start_cell(t, i)
                .and_then(|c| tr.cells.iter().position(|&x| x == c));
            first = first.min(at.unwrap_or(0));
        }
        if let Some(l) = &tr.looping {
            first = first.min(usize::from(l.from));
        }
        if first == 0 || first == usize::MAX {
            continue;
        }
        let start_row = match team.start {
            Start::Row(r) => ir.rows.get(r),
            Start::Beside => None,
        };
        let mut later = CellSet::default();
        for &c in tr.cells.iter().skip(first) {
            later.insert(c);
        }
        let mut never: Vec<Cell> = Vec::new();
        for &c in tr.cells.iter().take(first) {
            let home = sends_home && start_row.is_some_and(|r| r.holds(c));
            if !later.contains(c) && !home && !never.contains(&c) {
                never.push(c);
            }
        }
        if never.is_empty() {
            continue;
        }
        let names: Vec<String> = never
            .iter()
            .map(|&c| format!("`{}`", ir.cell_name(c)))
            .collect();
        cx.diags.push(
            Diagnostic::warning(
                Code::UnreachableTrackCell,
                span(tr.origin),
                format!(
                    "no piece of `{}` can ever reach {} on its track",
                    team.name,
                    names.join(", ")
                ),
                "every piece starts further along the track, and a piece walks it only forward",
            )
            .with_help(
                "start the pieces on the track's first holes (`from hole N`), or begin the track where they stand",
            ),
        );
    }
}
