//! The command line's one error reporter (`seig::cli::error`): each kind of error has the
//! exit status the README documents, and its text has the `error: ` prefix once (a rule
//! file's diagnostics none: they carry their own `error[E…]`).

#![allow(
    clippy::expect_used,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use seig::cli::error::{CliError, Status};
use seig::lang::lower::Selection;
use std::path::Path;

fn missing() -> seig::tools::files::ReadError {
    seig::tools::files::read(Path::new("no/such/file.seig")).expect_err("no such file")
}

#[test]
fn each_error_has_its_documented_status_and_one_prefix() {
    let cases = [
        (CliError::Read(missing()), 1),
        (CliError::ReadArgument(missing()), 2),
        (CliError::usage("bad --position: x"), 2),
        (CliError::failed("the engine stopped: x"), 1),
        (
            CliError::Load(
                seig::tools::analysis::load(Path::new("no/such/file.seig"), &Selection::default())
                    .expect_err("no such file"),
            ),
            1,
        ),
    ];
    for (e, code) in &cases {
        assert_eq!(e.code(), *code, "{e:?}");
        let text = e.text();
        assert!(text.starts_with("error: "), "{text}");
        assert_eq!(text.matches("error: ").count(), 1, "{text}");
        assert!(text.ends_with('\n') && !text.ends_with("\n\n"), "{text:?}");
    }
}

#[test]
fn a_file_that_does_not_load_is_shown_by_its_diagnostics_alone() {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/diagnostics/track_loops_twice.seig");
    let e = CliError::Load(
        seig::tools::analysis::load(&path, &Selection::default()).expect_err("E061"),
    );
    assert_eq!(e.code(), 1);
    let text = e.text();
    assert!(text.starts_with("error[E061]: "), "{text}");
    assert!(!text.contains("error: "), "{text}");
}

#[test]
fn statuses_map_to_exit_codes_and_the_worst_wins() {
    assert_eq!(Status::from_code(0), Status::Success);
    assert_eq!(Status::from_code(1), Status::Failure);
    assert_eq!(Status::from_code(141).code(), 141);
    assert_eq!(Status::from_code(74).code(), 74);
    // Out of a process's range: a failure, never success.
    assert_eq!(Status::from_code(-1), Status::Failure);
    assert_eq!(Status::from_code(256), Status::Failure);
    assert_eq!(Status::Success.max(Status::Failure), Status::Failure);
}
