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
    Score(74, 69), Score(342, 270), Score(356, 277), Score(435, 512), Score(1323, 722),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-8, 28), Score(4, 29), Score(3, 22), Score(-3, 25), Score(0, 22), Score(28, 22), Score(28, 20), Score(-4, 22),
    Score(1, 21), Score(-10, 18), Score(4, 8), Score(-2, 24), Score(7, 19), Score(9, 25), Score(17, 6), Score(-8, 15),
    Score(-10, 21), Score(-15, 27), Score(11, 6), Score(29, 3), Score(33, -2), Score(30, 11), Score(1, 17), Score(-14, 16),
    Score(0, 25), Score(9, 35), Score(9, 18), Score(23, -7), Score(35, 3), Score(29, 13), Score(5, 21), Score(5, 15),
    Score(17, 38), Score(11, 38), Score(46, 20), Score(44, 23), Score(52, 19), Score(32, 24), Score(14, 45), Score(25, 30),
    Score(104, 70), Score(38, 74), Score(48, 87), Score(128, 98), Score(47, 33), Score(75, 86), Score(18, 102), Score(-1, 72),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-89, -42), Score(-15, -14), Score(-22, -6), Score(-11, -27), Score(-14, -17), Score(-23, -11), Score(-11, -13), Score(-15, -19),
    Score(-26, -28), Score(-18, -9), Score(-1, -2), Score(7, -1), Score(10, -4), Score(10, -22), Score(11, -12), Score(0, -2),
    Score(-23, 4), Score(-8, 6), Score(3, 2), Score(17, 27), Score(19, 1), Score(16, 3), Score(23, -11), Score(-9, 2),
    Score(6, -4), Score(4, 8), Score(20, 24), Score(32, 25), Score(30, 6), Score(37, 8), Score(42, 6), Score(11, -18),
    Score(-4, -43), Score(-11, 11), Score(23, 26), Score(16, 22), Score(33, 26), Score(29, 8), Score(26, -1), Score(39, -23),
    Score(14, -5), Score(19, -1), Score(21, 25), Score(65, 1), Score(62, 13), Score(46, -18), Score(38, -29), Score(24, -19),
    Score(-44, -47), Score(-63, -7), Score(-23, -13), Score(-36, -18), Score(-15, 1), Score(27, -21), Score(-30, -17), Score(-38, 7),
    Score(-104, -39), Score(-134, 35), Score(-137, -29), Score(-99, 13), Score(66, -48), Score(-152, -7), Score(-23, -7), Score(-91, -71),
    // pst: Bishop
    Score(-4, -20), Score(-2, 6), Score(5, -15), Score(-37, -25), Score(-23, -23), Score(-9, -10), Score(4, 3), Score(2, -7),
    Score(35, 1), Score(22, -25), Score(3, -14), Score(9, 6), Score(8, -7), Score(33, -22), Score(25, -14), Score(4, -40),
    Score(9, -2), Score(18, -7), Score(18, 5), Score(5, 5), Score(17, 2), Score(21, 4), Score(21, -34), Score(1, 4),
    Score(-6, -26), Score(8, -17), Score(17, 15), Score(38, 10), Score(39, 9), Score(21, 0), Score(14, -12), Score(-8, -26),
    Score(-5, -5), Score(18, 7), Score(17, 17), Score(41, 13), Score(39, 24), Score(14, -11), Score(11, -6), Score(23, -17),
    Score(-8, -10), Score(17, -19), Score(-8, -6), Score(28, -5), Score(22, -7), Score(51, -16), Score(31, -27), Score(17, -12),
    Score(-40, 0), Score(-17, -2), Score(-11, 2), Score(-12, 8), Score(-67, -6), Score(-7, 8), Score(-28, -14), Score(-11, -38),
    Score(-2, 5), Score(-75, 17), Score(-45, 6), Score(-68, 15), Score(-35, 14), Score(-194, 51), Score(-43, -18), Score(-1, 3),
    // pst: Rook
    Score(3, 6), Score(4, 2), Score(8, -5), Score(9, -5), Score(18, -5), Score(36, -10), Score(1, -8), Score(7, -2),
    Score(-22, -13), Score(17, -16), Score(-12, -8), Score(-2, -10), Score(13, -39), Score(16, -37), Score(16, -23), Score(-37, -24),
    Score(-7, 0), Score(-1, -14), Score(-6, -5), Score(-4, 6), Score(-29, -24), Score(3, -10), Score(-3, -7), Score(17, -13),
    Score(-11, 7), Score(-19, 3), Score(16, 15), Score(-14, 14), Score(-26, -3), Score(-8, -17), Score(4, -12), Score(18, 4),
    Score(-17, 24), Score(13, 9), Score(16, 10), Score(15, 6), Score(17, -10), Score(29, 3), Score(5, 9), Score(28, 5),
    Score(-6, 20), Score(2, 12), Score(14, 16), Score(39, -7), Score(49, 1), Score(-21, 15), Score(14, 12), Score(6, 16),
    Score(-11, 14), Score(-28, 19), Score(1, 11), Score(12, 21), Score(12, -4), Score(-11, 10), Score(-15, 22), Score(8, 2),
    Score(-12, 19), Score(19, -5), Score(-11, 10), Score(11, 4), Score(8, 1), Score(-4, 1), Score(-48, 31), Score(21, 14),
    // pst: Queen
    Score(19, -109), Score(18, -72), Score(24, -68), Score(42, -96), Score(34, -71), Score(45, -130), Score(22, -51), Score(-11, -71),
    Score(29, -102), Score(31, -82), Score(42, -66), Score(48, -57), Score(43, -49), Score(43, -62), Score(53, -123), Score(21, -66),
    Score(18, -60), Score(32, -59), Score(21, -6), Score(15, 7), Score(13, 7), Score(30, -63), Score(21, -36), Score(8, -11),
    Score(23, -67), Score(-5, -62), Score(6, 29), Score(0, 85), Score(-6, 37), Score(2, 17), Score(25, -3), Score(14, -79),
    Score(20, -38), Score(-21, 44), Score(-28, 73), Score(-34, 95), Score(-1, 86), Score(-10, 50), Score(4, 54), Score(19, 10),
    Score(3, -20), Score(12, 64), Score(-10, 65), Score(-9, 70), Score(-34, 90), Score(43, -27), Score(31, 48), Score(9, 18),
    Score(-12, 41), Score(-18, 56), Score(-30, 96), Score(-47, 65), Score(-76, 96), Score(-23, 95), Score(-37, 57), Score(7, 26),
    Score(-62, 40), Score(-41, 36), Score(-37, 9), Score(-37, 95), Score(-23, 32), Score(16, 4), Score(-9, -30), Score(-27, -58),
    // pst: King
    Score(-10, -40), Score(19, -43), Score(5, -29), Score(-48, -19), Score(-15, -34), Score(-34, -28), Score(13, -33), Score(10, -42),
    Score(23, -41), Score(-9, -7), Score(-30, -9), Score(-50, 7), Score(-51, 3), Score(-23, 0), Score(13, -18), Score(24, -31),
    Score(-66, -6), Score(-29, -5), Score(-69, 7), Score(-92, 11), Score(-87, 12), Score(-89, 18), Score(-28, -5), Score(-46, -10),
    Score(-127, 0), Score(-143, 18), Score(-130, 8), Score(-135, -2), Score(-165, 9), Score(-112, 15), Score(-103, 14), Score(-132, 1),
    Score(-150, 5), Score(-117, 12), Score(-66, 19), Score(-74, -3), Score(-73, -3), Score(-113, -1), Score(-83, 9), Score(-120, 7),
    Score(-109, -16), Score(-50, 19), Score(-84, 37), Score(-113, 15), Score(-146, 16), Score(-15, 67), Score(-15, 28), Score(-122, -1),
    Score(-144, -1), Score(-163, -65), Score(-86, 25), Score(-166, 37), Score(-102, 9), Score(-114, 37), Score(-37, 78), Score(-121, 15),
    Score(-143, -78), Score(-125, -12), Score(-161, -30), Score(-179, -12), Score(-174, 1), Score(-140, 22), Score(-112, 51), Score(-159, -3),
    // mobility: Knight
    Score(-17, -32), Score(0, -8), Score(10, 15), Score(18, 20), Score(24, 24), Score(28, 29), Score(31, 28), Score(34, 23),
    Score(38, 13),
    // mobility: Bishop
    Score(1, -18), Score(17, 13), Score(25, 21), Score(32, 29), Score(35, 34), Score(37, 40), Score(39, 41), Score(40, 40),
    Score(40, 40), Score(41, 37), Score(39, 38), Score(47, 30), Score(44, 31), Score(47, 30),
    // mobility: Rook
    Score(-18, -12), Score(-5, 3), Score(2, 2), Score(9, 10), Score(11, 20), Score(12, 28), Score(16, 29), Score(15, 36),
    Score(18, 36), Score(19, 38), Score(21, 42), Score(22, 44), Score(18, 47), Score(11, 51), Score(23, 33),
    // mobility: Queen
    Score(-62, 12), Score(-59, 55), Score(-55, 33), Score(-54, 52), Score(-52, 71), Score(-51, 110), Score(-49, 105), Score(-47, 106),
    Score(-45, 116), Score(-45, 127), Score(-41, 130), Score(-41, 138), Score(-39, 139), Score(-36, 139), Score(-28, 115), Score(-16, 103),
    Score(-10, 109), Score(5, 78), Score(21, 57), Score(27, 56), Score(116, -43), Score(268, -147), Score(163, -65), Score(393, -217),
    Score(143, -141), Score(302, -263), Score(-18, -140), Score(60, -322),
    // king attack
    Score(10, -8), Score(20, -12), Score(21, -10), Score(2, -4), Score(4, -5), Score(5, 3), Score(-2, 5), Score(2, -7),
    Score(6, -2), Score(22, -10), Score(65, -38), Score(14, -12), Score(-3, 20), Score(14, -4), Score(-9, 49), Score(41, -3),
    // passed
    Score(0, 0), Score(-6, 4), Score(-9, 20), Score(5, 19), Score(12, 40), Score(37, 63), Score(67, 63), Score(0, 0),
    // isolated
    Score(-10, -5),
    // doubled
    Score(-9, -17),
    // bishop pair
    Score(30, 45),
    // rook open
    Score(49, -20),
    // rook semi-open
    Score(26, 8),
    // shield
    Score(-2, 9), Score(14, 5), Score(29, -4), Score(44, -9),
    // connected
    Score(0, 0), Score(3, -1), Score(8, 7), Score(8, 14), Score(20, 24), Score(43, 48), Score(180, 41), Score(0, 0),
    // pawn threat
    Score(81, 33), Score(85, 53), Score(92, 8), Score(71, 14),
    // minor threat
    Score(82, -2), Score(56, -23),
    // passed king distance
    Score(1, -8), Score(-3, 13),
    // passed blocked
    Score(0, 0), Score(8, -10), Score(10, -5), Score(4, -12), Score(-13, -10), Score(-39, -16), Score(-49, -21), Score(0, 0),
    // passed free
    Score(0, 0), Score(-15, 15), Score(-15, 16), Score(-15, 24), Score(-4, 29), Score(3, 56), Score(8, 96), Score(0, 0),
    // rook behind passed
    Score(13, 10),
    // outpost
    Score(24, 5), Score(27, 7),
    // rook seventh
    Score(21, 11),
    // backward
    Score(0, -4),
    // bishop pawns
    Score(-5, 0),
    // weak piece
    Score(14, 30), Score(21, 31), Score(-11, 31), Score(34, 62),
    // safe check
    Score(22, 6), Score(14, 9), Score(31, -1), Score(16, -2),
];
