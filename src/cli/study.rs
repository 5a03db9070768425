//! `seig simulate`, `seig merge` and `seig compare`: the study flags, the progress bar, and
//! the printing, files and exit codes around the study tools.

use super::error::{CliError, Status};
use super::{Choices, load};
use crate::engine::Game;
use crate::lang::lower::Selection;
use crate::tools::agents::{AgentKind, Budget};
use crate::tools::analysis::compare::{self, ArmRequest};
use crate::tools::analysis::metrics::{
    self, Metrics, Players, Progress, SHARD_FORMAT, ShardFile, luck, merge_shards, shard_range,
};
use crate::tools::analysis::{games, report, write_file};
use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;

/// The progress bar on standard error: `[#####.....] 120/1000 games, 3s`, one line
/// redrawn in place; the arm's label on a line of its own before each arm of a comparison.
struct Bar;

impl Progress for Bar {
    fn arm(&self, label: &str) {
        eprintln!("{label}");
    }
    fn tick(&self, done: u64, total: u64, secs: f64) {
        let width = 30;
        let filled = (done * width / total.max(1)) as usize;
        // Raw: the carriage return that redraws the line is the bar's own.
        super::out::write_raw(
            true,
            &format!(
                "\r[{}{}] {done}/{total} games, {secs:.0}s ",
                "#".repeat(filled),
                ".".repeat(width as usize - filled.min(width as usize)),
            ),
        );
    }
    fn end(&self) {
        eprintln!();
    }
}

/// The options every study shares (`seig simulate`, `seig compare`).
#[derive(clap::Args, Debug, Clone)]
pub struct StudyArgs {
    /// Number of games (per arm, when comparing).
    #[arg(short = 'n', long = "count", default_value_t = 1000)]
    pub games: u64,
    /// Seed of the study (the same for every arm, when comparing).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Seat turns after which a game is stopped (a timeout, not a draw).
    #[arg(long, default_value_t = crate::tools::driver::MAX_TURNS)]
    pub max_turns: u32,
    /// Worker threads (results do not depend on it), 1 to 256; default: all cores.
    #[arg(long, value_parser = super::parse_jobs)]
    pub jobs: Option<usize>,
    /// Agents of the two teams, `A,B` or one for both: random, greedy, expectimax, mcts.
    #[arg(long, default_value = "random")]
    pub agents: String,
    /// Write a self-contained HTML report.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

impl StudyArgs {
    /// Worker threads: `--jobs`, or all cores.
    pub fn threads(&self) -> usize {
        self.jobs
            .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
            .clamp(1, crate::tools::driver::MAX_JOBS)
    }

    /// Draw a progress bar (not asked to be quiet, and standard error is a terminal)?
    pub fn progress(&self) -> bool {
        !self.quiet && std::io::stderr().is_terminal()
    }

    /// The progress bar, when one is drawn.
    fn bar(&self) -> Option<&'static dyn Progress> {
        self.progress().then_some(&Bar as &dyn Progress)
    }

    /// The study these options ask for, with these players.
    fn spec(&self, players: &metrics::Players) -> metrics::Study {
        metrics::Study::new(self.games)
            .seed(self.seed)
            .max_turns(self.max_turns)
            .players(*players)
            .jobs(self.threads())
    }
}

/// Arguments of `seig simulate` with metrics.
#[derive(clap::Args, Debug, Clone)]
pub struct SimulateArgs {
    /// Rule file.
    pub file: PathBuf,
    #[command(flatten)]
    pub study: StudyArgs,
    /// Play only shard K of N of the study's games (`--shard 2/4`); write the shard with
    /// `--out` and join the shards with `seig merge`.
    #[arg(long, value_name = "K/N", value_parser = parse_shard)]
    pub shard: Option<(u64, u64)>,
    /// Write the study's raw counts (for `seig merge`) to this file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Also measure the luck share: this many games of `--luck-agent` against random
    /// play (0: not measured).
    #[arg(long, default_value_t = 0)]
    pub luck_games: u64,
    /// The strong agent of the luck measure.
    #[arg(long, default_value = "greedy", value_parser = parse_computer)]
    pub luck_agent: AgentKind,
    /// Add speed figures: playouts and actions per second (they vary from run to run).
    #[arg(long)]
    pub timing: bool,
    /// Write one line per game (index, seed, outcome, winner, turns, throws, captures,
    /// removals, send-homes, ending rule and phase) to this file: JSON lines for `.jsonl`,
    /// CSV for `.csv`.
    #[arg(long = "games", value_name = "FILE")]
    pub games_out: Option<PathBuf>,
    /// Also count, at every decision position, the moves each rule refuses (a move: a live
    /// piece with one throw in hand), shown beside the firing counts. Slower: every
    /// refusal is explained as `explain` does.
    #[arg(long)]
    pub refusals: bool,
    #[command(flatten)]
    pub choices: Choices,
}

/// Parses `--agents`.
pub fn parse_players(s: &str) -> Result<Players, String> {
    let parts: Vec<&str> = s.split(',').collect();
    let kinds = match parts.as_slice() {
        [a] => {
            let k = AgentKind::parse(a).map_err(|e| e.to_string())?;
            [k, k]
        }
        [a, b] => [
            AgentKind::parse(a).map_err(|e| e.to_string())?,
            AgentKind::parse(b).map_err(|e| e.to_string())?,
        ],
        _ => return Err(format!("--agents is A or A,B, got `{s}`")),
    };
    if kinds.contains(&AgentKind::Human) {
        return Err("a study needs computer players, not `human`".into());
    }
    Ok(Players {
        kinds,
        budget: Budget::default(),
    })
}

/// `K/N`: shard K (1-based) of N.
pub fn parse_shard(s: &str) -> Result<(u64, u64), String> {
    let (k, n) = s
        .split_once('/')
        .ok_or_else(|| format!("a shard is K/N (e.g. 2/8), got `{s}`"))?;
    let k: u64 = k
        .trim()
        .parse()
        .map_err(|_| format!("`{k}` is not a number (in `{s}`)"))?;
    let n: u64 = n
        .trim()
        .parse()
        .map_err(|_| format!("`{n}` is not a number (in `{s}`)"))?;
    if n == 0 || k == 0 || k > n {
        return Err(format!(
            "shard {k}/{n} is out of range: K must be 1..=N and N at least 1"
        ));
    }
    Ok((k, n))
}

/// Refuses outputs that would replace an input or each other
/// ([`crate::tools::files::refuse_replacing_inputs`]): a usage error.
fn refuse_replacing(
    outputs: &[(&str, Option<&PathBuf>)],
    inputs: &[PathBuf],
) -> Result<(), CliError> {
    let outputs: Vec<(&str, &std::path::Path)> = outputs
        .iter()
        .filter_map(|(flag, p)| p.map(|p| (*flag, p.as_path())))
        .collect();
    let inputs: Vec<&std::path::Path> = inputs.iter().map(PathBuf::as_path).collect();
    crate::tools::files::refuse_replacing_inputs(&outputs, &inputs).map_err(CliError::usage)
}

/// Runs `seig simulate` with metrics.
pub fn run_simulate(args: &SimulateArgs) -> Result<Status, CliError> {
    let st = &args.study;
    refuse_replacing(
        &[
            ("--out", args.out.as_ref()),
            ("--report", st.report.as_ref()),
            ("--games", args.games_out.as_ref()),
        ],
        std::slice::from_ref(&args.file),
    )?;
    let players = parse_players(&st.agents).map_err(CliError::Usage)?;
    let games_format = args
        .games_out
        .as_deref()
        .map(games::format_of)
        .transpose()
        .map_err(CliError::usage)?;
    let l = load(&args.file, &args.choices.selection())?;
    let g = Game::new(l.ir.clone());
    let jobs = st.threads();
    let range = args.shard.map(|(k, n)| shard_range(st.games, k, n));
    let started = std::time::Instant::now();
    let spec = st.spec(&players).range(range).refusals(args.refusals);
    let study = |sink: Option<metrics::GameSink<'_>>| {
        let m = match sink {
            Some(sink) => spec.run_streaming(&l, &g, st.bar(), sink)?,
            None => Some(spec.metrics(&l, &g, st.bar())?),
        };
        let Some(mut m) = m else {
            return Ok(None);
        };
        if args.luck_games > 0 {
            let lk = luck(
                &g,
                args.luck_agent,
                args.luck_games,
                st.seed,
                st.max_turns,
                jobs,
            )?;
            m.luck = Some(lk);
        }
        Ok(Some(m))
    };
    let m = match (&args.games_out, games_format) {
        (Some(path), Some(format)) => {
            match simulate_writing_games(path, format, &l.ir, st.seed, study)? {
                Some(m) => m,
                None => return Ok(Status::Failure),
            }
        }
        _ => match study(None).map_err(CliError::failed)? {
            Some(m) => m,
            None => return Ok(Status::Failure),
        },
    };
    let timing = args.timing.then(|| {
        let secs = started.elapsed().as_secs_f64().max(1e-9);
        let games = (m.range.1 - m.range.0) as f64;
        let actions = m.throws.mean * games + m.decision_moves.n as f64;
        Timing {
            playouts_per_sec: games / secs,
            actions_per_sec: actions / secs,
            jobs,
            seconds: secs,
        }
    });
    finish(&m, st.json, args.out.as_ref(), st.report.as_ref(), timing)
}

/// Runs `study` with a sink that writes each game's line to `path` as it is played (through
/// the atomic writer: the file is whole or not written); says how many games it wrote, or
/// gives why not (`None`: the study stopped and said why).
fn simulate_writing_games(
    path: &std::path::Path,
    format: games::GamesFormat,
    ir: &crate::lang::ir::Ir,
    seed: u64,
    study: impl FnOnce(
        Option<metrics::GameSink<'_>>,
    ) -> Result<Option<Metrics>, crate::tools::driver::WorkerPanic>,
) -> Result<Option<Metrics>, CliError> {
    let mut studied = None;
    let mut lines = 0u64;
    let written = crate::tools::files::write_atomic_with(path, |w| {
        games::write_header(format, w)?;
        let mut failed = None;
        let mut sink = |first: u64, briefs: &[metrics::GameBrief]| {
            let block = games::game_lines(ir, seed, first, briefs);
            lines += block.len() as u64;
            match games::write_lines(&block, format, w) {
                Ok(()) => true,
                Err(e) => {
                    failed = Some(e);
                    false
                }
            }
        };
        let r = study(Some(&mut sink));
        if let Some(e) = failed {
            return Err(e);
        }
        match r {
            Ok(m) => {
                studied = m;
                Ok(())
            }
            // The study's own error is said below; this only stops the write.
            Err(e) => {
                studied = None;
                Err(std::io::Error::other(StudyFailed(e.to_string())))
            }
        }
    });
    match (written, studied) {
        (Ok(()), Some(m)) => {
            eprintln!("wrote {lines} game(s) to {}", path.display());
            Ok(Some(m))
        }
        (Err(e), _) => Err(
            match e
                .error
                .get_ref()
                .and_then(|x| x.downcast_ref::<StudyFailed>())
            {
                Some(StudyFailed(m)) => CliError::Failed(m.clone()),
                None => CliError::Write(e),
            },
        ),
        (Ok(()), None) => Ok(None),
    }
}

/// A study that failed while its games were being written (the write is abandoned).
#[derive(Debug)]
struct StudyFailed(String);

impl std::fmt::Display for StudyFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StudyFailed {}

/// Speed of a study (not part of its results: it varies from run to run).
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct Timing {
    /// Games per second.
    pub playouts_per_sec: f64,
    /// Throws plus decisions per second.
    pub actions_per_sec: f64,
    /// Worker threads.
    pub jobs: usize,
    /// Wall time.
    pub seconds: f64,
}

fn finish(
    m: &Metrics,
    json: bool,
    out: Option<&PathBuf>,
    report: Option<&PathBuf>,
    timing: Option<Timing>,
) -> Result<Status, CliError> {
    if let Some(path) = out {
        let shard = ShardFile {
            format: SHARD_FORMAT.into(),
            study: m.study.clone(),
            range: m.range,
            acc: m.acc.clone(),
        };
        let text = crate::cli::out::json(&shard, false);
        write_file(path, &text)?;
    }
    if let Some(path) = report {
        let html = report::study_report(std::slice::from_ref(m), None);
        write_file(path, &html)?;
        eprintln!("wrote the report to {}", path.display());
    }
    if json {
        let mut v = crate::cli::out::json_value(m);
        if let Some(o) = v.as_object_mut() {
            o.remove("acc");
            // The summary every study reports, at the top level.
            let summary = serde_json::json!({
                "games": m.range.1 - m.range.0,
                "completed": m.completion.k,
                "wins": m.wins.iter().map(|w| (w.team.clone(), w.of_all.k)).collect::<BTreeMap<_, _>>(),
                "turns_mean": m.turns.mean,
                "turns_median": m.turns.median,
                "seed": m.study.seed,
                "readings": m.study.readings,
            });
            if let Some(s) = summary.as_object() {
                for (k, val) in s {
                    o.insert(k.clone(), val.clone());
                }
            }
            if let Some(t) = timing {
                o.insert("playouts_per_sec".into(), t.playouts_per_sec.into());
                o.insert("actions_per_sec".into(), t.actions_per_sec.into());
                o.insert("jobs".into(), t.jobs.into());
            }
        }
        super::out::print_json(&v, true);
    } else {
        print!("{}", metrics::render(m));
        if let Some(t) = timing {
            println!(
                "speed: {:.0} playouts/s, {:.0} actions/s on {} job(s) ({:.2} s)",
                t.playouts_per_sec, t.actions_per_sec, t.jobs, t.seconds
            );
        }
    }
    Ok(Status::Success)
}

/// Arguments of `seig merge`.
#[derive(clap::Args, Debug, Clone)]
pub struct MergeArgs {
    /// Shard files written by `seig simulate --shard K/N --out FILE`.
    #[arg(required = true)]
    pub shards: Vec<PathBuf>,
    /// Write the merged raw counts to this file.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write a self-contained HTML report.
    #[arg(long, value_name = "FILE")]
    pub report: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    pub json: bool,
}

/// A computer player's kind (the luck measure plays games without a person).
fn parse_computer(s: &str) -> Result<AgentKind, String> {
    let k = AgentKind::parse(s).map_err(|e| e.to_string())?;
    if k.is_computer() {
        Ok(k)
    } else {
        Err(format!(
            "`{s}` is not a computer player; the luck measure needs one"
        ))
    }
}

/// Runs `seig merge`.
pub fn run_merge(args: &MergeArgs) -> Result<Status, CliError> {
    refuse_replacing(
        &[
            ("--out", args.out.as_ref()),
            ("--report", args.report.as_ref()),
        ],
        &args.shards,
    )?;
    let mut shards = Vec::new();
    for p in &args.shards {
        let bytes = crate::tools::files::read(p).map_err(CliError::ReadArgument)?;
        let text = String::from_utf8_lossy(&bytes);
        let shard = serde_json::from_str::<ShardFile>(&text)
            .map_err(|e| CliError::usage(format!("{} is not a study shard: {e}", p.display())))?;
        shards.push(shard);
    }
    let m = merge_shards(&shards).map_err(CliError::usage)?;
    finish(&m, args.json, args.out.as_ref(), args.report.as_ref(), None)
}

/// Arguments of `seig compare`.
#[derive(clap::Args, Debug, Clone)]
pub struct CompareArgs {
    /// Rule file(s): one, with readings to compare, or several files to compare.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// An arm to compare, as `ID=OPTION[,ID=OPTION…]` (params as `name=VALUE`); repeatable.
    /// Without `--arm`, a reading given twice with `--reading` makes one arm per option.
    #[arg(long = "arm", value_name = "CHOICES")]
    pub arms: Vec<String>,
    /// Every option of every reading against the defaults, one reading at a time (one file;
    /// readings given with `--reading` stay fixed in every arm).
    #[arg(long, conflicts_with = "arms")]
    pub each_reading: bool,
    #[command(flatten)]
    pub study: StudyArgs,
    #[command(flatten)]
    pub choices: Choices,
}

/// The arms' selections, from `--arm` or a repeated `--reading`; `params_of_file` names the
/// parameters of the (first) file.
pub fn arm_choices(
    args: &CompareArgs,
    params_of_file: &[String],
) -> Result<Vec<(String, Selection)>, compare::ArmError> {
    let req = ArmRequest {
        readings: &args.choices.readings,
        params: &args.choices.params,
        arms: &args.arms,
        files: args.files.len(),
    };
    compare::arm_selections(&req, params_of_file)
}

/// Runs `seig compare --each-reading`.
fn run_each_reading(args: &CompareArgs, players: &Players) -> Result<Status, CliError> {
    let st = &args.study;
    let [file] = args.files.as_slice() else {
        return Err(CliError::usage("--each-reading studies one rule file"));
    };
    // The library takes words; the load error itself is kept to be reported as such.
    let unloaded = std::cell::RefCell::new(None);
    let load = |sel: &Selection| {
        crate::tools::analysis::load(file, sel).map_err(|e| {
            let m = e.to_string();
            *unloaded.borrow_mut() = Some(e);
            m
        })
    };
    let e = crate::tools::analysis::each::each_reading(
        &load,
        &args.choices.selection(),
        &st.spec(players),
        st.bar(),
    );
    let e = e.map_err(|m| match unloaded.take() {
        Some(l) => CliError::Load(l),
        None => CliError::Failed(m),
    })?;
    if let Some(path) = &st.report {
        write_file(path, &report::each_reading_report(&e))?;
        eprintln!("wrote the report to {}", path.display());
    }
    if st.json {
        let mut v = crate::cli::out::json_value(&e);
        if let Some(o) = v.get_mut("defaults").and_then(|m| m.as_object_mut()) {
            o.remove("acc");
        }
        super::out::print_json(&v, true);
    } else {
        print!("{}", crate::tools::analysis::each::render(&e));
    }
    Ok(Status::Success)
}

/// Runs `seig compare`.
pub fn run_compare(args: &CompareArgs) -> Result<Status, CliError> {
    let st = &args.study;
    refuse_replacing(&[("--report", st.report.as_ref())], &args.files)?;
    let players = parse_players(&st.agents).map_err(CliError::Usage)?;
    if args.each_reading {
        return run_each_reading(args, &players);
    }
    // The first file under no choice tells which names are parameters.
    let Some(first) = args.files.first() else {
        return Err(CliError::usage("no rule file given"));
    };
    let probe = load(first, &Selection::default())?;
    let params: Vec<String> = probe.ir.params.iter().map(|p| p.name.clone()).collect();
    let specs = arm_choices(args, &params).map_err(CliError::usage)?;
    let arms = compare::build_arms(&args.files, &specs, load).map_err(|(_, e)| e)?;
    if arms.len() < 2 {
        return Err(CliError::usage("a comparison needs at least two arms"));
    }
    let c = compare::compare(&arms, &st.spec(&players), st.bar()).map_err(CliError::failed)?;
    if let Some(path) = &st.report {
        let html = report::study_report(&c.metrics, Some(&c));
        write_file(path, &html)?;
        eprintln!("wrote the report to {}", path.display());
    }
    if st.json {
        let mut v = crate::cli::out::json_value(&c);
        if let Some(ms) = v.get_mut("metrics").and_then(|m| m.as_array_mut()) {
            for m in ms {
                if let Some(o) = m.as_object_mut() {
                    o.remove("acc");
                }
            }
        }
        super::out::print_json(&v, true);
    } else {
        print!("{}", compare::render(&c));
    }
    Ok(Status::Success)
}
