//! `seig check`: every diagnostic of each file, and a count of errors and warnings.

use super::Choices;
use crate::lang::diag;
use std::path::PathBuf;

/// Runs `seig check`: exit 1 when a file has an error (or, with `deny_warnings`, a
/// warning) or cannot be read, 0 otherwise.
pub fn check(files: &[PathBuf], choices: &Choices, deny_warnings: bool) -> i32 {
    let mut worst = 0;
    for path in files {
        let bytes = match crate::tools::files::read(path) {
            Ok(b) => b,
            Err(m) => {
                eprintln!("{m}");
                worst = 1;
                continue;
            }
        };
        let (text, lowered) = crate::lang::load(&bytes, &choices.selection());
        let name = path.display().to_string();
        print!(
            "{}",
            diag::render(&name, text.as_deref().unwrap_or(""), &lowered.diagnostics)
        );
        let errors = lowered.diagnostics.iter().filter(|d| d.is_error()).count();
        let warnings = lowered.diagnostics.len() - errors;
        if errors > 0 || (deny_warnings && warnings > 0) {
            worst = 1;
        }
        println!("{name}: {errors} error(s), {warnings} warning(s)");
    }
    worst
}
