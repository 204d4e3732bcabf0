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

impl core::fmt::Display for PlaceError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            PlaceError::Occupied => "the square already holds a piece",
            PlaceError::TooManyPieces => "the side already has 16 pieces",
        })
    }
}

/// Why [`Position::make`] refused a move: it does not fit the position (see
/// [`Position::fits`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum IllegalMove {
    /// No piece of the side to move stands on the move's first square.
    NoPieceToMove,
    /// The target square is taken, and the move is not a capture.
    TargetOccupied,
    /// The move is a capture, but no enemy piece other than the king stands on the target.
    NothingToCapture,
    /// The move is an en passant capture, but there is none onto that square.
    NoEnPassant,
    /// A promotion or a double step by something other than a pawn, a pawn reaching the last
    /// rank without promoting (or promoting elsewhere), or a double step that cannot be made.
    PawnMove,
    /// The move castles, but the king, the right or the rook's path does not allow it.
    NoCastling,
}

impl core::fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            IllegalMove::NoPieceToMove => "the side to move has no piece on the starting square",
            IllegalMove::TargetOccupied => "the target square is occupied",
            IllegalMove::NothingToCapture => "there is nothing to capture on the target square",
            IllegalMove::NoEnPassant => "no en passant capture is possible there",
            IllegalMove::PawnMove => "that pawn move is not possible here",
            IllegalMove::NoCastling => "castling is not possible here",
        })
    }
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
        debug_assert!(self.slots[sq.index()].is_none(), "put onto occupied {sq:?}");
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
        debug_assert!(self.piece(r).alive, "remove of a captured piece {r:?}");
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
        debug_assert!(
            self.slots[to.index()].is_none() || self.piece(r).square == to,
            "relocate onto occupied {to:?}"
        );
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

    /// True when the arrays, the slots and the bitboards agree: every living piece is referred
    /// to by its square's slot and counted in its colour's and kind's bitboards, every slot
    /// refers to a living piece standing there, and the bitboards hold nothing else.
    pub fn is_consistent(&self) -> bool {
        let mut by_color = [0; Color::COUNT];
        let mut by_kind = [0; PieceKind::COUNT];
        for color in Color::ALL {
            for (slot, p) in self.pieces(color).iter().enumerate() {
                let r = PieceRef::new(color, slot as u8);
                if !p.alive {
                    continue;
                }
                if p.color != color || self.slot(p.square) != Some(r) {
                    return false;
                }
                by_color[color.index()] |= p.square.bit();
                by_kind[p.kind.index()] |= p.square.bit();
            }
        }
        let slots_agree = self.slots.iter().enumerate().all(|(i, s)| match s {
            Some(r) => self.piece(*r).alive && self.piece(*r).square.index() == i,
            None => true,
        });
        slots_agree && by_color == self.by_color && by_kind == self.by_kind
    }

    /// True when the slot, the piece records and the bitboards agree on `sq`: it is empty in all
    /// of them, or its slot refers to a living piece standing there, counted in its colour's and
    /// its kind's bitboards (in no other ones when [`Board::bitboards_agree`]).
    #[inline]
    pub fn agrees_on(&self, sq: Square) -> bool {
        let bit = sq.bit();
        match self.slots[sq.index()] {
            None => self.occupied() & bit == 0,
            Some(r) => {
                let p = self.piece(r);
                p.alive
                    && p.square == sq
                    && p.color == r.color()
                    && self.pieces_bb(p.color, p.kind) & bit != 0
            }
        }
    }

    /// True when the bitboards agree among themselves: no square in both colours or in two
    /// kinds, and the colours covering the same squares as the kinds.
    #[inline]
    pub fn bitboards_agree(&self) -> bool {
        let mut kinds: Bitboard = 0;
        let mut overlap: Bitboard = 0;
        for bb in self.by_kind {
            overlap |= kinds & bb;
            kinds |= bb;
        }
        self.by_color[Color::White.index()] & self.by_color[Color::Black.index()] == 0
            && overlap == 0
            && kinds == self.occupied()
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

    /// Builds a position from its parts without checking legality (see `fen` for a checked
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

    /// Plays `mv` and returns what undoes it.
    ///
    /// The contract: `mv` is a legal move of this position (from the move generator, or checked
    /// against it as [`Game::play`](crate::game::Game::play) does). Debug builds assert it, and
    /// that the board agrees with itself afterwards. A release build still refuses a move that
    /// would corrupt the board (no piece of the side to move to move, an occupied target for a
    /// move that does not capture, nothing or a king to capture, castling without its rook or
    /// over pieces), leaving the position unchanged; any other illegal move is played as given.
    #[inline]
    pub fn make(&mut self, mv: Move) -> Result<Undo, IllegalMove> {
        debug_assert!(
            self.fits(mv).is_ok() && self.piece_can_move(mv),
            "Position::make: {mv:?} is not a legal move of {self:?}"
        );
        let (mover, victim) = self.safe_pieces(mv)?;
        let undo = self.play(mv, mover, victim);
        debug_assert!(
            !self.is_attacked(self.board.king_square(self.side.other()), self.side),
            "Position::make: {mv:?} left its king in check in {self:?}"
        );
        debug_assert!(
            self.agrees_after(mv, self.side.other()),
            "Position::make({mv:?}) left the board inconsistent: {self:?}"
        );
        Ok(undo)
    }

    /// Whether `mv` fits this position: a piece of the side to move on its first square, a target
    /// that suits the move's flag (empty, or an enemy piece other than the king to capture), and
    /// pawn moves, en passant and castling where the position allows them. Every legal move
    /// fits; a move that fits is not necessarily legal (geometry and check are not looked at).
    pub fn fits(&self, mv: Move) -> Result<(), IllegalMove> {
        self.fitting_pieces(mv).map(|_| ())
    }

    /// [`Position::fits`], returning the mover and the piece it captures.
    #[inline(never)]
    fn fitting_pieces(&self, mv: Move) -> Result<(PieceRef, Option<PieceRef>), IllegalMove> {
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        let mover = match self.board.slot(from) {
            Some(r) if r.color() == us => r,
            _ => return Err(IllegalMove::NoPieceToMove),
        };
        let kind = self.board.piece(mover).kind;
        let target = self.board.slot(to);
        let victim = if mv.is_en_passant() {
            let victim = self.board.slot(en_passant_victim(to, us));
            let victim_is_pawn = victim.map(|r| (r.color(), self.board.piece(r).kind))
                == Some((us.other(), PieceKind::Pawn));
            if kind != PieceKind::Pawn || self.ep != Some(to) || !victim_is_pawn {
                return Err(IllegalMove::NoEnPassant);
            }
            victim
        } else if mv.is_capture() {
            match target.map(|r| (r.color(), self.board.piece(r).kind)) {
                Some((color, victim)) if color != us && victim != PieceKind::King => target,
                _ => return Err(IllegalMove::NothingToCapture),
            }
        } else if target.is_some() {
            return Err(IllegalMove::TargetOccupied);
        } else {
            None
        };
        if kind == PieceKind::Pawn {
            let promotes = to.bit() & Rank::Eighth.relative_to(us).bitboard() != 0;
            if promotes != mv.promotion_kind().is_some() {
                return Err(IllegalMove::PawnMove);
            }
            if mv.is_double_push() && !self.double_push_fits(from, to) {
                return Err(IllegalMove::PawnMove);
            }
        } else if mv.promotion_kind().is_some() || mv.is_double_push() {
            return Err(IllegalMove::PawnMove);
        }
        if let Some(side) = mv.castling_side() {
            if !self.castling_fits(kind, from, to, side) {
                return Err(IllegalMove::NoCastling);
            }
        }
        Ok((mover, victim))
    }

    /// The piece that makes `mv` and the one it captures, if playing it cannot corrupt the
    /// board: the part of [`Position::fits`] that [`Position::make`] checks in release builds too.
    #[inline(always)]
    fn safe_pieces(&self, mv: Move) -> Result<(PieceRef, Option<PieceRef>), IllegalMove> {
        let mover = match self.board.slot(mv.from()) {
            Some(r) if r.color() == self.side => r,
            _ => return Err(IllegalMove::NoPieceToMove),
        };
        if mv.is_en_passant() || mv.is_castling() {
            return self.fitting_pieces(mv);
        }
        let target = self.board.slot(mv.to());
        if mv.is_capture() {
            match target {
                Some(r)
                    if r.color() != self.side && self.board.piece(r).kind != PieceKind::King =>
                {
                    Ok((mover, target))
                }
                _ => Err(IllegalMove::NothingToCapture),
            }
        } else if target.is_some() {
            Err(IllegalMove::TargetOccupied)
        } else {
            Ok((mover, None))
        }
    }

    /// A pawn's two-square advance from its second rank over an empty square.
    #[inline]
    fn double_push_fits(&self, from: Square, to: Square) -> bool {
        let us = self.side;
        let passed = from.with_rank(Rank::Third.relative_to(us));
        from.bit() & Rank::Second.relative_to(us).bitboard() != 0
            && to == from.with_rank(Rank::Fourth.relative_to(us))
            && self.board.slot(passed).is_none()
    }

    /// The king on its home square, the right, our rook in its corner, nothing between them, and
    /// the king going to its castling square. (Whether the king passes through check is a
    /// matter of legality, not of fit.)
    #[inline]
    fn castling_fits(&self, kind: PieceKind, from: Square, to: Square, side: CastlingSide) -> bool {
        let us = self.side;
        let home = Square::at(CastlingSide::KING_FROM, Rank::First.relative_to(us));
        let rook = from.with_file(side.rook_from());
        kind == PieceKind::King
            && from == home
            && to == from.with_file(side.king_to())
            && self.castling.has(us, side)
            && self.board.piece_at(rook) == Some((us, PieceKind::Rook))
            && attacks::between(from, rook) & self.board.occupied() == 0
    }

    /// Whether the piece on `mv`'s first square can make it: its attack or push geometry, and
    /// for castling a king not in check that does not pass over an attacked square. A move that
    /// fits ([`Position::fits`]), that its piece can make and that does not leave the king in
    /// check is legal: [`Position::make`] asserts these in debug builds.
    pub fn piece_can_move(&self, mv: Move) -> bool {
        let b = &self.board;
        let (from, to) = (mv.from(), mv.to());
        let occupied = b.occupied();
        let reaches = |targets: Bitboard| targets & to.bit() != 0;
        match b.kind_at(from) {
            None => false,
            Some(PieceKind::Pawn) if mv.is_capture() => reaches(attacks::pawn(self.side, from)),
            // The double step's geometry is part of its fit.
            Some(PieceKind::Pawn) if mv.is_double_push() => true,
            Some(PieceKind::Pawn) => {
                reaches(attacks::shift(from.bit(), attacks::forward(self.side)))
            }
            Some(PieceKind::Knight) => reaches(attacks::knight(from)),
            Some(PieceKind::Bishop) => reaches(attacks::bishop(from, occupied)),
            Some(PieceKind::Rook) => reaches(attacks::rook(from, occupied)),
            Some(PieceKind::Queen) => reaches(attacks::queen(from, occupied)),
            Some(PieceKind::King) => match mv.castling_side() {
                Some(side) => {
                    !self.in_check()
                        && !self.is_attacked(from.with_file(side.rook_to()), self.side.other())
                }
                None => reaches(attacks::king(from)),
            },
        }
    }

    /// True when the board agrees with itself wherever a move by `mover` changed it: its two
    /// squares, the rook's squares or the captured pawn's, and the bitboards as a whole.
    fn agrees_after(&self, mv: Move, mover: Color) -> bool {
        let b = &self.board;
        let rook_agrees = || {
            let (rook_from, rook_to) = castling_rook(mv);
            b.agrees_on(rook_from) && b.agrees_on(rook_to)
        };
        b.bitboards_agree()
            && b.agrees_on(mv.from())
            && b.agrees_on(mv.to())
            && (!mv.is_castling() || rook_agrees())
            && (!mv.is_en_passant() || b.agrees_on(en_passant_victim(mv.to(), mover)))
    }

    /// Plays a move that fits (see [`Position::fits`]): `mover` makes it, taking `victim`.
    #[inline(always)]
    fn play(&mut self, mv: Move, mover: PieceRef, victim: Option<PieceRef>) -> Undo {
        let us = self.side;
        let them = us.other();
        let (from, to) = (mv.from(), mv.to());
        let mut undo = Undo {
            captured: None,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        };
        let mut hash = self.hash ^ ZOBRIST.black ^ ep_key(self.ep);
        self.ep = None;
        self.halfmove = self.halfmove.saturating_add(1);

        if let Some(victim) = victim {
            let v = self.board.piece(victim);
            hash ^= piece_key(them, v.kind, v.square);
            self.board.remove(victim);
            undo.captured = Some(victim);
            self.halfmove = 0;
        }

        let kind = self.board.piece(mover).kind;
        hash ^= piece_key(us, kind, from) ^ piece_key(us, kind, to);
        self.board.relocate(mover, to);
        let p = self.board.piece_mut(mover);
        p.moves = p.moves.saturating_add(1);

        hash ^= match kind {
            PieceKind::Pawn => self.after_pawn_move(mv, mover),
            PieceKind::King if mv.is_castling() => self.castle_rook(mv),
            _ => 0,
        };
        hash ^= self.lose_castling_rights(from, to);
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = them;
        self.hash = hash;
        undo
    }

    /// A pawn's move resets the clock, promotes it on the last rank and after a double step
    /// opens en passant when an enemy pawn can take. Returns the change of the hash.
    #[inline(always)]
    fn after_pawn_move(&mut self, mv: Move, pawn: PieceRef) -> u64 {
        let us = self.side;
        self.halfmove = 0;
        if let Some(promo) = mv.promotion_kind() {
            self.board.set_kind(pawn, promo);
            return piece_key(us, PieceKind::Pawn, mv.to()) ^ piece_key(us, promo, mv.to());
        }
        if mv.is_double_push() {
            let ep = mv.from().with_rank(Rank::Third.relative_to(us));
            let their_pawns = self.board.pieces_bb(us.other(), PieceKind::Pawn);
            if attacks::pawn(us, ep) & their_pawns != 0 {
                self.ep = Some(ep);
                return ep_key(self.ep);
            }
        }
        0
    }

    /// The rook's half of castling move `mv`. Returns the change of the hash.
    #[inline(always)]
    fn castle_rook(&mut self, mv: Move) -> u64 {
        let (rook_from, rook_to) = castling_rook(mv);
        let Some(rook) = self.board.slot(rook_from) else {
            return 0;
        };
        self.board.relocate(rook, rook_to);
        let r = self.board.piece_mut(rook);
        r.moves = r.moves.saturating_add(1);
        piece_key(self.side, PieceKind::Rook, rook_from)
            ^ piece_key(self.side, PieceKind::Rook, rook_to)
    }

    /// Removes the castling rights a move from `from` to `to` loses. Returns the change of the
    /// hash.
    #[inline(always)]
    fn lose_castling_rights(&mut self, from: Square, to: Square) -> u64 {
        let lost = CASTLING_LOST[from.index()].union(CASTLING_LOST[to.index()]);
        let rights = self.castling.without(lost);
        if rights == self.castling {
            return 0;
        }
        let change = castling_key(self.castling) ^ castling_key(rights);
        self.castling = rights;
        change
    }

    /// Takes back `mv` with the `Undo` that [`Position::make`] returned for it.
    ///
    /// The contract: `mv` is the last move made. Debug builds assert that its piece stands on its
    /// target square and that the position is consistent afterwards; a release build given a
    /// move whose piece is not there restores the side, rights and clocks but no piece.
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

        let mover = self.board.slot(to);
        debug_assert!(
            mover.is_some_and(|r| r.color() == us),
            "Position::unmake: {mv:?} is not the last move made"
        );
        let Some(mover) = mover else {
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
        debug_assert!(
            self.agrees_after(mv, self.side),
            "Position::unmake({mv:?}) left the board inconsistent: {self:?}"
        );
    }

    /// True when the position holds together: the board's arrays, slots and bitboards agree
    /// ([`Board::is_consistent`]), each side has one king, the side that just moved is not in
    /// check, and the hash matches [`Position::compute_hash`]. Every position reached by legal
    /// moves from a FEN the reader accepts is consistent. ([`Position::make`] checks only the
    /// squares it touches: this looks at everything, for [`Game`](crate::game::Game) and tests.)
    pub fn is_consistent(&self) -> bool {
        let b = &self.board;
        let one_king = |c: Color| b.pieces_bb(c, PieceKind::King).count_ones() == 1;
        b.is_consistent()
            && one_king(Color::White)
            && one_king(Color::Black)
            && !self.is_attacked(b.king_square(self.side.other()), self.side)
            && self.hash == self.compute_hash()
    }

    /// Passes the turn (for null-move pruning); undone by [`Position::unmake_null`]. The
    /// contract: the side to move is not in check (its king could be taken next).
    pub fn make_null(&mut self) -> Undo {
        debug_assert!(!self.in_check(), "Position::make_null in check: {self:?}");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn castling_rights_combine_by_name() {
        assert_eq!(
            [
                CastlingRights::WHITE_KING,
                CastlingRights::WHITE_QUEEN,
                CastlingRights::BLACK_KING,
                CastlingRights::BLACK_QUEEN
            ]
            .map(CastlingRights::bits),
            [1, 2, 4, 8]
        );
        let rights = CastlingRights::ALL.without(CastlingRights::both(Color::White));
        assert!(!rights.has(Color::White, CastlingSide::King));
        assert!(rights.has(Color::Black, CastlingSide::Queen));
        assert_eq!(
            rights,
            CastlingRights::BLACK_KING.union(CastlingRights::BLACK_QUEEN)
        );
        assert!(CastlingRights::from_bits(0xf0).is_empty());
    }

    #[test]
    fn a_king_or_rook_leaving_home_loses_its_rights() {
        assert_eq!(
            CASTLING_LOST[Square::E1.index()],
            CastlingRights::both(Color::White)
        );
        assert_eq!(
            CASTLING_LOST[Square::A8.index()],
            CastlingRights::BLACK_QUEEN
        );
        assert_eq!(
            CASTLING_LOST[Square::H8.index()],
            CastlingRights::BLACK_KING
        );
        assert_eq!(CASTLING_LOST[Square::E4.index()], CastlingRights::NONE);
    }
}
