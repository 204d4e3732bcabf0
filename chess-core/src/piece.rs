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
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

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
    /// All kinds, in index order.
    pub const ALL: [PieceKind; 6] = [
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

/// One of the 64 squares, `a1` = 0, `b1` = 1, … `h8` = 63.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// a1.
    pub const A1: Square = Square(0);
    /// c1.
    pub const C1: Square = Square(2);
    /// d1.
    pub const D1: Square = Square(3);
    /// e1.
    pub const E1: Square = Square(4);
    /// f1.
    pub const F1: Square = Square(5);
    /// g1.
    pub const G1: Square = Square(6);
    /// h1.
    pub const H1: Square = Square(7);
    /// a8.
    pub const A8: Square = Square(56);
    /// c8.
    pub const C8: Square = Square(58);
    /// d8.
    pub const D8: Square = Square(59);
    /// e8.
    pub const E8: Square = Square(60);
    /// f8.
    pub const F8: Square = Square(61);
    /// g8.
    pub const G8: Square = Square(62);
    /// h8.
    pub const H8: Square = Square(63);

    /// The square with this index, if it is below 64.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 64 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with index `index % 64`: for indices known to be in range (bit scans).
    #[inline]
    pub const fn from_index_masked(index: u32) -> Square {
        Square((index & 63) as u8)
    }

    /// The square on `file` (0 = a) and `rank` (0 = 1), both taken modulo 8.
    #[inline]
    pub const fn from_coords(file: u8, rank: u8) -> Square {
        Square(((rank & 7) << 3) | (file & 7))
    }

    /// 0..64, usable as an array index without a bounds check.
    #[inline]
    pub const fn index(self) -> usize {
        (self.0 & 63) as usize
    }

    /// The file, 0 = a.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 = rank 1.
    #[inline]
    pub const fn rank(self) -> u8 {
        (self.0 >> 3) & 7
    }

    /// The single-bit bitboard of this square.
    #[inline]
    pub const fn bit(self) -> u64 {
        1u64 << (self.0 & 63)
    }

    /// The same file, rank seen from Black's side (a1 <-> a8).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
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

/// The index of a piece record: `0..16` are White's array, `16..32` Black's.
///
/// This is the safe form of the classic driver's pointer from a board square to a piece struct.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct PieceRef(u8);

impl PieceRef {
    /// The reference to slot `slot` (taken modulo 16) of `color`'s array.
    #[inline]
    pub const fn new(color: Color, slot: u8) -> PieceRef {
        PieceRef(((color as u8) << 4) | (slot & 15))
    }

    /// The colour whose array this refers into.
    #[inline]
    pub const fn color(self) -> Color {
        if self.0 & 16 == 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The slot within the colour's array, 0..16.
    #[inline]
    pub const fn slot(self) -> usize {
        (self.0 & 15) as usize
    }
}

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

/// What a move does besides going from one square to another.
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
}

/// A move, packed in 16 bits: from (6), to (6), flags (4).
///
/// Flags: 0 quiet, 1 double push, 2/3 castling, 4 capture, 5 en passant,
/// 8..=11 promotion to N B R Q, 12..=15 the same with a capture.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Move(u16);

impl Move {
    /// The null move (a1-a1); never legal, used as "no move".
    pub const NULL: Move = Move(0);

    /// A move with a non-promotion flag.
    #[inline]
    pub const fn new(from: Square, to: Square, flag: MoveFlag) -> Move {
        Move((from.0 as u16) | ((to.0 as u16) << 6) | ((flag as u16) << 12))
    }

    /// A promotion to `kind` (knight to queen; anything else becomes a knight).
    #[inline]
    pub const fn promotion(from: Square, to: Square, kind: PieceKind, capture: bool) -> Move {
        let k = match kind {
            PieceKind::Bishop => 1,
            PieceKind::Rook => 2,
            PieceKind::Queen => 3,
            _ => 0,
        };
        let flag = 8 | k | if capture { 4 } else { 0 };
        Move((from.0 as u16) | ((to.0 as u16) << 6) | (flag << 12))
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
        Square((self.0 & 63) as u8)
    }

    /// The square it goes to (for castling: the king's target).
    #[inline]
    pub const fn to(self) -> Square {
        Square(((self.0 >> 6) & 63) as u8)
    }

    #[inline]
    const fn flags(self) -> u16 {
        self.0 >> 12
    }

    /// True for captures, en passant included.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.flags() & 4 != 0
    }

    /// True for en passant.
    #[inline]
    pub const fn is_en_passant(self) -> bool {
        self.flags() == 5
    }

    /// True for a pawn's two-square advance.
    #[inline]
    pub const fn is_double_push(self) -> bool {
        self.flags() == 1
    }

    /// True for castling (either side).
    #[inline]
    pub const fn is_castling(self) -> bool {
        self.flags() == 2 || self.flags() == 3
    }

    /// The kind a pawn promotes to, if this is a promotion.
    #[inline]
    pub const fn promotion_kind(self) -> Option<PieceKind> {
        if self.flags() & 8 == 0 {
            return None;
        }
        Some(match self.flags() & 3 {
            0 => PieceKind::Knight,
            1 => PieceKind::Bishop,
            2 => PieceKind::Rook,
            _ => PieceKind::Queen,
        })
    }

    /// True for moves that are neither captures nor promotions.
    #[inline]
    pub const fn is_quiet(self) -> bool {
        self.flags() & 12 == 0
    }
}
