//! The words for a position or move that does not read or is not one of the variant: the
//! engine's [`NotationError`] and [`SetupError`] carry data only (indices, numbers, the
//! offending text); `explain --position`, `play`, `debug` and the line mode say what is
//! wrong with these words.

use seig_engine::notation::{NotationError, NotationProblem};
use seig_engine::{
    CountersClash, EntryKind, NotImmune, NotParked, POOL_MAX, SetupError, ThrowOf, Thrown,
};
use seig_lang::ir::{Ir, TeamId};

/// A notation error in one line: what is wrong, then ``(at `TEXT`)`` where it has a place.
pub fn notation_error(ir: &Ir, e: &NotationError) -> String {
    let what = notation_problem(ir, &e.kind);
    if e.near.is_empty() {
        what
    } else {
        format!("{what} (at `{}`)", e.near)
    }
}

/// What is wrong with a position or move in notation, without where.
pub(crate) fn notation_problem(ir: &Ir, p: &NotationProblem) -> String {
    use NotationProblem as P;
    let fixed = match p {
        P::Sections { count } => {
            return format!(
                "a position has 6 sections separated by `|` (phase | team seat stage | counters | pool | team: pieces | team: pieces); this has {count}"
            );
        }
        P::TeamOrder => {
            return format!(
                "team sections come in order: {} then {}",
                super::team(ir, TeamId::FIRST),
                super::team(ir, TeamId::SECOND)
            );
        }
        P::UnknownTeam => {
            return format!(
                "unknown team; teams are {} and {}",
                super::team(ir, TeamId::FIRST),
                super::team(ir, TeamId::SECOND)
            );
        }
        P::UnknownRow => {
            let names: Vec<&str> = ir.rows.iter().map(|r| r.name.as_str()).collect();
            return format!("unknown row; rows are {}", names.join(", "));
        }
        P::HoleRange { row } => {
            return match ir.rows.get(*row) {
                Some(r) => format!("row `{}` has holes 1..{}", r.name, r.len),
                None => "no such row".into(),
            };
        }
        P::EntryHole { team, hole } => {
            let tr = &ir.team_of(*team).track;
            let names: Vec<String> = tr
                .cells
                .iter()
                .take(tr.entry_choices() as usize)
                .map(|&c| ir.cell_name(c))
                .collect();
            return format!(
                "`@{hole}` is not a hole a piece may enter: they are {}",
                names.join(", ")
            );
        }
        P::PieceNumber { pieces } => return format!("pieces are numbered 1..{pieces}"),
        P::NotInPool { entry } => return format!("no unused `{entry}` in the pool"),
        P::Setup(e) => return setup_error(ir, e),
        P::PoolSection => "the fourth section starts with `pool`",
        P::TeamSection => "expected `TEAM: pieces`",
        P::SeatNumber => "the seat is a number from 1",
        P::Stage => "the stage is `throw`, `move`, `over TEAM`, `drawn` or `deadlock`",
        P::Head => "expected `TEAM SEAT throw|move|over WINNER [again]`",
        P::AfterStage => "only `again` may follow the stage",
        P::Number => "expected a number",
        P::CounterValue => "a counter needs a value",
        P::Throws => "throws are SEAT/TEAM/GAME",
        P::TurnThrows => "a turn's throws are counted up to 255",
        P::Won => "won is TEAM:ROW.N,ROW.N…",
        P::UnknownHole => "unknown hole",
        P::Once => "once is TEAM:N,N…",
        P::OnceNumber => "a `once` condition is numbered 1..32",
        P::MovedNumber => "pieces are numbered from 1",
        P::Last => "last is STICKS:COUNT=VALUE",
        P::UnknownCounter => {
            "unknown counter; expected throws, turns, quiet, bind, last, once, moved, homing or won"
        }
        P::Entry => ENTRY_FORM,
        P::UnknownRule => "unknown rule ID",
        P::Piece => "a piece is ROW.HOLE, `off` or `x` (with `+` released, `!` immune, `=` parked)",
        P::HoleNumber => "the hole is a number from 1",
        P::NoEntryHole => {
            "this team's pieces enter their track at its first hole: a move names no entry hole"
        }
        P::Move => {
            "a move is PIECE:PLACES[+PLACES…][@ROW.HOLE|>out|>keep][x], e.g. `3:4+3`, `12:r1x`, `5:r4@middle.3`, `2:5>out` or `1:3>keep`, or `pass`, `throw on` or `home@ROW.HOLE`"
        }
        P::Home => "a home decision is `home@ROW.HOLE`",
        P::HomeHole => "not a hole of the start row of the pieces taken",
    };
    fixed.to_string()
}

/// The form of a pool entry in the position notation.
const ENTRY_FORM: &str = "a pool entry is [r|e|b]STEPS/THROWN#THROW[^BOUND][@RULE][=PIECE|=drop]";

/// Why a position is not one of the variant, in one line.
pub fn setup_error(ir: &Ir, e: &SetupError) -> String {
    use SetupError as E;
    let team = |t: &TeamId| super::team(ir, *t);
    match e {
        E::Phase => format!("unknown phase; phases are {}", ir.phases.value.join(", ")),
        E::Seat { seats } => format!("seat must be 1..{seats}"),
        E::LastThrow => "no such throw".into(),
        E::PoolFull => format!("at most {POOL_MAX} pool entries"),
        E::EntryValue { .. } => "no throw has that value".into(),
        E::EntryRule { .. } => "unknown rule ID".into(),
        E::EntryPieceRange { .. } => ENTRY_FORM.into(),
        E::EntryPiece => "a pool entry names a piece the team does not have".into(),
        E::PieceCount { team: t, want, got } => {
            format!("team `{}` has {want} pieces; {got} are listed", team(t))
        }
        E::OffTrack { team: t, .. } => format!(
            "hole is neither on the track of `{}` nor in its start row",
            team(t)
        ),
        E::PrisonerUncarried { .. } => {
            "a prisoner stands on a hole where no piece in play carries it".into()
        }
        E::ReleasedAtStart { .. } => {
            "a released piece stands on its track, not in its start row".into()
        }
        E::Visit { .. } => "the track does not pass that hole that many times".into(),
        E::Stacked { team: t, .. } => format!(
            "two pieces of `{}` on one hole, which the rules forbid",
            team(t)
        ),
        E::Latch { count } => {
            format!("the variant has {count} `once` condition(s), numbered from 1")
        }
        E::Moved => {
            "`moved` names the pieces of the team to play, where a piece moves once per turn".into()
        }
        E::Homing => "`homing` names pieces of the team not to play, off the board, in the move stage, where a piece is sent home to a chosen empty hole".into(),
        E::EntryNoSuchThrow {
            entry,
            thrown,
            value,
        } => {
            let list = |v: &[u8], sep| v.iter().map(u8::to_string).collect::<Vec<_>>().join(sep);
            match thrown {
                Thrown::Sticks(counts) => format!(
                    "pool entry {}: no throw of {} stick(s) is worth {value}",
                    entry + 1,
                    list(counts, " or ")
                ),
                Thrown::Die(faces) => format!(
                    "pool entry {}: no die shows {value} (each die's value is an entry of its own; the faces are {})",
                    entry + 1,
                    list(faces, ", ")
                ),
            }
        }
        E::EntryThrowCount {
            entry,
            family,
            turn,
        } => format!(
            "pool entry {}: it comes from throw #{family} of the turn, but the counters say {turn} throw(s) were made this turn (`throws TURN/TEAM/GAME`)",
            entry + 1
        ),
        E::EntryNotGiven {
            entry,
            rule,
            kind,
            steps,
            value,
        } => format!(
            "pool entry {}: {} gives no {} of {steps} place(s) for a throw of {value} in this phase",
            entry + 1,
            super::rule_id(ir, *rule),
            entry_kind(*kind)
        ),
        E::EntryNotCancelled { entry, later } => format!(
            "pool entry {}: throw #{later} of the turn cancels the turn's moves, so this earlier move cannot still wait to be used",
            entry + 1
        ),
        E::ThrowSticks {
            which,
            sticks,
            value,
        } => {
            let which = match which {
                ThrowOf::Entry(i) => format!("pool entry {}'s throw", i + 1),
                ThrowOf::Last => "the last throw (`last`)".into(),
            };
            format!(
                "{which}: a throw of {value} cannot be made with the {sticks} stick(s) that throw uses"
            )
        }
        E::LatchUnset { team: t } => format!(
            "a `once` condition holds for `{}` but its latch (`latches`) is not set: the last action would have set it",
            team(t)
        ),
        E::PhaseUnreleased {
            phase,
            team: t,
            piece,
            rule,
        } => format!(
            "`{}` piece {} is not released, but the {} phase begins only when all pieces are released ({}), and no capture sends a piece home",
            team(t),
            piece + 1,
            super::phase(ir, *phase),
            super::rule_id(ir, *rule)
        ),
        E::Counters {
            turn,
            team: tm,
            game,
            why,
        } => format!(
            "counters `throws {turn}/{tm}/{game}`: {}",
            match why {
                CountersClash::SeatOverTeam =>
                    "a seat's turn cannot have more throws than its team's turn",
                CountersClash::TeamOverGame =>
                    "a team's turn cannot have more throws than the game",
            }
        ),
        E::MoveWithoutPool => {
            "stage `move` with no unused pool entry: the seat has nothing to move with".into()
        }
        E::UnreleasedOnTrack { .. } | E::ImmuneWhereNot { .. } | E::ParkedWhereNot { .. } => {
            piece_mark(ir, e)
        }
        E::NotWon { team: t } => format!(
            "the stage is `over {0}`, but no win condition of `{0}` holds here",
            team(t)
        ),
        E::AlreadyWon { team: t, rule } => format!(
            "`{0}` has already won here ({1}): the stage is `over {0}`",
            team(t),
            super::rule_id(ir, *rule)
        ),
    }
}

/// Why a piece's marks (`+`, `!`, `=`) do not fit the piece, in one line (the three
/// [`SetupError`] kinds about them; any other kind gives an empty string).
fn piece_mark(ir: &Ir, e: &SetupError) -> String {
    use SetupError as E;
    let team = |t: &TeamId| super::team(ir, *t);
    match e {
        E::UnreleasedOnTrack { team: t, piece } => format!(
            "piece {} of `{}` is not released (no `+`) but stands on its track, where no piece starts",
            piece + 1,
            team(t)
        ),
        E::ImmuneWhereNot {
            team: t,
            piece,
            why,
        } => format!(
            "piece {} of `{}` is marked immune (`!`), but {}",
            piece + 1,
            team(t),
            match why {
                NotImmune::NoRule => "no rule of the file makes its pieces immune",
                NotImmune::NotEntered => "it has not entered the holes that make a piece immune",
            }
        ),
        E::ParkedWhereNot {
            team: t,
            piece,
            why,
        } => format!(
            "piece {} of `{}` is marked parked (`=`), but {}",
            piece + 1,
            team(t),
            match why {
                NotParked::NoStayingLoop => "its track has no loop whose parked pieces stay",
                NotParked::NotOnLastHole => "it is not a released piece on its track's last hole",
            }
        ),
        _ => String::new(),
    }
}

/// A pool entry's kind, as [`SetupError::EntryNotGiven`] names it.
fn entry_kind(k: EntryKind) -> &'static str {
    match k {
        EntryKind::Move => "move",
        EntryKind::Back => "backward move",
        EntryKind::Release => "release",
        EntryKind::Either => "release or move",
        EntryKind::Part => "part of a split move",
    }
}
