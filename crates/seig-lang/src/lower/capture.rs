//! Landing and taking: stacking, blocked landings, where a piece sent home goes, and the
//! capture statements, turned into a table per attacking team and hole.

use super::cx::Cx;
use super::flatten::Flat;
use super::{Setting, set_once, sourced};
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::*;
use crate::syntax::ast::StmtKind;

/// The statements about landing and taking in force.
pub(super) struct CaptureStmts {
    /// Stacking allowed, allowed at the goal, allowed at the track's end.
    stacking: Option<Setting<(bool, bool, bool)>>,
    /// A blocked landing shares the hole.
    blocked: Option<Setting<bool>>,
    /// Where pieces sent home go.
    home_to: Option<Setting<HomeTarget>>,
    /// The capture statements, in file order.
    stated: Vec<CaptureStatement>,
    /// Where each of `stated` is written.
    spans: Vec<Span>,
    /// The first `no capture` statement in force.
    first_no_capture: Option<Span>,
}

/// Collects them.
pub(super) fn capture_statements(cx: &mut Cx, flat: &[Flat]) -> CaptureStmts {
    let mut cs = CaptureStmts {
        stacking: None,
        blocked: None,
        home_to: None,
        stated: Vec::new(),
        spans: Vec::new(),
        first_no_capture: None,
    };
    for f in flat {
        let (kind, region) = match &f.stmt.node {
            StmtKind::Stacking {
                allowed,
                except_goal,
                except_end,
            } => {
                let v = (*allowed, *except_goal, *except_end);
                set_once(cx, &mut cs.stacking, v, f, "stacking");
                continue;
            }
            StmtKind::Blocked(share) => {
                set_once(cx, &mut cs.blocked, *share, f, "blocked landing");
                continue;
            }
            StmtKind::SendHomeTo(target) => {
                let what = "where pieces are sent home";
                set_once(cx, &mut cs.home_to, *target, f, what);
                continue;
            }
            StmtKind::Capture {
                region,
                compulsory,
                send_home,
                swap,
                swap_else,
                home_to,
                throw_again,
            } => {
                if let (false, Some(h)) = (*send_home, home_to) {
                    cx.diags.push(
                        Diagnostic::error(
                            Code::HomeTargetOnRemove,
                            h.span,
                            "a capture that removes pieces sends none home",
                            "no piece goes home",
                        )
                        .with_help("write `send home to …`, or drop the `to …`"),
                    );
                }
                let kind = CaptureKind::Capture {
                    compulsory: *compulsory,
                    send_home: *send_home,
                    swap: *swap,
                    swap_else_said: swap_else.is_some(),
                    throw_again: *throw_again,
                    home_to: home_to.as_ref().map(|h| h.node),
                };
                match region {
                    Some(r) => (kind, cx.region(r).map(Some)),
                    None => (kind, Some(None)),
                }
            }
            StmtKind::NoCapture { region, sharing } => {
                if f.active() {
                    cs.first_no_capture.get_or_insert(f.stmt.span);
                }
                let kind = CaptureKind::NoCapture { sharing: *sharing };
                (kind, cx.region(region).map(Some))
            }
            StmtKind::CaptureOnly { region, values } => {
                let mask = cx.values(values, MAX_STICKS);
                (CaptureKind::OnlyWith(mask), cx.region(region).map(Some))
            }
            StmtKind::Immune(region) => (CaptureKind::Immune, cx.region(region).map(Some)),
            _ => continue,
        };
        if let (Some(region), Some(origin)) = (region, f.origin) {
            cs.stated.push(CaptureStatement {
                kind,
                region,
                origin,
            });
            cs.spans.push(f.stmt.span);
        }
    }
    cs
}

/// `immune after arriving`: each team's pieces become immune as they enter the hole on
/// which they arrive (the last hole of the track's goal segment, else of the track), as an
/// `immune after entering` of that hole would make them.
pub(super) fn immune_on_arrival(flat: &[Flat], teams: &ByTeam<Team>, capture: &mut CapturePolicy) {
    for f in flat {
        let (StmtKind::ImmuneArrived, Some(origin)) = (&f.stmt.node, f.origin) else {
            continue;
        };
        let mut region = TeamCells::default();
        for ((set, team), im) in region.iter_mut().zip(teams).zip(capture.immune.iter_mut()) {
            let tr = &team.track;
            let at = tr
                .goal
                .map_or(tr.cells.len().saturating_sub(1), usize::from);
            if let Some(&c) = tr.cells.get(at) {
                set.insert(c);
            }
            let (s, r) = im.get_or_insert((CellSet::default(), origin));
            *s = s.union(set);
            *r = origin;
        }
        capture.stated.push(CaptureStatement {
            kind: CaptureKind::Immune,
            region: Some(region),
            origin,
        });
    }
}

/// `immune until released`: pieces still waiting for their release cannot be taken (the
/// last such statement is the one cited).
pub(super) fn immune_until_released(flat: &[Flat], capture: &mut CapturePolicy) {
    for f in flat {
        if let (StmtKind::ImmuneUntilReleased, Some(origin)) = (&f.stmt.node, f.origin) {
            capture.waiting_immune = Sourced::stated(true, origin);
        }
    }
}

/// The capture table for a board of `cells` holes; warns (on a clean file) when captures are
/// forbidden somewhere but allowed nowhere.
pub(super) fn policy(cx: &mut Cx, cs: CaptureStmts, cells: u16, clean: bool) -> CapturePolicy {
    let mut at = ByTeam::splat(vec![CellCapture::default(); cells as usize]);
    let mut immune: ByTeam<Option<(CellSet, Origin)>> = ByTeam::default();
    let mut any_capture = false;
    let home_default = cs
        .home_to
        .as_ref()
        .map_or(HomeTarget::StartHole, |h| h.value);
    overlapping_captures(cx, &cs, cells);
    for t in TeamId::BOTH {
        for s in by_specificity(&cs.stated, t, cells) {
            let CaptureKind::Capture {
                compulsory,
                send_home,
                swap,
                home_to,
                throw_again,
                ..
            } = s.kind
            else {
                continue;
            };
            let spec = CaptureSpec {
                compulsory,
                send_home,
                swap,
                throw_again,
                home_to: home_to.unwrap_or(home_default),
                origin: s.origin,
            };
            for (c, cc) in (0..cells).zip(at[t].iter_mut()) {
                if s.region.is_none_or(|r| r[t].contains(Cell::new(c))) {
                    cc.spec = Some(spec);
                }
            }
        }
    }
    for s in &cs.stated {
        let rule = s.origin;
        for t in TeamId::BOTH {
            let cells_t = &mut at[t];
            let here = |c: u16| s.region.is_none_or(|r| r[t].contains(Cell::new(c)));
            for (c, cc) in (0..cells).zip(cells_t.iter_mut()) {
                if !here(c) {
                    continue;
                }
                match s.kind {
                    // Set above, the more specific last.
                    CaptureKind::Capture { .. } => {}
                    CaptureKind::NoCapture { sharing } => {
                        cc.forbidden_by = Some(rule);
                        cc.sharing |= sharing;
                    }
                    CaptureKind::OnlyWith(mask) => cc.only_with = Some((mask, rule)),
                    // Immunity is per team, not per hole: below.
                    CaptureKind::Immune => {}
                }
            }
        }
        if let (CaptureKind::Immune, Some(region)) = (s.kind, &s.region) {
            // Every team gets the union of the regions, with the last rule that adds one.
            for t in TeamId::BOTH {
                let (set, r) = immune[t].get_or_insert((CellSet::default(), rule));
                *set = set.union(&region[t]);
                *r = rule;
            }
        }
        any_capture |= matches!(s.kind, CaptureKind::Capture { .. });
    }
    if let (true, false, Some(sp)) = (clean, any_capture, cs.first_no_capture) {
        cx.diags.push(
            Diagnostic::warning(
                Code::CapturesNowhere,
                sp,
                "the file forbids captures somewhere but allows them nowhere",
                "no `capture:` statement allows any",
            )
            .with_help("say where captures happen, e.g. `capture: compulsory, remove`"),
        );
    }
    let stacking = cs.stacking.as_ref().map(|s| s.value);
    CapturePolicy {
        stacking: Sourced {
            value: stacking.is_some_and(|(a, _, _)| a),
            origin: cs.stacking.as_ref().map(|s| s.origin),
        },
        stacking_at_goal: stacking.is_some_and(|(a, g, _)| a || g),
        stacking_at_end: stacking.is_some_and(|(a, _, e)| a || e),
        at,
        blocked_share: sourced(&cs.blocked, true),
        immune,
        immune_when: Vec::new(),
        waiting_immune: Sourced::default(),
        protection: Sourced::default(),
        home_to: sourced(&cs.home_to, HomeTarget::StartHole),
        stated: cs.stated,
    }
}

/// The holes of a capture statement's region seen from team `t` (`None`: every hole).
fn holes(s: &CaptureStatement, t: TeamId, cells: u16) -> CellSet {
    match &s.region {
        Some(r) => r[t],
        None => {
            let mut all = CellSet::default();
            (0..cells).for_each(|c| all.insert(Cell::new(c)));
            all
        }
    }
}

fn count(c: &CellSet) -> u32 {
    c.0.iter().map(|w| w.count_ones()).sum()
}

fn subset(a: &CellSet, b: &CellSet) -> bool {
    a.0.iter().zip(&b.0).all(|(x, y)| x & !y == 0)
}

/// The `capture` statements (no other kind), least specific first for team `t`: a
/// statement without a region first, then by fewer holes, file order among equals.
fn by_specificity(stated: &[CaptureStatement], t: TeamId, cells: u16) -> Vec<&CaptureStatement> {
    let mut v: Vec<&CaptureStatement> = stated
        .iter()
        .filter(|s| matches!(s.kind, CaptureKind::Capture { .. }))
        .collect();
    v.sort_by_key(|s| {
        (
            s.region.is_some(),
            std::cmp::Reverse(count(&holes(s, t, cells))),
        )
    });
    v
}

/// Two `capture` statements on common holes are an error unless one's holes lie strictly
/// inside the other's (for each team): then the more specific one applies there.
#[expect(
    clippy::indexing_slicing,
    reason = "`spans` is pushed beside `stated`, so the two have the same length"
)]
fn overlapping_captures(cx: &mut Cx, cs: &CaptureStmts, cells: u16) {
    let captures: Vec<usize> = (0..cs.stated.len())
        .filter(|&i| matches!(cs.stated[i].kind, CaptureKind::Capture { .. }))
        .collect();
    for (n, &i) in captures.iter().enumerate() {
        for &j in &captures[..n] {
            let (a, b) = (&cs.stated[i], &cs.stated[j]);
            let clash = TeamId::BOTH.into_iter().any(|t| {
                let (ha, hb) = (holes(a, t, cells), holes(b, t, cells));
                let meet = ha.0.iter().zip(&hb.0).any(|(x, y)| x & y != 0);
                // A statement without a region is the least specific of all.
                let nested = match (&a.region, &b.region) {
                    (None, Some(_)) | (Some(_), None) => true,
                    (None, None) => false,
                    _ => (subset(&ha, &hb) || subset(&hb, &ha)) && ha != hb,
                };
                meet && !nested
            });
            if clash {
                cx.diags.push(
                    Diagnostic::error(
                        Code::CaptureOverlap,
                        cs.spans[i],
                        "two capture statements speak of the same holes",
                        "overlaps the earlier one",
                    )
                    .with_help("make one region lie inside the other (the smaller one wins there), or put them under different readings")
                    .with_secondary(cs.spans[j], "earlier capture statement"),
                );
            }
        }
    }
}
