//! Tools that validate a reading: source coverage, explanations of positions and moves, the
//! variant as a rulebook, metrics over many games, comparison of readings and HTML reports.
//!
//! Each tool takes a [`Loaded`] file (or a game) and returns data: the report as a struct,
//! and, where people read it, a `render` to text. Errors are typed. The command line
//! (`seig`) parses the flags, prints and chooses the exit codes.

pub mod compare;
pub mod coverage;
pub mod each;
pub mod explain;
pub mod games;
pub mod metrics;
pub mod refusal;
pub mod report;
pub mod rulebook;

use seig_lang::diag::{self, Diagnostic};
use seig_lang::ir::{Cell, CellSet, Cond, CountRhs, Counted, Ir, RuleIx, TeamCells, TeamId};
use seig_lang::lower::Selection;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// A rule file loaded for analysis: its text and its IR under the choices given (the IR
/// says which rule and statement gave each fact, so the tools need no syntax tree).
#[derive(Debug, Clone)]
pub struct Loaded {
    /// Path as given.
    pub path: PathBuf,
    /// The file's text.
    pub text: String,
    /// The IR under the readings and parameters chosen.
    pub ir: Ir,
    /// SHA-256 of the file's bytes, in hex (identifies the file in reports, as in records).
    pub hash: String,
}

/// Why a rule file did not load.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LoadError {
    /// The file could not be read (missing, unreadable, too large).
    #[error("{message}")]
    Read {
        /// Path as given.
        path: PathBuf,
        /// What went wrong, naming the file.
        message: String,
    },
    /// The file was read but does not make a variant under the choices given.
    #[error("{}", diag::render(&path.display().to_string(), text, diagnostics).trim_end())]
    Invalid {
        /// Path as given.
        path: PathBuf,
        /// The file's text (empty when it is not UTF-8).
        text: String,
        /// Every diagnostic, errors and warnings, in file order.
        diagnostics: Vec<Diagnostic>,
    },
}

impl LoadError {
    /// The error as the terminal shows it: the message, or the rendered diagnostics.
    pub fn render(&self) -> String {
        match self {
            LoadError::Read { message, .. } => format!("{message}\n"),
            LoadError::Invalid {
                path,
                text,
                diagnostics,
            } => diag::render(&path.display().to_string(), text, diagnostics),
        }
    }
}

/// Loads a rule file under a selection of readings and parameters: read, parse, lower.
pub fn load(path: &Path, sel: &Selection) -> Result<Loaded, LoadError> {
    let bytes = crate::files::read(path).map_err(|e| LoadError::Read {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    from_bytes(path, &bytes, sel)
}

/// Loads a rule file from bytes already read from `path` (which names it in diagnostics).
pub fn load_bytes(path: &Path, bytes: &[u8], sel: &Selection) -> Result<Loaded, LoadError> {
    from_bytes(path, bytes, sel)
}

/// Loads rule-file text (for tests and tools that hold the text already); the path is
/// `<text>`.
pub fn load_text(text: &str, sel: &Selection) -> Result<Loaded, LoadError> {
    from_bytes(Path::new("<text>"), text.as_bytes(), sel)
}

fn from_bytes(path: &Path, bytes: &[u8], sel: &Selection) -> Result<Loaded, LoadError> {
    let (text, lowered) = seig_lang::load(bytes, sel);
    let text = text.unwrap_or_default();
    let has_error = lowered.diagnostics.iter().any(Diagnostic::is_error);
    match lowered.ir {
        Some(ir) if !has_error => Ok(Loaded {
            path: path.to_path_buf(),
            hash: crate::files::sha256_hex(bytes),
            text,
            ir,
        }),
        _ => Err(LoadError::Invalid {
            path: path.to_path_buf(),
            text,
            diagnostics: lowered.diagnostics,
        }),
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

pub(crate) use crate::stats::Z95;
pub use crate::stats::wilson;

impl Rate {
    /// 0 of 0: a rate a report read back from an older version did not hold.
    pub fn none() -> Rate {
        Rate::new(0, 0)
    }
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
    pub(crate) fn pct(&self) -> String {
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

/// The quoted sentences of a rule, one per line: `smith: "…"`.
#[expect(
    clippy::indexing_slicing,
    reason = "a `RuleIx` is a rule index lowering made"
)]
pub fn quotes(ir: &Ir, r: RuleIx) -> Vec<String> {
    ir.rules[r.index()]
        .citations
        .iter()
        .map(|(src, q)| format!("{src}: \"{q}\""))
        .collect()
}

/// Describes a set of holes by rows: whole rows by name, otherwise the holes (`middle.1, middle.12`).
pub(crate) fn describe_cells(ir: &Ir, set: &CellSet) -> String {
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
        for run in cells.chunk_by(|x, y| y.get() == x.get() + 1) {
            let (Some(first), Some(last)) = (run.first(), run.last()) else {
                continue;
            };
            let a = first.get() - row.first.get() + 1;
            let b = last.get() - row.first.get() + 1;
            parts.push(if a == b {
                format!("{}.{a}", row.name)
            } else {
                format!("{}.{a}–{b}", row.name)
            });
        }
    }
    if parts.is_empty() {
        "no hole".to_string()
    } else {
        parts.join(", ")
    }
}

/// A region seen from each team, in words.
pub(crate) fn describe_team_cells(ir: &Ir, cells: &TeamCells) -> String {
    let a = describe_cells(ir, &cells[TeamId::FIRST]);
    let b = describe_cells(ir, &cells[TeamId::SECOND]);
    if a == b {
        a
    } else {
        format!(
            "{a} (for {}) / {b} (for {})",
            ir.team_of(TeamId::FIRST).name,
            ir.team_of(TeamId::SECOND).name
        )
    }
}

/// A condition in words.
pub(crate) fn describe_cond(ir: &Ir, c: &Cond) -> String {
    match c {
        Cond::Const(true) => "always (by the readings in force)".into(),
        Cond::Const(false) => "never (by the readings in force)".into(),
        Cond::Not(inner) => format!("not ({})", describe_cond(ir, inner)),
        Cond::FirstOfTurn => "first throw of the seat's turn".into(),
        Cond::FirstOfTeamTurn => "first throw of the team's turn".into(),
        Cond::FirstOfGame => "first throw of the game".into(),
        Cond::AllOwnReleased => "all own pieces released".into(),
        Cond::AllReleased => "all pieces released".into(),
        Cond::ReleasedCount { opposing, cmp, n } => format!(
            "{} pieces released {} {n}",
            if *opposing { "opposing" } else { "own" },
            cmp.as_str()
        ),
        Cond::BorneCount { opposing, cmp, n } => format!(
            "{} pieces borne off {} {n}",
            if *opposing { "opposing" } else { "own" },
            cmp.as_str()
        ),
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
            "every hole of {} has been landed on by the team",
            describe_team_cells(ir, cells)
        ),
        Cond::Once { when, .. } => format!("once ({})", describe_conds(ir, when)),
        Cond::Count(lhs, cmp, rhs) => {
            let count = |c: &Counted| {
                format!(
                    "{} pieces in {}",
                    if c.opposing { "opposing" } else { "own" },
                    describe_team_cells(ir, &c.cells)
                )
            };
            let rhs = match rhs {
                CountRhs::Num(n) => n.to_string(),
                CountRhs::Count(c) => count(c),
            };
            format!("{} {} {rhs}", count(lhs), cmp.as_str())
        }
        Cond::AllOwnIn(cells) => {
            format!("all own pieces in {}", describe_team_cells(ir, cells))
        }
    }
}

/// Conditions joined by `and`.
pub(crate) fn describe_conds(ir: &Ir, cs: &[Cond]) -> String {
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

/// Writes a study output (shard, report) with [`crate::files::write_atomic`].
pub fn write_file(path: &Path, contents: &str) -> Result<(), crate::files::WriteError> {
    crate::files::write_atomic(path, contents.as_bytes())
}
