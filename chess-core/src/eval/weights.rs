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
    Score(77, 75), Score(345, 273), Score(351, 279), Score(454, 514), Score(1068, 918),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-14, 39), Score(2, 27), Score(-4, 28), Score(-4, 9), Score(1, 32), Score(14, 31), Score(35, 41), Score(-8, 20),
    Score(-12, 8), Score(-16, 3), Score(3, 11), Score(-9, -6), Score(-5, 15), Score(-11, 22), Score(24, 0), Score(-10, 14),
    Score(-17, 26), Score(-14, 30), Score(12, 1), Score(26, -10), Score(30, 2), Score(17, 20), Score(1, 35), Score(-15, 14),
    Score(-5, 49), Score(14, 16), Score(12, 25), Score(31, -10), Score(36, 0), Score(25, 33), Score(16, 33), Score(-7, 22),
    Score(20, 24), Score(3, 33), Score(37, 26), Score(54, 13), Score(41, 7), Score(48, 37), Score(20, 34), Score(51, 20),
    Score(103, 65), Score(79, 98), Score(51, 111), Score(82, 67), Score(58, 83), Score(64, 96), Score(46, 98), Score(23, 27),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-51, -31), Score(-13, -41), Score(-42, -24), Score(14, -28), Score(-3, -20), Score(-18, -5), Score(-12, -14), Score(-66, -33),
    Score(-56, -47), Score(-49, -49), Score(-14, 1), Score(10, -11), Score(18, -3), Score(2, -19), Score(5, -5), Score(-6, -16),
    Score(-19, 0), Score(4, 2), Score(2, 10), Score(15, 6), Score(15, 5), Score(11, 17), Score(10, 1), Score(-6, -22),
    Score(-9, -8), Score(-10, -16), Score(19, 23), Score(16, 26), Score(15, 30), Score(41, -2), Score(8, -12), Score(-1, -14),
    Score(11, -4), Score(-12, 26), Score(4, 40), Score(5, 27), Score(32, 32), Score(23, 25), Score(16, 14), Score(21, -19),
    Score(-23, -1), Score(4, -9), Score(1, 22), Score(61, 11), Score(35, 10), Score(31, 21), Score(24, -17), Score(-41, -52),
    Score(-36, -1), Score(-32, 22), Score(-1, 17), Score(-32, -12), Score(8, -19), Score(27, -12), Score(-30, -32), Score(-42, -18),
    Score(-100, -24), Score(-38, -22), Score(-34, -27), Score(-24, -19), Score(-3, 3), Score(-27, -40), Score(-36, -31), Score(-64, -24),
    // pst: Bishop
    Score(-2, -24), Score(19, -17), Score(-9, -1), Score(2, -2), Score(-15, -9), Score(-17, 0), Score(3, -2), Score(1, -27),
    Score(11, -17), Score(12, -18), Score(-5, -7), Score(2, 3), Score(18, -24), Score(24, -33), Score(20, -5), Score(8, -10),
    Score(-2, 4), Score(-9, 18), Score(25, -2), Score(8, 3), Score(7, 3), Score(18, -2), Score(11, -22), Score(-4, -19),
    Score(-1, -24), Score(2, -11), Score(3, 8), Score(26, 15), Score(17, 18), Score(-1, 6), Score(-10, -31), Score(-16, -12),
    Score(-13, 0), Score(-3, 15), Score(1, 20), Score(4, 22), Score(17, 10), Score(26, 2), Score(4, 3), Score(-15, 1),
    Score(-5, -4), Score(9, 10), Score(-1, 1), Score(13, -5), Score(3, -21), Score(29, -5), Score(26, -2), Score(-6, 5),
    Score(-7, -45), Score(-23, -11), Score(-9, 2), Score(-2, -12), Score(-36, 7), Score(-11, 9), Score(-31, -9), Score(-48, -21),
    Score(-6, 13), Score(2, 14), Score(2, -15), Score(-31, -8), Score(-12, 7), Score(-53, -25), Score(-16, 0), Score(1, -15),
    // pst: Rook
    Score(0, -1), Score(7, -3), Score(2, 8), Score(13, -12), Score(27, -27), Score(21, -12), Score(17, 0), Score(27, -45),
    Score(-17, 8), Score(-14, -7), Score(-7, 4), Score(9, -32), Score(48, -27), Score(-6, -18), Score(28, -38), Score(-36, -42),
    Score(-18, -6), Score(-37, 19), Score(-40, 5), Score(-13, -17), Score(-18, -16), Score(-16, -2), Score(21, -27), Score(28, -37),
    Score(-5, -1), Score(-42, 6), Score(9, -2), Score(5, 3), Score(3, -5), Score(14, -3), Score(-6, -9), Score(1, 13),
    Score(-21, 24), Score(-35, 21), Score(17, 7), Score(-36, 18), Score(2, 13), Score(16, 7), Score(-5, 9), Score(6, 5),
    Score(-1, 28), Score(8, 16), Score(12, 13), Score(10, 4), Score(21, -17), Score(15, 6), Score(32, 17), Score(20, -2),
    Score(3, 16), Score(20, 12), Score(43, -4), Score(-12, 2), Score(49, -7), Score(31, -4), Score(-17, 1), Score(-30, 19),
    Score(23, 36), Score(-25, 27), Score(-16, 24), Score(9, 25), Score(11, 4), Score(5, 32), Score(3, 18), Score(10, 14),
    // pst: Queen
    Score(-10, -26), Score(13, -16), Score(-3, -56), Score(19, -92), Score(15, -48), Score(-21, -60), Score(1, -28), Score(-65, -25),
    Score(1, -21), Score(13, -19), Score(22, -55), Score(22, -40), Score(30, -52), Score(10, -40), Score(22, -29), Score(21, -32),
    Score(-17, -17), Score(14, -32), Score(-14, 11), Score(1, 23), Score(4, 17), Score(3, 6), Score(1, -16), Score(-15, -11),
    Score(0, 17), Score(-19, 32), Score(-3, 28), Score(-10, 58), Score(8, 9), Score(-1, 15), Score(11, -6), Score(-7, -10),
    Score(-14, -21), Score(-22, 60), Score(-21, 65), Score(-17, 32), Score(-26, 42), Score(-18, 40), Score(-1, 32), Score(-3, 31),
    Score(-4, -1), Score(29, 10), Score(-1, 31), Score(-24, 19), Score(0, 50), Score(33, 0), Score(20, 27), Score(-8, 10),
    Score(-16, -34), Score(-27, 11), Score(-35, 39), Score(-19, 29), Score(24, 38), Score(35, 16), Score(16, -9), Score(14, 17),
    Score(-15, -18), Score(4, 14), Score(37, 16), Score(-13, 10), Score(22, 9), Score(9, -10), Score(2, 4), Score(-12, -48),
    // pst: King
    Score(-9, -36), Score(49, -51), Score(16, -30), Score(-34, -18), Score(-6, -52), Score(-31, -22), Score(48, -65), Score(30, -69),
    Score(17, -44), Score(-1, -8), Score(-12, -1), Score(-36, -7), Score(-49, 12), Score(-18, -12), Score(8, -9), Score(16, -36),
    Score(-47, -17), Score(-32, -19), Score(-81, 18), Score(-72, 21), Score(-93, 15), Score(-66, 14), Score(-13, -9), Score(-38, -14),
    Score(-54, -32), Score(-47, 1), Score(-77, 31), Score(-63, 18), Score(-101, 22), Score(-84, 20), Score(-48, 0), Score(-89, 4),
    Score(-64, -41), Score(-76, -17), Score(-85, 13), Score(-109, 36), Score(-106, 23), Score(-110, 47), Score(-103, 30), Score(-94, 28),
    Score(-102, -5), Score(-98, -8), Score(-126, 15), Score(-137, 43), Score(-135, 27), Score(-122, -27), Score(-91, 31), Score(-135, -132),
    Score(-135, -9), Score(-126, 61), Score(-142, 41), Score(-166, 37), Score(-159, 57), Score(-160, 53), Score(-129, 33), Score(-151, 2),
    Score(-165, -39), Score(-160, 1), Score(-179, -2), Score(-192, 23), Score(-192, 41), Score(-188, 39), Score(-160, 3), Score(-180, -36),
    // mobility: Knight
    Score(-15, -24), Score(-6, -12), Score(3, 16), Score(11, 21), Score(16, 35), Score(27, 35), Score(31, 33), Score(38, 16),
    Score(64, -5),
    // mobility: Bishop
    Score(-1, -52), Score(12, 3), Score(21, 14), Score(28, 21), Score(37, 32), Score(37, 46), Score(41, 37), Score(38, 53),
    Score(38, 50), Score(46, 45), Score(40, 41), Score(31, 55), Score(50, 28), Score(53, 39),
    // mobility: Rook
    Score(-26, -30), Score(-14, 3), Score(-12, 14), Score(-3, 17), Score(-2, 27), Score(5, 36), Score(6, 31), Score(8, 36),
    Score(14, 43), Score(10, 49), Score(15, 48), Score(27, 52), Score(36, 44), Score(15, 50), Score(119, -16),
    // mobility: Queen
    Score(-3, -18), Score(-2, -6), Score(-1, -39), Score(3, -40), Score(5, -30), Score(6, -9), Score(7, 15), Score(10, -13),
    Score(10, 23), Score(17, 34), Score(23, 23), Score(17, 46), Score(18, 57), Score(10, 59), Score(7, 73), Score(18, 61),
    Score(14, 78), Score(22, 53), Score(32, 38), Score(21, 61), Score(56, 40), Score(48, 15), Score(37, 31), Score(26, 11),
    Score(18, 24), Score(22, 21), Score(24, 46), Score(22, 31),
    // king attack
    Score(10, -12), Score(25, -11), Score(58, 5), Score(16, 1), Score(12, -1), Score(-3, 23), Score(13, -11), Score(13, 1),
    Score(2, -3), Score(41, -30), Score(31, -9), Score(27, 1), Score(-4, 21), Score(15, -13), Score(56, 5), Score(52, 1),
    // passed
    Score(0, 0), Score(-21, 7), Score(-33, 32), Score(1, 22), Score(42, 44), Score(74, 42), Score(115, 84), Score(0, 0),
    // isolated
    Score(-5, -8),
    // doubled
    Score(-10, -10),
    // bishop pair
    Score(36, 50),
    // rook open
    Score(59, -19),
    // rook semi-open
    Score(24, 12),
    // shield
    Score(-3, 6), Score(14, -2), Score(30, -6), Score(44, 2),
    // connected
    Score(0, 0), Score(4, -4), Score(12, 9), Score(11, 9), Score(20, 24), Score(38, 80), Score(47, 67), Score(0, 0),
    // pawn threat
    Score(54, 30), Score(51, 51), Score(48, -2), Score(39, -6),
    // minor threat
    Score(55, 19), Score(36, 26),
    // passed king distance
    Score(1, -8), Score(-8, 15),
    // passed blocked
    Score(0, 0), Score(-12, -25), Score(-1, -8), Score(-9, -15), Score(-20, -15), Score(29, -14), Score(-23, -44), Score(0, 0),
    // passed free
    Score(0, 0), Score(3, 13), Score(-18, 8), Score(-21, 21), Score(1, 14), Score(30, 70), Score(35, 55), Score(0, 0),
    // rook behind passed
    Score(36, 9),
    // outpost
    Score(30, 26), Score(33, -7),
    // rook seventh
    Score(-38, 34),
    // backward
    Score(-5, 3),
    // bishop pawns
    Score(-4, -2),
    // weak piece
    Score(9, 30), Score(11, 36), Score(-7, 5), Score(16, 26),
    // safe check
    Score(22, 9), Score(15, 14), Score(44, 1), Score(14, 8),
];
