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

/// Where a code is shown to happen: a file of the malformed-input corpus
/// (`tests/diagnostics/NAME.seig`) that gives it, or why no corpus file can and which test
/// gives it instead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Case {
    /// The stem of a corpus file that gives the code.
    Corpus(&'static str),
    /// Why no corpus file gives it, and the test that does.
    Elsewhere(&'static str),
}

/// Defines [`Code`] from one table: each code once, with its variant, severity, title (the
/// line of the code table in `docs/language.md` and the LSP's code description) and its case.
macro_rules! codes {
    ($($variant:ident = $code:literal, $sev:ident, $title:literal, $case:expr;)*) => {
        /// The kind of a diagnostic, as a stable code (`E…` errors, `W…` warnings): codes are
        /// never renumbered or reused, so that scripts and documentation can rely on them.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Code {
            $(
                #[doc = concat!("`", $code, "`: ", $title, ".")]
                $variant,
            )*
        }

        impl Code {
            /// Every code, in code order.
            pub const ALL: &'static [Code] = &[$(Code::$variant),*];

            /// The code as written, e.g. `E010`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Code::$variant => $code,)*
                }
            }

            /// How bad a diagnostic of this code is.
            pub fn severity(self) -> Severity {
                match self {
                    $(Code::$variant => Severity::$sev,)*
                }
            }

            /// What the code means, in one line (the code table of `docs/language.md`).
            pub fn title(self) -> &'static str {
                match self {
                    $(Code::$variant => $title,)*
                }
            }

            /// Where the code is shown to happen.
            pub fn case(self) -> Case {
                use Case::*;
                match self {
                    $(Code::$variant => $case,)*
                }
            }
        }
    };
}

codes! {
    Syntax = "E001", Error, "The text does not follow the grammar", Corpus("keywords_run_together");
    UnclosedString = "E002", Error, "A string is never closed", Corpus("unterminated_string");
    NestingTooDeep = "E003", Error, "Blocks nest too deep", Corpus("nesting_too_deep");
    NumberTooLarge = "E004", Error, "A number does not fit", Corpus("huge_number");
    NotUtf8 = "E005", Error, "The file is not UTF-8", Corpus("not_utf8");
    FileTooLarge = "E006", Error, "The file has too many items or statements", Elsewhere("a file over the item limit would be a corpus file of 80 KB: `a_file_over_the_item_limit_is_e006` writes one");
    UnknownName = "E010", Error, "A name that nothing declares", Corpus("citation_unknown_source");
    Duplicate = "E011", Error, "A name declared twice", Corpus("duplicate_reading");
    SetTwice = "E012", Error, "A single-valued setting stated twice", Corpus("faces_named_twice");
    NotAnOption = "E013", Error, "An `if` tests an option its reading does not have", Corpus("if_unknown_option");
    NoRules = "E020", Error, "The file has no rules", Corpus("empty_file");
    GameNamedTwice = "E021", Error, "The game is named twice", Corpus("game_named_twice");
    EmptyRange = "E022", Error, "A param's range is empty", Corpus("param_empty_range");
    DefaultOutOfRange = "E023", Error, "A param's default is outside its range or its allowed values", Corpus("param_default_out_of_range");
    RepeatedOption = "E024", Error, "A reading lists an option twice", Corpus("repeated_option");
    NoDefaultOption = "E025", Error, "A reading has no default option", Corpus("reading_without_default");
    TwoDefaults = "E026", Error, "A reading has more than one default", Corpus("reading_two_defaults");
    ParamDefaultCycle = "E027", Error, "Params' defaults name each other in a circle", Corpus("param_default_cycle");
    UnknownReadingChosen = "E030", Error, "The command line chooses a reading the file does not declare", Elsewhere("the command line's choice, not the file: `selection_of_an_unknown_reading`");
    UnknownOptionChosen = "E031", Error, "The command line chooses an option a reading does not have", Elsewhere("the command line's choice, not the file: `selection_of_an_unknown_option`");
    UnknownParamChosen = "E032", Error, "The command line sets a param the file does not declare", Elsewhere("the command line's choice, not the file: `selection_of_an_unknown_param`");
    ParamChosenOutOfRange = "E033", Error, "The command line sets a param outside its range or its allowed values", Elsewhere("the command line's choice, not the file: `selection_of_a_param_out_of_range`");
    FollowedValueOutOfRange = "E034", Error, "A param follows another whose value in force is outside its own range", Elsewhere("the command line's value of a followed param, not the file: `a_followed_value_outside_the_followers_range_is_e034` (tests/lang/param_defaults.rs)");
    FacesNamedTwice = "E040", Error, "The faces are named twice", Corpus("faces_named_twice");
    SameFaceTwice = "E041", Error, "Both faces have the same name", Corpus("same_face_twice");
    IncompleteOrder = "E042", Error, "The throwing order does not list every team", Corpus("incomplete_order");
    NotTwoTeams = "E043", Error, "The file does not declare exactly two teams", Corpus("three_teams");
    RowNamedLikeTeam = "E050", Error, "A row or kind has a team's name", Corpus("row_named_like_team");
    TooManyHoles = "E051", Error, "The board has too many holes", Corpus("too_many_holes");
    RowAndKind = "E052", Error, "A name is both a row and a kind", Corpus("row_named_like_a_kind");
    NoRows = "E053", Error, "The board has no rows", Corpus("no_rows");
    PiecesDoNotFitRow = "E054", Error, "A team's pieces do not fill its start row one per hole", Corpus("team_pieces_mismatch");
    TwoTracks = "E055", Error, "A team has two tracks", Corpus("two_tracks_for_a_team");
    NoPieces = "E056", Error, "A team has no pieces", Corpus("team_without_pieces");
    NoTrack = "E057", Error, "A team has no track", Corpus("no_track");
    RowWalkedTwice = "E058", Error, "A track walks the same row the same way twice in a row", Corpus("track_same_row_twice");
    NoSuchSegment = "E059", Error, "A track has no such segment", Corpus("gate_unknown_segment");
    AmbiguousSegment = "E060", Error, "A segment name fits more than one segment", Corpus("gate_ambiguous_segment");
    LoopsTwice = "E061", Error, "A track loops twice", Corpus("track_loops_twice");
    ValueNotANumber = "E070", Error, "`value` stands where a fixed number is needed", Corpus("value_as_row_size");
    OutOfRange = "E071", Error, "A number is outside what the statement allows", Corpus("many_mistakes");
    NoOwnedRow = "E072", Error, "`own`/`opposing` names no row of the team", Corpus("own_kind_without_owner");
    AmbiguousRow = "E073", Error, "A reference names several rows where one is needed", Corpus("ambiguous_start_row");
    BadThrowValue = "E074", Error, "A throw value no throw can give", Corpus("throw_value_out_of_range");
    NotAProbability = "E080", Error, "A face probability is not strictly between 0 and 1", Corpus("face_probability_out_of_range");
    FacesNotNamed = "E081", Error, "The sticks' faces are not named", Corpus("probability_of_unnamed_face");
    NoSticks = "E082", Error, "The file says nothing of the sticks", Corpus("no_sticks");
    NoColour = "E083", Error, "A throw counts the thrower's colour but a team has none", Corpus("own_colour_without_colours");
    NoThrowTable = "E090", Error, "The file has no throw table", Corpus("no_throw_table");
    UncoveredThrow = "E091", Error, "A throw that no entry of the table covers", Corpus("uncovered_throw_value");
    EndlessTurn = "E092", Error, "Every throw of a phase throws again", Corpus("every_throw_throws_again");
    PhaseIntoItself = "E093", Error, "A phase change into the same phase", Corpus("phase_into_itself");
    DrawAndWinAtOnce = "E100", Error, "A draw and a win that hold at once", Corpus("draw_shadowed_by_win");
    TrackEndTwice = "E110", Error, "A track's end is said two different ways", Corpus("track_end_two_ways");
    HomeTargetOnRemove = "E111", Error, "A capture that removes names where pieces are sent home", Corpus("home_target_on_remove");
    CaptureOverlap = "E112", Error, "Two capture statements overlap and neither is more specific", Corpus("overlapping_captures");
    TooManyOnce = "E113", Error, "More `once` conditions than the state keeps", Corpus("too_many_once");
    ReleaseOrderByHole = "E114", Error, "A release order by hole for pieces that start off the board", Corpus("release_order_by_hole_beside");
    StacksWithoutStacking = "E115", Error, "Pieces move together as stacks where stacking is forbidden", Corpus("stacks_where_stacking_forbidden");
    RuleReleaseOrders = "E120", Error, "One rule's releases name different release orders", Corpus("two_release_orders_in_one_rule");
    TrackEntryTwice = "E125", Error, "A track's entry is said two different ways", Corpus("track_entry_twice");
    EntryOnTrack = "E126", Error, "A chosen entry for pieces that start on their track", Corpus("entry_on_track");
    EntryGated = "E127", Error, "A chosen entry on a track whose first segment has a gate", Corpus("entry_behind_gate");
    BackWalksRowTwice = "E130", Error, "`back along the track` on a track that walks a row both ways", Corpus("back_walks_row_twice");
    RuleReleaseRegions = "E131", Error, "One rule's releases confine their places to different regions", Corpus("two_release_regions_in_one_rule");
    SendOnTarget = "E140", Error, "`landing on … goes to` names no single hole of the team's track to go to", Corpus("send_on_two_holes");
    UnknownShownColour = "E150", Error, "`shown as` names a colour that is neither in the palette nor `\"#rrggbb\"`", Corpus("shown_unknown_colour");
    StartHoleTwice = "E160", Error, "A start layout lists one hole twice", Corpus("start_hole_twice");
    TeamsStartOnOneHole = "E161", Error, "Both teams' pieces start on one hole that they may not share", Corpus("teams_start_on_one_hole");
    BranchPoint = "E170", Error, "A track branches at no single hole it walks", Corpus("branch_off_track");
    BranchRejoin = "E171", Error, "A branch rejoins at no single hole of its track's main path", Corpus("branch_rejoin_off_path");
    BranchShape = "E172", Error, "A branching track turns back, or a branch has a goal", Corpus("branch_with_bounce");
    DiceAndSticks = "E185", Error, "A file throws both dice and sticks", Corpus("dice_and_sticks");
    DiceFaces = "E186", Error, "A die has fewer than two faces, more than six, or a face's value out of range", Corpus("die_face_worth_too_much");
    DiceShape = "E187", Error, "A statement about sticks (a count, a value, a class, a marked stick) in a file that throws dice", Corpus("class_of_dice");
    MarkedThrow = "E188", Error, "`on N marked` without a marked stick, with a value other than 1, or a marked stick whose counted face is the thrower's colour", Corpus("marked_without_marked_stick");
    EntryNeverApplies = "W001", Warning, "A throw entry that can never apply", Corpus("entry_never_applies");
    CapturesNowhere = "W002", Warning, "Captures are forbidden somewhere but allowed nowhere", Corpus("captures_forbidden_but_never_allowed");
    UnreachableRow = "W003", Warning, "A row no piece can reach", Corpus("row_on_no_track");
    GateOnFirstSegment = "W004", Warning, "A gate on the first segment of a track", Corpus("entry_behind_gate");
    UnusedReading = "W005", Warning, "A reading no `if` tests", Corpus("reading_single_option");
    NoTitle = "W006", Warning, "The variant has no title", Corpus("no_title");
    EmptyCitation = "W007", Warning, "A citation quotes nothing", Corpus("empty_citation");
    NoChoice = "W008", Warning, "A reading with a single option", Corpus("reading_single_option");
    Uncited = "W009", Warning, "A rule that cites no source", Corpus("rule_without_citation");
    ImpossibleThrowValue = "W010", Warning, "A throw entry lists a value that no throw can give", Corpus("impossible_throw_value");
    EmptyRule = "W011", Warning, "A rule with no statements", Corpus("empty_rule");
    BranchNeverInForce = "W012", Warning, "A branch of an `if` that no selection of readings puts in force", Corpus("branch_never_in_force");
    PhaseChangeShadowed = "W013", Warning, "A phase change that never happens: an earlier one from the same phase holds whenever it does", Corpus("phase_change_shadowed");
    SticksShadowed = "W014", Warning, "A `sticks if` count that never applies: an earlier one holds whenever it does", Corpus("sticks_if_shadowed");
    NeverReleased = "W020", Warning, "No piece can ever leave its start (no throw entry releases a piece)", Corpus("no_piece_ever_released");
    WinNeverHolds = "W021", Warning, "A win that can never hold", Corpus("win_never_holds");
    PhaseNeverEntered = "W022", Warning, "A phase that can never be entered", Corpus("phase_never_entered");
    GateNeverOpens = "W023", Warning, "A gate that can never open", Corpus("gate_never_opens");
    CaptureNeverApplies = "W024", Warning, "A capture statement that never applies", Corpus("capture_never_applies");
    UnreachableTrackCell = "W025", Warning, "Holes of a track that no piece of its team can ever reach (every piece starts further along it)", Corpus("track_holes_never_reached");
    StacksNeverMove = "W026", Warning, "Stacks move together but form only on a goal's last hole, which no piece leaves", Corpus("stacks_only_at_a_final_goal");
    SwapNever = "W027", Warning, "A swap capture that can never swap (no taker can leave a hole of the taken piece's track)", Corpus("swap_never_made");
    MustLandNever = "W028", Warning, "Holes that must be landed on, which no move can walk past", Corpus("must_land_never_passed");
    SpecialHoleUnreached = "W040", Warning, "Special holes (sending, must-land or safe holes) that no track of their team reaches", Corpus("send_on_unreached");
    RunNeverForms = "W041", Warning, "`protection:` or `blockade:` asks for more pieces in a row than any team can put on its track", Corpus("run_never_forms");
    TeamsShareStartHole = "W042", Warning, "Both teams' pieces start on one hole that they may share", Corpus("teams_share_start_hole");
    BackwardNever = "W044", Warning, "A backward-move statement that never applies (no throw entry gives a move it could turn or walk back)", Corpus("backward_never");
    BearOffThrowNever = "W045", Warning, "`bear off from … with …` lists a throw value the sticks can never give", Corpus("bear_off_impossible_throw");
    PrisonersFreedNever = "W046", Warning, "`prisoners freed:` in a file where no capture takes prisoners", Corpus("prisoners_freed_never");
    BlockadeNeverPassed = "W047", Warning, "A blockade that, once a team fills the last holes of its track with it, the other team can never pass", Corpus("blockade_never_passed");
    SameShownColour = "W050", Warning, "Both teams are drawn in the same colour", Corpus("shown_same_colour");
    LowContrastColour = "W051", Warning, "A team's colour hardly shows on the page's holes or a dark terminal", Corpus("shown_low_contrast");

}

impl Code {
    /// Is it a warning's code (else an error's)?
    pub fn is_warning(self) -> bool {
        self.severity() == Severity::Warning
    }

    /// The code table of `docs/language.md`, one `| `CODE` | title |` line per code.
    pub fn markdown_table() -> String {
        let mut out = String::from("| code | kind |\n|---|---|\n");
        for c in Code::ALL {
            out.push_str(&format!("| `{}` | {} |\n", c.as_str(), c.title()));
        }
        out
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
            severity: code.severity(),
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
            severity: code.severity(),
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
    pub(crate) fn global(code: Code, message: impl Into<String>) -> Self {
        Diagnostic {
            span: None,
            ..Diagnostic::error(code, Span::default(), message, "")
        }
    }

    /// Adds a help line.
    pub(crate) fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Adds a note.
    pub(crate) fn with_note(mut self, note: impl Into<String>) -> Self {
        self.notes.push(note.into());
        self
    }

    /// Points at another place, e.g. where a name was first declared.
    pub(crate) fn with_secondary(mut self, span: Span, label: impl Into<String>) -> Self {
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
pub(crate) const MAX_SHOWN: usize = 100;
/// Bytes of a long source line shown around a diagnostic's span (either side).
const LINE_WINDOW: usize = 120;

/// The diagnostics a front end shows of one file, in the order given, and how many of
/// each code it leaves out: exact repeats once, at most [`MAX_SHOWN_PER_CODE`] of one code
/// and `MAX_SHOWN` in all. `seig check` (`render`) and the web page both show these.
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
