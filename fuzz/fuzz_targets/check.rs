//! Any bytes as a rule file: load (UTF-8 check, parse, lower), render the diagnostics,
//! format when it parses. Nothing may panic or hang.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (text, lowered) = seig::lang::load(data, &Default::default());
    let text = text.unwrap_or_default();
    let _ = seig::lang::diag::render("fuzz.seig", &text, &lowered.diagnostics);
    if let Ok(ast) = seig::lang::syntax::parse(&text) {
        let _ = seig::lang::fmt::format(&ast, &text);
    }
    if let Some(ir) = lowered.ir {
        // A file that checks must also start a game.
        let g = seig::engine::Game::new(ir);
        let s = g.initial_state();
        let _ = g.to_notation(&s);
    }
});
