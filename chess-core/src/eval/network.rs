//! A small network that corrects the terms' evaluation: the search adds its score to theirs.
//! It is fitted to the same labelled positions, on top of the terms as they are (`kchess tune
//! net`; "Tuning the evaluation" in `docs/ENGINE.md`).
//!
//! Each side's view of the board is 768 inputs, one for each colour (its own or the other),
//! kind and square (seen from its side: the board turned for Black); a piece switches on one
//! input in each view. Each view sums the rows of [`FEATURE_WEIGHTS`] its pieces switch on
//! into [`HIDDEN`] values, clipped to `0..=`[`QA`]; the side to move's values and then the
//! other side's are weighed by [`OUTPUT_WEIGHTS`]. All in integers: the weights were
//! multiplied by [`QA`] (the first layer) and [`QB`] (the output) and rounded.

#[path = "network_weights.rs"]
pub mod weights;

use crate::board::Position;
use crate::piece::{Color, PieceKind, Square};
use weights::{FEATURE_BIAS, FEATURE_WEIGHTS, OUTPUT_BIAS, OUTPUT_WEIGHTS};

/// The width of each view's layer.
pub const HIDDEN: usize = 32;
/// The inputs of one view: two colours, six kinds, 64 squares.
pub const INPUTS: usize = 2 * PieceKind::COUNT * 64;
/// The first layer's scale, and the top of its clipped values (1.0).
pub const QA: i32 = 255;
/// The output layer's scale.
pub const QB: i32 = 256;
/// Centipawns of the network's unit (the fit's logistic curve).
pub const UNIT_CP: i64 = 400;

/// The input a piece of `color` and `kind` on square index `sq` switches on in `view`'s view:
/// the viewer's own pieces first, the board turned (a rank flip) for Black.
#[inline(always)]
fn input(view: Color, color: Color, kind: PieceKind, sq: usize) -> usize {
    let own = if color == view { 0 } else { INPUTS / 2 };
    let sq = if view == Color::White { sq } else { sq ^ 56 };
    own + kind.index() * 64 + sq
}

/// Calls `f` with the two inputs each piece of `pos` switches on: in the side to move's view
/// and in the other side's. The fitting (`kchess tune net`) reads the board through this too.
#[inline(always)]
pub fn for_each_input(pos: &Position, mut f: impl FnMut(usize, usize)) {
    let b = pos.board();
    let us = pos.side_to_move();
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let mut bb = b.pieces_bb(color, kind);
            while bb != 0 {
                let sq = bb.trailing_zeros() as usize;
                bb &= bb - 1;
                f(
                    input(us, color, kind, sq),
                    input(us.other(), color, kind, sq),
                );
            }
        }
    }
}

/// The first layer's sums of a position, in White's view and in Black's: what a move changes
/// of them is a few rows, so the search keeps them up to date move by move
/// ([`Accumulator::follow`]) instead of summing every piece's rows at each node.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Accumulator {
    views: [[i16; HIDDEN]; Color::COUNT],
}

impl Accumulator {
    /// Sums that stand for no position (a search starts its own from its root).
    pub const NONE: Accumulator = Accumulator {
        views: [[0; HIDDEN]; Color::COUNT],
    };

    /// The sums of `pos`.
    pub fn new(pos: &Position) -> Accumulator {
        let mut a = Accumulator::NONE;
        a.reset(pos);
        a
    }

    /// Makes these the sums of `pos` (in place: a caller on the kernel's stack keeps no
    /// second copy).
    #[inline(never)]
    pub fn reset(&mut self, pos: &Position) {
        self.views = [FEATURE_BIAS; Color::COUNT];
        let [white, black] = &mut self.views;
        let (ours, theirs) = if pos.side_to_move() == Color::White {
            (white, black)
        } else {
            (black, white)
        };
        for_each_input(pos, |o, t| {
            add::<true>(ours, o);
            add::<true>(theirs, t);
        });
    }

    /// Makes these the sums of the position `parent`'s sums are of, with `delta` made: each
    /// view is summed in registers and written once.
    #[inline(always)]
    pub fn follow(&mut self, parent: &Accumulator, delta: &Delta) {
        let views = self.views.iter_mut().zip(&parent.views);
        for ((out, from), (off, on)) in views.zip(delta.off.iter().zip(&delta.on)) {
            let mut values = *from;
            for &input in off.iter().take(delta.offs) {
                add::<false>(&mut values, input.into());
            }
            for &input in on.iter().take(delta.ons) {
                add::<true>(&mut values, input.into());
            }
            *out = values;
        }
    }

    /// The network's score of the position these sums are of, for `us` to move, in
    /// centipawns.
    pub fn evaluate(&self, us: Color) -> i32 {
        let [white, black] = &self.views;
        let (ours, theirs) = if us == Color::White {
            (white, black)
        } else {
            (black, white)
        };
        let (w_ours, w_theirs) = OUTPUT_WEIGHTS.split_at(HIDDEN);
        let out = i64::from(dot(ours, w_ours)) + i64::from(dot(theirs, w_theirs));
        let out = out + i64::from(OUTPUT_BIAS);
        (out * UNIT_CP / i64::from(QA * QB)) as i32
    }
}

/// The most squares a move changes: castling's four.
pub const MOVE_SQUARES: usize = 4;

/// What a move changes of the inputs, in each view: the pieces it takes off squares and those
/// it puts on them (at most one of each a square it changes).
#[derive(Clone, Copy, Debug)]
pub struct Delta {
    off: [[u16; MOVE_SQUARES]; Color::COUNT],
    offs: usize,
    on: [[u16; MOVE_SQUARES]; Color::COUNT],
    ons: usize,
}

impl Delta {
    /// No change.
    pub const NONE: Delta = Delta {
        off: [[0; MOVE_SQUARES]; Color::COUNT],
        offs: 0,
        on: [[0; MOVE_SQUARES]; Color::COUNT],
        ons: 0,
    };

    /// Takes a piece of `color` and `kind` off `sq` (`on` false), or puts one on it.
    #[inline(always)]
    pub fn push(&mut self, (color, kind): (Color, PieceKind), sq: Square, on: bool) {
        let (lists, len) = if on {
            (&mut self.on, &mut self.ons)
        } else {
            (&mut self.off, &mut self.offs)
        };
        debug_assert!(*len < MOVE_SQUARES, "a move changes at most four squares");
        for (view, list) in Color::ALL.into_iter().zip(lists.iter_mut()) {
            if let Some(slot) = list.get_mut(*len) {
                *slot = input(view, color, kind, sq.index()) as u16;
            }
        }
        *len = (*len + 1).min(MOVE_SQUARES);
    }
}

/// The network's score of `pos`, in centipawns, for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    Accumulator::new(pos).evaluate(pos.side_to_move())
}

/// The sum of a view's values, clipped to `0..=QA`, times the output weights `w`. Each
/// product is below 2^8 * 2^15 and there are 32 of them: the sum fits an `i32`, so the
/// wrapping operations (which let the loop run on vectors) never wrap.
#[inline(always)]
fn dot(values: &[i16; HIDDEN], w: &[i16]) -> i32 {
    let mut sum = 0i32;
    for (v, w) in values.iter().zip(w) {
        let clipped = i32::from((*v).clamp(0, QA as i16));
        sum = sum.wrapping_add(clipped.wrapping_mul(i32::from(*w)));
    }
    sum
}

/// Adds (`ADD`) or takes away the row of `input` from a view's values. No sum wraps: a view
/// holds the bias and at most 32 rows, and [`SUM_BOUND`] fits an `i16`. (The wrapping
/// operations let the loop run on vectors.)
#[inline(always)]
fn add<const ADD: bool>(values: &mut [i16; HIDDEN], input: usize) {
    if let Some(row) = FEATURE_WEIGHTS.get(input) {
        for (v, w) in values.iter_mut().zip(row) {
            *v = if ADD {
                v.wrapping_add(*w)
            } else {
                v.wrapping_sub(*w)
            };
        }
    }
}

/// The largest magnitude a view's value can reach: the bias's and 32 pieces' (each side has
/// at most 16) largest weights.
const SUM_BOUND: i32 = {
    let mut w = 0;
    let mut i = 0;
    while i < INPUTS {
        let mut j = 0;
        while j < HIDDEN {
            let x = FEATURE_WEIGHTS[i][j].unsigned_abs() as i32;
            if x > w {
                w = x;
            }
            j += 1;
        }
        i += 1;
    }
    let mut b = 0;
    let mut j = 0;
    while j < HIDDEN {
        let x = FEATURE_BIAS[j].unsigned_abs() as i32;
        if x > b {
            b = x;
        }
        j += 1;
    }
    b + 32 * w
};
const _: () = assert!(SUM_BOUND <= i16::MAX as i32, "a view's sum could wrap");
const _: () = assert!(INPUTS <= u16::MAX as usize, "an input fits a `u16`");
