//! Text forms: the protocol's MOVE notation (`WPe2-e4`, `xBP`, `yWQ`), coordinate moves
//! (`e2e4`, `e7e8q`) and the board dump, in and out (FEN is in [`crate::fen`]). Output goes into
//! a caller's [`Writer`], so nothing here allocates.

use crate::board::Position;
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

/// Parses a number as the protocol writes every number: plain decimal, digits only, no sign and
/// no leading zero (`0` itself is fine), at most `max`.
pub fn parse_decimal(s: &[u8], max: u64) -> Option<u64> {
    if s.is_empty()
        || s.len() > 16
        || !s.iter().all(u8::is_ascii_digit)
        || (s.len() > 1 && s.first() == Some(&b'0'))
    {
        return None;
    }
    let n = s.iter().fold(0u64, |n, &c| n * 10 + u64::from(c - b'0'));
    (n <= max).then_some(n)
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
    /// Not 7, 10 or 13 bytes long (the length found).
    Length(usize),
    /// A byte outside the grammar, at this offset.
    Syntax(usize),
}

impl core::fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match *self {
            MoveTextError::Length(n) => write!(
                f,
                "a move is 7, 10 or 13 characters long (WPe2-e4, then xBP, yWQ or both); \
                 this one has {n}"
            ),
            MoveTextError::Syntax(i) => write!(
                f,
                "character {} of the move does not fit WPe2-e4[xBP][yWQ]",
                i + 1
            ),
        }
    }
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
            return Err(MoveTextError::Length(s.len()));
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
