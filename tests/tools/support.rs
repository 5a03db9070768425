//! Helpers shared by the tools tests.

use seig::engine::Game;
use seig::lang::lower::Selection;

/// A selection with each of `g`'s readings set to the option `picks` names (cycled, each
/// taken modulo the reading's option count).
#[allow(clippy::indexing_slicing, reason = "k is below the option count")]
pub fn picked_readings(g: &Game, picks: &[u64]) -> Selection {
    let readings = g
        .ir()
        .readings
        .iter()
        .zip(picks.iter().cycle())
        .map(|(r, &p)| {
            let k = (p % r.options.len() as u64) as usize;
            (r.id.clone(), r.options[k].0.clone())
        })
        .collect();
    Selection {
        readings,
        params: Vec::new(),
    }
}
