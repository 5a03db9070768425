//! The sticks and the throw table: how many sticks, their faces and odds, what a throw is
//! worth, named classes of throws, and the entries that say what each throw does.

use super::checks::and_list;
use super::cx::{Cx, HelpIfNone, dup, face_index, unknown};
use super::flatten::Flat;
use super::{Setting, set_once, sourced};
use crate::diag::{Code, Diagnostic, Span};
use crate::ir::*;
use crate::syntax::ast::{self, Spanned, StmtKind};

/// The throw classes, to `cx.classes` (before the throw table, which names them).
#[expect(
    clippy::indexing_slicing,
    reason = "`i` is the position of an earlier class, and `class_spans` holds one span per class"
)]
pub(super) fn classes(cx: &mut Cx, flat: &[Flat]) {
    let mut class_spans: Vec<Span> = Vec::new();
    for f in flat {
        let Some(origin) = f.origin else { continue };
        if let StmtKind::Class { name, shapes } = &f.stmt.node {
            if let Some(i) = cx.classes.iter().position(|c| c.name == name.node) {
                cx.diags.push(dup("class", name, class_spans[i]));
                continue;
            }
            cx.classes.push(Class {
                name: name.node.clone(),
                all_alike: shapes.iter().any(|s| *s),
                all_but_one: shapes.iter().any(|s| !*s),
                origin,
            });
            class_spans.push(name.span);
        }
    }
}

/// The `sticks` and `value` statements in force.
pub(super) struct SticksStmts {
    /// The base count and the probability of face 0.
    base: Option<Setting<(u8, f64)>>,
    /// A base statement was written (even with errors): not also reported as missing.
    written: bool,
    /// `[phase]`: the count there (the last statement wins).
    by_phase: Vec<Option<Setting<u8>>>,
    /// The count on the first throw of a turn (the last statement wins).
    first_of_turn: Option<Setting<u8>>,
    /// The count on the game's first throw (the last statement wins).
    first_of_game: Option<Setting<u8>>,
    /// `sticks if CONDS: N`, in the file's order.
    conditional: Vec<ConditionalSticks>,
    /// What a throw is worth.
    value: Option<Setting<ValueRule>>,
    /// `, one marked` (on a statement in force) and its statement.
    marked: Option<(Origin, Span)>,
    /// The `dice` statement in force (the last wins), its number of dice and its span.
    dice: Option<(Dice, u8, Span)>,
    /// A statement about sticks other than the base count and `value` (for E187).
    sticks_other: Option<Span>,
    /// A `value` statement in force, even one whose face is unknown (for E187).
    value_span: Option<Span>,
}

/// Collects the `sticks` and `value` statements.
pub(super) fn sticks_statements(cx: &mut Cx, flat: &[Flat]) -> SticksStmts {
    let mut st = SticksStmts {
        base: None,
        written: false,
        by_phase: vec![None; cx.phases.len()],
        first_of_turn: None,
        first_of_game: None,
        conditional: Vec::new(),
        value: None,
        marked: None,
        dice: None,
        sticks_other: None,
        value_span: None,
    };
    for f in flat {
        match &f.stmt.node {
            StmtKind::Sticks {
                when,
                count,
                faces,
                prob,
                prob_percent,
                marked,
            } => {
                if *marked && let Some(o) = f.origin {
                    st.marked = Some((o, f.stmt.span));
                }
                if f.origin.is_some() && !matches!(when, ast::SticksWhen::Always) {
                    st.sticks_other.get_or_insert(f.stmt.span);
                }
                let percent = prob_percent.as_ref().map(|(face, e)| {
                    let v = cx.int(e, "chance of a face in percent", 1, 99);
                    // Out of range: `int` has said so; 1/2 keeps a second diagnostic away.
                    let p = v.map_or(0.5, |v| v as f64 / 100.0);
                    (
                        face.clone(),
                        Spanned {
                            node: p,
                            span: e.span,
                        },
                    )
                });
                let prob = prob.as_ref().or(percent.as_ref());
                sticks(cx, &mut st, f, when, count, faces.is_some(), prob)
            }
            StmtKind::Dice { count, faces } => {
                // A broken `dice` statement is not also reported as no sticks (E082).
                st.written |= f.active();
                if let Some((d, n)) = dice(cx, f, count, faces) {
                    st.dice = Some((d, n, f.stmt.span));
                }
            }
            StmtKind::Value(face) => {
                if f.active() {
                    st.value_span = Some(f.stmt.span);
                }
                let v = match face {
                    None => Some(ValueRule::OwnColour),
                    Some(fc) => face_index(cx, fc).map(ValueRule::Face),
                };
                if let Some(v) = v {
                    set_once(cx, &mut st.value, v, f, "the value of a throw");
                }
            }
            _ => {}
        }
    }
    st
}

/// A `dice` statement's dice (after diagnostics on its numbers).
fn dice(
    cx: &mut Cx,
    f: &Flat,
    count: &Spanned<ast::Expr>,
    faces: &[Spanned<i64>],
) -> Option<(Dice, u8)> {
    let n = cx.int(count, "number of dice", 1, MAX_DICE);
    let mut ok = true;
    for v in faces {
        if !(0..=MAX_DIE_VALUE).contains(&v.node) {
            ok = false;
            cx.diags.push(
                Diagnostic::error(
                    Code::DiceFaces,
                    v.span,
                    format!("a die's face cannot be worth {}", v.node),
                    format!("must be 0 to {MAX_DIE_VALUE}"),
                )
                .with_help("write the values of the faces as small numbers, e.g. `dice: 2 with faces 1, 2, 3, 4`"),
            );
        }
    }
    if faces.len() > MAX_DIE_FACES {
        ok = false;
        cx.diags.push(
            Diagnostic::error(
                Code::DiceFaces,
                f.stmt.span,
                format!("a die with {} faces", faces.len()),
                format!("at most {MAX_DIE_FACES} faces"),
            )
            .with_help("list each face of one die once, e.g. `dice: 2 with faces 1, 2, 3, 4`"),
        );
    }
    let origin = f.origin?;
    if !ok {
        return None;
    }
    let d = Dice {
        faces: faces.iter().map(|v| v.node as u8).collect(),
        origin,
    };
    n.map(|n| (d, n as u8))
}

#[expect(
    clippy::indexing_slicing,
    reason = "`ph` is a phase `Cx` resolved, and `by_phase` holds one entry per phase"
)]
fn sticks(
    cx: &mut Cx,
    st: &mut SticksStmts,
    f: &Flat,
    when: &ast::SticksWhen,
    count: &Spanned<ast::Expr>,
    named_faces: bool,
    prob: Option<&(ast::Name, Spanned<f64>)>,
) {
    st.written |= f.active() && matches!(when, ast::SticksWhen::Always);
    let n = cx.int(count, "number of sticks", 1, MAX_STICKS);
    let p = match prob {
        None => Some(0.5),
        Some((face, p)) => {
            let fi = face_index(cx, face);
            if !(p.node > 0.0 && p.node < 1.0) {
                cx.diags.push(
                    Diagnostic::error(Code::NotAProbability,
                        p.span,
                        format!("{} is not a probability", p.node),
                        "must be above 0 and below 1",
                    )
                    .with_help(
                        "write the chance that a stick shows this face as a fraction, e.g. `p(white) = 0.55`",
                    ),
                );
                None
            } else {
                fi.map(|fi| if fi == 0 { p.node } else { 1.0 - p.node })
            }
        }
    };
    // Before the early return below: a probability of an unnamed face leaves `p` unset,
    // and this is then the only diagnostic that explains it.
    if matches!(when, ast::SticksWhen::Always) && !named_faces {
        cx.diags.push(
            Diagnostic::error(
                Code::FacesNotNamed,
                f.stmt.span,
                "the sticks' faces are not named",
                "no `with faces`",
            )
            .with_help("write `sticks: 8 with faces white and black`"),
        );
    }
    let phase = match when {
        ast::SticksWhen::InPhase(ph) => cx.phase(ph),
        _ => None,
    };
    let (Some(n), Some(p), Some(origin)) = (n, p, f.origin) else {
        return;
    };
    let n = n as u8;
    let span = f.stmt.span;
    let setting = Some(Setting {
        value: n,
        span,
        origin,
    });
    match when {
        ast::SticksWhen::Always => {
            set_once(cx, &mut st.base, (n, p), f, "the number of sticks");
        }
        ast::SticksWhen::InPhase(_) => {
            if let Some(ph) = phase {
                st.by_phase[ph.index()] = setting;
            }
        }
        ast::SticksWhen::FirstOfTurn => st.first_of_turn = setting,
        ast::SticksWhen::FirstOfGame => st.first_of_game = setting,
        ast::SticksWhen::If(cs) => {
            let when = cx.conds(cs);
            st.conditional.push(ConditionalSticks {
                when,
                count: n,
                origin,
            });
        }
    }
}

/// The sticks; `None` (after a diagnostic, unless a broken one was written) without a base
/// `sticks` statement. `colours` tells which teams have a colour.
pub(super) fn assemble(
    cx: &mut Cx,
    st: SticksStmts,
    colours: [bool; 2],
    first_span: Span,
) -> Option<Sticks> {
    let mut st = st;
    let marked = marked(cx, &st);
    if let Some((dice, n, span)) = st.dice.take() {
        return assemble_dice(cx, &st, dice, n, span);
    }
    let Some(base) = st.base else {
        if st.written {
            return None;
        }
        cx.diags.push(
            Diagnostic::error(
                Code::NoSticks,
                first_span,
                "the file says nothing of the sticks",
                "no `sticks:` statement",
            )
            .with_help("add `sticks: 8 with faces white and black`"),
        );
        return None;
    };
    let faces = cx
        .faces
        .clone()
        .unwrap_or_else(|| ["up".into(), "down".into()]);
    if let Some(v) = &st.value
        && v.value == ValueRule::OwnColour
    {
        own_colour_needs_colours(cx, colours, &faces, v.span);
    }
    let (count, p) = base.value;
    let count_of = |s: &Option<Setting<u8>>| s.as_ref().map(Setting::sourced);
    Some(Sticks {
        count,
        by_phase: st.by_phase.iter().map(count_of).collect(),
        first_of_turn: count_of(&st.first_of_turn),
        first_of_game: count_of(&st.first_of_game),
        conditional: st.conditional,
        faces,
        p,
        value: sourced(&st.value, ValueRule::Face(0)),
        marked,
        dice: None,
        origin: base.origin,
    })
}

/// The marked stick, when the sticks' statements mark one (E188 when the counted face is
/// the thrower's colour: the marked throw would differ by team).
fn marked(cx: &mut Cx, st: &SticksStmts) -> Option<Origin> {
    let (origin, span) = st.marked?;
    if let Some(v) = &st.value
        && v.value == ValueRule::OwnColour
    {
        cx.diags.push(
            Diagnostic::error(
                Code::MarkedThrow,
                span,
                "a marked stick whose throw counts the thrower's colour",
                "a stick marked here",
            )
            .with_help("count one face for every team (`value: count of FACE`), or mark no stick"),
        );
        return None;
    }
    Some(origin)
}

/// The throw of a file that throws dice: E185 when it also has a base `sticks` statement,
/// E187 for each statement that speaks of sticks.
fn assemble_dice(cx: &mut Cx, st: &SticksStmts, dice: Dice, n: u8, span: Span) -> Option<Sticks> {
    if let Some(b) = &st.base {
        cx.diags.push(
            Diagnostic::error(
                Code::DiceAndSticks,
                b.span,
                "the file throws dice, and sticks too",
                "sticks here",
            )
            .with_secondary(span, "dice here")
            .with_help("keep one: `dice: N with faces …` or `sticks: N with faces A and B`"),
        );
        return None;
    }
    let shapes = [
        st.value_span
            .map(|v| (v, "`value:` counts a face of sticks; a die shows its value")),
        st.sticks_other
            .map(|s| (s, "a count of sticks; the number of dice is fixed")),
        st.marked.map(|(_, s)| (s, "a marked stick")),
    ];
    let class = cx.classes.first().map(|c| c.origin);
    let mut bad = false;
    for (at, what) in shapes.into_iter().flatten() {
        bad = true;
        cx.diags.push(
            Diagnostic::error(
                Code::DiceShape,
                at,
                format!("{what}, in a file that throws dice"),
                "speaks of sticks",
            )
            .with_help("match each die's value in the throw table: `on 1: release 1 moving 1`"),
        );
    }
    if class.is_some() {
        bad = true;
        cx.diags.push(
            Diagnostic::error(
                Code::DiceShape,
                span,
                "a class of throws, in a file that throws dice",
                "dice here",
            )
            .with_help(
                "a class names how sticks fall; match each die's value instead: `on 6: move 6`",
            ),
        );
    }
    if bad {
        return None;
    }
    Some(Sticks {
        count: n,
        by_phase: vec![None; cx.phases.len()],
        first_of_turn: None,
        first_of_game: None,
        conditional: Vec::new(),
        faces: ["die".into(), "die".into()],
        p: 0.5,
        value: Sourced::default_value(ValueRule::Face(0)),
        marked: None,
        origin: dice.origin,
        dice: Some(dice),
    })
}

/// A throw worth the thrower's colour needs both teams to have one.
fn own_colour_needs_colours(cx: &mut Cx, colours: [bool; 2], faces: &[String; 2], at: Span) {
    let missing: Vec<(&String, &String)> = cx
        .team_names
        .iter()
        .zip(faces)
        .zip(colours)
        .filter(|&(_, has)| !has)
        .map(|(pair, _)| pair)
        .collect();
    if missing.is_empty() {
        return;
    }
    let names: Vec<String> = missing.iter().map(|(n, _)| format!("`{n}`")).collect();
    let adds: Vec<String> = missing
        .iter()
        .map(|(n, f)| format!("`team {n} colour {f}`"))
        .collect();
    let (who, has) = if let [one] = names.as_slice() {
        (format!("team {one}"), "has")
    } else {
        (format!("teams {}", and_list(&names)), "have")
    };
    cx.diags.push(
        Diagnostic::error(
            Code::NoColour,
            at,
            format!("{who} {has} no colour, but a throw counts the thrower's colour"),
            "counts the thrower's colour",
        )
        .with_help(format!("add {}", and_list(&adds))),
    );
}

/// E120: a pool entry knows its release order by its rule, so the releases of one rule
/// (those in force) name one order. `orders` keeps the first order each rule named, and
/// the region its places are confined to (E131: one per rule too).
fn one_order_per_rule(
    cx: &mut Cx,
    orders: &mut Vec<ReleaseKey>,
    rule: RuleIx,
    effects: &[Spanned<ast::Effect>],
) {
    for e in effects {
        let ast::Effect::Release(_, _, o, w) = &e.node else {
            continue;
        };
        let w = w.as_ref().map(|w| region_key(&w.node));
        match orders.iter().find(|(r, _, _)| *r == rule) {
            None => orders.push((rule, *o, w)),
            Some((_, first, fw)) if first == o && *fw == w => {}
            Some((_, first, _)) if first == o => cx.diags.push(
                Diagnostic::error(
                    Code::RuleReleaseRegions,
                    e.span,
                    "another release of this rule confines its places differently",
                    "a second confinement of a release in one rule",
                )
                .with_help("give this release a rule of its own, or the same `within` as the rule's other releases"),
            ),
            Some(_) => cx.diags.push(
                Diagnostic::error(
                    Code::RuleReleaseOrders,
                    e.span,
                    "another release of this rule takes its pieces in a different order",
                    "a second release order in one rule",
                )
                .with_help("give this release a rule of its own, or the same order as the rule's other releases"),
            ),
        }
    }
}

/// A rule's release order and confinement, as its first release names them.
type ReleaseKey = (RuleIx, Option<ast::ReleaseOrderKind>, Option<RegionKey>);

/// A region as written, without its spans: (which holes, whose rows, the row or kind).
type RegionKey = (u8, u8, String);

fn region_key(r: &ast::Region) -> RegionKey {
    let (shape, rows) = match r {
        ast::Region::Rows(x) => (0, x),
        ast::Region::Ends(x) => (1, x),
        ast::Region::First(x) => (2, x),
        ast::Region::Last(x) => (3, x),
        ast::Region::Hole(_, x) => (4, x),
    };
    let (whose, name) = match rows {
        ast::RowRef::Named(n) => (0, n),
        ast::RowRef::Own(n) => (1, n),
        ast::RowRef::Opposing(n) => (2, n),
    };
    let mut name = name.node.clone();
    if let ast::Region::Hole(n, _) = r {
        // The hole's number as written tells `hole 2 of x` from `hole 3 of x`.
        name = format!("{name} {:?}", n.node);
    }
    (shape, whose, name)
}

/// The throw table's entries in force, in file order, each with its statement's span.
pub(super) fn throw_entries(cx: &mut Cx, flat: &[Flat]) -> Vec<(ThrowEntry, Span)> {
    let mut throws = Vec::new();
    let mut orders = Vec::new();
    for f in flat {
        if let StmtKind::Throw {
            matches,
            phase,
            conds,
            effects,
        } = &f.stmt.node
        {
            let ph = phase.as_ref().and_then(|p| cx.phase(p));
            if phase.is_some() && ph.is_none() {
                continue;
            }
            let m = throw_match(cx, matches);
            if f.origin.is_some() {
                one_order_per_rule(cx, &mut orders, f.rule, effects);
            }
            let conds = cx.conds(conds);
            let effects: Vec<Effect> = effects.iter().filter_map(|e| effect(cx, e)).collect();
            if let (Some(matches), Some(origin)) = (m, f.origin) {
                let entry = ThrowEntry {
                    matches,
                    phase: ph,
                    conds,
                    effects,
                    origin,
                };
                throws.push((entry, f.stmt.span));
            }
        }
    }
    throws
}

fn throw_match(cx: &mut Cx, m: &ast::ThrowMatch) -> Option<ThrowMatch> {
    match m {
        ast::ThrowMatch::Any => Some(ThrowMatch::Any),
        ast::ThrowMatch::Marked(v) => {
            if v.node != 1 {
                cx.diags.push(
                    Diagnostic::error(
                        Code::MarkedThrow,
                        v.span,
                        format!("a marked throw worth {}", v.node),
                        "the marked stick alone counted is worth 1",
                    )
                    .with_help("write `on 1 marked: …`"),
                );
                return None;
            }
            Some(ThrowMatch::Marked)
        }
        ast::ThrowMatch::Values(vs) => Some(ThrowMatch::Values(cx.values(vs, MAX_STICKS))),
        ast::ThrowMatch::Class(c) => match cx.classes.iter().position(|k| k.name == c.node) {
            Some(i) => Some(ThrowMatch::Class(i)),
            None => {
                let known: Vec<&str> = cx.classes.iter().map(|k| k.name.as_str()).collect();
                cx.diags.push(
                    unknown("throw class", c, &known)
                        .with_help_if_none("declare it: `class NAME: all but one alike`"),
                );
                None
            }
        },
    }
}

fn effect(cx: &mut Cx, e: &Spanned<ast::Effect>) -> Option<Effect> {
    match &e.node {
        ast::Effect::Move(x) => cx.amount(x).map(Effect::Move),
        ast::Effect::MoveBack(x) => cx.amount(x).map(Effect::MoveBack),
        ast::Effect::Release(n, m, o, w) => {
            if matches!(
                o,
                Some(ast::ReleaseOrderKind::FirstHole | ast::ReleaseOrderKind::LastHole)
            ) {
                cx.hole_orders.push(e.span);
            }
            let count = cx.int(n, "number of pieces", 1, MAX_PIECES);
            let steps = m.as_ref().map_or(Some(Amount::Const(0)), |m| cx.amount(m));
            let within = match w {
                Some(w) => Some(cx.region(w)?),
                None => None,
            };
            count.zip(steps).map(|(c, s)| Effect::Release {
                count: c as u8,
                steps: s,
                order: o.map(super::turns::release_order),
                within,
            })
        }
        ast::Effect::ReleaseOrMove(s, n) => {
            let count = n
                .as_ref()
                .map_or(Some(1), |n| cx.int(n, "number of pieces", 1, MAX_PIECES));
            cx.amount(s).zip(count).map(|(s, c)| Effect::ReleaseOrMove {
                steps: s,
                count: c as u8,
            })
        }
        ast::Effect::ThrowAgain => Some(Effect::ThrowAgain),
        ast::Effect::CancelMoves(in_place) => Some(Effect::CancelMoves {
            releases_in_place: *in_place,
        }),
        ast::Effect::RemoveOpposing => Some(Effect::RemoveOpposing),
        ast::Effect::EnterPhase(p) => cx.phase(p).map(Effect::EnterPhase),
        ast::Effect::Nothing => Some(Effect::Nothing),
    }
}
