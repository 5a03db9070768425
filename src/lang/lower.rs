//! AST to IR: resolves names, evaluates readings and parameters, builds tracks and
//! capture tables, and reports every problem it finds (not just the first).

use crate::lang::diag::Diagnostic;
use crate::lang::ir::*;
use crate::lang::syntax::ast::{self, Name, Span, Spanned, StmtKind};
use std::collections::HashMap;

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

/// A "did you mean" help line for `word` among `candidates`.
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    candidates
        .into_iter()
        .map(|c| {
            (
                strsim::damerau_levenshtein(&word.to_lowercase(), &c.to_lowercase()),
                c,
            )
        })
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| format!("did you mean `{c}`?"))
}

fn unknown(what: &str, n: &Name, known: &[&str]) -> Diagnostic {
    let mut d = Diagnostic::error(
        n.span,
        format!("unknown {what} `{}`", n.node),
        format!("no {what} has this name"),
    );
    if let Some(h) = suggest(&n.node, known.iter().copied()) {
        d = d.with_help(h);
    } else if !known.is_empty() && known.len() <= 12 {
        d = d.with_note(format!("known: {}", known.join(", ")));
    }
    d
}

/// One statement to lower, with the rule it belongs to and whether the readings keep it.
struct Flat<'a> {
    stmt: &'a ast::Stmt,
    rule: RuleIx,
    active: bool,
}

struct Cx {
    diags: Vec<Diagnostic>,
    params: HashMap<String, i64>,
    readings: Vec<ReadingInfo>,
    reading_spans: Vec<Span>,
    used_readings: Vec<bool>,
    team_names: Vec<String>,
    rows: Vec<Row>,
    row_spans: Vec<Span>,
    phases: Vec<String>,
    classes: Vec<Class>,
    faces: Option<[String; 2]>,
}

/// Lowers a parsed file under a selection of readings and parameters.
pub fn lower(file: &ast::File, sel: &Selection) -> Lowered {
    let mut cx = Cx {
        diags: Vec::new(),
        params: HashMap::new(),
        readings: Vec::new(),
        reading_spans: Vec::new(),
        used_readings: Vec::new(),
        team_names: Vec::new(),
        rows: Vec::new(),
        row_spans: Vec::new(),
        phases: Vec::new(),
        classes: Vec::new(),
        faces: None,
    };
    let ir = lower_file(&mut cx, file, sel);
    let mut diagnostics = cx.diags;
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

fn lower_file(cx: &mut Cx, file: &ast::File, sel: &Selection) -> Option<Ir> {
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
            Diagnostic::error(
                span,
                format!(
                    "the file has {} items and {stmts} statements; the limit is {MAX_ITEMS} of each",
                    file.items.len()
                ),
                "too large",
            )
            .with_help("a variant needs far fewer; split unrelated material into other files"),
        );
        return None;
    }
    let mut game = None;
    let mut sources: Vec<SourceInfo> = Vec::new();
    let mut source_spans: Vec<Span> = Vec::new();
    let mut params: Vec<ParamInfo> = Vec::new();
    let mut param_spans: Vec<Span> = Vec::new();
    let mut set_asides = Vec::new();
    let mut rules: Vec<RuleInfo> = Vec::new();
    let mut rule_asts: Vec<&ast::Rule> = Vec::new();

    // ---- header items
    for item in &file.items {
        match item {
            ast::Item::Game(t) => {
                if game.is_some() {
                    cx.diags.push(
                        Diagnostic::error(t.span, "the game is named twice", "second `game`")
                            .with_help("keep one `game` line"),
                    );
                }
                game = Some(t.node.clone());
            }
            ast::Item::Source(s) => {
                if let Some(i) = sources.iter().position(|x| x.key == s.key.node) {
                    cx.diags.push(dup("source", &s.key, source_spans[i]));
                    continue;
                }
                sources.push(SourceInfo {
                    key: s.key.node.clone(),
                    title: s.title.node.clone(),
                    fields: s
                        .fields
                        .iter()
                        .map(|(k, v)| (k.node.clone(), v.node.clone()))
                        .collect(),
                });
                source_spans.push(s.key.span);
            }
            ast::Item::Param(p) => {
                if let Some(i) = params.iter().position(|x| x.name == p.name.node) {
                    cx.diags.push(dup("param", &p.name, param_spans[i]));
                    continue;
                }
                if p.min.node > p.max.node {
                    cx.diags.push(
                        Diagnostic::error(
                            p.min.span,
                            format!("the range of `{}` is empty", p.name.node),
                            format!("{} is above {}", p.min.node, p.max.node),
                        )
                        .with_help(format!(
                            "write the range low to high: `{}..{}`",
                            p.max.node, p.min.node
                        )),
                    );
                } else if p.default.node < p.min.node || p.default.node > p.max.node {
                    cx.diags.push(
                        Diagnostic::error(
                            p.default.span,
                            format!(
                                "default {} of `{}` is outside its range {}..{}",
                                p.default.node, p.name.node, p.min.node, p.max.node
                            ),
                            "out of range",
                        )
                        .with_help("choose a default within the range, or widen the range"),
                    );
                }
                params.push(ParamInfo {
                    name: p.name.node.clone(),
                    value: p.default.node,
                    default: p.default.node,
                    range: (p.min.node, p.max.node),
                    doc: p.doc.as_ref().map(|d| d.node.clone()).unwrap_or_default(),
                });
                param_spans.push(p.name.span);
            }
            ast::Item::Reading(r) => {
                if let Some(i) = cx.readings.iter().position(|x| x.id == r.id.node) {
                    let prev = cx.reading_spans[i];
                    cx.diags.push(dup("reading", &r.id, prev));
                    continue;
                }
                let mut options: Vec<(String, String)> = Vec::new();
                for o in &r.options {
                    if options.iter().any(|(n, _)| *n == o.name.node) {
                        cx.diags.push(Diagnostic::error(
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
            ast::Item::SetAside(s) => set_asides.push((
                s,
                SetAsideInfo {
                    source: s.source.node.clone(),
                    sentence: s.sentence.node.clone(),
                    reason: s.reason.node.clone(),
                },
            )),
            ast::Item::Rule(r) => {
                if let Some(i) = rules.iter().position(|x| x.id == r.id.node) {
                    cx.diags.push(dup("rule", &r.id, rule_asts[i].id.span));
                    continue;
                }
                if r.citations.is_empty() {
                    cx.diags.push(
                        Diagnostic::warning(
                            r.id.span,
                            format!("rule `{}` cites no source", r.id.node),
                            "no citation",
                        )
                        .with_help("add `cites SOURCE \"the sentence this rule formalises\"`"),
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
                });
                rule_asts.push(r);
            }
        }
    }
    let source_keys: Vec<&str> = sources.iter().map(|s| s.key.as_str()).collect();
    for r in &rule_asts {
        for c in &r.citations {
            if !source_keys.contains(&c.source.node.as_str()) {
                cx.diags.push(unknown("source", &c.source, &source_keys));
            }
            if c.quote.node.trim().is_empty() {
                cx.diags.push(
                    Diagnostic::warning(c.quote.span, "empty citation", "no sentence quoted")
                        .with_help("quote the sentence the rule formalises"),
                );
            }
        }
    }
    for (s, _) in &set_asides {
        if !source_keys.contains(&s.source.node.as_str()) {
            cx.diags.push(unknown("source", &s.source, &source_keys));
        }
    }
    let set_asides: Vec<SetAsideInfo> = set_asides.into_iter().map(|(_, i)| i).collect();

    // ---- the command line's choices
    for (id, opt) in &sel.readings {
        let ids: Vec<String> = cx.readings.iter().map(|r| r.id.clone()).collect();
        match cx.readings.iter_mut().find(|r| &r.id == id) {
            None => {
                let mut d = Diagnostic::global(format!(
                    "--reading {id}={opt}: this file declares no reading `{id}`"
                ));
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
                    let mut d = Diagnostic::global(format!(
                        "--reading {id}={opt}: `{opt}` is not an option of `{id}`"
                    ))
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
                let mut d = Diagnostic::global(format!(
                    "--param {name}={value}: this file declares no param `{name}`"
                ));
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
            Some(p) if *value < p.range.0 || *value > p.range.1 => cx.diags.push(
                Diagnostic::global(format!(
                    "--param {name}={value}: {value} is outside the range of `{name}`"
                ))
                .with_help(format!(
                    "`{name}` takes {}..{} (default {})",
                    p.range.0, p.range.1, p.default
                )),
            ),
            Some(p) => p.value = *value,
        }
    }
    for p in &params {
        cx.params.insert(p.name.clone(), p.value);
    }
    cx.used_readings = vec![false; cx.readings.len()];

    // ---- flatten rule bodies through the readings
    let mut flat = Vec::new();
    for (ri, r) in rule_asts.iter().enumerate() {
        flatten(cx, &r.body, ri as RuleIx, true, &mut flat);
    }
    let ir = build(
        cx, &flat, rules, game, sources, params, set_asides, &rule_asts,
    );
    // Whole-file checks only make sense once every statement lowered: a statement dropped
    // for an error would show up again as a reading unused or a throw uncovered.
    let clean = !cx.diags.iter().any(|d| d.is_error());
    for (i, used) in cx.used_readings.iter().enumerate() {
        if !used && clean {
            cx.diags.push(
                Diagnostic::warning(
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
    ir
}

fn dup(what: &str, n: &Name, first: Span) -> Diagnostic {
    let d = Diagnostic::error(
        n.span,
        format!("duplicate {what} `{}`", n.node),
        "declared again here",
    )
    .with_help(format!("rename or remove one of the two {what}s"));
    if first == n.span {
        d
    } else {
        d.with_secondary(first, "first declared here")
    }
}

/// Looks up a reading test; `None` (after a diagnostic) when it names nothing declared.
fn reading_test(cx: &mut Cx, reading: &Name, option: &Name) -> Option<bool> {
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
        Some(i) => Some(i == r.chosen),
        None => {
            let d = Diagnostic::error(
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

fn flatten<'a>(
    cx: &mut Cx,
    body: &'a [ast::Stmt],
    rule: RuleIx,
    active: bool,
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
            let holds = reading_test(cx, reading, option);
            let take = holds.unwrap_or(false);
            flatten(cx, then, rule, active && take, out);
            if let Some(o) = otherwise {
                flatten(cx, o, rule, active && holds.is_some() && !take, out);
            }
        } else {
            out.push(Flat {
                stmt: s,
                rule,
                active,
            });
        }
    }
}

impl Cx {
    fn int(&mut self, e: &Spanned<ast::Expr>, what: &str, min: i64, max: i64) -> Option<i64> {
        let v = match &e.node {
            ast::Expr::Int(n) => *n,
            ast::Expr::Param(p) => match self.params.get(p.as_str()) {
                Some(v) => *v,
                None => {
                    let known: Vec<&str> = self.params.keys().map(|k| k.as_str()).collect();
                    let n = Spanned {
                        node: p.clone(),
                        span: e.span,
                    };
                    self.diags.push(unknown("param", &n, &known));
                    return None;
                }
            },
            ast::Expr::Value(_) => {
                self.diags.push(
                    Diagnostic::error(
                        e.span,
                        format!("`value` cannot give the {what}"),
                        "the throw's value is only known in a throw's effects",
                    )
                    .with_help("write a number or a param"),
                );
                return None;
            }
        };
        if v < min || v > max {
            self.diags.push(Diagnostic::error(
                e.span,
                format!("{what} must be {min}..{max}, not {v}"),
                "out of range",
            ));
            return None;
        }
        Some(v)
    }

    fn amount(&mut self, e: &Spanned<ast::Expr>) -> Option<Amount> {
        match e.node {
            ast::Expr::Value(d) => Some(Amount::Value(d)),
            _ => self.int(e, "amount", 0, 255).map(Amount::Const),
        }
    }

    fn team(&mut self, n: &Name) -> Option<TeamId> {
        match self.team_names.iter().position(|t| *t == n.node) {
            Some(i) => Some(TeamId::new(i)),
            None => {
                let known: Vec<&str> = self.team_names.iter().map(|s| s.as_str()).collect();
                self.diags.push(
                    unknown("team", n, &known)
                        .with_note("teams are declared with `team NAME: N pieces in ROW`"),
                );
                None
            }
        }
    }

    fn phase(&mut self, n: &Name) -> Option<PhaseId> {
        match self.phases.iter().position(|t| *t == n.node) {
            Some(i) => Some(i as PhaseId),
            None => {
                let known: Vec<&str> = self.phases.iter().map(|s| s.as_str()).collect();
                self.diags.push(
                    unknown("phase", n, &known)
                        .with_note("phases are declared with `phases: A, B`"),
                );
                None
            }
        }
    }

    /// Rows a reference names, seen from `team`.
    fn rows_of(
        &mut self,
        r: &Spanned<ast::RowRef>,
        team: TeamId,
        report: bool,
    ) -> Option<Vec<usize>> {
        let kinds: Vec<&str> = self.rows.iter().map(|r| r.kind.as_str()).collect();
        let (kind, owner) = match &r.node {
            ast::RowRef::Named(n) => {
                if let Some(i) = self.rows.iter().position(|x| x.name == n.node) {
                    return Some(vec![i]);
                }
                if kinds.contains(&n.node.as_str()) {
                    return Some(
                        self.rows
                            .iter()
                            .enumerate()
                            .filter(|(_, x)| x.kind == n.node)
                            .map(|(i, _)| i)
                            .collect(),
                    );
                }
                if report {
                    let mut known: Vec<&str> = Vec::new();
                    for k in self
                        .rows
                        .iter()
                        .map(|r| r.name.as_str())
                        .chain(kinds.iter().copied())
                    {
                        if !known.contains(&k) {
                            known.push(k);
                        }
                    }
                    self.diags.push(unknown("row or kind", n, &known));
                }
                return None;
            }
            ast::RowRef::Own(k) => (k, Some(team)),
            ast::RowRef::Opposing(k) => (k, Some(team.other())),
        };
        let found: Vec<usize> = self
            .rows
            .iter()
            .enumerate()
            .filter(|(_, x)| x.kind == kind.node && x.owner == owner)
            .map(|(i, _)| i)
            .collect();
        if found.is_empty() && report {
            if kinds.contains(&kind.node.as_str()) {
                let (rel, owner) = if matches!(r.node, ast::RowRef::Own(_)) {
                    ("own", team)
                } else {
                    ("opposing", team.other())
                };
                self.diags.push(
                    Diagnostic::error(r.span, format!("`{rel} {}` names no row: no `{}` row belongs to team `{}`", kind.node, kind.node, self.team_names[owner.index()]), "names no row")
                        .with_help(format!("give the row an owner (`row NAME: {} of TEAM, N holes`), or write `{}` for every row of that kind", kind.node, kind.node)),
                );
            } else {
                let mut uniq = kinds.clone();
                uniq.sort_unstable();
                uniq.dedup();
                self.diags.push(unknown("row kind", kind, &uniq));
            }
            return None;
        }
        Some(found)
    }

    fn one_row(&mut self, r: &Spanned<ast::RowRef>, team: TeamId) -> Option<usize> {
        let rows = self.rows_of(r, team, true)?;
        if rows.len() != 1 {
            self.diags.push(
                Diagnostic::error(
                    r.span,
                    format!("this names {} rows; one is needed here", rows.len()),
                    "ambiguous row",
                )
                .with_help("name the row, or say `own KIND` / `opposing KIND`"),
            );
            return None;
        }
        Some(rows[0])
    }

    fn region(&mut self, r: &Spanned<ast::Region>) -> Option<TeamCells> {
        let mut out = [CellSet::default(); 2];
        let rr = match &r.node {
            ast::Region::Rows(x)
            | ast::Region::Ends(x)
            | ast::Region::First(x)
            | ast::Region::Last(x) => x,
        };
        let rr = Spanned {
            node: rr.clone(),
            span: r.span,
        };
        for team in TeamId::BOTH {
            let rows = self.rows_of(&rr, team, team == TeamId::FIRST)?;
            for ri in rows {
                let row = &self.rows[ri];
                let (first, last) = (row.first, row.last());
                let cells: Vec<Cell> = match &r.node {
                    ast::Region::Rows(_) => row.cells().collect(),
                    ast::Region::Ends(_) => vec![first, last],
                    ast::Region::First(_) => vec![first],
                    ast::Region::Last(_) => vec![last],
                };
                for c in cells {
                    out[team.index()].insert(c);
                }
            }
        }
        Some(out)
    }

    fn conds(&mut self, cs: &[Spanned<ast::Cond>]) -> Vec<Cond> {
        cs.iter().filter_map(|c| self.cond(c)).collect()
    }

    fn cond(&mut self, c: &Spanned<ast::Cond>) -> Option<Cond> {
        use ast::Cond as A;
        Some(match &c.node {
            A::Not(inner) => Cond::Not(Box::new(self.cond(inner)?)),
            A::FirstOfTurn => Cond::FirstOfTurn,
            A::FirstOfTeamTurn => Cond::FirstOfTeamTurn,
            A::FirstOfGame => Cond::FirstOfGame,
            A::AllOwnReleased => Cond::AllOwnReleased,
            A::AllReleased => Cond::AllReleased,
            A::AllOwnArrived => Cond::AllOwnArrived,
            A::OpponentHasUnreleased => Cond::OpponentHasUnreleased,
            A::NoCapturePossible => Cond::NoCapturePossible,
            A::EveryPieceImmuneOrArrived => Cond::EveryPieceImmuneOrArrived,
            A::OpponentHasNoPieces => Cond::OpponentHasNoPieces,
            A::Reading(r, o) => Cond::Const(reading_test(self, r, o)?),
            A::Full(rr, own) => {
                let region = self.region(&Spanned {
                    node: ast::Region::Rows(rr.node.clone()),
                    span: rr.span,
                })?;
                Cond::Full(region, *own)
            }
            A::Won(rr) => Cond::Won(self.region(&Spanned {
                node: ast::Region::Rows(rr.node.clone()),
                span: rr.span,
            })?),
        })
    }

    fn values(&mut self, vs: &[Spanned<i64>], max: i64) -> u64 {
        let mut mask = 0u64;
        for v in vs {
            if v.node < 0 || v.node > max {
                self.diags.push(Diagnostic::error(
                    v.span,
                    format!("a throw value must be 0..{max}"),
                    "no throw gives this",
                ));
            } else {
                mask |= 1 << v.node;
            }
        }
        mask
    }
}

/// Keeps the first setting of a single-valued statement; reports a second one.
fn set_once<T>(cx: &mut Cx, slot: &mut Option<(T, Span)>, value: T, span: Span, what: &str) {
    if let Some((_, first)) = slot {
        cx.diags.push(
            Diagnostic::error(span, format!("{what} is set twice"), "second setting")
                .with_help("keep one, or put them in `if READING = OPTION { … } else { … }`")
                .with_secondary(*first, "first setting"),
        );
    } else {
        *slot = Some((value, span));
    }
}

/// A team's track as written: its segments with their rows, where it is declared, its rule.
type TrackDecl = (Vec<(ast::Segment, usize)>, Span, RuleIx);

#[allow(clippy::too_many_arguments)]
fn build(
    cx: &mut Cx,
    flat: &[Flat],
    rules: Vec<RuleInfo>,
    game: Option<String>,
    sources: Vec<SourceInfo>,
    params: Vec<ParamInfo>,
    set_asides: Vec<SetAsideInfo>,
    rule_asts: &[&ast::Rule],
) -> Option<Ir> {
    let Some(first_rule) = rule_asts.first() else {
        cx.diags.push(
            Diagnostic::error(Span::default(), "the file has no rules", "a variant needs at least one `rule`")
                .with_help("write `rule ID stated cites SOURCE \"sentence\" { … }` and put the board, teams, sticks, tracks and throws inside"),
        );
        return None;
    };
    let first_span = first_rule.id.span;
    let mut team_spans: Vec<Span> = Vec::new();
    // Pass 1: names of teams and phases, faces, order (from every statement, so that a
    // name used only under another reading still resolves).
    let mut phases_stmt: Option<(Vec<String>, Span)> = None;
    let mut order: Option<(Vec<Name>, Span)> = None;
    for f in flat {
        match &f.stmt.node {
            StmtKind::TeamPieces { team, .. } | StmtKind::TeamColour { team, .. }
                if !cx.team_names.contains(&team.node) =>
            {
                cx.team_names.push(team.node.clone());
                team_spans.push(team.span);
            }
            StmtKind::Phases(ps) if f.active => {
                let names = ps.iter().map(|p| p.node.clone()).collect::<Vec<_>>();
                for (i, p) in ps.iter().enumerate() {
                    if let Some(q) = ps[..i].iter().find(|q| q.node == p.node) {
                        cx.diags.push(dup("phase", p, q.span));
                    }
                }
                set_once(
                    cx,
                    &mut phases_stmt,
                    names,
                    f.stmt.span,
                    "the list of phases",
                );
            }
            StmtKind::Order(ts) if f.active => set_once(
                cx,
                &mut order,
                ts.clone(),
                f.stmt.span,
                "the throwing order",
            ),
            StmtKind::Sticks {
                faces: Some((a, b)),
                ..
            } if f.active => {
                if cx.faces.is_some() {
                    cx.diags.push(
                        Diagnostic::error(a.span, "the faces are named twice", "second naming")
                            .with_help("name the faces once, on the base `sticks:` line"),
                    );
                }
                if a.node == b.node {
                    cx.diags.push(
                        Diagnostic::error(b.span, "both faces have the same name", "repeated face")
                            .with_help(
                                "name the two faces differently, e.g. `with faces white and black`",
                            ),
                    );
                }
                cx.faces = Some([a.node.clone(), b.node.clone()]);
            }
            _ => {}
        }
    }
    if let Some((ts, sp)) = &order {
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
                *sp,
                "the order does not list every team",
                "incomplete order",
            ));
        }
    }
    if cx.team_names.len() > 2 {
        let mut d = Diagnostic::error(
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
                *sp,
                format!("a variant is played by two teams; this file declares only `{t}`"),
                "the only team",
            )
            .with_help(format!(
                "declare the other one beside `{t}`: `team B: N pieces in ROW`"
            )),
            _ => Diagnostic::error(
                first_span,
                "the file declares no team",
                "no `team` statement in any rule",
            )
            .with_help("declare two: `team A: N pieces in ROW` and `team B: N pieces in ROW`"),
        };
        cx.diags.push(d);
        return None;
    }
    cx.phases = phases_stmt
        .map(|(p, _)| p)
        .unwrap_or_else(|| vec!["play".to_string()]);

    // Pass 2: rows.
    for f in flat {
        if let StmtKind::Row {
            name,
            kind,
            owner,
            holes,
        } = &f.stmt.node
        {
            let owner_ix = owner.as_ref().and_then(|o| cx.team(o));
            let len = cx.int(holes, "number of holes", 1, MAX_HOLES);
            if !f.active {
                continue;
            }
            if let Some(i) = cx.rows.iter().position(|r| r.name == name.node) {
                let prev = cx.row_spans[i];
                cx.diags.push(dup("row", name, prev));
                continue;
            }
            if cx.team_names.contains(&name.node) || cx.team_names.contains(&kind.node) {
                cx.diags.push(
                    Diagnostic::error(
                        name.span,
                        "a row or kind has a team's name",
                        "clashes with a team",
                    )
                    .with_help("rename the row or kind"),
                );
            }
            let first: u16 = cx.rows.iter().map(|r| r.len).sum();
            let len = len.unwrap_or(1) as u16;
            if first as usize + len as usize > MAX_CELLS {
                cx.diags.push(Diagnostic::error(
                    holes.span,
                    format!("the board would have more than {MAX_CELLS} holes"),
                    "too many holes",
                ));
                return None;
            }
            cx.rows.push(Row {
                name: name.node.clone(),
                kind: kind.node.clone(),
                owner: owner_ix,
                first: Cell::new(first),
                len,
            });
            cx.row_spans.push(name.span);
        }
    }
    for r in &cx.rows {
        // A row may share its name with its own kind, when the kind has no other row.
        if cx.rows.iter().any(|o| o.kind == r.name && o.name != r.name) {
            let sp = cx.row_spans[cx.rows.iter().position(|x| x.name == r.name).unwrap_or(0)];
            cx.diags.push(
                Diagnostic::error(
                    sp,
                    format!("`{}` is both a row and a kind", r.name),
                    "ambiguous name",
                )
                .with_help("give rows and kinds different names"),
            );
            break;
        }
    }
    if cx.rows.is_empty() {
        cx.diags.push(
            Diagnostic::error(first_span, "the board has no rows", "no `row` statement")
                .with_help("add `row NAME: KIND, N holes`"),
        );
        return None;
    }
    let cells: u16 = cx.rows.iter().map(|r| r.len).sum();

    // Pass 3: everything else.
    let mut team_pieces: [Option<((u8, Start), Span)>; 2] = [None, None];
    // Statements that were written (and apply under the readings) even if they had errors,
    // so that a broken statement is not also reported as a missing one.
    let mut pieces_written = [false; 2];
    let mut sticks_written = false;
    let mut team_colour: [Option<(u8, Span)>; 2] = [None, None];
    let mut seats = None;
    let mut base_sticks: Option<((u8, f64), Span)> = None;
    let mut sticks_rule = 0;
    let mut by_phase: Vec<Option<u8>> = vec![None; cx.phases.len()];
    let mut first_of_turn = None;
    let mut first_of_game = None;
    let mut value = None;
    let mut allocation = None;
    let mut release_order = None;
    let mut bind = None;
    let mut transitions = Vec::new();
    let mut throws: Vec<(ThrowEntry, Span)> = Vec::new();
    let mut tracks: [Option<TrackDecl>; 2] = [None, None];
    let mut loops: Vec<(&Flat, TeamId)> = Vec::new();
    let mut gates: Vec<(&Flat, TeamId)> = Vec::new();
    let mut stacking = None;
    let mut blocked = None;
    let mut home_first_empty = None;
    let mut captures: Vec<(Option<TeamCells>, CaptureSpec)> = Vec::new();
    let mut no_captures: Vec<(TeamCells, bool, RuleIx)> = Vec::new();
    let mut first_no_capture: Option<Span> = None;
    let mut only_with: Vec<(TeamCells, u64, RuleIx)> = Vec::new();
    let mut immune: Vec<(TeamCells, RuleIx)> = Vec::new();
    let mut wins = Vec::new();
    let mut class_spans: Vec<Span> = Vec::new();

    // Classes first: throw entries name them.
    for f in flat.iter().filter(|f| f.active) {
        if let StmtKind::Class { name, shapes } = &f.stmt.node {
            if let Some(i) = cx.classes.iter().position(|c| c.name == name.node) {
                cx.diags.push(dup("class", name, class_spans[i]));
                continue;
            }
            cx.classes.push(Class {
                name: name.node.clone(),
                all_alike: shapes.iter().any(|s| *s),
                all_but_one: shapes.iter().any(|s| !*s),
            });
            class_spans.push(name.span);
        }
    }

    for f in flat {
        let sp = f.stmt.span;
        let rule = f.rule;
        match &f.stmt.node {
            StmtKind::If { .. }
            | StmtKind::Row { .. }
            | StmtKind::Phases(_)
            | StmtKind::Order(_)
            | StmtKind::Class { .. } => {}
            StmtKind::TeamPieces { team, count, start } => {
                let t = cx.team(team);
                if let (Some(t), true) = (t, f.active) {
                    pieces_written[t.index()] = true;
                }
                let n = cx.int(count, "number of pieces", 1, MAX_PIECES);
                let st = match start {
                    None => Some(Start::Beside),
                    Some(r) => {
                        let row = cx.one_row(r, t.unwrap_or(TeamId::FIRST));
                        if let (Some(row), Some(n)) = (row, n)
                            && cx.rows[row].len as i64 != n
                        {
                            cx.diags.push(
                                Diagnostic::error(count.span, format!("{n} pieces cannot start one per hole in a row of {} holes", cx.rows[row].len), "does not match the row")
                                    .with_help("give as many pieces as the row has holes, or start them `beside the board`"),
                            );
                        }
                        row.map(Start::Row)
                    }
                };
                if let (true, Some(t), Some(n), Some(st)) = (f.active, t, n, st) {
                    let mut slot = team_pieces[t.index()].take();
                    set_once(cx, &mut slot, (n as u8, st), sp, "the team's pieces");
                    team_pieces[t.index()] = slot;
                }
            }
            StmtKind::TeamColour { team, face } => {
                let t = cx.team(team);
                let fi = face_index(cx, face);
                if let (true, Some(t), Some(fi)) = (f.active, t, fi) {
                    let mut slot = team_colour[t.index()].take();
                    set_once(cx, &mut slot, fi, sp, "the team's colour");
                    team_colour[t.index()] = slot;
                }
            }
            StmtKind::Seats(e) => {
                if let Some(v) = cx.int(e, "number of seats", 1, MAX_SEATS)
                    && f.active
                {
                    set_once(cx, &mut seats, v as u8, sp, "the seats per team");
                }
            }
            StmtKind::Sticks {
                when,
                count,
                faces,
                prob,
            } => {
                sticks_written |= f.active && matches!(when, ast::SticksWhen::Always);
                let n = cx.int(count, "number of sticks", 1, MAX_STICKS);
                let p = match prob {
                    None => Some(0.5),
                    Some((face, p)) => {
                        let fi = face_index(cx, face);
                        if !(p.node > 0.0 && p.node < 1.0) {
                            cx.diags.push(
                                Diagnostic::error(p.span, format!("{} is not a probability", p.node), "must be above 0 and below 1")
                                    .with_help("write the chance that a stick shows this face as a fraction, e.g. `p(white) = 0.55`"),
                            );
                            None
                        } else {
                            fi.map(|fi| if fi == 0 { p.node } else { 1.0 - p.node })
                        }
                    }
                };
                let phase = match when {
                    ast::SticksWhen::InPhase(ph) => cx.phase(ph),
                    _ => None,
                };
                let (Some(n), Some(p), true) = (n, p, f.active) else {
                    continue;
                };
                let n = n as u8;
                match when {
                    ast::SticksWhen::Always => {
                        if faces.is_none() {
                            cx.diags.push(
                                Diagnostic::error(
                                    sp,
                                    "the sticks' faces are not named",
                                    "no `with faces`",
                                )
                                .with_help("write `sticks: 8 with faces white and black`"),
                            );
                        }
                        sticks_rule = rule;
                        set_once(cx, &mut base_sticks, (n, p), sp, "the number of sticks");
                    }
                    ast::SticksWhen::InPhase(_) => {
                        if let Some(ph) = phase {
                            by_phase[ph as usize] = Some(n);
                        }
                    }
                    ast::SticksWhen::FirstOfTurn => first_of_turn = Some(n),
                    ast::SticksWhen::FirstOfGame => first_of_game = Some(n),
                }
            }
            StmtKind::Value(face) => {
                let v = match face {
                    None => Some(ValueRule::OwnColour),
                    Some(fc) => face_index(cx, fc).map(ValueRule::Face),
                };
                if let (Some(v), true) = (v, f.active) {
                    set_once(cx, &mut value, v, sp, "the value of a throw");
                }
            }
            StmtKind::Allocation(pooled) if f.active => {
                let a = if *pooled {
                    Allocation::Pooled
                } else {
                    Allocation::PerThrow
                };
                set_once(cx, &mut allocation, a, sp, "the allocation of throws");
            }
            StmtKind::ReleaseOrder(chosen) if f.active => {
                let o = if *chosen {
                    ReleaseOrder::Chosen
                } else {
                    ReleaseOrder::FrontMost
                };
                set_once(cx, &mut release_order, o, sp, "the release order");
            }
            StmtKind::BindAfterRelease if f.active => {
                set_once(cx, &mut bind, rule, sp, "binding the throw after a release")
            }
            StmtKind::Allocation(_) | StmtKind::ReleaseOrder(_) | StmtKind::BindAfterRelease => {}
            StmtKind::Transition { from, to, when } => {
                let (a, b) = (cx.phase(from), cx.phase(to));
                let when = cx.conds(when);
                if let (Some(from_ix), Some(to_ix), true) = (a, b, f.active) {
                    if from_ix == to_ix {
                        cx.diags.push(
                            Diagnostic::error(
                                to.span,
                                "a phase cannot change into itself",
                                "the same phase as after `from`",
                            )
                            .with_help("name the phase to enter, or remove the statement"),
                        );
                    }
                    transitions.push(Transition {
                        from: from_ix,
                        to: to_ix,
                        when,
                        rule,
                    });
                }
            }
            StmtKind::Throw {
                matches,
                phase,
                conds,
                effects,
            } => {
                let ph = phase.as_ref().and_then(|p| cx.phase(p));
                if phase.is_some() && ph.is_none() {
                    continue;
                }
                let m = match matches {
                    ast::ThrowMatch::Any => Some(ThrowMatch::Any),
                    ast::ThrowMatch::Values(vs) => {
                        Some(ThrowMatch::Values(cx.values(vs, MAX_STICKS)))
                    }
                    ast::ThrowMatch::Class(c) => {
                        match cx.classes.iter().position(|k| k.name == c.node) {
                            Some(i) => Some(ThrowMatch::Class(i)),
                            None => {
                                let known: Vec<&str> =
                                    cx.classes.iter().map(|k| k.name.as_str()).collect();
                                cx.diags
                                    .push(unknown("throw class", c, &known).with_help_if_none(
                                        "declare it: `class NAME: all but one alike`",
                                    ));
                                None
                            }
                        }
                    }
                };
                let conds = cx.conds(conds);
                let mut effs = Vec::new();
                for e in effects {
                    let ef = match &e.node {
                        ast::Effect::Move(x) => cx.amount(x).map(Effect::Move),
                        ast::Effect::Release(n, m) => {
                            let count = cx.int(n, "number of pieces", 1, MAX_PIECES);
                            let steps = m.as_ref().map_or(Some(Amount::Const(0)), |m| cx.amount(m));
                            count.zip(steps).map(|(c, s)| Effect::Release {
                                count: c as u8,
                                steps: s,
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
                        ast::Effect::CancelMoves => Some(Effect::CancelMoves),
                        ast::Effect::RemoveOpposing => Some(Effect::RemoveOpposing),
                        ast::Effect::EnterPhase(p) => cx.phase(p).map(Effect::EnterPhase),
                        ast::Effect::Nothing => Some(Effect::Nothing),
                    };
                    effs.extend(ef);
                }
                if let (Some(m), true) = (m, f.active) {
                    throws.push((
                        ThrowEntry {
                            matches: m,
                            phase: ph,
                            conds,
                            effects: effs,
                            rule,
                        },
                        sp,
                    ));
                }
            }
            StmtKind::Track { team, segments } => {
                let Some(t) = cx.team(team) else { continue };
                let mut segs = Vec::new();
                for s in segments {
                    if let Some(r) = cx.one_row(&s.row, t) {
                        segs.push((s.clone(), r));
                    }
                }
                if f.active {
                    if let Some((_, first, _)) = &tracks[t.index()] {
                        cx.diags.push(
                            Diagnostic::error(team.span, format!("team `{}` has two tracks", team.node), "second track")
                                .with_help("put alternative tracks under `if READING = OPTION { … } else { … }`")
                                .with_secondary(*first, "first track"),
                        );
                    } else {
                        tracks[t.index()] = Some((segs, team.span, rule));
                    }
                }
            }
            StmtKind::TrackLoop { team, .. } => {
                if let Some(t) = cx.team(team)
                    && f.active
                {
                    loops.push((f, t));
                }
            }
            StmtKind::TrackEnd(team) => {
                cx.team(team);
            }
            StmtKind::Gate { team, .. } => {
                if let Some(t) = cx.team(team)
                    && f.active
                {
                    gates.push((f, t));
                }
            }
            StmtKind::Stacking {
                allowed,
                except_goal,
            } if f.active => set_once(
                cx,
                &mut stacking,
                ((*allowed, *except_goal), rule),
                sp,
                "stacking",
            ),
            StmtKind::Blocked(share) if f.active => {
                set_once(cx, &mut blocked, (*share, rule), sp, "blocked landing")
            }
            StmtKind::SendHomeTo(first_empty) if f.active => set_once(
                cx,
                &mut home_first_empty,
                *first_empty,
                sp,
                "where pieces are sent home",
            ),
            StmtKind::Stacking { .. } | StmtKind::Blocked(_) | StmtKind::SendHomeTo(_) => {}
            StmtKind::Capture {
                region,
                compulsory,
                send_home,
            } => {
                let reg = match region {
                    Some(r) => cx.region(r).map(Some),
                    None => Some(None),
                };
                if let (Some(reg), true) = (reg, f.active) {
                    captures.push((
                        reg,
                        CaptureSpec {
                            compulsory: *compulsory,
                            send_home: *send_home,
                            rule,
                        },
                    ));
                }
            }
            StmtKind::NoCapture { region, sharing } => {
                if f.active {
                    first_no_capture.get_or_insert(sp);
                }
                if let (Some(r), true) = (cx.region(region), f.active) {
                    no_captures.push((r, *sharing, rule));
                }
            }
            StmtKind::CaptureOnly { region, values } => {
                let mask = cx.values(values, MAX_STICKS);
                if let (Some(r), true) = (cx.region(region), f.active) {
                    only_with.push((r, mask, rule));
                }
            }
            StmtKind::Immune(region) => {
                if let (Some(r), true) = (cx.region(region), f.active) {
                    immune.push((r, rule));
                }
            }
            StmtKind::Win(cs) => {
                let when = cx.conds(cs);
                if f.active {
                    wins.push(Win { when, rule });
                }
            }
        }
    }

    // ---- assemble the sticks
    let faces = cx.faces.clone();
    let Some(((count, p), _)) = base_sticks else {
        if sticks_written {
            return None;
        }
        cx.diags.push(
            Diagnostic::error(
                first_span,
                "the file says nothing of the sticks",
                "no `sticks:` statement",
            )
            .with_help("add `sticks: 8 with faces white and black`"),
        );
        return None;
    };
    let faces = faces.unwrap_or_else(|| ["up".into(), "down".into()]);
    if let Some((ValueRule::OwnColour, value_span)) = value {
        let missing: Vec<usize> = (0..2).filter(|&t| team_colour[t].is_none()).collect();
        if !missing.is_empty() {
            let names: Vec<String> = missing
                .iter()
                .map(|&t| format!("`{}`", cx.team_names[t]))
                .collect();
            let adds: Vec<String> = missing
                .iter()
                .map(|&t| format!("`team {} colour {}`", cx.team_names[t], faces[t]))
                .collect();
            let (who, has) = if missing.len() == 1 {
                (format!("team {}", names[0]), "has")
            } else {
                (format!("teams {}", and_list(&names)), "have")
            };
            cx.diags.push(
                Diagnostic::error(
                    value_span,
                    format!("{who} {has} no colour, but a throw counts the thrower's colour"),
                    "counts the thrower's colour",
                )
                .with_help(format!("add {}", and_list(&adds))),
            );
        }
    }
    let value = value.map(|(v, _)| v).unwrap_or(ValueRule::Face(0));
    let sticks = Sticks {
        count,
        by_phase,
        first_of_turn,
        first_of_game,
        faces,
        p,
        value,
        rule: sticks_rule,
    };

    // ---- teams and tracks
    let mut teams = Vec::new();
    for t in 0..2usize {
        let name = cx.team_names[t].clone();
        let Some(((pieces, start), _)) = team_pieces[t].clone() else {
            if pieces_written[t] {
                continue;
            }
            cx.diags.push(
                Diagnostic::error(
                    first_span,
                    format!("team `{name}` has no pieces"),
                    "no `team … pieces` statement",
                )
                .with_help(format!("add `team {name}: N pieces in ROW`")),
            );
            continue;
        };
        let Some((segs, _, _)) = tracks[t].take() else {
            cx.diags.push(
                Diagnostic::error(
                    first_span,
                    format!("team `{name}` has no track"),
                    "no `track` statement",
                )
                .with_help(format!("add `track {name}: ROW forward, ROW backward, …`")),
            );
            continue;
        };
        let track = build_track(cx, TeamId::new(t), &segs, &loops, &gates);
        teams.push(Team {
            name,
            colour: team_colour[t].map(|(c, _)| c),
            pieces,
            start,
            track,
        });
    }
    if teams.len() != 2 {
        return None;
    }
    // Whole-file checks, once every statement lowered (see `lower_file`).
    let clean = !cx.diags.iter().any(|d| d.is_error());
    // Rows no piece can ever stand on.
    for (i, r) in cx.rows.iter().enumerate().filter(|_| clean) {
        let on_track = teams
            .iter()
            .any(|t| t.track.segments.iter().any(|s| s.row == i));
        let start = teams.iter().any(|t| t.start == Start::Row(i));
        if !on_track && !start {
            cx.diags.push(
                Diagnostic::warning(
                    cx.row_spans[i],
                    format!("no piece can reach row `{}`", r.name),
                    "on no track and no start row",
                )
                .with_help("add it to a track, or remove it"),
            );
        }
    }

    // ---- capture table
    let mut at = vec![vec![CellCapture::default(); cells as usize]; 2];
    for (t, cells_t) in at.iter_mut().enumerate() {
        for (reg, spec) in &captures {
            for c in 0..cells {
                if reg.is_none_or(|r| r[t].contains(Cell::new(c))) {
                    cells_t[c as usize].spec = Some(*spec);
                }
            }
        }
        for (reg, sharing, rule) in &no_captures {
            for c in reg[t].iter() {
                let cc = &mut cells_t[c.index()];
                cc.forbidden_by = Some(*rule);
                cc.sharing |= *sharing;
            }
        }
        for (reg, mask, rule) in &only_with {
            for c in reg[t].iter() {
                cells_t[c.index()].only_with = Some((*mask, *rule));
            }
        }
    }
    let immune_t = (0..2)
        .map(|t| {
            let mut set = CellSet::default();
            let mut rule = None;
            for (reg, r) in &immune {
                set = set.union(&reg[t]);
                rule = Some(*r);
            }
            rule.map(|r| (set, r))
        })
        .collect();
    if let (true, true, Some(sp)) = (clean, captures.is_empty(), first_no_capture) {
        cx.diags.push(
            Diagnostic::warning(
                sp,
                "the file forbids captures somewhere but allows them nowhere",
                "no `capture:` statement allows any",
            )
            .with_help("say where captures happen, e.g. `capture: compulsory, remove`"),
        );
    }

    // ---- throw table checks
    let throws = check_throws(cx, throws, &sticks, &teams, clean, first_span);

    if game.is_none() {
        cx.diags.push(
            Diagnostic::warning(first_span, "the variant has no title", "no `game` line")
                .with_help("add `game \"Title\"` at the top"),
        );
    }

    Some(Ir {
        game: game.unwrap_or_default(),
        sources,
        params,
        readings: cx.readings.clone(),
        set_asides,
        rules,
        rows: cx.rows.clone(),
        cells,
        teams,
        seats: seats.map(|(s, _)| s).unwrap_or(1),
        sticks,
        classes: cx.classes.clone(),
        phases: cx.phases.clone(),
        allocation: allocation.map(|(a, _)| a).unwrap_or(Allocation::PerThrow),
        release_order: release_order
            .map(|(a, _)| a)
            .unwrap_or(ReleaseOrder::FrontMost),
        bind_after_release: bind.map(|(r, _)| r),
        transitions,
        throws,
        capture: CapturePolicy {
            stacking: stacking.is_some_and(|(((a, _), _), _)| a),
            stacking_at_goal: stacking.is_some_and(|(((a, g), _), _)| a || g),
            stacking_rule: stacking.map(|((_, r), _)| r),
            at,
            blocked_share: blocked.is_none_or(|((s, _), _)| s),
            blocked_rule: blocked.map(|((_, r), _)| r),
            immune: immune_t,
            home_first_empty: home_first_empty.is_some_and(|(b, _)| b),
        },
        wins,
    })
}

trait HelpIfNone {
    fn with_help_if_none(self, help: &str) -> Self;
}
impl HelpIfNone for Diagnostic {
    fn with_help_if_none(self, help: &str) -> Self {
        if self.help.is_none() {
            self.with_help(help)
        } else {
            self
        }
    }
}

fn face_index(cx: &mut Cx, face: &Name) -> Option<u8> {
    // With no faces named, the sticks statement is already reported.
    let faces = cx.faces.clone()?;
    match faces.iter().position(|f| *f == face.node) {
        Some(i) => Some(i as u8),
        None => {
            let known: Vec<&str> = faces.iter().map(|s| s.as_str()).collect();
            cx.diags
                .push(unknown("face", face, &known).with_help_if_none(
                    "faces are named on the sticks: `sticks: 8 with faces white and black`",
                ));
            None
        }
    }
}

fn build_track(
    cx: &mut Cx,
    team: TeamId,
    segs: &[(ast::Segment, usize)],
    loops: &[(&Flat, TeamId)],
    gates: &[(&Flat, TeamId)],
) -> Track {
    let mut cells = Vec::new();
    let mut segments: Vec<TrackSegment> = Vec::new();
    let mut goal = None;
    for (s, row) in segs {
        if let Some((prev, _)) = segs.iter().find(|(p, r)| {
            r == row && p.backward == s.backward && p.row.span.start < s.row.span.start
        }) {
            let way = if s.backward { "backward" } else { "forward" };
            cx.diags.push(
                Diagnostic::error(
                    s.row.span,
                    "this track walks the same row the same way twice",
                    format!("`{}` {way} again", cx.rows[*row].name),
                )
                .with_help("a track may return along a row only in the other direction")
                .with_secondary(prev.row.span, "first walked here"),
            );
            continue;
        }
        if let Some(l) = &s.label
            && let Some(first) = segs
                .iter()
                .filter_map(|(p, _)| p.label.as_ref())
                .find(|x| x.node == l.node && x.span.start < l.span.start)
        {
            cx.diags.push(dup("segment label", l, first.span));
        }
        let r = &cx.rows[*row];
        let start = cells.len() as u16;
        let holes: Vec<Cell> = if s.backward {
            r.cells().rev().collect()
        } else {
            r.cells().collect()
        };
        cells.extend(holes);
        segments.push(TrackSegment {
            start,
            len: r.len,
            row: *row,
            backward: s.backward,
            label: s.label.as_ref().map(|l| l.node.clone()),
        });
        if s.goal {
            goal = Some(cells.len() as u16 - 1);
        }
    }
    let seg_index = |cx: &mut Cx, segments: &[TrackSegment], n: &Name| -> Option<usize> {
        if let Some(i) = segments
            .iter()
            .position(|s| s.label.as_deref() == Some(n.node.as_str()))
        {
            return Some(i);
        }
        let by_row: Vec<usize> = segments
            .iter()
            .enumerate()
            .filter(|(_, s)| cx.rows[s.row].name == n.node)
            .map(|(i, _)| i)
            .collect();
        match by_row.as_slice() {
            [i] => Some(*i),
            [] => {
                let mut known: Vec<&str> =
                    segments.iter().filter_map(|s| s.label.as_deref()).collect();
                known.extend(segments.iter().map(|s| cx.rows[s.row].name.as_str()));
                let mut d = Diagnostic::error(
                    n.span,
                    format!(
                        "team `{}`'s track has no segment `{}`",
                        cx.team_names[team.index()],
                        n.node
                    ),
                    "not a row or label of this track",
                );
                d = match suggest(&n.node, known.iter().copied()) {
                    Some(h) => d.with_help(h),
                    None => d.with_note(format!("its segments: {}", known.join(", "))),
                };
                cx.diags.push(d);
                None
            }
            _ => {
                cx.diags.push(
                    Diagnostic::error(
                        n.span,
                        format!("the track walks `{}` more than once", n.node),
                        "ambiguous segment",
                    )
                    .with_help("label the segment (`ROW forward as LABEL`) and name the label"),
                );
                None
            }
        }
    };
    let mut looping = None;
    for (f, t) in loops {
        if *t != team {
            continue;
        }
        if let StmtKind::TrackLoop { from, when, .. } = &f.stmt.node
            && let Some(i) = seg_index(cx, &segments, from)
        {
            let when = cx.conds(when);
            if looping.is_some() {
                cx.diags.push(Diagnostic::error(
                    f.stmt.span,
                    "this track loops twice",
                    "second loop",
                ));
            }
            looping = Some(Loop {
                from: segments[i].start,
                when,
                rule: f.rule,
            });
        }
    }
    let mut gs = Vec::new();
    for (f, t) in gates {
        if *t != team {
            continue;
        }
        if let StmtKind::Gate {
            segment,
            requirement,
            stop,
            ..
        } = &f.stmt.node
            && let Some(i) = seg_index(cx, &segments, segment)
        {
            let requirement = match requirement {
                ast::Requirement::Throw(vs, crossing) => {
                    let m = cx.values(vs, MAX_STICKS);
                    if *crossing {
                        Requirement::CrossingThrow(m)
                    } else {
                        Requirement::MoveTotal(m)
                    }
                }
                ast::Requirement::Conds(cs) => Requirement::Conds(cx.conds(cs)),
            };
            if i == 0 {
                cx.diags.push(Diagnostic::warning(
                    segment.span,
                    "a gate on the first segment never closes for pieces already on it",
                    "first segment",
                ));
            }
            gs.push(Gate {
                at: segments[i].start,
                requirement,
                stop: *stop,
                rule: f.rule,
            });
        }
    }
    Track {
        cells,
        segments,
        looping,
        goal,
        gates: gs,
    }
}

/// Every throw outcome is covered in every phase; entries that can never apply are flagged.
/// With `report` off (the file already has errors), only builds the table.
fn check_throws(
    cx: &mut Cx,
    throws: Vec<(ThrowEntry, Span)>,
    sticks: &Sticks,
    teams: &[Team],
    report: bool,
    fallback: Span,
) -> Vec<ThrowEntry> {
    // (phase, n, value) triples that can happen.
    let mut outcomes: Vec<(PhaseId, u8, u8)> = Vec::new();
    for ph in 0..cx.phases.len() as PhaseId {
        let mut counts = vec![sticks.by_phase[ph as usize].unwrap_or(sticks.count)];
        counts.extend(sticks.first_of_turn);
        counts.extend(sticks.first_of_game);
        counts.sort_unstable();
        counts.dedup();
        for n in counts {
            for k in 0..=n {
                for t in teams {
                    let v = throw_value(sticks.value, t.colour, k, n);
                    if !outcomes.contains(&(ph, n, v)) {
                        outcomes.push((ph, n, v));
                    }
                }
            }
        }
    }
    let matches = |e: &ThrowEntry, (ph, n, v): (PhaseId, u8, u8), classes: &[Class]| -> bool {
        e.phase.is_none_or(|p| p == ph)
            && match &e.matches {
                ThrowMatch::Any => true,
                ThrowMatch::Values(m) => m >> v & 1 == 1,
                // Classes are symmetric in the faces, so the value stands for its count.
                ThrowMatch::Class(c) => classes[*c].contains(v, n),
            }
    };
    if !report {
        return throws.into_iter().map(|(e, _)| e).collect();
    }
    let Some(&(_, first_throw)) = throws.first() else {
        cx.diags.push(
            Diagnostic::error(
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
    // Throws no entry takes, grouped by phase and number of sticks.
    let mut gaps: Vec<((PhaseId, u8), Vec<u8>)> = Vec::new();
    for &(ph, n, v) in &outcomes {
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
                format!("in phase `{}`, ", cx.phases[ph as usize]),
                format!(" in {}", cx.phases[ph as usize]),
            )
        } else {
            (String::new(), String::new())
        };
        cx.diags.push(
            Diagnostic::error(
                first_throw,
                format!(
                    "{phase_at}{what} {} with {n} sticks {verb} covered by no entry",
                    and_list(&list)
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
    // A phase where every throw throws again (and stays in the phase) never ends a turn.
    for ph in 0..cx.phases.len() as PhaseId {
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
                    first_throw,
                    format!(
                        "in phase `{}`, every throw throws again: a turn could never end",
                        cx.phases[ph as usize]
                    ),
                    "the throw table starts here",
                )
                .with_help("let at least one throw end the turn (an entry without `throw again`)"),
            );
        }
    }
    // Entries that can never apply: no throw matches them, or earlier entries take all theirs.
    for j in 0..throws.len() {
        let (entry, span) = &throws[j];
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
        // For each of its throws, the earlier entry (without conditions) that takes it.
        let takers: Option<Vec<usize>> = mine
            .iter()
            .map(|&o| {
                throws[..j]
                    .iter()
                    .position(|(e, _)| e.conds.is_empty() && matches(e, o, &cx.classes))
            })
            .collect();
        if let Some(mut takers) = takers {
            takers.sort_unstable();
            takers.dedup();
            let mut d = Diagnostic::warning(
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
    throws.into_iter().map(|(e, _)| e).collect()
}

/// "a", "a and b", "a, b and c".
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The value of a throw of `k` face-0 sticks out of `n` for a team.
pub fn throw_value(rule: ValueRule, colour: Option<u8>, k: u8, n: u8) -> u8 {
    let face = match rule {
        ValueRule::Face(f) => f,
        ValueRule::OwnColour => colour.unwrap_or(0),
    };
    if face == 0 { k } else { n - k }
}
