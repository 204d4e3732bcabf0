//! Integer evaluation: tapered piece-square tables, mobility, pawn structure, king safety and
//! the bishop pair. Scores are centipawns from the side to move's point of view.

use crate::attacks::{self, Bitboard, Squares, FILE_A, FILE_H};
use crate::board::{Board, Position};
use crate::piece::{Color, PieceKind, Square};

/// A middlegame and an endgame value, blended by the game phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Score(i32, i32);

impl core::ops::Add for Score {
    type Output = Score;
    fn add(self, o: Score) -> Score {
        Score(self.0 + o.0, self.1 + o.1)
    }
}

impl core::ops::AddAssign for Score {
    fn add_assign(&mut self, o: Score) {
        self.0 += o.0;
        self.1 += o.1;
    }
}

impl core::ops::SubAssign for Score {
    fn sub_assign(&mut self, o: Score) {
        self.0 -= o.0;
        self.1 -= o.1;
    }
}

impl core::ops::Mul<i32> for Score {
    type Output = Score;
    fn mul(self, k: i32) -> Score {
        Score(self.0 * k, self.1 * k)
    }
}

/// Material values by kind (middlegame, endgame).
const MATERIAL: [Score; 6] = [
    Score(88, 112),
    Score(320, 300),
    Score(335, 320),
    Score(470, 530),
    Score(960, 990),
    Score(0, 0),
];

/// The value used by move ordering and pruning (middlegame material).
pub const PIECE_VALUE: [i32; 6] = [100, 320, 335, 480, 960, 20_000];

/// Phase weight of each kind; 24 is a full board.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];

/// Distance from the centre: 0 on d4/e4/d5/e5 up to 6 in the corners.
const fn center_distance(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    let df = if f < 4 { 3 - f } else { f - 4 };
    let dr = if r < 4 { 3 - r } else { r - 4 };
    df + dr
}

/// Builds the piece-square tables from White's point of view, a1 = 0.
const fn build_pst() -> [[Score; 64]; 6] {
    let mut t = [[Score(0, 0); 64]; 6];
    let mut sq = 0;
    while sq < 64 {
        let f = (sq % 8) as i32;
        let r = (sq / 8) as i32;
        let c = center_distance(sq);
        let central_file = if f == 3 || f == 4 { 1 } else { 0 };
        // Pawns: advance, more so in the centre; the endgame rewards every step.
        let pawn_mg = match r {
            1 => -central_file * 10,
            2 => 2 + central_file * 4,
            3 => 6 + central_file * 16,
            4 => 14 + central_file * 12,
            5 => 30,
            6 => 60,
            _ => 0,
        };
        let pawn_eg = match r {
            2 => 4,
            3 => 12,
            4 => 26,
            5 => 50,
            6 => 90,
            _ => 0,
        };
        t[0][sq] = Score(pawn_mg, pawn_eg);
        // Knights: strongly centralising; the rim is dim.
        t[1][sq] = Score(24 - 10 * c + if r == 0 { -10 } else { 0 }, 18 - 8 * c);
        // Bishops: mildly centralising, long diagonals, not on the back rank in the middlegame.
        let long_diag = if f == r || f + r == 7 { 8 } else { 0 };
        t[2][sq] = Score(
            10 - 4 * c + long_diag + if r == 0 { -8 } else { 0 },
            8 - 4 * c,
        );
        // Rooks: the seventh rank and the central files; little else.
        let seventh = if r == 6 { 20 } else { 0 };
        t[3][sq] = Score(
            seventh + central_file * 6 - if f == 0 || f == 7 { 4 } else { 0 },
            seventh / 2,
        );
        // Queens: stay back early, centralise late.
        t[4][sq] = Score(
            if r >= 2 { 2 - c } else { 4 } - if r >= 5 { 6 } else { 0 },
            16 - 5 * c,
        );
        // King: sheltered on the back rank towards a corner in the middlegame, central late.
        let shelter = match f {
            0 | 1 | 6 => 30,
            2 | 7 => 16,
            _ => 0,
        };
        t[5][sq] = Score(shelter - 28 * r, 30 - 10 * c);
        sq += 1;
    }
    t
}

static PST: [[Score; 64]; 6] = build_pst();

/// Passed pawn bonus by relative rank.
const PASSED: [Score; 8] = [
    Score(0, 0),
    Score(2, 8),
    Score(5, 14),
    Score(12, 30),
    Score(26, 56),
    Score(50, 100),
    Score(90, 160),
    Score(0, 0),
];
const ISOLATED: Score = Score(-12, -16);
const DOUBLED: Score = Score(-10, -22);
const BISHOP_PAIR: Score = Score(28, 52);
const ROOK_OPEN: Score = Score(30, 12);
const ROOK_SEMI_OPEN: Score = Score(14, 8);
const SHIELD: Score = Score(14, 0);
const TEMPO: i32 = 12;

/// Mobility bonus per reachable square, by kind (knight, bishop, rook, queen).
const MOBILITY: [Score; 6] = [
    Score(0, 0),
    Score(4, 4),
    Score(5, 5),
    Score(2, 4),
    Score(1, 2),
    Score(0, 0),
];

/// King-zone attack weight by attacking kind.
const KING_ATTACK: [i32; 6] = [0, 20, 20, 40, 80, 0];

const fn file_mask(file: u8) -> Bitboard {
    FILE_A << (file & 7)
}

const fn adjacent_files(file: u8) -> Bitboard {
    let f = file_mask(file);
    ((f << 1) & !FILE_A) | ((f >> 1) & !FILE_H)
}

/// The squares in front of a pawn on its file and the adjacent files, up to the last rank.
fn front_span(color: Color, sq: Square) -> Bitboard {
    let files = file_mask(sq.file()) | adjacent_files(sq.file());
    let r = u32::from(sq.rank());
    let ahead = match color {
        Color::White => (!0u64).checked_shl(8 * (r + 1)).unwrap_or(0),
        Color::Black => (!0u64).checked_shr(8 * (8 - r)).unwrap_or(0),
    };
    files & ahead
}

fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    match color {
        Color::White => ((pawns & !FILE_A) << 7) | ((pawns & !FILE_H) << 9),
        Color::Black => ((pawns & !FILE_A) >> 9) | ((pawns & !FILE_H) >> 7),
    }
}

fn side_score(b: &Board, us: Color) -> Score {
    let them = us.other();
    let occ = b.occupied();
    let own = b.color_bb(us);
    let our_pawns = b.pieces_bb(us, PieceKind::Pawn);
    let their_pawns = b.pieces_bb(them, PieceKind::Pawn);
    let their_pawn_attacks = pawn_attacks(them, their_pawns);
    let their_king = b.king_square(them);
    let king_zone = attacks::king(their_king) | their_king.bit();
    let mut s = Score(0, 0);
    let mut attack_weight = 0;
    let mut attackers = 0;

    for p in b.pieces(us).iter().filter(|p| p.alive) {
        let k = p.kind.index();
        let sq = match us {
            Color::White => p.square,
            Color::Black => p.square.flip_rank(),
        };
        s += MATERIAL[k] + PST[k][sq.index()];
        let att = match p.kind {
            PieceKind::Knight => attacks::knight(p.square),
            PieceKind::Bishop => attacks::bishop(p.square, occ),
            PieceKind::Rook => attacks::rook(p.square, occ),
            PieceKind::Queen => attacks::queen(p.square, occ),
            _ => continue,
        };
        let mobility = (att & !own & !their_pawn_attacks).count_ones() as i32;
        s += MOBILITY[k] * mobility;
        if att & king_zone != 0 {
            attackers += 1;
            attack_weight += KING_ATTACK[k] * (att & king_zone).count_ones() as i32;
        }
        if p.kind == PieceKind::Rook {
            let file = file_mask(p.square.file());
            if file & our_pawns == 0 {
                s += if file & their_pawns == 0 {
                    ROOK_OPEN
                } else {
                    ROOK_SEMI_OPEN
                };
            }
        }
    }
    if attackers >= 2 {
        s += Score(attack_weight * attackers / 8, 0);
    }
    if b.pieces_bb(us, PieceKind::Bishop).count_ones() >= 2 {
        s += BISHOP_PAIR;
    }

    for sq in Squares(our_pawns) {
        let file = file_mask(sq.file());
        if adjacent_files(sq.file()) & our_pawns == 0 {
            s += ISOLATED;
        }
        if front_span(us, sq) & file & our_pawns != 0 {
            s += DOUBLED;
        }
        if front_span(us, sq) & their_pawns == 0 {
            let rel = match us {
                Color::White => sq.rank(),
                Color::Black => 7 - sq.rank(),
            };
            s += PASSED[usize::from(rel)];
        }
    }

    // Pawn shield in front of our king, worth something only in the middlegame.
    let ksq = b.king_square(us);
    let shield_zone = front_span(us, ksq)
        & (attacks::king(ksq) | attacks::king(ksq).wrapping_shl(8) | attacks::king(ksq) >> 8);
    let shield = (shield_zone & our_pawns).count_ones().min(3) as i32;
    s += SHIELD * shield;
    s
}

/// The kinds that are neither pawns nor kings.
const PIECES: [PieceKind; 4] = [
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

/// The game phase: 24 with all pieces on the board down to 0 with none.
pub fn phase(b: &Board) -> i32 {
    let mut p = 0;
    for kind in PIECES {
        p += PHASE[kind.index()] * b.kind_bb(kind).count_ones() as i32;
    }
    p.min(24)
}

/// The static evaluation of `pos` for the side to move, in centipawns.
// Not inlined: its locals would otherwise sit in every search frame.
#[inline(never)]
pub fn evaluate(pos: &Position) -> i32 {
    let b = pos.board();
    let mut s = side_score(b, Color::White);
    s -= side_score(b, Color::Black);
    let ph = phase(b);
    let white_view = (s.0 * ph + s.1 * (24 - ph)) / 24;
    let us = pos.side_to_move();
    let score = if us == Color::White {
        white_view
    } else {
        -white_view
    };
    // Drawish material: scale down when the stronger side has no pawns and little extra.
    let strong = if score > 0 { us } else { us.other() };
    if b.pieces_bb(strong, PieceKind::Pawn) == 0
        && material_without_pawns(b, strong) - material_without_pawns(b, strong.other())
            <= PIECE_VALUE[PieceKind::Bishop.index()]
    {
        return score / 8 + TEMPO;
    }
    score + TEMPO
}

fn material_without_pawns(b: &Board, color: Color) -> i32 {
    let mut m = 0;
    for kind in PIECES {
        m += PIECE_VALUE[kind.index()] * b.pieces_bb(color, kind).count_ones() as i32;
    }
    m
}

/// True when `color` has a piece other than pawns and the king (null-move safety).
pub fn has_non_pawn_material(b: &Board, color: Color) -> bool {
    b.color_bb(color) & !(b.kind_bb(PieceKind::Pawn) | b.kind_bb(PieceKind::King)) != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen::parse_fen;

    #[test]
    fn symmetric_positions_evaluate_to_tempo() {
        let pos = Position::startpos();
        assert_eq!(evaluate(&pos), TEMPO);
    }

    #[test]
    fn mirrored_positions_evaluate_equally() {
        let a =
            parse_fen(b"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
        let b =
            parse_fen(b"rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3").unwrap();
        assert_eq!(evaluate(&a), evaluate(&b));
    }

    #[test]
    fn extra_queen_is_winning() {
        let pos = parse_fen(b"4k3/8/8/8/8/8/8/3QK3 w - - 0 1").unwrap();
        assert!(evaluate(&pos) > 800);
    }
}
