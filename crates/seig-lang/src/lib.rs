//! The language: text → syntax tree → IR, with diagnostics and the formatter.

pub mod diag;
pub mod fmt;
pub use seig_ir as ir;
pub mod keywords;
pub mod lower;
pub mod palette;
pub mod symbols;
pub mod syntax;

use diag::{Code, Diagnostic};

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
                        Diagnostic::global(
                            Code::NotUtf8,
                            format!("the file is not UTF-8: invalid byte at offset {at}"),
                        )
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
