//! The logical board and the position: two 16-piece arrays, 64 slots referring into them, derived
//! bitboards and the state that makes a position (side to move, castling, en passant, clocks).
//!
//! Everything that changes a square goes through [`Board::put`], [`Board::remove`] and
//! [`Board::relocate`], so the arrays, the slots and the bitboards always agree.

use crate::attacks::{self, Bitboard};
use crate::piece::{
    CastlingSide, Color, File, Move, Piece, PieceKind, PieceRef, Rank, Square, PIECES_PER_SIDE,
};

/// Which castlings are still allowed: a set of (colour, side) rights.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct CastlingRights(u8);

impl CastlingRights {
    /// No castling at all.
    pub const NONE: CastlingRights = CastlingRights(0);
    /// White may castle on the king's side.
    pub const WHITE_KING: CastlingRights = CastlingRights::single(Color::White, CastlingSide::King);
    /// White may castle on the queen's side.
    pub const WHITE_QUEEN: CastlingRights =
        CastlingRights::single(Color::White, CastlingSide::Queen);
    /// Black may castle on the king's side.
    pub const BLACK_KING: CastlingRights = CastlingRights::single(Color::Black, CastlingSide::King);
    /// Black may castle on the queen's side.
    pub const BLACK_QUEEN: CastlingRights =
        CastlingRights::single(Color::Black, CastlingSide::Queen);
    /// All four rights.
    pub const ALL: CastlingRights = CastlingRights(15);
    /// How many different sets of rights there are.
    pub const COUNT: usize = 16;

    /// The single right of `color` to castle on `side`.
    #[inline]
    pub const fn single(color: Color, side: CastlingSide) -> CastlingRights {
        // One bit per right: White's two, then Black's, the king's side first.
        CastlingRights(1 << (color as usize * CastlingSide::ALL.len() + side as usize))
    }

    /// Both of `color`'s rights.
    #[inline]
    pub const fn both(color: Color) -> CastlingRights {
        CastlingRights::single(color, CastlingSide::King)
            .union(CastlingRights::single(color, CastlingSide::Queen))
    }

    /// True when `color` may still castle on `side`.
    #[inline]
    pub const fn has(self, color: Color, side: CastlingSide) -> bool {
        self.contains(CastlingRights::single(color, side))
    }

    /// True when every right of `other` is in this set.
    #[inline]
    pub const fn contains(self, other: CastlingRights) -> bool {
        self.0 & other.0 == other.0
    }

    /// The rights in either set.
    #[inline]
    pub const fn union(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 | other.0)
    }

    /// These rights without those of `other`.
    #[inline]
    pub const fn without(self, other: CastlingRights) -> CastlingRights {
        CastlingRights(self.0 & !other.0)
    }

    /// True when no right is left.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set as bits of [`castle`] (for compact storage and the text forms).
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The set from bits of [`castle`]; other bits are ignored.
    #[inline]
    pub const fn from_bits(bits: u8) -> CastlingRights {
        CastlingRights(bits & CastlingRights::ALL.0)
    }

    /// 0..16, distinct for every set (for key tables).
    #[inline]
    pub const fn index(self) -> usize {
        (self.0 & CastlingRights::ALL.0) as usize
    }
}

/// The bits of [`CastlingRights`], for the text forms that read and write them one by one.
pub mod castle {
    use super::CastlingRights;
    /// White may castle on the king's side.
    pub const WHITE_KING: u8 = CastlingRights::WHITE_KING.bits();
    /// White may castle on the queen's side.
    pub const WHITE_QUEEN: u8 = CastlingRights::WHITE_QUEEN.bits();
    /// Black may castle on the king's side.
    pub const BLACK_KING: u8 = CastlingRights::BLACK_KING.bits();
    /// Black may castle on the queen's side.
    pub const BLACK_QUEEN: u8 = CastlingRights::BLACK_QUEEN.bits();
    /// All four rights.
    pub const ALL: u8 = CastlingRights::ALL.bits();
}

/// The rights a move loses by touching a square: a king or rook leaving its home square, or a
/// rook being captured there.
static CASTLING_LOST: [CastlingRights; Square::COUNT] = {
    let mut t = [CastlingRights::NONE; Square::COUNT];
    let mut c = 0;
    while c < Color::COUNT {
        let color = Color::ALL[c];
        let home = Rank::First.relative_to(color);
        t[Square::at(CastlingSide::KING_FROM, home).index()] = CastlingRights::both(color);
        let mut s = 0;
        while s < CastlingSide::ALL.len() {
            let side = CastlingSide::ALL[s];
            t[Square::at(side.rook_from(), home).index()] = CastlingRights::single(color, side);
            s += 1;
        }
        c += 1;
    }
    t
};

/// Zobrist keys, generated at compile time by splitmix64.
struct Zobrist {
    pieces: [[[u64; Square::COUNT]; PieceKind::COUNT]; Color::COUNT],
    castling: [u64; CastlingRights::COUNT],
    ep_file: [u64; File::COUNT],
    black: u64,
}

/// The seed of the Zobrist keys (any constant does; changing it changes every hash).
const ZOBRIST_SEED: u64 = 0x6b63_6865_7373_2121;

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

static ZOBRIST: Zobrist = {
    let mut s = ZOBRIST_SEED;
    let mut pieces = [[[0; Square::COUNT]; PieceKind::COUNT]; Color::COUNT];
    let mut c = 0;
    while c < Color::COUNT {
        let mut k = 0;
        while k < PieceKind::COUNT {
            let mut sq = 0;
            while sq < Square::COUNT {
                pieces[c][k][sq] = splitmix(&mut s);
                sq += 1;
            }
            k += 1;
        }
        c += 1;
    }
    // No rights, no key: a position without castling hashes as if castling did not exist.
    let mut castling = [0; CastlingRights::COUNT];
    let mut i = 1;
    while i < CastlingRights::COUNT {
        castling[i] = splitmix(&mut s);
        i += 1;
    }
    let mut ep_file = [0; File::COUNT];
    let mut f = 0;
    while f < File::COUNT {
        ep_file[f] = splitmix(&mut s);
        f += 1;
    }
    Zobrist {
        pieces,
        castling,
        ep_file,
        black: splitmix(&mut s),
    }
};

#[inline]
fn piece_key(color: Color, kind: PieceKind, sq: Square) -> u64 {
    ZOBRIST.pieces[color.index()][kind.index()][sq.index()]
}

#[inline]
fn castling_key(rights: CastlingRights) -> u64 {
    ZOBRIST.castling[rights.index()]
}

#[inline]
fn ep_key(sq: Option<Square>) -> u64 {
    match sq {
        Some(sq) => ZOBRIST.ep_file[sq.file() as usize],
        None => 0,
    }
}

/// Why a piece could not be placed on a board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlaceError {
    /// The square already holds a piece.
    Occupied,
    /// The side already has 16 pieces.
    TooManyPieces,
}

/// The pieces and where they stand: the two arrays, the 64 slots and derived bitboards.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Board {
    pieces: [[Piece; PIECES_PER_SIDE]; Color::COUNT],
    slots: [Option<PieceRef>; Square::COUNT],
    by_color: [Bitboard; Color::COUNT],
    by_kind: [Bitboard; PieceKind::COUNT],
}

impl Default for Board {
    fn default() -> Self {
        Board::empty()
    }
}

impl Board {
    /// A board without pieces.
    pub const fn empty() -> Board {
        Board {
            pieces: [[Piece::EMPTY; PIECES_PER_SIDE]; Color::COUNT],
            slots: [None; Square::COUNT],
            by_color: [0; Color::COUNT],
            by_kind: [0; PieceKind::COUNT],
        }
    }

    /// The piece array of one side (dead pieces and unused slots have `alive == false`).
    pub fn pieces(&self, color: Color) -> &[Piece; PIECES_PER_SIDE] {
        &self.pieces[color.index()]
    }

    /// The piece a reference points to.
    #[inline]
    pub fn piece(&self, r: PieceRef) -> &Piece {
        &self.pieces[r.color().index()][r.slot()]
    }

    #[inline]
    fn piece_mut(&mut self, r: PieceRef) -> &mut Piece {
        &mut self.pieces[r.color().index()][r.slot()]
    }

    /// The reference stored in a square's slot.
    #[inline]
    pub fn slot(&self, sq: Square) -> Option<PieceRef> {
        self.slots[sq.index()]
    }

    /// The colour and kind on a square.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(Color, PieceKind)> {
        self.slot(sq).map(|r| (r.color(), self.piece(r).kind))
    }

    /// The kind on a square, whatever its colour.
    #[inline]
    pub fn kind_at(&self, sq: Square) -> Option<PieceKind> {
        self.slot(sq).map(|r| self.piece(r).kind)
    }

    /// All squares holding `color`'s pieces.
    #[inline]
    pub fn color_bb(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// All squares holding pieces of `kind`, both colours.
    #[inline]
    pub fn kind_bb(&self, kind: PieceKind) -> Bitboard {
        self.by_kind[kind.index()]
    }

    /// The squares holding `color`'s pieces of `kind`.
    #[inline]
    pub fn pieces_bb(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.by_color[color.index()] & self.by_kind[kind.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[Color::White.index()] | self.by_color[Color::Black.index()]
    }

    /// `color`'s king square (a1 if it has none, which a valid position never allows).
    #[inline]
    pub fn king_square(&self, color: Color) -> Square {
        attacks::first(self.pieces_bb(color, PieceKind::King))
    }

    /// Adds a new piece on an empty square, taking the side's first unused slot (kings first).
    pub fn add(
        &mut self,
        color: Color,
        kind: PieceKind,
        sq: Square,
    ) -> Result<PieceRef, PlaceError> {
        if self.slots[sq.index()].is_some() {
            return Err(PlaceError::Occupied);
        }
        let slot = self.pieces[color.index()]
            .iter()
            .position(|p| !p.alive)
            .ok_or(PlaceError::TooManyPieces)?;
        let r = PieceRef::new(color, slot as u8);
        *self.piece_mut(r) = Piece {
            color,
            kind,
            square: sq,
            moves: 0,
            alive: true,
        };
        self.put(r, sq);
        Ok(r)
    }

    /// Puts a (living) piece on an empty square.
    #[inline]
    fn put(&mut self, r: PieceRef, sq: Square) {
        let p = self.piece_mut(r);
        p.square = sq;
        p.alive = true;
        let (color, kind) = (p.color, p.kind);
        self.slots[sq.index()] = Some(r);
        self.by_color[color.index()] |= sq.bit();
        self.by_kind[kind.index()] |= sq.bit();
    }

    /// Takes the piece off a square (it stays in its array, marked dead).
    #[inline]
    fn remove(&mut self, r: PieceRef) {
        let p = self.piece_mut(r);
        p.alive = false;
        let (color, kind, sq) = (p.color, p.kind, p.square);
        self.slots[sq.index()] = None;
        self.by_color[color.index()] ^= sq.bit();
        self.by_kind[kind.index()] ^= sq.bit();
    }

    /// Moves a piece from its square to an empty one.
    #[inline]
    fn relocate(&mut self, r: PieceRef, to: Square) {
        let p = self.piece_mut(r);
        let (color, kind, from) = (p.color, p.kind, p.square);
        p.square = to;
        let change = from.bit() | to.bit();
        self.slots[from.index()] = None;
        self.slots[to.index()] = Some(r);
        self.by_color[color.index()] ^= change;
        self.by_kind[kind.index()] ^= change;
    }

    /// Changes a piece's kind in place (promotion and its undoing).
    #[inline]
    fn set_kind(&mut self, r: PieceRef, kind: PieceKind) {
        let p = self.piece_mut(r);
        let (old, sq) = (p.kind, p.square);
        p.kind = kind;
        self.by_kind[old.index()] ^= sq.bit();
        self.by_kind[kind.index()] ^= sq.bit();
    }

    /// Pieces of either colour attacking `sq`, with the given occupancy.
    #[inline]
    pub fn attackers(&self, sq: Square, occ: Bitboard) -> Bitboard {
        let bishops =
            self.by_kind[PieceKind::Bishop.index()] | self.by_kind[PieceKind::Queen.index()];
        let rooks = self.by_kind[PieceKind::Rook.index()] | self.by_kind[PieceKind::Queen.index()];
        (attacks::pawn(Color::White, sq) & self.pieces_bb(Color::Black, PieceKind::Pawn))
            | (attacks::pawn(Color::Black, sq) & self.pieces_bb(Color::White, PieceKind::Pawn))
            | (attacks::knight(sq) & self.by_kind[PieceKind::Knight.index()])
            | (attacks::king(sq) & self.by_kind[PieceKind::King.index()])
            | (attacks::bishop(sq, occ) & bishops)
            | (attacks::rook(sq, occ) & rooks)
    }

    /// True when a piece of `by` attacks `sq`, with the given occupancy.
    #[inline]
    pub fn is_attacked_with(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        let them = self.by_color[by.index()];
        let queens = self.by_kind[PieceKind::Queen.index()];
        (attacks::pawn(by.other(), sq) & them & self.by_kind[PieceKind::Pawn.index()]) != 0
            || (attacks::knight(sq) & them & self.by_kind[PieceKind::Knight.index()]) != 0
            || (attacks::king(sq) & them & self.by_kind[PieceKind::King.index()]) != 0
            || (attacks::bishop(sq, occ)
                & them
                & (self.by_kind[PieceKind::Bishop.index()] | queens))
                != 0
            || (attacks::rook(sq, occ) & them & (self.by_kind[PieceKind::Rook.index()] | queens))
                != 0
    }
}

/// What [`Position::make`] must remember so that [`Position::unmake`] restores everything.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Undo {
    captured: Option<PieceRef>,
    castling: CastlingRights,
    ep: Option<Square>,
    halfmove: u16,
    hash: u64,
}

impl Undo {
    /// A placeholder for unused history slots.
    pub const NONE: Undo = Undo {
        captured: None,
        castling: CastlingRights::NONE,
        ep: None,
        halfmove: 0,
        hash: 0,
    };
}

/// A position: the board plus side to move, castling rights, en passant square and clocks.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Position {
    board: Board,
    side: Color,
    castling: CastlingRights,
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u16,
    hash: u64,
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    /// The initial position.
    pub fn startpos() -> Position {
        use PieceKind::*;
        let mut board = Board::empty();
        let back = [Rook, Knight, Bishop, Queen, King, Bishop, Knight, Rook];
        for color in Color::ALL {
            let home = Rank::First.relative_to(color);
            let pawns = Rank::Second.relative_to(color);
            // The king takes slot 0, the rest follow from the a-file.
            let _ = board.add(color, King, Square::at(CastlingSide::KING_FROM, home));
            for (file, kind) in File::ALL.into_iter().zip(back) {
                if kind != King {
                    let _ = board.add(color, kind, Square::at(file, home));
                }
            }
            for file in File::ALL {
                let _ = board.add(color, Pawn, Square::at(file, pawns));
            }
        }
        Position::from_parts(board, Color::White, CastlingRights::ALL, None, 0, 1)
    }

    /// Builds a position from its parts without checking legality (see `notation` for a checked
    /// FEN reader). An en passant square is kept only when a pawn of the side to move stands
    /// ready to take there (pins are not considered: repetition and FEN output use
    /// `notation::legal_ep_square`, which does).
    pub fn from_parts(
        board: Board,
        side: Color,
        castling: CastlingRights,
        ep: Option<Square>,
        halfmove: u16,
        fullmove: u16,
    ) -> Position {
        let mut pos = Position {
            board,
            side,
            castling,
            ep: None,
            halfmove,
            fullmove: fullmove.max(1),
            hash: 0,
        };
        if let Some(sq) = ep {
            if attacks::pawn(side.other(), sq) & pos.board.pieces_bb(side, PieceKind::Pawn) != 0 {
                pos.ep = Some(sq);
            }
        }
        pos.hash = pos.compute_hash();
        pos
    }

    /// The hash recomputed from scratch (equal to [`Position::hash`] at all times).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0u64;
        for color in Color::ALL {
            for p in self.board.pieces(color).iter().filter(|p| p.alive) {
                h ^= piece_key(p.color, p.kind, p.square);
            }
        }
        h ^= castling_key(self.castling) ^ ep_key(self.ep);
        if self.side == Color::Black {
            h ^= ZOBRIST.black;
        }
        h
    }

    /// The board.
    #[inline]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The castling rights.
    #[inline]
    pub fn castling(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant target square, kept only when a pawn stands ready to take there.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.ep
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }

    /// The move number, starting at 1 and growing after Black's move.
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }

    /// The Zobrist hash of pieces, side, castling rights and en passant square.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Forgets the en passant square (for repetition keys when no en passant capture is legal).
    pub fn clear_ep(&mut self) {
        self.hash ^= ep_key(self.ep);
        self.ep = None;
    }

    /// The side to move's king's attackers.
    #[inline]
    pub fn checkers(&self) -> Bitboard {
        let ksq = self.board.king_square(self.side);
        self.board.attackers(ksq, self.board.occupied()) & self.board.color_bb(self.side.other())
    }

    /// True when the side to move is in check.
    #[inline]
    pub fn in_check(&self) -> bool {
        let ksq = self.board.king_square(self.side);
        self.board
            .is_attacked_with(ksq, self.side.other(), self.board.occupied())
    }

    /// True when a piece of `by` attacks `sq`.
    #[inline]
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.board.is_attacked_with(sq, by, self.board.occupied())
    }

    /// Plays a legal move (from the move generator) and returns what undoes it.
    pub fn make(&mut self, mv: Move) -> Undo {
        let us = self.side;
        let them = us.other();
        let (from, to) = (mv.from(), mv.to());
        let undo = Undo {
            captured: None,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        let mut undo = undo;
        let mut hash = self.hash ^ ZOBRIST.black ^ ep_key(self.ep);
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);

        let Some(mover) = self.board.slot(from) else {
            // Not a move of this position: nothing to do but pass the turn consistently.
            self.side = them;
            self.hash = hash;
            return undo;
        };
        let kind = self.board.piece(mover).kind;

        if mv.is_capture() {
            let cap_sq = if mv.is_en_passant() {
                en_passant_victim(to, us)
            } else {
                to
            };
            if let Some(victim) = self.board.slot(cap_sq) {
                hash ^= piece_key(them, self.board.piece(victim).kind, cap_sq);
                self.board.remove(victim);
                undo.captured = Some(victim);
            }
            self.halfmove = 0;
        }

        hash ^= piece_key(us, kind, from) ^ piece_key(us, kind, to);
        self.board.relocate(mover, to);
        let p = self.board.piece_mut(mover);
        p.moves = p.moves.saturating_add(1);

        match kind {
            PieceKind::Pawn => {
                self.halfmove = 0;
                if let Some(promo) = mv.promotion_kind() {
                    self.board.set_kind(mover, promo);
                    hash ^= piece_key(us, PieceKind::Pawn, to) ^ piece_key(us, promo, to);
                } else if mv.is_double_push() {
                    let ep = from.with_rank(Rank::Third.relative_to(us));
                    if attacks::pawn(us, ep) & self.board.pieces_bb(them, PieceKind::Pawn) != 0 {
                        self.ep = Some(ep);
                        hash ^= ep_key(self.ep);
                    }
                }
            }
            PieceKind::King if mv.is_castling() => {
                let (rook_from, rook_to) = castling_rook(mv);
                if let Some(rook) = self.board.slot(rook_from) {
                    hash ^= piece_key(us, PieceKind::Rook, rook_from)
                        ^ piece_key(us, PieceKind::Rook, rook_to);
                    self.board.relocate(rook, rook_to);
                    let r = self.board.piece_mut(rook);
                    r.moves = r.moves.saturating_add(1);
                }
            }
            _ => {}
        }

        let rights = self
            .castling
            .without(CASTLING_LOST[from.index()].union(CASTLING_LOST[to.index()]));
        if rights != self.castling {
            hash ^= castling_key(self.castling) ^ castling_key(rights);
            self.castling = rights;
        }
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = them;
        self.hash = hash;
        undo
    }

    /// Takes back `mv`, which must be the last move made, with the `Undo` that `make` returned.
    pub fn unmake(&mut self, mv: Move, undo: &Undo) {
        let them = self.side;
        let us = them.other();
        let (from, to) = (mv.from(), mv.to());
        self.side = us;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_sub(1).max(1);
        }
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;

        let Some(mover) = self.board.slot(to) else {
            return;
        };
        if mv.promotion_kind().is_some() {
            self.board.set_kind(mover, PieceKind::Pawn);
        }
        self.board.relocate(mover, from);
        let p = self.board.piece_mut(mover);
        p.moves = p.moves.saturating_sub(1);
        if mv.is_castling() {
            let (rook_from, rook_to) = castling_rook(mv);
            if let Some(rook) = self.board.slot(rook_to) {
                self.board.relocate(rook, rook_from);
                let r = self.board.piece_mut(rook);
                r.moves = r.moves.saturating_sub(1);
            }
        }
        if let Some(victim) = undo.captured {
            let sq = self.board.piece(victim).square;
            self.board.put(victim, sq);
        }
    }

    /// Passes the turn (for null-move pruning); undone by [`Position::unmake_null`].
    pub fn make_null(&mut self) -> Undo {
        let undo = Undo {
            captured: None,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        self.hash ^= ZOBRIST.black ^ ep_key(self.ep);
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);
        self.side = self.side.other();
        undo
    }

    /// Takes back [`Position::make_null`].
    pub fn unmake_null(&mut self, undo: &Undo) {
        self.side = self.side.other();
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.hash = undo.hash;
    }
}

/// The rook's squares for a castling move (`a1`/`a1` for any other move).
#[inline]
fn castling_rook(mv: Move) -> (Square, Square) {
    match mv.castling_side() {
        Some(side) => (
            mv.from().with_file(side.rook_from()),
            mv.from().with_file(side.rook_to()),
        ),
        None => (Square::A1, Square::A1),
    }
}

/// The square of the pawn an en passant capture by `us` onto `ep` takes: the one that has just
/// passed over `ep`.
#[inline]
pub fn en_passant_victim(ep: Square, us: Color) -> Square {
    ep.with_rank(Rank::Fifth.relative_to(us))
}
