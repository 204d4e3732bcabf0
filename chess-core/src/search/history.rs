//! The history heuristic: how often a quiet move by a kind of piece to a square caused a
//! cutoff, with gravity so that values stay bounded and old knowledge fades.

use crate::piece::{Color, PieceKind, Square};

/// History scores stay within this bound (they are stored as `i16`).
const HISTORY_MAX: i32 = 16_000;
/// The gravity divisor: a bonus of this size would replace the old value entirely.
const HISTORY_GRAVITY: i32 = 16_384;
/// Each new search divides the history by this, so old knowledge fades.
const HISTORY_AGE_DIVISOR: i16 = 2;

/// `value` moved by `bonus`, less the more it already leans that way: gravity keeps values
/// within `i16` and lets old knowledge fade (the continuation history's too).
pub(super) fn gravity(value: i16, bonus: i32) -> i16 {
    let cur = i32::from(value);
    let next = cur + bonus - cur * bonus.abs() / HISTORY_GRAVITY;
    next.clamp(-HISTORY_MAX, HISTORY_MAX) as i16
}

/// History heuristic: a score per (colour, kind) and target square for quiet moves.
#[derive(Clone)]
pub struct History {
    table: [[[i16; Square::COUNT]; PieceKind::COUNT]; Color::COUNT],
}

impl Default for History {
    fn default() -> Self {
        History::new()
    }
}

impl History {
    /// All zero.
    pub const fn new() -> History {
        History {
            table: [[[0; Square::COUNT]; PieceKind::COUNT]; Color::COUNT],
        }
    }

    #[inline]
    pub(super) fn get(&self, side: Color, kind: PieceKind, to: Square) -> i32 {
        // Indices of these types are in range: no bounds check is left to fail.
        i32::from(self.table[side.index()][kind.index()][to.index()])
    }

    pub(super) fn update(&mut self, side: Color, kind: PieceKind, to: Square, bonus: i32) {
        let v = &mut self.table[side.index()][kind.index()][to.index()];
        *v = gravity(*v, bonus);
    }

    pub(super) fn age(&mut self) {
        for side in self.table.iter_mut() {
            for kind in side.iter_mut() {
                for v in kind.iter_mut() {
                    *v /= HISTORY_AGE_DIVISOR;
                }
            }
        }
    }
}
