//! Games between computer players: one match, and a series alternating the teams (the
//! luck measure and agent strength tests play these).

use crate::agents::{Agent, AgentKind, Budget, make};
use crate::driver::{self, NoHooks, Streams};
use seig_engine::{Game, State};
use seig_lang::ir::TeamId;

/// How one computer-versus-computer game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchResult {
    /// Winner, if the game ended before the cap.
    pub winner: Option<TeamId>,
    /// Seat turns played.
    pub turns: u32,
    /// The engine refused to go on, with why.
    pub aborted: Option<String>,
    /// The final position.
    pub state: State,
}

/// Plays one game between two computer players (index = team) with the streams given
/// (see [`crate::driver`]: throws from the game stream, each searching player from
/// its team's stream); the same streams and players give the same game.
pub fn play_match(
    g: &Game,
    players: &mut [&mut dyn Agent; 2],
    streams: &Streams,
    max_turns: u32,
) -> MatchResult {
    let mut s = g.initial_state();
    let out = driver::play(g, &mut s, players, streams, max_turns, &mut NoHooks);
    MatchResult {
        winner: out.winner(),
        turns: out.turns,
        aborted: out.aborted().map(str::to_string),
        state: s,
    }
}

/// The result of a series of games between two kinds of player.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SeriesResult {
    /// The player measured.
    pub player: AgentKind,
    /// Its opponent.
    pub opponent: AgentKind,
    /// Games played (half with the player as the first team, half as the second).
    pub games: u64,
    /// Games the player won.
    pub wins: u64,
    /// Games the opponent won.
    pub losses: u64,
    /// Games stopped by the turn cap or an engine limit.
    pub unfinished: u64,
    /// Wilson 95 % interval of the player's win rate over finished games.
    pub interval: (f64, f64),
}

impl SeriesResult {
    /// The player's win rate over finished games.
    pub fn rate(&self) -> f64 {
        let f = self.wins + self.losses;
        if f == 0 {
            0.0
        } else {
            self.wins as f64 / f as f64
        }
    }
}

/// Plays `games` seeded games of `player` against `opponent`, alternating which team the
/// player has (game `i` from `Streams::for_game(seed, i)`, the player first in even games),
/// on `jobs` threads (the result does not depend on `jobs`); a worker's panic is an error.
#[allow(clippy::too_many_arguments)]
pub fn series(
    g: &Game,
    player: AgentKind,
    opponent: AgentKind,
    budget: Budget,
    games: u64,
    seed: u64,
    max_turns: u32,
    jobs: usize,
) -> Result<SeriesResult, driver::WorkerPanic> {
    let results = driver::par_map(games, jobs, |i| {
        let (mut a, mut b) = match (make(player, budget), make(opponent, budget)) {
            (Some(a), Some(b)) => (a, b),
            // A person cannot play a series: nothing is played.
            _ => return None,
        };
        let streams = Streams::for_game(seed, i);
        let player_team = i % 2;
        let r = if player_team == 0 {
            play_match(g, &mut [a.as_mut(), b.as_mut()], &streams, max_turns)
        } else {
            play_match(g, &mut [b.as_mut(), a.as_mut()], &streams, max_turns)
        };
        Some((player_team, r.winner))
    })?;
    let (mut wins, mut losses, mut unfinished) = (0, 0, 0);
    for (pt, winner) in results.into_iter().flatten() {
        match winner {
            Some(w) if w.index() as u64 == pt => wins += 1,
            Some(_) => losses += 1,
            None => unfinished += 1,
        }
    }
    Ok(SeriesResult {
        player,
        opponent,
        games,
        wins,
        losses,
        unfinished,
        interval: crate::stats::wilson(wins, wins + losses),
    })
}
