//! `ByTeam<T>`, the per-team pair indexed by a `TeamId`: its values sit in throwing order,
//! it is written as the list of two the IR always wrote, and a list of any other length
//! is refused when read back rather than indexed out of bounds.
#![allow(
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]

use seig::lang::ir::{ByTeam, Ir, TeamId};
use seig::lang::lower::Selection;

#[test]
fn values_are_in_throwing_order() {
    let mut p = ByTeam::new("south", "north");
    assert_eq!(p[TeamId::FIRST], "south");
    assert_eq!(*p.get(TeamId::SECOND), "north");
    p[TeamId::SECOND] = "east";
    *p.get_mut(TeamId::FIRST) = "west";
    assert_eq!(p.iter().copied().collect::<Vec<_>>(), ["west", "east"]);
    assert_eq!(
        p.teams().map(|(t, v)| (t, *v)).collect::<Vec<_>>(),
        [(TeamId::FIRST, "west"), (TeamId::SECOND, "east")]
    );
    assert_eq!(p.into_array(), ["west", "east"]);
}

#[test]
fn built_team_by_team() {
    let p = ByTeam::from_fn(|t| t.index() * 10 + 1);
    assert_eq!(p, ByTeam::new(1, 11));
    assert_eq!(p.map(|v| v * 2), ByTeam::new(2, 22));
    assert_eq!(
        p.zip(ByTeam::new('a', 'b')),
        ByTeam::new((1, 'a'), (11, 'b'))
    );
    assert_eq!(ByTeam::splat(7), ByTeam::new(7, 7));
    assert_eq!(ByTeam::<u8>::default(), ByTeam::new(0, 0));
    assert_eq!(p.each_ref().map(|v| *v + 1), ByTeam::new(2, 12));
    assert_eq!(ByTeam::from([3, 4]), ByTeam::new(3, 4));
    let mut q = p;
    for v in &mut q {
        *v += 1;
    }
    assert_eq!(q.into_iter().collect::<Vec<_>>(), [2, 12]);
}

#[test]
fn made_from_a_list_of_exactly_two() {
    assert_eq!(ByTeam::try_from(vec![1, 2]), Ok(ByTeam::new(1, 2)));
    assert_eq!(ByTeam::try_from(vec![1, 2, 3]), Err(vec![1, 2, 3]));
    assert_eq!(ByTeam::<u8>::try_from(vec![]), Err(vec![]));
}

#[test]
fn team_ids_are_zero_or_one() {
    assert_eq!(TeamId::from_index(0), Some(TeamId::FIRST));
    assert_eq!(TeamId::from_index(1), Some(TeamId::SECOND));
    assert_eq!(TeamId::from_index(2), None);
    assert_eq!(TeamId::from_index(usize::MAX), None);
}

#[test]
fn written_as_the_list_of_two() {
    let p = ByTeam::new(Some(3u8), None);
    assert_eq!(serde_json::to_string(&p).expect("writes"), "[3,null]");
    let back: ByTeam<Option<u8>> = serde_json::from_str("[3,null]").expect("reads");
    assert_eq!(back, p);
    for bad in ["[]", "[1]", "[1,2,3]", "{}"] {
        assert!(
            serde_json::from_str::<ByTeam<u8>>(bad).is_err(),
            "{bad} read as a pair"
        );
    }
}

/// The IR of a bundled file, as JSON.
fn sig_ir_json() -> serde_json::Value {
    let text = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/rules/sig-beart.seig"))
        .expect("bundled file");
    let ir = seig::lang::load(&text, &Selection::default())
        .1
        .ir
        .expect("lowers");
    serde_json::to_value(&ir).expect("writes")
}

#[test]
fn an_ir_read_back_holds_two_teams() {
    let json = sig_ir_json();
    let teams = json["teams"].as_array().expect("teams are a list");
    assert_eq!(teams.len(), 2);
    let ir: Ir = serde_json::from_value(json.clone()).expect("reads back");
    assert_eq!(serde_json::to_value(&ir).expect("writes"), json);
    // A third team (or only one) is refused on reading, not found out by an index later.
    let mut three = json.clone();
    let first = three["teams"][0].clone();
    three["teams"].as_array_mut().expect("list").push(first);
    assert!(serde_json::from_value::<Ir>(three).is_err());
    let mut one = json;
    one["teams"].as_array_mut().expect("list").pop();
    assert!(serde_json::from_value::<Ir>(one).is_err());
}
