//! Landing and taking: stacking, blocked landings, where a piece sent home goes, and the
//! capture statements, turned into a table per attacking team and hole.

use super::cx::Cx;
use super::flatten::Flat;
use super::{Setting, set_once};
use crate::lang::diag::{Code, Diagnostic, Span};
use crate::lang::ir::*;
use crate::lang::syntax::ast::StmtKind;

/// The statements about landing and taking in force.
pub(super) struct CaptureStmts {
    /// Stacking allowed, and allowed at the goal.
    stacking: Option<Setting<(bool, bool)>>,
    /// A blocked landing shares the hole.
    blocked: Option<Setting<bool>>,
    /// Pieces sent home go to the first empty hole.
    home_first_empty: Option<Setting<bool>>,
    /// The capture statements, in file order.
    stated: Vec<CaptureStatement>,
    /// The first `no capture` statement in force.
    first_no_capture: Option<Span>,
}

/// Collects them.
pub(super) fn capture_statements(cx: &mut Cx, flat: &[Flat]) -> CaptureStmts {
    let mut cs = CaptureStmts {
        stacking: None,
        blocked: None,
        home_first_empty: None,
        stated: Vec::new(),
        first_no_capture: None,
    };
    for f in flat {
        let (kind, region) = match &f.stmt.node {
            StmtKind::Stacking {
                allowed,
                except_goal,
            } => {
                let v = (*allowed, *except_goal);
                set_once(cx, &mut cs.stacking, v, f, "stacking");
                continue;
            }
            StmtKind::Blocked(share) => {
                set_once(cx, &mut cs.blocked, *share, f, "blocked landing");
                continue;
            }
            StmtKind::SendHomeTo(first) => {
                let what = "where pieces are sent home";
                set_once(cx, &mut cs.home_first_empty, *first, f, what);
                continue;
            }
            StmtKind::Capture {
                region,
                compulsory,
                send_home,
            } => {
                let kind = CaptureKind::Capture {
                    compulsory: *compulsory,
                    send_home: *send_home,
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
        }
    }
    cs
}

/// The capture table for a board of `cells` holes; warns (on a clean file) when captures are
/// forbidden somewhere but allowed nowhere.
#[expect(
    clippy::indexing_slicing,
    reason = "`t` enumerates `at`, a pair, so it also indexes the per-team pairs `region` and `immune`"
)]
pub(super) fn policy(cx: &mut Cx, cs: CaptureStmts, cells: u16, clean: bool) -> CapturePolicy {
    let mut at = vec![vec![CellCapture::default(); cells as usize]; 2];
    let mut immune: [Option<(CellSet, RuleIx)>; 2] = [None, None];
    let mut any_capture = false;
    for s in &cs.stated {
        let rule = s.origin.rule;
        for (t, cells_t) in at.iter_mut().enumerate() {
            let here = |c: u16| s.region.is_none_or(|r| r[t].contains(Cell::new(c)));
            for (c, cc) in (0..cells).zip(cells_t.iter_mut()) {
                if !here(c) {
                    continue;
                }
                match s.kind {
                    CaptureKind::Capture {
                        compulsory,
                        send_home,
                    } => {
                        cc.spec = Some(CaptureSpec {
                            compulsory,
                            send_home,
                            rule,
                        });
                    }
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
            for (t, im) in immune.iter_mut().enumerate() {
                let (set, r) = im.get_or_insert((CellSet::default(), rule));
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
        stacking: stacking.is_some_and(|(a, _)| a),
        stacking_at_goal: stacking.is_some_and(|(a, g)| a || g),
        stacking_rule: cs.stacking.as_ref().map(|s| s.origin.rule),
        stacking_origin: cs.stacking.as_ref().map(|s| s.origin),
        at,
        blocked_share: cs.blocked.as_ref().is_none_or(|b| b.value),
        blocked_rule: cs.blocked.as_ref().map(|b| b.origin.rule),
        blocked_origin: cs.blocked.as_ref().map(|b| b.origin),
        immune: immune.to_vec(),
        home_first_empty: cs.home_first_empty.as_ref().is_some_and(|h| h.value),
        home_first_empty_origin: cs.home_first_empty.as_ref().map(|h| h.origin),
        stated: cs.stated,
    }
}
