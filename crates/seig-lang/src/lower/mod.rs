//! AST to IR: resolves names, evaluates readings and parameters, builds tracks and
//! capture tables, and reports every problem it finds (not just the first).
//!
//! Lowering runs as passes, each a function from the flattened rules to its part of the IR:
//! `names` (declarations, the command line's choices, the names rules use), `flatten`
//! (the one implementation of `if READING = OPTION`), `board` (rows, teams, tracks),
//! `sticks` (sticks, classes, throw entries), `capture` (landing and taking), `turns`
//! (allocation, phases, wins), `checks` (whole-table checks of the throws) and `playable`
//! (warnings for a file that cannot be played as meant, on the finished IR). The order
//! matters: a pass may read what earlier ones put in the shared context, and whole-file
//! checks only run on a file without errors so far.

mod blockade;
mod board;
mod branch;
mod capture;
mod checks;
mod cx;
mod ends;
mod flatten;
mod immunity;
mod layout;
mod movement;
mod names;
mod playable;
mod shadowed;
mod stacks;
mod sticks;
mod turns;

use crate::diag::{Code, Diagnostic, Span};
use crate::ir::*;
use crate::syntax::ast::{self, StmtKind};
use cx::Cx;
use flatten::Flat;

/// Reading options and parameter values chosen on the command line.
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Selection {
    /// `(reading ID, option)` pairs.
    pub readings: Vec<(String, String)>,
    /// `(param, value)` pairs.
    pub params: Vec<(String, i64)>,
}

/// The result of lowering: the IR when there were no errors, and every diagnostic.
pub struct Lowered {
    /// The IR, if no error was found.
    pub ir: Option<Ir>,
    /// Errors and warnings in file order.
    pub diagnostics: Vec<Diagnostic>,
}

/// Lowers a parsed file under a selection of readings and parameters.
pub fn lower(file: &ast::File, sel: &Selection) -> Lowered {
    lower_with(Cx::default(), file, sel)
}

/// [`lower`] with the statement at `off` (an [`Origin`] of the IR [`lower`] gives for the
/// same file and selection) switched off, as a reading switches a statement off: for the
/// tests that hold a citation causal (switch off the cited statement, and the verdict
/// changes). Its IR's origins are those of the full file (the statement keeps its place).
#[doc(hidden)]
pub fn lower_disabling(file: &ast::File, sel: &Selection, off: Origin) -> Lowered {
    lower_with(
        Cx {
            disabled: Some(off),
            ..Cx::default()
        },
        file,
        sel,
    )
}

fn lower_with(mut cx: Cx, file: &ast::File, sel: &Selection) -> Lowered {
    let ir = lower_file(&mut cx, file, sel);
    let mut diagnostics = std::mem::take(&mut cx.diags);
    recheck_off(&mut diagnostics, &cx, file, sel);
    diagnostics.sort_by_key(|d| d.span.map_or(0, |s| s.start));
    let has_error = diagnostics.iter().any(|d| d.is_error());
    Lowered {
        ir: if has_error { None } else { ir },
        diagnostics,
    }
}

/// Most top-level items, and most statements, a file may have (checking is linear in
/// neither, so a limit keeps a huge file from taking minutes).
pub const MAX_ITEMS: usize = 5000;

fn count_stmts(body: &[ast::Stmt]) -> usize {
    body.iter()
        .map(|s| match &s.node {
            StmtKind::If {
                then, otherwise, ..
            } => 1 + count_stmts(then) + otherwise.as_deref().map_or(0, count_stmts),
            _ => 1,
        })
        .sum()
}

/// Refuses a file too large to check quickly.
fn too_large(cx: &mut Cx, file: &ast::File) -> bool {
    let stmts: usize = file
        .items
        .iter()
        .map(|i| match i {
            ast::Item::Rule(r) => count_stmts(&r.body),
            _ => 0,
        })
        .sum();
    if file.items.len() > MAX_ITEMS || stmts > MAX_ITEMS {
        let span = file
            .items
            .get(MAX_ITEMS.min(file.items.len().saturating_sub(1)))
            .map_or(Span::default(), |i| i.span());
        cx.diags.push(
            Diagnostic::error(Code::FileTooLarge,
                span,
                format!(
                    "the file has {} items and {stmts} statements; the limit is {MAX_ITEMS} of each",
                    file.items.len()
                ),
                "too large",
            )
            .with_help("a variant needs far fewer; split unrelated material into other files"),
        );
        return true;
    }
    false
}

/// Keeps a diagnostic of a statement the readings in force switch off only where a
/// selection that puts the statement in force gives it too (that selection's words, with a
/// note naming it): a statement is checked where it applies, against the names declared
/// there. A statement no selection puts in force keeps none (W012 says so).
fn recheck_off(diags: &mut Vec<Diagnostic>, cx: &Cx, file: &ast::File, sel: &Selection) {
    let off_of = |d: &Diagnostic| {
        let sp = d.span?;
        cx.off
            .iter()
            .find(|(o, _)| o.start <= sp.start && sp.end <= o.end)
    };
    if !diags.iter().any(|d| off_of(d).is_some()) {
        return;
    }
    // Each selection lowered once, however many diagnostics it confirms.
    let mut elsewhere: Vec<(Selection, Vec<Diagnostic>)> = Vec::new();
    let mut kept = Vec::new();
    for d in diags.drain(..) {
        let Some((_, path)) = off_of(&d) else {
            kept.push(d);
            continue;
        };
        let Some(choices) = flatten::in_force_with(path, &cx.readings) else {
            continue;
        };
        let there = selection_with(sel, &choices, &cx.readings);
        let i = match elsewhere.iter().position(|(s, _)| *s == there) {
            Some(i) => i,
            None => {
                let mut alt = Cx::default();
                lower_file(&mut alt, file, &there);
                elsewhere.push((there, alt.diags));
                elsewhere.len() - 1
            }
        };
        let Some((there, found)) = elsewhere.get(i) else {
            continue;
        };
        if let Some(same) = found.iter().find(|e| e.code == d.code && e.span == d.span) {
            let flags: Vec<String> = choices
                .iter()
                .filter_map(|&(r, _)| {
                    there
                        .readings
                        .iter()
                        .find(|(id, _)| cx.readings.get(r).is_some_and(|ri| &ri.id == id))
                })
                .map(|(id, o)| format!("--reading {id}={o}"))
                .collect();
            kept.push(same.clone().with_note(format!(
                "the readings chosen switch this statement off; it is in force with `{}`",
                flags.join(" ")
            )));
        }
    }
    *diags = kept;
}

/// `sel` with the options `choices` (`(reading, option)` indices) chosen.
fn selection_with(
    sel: &Selection,
    choices: &[(usize, usize)],
    readings: &[ReadingInfo],
) -> Selection {
    let mut out = sel.clone();
    for &(r, o) in choices {
        let Some(info) = readings.get(r) else {
            continue;
        };
        let Some((option, _)) = info.options.get(o) else {
            continue;
        };
        out.readings.retain(|(id, _)| *id != info.id);
        out.readings.push((info.id.clone(), option.clone()));
    }
    out
}

fn lower_file(cx: &mut Cx, file: &ast::File, sel: &Selection) -> Option<Ir> {
    if too_large(cx, file) {
        return None;
    }
    let mut decls = names::declarations(cx, file);
    names::choose(cx, &mut decls, sel);
    let mut flat = flatten::flatten_rules(cx, &decls.rule_asts, &mut decls.rules);
    // Before `disabled` below: a disabled statement keeps its latches, so that the IR's
    // latches are those of the full file.
    cx.off = flat
        .iter()
        .filter(|f| !f.active())
        .map(|f| (f.stmt.span, f.path.clone()))
        .collect();
    if let Some(off) = cx.disabled {
        flat.iter_mut()
            .filter(|f| f.origin == Some(off))
            .for_each(|f| f.origin = None);
    }
    let ir = build(cx, &flat, decls);
    if let Some(ir) = &ir
        && !cx.has_error()
    {
        playable::check(cx, ir, &flat);
    }
    // Whole-file checks only make sense once every statement lowered: a statement dropped
    // for an error would show up again as a reading unused or a throw uncovered.
    flatten::unused_readings(cx);
    ir
}

/// A single-valued setting as stated: its value, where, and the statement.
#[derive(Debug, Clone)]
struct Setting<T> {
    value: T,
    span: Span,
    origin: Origin,
}

impl<T: Clone> Setting<T> {
    /// The value, as its statement states it.
    fn sourced(&self) -> Sourced<T> {
        Sourced::stated(self.value.clone(), self.origin)
    }
}

/// The value a single-valued statement set, else the language default `default`.
fn sourced<T: Clone>(s: &Option<Setting<T>>, default: T) -> Sourced<T> {
    s.as_ref()
        .map_or(Sourced::default_value(default), Setting::sourced)
}

/// Keeps the first setting of a single-valued statement in force; reports a second one.
/// Ignores a statement the readings switch off.
fn set_once<T>(cx: &mut Cx, slot: &mut Option<Setting<T>>, value: T, f: &Flat, what: &str) {
    let Some(origin) = f.origin else { return };
    let span = f.stmt.span;
    if let Some(first) = slot {
        cx.diags.push(
            Diagnostic::error(
                Code::SetTwice,
                span,
                format!("{what} is set twice"),
                "second setting",
            )
            .with_help("keep one, or put them in `if READING = OPTION { … } else { … }`")
            .with_secondary(first.span, "first setting"),
        );
    } else {
        *slot = Some(Setting {
            value,
            span,
            origin,
        });
    }
}

/// Runs the passes over the flattened rules and puts the IR together.
fn build(cx: &mut Cx, flat: &[Flat], decls: names::Declarations) -> Option<Ir> {
    let Some(first_rule) = decls.rule_asts.first() else {
        cx.diags.push(
            Diagnostic::error(Code::NoRules, Span::default(), "the file has no rules", "a variant needs at least one `rule`")
                .with_help("write `rule ID stated cites SOURCE \"sentence\" { … }` and put the board, teams, sticks, tracks and throws inside"),
        );
        return None;
    };
    let first_span = first_rule.id.span;
    let rule_names = names::rule_names(cx, flat, first_span)?;
    board::rows(cx, flat, first_span)?;
    let cells: u16 = cx.rows.iter().map(|r| r.len).sum();
    // Classes first: throw entries name them.
    sticks::classes(cx, flat);
    let team_stmts = board::team_statements(cx, flat);
    let sticks_stmts = sticks::sticks_statements(cx, flat);
    let turn = turns::turn_statements(cx, flat);
    let mut movement = movement::movement(cx, flat);
    let stacks = stacks::stacks_statement(cx, flat);
    let throws = sticks::throw_entries(cx, flat);
    let capture_stmts = capture::capture_statements(cx, flat);
    let immune_when = immunity::immune_when(cx, flat);

    let colours = team_stmts.colour.each_ref().map(Option::is_some);
    let sticks = sticks::assemble(cx, sticks_stmts, colours, first_span)?;
    let teams = board::teams(cx, &team_stmts, first_span)?;
    turns::check_release_order(cx, turn.release_order.as_ref(), &teams);
    let send_on = movement::send_on(cx, flat, &teams);
    let (bear_off, bear_larger) = movement::bear_off(cx, flat);
    // Whole-file checks, once every statement lowered (see `lower_file`).
    let clean = !cx.has_error();
    board::unreachable_rows(cx, &teams, clean);
    board::shown_colours(cx, &team_stmts);
    let mut capture = capture::policy(cx, capture_stmts, cells, clean);
    capture::immune_on_arrival(flat, &teams, &mut capture);
    capture::immune_until_released(flat, &mut capture);
    (capture.protection, movement.blockade) = movement::runs(cx, flat, &teams);
    capture.immune_when = immune_when;
    stacks::apply(cx, stacks.as_ref(), &capture, &teams, &mut movement);
    let throws = checks::check_throws(cx, throws, &sticks, &teams, clean, first_span);
    if clean {
        checks::bear_off_values(cx, &bear_off, &sticks, &teams);
    }
    if decls.game.is_none() {
        cx.diags.push(
            Diagnostic::warning(
                Code::NoTitle,
                first_span,
                "the variant has no title",
                "no `game` line",
            )
            .with_help("add `game \"Title\"` at the top"),
        );
    }
    Some(Ir {
        game: decls.game.unwrap_or_default(),
        sources: decls.sources,
        params: decls.params,
        readings: cx.readings.clone(),
        set_asides: decls.set_asides,
        rules: decls.rules,
        rows: cx.rows.clone(),
        cells,
        teams,
        seats: sourced(&team_stmts.seats, 1),
        order_origin: rule_names.order_origin,
        seat_order: sourced(&turn.seat_order, SeatOrder::TeamBlocks),
        sticks,
        classes: cx.classes.clone(),
        phases: Sourced {
            value: cx.phases.clone(),
            origin: rule_names.phases_origin,
        },
        allocation: sourced(&turn.allocation, Allocation::PerThrow),
        release_order: sourced(&turn.release_order, ReleaseOrder::FrontMost),
        bind_after_release: turn.bind.as_ref().map(|b| b.origin),
        movement,
        transitions: turn.transitions,
        throws,
        capture,
        wins: turn.wins,
        draws: turn.draws,
        scores: turn.scores,
        send_on,
        bear_off: bear_off.into_iter().map(|(b, _)| b).collect(),
        bear_larger,
        moves_optional: sourced(&turn.moves_optional, false),
        throw_on_at_will: sourced(&turn.throw_on_at_will, false),
    })
}
