//! A native, hand-written Sig (Mauritania) after Béart 1955, under the default readings of
//! `rules/sig-beart.seig` but R-SIG-1 = start-or-move, A-SIG-10 = killable, A-SIG-6 = once and
//! A-SIG-11 = beside ([`READINGS`]), with the board length a parameter and as many pieces a team
//! as a row has holes ([`params`]). It is written from the rules inventory (`../shared/rules-inventory.md`), the source text
//! (`../shared/sources/sig-mauritania-beart-1955.txt`) and the rule file, and shares nothing
//! with the interpreter but the RNG protocol of `seig::tools::driver` (so that one seed plays one game
//! in both; `tests/engine/differential.rs` checks that they do).
//!
//! The game as played here:
//! - Four rows of `H` holes (SIG-E1): south's home, the two central rows, north's home;
//!   hole 1 of every row is at south's left. `H` pieces a team (SIG-E3), waiting beside the
//!   board at the troughs (A-SIG-8 = beart).
//! - Eight sticks; a throw's value is the number of marked sides up (SIG-E5).
//! - Race (SIG-T1..T3, SIG-X1): 1 starts a waiting piece onto the first hole of its path or
//!   moves a started piece one hole (R-SIG-1 = start-or-move); 8 starts up to eight waiting
//!   pieces, which stay beside the board until their next move (A-SIG-2 = unstarted);
//!   2, 3, 5, 6, 7 move a started piece that many holes; 4 moves 4 and throws again; 0 does
//!   nothing. Each throw is played before the next (one piece per throw), and a throw no
//!   piece can use is lost.
//! - Path (SIG-M1, R-SIG-3 = reflection, A-SIG-6 = once): own home row right to left as seen
//!   by the team, own central row, the far central row, the opposing home row (the goal is
//!   its last hole), then the return (SIG-M2): the far central row and the own central row
//!   again, the other way round. The return opens only when all of the team's pieces have
//!   arrived and the opponent still has pieces waiting (A-SIG-7 = beart); until then, and at
//!   the end of the return, a piece stops at the last hole it may reach.
//! - One piece to a hole, except on the goal hole (A-SIG-3 = apart). A piece landing on an
//!   opposing piece in a central row kills it (SIG-C1, A-SIG-5 = must), unless that piece
//!   has entered its opposing home row (SIG-C3); in the home rows nobody is taken (SIG-C2);
//!   where nobody is taken the two share the hole (R-SIG-2 = cohabit).
//! - The race ends, at the end of a turn, when every piece has started and no piece can take
//!   any more (SIG-F1, A-SIG-4 = no-capture); then the combat (SIG-F2): each 4 kills the
//!   opponent's first remaining piece and throws again (A-SIG-1 = rethrow).
//! - A team wins when the opponent has no piece left (SIG-W1).
//!
//! "No piece can take any more" is read as the language defines it: some piece can still
//! reach (ahead of it along its path, timing aside) a central hole where an opposing piece
//! that is not immune can still stand (from where it is to the end of its outward run). The
//! return counts only while it can still open, that is while the opponent has pieces
//! waiting (nobody ever goes back to the troughs, so once all have started it never opens
//! for a piece that is not on it already).
//!
//! RNG protocol (the interpreter's, `seig::tools::driver`): game `i` of seed `s` draws from the
//! game stream `Rng::for_game(s, i)` (`Streams::for_game(s, i).game()`): one `u64` per throw,
//! compared against the cumulative binomial thresholds; one `u64` per decision with more than
//! one legal choice, taking choice `(u * len) >> 64`, the choices being the pieces that can use
//! the throw in piece order.
#![allow(
    clippy::indexing_slicing,
    reason = "tests, benches and examples are not library code: they may panic on a broken fixture or a failed check"
)]
#![allow(dead_code)]

/// The readings this reference plays where they differ from the file's defaults, each written
/// when it was the default and kept: a 1 also moves a started piece (it exercises both kinds of
/// entry of one throw), the return runs the central rows once, and an 8's pieces wait beside
/// the board.
pub const READINGS: &[(&str, &str)] = &[
    ("R-SIG-1", "start-or-move"),
    ("A-SIG-10", "killable"),
    ("A-SIG-6", "once"),
    ("A-SIG-11", "beside"),
];

/// The rule file's params for a board of `holes` holes a row: the reference gives a team as
/// many pieces as a row has holes (the file's `counters`, a param of its own).
pub fn params(holes: usize) -> Vec<(String, i64)> {
    vec![
        ("holes".to_string(), holes as i64),
        ("counters".to_string(), holes as i64),
    ]
}

use seig::tools::sim::Rng;

/// Most holes a row may have (the rule file's `holes` range is 4..40).
pub const MAX_HOLES: usize = 40;
/// Fewest holes.
pub const MIN_HOLES: usize = 4;
/// South (throws first).
pub const SOUTH: usize = 0;
/// North.
pub const NORTH: usize = 1;
/// Sticks thrown.
const STICKS: usize = 8;
/// Position of a piece beside the board (waiting, or started by an 8 and not yet moved).
pub const BESIDE: i16 = -1;

/// The four rows, south to north.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Row {
    /// South's home row.
    HomeSouth = 0,
    /// The central row on south's side.
    CentralSouth = 1,
    /// The central row on north's side.
    CentralNorth = 2,
    /// North's home row.
    HomeNorth = 3,
}

impl Row {
    /// All rows in board order.
    pub const ALL: [Row; 4] = [
        Row::HomeSouth,
        Row::CentralSouth,
        Row::CentralNorth,
        Row::HomeNorth,
    ];
    /// The name the rule file gives the row.
    pub fn name(self) -> &'static str {
        match self {
            Row::HomeSouth => "home_south",
            Row::CentralSouth => "central_south",
            Row::CentralNorth => "central_north",
            Row::HomeNorth => "home_north",
        }
    }
    fn home(team: usize) -> Row {
        if team == SOUTH {
            Row::HomeSouth
        } else {
            Row::HomeNorth
        }
    }
    fn central(team: usize) -> Row {
        if team == SOUTH {
            Row::CentralSouth
        } else {
            Row::CentralNorth
        }
    }
}

/// A hole: row and hole number (1-based, from south's left).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Place {
    /// Row.
    pub row: Row,
    /// Hole, 1..=H.
    pub hole: u8,
}

/// One piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Piece {
    /// Steps along its team's path (0 = first hole), or [`BESIDE`].
    pub pos: i16,
    /// Has drunk and started (by a 1 or an 8).
    pub started: bool,
    /// Still in the game.
    pub alive: bool,
}

/// Race or combat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// The race.
    Race,
    /// The combat.
    Combat,
}

/// A game position.
#[derive(Debug, Clone)]
pub struct State {
    /// Pieces per team.
    pub pieces: [[Piece; MAX_HOLES]; 2],
    /// `count[t][cell]`: pieces of team `t` on a hole (`cell = row * H + hole - 1`).
    count: [[u8; 4 * MAX_HOLES]; 2],
    /// `who[t][cell]`: a piece of team `t` on that hole (exact where it can hold only one).
    who: [[u8; 4 * MAX_HOLES]; 2],
    /// Pieces still in the game.
    alive: [u8; 2],
    /// Pieces in the game that have not started.
    waiting: [u8; 2],
    /// Pieces in the game on or past their goal.
    arrived: [u8; 2],
    /// Phase.
    pub phase: Phase,
    /// Team to play.
    pub team: usize,
    /// Turns played.
    pub turns: u32,
}

/// What happened, for records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// A throw, and the piece of the opponent it killed in the combat.
    Throw {
        /// Thrower.
        team: u8,
        /// Value (marked sides up).
        value: u8,
        /// Opposing piece killed by a 4 in the combat.
        removed: Option<u8>,
    },
    /// A piece started or moved.
    Move {
        /// Team.
        team: u8,
        /// Piece index.
        piece: u8,
        /// Path position reached ([`BESIDE`] for a piece started by an 8).
        to: i16,
        /// Hole reached.
        place: Option<Place>,
        /// Killed the opposing piece there.
        capture: bool,
    },
    /// A turn ended.
    TurnEnd {
        /// Turns played.
        turns: u32,
        /// The combat has begun.
        combat: bool,
        /// Team to play next.
        next: u8,
    },
    /// The game is won.
    Win {
        /// Winner.
        team: u8,
    },
}

/// Something that records events with the position after them.
pub trait Record {
    /// One event.
    fn event(&mut self, g: &Sig, e: Event, s: &State);
}

/// Records nothing.
pub struct NoRecord;
impl Record for NoRecord {
    #[inline(always)]
    fn event(&mut self, _: &Sig, _: Event, _: &State) {}
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Outcome {
    /// Winner, or `None` at the turn cap.
    pub winner: Option<u8>,
    /// Turns played.
    pub turns: u32,
    /// Throws.
    pub throws: u64,
    /// Decisions (forced ones too).
    pub decisions: u64,
}

/// Sig on a board of `holes` holes a row.
#[derive(Debug, Clone)]
pub struct Sig {
    /// Holes a row (and pieces a team).
    pub holes: usize,
    /// `path[t][i]`: the hole (`row * H + hole - 1`) at step `i` of team `t`'s path.
    path: [[u8; 6 * MAX_HOLES]; 2],
    /// `goal_cell[t]`: the goal hole of team `t`, where its pieces may gather.
    goal_cell: [u8; 2],
    /// `cum[k]`: a draw below it (and not below `cum[k - 1]`) shows `k` marked sides.
    cum: [u64; STICKS + 1],
}

/// A legal choice: piece and where it goes.
#[derive(Debug, Clone, Copy, Default)]
struct Choice {
    piece: u8,
    to: i16,
}

impl Sig {
    /// The game on `holes` holes a row (4..=40).
    pub fn new(holes: usize) -> Sig {
        assert!(
            (MIN_HOLES..=MAX_HOLES).contains(&holes),
            "holes must be {MIN_HOLES}..={MAX_HOLES}"
        );
        let h = holes;
        let mut path = [[0u8; 6 * MAX_HOLES]; 2];
        for (t, p) in path.iter_mut().enumerate() {
            let (home, central) = (Row::home(t), Row::central(t));
            let (far_home, far_central) = (Row::home(1 - t), Row::central(1 - t));
            // SIG-M1 with R-SIG-3 = reflection: south runs its home row from hole H to 1, its
            // central row 1 to H, north's central row H to 1, north's home row 1 to H; the
            // reflection across the long axis keeps the compass directions for north.
            // SIG-M2 (A-SIG-6 = once): back along the far central row 1 to H, then the own
            // central row H to 1.
            let segments = [
                (home, false),
                (central, true),
                (far_central, false),
                (far_home, true),
                (far_central, true),
                (central, false),
            ];
            let mut i = 0;
            for (row, forward) in segments {
                for k in 0..h {
                    let hole = if forward { k + 1 } else { h - k };
                    p[i] = (row as usize * h + hole - 1) as u8;
                    i += 1;
                }
            }
        }
        let goal = 4 * h - 1;
        Sig {
            holes,
            goal_cell: [path[0][goal], path[1][goal]],
            path,
            cum: thresholds(0.5),
        }
    }

    /// Steps in a path.
    #[inline]
    fn len(&self) -> i16 {
        6 * self.holes as i16
    }
    /// The goal: the last hole of the opposing home row ("arrivés au but").
    #[inline]
    fn goal(&self) -> i16 {
        4 * self.holes as i16 - 1
    }
    /// The first step of the return.
    #[inline]
    fn ret(&self) -> i16 {
        4 * self.holes as i16
    }
    /// Has a piece at `pos` entered the opposing home row (SIG-C3)?
    #[inline]
    fn immune_at(&self, pos: i16) -> bool {
        pos >= 3 * self.holes as i16
    }

    /// The hole of a cell number.
    pub fn place_of_cell(&self, cell: u8) -> Place {
        let c = cell as usize;
        Place {
            row: Row::ALL[c / self.holes],
            hole: (c % self.holes + 1) as u8,
        }
    }

    /// Where a piece of team `t` at `pos` stands (`None` beside the board).
    pub fn place(&self, t: usize, pos: i16) -> Option<Place> {
        (pos >= 0).then(|| self.place_of_cell(self.path[t][pos as usize]))
    }

    /// Is the piece immune (has entered the opposing home row)?
    pub fn immune(&self, p: &Piece) -> bool {
        p.alive && self.immune_at(p.pos)
    }

    /// The starting position: every piece waiting at the troughs, south to throw.
    pub fn initial(&self) -> State {
        let n = self.holes as u8;
        State {
            pieces: [[Piece {
                pos: BESIDE,
                started: false,
                alive: false,
            }; MAX_HOLES]; 2]
                .map(|mut team| {
                    for p in &mut team[..self.holes] {
                        p.alive = true;
                    }
                    team
                }),
            count: [[0; 4 * MAX_HOLES]; 2],
            who: [[0; 4 * MAX_HOLES]; 2],
            alive: [n, n],
            waiting: [n, n],
            arrived: [0, 0],
            phase: Phase::Race,
            team: SOUTH,
            turns: 0,
        }
    }

    /// The value of a throw from one draw of the RNG.
    #[inline]
    pub fn throw_value(&self, u: u64) -> u8 {
        let mut k = 0;
        while k < STICKS && u >= self.cum[k] {
            k += 1;
        }
        k as u8
    }

    /// Does the return open for team `t` now (A-SIG-7 = beart)?
    #[inline]
    fn return_open(&self, s: &State, t: usize) -> bool {
        s.arrived[t] == s.alive[t] && s.waiting[1 - t] > 0
    }

    /// Where a started piece at `pos` of team `t` ends with a throw of `steps`, if it moves.
    #[inline]
    fn destination(&self, pos: i16, steps: i16, open: bool) -> Option<i16> {
        let mut to = pos + steps;
        if pos < self.ret() && to >= self.ret() && !open {
            to = self.goal();
        }
        to = to.min(self.len() - 1);
        (to != pos).then_some(to)
    }

    /// Whether team `t` may land on step `to`, and whether it kills there.
    #[inline]
    fn landing(&self, s: &State, t: usize, piece: usize, to: i16) -> Option<bool> {
        let cell = self.path[t][to as usize] as usize;
        let own = s.count[t][cell] as usize;
        let goal_cell = cell == self.goal_cell[t] as usize;
        let me_there = {
            let p = &s.pieces[t][piece];
            p.pos >= 0 && self.path[t][p.pos as usize] as usize == cell
        };
        if own > me_there as usize && !goal_cell {
            return None;
        }
        let o = 1 - t;
        // The central rows are cells H..3H (rows 1 and 2).
        if s.count[o][cell] == 0 || !(self.holes..3 * self.holes).contains(&cell) {
            return Some(false);
        }
        // A central hole holds at most one piece of a team.
        let victim = &s.pieces[o][s.who[o][cell] as usize];
        Some(!self.immune_at(victim.pos))
    }

    /// The pieces of the team to play that can use a throw of `value` (1..=7), in order.
    fn choices(&self, s: &State, value: u8, out: &mut [Choice; MAX_HOLES]) -> usize {
        let t = s.team;
        let open = self.return_open(s, t);
        let mut n = 0;
        for (i, p) in s.pieces[t][..self.holes].iter().enumerate() {
            if !p.alive {
                continue;
            }
            let to = if p.started {
                match self.destination(p.pos, value as i16, open) {
                    Some(to) => to,
                    None => continue,
                }
            } else if value == 1 {
                0
            } else {
                continue;
            };
            if self.landing(s, t, i, to).is_some() {
                out[n] = Choice { piece: i as u8, to };
                n += 1;
            }
        }
        n
    }

    fn put(&self, s: &mut State, t: usize, i: usize, pos: i16) {
        let cell = self.path[t][pos as usize] as usize;
        s.count[t][cell] += 1;
        s.who[t][cell] = i as u8;
    }

    fn lift(&self, s: &mut State, t: usize, pos: i16) {
        if pos >= 0 {
            s.count[t][self.path[t][pos as usize] as usize] -= 1;
        }
    }

    /// Takes piece `i` of team `t` out of the game.
    fn kill(&self, s: &mut State, t: usize, i: usize) {
        let p = s.pieces[t][i];
        self.lift(s, t, p.pos);
        s.alive[t] -= 1;
        if !p.started {
            s.waiting[t] -= 1;
        }
        if p.pos >= self.goal() {
            s.arrived[t] -= 1;
        }
        s.pieces[t][i] = Piece {
            pos: BESIDE,
            started: p.started,
            alive: false,
        };
    }

    /// Moves (or starts) piece `i` of the team to play to `to`; returns whether it killed.
    fn play(&self, s: &mut State, i: usize, to: i16) -> bool {
        let t = s.team;
        let p = s.pieces[t][i];
        let kills = to >= 0 && self.landing(s, t, i, to) == Some(true);
        if kills {
            let o = 1 - t;
            let cell = self.path[t][to as usize] as usize;
            self.kill(s, o, s.who[o][cell] as usize);
        }
        self.lift(s, t, p.pos);
        if to >= 0 {
            self.put(s, t, i, to);
        }
        if !p.started {
            s.waiting[t] -= 1;
        }
        if p.pos < self.goal() && to >= self.goal() {
            s.arrived[t] += 1;
        }
        s.pieces[t][i] = Piece {
            pos: to,
            started: true,
            alive: true,
        };
        kills
    }

    /// Central holes a piece of team `a` at `pos` can still land on: `[central_south,
    /// central_north]`, bit `h - 1` for hole `h`. Before the return it reaches the rest of
    /// its outward run; the return too unless `barred` (it can no longer open).
    fn reach(&self, a: usize, pos: i16, barred: bool) -> [u64; 2] {
        let h = self.holes as i32;
        let i = pos as i32;
        let (own, far) = (
            Row::central(a) as usize - 1,
            Row::central(1 - a) as usize - 1,
        );
        let mut m = [0u64; 2];
        // Outward: own central hole k at step H + k - 1, far central hole k at 3H - k.
        m[own] |= holes_mask(i - h + 2, h, h);
        m[far] |= holes_mask(1, 3 * h - 1 - i, h);
        if i >= 4 * h || !barred {
            // Return: far central hole k at step 4H + k - 1, own central hole k at 6H - k.
            m[far] |= holes_mask(i - 4 * h + 2, h, h);
            m[own] |= holes_mask(1, 6 * h - 1 - i, h);
        }
        m
    }

    /// Central holes a piece of team `v` at `pos`, not yet immune, can still stand on.
    fn exposure(&self, v: usize, pos: i16) -> [u64; 2] {
        let h = self.holes as i32;
        let j = pos as i32;
        let (own, far) = (
            Row::central(v) as usize - 1,
            Row::central(1 - v) as usize - 1,
        );
        let mut m = [0u64; 2];
        m[own] |= holes_mask(j - h + 1, h, h);
        m[far] |= holes_mask(1, 3 * h - j, h);
        m
    }

    /// Can any piece still take (the `no capture possible` of SIG-F1, negated)?
    pub fn capture_possible(&self, s: &State) -> bool {
        (0..2).any(|a| {
            let v = 1 - a;
            // Nobody goes back to the troughs: no waiting piece now, none ever again.
            let barred = s.waiting[v] == 0;
            let mut reach = [0u64; 2];
            for p in s.pieces[a][..self.holes].iter().filter(|p| p.alive) {
                let r = self.reach(a, p.pos, barred);
                reach[0] |= r[0];
                reach[1] |= r[1];
            }
            let mut exposed = [0u64; 2];
            for q in s.pieces[v][..self.holes]
                .iter()
                .filter(|q| q.alive && !self.immune_at(q.pos))
            {
                let e = self.exposure(v, q.pos);
                exposed[0] |= e[0];
                exposed[1] |= e[1];
            }
            (reach[0] & exposed[0]) | (reach[1] & exposed[1]) != 0
        })
    }

    /// Plays one random game with the RNG of `seig::tools::sim`.
    pub fn playout<R: Record>(&self, rng: &mut Rng, max_turns: u32, rec: &mut R) -> Outcome {
        let mut s = self.initial();
        let (mut throws, mut decisions) = (0u64, 0u64);
        let mut buf = [Choice::default(); MAX_HOLES];
        let pick = |rng: &mut Rng, n: usize| if n == 1 { 0 } else { rng.below(n) };
        while s.turns < max_turns {
            let t = s.team;
            loop {
                let value = self.throw_value(rng.next_u64());
                throws += 1;
                let again = value == 4;
                if s.phase == Phase::Combat {
                    let mut removed = None;
                    if value == 4 {
                        let o = 1 - t;
                        if let Some(i) = s.pieces[o][..self.holes].iter().position(|p| p.alive) {
                            self.kill(&mut s, o, i);
                            removed = Some(i as u8);
                        }
                    }
                    let e = Event::Throw {
                        team: t as u8,
                        value,
                        removed,
                    };
                    rec.event(self, e, &s);
                    if s.alive[1 - t] == 0 {
                        return self.won(&s, t, throws, decisions, rec);
                    }
                } else {
                    let e = Event::Throw {
                        team: t as u8,
                        value,
                        removed: None,
                    };
                    rec.event(self, e, &s);
                    if value == 8 {
                        // Up to eight waiting pieces start, one decision each.
                        for _ in 0..8 {
                            let mut n = 0;
                            for (i, p) in s.pieces[t][..self.holes].iter().enumerate() {
                                if p.alive && !p.started {
                                    buf[n].piece = i as u8;
                                    n += 1;
                                }
                            }
                            if n == 0 {
                                break;
                            }
                            let i = buf[pick(rng, n)].piece as usize;
                            decisions += 1;
                            self.play(&mut s, i, BESIDE);
                            let e = Event::Move {
                                team: t as u8,
                                piece: i as u8,
                                to: BESIDE,
                                place: None,
                                capture: false,
                            };
                            rec.event(self, e, &s);
                        }
                    } else if value > 0 {
                        let n = self.choices(&s, value, &mut buf);
                        if n > 0 {
                            let c = buf[pick(rng, n)];
                            decisions += 1;
                            let capture = self.play(&mut s, c.piece as usize, c.to);
                            let e = Event::Move {
                                team: t as u8,
                                piece: c.piece,
                                to: c.to,
                                place: self.place(t, c.to),
                                capture,
                            };
                            rec.event(self, e, &s);
                            if s.alive[1 - t] == 0 {
                                return self.won(&s, t, throws, decisions, rec);
                            }
                        }
                    }
                }
                if !again {
                    break;
                }
            }
            s.turns += 1;
            if s.phase == Phase::Race && s.waiting == [0, 0] && !self.capture_possible(&s) {
                s.phase = Phase::Combat;
            }
            s.team = 1 - t;
            let e = Event::TurnEnd {
                turns: s.turns,
                combat: s.phase == Phase::Combat,
                next: s.team as u8,
            };
            rec.event(self, e, &s);
        }
        Outcome {
            winner: None,
            turns: s.turns,
            throws,
            decisions,
        }
    }

    fn won<R: Record>(
        &self,
        s: &State,
        t: usize,
        throws: u64,
        decisions: u64,
        rec: &mut R,
    ) -> Outcome {
        rec.event(self, Event::Win { team: t as u8 }, s);
        Outcome {
            winner: Some(t as u8),
            turns: s.turns,
            throws,
            decisions,
        }
    }
}

/// Holes `lo..=hi` of a row of `h` holes as bits (`hole - 1`), clipped to the row.
#[inline]
fn holes_mask(lo: i32, hi: i32, h: i32) -> u64 {
    let (lo, hi) = (lo.max(1), hi.min(h));
    if lo > hi {
        return 0;
    }
    let width = (hi - lo + 1) as u32;
    let ones = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    ones << (lo - 1)
}

/// Cumulative thresholds on a `u64` for the count `k` of marked sides of eight sticks, each
/// marked side up with probability `p`: binomial probabilities summed in order of `k`, scaled
/// to `u64`, the last one `u64::MAX` (the arithmetic of the protocol, step for step).
pub fn thresholds(p: f64) -> [u64; STICKS + 1] {
    let n = STICKS;
    let mut cum = [u64::MAX; STICKS + 1];
    let mut acc = 0.0;
    for (k, c) in cum.iter_mut().enumerate() {
        let mut choose = 1.0;
        for i in 0..k {
            choose = choose * (n - i) as f64 / (i + 1) as f64;
        }
        acc += choose * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32);
        if k < n {
            *c = (acc * u64::MAX as f64) as u64;
        }
    }
    cum
}
