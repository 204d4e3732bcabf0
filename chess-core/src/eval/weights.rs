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
    Score(88, 112), Score(320, 300), Score(335, 320), Score(470, 530), Score(960, 990),
    // pst: Pawn
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(-10, 0), Score(-10, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    Score(2, 4), Score(2, 4), Score(2, 4), Score(6, 4), Score(6, 4), Score(2, 4), Score(2, 4), Score(2, 4),
    Score(6, 12), Score(6, 12), Score(6, 12), Score(22, 12), Score(22, 12), Score(6, 12), Score(6, 12), Score(6, 12),
    Score(14, 26), Score(14, 26), Score(14, 26), Score(26, 26), Score(26, 26), Score(14, 26), Score(14, 26), Score(14, 26),
    Score(30, 50), Score(30, 50), Score(30, 50), Score(30, 50), Score(30, 50), Score(30, 50), Score(30, 50), Score(30, 50),
    Score(60, 90), Score(60, 90), Score(60, 90), Score(60, 90), Score(60, 90), Score(60, 90), Score(60, 90), Score(60, 90),
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pst: Knight
    Score(-46, -30), Score(-36, -22), Score(-26, -14), Score(-16, -6), Score(-16, -6), Score(-26, -14), Score(-36, -22), Score(-46, -30),
    Score(-26, -22), Score(-16, -14), Score(-6, -6), Score(4, 2), Score(4, 2), Score(-6, -6), Score(-16, -14), Score(-26, -22),
    Score(-16, -14), Score(-6, -6), Score(4, 2), Score(14, 10), Score(14, 10), Score(4, 2), Score(-6, -6), Score(-16, -14),
    Score(-6, -6), Score(4, 2), Score(14, 10), Score(24, 18), Score(24, 18), Score(14, 10), Score(4, 2), Score(-6, -6),
    Score(-6, -6), Score(4, 2), Score(14, 10), Score(24, 18), Score(24, 18), Score(14, 10), Score(4, 2), Score(-6, -6),
    Score(-16, -14), Score(-6, -6), Score(4, 2), Score(14, 10), Score(14, 10), Score(4, 2), Score(-6, -6), Score(-16, -14),
    Score(-26, -22), Score(-16, -14), Score(-6, -6), Score(4, 2), Score(4, 2), Score(-6, -6), Score(-16, -14), Score(-26, -22),
    Score(-36, -30), Score(-26, -22), Score(-16, -14), Score(-6, -6), Score(-6, -6), Score(-16, -14), Score(-26, -22), Score(-36, -30),
    // pst: Bishop
    Score(-14, -16), Score(-18, -12), Score(-14, -8), Score(-10, -4), Score(-10, -4), Score(-14, -8), Score(-18, -12), Score(-14, -16),
    Score(-10, -12), Score(2, -8), Score(-2, -4), Score(2, 0), Score(2, 0), Score(-2, -4), Score(2, -8), Score(-10, -12),
    Score(-6, -8), Score(-2, -4), Score(10, 0), Score(6, 4), Score(6, 4), Score(10, 0), Score(-2, -4), Score(-6, -8),
    Score(-2, -4), Score(2, 0), Score(6, 4), Score(18, 8), Score(18, 8), Score(6, 4), Score(2, 0), Score(-2, -4),
    Score(-2, -4), Score(2, 0), Score(6, 4), Score(18, 8), Score(18, 8), Score(6, 4), Score(2, 0), Score(-2, -4),
    Score(-6, -8), Score(-2, -4), Score(10, 0), Score(6, 4), Score(6, 4), Score(10, 0), Score(-2, -4), Score(-6, -8),
    Score(-10, -12), Score(2, -8), Score(-2, -4), Score(2, 0), Score(2, 0), Score(-2, -4), Score(2, -8), Score(-10, -12),
    Score(-6, -16), Score(-10, -12), Score(-6, -8), Score(-2, -4), Score(-2, -4), Score(-6, -8), Score(-10, -12), Score(-6, -16),
    // pst: Rook
    Score(-4, 0), Score(0, 0), Score(0, 0), Score(6, 0), Score(6, 0), Score(0, 0), Score(0, 0), Score(-4, 0),
    Score(-4, 0), Score(0, 0), Score(0, 0), Score(6, 0), Score(6, 0), Score(0, 0), Score(0, 0), Score(-4, 0),
    Score(-4, 0), Score(0, 0), Score(0, 0), Score(6, 0), Score(6, 0), Score(0, 0), Score(0, 0), Score(-4, 0),
    Score(-4, 0), Score(0, 0), Score(0, 0), Score(6, 0), Score(6, 0), Score(0, 0), Score(0, 0), Score(-4, 0),
    Score(-4, 0), Score(0, 0), Score(0, 0), Score(6, 0), Score(6, 0), Score(0, 0), Score(0, 0), Score(-4, 0),
    Score(-4, 0), Score(0, 0), Score(0, 0), Score(6, 0), Score(6, 0), Score(0, 0), Score(0, 0), Score(-4, 0),
    Score(16, 10), Score(20, 10), Score(20, 10), Score(26, 10), Score(26, 10), Score(20, 10), Score(20, 10), Score(16, 10),
    Score(-4, 0), Score(0, 0), Score(0, 0), Score(6, 0), Score(6, 0), Score(0, 0), Score(0, 0), Score(-4, 0),
    // pst: Queen
    Score(4, -14), Score(4, -9), Score(4, -4), Score(4, 1), Score(4, 1), Score(4, -4), Score(4, -9), Score(4, -14),
    Score(4, -9), Score(4, -4), Score(4, 1), Score(4, 6), Score(4, 6), Score(4, 1), Score(4, -4), Score(4, -9),
    Score(-2, -4), Score(-1, 1), Score(0, 6), Score(1, 11), Score(1, 11), Score(0, 6), Score(-1, 1), Score(-2, -4),
    Score(-1, 1), Score(0, 6), Score(1, 11), Score(2, 16), Score(2, 16), Score(1, 11), Score(0, 6), Score(-1, 1),
    Score(-1, 1), Score(0, 6), Score(1, 11), Score(2, 16), Score(2, 16), Score(1, 11), Score(0, 6), Score(-1, 1),
    Score(-8, -4), Score(-7, 1), Score(-6, 6), Score(-5, 11), Score(-5, 11), Score(-6, 6), Score(-7, 1), Score(-8, -4),
    Score(-9, -9), Score(-8, -4), Score(-7, 1), Score(-6, 6), Score(-6, 6), Score(-7, 1), Score(-8, -4), Score(-9, -9),
    Score(-10, -14), Score(-9, -9), Score(-8, -4), Score(-7, 1), Score(-7, 1), Score(-8, -4), Score(-9, -9), Score(-10, -14),
    // pst: King
    Score(30, -30), Score(30, -20), Score(16, -10), Score(0, 0), Score(0, 0), Score(0, -10), Score(30, -20), Score(16, -30),
    Score(2, -20), Score(2, -10), Score(-12, 0), Score(-28, 10), Score(-28, 10), Score(-28, 0), Score(2, -10), Score(-12, -20),
    Score(-26, -10), Score(-26, 0), Score(-40, 10), Score(-56, 20), Score(-56, 20), Score(-56, 10), Score(-26, 0), Score(-40, -10),
    Score(-54, 0), Score(-54, 10), Score(-68, 20), Score(-84, 30), Score(-84, 30), Score(-84, 20), Score(-54, 10), Score(-68, 0),
    Score(-82, 0), Score(-82, 10), Score(-96, 20), Score(-112, 30), Score(-112, 30), Score(-112, 20), Score(-82, 10), Score(-96, 0),
    Score(-110, -10), Score(-110, 0), Score(-124, 10), Score(-140, 20), Score(-140, 20), Score(-140, 10), Score(-110, 0), Score(-124, -10),
    Score(-138, -20), Score(-138, -10), Score(-152, 0), Score(-168, 10), Score(-168, 10), Score(-168, 0), Score(-138, -10), Score(-152, -20),
    Score(-166, -30), Score(-166, -20), Score(-180, -10), Score(-196, 0), Score(-196, 0), Score(-196, -10), Score(-166, -20), Score(-180, -30),
    // mobility: Knight
    Score(0, 0), Score(4, 4), Score(8, 8), Score(12, 12), Score(16, 16), Score(20, 20), Score(24, 24), Score(28, 28),
    Score(32, 32),
    // mobility: Bishop
    Score(0, 0), Score(5, 5), Score(10, 10), Score(15, 15), Score(20, 20), Score(25, 25), Score(30, 30), Score(35, 35),
    Score(40, 40), Score(45, 45), Score(50, 50), Score(55, 55), Score(60, 60), Score(65, 65),
    // mobility: Rook
    Score(0, 0), Score(2, 4), Score(4, 8), Score(6, 12), Score(8, 16), Score(10, 20), Score(12, 24), Score(14, 28),
    Score(16, 32), Score(18, 36), Score(20, 40), Score(22, 44), Score(24, 48), Score(26, 52), Score(28, 56),
    // mobility: Queen
    Score(0, 0), Score(1, 2), Score(2, 4), Score(3, 6), Score(4, 8), Score(5, 10), Score(6, 12), Score(7, 14),
    Score(8, 16), Score(9, 18), Score(10, 20), Score(11, 22), Score(12, 24), Score(13, 26), Score(14, 28), Score(15, 30),
    Score(16, 32), Score(17, 34), Score(18, 36), Score(19, 38), Score(20, 40), Score(21, 42), Score(22, 44), Score(23, 46),
    Score(24, 48), Score(25, 50), Score(26, 52), Score(27, 54),
    // king attack
    Score(5, 0), Score(7, 0), Score(10, 0), Score(12, 0), Score(5, 0), Score(7, 0), Score(10, 0), Score(12, 0),
    Score(10, 0), Score(15, 0), Score(20, 0), Score(25, 0), Score(20, 0), Score(30, 0), Score(40, 0), Score(50, 0),
    // passed
    Score(0, 0), Score(2, 8), Score(5, 14), Score(12, 30), Score(26, 56), Score(50, 100), Score(90, 160), Score(0, 0),
    // isolated
    Score(-12, -16),
    // doubled
    Score(-10, -22),
    // bishop pair
    Score(28, 52),
    // rook open
    Score(30, 12),
    // rook semi-open
    Score(14, 8),
    // shield
    Score(0, 0), Score(14, 0), Score(28, 0), Score(42, 0),
    // connected
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // pawn threat
    Score(0, 0), Score(0, 0), Score(0, 0), Score(0, 0),
    // minor threat
    Score(0, 0), Score(0, 0),
    // passed king distance
    Score(0, 0), Score(0, 0),
];
