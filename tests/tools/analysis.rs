//! The analysis tools: snapshots of coverage, explain and rules for the bundled files;
//! metrics checked on tiny hand-made variants whose answers are known exactly; Wilson
//! intervals against known values; determinism across jobs and shards; comparison of
//! readings on paired seeds; the HTML report.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    clippy::unwrap_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::cli::Choices;
use seig::cli::study;
use seig::engine::Game;
use seig::lang::lower::Selection;
use seig::tools::agents::RandomAgent;
use seig::tools::analysis::{
    self, Loaded, compare, coverage, explain, metrics, report, rulebook, wilson,
};
use seig::tools::driver::{self, Hooks, Streams};
use std::path::Path;

const BUNDLED: [&str; 3] = ["seig-tagent.seig", "sig-beart.seig", "sigue-caillie.seig"];

fn bundled(name: &str) -> Loaded {
    let path = format!("rules/{name}");
    analysis::load(Path::new(&path), &Selection::default())
        .unwrap_or_else(|e| panic!("{path} does not load: {e}"))
}

/// Sig at 12 holes under R-SIG-1 = start-or-move and A-SIG-10 = killable, where pieces
/// are taken.
fn sig_killing() -> Loaded {
    let killing = Selection {
        readings: vec![
            ("R-SIG-1".into(), "start-or-move".into()),
            ("A-SIG-10".into(), "killable".into()),
        ],
        params: vec![("holes".into(), 12)],
    };
    analysis::load(Path::new("rules/sig-beart.seig"), &killing).unwrap_or_else(|e| panic!("{e}"))
}

/// Hides the file hash, which changes with every edit of a rule file.
fn redact(text: &str, l: &Loaded) -> String {
    text.replace(&l.hash, "HASH")
}

// ---------------------------------------------------------------------------------------
// Snapshots of the bundled files

#[test]
fn coverage_snapshots() {
    for name in BUNDLED {
        let l = bundled(name);
        let c = coverage::coverage(&l, &[]);
        assert!(c.problems.is_empty(), "{name}: {:?}", c.problems);
        insta::assert_snapshot!(
            format!("coverage_{}", name.trim_end_matches(".seig")),
            coverage::render(&c)
        );
    }
}

#[test]
fn rules_snapshots() {
    for name in BUNDLED {
        let l = bundled(name);
        insta::assert_snapshot!(
            format!("rules_{}", name.trim_end_matches(".seig")),
            redact(&rulebook::rulebook(&l), &l)
        );
    }
}

#[test]
fn explain_initial_snapshots() {
    for name in BUNDLED {
        let l = bundled(name);
        let g = Game::new(l.ir.clone());
        let e = explain::explain(&g, &g.initial_state(), None).expect("explains");
        assert_eq!(e.stage, "throw");
        let total: f64 = e.throws.iter().map(|t| t.probability).sum();
        assert!((total - 1.0).abs() < 1e-12, "{name}: throws sum to {total}");
        insta::assert_snapshot!(
            format!("explain_initial_{}", name.trim_end_matches(".seig")),
            explain::render(&e)
        );
    }
}

/// A Sig position in the race: north to move a 2.
const SIG_POSITION: &str = "race | north 1 move | throws 1/1/146 turns 113 last 8:2 | pool 2/2#0 | south: +!home_north.12 off off off off off off off off +!home_north.12 +central_north.5 +home_south.4 | north: x +!home_south.2 x +central_north.8 +!home_south.1 +home_north.7 +central_south.8 +central_north.6 +central_south.10 +home_north.10 +central_north.4 +home_north.6";

#[test]
fn explain_sig_move_snapshot_and_verdicts() {
    let l = bundled("sig-beart.seig");
    let g = Game::new(l.ir.clone());
    let s = g.from_notation(SIG_POSITION).expect("position");
    let e = explain::explain(&g, &s, Some("11:2")).expect("explains");
    assert_eq!(e.decisions.len(), 7);
    // Every legal decision names the throw's rule, SIG-T3 (a 2 moves two places).
    assert!(
        e.decisions
            .iter()
            .all(|d| d.rules.iter().any(|r| r.id == "SIG-T3"))
    );
    let v = e.verdict.as_ref().expect("verdict");
    assert!(!v.legal);
    assert_eq!(v.rules[0].id, "SIG-X2", "own pieces may not share a hole");
    insta::assert_snapshot!("explain_sig_move", explain::render(&e));

    let ok = explain::explain(&g, &s, Some("4:2")).expect("explains");
    assert!(ok.verdict.as_ref().is_some_and(|v| v.legal));
    // Input that does not parse or fit is an error, not a verdict.
    assert!(explain::explain(&g, &s, Some("4:3")).is_err());
    assert!(explain::explain(&g, &s, Some("nonsense")).is_err());
    assert!(explain::explain(&g, &g.initial_state(), Some("9")).is_err());
    let t = explain::explain(&g, &g.initial_state(), Some("4")).expect("a throw of 4");
    let v = t.verdict.expect("verdict");
    assert_eq!(v.rules[0].id, "SIG-T1");
}

// ---------------------------------------------------------------------------------------
// Hand-made variants

/// Each team has one piece beside the board and its own lane (one hole, or two with the
/// reading `long`); one fair stick; a 1 moves one hole; the first to arrive wins. The
/// lanes never meet, so the capture rule R-C1 can never fire; R-X1 cites nothing.
///
/// Short lane: the first team wins when it throws its first 1 before the other does:
/// P = (1/2) / (1 − 1/4) = 2/3. Mean turns completed before the win is exactly 1 and mean
/// throws exactly 2. Long lane: each needs two 1s; with T the throws to the second 1
/// (P(T = t) = (t − 1)/2^t), P(first team wins) = P(T_a ≤ T_b) = 16/27.
const RACE: &str = r#"
game "One-stick race"
source s "Hand-made" { author "test" }
reading A-R-1 "How long is the lane?" { short (default) "one hole" long "two holes" }
set aside s "Nothing here is a rule." because "test"
rule R-E1 stated cites s "Each team runs its own lane." {
  if A-R-1 = long {
    row lane_a: lane of a, 2 holes
    row lane_b: lane of b, 2 holes
  } else {
    row lane_a: lane of a, 1 holes
    row lane_b: lane of b, 1 holes
  }
  team a: 1 pieces beside the board
  team b: 1 pieces beside the board
  order: a, b
  seats per team: 1
  track a: lane_a forward goal
  track b: lane_b forward goal
}
rule R-S1 stated cites s "One stick." {
  sticks: 1 with faces up and down
  value: count of up
  phases: race
  allocation: per throw
}
rule R-T1 stated cites s "A 1 moves one hole." {
  on 1: release or move 1
}
rule R-T0 inferred cites s "A 0 does nothing." {
  on 0: nothing
}
rule R-C1 reconstructed cites s "Landing on an opposing piece takes it." {
  capture: compulsory, remove
}
rule R-W1 stated cites s "The first to arrive wins." {
  win when all own pieces arrived
}
rule R-X1 inferred {
  stacking: forbidden
}
"#;

fn race(readings: &[(&str, &str)]) -> Loaded {
    let sel = Selection {
        readings: readings
            .iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
        params: Vec::new(),
    };
    analysis::load_text(RACE, &sel).unwrap_or_else(|e| panic!("{e}"))
}

fn study(l: &Loaded, games: u64, jobs: usize) -> metrics::Metrics {
    let g = Game::new(l.ir.clone());
    metrics::Study::new(games)
        .seed(7)
        .max_turns(1_000)
        .jobs(jobs)
        .metrics(l, &g, None)
        .expect("no worker panics")
}

/// |observed − exact| within four standard errors.
fn close(observed: f64, exact: f64, se: f64) -> bool {
    (observed - exact).abs() <= 4.0 * se
}

#[test]
fn race_short_win_rate_is_two_thirds() {
    let m = study(&race(&[]), 20_000, 2);
    assert_eq!(m.completion.k, 20_000);
    assert_eq!(m.timeouts.k, 0);
    let p = m.first_team.p;
    let se = (2.0 / 9.0f64 / 20_000.0).sqrt();
    assert!(close(p, 2.0 / 3.0, se), "first team won {p}");
    assert!(m.first_team.lo < 2.0 / 3.0 && 2.0 / 3.0 < m.first_team.hi);
    // Exact means: 1 turn, 2 throws.
    assert!(
        m.turns.ci.0 < 1.0 && 1.0 < m.turns.ci.1,
        "turns {:?}",
        m.turns
    );
    assert!(
        m.throws.ci.0 < 2.0 && 2.0 < m.throws.ci.1,
        "throws {:?}",
        m.throws
    );
    // A team can first move on its first 1, which here also wins: the first team never
    // could move in the games the second won, and, given that it wins on its k-th throw
    // with probability ∝ (1/4)^(k−1), it waited 4/3 throws on average.
    let fm = &m.first_move[0];
    assert_eq!(fm.never, m.acc.wins[1]);
    assert!(
        fm.throws.ci.0 < 4.0 / 3.0 && 4.0 / 3.0 < fm.throws.ci.1,
        "{:?}",
        fm.throws
    );
    // One piece: every decision is forced.
    assert_eq!(m.decision_moves.k, 0);
    assert!(m.decision_moves.n > 0);
    // The capture rule can never fire; R-X1 and the equipment make no event.
    assert_eq!(m.never_fired, vec!["R-C1".to_string()]);
    assert_eq!(m.silent, vec!["R-E1", "R-S1", "R-X1"]);
    assert_eq!(m.captures.max, 0);
    let fired = |id: &str| {
        m.rules
            .iter()
            .find(|r| r.id == id)
            .map(|r| r.fires)
            .unwrap()
    };
    assert_eq!(fired("R-W1"), 20_000);
    // Every game has exactly one 1 thrown by its winner (the winning throw); R-T1 fires on
    // the throw and on the move it allows.
    assert!(fired("R-T1") >= 40_000);
    // One stick: each face half the time, inside its interval.
    assert_eq!(m.throw_freq.len(), 2);
    for t in &m.throw_freq {
        assert_eq!(t.exact, 0.5);
        assert!(t.consistent, "{t:?}");
    }
}

#[test]
fn race_long_win_rate_is_sixteen_27ths() {
    let m = study(&race(&[("A-R-1", "long")]), 20_000, 2);
    let exact = 16.0 / 27.0;
    let se = (exact * (1.0 - exact) / 20_000.0f64).sqrt();
    assert!(close(m.first_team.p, exact, se), "{:?}", m.first_team);
    let balance = m.balance.expect("completed games");
    assert!((balance - (1.0 - (2.0 * m.first_team.p - 1.0).abs())).abs() < 1e-12);
}

#[test]
fn metrics_do_not_depend_on_jobs_and_shards_merge_exactly() {
    let l = race(&[("A-R-1", "long")]);
    let one = study(&l, 3_001, 1);
    let three = study(&l, 3_001, 3);
    assert_eq!(one, three);
    // Shards of the same study merge to the whole.
    let g = Game::new(l.ir.clone());
    let players = metrics::Players::default();
    let shards: Vec<metrics::ShardFile> = (1..=4)
        .map(|k| {
            let range = metrics::shard_range(3_001, k, 4);
            let m = metrics::Study::new(3_001)
                .seed(7)
                .max_turns(1_000)
                .players(players)
                .jobs(2)
                .range(Some(range))
                .metrics(&l, &g, None)
                .expect("no worker panics");
            metrics::ShardFile {
                format: metrics::SHARD_FORMAT.into(),
                study: m.study.clone(),
                range: m.range,
                acc: m.acc.clone(),
            }
        })
        .collect();
    let merged = metrics::merge_shards(&shards).expect("merges");
    assert_eq!(merged, one);
    // Missing, overlapping and foreign shards are refused.
    assert!(metrics::merge_shards(&shards[..3]).is_err());
    let mut twice = shards.clone();
    twice.push(shards[0].clone());
    assert!(metrics::merge_shards(&twice).is_err());
    let mut foreign = shards.clone();
    foreign[1].study.seed += 1;
    assert!(metrics::merge_shards(&foreign).is_err());
    // Shard specs.
    assert_eq!(study::parse_shard("2/4"), Ok((2, 4)));
    assert!(study::parse_shard("0/4").is_err());
    assert!(study::parse_shard("5/4").is_err());
    assert!(study::parse_shard("1/0").is_err());
    assert!(study::parse_shard("x").is_err());
}

#[test]
fn random_metrics_follow_the_simulators_protocol() {
    // Same seeds, same games: game by game, the study's driver plays what the bare
    // random playout of the same game stream plays.
    let l = bundled("sig-beart.seig");
    let g = Game::new(l.ir.clone());
    let (_, briefs) = metrics::run_games(
        &g,
        3,
        (0, 40),
        10_000,
        &metrics::Players::default(),
        2,
        true,
        None,
    )
    .expect("no worker panics");
    assert_eq!(briefs.len(), 40);
    for (i, b) in briefs.iter().enumerate() {
        let p = seig::tools::sim::random_playout(
            &g,
            g.initial_state(),
            &mut seig::tools::sim::Rng::for_game(3, i as u64),
            10_000,
            &mut Vec::new(),
        );
        assert_eq!(
            (b.winner, b.turns, b.throws),
            (p.winner.map(u8::from), p.turns, p.throws),
            "game {i}"
        );
    }
}

#[test]
fn wilson_intervals_match_known_values() {
    let near = |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < 5e-5 && (a.1 - b.1).abs() < 5e-5;
    assert!(
        near(wilson(5, 10), (0.236_593, 0.763_407)),
        "{:?}",
        wilson(5, 10)
    );
    assert!(near(wilson(0, 10), (0.0, 0.277_530)), "{:?}", wilson(0, 10));
    assert!(
        near(wilson(10, 10), (0.722_470, 1.0)),
        "{:?}",
        wilson(10, 10)
    );
    assert!(
        near(wilson(81, 263), (0.255_289, 0.366_210)),
        "{:?}",
        wilson(81, 263)
    );
    assert_eq!(wilson(0, 0), (0.0, 1.0));
    let r = analysis::Rate::new(1, 4);
    assert_eq!(r.p, 0.25);
}

#[test]
fn distribution_summary() {
    let mut h = std::collections::BTreeMap::new();
    for v in 1..=10u64 {
        h.insert(v, 1);
    }
    let d = metrics::dist(&h);
    assert_eq!(d.n, 10);
    assert_eq!(d.mean, 5.5);
    assert_eq!(d.median, 5.5);
    assert_eq!(d.p90, 9.0);
    assert_eq!((d.min, d.max), (1, 10));
}

#[test]
fn compare_readings_on_paired_seeds() {
    let arms = vec![
        compare::Arm {
            label: "short".into(),
            loaded: race(&[]),
        },
        compare::Arm {
            label: "long".into(),
            loaded: race(&[("A-R-1", "long")]),
        },
        compare::Arm {
            label: "short again".into(),
            loaded: race(&[("A-R-1", "short")]),
        },
    ];
    let spec = metrics::Study::new(4_000).seed(11).max_turns(1_000).jobs(2);
    let c = compare::compare(&arms, &spec, None).expect("no worker panics");
    let row = |name: &str| c.rows.iter().find(|r| r.metric.starts_with(name)).unwrap();
    // 2/3 against 16/27: the first team's advantage falls by 2/27 ≈ 7.4 points.
    let d = row("a wins (of all games)").diffs[1].expect("a difference");
    assert!(d.beyond_noise, "{d:?}");
    assert!(d.lo < -2.0 / 27.0 && -2.0 / 27.0 < d.hi, "{d:?}");
    // The same reading on the same seeds: identical games, no difference.
    for r in &c.rows {
        if let Some(d) = r.diffs[2] {
            assert_eq!(d.mean, 0.0, "{}", r.metric);
            assert!(!d.beyond_noise);
        }
    }
    let text = compare::render(&c);
    assert!(text.contains("[1]−[0]"));
    // Arms from repeated readings.
    let args = study::CompareArgs {
        files: vec!["x.seig".into()],
        arms: Vec::new(),
        each_reading: false,
        study: study::StudyArgs {
            games: 10,
            seed: 1,
            max_turns: 10,
            jobs: None,
            agents: "random".into(),
            report: None,
            json: false,
            quiet: true,
        },
        choices: Choices {
            readings: vec![
                ("A-1".into(), "a".into()),
                ("A-1".into(), "b".into()),
                ("A-2".into(), "x".into()),
            ],
            params: Vec::new(),
        },
    };
    let specs = study::arm_choices(&args, &[]).expect("arms");
    assert_eq!(specs.len(), 2);
    assert_eq!(specs[0].0, "A-1=a");
    assert!(specs[1].1.readings.contains(&("A-2".into(), "x".into())));
}

#[test]
fn paired_and_unpaired_differences() {
    let base = vec![Some(0.0), Some(1.0), Some(0.0), Some(1.0)];
    let same = compare::paired(&base, &base).unwrap();
    assert_eq!((same.mean, same.lo, same.hi), (0.0, 0.0, 0.0));
    assert!(!same.beyond_noise);
    let up: Vec<Option<f64>> = base.iter().map(|x| x.map(|v| v + 1.0)).collect();
    let d = compare::paired(&base, &up).unwrap();
    assert_eq!(d.mean, 1.0);
    assert!(d.beyond_noise, "a constant shift is never noise");
    let t = compare::two_proportions(500, 1000, 600, 1000).unwrap();
    assert!((t.mean - 0.1).abs() < 1e-12 && t.beyond_noise);
}

#[test]
fn coverage_of_a_hand_made_file() {
    let l = race(&[]);
    let c = coverage::coverage(&l, &[]);
    assert!(c.problems.is_empty());
    assert_eq!(c.uncited_rules, vec!["R-X1"]);
    let s = &c.sources[0];
    assert_eq!((s.cited, s.set_aside, s.not_covered), (6, 1, 0));
    // With the source's text: a sentence no rule cites is not covered, and a quote the
    // text lacks is reported.
    let text = "Heading\nEach team runs its own lane. One stick. A 1 moves one hole. \
                A 0 does nothing.\nLanding on an opposing piece takes it. The first to arrive wins. \
                Nothing here is a rule. Players sing.";
    let c = coverage::coverage(&l, &[("s".into(), "s.txt".into(), text.into())]);
    let s = &c.sources[0];
    assert_eq!(s.not_covered, 1);
    assert!(
        s.sentences
            .iter()
            .any(|x| x.sentence == "Players sing." && x.status == "not covered")
    );
    assert!(s.quotes_not_in_text.is_empty());
    assert_eq!(c.problems.len(), 1);
    let c = coverage::coverage(&l, &[("s".into(), "s.txt".into(), "One stick.".into())]);
    assert_eq!(c.sources[0].quotes_not_in_text.len(), 6);
    insta::assert_snapshot!(
        "coverage_race",
        coverage::render(&coverage::coverage(&l, &[]))
    );
}

#[test]
fn sentence_splitting() {
    let s = coverage::split_sentences(
        "Title\n• Sand, used to play. N. lance à son tour, etc..., les jetons. S. laance les dès.\n3. Add 3 to the places.\nHe said \"go.\" Then left.",
    );
    assert_eq!(
        s,
        vec![
            "Sand, used to play.",
            "N. lance à son tour, etc..., les jetons.",
            "S. laance les dès.",
            "3. Add 3 to the places.",
            "He said \"go.\"",
            "Then left.",
        ]
    );
}

#[test]
fn report_is_self_contained_with_plots() {
    let l = race(&[("A-R-1", "long")]);
    let m = study(&l, 500, 2);
    let html = report::study_report(std::slice::from_ref(&m), None);
    assert!(html.starts_with("<!DOCTYPE html>"));
    for plot in [
        "histogram",
        "wins",
        "rules",
        "throws",
        "captures",
        "lead-changes",
        "pieces-lost",
        "first-move",
    ] {
        let at = html
            .find(&format!("data-plot=\"{plot}\""))
            .unwrap_or_else(|| panic!("no {plot} plot"));
        let end = at + html[at..].find("</svg>").unwrap();
        assert!(
            html[at..end].contains("class=\"mark"),
            "{plot} plot draws nothing"
        );
    }
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no network"
    );
    assert!(!html.contains("<script"), "no script");
    assert!(
        html.contains("Completed games only"),
        "counts under the histogram"
    );
    // Each distribution says how many games it counts, and which.
    assert!(
        html.contains(&format!(
            "All games, finished or not: {}: {} games",
            esc_label(&m),
            m.completion.n
        )),
        "counts under the distributions"
    );
    assert!(
        html.contains("Games in which the team could move at all, finished or not"),
        "counts under the first-move plot"
    );
    chromium_renders(&html);
    // A comparison draws each difference with its interval.
    let arms = [
        compare::Arm {
            label: "short".into(),
            loaded: race(&[]),
        },
        compare::Arm {
            label: "long".into(),
            loaded: race(&[("A-R-1", "long")]),
        },
    ];
    let spec = metrics::Study::new(400).seed(3).max_turns(1_000).jobs(2);
    let c = compare::compare(&arms, &spec, None).expect("compares");
    let html = report::study_report(&c.metrics, Some(&c));
    let at = html.find("data-plot=\"diff\"").expect("a difference plot");
    let end = at + html[at..].find("</svg>").unwrap();
    assert!(
        html[at..end].contains("class=\"mark"),
        "the difference plot draws nothing"
    );
    chromium_renders(&html);
}

/// The label of a single study's arm in its report, as HTML.
fn esc_label(m: &metrics::Metrics) -> String {
    seig::tools::analysis::html_escape(&format!("[0] {}", m.study.file))
}

/// Renders the report in headless Chromium, when installed (Debian's `chromium`), and
/// checks that the SVG plots are laid out with a size.
fn chromium_renders(html: &str) {
    let bin = ["chromium", "chromium-browser"].into_iter().find(|b| {
        std::process::Command::new(b)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    });
    let Some(bin) = bin else {
        eprintln!("chromium not installed: skipping the rendering check");
        return;
    };
    let dir = std::env::temp_dir().join(format!("seig-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A copy of the report whose script-free body is measured by a small script appended
    // here only, so that the report itself stays script-free.
    let probe = html.replace(
        "</body>",
        "<script>document.title = Array.from(document.querySelectorAll('svg.plot')).map(s => { const r = s.getBoundingClientRect(); return s.dataset.plot + ':' + Math.round(r.width) + 'x' + Math.round(r.height) + ':' + s.querySelectorAll('.mark').length; }).join(' ');</script></body>",
    );
    let file = dir.join("report.html");
    std::fs::write(&file, probe).unwrap();
    let out = std::process::Command::new(bin)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--dump-dom",
            &format!("file://{}", file.display()),
        ])
        .output()
        .expect("chromium runs");
    let dom = String::from_utf8_lossy(&out.stdout);
    let title = dom
        .split("<title>")
        .nth(1)
        .and_then(|t| t.split("</title>").next())
        .unwrap_or("");
    for plot in [
        "histogram",
        "wins",
        "rules",
        "throws",
        "captures",
        "lead-changes",
        "pieces-lost",
        "first-move",
    ] {
        let entry = title
            .split(' ')
            .find(|e| e.starts_with(&format!("{plot}:")))
            .unwrap_or_else(|| panic!("chromium did not lay out the {plot} plot: {title}"));
        let parts: Vec<&str> = entry.split(':').collect();
        let (w, h) = parts[1].split_once('x').unwrap();
        assert!(
            w.parse::<u32>().unwrap() > 100 && h.parse::<u32>().unwrap() > 50,
            "{entry}"
        );
        assert!(parts[2].parse::<u32>().unwrap() > 0, "{entry}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A draw is a finished game: a file whose games all end in a draw is complete, with no
/// warning that the figures describe a selected minority.
#[test]
fn a_drawn_game_counts_as_finished() {
    let text = RACE.replace(
        "win when all own pieces arrived",
        "draw when all own pieces arrived",
    );
    let l = analysis::load_text(&text, &Selection::default()).unwrap_or_else(|e| panic!("{e}"));
    let m = study(&l, 200, 1);
    assert_eq!(m.draws.k, 200);
    assert_eq!(m.completion.k, 200, "{:?}", m.completion);
    assert_eq!(m.timeouts.k, 0);
    assert_eq!(m.warning, None);
    assert_eq!(m.turns.n, 200, "a draw's length counts");
    assert_eq!(m.acc.inconsistency(200, l.ir.rules.len()), None);
}

/// A capture that sends the piece home is a capture (and a send-home); a removal by a
/// throw is not a capture. Most of Sigue's captures send home.
#[test]
fn a_capture_that_sends_home_counts_as_a_capture() {
    let l = analysis::load(
        std::path::Path::new("rules/sigue-caillie.seig"),
        &Selection::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let m = study(&l, 20, 1);
    assert!(m.send_homes.mean > 0.0, "{:?}", m.send_homes);
    assert!(m.captures.mean >= m.send_homes.mean, "{:?}", m.captures);
    assert_eq!(m.removals.mean, 0.0, "no throw of Sigue removes a piece");
}

/// The teams' colours a rule file names (`team NAME shown as COLOUR`) are the view model's,
/// the study's and the report's; a file that names none gets the language default.
#[test]
fn team_colours_named_by_the_file_reach_view_study_and_report() {
    use seig::tools::view;
    let l = analysis::load(
        Path::new("tests/fixtures/shown.seig"),
        &Selection::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(view::team_rgb(&l.ir, 0), [0x00, 0x80, 0x80]);
    assert_eq!(view::team_rgb(&l.ir, 1), [0x8e, 0x44, 0xad]);
    let g = Game::new(l.ir.clone());
    let s = g.initial_state();
    let b = view::board_view(&g, &s, None);
    assert_eq!(b.colours, ["#008080", "#8e44ad"]);
    let m = study(&l, 20, 1);
    assert_eq!(m.study.shown, ["#008080", "#8e44ad"]);
    let html = report::study_report(std::slice::from_ref(&m), None);
    // The win bars in the teams' colours, opaque for the only arm.
    assert!(html.contains("#008080ff"), "team a's bar");
    assert!(html.contains("#8e44adff"), "team b's bar");
    assert!(!html.contains("#d2691eff"), "no default orange");

    let plain = bundled("sig-beart.seig");
    let g = Game::new(plain.ir.clone());
    let b = view::board_view(&g, &g.initial_state(), None);
    assert_eq!(b.colours, ["#d2691e", "#2f7fd0"]);
    assert_eq!(
        [view::team_rgb(&plain.ir, 0), view::team_rgb(&plain.ir, 1)],
        seig::lang::palette::DEFAULT_TEAMS
    );
}

/// Pieces borne off are counted per team only for a file that bears pieces off: the swap
/// fixture's A-SW-8 `exact` bears off from the goal's last holes, its default bears none off.
#[test]
fn pieces_borne_off_are_counted_per_team_only_where_the_file_bears_off() {
    let load = |readings: Vec<(String, String)>| {
        let sel = Selection {
            readings,
            params: Vec::new(),
        };
        analysis::load(Path::new("tests/fixtures/swaps.seig"), &sel)
            .unwrap_or_else(|e| panic!("{e}"))
    };
    let none = study(&load(Vec::new()), 30, 1);
    assert!(!none.study.bears_off);
    assert!(none.borne_off_per_game.is_empty());
    assert_eq!(none.acc.borne_off, [0, 0]);
    let off = study(&load(vec![("A-SW-8".into(), "exact".into())]), 30, 1);
    assert!(off.study.bears_off);
    assert_eq!(off.borne_off_per_game.len(), 2);
    let total: u64 = off.acc.borne_off.iter().sum();
    assert!(total > 0, "{:?}", off.acc.borne_off);
    for (t, (_, per)) in off.borne_off_per_game.iter().enumerate() {
        assert_eq!(*per, Some(off.acc.borne_off[t] as f64 / 30.0));
    }
    let text = metrics::render(&off);
    assert!(text.contains("pieces borne off per game"), "{text}");
}

/// Game `i` of `seed` between two random players, from the initial position to its end
/// (at most 10,000 turns), told to `hooks`.
fn play_random(g: &Game, seed: u64, i: u64, hooks: &mut impl Hooks) {
    let mut s = g.initial_state();
    let (mut a, mut b) = (RandomAgent::default(), RandomAgent::default());
    let streams = Streams::for_game(seed, i);
    driver::play(g, &mut s, &mut [&mut a, &mut b], &streams, 10_000, hooks);
}

/// The study counts a throw by the sticks the engine noted for it once applied
/// (`State::last`), not by asking the sticks before it: game by game, the counts are what
/// asking before every throw gives, in Sigue (a count that statements change), Tagent and
/// Sig, whichever thread played which game.
#[test]
fn throws_are_counted_by_the_sticks_thrown() {
    struct Asked(Vec<Vec<u64>>);
    impl Hooks for Asked {
        fn throw(&mut self, g: &Game, s: &seig::engine::State, k: u8) {
            let (n, k) = (g.sticks_for(s) as usize, k as usize);
            let row = &mut self.0[n];
            if row.len() <= k.max(n) {
                row.resize(k.max(n) + 1, 0);
            }
            row[k] += 1;
        }
    }
    for name in BUNDLED {
        let l = bundled(name);
        let g = Game::new(l.ir.clone());
        let games = 12;
        let players = metrics::Players::default();
        let (acc, _) = metrics::run_games(&g, 5, (0, games), 10_000, &players, 3, false, None)
            .expect("no worker panics");
        let mut asked = Asked(vec![Vec::new(); seig::lang::ir::MAX_STICKS as usize + 1]);
        for i in 0..games {
            play_random(&g, 5, i, &mut asked);
        }
        assert!(asked.0.iter().flatten().sum::<u64>() > 0, "{name}");
        assert_eq!(acc.throw_counts, asked.0, "{name}");
    }
}

/// Threads take the games one at a time, in no fixed order: the briefs still come back
/// in game order, the same as one thread's.
#[test]
fn briefs_come_back_in_game_order_whatever_the_threads() {
    let l = bundled("sigue-caillie.seig");
    let g = Game::new(l.ir.clone());
    let players = metrics::Players::default();
    let run = |jobs| {
        metrics::run_games(&g, 9, (3, 40), 10_000, &players, jobs, true, None)
            .expect("no worker panics")
    };
    let (one, briefs) = run(1);
    assert_eq!(briefs.len(), 37);
    for jobs in [2, 3, 8] {
        assert_eq!(run(jobs), (one.clone(), briefs.clone()), "{jobs} jobs");
    }
}

/// A game's lead changes are those of reading the leader afresh at the end of every seat's
/// turn (each team's holes gone over its whole way, compared exactly, ties keeping the
/// leader), whatever the study keeps between readings: the three bundled files, and Sig
/// with its killing reading (pieces taken and sent home).
#[test]
fn lead_changes_are_those_read_afresh_at_every_turns_end() {
    use seig::engine::State;
    use seig::lang::ir::TeamId;
    /// Reads the leader from the whole position whenever the turns played change.
    struct Fresh {
        turns: u32,
        lead: Option<usize>,
        changes: u32,
    }
    fn share(g: &Game, s: &State, t: TeamId) -> (u128, u128) {
        let team = &g.ir().teams[t];
        let goal = team.track.goal.unwrap_or(team.track.cells.len() as u16 - 1) as i64 + 1;
        let gone: i64 = s
            .pieces(t)
            .iter()
            .map(|p| match (p.borne_off(), p.track_index()) {
                (true, _) => goal,
                (false, Some(i)) => (i as i64 + 1).min(goal),
                (false, None) => 0,
            })
            .sum();
        (gone as u128, (team.pieces as u128).max(1) * goal as u128)
    }
    impl Hooks for Fresh {
        fn applied(&mut self, g: &Game, s: &State) {
            if s.turns() == self.turns {
                return;
            }
            self.turns = s.turns();
            let ((a, sa), (b, sb)) = (share(g, s, TeamId::FIRST), share(g, s, TeamId::SECOND));
            let now = match (a * sb).cmp(&(b * sa)) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            if let Some(now) = now {
                if self.lead.is_some_and(|l| l != now) {
                    self.changes += 1;
                }
                self.lead = Some(now);
            }
        }
    }
    let mut files: Vec<Loaded> = BUNDLED.iter().map(|n| bundled(n)).collect();
    files.push(sig_killing());
    for l in files {
        let g = Game::new(l.ir.clone());
        let games = 10;
        let players = metrics::Players::default();
        let (_, briefs) = metrics::run_games(&g, 7, (0, games), 10_000, &players, 1, true, None)
            .expect("no worker panics");
        let mut total = 0;
        for (i, brief) in briefs.iter().enumerate() {
            let mut fresh = Fresh {
                turns: g.initial_state().turns(),
                lead: None,
                changes: 0,
            };
            play_random(&g, 7, i as u64, &mut fresh);
            assert_eq!(
                brief.lead_changes,
                fresh.changes,
                "{} game {i}",
                l.path.display()
            );
            total += fresh.changes;
        }
        assert!(total > 0, "{}: no lead changed", l.path.display());
    }
}

/// The lead read as the metrics did before a moved piece was counted at its event: at every
/// turn's end the pieces named by an event since the last reading are recounted from the
/// position (`by_recount`); beside it, the same with each moved piece counted where its
/// `Moved` event says and only taken pieces recounted (`by_event`).
struct TwoLeads {
    turns: u32,
    goal: [i64; 2],
    scale: [i128; 2],
    /// Per way of counting (0: by recount, 1: by event): each piece's holes gone.
    gone: [[Vec<i64>; 2]; 2],
    /// Per way: the pieces to recount at the next reading.
    touched: [[u64; 2]; 2],
    lead: [Option<usize>; 2],
    changes: [u32; 2],
}

impl TwoLeads {
    fn new(g: &Game, s: &seig::engine::State) -> TwoLeads {
        use seig::lang::ir::TeamId;
        let goal = TeamId::BOTH.map(|t| {
            let tr = &g.ir().teams[t].track;
            tr.goal.unwrap_or(tr.cells.len() as u16 - 1) as i64 + 1
        });
        let gone = TeamId::BOTH.map(|t| {
            s.pieces(t)
                .iter()
                .map(|p| Self::gone_of(p, goal[t.index()]))
                .collect::<Vec<_>>()
        });
        TwoLeads {
            turns: s.turns(),
            goal,
            scale: TeamId::BOTH
                .map(|t| (g.ir().teams[t].pieces as i128).max(1) * goal[t.index()] as i128),
            gone: [gone.clone(), gone],
            touched: [[0; 2]; 2],
            lead: [None; 2],
            changes: [0; 2],
        }
    }
    fn gone_of(p: &seig::engine::Piece, goal: i64) -> i64 {
        match (p.borne_off(), p.track_index()) {
            (true, _) => goal,
            (false, Some(i)) => (i as i64 + 1).min(goal),
            (false, None) => 0,
        }
    }
}

impl Hooks for TwoLeads {
    fn event(&mut self, e: seig::engine::Event) {
        use seig::engine::Event;
        match e {
            Event::Moved {
                team, piece, at, ..
            } => {
                let t = team.index();
                self.touched[0][t] |= 1 << piece;
                self.gone[1][t][piece as usize] = Self::gone_of(&at, self.goal[t]);
            }
            Event::Captured { team, piece, .. } => {
                let t = team.index();
                self.touched[0][t] |= 1 << piece;
                self.touched[1][t] |= 1 << piece;
            }
            _ => {}
        }
    }
    fn applied(&mut self, _g: &Game, s: &seig::engine::State) {
        use seig::lang::ir::TeamId;
        if s.turns() == self.turns {
            return;
        }
        self.turns = s.turns();
        for way in 0..2 {
            for t in TeamId::BOTH {
                let ti = t.index();
                for (i, p) in s.pieces(t).iter().enumerate() {
                    if self.touched[way][ti] >> i & 1 == 1 {
                        self.gone[way][ti][i] = Self::gone_of(p, self.goal[ti]);
                    }
                }
                self.touched[way][ti] = 0;
            }
            let [a, b] = [0, 1].map(|t| self.gone[way][t].iter().sum::<i64>() as i128);
            let now = match (a * self.scale[1]).cmp(&(b * self.scale[0])) {
                std::cmp::Ordering::Greater => Some(0),
                std::cmp::Ordering::Less => Some(1),
                std::cmp::Ordering::Equal => None,
            };
            if let Some(now) = now {
                if self.lead[way].is_some_and(|l| l != now) {
                    self.changes[way] += 1;
                }
                self.lead[way] = Some(now);
            }
        }
    }
}

/// The study counts a moved piece where its `Moved` event says it stands, not by a recount
/// at the turn's end, except under `stacks: move together`, where a later move may carry the
/// piece along with no event of its own: game by game, `lead_changes` is what the recount of
/// every piece an event named gives (the metrics before the change), in the bundled files,
/// Sig with killing, Puluc (prisoners) and Nyout (stacks). In Nyout counting at the event
/// would give other figures: the recount is needed there, and this test would see it lost.
#[test]
fn lead_changes_count_a_moved_piece_at_its_event_unless_a_stack_may_carry_it() {
    let mut files: Vec<Loaded> = BUNDLED.iter().map(|n| bundled(n)).collect();
    files.push(sig_killing());
    for name in ["puluc.seig", "nyout.seig"] {
        files.push(bundled(&format!("relatives/{name}")));
    }
    for l in files {
        let g = Game::new(l.ir.clone());
        let carried = g.ir().movement.stacks_together.value;
        // A piece carried in the turn it moved is rare: more games where it may be.
        let games = if carried { 300 } else { 12 };
        let players = metrics::Players::default();
        let (_, briefs) = metrics::run_games(&g, 5, (0, games), 10_000, &players, 1, true, None)
            .expect("no worker panics");
        let mut differ = 0;
        for (i, brief) in briefs.iter().enumerate() {
            let mut two = TwoLeads::new(&g, &g.initial_state());
            play_random(&g, 5, i as u64, &mut two);
            let at = format!("{} game {i}", l.path.display());
            assert_eq!(brief.lead_changes, two.changes[0], "{at}");
            if carried {
                differ += u32::from(two.changes[0] != two.changes[1]);
            } else {
                assert_eq!(two.changes[0], two.changes[1], "{at}");
            }
        }
        assert_eq!(carried, l.path.ends_with("nyout.seig"));
        if carried {
            assert!(
                differ > 0,
                "{}: the two counts never differ",
                l.path.display()
            );
        }
    }
}
