//! Correction history: how far the search's results have strayed from the static evaluation in
//! positions with the same pawns, and with the same pieces of either side, learned as the search
//! goes and added to the evaluation the pruning decisions and quiescence's stand-pat read. The
//! evaluation misjudges some pawn structures and some placements of a side's pieces the same way
//! every time; the search sees it and the table remembers.
//!
//! The table is the caller's slice (192 KiB at [`CORRECTION_SLOTS`]), in three parts of equal
//! length: one indexed by a hash of the two sides' pawns, one by White's other pieces and one by
//! Black's, each with the side to move. The position's correction is the sum of its three
//! slots, and each slot learns the error the other two leave. An empty slice disables it.

use super::table::Bound;
use super::{ordinary, Searcher, MATE_BOUND};
use crate::board::Position;
use crate::eval;
use crate::game::HistoryStore;
use crate::piece::{Color, Move, PieceKind};

/// The parts of the table: the pawns', White's pieces', Black's pieces'.
const CORRECTION_PARTS: usize = 3;
/// The slots of a part at [`CORRECTION_SLOTS`].
const CORRECTION_PART_SLOTS: usize = 1 << 15;
/// The slots a caller supplies: 98 304, two bytes each.
pub const CORRECTION_SLOTS: usize = CORRECTION_PARTS * CORRECTION_PART_SLOTS;
/// A slot counts in this many parts of a centipawn.
const CORRECTION_GRAIN: i32 = 256;
/// A slot corrects by at most this many centipawns either way.
const CORRECTION_MAX_CP: i32 = 64;
/// A new result moves a slot `min(depth + 1, CORRECTION_MAX_WEIGHT)` parts of
/// [`CORRECTION_WEIGHT_SCALE`] of the way to it: deeper results count more.
const CORRECTION_MAX_WEIGHT: i32 = 16;
/// See [`CORRECTION_MAX_WEIGHT`].
const CORRECTION_WEIGHT_SCALE: i32 = 256;

// Mixing constants for the pawn hash (odd, with well spread bits).
const MIX_WHITE: u64 = 0x9E37_79B9_7F4A_7C15;
const MIX_BLACK: u64 = 0xC2B2_AE3D_27D4_EB4F;
const MIX_FINAL: u64 = 0x1656_67B1_9E37_79F9;
const MIX_PIECES: u64 = 0xFF51_AFD7_ED55_8CCD;
const MIX_BLACK_TO_MOVE: u64 = 0x27D4_EB2F_1656_67C5;

/// One slot of the correction history: the evaluation's typical error in its positions, in
/// [`CORRECTION_GRAIN`] parts of a centipawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Correction(i16);

impl Correction {
    /// A slot that corrects nothing.
    pub const EMPTY: Correction = Correction(0);

    /// The correction in centipawns.
    fn centipawns(self) -> i32 {
        i32::from(self.0) / CORRECTION_GRAIN
    }

    /// Moves the slot toward `error` centipawns, by a weight that grows with `depth`.
    fn learn(&mut self, error: i32, depth: i32) {
        let limit = CORRECTION_MAX_CP * CORRECTION_GRAIN;
        let target = (error * CORRECTION_GRAIN).clamp(-limit, limit);
        let weight = (depth + 1).clamp(1, CORRECTION_MAX_WEIGHT);
        let cur = i32::from(self.0);
        let next =
            (cur * (CORRECTION_WEIGHT_SCALE - weight) + target * weight) / CORRECTION_WEIGHT_SCALE;
        debug_assert!(
            next.abs() <= limit,
            "a weighted mean stays within its bounds"
        );
        self.0 = next.clamp(-limit, limit) as i16;
    }
}

/// The slots of `pos` in a table of `len` slots, one in each part (`None` for a table too
/// short to have parts): a multiply-shift of a mix of both sides' pawns, then of White's
/// pieces but pawns, then of Black's, each with the side to move.
fn slots(pos: &Position, len: usize) -> Option<[usize; CORRECTION_PARTS]> {
    let part = len / CORRECTION_PARTS;
    if part == 0 {
        return None;
    }
    let b = pos.board();
    let white = b.pieces_bb(Color::White, PieceKind::Pawn);
    let black = b.pieces_bb(Color::Black, PieceKind::Pawn);
    let pawns = white.wrapping_mul(MIX_WHITE) ^ black.wrapping_mul(MIX_BLACK).rotate_left(32);
    let pieces = |side: Color| {
        PieceKind::ALL
            .into_iter()
            .filter(|&k| k != PieceKind::Pawn)
            .fold(0u64, |h, k| {
                (h.rotate_left(23) ^ b.pieces_bb(side, k)).wrapping_mul(MIX_PIECES)
            })
    };
    let to_move = if pos.side_to_move() == Color::Black {
        MIX_BLACK_TO_MOVE
    } else {
        0
    };
    let keys = [pawns, pieces(Color::White), pieces(Color::Black)];
    let mut slots = [0; CORRECTION_PARTS];
    for (i, (slot, key)) in slots.iter_mut().zip(keys).enumerate() {
        let mut h = key ^ to_move;
        h = (h ^ (h >> 29)).wrapping_mul(MIX_FINAL);
        let half = u32::BITS;
        let within = ((h >> half).wrapping_mul(part as u64 & u64::from(u32::MAX)) >> half) as usize;
        *slot = i * part + within;
    }
    Some(slots)
}

/// The evaluation as the search reads it: the static one plus its learned correction, kept
/// clear of the mate scores.
fn corrected(raw: i32, correction: i32) -> i32 {
    (raw + correction).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
}

impl<H: HistoryStore> Searcher<'_, '_, H> {
    /// The static evaluation of the position at `ply`, corrected. At a node (`node`) the
    /// uncorrected one and the corrected one are kept for [`Self::learn_correction`] and the
    /// table, and one the table already holds is read from there. (Out of line: the
    /// recursion's frame stays small.)
    #[inline(never)]
    pub(super) fn corrected_eval(&mut self, ply: usize, node: bool) -> i32 {
        // Only at a node, whose frame keeps what the table held: quiescence's positions are
        // rarely there, and its probe would cost a cache miss for nothing.
        let frame = self.mem.frames.get(ply);
        let stored = frame
            .filter(|_| node)
            .and_then(|f| f.tt)
            .and_then(|e| e.eval());
        let raw = match (stored, frame) {
            (Some(v), _) => v,
            (None, Some(f)) => eval::evaluate_from(&self.pos, &f.sums),
            (None, None) => eval::evaluate(&self.pos),
        };
        debug_assert!(
            stored.is_none_or(|v| v == eval::evaluate(&self.pos)),
            "a stored evaluation is the position's"
        );
        let correction = slots(&self.pos, self.mem.correction.len()).map_or(0, |slots| {
            slots
                .iter()
                .filter_map(|&i| self.mem.correction.get(i))
                .map(|c| c.centipawns())
                .sum()
        });
        let eval = corrected(raw, correction);
        if let Some(f) = self.frame(ply).filter(|_| node) {
            f.static_eval = Some((raw, eval));
        }
        eval
    }

    /// Step 5's evaluation of the node at `ply`: its corrected static evaluation, or the
    /// table's score where the stored bound says the position is worth more (a lower bound
    /// above it) or less (an upper bound below it), as a search has shown. Not for a mate
    /// score or a known win (whose evaluation shows the way to mate, which a stored bound
    /// would hide), nor in a singular search, whose node leaves the table's move out. The
    /// correction history still learns from the static evaluation alone.
    #[inline(never)]
    pub(super) fn node_eval(&mut self, ply: usize) -> i32 {
        let eval = self.corrected_eval(ply, true);
        let Some(f) = self.mem.frames.get(ply) else {
            return eval;
        };
        let Some(e) = f.tt.filter(|_| f.excluded == Move::NULL) else {
            return eval;
        };
        let score = e.score(ply);
        let better = match e.bound() {
            Bound::Lower => score > eval,
            Bound::Upper => score < eval,
            Bound::Exact | Bound::None => false,
        };
        if better && ordinary(score) && ordinary(eval) {
            score
        } else {
            eval
        }
    }

    /// A node at `ply` searched `depth` plies deep found `best`, with `bound`, and a quiet best
    /// move (or none): its slots learn how far that is from the static
    /// evaluation. Nothing is learnt in check, or from a bound that does not say on which side
    /// of the evaluation the position's value lies.
    pub(super) fn learn_correction(&mut self, ply: usize, depth: i32, best: i32, bound: Bound) {
        let Some((raw, eval)) = self.frame(ply).and_then(|f| f.static_eval) else {
            return;
        };
        let says = match bound {
            Bound::Lower => best > eval,
            Bound::Upper => best < eval,
            Bound::Exact => true,
            Bound::None => false,
        };
        if !says || best.abs() >= MATE_BOUND {
            return;
        }
        let Some(slots) = slots(&self.pos, self.mem.correction.len()) else {
            return;
        };
        // Each slot learns the error the others leave, as they stood before this result.
        let now = slots.map(|i| self.mem.correction.get(i).map_or(0, |c| c.centipawns()));
        let total: i32 = now.iter().sum();
        for (&i, own) in slots.iter().zip(now) {
            if let Some(c) = self.mem.correction.get_mut(i) {
                c.learn(best - raw - (total - own), depth);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_slot_learns_a_weighted_mean_within_its_bounds() {
        let mut c = Correction::EMPTY;
        c.learn(40, 15);
        // 16/256 of the way from 0 to 40 cp: 2.5 cp.
        assert_eq!(c.0, 640);
        assert_eq!(c.centipawns(), 2);
        for _ in 0..1000 {
            c.learn(1000, 30);
        }
        // Integer steps stop just short of the limit.
        assert_eq!(c.centipawns(), CORRECTION_MAX_CP - 1);
        for _ in 0..5000 {
            c.learn(-10, 0);
        }
        assert_eq!(c.centipawns(), -9, "the mean approaches -10 from above");
    }

    #[test]
    fn a_position_has_a_slot_in_each_part_shared_by_what_it_shares() {
        let at = |fen: &str| {
            slots(
                &crate::fen::parse_fen(fen.as_bytes()).unwrap(),
                CORRECTION_SLOTS,
            )
        };
        let start = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        for (part, &slot) in start.iter().enumerate() {
            assert_eq!(slot / CORRECTION_PART_SLOTS, part, "{start:?}");
        }
        // White's knight moved: the pawns' slot and Black's stay, White's changes.
        let nf3 = at("rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1").unwrap();
        assert_eq!((nf3[0], nf3[2]), (start[0], start[2]));
        assert_ne!(nf3[1], start[1]);
        // The side to move changes all three.
        let black = at("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1").unwrap();
        assert!(black.iter().zip(start).all(|(&b, s)| b != s));
        assert_eq!(
            slots(&crate::board::Position::startpos(), 2).map(|_| ()),
            None
        );
    }

    #[test]
    fn corrected_scores_stay_clear_of_mates() {
        assert_eq!(corrected(MATE_BOUND, 50), MATE_BOUND - 1);
        assert_eq!(corrected(-MATE_BOUND, -50), -MATE_BOUND + 1);
        assert_eq!(corrected(10, -3), 7);
    }
}
