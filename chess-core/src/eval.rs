//! Integer evaluation: material, piece-square tables, mobility, king attacks and safe checks,
//! pawn structure, threats, the king's pawn shield and the bishop pair, tapered between
//! middlegame and endgame.
//! Scores are centipawns from the side to move's point of view.
//!
//! The evaluation counts [terms](terms) and adds their [`WEIGHTS`]; [`trace`] returns the
//! counts instead, for fitting the weights to data:
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
#[path = "eval/pawns.rs"]
mod pawns;
#[path = "eval/terms.rs"]
pub mod terms;
#[path = "eval/weights.rs"]
mod weights;

pub use weights::WEIGHTS;

use crate::attacks::{
    self, Bitboard, EAST, FILE_A, NORTH, NORTH_EAST, NORTH_WEST, SOUTH, SOUTH_EAST, SOUTH_WEST,
    WEST,
};
use crate::board::{Board, Position};
use crate::piece::{Color, File, PieceKind, Rank, Square};
use terms::TERMS;

/// A middlegame and an endgame value, blended by the game phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Score(pub i32, pub i32);

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
    fn add(&mut self, us: Color, term: usize, count: i32);
}

/// The search's tracer: nothing.
struct NoTrace;

impl Tracer for NoTrace {
    #[inline(always)]
    fn add(&mut self, _us: Color, _term: usize, _count: i32) {}
}

impl Tracer for Trace {
    fn add(&mut self, us: Color, term: usize, count: i32) {
        if let Some(c) = self.counts.get_mut(term) {
            *c += if us == Color::White { count } else { -count };
        }
    }
}

/// `count` times the weight of `term`, added to `s` and told to the tracer.
#[inline(always)]
fn add<T: Tracer>(t: &mut T, s: &mut Score, us: Color, term: usize, count: i32) {
    debug_assert!(term < TERMS, "term {term} out of range");
    if let Some(&w) = WEIGHTS.get(term) {
        *s += w * count;
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
fn pawn_attacks(color: Color, pawns: Bitboard) -> Bitboard {
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

/// `us`'s share of the evaluation.
fn side_score<T: Tracer>(b: &Board, us: Color, t: &mut T) -> Score {
    let mut s = Score(0, 0);
    // Both the pieces' terms and the pawns' need the squares the enemy pawns attack.
    let their_pawn_attacks = pawn_attacks(us.other(), b.pieces_bb(us.other(), PieceKind::Pawn));
    piece_terms(b, us, their_pawn_attacks, t, &mut s);
    pawns::pawn_terms(b, us, their_pawn_attacks, t, &mut s);
    king_shield(b, us, t, &mut s);
    s
}

/// Material and placement of every piece; for knights, bishops, rooks and queens also their
/// mobility, their attacks on the enemy king's zone, the safe squares they would check it
/// from, the enemy pieces they attack that no pawn defends (and the rooks and queens the minor
/// pieces attack), (bishops) our pawns on their colour and (rooks) open files; the bishop pair.
fn piece_terms<T: Tracer>(
    b: &Board,
    us: Color,
    their_pawn_attacks: Bitboard,
    t: &mut T,
    s: &mut Score,
) {
    use terms::*;
    let them = us.other();
    let occ = b.occupied();
    let own = b.color_bb(us);
    let our_pawns = b.pieces_bb(us, PieceKind::Pawn);
    let their_pawns = b.pieces_bb(them, PieceKind::Pawn);
    let our_pawn_attacks = pawn_attacks(us, our_pawns);
    let their_king = b.king_square(them);
    let king_zone = attacks::king(their_king) | their_king.bit();
    // Squares of the enemy king's zone attacked, by kind; and the attacking pieces.
    let mut zone_attacks = [0; PieceKind::COUNT];
    let mut attackers = 0;
    let mut minor_attacks = 0;
    let mut piece_attacks = 0;
    // The squares each kind would check the enemy king from; and the squares of them each
    // kind reaches safely (not ours, not attacked by an enemy pawn).
    let bishop_checks = attacks::bishop(their_king, occ);
    let rook_checks = attacks::rook(their_king, occ);
    let checks = [
        0,
        attacks::knight(their_king),
        bishop_checks,
        rook_checks,
        bishop_checks | rook_checks,
        0,
    ];
    let mut safe_checks = [0; PieceKind::COUNT];

    for p in b.pieces(us).iter().filter(|p| p.alive) {
        let k = p.kind.index();
        if p.kind != PieceKind::King {
            add(t, s, us, MATERIAL + k, 1);
        }
        let sq = p.square.relative_to(us).index();
        add(t, s, us, PST + k * Square::COUNT + sq, 1);
        let att = match p.kind {
            PieceKind::Knight => attacks::knight(p.square),
            PieceKind::Bishop => attacks::bishop(p.square, occ),
            PieceKind::Rook => attacks::rook(p.square, occ),
            PieceKind::Queen => attacks::queen(p.square, occ),
            _ => continue,
        };
        piece_attacks |= att;
        let safe = att & !own & !their_pawn_attacks;
        safe_checks[k] += count(safe & checks[k]);
        if p.kind == PieceKind::Bishop {
            let colour = if p.square.bit() & attacks::DARK_SQUARES != 0 {
                attacks::DARK_SQUARES
            } else {
                !attacks::DARK_SQUARES
            };
            add(t, s, us, BISHOP_PAWNS, count(our_pawns & colour));
        }
        if matches!(p.kind, PieceKind::Knight | PieceKind::Bishop) {
            minor_attacks |= att;
            if OUTPOST_RANKS.contains(&p.square.relative_to(us).rank())
                && our_pawn_attacks & p.square.bit() != 0
                && front_span(us, p.square) & adjacent_files(p.square.file()) & their_pawns == 0
            {
                add(
                    t,
                    s,
                    us,
                    OUTPOST + usize::from(p.kind == PieceKind::Bishop),
                    1,
                );
            }
        }
        let mobility = safe.count_ones() as usize;
        add(
            t,
            s,
            us,
            MOBILITY + MOBILITY_OFFSET[k] + mobility.min(MOBILITY_MAX[k]),
            1,
        );
        if att & king_zone != 0 {
            attackers += 1;
            zone_attacks[k] += count(att & king_zone);
        }
        if p.kind == PieceKind::Rook {
            let file = file_mask(p.square.file());
            if file & our_pawns == 0 {
                let term = if file & their_pawns == 0 {
                    ROOK_OPEN
                } else {
                    ROOK_SEMI_OPEN
                };
                add(t, s, us, term, 1);
            }
            let seventh = Rank::Seventh.relative_to(us).bitboard();
            if p.square.bit() & seventh != 0
                && (their_king.bit() & Rank::Eighth.relative_to(us).bitboard() != 0
                    || their_pawns & seventh != 0)
            {
                add(t, s, us, ROOK_SEVENTH, 1);
            }
        }
    }
    if attackers >= KING_ATTACKERS_MIN {
        let bucket = (attackers - KING_ATTACKERS_MIN).min(ATTACKER_BUCKETS - 1);
        for (k, &n) in zone_attacks.iter().enumerate().skip(1).take(PIECE_KINDS) {
            if n > 0 {
                add(
                    t,
                    s,
                    us,
                    KING_ATTACK + (k - 1) * ATTACKER_BUCKETS + bucket,
                    n,
                );
            }
        }
    }
    if b.pieces_bb(us, PieceKind::Bishop).count_ones() >= 2 {
        add(t, s, us, BISHOP_PAIR, 1);
    }
    for (i, kind) in PIECES.into_iter().enumerate() {
        let hit = count(our_pawn_attacks & b.pieces_bb(them, kind));
        if hit > 0 {
            add(t, s, us, PAWN_THREAT + i, hit);
        }
    }
    for (i, kind) in [PieceKind::Rook, PieceKind::Queen].into_iter().enumerate() {
        let hit = count(minor_attacks & b.pieces_bb(them, kind));
        if hit > 0 {
            add(t, s, us, MINOR_THREAT + i, hit);
        }
    }
    for (i, kind) in PIECES.into_iter().enumerate() {
        let weak = count(piece_attacks & b.pieces_bb(them, kind) & !their_pawn_attacks);
        if weak > 0 {
            add(t, s, us, WEAK_PIECE + i, weak);
        }
        let checks = safe_checks[kind.index()];
        if checks > 0 {
            add(t, s, us, SAFE_CHECK + i, checks);
        }
    }
}

/// The pawn shield in front of our king, by the number of its pawns.
fn king_shield<T: Tracer>(b: &Board, us: Color, t: &mut T, s: &mut Score) {
    let ksq = b.king_square(us);
    let king_area = attacks::king(ksq);
    let shield_zone = front_span(us, ksq)
        & (king_area
            | attacks::shift(king_area, attacks::NORTH)
            | attacks::shift(king_area, attacks::SOUTH));
    let shield = (shield_zone & b.pieces_bb(us, PieceKind::Pawn)).count_ones() as usize;
    add(
        t,
        s,
        us,
        terms::SHIELD + shield.min(terms::SHIELD_MAX_PAWNS),
        1,
    );
}

/// The kinds that are neither pawns nor kings.
const PIECES: [PieceKind; terms::PIECE_KINDS] = [
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
    let mut s = side_score(b, Color::White, t);
    s -= side_score(b, Color::Black, t);
    let ph = phase(b);
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
