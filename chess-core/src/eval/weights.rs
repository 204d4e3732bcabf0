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
    Score(69, 73), Score(321, 273), Score(330, 286), Score(403, 527), Score(1041, 882),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-8, 23), Score(4, 32), Score(0, 26), Score(1, 39), Score(1, 17), Score(28, 26), Score(30, 28), Score(-2, 28),
    Score(-2, 18), Score(-13, 19), Score(6, 16), Score(-7, 27), Score(12, 14), Score(8, 22), Score(19, 11), Score(-7, 4),
    Score(-9, 21), Score(-12, 29), Score(9, 12), Score(29, 10), Score(32, 6), Score(31, 9), Score(-1, 18), Score(-12, 14),
    Score(-11, 33), Score(6, 34), Score(11, 26), Score(22, 0), Score(37, 6), Score(22, 24), Score(12, 26), Score(2, 22),
    Score(14, 22), Score(16, 44), Score(49, 13), Score(38, 12), Score(45, 20), Score(38, 30), Score(22, 25), Score(11, 8),
    Score(104, 43), Score(62, 73), Score(14, 91), Score(113, 86), Score(80, 52), Score(54, 98), Score(5, 105), Score(33, 60),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-115, -87), Score(-13, -15), Score(-37, -2), Score(-28, -8), Score(-20, -25), Score(-48, -9), Score(-8, -9), Score(-59, -68),
    Score(-25, -33), Score(-24, -2), Score(10, -2), Score(13, 1), Score(15, 2), Score(10, -6), Score(4, -12), Score(3, -37),
    Score(-19, -8), Score(-6, -5), Score(6, 10), Score(19, 29), Score(16, 7), Score(17, 1), Score(18, 1), Score(-2, -2),
    Score(6, 11), Score(1, -8), Score(15, 34), Score(35, 23), Score(31, 12), Score(44, 18), Score(45, -3), Score(18, -10),
    Score(4, -19), Score(-4, 4), Score(37, 25), Score(26, 20), Score(41, 28), Score(29, 8), Score(29, 8), Score(31, 1),
    Score(-15, -5), Score(10, -22), Score(20, 24), Score(67, 15), Score(40, 18), Score(23, 3), Score(32, -28), Score(20, -9),
    Score(-55, -24), Score(-36, -7), Score(-23, -2), Score(-20, -4), Score(11, -6), Score(51, -17), Score(32, -101), Score(-5, 1),
    Score(-110, -48), Score(-113, 0), Score(-125, -13), Score(-94, -9), Score(-32, 8), Score(-134, 46), Score(-16, -38), Score(-105, -72),
    // pst: Bishop
    Score(-7, -34), Score(14, -28), Score(11, -13), Score(-27, -24), Score(-20, -30), Score(1, -17), Score(-18, -10), Score(-3, -7),
    Score(30, 4), Score(25, -11), Score(19, -13), Score(13, 1), Score(19, -15), Score(26, -33), Score(33, -14), Score(-14, -7),
    Score(13, 3), Score(20, 6), Score(17, 14), Score(12, 7), Score(17, 7), Score(24, -1), Score(12, -12), Score(8, -2),
    Score(1, -8), Score(15, -10), Score(29, 16), Score(30, 11), Score(31, 19), Score(29, 5), Score(7, -11), Score(4, -30),
    Score(-31, -2), Score(27, -1), Score(2, 11), Score(40, 10), Score(38, 17), Score(3, 8), Score(17, -12), Score(20, -10),
    Score(-6, 9), Score(10, -13), Score(-7, -9), Score(16, -10), Score(19, -12), Score(49, -7), Score(22, -13), Score(14, -8),
    Score(-51, -6), Score(-15, 3), Score(-6, -4), Score(-25, 3), Score(-40, -12), Score(-2, 8), Score(-22, -5), Score(-54, -37),
    Score(5, 4), Score(-52, 1), Score(-88, 31), Score(-124, 5), Score(-17, -18), Score(-161, 22), Score(-20, -18), Score(0, 1),
    // pst: Rook
    Score(-6, 15), Score(-7, 9), Score(3, 14), Score(0, -6), Score(15, -9), Score(17, -6), Score(-3, -11), Score(7, 0),
    Score(-36, -12), Score(-11, 10), Score(-2, 1), Score(4, -11), Score(-16, -21), Score(-2, -22), Score(-4, -23), Score(-37, -30),
    Score(-15, 10), Score(-24, 4), Score(-16, 8), Score(-9, 16), Score(-29, -25), Score(-6, -20), Score(-3, -26), Score(8, -2),
    Score(-28, 16), Score(-23, 7), Score(3, 22), Score(-19, 12), Score(-13, -10), Score(-2, -19), Score(-10, -12), Score(11, 16),
    Score(-20, 29), Score(-3, 17), Score(-9, 20), Score(-2, 9), Score(26, -10), Score(35, -12), Score(12, -16), Score(22, 6),
    Score(3, 24), Score(-16, 10), Score(-13, 23), Score(1, 8), Score(59, -4), Score(24, 3), Score(19, 11), Score(14, 13),
    Score(24, -7), Score(24, 0), Score(35, -3), Score(59, 3), Score(34, -13), Score(38, -4), Score(29, -3), Score(40, -14),
    Score(-13, 23), Score(-40, 9), Score(-7, 22), Score(-17, 13), Score(-13, -5), Score(22, 4), Score(1, 11), Score(16, 13),
    // pst: Queen
    Score(-3, -49), Score(-5, -66), Score(21, -24), Score(36, -52), Score(20, -43), Score(27, -53), Score(-45, 0), Score(-68, -20),
    Score(6, -74), Score(7, -20), Score(32, -24), Score(35, 6), Score(32, -19), Score(16, -15), Score(19, -29), Score(-23, -62),
    Score(12, 7), Score(20, -8), Score(13, 35), Score(10, 31), Score(-2, 32), Score(19, -20), Score(2, -7), Score(14, -21),
    Score(20, -23), Score(-11, -44), Score(1, 57), Score(0, 93), Score(-4, 60), Score(-3, 21), Score(18, 3), Score(-3, -50),
    Score(4, 18), Score(-23, 40), Score(-15, 51), Score(-20, 73), Score(-5, 74), Score(7, 14), Score(9, 0), Score(25, 2),
    Score(-18, 16), Score(4, 53), Score(-2, 41), Score(8, 46), Score(-15, 45), Score(29, -49), Score(49, 4), Score(13, -21),
    Score(20, -10), Score(-18, 46), Score(5, 24), Score(-44, 24), Score(-20, 25), Score(3, 11), Score(-28, -1), Score(25, -25),
    Score(-30, -13), Score(-24, -13), Score(-39, -22), Score(-19, 25), Score(-37, 2), Score(27, -53), Score(-34, -64), Score(-71, -24),
    // pst: King
    Score(-10, -58), Score(-6, -36), Score(-22, -35), Score(-69, -18), Score(-37, -31), Score(-63, -30), Score(-6, -42), Score(-1, -62),
    Score(13, -55), Score(-5, -12), Score(-48, -19), Score(-69, 2), Score(-64, 1), Score(-53, -3), Score(-15, -26), Score(-1, -40),
    Score(-104, -11), Score(-70, -4), Score(-104, -1), Score(-133, 10), Score(-110, 12), Score(-94, 6), Score(-71, -8), Score(-81, -14),
    Score(-137, 7), Score(-153, 16), Score(-144, 2), Score(-135, -13), Score(-152, -2), Score(-190, 24), Score(-105, 9), Score(-172, -1),
    Score(-136, 7), Score(-79, 7), Score(-70, 10), Score(-135, -6), Score(-119, 4), Score(-153, 1), Score(-71, 12), Score(-126, 7),
    Score(-118, -10), Score(-43, 3), Score(-72, 22), Score(-102, 15), Score(-105, 11), Score(29, 53), Score(-10, 19), Score(-110, 11),
    Score(-83, -19), Score(-110, -34), Score(-21, 19), Score(-126, 44), Score(-87, 20), Score(-75, 47), Score(36, 70), Score(-120, 26),
    Score(-121, -4), Score(-122, -15), Score(-118, 0), Score(-134, 20), Score(-111, 7), Score(-68, 36), Score(-54, 53), Score(-153, 9),
    // mobility: Knight
    Score(-18, -45), Score(0, -7), Score(9, 15), Score(16, 21), Score(20, 27), Score(24, 32), Score(27, 32), Score(33, 26),
    Score(33, 16),
    // mobility: Bishop
    Score(-3, -23), Score(13, 6), Score(19, 22), Score(26, 32), Score(30, 36), Score(30, 44), Score(33, 44), Score(32, 42),
    Score(34, 45), Score(38, 37), Score(36, 39), Score(62, 25), Score(27, 39), Score(77, 27),
    // mobility: Rook
    Score(-14, -28), Score(-3, -4), Score(4, -3), Score(10, 5), Score(13, 15), Score(15, 24), Score(14, 29), Score(19, 31),
    Score(15, 41), Score(14, 44), Score(19, 46), Score(12, 53), Score(15, 56), Score(10, 59), Score(-1, 53),
    // mobility: Queen
    Score(-51, -13), Score(-46, 9), Score(-41, -14), Score(-41, 29), Score(-37, 34), Score(-36, 62), Score(-34, 65), Score(-32, 79),
    Score(-30, 93), Score(-28, 102), Score(-29, 109), Score(-25, 109), Score(-23, 106), Score(-20, 113), Score(-17, 108), Score(-14, 97),
    Score(-10, 86), Score(0, 72), Score(-2, 70), Score(18, 40), Score(41, 11), Score(57, 0), Score(112, -49), Score(148, -75),
    Score(153, -107), Score(305, -181), Score(16, -118), Score(134, -166),
    // king attack
    Score(7, -8), Score(7, -4), Score(27, -34), Score(30, 5), Score(4, -3), Score(9, -1), Score(44, 13), Score(32, -7),
    Score(9, -4), Score(18, -9), Score(24, -26), Score(37, -11), Score(2, 7), Score(15, 0), Score(-23, 50), Score(47, -5),
    // passed
    Score(0, 0), Score(-4, 8), Score(-4, 17), Score(6, 15), Score(15, 30), Score(24, 56), Score(72, 50), Score(0, 0),
    // isolated
    Score(-8, -2),
    // doubled
    Score(-13, -19),
    // bishop pair
    Score(23, 53),
    // rook open
    Score(41, -17),
    // rook semi-open
    Score(21, 11),
    // shield
    Score(-7, 10), Score(15, 4), Score(32, -3), Score(47, -10),
    // connected
    Score(0, 0), Score(2, 0), Score(6, 7), Score(9, 15), Score(19, 22), Score(35, 55), Score(115, 62), Score(0, 0),
    // pawn threat
    Score(78, 42), Score(77, 55), Score(102, 4), Score(68, 11),
    // minor threat
    Score(65, 31), Score(54, -5),
    // passed king distance
    Score(2, -8), Score(-3, 14),
    // passed blocked
    Score(0, 0), Score(28, -13), Score(16, -8), Score(-14, 1), Score(-2, -7), Score(-29, 13), Score(-85, -12), Score(0, 0),
    // passed free
    Score(0, 0), Score(-11, 9), Score(-5, 7), Score(-16, 24), Score(-1, 31), Score(6, 72), Score(-20, 108), Score(0, 0),
    // rook behind passed
    Score(8, 16),
    // outpost
    Score(26, -2), Score(22, 4),
    // rook seventh
    Score(-16, 21),
    // backward
    Score(-1, -7),
    // bishop pawns
    Score(-2, -2),
    // weak piece
    Score(14, 26), Score(21, 30), Score(-1, 9), Score(28, 83),
    // safe check
    Score(20, 6), Score(14, 9), Score(28, 6), Score(11, 14),
];
