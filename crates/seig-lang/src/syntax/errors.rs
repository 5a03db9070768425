//! pest's errors in words a person knows.
//!
//! pest reports the grammar rules it tried where parsing stopped. Rules are only half the
//! story: the literal words and marks it tried (`:`, `}`, `holes`) are recorded only when
//! pest's global "error detail" switch is on. When the error at hand lacks them, the text
//! is parsed once more, with the switch on, by a second parser built from the same grammar.

use super::lex::{self, Kind, Token};
use super::parse::{Rule, SeigParser};
use crate::diag::{Code, Diagnostic, Span, suggest};
use pest::Parser;
use pest::error::{Error, ErrorVariant, InputLocation};
use std::sync::OnceLock;

/// The same grammar again, used only to re-parse a failing text with error detail on.
mod detailed {
    #[derive(pest_derive::Parser)]
    #[grammar = "../../../grammar/seig.pest"]
    pub(crate) struct Detailed;
}

/// What a grammar rule is called in an error message.
pub fn describe(r: Rule) -> &'static str {
    use Rule::*;
    match r {
        EOI => "the end of the file",
        item | file | item_alone => {
            "a top-level item (`game`, `source`, `param`, `reading`, `set aside`, `rule`)"
        }
        game => "`game \"title\"`",
        source => "a `source`",
        source_field | source_key => {
            "a source field (`author`, `year`, `title`, `evidence`, `note`, `published`, `original`, `pages`, `text-begins`, `text-ends`)"
        }
        param => "a `param`",
        reading => "a `reading`",
        option => "a reading option (a name, optionally `(default)` and a \"description\")",
        default_mark => "`(default)`",
        set_aside => "`set aside`",
        rule_def => "a `rule`",
        status => "a status (`stated`, `inferred` or `reconstructed`)",
        citation => "a citation (`cites SOURCE \"sentence\"`)",
        block => "`{`",
        if_stmt | row_stmt | team_stmt | seats_stmt | order_stmt | sticks_stmt | dice_stmt
        | value_stmt | class_stmt | phases_stmt | allocation_stmt | release_order_stmt
        | bind_stmt | transition_stmt | throw_stmt | track_loop_stmt | track_end_stmt
        | track_entry_stmt | track_branch_stmt | track_stmt | gate_stmt | stacks_stmt
        | stacking_stmt | no_capture_stmt | capture_only_stmt | capture_stmt | blocked_stmt
        | immune_stmt | immune_arrived_stmt | immune_waiting_stmt | immune_when_stmt
        | send_home_stmt | win_stmt | moves_per_piece_stmt | pooled_landing_stmt
        | pooled_walk_stmt | passing_stmt | must_land_stmt | passed_won_stmt | send_on_stmt
        | protection_stmt | bear_off_stmt | bearing_stmt | blockade_stmt | back_stuck_stmt
        | back_start_stmt | prisoners_freed_stmt | split_stmt | blocked_release_stmt
        | seat_order_stmt | draw_stmt | score_end_stmt | moves_stmt | throwing_on_stmt | stmt
        | stmt_alone => STATEMENT,
        team_blocks | alternating => "`team blocks` or `alternating`",
        from_hole => "`from hole N`",
        counted | own_kw | opposing_kw => "`own pieces in ROW` or `opposing pieces in ROW`",
        cmp => "a comparison (`<`, `<=`, `=`, `>=`, `>`)",
        reading_test => "`READING = OPTION`",
        reading_cond | reading_all | reading_unary | reading_not | not_kw | reading_group => {
            "`READING = OPTION` (joined by `and`, `or`, `not`, parentheses)"
        }
        team_colour => "`colour FACE`",
        team_shown => "`shown as COLOUR`",
        param_range => "a range `LO..HI` (optionally `odd` or `even`)",
        parity => "`odd` or `even`",
        param_list => "a list of values `A, B, C`",
        team_pieces => "`: N pieces in ROW|on holes A, B of ROW|beside the board`",
        beside => "`beside the board`",
        on_holes | hole_set | odd_holes | even_holes | listed_holes => {
            "`on holes A, B, … of ROW`, `on odd holes of ROW` or `on even holes of ROW`"
        }
        sticks_when => "`in PHASE`, `on first throw of turn|game` or `if CONDS`",
        sticks_if => "`if CONDS`",
        first_of_turn | first_of_game => "`on first throw of …`",
        faces => "`with faces A and B`",
        one_marked => "`, one marked`",
        marked_throw => "a marked throw (`1 marked`)",
        face_prob => "`, p(FACE) = 0.5`",
        own_colour => "`own colour`",
        shape | all_alike | all_but_one => "`all alike` or `all but one alike`",
        pooled | per_throw => "`pooled` or `per throw`",
        release_order_kind | front_most | rear_most | chosen | first_hole | last_hole => {
            "`front-most`, `rear-most`, `chosen`, `first hole` or `last hole`"
        }
        track_end => "`stop`, `exact` or `bounce`",
        track_entry | entry_first | entry_chosen_empty | entry_chosen => {
            "`first hole`, `chosen hole` or `chosen empty hole`"
        }
        branch_how | must_branch | may_branch => "`branches`, `must branch` or `may branch`",
        home_target => "`to start hole` or `to first empty hole`",
        one_move | several_moves => "`one` or `several`",
        stacks_together | stacks_apart => "`together` or `apart`",
        land_once | land_each => "`once` or `after each throw`",
        walk_any | walk_thrown => "`any order` or `in throw order`",
        moves_forced | moves_optional => "`forced` or `optional`",
        back_must | back_may => "`must` or `may`",
        back_stop => "`stop` or `forbidden`",
        split_whole | split_halves | split_any => "`whole`, `halves` or `any split`",
        throw_on_as_thrown | throw_on_at_will => "`as thrown` or `at will`",
        face_percent => "a chance in percent (`p(marked) = 55 percent`, or a param)",
        passing_own | passing_opposing => "`own` or `opposing`",
        bear_exact | bear_larger => "`exact throws` or `larger throws too`",
        release_lost | release_in_place | release_another => {
            "`lost`, `released in place` or `another piece`"
        }
        c_once | once_kw => "`once CONDITION` or `once (CONDITION and …)`",
        throw_match | any_throw => "a throw (`any`, a class name or values like `3, 5`)",
        value_list => "a list of numbers like `2, 3, 4`",
        in_phase => "`in PHASE`",
        release_within => "`within REGION`",
        effect | move_eff | move_back_eff | release_eff | release_or_move | throw_again
        | cancel_moves | releases_in_place | remove_opposing | enter_phase | nothing => {
            "an effect (`move N`, `move back N`, `release N`, `release or move N`, `throw again`, `cancel moves`, `remove opposing piece`, `enter PHASE`, `nothing`)"
        }
        segment => "a track segment (`ROW forward|backward [as LABEL] [goal]`)",
        direction => "`forward` or `backward`",
        goal => "`goal`",
        track_back => "`back along the track [as LABEL]`",
        requirement | throw_req => {
            "a requirement (`throw in 2, 3 by crossing throw|move total|every throw`, or conditions)"
        }
        crossing | move_total | every_throw => "`crossing throw`, `move total` or `every throw`",
        gate_else => "`forbid` or `stop`",
        parked_clause => "`parked pieces stay` or `parked pieces circle`",
        parked_stay | parked_circle => "`stay` or `circle`",
        forbidden | allowed => "`forbidden` or `allowed`",
        except_goal => "`except at goal`",
        and_end => "`and end`",
        capture_mode => "`compulsory` or `optional`",
        capture_effect | send_home | swap | take_prisoner => {
            "`remove`, `send home`, `swap` or `take prisoner`"
        }
        freed_on_arrival | freed_at_once => "`on arrival` or `at once`",
        swap_else => "`remove` or `send home`",
        capture_again => "`, throw again`",
        sharing => "`sharing`",
        share => "`share`",
        start_hole | first_empty | chosen_empty => {
            "`start hole`, `first empty hole` or `chosen empty hole`"
        }
        row_ref | own_rel | opposing_rel => "a row (`NAME`, `own KIND` or `opposing KIND`)",
        region | ends_of | last_hole_of | first_hole_of | hole_of => {
            "a region (a row, `ends of ROW`, `first hole of ROW`, `last hole of ROW`, `hole N of ROW`)"
        }
        conds | cond | negated => "a condition",
        c_first_team_turn | c_first_turn | c_first_game | c_all_own_released | c_all_released
        | c_all_own_arrived | c_opp_unreleased | c_no_capture | c_immune_or_arrived
        | c_opp_none | c_reading | c_full | c_won | of_own | c_all_own_in | c_count | cond_atom
        | c_released_count | c_borne_count => "a condition",
        expr | value_plus | value_kw => "a number, a parameter name or `value`",
        keyword => "a keyword",
        ident | ident_char => "a name",
        rule_id => "an ID such as `TAG-C4` or `A-SIG-1`",
        int => "a whole number",
        number => "a number",
        string | string_inner => "a quoted string",
        WHITESPACE | COMMENT => "white space",
        tokens | comment | comment_text | open_string | word | mark => "a token",
    }
}

const STATEMENT: &str = "a statement";

/// Rules that are single words of the text (names, numbers, strings), as opposed to
/// phrases; pest reports what they start with as character ranges, not words.
fn is_lexical(r: Rule) -> bool {
    matches!(
        r,
        Rule::ident | Rule::int | Rule::number | Rule::rule_id | Rule::string | Rule::string_inner
    )
}

/// What pest tried at the furthest point it reached, in this module's terms.
struct Attempts {
    /// Byte offset of the furthest point.
    pos: usize,
    /// Literal words and marks expected there (`:`, `holes`, `}`), without white space.
    tokens: Vec<String>,
    /// Whether a name, number or other word (not a literal) could also stand there.
    lexical: Vec<Rule>,
    /// Whether a statement, or a top-level item, could start there.
    statement: bool,
    item: bool,
}

impl Attempts {
    fn of<R: pest::RuleType>(
        err: &Error<R>,
        rule: impl Fn(R) -> Rule,
        base: usize,
    ) -> Option<Attempts> {
        let a = err.parse_attempts()?;
        let stacks: Vec<Rule> = a
            .call_stacks()
            .iter()
            .filter_map(|s| s.deepest.get_rule().map(|r| rule(*r)))
            .collect();
        Some(Attempts {
            pos: base + a.max_position,
            tokens: a
                .expected_tokens()
                .iter()
                .map(|t| t.to_string())
                .filter(|t| {
                    !t.trim().is_empty() && t != "#" && t != "BUILTIN_RULE" && !t.contains("..")
                })
                .filter(|t| t.chars().any(|c| !matches!(c, '-' | '_')))
                .collect(),
            lexical: stacks.iter().copied().filter(|r| is_lexical(*r)).collect(),
            statement: stacks.contains(&Rule::block) || stacks.contains(&Rule::stmt_alone),
            item: stacks.contains(&Rule::file) || stacks.contains(&Rule::item_alone),
        })
    }
}

/// The attempts behind `err` (a parse of `piece`): its own if pest recorded them, else
/// those of a second parse.
fn attempts(text: &str, piece: Piece, err: &Error<Rule>) -> Option<Attempts> {
    Attempts::of(err, |r| r, piece.start).or_else(|| {
        pest::set_error_detail(true);
        let e = detailed::Detailed::parse(detailed_rule(piece.entry), piece.text(text)).err()?;
        Attempts::of(&e, same_rule, piece.start)
    })
}

/// The rule of the detailed parser that has the same place in the grammar as `r`.
fn detailed_rule(r: Rule) -> detailed::Rule {
    let i = Rule::all_rules().iter().position(|x| *x == r).unwrap_or(0);
    detailed::Rule::all_rules()
        .get(i)
        .copied()
        .unwrap_or(detailed::Rule::file)
}

/// The rule of the main parser that has the same place in the grammar.
fn same_rule(r: detailed::Rule) -> Rule {
    let i = detailed::Rule::all_rules()
        .iter()
        .position(|x| *x == r)
        .unwrap_or(0);
    Rule::all_rules().get(i).copied().unwrap_or(Rule::EOI)
}

/// The words that may start a statement, or a top-level item (found by asking the grammar).
fn starters(statement: bool) -> &'static [String] {
    static STMT: OnceLock<Vec<String>> = OnceLock::new();
    static ITEM: OnceLock<Vec<String>> = OnceLock::new();
    let probe = |text: &str| {
        pest::set_error_detail(true);
        detailed::Detailed::parse(detailed::Rule::file, text)
            .err()
            .and_then(|e| Attempts::of(&e, same_rule, 0))
            .map(|a| a.tokens)
            .unwrap_or_default()
    };
    if statement {
        STMT.get_or_init(|| probe("rule X stated {"))
    } else {
        ITEM.get_or_init(|| probe("{"))
    }
}

/// Is `word` one of the grammar's reserved words (which cannot be names)?
fn is_reserved(word: &str) -> bool {
    detailed::Detailed::parse(detailed::Rule::keyword, word).is_ok_and(|p| p.as_str() == word)
}

/// "a, b or c".
fn one_of(mut words: Vec<String>) -> String {
    words.dedup();
    match words.len() {
        0 => "something else".to_string(),
        1 => words.remove(0),
        _ => {
            let last = words.pop().unwrap_or_default();
            format!("{} or {}", words.join(", "), last)
        }
    }
}

fn is_word_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-'
}

/// The word (or single character) that starts at `at`, by the lexical layer's tokens.
fn word_at(text: &str, tokens: &[Token], at: usize) -> Span {
    let len = match tokens.get(lex::first_at(tokens, at)) {
        Some(t) if t.span.start == at && t.kind == Kind::Word => t.span.end - at,
        _ => text[at..].chars().next().map_or(0, char::len_utf8),
    };
    Span {
        start: at,
        end: at + len,
    }
}

/// What the tokens before `at` leave open: the `{` still open there (outermost first),
/// whether a `}` at `at` closes nothing, and the last string that runs over a line end (its
/// start and its closing quote).
struct Scan {
    open: Vec<usize>,
    stray_close: bool,
    long_string: Option<(usize, usize)>,
}

fn scan(text: &str, tokens: &[Token], at: usize) -> Scan {
    let mut s = Scan {
        open: Vec::new(),
        stray_close: false,
        long_string: None,
    };
    for t in tokens.iter().take_while(|t| t.span.start < at) {
        match t.kind {
            Kind::Str | Kind::OpenStr if t.text(text).contains('\n') => {
                s.long_string = Some((t.span.start, t.span.end.saturating_sub(1)));
            }
            Kind::Mark if t.is_mark(text, '{') => s.open.push(t.span.start),
            Kind::Mark if t.is_mark(text, '}') => {
                s.open.pop();
            }
            _ => {}
        }
    }
    s.stray_close = text[at..].starts_with('}') && s.open.is_empty();
    s
}

fn line_of(text: &str, at: usize) -> usize {
    crate::diag::line_col(text, at).0
}

/// Where a parse ran: the whole file, or one item or statement of it (the parser's
/// recovery parses a file that does not parse piece by piece).
#[derive(Debug, Clone, Copy)]
pub struct Piece {
    /// Its first byte in the file.
    pub start: usize,
    /// One past its last byte.
    pub end: usize,
    /// The grammar rule it was parsed with (`file`, `item_alone` or `stmt_alone`).
    pub entry: Rule,
}

impl Piece {
    /// The whole of `text`.
    pub fn whole(text: &str) -> Piece {
        Piece {
            start: 0,
            end: text.len(),
            entry: Rule::file,
        }
    }

    fn text<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.start..self.end).unwrap_or_default()
    }
}

/// Turns a pest error of a parse of `piece` (positions in the piece) into one diagnostic
/// located in `text`, the whole file.
pub(crate) fn humanise(text: &str, piece: Piece, err: Error<Rule>) -> Diagnostic {
    humanise_at(text, piece, err, true)
}

/// [`humanise`]; `retry`: whether a failure inside a word may be judged again at the
/// word's start.
fn humanise_at(text: &str, piece: Piece, err: Error<Rule>, retry: bool) -> Diagnostic {
    let loc = match err.location {
        InputLocation::Pos(p) | InputLocation::Span((p, _)) => (piece.start + p).min(text.len()),
    };
    let positives: Vec<Rule> = match &err.variant {
        ErrorVariant::ParsingError { positives, .. } => positives
            .iter()
            .copied()
            .filter(|r| !matches!(r, Rule::WHITESPACE | Rule::COMMENT))
            .collect(),
        ErrorVariant::CustomError { message } => {
            return Diagnostic::error(
                Code::Syntax,
                word_at(text, &lex::lex(text), loc),
                "syntax error",
                message.clone(),
            );
        }
    };
    let att = attempts(text, piece, &err);

    // A string that never closes: pest ran to the end of the file inside it.
    if let Some(a) = &att
        && a.pos >= piece.end
        && a.lexical.contains(&Rule::string_inner)
        && text[loc..].starts_with('"')
    {
        let end = text[loc..].find('\n').map_or(text.len(), |n| loc + n);
        return Diagnostic::error(
            Code::UnclosedString,
            Span { start: loc, end },
            "syntax error: this string is never closed",
            "the string starts here",
        )
        .with_help("add the closing `\"`");
    }

    // Where to point: the furthest point pest reached, unless it got there by matching the
    // start of a longer word as a keyword (`the` in `then`): then the word is the problem.
    let further = att
        .as_ref()
        .filter(|a| a.pos > loc && a.pos <= text.len() && !text[..a.pos].ends_with(is_word_char));
    let at = further.map_or(loc, |a| a.pos);

    // Stopped inside a word (`compulsory` matched the start of `compulsoryly`): the word is
    // the mistake, so judge again where it starts, with what may stand there.
    let deep = att.as_ref().map_or(at, |a| a.pos.max(at)).min(text.len());
    let ws = text[..deep].trim_end_matches(is_word_char).len();
    if retry
        && ws < deep
        && ws > piece.start
        && text[deep..].starts_with(is_word_char)
        && let Err(e) = SeigParser::parse(piece.entry, &text[piece.start..ws])
    {
        let prefix = Piece { end: ws, ..piece };
        return humanise_at(text, prefix, e, false);
    }
    // At the end of a piece of the file, what comes next is the next piece's first token.
    let lexed = lex::lex(text);
    let tried_at = at;
    let at = if at >= piece.end {
        lexed
            .iter()
            .find(|t| t.span.start >= piece.end && t.kind != Kind::Comment)
            .map_or(text.len(), |t| t.span.start)
    } else {
        at
    };

    // What was expected there.
    let end_word = if piece.entry == Rule::stmt_alone {
        "the end of the statement"
    } else {
        describe(Rule::EOI)
    };
    let (words, tokens) = expected_words(
        &positives,
        att.as_ref(),
        further.is_some(),
        tried_at,
        end_word,
    );
    let expected = one_of(words);

    let found_span = word_at(text, &lexed, at);
    let found = if at >= text.len() {
        "the end of the file".to_string()
    } else {
        format!("`{}`", &text[found_span.start..found_span.end])
    };
    let sc = scan(text, &lexed, at);
    let cx = Context {
        text,
        at,
        found: &text[found_span.start..found_span.end],
        tokens: &tokens,
        positives: &positives,
        scan: &sc,
        lexed: &lexed,
    };

    // When the line before stopped short of something it needed (not when a new statement
    // or item was due), point just after its last word: that is where the gap is.
    let before = code_before(text, &lexed, at);
    let starts_new = att
        .as_ref()
        .is_some_and(|a| a.pos == tried_at && (a.statement || a.item))
        || positives
            .iter()
            .any(|r| describe(*r) == STATEMENT || *r == Rule::rule_def);
    let mut d = if at >= text.len() || (text[before.len()..at].contains('\n') && !starts_new) {
        let message = if at >= text.len() {
            "syntax error: the file ends too early".to_string()
        } else {
            format!(
                "syntax error: unexpected {found} on line {}",
                line_of(text, at)
            )
        };
        Diagnostic::error(
            Code::Syntax,
            Span {
                start: before.len(),
                end: before.len(),
            },
            message,
            format!("expected {expected} after this"),
        )
    } else {
        Diagnostic::error(
            Code::Syntax,
            found_span,
            format!("syntax error: unexpected {found}"),
            format!("expected {expected}"),
        )
    };
    if let Some((h, sec)) = hint(&cx) {
        d = d.with_help(h);
        if let Some((sp, label)) = sec {
            d = d.with_secondary(sp, label);
        }
    }
    d
}

/// What was expected at `at`, in words, and the literal tokens pest tried there.
fn expected_words(
    positives: &[Rule],
    att: Option<&Attempts>,
    further: bool,
    at: usize,
    end_word: &str,
) -> (Vec<String>, Vec<String>) {
    let mut words: Vec<String> = Vec::new();
    if !further {
        // The start of any top-level item is one expectation, not six.
        let item_start = |r: &Rule| {
            matches!(
                r,
                Rule::game
                    | Rule::source
                    | Rule::param
                    | Rule::reading
                    | Rule::set_aside
                    | Rule::rule_def
            )
        };
        let mut ds: Vec<&str> = positives
            .iter()
            .filter(|r| !matches!(r, Rule::EOI))
            .map(|r| {
                if item_start(r) {
                    describe(Rule::item)
                } else {
                    describe(*r)
                }
            })
            .collect();
        ds.sort_unstable();
        ds.dedup();
        words.extend(ds.iter().map(|s| s.to_string()));
    }
    let mut tokens: Vec<String> = Vec::new();
    if let Some(a) = att.filter(|a| a.pos == at) {
        if a.statement && !words.iter().any(|w| w == STATEMENT) {
            words.push(STATEMENT.to_string());
        }
        if a.item && !words.iter().any(|w| w == describe(Rule::item)) {
            words.push(describe(Rule::item).to_string());
        }
        for r in &a.lexical {
            let d = describe(*r).to_string();
            if !words.contains(&d) && *r != Rule::string_inner {
                words.push(d);
            }
        }
        tokens = a.tokens.clone();
        let covered = |t: &String| {
            (words.iter().any(|w| w == STATEMENT) && starters(true).contains(t) && t != "}")
                || (a.item && starters(false).contains(t))
                || words.iter().any(|w| w.contains(&format!("`{t}")))
                || (t == "\"" && a.lexical.contains(&Rule::string))
        };
        let extra: Vec<String> = tokens
            .iter()
            .filter(|t| !covered(t))
            .map(|t| format!("`{t}`"))
            .collect();
        words.extend(extra);
    }
    if words.is_empty() {
        words.push("something else".to_string());
    }
    if positives.contains(&Rule::EOI) && !words.iter().any(|w| w == end_word) {
        words.push(end_word.to_string());
    }
    (words, tokens)
}

/// `text[..at]` without the white space and comments at its end (what comes before them
/// is the last word).
fn code_before<'t>(text: &'t str, tokens: &[Token], at: usize) -> &'t str {
    &text[..lex::code_end(tokens, 0, at)]
}

/// Help for a word where a phrase of the language went astray: `or` between conditions, a
/// hole by its number as a region, a near miss of a word that may stand here, a phrase that
/// starts as one of the language's (`no move possible`).
fn phrase_hint(found: &str, before: &str, tokens: &[String], same_line: bool) -> Option<String> {
    let expects = |t: &str| tokens.iter().any(|x| x == t);
    // A word of the language where it cannot stand (`or` between conditions): name where it
    // can, rather than a near miss of another word.
    if found == "or" && !expects("or") {
        return Some(
            "conditions and effects are joined with `and`; `or` only joins a class's shapes (`class NAME: SHAPE or SHAPE`): write one statement for each case"
                .to_string(),
        );
    }
    // A hole by its number where a region stands (`no capture in hole 26 of row3`).
    let last_word = &before[before.trim_end_matches(is_word_char).len()..];
    if last_word == "hole" && found.bytes().all(|b| b.is_ascii_digit()) && !found.is_empty() {
        return Some(
            "a region is a row, `ends of ROW`, `first hole of ROW` or `last hole of ROW`; one hole by its number is not a region"
                .to_string(),
        );
    }
    // A near miss of a word that may stand here.
    let words: Vec<&str> = tokens
        .iter()
        .map(|t| t.as_str())
        .filter(|t| t.len() >= 3 && *t != "the")
        .collect();
    if found.len() >= 2
        && let Some(h) = suggest(found, words.iter().copied())
    {
        return Some(h);
    }
    // A phrase that starts as one of the language's and goes astray (`no move possible`):
    // the forms that start with the word before.
    if same_line
        && !expects(found)
        && found.starts_with(|c: char| c.is_ascii_alphabetic())
        && crate::keywords::words().binary_search(&last_word).is_ok()
    {
        let forms: Vec<String> = crate::keywords::FORMS
            .iter()
            .filter(|f| f.form.starts_with(&format!("{last_word} ")))
            .map(|f| format!("`{}`", f.form))
            .take(4)
            .collect();
        if !forms.is_empty() {
            return Some(format!(
                "after `{last_word}`, `{found}` cannot follow: the forms that start with `{last_word}` are {}",
                forms.join(", ")
            ));
        }
    }
    None
}

/// What a hint may look at.
struct Context<'a> {
    text: &'a str,
    at: usize,
    found: &'a str,
    tokens: &'a [String],
    positives: &'a [Rule],
    scan: &'a Scan,
    lexed: &'a [Token],
}

type Hint = (String, Option<(Span, String)>);

/// A targeted help line for common slips, and maybe a second place to point at.
fn hint(cx: &Context) -> Option<Hint> {
    let Context {
        text,
        at,
        found,
        tokens,
        positives,
        scan,
        lexed,
    } = *cx;
    let rest = &text[at..];
    let before = code_before(text, lexed, at);
    let expects = |t: &str| tokens.iter().any(|x| x == t);
    let only = |h: &str| Some((h.to_string(), None));

    // Brace structure first: a missing or extra `}` explains almost any error after it.
    if let Some(&open) = scan.open.last() {
        let open_span = Span {
            start: open,
            end: open + 1,
        };
        if at >= text.len() {
            return Some((
                format!(
                    "the `{{` on line {} is never closed; add `}}` where its block ends",
                    line_of(text, open)
                ),
                Some((open_span, "this `{` is not closed".to_string())),
            ));
        }
        // A line inside the open block that starts a new top-level item.
        let mut line_start = text[open..at].find('\n').map(|n| open + n + 1);
        while let Some(ls) = line_start {
            let line = text[ls..].trim_start();
            let word = line.split(|c: char| !is_word_char(c)).next().unwrap_or("");
            let is_item = starters(false).iter().any(|w| w == word) && !word.is_empty();
            if is_item && ls + (text[ls..].len() - line.len()) <= at {
                return Some((
                    format!(
                        "the `{{` on line {} is not closed before `{word}` on line {}; add `}}` before it",
                        line_of(text, open),
                        line_of(text, ls)
                    ),
                    Some((open_span, "this `{` is not closed".to_string())),
                ));
            }
            line_start = text[ls..at].find('\n').map(|n| ls + n + 1);
        }
    }
    if scan.stray_close && rest.starts_with('}') {
        return only("this `}` closes nothing; remove it (or look for a `{` missing above)");
    }
    // A string that ran over line ends and closed on the line of the error: its own closing
    // quote is probably missing, and it ended at the opening quote of the next string.
    if let Some((s, end)) = scan.long_string
        && line_of(text, end) == line_of(text, at)
    {
        return Some((
            format!(
                "the string that starts on line {} runs over the line end: is its closing `\"` missing?",
                line_of(text, s)
            ),
            Some((
                Span {
                    start: s,
                    end: s + 1,
                },
                "this string runs on".to_string(),
            )),
        ));
    }

    // Quotes.
    if rest.starts_with('\'') {
        return only("strings use double quotes: \"…\"");
    }
    if rest.starts_with(['“', '”', '«', '»', '„']) {
        return only("write straight double quotes `\"`, not typographic quotes");
    }
    if rest.starts_with("==") || (rest.starts_with('=') && before.ends_with('=')) {
        return only("write a single `=`: `if READING = OPTION`");
    }

    // A name was expected, and a reserved word stands there.
    if positives.contains(&Rule::ident) && !found.is_empty() && is_reserved(found) {
        return only(&format!(
            "`{found}` is a reserved word of the language and cannot be a name; choose another name"
        ));
    }

    // A statement where a top-level item was expected.
    let item_due = positives.contains(&Rule::rule_def) || positives.contains(&Rule::item_alone);
    if item_due && starters(true).iter().any(|w| w == found) {
        return only(
            "statements belong inside a rule: `rule ID stated cites SOURCE \"sentence\" { … }`",
        );
    }

    // IDs.
    if positives.contains(&Rule::rule_id)
        && (before.ends_with("rule") || before.ends_with("reading"))
    {
        return only(
            "an ID starts with a letter and may contain letters, digits and `-`, e.g. `TAG-C4`",
        );
    }
    if positives.contains(&Rule::status) {
        return only("write the status right after the rule's ID: `rule ID stated cites …`");
    }

    // A list whose trailing comma swallowed the next line's first word.
    let taken = &before[before.trim_end_matches(is_word_char).len()..];
    if !taken.is_empty() {
        let list = before[..before.len() - taken.len()].trim_end_matches([' ', '\t']);
        if list.ends_with('\n') && list.trim_end().ends_with(',') {
            return only(&format!(
                "the line above ends with `,`, so `{taken}` was read as one more item of its list; remove the trailing comma"
            ));
        }
    }

    match found {
        "color" => return only("the keyword is spelt `colour`"),
        "then" => return only("join effects with `and`, e.g. `move 3 and throw again`"),
        _ => {}
    }
    if rest.starts_with('}') && before.ends_with(',') {
        return only("remove the trailing comma");
    }

    // A word on a line of its own starts the next statement: what went wrong then is the end
    // of the line above, not a phrase that went astray.
    let same_line = text
        .get(before.len()..at)
        .is_some_and(|gap| !gap.contains('\n'));
    if let Some(h) = phrase_hint(found, before, tokens, same_line) {
        return only(&h);
    }
    if expects(":") && found.chars().all(is_word_char) && !found.is_empty() {
        return only(&format!("add `:` before `{found}`"));
    }
    None
}
