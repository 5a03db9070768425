//! Text to typed syntax tree: the grammar, the AST and pest's errors in plain words.

pub mod ast;
pub mod errors;
pub(crate) mod lex;
pub mod parse;
mod recover;
mod words;

pub use parse::parse;
