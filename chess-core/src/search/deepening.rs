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
/// A timed search starts no new iteration once this share (1/n) of its time is gone, scaled
/// by [`iteration_time_permille`]: sooner when the best move has held, later when it has just
/// changed or the score is falling.
const TIME_NEW_ITERATION_DIVISOR: u64 = 2;
/// The scale (per mille) in the iteration after the best move changed.
const TIME_SCALE_UNSETTLED: u64 = 1300;
/// Taken off the scale for each further iteration that kept the best move ...
const TIME_SCALE_STABLE_STEP: u64 = 100;
/// ... counting at most this many.
const TIME_STABLE_ITERATIONS: u8 = 6;
/// Added to the scale for each centipawn the score fell in the last iteration ...
const TIME_SCALE_PER_CP_FALL: u64 = 8;
/// ... counting at most this many centipawns.
const TIME_FALL_CP: i32 = 50;
/// The largest scale: an iteration started later than this would rarely finish.
const TIME_SCALE_MAX: u64 = 1500;

/// How much of a timed search's usual share (per mille) may pass before an iteration starts,
/// after `stable` iterations in a row with the same best move (0: it has just changed) and a
/// score that fell by `fall` centipawns in the last one (negative: it rose).
///
/// A best move held for six iterations stops at 700, one that has just changed goes on to
/// 1300, and a falling score adds up to 400 more, to at most 1500.
pub(super) fn iteration_time_permille(stable: u8, fall: i32) -> u64 {
    let settled = u64::from(stable.min(TIME_STABLE_ITERATIONS)) * TIME_SCALE_STABLE_STEP;
    let fall = fall.clamp(0, TIME_FALL_CP) as u64 * TIME_SCALE_PER_CP_FALL;
    (TIME_SCALE_UNSETTLED - settled + fall).min(TIME_SCALE_MAX)
}

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
        // How settled the search looks: for how many iterations the best move has held, and
        // how far the last iteration's score fell.
        let (mut stable, mut fall) = (0u8, 0i32);
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
                    // A cut iteration's move is kept once the root has searched one in full at
                    // the new depth and it raised alpha (the last iteration's best move, the
                    // table's, is searched first); score and depth stay the last complete
                    // iteration's. A search ended by its node count (`07 N`, the levels) keeps
                    // the complete iteration's move.
                    if lines == 1 && self.nodes < self.node_limit {
                        self.take_root_pv(result);
                    }
                    break;
                }
                if let (Some(line), Some(slot)) = (ranked.get_mut(k), self.ranked.get_mut(k)) {
                    *line = RootLine { mv, score: value };
                    *slot = mv;
                    self.ranked_len = k + 1;
                }
                if k == 0 {
                    if depth > 1 {
                        stable = if mv == result.best {
                            stable.saturating_add(1)
                        } else {
                            0
                        };
                        fall = score - value;
                    }
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
            let permille = iteration_time_permille(stable, fall);
            if self.stop || self.deepening_done(depth, score, permille) {
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
        self.take_root_pv(result);
        result.score = score;
        result.depth = depth as u8;
        self.report(depth, score, ScoreBound::Exact);
    }

    /// Takes the root's principal variation and its move into `result`, when it has one.
    #[inline(never)]
    fn take_root_pv(&self, result: &mut SearchResult) {
        if let Some(f) = self.mem.frames.first().filter(|f| f.pv_len > 0) {
            result.pv = f.pv;
            result.pv_len = f.pv_len;
            result.best = f.pv[0];
        }
    }

    /// True when no further iteration should start: the host asked to stop, a timed search has
    /// used too much of its time (`permille` of its usual share) to go on, or a mate is found
    /// and confirmed.
    fn deepening_done(&mut self, depth: i32, score: i32, permille: u64) -> bool {
        if self.stop_pending {
            return true;
        }
        if let Limit::Time(ms) = self.limit {
            // Don't start an iteration that is unlikely to finish, or not needed.
            if self.elapsed() >= u64::from(ms) * permille / (1000 * TIME_NEW_ITERATION_DIVISOR) {
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

#[cfg(test)]
mod tests {
    use super::iteration_time_permille;

    #[test]
    fn the_iteration_time_follows_the_best_move_and_the_score() {
        // (iterations the best move held, centipawns the score fell, per mille of the share)
        for (stable, fall, permille) in [
            (0, 0, 1300),
            (1, 0, 1200),
            (3, 0, 1000),
            (6, 0, 700),
            (20, 0, 700),
            (6, -300, 700),
            (6, 10, 780),
            (6, 50, 1100),
            (6, 5000, 1100),
            (2, 50, 1500),
            (0, 50, 1500),
        ] {
            assert_eq!(
                iteration_time_permille(stable, fall),
                permille,
                "{stable} {fall}"
            );
        }
    }
}
