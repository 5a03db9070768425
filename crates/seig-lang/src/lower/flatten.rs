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
        flatten(cx, &r.body, ri as RuleIx, Some(&[]), info, &mut flat);
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
    reading_index(cx, reading, option).map(|(_, holds)| holds)
}

/// A reading test's reading index and whether it holds; `None` (after a diagnostic) when it
/// names nothing declared.
#[expect(
    clippy::indexing_slicing,
    reason = "`ri` is a position found in `cx.readings`, and `used_readings` holds one flag per reading"
)]
fn reading_index(cx: &mut Cx, reading: &Name, option: &Name) -> Option<(usize, bool)> {
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
        Some(i) => Some((ri, i == r.chosen)),
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

/// Resolves the `if`s of a rule body: every statement goes to `out`, marked active when the
/// readings in force keep it (`choices` is `None` inside a branch they switch off, else the
/// options that lead here); active ones are also listed in the rule's statements.
#[expect(
    clippy::indexing_slicing,
    reason = "`ri` comes from `reading_index`, a position in `cx.readings`"
)]
fn flatten<'a>(
    cx: &mut Cx,
    body: &'a [ast::Stmt],
    rule: RuleIx,
    choices: Option<&[Choice]>,
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
                let (ri, holds) = test?;
                let mut cs = choices?.to_vec();
                cs.push(Choice {
                    reading: ri,
                    option: cx.readings[ri].chosen,
                });
                (holds == take).then_some(cs)
            };
            let (then_cs, else_cs) = (branch(true), branch(false));
            flatten(cx, then, rule, then_cs.as_deref(), info, out);
            if let Some(o) = otherwise {
                flatten(cx, o, rule, else_cs.as_deref(), info, out);
            }
        } else {
            let origin = choices.zip(statement_kind(&s.node)).map(|(cs, kind)| {
                info.statements.push(Statement {
                    kind,
                    readings: cs.to_vec(),
                });
                Origin {
                    rule,
                    statement: info.statements.len() as u16 - 1,
                }
            });
            out.push(Flat {
                stmt: s,
                rule,
                origin,
            });
        }
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
