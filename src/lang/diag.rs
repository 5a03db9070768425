//! Diagnostics: located messages with a label, a help line and notes, rendered with the
//! offending source line underlined.

use codespan_reporting::diagnostic::{Diagnostic as CsDiag, Label};
use codespan_reporting::files::SimpleFile;
use codespan_reporting::term::{self, Config};
use serde::Serialize;

/// A byte range in the rule file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A "did you mean" help line for `word` among `candidates`.
pub fn suggest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<String> {
    candidates
        .into_iter()
        .map(|c| {
            (
                strsim::damerau_levenshtein(&word.to_lowercase(), &c.to_lowercase()),
                c,
            )
        })
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min_by_key(|(d, _)| *d)
        .map(|(_, c)| format!("did you mean `{c}`?"))
}

/// How bad a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The file cannot be used.
    Error,
    /// Usable, but probably not meant.
    Warning,
}

/// One located message.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// What is wrong, in one line.
    pub message: String,
    /// Where in the file (`None` for problems with the command line).
    pub span: Option<Span>,
    /// Short text under the span (what was expected).
    pub label: String,
    /// A fix, where one is obvious.
    pub help: Option<String>,
    /// Extra lines.
    pub notes: Vec<String>,
    /// Other places that explain this one (an earlier declaration, an unclosed `{`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub secondary: Vec<(Span, String)>,
}

impl Diagnostic {
    /// An error at `span`.
    pub fn error(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Error,
            message: message.into(),
            span: Some(span),
            label: label.into(),
            help: None,
            notes: Vec::new(),
            secondary: Vec::new(),
        }
    }

    /// A warning at `span`.
    pub fn warning(span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(span, message, label)
        }
    }

    /// An error that belongs to no place in the file (a bad command-line option).
    pub fn global(message: impl Into<String>) -> Self {
        Diagnostic {
            span: None,
            ..Diagnostic::error(Span::default(), message, "")
        }
    }

    /// Adds a help line.
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Adds a note.
    pub fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Points at another place, e.g. where a name was first declared.
    pub fn with_secondary(mut self, span: Span, label: impl Into<String>) -> Self {
        self.secondary.push((span, label.into()));
        self
    }

    /// Is this an error?
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Renders diagnostics for one file as plain text (no colours), in the order given.
pub fn render(file_name: &str, text: &str, diags: &[Diagnostic]) -> String {
    let file = SimpleFile::new(file_name, text);
    let config = Config::default();
    let mut out = String::new();
    for d in diags {
        let clamp = |sp: Span| {
            let start = sp.start.min(text.len());
            start..sp.end.clamp(start, text.len())
        };
        let mut labels = match d.span {
            Some(sp) => vec![Label::primary((), clamp(sp)).with_message(&d.label)],
            None => Vec::new(),
        };
        if d.span.is_some() {
            labels.extend(
                d.secondary
                    .iter()
                    .map(|(sp, l)| Label::secondary((), clamp(*sp)).with_message(l)),
            );
        }
        let base = match d.severity {
            Severity::Error => CsDiag::error(),
            Severity::Warning => CsDiag::warning(),
        };
        let mut notes = Vec::new();
        if let Some(h) = &d.help {
            notes.push(format!("help: {h}"));
        }
        notes.extend(d.notes.iter().cloned());
        let cs = base
            .with_message(&d.message)
            .with_labels(labels)
            .with_notes(notes);
        // Writing to an in-memory buffer cannot fail except on a bad span, which we clamp.
        let _ = term::emit_to_string(&mut out, &config, &file, &cs);
    }
    out
}

/// Line and column (1-based) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text.as_bytes()[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let col = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, col)
}
