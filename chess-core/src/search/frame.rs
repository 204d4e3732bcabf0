//! The per-ply search memory a caller supplies ([`Frame`]), one for each ply of the recursion.

use super::continuation::Moved;
use super::{Accumulator, Stage, TtEntry, KILLERS, MAX_PLY};
use crate::board::Undo;
use crate::movegen::{MoveList, MAX_MOVES};
use crate::piece::Move;

/// Per-ply search memory, owned by the caller (a heap allocation in the kernel).
#[derive(Clone)]
pub struct Frame {
    pub(super) moves: MoveList,
    pub(super) scores: [i32; MAX_MOVES],
    pub(super) pv: [Move; MAX_PLY],
    pub(super) pv_len: usize,
    pub(super) killers: [Move; KILLERS],
    pub(super) key: u64,
    /// The move a singular search at this ply leaves out (`Move::NULL` otherwise).
    pub(super) excluded: Move,
    /// How many plies the singular search at this ply changed the depth of the table's move
    /// by: a ply more when it was singular, a ply less when it was not but the table's score
    /// beat beta.
    pub(super) extension: i8,
    /// What the table held for this ply's node when it started (`None`: nothing).
    pub(super) tt: Option<TtEntry>,
    /// The null window under which the table's move of this ply's node is tested for being
    /// singular (`None`: not a candidate).
    pub(super) singular_beta: Option<i32>,
    /// The node's static evaluation, uncorrected and corrected (`None` in check), which the
    /// correction history learns from when the node is done.
    pub(super) static_eval: Option<(i32, i32)>,
    /// What undoes the move being searched at this ply.
    pub(super) undo: Undo,
    /// The piece and square of the move being searched at this ply, which the next ply's
    /// continuation history answers.
    pub(super) moved: Moved,
    /// The table's move of this ply's node (`Move::NULL`: none).
    pub(super) tt_move: Move,
    /// Where this ply's move loop stands.
    pub(super) stage: Stage,
    /// The evaluation network's sums of this ply's position, made from the ply before's by
    /// [`Searcher::make`].
    pub(super) sums: Accumulator,
    /// Alpha when this ply's move loop started (kept here, not across the recursion).
    #[cfg(debug_assertions)]
    pub(super) loop_alpha: i32,
}

impl Default for Frame {
    fn default() -> Self {
        Frame::new()
    }
}

impl Frame {
    /// An empty frame.
    pub const fn new() -> Frame {
        Frame {
            moves: MoveList::new(),
            scores: [0; MAX_MOVES],
            pv: [Move::NULL; MAX_PLY],
            pv_len: 0,
            killers: [Move::NULL; KILLERS],
            key: 0,
            excluded: Move::NULL,
            extension: 0,
            tt: None,
            singular_beta: None,
            static_eval: None,
            undo: Undo::NONE,
            moved: Moved::NONE,
            tt_move: Move::NULL,
            stage: Stage::Generate,
            sums: Accumulator::NONE,
            #[cfg(debug_assertions)]
            loop_alpha: 0,
        }
    }

    /// The move list of this ply (perft uses the frames too).
    pub fn moves_mut(&mut self) -> &mut MoveList {
        &mut self.moves
    }
}
