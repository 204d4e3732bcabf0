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
    Score(71, 69), Score(334, 269), Score(349, 274), Score(421, 511), Score(1265, 744),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-8, 26), Score(5, 29), Score(1, 23), Score(-3, 26), Score(2, 22), Score(27, 22), Score(27, 21), Score(-3, 20),
    Score(1, 20), Score(-9, 18), Score(4, 12), Score(-1, 25), Score(7, 20), Score(9, 24), Score(16, 8), Score(-6, 12),
    Score(-10, 22), Score(-14, 28), Score(11, 8), Score(30, 6), Score(32, 0), Score(29, 8), Score(-1, 18), Score(-14, 14),
    Score(-1, 23), Score(10, 36), Score(11, 18), Score(24, -7), Score(36, 7), Score(29, 11), Score(6, 23), Score(4, 17),
    Score(13, 36), Score(11, 40), Score(44, 17), Score(41, 19), Score(48, 26), Score(29, 31), Score(14, 36), Score(23, 24),
    Score(94, 67), Score(45, 75), Score(43, 85), Score(126, 95), Score(53, 39), Score(86, 89), Score(10, 98), Score(8, 70),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-92, -42), Score(-15, -11), Score(-17, -10), Score(-10, -23), Score(-8, -19), Score(-31, -12), Score(-11, -14), Score(-23, -7),
    Score(-31, -22), Score(-24, -6), Score(1, -3), Score(6, -1), Score(9, -3), Score(13, -22), Score(8, -13), Score(1, 0),
    Score(-23, 3), Score(-7, 5), Score(1, 4), Score(17, 27), Score(15, 0), Score(15, 3), Score(18, -11), Score(-7, 1),
    Score(4, -2), Score(4, 5), Score(19, 20), Score(35, 26), Score(30, 6), Score(38, 11), Score(46, 3), Score(11, -14),
    Score(-2, -46), Score(-14, 12), Score(25, 27), Score(16, 20), Score(34, 24), Score(26, 8), Score(24, -1), Score(34, -18),
    Score(12, -8), Score(13, 1), Score(20, 25), Score(66, 2), Score(63, 12), Score(40, -18), Score(35, -27), Score(17, -18),
    Score(-41, -39), Score(-55, -13), Score(-17, -18), Score(-34, -21), Score(-8, 1), Score(32, -21), Score(-31, -16), Score(-44, 11),
    Score(-97, -39), Score(-121, 37), Score(-138, -25), Score(-100, 2), Score(56, -53), Score(-148, -4), Score(-21, -17), Score(-81, -75),
    // pst: Bishop
    Score(-13, -16), Score(-4, 6), Score(6, -14), Score(-34, -26), Score(-20, -24), Score(-7, -9), Score(1, 11), Score(-4, -12),
    Score(33, 0), Score(22, -23), Score(4, -14), Score(8, 5), Score(8, -5), Score(32, -22), Score(23, -13), Score(15, -35),
    Score(10, 0), Score(19, -5), Score(16, 6), Score(5, 2), Score(17, 1), Score(18, 5), Score(23, -32), Score(2, 4),
    Score(-6, -24), Score(5, -14), Score(16, 17), Score(35, 15), Score(38, 11), Score(23, -2), Score(16, -12), Score(-5, -27),
    Score(-7, -9), Score(18, 3), Score(18, 17), Score(42, 11), Score(40, 23), Score(14, -9), Score(14, -7), Score(24, -10),
    Score(-10, -8), Score(17, -18), Score(-6, -8), Score(26, 3), Score(26, -12), Score(51, -16), Score(33, -32), Score(18, -14),
    Score(-38, -6), Score(-15, -1), Score(-6, -2), Score(-8, -2), Score(-69, -6), Score(-11, 10), Score(-27, -16), Score(-18, -36),
    Score(-6, 1), Score(-73, 15), Score(-47, 3), Score(-71, 11), Score(-44, 14), Score(-195, 50), Score(-50, -18), Score(6, 6),
    // pst: Rook
    Score(1, 7), Score(1, 1), Score(8, -4), Score(8, -6), Score(18, -5), Score(33, -12), Score(0, -9), Score(7, -1),
    Score(-28, -12), Score(14, -14), Score(-10, -4), Score(0, -9), Score(8, -35), Score(14, -35), Score(18, -19), Score(-36, -22),
    Score(-2, 2), Score(-1, -9), Score(-5, -7), Score(-4, 4), Score(-31, -23), Score(4, -12), Score(1, -11), Score(17, -11),
    Score(-10, 9), Score(-24, 1), Score(18, 17), Score(-20, 12), Score(-25, -5), Score(-7, -17), Score(0, -14), Score(18, 5),
    Score(-21, 24), Score(14, 7), Score(7, 11), Score(10, 7), Score(15, -6), Score(34, 2), Score(7, 5), Score(29, 6),
    Score(-6, 20), Score(5, 8), Score(12, 14), Score(32, -7), Score(47, 2), Score(-15, 13), Score(10, 13), Score(11, 14),
    Score(-11, 13), Score(-27, 20), Score(2, 14), Score(13, 20), Score(17, -7), Score(-24, 13), Score(-5, 18), Score(8, 0),
    Score(-8, 17), Score(16, -3), Score(-2, 5), Score(10, 5), Score(10, -2), Score(-2, 1), Score(-44, 29), Score(15, 18),
    // pst: Queen
    Score(15, -99), Score(12, -72), Score(21, -66), Score(40, -83), Score(33, -60), Score(44, -121), Score(12, -50), Score(-29, -68),
    Score(24, -95), Score(26, -72), Score(41, -63), Score(46, -43), Score(38, -45), Score(39, -54), Score(45, -118), Score(17, -70),
    Score(15, -53), Score(27, -52), Score(22, -2), Score(13, 19), Score(9, 15), Score(25, -56), Score(21, -25), Score(9, -21),
    Score(19, -58), Score(-7, -60), Score(10, 29), Score(-2, 90), Score(-4, 37), Score(-2, 14), Score(26, -4), Score(12, -79),
    Score(14, -40), Score(-23, 52), Score(-27, 72), Score(-31, 91), Score(-1, 82), Score(-5, 43), Score(8, 41), Score(20, 11),
    Score(3, -10), Score(15, 69), Score(-10, 69), Score(-10, 75), Score(-29, 82), Score(40, -27), Score(32, 37), Score(14, 11),
    Score(-4, 37), Score(-12, 56), Score(-20, 83), Score(-46, 60), Score(-67, 95), Score(-17, 86), Score(-29, 47), Score(12, 24),
    Score(-61, 27), Score(-34, 27), Score(-44, 7), Score(-43, 85), Score(-34, 28), Score(23, -14), Score(-13, -33), Score(-39, -62),
    // pst: King
    Score(-26, -39), Score(12, -39), Score(1, -28), Score(-51, -21), Score(-18, -32), Score(-39, -28), Score(10, -32), Score(6, -41),
    Score(17, -40), Score(-13, -4), Score(-34, -11), Score(-54, 7), Score(-52, 2), Score(-29, 1), Score(10, -17), Score(16, -30),
    Score(-69, -2), Score(-32, -6), Score(-76, 8), Score(-95, 7), Score(-93, 13), Score(-89, 15), Score(-31, -7), Score(-56, -10),
    Score(-132, -2), Score(-150, 17), Score(-131, 6), Score(-147, -3), Score(-171, 6), Score(-130, 14), Score(-101, 13), Score(-144, 0),
    Score(-156, 7), Score(-116, 10), Score(-62, 17), Score(-79, -6), Score(-78, -6), Score(-116, -4), Score(-81, 6), Score(-123, 8),
    Score(-112, -22), Score(-56, 18), Score(-69, 26), Score(-113, 14), Score(-142, 6), Score(-8, 68), Score(10, 17), Score(-125, 5),
    Score(-138, -3), Score(-153, -53), Score(-71, 23), Score(-162, 34), Score(-96, 12), Score(-104, 37), Score(-19, 79), Score(-123, 20),
    Score(-137, -66), Score(-117, -11), Score(-157, -22), Score(-163, -9), Score(-163, 6), Score(-125, 22), Score(-98, 50), Score(-152, 4),
    // mobility: Knight
    Score(-18, -36), Score(-1, -7), Score(10, 14), Score(17, 18), Score(24, 23), Score(27, 29), Score(30, 29), Score(33, 25),
    Score(36, 15),
    // mobility: Bishop
    Score(0, -16), Score(17, 10), Score(24, 23), Score(31, 29), Score(34, 35), Score(36, 40), Score(38, 41), Score(39, 41),
    Score(39, 41), Score(40, 37), Score(38, 38), Score(49, 27), Score(42, 29), Score(50, 27),
    // mobility: Rook
    Score(-18, -15), Score(-5, 2), Score(2, 1), Score(9, 11), Score(11, 19), Score(12, 27), Score(15, 30), Score(15, 35),
    Score(18, 36), Score(18, 38), Score(20, 42), Score(20, 44), Score(17, 48), Score(13, 50), Score(14, 37),
    // mobility: Queen
    Score(-62, 15), Score(-60, 60), Score(-56, 27), Score(-54, 49), Score(-52, 66), Score(-51, 100), Score(-48, 96), Score(-47, 97),
    Score(-46, 110), Score(-45, 118), Score(-41, 123), Score(-42, 134), Score(-39, 131), Score(-38, 133), Score(-30, 111), Score(-18, 99),
    Score(-13, 101), Score(3, 77), Score(18, 53), Score(28, 50), Score(106, -32), Score(212, -109), Score(164, -69), Score(358, -187),
    Score(165, -144), Score(319, -239), Score(-12, -144), Score(76, -290),
    // king attack
    Score(9, -8), Score(18, -11), Score(20, -10), Score(4, -1), Score(3, -4), Score(5, 2), Score(-1, -1), Score(1, -8),
    Score(5, -2), Score(20, -8), Score(55, -33), Score(16, -11), Score(-2, 19), Score(15, 2), Score(-12, 62), Score(37, -4),
    // passed
    Score(0, 0), Score(-6, 3), Score(-8, 18), Score(6, 17), Score(18, 38), Score(43, 56), Score(76, 59), Score(0, 0),
    // isolated
    Score(-10, -3),
    // doubled
    Score(-9, -18),
    // bishop pair
    Score(27, 44),
    // rook open
    Score(47, -19),
    // rook semi-open
    Score(24, 9),
    // shield
    Score(-3, 10), Score(14, 5), Score(30, -4), Score(44, -10),
    // connected
    Score(0, 0), Score(3, 0), Score(7, 7), Score(8, 14), Score(19, 23), Score(41, 49), Score(177, 28), Score(0, 0),
    // pawn threat
    Score(81, 34), Score(85, 53), Score(91, 9), Score(70, 17),
    // minor threat
    Score(79, 1), Score(56, -23),
    // passed king distance
    Score(1, -8), Score(-3, 13),
    // passed blocked
    Score(0, 0), Score(8, -12), Score(7, -5), Score(4, -10), Score(-11, -9), Score(-37, -10), Score(-53, -19), Score(0, 0),
    // passed free
    Score(0, 0), Score(-15, 14), Score(-14, 15), Score(-11, 23), Score(-5, 29), Score(6, 58), Score(3, 98), Score(0, 0),
    // rook behind passed
    Score(11, 12),
    // outpost
    Score(23, 5), Score(26, 7),
    // rook seventh
    Score(22, 9),
    // backward
    Score(0, -5),
    // bishop pawns
    Score(-5, 0),
    // weak piece
    Score(14, 29), Score(22, 30), Score(-10, 30), Score(34, 64),
    // safe check
    Score(22, 5), Score(14, 8), Score(30, 1), Score(15, 0),
];
