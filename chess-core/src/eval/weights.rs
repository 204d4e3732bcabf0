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
    Score(69, 70), Score(322, 270), Score(332, 278), Score(398, 515), Score(1168, 777),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-8, 25), Score(6, 30), Score(-1, 23), Score(-2, 28), Score(2, 21), Score(28, 22), Score(29, 22), Score(-3, 21),
    Score(1, 20), Score(-9, 16), Score(4, 12), Score(-5, 25), Score(10, 18), Score(9, 23), Score(18, 6), Score(-7, 9),
    Score(-11, 24), Score(-13, 30), Score(7, 9), Score(28, 7), Score(31, 1), Score(30, 10), Score(0, 17), Score(-14, 14),
    Score(-2, 25), Score(10, 38), Score(13, 21), Score(23, -9), Score(34, 10), Score(26, 11), Score(8, 23), Score(2, 21),
    Score(12, 30), Score(12, 44), Score(49, 18), Score(43, 18), Score(52, 25), Score(31, 28), Score(12, 36), Score(18, 28),
    Score(67, 62), Score(51, 72), Score(53, 90), Score(120, 91), Score(54, 54), Score(92, 82), Score(20, 95), Score(14, 69),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-89, -48), Score(-14, -11), Score(-22, -12), Score(-10, -19), Score(-12, -20), Score(-37, -14), Score(-8, -13), Score(-19, -33),
    Score(-29, -15), Score(-27, -5), Score(2, -4), Score(8, 1), Score(9, 0), Score(13, -16), Score(4, -19), Score(3, -10),
    Score(-21, -4), Score(-8, 5), Score(2, 4), Score(13, 28), Score(12, 1), Score(14, 5), Score(19, -7), Score(-6, 3),
    Score(4, 4), Score(0, 0), Score(18, 16), Score(33, 21), Score(28, 6), Score(37, 10), Score(41, 1), Score(10, -9),
    Score(0, -43), Score(-13, 11), Score(28, 28), Score(16, 18), Score(33, 24), Score(22, 5), Score(23, -1), Score(26, -9),
    Score(-1, -3), Score(6, -2), Score(13, 28), Score(67, 3), Score(52, 13), Score(32, -23), Score(26, -17), Score(9, -15),
    Score(-42, -35), Score(-49, -18), Score(-15, -12), Score(-30, -20), Score(-1, -6), Score(31, -15), Score(-30, -15), Score(-39, 7),
    Score(-96, -42), Score(-101, 29), Score(-123, -31), Score(-84, 1), Score(43, -38), Score(-137, -2), Score(-10, -21), Score(-82, -61),
    // pst: Bishop
    Score(-12, -15), Score(1, -6), Score(9, -15), Score(-39, -28), Score(-34, -19), Score(-4, -10), Score(4, -3), Score(3, -13),
    Score(29, -1), Score(23, -21), Score(6, -20), Score(10, 7), Score(12, -9), Score(30, -21), Score(25, -17), Score(13, -32),
    Score(12, -3), Score(17, -5), Score(18, 5), Score(8, -1), Score(18, 0), Score(19, 3), Score(23, -29), Score(3, -1),
    Score(2, -22), Score(9, -9), Score(19, 10), Score(33, 13), Score(37, 13), Score(25, 0), Score(13, -15), Score(-1, -26),
    Score(-11, -3), Score(20, 0), Score(15, 19), Score(42, 10), Score(41, 21), Score(12, -7), Score(13, -5), Score(19, -5),
    Score(-8, 2), Score(20, -15), Score(-2, -12), Score(27, 9), Score(26, -10), Score(50, -11), Score(32, -24), Score(20, -12),
    Score(-34, -14), Score(-15, -5), Score(-6, 0), Score(-7, -4), Score(-75, -7), Score(-10, 11), Score(-31, -10), Score(-26, -32),
    Score(-7, -1), Score(-73, 13), Score(-56, 8), Score(-86, 14), Score(-55, 11), Score(-193, 47), Score(-49, -14), Score(7, 7),
    // pst: Rook
    Score(1, 7), Score(1, -1), Score(7, -2), Score(5, -5), Score(18, -7), Score(32, -12), Score(-2, -9), Score(10, -1),
    Score(-29, -9), Score(9, -7), Score(-8, -7), Score(2, -11), Score(10, -35), Score(11, -33), Score(14, -24), Score(-37, -21),
    Score(-4, 1), Score(-5, -8), Score(-4, -5), Score(-9, 5), Score(-32, -23), Score(7, -18), Score(1, -17), Score(14, -9),
    Score(-13, 5), Score(-23, -2), Score(14, 18), Score(-14, 12), Score(-21, -7), Score(1, -18), Score(-7, -9), Score(18, 5),
    Score(-22, 27), Score(16, 6), Score(11, 10), Score(4, 7), Score(10, -1), Score(30, 1), Score(7, -1), Score(32, 7),
    Score(-6, 20), Score(-4, 11), Score(12, 13), Score(19, 0), Score(35, 4), Score(-1, 12), Score(15, 16), Score(11, 14),
    Score(-7, 10), Score(-19, 18), Score(10, 8), Score(23, 16), Score(14, -5), Score(-13, 11), Score(7, 13), Score(18, 1),
    Score(-11, 14), Score(6, 1), Score(-3, 9), Score(7, 8), Score(-6, 3), Score(-8, 7), Score(-34, 29), Score(5, 20),
    // pst: Queen
    Score(7, -83), Score(9, -65), Score(19, -55), Score(36, -64), Score(25, -38), Score(37, -104), Score(5, -37), Score(-37, -52),
    Score(16, -76), Score(23, -59), Score(37, -50), Score(41, -25), Score(35, -29), Score(30, -35), Score(38, -92), Score(6, -72),
    Score(14, -41), Score(26, -28), Score(17, 11), Score(8, 29), Score(2, 15), Score(16, -40), Score(16, -26), Score(8, -18),
    Score(21, -29), Score(-12, -52), Score(6, 34), Score(-5, 86), Score(-4, 35), Score(-8, 12), Score(24, -11), Score(3, -79),
    Score(17, -32), Score(-23, 57), Score(-28, 65), Score(-26, 88), Score(2, 81), Score(-2, 42), Score(9, 27), Score(18, 12),
    Score(1, -8), Score(17, 63), Score(-10, 59), Score(-7, 73), Score(-21, 62), Score(36, -38), Score(39, 26), Score(9, -1),
    Score(3, 27), Score(-7, 39), Score(-10, 60), Score(-36, 52), Score(-58, 85), Score(-2, 52), Score(-25, 28), Score(19, 6),
    Score(-45, 11), Score(-24, 19), Score(-59, 2), Score(-38, 66), Score(-46, 24), Score(23, -37), Score(-25, -45), Score(-57, -66),
    // pst: King
    Score(-42, -34), Score(6, -36), Score(-7, -27), Score(-52, -19), Score(-21, -29), Score(-42, -28), Score(2, -31), Score(4, -47),
    Score(10, -40), Score(-20, -2), Score(-35, -10), Score(-61, 5), Score(-49, 3), Score(-36, 0), Score(5, -19), Score(10, -31),
    Score(-73, -6), Score(-50, -5), Score(-90, 11), Score(-105, 8), Score(-99, 13), Score(-92, 10), Score(-34, -9), Score(-57, -7),
    Score(-132, 1), Score(-160, 16), Score(-139, 9), Score(-162, -3), Score(-169, 3), Score(-156, 17), Score(-102, 10), Score(-153, -1),
    Score(-168, 7), Score(-99, 4), Score(-70, 20), Score(-93, -9), Score(-95, -8), Score(-124, 0), Score(-76, 6), Score(-128, 11),
    Score(-109, -20), Score(-52, 10), Score(-68, 20), Score(-109, 15), Score(-138, 6), Score(-4, 61), Score(10, 16), Score(-127, 8),
    Score(-119, -7), Score(-141, -41), Score(-56, 16), Score(-158, 34), Score(-91, 17), Score(-84, 36), Score(21, 69), Score(-122, 25),
    Score(-130, -58), Score(-107, -9), Score(-152, -16), Score(-144, -8), Score(-145, 6), Score(-106, 19), Score(-71, 47), Score(-141, 11),
    // mobility: Knight
    Score(-19, -37), Score(-2, -9), Score(8, 12), Score(16, 17), Score(22, 24), Score(25, 29), Score(28, 30), Score(31, 27),
    Score(36, 19),
    // mobility: Bishop
    Score(-1, -12), Score(15, 12), Score(22, 22), Score(30, 29), Score(32, 36), Score(34, 41), Score(36, 42), Score(37, 41),
    Score(37, 41), Score(37, 38), Score(37, 37), Score(46, 27), Score(42, 29), Score(54, 22),
    // mobility: Rook
    Score(-19, -16), Score(-6, 2), Score(1, 1), Score(8, 10), Score(10, 18), Score(12, 25), Score(13, 30), Score(14, 35),
    Score(17, 36), Score(16, 38), Score(18, 42), Score(17, 45), Score(14, 50), Score(10, 53), Score(13, 41),
    // mobility: Queen
    Score(-61, 10), Score(-58, 48), Score(-54, 15), Score(-53, 40), Score(-50, 54), Score(-50, 85), Score(-47, 83), Score(-45, 87),
    Score(-44, 99), Score(-42, 104), Score(-40, 112), Score(-39, 122), Score(-38, 119), Score(-34, 117), Score(-29, 103), Score(-19, 91),
    Score(-15, 91), Score(1, 70), Score(14, 49), Score(24, 47), Score(78, -14), Score(138, -54), Score(152, -63), Score(275, -131),
    Score(194, -141), Score(333, -202), Score(0, -140), Score(104, -235),
    // king attack
    Score(9, -8), Score(16, -10), Score(14, -1), Score(6, 1), Score(3, -4), Score(5, 1), Score(10, -20), Score(-2, -10),
    Score(6, -3), Score(19, -8), Score(35, -19), Score(17, -11), Score(-2, 17), Score(12, 5), Score(-14, 79), Score(30, -6),
    // passed
    Score(0, 0), Score(-4, 2), Score(-10, 17), Score(8, 14), Score(18, 36), Score(37, 57), Score(79, 56), Score(0, 0),
    // isolated
    Score(-8, -3),
    // doubled
    Score(-10, -21),
    // bishop pair
    Score(25, 44),
    // rook open
    Score(46, -19),
    // rook semi-open
    Score(23, 9),
    // shield
    Score(-5, 10), Score(15, 5), Score(31, -4), Score(45, -10),
    // connected
    Score(0, 0), Score(2, -1), Score(6, 8), Score(8, 13), Score(19, 22), Score(34, 49), Score(164, 34), Score(0, 0),
    // pawn threat
    Score(81, 38), Score(83, 49), Score(91, 13), Score(70, 15),
    // minor threat
    Score(76, 7), Score(55, -17),
    // passed king distance
    Score(0, -8), Score(-3, 13),
    // passed blocked
    Score(0, 0), Score(12, -7), Score(0, -1), Score(-1, -5), Score(-9, -5), Score(-33, -10), Score(-61, -15), Score(0, 0),
    // passed free
    Score(0, 0), Score(-8, 11), Score(-11, 13), Score(-13, 25), Score(-5, 30), Score(3, 60), Score(-13, 102), Score(0, 0),
    // rook behind passed
    Score(9, 14),
    // outpost
    Score(22, 4), Score(23, 8),
    // rook seventh
    Score(11, 11),
    // backward
    Score(0, -5),
    // bishop pawns
    Score(-4, -1),
    // weak piece
    Score(14, 28), Score(21, 29), Score(-7, 24), Score(32, 63),
    // safe check
    Score(22, 5), Score(14, 8), Score(28, 2), Score(13, 4),
];
