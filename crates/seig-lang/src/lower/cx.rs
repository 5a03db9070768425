//! The shared state of lowering and the resolvers every pass uses: numbers and params,
//! team, phase and row names, regions, conditions, throw values, faces.

use super::flatten::reading_test;
use crate::diag::{Code, Diagnostic, Span, suggest};
use crate::ir::*;
use crate::syntax::ast::{self, Name, Spanned};
use std::collections::HashMap;

/// What the passes share: the diagnostics so far and the names resolved so far.
#[derive(Default)]
pub(super) struct Cx {
    pub diags: Vec<Diagnostic>,
    pub params: HashMap<String, i64>,
    pub readings: Vec<ReadingInfo>,
    pub reading_spans: Vec<Span>,
    pub used_readings: Vec<bool>,
    pub team_names: Vec<String>,
    pub rows: Vec<Row>,
    pub row_spans: Vec<Span>,
    pub phases: Vec<String>,
    pub classes: Vec<Class>,
    pub faces: Option<[String; 2]>,
    /// `once` conditions in force lowered so far: the next one's latch index.
    pub latches: usize,
    /// The statements the readings in force switch off, in file order: a `once` in one of
    /// them takes no latch (it is not in the IR), so that the budget of latches counts the
    /// selection of readings in force, not every branch of every reading.
    /// Each with the reading tests that lead to it.
    pub off: Vec<(Span, Vec<super::flatten::Test>)>,
    /// Where a throw entry's release is ordered by hole (`release 8 first hole`), for E114.
    pub hole_orders: Vec<Span>,
    /// A statement to lower as if the readings switched it off ([`super::lower_disabling`]).
    pub disabled: Option<Origin>,
    /// The names (label, row) of track segments an error rejected (E058), by team: a later
    /// reference to one is not reported again as an unknown segment.
    pub rejected_segments: Vec<(TeamId, String)>,
}

impl Cx {
    /// Has any error been reported so far?
    /// Has any error been reported so far (outside the statements the readings switch off:
    /// those are checked where they apply, after lowering, see `super::recheck_off`)?
    pub fn has_error(&self) -> bool {
        self.diags
            .iter()
            .any(|d| d.is_error() && !d.span.is_some_and(|s| self.switched_off(s)))
    }

    pub fn int(&mut self, e: &Spanned<ast::Expr>, what: &str, min: i64, max: i64) -> Option<i64> {
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
                        Code::ValueNotANumber,
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
                Code::OutOfRange,
                e.span,
                format!("{what} must be {min}..{max}, not {v}"),
                "out of range",
            ));
            return None;
        }
        Some(v)
    }

    pub fn amount(&mut self, e: &Spanned<ast::Expr>) -> Option<Amount> {
        match e.node {
            ast::Expr::Value(d) => Some(Amount::Value(d)),
            _ => self.int(e, "amount", 0, 255).map(Amount::Const),
        }
    }

    pub fn team(&mut self, n: &Name) -> Option<TeamId> {
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

    pub fn phase(&mut self, n: &Name) -> Option<PhaseId> {
        match self.phases.iter().position(|t| *t == n.node) {
            Some(i) => Some(PhaseId::new(i as u8)),
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
    #[expect(
        clippy::indexing_slicing,
        reason = "`owner` is a team (0 or 1), and lowering names both teams before it resolves rows"
    )]
    pub(crate) fn rows_of(
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
                    Diagnostic::error(Code::NoOwnedRow, r.span, format!("`{rel} {}` names no row: no `{}` row belongs to team `{}`", kind.node, kind.node, self.team_names[owner.index()]), "names no row")
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

    pub(crate) fn one_row(&mut self, r: &Spanned<ast::RowRef>, team: TeamId) -> Option<usize> {
        let rows = self.rows_of(r, team, true)?;
        if rows.len() != 1 {
            self.diags.push(
                Diagnostic::error(
                    Code::AmbiguousRow,
                    r.span,
                    format!("this names {} rows; one is needed here", rows.len()),
                    "ambiguous row",
                )
                .with_help("name the row, or say `own KIND` / `opposing KIND`"),
            );
            return None;
        }
        rows.first().copied()
    }

    #[expect(
        clippy::indexing_slicing,
        reason = "`rows_of` returns indices into `self.rows`, and `out` is a pair indexed by a team"
    )]
    pub fn region(&mut self, r: &Spanned<ast::Region>) -> Option<TeamCells> {
        let mut out = TeamCells::default();
        let rr = match &r.node {
            ast::Region::Rows(x)
            | ast::Region::Ends(x)
            | ast::Region::First(x)
            | ast::Region::Last(x)
            | ast::Region::Hole(_, x) => x,
        };
        // The 0-based hole of `hole N of ROW` (a bad number is reported here, once).
        let nth = match &r.node {
            ast::Region::Hole(n, _) => Some(self.int(n, "hole", 1, MAX_HOLES)? as u16 - 1),
            _ => None,
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
                    ast::Region::Hole(..) => {
                        let n = nth.unwrap_or(0);
                        if n >= row.len {
                            self.diags.push(Diagnostic::error(
                                Code::OutOfRange,
                                r.span,
                                format!("hole must be 1..{}, not {}", row.len, n + 1),
                                format!("row `{}` has {} holes", row.name, row.len),
                            ));
                            return None;
                        }
                        row.cells().nth(n as usize).into_iter().collect()
                    }
                };
                for c in cells {
                    out[team].insert(c);
                }
            }
        }
        Some(out)
    }

    pub fn conds(&mut self, cs: &[Spanned<ast::Cond>]) -> Vec<Cond> {
        cs.iter().filter_map(|c| self.cond(c)).collect()
    }

    pub fn cond(&mut self, c: &Spanned<ast::Cond>) -> Option<Cond> {
        use ast::Cond as A;
        Some(match &c.node {
            A::Not(inner) => Cond::Not(Box::new(self.cond(inner)?)),
            A::FirstOfTurn => Cond::FirstOfTurn,
            A::FirstOfTeamTurn => Cond::FirstOfTeamTurn,
            A::FirstOfGame => Cond::FirstOfGame,
            A::AllOwnReleased => Cond::AllOwnReleased,
            A::AllReleased => Cond::AllReleased,
            A::ReleasedCount(opposing, cmp, n) => Cond::ReleasedCount {
                opposing: *opposing,
                cmp: *cmp,
                n: self.int(n, "number of pieces", 0, MAX_PIECES)?,
            },
            A::BorneCount(opposing, cmp, n) => Cond::BorneCount {
                opposing: *opposing,
                cmp: *cmp,
                n: self.int(n, "number of pieces", 0, MAX_PIECES)?,
            },
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
            A::Once(cs) => self.once(cs, c.span)?,
            A::AllOwnIn(r) => Cond::AllOwnIn(self.region(r)?),
            A::Count(lhs, cmp, rhs) => {
                let l = self.counted(lhs);
                let r = match rhs {
                    ast::CountRhs::Expr(e) => self
                        .int(e, "number of pieces", 0, MAX_PIECES)
                        .map(CountRhs::Num),
                    ast::CountRhs::Count(c) => self.counted(c).map(CountRhs::Count),
                };
                Cond::Count(l?, *cmp, r?)
            }
        })
    }

    /// `own|opposing pieces in REGION`, its region resolved.
    fn counted(&mut self, c: &ast::Counted) -> Option<Counted> {
        Some(Counted {
            opposing: c.opposing,
            cells: self.region(&c.region)?,
        })
    }

    /// `once …`: the conditions with a latch of their own.
    fn once(&mut self, cs: &[Spanned<ast::Cond>], span: Span) -> Option<Cond> {
        let when = self.conds(cs);
        if self.switched_off(span) {
            // Checked like any condition, but its statement is not in the IR: no latch.
            return Some(Cond::Once { latch: 0, when });
        }
        let latch = self.latches;
        self.latches += 1;
        if latch >= MAX_LATCHES {
            self.diags.push(
                Diagnostic::error(
                    Code::TooManyOnce,
                    span,
                    format!(
                        "a selection of readings may have at most {MAX_LATCHES} `once` conditions in force"
                    ),
                    "one too many",
                )
                .with_help("name the condition once in a phase change, and test the phase"),
            );
            return None;
        }
        Some(Cond::Once {
            latch: latch as u8,
            when,
        })
    }

    /// Is `span` inside a statement the readings in force switch off?
    fn switched_off(&self, span: Span) -> bool {
        let i = self.off.partition_point(|(s, _)| s.end < span.end);
        self.off
            .get(i)
            .is_some_and(|(s, _)| s.start <= span.start && span.end <= s.end)
    }

    pub fn values(&mut self, vs: &[Spanned<i64>], max: i64) -> u64 {
        let mut mask = 0u64;
        for v in vs {
            if v.node < 0 || v.node > max {
                self.diags.push(Diagnostic::error(
                    Code::BadThrowValue,
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

/// An unknown name, with a "did you mean" or the list of known names.
pub(super) fn unknown(what: &str, n: &Name, known: &[&str]) -> Diagnostic {
    let mut d = Diagnostic::error(
        Code::UnknownName,
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

/// A name declared twice.
pub(super) fn dup(what: &str, n: &Name, first: Span) -> Diagnostic {
    let d = Diagnostic::error(
        Code::Duplicate,
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

/// Adds a help line unless the diagnostic has one.
pub(super) trait HelpIfNone {
    /// The diagnostic with `help` when it has no help yet.
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

/// The index of a named face of the sticks.
pub(super) fn face_index(cx: &mut Cx, face: &Name) -> Option<u8> {
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
