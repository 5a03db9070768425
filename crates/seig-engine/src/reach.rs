//! "No capture is possible any more", computed from the tracks and the capture table:
//! some attacking piece can still reach a hole where some opposing piece can still be
//! while not immune, and taking is allowed there. Timing is ignored, so the answer
//! errs toward "possible" (the race never ends too early). A piece walks its track forward,
//! round a loop, and under `ends: bounce` back from the last hole by as many places as one
//! move can carry it (the whole track when pooled throws walk as one move).
#![expect(
    clippy::indexing_slicing,
    reason = "per-team tables are sized in `Reach::new` from the track lengths and holes of the checked IR, and are read with track indices and holes of a valid state"
)]

use super::{Game, State};
use seig_ir::*;

/// Reachability tables per team.
#[derive(Debug, Clone)]
pub(crate) struct Reach {
    /// `after[t][i]`: holes a piece at track index `i - 1` can still land on.
    after: ByTeam<Vec<CellSet>>,
    /// `vuln[t][i]`: holes a piece at index `i` can still stand on before it turns immune.
    vuln: ByTeam<Vec<CellSet>>,
    /// Holes where team `t` may take.
    capturable: ByTeam<CellSet>,
    /// Per team, the first `stop` gate that needs the opponent to have unreleased pieces,
    /// when no capture sends a piece home (so that a barrier can close for good).
    barrier_gate: ByTeam<Option<u16>>,
    /// `before_barrier[t][i]`: the holes at track indices `i..` up to the barrier gate.
    before_barrier: ByTeam<Vec<CellSet>>,
}

impl Reach {
    /// Builds the tables.
    pub fn new(ir: &Ir) -> Reach {
        let back = bounce_reach(ir);
        let build = |t: TeamId| {
            let tr = &ir.teams[t].track;
            let len = tr.cells.len();
            let mut loop_cells = CellSet::default();
            if let Some(l) = &tr.looping {
                for &c in &tr.cells[l.from as usize..] {
                    loop_cells.insert(c);
                }
            }
            // The holes a bounce off the last hole walks back onto (a loop comes first).
            let mut bounce_cells = CellSet::default();
            if tr.end.value == TrackEnd::Bounce && tr.looping.is_none() {
                for &c in &tr.cells[len.saturating_sub(back + 1)..] {
                    bounce_cells.insert(c);
                }
            }
            // A hole that sends a piece on may send it back: the holes from each target on
            // count as reachable from anywhere (conservative, as a loop).
            let mut sent_cells = CellSet::default();
            for so in &ir.send_on {
                if let Some(i) = so.to[t].and_then(|c| tr.cells.iter().position(|&x| x == c)) {
                    for &c in &tr.cells[i..] {
                        sent_cells.insert(c);
                    }
                }
            }
            // A branch leads back to the main path, behind the holes that follow it in the
            // track's cells: every hole of a branching track counts as reachable from
            // anywhere (conservative, as a loop).
            if !tr.branches.is_empty() {
                for &c in &tr.cells {
                    sent_cells.insert(c);
                }
            }
            loop_cells = loop_cells.union(&bounce_cells).union(&sent_cells);
            // shifted[i]: the holes at indices >= i, the whole loop, and a bounce's holes.
            let mut shifted = vec![loop_cells; len + 1];
            for i in (0..len).rev() {
                shifted[i] = shifted[i + 1];
                shifted[i].insert(tr.cells[i]);
            }
            let immune = ir.capture.immune[t].map(|(s, _)| s).unwrap_or_default();
            let vuln = (0..len)
                .map(|start| {
                    let mut set = CellSet::default();
                    let mut i = start;
                    let mut steps = 0;
                    while steps <= 2 * len {
                        let c = tr.cells[i];
                        if immune.contains(c) {
                            break;
                        }
                        set.insert(c);
                        i += 1;
                        steps += 1;
                        if i == len {
                            match &tr.looping {
                                Some(l) => i = l.from as usize,
                                None => {
                                    // Not immune by the last hole: a bounce may bring it back
                                    // onto the holes before (the immune ones included:
                                    // conservative).
                                    set = set.union(&bounce_cells);
                                    break;
                                }
                            }
                        }
                    }
                    set.union(&sent_cells)
                })
                .collect();
            (shifted, vuln)
        };
        let (a0, v0) = build(TeamId::FIRST);
        let (a1, v1) = build(TeamId::SECOND);
        let capturable = ByTeam::from_fn(|t| {
            let mut s = CellSet::default();
            for (c, cc) in ir.capture.at[t].iter().enumerate() {
                if cc.spec.is_some() && cc.forbidden_by.is_none() {
                    s.insert(Cell::new(c as u16));
                }
            }
            s
        });
        let nobody_goes_home = ir
            .capture
            .at
            .iter()
            .flatten()
            .all(|c| c.spec.is_none_or(|sp| !sp.send_home));
        let barrier_gate = ByTeam::from_fn(|t| {
            ir.teams[t]
                .track
                .gates
                .iter()
                .filter(|gt| {
                    gt.stop
                        && matches!(&gt.requirement, Requirement::Conds(cs) if cs.contains(&Cond::OpponentHasUnreleased))
                })
                .map(|gt| gt.at)
                .min()
                .filter(|_| nobody_goes_home)
        });
        let before_barrier = ByTeam::from_fn(|t| {
            let cells = &ir.teams[t].track.cells;
            let b = barrier_gate[t].map_or(0, |b| b as usize);
            let mut v = vec![CellSet::default(); b + 1];
            for i in (0..b).rev() {
                v[i] = v[i + 1];
                v[i].insert(cells[i]);
            }
            v
        });
        Reach {
            after: ByTeam::new(a0, a1),
            vuln: ByTeam::new(v0, v1),
            capturable,
            barrier_gate,
            before_barrier,
        }
    }

    /// The first track index a team's pieces can never walk onto again: a `stop` gate
    /// whose condition needs the opponent to have unreleased pieces when it has none and
    /// no capture anywhere sends a piece home (so it never will again).
    fn barrier(&self, g: &Game, s: &State, t: TeamId) -> Option<u16> {
        self.barrier_gate[t].filter(|_| !g.cond(s, t, &Cond::OpponentHasUnreleased))
    }

    /// Can any capture still happen? Asked once per turn while it holds (a transition's
    /// `no capture possible`), so the common answer, yes, is found early: the holes an
    /// attacking team can reach are those of its rearmost pieces (the tables shrink along
    /// the track), and the first opposing piece that can stand on one of them, where taking
    /// is allowed, answers.
    pub fn capture_possible(&self, g: &Game, s: &State) -> bool {
        for a in TeamId::BOTH {
            let barrier = self.barrier(g, s, a).map_or(i16::MIN, |b| b as i16);
            // The rearmost alive piece before the barrier, and at or past it.
            let (mut behind, mut beyond) = (i16::MAX, i16::MAX);
            // The pieces in the game by the state's masks (`put` keeps them): those out of
            // it are never visited (many, once the captures begin).
            let mut alive = s.released[a] | s.waiting[a];
            while alive != 0 {
                let p = &s.pieces[a][alive.trailing_zeros() as usize];
                alive &= alive - 1;
                if p.tpos < barrier {
                    behind = behind.min(p.tpos);
                } else {
                    beyond = beyond.min(p.tpos);
                }
            }
            let mut target = CellSet::default();
            if behind != i16::MAX {
                target = target.union(&self.before_barrier[a][(behind + 1) as usize]);
            }
            if beyond != i16::MAX {
                target = target.union(&self.after[a][(beyond + 1) as usize]);
            }
            for i in 0..4 {
                target.0[i] &= self.capturable[a].0[i];
            }
            if target.is_empty() {
                continue;
            }
            let v = a.other();
            let meets = |set: &CellSet| (0..4).any(|i| target.0[i] & set.0[i] != 0);
            // The opposing pieces in the game and not immune, by the masks.
            let mut open = (s.released[v] | s.waiting[v]) & !s.immune[v];
            while open != 0 {
                let q = &s.pieces[v][open.trailing_zeros() as usize];
                open &= open - 1;
                let hit = if q.tpos >= 0 {
                    meets(&self.vuln[v][q.tpos as usize])
                } else {
                    (q.cell != super::NO_CELL && target.contains(Cell::new(q.cell as u16)))
                        || self.vuln[v].first().is_some_and(meets)
                };
                if hit {
                    return true;
                }
            }
        }
        false
    }
}

/// How many places one move can carry a piece: the most any throw entry's move gives (the
/// whole board when a pooled group of throws walks as one move, or a move counts more than
/// a throw can show). A bounce walks back at most that far from the last hole.
fn bounce_reach(ir: &Ir) -> usize {
    if ir.allocation.value == Allocation::Pooled {
        return ir.cells as usize;
    }
    // A throw is worth at most the sticks it throws.
    let st = &ir.sticks;
    let sticks = [st.first_of_game, st.first_of_turn]
        .into_iter()
        .chain(st.by_phase.iter().copied())
        .flatten()
        .fold(st.count, |most, c| most.max(c.value));
    let most = |a: Amount| (0..=sticks).map(|v| a.eval(v)).max().unwrap_or(0);
    ir.throws
        .iter()
        .flat_map(|e| e.effects.iter())
        .map(|f| match *f {
            Effect::Move(a)
            | Effect::Release { steps: a, .. }
            | Effect::ReleaseOrMove { steps: a, .. } => most(a) as usize,
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}
