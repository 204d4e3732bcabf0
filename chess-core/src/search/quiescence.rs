//! Quiescence: below the search's horizon, captures (and queen promotions) until the position
//! is quiet, so that no score is taken in the middle of an exchange.

#[cfg(feature = "stack-probe")]
use super::probe;
use super::{Searcher, INFINITY, MATE, MAX_PLY};
use crate::eval::{self, PIECE_VALUE};
use crate::game::HistoryStore;
use crate::movegen::{self, GenType};
use crate::piece::{Move, PieceKind};

/// Quiescence delta pruning: a capture must be able to lift the score to within this of alpha.
const DELTA_MARGIN: i32 = 200;

impl<H: HistoryStore> Searcher<'_, '_, H> {
    /// The quiescence search of one node: captures (and queen promotions) until the position
    /// is quiet, every evasion when in check, within the window (`alpha`, `beta`).
    pub(super) fn quiescence(&mut self, ply: usize, mut alpha: i32, beta: i32) -> i32 {
        #[cfg(feature = "stack-probe")]
        probe::note(ply, self.in_nested);
        // Step 1. Initialise the node; at the deepest ply the frames allow, evaluate.
        self.count_node();
        if self.stop {
            return 0;
        }
        self.sel_depth = self.sel_depth.max(ply);
        if let Some(f) = self.frame(ply) {
            f.pv_len = 0;
        }
        let in_check = self.pos.in_check();
        if ply + 1 >= MAX_PLY.min(self.mem.frames.len()) {
            return if in_check {
                0
            } else {
                eval::evaluate(&self.pos)
            };
        }
        // Step 2. Stand pat: outside check the side to move may decline every capture.
        let mut best = -INFINITY;
        if !in_check {
            let stand_pat = self.corrected_eval(ply, false);
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
        }
        // Step 3. Generate the tactical moves (all evasions in check) and order them. None at
        // all in check is mate.
        let Some(frame) = self.mem.frames.get_mut(ply) else {
            return best;
        };
        frame.moves.clear();
        movegen::generate(&self.pos, GenType::Tactical, &mut frame.moves);
        if frame.moves.is_empty() {
            return if in_check { -MATE + ply as i32 } else { best };
        }
        self.score_moves(ply, Move::NULL);

        // Step 4. The move loop.
        let mut index = 0;
        while let Some(mv) = self.pick(ply, index) {
            index += 1;
            // Step 5. Pruning: captures that lose material are not worth a look outside check.
            if !in_check && self.score_of(ply, index - 1) < 0 {
                break;
            }
            // Delta pruning: even winning this piece cannot lift us to alpha.
            if !in_check && mv.promotion_kind().is_none() {
                let gain = self
                    .pos
                    .board()
                    .kind_at(mv.to())
                    .map_or(PIECE_VALUE[PieceKind::Pawn.index()], |k| {
                        PIECE_VALUE[k.index()]
                    });
                if best + gain + DELTA_MARGIN < alpha {
                    continue;
                }
            }
            // Step 6. Search the move; a new best raises alpha, up to a beta cutoff.
            if !self.make(ply, mv) {
                continue;
            }
            let value = -self.quiescence(ply + 1, -beta, -alpha);
            self.unmake(ply, mv);
            if self.stop {
                return 0;
            }
            if value > best {
                best = value;
                if value > alpha {
                    alpha = value;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
