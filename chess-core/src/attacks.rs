//! Attack tables, computed at compile time, and sliding attacks by kindergarten bitboards.
//!
//! Kindergarten bitboards need only a few small tables (no magic numbers): the occupancy of a
//! line is gathered into six bits by one multiplication and looked up.

use crate::piece::{Color, File, Rank, Square};

/// A set of squares, bit `i` for square `i`.
pub type Bitboard = u64;

/// The a-file.
pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: Bitboard = FILE_A << File::H as u32;
/// Rank 1.
pub const RANK_1: Bitboard = Rank::First.bitboard();
/// Rank 2.
pub const RANK_2: Bitboard = Rank::Second.bitboard();
/// Rank 4.
pub const RANK_4: Bitboard = Rank::Fourth.bitboard();
/// Rank 5.
pub const RANK_5: Bitboard = Rank::Fifth.bitboard();
/// Rank 7.
pub const RANK_7: Bitboard = Rank::Seventh.bitboard();
/// Rank 8.
pub const RANK_8: Bitboard = Rank::Eighth.bitboard();
/// The dark squares (a1 is dark).
pub const DARK_SQUARES: Bitboard = 0xaa55_aa55_aa55_aa55;

/// A step between neighbouring squares, as the difference of their indices: `sq + NORTH` is one
/// rank up (towards rank 8), `sq + EAST` one file right (towards the h-file).
pub type Direction = i8;
/// One rank up.
pub const NORTH: Direction = File::COUNT as Direction;
/// One rank down.
pub const SOUTH: Direction = -NORTH;
/// One file towards the h-file.
pub const EAST: Direction = 1;
/// One file towards the a-file.
pub const WEST: Direction = -EAST;
/// Up and towards the h-file.
pub const NORTH_EAST: Direction = NORTH + EAST;
/// Up and towards the a-file.
pub const NORTH_WEST: Direction = NORTH + WEST;
/// Down and towards the h-file.
pub const SOUTH_EAST: Direction = SOUTH + EAST;
/// Down and towards the a-file.
pub const SOUTH_WEST: Direction = SOUTH + WEST;

/// The direction a pawn of `color` advances in.
#[inline]
pub const fn forward(color: Color) -> Direction {
    match color {
        Color::White => NORTH,
        Color::Black => SOUTH,
    }
}

/// Every square of `bb` moved one step towards `dir`; squares that would leave the board (or
/// wrap around from one edge to the other) are dropped.
#[inline(always)]
pub fn shift(bb: Bitboard, dir: Direction) -> Bitboard {
    let bb = match dir {
        EAST | NORTH_EAST | SOUTH_EAST => bb & !FILE_H,
        WEST | NORTH_WEST | SOUTH_WEST => bb & !FILE_A,
        _ => bb,
    };
    let distance = u32::from(dir.unsigned_abs());
    if dir >= 0 {
        bb.wrapping_shl(distance)
    } else {
        bb.wrapping_shr(distance)
    }
}

/// Files (and ranks) on a side of the board, signed for stepping off it.
const SIDE: i32 = File::COUNT as i32;

const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < SIDE && rank >= 0 && rank < SIDE
}

/// The file and rank of the square with index `sq`, signed for stepping off the board.
const fn coords(sq: usize) -> (i32, i32) {
    ((sq % File::COUNT) as i32, (sq / File::COUNT) as i32)
}

/// The single-square set of the square on `file` and `rank` (both on the board).
const fn square_bit(file: i32, rank: i32) -> Bitboard {
    1u64 << (rank * SIDE + file)
}

const fn leaper_table(deltas: &[(i32, i32)]) -> [Bitboard; Square::COUNT] {
    let mut table = [0; Square::COUNT];
    let mut sq = 0;
    while sq < Square::COUNT {
        let (f, r) = coords(sq);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if on_board(nf, nr) {
                table[sq] |= square_bit(nf, nr);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [Bitboard; Square::COUNT] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

static KING: [Bitboard; Square::COUNT] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);

static PAWN: [[Bitboard; Square::COUNT]; Color::COUNT] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// The squares a slider on `sq` reaches along direction (df, dr) on an empty board, excluding `sq`.
const fn ray(sq: usize, df: i32, dr: i32) -> Bitboard {
    let (f0, r0) = coords(sq);
    let (mut f, mut r) = (f0 + df, r0 + dr);
    let mut bb = 0;
    while on_board(f, r) {
        bb |= square_bit(f, r);
        f += df;
        r += dr;
    }
    bb
}

const fn line_masks(df: i32, dr: i32) -> [Bitboard; Square::COUNT] {
    let mut t = [0; Square::COUNT];
    let mut sq = 0;
    while sq < Square::COUNT {
        t[sq] = ray(sq, df, dr) | ray(sq, -df, -dr);
        sq += 1;
    }
    t
}

// The lines through a square, the square itself excluded.
static DIAGONAL: [Bitboard; Square::COUNT] = line_masks(1, 1);
static ANTI_DIAGONAL: [Bitboard; Square::COUNT] = line_masks(-1, 1);
static RANK: [Bitboard; Square::COUNT] = line_masks(1, 0);

/// A line's inner occupancy: its squares but the two ends, which never block anything.
const INNER_BITS: u32 = 6;
/// How many different inner occupancies a line has.
const INNER_OCCUPANCIES: usize = 1 << INNER_BITS;
/// The multiplications gather the inner occupancy into the top `INNER_BITS` bits.
const GATHER_SHIFT: u32 = u64::BITS - INNER_BITS;

/// Attacks along a single rank for a slider on `file` with 8-bit occupancy `occ`.
const fn first_rank_attacks(file: u32, occ: u32) -> u8 {
    let mut att = 0u32;
    let mut f = file as i32 + 1;
    while f < SIDE {
        att |= 1 << f;
        if occ & (1 << f) != 0 {
            break;
        }
        f += 1;
    }
    let mut f = file as i32 - 1;
    while f >= 0 {
        att |= 1 << f;
        if occ & (1 << f) != 0 {
            break;
        }
        f -= 1;
    }
    att as u8
}

/// `FILL_UP[file][inner occupancy]`: rank attacks repeated on all eight ranks.
static FILL_UP: [[Bitboard; INNER_OCCUPANCIES]; File::COUNT] = {
    let mut t = [[0; INNER_OCCUPANCIES]; File::COUNT];
    let mut f = 0;
    while f < File::COUNT {
        let mut o = 0;
        while o < INNER_OCCUPANCIES {
            t[f][o] = (first_rank_attacks(f as u32, (o as u32) << 1) as u64).wrapping_mul(FILE_A);
            o += 1;
        }
        f += 1;
    }
    t
};

/// `A_FILE[rank][gathered occupancy]`: attacks along the a-file for a slider on `rank`.
///
/// Built by gathering every inner occupancy of the a-file the way [`file_attacks`] does, so the
/// table agrees with the multiplication whatever order it gathers the bits in.
static A_FILE: [[Bitboard; INNER_OCCUPANCIES]; Rank::COUNT] = {
    let mut t = [[0; INNER_OCCUPANCIES]; Rank::COUNT];
    let mut r = 0;
    while r < Rank::COUNT {
        let mut o = 0u64;
        while o < INNER_OCCUPANCIES as u64 {
            // Inner occupancy bits 0..6 stand for a2..a7.
            let mut occ = 0u64;
            let mut i = 0;
            while i < INNER_BITS as i32 {
                if o & (1 << i) != 0 {
                    occ |= square_bit(0, i + 1);
                }
                i += 1;
            }
            let index = (occ.wrapping_mul(DIAG_C7_B2) >> GATHER_SHIFT) as usize;
            let mut bb = 0u64;
            let mut up = r as i32 + 1;
            while up < SIDE {
                bb |= square_bit(0, up);
                if occ & square_bit(0, up) != 0 {
                    break;
                }
                up += 1;
            }
            let mut down = r as i32 - 1;
            while down >= 0 {
                bb |= square_bit(0, down);
                if occ & square_bit(0, down) != 0 {
                    break;
                }
                down -= 1;
            }
            t[r][index] = bb;
            o += 1;
        }
        r += 1;
    }
    t
};

/// Gathers the inner a-file (a2..a7) into the top six bits.
const DIAG_C7_B2: u64 = 0x0080_4020_1008_0400;

/// A table with a set for every pair of squares.
type PairTable = [[Bitboard; Square::COUNT]; Square::COUNT];

const fn between_and_line() -> (PairTable, PairTable) {
    let mut between = [[0; Square::COUNT]; Square::COUNT];
    let mut line = [[0; Square::COUNT]; Square::COUNT];
    let dirs: [(i32, i32); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, -1),
        (1, -1),
        (-1, 1),
    ];
    let mut a = 0;
    while a < Square::COUNT {
        let mut d = 0;
        while d < dirs.len() {
            let (df, dr) = dirs[d];
            let full = ray(a, df, dr) | ray(a, -df, -dr) | (1u64 << a);
            let (f0, r0) = coords(a);
            let (mut f, mut r) = (f0 + df, r0 + dr);
            let mut acc = 0u64;
            while on_board(f, r) {
                let b = (r * SIDE + f) as usize;
                between[a][b] = acc;
                line[a][b] = full;
                acc |= 1u64 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static BETWEEN_LINE: (PairTable, PairTable) = between_and_line();

/// The squares a knight on `sq` attacks.
#[inline]
pub fn knight(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// The squares a pawn of `color` on `sq` attacks.
#[inline]
pub fn pawn(color: Color, sq: Square) -> Bitboard {
    PAWN[color.index()][sq.index()]
}

#[inline]
fn line_attacks(mask: Bitboard, sq: Square, occ: Bitboard) -> Bitboard {
    let index = ((mask & occ).wrapping_mul(FILE_A << 1) >> GATHER_SHIFT) as usize;
    mask & FILL_UP[sq.file() as usize][index % INNER_OCCUPANCIES]
}

#[inline]
fn file_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let occ = FILE_A & (occ >> sq.file());
    let index = (occ.wrapping_mul(DIAG_C7_B2) >> GATHER_SHIFT) as usize;
    A_FILE[sq.rank() as usize][index % INNER_OCCUPANCIES] << sq.file()
}

/// The squares a bishop on `sq` attacks, given the occupied squares.
#[inline]
pub fn bishop(sq: Square, occ: Bitboard) -> Bitboard {
    line_attacks(DIAGONAL[sq.index()], sq, occ) | line_attacks(ANTI_DIAGONAL[sq.index()], sq, occ)
}

/// The squares a rook on `sq` attacks, given the occupied squares.
#[inline]
pub fn rook(sq: Square, occ: Bitboard) -> Bitboard {
    line_attacks(RANK[sq.index()], sq, occ) | file_attacks(sq, occ)
}

/// The squares a queen on `sq` attacks, given the occupied squares.
#[inline]
pub fn queen(sq: Square, occ: Bitboard) -> Bitboard {
    bishop(sq, occ) | rook(sq, occ)
}

/// The squares strictly between `a` and `b` when they share a line, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    BETWEEN_LINE.0[a.index()][b.index()]
}

/// The whole line through `a` and `b` (both included) when they share one, else empty.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    BETWEEN_LINE.1[a.index()][b.index()]
}

/// The lowest square of a non-empty set.
#[inline]
pub fn first(bb: Bitboard) -> Square {
    Square::from_index_masked(bb.trailing_zeros())
}

/// Iterates over the squares of a set, lowest first.
#[derive(Clone, Copy)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = first(self.0);
        self.0 &= self.0 - 1;
        Some(sq)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slow_slider(sq: Square, occ: Bitboard, dirs: &[(i32, i32)]) -> Bitboard {
        let mut att = 0;
        for &(df, dr) in dirs {
            let (mut f, mut r) = (sq.file() as i32 + df, sq.rank() as i32 + dr);
            while on_board(f, r) {
                let b = 1u64 << (r * 8 + f);
                att |= b;
                if occ & b != 0 {
                    break;
                }
                f += df;
                r += dr;
            }
        }
        att
    }

    #[test]
    fn sliders_match_ray_walking() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..20_000 {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let occ = seed & seed.rotate_left(17);
            for i in 0..64u8 {
                let sq = Square::new(i).unwrap();
                let r = slow_slider(sq, occ, &[(1, 0), (-1, 0), (0, 1), (0, -1)]);
                let b = slow_slider(sq, occ, &[(1, 1), (-1, -1), (1, -1), (-1, 1)]);
                assert_eq!(rook(sq, occ), r, "rook {i} {occ:#x}");
                assert_eq!(bishop(sq, occ), b, "bishop {i} {occ:#x}");
            }
        }
    }

    #[test]
    fn between_and_line_tables() {
        let (a1, h8, e4) = (Square::A1, Square::H8, Square::parse(b"e4").unwrap());
        assert_eq!(between(a1, h8).count_ones(), 6);
        assert_eq!(line(a1, e4), 0);
        assert_eq!(line(a1, h8).count_ones(), 8);
        assert_eq!(
            between(Square::E1, Square::H1),
            Square::F1.bit() | Square::G1.bit()
        );
    }
}
