//! Perft: the leaves of the legal move tree, the move generator's check.

use super::{Budget, Frame, Interrupted};
use crate::board::Position;
use crate::movegen::{self, GenType};

/// Perft subtrees this shallow run without a look at the budget.
const PERFT_POLL_MIN_DEPTH: u32 = 5;

/// Counts the leaves of the legal move tree of `depth` plies, using the caller's frames for the
/// move lists (so the recursion keeps a small stack). `depth` is capped by the frames given.
pub fn perft(pos: &mut Position, depth: u32, frames: &mut [Frame]) -> u64 {
    let Some((frame, rest)) = frames.split_first_mut() else {
        return 0;
    };
    if depth == 0 {
        return 1;
    }
    frame.moves.clear();
    movegen::generate(pos, GenType::All, &mut frame.moves);
    if depth == 1 {
        return frame.moves.len() as u64;
    }
    let mut nodes = 0u64;
    for i in 0..frame.moves.len() {
        let Some(&mv) = frame.moves.as_slice().get(i) else {
            break;
        };
        let Ok(undo) = pos.make(mv) else {
            continue;
        };
        nodes = nodes.wrapping_add(perft(pos, depth - 1, rest));
        pos.unmake(mv, &undo);
    }
    nodes
}

/// [`perft`] that looks at the budget between subtrees and gives up when it is interrupted.
pub fn perft_interruptible(
    pos: &mut Position,
    depth: u32,
    frames: &mut [Frame],
    budget: &mut dyn Budget,
) -> Result<u64, Interrupted> {
    if depth < PERFT_POLL_MIN_DEPTH {
        return Ok(perft(pos, depth, frames));
    }
    let Some((frame, rest)) = frames.split_first_mut() else {
        return Ok(0);
    };
    frame.moves.clear();
    movegen::generate(pos, GenType::All, &mut frame.moves);
    let mut nodes = 0u64;
    for i in 0..frame.moves.len() {
        let Some(&mv) = frame.moves.as_slice().get(i) else {
            break;
        };
        if budget.interrupted() {
            return Err(Interrupted);
        }
        let Ok(undo) = pos.make(mv) else {
            continue;
        };
        let n = perft_interruptible(pos, depth - 1, rest, budget);
        pos.unmake(mv, &undo);
        nodes = nodes.wrapping_add(n?);
    }
    Ok(nodes)
}
