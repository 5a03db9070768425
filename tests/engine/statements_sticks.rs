//! `sticks if CONDS: N`: a stick count for the throws of a team for which conditions hold
//! (seen from the thrower), before every other count; a parse → format → parse round trip.
#![allow(
    clippy::expect_used,
    clippy::panic,
    reason = "tests may panic on a broken fixture or a failed check"
)]

#[allow(
    unused_imports,
    reason = "the shared helpers re-export more than this file uses"
)]
use crate::common;

use common::pos;
use seig::engine::{EntryKind, Game, Stage};
use seig::lang::lower::Selection;

/// A small race: rows a_home (4), mid (6), b_home (4); `extra` statements in rule R-X.
fn file(extra: &str) -> String {
    format!(
        r#"
game "Sticks"
source s "Test" {{ author "me" }}
rule R-B stated cites s "board" {{
  row a_home: home of a, 4 holes
  row mid: middle, 6 holes
  row b_home: home of b, 4 holes
  team a: 4 pieces in a_home
  team b: 4 pieces in b_home
  track a: a_home forward, mid forward, b_home backward goal
  track b: b_home forward, mid backward, a_home backward goal
  sticks: 6 with faces white and black
  sticks on first throw of turn: 5
}}
rule R-T stated cites s "throws" {{
  on 0: nothing
  on 1: release 1 moving 1
  on any: move value
}}
rule R-X inferred cites s "extra" {{
{extra}
}}
"#
    )
}

fn game(extra: &str) -> Game {
    common::game_of(&file(extra))
}

/// The stick count of the next throw for `team` to throw, with a's and b's pieces given.
fn sticks(g: &Game, team: &str, turn_throws: u32, a: &str, b: &str) -> u8 {
    let s = pos(
        g,
        &format!(
            "play | {team} 1 throw | throws {turn_throws}/{turn_throws}/9 turns 8 | pool - | a: {a} | b: {b}"
        ),
    );
    g.sticks_for(&s)
}

const HOME_A: &str = "a_home.1 a_home.2 a_home.3 a_home.4";
const HOME_B: &str = "b_home.1 b_home.2 b_home.3 b_home.4";
const ONE_OUT_A: &str = "+mid.2 a_home.2 a_home.3 a_home.4";

#[test]
fn without_the_statement_the_other_counts_apply() {
    let g = game("");
    assert_eq!(sticks(&g, "a", 0, HOME_A, HOME_B), 5);
    assert_eq!(sticks(&g, "a", 1, HOME_A, HOME_B), 6);
}

#[test]
fn sticks_if_counts_for_the_thrower_whose_conditions_hold_before_every_other_count() {
    let g = game("sticks if own pieces in mid = 0: 4");
    // a has no piece in mid: 4 sticks, on the first throw of the turn too.
    assert_eq!(sticks(&g, "a", 0, HOME_A, HOME_B), 4);
    assert_eq!(sticks(&g, "a", 1, HOME_A, HOME_B), 4);
    // a has one in mid: the other counts again.
    assert_eq!(sticks(&g, "a", 0, ONE_OUT_A, HOME_B), 5);
    assert_eq!(sticks(&g, "a", 1, ONE_OUT_A, HOME_B), 6);
    // Seen from the thrower: b has none in mid even when a has one.
    assert_eq!(sticks(&g, "b", 1, ONE_OUT_A, HOME_B), 4);
}

#[test]
fn the_first_conditional_count_that_holds_wins() {
    let g = game("sticks if own pieces in mid = 0: 4\nsticks if own pieces in mid <= 1: 3");
    assert_eq!(sticks(&g, "a", 1, HOME_A, HOME_B), 4);
    assert_eq!(sticks(&g, "a", 1, ONE_OUT_A, HOME_B), 3);
    let two_out = "+mid.2 +mid.3 a_home.3 a_home.4";
    assert_eq!(sticks(&g, "a", 1, two_out, HOME_B), 6);
}

#[test]
fn sticks_if_round_trips_through_the_formatter() {
    let stmt = "sticks if not once own pieces in mid >= 1: 4";
    let text = file(stmt);
    let formatted = seig::lang::fmt::format_text(&text).expect("formats and reads back");
    assert!(formatted.contains(stmt), "{stmt} not kept:\n{formatted}");
    assert_eq!(
        seig::lang::fmt::format_text(&formatted).expect("formats again"),
        formatted
    );
    let g = game(stmt);
    assert_eq!(g.ir().sticks.conditional.len(), 1);
}

#[test]
fn sticks_if_over_an_unknown_row_is_a_located_error() {
    let (_, l) = seig::lang::load(
        file("sticks if own pieces in nowhere = 0: 4").as_bytes(),
        &Selection::default(),
    );
    assert!(l.ir.is_none());
    let d = l
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .expect("an error");
    assert!(d.message.contains("nowhere"), "{}", d.message);
}

/// A file whose face chance is a param in percent: `p(white) = chance percent`.
fn percent_file(prob: &str) -> String {
    file("").replace(
        "  sticks: 6 with faces white and black\n",
        &format!("  sticks: 6 with faces white and black, p(white) = {prob}\n"),
    )
}

#[test]
fn a_face_chance_in_percent_takes_a_number_or_a_param() {
    let with_param = |text: &str, params: &[(&str, i64)]| {
        let sel = Selection {
            readings: Default::default(),
            params: params.iter().map(|(a, b)| (a.to_string(), *b)).collect(),
        };
        let (_, l) = seig::lang::load(text.as_bytes(), &sel);
        l.ir.map(|ir| ir.sticks.p)
    };
    let param = format!(
        "param chance = 50 in 1..99 \"chance of white\"\n{}",
        percent_file("chance percent")
    );
    assert_eq!(with_param(&param, &[]), Some(0.5));
    assert_eq!(with_param(&param, &[("chance", 30)]), Some(0.3));
    assert_eq!(with_param(&percent_file("55 percent"), &[]), Some(0.55));
    // The count of white sticks follows: six whites with p = 0.3.
    let g = Game::new(
        seig::lang::load(
            param.as_bytes(),
            &Selection {
                readings: Default::default(),
                params: [("chance".to_string(), 30)].into_iter().collect(),
            },
        )
        .1
        .ir
        .expect("lowers"),
    );
    assert!((g.ir().sticks.p - 0.3).abs() < 1e-12);
    // Out of 1..99 percent: a located error, alone.
    assert_eq!(common::error_codes(&percent_file("100 percent")), ["E071"]);
    let formatted = seig::lang::fmt::format_text(&param).expect("formats");
    assert!(
        formatted.contains("p(white) = chance percent"),
        "{formatted}"
    );
}

/// Throws that add moves (forward and back), releases and release-or-move entries, and throw
/// again; each entry `on K{guard}: …`, and with `bind` the throw after a release moves that
/// piece.
fn plan_file(guard: &str, bind: bool) -> String {
    let throws = [
        "on 0: nothing",
        "on 1: release 1 moving 1 and throw again",
        "on 2: move 2 and throw again",
        "on 3: release or move 1 for 2 pieces and throw again",
        "on 4: move back 1 and move value and throw again",
        "on 5: release 2 moving value + 1 and throw again",
        "on 6: release or move 1 for 5 pieces and throw again",
    ]
    .map(|t| format!("  {}", t.replacen(':', &format!("{guard}:"), 1)))
    .join("\n");
    // Pooled: the seat throws again before it moves, so a run of throws fills one pool.
    let extra = if bind {
        "  allocation: pooled\n  the throw after a release moves that piece"
    } else {
        "  allocation: pooled"
    };
    common::small_variant("Plans", &throws, extra).replace("sticks: 4 ", "sticks: 6 ")
}

#[test]
fn a_throw_entry_with_no_condition_pools_what_its_effects_say() {
    // Entries with no condition are worked out when the game is built; the same entries
    // behind a condition that always holds are read at the throw. Every run of throws from
    // the start must leave the same position and events in both.
    for bind in [false, true] {
        let plain = common::game_of(&plan_file("", bind));
        let asked = common::game_of(&plan_file(" if own pieces in mid >= 0", bind));
        let mut runs = vec![(plain.initial_state(), asked.initial_state(), 0)];
        let mut thrown = 0;
        while let Some((p, a, depth)) = runs.pop() {
            if depth == 3 || p.stage() != Stage::Throw {
                continue;
            }
            for v in 0..=6 {
                let (mut p2, mut a2) = (p.clone(), a.clone());
                let events = common::throw(&plain, &mut p2, v);
                let after = common::note(&plain, &p);
                assert_eq!(
                    events,
                    common::throw(&asked, &mut a2, v),
                    "{v} after {after}"
                );
                assert_eq!(common::note(&plain, &p2), common::note(&asked, &a2));
                thrown += 1;
                runs.push((p2, a2, depth + 1));
            }
        }
        // Six of the seven throws throw again: at least 7 + 6 × 7 + 6 × 6 × 7 runs.
        assert!(thrown >= 301, "bind {bind}: {thrown}");
    }
    // What the pool holds: a release is bound to no throw, the entries of the throw after
    // it are (`^0`), in the order the effects give them.
    let g = common::game_of(&plan_file("", true));
    let mut s = g.initial_state();
    for v in [1, 4, 1, 3] {
        common::throw(&g, &mut s, v);
    }
    let n = common::note(&g, &s);
    assert!(
        n.contains("| pool r1/1#0 b1/4#1^0 4/4#1^0 r1/1#2 e1/3#3^2 e1/3#3^2 |"),
        "{n}"
    );
}

/// Counts the unused pool entries of the position about to forfeit them, and checks the
/// forfeit event's count against it.
#[derive(Default)]
struct Forfeits {
    counted: Option<u8>,
    checked: usize,
    /// Forfeits of a pool of more than four entries.
    long: usize,
}

impl seig::engine::Observer for Forfeits {
    fn event(&mut self, e: seig::engine::Event) {
        if let seig::engine::Event::Forfeit { entries } = e {
            assert_eq!(Some(entries), self.counted.take(), "forfeited entries");
            self.checked += 1;
        }
    }
    fn forfeiting(&mut self, s: &seig::engine::State) {
        self.counted = Some(s.pool().iter().filter(|e| e.unused()).count() as u8);
        self.long += usize::from(s.pool().len() > 4);
    }
}

#[test]
fn a_new_throw_keeps_the_unused_entries_and_the_bound_releases_of_any_pool() {
    // Per throw, with the throw after a release bound to it: the entries of a turn's earlier
    // throws are spent, a release stays for the throw bound to it. Short pools are compacted
    // and counted without a loop, longer ones with: random play meets both. After each throw
    // that leaves moves to choose, the pool starts with the entries the compaction keeps
    // (unused, or a release of the throw now bound), in order, and every forfeit counts the
    // unused entries.
    let throws = "  on 0: nothing\n  on 1: release 1 moving 1 and throw again\n  on 2: release or move 1 for 5 pieces and throw again\n  on any: move value and throw again";
    let extra = "  allocation: per throw\n  the throw after a release moves that piece";
    let g = common::game_of(&common::small_variant("Compaction", throws, extra));
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut obs, mut legal, mut sizes) = (Forfeits::default(), Vec::new(), [0usize; 2]);
    for _ in 0..40 {
        let mut s = g.initial_state();
        for _ in 0..400 {
            if g.is_over(&s) {
                break;
            }
            if s.stage() == Stage::Move {
                g.legal_decisions(&s, &mut legal);
                let d = legal[next(legal.len())];
                g.apply_decision(&mut s, d, &mut obs).expect("legal");
                continue;
            }
            let kept: Vec<_> = s
                .pool()
                .iter()
                .filter(|e| {
                    e.unused() || (e.kind == EntryKind::Release && Some(e.family) == s.bind())
                })
                .copied()
                .collect();
            let before = s.pool().len();
            let outcomes = g.chance_outcomes(&s);
            let k = outcomes[next(outcomes.len())].k;
            g.apply_throw(&mut s, k, &mut obs).expect("a throw");
            assert!(s.spare_slots_clear());
            if s.stage() == Stage::Move {
                assert_eq!(
                    &s.pool()[..kept.len()],
                    &kept[..],
                    "{}",
                    common::note(&g, &s)
                );
                sizes[usize::from(before > 4)] += 1;
            }
        }
    }
    // Both sizes of pool met (a 2 gives five entries), and forfeits counted.
    assert!(sizes[0] > 100 && sizes[1] > 20, "{sizes:?}");
    assert!(
        obs.checked > 20 && obs.long > 0,
        "{} {}",
        obs.checked,
        obs.long
    );
}
