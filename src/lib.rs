//! seig: a rule-specification language and interpreter for the Saharan stick-dice
//! race-and-war games.
//!
//! The layers are crates of one workspace, each depending only on the ones before it, so
//! Cargo itself keeps the direction:
//!
//! 1. [`lang`] (`seig-lang`) — the language: syntax tree, lowering, IR, diagnostics, formatter;
//! 2. [`engine`] (`seig-engine`) — plays what the IR says: states, chance outcomes, legal
//!    decisions;
//! 3. [`tools`] (`seig-tools`) — what people do with games: agents, the game driver, records,
//!    analysis, play sessions; they return data and typed errors and print nothing;
//! 4. [`cli`] (this package) — the `seig` command: flags, printing and exit codes, the
//!    terminal game and the web server.

pub mod cli;
pub use seig_engine as engine;
pub use seig_lang as lang;
pub use seig_tools as tools;
