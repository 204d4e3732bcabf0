//! Colours, piece kinds, moves and the piece records themselves.

use core::num::NonZeroU8;

pub use crate::square::{File, Rank, Square};

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The other side.
    Black = 1,
}

impl Color {
    /// How many sides there are.
    pub const COUNT: usize = 2;
    /// Both colours, White first.
    pub const ALL: [Color; Color::COUNT] = [Color::White, Color::Black];

    /// The opponent.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The protocol letter: `W` or `B`.
    pub const fn letter(self) -> u8 {
        match self {
            Color::White => b'W',
            Color::Black => b'B',
        }
    }

    /// Parses the protocol letter `W` or `B`.
    pub const fn from_letter(c: u8) -> Option<Color> {
        match c {
            b'W' => Some(Color::White),
            b'B' => Some(Color::Black),
            _ => None,
        }
    }
}

/// The kind of a piece, independent of its colour.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum PieceKind {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// King.
    King = 5,
}

impl PieceKind {
    /// How many kinds there are.
    pub const COUNT: usize = 6;
    /// All kinds, in index order.
    pub const ALL: [PieceKind; PieceKind::COUNT] = [
        PieceKind::Pawn,
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
        PieceKind::King,
    ];

    /// 0 (pawn) to 5 (king).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with the given index; indices wrap modulo 6 are not accepted.
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        match i {
            0 => Some(PieceKind::Pawn),
            1 => Some(PieceKind::Knight),
            2 => Some(PieceKind::Bishop),
            3 => Some(PieceKind::Rook),
            4 => Some(PieceKind::Queen),
            5 => Some(PieceKind::King),
            _ => None,
        }
    }

    /// The upper-case letter used by the protocol and FEN (`P N B R Q K`).
    pub const fn letter(self) -> u8 {
        match self {
            PieceKind::Pawn => b'P',
            PieceKind::Knight => b'N',
            PieceKind::Bishop => b'B',
            PieceKind::Rook => b'R',
            PieceKind::Queen => b'Q',
            PieceKind::King => b'K',
        }
    }

    /// Parses an upper-case piece letter.
    pub const fn from_letter(c: u8) -> Option<PieceKind> {
        match c {
            b'P' => Some(PieceKind::Pawn),
            b'N' => Some(PieceKind::Knight),
            b'B' => Some(PieceKind::Bishop),
            b'R' => Some(PieceKind::Rook),
            b'Q' => Some(PieceKind::Queen),
            b'K' => Some(PieceKind::King),
            _ => None,
        }
    }
}

/// How many pieces a side can have: the length of each side's piece array.
pub const PIECES_PER_SIDE: usize = 16;

/// The index of a piece record: `0..16` are White's array, `16..32` Black's.
///
/// This is the safe form of the classic driver's pointer from a board square to a piece struct.
/// A reference is never zero, so an empty square's `Option<PieceRef>` takes one byte.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct PieceRef(NonZeroU8);

impl PieceRef {
    /// The bits that hold the slot.
    const SLOT_MASK: u8 = PIECES_PER_SIDE as u8 - 1;
    /// How far the colour is shifted.
    const COLOR_SHIFT: u32 = PIECES_PER_SIDE.trailing_zeros();
    /// A bit above the colour, set in every reference so that none is zero.
    const MARK: u8 = 1 << (PieceRef::COLOR_SHIFT + 1);

    /// The reference to slot `slot` (taken modulo 16) of `color`'s array.
    #[inline]
    pub const fn new(color: Color, slot: u8) -> PieceRef {
        let bits = PieceRef::MARK
            | ((color as u8) << PieceRef::COLOR_SHIFT)
            | (slot & PieceRef::SLOT_MASK);
        match NonZeroU8::new(bits) {
            Some(bits) => PieceRef(bits),
            // Unreachable: MARK is set.
            None => PieceRef(NonZeroU8::MIN),
        }
    }

    /// The colour whose array this refers into.
    #[inline]
    pub const fn color(self) -> Color {
        if self.0.get() & (1 << PieceRef::COLOR_SHIFT) == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// How many pieces both sides can have: the number of different references.
    pub const COUNT: usize = PIECES_PER_SIDE * Color::COUNT;

    /// The index of the record in both arrays one after the other: the slot for White,
    /// 16 + the slot for Black.
    #[inline]
    pub const fn index(self) -> usize {
        (self.0.get() & (PieceRef::COUNT as u8 - 1)) as usize
    }

    /// The slot within the colour's array, 0..16.
    #[inline]
    pub const fn slot(self) -> usize {
        (self.0.get() & PieceRef::SLOT_MASK) as usize
    }
}

const _: () = assert!(PIECES_PER_SIDE.is_power_of_two(), "a slot is a bit field");
const _: () = assert!(
    PieceRef::COUNT == 1 << (PieceRef::COLOR_SHIFT + 1),
    "the colour bit is the top bit of an index"
);

/// One piece: the record the logical board refers to.
///
/// Aligned to eight bytes, so that finding a record takes a shift rather than a multiplication.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(align(8))]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// What it is now (a promoted pawn changes its kind in place).
    pub kind: PieceKind,
    /// Where it stands (meaningless once captured).
    pub square: Square,
    /// How many times it has moved in this game.
    pub moves: u16,
    /// False once captured, and for unused slots.
    pub alive: bool,
}

impl Piece {
    /// An unused slot.
    pub const EMPTY: Piece = Piece {
        color: Color::White,
        kind: PieceKind::Pawn,
        square: Square::A1,
        moves: 0,
        alive: false,
    };
}

/// What a move does besides going from one square to another: the four flag bits of a [`Move`].
///
/// Bit 2 marks captures and bit 3 promotions; a promotion's two low bits name the new kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum MoveFlag {
    /// A plain move to an empty square.
    Quiet = 0,
    /// A pawn's two-square advance.
    DoublePush = 1,
    /// Castling on the king's side (the king's move).
    CastleKing = 2,
    /// Castling on the queen's side (the king's move).
    CastleQueen = 3,
    /// A capture on the target square.
    Capture = 4,
    /// An en passant capture.
    EnPassant = 5,
    /// A pawn's advance to the last rank, becoming a knight.
    KnightPromotion = 8,
    /// The same, becoming a bishop.
    BishopPromotion = 9,
    /// The same, becoming a rook.
    RookPromotion = 10,
    /// The same, becoming a queen.
    QueenPromotion = 11,
    /// A pawn's capture onto the last rank, becoming a knight.
    KnightPromotionCapture = 12,
    /// The same, becoming a bishop.
    BishopPromotionCapture = 13,
    /// The same, becoming a rook.
    RookPromotionCapture = 14,
    /// The same, becoming a queen.
    QueenPromotionCapture = 15,
}

impl MoveFlag {
    /// The bit every capture's flag has (en passant and capturing promotions included).
    const CAPTURE_BIT: u16 = 4;
    /// The bit every promotion's flag has.
    const PROMOTION_BIT: u16 = 8;
    /// A promotion's bits that name the new kind (knight, bishop, rook, queen).
    const PROMOTION_KIND_MASK: u16 = 3;
    /// The kinds those bits name, in order.
    const PROMOTION_KINDS: [PieceKind; 4] = [
        PieceKind::Knight,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::Queen,
    ];

    /// The flag of a promotion to `kind` (knight to queen; anything else becomes a knight).
    #[inline]
    pub const fn promotion(kind: PieceKind, capture: bool) -> MoveFlag {
        match (kind, capture) {
            (PieceKind::Bishop, false) => MoveFlag::BishopPromotion,
            (PieceKind::Rook, false) => MoveFlag::RookPromotion,
            (PieceKind::Queen, false) => MoveFlag::QueenPromotion,
            (_, false) => MoveFlag::KnightPromotion,
            (PieceKind::Bishop, true) => MoveFlag::BishopPromotionCapture,
            (PieceKind::Rook, true) => MoveFlag::RookPromotionCapture,
            (PieceKind::Queen, true) => MoveFlag::QueenPromotionCapture,
            (_, true) => MoveFlag::KnightPromotionCapture,
        }
    }

    /// The four bits stored in a [`Move`].
    #[inline]
    const fn bits(self) -> u16 {
        self as u16
    }
}

/// Which way a king castles.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
#[repr(u8)]
pub enum CastlingSide {
    /// Towards the h-file (`O-O`).
    King = 0,
    /// Towards the a-file (`O-O-O`).
    Queen = 1,
}

impl CastlingSide {
    /// Both sides, the king's first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::King, CastlingSide::Queen];
    /// The file the king starts on, whichever side it castles to.
    pub const KING_FROM: File = File::E;

    /// The file the rook starts on.
    #[inline]
    pub const fn rook_from(self) -> File {
        match self {
            CastlingSide::King => File::H,
            CastlingSide::Queen => File::A,
        }
    }

    /// The file the rook ends on: the square the king passes over.
    #[inline]
    pub const fn rook_to(self) -> File {
        match self {
            CastlingSide::King => File::F,
            CastlingSide::Queen => File::D,
        }
    }

    /// The file the king ends on.
    #[inline]
    pub const fn king_to(self) -> File {
        match self {
            CastlingSide::King => File::G,
            CastlingSide::Queen => File::C,
        }
    }

    /// The flag of the king's move.
    #[inline]
    pub const fn flag(self) -> MoveFlag {
        match self {
            CastlingSide::King => MoveFlag::CastleKing,
            CastlingSide::Queen => MoveFlag::CastleQueen,
        }
    }
}

/// A move, packed in 16 bits: from (6), to (6), [`MoveFlag`] (4).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// The null move (a1-a1); never legal, used as "no move".
    pub const NULL: Move = Move(0);
    /// The bits of one square.
    const SQUARE_MASK: u16 = Square::INDEX_MASK as u16;
    /// Where the target square starts.
    const TO_SHIFT: u32 = 6;
    /// Where the flag starts.
    const FLAG_SHIFT: u32 = 12;

    /// A move with any flag.
    #[inline]
    pub const fn new(from: Square, to: Square, flag: MoveFlag) -> Move {
        Move(
            (from.0 as u16) | ((to.0 as u16) << Move::TO_SHIFT) | (flag.bits() << Move::FLAG_SHIFT),
        )
    }

    /// A promotion to `kind` (knight to queen; anything else becomes a knight).
    #[inline]
    pub const fn promotion(from: Square, to: Square, kind: PieceKind, capture: bool) -> Move {
        Move::new(from, to, MoveFlag::promotion(kind, capture))
    }

    /// The raw 16 bits (for hashing and compact storage).
    #[inline]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Rebuilds a move from [`Move::bits`].
    #[inline]
    pub const fn from_bits(bits: u16) -> Move {
        Move(bits)
    }

    /// The square it leaves.
    #[inline]
    pub const fn from(self) -> Square {
        Square((self.0 & Move::SQUARE_MASK) as u8)
    }

    /// The square it goes to (for castling: the king's target).
    #[inline]
    pub const fn to(self) -> Square {
        Square(((self.0 >> Move::TO_SHIFT) & Move::SQUARE_MASK) as u8)
    }

    #[inline]
    const fn flags(self) -> u16 {
        self.0 >> Move::FLAG_SHIFT
    }

    /// True when its flag is one of [`MoveFlag`]'s: every move made by [`Move::new`] or
    /// [`Move::promotion`], but not every pattern [`Move::from_bits`] accepts.
    #[inline]
    pub const fn has_known_flag(self) -> bool {
        !matches!(self.flags(), 6 | 7)
    }

    /// True for captures, en passant included.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.flags() & MoveFlag::CAPTURE_BIT != 0
    }

    /// True for en passant.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.flags() == MoveFlag::EnPassant.bits()
    }

    /// True for a pawn's two-square advance.
    #[inline]
    pub const fn is_double_push(self) -> bool {
        self.flags() == MoveFlag::DoublePush.bits()
    }

    /// True for castling (either side).
    #[inline]
    pub const fn is_castling(self) -> bool {
        self.castling_side().is_some()
    }

    /// The side a castling move castles to.
    #[inline]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        match self.flags() {
            f if f == MoveFlag::CastleKing.bits() => Some(CastlingSide::King),
            f if f == MoveFlag::CastleQueen.bits() => Some(CastlingSide::Queen),
            _ => None,
        }
    }

    /// The kind a pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion_kind(self) -> Option<PieceKind> {
        if self.flags() & MoveFlag::PROMOTION_BIT == 0 {
            return None;
        }
        Some(MoveFlag::PROMOTION_KINDS[(self.flags() & MoveFlag::PROMOTION_KIND_MASK) as usize])
    }

    /// True for moves that are neither captures nor promotions.
    #[inline]
    pub const fn is_quiet(self) -> bool {
        self.flags() & (MoveFlag::CAPTURE_BIT | MoveFlag::PROMOTION_BIT) == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_and_squares_relative_to_a_colour() {
        assert_eq!(Rank::Second.relative_to(Color::White), Rank::Second);
        assert_eq!(Rank::Second.relative_to(Color::Black), Rank::Seventh);
        assert_eq!(Rank::Eighth.relative_to(Color::Black), Rank::First);
        assert_eq!(Square::E2.relative_to(Color::Black), Square::E7);
        assert_eq!(Square::H1.relative_to(Color::White), Square::H1);
        assert_eq!(Rank::Third.bitboard(), 0xff << 16);
    }

    #[test]
    fn named_squares_are_where_their_names_say() {
        for (i, (file, rank)) in (0u8..64).map(|i| (i % 8, i / 8)).enumerate() {
            let sq = Square::at(File::ALL[usize::from(file)], Rank::ALL[usize::from(rank)]);
            assert_eq!(sq.index(), i);
            assert_eq!(Square::parse(&sq.name()), Some(sq));
        }
        assert_eq!(Square::E4, Square::parse(b"e4").unwrap());
        assert_eq!(Square::H8.index(), 63);
        assert_eq!(Square::B1.with_rank(Rank::Eighth), Square::B8);
        assert_eq!(Square::E1.with_file(File::G), Square::G1);
    }

    #[test]
    fn every_flag_survives_packing() {
        let (from, to) = (Square::B7, Square::A8);
        for kind in [
            PieceKind::Knight,
            PieceKind::Bishop,
            PieceKind::Rook,
            PieceKind::Queen,
        ] {
            for capture in [false, true] {
                let mv = Move::promotion(from, to, kind, capture);
                assert_eq!((mv.from(), mv.to()), (from, to));
                assert_eq!(mv.promotion_kind(), Some(kind));
                assert_eq!(mv.is_capture(), capture);
                assert!(!mv.is_quiet() && !mv.is_castling() && !mv.is_en_passant());
            }
        }
        let castle = Move::new(Square::E8, Square::C8, MoveFlag::CastleQueen);
        assert_eq!(castle.castling_side(), Some(CastlingSide::Queen));
        assert!(castle.is_quiet() && !castle.is_capture());
        let ep = Move::new(Square::E5, Square::D6, MoveFlag::EnPassant);
        assert!(ep.is_en_passant() && ep.is_capture() && ep.castling_side().is_none());
        assert!(Move::new(Square::E2, Square::E4, MoveFlag::DoublePush).is_double_push());
    }
}
