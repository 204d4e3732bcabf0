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
    Score(77, 68), Score(354, 268), Score(373, 276), Score(452, 511), Score(1379, 693),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-7, 30), Score(4, 28), Score(1, 23), Score(-4, 29), Score(-2, 25), Score(26, 24), Score(29, 19), Score(-5, 22),
    Score(0, 20), Score(-9, 19), Score(5, 9), Score(-4, 26), Score(6, 21), Score(7, 24), Score(15, 7), Score(-9, 17),
    Score(-8, 22), Score(-15, 28), Score(12, 5), Score(28, 6), Score(34, -4), Score(28, 15), Score(-2, 17), Score(-15, 17),
    Score(-1, 26), Score(13, 34), Score(7, 20), Score(25, -8), Score(34, 5), Score(32, 12), Score(1, 23), Score(6, 13),
    Score(23, 39), Score(17, 37), Score(47, 15), Score(47, 20), Score(53, 20), Score(40, 18), Score(16, 42), Score(20, 27),
    Score(104, 73), Score(37, 71), Score(49, 91), Score(133, 94), Score(45, 31), Score(75, 90), Score(12, 101), Score(-6, 65),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-68, -58), Score(-15, -15), Score(-25, -7), Score(1, -31), Score(-19, -15), Score(-21, -13), Score(-12, -10), Score(-15, -29),
    Score(-29, -33), Score(-18, -9), Score(-1, 0), Score(8, 1), Score(12, -3), Score(11, -18), Score(14, -11), Score(-2, -1),
    Score(-23, 0), Score(-6, 6), Score(2, 6), Score(18, 29), Score(21, 5), Score(16, 4), Score(24, -10), Score(-10, 2),
    Score(0, -7), Score(2, 9), Score(18, 25), Score(31, 30), Score(29, 11), Score(36, 12), Score(39, 12), Score(8, -15),
    Score(-7, -43), Score(-11, 10), Score(22, 32), Score(13, 26), Score(31, 27), Score(31, 18), Score(27, -1), Score(37, -18),
    Score(14, -7), Score(17, -4), Score(22, 23), Score(59, 3), Score(58, 8), Score(53, -22), Score(35, -30), Score(25, -15),
    Score(-40, -49), Score(-64, -9), Score(-20, -16), Score(-44, -10), Score(-23, 1), Score(32, -32), Score(-20, -14), Score(-29, 3),
    Score(-106, -43), Score(-132, 32), Score(-131, -30), Score(-109, 4), Score(72, -50), Score(-160, -3), Score(-25, -5), Score(-84, -70),
    // pst: Bishop
    Score(1, -18), Score(-4, 12), Score(3, -16), Score(-38, -27), Score(-31, -19), Score(-11, -7), Score(10, -3), Score(0, -1),
    Score(35, 4), Score(24, -23), Score(4, -16), Score(9, 0), Score(8, -10), Score(34, -22), Score(27, -14), Score(12, -41),
    Score(10, -1), Score(20, -5), Score(20, 2), Score(2, 4), Score(13, 1), Score(21, 3), Score(22, -31), Score(0, 0),
    Score(-8, -29), Score(13, -18), Score(14, 14), Score(40, 7), Score(35, 11), Score(19, -3), Score(13, -7), Score(-14, -24),
    Score(0, -2), Score(13, 8), Score(19, 15), Score(38, 17), Score(40, 25), Score(21, -6), Score(14, -5), Score(25, -22),
    Score(-9, -12), Score(13, -21), Score(-11, 1), Score(33, -10), Score(27, -5), Score(45, -15), Score(32, -26), Score(22, -15),
    Score(-46, -3), Score(-20, 5), Score(-15, 4), Score(-6, 4), Score(-67, -3), Score(-10, 9), Score(-29, -16), Score(5, -41),
    Score(2, 4), Score(-85, 16), Score(-51, 3), Score(-71, 9), Score(-26, 13), Score(-191, 45), Score(-40, -7), Score(1, 1),
    // pst: Rook
    Score(5, 4), Score(6, 0), Score(10, -4), Score(9, -4), Score(19, -5), Score(38, -12), Score(0, -9), Score(7, -5),
    Score(-21, -14), Score(20, -22), Score(-5, -12), Score(-4, -7), Score(16, -44), Score(16, -37), Score(14, -27), Score(-37, -23),
    Score(-3, 1), Score(3, -21), Score(-4, -6), Score(-4, 9), Score(-22, -25), Score(-3, -8), Score(-5, -4), Score(16, -18),
    Score(-13, 8), Score(-13, 4), Score(19, 13), Score(-11, 14), Score(-23, 0), Score(-7, -14), Score(13, -11), Score(15, 8),
    Score(-17, 22), Score(8, 11), Score(18, 16), Score(12, 9), Score(23, -10), Score(28, 4), Score(5, 7), Score(27, 6),
    Score(-15, 25), Score(1, 13), Score(9, 23), Score(34, -1), Score(53, 1), Score(-13, 15), Score(15, 9), Score(4, 17),
    Score(-8, 9), Score(-24, 18), Score(8, 7), Score(12, 16), Score(16, -7), Score(-7, 9), Score(-17, 19), Score(9, -1),
    Score(-20, 21), Score(24, -1), Score(-23, 16), Score(11, 4), Score(6, 3), Score(-14, 3), Score(-53, 33), Score(13, 14),
    // pst: Queen
    Score(19, -115), Score(13, -75), Score(26, -79), Score(43, -109), Score(41, -90), Score(45, -140), Score(17, -48), Score(1, -66),
    Score(28, -101), Score(32, -92), Score(42, -80), Score(53, -62), Score(42, -52), Score(48, -85), Score(54, -132), Score(21, -59),
    Score(17, -62), Score(33, -73), Score(24, -13), Score(17, 2), Score(14, -1), Score(30, -70), Score(23, -49), Score(0, 3),
    Score(22, -70), Score(4, -60), Score(4, 37), Score(-2, 73), Score(-4, 40), Score(4, 9), Score(27, -4), Score(9, -74),
    Score(21, -32), Score(-22, 30), Score(-31, 70), Score(-33, 97), Score(2, 84), Score(-15, 59), Score(-3, 69), Score(18, 10),
    Score(15, -39), Score(17, 59), Score(-9, 71), Score(-10, 70), Score(-35, 106), Score(47, -27), Score(25, 72), Score(6, 25),
    Score(-12, 37), Score(-18, 54), Score(-36, 100), Score(-42, 74), Score(-80, 102), Score(-25, 106), Score(-33, 64), Score(10, 36),
    Score(-77, 52), Score(-42, 46), Score(-15, 9), Score(-33, 93), Score(-20, 34), Score(12, 15), Score(2, -23), Score(-18, -50),
    // pst: King
    Score(-11, -38), Score(25, -46), Score(10, -33), Score(-46, -22), Score(-11, -37), Score(-32, -30), Score(18, -35), Score(12, -47),
    Score(29, -42), Score(-2, -10), Score(-25, -8), Score(-45, 2), Score(-47, 4), Score(-19, -1), Score(20, -21), Score(24, -33),
    Score(-59, -5), Score(-26, -7), Score(-60, 6), Score(-95, 15), Score(-78, 11), Score(-88, 17), Score(-22, -8), Score(-43, -10),
    Score(-133, 0), Score(-149, 16), Score(-127, 9), Score(-129, 1), Score(-158, 13), Score(-99, 15), Score(-84, 11), Score(-130, 4),
    Score(-140, 1), Score(-120, 19), Score(-76, 22), Score(-76, -1), Score(-71, 2), Score(-107, 0), Score(-71, 9), Score(-112, 4),
    Score(-111, -7), Score(-43, 23), Score(-112, 43), Score(-114, 18), Score(-148, 18), Score(-23, 69), Score(-17, 25), Score(-120, -1),
    Score(-150, 4), Score(-169, -69), Score(-90, 26), Score(-172, 40), Score(-111, 4), Score(-125, 37), Score(-59, 87), Score(-120, 18),
    Score(-147, -75), Score(-133, -16), Score(-164, -35), Score(-187, -7), Score(-179, -7), Score(-157, 21), Score(-123, 52), Score(-165, -8),
    // mobility: Knight
    Score(-18, -29), Score(1, -6), Score(11, 14), Score(19, 20), Score(25, 23), Score(30, 30), Score(34, 28), Score(36, 21),
    Score(40, 8),
    // mobility: Bishop
    Score(1, -15), Score(17, 13), Score(25, 23), Score(32, 29), Score(35, 36), Score(37, 40), Score(39, 42), Score(41, 40),
    Score(42, 40), Score(42, 37), Score(40, 37), Score(48, 31), Score(49, 29), Score(54, 24),
    // mobility: Rook
    Score(-19, -12), Score(-5, 2), Score(1, 3), Score(9, 10), Score(11, 22), Score(12, 28), Score(15, 30), Score(15, 37),
    Score(18, 37), Score(19, 39), Score(22, 42), Score(23, 44), Score(17, 48), Score(13, 50), Score(40, 25),
    // mobility: Queen
    Score(-59, 9), Score(-56, 42), Score(-53, 24), Score(-53, 55), Score(-51, 70), Score(-49, 111), Score(-48, 112), Score(-46, 116),
    Score(-44, 119), Score(-44, 134), Score(-40, 139), Score(-40, 146), Score(-38, 146), Score(-35, 150), Score(-27, 119), Score(-16, 112),
    Score(-10, 117), Score(6, 88), Score(23, 64), Score(26, 64), Score(137, -58), Score(330, -190), Score(162, -57), Score(407, -246),
    Score(118, -137), Score(279, -290), Score(-20, -126), Score(45, -350),
    // king attack
    Score(11, -8), Score(22, -12), Score(29, -17), Score(5, -3), Score(4, -5), Score(7, 3), Score(-8, 6), Score(4, -5),
    Score(7, -3), Score(22, -12), Score(70, -44), Score(15, -10), Score(-3, 21), Score(12, 5), Score(4, 36), Score(45, -2),
    // passed
    Score(0, 0), Score(-6, 4), Score(-10, 19), Score(5, 18), Score(12, 36), Score(38, 63), Score(59, 56), Score(0, 0),
    // isolated
    Score(-10, -6),
    // doubled
    Score(-10, -16),
    // bishop pair
    Score(28, 47),
    // rook open
    Score(53, -22),
    // rook semi-open
    Score(28, 8),
    // shield
    Score(-2, 8), Score(14, 5), Score(28, -3), Score(45, -9),
    // connected
    Score(0, 0), Score(3, -1), Score(9, 7), Score(8, 14), Score(21, 25), Score(40, 48), Score(184, 44), Score(0, 0),
    // pawn threat
    Score(85, 38), Score(89, 55), Score(103, 6), Score(75, 15),
    // minor threat
    Score(88, -1), Score(60, -20),
    // passed king distance
    Score(1, -7), Score(-3, 13),
    // passed blocked
    Score(0, 0), Score(-2, -5), Score(4, -6), Score(0, -11), Score(-13, -15), Score(-42, -19), Score(-43, -20), Score(0, 0),
    // passed free
    Score(0, 0), Score(-20, 18), Score(-16, 17), Score(-19, 26), Score(-6, 29), Score(1, 54), Score(9, 95), Score(0, 0),
    // rook behind passed
    Score(13, 11),
    // outpost
    Score(27, 6), Score(31, 4),
    // rook seventh
    Score(14, 18),
    // backward
    Score(0, -4),
    // bishop pawns
    Score(-5, -1),
    // weak piece
    Score(15, 31), Score(21, 34), Score(-13, 33), Score(37, 62),
    // safe check
    Score(22, 6), Score(14, 9), Score(33, -3), Score(17, -4),
];
