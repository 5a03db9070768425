//! Bearing off (issue 27): `bear off from REGION with VALUES|any`, `bearing off: exact
//! throws|larger throws too` and the condition `own|opposing pieces borne off CMP N`. Each
//! test sets up a position in the small variant of `statements_moves` (team a walks
//! a_home.1→4, mid.1→6, b_home.4→1, the goal; a 1 releases moving 1, any other throw moves
//! its value) and asserts the exact legal decisions.
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;
use crate::statements_moves::{NO_B, at, codes, file, game, round_trip, v};

use common::{moves, note, play, pos, refuse};
use seig::engine::Stage;
use seig::lang::ir::TeamId;
use seig::lang::lower::Selection;

/// A piece on b_home.2 (the track's last hole but one) bears off with a 2, one on b_home.3
/// with a 3: the throw that would carry it one place past the track's end.
const BEAR: &str = "bear off from hole 2 of b_home with 2\n bear off from hole 3 of b_home with 3";

/// The codes of every diagnostic (warnings too) the extra statements give.
fn all_codes(extra: &str) -> Vec<String> {
    let (_, l) = seig::lang::load(file(extra).as_bytes(), &Selection::default());
    l.diagnostics
        .iter()
        .map(|d| d.code.as_str().to_string())
        .collect()
}

#[test]
fn bear_off_is_offered_beside_the_move_on_its_hole_with_its_exact_throw() {
    let g = game(BEAR);
    let s = at(&g, "2/2#0", "+b_home.2 +b_home.3 +mid.1 x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:2 b_home.2>b_home.1",
            "1:2>out b_home.2>out",
            "2:2 b_home.3>b_home.1",
            "3:2 mid.1>mid.3",
        ])
    );
    let s = at(&g, "3/3#0", "+b_home.2 +b_home.3 +mid.1 x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:3 b_home.2>b_home.1",
            "2:3 b_home.3>b_home.1",
            "2:3>out b_home.3>out",
            "3:3 mid.1>mid.4",
        ])
    );
    // Without the statements no piece leaves the board.
    let g = game("");
    let s = at(&g, "2/2#0", "+b_home.2 +b_home.3 +mid.1 x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:2 b_home.2>b_home.1",
            "2:2 b_home.3>b_home.1",
            "3:2 mid.1>mid.3",
        ])
    );
}

#[test]
fn a_piece_on_its_last_hole_bears_off_with_any_throw() {
    // The last hole, where an ordinary move cannot change the piece's place.
    let g = game("bear off from hole 1 of b_home with any");
    let s = at(&g, "4/4#0", "+b_home.1 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:4>out b_home.1>out"]));
    let s = at(&g, "2/2#0", "+b_home.1 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:2>out b_home.1>out"]));
}

#[test]
fn larger_throws_too_bear_off_with_a_throw_above_the_least_listed() {
    let g = game(&format!("{BEAR}\n bearing off: larger throws too"));
    let s = at(&g, "3/3#0", "+b_home.2 +b_home.3 x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:3 b_home.2>b_home.1",
            "1:3>out b_home.2>out",
            "2:3 b_home.3>b_home.1",
            "2:3>out b_home.3>out",
        ])
    );
    // A smaller throw does not.
    let s = at(&g, "2/2#0", "+b_home.3 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:2 b_home.3>b_home.1"]));
    // The default is exact.
    let g = game(&format!("{BEAR}\n bearing off: exact throws"));
    let s = at(&g, "3/3#0", "+b_home.2 x x x", NO_B);
    assert_eq!(moves(&g, &s), v(&["1:3 b_home.2>b_home.1"]));
}

#[test]
fn bearing_off_needs_one_throw_and_a_released_piece_on_the_hole() {
    let g = game(BEAR);
    // A wrong hole or throw is refused, naming the statement's rule.
    let s = at(&g, "2/2#0", "+b_home.3 x x x", NO_B);
    assert_eq!(refuse(&g, &s, "1:2>out"), "R-X");
    // Pooled: a group of two throws bears nothing off; each throw alone may.
    let g = game(&format!("{BEAR}\n allocation: pooled"));
    let s = at(&g, "2/2#0 3/3#1", "+b_home.2 x x x", NO_B);
    assert_eq!(
        moves(&g, &s),
        v(&[
            "1:2 b_home.2>b_home.1",
            "1:2+3 b_home.2>b_home.1",
            "1:2>out b_home.2>out",
            "1:3 b_home.2>b_home.1",
        ])
    );
    assert_eq!(refuse(&g, &s, "1:2+3>out"), "R-X");
    // Without a statement the refusal is the language default's.
    let g = game("");
    let s = at(&g, "2/2#0", "+b_home.2 x x x", NO_B);
    assert_eq!(
        refuse(&g, &s, "1:2>out"),
        "a piece bears off only from the holes, and with the throws, a `bear off` statement names"
    );
}

#[test]
fn a_borne_off_piece_leaves_the_board_and_reads_back_as_out() {
    let g = game(BEAR);
    let mut s = at(&g, "2/2#0", "+b_home.2 +mid.1 x x", "+mid.6 x x x");
    play(&g, &mut s, "1:2>out");
    let text = note(&g, &s);
    assert!(text.contains("| a: out +mid.1 x x |"), "{text}");
    assert_eq!(g.borne_count(&s, TeamId::FIRST), 1);
    // Read back exactly (the pieces, and the text).
    let again = pos(&g, &text);
    for t in TeamId::BOTH {
        assert_eq!(again.pieces(t), s.pieces(t));
    }
    assert_eq!(note(&g, &again), text);
}

#[test]
fn borne_off_counts_win_and_arrival_but_not_as_taken() {
    // A win by pieces borne off.
    let g = game(&format!("{BEAR}\n win when own pieces borne off >= 2"));
    let mut s = at(&g, "2/2#0", "out +b_home.2 x x", "+mid.6 x x x");
    play(&g, &mut s, "2:2>out");
    assert_eq!(s.stage(), Stage::Over(TeamId::FIRST));
    // `all own pieces arrived` counts a borne-off piece as arrived.
    let g = game(&format!("{BEAR}\n win when all own pieces arrived"));
    let mut s = at(&g, "2/2#0", "+b_home.1 +b_home.2 x x", "+mid.6 x x x");
    play(&g, &mut s, "2:2>out");
    assert_eq!(s.stage(), Stage::Over(TeamId::FIRST));
    // `opponent has no pieces` does not hold for b when a has borne its last piece off:
    // the game goes on (b throws next).
    let g = game(&format!(
        "{BEAR}\n win when opponent has no pieces\n win when opposing pieces borne off >= 9"
    ));
    let mut s = at(&g, "2/2#0", "+b_home.2 x x x", "+mid.6 x x x");
    play(&g, &mut s, "1:2>out");
    assert_eq!(s.stage(), Stage::Throw);
    assert_eq!(s.team(), TeamId::new(1));
}

#[test]
fn bearing_off_diagnostics_and_layout() {
    // W045: a value 4 sticks never give.
    assert_eq!(
        all_codes("bear off from hole 1 of b_home with 2, 9"),
        vec!["W045".to_string()]
    );
    assert_eq!(
        all_codes("bear off from hole 1 of b_home with 2"),
        Vec::<String>::new()
    );
    // E074: past any throw; E012: `bearing off:` twice.
    assert_eq!(
        codes("bear off from hole 1 of b_home with 20"),
        vec!["E074".to_string()]
    );
    assert_eq!(
        codes("bearing off: exact throws\n bearing off: larger throws too"),
        vec!["E012".to_string()]
    );
    round_trip("bear off from hole 2 of b_home with 2, 3");
    round_trip("bear off from last hole of own home with any");
    round_trip("bearing off: larger throws too");
    round_trip("win when own pieces borne off >= 4 and opposing pieces borne off < 1");
}
