//! The board and the teams: rows, each team's pieces, start, colour and seats, and its track
//! with the loops and gates on it.
#![expect(
    clippy::indexing_slicing,
    reason = "indices are those lowering made from this file: row, reading, phase, class, option and statement indices point into the tables `Cx` built before they are used, per-team pairs are indexed by a `TeamId` (0 or 1), and other positions are bounded by the loop or length check beside them"
)]

use super::cx::{Cx, dup, face_index};
use super::flatten::Flat;
use super::{Setting, set_once};
use crate::diag::{Code, Diagnostic, Span, suggest};
use crate::ir::*;
use crate::palette::{self, Rgb};
use crate::syntax::ast::{self, Name, Spanned, StmtKind};

/// The rows, to `cx.rows`; `None` (after a diagnostic) when there is no board to build on.
pub(super) fn rows(cx: &mut Cx, flat: &[Flat], first_span: Span) -> Option<()> {
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
            let Some(origin) = f.origin else {
                continue;
            };
            if let Some(i) = cx.rows.iter().position(|r| r.name == name.node) {
                let prev = cx.row_spans[i];
                cx.diags.push(dup("row", name, prev));
                continue;
            }
            if cx.team_names.contains(&name.node) || cx.team_names.contains(&kind.node) {
                cx.diags.push(
                    Diagnostic::error(
                        Code::RowNamedLikeTeam,
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
                    Code::TooManyHoles,
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
                origin,
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
                    Code::RowAndKind,
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
            Diagnostic::error(
                Code::NoRows,
                first_span,
                "the board has no rows",
                "no `row` statement",
            )
            .with_help("add `row NAME: KIND, N holes`"),
        );
        return None;
    }
    Some(())
}

/// A team's track as written.
pub(super) struct TrackDecl {
    /// Its segments with their rows.
    pub segments: Vec<(ast::Segment, usize)>,
    /// Its last segment, `back along the track`, if it has one.
    pub back: Option<ast::TrackBack>,
    /// Where it is declared (the team's name).
    pub span: Span,
    /// Its statement.
    pub origin: Origin,
}

/// A team's pieces and start: count, start, first hole, and the start layout's 0-based holes
/// (empty without one).
pub(super) type PiecesStart = (u8, Start, u16, Vec<u16>);

/// The statements about teams in force, by team index.
pub(super) struct TeamStmts<'a> {
    /// Pieces and start.
    pub pieces: [Option<Setting<PiecesStart>>; 2],
    /// A pieces statement was written (even with errors): not also reported as missing.
    pub pieces_written: [bool; 2],
    /// Colour (a face index).
    pub colour: [Option<Setting<u8>>; 2],
    /// The colour the team is drawn in (`shown as`).
    pub shown: [Option<Setting<Rgb>>; 2],
    /// Seats per team.
    pub seats: Option<Setting<u8>>,
    /// Tracks.
    pub tracks: [Option<TrackDecl>; 2],
    /// `loops` statements, with their team.
    pub loops: Vec<(&'a Flat<'a>, TeamId)>,
    /// `gate` statements, with their team.
    pub gates: Vec<(&'a Flat<'a>, TeamId)>,
    /// `track T branches at` statements, with their team.
    pub branches: Vec<(&'a Flat<'a>, TeamId)>,
    /// The first `ends:` statement in force per team: what it says, where, and its origin.
    pub ends: [Option<(TrackEnd, Span, Origin)>; 2],
    /// The first `entry:` statement in force per team: what it says, where, and its origin.
    pub entries: [Option<(TrackEntry, Span, Origin)>; 2],
}

/// Collects the team statements; resolves their names (also under readings not in force).
pub(super) fn team_statements<'a>(cx: &mut Cx, flat: &'a [Flat<'a>]) -> TeamStmts<'a> {
    let mut ts = TeamStmts {
        pieces: [None, None],
        pieces_written: [false; 2],
        colour: [None, None],
        shown: [None, None],
        seats: None,
        tracks: [None, None],
        loops: Vec::new(),
        gates: Vec::new(),
        branches: Vec::new(),
        ends: [None, None],
        entries: [None, None],
    };
    for f in flat {
        match &f.stmt.node {
            StmtKind::TeamPieces {
                team,
                count,
                start,
                from_hole,
                layout,
            } => pieces(
                cx,
                &mut ts,
                f,
                team,
                count,
                start.as_ref(),
                from_hole.as_ref(),
                layout.as_ref(),
            ),
            StmtKind::TeamColour { team, face } => {
                let t = cx.team(team);
                let fi = face_index(cx, face);
                if let (Some(t), Some(fi)) = (t, fi) {
                    set_once(cx, &mut ts.colour[t.index()], fi, f, "the team's colour");
                }
            }
            StmtKind::TeamShown { team, colour, .. } => {
                let t = cx.team(team);
                let c = shown_colour(cx, colour);
                if let (Some(t), Some(c)) = (t, c) {
                    set_once(
                        cx,
                        &mut ts.shown[t.index()],
                        c,
                        f,
                        "the team's shown colour",
                    );
                }
            }
            StmtKind::Seats(e) => {
                if let Some(v) = cx.int(e, "number of seats", 1, MAX_SEATS) {
                    set_once(cx, &mut ts.seats, v as u8, f, "the seats per team");
                }
            }
            StmtKind::Track {
                team,
                segments,
                back,
            } => track(cx, &mut ts, f, team, segments, back.as_ref()),
            StmtKind::TrackLoop { team, .. } => {
                if let Some(t) = cx.team(team)
                    && f.active()
                {
                    ts.loops.push((f, t));
                }
            }
            StmtKind::TrackEnd(team, end) => track_end(cx, &mut ts, f, team, *end),
            StmtKind::TrackEntry(team, entry) => track_entry(cx, &mut ts, f, team, *entry),
            StmtKind::Gate { team, .. } => {
                if let Some(t) = cx.team(team)
                    && f.active()
                {
                    ts.gates.push((f, t));
                }
            }
            StmtKind::TrackBranch { team, .. } => {
                if let Some(t) = cx.team(team)
                    && f.active()
                {
                    ts.branches.push((f, t));
                }
            }
            _ => {}
        }
    }
    ts
}

/// `track T ends: …`: the first one in force; a second that says otherwise is an error.
fn track_end(cx: &mut Cx, ts: &mut TeamStmts, f: &Flat, team: &Name, end: ast::TrackEndKind) {
    let end = match end {
        ast::TrackEndKind::Stop => TrackEnd::Stop,
        ast::TrackEndKind::Exact => TrackEnd::Exact,
        ast::TrackEndKind::Bounce => TrackEnd::Bounce,
    };
    let (Some(t), Some(o)) = (cx.team(team), f.origin) else {
        return;
    };
    match &ts.ends[t.index()] {
        None => ts.ends[t.index()] = Some((end, f.stmt.span, o)),
        Some((first, sp, _)) if *first != end => cx.diags.push(
            Diagnostic::error(
                Code::TrackEndTwice,
                f.stmt.span,
                format!("team `{}`'s track ends two different ways", team.node),
                "second end",
            )
            .with_help("keep one, or put them in `if READING = OPTION { … } else { … }`")
            .with_secondary(*sp, "first end"),
        ),
        Some(_) => {}
    }
}

/// `track T entry: …`: the first one in force; a second that says otherwise is an error.
fn track_entry(cx: &mut Cx, ts: &mut TeamStmts, f: &Flat, team: &Name, entry: ast::TrackEntryKind) {
    let entry = match entry {
        ast::TrackEntryKind::FirstHole => TrackEntry::FirstHole,
        ast::TrackEntryKind::Chosen => TrackEntry::Chosen,
        ast::TrackEntryKind::ChosenEmpty => TrackEntry::ChosenEmpty,
    };
    let (Some(t), Some(o)) = (cx.team(team), f.origin) else {
        return;
    };
    match &ts.entries[t.index()] {
        None => ts.entries[t.index()] = Some((entry, f.stmt.span, o)),
        Some((first, sp, _)) if *first != entry => cx.diags.push(
            Diagnostic::error(
                Code::TrackEntryTwice,
                f.stmt.span,
                format!("team `{}`'s track is entered two different ways", team.node),
                "second entry",
            )
            .with_help("keep one, or put them in `if READING = OPTION { … } else { … }`")
            .with_secondary(*sp, "first entry"),
        ),
        Some(_) => {}
    }
}

/// A chosen entry needs pieces that step onto the track (E126) and a first segment that
/// no gate guards (E127: entering past its first hole would skip the gate).
fn check_entry(cx: &mut Cx, name: &str, start: &Start, track: &Track, span: Span) {
    if track.entry.value == TrackEntry::FirstHole {
        return;
    }
    if let Start::Row(r) = start
        && track.segments.iter().any(|s| s.row == *r)
    {
        cx.diags.push(
            Diagnostic::error(
                Code::EntryOnTrack,
                span,
                format!("team `{name}`'s pieces start on their track: they never enter it"),
                "a chosen entry for pieces already on the track",
            )
            .with_help(
                "start the pieces in a row outside the track or beside the board, or remove this statement",
            ),
        );
    }
    if track.gates.iter().any(|g| g.at == 0) {
        cx.diags.push(
            Diagnostic::error(
                Code::EntryGated,
                span,
                format!(
                    "team `{name}`'s first segment has a gate: a piece entering past its first hole would not cross it"
                ),
                "a chosen entry behind a gate",
            )
            .with_help("put the gate on a later segment, or enter at `first hole`"),
        );
    }
}

#[allow(clippy::too_many_arguments)]
fn pieces(
    cx: &mut Cx,
    ts: &mut TeamStmts,
    f: &Flat,
    team: &Name,
    count: &ast::Spanned<ast::Expr>,
    start: Option<&ast::Spanned<ast::RowRef>>,
    from_hole: Option<&ast::Spanned<ast::Expr>>,
    layout: Option<&ast::Spanned<ast::Layout>>,
) {
    if let (Some(l), Some(r)) = (layout, start) {
        return laid_out(cx, ts, f, team, count, r, l);
    }
    let t = cx.team(team);
    if let (Some(t), true) = (t, f.active()) {
        ts.pieces_written[t.index()] = true;
    }
    let n = cx.int(count, "number of pieces", 1, MAX_PIECES);
    // The 1-based hole of the first piece (language default: the row's first hole).
    let from = match from_hole {
        Some(e) => cx.int(e, "first hole", 1, MAX_HOLES),
        None => Some(1),
    };
    let st = match start {
        None => Some(Start::Beside),
        Some(r) => {
            let row = cx.one_row(r, t.unwrap_or(TeamId::FIRST));
            // Only the statement in force must fit: whether pieces fit a row depends on the
            // params, and a reading's other option is not the game these params play.
            if let (Some(row), Some(n), Some(from), true) = (row, n, from, f.active()) {
                pieces_fit(cx, count, from_hole, n, from, cx.rows[row].len as i64);
            }
            row.map(Start::Row)
        }
    };
    if let (Some(t), Some(n), Some(st), Some(from)) = (t, n, st, from) {
        let v = (n as u8, st, (from - 1) as u16, Vec::new());
        set_once(cx, &mut ts.pieces[t.index()], v, f, "the team's pieces");
    }
}

/// `team T: N pieces on holes A, B, … of ROW` (or `on odd|even holes of ROW`): the pieces
/// stand on the holes given, one each in piece order. The holes must lie in the row (E054),
/// be as many as the pieces (E054) and differ (E160).
fn laid_out(
    cx: &mut Cx,
    ts: &mut TeamStmts,
    f: &Flat,
    team: &Name,
    count: &ast::Spanned<ast::Expr>,
    start: &ast::Spanned<ast::RowRef>,
    layout: &ast::Spanned<ast::Layout>,
) {
    let t = cx.team(team);
    if let (Some(t), true) = (t, f.active()) {
        ts.pieces_written[t.index()] = true;
    }
    let n = cx.int(count, "number of pieces", 1, MAX_PIECES);
    let row = cx.one_row(start, t.unwrap_or(TeamId::FIRST));
    let len = row.map_or(MAX_HOLES, |r| cx.rows[r].len as i64);
    // 1-based holes, each with where it is written.
    let holes: Vec<(i64, Span)> = match &layout.node {
        ast::Layout::Listed(hs) => hs
            .iter()
            .filter_map(|h| cx.int(h, "hole", 1, MAX_HOLES).map(|v| (v, h.span)))
            .collect(),
        ast::Layout::Odd => (1..=len).step_by(2).map(|h| (h, layout.span)).collect(),
        ast::Layout::Even => (2..=len).step_by(2).map(|h| (h, layout.span)).collect(),
    };
    let (Some(t), Some(n), Some(row)) = (t, n, row) else {
        return;
    };
    // As for `from hole`: only the statement in force must fit its row.
    if f.active() && !layout_fits(cx, count, layout, n, &holes, len) {
        return;
    }
    let zero_based = holes.iter().map(|&(h, _)| (h - 1) as u16).collect();
    let v = (n as u8, Start::Row(row), 0, zero_based);
    set_once(cx, &mut ts.pieces[t.index()], v, f, "the team's pieces");
}

/// Reports a start layout's holes past the row's end, listed twice, or not as many as the
/// pieces; `false` when it reported any.
fn layout_fits(
    cx: &mut Cx,
    count: &ast::Spanned<ast::Expr>,
    layout: &ast::Spanned<ast::Layout>,
    n: i64,
    holes: &[(i64, Span)],
    len: i64,
) -> bool {
    let before = cx.diags.len();
    for (i, &(h, span)) in holes.iter().enumerate() {
        if h > len {
            cx.diags.push(
                Diagnostic::error(
                    Code::PiecesDoNotFitRow,
                    span,
                    format!("the start row has {len} holes: there is no hole {h}"),
                    "no such hole",
                )
                .with_help(format!("list holes 1..{len}")),
            );
        } else if let Some(&(_, first)) = holes.get(..i).and_then(|b| b.iter().find(|x| x.0 == h)) {
            cx.diags.push(
                Diagnostic::error(
                    Code::StartHoleTwice,
                    span,
                    format!("hole {h} is listed twice: two pieces of the team would start on it"),
                    "listed again",
                )
                .with_help("list each hole once, one per piece")
                .with_secondary(first, "first listed here"),
            );
        }
    }
    let m = holes.len() as i64;
    if cx.diags.len() == before && m != n {
        let what = match layout.node {
            ast::Layout::Listed(_) => format!("{m} hole(s) listed"),
            ast::Layout::Odd => format!("{m} odd hole(s) in a row of {len}"),
            ast::Layout::Even => format!("{m} even hole(s) in a row of {len}"),
        };
        cx.diags.push(
            Diagnostic::error(
                Code::PiecesDoNotFitRow,
                count.span,
                format!("{n} pieces cannot start one per hole on {what}"),
                format!("{m} hole(s) for them"),
            )
            .with_secondary(layout.span, "the holes")
            .with_help(format!("give {m} pieces, or list one hole per piece")),
        );
    }
    cx.diags.len() == before
}

/// Reports pieces that do not fit their start row one per hole from hole `from` on.
fn pieces_fit(
    cx: &mut Cx,
    count: &ast::Spanned<ast::Expr>,
    from_hole: Option<&ast::Spanned<ast::Expr>>,
    n: i64,
    from: i64,
    holes: i64,
) {
    if from > holes {
        let span = from_hole.map_or(count.span, |e| e.span);
        cx.diags.push(
            Diagnostic::error(
                Code::PiecesDoNotFitRow,
                span,
                format!("the start row has {holes} holes: there is no hole {from}"),
                "no such hole",
            )
            .with_help(format!("start from a hole 1..{holes}")),
        );
    } else if n + from - 1 > holes {
        let free = holes - from + 1;
        let d = Diagnostic::error(
            Code::PiecesDoNotFitRow,
            count.span,
            format!(
                "{n} pieces cannot start one per hole in a row of {holes} holes{}",
                if from > 1 {
                    format!(" from hole {from}")
                } else {
                    String::new()
                }
            ),
            format!("{free} hole(s) for them"),
        )
        .with_help(format!(
            "give at most {free} pieces, start them from an earlier hole, or start them `beside the board`"
        ));
        cx.diags.push(d);
    }
}

fn track(
    cx: &mut Cx,
    ts: &mut TeamStmts,
    f: &Flat,
    team: &Name,
    segments: &[ast::Segment],
    back: Option<&ast::TrackBack>,
) {
    let Some(t) = cx.team(team) else { return };
    let mut segs = Vec::new();
    for s in segments {
        if let Some(r) = cx.one_row(&s.row, t) {
            segs.push((s.clone(), r));
        }
    }
    let Some(origin) = f.origin else { return };
    if let Some(first) = &ts.tracks[t.index()] {
        cx.diags.push(
            Diagnostic::error(
                Code::TwoTracks,
                team.span,
                format!("team `{}` has two tracks", team.node),
                "second track",
            )
            .with_help("put alternative tracks under `if READING = OPTION { … } else { … }`")
            .with_secondary(first.span, "first track"),
        );
    } else {
        ts.tracks[t.index()] = Some(TrackDecl {
            segments: segs,
            back: back.cloned(),
            span: team.span,
            origin,
        });
    }
}

/// The two teams with their tracks; `None` (after diagnostics) when one lacks pieces or a
/// track.
pub(super) fn teams(cx: &mut Cx, ts: &TeamStmts, first_span: Span) -> Option<ByTeam<Team>> {
    let mut teams = Vec::new();
    for t in 0..2usize {
        let name = cx.team_names[t].clone();
        let Some(pieces) = &ts.pieces[t] else {
            if ts.pieces_written[t] {
                continue;
            }
            cx.diags.push(
                Diagnostic::error(
                    Code::NoPieces,
                    first_span,
                    format!("team `{name}` has no pieces"),
                    "no `team … pieces` statement",
                )
                .with_help(format!("add `team {name}: N pieces in ROW`")),
            );
            continue;
        };
        let Some(decl) = &ts.tracks[t] else {
            cx.diags.push(
                Diagnostic::error(
                    Code::NoTrack,
                    first_span,
                    format!("team `{name}` has no track"),
                    "no `track` statement",
                )
                .with_help(format!("add `track {name}: ROW forward, ROW backward, …`")),
            );
            continue;
        };
        let mut track = build_track(cx, TeamId::new(t), decl, ts);
        if let Some((end, _, origin)) = ts.ends[t] {
            track.end = Sourced::stated(end, origin);
        }
        super::branch::check_shape(cx, &name, &track, decl.back.is_some(), decl.span);
        if let Some((entry, span, origin)) = ts.entries[t] {
            track.entry = Sourced::stated(entry, origin);
            check_entry(cx, &name, &pieces.value.1, &track, span);
        }
        teams.push(Team {
            name,
            colour: ts.colour[t].as_ref().map(Setting::sourced),
            shown: ts.shown[t].as_ref().map(Setting::sourced),
            pieces: pieces.value.0,
            start: pieces.value.1.clone(),
            first_hole: pieces.value.2,
            holes: pieces.value.3.clone(),
            track,
            origin: pieces.origin,
        });
    }
    ByTeam::try_from(teams).ok()
}

/// A colour of `shown as`: a palette name or `#rrggbb` (E150 otherwise).
fn shown_colour(cx: &mut Cx, colour: &Spanned<String>) -> Option<Rgb> {
    let c = palette::parse(&colour.node);
    if c.is_none() {
        let names: Vec<&str> = palette::NAMED.iter().map(|(n, _)| *n).collect();
        let mut d = Diagnostic::error(
            Code::UnknownShownColour,
            colour.span,
            format!("unknown colour `{}`", colour.node),
            "neither a colour of the palette nor `\"#rrggbb\"`",
        )
        .with_note(format!("the palette: {}", names.join(", ")));
        if let Some(h) = suggest(&colour.node, names.iter().copied()) {
            d = d.with_help(h);
        } else {
            d = d.with_help("name one, or write six hex digits in a string: `\"#c0392b\"`");
        }
        cx.diags.push(d);
    }
    c
}

/// Warns of teams drawn in one colour (W050), or in one that hardly shows on the page's
/// holes or a dark terminal (W051). A team that names no colour is drawn in the default's.
pub(super) fn shown_colours(cx: &mut Cx, ts: &TeamStmts) {
    let colour = |t: usize| {
        ts.shown[t]
            .as_ref()
            .map_or(palette::DEFAULT_TEAMS[t], |s| s.value)
    };
    let named: Vec<(usize, Span)> = (0..2)
        .filter_map(|t| ts.shown[t].as_ref().map(|s| (t, s.span)))
        .collect();
    if let Some(&(t, span)) = named.last()
        && colour(0) == colour(1)
    {
        let other = 1 - t;
        let mut d = Diagnostic::warning(
            Code::SameShownColour,
            span,
            format!(
                "teams `{}` and `{}` are drawn in the same colour",
                cx.team_names[t], cx.team_names[other]
            ),
            format!("`{}`'s colour too", cx.team_names[other]),
        )
        .with_help("name another colour for one of them");
        if let Some(first) = ts.shown[other].as_ref() {
            d = d.with_secondary(first.span, "first colour");
        } else {
            d = d.with_note(format!(
                "`{}` names no colour: the language default draws it in {}",
                cx.team_names[other],
                palette::hex(colour(other))
            ));
        }
        cx.diags.push(d);
    }
    for (t, span) in named {
        let c = colour(t);
        for (bg, b) in palette::BACKGROUNDS {
            let k = palette::contrast(c, b);
            if k < palette::MIN_CONTRAST {
                cx.diags.push(
                    Diagnostic::warning(
                        Code::LowContrastColour,
                        span,
                        format!("team `{}`'s colour hardly shows on {bg}", cx.team_names[t]),
                        format!("contrast {k:.1} to 1, below {:.1}", palette::MIN_CONTRAST),
                    )
                    .with_help("choose a darker or brighter colour (red, green, teal, blue, purple … read on both)"),
                );
            }
        }
    }
}

/// Warns of rows no piece can ever stand on (on a clean file only).
pub(super) fn unreachable_rows(cx: &mut Cx, teams: &ByTeam<Team>, clean: bool) {
    for (i, r) in cx.rows.iter().enumerate().filter(|_| clean) {
        let on_track = teams
            .iter()
            .any(|t| t.track.segments.iter().any(|s| s.row == i));
        let start = teams.iter().any(|t| t.start == Start::Row(i));
        if !on_track && !start {
            cx.diags.push(
                Diagnostic::warning(
                    Code::UnreachableRow,
                    cx.row_spans[i],
                    format!("no piece can reach row `{}`", r.name),
                    "on no track and no start row",
                )
                .with_help("add it to a track, or remove it"),
            );
        }
    }
}

fn build_track(cx: &mut Cx, team: TeamId, decl: &TrackDecl, stmts: &TeamStmts) -> Track {
    let (mut cells, mut segments, goal) = walk(cx, team, &decl.segments);
    if let Some(b) = &decl.back {
        walk_back(cx, b, &mut cells, &mut segments);
    }
    let branches = super::branch::add(cx, team, &stmts.branches, &mut cells, &mut segments);
    let looping = track_loop(cx, team, &segments, &stmts.loops);
    let gates = track_gates(cx, team, &segments, &stmts.gates);
    Track {
        cells,
        segments,
        looping,
        goal,
        gates,
        origin: decl.origin,
        end: Sourced::default_value(TrackEnd::Stop),
        entry: Sourced::default_value(TrackEntry::FirstHole),
        branches,
    }
}

/// The holes of a track in walking order, its segments and the index of its goal's last hole.
pub(super) fn walk(
    cx: &mut Cx,
    team: TeamId,
    segs: &[(ast::Segment, usize)],
) -> (Vec<Cell>, Vec<TrackSegment>, Option<u16>) {
    let mut cells = Vec::new();
    let mut segments: Vec<TrackSegment> = Vec::new();
    let mut goal = None;
    let mut before: Option<&(ast::Segment, usize)> = None;
    for pair in segs {
        let (s, row) = pair;
        let prev = before.replace(pair);
        // A row walked again the same way straight after itself jumps from its last hole
        // back to its first: no circuit does that (a circuit passes other rows between).
        if let Some((prev, _)) = prev.filter(|(p, r)| r == row && p.backward == s.backward) {
            let way = if s.backward { "backward" } else { "forward" };
            cx.diags.push(
                Diagnostic::error(
                    Code::RowWalkedTwice,
                    s.row.span,
                    "this track walks the same row the same way twice in a row",
                    format!(
                        "`{}` {way} again, straight after itself",
                        cx.rows[*row].name
                    ),
                )
                .with_help(
                    "a track may walk a row again the same way only after other rows (a \
                     circuit); to come back along it, walk it the other way",
                )
                .with_secondary(prev.row.span, "first walked here"),
            );
            let row_name = cx.rows[*row].name.clone();
            cx.rejected_segments.push((team, row_name));
            if let Some(l) = &s.label {
                cx.rejected_segments.push((team, l.node.clone()));
            }
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
    (cells, segments, goal)
}

/// `back along the track`: the segments walked so far, in reverse order and each the other
/// way, from the hole before the track's last (where the piece turns) to its first hole.
/// Each becomes a segment of its own; the first is one hole shorter than its row (none when
/// its row has one hole) and carries the label. A track that walks a row both ways would
/// walk it the same way twice on its way back (E130).
fn walk_back(
    cx: &mut Cx,
    b: &ast::TrackBack,
    cells: &mut Vec<Cell>,
    segments: &mut Vec<TrackSegment>,
) {
    let both_ways = segments.iter().find(|s| {
        segments
            .iter()
            .any(|o| o.row == s.row && o.backward != s.backward)
    });
    if let Some(s) = both_ways {
        cx.diags.push(
            Diagnostic::error(
                Code::BackWalksRowTwice,
                b.span,
                format!(
                    "the way back walks row `{}` the same way as the way out",
                    cx.rows[s.row].name
                ),
                "walks a row both ways",
            )
            .with_help(
                "the track already walks this row both ways; write the way back as segments \
                 (`ROW forward|backward`)",
            ),
        );
        return;
    }
    if let Some(l) = &b.label
        && segments
            .iter()
            .any(|s| s.label.as_deref() == Some(l.node.as_str()))
    {
        cx.diags.push(dup("segment label", l, l.span));
    }
    let mut label = b.label.as_ref().map(|l| l.node.clone());
    let out: Vec<TrackSegment> = segments.iter().rev().cloned().collect();
    for (k, s) in out.iter().enumerate() {
        let from = s.start as usize;
        let holes = cells.get(from..from + s.len as usize).unwrap_or_default();
        // The first reversed hole of the last segment is the track's last: the turn.
        let skip = usize::from(k == 0);
        let back: Vec<Cell> = holes.iter().rev().skip(skip).copied().collect();
        if back.is_empty() {
            continue;
        }
        let start = cells.len() as u16;
        segments.push(TrackSegment {
            start,
            len: back.len() as u16,
            row: s.row,
            backward: !s.backward,
            label: label.take(),
        });
        cells.extend(back);
    }
}

/// The segment a label or row name names on a team's track.
fn seg_index(cx: &mut Cx, team: TeamId, segments: &[TrackSegment], n: &Name) -> Option<usize> {
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
        // A segment that an error rejected: that error is the one to fix.
        [] if cx.rejected_segments.contains(&(team, n.node.clone())) => None,
        [] => {
            let mut known: Vec<&str> = segments.iter().filter_map(|s| s.label.as_deref()).collect();
            known.extend(segments.iter().map(|s| cx.rows[s.row].name.as_str()));
            let mut d = Diagnostic::error(
                Code::NoSuchSegment,
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
                    Code::AmbiguousSegment,
                    n.span,
                    format!("the track walks `{}` more than once", n.node),
                    "ambiguous segment",
                )
                .with_help("label the segment (`ROW forward as LABEL`) and name the label"),
            );
            None
        }
    }
}

/// The loop of a team's track, if a statement in force gives one.
fn track_loop(
    cx: &mut Cx,
    team: TeamId,
    segments: &[TrackSegment],
    loops: &[(&Flat, TeamId)],
) -> Option<Loop> {
    let mut looping = None;
    for (f, t) in loops {
        if *t != team {
            continue;
        }
        if let StmtKind::TrackLoop {
            from, when, parked, ..
        } = &f.stmt.node
            && let Some(origin) = f.origin
            && let Some(i) = seg_index(cx, team, segments, from)
        {
            let when = cx.conds(when);
            if looping.is_some() {
                cx.diags.push(Diagnostic::error(
                    Code::LoopsTwice,
                    f.stmt.span,
                    "this track loops twice",
                    "second loop",
                ));
            }
            looping = Some(Loop {
                from: segments[i].start,
                when,
                origin,
                parked_stay: match parked {
                    Some(stay) => Sourced::stated(*stay, origin),
                    None => Sourced::default_value(false),
                },
            });
        }
    }
    looping
}

/// The gates on a team's track.
fn track_gates(
    cx: &mut Cx,
    team: TeamId,
    segments: &[TrackSegment],
    gates: &[(&Flat, TeamId)],
) -> Vec<Gate> {
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
            && let Some(origin) = f.origin
            && let Some(i) = seg_index(cx, team, segments, segment)
        {
            let requirement = match requirement {
                ast::Requirement::Throw(vs, judge) => {
                    let m = cx.values(vs, MAX_STICKS);
                    match judge {
                        ast::ThrowJudge::Crossing => Requirement::CrossingThrow(m),
                        ast::ThrowJudge::Total => Requirement::MoveTotal(m),
                        ast::ThrowJudge::Every => Requirement::EveryThrow(m),
                    }
                }
                ast::Requirement::Conds(cs) => Requirement::Conds(cx.conds(cs)),
            };
            if i == 0 {
                cx.diags.push(Diagnostic::warning(
                    Code::GateOnFirstSegment,
                    segment.span,
                    "a gate on the first segment never closes for pieces already on it",
                    "first segment",
                ));
            }
            gs.push(Gate {
                at: segments[i].start,
                requirement,
                stop: *stop,
                origin,
            });
        }
    }
    gs
}
