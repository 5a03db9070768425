//! Game records: one JSON object naming the rule file (path and SHA-256 of its bytes), the
//! readings and parameters in force, the seed, the seats, and every throw and decision in
//! order. A record replays exactly: each action is re-applied by the engine, and an action
//! the engine refuses is reported, never trusted.
//!
//! ```json
//! {
//!   "format": "seig-record", "version": 1,
//!   "game": "…", "file": "rules/….seig", "sha256": "9f2c…",
//!   "readings": { "A-X-1": "option" }, "params": { "holes": 12 },
//!   "seed": 7,
//!   "seats": [ { "team": "…", "seat": 1, "player": "human" }, … ],
//!   "actions": [
//!     { "action": "throw", "k": 3, "value": 3 },
//!     { "action": "move", "piece": 2, "mask": 1, "capture": false, "notation": "3:3 a.1>a.4" }
//!   ]
//! }
//! ```
//! `k` is the count of sticks showing the first face; `piece` is 0-based; `mask` names the
//! pool entries used (bit i = entry i). `value` and `notation` are for readers and ignored
//! on loading. Records are written atomically ([`crate::files::write_atomic`]).

use crate::agents::AgentKind;
use seig_engine::{Decision, Game, Observer, Refusal, RefusalKind, State};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The `format` field of every record.
pub(crate) const FORMAT: &str = "seig-record";
/// The record version this build writes and reads.
pub(crate) const VERSION: u32 = 1;
/// Largest record accepted.
pub(crate) const MAX_RECORD_BYTES: u64 = 64 * 1024 * 1024;

/// Who plays a seat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRecord {
    /// Team name.
    pub team: String,
    /// Seat within the team, from 1.
    pub seat: u8,
    /// Player kind.
    pub player: AgentKind,
}

/// One action of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum Action {
    /// A throw: `k` sticks show the first face.
    Throw {
        /// Count of sticks showing the first face.
        k: u8,
    },
    /// A decision.
    Move {
        /// Piece, 0-based.
        piece: u8,
        /// Pool entries used.
        mask: u64,
        /// Takes the opposing piece(s) there.
        capture: bool,
        /// The entry hole chosen ([`Decision::entry`]; absent when 0).
        #[serde(default, skip_serializing_if = "is_zero")]
        entry: u8,
    },
}

/// Serde's test for an unchosen entry hole.
fn is_zero(v: &u8) -> bool {
    *v == 0
}

impl Action {
    /// The decision of a move.
    pub fn decision(d: Decision) -> Action {
        Action::Move {
            piece: d.piece,
            mask: d.mask,
            capture: d.capture,
            entry: d.entry,
        }
    }

    /// The decision of a move (`None` for a throw).
    pub fn as_decision(&self) -> Option<Decision> {
        match *self {
            Action::Throw { .. } => None,
            Action::Move {
                piece,
                mask,
                capture,
                entry,
            } => Some(Decision {
                piece,
                mask,
                capture,
                entry,
            }),
        }
    }

    /// Applies the action to a state.
    pub fn apply(&self, g: &Game, s: &mut State, obs: &mut impl Observer) -> Result<(), Refusal> {
        match *self {
            Action::Throw { k } => g.apply_throw(s, k, obs),
            Action::Move { .. } => match self.as_decision() {
                Some(d) => g.apply_decision(s, d, obs),
                None => Err(Refusal::fact(RefusalKind::NoSuchEntries)),
            },
        }
    }

    /// A short description against the state before the action (`throw 3`, `move 3:4 a.1>a.5`).
    pub fn describe(&self, g: &Game, before: &State) -> String {
        match *self {
            Action::Throw { k } => crate::words::throw(g, before, k),
            Action::Move { .. } => match self.as_decision() {
                Some(d) => format!("move {}", g.describe_decision(before, d)),
                None => "move (a mask no decision holds)".to_string(),
            },
        }
    }
}

/// An action as written in a record, with fields for readers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedAction {
    /// The action.
    #[serde(flatten)]
    pub action: Action,
    /// The throw's value (for readers; ignored on loading).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u8>,
    /// The move in notation (for readers; ignored on loading).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
}

/// A whole game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Always `FORMAT`.
    pub format: String,
    /// `VERSION`.
    pub version: u32,
    /// The variant's title.
    pub game: String,
    /// The rule file as it was named.
    pub file: String,
    /// SHA-256 of the rule file's bytes, lower-case hex.
    pub sha256: String,
    /// Every reading with the option in force.
    pub readings: BTreeMap<String, String>,
    /// Every parameter with its value.
    pub params: BTreeMap<String, i64>,
    /// Seed of the throws.
    pub seed: u64,
    /// Who played each seat.
    pub seats: Vec<SeatRecord>,
    /// Every throw and decision, in order.
    pub actions: Vec<RecordedAction>,
}

/// The driver's hook that writes a game down: every throw and decision of a driven game
/// ([`crate::driver::play`]), in order, for [`Record::set_actions`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Recorder {
    /// The actions so far.
    pub actions: Vec<Action>,
}

impl crate::driver::Hooks for Recorder {
    fn throw(&mut self, _g: &Game, _s: &State, k: u8) {
        self.actions.push(Action::Throw { k });
    }
    fn decision(&mut self, _g: &Game, _s: &State, _legal: &[Decision], d: Decision) {
        self.actions.push(Action::decision(d));
    }
}

/// What went wrong with a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordErrorKind {
    /// The file could not be read or written.
    Io,
    /// The file is empty or ends before the JSON does.
    Truncated,
    /// Not JSON.
    Corrupt,
    /// JSON, but not a seig record.
    Foreign,
    /// A seig record with missing or ill-typed fields, or of a newer version.
    Damaged,
    /// Made with a different rule file, readings or parameters.
    Mismatch,
    /// An action the engine refuses.
    Illegal,
}

/// A record problem with a message for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// What kind of problem.
    pub kind: RecordErrorKind,
    /// What is wrong, in a sentence or two.
    pub message: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RecordError {}

fn rerr(kind: RecordErrorKind, message: impl Into<String>) -> RecordError {
    RecordError {
        kind,
        message: message.into(),
    }
}

pub use crate::files::sha256_hex;

/// The readings in force, by ID.
pub fn readings_of(g: &Game) -> BTreeMap<String, String> {
    g.ir()
        .readings
        .iter()
        .filter_map(|r| Some((r.id.clone(), r.options.get(r.chosen)?.0.clone())))
        .collect()
}

/// The parameters in force, by name.
pub(crate) fn params_of(g: &Game) -> BTreeMap<String, i64> {
    g.ir()
        .params
        .iter()
        .map(|p| (p.name.clone(), p.value))
        .collect()
}

impl Record {
    /// An empty record of a game about to start.
    pub fn new(
        g: &Game,
        file: &Path,
        file_bytes: &[u8],
        seed: u64,
        seats: Vec<SeatRecord>,
    ) -> Record {
        Record {
            format: FORMAT.into(),
            version: VERSION,
            game: g.ir().game.clone(),
            file: file.display().to_string(),
            sha256: sha256_hex(file_bytes),
            readings: readings_of(g),
            params: params_of(g),
            seed,
            seats,
            actions: Vec::new(),
        }
    }

    /// Sets the actions, with the readers' fields filled in from a replay.
    pub fn set_actions(&mut self, g: &Game, actions: &[Action]) {
        let mut s = g.initial_state();
        self.actions.clear();
        for a in actions {
            let (value, notation) = match *a {
                Action::Throw { k } => {
                    let n = g.sticks_for(&s);
                    let v = g.ir().sticks.value.value.throw_value(
                        g.ir().team_of(s.team()).colour_face(),
                        k.min(n),
                        n,
                    );
                    (Some(v), None)
                }
                Action::Move { .. } => (None, a.as_decision().map(|d| g.describe_decision(&s, d))),
            };
            let _ = a.apply(g, &mut s, &mut seig_engine::Quiet);
            self.actions.push(RecordedAction {
                action: *a,
                value,
                notation,
            });
        }
    }

    /// The bare actions.
    pub fn plain_actions(&self) -> Vec<Action> {
        self.actions.iter().map(|a| a.action).collect()
    }

    /// The record as pretty JSON, or why it cannot be written (never an empty text).
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        Ok(serde_json::to_string_pretty(self)? + "\n")
    }

    /// Parses a record; `name` names it in messages.
    pub fn from_json(name: &str, bytes: &[u8]) -> Result<Record, RecordError> {
        if bytes.iter().all(|b| b.is_ascii_whitespace()) {
            return Err(rerr(
                RecordErrorKind::Truncated,
                format!("{name} is empty: it is not a game record (was it written completely?)"),
            ));
        }
        let value: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| {
            if e.is_eof() {
                rerr(
                    RecordErrorKind::Truncated,
                    format!(
                        "{name} is truncated: its JSON ends early (line {}, column {}); the record was not completely written",
                        e.line(),
                        e.column()
                    ),
                )
            } else {
                rerr(
                    RecordErrorKind::Corrupt,
                    format!(
                        "{name} is not a game record: it is not valid JSON (line {}, column {}: {})",
                        e.line(),
                        e.column(),
                        json_reason(&e)
                    ),
                )
            }
        })?;
        let format = value.get("format").and_then(|f| f.as_str());
        if format != Some(FORMAT) {
            let what = match &value {
                serde_json::Value::Object(_) => match format {
                    Some(f) => format!("its format is `{}`", printable(f)),
                    None => "it has no `format` field".to_string(),
                },
                other => format!("it is a JSON {}, not an object", json_kind(other)),
            };
            return Err(rerr(
                RecordErrorKind::Foreign,
                format!(
                    "{name} is JSON but not a seig game record: {what} (a record has \"format\": \"{FORMAT}\")"
                ),
            ));
        }
        let version = value.get("version").and_then(|v| v.as_u64());
        match version {
            Some(v) if v > VERSION as u64 => {
                return Err(rerr(
                    RecordErrorKind::Damaged,
                    format!(
                        "{name} is a record of version {v}, written by a newer seig; this one reads version {VERSION}"
                    ),
                ));
            }
            _ => {}
        }
        serde_json::from_value(value).map_err(|e| {
            rerr(
                RecordErrorKind::Damaged,
                format!(
                    "{name} is a damaged game record: {}",
                    printable(&e.to_string())
                ),
            )
        })
    }

    /// Loads a record from a file.
    pub fn load(path: &Path) -> Result<Record, RecordError> {
        let name = path.display().to_string();
        use crate::files::{ReadError, read_limited};
        let bytes = read_limited(path, MAX_RECORD_BYTES).map_err(|e| match e {
            ReadError::Io(_, e) => io_error("read", &name, &e),
            ReadError::NotRegular(_, what) => rerr(
                RecordErrorKind::Io,
                format!("cannot read record {name}: it is {what}, not a regular file"),
            ),
            ReadError::TooLarge(_, limit) => rerr(
                RecordErrorKind::Io,
                format!(
                    "{name} is larger than {limit} bytes; records are limited to {limit} bytes"
                ),
            ),
        })?;
        Record::from_json(&name, &bytes)
    }

    /// Writes the record atomically ([`crate::files::write_atomic`]): on failure
    /// nothing is left half-written.
    pub fn save(&self, path: &Path) -> Result<(), RecordError> {
        let name = path.display().to_string();
        let text = self
            .to_json()
            .map_err(|e| io_error("write", &name, &std::io::Error::from(e)))?;
        crate::files::write_atomic(path, text.as_bytes())
            .map_err(|e| io_error("write", &name, &e.error))
    }

    /// Refuses a rule file whose bytes are not the ones the record was made with; `name`
    /// names the file loaded. Nothing of the file is parsed or shown: only its hash.
    pub fn check_file(&self, name: &str, file_bytes: &[u8]) -> Result<(), RecordError> {
        let sha = sha256_hex(file_bytes);
        if sha == self.sha256 {
            return Ok(());
        }
        let (file, want) = (printable(&self.file), printable(&self.sha256));
        let whose = if name == self.file {
            format!(
                "this record belongs to another version of {file} (the record has SHA-256 {want}; the file now has SHA-256 {sha})"
            )
        } else {
            format!("this record belongs to {file} (SHA-256 {want}), not to {name} (SHA-256 {sha})")
        };
        Err(rerr(RecordErrorKind::Mismatch, whose))
    }

    /// Refuses a record made with another rule file, other readings or other parameters than
    /// the game loaded from `file_bytes` (a different file is said alone: its readings
    /// would differ anyway).
    pub fn check_matches(&self, g: &Game, file_bytes: &[u8]) -> Result<(), RecordError> {
        self.check_file("the rule file loaded", file_bytes)?;
        let mut problems = Vec::new();
        let here = readings_of(g);
        let mut fix = Vec::new();
        let mut diffs = Vec::new();
        for (id, opt) in &self.readings {
            let (id, opt) = (&printable(id), &printable(opt));
            match here.get(id) {
                Some(o) if o == opt => {}
                Some(o) => {
                    diffs.push(format!("{id}={opt} in the record, {id}={o} here"));
                    fix.push(format!("--reading {id}={opt}"));
                }
                None => diffs.push(format!("{id}={opt} in the record, no such reading here")),
            }
        }
        for id in here.keys().filter(|id| !self.readings.contains_key(*id)) {
            diffs.push(format!("{id} is not in the record"));
        }
        if !diffs.is_empty() {
            problems.push(format!(
                "it was made with different readings: {}",
                diffs.join("; ")
            ));
        }
        let here = params_of(g);
        let mut diffs = Vec::new();
        for (name, v) in &self.params {
            let name = &printable(name);
            match here.get(name) {
                Some(h) if h == v => {}
                Some(h) => {
                    diffs.push(format!("{name}={v} in the record, {name}={h} here"));
                    fix.push(format!("--param {name}={v}"));
                }
                None => diffs.push(format!("{name}={v} in the record, no such parameter here")),
            }
        }
        for name in here.keys().filter(|n| !self.params.contains_key(*n)) {
            diffs.push(format!("{name} is not in the record"));
        }
        if !diffs.is_empty() {
            problems.push(format!(
                "it was made with different parameters: {}",
                diffs.join("; ")
            ));
        }
        if problems.is_empty() {
            return Ok(());
        }
        let mut m = format!(
            "this record does not belong to this game: {}",
            problems.join("; ")
        );
        if !fix.is_empty() {
            m.push_str(&format!(" (to continue it, add {})", fix.join(" ")));
        }
        Err(rerr(RecordErrorKind::Mismatch, m))
    }

    /// The position after the record's actions.
    pub fn replay(&self, g: &Game) -> Result<State, RecordError> {
        replay(g, &self.plain_actions())
    }
}

/// The position after `actions` from the start; an action the engine refuses is an error
/// naming it (its number from 1) and the rule that forbids it.
pub fn replay(g: &Game, actions: &[Action]) -> Result<State, RecordError> {
    let mut s = g.initial_state();
    for (i, a) in actions.iter().enumerate() {
        let before = s.clone();
        if let Err(r) = a.apply(g, &mut s, &mut seig_engine::Quiet) {
            return Err(illegal(g, &before, i, a, &r));
        }
    }
    Ok(s)
}

/// Every position of a replay: the start, then the one after each action.
pub fn replay_all(g: &Game, actions: &[Action]) -> Result<Vec<State>, RecordError> {
    let mut s = g.initial_state();
    let mut out = Vec::with_capacity(actions.len() + 1);
    out.push(s.clone());
    for (i, a) in actions.iter().enumerate() {
        let before = s.clone();
        if let Err(r) = a.apply(g, &mut s, &mut seig_engine::Quiet) {
            return Err(illegal(g, &before, i, a, &r));
        }
        out.push(s.clone());
    }
    Ok(out)
}

fn illegal(g: &Game, before: &State, i: usize, a: &Action, r: &Refusal) -> RecordError {
    let what = match *a {
        Action::Throw { k } => format!("a throw with {k} of face `{}`", g.ir().sticks.faces[0]),
        Action::Move { piece, mask, .. } => match a.as_decision() {
            Some(d) => format!("the move {}", g.decision_notation(before, d)),
            None => format!(
                "a move of piece {} with pool entries {mask:#x}",
                piece as usize + 1
            ),
        },
    };
    rerr(
        RecordErrorKind::Illegal,
        format!(
            "action {} of the record, {what}, is not legal there: {}",
            i + 1,
            crate::words::refusal::line(g.ir(), r)
        ),
    )
}

fn io_error(verb: &str, name: &str, e: &std::io::Error) -> RecordError {
    // An error the writer made itself (`get_ref`) already says what is wrong.
    let why = match e.kind() {
        _ if e.get_ref().is_some() => e.to_string(),
        std::io::ErrorKind::NotFound if verb == "read" => "no such file".to_string(),
        std::io::ErrorKind::NotFound => "no such folder".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    };
    rerr(
        RecordErrorKind::Io,
        format!("cannot {verb} record {name}: {why}"),
    )
}

/// A string from a record as it may be shown on a terminal: escaped
/// ([`crate::terminal::escape`]), and cut at 200 characters.
fn printable(s: &str) -> String {
    let cut: String = s.chars().take(200).collect();
    let mut out = crate::terminal::escape(&cut).into_owned();
    if s.chars().nth(200).is_some() {
        out.push('…');
    }
    out
}

fn json_reason(e: &serde_json::Error) -> String {
    // serde_json appends " at line L column C"; the caller already says where.
    let s = e.to_string();
    match s.rfind(" at line ") {
        Some(i) => s[..i].to_string(),
        None => s,
    }
}

fn json_kind(v: &serde_json::Value) -> &'static str {
    match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "boolean",
        serde_json::Value::Number(_) => "number",
        serde_json::Value::String(_) => "string",
        serde_json::Value::Array(_) => "array",
        serde_json::Value::Object(_) => "object",
    }
}
