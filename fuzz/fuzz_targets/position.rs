//! Any text as position notation (and, when it parses, as a move) for each bundled variant.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "bundled.rs"]
mod bundled;
use bundled::games;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (pos, mv) = text.split_once('\n').unwrap_or((text, "1:1"));
    for g in games() {
        if let Ok(mut s) = g.from_notation(pos) {
            assert_eq!(g.from_notation(&g.to_notation(&s)).as_ref(), Ok(&s), "notation round trip");
            let mut legal = Vec::new();
            g.legal_decisions(&s, &mut legal);
            if let Ok(d) = g.parse_decision(&s, mv) {
                let _ = g.apply_decision(&mut s, d, &mut seig::engine::Quiet);
            }
            if g.is_chance(&s) {
                let _ = g.apply_throw(&mut s, 1, &mut seig::engine::Quiet);
            }
        }
    }
});
