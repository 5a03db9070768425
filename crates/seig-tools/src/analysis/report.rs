//! Self-contained HTML reports (no network, no script): the study's identity, the metrics
//! table, each rule's firing (and, when counted, refusals), the comparison of readings, and
//! inline SVG plots — game-length histogram, win rates with intervals, rule firing,
//! distributions per game (captures, removals, send-homes, lead changes, pieces lost per
//! team, throws before the first move), throw frequencies against exact probabilities.
//! Each plot is an `<svg class="plot" data-plot="…">` whose marks carry `class="mark"`.
#![expect(
    clippy::indexing_slicing,
    reason = "the IR's phases, rules, rows, classes and reading options are indexed by indices lowering made or a valid state holds, per-team pairs by a `TeamId` (0 or 1), and local buffers by positions their loop, length check or `rng.below(len)` bounds"
)]

use super::compare::{Comparison, Diff, fmt_diff};
use super::html_escape as esc;
use super::metrics::Metrics;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The arms' colours: none near a team's default ([`crate::view::TEAM_RGB`], orange and
/// blue), so that a colour in a report means one thing.
const COLOURS: [&str; 6] = [
    "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
];

fn colour(i: usize) -> &'static str {
    COLOURS[i % COLOURS.len()]
}

/// What a mark is coloured by: its arm (arms are told apart by colour), or a team (its
/// colour everywhere, [`crate::view::team_colour_hex`]; a later arm's marks paler).
#[derive(Debug, Clone)]
enum Paint {
    /// Arm `i`'s colour.
    Arm(usize),
    /// A team's colour (`#rrggbb`) in arm `a`.
    Team(String, usize),
    /// Neither (a figure of the whole game, such as completion).
    Plain,
}

impl Paint {
    /// The fill as SVG writes it.
    fn fill(&self) -> String {
        match self {
            Paint::Arm(i) => colour(*i).to_string(),
            Paint::Team(hex, a) => {
                // Opaque for arm [0], then lighter, never below a third.
                let alpha = 255usize.saturating_sub(60 * a).max(85);
                format!("{hex}{alpha:02x}")
            }
            Paint::Plain => "#888888".into(),
        }
    }
}

fn arm_label(m: &Metrics, i: usize, cmp: Option<&Comparison>) -> String {
    match cmp.and_then(|c| c.arms.get(i)) {
        Some(l) if !l.is_empty() => format!("[{i}] {l}"),
        _ => format!("[{i}] {}", m.study.file),
    }
}

/// The game-length histogram (turns of completed games), one outline per arm.
pub(crate) fn histogram_svg(ms: &[Metrics], labels: &[String]) -> String {
    let (w, h, left, bottom, top, right) = (720.0, 300.0, 56.0, 40.0, 16.0, 16.0);
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg class="plot" data-plot="histogram" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="game length histogram">"#
    );
    // Range: up to the largest 99th percentile over arms.
    let mut hi = 1u64;
    let mut lo = u64::MAX;
    for m in ms {
        let n: u64 = m.turns_hist.iter().map(|x| x.1).sum();
        let mut cum = 0;
        for (v, c) in &m.turns_hist {
            lo = lo.min(*v);
            cum += c;
            if cum * 100 >= n * 99 {
                hi = hi.max(*v);
                break;
            }
        }
    }
    if lo == u64::MAX {
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">no finished game</text></svg>"#,
            w / 2.0,
            h / 2.0
        );
        return s;
    }
    let bins = 40u64;
    let span = (hi - lo + 1).max(1);
    let width = span.div_ceil(bins).max(1);
    let nb = span.div_ceil(width) as usize;
    let shares: Vec<Vec<f64>> = ms
        .iter()
        .map(|m| {
            let n: u64 = m.turns_hist.iter().map(|x| x.1).sum();
            let mut b = vec![0u64; nb];
            for (v, c) in &m.turns_hist {
                // Games past the largest 99th percentile are left out of the plot.
                if *v >= lo && *v <= hi {
                    let i = (((*v - lo) / width) as usize).min(nb - 1);
                    b[i] += c;
                }
            }
            b.iter()
                .map(|&x| if n > 0 { x as f64 / n as f64 } else { 0.0 })
                .collect()
        })
        .collect();
    let ymax = nice(
        shares
            .iter()
            .flatten()
            .copied()
            .fold(0.0f64, f64::max)
            .max(1e-9),
    );
    let pw = w - left - right;
    let ph = h - top - bottom;
    let x = |i: f64| left + pw * i / nb as f64;
    let y = |v: f64| top + ph * (1.0 - v / ymax);
    axes(&mut s, left, top, pw, ph);
    for v in nice_ticks(0.0, ymax, 1e-9) {
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="10" text-anchor="end">{}</text>"##,
            left - 4.0,
            y(v) + 3.0,
            pct_tick(v)
        );
    }
    // Round turn counts, placed where they fall along the bins.
    for turns in nice_ticks(lo as f64, (lo + nb as u64 * width) as f64, 1.0) {
        let _ = write!(
            s,
            r##"<text x="{:.2}" y="{}" font-size="10" text-anchor="middle">{turns:.0}</text>"##,
            x((turns - lo as f64) / width as f64),
            top + ph + 14.0
        );
    }
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-size="11" text-anchor="middle">seat turns (finished games; bins of {width}; the longest 1% not shown)</text>"##,
        left + pw / 2.0,
        h - 6.0
    );
    let bar_w = pw / nb as f64 / ms.len().max(1) as f64;
    for (a, sh) in shares.iter().enumerate() {
        for (i, v) in sh.iter().enumerate() {
            if *v <= 0.0 {
                continue;
            }
            let _ = write!(
                s,
                r#"<rect class="mark" x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="{}" fill-opacity="0.8"><title>{}: {:.2}%</title></rect>"#,
                x(i as f64) + bar_w * a as f64,
                y(*v),
                bar_w.max(0.5),
                (top + ph - y(*v)).max(0.0),
                colour(a),
                esc(&labels[a]),
                100.0 * v
            );
        }
    }
    legend(
        &mut s,
        labels,
        &arm_paints(labels.len()),
        left + 8.0,
        top + 4.0,
    );
    s.push_str("</svg>");
    s
}

fn axes(s: &mut String, left: f64, top: f64, pw: f64, ph: f64) {
    let _ = write!(
        s,
        r##"<line x1="{left}" y1="{}" x2="{}" y2="{}" stroke="#333"/><line x1="{left}" y1="{top}" x2="{left}" y2="{}" stroke="#333"/>"##,
        top + ph,
        left + pw,
        top + ph,
        top + ph
    );
}

/// One paint per arm, for the plots coloured by arm.
fn arm_paints(n: usize) -> Vec<Paint> {
    (0..n).map(Paint::Arm).collect()
}

fn legend(s: &mut String, labels: &[String], paints: &[Paint], x: f64, y: f64) {
    if labels.len() < 2 {
        return;
    }
    for (i, (l, p)) in labels.iter().zip(paints).enumerate() {
        let yy = y + 14.0 * i as f64;
        let _ = write!(
            s,
            r#"<rect x="{x}" y="{yy}" width="10" height="10" fill="{}"/><text x="{}" y="{}" font-size="11">{}</text>"#,
            p.fill(),
            x + 14.0,
            yy + 9.0,
            esc(l)
        );
    }
}

/// Horizontal bars with 95% whiskers: `(label, paint, p, lo, hi)`, on a 0–100% axis; the
/// legend names the arms (`labels`) when the bars are coloured by arm.
fn bars_svg(kind: &str, items: &[Bar], labels: &[String]) -> String {
    let row_h = 18.0;
    let (left, right, top) = (260.0, 60.0, 24.0);
    let w = 760.0;
    let h = top + row_h * items.len() as f64 + 30.0 + 14.0 * labels.len() as f64;
    let pw = w - left - right;
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg class="plot" data-plot="{kind}" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{kind}">"#
    );
    let x = |p: f64| left + pw * p.clamp(0.0, 1.0);
    for k in 0..=4 {
        let p = k as f64 / 4.0;
        let _ = write!(
            s,
            r##"<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#ddd"/><text x="{0}" y="{3}" font-size="10" text-anchor="middle">{4:.0}%</text>"##,
            x(p),
            top - 4.0,
            top + row_h * items.len() as f64,
            top - 8.0,
            100.0 * p
        );
    }
    for (i, (label, paint, p, lo, hi)) in items.iter().enumerate() {
        let yy = top + row_h * i as f64;
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="11" text-anchor="end">{}</text><rect class="mark" x="{left}" y="{}" width="{:.2}" height="{}" fill="{}" fill-opacity="0.8"><title>{}: {:.1}% [{:.1}, {:.1}]</title></rect><line x1="{:.2}" y1="{}" x2="{:.2}" y2="{}" stroke="#000"/><text x="{}" y="{}" font-size="10">{:.1}%</text>"##,
            left - 6.0,
            yy + 12.0,
            esc(label),
            yy + 3.0,
            (x(*p) - left).max(0.5),
            row_h - 6.0,
            paint.fill(),
            esc(label),
            100.0 * p,
            100.0 * lo,
            100.0 * hi,
            x(*lo),
            yy + row_h / 2.0,
            x(*hi),
            yy + row_h / 2.0,
            x(*hi) + 4.0,
            yy + 12.0,
            100.0 * p
        );
    }
    legend(
        &mut s,
        labels,
        &arm_paints(labels.len()),
        left,
        top + row_h * items.len() as f64 + 16.0,
    );
    s.push_str("</svg>");
    s
}

/// A bar of [`bars_svg`]: label, paint, rate and its interval.
type Bar = (String, Paint, f64, f64, f64);

/// Win rates (of completed games) with their intervals, per arm and team: each team's bars
/// in its colour (every arm's label names its arm, so no legend of arms).
pub(crate) fn wins_svg(ms: &[Metrics], _labels: &[String]) -> String {
    let mut items: Vec<Bar> = Vec::new();
    for (a, m) in ms.iter().enumerate() {
        for (t, w) in m.wins.iter().enumerate() {
            let r = w.of_completed;
            let tag = if ms.len() > 1 {
                format!("[{a}] {}", w.team)
            } else {
                w.team.clone()
            };
            items.push((tag, Paint::Team(m.study.team_hex(t), a), r.p, r.lo, r.hi));
        }
        let c = m.completion;
        let tag = if ms.len() > 1 {
            format!("[{a}] completion")
        } else {
            "completion".into()
        };
        items.push((tag, Paint::Plain, c.p, c.lo, c.hi));
    }
    bars_svg("wins", &items, &[])
}

/// Share of games in which each rule fired, per arm.
pub(crate) fn rules_svg(ms: &[Metrics], labels: &[String]) -> String {
    let mut ids: Vec<String> = Vec::new();
    for m in ms {
        for r in &m.rules {
            if r.firable && r.active && !ids.contains(&r.id) {
                ids.push(r.id.clone());
            }
        }
    }
    let mut items: Vec<Bar> = Vec::new();
    for id in &ids {
        for (a, m) in ms.iter().enumerate() {
            if let Some(r) = m.rules.iter().find(|r| r.id == *id && r.active) {
                let tag = if ms.len() > 1 {
                    format!("{id} [{a}], {:.2}/game", r.per_game.unwrap_or(0.0))
                } else {
                    format!("{id}, {:.2}/game", r.per_game.unwrap_or(0.0))
                };
                items.push((tag, Paint::Arm(a), r.games.p, r.games.lo, r.games.hi));
            }
        }
    }
    bars_svg("rules", &items, labels)
}

/// Observed throw frequencies (with intervals) against exact probabilities, first arm.
pub(crate) fn throws_svg(m: &Metrics) -> String {
    let items: Vec<Bar> = m
        .throw_freq
        .iter()
        .map(|t| {
            (
                format!("{} sticks, value {}", t.sticks, t.value),
                Paint::Arm(0),
                t.observed.p,
                t.observed.lo,
                t.observed.hi,
            )
        })
        .collect();
    let mut s = bars_svg("throws", &items, &[]);
    // Exact probabilities as diamonds.
    let (left, right, top, row_h, w) = (260.0, 60.0, 24.0, 18.0, 760.0);
    let pw = w - left - right;
    let mut marks = String::new();
    for (i, t) in m.throw_freq.iter().enumerate() {
        let x = left + pw * t.exact.clamp(0.0, 1.0);
        let y = top + row_h * i as f64 + row_h / 2.0;
        let _ = write!(
            marks,
            r##"<path class="mark exact" d="M{:.2} {:.2} l4 4 l-4 4 l-4 -4 z" fill="#000"><title>exact {:.4}%</title></path>"##,
            x,
            y - 4.0,
            100.0 * t.exact
        );
    }
    s.truncate(s.len() - "</svg>".len());
    s.push_str(&marks);
    s.push_str("</svg>");
    s
}

fn table_row(o: &mut String, name: &str, cells: &[String]) {
    let _ = write!(o, "<tr><th>{}</th>", esc(name));
    for c in cells {
        let _ = write!(o, "<td>{}</td>", esc(c));
    }
    o.push_str("</tr>\n");
}

/// A whole report: one study, or several arms of a comparison.
pub fn study_report(ms: &[Metrics], cmp: Option<&Comparison>) -> String {
    let mut o = String::new();
    let title = ms.first().map(|m| m.study.game.clone()).unwrap_or_default();
    let labels: Vec<String> = ms
        .iter()
        .enumerate()
        .map(|(i, m)| arm_label(m, i, cmp))
        .collect();
    head(&mut o, &title);
    // A comparison is read for its differences: they come first, then what each arm was.
    if let Some(c) = cmp {
        comparison_table(&mut o, c, &labels);
    }
    studies_table(&mut o, ms, &labels);
    metrics_table(&mut o, ms, &labels);
    rules_table(&mut o, ms, &labels);
    plots(&mut o, ms, &labels);
    o.push_str("<p><small>Generated by seig. A game stopped by the turn cap is a timeout, never a draw.</small></p>\n</body></html>\n");
    o
}

/// The document head (title and style) and the page heading.
fn head(o: &mut String, title: &str) {
    let _ = write!(
        o,
        r#"<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{} — seig report</title>
<style>
body {{ font-family: sans-serif; margin: 2em; max-width: 80em; color: #222; }}
table {{ border-collapse: collapse; margin: 1em 0; }}
th, td {{ border: 1px solid #ccc; padding: 3px 8px; text-align: left; font-size: 13px; }}
th {{ background: #f4f4f4; }}
.beyond {{ font-weight: bold; color: #b00; }}
mark.differs {{ background: #ffe08a; font-weight: bold; }}
svg.plot {{ display: block; margin: 1em 0; background: #fff; border: 1px solid #eee; }}
code {{ font-size: 12px; }}
</style></head><body>
<h1>{}</h1>
"#,
        esc(title),
        esc(title)
    );
}

/// One row per arm: its file, games, seed, turn cap, agents, readings and params.
fn studies_table(o: &mut String, ms: &[Metrics], labels: &[String]) {
    o.push_str("<h2>Studies</h2>\n<table><tr><th>arm</th><th>file (sha256)</th><th>games</th><th>seed</th><th>turn cap</th><th>agents</th><th>readings and params (<mark class=\"differs\">marked</mark>: not the same in every arm)</th></tr>\n");
    let choices = |m: &Metrics| -> Vec<String> {
        m.study
            .readings
            .iter()
            .chain(&m.study.params)
            .cloned()
            .collect()
    };
    let every: Vec<Vec<String>> = ms.iter().map(choices).collect();
    for (i, m) in ms.iter().enumerate() {
        let s = &m.study;
        let _ = writeln!(
            o,
            "<tr><td>{}</td><td><code>{}</code> ({})</td><td>{}..{} of {}</td><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>",
            esc(&labels[i]),
            esc(&s.file),
            esc(&s.hash),
            m.range.0,
            m.range.1,
            s.games,
            s.seed,
            s.max_turns,
            esc(&s.agents.join(" vs ")),
            marked_choices(&every, i)
        );
    }
    o.push_str("</table>\n");
}

/// Arm `i`'s readings and params (`ID=OPTION` each) as HTML, those not the same in every
/// arm marked, so that a reader finds the one that differs among a file's many readings.
fn marked_choices(every: &[Vec<String>], i: usize) -> String {
    let Some(mine) = every.get(i) else {
        return String::new();
    };
    mine.iter()
        .map(|c| {
            if every.iter().all(|other| other.contains(c)) {
                esc(c)
            } else {
                format!("<mark class=\"differs\">{}</mark>", esc(c))
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The metrics table, one column per arm.
fn metrics_table(o: &mut String, ms: &[Metrics], labels: &[String]) {
    o.push_str("<h2>Metrics</h2>\n<p>Rates with 95% Wilson intervals; means with 95% normal intervals.</p>\n<table>\n");
    let _ = write!(o, "<tr><th>metric</th>");
    for l in labels {
        let _ = write!(o, "<th>{}</th>", esc(l));
    }
    o.push_str("</tr>\n");
    outcome_rows(o, ms);
    start_and_rule_rows(o, ms);
    o.push_str("</table>\n");
}

/// Outcomes and lengths: completion, wins, balance, turns, throws, decisions, captures.
fn outcome_rows(o: &mut String, ms: &[Metrics]) {
    let col = |f: &dyn Fn(&Metrics) -> String| ms.iter().map(f).collect::<Vec<_>>();
    table_row(o, "completion", &col(&|m| m.completion.pct()));
    table_row(o, "timeouts (turn cap)", &col(&|m| m.timeouts.pct()));
    table_row(
        o,
        "aborted (engine)",
        &col(&|m| format!("{} of {}", m.aborted, m.completion.n)),
    );
    table_row(
        o,
        "warning",
        &col(&|m| m.warning.clone().unwrap_or_else(|| "—".into())),
    );
    if ms.iter().any(|m| m.deadlocks.k > 0) {
        table_row(o, "deadlocks", &col(&|m| m.deadlocks.pct()));
    }
    if ms.iter().any(|m| m.draws.k > 0) {
        table_row(o, "draws", &col(&|m| m.draws.pct()));
    }
    for t in 0..2 {
        let name = ms
            .first()
            .and_then(|m| m.study.teams.get(t).cloned())
            .unwrap_or_default();
        table_row(
            o,
            &format!("{name} wins (of finished)"),
            &col(&|m| m.wins.get(t).map_or("—".into(), |w| w.of_completed.pct())),
        );
    }
    table_row(
        o,
        "balance",
        &col(&|m| m.balance.map_or("—".into(), |b| format!("{b:.3}"))),
    );
    table_row(
        o,
        "first-team advantage (points)",
        &col(&|m| match m.first_team_advantage {
            Some((a, lo, hi)) => {
                format!("{:+.1} [{:+.1}, {:+.1}]", 100.0 * a, 100.0 * lo, 100.0 * hi)
            }
            None => "—".into(),
        }),
    );
    let d = |x: &super::metrics::Dist| {
        if x.n == 0 {
            return "—".to_string();
        }
        format!(
            "{:.1} [{:.1}, {:.1}]; median {:.1}; p90 {:.1}",
            x.mean, x.ci.0, x.ci.1, x.median, x.p90
        )
    };
    table_row(o, "turns (finished)", &col(&|m| d(&m.turns)));
    table_row(o, "throws (finished)", &col(&|m| d(&m.throws)));
    table_row(o, "decision moves", &col(&|m| m.decision_moves.pct()));
    table_row(o, "lead changes per game", &col(&|m| d(&m.lead_changes)));
    table_row(o, "captures per game", &col(&|m| d(&m.captures)));
    table_row(o, "removals per game", &col(&|m| d(&m.removals)));
    table_row(o, "send-homes per game", &col(&|m| d(&m.send_homes)));
    for t in 0..2 {
        let name = ms
            .first()
            .and_then(|m| m.study.teams.get(t).cloned())
            .unwrap_or_default();
        table_row(
            o,
            &format!("pieces {name} lost / sent home per game"),
            &col(&|m| {
                let per = |v: Option<&(String, Option<f64>)>| {
                    v.and_then(|x| x.1)
                        .map_or("—".to_string(), |x| format!("{x:.2}"))
                };
                format!(
                    "{} / {}",
                    per(m.lost_per_game.get(t)),
                    per(m.sent_home_per_game.get(t))
                )
            }),
        );
    }
    if ms.iter().any(|m| !m.borne_off_per_game.is_empty()) {
        for t in 0..2 {
            let name = ms
                .first()
                .and_then(|m| m.study.teams.get(t).cloned())
                .unwrap_or_default();
            table_row(
                o,
                &format!("pieces {name} borne off per game"),
                &col(&|m| {
                    m.borne_off_per_game
                        .get(t)
                        .and_then(|x| x.1)
                        .map_or("—".to_string(), |x| format!("{x:.2}"))
                }),
            );
        }
    }
    table_row(
        o,
        "ended by (rule @ phase)",
        &col(&|m| {
            if m.endings.is_empty() {
                return "—".into();
            }
            m.endings
                .iter()
                .map(|e| format!("{}@{} {}", e.rule, e.phase, e.games.pct()))
                .collect::<Vec<_>>()
                .join("; ")
        }),
    );
}

/// How soon each team can first move, the luck share, and which rules never acted.
fn start_and_rule_rows(o: &mut String, ms: &[Metrics]) {
    let col = |f: &dyn Fn(&Metrics) -> String| ms.iter().map(f).collect::<Vec<_>>();
    for t in 0..2 {
        let name = ms
            .first()
            .and_then(|m| m.study.teams.get(t).cloned())
            .unwrap_or_default();
        table_row(
            o,
            &format!("throws before {name} can first move"),
            &col(&|m| {
                let Some(f) = m.first_move.get(t) else {
                    return "—".into();
                };
                if f.throws.n == 0 {
                    return format!("—; never in {}", f.never);
                }
                format!(
                    "{:.2} [{:.2}, {:.2}]{}",
                    f.throws.mean,
                    f.throws.ci.0,
                    f.throws.ci.1,
                    if f.never > 0 {
                        format!("; never in {}", f.never)
                    } else {
                        String::new()
                    }
                )
            }),
        );
    }
    if ms.iter().any(|m| m.luck.is_some()) {
        table_row(
            o,
            "luck share (strong agent vs random)",
            &col(&|m| match &m.luck {
                Some(l) => match l.luck {
                    Some(x) => format!(
                        "{:.2} [{:.2}, {:.2}] ({} wins {})",
                        x.0,
                        x.1,
                        x.2,
                        l.player,
                        l.wins.pct()
                    ),
                    None => format!("— (no finished game of {})", l.player),
                },
                None => "not measured".into(),
            }),
        );
    }
    table_row(
        o,
        "rules never fired",
        &col(&|m| {
            if m.never_fired.is_empty() {
                "none".into()
            } else {
                m.never_fired.join(", ")
            }
        }),
    );
    table_row(o, "silent rules (no event)", &col(&|m| m.silent.join(", ")));
    table_row(
        o,
        "rules off under the readings",
        &col(&|m| m.inactive.join(", ")),
    );
}

/// The readings side by side: each arm's values and the paired differences from arm [0].
fn comparison_table(o: &mut String, c: &Comparison, labels: &[String]) {
    o.push_str("<h2>Readings side by side</h2>\n<p>Paired seeds: game <i>i</i> of every arm starts from the same seed. Differences are means of the paired per-game differences from arm [0], with 95% intervals (rates in percentage points); <span class=\"beyond\">bold</span> = beyond sampling noise (the interval excludes 0). With many rows, about one in twenty unchanged figures is flagged by chance.</p>\n<table><tr><th>metric</th>");
    for l in labels {
        let _ = write!(o, "<th>{}</th>", esc(l));
    }
    for i in 1..c.arms.len() {
        let _ = write!(o, "<th>[{i}]−[0]</th>");
    }
    o.push_str("</tr>\n");
    for r in &c.rows {
        let _ = write!(o, "<tr><th>{}</th>", esc(&r.metric));
        for v in &r.values {
            let _ = write!(o, "<td>{}</td>", esc(v));
        }
        for dd in r.diffs.iter().skip(1) {
            let cls = if dd.is_some_and(|x| x.beyond_noise) {
                " class=\"beyond\""
            } else {
                ""
            };
            let _ = write!(o, "<td{cls}>{}</td>", esc(&fmt_diff(dd, r.percent)));
        }
        o.push_str("</tr>\n");
    }
    o.push_str("</table>\n");
    for r in c
        .rows
        .iter()
        .filter(|r| !r.metric.starts_with("games where"))
    {
        let items: Vec<(String, Option<Diff>)> = labels
            .iter()
            .zip(&r.diffs)
            .skip(1)
            .map(|(l, d)| (format!("{l} − [0]"), *d))
            .collect();
        let _ = writeln!(o, "<h3>{}: difference from [0]</h3>", esc(&r.metric));
        o.push_str(&diff_svg(&r.metric, &items, r.percent));
    }
}

/// A plot of differences with their 95% intervals (a dot and whiskers per item, a line
/// at 0); an item without data is labelled "no data".
pub(crate) fn diff_svg(what: &str, items: &[(String, Option<Diff>)], points: bool) -> String {
    let (w, left, right, top, row_h) = (720.0, 260.0, 24.0, 8.0, 20.0);
    let h = top + row_h * items.len().max(1) as f64 + 30.0;
    let k = if points { 100.0 } else { 1.0 };
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg class="plot" data-plot="diff" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{}">"#,
        esc(&format!("differences in {what}"))
    );
    let span = items
        .iter()
        .filter_map(|(_, d)| d.map(|d| (k * d.lo).abs().max((k * d.hi).abs())))
        .fold(0.0f64, f64::max);
    let span = nice(span.max(1e-9));
    let pw = w - left - right;
    let x = |v: f64| left + pw * (v + span) / (2.0 * span);
    let bottom = top + row_h * items.len().max(1) as f64;
    let _ = write!(
        s,
        r##"<line x1="{0:.2}" y1="{top}" x2="{0:.2}" y2="{bottom}" stroke="#999" stroke-dasharray="3,3"/>"##,
        x(0.0)
    );
    for t in [-1.0, -0.5, 0.0, 0.5, 1.0] {
        let _ = write!(
            s,
            r##"<text x="{:.2}" y="{}" font-size="10" text-anchor="middle">{}</text>"##,
            x(t * span),
            bottom + 14.0,
            tick(t * span)
        );
    }
    let _ = write!(
        s,
        r##"<text x="{:.2}" y="{}" font-size="11" text-anchor="middle">{}</text>"##,
        left + pw / 2.0,
        bottom + 27.0,
        if points {
            "difference (percentage points), 95% interval"
        } else {
            "difference, 95% interval"
        }
    );
    for (i, (label, d)) in items.iter().enumerate() {
        let y = top + row_h * (i as f64 + 0.5);
        let _ = write!(
            s,
            r##"<text x="{}" y="{:.2}" font-size="11" text-anchor="end">{}</text>"##,
            left - 6.0,
            y + 4.0,
            esc(label)
        );
        match d {
            Some(d) => {
                let c = if d.beyond_noise { "#b00" } else { "#555" };
                let _ = write!(
                    s,
                    r##"<g class="mark"><line x1="{:.2}" y1="{y:.2}" x2="{:.2}" y2="{y:.2}" stroke="{c}" stroke-width="2"/><circle cx="{:.2}" cy="{y:.2}" r="4" fill="{c}"/><title>{}: {}</title></g>"##,
                    x(k * d.lo),
                    x(k * d.hi),
                    x(k * d.mean),
                    esc(label),
                    esc(&fmt_diff(&Some(*d), points))
                );
            }
            None => {
                let _ = write!(
                    s,
                    r##"<text x="{:.2}" y="{:.2}" font-size="10" fill="#777">no data</text>"##,
                    x(0.0) + 4.0,
                    y + 4.0
                );
            }
        }
    }
    s.push_str("</svg>");
    s
}

/// The smallest of 1, 2 or 5 times a power of ten at least `v`: a readable axis end.
fn nice(v: f64) -> f64 {
    let p = 10f64.powf(v.log10().floor());
    [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * p)
        .find(|&x| x >= v)
        .unwrap_or(10.0 * p)
}

/// A tick label with no more digits than it needs.
fn tick(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    if (r - r.round()).abs() < 1e-9 {
        format!("{:+.0}", r)
    } else {
        format!("{r:+}")
    }
}

/// The report of `compare --each-reading`: the table and a plot per figure of every
/// option's difference from the defaults, then the defaults' own report.
pub fn each_reading_report(e: &super::each::EachReading) -> String {
    use super::each::{FIGURES, in_points, share};
    let mut o = String::new();
    head(
        &mut o,
        &format!("{} — every reading", e.defaults.study.game),
    );
    let _ = write!(
        o,
        "<p>File <code>{}</code> (sha256 <code>{}</code>), seed {}, {} games per arm on paired seeds. Each row changes one reading from the defaults. {} comparisons: about {:.1} would be flagged by chance alone; <span class=\"beyond\">bold</span> = the 95% interval excludes 0, ** = also beyond a Bonferroni correction (z = {:.2}).</p>\n<table><tr><th>arm</th><th>completion</th><th>timeouts</th><th>deadlocks</th>",
        esc(&e.file),
        esc(&e.hash),
        e.seed,
        e.games,
        e.comparisons,
        0.05 * e.comparisons as f64,
        e.corrected_z
    );
    for f in FIGURES {
        let _ = write!(o, "<th>{}</th>", esc(f));
    }
    o.push_str("</tr>\n");
    for r in &e.rows {
        let _ = write!(o, "<tr><th>{}={}</th>", esc(&r.reading), esc(&r.option));
        if let Some(err) = &r.error {
            let _ = writeln!(o, "<td colspan=\"8\">does not load: {}</td></tr>", esc(err));
            continue;
        }
        let _ = write!(
            o,
            "<td>{}</td><td>{}</td><td>{}</td>",
            esc(&r.completion),
            esc(&share(r.timeouts)),
            esc(&share(r.deadlocks))
        );
        for (i, d) in r.diffs.iter().enumerate() {
            let cls = if d.is_some_and(|x| x.beyond_noise) {
                " class=\"beyond\""
            } else {
                ""
            };
            let star = if r.corrected.get(i).copied().unwrap_or(false) {
                " **"
            } else {
                ""
            };
            let _ = write!(o, "<td{cls}>{}{star}</td>", esc(&fmt_diff(d, in_points(i))));
        }
        o.push_str("</tr>\n");
    }
    o.push_str("</table>\n");
    for (i, f) in FIGURES.iter().enumerate() {
        let items: Vec<(String, Option<Diff>)> = e
            .rows
            .iter()
            .map(|r| {
                (
                    format!("{}={}", r.reading, r.option),
                    r.diffs.get(i).copied().flatten(),
                )
            })
            .collect();
        let _ = writeln!(o, "<h2>{}: difference from the defaults</h2>", esc(f));
        o.push_str(&diff_svg(f, &items, in_points(i)));
    }
    o.push_str("<h2>The defaults</h2>\n");
    let labels = vec!["defaults".to_string()];
    metrics_table(&mut o, std::slice::from_ref(&e.defaults), &labels);
    plots(&mut o, std::slice::from_ref(&e.defaults), &labels);
    o.push_str("<p><small>Generated by seig. A game stopped by the turn cap is a timeout, never a draw.</small></p>\n</body></html>\n");
    o
}

/// The plots: game length, win rates, rule firing and (for arm [0]) the throws.
fn plots(o: &mut String, ms: &[Metrics], labels: &[String]) {
    o.push_str("<h2>Game length</h2>\n");
    o.push_str(&histogram_svg(ms, labels));
    // The counts under the histogram: it shows finished games only, and an arm that
    // finished few of its games must say so.
    o.push_str(
        "<p>Completed games only (a game stopped by the turn cap or aborted has no length): ",
    );
    let counts: Vec<String> = ms
        .iter()
        .zip(labels)
        .map(|(m, l)| {
            format!(
                "{}: {} of {} games ({}){}",
                esc(l),
                m.completion.k,
                m.completion.n,
                esc(&m.completion.pct()),
                if m.warning.is_some() {
                    " — fewer than 90% finished"
                } else {
                    ""
                }
            )
        })
        .collect();
    o.push_str(&counts.join("; "));
    o.push_str(".</p>\n");
    o.push_str("<h2>Win rates</h2>\n<p>Share of finished games won, and completion, with 95% Wilson intervals.</p>\n");
    o.push_str(&wins_svg(ms, labels));
    o.push_str("<h2>Rule firing</h2>\n<p>Share of games in which each rule that can produce an event fired, with 95% Wilson intervals; the label gives its events per game.</p>\n");
    o.push_str(&rules_svg(ms, labels));
    distributions(o, ms, labels);
    if let Some(m) = ms.first() {
        o.push_str("<h2>Throws</h2>\n<p>Observed share of each throw (bars, 95% Wilson intervals) and its exact probability (diamonds), for arm [0].</p>\n");
        o.push_str(&throws_svg(m));
    }
}

/// Round tick values covering `lo..=hi`: about five, at steps of 1, 2 or 5 times a power of
/// ten (never below `min_step`), so that axis labels read as round numbers.
fn nice_ticks(lo: f64, hi: f64, min_step: f64) -> Vec<f64> {
    let span = (hi - lo).max(min_step);
    let step = nice(span / 5.0).max(min_step);
    let first = (lo / step).ceil() * step;
    let mut v = Vec::new();
    let mut t = first;
    while t <= hi + 1e-9 && v.len() < 12 {
        v.push(t);
        t += step;
    }
    v
}

/// A percentage tick label with no more digits than it needs.
fn pct_tick(v: f64) -> String {
    let p = 100.0 * v;
    if (p - p.round()).abs() < 1e-6 {
        format!("{p:.0}%")
    } else {
        format!("{p:.1}%")
    }
}

/// A histogram of a count per game (value → games), one colour per series, each as a share
/// of its own games; values past the largest 99th percentile are left out (and the axis
/// says so).
pub(crate) fn count_svg(
    kind: &str,
    xlabel: &str,
    series: &[(String, &BTreeMap<u64, u64>)],
) -> String {
    painted_count_svg(kind, xlabel, series, &arm_paints(series.len()))
}

/// [`count_svg`] with each series' paint (a team's series in the team's colour).
fn painted_count_svg(
    kind: &str,
    xlabel: &str,
    series: &[(String, &BTreeMap<u64, u64>)],
    paints: &[Paint],
) -> String {
    let (w, h, left, bottom, top, right) = (720.0, 260.0, 56.0, 40.0, 16.0, 16.0);
    let mut s = String::new();
    let _ = write!(
        s,
        r#"<svg class="plot" data-plot="{kind}" viewBox="0 0 {w} {h}" width="{w}" height="{h}" role="img" aria-label="{}">"#,
        esc(xlabel)
    );
    let (mut lo, mut hi, mut cut) = (u64::MAX, 0u64, false);
    for (_, m) in series {
        let n: u64 = m.values().sum();
        let mut cum = 0;
        for (v, c) in m.iter() {
            lo = lo.min(*v);
            cum += c;
            if cum * 100 >= n * 99 {
                hi = hi.max(*v);
                cut |= m.keys().next_back().is_some_and(|last| last > v);
                break;
            }
        }
    }
    if lo == u64::MAX {
        let _ = write!(
            s,
            r#"<text x="{}" y="{}" text-anchor="middle">no game</text></svg>"#,
            w / 2.0,
            h / 2.0
        );
        return s;
    }
    let span = hi - lo + 1;
    let width = span.div_ceil(40).max(1);
    let nb = span.div_ceil(width) as usize;
    let shares: Vec<Vec<f64>> = series
        .iter()
        .map(|(_, m)| {
            let n: u64 = m.values().sum();
            let mut b = vec![0u64; nb];
            for (v, c) in m.iter().filter(|(v, _)| **v >= lo && **v <= hi) {
                b[(((*v - lo) / width) as usize).min(nb - 1)] += c;
            }
            b.iter()
                .map(|&x| if n > 0 { x as f64 / n as f64 } else { 0.0 })
                .collect()
        })
        .collect();
    let ymax = shares.iter().flatten().copied().fold(0.0f64, f64::max);
    let ymax = nice(ymax.max(1e-9));
    let (pw, ph) = (w - left - right, h - top - bottom);
    // Value v's bin starts at x(v); a bin of one value is labelled at its middle.
    let x = |v: f64| left + pw * (v - lo as f64) / (nb as u64 * width) as f64;
    let y = |v: f64| top + ph * (1.0 - v / ymax);
    axes(&mut s, left, top, pw, ph);
    for t in nice_ticks(0.0, ymax, 1e-9) {
        let _ = write!(
            s,
            r##"<line x1="{left}" y1="{0:.2}" x2="{1:.2}" y2="{0:.2}" stroke="#eee"/><text x="{2}" y="{3:.2}" font-size="10" text-anchor="end">{4}</text>"##,
            y(t),
            left + pw,
            left - 4.0,
            y(t) + 3.0,
            pct_tick(t)
        );
    }
    let mid = if width == 1 { 0.5 } else { 0.0 };
    for t in nice_ticks(lo as f64, hi as f64, 1.0) {
        let _ = write!(
            s,
            r##"<text x="{:.2}" y="{}" font-size="10" text-anchor="middle">{t:.0}</text>"##,
            x(t + mid),
            top + ph + 14.0
        );
    }
    let bins = if width > 1 {
        format!("; bins of {width}")
    } else {
        String::new()
    };
    let tail = if cut {
        "; the largest 1% not shown"
    } else {
        ""
    };
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-size="11" text-anchor="middle">{}{bins}{tail} — share of games</text>"##,
        left + pw / 2.0,
        h - 6.0,
        esc(xlabel)
    );
    let bar_w = pw / nb as f64 / series.len().max(1) as f64;
    for (a, sh) in shares.iter().enumerate() {
        for (i, v) in sh.iter().enumerate().filter(|(_, v)| **v > 0.0) {
            let from = lo + i as u64 * width;
            let to = from + width - 1;
            let vals = if width > 1 {
                format!("{from}–{to}")
            } else {
                from.to_string()
            };
            let _ = write!(
                s,
                r#"<rect class="mark" x="{:.2}" y="{:.2}" width="{:.2}" height="{:.2}" fill="{}" fill-opacity="0.8"><title>{}: {vals}: {:.2}%</title></rect>"#,
                x(from as f64) + bar_w * a as f64,
                y(*v),
                bar_w.max(0.5),
                (top + ph - y(*v)).max(0.0),
                paints
                    .get(a)
                    .map_or_else(|| Paint::Arm(a).fill(), Paint::fill),
                esc(&series[a].0),
                100.0 * v
            );
        }
    }
    let labels: Vec<String> = series.iter().map(|x| x.0.clone()).collect();
    legend(&mut s, &labels, paints, left + pw - 200.0, top + 4.0);
    s.push_str("</svg>");
    s
}

/// Named histograms (value → games), one per series of a plot.
type Series<'a> = Vec<(String, &'a BTreeMap<u64, u64>)>;

/// The games a histogram counts, per series, under it.
fn counts_line(what: &str, series: &[(String, &BTreeMap<u64, u64>)], extra: &[String]) -> String {
    let parts: Vec<String> = series
        .iter()
        .enumerate()
        .map(|(i, (l, m))| {
            let n: u64 = m.values().sum();
            format!(
                "{}: {n} games{}",
                esc(l),
                extra.get(i).map_or(String::new(), |e| esc(e))
            )
        })
        .collect();
    format!("<p>{what}: {}.</p>\n", parts.join("; "))
}

/// The distributions per game: captures (and removals and send-homes where there are any),
/// lead changes, throws before each team's first move, pieces lost per team; each with the
/// games it counts and which games those are.
fn distributions(o: &mut String, ms: &[Metrics], labels: &[String]) {
    // Per-team series name their arm only when there are several.
    let arm = |l: &str| {
        if ms.len() > 1 {
            format!("{l} ")
        } else {
            String::new()
        }
    };
    let per_arm = |f: &dyn Fn(&Metrics) -> &BTreeMap<u64, u64>| -> Series {
        ms.iter()
            .zip(labels)
            .map(|(m, l)| (l.clone(), f(m)))
            .collect::<Vec<_>>()
    };
    let all = "All games, finished or not";
    o.push_str("<h2>Distributions per game</h2>\n");
    let mut plots: Vec<(&str, &str, &str, Series)> = vec![(
        "captures",
        "Captures per game",
        "landing captures (the piece removed or sent home), per game",
        per_arm(&|m| &m.acc.captures),
    )];
    if ms.iter().any(|m| m.removals.max > 0) {
        plots.push((
            "removals",
            "Removals per game",
            "pieces removed by a throw's effect, per game",
            per_arm(&|m| &m.acc.removals),
        ));
    }
    if ms.iter().any(|m| m.send_homes.max > 0) {
        plots.push((
            "send-homes",
            "Send-homes per game",
            "landing captures that sent the piece home, per game",
            per_arm(&|m| &m.acc.send_homes),
        ));
    }
    plots.push((
        "lead-changes",
        "Lead changes per game",
        "lead changes per game",
        per_arm(&|m| &m.acc.lead_changes),
    ));
    for (kind, title, xlabel, series) in &plots {
        let _ = writeln!(o, "<h3>{}</h3>", esc(title));
        o.push_str(&count_svg(kind, xlabel, series));
        o.push_str(&counts_line(all, series, &[]));
    }
    let mut lost = Vec::new();
    let mut first = Vec::new();
    let mut never = Vec::new();
    let mut paints = Vec::new();
    for (a, (m, l)) in ms.iter().zip(labels).enumerate() {
        for t in 0..2 {
            paints.push(Paint::Team(m.study.team_hex(t), a));
            let team = m.study.teams.get(t).cloned().unwrap_or_default();
            lost.push((format!("{}{team}", arm(l)), &m.acc.lost_hist[t]));
            first.push((format!("{}{team}", arm(l)), &m.acc.first_move[t]));
            never.push(match m.acc.never_moved[t] {
                0 => String::new(),
                k => format!(" (and {k} ended before it could move)"),
            });
        }
    }
    o.push_str("<h3>Pieces lost per team</h3>\n");
    o.push_str(&painted_count_svg(
        "pieces-lost",
        "pieces a team lost out of the game (captured or removed), per game",
        &lost,
        &paints,
    ));
    o.push_str(&counts_line(all, &lost, &[]));
    o.push_str("<h3>Throws before the first move</h3>\n");
    o.push_str(&painted_count_svg(
        "first-move",
        "a team's throws up to the first after which one of its pieces could move",
        &first,
        &paints,
    ));
    o.push_str(&counts_line(
        "Games in which the team could move at all, finished or not",
        &first,
        &never,
    ));
}

/// Each rule's firing, and (when counted) the moves it refused, one column pair per arm.
fn rules_table(o: &mut String, ms: &[Metrics], labels: &[String]) {
    let counted = ms.iter().any(|m| m.refusals.is_some());
    o.push_str("<h2>Rules</h2>\n<p>Actions naming each rule (each counted once per action) and the share of games in which it fired");
    if counted {
        o.push_str("; beside them the moves it refused at the decision positions visited (a move: a live piece with one throw in hand; a refused move counts for each rule that forbids it)");
    }
    o.push_str(".</p>\n<table><tr><th>rule</th><th>status</th>");
    for l in labels {
        let _ = write!(o, "<th>{} fired</th>", esc(l));
        if counted {
            let _ = write!(o, "<th>{} refused</th>", esc(l));
        }
    }
    o.push_str("</tr>\n");
    let Some(first) = ms.first() else {
        o.push_str("</table>\n");
        return;
    };
    for (i, r) in first.rules.iter().enumerate() {
        let _ = write!(o, "<tr><th>{}</th><td>{}</td>", esc(&r.id), esc(&r.status));
        for m in ms {
            let x = m.rules.get(i).filter(|x| x.id == r.id);
            let fired = match x {
                None => "—".to_string(),
                Some(x) if !x.active => "off under the readings".into(),
                Some(x) if !x.firable => "silent (no event)".into(),
                Some(x) => format!(
                    "{} actions ({}/game), in {}",
                    x.fires,
                    x.per_game.map_or("—".into(), |v| format!("{v:.2}")),
                    x.games.pct()
                ),
            };
            let _ = write!(o, "<td>{}</td>", esc(&fired));
            if counted {
                let refused = x
                    .and_then(|x| x.refused)
                    .map_or("not counted".to_string(), |v| v.to_string());
                let _ = write!(o, "<td>{}</td>", esc(&refused));
            }
        }
        o.push_str("</tr>\n");
    }
    o.push_str("</table>\n");
    for (m, l) in ms.iter().zip(labels) {
        if let Some(rf) = &m.refusals {
            let _ = writeln!(
                o,
                "<p>{}: {} of {} moves refused ({}) at {} decision positions; {} by no rule (a language default or the position).</p>",
                esc(l),
                rf.refused.k,
                rf.moves,
                esc(&rf.refused.pct()),
                rf.positions,
                rf.by_no_rule
            );
        }
    }
}
