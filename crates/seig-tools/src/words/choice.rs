//! Every decision the engine takes that a source could take otherwise, with the value in
//! force and the statement that set it ([`Ir::engine_choices`]). `docs/semantics.md`
//! describes each by its [`EngineChoice::name`] (a test checks the page names them all);
//! `seig rules` prints them, marking "(language default)" those no statement of the file set.

use crate::ir::{
    Allocation, BackStart, BackWhenStuck, BlockedRelease, CaptureKind, Cond, Effect,
    EngineChoiceId, HomeTarget, Ir, Origin, PrisonersFreed, ReleaseOrder, Requirement, SeatOrder,
    SplitThrows, TeamId, TrackEnd, TrackEntry, ValueRule,
};

/// One engine choice of a variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineChoice {
    /// Which choice it is (what a verdict cites as a language default).
    pub id: EngineChoiceId,
    /// Stable name, the heading of its entry in `docs/semantics.md`.
    pub name: &'static str,
    /// The statement that sets it (its syntax), or "none yet" where the language has none.
    pub statement: &'static str,
    /// The value in force, in words.
    pub value: String,
    /// The statement of the file that set it (`None`: the language default).
    pub origin: Option<Origin>,
}

/// The names of every engine choice, in the order [`Ir::engine_choices`] gives them.
#[expect(
    clippy::indexing_slicing,
    reason = "`i` runs below the length of both arrays, which is the same"
)]
pub const NAMES: [&str; EngineChoiceId::ALL.len()] = {
    let mut out = [""; EngineChoiceId::ALL.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = EngineChoiceId::ALL[i].name();
        i += 1;
    }
    out
};

fn choice(
    id: EngineChoiceId,
    statement: &'static str,
    value: impl Into<String>,
    origin: Option<Origin>,
) -> EngineChoice {
    EngineChoice {
        id,
        name: id.name(),
        statement,
        value: value.into(),
        origin,
    }
}

/// The engine choices of an IR (a trait, since the IR is a crate of its own).
pub trait EngineChoices {
    /// Every engine choice with the value in force and its origin, in [`NAMES`] order.
    fn engine_choices(&self) -> Vec<EngineChoice>;
}

impl EngineChoices for Ir {
    fn engine_choices(&self) -> Vec<EngineChoice> {
        Choices(self).all()
    }
}

/// The IR whose engine choices are being listed.
struct Choices<'a>(&'a Ir);

impl std::ops::Deref for Choices<'_> {
    type Target = Ir;
    fn deref(&self) -> &Ir {
        self.0
    }
}

impl Choices<'_> {
    fn all(&self) -> Vec<EngineChoice> {
        let mut out = self.turn_choices();
        out.extend(self.movement_choices());
        out.push(self.sending_choice());
        out.push(self.blockade_choice());
        out.push(self.split_choice());
        out.push(self.bearing_off_choice());
        out.push(self.backward_choice());
        out.extend(self.taking_choices());
        out.extend(self.ending_choices());
        out
    }

    /// Which pieces become immune, and when (`immune after entering`, `immune when … first
    /// holds`); none when the file says neither.
    fn immunity_choice(&self) -> EngineChoice {
        let pol = &self.capture;
        let entering = pol
            .stated
            .iter()
            .find(|s| s.kind == CaptureKind::Immune)
            .map(|s| s.origin);
        // Each way names its own rule: the choice's origin can hold only one of them.
        let by = |o: Origin| format!(" ({})", self.rule(o).id);
        let mut ways = Vec::new();
        if let Some(o) = entering {
            ways.push(format!(
                "a piece that has entered the statement's region{}",
                by(o)
            ));
        }
        for w in &pol.immune_when {
            let whose = if w.opposing { "opposing" } else { "own" };
            ways.push(format!(
                "the {whose} released pieces on the board when its condition first holds for a team (pieces released later are not){}",
                by(w.origin)
            ));
        }
        let waiting = pol.waiting_immune.origin;
        if let Some(o) = waiting {
            ways.push(format!("a piece still waiting for its release{}", by(o)));
        }
        let value = if ways.is_empty() {
            "no piece is ever immune (a piece waiting for its release may be taken)".to_string()
        } else {
            ways.join("; ")
        };
        choice(
            EngineChoiceId::Immunity,
            "immune after entering REGION / immune after arriving / immune until released / immune when CONDS first holds: own|opposing released pieces on the board",
            value,
            entering
                .or(pol.immune_when.first().map(|w| w.origin))
                .or(waiting),
        )
    }

    /// What `cancel moves` does to the releases it keeps: the first cancelling entry that
    /// makes them in place, else the language default (they keep their places).
    fn cancelled_releases_choice(&self) -> EngineChoice {
        let in_place = self.throws.iter().find(|t| {
            t.effects.iter().any(|f| {
                matches!(
                    f,
                    Effect::CancelMoves {
                        releases_in_place: true
                    }
                )
            })
        });
        choice(
            EngineChoiceId::CancelledReleases,
            "cancel moves / cancel moves, releases in place",
            if in_place.is_some() {
                "the releases a cancel keeps are made in place, without their places"
            } else {
                "the releases a cancel keeps keep their places"
            },
            in_place.map(|t| t.origin),
        )
    }

    /// Who throws, what a throw is worth, which entry applies, how throws become moves.
    fn turn_choices(&self) -> Vec<EngineChoice> {
        let names: Vec<&str> = self.teams.iter().map(|t| t.name.as_str()).collect();
        let value = match self.sticks.value.value {
            ValueRule::Face(f) => format!(
                "count of {}",
                self.sticks
                    .faces
                    .get(f as usize)
                    .map_or("?", |s| s.as_str())
            ),
            ValueRule::OwnColour => "count of own colour".into(),
        };
        vec![
            choice(
                EngineChoiceId::ThrowingOrder,
                "order: TEAM, TEAM",
                names.join(", "),
                self.order_origin,
            ),
            choice(
                EngineChoiceId::SeatsPerTeam,
                "seats per team: N",
                self.seats.value.to_string(),
                self.seats.origin,
            ),
            choice(
                EngineChoiceId::SeatRotation,
                "seat order: team blocks / alternating",
                match self.seat_order.value {
                    SeatOrder::TeamBlocks => {
                        "team blocks: every seat of a team, then every seat of the other"
                    }
                    SeatOrder::Alternating => "alternating: the teams alternate seat by seat",
                },
                self.seat_order.origin,
            ),
            choice(
                EngineChoiceId::Phases,
                "phases: P, Q, …",
                self.phases.value.join(", "),
                self.phases.origin,
            ),
            choice(
                EngineChoiceId::StickValue,
                "value: count of FACE / count of own colour",
                value,
                self.sticks.value.origin,
            ),
            choice(
                EngineChoiceId::ThrowEntryPrecedence,
                "the order of `on …` entries",
                "the first entry in file order whose match, phase and conditions hold",
                None,
            ),
            choice(
                EngineChoiceId::FirstThrowConditions,
                "first throw of turn / of team turn / of game",
                "`turn` is one seat's turn",
                None,
            ),
            choice(
                EngineChoiceId::Allocation,
                "allocation: per throw / pooled",
                match self.allocation.value {
                    Allocation::PerThrow => "per throw",
                    Allocation::Pooled => "pooled",
                },
                self.allocation.origin,
            ),
            choice(
                EngineChoiceId::ForcedMoves,
                "moves: forced / optional",
                if self.moves_optional.value {
                    "optional: a seat with a legal move may pass, forfeiting the entries left"
                } else {
                    "forced: a seat must move while some group is legal; entries no piece can use are forfeited"
                },
                self.moves_optional.origin,
            ),
            choice(
                EngineChoiceId::ThrowingOn,
                "throwing on: as thrown / at will",
                if self.throw_on_at_will.value {
                    "at will: after a throw that gives no throw again, the seat may throw on before it moves, or stop"
                } else {
                    "as thrown: a seat throws again only when a throw gives it"
                },
                self.throw_on_at_will.origin,
            ),
        ]
    }

    /// Whether pieces may be passed, where a move must land before going on, and which holes
    /// it wins by walking past them.
    fn passing_choice(&self) -> EngineChoice {
        let mv = &self.movement;
        let may = |allowed: bool| {
            if allowed {
                "may be passed"
            } else {
                "may not be passed"
            }
        };
        choice(
            EngineChoiceId::Passing,
            "passing own pieces: allowed / forbidden; passing opposing pieces: allowed / forbidden; must land on REGION; holes passed in REGION are won",
            format!(
                "own pieces: {}; opposing pieces: {}; {}; {}",
                may(mv.pass_own.value),
                may(mv.pass_opposing.value),
                if mv.must_land.is_default() {
                    "every hole may be passed"
                } else {
                    "some holes must be landed on before going on"
                },
                if mv.passed_won.is_default() {
                    "a hole walked past is neither taken on nor won"
                } else {
                    "some holes are won by walking past them, as by a landing"
                }
            ),
            mv.pass_own
                .origin
                .or(mv.pass_opposing.origin)
                .or(mv.must_land.origin)
                .or(mv.passed_won.origin),
        )
    }

    /// Whether some throw entry confines its release's places (`… moving E within REGION`):
    /// the first such entry's statement.
    fn confinement_choice(&self) -> EngineChoice {
        let first = self.throws.iter().find(|e| {
            e.effects.iter().any(|f| {
                matches!(
                    f,
                    crate::ir::Effect::Release {
                        within: Some(_),
                        ..
                    }
                )
            })
        });
        choice(
            EngineChoiceId::ReleaseConfinement,
            "release N moving E within REGION",
            if first.is_some() {
                "the releases of the entries that say `within` keep their places in its holes; a step out of them is refused and `blocked release` decides"
            } else {
                "a release's places walk the track wherever it goes"
            },
            first.map(|e| e.origin),
        )
    }

    /// Where a piece off its track steps onto it (`track TEAM entry:`).
    fn entry_choice(&self) -> EngineChoice {
        let entries: Vec<String> = TeamId::BOTH
            .iter()
            .map(|&t| {
                let tr = &self.team_of(t).track;
                let how = match tr.entry.value {
                    TrackEntry::FirstHole => "the track's first hole",
                    TrackEntry::Chosen => "a hole of the track's first segment, chosen",
                    TrackEntry::ChosenEmpty => {
                        "a hole of the track's first segment where no piece stands, chosen"
                    }
                };
                format!("{}: {how}", self.team_of(t).name)
            })
            .collect();
        choice(
            EngineChoiceId::TrackEntry,
            "track TEAM entry: first hole / chosen hole / chosen empty hole",
            entries.join("; "),
            self.teams.iter().find_map(|t| t.track.entry.origin),
        )
    }

    /// Whether a piece standing where its track branches must take the branch or may keep
    /// to its way (`track TEAM branches|must branch|may branch at`).
    fn branch_choice(&self) -> EngineChoice {
        let branches: Vec<&crate::ir::Branch> =
            self.teams.iter().flat_map(|t| &t.track.branches).collect();
        let value = if branches.is_empty() {
            "no track branches".to_string()
        } else {
            let said: Vec<String> = self
                .teams
                .iter()
                .flat_map(|t| t.track.branches.iter().map(move |b| (t, b)))
                .map(|(t, b)| {
                    let how = if b.may.value { "may take" } else { "must take" };
                    format!(
                        "{}: a piece that stands where a branch begins {how} it",
                        t.name
                    )
                })
                .collect();
            said.join("; ")
        };
        choice(
            EngineChoiceId::Branching,
            "track TEAM branches / must branch / may branch at HOLE",
            value,
            branches.iter().find_map(|b| b.may.origin),
        )
    }

    /// Whether pieces parked on a looping track's last hole circle once the loop's condition
    /// holds (`, parked pieces stay|circle`).
    fn parked_choice(&self) -> EngineChoice {
        let loops = || self.teams.iter().filter_map(|t| t.track.looping.as_ref());
        let stay = loops().any(|l| l.parked_stay.value);
        choice(
            EngineChoiceId::ParkedPieces,
            "track TEAM loops from SEG when CONDS, parked pieces stay / circle",
            if loops().next().is_none() {
                "no track loops: a piece on the last hole stays"
            } else if stay {
                "stay: a piece that stopped on the last hole before the loop's condition held stays there; pieces arriving later circle"
            } else {
                "circle: once the loop's condition holds, pieces already stopped on the last hole go on from the loop too"
            },
            loops().find_map(|l| l.parked_stay.origin),
        )
    }

    /// Releases, walking, gates and track ends.
    fn movement_choices(&self) -> Vec<EngineChoice> {
        let ends: Vec<String> = TeamId::BOTH
            .iter()
            .map(|&t| {
                let tr = &self.team_of(t).track;
                let end = match tr.end.value {
                    TrackEnd::Stop => "stops on the last hole",
                    TrackEnd::Exact => "needs the exact count to reach the last hole",
                    TrackEnd::Bounce => "walks back from the last hole the places left",
                };
                // The loop's target is a place of the track: name its hole.
                let to = |lp: &crate::ir::Loop| match tr.cells.get(usize::from(lp.from)) {
                    Some(&c) => format!(
                        "hole {} (place {} of the track)",
                        self.cell_name(c),
                        lp.from + 1
                    ),
                    None => format!("place {} of the track", lp.from + 1),
                };
                let how = match &tr.looping {
                    Some(lp) if lp.when.is_empty() => format!("loops to {}", to(lp)),
                    Some(lp) => format!("loops to {} when its condition holds, else {end}", to(lp)),
                    None => end.into(),
                };
                format!("{}: {how}", self.team_of(t).name)
            })
            .collect();
        let end_origin = self.teams.iter().find_map(|t| {
            t.track
                .looping
                .as_ref()
                .map(|l| l.origin)
                .or(t.track.end.origin)
        });
        let gates = || self.teams.iter().flat_map(|t| t.track.gates.iter());
        let gate_conds = gates().any(|g| matches!(g.requirement, Requirement::Conds(_)));
        // A gate whose condition is a `once` latch is the file's choice of a threshold.
        let latched_gate = gates().find(|g| {
            matches!(&g.requirement, Requirement::Conds(cs)
                if cs.iter().any(|c| matches!(c, Cond::Once { .. })))
        });
        vec![
            choice(
                EngineChoiceId::ReleaseOrder,
                "release order: front-most / rear-most / chosen / first hole / last hole",
                match self.release_order.value {
                    ReleaseOrder::FrontMost => "front-most",
                    ReleaseOrder::RearMost => "rear-most",
                    ReleaseOrder::Chosen => "chosen",
                    ReleaseOrder::FirstHole => "first hole",
                    ReleaseOrder::LastHole => "last hole",
                },
                self.release_order.origin,
            ),
            choice(
                EngineChoiceId::BlockedRelease,
                "blocked release: lost / released in place / another piece",
                match self.movement.blocked_release.value {
                    BlockedRelease::Lost => {
                        "lost: a release whose landing is refused is not made; its entry is forfeited if no piece can use it"
                    }
                    BlockedRelease::InPlace => "released in place, without the release's places",
                    BlockedRelease::AnotherPiece => {
                        "another piece: the next waiting piece in release order whose move is not refused"
                    }
                },
                self.movement.blocked_release.origin,
            ),
            self.confinement_choice(),
            choice(
                EngineChoiceId::BindAfterRelease,
                "the throw after a release moves that piece",
                if self.bind_after_release.is_some() {
                    "on"
                } else {
                    "off"
                },
                self.bind_after_release,
            ),
            self.cancelled_releases_choice(),
            choice(
                EngineChoiceId::GroupWalkingOrder,
                "pooled throws walk: any order / in throw order",
                if self.movement.walk_in_throw_order.value {
                    "in throw order: a group's throws are walked in the order they were thrown"
                } else {
                    "any order: a group's throws are walked shortest first; another order is taken where a crossing-throw gate refuses it"
                },
                self.movement.walk_in_throw_order.origin,
            ),
            choice(
                EngineChoiceId::TrackEnd,
                "track TEAM ends: stop / track TEAM loops from SEG",
                ends.join("; "),
                end_origin,
            ),
            self.entry_choice(),
            self.branch_choice(),
            self.parked_choice(),
            choice(
                EngineChoiceId::GateChecking,
                "once CONDS (in a gate's conditions)",
                if latched_gate.is_some() {
                    "a gate's `once` condition opens it for good from the first moment it held; every other gate is checked at every crossing"
                } else if gate_conds {
                    "a condition gate is checked at every crossing"
                } else {
                    "every gate is checked at every crossing"
                },
                latched_gate.map(|g| g.origin),
            ),
            choice(
                EngineChoiceId::MovesPerPiece,
                "moves per piece per turn: one / several",
                if self.movement.one_move_per_piece.value {
                    "one: a piece moves at most once in a seat's turn"
                } else {
                    "several: a piece may take several groups of a turn, as separate moves"
                },
                self.movement.one_move_per_piece.origin,
            ),
            choice(
                EngineChoiceId::PooledLanding,
                "pooled throws land: once / after each throw",
                if self.movement.land_each_throw.value {
                    "after each throw of the group, taking and being blocked at each landing"
                } else {
                    "once, at the group's end"
                },
                self.movement.land_each_throw.origin,
            ),
            self.passing_choice(),
        ]
    }

    /// Holes that send a piece landing there on to another (`landing on … goes to`): the
    /// first statement, when the file has some.
    fn sending_choice(&self) -> EngineChoice {
        choice(
            EngineChoiceId::SendingHoles,
            "landing on REGION goes to REGION",
            if self.send_on.is_empty() {
                "none: a piece stays on the hole its move ends on"
            } else {
                "a move ending on a sending hole puts the piece on its target, and is judged there; the target does not send it on again; a group that lands after each throw is sent on only from where it ends"
            },
            self.send_on.first().map(|s| s.origin),
        )
    }

    /// Pieces leaving the board (`bear off from REGION with …`, `bearing off:`): the first
    /// statement, when the file has some.
    fn bearing_off_choice(&self) -> EngineChoice {
        let larger = &self.bear_larger;
        let how = if larger.value {
            "with a move of one throw worth a value listed for its hole, or more (bearing off: larger throws too)"
        } else {
            "with a move of one throw worth exactly a value listed for its hole"
        };
        choice(
            EngineChoiceId::BearingOff,
            "bear off from REGION with VALUES; bearing off: exact throws|larger throws too",
            if self.bear_off.is_empty() {
                "none: no piece leaves the board but by a capture".to_string()
            } else {
                format!(
                    "a released piece on a hole of a `bear off` region may leave the board {how}; a borne-off piece counts as arrived, and `opponent has no pieces` does not count it as taken"
                )
            },
            self.bear_off.first().map(|b| b.origin).or(larger.origin),
        )
    }

    /// Opposing pieces in a row that a move may not walk past (`blockade: N in a row`).
    fn blockade_choice(&self) -> EngineChoice {
        let b = &self.movement.blockade;
        choice(
            EngineChoiceId::Blockades,
            "blockade: N in a row",
            match b.value {
                None => "none: only the passing rules keep a piece from walking past others".into(),
                Some(n) => format!(
                    "a move may not walk past a hole of {n} or more holes in a row along the mover's track, each holding opposing pieces"
                ),
            },
            b.origin,
        )
    }

    /// Backward moves: what becomes of moves no piece can use forward (`when no move
    /// forward: move backward, must|may`), and what a backward move does at its track's first
    /// hole (`moving back past the first hole: stop|forbidden`).
    fn backward_choice(&self) -> EngineChoice {
        let mv = &self.movement;
        let stuck = match mv.back_when_stuck.value {
            BackWhenStuck::Never => "moves no piece can use forward are forfeited",
            BackWhenStuck::Must => {
                "moves no piece can use forward become backward moves, made as any other move"
            }
            BackWhenStuck::May => {
                "moves no piece can use forward become backward moves, which the seat may decline (pass)"
            }
        };
        let start = match mv.back_start.value {
            BackStart::Stop => "a backward move stops on its track's first hole",
            BackStart::Forbidden => {
                "a backward move needs a hole behind the piece for each of its places"
            }
        };
        choice(
            EngineChoiceId::BackwardMoves,
            "when no move forward: move backward, must / may; moving back past the first hole: stop / forbidden",
            format!("{stuck}; {start}; a backward move is one throw, never pooled with others"),
            mv.back_when_stuck.origin.or(mv.back_start.origin),
        )
    }

    /// How a throw's move may be divided between pieces (`split throws: …`).
    fn split_choice(&self) -> EngineChoice {
        let sp = &self.movement.split;
        let said = match sp.value {
            SplitThrows::Whole => "a throw's move goes whole to one piece",
            SplitThrows::Halves => {
                "a throw's move of an even value goes whole to one piece, or half to one piece and half to another (the seat splits it first, then moves each half)"
            }
            SplitThrows::Any => {
                "a throw's move goes whole to one piece, or in two parts of at least one place each to two pieces (the seat splits it first, then moves each part)"
            }
        };
        choice(
            EngineChoiceId::SplitThrows,
            "split throws: whole / halves / any split",
            said.to_string(),
            sp.origin,
        )
    }

    /// Own pieces in a row that cannot be taken (`protection: N in a row`).
    fn protection_choice(&self) -> EngineChoice {
        let p = &self.capture.protection;
        choice(
            EngineChoiceId::Protection,
            "protection: N in a row",
            match p.value {
                None => "none: neighbours protect no piece".into(),
                Some(n) => format!(
                    "a piece on a hole of {n} or more holes in a row along its track, each holding pieces of its team, cannot be taken"
                ),
            },
            p.origin,
        )
    }

    /// What a `swap` capture does with the taken piece where the swap cannot be made: the
    /// first swap statement that says it.
    fn swap_fallback_choice(&self) -> EngineChoice {
        let said = self.capture.stated.iter().find_map(|s| match s.kind {
            CaptureKind::Capture {
                swap: true,
                swap_else_said: true,
                send_home,
                ..
            } => Some((send_home, s.origin)),
            _ => None,
        });
        choice(
            EngineChoiceId::SwapFallback,
            "capture …: swap, else remove / else send home",
            match said {
                Some((false, _)) => "the taken piece is removed where no swap can be made",
                _ => {
                    "the taken piece is sent home where no swap can be made (the taker came from off the board, or the hole it left is not on the taken piece's track or holds a piece of that team)"
                }
            },
            said.map(|s| s.1),
        )
    }

    /// Whether a move that takes gives its seat another throw (`capture …, throw again`):
    /// the first capture statement that says it.
    fn capture_again_choice(&self) -> EngineChoice {
        let said = self.capture.stated.iter().find_map(|s| match s.kind {
            CaptureKind::Capture {
                throw_again: true, ..
            } => Some(s.origin),
            _ => None,
        });
        choice(
            EngineChoiceId::CaptureThrowAgain,
            "capture …: MODE, EFFECT, throw again",
            match said {
                Some(_) => {
                    "a move that takes by a `…, throw again` statement gives its seat one more throw, thrown once the seat's moves are done (pooled: all of them; per throw: the throw's)"
                }
                None => "none: taking gives no extra throw",
            },
            said,
        )
    }

    /// What becomes of prisoners (`capture …: take prisoner`): when the taker's own pieces
    /// found prisoner are freed (`prisoners freed: on arrival|at once`), and the arrival.
    fn prisoners_choice(&self) -> EngineChoice {
        let freed = &self.movement.prisoners_freed;
        let when = match freed.value {
            PrisonersFreed::OnArrival => {
                "a taker's own pieces found prisoner in the stack it takes are carried with it and go home when it arrives"
            }
            PrisonersFreed::AtOnce => {
                "a taker's own pieces found prisoner in the stack it takes go home at once"
            }
        };
        choice(
            EngineChoiceId::Prisoners,
            "prisoners freed: on arrival / at once",
            format!(
                "{when}; prisoners move with the piece that leaves their hole; a stack holding prisoners that walks past its track's end arrives: its team's pieces go home, the other team's leave the game"
            ),
            freed.origin,
        )
    }

    /// Landing on pieces and taking them.
    fn taking_choices(&self) -> Vec<EngineChoice> {
        let pol = &self.capture;
        let everywhere = pol.stated.iter().rev().find_map(|s| match s.kind {
            CaptureKind::Capture {
                compulsory,
                send_home,
                swap,
                prisoner,
                ..
            } if s.region.is_none() => Some((compulsory, (send_home, swap, prisoner), s.origin)),
            _ => None,
        });
        let capture = match everywhere {
            Some((c, h, _)) => format!(
                "{}, {} (everywhere unless narrowed)",
                if c { "compulsory" } else { "optional" },
                match h {
                    (_, _, true) => "take prisoner",
                    (_, true, _) => "swap",
                    (true, false, _) => "send home",
                    (false, false, _) => "remove",
                }
            ),
            None if pol.stated.is_empty() => "no taking anywhere".into(),
            None => "no taking except where a `capture in` allows it".into(),
        };
        let stacking = match (
            pol.stacking.value,
            pol.stacking_at_goal,
            pol.stacking_at_end,
        ) {
            (true, _, _) => "allowed",
            (false, true, true) => "forbidden except at goal and end",
            (false, true, false) => "forbidden except at goal",
            (false, false, _) => "forbidden",
        };
        vec![
            choice(
                EngineChoiceId::Stacking,
                "stacking: forbidden / allowed / forbidden except at goal [and end]",
                stacking,
                pol.stacking.origin,
            ),
            choice(
                EngineChoiceId::Stacks,
                "stacks: move together / move apart",
                if self.movement.stacks_together.value {
                    "move together (own pieces in one place of the track, in one state, move as one)"
                } else {
                    "move apart (each piece moves alone)"
                },
                self.movement.stacks_together.origin,
            ),
            choice(
                EngineChoiceId::Capture,
                "capture: compulsory|optional, remove|send home|swap|take prisoner",
                capture,
                everywhere.map(|e| e.2),
            ),
            choice(
                EngineChoiceId::CapturePrecedence,
                "the order of capture statements",
                "where capture statements overlap, the more specific one wins (whatever their order); a `no capture` forbids taking on its holes",
                None,
            ),
            choice(
                EngineChoiceId::BlockedLanding,
                "blocked landing: share / forbidden",
                if pol.blocked_share.value {
                    "share"
                } else {
                    "forbidden"
                },
                pol.blocked_share.origin,
            ),
            self.immunity_choice(),
            self.protection_choice(),
            choice(
                EngineChoiceId::OptionalCapture,
                "capture …: optional",
                "an optional capture may be declined only where the hole may be shared",
                None,
            ),
            choice(
                EngineChoiceId::SendHomeTarget,
                "send home to: start hole / first empty hole / chosen empty hole",
                match pol.home_to.value {
                    HomeTarget::StartHole => "start hole",
                    HomeTarget::FirstEmpty => "first empty hole",
                    HomeTarget::ChosenEmpty => {
                        "chosen empty hole: the capturing seat chooses, asked only when two or more holes are empty"
                    }
                },
                pol.home_to.origin,
            ),
            self.swap_fallback_choice(),
            self.capture_again_choice(),
            self.prisoners_choice(),
            choice(
                EngineChoiceId::RemoveOpposingPiece,
                "none",
                "removes the opposing team's first piece (in start order) still in the game",
                None,
            ),
        ]
    }

    /// Pieces, phase changes and the end of the game.
    fn ending_choices(&self) -> Vec<EngineChoice> {
        let pieces: Vec<String> = self
            .teams
            .iter()
            .map(|t| format!("{}: {}", t.name, t.pieces))
            .collect();
        vec![
            choice(
                EngineChoiceId::PiecesAndStart,
                "team TEAM: N pieces in ROW [from hole K] / beside the board",
                format!(
                    "{} (in a start row: one per hole, in hole order from the first hole given)",
                    pieces.join(", ")
                ),
                Some(self.teams[TeamId::FIRST].origin),
            ),
            choice(
                EngineChoiceId::TransitionTiming,
                "from P enter Q when …",
                "at the end of each seat's turn; the first transition that holds",
                None,
            ),
            choice(
                EngineChoiceId::WinTimingAndPrecedence,
                "win / draw / end … most pieces in REGION wins",
                "after every action; the first team in throwing order for which a win holds, then draws, then ends by score",
                None,
            ),
            choice(
                EngineChoiceId::WinPhases,
                "win in PHASE when …",
                if self.wins.iter().any(|w| w.phase.is_some()) {
                    "some win statements apply in one phase only"
                } else {
                    "every win statement applies in every phase"
                },
                self.wins
                    .iter()
                    .find(|w| w.phase.is_some())
                    .map(|w| w.origin),
            ),
            choice(
                EngineChoiceId::TurnCap,
                "none (a tool's option)",
                "a game stopped by the cap has no result; it is not a draw",
                None,
            ),
            choice(
                EngineChoiceId::Deadlock,
                "none (the only reading)",
                "a game in which no throw can change anything any more ends at once, as a deadlock",
                None,
            ),
        ]
    }
}
