//! The one implementation of `if READING = OPTION`: rule bodies flattened to their
//! statements, each marked with whether the readings in force keep it and, if so, where it
//! stands in its rule's [`RuleInfo::statements`].

use super::cx::{Cx, unknown};
use crate::diag::{Code, Diagnostic, Span, suggest};
use crate::ir::*;
use crate::syntax::ast::{self, Name, StmtKind};

/// One statement to lower, with the rule it belongs to and whether the readings keep it.
pub(super) struct Flat<'a> {
    /// The statement.
    pub stmt: &'a ast::Stmt,
    /// Its rule.
    pub rule: RuleIx,
    /// Where it stands in its rule's [`RuleInfo::statements`]; `None` when the readings in
    /// force switch it off.
    pub origin: Option<Origin>,
    /// For a statement switched off, the reading tests that lead to it (empty otherwise):
    /// [`in_force_with`] finds a selection of readings that puts it in force from them.
    pub path: Vec<Test>,
}

/// A reading test on the way to a statement: reading `reading` is option `option` (or,
/// in an `else`, is not).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Test {
    /// The reading's index.
    pub reading: usize,
    /// The option's index.
    pub option: usize,
    /// `true` in the `if` branch, `false` in the `else` branch.
    pub holds: bool,
}

/// A selection of options (`(reading, option)` indices) that passes every test of `path`,
/// keeping each reading's option in force where its tests allow; `None` when no selection
/// passes them all (two tests of one reading contradict each other).
pub(super) fn in_force_with(
    path: &[Test],
    readings: &[ReadingInfo],
) -> Option<Vec<(usize, usize)>> {
    let mut out: Vec<(usize, usize)> = Vec::new();
    for t in path {
        if out.iter().any(|(r, _)| *r == t.reading) {
            continue;
        }
        let fits = |o: usize| {
            path.iter()
                .filter(|u| u.reading == t.reading)
                .all(|u| (u.option == o) == u.holds)
        };
        let r = readings.get(t.reading)?;
        let option = std::iter::once(r.chosen)
            .chain(0..r.options.len())
            .find(|&o| fits(o))?;
        out.push((t.reading, option));
    }
    Some(out)
}

impl Flat<'_> {
    /// Do the readings in force keep the statement?
    pub fn active(&self) -> bool {
        self.origin.is_some()
    }
}

/// Flattens every rule's body; fills each rule's statements and the readings it tests.
pub(super) fn flatten_rules<'a>(
    cx: &mut Cx,
    rule_asts: &[&'a ast::Rule],
    rules: &mut [RuleInfo],
) -> Vec<Flat<'a>> {
    cx.used_readings = vec![false; cx.readings.len()];
    let mut flat = Vec::new();
    for (ri, (r, info)) in rule_asts.iter().zip(rules.iter_mut()).enumerate() {
        let at = At {
            rule: ri as RuleIx,
            choices: Some(&[]),
            path: &[],
        };
        flatten(cx, &r.body, at, info, &mut flat);
    }
    flat
}

/// Warns of readings no `if` tests (only on a clean file: a statement dropped for an error
/// would show up again as a reading unused).
#[expect(
    clippy::indexing_slicing,
    reason = "`i` runs over the readings, and `reading_spans` holds one span per reading"
)]
pub(super) fn unused_readings(cx: &mut Cx) {
    if cx.has_error() {
        return;
    }
    for (i, used) in cx.used_readings.iter().enumerate() {
        if !used {
            cx.diags.push(
                Diagnostic::warning(
                    Code::UnusedReading,
                    cx.reading_spans[i],
                    format!("reading `{}` changes nothing", cx.readings[i].id),
                    "no `if` tests it",
                )
                .with_help(format!(
                    "use it in a rule: `if {} = OPTION {{ … }}`",
                    cx.readings[i].id
                )),
            );
        }
    }
}

pub(super) fn reading_test(cx: &mut Cx, reading: &Name, option: &Name) -> Option<bool> {
    reading_index(cx, reading, option)
        .map(|(ri, oi)| cx.readings.get(ri).is_some_and(|r| r.chosen == oi))
}

/// A reading test's reading and option indices; `None` (after a diagnostic) when it
/// names nothing declared.
#[expect(
    clippy::indexing_slicing,
    reason = "`ri` is a position found in `cx.readings`, and `used_readings` holds one flag per reading"
)]
fn reading_index(cx: &mut Cx, reading: &Name, option: &Name) -> Option<(usize, usize)> {
    let ids: Vec<&str> = cx.readings.iter().map(|r| r.id.as_str()).collect();
    let Some(ri) = cx.readings.iter().position(|r| r.id == reading.node) else {
        let d = unknown("reading", reading, &ids)
            .with_note("declare it: `reading ID \"question\" { a (default) b }`");
        cx.diags.push(d);
        return None;
    };
    cx.used_readings[ri] = true;
    let r = &cx.readings[ri];
    let names: Vec<&str> = r.options.iter().map(|(n, _)| n.as_str()).collect();
    match names.iter().position(|n| *n == option.node) {
        Some(i) => Some((ri, i)),
        None => {
            let d = Diagnostic::error(
                Code::NotAnOption,
                option.span,
                format!(
                    "`{}` is not an option of reading `{}`",
                    option.node, reading.node
                ),
                "unknown option",
            )
            .with_note(format!("options: {}", names.join(", ")));
            let d = match suggest(&option.node, names.iter().copied()) {
                Some(h) => d.with_help(h),
                None => d,
            };
            cx.diags.push(d);
            None
        }
    }
}

/// Where [`flatten`] is in a rule body: the rule, the options that lead here if the
/// readings in force take this branch (`None` inside a branch they switch off), and the
/// reading tests on the way.
#[derive(Clone, Copy)]
struct At<'p> {
    rule: RuleIx,
    choices: Option<&'p [Choice]>,
    path: &'p [Test],
}

/// Resolves the `if`s of a rule body: every statement goes to `out`, marked active when the
/// readings in force keep it; active ones are also listed in the rule's statements.
#[expect(
    clippy::indexing_slicing,
    reason = "`ri` comes from `reading_index`, a position in `cx.readings`"
)]
fn flatten<'a>(
    cx: &mut Cx,
    body: &'a [ast::Stmt],
    at: At<'_>,
    info: &mut RuleInfo,
    out: &mut Vec<Flat<'a>>,
) {
    for s in body {
        if let StmtKind::If {
            reading,
            option,
            then,
            otherwise,
        } = &s.node
        {
            let test = reading_index(cx, reading, option);
            if let Some((ri, _)) = test
                && !info.readings_tested.contains(&ri)
            {
                info.readings_tested.push(ri);
            }
            // The options that lead into each branch, if the readings in force take it.
            let branch = |take: bool| -> Option<Vec<Choice>> {
                let (ri, oi) = test?;
                let mut cs = at.choices?.to_vec();
                cs.push(Choice {
                    reading: ri,
                    option: cx.readings[ri].chosen,
                });
                ((oi == cx.readings[ri].chosen) == take).then_some(cs)
            };
            let (then_cs, else_cs) = (branch(true), branch(false));
            let path = |holds: bool| -> Vec<Test> {
                let mut p = at.path.to_vec();
                p.extend(test.map(|(reading, option)| Test {
                    reading,
                    option,
                    holds,
                }));
                p
            };
            let (then_path, else_path) = (path(true), path(false));
            never_in_force(
                cx,
                at.path,
                &then_path,
                s,
                otherwise.is_some().then_some(&else_path[..]),
            );
            let then_at = At {
                choices: then_cs.as_deref(),
                path: &then_path,
                ..at
            };
            flatten(cx, then, then_at, info, out);
            if let Some(o) = otherwise {
                let else_at = At {
                    choices: else_cs.as_deref(),
                    path: &else_path,
                    ..at
                };
                flatten(cx, o, else_at, info, out);
            }
        } else {
            let origin = at.choices.zip(statement_kind(&s.node)).map(|(cs, kind)| {
                info.statements.push(Statement {
                    kind,
                    readings: cs.to_vec(),
                });
                Origin {
                    rule: at.rule,
                    statement: info.statements.len() as u16 - 1,
                }
            });
            out.push(Flat {
                stmt: s,
                rule: at.rule,
                origin,
                path: if origin.is_none() {
                    at.path.to_vec()
                } else {
                    Vec::new()
                },
            });
        }
    }
}

/// Warns of a branch of the `if` statement `s` that no selection of readings puts in force
/// (its test contradicts a test around it), once, at the outermost such `if`.
fn never_in_force(
    cx: &mut Cx,
    outer: &[Test],
    then: &[Test],
    s: &ast::Stmt,
    otherwise: Option<&[Test]>,
) {
    let StmtKind::If {
        reading, option, ..
    } = &s.node
    else {
        return;
    };
    if in_force_with(outer, &cx.readings).is_none() {
        return;
    }
    let test = Span {
        start: reading.span.start,
        end: option.span.end,
    };
    let said = format!("{} = {}", reading.node, option.node);
    if in_force_with(then, &cx.readings).is_none() {
        cx.diags.push(
            Diagnostic::warning(
                Code::BranchNeverInForce,
                test,
                format!("`{said}` never holds here: its branch is never in force"),
                "contradicts a test around it",
            )
            .with_help("an `if` inside another tests a reading the outer `if` has already decided; remove the inner test or move its branch out"),
        );
    } else if otherwise.is_some_and(|p| in_force_with(p, &cx.readings).is_none()) {
        cx.diags.push(
            Diagnostic::warning(
                Code::BranchNeverInForce,
                test,
                format!("`{said}` always holds here: its `else` is never in force"),
                "decided by a test around it",
            )
            .with_help("the outer `if` has already decided this reading; remove the `else` branch, or the inner test"),
        );
    }
}

/// The IR's name for a statement's kind (`None` for an `if`, which flattening resolves).
fn statement_kind(s: &StmtKind) -> Option<StatementKind> {
    use StatementKind as K;
    Some(match s {
        StmtKind::If { .. } => return None,
        StmtKind::Row { .. } => K::Row,
        StmtKind::TeamPieces { .. } => K::TeamPieces,
        StmtKind::TeamColour { .. } => K::TeamColour,
        StmtKind::TeamShown { .. } => K::TeamShown,
        StmtKind::Seats(_) => K::Seats,
        StmtKind::Order(_) => K::Order,
        StmtKind::Sticks { when, .. } => K::Sticks(match when {
            ast::SticksWhen::Always => SticksScope::Always,
            ast::SticksWhen::InPhase(_) => SticksScope::InPhase,
            ast::SticksWhen::FirstOfTurn => SticksScope::FirstOfTurn,
            ast::SticksWhen::FirstOfGame => SticksScope::FirstOfGame,
            ast::SticksWhen::If(_) => SticksScope::If,
        }),
        StmtKind::Value(_) => K::Value,
        StmtKind::Class { .. } => K::Class,
        StmtKind::Phases(_) => K::Phases,
        StmtKind::Allocation(_) => K::Allocation,
        StmtKind::ReleaseOrder(_) => K::ReleaseOrder,
        StmtKind::BindAfterRelease => K::BindAfterRelease,
        StmtKind::Transition { .. } => K::Transition,
        StmtKind::Throw { .. } => K::Throw,
        StmtKind::Track { .. } => K::Track,
        StmtKind::TrackLoop { .. } => K::TrackLoop,
        StmtKind::TrackEnd(..) => K::TrackEnd,
        StmtKind::TrackEntry(..) => K::TrackEntry,
        StmtKind::Gate { .. } => K::Gate,
        StmtKind::Stacking { .. } => K::Stacking,
        StmtKind::Capture { .. } => K::Capture,
        StmtKind::NoCapture { .. } => K::NoCapture,
        StmtKind::CaptureOnly { .. } => K::CaptureOnly,
        StmtKind::Blocked(_) => K::Blocked,
        StmtKind::Immune(_) | StmtKind::ImmuneArrived | StmtKind::ImmuneUntilReleased => K::Immune,
        StmtKind::ImmuneWhen { .. } => K::ImmuneWhen,
        StmtKind::SendHomeTo(_) => K::SendHomeTo,
        StmtKind::Win(..) => K::Win,
        StmtKind::SeatOrder(_) => K::SeatOrder,
        StmtKind::Draw(..) => K::Draw,
        StmtKind::ScoreEnd { .. } => K::ScoreEnd,
        StmtKind::MovesPerPiece(_) => K::MovesPerPiece,
        StmtKind::PooledLanding(_) => K::PooledLanding,
        StmtKind::PooledWalk(_) => K::PooledWalk,
        StmtKind::Moves(_) => K::Moves,
        StmtKind::ThrowingOn(_) => K::ThrowingOn,
        StmtKind::Passing { .. } => K::Passing,
        StmtKind::MustLand(_) => K::MustLand,
        StmtKind::PassedWon(_) => K::PassedWon,
        StmtKind::SendOn { .. } => K::SendOn,
        StmtKind::BlockedRelease(_) => K::BlockedRelease,
        StmtKind::Stacks(_) => K::Stacks,
    })
}
