//! The position: a [`Board`] and the state that makes a position (side to move, castling rights,
//! en passant, clocks, hash), with `make`/`unmake`, the only way a move changes it.

use super::*;

/// What a move changes besides the pieces and the side to move: [`Position::make`] keeps it
/// whole in the [`Undo`], so that taking a move back copies it (sixteen bytes).
#[derive(Clone, Copy, Debug)]
struct State {
    hash: u64,
    halfmove: u16,
    fullmove: u16,
    castling: CastlingRights,
    ep: Option<Square>,
    /// The piece the move leading here captured: what [`Position::unmake`] puts back. It is
    /// bookkeeping, not part of the position (equality does not look at it).
    captured: Option<PieceRef>,
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        let key = |s: &State| (s.hash, s.halfmove, s.fullmove, s.castling, s.ep);
        key(self) == key(other)
    }
}

impl Eq for State {}

// The search keeps an Undo per ply: it stays two words.
const _: () = assert!(core::mem::size_of::<Undo>() == 16);

/// What [`Position::make`] must remember so that [`Position::unmake`] restores everything.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Undo(State);

impl Undo {
    /// A placeholder for unused history slots.
    pub const NONE: Undo = Undo(State {
        hash: 0,
        halfmove: 0,
        fullmove: 1,
        castling: CastlingRights::NONE,
        ep: None,
        captured: None,
    });
}

/// A position: the board plus side to move, castling rights, en passant square and clocks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Position {
    board: Board,
    side: Color,
    state: State,
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
            state: State {
                hash: 0,
                halfmove,
                fullmove: fullmove.max(1),
                castling,
                ep: None,
                captured: None,
            },
        };
        if let Some(sq) = ep {
            if attacks::pawn(side.other(), sq) & pos.board.pieces_bb(side, PieceKind::Pawn) != 0 {
                pos.state.ep = Some(sq);
            }
        }
        pos.state.hash = pos.compute_hash();
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
        h ^= castling_key(self.state.castling) ^ ep_key(self.state.ep);
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
        self.state.castling
    }

    /// The en passant target square, kept only when a pawn stands ready to take there.
    #[inline]
    pub fn ep_square(&self) -> Option<Square> {
        self.state.ep
    }

    /// Plies since the last capture or pawn move.
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.state.halfmove
    }

    /// The move number, starting at 1 and growing after Black's move.
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.state.fullmove
    }

    /// The Zobrist hash of pieces, side, castling rights and en passant square.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.state.hash
    }

    /// Forgets the en passant square (for repetition keys when no en passant capture is legal).
    pub fn clear_ep(&mut self) {
        self.state.hash ^= ep_key(self.state.ep);
        self.state.ep = None;
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
            if kind != PieceKind::Pawn || self.state.ep != Some(to) || !victim_is_pawn {
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
        let target = self.board.slot(mv.to());
        if mv.is_capture() {
            if mv.is_en_passant() {
                return self.fitting_pieces(mv);
            }
            match target {
                Some(r)
                    if r.color() != self.side && self.board.piece(r).kind != PieceKind::King =>
                {
                    Ok((mover, target))
                }
                _ => Err(IllegalMove::NothingToCapture),
            }
        } else if mv.is_castling() {
            self.fitting_pieces(mv)
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
            && self.state.castling.has(us, side)
            && self.board.piece_at(rook) == Some((us, PieceKind::Rook))
            && attacks::between(from, rook) & self.board.occupied() == 0
    }

    /// True when `mv` is a legal move of the side to move: it fits, its piece can make it, and
    /// afterwards no enemy piece attacks our king: exactly the moves the generator makes, found
    /// without generating them all (the game checks a player's move with it, the search a move
    /// from its table).
    pub fn is_legal(&self, mv: Move) -> bool {
        if !mv.has_known_flag() || self.fits(mv).is_err() || !self.piece_can_move(mv) {
            return false;
        }
        let b = &self.board;
        let us = self.side;
        let (from, to) = (mv.from(), mv.to());
        // The board after the move, as far as attacks on our king go: the mover on its target,
        // a captured piece gone (it attacks nothing), a castling rook on its new square.
        let mut taken = to.bit();
        if mv.is_en_passant() {
            taken = en_passant_victim(to, us).bit();
        }
        let mut occ = (b.occupied() & !from.bit() & !taken) | to.bit();
        if mv.is_castling() {
            let (rook_from, rook_to) = castling_rook(mv);
            occ = (occ & !rook_from.bit()) | rook_to.bit();
        }
        let king = if b.kind_at(from) == Some(PieceKind::King) {
            to
        } else {
            b.king_square(us)
        };
        b.attackers(king, occ) & b.color_bb(us.other()) & !taken == 0
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
    #[inline(never)]
    fn play(&mut self, mv: Move, mover: PieceRef, victim: Option<PieceRef>) -> Undo {
        let us = self.side;
        let them = us.other();
        let (from, to) = (mv.from(), mv.to());
        let undo = Undo(self.state);
        self.state.captured = victim;
        let mut hash = self.state.hash ^ ZOBRIST.black ^ ep_key(self.state.ep);
        self.state.ep = None;

        if let Some(victim) = victim {
            let sq = if mv.is_en_passant() {
                en_passant_victim(to, us)
            } else {
                to
            };
            let kind = self.board.piece(victim).kind;
            hash ^= piece_key(them, kind, sq);
            self.board.lift(victim, (them, kind), sq);
        }

        let kind = self.board.piece(mover).kind;
        hash ^= piece_key(us, kind, from) ^ piece_key(us, kind, to);
        self.board.step(mover, (us, kind), from, to);
        match kind {
            PieceKind::Pawn => hash ^= self.after_pawn_move(mv, mover),
            PieceKind::King if mv.is_castling() => hash ^= self.castle_rook(mv),
            _ => {}
        }
        // A capture or a pawn move starts the count again.
        self.state.halfmove = if victim.is_some() || kind == PieceKind::Pawn {
            0
        } else {
            self.state.halfmove.saturating_add(1)
        };
        hash ^= self.lose_castling_rights(from, to);
        if us == Color::Black {
            self.state.fullmove = self.state.fullmove.saturating_add(1);
        }
        self.side = them;
        self.state.hash = hash;
        undo
    }

    /// A pawn's move promotes it on the last rank and after a double step opens en passant
    /// when an enemy pawn can take. Returns the change of the hash.
    #[inline(always)]
    fn after_pawn_move(&mut self, mv: Move, pawn: PieceRef) -> u64 {
        let us = self.side;
        if let Some(promo) = mv.promotion_kind() {
            return self.promote(pawn, promo, mv.to());
        }
        if mv.is_double_push() {
            let ep = mv.from().with_rank(Rank::Third.relative_to(us));
            let their_pawns = self.board.pieces_bb(us.other(), PieceKind::Pawn);
            if attacks::pawn(us, ep) & their_pawns != 0 {
                self.state.ep = Some(ep);
                return ep_key(self.state.ep);
            }
        }
        0
    }

    /// Turns `pawn`, arrived on `to`, into a `promo`. Returns the change of the hash.
    #[cold]
    #[inline(never)]
    fn promote(&mut self, pawn: PieceRef, promo: PieceKind, to: Square) -> u64 {
        self.board.set_kind(pawn, promo);
        piece_key(self.side, PieceKind::Pawn, to) ^ piece_key(self.side, promo, to)
    }

    /// The rook's half of castling move `mv`. Returns the change of the hash.
    #[cold]
    #[inline(never)]
    fn castle_rook(&mut self, mv: Move) -> u64 {
        let (rook_from, rook_to) = castling_rook(mv);
        let Some(rook) = self.board.slot(rook_from) else {
            return 0;
        };
        self.board
            .step(rook, (self.side, PieceKind::Rook), rook_from, rook_to);
        piece_key(self.side, PieceKind::Rook, rook_from)
            ^ piece_key(self.side, PieceKind::Rook, rook_to)
    }

    /// Removes the castling rights a move from `from` to `to` loses. Returns the change of the
    /// hash.
    #[inline(always)]
    fn lose_castling_rights(&mut self, from: Square, to: Square) -> u64 {
        // Most moves touch no home square of a king or rook.
        if (from.bit() | to.bit()) & CASTLING_SQUARES == 0 {
            return 0;
        }
        let lost = CASTLING_LOST[from.index()].union(CASTLING_LOST[to.index()]);
        let rights = self.state.castling.without(lost);
        if rights == self.state.castling {
            return 0;
        }
        let change = castling_key(self.state.castling) ^ castling_key(rights);
        self.state.castling = rights;
        change
    }

    /// Takes back `mv` with the `Undo` that [`Position::make`] returned for it.
    ///
    /// The contract: `mv` is the last move made. Debug builds assert that its piece stands on its
    /// target square and that the position is consistent afterwards; a release build given a
    /// move whose piece is not there restores the side, rights and clocks but no piece.
    #[inline(always)]
    pub fn unmake(&mut self, mv: Move, undo: &Undo) {
        let them = self.side;
        let us = them.other();
        let (from, to) = (mv.from(), mv.to());
        self.side = us;
        let captured = self.state.captured;
        self.state = undo.0;

        let mover = self.board.slot(to).filter(|r| r.color() == us);
        debug_assert!(
            mover.is_some(),
            "Position::unmake: {mv:?} is not the last move made"
        );
        let Some(mover) = mover else {
            return;
        };
        let kind = if mv.promotion_kind().is_some() {
            self.board.set_kind(mover, PieceKind::Pawn);
            PieceKind::Pawn
        } else {
            self.board.piece(mover).kind
        };
        self.board.step_back(mover, (us, kind), from, to);
        if mv.is_castling() {
            let (rook_from, rook_to) = castling_rook(mv);
            if let Some(rook) = self.board.slot(rook_to) {
                self.board
                    .step_back(rook, (us, PieceKind::Rook), rook_from, rook_to);
            }
        }
        if let Some(victim) = captured {
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
            && self.state.hash == self.compute_hash()
    }

    /// Passes the turn (for null-move pruning); undone by [`Position::unmake_null`]. The
    /// contract: the side to move is not in check (its king could be taken next).
    pub fn make_null(&mut self) -> Undo {
        debug_assert!(!self.in_check(), "Position::make_null in check: {self:?}");
        let undo = Undo(self.state);
        self.state.captured = None;
        self.state.hash ^= ZOBRIST.black ^ ep_key(self.state.ep);
        self.state.ep = None;
        self.state.halfmove = self.state.halfmove.saturating_add(1);
        self.side = self.side.other();
        undo
    }

    /// Takes back [`Position::make_null`].
    pub fn unmake_null(&mut self, undo: &Undo) {
        self.side = self.side.other();
        self.state = undo.0;
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
