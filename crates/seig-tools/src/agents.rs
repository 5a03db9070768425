//! Computer players. Each one chooses a [`Decision`] for the seat to move, from the game,
//! the position and a seeded generator, and knows no variant: what it weighs is read from
//! the IR and the state (pieces in the game, progress along each team's track, pieces
//! released and immune, progress towards the holes a win condition names).
//!
//! - `random`: the simulator's protocol (a forced decision draws nothing); it draws from
//!   the game's stream, interleaved with the throws (see [`crate::driver`]).
//! - `greedy`: one ply, the decision whose resulting position evaluates best.
//! - `expectimax`: depth-limited search; throws are chance nodes averaged with the
//!   engine's exact probabilities, decisions maximise for the mover's team and minimise
//!   for the other; iterative deepening within a budget of positions examined.
//! - `mcts`: Monte Carlo tree search with chance nodes (outcomes sampled with their
//!   probabilities), UCT selection, short random rollouts scored by the evaluation;
//!   a budget of iterations.
//!
//! Every agent is deterministic given its generator: same position, same generator state,
//! same decision.
#![expect(
    clippy::indexing_slicing,
    reason = "the IR's phases, rules, rows, classes and reading options are indexed by indices lowering made or a valid state holds, per-team pairs by a `TeamId` (0 or 1), and local buffers by positions their loop, length check or `rng.below(len)` bounds"
)]

use crate::streams::Rng;
use seig_engine::{Decision, Game, Quiet, Stage, State};
use seig_lang::ir::{ByTeam, CellSet, Cond, TeamId};

/// A player that chooses decisions (`Send`, so that a game can move between the web
/// server's worker threads).
pub trait Agent: Send {
    /// What kind of player it is.
    fn kind(&self) -> AgentKind;
    /// A legal decision for the seat to move, or `None` when there is nothing to decide
    /// (not a decision node, or no legal decision).
    fn choose(&mut self, g: &Game, s: &State, rng: &mut Rng) -> Option<Decision>;
    /// [`Agent::choose`] when the caller has listed the legal decisions of `s` already
    /// (in the engine's order); by default they are listed again.
    fn choose_among(
        &mut self,
        g: &Game,
        s: &State,
        legal: &[Decision],
        rng: &mut Rng,
    ) -> Option<Decision> {
        let _ = legal;
        self.choose(g, s, rng)
    }
    /// Does it draw from the game's stream (interleaved with the throws) rather than from
    /// its team's own? Only the random player does: a random game is one stream.
    fn draws_from_game_stream(&self) -> bool {
        false
    }
    /// Does it choose exactly as [`uniform_choice`] does, keeping nothing between choices?
    /// The driver then draws the choice itself rather than calling the agent (same draws,
    /// same decision).
    fn chooses_uniformly(&self) -> bool {
        false
    }
}

/// A uniformly random choice among `legal`: one draw `u` and choice `(u * len) >> 64` when
/// there is more than one, no draw for a forced one (the RNG protocol of
/// [`crate::streams`]); `None` when nothing is legal.
#[inline]
pub fn uniform_choice(legal: &[Decision], rng: &mut Rng) -> Option<Decision> {
    match legal.len() {
        0 => None,
        1 => Some(legal[0]),
        n => Some(legal[rng.below(n)]),
    }
}

/// The kinds of player a seat may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AgentKind {
    /// A person at the terminal.
    Human,
    /// Uniformly random legal decisions.
    Random,
    /// One-ply best evaluation.
    Greedy,
    /// Depth-limited expectimax over throws.
    Expectimax,
    /// Monte Carlo tree search with chance nodes.
    Mcts,
}

/// A player name that is no kind of player ([`AgentKind::parse`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown player `{given}`; expected {}{}",
    AgentKind::ALL.map(AgentKind::name).join(", "),
    hint.as_ref().map_or(String::new(), |h| format!(" ({h})"))
)]
pub struct UnknownPlayer {
    /// The name given.
    pub given: String,
    /// The nearest name, worded ("did you mean …"), when one is near.
    pub hint: Option<String>,
}

impl AgentKind {
    /// Every kind, in order of strength (weakest first, `human` first).
    pub const ALL: [AgentKind; 5] = [
        AgentKind::Human,
        AgentKind::Random,
        AgentKind::Greedy,
        AgentKind::Mcts,
        AgentKind::Expectimax,
    ];
    /// The strongest computer player (by the measured win rates; see the agents tests).
    pub const STRONGEST: AgentKind = AgentKind::Expectimax;

    /// The name used on the command line and in records.
    pub fn name(self) -> &'static str {
        match self {
            AgentKind::Human => "human",
            AgentKind::Random => "random",
            AgentKind::Greedy => "greedy",
            AgentKind::Expectimax => "expectimax",
            AgentKind::Mcts => "mcts",
        }
    }

    /// Parses a name (`human`, `random`, `greedy`, `expectimax`, `mcts`).
    pub fn parse(s: &str) -> Result<AgentKind, UnknownPlayer> {
        let w = s.trim().to_ascii_lowercase();
        AgentKind::ALL
            .into_iter()
            .find(|k| k.name() == w)
            .ok_or_else(|| UnknownPlayer {
                given: s.to_string(),
                hint: seig_lang::diag::suggest(&w, AgentKind::ALL.iter().map(|k| k.name())),
            })
    }

    /// Is it a computer player?
    pub fn is_computer(self) -> bool {
        self != AgentKind::Human
    }
}

impl std::fmt::Display for AgentKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// How hard the computer players think.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Budget {
    /// Positions expectimax may examine per decision (iterative deepening stops at the
    /// deepest search that fits).
    pub nodes: u64,
    /// Deepest expectimax search, in actions (throws and decisions).
    pub max_depth: u32,
    /// MCTS iterations per decision.
    pub iterations: u32,
    /// Actions of the random rollout after each MCTS expansion.
    pub rollout: u32,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            nodes: 4_000,
            max_depth: 5,
            iterations: 400,
            rollout: 4,
        }
    }
}

/// Smallest budget factor ([`Budget::scaled`]): a hundredth of the default.
pub const MIN_BUDGET: f64 = 0.01;
/// Largest budget factor: a hundred times the default (expectimax examines at most
/// 400,000 positions and MCTS runs 40,000 iterations a decision).
pub const MAX_BUDGET: f64 = 100.0;

impl Budget {
    /// The default budget scaled by `factor` (1 = default): nodes and iterations scale.
    /// The factor is kept within [`MIN_BUDGET`]..=[`MAX_BUDGET`]; one that is not a number
    /// gives the default.
    pub fn scaled(factor: f64) -> Budget {
        let d = Budget::default();
        let f = if factor.is_nan() {
            1.0
        } else {
            factor.clamp(MIN_BUDGET, MAX_BUDGET)
        };
        Budget {
            nodes: ((d.nodes as f64) * f).max(1.0) as u64,
            iterations: ((d.iterations as f64) * f).max(1.0) as u32,
            ..d
        }
    }
}

/// A computer player of the given kind (`None` for `human`).
pub fn make(kind: AgentKind, budget: Budget) -> Option<Box<dyn Agent>> {
    Some(match kind {
        AgentKind::Human => return None,
        AgentKind::Random => Box::new(RandomAgent::default()),
        AgentKind::Greedy => Box::new(GreedyAgent::default()),
        AgentKind::Expectimax => Box::new(ExpectimaxAgent::new(budget)),
        AgentKind::Mcts => Box::new(MctsAgent::new(budget)),
    })
}

// ---------------------------------------------------------------------------------------
// Evaluation

/// Value of a won game in evaluation units.
pub(crate) const WIN: f64 = 1_000.0;

const W_PIECE: f64 = 1.0;
const W_PROGRESS: f64 = 0.4;
const W_RELEASED: f64 = 0.15;
const W_IMMUNE: f64 = 0.25;
const W_GOAL: f64 = 0.5;

/// A static evaluation read from the IR: how well a team stands.
#[derive(Debug, Clone)]
pub struct Evaluator {
    /// Track index from which a piece counts as arrived, per team.
    goal: ByTeam<i16>,
    /// Pieces per team.
    pieces: ByTeam<usize>,
    /// Holes a win condition wants landed on (`Won`), per team.
    won_cells: ByTeam<Vec<CellSet>>,
    /// Holes a win condition wants occupied (`Full`), per team.
    full_cells: ByTeam<Vec<CellSet>>,
}

fn count(c: &CellSet) -> u32 {
    c.0.iter().map(|w| w.count_ones()).sum()
}

fn and_count(a: &CellSet, b: &CellSet) -> u32 {
    (0..4).map(|i| (a.0[i] & b.0[i]).count_ones()).sum()
}

impl Evaluator {
    /// Reads the tables from the variant.
    pub fn new(g: &Game) -> Evaluator {
        let ir = g.ir();
        let goal = ir.teams.each_ref().map(|team| {
            let tr = &team.track;
            tr.goal.unwrap_or(tr.cells.len().saturating_sub(1) as u16) as i16
        });
        let pieces = ir.teams.each_ref().map(|team| team.pieces as usize);
        let mut won_cells = ByTeam::new(Vec::new(), Vec::new());
        let mut full_cells = ByTeam::new(Vec::new(), Vec::new());
        for w in &ir.wins {
            for c in &w.when {
                match c {
                    Cond::Won(cells) => {
                        for t in TeamId::BOTH {
                            if count(&cells[t]) > 0 {
                                won_cells[t].push(cells[t]);
                            }
                        }
                    }
                    Cond::Full(cells, _) => {
                        for t in TeamId::BOTH {
                            if count(&cells[t]) > 0 {
                                full_cells[t].push(cells[t]);
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        Evaluator {
            goal,
            pieces,
            won_cells,
            full_cells,
        }
    }

    /// How well `team` stands, on its own.
    fn side(&self, s: &State, t: TeamId) -> f64 {
        let goal = self.goal[t].max(0) as f64 + 1.0;
        let mut v = 0.0;
        for p in s.pieces(t) {
            if !p.alive() {
                continue;
            }
            v += W_PIECE;
            if p.released() {
                v += W_RELEASED;
            }
            if p.immune() {
                v += W_IMMUNE;
            }
            if let Some(i) = p.track_index() {
                v += W_PROGRESS * ((i as f64 + 1.0).min(goal) / goal);
            }
        }
        let scale = W_GOAL * self.pieces[t] as f64;
        for c in &self.won_cells[t] {
            v += scale * and_count(c, &s.landed(t)) as f64 / count(c) as f64;
        }
        for c in &self.full_cells[t] {
            v += scale * and_count(c, &s.occupied(t)) as f64 / count(c) as f64;
        }
        v
    }

    /// The advantage of `team` over the other: positive is good for `team`; a finished
    /// game is worth ±`WIN`.
    pub fn score(&self, s: &State, team: TeamId) -> f64 {
        if let Stage::Over(w) = s.stage() {
            return if w == team { WIN } else { -WIN };
        }
        self.side(s, team) - self.side(s, team.other())
    }

    /// The score mapped to a win estimate in `[0, 1]` for `team`.
    pub fn win_estimate(&self, s: &State, team: TeamId) -> f64 {
        if let Stage::Over(w) = s.stage() {
            return if w == team { 1.0 } else { 0.0 };
        }
        let scale =
            (self.pieces[TeamId::FIRST].max(self.pieces[TeamId::SECOND]) as f64 / 4.0).max(1.0);
        1.0 / (1.0 + (-self.score(s, team) / scale).exp())
    }
}

// ---------------------------------------------------------------------------------------
// Random

/// Uniformly random legal decisions, as the simulator plays.
#[derive(Debug, Default)]
pub struct RandomAgent {
    buf: Vec<Decision>,
}

impl Agent for RandomAgent {
    fn kind(&self) -> AgentKind {
        AgentKind::Random
    }
    fn choose(&mut self, g: &Game, s: &State, rng: &mut Rng) -> Option<Decision> {
        let mut buf = std::mem::take(&mut self.buf);
        g.legal_decisions(s, &mut buf);
        let d = self.choose_among(g, s, &buf, rng);
        self.buf = buf;
        d
    }
    fn choose_among(
        &mut self,
        _g: &Game,
        _s: &State,
        legal: &[Decision],
        rng: &mut Rng,
    ) -> Option<Decision> {
        uniform_choice(legal, rng)
    }
    fn draws_from_game_stream(&self) -> bool {
        true
    }
    fn chooses_uniformly(&self) -> bool {
        true
    }
}

// ---------------------------------------------------------------------------------------
// Greedy

/// The decision whose resulting position evaluates best for the mover (ties by the
/// generator).
#[derive(Debug, Default)]
pub(crate) struct GreedyAgent {
    buf: Vec<Decision>,
}

/// Picks among the best-scoring indices (within a small tolerance) with the generator.
fn pick_best(scores: &[f64], rng: &mut Rng) -> Option<usize> {
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let ties: Vec<usize> = (0..scores.len())
        .filter(|&i| scores[i] >= best - 1e-9)
        .collect();
    match ties.len() {
        0 => None,
        1 => Some(ties[0]),
        n => Some(ties[rng.below(n)]),
    }
}

/// Most decisions of one position a greedy choice scores: beyond it, this many spread
/// evenly over the engine's list (the first always among them). Applying a decision can
/// cost the engine a search of the pool that is left, so this bounds a choice's time in
/// positions of hostile files (tens of thousands of decisions); the bundled games' positions
/// have far fewer (at most 143 in 300 random games of each bundled file).
pub(crate) const MAX_SCORED: usize = 256;

/// The greedy choice among `buf`: the decision whose position scores best for the mover,
/// ties broken by `rng`; at most [`MAX_SCORED`] decisions are scored.
fn greedy_choice(g: &Game, s: &State, buf: &[Decision], rng: &mut Rng) -> Option<Decision> {
    let ev = Evaluator::new(g);
    let n = buf.len();
    let picks: Vec<usize> = if n <= MAX_SCORED {
        (0..n).collect()
    } else {
        (0..MAX_SCORED).map(|i| i * n / MAX_SCORED).collect()
    };
    let scores: Vec<f64> = picks
        .iter()
        .map(|&i| {
            let mut c = s.clone();
            match g.apply_decision(&mut c, buf[i], &mut Quiet) {
                Ok(()) => ev.score(&c, s.team()),
                Err(_) => f64::NEG_INFINITY,
            }
        })
        .collect();
    pick_best(&scores, rng).map(|k| buf[picks[k]])
}

impl Agent for GreedyAgent {
    fn kind(&self) -> AgentKind {
        AgentKind::Greedy
    }
    fn choose(&mut self, g: &Game, s: &State, rng: &mut Rng) -> Option<Decision> {
        g.legal_decisions(s, &mut self.buf);
        if self.buf.len() <= 1 {
            return self.buf.first().copied();
        }
        greedy_choice(g, s, &self.buf, rng)
    }
}

// ---------------------------------------------------------------------------------------
// Expectimax

/// Depth-limited expectimax with iterative deepening inside a budget of positions.
#[derive(Debug)]
pub(crate) struct ExpectimaxAgent {
    budget: Budget,
    /// Decisions kept at inner decision nodes (best first by the static evaluation).
    beam: usize,
    nodes: u64,
    limit: u64,
    /// Depth reached by the last search (for tests and curiosity).
    pub last_depth: u32,
}

/// Throws less likely than this are scored statically, not searched.
const RARE: f64 = 0.01;

/// The search ran out of budget.
struct OutOfBudget;

impl ExpectimaxAgent {
    /// An expectimax player with this budget.
    pub fn new(budget: Budget) -> Self {
        ExpectimaxAgent {
            budget,
            beam: 6,
            nodes: 0,
            limit: 0,
            last_depth: 0,
        }
    }

    /// The positions after each decision at `s`, or out of budget when there are more than
    /// the budget has left (counted before they are made, so memory stays bounded).
    fn children(&mut self, g: &Game, s: &State) -> Result<Vec<State>, OutOfBudget> {
        let mut buf = Vec::new();
        g.legal_decisions(s, &mut buf);
        // Every position made counts against the budget.
        self.nodes += buf.len() as u64;
        if self.nodes > self.limit {
            return Err(OutOfBudget);
        }
        Ok(buf
            .iter()
            .filter_map(|&d| {
                let mut c = s.clone();
                g.apply_decision(&mut c, d, &mut Quiet).ok().map(|_| c)
            })
            .collect())
    }

    /// The value of `s` for `me`, searching `depth` more actions.
    fn value(
        &mut self,
        g: &Game,
        ev: &Evaluator,
        s: &State,
        depth: u32,
        me: TeamId,
    ) -> Result<f64, OutOfBudget> {
        if g.is_over(s) || depth == 0 {
            return Ok(ev.score(s, me));
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return Err(OutOfBudget);
        }
        if g.is_chance(s) {
            let mut v = 0.0;
            for o in g.chance_outcomes(s).to_vec() {
                if o.p < RARE {
                    // Rare throws (all sticks alike) are not searched: their effects can
                    // fill the pool, and enumerating a large pool is costly.
                    v += o.p * ev.score(s, me);
                    continue;
                }
                let mut c = s.clone();
                if g.apply_throw(&mut c, o.k, &mut Quiet).is_err() {
                    // An engine limit (pool overflow): treat as a static position.
                    v += o.p * ev.score(s, me);
                    continue;
                }
                v += o.p * self.value(g, ev, &c, depth - 1, me)?;
            }
            return Ok(v);
        }
        let mut kids = self.children(g, s)?;
        if kids.is_empty() {
            return Ok(ev.score(s, me));
        }
        if kids.len() == 1 {
            // A forced decision costs no depth.
            let c = kids.pop().unwrap_or_else(|| s.clone());
            return self.value(g, ev, &c, depth, me);
        }
        let maximise = s.team() == me;
        if kids.len() > self.beam {
            let mut scored: Vec<(f64, State)> = kids
                .into_iter()
                .map(|c| (ev.score(&c, s.team()), c))
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            scored.truncate(self.beam);
            kids = scored.into_iter().map(|(_, c)| c).collect();
        }
        let mut best = if maximise {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        for c in &kids {
            let v = self.value(g, ev, c, depth - 1, me)?;
            best = if maximise { best.max(v) } else { best.min(v) };
        }
        Ok(best)
    }
}

impl Agent for ExpectimaxAgent {
    fn kind(&self) -> AgentKind {
        AgentKind::Expectimax
    }
    fn choose(&mut self, g: &Game, s: &State, rng: &mut Rng) -> Option<Decision> {
        let mut buf = Vec::new();
        g.legal_decisions(s, &mut buf);
        if buf.len() <= 1 {
            return buf.first().copied();
        }
        if buf.len() as u64 > self.budget.nodes {
            // More decisions than the budget has positions: the greedy choice, one position
            // at a time, so that memory stays bounded.
            self.last_depth = 1;
            return greedy_choice(g, s, &buf, rng);
        }
        let ev = Evaluator::new(g);
        let me = s.team();
        let kids: Vec<Option<State>> = buf
            .iter()
            .map(|&d| {
                let mut c = s.clone();
                g.apply_decision(&mut c, d, &mut Quiet).ok().map(|_| c)
            })
            .collect();
        // Depth 1 is the greedy choice; deeper searches replace it while they fit.
        let mut best: Vec<f64> = kids
            .iter()
            .map(|c| c.as_ref().map_or(f64::NEG_INFINITY, |c| ev.score(c, me)))
            .collect();
        self.last_depth = 1;
        self.nodes = 0;
        self.limit = self.budget.nodes;
        let mut depth = 2;
        while depth <= self.budget.max_depth {
            let mut scores = Vec::with_capacity(kids.len());
            let mut complete = true;
            for c in &kids {
                match c {
                    None => scores.push(f64::NEG_INFINITY),
                    Some(c) => match self.value(g, &ev, c, depth - 1, me) {
                        Ok(v) => scores.push(v),
                        Err(OutOfBudget) => {
                            complete = false;
                            break;
                        }
                    },
                }
            }
            if !complete {
                break;
            }
            best = scores;
            self.last_depth = depth;
            depth += 1;
        }
        pick_best(&best, rng).map(|i| buf[i])
    }
}

// ---------------------------------------------------------------------------------------
// MCTS

const UCT_C: f64 = 0.7;

#[derive(Debug, Clone)]
enum Edge {
    Decide(Decision),
    Outcome(u8),
}

#[derive(Debug)]
struct Node {
    state: State,
    /// Children: the edge and the node index.
    children: Vec<(Edge, usize)>,
    /// Decisions not yet expanded (decision nodes).
    untried: Vec<Decision>,
    visits: f64,
    /// Sum of team-0 win estimates.
    total: f64,
}

/// Most decisions an MCTS tree keeps unexpanded across its nodes (memory: 16 bytes each).
pub(crate) const MCTS_MAX_STORED: usize = 1 << 22;
/// Most decisions an MCTS search lists in all, in the tree and in rollouts (time).
pub(crate) const MCTS_MAX_LISTED: usize = 1 << 24;

/// Monte Carlo tree search with chance nodes; deterministic given the generator. A search
/// stops early (with the tree it has) when it has listed [`MCTS_MAX_LISTED`] decisions or
/// keeps [`MCTS_MAX_STORED`], whatever the position.
#[derive(Debug)]
pub(crate) struct MctsAgent {
    budget: Budget,
    nodes: Vec<Node>,
    buf: Vec<Decision>,
    /// Decisions kept unexpanded in the tree.
    stored: usize,
    /// Decisions listed by this search.
    listed: usize,
}

impl MctsAgent {
    /// An MCTS player with this budget.
    pub fn new(budget: Budget) -> Self {
        MctsAgent {
            budget,
            nodes: Vec::new(),
            buf: Vec::new(),
            stored: 0,
            listed: 0,
        }
    }

    fn new_node(&mut self, g: &Game, state: State, rng: &mut Rng) -> usize {
        let mut untried = Vec::new();
        if !g.is_over(&state) && !g.is_chance(&state) {
            g.legal_decisions(&state, &mut untried);
            self.stored += untried.len();
            self.listed += untried.len();
            // Expansion order: shuffled by the generator, so ties do not favour piece 1.
            for i in (1..untried.len()).rev() {
                let j = rng.below(i + 1);
                untried.swap(i, j);
            }
        }
        self.nodes.push(Node {
            state,
            children: Vec::new(),
            untried,
            visits: 0.0,
            total: 0.0,
        });
        self.nodes.len() - 1
    }

    /// A short random rollout from `s`, scored for team 0.
    fn rollout(&mut self, g: &Game, ev: &Evaluator, s: &State, rng: &mut Rng) -> f64 {
        let mut s = s.clone();
        for _ in 0..self.budget.rollout {
            if g.is_over(&s) {
                break;
            }
            let r = if g.is_chance(&s) {
                let k = g.sample_outcome(&s, rng.next_u64());
                g.apply_throw(&mut s, k, &mut Quiet)
            } else {
                g.legal_decisions(&s, &mut self.buf);
                self.listed += self.buf.len();
                let d = match self.buf.len() {
                    0 => break,
                    1 => self.buf[0],
                    n => self.buf[rng.below(n)],
                };
                g.apply_decision(&mut s, d, &mut Quiet)
            };
            if r.is_err() {
                break;
            }
        }
        ev.win_estimate(&s, TeamId::FIRST)
    }

    fn iterate(&mut self, g: &Game, ev: &Evaluator, rng: &mut Rng) {
        let mut path = vec![0usize];
        let mut cur = 0usize;
        let value;
        loop {
            let node = &self.nodes[cur];
            if g.is_over(&node.state) {
                value = ev.win_estimate(&node.state, TeamId::FIRST);
                break;
            }
            if g.is_chance(&node.state) {
                let k = g.sample_outcome(&node.state, rng.next_u64());
                let found = node
                    .children
                    .iter()
                    .find(|(e, _)| matches!(e, Edge::Outcome(x) if *x == k))
                    .map(|&(_, i)| i);
                match found {
                    Some(i) => {
                        cur = i;
                        path.push(cur);
                        continue;
                    }
                    None => {
                        let mut c = node.state.clone();
                        if g.apply_throw(&mut c, k, &mut Quiet).is_err() {
                            value = ev.win_estimate(&node.state, TeamId::FIRST);
                            break;
                        }
                        let i = self.new_node(g, c, rng);
                        self.nodes[cur].children.push((Edge::Outcome(k), i));
                        path.push(i);
                        let st = self.nodes[i].state.clone();
                        value = self.rollout(g, ev, &st, rng);
                        break;
                    }
                }
            }
            if let Some(d) = self.nodes[cur].untried.pop() {
                let mut c = self.nodes[cur].state.clone();
                if g.apply_decision(&mut c, d, &mut Quiet).is_err() {
                    continue;
                }
                let i = self.new_node(g, c, rng);
                self.nodes[cur].children.push((Edge::Decide(d), i));
                path.push(i);
                let st = self.nodes[i].state.clone();
                value = self.rollout(g, ev, &st, rng);
                break;
            }
            let node = &self.nodes[cur];
            if node.children.is_empty() {
                value = ev.win_estimate(&node.state, TeamId::FIRST);
                break;
            }
            let team0 = node.state.team() == TeamId::FIRST;
            let ln = node.visits.max(1.0).ln();
            let mut best = (f64::NEG_INFINITY, 0usize);
            for &(_, i) in &node.children {
                let ch = &self.nodes[i];
                let mean0 = ch.total / ch.visits.max(1e-9);
                let mean = if team0 { mean0 } else { 1.0 - mean0 };
                let u = mean + UCT_C * (ln / ch.visits.max(1e-9)).sqrt();
                if u > best.0 {
                    best = (u, i);
                }
            }
            cur = best.1;
            path.push(cur);
        }
        for &i in &path {
            self.nodes[i].visits += 1.0;
            self.nodes[i].total += value;
        }
    }
}

impl Agent for MctsAgent {
    fn kind(&self) -> AgentKind {
        AgentKind::Mcts
    }
    fn choose(&mut self, g: &Game, s: &State, rng: &mut Rng) -> Option<Decision> {
        g.legal_decisions(s, &mut self.buf);
        if self.buf.len() <= 1 {
            return self.buf.first().copied();
        }
        let ev = Evaluator::new(g);
        self.nodes.clear();
        self.stored = 0;
        self.listed = 0;
        self.new_node(g, s.clone(), rng);
        for _ in 0..self.budget.iterations.max(1) {
            if self.stored > MCTS_MAX_STORED || self.listed > MCTS_MAX_LISTED {
                break;
            }
            self.iterate(g, &ev, rng);
        }
        let root = &self.nodes[0];
        let team0 = s.team() == TeamId::FIRST;
        root.children
            .iter()
            .filter_map(|(e, i)| match e {
                Edge::Decide(d) => Some((*d, &self.nodes[*i])),
                Edge::Outcome(_) => None,
            })
            .max_by(|a, b| {
                let key = |n: &Node| {
                    let m = n.total / n.visits.max(1e-9);
                    (n.visits, if team0 { m } else { 1.0 - m })
                };
                let (va, ma) = key(a.1);
                let (vb, mb) = key(b.1);
                va.total_cmp(&vb).then(ma.total_cmp(&mb))
            })
            .map(|(d, _)| d)
    }
}
