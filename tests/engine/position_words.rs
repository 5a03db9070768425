//! Every kind of [`NotationProblem`] and [`SetupError`] (and each of their reasons) has
//! words that name the problem and the text it is at: for each kind, an input that gives
//! it, read as `explain --position` reads it (or a move parsed at it), the kind asserted
//! and the words `seig_tools::words::position` give checked. The last test checks that
//! the examples reach every kind (the name functions match exhaustively, so a new kind
//! needs a name, and then an example).
#![allow(
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing,
    reason = "tests may panic on a broken fixture or a failed check"
)]

use crate::common;

use common::{game, game_of, said, small_variant};
use seig::engine::notation::NotationProblem;
use seig::engine::{
    CountersClash, EntryUse, Game, NotImmune, NotParked, POOL_MAX, SetupError, ThrowOf,
};
use seig::lang::ir::RuleIx;
use seig::tools::words::position::setup_error;
use std::collections::BTreeSet;

/// A Sig position with the north to move a 2 (from tests/cli/why.rs).
const SIG: &str = "race | north 1 move | throws 1/1/146 turns 113 last 8:2 | pool 2/2#0 | south: +!home_north.12 off off off off off off off off +!home_north.12 +central_north.5 +home_south.4 | north: x +!home_south.2 x +central_north.8 +!home_south.1 +home_north.7 +central_south.8 +central_north.6 +central_south.10 +home_north.10 +central_north.4 +home_north.6";

const THROWS: &str = "  on 0: nothing\n  on 1: release 1 moving 1\n  on 4: move 4 and throw again\n  on any: move value";

/// The small variant's team a starting off its track (in a_home), choosing where it
/// enters, with a row no piece can reach.
const ENTRY: &str = r#"
game "Entry"
source s "Test" { author "me" }
rule R-B stated cites s "board" {
  row a_home: home of a, 4 holes
  row mid: middle, 6 holes
  row b_home: home of b, 4 holes
  row spare: middle, 2 holes
  team a: 4 pieces in a_home
  team b: 4 pieces in b_home
  track a: mid forward, b_home backward goal
  track b: b_home forward, mid backward, a_home backward goal
  sticks: 4 with faces white and black
}
rule R-T stated cites s "throws" {
  on 1: release 1 moving 1
  on any: move value
}
rule R-X inferred cites s "entry" {
  track a entry: chosen hole
}
"#;

fn small(extra: &str) -> Game {
    game_of(&small_variant("Words", THROWS, extra))
}

/// The kind of a problem, by name (with its reason where it has one).
fn name(p: &NotationProblem) -> String {
    use NotationProblem as P;
    match p {
        P::Sections { .. } => "Sections",
        P::PoolSection => "PoolSection",
        P::TeamSection => "TeamSection",
        P::TeamOrder => "TeamOrder",
        P::UnknownTeam => "UnknownTeam",
        P::SeatNumber => "SeatNumber",
        P::Stage => "Stage",
        P::Head => "Head",
        P::AfterStage => "AfterStage",
        P::Number => "Number",
        P::CounterValue => "CounterValue",
        P::Throws => "Throws",
        P::TurnThrows => "TurnThrows",
        P::Won => "Won",
        P::UnknownHole => "UnknownHole",
        P::Once => "Once",
        P::OnceNumber => "OnceNumber",
        P::MovedNumber => "MovedNumber",
        P::Last => "Last",
        P::UnknownCounter => "UnknownCounter",
        P::Entry => "Entry",
        P::UnknownRule => "UnknownRule",
        P::Piece => "Piece",
        P::UnknownRow => "UnknownRow",
        P::HoleNumber => "HoleNumber",
        P::HoleRange { .. } => "HoleRange",
        P::NoEntryHole => "NoEntryHole",
        P::EntryHole { .. } => "EntryHole",
        P::Move => "Move",
        P::PieceNumber { .. } => "PieceNumber",
        P::NotInPool { .. } => "NotInPool",
        P::Home => "Home",
        P::HomeHole => "HomeHole",
        P::Setup(e) => return setup_name(e),
    }
    .to_string()
}

/// The kind of a setup error, by name (with its reason where it has one).
fn setup_name(e: &SetupError) -> String {
    use SetupError as E;
    let kind = match e {
        E::Phase => "Phase",
        E::Seat { .. } => "Seat",
        E::LastThrow => "LastThrow",
        E::PoolFull => "PoolFull",
        E::EntryValue { .. } => "EntryValue",
        E::EntryRule { .. } => "EntryRule",
        E::EntryPieceRange { .. } => "EntryPieceRange",
        E::EntryPiece => "EntryPiece",
        E::PieceCount { .. } => "PieceCount",
        E::OffTrack { .. } => "OffTrack",
        E::ReleasedAtStart { .. } => "ReleasedAtStart",
        E::PrisonerUncarried { .. } => "PrisonerUncarried",
        E::Visit { .. } => "Visit",
        E::Stacked { .. } => "Stacked",
        E::Latch { .. } => "Latch",
        E::Moved => "Moved",
        E::Homing => "Homing",
        E::EntryNoSuchThrow { .. } => "EntryNoSuchThrow",
        E::EntryThrowCount { .. } => "EntryThrowCount",
        E::EntryNotGiven { .. } => "EntryNotGiven",
        E::EntryNotCancelled { .. } => "EntryNotCancelled",
        E::ThrowSticks { which, .. } => match which {
            ThrowOf::Entry(_) => "ThrowSticks/Entry",
            ThrowOf::Last => "ThrowSticks/Last",
        },
        E::LatchUnset { .. } => "LatchUnset",
        E::PhaseUnreleased { .. } => "PhaseUnreleased",
        E::Counters { why, .. } => match why {
            CountersClash::SeatOverTeam => "Counters/SeatOverTeam",
            CountersClash::TeamOverGame => "Counters/TeamOverGame",
        },
        E::MoveWithoutPool => "MoveWithoutPool",
        E::UnreleasedOnTrack { .. } => "UnreleasedOnTrack",
        E::ImmuneWhereNot { why, .. } => match why {
            NotImmune::NoRule => "ImmuneWhereNot/NoRule",
            NotImmune::NotEntered => "ImmuneWhereNot/NotEntered",
        },
        E::ParkedWhereNot { why, .. } => match why {
            NotParked::NoStayingLoop => "ParkedWhereNot/NoStayingLoop",
            NotParked::NotOnLastHole => "ParkedWhereNot/NotOnLastHole",
        },
        E::NotWon { .. } => "NotWon",
        E::AlreadyWon { .. } => "AlreadyWon",
    };
    format!("setup::{kind}")
}

/// Every kind and reason, by name.
const ALL: &[&str] = &[
    "Sections",
    "PoolSection",
    "TeamSection",
    "TeamOrder",
    "UnknownTeam",
    "SeatNumber",
    "Stage",
    "Head",
    "AfterStage",
    "Number",
    "CounterValue",
    "Throws",
    "TurnThrows",
    "Won",
    "UnknownHole",
    "Once",
    "OnceNumber",
    "MovedNumber",
    "Last",
    "UnknownCounter",
    "Entry",
    "UnknownRule",
    "Piece",
    "UnknownRow",
    "HoleNumber",
    "HoleRange",
    "NoEntryHole",
    "EntryHole",
    "Move",
    "PieceNumber",
    "NotInPool",
    "Home",
    "HomeHole",
    "setup::Phase",
    "setup::Seat",
    "setup::LastThrow",
    "setup::PoolFull",
    "setup::EntryValue",
    "setup::EntryRule",
    "setup::EntryPieceRange",
    "setup::EntryPiece",
    "setup::PieceCount",
    "setup::OffTrack",
    "setup::ReleasedAtStart",
    "setup::PrisonerUncarried",
    "setup::Visit",
    "setup::Stacked",
    "setup::Latch",
    "setup::Moved",
    "setup::Homing",
    "setup::EntryNoSuchThrow",
    "setup::EntryThrowCount",
    "setup::EntryNotGiven",
    "setup::EntryNotCancelled",
    "setup::ThrowSticks/Entry",
    "setup::ThrowSticks/Last",
    "setup::LatchUnset",
    "setup::PhaseUnreleased",
    "setup::Counters/SeatOverTeam",
    "setup::Counters/TeamOverGame",
    "setup::MoveWithoutPool",
    "setup::UnreleasedOnTrack",
    "setup::ImmuneWhereNot/NoRule",
    "setup::ImmuneWhereNot/NotEntered",
    "setup::ParkedWhereNot/NoStayingLoop",
    "setup::ParkedWhereNot/NotOnLastHole",
    "setup::NotWon",
    "setup::AlreadyWon",
];

/// One input that is refused: the position (and the move read at it, if any), the kind
/// it must give, words its message must hold, and the text it must point at.
struct Case<'a> {
    g: &'a Game,
    position: String,
    mv: Option<&'a str>,
    kind: &'a str,
    words: &'a str,
    near: &'a str,
}

/// Reads the case as `explain --position` reads it and checks the kind and the words;
/// returns the kind's name.
fn check(c: &Case) -> String {
    let e = match c.mv {
        None => c.g.from_notation_reachable(&c.position).map(|_| ()),
        Some(mv) => {
            let s =
                c.g.from_notation_reachable(&c.position)
                    .unwrap_or_else(|e| {
                        panic!("{}: {}", c.position, said(c.g, &e));
                    });
            c.g.parse_decision(&s, mv).map(|_| ())
        }
    }
    .expect_err(&format!("{} {:?} is accepted", c.position, c.mv));
    let text = said(c.g, &e);
    assert_eq!(name(&e.kind), c.kind, "{}: {text}", c.position);
    assert!(text.contains(c.words), "{}: {text}", c.kind);
    if c.near.is_empty() {
        assert!(!text.contains("(at `"), "{}: {text}", c.kind);
    } else {
        assert!(
            text.ends_with(&format!("(at `{}`)", c.near)),
            "{}: {text}",
            c.kind
        );
    }
    name(&e.kind)
}

/// Each kind met by an input, with its words.
fn covered() -> BTreeSet<String> {
    let sig = game("sig-beart.seig", &[]);
    let tagent = game("seig-tagent.seig", &[]);
    let sigue = game("sigue-caillie.seig", &[]);
    let daldos = game("relatives/daldos.seig", &[]);
    let looping = small("track a loops from mid when all own pieces released, parked pieces stay");
    let gate = small("gate a b_home: once all own pieces released, else stop");
    let entry = game_of(ENTRY);
    let start = |g: &Game| g.to_notation(&g.initial_state());
    let pieces = |g: &Game| {
        let s = start(g);
        s.split_once("| pool - | ")
            .map(|(_, p)| p.to_string())
            .expect("pieces")
    };
    let at_sig = |from: &str, to: &str| {
        assert!(SIG.contains(from), "{from}");
        SIG.replacen(from, to, 1)
    };
    let full_pool = vec!["2/2#0"; POOL_MAX + 1].join(" ");
    let won = format!(
        "combat | south 1 throw | throws 0/0/700 turns 500 | pool - | south: +!home_north.12{} | north: x{}",
        " x".repeat(11),
        " x".repeat(11)
    );
    let small_at = |a: &str, b: &str| {
        format!("play | a 1 move | throws 1/1/9 turns 8 | pool 2/2#0 | a: {a} | b: {b}")
    };
    let entry_at = |a: &str| {
        format!("play | a 1 move | throws 1/1/9 turns 8 | pool r1/1#0 | a: {a} | b: x x x x")
    };
    #[rustfmt::skip]
    let cases = [
        (&sig, "race | x".to_string(), None, "Sections", "a position has 6 sections separated by `|`", ""),
        (&sig, at_sig("race |", "racex |"), None, "setup::Phase", "unknown phase; phases are race, combat", "racex"),
        (&sig, at_sig("| pool 2/2#0", "| poo 2/2#0"), None, "PoolSection", "the fourth section starts with `pool`", "poo 2/2#0"),
        (&sig, at_sig("| south: +!", "| south +!"), None, "TeamSection", "expected `TEAM: pieces`", "south +!home_north.12 off off off off off off off off +!home_north.12 +central_north.5 +home_south.4"),
        (&sig, at_sig("| south:", "| north:"), None, "TeamOrder", "team sections come in order: south then north", "north"),
        (&sig, at_sig("north 1 move", "west 1 move"), None, "UnknownTeam", "unknown team; teams are south and north", "west"),
        (&sig, at_sig("north 1 move", "north x move"), None, "SeatNumber", "the seat is a number from 1", "x"),
        (&sig, at_sig("north 1 move", "north 0 move"), None, "setup::Seat", "seat must be 1..1", "north 0 move"),
        (&sig, at_sig("north 1 move", "north 1 walk"), None, "Stage", "the stage is `throw`, `move`", "walk"),
        (&sig, at_sig("north 1 move", "north"), None, "Head", "expected `TEAM SEAT throw|move|over WINNER [again]`", "north"),
        (&sig, at_sig("north 1 move", "north 1 move twice"), None, "AfterStage", "only `again` may follow the stage", "north 1 move twice"),
        (&sig, at_sig("turns 113", "turns x"), None, "Number", "expected a number", "x"),
        (&sig, at_sig("last 8:2", "last 8:2 bind"), None, "CounterValue", "a counter needs a value", "bind"),
        (&sig, at_sig("throws 1/1/146", "throws 1/1"), None, "Throws", "throws are SEAT/TEAM/GAME", "1/1"),
        (&sig, at_sig("throws 1/1/146", "throws 300/300/146"), None, "TurnThrows", "counted up to 255", "300/300/146"),
        (&sig, at_sig("last 8:2", "last 8:2 won south"), None, "Won", "won is TEAM:ROW.N,ROW.N…", "south"),
        (&sig, at_sig("last 8:2", "last 8:2 won south:nowhere.1"), None, "UnknownHole", "unknown hole", "nowhere.1"),
        (&sig, at_sig("last 8:2", "last 8:2 once south"), None, "Once", "once is TEAM:N,N…", "south"),
        (&sig, at_sig("last 8:2", "last 8:2 once south:40"), None, "OnceNumber", "a `once` condition is numbered 1..32", "40"),
        (&sig, at_sig("last 8:2", "last 8:2 moved 0"), None, "MovedNumber", "pieces are numbered from 1", "0"),
        (&sig, at_sig("last 8:2", "last 8"), None, "Last", "last is STICKS:COUNT=VALUE", "8"),
        (&sig, at_sig("last 8:2", "last 8:9"), None, "setup::LastThrow", "no such throw", "8:9"),
        (&sig, at_sig("last 8:2", "last 8:2 foo 1"), None, "UnknownCounter", "unknown counter; expected throws, turns", "foo"),
        (&sig, at_sig("pool 2/2#0", "pool 2/2"), None, "Entry", "a pool entry is [r|e|b]STEPS/THROWN#THROW", "2/2"),
        (&sig, at_sig("pool 2/2#0", "pool 2/2#0@NOPE"), None, "UnknownRule", "unknown rule ID", "2/2#0@NOPE"),
        (&sig, at_sig("pool 2/2#0", "pool 2/200#0"), None, "setup::EntryValue", "no throw has that value", "2/200#0"),
        (&sig, at_sig("pool 2/2#0", &format!("pool {full_pool}")), None, "setup::PoolFull", &format!("at most {POOL_MAX} pool entries"), "2/2#0"),
        (&sig, at_sig("pool 2/2#0", "pool 2/2#0=13"), None, "setup::EntryPiece", "a pool entry names a piece the team does not have", "pool 2/2#0=13"),
        (&sig, at_sig("+central_north.5", "+central_north5"), None, "Piece", "a piece is ROW.HOLE, `off` or `x`", "+central_north5"),
        (&sig, at_sig("+central_north.5", "+nowhere.5"), None, "UnknownRow", "unknown row; rows are home_south, central_south, central_north, home_north", "+nowhere.5"),
        (&sig, at_sig("+central_north.5", "+central_north.x"), None, "HoleNumber", "the hole is a number from 1", "+central_north.x"),
        (&sig, at_sig("+central_north.5", "+central_north.99"), None, "HoleRange", "row `central_north` has holes 1..", "+central_north.99"),
        (&sig, at_sig("+central_north.5", "+central_north.5 x"), None, "setup::PieceCount", "team `south` has 12 pieces; 13 are listed", "south: +!home_north.12 off off off off off off off off +!home_north.12 +central_north.5 x +home_south.4"),
        (&sig, SIG.to_string(), Some("abc"), "Move", "a move is PIECE:PLACES", "abc"),
        (&sig, SIG.to_string(), Some("99:2"), "PieceNumber", "pieces are numbered 1..12", "99:2"),
        (&sig, SIG.to_string(), Some("home@nowhere.1"), "Home", "a home decision is `home@ROW.HOLE`", "home@nowhere.1"),
        (&sig, SIG.to_string(), Some("home@central_north.1"), "HomeHole", "not a hole of the start row of the pieces taken", "home@central_north.1"),
        (&sig, SIG.to_string(), Some("3:5"), "NotInPool", "no unused `5` in the pool", "3:5"),
        (&sig, SIG.to_string(), Some("3:2@home_north.1"), "NoEntryHole", "a move names no entry hole", "3:2@home_north.1"),
        (&entry, entry_at("a_home.1 x x x"), Some("1:r1@b_home.2"), "EntryHole", "`@b_home.2` is not a hole a piece may enter: they are mid.1, mid.2", "1:r1@b_home.2"),
        (&entry, entry_at("a_home.1 spare.1 x x"), None, "setup::OffTrack", "hole is neither on the track of `a` nor in its start row", "spare.1"),
        (&entry, entry_at("+a_home.1 x x x"), None, "setup::ReleasedAtStart", "a released piece stands on its track, not in its start row", "+a_home.1"),
        (&entry, entry_at("a_home.1 ^mid.3 x x"), None, "setup::PrisonerUncarried", "a prisoner stands on a hole where no piece in play carries it", "^mid.3"),
        (&sig, at_sig("+central_north.5", "+central_north.5''"), None, "setup::Visit", "the track does not pass that hole that many times", "+central_north.5''"),
        (&sigue, start(&sigue).replacen("white: white_outer.1 ", "white: white_outer.2 ", 1), None, "setup::Stacked", "two pieces of `white` on one hole", "white_outer.2"),
        (&tagent, start(&tagent).replacen("turns 0", "turns 0 once twigs:1", 1), None, "setup::Latch", "the variant has 0 `once` condition(s)", "throws 0/0/0 turns 0 once twigs:1"),
        (&sig, at_sig("last 8:2", "last 8:2 moved 1"), None, "setup::Moved", "`moved` names the pieces of the team to play", "throws 1/1/146 turns 113 last 8:2 moved 1"),
        (&sig, at_sig("last 8:2", "last 8:2 homing 1"), None, "setup::Homing", "`homing` names pieces of the team not to play", "throws 1/1/146 turns 113 last 8:2 homing 1"),
        (&sig, at_sig("pool 2/2#0", "pool 9/9#0"), None, "setup::EntryNoSuchThrow", "pool entry 1: no throw of 8 stick(s) is worth 9", "9/9#0"),
        (&daldos, format!("play | a 1 move | throws 1/1/1 turns 0 | pool 7/7#0 | {}", pieces(&daldos)), None, "setup::EntryNoSuchThrow", "pool entry 1: no die shows 7 (each die's value is an entry of its own; the faces are 1, 2, 3, 4)", "7/7#0"),
        (&sig, at_sig("throws 1/1/146", "throws 0/0/146"), None, "setup::EntryThrowCount", "pool entry 1: it comes from throw #0 of the turn, but the counters say 0 throw(s)", "2/2#0"),
        (&tagent, format!("opening | twigs 1 throw | throws 2/2/2 turns 0 | pool 3/3#0 | {}", pieces(&tagent)), None, "setup::EntryNotGiven", "pool entry 1: TAG-T2 gives no move of 3 place(s) for a throw of 3 in this phase", "3/3#0"),
        (&tagent, format!("race | twigs 1 move | throws 2/2/20 turns 10 last 8:2 | pool 3/3#0 | {}", pieces(&tagent)), None, "setup::EntryNotCancelled", "pool entry 1: throw #2 of the turn cancels the turn's moves", "3/3#0"),
        (&sigue, format!("race | white 1 move | throws 1/1/1 turns 0 | pool 6/6#0 | {}", pieces(&sigue)), None, "setup::ThrowSticks/Entry", "pool entry 1's throw: a throw of 6 cannot be made with the 5 stick(s) that throw uses", "pool 6/6#0"),
        (&sig, at_sig("last 8:2", "last 7:2"), None, "setup::ThrowSticks/Last", "the last throw (`last`): a throw of 2 cannot be made with the 8 stick(s)", "7:2"),
        (&gate, small_at("+mid.1 x x x", "b_home.1 x x x"), None, "setup::LatchUnset", "a `once` condition holds for `a` but its latch (`latches`) is not set", "throws 1/1/9 turns 8"),
        (&sig, start(&sig).replacen("race |", "combat |", 1), None, "setup::PhaseUnreleased", "`south` piece 1 is not released, but the combat phase begins only when all pieces are released (SIG-F1)", "off"),
        (&sig, at_sig("throws 1/1/146", "throws 3/1/146"), None, "setup::Counters/SeatOverTeam", "counters `throws 3/1/146`: a seat's turn cannot have more throws than its team's turn", "throws 3/1/146 turns 113 last 8:2"),
        (&sig, at_sig("throws 1/1/146", "throws 1/1/0"), None, "setup::Counters/TeamOverGame", "counters `throws 1/1/0`: a team's turn cannot have more throws than the game", "throws 1/1/0 turns 113 last 8:2"),
        (&sig, at_sig("pool 2/2#0", "pool 2/2#0=4"), None, "setup::MoveWithoutPool", "stage `move` with no unused pool entry", "pool 2/2#0=4"),
        (&sig, at_sig("+central_north.5", "central_north.5"), None, "setup::UnreleasedOnTrack", "piece 11 of `south` is not released (no `+`) but stands on its track", "central_north.5"),
        (&sigue, start(&sigue).replacen("white: white_outer.1 ", "white: !white_outer.1 ", 1), None, "setup::ImmuneWhereNot/NoRule", "piece 1 of `white` is marked immune (`!`), but no rule of the file makes its pieces immune", "!white_outer.1"),
        (&sig, at_sig("+central_north.5", "+!central_north.5"), None, "setup::ImmuneWhereNot/NotEntered", "piece 11 of `south` is marked immune (`!`), but it has not entered the holes", "+!central_north.5"),
        (&sig, at_sig("+central_north.5", "+=central_north.5"), None, "setup::ParkedWhereNot/NoStayingLoop", "piece 11 of `south` is marked parked (`=`), but its track has no loop whose parked pieces stay", "+=central_north.5"),
        (&looping, small_at("+=mid.1 x x x", "x x x x"), None, "setup::ParkedWhereNot/NotOnLastHole", "piece 1 of `a` is marked parked (`=`), but it is not a released piece on its track's last hole", "+=mid.1"),
        (&sig, at_sig("north 1 move", "over north"), None, "setup::NotWon", "the stage is `over north`, but no win condition of `north` holds here", "over north"),
        (&sig, won, None, "setup::AlreadyWon", "`south` has already won here (SIG-W1): the stage is `over south`", "south 1 throw"),
    ];
    cases
        .iter()
        .map(|(g, position, mv, kind, words, near)| {
            check(&Case {
                g,
                position: position.clone(),
                mv: *mv,
                kind,
                words,
                near,
            })
        })
        .collect()
}

/// The kinds no text can give (the notation refuses the text first): set on a setup read
/// from notation, and worded.
fn covered_by_setups() -> BTreeSet<String> {
    let g = game("sig-beart.seig", &[]);
    let read = g.parse_setup(SIG).expect("reads");
    let mut rule = read.clone();
    rule.pool[0].rule = Some(RuleIx::new(u16::MAX));
    let mut piece = read.clone();
    piece.pool[0].used = EntryUse::By(u8::MAX);
    [
        (rule, "setup::EntryRule", "unknown rule ID"),
        (
            piece,
            "setup::EntryPieceRange",
            "a pool entry is [r|e|b]STEPS",
        ),
    ]
    .into_iter()
    .map(|(set, kind, words)| {
        let e = g.state_from_setup(&set).expect_err(kind);
        assert_eq!(setup_name(&e), kind);
        let text = setup_error(g.ir(), &e);
        assert!(text.contains(words), "{kind}: {text}");
        setup_name(&e)
    })
    .collect()
}

#[test]
fn every_notation_and_setup_error_kind_has_words_naming_the_problem() {
    let mut seen = covered();
    seen.extend(covered_by_setups());
    let all: BTreeSet<String> = ALL.iter().map(|s| s.to_string()).collect();
    let missing: Vec<&String> = all.difference(&seen).collect();
    assert!(missing.is_empty(), "kinds with no example: {missing:?}");
    let unknown: Vec<&String> = seen.difference(&all).collect();
    assert!(unknown.is_empty(), "kinds not in ALL: {unknown:?}");
}
