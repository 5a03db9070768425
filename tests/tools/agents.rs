//! The computer players: legal, deterministic by seed, and the strongest beats random.
//! The full measurement (1,000 seeded games per variant against random and greedy, with
//! Wilson intervals) is the ignored test `full_measurement` and the example
//! `agent_strength`.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::unwrap_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::engine::{Decision, Game, Quiet, State};
use seig::lang::ir::TeamId;
use seig::tools::agents::{self, AgentKind, Budget, Evaluator};
use seig::tools::analysis::wilson;
use seig::tools::driver::{Hooks, Outcome, Streams, play};
use seig::tools::matches::{MatchResult, play_match, series};
use seig::tools::sim::Rng;

fn game(file: &str, params: &[(&str, i64)]) -> Game {
    let path = format!("{}/rules/{file}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).expect("rule file");
    let sel = seig::lang::lower::Selection {
        readings: Vec::new(),
        params: params.iter().map(|(a, b)| (a.to_string(), *b)).collect(),
    };
    let (_, lowered) = seig::lang::load(&bytes, &sel);
    Game::new(lowered.ir.expect("valid rule file"))
}

fn variants() -> Vec<(&'static str, Game)> {
    vec![
        ("seig-tagent", game("seig-tagent.seig", &[])),
        ("sig-beart", game("sig-beart.seig", &[])),
        ("sigue-caillie", game("sigue-caillie.seig", &[])),
    ]
}

/// Decision positions met in a seeded random game (every `every`-th, at most `n`).
fn positions(g: &Game, seed: u64, every: usize, n: usize) -> Vec<State> {
    let mut s = g.initial_state();
    let mut rng = Rng::for_game(seed, 0);
    let mut buf = Vec::new();
    let mut out = Vec::new();
    let mut seen = 0;
    while !g.is_over(&s) && out.len() < n && s.turns() < 20_000 {
        if g.is_chance(&s) {
            let k = g.sample_outcome(&s, rng.next_u64());
            g.apply_throw(&mut s, k, &mut Quiet).unwrap();
        } else {
            g.legal_decisions(&s, &mut buf);
            if buf.len() > 1 {
                seen += 1;
                if seen % every == 0 {
                    out.push(s.clone());
                }
            }
            let d = buf[rng.below(buf.len())];
            g.apply_decision(&mut s, d, &mut Quiet).unwrap();
        }
    }
    out
}

const COMPUTERS: [AgentKind; 4] = [
    AgentKind::Random,
    AgentKind::Greedy,
    AgentKind::Expectimax,
    AgentKind::Mcts,
];

#[test]
fn every_computer_player_chooses_a_legal_decision() {
    for (name, g) in variants() {
        let ps = positions(&g, 7, 5, 12);
        assert!(ps.len() >= 5, "{name}: too few positions");
        for kind in COMPUTERS {
            let mut a = agents::make(kind, Budget::default()).unwrap();
            let mut rng = Rng::for_game(1, 0);
            for s in &ps {
                let mut legal: Vec<Decision> = Vec::new();
                g.legal_decisions(s, &mut legal);
                let d = a
                    .choose(&g, s, &mut rng)
                    .unwrap_or_else(|| panic!("{name} {kind}: no decision"));
                assert!(legal.contains(&d), "{name} {kind}: {d:?} is not legal");
            }
            // Nothing to decide at a chance node.
            assert_eq!(a.choose(&g, &g.initial_state(), &mut rng), None);
        }
    }
}

#[test]
fn computer_players_are_deterministic_given_their_generator() {
    for (name, g) in variants() {
        let ps = positions(&g, 3, 7, 6);
        for kind in COMPUTERS {
            for s in &ps {
                let mut a = agents::make(kind, Budget::default()).unwrap();
                let mut b = agents::make(kind, Budget::default()).unwrap();
                let da = a.choose(&g, s, &mut Rng::for_game(9, 4));
                let db = b.choose(&g, s, &mut Rng::for_game(9, 4));
                assert_eq!(da, db, "{name} {kind}");
                // The same player reused gives the same answer too (no hidden state).
                let dc = a.choose(&g, s, &mut Rng::for_game(9, 4));
                assert_eq!(da, dc, "{name} {kind} reused");
            }
        }
    }
}

#[test]
fn the_evaluation_is_antisymmetric() {
    for (name, g) in variants() {
        let ev = Evaluator::new(&g);
        for s in positions(&g, 5, 3, 10) {
            let a = ev.score(&s, TeamId::FIRST);
            let b = ev.score(&s, TeamId::SECOND);
            assert!((a + b).abs() < 1e-9, "{name}: {a} vs {b}");
            let w = ev.win_estimate(&s, TeamId::FIRST) + ev.win_estimate(&s, TeamId::SECOND);
            assert!((w - 1.0).abs() < 1e-9, "{name}");
        }
    }
}

#[test]
fn matches_between_computers_are_the_same_for_the_same_seed() {
    let g = game("sig-beart.seig", &[("holes", 6)]);
    let play = |seed: u64| -> MatchResult {
        let mut a = agents::make(AgentKind::Mcts, Budget::default()).unwrap();
        let mut b = agents::make(AgentKind::Expectimax, Budget::default()).unwrap();
        play_match(
            &g,
            &mut [a.as_mut(), b.as_mut()],
            &Streams::for_game(seed, 0),
            5_000,
        )
    };
    let r1 = play(4);
    assert_eq!(r1, play(4));
    assert!(r1.winner.is_some(), "{r1:?}");
    let others: Vec<MatchResult> = (5..9).map(play).collect();
    assert!(
        others.iter().any(|r| r.turns != r1.turns),
        "seeds change games"
    );
}

#[test]
fn player_names_parse() {
    for k in AgentKind::ALL {
        assert_eq!(AgentKind::parse(k.name()), Ok(k));
    }
    assert_eq!(AgentKind::parse(" MCTS "), Ok(AgentKind::Mcts));
    let e = AgentKind::parse("expectimix").unwrap_err().to_string();
    assert!(e.contains("did you mean `expectimax`"), "{e}");
    assert!(AgentKind::STRONGEST.is_computer());
}

#[test]
fn wilson_intervals() {
    let (lo, hi) = wilson(50, 100);
    assert!(
        (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
        "{lo} {hi}"
    );
    let (lo, hi) = wilson(0, 10);
    assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{lo} {hi}");
    assert_eq!(wilson(0, 0), (0.0, 1.0));
}

/// A modest number of seeded games per variant: the strongest player wins more than it
/// loses against random.
#[test]
fn the_strongest_beats_random_more_often_than_not() {
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    for (name, g, games) in [
        ("seig-tagent", game("seig-tagent.seig", &[]), 24),
        ("sig-beart", game("sig-beart.seig", &[]), 48),
    ] {
        let r = series(
            &g,
            AgentKind::STRONGEST,
            AgentKind::Random,
            Budget::default(),
            games,
            100,
            10_000,
            jobs,
        )
        .expect("no worker panics");
        eprintln!(
            "{name}: {} vs random: {} won, {} lost, {} unfinished",
            r.player, r.wins, r.losses, r.unfinished
        );
        assert!(r.wins > r.losses, "{name}: {r:?}");
    }
}

/// Sigue's games rarely end under its default readings (random play runs past 10,000 seat
/// turns in most games), so its check is shorter: after 600 seat turns the strongest
/// player stands better, by the evaluation, in more games than random does.
#[test]
fn the_strongest_stands_better_than_random_in_sigue() {
    let g = game("sigue-caillie.seig", &[]);
    let ev = Evaluator::new(&g);
    let (mut ahead, mut behind) = (0, 0);
    for i in 0..4u64 {
        let mut a = agents::make(AgentKind::STRONGEST, Budget::default()).unwrap();
        let mut b = agents::make(AgentKind::Random, Budget::default()).unwrap();
        let me = TeamId::new((i % 2) as usize);
        let r = if me == TeamId::FIRST {
            play_match(
                &g,
                &mut [a.as_mut(), b.as_mut()],
                &Streams::for_game(200, i),
                600,
            )
        } else {
            play_match(
                &g,
                &mut [b.as_mut(), a.as_mut()],
                &Streams::for_game(200, i),
                600,
            )
        };
        let score = ev.score(&r.state, me);
        eprintln!(
            "sigue game {i}: winner {:?}, score for the strongest {score:.2}",
            r.winner
        );
        if score > 0.0 {
            ahead += 1;
        } else {
            behind += 1;
        }
    }
    assert!(ahead > behind, "ahead in {ahead}, behind in {behind}");
}

/// The full measurement: 1,000 seeded games per variant against random and against greedy
/// (`SEIG_GAMES=N` for another count).
/// `cargo test --release --test agents -- --ignored --nocapture` (long: about 5 minutes per
/// series on two cores for the first two variants; Sigue's games are capped at 2,000 seat
/// turns, unfinished games reported apart, and its series take far longer).
#[test]
#[ignore]
fn full_measurement() {
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let games: u64 = std::env::var("SEIG_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1_000);
    for (name, g, cap) in [
        ("seig-tagent", game("seig-tagent.seig", &[]), 10_000),
        ("sig-beart", game("sig-beart.seig", &[]), 10_000),
        ("sigue-caillie", game("sigue-caillie.seig", &[]), 2_000),
    ] {
        for opp in [AgentKind::Random, AgentKind::Greedy] {
            let r = series(
                &g,
                AgentKind::STRONGEST,
                opp,
                Budget::default(),
                games,
                1,
                cap,
                jobs,
            )
            .expect("no worker panics");
            println!(
                "{name}: {} vs {opp}: {} won, {} lost, {} unfinished; win rate {:.1}% [{:.1}%, {:.1}%]",
                r.player,
                r.wins,
                r.losses,
                r.unfinished,
                100.0 * r.rate(),
                100.0 * r.interval.0,
                100.0 * r.interval.1
            );
            assert!(r.wins > r.losses, "{name} vs {opp}: {r:?}");
        }
    }
}

/// The random player, asked at every decision (it does not say it chooses uniformly),
/// drawing from the game's stream when `.1` says so, from its own team's otherwise.
struct Asked(agents::RandomAgent, bool);
impl Asked {
    fn new(from_game: bool) -> Self {
        Asked(agents::RandomAgent::default(), from_game)
    }
}
impl agents::Agent for Asked {
    fn kind(&self) -> AgentKind {
        AgentKind::Random
    }
    fn choose(&mut self, g: &Game, s: &State, rng: &mut Rng) -> Option<Decision> {
        self.0.choose(g, s, rng)
    }
    fn choose_among(
        &mut self,
        g: &Game,
        s: &State,
        legal: &[Decision],
        rng: &mut Rng,
    ) -> Option<Decision> {
        self.0.choose_among(g, s, legal, rng)
    }
    fn draws_from_game_stream(&self) -> bool {
        self.1
    }
}

/// The decisions the driver announced.
#[derive(Default)]
struct Seen(Vec<Decision>);
impl Hooks for Seen {
    fn decision(&mut self, _g: &Game, _s: &State, _legal: &[Decision], d: Decision) {
        self.0.push(d);
    }
}

/// A game of `g` played to its end (at most 2,000 turns) from the initial position: its
/// outcome, the decisions made and the final position.
fn play_seen(
    g: &Game,
    streams: &Streams,
    players: &mut [&mut dyn agents::Agent; 2],
) -> (Outcome, Vec<Decision>, State) {
    let mut s = g.initial_state();
    let mut seen = Seen::default();
    let out = play(g, &mut s, players, streams, 2_000, &mut seen);
    (out, seen.0, s)
}

/// Plays a game from `s` between two random players, to at most 2,000 turns.
fn play_random(g: &Game, s: &mut State, streams: &Streams, hooks: &mut impl Hooks) -> Outcome {
    let (mut a, mut b) = (
        agents::RandomAgent::default(),
        agents::RandomAgent::default(),
    );
    play(g, s, &mut [&mut a, &mut b], streams, 2_000, hooks)
}

/// The driver draws the choice of an agent that chooses uniformly itself, without calling
/// it: the same draws and decisions as an agent that chooses the same way when asked.
#[test]
fn the_driver_draws_a_uniform_choice_as_the_random_agent_would() {
    use seig::tools::agents::{Agent, RandomAgent};
    assert!(RandomAgent::default().chooses_uniformly());
    assert!(!Asked::new(true).chooses_uniformly());
    for (name, g) in variants() {
        for i in 0..6 {
            let streams = Streams::for_game(11, i);
            let (mut a, mut b) = (RandomAgent::default(), RandomAgent::default());
            let (o1, fast, s1) = play_seen(&g, &streams, &mut [&mut a, &mut b]);
            let (mut a, mut b) = (Asked::new(true), Asked::new(true));
            let (o2, asked, s2) = play_seen(&g, &streams, &mut [&mut a, &mut b]);
            assert!(!fast.is_empty(), "{name} game {i}");
            assert_eq!((o1, fast), (o2, asked), "{name} game {i}");
            assert_eq!(s1, s2, "{name} game {i}");
        }
    }
}

/// The driver's path for two random players (every choice a uniform draw from the game
/// stream, nothing asked per decision) is taken only when both are: one random player and
/// one asked at every decision play the same game whichever seat each has, and a player
/// that chooses uniformly from its own stream is not drawn for from the game stream.
#[test]
fn the_driver_draws_for_two_random_players_only_when_both_are() {
    use seig::tools::agents::{Agent, RandomAgent};
    /// A uniform chooser drawing from its own team's stream (`Stream::Agent`).
    struct Own;
    impl Agent for Own {
        fn kind(&self) -> AgentKind {
            AgentKind::Random
        }
        fn choose(&mut self, g: &Game, s: &State, rng: &mut Rng) -> Option<Decision> {
            RandomAgent::default().choose(g, s, rng)
        }
        fn chooses_uniformly(&self) -> bool {
            true
        }
    }
    let run = |g: &Game, i: u64, agents: &mut [&mut dyn Agent; 2]| -> (Outcome, Vec<Decision>) {
        let (out, seen, _) = play_seen(g, &Streams::for_game(17, i), agents);
        (out, seen)
    };
    for (name, g) in variants() {
        for i in 0..4 {
            let (mut r0, mut r1) = (RandomAgent::default(), RandomAgent::default());
            let both = run(&g, i, &mut [&mut r0, &mut r1]);
            assert!(!both.1.is_empty(), "{name} game {i}");
            let mut asked = Asked::new(true);
            let mut r = RandomAgent::default();
            assert_eq!(
                run(&g, i, &mut [&mut r, &mut asked]),
                both,
                "{name} game {i}"
            );
            let (mut asked, mut r) = (Asked::new(true), RandomAgent::default());
            assert_eq!(
                run(&g, i, &mut [&mut asked, &mut r]),
                both,
                "{name} game {i}"
            );
            // Uniform from its own stream: the same as the random player asked there.
            let (mut own0, mut own1) = (Own, Own);
            let own = run(&g, i, &mut [&mut own0, &mut own1]);
            let mut a0 = Asked::new(false);
            let mut a1 = Asked::new(false);
            assert_eq!(run(&g, i, &mut [&mut a0, &mut a1]), own, "{name} game {i}");
            let (mut own0, mut r) = (Own, RandomAgent::default());
            let mut a0 = Asked::new(false);
            let mut r2 = RandomAgent::default();
            assert_eq!(
                run(&g, i, &mut [&mut own0, &mut r]),
                run(&g, i, &mut [&mut a0, &mut r2]),
                "{name} game {i}"
            );
        }
    }
}

/// After a throw the driver calls `thrown`, after a decision `applied`; a hook that does
/// not tell them apart is told of every action by `applied`.
#[test]
fn the_driver_tells_the_hooks_what_was_applied() {
    /// (throws, thrown, decisions, applied), and which was announced last.
    #[derive(Default)]
    struct Apart([u64; 4], Option<bool>);
    impl Hooks for Apart {
        fn throw(&mut self, _g: &Game, _s: &State, _k: u8) {
            self.0[0] += 1;
            self.1 = Some(true);
        }
        fn thrown(&mut self, _g: &Game, _s: &State) {
            assert_eq!(self.1.take(), Some(true));
            self.0[1] += 1;
        }
        fn decision(&mut self, _g: &Game, _s: &State, _legal: &[Decision], _d: Decision) {
            self.0[2] += 1;
            self.1 = Some(false);
        }
        fn applied(&mut self, _g: &Game, _s: &State) {
            assert_eq!(self.1.take(), Some(false));
            self.0[3] += 1;
        }
    }
    #[derive(Default)]
    struct Together(u64);
    impl Hooks for Together {
        fn applied(&mut self, _g: &Game, _s: &State) {
            self.0 += 1;
        }
    }
    for (name, g) in variants() {
        let streams = Streams::for_game(23, 1);
        let (mut s, mut apart) = (g.initial_state(), Apart::default());
        let out = play_random(&g, &mut s, &streams, &mut apart);
        let [throws, thrown, decisions, applied] = apart.0;
        assert!(throws > 0 && decisions > 0, "{name}");
        assert_eq!((throws, decisions), (out.throws, out.decisions), "{name}");
        assert_eq!((thrown, applied), (throws, decisions), "{name}");
        let (mut s, mut together) = (g.initial_state(), Together::default());
        play_random(&g, &mut s, &streams, &mut together);
        assert_eq!(together.0, throws + decisions, "{name}");
    }
}

/// The driver throws exactly at the engine's chance nodes, decides at its other nodes, and
/// stops at the end the engine names: played again from its final position, a finished game
/// ends at once, the same way.
#[test]
fn the_driver_throws_at_chance_nodes_and_stops_at_the_end() {
    use seig::tools::agents::RandomAgent;
    use seig::tools::driver::{End, NoHooks};
    #[derive(Default)]
    struct Nodes(u64, u64);
    impl Hooks for Nodes {
        fn throw(&mut self, g: &Game, s: &State, _k: u8) {
            assert!(g.is_chance(s) && !g.is_over(s));
            self.0 += 1;
        }
        fn decision(&mut self, g: &Game, s: &State, _legal: &[Decision], _d: Decision) {
            assert!(!g.is_chance(s) && !g.is_over(s));
            self.1 += 1;
        }
    }
    for (name, g) in variants() {
        for i in 0..4 {
            let streams = Streams::for_game(3, i);
            let mut s = g.initial_state();
            let (mut a, mut b) = (RandomAgent::default(), RandomAgent::default());
            let mut nodes = Nodes::default();
            let out = play(
                &g,
                &mut s,
                &mut [&mut a, &mut b],
                &streams,
                2_000,
                &mut nodes,
            );
            assert_eq!(
                (out.throws, out.decisions),
                (nodes.0, nodes.1),
                "{name} game {i}"
            );
            match &out.end {
                End::Won(w) => assert_eq!(g.winner(&s), Some(*w), "{name} game {i}"),
                End::Drawn | End::Deadlock(_) => {
                    assert!(g.is_over(&s) && g.winner(&s).is_none(), "{name} game {i}")
                }
                End::TurnCap => assert!(!g.is_over(&s), "{name} game {i}"),
                End::Aborted(m) => panic!("{name} game {i}: {m}"),
            }
            if g.is_over(&s) {
                let mut again = s.clone();
                let out2 = play_random(&g, &mut again, &streams, &mut NoHooks);
                assert_eq!(
                    (out2.end, out2.throws, out2.decisions),
                    (out.end, 0, 0),
                    "{name} game {i}"
                );
            }
        }
    }
}
