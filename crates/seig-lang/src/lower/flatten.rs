//! The one implementation of `if READING = OPTION`: rule bodies flattened to their
//! statements, each marked with whether the readings in force keep it and, if so, where it
//! stands in its rule's [`RuleInfo::statements`].

use super::cx::{Cx, unknown};
use crate::diag::{Code, Diagnostic, suggest};
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

/// An `if`'s test with its names resolved to reading and option indices.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum ReadingTest {
    /// Reading `.0` is option `.1`.
    Is(usize, usize),
    /// `not`.
    Not(Box<ReadingTest>),
    /// `and`.
    All(Vec<ReadingTest>),
    /// `or`.
    Any(Vec<ReadingTest>),
}

impl ReadingTest {
    /// Whether the test holds when each reading `r` is option `option(r)`.
    fn holds(&self, option: &impl Fn(usize) -> usize) -> bool {
        match self {
            Self::Is(r, o) => option(*r) == *o,
            Self::Not(t) => !t.holds(option),
            Self::All(ts) => ts.iter().all(|t| t.holds(option)),
            Self::Any(ts) => ts.iter().any(|t| t.holds(option)),
        }
    }

    /// The readings the test names, each once, in text order.
    fn readings(&self, out: &mut Vec<usize>) {
        match self {
            Self::Is(r, _) => {
                if !out.contains(r) {
                    out.push(*r);
                }
            }
            Self::Not(t) => t.readings(out),
            Self::All(ts) | Self::Any(ts) => ts.iter().for_each(|t| t.readings(out)),
        }
    }
}

/// A reading test on the way to a statement: the `if`'s test, and whether the statement lies
/// in its branch (`true`) or its `else` (`false`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Test {
    /// The test.
    pub test: ReadingTest,
    /// `true` in the `if` branch, `false` in the `else` branch.
    pub holds: bool,
}

/// The most selections [`in_force_with`] tries (the options of the readings a path names,
/// multiplied): beyond it a path counts as never in force.
const MAX_SELECTIONS: usize = 1 << 16;

/// A selection of options (`(reading, option)` indices, for every reading `path` names) that
/// passes every test of `path`, changing as few readings from their option in force as it can;
/// `None` when no selection passes them all (tests that contradict each other).
pub(super) fn in_force_with(
    path: &[Test],
    readings: &[ReadingInfo],
) -> Option<Vec<(usize, usize)>> {
    let mut named = Vec::new();
    path.iter().for_each(|t| t.test.readings(&mut named));
    let infos: Vec<&ReadingInfo> = named
        .iter()
        .map(|&r| readings.get(r))
        .collect::<Option<_>>()?;
    let total = infos
        .iter()
        .try_fold(1usize, |n, r| n.checked_mul(r.options.len().max(1)))
        .filter(|&n| n <= MAX_SELECTIONS)?;
    // Odometer over the options, each reading's counted from its option in force, so that
    // selection 0 is the readings in force.
    let mut best: Option<(usize, Vec<usize>)> = None;
    for k in 0..total {
        let mut rest = k;
        let pick: Vec<usize> = infos
            .iter()
            .map(|r| {
                let n = r.options.len().max(1);
                let step = rest % n;
                rest /= n;
                (r.chosen + step) % n
            })
            .collect();
        let option = |r: usize| {
            named
                .iter()
                .position(|&x| x == r)
                .and_then(|i| pick.get(i).copied())
                .unwrap_or(0)
        };
        if path.iter().all(|t| t.test.holds(&option) == t.holds) {
            let changed = pick
                .iter()
                .zip(&infos)
                .filter(|(o, r)| **o != r.chosen)
                .count();
            if best.as_ref().is_none_or(|(c, _)| changed < *c) {
                best = Some((changed, pick));
            }
        }
    }
    best.map(|(_, pick)| named.into_iter().zip(pick).collect())
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
            rule: RuleIx::new(ri as u16),
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

/// An `if`'s test with its names resolved (`None` after a diagnostic for a test that names
/// nothing declared). Every part is checked, even where `and` or `or` would not need it, so
/// each bad name is told.
fn reading_cond(cx: &mut Cx, c: &ast::ReadingCond) -> Option<ReadingTest> {
    use ast::ReadingCond as R;
    match c {
        R::Test(r, o) => reading_index(cx, r, o).map(|(r, o)| ReadingTest::Is(r, o)),
        R::Not(c) => reading_cond(cx, &c.node).map(|t| ReadingTest::Not(Box::new(t))),
        R::Group(c) => reading_cond(cx, &c.node),
        R::All(cs) | R::Any(cs) => {
            let parts: Vec<Option<ReadingTest>> =
                cs.iter().map(|p| reading_cond(cx, &p.node)).collect();
            let parts = parts.into_iter().collect::<Option<Vec<_>>>()?;
            Some(if matches!(c, R::Any(_)) {
                ReadingTest::Any(parts)
            } else {
                ReadingTest::All(parts)
            })
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
            test: written,
            then,
            otherwise,
        } = &s.node
        {
            let test = reading_cond(cx, &written.node);
            let mut tested = Vec::new();
            if let Some(t) = &test {
                t.readings(&mut tested);
            }
            for &ri in &tested {
                if !info.readings_tested.contains(&ri) {
                    info.readings_tested.push(ri);
                }
            }
            let holds = test.as_ref().map(|t| t.holds(&|r| cx.readings[r].chosen));
            // The options that lead into each branch, if the readings in force take it: every
            // reading the test names, at its option in force (a compound test holds or fails
            // by all of them together).
            let branch = |take: bool| -> Option<Vec<Choice>> {
                let mut cs = at.choices?.to_vec();
                for &ri in &tested {
                    let c = Choice {
                        reading: ri,
                        option: cx.readings[ri].chosen,
                    };
                    if !cs.contains(&c) {
                        cs.push(c);
                    }
                }
                (holds? == take).then_some(cs)
            };
            let (then_cs, else_cs) = (branch(true), branch(false));
            let path = |holds: bool| -> Vec<Test> {
                let mut p = at.path.to_vec();
                p.extend(test.clone().map(|test| Test { test, holds }));
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
    let StmtKind::If { test: written, .. } = &s.node else {
        return;
    };
    if in_force_with(outer, &cx.readings).is_none() {
        return;
    }
    let test = written.span;
    let said = crate::fmt::reading_cond(&written.node);
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
        StmtKind::Dice { .. } => K::Dice,
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
        StmtKind::TrackBranch { .. } => K::TrackBranch,
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
        StmtKind::BackWhenStuck(_) => K::BackWhenStuck,
        StmtKind::BackStart(_) => K::BackStart,
        StmtKind::PrisonersFreed(_) => K::PrisonersFreed,
        StmtKind::SplitThrows(_) => K::SplitThrows,
        StmtKind::ThrowingOn(_) => K::ThrowingOn,
        StmtKind::Passing { .. } => K::Passing,
        StmtKind::MustLand(_) => K::MustLand,
        StmtKind::PassedWon(_) => K::PassedWon,
        StmtKind::SendOn { .. } => K::SendOn,
        StmtKind::Protection(_) => K::Protection,
        StmtKind::Blockade(_) => K::Blockade,
        StmtKind::BearOff { .. } => K::BearOff,
        StmtKind::BearingLarger(_) => K::BearingLarger,
        StmtKind::BlockedRelease(_) => K::BlockedRelease,
        StmtKind::Stacks(_) => K::Stacks,
    })
}
