//! The evaluation's weights, by term (see [`super::terms`]).
//!
//! Written by `kchess tune fit` (tools/src/tune/fit.rs): fitted to positions labelled
//! with Stockfish's scores and their games' results. Do not edit by hand; fit again.

use super::terms::TERMS;
use super::Score;

/// Every term's weight (middlegame, endgame), indexed as in [`super::terms`].
#[rustfmt::skip]
pub static WEIGHTS: [Score; TERMS] = [
    // material
    Score(66, 69), Score(317, 268), Score(324, 277), Score(391, 513), Score(1131, 787),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-6, 25), Score(8, 30), Score(2, 24), Score(2, 32), Score(4, 21), Score(31, 24), Score(31, 22), Score(-2, 22),
    Score(1, 20), Score(-8, 16), Score(6, 12), Score(-5, 26), Score(13, 16), Score(9, 23), Score(20, 7), Score(-7, 9),
    Score(-10, 24), Score(-11, 29), Score(8, 8), Score(30, 8), Score(33, 3), Score(30, 10), Score(-1, 17), Score(-15, 14),
    Score(-4, 27), Score(12, 39), Score(14, 23), Score(24, -9), Score(33, 11), Score(28, 13), Score(9, 25), Score(0, 21),
    Score(6, 30), Score(7, 41), Score(43, 18), Score(39, 18), Score(50, 20), Score(27, 25), Score(9, 35), Score(12, 28),
    Score(70, 62), Score(56, 68), Score(62, 83), Score(115, 87), Score(51, 56), Score(75, 89), Score(12, 97), Score(22, 67),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-87, -50), Score(-15, -10), Score(-26, -10), Score(-12, -21), Score(-10, -19), Score(-43, -14), Score(-10, -14), Score(-26, -35),
    Score(-28, -16), Score(-27, -5), Score(3, -1), Score(7, 2), Score(10, 3), Score(11, -10), Score(2, -17), Score(9, -10),
    Score(-22, -6), Score(-14, 1), Score(1, 3), Score(9, 26), Score(13, 3), Score(12, 7), Score(18, -1), Score(-7, 4),
    Score(6, 6), Score(-1, 1), Score(14, 15), Score(30, 19), Score(24, 8), Score(39, 11), Score(41, 3), Score(14, -4),
    Score(-3, -39), Score(-12, 11), Score(27, 25), Score(18, 19), Score(32, 23), Score(22, 4), Score(24, 3), Score(27, -5),
    Score(-11, -8), Score(3, -2), Score(7, 29), Score(66, 6), Score(48, 10), Score(29, -25), Score(28, -15), Score(6, -19),
    Score(-47, -36), Score(-48, -19), Score(-12, -15), Score(-24, -18), Score(8, -4), Score(25, -15), Score(-22, -17), Score(-39, 4),
    Score(-89, -46), Score(-92, 24), Score(-116, -32), Score(-67, -16), Score(36, -30), Score(-136, 3), Score(-7, -27), Score(-80, -60),
    // pst: Bishop
    Score(-10, -18), Score(4, -15), Score(9, -15), Score(-37, -28), Score(-33, -21), Score(-2, -11), Score(-3, -7), Score(-1, -8),
    Score(30, -3), Score(25, -21), Score(8, -23), Score(12, 10), Score(15, -10), Score(28, -20), Score(27, -17), Score(7, -28),
    Score(12, -6), Score(20, -6), Score(20, 4), Score(11, -1), Score(17, 0), Score(17, 1), Score(19, -29), Score(2, 0),
    Score(2, -20), Score(9, -9), Score(24, 9), Score(34, 14), Score(35, 13), Score(28, 2), Score(11, -14), Score(-3, -25),
    Score(-15, 1), Score(22, -3), Score(13, 19), Score(41, 8), Score(41, 19), Score(12, -7), Score(14, -5), Score(20, -4),
    Score(-9, 1), Score(16, -10), Score(-2, -11), Score(25, 4), Score(29, -18), Score(50, -9), Score(29, -20), Score(21, -8),
    Score(-33, -16), Score(-16, -7), Score(-6, 1), Score(-9, -5), Score(-71, -1), Score(-8, 13), Score(-34, -11), Score(-31, -31),
    Score(-9, 3), Score(-73, 10), Score(-61, 11), Score(-93, 16), Score(-53, 9), Score(-190, 46), Score(-45, -12), Score(9, 9),
    // pst: Rook
    Score(0, 8), Score(-1, -3), Score(7, -1), Score(4, -6), Score(18, -8), Score(27, -13), Score(-1, -8), Score(8, -1),
    Score(-28, -5), Score(9, -2), Score(-7, -6), Score(3, -12), Score(6, -38), Score(11, -33), Score(12, -27), Score(-41, -18),
    Score(-6, 1), Score(-3, -9), Score(-4, -6), Score(-6, 6), Score(-35, -22), Score(5, -20), Score(0, -20), Score(13, -9),
    Score(-12, 5), Score(-26, -2), Score(9, 19), Score(-16, 11), Score(-23, -9), Score(3, -19), Score(-16, -9), Score(18, 7),
    Score(-20, 26), Score(15, 6), Score(12, 8), Score(3, 6), Score(9, -1), Score(26, -1), Score(9, -1), Score(29, 5),
    Score(-8, 20), Score(-8, 9), Score(9, 15), Score(18, 3), Score(36, 8), Score(1, 8), Score(17, 16), Score(11, 16),
    Score(-1, 9), Score(-18, 16), Score(11, 7), Score(26, 17), Score(13, -4), Score(-7, 12), Score(21, 10), Score(22, -4),
    Score(-7, 15), Score(2, 4), Score(-5, 12), Score(10, 7), Score(-6, 4), Score(-9, 6), Score(-28, 32), Score(7, 22),
    // pst: Queen
    Score(3, -72), Score(10, -62), Score(18, -49), Score(34, -62), Score(21, -36), Score(28, -92), Score(2, -35), Score(-44, -46),
    Score(11, -66), Score(17, -53), Score(35, -48), Score(39, -13), Score(33, -25), Score(24, -36), Score(36, -84), Score(4, -64),
    Score(14, -34), Score(23, -20), Score(13, 17), Score(6, 27), Score(0, 13), Score(15, -32), Score(13, -23), Score(10, -15),
    Score(22, -20), Score(-9, -42), Score(3, 36), Score(-6, 84), Score(-3, 32), Score(-7, 17), Score(27, -10), Score(2, -73),
    Score(14, -23), Score(-24, 54), Score(-26, 65), Score(-22, 88), Score(4, 76), Score(-4, 34), Score(8, 21), Score(19, 16),
    Score(-4, -8), Score(16, 54), Score(-10, 55), Score(-2, 68), Score(-17, 54), Score(35, -42), Score(38, 18), Score(5, -8),
    Score(4, 21), Score(-7, 35), Score(-8, 55), Score(-31, 42), Score(-49, 79), Score(5, 38), Score(-25, 25), Score(20, -6),
    Score(-37, 3), Score(-22, 17), Score(-57, 6), Score(-43, 52), Score(-45, 19), Score(26, -42), Score(-29, -48), Score(-58, -65),
    // pst: King
    Score(-45, -33), Score(4, -37), Score(-12, -30), Score(-57, -20), Score(-24, -28), Score(-48, -28), Score(-1, -32), Score(5, -48),
    Score(3, -39), Score(-24, -2), Score(-43, -13), Score(-67, 4), Score(-52, 3), Score(-38, 1), Score(0, -20), Score(12, -29),
    Score(-76, -7), Score(-58, -2), Score(-96, 9), Score(-108, 7), Score(-104, 13), Score(-91, 10), Score(-39, -9), Score(-54, -8),
    Score(-136, 3), Score(-159, 15), Score(-136, 11), Score(-167, -2), Score(-168, 3), Score(-159, 20), Score(-110, 11), Score(-153, 0),
    Score(-171, 6), Score(-94, 1), Score(-76, 20), Score(-100, -11), Score(-100, -4), Score(-126, 2), Score(-78, 9), Score(-132, 10),
    Score(-109, -19), Score(-47, 5), Score(-65, 18), Score(-111, 15), Score(-135, 8), Score(-2, 63), Score(5, 17), Score(-118, 8),
    Score(-113, -10), Score(-133, -42), Score(-51, 19), Score(-151, 33), Score(-89, 14), Score(-75, 39), Score(37, 58), Score(-121, 22),
    Score(-128, -55), Score(-102, -1), Score(-149, -12), Score(-137, -6), Score(-136, 7), Score(-98, 24), Score(-58, 48), Score(-134, 3),
    // mobility: Knight
    Score(-19, -40), Score(-3, -12), Score(7, 11), Score(15, 17), Score(21, 25), Score(24, 30), Score(28, 31), Score(31, 28),
    Score(37, 20),
    // mobility: Bishop
    Score(0, -13), Score(15, 11), Score(22, 20), Score(29, 27), Score(32, 35), Score(33, 40), Score(36, 42), Score(37, 40),
    Score(36, 41), Score(36, 38), Score(35, 38), Score(43, 29), Score(43, 32), Score(52, 24),
    // mobility: Rook
    Score(-20, -18), Score(-6, 1), Score(0, 1), Score(7, 10), Score(10, 17), Score(11, 25), Score(13, 30), Score(13, 34),
    Score(16, 36), Score(16, 38), Score(17, 42), Score(15, 46), Score(14, 51), Score(10, 53), Score(13, 41),
    // mobility: Queen
    Score(-59, 3), Score(-56, 37), Score(-52, 6), Score(-51, 34), Score(-48, 46), Score(-47, 75), Score(-45, 78), Score(-43, 84),
    Score(-42, 93), Score(-40, 99), Score(-38, 107), Score(-37, 116), Score(-35, 114), Score(-32, 110), Score(-27, 99), Score(-19, 88),
    Score(-15, 87), Score(-1, 69), Score(12, 49), Score(21, 47), Score(65, -7), Score(113, -36), Score(142, -55), Score(232, -107),
    Score(202, -132), Score(335, -186), Score(7, -133), Score(117, -211),
    // king attack
    Score(8, -8), Score(15, -10), Score(12, -1), Score(6, 2), Score(3, -4), Score(5, -1), Score(13, -22), Score(-4, -12),
    Score(5, -3), Score(18, -6), Score(29, -13), Score(16, -12), Score(-1, 16), Score(10, 9), Score(-13, 85), Score(27, -7),
    // passed
    Score(0, 0), Score(-4, 2), Score(-10, 18), Score(8, 14), Score(17, 36), Score(34, 58), Score(71, 50), Score(0, 0),
    // isolated
    Score(-8, -3),
    // doubled
    Score(-11, -20),
    // bishop pair
    Score(24, 46),
    // rook open
    Score(43, -18),
    // rook semi-open
    Score(22, 8),
    // shield
    Score(-4, 10), Score(15, 5), Score(31, -4), Score(45, -10),
    // connected
    Score(0, 0), Score(2, -1), Score(6, 8), Score(9, 13), Score(19, 21), Score(36, 47), Score(149, 35), Score(0, 0),
    // pawn threat
    Score(78, 36), Score(80, 49), Score(89, 11), Score(67, 13),
    // minor threat
    Score(73, 8), Score(52, -13),
    // passed king distance
    Score(1, -8), Score(-3, 13),
    // passed blocked
    Score(0, 0), Score(8, -2), Score(-1, -2), Score(0, -7), Score(-8, -6), Score(-32, -9), Score(-71, -9), Score(0, 0),
    // passed free
    Score(0, 0), Score(-7, 12), Score(-9, 12), Score(-12, 25), Score(-5, 30), Score(3, 60), Score(-22, 106), Score(0, 0),
    // rook behind passed
    Score(9, 14),
    // outpost
    Score(21, 5), Score(23, 8),
    // rook seventh
    Score(4, 13),
    // backward
    Score(0, -5),
    // bishop pawns
    Score(-4, -1),
    // weak piece
    Score(13, 27), Score(20, 28), Score(-7, 21), Score(31, 56),
    // safe check
    Score(21, 5), Score(14, 8), Score(28, 2), Score(12, 5),
];
