//! `seig check --probe N`: plays N seeded random games of a variant and reports those that
//! never end (stopped by the turn cap), with their share and a Wilson interval, and what in
//! the file is likely responsible: a gate that no capped game ever passed, the part of a win
//! that did not hold when the cap stopped the game, the phase the capped games were stuck in.
//! What the static checks (`lang::lower::playable`) cannot prove, this finds by playing.

use crate::agents::{Agent, RandomAgent};
use crate::analysis::describe_conds;
use crate::driver::{self, End, Hooks, Streams};
use crate::stats::wilson;
use seig_engine::{Event, Game, State};
use seig_lang::ir::{Origin, RuleIx, TeamId};
use std::collections::BTreeSet;

/// What the probe found.
#[derive(Debug, Clone, PartialEq)]
pub struct ProbeReport {
    /// Games played.
    pub games: u64,
    /// Games stopped by the turn cap (they never ended).
    pub capped: u64,
    /// Games the engine could not go on with.
    pub aborted: u64,
    /// 95% Wilson interval of the share of capped games.
    pub interval: (f64, f64),
    /// The turn cap.
    pub max_turns: u32,
    /// Likely causes of the capped games, most telling first.
    pub suspects: Vec<Suspect>,
}

/// A statement the capped games point at.
#[derive(Debug, Clone, PartialEq)]
pub struct Suspect {
    /// The statement (`None`: the whole file).
    pub origin: Option<Origin>,
    /// What was seen.
    pub message: String,
}

/// Watches one game: the rules that let a piece move, and whether any piece moved.
#[derive(Default)]
struct Watch {
    rules: BTreeSet<RuleIx>,
    moves: u64,
}

impl Hooks for Watch {
    fn event(&mut self, e: Event) {
        if let Event::Moved { rules, .. } = e {
            self.moves += 1;
            self.rules.extend(rules.iter().copied());
        }
    }
}

/// Plays `games` random games (game `i` from `Streams::for_game(seed, i)`) of at most
/// `max_turns` seat turns each.
pub fn probe(g: &Game, seed: u64, games: u64, max_turns: u32) -> ProbeReport {
    let ir = g.ir();
    let mut capped = 0u64;
    let mut aborted = 0u64;
    // Over the capped games: rules that moved a piece, games with no move at all, the
    // phase they ended in, and per win the games where each team's first failing part failed.
    let mut passed: BTreeSet<RuleIx> = BTreeSet::new();
    let mut still = 0u64;
    let mut phases = vec![0u64; ir.phases.value.len()];
    let mut failing: Vec<Vec<u64>> = ir.wins.iter().map(|w| vec![0; w.when.len()]).collect();
    // Per team: capped games that ended with a blockade of the other team ahead of its pieces.
    let mut blockaded = [0u64; 2];
    for i in 0..games {
        let streams = Streams::for_game(seed, i);
        let (mut a, mut b) = (RandomAgent::default(), RandomAgent::default());
        let mut agents: [&mut dyn Agent; 2] = [&mut a, &mut b];
        let mut s = g.initial_state();
        let mut watch = Watch::default();
        let out = driver::play(g, &mut s, &mut agents, &streams, max_turns, &mut watch);
        match out.end {
            End::Won(_) => continue,
            End::Aborted(_) => {
                aborted += 1;
                continue;
            }
            End::Drawn => continue,
            // A deadlock is a game that cannot end, found early.
            End::TurnCap | End::Deadlock(_) => capped += 1,
        }
        passed.extend(watch.rules);
        still += u64::from(watch.moves == 0);
        if let Some(n) = phases.get_mut(s.phase().index()) {
            *n += 1;
        }
        if let Some(n) = ir.movement.blockade.value {
            for (t, k) in TeamId::BOTH.into_iter().zip(&mut blockaded) {
                *k += u64::from(blockade_ahead(g, &s, t, n));
            }
        }
        for (w, fails) in ir.wins.iter().zip(&mut failing) {
            for t in TeamId::BOTH {
                if let Some(j) = w.when.iter().position(|c| !g.cond(&s, t, c))
                    && let Some(n) = fails.get_mut(j)
                {
                    *n += 1;
                }
            }
        }
    }
    let mut suspects = Vec::new();
    if capped > 0 {
        if still == capped {
            suspects.push(Suspect {
                origin: None,
                message: "no piece ever moved in a game that did not end".into(),
            });
        }
        for t in TeamId::BOTH {
            for gate in &ir.team_of(t).track.gates {
                if !passed.contains(&gate.origin.rule) {
                    suspects.push(Suspect {
                        origin: Some(gate.origin),
                        message: format!(
                            "no {} piece passed this gate in the {capped} game(s) that did not end",
                            ir.team_of(t).name
                        ),
                    });
                }
            }
        }
        for (w, fails) in ir.wins.iter().zip(&failing) {
            if let Some((j, &n)) = fails.iter().enumerate().max_by_key(|&(_, n)| *n)
                && n > 0
                && let Some(c) = w.when.get(j)
            {
                suspects.push(Suspect {
                    origin: Some(w.origin),
                    message: format!(
                        "`{}` did not hold at the cap ({n} of {} team-games)",
                        describe_conds(ir, std::slice::from_ref(c)),
                        2 * capped
                    ),
                });
            }
        }
        for (t, &k) in TeamId::BOTH.into_iter().zip(&blockaded) {
            if k > 0 {
                suspects.push(Suspect {
                    origin: ir.movement.blockade.origin,
                    message: format!(
                        "in {k} of the {capped} game(s) that did not end, a blockade of `{}` stood ahead of pieces of `{}` on their track when the game was stopped",
                        ir.team_of(t.other()).name,
                        ir.team_of(t).name
                    ),
                });
            }
        }
        if ir.phases.value.len() > 1 {
            for (ph, &n) in phases.iter().enumerate().filter(|(_, n)| **n > 0) {
                suspects.push(Suspect {
                    origin: ir.phases.origin,
                    message: format!(
                        "{n} of the games that did not end were stopped in phase `{}`",
                        ir.phases.value.get(ph).map_or("?", |p| p.as_str())
                    ),
                });
            }
        }
    }
    ProbeReport {
        games,
        capped,
        aborted,
        interval: wilson(capped, games),
        max_turns,
        suspects,
    }
}

/// Does a blockade stand ahead of a piece of team `t`: `n` or more holes in a row along its
/// track, each holding pieces of the other team, beyond the track index of one of its
/// pieces still in the game (a piece off the track stands before index 0)?
fn blockade_ahead(g: &Game, s: &State, t: TeamId, n: u8) -> bool {
    let cells = &g.ir().team_of(t).track.cells;
    let opp = s.occupied(t.other());
    // The first track index the rearmost piece still has ahead of it.
    let Some(from) = s
        .pieces(t)
        .iter()
        .filter(|p| p.alive())
        .map(|p| p.track_index().map_or(0, |i| i + 1))
        .min()
    else {
        return false;
    };
    let mut run = 0usize;
    cells.iter().skip(from).any(|&c| {
        run = if opp.contains(c) { run + 1 } else { 0 };
        run >= usize::from(n)
    })
}
