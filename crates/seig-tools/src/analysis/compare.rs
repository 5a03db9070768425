//! `seig compare`: the metrics of several readings (or files) side by side, on paired seeds:
//! game `i` of every arm is played from the same streams (`Streams::for_game(seed, i)`,
//! [`crate::driver`]), so the differences of per-game
//! figures are paired, and each difference carries a 95% interval of its mean (normal
//! approximation of the paired differences). A difference whose interval excludes 0 is
//! beyond sampling noise. Win rates among completed games (not pairable) use the
//! unpaired normal interval of a difference of proportions.
#![expect(
    clippy::indexing_slicing,
    reason = "the IR's phases, rules, rows, classes and reading options are indexed by indices lowering made or a valid state holds, per-team pairs by a `TeamId` (0 or 1), and local buffers by positions their loop, length check or `rng.below(len)` bounds"
)]

use super::metrics::{GameBrief, Metrics, Progress, Study};
use super::{Loaded, Z95};
use seig_engine::Game;
use seig_lang::lower::Selection;
use serde::Serialize;

/// A paired difference against the first arm.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Diff {
    /// Pairs (or, unpaired, the smaller sample).
    pub n: u64,
    /// Mean difference.
    pub mean: f64,
    /// 95% interval.
    pub lo: f64,
    /// 95% interval.
    pub hi: f64,
    /// The interval excludes 0.
    pub beyond_noise: bool,
}

/// One compared figure.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Row {
    /// What is compared.
    pub metric: String,
    /// Value per arm, as text.
    pub values: Vec<String>,
    /// Per arm, the difference from the first arm (`None` for the first arm, or when it
    /// cannot be computed).
    pub diffs: Vec<Option<Diff>>,
    /// Shown in percentage points (rates) rather than units.
    pub percent: bool,
}

/// A comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    /// Arm labels.
    pub arms: Vec<String>,
    /// Seed shared by the arms.
    pub seed: u64,
    /// Games per arm.
    pub games: u64,
    /// Rows.
    pub rows: Vec<Row>,
    /// The full metrics of each arm.
    pub metrics: Vec<Metrics>,
}

/// The paired difference of `x` and `base` over the pairs where both are `Some`.
pub fn paired(base: &[Option<f64>], x: &[Option<f64>]) -> Option<Diff> {
    let d: Vec<f64> = base
        .iter()
        .zip(x)
        .filter_map(|(a, b)| Some((*b)? - (*a)?))
        .collect();
    let n = d.len();
    if n < 2 {
        return None;
    }
    let mean = d.iter().sum::<f64>() / n as f64;
    let var = d.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
    let half = Z95 * (var / n as f64).sqrt();
    let (lo, hi) = (mean - half, mean + half);
    Some(Diff {
        n: n as u64,
        mean,
        lo,
        hi,
        beyond_noise: lo > 0.0 || hi < 0.0,
    })
}

/// The unpaired difference of two proportions `k1/n1 − k0/n0` with a normal 95% interval.
pub fn two_proportions(k0: u64, n0: u64, k1: u64, n1: u64) -> Option<Diff> {
    if n0 == 0 || n1 == 0 {
        return None;
    }
    let (p0, p1) = (k0 as f64 / n0 as f64, k1 as f64 / n1 as f64);
    let se = (p0 * (1.0 - p0) / n0 as f64 + p1 * (1.0 - p1) / n1 as f64).sqrt();
    let mean = p1 - p0;
    let (lo, hi) = (mean - Z95 * se, mean + Z95 * se);
    Some(Diff {
        n: n0.min(n1),
        mean,
        lo,
        hi,
        beyond_noise: se > 0.0 && (lo > 0.0 || hi < 0.0),
    })
}

/// One arm: what it is, and its games.
pub struct Arm {
    /// Label.
    pub label: String,
    /// The file under the arm's choices.
    pub loaded: Loaded,
}

/// Plays one arm, all of `study`'s games, kept in brief: its metrics and its games.
pub(super) fn play_arm(
    l: &Loaded,
    label: &str,
    study: &Study,
    progress: Option<&dyn Progress>,
) -> Result<(Metrics, Vec<GameBrief>), crate::driver::WorkerPanic> {
    let g = Game::new(l.ir.clone());
    if let Some(p) = progress {
        p.arm(label);
    }
    study
        .clone()
        .range(None)
        .keep_games(true)
        .run(l, &g, progress)
}

/// The arms of a comparison, made once for every front end: each file under each arm's
/// selection (from [`arm_selections`]), labelled by the selection, and by the file too
/// when there are several. `load` reads a file under a selection; the error is the
/// failing arm's label with `load`'s error.
pub fn build_arms<P: AsRef<std::path::Path>, E>(
    files: &[P],
    selections: &[(String, Selection)],
    mut load: impl FnMut(&std::path::Path, &Selection) -> Result<Loaded, E>,
) -> Result<Vec<Arm>, (String, E)> {
    let mut arms = Vec::new();
    for f in files {
        let f = f.as_ref();
        for (label, sel) in selections {
            let label = match (files.len() > 1, label.is_empty()) {
                (true, true) => f.display().to_string(),
                (true, false) => format!("{} {label}", f.display()),
                (false, _) => label.clone(),
            };
            match load(f, sel) {
                Ok(loaded) => arms.push(Arm { label, loaded }),
                Err(e) => return Err((label, e)),
            }
        }
    }
    Ok(arms)
}

/// Plays every arm on the same seeds (`study`'s games, seed, cap, players and threads)
/// and compares them.
pub fn compare(
    arms: &[Arm],
    study: &Study,
    progress: Option<&dyn Progress>,
) -> Result<Comparison, crate::driver::WorkerPanic> {
    let (games, seed) = (study.games, study.seed);
    let mut metrics = Vec::new();
    let mut briefs: Vec<Vec<GameBrief>> = Vec::new();
    for arm in arms {
        let (m, b) = play_arm(&arm.loaded, &arm.label, study, progress)?;
        metrics.push(m);
        briefs.push(b);
    }
    let mut rows = game_rows(&metrics, &briefs, games);
    rows.extend(rule_rows(&metrics, &briefs));
    Ok(Comparison {
        arms: arms.iter().map(|a| a.label.clone()).collect(),
        seed,
        games,
        rows,
        metrics,
    })
}

/// Per arm, a figure of each game (`None` where it has none).
fn per_game(
    briefs: &[Vec<GameBrief>],
    f: &dyn Fn(&GameBrief) -> Option<f64>,
) -> Vec<Vec<Option<f64>>> {
    briefs.iter().map(|b| b.iter().map(f).collect()).collect()
}

/// Adds a row whose differences are paired per game against the first arm.
fn add_row(
    rows: &mut Vec<Row>,
    metric: String,
    values: Vec<String>,
    xs: Vec<Vec<Option<f64>>>,
    percent: bool,
) {
    let diffs = (0..xs.len())
        .map(|a| if a == 0 { None } else { paired(&xs[0], &xs[a]) })
        .collect();
    rows.push(Row {
        metric,
        values,
        diffs,
        percent,
    });
}

/// The rows of whole-game figures: completion, wins, length, choice, leads, captures.
fn game_rows(metrics: &[Metrics], briefs: &[Vec<GameBrief>], games: u64) -> Vec<Row> {
    let mut rows = Vec::new();
    let per_game = |f: &dyn Fn(&GameBrief) -> Option<f64>| per_game(briefs, f);
    let teams: Vec<String> = metrics[0].study.teams.clone();
    add_row(
        &mut rows,
        "completion".into(),
        metrics.iter().map(|m| m.completion.pct()).collect(),
        per_game(&|b| Some((b.winner.is_some() || b.drawn) as u8 as f64)),
        true,
    );
    add_row(
        &mut rows,
        "timeouts (turn cap)".into(),
        metrics.iter().map(|m| m.timeouts.pct()).collect(),
        per_game(&|b| Some(b.timed_out() as u8 as f64)),
        true,
    );
    add_row(
        &mut rows,
        "aborted (engine)".into(),
        metrics
            .iter()
            .map(|m| format!("{} of {}", m.aborted, m.completion.n))
            .collect(),
        per_game(&|b| Some(b.aborted as u8 as f64)),
        true,
    );
    if metrics.iter().any(|m| m.deadlocks.k > 0) {
        add_row(
            &mut rows,
            "deadlocks".into(),
            metrics.iter().map(|m| m.deadlocks.pct()).collect(),
            per_game(&|b| Some(b.deadlock as u8 as f64)),
            true,
        );
    }
    if metrics.iter().any(|m| m.draws.k > 0) {
        add_row(
            &mut rows,
            "draws".into(),
            metrics.iter().map(|m| m.draws.pct()).collect(),
            per_game(&|b| Some(b.drawn as u8 as f64)),
            true,
        );
    }
    for t in 0..2u8 {
        add_row(
            &mut rows,
            format!("{} wins (of all games)", teams[t as usize]),
            metrics
                .iter()
                .map(|m| m.wins[t as usize].of_all.pct())
                .collect(),
            per_game(&|b| Some((b.winner == Some(t)) as u8 as f64)),
            true,
        );
    }
    // Among completed games the samples differ per arm: unpaired.
    let diffs = (0..metrics.len())
        .map(|a| {
            if a == 0 {
                None
            } else {
                two_proportions(
                    metrics[0].first_team.k,
                    metrics[0].first_team.n,
                    metrics[a].first_team.k,
                    metrics[a].first_team.n,
                )
            }
        })
        .collect();
    rows.push(Row {
        metric: format!("{} wins (of finished; unpaired)", teams[0]),
        values: metrics.iter().map(|m| m.first_team.pct()).collect(),
        diffs,
        percent: true,
    });
    let both_done: Vec<bool> = (0..games as usize)
        .map(|i| {
            briefs
                .iter()
                .all(|b| b.get(i).is_some_and(|g| g.winner.is_some() || g.drawn))
        })
        .collect();
    let turns = per_game(&|b| Some(b.turns as f64));
    let masked = |xs: Vec<Vec<Option<f64>>>| -> Vec<Vec<Option<f64>>> {
        xs.into_iter()
            .map(|v| {
                v.into_iter()
                    .enumerate()
                    .map(|(i, x)| x.filter(|_| both_done.get(i).copied().unwrap_or(false)))
                    .collect()
            })
            .collect()
    };
    add_row(
        &mut rows,
        "turns (games finished in every arm)".into(),
        masked(turns.clone()).iter().map(|v| fmt_mean(v)).collect(),
        masked(turns),
        false,
    );
    let throws = per_game(&|b| Some(b.throws as f64));
    add_row(
        &mut rows,
        "throws (games finished in every arm)".into(),
        masked(throws.clone()).iter().map(|v| fmt_mean(v)).collect(),
        masked(throws),
        false,
    );
    let share = per_game(&|b| {
        (b.decision_nodes > 0).then(|| b.choice_nodes as f64 / b.decision_nodes as f64)
    });
    add_row(
        &mut rows,
        "decision moves (share per game)".into(),
        share.iter().map(|v| fmt_pct_mean(v)).collect(),
        share,
        true,
    );
    let leads = per_game(&|b| Some(b.lead_changes as f64));
    add_row(
        &mut rows,
        "lead changes per game".into(),
        leads.iter().map(|v| fmt_mean(v)).collect(),
        leads,
        false,
    );
    type Count = fn(&GameBrief) -> u32;
    let taken: [(&str, Count); 3] = [
        ("captures per game", |b| b.captures),
        ("removals per game", |b| b.removals),
        ("send-homes per game", |b| b.send_homes),
    ];
    for (name, f) in taken {
        let xs = per_game(&|b| Some(f(b) as f64));
        add_row(
            &mut rows,
            name.into(),
            xs.iter().map(|v| fmt_mean(v)).collect(),
            xs,
            false,
        );
    }
    rows
}

/// One row per rule that can fire in some arm: the share of games where it fired.
fn rule_rows(metrics: &[Metrics], briefs: &[Vec<GameBrief>]) -> Vec<Row> {
    let mut rows = Vec::new();
    // Rules by ID, across arms (files may differ).
    let mut ids: Vec<String> = Vec::new();
    for m in metrics {
        for r in &m.study.rules {
            if !ids.contains(&r.0) {
                ids.push(r.0.clone());
            }
        }
    }
    for id in ids {
        let idx: Vec<Option<usize>> = metrics
            .iter()
            .map(|m| m.study.rules.iter().position(|r| r.0 == id))
            .collect();
        let firable = metrics
            .iter()
            .zip(&idx)
            .any(|(m, i)| i.is_some_and(|i| m.study.rules[i].2 && m.study.rules[i].3));
        if !firable {
            continue;
        }
        let xs: Vec<Vec<Option<f64>>> = briefs
            .iter()
            .zip(&idx)
            .map(|(b, i)| {
                b.iter()
                    .map(|g| {
                        i.map(|i| {
                            (g.fired.get(i / 64).is_some_and(|w| w >> (i % 64) & 1 == 1)) as u8
                                as f64
                        })
                    })
                    .collect()
            })
            .collect();
        let values = metrics
            .iter()
            .zip(&idx)
            .map(|(m, i)| match i {
                Some(i) if m.study.rules[*i].3 => m.rules[*i].games.pct(),
                Some(_) => "off".into(),
                None => "—".into(),
            })
            .collect();
        add_row(
            &mut rows,
            format!("games where {id} fired"),
            values,
            xs,
            true,
        );
    }
    rows
}

fn fmt_mean(v: &[Option<f64>]) -> String {
    let xs: Vec<f64> = v.iter().flatten().copied().collect();
    if xs.is_empty() {
        return "—".into();
    }
    format!("{:.1}", xs.iter().sum::<f64>() / xs.len() as f64)
}

fn fmt_pct_mean(v: &[Option<f64>]) -> String {
    let xs: Vec<f64> = v.iter().flatten().copied().collect();
    if xs.is_empty() {
        return "—".into();
    }
    format!("{:.1}%", 100.0 * xs.iter().sum::<f64>() / xs.len() as f64)
}

/// A difference as text: `+1.2 [+0.4, +2.0] *`.
pub(crate) fn fmt_diff(d: &Option<Diff>, percent: bool) -> String {
    match d {
        None => "—".into(),
        Some(d) => {
            let k = if percent { 100.0 } else { 1.0 };
            format!(
                "{:+.1} [{:+.1}, {:+.1}]{}",
                k * d.mean,
                k * d.lo,
                k * d.hi,
                if d.beyond_noise { " *" } else { "" }
            )
        }
    }
}

/// The comparison as a table for people.
pub fn render(c: &Comparison) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let s = &c.metrics[0].study;
    let _ = writeln!(
        o,
        "Comparison on paired seeds: seed {}, {} games per arm, turn cap {}, agents {}",
        c.seed,
        c.games,
        s.max_turns,
        s.agents.join(" vs ")
    );
    for (i, (a, m)) in c.arms.iter().zip(&c.metrics).enumerate() {
        let _ = writeln!(
            o,
            "  [{i}] {a}  ({}, sha256 {})",
            m.study.file, m.study.hash
        );
    }
    let w0 = c
        .rows
        .iter()
        .map(|r| r.metric.chars().count())
        .max()
        .unwrap_or(10)
        .max(10);
    let wv = c
        .rows
        .iter()
        .flat_map(|r| r.values.iter().map(|v| v.chars().count()))
        .max()
        .unwrap_or(8)
        .max(8);
    let _ = write!(o, "\n{:<w0$}", "metric");
    for i in 0..c.arms.len() {
        let _ = write!(o, "  {:<wv$}", format!("[{i}]"));
    }
    for i in 1..c.arms.len() {
        let _ = write!(o, "  {:<24}", format!("[{i}]−[0]"));
    }
    let _ = writeln!(o);
    for r in &c.rows {
        let _ = write!(o, "{:<w0$}", r.metric);
        for v in &r.values {
            let _ = write!(o, "  {v:<wv$}");
        }
        for d in r.diffs.iter().skip(1) {
            let _ = write!(o, "  {:<24}", fmt_diff(d, r.percent));
        }
        let _ = writeln!(o);
    }
    let _ = writeln!(
        o,
        "\nDifferences: mean [95% interval] of the paired per-game differences (rates in points);\n\
         * = beyond sampling noise (the interval excludes 0). With many rows, about one in\n\
         twenty unchanged figures is flagged by chance."
    );
    o
}

/// Splits `A=x,B=y` into pairs.
fn parse_choice_list(s: &str) -> Result<Vec<(String, String)>, ArmError> {
    s.split(',')
        .filter(|p| !p.trim().is_empty())
        .map(|p| match p.split_once('=') {
            Some((a, b)) if !a.trim().is_empty() && !b.trim().is_empty() => {
                Ok((a.trim().to_string(), b.trim().to_string()))
            }
            _ => Err(ArmError::BadSpec(s.to_string())),
        })
        .collect()
}

/// What a comparison is asked for: the choices given (a reading given more than once
/// varies across arms), the arm specifications (`ID=OPTION[,ID=OPTION…]`), and the files.
#[derive(Debug, Clone, Default)]
pub struct ArmRequest<'a> {
    /// Every reading choice given, repeats included.
    pub readings: &'a [(String, String)],
    /// Parameter values common to every arm.
    pub params: &'a [(String, i64)],
    /// Arm specifications, one per arm.
    pub arms: &'a [String],
    /// How many files are compared.
    pub files: usize,
}

/// Why the arms of a comparison cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ArmError {
    /// Arms were given both ways.
    #[error("give arms either with --arm or by repeating --reading, not both")]
    BothWays,
    /// An arm specification is not `ID=OPTION[,ID=OPTION…]`.
    #[error("an arm is ID=OPTION[,ID=OPTION…], got `{0}`")]
    BadSpec(String),
    /// A parameter of an arm is not a whole number.
    #[error("parameter `{name}` takes a whole number, got `{value}`")]
    BadParam {
        /// The parameter.
        name: String,
        /// The value given.
        value: String,
    },
    /// One file and nothing that varies.
    #[error(
        "nothing to compare: give a reading twice (`--reading A-X=a --reading A-X=b`), `--arm` choices, or two files"
    )]
    Nothing,
}

/// The arms' selections: (label, selection) for each arm, from the arm specifications or
/// repeated readings; `params_of_file` tells which names in an arm are parameters.
pub fn arm_selections(
    req: &ArmRequest,
    params_of_file: &[String],
) -> Result<Vec<(String, Selection)>, ArmError> {
    let mut arms: Vec<(String, Selection)> = Vec::new();
    let mut counts: Vec<(String, Vec<String>)> = Vec::new();
    for (id, opt) in req.readings {
        match counts.iter_mut().find(|(i, _)| i == id) {
            Some((_, v)) => v.push(opt.clone()),
            None => counts.push((id.clone(), vec![opt.clone()])),
        }
    }
    let varying: Vec<&(String, Vec<String>)> = counts.iter().filter(|(_, v)| v.len() > 1).collect();
    let common_readings: Vec<(String, String)> = counts
        .iter()
        .filter(|(_, v)| v.len() == 1)
        .map(|(i, v)| (i.clone(), v[0].clone()))
        .collect();
    let base = Selection {
        readings: common_readings.clone(),
        params: req.params.to_vec(),
    };
    if !req.arms.is_empty() {
        if !varying.is_empty() {
            return Err(ArmError::BothWays);
        }
        for spec in req.arms {
            let mut c = base.clone();
            for (k, v) in parse_choice_list(spec)? {
                if params_of_file.contains(&k) {
                    let n: i64 = v.parse().map_err(|_| ArmError::BadParam {
                        name: k.clone(),
                        value: v.clone(),
                    })?;
                    c.params.retain(|(p, _)| *p != k);
                    c.params.push((k, n));
                } else {
                    c.readings.retain(|(r, _)| *r != k);
                    c.readings.push((k, v));
                }
            }
            arms.push((spec.clone(), c));
        }
        if arms.len() == 1 {
            arms.insert(0, ("as given (no --arm choices)".into(), base));
        }
        return Ok(arms);
    }
    if varying.is_empty() {
        if req.files > 1 {
            return Ok(vec![(String::new(), base)]);
        }
        if base.readings.is_empty() && base.params.is_empty() {
            return Err(ArmError::Nothing);
        }
        let label: Vec<String> = base
            .readings
            .iter()
            .map(|(a, b)| format!("{a}={b}"))
            .chain(base.params.iter().map(|(a, b)| format!("{a}={b}")))
            .collect();
        return Ok(vec![
            ("defaults".into(), Selection::default()),
            (label.join(","), base),
        ]);
    }
    // The product of the varying readings' options, first reading slowest.
    let mut combos: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for (id, opts) in &varying {
        let mut next = Vec::new();
        for c in &combos {
            for o in opts {
                let mut c2 = c.clone();
                c2.push((id.clone(), o.clone()));
                next.push(c2);
            }
        }
        combos = next;
    }
    for combo in combos {
        let mut c = base.clone();
        let label: Vec<String> = combo.iter().map(|(a, b)| format!("{a}={b}")).collect();
        c.readings.extend(combo);
        arms.push((label.join(","), c));
    }
    Ok(arms)
}
