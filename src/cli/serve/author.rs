//! The authoring requests: the offered files with their readings and parameters, and the
//! check of edited text (`seig check`'s diagnostics, as many as it shows, located by line
//! and column in one pass over the text, and the generated rulebook when the text makes a
//! variant).

use super::{App, Choices, Fail, Reply, parse};
use crate::lang::diag::{self, Diagnostic, Severity};
use crate::lang::ir::{ParamInfo, ReadingInfo};
use crate::lang::lower::Selection;
use crate::tools::analysis::{Loaded, rulebook::rulebook};
use serde::{Deserialize, Serialize};

/// A file as the page lists it.
#[derive(Serialize)]
struct FileInfo {
    index: usize,
    path: String,
    /// The game's title, when the file loads under its defaults.
    game: Option<String>,
    teams: Vec<String>,
    readings: Vec<ReadingInfo>,
    params: Vec<ParamInfo>,
    text: String,
}

/// `GET /api/files`: each offered file, its text, readings and parameters.
pub fn files(app: &App) -> Reply {
    let list: Vec<FileInfo> = app
        .files
        .iter()
        .enumerate()
        .map(|(index, f)| {
            let (_, lowered) = crate::lang::load(f.text.as_bytes(), &Selection::default());
            let ir = lowered.ir;
            FileInfo {
                index,
                path: f.path.display().to_string(),
                game: ir.as_ref().map(|i| i.game.clone()),
                teams: ir
                    .as_ref()
                    .map(|i| i.teams.iter().map(|t| t.name.clone()).collect())
                    .unwrap_or_default(),
                readings: ir.as_ref().map(|i| i.readings.clone()).unwrap_or_default(),
                params: ir.map(|i| i.params).unwrap_or_default(),
                text: f.text.clone(),
            }
        })
        .collect();
    Reply::json(&list)
}

/// A diagnostic located for the editor.
#[derive(Serialize)]
struct Located {
    severity: &'static str,
    code: &'static str,
    message: String,
    label: String,
    help: Option<String>,
    notes: Vec<String>,
    /// 1-based line and column of the start (`None`: about the choices, not the text).
    line: Option<usize>,
    col: Option<usize>,
    end_line: Option<usize>,
    end_col: Option<usize>,
}

fn locate(text: &str, lines: &diag::LineIndex, d: &Diagnostic) -> Located {
    let start = d.span.map(|s| lines.line_col(text, s.start));
    let end = d.span.map(|s| lines.line_col(text, s.end.max(s.start)));
    Located {
        severity: match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
        },
        code: d.code.as_str(),
        message: d.message.clone(),
        label: d.label.clone(),
        help: d.help.clone(),
        notes: d.notes.clone(),
        line: start.map(|x| x.0),
        col: start.map(|x| x.1),
        end_line: end.map(|x| x.0),
        end_col: end.map(|x| x.1),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckReq {
    /// The offered file the text is an edit of (names it in the rendered diagnostics).
    file: usize,
    text: String,
    #[serde(default)]
    choices: Choices,
}

/// Diagnostics of one code left out of the answer.
#[derive(Serialize)]
struct More {
    code: &'static str,
    count: usize,
}

#[derive(Serialize)]
struct CheckReply {
    /// The diagnostics `seig check` shows (the same caps: [`diag::shown`]).
    diagnostics: Vec<Located>,
    /// Per code, how many more there are.
    more: Vec<More>,
    errors: usize,
    warnings: usize,
    /// As `seig check` prints them.
    rendered: String,
    /// The rulebook, when the text makes a variant.
    rulebook: Option<String>,
    readings: Vec<ReadingInfo>,
    params: Vec<ParamInfo>,
}

/// `POST /api/check`: the diagnostics of the text under the choices, and its rulebook.
pub fn check(app: &App, body: &[u8]) -> Result<Reply, Fail> {
    let req: CheckReq = parse(body)?;
    let f = app.file(req.file)?;
    let (text, lowered) = crate::lang::load(req.text.as_bytes(), &req.choices.selection());
    let text = text.unwrap_or_default();
    let name = f.path.display().to_string();
    let errors = lowered.diagnostics.iter().filter(|d| d.is_error()).count();
    let rendered = diag::render(&name, &text, &lowered.diagnostics);
    let picked = diag::shown(&text, &lowered.diagnostics);
    let lines = diag::LineIndex::new(&text);
    let diagnostics = picked
        .shown
        .iter()
        .map(|d| locate(&text, &lines, d))
        .collect();
    let more = picked
        .more
        .into_iter()
        .map(|(code, count)| More { code, count })
        .collect();
    let warnings = lowered.diagnostics.len() - errors;
    let (readings, params) = lowered
        .ir
        .as_ref()
        .map(|i| (i.readings.clone(), i.params.clone()))
        .unwrap_or_default();
    let book = match lowered.ir {
        Some(ir) if errors == 0 => Some(rulebook(&Loaded {
            path: f.path.clone(),
            hash: crate::tools::files::sha256_hex(text.as_bytes()),
            text: text.clone(),
            ir,
        })),
        _ => None,
    };
    Ok(Reply::json(&CheckReply {
        diagnostics,
        more,
        errors,
        warnings,
        rendered,
        rulebook: book,
        readings,
        params,
    }))
}
