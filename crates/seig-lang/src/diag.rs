//! Diagnostics: located messages with a label, a help line and notes, rendered with the
//! offending source line underlined.

use codespan_reporting::diagnostic::{Diagnostic as CsDiag, Label};
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

/// The kind of a diagnostic, as a stable code (`E…` errors, `W…` warnings): codes are never
/// renumbered or reused, so that scripts and documentation can rely on them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Code {
    /// `E001`: The text does not follow the grammar.
    Syntax,
    /// `E002`: A string is never closed.
    UnclosedString,
    /// `E003`: Blocks nest too deep.
    NestingTooDeep,
    /// `E004`: A number does not fit.
    NumberTooLarge,
    /// `E005`: The file is not UTF-8.
    NotUtf8,
    /// `E006`: The file has too many items or statements.
    FileTooLarge,
    /// `E010`: A name that nothing declares.
    UnknownName,
    /// `E011`: A name declared twice.
    Duplicate,
    /// `E012`: A single-valued setting stated twice.
    SetTwice,
    /// `E013`: An `if` tests an option its reading does not have.
    NotAnOption,
    /// `E020`: The file has no rules.
    NoRules,
    /// `E021`: The game is named twice.
    GameNamedTwice,
    /// `E022`: A param's range is empty.
    EmptyRange,
    /// `E023`: A param's default is outside its range.
    DefaultOutOfRange,
    /// `E024`: A reading lists an option twice.
    RepeatedOption,
    /// `E027`: Params' defaults name each other in a circle.
    ParamDefaultCycle,
    /// `E025`: A reading has no default option.
    NoDefaultOption,
    /// `E026`: A reading has more than one default.
    TwoDefaults,
    /// `E030`: The command line chooses a reading the file does not declare.
    UnknownReadingChosen,
    /// `E031`: The command line chooses an option a reading does not have.
    UnknownOptionChosen,
    /// `E032`: The command line sets a param the file does not declare.
    UnknownParamChosen,
    /// `E033`: The command line sets a param outside its range.
    ParamChosenOutOfRange,
    /// `E034`: A param follows another whose value in force is outside its own range.
    FollowedValueOutOfRange,
    /// `E040`: The faces are named twice.
    FacesNamedTwice,
    /// `E041`: Both faces have the same name.
    SameFaceTwice,
    /// `E042`: The throwing order does not list every team.
    IncompleteOrder,
    /// `E043`: The file does not declare exactly two teams.
    NotTwoTeams,
    /// `E050`: A row or kind has a team's name.
    RowNamedLikeTeam,
    /// `E051`: The board has too many holes.
    TooManyHoles,
    /// `E052`: A name is both a row and a kind.
    RowAndKind,
    /// `E053`: The board has no rows.
    NoRows,
    /// `E054`: A team's pieces do not fill its start row one per hole.
    PiecesDoNotFitRow,
    /// `E055`: A team has two tracks.
    TwoTracks,
    /// `E056`: A team has no pieces.
    NoPieces,
    /// `E057`: A team has no track.
    NoTrack,
    /// `E058`: A track walks the same row the same way twice.
    RowWalkedTwice,
    /// `E059`: A track has no such segment.
    NoSuchSegment,
    /// `E060`: A segment name fits more than one segment.
    AmbiguousSegment,
    /// `E061`: A track loops twice.
    LoopsTwice,
    /// `E070`: `value` stands where a fixed number is needed.
    ValueNotANumber,
    /// `E071`: A number is outside what the statement allows.
    OutOfRange,
    /// `E072`: `own`/`opposing` names no row of the team.
    NoOwnedRow,
    /// `E073`: A reference names several rows where one is needed.
    AmbiguousRow,
    /// `E074`: A throw value no throw can give.
    BadThrowValue,
    /// `E080`: A face probability is not strictly between 0 and 1.
    NotAProbability,
    /// `E081`: The sticks' faces are not named.
    FacesNotNamed,
    /// `E082`: The file says nothing of the sticks.
    NoSticks,
    /// `E083`: A throw counts the thrower's colour but a team has none.
    NoColour,
    /// `E090`: The file has no throw table.
    NoThrowTable,
    /// `E091`: A throw that no entry of the table covers.
    UncoveredThrow,
    /// `E092`: Every throw of a phase throws again.
    EndlessTurn,
    /// `E093`: A phase change into the same phase.
    PhaseIntoItself,
    /// `E100`: A draw and a win that hold at once.
    DrawAndWinAtOnce,
    /// `W001`: A throw entry that can never apply.
    EntryNeverApplies,
    /// `W002`: Captures are forbidden somewhere but allowed nowhere.
    CapturesNowhere,
    /// `W003`: A row no piece can reach.
    UnreachableRow,
    /// `W004`: A gate on the first segment of a track.
    GateOnFirstSegment,
    /// `W005`: A reading no `if` tests.
    UnusedReading,
    /// `W006`: The variant has no title.
    NoTitle,
    /// `W007`: A citation quotes nothing.
    EmptyCitation,
    /// `W008`: A reading with a single option.
    NoChoice,
    /// `W009`: A rule that cites no source.
    Uncited,
    /// `E110`: A track's end is said two different ways.
    TrackEndTwice,
    /// `E111`: A capture that removes names where pieces are sent home.
    HomeTargetOnRemove,
    /// `E112`: Two capture statements overlap and neither is more specific.
    CaptureOverlap,
    /// `E113`: More `once` conditions than the state keeps.
    TooManyOnce,
    /// `E114`: A release order by hole for pieces that start off the board.
    ReleaseOrderByHole,
    /// `E115`: Pieces move together as stacks where stacking is forbidden.
    StacksWithoutStacking,
    /// `E120`: One rule's releases name different release orders.
    RuleReleaseOrders,
    /// `E125`: A track's entry is said two different ways.
    TrackEntryTwice,
    /// `E126`: A chosen entry for pieces that start on their track.
    EntryOnTrack,
    /// `E127`: A chosen entry on a track whose first segment has a gate.
    EntryGated,
    /// `E130`: `back along the track` on a track that walks a row both ways.
    BackWalksRowTwice,
    /// `E131`: One rule's releases confine their places to different regions.
    RuleReleaseRegions,
    /// `E140`: `landing on … goes to` names no single hole of the team's track to go to.
    SendOnTarget,
    /// `W020`: No piece can ever leave its start.
    NeverReleased,
    /// `W021`: A win that can never hold.
    WinNeverHolds,
    /// `W022`: A phase that can never be entered.
    PhaseNeverEntered,
    /// `W023`: A gate that can never open.
    GateNeverOpens,
    /// `W024`: A capture statement that never applies.
    CaptureNeverApplies,
    /// `W025`: Holes of a track that no piece of its team can ever reach.
    UnreachableTrackCell,
    /// `W026`: Stacks move together but can form only where no piece moves on.
    StacksNeverMove,
    /// `W027`: A swap capture that can never swap.
    SwapNever,
    /// `W028`: Holes that must be landed on, which no move can walk past.
    MustLandNever,
    /// `W040`: A special hole (`landing on … goes to`) that no track reaches.
    SpecialHoleUnreached,
}

impl Code {
    /// Every code, in code order.
    pub const ALL: &'static [Code] = &[
        Code::Syntax,
        Code::UnclosedString,
        Code::NestingTooDeep,
        Code::NumberTooLarge,
        Code::NotUtf8,
        Code::FileTooLarge,
        Code::UnknownName,
        Code::Duplicate,
        Code::SetTwice,
        Code::NotAnOption,
        Code::NoRules,
        Code::GameNamedTwice,
        Code::EmptyRange,
        Code::DefaultOutOfRange,
        Code::RepeatedOption,
        Code::ParamDefaultCycle,
        Code::NoDefaultOption,
        Code::TwoDefaults,
        Code::UnknownReadingChosen,
        Code::UnknownOptionChosen,
        Code::UnknownParamChosen,
        Code::ParamChosenOutOfRange,
        Code::FollowedValueOutOfRange,
        Code::FacesNamedTwice,
        Code::SameFaceTwice,
        Code::IncompleteOrder,
        Code::NotTwoTeams,
        Code::RowNamedLikeTeam,
        Code::TooManyHoles,
        Code::RowAndKind,
        Code::NoRows,
        Code::PiecesDoNotFitRow,
        Code::TwoTracks,
        Code::NoPieces,
        Code::NoTrack,
        Code::RowWalkedTwice,
        Code::NoSuchSegment,
        Code::AmbiguousSegment,
        Code::LoopsTwice,
        Code::ValueNotANumber,
        Code::OutOfRange,
        Code::NoOwnedRow,
        Code::AmbiguousRow,
        Code::BadThrowValue,
        Code::NotAProbability,
        Code::FacesNotNamed,
        Code::NoSticks,
        Code::NoColour,
        Code::NoThrowTable,
        Code::UncoveredThrow,
        Code::EndlessTurn,
        Code::PhaseIntoItself,
        Code::DrawAndWinAtOnce,
        Code::EntryNeverApplies,
        Code::CapturesNowhere,
        Code::UnreachableRow,
        Code::GateOnFirstSegment,
        Code::UnusedReading,
        Code::NoTitle,
        Code::EmptyCitation,
        Code::NoChoice,
        Code::Uncited,
        Code::TrackEndTwice,
        Code::HomeTargetOnRemove,
        Code::CaptureOverlap,
        Code::TooManyOnce,
        Code::ReleaseOrderByHole,
        Code::StacksWithoutStacking,
        Code::RuleReleaseOrders,
        Code::TrackEntryTwice,
        Code::EntryOnTrack,
        Code::EntryGated,
        Code::BackWalksRowTwice,
        Code::RuleReleaseRegions,
        Code::SendOnTarget,
        Code::NeverReleased,
        Code::WinNeverHolds,
        Code::PhaseNeverEntered,
        Code::GateNeverOpens,
        Code::CaptureNeverApplies,
        Code::UnreachableTrackCell,
        Code::StacksNeverMove,
        Code::SwapNever,
        Code::MustLandNever,
        Code::SpecialHoleUnreached,
    ];

    /// The code as written, e.g. `E010`.
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Syntax => "E001",
            Code::UnclosedString => "E002",
            Code::NestingTooDeep => "E003",
            Code::NumberTooLarge => "E004",
            Code::NotUtf8 => "E005",
            Code::FileTooLarge => "E006",
            Code::UnknownName => "E010",
            Code::Duplicate => "E011",
            Code::SetTwice => "E012",
            Code::NotAnOption => "E013",
            Code::NoRules => "E020",
            Code::GameNamedTwice => "E021",
            Code::EmptyRange => "E022",
            Code::DefaultOutOfRange => "E023",
            Code::RepeatedOption => "E024",
            Code::ParamDefaultCycle => "E027",
            Code::NoDefaultOption => "E025",
            Code::TwoDefaults => "E026",
            Code::UnknownReadingChosen => "E030",
            Code::UnknownOptionChosen => "E031",
            Code::UnknownParamChosen => "E032",
            Code::ParamChosenOutOfRange => "E033",
            Code::FollowedValueOutOfRange => "E034",
            Code::FacesNamedTwice => "E040",
            Code::SameFaceTwice => "E041",
            Code::IncompleteOrder => "E042",
            Code::NotTwoTeams => "E043",
            Code::RowNamedLikeTeam => "E050",
            Code::TooManyHoles => "E051",
            Code::RowAndKind => "E052",
            Code::NoRows => "E053",
            Code::PiecesDoNotFitRow => "E054",
            Code::TwoTracks => "E055",
            Code::NoPieces => "E056",
            Code::NoTrack => "E057",
            Code::RowWalkedTwice => "E058",
            Code::NoSuchSegment => "E059",
            Code::AmbiguousSegment => "E060",
            Code::LoopsTwice => "E061",
            Code::ValueNotANumber => "E070",
            Code::OutOfRange => "E071",
            Code::NoOwnedRow => "E072",
            Code::AmbiguousRow => "E073",
            Code::BadThrowValue => "E074",
            Code::NotAProbability => "E080",
            Code::FacesNotNamed => "E081",
            Code::NoSticks => "E082",
            Code::NoColour => "E083",
            Code::NoThrowTable => "E090",
            Code::UncoveredThrow => "E091",
            Code::EndlessTurn => "E092",
            Code::PhaseIntoItself => "E093",
            Code::DrawAndWinAtOnce => "E100",
            Code::EntryNeverApplies => "W001",
            Code::CapturesNowhere => "W002",
            Code::UnreachableRow => "W003",
            Code::GateOnFirstSegment => "W004",
            Code::UnusedReading => "W005",
            Code::NoTitle => "W006",
            Code::EmptyCitation => "W007",
            Code::NoChoice => "W008",
            Code::Uncited => "W009",
            Code::TrackEndTwice => "E110",
            Code::HomeTargetOnRemove => "E111",
            Code::CaptureOverlap => "E112",
            Code::TooManyOnce => "E113",
            Code::ReleaseOrderByHole => "E114",
            Code::StacksWithoutStacking => "E115",
            Code::RuleReleaseOrders => "E120",
            Code::RuleReleaseRegions => "E131",
            Code::SendOnTarget => "E140",
            Code::TrackEntryTwice => "E125",
            Code::EntryOnTrack => "E126",
            Code::EntryGated => "E127",
            Code::BackWalksRowTwice => "E130",
            Code::NeverReleased => "W020",
            Code::WinNeverHolds => "W021",
            Code::PhaseNeverEntered => "W022",
            Code::GateNeverOpens => "W023",
            Code::CaptureNeverApplies => "W024",
            Code::UnreachableTrackCell => "W025",
            Code::StacksNeverMove => "W026",
            Code::SwapNever => "W027",
            Code::MustLandNever => "W028",
            Code::SpecialHoleUnreached => "W040",
        }
    }

    /// Is it a warning's code (else an error's)?
    pub fn is_warning(self) -> bool {
        self.as_str().starts_with('W')
    }
}

impl Serialize for Code {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
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
    /// Its kind, as a stable code.
    pub code: Code,
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
    /// An error of kind `code` at `span`.
    pub fn error(
        code: Code,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
    ) -> Self {
        debug_assert!(!code.is_warning(), "{code:?} is a warning's code");
        Diagnostic {
            severity: Severity::Error,
            code,
            message: message.into(),
            span: Some(span),
            label: label.into(),
            help: None,
            notes: Vec::new(),
            secondary: Vec::new(),
        }
    }

    /// A warning of kind `code` at `span`.
    pub fn warning(
        code: Code,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
    ) -> Self {
        debug_assert!(code.is_warning(), "{code:?} is an error's code");
        Diagnostic {
            severity: Severity::Warning,
            code,
            message: message.into(),
            span: Some(span),
            label: label.into(),
            help: None,
            notes: Vec::new(),
            secondary: Vec::new(),
        }
    }

    /// An error that belongs to no place in the file (a bad command-line option).
    pub fn global(code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            span: None,
            ..Diagnostic::error(code, Span::default(), message, "")
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

/// Diagnostics of one code shown per file; the rest are counted ("and N more like this").
pub const MAX_SHOWN_PER_CODE: usize = 10;
/// Diagnostics shown per file in all.
pub const MAX_SHOWN: usize = 100;
/// Bytes of a long source line shown around a diagnostic's span (either side).
const LINE_WINDOW: usize = 120;

/// The diagnostics a front end shows of one file, in the order given, and how many of
/// each code it leaves out: exact repeats once, at most [`MAX_SHOWN_PER_CODE`] of one code
/// and [`MAX_SHOWN`] in all. `seig check` ([`render`]) and the web page both show these.
pub struct Shown<'a> {
    /// The diagnostics shown.
    pub shown: Vec<&'a Diagnostic>,
    /// Code → how many more of it are left out (codes with none left out are absent).
    pub more: std::collections::BTreeMap<&'static str, usize>,
}

/// Picks the diagnostics shown of a file of `text` (see [`Shown`]); linear in their number.
pub fn shown<'a>(text: &str, diags: &'a [Diagnostic]) -> Shown<'a> {
    let mut seen = std::collections::HashSet::new();
    let mut per_code: std::collections::BTreeMap<&'static str, (usize, usize)> =
        std::collections::BTreeMap::new();
    let mut out = Vec::new();
    for d in diags {
        if !seen.insert((
            d.code.as_str(),
            d.span.map(|sp| clamp(text, sp)),
            d.message.as_str(),
        )) {
            continue;
        }
        let count = per_code.entry(d.code.as_str()).or_default();
        if count.0 >= MAX_SHOWN_PER_CODE || out.len() >= MAX_SHOWN {
            count.1 += 1;
            continue;
        }
        count.0 += 1;
        out.push(d);
    }
    Shown {
        shown: out,
        more: per_code
            .into_iter()
            .filter(|(_, (_, more))| *more > 0)
            .map(|(code, (_, more))| (code, more))
            .collect(),
    }
}

/// A span cut to the text.
fn clamp(text: &str, sp: Span) -> std::ops::Range<usize> {
    let start = sp.start.min(text.len());
    start..sp.end.clamp(start, text.len())
}

/// Renders diagnostics for one file as plain text (no colours), in the order given.
///
/// Bounded whatever the file: the diagnostics [`shown`] picks, then one line per code
/// saying how many more there are; a long source line is shown only around the span. The
/// output is linear in the file's size, not in (diagnostics × line length).
pub fn render(file_name: &str, text: &str, diags: &[Diagnostic]) -> String {
    let starts: Vec<usize> = codespan_reporting::files::line_starts(text).collect();
    let config = Config::default();
    let mut out = String::new();
    let picked = shown(text, diags);
    for d in &picked.shown {
        let mut labels = match d.span {
            Some(sp) => vec![Label::primary((), clamp(text, sp)).with_message(&d.label)],
            None => Vec::new(),
        };
        if d.span.is_some() {
            labels.extend(
                d.secondary
                    .iter()
                    .map(|(sp, l)| Label::secondary((), clamp(text, *sp)).with_message(l)),
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
        let file = Windowed::new(file_name, text, &starts, &labels);
        let cs = base
            .with_code(d.code.as_str())
            .with_message(&d.message)
            .with_labels(labels)
            .with_notes(notes);
        // Writing to an in-memory buffer cannot fail except on a bad span, which we clamp.
        let _ = term::emit_to_string(&mut out, &config, &file, &cs);
    }
    for (code, more) in picked.more {
        out.push_str(&format!(
            "note: and {more} more like this ({code}) in {file_name}\n"
        ));
    }
    out
}

/// The starts of a text's lines, to locate many offsets at the cost of one pass over the
/// text (where [`line_col`] walks the text before each offset).
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    /// The index of `text`.
    pub fn new(text: &str) -> LineIndex {
        LineIndex {
            starts: codespan_reporting::files::line_starts(text).collect(),
        }
    }

    /// Line and column (1-based, the column in characters) of a byte offset of `text`, the
    /// text the index was made of: as [`line_col`], in the time of the line's length.
    pub fn line_col(&self, text: &str, offset: usize) -> (usize, usize) {
        let offset = offset.min(text.len());
        let line = self
            .starts
            .partition_point(|&s| s <= offset)
            .saturating_sub(1);
        let start = self.starts.get(line).copied().unwrap_or(0).min(offset);
        let col = String::from_utf8_lossy(text.as_bytes().get(start..offset).unwrap_or_default())
            .chars()
            .count()
            + 1;
        (line + 1, col)
    }
}

/// The file as one diagnostic shows it: the source line of its labels cut to a window
/// around them when long, with the columns of the whole line.
struct Windowed<'a> {
    name: &'a str,
    text: &'a str,
    starts: &'a [usize],
    /// A line index and the part of it shown.
    window: Option<(usize, std::ops::Range<usize>)>,
}

impl<'a> Windowed<'a> {
    fn new(name: &'a str, text: &'a str, starts: &'a [usize], labels: &[Label<()>]) -> Self {
        let mut w = Windowed {
            name,
            text,
            starts,
            window: None,
        };
        let Some(first) = labels.first() else {
            return w;
        };
        let line = w.index_of(first.range.start);
        let whole = w.whole_line(line);
        // Only a line whose labels all lie on it is cut, so that every label stays inside.
        let on_line = labels
            .iter()
            .all(|l| l.range.start >= whole.start && l.range.end <= whole.end);
        if whole.len() <= 4 * LINE_WINDOW || !on_line {
            return w;
        }
        let lo = labels
            .iter()
            .map(|l| l.range.start)
            .min()
            .unwrap_or(whole.start);
        let hi = labels
            .iter()
            .map(|l| l.range.end)
            .max()
            .unwrap_or(whole.end);
        let mut a = lo.saturating_sub(LINE_WINDOW).max(whole.start);
        let mut b = hi.saturating_add(LINE_WINDOW).min(whole.end);
        while !text.is_char_boundary(a) {
            a -= 1;
        }
        while !text.is_char_boundary(b) {
            b += 1;
        }
        w.window = Some((line, a..b));
        w
    }

    fn index_of(&self, byte: usize) -> usize {
        self.starts
            .partition_point(|&s| s <= byte)
            .saturating_sub(1)
    }

    fn whole_line(&self, line: usize) -> std::ops::Range<usize> {
        let start = self.starts.get(line).copied().unwrap_or(self.text.len());
        let end = self
            .starts
            .get(line + 1)
            .copied()
            .unwrap_or(self.text.len());
        start..end
    }
}

impl<'a> codespan_reporting::files::Files<'a> for Windowed<'a> {
    type FileId = ();
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, (): ()) -> Result<&'a str, codespan_reporting::files::Error> {
        Ok(self.name)
    }

    fn source(&'a self, (): ()) -> Result<&'a str, codespan_reporting::files::Error> {
        Ok(self.text)
    }

    fn line_index(
        &'a self,
        (): (),
        byte: usize,
    ) -> Result<usize, codespan_reporting::files::Error> {
        Ok(self.index_of(byte))
    }

    fn column_number(
        &'a self,
        (): (),
        line: usize,
        byte: usize,
    ) -> Result<usize, codespan_reporting::files::Error> {
        let whole = self.whole_line(line);
        Ok(codespan_reporting::files::column_index(self.text, whole, byte) + 1)
    }

    fn line_range(
        &'a self,
        (): (),
        line: usize,
    ) -> Result<std::ops::Range<usize>, codespan_reporting::files::Error> {
        if line > self.starts.len() {
            return Err(codespan_reporting::files::Error::LineTooLarge {
                given: line,
                max: self.starts.len(),
            });
        }
        match &self.window {
            Some((l, r)) if *l == line => Ok(r.clone()),
            _ => Ok(self.whole_line(line)),
        }
    }
}

/// Line and column (1-based) of a byte offset.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.as_bytes().get(..offset).unwrap_or_default();
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let col = String::from_utf8_lossy(before.get(line_start..).unwrap_or_default())
        .chars()
        .count()
        + 1;
    (line, col)
}
