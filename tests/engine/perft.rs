//! Perft regression: the counts of chance outcomes and decisions to depth 4, from the
//! initial position of each bundled variant and from a mid-game position of a seeded playout,
//! as insta snapshots (one readable table each). A change to the engine or to a rule file that
//! changes what can happen changes a table; review it with `cargo insta review`.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::engine::{Decision, Game, Quiet, State};
use seig::lang::lower::Selection;
use seig::tools::sim::{PerftRow, Rng, perft};

const DEPTH: u32 = 4;

fn load(file: &str) -> Game {
    let path = format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).expect("readable rule file");
    let (text, lowered) = seig::lang::load(&bytes, &Selection::default());
    match lowered.ir {
        Some(ir) => Game::new(ir),
        None => panic!(
            "{}",
            seig::lang::diag::render(&path, text.as_deref().unwrap_or(""), &lowered.diagnostics)
        ),
    }
}

/// The table as `seig perft` prints it, under a heading naming the variant and position.
fn table(g: &Game, file: &str, s: &State, rows: &[PerftRow]) -> String {
    let mut out = format!(
        "variant:  rules/{file} (default readings)\nposition: {}\n\n",
        g.to_notation(s)
    );
    out.push_str(&format!(
        "{:>5} {:>14} {:>14} {:>14} {:>10}\n",
        "depth", "nodes", "chance", "decisions", "terminal"
    ));
    for r in rows {
        out.push_str(&format!(
            "{:>5} {:>14} {:>14} {:>14} {:>10}\n",
            r.depth, r.nodes, r.chance, r.decisions, r.terminal
        ));
    }
    out
}

/// The children of a position (one per chance outcome or legal decision).
fn children(g: &Game, s: &State) -> Vec<State> {
    let mut out = Vec::new();
    if g.is_over(s) {
        return out;
    }
    if g.is_chance(s) {
        for o in g.chance_outcomes(s) {
            let mut c = s.clone();
            g.apply_throw(&mut c, o.k, &mut Quiet).expect("throw");
            out.push(c);
        }
    } else {
        let mut buf: Vec<Decision> = Vec::new();
        g.legal_decisions(s, &mut buf);
        for d in buf {
            let mut c = s.clone();
            g.apply_decision(&mut c, d, &mut Quiet)
                .expect("legal decision");
            out.push(c);
        }
    }
    out
}

/// Perft to `DEPTH`, checked against the sum of its children's perft to `DEPTH - 1`.
fn checked_perft(g: &Game, s: &State) -> Vec<PerftRow> {
    let rows = perft(g, s, DEPTH).expect("perft");
    assert_eq!(rows.len(), DEPTH as usize);
    for r in &rows {
        assert_eq!(r.nodes, r.chance + r.decisions, "depth {}", r.depth);
        assert!(r.terminal <= r.nodes, "depth {}", r.depth);
    }
    let kids = children(g, s);
    assert_eq!(rows[0].nodes, kids.len() as u64, "depth 1 is the children");
    let mut sum = vec![PerftRow::default(); DEPTH as usize - 1];
    for c in &kids {
        for (acc, r) in sum.iter_mut().zip(perft(g, c, DEPTH - 1).expect("perft")) {
            acc.nodes += r.nodes;
            acc.chance += r.chance;
            acc.decisions += r.decisions;
            acc.terminal += r.terminal;
        }
    }
    for (r, s) in rows[1..].iter().zip(&sum) {
        assert_eq!(
            (r.nodes, r.chance, r.decisions, r.terminal),
            (s.nodes, s.chance, s.decisions, s.terminal),
            "depth {} is the sum of the children's depth {}",
            r.depth,
            r.depth - 1
        );
    }
    rows
}

/// A mid-game position: the first decision with a choice after `after` actions of the
/// seeded playout (`seig playout --seed SEED` plays the same game).
fn mid_game(g: &Game, seed: u64, after: usize) -> State {
    let mut rng = Rng::for_game(seed, 0);
    let mut s = g.initial_state();
    let mut buf = Vec::new();
    let mut actions = 0;
    loop {
        assert!(
            !g.is_over(&s),
            "the playout ended before a mid-game position"
        );
        if g.is_chance(&s) {
            let k = g.sample_outcome(&s, rng.next_u64());
            g.apply_throw(&mut s, k, &mut Quiet).expect("throw");
        } else {
            g.legal_decisions(&s, &mut buf);
            if actions >= after && buf.len() > 1 {
                return s;
            }
            let d = if buf.len() == 1 {
                buf[0]
            } else {
                buf[rng.below(buf.len())]
            };
            g.apply_decision(&mut s, d, &mut Quiet).expect("decision");
        }
        actions += 1;
    }
}

fn initial(file: &str) -> String {
    let g = load(file);
    let s = g.initial_state();
    let rows = checked_perft(&g, &s);
    table(&g, file, &s, &rows)
}

fn middle(file: &str, seed: u64, after: usize) -> String {
    let g = load(file);
    let s = mid_game(&g, seed, after);
    let rows = checked_perft(&g, &s);
    let mut out = format!("seeded playout: --seed {seed}, first choice after {after} actions\n");
    out.push_str(&table(&g, file, &s, &rows));
    out
}

#[test]
fn perft_tagent_initial() {
    insta::assert_snapshot!("tagent_initial", initial("seig-tagent.seig"));
}

#[test]
fn perft_sig_initial() {
    insta::assert_snapshot!("sig_initial", initial("sig-beart.seig"));
}

#[test]
fn perft_sigue_initial() {
    insta::assert_snapshot!("sigue_initial", initial("sigue-caillie.seig"));
}

#[test]
fn perft_tagent_mid_game() {
    insta::assert_snapshot!("tagent_mid_game", middle("seig-tagent.seig", 11, 150));
}

#[test]
fn perft_sig_mid_game() {
    insta::assert_snapshot!("sig_mid_game", middle("sig-beart.seig", 11, 150));
}

#[test]
fn perft_sigue_mid_game() {
    insta::assert_snapshot!("sigue_mid_game", middle("sigue-caillie.seig", 11, 150));
}
