//! Whole-table checks of the throw table: every throw covered in every phase, no phase whose
//! turns never end, no entry that can never apply.

use super::cx::Cx;
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::*;

/// A throw that can happen: (phase, number of sticks, value). A file that throws dice has
/// one outcome per value a die can show, with 0 sticks (each die is matched by itself); the
/// marked stick's own throw has [`MARKED`] set in its number of sticks.
type Outcome = (PhaseId, u8, u8);

/// Set in an outcome's number of sticks for the throw whose only counted stick is the
/// marked one.
const MARKED: u8 = 0x80;

/// Every throw outcome is covered in every phase; entries that can never apply are flagged.
/// With `report` off (the file already has errors), only builds the table.
pub(super) fn check_throws(
    cx: &mut Cx,
    throws: Vec<(ThrowEntry, Span)>,
    sticks: &Sticks,
    teams: &ByTeam<Team>,
    report: bool,
    fallback: Span,
) -> Vec<ThrowEntry> {
    if !report {
        return throws.into_iter().map(|(e, _)| e).collect();
    }
    let Some(&(_, first_throw)) = throws.first() else {
        cx.diags.push(
            Diagnostic::error(
                Code::NoThrowTable,
                fallback,
                "the file has no throw table",
                "no `on …:` entry in any rule",
            )
            .with_help(
                "say what each throw does, e.g. `on 1, 2, 3, 4: move value` and `on 0: nothing`",
            ),
        );
        return Vec::new();
    };
    if sticks.marked.is_none()
        && let Some((_, at)) = throws.iter().find(|(e, _)| e.matches == ThrowMatch::Marked)
    {
        cx.diags.push(
            Diagnostic::error(
                Code::MarkedThrow,
                *at,
                "a marked throw, but no stick is marked",
                "no throw can be the marked stick's",
            )
            .with_help("mark a stick: `sticks: 4 with faces flat and round, one marked`"),
        );
    }
    let outcomes = outcomes(cx.phases.len(), sticks, teams);
    uncovered(cx, &throws, &outcomes, first_throw);
    endless(cx, &throws, &outcomes, first_throw);
    never_applies(cx, &throws, &outcomes);
    throws.into_iter().map(|(e, _)| e).collect()
}

/// The throws that can happen, in phase order.
#[expect(
    clippy::indexing_slicing,
    reason = "`ph` runs over `0..phases` and `by_phase` has one entry per phase"
)]
fn outcomes(phases: usize, sticks: &Sticks, teams: &ByTeam<Team>) -> Vec<Outcome> {
    // (phase, n, value) triples that can happen.
    let mut outcomes: Vec<(PhaseId, u8, u8)> = Vec::new();
    for ph in (0..phases as u8).map(PhaseId::new) {
        if let Some(d) = &sticks.dice {
            let mut faces = d.faces.clone();
            faces.sort_unstable();
            faces.dedup();
            outcomes.extend(faces.into_iter().map(|v| (ph, 0, v)));
            continue;
        }
        let mut counts = vec![sticks.by_phase[ph.index()].map_or(sticks.count, |c| c.value)];
        counts.extend(sticks.first_of_turn.map(|c| c.value));
        counts.extend(sticks.first_of_game.map(|c| c.value));
        counts.extend(sticks.conditional.iter().map(|c| c.count));
        counts.sort_unstable();
        counts.dedup();
        for n in counts {
            for k in 0..=n {
                for t in teams {
                    let v = sticks
                        .value
                        .value
                        .throw_value(t.colour.map(|c| c.value), k, n);
                    if !outcomes.contains(&(ph, n, v)) {
                        outcomes.push((ph, n, v));
                    }
                }
            }
            if sticks.marked.is_some() && n >= 1 {
                outcomes.push((ph, n | MARKED, 1));
            }
        }
    }
    outcomes
}

/// Does the entry take this throw?
#[expect(
    clippy::indexing_slicing,
    reason = "a `ThrowMatch::Class` holds the index of a class lowering declared"
)]
fn matches(e: &ThrowEntry, (ph, n, v): Outcome, classes: &[Class]) -> bool {
    e.phase.is_none_or(|p| p == ph)
        && match &e.matches {
            ThrowMatch::Any => true,
            ThrowMatch::Values(m) => m >> v & 1 == 1,
            // Classes are symmetric in the faces, so the value stands for its count.
            ThrowMatch::Class(c) => classes[*c].contains(v, n & !MARKED),
            ThrowMatch::Marked => n & MARKED != 0,
        }
}

/// Throws no entry takes.
#[expect(
    clippy::indexing_slicing,
    reason = "each outcome's phase comes from `outcomes`, which runs over the phases `Cx` holds"
)]
fn uncovered(cx: &mut Cx, throws: &[(ThrowEntry, Span)], outcomes: &[Outcome], first_throw: Span) {
    // Throws no entry takes, grouped by phase and number of sticks.
    let mut gaps: Vec<((PhaseId, u8), Vec<u8>)> = Vec::new();
    for &(ph, n, v) in outcomes {
        // The marked throw is worth 1 like others: reported with them.
        let n = n & !MARKED;
        if !throws
            .iter()
            .any(|(e, _)| matches(e, (ph, n, v), &cx.classes))
        {
            match gaps.iter_mut().find(|(k, _)| *k == (ph, n)) {
                Some((_, vs)) => vs.push(v),
                None => gaps.push(((ph, n), vec![v])),
            }
        }
    }
    for ((ph, n), mut vs) in gaps {
        vs.sort_unstable();
        vs.dedup();
        let list: Vec<String> = vs.iter().map(|v| v.to_string()).collect();
        let (what, verb) = if vs.len() == 1 {
            ("a throw of", "is")
        } else {
            ("throws of", "are")
        };
        let (phase_at, in_phase) = if cx.phases.len() > 1 {
            (
                format!("in phase `{}`, ", cx.phases[ph.index()]),
                format!(" in {}", cx.phases[ph.index()]),
            )
        } else {
            (String::new(), String::new())
        };
        cx.diags.push(
            Diagnostic::error(
                Code::UncoveredThrow,
                first_throw,
                format!(
                    "{phase_at}{what} {} {} {verb} covered by no entry",
                    and_list(&list),
                    if n == 0 {
                        "on a die".to_string()
                    } else {
                        format!("with {n} sticks")
                    }
                ),
                "the throw table starts here",
            )
            .with_help(format!(
                "say what {} does, e.g. `on {}{in_phase}: nothing`",
                if vs.len() == 1 { "it" } else { "each" },
                list.join(", ")
            )),
        );
    }
}

/// A phase where every throw throws again (and stays in the phase) never ends a turn.
#[expect(
    clippy::indexing_slicing,
    reason = "each outcome's phase comes from `outcomes`, which runs over the phases `Cx` holds"
)]
fn endless(cx: &mut Cx, throws: &[(ThrowEntry, Span)], outcomes: &[Outcome], first_throw: Span) {
    for ph in (0..cx.phases.len() as u8).map(PhaseId::new) {
        let mine: Vec<_> = outcomes.iter().copied().filter(|o| o.0 == ph).collect();
        let endless = !mine.is_empty()
            && mine.iter().all(|&o| {
                let applicable: Vec<&ThrowEntry> = throws
                    .iter()
                    .map(|(e, _)| e)
                    .filter(|e| matches(e, o, &cx.classes))
                    .collect();
                !applicable.is_empty()
                    && applicable.iter().all(|e| {
                        e.effects.contains(&Effect::ThrowAgain)
                            && !e
                                .effects
                                .iter()
                                .any(|f| matches!(f, Effect::EnterPhase(p) if *p != ph))
                    })
            });
        if endless {
            cx.diags.push(
                Diagnostic::error(
                    Code::EndlessTurn,
                    first_throw,
                    format!(
                        "in phase `{}`, every throw throws again: a turn could never end",
                        cx.phases[ph.index()]
                    ),
                    "the throw table starts here",
                )
                .with_help("let at least one throw end the turn (an entry without `throw again`)"),
            );
        }
    }
}

/// Entries that can never apply: no throw matches them, or earlier entries take all theirs.
#[expect(
    clippy::indexing_slicing,
    reason = "`j` and `t` are positions in `throws` taken while iterating it"
)]
fn never_applies(cx: &mut Cx, throws: &[(ThrowEntry, Span)], outcomes: &[Outcome]) {
    for j in 0..throws.len() {
        let (entry, span) = &throws[j];
        // A marked throw without a marked stick is E188 already.
        if entry.matches == ThrowMatch::Marked && outcomes.iter().all(|o| o.1 & MARKED == 0) {
            continue;
        }
        let mine: Vec<(PhaseId, u8, u8)> = outcomes
            .iter()
            .copied()
            .filter(|&o| matches(entry, o, &cx.classes))
            .collect();
        if mine.is_empty() {
            let values: Vec<u8> = outcomes
                .iter()
                .filter(|o| entry.phase.is_none_or(|p| p == o.0))
                .map(|o| o.2)
                .collect();
            let (lo, hi) = (
                values.iter().min().copied().unwrap_or(0),
                values.iter().max().copied().unwrap_or(0),
            );
            cx.diags.push(
                Diagnostic::warning(
                    Code::EntryNeverApplies,
                    *span,
                    "this throw entry never applies",
                    "no throw can match it",
                )
                .with_note(format!(
                    "the throws that can happen here are worth {lo} to {hi}"
                )),
            );
            continue;
        }
        impossible_values(cx, entry, *span, outcomes);
        // For each of its throws, the earlier entry (without conditions) that takes it.
        let takers: Option<Vec<usize>> = mine
            .iter()
            .map(|&o| {
                throws[..j].iter().position(|(e, _)| {
                    super::shadowed::implied(&e.conds, &entry.conds) && matches(e, o, &cx.classes)
                })
            })
            .collect();
        if let Some(mut takers) = takers {
            takers.sort_unstable();
            takers.dedup();
            let mut d = Diagnostic::warning(
                Code::EntryNeverApplies,
                *span,
                "this throw entry never applies",
                "earlier entries take every throw it matches",
            )
            .with_help("entries are tried in file order; move it up or narrow the earlier entry");
            for &t in takers.iter().take(3) {
                d = d.with_secondary(throws[t].1, "takes its throws first");
            }
            cx.diags.push(d);
        }
    }
}

/// W010: the values an entry lists that no throw can give (`on 2, 3, 9` with 8 sticks),
/// when it lists some that a throw can (else W001 says it never applies).
fn impossible_values(cx: &mut Cx, entry: &ThrowEntry, span: Span, outcomes: &[Outcome]) {
    let ThrowMatch::Values(listed) = entry.matches else {
        return;
    };
    let possible = outcomes
        .iter()
        .filter(|o| entry.phase.is_none_or(|p| p == o.0))
        .fold(0u64, |m, o| {
            m | 1u64.checked_shl(u32::from(o.2)).unwrap_or(0)
        });
    let never: Vec<String> = (0..64u32)
        .filter(|v| listed >> v & 1 == 1 && possible >> v & 1 == 0)
        .map(|v| v.to_string())
        .collect();
    if never.is_empty() {
        return;
    }
    let (lo, hi) = (
        possible.trailing_zeros(),
        63u32.saturating_sub(possible.leading_zeros()),
    );
    cx.diags.push(
        Diagnostic::warning(
            Code::ImpossibleThrowValue,
            span,
            format!(
                "no throw is worth {}, which this entry lists",
                and_list(&never)
            ),
            "never matches that value",
        )
        .with_note(format!(
            "the throws that can happen here are worth {lo} to {hi}"
        ))
        .with_help("remove the value, or check the number of sticks"),
    );
}

/// W045: the values a `bear off from … with …` statement lists that no throw of any phase
/// can give: a piece never bears off with them.
pub(super) fn bear_off_values(
    cx: &mut Cx,
    bear: &[(BearOff, Span)],
    sticks: &Sticks,
    teams: &ByTeam<Team>,
) {
    let possible = outcomes(cx.phases.len(), sticks, teams)
        .iter()
        .fold(0u64, |m, o| {
            m | 1u64.checked_shl(u32::from(o.2)).unwrap_or(0)
        });
    for (b, span) in bear {
        if b.values == u64::MAX {
            continue;
        }
        let never: Vec<String> = (0..64u32)
            .filter(|v| b.values >> v & 1 == 1 && possible >> v & 1 == 0)
            .map(|v| v.to_string())
            .collect();
        if never.is_empty() {
            continue;
        }
        let (lo, hi) = (
            possible.trailing_zeros(),
            63u32.saturating_sub(possible.leading_zeros()),
        );
        cx.diags.push(
            Diagnostic::warning(
                Code::BearOffThrowNever,
                *span,
                format!(
                    "no throw is worth {}, which bears off here",
                    and_list(&never)
                ),
                "no piece bears off with that value",
            )
            .with_note(format!("the throws of this game are worth {lo} to {hi}"))
            .with_help("name values the sticks can give, or check the number of sticks"),
        );
    }
}

/// "a", "a and b", "a, b and c".
pub(super) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}
