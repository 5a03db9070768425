//! seig: a rule-specification language and interpreter for the Saharan stick-dice
//! race-and-war games. Text → syntax tree → IR → engine → tools, in one direction.

pub mod agents;
pub mod analysis;
pub mod cli;
pub mod diag;
pub mod engine;
pub mod fmt;
pub mod ir;
pub mod lower;
pub mod play;
pub mod record;
pub mod sim;
pub mod syntax;

use diag::Diagnostic;

/// Reads a rule file's bytes and lowers them: UTF-8 check, parse, lower.
pub fn load(bytes: &[u8], sel: &lower::Selection) -> (Option<String>, lower::Lowered) {
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let at = e.valid_up_to();
            return (
                None,
                lower::Lowered {
                    ir: None,
                    diagnostics: vec![
                        Diagnostic::global(format!(
                            "the file is not UTF-8: invalid byte at offset {at}"
                        ))
                        .with_help("save the file as UTF-8"),
                    ],
                },
            );
        }
    };
    let lowered = match syntax::parse(text) {
        Ok(ast) => lower::lower(&ast, sel),
        Err(diagnostics) => lower::Lowered {
            ir: None,
            diagnostics,
        },
    };
    (Some(text.to_string()), lowered)
}
