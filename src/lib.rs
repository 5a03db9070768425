//! seig: a rule-specification language and interpreter for the Saharan stick-dice
//! race-and-war games.
//!
//! The crate is four layers, each using only the layers before it (a test,
//! `tests/layers.rs`, fails on an import that points the other way):
//!
//! 1. [`lang`] — the language: syntax tree, lowering, IR, diagnostics, formatter;
//! 2. [`engine`] — plays what the IR says: states, chance outcomes, legal decisions;
//! 3. [`tools`] — what people do with games: agents, the game driver, records, analysis,
//!    play sessions; they return data and typed errors and print nothing;
//! 4. [`cli`] — the `seig` command: flags, printing and exit codes.

pub mod cli;
pub mod engine;
pub mod lang;
pub mod tools;
