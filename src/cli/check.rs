//! `seig check`: every diagnostic of each file, and a count of errors and warnings; with
//! `--probe N`, also N seeded random games and the share of those that never end.

use super::Choices;
use super::error::{CliError, Status, report};
use crate::lang::diag;
use crate::lang::ir::Ir;
use crate::tools::probe::{ProbeReport, probe};
use std::path::PathBuf;

/// The probe's settings (`--probe N --seed S --max-turns T`).
#[derive(Debug, Clone, Copy)]
pub struct Probe {
    /// Games to play.
    pub games: u64,
    /// Study seed.
    pub seed: u64,
    /// Turn cap of each game.
    pub max_turns: u32,
}

/// Runs `seig check`: exit 1 when a file has an error (or, with `deny_warnings`, a
/// warning, including probe games that never end) or cannot be read, 0 otherwise.
pub fn check(
    files: &[PathBuf],
    choices: &Choices,
    deny_warnings: bool,
    probing: Option<Probe>,
) -> Result<Status, CliError> {
    let mut worst = Status::Success;
    for path in files {
        let bytes = match crate::tools::files::read(path) {
            Ok(b) => b,
            // Said now: the other files are still checked.
            Err(e) => {
                worst = worst.max(report(&CliError::Read(e)));
                continue;
            }
        };
        let (text, lowered) = crate::lang::load(&bytes, &choices.selection());
        let name = path.display().to_string();
        let text = text.as_deref().unwrap_or("");
        print!("{}", diag::render(&name, text, &lowered.diagnostics));
        let errors = lowered.diagnostics.iter().filter(|d| d.is_error()).count();
        let mut warnings = lowered.diagnostics.len() - errors;
        if let (Some(p), Some(ir), 0) = (probing, &lowered.ir, errors) {
            let game = crate::engine::Game::new(ir.clone());
            let report = probe(&game, p.seed, p.games, p.max_turns);
            if report.capped > 0 {
                warnings += 1;
                print!("{}", render_probe(&name, text, ir, &report));
            } else {
                println!(
                    "{name}: probe: all {} game(s) ended within {} turns",
                    report.games, report.max_turns
                );
            }
        }
        if errors > 0 || (deny_warnings && warnings > 0) {
            worst = Status::Failure;
        }
        println!("{name}: {errors} error(s), {warnings} warning(s)");
    }
    Ok(worst)
}

/// The probe's warning: the share of games that never ended, then each suspect at the
/// line of its rule.
fn render_probe(name: &str, text: &str, ir: &Ir, r: &ProbeReport) -> String {
    let mut out = format!(
        "warning[probe]: {} of {} random game(s) ({:.1}%, 95% interval [{:.1}, {:.1}]%) did not end within {} turns\n",
        r.capped,
        r.games,
        100.0 * r.capped as f64 / r.games.max(1) as f64,
        100.0 * r.interval.0,
        100.0 * r.interval.1,
        r.max_turns
    );
    for s in &r.suspects {
        let at = match s.origin {
            Some(o) => {
                let id = &ir.rule(o).id;
                let (line, col) = rule_position(text, id);
                format!("{name}:{line}:{col}: rule {id}: ")
            }
            None => format!("{name}: "),
        };
        out.push_str(&format!("  = {at}{}\n", s.message));
    }
    if r.aborted > 0 {
        out.push_str(&format!(
            "  = {} game(s) were aborted by the engine\n",
            r.aborted
        ));
    }
    out.push_str("  = help: a game that does not end within the cap usually has a gate, phase change or win that cannot be met; see the statements above\n");
    out
}

/// Line and column (1-based) of `rule ID` in the text; 1:1 when not found.
fn rule_position(text: &str, id: &str) -> (usize, usize) {
    let needle = format!("rule {id}");
    let at = text.match_indices(&needle).map(|(i, _)| i).find(|&i| {
        text.get(i + needle.len()..)
            .and_then(|rest| rest.chars().next())
            .is_some_and(char::is_whitespace)
    });
    at.map_or((1, 1), |i| {
        let before = text.get(..i).unwrap_or("");
        let line = before.matches('\n').count() + 1;
        let col = before.rfind('\n').map_or(i, |n| i - n - 1) + 1;
        (line, col)
    })
}
