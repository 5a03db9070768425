//! `Setup`: a position as plain data, checked into a state by `Game::state_from_setup`; the
//! position notation is read through it.

use crate::common;

use common::*;
use seig::engine::{PieceFlags, Place, SetupError, Stage};
use seig::tools::sim::Rng;

const FILES: [&str; 3] = ["sig-beart.seig", "sigue-caillie.seig", "seig-tagent.seig"];

/// Positions of random play, read back through a setup: the same state as from notation.
#[test]
fn setups_of_random_play_build_the_states_the_notation_reads() {
    for f in FILES {
        let g = game(f, &[]);
        let mut rng = Rng::for_game(7, 0);
        let mut s = g.initial_state();
        let mut buf = Vec::new();
        for _ in 0..400 {
            if g.is_over(&s) {
                break;
            }
            let text = g.to_notation(&s);
            let setup = g.parse_setup(&text).expect("notation of a state reads");
            let back = g.state_from_setup(&setup).expect("a state's setup builds");
            assert!(back.same_position(&s), "{f}: {text}");
            if g.is_chance(&s) {
                let k = g.sample_outcome(&s, rng.next_u64());
                g.apply_throw(&mut s, k, &mut seig::engine::Quiet).unwrap();
            } else {
                g.legal_decisions(&s, &mut buf);
                let d = buf[rng.below(buf.len())];
                g.apply_decision(&mut s, d, &mut seig::engine::Quiet)
                    .unwrap();
            }
        }
    }
}

/// A setup built by hand is checked as the notation is.
#[test]
fn a_setup_is_checked_against_the_variant() {
    let g = game("sig-beart.seig", &[]);
    let good = g.parse_setup(&g.to_notation(&g.initial_state())).unwrap();
    assert_eq!(g.state_from_setup(&good), Ok(g.initial_state()));
    assert_eq!(good.stage, Stage::Throw);

    let mut short = good.clone();
    short.pieces[TeamId::SECOND].pop();
    assert!(matches!(
        g.state_from_setup(&short),
        Err(SetupError::PieceCount {
            team: TeamId::SECOND,
            ..
        })
    ));

    let mut seat = good.clone();
    seat.seat = g.ir().seats.value;
    assert!(matches!(
        g.state_from_setup(&seat),
        Err(SetupError::Seat { .. })
    ));

    // A released piece in its start row (off its track) cannot be.
    for f in FILES {
        let g = game(f, &[]);
        let mut released = g.parse_setup(&g.to_notation(&g.initial_state())).unwrap();
        let p = &mut released.pieces[TeamId::FIRST][0];
        let in_start_row = matches!(p.place, Place::Hole { .. })
            && g.initial_state()
                .piece(TeamId::FIRST, 0)
                .track_index()
                .is_none();
        p.flags |= PieceFlags::RELEASED;
        if in_start_row {
            let e = g.state_from_setup(&released);
            assert!(
                matches!(e, Err(SetupError::ReleasedAtStart { .. })),
                "{f}: {e:?}"
            );
        }
    }
}

#[test]
fn a_position_at_the_largest_counts_never_wraps_to_zero() {
    let g = common::game("sig-beart.seig", &[]);
    let text = "race | north 1 move | throws 1/1/4294967295 turns 4294967295 last 8:2 | pool 2/2#0 | south: +!home_north.12 off off off off off off off off +!home_north.12 +central_north.5 +home_south.4 | north: x +!home_south.2 x +central_north.8 +!home_south.1 +home_north.7 +central_south.8 +central_north.6 +central_south.10 +home_north.10 +central_north.4 +home_north.6";
    let mut s = common::pos(&g, text);
    let team = s.team();
    // Play until another team is to play: a seat turn has ended and one more throw made.
    for _ in 0..64 {
        if s.team() != team || g.is_over(&s) {
            break;
        }
        if s.stage() == Stage::Move {
            let mut legal = Vec::new();
            g.legal_decisions(&s, &mut legal);
            let d = legal[0];
            g.apply_decision(&mut s, d, &mut Vec::new()).expect("legal");
        } else {
            let k = g.chance_outcomes(&s)[0].k;
            g.apply_throw(&mut s, k, &mut Vec::new()).expect("throw");
        }
    }
    assert_ne!(s.team(), team, "a turn ended");
    assert_eq!(s.turns(), u32::MAX, "seat turns stay at the largest count");
    assert_eq!(
        s.game_throws(),
        u32::MAX,
        "game throws stay at the largest count"
    );
}
