//! A game: the position, a fixed-capacity history for undo and repetition, and the result.

use crate::attacks::DARK_SQUARES;
use crate::board::{Position, Undo};
use crate::movegen;
use crate::notation::{self, MoveText};
use crate::piece::{Color, Move, PieceKind};

/// How many half-moves a game can hold; a game that reaches it is drawn (see `docs/PROTOCOL.md`).
pub const MAX_HISTORY: usize = 1024;
/// Half-moves without a capture or a pawn move after which the game is drawn (the fifty-move
/// rule, applied at once as the protocol has no claims).
pub const FIFTY_MOVE_PLIES: u16 = 100;
/// How often a position must occur for a draw by repetition.
pub const REPETITION_DRAW_COUNT: usize = 3;

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DrawReason {
    /// The same position arose for the third time.
    Repetition,
    /// 100 half-moves without a capture or a pawn move.
    FiftyMoves,
    /// Neither side can mate.
    InsufficientMaterial,
    /// The game reached [`MAX_HISTORY`] half-moves.
    Length,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    /// The side to move is checkmated; `winner` delivered it.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// A draw by rule.
    Draw(DrawReason),
    /// `loser` resigned.
    Resignation {
        /// The side that resigned.
        loser: Color,
    },
}

/// The state of the game after a move, in the order the rules are checked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    /// The game goes on; `check` when the side to move is in check.
    Ongoing {
        /// The side to move is in check.
        check: bool,
    },
    /// The game is over.
    Over(Outcome),
}

/// One half-move of the history.
#[derive(Clone, Copy, Debug)]
pub struct Ply {
    mv: Move,
    undo: Undo,
    /// The mover's kind before the move (a promoting pawn is a pawn here).
    kind: PieceKind,
    /// The kind taken, if any.
    captured: Option<PieceKind>,
    /// The repetition key of the position after the move.
    key: u64,
}

impl Ply {
    /// An unused history slot.
    pub const EMPTY: Ply = Ply {
        mv: Move::NULL,
        undo: Undo::NONE,
        kind: PieceKind::Pawn,
        captured: None,
        key: 0,
    };
}

/// Storage for a game's history: an inline array, or a heap buffer in the kernel. Its length
/// is the game's capacity in half-moves (at most [`MAX_HISTORY`] are used).
pub trait HistoryStore: AsRef<[Ply]> + AsMut<[Ply]> {}

impl<T: AsRef<[Ply]> + AsMut<[Ply]>> HistoryStore for T {}

/// The inline history of [`MAX_HISTORY`] half-moves.
pub type InlineHistory = [Ply; MAX_HISTORY];

/// Why a move was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlayError {
    /// The game is over.
    GameOver,
    /// The move is not legal here.
    Illegal,
}

impl core::fmt::Display for PlayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            PlayError::GameOver => "the game is over",
            PlayError::Illegal => "the move is not legal in this position",
        })
    }
}

/// A game of chess from some starting position, its history kept in `H`.
#[derive(Clone)]
pub struct Game<H: HistoryStore = InlineHistory> {
    pos: Position,
    start_key: u64,
    history: H,
    len: usize,
    outcome: Option<Outcome>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Position::startpos())
    }
}

impl Game {
    /// A game starting from `pos` with inline history; it is over at once if `pos` is final.
    pub fn new(pos: Position) -> Game {
        Game::with_history(pos, [Ply::EMPTY; MAX_HISTORY])
    }
}

/// The key that decides repetitions: pieces, side to move, castling rights, and the en passant
/// square only when an en passant capture is actually legal.
pub fn repetition_key(pos: &Position) -> u64 {
    match (pos.ep_square(), notation::legal_ep_square(pos)) {
        (Some(_), None) => {
            let mut p = *pos;
            p.clear_ep();
            p.hash()
        }
        _ => pos.hash(),
    }
}

/// True when neither side has mating material: no pawns, rooks or queens, and either bare
/// kings, a single knight besides the kings, or only bishops, all on squares of one colour.
pub fn insufficient_material(pos: &Position) -> bool {
    let b = pos.board();
    if b.kind_bb(PieceKind::Pawn) | b.kind_bb(PieceKind::Rook) | b.kind_bb(PieceKind::Queen) != 0 {
        return false;
    }
    let knights = b.kind_bb(PieceKind::Knight);
    let bishops = b.kind_bb(PieceKind::Bishop);
    if bishops == 0 {
        return knights.count_ones() <= 1;
    }
    knights == 0 && (bishops & DARK_SQUARES == 0 || bishops & !DARK_SQUARES == 0)
}

impl<H: HistoryStore> Game<H> {
    /// A game starting from `pos`, recording into `history`.
    pub fn with_history(pos: Position, history: H) -> Game<H> {
        let mut game = Game {
            start_key: repetition_key(&pos),
            pos,
            history,
            len: 0,
            outcome: None,
        };
        if let Status::Over(outcome) = game.evaluate() {
            game.outcome = Some(outcome);
        }
        game
    }

    /// Starts again from `pos`, reusing this game's storage.
    pub fn reset(&mut self, pos: Position) {
        self.start_key = repetition_key(&pos);
        self.pos = pos;
        self.len = 0;
        self.outcome = None;
        if let Status::Over(outcome) = self.evaluate() {
            self.outcome = Some(outcome);
        }
    }

    /// How many half-moves this game can hold.
    pub fn capacity(&self) -> usize {
        self.history.as_ref().len().min(MAX_HISTORY)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// True while moves can be played.
    pub fn is_ongoing(&self) -> bool {
        self.outcome.is_none()
    }

    /// The number of half-moves played.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True before the first half-move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves played, oldest first.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.plies().iter().map(|p| p.mv)
    }

    fn plies(&self) -> &[Ply] {
        self.history.as_ref().get(..self.len).unwrap_or(&[])
    }

    /// The repetition key of position `i` of the game (0 = the start, `len()` = now).
    fn key_at(&self, i: usize) -> u64 {
        match i.checked_sub(1) {
            None => self.start_key,
            Some(p) => self.history.as_ref().get(p).map_or(0, |ply| ply.key),
        }
    }

    /// The index of the oldest position the current one can still repeat: none before the last
    /// capture or pawn move.
    fn reversible_start(&self) -> usize {
        self.len
            .saturating_sub(usize::from(self.pos.halfmove_clock()))
    }

    /// The repetition key of the position `back` half-moves before the current one, if that
    /// position is still within reach of a repetition (no capture or pawn move since).
    pub fn key_before(&self, back: usize) -> Option<u64> {
        let i = self.len.checked_sub(back)?;
        (i >= self.reversible_start()).then(|| self.key_at(i))
    }

    /// Writes the repetition keys of the earlier positions that the current one could repeat,
    /// oldest first, into `out`, and returns how many (for repetition checks inside a search).
    pub fn repetition_keys(&self, out: &mut [u64]) -> usize {
        let mut n = 0;
        for i in self.reversible_start()..self.len {
            if let Some(slot) = out.get_mut(n) {
                *slot = self.key_at(i);
                n += 1;
            }
        }
        n
    }

    /// Writes the moves in MOVE notation, separated by single spaces.
    pub fn write_moves(&self, w: &mut notation::Writer<'_>) {
        // The mover's colour alternates from the side that moved first.
        let mut color = if self.len.is_multiple_of(2) {
            self.pos.side_to_move()
        } else {
            self.pos.side_to_move().other()
        };
        for (i, ply) in self.plies().iter().enumerate() {
            if i > 0 {
                w.byte(b' ');
            }
            let text = MoveText {
                color,
                kind: ply.kind,
                from: ply.mv.from(),
                to: ply.mv.to(),
                capture: ply.captured.map(|k| (color.other(), k)),
                promotion: ply.mv.promotion_kind().map(|k| (color, k)),
            };
            text.write(w);
            color = color.other();
        }
    }

    /// Plays a legal move and returns the new status.
    pub fn play(&mut self, mv: Move) -> Result<Status, PlayError> {
        if self.outcome.is_some() {
            return Err(PlayError::GameOver);
        }
        if !self.pos.is_legal(mv) {
            return Err(PlayError::Illegal);
        }
        if self.len >= self.capacity() {
            return Err(PlayError::GameOver);
        }
        let Some(slot) = self.history.as_mut().get_mut(self.len) else {
            return Err(PlayError::GameOver);
        };
        let b = self.pos.board();
        let kind = b.kind_at(mv.from()).unwrap_or(PieceKind::Pawn);
        let captured = if mv.is_en_passant() {
            Some(PieceKind::Pawn)
        } else if mv.is_capture() {
            b.kind_at(mv.to())
        } else {
            None
        };
        let Ok(undo) = self.pos.make(mv) else {
            return Err(PlayError::Illegal);
        };
        *slot = Ply {
            mv,
            undo,
            kind,
            captured,
            key: repetition_key(&self.pos),
        };
        self.len += 1;
        debug_assert!(
            self.pos.is_consistent(),
            "Game::play({mv:?}) left {:?}",
            self.pos
        );
        let status = self.evaluate();
        if let Status::Over(outcome) = status {
            self.outcome = Some(outcome);
        }
        Ok(status)
    }

    /// Takes back the last half-move (reopening a finished game); false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(ply) = self
            .len
            .checked_sub(1)
            .and_then(|i| self.history.as_ref().get(i))
            .copied()
        else {
            return false;
        };
        self.pos.unmake(ply.mv, &ply.undo);
        self.len -= 1;
        debug_assert!(self.pos.is_consistent(), "Game::undo left {:?}", self.pos);
        self.outcome = None;
        true
    }

    /// Ends the game by `loser`'s resignation.
    pub fn resign(&mut self, loser: Color) {
        if self.outcome.is_none() {
            self.outcome = Some(Outcome::Resignation { loser });
        }
    }

    /// How often the current position has occurred, counting itself.
    pub fn repetitions(&self) -> usize {
        let key = self.key_at(self.len);
        (self.reversible_start()..=self.len)
            .filter(|i| (self.len - i).is_multiple_of(2) && self.key_at(*i) == key)
            .count()
    }

    /// The status of the current position: checkmate, stalemate, draw, check, in that order.
    pub fn evaluate(&self) -> Status {
        let pos = &self.pos;
        let in_check = pos.in_check();
        if !movegen::has_legal_move(pos) {
            return Status::Over(if in_check {
                Outcome::Checkmate {
                    winner: pos.side_to_move().other(),
                }
            } else {
                Outcome::Stalemate
            });
        }
        if self.repetitions() >= REPETITION_DRAW_COUNT {
            return Status::Over(Outcome::Draw(DrawReason::Repetition));
        }
        if pos.halfmove_clock() >= FIFTY_MOVE_PLIES {
            return Status::Over(Outcome::Draw(DrawReason::FiftyMoves));
        }
        if insufficient_material(pos) {
            return Status::Over(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        if self.len >= self.capacity() {
            return Status::Over(Outcome::Draw(DrawReason::Length));
        }
        Status::Ongoing { check: in_check }
    }
}
