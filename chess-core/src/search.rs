//! The CPU player: iterative deepening principal-variation search with aspiration windows,
//! quiescence, a transposition table, razoring, null-move pruning, ProbCut, late-move
//! reductions, check and singular extensions and correction histories of the evaluation, all in
//! integers and within a [`Budget`].
//!
//! Nothing big lives on the stack: the per-ply move lists are the caller's [`Frame`]s, the
//! transposition table and the correction and continuation histories are the caller's slices,
//! and recursion is bounded by [`MAX_PLY`].

use crate::board::Position;
use crate::eval::{self, endgame::KNOWN_WIN, Accumulator};
use crate::game::{Game, HistoryStore, FIFTY_MOVE_PLIES};
use crate::piece::Move;

#[path = "search/continuation.rs"]
mod continuation;
#[path = "search/correction.rs"]
mod correction;
#[path = "search/deepening.rs"]
mod deepening;
#[path = "search/frame.rs"]
mod frame;
#[path = "search/history.rs"]
mod history;
#[path = "search/interface.rs"]
mod interface;
#[path = "search/node.rs"]
mod node;
#[path = "search/ordering.rs"]
mod ordering;
#[path = "search/perft.rs"]
mod perft;
#[path = "search/probcut.rs"]
mod probcut;
#[cfg(feature = "stack-probe")]
#[path = "search/probe.rs"]
pub mod probe;
#[path = "search/progress.rs"]
mod progress;
#[path = "search/quiescence.rs"]
mod quiescence;
#[path = "search/table.rs"]
mod table;

use continuation::Moved;
pub use continuation::CONTINUATION_SLOTS;
pub use correction::{Correction, CORRECTION_SLOTS};
use deepening::CHECK_INTERVAL;
pub use frame::Frame;
pub use history::History;
pub use interface::{
    Budget, Interrupted, Limit, Request, RootLine, SearchResult, Unlimited, MAX_LINES,
};
use node::Stage;
pub use ordering::see;
use ordering::KILLERS;
pub use perft::{perft, perft_interruptible};
use probcut::PROBCUT_MIN_DEPTH;
pub use progress::{Progress, ScoreBound};
use table::Bound;
pub use table::TtEntry;

/// The deepest ply a search reaches, quiescence included.
pub const MAX_PLY: usize = 48;
/// The most search calls (negamax and quiescence) on the stack at once: one a ply, and a
/// negamax's where it hands its ply to quiescence. `tools/kernel/stack-bound.py` bounds the
/// module's kernel stack with it.
pub const MAX_RECURSION: usize = MAX_PLY + 2;
/// The score of giving mate now; mate in n plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this (in absolute value) are mates.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32 - 1;
const INFINITY: i32 = 32_000;

// Pruning and reductions.
/// Reverse futility pruning applies up to this depth...
const RFP_MAX_DEPTH: i32 = 6;
/// ...when the static evaluation beats beta by this margin per ply of depth.
const RFP_MARGIN: i32 = 90;
/// Razoring applies up to this depth...
const RAZOR_MAX_DEPTH: i32 = 3;
/// ...when the static evaluation plus this margin...
const RAZOR_MARGIN: i32 = 180;
/// ...plus this much per ply of depth squared stays below alpha.
const RAZOR_MARGIN_PER_DEPTH2: i32 = 120;
/// Null-move pruning applies from this depth.
const NMP_MIN_DEPTH: i32 = 3;
/// Null-move reduction: this many plies, plus one per `NMP_DEPTH_DIVISOR` plies of depth.
const NMP_BASE_REDUCTION: i32 = 3;
/// See [`NMP_BASE_REDUCTION`].
const NMP_DEPTH_DIVISOR: i32 = 6;
/// Late move pruning applies up to this depth...
const LMP_MAX_DEPTH: i32 = 3;
/// ...to quiet moves from index `LMP_BASE + LMP_PER_DEPTH * depth` on.
const LMP_BASE: usize = 4;
/// See [`LMP_BASE`].
const LMP_PER_DEPTH: usize = 4;
/// Late move reductions apply from this depth.
const LMR_MIN_DEPTH: i32 = 3;
/// A late quiet move's reduction is a ply less per this much history (a ply more per this much
/// lacking), and a ply less for a killer.
const LMR_HISTORY_DIVISOR: i32 = 8_000;
/// A reduced move that beats alpha is searched again a ply deeper when it beats the best score
/// so far by this margin plus [`DEEPER_MARGIN_PER_DEPTH`] a ply of its depth...
const DEEPER_MARGIN: i32 = 43;
/// See [`DEEPER_MARGIN`].
const DEEPER_MARGIN_PER_DEPTH: i32 = 2;
/// ...and a ply shallower when by less than this.
const SHALLOWER_MARGIN: i32 = 9;
/// Futility pruning applies up to this depth...
const FUTILITY_MAX_DEPTH: i32 = 3;
/// ...to the quiet moves after the first when the static evaluation plus this margin per ply
/// of depth cannot reach alpha.
const FUTILITY_MARGIN: i32 = 110;
/// SEE pruning applies up to this depth...
const SEE_PRUNE_MAX_DEPTH: i32 = 8;
/// ...to quiet moves that lose more than this per ply of depth in exchanges on their square...
const SEE_QUIET_MARGIN: i32 = 64;
/// ...and to captures that lose more than this per ply of depth squared.
const SEE_CAPTURE_MARGIN: i32 = 20;
/// Singular extensions apply from this depth...
const SE_MIN_DEPTH: i32 = 6;
/// ...to a table move stored at most this many plies shallower than the node, with a lower
/// bound or an exact score...
const SE_TT_DEPTH_MARGIN: i32 = 3;
/// ...which no other move comes within this margin per ply of depth of, in a search of
/// half the depth without it.
const SE_MARGIN: i32 = 2;
/// Internal iterative reduction: a node this deep without a table move is searched a ply
/// shallower (a good move to try first is worth more than the ply).
const IIR_MIN_DEPTH: i32 = 4;

/// How many frames a search needs.
pub const FRAMES: usize = MAX_PLY + 2;

/// The caller-owned memory a search works in.
pub struct Memory<'a> {
    /// The transposition table (any length; empty disables it).
    pub tt: &'a mut [TtEntry],
    /// At least [`FRAMES`] frames (fewer limit the depth).
    pub frames: &'a mut [Frame],
    /// The history heuristic table.
    pub history: &'a mut History,
    /// The correction history ([`CORRECTION_SLOTS`] slots; any length, empty disables it).
    pub correction: &'a mut [Correction],
    /// The continuation history ([`CONTINUATION_SLOTS`] values; fewer, or none, disable it).
    pub continuation: &'a mut [i16],
}

struct Searcher<'a, 'g, H: HistoryStore> {
    pos: Position,
    game: &'g Game<H>,
    mem: Memory<'a>,
    budget: &'a mut dyn Budget,
    limit: Limit,
    /// The root moves to consider (empty: all).
    root_moves: &'a [Move],
    /// The node count that ends the search (the limit's or the request's ceiling).
    node_limit: u64,
    /// The root moves already ranked in this iteration, which the next line leaves out.
    ranked: [Move; MAX_LINES],
    ranked_len: usize,
    /// The line being searched, from 1 when several are ranked (0 for a single line).
    line: u8,
    /// How many root moves this line's search has started.
    root_number: u16,
    start_ms: u64,
    nodes: u64,
    next_check: u64,
    stop: bool,
    interrupted: bool,
    /// Stopping is allowed once the first iteration has completed.
    may_stop: bool,
    /// The host asked to stop ([`Budget::stop_requested`]) before stopping was allowed.
    stop_pending: bool,
    sel_depth: usize,
    /// The depth of the iteration under way.
    root_depth: i32,
    /// A nested search (singular or ProbCut) is under way: they do not nest, since each would
    /// add a frame to the stack.
    in_nested: bool,
}

/// Searches the game's current position as `request` asks and returns the best move found
/// (and the ranked root moves).
pub fn search<H: HistoryStore>(
    game: &Game<H>,
    request: Request<'_>,
    mem: Memory<'_>,
    budget: &mut dyn Budget,
) -> Result<SearchResult, Interrupted> {
    let mut result = SearchResult::NONE;
    search_into(game, request, mem, budget, &mut result).map(|()| result)
}

/// [`search`], filling `result` in place: a caller on a small stack (the kernel's) keeps one
/// result, not a copy of it too. On `Err`, `result` holds nothing to use.
pub fn search_into<H: HistoryStore>(
    game: &Game<H>,
    request: Request<'_>,
    mem: Memory<'_>,
    budget: &mut dyn Budget,
    result: &mut SearchResult,
) -> Result<(), Interrupted> {
    let start_ms = budget.now_ms();
    let node_limit = match request.limit {
        Limit::Nodes(n) => n.min(request.max_nodes),
        _ => request.max_nodes,
    };
    let mut s = Searcher {
        pos: *game.position(),
        game,
        mem,
        budget,
        limit: request.limit,
        root_moves: request.root_moves,
        node_limit,
        ranked: [Move::NULL; MAX_LINES],
        ranked_len: 0,
        line: 0,
        root_number: 0,
        start_ms,
        nodes: 0,
        next_check: CHECK_INTERVAL,
        stop: false,
        interrupted: false,
        may_stop: false,
        stop_pending: false,
        sel_depth: 0,
        root_depth: 0,
        in_nested: false,
    };
    s.mem.history.age();
    continuation::age(s.mem.continuation);
    if let Some(f) = s.mem.frames.first_mut() {
        f.sums.reset(&s.pos);
    }
    let done = s.iterate(&request, result);
    debug_assert!(
        s.pos == *game.position(),
        "the search did not take back every move it made"
    );
    done
}

/// Late-move reduction for a quiet move: grows with depth and with the move's index.
#[inline]
fn reduction(depth: i32, index: usize) -> i32 {
    let d = (depth.max(1) as u32).ilog2() as i32;
    let i = ((index + 1) as u32).ilog2() as i32;
    (d * i + 1) / 2
}

/// The depth a reduced move that beat alpha with `value` is searched again at, `depth` plies
/// being its full depth: a ply deeper when it beats the best score so far by far, a ply
/// shallower when by little. (Out of line: the recursion's frame stays small.)
#[inline(never)]
fn research_depth(depth: i32, value: i32, best_score: i32) -> i32 {
    if value > best_score + DEEPER_MARGIN + DEEPER_MARGIN_PER_DEPTH * depth {
        depth + 1
    } else if value < best_score + SHALLOWER_MARGIN {
        depth - 1
    } else {
        depth
    }
}

/// True for a score short of a known win or loss (and so of a mate): one the pruning that
/// reads the evaluation may act on. Near a known win the evaluation shows the way to mate, and
/// a shortcut taken there can hide the mate from the search.
#[inline]
fn ordinary(score: i32) -> bool {
    score.abs() < KNOWN_WIN
}

/// How much material a move may lose in exchanges before SEE pruning drops it at `depth`.
#[inline]
fn see_margin(depth: i32, quiet: bool) -> i32 {
    if quiet {
        SEE_QUIET_MARGIN * depth
    } else {
        SEE_CAPTURE_MARGIN * depth * depth
    }
}

impl<H: HistoryStore> Searcher<'_, '_, H> {
    /// The principal-variation search of one node, `depth` plies deep (quiescence below),
    /// `ply` plies from the root, within the window (`alpha`, `beta`). `null_child` is set
    /// for the reply to a null move, which may not pass again.
    fn negamax(
        &mut self,
        mut depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
        null_child: bool,
    ) -> i32 {
        debug_assert!(alpha < beta, "negamax needs a non-empty window");
        debug_assert!(ply < MAX_PLY, "the ply bound keeps the recursion finite");
        let pv_node = beta - alpha > 1;

        // Step 1. Initialise the node: clear its PV, extend checks, drop into quiescence
        // at the horizon or at the deepest ply the frames allow. A singular search of this
        // node leaves one move out.
        let mut excluded = Move::NULL;
        if let Some(f) = self.frame(ply) {
            f.pv_len = 0;
            f.extension = 0;
            f.tt = None;
            f.singular_beta = None;
            f.static_eval = None;
            excluded = f.excluded;
        }
        let in_check = self.pos.in_check();
        if in_check {
            depth += 1;
        }
        if depth <= 0 || ply + 2 >= MAX_PLY.min(self.mem.frames.len()) {
            return self.quiescence(ply, alpha, beta);
        }
        self.count_node();
        if self.stop {
            return 0;
        }
        self.sel_depth = self.sel_depth.max(ply);
        let key = self.pos.hash();
        if let Some(f) = self.frame(ply) {
            f.key = key;
        }

        // Step 2. Draws by rule, and mate distance pruning: no line from here can beat a
        // mate already found nearer the root.
        if ply > 0 {
            if self.pos.halfmove_clock() >= FIFTY_MOVE_PLIES || self.is_repetition(ply) {
                return 0;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }

        // Step 3. Transposition table: its move is tried first; outside the PV its score
        // ends the node when it is deep enough and its bound fits the window (not in a
        // singular search, which asks about the other moves). A deep enough lower bound
        // makes its move a candidate for the singular extension.
        // (Not a `match`: with one, the test kernel's build keeps 16 bytes more a ply.)
        let probed = self.probe_table(ply, depth, alpha, beta, excluded);
        if let Err(score) = probed {
            return score;
        }
        let tt_move = probed.unwrap_or(Move::NULL);

        // Step 4. Internal iterative reduction: without a table move, a ply less.
        if tt_move == Move::NULL && depth >= IIR_MIN_DEPTH {
            depth -= 1;
        }

        // Step 5. Static evaluation (meaningless in check), corrected by what the search has
        // learnt of the position's pawn structure, and refined by the table's bound.
        let static_eval = if in_check {
            -INFINITY
        } else {
            self.node_eval(ply)
        };

        if !pv_node && !in_check && ply > 0 {
            // Step 6. Reverse futility pruning: far above beta at low depth.
            if depth <= RFP_MAX_DEPTH
                && static_eval - RFP_MARGIN * depth >= beta
                && beta.abs() < MATE_BOUND
            {
                return static_eval;
            }
            // Step 7. Razoring: far below alpha at low depth, when quiescence cannot lift the
            // position to alpha either, nor will a shallow search. Not near a known win or a
            // mate, where the search must still see the mate the evaluation leads to.
            if depth <= RAZOR_MAX_DEPTH
                && excluded == Move::NULL
                && ordinary(alpha)
                && ordinary(static_eval)
                && static_eval + RAZOR_MARGIN + RAZOR_MARGIN_PER_DEPTH2 * depth * depth < alpha
            {
                let v = self.quiescence(ply, alpha - 1, alpha);
                if v < alpha {
                    return v;
                }
            }
            // Step 8. Null move pruning: if passing still beats beta, a real move will too
            // (not in pawn endings, where passing may be the only good move: zugzwang).
            if !null_child
                && excluded == Move::NULL
                && depth >= NMP_MIN_DEPTH
                && static_eval >= beta
                && eval::has_non_pawn_material(self.pos.board(), self.pos.side_to_move())
            {
                let r = NMP_BASE_REDUCTION + depth / NMP_DEPTH_DIVISOR;
                let undo = self.make_null(ply);
                let v = -self.negamax(depth - 1 - r, ply + 1, -beta, -beta + 1, true);
                self.pos.unmake_null(&undo);
                if self.stop {
                    return 0;
                }
                if v >= beta {
                    return if v > MATE_BOUND { beta } else { v };
                }
            }
            // Step 9. ProbCut: a capture that beats beta by a margin in a shallower search
            // ends the node.
            if depth >= PROBCUT_MIN_DEPTH {
                if let Some(v) = self.probcut(ply, depth, beta) {
                    return v;
                }
            }
        }

        // Step 10. Singular extension: a table move that every other move stays well below
        // (searched without it at half depth) is extended a ply. When even the others beat
        // beta, so does this node (multi-cut); when only the table's score does, the table move
        // goes a ply shallower.
        if self.frame(ply).is_some_and(|f| f.singular_beta.is_some()) {
            if let Some(v) = self.singular(ply, depth, tt_move, beta) {
                return v;
            }
        }

        // Step 11. The table's move goes first, before any other move is generated: when it
        // refutes the node, as it mostly does, no move list is needed. Not at the root, whose
        // line may leave it out, nor in a singular search, which does.
        self.start_moves(ply, tt_move, excluded);

        // Step 12. The move loop. The moves after the table's are generated into this ply's
        // frame and ordered when the loop first needs them; no move at all is mate or
        // stalemate.
        #[cfg(debug_assertions)]
        self.note_loop_alpha(ply, alpha);
        let mut best_score = -INFINITY;
        let mut best_move = Move::NULL;
        let mut index = 0;
        let futile = !pv_node
            && !in_check
            && depth <= FUTILITY_MAX_DEPTH
            && static_eval + FUTILITY_MARGIN * depth <= alpha;
        while let Some(mv) = self.next_move(ply, index) {
            // Read from the frame each time: one value less kept across the recursion.
            if self.frame(ply).is_some_and(|f| f.excluded == mv) {
                index += 1;
                continue;
            }
            let quiet = mv.is_quiet();

            // Step 13. Late move pruning: late quiet moves at shallow depth rarely matter;
            // futility pruning: nor do quiet moves when the position is far below alpha; SEE
            // pruning: nor do moves that lose more material than a shallow search could win
            // back.
            let late = depth <= LMP_MAX_DEPTH && index >= LMP_BASE + LMP_PER_DEPTH * depth as usize;
            let shallow_quiet = !pv_node && quiet && (late || futile && index > 0);
            if !in_check
                && best_score > -MATE_BOUND
                && (shallow_quiet
                    || (ply > 0
                        && depth <= SEE_PRUNE_MAX_DEPTH
                        && self.loses_material(mv, see_margin(depth, quiet))))
            {
                if shallow_quiet {
                    // So are all the quiet moves after it.
                    self.drop_quiets(ply, index + 1);
                }
                index += 1;
                continue;
            }

            // Step 14. Search the move: the first with the full window; the others with a
            // null window, reduced when late and quiet (LMR), and searched again in full
            // when they turn out better than expected: a ply deeper when far better than the
            // best move so far, a ply shallower when hardly. A singular table move goes a ply
            // deeper (one that is not, but beat beta in the table, a ply shallower).
            // Generated moves are never refused; a refusal (release builds only) skips the move.
            if !self.make(ply, mv) {
                index += 1;
                continue;
            }
            let new_depth = depth - 1;
            let mut value;
            if index == 0 {
                // The table's move, the only one a singular search extends, always comes first.
                let depth = new_depth + self.extension(ply, mv);
                value = -self.negamax(depth, ply + 1, -beta, -alpha, false);
            } else {
                let mut r = 0;
                if depth >= LMR_MIN_DEPTH && quiet && !in_check {
                    r = self.late_move_reduction(ply, mv, depth, index, pv_node);
                }
                value = -self.negamax(new_depth - r, ply + 1, -alpha - 1, -alpha, false);
                if value > alpha && r > 0 {
                    let full = research_depth(new_depth, value, best_score);
                    let reduced = new_depth - r;
                    // From here `r` is what the full depth lacks of `new_depth` (-1, 0 or 1):
                    // no other value is kept across the recursion.
                    r = new_depth - full;
                    if full > reduced {
                        value = -self.negamax(full, ply + 1, -alpha - 1, -alpha, false);
                    }
                }
                if value > alpha && value < beta {
                    value = -self.negamax(new_depth - r, ply + 1, -beta, -alpha, false);
                }
            }
            self.unmake(ply, mv);
            if self.stop {
                return 0;
            }
            index += 1;

            // Step 15. A new best move: raise alpha and the PV; at a beta cutoff a quiet move
            // becomes a killer and earns history, the quiet moves tried before it lose some.
            if value > best_score {
                best_score = value;
                best_move = mv;
                if value > alpha {
                    alpha = value;
                    self.update_pv(ply, mv);
                    if alpha >= beta {
                        if quiet {
                            self.reward_quiet(ply, mv, depth, index - 1);
                        }
                        break;
                    }
                }
            }
        }

        // Step 16. No move taken at all: the position has none, mate or stalemate. Otherwise
        // store the result with the bound it proves: exact when a move raised alpha, which
        // gave the node a PV. A singular search proves nothing about the node itself (and
        // fails low when the left-out move was the only one).
        if index == 0 {
            return if self.pos.in_check() {
                -MATE + ply as i32
            } else {
                0
            };
        }
        if self.frame(ply).is_some_and(|f| f.excluded != Move::NULL) {
            return if best_score == -INFINITY {
                alpha
            } else {
                best_score
            };
        }
        let raised = self.frame(ply).is_some_and(|f| f.pv_len > 0);
        #[cfg(debug_assertions)]
        self.check_pv(ply, alpha);
        let bound = if best_score >= beta {
            Bound::Lower
        } else if raised {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.store(depth, best_score, (bound, best_move), ply);
        best_score
    }
}
