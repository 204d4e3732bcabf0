//! Legal move generation: every piece, castling, en passant, promotion, check and pins.
//!
//! Moves are generated legal from the start (check evasion masks and pin rays), so no move needs
//! to be made and tested afterwards.

use crate::attacks::{self, Bitboard, Squares, FILE_A, FILE_H, RANK_1, RANK_2, RANK_7, RANK_8};
use crate::board::Position;
use crate::piece::{CastlingSide, Color, File, Move, MoveFlag, PieceKind, Square};

/// The most legal moves any position has is 218.
pub const MAX_MOVES: usize = 256;

/// A fixed-capacity list of moves.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::NULL; MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move (ignored if the list is full, which legal generation never reaches).
    #[inline]
    pub fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = mv;
            self.len += 1;
        }
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        self.moves.get(..self.len).unwrap_or(&[])
    }

    /// The moves, mutably (for ordering).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        self.moves.get_mut(..self.len).unwrap_or(&mut [])
    }

    /// True when `mv` is in the list.
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }
}

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenType {
    /// All legal moves.
    All,
    /// Captures and queen promotions only (for quiescence); all evasions when in check.
    Tactical,
}

#[inline]
fn forward(color: Color, bb: Bitboard) -> Bitboard {
    match color {
        Color::White => bb << 8,
        Color::Black => bb >> 8,
    }
}

#[inline]
fn push_targets(list: &mut MoveList, targets: Bitboard, offset: i8, flag: MoveFlag) {
    for to in Squares(targets) {
        let from = Square::from_index_masked((to.index() as i32 - i32::from(offset)) as u32);
        list.push(Move::new(from, to, flag));
    }
}

#[inline]
fn push_promotions(
    list: &mut MoveList,
    targets: Bitboard,
    offset: i8,
    capture: bool,
    gen: GenType,
) {
    for to in Squares(targets) {
        let from = Square::from_index_masked((to.index() as i32 - i32::from(offset)) as u32);
        list.push(Move::promotion(from, to, PieceKind::Queen, capture));
        if gen == GenType::All {
            list.push(Move::promotion(from, to, PieceKind::Knight, capture));
            list.push(Move::promotion(from, to, PieceKind::Rook, capture));
            list.push(Move::promotion(from, to, PieceKind::Bishop, capture));
        }
    }
}

/// Generates pawn moves for `pawns` (all of one pin class) restricted to `allowed` targets.
#[inline]
fn pawn_moves(
    pos: &Position,
    pawns: Bitboard,
    allowed: Bitboard,
    gen: GenType,
    list: &mut MoveList,
) {
    let us = pos.side_to_move();
    let b = pos.board();
    let empty = !b.occupied();
    let enemy = b.color_bb(us.other());
    let (last, third, up) = match us {
        Color::White => (RANK_8, RANK_2 << 8, 8i8),
        Color::Black => (RANK_1, RANK_7 >> 8, -8i8),
    };
    // Captures towards the a-file and towards the h-file.
    let (left, right, off_l, off_r) = match us {
        Color::White => ((pawns & !FILE_A) << 7, (pawns & !FILE_H) << 9, 7i8, 9i8),
        Color::Black => ((pawns & !FILE_A) >> 9, (pawns & !FILE_H) >> 7, -9i8, -7i8),
    };
    let left = left & enemy & allowed;
    let right = right & enemy & allowed;
    push_promotions(list, left & last, off_l, true, gen);
    push_promotions(list, right & last, off_r, true, gen);
    push_targets(list, left & !last, off_l, MoveFlag::Capture);
    push_targets(list, right & !last, off_r, MoveFlag::Capture);

    let single = forward(us, pawns) & empty;
    let double = forward(us, single & third) & empty & allowed;
    let single = single & allowed;
    push_promotions(list, single & last, up, false, gen);
    if gen == GenType::All {
        push_targets(list, single & !last, up, MoveFlag::Quiet);
        push_targets(list, double, up * 2, MoveFlag::DoublePush);
    }
}

/// Appends the legal moves of the side to move (of the kind `gen` asks for) to `list`.
#[inline(never)]
pub fn generate(pos: &Position, gen: GenType, list: &mut MoveList) {
    let us = pos.side_to_move();
    let them = us.other();
    let b = pos.board();
    let occ = b.occupied();
    let own = b.color_bb(us);
    let enemy = b.color_bb(them);
    let ksq = b.king_square(us);
    let checkers = b.attackers(ksq, occ) & enemy;
    let in_check = checkers != 0;
    // Every evasion matters when in check, quiet blocks and minor promotions included.
    let gen = if in_check { GenType::All } else { gen };

    // Target squares for pieces other than the king.
    let quiet_ok = gen == GenType::All;
    let base_targets = if quiet_ok { !own } else { enemy };

    // King moves: the king must not stay on a line it is attacked along, so it is removed
    // from the occupancy when testing its destinations.
    let occ_no_king = occ ^ ksq.bit();
    for to in Squares(attacks::king(ksq) & base_targets) {
        if !b.is_attacked_with(to, them, occ_no_king) {
            let flag = if enemy & to.bit() != 0 {
                MoveFlag::Capture
            } else {
                MoveFlag::Quiet
            };
            list.push(Move::new(ksq, to, flag));
        }
    }
    if checkers & checkers.wrapping_sub(1) != 0 {
        return; // double check: only the king moves
    }

    let target = if in_check {
        let checker = attacks::first(checkers);
        (attacks::between(ksq, checker) | checkers) & base_targets
    } else {
        base_targets
    };

    // Pins: an enemy slider on a line with the king and exactly one of our pieces between.
    let queens = b.kind_bb(PieceKind::Queen);
    let snipers = ((attacks::rook(ksq, 0) & (b.kind_bb(PieceKind::Rook) | queens))
        | (attacks::bishop(ksq, 0) & (b.kind_bb(PieceKind::Bishop) | queens)))
        & enemy;
    let mut pinned = 0;
    for s in Squares(snipers) {
        let blockers = attacks::between(ksq, s) & occ;
        if blockers & blockers.wrapping_sub(1) == 0 && blockers & own != 0 {
            pinned |= blockers;
        }
    }

    // Pawns.
    let pawns = b.pieces_bb(us, PieceKind::Pawn);
    // In quiescence, quiet promotions count as tactical: let them through the target mask.
    let pawn_target = if quiet_ok {
        target
    } else {
        target | (!occ & (RANK_1 | RANK_8))
    };
    pawn_moves(pos, pawns & !pinned, pawn_target, gen, list);
    for sq in Squares(pawns & pinned) {
        pawn_moves(
            pos,
            sq.bit(),
            pawn_target & attacks::line(ksq, sq),
            gen,
            list,
        );
    }
    if let Some(ep) = pos.ep_square() {
        let victim = Square::from_coords(
            ep.file(),
            match us {
                Color::White => 4,
                Color::Black => 3,
            },
        );
        // En passant answers a check only when the checker is the pawn it takes.
        if !in_check || checkers == victim.bit() {
            for from in Squares(attacks::pawn(them, ep) & pawns) {
                // Simulate the capture: two pawns leave a rank, which can expose the king.
                let occ_after = occ ^ from.bit() ^ victim.bit() ^ ep.bit();
                let rooks = (b.kind_bb(PieceKind::Rook) | queens) & enemy;
                let bishops = (b.kind_bb(PieceKind::Bishop) | queens) & enemy;
                if attacks::rook(ksq, occ_after) & rooks == 0
                    && attacks::bishop(ksq, occ_after) & bishops == 0
                {
                    list.push(Move::new(from, ep, MoveFlag::EnPassant));
                }
            }
        }
    }

    // Knights (a pinned knight can never move), then sliders.
    for from in Squares(b.pieces_bb(us, PieceKind::Knight) & !pinned) {
        push_piece_moves(list, from, attacks::knight(from) & target, enemy);
    }
    let diag = (b.kind_bb(PieceKind::Bishop) | queens) & own;
    for from in Squares(diag) {
        let mut t = attacks::bishop(from, occ) & target;
        if pinned & from.bit() != 0 {
            t &= attacks::line(ksq, from);
        }
        push_piece_moves(list, from, t, enemy);
    }
    let orth = (b.kind_bb(PieceKind::Rook) | queens) & own;
    for from in Squares(orth) {
        let mut t = attacks::rook(from, occ) & target;
        if pinned & from.bit() != 0 {
            t &= attacks::line(ksq, from);
        }
        push_piece_moves(list, from, t, enemy);
    }

    // Castling: rights, empty squares between king and rook, and an unattacked king path.
    if !in_check && gen == GenType::All {
        let rights = pos.castling();
        if rights.has(us, CastlingSide::King) {
            let rook = ksq.with_file(File::H);
            let (f, g) = (ksq.with_file(File::F), ksq.with_file(File::G));
            if attacks::between(ksq, rook) & occ == 0
                && !b.is_attacked_with(f, them, occ)
                && !b.is_attacked_with(g, them, occ)
            {
                list.push(Move::new(ksq, g, MoveFlag::CastleKing));
            }
        }
        if rights.has(us, CastlingSide::Queen) {
            let rook = ksq.with_file(File::A);
            let (d, c) = (ksq.with_file(File::D), ksq.with_file(File::C));
            if attacks::between(ksq, rook) & occ == 0
                && !b.is_attacked_with(d, them, occ)
                && !b.is_attacked_with(c, them, occ)
            {
                list.push(Move::new(ksq, c, MoveFlag::CastleQueen));
            }
        }
    }
}

#[inline]
fn push_piece_moves(list: &mut MoveList, from: Square, targets: Bitboard, enemy: Bitboard) {
    for to in Squares(targets & enemy) {
        list.push(Move::new(from, to, MoveFlag::Capture));
    }
    for to in Squares(targets & !enemy) {
        list.push(Move::new(from, to, MoveFlag::Quiet));
    }
}

/// All legal moves of the side to move.
pub fn legal_moves(pos: &Position) -> MoveList {
    let mut list = MoveList::new();
    generate(pos, GenType::All, &mut list);
    list
}

/// The legal moves of the piece on `from` (empty if none or not the side to move's).
pub fn legal_moves_from(pos: &Position, from: Square) -> MoveList {
    let all = legal_moves(pos);
    let mut list = MoveList::new();
    for &mv in all.as_slice().iter().filter(|m| m.from() == from) {
        list.push(mv);
    }
    list
}

/// True when the side to move has at least one legal move.
pub fn has_legal_move(pos: &Position) -> bool {
    !legal_moves(pos).is_empty()
}

/// Counts the leaves of the legal move tree of `depth` plies, making every move down to the
/// leaves (`bulk = false`) or counting the last ply's moves without making them (`bulk = true`).
pub fn perft(pos: &mut Position, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let list = legal_moves(pos);
    if bulk && depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0u64;
    for &mv in list.as_slice() {
        let undo = pos.make(mv);
        nodes = nodes.wrapping_add(perft(pos, depth - 1, bulk));
        pos.unmake(mv, &undo);
    }
    nodes
}
