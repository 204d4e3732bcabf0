//! Integer evaluation: tapered piece-square tables, mobility, pawn structure, king safety and
//! the bishop pair. Scores are centipawns from the side to move's point of view.

use crate::attacks::{
    self, Bitboard, Squares, EAST, FILE_A, NORTH_EAST, NORTH_WEST, SOUTH_EAST, SOUTH_WEST, WEST,
};
use crate::board::{Board, Position};
use crate::piece::{Color, File, PieceKind, Rank, Square};

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
const MATERIAL: [Score; PieceKind::COUNT] = [
    Score(88, 112),
    Score(320, 300),
    Score(335, 320),
    Score(470, 530),
    Score(960, 990),
    Score(0, 0),
];

/// The value used by move ordering and pruning (middlegame material).
pub const PIECE_VALUE: [i32; PieceKind::COUNT] = [100, 320, 335, 480, 960, 20_000];

/// Phase weight of each kind.
const PHASE: [i32; PieceKind::COUNT] = [0, 1, 1, 2, 4, 0];
/// The phase of a full board (the weights of every piece of the initial position): the
/// middlegame end of the scale, 0 being the endgame end.
pub const PHASE_MAX: i32 = 24;

/// How far `index` (of a file or rank) is from the two central ones, 0 to 3.
const fn distance_from_middle(index: i32) -> i32 {
    // The central files are d and e, the central ranks 4 and 5: the same indices.
    let (low, high) = (File::D as i32, File::E as i32);
    if index < low {
        low - index
    } else if index > high {
        index - high
    } else {
        0
    }
}

/// Distance from the centre: 0 on d4/e4/d5/e5 up to 6 in the corners.
const fn center_distance(sq: Square) -> i32 {
    distance_from_middle(sq.file() as i32) + distance_from_middle(sq.rank() as i32)
}

/// Builds the piece-square tables from White's point of view (Black looks them up with
/// [`Square::relative_to`]).
const fn build_pst() -> [[Score; Square::COUNT]; PieceKind::COUNT] {
    use PieceKind::{Bishop, King, Knight, Pawn, Queen, Rook};
    let mut t = [[Score(0, 0); Square::COUNT]; PieceKind::COUNT];
    let mut i = 0;
    while i < Square::COUNT {
        let sq = Square::from_index_masked(i as u32);
        let (file, rank) = (
            File::from_index_masked(sq.file()),
            Rank::from_index_masked(sq.rank()),
        );
        let r = sq.rank() as i32;
        let c = center_distance(sq);
        let central_file = matches!(file, File::D | File::E) as i32;
        let back_rank = matches!(rank, Rank::First);
        // Pawns: advance, more so in the centre; the endgame rewards every step.
        let pawn_mg = match rank {
            Rank::Second => -central_file * 10,
            Rank::Third => 2 + central_file * 4,
            Rank::Fourth => 6 + central_file * 16,
            Rank::Fifth => 14 + central_file * 12,
            Rank::Sixth => 30,
            Rank::Seventh => 60,
            Rank::First | Rank::Eighth => 0,
        };
        let pawn_eg = match rank {
            Rank::Third => 4,
            Rank::Fourth => 12,
            Rank::Fifth => 26,
            Rank::Sixth => 50,
            Rank::Seventh => 90,
            Rank::First | Rank::Second | Rank::Eighth => 0,
        };
        t[Pawn as usize][i] = Score(pawn_mg, pawn_eg);
        // Knights: strongly centralising; the rim is dim.
        t[Knight as usize][i] = Score(24 - 10 * c + if back_rank { -10 } else { 0 }, 18 - 8 * c);
        // Bishops: mildly centralising, long diagonals, not on the back rank in the middlegame.
        // The long diagonals: a1-h8 (file = rank) and a8-h1 (file + rank = 7).
        let f = sq.file() as i32;
        let long_diag = if f == r || f + r == File::H as i32 {
            8
        } else {
            0
        };
        t[Bishop as usize][i] = Score(
            10 - 4 * c + long_diag + if back_rank { -8 } else { 0 },
            8 - 4 * c,
        );
        // Rooks: the seventh rank and the central files; little else.
        let seventh = if matches!(rank, Rank::Seventh) { 20 } else { 0 };
        let edge_file = matches!(file, File::A | File::H);
        t[Rook as usize][i] = Score(
            seventh + central_file * 6 - if edge_file { 4 } else { 0 },
            seventh / 2,
        );
        // Queens: stay back early, centralise late.
        let developed = r >= Rank::Third as i32;
        let advanced = r >= Rank::Sixth as i32;
        t[Queen as usize][i] = Score(
            if developed { 2 - c } else { 4 } - if advanced { 6 } else { 0 },
            16 - 5 * c,
        );
        // King: sheltered on the back rank towards a corner in the middlegame, central late.
        let shelter = match file {
            File::A | File::B | File::G => 30,
            File::C | File::H => 16,
            File::D | File::E | File::F => 0,
        };
        t[King as usize][i] = Score(shelter - 28 * r, 30 - 10 * c);
        i += 1;
    }
    t
}

static PST: [[Score; Square::COUNT]; PieceKind::COUNT] = build_pst();

/// Passed pawn bonus by relative rank.
const PASSED: [Score; Rank::COUNT] = [
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
/// At most this many shield pawns count.
const SHIELD_MAX_PAWNS: u32 = 3;
const TEMPO: i32 = 12;

/// Mobility bonus per reachable square, by kind (knight, bishop, rook, queen).
const MOBILITY: [Score; PieceKind::COUNT] = [
    Score(0, 0),
    Score(4, 4),
    Score(5, 5),
    Score(2, 4),
    Score(1, 2),
    Score(0, 0),
];

/// King-zone attack weight by attacking kind.
const KING_ATTACK: [i32; PieceKind::COUNT] = [0, 20, 20, 40, 80, 0];
/// The king-zone attack counts only from this many attacking pieces on...
const KING_ATTACKERS_MIN: i32 = 2;
/// ...as the weight times the attackers divided by this.
const KING_ATTACK_DIVISOR: i32 = 8;
/// A stronger side without pawns and at most a minor piece ahead gets its score divided by this.
const DRAWISH_DIVISOR: i32 = 8;

const fn file_mask(file: u8) -> Bitboard {
    FILE_A << (file & 7)
}

fn adjacent_files(file: u8) -> Bitboard {
    let f = file_mask(file);
    attacks::shift(f, EAST) | attacks::shift(f, WEST)
}

/// The squares in front of a pawn on its file and the adjacent files, up to the last rank.
fn front_span(color: Color, sq: Square) -> Bitboard {
    let files = file_mask(sq.file()) | adjacent_files(sq.file());
    let (rank, rank_len) = (u32::from(sq.rank()), File::COUNT as u32);
    let ahead = match color {
        Color::White => (!0u64).checked_shl(rank_len * (rank + 1)).unwrap_or(0),
        Color::Black => (!0u64)
            .checked_shr(rank_len * (Rank::COUNT as u32 - rank))
            .unwrap_or(0),
    };
    files & ahead
}

/// The squares `color`'s pawns attack.
fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    // One arm per colour, so that the directions are constants.
    match color {
        Color::White => attacks::shift(pawns, NORTH_WEST) | attacks::shift(pawns, NORTH_EAST),
        Color::Black => attacks::shift(pawns, SOUTH_WEST) | attacks::shift(pawns, SOUTH_EAST),
    }
}

/// `us`'s share of the evaluation: its pieces, its pawn structure and its king's pawn shield.
fn side_score(b: &Board, us: Color) -> Score {
    piece_terms(b, us) + pawn_structure(b, us) + king_shield(b, us)
}

/// Material and placement of every piece; for knights, bishops, rooks and queens also their
/// mobility, their attacks on the enemy king's zone and (rooks) open files; the bishop pair.
fn piece_terms(b: &Board, us: Color) -> Score {
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
        s += MATERIAL[k] + PST[k][p.square.relative_to(us).index()];
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
    if attackers >= KING_ATTACKERS_MIN {
        s += Score(attack_weight * attackers / KING_ATTACK_DIVISOR, 0);
    }
    if b.pieces_bb(us, PieceKind::Bishop).count_ones() >= 2 {
        s += BISHOP_PAIR;
    }
    s
}

/// Isolated, doubled and passed pawns.
fn pawn_structure(b: &Board, us: Color) -> Score {
    let our_pawns = b.pieces_bb(us, PieceKind::Pawn);
    let their_pawns = b.pieces_bb(us.other(), PieceKind::Pawn);
    let mut s = Score(0, 0);
    for sq in Squares(our_pawns) {
        let file = file_mask(sq.file());
        if adjacent_files(sq.file()) & our_pawns == 0 {
            s += ISOLATED;
        }
        if front_span(us, sq) & file & our_pawns != 0 {
            s += DOUBLED;
        }
        if front_span(us, sq) & their_pawns == 0 {
            s += PASSED[usize::from(sq.relative_to(us).rank())];
        }
    }
    s
}

/// The pawn shield in front of our king, worth something only in the middlegame.
fn king_shield(b: &Board, us: Color) -> Score {
    let ksq = b.king_square(us);
    let king_area = attacks::king(ksq);
    let shield_zone = front_span(us, ksq)
        & (king_area
            | attacks::shift(king_area, attacks::NORTH)
            | attacks::shift(king_area, attacks::SOUTH));
    let shield = (shield_zone & b.pieces_bb(us, PieceKind::Pawn)).count_ones();
    SHIELD * shield.min(SHIELD_MAX_PAWNS) as i32
}

/// The kinds that are neither pawns nor kings.
const PIECES: [PieceKind; 4] = [
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];

/// The game phase: [`PHASE_MAX`] with all pieces on the board down to 0 with none.
pub fn phase(b: &Board) -> i32 {
    let mut p = 0;
    for kind in PIECES {
        p += PHASE[kind.index()] * b.kind_bb(kind).count_ones() as i32;
    }
    p.min(PHASE_MAX)
}

/// The static evaluation of `pos` for the side to move, in centipawns.
// Not inlined: its locals would otherwise sit in every search frame.
#[inline(never)]
pub fn evaluate(pos: &Position) -> i32 {
    let b = pos.board();
    let mut s = side_score(b, Color::White);
    s -= side_score(b, Color::Black);
    let ph = phase(b);
    let white_view = (s.0 * ph + s.1 * (PHASE_MAX - ph)) / PHASE_MAX;
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
        return score / DRAWISH_DIVISOR + TEMPO;
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
