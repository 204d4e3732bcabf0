//! Stack measurement: the address of a local at the entry of each ply (feature `stack-probe`).

use core::sync::atomic::{AtomicUsize, Ordering};

/// The lowest stack address seen at the entry of each ply.
pub static PLY: [AtomicUsize; super::MAX_PLY + 1] =
    [const { AtomicUsize::new(usize::MAX) }; super::MAX_PLY + 1];

/// Records the current stack depth for `ply`.
#[inline(always)]
pub fn note(ply: usize) {
    let marker = 0u8;
    let addr = core::hint::black_box(core::ptr::addr_of!(marker)) as usize;
    if let Some(slot) = PLY.get(ply) {
        slot.fetch_min(addr, Ordering::Relaxed);
    }
}

/// Forgets earlier measurements.
pub fn reset() {
    for slot in PLY.iter() {
        slot.store(usize::MAX, Ordering::Relaxed);
    }
}
