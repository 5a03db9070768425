//! Differential test: seeded random games of Sig (Béart, the readings of `sig::READINGS`) played by the
//! interpreter on `rules/sig-beart.seig` and by the hand-written reference in
//! `tests/reference/sig.rs` must give identical records: every throw, every decision (piece,
//! path position and hole reached, capture), every turn end with the phase, the pieces after
//! every action, the winner and the turn count.
//!
//! Both draw from the game stream of `seig::tools::driver::Streams::for_game(seed, index)`
//! (the RNG protocol documented in `seig::tools::driver`); the bare `random_playout` and the
//! generic driver with random agents are checked against the reference too.
//!
//! CI runs a few hundred games per board size. The full set (10,000 games at 12 holes and
//! 10,000 at 20, and more board sizes):
//!
//! ```text
//! cargo test --release --test differential -- --ignored
//! ```
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

#[path = "../reference/sig.rs"]
mod sig;

use seig::engine::{Event as EngineEvent, Game, State};
use seig::lang::lower::Selection;
use seig::tools::agents::RandomAgent;
use seig::tools::driver::{self, NoHooks, Streams};
use seig::tools::sim::{Rng, random_playout};
use sig::{Event, Place, Record, Row, Sig};
use std::hash::{Hash, Hasher};

/// Turn cap of both (the simulator's default).
const MAX_TURNS: u32 = 10_000;

fn engine(holes: usize) -> Game {
    let path = format!("{}/rules/sig-beart.seig", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).expect("rule file");
    let sel = Selection {
        readings: sig::READINGS
            .iter()
            .map(|(r, o)| (r.to_string(), o.to_string()))
            .collect(),
        params: sig::params(holes),
    };
    let (text, lowered) = seig::lang::load(&bytes, &sel);
    match lowered.ir {
        Some(ir) => Game::new(ir),
        None => panic!(
            "{}",
            seig::lang::diag::render(&path, text.as_deref().unwrap_or(""), &lowered.diagnostics)
        ),
    }
}

/// One piece, the same in both representations: alive, started, immune, path position,
/// hole. A piece out of the game is only that.
type PieceView = (bool, bool, bool, i16, Option<Place>);

fn digest(view: impl Iterator<Item = PieceView>) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for v in view {
        if v.0 {
            v.hash(&mut h);
        } else {
            false.hash(&mut h);
        }
    }
    h.finish()
}

/// The interpreter's hole as a row and hole number, through the rule file's row names.
fn engine_place(g: &Game, cell: Option<seig::lang::ir::Cell>) -> Option<Place> {
    let c = cell?.get();
    let row = g
        .ir()
        .rows
        .iter()
        .find(|r| (r.first.get()..r.first.get() + r.len).contains(&c))
        .expect("a row holds every hole");
    let which = Row::ALL
        .into_iter()
        .find(|r| r.name() == row.name)
        .unwrap_or_else(|| panic!("unknown row {}", row.name));
    Some(Place {
        row: which,
        hole: (c - row.first.get() + 1) as u8,
    })
}

/// The interpreter's track index as the reference model counts it (-1: not on the track).
fn engine_tpos(p: &seig::engine::Piece) -> i16 {
    p.track_index().map_or(-1, |i| i as i16)
}

fn engine_digest(g: &Game, s: &State) -> u64 {
    let view = (0..2).flat_map(|t| {
        (0..g.n_pieces(seig::lang::ir::TeamId::new(t))).map(move |i| {
            let p = &s.piece(seig::lang::ir::TeamId::new(t), i);
            (
                p.alive(),
                p.released(),
                p.immune(),
                engine_tpos(p),
                engine_place(g, p.place()),
            )
        })
    });
    digest(view)
}

fn reference_digest(r: &Sig, s: &sig::State) -> u64 {
    let view = (0..2).flat_map(|t| {
        s.pieces[t][..r.holes]
            .iter()
            .map(move |p| (p.alive, p.started, r.immune(p), p.pos, r.place(t, p.pos)))
    });
    digest(view)
}

/// A record entry: the event, the pieces after it, and (interpreter side) the index of the
/// action that made it.
#[derive(Debug, Clone, Copy)]
struct Entry {
    event: Event,
    pieces: u64,
    action: usize,
}

/// What the interpreter did in game `index`, with the summary of `random_playout`.
struct EngineRun {
    log: Vec<Entry>,
    winner: Option<u8>,
    turns: u32,
    throws: u64,
    decisions: u64,
}

/// The interpreter's moves, chosen exactly as `seig::tools::sim::random_playout` chooses them.
enum Action {
    Throw(u8),
    Decide(seig::engine::Decision),
}

/// Plays game `index` in the interpreter the way `random_playout` does, recording events;
/// stops before action `stop` if given and returns the state there.
fn engine_game(g: &Game, seed: u64, index: u64, stop: Option<usize>) -> (EngineRun, State) {
    let mut rng = Rng::for_game(seed, index);
    let mut s = g.initial_state();
    let mut buf = Vec::new();
    let mut log = Vec::new();
    let (mut throws, mut decisions) = (0u64, 0u64);
    let mut action = 0;
    while !g.is_over(&s) && s.turns() < MAX_TURNS {
        if stop == Some(action) {
            break;
        }
        let (team, turns) = (u8::from(s.team()), s.turns());
        let mut ev: Vec<EngineEvent> = Vec::new();
        let act = if g.is_chance(&s) {
            throws += 1;
            Action::Throw(g.sample_outcome(&s, rng.next_u64()))
        } else {
            g.legal_decisions(&s, &mut buf);
            let d = if buf.len() == 1 {
                buf[0]
            } else {
                buf[rng.below(buf.len())]
            };
            decisions += 1;
            Action::Decide(d)
        };
        let event = match act {
            Action::Throw(k) => {
                g.apply_throw(&mut s, k, &mut ev)
                    .unwrap_or_else(|e| panic!("interpreter refused a throw: {e:?}"));
                let (_, _, value) = s.last().expect("a throw was made");
                let removed = ev.iter().find_map(|e| match e {
                    EngineEvent::Captured { piece, .. } => Some(*piece),
                    _ => None,
                });
                Event::Throw {
                    team,
                    value,
                    removed,
                }
            }
            Action::Decide(d) => {
                g.apply_decision(&mut s, d, &mut ev)
                    .unwrap_or_else(|e| panic!("interpreter refused its own decision: {e:?}"));
                let p = s.piece(seig::lang::ir::TeamId::new(team as usize), d.piece as usize);
                Event::Move {
                    team,
                    piece: d.piece,
                    to: engine_tpos(&p),
                    place: engine_place(g, p.place()),
                    capture: d.capture,
                }
            }
        };
        let pieces = engine_digest(g, &s);
        log.push(Entry {
            event,
            pieces,
            action,
        });
        if s.turns() != turns {
            let combat = g.ir().phases.value[s.phase().index()] == "combat";
            log.push(Entry {
                event: Event::TurnEnd {
                    turns: s.turns(),
                    combat,
                    next: s.team().into(),
                },
                pieces,
                action,
            });
        }
        if let Some(w) = g.winner(&s) {
            log.push(Entry {
                event: Event::Win { team: w.into() },
                pieces,
                action,
            });
        }
        action += 1;
    }
    let run = EngineRun {
        log,
        winner: g.winner(&s).map(u8::from),
        turns: s.turns(),
        throws,
        decisions,
    };
    (run, s)
}

/// Collects the reference's events.
struct Log(Vec<Entry>);
impl Record for Log {
    fn event(&mut self, g: &Sig, e: Event, s: &sig::State) {
        self.0.push(Entry {
            event: e,
            pieces: reference_digest(g, s),
            action: usize::MAX,
        });
    }
}

/// What the set of games exercised, to show the test reaches every rule.
#[derive(Debug, Default)]
struct Coverage {
    games: u64,
    wins: [u64; 2],
    timeouts: u64,
    actions: u64,
    captures: u64,
    eights: u64,
    starts_by_one: u64,
    immune_moves: u64,
    returns: u64,
    combats: u64,
    removals: u64,
    race_wins: u64,
}

fn check_game(g: &Game, r: &Sig, seed: u64, index: u64, cov: &mut Coverage) {
    let (run, _) = engine_game(g, seed, index, None);
    let mut rng = Rng::for_game(seed, index);
    let mut log = Log(Vec::new());
    let out = r.playout(&mut rng, MAX_TURNS, &mut log);
    let holes = r.holes;
    for (k, (want, got)) in run.log.iter().zip(&log.0).enumerate() {
        if want.event != got.event || want.pieces != got.pieces {
            let (_, before) = engine_game(g, seed, index, Some(want.action));
            let next = if g.is_chance(&before) {
                "a throw".to_string()
            } else {
                let mut buf = Vec::new();
                g.legal_decisions(&before, &mut buf);
                let legal: Vec<String> = buf
                    .iter()
                    .map(|d| g.describe_decision(&before, *d))
                    .collect();
                format!("a decision among [{}]", legal.join(", "))
            };
            panic!(
                "holes {holes}, seed {seed}, game {index}: record {k} differs\n\
                 position before (interpreter): {}\n\
                 action: {next}\n\
                 interpreter: {:?} (pieces {:x})\n\
                 reference:   {:?} (pieces {:x})\n\
                 earlier: {:?}",
                g.to_notation(&before),
                want.event,
                want.pieces,
                got.event,
                got.pieces,
                &run.log[k.saturating_sub(4)..k]
                    .iter()
                    .map(|e| e.event)
                    .collect::<Vec<_>>(),
            );
        }
    }
    assert_eq!(
        run.log.len(),
        log.0.len(),
        "holes {holes}, seed {seed}, game {index}: records of different lengths (interpreter {}, reference {}); last interpreter {:?}, last reference {:?}",
        run.log.len(),
        log.0.len(),
        run.log.last().map(|e| e.event),
        log.0.last().map(|e| e.event),
    );
    let mine = (out.winner, out.turns, out.throws, out.decisions);
    assert_eq!(
        (run.winner, run.turns, run.throws, run.decisions),
        mine,
        "holes {holes}, seed {seed}, game {index}: result (winner, turns, throws, decisions)"
    );
    // The loop above is random_playout's; check it against the real one too.
    let p = random_playout(
        g,
        g.initial_state(),
        &mut Rng::for_game(seed, index),
        MAX_TURNS,
        &mut Vec::new(),
    );
    assert_eq!(p.aborted, None, "holes {holes}, seed {seed}, game {index}");
    assert_eq!(
        (p.winner.map(u8::from), p.turns, p.throws, p.decisions),
        mine,
        "holes {holes}, seed {seed}, game {index}: random_playout against the reference"
    );
    // And the driver every study uses, with two random agents.
    let (mut a, mut b) = (RandomAgent::default(), RandomAgent::default());
    let d = driver::play(
        g,
        &mut g.initial_state(),
        &mut [&mut a, &mut b],
        &Streams::for_game(seed, index),
        MAX_TURNS,
        &mut NoHooks,
    );
    assert_eq!(
        (d.winner().map(u8::from), d.turns, d.throws, d.decisions),
        mine,
        "holes {holes}, seed {seed}, game {index}: the driver against the reference"
    );
    // Coverage.
    cov.games += 1;
    cov.actions += out.throws + out.decisions;
    match out.winner {
        Some(w) => cov.wins[w as usize] += 1,
        None => cov.timeouts += 1,
    }
    let ret = 4 * holes as i16;
    let mut combat = false;
    for e in &log.0 {
        match e.event {
            Event::Throw { value: 8, .. } if !combat => cov.eights += 1,
            Event::Throw {
                removed: Some(_), ..
            } => cov.removals += 1,
            Event::Move { capture, to, .. } => {
                cov.captures += capture as u64;
                cov.starts_by_one += (to == 0) as u64;
                cov.immune_moves += (to >= 3 * holes as i16) as u64;
                cov.returns += (to >= ret) as u64;
            }
            Event::TurnEnd { combat: true, .. } if !combat => {
                combat = true;
                cov.combats += 1;
            }
            Event::Win { .. } if !combat => cov.race_wins += 1,
            _ => {}
        }
    }
}

fn run(holes: usize, seed: u64, games: u64) -> Coverage {
    let g = engine(holes);
    let r = Sig::new(holes);
    let mut cov = Coverage::default();
    for i in 0..games {
        check_game(&g, &r, seed, i, &mut cov);
    }
    eprintln!("holes {holes}, seed {seed}: {cov:?}");
    cov
}

/// Every rule of the game must have been played in a set of games.
fn assert_covered(c: &Coverage) {
    assert!(c.captures > 0, "no capture: {c:?}");
    assert!(c.eights > 0, "no 8: {c:?}");
    assert!(c.starts_by_one > 0, "no start by a 1: {c:?}");
    assert!(
        c.immune_moves > 0,
        "no piece in the opposing home row: {c:?}"
    );
    assert!(c.combats > 0, "no combat: {c:?}");
    assert!(c.removals > 0, "no 4 in the combat: {c:?}");
}

#[test]
fn throws_use_the_same_thresholds() {
    let g = engine(12);
    let r = Sig::new(12);
    let s = g.initial_state();
    let cum = sig::thresholds(0.5);
    let mut probes = vec![0, 1, u64::MAX - 1, u64::MAX];
    for &c in &cum {
        probes.extend([c.wrapping_sub(1), c, c.wrapping_add(1)]);
    }
    let mut rng = Rng::for_game(7, 0);
    probes.extend((0..10_000).map(|_| rng.next_u64()));
    for u in probes {
        assert_eq!(g.sample_outcome(&s, u), r.throw_value(u), "draw {u:#x}");
    }
}

#[test]
fn sig_differential_12_holes() {
    let c = run(12, 1, 300);
    assert_covered(&c);
}

#[test]
fn sig_differential_20_holes() {
    let c = run(20, 2, 100);
    assert_covered(&c);
}

#[test]
fn sig_differential_small_and_large_boards() {
    for (holes, games) in [(4, 100), (5, 100), (7, 100), (40, 10)] {
        run(holes, 3, games);
    }
}

/// The full set: `cargo test --release --test differential -- --ignored`.
#[test]
#[ignore]
fn sig_differential_full() {
    for (holes, seed, games) in [(12, 1000, 10_000), (20, 2000, 10_000)] {
        let c = run(holes, seed, games);
        assert_covered(&c);
    }
    for holes in [4, 5, 6, 7, 8, 9, 10, 16, 30, 40] {
        run(holes, 3000 + holes as u64, 1000);
    }
}
