//! Engine invariants over seeded random legal play of every bundled variant, under sampled
//! readings and parameters.
//!
//! Each case plays one game with the RNG protocol of `seig playout` (`Rng::for_game(seed, 0)`,
//! one draw per throw, one per decision with more than one choice), so a failure names a
//! command that replays it: `seig playout FILE --seed S --reading … --trace`. A drawn selection
//! that the file refuses only because pieces do not fit their start row (E054) is skipped.
//!
//! `random_play_keeps_the_invariants_*`: at every visited state pieces, holes, occupancy and the
//! release masks agree, and no team has two pieces on a hole where the rules forbid it (the
//! goal's last hole excepted under `stacking_at_goal`). At every chance node the outcomes are the binomial
//! distribution (probabilities in [0,1], distinct counts, sum 1 within 1e-12). At every decision
//! node the listed decisions are those `check_move` of every piece and group gives (the quick
//! generator agrees with the definition), and exactly those `apply_decision` accepts, up to interchangeable
//! pool entries (every listed one is accepted; every piece with every single entry, and random
//! pieces and masks, are accepted only if listed), and refusals leave the state alone. Across
//! every action: pieces leave the game only by a removing `Captured` event and never come back,
//! immune pieces stay immune, phases only move forward in declaration order, and every landing
//! capture is one `capture_verdict` and the capture table allow on a victim that was not immune
//! before the move. (`remove opposing piece` is no landing: it takes the opposing team's first
//! piece in the game, immune or not, as the semantics say.) Two runs of one seed give the same
//! final position and events.
//!
//! `notation_round_trips_in_random_play_*`: `from_notation(to_notation(s)) == Ok(s)` at every
//! visited state. `from_notation_never_panics_*`: on any text, notation-like text and edits of
//! real positions; what it accepts is consistent, reprints to itself, and play goes on from it.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use proptest::prelude::*;
use proptest::sample::Index;
use seig::engine::{
    Decision, EntryKind, Event, Game, POOL_MAX, Piece, PieceFlags, Quiet, Stage, State,
};
use seig::lang::ir::{
    Allocation, BackWhenStuck, Cell, CellSet, Cond, Effect, PhaseId, RuleIx, Start, TeamId,
    ValueRule,
};
use seig::lang::lower::Selection;
use seig::tools::sim::Rng;
use std::collections::HashSet;
use std::sync::OnceLock;

/// The bundled variants, as files in `rules/` (the relatives in `rules/relatives/`).
const VARIANTS: [&str; 6] = [
    "seig-tagent.seig",
    "sig-beart.seig",
    "sigue-caillie.seig",
    "relatives/daldos.seig",
    "relatives/nyout.seig",
    "relatives/puluc.seig",
];

/// Most actions (throws and decisions) one case plays.
const MAX_ACTIONS: usize = 2500;

/// At most this many reading combinations: every one is played in each case.
const FEW_COMBINATIONS: u64 = 16;

/// Random refused-decision probes per decision node.
const PROBES: usize = 4;

// ------------------------------------------------------------------------------------------
// Loading

fn rule_path(file: &str) -> String {
    format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"))
}

/// Loads a bundled variant under a selection; panics with the rendered diagnostics.
fn load(file: &str, sel: &Selection) -> Game {
    try_load(file, sel).unwrap_or_else(|| {
        panic!(
            "{file} refuses {}: its pieces do not fit their start row (E054)",
            flags(sel)
        )
    })
}

/// Loads a bundled variant under a drawn selection. `None` where the file refuses the
/// selection only because a team's pieces do not fit their start row one to a hole (E054):
/// the params are drawn apart, and a file may tie them by its words (Sig's `counters` pieces
/// stand "one in each hole" of a `holes`-hole row under A-SIG-8 = dlp), so such a draw is no
/// game. Any other refusal panics with the rendered diagnostics.
fn try_load(file: &str, sel: &Selection) -> Option<Game> {
    let path = rule_path(file);
    let bytes = std::fs::read(&path).expect("readable rule file");
    let (text, lowered) = seig::lang::load(&bytes, sel);
    let errors = || {
        lowered
            .diagnostics
            .iter()
            .filter(|d| d.severity == seig::lang::diag::Severity::Error)
    };
    match lowered.ir {
        Some(ir) => Some(Game::new(ir)),
        None if errors().next().is_some()
            && errors().all(|d| d.code == seig::lang::diag::Code::PiecesDoNotFitRow) =>
        {
            None
        }
        None => panic!(
            "{} does not load under {}:\n{}",
            file,
            flags(sel),
            seig::lang::diag::render(&path, text.as_deref().unwrap_or(""), &lowered.diagnostics)
        ),
    }
}

/// The selection as command-line flags.
fn flags(sel: &Selection) -> String {
    let mut v: Vec<String> = sel
        .readings
        .iter()
        .map(|(a, b)| format!("--reading {a}={b}"))
        .collect();
    v.extend(sel.params.iter().map(|(a, b)| format!("--param {a}={b}")));
    if v.is_empty() {
        "default readings".into()
    } else {
        v.join(" ")
    }
}

/// The readings (ID, options) and parameters (name, default, range) of a variant.
struct Space {
    readings: Vec<(String, Vec<String>)>,
    params: Vec<(String, i64, i64, i64)>,
}

fn space(vi: usize) -> &'static Space {
    static SPACES: OnceLock<Vec<Space>> = OnceLock::new();
    &SPACES.get_or_init(|| {
        VARIANTS
            .iter()
            .map(|f| {
                let g = load(f, &Selection::default());
                Space {
                    readings: g
                        .ir()
                        .readings
                        .iter()
                        .map(|r| {
                            (
                                r.id.clone(),
                                r.options.iter().map(|o| o.0.clone()).collect(),
                            )
                        })
                        .collect(),
                    params: g
                        .ir()
                        .params
                        .iter()
                        .map(|p| (p.name.clone(), p.default, p.range.0, p.range.1))
                        .collect(),
                }
            })
            .collect()
    })[vi]
}

/// The selections a case plays: every reading combination when there are few, else the one
/// `picks` names; each parameter at its default unless `params` draws a value in its range.
fn selections(sp: &Space, picks: &[Index], params: &[(bool, Index)]) -> Vec<Selection> {
    let mut param_sel = Vec::new();
    for (i, (name, default, lo, hi)) in sp.params.iter().enumerate() {
        let (on, ix) = &params[i % params.len()];
        let v = if *on {
            lo + ix.index((hi - lo + 1) as usize) as i64
        } else {
            *default
        };
        if v != *default {
            param_sel.push((name.clone(), v));
        }
    }
    let combos: u64 = sp
        .readings
        .iter()
        .map(|(_, o)| o.len() as u64)
        .try_fold(1u64, |a, n| a.checked_mul(n))
        .unwrap_or(u64::MAX);
    let readings: Vec<Vec<(String, String)>> = if combos <= FEW_COMBINATIONS {
        (0..combos)
            .map(|mut c| {
                sp.readings
                    .iter()
                    .map(|(id, opts)| {
                        let o = &opts[(c % opts.len() as u64) as usize];
                        c /= opts.len() as u64;
                        (id.clone(), o.clone())
                    })
                    .collect()
            })
            .collect()
    } else {
        vec![
            sp.readings
                .iter()
                .enumerate()
                .map(|(i, (id, opts))| {
                    (
                        id.clone(),
                        opts[picks[i % picks.len()].index(opts.len())].clone(),
                    )
                })
                .collect(),
        ]
    };
    readings
        .into_iter()
        .map(|readings| Selection {
            readings,
            params: param_sel.clone(),
        })
        .collect()
}

// ------------------------------------------------------------------------------------------
// State checks

fn team_name(g: &Game, t: usize) -> &str {
    &g.ir().teams[TeamId::new(t)].name
}

fn place(g: &Game, p: &Piece) -> String {
    if p.borne_off() {
        "out".into()
    } else if !p.alive() {
        "x".into()
    } else {
        p.place()
            .map_or_else(|| "off".into(), |c| g.ir().cell_name(c))
    }
}

/// Whether a team's pieces may gather on `c`: the last hole of its goal
/// (`stacking_at_goal`), the last hole of its track (`stacking_at_end`).
fn gathers_on(g: &Game, t: usize, c: Cell) -> bool {
    let pol = &g.ir().capture;
    let tr = &g.ir().teams[TeamId::new(t)].track;
    (pol.stacking_at_goal && tr.goal.is_some_and(|i| tr.cells[i as usize] == c))
        || (pol.stacking_at_end && tr.cells.last() == Some(&c))
}

/// Pieces taken out of the game (not those borne off).
fn removed_count(s: &State, t: usize) -> usize {
    s.pieces(TeamId::new(t))
        .iter()
        .filter(|p| !p.alive() && !p.borne_off())
        .count()
}

fn borne_count(s: &State, t: usize) -> usize {
    s.pieces(TeamId::new(t))
        .iter()
        .filter(|p| p.borne_off())
        .count()
}

/// Pieces, holes, occupancy and the release masks agree; no forbidden stacking.
fn check_state(g: &Game, s: &State) -> Result<(), String> {
    let pol = &g.ir().capture;
    if s.pool().len() > POOL_MAX {
        return Err(format!("pool holds {} entries", s.pool().len()));
    }
    for t in 0..2 {
        let n = g.n_pieces(TeamId::new(t));
        let tr = &g.ir().teams[TeamId::new(t)].track;
        let name = team_name(g, t);
        let (alive, removed) = (
            s.pieces(TeamId::new(t))
                .iter()
                .filter(|p| p.alive())
                .count(),
            removed_count(s, t),
        );
        let borne = borne_count(s, t);
        if alive + removed + borne != n {
            return Err(format!(
                "`{name}`: {alive} alive + {removed} removed + {borne} borne off != {n} pieces"
            ));
        }
        let mut occ = CellSet::default();
        let mut holder = [usize::MAX; 256];
        for (i, p) in s.pieces(TeamId::new(t)).iter().enumerate() {
            let who = format!("piece {} of `{name}` ({})", i + 1, place(g, p));
            if !p.alive() {
                if p.prisoner() {
                    // A prisoner stands on no track, on the hole of a free piece carrying it.
                    let carried = p.place().is_some_and(|c| {
                        TeamId::BOTH
                            .into_iter()
                            .flat_map(|u| s.pieces(u).iter())
                            .any(|q| q.alive() && q.place() == Some(c))
                    });
                    if p.flags != PieceFlags::REMOVED | PieceFlags::PRISONER
                        || p.track_index().is_some()
                        || !carried
                    {
                        return Err(format!("{who}: a prisoner no stack carries: {p:?}"));
                    }
                    continue;
                }
                if *p != Piece::REMOVED && *p != Piece::BORNE_OFF {
                    return Err(format!("{who}: removed but keeps {p:?}"));
                }
                continue;
            }
            if let Some(ti) = p.track_index() {
                let Some(&c) = tr.cells.get(ti) else {
                    return Err(format!("{who}: track index {ti} out of range"));
                };
                if Some(c) != p.place() {
                    return Err(format!(
                        "{who}: track index {ti} is hole {}",
                        g.ir().cell_name(c)
                    ));
                }
            } else if let Some(at) = p.place() {
                let in_start = match g.ir().teams[TeamId::new(t)].start {
                    Start::Row(r) => {
                        let row = &g.ir().rows[r];
                        row.holds(at)
                    }
                    Start::Beside => false,
                };
                if !in_start || p.released() {
                    return Err(format!(
                        "{who}: off the track but on a hole outside its start row (or released)"
                    ));
                }
            }
            if let Some(c) = p.place() {
                occ.insert(c);
                let j = holder[c.index()];
                if j != usize::MAX && !pol.stacking.value && !gathers_on(g, t, c) {
                    return Err(format!(
                        "pieces {} and {} of `{name}` share {} where stacking is forbidden",
                        j + 1,
                        i + 1,
                        g.ir().cell_name(c)
                    ));
                }
                holder[c.index()] = i;
            }
        }
        if !s.spare_slots_clear() {
            return Err(format!("a slot of `{name}` beyond its pieces is used"));
        }
        // Pieces waiting for their holes: the other team's, off the board, unreleased, in
        // the middle of a move.
        if t == s.team().other().index() && s.homing() != 0 {
            let off = (0..n).all(|i| {
                let p = s.piece(TeamId::new(t), i);
                s.homing() >> i & 1 == 0 || (p.alive() && p.place().is_none() && !p.released())
            });
            if s.stage() != Stage::Move || s.homing() >> n != 0 || !off {
                return Err(format!(
                    "`{name}`: pieces waiting for holes {:#b}",
                    s.homing()
                ));
            }
        }
        let mask = |f: &dyn Fn(&Piece) -> bool| {
            (0..n)
                .filter(|&i| f(&s.piece(TeamId::new(t), i)))
                .fold(0u64, |m, i| m | 1 << i)
        };
        let released = mask(&|p| p.alive() && p.released());
        let waiting = mask(&|p| p.alive() && !p.released());
        let kept = (
            s.released_pieces(TeamId::new(t)),
            s.waiting_pieces(TeamId::new(t)),
        );
        if (released, waiting) != kept {
            return Err(format!(
                "`{name}`: released/waiting masks are {:#b}/{:#b} but the pieces say {released:#b}/{waiting:#b}",
                kept.0, kept.1
            ));
        }
        if occ != s.occupied(TeamId::new(t)) {
            let show = |c: &CellSet| {
                c.iter()
                    .map(|c| g.ir().cell_name(c))
                    .collect::<Vec<_>>()
                    .join(",")
            };
            return Err(format!(
                "occupancy of `{name}` is [{}] but its pieces stand on [{}]",
                show(&s.occupied(TeamId::new(t))),
                show(&occ)
            ));
        }
    }
    Ok(())
}

/// The fields two states differ in (for readable failures).
fn diff_states(a: &State, b: &State) -> String {
    let mut d = Vec::new();
    macro_rules! field {
        ($f:ident) => {
            if a.$f() != b.$f() {
                d.push(format!("{}: {:?} vs {:?}", stringify!($f), a.$f(), b.$f()));
            }
        };
    }
    for t in TeamId::BOTH {
        let (pa, pb) = (a.pieces(t), b.pieces(t));
        for i in 0..pa.len().max(pb.len()) {
            if pa.get(i) != pb.get(i) {
                d.push(format!(
                    "pieces[{t:?}][{i}]: {:?} vs {:?}",
                    pa.get(i),
                    pb.get(i)
                ));
            }
        }
        if a.occupied(t) != b.occupied(t) {
            d.push(format!(
                "occupied[{t:?}]: {:?} vs {:?}",
                a.occupied(t),
                b.occupied(t)
            ));
        }
        if a.landed(t) != b.landed(t) {
            d.push(format!(
                "landed[{t:?}]: {:?} vs {:?}",
                a.landed(t),
                b.landed(t)
            ));
        }
        let masks = |s: &State| (s.released_pieces(t), s.waiting_pieces(t));
        if masks(a) != masks(b) {
            d.push(format!(
                "release masks of team {t:?}: {:?} vs {:?}",
                masks(a),
                masks(b)
            ));
        }
    }
    if a.pool() != b.pool() {
        d.push(format!("pool: {:?} vs {:?}", a.pool(), b.pool()));
    }
    field!(phase);
    field!(team);
    field!(seat);
    field!(stage);
    field!(again);
    field!(bind);
    field!(turn_throws);
    field!(team_throws);
    field!(game_throws);
    field!(turns);
    field!(last);
    if d.is_empty() && a != b {
        d.push("pool entries beyond pool_len".into());
    }
    d.join("; ")
}

fn check_round_trip(g: &Game, s: &State) -> Result<(), String> {
    let text = g.to_notation(s);
    match g.from_notation(&text) {
        Ok(back) if back.same_position(s) => Ok(()),
        Ok(back) => Err(format!(
            "notation does not round-trip: {}",
            diff_states(s, &back)
        )),
        Err(e) => Err(format!(
            "notation does not parse back: {}",
            crate::common::said(g, &e)
        )),
    }
}

/// Exact binomial probabilities, as the semantics state them.
fn binomial(n: u8, k: u8, p: f64) -> f64 {
    let mut c = 1.0;
    for i in 0..k as u64 {
        c = c * (n as u64 - i) as f64 / (i + 1) as f64;
    }
    c * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32)
}

/// The probability of throw `k` of `n` sticks or dice, from the definition: the binomial
/// law of the sticks, less the marked stick's own throw (the marked stick alone showing the
/// counted face), or the share of the dice's equally likely faces whose values, sorted, are
/// the throw's.
fn expected_p(g: &Game, n: u8, k: u8) -> Option<f64> {
    let sticks = &g.ir().sticks;
    if let Some(d) = &sticks.dice {
        let values = g.dice_of(k)?;
        let f = d.faces.len();
        let total = f.pow(u32::from(n));
        let hits = (0..total)
            .filter(|&code| {
                let mut c = code;
                let mut v: Vec<u8> = (0..n)
                    .map(|_| {
                        let x = d.faces[c % f];
                        c /= f;
                        x
                    })
                    .collect();
                v.sort_unstable();
                v == values
            })
            .count();
        return Some(hits as f64 / total as f64);
    }
    let p = sticks.p;
    let marked = match (sticks.marked, sticks.value.value) {
        (Some(_), ValueRule::Face(face)) => Some(face),
        _ => None,
    };
    let m = i32::from(n) - 1;
    // (code of the ordinary throw the marked one is taken from, its probability)
    let alone = marked.map(|face| {
        if face == 0 {
            (1, p * (1.0 - p).powi(m))
        } else {
            (n - 1, (1.0 - p) * p.powi(m))
        }
    });
    match alone {
        Some((_, pm)) if k == n + 1 => Some(pm),
        Some((single, pm)) if k == single => Some(binomial(n, k, p) - pm),
        _ => Some(binomial(n, k, p)),
    }
}

fn check_chance(g: &Game, s: &State) -> Result<(), String> {
    let n = g.sticks_for(s);
    let outs = g.chance_outcomes(s);
    if outs.is_empty() {
        return Err("a chance node with no outcomes".into());
    }
    let mut seen = HashSet::new();
    let mut sum = 0.0;
    for o in outs {
        if !(0.0..=1.0).contains(&o.p) {
            return Err(format!("outcome k={} has probability {}", o.k, o.p));
        }
        if o.k > g.last_throw_code(n) {
            return Err(format!("outcome k={} with {n} sticks", o.k));
        }
        if !seen.insert(o.k) {
            return Err(format!("outcome k={} listed twice", o.k));
        }
        let Some(want) = expected_p(g, n, o.k) else {
            return Err(format!("outcome k={} is no throw of the dice", o.k));
        };
        if (o.p - want).abs() > 1e-12 {
            return Err(format!("outcome k={} has p={} not {want}", o.k, o.p));
        }
        sum += o.p;
    }
    if (sum - 1.0).abs() > 1e-12 {
        return Err(format!("outcome probabilities sum to {sum}"));
    }
    for u in [0, u64::MAX / 2, u64::MAX] {
        let k = g.sample_outcome(s, u);
        if !seen.contains(&k) {
            return Err(format!("sample_outcome({u}) gives k={k}, not an outcome"));
        }
    }
    // Moving at a chance node, or throwing more sticks than there are, is refused.
    let mut c = s.clone();
    let d = Decision {
        piece: 0,
        mask: 1,
        capture: false,
        entry: 0,
    };
    if g.apply_decision(&mut c, d, &mut Quiet).is_ok() || c != *s {
        return Err("a decision was accepted at a chance node".into());
    }
    // Past the last throw code (a marked stick's throw is `n + 1`, the dice's are numbered).
    let past = g.last_throw_code(n) + 1;
    if g.apply_throw(&mut c, past, &mut Quiet).is_ok() || c != *s {
        return Err(format!("a throw of code {past} of {n} sticks was accepted"));
    }
    Ok(())
}

/// Interchangeable pool entries (what the enumeration treats as twins) have one key: same
/// kind, places, throw value and binding; the throw matters for a release-or-move entry (a
/// throw's entries go to different pieces) and for a release that an unused entry is bound to.
/// What tells two pool entries apart in a group: steps, value, kind, binding, the throw
/// where it matters, and for releases the class of their rule (a rule's own release order
/// and confinement).
fn entry_key(g: &Game, s: &State, i: usize) -> EntryKey {
    let e = &s.pool()[i];
    let kind = match e.kind {
        EntryKind::Move => 0,
        EntryKind::Release => 1,
        EntryKind::Either => 2,
        EntryKind::Back => 3,
        EntryKind::Part => 4,
    };
    let bound_to = s
        .pool()
        .iter()
        .any(|o| o.unused() && o.bound() == Some(e.family));
    let family = match e.kind {
        EntryKind::Either | EntryKind::Part => Some(e.family),
        EntryKind::Release if bound_to => Some(e.family),
        _ => None,
    };
    let class = match e.kind {
        EntryKind::Move => None,
        _ => Some(g.release_class(e.rule)),
    };
    (e.steps, e.thrown, kind, e.bound(), family, class)
}

type EntryKey = (u8, u8, u8, Option<u8>, Option<u8>, Option<u16>);
type DecisionKey = (u8, bool, Vec<EntryKey>);

fn decision_key(g: &Game, s: &State, d: &Decision) -> DecisionKey {
    let mut v: Vec<_> = (0..s.pool().len())
        .filter(|&i| d.mask >> i & 1 == 1)
        .map(|i| entry_key(g, s, i))
        .collect();
    v.sort_unstable();
    (d.piece, d.capture, v)
}

fn show_decision(g: &Game, s: &State, d: &Decision) -> String {
    format!(
        "{} (piece {}, mask {:#b}, capture {})",
        g.describe_decision(s, *d),
        u32::from(d.piece) + 1,
        d.mask,
        d.capture
    )
}

/// The listed decisions are exactly those `apply_decision` accepts.
fn check_decisions(g: &Game, s: &State, legal: &[Decision], probe: &mut Rng) -> Result<(), String> {
    if legal.is_empty() {
        return Err("a decision node with no legal decision".into());
    }
    // The quick generator gives what asking `check_move` of every candidate gives.
    let mut defined = Vec::new();
    g.legal_decisions_by_definition(s, &mut defined);
    if defined != legal {
        return Err(format!(
            "legal_decisions lists {} but check_move of every candidate gives {}",
            legal
                .iter()
                .map(|d| show_decision(g, s, d))
                .collect::<Vec<_>>()
                .join(", "),
            defined
                .iter()
                .map(|d| show_decision(g, s, d))
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let n = g.n_pieces(s.team());
    let mut listed = HashSet::new();
    let mut keys = HashSet::new();
    for d in legal {
        if !listed.insert(*d) {
            return Err(format!("decision listed twice: {}", show_decision(g, s, d)));
        }
        keys.insert(decision_key(g, s, d));
        let mut c = s.clone();
        if let Err(r) = g.apply_decision(&mut c, *d, &mut Quiet) {
            return Err(format!(
                "listed decision {} refused: {}",
                show_decision(g, s, d),
                seig::tools::words::refusal::line(g.ir(), &r)
            ));
        }
    }
    if g.ir().allocation.value == Allocation::PerThrow
        && legal
            .iter()
            .any(|d| d.moves_piece() && d.mask.count_ones() != 1)
    {
        return Err("a decision with several throws under `allocation: per throw`".into());
    }
    let try_one = |d: Decision| -> Result<(), String> {
        if listed.contains(&d) {
            return Ok(());
        }
        let mut c = s.clone();
        match g.apply_decision(&mut c, d, &mut Quiet) {
            Ok(()) => {
                let in_range = (d.piece as usize) < n && d.mask >> s.pool().len() == 0;
                if in_range && keys.contains(&decision_key(g, s, &d)) {
                    Ok(())
                } else {
                    Err(format!(
                        "apply_decision accepts {} which legal_decisions does not list",
                        show_decision(g, s, &d)
                    ))
                }
            }
            Err(_) if c != *s => Err(format!(
                "refusing {:?} changed the state: {}",
                d,
                diff_states(s, &c)
            )),
            Err(_) => Ok(()),
        }
    };
    // Every piece with every single unused entry, taking or not.
    let unused: Vec<usize> = (0..s.pool().len())
        .filter(|&i| s.pool()[i].unused())
        .collect();
    for piece in 0..n as u8 {
        for &i in &unused {
            for capture in [false, true] {
                let d = Decision {
                    piece,
                    mask: 1 << i,
                    capture,
                    entry: 0,
                };
                try_one(d)?;
                check_plain(g, s, d)?;
            }
        }
    }
    // The decisions that move no piece: accepted exactly where listed.
    try_one(Decision::PASS)?;
    try_one(Decision::THROW_ON)?;
    // Home decisions: listed exactly while a taken piece waits for its hole, and then alone.
    if legal.iter().any(|d| d.home_hole().is_some()) != (s.homing() != 0)
        || (s.homing() != 0 && legal.iter().any(|d| d.home_hole().is_none()))
    {
        return Err(format!(
            "home decisions listed {} while pieces {:#b} wait",
            legal.iter().filter(|d| d.home_hole().is_some()).count(),
            s.homing()
        ));
    }
    for k in 0..=probe.below(40) as u8 {
        try_one(Decision::home(k))?;
    }
    // Random pieces (some out of range) and masks (some with used or missing entries).
    for _ in 0..PROBES {
        let piece = probe.below(n + 2) as u8;
        let bits: u64 = match probe.below(4) {
            0 => legal[probe.below(legal.len())].mask,
            1 => probe.next_u64(),
            _ => probe.next_u64() & ((1u64 << s.pool().len().min(63)) - 1),
        };
        let mask = bits as _;
        let capture = probe.below(2) == 1;
        try_one(Decision {
            piece,
            mask,
            capture,
            entry: 0,
        })?;
    }
    Ok(())
}

/// Where applying a decision takes the plain path (`Game::check_move_plain`), its landing
/// is the one `check_move` gives.
fn check_plain(g: &Game, s: &State, d: Decision) -> Result<(), String> {
    let Some(plain) = g.check_move_plain(s, d) else {
        return Ok(());
    };
    match g.check_move(s, s.team(), d.piece, d.mask) {
        Ok(full) if full == plain => Ok(()),
        full => Err(format!(
            "the plain path lands {} at {:?} but check_move gives {:?}",
            show_decision(g, s, &d),
            plain,
            full.map_err(|r| seig::tools::words::refusal::line(g.ir(), &r))
        )),
    }
}

// ------------------------------------------------------------------------------------------
// Action checks

fn phase_events(ev: &[Event]) -> Vec<PhaseId> {
    ev.iter()
        .filter_map(|e| match e {
            Event::Phase { to, .. } => Some(*to),
            _ => None,
        })
        .collect()
}

/// What holds across any action, throw or decision.
fn check_transition(g: &Game, s: &State, n: &State, ev: &[Event]) -> Result<(), String> {
    let mut phase = s.phase();
    for to in phase_events(ev) {
        if to <= phase {
            return Err(format!(
                "phase went from `{}` to `{}`, against declaration order",
                g.ir().phases.value[phase.index()],
                g.ir().phases.value[to.index()]
            ));
        }
        phase = to;
    }
    if n.phase() != phase {
        return Err(format!(
            "phase is `{}` but the events say `{}`",
            g.ir().phases.value[n.phase().index()],
            g.ir().phases.value[phase.index()]
        ));
    }
    for t in 0..2 {
        let name = team_name(g, t);
        let mut removals = 0;
        for e in ev {
            if let Event::Captured {
                team,
                piece,
                home: false,
                ..
            } = e
                && (*team).index() == t
            {
                removals += 1;
                if n.piece(TeamId::new(t), *piece as usize).alive() {
                    return Err(format!(
                        "piece {} of `{name}` removed but still in the game",
                        piece + 1
                    ));
                }
            }
        }
        // Prisoners freed (home, alive again) come back without an event of their own.
        let freed = (0..s.pieces(TeamId::new(t)).len())
            .filter(|&j| {
                s.piece(TeamId::new(t), j).prisoner() && n.piece(TeamId::new(t), j).alive()
            })
            .count() as i64;
        let grew = removed_count(n, t) as i64 - removed_count(s, t) as i64 + freed;
        if grew != removals {
            return Err(format!(
                "`{name}` lost {grew} pieces with {removals} removing `Captured` events"
            ));
        }
        for i in 0..g.n_pieces(TeamId::new(t)) {
            let (a, b) = (&s.piece(TeamId::new(t), i), &n.piece(TeamId::new(t), i));
            let who = format!("piece {} of `{name}`", i + 1);
            if !a.alive() && !a.prisoner() && b.alive() {
                return Err(format!("{who} came back after its removal"));
            }
            if a.borne_off() != b.borne_off() && (a.borne_off() || a.alive()) {
                // Borne off only from a hole a `bear off` statement names, released.
                let from = a.place().filter(|&c| {
                    a.released()
                        && g.ir()
                            .bear_off
                            .iter()
                            .any(|bo| bo.from[TeamId::new(t)].contains(c))
                });
                if a.borne_off() || from.is_none() {
                    return Err(format!(
                        "{who} went from {} to {}",
                        place(g, a),
                        place(g, b)
                    ));
                }
            }
            if a.immune() && b.alive() && !b.immune() {
                return Err(format!("{who} lost its immunity"));
            }
            let announced = ev.iter().any(|e| {
                matches!(e, Event::Immune { team, piece, .. }
                    if (*team).index() == t && *piece as usize == i)
            });
            if !a.immune() && b.immune() && !announced {
                return Err(format!("{who} became immune with no `Immune` event"));
            }
        }
    }
    let wins: Vec<TeamId> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Won { team, .. } => Some(*team),
            _ => None,
        })
        .collect();
    match (g.winner(n), wins.as_slice()) {
        (Some(w), [t]) if *t == w => {}
        (None, []) => {}
        (w, evs) => return Err(format!("winner {w:?} with `Won` events for {evs:?}")),
    }
    // Wins are checked after every action, team 0 first: a game goes on only while no win
    // condition holds, and ends with the first team in order for which one does.
    let holds = |t: TeamId| {
        g.ir()
            .wins
            .iter()
            .any(|w| w.when.iter().all(|c| g.cond(n, t, c)))
    };
    match g.winner(n) {
        None => {
            if let Some(t) = TeamId::BOTH.into_iter().find(|&t| holds(t)) {
                return Err(format!(
                    "a win condition holds for `{}` but the game goes on",
                    team_name(g, t.index())
                ));
            }
        }
        Some(w) if !g.is_over(s) => {
            if !holds(w) || TeamId::BOTH[..w.index()].iter().any(|&t| holds(t)) {
                return Err(format!(
                    "`{}` won, but the first team a win condition holds for is {:?}",
                    team_name(g, w.index()),
                    TeamId::BOTH.into_iter().find(|&t| holds(t))
                ));
            }
        }
        Some(_) => {}
    }
    Ok(())
}

/// Does a condition read the throw counters (which the end of a turn resets)?
fn reads_counters(c: &Cond) -> bool {
    match c {
        Cond::FirstOfTurn | Cond::FirstOfTeamTurn | Cond::FirstOfGame => true,
        Cond::Not(c) => reads_counters(c),
        _ => false,
    }
}

/// Transitions are checked at the end of each seat's turn, for the team that played: the
/// first one from the phase whose condition holds is taken, and none is taken when none holds.
fn check_phase_change(g: &Game, s: &State, n: &State, ev: &[Event]) -> Result<(), String> {
    if n.turns() != s.turns() + 1 {
        return Ok(());
    }
    // The position as the end of the turn saw it: the pieces after the action, the team that
    // played.
    // (A condition reads the team it is given, not the team to play.)
    let m = n;
    let mut phase = s.phase();
    let mut taken = None;
    for e in ev {
        if let Event::Phase { to, rule } = e {
            let by_transition = g
                .ir()
                .transitions
                .iter()
                .any(|t| t.origin.rule == *rule && t.to == *to && t.from == phase);
            if by_transition {
                taken = Some((phase, *to, *rule));
            } else {
                phase = *to;
            }
        }
    }
    let from = taken.map_or(phase, |(f, _, _)| f);
    let mut want = None;
    for tr in g.ir().transitions.iter().filter(|t| t.from == from) {
        if tr.when.iter().any(reads_counters) {
            return Ok(());
        }
        if tr.when.iter().all(|c| g.cond(m, s.team(), c)) {
            want = Some((from, tr.to, tr.origin.rule));
            break;
        }
    }
    if want != taken {
        let name = |x: Option<(PhaseId, PhaseId, RuleIx)>| {
            x.map_or("none".to_string(), |(_, to, r)| {
                format!(
                    "to `{}` by {}",
                    g.ir().phases.value[to.index()],
                    g.ir().rules[r.index()].id
                )
            })
        };
        return Err(format!(
            "at the end of the turn the transition taken is {}, the conditions say {}",
            name(taken),
            name(want)
        ));
    }
    Ok(())
}

/// A throw: one `Throw` event (one a die, in the dice's order, for dice) first, and
/// `Captured` only by `remove opposing piece`.
fn check_throw(g: &Game, s: &State, n: &State, ev: &[Event]) -> Result<(), String> {
    let thrown: Vec<u8> = ev
        .iter()
        .filter_map(|e| match e {
            Event::Throw { value, .. } => Some(*value),
            _ => None,
        })
        .collect();
    let want = n
        .last()
        .map(|(_, k, v)| g.dice_of(k).map_or_else(|| vec![v], <[u8]>::to_vec));
    if !matches!(ev.first(), Some(Event::Throw { .. })) || want.as_ref() != Some(&thrown) {
        return Err(format!(
            "a throw's events are {ev:?}, its throws {thrown:?} (the throw: {want:?})"
        ));
    }
    // Which pieces are in the game as the throw's events take them one by one.
    let mut alive: [Vec<bool>; 2] =
        TeamId::BOTH.map(|t| s.pieces(t).iter().map(|p| p.alive()).collect());
    for e in ev {
        match e {
            // `immune when … first holds` may make pieces immune after a throw that removes.
            Event::Immune { rule, .. }
                if g.ir()
                    .capture
                    .immune_when
                    .iter()
                    .any(|w| w.origin.rule == *rule) => {}
            Event::Moved { .. } | Event::Immune { .. } => {
                return Err(format!("a throw gave {e:?}"));
            }
            Event::Captured {
                team,
                piece,
                home,
                rule,
                ..
            } => {
                let o = (*team).index();
                let removes = g.ir().throws.iter().any(|t| {
                    t.origin.rule == *rule
                        && t.effects
                            .iter()
                            .any(|f| matches!(f, Effect::RemoveOpposing))
                });
                if o == s.team().index() || *home || !removes {
                    return Err(format!("a throw gave {e:?}"));
                }
                // `remove opposing piece` takes the opposing team's first piece in the game.
                let first = (0..g.n_pieces(*team)).find(|&i| alive[o][i]);
                if first != Some(*piece as usize) {
                    return Err(format!(
                        "`remove opposing piece` took piece {} of `{}`, not the first in the game ({:?})",
                        piece + 1,
                        team_name(g, o),
                        first.map(|i| i + 1)
                    ));
                }
                alive[o][*piece as usize] = false;
            }
            _ => {}
        }
    }
    Ok(())
}

/// A pass or a throw on: no piece moves or is taken; a throw on leaves the same seat to
/// throw, a pass ends the seat's moves (it throws again only with a throw again to come);
/// the events say which, and a pass declines only under `moves: optional`.
fn check_decline_events(
    g: &Game,
    s: &State,
    d: Decision,
    n: &State,
    ev: &[Event],
) -> Result<(), String> {
    for t in TeamId::BOTH {
        if s.pieces(t) != n.pieces(t) {
            return Err(format!("{d:?} changed the pieces: {}", diff_states(s, n)));
        }
    }
    let same_seat = n.team() == s.team() && n.seat() == s.seat();
    let kinds: Vec<&Event> = ev
        .iter()
        .filter(|e| {
            !matches!(
                e,
                Event::Forfeit { .. } | Event::Phase { .. } | Event::Won { .. }
            )
        })
        .collect();
    if d.is_throw_on() {
        if !g.ir().throw_on_at_will.value || kinds != [&Event::ThrewOn] {
            return Err(format!("a throw on gave {ev:?}"));
        }
        if n.stage() != Stage::Throw || !same_seat || n.pool().len() < s.pool().len() {
            return Err(format!("a throw on left {}", g.to_notation(n)));
        }
        return Ok(());
    }
    match kinds.as_slice() {
        [Event::Passed { entries: 0 }] if g.ir().throw_on_at_will.value => {}
        [Event::Passed { entries }] if *entries > 0 && may_decline(g, s) => {}
        other => return Err(format!("a pass gave {other:?}")),
    }
    if s.again() != (same_seat && n.stage() == Stage::Throw) && !g.is_over(n) {
        return Err(format!(
            "a pass {} the seat's throwing: {}",
            if s.again() { "ended" } else { "did not end" },
            g.to_notation(n)
        ));
    }
    Ok(())
}

/// A home decision: the first waiting piece goes to an empty hole of its start row, the
/// hole the decision names, unreleased; the pieces then placed unasked (one empty hole
/// left, or none) are the next waiting ones; nothing else of the pieces changes.
fn check_home_events(
    g: &Game,
    s: &State,
    d: Decision,
    n: &State,
    ev: &[Event],
) -> Result<(), String> {
    let o = s.team().other();
    let first = s.homing().trailing_zeros() as u8;
    let Some(Event::HomeChosen { team, piece, cell }) = ev.first() else {
        return Err(format!("a home decision gave {ev:?}"));
    };
    let empty =
        !s.occupied(TeamId::FIRST).contains(*cell) && !s.occupied(TeamId::SECOND).contains(*cell);
    if *team != o || *piece != first || !empty || g.home_decision_cell(s, d) != Some(*cell) {
        return Err(format!("a home decision {d:?} gave {:?}", ev.first()));
    }
    if s.pieces(s.team()) != n.pieces(s.team()) {
        return Err(format!(
            "a home decision moved the seat's pieces: {}",
            diff_states(s, n)
        ));
    }
    for (j, (a, b)) in s.pieces(o).iter().zip(n.pieces(o)).enumerate() {
        let placed = ev
            .iter()
            .any(|e| matches!(e, Event::HomeChosen { piece, .. } if *piece as usize == j));
        let waited = s.homing() >> j & 1 == 1;
        let ok = if placed {
            waited && b.alive() && !b.released() && !b.immune() && b.place().is_some()
        } else {
            a == b
        };
        if !ok || (waited && n.homing() >> j & 1 == 1 && placed) {
            return Err(format!("piece {} after a home decision: {b:?}", j + 1));
        }
    }
    if n.homing() & !s.homing() != 0 {
        return Err("a home decision made a piece wait".into());
    }
    Ok(())
}

/// A decision: one `Moved` event for the piece, and every `Captured` a landing capture the
/// capture table allows, on a victim that was not immune before the move.
fn check_decision_events(
    g: &Game,
    s: &State,
    d: Decision,
    n: &State,
    ev: &[Event],
) -> Result<(), String> {
    if d.home_hole().is_some() {
        return check_home_events(g, s, d, n, ev);
    }
    if !d.moves_piece() {
        return check_decline_events(g, s, d, n, ev);
    }
    let t = s.team().index();
    let o = s.team().other().index();
    let moved: Vec<&Event> = ev
        .iter()
        .filter(|e| matches!(e, Event::Moved { .. }))
        .collect();
    match moved.as_slice() {
        [Event::Moved { team, piece, .. }] if (*team).index() == t && *piece == d.piece => {}
        other => return Err(format!("a decision gave the moves {other:?}")),
    }
    let cell = n.piece(TeamId::new(t), d.piece as usize).place();
    let single =
        (d.mask.count_ones() == 1).then(|| s.pool()[d.mask.trailing_zeros() as usize].thrown);
    let mut taken = 0;
    for e in ev {
        match e {
            // `immune when … first holds` may make any piece immune, of either team.
            Event::Immune { team, piece, rule }
                if !g
                    .ir()
                    .capture
                    .immune_when
                    .iter()
                    .any(|w| w.origin.rule == *rule)
                    && ((*team).index() != t
                        || *piece != d.piece
                        || s.piece(TeamId::new(t), *piece as usize).immune()) =>
            {
                return Err(format!("a decision gave {e:?}"));
            }
            Event::Captured {
                team,
                piece,
                home,
                swapped,
                rule,
            } => {
                taken += 1;
                let victim = s.piece(TeamId::new(o), *piece as usize);
                let who = format!(
                    "piece {} of `{}` (was {}{})",
                    piece + 1,
                    team_name(g, o),
                    if victim.immune() { "immune on " } else { "" },
                    place(g, &victim)
                );
                // `holes passed in REGION are won`: a hole of REGION walked past takes too,
                // whether or not the decision takes at its landing.
                let passed = victim.place().is_some_and(|vc| {
                    Some(vc) != cell
                        && g.ir().movement.passed_won.value[TeamId::new(t)].contains(vc)
                });
                if (*team).index() != o || (!d.capture && !passed) {
                    return Err(format!(
                        "{who} taken by a decision that does not take: {e:?}"
                    ));
                }
                // A group that lands after each throw may take on the holes before its last.
                let on_the_way = g.ir().movement.land_each_throw.value
                    && d.mask.count_ones() > 1
                    && victim.place() != cell;
                if !victim.alive()
                    || (victim.place() != cell && !on_the_way && !passed)
                    || cell.is_none()
                {
                    return Err(format!(
                        "{who} taken, but the mover landed on {}",
                        place(g, &n.piece(TeamId::new(t), d.piece as usize))
                    ));
                }
                if victim.immune() {
                    return Err(format!("{who} taken although immune"));
                }
                let Some(c) = victim.place() else {
                    return Err(format!("{who} taken off the board"));
                };
                // `protection: N in a row`, judged here from the pieces' places (a hole
                // passed or landed on the way is judged as the walk reaches it).
                if !on_the_way && !passed && in_protected_row(g, s, o, c) {
                    return Err(format!("{who} taken although in a protected row"));
                }
                // On the way, the first landing is one throw's (`only with` may see it).
                let first = d.mask.trailing_zeros() as usize;
                let single = if on_the_way {
                    g.capture_verdict(TeamId::new(t), &victim, c, None)
                        .is_err()
                        .then(|| s.pool().get(first).map(|e| e.thrown))
                        .flatten()
                } else {
                    single
                };
                let spec = g
                    .capture_verdict(TeamId::new(t), &victim, c, single)
                    .map_err(|r| format!("{who} taken where capture_verdict forbids it ({r:?})"))?;
                let at = &g.ir().capture.at[TeamId::new(t)][c.index()];
                if at.spec.is_none()
                    || at.forbidden_by.is_some()
                    || at
                        .only_with
                        .is_some_and(|(m, _)| single.is_none_or(|v| m >> v & 1 == 0))
                {
                    return Err(format!("{who} taken where the capture table forbids it"));
                }
                if *home != (spec.send_home || *swapped)
                    || (*swapped && !spec.swap)
                    || *rule != spec.origin.rule
                {
                    return Err(format!("{who} taken as {e:?}, the table says {spec:?}"));
                }
                let after = n.piece(TeamId::new(o), *piece as usize);
                // A swap puts the victim, as it was, on the hole its taker left.
                let left = s.piece(TeamId::new(t), d.piece as usize).place();
                if *swapped
                    && (left.is_none() || after.place() != left || after.flags != victim.flags)
                {
                    return Err(format!(
                        "{who} swapped but is now {after:?} (the taker left {left:?})"
                    ));
                }
                if *home
                    && !*swapped
                    && (!after.alive()
                        || after
                            .flags
                            .intersects(PieceFlags::RELEASED | PieceFlags::IMMUNE))
                {
                    return Err(format!("{who} sent home but is now {after:?}"));
                }
            }
            Event::Throw { .. } => return Err(format!("a decision gave {e:?}")),
            _ => {}
        }
    }
    if d.capture && taken == 0 {
        return Err("a taking decision took nothing".into());
    }
    // Every opposing piece left on the hole is one the table protects.
    if d.capture
        && let Some(cell) = cell
    {
        for (j, q) in s.pieces(TeamId::new(o)).iter().enumerate() {
            let still = n.piece(TeamId::new(o), j);
            if q.alive()
                && q.place() == Some(cell)
                && still.alive()
                && still.place() == Some(cell)
                && g.capture_verdict(TeamId::new(t), q, cell, single).is_ok()
                && !in_protected_row(g, s, o, cell)
            {
                return Err(format!(
                    "piece {} of `{}` on the landing hole could be taken but was left",
                    j + 1,
                    team_name(g, o)
                ));
            }
        }
    }
    Ok(())
}

// ------------------------------------------------------------------------------------------
// The checked playout

/// The decision the `seig playout` protocol takes (a forced one draws nothing).
fn choose(legal: &[Decision], rng: &mut Rng) -> Option<Decision> {
    match legal.len() {
        0 => None,
        1 => Some(legal[0]),
        n => Some(legal[rng.below(n)]),
    }
}

struct Run {
    notation: String,
    events: Vec<Event>,
    actions: usize,
}

/// What a playout checks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Check {
    /// Nothing (the replay of the determinism check).
    Nothing,
    /// Every invariant but the notation's round trip.
    Invariants,
    /// Only that the notation of every position reads back to it.
    RoundTrip,
}

/// Plays up to `max` actions from the start with the `seig playout` protocol, checking what
/// `check` says at every step; the error says where.
fn play(g: &Game, seed: u64, max: usize, check: Check) -> Result<Run, String> {
    let mut rng = Rng::for_game(seed, 0);
    // Probes draw from their own generator, so that checking does not change the game.
    let mut probe = Rng::for_game(seed, 1);
    let mut s = g.initial_state();
    let mut events = Vec::new();
    let mut buf = Vec::new();
    let mut actions = 0;
    let checking = check == Check::Invariants;
    let at = |s: &State, actions: usize, m: String| {
        format!(
            "after {actions} actions: {m}\n  position: {}",
            g.to_notation(s)
        )
    };
    loop {
        if checking {
            check_state(g, &s).map_err(|m| at(&s, actions, m))?;
        }
        if check == Check::RoundTrip {
            check_round_trip(g, &s).map_err(|m| at(&s, actions, m))?;
        }
        if g.is_over(&s) || actions >= max {
            break;
        }
        let mut ev = Vec::new();
        let before = checking.then(|| s.clone());
        if g.is_chance(&s) {
            if checking {
                check_chance(g, &s).map_err(|m| at(&s, actions, m))?;
            }
            let k = g.sample_outcome(&s, rng.next_u64());
            g.apply_throw(&mut s, k, &mut ev)
                .map_err(|r| at(&s, actions, format!("throw k={k} refused: {r:?}")))?;
            if let Some(b) = &before {
                check_throw(g, b, &s, &ev)
                    .and_then(|()| check_transition(g, b, &s, &ev))
                    .and_then(|()| check_phase_change(g, b, &s, &ev))
                    .map_err(|m| at(b, actions, format!("throw k={k}: {m}")))?;
            }
        } else {
            g.legal_decisions(&s, &mut buf);
            if checking {
                check_decisions(g, &s, &buf, &mut probe).map_err(|m| at(&s, actions, m))?;
            }
            let Some(d) = choose(&buf, &mut rng) else {
                return Err(at(
                    &s,
                    actions,
                    "no legal decision at a decision node".into(),
                ));
            };
            g.apply_decision(&mut s, d, &mut ev)
                .map_err(|r| at(&s, actions, format!("{d:?} refused: {r:?}")))?;
            if let Some(b) = &before {
                check_decision_events(g, b, d, &s, &ev)
                    .and_then(|()| check_transition(g, b, &s, &ev))
                    .and_then(|()| check_phase_change(g, b, &s, &ev))
                    .map_err(|m| at(b, actions, format!("{}: {m}", show_decision(g, b, &d))))?;
            }
        }
        events.extend(ev);
        actions += 1;
    }
    if checking && g.is_over(&s) {
        let mut c = s.clone();
        let d = Decision {
            piece: 0,
            mask: 1,
            capture: false,
            entry: 0,
        };
        if g.apply_throw(&mut c, 0, &mut Quiet).is_ok()
            || g.apply_decision(&mut c, d, &mut Quiet).is_ok()
            || c != s
        {
            return Err(at(
                &s,
                actions,
                "an action was accepted after the end".into(),
            ));
        }
    }
    Ok(Run {
        notation: g.to_notation(&s),
        events,
        actions,
    })
}

/// Plays one case: every selection `selections` gives, checking `check`; with
/// `Check::Invariants`, also that a second run of the seed agrees.
fn check_variant(
    vi: usize,
    seed: u64,
    picks: &[Index],
    params: &[(bool, Index)],
    check: Check,
) -> Result<(), TestCaseError> {
    let file = VARIANTS[vi];
    for sel in selections(space(vi), picks, params) {
        let Some(g) = try_load(file, &sel) else {
            continue;
        };
        let replay = format!(
            "seig playout rules/{file} --seed {seed} {} --trace",
            flags(&sel).replace("default readings", "")
        );
        let first = play(&g, seed, MAX_ACTIONS, check)
            .map_err(|m| TestCaseError::fail(format!("{m}\n  replay: {replay}")))?;
        if check != Check::Invariants {
            continue;
        }
        let second = play(&g, seed, MAX_ACTIONS, Check::Nothing)
            .map_err(|m| TestCaseError::fail(format!("{m}\n  replay: {replay}")))?;
        prop_assert_eq!(
            &first.notation,
            &second.notation,
            "two runs of seed {} end apart ({})",
            seed,
            replay
        );
        prop_assert_eq!(first.actions, second.actions);
        prop_assert!(
            first.events == second.events,
            "two runs of seed {} give different events ({})",
            seed,
            replay
        );
    }
    Ok(())
}

/// Whether the pieces of team `team` on `c` stand in a row that `protection: N in a row`
/// protects: N or more holes in a row along the team's track, each holding its pieces.
fn in_protected_row(g: &Game, s: &State, team: usize, c: Cell) -> bool {
    let Some(n) = g.ir().capture.protection.value else {
        return false;
    };
    let cells = &g.ir().teams[TeamId::new(team)].track.cells;
    let held: Vec<Cell> = s
        .pieces(TeamId::new(team))
        .iter()
        .filter(|p| p.alive())
        .filter_map(|p| p.place())
        .collect();
    let Some(i) = cells.iter().position(|&x| x == c) else {
        return false;
    };
    let on = |j: usize| held.contains(&cells[j]);
    let before = (0..i).rev().take_while(|&j| on(j)).count();
    let after = (i + 1..cells.len()).take_while(|&j| on(j)).count();
    1 + before + after >= usize::from(n)
}

/// The swap fixture (`tests/fixtures/swaps.seig`: a capture that swaps, holes that must be
/// landed on, holes that send a piece on, pieces borne off) under reading
/// combination `combo` (one bit per reading, its second option when set): the invariants,
/// and the same game twice.
fn check_swaps(seed: u64, combo: usize) -> Result<(), TestCaseError> {
    let readings = [
        ("A-SW-1", "gone"),
        ("A-SW-2", "yes"),
        ("A-SW-3", "pooled"),
        ("A-SW-4", "exact"),
        ("A-SW-5", "ladders"),
        ("A-SW-6", "rows"),
        ("A-SW-7", "back"),
        ("A-SW-8", "exact"),
        ("A-SW-8", "larger"),
    ];
    let mut sel = Selection {
        readings: readings
            .iter()
            .enumerate()
            .filter(|(i, _)| combo >> i & 1 == 1)
            .map(|(_, (r, o))| (r.to_string(), o.to_string()))
            .collect(),
        params: Vec::new(),
    };
    // One option of A-SW-7 (its two bits both set: the first).
    sel.readings.dedup_by(|a, b| a.0 == b.0);
    let path = format!("{}/tests/fixtures/swaps.seig", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).expect("the swap fixture");
    let g = Game::new(
        seig::lang::load(&bytes, &sel)
            .1
            .ir
            .expect("the swap fixture lowers"),
    );
    let first = play(&g, seed, MAX_ACTIONS, Check::Invariants)
        .map_err(|m| TestCaseError::fail(format!("{m}\n  readings: {:?}", sel.readings)))?;
    let second = play(&g, seed, MAX_ACTIONS, Check::Nothing).map_err(TestCaseError::fail)?;
    prop_assert_eq!(first.notation, second.notation);
    Ok(())
}

fn picks() -> impl Strategy<Value = Vec<Index>> {
    prop::collection::vec(any::<Index>(), 32)
}

fn param_picks() -> impl Strategy<Value = Vec<(bool, Index)>> {
    prop::collection::vec((prop::bool::weighted(0.3), any::<Index>()), 4)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 128,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_play_keeps_the_invariants_tagent(seed in any::<u64>(), p in picks(), q in param_picks()) {
        check_variant(0, seed, &p, &q, Check::Invariants)?;
    }

    #[test]
    fn random_play_keeps_the_invariants_sig(seed in any::<u64>(), p in picks(), q in param_picks()) {
        check_variant(1, seed, &p, &q, Check::Invariants)?;
    }

    #[test]
    fn random_play_keeps_the_invariants_sigue(seed in any::<u64>(), p in picks(), q in param_picks()) {
        check_variant(2, seed, &p, &q, Check::Invariants)?;
    }

    #[test]
    fn random_play_keeps_the_invariants_swap(seed in any::<u64>(), combo in 0usize..512) {
        check_swaps(seed, combo)?;
    }

}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn notation_round_trips_in_random_play_tagent(seed in any::<u64>(), p in picks(), q in param_picks()) {
        check_variant(0, seed, &p, &q, Check::RoundTrip)?;
    }

    #[test]
    fn notation_round_trips_in_random_play_sig(seed in any::<u64>(), p in picks(), q in param_picks()) {
        check_variant(1, seed, &p, &q, Check::RoundTrip)?;
    }

    #[test]
    fn notation_round_trips_in_random_play_sigue(seed in any::<u64>(), p in picks(), q in param_picks()) {
        check_variant(2, seed, &p, &q, Check::RoundTrip)?;
    }
}

/// Default readings, a few fixed seeds: the same checks, with no shrinking in the way.
#[test]
fn default_readings_keep_the_invariants() {
    for file in VARIANTS {
        let g = load(file, &Selection::default());
        for seed in 0..3 {
            if let Err(m) = play(&g, seed, MAX_ACTIONS, Check::Invariants) {
                panic!("{file} --seed {seed}: {m}");
            }
        }
    }
}

/// Default readings, a few fixed seeds: every position's notation reads back to it.
#[test]
fn default_readings_round_trip_the_notation() {
    let mut wrong = Vec::new();
    for file in VARIANTS {
        let g = load(file, &Selection::default());
        for seed in 0..3 {
            if let Err(m) = play(&g, seed, MAX_ACTIONS, Check::RoundTrip) {
                wrong.push(format!("{file} --seed {seed}: {m}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_bundled_variants_are_the_ones_tested() {
    // The bundled games in rules/, and the relatives in rules/relatives/ (named by that path).
    let list = |dir: &str, prefix: &str| -> Vec<String> {
        std::fs::read_dir(format!("{}/{dir}", env!("CARGO_MANIFEST_DIR")))
            .map(|d| {
                d.filter_map(|e| e.ok())
                    .map(|e| format!("{prefix}{}", e.file_name().to_string_lossy()))
                    .filter(|n| n.ends_with(".seig"))
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut found = list("rules", "");
    found.extend(list("rules/relatives", "relatives/"));
    found.sort();
    let mut known: Vec<String> = VARIANTS.iter().map(|s| s.to_string()).collect();
    known.sort();
    assert_eq!(
        found, known,
        "add new variants to VARIANTS in tests/engine/invariants.rs"
    );
}

// ------------------------------------------------------------------------------------------
// from_notation never panics

/// Real positions of every variant (every 23rd state of a few seeded games).
fn real_positions() -> &'static Vec<(usize, String)> {
    static POS: OnceLock<Vec<(usize, String)>> = OnceLock::new();
    POS.get_or_init(|| {
        let mut out = Vec::new();
        for (vi, file) in VARIANTS.iter().enumerate() {
            let g = load(file, &Selection::default());
            for seed in 0..4 {
                let mut rng = Rng::for_game(seed, 0);
                let mut s = g.initial_state();
                let mut buf = Vec::new();
                let mut i = 0;
                while !g.is_over(&s) && i < 3000 {
                    if i % 23 == 0 {
                        out.push((vi, g.to_notation(&s)));
                    }
                    if g.is_chance(&s) {
                        let k = g.sample_outcome(&s, rng.next_u64());
                        g.apply_throw(&mut s, k, &mut Quiet).expect("throw");
                    } else {
                        g.legal_decisions(&s, &mut buf);
                        let Some(d) = choose(&buf, &mut rng) else {
                            break;
                        };
                        g.apply_decision(&mut s, d, &mut Quiet).expect("decision");
                    }
                    i += 1;
                }
                out.push((vi, g.to_notation(&s)));
            }
        }
        out
    })
}

fn default_game(vi: usize) -> &'static Game {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    &GAMES.get_or_init(|| {
        VARIANTS
            .iter()
            .map(|f| load(f, &Selection::default()))
            .collect()
    })[vi]
}

/// Words and marks positions are made of, for building and editing.
const VOCAB: &[&str] = &[
    "|",
    ":",
    " ",
    ".",
    "/",
    "#",
    "^",
    "=",
    "+",
    "!",
    "'",
    ",",
    "x",
    "off",
    "drop",
    "-",
    "r",
    "e",
    "0",
    "1",
    "2",
    "7",
    "12",
    "24",
    "31",
    "32",
    "33",
    "64",
    "255",
    "256",
    "65535",
    "4294967295",
    "4294967296",
    "-1",
    "pool",
    "throws",
    "turns",
    "bind",
    "last",
    "won",
    "again",
    "move",
    "throw",
    "over",
    "opening",
    "race",
    "combat",
    "twigs",
    "shells",
    "south",
    "north",
    "white",
    "black",
    "twigs_lower.1",
    "shells_upper.12",
    "home_south.3",
    "middle.24",
    "white_outer.1",
    "central_north.5'",
    "middle.0",
    "middle.99",
    "é",
    "\u{0}",
    "\u{200b}",
];

/// A parsed position: it is consistent, printing it parses back to it, and the engine can go on from it
/// (a short random continuation and a depth-1 perft) without panicking.
fn exercise(g: &Game, s: State, seed: u64) -> Result<(), TestCaseError> {
    let text = g.to_notation(&s);
    if let Err(m) = check_state(g, &s) {
        prop_assert!(
            false,
            "from_notation accepts an inconsistent position: {m}\n  {text}"
        );
    }
    match g.from_notation(&text) {
        Ok(back) => prop_assert!(
            back == s,
            "reprinted position does not parse to the same state: {}\n  {}",
            diff_states(&s, &back),
            text
        ),
        Err(e) => prop_assert!(
            false,
            "reprinted position does not parse: {}\n  {text}",
            crate::common::said(g, &e)
        ),
    }
    let _ = seig::tools::sim::perft(g, &s, 1);
    let mut rng = Rng::for_game(seed, 0);
    let mut s = s;
    let mut buf = Vec::new();
    for _ in 0..40 {
        if g.is_over(&s) {
            break;
        }
        let r = if g.is_chance(&s) {
            let k = g.sample_outcome(&s, rng.next_u64());
            g.apply_throw(&mut s, k, &mut Quiet)
        } else {
            g.legal_decisions(&s, &mut buf);
            let Some(d) = choose(&buf, &mut rng) else {
                break;
            };
            g.apply_decision(&mut s, d, &mut Quiet)
        };
        if r.is_err() {
            break;
        }
        let _ = g.to_notation(&s);
    }
    Ok(())
}

/// Words of real positions of a variant (its rows' holes, pool entries, counters).
fn position_words(vi: usize) -> &'static [String] {
    static WORDS: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    &WORDS.get_or_init(|| {
        let mut out = vec![Vec::new(); VARIANTS.len()];
        for (v, text) in real_positions() {
            for w in text.split_whitespace() {
                if !out[*v].iter().any(|x| x == w) {
                    out[*v].push(w.to_string());
                }
            }
        }
        out
    })[vi]
}

#[derive(Debug, Clone)]
enum Edit {
    Delete(Index, u8),
    Insert(Index, Index),
    ReplaceWord(Index, Index),
    ReplaceWithOwnWord(Index, Index),
    ChangeNumber(Index, u64),
    DuplicateWord(Index),
    SwapWords(Index, Index),
    DropSection(Index),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        2 => (any::<Index>(), 1u8..6).prop_map(|(a, b)| Edit::Delete(a, b)),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::Insert(a, b)),
        2 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::ReplaceWord(a, b)),
        8 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::ReplaceWithOwnWord(a, b)),
        8 => (
            any::<Index>(),
            prop_oneof![
                8 => 0u64..30,
                1 => prop_oneof![Just(255), Just(256), Just(u32::MAX as u64), any::<u64>()]
            ]
        )
            .prop_map(|(a, n)| Edit::ChangeNumber(a, n)),
        2 => any::<Index>().prop_map(Edit::DuplicateWord),
        6 => (any::<Index>(), any::<Index>()).prop_map(|(a, b)| Edit::SwapWords(a, b)),
        1 => any::<Index>().prop_map(Edit::DropSection),
    ]
}

fn apply_edit(vi: usize, text: &str, e: &Edit) -> String {
    let chars: Vec<char> = text.chars().collect();
    let words: Vec<&str> = text.split(' ').collect();
    let pick = |i: &Index| VOCAB[i.index(VOCAB.len())];
    match e {
        Edit::Delete(at, len) => {
            let a = at.index(chars.len() + 1);
            let b = (a + *len as usize).min(chars.len());
            chars[..a].iter().chain(&chars[b..]).collect()
        }
        Edit::Insert(at, w) => {
            let a = at.index(chars.len() + 1);
            let mut s: String = chars[..a].iter().collect();
            s.push_str(pick(w));
            s.extend(&chars[a..]);
            s
        }
        Edit::ReplaceWord(at, w) => {
            let mut v = words.clone();
            let i = at.index(v.len());
            v[i] = pick(w);
            v.join(" ")
        }
        Edit::ReplaceWithOwnWord(at, w) => {
            let own = position_words(vi);
            let mut v = words.clone();
            let i = at.index(v.len());
            v[i] = &own[w.index(own.len())];
            v.join(" ")
        }
        Edit::ChangeNumber(at, n) => {
            // The digit runs of the text; replace one.
            let mut runs = Vec::new();
            let mut start = None;
            for (i, c) in chars.iter().enumerate().chain([(chars.len(), &' ')]) {
                match (c.is_ascii_digit(), start) {
                    (true, None) => start = Some(i),
                    (false, Some(a)) => {
                        runs.push((a, i));
                        start = None;
                    }
                    _ => {}
                }
            }
            if runs.is_empty() {
                return text.to_string();
            }
            let (a, b) = runs[at.index(runs.len())];
            let mut s: String = chars[..a].iter().collect();
            s.push_str(&n.to_string());
            s.extend(&chars[b..]);
            s
        }
        Edit::DuplicateWord(at) => {
            let mut v = words.clone();
            let i = at.index(v.len());
            v.insert(i, words[i]);
            v.join(" ")
        }
        Edit::SwapWords(a, b) => {
            let mut v = words.clone();
            let (i, j) = (a.index(v.len()), b.index(v.len()));
            v.swap(i, j);
            v.join(" ")
        }
        Edit::DropSection(at) => {
            let mut v: Vec<&str> = text.split('|').collect();
            let i = at.index(v.len());
            v.remove(i);
            v.join("|")
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 1024,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn from_notation_never_panics_on_any_text(vi in 0..VARIANTS.len(), text in any::<String>()) {
        let g = default_game(vi);
        if let Ok(s) = g.from_notation(&text) {
            exercise(g, s, 1)?;
        }
    }

    #[test]
    fn from_notation_never_panics_on_notation_like_text(
        vi in 0..VARIANTS.len(),
        words in prop::collection::vec(any::<Index>(), 0..60),
    ) {
        let g = default_game(vi);
        let text: String = words.iter().map(|i| VOCAB[i.index(VOCAB.len())]).collect();
        if let Ok(s) = g.from_notation(&text) {
            exercise(g, s, 2)?;
        }
    }

}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2048,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn from_notation_never_panics_on_edited_positions(
        which in any::<Index>(),
        edits in prop::collection::vec(edit(), 1..3),
        seed in any::<u64>(),
    ) {
        let all = real_positions();
        let (vi, text) = &all[which.index(all.len())];
        let g = default_game(*vi);
        let mut text = text.clone();
        for e in &edits {
            text = apply_edit(*vi, &text, e);
        }
        if let Ok(s) = g.from_notation(&text) {
            exercise(g, s, seed)?;
        }
    }
}

// ------------------------------------------------------------------------------------------
// Positions from notation the engine must cope with

/// Tagent, race, twigs to move with these pool entries; piece 1 stands on the last hole of
/// its upper field and can step on with any of them.
fn tagent_with_pool(g: &Game, pool: &[String]) -> State {
    let n = pool.len();
    assert!(n > 0);
    let twigs: Vec<String> = (1..=12).map(|h| format!("+twigs_upper.{h}")).collect();
    let shells: Vec<String> = (1..=12).map(|h| format!("shells_lower.{h}")).collect();
    let text = format!(
        "race | twigs 1 move | throws {n}/{n}/100 turns 40 | pool {} | twigs: {} | shells: {}",
        pool.join(" "),
        twigs.join(" "),
        shells.join(" ")
    );
    g.from_notation(&text)
        .unwrap_or_else(|e| panic!("{}\n  {text}", crate::common::said(g, &e)))
}

/// Which single entries piece 1 may take that `apply_decision` accepts but
/// `legal_decisions` does not list (nor an interchangeable entry in its place).
fn unlisted_singles(g: &Game, s: &State) -> Vec<String> {
    let mut legal = Vec::new();
    g.legal_decisions(s, &mut legal);
    let keys: HashSet<DecisionKey> = legal.iter().map(|d| decision_key(g, s, d)).collect();
    let mut out = Vec::new();
    for i in 0..s.pool().len() {
        let d = Decision {
            piece: 0,
            mask: 1 << i,
            capture: false,
            entry: 0,
        };
        let accepted = g.apply_decision(&mut s.clone(), d, &mut Quiet).is_ok();
        let listed = keys.contains(&decision_key(g, s, &d));
        if accepted != listed {
            out.push(format!(
                "piece 1 with entry {} ({}): accepted {accepted}, listed {listed} ({} listed)",
                i + 1,
                g.decision_notation(s, d),
                legal.len()
            ));
        }
    }
    out
}

/// A pooled turn can gather many entries (an 8 gives eight releases; an 8, a 4 or a Seig
/// throws again), up to the engine's `POOL_MAX`. Whatever the pool, a move that
/// `apply_decision` accepts is listed: with many interchangeable entries, and with many
/// different ones.
#[test]
fn large_pools_list_the_moves_they_allow() {
    let g = load("seig-tagent.seig", &Selection::default());
    let mut wrong = Vec::new();
    for n in 1..=POOL_MAX {
        let pool: Vec<String> = (0..n).map(|i| format!("1/3#{i}")).collect();
        for m in unlisted_singles(&g, &tagent_with_pool(&g, &pool)) {
            wrong.push(format!("{n} alike entries: {m}"));
        }
    }
    // Twenty different entries (places and throw value, a value the sticks can show: a
    // position is checked for that): 2^20 groups.
    let pool: Vec<String> = (0..20)
        .map(|i| format!("{}/{}#{i}", 1 + i / 9, i % 9))
        .collect();
    for m in unlisted_singles(&g, &tagent_with_pool(&g, &pool)) {
        wrong.push(format!("20 different entries: {m}"));
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A decision node read from notation with nothing to move is refused, or random play from
/// it goes on without panicking.
#[test]
fn random_play_from_a_stuck_decision_node_does_not_panic() {
    let g = load("seig-tagent.seig", &Selection::default());
    let text = g
        .to_notation(&tagent_with_pool(&g, &["1/3#0".to_string()]))
        .replace("pool 1/3#0", "pool -");
    let Ok(s) = g.from_notation(&text) else {
        return;
    };
    let mut legal = Vec::new();
    g.legal_decisions(&s, &mut legal);
    let out = std::panic::catch_unwind(|| {
        seig::tools::sim::random_playout(
            &g,
            s.clone(),
            &mut Rng::for_game(1, 0),
            100,
            &mut Vec::new(),
        )
    });
    assert!(
        out.is_ok(),
        "random_playout panics from `{text}` ({} legal decisions)",
        legal.len()
    );
}

/// Whether the seat may decline the moves left in its pool: `moves: optional`, or an unused
/// backward move under `when no move forward: move backward, may`.
fn may_decline(g: &Game, s: &State) -> bool {
    g.ir().moves_optional.value
        || (g.ir().movement.back_when_stuck.value == BackWhenStuck::May
            && s.pool()
                .iter()
                .any(|e| e.unused() && e.kind == EntryKind::Back))
}
