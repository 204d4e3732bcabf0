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
    Score(70, 69), Score(328, 269), Score(340, 276), Score(408, 513), Score(1213, 764),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(-8, 25), Score(6, 29), Score(0, 24), Score(-2, 26), Score(3, 21), Score(29, 22), Score(27, 22), Score(-3, 20),
    Score(0, 19), Score(-9, 16), Score(5, 13), Score(-4, 25), Score(9, 18), Score(9, 22), Score(17, 7), Score(-6, 10),
    Score(-11, 24), Score(-13, 29), Score(8, 9), Score(29, 7), Score(31, 2), Score(30, 8), Score(-1, 18), Score(-14, 14),
    Score(0, 23), Score(10, 38), Score(13, 21), Score(22, -8), Score(35, 9), Score(25, 11), Score(6, 23), Score(4, 19),
    Score(15, 33), Score(11, 42), Score(50, 16), Score(42, 17), Score(49, 26), Score(30, 29), Score(8, 34), Score(21, 28),
    Score(75, 64), Score(47, 77), Score(50, 88), Score(124, 90), Score(56, 48), Score(86, 85), Score(21, 96), Score(10, 72),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-82, -49), Score(-14, -12), Score(-23, -12), Score(-9, -20), Score(-14, -18), Score(-33, -14), Score(-10, -12), Score(-28, -26),
    Score(-31, -16), Score(-23, -2), Score(2, -5), Score(9, 0), Score(10, -2), Score(13, -21), Score(8, -17), Score(0, -10),
    Score(-22, -2), Score(-7, 4), Score(2, 5), Score(15, 29), Score(13, 2), Score(15, 6), Score(20, -6), Score(-7, 3),
    Score(4, 3), Score(1, 0), Score(18, 17), Score(34, 24), Score(29, 8), Score(38, 9), Score(42, 1), Score(11, -10),
    Score(1, -46), Score(-14, 12), Score(28, 29), Score(16, 19), Score(33, 25), Score(22, 6), Score(23, -1), Score(28, -11),
    Score(2, -5), Score(8, 0), Score(17, 26), Score(70, 2), Score(60, 12), Score(37, -19), Score(30, -24), Score(10, -10),
    Score(-42, -36), Score(-53, -15), Score(-14, -16), Score(-31, -20), Score(-5, -5), Score(32, -14), Score(-30, -13), Score(-40, 11),
    Score(-102, -40), Score(-111, 31), Score(-130, -31), Score(-94, 0), Score(51, -46), Score(-140, -5), Score(-16, -20), Score(-78, -69),
    // pst: Bishop
    Score(-15, -13), Score(-1, 0), Score(8, -14), Score(-37, -27), Score(-29, -23), Score(-5, -9), Score(4, 3), Score(3, -12),
    Score(31, -1), Score(22, -23), Score(5, -19), Score(9, 6), Score(11, -7), Score(31, -19), Score(24, -16), Score(13, -35),
    Score(11, -1), Score(17, -3), Score(17, 3), Score(7, 1), Score(18, 1), Score(19, 2), Score(24, -32), Score(1, 0),
    Score(-3, -22), Score(9, -12), Score(19, 14), Score(34, 11), Score(39, 13), Score(24, -1), Score(15, -14), Score(-3, -27),
    Score(-10, -6), Score(21, 1), Score(14, 18), Score(41, 10), Score(40, 20), Score(13, -5), Score(12, -5), Score(21, -8),
    Score(-10, 0), Score(21, -17), Score(-5, -12), Score(24, 8), Score(26, -8), Score(51, -11), Score(33, -28), Score(19, -11),
    Score(-35, -10), Score(-18, -5), Score(-4, 0), Score(-3, -2), Score(-74, -9), Score(-11, 8), Score(-29, -12), Score(-23, -33),
    Score(-4, -2), Score(-75, 12), Score(-52, 4), Score(-81, 15), Score(-49, 12), Score(-195, 48), Score(-49, -12), Score(8, 7),
    // pst: Rook
    Score(2, 7), Score(2, 0), Score(8, -5), Score(6, -6), Score(17, -6), Score(33, -12), Score(-2, -9), Score(9, 0),
    Score(-27, -9), Score(13, -10), Score(-8, -4), Score(3, -12), Score(9, -34), Score(14, -36), Score(12, -25), Score(-36, -21),
    Score(-2, 1), Score(-2, -9), Score(-4, -5), Score(-5, 4), Score(-30, -22), Score(7, -13), Score(-1, -15), Score(15, -11),
    Score(-13, 6), Score(-23, 0), Score(19, 18), Score(-18, 13), Score(-23, -6), Score(-3, -19), Score(-2, -13), Score(18, 6),
    Score(-20, 27), Score(16, 6), Score(7, 11), Score(5, 6), Score(11, -3), Score(29, 0), Score(8, -1), Score(30, 7),
    Score(-3, 20), Score(6, 7), Score(12, 14), Score(24, -5), Score(43, 3), Score(-9, 12), Score(13, 16), Score(12, 14),
    Score(-14, 13), Score(-24, 19), Score(7, 9), Score(18, 19), Score(15, -7), Score(-26, 13), Score(-3, 17), Score(14, 1),
    Score(-9, 14), Score(11, 0), Score(-3, 7), Score(11, 6), Score(2, 2), Score(-5, 5), Score(-42, 32), Score(7, 21),
    // pst: Queen
    Score(11, -92), Score(12, -64), Score(20, -61), Score(38, -73), Score(29, -48), Score(39, -111), Score(4, -44), Score(-32, -57),
    Score(18, -84), Score(26, -64), Score(39, -57), Score(43, -35), Score(36, -40), Score(33, -45), Score(41, -104), Score(11, -73),
    Score(16, -49), Score(27, -40), Score(20, 3), Score(10, 26), Score(5, 17), Score(19, -49), Score(15, -26), Score(9, -20),
    Score(23, -38), Score(-9, -57), Score(8, 31), Score(-5, 89), Score(-4, 35), Score(-7, 10), Score(25, -9), Score(5, -83),
    Score(18, -34), Score(-22, 51), Score(-27, 67), Score(-27, 89), Score(-1, 85), Score(-1, 42), Score(9, 34), Score(17, 11),
    Score(4, -6), Score(11, 64), Score(-10, 63), Score(-7, 77), Score(-25, 69), Score(37, -33), Score(38, 31), Score(12, 5),
    Score(4, 32), Score(-7, 53), Score(-16, 69), Score(-43, 56), Score(-59, 93), Score(-8, 65), Score(-28, 34), Score(14, 14),
    Score(-54, 23), Score(-25, 22), Score(-47, 4), Score(-42, 79), Score(-44, 27), Score(23, -26), Score(-23, -36), Score(-48, -65),
    // pst: King
    Score(-40, -37), Score(8, -35), Score(-4, -29), Score(-52, -19), Score(-21, -30), Score(-42, -27), Score(4, -31), Score(3, -43),
    Score(15, -42), Score(-19, -2), Score(-34, -10), Score(-60, 5), Score(-49, 4), Score(-33, 1), Score(5, -19), Score(11, -30),
    Score(-72, -5), Score(-43, -5), Score(-81, 9), Score(-97, 6), Score(-95, 12), Score(-89, 12), Score(-34, -7), Score(-55, -9),
    Score(-127, 1), Score(-157, 16), Score(-137, 7), Score(-158, -4), Score(-172, 4), Score(-142, 15), Score(-99, 12), Score(-148, 1),
    Score(-159, 7), Score(-107, 7), Score(-58, 18), Score(-91, -8), Score(-86, -7), Score(-116, -2), Score(-75, 6), Score(-126, 10),
    Score(-111, -23), Score(-55, 14), Score(-66, 23), Score(-113, 14), Score(-142, 5), Score(-3, 62), Score(16, 15), Score(-129, 6),
    Score(-126, -3), Score(-147, -48), Score(-63, 18), Score(-161, 37), Score(-94, 14), Score(-94, 36), Score(1, 77), Score(-123, 24),
    Score(-134, -66), Score(-111, -8), Score(-155, -20), Score(-154, -12), Score(-154, 9), Score(-116, 19), Score(-85, 52), Score(-146, 11),
    // mobility: Knight
    Score(-19, -38), Score(-2, -7), Score(9, 13), Score(16, 18), Score(23, 23), Score(26, 29), Score(29, 29), Score(32, 26),
    Score(38, 17),
    // mobility: Bishop
    Score(-1, -13), Score(16, 11), Score(23, 23), Score(30, 29), Score(33, 35), Score(35, 40), Score(37, 42), Score(38, 41),
    Score(38, 41), Score(38, 37), Score(39, 36), Score(45, 27), Score(43, 29), Score(52, 26),
    // mobility: Rook
    Score(-18, -16), Score(-5, 2), Score(2, 0), Score(9, 10), Score(11, 18), Score(12, 26), Score(14, 30), Score(15, 35),
    Score(17, 36), Score(17, 38), Score(19, 42), Score(18, 45), Score(14, 50), Score(11, 52), Score(12, 39),
    // mobility: Queen
    Score(-63, 13), Score(-60, 55), Score(-56, 23), Score(-54, 48), Score(-52, 63), Score(-51, 94), Score(-48, 92), Score(-46, 92),
    Score(-46, 104), Score(-44, 110), Score(-41, 117), Score(-41, 127), Score(-39, 124), Score(-36, 123), Score(-30, 107), Score(-20, 95),
    Score(-15, 95), Score(1, 72), Score(16, 50), Score(28, 47), Score(93, -23), Score(172, -81), Score(159, -67), Score(318, -159),
    Score(183, -143), Score(329, -219), Score(-6, -143), Score(91, -262),
    // king attack
    Score(9, -9), Score(17, -11), Score(14, -4), Score(5, 0), Score(3, -4), Score(5, 0), Score(6, -9), Score(-1, -9),
    Score(6, -3), Score(20, -8), Score(43, -27), Score(16, -11), Score(-1, 17), Score(14, 5), Score(-11, 71), Score(33, -5),
    // passed
    Score(0, 0), Score(-3, 2), Score(-10, 18), Score(7, 15), Score(19, 37), Score(40, 59), Score(79, 61), Score(0, 0),
    // isolated
    Score(-9, -3),
    // doubled
    Score(-10, -19),
    // bishop pair
    Score(26, 43),
    // rook open
    Score(47, -19),
    // rook semi-open
    Score(24, 9),
    // shield
    Score(-4, 10), Score(15, 5), Score(30, -4), Score(45, -10),
    // connected
    Score(0, 0), Score(2, 0), Score(6, 8), Score(8, 14), Score(19, 23), Score(37, 45), Score(176, 23), Score(0, 0),
    // pawn threat
    Score(82, 37), Score(85, 52), Score(92, 12), Score(72, 18),
    // minor threat
    Score(78, 4), Score(56, -18),
    // passed king distance
    Score(1, -8), Score(-3, 13),
    // passed blocked
    Score(0, 0), Score(10, -11), Score(6, -5), Score(2, -7), Score(-11, -5), Score(-35, -10), Score(-57, -20), Score(0, 0),
    // passed free
    Score(0, 0), Score(-11, 13), Score(-13, 14), Score(-10, 25), Score(-6, 31), Score(5, 59), Score(-6, 98), Score(0, 0),
    // rook behind passed
    Score(11, 11),
    // outpost
    Score(22, 5), Score(24, 7),
    // rook seventh
    Score(20, 9),
    // backward
    Score(0, -5),
    // bishop pawns
    Score(-4, 0),
    // weak piece
    Score(14, 29), Score(21, 30), Score(-8, 28), Score(34, 65),
    // safe check
    Score(22, 5), Score(14, 8), Score(29, 2), Score(13, 2),
];
