//! Engine events in words: `north piece 3 is captured and sent home (SIG-C2)`.

use super::{phase, rule_id, team};
use seig_engine::Event;
use seig_lang::ir::Ir;

/// What taking a piece was: counted apart, and alike, in every table and trace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Taking {
    /// A landing capture that put the piece out of the game.
    Capture,
    /// A landing capture that sent the piece home (a capture too).
    SendHome,
    /// A landing capture that put the piece on the hole its taker left (`swap`; a capture
    /// too).
    Swap,
    /// A piece removed by a throw's effect (`remove opposing piece`): not a capture.
    Removal,
}

impl Taking {
    /// The trace's and the web page's tag: `capture`, `send-home`, `swap` or `removal`.
    pub fn tag(self) -> &'static str {
        match self {
            Taking::Capture => "capture",
            Taking::SendHome => "send-home",
            Taking::Swap => "swap",
            Taking::Removal => "removal",
        }
    }
}

/// What a `Captured` event was, given whether it happened during a throw (a throw's
/// effect removes; a move's landing captures). `None` for every other event.
pub fn taking(e: &Event, by_throw: bool) -> Option<Taking> {
    match *e {
        Event::Captured { swapped: true, .. } => Some(Taking::Swap),
        Event::Captured { home: true, .. } => Some(Taking::SendHome),
        Event::Captured { .. } if by_throw => Some(Taking::Removal),
        Event::Captured { .. } => Some(Taking::Capture),
        _ => None,
    }
}

/// An event in words, with the rule that made it in brackets. `by_throw`: the event
/// happened while a throw was applied (a piece taken then is removed by the throw).
pub fn event(ir: &Ir, e: &Event, by_throw: bool) -> String {
    let piece = |t, p: u8| format!("{} piece {}", team(ir, t), p as usize + 1);
    match *e {
        Event::Throw { value, rule } => match rule {
            Some(r) => format!("the throw of {value} meets {}", rule_id(ir, r)),
            None => format!("the throw of {value} meets no entry of the throw table"),
        },
        Event::Moved {
            team: t,
            piece: p,
            ref rules,
            ..
        } => format!(
            "{} moves ({})",
            piece(t, p),
            rules
                .iter()
                .map(|&r| rule_id(ir, r))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Event::Captured {
            team: t,
            piece: p,
            rule,
            ..
        } => {
            let how = match taking(e, by_throw) {
                Some(Taking::SendHome) => "is captured and sent home",
                Some(Taking::Swap) => "is captured and put on the hole its taker left",
                Some(Taking::Removal) => "is removed by the throw",
                _ => "is captured and out of the game",
            };
            format!("{} {how} ({})", piece(t, p), rule_id(ir, rule))
        }
        Event::Immune {
            team: t,
            piece: p,
            rule,
        } => format!("{} becomes immune ({})", piece(t, p), rule_id(ir, rule)),
        Event::Forfeit { entries } => format!(
            "{} of the pool cannot be used and {} forfeited",
            super::count(entries.into(), "move", "moves"),
            if entries == 1 { "is" } else { "are" }
        ),
        Event::Phase { to, rule } => format!(
            "the game enters the {} phase ({})",
            phase(ir, to),
            rule_id(ir, rule)
        ),
        Event::Won { team: t, rule } => format!("{} wins ({})", team(ir, t), rule_id(ir, rule)),
        Event::Passed { entries: 0 } => "the seat stops throwing".into(),
        Event::Passed { entries } => format!(
            "the seat passes, declining {} of the pool",
            super::count(entries.into(), "move", "moves")
        ),
        Event::ThrewOn => "the seat throws on".into(),
        Event::HomeChosen {
            team: t,
            piece: p,
            cell,
        } => format!("{} is put on {}", piece(t, p), ir.cell_name(cell)),
    }
}

/// An event worth a line of its own beside the action that caused it: everything but
/// the move itself, which the action's own line says.
pub fn effect(ir: &Ir, e: &Event, by_throw: bool) -> Option<String> {
    match e {
        Event::Moved { .. } => None,
        _ => Some(event(ir, e, by_throw)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use seig_lang::ir::TeamId;

    #[test]
    fn a_capture_that_sends_home_is_a_capture_and_a_removal_is_not() {
        let e = Event::Captured {
            team: TeamId::FIRST,
            piece: 0,
            home: true,
            swapped: false,
            rule: seig_lang::ir::RuleIx::new(0),
        };
        assert_eq!(taking(&e, false), Some(Taking::SendHome));
        let w = Event::Captured {
            team: TeamId::FIRST,
            piece: 0,
            home: true,
            swapped: true,
            rule: seig_lang::ir::RuleIx::new(0),
        };
        assert_eq!(taking(&w, false), Some(Taking::Swap));
        let r = Event::Captured {
            team: TeamId::FIRST,
            piece: 0,
            home: false,
            swapped: false,
            rule: seig_lang::ir::RuleIx::new(0),
        };
        assert_eq!(taking(&r, true), Some(Taking::Removal));
        assert_eq!(taking(&r, false), Some(Taking::Capture));
    }
}
