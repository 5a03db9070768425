//! Tools that validate a reading: source coverage, explanations of positions and moves, the
//! variant as a rulebook, metrics over many games, comparison of readings and HTML reports.
//!
//! Each command has a `clap` argument struct and a `run_…` function returning the exit code,
//! so that the command line only wires them:
//! [`coverage::run_coverage`], [`explain::run_explain`], [`rulebook::run_rules`],
//! [`metrics::run_simulate`], [`metrics::run_merge`], [`compare::run_compare`].

pub mod compare;
pub mod coverage;
pub mod explain;
pub mod metrics;
pub mod report;
pub mod rulebook;

use crate::cli::Choices;
use crate::lang::diag::{self, Diagnostic};
use crate::lang::ir::{Cell, CellSet, Cond, Ir, RuleIx, TeamCells};
use crate::lang::syntax::ast::{self, StmtKind};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// A rule file loaded for analysis: its text, syntax tree and IR under the choices given.
#[derive(Debug, Clone)]
pub struct Loaded {
    /// Path as given.
    pub path: PathBuf,
    /// The file's text.
    pub text: String,
    /// The syntax tree.
    pub ast: ast::File,
    /// The IR under the readings and parameters chosen.
    pub ir: Ir,
    /// FNV-1a 64-bit hash of the file's bytes, in hex (identifies the file in reports).
    pub hash: String,
}

/// Loads a rule file under the choices; prints diagnostics to stderr. `Err` is the exit code.
pub fn load(path: &Path, choices: &Choices) -> Result<Loaded, i32> {
    let bytes = crate::tools::files::read(path).map_err(|m| {
        eprintln!("{m}");
        1
    })?;
    let (text, lowered) = crate::lang::load(&bytes, &choices.selection());
    let name = path.display().to_string();
    let errors: Vec<&Diagnostic> = lowered
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .collect();
    if !errors.is_empty() || lowered.ir.is_none() {
        eprint!(
            "{}",
            diag::render(&name, text.as_deref().unwrap_or(""), &lowered.diagnostics)
        );
        return Err(1);
    }
    let text = text.unwrap_or_default();
    let ast = crate::lang::syntax::parse(&text).map_err(|_| 1)?;
    let ir = lowered.ir.ok_or(1)?;
    Ok(Loaded {
        path: path.to_path_buf(),
        hash: fnv1a(&bytes),
        text,
        ast,
        ir,
    })
}

/// Loads rule-file text (for tests and tools that hold the text already).
pub fn load_text(text: &str, sel: &crate::lang::lower::Selection) -> Result<Loaded, String> {
    let (_, lowered) = crate::lang::load(text.as_bytes(), sel);
    let Some(ir) = lowered.ir else {
        return Err(diag::render("<text>", text, &lowered.diagnostics));
    };
    let ast = crate::lang::syntax::parse(text).map_err(|d| diag::render("<text>", text, &d))?;
    Ok(Loaded {
        path: PathBuf::from("<text>"),
        hash: fnv1a(text.as_bytes()),
        text: text.to_string(),
        ast,
        ir,
    })
}

/// FNV-1a 64-bit hash, in hex.
pub fn fnv1a(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{h:016x}")
}

impl Loaded {
    /// The statements of each rule (by rule index) that the readings in force switch on.
    pub fn active_statements(&self) -> Vec<Vec<StmtKind>> {
        let rules: Vec<&ast::Rule> = self
            .ast
            .items
            .iter()
            .filter_map(|i| match i {
                ast::Item::Rule(r) => Some(r),
                _ => None,
            })
            .collect();
        self.ir
            .rules
            .iter()
            .map(|info| {
                let mut out = Vec::new();
                if let Some(r) = rules.iter().find(|r| r.id.node == info.id) {
                    flatten_active(&self.ir, &r.body, &mut out);
                }
                out
            })
            .collect()
    }

    /// The first rule with an active statement that satisfies `f`.
    pub fn rule_of(
        &self,
        active: &[Vec<StmtKind>],
        f: impl Fn(&StmtKind) -> bool,
    ) -> Option<RuleIx> {
        active
            .iter()
            .position(|stmts| stmts.iter().any(&f))
            .map(|i| i as RuleIx)
    }
}

fn flatten_active(ir: &Ir, body: &[ast::Stmt], out: &mut Vec<StmtKind>) {
    for s in body {
        match &s.node {
            StmtKind::If {
                reading,
                option,
                then,
                otherwise,
            } => {
                let holds = ir
                    .readings
                    .iter()
                    .find(|r| r.id == reading.node)
                    .is_some_and(|r| r.options[r.chosen].0 == option.node);
                if holds {
                    flatten_active(ir, then, out);
                } else if let Some(o) = otherwise {
                    flatten_active(ir, o, out);
                }
            }
            other => out.push(other.clone()),
        }
    }
}

/// A proportion with its 95% Wilson score interval.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, serde::Deserialize)]
pub struct Rate {
    /// Successes.
    pub k: u64,
    /// Trials.
    pub n: u64,
    /// k / n (0 when n = 0).
    pub p: f64,
    /// Lower bound of the 95% interval.
    pub lo: f64,
    /// Upper bound of the 95% interval.
    pub hi: f64,
}

/// The normal quantile for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// The 95% Wilson score interval of `k` successes in `n` trials (`(0, 1)` when `n = 0`).
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    wilson_z(k, n, Z95)
}

/// The Wilson score interval for a given normal quantile `z`.
pub fn wilson_z(k: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let n_f = n as f64;
    let p = k as f64 / n_f;
    let z2 = z * z;
    let denom = 1.0 + z2 / n_f;
    let centre = (p + z2 / (2.0 * n_f)) / denom;
    let half = z * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

impl Rate {
    /// `k` of `n`, with its interval.
    pub fn new(k: u64, n: u64) -> Rate {
        let (lo, hi) = wilson(k, n);
        Rate {
            k,
            n,
            p: if n == 0 { 0.0 } else { k as f64 / n as f64 },
            lo,
            hi,
        }
    }
    /// As `51.2% [49.8, 52.6]`.
    pub fn pct(&self) -> String {
        if self.n == 0 {
            return "—".to_string();
        }
        format!(
            "{:.1}% [{:.1}, {:.1}]",
            100.0 * self.p,
            100.0 * self.lo,
            100.0 * self.hi
        )
    }
}

/// A citation line: `SIG-C1 (stated)`.
pub fn rule_label(ir: &Ir, r: RuleIx) -> String {
    let info = &ir.rules[r as usize];
    format!("{} ({})", info.id, info.status.as_str())
}

/// The quoted sentences of a rule, one per line: `smith: "…"`.
pub fn quotes(ir: &Ir, r: RuleIx) -> Vec<String> {
    ir.rules[r as usize]
        .citations
        .iter()
        .map(|(src, q)| format!("{src}: \"{q}\""))
        .collect()
}

/// Describes a set of holes by rows: whole rows by name, otherwise the holes (`middle.1, middle.12`).
pub fn describe_cells(ir: &Ir, set: &CellSet) -> String {
    let mut parts = Vec::new();
    for row in &ir.rows {
        let cells: Vec<Cell> = row.cells().filter(|&c| set.contains(c)).collect();
        if cells.is_empty() {
            continue;
        }
        if cells.len() == row.len as usize {
            parts.push(format!("row {}", row.name));
            continue;
        }
        // Runs of consecutive holes: `middle.2–11`.
        let mut i = 0;
        while i < cells.len() {
            let mut j = i;
            while j + 1 < cells.len() && cells[j + 1].get() == cells[j].get() + 1 {
                j += 1;
            }
            let a = cells[i].get() - row.first.get() + 1;
            let b = cells[j].get() - row.first.get() + 1;
            parts.push(if a == b {
                format!("{}.{a}", row.name)
            } else {
                format!("{}.{a}–{b}", row.name)
            });
            i = j + 1;
        }
    }
    if parts.is_empty() {
        "no hole".to_string()
    } else {
        parts.join(", ")
    }
}

fn describe_team_cells(ir: &Ir, cells: &TeamCells) -> String {
    let a = describe_cells(ir, &cells[0]);
    let b = describe_cells(ir, &cells[1]);
    if a == b {
        a
    } else {
        format!(
            "{a} (for {}) / {b} (for {})",
            ir.teams[0].name, ir.teams[1].name
        )
    }
}

/// A condition in words.
pub fn describe_cond(ir: &Ir, c: &Cond) -> String {
    match c {
        Cond::Const(true) => "always (by the readings in force)".into(),
        Cond::Const(false) => "never (by the readings in force)".into(),
        Cond::Not(inner) => format!("not ({})", describe_cond(ir, inner)),
        Cond::FirstOfTurn => "first throw of the seat's turn".into(),
        Cond::FirstOfTeamTurn => "first throw of the team's turn".into(),
        Cond::FirstOfGame => "first throw of the game".into(),
        Cond::AllOwnReleased => "all own pieces released".into(),
        Cond::AllReleased => "all pieces released".into(),
        Cond::AllOwnArrived => "all own pieces arrived".into(),
        Cond::OpponentHasUnreleased => "opponent has unreleased pieces".into(),
        Cond::NoCapturePossible => "no capture possible any more".into(),
        Cond::EveryPieceImmuneOrArrived => "every piece immune or arrived".into(),
        Cond::OpponentHasNoPieces => "opponent has no pieces".into(),
        Cond::Full(cells, own) => format!(
            "{} full{}",
            describe_team_cells(ir, cells),
            if *own { " of own pieces" } else { "" }
        ),
        Cond::Won(cells) => format!(
            "every hole of {} landed on by the team",
            describe_team_cells(ir, cells)
        ),
    }
}

/// Conditions joined by `and`.
pub fn describe_conds(ir: &Ir, cs: &[Cond]) -> String {
    cs.iter()
        .map(|c| describe_cond(ir, c))
        .collect::<Vec<_>>()
        .join(" and ")
}

/// Escapes text for HTML.
pub fn html_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Writes `contents` to `path` through a temporary file in the same folder, so that a
/// failure leaves any earlier file untouched.
pub fn write_file(path: &Path, contents: &str) -> Result<(), String> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_else(|| "out".into());
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    std::fs::write(&tmp, contents)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| {
            let _ = std::fs::remove_file(&tmp);
            format!("error: cannot write {}: {e}", path.display())
        })
}
