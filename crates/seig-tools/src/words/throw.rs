//! A throw in words: its value first (what the game counts), its sticks beside it.

use seig_engine::{Game, State};

/// `throw 5 (3 of 5 white)`: the value the throw has for the team to play at `before`,
/// then the sticks showing the first face, of the sticks thrown.
pub fn throw(g: &Game, before: &State, k: u8) -> String {
    let ir = g.ir();
    let n = g.sticks_for(before);
    let v = ir
        .sticks
        .value
        .value
        .throw_value(ir.team_of(before.team()).colour_face(), k.min(n), n);
    format!("throw {v} ({})", sticks(g, k, n))
}

/// `3 of 5 white`: the sticks showing the first face, of the sticks thrown.
pub fn sticks(g: &Game, k: u8, n: u8) -> String {
    let face = g.ir().sticks.faces.first().map_or("", String::as_str);
    format!("{k} of {n} {face}")
}
