//! The evaluation's terms: where each one sits in [`super::WEIGHTS`], and its name.
//!
//! Every term is a count (of pieces on a square, of reachable squares, of pawns with a trait...)
//! times a weight with a middlegame and an endgame value. The evaluation is the sum of the
//! counts times the weights, White's minus Black's, blended by the game phase; so a weight can
//! be fitted to data (`kchess tune fit`) without touching the code that counts.

use crate::piece::PieceKind;
use crate::piece::{Rank, Square};

/// The kinds whose material and placement count: all but the king's material.
const KINDS: usize = PieceKind::COUNT;
/// The kinds that are neither pawns nor kings (knight to queen): the ones that attack the
/// king's zone and that pawns threaten.
pub const PIECE_KINDS: usize = KINDS - 2;

/// Material of each kind but the king (pawn to queen).
pub const MATERIAL: usize = 0;
/// The piece-square tables: `PST + kind * 64 + square` (White's view).
pub const PST: usize = MATERIAL + KINDS - 1;
/// Mobility by the number of squares reached: `MOBILITY + MOBILITY_OFFSET[kind] + count`.
pub const MOBILITY: usize = PST + KINDS * Square::COUNT;
/// The most squares a knight, bishop, rook or queen can reach, by kind (pawn and king: none).
pub const MOBILITY_MAX: [usize; KINDS] = [0, 8, 13, 14, 27, 0];
/// Where each kind's mobility table starts, from [`MOBILITY`].
pub const MOBILITY_OFFSET: [usize; KINDS] = mobility_offsets();
const MOBILITY_LEN: usize = MOBILITY_OFFSET[KINDS - 1];
/// Attacks on the enemy king's zone, per square attacked, by attacking kind (knight to queen)
/// and the number of attacking pieces: `KING_ATTACK + (kind - 1) * ATTACKER_BUCKETS + bucket`.
pub const KING_ATTACK: usize = MOBILITY + MOBILITY_LEN;
/// Attacks count from this many attacking pieces on...
pub const KING_ATTACKERS_MIN: usize = 2;
/// ...in buckets of 2, 3, 4 and 5 or more attackers.
pub const ATTACKER_BUCKETS: usize = 4;
/// A passed pawn, by relative rank.
pub const PASSED: usize = KING_ATTACK + PIECE_KINDS * ATTACKER_BUCKETS;
/// A pawn with no friendly pawn on the files beside it.
pub const ISOLATED: usize = PASSED + Rank::COUNT;
/// A pawn with a friendly pawn in front of it on its file.
pub const DOUBLED: usize = ISOLATED + 1;
/// Two or more bishops.
pub const BISHOP_PAIR: usize = DOUBLED + 1;
/// A rook on a file without pawns.
pub const ROOK_OPEN: usize = BISHOP_PAIR + 1;
/// A rook on a file with enemy pawns only.
pub const ROOK_SEMI_OPEN: usize = ROOK_OPEN + 1;
/// The king's pawn shield, by the number of shield pawns (0 to [`SHIELD_MAX_PAWNS`]).
pub const SHIELD: usize = ROOK_SEMI_OPEN + 1;
/// At most this many shield pawns count.
pub const SHIELD_MAX_PAWNS: usize = 3;
/// A pawn defended by a pawn or with a pawn beside it, by relative rank.
pub const CONNECTED: usize = SHIELD + SHIELD_MAX_PAWNS + 1;
/// An enemy piece attacked by one of our pawns, by its kind (knight to queen).
pub const PAWN_THREAT: usize = CONNECTED + Rank::COUNT;
/// An enemy rook or queen attacked by one of our knights or bishops.
pub const MINOR_THREAT: usize = PAWN_THREAT + PIECE_KINDS;
/// A passed pawn's distance to our king and to theirs (from the square in front of it), times
/// how far it has advanced beyond the third rank.
pub const PASSED_KING_DISTANCE: usize = MINOR_THREAT + 2;
/// A passed pawn whose square in front holds an enemy piece, by relative rank.
pub const PASSED_BLOCKED: usize = PASSED_KING_DISTANCE + 2;
/// A passed pawn with no piece on the squares in front of it, by relative rank.
pub const PASSED_FREE: usize = PASSED_BLOCKED + Rank::COUNT;
/// Our rook behind our passed pawn on its file, nothing between them.
pub const ROOK_BEHIND_PASSED: usize = PASSED_FREE + Rank::COUNT;
/// A knight or bishop (in that order) on an outpost: the fourth to sixth relative rank,
/// defended by our pawn, out of reach of the enemy pawns.
pub const OUTPOST: usize = ROOK_BEHIND_PASSED + 1;
/// A rook on the seventh relative rank while the enemy king is on the eighth or enemy pawns
/// are on the seventh.
pub const ROOK_SEVENTH: usize = OUTPOST + 2;
/// A backward pawn: no pawn of ours on the files beside it level with it or behind it, and
/// the square in front of it attacked by an enemy pawn.
pub const BACKWARD: usize = ROOK_SEVENTH + 1;
/// Our pawns on squares of a bishop's colour, per bishop.
pub const BISHOP_PAWNS: usize = BACKWARD + 1;
/// An enemy knight, bishop, rook or queen (by its kind) attacked by one of our knights,
/// bishops, rooks or queens and not defended by an enemy pawn.
pub const WEAK_PIECE: usize = BISHOP_PAWNS + 1;
/// A square from which our knight, bishop, rook or queen (by its kind) would check the enemy
/// king, reached by that piece, neither ours nor attacked by an enemy pawn.
pub const SAFE_CHECK: usize = WEAK_PIECE + PIECE_KINDS;
/// The number of terms.
pub const TERMS: usize = SAFE_CHECK + PIECE_KINDS;

const fn mobility_offsets() -> [usize; KINDS] {
    let mut offsets = [0; KINDS];
    let mut k = 1;
    while k < KINDS {
        let used = if MOBILITY_MAX[k - 1] > 0 {
            MOBILITY_MAX[k - 1] + 1
        } else {
            0
        };
        offsets[k] = offsets[k - 1] + used;
        k += 1;
    }
    offsets
}

/// The groups of terms, in order: a name and the first term of each.
pub const GROUPS: [(&str, usize); 24] = [
    ("material", MATERIAL),
    ("pst", PST),
    ("mobility", MOBILITY),
    ("king attack", KING_ATTACK),
    ("passed", PASSED),
    ("isolated", ISOLATED),
    ("doubled", DOUBLED),
    ("bishop pair", BISHOP_PAIR),
    ("rook open", ROOK_OPEN),
    ("rook semi-open", ROOK_SEMI_OPEN),
    ("shield", SHIELD),
    ("connected", CONNECTED),
    ("pawn threat", PAWN_THREAT),
    ("minor threat", MINOR_THREAT),
    ("passed king distance", PASSED_KING_DISTANCE),
    ("passed blocked", PASSED_BLOCKED),
    ("passed free", PASSED_FREE),
    ("rook behind passed", ROOK_BEHIND_PASSED),
    ("outpost", OUTPOST),
    ("rook seventh", ROOK_SEVENTH),
    ("backward", BACKWARD),
    ("bishop pawns", BISHOP_PAWNS),
    ("weak piece", WEAK_PIECE),
    ("safe check", SAFE_CHECK),
];

/// The group a term belongs to and its place within it.
pub fn group_of(term: usize) -> (&'static str, usize) {
    let mut found = ("", term);
    for (name, start) in GROUPS {
        if start <= term {
            found = (name, term - start);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_in_order_and_cover_every_term() {
        assert!(GROUPS.windows(2).all(|w| w[0].1 <= w[1].1));
        assert_eq!(MOBILITY_OFFSET, [0, 0, 9, 23, 38, 66]);
        assert_eq!(
            TERMS,
            5 + 384 + 66 + 16 + 8 + 5 + 4 + 8 + 4 + 2 + 2 + 8 + 8 + 1 + 2 + 1 + 1 + 1 + 4 + 4
        );
        assert_eq!(group_of(PST + 64 + 28), ("pst", 92));
        assert_eq!(group_of(PASSED_BLOCKED - 1), ("passed king distance", 1));
        assert_eq!(group_of(TERMS - 1), ("safe check", 3));
    }
}
