//! The board of the full-screen game as a fixed-width grid of holes, like the rows in the
//! sand: every hole the same width whatever stands on it (the width is chosen once for the
//! screen's width), each team's way along a row drawn between its holes in the team's
//! colour where one team walks the row one way (and beside the row otherwise), and each
//! team's pieces off the board (waiting, or started but not on a hole) on a line beside the
//! row the team starts from. What stands where, and each team's way along the rows, are
//! the view model's ([`crate::tools::view::teams_view`]), the one the web page draws.
#![expect(
    clippy::indexing_slicing,
    reason = "per-team pairs are indexed by a `TeamId` (0 or 1) and the header buffer by positions its length bounds"
)]

use super::plain::team_letters;
use crate::engine::{Decision, Game, State};
use crate::lang::ir::{Ir, Row, TeamId};
use crate::tools::view::{self, Hole as At, TeamView};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

/// The teams' colours: the page's and the report's ([`crate::tools::view::team_rgb`]: the
/// rule file's `shown as`, else the language default).
pub fn colours(ir: &Ir) -> [Color; 2] {
    [0, 1].map(|t| {
        let [r, g, b] = view::team_rgb(ir, t);
        Color::Rgb(r, g, b)
    })
}

/// What stands on one hole: per team, the pieces there, the first one's number (1-based) and
/// whether any is released or immune.
#[derive(Default, Clone, Copy)]
struct Stack {
    count: [usize; 2],
    first: [usize; 2],
    released: [bool; 2],
    immune: [bool; 2],
}

/// What stands on every hole, `[row][hole]`, gathered from the view model's pieces.
fn stacks(ir: &Ir, teams: &[TeamView]) -> Vec<Vec<Stack>> {
    let mut v: Vec<Vec<Stack>> = ir
        .rows
        .iter()
        .map(|r| vec![Stack::default(); r.len as usize])
        .collect();
    for (x, team) in teams.iter().enumerate().take(2) {
        for p in team.pieces.iter().filter(|p| p.alive) {
            let Some(h) =
                p.at.and_then(|at| v.get_mut(at.row)?.get_mut(at.hole as usize))
            else {
                continue;
            };
            if h.count[x] == 0 {
                h.first[x] = p.number;
            }
            h.count[x] += 1;
            h.released[x] |= p.released;
            h.immune[x] |= p.immune;
        }
    }
    v
}

/// One part of a hole's token: its text, the team it shows (for the colour), and whether
/// that team's pieces there are immune (underlined, at every width).
type Part = (String, Option<usize>, bool);

/// A hole's token, at most `tw` characters wide: a team's letter (small when not released)
/// with, as room allows, the piece's number (`S7`) or the stack's size (`S×3`; `S3` two
/// wide; the digit alone one wide) and `!` when immune; both teams' letters when both are
/// there (`*` one wide); `·` for an empty hole.
fn token(h: &Stack, letters: [char; 2], tw: usize) -> Vec<Part> {
    let teams: Vec<usize> = (0..2).filter(|&t| h.count[t] > 0).collect();
    let letter = |t: usize| {
        if h.released[t] {
            letters[t]
        } else {
            letters[t].to_ascii_lowercase()
        }
    };
    let count = |n: usize| match n {
        2..=9 => n.to_string(),
        _ => "+".to_string(),
    };
    match teams.as_slice() {
        [] => vec![("·".to_string(), None, false)],
        [t] => {
            let (n, l, imm) = (h.count[*t], letter(*t), h.immune[*t]);
            let bang = if imm { "!" } else { "" };
            let x = match (tw, n) {
                (1, 1) => l.to_string(),
                (1, _) => count(n),
                (2, 1) => format!("{l}{bang}"),
                (2, _) => format!("{l}{}", count(n)),
                (_, 1) => {
                    let with = format!("{l}{}{bang}", h.first[*t]);
                    if with.chars().count() <= tw {
                        with
                    } else {
                        format!("{l}{}", h.first[*t])
                    }
                }
                (_, n) => format!(
                    "{l}×{}{}",
                    if n > 9 && tw < 4 {
                        "+".to_string()
                    } else {
                        n.to_string()
                    },
                    bang
                ),
            };
            vec![(x.chars().take(tw).collect(), Some(*t), imm)]
        }
        _ if tw == 1 => vec![("*".to_string(), None, false)],
        _ => vec![
            (letter(0).to_string(), Some(0), h.immune[0]),
            (letter(1).to_string(), Some(1), h.immune[1]),
        ],
    }
}

/// Per row, the ways the teams walk it in their track's order: `(team, backward)`.
fn row_ways(rows: usize, teams: &[TeamView]) -> Vec<Vec<(usize, bool)>> {
    (0..rows)
        .map(|ri| {
            let mut v = Vec::new();
            for (t, team) in teams.iter().enumerate() {
                for w in team.walks.iter().filter(|w| w.row == ri) {
                    v.push((t, w.backward));
                }
            }
            v
        })
        .collect()
}

/// The margin label of a row: each team's letter and its ways along the row in order
/// (`S→←`: south walks it forward, then back).
fn way_label(ways: &[(usize, bool)], letters: [char; 2]) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for &(t, back) in ways {
        let arrow = if back { '←' } else { '→' };
        match out.iter_mut().find(|(_, u)| *u == t) {
            Some((x, _)) => x.push(arrow),
            None => out.push((format!("{}{arrow}", letters[t]), t)),
        }
    }
    out
}

/// The widest hole width (separator included: 4, 3 or 2) with which the board fits `width`.
fn hole_width(name_w: usize, holes: usize, label_w: usize, width: usize) -> usize {
    [4, 3, 2]
        .into_iter()
        .find(|cw| name_w + holes * cw + 2 + label_w <= width)
        .unwrap_or(2)
}

/// The board as styled lines fitting `width`, the chosen move's holes marked (the hole it
/// leaves reversed, the hole it reaches green).
pub fn board_lines(
    g: &Game,
    s: &State,
    chosen: Option<Decision>,
    width: usize,
) -> Vec<Line<'static>> {
    let marks = chosen.map_or((None, None), |d| chosen_holes(g, s, d));
    board_lines_marked(g, s, marks, width)
}

/// The holes an action leaves and reaches, played from `s` (`None` for neither: a throw,
/// or beside the board).
pub fn move_cells(
    g: &Game,
    s: &State,
    a: crate::tools::record::Action,
) -> (Option<At>, Option<At>) {
    a.as_decision()
        .map_or((None, None), |d| chosen_holes(g, s, d))
}

/// The holes decision `d` leaves and reaches: the view model's, as the page marks them.
fn chosen_holes(g: &Game, s: &State, d: Decision) -> (Option<At>, Option<At>) {
    let (from, to, _) = view::move_holes(g, s, d);
    (from, to)
}

/// The board as styled lines fitting `width`, the holes `marks` names marked (the first
/// reversed, the second green; `None` marks none).
pub fn board_lines_marked(
    g: &Game,
    s: &State,
    marks: (Option<At>, Option<At>),
    width: usize,
) -> Vec<Line<'static>> {
    let ir = g.ir();
    let teams = view::teams_view(ir, s).into_array();
    let letters = team_letters(g);
    let name_w = ir
        .rows
        .iter()
        .map(|r| r.name.chars().count())
        .max()
        .unwrap_or(0);
    let holes = ir.rows.iter().map(|r| r.len as usize).max().unwrap_or(0);
    let ways = row_ways(ir.rows.len(), &teams);
    let label_w = ways
        .iter()
        .map(|w| {
            way_label(w, letters)
                .iter()
                .map(|(x, _)| x.chars().count() + 1)
                .sum::<usize>()
        })
        .max()
        .unwrap_or(0);
    let cw = hole_width(name_w, holes, label_w, width);
    // Too narrow even at the smallest holes: the row names are cut, never the last holes.
    let name_w = name_w.min(width.saturating_sub(holes * cw)).max(3);
    let grid = Grid {
        stacks: stacks(ir, &teams),
        letters,
        cw,
        name_w,
        longest: holes,
        marks,
        colours: colours(ir),
    };
    let mut lines = vec![grid.numbers(holes)];
    let mid = ir.rows.len() / 2;
    // A team starting on a row of the upper half has its pieces off the board drawn above.
    let start_row = |t: usize| teams[t].walks.first().map_or(0, |w| w.row);
    let (above, below): (Vec<usize>, Vec<usize>) = (0..2).partition(|&t| start_row(t) >= mid);
    lines.extend(
        above
            .iter()
            .filter_map(|&t| off_board_line(&teams[t], t, letters, grid.colours[t])),
    );
    for (ri, r) in ir.rows.iter().enumerate().rev() {
        lines.push(grid.row_line(ri, r, &ways[ri]));
    }
    lines.extend(
        below
            .iter()
            .filter_map(|&t| off_board_line(&teams[t], t, letters, grid.colours[t])),
    );
    lines.extend(legend(ir, letters, cw - 1, width));
    lines
}

/// What the tokens mean at this hole width, in as many lines as `width` needs.
fn legend(ir: &Ir, letters: [char; 2], tw: usize, width: usize) -> Vec<Line<'static>> {
    let (a, b) = (letters[0], letters[1]);
    let mut items = vec![
        format!(
            "{a} {}, {b} {}",
            ir.teams[TeamId::FIRST].name,
            ir.teams[TeamId::SECOND].name
        ),
        "small: not released".to_string(),
    ];
    match tw {
        1 => items.extend([
            "2-9: pieces of a stack".to_string(),
            "* both teams".to_string(),
        ]),
        2 => items.extend([format!("{a}3: 3 pieces"), format!("{a}{b}: both teams")]),
        _ => items.extend([format!("{a}7: piece 7"), format!("{a}×3: 3 pieces")]),
    }
    items.push(if tw == 1 {
        "underlined: immune".to_string()
    } else {
        "! or underlined: immune".to_string()
    });
    items.push("›→ the way".to_string());
    let mut out = Vec::new();
    let mut cur = String::new();
    for it in items {
        if !cur.is_empty() && cur.chars().count() + 3 + it.chars().count() > width {
            out.push(std::mem::take(&mut cur));
        }
        if !cur.is_empty() {
            cur.push_str(" · ");
        }
        cur.push_str(&it);
    }
    out.push(cur);
    out.into_iter()
        .map(|l| Line::styled(l, Style::new().add_modifier(Modifier::DIM)))
        .collect()
}

/// A team's pieces not on a hole: waiting (not released), started but off the board, out
/// of the game, and carried as prisoners; `None` when all are on the board.
fn off_board_line(
    team: &TeamView,
    t: usize,
    letters: [char; 2],
    colour: Color,
) -> Option<Line<'static>> {
    let (mut waiting, mut started, mut out, mut held) = (0usize, 0usize, 0usize, 0usize);
    for p in &team.pieces {
        if p.prisoner {
            held += 1;
        } else if !p.alive {
            out += 1;
        } else if p.at.is_none() {
            if p.released {
                started += 1;
            } else {
                waiting += 1;
            }
        }
    }
    if waiting + started + out + held == 0 {
        return None;
    }
    let glyphs = |c: char, n: usize| -> String {
        let mut x: String = std::iter::repeat_n(c, n.min(12)).collect();
        if n > 12 {
            x.push('…');
        }
        x
    };
    let colour = Style::new().fg(colour);
    let mut spans = vec![Span::styled(
        format!("{} off the board:", team.name),
        colour,
    )];
    let mut sep = " ";
    if waiting > 0 {
        spans.push(Span::raw(format!("{sep}{waiting} waiting ")));
        spans.push(Span::styled(
            glyphs(letters[t].to_ascii_lowercase(), waiting),
            colour,
        ));
        sep = " · ";
    }
    if started > 0 {
        spans.push(Span::raw(format!("{sep}{started} started ")));
        spans.push(Span::styled(glyphs(letters[t], started), colour));
        sep = " · ";
    }
    if out > 0 {
        spans.push(Span::raw(format!("{sep}{out} out of the game")));
        sep = " · ";
    }
    if held > 0 {
        let what = if held == 1 { "a prisoner" } else { "prisoners" };
        spans.push(Span::raw(format!("{sep}{held} carried as {what}")));
    }
    Some(Line::from(spans))
}

/// What every row of the grid needs.
struct Grid {
    /// What stands on every hole, `[row][hole]`.
    stacks: Vec<Vec<Stack>>,
    letters: [char; 2],
    /// Columns per hole, separator included.
    cw: usize,
    name_w: usize,
    /// Holes of the longest row.
    longest: usize,
    /// The chosen move's holes: (leaves, reaches).
    marks: (Option<At>, Option<At>),
    /// The teams' colours ([`colours`]).
    colours: [Color; 2],
}

impl Grid {
    /// The hole numbers over the columns (every fifth, and the first, when they do not fit).
    fn numbers(&self, holes: usize) -> Line<'static> {
        let tw = self.cw - 1;
        let mut head: Vec<char> = vec![' '; self.name_w + holes * self.cw];
        for h in 0..holes {
            let n = (h + 1).to_string();
            // Too narrow for every number: the first and every fifth, which do not collide.
            let narrow = tw < holes.to_string().len();
            if narrow && (h + 1) % 5 != 0 && h != 0 {
                continue;
            }
            // Right-aligned on the hole's token (a long number spills leftwards).
            let end = self.name_w + h * self.cw + self.cw;
            for (i, c) in n.chars().rev().enumerate() {
                if let Some(x) = end.checked_sub(i + 1).and_then(|at| head.get_mut(at)) {
                    *x = c;
                }
            }
        }
        Line::styled(
            head.into_iter().collect::<String>(),
            Style::new().add_modifier(Modifier::DIM),
        )
    }

    /// One row: its name, a token per hole (the chosen move's holes marked) with the way
    /// along the row between them when one team walks it one way, then the ways in the
    /// margin.
    fn row_line(&self, ri: usize, r: &Row, ways: &[(usize, bool)]) -> Line<'static> {
        let tw = self.cw - 1;
        let (from, to) = self.marks;
        // One way along the row (whoever walks it): drawn between the holes, in the
        // team's colour when one team walks it.
        let one_way = match ways {
            [(t, back), rest @ ..] if rest.iter().all(|(_, b)| b == back) => Some((
                rest.iter().all(|(u, _)| u == t).then_some(*t),
                if *back { '‹' } else { '›' },
            )),
            _ => None,
        };
        let name: String = r.name.chars().take(self.name_w).collect();
        let mut spans = vec![Span::raw(format!("{name:w$}", w = self.name_w))];
        for h in 0..r.len {
            let here = Some(At { row: ri, hole: h });
            match one_way {
                Some((t, a)) if h > 0 => spans.push(Span::styled(
                    a.to_string(),
                    match t {
                        Some(t) => Style::new().fg(self.colours[t]),
                        None => Style::new(),
                    }
                    .add_modifier(Modifier::DIM),
                )),
                _ => spans.push(Span::raw(" ")),
            }
            let reached = to.is_some() && to == here;
            let mark = if reached {
                Style::new().bg(Color::Green).fg(Color::Black)
            } else if from.is_some() && from == here {
                Style::new().add_modifier(Modifier::REVERSED)
            } else {
                Style::new()
            };
            let stack = self
                .stacks
                .get(ri)
                .and_then(|row| row.get(h as usize))
                .copied()
                .unwrap_or_default();
            let parts = token(&stack, self.letters, tw);
            let used: usize = parts.iter().map(|(x, _, _)| x.chars().count()).sum();
            for (x, t, immune) in parts {
                let st = match t {
                    _ if reached => mark,
                    Some(t) => mark.fg(self.colours[t]).add_modifier(Modifier::BOLD),
                    None => mark.add_modifier(Modifier::DIM),
                };
                let st = if immune {
                    st.add_modifier(Modifier::UNDERLINED)
                } else {
                    st
                };
                spans.push(Span::styled(x, st));
            }
            spans.push(Span::styled(" ".repeat(tw.saturating_sub(used)), mark));
        }
        let missing = self.cw * self.longest.saturating_sub(r.len as usize);
        spans.push(Span::raw(" ".repeat(missing + 2)));
        for (x, t) in way_label(ways, self.letters) {
            spans.push(Span::styled(
                format!("{x} "),
                Style::new().fg(self.colours[t]),
            ));
        }
        Line::from(spans)
    }
}
