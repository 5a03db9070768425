//! Movement: how many moves a piece may make in a turn, where a pooled group lands, whether
//! a move may pass other pieces, and what a blocked release does.

use super::cx::Cx;
use super::flatten::Flat;
use super::{Setting, set_once, sourced};
use crate::diag::{Code, Diagnostic, Span};
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
    let mut stuck: Option<Setting<BackWhenStuck>> = None;
    let mut back_start: Option<Setting<BackStart>> = None;
    let mut freed: Option<Setting<PrisonersFreed>> = None;
    let mut split: Option<Setting<SplitThrows>> = None;
    let mut must_land = TeamCells::default();
    let mut must_land_origin = None;
    let mut passed_won: Sourced<TeamCells> = Sourced::default();
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
            StmtKind::PassedWon(region) => {
                // Several statements add their holes; the last names them all.
                if let (Some(cells), Some(o)) = (cx.region(region), f.origin) {
                    for (m, c) in passed_won.value.iter_mut().zip(cells) {
                        *m = m.union(&c);
                    }
                    passed_won.origin = Some(o);
                }
            }
            StmtKind::BackWhenStuck(may) => {
                let v = if *may {
                    BackWhenStuck::May
                } else {
                    BackWhenStuck::Must
                };
                set_once(
                    cx,
                    &mut stuck,
                    v,
                    f,
                    "what the moves no piece can use forward do",
                )
            }
            StmtKind::BackStart(forbidden) => {
                let v = if *forbidden {
                    BackStart::Forbidden
                } else {
                    BackStart::Stop
                };
                set_once(
                    cx,
                    &mut back_start,
                    v,
                    f,
                    "what a backward move does at the first hole",
                )
            }
            StmtKind::PrisonersFreed(at_once) => {
                let v = if *at_once {
                    PrisonersFreed::AtOnce
                } else {
                    PrisonersFreed::OnArrival
                };
                set_once(
                    cx,
                    &mut freed,
                    v,
                    f,
                    "when a taker's own prisoners are freed",
                )
            }
            StmtKind::SplitThrows(v) => set_once(cx, &mut split, *v, f, "how a throw may be split"),
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
        blockade: d.blockade,
        back_when_stuck: sourced(&stuck, d.back_when_stuck.value),
        back_start: sourced(&back_start, d.back_start.value),
        prisoners_freed: sourced(&freed, d.prisoners_freed.value),
        split: sourced(&split, d.split.value),
        passed_won,
    }
}

/// The `landing on REGION goes to REGION` statements in force, in file order. For each
/// team with holes in the first region, the second must name one hole of the team's track
/// (E140), and no hole may send a piece to two places (E012 for a hole named twice); a
/// sending hole on no track of its team is W040.
pub(super) fn send_on(cx: &mut Cx, flat: &[Flat], teams: &ByTeam<Team>) -> Vec<SendOn> {
    let mut out: Vec<SendOn> = Vec::new();
    let mut spans: Vec<Span> = Vec::new();
    for f in flat {
        let (StmtKind::SendOn { from, to }, Some(origin)) = (&f.stmt.node, f.origin) else {
            continue;
        };
        let (Some(src), Some(dst)) = (cx.region(from), cx.region(to)) else {
            continue;
        };
        let mut target = ByTeam::new(None, None);
        let mut ok = true;
        for (t, team) in TeamId::BOTH.into_iter().zip(teams) {
            if src[t].is_empty() {
                continue;
            }
            let mut holes = dst[t].iter();
            let (one, more) = (holes.next(), holes.next());
            let on_track = one.filter(|c| team.track.cells.contains(c));
            match (on_track, more) {
                (Some(c), None) if !src[t].contains(c) => target[t] = Some(c),
                _ => {
                    let why = match (one, more) {
                        (Some(_), None) if on_track.is_some() => {
                            format!(
                                "a piece of {} would be sent to the hole it landed on",
                                team.name
                            )
                        }
                        (Some(_), None) => format!("that hole is not on {}'s track", team.name),
                        _ => format!("it names {} holes for {}", dst[t].iter().count(), team.name),
                    };
                    cx.diags.push(
                        Diagnostic::error(
                            Code::SendOnTarget,
                            to.span,
                            "a piece is sent on to one hole of its track",
                            why,
                        )
                        .with_help(
                            "name one hole, e.g. `landing on hole 3 of mid goes to hole 5 of mid`",
                        ),
                    );
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            continue;
        }
        let twice = out.iter().zip(&spans).find(|(s, _)| {
            TeamId::BOTH
                .into_iter()
                .any(|t| s.from[t].iter().any(|c| src[t].contains(c)))
        });
        if let Some((_, first)) = twice {
            cx.diags.push(
                Diagnostic::error(
                    Code::SetTwice,
                    f.stmt.span,
                    "where a hole sends a piece is set twice",
                    "second setting",
                )
                .with_help("keep one, or put them in `if READING = OPTION { … } else { … }`")
                .with_secondary(*first, "first setting"),
            );
            continue;
        }
        let reached = TeamId::BOTH
            .into_iter()
            .zip(teams)
            .any(|(t, team)| src[t].iter().any(|c| team.track.cells.contains(&c)));
        if !reached {
            cx.diags.push(
                Diagnostic::warning(
                    Code::SpecialHoleUnreached,
                    from.span,
                    "no piece can land on these holes",
                    "no hole of them is on a track of its team",
                )
                .with_help("name holes the tracks walk through"),
            );
        }
        spans.push(f.stmt.span);
        out.push(SendOn {
            from: src,
            to: target,
            origin,
        });
    }
    out
}

/// `protection: N in a row` and `blockade: N in a row`, each set once (E012 for a second),
/// N from 2 to 64 (E-out-of-range); W041 where no team can put N pieces in a row on a
/// track (fewer pieces than N, or a track shorter than N): the statement can never apply.
/// Returns (protection, blockade).
pub(super) fn runs(
    cx: &mut Cx,
    flat: &[Flat],
    teams: &ByTeam<Team>,
) -> (Sourced<Option<u8>>, Sourced<Option<u8>>) {
    let mut protection: Option<Setting<Option<u8>>> = None;
    let mut blockade: Option<Setting<Option<u8>>> = None;
    for f in flat {
        let (slot, e, what) = match &f.stmt.node {
            StmtKind::Protection(e) => (&mut protection, e, "the protection"),
            StmtKind::Blockade(e) => (&mut blockade, e, "the blockade"),
            _ => continue,
        };
        let Some(n) = cx.int(e, "pieces in a row", 2, 64) else {
            continue;
        };
        let formed = teams
            .iter()
            .any(|t| i64::from(t.pieces) >= n && t.track.cells.len() as i64 >= n);
        if !formed && f.origin.is_some() {
            cx.diags.push(
                Diagnostic::warning(
                    Code::RunNeverForms,
                    e.span,
                    "no team can put this many pieces in a row",
                    format!("{n} in a row: every team has fewer pieces, or a shorter track"),
                )
                .with_help("the statement can never apply: lower the count, or remove it"),
            );
        }
        set_once(cx, slot, Some(n as u8), f, what);
    }
    (sourced(&protection, None), sourced(&blockade, None))
}

/// The `bear off from REGION with …` statements in force, in file order (each with its
/// span, for the checks of the throw values once the sticks are known), and
/// `bearing off: exact throws|larger throws too`, set once (E012 for a second).
pub(super) fn bear_off(cx: &mut Cx, flat: &[Flat]) -> (Vec<(BearOff, Span)>, Sourced<bool>) {
    let mut out = Vec::new();
    let mut larger: Option<Setting<bool>> = None;
    for f in flat {
        match &f.stmt.node {
            StmtKind::BearOff { from, values } => {
                let values = match values {
                    None => u64::MAX,
                    Some(vs) => cx.values(vs, MAX_STICKS),
                };
                if let (Some(from), Some(origin)) = (cx.region(from), f.origin) {
                    out.push((
                        BearOff {
                            from,
                            values,
                            origin,
                        },
                        f.stmt.span,
                    ));
                }
            }
            StmtKind::BearingLarger(v) => {
                set_once(cx, &mut larger, *v, f, "whether larger throws bear off")
            }
            _ => {}
        }
    }
    (out, sourced(&larger, false))
}
