//! `seig play` and `seig replay` at the terminal: their flags, the line mode ([`plain`]) and
//! the full-screen mode ([`tui`]) around a [`Session`].

pub mod board;
pub mod plain;
pub mod term;
pub mod tui;

use super::Choices;
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
    let Some(info) = g.ir().rules.get(r as usize) else {
        return format!("{indent}rule #{r}");
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

/// Loads a rule file: the game and the file's bytes (which a record's hash checks), or
/// writes the diagnostics to `err` and gives the exit code.
fn load_game(
    path: &Path,
    sel: &Selection,
    err: &mut dyn std::io::Write,
) -> Result<(Game, Vec<u8>), i32> {
    match analysis::load(path, sel) {
        Ok(l) => Ok((Game::new(l.ir), l.text.into_bytes())),
        Err(e) => {
            let _ = write!(err, "{}", crate::cli::load_error_text(&e));
            Err(1)
        }
    }
}

/// Builds the session a `play` command asks for, or writes why not to `err` and gives the
/// exit code.
pub fn session_for(args: &PlayArgs, err: &mut dyn std::io::Write) -> Result<Session, i32> {
    let (game, bytes) = load_game(&args.file, &args.choices.selection(), err)?;
    let mut seats = match Seats::parse(&game, &args.seats) {
        Ok(s) => s,
        Err(m) => {
            let _ = writeln!(err, "error: {m}");
            return Err(2);
        }
    };
    let loaded = match &args.load {
        Some(p) => match Record::load(p) {
            Ok(r) => Some(r),
            Err(e) => {
                let _ = writeln!(err, "error: {e}");
                return Err(1);
            }
        },
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
        let _ = writeln!(
            err,
            "error: cannot continue {}: {e}",
            args.load
                .as_ref()
                .map_or(String::new(), |p| p.display().to_string())
        );
        return Err(1);
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

/// Runs `seig play`; returns the exit code.
pub fn run(args: PlayArgs) -> i32 {
    let mut stderr = crate::cli::out::Escaping(std::io::stderr());
    let mut session = match session_for(&args, &mut stderr) {
        Ok(s) => s,
        Err(c) => return c,
    };
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

/// Runs `seig replay`; returns the exit code.
pub fn replay(args: ReplayArgs) -> i32 {
    let r = match Record::load(&args.record) {
        Ok(r) => r,
        Err(e) => {
            say_err(&format!("error: {e}"));
            return 1;
        }
    };
    let file = args.file.clone().unwrap_or_else(|| PathBuf::from(&r.file));
    // The rule file's bytes are checked against the record's hash before anything of them
    // is parsed or shown: a record may name any file.
    let bytes = match crate::tools::files::read(&file) {
        Ok(b) => b,
        Err(e) if args.file.is_none() => {
            eprintln!("error: {e} (the rule file the record names; name another with --file)");
            return 1;
        }
        Err(e) => {
            eprintln!("error: {e}");
            return 1;
        }
    };
    if let Err(e) = r.check_file(&file.display().to_string(), &bytes) {
        eprintln!("error: {}: {e}", args.record.display());
        return 1;
    }
    let sel = Selection {
        readings: r
            .readings
            .iter()
            .map(|(a, b)| (a.clone(), b.clone()))
            .collect(),
        params: r.params.iter().map(|(a, b)| (a.clone(), *b)).collect(),
    };
    let game = match analysis::load_bytes(&file, &bytes, &sel) {
        Ok(l) => Game::new(l.ir),
        Err(e) => {
            eprint!("{}", crate::cli::load_error_text(&e));
            return 1;
        }
    };
    if let Err(e) = r.check_matches(&game, &bytes) {
        say_err(&format!("error: {}: {e}", args.record.display()));
        return 1;
    }
    let actions = r.plain_actions();
    let states = match record::replay_all(&game, &actions) {
        Ok(s) => s,
        Err(e) => {
            say_err(&format!("error: {}: {e}", args.record.display()));
            return 1;
        }
    };
    let seats = Seats::from_records(&game, &r.seats);
    if !args.plain && !args.all && interactive() {
        return tui::replay(&game, &actions, &states);
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
    let name = &g.ir().team_of(team).name;
    if g.ir().seats > 1 {
        format!("{name} seat {}", seat + 1)
    } else {
        name.clone()
    }
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
