//! `go`: its words, and the budget per move they give the device.

use chess_core::command::{MAX_DEPTH, MAX_NODES, MAX_THINK_MS};
use chess_core::search::Limit;
use shakmaty::uci::UciMove;
use shakmaty::Color;
use std::time::Duration;

use super::search::Stops;

/// The arguments of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `wtime`, `btime` in ms (may be negative when a GUI reports overstepped time).
    pub time: [Option<i64>; 2],
    /// `winc`, `binc` in ms.
    pub inc: [Option<i64>; 2],
    /// `movestogo`.
    pub movestogo: Option<u64>,
    /// `movetime` in ms.
    pub movetime: Option<u64>,
    /// `depth` in plies.
    pub depth: Option<u64>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `mate` in moves.
    pub mate: Option<u64>,
    /// `infinite`: no `bestmove` before `stop`.
    pub infinite: bool,
    /// `searchmoves`: the root moves to consider (the device searches them all).
    pub searchmoves: Vec<String>,
    /// `ponder`: the search runs on the opponent's time; its clock starts at `ponderhit`, and
    /// no `bestmove` comes before `ponderhit` or `stop`.
    pub ponder: bool,
}

impl Go {
    /// Parses the words after `go`; unknown words are ignored, as UCI asks.
    pub fn parse(words: &[&str]) -> Go {
        let mut go = Go::default();
        let mut i = 0;
        let num = |i: usize| words.get(i + 1).and_then(|w| w.parse::<i64>().ok());
        let unum = |i: usize| num(i).map(|n| n.max(0) as u64);
        while i < words.len() {
            let mut takes_value = true;
            match words[i] {
                "wtime" => go.time[0] = num(i),
                "btime" => go.time[1] = num(i),
                "winc" => go.inc[0] = num(i),
                "binc" => go.inc[1] = num(i),
                "movestogo" => go.movestogo = unum(i),
                "movetime" => go.movetime = unum(i),
                "depth" => go.depth = unum(i),
                "nodes" => go.nodes = unum(i),
                "mate" => go.mate = unum(i),
                "infinite" => {
                    go.infinite = true;
                    takes_value = false;
                }
                "ponder" => {
                    go.ponder = true;
                    takes_value = false;
                }
                "searchmoves" => {
                    while i + 1 < words.len()
                        && UciMove::from_ascii(words[i + 1].as_bytes()).is_ok()
                    {
                        i += 1;
                        go.searchmoves.push(words[i].to_string());
                    }
                    takes_value = false;
                }
                _ => takes_value = false,
            }
            i += if takes_value { 2 } else { 1 };
        }
        go
    }

    /// How a search by `side` is run: the device's budget and the bridge's own stops,
    /// keeping `overhead_ms` of any clock (and of `movetime`) in reserve.
    ///
    /// The device's `07 T` budget starts no iteration once about half of it is spent, so a
    /// fixed `movetime` runs as `07 I` ended by `14` when the time is up: the whole of it is
    /// used. Clock play keeps `07 T<budget>` (the core's own time management, see
    /// [`allocate`]). When pondering, a clock's budget runs as `07 I`, ended one share after
    /// `ponderhit`. `go mate N` searches to depth 2N and stops as soon as a mate in at most N
    /// moves is found.
    pub fn plan(&self, side: Color, overhead_ms: u64) -> Plan {
        let idx = match side {
            Color::White => 0,
            Color::Black => 1,
        };
        let mut stops = Stops {
            depth: self.depth.map(|d| u32::try_from(d).unwrap_or(u32::MAX)),
            nodes: self.nodes,
            mate: self.mate.map(|m| u32::try_from(m).unwrap_or(u32::MAX)),
            after: None,
        };
        let infinite = Plan {
            limit: Limit::Infinite,
            stops: Stops::default(),
            hold: self.infinite,
        };
        if self.infinite {
            return infinite;
        }
        let limit = if let Some(ms) = self.movetime {
            stops.after = Some(Duration::from_millis(ms.saturating_sub(overhead_ms).max(1)));
            Limit::Infinite
        } else if let Some(left) = self.time[idx] {
            let inc = self.inc[idx].unwrap_or(0);
            let budget = allocate(left, inc, self.movestogo, overhead_ms);
            if self.ponder {
                // What the device's budget would have used before its last iteration.
                stops.after = Some(Duration::from_millis(budget / BUDGET_PER_SHARE));
                Limit::Infinite
            } else {
                time(budget)
            }
        } else if let Some(n) = self.nodes {
            Limit::Nodes(n.clamp(1, MAX_NODES))
        } else if let Some(d) = self.depth {
            depth(d)
        } else if let Some(m) = self.mate {
            depth(m.saturating_mul(2))
        } else {
            Limit::Infinite
        };
        Plan {
            limit,
            stops,
            hold: false,
        }
    }
}

/// How one `go` is searched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The device's budget (`07`).
    pub limit: Limit,
    /// When the bridge ends the search itself with `14`.
    pub stops: Stops,
    /// `bestmove` waits for `stop` (`go infinite`).
    pub hold: bool,
}

/// A time budget, clamped to what the protocol accepts.
fn time(ms: u64) -> Limit {
    let ms = ms.clamp(1, u64::from(MAX_THINK_MS));
    Limit::Time(u32::try_from(ms).unwrap_or(MAX_THINK_MS))
}

/// A depth budget, clamped to what the protocol accepts.
fn depth(plies: u64) -> Limit {
    let plies = plies.clamp(1, u64::from(MAX_DEPTH));
    Limit::Depth(u8::try_from(plies).unwrap_or(MAX_DEPTH))
}

/// The moves a clock's time is shared over when no `movestogo` says otherwise.
const SUDDEN_DEATH_MOVES: u64 = 22;

/// A time budget is this many times the move's share: the device's `07 T` starts no iteration
/// once about half of its budget is spent (more or less by how settled the search is), so the
/// share is about when the last iteration may start and twice it the most the move may take.
/// (Iterations end at unpredictable times: with the share itself as the budget, a move used
/// only 55-75 % of it.)
const BUDGET_PER_SHARE: u64 = 2;

/// The time budget in milliseconds for one move with `time` left on the clock, `inc` per move
/// and `movestogo` moves to the next control ([`SUDDEN_DEATH_MOVES`] in sudden death).
///
/// The share is an even share of the time left plus the increments of the moves to come, less
/// `overhead_ms` for each of them (what passes outside the search: the GUI, the pipe, the
/// device), so that the clock lasts however long the overhead really is. The budget is
/// [`BUDGET_PER_SHARE`] shares, never more than 40% of what is left (80% on the last move
/// before the control), clamped to 1..=60000.
pub fn allocate(time: i64, inc: i64, movestogo: Option<u64>, overhead_ms: u64) -> u64 {
    let time = time.max(0) as u64;
    let inc = inc.max(0) as u64;
    let avail = time.saturating_sub(overhead_ms).max(1);
    let mtg = movestogo.unwrap_or(SUDDEN_DEATH_MOVES).clamp(1, 50);
    let pool = (time + inc * (mtg - 1)).saturating_sub(overhead_ms * mtg);
    let share = pool / mtg;
    let cap = if mtg == 1 {
        avail * 8 / 10
    } else {
        avail * 4 / 10
    };
    (share * BUDGET_PER_SHARE)
        .min(cap)
        .clamp(1, u64::from(MAX_THINK_MS))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_words() {
        let g = Go::parse(&[
            "wtime",
            "1000",
            "btime",
            "2000",
            "winc",
            "10",
            "movestogo",
            "5",
        ]);
        assert_eq!(g.time, [Some(1000), Some(2000)]);
        assert_eq!(g.inc, [Some(10), None]);
        assert_eq!(g.movestogo, Some(5));
        assert!(!g.infinite);
        assert!(Go::parse(&["infinite"]).infinite);
        let g = Go::parse(&["searchmoves", "e2e4", "d2d4", "depth", "3"]);
        assert_eq!(g.depth, Some(3));
    }

    fn plan(words: &[&str]) -> Plan {
        Go::parse(words).plan(Color::White, 30)
    }

    fn after(ms: u64) -> Option<Duration> {
        Some(Duration::from_millis(ms))
    }

    #[test]
    fn limits() {
        let limit = |words: &[&str]| plan(words).limit;
        assert_eq!(limit(&["depth", "5"]), Limit::Depth(5));
        assert_eq!(limit(&["depth", "500"]), Limit::Depth(64));
        assert_eq!(limit(&["nodes", "5000"]), Limit::Nodes(5000));
        assert_eq!(limit(&["nodes", "0"]), Limit::Nodes(1));
        assert_eq!(limit(&["infinite"]), Limit::Infinite);
        assert_eq!(limit(&[]), Limit::Infinite);
        // 2 * ((1000 - 22 * 30) / 22) = 30
        assert_eq!(limit(&["wtime", "1000", "btime", "1000"]), Limit::Time(30));
        // Black's clock for Black.
        let g = Go::parse(&["wtime", "100000", "btime", "3030", "binc", "100"]);
        // 2 * ((3030 + 21 * 100 - 22 * 30) / 22) = 406
        assert_eq!(g.plan(Color::Black, 30).limit, Limit::Time(406));
    }

    #[test]
    fn movetime_is_used_whole() {
        // `07 T` would not start an iteration after half of it: the bridge stops the search.
        let p = plan(&["movetime", "500"]);
        assert_eq!(p.limit, Limit::Infinite);
        assert_eq!(p.stops.after, after(470));
        assert!(!p.hold);
        assert_eq!(plan(&["movetime", "10"]).stops.after, after(1));
        assert_eq!(
            Go::parse(&["movetime", "500"])
                .plan(Color::White, 0)
                .stops
                .after,
            after(500)
        );
    }

    #[test]
    fn goals_the_bridge_watches() {
        let p = plan(&["mate", "3"]);
        assert_eq!(p.limit, Limit::Depth(6));
        assert_eq!(p.stops.mate, Some(3));
        let p = plan(&["movetime", "1000", "depth", "7", "nodes", "90000"]);
        assert_eq!(p.limit, Limit::Infinite);
        assert_eq!(
            p.stops,
            Stops {
                after: after(970),
                depth: Some(7),
                nodes: Some(90000),
                mate: None,
            }
        );
        // `infinite` waits for stop, whatever else it says.
        let p = plan(&["infinite", "depth", "3"]);
        assert_eq!(
            (p.limit, p.stops, p.hold),
            (Limit::Infinite, Stops::default(), true)
        );
    }

    #[test]
    fn pondering_on_a_clock_runs_until_its_share_after_ponderhit() {
        let p = plan(&["ponder", "wtime", "1000", "btime", "1000"]);
        assert_eq!(p.limit, Limit::Infinite);
        // The share: (1000 - 22 * 30) / 22.
        assert_eq!(p.stops.after, after(15));
        assert!(!p.hold);
        // Without a clock, pondering keeps the device's own budget.
        assert_eq!(plan(&["ponder", "depth", "4"]).limit, Limit::Depth(4));
    }

    #[test]
    fn searchmoves_are_collected() {
        let g = Go::parse(&["searchmoves", "e2e4", "d2d4", "depth", "3"]);
        assert_eq!(g.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(g.depth, Some(3));
    }

    #[test]
    fn allocation_keeps_a_margin() {
        assert_eq!(allocate(0, 0, None, 30), 1);
        assert_eq!(allocate(-500, 0, None, 30), 1);
        // A big increment can't take more than 40% of what is left.
        assert_eq!(allocate(1030, 5000, None, 30), 400);
        // 1+0.01 with 30 ms of overhead a move: a 25 ms share at the start, 1 ms once the clock
        // is low (each move then costs its overhead, which the increment must pay).
        assert_eq!(allocate(1000, 10, None, 30), 2 * ((1000 + 210 - 660) / 22));
        assert_eq!(allocate(200, 10, None, 30), 1);
        // 10+0.1: a 520 ms share a move at the start.
        assert_eq!(allocate(10_000, 100, None, 30), 2 * 520);
        // A low clock: twice the share, well under the cap; a big increment: the doubled share
        // (2120 ms) meets the 40% cap.
        assert_eq!(allocate(3000, 0, None, 30), 2 * ((3000 - 660) / 22));
        assert_eq!(allocate(3000, 1000, None, 30), (3000 - 30) * 4 / 10);
        // The last move before the control may use 80%.
        assert_eq!(allocate(1030, 0, Some(1), 30), 800);
        assert_eq!(allocate(10_000_000, 0, None, 30), 60_000);
    }
}
