//! The bundled variants, lowered once, for the fuzz targets that play positions.

use seig::engine::Game;
use std::sync::OnceLock;

/// Tagent, Sig and Sigue under their default readings.
pub fn games() -> &'static [Game] {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES.get_or_init(|| {
        ["seig-tagent.seig", "sig-beart.seig", "sigue-caillie.seig"]
            .iter()
            .map(|f| {
                let bytes = std::fs::read(format!("{}/../rules/{f}", env!("CARGO_MANIFEST_DIR"))).expect("rule file");
                Game::new(seig::lang::load(&bytes, &Default::default()).1.ir.expect("bundled file checks"))
            })
            .collect()
    })
}
