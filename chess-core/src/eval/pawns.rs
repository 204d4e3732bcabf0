//! The pawn structure's terms, found for all of a side's pawns at once.
//!
//! Each trait (isolated, doubled, backward, connected, passed) is a set computed by shifting and
//! filling the pawn bitboards, a few instructions whatever the number of pawns; only the pawns
//! whose term depends on their own square (connected ones by rank, passed ones by their path
//! and the kings) are visited one by one.

use super::{add, count, distance, file_mask, front_span, pawn_attacks, push, Tracer};
use super::{Packed, PASSED_KING_FROM_RANK};
use crate::attacks::{self, Bitboard, Squares, EAST, WEST};
use crate::board::Board;
use crate::piece::{Color, PieceKind, Square};

/// `bb` and every square ahead of its squares (towards `color`'s last rank), on their files.
fn fill_forward(color: Color, bb: Bitboard) -> Bitboard {
    let mut bb = bb;
    // Three doublings cover the eight ranks.
    match color {
        Color::White => {
            bb |= bb << 8;
            bb |= bb << 16;
            bb |= bb << 32;
        }
        Color::Black => {
            bb |= bb >> 8;
            bb |= bb >> 16;
            bb |= bb >> 32;
        }
    }
    bb
}

/// The squares beside `bb`'s, on the same rank.
fn beside(bb: Bitboard) -> Bitboard {
    attacks::shift(bb, EAST) | attacks::shift(bb, WEST)
}

/// Isolated, doubled, backward, connected and passed pawns; a passed pawn's path, the rook
/// behind it and its distance to both kings.
// Inlined into `side_score`, for a constant colour.
#[inline(always)]
pub(super) fn pawn_terms<T: Tracer>(
    b: &Board,
    us: Color,
    their_pawn_attacks: Bitboard,
    t: &mut T,
    s: &mut Packed,
) {
    use super::terms::*;
    let them = us.other();
    let our_pawns = b.pieces_bb(us, PieceKind::Pawn);
    let their_pawns = b.pieces_bb(them, PieceKind::Pawn);
    let next_to_ours = beside(our_pawns);

    // Our pawns and the squares behind them, on their files.
    let pawns_and_behind = fill_forward(them, our_pawns);
    // No pawn of ours on a neighbouring file: the files of our pawns, spread sideways.
    let our_files = fill_forward(us, pawns_and_behind);
    let isolated = our_pawns & !beside(our_files);
    if isolated != 0 {
        add(t, s, us, ISOLATED, count(isolated));
    }
    // A pawn of ours in front on the file: our pawns on the squares behind our pawns (the
    // fill above, one step back).
    let doubled = our_pawns & push(them, pawns_and_behind);
    if doubled != 0 {
        add(t, s, us, DOUBLED, count(doubled));
    }
    // No pawn of ours beside or behind on the neighbouring files (none of the squares level
    // with or ahead of one of our pawns, a file over), and the square in front attacked by an
    // enemy pawn (the pawn stands one step behind an attacked square).
    let backward = our_pawns & !fill_forward(us, next_to_ours) & push(them, their_pawn_attacks);
    if backward != 0 {
        add(t, s, us, BACKWARD, count(backward));
    }
    // Defended by a pawn or with a pawn beside it.
    let connected = our_pawns & (pawn_attacks(us, our_pawns) | next_to_ours);
    for sq in Squares(connected) {
        let rank = usize::from(sq.relative_to(us).rank());
        add(t, s, us, CONNECTED + rank, 1);
    }
    // No enemy pawn in front on the file or the neighbouring files: not on a square behind an
    // enemy pawn or beside one (from our side).
    let stopped = fill_forward(them, push(them, their_pawns | beside(their_pawns)));
    for sq in Squares(our_pawns & !stopped) {
        passed_pawn(b, us, sq, t, s);
    }
}

/// A passed pawn's terms: by its rank, its path (free or blocked), our rook behind it and the
/// kings' distances to the square in front of it.
// Inlined, for a constant colour.
#[inline(always)]
fn passed_pawn<T: Tracer>(b: &Board, us: Color, sq: Square, t: &mut T, s: &mut Packed) {
    use super::terms::*;
    let occ = b.occupied();
    let file = file_mask(sq.file());
    let rank = usize::from(sq.relative_to(us).rank());
    add(t, s, us, PASSED + rank, 1);
    // A pawn is never on its last rank: the square in front of it exists.
    let forward = if us == Color::White { 1 } else { -1 };
    let front = Square::from_coords(sq.file(), sq.rank().wrapping_add_signed(forward));
    let path = front_span(us, sq) & file;
    if path & occ == 0 {
        add(t, s, us, PASSED_FREE + rank, 1);
    } else if front.bit() & b.color_bb(us.other()) != 0 {
        add(t, s, us, PASSED_BLOCKED + rank, 1);
    }
    let our_rooks = b.pieces_bb(us, PieceKind::Rook);
    if our_rooks & file != 0 && attacks::rook(sq, occ) & our_rooks & file & !path != 0 {
        add(t, s, us, ROOK_BEHIND_PASSED, 1);
    }
    let advance = i32::from(
        sq.relative_to(us)
            .rank()
            .saturating_sub(PASSED_KING_FROM_RANK),
    );
    if advance > 0 {
        let (our_king, their_king) = (b.king_square(us), b.king_square(us.other()));
        add(
            t,
            s,
            us,
            PASSED_KING_DISTANCE,
            distance(our_king, front) * advance,
        );
        add(
            t,
            s,
            us,
            PASSED_KING_DISTANCE + 1,
            distance(their_king, front) * advance,
        );
    }
}
