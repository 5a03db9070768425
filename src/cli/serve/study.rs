//! The study requests: a simulation or a comparison of readings runs on a thread of its
//! own while the page asks how far it has got; when done, the answer holds the same HTML
//! report as `seig simulate --report` (`tools::analysis::report`). Studies are bounded (games,
//! turn cap, arms) and one runs at a time; `POST /api/studies/ID/cancel` stops one (the
//! games under way finish, no other starts, and no figure of the part played is reported).

use super::{App, Choices, Fail, Reply, bad, lock, parse};
use crate::cli::study::parse_players;
use crate::engine::Game;
use crate::tools::agents::AgentKind;
use crate::tools::analysis::compare::{self, Arm, ArmRequest};
use crate::tools::analysis::metrics::{self, Progress};
use crate::tools::analysis::{Loaded, load_text, report};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Most games a study of random or greedy players may ask for (per arm).
const MAX_GAMES: u64 = 20_000;
/// Most games when a searching player (expectimax, MCTS) plays: they think for each move.
const MAX_SEARCH_GAMES: u64 = 200;
/// Most arms of a comparison.
const MAX_ARMS: usize = 8;
/// The label of a comparison's arm [0], the page's choices.
const BASE_ARM: &str = "your choices";
/// Studies kept (the oldest finished ones are dropped).
const KEPT: usize = 8;

/// A study's progress and, when done, its result.
#[derive(Default)]
pub struct Job {
    done: AtomicU64,
    total: AtomicU64,
    arm: Mutex<String>,
    arms_started: AtomicU64,
    arms: u64,
    cancel: AtomicBool,
    result: Mutex<Option<Result<Finished, String>>>,
}

/// A finished study.
#[derive(Clone, Serialize)]
struct Finished {
    /// The HTML report (a whole document).
    report: String,
    /// The metrics or the comparison as text, as the terminal prints them.
    text: String,
}

impl Progress for Job {
    fn arm(&self, label: &str) {
        *lock(&self.arm) = label.to_string();
        self.arms_started.fetch_add(1, Ordering::Relaxed);
    }
    fn tick(&self, done: u64, total: u64, _secs: f64) {
        self.done.store(done, Ordering::Relaxed);
        self.total.store(total, Ordering::Relaxed);
    }
    fn end(&self) {}
    fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }
}

/// Every study, by number.
#[derive(Default)]
pub struct Studies {
    next: u64,
    by_id: BTreeMap<u64, Arc<Job>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct StudyReq {
    file: usize,
    /// Edited text to study instead of the file's (the editor's).
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    choices: Choices,
    games: u64,
    #[serde(default = "one")]
    seed: u64,
    #[serde(default = "random")]
    agents: String,
    #[serde(default = "cap")]
    max_turns: u32,
    /// Arms to compare with the choices, `ID=OPTION[,ID=OPTION…]` each (none: a
    /// simulation); arm [0] is always the choices themselves.
    #[serde(default)]
    arms: Vec<String>,
}

fn one() -> u64 {
    1
}
fn random() -> String {
    "random".into()
}
fn cap() -> u32 {
    crate::tools::driver::MAX_TURNS
}

/// Loads the study's text under a selection; the error is the rendered diagnostics.
fn load(
    text: &str,
    path: &std::path::Path,
    sel: &crate::lang::lower::Selection,
) -> Result<Loaded, String> {
    load_text(text, sel)
        .map(|mut l| {
            l.path = path.to_path_buf();
            l
        })
        .map_err(|e| e.render())
}

/// `POST /api/studies`: starts a study; the answer is its number.
pub fn start(app: &App, body: &[u8]) -> Result<Reply, Fail> {
    let req: StudyReq = parse(body)?;
    let f = app.file(req.file)?;
    let players = parse_players(&req.agents).map_err(bad)?;
    let searching = players
        .kinds
        .iter()
        .any(|k| matches!(k, AgentKind::Expectimax | AgentKind::Mcts));
    let most = if searching {
        MAX_SEARCH_GAMES
    } else {
        MAX_GAMES
    };
    if req.games == 0 || req.games > most {
        return Err(bad(format!(
            "games must be 1 to {most} with these players (got {})",
            req.games
        )));
    }
    if req.max_turns == 0 || req.max_turns > cap() {
        return Err(bad(format!("max_turns must be 1 to {}", cap())));
    }
    if req.arms.len() > MAX_ARMS {
        return Err(bad(format!("at most {MAX_ARMS} arms")));
    }
    let text = req.text.clone().unwrap_or_else(|| f.text.clone());
    let path = f.path.clone();
    let sel = req.choices.selection();
    let base = load(&text, &path, &sel).map_err(bad)?;
    // The arms are made now, so that a bad one is a bad request rather than a failed study.
    let arms = if req.arms.is_empty() {
        Vec::new()
    } else {
        let params: Vec<String> = base.ir.params.iter().map(|p| p.name.clone()).collect();
        let areq = ArmRequest {
            readings: &sel.readings,
            params: &sel.params,
            arms: &req.arms,
            files: 1,
        };
        let mut specs = compare::arm_selections(&areq, &params).map_err(|e| bad(e.to_string()))?;
        // The page's arm [0] is always its choices, whatever the number of arms ticked
        // (`arm_selections` adds it only beside a single arm, under the CLI's label).
        if req.arms.len() > 1 {
            specs.insert(0, (String::new(), sel.clone()));
        }
        if let Some(first) = specs.first_mut() {
            first.0 = BASE_ARM.into();
        }
        compare::build_arms(&[&path], &specs, |_, s| load(&text, &path, s))
            .map_err(|(label, m)| bad(format!("arm {label}: {m}")))?
    };
    let mut studies = lock(&app.studies);
    if studies.by_id.values().any(|j| lock(&j.result).is_none()) {
        return Err((409, "a study is running; wait for it to finish".into()));
    }
    let job = Arc::new(Job {
        arms: arms.len().max(1) as u64,
        total: AtomicU64::new(req.games),
        ..Job::default()
    });
    studies.next += 1;
    let id = studies.next;
    while studies.by_id.len() >= KEPT {
        let Some(&oldest) = studies.by_id.keys().next() else {
            break;
        };
        studies.by_id.remove(&oldest);
    }
    studies.by_id.insert(id, Arc::clone(&job));
    drop(studies);
    let jobs = std::thread::available_parallelism().map_or(1, |n| n.get());
    let worker = Arc::clone(&job);
    let spawned = std::thread::Builder::new()
        .name("seig-study".into())
        .spawn(move || {
            let out = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                run(&worker, &base, &arms, &req, &players, jobs)
            }))
            .unwrap_or_else(|_| Err("the study failed (internal error)".into()));
            let out = if worker.cancelled() {
                Err(format!(
                    "cancelled after {} of {} games",
                    worker.done.load(Ordering::Relaxed),
                    worker.total.load(Ordering::Relaxed)
                ))
            } else {
                out
            };
            *lock(&worker.result) = Some(out);
        });
    // The system may refuse a thread (limits, memory): the study then reports that, where
    // `std::thread::spawn` would have panicked.
    if let Err(e) = spawned {
        *lock(&job.result) = Some(Err(format!("cannot start the study: {e}")));
    }
    Ok(Reply::json(&serde_json::json!({ "id": id })))
}

fn run(
    job: &Job,
    base: &Loaded,
    arms: &[Arm],
    req: &StudyReq,
    players: &metrics::Players,
    jobs: usize,
) -> Result<Finished, String> {
    let study = metrics::Study::new(req.games)
        .seed(req.seed)
        .max_turns(req.max_turns)
        .players(*players)
        .jobs(jobs);
    if arms.is_empty() {
        let g = Game::new(base.ir.clone());
        let m = study
            .metrics(base, &g, Some(job))
            .map_err(|e| e.to_string())?;
        return Ok(Finished {
            report: report::study_report(std::slice::from_ref(&m), None),
            text: metrics::render(&m),
        });
    }
    let c = compare::compare(arms, &study, Some(job)).map_err(|e| e.to_string())?;
    Ok(Finished {
        report: report::study_report(&c.metrics, Some(&c)),
        text: compare::render(&c),
    })
}

fn job(app: &App, id: &str) -> Result<Arc<Job>, Fail> {
    id.parse::<u64>()
        .ok()
        .and_then(|n| lock(&app.studies).by_id.get(&n).cloned())
        .ok_or_else(|| (404, format!("no study `{id}`")))
}

/// `POST /api/studies/ID/cancel`: stops a running study (its games under way finish).
pub fn cancel(app: &App, id: &str) -> Result<Reply, Fail> {
    let job = job(app, id)?;
    let running = lock(&job.result).is_none();
    if running {
        job.cancel.store(true, Ordering::Relaxed);
    }
    Ok(Reply::json(&serde_json::json!({ "cancelled": running })))
}

/// `GET /api/studies/ID`: how far it has got, and the report when done.
pub fn status(app: &App, id: &str) -> Result<Reply, Fail> {
    let job = job(app, id)?;
    let result = lock(&job.result).clone();
    let (state, finished, error) = match result {
        None => ("running", None, None),
        Some(Err(e)) if job.cancelled() => ("cancelled", None, Some(e)),
        Some(Ok(f)) => ("done", Some(f), None),
        Some(Err(e)) => ("failed", None, Some(e)),
    };
    Ok(Reply::json(&serde_json::json!({
        "state": state,
        "done": job.done.load(Ordering::Relaxed),
        "total": job.total.load(Ordering::Relaxed),
        "arm": *lock(&job.arm),
        "arm_number": job.arms_started.load(Ordering::Relaxed),
        "arms": job.arms,
        "report": finished.as_ref().map(|f| f.report.clone()),
        "text": finished.map(|f| f.text),
        "error": error,
    })))
}
