//! TAG-S6 over traced games: "All subsequent "Seig" throws will release and move a piece
//! forward one place along the Lower Field only." Under every option of A-TAG-16 (which Seig
//! is the first) and A-TAG-11 (a step that cannot be made), random legal play is traced and an
//! independent checker — knowing no rule ID of the file, only the sticks, the pool and the
//! pieces — holds that no release by a Seig after the first carries its piece out of the
//! thrower's lower field, and that a release without its step happens only as A-TAG-11 says.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use crate::common;

use seig::engine::{Decision, EntryKind, Game, State};
use seig::lang::ir::{Cell, TeamId};
use seig::tools::sim::Rng;

/// Games per combination of options.
const GAMES: u64 = 12;
/// Most actions a traced game plays.
const MAX_ACTIONS: usize = 4000;

/// What the traces saw, per combination.
#[derive(Default, Debug)]
struct Seen {
    /// Later-Seig releases that made their step.
    stepped: usize,
    /// Later-Seig releases made in place (A-TAG-11 = in-place).
    in_place: usize,
    /// Later-Seig releases that took a piece other than the front-most waiting one.
    other_piece: usize,
}

/// The holes of each team's lower field: where its pieces stand at the start.
fn lower_fields(g: &Game) -> [Vec<Cell>; 2] {
    let s = g.initial_state();
    TeamId::BOTH.map(|t| s.pieces(t).iter().filter_map(|p| p.place()).collect())
}

/// The hole one place ahead of a waiting piece along its track (at track index `tpos`;
/// `None`: not on it), if any.
fn ahead(g: &Game, t: TeamId, tpos: Option<usize>) -> Option<Cell> {
    let cells = &g.ir().teams[t].track.cells;
    cells.get(tpos.map_or(0, |i| i + 1)).copied()
}

/// Can a waiting piece at `tpos` make a Seig's step within its lower field?
fn can_step(g: &Game, s: &State, t: TeamId, tpos: Option<usize>, lower: &[Cell]) -> bool {
    ahead(g, t, tpos).is_some_and(|c| {
        lower.contains(&c)
            && s.pieces(t)
                .iter()
                .all(|p| !p.alive() || p.place() != Some(c))
    })
}

/// Plays one seeded random game, checking every release by a later Seig.
fn trace(g: &Game, seed: u64, per_team: bool, blocked: &str, seen: &mut Seen) {
    let lower = lower_fields(g);
    let mut rng = Rng::for_game(seed, 0);
    let mut s = g.initial_state();
    let mut buf = Vec::new();
    // Which team (or the game, both at once) has had its first release.
    let mut first_done = [false; 2];
    // Pool indices of this turn's releases by a later Seig.
    let mut later: Vec<usize> = Vec::new();
    for _ in 0..MAX_ACTIONS {
        if g.is_over(&s) {
            return;
        }
        let team = s.team();
        let t = team.index();
        if g.is_chance(&s) {
            let n = g.sticks_for(&s);
            let k = g.sample_outcome(&s, rng.next_u64());
            let before = s.pool().len();
            if before == 0 {
                // A new turn's pool: last turn's entries are gone.
                later.clear();
            }
            g.apply_throw(&mut s, k, &mut Vec::new())
                .expect("a sampled throw is legal");
            let pool = s.pool();
            let start = if pool.len() < before {
                later.clear();
                0
            } else {
                before
            };
            let released = (start..pool.len()).find(|&i| pool[i].kind == EntryKind::Release);
            if let Some(i) = released {
                let seig = k == 1 || k + 1 == n;
                let first = if per_team {
                    !first_done[t]
                } else {
                    !first_done[0]
                };
                if seig && !first {
                    later.push(i);
                }
                if per_team {
                    first_done[t] = true;
                } else {
                    first_done = [true; 2];
                }
            }
            if pool.is_empty() {
                later.clear();
            }
            continue;
        }
        g.legal_decisions(&s, &mut buf);
        let d: Decision = match buf.len() {
            0 => panic!("no decision at a decision node: {}", g.to_notation(&s)),
            1 => buf[0],
            n => buf[(rng.next_u64() % n as u64) as usize],
        };
        let used: Vec<usize> = later
            .iter()
            .copied()
            .filter(|&i| d.mask >> i & 1 == 1)
            .collect();
        let before = s.clone();
        g.apply_decision(&mut s, d, &mut Vec::new())
            .expect("a listed decision is accepted");
        if used.is_empty() {
            continue;
        }
        let where_ = || format!("seed {seed}, {}", g.to_notation(&before));
        let p0 = before.pieces(team)[d.piece as usize];
        let p1 = s.pieces(team)[d.piece as usize];
        if p1.track_index() != p0.track_index() || p1.place() != p0.place() {
            let step = ahead(g, team, p0.track_index()).expect("a step onto the track");
            assert!(
                lower[t].contains(&step),
                "a later Seig's step leaves the lower field ({blocked}): {}",
                where_()
            );
            seen.stepped += 1;
        } else {
            assert_eq!(
                blocked,
                "in-place",
                "a later Seig released a piece without its step: {}",
                where_()
            );
            assert!(
                !can_step(g, &before, team, p0.track_index(), &lower[t]),
                "released in place though the step was open: {}",
                where_()
            );
            seen.in_place += 1;
        }
        // Was a waiting piece further along passed over? Only A-TAG-11 = another may, and
        // only a piece that could not make the step.
        let waiting_ahead: Vec<Option<usize>> = before
            .pieces(team)
            .iter()
            .filter(|p| p.alive() && !p.released() && p.track_index() > p0.track_index())
            .map(|p| p.track_index())
            .collect();
        if !waiting_ahead.is_empty() {
            assert_eq!(
                blocked,
                "another",
                "a later Seig took a piece behind the front-most: {}",
                where_()
            );
            if d.mask.count_ones() == 1 {
                assert!(
                    waiting_ahead
                        .iter()
                        .all(|&tp| !can_step(g, &before, team, tp, &lower[t])),
                    "another piece taken while the front-most could step: {}",
                    where_()
                );
            }
            seen.other_piece += 1;
        }
    }
}

#[test]
fn tag_s6_no_later_seig_carries_a_piece_out_of_the_lower_field_in_traced_games() {
    for lock in ["game-wide", "per-team"] {
        for blocked in ["in-place", "lost", "another"] {
            let g = common::game(
                "seig-tagent.seig",
                &[("A-TAG-16", lock), ("A-TAG-11", blocked)],
            );
            let mut seen = Seen::default();
            for seed in 1..=GAMES {
                trace(&g, seed, lock == "per-team", blocked, &mut seen);
            }
            // The traces reach the cases the sentence speaks of.
            assert!(seen.stepped > 50, "{lock}/{blocked}: {seen:?}");
            if blocked == "in-place" {
                assert!(seen.in_place > 0, "{lock}/{blocked}: {seen:?}");
            }
            if blocked == "another" {
                assert!(seen.other_piece > 0, "{lock}/{blocked}: {seen:?}");
            }
        }
    }
}
