//! Integer evaluation: material, piece-square tables, mobility, king attacks and safe checks,
//! pawn structure, threats, the king's pawn shield and the bishop pair, tapered between
//! middlegame and endgame, and a small [network] that corrects their score.
//! Scores are centipawns from the side to move's point of view.
//!
//! The evaluation counts [terms](terms) and adds their [`WEIGHTS`]; [`trace`] returns the
//! counts instead, for fitting the weights to data ([`evaluate_terms`] is their score alone,
//! [`evaluate`] the search's, with the network's correction):
//!
//! ```
//! use chess_core::board::Position;
//! use chess_core::eval::{self, terms};
//!
//! let trace = eval::trace(&Position::startpos());
//! // Both sides have eight pawns: White's count minus Black's is zero.
//! assert_eq!(trace.counts[terms::MATERIAL], 0);
//! assert_eq!(trace.phase, eval::PHASE_MAX);
//! ```

// Paths spelled out: the kernel module mounts this file with `#[path]`.
#[path = "eval/endgame.rs"]
pub mod endgame;
#[path = "eval/network.rs"]
pub mod network;
#[path = "eval/pawns.rs"]
mod pawns;
#[path = "eval/pieces.rs"]
mod pieces;
#[path = "eval/terms.rs"]
pub mod terms;
#[path = "eval/weights.rs"]
mod weights;

pub use network::Accumulator;
pub use weights::WEIGHTS;

use crate::attacks::{
    self, Bitboard, EAST, FILE_A, NORTH, NORTH_EAST, NORTH_WEST, SOUTH, SOUTH_EAST, SOUTH_WEST,
    WEST,
};
use crate::board::{Board, Position};
use crate::piece::{Color, File, PieceKind, Rank, Square};
use pieces::PIECES;
use terms::TERMS;

/// A middlegame and an endgame value, blended by the game phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Score(pub i32, pub i32);

/// A [`Score`] in one integer, `middlegame * 2^32 + endgame`, so that one addition adds both
/// halves. The arithmetic wraps (no overflow check, no branch): the halves come back exact as
/// long as each true sum fits in an `i32`, and an evaluation adds a few hundred weights of a
/// few thousand at most, times counts below a hundred.
#[derive(Clone, Copy, Default)]
struct Packed(i64);

impl Packed {
    const fn new(s: Score) -> Packed {
        Packed(((s.0 as i64) << 32).wrapping_add(s.1 as i64))
    }

    /// Adds `w` times `count`.
    #[inline(always)]
    fn add(&mut self, w: Packed, count: i32) {
        self.0 = self.0.wrapping_add(w.0.wrapping_mul(i64::from(count)));
    }

    /// `self` minus `o`.
    fn minus(self, o: Packed) -> Packed {
        Packed(self.0.wrapping_sub(o.0))
    }

    /// The two halves: the endgame in the low 32 bits (as signed), the middlegame above it.
    fn unpack(self) -> Score {
        // Truncating on purpose: the low half is the endgame value.
        let eg = self.0 as i32;
        let mg = self.0.wrapping_sub(i64::from(eg)) >> 32;
        // The high half of a 64-bit value: always fits.
        Score(mg as i32, eg)
    }
}

/// Every weight packed, for the search's additions.
static PACKED_WEIGHTS: [Packed; TERMS] = pack(&WEIGHTS);

const fn pack<const N: usize>(weights: &[Score; N]) -> [Packed; N] {
    let mut packed = [Packed(0); N];
    let mut i = 0;
    while i < N {
        packed[i] = Packed::new(weights[i]);
        i += 1;
    }
    packed
}

/// The value used by move ordering and pruning (middlegame material).
pub const PIECE_VALUE: [i32; PieceKind::COUNT] = [100, 320, 335, 480, 960, 20_000];

/// Phase weight of each kind.
const PHASE: [i32; PieceKind::COUNT] = [0, 1, 1, 2, 4, 0];
/// The phase of a full board (the weights of every piece of the initial position): the
/// middlegame end of the scale, 0 being the endgame end.
pub const PHASE_MAX: i32 = 24;

/// The side to move's bonus.
pub const TEMPO: i32 = 12;
/// A stronger side without pawns and at most a minor piece ahead gets its score divided by this.
pub const DRAWISH_DIVISOR: i32 = 8;
/// With no pieces but one bishop a side, on squares of opposite colours, the score is divided
/// by this.
pub const OPPOSITE_BISHOPS_DIVISOR: i32 = 2;
/// The relative ranks of an outpost (fourth to sixth).
const OUTPOST_RANKS: core::ops::RangeInclusive<u8> = 3..=5;
/// A passed pawn's king distances count from this relative rank on (the third: index 2).
const PASSED_KING_FROM_RANK: u8 = 2;

/// The counts behind one evaluation, for fitting the weights.
#[derive(Clone, Debug)]
pub struct Trace {
    /// Each term's count for White minus its count for Black.
    pub counts: [i32; TERMS],
    /// The game phase, [`PHASE_MAX`] (middlegame) down to 0 (endgame).
    pub phase: i32,
    /// What the score was divided by: 1, [`DRAWISH_DIVISOR`] or [`OPPOSITE_BISHOPS_DIVISOR`].
    pub divisor: i32,
}

/// Receives the terms as the evaluation counts them.
trait Tracer {
    /// Whether the terms' counts are wanted. The search's tracer wants none, which lets the
    /// evaluation add folded weights (material and placement in one entry) instead of each term.
    const COUNTS: bool;
    fn add(&mut self, us: Color, term: usize, count: i32);
}

/// The search's tracer: nothing.
struct NoTrace;

impl Tracer for NoTrace {
    const COUNTS: bool = false;
    #[inline(always)]
    fn add(&mut self, _us: Color, _term: usize, _count: i32) {}
}

impl Tracer for Trace {
    const COUNTS: bool = true;
    fn add(&mut self, us: Color, term: usize, count: i32) {
        if let Some(c) = self.counts.get_mut(term) {
            *c += if us == Color::White { count } else { -count };
        }
    }
}

/// `count` times the weight of `term`, added to `s` and told to the tracer.
#[inline(always)]
fn add<T: Tracer>(t: &mut T, s: &mut Packed, us: Color, term: usize, count: i32) {
    debug_assert!(term < TERMS, "term {term} out of range");
    if let Some(&w) = PACKED_WEIGHTS.get(term) {
        s.add(w, count);
    }
    t.add(us, term, count);
}

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
pub(crate) fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
    // One arm per colour, so that the directions are constants.
    match color {
        Color::White => attacks::shift(pawns, NORTH_WEST) | attacks::shift(pawns, NORTH_EAST),
        Color::Black => attacks::shift(pawns, SOUTH_WEST) | attacks::shift(pawns, SOUTH_EAST),
    }
}

/// The squares one step ahead of `bb`'s, for `color`.
fn push(color: Color, bb: Bitboard) -> Bitboard {
    match color {
        Color::White => attacks::shift(bb, NORTH),
        Color::Black => attacks::shift(bb, SOUTH),
    }
}

/// The number of squares in `bb`, as a count.
fn count(bb: Bitboard) -> i32 {
    // At most 64: always fits.
    bb.count_ones() as i32
}

/// The king's distance (in king moves) between two squares.
fn distance(a: Square, b: Square) -> i32 {
    let files = i32::from(a.file()) - i32::from(b.file());
    let ranks = i32::from(a.rank()) - i32::from(b.rank());
    files.abs().max(ranks.abs())
}

/// `us`'s share of the evaluation, and of the game phase.
// Inlined, with the terms it calls, into each of its two calls: `us` is then a constant, and
// the shifts, fills and relative squares that depend on it need no test.
#[inline(always)]
fn side_score<T: Tracer>(b: &Board, us: Color, t: &mut T) -> (Packed, i32) {
    let mut s = Packed(0);
    // Both the pieces' terms and the pawns' need the squares the enemy pawns attack.
    let their_pawn_attacks = pawn_attacks(us.other(), b.pieces_bb(us.other(), PieceKind::Pawn));
    let phase = pieces::piece_terms(b, us, their_pawn_attacks, t, &mut s);
    pawns::pawn_terms(b, us, their_pawn_attacks, t, &mut s);
    king_shield(b, us, t, &mut s);
    (s, phase)
}

/// Where a king's pawn shield stands, by the king's colour and square: its file and the files
/// beside it, on the two ranks in front of it. A table, so that the evaluation looks the zone up
/// rather than builds it.
static SHIELD_ZONES: [[Bitboard; Square::COUNT]; Color::COUNT] = shield_zones();

const fn shield_zones() -> [[Bitboard; Square::COUNT]; Color::COUNT] {
    const SIDE: i32 = File::COUNT as i32;
    /// How far in front of the king the shield reaches.
    const DEPTH: i32 = 2;
    let mut zones = [[0; Square::COUNT]; Color::COUNT];
    let mut sq = 0;
    while sq < Square::COUNT {
        let (file, rank) = ((sq % File::COUNT) as i32, (sq / File::COUNT) as i32);
        let mut f = file - 1;
        while f <= file + 1 {
            let mut step = 1;
            while step <= DEPTH {
                // White's shield is above the king, Black's below.
                let (up, down) = (rank + step, rank - step);
                if f >= 0 && f < SIDE && up < SIDE {
                    zones[Color::White.index()][sq] |= 1 << (up * SIDE + f);
                }
                if f >= 0 && f < SIDE && down >= 0 {
                    zones[Color::Black.index()][sq] |= 1 << (down * SIDE + f);
                }
                step += 1;
            }
            f += 1;
        }
        sq += 1;
    }
    zones
}

/// The pawn shield in front of our king, by the number of its pawns.
#[inline(always)]
fn king_shield<T: Tracer>(b: &Board, us: Color, t: &mut T, s: &mut Packed) {
    let zones = SHIELD_ZONES.get(us.index()).unwrap_or(&[0; Square::COUNT]);
    let zone = zones.get(b.king_square(us).index()).copied().unwrap_or(0);
    let shield = (zone & b.pieces_bb(us, PieceKind::Pawn)).count_ones() as usize;
    add(
        t,
        s,
        us,
        terms::SHIELD + shield.min(terms::SHIELD_MAX_PAWNS),
        1,
    );
}

/// The game phase: [`PHASE_MAX`] with all pieces on the board down to 0 with none.
pub fn phase(b: &Board) -> i32 {
    let mut p = 0;
    for kind in PIECES {
        p += PHASE[kind.index()] * b.kind_bb(kind).count_ones() as i32;
    }
    p.min(PHASE_MAX)
}

/// The search's static evaluation of `pos` for the side to move, in centipawns: the weighted
/// [terms]' evaluation, corrected by the [network] (and guided by an [endgame] rule in a
/// queen's endgame against a lone piece), or the [endgame] rule's score against a bare king.
// Not inlined: its locals would otherwise sit in every search frame.
#[inline(never)]
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_from(pos, &Accumulator::new(pos))
}

/// [`evaluate`], with the network's sums of `pos` already made (the search keeps them up to
/// date move by move).
#[inline(never)]
pub fn evaluate_from(pos: &Position, sums: &Accumulator) -> i32 {
    debug_assert!(
        *sums == Accumulator::new(pos),
        "the network's sums are the position's"
    );
    if let Some(score) = endgame::bare_king(pos) {
        return score;
    }
    evaluate_with(pos, &mut NoTrace).0
        + sums.evaluate(pos.side_to_move())
        + endgame::queen_against_lone_piece(pos)
}

/// The evaluation by the weighted [terms] of `pos`, for the side to move, in centipawns.
#[inline(never)]
pub fn evaluate_terms(pos: &Position) -> i32 {
    evaluate_with(pos, &mut NoTrace).0
}

/// The counts of every term in `pos`, White's minus Black's, with the phase.
pub fn trace(pos: &Position) -> Trace {
    let mut trace = Trace {
        counts: [0; TERMS],
        phase: phase(pos.board()),
        divisor: 1,
    };
    trace.divisor = evaluate_with(pos, &mut trace).1;
    trace
}

/// The evaluation for the side to move, and what it was divided by.
fn evaluate_with<T: Tracer>(pos: &Position, t: &mut T) -> (i32, i32) {
    let b = pos.board();
    let (white, white_phase) = side_score(b, Color::White, t);
    let (black, black_phase) = side_score(b, Color::Black, t);
    let s = white.minus(black).unpack();
    let ph = (white_phase + black_phase).min(PHASE_MAX);
    debug_assert_eq!(ph, phase(b));
    let white_view = (s.0 * ph + s.1 * (PHASE_MAX - ph)) / PHASE_MAX;
    let us = pos.side_to_move();
    let score = if us == Color::White {
        white_view
    } else {
        -white_view
    };
    let strong = if score > 0 { us } else { us.other() };
    let divisor = divisor(b, strong);
    (score / divisor + TEMPO, divisor)
}

/// What a score in favour of `strong` is divided by, for material that is hard to win with:
/// [`DRAWISH_DIVISOR`] when `strong` has no pawns and at most a minor piece more,
/// [`OPPOSITE_BISHOPS_DIVISOR`] when each side has one bishop, on squares of opposite colours,
/// and no other piece; 1 otherwise.
// Inlined: its usual answer (1) takes a few tests, less than a call.
#[inline(always)]
fn divisor(b: &Board, strong: Color) -> i32 {
    if b.pieces_bb(strong, PieceKind::Pawn) == 0
        && material_without_pawns(b, strong) - material_without_pawns(b, strong.other())
            <= PIECE_VALUE[PieceKind::Bishop.index()]
    {
        return DRAWISH_DIVISOR;
    }
    let bishops = b.kind_bb(PieceKind::Bishop);
    let others =
        b.kind_bb(PieceKind::Knight) | b.kind_bb(PieceKind::Rook) | b.kind_bb(PieceKind::Queen);
    if others == 0
        && b.pieces_bb(strong, PieceKind::Bishop).count_ones() == 1
        && b.pieces_bb(strong.other(), PieceKind::Bishop).count_ones() == 1
        && (bishops & attacks::DARK_SQUARES).count_ones() == 1
    {
        return OPPOSITE_BISHOPS_DIVISOR;
    }
    1
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
#[path = "eval/tests.rs"]
mod tests;
