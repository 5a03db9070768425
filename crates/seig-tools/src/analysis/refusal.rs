//! Why a move is refused: the statement (with its rule and the reading options that put it
//! in force) behind each refusal of the engine, or the language default that decides it, or
//! the fact of the position that makes the move no move at all.
//!
//! The engine's [`Refusal`] names at most one rule and only where it has one at hand; this
//! module looks the rest up in the IR (`Origin`s and `RuleInfo::statements`), so that the
//! engine's hot path carries no explanation.

use super::explain::{RuleCite, cite};
use super::rulebook::describe_effects;
use seig_engine::{Decision, Entry, EntryKind, Game, Piece, Refusal, RefusalKind, State};
use seig_lang::ir::{
    CaptureKind, Cell, Effect, Gate, Ir, Origin, Requirement, RuleIx, TeamId, ThrowMatch,
};
use serde::Serialize;

/// What a reason rests on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ground {
    /// A statement of a rule of the file.
    Rule,
    /// The language's documented default, where the file says nothing.
    LanguageDefault,
    /// A fact of the position: the move names what is not there.
    Position,
}

/// One reason a move is refused.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Because {
    /// What forbids it, in words.
    pub statement: String,
    /// What the reason rests on.
    pub ground: Ground,
    /// The rule that states it (with [`Ground::Rule`]).
    pub rule: Option<RuleCite>,
    /// The reading options that put the statement in force (`A-TAG-7 = front-most`).
    pub readings: Vec<String>,
}

impl Because {
    fn fact(words: impl Into<String>) -> Self {
        Because {
            statement: words.into(),
            ground: Ground::Position,
            rule: None,
            readings: Vec::new(),
        }
    }
    fn default(words: impl Into<String>) -> Self {
        Because {
            statement: words.into(),
            ground: Ground::LanguageDefault,
            rule: None,
            readings: Vec::new(),
        }
    }
}

/// The reason a statement of the file gives.
fn stated(ir: &Ir, o: Origin, words: impl Into<String>) -> Because {
    let readings = ir
        .readings_of(o)
        .iter()
        .filter_map(|c| {
            let r = ir.readings.get(c.reading)?;
            let (opt, _) = r.options.get(c.option)?;
            Some(format!("{} = {opt}", r.id))
        })
        .collect();
    Because {
        statement: words.into(),
        ground: Ground::Rule,
        rule: Some(cite(ir, o.rule)),
        readings,
    }
}

/// The reason a rule gives: its statement at `origin` when known, else the rule alone.
fn by_rule(ir: &Ir, r: RuleIx, origin: Option<Origin>, words: impl Into<String>) -> Because {
    match origin {
        Some(o) => stated(ir, o, words),
        None => Because {
            statement: words.into(),
            ground: Ground::Rule,
            rule: Some(cite(ir, r)),
            readings: Vec::new(),
        },
    }
}

/// The origin of the throw-table entry with rule `r` (the first, in the phase if it has one).
fn throw_origin(ir: &Ir, r: RuleIx, phase: u8) -> Option<(Origin, String)> {
    let of = |e: &seig_lang::ir::ThrowEntry| (e.origin, describe_effects(ir, &e.effects));
    ir.throws
        .iter()
        .find(|e| e.rule == r && e.phase.is_none_or(|p| p == phase))
        .or_else(|| ir.throws.iter().find(|e| e.rule == r))
        .map(of)
}

/// The reason the throw that gave pool entry `e` states.
fn entry_reason(ir: &Ir, e: &Entry, phase: u8, words: &str) -> Because {
    match throw_origin(ir, e.rule, phase) {
        Some((o, eff)) => stated(ir, o, format!("{words} (the throw of {}: {eff})", e.thrown)),
        None => by_rule(ir, e.rule, None, words),
    }
}

/// Where a move's walk ends, as far as explaining needs it.
enum Halt<'a> {
    /// It walked all its places, to this track index.
    Walked(i16),
    /// The track ends (and no loop applies).
    End,
    /// A gate stops the piece before it.
    Stopped(&'a Gate),
    /// A gate refuses the move.
    Refused(&'a Gate),
}

/// Walks piece `p` of `team` through `entries` (shorter first, as the engine tries first),
/// checking gates and the track's end as the engine does.
fn walk<'g>(g: &'g Game, s: &State, team: TeamId, p: &Piece, entries: &[Entry]) -> Halt<'g> {
    let tr = &g.ir().team_of(team).track;
    let total: u32 = entries.iter().map(|e| e.steps as u32).sum();
    let mut pos = p.tpos;
    for e in entries {
        for _ in 0..e.steps {
            let mut next = pos.saturating_add(1);
            if next as usize >= tr.cells.len() {
                match &tr.looping {
                    Some(lp) if lp.when.iter().all(|c| g.cond(s, team, c)) => {
                        next = lp.from as i16;
                    }
                    _ => return Halt::End,
                }
            }
            for gate in tr.gates.iter().filter(|x| x.at as i16 == next) {
                let ok = match &gate.requirement {
                    Requirement::CrossingThrow(m) => e.thrown < 64 && m >> e.thrown & 1 == 1,
                    Requirement::MoveTotal(m) => total < 64 && m >> total & 1 == 1,
                    Requirement::Conds(cs) => cs.iter().all(|c| g.cond(s, team, c)),
                };
                if !ok {
                    return if gate.stop {
                        Halt::Stopped(gate)
                    } else {
                        Halt::Refused(gate)
                    };
                }
            }
            pos = next;
        }
    }
    Halt::Walked(pos)
}

/// The name of the segment a gate guards.
fn segment_name(g: &Game, team: TeamId, gate: &Gate) -> String {
    let ir = g.ir();
    let tr = &ir.team_of(team).track;
    tr.segments
        .iter()
        .find(|x| x.start == gate.at)
        .map(|x| match &x.label {
            Some(l) => l.clone(),
            None => ir
                .rows
                .get(x.row)
                .map_or_else(String::new, |r| r.name.clone()),
        })
        .unwrap_or_else(|| format!("index {}", gate.at))
}

/// The unused pool entries of `mask`, shorter first.
fn entries_of(s: &State, mask: u64) -> Vec<Entry> {
    let mut v: Vec<Entry> = s
        .pool()
        .iter()
        .enumerate()
        .filter(|(i, _)| *i < 64 && mask >> i & 1 == 1)
        .map(|(_, e)| *e)
        .collect();
    v.sort_by_key(|e| e.steps);
    v
}

/// The hole a walk that ended at track index `pos` stands on.
fn hole_at(g: &Game, team: TeamId, pos: i16) -> Option<Cell> {
    let tr = &g.ir().team_of(team).track;
    usize::try_from(pos)
        .ok()
        .and_then(|i| tr.cells.get(i))
        .copied()
}

/// Why the opposing pieces on `c` may not be taken by `team` (with a single throw of
/// `single`, if one): each protecting statement once.
fn protections(g: &Game, s: &State, team: TeamId, c: Cell, single: Option<u8>) -> Vec<Because> {
    let ir = g.ir();
    let o = team.other();
    let hole = ir.cell_name(c);
    let mut out: Vec<Because> = Vec::new();
    for q in s
        .pieces(o)
        .iter()
        .filter(|q| q.alive() && q.place() == Some(c))
    {
        let b = match g.capture_verdict(team, q, c, single) {
            Ok(_) => continue,
            Err(Some(r)) => {
                let immune = q.immune();
                let origin = ir
                    .capture
                    .stated
                    .iter()
                    .filter(|x| x.origin.rule == r)
                    .find(|x| matches!(x.kind, CaptureKind::Immune) == immune)
                    .map(|x| x.origin);
                let words = if immune {
                    format!("the piece on {hole} is immune")
                } else {
                    match ir
                        .capture
                        .at
                        .get(team.index())
                        .and_then(|a| a.get(c.index()))
                    {
                        Some(cc) if cc.forbidden_by.is_none() && cc.only_with.is_some() => {
                            format!(
                                "on {hole} a piece is taken only with a single throw of certain values"
                            )
                        }
                        _ => format!("no capture on {hole}"),
                    }
                };
                by_rule(ir, r, origin, words)
            }
            Err(None) => Because::default(format!(
                "no capture statement covers {hole}, so nothing is taken there"
            )),
        };
        if !out.contains(&b) {
            out.push(b);
        }
    }
    out
}

/// Why `d` (which the engine refuses with `r`) is refused.
pub fn why_refused(g: &Game, s: &State, d: Decision, r: &Refusal) -> Vec<Because> {
    let ir = g.ir();
    let team = s.team();
    let phase = s.phase();
    let entries = entries_of(s, d.mask);
    let first = entries.first().copied();
    let Some(p) = s.pieces(team).get(d.piece as usize).copied() else {
        return vec![Because::fact(r.message.to_string())];
    };
    let piece_no = d.piece as usize + 1;
    match r.kind {
        RefusalKind::NotReleased | RefusalKind::ReleasedTwice => {
            let mut v = vec![Because::fact(if r.kind == RefusalKind::NotReleased {
                format!("piece {piece_no} has not started, and these throws release no piece")
            } else {
                format!("piece {piece_no} would be released by more than one throw")
            })];
            v.extend(releasing_entries(ir, phase));
            v
        }
        RefusalKind::NotFrontMost => {
            let words =
                "release order: front-most (a release takes the front-most unreleased piece)";
            vec![match ir.release_order_origin {
                Some(o) => stated(ir, o, words),
                None => Because::default(words),
            }]
        }
        RefusalKind::Bound => {
            let words = "the throw after a release moves that piece";
            vec![
                match (ir.bind_after_release_origin, ir.bind_after_release) {
                    (Some(o), _) => stated(ir, o, words),
                    (None, Some(x)) => by_rule(ir, x, None, words),
                    (None, None) => Because::fact(r.message.to_string()),
                },
            ]
        }
        RefusalKind::SamePiece | RefusalKind::AlreadyReleased | RefusalKind::NoPlaces => {
            let e = entries
                .iter()
                .find(|e| match r.kind {
                    RefusalKind::SamePiece => e.kind == EntryKind::Either,
                    RefusalKind::AlreadyReleased => e.kind == EntryKind::Release,
                    _ => true,
                })
                .or(first.as_ref())
                .copied();
            match e {
                Some(e) => vec![entry_reason(ir, &e, phase, &r.message)],
                None => vec![Because::fact(r.message.to_string())],
            }
        }
        RefusalKind::Gate | RefusalKind::TrackEnd => match walk(g, s, team, &p, &entries) {
            Halt::Stopped(gate) => vec![stated(
                ir,
                gate.origin,
                format!(
                    "gate on {}: … else stop (the piece halts before it)",
                    segment_name(g, team, gate)
                ),
            )],
            Halt::Refused(gate) => vec![stated(
                ir,
                gate.origin,
                format!(
                    "gate on {}: this move may not enter it",
                    segment_name(g, team, gate)
                ),
            )],
            Halt::End | Halt::Walked(_) => track_end(g, team),
        },
        RefusalKind::Stacking => {
            let words = "stacking: own pieces may not share a hole";
            vec![match ir.capture.stacking_origin {
                Some(o) => stated(ir, o, words),
                None => match ir.capture.stacking_rule {
                    Some(x) => by_rule(ir, x, None, words),
                    None => Because::default(words),
                },
            }]
        }
        RefusalKind::Protected => landing_protected(g, s, &p, &entries),
        RefusalKind::NothingToTake => nothing_to_take(g, s, d),
        RefusalKind::MustTake => {
            let words = "capture: compulsory (the move must take)";
            let origin = r.rule.and_then(|x| {
                ir.capture
                    .stated
                    .iter()
                    .find(|c| {
                        c.origin.rule == x
                            && matches!(
                                c.kind,
                                CaptureKind::Capture {
                                    compulsory: true,
                                    ..
                                }
                            )
                    })
                    .map(|c| c.origin)
            });
            match r.rule {
                Some(x) => vec![by_rule(ir, x, origin, words)],
                None => vec![Because::default(words)],
            }
        }
        _ => vec![Because::fact(r.message.to_string())],
    }
}

/// The throw-table entries of `phase` that release a piece.
fn releasing_entries(ir: &Ir, phase: u8) -> Vec<Because> {
    let mut v: Vec<Because> = Vec::new();
    for e in ir.throws.iter().filter(|e| {
        e.phase.is_none_or(|p| p == phase)
            && e.effects
                .iter()
                .any(|f| matches!(f, Effect::Release { .. } | Effect::ReleaseOrMove { .. }))
    }) {
        let on = match &e.matches {
            ThrowMatch::Any => "any throw".to_string(),
            ThrowMatch::Values(m) => {
                let vals: Vec<String> = (0..64)
                    .filter(|v| m >> v & 1 == 1)
                    .map(|v: u32| v.to_string())
                    .collect();
                vals.join(", ")
            }
            ThrowMatch::Class(c) => ir
                .classes
                .get(*c)
                .map_or_else(String::new, |x| x.name.clone()),
        };
        let b = stated(
            ir,
            e.origin,
            format!(
                "a piece starts only on {on}: {}",
                describe_effects(ir, &e.effects)
            ),
        );
        if !v.contains(&b) {
            v.push(b);
        }
    }
    if v.is_empty() {
        v.push(Because::fact("no throw of this phase releases a piece"));
    }
    v
}

/// Why a piece cannot move further at its track's end.
fn track_end(g: &Game, team: TeamId) -> Vec<Because> {
    let ir = g.ir();
    let tr = &ir.team_of(team).track;
    let mut v = Vec::new();
    if let Some(lp) = &tr.looping {
        v.push(stated(
            ir,
            lp.origin,
            "the track loops only while its condition holds, and it does not now",
        ));
    }
    let words = "a piece stops at the end of its track";
    v.push(match tr.end_origin {
        Some(o) => stated(ir, o, format!("track ends: stop ({words})")),
        None => Because::default(words),
    });
    v
}

/// Why the landing hole of a move may not be entered: its opposing pieces may not be taken
/// there, and landing beside them is forbidden.
fn landing_protected(g: &Game, s: &State, p: &Piece, entries: &[Entry]) -> Vec<Because> {
    let ir = g.ir();
    let team = s.team();
    let single = (entries.len() == 1)
        .then(|| entries.first().map(|e| e.thrown))
        .flatten();
    let mut v = match walk(g, s, team, p, entries) {
        Halt::Walked(pos) => match hole_at(g, team, pos) {
            Some(c) => protections(g, s, team, c, single),
            None => Vec::new(),
        },
        _ => Vec::new(),
    };
    let words = "blocked landing: a piece may not land on an opposing piece it may not take";
    v.push(match ir.capture.blocked_origin {
        Some(o) => stated(ir, o, words),
        None => match ir.capture.blocked_rule {
            Some(x) => by_rule(ir, x, None, words),
            None => Because::default(words),
        },
    });
    v
}

/// Why `d` may not take: the pieces on its landing hole are protected, or there are none.
fn nothing_to_take(g: &Game, s: &State, d: Decision) -> Vec<Because> {
    let ir = g.ir();
    let team = s.team();
    let entries = entries_of(s, d.mask);
    let single = (entries.len() == 1)
        .then(|| entries.first().map(|e| e.thrown))
        .flatten();
    let hole = g
        .check_decision(s, team, d)
        .ok()
        .and_then(|l| (l.cell != seig_engine::NO_CELL).then(|| Cell::new(l.cell as u16)));
    let Some(c) = hole else {
        return vec![Because::fact("the move lands on no hole")];
    };
    let v = protections(g, s, team, c, single);
    if v.is_empty() {
        vec![Because::fact(format!(
            "no opposing piece stands on {}",
            ir.cell_name(c)
        ))]
    } else {
        v
    }
}

/// Why `d`, which the engine would apply, is not among the legal decisions the engine
/// lists (the listing is the game's: only a listed move may be played).
pub fn why_unlisted(g: &Game, s: &State, d: Decision) -> Vec<Because> {
    use seig_lang::ir::Allocation;
    let ir = g.ir();
    if ir.allocation == Allocation::PerThrow && d.mask.count_ones() > 1 {
        let words = "allocation: per throw (each throw moves one piece by itself)";
        return vec![match ir.allocation_origin {
            Some(o) => stated(ir, o, words),
            None => Because::default(words),
        }];
    }
    let mut legal = Vec::new();
    g.legal_decisions(s, &mut legal);
    // Throws alike are one choice: the engine offers a group with the first unused entries
    // of each kind, so the same move with a later entry is not listed again.
    let want = throw_kinds(s, d.mask);
    if let Some(same) = legal.iter().find(|x| {
        x.piece == d.piece && x.capture == d.capture && x.mask != d.mask && {
            let mut have = throw_kinds(s, x.mask);
            want.len() == have.len()
                && want.iter().all(|k| match have.iter().position(|h| h == k) {
                    Some(i) => {
                        have.swap_remove(i);
                        true
                    }
                    None => false,
                })
        }
    }) {
        return vec![Because::fact(format!(
            "the same move is offered as {}: throws alike in hand are one choice, and the engine offers the first of them",
            g.describe_decision(s, *same)
        ))];
    }
    if legal.len() >= 1 << 16 {
        return vec![Because::default(
            "the engine offers at most 65,536 groups of pool entries at one decision",
        )];
    }
    // A refusal no statement explains is a bug of the engine or of this module.
    vec![Because::fact(
        "the engine does not offer this move, and no statement explains why (please report this)",
    )]
}

/// The kinds (places, value, kind, binding, rule) of the pool entries of `mask`.
fn throw_kinds(s: &State, mask: u64) -> Vec<(u8, u8, EntryKind, u8, RuleIx)> {
    s.pool()
        .iter()
        .enumerate()
        .filter(|(i, _)| *i < 64 && mask >> i & 1 == 1)
        .map(|(_, e)| (e.steps, e.thrown, e.kind, e.bound, e.rule))
        .collect()
}

/// How often the rules refused moves over the decision positions of a study: raw counts,
/// mergeable by sums. A *move* here is a live piece of the team to play with one unused
/// throw of its pool (throws alike in places, value, kind, binding and rule are one move);
/// a refused move counts once for each rule its reasons ([`why_refused`]) name.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, serde::Deserialize)]
pub struct RefusalCounts {
    /// Decision positions examined.
    pub positions: u64,
    /// Moves looked at there.
    pub moves: u64,
    /// Of which the engine refuses.
    pub refused: u64,
    /// Refused moves whose reasons name no rule (a language default, or a fact of the
    /// position alone).
    pub by_no_rule: u64,
    /// Per rule (by index), the refused moves whose reasons name it.
    pub per_rule: Vec<u64>,
}

impl RefusalCounts {
    /// Adds another count's figures; `None` when a sum would overflow.
    pub fn checked_add(&self, o: &RefusalCounts) -> Option<RefusalCounts> {
        let mut per_rule = self.per_rule.clone();
        if per_rule.len() < o.per_rule.len() {
            per_rule.resize(o.per_rule.len(), 0);
        }
        for (a, b) in per_rule.iter_mut().zip(&o.per_rule) {
            *a = a.checked_add(*b)?;
        }
        Some(RefusalCounts {
            positions: self.positions.checked_add(o.positions)?,
            moves: self.moves.checked_add(o.moves)?,
            refused: self.refused.checked_add(o.refused)?,
            by_no_rule: self.by_no_rule.checked_add(o.by_no_rule)?,
            per_rule,
        })
    }

    /// Why these cannot be the counts of a variant with `rules` rules, if they cannot.
    pub fn inconsistency(&self, rules: usize) -> Option<&'static str> {
        if self.per_rule.len() != rules {
            return Some("its refusal counts are not for the study's rules");
        }
        if self.refused > self.moves
            || self.by_no_rule > self.refused
            || self.per_rule.iter().any(|&r| r > self.refused)
        {
            return Some("it counts more refused moves than moves");
        }
        None
    }
}

/// Adds the refusals of position `s` (a decision position; any other adds nothing) to `c`.
/// Slow (every refusal is explained): a study asks for it only when told to.
pub fn tally_refusals(g: &Game, s: &State, c: &mut RefusalCounts) {
    use seig_engine::{NONE, Stage};
    if s.stage() != Stage::Move {
        return;
    }
    let ir = g.ir();
    if c.per_rule.len() < ir.rules.len() {
        c.per_rule.resize(ir.rules.len(), 0);
    }
    c.positions += 1;
    let team = s.team();
    // One entry of each kind of unused throw: alike throws make the same move.
    let mut kinds = Vec::new();
    let mut throws: Vec<usize> = Vec::new();
    for (i, e) in s.pool().iter().enumerate().take(64) {
        let kind = (e.steps, e.thrown, e.kind, e.bound, e.rule);
        if e.piece == NONE && !kinds.contains(&kind) {
            kinds.push(kind);
            throws.push(i);
        }
    }
    let mut named: Vec<usize> = Vec::new();
    for (p, piece) in s.pieces(team).iter().enumerate() {
        if !piece.alive() {
            continue;
        }
        for &e in &throws {
            c.moves += 1;
            let mask = 1u64 << e;
            let Err(r) = g.check_move(s, team, p as u8, mask) else {
                continue;
            };
            c.refused += 1;
            let d = Decision {
                piece: p as u8,
                mask,
                capture: false,
                entry: 0,
            };
            named.clear();
            for b in why_refused(g, s, d, &r) {
                if let Some(ix) = b
                    .rule
                    .and_then(|cite| ir.rules.iter().position(|x| x.id == cite.id))
                    && !named.contains(&ix)
                {
                    named.push(ix);
                }
            }
            if named.is_empty() {
                c.by_no_rule += 1;
            }
            for &ix in &named {
                if let Some(x) = c.per_rule.get_mut(ix) {
                    *x += 1;
                }
            }
        }
    }
}
