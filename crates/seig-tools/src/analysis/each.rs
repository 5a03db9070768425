//! `seig compare FILE --each-reading`: every option of every reading against the defaults,
//! one reading changed at a time, all on paired seeds (game `i` of every arm from
//! `Streams::for_game(seed, i)`). For each arm, the differences from the defaults in
//! completion, length, balance, captures and the first team's advantage, each with its 95%
//! interval, a flag when the interval excludes 0, and a second flag when it still does
//! after a Bonferroni correction for the number of comparisons made.

use super::compare::{Diff, paired, play_arm, two_proportions};
use super::metrics::{GameBrief, Metrics, Progress, Study};
use super::{Loaded, Rate, Z95};
use seig_lang::lower::Selection;
use serde::Serialize;

/// The figures compared, in table order.
pub(crate) const FIGURES: [&str; 5] = [
    "completion",
    "turns (both finished)",
    "balance",
    "captures per game",
    "first-team advantage",
];

/// One arm: one option of one reading, the others at their defaults.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EachRow {
    /// The reading.
    pub reading: String,
    /// The option tried.
    pub option: String,
    /// Why the arm could not be played (the file does not load under it), if so.
    pub error: Option<String>,
    /// The differences from the defaults, in `FIGURES` order (`None`: no data, such as no
    /// completed game in an arm).
    pub diffs: Vec<Option<Diff>>,
    /// Per figure: beyond noise even after the Bonferroni correction.
    pub corrected: Vec<bool>,
    /// The arm's completion, as text.
    pub completion: String,
    /// The arm's games stopped at the turn cap (`None`: the arm could not be played).
    pub timeouts: Option<Rate>,
    /// The arm's games ended by a deadlock the engine found.
    pub deadlocks: Option<Rate>,
}

/// Every reading's options against the defaults.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct EachReading {
    /// The file.
    pub file: String,
    /// SHA-256 of the file.
    pub hash: String,
    /// Seed shared by every arm.
    pub seed: u64,
    /// Games per arm.
    pub games: u64,
    /// The defaults' figures.
    pub defaults: Metrics,
    /// One row per option that is not a default.
    pub rows: Vec<EachRow>,
    /// Comparisons made (figures with data, over all rows).
    pub comparisons: usize,
    /// The normal quantile of the Bonferroni-corrected 95% interval.
    pub corrected_z: f64,
}

/// The standard normal upper tail, 1 − Φ(z) (Abramowitz and Stegun 7.1.26; error below
/// 1.5e-7, enough to place a quantile).
fn upper_tail(z: f64) -> f64 {
    let x = z / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erfc = poly * (-x * x).exp();
    if x >= 0.0 {
        erfc / 2.0
    } else {
        1.0 - erfc / 2.0
    }
}

/// The z of a two-sided interval of level 1 − `alpha`, by bisection.
pub(crate) fn two_sided_z(alpha: f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 40.0f64);
    for _ in 0..100 {
        let mid = (lo + hi) / 2.0;
        if 2.0 * upper_tail(mid) > alpha {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

/// Balance `1 − |2q − 1|` (q: the first team's wins among completed games) with the
/// standard error of the delta method, `2 √(q(1 − q)/n)`.
fn balance(m: &Metrics) -> Option<(f64, f64)> {
    let r = &m.first_team;
    (r.n > 0).then(|| {
        let q = r.p;
        (
            1.0 - (2.0 * q - 1.0).abs(),
            2.0 * (q * (1.0 - q) / r.n as f64).sqrt(),
        )
    })
}

fn unpaired(a: Option<(f64, f64)>, b: Option<(f64, f64)>, n: u64) -> Option<Diff> {
    let ((x0, s0), (x1, s1)) = (a?, b?);
    let se = (s0 * s0 + s1 * s1).sqrt();
    let mean = x1 - x0;
    let (lo, hi) = (mean - Z95 * se, mean + Z95 * se);
    Some(Diff {
        n,
        mean,
        lo,
        hi,
        beyond_noise: se > 0.0 && (lo > 0.0 || hi < 0.0),
    })
}

/// The differences of an arm from the defaults, in [`FIGURES`] order.
fn diffs(base: (&Metrics, &[GameBrief]), arm: (&Metrics, &[GameBrief])) -> Vec<Option<Diff>> {
    let col = |b: &[GameBrief], f: &dyn Fn(&GameBrief) -> Option<f64>| -> Vec<Option<f64>> {
        b.iter().map(f).collect()
    };
    // Finished: won or drawn, as the completion figure counts.
    let done = |b: &GameBrief| b.winner.is_some() || b.drawn;
    let both: Vec<bool> = base
        .1
        .iter()
        .zip(arm.1)
        .map(|(a, b)| done(a) && done(b))
        .collect();
    let turns = |b: &[GameBrief]| -> Vec<Option<f64>> {
        b.iter()
            .zip(&both)
            .map(|(g, &ok)| ok.then_some(g.turns as f64))
            .collect()
    };
    let completion = |g: &GameBrief| Some(done(g) as u8 as f64);
    let captures = |g: &GameBrief| Some(g.captures as f64);
    vec![
        paired(&col(base.1, &completion), &col(arm.1, &completion)),
        paired(&turns(base.1), &turns(arm.1)),
        unpaired(
            balance(base.0),
            balance(arm.0),
            base.0.first_team.n.min(arm.0.first_team.n),
        ),
        paired(&col(base.1, &captures), &col(arm.1, &captures)),
        two_proportions(
            base.0.first_team.k,
            base.0.first_team.n,
            arm.0.first_team.k,
            arm.0.first_team.n,
        ),
    ]
}

/// Plays the defaults (`base`: the parameters and any readings fixed for every arm) and
/// then, for every reading not fixed in `base`, each of its other options; `load` loads the
/// file under a selection. Every arm plays all of `study`'s games.
pub fn each_reading(
    load: &dyn Fn(&Selection) -> Result<Loaded, String>,
    base: &Selection,
    study: &Study,
    progress: Option<&dyn Progress>,
) -> Result<EachReading, String> {
    let (games, seed) = (study.games, study.seed);
    let l0 = load(base)?;
    let (m0, b0) = play_arm(&l0, "defaults", study, progress).map_err(|e| e.to_string())?;
    let mut rows = Vec::new();
    for r in &l0.ir.readings {
        if base.readings.iter().any(|(id, _)| *id == r.id) {
            continue;
        }
        for (i, (opt, _)) in r.options.iter().enumerate() {
            if i == r.chosen {
                continue;
            }
            let mut sel = base.clone();
            sel.readings.push((r.id.clone(), opt.clone()));
            let label = format!("{}={opt}", r.id);
            let mut row = EachRow {
                reading: r.id.clone(),
                option: opt.clone(),
                error: None,
                diffs: vec![None; FIGURES.len()],
                corrected: vec![false; FIGURES.len()],
                completion: "—".into(),
                timeouts: None,
                deadlocks: None,
            };
            match load(&sel) {
                Err(e) => row.error = Some(e),
                Ok(l) => {
                    let (m, b) =
                        play_arm(&l, &label, study, progress).map_err(|e| e.to_string())?;
                    row.diffs = diffs((&m0, &b0), (&m, &b));
                    row.completion = m.completion.pct();
                    row.timeouts = Some(m.timeouts);
                    row.deadlocks = Some(m.deadlocks);
                }
            }
            rows.push(row);
        }
    }
    let comparisons = rows.iter().flat_map(|r| &r.diffs).flatten().count();
    let corrected_z = two_sided_z(0.05 / comparisons.max(1) as f64);
    for r in &mut rows {
        r.corrected = r
            .diffs
            .iter()
            .map(|d| {
                d.is_some_and(|d| {
                    let half = (d.hi - d.lo) / 2.0 * corrected_z / Z95;
                    half > 0.0 && d.mean.abs() > half
                })
            })
            .collect();
    }
    Ok(EachReading {
        file: l0.path.display().to_string(),
        hash: l0.hash.clone(),
        seed,
        games,
        defaults: m0,
        rows,
        comparisons,
        corrected_z,
    })
}

/// Is figure `i` shown in points (a rate)?
pub(crate) fn in_points(i: usize) -> bool {
    matches!(i, 0 | 2 | 4)
}

/// A difference as text: `+1.2 [+0.4, +2.0] *` (`**` also beyond the corrected interval).
fn cell(d: &Option<Diff>, corrected: bool, points: bool) -> String {
    match d {
        None => "—".into(),
        Some(d) => {
            let k = if points { 100.0 } else { 1.0 };
            let flag = match (d.beyond_noise, corrected) {
                (_, true) => " **",
                (true, false) => " *",
                _ => "",
            };
            format!(
                "{:+.1} [{:+.1}, {:+.1}]{flag}",
                k * d.mean,
                k * d.lo,
                k * d.hi
            )
        }
    }
}

/// The table for people.
pub fn render(e: &EachReading) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let m = &e.defaults;
    let _ = writeln!(
        o,
        "Every reading against the defaults, one at a time, on paired seeds: {} (sha256 {})",
        e.file, e.hash
    );
    let _ = writeln!(
        o,
        "seed {}, {} games per arm, turn cap {}, agents {}; defaults: completion {}",
        e.seed,
        e.games,
        m.study.max_turns,
        m.study.agents.join(" vs "),
        m.completion.pct()
    );
    if let Some(w) = &m.warning {
        let _ = writeln!(o, "warning (defaults): {w}");
    }
    let w0 = e
        .rows
        .iter()
        .map(|r| r.reading.chars().count() + r.option.chars().count() + 1)
        .max()
        .unwrap_or(6)
        .max(6);
    let wc = 27;
    let _ = write!(
        o,
        "\n{:<w0$}  {:<21}  {:<9}  {:<9}",
        "arm", "its completion", "timeouts", "deadlocks"
    );
    for f in FIGURES {
        let _ = write!(o, "  {f:<wc$}");
    }
    let _ = writeln!(o);
    for r in &e.rows {
        let _ = write!(o, "{:<w0$}", format!("{}={}", r.reading, r.option));
        if let Some(err) = &r.error {
            let _ = writeln!(o, "  does not load: {err}");
            continue;
        }
        let _ = write!(
            o,
            "  {:<21}  {:<9}  {:<9}",
            r.completion,
            share(r.timeouts),
            share(r.deadlocks)
        );
        for (i, d) in r.diffs.iter().enumerate() {
            let c = r.corrected.get(i).copied().unwrap_or(false);
            let _ = write!(o, "  {:<wc$}", cell(d, c, in_points(i)));
        }
        let _ = writeln!(o);
    }
    let _ = writeln!(
        o,
        "\nDifferences from the defaults: mean [95% interval]; completion, balance and first-team\n\
         advantage in points, turns and captures per game in units. Completion, turns and captures\n\
         are paired per game (turns over games finished in both arms); balance and advantage are\n\
         over each arm's finished games (unpaired).\n\
         * = the 95% interval excludes 0. {} comparisons are made: about {:.1} of them would be\n\
         flagged * by chance alone if no reading changed anything. ** = beyond noise even after a\n\
         Bonferroni correction (z = {:.2} for all {} at once).",
        e.comparisons,
        0.05 * e.comparisons as f64,
        e.corrected_z,
        e.comparisons
    );
    o
}

/// An arm's share of games that ended one way, in percent ("—" without games).
pub fn share(r: Option<Rate>) -> String {
    match r {
        Some(r) if r.n > 0 => format!("{:.1}%", r.p * 100.0),
        _ => "—".into(),
    }
}
