//! The small steps of a node, out of line so that their locals stay out of the recursion's
//! frame: the table store, the singular search, the exchange test, repetitions, making and
//! taking back a move at a ply, and the PV.

use super::table::{self, Bound};
use super::{
    see, Frame, Moved, Searcher, MATE_BOUND, MAX_PLY, SE_MARGIN, SE_MIN_DEPTH, SE_TT_DEPTH_MARGIN,
};
use crate::board::{en_passant_victim, Position, Undo};
use crate::eval::network::{Delta, MOVE_SQUARES};
use crate::game::HistoryStore;
use crate::movegen::{self, GenType};
use crate::piece::{Color, Move, PieceKind, Square};

/// Where a node's move loop stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Stage {
    /// The table's move, legal here, is next; nothing is generated yet.
    TableMove,
    /// The moves are to be generated and ordered.
    Generate,
    /// The moves are generated: the next is the best ordered of those left.
    Pick,
}

impl<H: HistoryStore> Searcher<'_, '_, H> {
    /// Stores a node's result in the table, except at a root that left moves out: it did not
    /// search the position itself. The key is the position's own, every move taken back by
    /// then, and the static evaluation the node's frame keeps goes with it. A node whose best
    /// move is quiet (or that has none) also teaches the correction history how far its
    /// result lies from its static evaluation. (The bound and the move
    /// travel as one small pair so that every argument fits in a register: no stack slot in
    /// each recursion frame.)
    #[inline(never)]
    pub(super) fn store(&mut self, depth: i32, score: i32, found: (Bound, Move), ply: usize) {
        let (bound, mv) = found;
        if mv == Move::NULL || mv.is_quiet() {
            self.learn_correction(ply, depth, score, bound);
        }
        let key = self.pos.hash();
        if ply > 0 || (self.ranked_len == 0 && self.root_moves.is_empty()) {
            let eval = self
                .frame(ply)
                .and_then(|f| f.static_eval)
                .map(|(raw, _)| raw);
            table::store(self.mem.tt, key, depth, (score, eval), bound, mv, ply);
        }
    }

    /// Step 3 of the node at `ply`, `depth` plies deep in the window (`alpha`, `beta`), which
    /// leaves `excluded` out: what the table holds for its position goes into its frame, and a
    /// deep enough lower bound makes the stored move a candidate for the singular extension.
    /// `Err` is the node's value, when the stored score is deep enough and its bound fits the
    /// window (outside the PV and not in a singular search, which asks about the other moves):
    /// the node ends there. `Ok` is the table's move (`Move::NULL`: none). (Out of line: the
    /// slot stays out of the recursion's frame.)
    #[inline(never)]
    pub(super) fn probe_table(
        &mut self,
        ply: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        excluded: Move,
    ) -> Result<Move, i32> {
        let e = table::probe(self.mem.tt, self.pos.hash());
        let candidate = ply > 0
            && excluded == Move::NULL
            && !self.in_nested
            && depth >= SE_MIN_DEPTH
            && (ply as i32) < 2 * self.root_depth;
        if let Some(f) = self.frame(ply) {
            f.tt = e;
        }
        let Some(e) = e else {
            return Ok(Move::NULL);
        };
        let score = e.score(ply);
        if candidate
            && e.mv() != Move::NULL
            && e.depth() >= depth - SE_TT_DEPTH_MARGIN
            && matches!(e.bound(), Bound::Lower | Bound::Exact)
            && score.abs() < MATE_BOUND
        {
            if let Some(f) = self.frame(ply) {
                f.singular_beta = Some(score - SE_MARGIN * depth);
            }
        }
        let pv_node = beta - alpha > 1;
        if !pv_node && excluded == Move::NULL && e.depth() >= depth {
            let cut = match e.bound() {
                Bound::Exact => true,
                Bound::Lower => score >= beta,
                Bound::Upper => score <= alpha,
                Bound::None => false,
            };
            if cut {
                return Err(score);
            }
        }
        Ok(e.mv())
    }

    /// Step 10 of the node at `ply`: the singular search of its table move `tt_move`, at half
    /// the node's `depth`, without that move, in a null window just under the frame's singular
    /// beta. When every other move stays below it, the frame marks the move for a ply more;
    /// when one does not but the table's score still beats `beta`, for a ply less.
    /// `Some` is the node's value: 0 when the search stopped, the window's bound when the other
    /// moves beat `beta` too (multi-cut). (Out of line, with the window: the recursion's frame
    /// stays small.)
    #[inline(never)]
    pub(super) fn singular(
        &mut self,
        ply: usize,
        depth: i32,
        tt_move: Move,
        beta: i32,
    ) -> Option<i32> {
        debug_assert!(!self.in_nested, "nested searches do not nest");
        let f = self.frame(ply)?;
        let singular_beta = f.singular_beta?;
        // Read now: the search below starts this ply's node over.
        let tt_score = f.tt?.score(ply);
        f.excluded = tt_move;
        self.in_nested = true;
        let v = self.negamax(
            (depth - 1) / 2,
            ply,
            singular_beta - 1,
            singular_beta,
            false,
        );
        self.in_nested = false;
        if self.stop {
            return Some(0);
        }
        let f = self.frame(ply)?;
        // The node's own search starts over: no move left out, no PV of the other moves.
        f.excluded = Move::NULL;
        f.pv_len = 0;
        if v < singular_beta {
            f.extension = 1;
            None
        } else if singular_beta >= beta {
            Some(singular_beta)
        } else {
            // Not singular, but the table's score beats beta: other moves may too, so this
            // one is searched a ply shallower.
            if tt_score >= beta {
                f.extension = -1;
            }
            None
        }
    }

    /// Step 11 of the node at `ply`: its move loop starts with the table's move `tt_move` when
    /// that is legal here (a slot's move may be another position's, when their keys meet),
    /// except at the root and in a singular search (`excluded` set), and otherwise with the
    /// generated moves.
    #[inline(never)]
    pub(super) fn start_moves(&mut self, ply: usize, tt_move: Move, excluded: Move) {
        let first = ply > 0
            && excluded == Move::NULL
            && tt_move != Move::NULL
            && self.pos.is_legal(tt_move);
        debug_assert!(
            tt_move == Move::NULL
                || self.pos.is_legal(tt_move) == movegen::legal_moves(&self.pos).contains(tt_move),
            "is_legal agrees with the generator"
        );
        if let Some(f) = self.frame(ply) {
            f.tt_move = tt_move;
            f.stage = if first {
                Stage::TableMove
            } else {
                Stage::Generate
            };
        }
    }

    /// The move the loop of the node at `ply` searches as its `index`th: the table's move
    /// first when [`Self::start_moves`] found it legal, then the generated moves in order
    /// (the table's move, sorted first, passed over when it has been searched already);
    /// `None` when no move is left. A node none is given at `index` 0 has no move at all.
    #[inline(never)]
    pub(super) fn next_move(&mut self, ply: usize, index: usize) -> Option<Move> {
        let f = self.mem.frames.get_mut(ply)?;
        match f.stage {
            Stage::TableMove => {
                f.stage = Stage::Generate;
                return Some(f.tt_move);
            }
            Stage::Generate => {
                f.stage = Stage::Pick;
                let tt_move = f.tt_move;
                f.moves.clear();
                movegen::generate(&self.pos, GenType::All, &mut f.moves);
                if f.moves.is_empty() {
                    return None;
                }
                if ply == 0 {
                    // Only the root moves this line may rank (never none: lines <= root moves).
                    self.keep_root_moves();
                }
                self.score_moves(ply, tt_move);
                if index > 0 {
                    let first = self.pick(ply, 0);
                    debug_assert_eq!(first, Some(tt_move), "the table's move sorts first");
                }
            }
            Stage::Pick => {}
        }
        self.pick(ply, index)
    }

    /// Keeps alpha as the move loop of the node at `ply` starts, for [`Self::check_pv`].
    #[cfg(debug_assertions)]
    #[inline(never)]
    pub(super) fn note_loop_alpha(&mut self, ply: usize, alpha: i32) {
        if let Some(f) = self.frame(ply) {
            f.loop_alpha = alpha;
        }
    }

    /// Asserts that the node at `ply`, whose loop ended with `alpha`, has a PV exactly when its
    /// loop raised alpha. (Out of line, the start's alpha in the frame: the debug build's
    /// recursion frame stays the size of the release build's.)
    #[cfg(debug_assertions)]
    #[inline(never)]
    pub(super) fn check_pv(&mut self, ply: usize, alpha: i32) {
        if let Some(f) = self.frame(ply) {
            debug_assert_eq!(
                f.pv_len > 0,
                alpha > f.loop_alpha,
                "a PV exactly when alpha rose"
            );
        }
    }

    /// True when `mv` loses more than `margin` in the exchanges on its square. (Out of line:
    /// the exchange's swap list stays out of the recursion's frame.)
    #[inline(never)]
    pub(super) fn loses_material(&self, mv: Move, margin: i32) -> bool {
        see(&self.pos, mv) < -margin
    }

    /// True when the position at `ply` repeats an earlier one (a draw for the search).
    #[inline(never)]
    pub(super) fn is_repetition(&self, ply: usize) -> bool {
        let key = self.pos.hash();
        let window = usize::from(self.pos.halfmove_clock());
        // Positions of this search, two plies apart, then the game's.
        let mut back = 2;
        while back <= window {
            let k = if back <= ply {
                self.mem.frames.get(ply - back).map(|f| f.key)
            } else {
                self.game.key_before(back - ply)
            };
            match k {
                Some(k) if k == key => return true,
                Some(_) => {}
                None => return false,
            }
            back += 2;
        }
        false
    }

    /// Plays `mv` at `ply`, keeping what undoes it (and the key the next ply's continuation
    /// history answers) in that ply's frame, and makes the next
    /// ply's network sums from this ply's (out of line, so that neither its locals nor the
    /// undo record sit in every recursion frame). False when the move is refused, which a
    /// generated move never is.
    #[inline(never)]
    pub(super) fn make(&mut self, ply: usize, mv: Move) -> bool {
        let Some(frame) = self.mem.frames.get_mut(ply) else {
            return false;
        };
        let changes = Changes::of(&self.pos, mv);
        let moved = self
            .pos
            .board()
            .kind_at(mv.from())
            .map_or(Moved::NONE, |kind| {
                Moved::of(self.pos.side_to_move(), kind, mv.to())
            });
        match self.pos.make(mv) {
            Ok(undo) => {
                frame.undo = undo;
                frame.moved = moved;
                self.follow(ply, &changes);
                if ply == 0 {
                    // Tell the host which root move the search is on.
                    self.root_number = self.root_number.saturating_add(1);
                    self.budget.root_move(mv, self.root_number);
                }
                true
            }
            Err(_) => false,
        }
    }

    /// The next ply's network sums: this ply's, with the squares a move changed taken out as
    /// they were and put back as they are.
    fn follow(&mut self, ply: usize, changes: &Changes) {
        let (head, tail) = self
            .mem
            .frames
            .split_at_mut((ply + 1).min(self.mem.frames.len()));
        let (Some(parent), Some(child)) = (head.last(), tail.first_mut()) else {
            return;
        };
        let mut delta = Delta::NONE;
        for &(sq, was) in changes.squares.iter().take(changes.len) {
            let now = self.pos.board().piece_at(sq);
            if was != now {
                if let Some(piece) = was {
                    delta.push(piece, sq, false);
                }
                if let Some(piece) = now {
                    delta.push(piece, sq, true);
                }
            }
        }
        child.sums.follow(&parent.sums, &delta);
    }

    /// Passes at `ply` (the null move): the next ply's network sums are this ply's, and its
    /// continuation history has no move to answer.
    #[inline(never)]
    pub(super) fn make_null(&mut self, ply: usize) -> Undo {
        if let Some(f) = self.mem.frames.get_mut(ply) {
            f.moved = Moved::NONE;
        }
        if let (Some(sums), Some(child)) = (
            self.mem.frames.get(ply).map(|f| f.sums),
            self.mem.frames.get_mut(ply + 1),
        ) {
            child.sums = sums;
        }
        self.pos.make_null()
    }

    /// Takes back the move [`Searcher::make`] played at `ply`.
    #[inline(never)]
    pub(super) fn unmake(&mut self, ply: usize, mv: Move) {
        if let Some(frame) = self.mem.frames.get(ply) {
            self.pos.unmake(mv, &frame.undo);
        }
    }

    /// The plies the singular search of the node at `ply` adds to the search of `mv` (+1, −1 or
    /// 0). (Out of line: the recursion's frame stays small.)
    #[inline(never)]
    pub(super) fn extension(&mut self, ply: usize, mv: Move) -> i32 {
        self.frame(ply)
            .filter(|f| f.tt_move == mv)
            .map_or(0, |f| i32::from(f.extension))
    }

    /// The frame of `ply` (`None` beyond the frames the caller supplied).
    pub(super) fn frame(&mut self, ply: usize) -> Option<&mut Frame> {
        self.mem.frames.get_mut(ply)
    }

    /// Makes `mv` followed by the child's PV this ply's PV, copying between frames directly
    /// (not through the stack, which must stay small in the kernel).
    #[inline(never)]
    pub(super) fn update_pv(&mut self, ply: usize, mv: Move) {
        let (head, tail) = self
            .mem
            .frames
            .split_at_mut((ply + 1).min(self.mem.frames.len()));
        let Some(f) = head.last_mut() else { return };
        f.pv[0] = mv;
        f.pv_len = 1;
        if let Some(child) = tail.first() {
            let n = child.pv_len.min(MAX_PLY - 1);
            if let (Some(dst), Some(src)) = (f.pv.get_mut(1..=n), child.pv.get(..n)) {
                dst.copy_from_slice(src);
                f.pv_len = n + 1;
            }
        }
    }
}

/// The squares a move changes, with what stood on each before it: its origin and target, and
/// the rook's two squares when castling or the captured pawn's when taking en passant.
struct Changes {
    squares: [(Square, Option<(Color, PieceKind)>); MOVE_SQUARES],
    len: usize,
}

impl Changes {
    fn of(pos: &Position, mv: Move) -> Changes {
        let b = pos.board();
        let from = mv.from();
        let at = |sq: Square| (sq, b.piece_at(sq));
        let origin = at(from);
        let mut c = Changes {
            squares: [origin, at(mv.to()), origin, origin],
            len: 2,
        };
        if let Some(side) = mv.castling_side() {
            c.squares[2] = at(from.with_file(side.rook_from()));
            c.squares[3] = at(from.with_file(side.rook_to()));
            c.len = 4;
        } else if mv.is_en_passant() {
            c.squares[2] = at(en_passant_victim(mv.to(), pos.side_to_move()));
            c.len = 3;
        }
        c
    }
}
