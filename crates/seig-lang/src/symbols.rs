//! The names of a parsed file, where each is declared and where each is used: the facts an
//! editor needs for go to definition, find references, the outline and completion. Built
//! from the syntax tree alone (no lowering), so it answers for any file that parses.

use crate::diag::Span;
use crate::syntax::ast::{
    self, Cond, CountRhs, Counted, Effect, Expr, Item, Layout, Name, Region, Requirement, RowRef,
    SticksWhen, Stmt, StmtKind, ThrowMatch,
};

/// What a name names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SymbolKind {
    /// A rule ID (`rule TAG-C4 …`).
    Rule,
    /// A reading ID (`reading A-TAG-2 …`).
    Reading,
    /// An option of a reading (its reading in [`Symbol::owner`]).
    ReadingOption,
    /// A row (`row NAME: …`).
    Row,
    /// A kind of row (`row NAME: KIND`), used as `own KIND`, `opposing KIND` or `KIND`.
    RowKind,
    /// A track segment's label (`… as LABEL`).
    Segment,
    /// A parameter (`param NAME = …`).
    Param,
    /// A team (`team NAME …`).
    Team,
    /// A phase (`phases: …`).
    Phase,
    /// A throw class (`class NAME: …`).
    Class,
    /// A source (`source KEY "…" { … }`).
    Source,
    /// A face of the sticks (`with faces A and B`).
    Face,
}

impl SymbolKind {
    /// The kind in a word, as people say it.
    pub fn word(self) -> &'static str {
        match self {
            SymbolKind::Rule => "rule",
            SymbolKind::Reading => "reading",
            SymbolKind::ReadingOption => "option",
            SymbolKind::Row => "row",
            SymbolKind::RowKind => "kind of row",
            SymbolKind::Segment => "segment",
            SymbolKind::Param => "param",
            SymbolKind::Team => "team",
            SymbolKind::Phase => "phase",
            SymbolKind::Class => "class",
            SymbolKind::Source => "source",
            SymbolKind::Face => "face",
        }
    }
}

/// One occurrence of a name: where it is declared or used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// What it names.
    pub kind: SymbolKind,
    /// The name as written.
    pub name: String,
    /// The reading an option belongs to (`None` for every other kind).
    pub owner: Option<String>,
    /// Where the name stands.
    pub span: Span,
}

impl Symbol {
    /// Do both occurrences name the same thing?
    pub fn same(&self, other: &Symbol) -> bool {
        self.kind == other.kind && self.name == other.name && self.owner == other.owner
    }
}

/// Every declaration and every use of a name in a file, in file order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Index {
    /// Declarations.
    pub defs: Vec<Symbol>,
    /// Uses.
    pub refs: Vec<Symbol>,
    /// Strings and comments: text in which no word is a name or a keyword.
    pub prose: Vec<Span>,
}

impl Index {
    /// The occurrence (declaration or use) whose name covers byte `offset`.
    pub fn at(&self, offset: usize) -> Option<&Symbol> {
        self.defs
            .iter()
            .chain(&self.refs)
            .find(|s| s.span.start <= offset && offset <= s.span.end)
    }

    /// Where the thing `s` names is declared.
    pub fn definitions<'a>(&'a self, s: &'a Symbol) -> impl Iterator<Item = &'a Symbol> + 'a {
        self.defs.iter().filter(move |d| d.same(s))
    }

    /// Where the thing `s` names is used (and declared, with `with_defs`), in file order.
    pub fn references<'a>(&'a self, s: &'a Symbol, with_defs: bool) -> Vec<&'a Symbol> {
        let mut out: Vec<&Symbol> = self.refs.iter().filter(|r| r.same(s)).collect();
        if with_defs {
            out.extend(self.definitions(s));
        }
        out.sort_by_key(|r| r.span.start);
        out
    }

    /// Does byte `offset` stand inside a string or a comment?
    pub fn in_prose(&self, offset: usize) -> bool {
        self.prose
            .iter()
            .any(|s| s.start < offset && offset < s.end.max(s.start + 1))
    }

    /// The declared names of one kind, each once, in file order.
    pub fn declared(&self, kind: SymbolKind) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for d in self.defs.iter().filter(|d| d.kind == kind) {
            if !out.contains(&d.name.as_str()) {
                out.push(&d.name);
            }
        }
        out
    }
}

/// A use whose kind is known only once every declaration is: a row name or a kind of row;
/// a segment label or a row.
#[derive(Clone, Copy, PartialEq)]
enum Pending {
    Known(SymbolKind),
    RowOrKind,
    SegmentOrRow,
}

struct Walk {
    index: Index,
    pending: Vec<(Pending, Symbol)>,
}

/// Indexes the names of a parsed file.
pub fn index(file: &ast::File) -> Index {
    let mut w = Walk {
        index: Index::default(),
        pending: Vec::new(),
    };
    for item in &file.items {
        w.item(item);
    }
    w.index.prose.extend(file.comments.iter().map(|c| c.span));
    let Walk { mut index, pending } = w;
    let declared = |index: &Index, kind: SymbolKind, name: &str| {
        index.defs.iter().any(|d| d.kind == kind && d.name == name)
    };
    for (p, mut s) in pending {
        s.kind = match p {
            Pending::Known(k) => k,
            Pending::RowOrKind if declared(&index, SymbolKind::Row, &s.name) => SymbolKind::Row,
            Pending::RowOrKind => SymbolKind::RowKind,
            Pending::SegmentOrRow if declared(&index, SymbolKind::Segment, &s.name) => {
                SymbolKind::Segment
            }
            Pending::SegmentOrRow => SymbolKind::Row,
        };
        index.refs.push(s);
    }
    index.refs.sort_by_key(|r| r.span.start);
    index
}

fn symbol(kind: SymbolKind, n: &Name) -> Symbol {
    Symbol {
        kind,
        name: n.node.clone(),
        owner: None,
        span: n.span,
    }
}

impl Walk {
    fn def(&mut self, kind: SymbolKind, n: &Name) {
        self.index.defs.push(symbol(kind, n));
    }

    fn use_as(&mut self, p: Pending, n: &Name) {
        self.pending.push((p, symbol(SymbolKind::Row, n)));
    }

    fn uses(&mut self, kind: SymbolKind, n: &Name) {
        self.use_as(Pending::Known(kind), n);
    }

    fn option_use(&mut self, reading: &Name, option: &Name) {
        self.uses(SymbolKind::Reading, reading);
        let mut s = symbol(SymbolKind::ReadingOption, option);
        s.owner = Some(reading.node.clone());
        self.pending
            .push((Pending::Known(SymbolKind::ReadingOption), s));
    }

    fn prose(&mut self, s: &ast::Spanned<String>) {
        self.index.prose.push(s.span);
    }

    fn item(&mut self, item: &Item) {
        match item {
            Item::Game(t) => self.prose(t),
            Item::Source(s) => {
                self.def(SymbolKind::Source, &s.key);
                self.prose(&s.title);
                s.fields.iter().for_each(|(_, v)| self.prose(v));
            }
            Item::Param(p) => {
                self.def(SymbolKind::Param, &p.name);
                if let ast::ParamDefault::Param(other) = &p.default.node {
                    let n = Name {
                        node: other.clone(),
                        span: p.default.span,
                    };
                    self.uses(SymbolKind::Param, &n);
                }
                p.doc.iter().for_each(|d| self.prose(d));
            }
            Item::Reading(r) => {
                self.def(SymbolKind::Reading, &r.id);
                self.prose(&r.question);
                for o in &r.options {
                    let mut s = symbol(SymbolKind::ReadingOption, &o.name);
                    s.owner = Some(r.id.node.clone());
                    self.index.defs.push(s);
                    o.doc.iter().for_each(|d| self.prose(d));
                }
            }
            Item::SetAside(s) => {
                self.uses(SymbolKind::Source, &s.source);
                self.prose(&s.sentence);
                self.prose(&s.reason);
            }
            Item::Rule(r) => {
                self.def(SymbolKind::Rule, &r.id);
                for c in &r.citations {
                    self.uses(SymbolKind::Source, &c.source);
                    self.prose(&c.quote);
                }
                self.stmts(&r.body);
            }
        }
    }

    fn stmts(&mut self, body: &[Stmt]) {
        for s in body {
            self.stmt(&s.node);
        }
    }

    fn expr(&mut self, e: &ast::Spanned<Expr>) {
        if let Expr::Param(p) = &e.node {
            let n = Name {
                node: p.clone(),
                span: e.span,
            };
            self.uses(SymbolKind::Param, &n);
        }
    }

    fn row(&mut self, r: &RowRef) {
        match r {
            RowRef::Named(n) => self.use_as(Pending::RowOrKind, n),
            RowRef::Own(k) | RowRef::Opposing(k) => self.uses(SymbolKind::RowKind, k),
        }
    }

    fn region(&mut self, r: &Region) {
        match r {
            Region::Rows(x) | Region::Ends(x) | Region::First(x) | Region::Last(x) => self.row(x),
            Region::Hole(n, x) => {
                self.expr(n);
                self.row(x);
            }
        }
    }

    fn counted(&mut self, c: &Counted) {
        self.region(&c.region.node);
    }

    fn conds(&mut self, cs: &[ast::Spanned<Cond>]) {
        for c in cs {
            self.cond(&c.node);
        }
    }

    fn cond(&mut self, c: &Cond) {
        match c {
            Cond::Not(inner) => self.cond(&inner.node),
            Cond::ReleasedCount(_, _, e) | Cond::BorneCount(_, _, e) => self.expr(e),
            Cond::Reading(r, o) => self.option_use(r, o),
            Cond::Full(r, _) | Cond::Won(r) => self.row(&r.node),
            Cond::Once(cs) => self.conds(cs),
            Cond::AllOwnIn(r) => self.region(&r.node),
            Cond::Count(a, _, rhs) => {
                self.counted(a);
                match rhs {
                    CountRhs::Expr(e) => self.expr(e),
                    CountRhs::Count(b) => self.counted(b),
                }
            }
            Cond::FirstOfTurn
            | Cond::FirstOfTeamTurn
            | Cond::FirstOfGame
            | Cond::AllOwnReleased
            | Cond::AllReleased
            | Cond::AllOwnArrived
            | Cond::OpponentHasUnreleased
            | Cond::NoCapturePossible
            | Cond::EveryPieceImmuneOrArrived
            | Cond::OpponentHasNoPieces => {}
        }
    }

    fn phase(&mut self, p: &Option<Name>) {
        if let Some(p) = p {
            self.uses(SymbolKind::Phase, p);
        }
    }

    fn effect(&mut self, e: &Effect) {
        match e {
            Effect::Move(x) | Effect::MoveBack(x) => self.expr(x),
            Effect::Release(n, moving, _, within) => {
                self.expr(n);
                if let Some(m) = moving {
                    self.expr(m);
                }
                if let Some(w) = within {
                    self.region(&w.node);
                }
            }
            Effect::ReleaseOrMove(x, n) => {
                self.expr(x);
                if let Some(n) = n {
                    self.expr(n);
                }
            }
            Effect::EnterPhase(p) => self.uses(SymbolKind::Phase, p),
            Effect::ThrowAgain
            | Effect::CancelMoves(_)
            | Effect::RemoveOpposing
            | Effect::Nothing => {}
        }
    }

    fn stmt(&mut self, s: &StmtKind) {
        match s {
            StmtKind::If {
                test,
                then,
                otherwise,
            } => {
                for (reading, option) in test.node.tests() {
                    self.option_use(reading, option);
                }
                self.stmts(then);
                if let Some(o) = otherwise {
                    self.stmts(o);
                }
            }
            StmtKind::Row {
                name,
                kind,
                owner,
                holes,
            } => {
                self.def(SymbolKind::Row, name);
                self.def(SymbolKind::RowKind, kind);
                if let Some(t) = owner {
                    self.uses(SymbolKind::Team, t);
                }
                self.expr(holes);
            }
            StmtKind::TeamPieces {
                team,
                count,
                start,
                from_hole,
                layout,
            } => {
                if let Some(ast::Spanned {
                    node: Layout::Listed(hs),
                    ..
                }) = layout
                {
                    for h in hs {
                        self.expr(h);
                    }
                }
                self.def(SymbolKind::Team, team);
                self.expr(count);
                if let Some(r) = start {
                    self.row(&r.node);
                }
                if let Some(h) = from_hole {
                    self.expr(h);
                }
            }
            StmtKind::TeamColour { team, face } => {
                self.def(SymbolKind::Team, team);
                self.uses(SymbolKind::Face, face);
            }
            StmtKind::TeamShown { team, .. } => self.def(SymbolKind::Team, team),
            StmtKind::Order(teams) => teams.iter().for_each(|t| self.uses(SymbolKind::Team, t)),
            StmtKind::Phases(ps) => ps.iter().for_each(|p| self.def(SymbolKind::Phase, p)),
            StmtKind::Class { name, .. } => self.def(SymbolKind::Class, name),
            StmtKind::Value(face) => {
                if let Some(f) = face {
                    self.uses(SymbolKind::Face, f);
                }
            }
            StmtKind::Dice { count, .. } => self.expr(count),
            StmtKind::Seats(_)
            | StmtKind::Protection(_)
            | StmtKind::Blockade(_)
            | StmtKind::Sticks { .. }
            | StmtKind::Transition { .. }
            | StmtKind::Throw { .. } => self.stmt_more(s),
            StmtKind::Track { .. }
            | StmtKind::TrackLoop { .. }
            | StmtKind::TrackEnd(..)
            | StmtKind::TrackEntry(..)
            | StmtKind::TrackBranch { .. }
            | StmtKind::Gate { .. }
            | StmtKind::Capture { .. }
            | StmtKind::NoCapture { .. }
            | StmtKind::CaptureOnly { .. }
            | StmtKind::Immune(_)
            | StmtKind::MustLand(_)
            | StmtKind::PassedWon(_)
            | StmtKind::SendOn { .. }
            | StmtKind::BearOff { .. }
            | StmtKind::ImmuneWhen { .. }
            | StmtKind::Win(..)
            | StmtKind::Draw(..)
            | StmtKind::ScoreEnd { .. } => self.stmt_board(s),
            // Statements that name nothing: listed, so that a new statement is not missed.
            StmtKind::Allocation(_)
            | StmtKind::ReleaseOrder(_)
            | StmtKind::BindAfterRelease
            | StmtKind::Stacking { .. }
            | StmtKind::Blocked(_)
            | StmtKind::SendHomeTo(_)
            | StmtKind::SeatOrder(_)
            | StmtKind::MovesPerPiece(_)
            | StmtKind::PooledLanding(_)
            | StmtKind::PooledWalk(_)
            | StmtKind::Moves(_)
            | StmtKind::BackWhenStuck(_)
            | StmtKind::BackStart(_)
            | StmtKind::PrisonersFreed(_)
            | StmtKind::SplitThrows(_)
            | StmtKind::ThrowingOn(_)
            | StmtKind::ImmuneArrived
            | StmtKind::ImmuneUntilReleased
            | StmtKind::Passing { .. }
            | StmtKind::BlockedRelease(_)
            | StmtKind::BearingLarger(_)
            | StmtKind::Stacks(_) => {}
        }
    }

    /// Sticks, turns and the throw table (the rest of [`Walk::stmt`]).
    fn stmt_more(&mut self, s: &StmtKind) {
        match s {
            StmtKind::Seats(e) | StmtKind::Protection(e) | StmtKind::Blockade(e) => self.expr(e),
            StmtKind::Sticks {
                when,
                count,
                faces,
                prob,
                prob_percent,
                ..
            } => {
                if let Some((f, e)) = prob_percent {
                    self.uses(SymbolKind::Face, f);
                    self.expr(e);
                }
                match when {
                    SticksWhen::InPhase(p) => self.uses(SymbolKind::Phase, p),
                    SticksWhen::If(cs) => self.conds(cs),
                    SticksWhen::Always | SticksWhen::FirstOfTurn | SticksWhen::FirstOfGame => {}
                }
                self.expr(count);
                if let Some((a, b)) = faces {
                    self.def(SymbolKind::Face, a);
                    self.def(SymbolKind::Face, b);
                }
                if let Some((f, _)) = prob {
                    self.uses(SymbolKind::Face, f);
                }
            }
            StmtKind::Transition { from, to, when } => {
                self.uses(SymbolKind::Phase, from);
                self.uses(SymbolKind::Phase, to);
                self.conds(when);
            }
            StmtKind::Throw {
                matches,
                phase,
                conds,
                effects,
            } => {
                if let ThrowMatch::Class(c) = matches {
                    self.uses(SymbolKind::Class, c);
                }
                self.phase(phase);
                self.conds(conds);
                effects.iter().for_each(|e| self.effect(&e.node));
            }
            _ => self.stmt_board(s),
        }
    }

    /// Tracks, landing and endings (the rest of [`Walk::stmt`]).
    fn stmt_board(&mut self, s: &StmtKind) {
        match s {
            StmtKind::Track {
                team,
                segments,
                back,
            } => {
                self.uses(SymbolKind::Team, team);
                for seg in segments {
                    self.row(&seg.row.node);
                    if let Some(l) = &seg.label {
                        self.def(SymbolKind::Segment, l);
                    }
                }
                if let Some(l) = back.as_ref().and_then(|b| b.label.as_ref()) {
                    self.def(SymbolKind::Segment, l);
                }
            }
            StmtKind::TrackLoop {
                team, from, when, ..
            } => {
                self.uses(SymbolKind::Team, team);
                self.use_as(Pending::SegmentOrRow, from);
                self.conds(when);
            }
            StmtKind::TrackEnd(team, _) | StmtKind::TrackEntry(team, _) => {
                self.uses(SymbolKind::Team, team)
            }
            StmtKind::TrackBranch {
                team,
                at,
                segments,
                rejoin,
                ..
            } => {
                self.uses(SymbolKind::Team, team);
                self.region(&at.node);
                for seg in segments {
                    self.row(&seg.row.node);
                    if let Some(l) = &seg.label {
                        self.def(SymbolKind::Segment, l);
                    }
                }
                self.region(&rejoin.node);
            }
            StmtKind::Gate {
                team,
                segment,
                requirement,
                ..
            } => {
                self.uses(SymbolKind::Team, team);
                self.use_as(Pending::SegmentOrRow, segment);
                if let Requirement::Conds(cs) = requirement {
                    self.conds(cs);
                }
            }
            StmtKind::Capture {
                region: Some(r), ..
            } => self.region(&r.node),
            StmtKind::NoCapture { region, .. }
            | StmtKind::CaptureOnly { region, .. }
            | StmtKind::Immune(region)
            | StmtKind::MustLand(region)
            | StmtKind::PassedWon(region)
            | StmtKind::BearOff { from: region, .. } => self.region(&region.node),
            StmtKind::SendOn { from, to } => {
                self.region(&from.node);
                self.region(&to.node);
            }
            StmtKind::ImmuneWhen { when, .. } => self.conds(when),
            StmtKind::Win(phase, when) | StmtKind::Draw(phase, when) => {
                self.phase(phase);
                self.conds(when);
            }
            StmtKind::ScoreEnd {
                phase,
                when,
                region,
            } => {
                self.phase(phase);
                self.conds(when);
                self.region(&region.node);
            }
            _ => {}
        }
    }
}
