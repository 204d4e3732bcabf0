//! Attack tables, computed at compile time, and sliding attacks by kindergarten bitboards.
//!
//! Kindergarten bitboards need only a few small tables (no magic numbers): the occupancy of a
//! line is gathered into six bits by one multiplication and looked up.

use crate::piece::{Color, Square};

/// A set of squares, bit `i` for square `i`.
pub type Bitboard = u64;

/// The a-file.
pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
/// The h-file.
pub const FILE_H: Bitboard = FILE_A << 7;
/// Rank 1.
pub const RANK_1: Bitboard = 0xff;
/// Rank 2.
pub const RANK_2: Bitboard = RANK_1 << 8;
/// Rank 4.
pub const RANK_4: Bitboard = RANK_1 << 24;
/// Rank 5.
pub const RANK_5: Bitboard = RANK_1 << 32;
/// Rank 7.
pub const RANK_7: Bitboard = RANK_1 << 48;
/// Rank 8.
pub const RANK_8: Bitboard = RANK_1 << 56;
/// The dark squares (a1 is dark).
pub const DARK_SQUARES: Bitboard = 0xaa55_aa55_aa55_aa55;

/// A step between neighbouring squares, as the difference of their indices: `sq + NORTH` is one
/// rank up (towards rank 8), `sq + EAST` one file right (towards the h-file).
pub type Direction = i8;
/// One rank up.
pub const NORTH: Direction = 8;
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
#[inline]
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

const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < 8 && rank >= 0 && rank < 8
}

const fn leaper_table(deltas: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut table = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut i = 0;
        while i < deltas.len() {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if on_board(nf, nr) {
                table[sq] |= 1u64 << (nr * 8 + nf);
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

static KNIGHT: [Bitboard; 64] = leaper_table(&[
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
]);

static KING: [Bitboard; 64] = leaper_table(&[
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
]);

static PAWN: [[Bitboard; 64]; 2] = [
    leaper_table(&[(-1, 1), (1, 1)]),
    leaper_table(&[(-1, -1), (1, -1)]),
];

/// The squares a slider on `sq` reaches along direction (df, dr) on an empty board, excluding `sq`.
const fn ray(sq: usize, df: i32, dr: i32) -> Bitboard {
    let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
    let mut bb = 0;
    while on_board(f, r) {
        bb |= 1u64 << (r * 8 + f);
        f += df;
        r += dr;
    }
    bb
}

const fn line_masks(df: i32, dr: i32) -> [Bitboard; 64] {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = ray(sq, df, dr) | ray(sq, -df, -dr);
        sq += 1;
    }
    t
}

// The lines through a square, the square itself excluded.
static DIAGONAL: [Bitboard; 64] = line_masks(1, 1);
static ANTI_DIAGONAL: [Bitboard; 64] = line_masks(-1, 1);
static RANK: [Bitboard; 64] = line_masks(1, 0);

/// Attacks along a single rank for a slider on `file` with 8-bit occupancy `occ`.
const fn first_rank_attacks(file: u32, occ: u32) -> u8 {
    let mut att = 0u32;
    let mut f = file as i32 + 1;
    while f < 8 {
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
static FILL_UP: [[Bitboard; 64]; 8] = {
    let mut t = [[0; 64]; 8];
    let mut f = 0;
    while f < 8 {
        let mut o = 0;
        while o < 64 {
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
static A_FILE: [[Bitboard; 64]; 8] = {
    let mut t = [[0; 64]; 8];
    let mut r = 0;
    while r < 8 {
        let mut o = 0u64;
        while o < 64 {
            // Inner occupancy bits 0..6 stand for a2..a7.
            let mut occ = 0u64;
            let mut i = 0;
            while i < 6 {
                if o & (1 << i) != 0 {
                    occ |= 1u64 << ((i + 1) * 8);
                }
                i += 1;
            }
            let index = (occ.wrapping_mul(DIAG_C7_B2) >> 58) as usize;
            let mut bb = 0u64;
            let mut up = r as i32 + 1;
            while up < 8 {
                bb |= 1u64 << (up * 8);
                if occ & (1u64 << (up * 8)) != 0 {
                    break;
                }
                up += 1;
            }
            let mut down = r as i32 - 1;
            while down >= 0 {
                bb |= 1u64 << (down * 8);
                if occ & (1u64 << (down * 8)) != 0 {
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

const fn between_and_line() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[0; 64]; 64];
    let mut line = [[0; 64]; 64];
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
    while a < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = dirs[d];
            let full = ray(a, df, dr) | ray(a, -df, -dr) | (1u64 << a);
            let (mut f, mut r) = ((a % 8) as i32 + df, (a / 8) as i32 + dr);
            let mut acc = 0u64;
            while on_board(f, r) {
                let b = (r * 8 + f) as usize;
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

static BETWEEN_LINE: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = between_and_line();

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
    let index = ((mask & occ).wrapping_mul(FILE_A << 1) >> 58) as usize;
    mask & FILL_UP[sq.file() as usize][index & 63]
}

#[inline]
fn file_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    let occ = FILE_A & (occ >> sq.file());
    let index = (occ.wrapping_mul(DIAG_C7_B2) >> 58) as usize;
    A_FILE[sq.rank() as usize][index & 63] << sq.file()
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
