//! A position as plain data for a front end that draws it itself (the web page of
//! `seig serve`): the rows of holes, each team's pieces and track directions, the sticks as
//! thrown, the pool, and the legal decisions with where they go and the rules behind them,
//! and, for each piece that cannot move, the engine's refusal. Everything here is asked of
//! the engine; nothing is decided.

use crate::analysis::explain::{self, RuleCite, ThrowView};
use seig_engine::{Decision, Game, Stage, State};
use seig_lang::ir::{ByTeam, Cell, Ir, TeamId, ValueRule};
use serde::Serialize;

/// Each team's colour (red, green, blue) when the rule file names none: the language
/// default ([`seig_lang::palette::DEFAULT_TEAMS`]), chosen to stand apart from each other,
/// from the page's sand-coloured holes and from a dark terminal's background.
pub(crate) const TEAM_RGB: [[u8; 3]; 2] = seig_lang::palette::DEFAULT_TEAMS;

/// Team `team`'s colour, the same in the terminal, the web page and the report: the one its
/// rule file names (`team NAME shown as COLOUR`), else the language default (`TEAM_RGB`).
pub fn team_rgb(ir: &Ir, team: usize) -> [u8; 3] {
    let named = TeamId::from_index(team)
        .and_then(|t| ir.teams[t].shown)
        .map(|s| s.value);
    named
        .or_else(|| TEAM_RGB.get(team).copied())
        .unwrap_or([0x80, 0x80, 0x80])
}

/// Team `team`'s colour ([`team_rgb`]) as CSS writes it (`#d2691e`).
pub(crate) fn team_colour_hex(ir: &Ir, team: usize) -> String {
    seig_lang::palette::hex(team_rgb(ir, team))
}

/// A hole: its row (index into [`BoardView::rows`]) and its place in the row (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Hole {
    /// Row index.
    pub row: usize,
    /// Hole within the row, 0-based.
    pub hole: u16,
}

/// A row of holes.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RowView {
    /// Name.
    pub name: String,
    /// Kind word (`home`, `central`…).
    pub kind: String,
    /// Owning team's index, if any.
    pub owner: Option<usize>,
    /// Holes.
    pub len: u16,
}

/// A team's walk along one row: which holes, in which direction.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Walk {
    /// Row index.
    pub row: usize,
    /// Walked from the last hole to the first.
    pub backward: bool,
    /// First hole walked (0-based within the row).
    pub from: u16,
    /// Last hole walked.
    pub to: u16,
    /// The segment's label, if the file gives one.
    pub label: Option<String>,
}

/// One piece.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PieceView {
    /// Number as people name it (1-based).
    pub number: usize,
    /// Where it stands; `None` beside the board (waiting) or out of the game.
    pub at: Option<Hole>,
    /// Released.
    pub released: bool,
    /// Immune.
    pub immune: bool,
    /// Still in the game.
    pub alive: bool,
    /// Borne off the board (`bear off from …`): out of the game, not taken.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub borne_off: bool,
    /// A prisoner (`capture …: take prisoner`): out of play, carried by the stack on `at`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub prisoner: bool,
}

/// A team.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TeamView {
    /// Name.
    pub name: String,
    /// Its pieces.
    pub pieces: Vec<PieceView>,
    /// Its track, segment by segment.
    pub walks: Vec<Walk>,
}

/// The last throw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SticksView {
    /// Sticks thrown.
    pub sticks: u8,
    /// Sticks showing face 0.
    pub k: u8,
    /// Value to its thrower.
    pub value: u8,
    /// The two faces' names.
    pub faces: [String; 2],
    /// The names of the classes the throw is in.
    pub classes: Vec<String>,
    /// The thrower's team (index), when known.
    pub team: Option<usize>,
    /// The face whose sticks the value counts for the thrower (0 or 1).
    pub counted: u8,
    /// The throw in words, from its thrower: `north threw 3 (3 black, 2 white)`.
    pub words: String,
    /// The throw belongs to the seat to play now (it threw it in this turn).
    pub current: bool,
}

/// The last throw as its thrower reads it: who threw, its value, and the sticks of the face
/// the value counts for them (a team's own colour, or the file's counted face) first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThrowSeen {
    /// The thrower: team and seat (0-based), when known.
    pub thrower: Option<(TeamId, u8)>,
    /// Sticks thrown.
    pub sticks: u8,
    /// Its value to the thrower.
    pub value: u8,
    /// The face the value counts (0 or 1) and how many sticks show it.
    pub counted: (u8, u8),
    /// The other face and how many sticks show it.
    pub other: (u8, u8),
    /// The classes the throw is in.
    pub classes: Vec<String>,
    /// The throw is the seat to play's own, of this turn.
    pub current: bool,
    /// The values the dice show, ascending (empty: the throw is of sticks).
    pub dice: Vec<u8>,
    /// The marked stick alone shows the counted face (`on 1 marked`).
    pub marked: bool,
}

impl ThrowSeen {
    /// A throw of `n` sticks with `k` showing the first face, by `thrower` (when known):
    /// its value as the thrower counts it, the counted face's sticks and the other's.
    /// Every throw shown anywhere (the last throw here, a throw in a trace or a record's
    /// words) is read through this one.
    pub fn new(ir: &Ir, n: u8, k: u8, thrower: Option<(TeamId, u8)>, current: bool) -> ThrowSeen {
        let colour = thrower.and_then(|(t, _)| ir.team_of(t).colour_face());
        let face = match ir.sticks.value.value {
            ValueRule::Face(f) => f.min(1),
            ValueRule::OwnColour => colour.unwrap_or(0).min(1),
        };
        let marked = ir.sticks.is_marked(n, k);
        let dice = ir.sticks.dice_values(n, k).unwrap_or_default();
        // The marked throw: one stick (the marked one) shows the counted face.
        let k = match (marked, face) {
            (true, 0) => 1,
            (true, _) => n.saturating_sub(1),
            (false, _) => k,
        };
        let count = |f: u8| if f == 0 { k } else { n.saturating_sub(k) };
        let value = if dice.is_empty() {
            ir.sticks.value.value.throw_value(colour, k.min(n), n)
        } else {
            dice.iter().fold(0u8, |a, &v| a.saturating_add(v))
        };
        ThrowSeen {
            thrower,
            sticks: n,
            value,
            counted: (face, count(face)),
            other: (1 - face, count(1 - face)),
            classes: if dice.is_empty() {
                ir.classes_of(k, n).into_iter().map(String::from).collect()
            } else {
                Vec::new()
            },
            current,
            dice,
            marked,
        }
    }
}

/// Who made the last throw of `s`: `known` (from the game's actions, see
/// [`crate::play::last_thrower`]), else the seat to play when the throw is of its turn.
pub fn throw_seen(g: &Game, s: &State, known: Option<(TeamId, u8)>) -> Option<ThrowSeen> {
    let (n, k, value) = s.last()?;
    let own_turn = s.stage() == Stage::Move || s.turn_throws() > 0;
    let thrower = known.or(own_turn.then(|| (s.team(), s.seat())));
    let current = own_turn && thrower.is_none_or(|(t, seat)| t == s.team() && seat == s.seat());
    // The value the position recorded (the thrower's, even when it is not known here).
    Some(ThrowSeen {
        value,
        ..ThrowSeen::new(g.ir(), n, k, thrower, current)
    })
}

/// A seat as people name it: the team, and the seat's number when teams have several.
pub fn seat_words(ir: &Ir, team: TeamId, seat: u8) -> String {
    let name = &ir.team_of(team).name;
    if ir.seats.value > 1 {
        format!("{name} seat {}", seat + 1)
    } else {
        name.clone()
    }
}

/// The moves of the turn's pool not used yet, as people count them: `in hand: 4, 4, 3`
/// (`None` when none is left). A move that can only release says so.
pub fn hand_words(s: &State) -> Option<String> {
    let open: Vec<String> = s
        .pool()
        .iter()
        .filter(|e| e.unused())
        .map(|e| match e.kind {
            seig_engine::EntryKind::Release => format!("{} (release)", e.steps),
            _ => e.steps.to_string(),
        })
        .collect();
    (!open.is_empty()).then(|| format!("in hand: {}", open.join(", ")))
}

/// A move waiting in the pool.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PoolView {
    /// Places.
    pub steps: u8,
    /// Value of the throw that gave it.
    pub thrown: u8,
    /// Used (or dropped) already.
    pub used: bool,
}

/// A legal decision, drawn as a move from one place to another.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MoveView {
    /// Its index in the engine's order (what the server is asked to play).
    pub index: usize,
    /// Notation (`3:4 a.1>a.5`).
    pub notation: String,
    /// The piece (1-based; 0 for a pass, a throw on or a home decision, which move none of
    /// the seat's pieces: a home decision puts an opposing piece on the hole `to`).
    pub piece: usize,
    /// Where it stands now (`None`: beside the board).
    pub from: Option<Hole>,
    /// Where it lands (`None`: off the track).
    pub to: Option<Hole>,
    /// The holes it passes along its team's track, the landing hole last (empty when the
    /// track cannot say: a move that loops or leaves the track).
    pub path: Vec<Hole>,
    /// Takes opposing pieces there.
    pub capture: bool,
    /// The rules that allow it.
    pub rules: Vec<RuleCite>,
    /// What happens when it is played.
    pub events: Vec<String>,
}

/// Why a piece cannot move now.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RefusalView {
    /// The piece (1-based).
    pub piece: usize,
    /// Where it stands.
    pub at: Option<Hole>,
    /// The engine's refusal in words, with what decided it.
    pub message: String,
    /// The rule that refuses it, if one does.
    pub rule: Option<RuleCite>,
    /// Each statement, language default or fact the refusal rests on.
    pub because: Vec<crate::words::refusal::Because>,
}

/// A whole position as a front end draws it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BoardView {
    /// The game's title.
    pub game: String,
    /// Phase.
    pub phase: String,
    /// `throw`, `move` or `over`.
    pub stage: String,
    /// The seat throws again.
    pub again: bool,
    /// Team to play (index).
    pub team: usize,
    /// Seat to play (1-based).
    pub seat: u8,
    /// The winner's index, when over.
    pub winner: Option<usize>,
    /// Seat turns so far.
    pub turns: u32,
    /// Position notation (the whole line).
    pub position: String,
    /// Rows, first row first.
    pub rows: Vec<RowView>,
    /// The two teams.
    pub teams: ByTeam<TeamView>,
    /// The last throw.
    pub sticks: Option<SticksView>,
    /// The turn's pool.
    pub pool: Vec<PoolView>,
    /// At a move: the legal decisions.
    pub moves: Vec<MoveView>,
    /// At a move: the pieces that cannot move, and why.
    pub refusals: Vec<RefusalView>,
    /// At a throw: the possible throws, with probabilities and the rule each meets.
    pub throws: Vec<ThrowView>,
    /// The pool's moves not used yet, in words (`in hand: 4, 4, 3`).
    pub hand: Option<String>,
    /// Each team's colour, as CSS writes it ([`team_rgb`]).
    pub colours: Vec<String>,
}

/// The row and hole of a cell.
pub fn hole_of(ir: &Ir, cell: Cell) -> Option<Hole> {
    let c = cell.get();
    ir.rows.iter().enumerate().find_map(|(row, r)| {
        let first = r.first.get();
        (c >= first && c < first + r.len).then_some(Hole {
            row,
            hole: c - first,
        })
    })
}

/// The two teams of `s` as a front end draws them: their pieces (where each stands,
/// released, immune, in the game) and their walks along the rows. The web page
/// ([`board_view`]) and the terminal's board both draw from this.
pub fn teams_view(ir: &Ir, s: &State) -> ByTeam<TeamView> {
    ByTeam::from_fn(|t| team_view(ir, s, t))
}

/// Where decision `d` of the team to play takes its piece: the hole it leaves and the hole
/// it reaches (`None`: beside the board, or off the track), and the holes it passes along
/// its track, the landing hole last (see [`MoveView::path`]).
pub fn move_holes(g: &Game, s: &State, d: Decision) -> (Option<Hole>, Option<Hole>, Vec<Hole>) {
    let ir = g.ir();
    if let Some(c) = g.home_decision_cell(s, d) {
        // A home decision: a taken piece goes from beside the board to the hole chosen.
        let to = hole_of(ir, c);
        return (None, to, to.into_iter().collect());
    }
    if !d.moves_piece() {
        // A pass or a throw on: no piece, nowhere to go.
        return (None, None, Vec::new());
    }
    let p = s.piece(s.team(), d.piece as usize);
    let landing = g.check_decision(s, s.team(), d).ok();
    let to = landing
        .as_ref()
        .and_then(|l| l.place())
        .and_then(|c| hole_of(ir, c));
    let path = landing
        .map(|l| track_path(ir, s.team(), p.track_index(), l.track_index()))
        .unwrap_or_default();
    (p.place().and_then(|c| hole_of(ir, c)), to, path)
}

fn team_view(ir: &Ir, s: &State, t: TeamId) -> TeamView {
    let team = ir.team_of(t);
    let walks = team
        .track
        .segments
        .iter()
        .filter_map(|seg| {
            let first = team.track.cells.get(seg.start as usize)?;
            let last = team
                .track
                .cells
                .get((seg.start + seg.len.max(1) - 1) as usize)?;
            let a = hole_of(ir, *first)?;
            let b = hole_of(ir, *last)?;
            Some(Walk {
                row: seg.row,
                backward: seg.backward,
                from: a.hole,
                to: b.hole,
                label: seg.label.clone(),
            })
        })
        .collect();
    TeamView {
        name: team.name.clone(),
        pieces: s
            .pieces(t)
            .iter()
            .enumerate()
            .map(|(i, p)| PieceView {
                number: i + 1,
                at: p.place().and_then(|c| hole_of(ir, c)),
                released: p.released(),
                immune: p.immune(),
                alive: p.alive(),
                borne_off: p.borne_off(),
                prisoner: p.prisoner(),
            })
            .collect(),
        walks,
    }
}

/// The pieces of the team to play that no legal decision moves, each with the first
/// refusal the engine gives for an unused pool entry.
fn refusals(g: &Game, s: &State, legal: &[Decision]) -> Vec<RefusalView> {
    let ir = g.ir();
    let t = s.team();
    let unused: Vec<usize> = s
        .pool()
        .iter()
        .enumerate()
        .filter(|(_, e)| e.unused())
        .map(|(i, _)| i)
        .collect();
    let mut out = Vec::new();
    for (i, p) in s.pieces(t).iter().enumerate() {
        if !p.alive() || legal.iter().any(|d| d.piece as usize == i) {
            continue;
        }
        let refusal = unused
            .iter()
            .find_map(|&e| g.check_move(s, t, i as u8, 1u64 << e).err());
        if let Some(r) = refusal {
            out.push(RefusalView {
                piece: i + 1,
                at: p.place().and_then(|c| hole_of(ir, c)),
                message: crate::words::refusal::line(ir, &r),
                rule: r.rule().map(|x| explain::cite(ir, x)),
                because: crate::words::refusal::because(ir, &r),
            });
        }
    }
    out
}

/// The pieces of the team to play that cannot move now, each with the engine's refusal
/// (none but at a move).
pub fn refusals_now(g: &Game, s: &State) -> Vec<RefusalView> {
    if s.stage() != Stage::Move {
        return Vec::new();
    }
    let mut legal = Vec::new();
    g.legal_decisions(s, &mut legal);
    refusals(g, s, &legal)
}

/// The holes from track place `from` (exclusive; before the track when negative) to `to`
/// (inclusive) along the team's track; empty unless `to` is on the track and ahead.
fn track_path(ir: &Ir, team: TeamId, from: Option<usize>, to: Option<usize>) -> Vec<Hole> {
    let cells = &ir.team_of(team).track.cells;
    let start = from.map_or(0, |f| f + 1);
    let Some(end) = to else {
        return Vec::new();
    };
    if end < start {
        return Vec::new();
    }
    cells
        .get(start..=end)
        .unwrap_or_default()
        .iter()
        .filter_map(|&c| hole_of(ir, c))
        .collect()
}

/// The position `s` as data, with its legal decisions (in the engine's order) and refusals;
/// `thrower` is who made the last throw, when the front end knows it from the game's actions.
pub fn board_view(g: &Game, s: &State, thrower: Option<(TeamId, u8)>) -> BoardView {
    let ir = g.ir();
    let mut legal = Vec::new();
    g.legal_decisions(s, &mut legal);
    let ex = explain::explain(g, s, None).ok();
    let (throws, decisions) = match ex {
        Some(e) => (e.throws, e.decisions),
        None => (Vec::new(), Vec::new()),
    };
    let moves = legal
        .iter()
        .zip(decisions)
        .enumerate()
        .map(|(index, (d, dv))| {
            let (from, to, path) = move_holes(g, s, *d);
            MoveView {
                index,
                notation: dv.notation,
                piece: if d.moves_piece() {
                    d.piece as usize + 1
                } else {
                    0
                },
                from,
                to,
                path,
                capture: d.capture,
                rules: dv.rules,
                events: dv.events,
            }
        })
        .collect();
    let (stage, winner) = match s.stage() {
        Stage::Throw => ("throw", None),
        Stage::Move => ("move", None),
        Stage::Over(w) => ("over", Some(w.index())),
        Stage::Drawn => ("drawn", None),
        Stage::Deadlock => ("deadlock", None),
    };
    BoardView {
        game: ir.game.clone(),
        phase: ir
            .phases
            .value
            .get(s.phase().index())
            .cloned()
            .unwrap_or_default(),
        stage: stage.into(),
        again: s.again(),
        team: s.team().index(),
        seat: s.seat() + 1,
        winner,
        turns: s.turns(),
        position: g.to_notation(s),
        rows: ir
            .rows
            .iter()
            .map(|r| RowView {
                name: r.name.clone(),
                kind: r.kind.clone(),
                owner: r.owner.map(|t| t.index()),
                len: r.len,
            })
            .collect(),
        teams: teams_view(ir, s),
        sticks: s
            .last()
            .zip(throw_seen(g, s, thrower))
            .map(|((n, k, value), t)| SticksView {
                sticks: n,
                k,
                value,
                faces: ir.sticks.faces.clone(),
                team: t.thrower.map(|(x, _)| x.index()),
                counted: t.counted.0,
                words: crate::words::throw::seen(ir, &t),
                current: t.current,
                classes: t.classes,
            }),
        hand: hand_words(s),
        colours: (0..2).map(|t| team_colour_hex(ir, t)).collect(),
        pool: s
            .pool()
            .iter()
            .map(|e| PoolView {
                steps: e.steps,
                thrown: e.thrown,
                used: !e.unused(),
            })
            .collect(),
        refusals: if s.stage() == Stage::Move {
            refusals(g, s, &legal)
        } else {
            Vec::new()
        },
        moves,
        throws,
    }
}
