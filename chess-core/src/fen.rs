//! FEN in and out: [`parse_fen`] reads and validates the six fields, [`write_fen`] writes a
//! position. Output goes into a caller's [`Writer`], so nothing here allocates.

use crate::attacks;
use crate::board::{castle, Board, Position};
use crate::notation::{legal_ep_square, Writer};
use crate::piece::{Color, PieceKind, Square};

/// Why a FEN was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenError {
    /// Not six fields separated by single spaces.
    Fields,
    /// The piece placement is malformed.
    Placement,
    /// A side has more than 16 pieces.
    TooManyPieces,
    /// A side does not have exactly one king.
    Kings,
    /// A pawn stands on the first or last rank.
    PawnOnBackRank,
    /// The side to move field is not `w` or `b`.
    Side,
    /// The castling field is malformed or names a right whose king or rook is not home.
    Castling,
    /// The en passant field is malformed or inconsistent with the position.
    EnPassant,
    /// A clock is not a number in range.
    Clock,
    /// The side not to move is in check.
    OpponentInCheck,
}

fn parse_number(s: &[u8], max: u16) -> Option<u16> {
    if s.is_empty() || s.len() > 5 {
        return None;
    }
    let mut n: u32 = 0;
    for &c in s {
        if !c.is_ascii_digit() {
            return None;
        }
        n = n * 10 + u32::from(c - b'0');
    }
    if n > u32::from(max) {
        None
    } else {
        Some(n as u16)
    }
}

/// Parses and validates a FEN: one king each, no pawn on rank 1 or 8, at most 16 pieces a side,
/// the side not to move not in check, castling rights and en passant square consistent.
pub fn parse_fen(fen: &[u8]) -> Result<Position, FenError> {
    let mut fields = fen.split(|&c| c == b' ');
    let placement = fields.next().ok_or(FenError::Fields)?;
    let side = fields.next().ok_or(FenError::Fields)?;
    let castling = fields.next().ok_or(FenError::Fields)?;
    let ep = fields.next().ok_or(FenError::Fields)?;
    let halfmove = fields.next().ok_or(FenError::Fields)?;
    let fullmove = fields.next().ok_or(FenError::Fields)?;
    if fields.next().is_some() {
        return Err(FenError::Fields);
    }

    let mut board = Board::empty();
    let mut rank: u8 = 7;
    let mut file: u8 = 0;
    let mut pieces = [None; 64];
    for &c in placement {
        match c {
            b'/' => {
                if file != 8 || rank == 0 {
                    return Err(FenError::Placement);
                }
                rank -= 1;
                file = 0;
            }
            b'1'..=b'8' => {
                file += c - b'0';
                if file > 8 {
                    return Err(FenError::Placement);
                }
            }
            _ => {
                let kind =
                    PieceKind::from_letter(c.to_ascii_uppercase()).ok_or(FenError::Placement)?;
                let color = if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if file > 7 {
                    return Err(FenError::Placement);
                }
                let sq = Square::from_coords(file, rank);
                if let Some(slot) = pieces.get_mut(sq.index()) {
                    *slot = Some((color, kind));
                }
                file += 1;
            }
        }
    }
    if rank != 0 || file != 8 {
        return Err(FenError::Placement);
    }
    // Kings first, so they take slot 0 of each array.
    for color in Color::ALL {
        let kings = pieces
            .iter()
            .filter(|p| **p == Some((color, PieceKind::King)))
            .count();
        if kings != 1 {
            return Err(FenError::Kings);
        }
    }
    for pass_kings in [true, false] {
        for (i, p) in pieces.iter().enumerate() {
            if let Some((color, kind)) = *p {
                if (kind == PieceKind::King) == pass_kings {
                    let sq = Square::from_index_masked(i as u32);
                    board
                        .add(color, kind, sq)
                        .map_err(|_| FenError::TooManyPieces)?;
                }
            }
        }
    }
    if board.kind_bb(PieceKind::Pawn) & (attacks::RANK_1 | attacks::RANK_8) != 0 {
        return Err(FenError::PawnOnBackRank);
    }

    let side = match side {
        b"w" => Color::White,
        b"b" => Color::Black,
        _ => return Err(FenError::Side),
    };

    let mut rights = 0u8;
    if castling != b"-" {
        if castling.is_empty() {
            return Err(FenError::Castling);
        }
        for &c in castling {
            let (bit, king, rook, color) = match c {
                b'K' => (castle::WHITE_KING, Square::E1, Square::H1, Color::White),
                b'Q' => (castle::WHITE_QUEEN, Square::E1, Square::A1, Color::White),
                b'k' => (castle::BLACK_KING, Square::E8, Square::H8, Color::Black),
                b'q' => (castle::BLACK_QUEEN, Square::E8, Square::A8, Color::Black),
                _ => return Err(FenError::Castling),
            };
            // Each letter once, in the order K Q k q.
            if rights & bit != 0 || rights >= bit << 1 {
                return Err(FenError::Castling);
            }
            if board.piece_at(king) != Some((color, PieceKind::King))
                || board.piece_at(rook) != Some((color, PieceKind::Rook))
            {
                return Err(FenError::Castling);
            }
            rights |= bit;
        }
    }

    let ep = if ep == b"-" {
        None
    } else {
        let sq = match ep {
            [b'a'..=b'h', b'1'..=b'8'] => Square::parse(ep).ok_or(FenError::EnPassant)?,
            _ => return Err(FenError::EnPassant),
        };
        // The square behind a pawn of the side not to move that has just advanced two squares.
        let (ep_rank, pawn_rank, origin_rank) = match side {
            Color::White => (5, 4, 6),
            Color::Black => (2, 3, 1),
        };
        let pawn_sq = Square::from_coords(sq.file(), pawn_rank);
        let origin = Square::from_coords(sq.file(), origin_rank);
        if sq.rank() != ep_rank
            || board.piece_at(pawn_sq) != Some((side.other(), PieceKind::Pawn))
            || board.piece_at(sq).is_some()
            || board.piece_at(origin).is_some()
        {
            return Err(FenError::EnPassant);
        }
        Some(sq)
    };

    let halfmove = parse_number(halfmove, 9999).ok_or(FenError::Clock)?;
    let fullmove = parse_number(fullmove, 9999).ok_or(FenError::Clock)?;
    if fullmove == 0 {
        return Err(FenError::Clock);
    }

    let pos = Position::from_parts(board, side, rights, ep, halfmove, fullmove);
    let their_king = pos.board().king_square(side.other());
    if pos.is_attacked(their_king, side) {
        return Err(FenError::OpponentInCheck);
    }
    Ok(pos)
}

/// Writes the FEN of a position. The en passant square is written only when an en passant
/// capture is legal, as repetition treats it.
pub fn write_fen(pos: &Position, w: &mut Writer<'_>) {
    let b = pos.board();
    for rank in (0..8u8).rev() {
        let mut empty = 0u8;
        for file in 0..8u8 {
            match b.piece_at(Square::from_coords(file, rank)) {
                None => empty += 1,
                Some((color, kind)) => {
                    if empty > 0 {
                        w.byte(b'0' + empty);
                        empty = 0;
                    }
                    let c = kind.letter();
                    w.byte(if color == Color::White {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            w.byte(b'0' + empty);
        }
        if rank > 0 {
            w.byte(b'/');
        }
    }
    w.bytes(if pos.side_to_move() == Color::White {
        b" w "
    } else {
        b" b "
    });
    let rights = pos.castling();
    if rights == 0 {
        w.byte(b'-');
    }
    for (bit, c) in [
        (castle::WHITE_KING, b'K'),
        (castle::WHITE_QUEEN, b'Q'),
        (castle::BLACK_KING, b'k'),
        (castle::BLACK_QUEEN, b'q'),
    ] {
        if rights & bit != 0 {
            w.byte(c);
        }
    }
    w.byte(b' ');
    match legal_ep_square(pos) {
        Some(sq) => w.bytes(&sq.name()),
        None => w.byte(b'-'),
    }
    w.byte(b' ');
    w.number(u64::from(pos.halfmove_clock()));
    w.byte(b' ');
    w.number(u64::from(pos.fullmove_number()));
}
