//! `seig coverage`, `seig explain` and `seig rules`: their flags, and the printing and exit
//! codes around the analysis tools.

use super::{Choices, load};
use crate::engine::Game;
use crate::tools::analysis::{coverage, explain, rulebook};
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
pub fn run_coverage(args: &CoverageArgs) -> i32 {
    let l = match load(&args.file, &args.choices.selection()) {
        Ok(l) => l,
        Err(c) => return c,
    };
    let mut texts = Vec::new();
    for (key, path) in &args.texts {
        match crate::tools::files::read(path) {
            Ok(b) => match String::from_utf8(b) {
                Ok(t) => texts.push((key.clone(), path.display().to_string(), t)),
                Err(_) => {
                    eprintln!("error: {} is not UTF-8 text", path.display());
                    return 2;
                }
            },
            Err(m) => {
                eprintln!("error: {m}");
                return 2;
            }
        }
    }
    let c = coverage::coverage(&l, &texts);
    if args.json {
        super::out::print_json(&c, true);
    } else {
        print!("{}", coverage::render(&c));
    }
    if c.problems.is_empty() { 0 } else { 1 }
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
pub fn run_explain(args: &ExplainArgs) -> i32 {
    let l = match load(&args.file, &args.choices.selection()) {
        Ok(l) => l,
        Err(c) => return c,
    };
    let g = Game::new(l.ir);
    let s = match &args.position {
        None => g.initial_state(),
        Some(p) => match g.from_notation(p) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("error: bad --position: {e}");
                return 2;
            }
        },
    };
    if !args.then.is_empty() {
        return run_then(&g, &s, &args.then, args.json);
    }
    match explain::explain(&g, &s, args.mv.as_deref()) {
        Ok(e) => {
            if args.json {
                super::out::print_json(&e, true);
            } else {
                print!("{}", explain::render(&e));
            }
            match &e.verdict {
                Some(v) if !v.legal => 1,
                _ => 0,
            }
        }
        Err(m) => {
            eprintln!("error: {m}");
            2
        }
    }
}

/// `seig explain --then`: exit 0 when every action applies, 1 when one is refused (with
/// why), 2 when one does not parse or fit.
fn run_then(g: &Game, s: &crate::engine::State, actions: &[String], json: bool) -> i32 {
    match explain::then(g, s, actions) {
        Ok(steps) => {
            if json {
                super::out::print_json(&steps, true);
            } else {
                print!("{}", explain::render_steps(&steps));
            }
            0
        }
        Err(explain::ThenError::Refused {
            index,
            action,
            verdict,
        }) => {
            eprintln!(
                "error: action {index} (`{action}`) is refused: {}",
                verdict.message
            );
            let mut why = String::new();
            for b in &verdict.because {
                why.push_str(&format!(
                    "  because {}{}\n",
                    b.rule
                        .as_ref()
                        .map_or(String::new(), |r| format!("{}: ", r.id)),
                    b.statement
                ));
            }
            eprint!("{why}");
            1
        }
        Err(e) => {
            eprintln!("error: {e}");
            2
        }
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
pub fn run_rules(args: &RulesArgs) -> i32 {
    match load(&args.file, &args.choices.selection()) {
        Ok(l) => {
            print!("{}", rulebook::rulebook(&l));
            0
        }
        Err(c) => c,
    }
}
