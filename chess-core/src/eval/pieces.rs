//! The pieces' terms: material and placement, mobility, attacks on the enemy king, safe checks,
//! threats, outposts, bishops' pawns, rooks' files, the bishop pair.
//!
//! The pieces are visited kind by kind from the bitboards, so that each visit knows its kind at
//! compile time (its attacks, tables and kind-specific terms need no test of the kind) and the
//! empty slots of the piece array cost nothing.

use super::{add, adjacent_files, count, file_mask, front_span, pawn_attacks, Tracer};
use super::{pack, Packed, Score, OUTPOST_RANKS, PHASE, WEIGHTS};
use crate::attacks::{self, Bitboard, Squares};
use crate::board::Board;
use crate::piece::{Color, PieceKind, Rank, Square};

use super::terms::{self, MATERIAL, PIECE_KINDS, PST, TERMS};

/// Material and placement together, by kind and square (White's view): `kind * 64 + square`.
/// The search adds one entry per piece; [`super::trace`] still counts both terms apart.
static PLACEMENT: [Packed; PieceKind::COUNT * Square::COUNT] = pack(&placement(&WEIGHTS));

/// Each kind's material (none for the king) added to each of its piece-square entries.
const fn placement(weights: &[Score; TERMS]) -> [Score; PieceKind::COUNT * Square::COUNT] {
    let mut table = [Score(0, 0); PieceKind::COUNT * Square::COUNT];
    let mut i = 0;
    while i < table.len() {
        let kind = i / Square::COUNT;
        // The material terms (pawn to queen) end where the tables start: none for the king.
        let material = if kind < PST - MATERIAL {
            weights[MATERIAL + kind]
        } else {
            Score(0, 0)
        };
        let pst = weights[PST + i];
        table[i] = Score(material.0 + pst.0, material.1 + pst.1);
        i += 1;
    }
    table
}

/// A piece's material and placement: the folded entry for the search, both terms for a trace.
#[inline(always)]
fn place<T: Tracer>(t: &mut T, s: &mut Packed, us: Color, kind: PieceKind, sq: Square) {
    let i = kind.index() * Square::COUNT + sq.relative_to(us).index();
    if T::COUNTS {
        if kind != PieceKind::King {
            add(t, s, us, MATERIAL + kind.index(), 1);
        }
        add(t, s, us, PST + i, 1);
    } else if let Some(&w) = PLACEMENT.get(i) {
        s.add(w, 1);
    }
}

/// What a side's knights, bishops, rooks and queens are scored against.
struct Targets {
    /// The squares a piece reaches safely: not ours, not attacked by an enemy pawn.
    safe: Bitboard,
    /// The enemy king's square and the squares around it.
    king_zone: Bitboard,
    /// The squares a bishop would check the enemy king from.
    bishop_checks: Bitboard,
    /// The squares a rook would check the enemy king from.
    rook_checks: Bitboard,
    /// The squares our pawns attack (where an outpost must be).
    pawn_attacks: Bitboard,
}

/// What a side's pieces attack, gathered kind by kind and scored after the last one.
#[derive(Default)]
struct Attacks {
    /// Every square a knight, bishop, rook or queen attacks.
    all: Bitboard,
    /// Every square a knight or bishop attacks.
    minor: Bitboard,
    /// The pieces that attack the enemy king's zone.
    attackers: usize,
    /// The squares of the zone attacked, by kind (knight to queen), one per attacking piece.
    zone: [i32; PIECE_KINDS],
    /// The phase weights of the pieces visited: the side's share of the game phase, one
    /// addition a piece rather than a count of each kind's set.
    phase: i32,
}

/// Placement, mobility, king-zone attacks and safe checks of `us`'s pieces of `kind` (a knight,
/// bishop, rook or queen), and the terms of that kind alone; the rest gathered in `attacks`.
#[inline(always)]
fn kind_terms<T: Tracer>(
    b: &Board,
    us: Color,
    kind: PieceKind,
    targets: &Targets,
    attacks: &mut Attacks,
    t: &mut T,
    s: &mut Packed,
) {
    use terms::*;
    let pieces = b.pieces_bb(us, kind);
    if pieces == 0 {
        return;
    }
    let occ = b.occupied();
    let k = kind.index();
    debug_assert!(
        (1..=PIECE_KINDS).contains(&k),
        "kind_terms scores knights to queens"
    );
    let phase = PHASE.get(k).copied().unwrap_or(0);
    let checks = match kind {
        PieceKind::Knight => attacks::knight(b.king_square(us.other())),
        PieceKind::Bishop => targets.bishop_checks,
        PieceKind::Rook => targets.rook_checks,
        _ => targets.bishop_checks | targets.rook_checks,
    };
    let mut safe_checks = 0;
    for sq in Squares(pieces) {
        place(t, s, us, kind, sq);
        attacks.phase += phase;
        let att = match kind {
            PieceKind::Knight => attacks::knight(sq),
            PieceKind::Bishop => attacks::bishop(sq, occ),
            PieceKind::Rook => attacks::rook(sq, occ),
            _ => attacks::queen(sq, occ),
        };
        attacks.all |= att;
        let safe = att & targets.safe;
        if safe & checks != 0 {
            safe_checks += count(safe & checks);
        }
        let mobility = safe.count_ones() as usize;
        add(
            t,
            s,
            us,
            MOBILITY + MOBILITY_OFFSET[k] + mobility.min(MOBILITY_MAX[k]),
            1,
        );
        let zone = att & targets.king_zone;
        if zone != 0 {
            attacks.attackers += 1;
            if let Some(n) = attacks.zone.get_mut(k.wrapping_sub(1)) {
                *n += count(zone);
            }
        }
        match kind {
            PieceKind::Knight | PieceKind::Bishop => {
                attacks.minor |= att;
                minor_terms(b, us, kind, sq, targets, t, s);
            }
            PieceKind::Rook => rook_terms(b, us, sq, t, s),
            _ => {}
        }
    }
    if safe_checks > 0 {
        add(t, s, us, SAFE_CHECK + k - 1, safe_checks);
    }
}

/// A knight's or bishop's outpost; a bishop's pawns on its colour.
#[inline(always)]
fn minor_terms<T: Tracer>(
    b: &Board,
    us: Color,
    kind: PieceKind,
    sq: Square,
    targets: &Targets,
    t: &mut T,
    s: &mut Packed,
) {
    use terms::*;
    if kind == PieceKind::Bishop {
        let our_pawns = b.pieces_bb(us, PieceKind::Pawn);
        let colour = if sq.bit() & attacks::DARK_SQUARES != 0 {
            attacks::DARK_SQUARES
        } else {
            !attacks::DARK_SQUARES
        };
        add(t, s, us, BISHOP_PAWNS, count(our_pawns & colour));
    }
    if OUTPOST_RANKS.contains(&sq.relative_to(us).rank())
        && targets.pawn_attacks & sq.bit() != 0
        && front_span(us, sq) & adjacent_files(sq.file()) & b.pieces_bb(us.other(), PieceKind::Pawn)
            == 0
    {
        add(
            t,
            s,
            us,
            OUTPOST + usize::from(kind == PieceKind::Bishop),
            1,
        );
    }
}

/// A rook's open or semi-open file; a rook on the seventh.
#[inline(always)]
fn rook_terms<T: Tracer>(b: &Board, us: Color, sq: Square, t: &mut T, s: &mut Packed) {
    use terms::*;
    let their_pawns = b.pieces_bb(us.other(), PieceKind::Pawn);
    let file = file_mask(sq.file());
    if file & b.pieces_bb(us, PieceKind::Pawn) == 0 {
        let term = if file & their_pawns == 0 {
            ROOK_OPEN
        } else {
            ROOK_SEMI_OPEN
        };
        add(t, s, us, term, 1);
    }
    let seventh = Rank::Seventh.relative_to(us).bitboard();
    if sq.bit() & seventh != 0
        && (b.king_square(us.other()).bit() & Rank::Eighth.relative_to(us).bitboard() != 0
            || their_pawns & seventh != 0)
    {
        add(t, s, us, ROOK_SEVENTH, 1);
    }
}

/// Material and placement of every piece; for knights, bishops, rooks and queens also their
/// mobility, their attacks on the enemy king's zone, the safe squares they would check it
/// from, the enemy pieces they attack that no pawn defends (and the rooks and queens the minor
/// pieces attack), (bishops) our pawns on their colour and (rooks) open files; the bishop pair.
/// Returns the side's share of the game phase (see [`super::phase`]).
// Inlined into `side_score`, for a constant colour.
#[inline(always)]
pub(super) fn piece_terms<T: Tracer>(
    b: &Board,
    us: Color,
    their_pawn_attacks: Bitboard,
    t: &mut T,
    s: &mut Packed,
) -> i32 {
    use terms::*;
    let them = us.other();
    let occ = b.occupied();
    let our_pawns = b.pieces_bb(us, PieceKind::Pawn);
    for sq in Squares(our_pawns) {
        place(t, s, us, PieceKind::Pawn, sq);
    }
    for sq in Squares(b.pieces_bb(us, PieceKind::King)) {
        place(t, s, us, PieceKind::King, sq);
    }
    let their_king = b.king_square(them);
    let targets = Targets {
        safe: !b.color_bb(us) & !their_pawn_attacks,
        king_zone: attacks::king(their_king) | their_king.bit(),
        bishop_checks: attacks::bishop(their_king, occ),
        rook_checks: attacks::rook(their_king, occ),
        pawn_attacks: pawn_attacks(us, our_pawns),
    };
    let mut attacks = Attacks::default();
    // One call per kind, not a loop over them: each call is compiled for its kind.
    kind_terms(b, us, PieceKind::Knight, &targets, &mut attacks, t, s);
    kind_terms(b, us, PieceKind::Bishop, &targets, &mut attacks, t, s);
    kind_terms(b, us, PieceKind::Rook, &targets, &mut attacks, t, s);
    kind_terms(b, us, PieceKind::Queen, &targets, &mut attacks, t, s);
    if attacks.attackers >= KING_ATTACKERS_MIN {
        let bucket = (attacks.attackers - KING_ATTACKERS_MIN).min(ATTACKER_BUCKETS - 1);
        for (k, &n) in attacks.zone.iter().enumerate() {
            if n > 0 {
                add(t, s, us, KING_ATTACK + k * ATTACKER_BUCKETS + bucket, n);
            }
        }
    }
    let bishops = b.pieces_bb(us, PieceKind::Bishop);
    // Two or more: clearing the lowest leaves one.
    if bishops & bishops.wrapping_sub(1) != 0 {
        add(t, s, us, BISHOP_PAIR, 1);
    }
    let their_pieces = b.color_bb(them) & !b.kind_bb(PieceKind::Pawn) & !b.kind_bb(PieceKind::King);
    let pawn_hits = targets.pawn_attacks & their_pieces;
    let minor_hits = attacks.minor & their_pieces;
    let weak = attacks.all & their_pieces & !their_pawn_attacks;
    // These sets are often empty: each is tested whole before its kinds are.
    if pawn_hits | weak != 0 {
        for (i, kind) in PIECES.into_iter().enumerate() {
            let theirs = b.kind_bb(kind);
            if pawn_hits & theirs != 0 {
                add(t, s, us, PAWN_THREAT + i, count(pawn_hits & theirs));
            }
            if weak & theirs != 0 {
                add(t, s, us, WEAK_PIECE + i, count(weak & theirs));
            }
        }
    }
    if minor_hits != 0 {
        for (i, kind) in [PieceKind::Rook, PieceKind::Queen].into_iter().enumerate() {
            let hit = minor_hits & b.kind_bb(kind);
            if hit != 0 {
                add(t, s, us, MINOR_THREAT + i, count(hit));
            }
        }
    }
    attacks.phase
}

/// The kinds that are neither pawns nor kings.
pub(super) const PIECES: [PieceKind; PIECE_KINDS] = [
    PieceKind::Knight,
    PieceKind::Bishop,
    PieceKind::Rook,
    PieceKind::Queen,
];
