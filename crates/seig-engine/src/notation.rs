//! Position notation: a whole state as one line of text that round-trips exactly.
//!
//! ```text
//! race | twigs 1 move again | throws 2/2/14 turns 7 last 8:3 | pool r1/1#0=5 3/4#1 |
//!   twigs: +twigs_upper.12 twigs_lower.11 … | shells: … x …
//! ```
//! Sections, separated by `|`: the phase; the team and seat (1-based) to play and the
//! stage (`throw`, `move`, `over` and the winner, `drawn`, or `deadlock`), `again` if the
//! seat throws again; counters (throws in the seat's turn / team's turn / game, seat turns
//! played, `quiet N` when given (seat turns since the last decision, take or phase change; read, never written),
//! `bind N`, `last STICKS:COUNT`, `once TEAM:N,N` the `once` conditions (numbered from 1 in
//! file order) that have held for a team, `moved N,N` the pieces of the team to play that
//! have moved this turn where a piece moves once, `homing N,N` the pieces of the other team
//! taken by the move just made and waiting off the board for their holes (`send home to:
//! chosen empty hole`), `won TEAM:ROW.N,…`); the pool (`pool -`
//! when empty), each entry
//! `[r|e|b]STEPS/THROWN#THROW[^BOUND][@RULE][=PIECE|=drop]` (`r` a release, `e` release-or-move, `b` backward;
//! `^F` bound to the releases of throw F; `@RULE` the rule that gave it, where the throw
//! table of the phase would not say);
//! then one section per team listing its pieces in order: `ROW.N` (1-based hole; a `'`
//! for each earlier visit of that hole along the track), `off` beside the board, `x`
//! removed, prefixed by `+` when released and `!` when immune.
//!
//! Reading is in two steps: the text is read as a [`Setup`] (names resolved against the
//! variant), which [`Game::state_from_setup`] checks and turns into a state.
#![expect(
    clippy::indexing_slicing,
    reason = "names index the checked IR by indices `Game::state_from_setup` or a valid state keep in range; a token slice starts after a token the line was checked to begin with, and a `chunks(2)` item is never empty"
)]

use super::DROPPED;
use super::*;
use std::fmt::Write;

/// A malformed or impossible position, or a move that does not read: what is wrong, as
/// data the tools layer words (`seig_tools::words::position`), and the offending text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotationError {
    /// What is wrong.
    pub kind: NotationProblem,
    /// The offending text (empty where the whole text is).
    pub near: String,
}

/// What is wrong with a position or move in notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NotationProblem {
    /// Not the six sections separated by `|`.
    Sections {
        /// The sections given.
        count: usize,
    },
    /// The fourth section does not start with `pool`.
    PoolSection,
    /// A team section is not `TEAM: pieces`.
    TeamSection,
    /// The team sections are not in the variant's order.
    TeamOrder,
    /// No team has the name.
    UnknownTeam,
    /// The seat is not a number.
    SeatNumber,
    /// The stage is none of the stage words.
    Stage,
    /// The second section is not `TEAM SEAT STAGE [again]`.
    Head,
    /// Something other than `again` follows the stage.
    AfterStage,
    /// A counter's value is not a number.
    Number,
    /// A counter without a value.
    CounterValue,
    /// `throws` is not `SEAT/TEAM/GAME`.
    Throws,
    /// A turn's throws above 255.
    TurnThrows,
    /// `won` is not `TEAM:ROW.N,…`.
    Won,
    /// No hole has the name.
    UnknownHole,
    /// `once` is not `TEAM:N,…`.
    Once,
    /// A `once` condition numbered outside 1..32.
    OnceNumber,
    /// A piece of `moved` or `homing` numbered outside 1..64.
    MovedNumber,
    /// `last` is not `STICKS:COUNT[=VALUE]`.
    Last,
    /// A counter the notation does not have.
    UnknownCounter,
    /// A pool entry that does not read.
    Entry,
    /// A pool entry's `@RULE` names no rule.
    UnknownRule,
    /// A piece that does not read.
    Piece,
    /// No row has the name.
    UnknownRow,
    /// The hole is not a number.
    HoleNumber,
    /// The row has no such hole.
    HoleRange {
        /// The row, by index.
        row: usize,
    },
    /// A move names an entry hole where the team's pieces enter at the first.
    NoEntryHole,
    /// A move's `@HOLE` is not a hole where the team's pieces may enter.
    EntryHole {
        /// The team to play.
        team: TeamId,
        /// The hole as written.
        hole: String,
    },
    /// A move that does not read.
    Move,
    /// A home decision that is not `home@ROW.HOLE`.
    Home,
    /// A home decision's hole is not in the start row of the pieces taken.
    HomeHole,
    /// A move's piece number is outside the team's pieces.
    PieceNumber {
        /// The team's pieces.
        pieces: usize,
    },
    /// A move's entry that no unused pool entry fits.
    NotInPool {
        /// The entry as written.
        entry: String,
    },
    /// The position reads but is not one of the variant.
    Setup(SetupError),
}

fn err(kind: NotationProblem, near: &str) -> NotationError {
    NotationError {
        kind,
        near: near.to_string(),
    }
}

impl Game {
    /// The position notation of a state.
    pub fn to_notation(&self, s: &State) -> String {
        let ir = &self.ir;
        let mut out = String::new();
        let _ = write!(out, "{} | ", ir.phases.value[s.phase.index()]);
        match s.stage {
            Stage::Over(w) => {
                let _ = write!(
                    out,
                    "{} {} over {}",
                    ir.teams[s.team].name,
                    s.seat + 1,
                    ir.teams[w].name
                );
            }
            st => {
                let word = match st {
                    Stage::Throw => "throw",
                    Stage::Move => "move",
                    Stage::Drawn => "drawn",
                    _ => "deadlock",
                };
                let _ = write!(out, "{} {} {word}", ir.teams[s.team].name, s.seat + 1,);
            }
        }
        if s.again {
            out.push_str(" again");
        }
        let _ = write!(
            out,
            " | throws {}/{}/{} turns {}",
            s.turn_throws, s.team_throws, s.game_throws, s.turns
        );
        // `quiet` (turns since the last change, for the deadlock test) is bookkeeping, not a
        // fact any rule reads: it is read when given but never written, so that a position
        // shows only what the rules see.
        if s.bind != NONE {
            let _ = write!(out, " bind {}", s.bind);
        }
        if let Some((n, k, v)) = s.last {
            let _ = write!(out, " last {n}:{k}");
            // The value is the thrower's: written when it differs from the value the same
            // sticks give the team now to play.
            if self.throw_value(s.team, n, k) != Some(v) {
                let _ = write!(out, "={v}");
            }
        }
        for t in TeamId::BOTH {
            if s.latches[t] != 0 {
                let set: Vec<String> = (0..32)
                    .filter(|l| s.latches[t] >> l & 1 == 1)
                    .map(|l| (l + 1).to_string())
                    .collect();
                let _ = write!(out, " once {}:{}", ir.teams[t].name, set.join(","));
            }
        }
        if s.moved != 0 {
            let set: Vec<String> = (0..64)
                .filter(|j| s.moved >> j & 1 == 1)
                .map(|j| (j + 1).to_string())
                .collect();
            let _ = write!(out, " moved {}", set.join(","));
        }
        if s.homing != 0 {
            let set: Vec<String> = (0..64)
                .filter(|j| s.homing >> j & 1 == 1)
                .map(|j| (j + 1).to_string())
                .collect();
            let _ = write!(out, " homing {}", set.join(","));
        }
        for t in TeamId::BOTH {
            if !s.won[t].is_empty() {
                let holes: Vec<String> = s.won[t].iter().map(|c| ir.cell_name(c)).collect();
                let _ = write!(out, " won {}:{}", ir.teams[t].name, holes.join(","));
            }
        }
        out.push_str(" | pool");
        if s.pool_len == 0 {
            out.push_str(" -");
        }
        for e in &s.pool[..s.pool_len as usize] {
            out.push(' ');
            match e.kind {
                EntryKind::Release => out.push('r'),
                EntryKind::Either => out.push('e'),
                EntryKind::Back => out.push('b'),
                EntryKind::Part => out.push('p'),
                EntryKind::Move => {}
            }
            let _ = write!(out, "{}/{}#{}", e.steps, e.thrown, e.family);
            if e.bound != NONE {
                let _ = write!(out, "^{}", e.bound);
            }
            // The rule that gave it, where the throw table alone does not tell.
            if self.entry_rule(e.kind, e.thrown, s.phase) != e.rule {
                let _ = write!(out, "@{}", ir.rules[e.rule.index()].id);
            }
            match e.piece {
                NONE => {}
                DROPPED => out.push_str("=drop"),
                p => {
                    let _ = write!(out, "={}", p as usize + 1);
                }
            }
        }
        for t in TeamId::BOTH {
            let _ = write!(out, " | {}:", ir.teams[t].name);
            for p in &s.pieces[t][..self.n_pieces(t)] {
                out.push(' ');
                if p.borne_off() {
                    out.push_str(BORNE_OFF_WORD);
                    continue;
                }
                if let Some(c) = p.place().filter(|_| p.prisoner()) {
                    // A prisoner, carried on its hole.
                    out.push('^');
                    out.push_str(&ir.cell_name(c));
                    continue;
                }
                if !p.alive() {
                    out.push('x');
                    continue;
                }
                if p.released() {
                    out.push('+');
                }
                if p.immune() {
                    out.push('!');
                }
                if p.parked() {
                    out.push('=');
                }
                if p.cell == NO_CELL {
                    out.push_str("off");
                    continue;
                }
                out.push_str(&self.hole_visit_name(t, p.cell, p.tpos));
            }
        }
        out
    }

    /// Parses position notation into a state, checking it against the variant: the text
    /// read as a [`Setup`] ([`Game::parse_setup`]), then [`Game::state_from_setup`].
    pub fn from_notation(&self, text: &str) -> Result<State, NotationError> {
        let (setup, at) = self.read_setup(text)?;
        self.state_from_setup(&setup).map_err(|e| at.locate(e))
    }

    /// Parses position notation as [`Game::from_notation`] does, and refuses a position
    /// that play could not have reached (`Game::check_reachable`): the reading of a
    /// position a person gives.
    pub fn from_notation_reachable(&self, text: &str) -> Result<State, NotationError> {
        let (setup, at) = self.read_setup(text)?;
        let s = self.state_from_setup(&setup).map_err(|e| at.locate(e))?;
        self.check_reachable(&s).map_err(|e| at.locate(e))?;
        Ok(s)
    }

    /// Reads position notation as a [`Setup`]: names resolved against the variant, the
    /// position not yet checked.
    pub fn parse_setup(&self, text: &str) -> Result<Setup, NotationError> {
        self.read_setup(text).map(|(setup, _)| setup)
    }

    /// The setup, and where in the text each part of it was read.
    fn read_setup<'t>(&self, text: &'t str) -> Result<(Setup, Spots<'t>), NotationError> {
        let ir = &self.ir;
        let parts: Vec<&str> = text.split('|').map(str::trim).collect();
        let [phase, head, counters, pool, team0, team1] = parts[..] else {
            return Err(err(NotationProblem::Sections { count: parts.len() }, ""));
        };
        let mut setup = Setup {
            phase: ir
                .phase(phase)
                .ok_or_else(|| err(NotationProblem::Setup(SetupError::Phase), phase))?,
            team: TeamId::FIRST,
            seat: 0,
            stage: Stage::Throw,
            again: false,
            turn_throws: 0,
            team_throws: 0,
            game_throws: 0,
            turns: 0,
            quiet: 0,
            bind: None,
            last: None,
            landed: ByTeam::default(),
            latches: ByTeam::default(),
            moved: 0,
            homing: 0,
            pool: Vec::new(),
            pieces: ByTeam::new(Vec::new(), Vec::new()),
        };
        let mut at = Spots {
            phase,
            head,
            counters,
            last: "",
            pool,
            pool_tokens: Vec::new(),
            teams: ByTeam::new(team0, team1),
            pieces: ByTeam::new(Vec::new(), Vec::new()),
        };
        self.read_head(head, &mut setup)?;
        self.read_counters(counters, &mut setup, &mut at)?;
        let toks: Vec<&str> = pool.split_whitespace().collect();
        if toks.first() != Some(&"pool") {
            return Err(err(NotationProblem::PoolSection, pool));
        }
        if toks[1..] != ["-"] {
            for tok in &toks[1..] {
                if setup.pool.len() >= POOL_MAX {
                    return Err(err(NotationProblem::Setup(SetupError::PoolFull), tok));
                }
                setup.pool.push(self.parse_entry(tok, setup.pool.len())?);
                at.pool_tokens.push(tok);
            }
        }
        for (k, part) in [team0, team1].into_iter().enumerate() {
            let (name, list) = part
                .split_once(':')
                .ok_or_else(|| err(NotationProblem::TeamSection, part))?;
            let t = self.team_of(name.trim())?;
            if t.index() != k {
                return Err(err(NotationProblem::TeamOrder, name));
            }
            let toks: Vec<&str> = list.split_whitespace().collect();
            let n = self.n_pieces(t);
            if toks.len() != n {
                let e = SetupError::PieceCount {
                    team: t,
                    want: n,
                    got: toks.len(),
                };
                return Err(err(NotationProblem::Setup(e), part));
            }
            for tok in &toks {
                setup.pieces[t].push(self.parse_piece(tok)?);
            }
            at.pieces[t] = toks;
        }
        Ok((setup, at))
    }

    /// The team named `w`.
    fn team_of(&self, w: &str) -> Result<TeamId, NotationError> {
        self.ir
            .team(w)
            .ok_or_else(|| err(NotationProblem::UnknownTeam, w))
    }

    /// The second section: `TEAM SEAT throw|move|over WINNER [again]`.
    fn read_head(&self, head: &str, setup: &mut Setup) -> Result<(), NotationError> {
        let words: Vec<&str> = head.split_whitespace().collect();
        let seat_of = |seat: &str| -> Result<u8, NotationError> {
            let seat: u8 = seat
                .parse()
                .map_err(|_| err(NotationProblem::SeatNumber, seat))?;
            if seat == 0 {
                let e = SetupError::Seat {
                    seats: self.ir.seats.value,
                };
                return Err(err(NotationProblem::Setup(e), head));
            }
            Ok(seat - 1)
        };
        let rest = match words.as_slice() {
            ["over", w, rest @ ..] => {
                setup.stage = Stage::Over(self.team_of(w)?);
                rest
            }
            [t, seat, "over", w, rest @ ..] => {
                setup.team = self.team_of(t)?;
                setup.seat = seat_of(seat)?;
                setup.stage = Stage::Over(self.team_of(w)?);
                rest
            }
            [w, seat, stage, rest @ ..] => {
                setup.team = self.team_of(w)?;
                setup.seat = seat_of(seat)?;
                setup.stage = match *stage {
                    "throw" => Stage::Throw,
                    "move" => Stage::Move,
                    "drawn" => Stage::Drawn,
                    "deadlock" => Stage::Deadlock,
                    _ => {
                        return Err(err(NotationProblem::Stage, stage));
                    }
                };
                rest
            }
            _ => {
                return Err(err(NotationProblem::Head, head));
            }
        };
        match rest {
            [] => {}
            ["again"] => setup.again = true,
            _ => return Err(err(NotationProblem::AfterStage, head)),
        }
        Ok(())
    }

    /// The third section: `throws SEAT/TEAM/GAME turns N [bind F] [last N:K[=V]] [won …]`.
    fn read_counters<'t>(
        &self,
        counters: &'t str,
        setup: &mut Setup,
        at: &mut Spots<'t>,
    ) -> Result<(), NotationError> {
        let words: Vec<&str> = counters.split_whitespace().collect();
        let num = |v: &str| {
            v.parse::<u32>()
                .map_err(|_| err(NotationProblem::Number, v))
        };
        for pair in words.chunks(2) {
            let key = pair[0];
            let val = *pair
                .get(1)
                .ok_or_else(|| err(NotationProblem::CounterValue, key))?;
            match key {
                "throws" => {
                    let v: Vec<&str> = val.split('/').collect();
                    let [a, b, c] = v.as_slice() else {
                        return Err(err(NotationProblem::Throws, val));
                    };
                    let small = |v: &str| {
                        u8::try_from(num(v)?).map_err(|_| err(NotationProblem::TurnThrows, val))
                    };
                    setup.turn_throws = small(a)?;
                    setup.team_throws = small(b)?;
                    setup.game_throws = num(c)?;
                }
                "turns" => setup.turns = num(val)?,
                "quiet" => setup.quiet = num(val)?.min(u16::MAX as u32 - 1) as u16,
                "won" => {
                    let (team, holes) = val
                        .split_once(':')
                        .ok_or_else(|| err(NotationProblem::Won, val))?;
                    let t = self.team_of(team)?;
                    for h in holes.split(',') {
                        let c = self
                            .cell_by_name(h)
                            .ok_or_else(|| err(NotationProblem::UnknownHole, h))?;
                        setup.landed[t].insert(c);
                    }
                }
                "once" => {
                    let (team, set) = val
                        .split_once(':')
                        .ok_or_else(|| err(NotationProblem::Once, val))?;
                    let t = self.team_of(team)?;
                    for n in set.split(',') {
                        let l = num(n)?;
                        if !(1..=32).contains(&l) {
                            return Err(err(NotationProblem::OnceNumber, n));
                        }
                        setup.latches[t] |= 1 << (l - 1);
                    }
                }
                "moved" => {
                    for n in val.split(',') {
                        let j = num(n)?;
                        if !(1..=64).contains(&j) {
                            return Err(err(NotationProblem::MovedNumber, n));
                        }
                        setup.moved |= 1 << (j - 1);
                    }
                }
                "homing" => {
                    for n in val.split(',') {
                        let j = num(n)?;
                        if !(1..=64).contains(&j) {
                            return Err(err(NotationProblem::MovedNumber, n));
                        }
                        setup.homing |= 1 << (j - 1);
                    }
                }
                "bind" => setup.bind = Some(num(val)?.min(NONE as u32 - 2) as u8),
                "last" => {
                    let (n, rest) = val
                        .split_once(':')
                        .ok_or_else(|| err(NotationProblem::Last, val))?;
                    let (k, v) = rest.split_once('=').unwrap_or((rest, ""));
                    let (n, k) = (num(n)?, num(k)?);
                    if n > u8::MAX as u32 || k > u8::MAX as u32 {
                        return Err(err(NotationProblem::Setup(SetupError::LastThrow), val));
                    }
                    let value = if v.is_empty() {
                        None
                    } else {
                        Some(num(v)?.min(255) as u8)
                    };
                    setup.last = Some(LastThrow {
                        sticks: n as u8,
                        count: k as u8,
                        value,
                    });
                    at.last = val;
                }
                _ => {
                    return Err(err(NotationProblem::UnknownCounter, key));
                }
            }
        }
        Ok(())
    }

    /// The hole named `ROW.N` (1-based).
    fn cell_by_name(&self, name: &str) -> Option<Cell> {
        let (row, hole) = name.trim().rsplit_once('.')?;
        let r = self.ir.rows.iter().find(|r| r.name == row)?;
        let h: u16 = hole.parse().ok()?;
        (h >= 1 && h <= r.len).then(|| r.cell(h - 1))
    }

    /// A pool entry: `[r|e|b|p]STEPS/THROWN#THROW[^BOUND][@RULE][=PIECE|=drop]`.
    fn parse_entry(&self, tok: &str, i: usize) -> Result<EntrySetup, NotationError> {
        let (kind, rest) = match tok.as_bytes().first() {
            Some(b'r') => (EntryKind::Release, &tok[1..]),
            Some(b'e') => (EntryKind::Either, &tok[1..]),
            Some(b'b') => (EntryKind::Back, &tok[1..]),
            Some(b'p') => (EntryKind::Part, &tok[1..]),
            _ => (EntryKind::Move, tok),
        };
        let bad = || err(NotationProblem::Entry, tok);
        let (body, used) = match rest.split_once('=') {
            Some((b, u)) => (b, Some(u)),
            None => (rest, None),
        };
        let (body, rule) = match body.split_once('@') {
            Some((b, id)) => {
                let r = self
                    .ir
                    .rules
                    .iter()
                    .position(|r| r.id == id)
                    .ok_or_else(|| err(NotationProblem::UnknownRule, tok))?;
                (b, Some(RuleIx::new(r as u16)))
            }
            None => (body, None),
        };
        let (body, bound) = match body.split_once('^') {
            Some((b, x)) => (b, Some(x)),
            None => (body, None),
        };
        let (sv, fam) = body.split_once('#').ok_or_else(bad)?;
        let (steps, thrown) = sv.split_once('/').ok_or_else(bad)?;
        let n = |v: &str| v.parse::<u8>().map_err(|_| bad());
        let used = match used {
            None => EntryUse::Unused,
            Some("drop") => EntryUse::Dropped,
            Some(p) => {
                let p = n(p)?;
                if p == 0 || p as usize > MAX_TEAM_PIECES {
                    return Err(bad());
                }
                EntryUse::By(p - 1)
            }
        };
        let thrown = n(thrown)?;
        if thrown as i64 > MAX_STICKS {
            let e = SetupError::EntryValue { entry: i };
            return Err(err(NotationProblem::Setup(e), tok));
        }
        Ok(EntrySetup {
            kind,
            steps: n(steps)?,
            thrown,
            family: n(fam)?,
            bound: bound.map(n).transpose()?,
            rule,
            used,
        })
    }

    /// The rule an entry most likely came from: the first throw-table entry of the phase
    /// that gives this kind of entry and takes its throw's value (else any that gives it).
    /// The notation does not name it; it only shows in citations.
    pub(super) fn entry_rule(&self, kind: EntryKind, thrown: u8, phase: PhaseId) -> RuleIx {
        let gives = |e: &&ThrowEntry| {
            e.effects.iter().any(|f| {
                matches!(
                    (f, kind),
                    (
                        Effect::Move(_),
                        EntryKind::Move | EntryKind::Back | EntryKind::Part
                    ) | (Effect::MoveBack(_), EntryKind::Back)
                        | (Effect::Release { .. }, EntryKind::Release)
                        | (Effect::ReleaseOrMove { .. }, EntryKind::Either)
                )
            })
        };
        let st = &self.ir.sticks;
        let n = st.by_phase[phase.index()].map_or(st.count, |c| c.value);
        let takes = |e: &&ThrowEntry| {
            e.phase.is_none_or(|p| p == phase)
                && match &e.matches {
                    ThrowMatch::Any => true,
                    ThrowMatch::Values(m) => m >> thrown & 1 == 1,
                    ThrowMatch::Marked => thrown == 1,
                    ThrowMatch::Class(c) => self.ir.classes[*c].contains(thrown, n),
                }
        };
        let throws = || self.ir.throws.iter();
        throws()
            .filter(gives)
            .find(takes)
            .or_else(|| throws().find(gives))
            .map_or(RuleIx::new(0), |e| e.origin.rule)
    }

    /// A piece: `ROW.N` (with a `'` per earlier visit), `off` or `x`, prefixed by `+`
    /// when released, `!` when immune and `=` when parked for good.
    fn parse_piece(&self, tok: &str) -> Result<PieceSetup, NotationError> {
        if tok == "x" {
            return Ok(PieceSetup {
                place: Place::Beside,
                flags: PieceFlags::REMOVED,
            });
        }
        if tok == BORNE_OFF_WORD {
            return Ok(PieceSetup {
                place: Place::Beside,
                flags: PieceFlags::REMOVED | PieceFlags::BORNE_OFF,
            });
        }
        if let Some(hole) = tok.strip_prefix('^') {
            // A prisoner, carried on a hole (`capture …: take prisoner`).
            let Place::Hole { cell, .. } = self.parse_piece(hole.trim_start_matches('^'))?.place
            else {
                return Err(err(NotationProblem::Piece, tok));
            };
            return Ok(PieceSetup {
                place: Place::Hole { cell, visit: 0 },
                flags: PieceFlags::REMOVED | PieceFlags::PRISONER,
            });
        }
        let mut flags = PieceFlags::empty();
        let mut rest = tok;
        loop {
            if let Some(r) = rest.strip_prefix('+') {
                flags |= PieceFlags::RELEASED;
                rest = r;
            } else if let Some(r) = rest.strip_prefix('!') {
                flags |= PieceFlags::IMMUNE;
                rest = r;
            } else if let Some(r) = rest.strip_prefix('=') {
                flags |= PieceFlags::PARKED;
                rest = r;
            } else {
                break;
            }
        }
        if rest == "off" {
            return Ok(PieceSetup {
                place: Place::Beside,
                flags,
            });
        }
        let primes = rest.len() - rest.trim_end_matches('\'').len();
        let rest = rest.trim_end_matches('\'');
        let (row, hole) = rest
            .rsplit_once('.')
            .ok_or_else(|| err(NotationProblem::Piece, tok))?;
        let ir = &self.ir;
        let r = ir
            .rows
            .iter()
            .position(|x| x.name == row)
            .ok_or_else(|| err(NotationProblem::UnknownRow, tok))?;
        let h: u16 = hole
            .parse()
            .map_err(|_| err(NotationProblem::HoleNumber, tok))?;
        if h == 0 || h > ir.rows[r].len {
            return Err(err(NotationProblem::HoleRange { row: r }, tok));
        }
        Ok(PieceSetup {
            place: Place::Hole {
                cell: ir.rows[r].cell(h - 1),
                visit: primes.min(u8::MAX as usize) as u8,
            },
            flags,
        })
    }
}

/// Where in the text each part of a [`Setup`] was read, to point a check's error at it.
struct Spots<'t> {
    phase: &'t str,
    head: &'t str,
    counters: &'t str,
    last: &'t str,
    pool: &'t str,
    pool_tokens: Vec<&'t str>,
    teams: ByTeam<&'t str>,
    pieces: ByTeam<Vec<&'t str>>,
}

impl Spots<'_> {
    /// The notation's error for a failed check.
    fn locate(&self, e: SetupError) -> NotationError {
        let entry = |i: usize| self.pool_tokens.get(i).copied().unwrap_or(self.pool);
        let piece = |t: TeamId, i: usize| self.pieces[t].get(i).copied().unwrap_or(self.teams[t]);
        let near = match &e {
            SetupError::Phase => self.phase,
            SetupError::Seat { .. } | SetupError::AlreadyWon { .. } => self.head,
            SetupError::LastThrow => self.last,
            SetupError::Latch { .. } | SetupError::Moved | SetupError::Homing => self.counters,
            SetupError::PoolFull => entry(POOL_MAX),
            SetupError::EntryValue { entry: i }
            | SetupError::EntryNoSuchThrow { entry: i, .. }
            | SetupError::EntryThrowCount { entry: i, .. }
            | SetupError::EntryRule { entry: i }
            | SetupError::EntryPieceRange { entry: i }
            | SetupError::EntryNotGiven { entry: i, .. }
            | SetupError::EntryNotCancelled { entry: i, .. } => entry(*i),
            SetupError::ThrowSticks {
                which: ThrowOf::Last,
                ..
            } => self.last,
            SetupError::ThrowSticks { .. } => self.pool,
            SetupError::LatchUnset { .. } => self.counters,
            SetupError::EntryPiece | SetupError::MoveWithoutPool => self.pool,
            SetupError::Counters { .. } => self.counters,
            SetupError::NotWon { .. } => self.head,
            SetupError::PieceCount { team, .. } => self.teams[*team],
            SetupError::OffTrack { team, piece: i, .. }
            | SetupError::ReleasedAtStart { team, piece: i }
            | SetupError::PrisonerUncarried { team, piece: i }
            | SetupError::Visit { team, piece: i }
            | SetupError::UnreleasedOnTrack { team, piece: i, .. }
            | SetupError::ImmuneWhereNot { team, piece: i, .. }
            | SetupError::ParkedWhereNot { team, piece: i, .. }
            | SetupError::Stacked { team, piece: i, .. }
            | SetupError::PhaseUnreleased { team, piece: i, .. } => piece(*team, *i),
        };
        err(NotationProblem::Setup(e), near)
    }
}

impl Game {
    /// A decision in move notation: `PIECE:ENTRY+ENTRY[@HOLE][x]`, each entry its places
    /// with `r` for a release and `e` for release-or-move (`12:r1+3x`: piece 12 released
    /// with the 1 and moved 3 more, taking); `@HOLE` the hole a piece steps onto its track
    /// at, where its team chooses it (`5:r4@middle.3`). [`Decision::PASS`] is `pass`,
    /// [`Decision::THROW_ON`] `throw on`, a home decision `home@HOLE` (`home@white_outer.5`:
    /// the piece waiting for its hole goes to hole 5 of its start row).
    pub fn decision_notation(&self, s: &State, d: Decision) -> String {
        if d.is_pass() {
            return PASS_WORD.into();
        }
        if d.is_throw_on() {
            return THROW_ON_WORD.into();
        }
        if let Some((i, first)) = d.split_of() {
            let steps = s.pool.get(i as usize).map_or(0, |e| e.steps);
            return format!(
                "{SPLIT_WORD} {steps}:{first}+{}",
                steps.saturating_sub(first)
            );
        }
        if let Some(k) = d.home_hole() {
            let hole = self
                .home_decision_cell(s, d)
                .map_or_else(|| format!("?{k}"), |c| self.ir.cell_name(c));
            return format!("{HOME_WORD}@{hole}");
        }
        let mut out = format!("{}:", d.piece as usize + 1);
        let mut first = true;
        let bound = bound_families(s);
        for (i, e) in s.pool[..s.pool_len as usize].iter().enumerate() {
            if d.mask >> i & 1 == 1 {
                if !first {
                    out.push('+');
                }
                first = false;
                match e.kind {
                    EntryKind::Release => out.push('r'),
                    EntryKind::Either => out.push('e'),
                    EntryKind::Back => out.push('b'),
                    EntryKind::Part => out.push('p'),
                    EntryKind::Move => {}
                }
                let _ = write!(out, "{}", e.steps);
                // A release names its throw (`r1#0`) where a twin from another throw differs
                // from it by what is bound to them.
                let twin = s.pool[..s.pool_len as usize].iter().any(|o| {
                    o.piece == NONE
                        && o.kind == EntryKind::Release
                        && o.steps == e.steps
                        && o.family != e.family
                        && (bound >> (o.family & 63) | bound >> (e.family & 63)) & 1 == 1
                });
                if e.kind == EntryKind::Release && twin {
                    let _ = write!(out, "#{}", e.family);
                }
            }
        }
        if d.bears_off() {
            out.push_str(BEAR_OFF_SUFFIX);
        } else if d.keeps_way() {
            out.push_str(KEEP_WAY_SUFFIX);
        } else if let Some(hole) = self.entry_hole_name(s, d) {
            out.push('@');
            out.push_str(&hole);
        }
        if d.capture {
            out.push('x');
        }
        out
    }

    /// The hole a decision enters its track at, where its team chooses one and the piece
    /// steps onto the track (`middle.5`); `None` for every other decision.
    fn entry_hole_name(&self, s: &State, d: Decision) -> Option<String> {
        let tr = &self.ir.teams[s.team].track;
        let p = s.pieces[s.team].get(d.piece as usize)?;
        if tr.entry_choices() == 0 || p.tpos >= 0 || !p.alive() || self.group_places(s, d.mask) == 0
        {
            return None;
        }
        tr.cells
            .get(d.entry as usize)
            .map(|&c| self.ir.cell_name(c))
    }

    /// Reads `@ROW.N` of move notation: the index of that hole in the first segment of the
    /// team's track.
    fn parse_entry_hole(&self, s: &State, hole: &str, text: &str) -> Result<u8, NotationError> {
        let tr = &self.ir.teams[s.team].track;
        let n = tr.entry_choices() as usize;
        let names: Vec<String> = tr
            .cells
            .iter()
            .take(n)
            .map(|&c| self.ir.cell_name(c))
            .collect();
        match names.iter().position(|x| x == hole.trim()) {
            Some(i) => Ok(i as u8),
            None if n == 0 => Err(err(NotationProblem::NoEntryHole, text)),
            None => Err(err(
                NotationProblem::EntryHole {
                    team: s.team,
                    hole: hole.trim().to_string(),
                },
                text,
            )),
        }
    }

    /// The name of hole `cell` at track index `tpos` of `team`'s track, with a `'` for each
    /// earlier pass of the track over the hole (`middle.3'`: the second pass), as position
    /// notation writes it; off the track (`tpos` < 0), the hole's name alone.
    fn hole_visit_name(&self, team: TeamId, cell: u8, tpos: i16) -> String {
        let mut out = self.ir.cell_name(Cell::new(cell as u16));
        let cells = &self.ir.teams[team].track.cells;
        if let Some(earlier) = usize::try_from(tpos).ok().and_then(|t| cells.get(..t)) {
            let passes = earlier
                .iter()
                .filter(|&&c| c == Cell::new(cell as u16))
                .count();
            out.extend(std::iter::repeat_n('\'', passes));
        }
        out
    }

    /// Reads `N:A+B` after `split`: the first unused move of `N` places, split into parts of
    /// `A` and `B` places (in either order).
    fn parse_split(&self, s: &State, rest: &str, text: &str) -> Result<Decision, NotationError> {
        let bad = || err(NotationProblem::Move, text);
        let num = |x: &str| x.trim().parse::<u8>().map_err(|_| bad());
        let (whole, parts) = rest.split_once(':').ok_or_else(bad)?;
        let (a, b) = parts.split_once('+').ok_or_else(bad)?;
        let (whole, a, b) = (num(whole)?, num(a)?, num(b)?);
        if a.checked_add(b) != Some(whole) {
            return Err(bad());
        }
        let i = s.pool[..s.pool_len as usize]
            .iter()
            .position(|e| {
                e.piece == NONE && e.kind == EntryKind::Move && e.bound == NONE && e.steps == whole
            })
            .ok_or_else(bad)?;
        Ok(Decision::split(i as u8, a.min(b)))
    }

    /// A decision with where the piece goes: `12:r1+3 twigs_lower.12>twigs_upper.10`.
    pub fn describe_decision(&self, s: &State, d: Decision) -> String {
        if d.home_hole().is_some() && s.homing != 0 {
            // The piece placed: the first waiting one, of the other team.
            let i = s.homing.trailing_zeros() + 1;
            let team = &self.ir.teams[s.team.other()].name;
            return format!("{} ({team} {i})", self.decision_notation(s, d));
        }
        let Some(&p) = s.pieces[s.team].get(d.piece as usize) else {
            return self.decision_notation(s, d);
        };
        let place = |cell: u8, tpos: i16| {
            if d.bears_off() && cell == NO_CELL {
                BORNE_OFF_WORD.to_string()
            } else if cell == NO_CELL {
                "off".to_string()
            } else {
                // A later pass over a hole is written as position notation writes it.
                self.hole_visit_name(s.team, cell, tpos)
            }
        };
        match self.check_decision(s, s.team, d) {
            Ok(l) => format!(
                "{} {}>{}",
                self.decision_notation(s, d),
                place(p.cell, p.tpos),
                place(l.cell, l.tpos)
            ),
            Err(_) => self.decision_notation(s, d),
        }
    }

    /// Parses move notation against the state's pool (entries are matched to unused pool
    /// entries of the same kind and places, first first).
    pub fn parse_decision(&self, s: &State, text: &str) -> Result<Decision, NotationError> {
        let text = text.trim();
        let words: Vec<&str> = text.split_whitespace().collect();
        if words == [PASS_WORD] {
            return Ok(Decision::PASS);
        }
        if words == THROW_ON_WORD.split(' ').collect::<Vec<_>>() {
            return Ok(Decision::THROW_ON);
        }
        if let Some(rest) = text.trim().strip_prefix(SPLIT_WORD) {
            return self.parse_split(s, rest, text);
        }
        if let Some(hole) = text
            .strip_prefix(HOME_WORD)
            .and_then(|r| r.strip_prefix('@'))
        {
            return self.parse_home(s, hole, text);
        }
        let bad = || err(NotationProblem::Move, text);
        let (piece, rest) = text.split_once(':').ok_or_else(bad)?;
        let piece: usize = piece.trim().parse().map_err(|_| bad())?;
        if piece == 0 || piece > self.n_pieces(s.team) {
            let pieces = self.n_pieces(s.team);
            return Err(err(NotationProblem::PieceNumber { pieces }, text));
        }
        let (rest, capture) = match rest.trim().strip_suffix('x') {
            Some(r) => (r, true),
            None => (rest.trim(), false),
        };
        let (rest, entry) = match rest.split_once('@') {
            Some((r, hole)) => (r, self.parse_entry_hole(s, hole, text)?),
            None => match (
                rest.strip_suffix(BEAR_OFF_SUFFIX),
                rest.strip_suffix(KEEP_WAY_SUFFIX),
            ) {
                (Some(r), _) => (r, BEAR_OFF_ENTRY),
                (_, Some(r)) => (r, KEEP_WAY_ENTRY),
                _ => (rest, 0),
            },
        };
        let mut tokens = Vec::new();
        for tok in rest.split('+') {
            let tok = tok.trim();
            let (kind, num) = match tok.as_bytes().first() {
                Some(b'r') => (EntryKind::Release, &tok[1..]),
                Some(b'e') => (EntryKind::Either, &tok[1..]),
                Some(b'b') => (EntryKind::Back, &tok[1..]),
                Some(b'p') => (EntryKind::Part, &tok[1..]),
                _ => (EntryKind::Move, tok),
            };
            let (num, family) = match num.split_once('#') {
                Some((n, f)) => (n, Some(f.parse::<u8>().map_err(|_| bad())?)),
                None => (num, None),
            };
            let steps: u8 = num.parse().map_err(|_| bad())?;
            tokens.push((kind, steps, family, tok));
        }
        let fits = |i: usize, &(kind, steps, family, _): &(EntryKind, u8, Option<u8>, &str)| {
            let e = &s.pool[i];
            e.piece == NONE
                && e.kind == kind
                && e.steps == steps
                && family.is_none_or(|f| f == e.family)
        };
        // Prefer the legal decision these entries describe (a release may be told from
        // its twin by what is bound to it); else the first entries that fit, so that
        // applying the move says why it is refused.
        let mut legal = Vec::new();
        self.legal_decisions(s, &mut legal);
        let matches_tokens = |mask: u64| {
            let mut left: Vec<usize> = (0..s.pool_len as usize)
                .filter(|&i| mask >> i & 1 == 1)
                .collect();
            left.len() == tokens.len()
                && tokens
                    .iter()
                    .all(|t| match left.iter().position(|&i| fits(i, t)) {
                        Some(p) => {
                            left.swap_remove(p);
                            true
                        }
                        None => false,
                    })
        };
        if let Some(d) = legal.iter().find(|d| {
            d.piece as usize == piece - 1
                && d.capture == capture
                && d.entry == entry
                && matches_tokens(d.mask)
        }) {
            return Ok(*d);
        }
        let mut mask = 0u64;
        for t in &tokens {
            let i = (0..s.pool_len as usize)
                .find(|&i| mask >> i & 1 == 0 && fits(i, t))
                .ok_or_else(|| {
                    let entry = t.3.to_string();
                    err(NotationProblem::NotInPool { entry }, text)
                })?;
            mask |= 1 << i;
        }
        Ok(Decision {
            piece: (piece - 1) as u8,
            mask,
            capture,
            entry,
        })
    }
}

/// A piece borne off the board, in position notation (and `>out` ending a decision that
/// bears a piece off).
pub const BORNE_OFF_WORD: &str = "out";
/// The end of a decision that bears its piece off, in move notation: `3:5>out`.
const BEAR_OFF_SUFFIX: &str = ">out";
/// The end of a decision whose piece keeps to its way where a `may branch` begins, in move
/// notation: `3:5>keep`.
const KEEP_WAY_SUFFIX: &str = ">keep";

impl Game {
    /// Hole `k` (from 0) of the start row of `team`'s pieces.
    fn home_cell(&self, team: TeamId, k: u8) -> Option<Cell> {
        match self.ir.teams[team].start {
            Start::Row(r) => self
                .ir
                .rows
                .get(r)
                .filter(|row| u16::from(k) < row.len)
                .map(|row| row.cell(u16::from(k))),
            Start::Beside => None,
        }
    }

    /// A home decision `home@ROW.HOLE`: the hole must be of the start row of the pieces the
    /// seat to play takes.
    fn parse_home(&self, s: &State, hole: &str, text: &str) -> Result<Decision, NotationError> {
        let team = s.team.other();
        let c = self
            .cell_by_name(hole)
            .ok_or_else(|| err(NotationProblem::Home, text))?;
        (0..=u8::MAX)
            .find(|&k| self.home_cell(team, k) == Some(c))
            .map(Decision::home)
            .ok_or_else(|| err(NotationProblem::HomeHole, text))
    }
}

/// A home decision ([`Decision::home`]) in move notation, before `@HOLE`.
pub const HOME_WORD: &str = "home";
/// [`Decision::PASS`] in move notation.
pub(crate) const PASS_WORD: &str = "pass";
/// A split decision ([`Decision::split`]) in move notation: `split 4:2+2`.
pub(crate) const SPLIT_WORD: &str = "split";

/// [`Decision::THROW_ON`] in move notation.
pub(crate) const THROW_ON_WORD: &str = "throw on";

/// Throws (a bit each) that an unused pool entry is bound to.
fn bound_families(s: &State) -> u64 {
    s.pool[..s.pool_len as usize]
        .iter()
        .filter(|e| e.piece == NONE && e.bound != NONE)
        .fold(0, |acc, e| acc | 1 << (e.bound & 63))
}
