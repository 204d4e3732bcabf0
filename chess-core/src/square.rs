//! Squares, files and ranks: the board's coordinates, relative to a side where a rule needs it
//! (`Rank::relative_to`).

use crate::piece::Color;

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

/// The single-bit bitboard of every square: a load instead of a variable shift.
const SQUARE_BITS: [u64; Square::COUNT] = {
    let mut t = [0; Square::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// One of the 64 squares, `a1` = 0, `b1` = 1, … `h8` = 63.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u8);

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
    pub(crate) const INDEX_MASK: u8 = 63;
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
        SQUARE_BITS[self.index()]
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
