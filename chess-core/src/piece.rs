//! Colours, piece kinds, squares, moves and the piece records themselves.

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

/// A file, `a` to `h`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum File {
    /// The a-file.
    A = 0,
    /// The b-file.
    B = 1,
    /// The c-file.
    C = 2,
    /// The d-file.
    D = 3,
    /// The e-file.
    E = 4,
    /// The f-file.
    F = 5,
    /// The g-file.
    G = 6,
    /// The h-file.
    H = 7,
}

impl File {
    /// How many files there are.
    pub const COUNT: usize = 8;
    /// All files, a first.
    pub const ALL: [File; File::COUNT] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// 0 for the a-file up to 7 for the h-file.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file with index `index % 8`.
    #[inline]
    pub const fn from_index_masked(index: u8) -> File {
        File::ALL[(index & 7) as usize]
    }
}

/// A rank, `1` (White's back rank) to `8` (Black's).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Rank {
    /// Rank 1.
    First = 0,
    /// Rank 2.
    Second = 1,
    /// Rank 3.
    Third = 2,
    /// Rank 4.
    Fourth = 3,
    /// Rank 5.
    Fifth = 4,
    /// Rank 6.
    Sixth = 5,
    /// Rank 7.
    Seventh = 6,
    /// Rank 8.
    Eighth = 7,
}

impl Rank {
    /// How many ranks there are.
    pub const COUNT: usize = 8;
    /// All ranks, the first first.
    pub const ALL: [Rank; Rank::COUNT] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// 0 for rank 1 up to 7 for rank 8.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The rank with index `index % 8`.
    #[inline]
    pub const fn from_index_masked(index: u8) -> Rank {
        Rank::ALL[(index & 7) as usize]
    }

    /// This rank counted from `color`'s side of the board: itself for White, mirrored for
    /// Black (`Rank::Second.relative_to(Color::Black)` is rank 7, Black's pawn rank).
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::from_index_masked(Rank::Eighth as u8 - self as u8),
        }
    }

    /// The set of this rank's eight squares, as a bitboard.
    #[inline]
    pub const fn bitboard(self) -> u64 {
        0xff << (self as u32 * File::COUNT as u32)
    }
}

/// One of the 64 squares, `a1` = 0, `b1` = 1, … `h8` = 63.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Names every square as a constant: `Square::E4`.
macro_rules! named_squares {
    ($($name:ident = $file:ident $rank:ident),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The square ", stringify!($name), ".")]
                pub const $name: Square = Square::at(File::$file, Rank::$rank);
            )*
        }
    };
}

named_squares! {
    A1 = A First, B1 = B First, C1 = C First, D1 = D First,
    E1 = E First, F1 = F First, G1 = G First, H1 = H First,
    A2 = A Second, B2 = B Second, C2 = C Second, D2 = D Second,
    E2 = E Second, F2 = F Second, G2 = G Second, H2 = H Second,
    A3 = A Third, B3 = B Third, C3 = C Third, D3 = D Third,
    E3 = E Third, F3 = F Third, G3 = G Third, H3 = H Third,
    A4 = A Fourth, B4 = B Fourth, C4 = C Fourth, D4 = D Fourth,
    E4 = E Fourth, F4 = F Fourth, G4 = G Fourth, H4 = H Fourth,
    A5 = A Fifth, B5 = B Fifth, C5 = C Fifth, D5 = D Fifth,
    E5 = E Fifth, F5 = F Fifth, G5 = G Fifth, H5 = H Fifth,
    A6 = A Sixth, B6 = B Sixth, C6 = C Sixth, D6 = D Sixth,
    E6 = E Sixth, F6 = F Sixth, G6 = G Sixth, H6 = H Sixth,
    A7 = A Seventh, B7 = B Seventh, C7 = C Seventh, D7 = D Seventh,
    E7 = E Seventh, F7 = F Seventh, G7 = G Seventh, H7 = H Seventh,
    A8 = A Eighth, B8 = B Eighth, C8 = C Eighth, D8 = D Eighth,
    E8 = E Eighth, F8 = F Eighth, G8 = G Eighth, H8 = H Eighth,
}

impl Square {
    /// How many squares there are.
    pub const COUNT: usize = 64;
    /// The index bits of a square (`COUNT - 1`).
    const INDEX_MASK: u8 = 63;
    /// The file bits of an index.
    const FILE_MASK: u8 = 7;
    /// How far the rank is shifted in an index.
    const RANK_SHIFT: u8 = 3;
    /// The rank bits of an index: flipping them mirrors a square across the board's middle.
    const RANK_MASK: u8 = Square::FILE_MASK << Square::RANK_SHIFT;

    /// The square with this index, if it is below 64.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if (index as usize) < Square::COUNT {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn at(file: File, rank: Rank) -> Square {
        Square(((rank as u8) << Square::RANK_SHIFT) | file as u8)
    }

    /// The square with index `index % 64`: for indices known to be in range (bit scans).
    #[inline]
    pub const fn from_index_masked(index: u32) -> Square {
        Square((index & Square::INDEX_MASK as u32) as u8)
    }

    /// The square on `file` (0 = a) and `rank` (0 = 1), both taken modulo 8.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square(((rank & Square::FILE_MASK) << Square::RANK_SHIFT) | (file & Square::FILE_MASK))
    }

    /// 0..64, usable as an array index without a bounds check.
    #[inline]
    pub const fn index(self) -> usize {
        (self.0 & Square::INDEX_MASK) as usize
    }

    /// The file, 0 = a.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & Square::FILE_MASK
    }

    /// The rank, 0 = rank 1.
    #[inline]
    pub const fn rank(self) -> u8 {
        (self.0 >> Square::RANK_SHIFT) & Square::FILE_MASK
    }

    /// The square on the same file and on `rank`.
    #[inline]
    pub const fn with_rank(self, rank: Rank) -> Square {
        Square(((rank as u8) << Square::RANK_SHIFT) | self.file())
    }

    /// The square on the same rank and on `file`.
    #[inline]
    pub const fn with_file(self, file: File) -> Square {
        Square((self.0 & Square::RANK_MASK) | file as u8)
    }

    /// The single-bit bitboard of this square.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << (self.0 & Square::INDEX_MASK)
    }

    /// The same file, rank seen from Black's side (a1 <-> a8).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ Square::RANK_MASK)
    }

    /// This square seen from `color`'s side of the board: itself for White, the same file on
    /// the mirrored rank for Black (so tables written for White serve both sides).
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_rank(),
        }
    }

    /// True on the dark squares (a1 is dark).
    #[inline]
    pub const fn is_dark(self) -> bool {
        (self.file() + self.rank()).is_multiple_of(2)
    }

    /// Parses `e4` from the first two bytes of `s`.
    pub fn parse(s: &[u8]) -> Option<Square> {
        match s {
            [f @ b'a'..=b'h', r @ b'1'..=b'8', ..] => Some(Square::from_coords(f - b'a', r - b'1')),
            _ => None,
        }
    }

    /// The two-byte name, e.g. `*b"e4"`.
    pub const fn name(self) -> [u8; 2] {
        [b'a' + self.file(), b'1' + self.rank()]
    }
}

/// How many pieces a side can have: the length of each side's piece array.
pub const PIECES_PER_SIDE: usize = 16;

/// The index of a piece record: `0..16` are White's array, `16..32` Black's.
///
/// This is the safe form of the classic driver's pointer from a board square to a piece struct.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct PieceRef(u8);

impl PieceRef {
    /// The bits that hold the slot.
    const SLOT_MASK: u8 = PIECES_PER_SIDE as u8 - 1;
    /// How far the colour is shifted.
    const COLOR_SHIFT: u32 = PIECES_PER_SIDE.trailing_zeros();

    /// The reference to slot `slot` (taken modulo 16) of `color`'s array.
    #[inline]
    pub const fn new(color: Color, slot: u8) -> PieceRef {
        PieceRef(((color as u8) << PieceRef::COLOR_SHIFT) | (slot & PieceRef::SLOT_MASK))
    }

    /// The colour whose array this refers into.
    #[inline]
    pub const fn color(self) -> Color {
        if self.0 & (1 << PieceRef::COLOR_SHIFT) == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The slot within the colour's array, 0..16.
    #[inline]
    pub const fn slot(self) -> usize {
        (self.0 & PieceRef::SLOT_MASK) as usize
    }
}

const _: () = assert!(PIECES_PER_SIDE.is_power_of_two(), "a slot is a bit field");

/// One piece: the record the logical board refers to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
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
