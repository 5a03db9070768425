//! Movement: how many moves a piece may make in a turn, where a pooled group lands, whether
//! a move may pass other pieces, and what a blocked release does.

use super::cx::Cx;
use super::flatten::Flat;
use super::{Setting, set_once, sourced};
use crate::ir::*;
use crate::syntax::ast::{BlockedReleaseKind, StmtKind};

/// The movement statements in force, as [`Movement`] (language defaults where none is).
pub(super) fn movement(cx: &mut Cx, flat: &[Flat]) -> Movement {
    let mut one: Option<Setting<bool>> = None;
    let mut each: Option<Setting<bool>> = None;
    let mut thrown: Option<Setting<bool>> = None;
    let mut own: Option<Setting<bool>> = None;
    let mut opposing: Option<Setting<bool>> = None;
    let mut blocked: Option<Setting<BlockedRelease>> = None;
    let mut must_land = [CellSet::default(); 2];
    let mut must_land_origin = None;
    for f in flat {
        match &f.stmt.node {
            StmtKind::MovesPerPiece(v) => set_once(cx, &mut one, *v, f, "the moves per piece"),
            StmtKind::PooledLanding(v) => {
                set_once(cx, &mut each, *v, f, "where a pooled group lands")
            }
            StmtKind::PooledWalk(v) => {
                set_once(cx, &mut thrown, *v, f, "the order a pooled group is walked")
            }
            StmtKind::Passing { own: true, allowed } => {
                set_once(cx, &mut own, *allowed, f, "passing own pieces")
            }
            StmtKind::Passing {
                own: false,
                allowed,
            } => set_once(cx, &mut opposing, *allowed, f, "passing opposing pieces"),
            StmtKind::MustLand(region) => {
                // Several statements add their holes; the last names them all.
                if let (Some(cells), Some(o)) = (cx.region(region), f.origin) {
                    for (m, c) in must_land.iter_mut().zip(cells) {
                        *m = m.union(&c);
                    }
                    must_land_origin = Some(o);
                }
            }
            StmtKind::BlockedRelease(b) => {
                let v = match b {
                    BlockedReleaseKind::Lost => BlockedRelease::Lost,
                    BlockedReleaseKind::InPlace => BlockedRelease::InPlace,
                    BlockedReleaseKind::AnotherPiece => BlockedRelease::AnotherPiece,
                };
                set_once(cx, &mut blocked, v, f, "what a blocked release does")
            }
            _ => {}
        }
    }
    let d = Movement::default();
    Movement {
        one_move_per_piece: sourced(&one, d.one_move_per_piece.value),
        stacks_together: d.stacks_together,
        land_each_throw: sourced(&each, d.land_each_throw.value),
        walk_in_throw_order: sourced(&thrown, d.walk_in_throw_order.value),
        pass_own: sourced(&own, d.pass_own.value),
        pass_opposing: sourced(&opposing, d.pass_opposing.value),
        must_land: Sourced {
            value: must_land,
            origin: must_land_origin,
        },
        blocked_release: sourced(&blocked, d.blocked_release.value),
    }
}
