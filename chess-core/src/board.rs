//! The logical board and the position: two 16-piece arrays, 64 slots referring into them, derived
//! bitboards and the state that makes a position (side to move, castling, en passant, clocks).
//!
//! Everything that changes a square goes through [`Board::put`], [`Board::lift`],
//! [`Board::step`] and [`Board::step_back`], so the arrays, the slots and the bitboards always
//! agree.

use crate::attacks::{self, Bitboard};
use crate::piece::{
    CastlingSide, Color, File, Move, Piece, PieceKind, PieceRef, Rank, Square, PIECES_PER_SIDE,
};

/// Zobrist keys, generated at compile time by splitmix64.
struct Zobrist {
    /// By kind, then colour, then square (the colour inside, so that finding a piece's row
    /// takes one address computation).
    pieces: [[[u64; Square::COUNT]; Color::COUNT]; PieceKind::COUNT],
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
    let mut pieces = [[[0; Square::COUNT]; Color::COUNT]; PieceKind::COUNT];
    let mut c = 0;
    while c < Color::COUNT {
        let mut k = 0;
        while k < PieceKind::COUNT {
            let mut sq = 0;
            while sq < Square::COUNT {
                pieces[k][c][sq] = splitmix(&mut s);
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
    ZOBRIST.pieces[kind.index()][color.index()][sq.index()]
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
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Board {
    /// White's array, then Black's: one array, so that a [`PieceRef`] is its index.
    pieces: [Piece; PieceRef::COUNT],
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
            pieces: [Piece::EMPTY; PieceRef::COUNT],
            slots: [None; Square::COUNT],
            by_color: [0; Color::COUNT],
            by_kind: [0; PieceKind::COUNT],
        }
    }

    /// The piece array of one side (dead pieces and unused slots have `alive == false`).
    pub fn pieces(&self, color: Color) -> &[Piece; PIECES_PER_SIDE] {
        let side = match color {
            Color::White => self.pieces.first_chunk(),
            Color::Black => self.pieces.last_chunk(),
        };
        // Never empty: the array holds both sides.
        side.unwrap_or(&[Piece::EMPTY; PIECES_PER_SIDE])
    }

    /// The piece a reference points to.
    #[inline]
    pub fn piece(&self, r: PieceRef) -> &Piece {
        &self.pieces[r.index()]
    }

    #[inline]
    fn piece_mut(&mut self, r: PieceRef) -> &mut Piece {
        &mut self.pieces[r.index()]
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
        let slot = self
            .pieces(color)
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

    /// Moves `r`, a `kind` of `color` on `from`, to the empty square `to` and counts the move in
    /// its record: a piece moving from one square to another.
    #[inline(always)]
    fn step(&mut self, r: PieceRef, (color, kind): (Color, PieceKind), from: Square, to: Square) {
        debug_assert!(
            self.slots[to.index()].is_none(),
            "step onto occupied {to:?}"
        );
        let p = self.piece_mut(r);
        debug_assert!(
            (p.color, p.kind, p.square, p.alive) == (color, kind, from, true),
            "step of {r:?}: the record says {p:?}, not a {color:?} {kind:?} on {from:?}"
        );
        p.square = to;
        // Wrapping, so that step_back undoes it exactly (a game's 1024 half-moves never wrap it).
        p.moves = p.moves.wrapping_add(1);
        let change = from.bit() | to.bit();
        self.slots[from.index()] = None;
        self.slots[to.index()] = Some(r);
        self.by_color[color.index()] ^= change;
        self.by_kind[kind.index()] ^= change;
    }

    /// Takes back [`Board::step`]: `r`, a `kind` of `color` on `to`, returns to the empty square
    /// `from` and its record forgets the move.
    #[inline(always)]
    fn step_back(
        &mut self,
        r: PieceRef,
        (color, kind): (Color, PieceKind),
        from: Square,
        to: Square,
    ) {
        debug_assert!(
            self.slots[from.index()].is_none(),
            "step back onto occupied {from:?}"
        );
        let p = self.piece_mut(r);
        debug_assert!(
            (p.color, p.kind, p.square, p.alive) == (color, kind, to, true),
            "step back of {r:?}: the record says {p:?}, not a {color:?} {kind:?} on {to:?}"
        );
        p.square = from;
        p.moves = p.moves.wrapping_sub(1);
        let change = from.bit() | to.bit();
        self.slots[to.index()] = None;
        self.slots[from.index()] = Some(r);
        self.by_color[color.index()] ^= change;
        self.by_kind[kind.index()] ^= change;
    }

    /// Takes `r`, a `kind` of `color` on `sq`, off the board (it stays in its array, marked
    /// dead): a capture.
    #[inline(always)]
    fn lift(&mut self, r: PieceRef, (color, kind): (Color, PieceKind), sq: Square) {
        let p = self.piece_mut(r);
        debug_assert!(
            (p.color, p.kind, p.square, p.alive) == (color, kind, sq, true),
            "lift of {r:?}: the record says {p:?}, not a {color:?} {kind:?} on {sq:?}"
        );
        p.alive = false;
        self.slots[sq.index()] = None;
        self.by_color[color.index()] ^= sq.bit();
        self.by_kind[kind.index()] ^= sq.bit();
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

// One path for both builds: the kernel mounts this file with #[path], which changes where a
// plain `mod` would look.
#[path = "board/castling.rs"]
mod castling;
#[path = "board/position.rs"]
mod position;

pub use castling::CastlingRights;
use castling::{CASTLING_LOST, CASTLING_SQUARES};
pub use position::{en_passant_victim, Position, Undo};
