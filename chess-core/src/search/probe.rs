//! Stack measurement: the address of a local at the entry of each ply (feature `stack-probe`),
//! apart for the plies searched inside a nested (singular or ProbCut) search, which sit one
//! nested search deeper.

use core::sync::atomic::{AtomicUsize, Ordering};

/// The lowest stack address seen at the entry of each ply, outside nested searches...
pub static PLY: [AtomicUsize; super::MAX_PLY + 1] =
    [const { AtomicUsize::new(usize::MAX) }; super::MAX_PLY + 1];
/// ...and inside them.
pub static SINGULAR_PLY: [AtomicUsize; super::MAX_PLY + 1] =
    [const { AtomicUsize::new(usize::MAX) }; super::MAX_PLY + 1];

/// Records the current stack depth for `ply`.
#[inline(always)]
pub fn note(ply: usize, in_nested: bool) {
    let marker = 0u8;
    let addr = core::hint::black_box(core::ptr::addr_of!(marker)) as usize;
    let table = if in_nested { &SINGULAR_PLY } else { &PLY };
    if let Some(slot) = table.get(ply) {
        slot.fetch_min(addr, Ordering::Relaxed);
    }
}

/// Forgets earlier measurements.
pub fn reset() {
    for slot in PLY.iter().chain(SINGULAR_PLY.iter()) {
        slot.store(usize::MAX, Ordering::Relaxed);
    }
}
