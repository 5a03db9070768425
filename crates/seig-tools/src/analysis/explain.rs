//! `seig explain`: the legal decisions at a position, each with the rules (and their quoted
//! sentences) that allow it; for a given move, legal or not, and the rule that refuses it.
//! At a throw, the possible throws with their exact probabilities and the throw-table rule
//! each one meets.

use super::rulebook::describe_effects;
pub use crate::words::refusal::{Because, Ground};
use crate::words::{
    position as position_words, refusal as refusal_words, verdict as verdict_words,
};
use seig_engine::{Consequence, Decision, Event, Game, Stage, State, Verdict as Judged};
use seig_lang::ir::{Ir, RuleIx};
use serde::Serialize;

/// A rule with its status and quoted sentences.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RuleCite {
    /// ID.
    pub id: String,
    /// Status keyword.
    pub status: String,
    /// (source key, sentence).
    pub citations: Vec<(String, String)>,
}

/// A rule as cited in explanations.
#[expect(
    clippy::indexing_slicing,
    reason = "a `RuleIx` is a rule index lowering made"
)]
pub fn cite(ir: &Ir, r: RuleIx) -> RuleCite {
    let info = &ir.rules[r.index()];
    RuleCite {
        id: info.id.clone(),
        status: info.status.as_str().to_string(),
        citations: info.citations.clone(),
    }
}

/// One possible throw at a chance node.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ThrowView {
    /// Sticks thrown.
    pub sticks: u8,
    /// Sticks showing the first face.
    pub k: u8,
    /// Value.
    pub value: u8,
    /// Exact probability.
    pub probability: f64,
    /// The sticks (or dice) in words: `3 of 5 white`, `dice 1 and 4`.
    pub shown: String,
    /// The throw-table rule it meets, if any.
    pub rule: Option<RuleCite>,
    /// What the entry does.
    pub effects: String,
    /// What happens when it is applied.
    pub events: Vec<String>,
}

/// One legal decision.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DecisionView {
    /// Move notation with from and to (`12:r1+3 row.1>row.4`).
    pub notation: String,
    /// Rules that allow it.
    pub rules: Vec<RuleCite>,
    /// What happens when it is played.
    pub events: Vec<String>,
}

/// The judgement of one move or throw.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Verdict {
    /// The move as given.
    pub input: String,
    /// Allowed?
    pub legal: bool,
    /// Where it goes (legal) or why not (refused).
    pub message: String,
    /// The rules that allow it (legal) or those that refuse it.
    pub rules: Vec<RuleCite>,
    /// Why it is refused: each statement (with its rule and readings), language default
    /// or fact of the position that forbids it. Empty when legal.
    pub because: Vec<Because>,
    /// What happens when it is played.
    pub events: Vec<String>,
}

/// The explanation of a position.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    /// Position notation.
    pub position: String,
    /// Phase.
    pub phase: String,
    /// `throw`, `move` or `over`.
    pub stage: String,
    /// Team to play (or the winner when over).
    pub team: String,
    /// Seat to play (1-based).
    pub seat: u8,
    /// Possible throws, at a throw.
    pub throws: Vec<ThrowView>,
    /// Legal decisions, at a move.
    pub decisions: Vec<DecisionView>,
    /// The move judged, if one was given.
    pub verdict: Option<Verdict>,
}

/// The rules a legal verdict's move names, and the words of its other consequences.
fn legal_parts(ir: &Ir, cs: &[Consequence]) -> (Vec<RuleCite>, Vec<String>) {
    let mut rules = Vec::new();
    let mut words = Vec::new();
    for c in cs {
        match c {
            Consequence::Moved { rules: rs, .. } => {
                rules.extend(rs.iter().map(|&r| cite(ir, r)));
            }
            Consequence::Thrown { .. } => {}
            other => words.push(verdict_words::consequence(ir, other)),
        }
    }
    (rules, words)
}

fn throw_view(g: &Game, s: &State, k: u8, p: f64) -> ThrowView {
    let ir = g.ir();
    let n = g.sticks_for(s);
    let value = ir
        .sticks
        .value
        .value
        .throw_value(ir.team_of(s.team()).colour_face(), k.min(n), n);
    let verdict = g.throw_verdict(s, k);
    // With dice, each die meets an entry: what each does, in order.
    let each: Vec<String> = match &verdict {
        Judged::Legal(cs) if g.dice_of(k).is_some() => cs
            .iter()
            .filter_map(|c| match c {
                Consequence::Thrown { value, entry } => Some(
                    match entry.and_then(|o| ir.throws.iter().find(|e| e.origin == o)) {
                        Some(e) => format!("{value}: {}", describe_effects(ir, &e.effects)),
                        None => format!("{value}: nothing (no entry of the throw table)"),
                    },
                ),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    };
    let entry = match &verdict {
        Judged::Legal(cs) => cs.iter().find_map(|c| match c {
            Consequence::Thrown { entry, .. } => *entry,
            _ => None,
        }),
        Judged::Refused(_) => None,
    };
    let events = match &verdict {
        Judged::Legal(cs) => legal_parts(ir, cs).1,
        Judged::Refused(r) => vec![format!(
            "the engine refuses: {}",
            refusal_words::line(ir, r)
        )],
    };
    let statement = entry.and_then(|o| ir.throws.iter().find(|e| e.origin == o));
    ThrowView {
        sticks: n,
        k,
        value: g.throw_value(s.team(), n, k).unwrap_or(value),
        probability: p,
        shown: crate::words::throw::sticks(g, k, n),
        rule: entry.map(|o| cite(ir, o.rule)),
        effects: match statement {
            _ if !each.is_empty() => each.join("; "),
            Some(e) => describe_effects(ir, &e.effects),
            None => "nothing (no entry of the throw table)".into(),
        },
        events,
    }
}

/// A move or throw to judge that does not parse or does not fit the position.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ExplainError {
    /// At a throw, the input is not a number.
    #[error("at a throw, give the throw's value (a number), not `{0}`")]
    NotAThrowValue(String),
    /// No throw of the sticks in hand has this value.
    #[error("a throw of {sticks} sticks cannot be worth {value}")]
    ImpossibleThrow {
        /// Sticks thrown at this position.
        sticks: u8,
        /// The value asked for.
        value: u8,
    },
    /// At a move, the input is not a move of this position.
    #[error("bad move: {words}")]
    BadMove {
        /// What is wrong.
        error: seig_engine::notation::NotationError,
        /// It in words.
        words: String,
    },
    /// The position has more legal decisions than the engine lists.
    #[error("{0}")]
    DecisionLimit(String),
}

/// Explains a position, and a move or throw there if given.
#[expect(
    clippy::indexing_slicing,
    reason = "a valid state's phase indexes `ir.phases.value`"
)]
pub fn explain(g: &Game, s: &State, mv: Option<&str>) -> Result<Explanation, ExplainError> {
    let ir = g.ir();
    let (stage, team) = match s.stage() {
        Stage::Throw => ("throw", s.team()),
        Stage::Move => ("move", s.team()),
        Stage::Over(w) => ("over", w),
        Stage::Drawn => ("drawn", s.team()),
        Stage::Deadlock => ("deadlock", s.team()),
    };
    let mut throws = Vec::new();
    let mut decisions = Vec::new();
    if s.stage() == Stage::Throw {
        for o in g.chance_outcomes(s) {
            throws.push(throw_view(g, s, o.k, o.p));
        }
    }
    if s.stage() == Stage::Move {
        let mut buf = Vec::new();
        // Beyond the engine's limit no listing is exact: say so rather than print part.
        g.legal_decisions_checked(s, &mut buf)
            .map_err(|r| ExplainError::DecisionLimit(refusal_words::what(&r)))?;
        for d in &buf {
            let (rules, events) = match g.verdict(s, *d) {
                Judged::Legal(cs) => legal_parts(ir, &cs),
                Judged::Refused(r) => (
                    Vec::new(),
                    vec![format!(
                        "the engine refuses: {}",
                        refusal_words::line(ir, &r)
                    )],
                ),
            };
            decisions.push(DecisionView {
                notation: g.describe_decision(s, *d),
                rules,
                events,
            });
        }
    }
    let verdict = match mv {
        None => None,
        Some(m) => Some(judge(g, s, m)?),
    };
    Ok(Explanation {
        position: g.to_notation(s),
        phase: ir.phases.value[s.phase().index()].clone(),
        stage: stage.into(),
        team: ir.team_of(team).name.clone(),
        seat: s.seat() + 1,
        throws,
        decisions,
        verdict,
    })
}

fn judge(g: &Game, s: &State, m: &str) -> Result<Verdict, ExplainError> {
    let ir = g.ir();
    match s.stage() {
        Stage::Over(w) => Ok(Verdict {
            input: m.to_string(),
            legal: false,
            message: format!("the game is over: {} has won", ir.team_of(w).name),
            rules: Vec::new(),
            because: vec![Because {
                statement: format!("the game is over: {} has won", ir.team_of(w).name),
                ground: Ground::Position,
                rule: None,
                readings: Vec::new(),
                default: None,
            }],
            events: Vec::new(),
        }),
        Stage::Drawn | Stage::Deadlock => Ok(Verdict {
            input: m.to_string(),
            legal: false,
            message: if s.stage() == Stage::Drawn {
                "the game is over: drawn".to_string()
            } else {
                "the game is over: deadlocked, nothing can change any more".to_string()
            },
            rules: Vec::new(),
            because: vec![Because {
                statement: if s.stage() == Stage::Drawn {
                    "the game is over: drawn".to_string()
                } else {
                    "the game is over: deadlocked".to_string()
                },
                ground: Ground::Position,
                rule: None,
                readings: Vec::new(),
                default: None,
            }],
            events: Vec::new(),
        }),
        Stage::Throw => {
            let v: u8 = m
                .trim()
                .parse()
                .map_err(|_| ExplainError::NotAThrowValue(m.to_string()))?;
            let n = g.sticks_for(s);
            let colour = ir.team_of(s.team()).colour_face();
            let k = (0..=n)
                .find(|&k| ir.sticks.value.value.throw_value(colour, k, n) == v)
                .ok_or(ExplainError::ImpossibleThrow {
                    sticks: n,
                    value: v,
                })?;
            let p = g
                .chance_outcomes(s)
                .iter()
                .find(|o| o.k == k)
                .map_or(0.0, |o| o.p);
            let t = throw_view(g, s, k, p);
            Ok(Verdict {
                input: m.to_string(),
                legal: true,
                message: format!(
                    "a throw of {v} ({k} of {n} {}), probability {:.6}: {}",
                    ir.sticks.faces[0], p, t.effects
                ),
                rules: t.rule.into_iter().collect(),
                because: Vec::new(),
                events: t.events,
            })
        }
        Stage::Move => {
            let d = g
                .parse_decision(s, m)
                .map_err(|error| ExplainError::BadMove {
                    words: position_words::notation_error(ir, &error),
                    error,
                })?;
            Ok(judge_decision(g, s, d, m))
        }
    }
}

/// The verdict on decision `d` at a decision node, as the engine gives it: legal exactly
/// when the engine lists it; a refusal says why ([`Verdict::because`]), naming only what
/// the engine's refusal names. `input` is how the move was given.
pub fn judge_decision(g: &Game, s: &State, d: Decision, input: &str) -> Verdict {
    let ir = g.ir();
    match g.verdict(s, d) {
        Judged::Legal(cs) => {
            let (rules, events) = legal_parts(ir, &cs);
            Verdict {
                input: input.to_string(),
                legal: true,
                message: format!("legal: {}", g.describe_decision(s, d)),
                rules,
                because: Vec::new(),
                events,
            }
        }
        Judged::Refused(r) => {
            let because = refusal_words::because(ir, &r);
            let mut rules: Vec<RuleCite> = Vec::new();
            for b in &because {
                if let Some(r) = &b.rule
                    && !rules.contains(r)
                {
                    rules.push(r.clone());
                }
            }
            Verdict {
                input: input.to_string(),
                legal: false,
                message: format!("refused: {}", refusal_words::what(&r)),
                rules,
                because,
                events: Vec::new(),
            }
        }
    }
}

fn render_rules(o: &mut String, rules: &[RuleCite], indent: &str) {
    use std::fmt::Write;
    for r in rules {
        let _ = writeln!(o, "{indent}{} ({})", r.id, r.status);
        for (src, q) in &r.citations {
            let _ = writeln!(o, "{indent}  {src}: \"{q}\"");
        }
        if r.citations.is_empty() {
            let _ = writeln!(o, "{indent}  (no citation)");
        }
    }
}

fn render_because(o: &mut String, because: &[Because]) {
    use std::fmt::Write;
    for (i, b) in because.iter().enumerate() {
        match (&b.ground, &b.rule) {
            (Ground::Rule, Some(r)) => {
                let _ = writeln!(o, "  because {} ({}): {}", r.id, r.status, b.statement);
                // Two statements of one rule (a release order and its blocked release)
                // quote the rule's sentences once.
                let quoted = because
                    .iter()
                    .take(i)
                    .any(|e| e.rule.as_ref().is_some_and(|x| x.id == r.id));
                if quoted {
                    let _ = writeln!(o, "    (sentences of {} quoted above)", r.id);
                    render_readings(o, b);
                    continue;
                }
                for (src, q) in &r.citations {
                    let _ = writeln!(o, "    {src}: \"{q}\"");
                }
            }
            (Ground::LanguageDefault, _) => {
                let _ = writeln!(
                    o,
                    "  because language default: {} ({})",
                    b.default.unwrap_or("?"),
                    b.statement
                );
            }
            _ => {
                let _ = writeln!(o, "  because {}", b.statement);
            }
        }
        render_readings(o, b);
    }
}

/// `in force under …` of a reason, when readings put its statement in force.
fn render_readings(o: &mut String, b: &Because) {
    use std::fmt::Write;
    if !b.readings.is_empty() {
        let _ = writeln!(o, "    in force under {}", b.readings.join(", "));
    }
}

/// The explanation as text for people.
pub fn render(e: &Explanation) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let _ = writeln!(o, "position: {}", e.position);
    match e.stage.as_str() {
        "over" => {
            let _ = writeln!(o, "the game is over: {} has won", e.team);
        }
        st => {
            let _ = writeln!(o, "{} (seat {}) to {st}; phase {}", e.team, e.seat, e.phase);
        }
    }
    if !e.throws.is_empty() {
        let _ = writeln!(o, "\npossible throws ({}):", e.throws.len());
        for t in &e.throws {
            let _ = writeln!(
                o,
                "  {:>2}  p = {:.6}  ({})  {}",
                t.value, t.probability, t.shown, t.effects
            );
            for ev in &t.events {
                let _ = writeln!(o, "        then: {ev}");
            }
            if let Some(r) = &t.rule {
                render_rules(&mut o, std::slice::from_ref(r), "      ");
            }
        }
    }
    if e.stage == "move" {
        let _ = writeln!(o, "\nlegal decisions ({}):", e.decisions.len());
        for d in &e.decisions {
            let _ = writeln!(o, "  {}", d.notation);
            for ev in &d.events {
                let _ = writeln!(o, "      then: {ev}");
            }
            render_rules(&mut o, &d.rules, "      ");
        }
    }
    if let Some(v) = &e.verdict {
        let _ = writeln!(o, "\n{}: {}", v.input, v.message);
        for ev in &v.events {
            let _ = writeln!(o, "  then: {ev}");
        }
        if v.legal {
            if !v.rules.is_empty() {
                let _ = writeln!(o, "  allowed by");
                render_rules(&mut o, &v.rules, "    ");
            }
        } else {
            render_because(&mut o, &v.because);
        }
    }
    o
}

/// One action applied by `explain --then`, and what follows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    /// The action as given.
    pub action: String,
    /// What it was: `throw of 3 (3 of 8 marked)` or the move with where it went.
    pub done: String,
    /// The events it caused, with their rules.
    pub events: Vec<String>,
    /// The position after it, explained (its throws or legal decisions).
    pub after: Explanation,
}

/// An action of `explain --then` that cannot be applied.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ThenError {
    /// The action does not parse or fit the position.
    #[error("action {index} (`{action}`): {why}")]
    Bad {
        /// Which action, from 1.
        index: usize,
        /// The action.
        action: String,
        /// Why.
        why: String,
    },
    /// The engine refuses it; the verdict says why.
    #[error("action {index} (`{action}`) is refused: {}", verdict.message)]
    Refused {
        /// Which action, from 1.
        index: usize,
        /// The action.
        action: String,
        /// The verdict on it.
        verdict: Box<Verdict>,
    },
}

/// The count of first-face sticks of a throw action at `s`: `tV` (a throw worth V) or `kK`
/// (K sticks showing the first face).
fn throw_action(g: &Game, s: &State, a: &str) -> Result<u8, String> {
    let ir = g.ir();
    let n = g.sticks_for(s);
    let num = |t: &str| {
        t.parse::<u8>()
            .map_err(|_| format!("`{a}` is not tV or kK"))
    };
    if let Some(v) = a.strip_prefix('t') {
        let v = num(v)?;
        let colour = ir.team_of(s.team()).colour_face();
        (0..=n)
            .find(|&k| ir.sticks.value.value.throw_value(colour, k, n) == v)
            .ok_or_else(|| format!("a throw of {n} sticks cannot be worth {v}"))
    } else if let Some(k) = a.strip_prefix('k') {
        let k = num(k)?;
        if k > n {
            return Err(format!("only {n} sticks are thrown"));
        }
        Ok(k)
    } else {
        Err(format!(
            "at a throw, give `tV` (a throw worth V) or `kK` (K sticks showing {}), not `{a}`",
            ir.sticks
                .faces
                .first()
                .map_or("the first face", String::as_str)
        ))
    }
}

/// Applies `actions` in order from `s` (throws at a throw, moves in move notation at a
/// move) and explains the position after each.
pub fn then(g: &Game, s: &State, actions: &[String]) -> Result<Vec<Step>, ThenError> {
    let ir = g.ir();
    let mut s = s.clone();
    let mut steps = Vec::new();
    for (i, a) in actions.iter().enumerate() {
        let bad = |why: String| ThenError::Bad {
            index: i + 1,
            action: a.clone(),
            why,
        };
        let mut ev: Vec<Event> = Vec::new();
        let (done, events) = match s.stage() {
            Stage::Over(w) => {
                return Err(bad(format!(
                    "the game is over: {} has won",
                    ir.team_of(w).name
                )));
            }
            Stage::Drawn => return Err(bad("the game is over: drawn".into())),
            Stage::Deadlock => return Err(bad("the game is over: deadlocked".into())),
            Stage::Throw => {
                let k = throw_action(g, &s, a).map_err(bad)?;
                let done = crate::words::throw(g, &s, k);
                let events = match g.throw_verdict(&s, k) {
                    Judged::Legal(cs) => cs
                        .iter()
                        .map(|c| verdict_words::consequence(ir, c))
                        .collect(),
                    Judged::Refused(r) => return Err(bad(refusal_words::line(ir, &r))),
                };
                g.apply_throw(&mut s, k, &mut ev)
                    .map_err(|r| bad(refusal_words::line(ir, &r)))?;
                (done, events)
            }
            Stage::Move => {
                let d = g
                    .parse_decision(&s, a)
                    .map_err(|e| bad(position_words::notation_error(ir, &e)))?;
                let events = match g.verdict(&s, d) {
                    Judged::Legal(cs) => cs
                        .iter()
                        .map(|c| verdict_words::consequence(ir, c))
                        .collect(),
                    Judged::Refused(_) => {
                        return Err(ThenError::Refused {
                            index: i + 1,
                            action: a.clone(),
                            verdict: Box::new(judge_decision(g, &s, d, a)),
                        });
                    }
                };
                let done = g.describe_decision(&s, d);
                g.apply_decision(&mut s, d, &mut ev)
                    .map_err(|r| bad(refusal_words::line(ir, &r)))?;
                (done, events)
            }
        };
        let after = explain(g, &s, None).map_err(|e| bad(e.to_string()))?;
        steps.push(Step {
            action: a.clone(),
            done,
            events,
            after,
        });
    }
    Ok(steps)
}

/// The steps of `explain --then` as text for people.
pub fn render_steps(steps: &[Step]) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    for (i, st) in steps.iter().enumerate() {
        let _ = writeln!(o, "\n=== {}. {}: {}", i + 1, st.action, st.done);
        for e in &st.events {
            let _ = writeln!(o, "  {e}");
        }
        o.push_str(&render(&st.after));
    }
    o
}
