//! Any bytes as a game record: load, check against a bundled variant, replay.
#![no_main]

use libfuzzer_sys::fuzz_target;
use seig::engine::Game;
use seig::tools::record::Record;
use std::sync::OnceLock;

fn game() -> &'static (Game, Vec<u8>) {
    static G: OnceLock<(Game, Vec<u8>)> = OnceLock::new();
    G.get_or_init(|| {
        let bytes = std::fs::read(format!("{}/../rules/sig-beart.seig", env!("CARGO_MANIFEST_DIR"))).expect("rule file");
        let g = Game::new(seig::lang::load(&bytes, &Default::default()).1.ir.expect("bundled file checks"));
        (g, bytes)
    })
}

fuzz_target!(|data: &[u8]| {
    let (g, bytes) = game();
    if let Ok(r) = Record::from_json("fuzz.json", data) {
        let _ = r.check_matches(g, bytes);
        let _ = r.replay(g);
    }
});
