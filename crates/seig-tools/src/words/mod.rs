//! Words for people, written once: what happened (events), what a throw showed, what
//! a piece is taken by, why an action is refused, what the engine's verdict says, what is
//! wrong with a position or move given in notation ([`position`]), and the
//! engine's choices in force ([`choice`]). The line mode, the terminal game, the web page, `explain`,
//! traces and the study tables all word these facts through this module, so that one
//! fact reads the same everywhere. The engine and the IR hold data; this is where it
//! becomes English.

pub mod choice;
pub mod event;
pub mod position;
pub mod refusal;
pub mod throw;
pub mod verdict;

pub use event::{Taking, effect, event, taking};
pub use throw::throw;

use seig_lang::ir::{Ir, RuleIx, TeamId};

/// A rule by its ID (`#N` for an index no rule has, which lowering never makes).
pub fn rule_id(ir: &Ir, r: RuleIx) -> String {
    ir.rules
        .get(r.index())
        .map_or_else(|| format!("#{}", r.get()), |x| x.id.clone())
}

/// A team by its name.
pub fn team(ir: &Ir, t: TeamId) -> &str {
    ir.team_of(t).name.as_str()
}

/// A phase by its name (`phase N` for an index no phase has).
pub fn phase(ir: &Ir, p: seig_lang::ir::PhaseId) -> String {
    ir.phases
        .value
        .get(p.index())
        .cloned()
        .unwrap_or_else(|| format!("phase {}", p.get()))
}

/// `n thing` or `n things`.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
