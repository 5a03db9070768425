//! `seig play` and `seig replay` at the terminal: their flags, the line mode ([`plain`]) and
//! the full-screen mode ([`tui`]) around a [`Session`].

pub mod board;
pub mod plain;
pub mod replay;
pub mod term;
pub mod tui;

use super::Choices;
use super::error::{CliError, Status};
use crate::engine::{Game, Stage, State};
use crate::lang::ir::{RuleIx, TeamId};
use crate::lang::lower::Selection;
use crate::tools::agents::Budget;
use crate::tools::analysis;
use crate::tools::play::{Seats, Session};
use crate::tools::record::{self, Record};
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// `seig play`: play a variant against people or the computer.
#[derive(clap::Args, Debug, Clone)]
pub struct PlayArgs {
    /// Rule file.
    pub file: PathBuf,
    #[command(flatten)]
    pub choices: Choices,
    /// Who plays a team: `--seat TEAM=human|random|greedy|expectimax|mcts`, or one seat of
    /// it with `TEAM.SEAT=…` (repeatable). Default: the first team human, the other the
    /// strongest computer player.
    #[arg(long = "seat", value_name = "TEAM=PLAYER")]
    pub seats: Vec<String>,
    /// Seed of the throws (default: from the clock, and printed).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Line mode on standard input and output (for scripts, screen readers and tests).
    #[arg(long)]
    pub plain: bool,
    /// Continue a saved game.
    #[arg(long, value_name = "RECORD")]
    pub load: Option<PathBuf>,
    /// How hard the computer thinks: 1 is the default, 2 examines twice as many positions.
    /// (From 0.01 to 100.)
    #[arg(long, default_value_t = 1.0, value_parser = super::parse_budget)]
    pub budget: f64,
    /// Seat turns after which the computer stops playing (a game between computers may not end).
    #[arg(long, default_value_t = crate::tools::driver::MAX_TURNS)]
    pub max_turns: u32,
    /// Play your throws and the moves you have no choice about by themselves (the key `a`
    /// switches this in the full-screen game).
    #[arg(long)]
    pub auto: bool,
}

/// `seig replay`: step through a game record.
#[derive(clap::Args, Debug, Clone)]
pub struct ReplayArgs {
    /// The record (JSON, as `save` writes it).
    pub record: PathBuf,
    /// Rule file (default: the one the record names).
    #[arg(long)]
    pub file: Option<PathBuf>,
    /// Line mode on standard input and output.
    #[arg(long)]
    pub plain: bool,
    /// Print the whole game at once (line mode) instead of stepping.
    #[arg(long)]
    pub all: bool,
}

/// A rule as text: `ID (status)` then each citation quoted, one per line, indented.
pub fn rule_text(g: &Game, r: RuleIx, indent: &str) -> String {
    let Some(info) = g.ir().rules.get(r.index()) else {
        return format!("{indent}rule #{}", r.get());
    };
    let mut out = format!("{indent}{} ({})", info.id, info.status.as_str());
    if info.citations.is_empty() {
        out.push_str(&format!("\n{indent}  (no source sentence)"));
    }
    for (src, quote) in &info.citations {
        out.push_str(&format!("\n{indent}  {src}: \"{quote}\""));
    }
    out
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() ^ (d.subsec_nanos() as u64) << 20)
        .unwrap_or(1)
        % 1_000_000
}

/// Loads a rule file: the game and the file's bytes (which a record's hash checks).
fn load_game(path: &Path, sel: &Selection) -> Result<(Game, Vec<u8>), CliError> {
    let l = analysis::load(path, sel)?;
    Ok((Game::new(l.ir), l.text.into_bytes()))
}

/// Builds the session a `play` command asks for, or says why not.
pub fn session_for(args: &PlayArgs) -> Result<Session, CliError> {
    let (game, bytes) = load_game(&args.file, &args.choices.selection())?;
    let mut seats = Seats::parse(&game, &args.seats).map_err(CliError::usage)?;
    let loaded = match &args.load {
        Some(p) => Some(Record::load(p).map_err(CliError::failed)?),
        None => None,
    };
    if let Some(r) = &loaded
        && args.seats.is_empty()
    {
        seats = Seats::from_records(&game, &r.seats);
    }
    let seed = loaded
        .as_ref()
        .map(|r| r.seed)
        .or(args.seed)
        .unwrap_or_else(clock_seed);
    let mut session = Session::new(
        game,
        args.file.clone(),
        bytes,
        seed,
        seats,
        Budget::scaled(args.budget),
    );
    session.max_turns = args.max_turns;
    if let Some(r) = &loaded
        && let Err(e) = session.adopt(r)
    {
        return Err(CliError::failed(format!(
            "cannot continue {}: {e}",
            args.load
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string())
        )));
    }
    Ok(session)
}

/// Writes a line to stderr; a failure to do so is ignored (there is nowhere left to say it).
fn say_err(line: &str) {
    let _ = writeln!(
        crate::cli::out::Escaping(std::io::stderr().lock()),
        "{line}"
    );
}

/// Runs `seig play`; the status is the front end's.
pub fn run(args: PlayArgs) -> Result<Status, CliError> {
    let mut session = session_for(&args)?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    if args.plain || !interactive() {
        if args.seed.is_none() && args.load.is_none() {
            say_err(&format!(
                "seed {} (play this game again with --seed {})",
                session.seed, session.seed
            ));
        }
        let tty = input_is_terminal();
        if tty {
            term::guard_line_mode();
        }
        let opts = plain::Options {
            echo: !tty,
            auto: args.auto,
            tty,
        };
        return plain::run(
            &mut session,
            stdin.lock(),
            crate::cli::out::Escaping(stdout.lock()),
            opts,
        );
    }
    tui::run(session, args.auto)
}

/// Are standard input and output a terminal that can draw the full screen (else the line
/// mode is used)? A terminal whose `TERM` is `dumb`, or unset, cannot.
fn interactive() -> bool {
    use std::io::IsTerminal;
    let term = std::env::var("TERM").unwrap_or_default();
    std::io::stdin().is_terminal()
        && std::io::stdout().is_terminal()
        && !term.is_empty()
        && term != "dumb"
}

/// Is standard input a terminal (what is typed is then shown by the terminal itself, so the
/// line mode does not repeat it)?
fn input_is_terminal() -> bool {
    use std::io::IsTerminal;
    std::io::stdin().is_terminal()
}

/// Runs `seig replay`; the status is the front end's.
pub fn replay(args: ReplayArgs) -> Result<Status, CliError> {
    let r = Record::load(&args.record).map_err(CliError::failed)?;
    let file = args.file.clone().unwrap_or_else(|| PathBuf::from(&r.file));
    // The rule file's bytes are checked against the record's hash before anything of them
    // is parsed or shown: a record may name any file.
    let bytes = match crate::tools::files::read(&file) {
        Ok(b) => b,
        Err(e) if args.file.is_none() => {
            return Err(CliError::failed(format!(
                "{e} (the rule file the record names; name another with --file)"
            )));
        }
        Err(e) => return Err(CliError::Read(e)),
    };
    if let Err(e) = r.check_file(&file.display().to_string(), &bytes) {
        return Err(CliError::failed(format!("{}: {e}", args.record.display())));
    }
    let sel = Selection {
        readings: r
            .readings
            .iter()
            .map(|(a, b)| (a.clone(), b.clone()))
            .collect(),
        params: r.params.iter().map(|(a, b)| (a.clone(), *b)).collect(),
    };
    let game = Game::new(analysis::load_bytes(&file, &bytes, &sel)?.ir);
    let in_record =
        |e: &dyn std::fmt::Display| CliError::failed(format!("{}: {e}", args.record.display()));
    r.check_matches(&game, &bytes).map_err(|e| in_record(&e))?;
    let actions = r.plain_actions();
    let states = record::replay_all(&game, &actions).map_err(|e| in_record(&e))?;
    let seats = Seats::from_records(&game, &r.seats);
    if !args.plain && !args.all && interactive() {
        return replay::run(&game, &actions, &states);
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    plain::replay(
        &game,
        &seats,
        &actions,
        &states,
        args.all,
        !input_is_terminal(),
        stdin.lock(),
        crate::cli::out::Escaping(stdout.lock()),
    )
}

/// Names a team and seat for messages: `south`, or `twigs seat 2` when teams have seats.
pub fn seat_name(g: &Game, team: TeamId, seat: u8) -> String {
    crate::tools::view::seat_words(g.ir(), team, seat)
}

/// The end of a finished game in words (`None` while it goes on): who won, a draw, or a
/// deadlock with its position.
pub fn end_words(g: &Game, s: &State) -> Option<String> {
    match s.stage() {
        Stage::Over(w) => Some(format!("game over: {} won", g.ir().team_of(w).name)),
        Stage::Drawn => Some("game over: drawn".to_string()),
        Stage::Deadlock => Some(format!(
            "game over: deadlock, no throw can give a move or change anything any more ({})",
            g.to_notation(s)
        )),
        Stage::Throw | Stage::Move => None,
    }
}

/// The stage in words: `to throw`, `to throw again`, `to move`, `over`.
pub fn stage_words(s: &State) -> &'static str {
    match s.stage() {
        Stage::Throw if s.again() => "to throw again",
        Stage::Throw => "to throw",
        Stage::Move => "to move",
        Stage::Over(_) | Stage::Drawn | Stage::Deadlock => "over",
    }
}
