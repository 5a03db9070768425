//! A position as plain data ([`Setup`]) and the one check that turns it into a [`State`]:
//! what the position notation reads, what a tool or a test builds by hand.
#![expect(
    clippy::indexing_slicing,
    reason = "teams, phases, rules and holes index the checked IR, and a setup's indices are range-checked here before they index a state (each such check precedes its use)"
)]

use super::DROPPED;
use super::*;

/// A whole position as plain data, before it is checked against a variant. Indices are
/// the variant's (phase, rule, hole); [`Game::state_from_setup`] checks it and builds the
/// [`State`], deriving what a state keeps besides (which holes each team occupies, which
/// pieces are released, each piece's place along its track).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// Phase.
    pub phase: PhaseId,
    /// Team to play.
    pub team: TeamId,
    /// Seat to play (0-based).
    pub seat: u8,
    /// Chance, decision, or over.
    pub stage: Stage,
    /// The seat throws again after its moves.
    pub again: bool,
    /// Throws in this seat's turn.
    pub turn_throws: u8,
    /// Throws in this team's turn.
    pub team_throws: u8,
    /// Throws in the game.
    pub game_throws: u32,
    /// Seat turns completed.
    pub turns: u32,
    /// Seat turns ended since the last decision, piece taken or phase change.
    pub quiet: u16,
    /// The throw of this turn whose releases the next throw's moves are bound to.
    pub bind: Option<u8>,
    /// The last throw.
    pub last: Option<LastThrow>,
    /// Holes each team has landed on.
    pub landed: ByTeam<CellSet>,
    /// Per team, the `once` conditions that have held (bit per latch, in file order).
    pub latches: ByTeam<u32>,
    /// Pieces of the team to play that have moved in this seat's turn (bit per piece;
    /// only where a piece moves once per turn).
    pub moved: u64,
    /// Pieces of the team not to play taken by the move just made and waiting off the
    /// board for their holes (bit per piece; only in the move stage, under `send home to:
    /// chosen empty hole`).
    pub homing: u64,
    /// The moves pooled in this turn, in order.
    pub pool: Vec<EntrySetup>,
    /// Each team's pieces, in order: as many as the variant gives it.
    pub pieces: ByTeam<Vec<PieceSetup>>,
}

/// The last throw of a [`Setup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LastThrow {
    /// Sticks thrown.
    pub sticks: u8,
    /// Sticks showing face 0.
    pub count: u8,
    /// Its value to its thrower; `None`: its value to the team to play.
    pub value: Option<u8>,
}

/// One pooled move of a [`Setup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EntrySetup {
    /// What kind of move it gives.
    pub kind: EntryKind,
    /// Places.
    pub steps: u8,
    /// The value of the throw that gave it.
    pub thrown: u8,
    /// Index of the throw in the turn that gave it.
    pub family: u8,
    /// The throw whose releases it is bound to.
    pub bound: Option<u8>,
    /// The rule that gave it; `None`: the rule of the phase's throw table that most likely
    /// did (it only shows in citations).
    pub rule: Option<RuleIx>,
    /// Whether it was used, and by which piece.
    pub used: EntryUse,
}

/// Whether a pooled move was used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryUse {
    /// Not yet.
    Unused,
    /// By this piece (index within the team to play).
    By(u8),
    /// Dropped: cancelled or forfeited.
    Dropped,
}

/// One piece of a [`Setup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceSetup {
    /// Where it stands (ignored once removed).
    pub place: Place,
    /// Released, immune, removed.
    pub flags: PieceFlags,
}

/// Where a piece of a [`Setup`] stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Beside the board.
    Beside,
    /// On a hole: on its team's track, where the track passes the hole for the
    /// `visit`-th time after the first (0: the first); else, unreleased, in its start row.
    Hole {
        /// The hole.
        cell: Cell,
        /// Earlier passes of the track through the hole.
        visit: u8,
    },
}

/// What one pool entry's value comes from, as [`SetupError::EntryNoSuchThrow`] names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Thrown {
    /// A throw of sticks: the stick counts a throw can use, smallest first.
    Sticks(Vec<u8>),
    /// One die (`dice`; each die's value is an entry): its faces' values, in the file's order.
    Die(Vec<u8>),
}

/// Why a [`Setup`] is not a position of the variant: data only (indices, numbers), which
/// the tools layer words (`seig_tools::words::position`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupError {
    /// No phase has that index.
    Phase,
    /// No such seat.
    Seat {
        /// Seats per team.
        seats: u8,
    },
    /// The last throw cannot be.
    LastThrow,
    /// Too many pooled moves (more than [`POOL_MAX`]).
    PoolFull,
    /// A pooled move's throw value cannot be.
    EntryValue {
        /// Index of the entry.
        entry: usize,
    },
    /// A pooled move's rule does not exist.
    EntryRule {
        /// Index of the entry.
        entry: usize,
    },
    /// A pooled move names a piece no team has.
    EntryPieceRange {
        /// Index of the entry.
        entry: usize,
    },
    /// A pooled move names a piece the team to play does not have.
    EntryPiece,
    /// A team has another number of pieces.
    PieceCount {
        /// The team.
        team: TeamId,
        /// Its pieces.
        want: usize,
        /// Pieces given.
        got: usize,
    },
    /// A piece stands neither on its track nor in its start row.
    OffTrack {
        /// The team.
        team: TeamId,
        /// The piece.
        piece: usize,
    },
    /// A prisoner (`^HOLE`) stands on a hole where no piece in play carries it.
    PrisonerUncarried {
        /// The team.
        team: TeamId,
        /// The piece.
        piece: usize,
    },
    /// A released piece stands in its start row, off its track.
    ReleasedAtStart {
        /// The team.
        team: TeamId,
        /// The piece.
        piece: usize,
    },
    /// The track passes the hole fewer times.
    Visit {
        /// The team.
        team: TeamId,
        /// The piece.
        piece: usize,
    },
    /// Two pieces of a team share a hole where the rules forbid it.
    Stacked {
        /// The team.
        team: TeamId,
        /// The second piece on the hole.
        piece: usize,
    },
    /// A latch that no `once` condition of the variant has.
    Latch {
        /// `once` conditions of the variant.
        count: usize,
    },
    /// A piece marked moved this turn that the team does not have, or in a variant where
    /// pieces may move several times.
    Moved,
    /// Pieces waiting for their holes that are not pieces of the team not to play off the
    /// board and in the game, or outside the move stage, or in a variant that sends no piece
    /// to a chosen hole.
    Homing,
    /// A pool entry's throw value is none the sticks (or a die) can show.
    EntryNoSuchThrow {
        /// Which entry (from 0).
        entry: usize,
        /// What a throw is made of.
        thrown: Thrown,
        /// The value given.
        value: u8,
    },
    /// A pool entry names a throw of the turn that was not made.
    EntryThrowCount {
        /// Which entry (from 0).
        entry: usize,
        /// Its throw in the turn.
        family: u8,
        /// Throws of the turn, as given.
        turn: u8,
    },
    /// A pool entry that no throw entry of its rule gives (kind, places, value, phase).
    EntryNotGiven {
        /// Which entry (from 0).
        entry: usize,
        /// The rule named (`@RULE`, or the one the notation takes).
        rule: RuleIx,
        /// The entry's kind.
        kind: EntryKind,
        /// Its places.
        steps: u8,
        /// Its throw's value.
        value: u8,
    },
    /// A pool entry that a later throw of the turn cancelled is still unused.
    EntryNotCancelled {
        /// Which entry (from 0).
        entry: usize,
        /// The cancelling throw, in the turn (from 1).
        later: u8,
    },
    /// A throw made with a number of sticks the file does not use for it.
    ThrowSticks {
        /// Which throw.
        which: ThrowOf,
        /// The stick count that throw uses.
        sticks: u8,
        /// The value given.
        value: u8,
    },
    /// A `once` condition that holds but whose latch is not set: the end of the last action
    /// would have set it.
    LatchUnset {
        /// The team for which it holds.
        team: TeamId,
    },
    /// A piece waits unreleased in a phase that only statements requiring every piece
    /// released enter.
    PhaseUnreleased {
        /// The phase.
        phase: PhaseId,
        /// The team.
        team: TeamId,
        /// The piece (from 0).
        piece: usize,
        /// The rule of the `from … enter …` statement.
        rule: RuleIx,
    },
    /// The throw counters contradict each other or the pool.
    Counters {
        /// Throws of the seat's turn.
        turn: u8,
        /// Throws of the team's turn.
        team: u8,
        /// Throws of the game.
        game: u32,
        /// Which counters disagree.
        why: CountersClash,
    },
    /// A move is due with no move in the pool.
    MoveWithoutPool,
    /// An unreleased piece stands where no piece starts.
    UnreleasedOnTrack {
        /// Team.
        team: TeamId,
        /// Piece (from 0).
        piece: usize,
    },
    /// An immune piece where the file makes no piece of the team immune.
    ImmuneWhereNot {
        /// Team.
        team: TeamId,
        /// Piece (from 0).
        piece: usize,
        /// Why it cannot be.
        why: NotImmune,
    },
    /// A piece marked parked (`=`) that cannot be.
    ParkedWhereNot {
        /// Team.
        team: TeamId,
        /// Piece (from 0).
        piece: usize,
        /// Why it cannot be.
        why: NotParked,
    },
    /// The stage says the game is over but no win holds.
    NotWon {
        /// The winner given.
        team: TeamId,
    },
    /// A win holds but the game goes on.
    AlreadyWon {
        /// The winner.
        team: TeamId,
        /// The rule by which it won.
        rule: RuleIx,
    },
}

/// The throw a [`SetupError::ThrowSticks`] is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ThrowOf {
    /// The throw of the pool entry with this index (from 0).
    Entry(usize),
    /// The last throw (`last`).
    Last,
}

/// The throw counters that disagree, in a [`SetupError::Counters`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CountersClash {
    /// The seat's turn has more throws than its team's turn.
    SeatOverTeam,
    /// The team's turn has more throws than the game.
    TeamOverGame,
}

/// Why a piece cannot be immune, in a [`SetupError::ImmuneWhereNot`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotImmune {
    /// No rule of the file makes the team's pieces immune.
    NoRule,
    /// The piece has not entered the holes that make a piece immune.
    NotEntered,
}

/// Why a piece cannot be parked, in a [`SetupError::ParkedWhereNot`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotParked {
    /// The team's track has no loop whose parked pieces stay.
    NoStayingLoop,
    /// The piece is not a released piece on its track's last hole.
    NotOnLastHole,
}

impl Game {
    /// Checks a position against the variant and builds its state: the one way a position
    /// from outside the engine becomes a [`State`].
    pub fn state_from_setup(&self, set: &Setup) -> Result<State, SetupError> {
        let ir = &self.ir;
        let mut s = self.initial_state();
        if set.phase.index() >= ir.phases.value.len() {
            return Err(SetupError::Phase);
        }
        s.phase = set.phase;
        s.team = set.team;
        if set.seat >= ir.seats.value {
            return Err(SetupError::Seat {
                seats: ir.seats.value,
            });
        }
        s.seat = set.seat;
        s.stage = set.stage;
        s.again = set.again;
        s.turn_throws = set.turn_throws;
        s.team_throws = set.team_throws;
        s.game_throws = set.game_throws;
        s.turns = set.turns;
        s.quiet = set.quiet.min(deadlock::QUIET_OFF - 1);
        // A throw of the turn (the two top values mark dropped and unused entries).
        s.bind = set.bind.map_or(NONE, |b| b.min(NONE - 2));
        s.won = set.landed;
        let latches = self.latched.last().map_or(0, |(l, _)| *l as usize + 1);
        // The latches of `immune when` are kept apart from the `once` conditions.
        let latches = latches.max(32 - self.immune_latches.leading_zeros() as usize);
        if set
            .latches
            .iter()
            .any(|&m| latches < 32 && m >> latches != 0)
        {
            return Err(SetupError::Latch { count: latches });
        }
        s.latches = set.latches;
        let n = self.n_pieces(s.team);
        if set.moved != 0 && (!ir.movement.one_move_per_piece.value || set.moved >> n != 0) {
            return Err(SetupError::Moved);
        }
        s.moved = set.moved;
        if let Some(l) = set.last {
            // A throw that can be (of the file's dice; the marked stick's own past `n`).
            let Some(of_team) = self.throw_value(s.team, l.sticks, l.count) else {
                return Err(SetupError::LastThrow);
            };
            // The value is the thrower's; without it, the team to play's. Dice are worth
            // their sum to every team.
            let value = l.value.unwrap_or(of_team);
            if self.ir.sticks.dice.is_some() && value != of_team {
                return Err(SetupError::LastThrow);
            }
            s.last = Some((l.sticks, l.count, value));
        }
        if set.pool.len() > POOL_MAX {
            return Err(SetupError::PoolFull);
        }
        for (i, e) in set.pool.iter().enumerate() {
            s.pool[i] = self.entry_from_setup(i, e, s.phase)?;
        }
        s.pool_len = set.pool.len() as u8;
        s.occ = ByTeam::default();
        s.track_occ = ByTeam::default();
        for t in TeamId::BOTH {
            let n = self.n_pieces(t);
            let given = &set.pieces[t];
            if given.len() != n {
                return Err(SetupError::PieceCount {
                    team: t,
                    want: n,
                    got: given.len(),
                });
            }
            for (i, p) in given.iter().enumerate() {
                let p = self.piece_from_setup(t, i, p)?;
                if p.cell != NO_CELL && p.alive() {
                    if s.occ[t].contains(Cell::new(p.cell as u16))
                        && !ir.capture.stacking.value
                        && !self.gather[t].contains(Cell::new(p.cell as u16))
                    {
                        return Err(SetupError::Stacked { team: t, piece: i });
                    }
                    s.occ[t].insert(Cell::new(p.cell as u16));
                }
                put(&mut s, t, i, p);
            }
            let names_missing =
                |e: &Entry| e.piece != NONE && e.piece != DROPPED && e.piece as usize >= n;
            if t == s.team && s.pool[..s.pool_len as usize].iter().any(names_missing) {
                return Err(SetupError::EntryPiece);
            }
        }
        self.setup_homing(&mut s, set)?;
        self.check_prisoners(&s)?;
        self.check_consistent(&s)?;
        self.mark_immune_when(&mut s);
        // After any action a won game is over: a position that says otherwise could never
        // arise (before the first throw the engine looks itself; pieces waiting for their
        // holes put off the look to the move's end).
        if s.game_throws > 0
            && s.homing == 0
            && !matches!(s.stage, Stage::Over(_))
            && let Some((t, rule)) = self.winner_now(&s)
        {
            return Err(SetupError::AlreadyWon { team: t, rule });
        }
        // A `once` that holds with its latch unset: the next action's end sets it. Play
        // leaves one so only where no throw follows (a game over, pieces waiting for their
        // holes), which need no mark.
        s.latch_due = self.latch_on_pieces
            && s.homing == 0
            && matches!(s.stage, Stage::Throw | Stage::Move)
            && self.check_latches(&s).is_err();
        Ok(s)
    }

    /// Every prisoner stands on a hole where a piece in play carries it.
    fn check_prisoners(&self, s: &State) -> Result<(), SetupError> {
        for t in TeamId::BOTH {
            for (i, p) in s.pieces[t][..self.n_pieces(t)].iter().enumerate() {
                if p.prisoner() && !s.occ.iter().any(|o| o.contains(Cell::new(p.cell as u16))) {
                    return Err(SetupError::PrisonerUncarried { team: t, piece: i });
                }
            }
        }
        Ok(())
    }

    /// The pieces waiting for their holes: pieces of the team not to play, in the game and
    /// off the board, unreleased, in the move stage of a variant that sends some piece home
    /// to a chosen hole.
    fn setup_homing(&self, s: &mut State, set: &Setup) -> Result<(), SetupError> {
        if set.homing == 0 {
            return Ok(());
        }
        let o = s.team.other();
        let chosen = self.ir.capture.home_to.value == HomeTarget::ChosenEmpty
            || self.ir.capture.at.iter().flatten().any(|c| {
                c.spec
                    .is_some_and(|sp| sp.send_home && sp.home_to == HomeTarget::ChosenEmpty)
            });
        let n = self.n_pieces(o);
        let fits = (0..n).filter(|&i| set.homing >> i & 1 == 1).all(|i| {
            let p = s.pieces[o][i];
            p.alive() && p.cell == NO_CELL && !p.released()
        });
        if !chosen || s.stage != Stage::Move || set.homing >> n != 0 || !fits {
            return Err(SetupError::Homing);
        }
        s.homing = set.homing;
        Ok(())
    }

    /// The checks of a position beyond its parts: pool entries the sticks can make and
    /// the counters agree with, pieces unreleased or immune only where the file allows it,
    /// a finished game only where its win holds.
    fn check_consistent(&self, s: &State) -> Result<(), SetupError> {
        self.check_pool(s)?;
        for t in TeamId::BOTH {
            for (i, p) in s.pieces[t][..self.n_pieces(t)].iter().enumerate() {
                self.check_piece(s, t, i, p)?;
            }
        }
        if let Stage::Over(w) = s.stage {
            let holds = self
                .ir
                .wins
                .iter()
                .any(|x| x.when.iter().all(|c| self.cond(s, w, c)));
            if !holds {
                return Err(SetupError::NotWon { team: w });
            }
        }
        Ok(())
    }

    /// Pool entries against the sticks and the throw counters.
    fn check_pool(&self, s: &State) -> Result<(), SetupError> {
        let st = &self.ir.sticks;
        let mut counts: Vec<u8> = vec![st.count];
        counts.extend(st.by_phase.iter().flatten().map(|c| c.value));
        counts.extend(st.first_of_turn.map(|c| c.value));
        counts.extend(st.first_of_game.map(|c| c.value));
        counts.extend(st.conditional.iter().map(|c| c.count));
        counts.sort_unstable();
        counts.dedup();
        let colour = self.ir.teams[s.team].colour_face();
        let counters = |why| SetupError::Counters {
            turn: s.turn_throws,
            team: s.team_throws,
            game: s.game_throws,
            why,
        };
        if s.turn_throws > s.team_throws {
            return Err(counters(CountersClash::SeatOverTeam));
        }
        if s.team_throws as u32 > s.game_throws {
            return Err(counters(CountersClash::TeamOverGame));
        }
        let pool = &s.pool[..s.pool_len as usize];
        for (i, e) in pool.iter().enumerate() {
            // Each die's value is an entry of its own (`dice`); sticks give their count's.
            let possible = match &st.dice {
                Some(d) => d.faces.contains(&e.thrown),
                None => counts.iter().any(|&n| {
                    (0..=n).any(|k| st.value.value.throw_value(colour, k, n) == e.thrown)
                }),
            };
            if !possible {
                return Err(SetupError::EntryNoSuchThrow {
                    entry: i,
                    thrown: match &st.dice {
                        Some(d) => Thrown::Die(d.faces.clone()),
                        None => Thrown::Sticks(counts.clone()),
                    },
                    value: e.thrown,
                });
            }
            if e.family >= s.turn_throws {
                return Err(SetupError::EntryThrowCount {
                    entry: i,
                    family: e.family,
                    turn: s.turn_throws,
                });
            }
        }
        // With nothing pooled a seat may still choose to throw on or stop (`throwing on: at
        // will`), or the holes of the pieces it took: a decision node then, though nothing
        // is left to move with.
        if s.stage == Stage::Move
            && s.homing == 0
            && !pool.iter().any(|e| e.piece == NONE)
            && !(self.ir.throw_on_at_will.value && self.has_legal(s))
        {
            return Err(SetupError::MoveWithoutPool);
        }
        Ok(())
    }

    /// Checks that play could have reached a well-formed position (one
    /// [`Game::state_from_setup`] accepts): every pool entry is one a throw entry of its
    /// rule gives with the sticks its throw used, none that a later throw cancelled waits
    /// unused, the last throw used the sticks the file gives it, and every `once` condition
    /// that holds has its latch set. Tools call it on a position a person gives; the
    /// engine's own checks need only a well-formed one (tests build positions no play
    /// reaches, such as pools of any entries).
    pub(crate) fn check_reachable(&self, s: &State) -> Result<(), SetupError> {
        self.check_entries_given(s)?;
        self.check_latches(s)?;
        self.check_phase_entered(s)
    }

    /// A phase that only `from … enter …` statements requiring `all pieces released` enter
    /// (no throw entry enters it, and play does not start in it) holds no unreleased piece,
    /// where no capture sends a piece home (which would make it unreleased again).
    fn check_phase_entered(&self, s: &State) -> Result<(), SetupError> {
        let ir = &self.ir;
        let p = s.phase;
        let by_throw = ir
            .throws
            .iter()
            .any(|t| t.effects.contains(&Effect::EnterPhase(p)));
        let mut into = ir.transitions.iter().filter(|t| t.to == p).peekable();
        if p == PhaseId::FIRST || by_throw || into.peek().is_none() {
            return Ok(());
        }
        let Some(t) = into
            .clone()
            .find(|t| t.when.contains(&Cond::AllReleased))
            .filter(|_| into.all(|t| t.when.contains(&Cond::AllReleased)))
        else {
            return Ok(());
        };
        let sends_home = ir
            .capture
            .at
            .iter()
            .flatten()
            .any(|c| c.spec.is_some_and(|sp| sp.send_home || sp.swap));
        if sends_home {
            return Ok(());
        }
        for team in TeamId::BOTH {
            let n = self.n_pieces(team);
            if let Some(i) = (0..n).find(|&i| {
                let q = s.pieces[team][i];
                q.alive() && !q.released()
            }) {
                return Err(SetupError::PhaseUnreleased {
                    phase: p,
                    team,
                    piece: i,
                    rule: t.origin.rule,
                });
            }
        }
        Ok(())
    }

    /// The sticks the throw of a turn's throw `family` used, when the file says for sure
    /// (`None` where a conditional stick count may apply). As `Game::sticks_for`.
    fn sticks_of_throw(&self, s: &State, family: u8) -> Option<u8> {
        let st = &self.ir.sticks;
        if !st.conditional.is_empty() {
            return None;
        }
        let of_game = s.game_throws.checked_sub(s.turn_throws as u32)? + family as u32;
        if let (Some(n), 0) = (st.first_of_game, of_game) {
            return Some(n.value);
        }
        if let (Some(n), 0) = (st.first_of_turn, family) {
            return Some(n.value);
        }
        self.sticks_in_phase(s)
    }

    /// The sticks of the last throw (`last`): of this turn, or, at a turn's start, the
    /// previous turn's last throw, when the file says for sure (`None` where the first
    /// throw of a turn has its own count, as that throw's place in its turn is not known).
    fn sticks_of_last(&self, s: &State) -> Option<u8> {
        let st = &self.ir.sticks;
        if s.turn_throws > 0 {
            return self.sticks_of_throw(s, s.turn_throws - 1);
        }
        if s.game_throws == 0 || !st.conditional.is_empty() || st.first_of_turn.is_some() {
            return None;
        }
        match st.first_of_game {
            Some(n) if s.game_throws == 1 => Some(n.value),
            _ => self.sticks_in_phase(s),
        }
    }

    /// The sticks of a throw that is not a game's or turn's first, made in this phase:
    /// `None` where a throw entry may have changed the phase since.
    fn sticks_in_phase(&self, s: &State) -> Option<u8> {
        let st = &self.ir.sticks;
        // A throw entry may have changed the phase since (a Seig that starts the race was
        // thrown with the opening's sticks): then the phase now does not tell, unless
        // nothing enters it (play starts in it, as in an opening phase), so every throw
        // of the game so far was made in it.
        let p = s.phase;
        let entered = p != PhaseId::FIRST
            || self.ir.transitions.iter().any(|t| t.to == p)
            || self
                .ir
                .throws
                .iter()
                .any(|t| t.effects.contains(&Effect::EnterPhase(p)));
        let phase_moves = st.by_phase.iter().any(Option::is_some)
            && entered
            && self
                .ir
                .throws
                .iter()
                .any(|t| t.effects.iter().any(|f| matches!(f, Effect::EnterPhase(_))));
        if phase_moves {
            return None;
        }
        Some(st.by_phase[s.phase.index()].map_or(st.count, |c| c.value))
    }

    /// Every pool entry is one a throw entry of its rule gives, with the sticks its throw
    /// used; none that a later throw cancelled waits unused; the last throw used the
    /// sticks the file gives it.
    fn check_entries_given(&self, s: &State) -> Result<(), SetupError> {
        let ir = &self.ir;
        let colour = ir.teams[s.team].colour_face();
        let can_show = |n: u8, v: u8| match &ir.sticks.dice {
            // With dice, an entry's value is one die's.
            Some(d) => d.faces.contains(&v),
            None => (0..=n).any(|k| ir.sticks.value.value.throw_value(colour, k, n) == v),
        };
        // A throw entry may change the phase within the turn: then any phase's entries.
        let phase_moves = ir
            .throws
            .iter()
            .any(|t| t.effects.iter().any(|f| matches!(f, Effect::EnterPhase(_))));
        let pool = &s.pool[..s.pool_len as usize];
        let in_place = ir.throws.iter().any(|t| {
            t.effects.iter().any(|f| {
                matches!(
                    f,
                    Effect::CancelMoves {
                        releases_in_place: true
                    }
                )
            })
        });
        for (i, e) in pool.iter().enumerate() {
            let sticks = self.sticks_of_throw(s, e.family);
            if let Some(n) = sticks
                && !can_show(n, e.thrown)
            {
                return Err(SetupError::ThrowSticks {
                    which: ThrowOf::Entry(i),
                    sticks: n,
                    value: e.thrown,
                });
            }
            let gives = |t: &ThrowEntry| {
                t.origin.rule == e.rule
                    && (phase_moves || t.phase.is_none_or(|p| p == s.phase))
                    && match &t.matches {
                        ThrowMatch::Any => true,
                        ThrowMatch::Values(m) => e.thrown < 64 && m >> e.thrown & 1 == 1,
                        // The marked stick's own throw is worth 1.
                        ThrowMatch::Marked => e.thrown == 1,
                        ThrowMatch::Class(c) => ir.classes.get(*c).is_some_and(|c| {
                            (1..=MAX_STICKS as u8)
                                .filter(|&n| sticks.is_none_or(|m| m == n))
                                .any(|n| {
                                    (0..=n).any(|k| {
                                        ir.sticks.value.value.throw_value(colour, k, n) == e.thrown
                                            && c.contains(k, n)
                                    })
                                })
                        }),
                    }
                    && t.effects.iter().any(|f| match (f, e.kind) {
                        (Effect::Move(a), EntryKind::Move) => a.eval(e.thrown) == e.steps,
                        (Effect::MoveBack(a), EntryKind::Back) => a.eval(e.thrown) == e.steps,
                        // A move turned backward (`when no move forward: move backward`).
                        (Effect::Move(a), EntryKind::Back) => {
                            ir.movement.back_when_stuck.value != BackWhenStuck::Never
                                && a.eval(e.thrown) == e.steps
                        }
                        (Effect::Release { steps, .. }, EntryKind::Release) => {
                            // A later `cancel moves, releases in place` takes its places.
                            steps.eval(e.thrown) == e.steps || (e.steps == 0 && in_place)
                        }
                        (Effect::ReleaseOrMove { steps, .. }, EntryKind::Either) => {
                            steps.eval(e.thrown) == e.steps
                        }
                        // A part of a split move (`split throws:`): some split of it.
                        (Effect::Move(a), EntryKind::Part) => {
                            let whole = a.eval(e.thrown);
                            let how = ir.movement.split.value;
                            (1..whole).any(|x| {
                                how.first_parts(whole).contains(&x.min(whole - x)) && (x == e.steps)
                            })
                        }
                        _ => false,
                    })
            };
            let Some(given) = ir.throws.iter().find(|t| gives(t)) else {
                return Err(SetupError::EntryNotGiven {
                    entry: i,
                    rule: e.rule,
                    kind: e.kind,
                    steps: e.steps,
                    value: e.thrown,
                });
            };
            // A later throw whose entry cancels the turn's moves dropped this one.
            if given.effects.iter().any(is_cancel) {
                let waiting = pool.iter().enumerate().find(|(_, o)| {
                    o.family < e.family && o.kind != EntryKind::Release && o.piece == NONE
                });
                if let Some((j, _)) = waiting {
                    return Err(SetupError::EntryNotCancelled {
                        entry: j,
                        later: e.family + 1,
                    });
                }
            }
        }
        self.check_last_cancels(s, pool)?;
        if let Some((n, _, v)) = s.last
            && let Some(want) = self.sticks_of_last(s)
            && n != want
        {
            return Err(SetupError::ThrowSticks {
                which: ThrowOf::Last,
                sticks: want,
                value: v,
            });
        }
        Ok(())
    }

    /// The turn's last throw, when every entry it can meet cancels the turn's moves, left
    /// no earlier move waiting (a cancelling throw gives no entry to check one by one).
    fn check_last_cancels(&self, s: &State, pool: &[Entry]) -> Result<(), SetupError> {
        let ir = &self.ir;
        if let Some((n, k, _)) = s.last
            && s.turn_throws > 0
            && (n as i64) <= MAX_STICKS
            && self.ir.sticks.dice.is_none()
        {
            let (lo, hi) = self.slots[Game::slot(s.phase, s.team, n, k)];
            let met = &self.entries[lo as usize..hi as usize];
            // The counters when it was thrown: a condition on them alone is known.
            let mut at_throw = s.clone();
            at_throw.turn_throws -= 1;
            at_throw.team_throws = at_throw.team_throws.saturating_sub(1);
            at_throw.game_throws = at_throw.game_throws.saturating_sub(1);
            // The entries it may meet, in order, up to the first that surely applies.
            let mut cancels = false;
            for &t in met {
                let t = &ir.throws[t as usize];
                let known = t.conds.iter().all(on_counters);
                if known && !t.conds.iter().all(|c| self.cond(&at_throw, s.team, c)) {
                    continue;
                }
                cancels = t.effects.iter().any(is_cancel);
                if !cancels || known {
                    break;
                }
            }
            let waiting = pool.iter().position(|o| {
                o.family + 1 < s.turn_throws && o.kind != EntryKind::Release && o.piece == NONE
            });
            if let (true, Some(j)) = (cancels, waiting) {
                return Err(SetupError::EntryNotCancelled {
                    entry: j,
                    later: s.turn_throws,
                });
            }
        }
        Ok(())
    }

    /// A `once` condition that holds now has its latch set (the end of every action sets
    /// it), except before the first action.
    fn check_latches(&self, s: &State) -> Result<(), SetupError> {
        if s.game_throws == 0 {
            return Ok(());
        }
        for t in TeamId::BOTH {
            for (l, when) in &self.latched {
                if s.latches[t] >> l & 1 == 0 && when.iter().all(|c| self.cond(s, t, c)) {
                    return Err(SetupError::LatchUnset { team: t });
                }
            }
        }
        Ok(())
    }

    /// Marks the immune pieces that only an `immune when … first holds` can have made
    /// immune (they have not entered the holes that make a piece immune), as the engine
    /// marks them, so that a position read back cites the same statement.
    fn mark_immune_when(&self, s: &mut State) {
        for t in TeamId::BOTH {
            let n = self.n_pieces(t);
            for i in 0..n {
                let p = s.pieces[t][i];
                if p.alive() && p.immune() && !self.entered_immune(t, p.tpos) {
                    s.pieces[t][i].flags |= PieceFlags::IMMUNE_WHEN;
                }
            }
        }
    }

    /// Whether a piece of team `t` at track index `tpos` has walked through the holes that
    /// make its team's pieces immune (`immune after entering`). A piece made immune by an
    /// `immune when` keeps [`PieceFlags::IMMUNE_WHEN`] exactly while this is false, so that
    /// the flag follows from the position and the notation need not write it.
    pub(crate) fn entered_immune(&self, t: TeamId, tpos: i16) -> bool {
        let Some((set, _)) = self.ir.capture.immune[t] else {
            return false;
        };
        usize::try_from(tpos)
            .ok()
            .and_then(|x| self.ir.teams[t].track.cells.get(..=x))
            .is_some_and(|cs| cs.iter().any(|&c| set.contains(c)))
    }

    /// An unreleased piece stands where pieces start; an immune one has entered the holes
    /// that make its team's pieces immune.
    fn check_piece(&self, s: &State, t: TeamId, i: usize, p: &Piece) -> Result<(), SetupError> {
        if !p.alive() {
            return Ok(());
        }
        let team = &self.ir.teams[t];
        if !p.released()
            && let Some(c) = p.place()
        {
            let in_start_row = matches!(
                (self.ir.row_of(c), &team.start),
                (Some((r, _)), Start::Row(sr)) if r == *sr
            );
            if !in_start_row {
                return Err(SetupError::UnreleasedOnTrack { team: t, piece: i });
            }
        }
        if p.parked() {
            let parked_where = |why| SetupError::ParkedWhereNot {
                team: t,
                piece: i,
                why,
            };
            if !team
                .track
                .looping
                .as_ref()
                .is_some_and(|l| l.parked_stay.value)
            {
                return Err(parked_where(NotParked::NoStayingLoop));
            }
            if !p.released() || p.track_index() != team.track.cells.len().checked_sub(1) {
                return Err(parked_where(NotParked::NotOnLastHole));
            }
        }
        if p.immune() {
            let immune_where = |why| SetupError::ImmuneWhereNot {
                team: t,
                piece: i,
                why,
            };
            // A statement that makes pieces immune when a condition first holds may have made
            // this one immune anywhere, once its latch is set (for the team whose condition
            // held: the other one when the statement names opposing pieces).
            let latched = self.ir.capture.immune_when.iter().any(|w| {
                let whose = if w.opposing { t.other() } else { t };
                s.latches[whose] >> w.latch & 1 == 1
            });
            if latched {
                return Ok(());
            }
            let Some((set, _)) = &self.ir.capture.immune[t] else {
                return Err(immune_where(NotImmune::NoRule));
            };
            let walked = usize::try_from(p.tpos)
                .ok()
                .and_then(|x| team.track.cells.get(..=x));
            if !walked.is_some_and(|cs| cs.iter().any(|&c| set.contains(c))) {
                return Err(immune_where(NotImmune::NotEntered));
            }
        }
        Ok(())
    }

    fn entry_from_setup(
        &self,
        i: usize,
        e: &EntrySetup,
        phase: PhaseId,
    ) -> Result<Entry, SetupError> {
        if e.thrown as i64 > MAX_STICKS {
            return Err(SetupError::EntryValue { entry: i });
        }
        if e.rule.is_some_and(|r| r.index() >= self.ir.rules.len()) {
            return Err(SetupError::EntryRule { entry: i });
        }
        let piece = match e.used {
            EntryUse::Unused => NONE,
            EntryUse::Dropped => DROPPED,
            EntryUse::By(p) if (p as usize) < MAX_TEAM_PIECES => p,
            EntryUse::By(_) => return Err(SetupError::EntryPieceRange { entry: i }),
        };
        Ok(Entry {
            steps: e.steps,
            thrown: e.thrown,
            kind: e.kind,
            family: e.family,
            bound: e.bound.unwrap_or(NONE),
            piece,
            rule: e
                .rule
                .unwrap_or_else(|| self.entry_rule(e.kind, e.thrown, phase)),
        })
    }

    /// Piece `i` of team `t` where the setup puts it, if it may stand there.
    fn piece_from_setup(&self, t: TeamId, i: usize, p: &PieceSetup) -> Result<Piece, SetupError> {
        if p.flags.contains(PieceFlags::BORNE_OFF) {
            return Ok(Piece::BORNE_OFF);
        }
        if let (true, Place::Hole { cell, .. }) = (p.flags.contains(PieceFlags::PRISONER), p.place)
        {
            return Ok(Piece {
                tpos: -1,
                cell: cell.get() as u8,
                flags: PieceFlags::REMOVED | PieceFlags::PRISONER,
            });
        }
        if p.flags.contains(PieceFlags::REMOVED) {
            return Ok(Piece::REMOVED);
        }
        let Place::Hole { cell, visit } = p.place else {
            return Ok(Piece {
                tpos: -1,
                cell: NO_CELL,
                flags: p.flags,
            });
        };
        let team = &self.ir.teams[t];
        let tpos = team
            .track
            .cells
            .iter()
            .enumerate()
            .filter(|&(_, &c)| c == cell)
            .map(|(i, _)| i as i16)
            .nth(visit as usize);
        let tpos = match (tpos, visit) {
            (Some(i), _) => i,
            (None, 0) => {
                let home = matches!(
                    (self.ir.row_of(cell), &team.start),
                    (Some((r, _)), Start::Row(sr)) if r == *sr
                );
                if !home {
                    return Err(SetupError::OffTrack { team: t, piece: i });
                }
                if p.flags.contains(PieceFlags::RELEASED) {
                    return Err(SetupError::ReleasedAtStart { team: t, piece: i });
                }
                -1
            }
            (None, _) => return Err(SetupError::Visit { team: t, piece: i }),
        };
        Ok(Piece {
            tpos,
            cell: cell.get() as u8,
            flags: p.flags,
        })
    }
}

/// A condition on the throw counters alone (and constants): known for a past throw from
/// the counters at that throw.
fn on_counters(c: &Cond) -> bool {
    match c {
        Cond::Const(_) | Cond::FirstOfTurn | Cond::FirstOfTeamTurn | Cond::FirstOfGame => true,
        Cond::Not(c) => on_counters(c),
        _ => false,
    }
}

/// Whether an effect cancels the turn's moves (`cancel moves`, with or without its places).
fn is_cancel(f: &Effect) -> bool {
    matches!(f, Effect::CancelMoves { .. })
}
