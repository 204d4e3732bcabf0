//! Continuation history: how often a quiet move by a kind of piece to a square caused a cutoff
//! right after the opponent moved a given piece to a given square, and right after the side to
//! move itself moved one two plies before. The plain history knows which moves are good; this
//! one knows which are good answers to the move just played, and good follow-ups to the
//! mover's own last move.
//!
//! The table is the caller's slice ([`CONTINUATION_SLOTS`] values, 1152 KiB), as the
//! correction history is; an empty slice disables it, and the search is then the plain
//! history's.

use super::history::gravity;
use crate::piece::{Color, PieceKind, Square};

/// The move a ply played, as the continuation history keys it: the moving piece (colour and
/// kind) and its target square. `NONE` for a null move or the ply before the root.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) struct Moved(u16);

/// Pieces by colour and kind, times squares: the keys a move can have.
const MOVED_KEYS: usize = Color::COUNT * PieceKind::COUNT * Square::COUNT;
/// The answers one key holds: a kind and a target square (the colour is the other side's).
const ANSWERS: usize = PieceKind::COUNT * Square::COUNT;
/// How many plies back the history looks: the opponent's last move and the mover's own.
pub(super) const PLIES_BACK: usize = 2;
/// The values a caller supplies: 589 824, two bytes each.
pub const CONTINUATION_SLOTS: usize = PLIES_BACK * MOVED_KEYS * ANSWERS;
/// Each new search divides the table by this, as it does the history.
const CONTINUATION_AGE_DIVISOR: i16 = 2;

impl Moved {
    /// No move (a null move, or before the root).
    pub(super) const NONE: Moved = Moved(u16::MAX);

    /// The key of a move by a `kind` of `side` to `to`.
    pub(super) fn of(side: Color, kind: PieceKind, to: Square) -> Moved {
        let piece = side.index() * PieceKind::COUNT + kind.index();
        Moved((piece * Square::COUNT + to.index()) as u16)
    }

    /// The first of this key's [`ANSWERS`] slots when it was played `back` plies before
    /// (`None` for [`Moved::NONE`]).
    fn base(self, back: usize) -> Option<usize> {
        let key = usize::from(self.0);
        (key < MOVED_KEYS && back < PLIES_BACK).then_some((back * MOVED_KEYS + key) * ANSWERS)
    }
}

/// The slot of the answer `kind` to `to` after `prev`, played `back` plies before (0: the ply
/// just before), in a table of `len` values.
fn slot(len: usize, back: usize, prev: Moved, kind: PieceKind, to: Square) -> Option<usize> {
    if len < CONTINUATION_SLOTS {
        return None;
    }
    prev.base(back)
        .map(|base| base + kind.index() * Square::COUNT + to.index())
}

/// The continuation history of the move `kind` to `to` after the moves `prev` (the ply just
/// before first), summed: 0 when the table is empty or there was no move before.
#[inline]
pub(super) fn get(table: &[i16], prev: [Moved; PLIES_BACK], kind: PieceKind, to: Square) -> i32 {
    let mut sum = 0;
    for (back, &p) in prev.iter().enumerate() {
        if let Some(&v) = slot(table.len(), back, p, kind, to).and_then(|i| table.get(i)) {
            sum += i32::from(v);
        }
    }
    sum
}

/// Moves the continuation history of that move after each of `prev` by `bonus`, with the
/// history's gravity.
pub(super) fn update(
    table: &mut [i16],
    prev: [Moved; PLIES_BACK],
    kind: PieceKind,
    to: Square,
    bonus: i32,
) {
    for (back, &p) in prev.iter().enumerate() {
        if let Some(v) = slot(table.len(), back, p, kind, to).and_then(|i| table.get_mut(i)) {
            *v = gravity(*v, bonus);
        }
    }
}

/// Halves the table, as each new search does the history.
pub(super) fn age(table: &mut [i16]) {
    for v in table.iter_mut() {
        *v /= CONTINUATION_AGE_DIVISOR;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_and_answer_has_its_own_slot() {
        let last = Moved::of(Color::Black, PieceKind::King, Square::H8);
        let slot_of = |back, prev, kind, to| slot(CONTINUATION_SLOTS, back, prev, kind, to);
        assert_eq!(
            slot_of(1, last, PieceKind::King, Square::H8),
            Some(CONTINUATION_SLOTS - 1)
        );
        assert_eq!(
            slot_of(0, last, PieceKind::King, Square::H8),
            Some(CONTINUATION_SLOTS / 2 - 1)
        );
        let first = Moved::of(Color::White, PieceKind::Pawn, Square::A1);
        assert_eq!(slot_of(0, first, PieceKind::Pawn, Square::A1), Some(0));
        assert_eq!(
            slot_of(1, first, PieceKind::Pawn, Square::A1),
            Some(CONTINUATION_SLOTS / 2)
        );
        assert_eq!(slot_of(0, Moved::NONE, PieceKind::Pawn, Square::A1), None);
        assert_eq!(slot_of(2, first, PieceKind::Pawn, Square::A1), None);
        assert_eq!(slot(0, 0, first, PieceKind::Pawn, Square::A1), None);
    }

    #[test]
    fn a_value_moves_towards_its_bonus_and_ages() {
        let mut table = [0i16; CONTINUATION_SLOTS];
        let knight = Moved::of(Color::White, PieceKind::Knight, Square::F3);
        let pawn = Moved::of(Color::Black, PieceKind::Pawn, Square::C5);
        let prev = [knight, pawn];
        update(&mut table, prev, PieceKind::Pawn, Square::E5, 1000);
        assert_eq!(get(&table, prev, PieceKind::Pawn, Square::E5), 2000);
        assert_eq!(
            get(&table, [knight, Moved::NONE], PieceKind::Pawn, Square::E5),
            1000
        );
        assert_eq!(get(&table, [pawn, knight], PieceKind::Pawn, Square::E5), 0);
        assert_eq!(get(&table, prev, PieceKind::Pawn, Square::D5), 0);
        age(&mut table);
        assert_eq!(get(&table, prev, PieceKind::Pawn, Square::E5), 1000);
        assert_eq!(get(&[], prev, PieceKind::Pawn, Square::E5), 0);
    }
}
