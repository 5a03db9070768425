//! pest's errors in words a person knows.

use super::parse::Rule;
use crate::diag::Diagnostic;
use crate::syntax::ast::Span;
use pest::error::{ErrorVariant, InputLocation};

/// What a grammar rule is called in an error message.
pub fn describe(r: Rule) -> &'static str {
    use Rule::*;
    match r {
        EOI => "the end of the file",
        item | file => "`game`, `source`, `param`, `reading`, `set aside` or `rule`",
        game => "`game \"title\"`",
        source => "a `source`",
        source_field | source_key => "a source field (`author`, `year`, `title`, `evidence`, `note`)",
        param => "a `param`",
        reading => "a `reading`",
        option => "a reading option (a name, optionally `(default)` and a \"description\")",
        default_mark => "`(default)`",
        set_aside => "`set aside`",
        rule_def => "a `rule`",
        status => "a status (`stated`, `inferred` or `reconstructed`)",
        citation => "a citation (`cites SOURCE \"sentence\"`)",
        block => "`{`",
        if_stmt | row_stmt | team_stmt | seats_stmt | order_stmt | sticks_stmt | value_stmt
        | class_stmt | phases_stmt | allocation_stmt | release_order_stmt | bind_stmt
        | transition_stmt | throw_stmt | track_loop_stmt | track_end_stmt | track_stmt
        | gate_stmt | stacking_stmt | no_capture_stmt | capture_only_stmt | capture_stmt
        | blocked_stmt | immune_stmt | send_home_stmt | win_stmt | stmt => "a statement",
        reading_test => "`READING = OPTION`",
        team_colour => "`colour FACE`",
        team_pieces => "`: N pieces in ROW` or `: N pieces beside the board`",
        beside => "`beside the board`",
        sticks_when => "`in PHASE` or `on first throw of turn|game`",
        first_of_turn | first_of_game => "`on first throw of …`",
        faces => "`with faces A and B`",
        face_prob => "`, p(FACE) = 0.5`",
        own_colour => "`own colour`",
        shape | all_alike | all_but_one => "`all alike` or `all but one alike`",
        pooled | per_throw => "`pooled` or `per throw`",
        front_most | chosen => "`front-most` or `chosen`",
        throw_match | any_throw => "a throw (`any`, a class name or values like `3, 5`)",
        value_list => "a list of numbers like `2, 3, 4`",
        in_phase => "`in PHASE`",
        effect | move_eff | release_eff | release_or_move | throw_again | cancel_moves
        | remove_opposing | enter_phase | nothing => {
            "an effect (`move N`, `release N`, `release or move N`, `throw again`, `cancel moves`, `remove opposing piece`, `enter PHASE`, `nothing`)"
        }
        segment => "a track segment (`ROW forward|backward [as LABEL] [goal]`)",
        direction => "`forward` or `backward`",
        goal => "`goal`",
        requirement | throw_req => "a requirement (`throw in 2, 3 by crossing throw|move total`, or conditions)",
        crossing | move_total => "`crossing throw` or `move total`",
        gate_else => "`forbid` or `stop`",
        forbidden | allowed => "`forbidden` or `allowed`",
        capture_mode => "`compulsory` or `optional`",
        capture_effect | send_home => "`remove` or `send home`",
        sharing => "`sharing`",
        share => "`share`",
        start_hole | first_empty => "`start hole` or `first empty hole`",
        row_ref | own_rel | opposing_rel => "a row (`NAME`, `own KIND` or `opposing KIND`)",
        region | ends_of | last_hole_of | first_hole_of => "a region (a row, `ends of ROW`, `first hole of ROW`, `last hole of ROW`)",
        conds | cond | negated => "a condition",
        c_first_team_turn | c_first_turn | c_first_game | c_all_own_released | c_all_released
        | c_all_own_arrived | c_opp_unreleased | c_no_capture | c_immune_or_arrived
        | c_opp_none | c_reading | c_full | of_own | cond_atom => "a condition",
        expr | value_plus | value_kw => "a number, a parameter name or `value`",
        keyword => "a keyword",
        ident | ident_char => "a name",
        rule_id => "an ID such as `TAG-C4` or `A-SIG-1`",
        int => "a whole number",
        number => "a number",
        string | string_inner => "a quoted string",
        WHITESPACE | COMMENT => "white space",
    }
}

/// Turns a pest error into one diagnostic.
pub fn humanise(text: &str, err: pest::error::Error<Rule>) -> Diagnostic {
    let (start, end) = match err.location {
        InputLocation::Pos(p) => (p, p),
        InputLocation::Span((s, e)) => (s, e),
    };
    // Underline the word found there, so the reader sees what was not understood.
    let found_end = text[start..]
        .char_indices()
        .find(|&(_, c)| c.is_whitespace() || (c != '-' && c != '_' && !c.is_alphanumeric()))
        .map_or(text.len(), |(i, c)| if i == 0 { start + c.len_utf8() } else { start + i });
    let span = Span {
        start,
        end: end.max(found_end.min(text.len())),
    };
    let found = if start >= text.len() {
        "the end of the file".to_string()
    } else {
        format!("`{}`", &text[span.start..span.end])
    };
    match err.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().filter(|r| !matches!(r, Rule::WHITESPACE | Rule::COMMENT)).map(|r| describe(*r)).collect();
            words.sort_unstable();
            words.dedup();
            let expected = match words.len() {
                0 => "something else".to_string(),
                1 => words[0].to_string(),
                _ => {
                    let last = words.pop().unwrap_or_default();
                    format!("{} or {}", words.join(", "), last)
                }
            };
            let mut d = Diagnostic::error(span, format!("syntax error: unexpected {found}"), format!("expected {expected}"));
            if let Some(h) = hint(text, start) {
                d = d.with_help(h);
            }
            d
        }
        ErrorVariant::CustomError { message } => Diagnostic::error(span, "syntax error", message),
    }
}

/// A targeted help line for common slips.
fn hint(text: &str, at: usize) -> Option<String> {
    let rest = &text[at.min(text.len())..];
    let word: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '-' || *c == '_').collect();
    let before = text[..at.min(text.len())].trim_end();
    if before.ends_with("rule") || before.ends_with("reading") {
        return Some("IDs look like `TAG-C4` or `A-SIG-1`".into());
    }
    match word.as_str() {
        "color" => Some("the keyword is spelt `colour`".into()),
        "then" => Some("join effects with `and`, e.g. `move 3 and throw again`".into()),
        "stated" | "inferred" | "reconstructed" => None,
        _ if rest.starts_with('\'') => Some("strings use double quotes: \"…\"".into()),
        _ if rest.starts_with('}') && before.ends_with(',') => {
            Some("remove the trailing comma".into())
        }
        _ => None,
    }
}
