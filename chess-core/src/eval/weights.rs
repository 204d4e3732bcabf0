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
    Score(68, 71), Score(321, 272), Score(332, 282), Score(407, 519), Score(1066, 856),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-9, 21), Score(6, 29), Score(0, 26), Score(4, 39), Score(5, 15), Score(30, 26), Score(31, 27), Score(-3, 28),
    Score(-4, 23), Score(-12, 19), Score(5, 14), Score(-6, 28), Score(13, 15), Score(7, 26), Score(18, 12), Score(-8, 6),
    Score(-14, 24), Score(-12, 23), Score(6, 13), Score(30, 12), Score(32, 9), Score(31, 7), Score(-1, 20), Score(-15, 18),
    Score(-13, 35), Score(8, 32), Score(13, 27), Score(22, -3), Score(38, 6), Score(23, 25), Score(9, 26), Score(-2, 21),
    Score(8, 23), Score(14, 37), Score(50, 18), Score(35, 14), Score(41, 12), Score(39, 26), Score(32, 23), Score(14, 4),
    Score(98, 49), Score(71, 73), Score(20, 89), Score(107, 80), Score(79, 53), Score(80, 98), Score(-6, 103), Score(23, 66),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-98, -82), Score(-12, -15), Score(-42, -16), Score(-34, -12), Score(-17, -35), Score(-50, -16), Score(-6, -1), Score(-62, -60),
    Score(-26, -31), Score(-25, 6), Score(9, -1), Score(14, -4), Score(18, 4), Score(12, 3), Score(3, -16), Score(18, -46),
    Score(-21, -13), Score(-4, -7), Score(5, 8), Score(17, 32), Score(18, 1), Score(19, 0), Score(25, -6), Score(-2, 2),
    Score(3, 11), Score(-1, 1), Score(15, 29), Score(36, 17), Score(29, 11), Score(46, 14), Score(49, -6), Score(18, -12),
    Score(8, -30), Score(-5, 7), Score(37, 27), Score(21, 26), Score(43, 28), Score(28, 13), Score(29, -3), Score(39, -9),
    Score(-5, 0), Score(5, -22), Score(15, 27), Score(67, 17), Score(41, 20), Score(30, -8), Score(26, -27), Score(17, -11),
    Score(-55, -26), Score(-50, -9), Score(-27, 8), Score(-24, -11), Score(26, -2), Score(55, -18), Score(-8, -22), Score(-24, 3),
    Score(-102, -54), Score(-105, 17), Score(-125, -26), Score(-85, -1), Score(-13, -1), Score(-147, 27), Score(-21, -51), Score(-107, -63),
    // pst: Bishop
    Score(-5, -27), Score(11, -29), Score(13, -14), Score(-29, -17), Score(-18, -32), Score(2, -11), Score(-8, -14), Score(-10, -13),
    Score(38, 2), Score(25, -17), Score(14, -10), Score(14, -1), Score(19, -12), Score(28, -26), Score(31, -13), Score(-2, -7),
    Score(8, 7), Score(25, 2), Score(19, 11), Score(14, 4), Score(19, 1), Score(22, 1), Score(13, 0), Score(5, -1),
    Score(-2, -16), Score(9, -10), Score(28, 17), Score(29, 15), Score(29, 23), Score(30, 5), Score(9, -10), Score(7, -32),
    Score(-30, -2), Score(24, -4), Score(4, 14), Score(35, 8), Score(38, 17), Score(7, -1), Score(17, -13), Score(21, -9),
    Score(-19, 19), Score(14, -11), Score(-17, -9), Score(19, -12), Score(16, -10), Score(57, -5), Score(29, -10), Score(13, -8),
    Score(-37, -13), Score(-21, -5), Score(11, -19), Score(-23, 7), Score(-53, -16), Score(-5, 11), Score(-27, -15), Score(-44, -33),
    Score(0, 15), Score(-48, -2), Score(-89, 32), Score(-114, -2), Score(-31, -12), Score(-164, 22), Score(-26, -12), Score(-12, -3),
    // pst: Rook
    Score(-4, 15), Score(-5, 11), Score(3, 13), Score(5, -7), Score(16, -5), Score(21, -8), Score(-1, -4), Score(9, 4),
    Score(-32, -18), Score(-8, 6), Score(1, -1), Score(9, -14), Score(-14, -27), Score(3, -29), Score(-2, -22), Score(-36, -29),
    Score(-14, 10), Score(-21, 2), Score(-14, 5), Score(2, 8), Score(-31, -25), Score(-12, -16), Score(-3, -19), Score(12, 2),
    Score(-27, 13), Score(-21, 10), Score(-1, 24), Score(-22, 14), Score(-18, -11), Score(-3, -15), Score(-19, -6), Score(15, 11),
    Score(-25, 32), Score(1, 19), Score(-10, 17), Score(3, 8), Score(30, -12), Score(37, -14), Score(16, -16), Score(34, 4),
    Score(12, 21), Score(-14, 11), Score(-16, 19), Score(-3, 6), Score(54, 2), Score(17, 4), Score(14, 12), Score(8, 13),
    Score(20, -4), Score(14, 4), Score(26, -6), Score(47, 5), Score(35, -15), Score(17, 7), Score(22, 1), Score(41, -12),
    Score(-6, 21), Score(-43, 11), Score(-15, 18), Score(-16, 7), Score(4, -13), Score(20, 2), Score(-8, 12), Score(27, 10),
    // pst: Queen
    Score(4, -70), Score(-6, -66), Score(21, -34), Score(37, -57), Score(18, -38), Score(42, -79), Score(-40, -9), Score(-61, -21),
    Score(1, -73), Score(6, -26), Score(33, -27), Score(38, -1), Score(35, -17), Score(14, -23), Score(29, -22), Score(-21, -66),
    Score(7, -7), Score(20, -4), Score(16, 30), Score(9, 37), Score(-2, 30), Score(22, -35), Score(13, -14), Score(15, -23),
    Score(22, -29), Score(-13, -53), Score(-5, 54), Score(0, 91), Score(3, 52), Score(-1, 38), Score(21, 7), Score(-3, -51),
    Score(9, 3), Score(-23, 42), Score(-17, 42), Score(-19, 73), Score(-1, 79), Score(8, 11), Score(7, 19), Score(26, 2),
    Score(-15, 15), Score(10, 44), Score(-8, 40), Score(3, 59), Score(-15, 48), Score(25, -48), Score(49, 6), Score(11, -6),
    Score(28, -5), Score(-16, 41), Score(5, 38), Score(-46, 31), Score(-31, 44), Score(-1, 14), Score(-27, 5), Score(20, -28),
    Score(-31, -9), Score(-27, 0), Score(-53, -10), Score(-26, 37), Score(-52, 14), Score(31, -47), Score(-35, -75), Score(-58, -38),
    // pst: King
    Score(-21, -54), Score(-5, -35), Score(-19, -37), Score(-67, -16), Score(-33, -34), Score(-61, -31), Score(-1, -43), Score(5, -60),
    Score(19, -52), Score(-14, -5), Score(-49, -14), Score(-67, 0), Score(-60, 0), Score(-47, -2), Score(-13, -24), Score(5, -39),
    Score(-101, -4), Score(-70, 1), Score(-98, 0), Score(-121, 6), Score(-107, 10), Score(-96, 5), Score(-69, -8), Score(-82, -11),
    Score(-130, 19), Score(-167, 14), Score(-138, 11), Score(-124, -13), Score(-149, -1), Score(-171, 19), Score(-108, 10), Score(-169, -1),
    Score(-147, 10), Score(-73, 9), Score(-69, 9), Score(-121, -15), Score(-109, 3), Score(-144, 0), Score(-58, 4), Score(-133, 7),
    Score(-109, -22), Score(-50, -4), Score(-74, 23), Score(-103, 9), Score(-111, 7), Score(19, 63), Score(-17, 27), Score(-117, 6),
    Score(-98, -14), Score(-127, -47), Score(-42, 29), Score(-134, 51), Score(-89, 14), Score(-80, 36), Score(41, 73), Score(-123, 31),
    Score(-124, -14), Score(-115, -10), Score(-132, -4), Score(-138, 14), Score(-120, 6), Score(-79, 30), Score(-55, 57), Score(-141, 14),
    // mobility: Knight
    Score(-15, -44), Score(1, -9), Score(9, 12), Score(15, 22), Score(19, 29), Score(22, 32), Score(27, 32), Score(33, 25),
    Score(32, 16),
    // mobility: Bishop
    Score(-3, -23), Score(13, 7), Score(20, 19), Score(28, 35), Score(31, 35), Score(31, 42), Score(34, 45), Score(34, 42),
    Score(34, 45), Score(40, 37), Score(37, 38), Score(63, 27), Score(30, 35), Score(66, 26),
    // mobility: Rook
    Score(-18, -29), Score(-4, -4), Score(4, -3), Score(10, 5), Score(14, 15), Score(15, 24), Score(14, 28), Score(20, 30),
    Score(14, 43), Score(17, 42), Score(20, 45), Score(13, 53), Score(15, 54), Score(7, 60), Score(4, 52),
    // mobility: Queen
    Score(-55, -7), Score(-51, 22), Score(-45, -16), Score(-44, 29), Score(-40, 41), Score(-40, 69), Score(-37, 76), Score(-35, 82),
    Score(-33, 98), Score(-31, 105), Score(-31, 107), Score(-29, 115), Score(-26, 106), Score(-23, 112), Score(-20, 110), Score(-14, 93),
    Score(-14, 90), Score(0, 70), Score(0, 65), Score(19, 34), Score(47, 10), Score(75, -6), Score(117, -54), Score(180, -93),
    Score(168, -120), Score(319, -183), Score(12, -125), Score(126, -186),
    // king attack
    Score(7, -9), Score(7, -4), Score(14, -24), Score(16, 4), Score(4, -3), Score(7, 0), Score(46, 7), Score(15, -9),
    Score(7, -3), Score(17, -7), Score(27, -21), Score(26, -11), Score(2, 7), Score(15, 1), Score(-19, 62), Score(42, -5),
    // passed
    Score(0, 0), Score(-4, 9), Score(-5, 18), Score(9, 14), Score(23, 32), Score(37, 55), Score(80, 52), Score(0, 0),
    // isolated
    Score(-7, -2),
    // doubled
    Score(-12, -19),
    // bishop pair
    Score(18, 54),
    // rook open
    Score(39, -17),
    // rook semi-open
    Score(20, 11),
    // shield
    Score(-6, 10), Score(15, 4), Score(32, -4), Score(46, -9),
    // connected
    Score(0, 0), Score(2, 1), Score(6, 6), Score(10, 14), Score(20, 21), Score(37, 57), Score(139, 64), Score(0, 0),
    // pawn threat
    Score(78, 43), Score(76, 61), Score(103, 6), Score(65, 13),
    // minor threat
    Score(65, 29), Score(56, -3),
    // passed king distance
    Score(1, -8), Score(-3, 14),
    // passed blocked
    Score(0, 0), Score(32, -3), Score(31, -17), Score(-17, -1), Score(-6, -8), Score(-31, 9), Score(-73, -21), Score(0, 0),
    // passed free
    Score(0, 0), Score(-12, 11), Score(-2, 5), Score(-14, 25), Score(1, 28), Score(4, 74), Score(-25, 103), Score(0, 0),
    // rook behind passed
    Score(9, 20),
    // outpost
    Score(24, 2), Score(20, 6),
    // rook seventh
    Score(-5, 18),
    // backward
    Score(-1, -8),
    // bishop pawns
    Score(-2, -2),
    // weak piece
    Score(13, 28), Score(21, 29), Score(0, 8), Score(27, 90),
    // safe check
    Score(22, 4), Score(15, 8), Score(30, 6), Score(11, 14),
];
