//! The one driver: its random streams (studies with different seeds share no game), the game
//! loop with hooks (the same games as the bare random playout, any `--jobs`), and the
//! parallel map that reports a worker's panic instead of losing its games.
#![allow(
    clippy::expect_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::engine::{Decision, Game, State};
use seig::lang::ir::TeamId;
use seig::tools::agents::{AgentKind, RandomAgent};
use seig::tools::analysis::metrics;
use seig::tools::driver::{self, End, Hooks, NoHooks, Stream, Streams};
use seig::tools::sim::{Rng, random_playout};
use seig::tools::streams::splitmix64;
use std::collections::HashSet;

fn game(file: &str) -> Game {
    let path = format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).expect("rule file");
    let (_, lowered) = seig::lang::load(&bytes, &Default::default());
    Game::new(lowered.ir.expect("valid rule file"))
}

/// Every throw (count of the first face) and every decision of a game, in order.
#[derive(Default)]
struct Fingerprint(Vec<u64>);

impl Hooks for Fingerprint {
    fn throw(&mut self, _g: &Game, _s: &State, k: u8) {
        self.0.push(k as u64);
    }
    fn decision(&mut self, _g: &Game, _s: &State, _legal: &[Decision], d: Decision) {
        self.0.push(1 << 63 | (d.piece as u64) << 56 | d.mask);
    }
}

fn random_game(g: &Game, streams: &Streams, cap: u32, hooks: &mut impl Hooks) -> driver::Outcome {
    let (mut a, mut b) = (RandomAgent::default(), RandomAgent::default());
    driver::play(
        g,
        &mut g.initial_state(),
        &mut [&mut a, &mut b],
        streams,
        cap,
        hooks,
    )
}

#[test]
fn studies_with_seeds_1_and_2_share_no_game() {
    let g = game("sig-beart.seig");
    let prints = |seed: u64| -> Vec<Vec<u64>> {
        driver::par_map(250, 2, |i| {
            let mut f = Fingerprint::default();
            random_game(&g, &Streams::for_game(seed, i), 10_000, &mut f);
            f.0
        })
        .expect("no worker panics")
    };
    let (one, two) = (prints(1), prints(2));
    let set: HashSet<&Vec<u64>> = one.iter().collect();
    assert_eq!(set.len(), 250, "games of one study repeat");
    let shared: Vec<usize> = (0..two.len()).filter(|&i| set.contains(&two[i])).collect();
    assert!(
        shared.is_empty(),
        "games of seed 2 also in seed 1: {shared:?}"
    );
    // With the old derivation (`splitmix64(seed + index)`) game i + 1 of seed 1 was game i of
    // seed 2; the keys of many more games are apart too.
    let keys = |seed: u64| (0..20_000).map(move |i| Streams::for_game(seed, i).key());
    let k1: HashSet<u64> = keys(1).collect();
    assert_eq!(k1.len(), 20_000);
    assert!(keys(2).all(|k| !k1.contains(&k)));
}

#[test]
fn game_zero_keeps_the_historic_generator() {
    // `seig playout --seed S` and the mid-game perft positions have always used the
    // generator seeded with splitmix64(S).
    for seed in [0, 1, 7, u64::MAX] {
        assert_eq!(Streams::for_game(seed, 0).key(), splitmix64(seed));
    }
    assert_ne!(Streams::for_game(1, 1).key(), Streams::for_game(2, 0).key());
}

#[test]
fn named_streams_differ_and_skip_is_drawing() {
    let s = Streams::for_game(5, 3);
    let first = |mut r: Rng| (0..4).map(|_| r.next_u64()).collect::<Vec<_>>();
    let game = first(s.game());
    let a0 = first(s.agent(TeamId::FIRST));
    let a1 = first(s.agent(TeamId::SECOND));
    assert!(game != a0 && game != a1 && a0 != a1);
    assert_ne!(first(s.stream_at(Stream::Agent(TeamId::FIRST), 0)), a0);
    assert_ne!(
        first(s.stream_at(Stream::Agent(TeamId::FIRST), 1)),
        first(s.stream_at(Stream::Agent(TeamId::FIRST), 2))
    );
    let mut r = s.game();
    let drawn: Vec<u64> = (0..100).map(|_| r.next_u64()).collect();
    for n in [0u64, 1, 2, 57, 99] {
        let mut q = s.game();
        q.skip(n);
        assert_eq!(q.next_u64(), drawn[n as usize], "skip({n})");
    }
}

#[test]
fn the_driver_plays_the_bare_random_playouts_games() {
    for (file, cap) in [
        ("seig-tagent.seig", 10_000),
        ("sig-beart.seig", 10_000),
        ("sigue-caillie.seig", 1_500),
    ] {
        let g = game(file);
        for i in 0..12 {
            let d = random_game(&g, &Streams::for_game(9, i), cap, &mut NoHooks);
            let p = random_playout(
                &g,
                g.initial_state(),
                &mut Rng::for_game(9, i),
                cap,
                &mut Vec::new(),
            );
            assert_eq!(
                (d.winner(), d.turns, d.throws, d.decisions, d.aborted()),
                (
                    p.winner,
                    p.turns,
                    p.throws,
                    p.decisions,
                    p.aborted.as_deref()
                ),
                "{file}, game {i}"
            );
            if d.winner().is_none() && d.aborted().is_none() {
                assert_eq!(d.end, End::TurnCap);
            }
        }
    }
}

#[test]
fn hooks_see_every_action_once_and_the_end() {
    #[derive(Default)]
    struct Count {
        throws: u64,
        decisions: u64,
        applied: u64,
        events: u64,
        ends: u32,
    }
    impl Hooks for Count {
        fn throw(&mut self, _: &Game, _: &State, _: u8) {
            self.throws += 1;
        }
        fn decision(&mut self, _: &Game, _: &State, legal: &[Decision], d: Decision) {
            assert!(legal.contains(&d));
            self.decisions += 1;
        }
        fn event(&mut self, _: seig::engine::Event) {
            self.events += 1;
        }
        fn applied(&mut self, _: &Game, _: &State) {
            self.applied += 1;
        }
        fn end(&mut self, g: &Game, s: &State, out: &driver::Outcome) {
            assert_eq!(out.winner(), g.winner(s));
            self.ends += 1;
        }
    }
    let g = game("sig-beart.seig");
    let mut c = Count::default();
    let out = random_game(&g, &Streams::for_game(4, 4), 10_000, &mut c);
    assert_eq!((c.throws, c.decisions), (out.throws, out.decisions));
    assert_eq!(c.applied, out.throws + out.decisions);
    assert!(c.events > 0);
    assert_eq!(c.ends, 1);
}

#[test]
fn the_trace_shows_the_playouts_actions() {
    let path = format!("{}/rules/seig-tagent.seig", env!("CARGO_MANIFEST_DIR"));
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_seig"))
        .args(["playout", &path, "--seed", "6", "--trace"])
        .output()
        .expect("seig runs");
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    let g = game("seig-tagent.seig");
    let p = random_playout(
        &g,
        g.initial_state(),
        &mut Rng::for_game(6, 0),
        10_000,
        &mut Vec::new(),
    );
    // One line per action: `T0 twigs.1 throw 3 …`, `T0 twigs.1 move 2:r1 …`.
    let action = |l: &&str| l.split_whitespace().nth(2).map(str::to_string);
    let throws = out
        .lines()
        .filter(|l| action(l).as_deref() == Some("throw"))
        .count() as u64;
    let moves = out
        .lines()
        .filter(|l| action(l).as_deref() == Some("move"))
        .count() as u64;
    assert_eq!((throws, moves), (p.throws, p.decisions));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("T0 "), "{}", lines[0]);
    let n = lines.len();
    assert_eq!(
        n as u64,
        p.throws + p.decisions + 2,
        "actions, the final position, the result"
    );
    assert!(lines[n - 1].starts_with("winner: "), "{}", lines[n - 1]);
    // Pieces are numbered from 1 and rules named by ID, never as Rust debug records.
    assert!(
        !out.contains("RuleList") && !out.contains("Moved {"),
        "{out}"
    );
    assert!(out.contains("[TAG-"), "{}", &out[..out.len().min(2000)]);
    // The same as JSON lines: one object per action, with the same notation.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_seig"))
        .args(["playout", &path, "--seed", "6", "--trace-json"])
        .output()
        .expect("seig runs");
    assert_eq!(o.status.code(), Some(0));
    let json = String::from_utf8_lossy(&o.stdout);
    let objects: Vec<serde_json::Value> = json
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(objects.len() as u64, p.throws + p.decisions);
    for (v, l) in objects.iter().zip(&lines) {
        let word = v["action"].as_str().expect("action");
        let notation = v["notation"].as_str().expect("notation");
        assert!(l.contains(&format!(" {word} {notation}")), "{l} vs {v}");
    }
}

/// A forfeit in the trace says what the engine's verdict says: the language default that
/// forfeits (`forced moves`) and why each piece could not use the entry (Sig opens with
/// many: no piece is started until a release).
#[test]
fn the_trace_explains_each_forfeit() {
    let path = format!("{}/rules/sig-beart.seig", env!("CARGO_MANIFEST_DIR"));
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_seig"))
        .args(["playout", &path, "--seed", "1", "--trace"])
        .output()
        .expect("seig runs");
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    let forfeits: Vec<&str> = out.lines().filter(|l| l.contains("forfeited")).collect();
    assert!(!forfeits.is_empty(), "{}", &out[..out.len().min(2000)]);
    for l in forfeits {
        assert!(
            l.contains("forfeited (language default: forced moves); entry ")
                && l.contains(" for piece"),
            "{l}"
        );
    }
}

#[test]
fn par_map_is_in_order_for_any_jobs() {
    let want: Vec<u64> = (0..101).map(splitmix64).collect();
    for jobs in [1, 2, 3, 8, 200] {
        assert_eq!(
            driver::par_map(101, jobs, splitmix64).expect("no panic"),
            want,
            "{jobs} jobs"
        );
    }
    assert!(driver::par_map(0, 4, splitmix64).expect("none").is_empty());
    let chunks = driver::par_chunks((10, 20), 3, |a, b| (a, b)).expect("no panic");
    assert_eq!(chunks, [(10, 14), (14, 18), (18, 20)]);
}

#[test]
fn a_worker_panic_is_an_error_with_its_message() {
    let r = driver::par_map(40, 4, |i| {
        if i == 23 {
            panic!("game {i} went wrong");
        }
        i
    });
    let e = r.expect_err("the panic is reported");
    assert_eq!(e.message, "game 23 went wrong");
    assert_eq!(e.games, (20, 30));
    assert!(e.to_string().contains("game 23 went wrong"), "{e}");
}

#[test]
fn studies_do_not_depend_on_jobs_with_searching_agents() {
    let l = seig::tools::analysis::load_text(
        &std::fs::read_to_string(format!(
            "{}/rules/sig-beart.seig",
            env!("CARGO_MANIFEST_DIR")
        ))
        .expect("rule file"),
        &seig::lang::lower::Selection {
            readings: Vec::new(),
            params: vec![("holes".into(), 5), ("counters".into(), 5)],
        },
    )
    .expect("loads");
    let g = Game::new(l.ir.clone());
    let players = metrics::Players {
        kinds: [AgentKind::Greedy, AgentKind::Random],
        budget: Default::default(),
    };
    let run = |jobs| {
        metrics::run_games(&g, 3, (0, 12), 2_000, &players, jobs, true, None)
            .expect("no worker panics")
    };
    assert_eq!(run(1), run(3));
}

#[test]
fn the_largest_seed_plays_luck_games_with_a_share_in_range() {
    let g = game("sig-beart.seig");
    let lk = metrics::luck(&g, AgentKind::Greedy, 2, u64::MAX, 10_000, 2).expect("no panic");
    assert_eq!(lk.games, 2);
    assert_eq!(lk.wins.n + lk.unfinished, 2);
    // A share with its interval when some game finished; absent otherwise.
    assert_eq!(lk.luck.is_some(), lk.wins.n > 0, "{lk:?}");
    assert_eq!(lk.skill.is_some(), lk.wins.n > 0, "{lk:?}");
    if let (Some(l), Some(sk)) = (lk.luck, lk.skill) {
        for x in [l.0, l.1, l.2, sk.0, sk.1, sk.2] {
            assert!((0.0..=1.0).contains(&x), "{lk:?}");
        }
        assert!(l.1 <= l.0 && l.0 <= l.2, "{lk:?}");
    }
    // And from the command line, as reported in the issue.
    let path = format!("{}/rules/sig-beart.seig", env!("CARGO_MANIFEST_DIR"));
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_seig"))
        .args([
            "simulate",
            &path,
            "-n",
            "2",
            "--seed",
            "18446744073709551615",
            "--luck-games",
            "2",
            "--json",
            "--quiet",
        ])
        .output()
        .expect("seig runs");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let share = v["luck"]["luck"][0].as_f64().expect("a luck share");
    assert!((0.0..=1.0).contains(&share), "{share}");
}

#[test]
fn a_recorded_driven_game_replays_to_its_end() {
    use seig::tools::record::{Record, Recorder};
    let path = format!("{}/rules/seig-tagent.seig", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).expect("rule file");
    let g = game("seig-tagent.seig");
    let mut a = seig::tools::agents::make(AgentKind::Greedy, Default::default()).expect("agent");
    let mut b = RandomAgent::default();
    let mut s = g.initial_state();
    let mut rec = Recorder::default();
    let out = driver::play(
        &g,
        &mut s,
        &mut [a.as_mut(), &mut b],
        &Streams::for_game(8, 2),
        400,
        &mut rec,
    );
    assert_eq!(rec.actions.len() as u64, out.throws + out.decisions);
    let mut r = Record::new(&g, std::path::Path::new(&path), &bytes, 8, Vec::new());
    r.set_actions(&g, &rec.actions);
    let back = Record::from_json("<record>", r.to_json().expect("serialises").as_bytes())
        .expect("reads back");
    assert_eq!(back.replay(&g).expect("replays"), s);
}
