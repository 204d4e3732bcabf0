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
    Score(85, 62), Score(367, 241), Score(382, 260), Score(498, 461), Score(1195, 743),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-19, 28), Score(2, 23), Score(-5, 35), Score(-10, 36), Score(-4, 36), Score(20, 22), Score(29, 19), Score(-4, 15),
    Score(-16, 21), Score(-12, 15), Score(-3, 11), Score(-12, 22), Score(-2, 22), Score(-4, 26), Score(19, 5), Score(-13, 11),
    Score(-18, 26), Score(-16, 24), Score(5, 16), Score(25, 4), Score(25, 6), Score(23, 11), Score(1, 17), Score(-12, 15),
    Score(-6, 31), Score(13, 35), Score(12, 18), Score(32, 6), Score(34, 23), Score(31, 18), Score(4, 16), Score(2, 19),
    Score(20, 10), Score(27, 29), Score(44, 19), Score(41, 15), Score(57, 9), Score(58, 22), Score(-5, 27), Score(50, 6),
    Score(104, 65), Score(22, 87), Score(73, 82), Score(122, 104), Score(80, 54), Score(70, 91), Score(-24, 101), Score(88, 47),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-35, -48), Score(-16, -42), Score(-13, -39), Score(5, -32), Score(-8, 1), Score(-9, -20), Score(-7, -36), Score(-97, -18),
    Score(-16, -45), Score(-29, 4), Score(11, -3), Score(11, -16), Score(15, -11), Score(14, -28), Score(-1, -11), Score(1, -4),
    Score(-22, 2), Score(-2, -2), Score(-1, 4), Score(20, 8), Score(15, 14), Score(17, 4), Score(20, -13), Score(-4, -33),
    Score(3, -13), Score(20, -16), Score(10, 26), Score(23, 31), Score(17, 27), Score(34, 12), Score(-1, -1), Score(3, -9),
    Score(3, -27), Score(-6, -4), Score(15, 21), Score(3, 37), Score(22, 32), Score(4, 30), Score(18, 7), Score(32, 1),
    Score(-13, -1), Score(18, -26), Score(-11, 33), Score(70, -6), Score(60, 4), Score(24, 1), Score(28, 5), Score(-21, 1),
    Score(-46, -17), Score(-80, -8), Score(16, -35), Score(-23, 14), Score(11, 4), Score(31, -20), Score(-10, -24), Score(-34, 20),
    Score(-107, -55), Score(-77, -11), Score(-102, -9), Score(-48, -1), Score(28, -28), Score(-81, -21), Score(-22, 0), Score(-100, -53),
    // pst: Bishop
    Score(21, -29), Score(21, -15), Score(4, -20), Score(-43, 6), Score(-11, -23), Score(-5, -13), Score(44, -52), Score(-16, 21),
    Score(36, 5), Score(27, -19), Score(-3, -20), Score(9, -16), Score(13, -14), Score(26, -32), Score(26, -17), Score(18, -15),
    Score(3, -12), Score(23, 5), Score(20, 7), Score(7, 1), Score(9, 6), Score(21, 2), Score(8, 1), Score(-1, -28),
    Score(-11, -31), Score(11, -7), Score(9, 4), Score(28, 20), Score(20, 12), Score(25, -2), Score(11, -9), Score(4, -4),
    Score(12, -17), Score(12, -11), Score(16, -20), Score(28, 18), Score(36, 22), Score(-4, 7), Score(12, -1), Score(5, -21),
    Score(-11, 6), Score(37, -12), Score(-16, -10), Score(28, -22), Score(5, -1), Score(28, 13), Score(21, -17), Score(24, -26),
    Score(-31, 1), Score(-60, 37), Score(-12, 0), Score(-6, -8), Score(-55, -6), Score(-25, 18), Score(-26, -2), Score(-37, -2),
    Score(-2, 19), Score(-40, -19), Score(-42, 0), Score(-45, -2), Score(-21, -4), Score(-120, 5), Score(-55, 3), Score(-26, 22),
    // pst: Rook
    Score(-1, 0), Score(6, -4), Score(2, -5), Score(23, -19), Score(23, -22), Score(33, -24), Score(-17, 11), Score(-3, -10),
    Score(-32, 0), Score(21, -37), Score(-23, -3), Score(7, -22), Score(6, -33), Score(-18, 0), Score(11, -25), Score(-47, -17),
    Score(-16, 16), Score(-5, -12), Score(-34, 4), Score(-5, 14), Score(-49, -10), Score(-21, 4), Score(-15, 11), Score(-8, 3),
    Score(-20, 12), Score(-2, 0), Score(13, 1), Score(9, -1), Score(-7, -15), Score(-20, 7), Score(-13, 7), Score(-3, 14),
    Score(-29, 20), Score(15, 8), Score(4, 9), Score(-9, 12), Score(33, -20), Score(39, 7), Score(-27, 22), Score(2, 24),
    Score(-18, 23), Score(25, -1), Score(33, 2), Score(29, -4), Score(53, -14), Score(18, 4), Score(-4, 5), Score(22, 7),
    Score(44, -13), Score(36, -8), Score(44, -7), Score(50, -10), Score(50, -18), Score(28, -8), Score(-12, 16), Score(-3, 7),
    Score(4, 16), Score(34, -3), Score(-3, 18), Score(-2, 15), Score(-24, 14), Score(12, -1), Score(-32, 27), Score(12, 16),
    // pst: Queen
    Score(-20, -11), Score(19, -62), Score(29, -81), Score(37, -76), Score(19, -92), Score(35, -106), Score(37, -73), Score(-29, -24),
    Score(7, -29), Score(31, -81), Score(42, -68), Score(48, -85), Score(42, -52), Score(43, -60), Score(42, -103), Score(13, -69),
    Score(19, -28), Score(28, -53), Score(24, 8), Score(26, -30), Score(8, -16), Score(22, 5), Score(13, -50), Score(-17, 6),
    Score(16, -44), Score(-18, 8), Score(10, 30), Score(1, 21), Score(5, 15), Score(2, 17), Score(3, 45), Score(-10, 15),
    Score(30, -10), Score(-30, 34), Score(-20, 32), Score(-18, 72), Score(4, 67), Score(1, 48), Score(-13, 64), Score(12, -14),
    Score(-3, -4), Score(41, -11), Score(-14, 46), Score(-12, 56), Score(-29, 82), Score(5, 41), Score(-6, 73), Score(-2, 27),
    Score(11, -44), Score(-25, 5), Score(-58, 100), Score(-24, 50), Score(-48, 55), Score(-31, 46), Score(-48, 28), Score(8, 1),
    Score(-75, 37), Score(-16, 25), Score(-19, 3), Score(-31, 46), Score(5, 20), Score(4, 2), Score(2, -2), Score(-8, -30),
    // pst: King
    Score(-25, -40), Score(12, -26), Score(3, -38), Score(-47, -29), Score(-4, -53), Score(-41, -14), Score(12, -36), Score(11, -64),
    Score(8, -17), Score(-7, -8), Score(-34, -6), Score(-33, -1), Score(-44, 1), Score(-23, -7), Score(6, -13), Score(7, -28),
    Score(-44, -13), Score(-21, 0), Score(-41, 1), Score(-102, 26), Score(-78, 12), Score(-94, 20), Score(-53, 5), Score(-66, -9),
    Score(-71, -14), Score(-58, 6), Score(-81, 17), Score(-47, 9), Score(-119, 20), Score(-73, 17), Score(-87, 14), Score(-70, -2),
    Score(-58, -7), Score(-81, 22), Score(-75, 30), Score(-98, 31), Score(-104, 17), Score(-38, -20), Score(-95, 20), Score(-79, -14),
    Score(-98, -23), Score(-95, 36), Score(-123, 54), Score(-151, 16), Score(-120, 43), Score(-89, 84), Score(-74, 29), Score(-119, 19),
    Score(-129, 9), Score(-183, -166), Score(-141, 35), Score(-170, 62), Score(-169, -26), Score(-124, -18), Score(-128, 102), Score(-155, 11),
    Score(-150, -26), Score(-151, -2), Score(-170, 34), Score(-197, 34), Score(-159, -65), Score(-160, -58), Score(-133, 42), Score(-174, -28),
    // mobility: Knight
    Score(-16, -93), Score(2, -13), Score(8, 18), Score(13, 30), Score(22, 35), Score(29, 32), Score(37, 33), Score(44, 26),
    Score(54, 12),
    // mobility: Bishop
    Score(-6, -38), Score(9, 15), Score(18, 17), Score(27, 27), Score(33, 32), Score(35, 40), Score(35, 47), Score(37, 45),
    Score(41, 46), Score(46, 38), Score(40, 44), Score(41, 32), Score(71, 26), Score(83, 19),
    // mobility: Rook
    Score(-20, -44), Score(-6, -16), Score(-2, 1), Score(4, 11), Score(8, 18), Score(8, 29), Score(8, 35), Score(9, 39),
    Score(8, 48), Score(15, 45), Score(26, 39), Score(28, 44), Score(26, 51), Score(11, 65), Score(115, -13),
    // mobility: Queen
    Score(-16, -40), Score(-10, -22), Score(-6, -42), Score(-6, -31), Score(-7, 2), Score(-3, 25), Score(-5, 62), Score(0, 65),
    Score(0, 91), Score(-1, 103), Score(-3, 128), Score(2, 112), Score(-1, 141), Score(-6, 147), Score(6, 144), Score(3, 141),
    Score(0, 138), Score(19, 119), Score(12, 126), Score(47, 94), Score(62, 63), Score(169, -49), Score(102, 7), Score(137, -165),
    Score(30, -32), Score(99, -395), Score(13, 2), Score(-14, -401),
    // king attack
    Score(12, -10), Score(9, 0), Score(28, 4), Score(19, 3), Score(9, -4), Score(12, -9), Score(8, -14), Score(16, 3),
    Score(0, 1), Score(27, -11), Score(25, -26), Score(30, 2), Score(3, 34), Score(23, 36), Score(39, 10), Score(55, 2),
    // passed
    Score(0, 0), Score(-13, 10), Score(-12, 19), Score(8, 28), Score(36, 35), Score(70, 61), Score(144, 71), Score(0, 0),
    // isolated
    Score(-9, -4),
    // doubled
    Score(-9, -15),
    // bishop pair
    Score(36, 51),
    // rook open
    Score(57, -16),
    // rook semi-open
    Score(26, 12),
    // shield
    Score(-5, 5), Score(16, 0), Score(29, 0), Score(45, -5),
    // connected
    Score(0, 0), Score(4, 1), Score(8, 14), Score(12, 13), Score(21, 16), Score(21, 65), Score(134, 73), Score(0, 0),
    // pawn threat
    Score(53, 25), Score(57, 61), Score(61, 16), Score(34, 0),
    // minor threat
    Score(70, -1), Score(38, 24),
    // passed king distance
    Score(0, -7), Score(-6, 14),
    // passed blocked
    Score(0, 0), Score(-26, -4), Score(-5, -17), Score(-18, -13), Score(-31, -18), Score(-25, -6), Score(-3, -82), Score(0, 0),
    // passed free
    Score(0, 0), Score(-5, 21), Score(-9, 7), Score(-14, 14), Score(-18, 30), Score(8, 63), Score(21, 60), Score(0, 0),
    // rook behind passed
    Score(21, 26),
    // outpost
    Score(39, 10), Score(33, -2),
    // rook seventh
    Score(-41, 45),
    // backward
    Score(-4, -3),
    // bishop pawns
    Score(-7, -2),
    // weak piece
    Score(10, 40), Score(14, 39), Score(-13, 20), Score(16, 50),
    // safe check
    Score(21, 9), Score(17, 15), Score(42, -5), Score(22, -8),
];
