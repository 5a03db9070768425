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
use seig::engine::{Decision, Game, Quiet, State};
use seig::lang::lower::Selection;
use seig::tools::analysis::explain::{Ground, judge_decision};
use seig::tools::sim::Rng;
use seig::tools::words::position::notation_error;

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
    crate::support::picked_readings(&g, picks)
}

/// The candidate decisions judged at a decision node: every piece with every single
/// unused entry, and random groups of unused entries, taking and not.
fn candidates(g: &Game, s: &State, rng: &mut Rng) -> Vec<Decision> {
    let unused: Vec<usize> = (0..s.pool().len())
        .filter(|&i| s.pool()[i].unused())
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

/// Positions of seeded random play, every file under the default readings (with the reading
/// options sampled by `picks` when given).
fn positions(file: &str, sel: &Selection, seeds: u64, actions: usize) -> (Game, Vec<State>) {
    let g = load(file, sel).expect("loads");
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for seed in 0..seeds {
        let mut rng = Rng::for_game(seed, 3);
        let mut s = g.initial_state();
        for _ in 0..actions {
            out.push(s.clone());
            if g.is_over(&s) {
                break;
            }
            if g.is_chance(&s) {
                let k = g.sample_outcome(&s, rng.next_u64());
                g.apply_throw(&mut s, k, &mut Quiet).expect("throws");
                continue;
            }
            g.legal_decisions(&s, &mut legal);
            let d = legal[(rng.next_u64() % legal.len() as u64) as usize];
            g.apply_decision(&mut s, d, &mut Quiet).expect("plays");
        }
    }
    (g, out)
}

/// `explain --position` of what `explain` printed gives the same pool (with each entry's
/// rule), the same decisions and the same explanation: nothing is re-derived.
#[test]
fn positions_read_back_exactly() {
    use seig::tools::analysis::explain::{explain, render};
    let mut checked = 0;
    for file in VARIANTS {
        for picks in [[0u64; 12], [1; 12]] {
            let sel = selection(file, &picks);
            if load(file, &sel).is_none() {
                continue;
            }
            let (g, states) = positions(file, &sel, 3, 300);
            for s in states {
                let text = g.to_notation(&s);
                let back = g.from_notation_reachable(&text).unwrap_or_else(|e| {
                    let e = notation_error(g.ir(), &e);
                    panic!("{file} {:?}: `{text}` is refused: {e}", sel.readings)
                });
                assert_eq!(g.to_notation(&back), text, "{file}");
                assert_eq!(back.pool(), s.pool(), "{file}: {text}");
                assert!(back.same_position(&s), "{file}: {text}");
                // The notation leaves out the count of quiet turns (no rule reads it), which
                // only times the deadlock test: a deadlock found a throw later is no change.
                let shown = |s: &State| {
                    explain(&g, s, None).map(|e| {
                        render(&e)
                            .lines()
                            .filter(|l| !l.contains("language default: deadlock"))
                            .collect::<Vec<_>>()
                            .join("\n")
                    })
                };
                assert_eq!(shown(&s).ok(), shown(&back).ok(), "{file}: {text}");
                checked += 1;
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// The first position of `file` (default readings) whose notation `pick` can turn into an
/// impossible one, and the error reading that gives.
fn impossible(file: &str, pick: &dyn Fn(&str) -> Option<String>) -> (String, String) {
    let (g, states) = positions(file, &Selection::default(), 20, 400);
    for s in states {
        let text = g.to_notation(&s);
        if let Some(bad) = pick(&text) {
            // Well-formed (the engine's own reading takes it), but not reachable.
            if let Err(e) = g.from_notation(&bad) {
                let e = notation_error(g.ir(), &e);
                panic!("`{bad}` is not even well-formed: {e}");
            }
            let e = g
                .from_notation_reachable(&bad)
                .map(|_| ())
                .expect_err(&format!("`{bad}` (from `{text}`) is accepted"));
            return (bad, notation_error(g.ir(), &e));
        }
    }
    panic!("{file}: no position to alter");
}

/// The tokens of a notation's pool, and the notation with token `i` replaced.
fn with_pool_token(text: &str, f: &dyn Fn(&str) -> Option<String>) -> Option<String> {
    let (head, rest) = text.split_once(" | pool ")?;
    let (pool, tail) = rest.split_once(" | ")?;
    let toks: Vec<&str> = pool.split(' ').collect();
    for (i, t) in toks.iter().enumerate() {
        if let Some(new) = f(t) {
            let mut v: Vec<String> = toks.iter().map(|t| t.to_string()).collect();
            v[i] = new;
            return Some(format!("{head} | pool {} | {tail}", v.join(" ")));
        }
    }
    None
}

/// A pool move of 5 places from a throw of 4: no throw entry gives it.
#[test]
fn a_pool_entry_no_throw_gives_is_refused() {
    let (bad, e) = impossible("sig-beart.seig", &|t| {
        with_pool_token(t, &|p| p.strip_prefix("4/4#").map(|r| format!("5/4#{r}")))
    });
    assert!(
        e.contains("gives no move of 5 place(s) for a throw of 4"),
        "{bad}: {e}"
    );
    assert!(e.contains("(at `5/4#"), "{bad}: {e}");
}

/// A release from a 3, where only other throws release.
#[test]
fn a_release_from_a_throw_that_releases_nothing_is_refused() {
    let (bad, e) = impossible("seig-tagent.seig", &|t| {
        with_pool_token(t, &|p| p.strip_prefix("3/3#").map(|r| format!("r3/3#{r}")))
    });
    assert!(
        e.contains("pool entry") && e.contains("release"),
        "{bad}: {e}"
    );
}

/// Sigue's first throw of a turn is made with 5 sticks: a `last` of 6 sticks there is
/// impossible.
#[test]
fn a_first_throw_of_a_turn_with_the_wrong_stick_count_is_refused() {
    let (bad, e) = impossible("sigue-caillie.seig", &|t| {
        let (_, after) = t.split_once(" throws 1/")?;
        let _ = after;
        let (a, b) = t.split_once(" last 5:")?;
        Some(format!("{a} last 6:{b}"))
    });
    assert!(e.contains("the last throw"), "{bad}: {e}");
}

/// A `once` condition that holds but whose latch the notation leaves out: the end of the
/// last action would have set it. The engine's own reading takes the position (it is
/// well-formed); the reading of a person's position refuses it, at the counters.
#[test]
fn a_latch_that_must_be_set_but_is_not_is_refused() {
    // Sigue's `once middle full` (A-SGU-8 = threshold) latches late in a game.
    let (g, states) = positions("sigue-caillie.seig", &Selection::default(), 3, 3000);
    let mut refused = 0;
    for s in states {
        let text = g.to_notation(&s);
        let Some((head, rest)) = text.split_once(" | pool ") else {
            continue;
        };
        if !head.contains(" once ") {
            continue;
        }
        // Every `once TEAM:N,…` left out, the rest of the counters kept.
        let toks: Vec<&str> = head.split(' ').collect();
        let mut kept = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            if toks[i] == "once" {
                i += 2;
                continue;
            }
            kept.push(toks[i]);
            i += 1;
        }
        let bad = format!("{} | pool {rest}", kept.join(" "));
        assert!(g.from_notation(&bad).is_ok(), "`{bad}` is not well-formed");
        if let Err(e) = g.from_notation_reachable(&bad) {
            let e = notation_error(g.ir(), &e);
            assert!(e.contains("its latch (`latches`) is not set"), "{bad}: {e}");
            assert!(e.contains("(at `throws "), "{bad}: {e}");
            refused += 1;
        }
    }
    assert!(refused > 0, "no position whose latch could be left out");
}

/// A move of the turn that a later 2 cancelled (Tagent's race: `on 2 in race: cancel
/// moves`): a pool that still holds it unused after a last throw of 2 is impossible.
#[test]
fn a_move_a_later_two_cancelled_is_refused() {
    let (bad, e) = impossible("seig-tagent.seig", &|t| {
        let (head, rest) = t.split_once(" | pool ")?;
        let (pool, _) = rest.split_once(" | ")?;
        let waiting = pool.split(' ').count() == 1
            && !pool.starts_with('r')
            && !pool.contains('=')
            && pool.contains("#0");
        // Twigs count their own colour, the notation's face: `last 8:2` is their 2.
        if !head.starts_with("race | twigs ") || !waiting {
            return None;
        }
        // One more throw in the turn: the last one a 2 of the race's 8 sticks.
        let mut toks: Vec<String> = head.split(' ').map(str::to_string).collect();
        let at = |w: &str| toks.iter().position(|t| t == w);
        let (th, la) = (at("throws")?, at("last")?);
        let c: Vec<u32> = toks[th + 1]
            .split('/')
            .map(|n| n.parse().ok())
            .collect::<Option<_>>()?;
        if c[..2] != [1, 1] {
            return None;
        }
        toks[th + 1] = format!("2/2/{}", c[2] + 1);
        toks[la + 1] = "8:2".into();
        Some(format!("{} | pool {rest}", toks.join(" ")))
    });
    assert!(e.contains("cancels the turn's moves"), "{bad}: {e}");
}

/// TAG-S1: Tagent's opening is thrown with 7 sticks (nothing enters the opening, so every
/// throw in it was made there): a `last` throw of 8 sticks in the opening is impossible.
#[test]
fn tag_s1_an_opening_throw_with_8_sticks_is_refused() {
    let (bad, e) = impossible("seig-tagent.seig", &|t| {
        // The opening's throws end the turn (but a Seig, which enters the race): `last`
        // is the previous turn's throw, in the opening too.
        if !t.starts_with("opening |") {
            return None;
        }
        let (a, b) = t.split_once(" last 7:")?;
        Some(format!("{a} last 8:{b}"))
    });
    assert!(
        e.contains("the last throw") && e.contains("the 7 stick(s)"),
        "{bad}: {e}"
    );
}

/// SIG-F1: the combat begins only when all pieces are released (`from race enter combat
/// when … and all pieces released`), and Sig's captures remove: a combat with a piece
/// still waiting is impossible, under each reading of A-SIG-4.
#[test]
fn sig_f1_a_combat_with_unreleased_pieces_is_refused() {
    for a4 in ["immune-or-arrived", "no-capture"] {
        let sel = Selection {
            readings: vec![("A-SIG-4".into(), a4.into())],
            params: Vec::new(),
        };
        let g = load("sig-beart.seig", &sel).expect("loads");
        let text = g.to_notation(&g.initial_state());
        let bad = text.replacen("race |", "combat |", 1);
        assert_ne!(bad, text);
        assert!(g.from_notation(&bad).is_ok(), "`{bad}` is not well-formed");
        let e = g
            .from_notation_reachable(&bad)
            .map(|_| ())
            .expect_err(&format!("`{bad}` is accepted"));
        let e = notation_error(g.ir(), &e);
        assert!(
            e.contains("is not released, but the combat phase begins only when all pieces are released (SIG-F1)"),
            "{a4}: {e}"
        );
    }
}
