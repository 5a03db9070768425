//! Shards checked for sense: a shard whose figures cannot be those of the games it covers
//! (a probability outside [0, 1], a turn cap of 0, counts beyond its games, sums that
//! overflow, unknown fields) is refused by `merge_shards` with the reason.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use metrics::{MergeError, SHARD_FORMAT, ShardFile};
use seig::engine::Game;
use seig::lang::lower::Selection;
use seig::tools::analysis::{self, metrics};
use std::path::Path;

/// The two shards of a study of 6 games of Sig.
fn two_shards() -> Vec<ShardFile> {
    let path = format!("{}/rules/sig-beart.seig", env!("CARGO_MANIFEST_DIR"));
    let l = analysis::load(Path::new(&path), &Selection::default()).expect("loads");
    let g = Game::new(l.ir.clone());
    [(0, 3), (3, 6)]
        .into_iter()
        .map(|range| {
            let m = metrics::Study::new(6)
                .seed(5)
                .max_turns(1_000)
                .range(Some(range))
                .metrics(&l, &g, None)
                .expect("no worker panics");
            ShardFile {
                format: SHARD_FORMAT.into(),
                study: m.study.clone(),
                range: m.range,
                acc: m.acc.clone(),
            }
        })
        .collect()
}

/// Why the shards, with the first changed by `edit`, do not merge.
fn refused(edit: impl Fn(&mut ShardFile)) -> String {
    let mut shards = two_shards();
    edit(&mut shards[0]);
    match metrics::merge_shards(&shards) {
        Ok(m) => panic!("merged: {}", metrics::render(&m)),
        Err(MergeError::Damaged { shard: 1, why }) => why,
        Err(e) => e.to_string(),
    }
}

#[test]
fn untampered_shards_merge() {
    assert!(metrics::merge_shards(&two_shards()).is_ok());
}

#[test]
fn a_probability_outside_0_and_1_is_refused() {
    for p in [2.0, -0.5, f64::NAN, f64::INFINITY] {
        let why = refused(|s| {
            // Both shards study the same file: change the study of each.
            s.study.p = p;
        });
        // The second shard's study now differs: the first must be refused for its p
        // before that is even looked at.
        assert!(why.contains("is not a probability"), "p = {p}: {why}");
    }
}

#[test]
fn a_turn_cap_of_zero_is_refused() {
    let why = refused(|s| s.study.max_turns = 0);
    assert!(why.contains("turn cap is 0"), "{why}");
}

#[test]
fn counts_beyond_the_games_covered_are_refused() {
    type Edit = Box<dyn Fn(&mut ShardFile)>;
    let cases: Vec<(&str, Edit)> = vec![
        ("never moved", Box::new(|s| s.acc.never_moved[0] = u64::MAX)),
        ("never moved", Box::new(|s| s.acc.never_moved[1] += 1)),
        ("pieces lost", Box::new(|s| s.acc.lost[0] += 1)),
        ("sent home", Box::new(|s| s.acc.sent_home[1] = u64::MAX)),
        (
            "fired",
            Box::new(|s| s.acc.rule_games[0] = s.acc.rule_fires[0] + 1),
        ),
        (
            "removals",
            Box::new(|s| {
                s.acc.removals.insert(7, 1);
            }),
        ),
        ("sticks", Box::new(|s| s.acc.throw_counts.push(vec![1; 40]))),
        (
            "overflow",
            Box::new(|s| {
                s.acc.throw_counts[7] = vec![u64::MAX, u64::MAX];
            }),
        ),
        ("add up", Box::new(|s| s.acc.draws = 1)),
    ];
    for (expect, edit) in cases {
        let why = refused(edit);
        assert!(why.contains(expect), "expected `{expect}` in: {why}");
    }
}

#[test]
fn unknown_fields_are_refused() {
    let shard = serde_json::to_value(&two_shards()[0]).expect("JSON");
    for place in [None, Some("study"), Some("acc")] {
        let mut v = shard.clone();
        let obj = match place {
            None => &mut v,
            Some(k) => &mut v[k],
        };
        obj["surplus"] = 1.into();
        let e = serde_json::from_value::<ShardFile>(v).expect_err("refused");
        assert!(
            e.to_string().contains("unknown field `surplus`"),
            "{place:?}: {e}"
        );
    }
    // The untouched shard reads back.
    assert!(serde_json::from_value::<ShardFile>(shard).is_ok());
}
