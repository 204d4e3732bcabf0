//! Text forms: the protocol's MOVE notation (`WPe2-e4`, `xBP`, `yWQ`), coordinate moves
//! (`e2e4`, `e7e8q`) and FEN, in and out. Output goes into a caller's [`Writer`], so nothing here
//! allocates.

use crate::attacks;
use crate::board::{castle, Board, Position};
use crate::movegen::{self, MoveList};
use crate::piece::{Color, Move, PieceKind, Square};

/// A byte sink over a fixed buffer; writes past the end are dropped and remembered.
pub struct Writer<'a> {
    buf: &'a mut [u8],
    len: usize,
    overflow: bool,
}

impl<'a> Writer<'a> {
    /// A writer filling `buf` from its start.
    pub fn new(buf: &'a mut [u8]) -> Writer<'a> {
        Writer {
            buf,
            len: 0,
            overflow: false,
        }
    }

    /// Appends bytes.
    pub fn bytes(&mut self, s: &[u8]) {
        for &c in s {
            self.byte(c);
        }
    }

    /// Appends one byte.
    #[inline]
    pub fn byte(&mut self, c: u8) {
        match self.buf.get_mut(self.len) {
            Some(slot) => {
                *slot = c;
                self.len += 1;
            }
            None => self.overflow = true,
        }
    }

    /// Appends a number in decimal.
    pub fn number(&mut self, mut n: u64) {
        let mut digits = [0u8; 20];
        let mut i = digits.len();
        loop {
            i -= 1;
            if let Some(d) = digits.get_mut(i) {
                *d = b'0' + (n % 10) as u8;
            }
            n /= 10;
            if n == 0 || i == 0 {
                break;
            }
        }
        self.bytes(digits.get(i..).unwrap_or(&[]));
    }

    /// The bytes written so far.
    pub fn written(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }

    /// How many bytes were written.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when nothing was written.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// True when some bytes did not fit.
    pub fn overflowed(&self) -> bool {
        self.overflow
    }
}

/// A move as the protocol writes it, parsed but not yet checked against a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct MoveText {
    /// The mover's colour.
    pub color: Color,
    /// The mover's kind.
    pub kind: PieceKind,
    /// Where it starts.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// The declared captured piece (`x`).
    pub capture: Option<(Color, PieceKind)>,
    /// The declared promotion piece (`y`).
    pub promotion: Option<(Color, PieceKind)>,
}

/// Why a MOVE text does not parse.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum MoveTextError {
    /// Not 7, 10 or 13 bytes long.
    Length,
    /// A byte outside the grammar, at this offset.
    Syntax(usize),
}

fn color_at(s: &[u8], i: usize) -> Result<Color, MoveTextError> {
    s.get(i)
        .and_then(|&c| Color::from_letter(c))
        .ok_or(MoveTextError::Syntax(i))
}

fn kind_at(s: &[u8], i: usize) -> Result<PieceKind, MoveTextError> {
    s.get(i)
        .and_then(|&c| PieceKind::from_letter(c))
        .ok_or(MoveTextError::Syntax(i))
}

fn square_at(s: &[u8], i: usize) -> Result<Square, MoveTextError> {
    match s.get(i..) {
        Some([b'a'..=b'h', b'1'..=b'8', ..]) => {
            Square::parse(s.get(i..).unwrap_or(&[])).ok_or(MoveTextError::Syntax(i))
        }
        Some([b'a'..=b'h', ..]) => Err(MoveTextError::Syntax(i + 1)),
        _ => Err(MoveTextError::Syntax(i)),
    }
}

impl MoveText {
    /// Parses `WPe2-e4`, `WPe4-d5xBP`, `WPe7-e8yWQ` or `WPf7-g8xBNyWQ`.
    pub fn parse(s: &[u8]) -> Result<MoveText, MoveTextError> {
        if !matches!(s.len(), 7 | 10 | 13) {
            return Err(MoveTextError::Length);
        }
        let color = color_at(s, 0)?;
        let kind = kind_at(s, 1)?;
        let from = square_at(s, 2)?;
        if s.get(4) != Some(&b'-') {
            return Err(MoveTextError::Syntax(4));
        }
        let to = square_at(s, 5)?;
        let mut capture = None;
        let mut promotion = None;
        let mut i = 7;
        while i < s.len() {
            let tag = s.get(i).copied();
            let piece = (color_at(s, i + 1)?, kind_at(s, i + 2)?);
            match tag {
                Some(b'x') if capture.is_none() && promotion.is_none() => capture = Some(piece),
                Some(b'y') if promotion.is_none() => promotion = Some(piece),
                _ => return Err(MoveTextError::Syntax(i)),
            }
            i += 3;
        }
        Ok(MoveText {
            color,
            kind,
            from,
            to,
            capture,
            promotion,
        })
    }

    /// Writes the text form.
    pub fn write(&self, w: &mut Writer<'_>) {
        w.byte(self.color.letter());
        w.byte(self.kind.letter());
        w.bytes(&self.from.name());
        w.byte(b'-');
        w.bytes(&self.to.name());
        if let Some((c, k)) = self.capture {
            w.bytes(&[b'x', c.letter(), k.letter()]);
        }
        if let Some((c, k)) = self.promotion {
            w.bytes(&[b'y', c.letter(), k.letter()]);
        }
    }

    /// Describes a legal move of `pos` in MOVE notation.
    pub fn describe(pos: &Position, mv: Move) -> MoveText {
        let b = pos.board();
        let color = pos.side_to_move();
        let kind = b.kind_at(mv.from()).unwrap_or(PieceKind::Pawn);
        let capture = if mv.is_en_passant() {
            Some((color.other(), PieceKind::Pawn))
        } else if mv.is_capture() {
            b.piece_at(mv.to())
        } else {
            None
        };
        MoveText {
            color,
            kind,
            from: mv.from(),
            to: mv.to(),
            capture,
            promotion: mv.promotion_kind().map(|k| (color, k)),
        }
    }

    /// Finds the legal move of `pos` this text names exactly (colour, piece, squares, declared
    /// capture and promotion all matching), or `None` when it is not legal here.
    pub fn resolve(&self, pos: &Position) -> Option<Move> {
        if self.color != pos.side_to_move() {
            return None;
        }
        movegen::legal_moves_from(pos, self.from)
            .as_slice()
            .iter()
            .copied()
            .find(|&mv| mv.to() == self.to && MoveText::describe(pos, mv) == *self)
    }
}

/// Writes a move in coordinate form: `e2e4`, `e7e8q`.
pub fn write_uci(mv: Move, w: &mut Writer<'_>) {
    w.bytes(&mv.from().name());
    w.bytes(&mv.to().name());
    if let Some(k) = mv.promotion_kind() {
        w.byte(k.letter().to_ascii_lowercase());
    }
}

/// Finds the legal move named in coordinate form (`e2e4`, `e7e8q`, castling as `e1g1`).
pub fn parse_uci(pos: &Position, s: &[u8]) -> Option<Move> {
    let (from, to) = (Square::parse(s)?, Square::parse(s.get(2..)?)?);
    let promo = match s.get(4..) {
        Some([]) => None,
        Some([c]) => Some(PieceKind::from_letter(c.to_ascii_uppercase())?),
        _ => return None,
    };
    movegen::legal_moves_from(pos, from)
        .as_slice()
        .iter()
        .copied()
        .find(|mv| mv.to() == to && mv.promotion_kind() == promo)
}

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

    let rights = crate::board::CastlingRights::from_bits(rights);
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
    let rights = pos.castling().bits();
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

/// The en passant square if an en passant capture is legal now.
pub fn legal_ep_square(pos: &Position) -> Option<Square> {
    let ep = pos.ep_square()?;
    let moves: MoveList = movegen::legal_moves(pos);
    moves
        .as_slice()
        .iter()
        .any(|m| m.is_en_passant())
        .then_some(ep)
}

/// Writes the protocol's 128-character board (a1, b1 … h8), without the newline.
pub fn write_board(pos: &Position, w: &mut Writer<'_>) {
    for i in 0..64u32 {
        match pos.board().piece_at(Square::from_index_masked(i)) {
            Some((color, kind)) => {
                w.byte(color.letter());
                w.byte(kind.letter());
            }
            None => w.bytes(b"**"),
        }
    }
}
