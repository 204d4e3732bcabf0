//! `go`: its words, and the budget per move they give the device.

use chess_core::command::{MAX_DEPTH, MAX_NODES, MAX_THINK_MS};
use chess_core::search::Limit;
use shakmaty::uci::UciMove;
use shakmaty::Color;

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
    /// `ponder`: the search starts on `ponderhit` (the bridge does not think on the
    /// opponent's time), or is abandoned on `stop`.
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
                    // Not supported: the device searches all moves. Skip the move list.
                    while i + 1 < words.len()
                        && UciMove::from_ascii(words[i + 1].as_bytes()).is_ok()
                    {
                        i += 1;
                    }
                    takes_value = false;
                }
                _ => takes_value = false,
            }
            i += if takes_value { 2 } else { 1 };
        }
        go
    }

    /// The device's budget for a search by `side`, keeping `overhead_ms` of any clock in
    /// reserve.
    pub fn limit(&self, side: Color, overhead_ms: u64) -> Limit {
        let idx = match side {
            Color::White => 0,
            Color::Black => 1,
        };
        if let Some(ms) = self.movetime {
            return time(ms);
        }
        if let Some(left) = self.time[idx] {
            let inc = self.inc[idx].unwrap_or(0);
            return time(allocate(left, inc, self.movestogo, overhead_ms));
        }
        if let Some(n) = self.nodes {
            return Limit::Nodes(n.clamp(1, MAX_NODES));
        }
        if let Some(d) = self.depth {
            return depth(d);
        }
        if let Some(m) = self.mate {
            return depth(m.saturating_mul(2));
        }
        Limit::Time(MAX_THINK_MS)
    }
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

/// Milliseconds for one move with `time` left on the clock, `inc` per move and `movestogo`
/// moves to the next control: remaining/30 (or /movestogo) + 3/4 of the increment, never more
/// than 40% of what is left (80% when this is the last move before the control), after
/// keeping `overhead_ms` back; clamped to 1..=60000.
pub fn allocate(time: i64, inc: i64, movestogo: Option<u64>, overhead_ms: u64) -> u64 {
    let time = time.max(0) as u64;
    let inc = inc.max(0) as u64;
    let avail = time.saturating_sub(overhead_ms).max(1);
    let mtg = movestogo.unwrap_or(30).clamp(1, 50);
    let share = avail / mtg + inc * 3 / 4;
    let cap = if mtg == 1 {
        avail * 8 / 10
    } else {
        avail * 4 / 10
    };
    share.min(cap).clamp(1, u64::from(MAX_THINK_MS))
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

    #[test]
    fn limits() {
        let w = Color::White;
        let limit = |words: &[&str]| Go::parse(words).limit(w, 30);
        assert_eq!(limit(&["movetime", "100"]), Limit::Time(100));
        assert_eq!(limit(&["movetime", "0"]), Limit::Time(1));
        assert_eq!(limit(&["movetime", "999999"]), Limit::Time(60000));
        assert_eq!(limit(&["depth", "5"]), Limit::Depth(5));
        assert_eq!(limit(&["depth", "500"]), Limit::Depth(64));
        assert_eq!(limit(&["mate", "3"]), Limit::Depth(6));
        assert_eq!(limit(&["nodes", "5000"]), Limit::Nodes(5000));
        assert_eq!(limit(&["infinite"]), Limit::Time(60000));
        assert_eq!(limit(&[]), Limit::Time(60000));
        // (1000 - 30) / 30 = 32
        assert_eq!(limit(&["wtime", "1000", "btime", "1000"]), Limit::Time(32));
        // Black's clock for Black.
        let g = Go::parse(&["wtime", "100000", "btime", "3030", "binc", "100"]);
        assert_eq!(g.limit(Color::Black, 30), Limit::Time(175));
    }

    #[test]
    fn allocation_keeps_a_margin() {
        assert_eq!(allocate(0, 0, None, 30), 1);
        assert_eq!(allocate(-500, 0, None, 30), 1);
        // A big increment can't take more than 40% of what is left.
        assert_eq!(allocate(1030, 5000, None, 30), 400);
        // The last move before the control may use 80%.
        assert_eq!(allocate(1030, 0, Some(1), 30), 800);
        assert_eq!(allocate(10_000_000, 0, None, 30), 60_000);
    }
}
