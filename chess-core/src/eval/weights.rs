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
    Score(78, 66), Score(350, 297), Score(343, 314), Score(442, 573), Score(1004, 1082),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-6, 13), Score(3, 15), Score(-11, 30), Score(-7, 20), Score(-3, 7), Score(24, 33), Score(29, 23), Score(5, 18),
    Score(-2, 14), Score(-10, 15), Score(-9, 9), Score(-20, 22), Score(-10, 16), Score(-8, 29), Score(15, 11), Score(-3, 9),
    Score(-3, 24), Score(-4, 29), Score(8, -7), Score(21, -5), Score(26, -3), Score(20, -7), Score(-2, 18), Score(-8, 20),
    Score(16, 25), Score(9, 35), Score(15, 28), Score(35, 9), Score(26, 6), Score(26, 17), Score(18, 6), Score(5, 37),
    Score(26, 28), Score(27, 43), Score(16, 40), Score(53, 31), Score(18, 22), Score(36, 41), Score(30, 25), Score(30, 20),
    Score(92, 53), Score(83, 113), Score(33, 74), Score(68, 90), Score(51, 52), Score(66, 101), Score(58, 101), Score(47, 61),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-49, -35), Score(-11, -22), Score(-26, -12), Score(-18, -33), Score(1, -2), Score(-42, -6), Score(-1, -13), Score(-54, -24),
    Score(-44, -14), Score(-45, -21), Score(-12, -15), Score(5, -14), Score(5, 17), Score(11, -42), Score(-10, -16), Score(-35, -20),
    Score(-28, -25), Score(-19, -5), Score(-5, 10), Score(-10, 20), Score(21, -13), Score(6, 0), Score(11, -16), Score(-16, -17),
    Score(-9, 0), Score(-18, 4), Score(0, 27), Score(14, 40), Score(21, 39), Score(6, 34), Score(20, -2), Score(6, -7),
    Score(-7, -16), Score(-1, 10), Score(14, 27), Score(38, 22), Score(32, 50), Score(40, 26), Score(6, 12), Score(12, -2),
    Score(7, -1), Score(-23, -5), Score(13, 19), Score(32, 4), Score(47, -12), Score(32, 3), Score(12, -12), Score(-13, -4),
    Score(-30, -9), Score(-23, -11), Score(18, -16), Score(-8, 4), Score(-2, -14), Score(1, -24), Score(-22, -28), Score(-42, -31),
    Score(-76, -47), Score(-32, -29), Score(-22, -23), Score(-3, -6), Score(-7, -12), Score(-19, -23), Score(-30, -23), Score(-56, -36),
    // pst: Bishop
    Score(-16, -21), Score(-4, -13), Score(-2, -4), Score(23, -3), Score(5, -27), Score(-12, 10), Score(-19, -14), Score(-10, -9),
    Score(7, -11), Score(12, -21), Score(19, -15), Score(4, -16), Score(10, -9), Score(4, 8), Score(28, -11), Score(-13, 6),
    Score(-10, -15), Score(15, 7), Score(-2, -12), Score(-4, 9), Score(-2, 9), Score(20, 5), Score(-2, -2), Score(1, 0),
    Score(28, -17), Score(-17, 5), Score(-9, 20), Score(16, -1), Score(29, -9), Score(1, -2), Score(-7, 10), Score(-14, -3),
    Score(-29, -21), Score(5, 3), Score(-7, 2), Score(25, 11), Score(26, 6), Score(10, 17), Score(6, -8), Score(-24, -5),
    Score(-20, -27), Score(-6, -2), Score(8, 3), Score(27, -14), Score(11, 2), Score(9, 18), Score(25, -1), Score(3, 10),
    Score(-21, -22), Score(-11, 23), Score(-13, 6), Score(2, -7), Score(-14, 4), Score(-20, 7), Score(-17, -2), Score(-46, -40),
    Score(-2, -5), Score(-3, -26), Score(-8, 4), Score(-12, 0), Score(-4, -2), Score(-20, -29), Score(-19, -18), Score(6, -4),
    // pst: Rook
    Score(-1, -9), Score(-2, -14), Score(13, -17), Score(27, -25), Score(15, -22), Score(34, -26), Score(-11, -8), Score(-5, -30),
    Score(-21, -15), Score(1, -11), Score(6, -22), Score(4, -7), Score(17, -21), Score(6, 2), Score(-5, -10), Score(-42, -9),
    Score(-18, -3), Score(-2, -9), Score(3, -10), Score(-7, 3), Score(3, -5), Score(-3, 2), Score(-3, -7), Score(-17, -2),
    Score(-24, 21), Score(-4, -10), Score(0, -2), Score(9, 11), Score(0, -5), Score(-1, 9), Score(-2, 3), Score(-19, -2),
    Score(-15, 10), Score(-16, 8), Score(17, 5), Score(1, 9), Score(-16, 17), Score(5, 18), Score(0, 8), Score(-13, 17),
    Score(-14, 23), Score(34, -10), Score(17, -2), Score(41, 4), Score(33, 9), Score(5, 1), Score(4, 5), Score(1, 16),
    Score(-20, 32), Score(2, 14), Score(30, 22), Score(34, 0), Score(41, 4), Score(33, 11), Score(-14, 3), Score(11, 7),
    Score(-11, 27), Score(1, 20), Score(2, 22), Score(5, 17), Score(17, 1), Score(-8, 10), Score(2, 23), Score(5, 20),
    // pst: Queen
    Score(-8, -21), Score(-29, -18), Score(9, -38), Score(18, -57), Score(7, -26), Score(-4, -34), Score(18, -15), Score(-9, -23),
    Score(-10, -31), Score(-12, -15), Score(11, -47), Score(23, -19), Score(13, 2), Score(5, -10), Score(-2, -15), Score(3, -16),
    Score(-26, -25), Score(-3, 0), Score(3, 10), Score(2, -12), Score(-4, 17), Score(-3, 6), Score(0, -8), Score(13, 2),
    Score(-18, 8), Score(-28, 15), Score(-24, 6), Score(-10, 45), Score(-1, 18), Score(-8, 15), Score(10, 22), Score(25, 25),
    Score(-28, -5), Score(-36, 22), Score(-15, 17), Score(3, 33), Score(0, 41), Score(-13, 25), Score(-1, -3), Score(13, 20),
    Score(-15, -13), Score(5, 19), Score(-6, 34), Score(7, 29), Score(8, 20), Score(33, 35), Score(9, 17), Score(12, 20),
    Score(-24, -23), Score(-13, 13), Score(-7, 21), Score(-8, 12), Score(-2, 24), Score(9, 16), Score(20, 13), Score(-15, 7),
    Score(-2, -11), Score(-12, 8), Score(2, 5), Score(1, 14), Score(13, 8), Score(15, 18), Score(3, -6), Score(15, -30),
    // pst: King
    Score(19, -67), Score(37, -36), Score(24, -37), Score(-30, -32), Score(10, -52), Score(-18, -32), Score(24, -32), Score(-7, -56),
    Score(13, -13), Score(-1, -34), Score(21, -15), Score(-18, -19), Score(-26, -1), Score(-16, -21), Score(18, -16), Score(0, -7),
    Score(-25, -3), Score(-40, -31), Score(-57, 0), Score(-85, 14), Score(-90, 15), Score(-70, 9), Score(-29, 4), Score(-49, 10),
    Score(-56, -16), Score(-45, 7), Score(-69, 9), Score(-86, 6), Score(-89, 7), Score(-86, 19), Score(-56, 36), Score(-63, 8),
    Score(-73, 26), Score(-72, 29), Score(-90, 1), Score(-115, 7), Score(-116, 32), Score(-111, 22), Score(-75, 26), Score(-89, 20),
    Score(-110, 3), Score(-106, 24), Score(-122, 20), Score(-140, 32), Score(-135, 43), Score(-134, 55), Score(-106, 31), Score(-112, 54),
    Score(-138, -21), Score(-137, 7), Score(-149, 15), Score(-169, 11), Score(-163, 14), Score(-166, 20), Score(-131, 10), Score(-152, 6),
    Score(-167, -37), Score(-166, -25), Score(-179, -11), Score(-196, 1), Score(-196, 0), Score(-194, -7), Score(-164, -11), Score(-179, -27),
    // mobility: Knight
    Score(-23, -20), Score(-1, -28), Score(9, 8), Score(14, 22), Score(26, 23), Score(29, 40), Score(32, 44), Score(43, 34),
    Score(45, 18),
    // mobility: Bishop
    Score(-16, -42), Score(0, -17), Score(10, 7), Score(21, 12), Score(28, 24), Score(30, 44), Score(35, 42), Score(38, 52),
    Score(43, 57), Score(49, 53), Score(55, 52), Score(50, 49), Score(70, 62), Score(50, 53),
    // mobility: Rook
    Score(-34, -59), Score(-13, -22), Score(-7, 4), Score(0, 9), Score(8, 16), Score(12, 26), Score(16, 32), Score(14, 44),
    Score(24, 50), Score(33, 47), Score(34, 58), Score(32, 60), Score(12, 72), Score(48, 58), Score(6, 69),
    // mobility: Queen
    Score(-27, -12), Score(-21, 5), Score(-17, -18), Score(-16, -22), Score(-11, -21), Score(-5, -19), Score(-4, 12), Score(2, -6),
    Score(5, 14), Score(8, 16), Score(12, 31), Score(19, 30), Score(21, 42), Score(25, 45), Score(31, 48), Score(22, 62),
    Score(31, 70), Score(47, 69), Score(55, 75), Score(25, 49), Score(35, 55), Score(32, 43), Score(30, 48), Score(24, 36),
    Score(21, 42), Score(26, 48), Score(26, 52), Score(27, 53),
    // king attack
    Score(16, -14), Score(18, -11), Score(24, 3), Score(16, 1), Score(-1, -4), Score(8, 3), Score(8, 5), Score(13, 1),
    Score(26, -13), Score(34, -14), Score(20, -2), Score(26, 1), Score(18, 19), Score(44, 4), Score(45, 1), Score(52, 1),
    // passed
    Score(0, 0), Score(-17, 31), Score(-19, 27), Score(5, 37), Score(11, 57), Score(66, 86), Score(107, 84), Score(0, 0),
    // isolated
    Score(-4, -10),
    // doubled
    Score(-10, -5),
    // bishop pair
    Score(40, 32),
    // rook open
    Score(62, -15),
    // rook semi-open
    Score(19, 21),
    // shield
    Score(-7, 9), Score(18, -1), Score(28, -4), Score(45, -4),
    // connected
    Score(0, 0), Score(7, 5), Score(16, 4), Score(12, 14), Score(12, 18), Score(48, 66), Score(26, 85), Score(0, 0),
    // pawn threat
    Score(55, 21), Score(58, 31), Score(30, 16), Score(34, 6),
    // minor threat
    Score(47, 25), Score(46, 4),
    // passed king distance
    Score(2, -8), Score(-5, 14),
    // passed blocked
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // passed free
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // rook behind passed
    Score(0, 0),
    // outpost
    Score(0, 0), Score(0, 0),
    // rook seventh
    Score(0, 0),
];
