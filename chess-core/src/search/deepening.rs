//! Iterative deepening: the root searched once per depth, within aspiration windows, for each
//! line asked; and the search's contact with its host (the node count, the clock, the signals,
//! the reports).

use super::{
    table, Interrupted, Limit, Progress, Request, RootLine, ScoreBound, SearchResult, Searcher,
    INFINITY, MATE, MATE_BOUND, MAX_LINES, MAX_PLY,
};
use crate::game::HistoryStore;
use crate::movegen::{self, GenType};
use crate::piece::Move;

/// How many nodes pass between two looks at the clock and for signals.
pub(super) const CHECK_INTERVAL: u64 = 1024;

// Iterative deepening and aspiration windows.
/// The first depth searched with a window around the previous score.
const ASPIRATION_MIN_DEPTH: i32 = 4;
/// The first aspiration half-window, in centipawns.
const ASPIRATION_DELTA: i32 = 25;
/// After a failure the half-window grows by half of itself plus this.
const ASPIRATION_GROWTH: i32 = 10;
/// A mate found ends the deepening once the depth exceeds the mate's distance by this much.
const MATE_CONFIRM_PLIES: i32 = 2;
/// A timed search starts no new iteration once this share (1/n) of its time is gone.
const TIME_NEW_ITERATION_DIVISOR: u64 = 2;

impl<H: HistoryStore> Searcher<'_, '_, H> {
    /// Deepens until the request's limits or the host stop it, keeping in `result` what the
    /// last complete iteration found. (Filled in place: the kernel's stack holds one result.)
    pub(super) fn iterate(
        &mut self,
        request: &Request<'_>,
        result: &mut SearchResult,
    ) -> Result<(), Interrupted> {
        // The root's moves go in the spare last frame: a move list is too big for the stack.
        let (first, count) = match self.mem.frames.last_mut() {
            Some(spare) => {
                spare.moves.clear();
                movegen::generate(&self.pos, GenType::All, &mut spare.moves);
                if !self.root_moves.is_empty() {
                    let wanted = self.root_moves;
                    spare.moves.retain(|mv| wanted.contains(&mv));
                }
                (spare.moves.as_slice().first().copied(), spare.moves.len())
            }
            None => (None, 0),
        };
        let Some(first) = first else {
            return Ok(());
        };
        result.best = first;
        let max_depth = match self.limit {
            Limit::Depth(d) => i32::from(d),
            _ => MAX_PLY as i32 - 1,
        }
        .min(i32::from(request.max_depth))
        .clamp(1, MAX_PLY as i32 - 1);
        let lines = request.lines.clamp(1, MAX_LINES).min(count);
        // A forced move needs no thought when the clock is what limits us.
        if count == 1 && matches!(self.limit, Limit::Time(_)) {
            result.pv[0] = first;
            result.pv_len = 1;
            return Ok(());
        }

        let mut score = 0;
        let mut ranked = [RootLine::NONE; MAX_LINES];
        for depth in 1..=max_depth {
            // Each line searches the root without the moves ranked before it.
            self.ranked_len = 0;
            for k in 0..lines {
                self.line = if lines > 1 { k as u8 + 1 } else { 0 };
                let guess = if k == 0 {
                    score
                } else {
                    result.lines.get(k).map_or(score, |l| l.score)
                };
                let value = self.aspiration(depth, guess);
                if self.interrupted {
                    return Err(Interrupted);
                }
                let mv = self.root_pv_move();
                if self.stop || mv == Move::NULL {
                    // A partial search's move is trusted only if it comes from the PV search.
                    break;
                }
                if let (Some(line), Some(slot)) = (ranked.get_mut(k), self.ranked.get_mut(k)) {
                    *line = RootLine { mv, score: value };
                    *slot = mv;
                    self.ranked_len = k + 1;
                }
                if k == 0 {
                    score = value;
                    self.complete_iteration(result, depth, score);
                } else {
                    self.report(depth, value, ScoreBound::Exact);
                }
            }
            if self.ranked_len == lines {
                // Stopping is allowed once every line has a move.
                self.may_stop = true;
                // Best first (stable): a later line can come out above an earlier one.
                let done = ranked.get_mut(..lines).unwrap_or(&mut []);
                for i in 1..done.len() {
                    let mut j = i;
                    while j > 0 && done.get(j - 1).map(|l| l.score) < done.get(j).map(|l| l.score) {
                        done.swap(j - 1, j);
                        j -= 1;
                    }
                }
                result.lines = ranked;
                result.line_count = lines;
            }
            self.ranked_len = 0;
            if self.stop || self.deepening_done(depth, score) {
                break;
            }
        }
        result.nodes = self.nodes;
        result.time_ms = self.elapsed();
        result.seldepth = (self.sel_depth + 1).min(usize::from(u8::MAX)) as u8;
        result.hashfull = table::hashfull(self.mem.tt);
        Ok(())
    }

    /// One iteration at `depth` within a window around the previous iteration's `score`
    /// (from [`ASPIRATION_MIN_DEPTH`] on), widened and searched again while the result falls
    /// outside it; each failure is reported with its bound.
    fn aspiration(&mut self, depth: i32, score: i32) -> i32 {
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = if depth >= ASPIRATION_MIN_DEPTH {
            (score - delta, score + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        self.root_depth = depth;
        loop {
            let v = self.negamax(depth, 0, alpha, beta, false);
            if self.stop {
                return v;
            }
            if v <= alpha {
                self.report(depth, v, ScoreBound::Upper);
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-INFINITY);
            } else if v >= beta {
                self.report(depth, v, ScoreBound::Lower);
                beta = (v + delta).min(INFINITY);
            } else {
                return v;
            }
            delta += delta / 2 + ASPIRATION_GROWTH;
        }
    }

    /// The first move of the root's principal variation (`Move::NULL` when it has none).
    fn root_pv_move(&self) -> Move {
        match self.mem.frames.first() {
            Some(f) if f.pv_len > 0 => f.pv[0],
            _ => Move::NULL,
        }
    }

    /// Leaves in the root's move list only the moves this line may rank: within the requested
    /// root moves, and not ranked already in this iteration. (Out of line: the recursion's
    /// frame stays as it was.)
    #[inline(never)]
    pub(super) fn keep_root_moves(&mut self) {
        self.root_number = 0;
        let ranked = self.ranked.get(..self.ranked_len).unwrap_or(&[]);
        let wanted = self.root_moves;
        if let Some(root) = self.mem.frames.first_mut() {
            root.moves
                .retain(|mv| !ranked.contains(&mv) && (wanted.is_empty() || wanted.contains(&mv)));
            debug_assert!(
                !root.moves.is_empty(),
                "a line always has a root move to rank"
            );
        }
    }

    /// Takes a completed iteration's principal variation and score into `result` and reports
    /// it.
    fn complete_iteration(&mut self, result: &mut SearchResult, depth: i32, score: i32) {
        if let Some(f) = self.mem.frames.first() {
            if f.pv_len > 0 {
                result.pv = f.pv;
                result.pv_len = f.pv_len;
                result.best = f.pv[0];
            }
        }
        result.score = score;
        result.depth = depth as u8;
        self.report(depth, score, ScoreBound::Exact);
    }

    /// True when no further iteration should start: the host asked to stop, a timed search has
    /// used too much of its time to finish another one, or a mate is found and confirmed.
    fn deepening_done(&mut self, depth: i32, score: i32) -> bool {
        if self.stop_pending {
            return true;
        }
        if let Limit::Time(ms) = self.limit {
            // Don't start an iteration that is unlikely to finish.
            if self.elapsed() >= u64::from(ms) / TIME_NEW_ITERATION_DIVISOR {
                return true;
            }
        }
        score.abs() > MATE_BOUND && depth > (MATE - score.abs()) + MATE_CONFIRM_PLIES
    }

    fn elapsed(&mut self) -> u64 {
        self.budget.now_ms().saturating_sub(self.start_ms)
    }

    /// Tells the host how the search stands after an iteration at `depth` (or an aspiration
    /// failure) with the root's current principal variation.
    #[inline(never)]
    fn report(&mut self, depth: i32, score: i32, bound: ScoreBound) {
        let progress = Progress {
            depth: depth.clamp(0, i32::from(u8::MAX)) as u8,
            // Plies counted from 1, as UCI does.
            seldepth: (self.sel_depth + 1).min(usize::from(u8::MAX)) as u8,
            score,
            bound,
            nodes: self.nodes,
            time_ms: self.elapsed(),
            hashfull: table::hashfull(self.mem.tt),
            line: self.line,
        };
        let pv = self
            .mem
            .frames
            .first()
            .and_then(|f| f.pv.get(..f.pv_len))
            .unwrap_or(&[]);
        self.budget.iteration_done(&progress, &self.pos, pv);
    }

    #[inline]
    pub(super) fn count_node(&mut self) {
        self.nodes += 1;
        if self.may_stop && self.nodes >= self.node_limit {
            self.stop = true;
        }
        if self.nodes >= self.next_check {
            self.poll();
        }
    }

    /// The look at the host every [`CHECK_INTERVAL`] nodes: signals, stop requests, the clock.
    #[inline(never)]
    fn poll(&mut self) {
        self.next_check = self.nodes + CHECK_INTERVAL;
        self.budget.nodes_searched(self.nodes);
        if self.budget.interrupted() {
            self.interrupted = true;
            self.stop = true;
        } else if self.budget.stop_requested() {
            // Before the first iteration is complete there is no move to play yet.
            if self.may_stop {
                self.stop = true;
            } else {
                self.stop_pending = true;
            }
        } else if let Limit::Time(ms) = self.limit {
            if self.may_stop && self.elapsed() >= u64::from(ms) {
                self.stop = true;
            }
        }
    }
}
