//! The names a file declares outside its rules: title, sources, params, readings, set
//! asides and the rules themselves (identity and citations), then the command line's choices.
#![expect(
    clippy::indexing_slicing,
    reason = "indices are those lowering made from this file: row, reading, phase, class, option and statement indices point into the tables `Cx` built before they are used, per-team pairs are indexed by a `TeamId` (0 or 1), and other positions are bounded by the loop or length check beside them"
)]

use super::cx::{Cx, dup, unknown};
use super::flatten::Flat;
use super::{Selection, Setting, set_once};
use crate::diag::{Code, Diagnostic, Span, suggest};
use crate::ir::*;
use crate::syntax::ast::{self, Name, Spanned, StmtKind};

/// The top-level items, checked and resolved.
pub(super) struct Declarations<'a> {
    /// The title, if named.
    pub game: Option<String>,
    /// Sources, in file order.
    pub sources: Vec<SourceInfo>,
    source_spans: Vec<Span>,
    /// Params, with the values in force once [`choose`] ran.
    pub params: Vec<ParamInfo>,
    param_spans: Vec<Span>,
    /// Where each param's default is written (for a default naming another param).
    default_spans: Vec<Span>,
    /// Sentences set aside.
    pub set_asides: Vec<SetAsideInfo>,
    /// Rules (without statements yet).
    pub rules: Vec<RuleInfo>,
    /// The rules' syntax, by rule index.
    pub rule_asts: Vec<&'a ast::Rule>,
}

/// Reads the top-level items: every name declared once, every citation to a known source.
/// Readings go to `cx.readings`.
pub(super) fn declarations<'a>(cx: &mut Cx, file: &'a ast::File) -> Declarations<'a> {
    let mut d = Declarations {
        game: None,
        sources: Vec::new(),
        source_spans: Vec::new(),
        params: Vec::new(),
        param_spans: Vec::new(),
        default_spans: Vec::new(),
        set_asides: Vec::new(),
        rules: Vec::new(),
        rule_asts: Vec::new(),
    };
    let mut set_asides: Vec<&ast::SetAside> = Vec::new();
    for item in &file.items {
        match item {
            ast::Item::Game(t) => {
                if d.game.is_some() {
                    cx.diags.push(
                        Diagnostic::error(
                            Code::GameNamedTwice,
                            t.span,
                            "the game is named twice",
                            "second `game`",
                        )
                        .with_help("keep one `game` line"),
                    );
                }
                d.game = Some(t.node.clone());
            }
            ast::Item::Source(s) => source(cx, &mut d, s),
            ast::Item::Param(p) => param(cx, &mut d, p),
            ast::Item::Reading(r) => reading(cx, r),
            ast::Item::SetAside(s) => {
                set_asides.push(s);
                d.set_asides.push(SetAsideInfo {
                    source: s.source.node.clone(),
                    sentence: s.sentence.node.clone(),
                    reason: s.reason.node.clone(),
                });
            }
            ast::Item::Rule(r) => rule(cx, &mut d, r),
        }
    }
    let source_keys: Vec<&str> = d.sources.iter().map(|s| s.key.as_str()).collect();
    for r in &d.rule_asts {
        for c in &r.citations {
            if !source_keys.contains(&c.source.node.as_str()) {
                cx.diags.push(unknown("source", &c.source, &source_keys));
            }
            if c.quote.node.trim().is_empty() {
                cx.diags.push(
                    Diagnostic::warning(
                        Code::EmptyCitation,
                        c.quote.span,
                        "empty citation",
                        "no sentence quoted",
                    )
                    .with_help("quote the sentence the rule formalises"),
                );
            }
        }
    }
    for s in &set_asides {
        if !source_keys.contains(&s.source.node.as_str()) {
            cx.diags.push(unknown("source", &s.source, &source_keys));
        }
    }
    d
}

fn source(cx: &mut Cx, d: &mut Declarations, s: &ast::Source) {
    if let Some(i) = d.sources.iter().position(|x| x.key == s.key.node) {
        cx.diags.push(dup("source", &s.key, d.source_spans[i]));
        return;
    }
    d.sources.push(SourceInfo {
        key: s.key.node.clone(),
        title: s.title.node.clone(),
        fields: s
            .fields
            .iter()
            .map(|(k, v)| (k.node.clone(), v.node.clone()))
            .collect(),
    });
    d.source_spans.push(s.key.span);
}

fn param(cx: &mut Cx, d: &mut Declarations, p: &ast::Param) {
    let (params, param_spans) = (&mut d.params, &mut d.param_spans);
    if let Some(i) = params.iter().position(|x| x.name == p.name.node) {
        cx.diags.push(dup("param", &p.name, param_spans[i]));
        return;
    }
    let (default, follows) = match &p.default.node {
        ast::ParamDefault::Number(n) => (*n, None),
        // The value comes once the command line's values are known (`follow`).
        ast::ParamDefault::Param(other) => (p.min.node, Some(other.clone())),
    };
    let info = ParamInfo {
        name: p.name.node.clone(),
        value: default,
        default,
        follows: follows.clone(),
        range: (p.min.node, p.max.node),
        allowed: p.allowed.clone(),
        doc: p.doc.as_ref().map(|d| d.node.clone()).unwrap_or_default(),
    };
    let none_allowed = !p.allowed.is_any() && !(p.min.node..=p.max.node).any(|v| info.takes(v));
    if p.min.node <= p.max.node && none_allowed {
        cx.diags.push(
            Diagnostic::error(
                Code::EmptyRange,
                p.min.span,
                format!("`{}` takes no value", p.name.node),
                format!(
                    "no{} number in {}..{}",
                    p.allowed.suffix(),
                    p.min.node,
                    p.max.node
                ),
            )
            .with_help("widen the range, or drop `odd`/`even`"),
        );
    } else if p.min.node > p.max.node {
        cx.diags.push(
            Diagnostic::error(
                Code::EmptyRange,
                p.min.span,
                format!("the range of `{}` is empty", p.name.node),
                format!("{} is above {}", p.min.node, p.max.node),
            )
            .with_help(format!(
                "write the range low to high: `{}..{}`",
                p.max.node, p.min.node
            )),
        );
    } else if follows.is_none() && !info.takes(default) {
        cx.diags.push(
            Diagnostic::error(
                Code::DefaultOutOfRange,
                p.default.span,
                format!(
                    "default {} of `{}` is {}",
                    default,
                    p.name.node,
                    outside(&info)
                ),
                if info.allowed.is_any() {
                    "out of range"
                } else {
                    "not one of its values"
                },
            )
            .with_help(if info.allowed.is_any() {
                "choose a default within the range, or widen the range"
            } else {
                "choose a default among its values, or widen them"
            }),
        );
    }
    params.push(info);
    param_spans.push(p.name.span);
    d.default_spans.push(p.default.span);
}

/// Where a value stands to a param that refuses it: `outside its range 2..10`, or `not one
/// of its values 3..9 odd`.
fn outside(p: &ParamInfo) -> String {
    if p.allowed.is_any() {
        format!("outside its range {}", p.values_text())
    } else {
        format!("not one of its values {}", p.values_text())
    }
}

/// Gives each param whose default names another param that one's value in force, unless
/// the command line set it; reports a name no param has and a chain that comes back to
/// where it began.
fn follow(cx: &mut Cx, params: &mut [ParamInfo], set: &[bool], spans: &[Span]) {
    let names: Vec<String> = params.iter().map(|p| p.name.clone()).collect();
    for i in 0..params.len() {
        let (mut cur, mut seen) = (i, vec![i]);
        let value = loop {
            let Some(next) = params.get(cur).and_then(|p| p.follows.as_deref()) else {
                break None;
            };
            let Some(j) = names.iter().position(|n| n == next) else {
                if cur == i {
                    let n = Spanned {
                        node: next.to_string(),
                        span: spans.get(i).copied().unwrap_or_default(),
                    };
                    let known: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
                    cx.diags.push(unknown("param", &n, &known));
                }
                break None;
            };
            if j == i {
                cx.diags.push(cycle(&names, &seen, spans.get(i).copied()));
                break None;
            }
            if seen.contains(&j) {
                break None; // a cycle further on: its own params report it
            }
            let q = params.get(j);
            if q.is_some_and(|q| q.follows.is_none() || set.get(j) == Some(&true)) {
                break q.map(|q| q.value);
            }
            seen.push(j);
            cur = j;
        };
        let (Some(v), Some(p)) = (value, params.get_mut(i)) else {
            continue;
        };
        p.default = v;
        if set.get(i) == Some(&true) {
            continue;
        }
        p.value = v;
        if !p.takes(v) {
            let from = p.follows.clone().unwrap_or_default();
            cx.diags.push(
                Diagnostic::global(
                    Code::FollowedValueOutOfRange,
                    format!(
                        "`{}` follows `{from}`, whose value {v} is {} of `{}`",
                        p.name,
                        outside(p).replacen("its ", "the ", 1),
                        p.name
                    ),
                )
                .with_help(format!(
                    "set `{}` too (`--param {}=N`, N in {})",
                    p.name,
                    p.name,
                    p.values_text()
                )),
            );
        }
    }
}

/// A chain of defaults that comes back to where it began.
fn cycle(names: &[String], chain: &[usize], span: Option<Span>) -> Diagnostic {
    let mut path: Vec<&str> = chain
        .iter()
        .filter_map(|&k| names.get(k).map(|s| s.as_str()))
        .collect();
    if let Some(first) = path.first().copied() {
        path.push(first);
    }
    Diagnostic::error(
        Code::ParamDefaultCycle,
        span.unwrap_or_default(),
        format!(
            "the default of `{}` comes back to itself: {}",
            path.first().copied().unwrap_or_default(),
            path.join(" = ")
        ),
        "this default leads back here",
    )
    .with_help("give one of these params a number as its default")
}

fn reading(cx: &mut Cx, r: &ast::Reading) {
    if let Some(i) = cx.readings.iter().position(|x| x.id == r.id.node) {
        let prev = cx.reading_spans[i];
        cx.diags.push(dup("reading", &r.id, prev));
        return;
    }
    let mut options: Vec<(String, String)> = Vec::new();
    for o in &r.options {
        if options.iter().any(|(n, _)| *n == o.name.node) {
            cx.diags.push(Diagnostic::error(
                Code::RepeatedOption,
                o.name.span,
                format!("option `{}` is listed twice", o.name.node),
                "repeated option",
            ));
        }
        options.push((
            o.name.node.clone(),
            o.doc.as_ref().map(|d| d.node.clone()).unwrap_or_default(),
        ));
    }
    let defaults: Vec<usize> = r
        .options
        .iter()
        .enumerate()
        .filter(|(_, o)| o.default)
        .map(|(i, _)| i)
        .collect();
    let default = match defaults.as_slice() {
        [d] => *d,
        [] => {
            cx.diags.push(
                Diagnostic::error(
                    Code::NoDefaultOption,
                    r.id.span,
                    format!("reading `{}` has no default option", r.id.node),
                    "no option is marked `(default)`",
                )
                .with_help(format!(
                    "mark one option, e.g. `{} (default)`",
                    r.options[0].name.node
                )),
            );
            0
        }
        [first, second, ..] => {
            cx.diags.push(
                Diagnostic::error(
                    Code::TwoDefaults,
                    r.options[*second].name.span,
                    format!("reading `{}` has more than one default", r.id.node),
                    "second `(default)`",
                )
                .with_help("keep `(default)` on one option only")
                .with_secondary(r.options[*first].name.span, "first `(default)`"),
            );
            defaults[0]
        }
    };
    if options.len() < 2 {
        cx.diags.push(
            Diagnostic::warning(
                Code::NoChoice,
                r.id.span,
                format!("reading `{}` offers no choice", r.id.node),
                "only one option",
            )
            .with_help("a reading names at least two ways to read the source"),
        );
    }
    cx.readings.push(ReadingInfo {
        id: r.id.node.clone(),
        question: r.question.node.clone(),
        options,
        default,
        chosen: default,
    });
    cx.reading_spans.push(r.id.span);
}

fn rule<'a>(cx: &mut Cx, d: &mut Declarations<'a>, r: &'a ast::Rule) {
    let (rules, rule_asts) = (&mut d.rules, &mut d.rule_asts);
    if let Some(i) = rules.iter().position(|x| x.id == r.id.node) {
        cx.diags.push(dup("rule", &r.id, rule_asts[i].id.span));
        return;
    }
    if r.citations.is_empty() {
        cx.diags.push(
            Diagnostic::warning(
                Code::Uncited,
                r.id.span,
                format!("rule `{}` cites no source", r.id.node),
                "no citation",
            )
            .with_help("add `cites SOURCE \"the sentence this rule formalises\"`"),
        );
    }
    if r.body.is_empty() {
        cx.diags.push(
            Diagnostic::warning(
                Code::EmptyRule,
                r.id.span,
                format!("rule `{}` has no statements", r.id.node),
                "says nothing",
            )
            .with_help("write the statements that formalise its sentences, or set the sentences aside with `set aside SOURCE \"…\" because \"…\"`"),
        );
    }
    rules.push(RuleInfo {
        id: r.id.node.clone(),
        status: r.status.node,
        citations: r
            .citations
            .iter()
            .map(|c| (c.source.node.clone(), c.quote.node.clone()))
            .collect(),
        statements: Vec::new(),
        readings_tested: Vec::new(),
    });
    rule_asts.push(r);
}

/// Applies the command line's reading options and param values; the params in force go to
/// `cx.params`.
pub(super) fn choose(cx: &mut Cx, d: &mut Declarations, sel: &Selection) {
    let params = &mut d.params;
    for (id, opt) in &sel.readings {
        let ids: Vec<String> = cx.readings.iter().map(|r| r.id.clone()).collect();
        match cx.readings.iter_mut().find(|r| &r.id == id) {
            None => {
                let mut d = Diagnostic::global(
                    Code::UnknownReadingChosen,
                    format!("--reading {id}={opt}: this file declares no reading `{id}`"),
                );
                if let Some(h) = suggest(id, ids.iter().map(|s| s.as_str())) {
                    d = d.with_help(h);
                } else if ids.is_empty() {
                    d = d.with_note("this file declares no readings");
                } else {
                    d = d.with_note(format!("its readings: {}", ids.join(", ")));
                }
                cx.diags.push(d);
            }
            Some(r) => match r.options.iter().position(|(n, _)| n == opt) {
                Some(i) => r.chosen = i,
                None => {
                    let names: Vec<&str> = r.options.iter().map(|(n, _)| n.as_str()).collect();
                    let mut d = Diagnostic::global(
                        Code::UnknownOptionChosen,
                        format!("--reading {id}={opt}: `{opt}` is not an option of `{id}`"),
                    )
                    .with_note(format!("options: {}", names.join(", ")));
                    if let Some(h) = suggest(opt, names.iter().copied()) {
                        d = d.with_help(h);
                    }
                    cx.diags.push(d);
                }
            },
        }
    }
    for (name, value) in &sel.params {
        match params.iter_mut().find(|p| &p.name == name) {
            None => {
                let mut d = Diagnostic::global(
                    Code::UnknownParamChosen,
                    format!("--param {name}={value}: this file declares no param `{name}`"),
                );
                if let Some(h) = suggest(name, params.iter().map(|p| p.name.as_str())) {
                    d = d.with_help(h);
                } else if params.is_empty() {
                    d = d.with_note("this file declares no params");
                } else {
                    d = d.with_note(format!(
                        "its params: {}",
                        params
                            .iter()
                            .map(|p| p.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ));
                }
                cx.diags.push(d);
            }
            Some(p) if !p.takes(*value) => cx.diags.push(
                Diagnostic::global(
                    Code::ParamChosenOutOfRange,
                    format!(
                        "--param {name}={value}: {value} is {} of `{name}`",
                        if p.allowed.is_any() {
                            "outside the range"
                        } else {
                            "not one of the values"
                        }
                    ),
                )
                .with_help(format!(
                    "`{name}` takes {} (default {})",
                    p.values_text(),
                    p.default
                )),
            ),
            Some(p) => p.value = *value,
        }
    }
    let set: Vec<bool> = params
        .iter()
        .map(|p| sel.params.iter().any(|(n, _)| n == &p.name))
        .collect();
    follow(cx, params, &set, &d.default_spans);
    for p in params.iter() {
        cx.params.insert(p.name.clone(), p.value);
    }
}

/// What the rules name before anything is built: the teams (in throwing order), the
/// phases and the faces go to `cx`; this is where the order and phases were stated.
pub(super) struct RuleNames {
    /// The `order` statement kept.
    pub order_origin: Option<Origin>,
    /// The `phases` statement kept.
    pub phases_origin: Option<Origin>,
}

/// Names of teams and phases, faces, order (teams from every statement, so that a name used
/// only under another reading still resolves). `None` when there are not two teams.
pub(super) fn rule_names(cx: &mut Cx, flat: &[Flat], first_span: Span) -> Option<RuleNames> {
    let mut team_spans: Vec<Span> = Vec::new();
    let mut phases: Option<Setting<Vec<String>>> = None;
    let mut order: Option<Setting<Vec<Name>>> = None;
    for f in flat {
        match &f.stmt.node {
            StmtKind::TeamPieces { team, .. }
            | StmtKind::TeamColour { team, .. }
            | StmtKind::TeamShown { team, .. }
                if !cx.team_names.contains(&team.node) =>
            {
                cx.team_names.push(team.node.clone());
                team_spans.push(team.span);
            }
            StmtKind::Phases(ps) if f.active() => {
                let names = ps.iter().map(|p| p.node.clone()).collect::<Vec<_>>();
                for (i, p) in ps.iter().enumerate() {
                    if let Some(q) = ps[..i].iter().find(|q| q.node == p.node) {
                        cx.diags.push(dup("phase", p, q.span));
                    }
                }
                set_once(cx, &mut phases, names, f, "the list of phases");
            }
            StmtKind::Order(ts) if f.active() => {
                set_once(cx, &mut order, ts.clone(), f, "the throwing order");
            }
            StmtKind::Sticks {
                faces: Some((a, b)),
                ..
            } if f.active() => faces(cx, a, b),
            _ => {}
        }
    }
    if let Some(o) = &order {
        order_teams(cx, &o.value, o.span);
    }
    team_count(cx, &team_spans, first_span)?;
    cx.phases = phases
        .as_ref()
        .map(|p| p.value.clone())
        .unwrap_or_else(|| vec!["play".to_string()]);
    Some(RuleNames {
        order_origin: order.map(|o| o.origin),
        phases_origin: phases.map(|p| p.origin),
    })
}

fn faces(cx: &mut Cx, a: &Name, b: &Name) {
    if cx.faces.is_some() {
        cx.diags.push(
            Diagnostic::error(
                Code::FacesNamedTwice,
                a.span,
                "the faces are named twice",
                "second naming",
            )
            .with_help("name the faces once, on the base `sticks:` line"),
        );
    }
    if a.node == b.node {
        cx.diags.push(
            Diagnostic::error(
                Code::SameFaceTwice,
                b.span,
                "both faces have the same name",
                "repeated face",
            )
            .with_help("name the two faces differently, e.g. `with faces white and black`"),
        );
    }
    cx.faces = Some([a.node.clone(), b.node.clone()]);
}

/// Puts the teams in the stated throwing order.
fn order_teams(cx: &mut Cx, ts: &[Name], sp: Span) {
    let mut ordered = Vec::new();
    for (i, t) in ts.iter().enumerate() {
        match cx.team_names.iter().position(|x| *x == t.node) {
            Some(_) if ordered.contains(&t.node) => {
                let first = ts[..i]
                    .iter()
                    .find(|x| x.node == t.node)
                    .map_or(t.span, |x| x.span);
                cx.diags.push(dup("team in the order", t, first));
            }
            Some(_) => ordered.push(t.node.clone()),
            None => {
                let known: Vec<&str> = cx.team_names.iter().map(|s| s.as_str()).collect();
                cx.diags.push(unknown("team", t, &known));
            }
        }
    }
    if ordered.len() == cx.team_names.len() {
        cx.team_names = ordered;
    } else if cx.diags.iter().all(|d| !d.is_error()) {
        cx.diags.push(Diagnostic::error(
            Code::IncompleteOrder,
            sp,
            "the order does not list every team",
            "incomplete order",
        ));
    }
}

/// Exactly two teams, or an error.
fn team_count(cx: &mut Cx, team_spans: &[Span], first_span: Span) -> Option<()> {
    if cx.team_names.len() > 2 {
        let mut d = Diagnostic::error(
            Code::NotTwoTeams,
            team_spans[2],
            format!(
                "a variant is played by two teams; this file declares {}",
                cx.team_names.len()
            ),
            "a third team",
        )
        .with_help(format!(
            "remove team `{}`, or give its pieces to one of the other two",
            cx.team_names[2]
        ));
        for (sp, n) in team_spans.iter().zip(&cx.team_names).take(2) {
            d = d.with_secondary(*sp, format!("team `{n}`"));
        }
        cx.diags.push(d);
        return None;
    }
    if cx.team_names.len() < 2 {
        let d = match (cx.team_names.first(), team_spans.first()) {
            (Some(t), Some(sp)) => Diagnostic::error(
                Code::NotTwoTeams,
                *sp,
                format!("a variant is played by two teams; this file declares only `{t}`"),
                "the only team",
            )
            .with_help(format!(
                "declare the other one beside `{t}`: `team B: N pieces in ROW`"
            )),
            _ => Diagnostic::error(
                Code::NotTwoTeams,
                first_span,
                "the file declares no team",
                "no `team` statement in any rule",
            )
            .with_help("declare two: `team A: N pieces in ROW` and `team B: N pieces in ROW`"),
        };
        cx.diags.push(d);
        return None;
    }
    Some(())
}
