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
    Score(86, 63), Score(368, 270), Score(399, 275), Score(489, 509), Score(1352, 734),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-2, 30), Score(0, 33), Score(-3, 30), Score(-8, 34), Score(-6, 38), Score(24, 32), Score(28, 20), Score(-4, 20),
    Score(-2, 18), Score(-15, 22), Score(0, 9), Score(-12, 30), Score(-3, 24), Score(-2, 23), Score(11, 8), Score(-12, 13),
    Score(-6, 22), Score(-18, 26), Score(8, 3), Score(25, 6), Score(25, -1), Score(20, 12), Score(-11, 10), Score(-12, 14),
    Score(5, 24), Score(13, 36), Score(6, 15), Score(31, -9), Score(33, 23), Score(27, 8), Score(2, 18), Score(4, 19),
    Score(24, 44), Score(22, 31), Score(59, 2), Score(38, 24), Score(45, 22), Score(77, 7), Score(12, 19), Score(24, 26),
    Score(111, 63), Score(23, 73), Score(100, 94), Score(130, 88), Score(34, 31), Score(76, 93), Score(13, 127), Score(19, 46),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-58, -90), Score(-13, -15), Score(-17, -21), Score(4, -47), Score(-25, -9), Score(-29, 3), Score(-3, -26), Score(-41, -14),
    Score(-40, -69), Score(-22, 27), Score(0, -2), Score(12, -5), Score(22, -8), Score(19, -39), Score(15, -11), Score(-6, -11),
    Score(-16, 2), Score(-6, -10), Score(4, 8), Score(19, 28), Score(18, 10), Score(21, 6), Score(21, -1), Score(-1, -20),
    Score(-1, -3), Score(-12, 12), Score(18, 24), Score(36, 27), Score(29, 24), Score(40, 11), Score(21, 16), Score(10, -24),
    Score(-15, -26), Score(-8, -4), Score(21, 38), Score(9, 35), Score(34, 35), Score(19, 39), Score(31, 0), Score(35, -11),
    Score(23, -9), Score(25, -1), Score(2, 40), Score(56, -6), Score(68, 4), Score(44, 4), Score(35, -31), Score(12, 6),
    Score(-34, -44), Score(-77, 3), Score(-10, -42), Score(-28, 6), Score(-50, -3), Score(35, -16), Score(-14, -2), Score(-18, 13),
    Score(-135, -50), Score(-100, 7), Score(-93, -48), Score(-104, -24), Score(51, -34), Score(-146, -5), Score(-21, 2), Score(-84, -60),
    // pst: Bishop
    Score(8, -34), Score(22, -3), Score(4, -26), Score(-24, -28), Score(-17, -14), Score(-9, -13), Score(8, -37), Score(4, 6),
    Score(35, 4), Score(29, -22), Score(15, -9), Score(9, -5), Score(10, -3), Score(20, -7), Score(28, -11), Score(12, -23),
    Score(16, -11), Score(19, 4), Score(22, 9), Score(2, 10), Score(6, 14), Score(21, 6), Score(22, -31), Score(1, -10),
    Score(-17, -48), Score(1, -12), Score(8, 26), Score(24, 28), Score(40, 15), Score(21, -5), Score(24, -25), Score(-5, -21),
    Score(-14, -9), Score(11, 14), Score(15, 28), Score(41, 15), Score(49, 12), Score(28, -8), Score(14, 1), Score(19, -24),
    Score(-5, 0), Score(1, -14), Score(-7, 1), Score(25, -15), Score(40, -13), Score(38, -6), Score(29, -25), Score(20, -7),
    Score(-46, 7), Score(-20, 19), Score(-30, -3), Score(11, -13), Score(-28, 22), Score(-24, 20), Score(-57, -9), Score(8, -55),
    Score(-13, 4), Score(-98, 2), Score(-37, 15), Score(-56, 3), Score(-39, 9), Score(-178, 12), Score(-39, -10), Score(-17, -1),
    // pst: Rook
    Score(3, 1), Score(1, -3), Score(1, 4), Score(9, -1), Score(24, -12), Score(40, -10), Score(-3, -5), Score(16, -14),
    Score(-29, -14), Score(3, -25), Score(-4, -14), Score(-19, 0), Score(1, -61), Score(14, -38), Score(8, -32), Score(-32, -38),
    Score(-5, -5), Score(4, -22), Score(-16, 0), Score(-5, 9), Score(-24, -26), Score(-10, -1), Score(-27, 18), Score(5, -14),
    Score(-4, 0), Score(1, -4), Score(19, 13), Score(-6, 6), Score(-16, -6), Score(-1, -18), Score(27, -18), Score(18, -2),
    Score(-34, 27), Score(10, 12), Score(12, 23), Score(11, 12), Score(17, -19), Score(13, 22), Score(20, 10), Score(15, 14),
    Score(-13, 25), Score(24, 5), Score(11, 17), Score(16, 5), Score(54, 6), Score(-3, 16), Score(16, 10), Score(13, 16),
    Score(11, 12), Score(4, 17), Score(49, 0), Score(50, 7), Score(56, -15), Score(-12, 12), Score(-5, 17), Score(27, -7),
    Score(-18, 23), Score(4, 5), Score(-47, 24), Score(13, 10), Score(-19, 14), Score(-11, 15), Score(-39, 27), Score(-27, 26),
    // pst: Queen
    Score(36, -117), Score(10, -64), Score(16, -67), Score(41, -91), Score(42, -115), Score(40, -151), Score(11, -63), Score(17, -86),
    Score(22, -84), Score(27, -67), Score(46, -112), Score(54, -89), Score(46, -65), Score(50, -106), Score(51, -115), Score(36, -41),
    Score(24, -68), Score(26, -68), Score(18, -10), Score(14, -23), Score(12, 1), Score(31, -68), Score(25, -58), Score(-22, 75),
    Score(10, -43), Score(-19, 43), Score(1, 46), Score(0, 59), Score(-1, 14), Score(6, -12), Score(17, 7), Score(6, -82),
    Score(9, -12), Score(-20, 36), Score(-29, 62), Score(-30, 96), Score(-1, 71), Score(-8, 27), Score(-22, 115), Score(14, 10),
    Score(21, -70), Score(21, 16), Score(-20, 65), Score(6, 42), Score(-29, 98), Score(50, -22), Score(3, 79), Score(10, 22),
    Score(-16, 11), Score(-38, 34), Score(-44, 86), Score(-54, 90), Score(-77, 83), Score(-18, 107), Score(-45, 71), Score(39, 30),
    Score(-73, 45), Score(-29, 67), Score(-2, 14), Score(-33, 74), Score(-31, 48), Score(49, 24), Score(4, 22), Score(-21, -3),
    // pst: King
    Score(-1, -33), Score(39, -53), Score(12, -33), Score(-50, -19), Score(-3, -49), Score(-20, -38), Score(25, -44), Score(8, -55),
    Score(40, -40), Score(-16, -14), Score(-26, -8), Score(-39, -4), Score(-41, -2), Score(-14, -10), Score(14, -16), Score(14, -29),
    Score(-35, -24), Score(-35, 4), Score(-64, 3), Score(-104, 21), Score(-57, 4), Score(-76, 18), Score(-33, 1), Score(-60, -2),
    Score(-105, -16), Score(-127, 14), Score(-128, 26), Score(-79, -1), Score(-120, 16), Score(-54, 17), Score(-56, 14), Score(-100, 0),
    Score(-83, 5), Score(-114, 32), Score(-85, 32), Score(-105, 14), Score(-75, 15), Score(-62, -2), Score(-84, 27), Score(-99, 2),
    Score(-101, -12), Score(-69, 81), Score(-149, 67), Score(-145, 20), Score(-144, 20), Score(-55, 81), Score(-36, 50), Score(-134, 23),
    Score(-143, 18), Score(-166, -83), Score(-103, 45), Score(-182, 43), Score(-153, -22), Score(-129, 11), Score(-136, 123), Score(-133, 6),
    Score(-156, -88), Score(-147, -18), Score(-171, -48), Score(-201, -24), Score(-165, -38), Score(-166, -38), Score(-133, 48), Score(-176, -30),
    // mobility: Knight
    Score(-17, -51), Score(-2, -1), Score(8, 18), Score(16, 25), Score(24, 29), Score(32, 34), Score(38, 29), Score(42, 24),
    Score(53, 1),
    // mobility: Bishop
    Score(-9, -7), Score(8, 20), Score(18, 25), Score(26, 25), Score(29, 35), Score(32, 35), Score(34, 40), Score(37, 35),
    Score(38, 36), Score(39, 36), Score(36, 40), Score(58, 31), Score(91, 27), Score(91, 28),
    // mobility: Rook
    Score(-22, -12), Score(-8, 7), Score(-1, 2), Score(7, 11), Score(8, 24), Score(11, 32), Score(15, 36), Score(14, 39),
    Score(18, 42), Score(20, 41), Score(22, 44), Score(29, 41), Score(16, 47), Score(13, 46), Score(86, -1),
    // mobility: Queen
    Score(-25, -21), Score(-26, -6), Score(-23, -21), Score(-20, 6), Score(-21, 45), Score(-20, 90), Score(-17, 83), Score(-20, 105),
    Score(-18, 111), Score(-20, 135), Score(-16, 137), Score(-14, 156), Score(-15, 149), Score(-7, 161), Score(-4, 150), Score(2, 154),
    Score(-1, 156), Score(7, 143), Score(8, 134), Score(-3, 137), Score(110, -6), Score(356, -285), Score(127, 4), Score(243, -262),
    Score(45, -82), Score(151, -430), Score(4, -19), Score(-2, -399),
    // king attack
    Score(14, -13), Score(24, -19), Score(56, -6), Score(22, 3), Score(6, -6), Score(12, 5), Score(-3, -15), Score(19, 4),
    Score(5, -1), Score(23, -9), Score(37, -29), Score(31, 3), Score(-3, 30), Score(9, 49), Score(42, 8), Score(56, 2),
    // passed
    Score(0, 0), Score(-6, 8), Score(-17, 24), Score(14, 14), Score(38, 33), Score(86, 50), Score(114, 56), Score(0, 0),
    // isolated
    Score(-10, -7),
    // doubled
    Score(-9, -9),
    // bishop pair
    Score(23, 56),
    // rook open
    Score(63, -26),
    // rook semi-open
    Score(33, 11),
    // shield
    Score(0, 5), Score(13, 5), Score(27, -2), Score(45, -9),
    // connected
    Score(0, 0), Score(4, 0), Score(10, 7), Score(12, 19), Score(20, 29), Score(30, 69), Score(197, 55), Score(0, 0),
    // pawn threat
    Score(81, 44), Score(85, 55), Score(94, 5), Score(70, -4),
    // minor threat
    Score(81, -1), Score(56, -13),
    // passed king distance
    Score(-1, -7), Score(-4, 15),
    // passed blocked
    Score(0, 0), Score(6, 0), Score(10, 3), Score(-3, -11), Score(-32, -17), Score(-32, -23), Score(-7, -52), Score(0, 0),
    // passed free
    Score(0, 0), Score(-16, 18), Score(-9, 15), Score(-18, 25), Score(-4, 24), Score(4, 60), Score(19, 82), Score(0, 0),
    // rook behind passed
    Score(10, 17),
    // outpost
    Score(29, 9), Score(41, -3),
    // rook seventh
    Score(-30, 32),
    // backward
    Score(-1, -1),
    // bishop pawns
    Score(-4, -1),
    // weak piece
    Score(13, 33), Score(20, 38), Score(-8, 24), Score(34, 65),
    // safe check
    Score(26, 6), Score(15, 12), Score(42, -8), Score(20, -5),
];
