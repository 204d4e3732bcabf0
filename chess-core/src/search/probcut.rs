//! ProbCut: a node deep enough, outside the PV, with a capture that beats beta by a margin in
//! a search a few plies shallower, is taken to beat beta in its own search too.

use super::table::Bound;
use super::{see, Searcher, MATE_BOUND};
use crate::game::HistoryStore;
use crate::movegen::{self, GenType};
use crate::piece::Move;

/// ProbCut applies from this depth...
pub(super) const PROBCUT_MIN_DEPTH: i32 = 5;
/// ...to captures that beat beta by this margin...
const PROBCUT_MARGIN: i32 = 150;
/// ...in a search this many plies shallower than the node...
const PROBCUT_REDUCTION: i32 = 4;
/// ...whose result the table keeps as a lower bound this many plies shallower than the node.
const PROBCUT_STORE_DEPTH: i32 = 3;

impl<H: HistoryStore> Searcher<'_, '_, H> {
    /// Step 9 of the node at `ply`, `depth` plies deep, ProbCut: its captures that could win
    /// enough over its corrected static evaluation (in its frame) are searched, first by
    /// quiescence, then [`PROBCUT_REDUCTION`] plies shallower, against beta raised by
    /// [`PROBCUT_MARGIN`]. `Some` is the node's value when one beats it (0 when the search
    /// stopped). Skipped when the table, as the node found it, says the node stays below the
    /// raised beta. Its searches are nested like a singular search's: no other nested search
    /// starts inside them, so the stack holds at most one such frame. (Out of line: the
    /// recursion's frame stays small.)
    #[inline(never)]
    pub(super) fn probcut(&mut self, ply: usize, depth: i32, beta: i32) -> Option<i32> {
        // Not inside another nested search, nor in a singular search of this node (which
        // leaves a move out), nor near a mate.
        let f = self.frame(ply)?;
        let (_, static_eval) = f.static_eval?;
        let (excluded, tt) = (f.excluded, f.tt);
        if excluded != Move::NULL || self.in_nested || beta.abs() >= MATE_BOUND {
            return None;
        }
        let raised = beta + PROBCUT_MARGIN;
        if let Some(e) = tt {
            if e.depth() >= depth - PROBCUT_STORE_DEPTH
                && matches!(e.bound(), Bound::Upper | Bound::Exact)
                && e.score(ply) < raised
            {
                return None;
            }
        }
        let frame = self.mem.frames.get_mut(ply)?;
        frame.moves.clear();
        movegen::generate(&self.pos, GenType::Tactical, &mut frame.moves);
        self.score_moves(ply, Move::NULL);
        self.in_nested = true;
        let mut found = None;
        let mut index = 0;
        while let Some(mv) = self.pick(ply, index) {
            index += 1;
            if see(&self.pos, mv) < raised - static_eval || !self.make(ply, mv) {
                continue;
            }
            let mut v = -self.quiescence(ply + 1, -raised, -raised + 1);
            if v >= raised {
                v = -self.negamax(
                    depth - PROBCUT_REDUCTION,
                    ply + 1,
                    -raised,
                    -raised + 1,
                    false,
                );
            }
            self.unmake(ply, mv);
            if self.stop {
                found = Some(0);
                break;
            }
            if v >= raised {
                self.store(depth - PROBCUT_STORE_DEPTH, v, (Bound::Lower, mv), ply);
                found = Some(if v.abs() >= MATE_BOUND {
                    beta
                } else {
                    v - PROBCUT_MARGIN
                });
                break;
            }
        }
        self.in_nested = false;
        found
    }
}
