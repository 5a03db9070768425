//! The `seig` command run as a process: flags, output, exit codes, files, the terminal and web front ends. These tests spawn the binary; CI runs this test binary twice so that a racy one shows.

#[path = "../common/mod.rs"]
mod common;

mod browser;
mod browser_colours;
mod browser_play;
mod browser_variants;
mod cli_engine;
mod coverage_sources;
mod diagnostics;
mod driver;
mod each_reading;
mod errors;
mod escapes;
mod files;
mod fmt;
mod fuzz_fixtures;
mod hostile;
mod lsp;
mod outcomes;
mod outputs;
mod play_io;
mod play_term;
mod probe;
mod serve_client;
mod serve_hostile;
mod why;
