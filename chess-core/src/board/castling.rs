//! Castling rights: which castlings are still allowed, and which of them a move loses by
//! touching a king's or a rook's home square.

use crate::attacks::Bitboard;
use crate::piece::{CastlingSide, Color, Rank, Square};

/// Which castlings are still allowed: a set of (colour, side) rights.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No castling at all.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// White may castle on the king's side.
    pub const WHITE_KING: CastlingRights = CastlingRights::single(Color::White, CastlingSide::King);
    /// White may castle on the queen's side.
    pub const WHITE_QUEEN: CastlingRights =
        CastlingRights::single(Color::White, CastlingSide::Queen);
    /// Black may castle on the king's side.
    pub const BLACK_KING: CastlingRights = CastlingRights::single(Color::Black, CastlingSide::King);
    /// Black may castle on the queen's side.
    pub const BLACK_QUEEN: CastlingRights =
        CastlingRights::single(Color::Black, CastlingSide::Queen);
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(15);
    /// How many different sets of rights there are.
    pub const COUNT: usize = 16;

    /// The single right of `color` to castle on `side`.
    #[inline]
    pub const fn single(color: Color, side: CastlingSide) -> CastlingRights {
        // One bit per right: White's two, then Black's, the king's side first.
        CastlingRights(1 << (color as usize * CastlingSide::ALL.len() + side as usize))
    }

    /// Both of `color`'s rights.
    #[inline]
    pub const fn both(color: Color) -> CastlingRights {
        CastlingRights::single(color, CastlingSide::King)
            .union(CastlingRights::single(color, CastlingSide::Queen))
    }

    /// True when `color` may still castle on `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.contains(CastlingRights::single(color, side))
    }

    /// True when every right of `other` is in this set.
    #[inline]
    pub const fn contains(self, other: CastlingRights) -> bool {
        self.0 & other.0 == other.0
    }

    /// The rights in either set.
    #[inline]
    pub const fn union(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 | other.0)
    }

    /// These rights without those of `other`.
    #[inline]
    pub const fn without(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 & !other.0)
    }

    /// True when no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set as bits of [`castle`] (for compact storage and the text forms).
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The set from bits of [`castle`]; other bits are ignored.
    #[inline]
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & CastlingRights::ALL.0)
    }

    /// 0..16, distinct for every set (for key tables).
    #[inline]
    pub const fn index(self) -> usize {
        (self.0 & CastlingRights::ALL.0) as usize
    }
}

/// The rights a move loses by touching a square: a king or rook leaving its home square, or a
/// rook being captured there.
pub(super) static CASTLING_LOST: [CastlingRights; Square::COUNT] = CASTLING_LOST_TABLE;

/// [`CASTLING_LOST`] as a constant, for [`CASTLING_SQUARES`].
const CASTLING_LOST_TABLE: [CastlingRights; Square::COUNT] = {
    let mut t = [CastlingRights::NONE; Square::COUNT];
    let mut c = 0;
    while c < Color::COUNT {
        let color = Color::ALL[c];
        let home = Rank::First.relative_to(color);
        t[Square::at(CastlingSide::KING_FROM, home).index()] = CastlingRights::both(color);
        let mut s = 0;
        while s < CastlingSide::ALL.len() {
            let side = CastlingSide::ALL[s];
            t[Square::at(side.rook_from(), home).index()] = CastlingRights::single(color, side);
            s += 1;
        }
        c += 1;
    }
    t
};

/// The squares whose [`CASTLING_LOST`] is not empty: the kings' and rooks' home squares.
pub(super) const CASTLING_SQUARES: Bitboard = {
    let mut bb = 0;
    let mut sq = 0;
    while sq < Square::COUNT {
        if !CASTLING_LOST_TABLE[sq].is_empty() {
            bb |= 1 << sq;
        }
        sq += 1;
    }
    bb
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_rights_combine_by_name() {
        assert_eq!(
            [
                CastlingRights::WHITE_KING,
                CastlingRights::WHITE_QUEEN,
                CastlingRights::BLACK_KING,
                CastlingRights::BLACK_QUEEN
            ]
            .map(CastlingRights::bits),
            [1, 2, 4, 8]
        );
        let rights = CastlingRights::ALL.without(CastlingRights::both(Color::White));
        assert!(!rights.has(Color::White, CastlingSide::King));
        assert!(rights.has(Color::Black, CastlingSide::Queen));
        assert_eq!(
            rights,
            CastlingRights::BLACK_KING.union(CastlingRights::BLACK_QUEEN)
        );
        assert!(CastlingRights::from_bits(0xf0).is_empty());
    }

    #[test]
    fn a_king_or_rook_leaving_home_loses_its_rights() {
        assert_eq!(
            CASTLING_LOST[Square::E1.index()],
            CastlingRights::both(Color::White)
        );
        assert_eq!(
            CASTLING_LOST[Square::A8.index()],
            CastlingRights::BLACK_QUEEN
        );
        assert_eq!(
            CASTLING_LOST[Square::H8.index()],
            CastlingRights::BLACK_KING
        );
        assert_eq!(CASTLING_LOST[Square::E4.index()], CastlingRights::NONE);
    }

    #[test]
    fn only_the_kings_and_rooks_home_squares_can_lose_rights() {
        let homes = [
            Square::A1,
            Square::E1,
            Square::H1,
            Square::A8,
            Square::E8,
            Square::H8,
        ];
        assert_eq!(CASTLING_SQUARES, homes.iter().map(|sq| sq.bit()).sum());
    }
}
