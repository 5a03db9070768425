//! Speed of the engine and the checker: random playouts, perft, parse+check.
//! Run: `cargo bench --bench engine` (figures in the README's performance table).
#![allow(
    clippy::expect_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use seig_engine::Game;
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

const VARIANTS: [Variant; 4] = [
    ("tagent", "seig-tagent.seig", &[]),
    ("sig-4x12", "sig-beart.seig", &[]),
    ("sig-4x20", "sig-beart.seig", &[("holes", 20)]),
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

criterion_group!(benches, playouts, checking, perft4);
criterion_main!(benches);
