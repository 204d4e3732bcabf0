//! What a search is asked (the limit, the request, the host's budget) and what it answers
//! (the result with its ranked root moves, or an interruption).

use super::{Progress, MAX_PLY};
use crate::board::Position;
use crate::piece::Move;

/// How long the CPU may think about one move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Limit {
    /// Milliseconds of wall-clock time (1–60000).
    Time(u32),
    /// A fixed depth in plies (capped at `MAX_PLY - 1`): deterministic.
    Depth(u8),
    /// A fixed number of nodes: deterministic.
    Nodes(u64),
    /// Until the host stops it ([`Budget::stop_requested`]); the host also enforces a ceiling.
    Infinite,
}

/// The most root moves one search ranks (`MultiPV`).
pub const MAX_LINES: usize = 8;

/// What a search is asked to do: its budget, how many root moves to rank, which root moves
/// to consider, and the ceilings a strength level adds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Request<'m> {
    /// The budget.
    pub limit: Limit,
    /// How many of the best root moves to rank, each with its own search (1 to [`MAX_LINES`]).
    pub lines: usize,
    /// The root moves to consider; empty for all (UCI's `searchmoves`).
    pub root_moves: &'m [Move],
    /// No iteration starts past this many nodes, whatever the limit.
    pub max_nodes: u64,
    /// No iteration deeper than this, whatever the limit.
    pub max_depth: u8,
}

impl Request<'_> {
    /// A search of the best move within `limit`.
    pub const fn new(limit: Limit) -> Request<'static> {
        Request {
            limit,
            lines: 1,
            root_moves: &[],
            max_nodes: u64::MAX,
            max_depth: u8::MAX,
        }
    }
}

impl From<Limit> for Request<'static> {
    fn from(limit: Limit) -> Self {
        Request::new(limit)
    }
}

/// One ranked root move of the last completed iteration.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RootLine {
    /// The move.
    pub mv: Move,
    /// Its score for the side to move.
    pub score: i32,
}

impl RootLine {
    /// No move.
    pub const NONE: RootLine = RootLine {
        mv: Move::NULL,
        score: 0,
    };
}

/// The host's clock, signal check and view of the search: the kernel's ktime,
/// `signal_pending()` and the board's `13`/`14`, or `Instant` and flags in userspace.
pub trait Budget {
    /// Milliseconds since an arbitrary fixed point; must not go backwards.
    fn now_ms(&mut self) -> u64;
    /// True when the search must be abandoned at once (the game is left unchanged).
    fn interrupted(&mut self) -> bool;
    /// True when the search should end now and play the best move found so far (`14`, or the
    /// host's ceiling for [`Limit::Infinite`]). Asked with [`Budget::interrupted`].
    fn stop_requested(&mut self) -> bool {
        false
    }
    /// The node count so far, every few thousand nodes (for `13` while the search runs). Called
    /// deep in the recursion: it must stay cheap and use little stack.
    fn nodes_searched(&mut self, _nodes: u64) {}
    /// The search starts on root move `mv`, the `number`th it tries in this iteration (from 1).
    fn root_move(&mut self, _mv: Move, _number: u16) {}
    /// A finished iteration (or an aspiration window that failed, with its bound), from the top
    /// of the search: `root` and `pv` describe the line, for [`Progress::write`].
    fn iteration_done(&mut self, _progress: &Progress, _root: &Position, _pv: &[Move]) {}
}

/// A budget with no clock and no signals (for fixed depth or node searches and tests).
pub struct Unlimited;

impl Budget for Unlimited {
    fn now_ms(&mut self) -> u64 {
        0
    }
    fn interrupted(&mut self) -> bool {
        false
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug)]
pub struct SearchResult {
    /// The move to play (`Move::NULL` only when there is no legal move).
    pub best: Move,
    /// Its score in centipawns for the side to move; mates beyond [`MATE_BOUND`](super::MATE_BOUND).
    pub score: i32,
    /// The depth of the last completed iteration.
    pub depth: u8,
    /// The deepest ply reached, counted from 1 as in [`Progress::seldepth`].
    pub seldepth: u8,
    /// The nodes searched.
    pub nodes: u64,
    /// Milliseconds spent, by the budget's clock.
    pub time_ms: u64,
    /// Permille of the transposition table in use at the end.
    pub hashfull: u16,
    /// The principal variation.
    pub pv: [Move; MAX_PLY],
    /// How much of `pv` is filled.
    pub pv_len: usize,
    /// The root moves ranked by the last iteration that ranked them all, best first.
    pub lines: [RootLine; MAX_LINES],
    /// How many of `lines` are filled (0 when no iteration completed).
    pub line_count: usize,
}

impl SearchResult {
    /// No move, nothing searched.
    pub const NONE: SearchResult = SearchResult {
        best: Move::NULL,
        score: 0,
        depth: 0,
        seldepth: 0,
        nodes: 0,
        time_ms: 0,
        hashfull: 0,
        pv: [Move::NULL; MAX_PLY],
        pv_len: 0,
        lines: [RootLine::NONE; MAX_LINES],
        line_count: 0,
    };

    /// The ranked root moves.
    pub fn lines(&self) -> &[RootLine] {
        self.lines.get(..self.line_count).unwrap_or(&[])
    }
}

/// The search was abandoned because of a signal; nothing was decided.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Interrupted;

impl core::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("the search was interrupted")
    }
}
