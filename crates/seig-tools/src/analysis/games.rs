//! `simulate --games FILE`: one line per game of a study, for analysis elsewhere (R,
//! pandas): its index, the study seed it was played from, how it ended (winner, timeout,
//! aborted), its length, what it took, and the rule and phase that ended it. JSON lines
//! (`.jsonl`) or CSV (`.csv`), chosen by the file's extension.

use super::metrics::GameBrief;
use seig_lang::ir::{Ir, TeamId};
use serde::Serialize;
use std::path::Path;

/// One game of a study.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct GameLine {
    /// Game index in the study (game `i` is played from `Streams::for_game(seed, i)`).
    pub index: u64,
    /// The study's seed.
    pub seed: u64,
    /// `won`, `drawn`, `deadlock` (nothing could change any more), `timeout` (stopped by the
    /// turn cap) or `aborted` (the engine could not go on).
    pub outcome: &'static str,
    /// The winning team, if one won.
    pub winner: Option<String>,
    /// Seat turns played.
    pub turns: u32,
    /// Throws made.
    pub throws: u64,
    /// Landing captures (removing the piece or sending it home).
    pub captures: u32,
    /// Pieces removed by a throw's effect (not captures).
    pub removals: u32,
    /// Pieces sent home (a landing capture that sends home counts among the captures too).
    pub send_homes: u32,
    /// The rule that ended it (a win's), by ID.
    pub ending_rule: Option<String>,
    /// The phase it ended in.
    pub ending_phase: String,
}

/// The lines of games `first..` of a study with seed `seed`, from their briefs.
pub fn game_lines(ir: &Ir, seed: u64, first: u64, briefs: &[GameBrief]) -> Vec<GameLine> {
    briefs
        .iter()
        .enumerate()
        .map(|(i, b)| GameLine {
            index: first + i as u64,
            seed,
            outcome: b.outcome(),
            winner: b
                .winner
                .map(|t| ir.team_of(TeamId::new(t as usize)).name.clone()),
            turns: b.turns,
            throws: b.throws,
            captures: b.captures,
            removals: b.removals,
            send_homes: b.send_homes,
            ending_rule: b
                .ended_by
                .filter(|_| b.winner.is_some())
                .and_then(|r| ir.rules.get(r.index()))
                .map(|r| r.id.clone()),
            ending_phase: ir
                .phases
                .value
                .get(b.phase.index())
                .cloned()
                .unwrap_or_default(),
        })
        .collect()
}

/// How the games are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GamesFormat {
    /// One JSON object per line.
    JsonLines,
    /// A header line, then one comma-separated line per game.
    Csv,
}

/// A games file whose extension names no format ([`format_of`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "--games {}: name a .jsonl or a .csv file (the extension chooses the format)",
    .0.display()
)]
pub struct UnknownFormat(pub std::path::PathBuf);

/// The format a file's extension asks for: `.jsonl` (or `.json`, `.ndjson`) or `.csv`.
pub fn format_of(path: &Path) -> Result<GamesFormat, UnknownFormat> {
    match path.extension().and_then(|e| e.to_str()) {
        Some("jsonl" | "ndjson" | "json") => Ok(GamesFormat::JsonLines),
        Some("csv") => Ok(GamesFormat::Csv),
        _ => Err(UnknownFormat(path.to_path_buf())),
    }
}

/// The games in the format (the header too, for CSV): an error, never an empty line, for a
/// game that cannot be written as JSON.
pub fn render(lines: &[GameLine], format: GamesFormat) -> std::io::Result<String> {
    let mut o = Vec::new();
    write_header(format, &mut o)?;
    write_lines(lines, format, &mut o)?;
    // Every cell is built from Rust strings: the bytes are UTF-8.
    Ok(String::from_utf8_lossy(&o).into_owned())
}

/// Writes what comes before the games: CSV's header line (nothing for JSON lines).
pub fn write_header(format: GamesFormat, w: &mut dyn std::io::Write) -> std::io::Result<()> {
    match format {
        GamesFormat::JsonLines => Ok(()),
        GamesFormat::Csv => w.write_all(
            b"index,seed,outcome,winner,turns,throws,captures,removals,send_homes,ending_rule,ending_phase\n",
        ),
    }
}

/// Writes the games' lines in the format, as [`render`] shows them (after the header), so
/// that a study can write its games as it plays them. A game that cannot be written as JSON
/// is an error (of kind `InvalidData`), never an empty line.
pub fn write_lines(
    lines: &[GameLine],
    format: GamesFormat,
    w: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    for l in lines {
        let line = match format {
            GamesFormat::JsonLines => serde_json::to_string(l)
                .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidData, e))?,
            GamesFormat::Csv => [
                l.index.to_string(),
                l.seed.to_string(),
                l.outcome.to_string(),
                csv_cell(l.winner.as_deref().unwrap_or("")),
                l.turns.to_string(),
                l.throws.to_string(),
                l.captures.to_string(),
                l.removals.to_string(),
                l.send_homes.to_string(),
                csv_cell(l.ending_rule.as_deref().unwrap_or("")),
                csv_cell(&l.ending_phase),
            ]
            .join(","),
        };
        w.write_all(line.as_bytes())?;
        w.write_all(b"\n")?;
    }
    Ok(())
}

/// A CSV field, quoted when it holds a comma, quote or line break (RFC 4180).
fn csv_cell(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}
