//! Rules for two kinds of endgame the weighted terms value badly. A bare king against a rook or
//! a queen (with anything else): the fitted terms and the network never see such lopsided
//! positions, and value a queen against a bare king little above a pawn about to queen; the rule
//! gives a sure win instead, and a way to it: the bare king pushed to the edge, the kings close.
//! A queen against a lone rook or minor piece without pawns: the terms count the material well
//! but give no way to win, and the game ends in fifty moves of checks; the rule adds the same
//! way to it on top of the terms.
//!
//! ```
//! use chess_core::eval::{self, endgame::KNOWN_WIN};
//! use chess_core::fen::parse_fen;
//!
//! let kqk = parse_fen(b"8/8/8/4k3/8/8/8/3QK3 w - - 0 1").unwrap();
//! assert!(eval::evaluate(&kqk) > KNOWN_WIN);
//! ```

use crate::attacks;
use crate::board::{Board, Position};
use crate::piece::{Color, File, PieceKind, Square};

use super::{distance, material_without_pawns, PIECE_VALUE};

/// The bonus that makes a won endgame worth more than any material the terms could count.
pub const KNOWN_WIN: i32 = 10_000;
/// The bonus for the bare king in a corner; it shrinks quadratically towards the centre.
const EDGE_PUSH_MAX: i32 = 90;
/// How fast [`EDGE_PUSH_MAX`] shrinks: half this per square, squared, from each edge.
const EDGE_PUSH_STEP: i32 = 7;
/// The bonus for the kings side by side; it shrinks by [`KINGS_CLOSE_STEP`] per square apart.
const KINGS_CLOSE_MAX: i32 = 140;
const KINGS_CLOSE_STEP: i32 = 20;

/// The bonus, for the side to move, that shows the way to win a queen's endgame against a lone
/// rook, bishop or knight (and king, without pawns): the weak king nearer the edge, the kings
/// closer: 20 a square the kings are nearer than seven, and up to 62 as the weak king leaves
/// the centre for a corner. 0 in any other position.
// Inlined: a few tests of bitboards for the many positions it does not apply to.
#[inline(always)]
pub fn queen_against_lone_piece(pos: &Position) -> i32 {
    let b = pos.board();
    let not_lone = b.kind_bb(PieceKind::Pawn) | b.kind_bb(PieceKind::Queen);
    let mut score = 0;
    for weak in Color::ALL {
        let lone = b.color_bb(weak) & !b.kind_bb(PieceKind::King);
        if lone.count_ones() == 1
            && lone & not_lone == 0
            && b.pieces_bb(weak.other(), PieceKind::Queen) != 0
        {
            let bonus = guide_to_mate(b, weak.other());
            score += if pos.side_to_move() == weak {
                -bonus
            } else {
                bonus
            };
        }
    }
    score
}

/// [`queen_against_lone_piece`]'s bonus for `strong`, before the side to move is taken into
/// account: the way to mate, less its value with the weak king in the centre.
#[cold]
#[inline(never)]
fn guide_to_mate(b: &Board, strong: Color) -> i32 {
    way_to_mate(b, strong) - edge_push(Square::D4)
}

/// The way to mate `strong`'s opponent, both rules' guide: the weak king's [`edge_push`], and
/// [`KINGS_CLOSE_MAX`] less [`KINGS_CLOSE_STEP`] for each square between the kings.
fn way_to_mate(b: &Board, strong: Color) -> i32 {
    let (king, theirs) = (b.king_square(strong), b.king_square(strong.other()));
    edge_push(theirs) + KINGS_CLOSE_MAX - KINGS_CLOSE_STEP * distance(king, theirs)
}

/// The score of `pos` for the side to move when one side has nothing but its king and the other
/// has a rook or a queen; `None` for any other position. A bare king to move with no move is
/// stalemated: 0.
// Inlined: the search evaluates millions of positions, almost none with a bare king.
#[inline(always)]
pub fn bare_king(pos: &Position) -> Option<i32> {
    let b = pos.board();
    let kings = b.kind_bb(PieceKind::King);
    if b.color_bb(Color::Black) & !kings == 0 {
        against_bare_king(pos, Color::White)
    } else if b.color_bb(Color::White) & !kings == 0 {
        against_bare_king(pos, Color::Black)
    } else {
        None
    }
}

/// [`bare_king`] when `strong`'s opponent has only its king.
#[cold]
#[inline(never)]
fn against_bare_king(pos: &Position, strong: Color) -> Option<i32> {
    let b = pos.board();
    if b.pieces_bb(strong, PieceKind::Rook) | b.pieces_bb(strong, PieceKind::Queen) == 0 {
        return None;
    }
    let weak = strong.other();
    if pos.side_to_move() == weak && stalemated(b, weak) {
        return Some(0);
    }
    let pawns = b.pieces_bb(strong, PieceKind::Pawn).count_ones() as i32;
    let score = KNOWN_WIN
        + material_without_pawns(b, strong)
        + pawns * PIECE_VALUE[PieceKind::Pawn.index()]
        + way_to_mate(b, strong);
    Some(if pos.side_to_move() == strong {
        score
    } else {
        -score
    })
}

/// The bonus for a bare king on `sq`: [`EDGE_PUSH_MAX`] in a corner, 28 in the centre.
fn edge_push(sq: Square) -> i32 {
    // Files and ranks alike run from 0 to the board's last index.
    const LAST: u8 = File::COUNT as u8 - 1;
    let from_edge = |x: u8| i32::from(x.min(LAST - x));
    let (file, rank) = (from_edge(sq.file()), from_edge(sq.rank()));
    EDGE_PUSH_MAX - EDGE_PUSH_STEP * file * file / 2 - EDGE_PUSH_STEP * rank * rank / 2
}

/// Whether `weak`'s bare king, not in check, has no square to go to.
fn stalemated(b: &Board, weak: Color) -> bool {
    let king = b.king_square(weak);
    let strong = weak.other();
    // The king's own square is empty when it moves: sliders see through it.
    let occ = b.occupied() & !king.bit();
    if b.is_attacked_with(king, strong, occ) {
        return false;
    }
    let mut to = attacks::king(king) & !b.color_bb(weak);
    while to != 0 {
        let sq = attacks::first(to);
        to &= to - 1;
        if !b.is_attacked_with(sq, strong, occ) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    fn bare(fen: &str) -> Option<i32> {
        bare_king(&parse_fen(fen.as_bytes()).unwrap())
    }

    #[test]
    fn applies_to_a_rook_or_queen_against_a_bare_king() {
        let centre = 28;
        // Rook 480, the kings 4 apart: 140 - 80.
        assert_eq!(
            bare("8/8/8/4k3/8/8/8/R3K3 w - - 0 1"),
            Some(KNOWN_WIN + 480 + centre + 60)
        );
        // The same for the side to move when it is the bare king's.
        assert_eq!(
            bare("8/8/8/4k3/8/8/8/R3K3 b - - 0 1"),
            Some(-(KNOWN_WIN + 480 + centre + 60))
        );
        // Black's queen and pawn; White's king in the corner, the kings 2 apart.
        assert_eq!(
            bare("K7/8/1kq5/8/8/8/7p/8 w - - 0 1"),
            Some(-(KNOWN_WIN + 960 + 100 + 90 + 100))
        );
        // Without a rook or a queen, or without a bare king, the terms decide.
        assert_eq!(bare("8/8/8/4k3/8/8/8/2BNK3 w - - 0 1"), None);
        assert_eq!(bare("8/8/8/4k3/8/8/1P6/4K3 w - - 0 1"), None);
        assert_eq!(bare("8/8/8/4k3/8/8/8/RN2K1n1 w - - 0 1"), None);
    }

    #[test]
    fn the_bare_king_stalemated_scores_a_draw() {
        assert_eq!(bare("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"), Some(0));
        // In check it is not stalemate; White to move is not either.
        assert!(bare("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1").is_some_and(|s| s < -KNOWN_WIN));
        assert!(bare("k7/2Q5/1K6/8/8/8/8/8 w - - 0 1").is_some_and(|s| s > KNOWN_WIN));
    }

    fn guide(fen: &str) -> i32 {
        queen_against_lone_piece(&parse_fen(fen.as_bytes()).unwrap())
    }

    #[test]
    fn a_queen_against_a_lone_piece_is_shown_the_way() {
        // The weak king in the centre: only the kings' distance, 4 (3 · 20).
        assert_eq!(guide("7K/8/8/8/3k4/8/8/r6Q w - - 0 1"), 60);
        // In the corner, the kings 2 apart: 62 + 5 · 20, for the side to move.
        assert_eq!(guide("k7/8/2K5/8/8/8/8/r5Q1 w - - 0 1"), 162);
        assert_eq!(guide("k7/8/2K5/8/8/8/8/r5Q1 b - - 0 1"), -162);
        // Black's queen against a knight, White's king on the edge (59 - 28), the kings 3 apart.
        assert_eq!(guide("8/8/8/8/q7/8/8/1k2K1N1 w - - 0 1"), -(31 + 80));
        // A pawn, a second piece or a queen on the weak side: the terms alone decide.
        assert_eq!(guide("k7/p7/2K5/8/8/8/8/r5Q1 w - - 0 1"), 0);
        assert_eq!(guide("k7/8/2K5/8/8/8/8/rb4Q1 w - - 0 1"), 0);
        assert_eq!(guide("k7/8/2K5/8/8/8/8/q5Q1 w - - 0 1"), 0);
        // No queen against the lone piece, or a bare king (the rule above): nothing.
        assert_eq!(guide("k7/8/2K5/8/8/8/8/r5R1 w - - 0 1"), 0);
        assert_eq!(guide("k7/8/2K5/8/8/8/8/6Q1 w - - 0 1"), 0);
    }

    #[test]
    fn a_king_nearer_the_edge_is_worse_off() {
        // The kings 4 apart both times.
        let centre = bare("8/8/8/4k3/8/8/8/4K2R w - - 0 1").unwrap();
        let edge = bare("8/8/8/k7/8/8/8/4K2R w - - 0 1").unwrap();
        assert_eq!(edge - centre, (90 - 7 * 9 / 2) - 28);
    }
}
