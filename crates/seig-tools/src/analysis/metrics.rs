//! Metrics over many seeded games: completion, timeouts, balance, advantage of the team
//! that throws first, duration, decision moves, lead changes, captures, how often each rule
//! fired (and which never did), observed throw frequencies against their exact
//! probabilities, and throws before a team's first piece can move. Every rate carries a
//! 95% Wilson interval; means carry a normal 95% interval.
//!
//! Determinism: game `i` of a study with seed `S` is played by the driver from
//! `Streams::for_game(S, i)` (the RNG protocol of [`crate::driver`]: throws and
//! random decisions from the game stream, a searching agent of team `t` from its own
//! stream). Threads take the games one at a time ([`driver::par_games`]) and every figure
//! is an integer sum until the end, so results do not depend on `--jobs`, and shards
//! (`--shard K/N`) merge to exactly the single-run result. A worker thread's panic fails
//! the study ([`WorkerPanic`]); no game is silently dropped.
//!
//! Definitions:
//! - *completion*: games finished before the turn cap, won or drawn (a draw is a finished
//!   game); *timeouts*: stopped by the cap; deadlocks and aborted games are counted apart.
//! - *balance*: 1 − |P(first team wins) − P(second team wins)| over finished games.
//! - *first-team advantage*: P(first team wins | finished) − ½.
//! - *captures*: landing captures, whatever became of the piece; *send-homes*: those
//!   that sent it home; *removals*: pieces a throw's effect removed (not captures).
//! - *decision moves*: share of decision positions visited with more than one legal choice.
//! - *lead*: at the end of each seat's turn, the team whose pieces have gone further, as a
//!   share of their way to the goal (a piece counts min(track index + 1, goal + 1) holes,
//!   a removed piece 0; shares compared exactly); a *lead change* is the leader switching
//!   teams (ties keep the leader).
//! - *rule firing*: events naming the rule (a throw matching its entry, a move it allows,
//!   a capture, immunity, a phase change, a win). Rules whose statements never produce an
//!   event (board, teams, sticks, stacking, …) are listed as *silent*, not as never fired.
//! - *throws before the first move*: the team's throws up to and including the first one
//!   after which some piece of the team could move with the throws in hand.
#![expect(
    clippy::indexing_slicing,
    reason = "the IR's phases, rules, rows, classes and reading options are indexed by indices lowering made or a valid state holds, per-team pairs by a `TeamId` (0 or 1), and local buffers by positions their loop, length check or `rng.below(len)` bounds"
)]

use super::refusal::{RefusalCounts, tally_refusals};
use super::{Loaded, Rate, Z95};
use crate::agents::{AgentKind, Budget};
use crate::driver::{self, End, Hooks, Outcome, Streams, WorkerPanic};
use crate::words::Taking;
use seig_engine::{Decision, Event, Game, Stage, State};
use seig_lang::ir::{ByTeam, Ir, RuleIx, TeamId, ValueRule};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};

/// What identifies a study: shards merge only when these are equal.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StudyInfo {
    /// Title.
    pub game: String,
    /// File as given.
    pub file: String,
    /// SHA-256 of the file.
    pub hash: String,
    /// Seed.
    pub seed: u64,
    /// Games in the whole study.
    pub games: u64,
    /// Turn cap.
    pub max_turns: u32,
    /// Readings in force, `ID=option`.
    pub readings: Vec<String>,
    /// Parameters in force, `name=value`.
    pub params: Vec<String>,
    /// Agent of each team.
    pub agents: Vec<String>,
    /// Team names.
    pub teams: Vec<String>,
    /// Rules: (ID, status, can fire an event, has statements in force).
    pub rules: Vec<(String, String, bool, bool)>,
    /// Name of the first face.
    pub face: String,
    /// Probability of the first face.
    pub p: f64,
    /// What a throw is worth.
    pub value: ValueRule,
    /// Team colours.
    pub colours: Vec<Option<u8>>,
    /// The colour each team is drawn in, as CSS writes it (`crate::view::team_colour_hex`:
    /// the file's `shown as`, else the language default; empty in a study saved before).
    #[serde(default)]
    pub shown: Vec<String>,
    /// Were the moves the rules refuse counted (`simulate --refusals`)?
    #[serde(default)]
    pub refusals: bool,
    /// `[n][k]`: the exact probability of throw `k` of `n` sticks (or dice) and its value
    /// for the first team, as the engine throws them (with dice or a marked stick; empty
    /// otherwise and in a study saved before, where the binomial law gives them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exact: Vec<Vec<(f64, String)>>,
    /// Does the file bear pieces off (`bear off from …`)? Only then are the pieces borne
    /// off reported.
    #[serde(default)]
    pub bears_off: bool,
}

impl StudyInfo {
    /// Team `t`'s colour as CSS writes it: the study's, else the language default's.
    pub(crate) fn team_hex(&self, t: usize) -> String {
        self.shown.get(t).cloned().unwrap_or_else(|| {
            let c = crate::view::TEAM_RGB.get(t).copied().unwrap_or([0x80; 3]);
            seig_lang::palette::hex(c)
        })
    }
}

/// Raw counts of a run of games: integer sums only, mergeable in any order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub struct Acc {
    /// Games played.
    pub games: u64,
    /// Games finished by the rules: won or drawn (a draw is a finished game).
    pub completed: u64,
    /// Games stopped by the turn cap.
    pub timeouts: u64,
    /// Games the engine could not finish.
    pub aborted: u64,
    /// Games drawn (a `draw` statement, or a level end by score).
    #[serde(default)]
    pub draws: u64,
    /// Games ended by the engine's deadlock: nothing could change any more.
    #[serde(default)]
    pub deadlocks: u64,
    /// Wins per team.
    pub wins: [u64; 2],
    /// Seat turns of completed games: value → games.
    pub turns: BTreeMap<u64, u64>,
    /// Throws of completed games: value → games.
    pub throws: BTreeMap<u64, u64>,
    /// Decision positions visited.
    pub decision_nodes: u64,
    /// Of which with more than one legal choice.
    pub choice_nodes: u64,
    /// Lead changes per game (all games): value → games.
    pub lead_changes: BTreeMap<u64, u64>,
    /// Landing captures, whatever became of the piece (removed or sent home), per game
    /// (all games): value → games.
    pub captures: BTreeMap<u64, u64>,
    /// Pieces removed by a throw's effect (`remove opposing piece`), per game: value → games.
    pub removals: BTreeMap<u64, u64>,
    /// Landing captures that send the piece home (counted among the captures too), per
    /// game: value → games.
    pub send_homes: BTreeMap<u64, u64>,
    /// Pieces each team lost out of the game (captured or removed), over all games.
    pub lost: [u64; 2],
    /// Per team: pieces lost out of the game per game (all games): value → games.
    pub lost_hist: [BTreeMap<u64, u64>; 2],
    /// Pieces of each team sent home, over all games.
    pub sent_home: [u64; 2],
    /// Pieces of each team borne off the board by the end of each game, over all games.
    #[serde(default)]
    pub borne_off: [u64; 2],
    /// Finished games by what ended them: `RULE@PHASE` (the win's rule, the phase at the
    /// end) → games.
    pub endings: BTreeMap<String, u64>,
    /// Actions in which each rule fired (a rule named by several events of one action,
    /// such as a capture's move and its taking, counts once).
    pub rule_fires: Vec<u64>,
    /// Games in which each rule fired.
    pub rule_games: Vec<u64>,
    /// Throws seen: `[sticks][count of first face]`.
    pub throw_counts: Vec<Vec<u64>>,
    /// Per team: throws before its first piece could move → games.
    pub first_move: [BTreeMap<u64, u64>; 2],
    /// Per team: games ended before any of its pieces could move.
    pub never_moved: [u64; 2],
    /// The moves the rules refused at the decision positions visited, when counted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refusals: Option<RefusalCounts>,
}

/// Counts that overflowed while merging.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Overflow;

fn add(a: &mut u64, b: u64) -> Result<(), Overflow> {
    *a = a.checked_add(b).ok_or(Overflow)?;
    Ok(())
}

fn add_map<K: Ord + Clone>(a: &mut BTreeMap<K, u64>, b: &BTreeMap<K, u64>) -> Result<(), Overflow> {
    for (k, v) in b {
        add(a.entry(k.clone()).or_default(), *v)?;
    }
    Ok(())
}

fn add_vec(a: &mut Vec<u64>, b: &[u64]) -> Result<(), Overflow> {
    if a.len() < b.len() {
        a.resize(b.len(), 0);
    }
    for (x, y) in a.iter_mut().zip(b) {
        add(x, *y)?;
    }
    Ok(())
}

impl Acc {
    /// An empty accumulator for a variant with `rules` rules.
    pub fn new(rules: usize) -> Acc {
        Acc {
            rule_fires: vec![0; rules],
            rule_games: vec![0; rules],
            throw_counts: vec![Vec::new(); seig_lang::ir::MAX_STICKS as usize + 1],
            ..Default::default()
        }
    }
    /// Adds another accumulator's counts; a count that would overflow is an error (and
    /// leaves `self` partly merged: the caller drops it).
    pub fn merge(&mut self, o: &Acc) -> Result<(), Overflow> {
        add(&mut self.games, o.games)?;
        add(&mut self.completed, o.completed)?;
        add(&mut self.timeouts, o.timeouts)?;
        add(&mut self.aborted, o.aborted)?;
        add(&mut self.draws, o.draws)?;
        add(&mut self.deadlocks, o.deadlocks)?;
        for t in 0..2 {
            add(&mut self.wins[t], o.wins[t])?;
            add(&mut self.lost[t], o.lost[t])?;
            add(&mut self.sent_home[t], o.sent_home[t])?;
            add(&mut self.borne_off[t], o.borne_off[t])?;
            add(&mut self.never_moved[t], o.never_moved[t])?;
            add_map(&mut self.first_move[t], &o.first_move[t])?;
            add_map(&mut self.lost_hist[t], &o.lost_hist[t])?;
        }
        add_map(&mut self.turns, &o.turns)?;
        add_map(&mut self.throws, &o.throws)?;
        add_map(&mut self.lead_changes, &o.lead_changes)?;
        add_map(&mut self.captures, &o.captures)?;
        add_map(&mut self.removals, &o.removals)?;
        add_map(&mut self.send_homes, &o.send_homes)?;
        add_map(&mut self.endings, &o.endings)?;
        add(&mut self.decision_nodes, o.decision_nodes)?;
        add(&mut self.choice_nodes, o.choice_nodes)?;
        add_vec(&mut self.rule_fires, &o.rule_fires)?;
        add_vec(&mut self.rule_games, &o.rule_games)?;
        if self.throw_counts.len() < o.throw_counts.len() {
            self.throw_counts.resize(o.throw_counts.len(), Vec::new());
        }
        for (a, b) in self.throw_counts.iter_mut().zip(&o.throw_counts) {
            add_vec(a, b)?;
        }
        if let Some(b) = &o.refusals {
            let a = self.refusals.get_or_insert_with(RefusalCounts::default);
            *a = a.checked_add(b).ok_or(Overflow)?;
        }
        Ok(())
    }

    /// Why the counts cannot be those of `games` games of a variant with `rules` rules
    /// and two teams, if they cannot (a tampered or damaged shard).
    pub fn inconsistency(&self, games: u64, rules: usize) -> Option<String> {
        let sum = |m: &BTreeMap<u64, u64>| m.values().try_fold(0u64, |a, &b| a.checked_add(b));
        // Every game ends one way: finished (won or drawn), timed out, aborted or deadlocked.
        let ended = self
            .completed
            .checked_add(self.timeouts)
            .and_then(|x| x.checked_add(self.aborted))
            .and_then(|x| x.checked_add(self.deadlocks));
        if self.games != games {
            return Some(format!(
                "it counts {} games for a range of {games}",
                self.games
            ));
        }
        if ended != Some(games) {
            return Some(
                "its finished, timed-out, deadlocked and aborted games do not add up to its games"
                    .into(),
            );
        }
        if self.wins[0]
            .checked_add(self.wins[1])
            .and_then(|x| x.checked_add(self.draws))
            != Some(self.completed)
        {
            return Some("its wins do not add up to its finished games (with its draws)".into());
        }
        if sum(&self.turns) != Some(self.completed) || sum(&self.throws) != Some(self.completed) {
            return Some("its game lengths do not count its finished games".into());
        }
        for (name, m) in [
            ("lead changes", &self.lead_changes),
            ("captures", &self.captures),
            ("pieces lost", &self.lost_hist[0]),
            ("pieces lost", &self.lost_hist[1]),
        ] {
            if sum(m) != Some(games) {
                return Some(format!("its {name} do not count every game"));
            }
        }
        if self
            .endings
            .values()
            .try_fold(0u64, |a, &b| a.checked_add(b))
            > Some(self.completed)
        {
            return Some("it credits more endings than finished games".into());
        }
        if self.choice_nodes > self.decision_nodes {
            return Some("it has more choice positions than decision positions".into());
        }
        if self.rule_fires.len() != rules || self.rule_games.len() != rules {
            return Some(format!(
                "its rule counts are not for the study's {rules} rules"
            ));
        }
        if self.rule_games.iter().any(|&g| g > games) {
            return Some("a rule fired in more games than were played".into());
        }
        if let Some(why) = self.refusals.as_ref().and_then(|r| r.inconsistency(rules)) {
            return Some(why.into());
        }
        self.out_of_bounds(games)
    }

    /// Why counts that each game adds to cannot be those of `games` games (more first
    /// moves, pieces lost or throws than the games hold; a sum that overflows), if they
    /// cannot.
    fn out_of_bounds(&self, games: u64) -> Option<String> {
        let sum = |m: &BTreeMap<u64, u64>| m.values().try_fold(0u64, |a, &b| a.checked_add(b));
        // Σ value × games: the total a histogram stands for.
        let total = |m: &BTreeMap<u64, u64>| {
            m.iter().try_fold(0u64, |a, (&k, &v)| {
                k.checked_mul(v).and_then(|x| a.checked_add(x))
            })
        };
        for (name, m) in [
            ("removals", &self.removals),
            ("send-homes", &self.send_homes),
        ] {
            if sum(m) != Some(games) {
                return Some(format!("its {name} do not count every game"));
            }
        }
        for t in 0..2 {
            let moved = sum(&self.first_move[t]).and_then(|x| x.checked_add(self.never_moved[t]));
            if moved != Some(games) {
                return Some(
                    "its first moves and games never moved do not add up to its games".into(),
                );
            }
            if total(&self.lost_hist[t]) != Some(self.lost[t]) {
                return Some("its pieces lost do not match their histogram".into());
            }
        }
        let sent = self.sent_home[0].checked_add(self.sent_home[1]);
        if sent.is_none() || total(&self.send_homes) != sent {
            return Some("its pieces sent home do not match their histogram".into());
        }
        if self
            .rule_fires
            .iter()
            .zip(&self.rule_games)
            .any(|(&fires, &in_games)| in_games > fires || (fires > 0) != (in_games > 0))
        {
            return Some("a rule fired in more games than it fired".into());
        }
        if self.throw_counts.len() > seig_lang::ir::MAX_STICKS as usize + 1
            || self
                .throw_counts
                .iter()
                .enumerate()
                .any(|(n, row)| row.len() > (n + 2).max(u8::MAX as usize + 1))
        {
            return Some("it counts throws of more sticks than a throw has".into());
        }
        let throws = self
            .throw_counts
            .iter()
            .flatten()
            .try_fold(0u64, |a, &b| a.checked_add(b));
        if throws.is_none() {
            return Some("its throw counts overflow".into());
        }
        None
    }
}

/// One game in brief, kept for paired comparisons.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct GameBrief {
    /// Winner.
    pub winner: Option<u8>,
    /// Seat turns.
    pub turns: u32,
    /// Throws.
    pub throws: u64,
    /// Decision positions.
    pub decision_nodes: u32,
    /// Of which with a choice.
    pub choice_nodes: u32,
    /// Lead changes.
    pub lead_changes: u32,
    /// Landing captures (removing the piece or sending it home).
    pub captures: u32,
    /// Pieces removed by a throw's effect (not captures).
    pub removals: u32,
    /// Pieces sent home (a landing capture that sends home counts among the captures too).
    pub send_homes: u32,
    /// Pieces of each team borne off the board when it ended.
    #[serde(default)]
    pub borne_off: [u32; 2],
    /// The rule of the win that ended it, if one did.
    pub ended_by: Option<RuleIx>,
    /// The engine could not finish it (else, without a winner, the turn cap stopped it).
    pub aborted: bool,
    /// The phase it ended in.
    pub phase: seig_lang::ir::PhaseId,
    /// Rules that fired (bit i = rule i).
    pub fired: Vec<u64>,
    /// Ended in a deadlock.
    #[serde(default)]
    pub deadlock: bool,
    /// Drawn.
    #[serde(default)]
    pub drawn: bool,
}

impl GameBrief {
    /// How it ended: `won`, `drawn`, `deadlock`, `aborted`, or `timeout` (the turn cap).
    pub fn outcome(&self) -> &'static str {
        match self.winner {
            Some(_) => "won",
            None if self.drawn => "drawn",
            None if self.deadlock => "deadlock",
            None if self.aborted => "aborted",
            None => "timeout",
        }
    }

    /// Stopped by the turn cap: not won, drawn, deadlocked or aborted.
    pub(crate) fn timed_out(&self) -> bool {
        self.outcome() == "timeout"
    }
}

/// Counts what one game does: the driver's hook of a study. It runs on every action of
/// every study game, so it keeps its work per event constant: rules are counted once per
/// action by a stamp per rule (no list to search), and the lead is kept as per-piece shares
/// updated only for the pieces an action moved or took.
struct Counter<'a> {
    /// Throws seen go straight to the study's counts.
    throw_counts: &'a mut Vec<Vec<u64>>,
    /// Refused moves go straight to the study's counts, when it counts them.
    refusals: Option<&'a mut RefusalCounts>,
    /// Per rule: the number of the last action in which it was counted (0: none), so that
    /// a rule named by several events of one action counts once; and the actions counted.
    /// One pair per rule: one bounds check and one cache line per event.
    fires: Vec<(u32, u32)>,
    lost: [u32; 2],
    sent_home: [u32; 2],
    captures: u32,
    removals: u32,
    ended_by: Option<RuleIx>,
    throws: u64,
    team_throws: [u64; 2],
    first_move: [Option<u64>; 2],
    /// Teams whose first move is still to come, a bit per team (one test per throw).
    unmoved: u8,
    /// The team that threw last, until the throw has been applied (one byte: a team has a
    /// spare value for `None`).
    thrower: Option<TeamId>,
    /// That throw's count of face 0.
    thrown: u8,
    /// Throws of fewer than 16 sticks showing face 0 fewer than 16 times, at `n * 16 + k`:
    /// counted here with no row to find or grow, added to `throw_counts` at the end.
    few: [u64; 256],
    decision_nodes: u32,
    choice_nodes: u32,
    lead_changes: u32,
    lead: Option<u8>,
    /// The seat turns played when last asked: the lead is read when they change.
    last_turns: u32,
    /// The lead's bookkeeping.
    shares: Shares,
}

/// Each team's way gone, kept piece by piece (see [`progress`]). A moved piece is counted
/// where its `Moved` event says it stands (it stands so until its next event). A piece taken
/// (or, under `stacks together`, moved: a later move may carry it along with no event) is
/// noted and recounted from the position when the lead is next read, at the end of a turn.
struct Shares {
    /// Holes a piece counts at most, per team (its goal + 1).
    goal: ByTeam<i32>,
    /// Pieces' holes gone, per team.
    gone: ByTeam<[i32; seig_engine::MAX_TEAM_PIECES]>,
    /// The shares' comparison kept as one number: `a * sb - b * sa` for the teams' holes
    /// gone `a`, `b` and scales `sa`, `sb` ([`progress`]), its sign the leader. A piece's
    /// change of holes changes it by that times `weight`, so reading the lead multiplies
    /// nothing.
    diff: i64,
    /// Per team: what one hole gone adds to `diff` (`sb` for the first team, `-sa`).
    weight: ByTeam<i64>,
    /// Pieces to recount since the lead was last read, a bit per piece.
    touched: ByTeam<u64>,
    /// A move may carry other pieces of its stack with no event of theirs (`stacks
    /// together`): a moved piece is recounted, not counted where its event says.
    carried: bool,
}

// A team's pieces fit the bits of `Shares::touched`.
const _: () = assert!(seig_engine::MAX_TEAM_PIECES <= 64);

impl Shares {
    fn new(g: &Game, s: &State) -> Shares {
        let mut sh = Shares {
            goal: ByTeam::default(),
            gone: ByTeam::splat([0; seig_engine::MAX_TEAM_PIECES]),
            diff: 0,
            weight: ByTeam::default(),
            touched: ByTeam::default(),
            carried: g.ir().movement.stacks_together.value,
        };
        for t in TeamId::BOTH {
            sh.goal[t] = goal_of(g, t);
            for (i, p) in s.pieces(t).iter().enumerate() {
                if let Some(x) = sh.gone[t].get_mut(i) {
                    *x = piece_gone(p, sh.goal[t]);
                }
            }
        }
        // Holes gone and scales are at most 255 pieces × 65,536 holes (< 2^24): the products
        // and their difference fit an i64 exactly, as every change of them does.
        let [(a, sa), (b, sb)] = TeamId::BOTH.map(|t| progress(g, s, t));
        sh.weight = ByTeam::new(sb as i64, -(sa as i64));
        sh.diff = a as i64 * sb as i64 - b as i64 * sa as i64;
        sh
    }

    #[inline]
    fn touch(&mut self, team: TeamId, piece: u8) {
        // A piece number past the bits cannot be (the engine's limit is asserted above).
        self.touched[team] |= 1u64.checked_shl(piece as u32).unwrap_or(0);
    }

    /// Piece `piece` of `team` moved, and stands as `at`: counted there at once, with no
    /// recount at the turn's end (see [`Shares::carried`]).
    #[inline]
    fn moved(&mut self, team: TeamId, piece: u8, at: &seig_engine::Piece) {
        if self.carried {
            self.touch(team, piece);
            return;
        }
        let now = piece_gone(at, self.goal[team]);
        if let Some(x) = self.gone[team].get_mut(piece as usize) {
            self.diff += (now - *x) as i64 * self.weight[team];
            *x = now;
        }
    }

    /// Recounts the touched pieces in `s`, the position now (at least one was touched).
    // Out of line: few turns take a piece.
    #[inline(never)]
    fn recount_touched(&mut self, s: &State) {
        for t in TeamId::BOTH {
            let mut m = std::mem::take(&mut self.touched[t]);
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let now = s
                    .pieces(t)
                    .get(i)
                    .map_or(0, |p| piece_gone(p, self.goal[t]));
                if let Some(x) = self.gone[t].get_mut(i) {
                    self.diff += (now - *x) as i64 * self.weight[t];
                    *x = now;
                }
            }
        }
    }

    /// The team ahead in `s`, if one is (shares compared exactly).
    #[inline]
    fn leader(&mut self, s: &State) -> Option<u8> {
        // Tested first: most turns take nothing (a moved piece is counted at its event).
        if self.touched.into_array() != [0; 2] {
            self.recount_touched(s);
        }
        (self.diff != 0).then_some(u8::from(self.diff < 0))
    }
}

impl Hooks for Counter<'_> {
    #[inline]
    fn throw(&mut self, _g: &Game, s: &State, k: u8) {
        let team = s.team();
        // Counted by its sticks once applied (`thrown`, `end`): the position after it
        // names them, where asking before would make the engine count them once more.
        self.throws += 1;
        self.team_throws[team.index()] += 1;
        self.thrower = Some(team);
        self.thrown = k;
    }

    fn decision(&mut self, g: &Game, s: &State, legal: &[Decision], _d: Decision) {
        if let Some(r) = self.refusals.as_deref_mut() {
            tally_refusals(g, s, r);
        }
        self.decision_nodes += 1;
        if legal.len() > 1 {
            self.choice_nodes += 1;
        }
    }

    // Always inlined: the engine raises most events (a throw's) from functions the
    // compiler keeps out of line, where a call cost more than the counting.
    #[inline(always)]
    fn event(&mut self, e: Event) {
        // The number of the action being applied, from 1: the throw and decision hooks
        // count every action before it is applied, so no counter of its own is kept.
        let action = (self.throws as u32).wrapping_add(self.decision_nodes);
        let fires = &mut self.fires;
        let mut hit = |r: RuleIx| {
            if let Some((c, f)) = fires.get_mut(r.index())
                && *c != action
            {
                *c = action;
                *f += 1;
            }
        };
        match e {
            Event::Throw { rule, .. } => {
                if let Some(r) = rule {
                    hit(r);
                }
            }
            Event::Moved {
                team,
                piece,
                rules,
                at,
            } => {
                for &r in rules.iter() {
                    hit(r);
                }
                self.shares.moved(team, piece, &at);
            }
            Event::Captured {
                team,
                piece,
                rule,
                home,
                ..
            } => {
                hit(rule);
                self.shares.touch(team, piece);
                let t = team.index();
                if home {
                    self.sent_home[t] += 1;
                } else {
                    self.lost[t] += 1;
                }
                // During a throw (`thrower` is set until it is applied) a piece is removed by
                // the throw's effect; during a move it is a landing capture (see
                // `words::Taking`: the trace and every table count them alike).
                match crate::words::taking(&e, self.thrower.is_some()) {
                    Some(Taking::Removal) => self.removals += 1,
                    Some(_) => self.captures += 1,
                    None => {}
                }
            }
            Event::Won { rule, .. } => {
                hit(rule);
                self.ended_by = Some(rule);
            }
            Event::Immune { rule, .. } | Event::Phase { rule, .. } => hit(rule),
            Event::Forfeit { .. }
            | Event::Passed { .. }
            | Event::ThrewOn
            | Event::HomeChosen { .. } => {}
        }
    }

    #[inline]
    fn thrown(&mut self, g: &Game, s: &State) {
        let thrower = self.thrower.take();
        // The throw just applied: its sticks and count as the engine noted them.
        if let Some((n, k, _)) = s.last() {
            self.count_throw(n, k);
        }
        // `unmoved` first: past the first moves of both teams (most of a game's throws) one
        // test of it is all a throw costs here.
        if self.unmoved != 0
            && let Some(team) = thrower
        {
            let bit = 1 << team.index();
            if self.unmoved & bit != 0 && !g.is_over(s) && s.team() == team && could_move(g, s) {
                let t = team.index();
                self.first_move[t] = Some(self.team_throws[t]);
                self.unmoved &= !bit;
            }
        }
        self.read_lead(s);
    }

    /// After a decision: the throw hooks count throws apart ([`Hooks::thrown`]).
    #[inline]
    fn applied(&mut self, _g: &Game, s: &State) {
        self.read_lead(s);
    }

    fn end(&mut self, g: &Game, s: &State, _out: &Outcome) {
        // A throw refused (the game aborted) was never applied, and the engine refuses a
        // throw before changing the position: its sticks are those of `s`.
        if self.thrower.take().is_some() {
            self.count_throw(g.sticks_for(s), self.thrown);
        }
        let few = self.few;
        for (i, &c) in few.iter().enumerate() {
            if c > 0 {
                self.count_throws(i / 16, i % 16, c);
            }
        }
    }
}

impl<'a> Counter<'a> {
    /// A counter for a game of `g` from `s`, counting throws (and refusals, when the
    /// study counts them) straight into `acc`.
    fn new(g: &Game, s: &State, acc: &'a mut Acc) -> Counter<'a> {
        Counter {
            throw_counts: &mut acc.throw_counts,
            refusals: acc.refusals.as_mut(),
            fires: vec![(0, 0); g.ir().rules.len()],
            lost: [0; 2],
            sent_home: [0; 2],
            captures: 0,
            removals: 0,
            ended_by: None,
            throws: 0,
            team_throws: [0; 2],
            first_move: [None, None],
            unmoved: 0b11,
            thrower: None,
            thrown: 0,
            few: [0; 256],
            decision_nodes: 0,
            choice_nodes: 0,
            lead_changes: 0,
            lead: None,
            last_turns: s.turns(),
            shares: Shares::new(g, s),
        }
    }
}

impl Counter<'_> {
    /// At the end of a seat's turn (the turns played changed), reads who leads.
    #[inline]
    fn read_lead(&mut self, s: &State) {
        if s.turns() != self.last_turns {
            self.last_turns = s.turns();
            // Read at every turn's end, as defined: with nothing moved or taken since the
            // last reading, no piece is recounted and the answer is the last one.
            if let Some(now) = self.shares.leader(s) {
                if self.lead.is_some_and(|l| l != now) {
                    self.lead_changes += 1;
                }
                self.lead = Some(now);
            }
        }
    }

    /// Counts a throw of `n` sticks showing face 0 `k` times.
    #[inline]
    fn count_throw(&mut self, n: u8, k: u8) {
        // Both below 16: no bit of 16 or more in either.
        if (n | k) < 16 {
            self.few[(n as usize) << 4 | k as usize] += 1;
        } else {
            self.count_throws(n as usize, k as usize, 1);
        }
    }

    /// Counts `c` throws of `n` sticks showing face 0 `k` times in the study's counts.
    fn count_throws(&mut self, n: usize, k: usize, c: u64) {
        let Some(row) = self.throw_counts.get_mut(n) else {
            return;
        };
        // Throw codes go past `n` with a marked stick or dice.
        if row.len() <= k.max(n) {
            row.resize(k.max(n) + 1, 0);
        }
        row[k] += c;
    }
}

/// Who plays: random for both teams by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Players {
    /// Agent of each team.
    pub kinds: [AgentKind; 2],
    /// Their budget.
    pub budget: Budget,
}

impl Default for Players {
    fn default() -> Self {
        Players {
            kinds: [AgentKind::Random; 2],
            budget: Budget::default(),
        }
    }
}

/// The holes a piece of a team counts at most: its goal + 1.
fn goal_of(g: &Game, t: TeamId) -> i32 {
    let tr = &g.ir().teams[t].track;
    tr.goal.unwrap_or(tr.cells.len().saturating_sub(1) as u16) as i32 + 1
}

/// The holes piece `p` has gone: min(track index + 1, `goal`); a piece off the track
/// (beside the board, or removed) stands at index -1: nothing; a piece borne off has gone
/// the whole way.
fn piece_gone(p: &seig_engine::Piece, goal: i32) -> i32 {
    if p.borne_off() {
        return goal;
    }
    // `max(0).min(goal)`: `clamp(0, goal)` for a goal of at least 1 (`goal_of`), with no
    // test of its bounds' order.
    p.track_index().map_or(0, |i| i as i32 + 1).max(0).min(goal)
}

/// Progress of a team towards its goal: (holes gone, scale) so that shares compare exactly.
fn progress(g: &Game, s: &State, t: TeamId) -> (u64, u64) {
    let goal = goal_of(g, t);
    let n = g.ir().teams[t].pieces as usize;
    let gone: i32 = s.pieces(t).iter().map(|p| piece_gone(p, goal)).sum();
    (gone as u64, (n as u64).max(1) * goal as u64)
}

/// Could some piece of the team to play move with the throws in hand?
fn could_move(g: &Game, s: &State) -> bool {
    match s.stage() {
        Stage::Move => true,
        Stage::Throw if !s.pool().is_empty() => g.has_legal_with_pool(s),
        _ => false,
    }
}

/// Plays game `index` of the study (with the driver, from `Streams::for_game(seed, index)`)
/// and adds it to `acc`.
pub(crate) fn play_game(
    g: &Game,
    seed: u64,
    index: u64,
    max_turns: u32,
    players: &Players,
    acc: &mut Acc,
) -> GameBrief {
    let n_rules = g.ir().rules.len();
    let mut agents = players.kinds.map(|k| {
        crate::agents::make(k, players.budget)
            .unwrap_or_else(|| Box::new(crate::agents::RandomAgent::default()))
    });
    let [a, b] = &mut agents;
    let mut s = g.initial_state();
    let mut c = Counter::new(g, &s, acc);
    let out: Outcome = driver::play(
        g,
        &mut s,
        &mut [a.as_mut(), b.as_mut()],
        &Streams::for_game(seed, index),
        max_turns,
        &mut c,
    );
    let Counter {
        fires,
        lost,
        sent_home,
        captures,
        removals,
        ended_by,
        throws,
        first_move,
        decision_nodes,
        choice_nodes,
        lead_changes,
        ..
    } = c;
    acc.games += 1;
    match out.end {
        End::Won(w) => {
            acc.completed += 1;
            acc.wins[w.index()] += 1;
            let rule = ended_by.and_then(|r| g.ir().rules.get(r.index()));
            let phase = g.ir().phases.value.get(s.phase().index());
            if let (Some(r), Some(p)) = (rule, phase) {
                *acc.endings.entry(format!("{}@{p}", r.id)).or_default() += 1;
            }
            *acc.turns.entry(s.turns() as u64).or_default() += 1;
            *acc.throws.entry(throws).or_default() += 1;
        }
        End::Aborted(_) => acc.aborted += 1,
        End::TurnCap => acc.timeouts += 1,
        End::Drawn => {
            // A draw is a finished game: its length counts with the won games'.
            acc.completed += 1;
            acc.draws += 1;
            *acc.turns.entry(s.turns() as u64).or_default() += 1;
            *acc.throws.entry(throws).or_default() += 1;
        }
        End::Deadlock(_) => acc.deadlocks += 1,
    }
    acc.decision_nodes += decision_nodes as u64;
    acc.choice_nodes += choice_nodes as u64;
    *acc.lead_changes.entry(lead_changes as u64).or_default() += 1;
    *acc.captures.entry(captures as u64).or_default() += 1;
    *acc.removals.entry(removals as u64).or_default() += 1;
    let send_homes = sent_home[0] + sent_home[1];
    *acc.send_homes.entry(send_homes as u64).or_default() += 1;
    let mut fired = vec![0u64; n_rules.div_ceil(64)];
    for (i, &(_, f)) in fires.iter().enumerate() {
        if f > 0 {
            acc.rule_fires[i] += f as u64;
            acc.rule_games[i] += 1;
            fired[i / 64] |= 1 << (i % 64);
        }
    }
    let mut borne_off = [0u32; 2];
    for (t, first) in first_move.iter().enumerate() {
        borne_off[t] = u32::try_from(g.borne_count(&s, TeamId::new(t))).unwrap_or(0);
        acc.borne_off[t] += borne_off[t] as u64;
        acc.lost[t] += lost[t] as u64;
        *acc.lost_hist[t].entry(lost[t] as u64).or_default() += 1;
        acc.sent_home[t] += sent_home[t] as u64;
        match first {
            Some(x) => *acc.first_move[t].entry(*x).or_default() += 1,
            None => acc.never_moved[t] += 1,
        }
    }
    GameBrief {
        winner: out.winner().map(u8::from),
        turns: s.turns(),
        throws,
        decision_nodes,
        choice_nodes,
        lead_changes,
        captures,
        removals,
        send_homes,
        borne_off,
        ended_by,
        aborted: out.aborted().is_some(),
        phase: s.phase(),
        fired,
        deadlock: matches!(out.end, End::Deadlock(_)),
        drawn: out.end == End::Drawn,
    }
}

/// Plays games `range` of a study on `jobs` threads; the accumulator does not depend on
/// `jobs`, and the briefs (when kept) are in game order. `done` counts finished games.
/// A worker's panic is an error: a study never silently loses games.
#[allow(clippy::too_many_arguments)]
pub fn run_games(
    g: &Game,
    seed: u64,
    range: (u64, u64),
    max_turns: u32,
    players: &Players,
    jobs: usize,
    keep_briefs: bool,
    done: Option<&Tally>,
) -> Result<(Acc, Vec<GameBrief>), WorkerPanic> {
    run_games_counting(
        g,
        seed,
        range,
        max_turns,
        players,
        jobs,
        keep_briefs,
        done,
        false,
    )
}

/// [`run_games`], and with `refusals` the moves the rules refuse at every decision
/// position counted ([`tally_refusals`]; slow, so only when asked for).
#[allow(clippy::too_many_arguments)]
pub fn run_games_counting(
    g: &Game,
    seed: u64,
    range: (u64, u64),
    max_turns: u32,
    players: &Players,
    jobs: usize,
    keep_briefs: bool,
    done: Option<&Tally>,
    refusals: bool,
) -> Result<(Acc, Vec<GameBrief>), WorkerPanic> {
    let init = || {
        let mut acc = Acc::new(g.ir().rules.len());
        if refusals {
            acc.refusals = Some(RefusalCounts {
                per_rule: vec![0; g.ir().rules.len()],
                ..RefusalCounts::default()
            });
        }
        (acc, Vec::new())
    };
    // Threads take the games one by one (`par_games`): every count is a sum, the same
    // whichever thread played which game, and the briefs are put back in game order.
    let parts = driver::par_games(range, jobs, init, |(acc, briefs), i| {
        if done.is_some_and(|d| d.stop.load(Ordering::Relaxed)) {
            return false;
        }
        let brief = play_game(g, seed, i, max_turns, players, acc);
        if keep_briefs {
            briefs.push((i, brief));
        }
        if let Some(d) = done {
            d.done.fetch_add(1, Ordering::Relaxed);
        }
        true
    })?;
    let mut acc = Acc::new(g.ir().rules.len());
    let mut briefs = Vec::new();
    for (a, b) in parts {
        // Counts of at most 2^64 actions of games cannot overflow a u64 sum.
        let _ = acc.merge(&a);
        briefs.extend(b);
    }
    briefs.sort_unstable_by_key(|&(i, _)| i);
    Ok((acc, briefs.into_iter().map(|(_, b)| b).collect()))
}

/// Can the rule produce an event (a throw entry, gate, loop, capture, protection noted on a
/// shared landing, immunity, phase change or win)?
pub(crate) fn firable(ir: &Ir) -> Vec<bool> {
    let mut f = vec![false; ir.rules.len()];
    let mut set = |r: RuleIx| {
        if let Some(x) = f.get_mut(r.index()) {
            *x = true;
        }
    };
    for e in &ir.throws {
        set(e.origin.rule);
    }
    for t in &ir.teams {
        for gt in &t.track.gates {
            set(gt.origin.rule);
        }
        if let Some(l) = &t.track.looping {
            set(l.origin.rule);
        }
    }
    for per_team in &ir.capture.at {
        for c in per_team {
            if let Some(s) = c.spec {
                set(s.origin.rule);
            }
            if let Some(r) = c.forbidden_by {
                set(r.rule);
            }
        }
    }
    for (_, r) in ir.capture.immune.iter().flatten() {
        set(r.rule);
    }
    for t in &ir.transitions {
        set(t.origin.rule);
    }
    for w in &ir.wins {
        set(w.origin.rule);
    }
    f
}

/// `[n][k]`: each throw's exact probability and value for the first team, where they are not
/// the binomial law's (dice, a marked stick): [`StudyInfo::exact`].
fn exact_throws(ir: &Ir) -> Vec<Vec<(f64, String)>> {
    if ir.sticks.dice.is_none() && ir.sticks.marked.is_none() {
        return Vec::new();
    }
    let g = Game::new(ir.clone());
    let s = g.initial_state();
    let mut out = vec![Vec::new(); g.ir().sticks.count as usize + 1];
    for n in 1..out.len() as u8 {
        let codes = g.last_throw_code(n) as usize + 1;
        let mut row = vec![(0.0, String::new()); codes];
        let outs: Vec<(u8, f64)> = if g.ir().sticks.dice.is_none() {
            g.sticks_outcomes(n).iter().map(|o| (o.k, o.p)).collect()
        } else if n == g.ir().sticks.count {
            g.chance_outcomes(&s).iter().map(|o| (o.k, o.p)).collect()
        } else {
            Vec::new()
        };
        for (k, p) in outs {
            if let Some(slot) = row.get_mut(k as usize) {
                let v = g.throw_value(TeamId::FIRST, n, k).unwrap_or(0);
                let label = match (g.dice_of(k), g.is_marked_throw(n, k)) {
                    (Some(d), _) => d.iter().map(u8::to_string).collect::<Vec<_>>().join("+"),
                    (None, true) => format!("{v} marked"),
                    (None, false) => v.to_string(),
                };
                *slot = (p, label);
            }
        }
        for (k, slot) in row.iter_mut().enumerate() {
            if slot.1.is_empty() {
                slot.1 = g
                    .throw_value(TeamId::FIRST, n, k as u8)
                    .unwrap_or(0)
                    .to_string();
            }
        }
        if let Some(r) = out.get_mut(n as usize) {
            *r = row;
        }
    }
    out
}

/// The identity of a study of a loaded file.
pub(crate) fn study_info(
    l: &Loaded,
    seed: u64,
    games: u64,
    max_turns: u32,
    players: &Players,
) -> StudyInfo {
    let ir = &l.ir;
    let fire = firable(ir);
    StudyInfo {
        game: ir.game.clone(),
        file: l.path.display().to_string(),
        hash: l.hash.clone(),
        seed,
        games,
        max_turns,
        readings: ir
            .readings
            .iter()
            .map(|r| format!("{}={}", r.id, r.options[r.chosen].0))
            .collect(),
        params: ir
            .params
            .iter()
            .map(|p| format!("{}={}", p.name, p.value))
            .collect(),
        agents: players.kinds.iter().map(|k| k.name().to_string()).collect(),
        teams: ir.teams.iter().map(|t| t.name.clone()).collect(),
        rules: ir
            .rules
            .iter()
            .enumerate()
            .map(|(i, r)| {
                (
                    r.id.clone(),
                    r.status.as_str().to_string(),
                    fire[i],
                    !r.statements.is_empty(),
                )
            })
            .collect(),
        exact: exact_throws(ir),
        face: ir.sticks.faces[0].clone(),
        p: ir.sticks.p,
        value: ir.sticks.value.value,
        colours: ir.teams.iter().map(|t| t.colour_face()).collect(),
        shown: (0..2)
            .map(|t| crate::view::team_colour_hex(ir, t))
            .collect(),
        refusals: false,
        bears_off: !ir.bear_off.is_empty(),
    }
}

/// A distribution summary of a count per game.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
pub struct Dist {
    /// Games counted.
    pub n: u64,
    /// Mean.
    pub mean: f64,
    /// 95% interval of the mean (normal approximation).
    pub ci: (f64, f64),
    /// Standard deviation.
    pub sd: f64,
    /// Median.
    pub median: f64,
    /// 90th percentile (nearest rank).
    pub p90: f64,
    /// Smallest.
    pub min: u64,
    /// Largest.
    pub max: u64,
}

/// Summarises a histogram (value → count).
pub fn dist(h: &BTreeMap<u64, u64>) -> Dist {
    let n: u64 = h.values().sum();
    if n == 0 {
        return Dist::default();
    }
    let sum: f64 = h.iter().map(|(v, c)| *v as f64 * *c as f64).sum();
    let mean = sum / n as f64;
    let var = if n > 1 {
        h.iter()
            .map(|(v, c)| (*v as f64 - mean).powi(2) * *c as f64)
            .sum::<f64>()
            / (n - 1) as f64
    } else {
        0.0
    };
    let sd = var.sqrt();
    let half = Z95 * sd / (n as f64).sqrt();
    let nth = |rank: u64| -> u64 {
        // rank is 1-based
        let mut cum = 0;
        for (v, c) in h {
            cum += c;
            if cum >= rank {
                return *v;
            }
        }
        *h.keys().next_back().unwrap_or(&0)
    };
    let median = if n % 2 == 1 {
        nth(n / 2 + 1) as f64
    } else {
        (nth(n / 2) as f64 + nth(n / 2 + 1) as f64) / 2.0
    };
    let p90 = nth((9 * n).div_ceil(10).max(1)) as f64;
    Dist {
        n,
        mean,
        ci: (mean - half, mean + half),
        sd,
        median,
        p90,
        min: *h.keys().next().unwrap_or(&0),
        max: *h.keys().next_back().unwrap_or(&0),
    }
}

/// How often one rule fired.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RuleFiring {
    /// ID.
    pub id: String,
    /// Status.
    pub status: String,
    /// Can it produce an event at all?
    pub firable: bool,
    /// Has statements in force?
    pub active: bool,
    /// Actions in which it fired.
    pub fires: u64,
    /// Mean per game (`None`: no game).
    pub per_game: Option<f64>,
    /// Share of games in which it fired.
    pub games: Rate,
    /// Moves it refused at the decision positions visited (`None`: not counted).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub refused: Option<u64>,
}

/// The moves refused at a study's decision positions, when counted: each live piece of the
/// team to play with each distinct throw in hand is a move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RefusalSummary {
    /// Decision positions examined.
    pub positions: u64,
    /// Moves looked at.
    pub moves: u64,
    /// The share of them refused.
    pub refused: Rate,
    /// Refused moves whose reasons name no rule (a language default or the position).
    pub by_no_rule: u64,
}

/// Observed frequency of one throw against its exact probability.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ThrowFreq {
    /// Sticks thrown.
    pub sticks: u8,
    /// Sticks showing the first face.
    pub k: u8,
    /// Value (for the first team; with values by own colour, the second team's differs).
    pub value: String,
    /// Observed share of throws of this many sticks.
    pub observed: Rate,
    /// Exact probability.
    pub exact: f64,
    /// Is the exact probability inside the observed interval?
    pub consistent: bool,
}

/// Throws before a team's first piece could move.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FirstMove {
    /// Team.
    pub team: String,
    /// Over games where it could move.
    pub throws: Dist,
    /// Games that ended before it could.
    pub never: u64,
}

/// A team's wins.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TeamWins {
    /// Team.
    pub team: String,
    /// Wins among completed games.
    pub of_completed: Rate,
    /// Wins among all games.
    pub of_all: Rate,
}

/// Every metric of a study.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Metrics {
    /// What was studied.
    pub study: StudyInfo,
    /// Game indices played (the whole study, or one shard).
    pub range: (u64, u64),
    /// Games finished before the cap: won or drawn.
    pub completion: Rate,
    /// Games stopped by the cap.
    pub timeouts: Rate,
    /// Games drawn.
    #[serde(default = "Rate::none")]
    pub draws: Rate,
    /// Games ended in a deadlock (nothing could change any more).
    #[serde(default = "Rate::none")]
    pub deadlocks: Rate,
    /// Games the engine could not finish.
    pub aborted: u64,
    /// Wins per team.
    pub wins: Vec<TeamWins>,
    /// A warning when fewer than 90% of the games finished: the figures over completed
    /// games then describe a selected minority.
    pub warning: Option<String>,
    /// What ended the completed games: each win rule and phase, with its share of them.
    pub endings: Vec<Ending>,
    /// 1 − |P(first team wins) − P(second team wins)| over completed games (`None`: no
    /// completed game).
    pub balance: Option<f64>,
    /// P(first team wins | completed).
    pub first_team: Rate,
    /// P(first team wins | completed) − ½, with its interval (`None`: no completed game).
    pub first_team_advantage: Option<(f64, f64, f64)>,
    /// Seat turns of completed games.
    pub turns: Dist,
    /// Throws of completed games.
    pub throws: Dist,
    /// Share of decision positions with more than one choice.
    pub decision_moves: Rate,
    /// Lead changes per game.
    pub lead_changes: Dist,
    /// Landing captures (removing the piece or sending it home), per game.
    pub captures: Dist,
    /// Pieces removed by a throw's effect (`remove opposing piece`), per game.
    pub removals: Dist,
    /// Pieces sent home per game (a landing capture that sends home counts among the
    /// captures too).
    pub send_homes: Dist,
    /// Pieces lost out of the game per game by each team (captured or removed; `None`:
    /// no game).
    pub lost_per_game: Vec<(String, Option<f64>)>,
    /// Pieces sent home per game, by each team.
    pub sent_home_per_game: Vec<(String, Option<f64>)>,
    /// Pieces borne off the board per game (by its end), by each team; empty when the file
    /// bears no piece off.
    #[serde(default)]
    pub borne_off_per_game: Vec<(String, Option<f64>)>,
    /// Every rule's firing.
    pub rules: Vec<RuleFiring>,
    /// Rules that can fire, are in force, and never fired.
    pub never_fired: Vec<String>,
    /// Rules in force whose statements produce no event.
    pub silent: Vec<String>,
    /// Rules with no statement under the readings in force.
    pub inactive: Vec<String>,
    /// Observed throw frequencies against exact probabilities.
    pub throw_freq: Vec<ThrowFreq>,
    /// Throws before each team's first piece could move.
    pub first_move: Vec<FirstMove>,
    /// Turns of completed games as (turns, games), in increasing turns, for plots (a list,
    /// so that no JSON reader sorts the turns as text).
    pub turns_hist: Vec<(u64, u64)>,
    /// Luck share, when measured (`--luck-games`).
    pub luck: Option<Luck>,
    /// The moves the rules refused, when counted (`--refusals`).
    #[serde(default)]
    pub refusals: Option<RefusalSummary>,
    /// The raw counts (for merging and comparing).
    pub acc: Acc,
}

/// What ended some of a study's completed games.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ending {
    /// The rule of the win, by ID.
    pub rule: String,
    /// The phase the game ended in.
    pub phase: String,
    /// Its games among the completed ones.
    pub games: Rate,
}

/// Each rule's firing (and refusals, when counted) from the raw counts.
fn rule_firings(info: &StudyInfo, acc: &Acc) -> Vec<RuleFiring> {
    info.rules
        .iter()
        .enumerate()
        .map(|(i, (id, status, firable, active))| {
            let fires = acc.rule_fires.get(i).copied().unwrap_or(0);
            RuleFiring {
                id: id.clone(),
                status: status.clone(),
                firable: *firable,
                active: *active,
                fires,
                per_game: (acc.games > 0).then(|| fires as f64 / acc.games as f64),
                games: Rate::new(acc.rule_games.get(i).copied().unwrap_or(0), acc.games),
                refused: acc
                    .refusals
                    .as_ref()
                    .map(|r| r.per_rule.get(i).copied().unwrap_or(0)),
            }
        })
        .collect()
}

/// Derives the metrics from raw counts.
pub fn derive(info: &StudyInfo, range: (u64, u64), acc: &Acc) -> Metrics {
    let completed = acc.completed;
    let wins: Vec<TeamWins> = (0..2)
        .map(|t| TeamWins {
            team: info.teams.get(t).cloned().unwrap_or_default(),
            of_completed: Rate::new(acc.wins[t], completed),
            of_all: Rate::new(acc.wins[t], acc.games),
        })
        .collect();
    let p0 = wins[0].of_completed.p;
    let p1 = wins[1].of_completed.p;
    let first = Rate::new(acc.wins[0], completed);
    let rules = rule_firings(info, acc);
    let never_fired = rules
        .iter()
        .filter(|r| r.firable && r.active && r.fires == 0)
        .map(|r| r.id.clone())
        .collect();
    let silent = rules
        .iter()
        .filter(|r| !r.firable && r.active)
        .map(|r| r.id.clone())
        .collect();
    let inactive = rules
        .iter()
        .filter(|r| !r.active)
        .map(|r| r.id.clone())
        .collect();
    let mut throw_freq = Vec::new();
    for (n, row) in acc.throw_counts.iter().enumerate() {
        let total: u64 = row.iter().sum();
        if total == 0 {
            continue;
        }
        let codes = info.exact.get(n).map_or(n + 1, Vec::len);
        for k in 0..codes {
            let c = row.get(k).copied().unwrap_or(0);
            let given = info.exact.get(n).and_then(|r| r.get(k));
            let exact = given.map_or_else(
                || super::rulebook::binom_p(n as u8, k as u8, info.p),
                |g| g.0,
            );
            let observed = Rate::new(c, total);
            let value = |t: usize| {
                info.value
                    .throw_value(info.colours.get(t).copied().flatten(), k as u8, n as u8)
            };
            let v = if let Some(g) = given {
                g.1.clone()
            } else if info.value == ValueRule::OwnColour {
                format!("{}/{}", value(0), value(1))
            } else {
                value(0).to_string()
            };
            throw_freq.push(ThrowFreq {
                sticks: n as u8,
                k: k as u8,
                value: v,
                observed,
                exact,
                consistent: exact >= observed.lo - 1e-12 && exact <= observed.hi + 1e-12,
            });
        }
    }
    let per_game = |x: u64| (acc.games > 0).then(|| x as f64 / acc.games as f64);
    let completion = Rate::new(completed, acc.games);
    let warning = (acc.games > 0 && completion.p < 0.9).then(|| {
        format!(
            "only {} of the games finished (won or drawn; timeouts {}, deadlocks {}, aborted {}): figures over finished games describe a selected minority",
            completion.pct(),
            acc.timeouts,
            acc.deadlocks,
            acc.aborted
        )
    });
    let endings = acc
        .endings
        .iter()
        .map(|(k, &n)| {
            let (rule, phase) = k.split_once('@').unwrap_or((k.as_str(), ""));
            Ending {
                rule: rule.to_string(),
                phase: phase.to_string(),
                games: Rate::new(n, completed),
            }
        })
        .collect();
    let team = |t: usize| info.teams.get(t).cloned().unwrap_or_default();
    Metrics {
        study: info.clone(),
        range,
        completion,
        timeouts: Rate::new(acc.timeouts, acc.games),
        draws: Rate::new(acc.draws, acc.games),
        deadlocks: Rate::new(acc.deadlocks, acc.games),
        aborted: acc.aborted,
        warning,
        endings,
        balance: (completed > 0).then(|| 1.0 - (p0 - p1).abs()),
        first_team: first,
        first_team_advantage: (completed > 0).then_some((
            first.p - 0.5,
            first.lo - 0.5,
            first.hi - 0.5,
        )),
        wins,
        turns: dist(&acc.turns),
        throws: dist(&acc.throws),
        decision_moves: Rate::new(acc.choice_nodes, acc.decision_nodes),
        lead_changes: dist(&acc.lead_changes),
        captures: dist(&acc.captures),
        removals: dist(&acc.removals),
        send_homes: dist(&acc.send_homes),
        lost_per_game: (0..2).map(|t| (team(t), per_game(acc.lost[t]))).collect(),
        sent_home_per_game: (0..2)
            .map(|t| (team(t), per_game(acc.sent_home[t])))
            .collect(),
        borne_off_per_game: if info.bears_off {
            (0..2)
                .map(|t| (team(t), per_game(acc.borne_off[t])))
                .collect()
        } else {
            Vec::new()
        },
        rules,
        never_fired,
        silent,
        inactive,
        throw_freq,
        first_move: (0..2)
            .map(|t| FirstMove {
                team: team(t),
                throws: dist(&acc.first_move[t]),
                never: acc.never_moved[t],
            })
            .collect(),
        turns_hist: acc.turns.iter().map(|(&k, &v)| (k, v)).collect(),
        luck: None,
        refusals: acc.refusals.as_ref().map(|r| RefusalSummary {
            positions: r.positions,
            moves: r.moves,
            refused: Rate::new(r.refused, r.moves),
            by_no_rule: r.by_no_rule,
        }),
        acc: acc.clone(),
    }
}

/// How much of the game is luck: a strong agent against random play.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Luck {
    /// The strong agent.
    pub player: String,
    /// Games played (half with each team).
    pub games: u64,
    /// The strong agent's wins among finished games.
    pub wins: Rate,
    /// Games unfinished (turn cap or engine limit).
    pub unfinished: u64,
    /// Skill share max(0, 2w − 1) (0: a strong player does no better than chance, 1: it
    /// always wins), with its interval from the Wilson interval of w; within 0..=1.
    /// `None` with no finished game: nothing was measured.
    pub skill: Option<(f64, f64, f64)>,
    /// Luck share 1 − skill, with its interval; within 0..=1 (`None` with no finished game).
    pub luck: Option<(f64, f64, f64)>,
}

/// Plays `games` games of `player` against random play, alternating teams (the agents
/// module's series: game `i` from `Streams::for_game(seed, i)`), and derives the luck share.
pub fn luck(
    g: &Game,
    player: AgentKind,
    games: u64,
    seed: u64,
    max_turns: u32,
    jobs: usize,
) -> Result<Luck, WorkerPanic> {
    let r = crate::matches::series(
        g,
        player,
        AgentKind::Random,
        Budget::default(),
        games,
        seed,
        max_turns,
        jobs,
    )?;
    let wins = Rate::new(r.wins, r.wins + r.losses);
    // A player worse than chance shows no skill, rather than a negative one: the shares
    // are proportions.
    let share = |w: f64| (2.0 * w - 1.0).clamp(0.0, 1.0);
    let skill = (wins.n > 0).then(|| (share(wins.p), share(wins.lo), share(wins.hi)));
    Ok(Luck {
        player: player.name().to_string(),
        games,
        wins,
        unfinished: r.unfinished,
        skill,
        luck: skill.map(|s| (1.0 - s.0, 1.0 - s.2, 1.0 - s.1)),
    })
}

/// Games a study that hands its games on ([`Study::run_streaming`]) plays between two
/// hand-overs: all it holds of them in memory, whatever the study's size.
pub(crate) const GAMES_BLOCK: u64 = 4096;

/// A study's games in brief as they are played: called with the index of the first game and
/// the briefs of the next games, in game order; `false` stops the study.
pub type GameSink<'a> = &'a mut dyn FnMut(u64, &[GameBrief]) -> bool;

/// What a study plays: how many games from which seed, with what cap, players and
/// threads, which of its games (a shard), and what it keeps. Built once by a front end
/// (the command line, the web page) and handed to [`Study::run`], [`compare::compare`]
/// and [`each::each_reading`](super::each::each_reading); `Study::new(games)` plays them
/// from seed 1 under [`driver::MAX_TURNS`], random against random, on one thread.
///
/// [`compare::compare`]: super::compare::compare
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Study {
    /// Games of the whole study.
    pub games: u64,
    /// The study's seed (game *i* is seeded from it and *i*).
    pub seed: u64,
    /// Seat turns after which a game is stopped.
    pub max_turns: u32,
    /// Who plays.
    pub players: Players,
    /// Worker threads.
    pub jobs: usize,
    /// The games played, `[from, to)` (a shard); `None`: all of them.
    pub range: Option<(u64, u64)>,
    /// Keep each game in brief (for `--games`).
    pub keep_games: bool,
    /// Count the moves the rules refuse too (slower).
    pub refusals: bool,
}

impl Study {
    /// `games` games from seed 1 under the common turn cap, random against random.
    pub fn new(games: u64) -> Self {
        Study {
            games,
            seed: 1,
            max_turns: driver::MAX_TURNS,
            players: Players::default(),
            jobs: 1,
            range: None,
            keep_games: false,
            refusals: false,
        }
    }
    /// From this seed.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }
    /// Under this turn cap.
    pub fn max_turns(mut self, max_turns: u32) -> Self {
        self.max_turns = max_turns;
        self
    }
    /// With these players.
    pub fn players(mut self, players: Players) -> Self {
        self.players = players;
        self
    }
    /// On this many threads (at least one).
    pub fn jobs(mut self, jobs: usize) -> Self {
        self.jobs = jobs.max(1);
        self
    }
    /// Only the games `range` (a shard).
    pub fn range(mut self, range: Option<(u64, u64)>) -> Self {
        self.range = range;
        self
    }
    /// Keeping each game in brief.
    pub(crate) fn keep_games(mut self, keep: bool) -> Self {
        self.keep_games = keep;
        self
    }
    /// Counting refused moves.
    pub fn refusals(mut self, refusals: bool) -> Self {
        self.refusals = refusals;
        self
    }

    /// Runs the study (or its range) of the file `l` played as `g`: its metrics, and its
    /// games in brief when kept (in game order). `progress`, if given, is told how far the
    /// games have got.
    pub fn run(
        &self,
        l: &Loaded,
        g: &Game,
        progress: Option<&dyn Progress>,
    ) -> Result<(Metrics, Vec<GameBrief>), WorkerPanic> {
        let range = self.range.unwrap_or((0, self.games));
        let (acc, briefs) = with_progress(range.1 - range.0, progress, |done| {
            self.play(g, range, self.keep_games, done)
        })?;
        Ok((derive(&self.info(l), range, &acc), briefs))
    }

    /// [`Study::run`]'s metrics alone.
    pub fn metrics(
        &self,
        l: &Loaded,
        g: &Game,
        progress: Option<&dyn Progress>,
    ) -> Result<Metrics, WorkerPanic> {
        self.run(l, g, progress).map(|(m, _)| m)
    }

    /// Runs the study (or its range) handing each game in brief to `sink` as it is played,
    /// in game order, in blocks of `GAMES_BLOCK` games (for `--games`): memory stays flat
    /// in the study's size, whatever `Study::keep_games` says. `Ok(None)` when the sink
    /// stopped the study. The figures are those of [`Study::run`], since every count is a
    /// sum.
    pub fn run_streaming(
        &self,
        l: &Loaded,
        g: &Game,
        progress: Option<&dyn Progress>,
        sink: GameSink<'_>,
    ) -> Result<Option<Metrics>, WorkerPanic> {
        let range = self.range.unwrap_or((0, self.games));
        let acc = with_progress(range.1 - range.0, progress, |done| {
            let mut acc = Acc::new(g.ir().rules.len());
            let mut at = range.0;
            while at < range.1 {
                let to = at.saturating_add(GAMES_BLOCK).min(range.1);
                let (block, briefs) = self.play(g, (at, to), true, done)?;
                // Counts of at most 2^64 actions of games cannot overflow a u64 sum.
                let _ = acc.merge(&block);
                if !sink(at, &briefs) {
                    return Ok(None);
                }
                at = to;
            }
            Ok(Some(acc))
        })?;
        Ok(acc.map(|acc| derive(&self.info(l), range, &acc)))
    }

    /// What the study's metrics say of it.
    fn info(&self, l: &Loaded) -> StudyInfo {
        let mut info = study_info(l, self.seed, self.games, self.max_turns, &self.players);
        info.refusals = self.refusals;
        info
    }

    /// Plays the games `range`, counting, keeping them in brief if `keep`.
    fn play(
        &self,
        g: &Game,
        range: (u64, u64),
        keep: bool,
        done: &Tally,
    ) -> Result<(Acc, Vec<GameBrief>), WorkerPanic> {
        run_games_counting(
            g,
            self.seed,
            range,
            self.max_turns,
            &self.players,
            self.jobs,
            keep,
            Some(done),
            self.refusals,
        )
    }
}

/// Watches a study as it runs, so that a front end can show how far it has got (the
/// terminal draws a bar); the tools only report to it.
pub trait Progress: Sync {
    /// The arm `label` of a comparison begins.
    fn arm(&self, label: &str) {
        let _ = label;
    }
    /// `done` of `total` games are finished, `secs` seconds after the run began.
    fn tick(&self, done: u64, total: u64, secs: f64);
    /// The run is over (after a last [`Progress::tick`]).
    fn end(&self);
    /// Should the run stop now (asked at each tick)? A stopped run's figures cover only
    /// the games played, so its caller must not report them as the study's.
    fn cancelled(&self) -> bool {
        false
    }
}

/// How many games of a run are done, and whether its watcher asked it to stop (the
/// games under way finish; no game starts after).
#[derive(Debug, Default)]
pub struct Tally {
    /// Games done.
    pub done: AtomicU64,
    /// Stop before the next game.
    pub stop: std::sync::atomic::AtomicBool,
}

/// Runs `f` while `progress` (if any) is told every 200 ms how many of `total` games are done.
/// A progress thread the system cannot start is left out: the study runs without it (it
/// only watches), rather than failing or panicking.
pub(crate) fn with_progress<T>(
    total: u64,
    progress: Option<&dyn Progress>,
    f: impl FnOnce(&Tally) -> T,
) -> T {
    let done = Tally::default();
    let Some(progress) = progress.filter(|_| total > 0) else {
        return f(&done);
    };
    let finished = std::sync::atomic::AtomicBool::new(false);
    std::thread::scope(|sc| {
        let bar = std::thread::Builder::new().spawn_scoped(sc, || {
            let start = std::time::Instant::now();
            loop {
                if progress.cancelled() {
                    done.stop.store(true, Ordering::Relaxed);
                }
                progress.tick(
                    done.done.load(Ordering::Relaxed),
                    total,
                    start.elapsed().as_secs_f64(),
                );
                if finished.load(Ordering::Relaxed) {
                    progress.end();
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(200));
            }
        });
        let out = f(&done);
        finished.store(true, Ordering::Relaxed);
        if let Ok(bar) = bar {
            let _ = bar.join();
        }
        out
    })
}

fn f1(x: f64) -> String {
    format!("{x:.1}")
}

/// The metrics as a table for people.
pub fn render(m: &Metrics) -> String {
    let mut o = String::new();
    render_study(&mut o, m);
    render_outcomes(&mut o, m);
    render_play(&mut o, m);
    render_rules(&mut o, m);
    render_throws(&mut o, m);
    o
}

/// The study: game, file, games, seed, turn cap, agents, readings and params.
fn render_study(o: &mut String, m: &Metrics) {
    use std::fmt::Write;
    let s = &m.study;
    let _ = writeln!(o, "{} — {}", s.game, s.file);
    let _ = writeln!(
        o,
        "games {}..{} of {}, seed {}, turn cap {}, agents {}, file sha256 {}",
        m.range.0,
        m.range.1,
        s.games,
        s.seed,
        s.max_turns,
        s.agents.join(" vs "),
        s.hash
    );
    if !s.readings.is_empty() {
        let _ = writeln!(o, "readings: {}", s.readings.join(" "));
    }
    if !s.params.is_empty() {
        let _ = writeln!(o, "params:   {}", s.params.join(" "));
    }
}

/// One line of the text table: a rate as `label   k of n   pct [interval]`.
fn rate_line(o: &mut String, label: &str, r: &Rate) {
    use std::fmt::Write as _;
    let _ = writeln!(o, "{label:<20}  {:>7} of {:<7} {}", r.k, r.n, r.pct());
}

/// How games ended: completion, timeouts, wins, balance and the first team's advantage.
fn render_outcomes(o: &mut String, m: &Metrics) {
    use std::fmt::Write;
    let s = &m.study;
    let _ = writeln!(
        o,
        "\nrates with 95% Wilson intervals; means with 95% normal intervals"
    );
    rate_line(o, "completion", &m.completion);
    rate_line(o, "timeouts (turn cap)", &m.timeouts);
    if m.deadlocks.k > 0 {
        rate_line(o, "deadlocks", &m.deadlocks);
    }
    if m.draws.k > 0 {
        rate_line(o, "draws", &m.draws);
    }
    let _ = writeln!(
        o,
        "aborted (engine)      {:>7} of {:<7}",
        m.aborted, m.completion.n
    );
    if let Some(w) = &m.warning {
        let _ = writeln!(o, "warning: {w}");
    }
    for e in &m.endings {
        let _ = writeln!(
            o,
            "ended by {:<12} {:>7} of {:<7} {} of finished (phase {})",
            e.rule,
            e.games.k,
            e.games.n,
            e.games.pct(),
            e.phase
        );
    }
    for w in &m.wins {
        let _ = writeln!(
            o,
            "wins {:<16} {:>7} of {:<7} {} of finished",
            w.team,
            w.of_completed.k,
            w.of_completed.n,
            w.of_completed.pct()
        );
    }
    let _ = writeln!(
        o,
        "balance               {}  (1 − |difference of win rates|)",
        m.balance.map_or("—".to_string(), |b| format!("{b:.3}"))
    );
    let first = s.teams.first().map_or("", String::as_str);
    match m.first_team_advantage {
        Some((a, lo, hi)) => {
            let _ = writeln!(
                o,
                "first-team advantage  {:+.1} points [{:+.1}, {:+.1}]  ({first} throws first)",
                100.0 * a,
                100.0 * lo,
                100.0 * hi,
            );
        }
        None => {
            let _ = writeln!(o, "first-team advantage  —  (no finished game)");
        }
    }
}

/// One distribution on a line: mean and interval, median, p90, range and count.
fn dist_line(o: &mut String, name: &str, d: &Dist) {
    use std::fmt::Write;
    if d.n == 0 {
        let _ = writeln!(o, "{name:<21} —  (n=0)");
        return;
    }
    let _ = writeln!(
        o,
        "{name:<21} mean {} [{}, {}]  median {}  p90 {}  min {}  max {}  (n={})",
        f1(d.mean),
        f1(d.ci.0),
        f1(d.ci.1),
        f1(d.median),
        f1(d.p90),
        d.min,
        d.max,
        d.n
    );
}

/// How games went: lengths, decisions, lead changes, captures, first moves and luck.
fn render_play(o: &mut String, m: &Metrics) {
    use std::fmt::Write;
    dist_line(o, "turns (finished)", &m.turns);
    dist_line(o, "throws (finished)", &m.throws);
    let _ = writeln!(
        o,
        "decision moves        {} of positions have more than one choice ({} of {})",
        m.decision_moves.pct(),
        m.decision_moves.k,
        m.decision_moves.n
    );
    dist_line(o, "lead changes / game", &m.lead_changes);
    dist_line(o, "captures / game", &m.captures);
    dist_line(o, "removals / game", &m.removals);
    dist_line(o, "send-homes / game", &m.send_homes);
    for ((t, x), (_, h)) in m.lost_per_game.iter().zip(&m.sent_home_per_game) {
        let per = |v: &Option<f64>| v.map_or("—".to_string(), |v| format!("{v:.2}"));
        let _ = writeln!(
            o,
            "  {t}: {} pieces lost, {} sent home per game",
            per(x),
            per(h)
        );
    }
    for (t, x) in &m.borne_off_per_game {
        let per = x.map_or("—".to_string(), |v| format!("{v:.2}"));
        let _ = writeln!(o, "  {t}: {per} pieces borne off per game");
    }
    for f in &m.first_move {
        if f.throws.n == 0 {
            let _ = writeln!(
                o,
                "first move, {:<10} —  (never in {} game(s))",
                f.team, f.never
            );
            continue;
        }
        let _ = writeln!(
            o,
            "first move, {:<10} {} throws [{}, {}] (median {}, p90 {}) before a piece can move{}",
            f.team,
            format_args!("{:.2}", f.throws.mean),
            format_args!("{:.2}", f.throws.ci.0),
            format_args!("{:.2}", f.throws.ci.1),
            f1(f.throws.median),
            f1(f.throws.p90),
            if f.never > 0 {
                format!("; never in {} game(s)", f.never)
            } else {
                String::new()
            }
        );
    }
    if let Some(lk) = &m.luck {
        match (lk.luck, lk.skill) {
            (Some(l), Some(sk)) => {
                let _ = writeln!(
                    o,
                    "luck share            {:.2} [{:.2}, {:.2}]  ({} wins {} against random; skill {:.2}; {} games, {} unfinished)",
                    l.0,
                    l.1,
                    l.2,
                    lk.player,
                    lk.wins.pct(),
                    sk.0,
                    lk.games,
                    lk.unfinished
                );
            }
            _ => {
                let _ = writeln!(
                    o,
                    "luck share            —  (no finished game of {} against random: {} games, {} unfinished)",
                    lk.player, lk.games, lk.unfinished
                );
            }
        }
    }
}

/// Each rule's firing, and the rules that never fired.
fn render_rules(o: &mut String, m: &Metrics) {
    use std::fmt::Write;
    let _ = writeln!(
        o,
        "\nrule firing (actions naming the rule, each counted once; games in which it fired):"
    );
    for r in &m.rules {
        let note = if !r.active {
            "  (no statement under these readings)".to_string()
        } else if !r.firable {
            "  (silent: its statements produce no event)".to_string()
        } else if r.fires == 0 {
            "  NEVER FIRED".to_string()
        } else {
            String::new()
        };
        let refused = r
            .refused
            .map_or(String::new(), |x| format!("  refused {x:>9} moves"));
        if !r.firable || !r.active {
            // No firing to show; a rule that produces no event may still forbid moves.
            let refused = match r.refused {
                Some(x) if x > 0 => format!("{:>48}{refused}", ""),
                _ => String::new(),
            };
            let _ = writeln!(o, "  {:<10} {:<13}{refused}{note}", r.id, r.status);
            continue;
        }
        let _ = writeln!(
            o,
            "  {:<10} {:<13} {:>10} actions  {:>8}/game  {}{refused}{note}",
            r.id,
            r.status,
            r.fires,
            r.per_game.map_or("—".to_string(), |x| format!("{x:.2}")),
            r.games.pct()
        );
    }
    if let Some(rf) = &m.refusals {
        let _ = writeln!(
            o,
            "refused moves: {} of {} moves ({}) at {} decision positions (a move: a piece with one throw in hand); {} by no rule (a language default or the position)",
            rf.refused.k,
            rf.moves,
            rf.refused.pct(),
            rf.positions,
            rf.by_no_rule
        );
    }
    let _ = writeln!(
        o,
        "never fired: {}",
        if m.never_fired.is_empty() {
            "none".to_string()
        } else {
            m.never_fired.join(", ")
        }
    );
}

/// Each throw's observed share against its exact probability.
fn render_throws(o: &mut String, m: &Metrics) {
    use std::fmt::Write;
    let s = &m.study;
    let _ = writeln!(
        o,
        "\nthrows: observed share [95% interval] vs exact probability"
    );
    let mut last = 0;
    for t in &m.throw_freq {
        // A throw of dice is written as its dice (`1+4`); the marked stick's as `1 marked`.
        let dice = t.value.contains('+');
        if t.sticks != last {
            last = t.sticks;
            let total: u64 = t.observed.n;
            let what = if dice { "dice" } else { "sticks" };
            let _ = writeln!(o, "  {} {what} ({} throws):", t.sticks, total);
        }
        let shown = if dice || t.k > t.sticks {
            String::new()
        } else {
            format!(" ({:>2} {})", t.k, s.face)
        };
        let _ = writeln!(
            o,
            "    value {:>5}{shown}: {:>8.4}% [{:.4}, {:.4}]  exact {:.4}%{}",
            t.value,
            100.0 * t.observed.p,
            100.0 * t.observed.lo,
            100.0 * t.observed.hi,
            100.0 * t.exact,
            if t.consistent {
                ""
            } else {
                "  outside the interval"
            }
        );
    }
}

/// The games of shard `k` (1-based) of `n` in a study of `games` games.
pub fn shard_range(games: u64, k: u64, n: u64) -> (u64, u64) {
    let at = |i: u64| ((games as u128 * i as u128) / n as u128) as u64;
    (at(k - 1), at(k))
}

/// A shard of a study, as written by `--out` and read by `seig merge`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShardFile {
    /// Format tag.
    pub format: String,
    /// What was studied.
    pub study: StudyInfo,
    /// Games played.
    pub range: (u64, u64),
    /// Raw counts.
    pub acc: Acc,
}

/// The format tag of shard files.
/// (2: games seeded by `Streams::for_game`, files identified by SHA-256; a shard of
/// format 1 played other games and does not merge.)
/// (3: captures, removals and send-homes counted apart, rules once per action, endings
/// credited; a shard of format 2 counted otherwise and does not merge.)
/// (4: pieces lost per game kept as a histogram per team, for the report's plot; a shard
/// of format 3 lacks it and does not merge.)
/// (5: a draw is a finished game, and a capture that sends home is a capture; a shard of
/// format 4 counted otherwise and does not merge.)
pub const SHARD_FORMAT: &str = "seig-study-shard-5";

/// Why shards do not merge into one study.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// No shard was given.
    #[error("no shard given")]
    NoShard,
    /// Shard `shard` (1-based) is some other kind of file.
    #[error("shard {shard} is not a seig study shard (format `{format}`)")]
    Format {
        /// Which shard, from 1.
        shard: usize,
        /// Its format tag.
        format: String,
    },
    /// Shard `0` (1-based) studies another file, seed, size or choice.
    #[error(
        "shard {0} belongs to another study (file, seed, games, turn cap, readings, params or agents differ)"
    )]
    OtherStudy(usize),
    /// Two shards both played the game.
    #[error("shards overlap at game {0}")]
    Overlap(u64),
    /// No shard played these games.
    #[error("games {0}..{1} are missing")]
    Missing(u64, u64),
    /// A shard's study is not one seig writes (not two teams, games outside the study).
    #[error("shard {shard} is damaged: {why}")]
    Damaged {
        /// Which shard, from 1.
        shard: usize,
        /// What is wrong.
        why: String,
    },
    /// Merged counts would overflow.
    #[error("the shards' counts overflow when added (a damaged or tampered shard)")]
    Overflow,
}

/// Merges shards of one study; `Err` says why they do not fit together.
pub fn merge_shards(shards: &[ShardFile]) -> Result<Metrics, MergeError> {
    let first = shards.first().ok_or(MergeError::NoShard)?;
    for (i, s) in shards.iter().enumerate() {
        if s.format != SHARD_FORMAT {
            return Err(MergeError::Format {
                shard: i + 1,
                format: crate::terminal::escape(&s.format.chars().take(80).collect::<String>())
                    .into_owned(),
            });
        }
        let damaged = |why: String| MergeError::Damaged { shard: i + 1, why };
        // Before the studies are compared: NaN equals nothing, not even itself.
        let p = s.study.p;
        if !(0.0..=1.0).contains(&p) {
            return Err(damaged(format!(
                "its face probability {p} is not a probability (0 to 1)"
            )));
        }
        if s.study.max_turns == 0 {
            return Err(damaged(
                "its turn cap is 0 (a study's is at least 1)".into(),
            ));
        }
        if s.study != first.study {
            return Err(MergeError::OtherStudy(i + 1));
        }
        if s.study.teams.len() != 2 || s.study.colours.len() != 2 {
            return Err(damaged(format!(
                "a study has two teams, this one lists {}",
                s.study.teams.len()
            )));
        }
        let (a, b) = s.range;
        if a > b || b > s.study.games {
            return Err(damaged(format!(
                "games {a}..{b} are not games of a study of {}",
                s.study.games
            )));
        }
        if s.study.refusals != s.acc.refusals.is_some() {
            return Err(damaged(
                "its refusal counts do not match its study (counted or not)".into(),
            ));
        }
        if let Some(why) = s.acc.inconsistency(b - a, s.study.rules.len()) {
            return Err(damaged(why));
        }
    }
    let mut ranges: Vec<(u64, u64)> = shards.iter().map(|s| s.range).collect();
    ranges.sort();
    let mut at = 0;
    for (a, b) in &ranges {
        if *a != at {
            return Err(if *a < at {
                MergeError::Overlap(*a)
            } else {
                MergeError::Missing(at, *a)
            });
        }
        at = *b;
    }
    if at != first.study.games {
        return Err(MergeError::Missing(at, first.study.games));
    }
    let mut acc = Acc::new(first.study.rules.len());
    for s in shards {
        acc.merge(&s.acc).map_err(|_| MergeError::Overflow)?;
    }
    Ok(derive(&first.study, (0, first.study.games), &acc))
}

#[cfg(test)]
mod tests {
    #![allow(clippy::expect_used, reason = "a test may panic on a broken fixture")]
    use super::*;

    fn mini() -> Game {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/fixtures/mini.seig"
        );
        let bytes = std::fs::read(path).expect("rule file");
        let (_, lowered) = seig_lang::load(&bytes, &seig_lang::lower::Selection::default());
        Game::new(lowered.ir.expect("valid rule file"))
    }

    /// A throw is counted by its sticks: once applied, by those the engine noted for it; a
    /// throw refused (never applied, the game aborted), at the end by those of the position
    /// it was refused in. Either way what asking before the throw gives.
    #[test]
    fn throws_applied_or_refused_are_counted_by_their_sticks() {
        let g = mini();
        let s0 = g.initial_state();
        let n = g.sticks_for(&s0) as usize;
        let mut acc = Acc::new(g.ir().rules.len());
        let mut s = s0.clone();
        let mut c = Counter::new(&g, &s, &mut acc);
        c.throw(&g, &s, 2);
        g.apply_throw(&mut s, 2, &mut seig_engine::Quiet)
            .expect("a throw at the start");
        c.thrown(&g, &s);
        let out = Outcome {
            end: End::TurnCap,
            turns: s.turns(),
            throws: 1,
            decisions: 0,
            ending: None,
            ending_origin: None,
            phase: s.phase(),
        };
        c.end(&g, &s, &out);
        assert_eq!(acc.throw_counts.get(n).and_then(|r| r.get(2)), Some(&1));
        assert_eq!(acc.throw_counts.iter().flatten().sum::<u64>(), 1);
        // Refused: the throw hook saw it, nothing applied it.
        let mut acc = Acc::new(g.ir().rules.len());
        let mut c = Counter::new(&g, &s0, &mut acc);
        c.throw(&g, &s0, 3);
        let aborted = Outcome {
            end: End::Aborted("refused".into()),
            ..out
        };
        c.end(&g, &s0, &aborted);
        assert_eq!(acc.throw_counts.get(n).and_then(|r| r.get(3)), Some(&1));
        assert_eq!(acc.throw_counts.iter().flatten().sum::<u64>(), 1);
    }
}
