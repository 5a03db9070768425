//! Speed of the engine and the checker: random playouts, the decision generator alone,
//! perft, parse+check.
//! Run: `cargo bench --bench engine` (figures in the README's performance table).
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use seig_engine::{Decision, Game, Quiet, State};
use seig_lang::lower::Selection;
use seig_tools::sim::{Rng, perft, random_playout};
use std::hint::black_box;

fn load(name: &str, params: &[(&str, i64)]) -> (Vec<u8>, Selection) {
    let bytes =
        std::fs::read(format!("{}/rules/{name}", env!("CARGO_MANIFEST_DIR"))).expect("rule file");
    let sel = Selection {
        readings: Vec::new(),
        params: params.iter().map(|(a, b)| (a.to_string(), *b)).collect(),
    };
    (bytes, sel)
}

fn game(name: &str, params: &[(&str, i64)]) -> Game {
    let (bytes, sel) = load(name, params);
    Game::new(
        seig_lang::load(&bytes, &sel)
            .1
            .ir
            .expect("bundled file checks"),
    )
}

/// (label, rule file, params).
type Variant = (&'static str, &'static str, &'static [(&'static str, i64)]);

const VARIANTS: [Variant; 5] = [
    ("tagent", "seig-tagent.seig", &[]),
    ("sig-4x12", "sig-beart.seig", &[]),
    ("sig-4x20", "sig-beart.seig", &[("holes", 20)]),
    ("sig-4x40", "sig-beart.seig", &[("holes", 40)]),
    ("sigue", "sigue-caillie.seig", &[]),
];

fn playouts(c: &mut Criterion) {
    let mut g = c.benchmark_group("playout");
    g.sample_size(10);
    for (label, file, params) in VARIANTS {
        let game = game(file, params);
        // Actions per game, measured once, so criterion reports actions per second.
        let mut buf = Vec::new();
        let p = random_playout(
            &game,
            game.initial_state(),
            &mut Rng::for_game(1, 0),
            seig_tools::driver::MAX_TURNS,
            &mut buf,
        );
        g.throughput(Throughput::Elements(p.throws + p.decisions));
        g.bench_function(BenchmarkId::new("random", label), |b| {
            let mut buf = Vec::new();
            b.iter(|| {
                let mut rng = Rng::for_game(1, 0);
                black_box(random_playout(
                    &game,
                    game.initial_state(),
                    &mut rng,
                    seig_tools::driver::MAX_TURNS,
                    &mut buf,
                ))
            })
        });
    }
    g.finish();
}

/// The decision nodes of one seeded random game (the generator's inputs, as play meets them).
fn decision_nodes(game: &Game) -> Vec<State> {
    let mut rng = Rng::for_game(1, 0);
    let (mut s, mut buf, mut nodes) = (game.initial_state(), Vec::<Decision>::new(), Vec::new());
    while !game.is_over(&s) && s.turns() < 10_000 {
        if game.is_chance(&s) {
            let k = game.sample_outcome(&s, rng.next_u64());
            game.apply_throw_listing(&mut s, k, &mut Quiet, &mut buf)
                .expect("a sampled throw is legal");
        } else {
            nodes.push(s.clone());
            let d = buf[rng.below(buf.len())];
            game.apply_decision_listing(&mut s, d, &mut Quiet, &mut buf)
                .expect("a listed decision is legal");
        }
    }
    nodes
}

/// `Game::legal_decisions` alone, on the decision nodes of one random game.
fn generator(c: &mut Criterion) {
    let mut g = c.benchmark_group("generate");
    g.sample_size(20);
    for (label, file, params) in VARIANTS {
        let game = game(file, params);
        let nodes = decision_nodes(&game);
        g.throughput(Throughput::Elements(nodes.len() as u64));
        g.bench_function(BenchmarkId::new("legal_decisions", label), |b| {
            let mut buf = Vec::new();
            b.iter(|| {
                let mut n = 0;
                for s in &nodes {
                    game.legal_decisions(s, &mut buf);
                    n += buf.len();
                }
                black_box(n)
            })
        });
    }
    g.finish();
}

fn checking(c: &mut Criterion) {
    let mut g = c.benchmark_group("check");
    for (label, file, params) in VARIANTS {
        let (bytes, sel) = load(file, params);
        g.bench_function(label, |b| {
            b.iter(|| black_box(seig_lang::load(&bytes, &sel).1.ir.is_some()))
        });
    }
    g.finish();
}

fn perft4(c: &mut Criterion) {
    let mut g = c.benchmark_group("perft4");
    g.sample_size(10);
    for (label, file, params) in VARIANTS {
        let game = game(file, params);
        g.bench_function(label, |b| {
            b.iter(|| black_box(perft(&game, &game.initial_state(), 4).expect("perft")))
        });
    }
    g.finish();
}

criterion_group!(benches, playouts, generator, checking, perft4);
criterion_main!(benches);
