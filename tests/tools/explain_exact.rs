//! `explain` is exact: over random positions of every bundled variant under sampled
//! readings (per-throw and pooled files), its verdict on a move equals the engine's
//! listing, and every refusal says why — a statement of the file with its rule, a language
//! default, or a fact of the position — never "no statement explains".
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use proptest::prelude::*;
use seig::engine::{Decision, Game, NONE, Quiet, State};
use seig::lang::lower::Selection;
use seig::tools::analysis::explain::{Ground, judge_decision};
use seig::tools::sim::Rng;

const VARIANTS: [&str; 3] = ["seig-tagent.seig", "sig-beart.seig", "sigue-caillie.seig"];

fn load(file: &str, sel: &Selection) -> Option<Game> {
    let path = format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).expect("rule file");
    let (_, lowered) = seig::lang::load(&bytes, sel);
    lowered.ir.map(Game::new)
}

/// A selection with each reading's option picked from `picks` (a file may refuse some
/// combinations: those are skipped).
fn selection(file: &str, picks: &[u64]) -> Selection {
    let g = load(file, &Selection::default()).expect("default readings load");
    let readings = g
        .ir()
        .readings
        .iter()
        .zip(picks.iter().cycle())
        .map(|(r, &p)| {
            let k = (p % r.options.len() as u64) as usize;
            (r.id.clone(), r.options[k].0.clone())
        })
        .collect();
    Selection {
        readings,
        params: Vec::new(),
    }
}

/// The candidate decisions judged at a decision node: every piece with every single
/// unused entry, and random groups of unused entries, taking and not.
fn candidates(g: &Game, s: &State, rng: &mut Rng) -> Vec<Decision> {
    let unused: Vec<usize> = (0..s.pool().len())
        .filter(|&i| s.pool()[i].piece == NONE)
        .collect();
    let n = g.n_pieces(s.team()) as u8;
    let mut masks: Vec<u64> = unused.iter().map(|&i| 1u64 << i).collect();
    for _ in 0..4 {
        let m = unused
            .iter()
            .filter(|_| rng.next_u64() & 1 == 1)
            .fold(0u64, |m, &i| m | 1 << i);
        if m != 0 {
            masks.push(m);
        }
    }
    let mut out = Vec::new();
    for piece in 0..n {
        for &mask in &masks {
            for capture in [false, true] {
                out.push(Decision {
                    piece,
                    mask,
                    capture,
                    entry: 0,
                });
            }
        }
    }
    out
}

/// Plays a seeded random game; at every decision node judges the candidates as a user
/// would give them (move notation, read back), checking the verdict against the listing.
/// Returns the decision positions checked.
fn check_game(g: &Game, seed: u64, max_actions: usize) -> Result<u64, String> {
    let mut rng = Rng::for_game(seed, 0);
    let mut s = g.initial_state();
    let mut legal = Vec::new();
    let mut positions = 0;
    for _ in 0..max_actions {
        if g.is_over(&s) {
            break;
        }
        if g.is_chance(&s) {
            let k = g.sample_outcome(&s, rng.next_u64());
            if g.apply_throw(&mut s, k, &mut Quiet).is_err() {
                break;
            }
            continue;
        }
        g.legal_decisions(&s, &mut legal);
        if legal.is_empty() {
            break;
        }
        positions += 1;
        for c in candidates(g, &s, &mut rng) {
            let text = g.decision_notation(&s, c);
            let Ok(d) = g.parse_decision(&s, &text) else {
                continue;
            };
            let v = judge_decision(g, &s, d, &text);
            let listed = legal.contains(&d);
            let at = || format!("{text} at {}", g.to_notation(&s));
            if v.legal != listed {
                return Err(format!(
                    "explain says legal={} but the listing says {listed}: {}",
                    v.legal,
                    at()
                ));
            }
            if !v.legal {
                if v.because.is_empty() {
                    return Err(format!("a refusal with no reason: {}", at()));
                }
                if let Some(b) = v
                    .because
                    .iter()
                    .find(|b| b.statement.contains("please report"))
                {
                    return Err(format!("{}: {}", b.statement, at()));
                }
                if v.because
                    .iter()
                    .any(|b| b.ground == Ground::Rule && b.rule.is_none())
                {
                    return Err(format!("a rule reason without its rule: {}", at()));
                }
            }
        }
        let d = legal[(rng.next_u64() % legal.len() as u64) as usize];
        if g.apply_decision(&mut s, d, &mut Quiet).is_err() {
            break;
        }
    }
    Ok(positions)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 24,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn explain_agrees_with_the_listing(
        vi in 0usize..3,
        seed in any::<u64>(),
        picks in prop::collection::vec(any::<u64>(), 12),
    ) {
        let file = VARIANTS[vi];
        let sel = selection(file, &picks);
        if let Some(g) = load(file, &sel)
            && let Err(m) = check_game(&g, seed, 400)
        {
            return Err(TestCaseError::fail(format!("{file} {:?} seed {seed}: {m}", sel.readings)));
        }
    }
}

/// Default readings of every file, fixed seeds: the count of positions checked is printed
/// (`cargo test --release --test explain_exact -- --nocapture`).
#[test]
fn explain_agrees_with_the_listing_default_readings() {
    let mut total = 0;
    for file in VARIANTS {
        let g = load(file, &Selection::default()).expect("loads");
        for seed in 0..4 {
            total +=
                check_game(&g, seed, 600).unwrap_or_else(|m| panic!("{file} seed {seed}: {m}"));
        }
    }
    eprintln!("explain checked against the listing at {total} decision positions");
    assert!(total > 100, "too few positions: {total}");
}

/// The case: in a per-throw file, a move of two pool entries is not a move the
/// engine offers (though applying it would succeed), and `explain` says so, naming the
/// allocation statement.
#[test]
fn two_entries_of_a_per_throw_file_are_refused_by_the_allocation() {
    let g = load("sig-beart.seig", &Selection::default()).expect("loads");
    let s = g
        .from_notation(
            "race | north 1 move | throws 2/2/146 turns 113 last 8:4 | pool 4/4#0 4/4#1 | south: +!home_north.12 off off off off off off off off +!home_north.12 +central_north.5 +home_south.4 | north: x +!home_south.2 x +central_north.8 +!home_south.1 +home_north.7 +central_south.8 +central_north.6 +central_south.10 +home_north.10 +central_north.4 +home_north.6",
        )
        .expect("position");
    let d = g.parse_decision(&s, "6:4+4").expect("parses");
    assert!(
        g.apply_decision(&mut s.clone(), d, &mut Quiet).is_ok(),
        "the engine applies it"
    );
    let v = judge_decision(&g, &s, d, "6:4+4");
    assert!(!v.legal, "{v:?}");
    assert_eq!(v.because.len(), 1, "{:?}", v.because);
    let b = &v.because[0];
    assert!(b.statement.starts_with("allocation: per throw"), "{b:?}");
    assert_eq!(b.ground, Ground::Rule);
    assert!(
        b.rule.as_ref().is_some_and(|r| r.id.starts_with("SIG-")),
        "{b:?}"
    );
}
