//! A throw in words: its value first (what the game counts), its sticks beside it. The
//! throw itself is the view model's [`ThrowSeen`]; these are its words.

use crate::view::{ThrowSeen, seat_words};
use seig_engine::{Game, State};
use seig_lang::ir::Ir;

/// `throw 5 (3 of 5 white)`: the value the throw has for the team to play at `before`,
/// then the sticks showing the first face, of the sticks thrown.
pub fn throw(g: &Game, before: &State, k: u8) -> String {
    let n = g.sticks_for(before);
    let t = ThrowSeen::new(g.ir(), n, k, Some((before.team(), before.seat())), true);
    format!("throw {} ({})", t.value, sticks(g, k, n))
}

/// `dice 1 and 4`: the values the dice show.
pub fn dice(values: &[u8]) -> String {
    let vs: Vec<String> = values.iter().map(u8::to_string).collect();
    match vs.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("dice {} and {last}", rest.join(", ")),
        Some((one, _)) => format!("a die {one}"),
        None => String::new(),
    }
}

/// `north threw 3` (`the last throw was 3` when the thrower is not known).
pub fn headline(ir: &Ir, t: &ThrowSeen) -> String {
    match t.thrower {
        Some((team, seat)) => format!("{} threw {}", seat_words(ir, team, seat), t.value),
        None => format!("the last throw was {}", t.value),
    }
}

/// The sticks of the counted face, then the other's: `3 black, 2 white`.
pub fn faces(ir: &Ir, t: &ThrowSeen) -> String {
    if !t.dice.is_empty() {
        return dice(&t.dice);
    }
    let face = |f: u8| ir.sticks.faces.get(f as usize).map_or("?", |x| x.as_str());
    format!(
        "{} {}{}, {} {}",
        t.counted.1,
        face(t.counted.0),
        if t.marked { " (the marked stick)" } else { "" },
        t.other.1,
        face(t.other.0)
    )
}

/// The whole throw in a line: `north threw 3 (3 black, 2 white; all alike)`.
pub fn seen(ir: &Ir, t: &ThrowSeen) -> String {
    let classes = if t.classes.is_empty() {
        String::new()
    } else {
        format!("; {}", t.classes.join(", "))
    };
    format!("{} ({}{classes})", headline(ir, t), faces(ir, t))
}

/// `3 of 5 white`: the sticks showing the first face, of the sticks thrown.
pub fn sticks(g: &Game, k: u8, n: u8) -> String {
    if let Some(vs) = g.dice_of(k) {
        return dice(vs);
    }
    let face = g.ir().sticks.faces.first().map_or("", String::as_str);
    if g.is_marked_throw(n, k) {
        let t = ThrowSeen::new(g.ir(), n, k, None, false);
        let zeros = if t.counted.0 == 0 { t.counted } else { t.other };
        return format!("{} of {n} {face}, the marked stick alone counted", zeros.1);
    }
    format!("{k} of {n} {face}")
}
