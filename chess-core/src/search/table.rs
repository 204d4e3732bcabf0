//! The transposition table: caller-owned slots, one per position key, indexed by
//! multiply-shift, with mate scores stored relative to the node and the position's static
//! evaluation, which a node that finds its position here need not compute again.

use super::{INFINITY, MATE_BOUND};
use crate::piece::Move;

/// `hashfull` looks at this many table slots...
const HASHFULL_SAMPLE: usize = 1000;
/// ...and reports the share in use per this many.
const HASHFULL_SCALE: usize = 1000;

/// The bound a stored score represents.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
#[repr(u8)]
pub(super) enum Bound {
    #[default]
    None = 0,
    Exact = 1,
    Lower = 2,
    Upper = 3,
}

/// A slot's evaluation when it has none (in check, or out of its range).
const NO_EVAL: i16 = i16::MIN;

/// One transposition table slot.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TtEntry {
    key: u64,
    mv: u16,
    score: i16,
    /// The position's static evaluation, uncorrected ([`NO_EVAL`]: none).
    eval: i16,
    depth: u8,
    bound: Bound,
}

// The evaluation fills what was padding: a slot stays 16 bytes, a table as many slots.
const _: () = assert!(core::mem::size_of::<TtEntry>() == 16);

impl TtEntry {
    /// How many slots fit in `mib` MiB.
    pub const fn per_mib(mib: usize) -> usize {
        mib * 1024 * 1024 / core::mem::size_of::<TtEntry>()
    }

    /// An empty slot.
    pub const EMPTY: TtEntry = TtEntry {
        key: 0,
        mv: 0,
        score: 0,
        eval: NO_EVAL,
        depth: 0,
        bound: Bound::None,
    };

    /// The stored move (`Move::NULL` when none).
    #[inline]
    pub(super) fn mv(&self) -> Move {
        Move::from_bits(self.mv)
    }

    /// The stored depth.
    #[inline]
    pub(super) fn depth(&self) -> i32 {
        i32::from(self.depth)
    }

    /// The stored bound.
    #[inline]
    pub(super) fn bound(&self) -> Bound {
        self.bound
    }

    /// The position's static evaluation, uncorrected, when stored.
    #[inline]
    pub(super) fn eval(&self) -> Option<i32> {
        (self.eval != NO_EVAL).then_some(i32::from(self.eval))
    }

    /// The stored score, as seen from a node `ply` plies from the root.
    #[inline]
    pub(super) fn score(&self, ply: usize) -> i32 {
        let s = i32::from(self.score);
        if s > MATE_BOUND {
            s - ply as i32
        } else if s < -MATE_BOUND {
            s + ply as i32
        } else {
            s
        }
    }
}

/// A score as stored: mates counted from the node `ply` plies from the root, not from the root.
#[inline]
fn score_to_tt(score: i32, ply: usize) -> i16 {
    let s = if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    };
    s.clamp(-INFINITY, INFINITY) as i16
}

/// The slot of `key` (`None` for an empty table).
fn index(tt: &[TtEntry], key: u64) -> Option<usize> {
    let len = tt.len() as u64;
    if len == 0 {
        return None;
    }
    // Multiply-shift: the key's upper half, scaled to 0..len (tables up to 2^32 slots).
    let half = u32::BITS;
    Some(((key >> half).wrapping_mul(len & u64::from(u32::MAX)) >> half) as usize)
}

/// The entry stored for `key`, if any.
#[inline(never)]
pub(super) fn probe(tt: &[TtEntry], key: u64) -> Option<TtEntry> {
    let e = *tt.get(index(tt, key)?)?;
    (e.bound != Bound::None && e.key == key).then_some(e)
}

/// Stores a node's result and its static evaluation (`None` in check); a deeper entry of the
/// same position stays unless this one is exact.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
pub(super) fn store(
    tt: &mut [TtEntry],
    key: u64,
    depth: i32,
    (score, eval): (i32, Option<i32>),
    bound: Bound,
    mv: Move,
    ply: usize,
) {
    let Some(i) = index(tt, key) else { return };
    if let Some(e) = tt.get_mut(i) {
        if e.key == key && i32::from(e.depth) > depth && bound != Bound::Exact {
            return;
        }
        let keep_move = if mv == Move::NULL && e.key == key {
            e.mv
        } else {
            mv.bits()
        };
        *e = TtEntry {
            key,
            mv: keep_move,
            score: score_to_tt(score, ply),
            eval: eval
                .and_then(|v| i16::try_from(v).ok())
                .filter(|&v| v != NO_EVAL)
                .unwrap_or(NO_EVAL),
            depth: depth.clamp(0, i32::from(u8::MAX)) as u8,
            bound,
        };
    }
}

/// Permille of the first thousand table slots in use.
pub(super) fn hashfull(tt: &[TtEntry]) -> u16 {
    let sample = tt.get(..HASHFULL_SAMPLE).unwrap_or(tt);
    if sample.is_empty() {
        return 0;
    }
    let used = sample.iter().filter(|e| e.bound != Bound::None).count();
    (used * HASHFULL_SCALE / sample.len()) as u16
}

#[cfg(test)]
mod tests {
    use super::{probe, store, Bound, TtEntry};
    use crate::piece::Move;

    #[test]
    fn a_slot_keeps_the_static_evaluation_it_can_hold() {
        let mut tt = [TtEntry::EMPTY; 16];
        for (key, eval, kept) in [
            (1, Some(-57), Some(-57)),
            (2, None, None),
            (3, Some(i32::from(i16::MAX)), Some(i32::from(i16::MAX))),
            (4, Some(i32::from(i16::MIN)), None),
            (5, Some(40_000), None),
        ] {
            let key = key << 60;
            store(&mut tt, key, 3, (12, eval), Bound::Exact, Move::NULL, 0);
            let e = probe(&tt, key).expect("stored");
            assert_eq!((e.eval(), e.score(0), e.depth()), (kept, 12, 3), "{eval:?}");
        }
    }
}
