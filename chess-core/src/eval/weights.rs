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
    Score(74, 77), Score(348, 278), Score(339, 285), Score(460, 529), Score(1045, 999),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-12, 39), Score(4, 26), Score(-3, 29), Score(1, 11), Score(4, 32), Score(19, 32), Score(39, 39), Score(-6, 19),
    Score(-10, 7), Score(-17, 4), Score(4, 12), Score(-11, -2), Score(-4, 17), Score(-11, 24), Score(25, 0), Score(-10, 14),
    Score(-16, 25), Score(-13, 28), Score(9, 0), Score(26, -12), Score(30, 0), Score(19, 17), Score(1, 34), Score(-13, 14),
    Score(-4, 49), Score(12, 16), Score(12, 23), Score(28, -10), Score(34, -1), Score(24, 31), Score(18, 27), Score(-6, 22),
    Score(21, 24), Score(6, 34), Score(27, 29), Score(51, 16), Score(31, 13), Score(43, 38), Score(21, 30), Score(50, 22),
    Score(101, 65), Score(79, 103), Score(45, 102), Score(74, 74), Score(55, 73), Score(63, 99), Score(51, 97), Score(33, 34),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-50, -33), Score(-16, -37), Score(-38, -22), Score(3, -29), Score(-4, -15), Score(-28, -6), Score(-15, -11), Score(-61, -30),
    Score(-54, -33), Score(-49, -37), Score(-18, -5), Score(10, -14), Score(15, -4), Score(2, -27), Score(-1, -10), Score(-15, -17),
    Score(-24, -5), Score(-3, -2), Score(0, 8), Score(7, 8), Score(15, 0), Score(9, 15), Score(10, -2), Score(-11, -20),
    Score(-15, -6), Score(-16, -10), Score(17, 23), Score(12, 28), Score(20, 30), Score(36, 8), Score(13, -9), Score(-5, -8),
    Score(4, -6), Score(0, 19), Score(6, 38), Score(25, 24), Score(27, 36), Score(39, 24), Score(10, 15), Score(25, -14),
    Score(-10, -2), Score(-4, -3), Score(3, 24), Score(54, 11), Score(44, 2), Score(30, 15), Score(22, -13), Score(-34, -33),
    Score(-35, -4), Score(-29, 10), Score(2, 4), Score(-23, -8), Score(2, -18), Score(16, -15), Score(-27, -30), Score(-43, -24),
    Score(-90, -35), Score(-35, -25), Score(-28, -24), Score(-15, -14), Score(-4, -3), Score(-25, -33), Score(-33, -27), Score(-59, -29),
    // pst: Bishop
    Score(-7, -22), Score(10, -14), Score(-8, -2), Score(5, -3), Score(-7, -16), Score(-15, 1), Score(-9, -6), Score(-2, -19),
    Score(11, -14), Score(11, -19), Score(0, -10), Score(3, -5), Score(19, -24), Score(19, -23), Score(22, -4), Score(0, -3),
    Score(-4, 0), Score(-2, 17), Score(22, -5), Score(10, 5), Score(6, 5), Score(20, 1), Score(8, -14), Score(-1, -15),
    Score(5, -22), Score(-2, -7), Score(7, 9), Score(24, 12), Score(24, 13), Score(-2, 6), Score(-8, -19), Score(-15, -9),
    Score(-19, -8), Score(2, 12), Score(-4, 18), Score(12, 17), Score(17, 7), Score(24, 6), Score(1, 2), Score(-17, 1),
    Score(-9, -12), Score(2, 8), Score(-1, -2), Score(15, -8), Score(6, -14), Score(18, 3), Score(28, 0), Score(-9, 7),
    Score(-16, -37), Score(-24, -4), Score(-15, 4), Score(-2, -12), Score(-29, 4), Score(-16, 9), Score(-32, -7), Score(-48, -29),
    Score(-4, 5), Score(2, -2), Score(-3, -6), Score(-22, -4), Score(-9, 3), Score(-37, -28), Score(-17, -8), Score(2, -10),
    // pst: Rook
    Score(-3, -10), Score(4, -10), Score(3, 1), Score(13, -16), Score(25, -29), Score(20, -16), Score(12, -1), Score(20, -47),
    Score(-20, -1), Score(-13, -13), Score(-3, -4), Score(7, -27), Score(41, -24), Score(-6, -18), Score(18, -31), Score(-45, -34),
    Score(-22, -8), Score(-34, 8), Score(-29, -2), Score(-15, -14), Score(-12, -17), Score(-16, -4), Score(15, -21), Score(14, -27),
    Score(-14, 2), Score(-32, -2), Score(5, -1), Score(6, 4), Score(3, -4), Score(8, 3), Score(-6, -4), Score(-5, 13),
    Score(-20, 21), Score(-29, 17), Score(16, 6), Score(-21, 14), Score(0, 18), Score(13, 13), Score(0, 9), Score(2, 10),
    Score(-5, 29), Score(18, 10), Score(18, 12), Score(25, 4), Score(26, -9), Score(14, 9), Score(27, 17), Score(14, 5),
    Score(-10, 22), Score(14, 17), Score(39, 3), Score(6, 0), Score(46, -1), Score(34, 0), Score(-14, 3), Score(-17, 15),
    Score(14, 38), Score(-10, 25), Score(-5, 23), Score(11, 26), Score(17, 6), Score(1, 30), Score(4, 20), Score(13, 16),
    // pst: Queen
    Score(-15, -27), Score(-4, -17), Score(-10, -50), Score(12, -86), Score(10, -38), Score(-18, -50), Score(5, -24), Score(-45, -27),
    Score(-6, -27), Score(1, -18), Score(13, -55), Score(15, -37), Score(20, -38), Score(3, -27), Score(11, -22), Score(12, -25),
    Score(-22, -22), Score(5, -21), Score(-18, 7), Score(-5, 8), Score(-3, 16), Score(-3, 6), Score(-4, -13), Score(-13, -7),
    Score(-7, 13), Score(-21, 25), Score(-6, 19), Score(-14, 55), Score(3, 15), Score(-4, 18), Score(8, 7), Score(-10, 4),
    Score(-21, -15), Score(-24, 44), Score(-12, 46), Score(-6, 33), Score(-17, 44), Score(-9, 36), Score(4, 19), Score(0, 29),
    Score(-7, -6), Score(22, 15), Score(1, 33), Score(-8, 24), Score(17, 40), Score(38, 18), Score(26, 25), Score(3, 16),
    Score(-20, -27), Score(-22, 12), Score(-17, 30), Score(-11, 23), Score(20, 38), Score(33, 20), Score(23, 1), Score(12, 15),
    Score(-8, -16), Score(0, 14), Score(28, 15), Score(-5, 13), Score(21, 11), Score(12, 3), Score(6, 0), Score(2, -39),
    // pst: King
    Score(5, -47), Score(52, -47), Score(22, -30), Score(-30, -24), Score(1, -54), Score(-25, -24), Score(53, -59), Score(30, -59),
    Score(15, -33), Score(0, -12), Score(-7, -3), Score(-36, -12), Score(-49, 9), Score(-19, -12), Score(7, -6), Score(13, -27),
    Score(-38, -14), Score(-35, -22), Score(-74, 14), Score(-81, 22), Score(-97, 14), Score(-70, 15), Score(-18, -3), Score(-41, -6),
    Score(-56, -27), Score(-47, 2), Score(-73, 27), Score(-74, 18), Score(-96, 19), Score(-86, 22), Score(-53, 6), Score(-75, 7),
    Score(-71, -21), Score(-76, -9), Score(-87, 10), Score(-111, 30), Score(-112, 25), Score(-109, 45), Score(-89, 30), Score(-89, 30),
    Score(-106, 0), Score(-103, 0), Score(-124, 18), Score(-138, 42), Score(-136, 31), Score(-131, -7), Score(-97, 34), Score(-130, -88),
    Score(-136, -15), Score(-130, 43), Score(-145, 32), Score(-167, 28), Score(-160, 42), Score(-162, 43), Score(-129, 27), Score(-151, 7),
    Score(-166, -38), Score(-163, -11), Score(-179, -6), Score(-194, 12), Score(-194, 21), Score(-191, 17), Score(-162, -4), Score(-179, -31),
    // mobility: Knight
    Score(-17, -22), Score(-6, -17), Score(3, 12), Score(11, 19), Score(17, 34), Score(28, 36), Score(32, 36), Score(41, 18),
    Score(62, 4),
    // mobility: Bishop
    Score(-8, -52), Score(6, -4), Score(16, 10), Score(25, 17), Score(35, 30), Score(35, 45), Score(40, 37), Score(37, 53),
    Score(39, 50), Score(47, 46), Score(42, 43), Score(37, 56), Score(57, 41), Score(51, 47),
    // mobility: Rook
    Score(-26, -41), Score(-13, -6), Score(-12, 8), Score(-2, 13), Score(0, 23), Score(8, 34), Score(9, 31), Score(12, 38),
    Score(20, 44), Score(18, 52), Score(23, 53), Score(34, 58), Score(32, 53), Score(30, 53), Score(70, 6),
    // mobility: Queen
    Score(-17, -15), Score(-16, -1), Score(-14, -30), Score(-8, -35), Score(-4, -29), Score(-1, -15), Score(1, 11), Score(5, -15),
    Score(7, 17), Score(16, 26), Score(22, 23), Score(18, 41), Score(22, 52), Score(15, 53), Score(16, 65), Score(25, 62),
    Score(27, 76), Score(33, 58), Score(43, 53), Score(29, 61), Score(49, 51), Score(43, 31), Score(35, 41), Score(25, 24),
    Score(20, 34), Score(24, 35), Score(25, 49), Score(25, 42),
    // king attack
    Score(8, -12), Score(22, -10), Score(46, 6), Score(16, 1), Score(13, 1), Score(2, 21), Score(14, -2), Score(13, 1),
    Score(16, -5), Score(46, -25), Score(29, -4), Score(27, 1), Score(7, 23), Score(25, -6), Score(54, 4), Score(52, 1),
    // passed
    Score(0, 0), Score(-18, 9), Score(-30, 33), Score(0, 26), Score(35, 46), Score(69, 52), Score(110, 86), Score(0, 0),
    // isolated
    Score(-6, -9),
    // doubled
    Score(-10, -9),
    // bishop pair
    Score(39, 54),
    // rook open
    Score(66, -19),
    // rook semi-open
    Score(24, 12),
    // shield
    Score(-8, 5), Score(14, -3), Score(32, -5), Score(47, 3),
    // connected
    Score(0, 0), Score(5, -4), Score(14, 8), Score(12, 9), Score(20, 24), Score(41, 77), Score(37, 76), Score(0, 0),
    // pawn threat
    Score(54, 29), Score(54, 43), Score(43, 6), Score(41, -1),
    // minor threat
    Score(50, 27), Score(47, 18),
    // passed king distance
    Score(1, -9), Score(-8, 16),
    // passed blocked
    Score(0, 0), Score(-9, -19), Score(0, -6), Score(-7, -15), Score(-14, -15), Score(18, -19), Score(-21, -41), Score(0, 0),
    // passed free
    Score(0, 0), Score(4, 10), Score(-14, 5), Score(-17, 16), Score(4, 13), Score(25, 58), Score(26, 49), Score(0, 0),
    // rook behind passed
    Score(32, 6),
    // outpost
    Score(33, 28), Score(34, -3),
    // rook seventh
    Score(-22, 30),
];
