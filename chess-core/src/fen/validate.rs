//! The second stage of reading a FEN: the fields, each parsed on its own, are checked against
//! each other (kings, pawns, material, castling rights, en passant square, checks) and become a
//! position.

use super::{castling_squares, FenError, Parsed, Placement, CASTLING_LETTERS};
use crate::attacks::{self, Bitboard};
use crate::board::{Board, CastlingRights, Position};
use crate::piece::{Color, PieceKind, Square};

impl Parsed {
    /// Checks the fields against each other and builds the position.
    pub(super) fn validate(self) -> Result<Position, FenError> {
        check_kings(&self.placement)?;
        check_pawns(&self.placement)?;
        check_piece_counts(&self.placement)?;
        let board = build_board(&self.placement)?;
        check_castling(&board, self.castling)?;
        if let Some(sq) = self.ep {
            check_ep(&board, self.side, sq)?;
        }
        let pos = Position::from_parts(
            board,
            self.side,
            self.castling,
            self.ep,
            self.halfmove,
            self.fullmove,
        );
        check_checks(&pos, self.ep)?;
        Ok(pos)
    }
}

/// How many pieces of `color` and `kind` stand on the board.
fn count(placement: &Placement, color: Color, kind: PieceKind) -> u8 {
    let n = placement
        .iter()
        .filter(|p| **p == Some((color, kind)))
        .count();
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// Exactly one king a side.
fn check_kings(placement: &Placement) -> Result<(), FenError> {
    for color in Color::ALL {
        let kings = count(placement, color, PieceKind::King);
        if kings != 1 {
            return Err(FenError::Kings {
                color,
                count: kings,
            });
        }
    }
    Ok(())
}

/// No pawn on rank 1 or 8, at most eight pawns a side.
fn check_pawns(placement: &Placement) -> Result<(), FenError> {
    for (i, p) in placement.iter().enumerate() {
        let sq = Square::from_index_masked(i as u32);
        if matches!(p, Some((_, PieceKind::Pawn))) && matches!(sq.rank(), 0 | 7) {
            return Err(FenError::PawnOnBackRank(sq));
        }
    }
    for color in Color::ALL {
        let pawns = count(placement, color, PieceKind::Pawn);
        if pawns > 8 {
            return Err(FenError::TooManyPawns {
                color,
                count: pawns,
            });
        }
    }
    Ok(())
}

/// At most 16 pieces a side, and no more promoted pieces than missing pawns.
fn check_piece_counts(placement: &Placement) -> Result<(), FenError> {
    for color in Color::ALL {
        let pieces = placement
            .iter()
            .filter(|p| matches!(p, Some((c, _)) if *c == color))
            .count();
        if pieces > 16 {
            return Err(FenError::TooManyPieces {
                color,
                count: u8::try_from(pieces).unwrap_or(u8::MAX),
            });
        }
        let promoted = promoted_pieces(placement, color);
        let missing_pawns = 8u8.saturating_sub(count(placement, color, PieceKind::Pawn));
        if promoted > missing_pawns {
            return Err(FenError::TooManyPromoted {
                color,
                promoted,
                missing_pawns,
            });
        }
    }
    Ok(())
}

/// The pieces of `color` beyond the initial set (one queen, two rooks, two knights, one bishop
/// on each square colour): each of them was a pawn once.
fn promoted_pieces(placement: &Placement, color: Color) -> u8 {
    let mut dark_bishops = 0u8;
    let mut light_bishops = 0u8;
    for (i, p) in placement.iter().enumerate() {
        if *p == Some((color, PieceKind::Bishop)) {
            if Square::from_index_masked(i as u32).is_dark() {
                dark_bishops += 1;
            } else {
                light_bishops += 1;
            }
        }
    }
    let beyond = |n: u8, initial: u8| n.saturating_sub(initial);
    [
        beyond(count(placement, color, PieceKind::Queen), 1),
        beyond(count(placement, color, PieceKind::Rook), 2),
        beyond(count(placement, color, PieceKind::Knight), 2),
        beyond(dark_bishops, 1),
        beyond(light_bishops, 1),
    ]
    .into_iter()
    .fold(0, u8::saturating_add)
}

/// The board, kings first so that they take slot 0 of each array.
fn build_board(placement: &Placement) -> Result<Board, FenError> {
    let mut board = Board::empty();
    for kings in [true, false] {
        for (i, p) in placement.iter().enumerate() {
            if let Some((color, kind)) = *p {
                if (kind == PieceKind::King) == kings {
                    let sq = Square::from_index_masked(i as u32);
                    board
                        .add(color, kind, sq)
                        .map_err(|_| FenError::TooManyPieces { color, count: 17 })?;
                }
            }
        }
    }
    Ok(board)
}

/// Every castling right has its king and rook at home.
fn check_castling(board: &Board, rights: CastlingRights) -> Result<(), FenError> {
    for (bit, letter) in CASTLING_LETTERS {
        if !rights.contains(bit) {
            continue;
        }
        let (color, king, rook) = castling_squares(letter);
        if board.piece_at(king) != Some((color, PieceKind::King))
            || board.piece_at(rook) != Some((color, PieceKind::Rook))
        {
            return Err(FenError::CastlingRight(letter));
        }
    }
    Ok(())
}

/// The en passant square is behind a pawn of the side not to move that has just advanced two
/// squares: on rank 6 (White to move) or 3, the pawn in front of it, it and the square the pawn
/// came from empty.
fn check_ep(board: &Board, side: Color, sq: Square) -> Result<(), FenError> {
    let (ep_rank, pawn_rank, origin_rank) = match side {
        Color::White => (5, 4, 6),
        Color::Black => (2, 3, 1),
    };
    let pawn = Square::from_coords(sq.file(), pawn_rank);
    let origin = Square::from_coords(sq.file(), origin_rank);
    if sq.rank() != ep_rank
        || board.piece_at(pawn) != Some((side.other(), PieceKind::Pawn))
        || board.piece_at(sq).is_some()
        || board.piece_at(origin).is_some()
    {
        return Err(FenError::EnPassantSquare(sq));
    }
    Ok(())
}

/// The checks are those a last move can give: the side not to move is not in check; the side to
/// move has at most two checkers; with an en passant square, putting the pawn that made the
/// double step back on its origin square ends any check; and two checkers are explained by
/// [`double_check_explained`].
fn check_checks(pos: &Position, ep: Option<Square>) -> Result<(), FenError> {
    let us = pos.side_to_move();
    let them = us.other();
    let board = pos.board();
    if pos.is_attacked(board.king_square(them), us) {
        return Err(FenError::OpponentInCheck(them));
    }
    let checkers = pos.checkers();
    let count = checkers.count_ones();
    if count > 2 {
        return Err(FenError::TooManyCheckers {
            color: us,
            count: u8::try_from(count).unwrap_or(u8::MAX),
        });
    }
    let king = board.king_square(us);
    if let Some(square) = ep {
        if checkers != 0 && attacked_before_double_step(board, king, them, square) {
            return Err(FenError::EnPassantCheck { color: us, square });
        }
    }
    if count == 2 {
        let a = attacks::first(checkers);
        let b = attacks::first(checkers & (checkers - 1));
        if !double_check_explained(board, king, a, b) {
            return Err(FenError::ImpossibleCheck(us));
        }
    }
    Ok(())
}

/// True when `by` attacks `king` with the pawn that made the double step recorded by the en
/// passant square `ep` back on its origin square.
fn attacked_before_double_step(board: &Board, king: Square, by: Color, ep: Square) -> bool {
    let (pawn_rank, origin_rank) = match by {
        Color::White => (3, 1),
        Color::Black => (4, 6),
    };
    let moved = Square::from_coords(ep.file(), pawn_rank).bit();
    let origin = Square::from_coords(ep.file(), origin_rank).bit();
    let occ = (board.occupied() & !moved) | origin;
    let pawns = (board.pieces_bb(by, PieceKind::Pawn) & !moved) | origin;
    let theirs = |kind| board.pieces_bb(by, kind);
    let queens = theirs(PieceKind::Queen);
    attacks::pawn(by.other(), king) & pawns != 0
        || attacks::knight(king) & theirs(PieceKind::Knight) != 0
        || attacks::king(king) & theirs(PieceKind::King) != 0
        || attacks::bishop(king, occ) & (theirs(PieceKind::Bishop) | queens) != 0
        || attacks::rook(king, occ) & (theirs(PieceKind::Rook) | queens) != 0
}

/// True when some last move gives check from both `a` and `b` to `king`: one of them moved (a
/// pawn possibly promoting to it) off the other's line to the king, from a square where it did
/// not give check itself; or a pawn captured en passant and opened both lines.
fn double_check_explained(board: &Board, king: Square, a: Square, b: Square) -> bool {
    uncovered_by_move(board, king, a, b)
        || uncovered_by_move(board, king, b, a)
        || uncovered_by_en_passant(board, king, a, b)
}

/// The squares a piece of `kind` and `color` on `sq` attacks.
fn attacks_of(kind: PieceKind, color: Color, sq: Square, occ: Bitboard) -> Bitboard {
    match kind {
        PieceKind::Pawn => attacks::pawn(color, sq),
        PieceKind::Knight => attacks::knight(sq),
        PieceKind::Bishop => attacks::bishop(sq, occ),
        PieceKind::Rook => attacks::rook(sq, occ),
        PieceKind::Queen => attacks::queen(sq, occ),
        PieceKind::King => attacks::king(sq),
    }
}

/// The squares a pawn of `color` on `sq` can step or capture to (not the double step, which
/// never gives a double check).
fn pawn_reach(color: Color, sq: Square) -> Bitboard {
    let push = match color {
        Color::White => sq.bit() << 8,
        Color::Black => sq.bit() >> 8,
    };
    push | attacks::pawn(color, sq)
}

fn is_slider(board: &Board, sq: Square) -> bool {
    matches!(
        board.kind_at(sq),
        Some(PieceKind::Bishop | PieceKind::Rook | PieceKind::Queen)
    )
}

/// True when the piece on `mover` can have come from a square between `slider` and `king`,
/// uncovering the slider's check, without giving check from there: by a move of its kind, or
/// as a pawn that promoted on arrival.
fn uncovered_by_move(board: &Board, king: Square, mover: Square, slider: Square) -> bool {
    let Some((color, kind)) = board.piece_at(mover) else {
        return false;
    };
    if !is_slider(board, slider) {
        return false;
    }
    let occ = board.occupied();
    let last_rank = match color {
        Color::White => attacks::RANK_8,
        Color::Black => attacks::RANK_1,
    };
    let may_have_promoted =
        mover.bit() & last_rank != 0 && !matches!(kind, PieceKind::Pawn | PieceKind::King);
    attacks::Squares(attacks::between(slider, king)).any(|from| {
        let reach = match kind {
            PieceKind::Pawn => pawn_reach(color, from),
            _ => attacks_of(kind, color, from, occ),
        };
        let moved =
            reach & mover.bit() != 0 && attacks_of(kind, color, from, occ) & king.bit() == 0;
        let promoted = may_have_promoted
            && pawn_reach(color, from) & mover.bit() != 0
            && attacks::pawn(color, from) & king.bit() == 0;
        moved || promoted
    })
}

/// True when `a` and `b` are sliders whose lines to `king` run through the two squares an en
/// passant capture empties: the capturing pawn's origin and the captured pawn's square.
fn uncovered_by_en_passant(board: &Board, king: Square, a: Square, b: Square) -> bool {
    let Some((color, _)) = board.piece_at(a) else {
        return false;
    };
    if !is_slider(board, a) || !is_slider(board, b) {
        return false;
    }
    let (landing_rank, captured_rank) = match color {
        Color::White => (5, 4),
        Color::Black => (2, 3),
    };
    let (line_a, line_b) = (attacks::between(a, king), attacks::between(b, king));
    let landed = board.pieces_bb(color, PieceKind::Pawn) & (attacks::RANK_1 << (8 * landing_rank));
    attacks::Squares(landed).any(|to| {
        let captured = Square::from_coords(to.file(), captured_rank).bit();
        attacks::Squares(attacks::pawn(color.other(), to)).any(|from| {
            let opened = |first: Bitboard, second: Bitboard| {
                first & from.bit() != 0 && second & captured != 0
            };
            (opened(line_a, line_b) || opened(line_b, line_a))
                && attacks::pawn(color, from) & king.bit() == 0
        })
    })
}
