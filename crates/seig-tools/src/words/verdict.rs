//! The words for the engine's verdicts: each consequence of a legal action with the
//! statement (or language default) that produced it, and a refusal in one line. Explain,
//! traces, the terminal and the web page say what an action did with these words.

use super::refusal::{self, readings};
use seig_engine::{Consequence, Ground, Unusable, Verdict};
use seig_lang::ir::{Cell, Ir, RuleIx, TeamId};

/// A ground as a citation: `TAG-C1 under A-TAG-6 = cohabit`, `language default: passing`,
/// or nothing for a fact.
pub fn cite(ir: &Ir, g: Ground) -> Option<String> {
    match g {
        Ground::Stated(o) => {
            let id = ir.rules.get(o.rule.index()).map_or("?", |r| r.id.as_str());
            let rs = readings(ir, o);
            Some(if rs.is_empty() {
                id.to_string()
            } else {
                format!("{id} under {}", rs.join(", "))
            })
        }
        Ground::Default(c) => Some(format!("language default: {}", c.name())),
        Ground::Fact => None,
    }
}

/// ` (CITATION)`, or nothing.
fn paren(ir: &Ir, g: Ground) -> String {
    cite(ir, g).map_or_else(String::new, |c| format!(" ({c})"))
}

fn piece(ir: &Ir, t: TeamId, p: u8) -> String {
    format!("{} piece {}", ir.team_of(t).name, p as usize + 1)
}

fn hole(ir: &Ir, c: Option<Cell>) -> String {
    c.map_or_else(|| "off the board".to_string(), |c| ir.cell_name(c))
}

/// One consequence in words, with what produced it.
pub fn consequence(ir: &Ir, c: &Consequence) -> String {
    let rule_id = |r: RuleIx| ir.rules.get(r.index()).map_or("?", |x| x.id.as_str());
    match c {
        Consequence::Thrown { value, entry } => match entry {
            Some(o) => format!("the throw of {value} meets {}", rule_id(o.rule)),
            None => format!("the throw of {value} meets no entry of the throw table"),
        },
        Consequence::Moved {
            team,
            piece: p,
            release,
            to,
            rules,
        } => format!(
            "{} {} to {} ({})",
            piece(ir, *team, *p),
            if *release {
                "is released and moves"
            } else {
                "moves"
            },
            hole(ir, *to),
            rules
                .iter()
                .map(|&r| rule_id(r))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Consequence::Taken {
            team,
            piece: p,
            home,
            swapped,
            by,
        } => format!(
            "{} {}{}",
            piece(ir, *team, *p),
            match swapped {
                Some(c) => format!("is captured and swapped to {}", ir.cell_name(*c)),
                None if *home => "is captured and sent home".into(),
                None => "is captured and out of the game".into(),
            },
            paren(ir, *by)
        ),
        Consequence::Removed { team, piece: p, by } => format!(
            "{} is removed by the throw{}",
            piece(ir, *team, *p),
            paren(ir, *by)
        ),
        Consequence::SentOn { from, to, by } => format!(
            "lands on {}, which sends it on to {}{}",
            ir.cell_name(*from),
            ir.cell_name(*to),
            paren(ir, *by)
        ),
        Consequence::Shared {
            cell,
            protected_by,
            shared_by,
        } => format!(
            "shares {} with opposing pieces it may not take: {}{}; {}{}",
            ir.cell_name(*cell),
            refusal::protection(ir, *protected_by),
            paren(ir, *protected_by),
            "blocked landing: share (a piece lands beside a piece it may not take)",
            paren(ir, *shared_by)
        ),
        Consequence::Declined { cell, by } => format!(
            "declines the optional capture on {}{}",
            ir.cell_name(*cell),
            paren(ir, *by)
        ),
        Consequence::Immune {
            team,
            piece: p,
            by,
            also,
        } => {
            let mut cites: Vec<String> = cite(ir, *by).into_iter().collect();
            cites.extend(also.iter().filter_map(|&o| cite(ir, Ground::Stated(o))));
            let cites = if cites.is_empty() {
                String::new()
            } else {
                format!(" ({})", cites.join("; "))
            };
            format!("{} becomes immune{cites}", piece(ir, *team, *p))
        }
        Consequence::Forfeited { entries, by, why } => {
            let mut out = format!(
                "{} of the pool cannot be used and {} forfeited{}",
                super::count((*entries).into(), "move", "moves"),
                if *entries == 1 { "is" } else { "are" },
                paren(ir, *by)
            );
            for line in forfeit_reasons(ir, why) {
                out.push_str("; ");
                out.push_str(&line);
            }
            out
        }
        Consequence::Passed { entries: 0, by } => {
            format!("the seat stops throwing{}", paren(ir, *by))
        }
        Consequence::Passed { entries, by } => format!(
            "the seat passes, declining {} of the pool{}",
            super::count((*entries).into(), "move", "moves"),
            paren(ir, *by)
        ),
        Consequence::ThrewOn { by } => format!("the seat throws on{}", paren(ir, *by)),
        Consequence::PutHome {
            team,
            piece: p,
            to,
            by,
        } => format!(
            "{} is put on {}{}",
            piece(ir, *team, *p),
            ir.cell_name(*to),
            paren(ir, *by)
        ),
        Consequence::Phase { to, by } => format!(
            "the game enters the {} phase{}",
            ir.phases
                .value
                .get((*to).index())
                .map_or("?", String::as_str),
            paren(ir, *by)
        ),
        Consequence::Won { team, by } => {
            format!("{} wins{}", ir.team_of(*team).name, paren(ir, *by))
        }
        Consequence::Ended { by } => format!("the game ends without a winner{}", paren(ir, *by)),
    }
}

/// Why no piece could use the forfeited entries: the pieces refused alike grouped in one
/// line each (`pieces 1, 2: a piece may not pass opposing pieces; …`).
pub(crate) fn forfeit_reasons(ir: &Ir, why: &[Unusable]) -> Vec<String> {
    let mut groups: Vec<(u8, seig_engine::Refusal, Vec<u8>)> = Vec::new();
    for u in why {
        match groups
            .iter_mut()
            .find(|(e, r, _)| *e == u.entry && *r == u.refusal)
        {
            Some((_, _, ps)) => ps.push(u.piece),
            None => groups.push((u.entry, u.refusal, vec![u.piece])),
        }
    }
    groups
        .iter()
        .map(|(e, r, ps)| {
            let ps: Vec<String> = ps.iter().map(|p| (p + 1).to_string()).collect();
            let who = if ps.len() == 1 { "piece" } else { "pieces" };
            format!(
                "entry {} for {who} {}: {}",
                *e as usize + 1,
                ps.join(", "),
                refusal::line(ir, r)
            )
        })
        .collect()
}

/// A verdict in one line: `legal` with its consequences, or the refusal.
pub fn line(ir: &Ir, v: &Verdict) -> String {
    match v {
        Verdict::Legal(cs) => {
            let mut out = "legal".to_string();
            for c in cs {
                out.push_str("; ");
                out.push_str(&consequence(ir, c));
            }
            out
        }
        Verdict::Refused(r) => format!("refused: {}", refusal::line(ir, r)),
    }
}

/// The rules a verdict names, in order and once each (to print their sentences): a legal
/// action's rules and each consequence's statement; a refusal's grounds.
pub fn rules(v: &Verdict) -> Vec<RuleIx> {
    let mut out: Vec<RuleIx> = Vec::new();
    let mut add = |r: RuleIx| {
        if !out.contains(&r) {
            out.push(r);
        }
    };
    let ground = |g: Ground, add: &mut dyn FnMut(RuleIx)| {
        if let Some(o) = g.origin() {
            add(o.rule);
        }
    };
    match v {
        Verdict::Refused(r) => r.grounds().for_each(|g| ground(g, &mut add)),
        Verdict::Legal(cs) => {
            for c in cs {
                match c {
                    Consequence::Thrown { entry, .. } => {
                        entry.iter().for_each(|o| add(o.rule));
                    }
                    Consequence::Moved { rules, .. } => rules.iter().for_each(|&r| add(r)),
                    Consequence::Taken { by, .. }
                    | Consequence::Removed { by, .. }
                    | Consequence::SentOn { by, .. }
                    | Consequence::Declined { by, .. }
                    | Consequence::Forfeited { by, .. }
                    | Consequence::Passed { by, .. }
                    | Consequence::ThrewOn { by }
                    | Consequence::PutHome { by, .. }
                    | Consequence::Phase { by, .. }
                    | Consequence::Won { by, .. }
                    | Consequence::Ended { by } => ground(*by, &mut add),
                    Consequence::Immune { by, also, .. } => {
                        ground(*by, &mut add);
                        also.iter().for_each(|o| add(o.rule));
                    }
                    Consequence::Shared {
                        protected_by,
                        shared_by,
                        ..
                    } => {
                        ground(*protected_by, &mut add);
                        ground(*shared_by, &mut add);
                    }
                }
            }
        }
    }
    out
}
