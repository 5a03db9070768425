//! `seig coverage`, `seig explain` and `seig rules`: their flags, and the printing and exit
//! codes around the analysis tools.

use super::error::{CliError, Status};
use super::{Choices, load};
use crate::engine::Game;
use crate::tools::analysis::{coverage, explain, rulebook};
use crate::tools::words;
use std::path::PathBuf;

/// Arguments of `seig coverage`.
#[derive(clap::Args, Debug, Clone)]
pub struct CoverageArgs {
    /// Rule file.
    pub file: PathBuf,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// A source's text, to find its sentences the file neither cites nor sets aside:
    /// `--text KEY=../shared/sources/FILE.txt` (repeatable; one
    /// text may serve several sources).
    #[arg(long = "text", value_name = "KEY=PATH", value_parser = parse_text_arg)]
    pub texts: Vec<(String, PathBuf)>,
    #[command(flatten)]
    pub choices: Choices,
}

fn parse_text_arg(s: &str) -> Result<(String, PathBuf), String> {
    match s.split_once('=') {
        Some((k, p)) if !k.trim().is_empty() && !p.trim().is_empty() => {
            Ok((k.trim().to_string(), PathBuf::from(p.trim())))
        }
        _ => Err(format!(
            "expected KEY=PATH (e.g. smith=sources/smith-1900.txt), got `{s}`"
        )),
    }
}

/// Runs `seig coverage`; exit 1 when a sentence is neither cited nor set aside (or a
/// quote is not in its text), 0 otherwise.
pub fn run_coverage(args: &CoverageArgs) -> Result<Status, CliError> {
    let l = load(&args.file, &args.choices.selection())?;
    let mut texts = Vec::new();
    for (key, path) in &args.texts {
        let bytes = crate::tools::files::read(path).map_err(CliError::ReadArgument)?;
        let t = String::from_utf8(bytes)
            .map_err(|_| CliError::usage(format!("{} is not UTF-8 text", path.display())))?;
        texts.push((key.clone(), path.display().to_string(), t));
    }
    let c = coverage::coverage(&l, &texts);
    if args.json {
        super::out::print_json(&c, true);
    } else {
        print!("{}", coverage::render(&c));
        // The problems are the report's findings (exit 1), not a refusal of the command:
        // they stay on standard output, worded by the one `error: ` line.
        for p in &c.problems {
            println!("{}", super::error::line(p));
        }
    }
    Ok(if c.problems.is_empty() {
        Status::Success
    } else {
        Status::Failure
    })
}

/// Arguments of `seig explain`.
#[derive(clap::Args, Debug, Clone)]
pub struct ExplainArgs {
    /// Rule file.
    pub file: PathBuf,
    /// The position, in position notation (default: the initial position).
    #[arg(long)]
    pub position: Option<String>,
    /// A move to judge (`3:4+3`, `12:r1x`) at a move; a throw's value (`4`) at a throw.
    #[arg(value_name = "MOVE")]
    pub mv: Option<String>,
    /// Apply these actions in order and explain the position after each: at a throw `tV`
    /// (a throw worth V) or `kK` (K sticks showing the first face), at a move a move in
    /// move notation (`--then t4 3:4 t1`).
    #[arg(long, num_args = 1.., value_name = "ACTION", conflicts_with = "mv")]
    pub then: Vec<String>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub choices: Choices,
}

/// Runs `seig explain`: exit 0 (and for a legal move), 1 when the move is refused, 2 when
/// the position or move does not parse or fit the variant.
pub fn run_explain(args: &ExplainArgs) -> Result<Status, CliError> {
    let l = load(&args.file, &args.choices.selection())?;
    let g = Game::new(l.ir);
    let s = match &args.position {
        None => g.initial_state(),
        Some(p) => match g.from_notation_reachable(p) {
            Ok(s) => s,
            Err(e) => {
                let e = words::position::notation_error(g.ir(), &e);
                return Err(CliError::usage(format!("bad --position: {e}")));
            }
        },
    };
    if !args.then.is_empty() {
        return run_then(&g, &s, &args.then, args.json);
    }
    let e = explain::explain(&g, &s, args.mv.as_deref()).map_err(CliError::usage)?;
    if args.json {
        super::out::print_json(&e, true);
    } else {
        print!("{}", explain::render(&e));
    }
    Ok(match &e.verdict {
        Some(v) if !v.legal => Status::Failure,
        _ => Status::Success,
    })
}

/// `seig explain --then`: exit 0 when every action applies, 1 when one is refused (with
/// why), 2 when one does not parse or fit.
fn run_then(
    g: &Game,
    s: &crate::engine::State,
    actions: &[String],
    json: bool,
) -> Result<Status, CliError> {
    match explain::then(g, s, actions) {
        Ok(steps) => {
            if json {
                super::out::print_json(&steps, true);
            } else {
                print!("{}", explain::render_steps(&steps));
            }
            Ok(Status::Success)
        }
        Err(explain::ThenError::Refused {
            index,
            action,
            verdict,
        }) => {
            let mut why = format!(
                "action {index} (`{action}`) is refused: {}",
                verdict.message
            );
            for b in &verdict.because {
                why.push_str(&format!(
                    "\n  because {}{}",
                    b.rule
                        .as_ref()
                        .map_or(String::new(), |r| format!("{}: ", r.id)),
                    b.statement
                ));
            }
            Err(CliError::Failed(why))
        }
        Err(e) => Err(CliError::usage(e)),
    }
}

/// Arguments of `seig rules`.
#[derive(clap::Args, Debug, Clone)]
pub struct RulesArgs {
    /// Rule file.
    pub file: PathBuf,
    #[command(flatten)]
    pub choices: Choices,
}

/// Runs `seig rules`.
pub fn run_rules(args: &RulesArgs) -> Result<Status, CliError> {
    let l = load(&args.file, &args.choices.selection())?;
    print!("{}", rulebook::rulebook(&l));
    Ok(Status::Success)
}
