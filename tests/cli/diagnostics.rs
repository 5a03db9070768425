//! The malformed-input corpus (`tests/diagnostics/*.seig`): what `seig check` says about
//! each file, as snapshots, and the properties every diagnostic must have.
#![allow(
    clippy::expect_used,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::lang::diag::{self, Diagnostic};
use seig::lang::lower::Selection;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A small valid variant, for the command-line tests.
const MINI: &str = include_str!("../fixtures/mini.seig");

fn corpus() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/diagnostics exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "seig"))
        .collect();
    files.sort();
    files
}

fn stem(path: &Path) -> String {
    path.file_stem()
        .expect("a file name")
        .to_string_lossy()
        .into_owned()
}

/// What `seig check` does for one file: load, render every diagnostic, summarise.
fn check(name: &str, bytes: &[u8], sel: &Selection) -> (Option<String>, Vec<Diagnostic>, String) {
    let (text, lowered) = seig::lang::load(bytes, sel);
    let mut out = diag::render(name, text.as_deref().unwrap_or(""), &lowered.diagnostics);
    let errors = lowered.diagnostics.iter().filter(|d| d.is_error()).count();
    let warnings = lowered.diagnostics.len() - errors;
    out.push_str(&format!(
        "{name}: {errors} error(s), {warnings} warning(s)\n"
    ));
    (text, lowered.diagnostics, out)
}

#[test]
fn corpus_is_large_and_every_file_says_what_it_shows() {
    let files = corpus();
    assert!(files.len() >= 35, "only {} corpus files", files.len());
    for path in &files {
        let bytes = std::fs::read(path).expect("readable");
        if bytes.is_empty() {
            assert_eq!(
                stem(path),
                "empty_file",
                "only empty_file.seig may be empty"
            );
            continue;
        }
        assert!(
            bytes.starts_with(b"# "),
            "{} must start with a `#` comment naming its mistake",
            path.display()
        );
    }
}

#[test]
fn corpus_snapshots() {
    for path in corpus() {
        let name = stem(&path);
        let rel = format!("tests/diagnostics/{name}.seig");
        let bytes = std::fs::read(&path).expect("readable");
        let (_, _, out) = check(&rel, &bytes, &Selection::default());
        let header: String = String::from_utf8_lossy(&bytes)
            .lines()
            .take_while(|l| l.starts_with('#'))
            .collect::<Vec<_>>()
            .join("\n");
        insta::with_settings!({ description => header, omit_expression => true, prepend_module_to_snapshot => true }, {
            insta::assert_snapshot!(name.as_str(), out);
        });
    }
}

#[test]
fn every_corpus_file_gets_a_located_explained_diagnostic() {
    for path in corpus() {
        let rel = format!("tests/diagnostics/{}.seig", stem(&path));
        let bytes = std::fs::read(&path).expect("readable");
        let (text, diags, _) = check(&rel, &bytes, &Selection::default());
        assert!(!diags.is_empty(), "{rel}: no diagnostic");
        for d in &diags {
            assert!(
                !d.message.trim().is_empty(),
                "{rel}: a diagnostic without a message"
            );
            let one = diag::render(&rel, text.as_deref().unwrap_or(""), std::slice::from_ref(d));
            let Some(span) = d.span else {
                // Only problems with no place in the text may go without a location.
                assert!(text.is_none(), "{rel}: `{}` has no location", d.message);
                continue;
            };
            let text = text.as_deref().expect("a located diagnostic has a text");
            assert!(
                span.start <= span.end && span.end <= text.len(),
                "{rel}: span {span:?} outside the text"
            );
            assert!(
                !d.label.trim().is_empty(),
                "{rel}: `{}` does not say what was expected",
                d.message
            );
            let (line, col) = diag::line_col(text, span.start);
            let at = format!("┌─ {rel}:{line}:{col}");
            assert!(
                one.contains(&at),
                "{rel}: `{}` is not shown at {line}:{col}:\n{one}",
                d.message
            );
        }
    }
}

fn mini_with(sel: Selection) -> String {
    check("mini.seig", MINI.as_bytes(), &sel).2
}

#[test]
fn mini_is_clean() {
    let (_, diags, _) = check("mini.seig", MINI.as_bytes(), &Selection::default());
    assert!(diags.is_empty(), "{diags:?}");
}

#[test]
fn selection_of_an_unknown_reading() {
    let sel = Selection {
        readings: vec![("A-X-2".into(), "optional".into())],
        params: vec![],
    };
    let (_, diags, _) = check("mini.seig", MINI.as_bytes(), &sel);
    assert!(
        diags.iter().all(|d| d.span.is_none() && d.is_error()),
        "{diags:?}"
    );
    insta::assert_snapshot!("selection_unknown_reading", mini_with(sel));
}

#[test]
fn selection_of_an_unknown_option() {
    let sel = Selection {
        readings: vec![("A-X-1".into(), "optionel".into())],
        params: vec![],
    };
    insta::assert_snapshot!("selection_unknown_option", mini_with(sel));
}

#[test]
fn selection_of_a_param_out_of_range() {
    let sel = Selection {
        readings: vec![],
        params: vec![("holes".into(), 11)],
    };
    let (_, diags, _) = check("mini.seig", MINI.as_bytes(), &sel);
    assert_eq!(diags.len(), 1, "{diags:?}");
    assert!(diags[0].span.is_none() && diags[0].is_error());
    insta::assert_snapshot!("selection_param_out_of_range", mini_with(sel));
}

#[test]
fn selection_of_an_unknown_param() {
    let sel = Selection {
        readings: vec![],
        params: vec![("hole".into(), 8)],
    };
    insta::assert_snapshot!("selection_unknown_param", mini_with(sel));
}

#[test]
fn selection_within_range_is_clean() {
    let sel = Selection {
        readings: vec![("A-X-1".into(), "optional".into())],
        params: vec![("holes".into(), 10)],
    };
    let (_, diags, _) = check("mini.seig", MINI.as_bytes(), &sel);
    assert!(diags.is_empty(), "{diags:?}");
}

/// Runs the real binary; returns the exit code and stdout + stderr.
fn seig(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_seig"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("seig runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().expect("an exit code"), text)
}

#[test]
fn exit_codes() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let clean = dir.join("diagnostics-mini.seig");
    std::fs::write(&clean, MINI).expect("writable temp dir");
    let clean = clean.to_str().expect("a UTF-8 path");

    let (code, out) = seig(&["check", clean]);
    assert_eq!(code, 0, "a clean file: {out}");
    assert!(out.contains("0 error(s), 0 warning(s)"), "{out}");

    let (code, out) = seig(&["check", "tests/diagnostics/unknown_phase_near_miss.seig"]);
    assert_eq!(code, 1, "a file with errors: {out}");
    assert!(
        out.contains("┌─ tests/diagnostics/unknown_phase_near_miss.seig:"),
        "{out}"
    );

    let (code, out) = seig(&["check", "tests/diagnostics/rule_without_citation.seig"]);
    assert_eq!(code, 0, "warnings alone do not fail: {out}");
    let (code, out) = seig(&[
        "check",
        "--deny-warnings",
        "tests/diagnostics/rule_without_citation.seig",
    ]);
    assert_eq!(code, 1, "unless denied: {out}");

    let (code, out) = seig(&["check", clean, "--reading", "A-X-9=yes"]);
    assert_eq!(
        code, 1,
        "an unknown reading is an error in the file's terms: {out}"
    );
    assert!(out.contains("declares no reading `A-X-9`"), "{out}");
    let (code, out) = seig(&["check", clean, "--param", "holes=40"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("outside the range of `holes`"), "{out}");

    // Usage errors.
    let (code, out) = seig(&["check"]);
    assert_eq!(code, 2, "no file: {out}");
    let (code, out) = seig(&["check", clean, "--reading", "foo"]);
    assert_eq!(code, 2, "--reading without `=`: {out}");
    assert!(out.contains("NAME=OPTION"), "{out}");
    let (code, out) = seig(&["check", clean, "--param", "holes=many"]);
    assert_eq!(code, 2, "--param with no number: {out}");

    // A missing file is reported, not a crash.
    let (code, out) = seig(&["check", "tests/diagnostics/no-such-file.seig"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("cannot read"), "{out}");
}

/// Each corpus file gives these diagnostic codes, in order. Codes are stable: a change here
/// is a change of the language's interface.
const CORPUS_CODES: &[(&str, &[&str])] = &[
    ("keywords_run_together", &["E001", "E001", "E001", "E001"]),
    ("keyword_against_a_number", &["E001"]),
    ("track_end_two_ways", &["E110"]),
    ("home_target_on_remove", &["E111"]),
    ("overlapping_captures", &["E112"]),
    ("too_many_once", &["E113"]),
    ("release_order_by_hole_beside", &["E114"]),
    ("stacks_where_stacking_forbidden", &["E115"]),
    ("stacks_without_stacking_statement", &["E115"]),
    ("stacks_only_at_a_final_goal", &["W026"]),
    ("swap_never_made", &["W027"]),
    ("must_land_never_passed", &["W028"]),
    ("send_on_two_holes", &["E140"]),
    ("send_on_unreached", &["W040"]),
    ("safe_hole_unreached", &["W040"]),
    ("must_land_unreached", &["W040"]),
    ("start_hole_twice", &["E160"]),
    ("teams_start_on_one_hole", &["E161"]),
    ("teams_share_start_hole", &["W042"]),
    ("run_never_forms", &["W041"]),
    ("backward_never", &["W044"]),
    ("prisoners_freed_never", &["W046"]),
    ("bear_off_impossible_throw", &["W045"]),
    ("blockade_never_passed", &["W047"]),
    ("shown_unknown_colour", &["E150", "E150"]),
    ("shown_same_colour", &["W050"]),
    ("shown_low_contrast", &["W051"]),
    ("param_default_not_odd", &["E023"]),
    ("param_default_not_listed", &["E023"]),
    ("stacks_at_goal_without_goal", &["E115"]),
    ("track_entry_twice", &["E125"]),
    ("branch_off_track", &["E170"]),
    ("branch_rejoin_off_path", &["E171"]),
    ("branch_with_bounce", &["E172"]),
    ("entry_on_track", &["E126"]),
    ("entry_behind_gate", &["E127", "W004"]),
    ("release_by_hole_in_entry_beside", &["E114"]),
    ("two_release_orders_in_one_rule", &["E120"]),
    ("two_release_regions_in_one_rule", &["E131"]),
    ("back_walks_row_twice", &["E130"]),
    ("ambiguous_start_row", &["E073"]),
    ("citation_unknown_source", &["E010"]),
    ("color_spelling", &["E001"]),
    ("double_equals", &["E001"]),
    ("duplicate_reading", &["E011"]),
    ("empty_citation", &["W007"]),
    ("faces_named_twice", &["E012", "E040", "E010"]),
    ("game_named_twice", &["E021"]),
    ("incomplete_order", &["E042"]),
    ("no_rows", &["E053"]),
    ("no_throw_table", &["E090"]),
    ("no_track", &["E057"]),
    ("repeated_option", &["E024"]),
    ("row_named_like_team", &["E050"]),
    ("duplicate_rule_id", &["E011"]),
    ("duplicate_source", &["E011"]),
    ("empty_file", &["E020"]),
    ("enter_unknown_phase", &["E010"]),
    ("entry_never_applies", &["W001"]),
    ("no_piece_ever_released", &["W020"]),
    ("win_never_holds", &["W021"]),
    ("phase_never_entered", &["W022"]),
    ("gate_never_opens", &["W023"]),
    ("capture_never_applies", &["W024"]),
    ("track_holes_never_reached", &["W025"]),
    ("every_throw_throws_again", &["E092"]),
    ("face_probability_out_of_range", &["E080"]),
    ("gate_ambiguous_segment", &["E060"]),
    ("gate_unknown_segment", &["E059"]),
    ("huge_number", &["E004"]),
    ("if_undeclared_reading", &["E010"]),
    ("if_unknown_option", &["E013"]),
    ("keyword_as_param_name", &["E001"]),
    ("many_mistakes", &["E010", "E071", "E010", "E010", "E013"]),
    ("missing_closing_brace", &["E001"]),
    ("missing_colon_row", &["E001"]),
    ("missing_colon_throw", &["E001"]),
    ("missing_holes_word", &["E001"]),
    ("missing_rule_status", &["E001"]),
    ("misspelt_condition", &["E001"]),
    ("misspelt_item_keyword", &["E001"]),
    ("misspelt_statement_keyword", &["E001"]),
    ("nesting_too_deep", &["E003"]),
    ("no_sticks", &["E082"]),
    ("probability_of_unnamed_face", &["E081"]),
    ("no_title", &["W006"]),
    ("not_utf8", &["E005"]),
    ("only_comments", &["E020"]),
    ("own_colour_without_colours", &["E083"]),
    ("own_kind_without_owner", &["E072"]),
    ("param_default_out_of_range", &["E023"]),
    ("param_empty_range", &["E022"]),
    ("param_default_cycle", &["E027", "E027"]),
    ("param_default_unknown", &["E010"]),
    ("phase_into_itself", &["E093"]),
    ("reading_missing_brace", &["E001"]),
    ("reading_single_option", &["W008", "W005"]),
    ("reading_two_defaults", &["E026"]),
    ("reading_without_default", &["E025"]),
    ("row_kind_near_miss", &["E010"]),
    ("row_on_no_track", &["W003"]),
    ("rule_id_not_an_id", &["E001"]),
    ("rule_without_citation", &["W009"]),
    ("same_face_twice", &["E041"]),
    ("set_twice", &["E012"]),
    ("single_quotes", &["E001"]),
    ("statement_outside_rule", &["E001"]),
    ("sticks_without_faces", &["E081"]),
    ("stray_closing_brace", &["E001"]),
    ("team_pieces_mismatch", &["E054"]),
    ("pieces_from_hole_do_not_fit", &["E054"]),
    ("draw_shadowed_by_win", &["E100"]),
    ("count_over_unknown_row", &["E010", "E010"]),
    ("then_instead_of_and", &["E001"]),
    ("three_teams", &["E043"]),
    ("throw_value_too_high", &["W001"]),
    ("too_many_sticks", &["E071"]),
    ("track_same_row_twice", &["E058"]),
    ("trailing_comma_in_list", &["E001"]),
    ("two_tracks_for_a_team", &["E055"]),
    ("typographic_quotes", &["E001"]),
    ("unclosed_string_mid_file", &["E001"]),
    ("uncovered_throw_value", &["E091"]),
    ("unknown_capture_effect", &["E001"]),
    ("unknown_class_near_miss", &["E010"]),
    ("unknown_face_near_miss", &["E010"]),
    ("unknown_param_near_miss", &["E010"]),
    ("unknown_phase_near_miss", &["E010"]),
    ("unknown_row_near_miss", &["E010"]),
    ("unknown_team_near_miss", &["E010"]),
    ("unterminated_string", &["E002"]),
    ("unused_reading", &["W005"]),
    ("value_as_row_size", &["E070"]),
    ("too_many_holes", &["E051"]),
    ("row_named_like_a_kind", &["E052"]),
    ("team_without_pieces", &["E056"]),
    ("track_loops_twice", &["E061"]),
    ("throw_value_out_of_range", &["E074"]),
    ("captures_forbidden_but_never_allowed", &["W002"]),
    ("typo_after_a_region", &["E001"]),
    ("or_between_conditions", &["E001"]),
    ("hole_by_number_as_region", &["E071"]),
    ("no_move_possible", &["E001"]),
    (
        "several_syntax_errors",
        &["E001", "E001", "E001", "E001", "E001"],
    ),
    ("errors_in_several_items", &["E001", "E001", "E001"]),
    ("glued_and_broken", &["E001", "E001"]),
    ("rejected_segment_no_cascade", &["E058"]),
    ("impossible_throw_value", &["W010"]),
    ("empty_rule", &["W011"]),
    ("branch_never_in_force", &["W012", "W012"]),
    ("unknown_name_in_another_branch", &["E010"]),
    ("phase_change_shadowed", &["W013"]),
    ("sticks_if_shadowed", &["W014"]),
    ("throw_entry_shadowed_by_its_conditions", &["W001"]),
    ("dice_and_sticks", &["E185"]),
    ("die_face_worth_too_much", &["E186"]),
    ("class_of_dice", &["E187"]),
    ("marked_without_marked_stick", &["E188"]),
];

/// Every code in `diag::Code::ALL` has a case (`Code::case`, in the one table of codes): a
/// corpus file that gives it, or a stated reason and the test that gives it instead (and no
/// corpus file gives an excused code).
#[test]
fn every_code_has_a_corpus_case() {
    for c in diag::Code::ALL {
        let code = c.as_str();
        let files: Vec<&str> = CORPUS_CODES
            .iter()
            .filter(|(_, cs)| cs.contains(&code))
            .map(|(f, _)| *f)
            .collect();
        match c.case() {
            diag::Case::Corpus(file) => assert!(
                files.contains(&file),
                "{code}: the table names corpus file {file}, which does not give it (given by {files:?})"
            ),
            diag::Case::Elsewhere(why) => assert!(
                files.is_empty() && !why.trim().is_empty(),
                "{code}: excused ({why}) but given by corpus files {files:?}: name one in the table"
            ),
        }
    }
}

/// E006: a file with more statements than the limit gets one located error, and nothing
/// else is checked.
#[test]
fn a_file_over_the_item_limit_is_e006() {
    let body = "  on 0: nothing\n".repeat(seig::lang::lower::MAX_ITEMS + 1);
    let text = MINI.replacen("{\n", &format!("{{\n{body}"), 1);
    let (_, diags, out) = check("big.seig", text.as_bytes(), &Selection::default());
    let codes: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["E006"], "{out}");
    assert!(
        out.contains(&format!(
            "statements; the limit is {} of each",
            seig::lang::lower::MAX_ITEMS
        )),
        "{out}"
    );
}

#[test]
fn corpus_codes() {
    let files = corpus();
    assert_eq!(
        files.len(),
        CORPUS_CODES.len(),
        "every corpus file has its codes listed"
    );
    for path in files {
        let name = stem(&path);
        let bytes = std::fs::read(&path).expect("readable");
        let (_, diags, _) = check(&name, &bytes, &Selection::default());
        let codes: Vec<&str> = diags.iter().map(|d| d.code.as_str()).collect();
        let expected = CORPUS_CODES
            .iter()
            .find(|(n, _)| *n == name)
            .unwrap_or_else(|| panic!("no codes listed for {name}"))
            .1;
        assert_eq!(codes, expected, "{name}");
    }
}

#[test]
fn codes_are_unique_well_formed_and_match_severity() {
    let mut seen = std::collections::HashSet::new();
    assert!(
        diag::Code::ALL.is_sorted_by_key(|c| c.as_str()),
        "the table of codes is in code order"
    );
    for c in diag::Code::ALL {
        let s = c.as_str();
        assert!(seen.insert(s), "{s} twice");
        assert!(
            s.len() == 4 && (s.starts_with('E') || s.starts_with('W')),
            "{s}"
        );
        assert!(s[1..].chars().all(|ch| ch.is_ascii_digit()), "{s}");
        assert_eq!(s.starts_with('W'), c.is_warning(), "{s}: its severity");
    }
    for path in corpus() {
        let bytes = std::fs::read(&path).expect("readable");
        let (_, diags, out) = check("f", &bytes, &Selection::default());
        for d in &diags {
            assert_eq!(d.code.is_warning(), !d.is_error(), "{}", d.message);
            let head = format!(
                "{}[{}]: {}",
                if d.is_error() { "error" } else { "warning" },
                d.code.as_str(),
                d.message
            );
            assert!(out.contains(&head), "rendered with its code: {head}");
        }
    }
}

/// The code table of `docs/language.md` is the one `diag::Code::markdown_table` prints from
/// the table of codes.
#[test]
fn every_code_is_documented() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/language.md");
    let doc = std::fs::read_to_string(path).expect("docs/language.md");
    let table = diag::Code::markdown_table();
    assert!(
        doc.contains(&table),
        "the code table of docs/language.md differs from the table of codes; paste:\n{table}"
    );
}

/// The playability warnings (W020–W025) never fire on the bundled files, under any one
/// reading option; under the defaults the bundled files raise no diagnostic at all.
#[test]
fn bundled_files_are_playable() {
    let playability = ["W020", "W021", "W022", "W023", "W024", "W025"];
    for name in ["seig-tagent", "sig-beart", "sigue-caillie"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("rules/{name}.seig"));
        let bytes = std::fs::read(&path).expect("readable");
        let (text, diags, out) = check(name, &bytes, &Selection::default());
        assert!(diags.is_empty(), "{out}");
        let ast = seig::lang::syntax::parse(&text.expect("UTF-8")).expect("parses");
        for item in &ast.items {
            let seig::lang::syntax::ast::Item::Reading(r) = item else {
                continue;
            };
            for o in &r.options {
                let sel = Selection {
                    readings: vec![(r.id.node.clone(), o.name.node.clone())],
                    params: Vec::new(),
                };
                let (_, diags, out) = check(name, &bytes, &sel);
                assert!(
                    diags
                        .iter()
                        .all(|d| !playability.contains(&d.code.as_str())),
                    "{name} with {}={}: {out}",
                    r.id.node,
                    o.name.node
                );
            }
        }
    }
}

/// The web page's one-pass locator agrees with `line_col` at every offset: ASCII and
/// multi-byte characters, CRLF and LF line ends, an empty last line, offsets inside a
/// character and past the end.
#[test]
fn the_line_index_locates_as_line_col_does() {
    let text = "ab\r\nçé\n\n  x→y\r\n\nlast";
    let index = diag::LineIndex::new(text);
    for offset in 0..=text.len() + 3 {
        assert_eq!(
            index.line_col(text, offset),
            diag::line_col(text, offset),
            "offset {offset}"
        );
    }
}
