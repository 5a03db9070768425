//! The formatter: prints a parsed rule file in its one canonical layout (`seig fmt`).
//!
//! Layout:
//! - `rule ID status` on one line, each `cites KEY "…"` on its own line indented 2, then
//!   `{`, the statements indented 2 per block level, `}`;
//! - source fields and reading options one per line, indented 2;
//! - every statement on one line; lists as `a, b, c`; effects and conditions joined by
//!   ` and `; strings re-escaped (`\"`, `\\`, `\n`);
//! - the author's layout is kept where it carries meaning: one blank line wherever the
//!   author left one or more between items, between statements of a block and around
//!   comments (never right after an opening brace), none elsewhere;
//! - every `#` comment is kept. One that follows code on its line in the text (an
//!   end-of-line comment) stays at the end of the printed line of that code; any other is
//!   printed on its own line before the item, citation, source field, reading option or
//!   statement that follows it in the text, or before the `}` of its block. So a comment
//!   written inside a construct that spans several lines moves below it.
//!
//! The printed text parses back to the same syntax tree, spans aside; [`format_text`]
//! checks that before it gives the text. Reading, printing and writing files is the
//! command line's (`seig fmt`).

use crate::diag::Diagnostic;
use crate::ir::{HomeTarget, ParamAllowed};
use crate::syntax::ast::{
    BlockedReleaseKind, Cond, CountRhs, Counted, Effect, Expr, File, Item, Layout, Name, Reading,
    ReadingCond, Region, ReleaseOrderKind, Requirement, RowRef, Rule, Segment, Spanned, SticksWhen,
    Stmt, StmtKind, ThrowJudge, ThrowMatch, TrackEndKind, TrackEntryKind,
};
use crate::syntax::lex;
use std::fmt::Write as _;

/// An `if`'s test as written: the tree keeps the author's parentheses (`Group`), and
/// without them `and` binds tighter than `or`, so the text reads back to the same tree.
pub(crate) fn reading_cond(c: &ReadingCond) -> String {
    use ReadingCond as R;
    let join = |cs: &[Spanned<R>], word: &str| {
        cs.iter()
            .map(|c| reading_cond(&c.node))
            .collect::<Vec<_>>()
            .join(word)
    };
    match c {
        R::Test(r, o) => format!("{} = {}", r.node, o.node),
        R::Not(c) => format!("not {}", reading_cond(&c.node)),
        R::Group(c) => format!("({})", reading_cond(&c.node)),
        R::All(cs) => join(cs, " and "),
        R::Any(cs) => join(cs, " or "),
    }
}

/// Spaces per block level.
const INDENT: usize = 2;

/// Prints `file` (parsed from `text`) in the canonical layout. The result ends with a
/// newline unless the file holds neither items nor comments (then it is empty).
#[must_use]
pub fn format(file: &File, text: &str) -> String {
    let mut comments: Vec<&Spanned<String>> = file.comments.iter().collect();
    comments.sort_by_key(|c| c.span.start);
    let mut p = Printer {
        out: String::new(),
        text,
        comments,
        tokens: lex::lex(text),
        next: 0,
        last_end: 0,
    };
    for item in &file.items {
        let start = item.span().start;
        p.comments_before(start, 0);
        p.blank_if_gap(start);
        p.item(item);
    }
    p.comments_before(usize::MAX, 0);
    p.out
}

struct Printer<'a> {
    out: String,
    /// The text the tree was parsed from: where the author left blank lines and
    /// end-of-line comments.
    text: &'a str,
    /// Comments in text order.
    comments: Vec<&'a Spanned<String>>,
    /// The tokens of `text` (the lexical layer): where code ends, where a brace is.
    tokens: Vec<lex::Token>,
    /// First comment not yet printed.
    next: usize,
    /// Where, in `text`, the last thing printed ends.
    last_end: usize,
}

impl Printer<'_> {
    /// Prints `body` at `indent`, then the end-of-line comment that follows `end` (the
    /// end of the printed code in `text`) on the same line of `text`, if there is one.
    fn line(&mut self, indent: usize, body: &str, end: usize) {
        for _ in 0..indent {
            self.out.push(' ');
        }
        self.out.push_str(body);
        self.last_end = self.last_end.max(end);
        if let Some(&c) = self.comments.get(self.next)
            && c.span.start >= end
            && self
                .text
                .get(end..c.span.start)
                .is_some_and(|gap| gap.bytes().all(|b| b == b' ' || b == b'\t'))
        {
            self.out.push(' ');
            self.out.push_str(c.node.trim_end());
            self.last_end = self.last_end.max(c.span.end);
            self.next += 1;
        }
        self.out.push('\n');
    }

    /// One blank line if the author left one or more between the last thing printed and
    /// `pos`; none right after an opening brace or at the start of the file.
    fn blank_if_gap(&mut self, pos: usize) {
        let blank = self
            .text
            .get(self.last_end..pos)
            .is_some_and(|gap| gap.bytes().filter(|&b| b == b'\n').count() >= 2);
        if blank
            && !self.out.is_empty()
            && !self.out.ends_with("{\n")
            && !self.out.ends_with("\n\n")
        {
            self.out.push('\n');
        }
    }

    /// Prints, at `indent`, every comment not yet printed that starts before `pos`.
    fn comments_before(&mut self, pos: usize, indent: usize) {
        while let Some(&c) = self.comments.get(self.next) {
            if c.span.start >= pos {
                break;
            }
            self.blank_if_gap(c.span.start);
            self.next += 1;
            let (body, end) = (c.node.trim_end(), c.span.end);
            for _ in 0..indent {
                self.out.push(' ');
            }
            self.out.push_str(body);
            self.out.push('\n');
            self.last_end = self.last_end.max(end);
        }
    }

    /// The end of the code in `text[start..end]` (comments and white space after it aside).
    fn code_end(&self, start: usize, end: usize) -> usize {
        lex::code_end(&self.tokens, start, end)
    }

    /// The first mark `ch` at or after `from` (outside strings and comments).
    fn find(&self, from: usize, ch: char) -> Option<usize> {
        lex::find_mark(self.text, &self.tokens, from, ch)
    }

    /// Just after the first mark `ch` at or after `from`.
    fn after(&self, from: usize, ch: char) -> usize {
        self.find(from, ch).map_or(from, |i| i + 1)
    }

    fn item(&mut self, item: &Item) {
        match item {
            Item::Game(title) => {
                let end = self.code_end(title.span.start, title.span.end);
                self.line(0, &format!("game {}", string(&title.node)), end);
            }
            Item::Source(s) => {
                let open = self.after(s.title.span.end, '{');
                self.line(
                    0,
                    &format!("source {} {} {{", s.key.node, string(&s.title.node)),
                    open,
                );
                for (key, value) in &s.fields {
                    self.comments_before(key.span.start, INDENT);
                    let end = self.code_end(value.span.start, value.span.end);
                    self.line(
                        INDENT,
                        &format!("{} {}", key.node, field_value(&key.node, &value.node)),
                        end,
                    );
                }
                self.close(s.span, 0);
            }
            Item::Param(p) => {
                let values = match &p.allowed {
                    ParamAllowed::Values(v) => {
                        v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
                    }
                    a => format!("{}..{}{}", p.min.node, p.max.node, a.suffix()),
                };
                let mut text = format!("param {} = {} in {values}", p.name.node, p.default.node);
                if let Some(doc) = &p.doc {
                    text.push(' ');
                    text.push_str(&string(&doc.node));
                }
                let end = self.code_end(p.span.start, p.span.end);
                self.line(0, &text, end);
            }
            Item::Reading(r) => self.reading(r),
            Item::SetAside(s) => {
                let end = self.code_end(s.span.start, s.span.end);
                self.line(
                    0,
                    &format!(
                        "set aside {} {} because {}",
                        s.source.node,
                        string(&s.sentence.node),
                        string(&s.reason.node)
                    ),
                    end,
                );
            }
            Item::Rule(r) => self.rule(r),
        }
    }

    /// The comments left inside a block whose item spans `span`, then its `}` at `indent`.
    fn close(&mut self, span: crate::diag::Span, indent: usize) {
        let close = self.code_end(span.start, span.end).saturating_sub(1);
        self.comments_before(close, indent + INDENT);
        self.line(indent, "}", close + 1);
    }

    fn reading(&mut self, r: &Reading) {
        let open = self.after(r.question.span.end, '{');
        self.line(
            0,
            &format!("reading {} {} {{", r.id.node, string(&r.question.node)),
            open,
        );
        for o in &r.options {
            self.comments_before(o.name.span.start, INDENT);
            let mut text = o.name.node.clone();
            let mut end = o.name.span.end;
            if o.default {
                text.push_str(" (default)");
                end = self.after(end, ')');
            }
            if let Some(doc) = &o.doc {
                text.push(' ');
                text.push_str(&string(&doc.node));
                end = self.code_end(doc.span.start, doc.span.end);
            }
            self.line(INDENT, &text, end);
        }
        self.close(r.span, 0);
    }

    fn rule(&mut self, r: &Rule) {
        self.line(
            0,
            &format!("rule {} {}", r.id.node, r.status.node.as_str()),
            r.status.span.end,
        );
        let mut head_end = r.status.span.end;
        for c in &r.citations {
            self.comments_before(c.source.span.start, INDENT);
            head_end = self.code_end(c.quote.span.start, c.quote.span.end);
            self.line(
                INDENT,
                &format!("cites {} {}", c.source.node, string(&c.quote.node)),
                head_end,
            );
        }
        let open = self.after(head_end, '{');
        self.comments_before(open, INDENT);
        self.line(0, "{", open);
        self.block(&r.body, INDENT);
        self.close(r.span, 0);
    }

    /// Prints statements at `indent`, with a blank line where the author left one.
    fn block(&mut self, body: &[Stmt], indent: usize) {
        for s in body {
            self.comments_before(s.span.start, indent);
            self.blank_if_gap(s.span.start);
            self.stmt(s, indent);
        }
    }

    fn stmt(&mut self, s: &Stmt, indent: usize) {
        if let StmtKind::If {
            test,
            then,
            otherwise,
        } = &s.node
        {
            // The tree has no span for a branch's braces: they are found in the text,
            // after the code before them (only white space and comments lie between).
            let open = self.after(test.span.end, '{');
            self.line(indent, &format!("if {} {{", reading_cond(&test.node)), open);
            self.block(then, indent + INDENT);
            let then_close = self.find(self.body_end(then, open), '}');
            let then_close = then_close.unwrap_or(open);
            self.comments_before(then_close, indent + INDENT);
            if let Some(other) = otherwise {
                let open = self.after(then_close + 1, '{');
                self.line(indent, "} else {", open);
                self.block(other, indent + INDENT);
                let close = self.find(self.body_end(other, open), '}');
                let close = close.unwrap_or(open);
                self.comments_before(close, indent + INDENT);
                self.line(indent, "}", close + 1);
            } else {
                self.line(indent, "}", then_close + 1);
            }
        } else {
            let end = self.code_end(s.span.start, s.span.end);
            self.line(indent, &statement(&s.node), end);
        }
    }

    /// The end of the code of a block's last statement, or `open` for an empty block.
    fn body_end(&self, body: &[Stmt], open: usize) -> usize {
        body.last()
            .map_or(open, |s| self.code_end(s.span.start, s.span.end))
    }
}

/// `team NAME shown as COLOUR`, a `#rrggbb` colour in its string.
fn team_shown(team: &str, colour: &str, quoted: bool) -> String {
    let c = if quoted {
        string(colour)
    } else {
        colour.to_string()
    };
    format!("team {team} shown as {c}")
}

/// A string literal: `"` and `\` escaped, newlines written `\n`.
fn string(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A source field's value: `year 2010` stays a bare number, everything else is quoted.
/// (The tree does not record which was written; both parse to the same text.)
fn field_value(key: &str, value: &str) -> String {
    if key == "year" && !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        value.to_string()
    } else {
        string(value)
    }
}

/// A decimal number as the grammar's `number` accepts it (no exponent, no sign).
fn number(x: f64) -> String {
    if x.is_infinite() && x > 0.0 {
        // Only a literal beyond f64's range parses to infinity; write one that does too.
        format!("1{}", "0".repeat(309))
    } else {
        format!("{x}")
    }
}

fn expr(e: &Expr) -> String {
    match e {
        Expr::Int(n) => n.to_string(),
        Expr::Param(p) => p.clone(),
        Expr::Value(0) => "value".to_string(),
        Expr::Value(n) => format!("value + {n}"),
    }
}

fn list<T>(xs: &[T], f: impl Fn(&T) -> String) -> String {
    xs.iter().map(f).collect::<Vec<_>>().join(", ")
}

fn values(vs: &[Spanned<i64>]) -> String {
    list(vs, |v| v.node.to_string())
}

/// The holes of a start layout as written: `hole 2`, `holes 1, 3`, `odd holes`, `even holes`.
fn layout_words(l: &Layout) -> String {
    match l {
        Layout::Listed(hs) if hs.len() == 1 => format!("hole {}", list(hs, |h| expr(&h.node))),
        Layout::Listed(hs) => format!("holes {}", list(hs, |h| expr(&h.node))),
        Layout::Odd => "odd holes".into(),
        Layout::Even => "even holes".into(),
    }
}

fn row_ref(r: &RowRef) -> String {
    match r {
        RowRef::Named(n) => n.node.clone(),
        RowRef::Own(k) => format!("own {}", k.node),
        RowRef::Opposing(k) => format!("opposing {}", k.node),
    }
}

fn region(r: &Region) -> String {
    match r {
        Region::Rows(x) => row_ref(x),
        Region::Ends(x) => format!("ends of {}", row_ref(x)),
        Region::First(x) => format!("first hole of {}", row_ref(x)),
        Region::Last(x) => format!("last hole of {}", row_ref(x)),
        Region::Hole(n, x) => format!("hole {} of {}", expr(&n.node), row_ref(x)),
    }
}

fn cond(c: &Cond) -> String {
    match c {
        Cond::Not(inner) => format!("not {}", cond(&inner.node)),
        Cond::FirstOfTurn => "first throw of turn".into(),
        Cond::FirstOfTeamTurn => "first throw of team turn".into(),
        Cond::FirstOfGame => "first throw of game".into(),
        Cond::AllOwnReleased => "all own pieces released".into(),
        Cond::AllReleased => "all pieces released".into(),
        Cond::ReleasedCount(opposing, cmp, n) => format!(
            "{} pieces released {} {}",
            if *opposing { "opposing" } else { "own" },
            cmp.as_str(),
            expr(&n.node)
        ),
        Cond::BorneCount(opposing, cmp, n) => format!(
            "{} pieces borne off {} {}",
            if *opposing { "opposing" } else { "own" },
            cmp.as_str(),
            expr(&n.node)
        ),
        Cond::AllOwnArrived => "all own pieces arrived".into(),
        Cond::OpponentHasUnreleased => "opponent has unreleased pieces".into(),
        Cond::NoCapturePossible => "no capture possible".into(),
        Cond::EveryPieceImmuneOrArrived => "every piece immune or arrived".into(),
        Cond::OpponentHasNoPieces => "opponent has no pieces".into(),
        Cond::Reading(id, option) => format!("reading {} = {}", id.node, option.node),
        Cond::Full(r, own) => {
            let of_own = if *own { " of own pieces" } else { "" };
            format!("{} full{of_own}", row_ref(&r.node))
        }
        Cond::Won(r) => format!("{} won", row_ref(&r.node)),
        Cond::Once(cs) => match cs.as_slice() {
            [one] => format!("once {}", cond(&one.node)),
            _ => format!("once ({})", conds(cs)),
        },
        Cond::AllOwnIn(r) => format!("all own pieces in {}", region(&r.node)),
        Cond::Count(lhs, cmp, rhs) => {
            let rhs = match rhs {
                CountRhs::Expr(e) => expr(&e.node),
                CountRhs::Count(c) => counted(c),
            };
            format!("{} {} {rhs}", counted(lhs), cmp.as_str())
        }
    }
}

/// `own|opposing pieces in REGION`.
fn counted(c: &Counted) -> String {
    let whose = if c.opposing { "opposing" } else { "own" };
    format!("{whose} pieces in {}", region(&c.region.node))
}

/// `win|draw|end [in PHASE] when CONDS`.
fn end_head(word: &str, phase: Option<&Name>, cs: &[Spanned<Cond>]) -> String {
    let phase = phase.map_or(String::new(), |p| format!(" in {}", p.node));
    format!("{word}{phase} when {}", conds(cs))
}

fn conds(cs: &[Spanned<Cond>]) -> String {
    cs.iter()
        .map(|c| cond(&c.node))
        .collect::<Vec<_>>()
        .join(" and ")
}

/// `release N [ORDER] [moving E [within REGION]]`.
fn release_effect(
    n: &Spanned<Expr>,
    m: Option<&Spanned<Expr>>,
    o: Option<ReleaseOrderKind>,
    w: Option<&Spanned<Region>>,
) -> String {
    let mut out = format!("release {}", expr(&n.node));
    if let Some(o) = o {
        out.push(' ');
        out.push_str(release_order_words(o));
    }
    if let Some(m) = m {
        out.push_str(" moving ");
        out.push_str(&expr(&m.node));
    }
    if let Some(w) = w {
        out.push_str(" within ");
        out.push_str(&region(&w.node));
    }
    out
}

/// The words of a release order.
fn release_order_words(o: ReleaseOrderKind) -> &'static str {
    match o {
        ReleaseOrderKind::FrontMost => "front-most",
        ReleaseOrderKind::RearMost => "rear-most",
        ReleaseOrderKind::Chosen => "chosen",
        ReleaseOrderKind::FirstHole => "first hole",
        ReleaseOrderKind::LastHole => "last hole",
    }
}

fn effect(e: &Effect) -> String {
    match e {
        Effect::Move(x) => format!("move {}", expr(&x.node)),
        Effect::MoveBack(x) => format!("move back {}", expr(&x.node)),
        Effect::Release(n, m, o, w) => release_effect(n, m.as_ref(), *o, w.as_ref()),
        Effect::ReleaseOrMove(x, None) => format!("release or move {}", expr(&x.node)),
        Effect::ReleaseOrMove(x, Some(n)) => format!(
            "release or move {} for {} pieces",
            expr(&x.node),
            expr(&n.node)
        ),
        Effect::ThrowAgain => "throw again".into(),
        Effect::CancelMoves(false) => "cancel moves".into(),
        Effect::CancelMoves(true) => "cancel moves, releases in place".into(),
        Effect::RemoveOpposing => "remove opposing piece".into(),
        Effect::EnterPhase(p) => format!("enter {}", p.node),
        Effect::Nothing => "nothing".into(),
    }
}

/// `stacking: forbidden|allowed [except at goal [and end]]`.
fn stacking(allowed: bool, except_goal: bool, except_end: bool) -> String {
    format!(
        "stacking: {}{}{}",
        if allowed { "allowed" } else { "forbidden" },
        if except_goal { " except at goal" } else { "" },
        if except_end { " and end" } else { "" }
    )
}

/// `, back along the track [as LABEL]`, the last segment of a track.
fn track_back(b: &crate::syntax::ast::TrackBack) -> String {
    match &b.label {
        Some(l) => format!(", back along the track as {}", l.node),
        None => ", back along the track".into(),
    }
}

fn segment(s: &Segment) -> String {
    let mut out = format!(
        "{} {}",
        row_ref(&s.row.node),
        if s.backward { "backward" } else { "forward" }
    );
    if let Some(l) = &s.label {
        out.push_str(" as ");
        out.push_str(&l.node);
    }
    if s.goal {
        out.push_str(" goal");
    }
    out
}

/// One statement other than `if`, on one line.
#[expect(
    clippy::unreachable,
    reason = "its one caller prints an `if` as a block itself and passes only the other statements"
)]
fn statement(s: &StmtKind) -> String {
    match s {
        StmtKind::If { .. } => unreachable!("`if` is printed as a block"),
        StmtKind::Row {
            name,
            kind,
            owner,
            holes,
        } => {
            let of = owner
                .as_ref()
                .map_or(String::new(), |o| format!(" of {}", o.node));
            let holes = expr(&holes.node);
            format!("row {}: {}{of}, {holes} holes", name.node, kind.node)
        }
        StmtKind::TeamPieces {
            team,
            count,
            start,
            from_hole,
            layout,
        } => {
            let place = match (start, from_hole) {
                (Some(r), _) if let Some(l) = layout => {
                    format!("on {} of {}", layout_words(&l.node), row_ref(&r.node))
                }
                (None, _) => "beside the board".to_string(),
                (Some(r), None) => format!("in {}", row_ref(&r.node)),
                (Some(r), Some(h)) => {
                    format!("in {} from hole {}", row_ref(&r.node), expr(&h.node))
                }
            };
            format!("team {}: {} pieces {place}", team.node, expr(&count.node))
        }
        StmtKind::TeamColour { team, face } => format!("team {} colour {}", team.node, face.node),
        StmtKind::TeamShown {
            team,
            colour,
            quoted,
        } => team_shown(&team.node, &colour.node, *quoted),
        StmtKind::Seats(e) => format!("seats per team: {}", expr(&e.node)),
        StmtKind::Order(ts) => format!("order: {}", list(ts, |t| t.node.clone())),
        StmtKind::Sticks {
            when,
            count,
            faces,
            prob,
            prob_percent,
            marked,
        } => {
            let mut out = sticks(when, count, faces.as_ref(), *marked, prob.as_ref());
            if let Some((face, e)) = prob_percent {
                let _ = write!(out, ", p({}) = {} percent", face.node, expr(&e.node));
            }
            out
        }
        StmtKind::Dice { count, faces } => {
            format!("dice: {} with faces {}", expr(&count.node), values(faces))
        }
        StmtKind::Value(None) => "value: count of own colour".into(),
        StmtKind::Value(Some(face)) => format!("value: count of {}", face.node),
        StmtKind::Class { name, shapes } => {
            let shape = |&alike: &bool| {
                if alike {
                    "all alike".to_string()
                } else {
                    "all but one alike".to_string()
                }
            };
            let shapes: Vec<String> = shapes.iter().map(shape).collect();
            format!("class {}: {}", name.node, shapes.join(" or "))
        }
        StmtKind::Phases(ps) => format!("phases: {}", list(ps, |p| p.node.clone())),
        StmtKind::Allocation(true) => "allocation: pooled".into(),
        StmtKind::Allocation(false) => "allocation: per throw".into(),
        StmtKind::ReleaseOrder(o) => format!("release order: {}", release_order_words(*o)),
        StmtKind::BindAfterRelease => "the throw after a release moves that piece".into(),
        StmtKind::Transition { from, to, when } => {
            format!("from {} enter {} when {}", from.node, to.node, conds(when))
        }
        StmtKind::Throw {
            matches,
            phase,
            conds: cs,
            effects,
        } => throw(matches, phase.as_ref(), cs, effects),
        StmtKind::Track { .. }
        | StmtKind::TrackLoop { .. }
        | StmtKind::TrackEnd(..)
        | StmtKind::TrackEntry(..)
        | StmtKind::TrackBranch { .. }
        | StmtKind::Gate { .. } => track_statement(s),
        StmtKind::Stacking {
            allowed,
            except_goal,
            except_end,
        } => stacking(*allowed, *except_goal, *except_end),
        StmtKind::Capture { .. } | StmtKind::NoCapture { .. } | StmtKind::CaptureOnly { .. } => {
            capture_statement(s)
        }
        StmtKind::Blocked(true) => "blocked landing: share".into(),
        StmtKind::Blocked(false) => "blocked landing: forbidden".into(),
        StmtKind::Immune(r) => format!("immune after entering {}", region(&r.node)),
        StmtKind::ImmuneArrived => "immune after arriving".into(),
        StmtKind::ImmuneUntilReleased => "immune until released".into(),
        StmtKind::ImmuneWhen { when, opposing } => immune_when(when, *opposing),
        StmtKind::SendHomeTo(t) => format!("send home to: {}", home_target(*t)),
        StmtKind::Win(p, cs) => end_head("win", p.as_ref(), cs),
        StmtKind::Draw(p, cs) => end_head("draw", p.as_ref(), cs),
        StmtKind::ScoreEnd {
            phase,
            when,
            region: r,
        } => format!(
            "{}: most pieces in {} wins",
            end_head("end", phase.as_ref(), when),
            region(&r.node)
        ),
        StmtKind::SeatOrder(true) => "seat order: alternating".into(),
        StmtKind::SeatOrder(false) => "seat order: team blocks".into(),
        StmtKind::MovesPerPiece(_)
        | StmtKind::PooledLanding(_)
        | StmtKind::PooledWalk(_)
        | StmtKind::Moves(_)
        | StmtKind::BackWhenStuck(_)
        | StmtKind::BackStart(_)
        | StmtKind::PrisonersFreed(_)
        | StmtKind::SplitThrows(_)
        | StmtKind::ThrowingOn(_)
        | StmtKind::Passing { .. }
        | StmtKind::SendOn { .. }
        | StmtKind::MustLand(_)
        | StmtKind::PassedWon(_)
        | StmtKind::Protection(_)
        | StmtKind::Blockade(_)
        | StmtKind::BearOff { .. }
        | StmtKind::BearingLarger(_)
        | StmtKind::BlockedRelease(_)
        | StmtKind::Stacks(_) => movement(s),
    }
}

/// The capture statements: what landing on an opposing piece does where.
fn capture_statement(s: &StmtKind) -> String {
    match s {
        StmtKind::Capture {
            region: r,
            compulsory,
            send_home,
            swap,
            swap_else,
            prisoner,
            home_to,
            throw_again,
        } => {
            let effect = match (*swap, *swap_else, *send_home) {
                _ if *prisoner => "take prisoner",
                (true, None, _) => "swap",
                (true, Some(true), _) => "swap, else send home",
                (true, Some(false), _) => "swap, else remove",
                (false, _, true) => "send home",
                (false, _, false) => "remove",
            };
            let again = if *throw_again { ", throw again" } else { "" };
            capture(r.as_ref(), *compulsory, effect, home_to.as_ref()) + again
        }
        StmtKind::NoCapture { region: r, sharing } => {
            let sharing = if *sharing { ", sharing" } else { "" };
            format!("no capture in {}{sharing}", region(&r.node))
        }
        StmtKind::CaptureOnly {
            region: r,
            values: vs,
        } => format!(
            "capture in {} only with a single throw of {}",
            region(&r.node),
            values(vs)
        ),
        _ => String::new(),
    }
}

/// A track statement (`track …`, `track … loops`, `ends`, `entry`, `gate …`); empty for
/// any other statement.
fn track_statement(s: &StmtKind) -> String {
    match s {
        StmtKind::Track {
            team,
            segments,
            back,
        } => {
            let mut out = format!("track {}: {}", team.node, list(segments, segment));
            if let Some(b) = back {
                out.push_str(&track_back(b));
            }
            out
        }
        StmtKind::TrackLoop {
            team,
            from,
            when,
            parked,
        } => {
            let mut out = format!("track {} loops from {}", team.node, from.node);
            if !when.is_empty() {
                out.push_str(" when ");
                out.push_str(&conds(when));
            }
            match parked {
                Some(true) => out.push_str(", parked pieces stay"),
                Some(false) => out.push_str(", parked pieces circle"),
                None => {}
            }
            out
        }
        StmtKind::TrackEnd(team, end) => format!(
            "track {} ends: {}",
            team.node,
            match end {
                TrackEndKind::Stop => "stop",
                TrackEndKind::Exact => "exact",
                TrackEndKind::Bounce => "bounce",
            }
        ),
        StmtKind::TrackBranch {
            team,
            must,
            may,
            at,
            segments,
            rejoin,
        } => format!(
            "track {} {} at {}: {}, rejoining at {}",
            team.node,
            match (*must, *may) {
                (true, _) => "must branch",
                (false, true) => "may branch",
                (false, false) => "branches",
            },
            region(&at.node),
            list(segments, segment),
            region(&rejoin.node)
        ),
        StmtKind::TrackEntry(team, entry) => format!(
            "track {} entry: {}",
            team.node,
            match entry {
                TrackEntryKind::FirstHole => "first hole",
                TrackEntryKind::Chosen => "chosen hole",
                TrackEntryKind::ChosenEmpty => "chosen empty hole",
            }
        ),
        StmtKind::Gate {
            team,
            segment,
            requirement,
            stop,
        } => gate(team, segment, requirement, *stop),
        _ => String::new(),
    }
}

/// `immune when CONDS first holds: own|opposing released pieces on the board`.
fn immune_when(when: &[Spanned<Cond>], opposing: bool) -> String {
    format!(
        "immune when {} first holds: {} released pieces on the board",
        conds(when),
        if opposing { "opposing" } else { "own" }
    )
}

/// A movement setting (`moves per piece …`, `pooled throws land …`, `passing …`,
/// `blocked release …`); empty for any other statement.
fn movement(s: &StmtKind) -> String {
    match s {
        StmtKind::MovesPerPiece(one) => format!(
            "moves per piece per turn: {}",
            if *one { "one" } else { "several" }
        ),
        StmtKind::PooledLanding(each) => format!(
            "pooled throws land: {}",
            if *each { "after each throw" } else { "once" }
        ),
        StmtKind::Moves(optional) => {
            format!("moves: {}", if *optional { "optional" } else { "forced" })
        }
        StmtKind::BackWhenStuck(may) => format!(
            "when no move forward: move backward, {}",
            if *may { "may" } else { "must" }
        ),
        StmtKind::SplitThrows(v) => format!(
            "split throws: {}",
            match v {
                crate::ir::SplitThrows::Whole => "whole",
                crate::ir::SplitThrows::Halves => "halves",
                crate::ir::SplitThrows::Any => "any split",
            }
        ),
        StmtKind::BackStart(forbidden) => format!(
            "moving back past the first hole: {}",
            if *forbidden { "forbidden" } else { "stop" }
        ),
        StmtKind::PrisonersFreed(at_once) => format!(
            "prisoners freed: {}",
            if *at_once { "at once" } else { "on arrival" }
        ),
        StmtKind::ThrowingOn(at_will) => format!(
            "throwing on: {}",
            if *at_will { "at will" } else { "as thrown" }
        ),
        StmtKind::PooledWalk(thrown) => format!(
            "pooled throws walk: {}",
            if *thrown {
                "in throw order"
            } else {
                "any order"
            }
        ),
        StmtKind::Passing { own, allowed } => format!(
            "passing {} pieces: {}",
            if *own { "own" } else { "opposing" },
            if *allowed { "allowed" } else { "forbidden" }
        ),
        StmtKind::MustLand(r) => format!("must land on {}", region(&r.node)),
        StmtKind::PassedWon(r) => format!("holes passed in {} are won", region(&r.node)),
        StmtKind::Protection(e) => format!("protection: {} in a row", expr(&e.node)),
        StmtKind::Blockade(e) => format!("blockade: {} in a row", expr(&e.node)),
        StmtKind::BearOff { from, values } => format!(
            "bear off from {} with {}",
            region(&from.node),
            match values {
                None => "any".to_string(),
                Some(vs) => vs
                    .iter()
                    .map(|v| v.node.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            }
        ),
        StmtKind::BearingLarger(larger) => format!(
            "bearing off: {}",
            if *larger {
                "larger throws too"
            } else {
                "exact throws"
            }
        ),
        StmtKind::SendOn { from, to } => format!(
            "landing on {} goes to {}",
            region(&from.node),
            region(&to.node)
        ),
        StmtKind::BlockedRelease(b) => format!(
            "blocked release: {}",
            match b {
                BlockedReleaseKind::Lost => "lost",
                BlockedReleaseKind::InPlace => "released in place",
                BlockedReleaseKind::AnotherPiece => "another piece",
            }
        ),
        StmtKind::Stacks(together) => format!(
            "stacks: move {}",
            if *together { "together" } else { "apart" }
        ),
        _ => String::new(),
    }
}

/// A `sticks` statement.
fn sticks(
    when: &SticksWhen,
    count: &Spanned<Expr>,
    faces: Option<&(Name, Name)>,
    marked: bool,
    prob: Option<&(Name, Spanned<f64>)>,
) -> String {
    let when = match when {
        SticksWhen::Always => String::new(),
        SticksWhen::InPhase(p) => format!(" in {}", p.node),
        SticksWhen::FirstOfTurn => " on first throw of turn".into(),
        SticksWhen::FirstOfGame => " on first throw of game".into(),
        SticksWhen::If(cs) => format!(" if {}", conds(cs)),
    };
    let mut out = format!("sticks{when}: {}", expr(&count.node));
    if let Some((a, b)) = faces {
        let _ = write!(out, " with faces {} and {}", a.node, b.node);
    }
    if marked {
        out.push_str(", one marked");
    }
    if let Some((face, p)) = prob {
        let _ = write!(out, ", p({}) = {}", face.node, number(p.node));
    }
    out
}

/// A throw entry.
fn throw(
    matches: &ThrowMatch,
    phase: Option<&Name>,
    cs: &[Spanned<Cond>],
    effects: &[Spanned<Effect>],
) -> String {
    let mut out = match matches {
        ThrowMatch::Any => "on any".to_string(),
        ThrowMatch::Values(vs) => format!("on {}", values(vs)),
        ThrowMatch::Class(c) => format!("on {}", c.node),
        ThrowMatch::Marked(v) => format!("on {} marked", v.node),
    };
    if let Some(p) = phase {
        out.push_str(" in ");
        out.push_str(&p.node);
    }
    if !cs.is_empty() {
        out.push_str(" if ");
        out.push_str(&conds(cs));
    }
    let effects = effects
        .iter()
        .map(|e| effect(&e.node))
        .collect::<Vec<_>>()
        .join(" and ");
    out.push_str(": ");
    out.push_str(&effects);
    out
}

/// A gate.
fn gate(team: &Name, segment: &Name, requirement: &Requirement, stop: bool) -> String {
    let req = match requirement {
        Requirement::Throw(vs, judge) => format!(
            "throw in {} by {}",
            values(vs),
            match judge {
                ThrowJudge::Crossing => "crossing throw",
                ThrowJudge::Total => "move total",
                ThrowJudge::Every => "every throw",
            }
        ),
        Requirement::Conds(cs) => conds(cs),
    };
    let otherwise = if stop { "stop" } else { "forbid" };
    format!(
        "gate {} {}: {req}, else {otherwise}",
        team.node, segment.node
    )
}

/// A `send home to` target as written.
fn home_target(t: HomeTarget) -> &'static str {
    match t {
        HomeTarget::StartHole => "start hole",
        HomeTarget::FirstEmpty => "first empty hole",
        HomeTarget::ChosenEmpty => "chosen empty hole",
    }
}

/// A `capture` statement.
fn capture(
    r: Option<&Spanned<Region>>,
    compulsory: bool,
    effect: &str,
    home_to: Option<&Spanned<HomeTarget>>,
) -> String {
    let within = r.map_or(String::new(), |r| format!(" in {}", region(&r.node)));
    let to = home_to.map_or(String::new(), |h| format!(" to {}", home_target(h.node)));
    format!(
        "capture{within}: {}, {effect}{to}",
        if compulsory { "compulsory" } else { "optional" },
    )
}

/// The syntax tree as JSON with every `span` removed: two files are the same modulo
/// layout exactly when their erased trees are equal (comments included, by text).
#[must_use]
pub(crate) fn erase_spans(file: &File) -> serde_json::Value {
    fn strip(v: &mut serde_json::Value) {
        match v {
            serde_json::Value::Object(m) => {
                m.remove("span");
                m.values_mut().for_each(strip);
            }
            serde_json::Value::Array(a) => a.iter_mut().for_each(strip),
            _ => {}
        }
    }
    let mut v = serde_json::to_value(file).unwrap_or(serde_json::Value::Null);
    strip(&mut v);
    v
}

/// Why a text was not formatted.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum FmtError {
    /// The text does not parse; its diagnostics.
    #[error("the text does not parse ({} diagnostic(s))", .0.len())]
    Syntax(Vec<Diagnostic>),
    /// The formatted text does not parse back to the same tree: a bug of the formatter.
    #[error("the formatted text does not read back the same")]
    NotSameTree,
}

/// Formats rule-file text in the canonical layout, checking that the result parses back
/// to the same syntax tree (spans aside).
pub fn format_text(text: &str) -> Result<String, FmtError> {
    let ast = crate::syntax::parse(text).map_err(FmtError::Syntax)?;
    let formatted = format(&ast, text);
    match crate::syntax::parse(&formatted) {
        Ok(again) if erase_spans(&again) == erase_spans(&ast) => Ok(formatted),
        _ => Err(FmtError::NotSameTree),
    }
}
