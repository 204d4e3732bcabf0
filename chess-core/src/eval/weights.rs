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
    Score(84, 67), Score(364, 272), Score(394, 277), Score(483, 509), Score(1398, 700),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-8, 33), Score(3, 31), Score(0, 26), Score(-7, 32), Score(-4, 39), Score(23, 28), Score(30, 18), Score(-7, 20),
    Score(-3, 19), Score(-12, 18), Score(1, 11), Score(-7, 27), Score(0, 24), Score(0, 24), Score(13, 7), Score(-11, 17),
    Score(-9, 23), Score(-15, 27), Score(11, 3), Score(27, 10), Score(27, -3), Score(23, 15), Score(-5, 13), Score(-15, 15),
    Score(0, 26), Score(13, 36), Score(6, 18), Score(27, -8), Score(34, 12), Score(24, 11), Score(1, 19), Score(3, 17),
    Score(17, 44), Score(23, 35), Score(57, 4), Score(40, 24), Score(54, 23), Score(57, 13), Score(28, 13), Score(21, 28),
    Score(106, 77), Score(26, 74), Score(72, 97), Score(135, 102), Score(36, 26), Score(91, 84), Score(20, 103), Score(7, 50),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-56, -76), Score(-15, -11), Score(-16, -31), Score(0, -40), Score(-22, -11), Score(-26, -5), Score(-8, -22), Score(-36, -22),
    Score(-35, -46), Score(-22, 25), Score(-2, 3), Score(10, 0), Score(18, -10), Score(14, -19), Score(15, -16), Score(-2, -1),
    Score(-20, 0), Score(-6, -5), Score(2, 11), Score(19, 25), Score(20, 9), Score(20, 9), Score(20, -2), Score(-5, -10),
    Score(1, 6), Score(-6, 15), Score(18, 24), Score(37, 28), Score(29, 16), Score(41, 10), Score(34, 10), Score(10, -20),
    Score(-17, -26), Score(-9, 5), Score(17, 37), Score(14, 32), Score(32, 32), Score(27, 31), Score(28, -2), Score(38, -20),
    Score(5, -8), Score(28, 2), Score(15, 26), Score(54, 3), Score(59, -2), Score(51, -7), Score(38, -27), Score(37, 1),
    Score(-32, -57), Score(-68, -10), Score(-9, -29), Score(-44, 2), Score(-57, 9), Score(45, -42), Score(-24, -3), Score(-23, 7),
    Score(-125, -38), Score(-123, 12), Score(-87, -40), Score(-117, -8), Score(67, -61), Score(-161, 6), Score(-17, -2), Score(-92, -77),
    // pst: Bishop
    Score(5, -25), Score(20, -5), Score(3, -16), Score(-16, -31), Score(-25, -18), Score(-13, -7), Score(13, -25), Score(12, -2),
    Score(44, -11), Score(25, -27), Score(4, -9), Score(11, -1), Score(8, -8), Score(20, -12), Score(26, -14), Score(12, -36),
    Score(13, -6), Score(22, 0), Score(19, 5), Score(2, 6), Score(9, 10), Score(24, 3), Score(22, -32), Score(-1, -5),
    Score(-5, -44), Score(2, -17), Score(10, 12), Score(28, 22), Score(41, 6), Score(18, 0), Score(16, -22), Score(-15, -16),
    Score(-14, -4), Score(12, 18), Score(14, 28), Score(44, 13), Score(44, 20), Score(23, -3), Score(12, 2), Score(13, -27),
    Score(-2, -8), Score(6, -17), Score(-18, 6), Score(37, -8), Score(32, -11), Score(39, 0), Score(25, -26), Score(20, -15),
    Score(-41, -6), Score(-13, 13), Score(-38, 7), Score(-1, 3), Score(-54, 17), Score(-18, 11), Score(-34, -19), Score(22, -50),
    Score(-12, 15), Score(-108, 11), Score(-43, 13), Score(-55, 9), Score(-29, 5), Score(-182, 29), Score(-25, -8), Score(-14, 3),
    // pst: Rook
    Score(5, -1), Score(6, 0), Score(5, 1), Score(10, -4), Score(25, -14), Score(42, -10), Score(-5, -5), Score(10, -9),
    Score(-25, -14), Score(11, -22), Score(-8, -10), Score(-20, 0), Score(12, -56), Score(16, -37), Score(12, -25), Score(-35, -29),
    Score(-1, -6), Score(11, -21), Score(-9, -7), Score(-2, 13), Score(-23, -24), Score(-9, -8), Score(-9, -2), Score(9, -9),
    Score(-12, 6), Score(-6, 0), Score(18, 16), Score(-1, 8), Score(-20, -5), Score(-6, -14), Score(16, -17), Score(17, 1),
    Score(-26, 24), Score(14, 10), Score(18, 20), Score(8, 14), Score(23, -19), Score(25, 12), Score(14, 4), Score(16, 12),
    Score(-22, 27), Score(-6, 14), Score(9, 19), Score(24, 4), Score(54, 2), Score(3, 13), Score(15, 11), Score(2, 14),
    Score(-2, 13), Score(-1, 17), Score(33, 4), Score(37, 7), Score(37, -14), Score(0, 6), Score(-16, 22), Score(22, -7),
    Score(-29, 27), Score(17, 3), Score(-34, 27), Score(11, 3), Score(-1, 14), Score(-17, 6), Score(-46, 32), Score(-8, 18),
    // pst: Queen
    Score(26, -119), Score(12, -78), Score(23, -78), Score(43, -99), Score(41, -110), Score(54, -141), Score(11, -49), Score(14, -66),
    Score(28, -88), Score(33, -89), Score(49, -104), Score(57, -79), Score(48, -66), Score(52, -106), Score(50, -116), Score(24, -9),
    Score(27, -79), Score(33, -80), Score(23, -15), Score(19, -18), Score(18, -12), Score(38, -81), Score(25, -57), Score(-19, 69),
    Score(17, -59), Score(8, -56), Score(2, 46), Score(3, 51), Score(0, 20), Score(10, -17), Score(26, -6), Score(15, -88),
    Score(26, -40), Score(-20, 23), Score(-28, 62), Score(-30, 99), Score(-4, 88), Score(-4, 45), Score(-23, 97), Score(16, 8),
    Score(36, -69), Score(27, 27), Score(-22, 73), Score(-1, 49), Score(-26, 114), Score(64, -33), Score(14, 87), Score(-2, 14),
    Score(-22, 18), Score(-23, 38), Score(-47, 101), Score(-52, 80), Score(-87, 97), Score(-27, 108), Score(-54, 86), Score(14, 34),
    Score(-94, 61), Score(-40, 48), Score(-15, 16), Score(-32, 87), Score(-28, 53), Score(49, 24), Score(-21, 53), Score(-28, 13),
    // pst: King
    Score(-22, -29), Score(32, -47), Score(20, -39), Score(-47, -21), Score(-4, -42), Score(-27, -30), Score(19, -40), Score(6, -48),
    Score(45, -43), Score(-6, -10), Score(-23, -5), Score(-40, 1), Score(-44, 4), Score(-14, -3), Score(19, -19), Score(20, -31),
    Score(-34, -15), Score(-23, -1), Score(-61, 9), Score(-104, 23), Score(-63, 11), Score(-77, 20), Score(-27, 0), Score(-54, -6),
    Score(-116, -10), Score(-149, 20), Score(-135, 21), Score(-97, 7), Score(-139, 19), Score(-49, 20), Score(-52, 8), Score(-117, 10),
    Score(-106, -1), Score(-113, 23), Score(-92, 25), Score(-111, 13), Score(-74, 13), Score(-83, 1), Score(-66, 21), Score(-95, 8),
    Score(-100, -8), Score(-42, 22), Score(-149, 53), Score(-139, 12), Score(-143, 20), Score(-32, 76), Score(-4, 24), Score(-124, 27),
    Score(-158, 3), Score(-173, -69), Score(-105, 27), Score(-183, 39), Score(-137, -11), Score(-138, 34), Score(-121, 106), Score(-116, 18),
    Score(-158, -92), Score(-146, -26), Score(-168, -43), Score(-203, -17), Score(-174, -19), Score(-165, -7), Score(-135, 33), Score(-175, -27),
    // mobility: Knight
    Score(-19, -27), Score(-1, -4), Score(10, 16), Score(18, 22), Score(27, 25), Score(32, 30), Score(37, 25), Score(39, 21),
    Score(46, 4),
    // mobility: Bishop
    Score(-6, -11), Score(11, 15), Score(20, 24), Score(28, 29), Score(31, 38), Score(33, 39), Score(36, 44), Score(39, 38),
    Score(39, 40), Score(42, 35), Score(35, 40), Score(60, 23), Score(69, 35), Score(87, 19),
    // mobility: Rook
    Score(-21, -12), Score(-8, 1), Score(-2, 2), Score(5, 11), Score(5, 27), Score(9, 31), Score(15, 33), Score(13, 39),
    Score(16, 41), Score(18, 42), Score(19, 46), Score(29, 43), Score(20, 47), Score(12, 50), Score(91, 1),
    // mobility: Queen
    Score(-43, -7), Score(-42, 10), Score(-40, -6), Score(-39, 26), Score(-38, 64), Score(-37, 99), Score(-35, 101), Score(-35, 118),
    Score(-33, 117), Score(-34, 138), Score(-31, 147), Score(-31, 162), Score(-26, 149), Score(-22, 161), Score(-22, 153), Score(-12, 147),
    Score(-12, 153), Score(2, 124), Score(13, 98), Score(5, 104), Score(146, -62), Score(423, -281), Score(137, -9), Score(347, -305),
    Score(69, -104), Score(205, -376), Score(-2, -40), Score(12, -392),
    // king attack
    Score(13, -9), Score(21, -10), Score(49, -21), Score(16, 1), Score(5, -5), Score(11, 5), Score(-7, 0), Score(19, 4),
    Score(4, -1), Score(24, -14), Score(55, -43), Score(32, 3), Score(-2, 24), Score(11, 23), Score(38, 14), Score(54, 1),
    // passed
    Score(0, 0), Score(-10, 7), Score(-18, 25), Score(10, 17), Score(32, 35), Score(76, 58), Score(101, 54), Score(0, 0),
    // isolated
    Score(-9, -8),
    // doubled
    Score(-11, -11),
    // bishop pair
    Score(29, 49),
    // rook open
    Score(60, -24),
    // rook semi-open
    Score(30, 9),
    // shield
    Score(-1, 6), Score(14, 4), Score(27, -2), Score(45, -8),
    // connected
    Score(0, 0), Score(3, 0), Score(10, 6), Score(11, 15), Score(21, 28), Score(33, 52), Score(216, 42), Score(0, 0),
    // pawn threat
    Score(84, 41), Score(90, 49), Score(104, 3), Score(72, 7),
    // minor threat
    Score(87, -6), Score(61, -17),
    // passed king distance
    Score(-1, -7), Score(-4, 14),
    // passed blocked
    Score(0, 0), Score(1, -9), Score(-2, -1), Score(0, -10), Score(-21, -15), Score(-41, -20), Score(-19, -36), Score(0, 0),
    // passed free
    Score(0, 0), Score(-19, 19), Score(-11, 14), Score(-19, 26), Score(-2, 28), Score(6, 60), Score(26, 91), Score(0, 0),
    // rook behind passed
    Score(15, 16),
    // outpost
    Score(28, 6), Score(41, -3),
    // rook seventh
    Score(-14, 30),
    // backward
    Score(-1, -2),
    // bishop pawns
    Score(-5, -1),
    // weak piece
    Score(15, 34), Score(21, 38), Score(-12, 32), Score(36, 64),
    // safe check
    Score(23, 7), Score(14, 11), Score(43, -8), Score(19, -6),
];
