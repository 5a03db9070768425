//! The wrong citations of issue 28, each a regression test: the engine's verdict names the
//! statement that decided (with its readings) or the language default, and `explain`
//! renders that. Positions are found by seeded random play (the first position where the
//! case arises), so each test says what it looked for when none is found.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use seig::engine::{
    Consequence, Decision, Game, Ground, Quiet, Refusal, RefusalKind, State, Verdict,
};
use seig::lang::ir::{EngineChoiceId, Ir, Origin, ReleaseOrder, StatementKind};
use seig::lang::lower::Selection;
use seig::tools::analysis::explain::{self, judge_decision};
use seig::tools::streams::Rng;

fn load(file: &str, readings: &[(&str, &str)]) -> Game {
    let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).expect("rule file");
    let sel = Selection {
        readings: readings
            .iter()
            .map(|(r, o)| (r.to_string(), o.to_string()))
            .collect(),
        params: Vec::new(),
    };
    let (_, l) = seig::lang::load(&bytes, &sel);
    Game::new(l.ir.expect("lowers"))
}

fn rule_id(ir: &Ir, o: Origin) -> &str {
    &ir.rules[o.rule.index()].id
}

/// The readings of a cited statement, as `ID = option`.
fn readings(ir: &Ir, o: Origin) -> Vec<String> {
    ir.readings_of(o)
        .iter()
        .map(|c| {
            let r = &ir.readings[c.reading];
            format!("{} = {}", r.id, r.options[c.option].0)
        })
        .collect()
}

/// Every piece with every unused entry, taking and not, and the listed decisions.
fn candidates(g: &Game, s: &State, legal: &[Decision]) -> Vec<Decision> {
    let mut out = legal.to_vec();
    for piece in 0..g.n_pieces(s.team()) as u8 {
        for i in (0..s.pool().len()).filter(|&i| s.pool()[i].unused()) {
            for capture in [false, true] {
                out.push(Decision {
                    piece,
                    mask: 1 << i,
                    capture,
                    entry: 0,
                });
            }
        }
    }
    out
}

/// The first (position, decision, verdict) of seeded random games that `want` accepts; at
/// throws, the throw verdicts are offered with the decision `None`.
fn find(
    g: &Game,
    games: u64,
    actions: usize,
    want: &mut dyn FnMut(&State, Option<Decision>, &Verdict) -> bool,
) -> Option<(State, Option<Decision>, Verdict)> {
    let mut legal = Vec::new();
    for seed in 0..games {
        let mut rng = Rng::for_game(seed, 7);
        let mut s = g.initial_state();
        for _ in 0..actions {
            if g.is_over(&s) {
                break;
            }
            if g.is_chance(&s) {
                let k = g.sample_outcome(&s, rng.next_u64());
                let v = g.throw_verdict(&s, k);
                if want(&s, None, &v) {
                    return Some((s, None, v));
                }
                g.apply_throw(&mut s, k, &mut Quiet).expect("throws");
                continue;
            }
            g.legal_decisions(&s, &mut legal);
            for d in candidates(g, &s, &legal) {
                let v = g.verdict(&s, d);
                if want(&s, Some(d), &v) {
                    return Some((s, Some(d), v));
                }
            }
            let d = legal[(rng.next_u64() % legal.len() as u64) as usize];
            g.apply_decision(&mut s, d, &mut Quiet).expect("plays");
        }
    }
    None
}

fn refused(v: &Verdict) -> Option<Refusal> {
    v.refusal().copied()
}

/// Under A-TAG-14-which = rear-most, a release refused by its order is refused by TAG-T8's
/// (or TAG-X1's) `release 8 rear-most`, not by TAG-S6's `release order: front-most`.
#[test]
fn tag_t8_a_tag_14_which_rear_most_release_cites_the_throw_entry() {
    let g = load("rules/seig-tagent.seig", &[("A-TAG-14-which", "rear-most")]);
    let ir = g.ir();
    let (s, d, v) = find(&g, 40, 400, &mut |_, _, v| {
        refused(v).is_some_and(|r| r.kind == RefusalKind::NotNextReleased(ReleaseOrder::RearMost))
    })
    .expect("a release refused by the rear-most order");
    let r = refused(&v).expect("refused");
    let Ground::Stated(o) = r.ground else {
        panic!("{r:?}")
    };
    assert!(
        ["TAG-T8", "TAG-X1"].contains(&rule_id(ir, o)),
        "{}",
        rule_id(ir, o)
    );
    assert_eq!(ir.statement(o).kind, StatementKind::Throw);
    assert_eq!(
        readings(ir, o).last().map(String::as_str),
        Some("A-TAG-14-which = rear-most")
    );
    let e = judge_decision(&g, &s, d.expect("a move"), "");
    assert!(e.rules.iter().all(|c| c.id != "TAG-S6"), "{:?}", e.rules);
    assert!(
        e.because[0].statement.contains("rear-most"),
        "{:?}",
        e.because
    );
}

/// Under A-SIG-10 = safe, a piece made immune by SIG-M2's `immune when all own pieces
/// arrived first holds` is protected by SIG-M2, not by SIG-C3 under A-SIG-9 = summary.
#[test]
fn sig_m2_a_sig_10_safe_immunity_cites_its_statement() {
    let g = load(
        "rules/sig-beart.seig",
        &[("A-SIG-10", "safe"), ("A-SIG-9", "summary")],
    );
    let ir = g.ir();
    let protected = |v: &Verdict| -> Option<Ground> {
        match v {
            Verdict::Refused(r)
                if matches!(r.kind, RefusalKind::Protected | RefusalKind::CannotTake) =>
            {
                Some(r.ground)
            }
            Verdict::Legal(cs) => cs.iter().find_map(|c| match c {
                Consequence::Shared { protected_by, .. } => Some(*protected_by),
                _ => None,
            }),
            _ => None,
        }
    };
    let by_when = |g: Ground| {
        g.origin()
            .is_some_and(|o| ir.statement(o).kind == StatementKind::ImmuneWhen)
    };
    let (_, _, v) = find(&g, 30, 4000, &mut |_, _, v| {
        protected(v).is_some_and(by_when)
    })
    .expect("a piece protected by the immunity of arrived pieces");
    let o = protected(&v).and_then(Ground::origin).expect("a statement");
    assert_eq!(rule_id(ir, o), "SIG-M2");
    assert_eq!(readings(ir, o), ["A-SIG-10 = safe"]);
}

/// `ends: exact` refuses a move past the end as `ends: exact`, not as `track ends: stop`.
#[test]
fn ends_exact_refusal_cites_the_exact_end() {
    let g = load("tests/fixtures/verdict/small.seig", &[("A-2", "exact")]);
    let ir = g.ir();
    let (s, d, v) = find(&g, 40, 600, &mut |_, _, v| {
        refused(v).is_some_and(|r| r.kind == RefusalKind::ExactEnd)
    })
    .expect("a move past the end");
    let o = refused(&v)
        .and_then(|r| r.ground.origin())
        .expect("a statement");
    assert_eq!(rule_id(ir, o), "X-N1");
    assert_eq!(ir.statement(o).kind, StatementKind::TrackEnd);
    let e = judge_decision(&g, &s, d.expect("a move"), "");
    assert!(e.because[0].statement.contains("exact"), "{:?}", e.because);
    assert!(!e.because[0].statement.contains("stop"), "{:?}", e.because);
}

/// A piece that may not pass opposing pieces is refused by the `passing` statement, with
/// its reading.
#[test]
fn passing_refusal_names_its_statement() {
    let g = load("tests/fixtures/verdict/small.seig", &[("A-1", "blocked")]);
    let ir = g.ir();
    let (_, _, v) = find(&g, 40, 600, &mut |_, _, v| {
        refused(v).is_some_and(|r| r.kind == RefusalKind::PassOpposing)
    })
    .expect("a move past an opposing piece");
    let o = refused(&v)
        .and_then(|r| r.ground.origin())
        .expect("a statement");
    assert_eq!(rule_id(ir, o), "X-P1");
    assert_eq!(readings(ir, o), ["A-1 = blocked"]);
}

/// A second move of a piece in a turn is refused by `moves per piece per turn: one`.
#[test]
fn moved_this_turn_refusal_names_its_statement() {
    let g = load("rules/seig-tagent.seig", &[("A-TAG-10", "one")]);
    let ir = g.ir();
    let (_, _, v) = find(&g, 40, 600, &mut |_, _, v| {
        refused(v).is_some_and(|r| r.kind == RefusalKind::MovedThisTurn)
    })
    .expect("a second move of a piece");
    let o = refused(&v)
        .and_then(|r| r.ground.origin())
        .expect("a statement");
    assert_eq!(ir.statement(o).kind, StatementKind::MovesPerPiece);
    assert!(
        readings(ir, o).iter().any(|r| r.starts_with("A-TAG-10")),
        "{:?}",
        readings(ir, o)
    );
}

/// Taking a protected piece is refused as protected, by the statement that protects it,
/// not as "nothing to take".
#[test]
fn taking_a_protected_piece_cites_the_protection() {
    let g = load("tests/fixtures/verdict/small.seig", &[]);
    let ir = g.ir();
    let (_, _, v) = find(&g, 40, 600, &mut |_, d, v| {
        d.is_some_and(|d| d.capture)
            && refused(v).is_some_and(|r| r.kind == RefusalKind::CannotTake)
    })
    .expect("a capture of a protected piece");
    let o = refused(&v)
        .and_then(|r| r.ground.origin())
        .expect("a statement");
    assert_eq!(rule_id(ir, o), "X-C2");
    assert_eq!(ir.statement(o).kind, StatementKind::NoCapture);
}

/// Sig's opening forfeits: the forfeit names the language default and, for every piece,
/// the engine's refusal of the entry.
#[test]
fn sig_forfeits_are_explained() {
    let g = load("rules/sig-beart.seig", &[]);
    let ir = g.ir();
    let (_, _, v) = find(&g, 1, 200, &mut |_, d, v| {
        d.is_none()
            && matches!(v, Verdict::Legal(cs) if cs.iter().any(|c| matches!(c, Consequence::Forfeited { .. })))
    })
    .expect("a forfeited throw");
    let Verdict::Legal(cs) = &v else {
        panic!("found above")
    };
    let Some(Consequence::Forfeited { by, why, .. }) = cs
        .iter()
        .find(|c| matches!(c, Consequence::Forfeited { .. }))
    else {
        panic!("found above")
    };
    assert_eq!(*by, Ground::Default(EngineChoiceId::ForcedMoves));
    assert!(!why.is_empty());
    let alive = g.n_pieces(seig::lang::ir::TeamId::FIRST);
    assert!(why.len() >= alive.min(1), "{why:?}");
    let words = seig::tools::words::verdict::consequence(ir, cs.last().expect("some"));
    assert!(words.contains("language default: forced moves"), "{words}");
}

/// A landing that shares a place instead of taking (TAG-C4: in the opposing lower field a
/// piece is taken only with a 2) cites TAG-C4 for the protection and TAG-C1's `blocked
/// landing: share` under A-TAG-6 = cohabit for the sharing.
#[test]
fn tag_c4_a_tag_6_a_shared_landing_cites_both() {
    let g = load("rules/seig-tagent.seig", &[]);
    let ir = g.ir();
    let (s, d, v) = find(&g, 40, 800, &mut |_, _, v| {
        matches!(v, Verdict::Legal(cs) if cs.iter().any(|c| matches!(c, Consequence::Shared { protected_by: Ground::Stated(o), .. } if ir.rules[o.rule.index()].id == "TAG-C4")))
    })
    .expect("a landing beside a piece TAG-C4 protects");
    let Verdict::Legal(cs) = &v else {
        panic!("found above")
    };
    let Some(Consequence::Shared { shared_by, .. }) =
        cs.iter().find(|c| matches!(c, Consequence::Shared { .. }))
    else {
        panic!("found above")
    };
    let o = shared_by.origin().expect("a statement");
    assert_eq!(rule_id(ir, o), "TAG-C1");
    assert_eq!(readings(ir, o), ["A-TAG-6 = cohabit"]);
    let e = explain::judge_decision(&g, &s, d.expect("a move"), "");
    assert!(
        e.events
            .iter()
            .any(|w| w.contains("TAG-C4") && w.contains("TAG-C1 under A-TAG-6 = cohabit")),
        "{:?}",
        e.events
    );
}

/// TAG-F2's combat: a throw of 4 takes a piece out by the throw entry (TAG-T9 under
/// A-TAG-15 = alike), and the verdict types it as a removal, not a landing capture, and
/// words it apart.
#[test]
fn tag_f2_a_throw_of_4_removes_and_does_not_capture() {
    let g = load("rules/seig-tagent.seig", &[]);
    let ir = g.ir();
    let combat = ir
        .phases
        .value
        .iter()
        .position(|p| p == "combat")
        .expect("a combat phase");
    let mut legal = Vec::new();
    let mut found = None;
    'games: for seed in 0..20 {
        let mut rng = Rng::for_game(seed, 7);
        let mut s = g.initial_state();
        for _ in 0..20_000 {
            if g.is_over(&s) {
                break;
            }
            if g.is_chance(&s) {
                if s.phase().index() == combat {
                    let n = g.sticks_for(&s);
                    for k in 0..=n {
                        let v = g.throw_verdict(&s, k);
                        if matches!(&v, Verdict::Legal(cs) if cs.iter().any(|c| matches!(c, Consequence::Removed { .. })))
                        {
                            found = Some(v);
                            break 'games;
                        }
                    }
                }
                let k = g.sample_outcome(&s, rng.next_u64());
                g.apply_throw(&mut s, k, &mut Quiet).expect("throws");
                continue;
            }
            g.legal_decisions(&s, &mut legal);
            let d = legal[(rng.next_u64() % legal.len() as u64) as usize];
            g.apply_decision(&mut s, d, &mut Quiet).expect("plays");
        }
    }
    let v = found.expect("a combat throw that removes a piece");
    let Verdict::Legal(cs) = &v else {
        panic!("found above")
    };
    assert!(
        !cs.iter().any(|c| matches!(c, Consequence::Taken { .. })),
        "{cs:?}"
    );
    let Some(Consequence::Removed { by, .. }) =
        cs.iter().find(|c| matches!(c, Consequence::Removed { .. }))
    else {
        panic!("found above")
    };
    let o = by.origin().expect("a statement");
    assert_eq!(rule_id(ir, o), "TAG-T9");
    assert_eq!(ir.statement(o).kind, StatementKind::Throw);
    let line = seig::tools::words::verdict::line(ir, &v);
    assert!(line.contains("is removed by the throw (TAG-T9"), "{line}");
    assert!(!line.contains("captured"), "{line}");
}

/// A small file where two statements make a piece immune: `immune after entering b_home`
/// (R-E) and `immune after arriving` (R-A, the last hole of b_home). Team a walks a_home.1→4,
/// mid.1→6, b_home.4→1 (goal).
fn two_immunities() -> Game {
    let text = r#"
game "Immune twice"
source s "Test" { author "me" }
rule R-B stated cites s "board" {
  row a_home: home of a, 4 holes
  row mid: middle, 6 holes
  row b_home: home of b, 4 holes
  team a: 4 pieces in a_home
  team b: 4 pieces in b_home
  track a: a_home forward, mid forward, b_home backward goal
  track b: b_home forward, mid backward, a_home backward goal
  sticks: 4 with faces white and black
}
rule R-T stated cites s "throws" {
  on 0: nothing
  on 1: release 1 moving 1
  on any: move value
  capture: compulsory, remove
}
rule R-E inferred cites s "entering" {
  immune after entering b_home
}
rule R-A inferred cites s "arriving" {
  immune after arriving
}
"#;
    let (_, l) = seig::lang::load(text.as_bytes(), &Selection::default());
    Game::new(l.ir.expect("lowers"))
}

/// The immunities a move's verdict cites, as rule IDs.
fn immunity_cites(g: &Game, s: &State, d: Decision) -> Vec<String> {
    let ir = g.ir();
    let Verdict::Legal(cs) = g.verdict(s, d) else {
        panic!("legal")
    };
    let Some(Consequence::Immune { by, also, .. }) =
        cs.iter().find(|c| matches!(c, Consequence::Immune { .. }))
    else {
        panic!("{cs:?}")
    };
    let mut ids = vec![rule_id(ir, by.origin().expect("a statement")).to_string()];
    ids.extend(also.iter().map(|&o| rule_id(ir, o).to_string()));
    ids
}

/// An immunity that two statements both give cites both; one that only one gives cites
/// that one (not the last statement that adds holes).
#[test]
fn an_immunity_two_statements_give_cites_both() {
    let g = two_immunities();
    let ir = g.ir();
    let pos = |a: &str| {
        g.from_notation(&format!(
            "play | a 1 move | throws 1/1/9 turns 8 | pool 2/2#0 | a: {a} | b: x x x x"
        ))
        .expect("a position")
    };
    let d = Decision {
        piece: 0,
        mask: 1,
        capture: false,
        entry: 0,
    };
    // mid.5 + 2 → b_home.4: entering b_home only.
    assert_eq!(immunity_cites(&g, &pos("+mid.5 x x x"), d), ["R-E"]);
    // mid.6 + 2 → b_home.3: only entering again.
    assert_eq!(immunity_cites(&g, &pos("+mid.6 x x x"), d), ["R-E"]);
    // b_home.3 is already immune; a piece on mid.6 with 4 arrives on b_home.1: both.
    let s = g
        .from_notation(
            "play | a 1 move | throws 1/1/9 turns 8 | pool 4/4#0 | a: +mid.6 x x x | b: x x x x",
        )
        .expect("a position");
    assert_eq!(immunity_cites(&g, &s, d), ["R-E", "R-A"]);
    let Verdict::Legal(cs) = g.verdict(&s, d) else {
        panic!("legal")
    };
    let line = seig::tools::words::verdict::line(ir, &Verdict::Legal(cs));
    assert!(line.contains("becomes immune (R-E; R-A)"), "{line}");
}

/// TAG-S6 under A-TAG-11 = another: a refused release rests on TAG-S6's release order and
/// on its blocked release. The rule's sentences are quoted once, and what the order takes
/// is said once (the refusal's words), not again in its first reason.
#[test]
fn tag_s6_a_tag_11_another_refused_release_says_each_thing_once() {
    let g = load("rules/seig-tagent.seig", &[("A-TAG-11", "another")]);
    let lower = |team: &str, released: &str| {
        (1..=11)
            .map(|i| format!("{team}_lower.{i}"))
            .chain([released.to_string()])
            .collect::<Vec<_>>()
            .join(" ")
    };
    let s = g
        .from_notation(&format!(
            "race | twigs 2 move | throws 2/4/4 turns 1 last 8:0 | pool r1/1#0 | twigs: {} | shells: {}",
            lower("twigs", "+twigs_upper.5"),
            lower("shells", "shells_lower.12")
        ))
        .expect("a position");
    let e = explain::explain(&g, &s, Some("5:r1")).expect("explains");
    let text = explain::render(&e);
    let v = e.verdict.as_ref().expect("a verdict");
    assert_eq!(v.because.len(), 2, "{text}");
    assert!(
        v.because
            .iter()
            .all(|b| b.rule.as_ref().is_some_and(|r| r.id == "TAG-S6")),
        "{text}"
    );
    assert_eq!(
        text.matches("When the first \"Seig\" has been thrown")
            .count(),
        1,
        "{text}"
    );
    assert_eq!(
        text.matches("front-most unreleased piece").count(),
        1,
        "{text}"
    );
}
