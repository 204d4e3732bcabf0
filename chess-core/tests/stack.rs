//! Measures the stack the search needs per ply (run with `--features stack-probe`; the kernel
//! stack is 16 KiB, so a frame must stay small and recursion is bounded by MAX_PLY).
#![cfg(feature = "stack-probe")]

use chess_core::fen::parse_fen;
use chess_core::game::Game;
use chess_core::search::{
    self, probe, Correction, Frame, History, Limit, Memory, TtEntry, Unlimited, CONTINUATION_SLOTS,
    CORRECTION_SLOTS, FRAMES, MAX_PLY,
};
use std::sync::atomic::Ordering;

#[test]
fn search_frames_are_small() {
    probe::reset();
    let mut tt = vec![TtEntry::EMPTY; 1 << 16];
    let mut frames = vec![Frame::new(); FRAMES];
    let mut history = Box::new(History::new());
    let mut correction = vec![Correction::EMPTY; CORRECTION_SLOTS];
    let mut continuation = vec![0; CONTINUATION_SLOTS];
    // A position with long forcing lines, searched deep, reaches high plies.
    let fen = b"r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 1";
    let game = Box::new(Game::new(parse_fen(fen).unwrap()));
    let mem = Memory {
        tt: &mut tt,
        frames: &mut frames,
        history: &mut history,
        correction: &mut correction,
        continuation: &mut continuation,
    };
    search::search(&game, Limit::Depth(12).into(), mem, &mut Unlimited).unwrap();
    let load = |table: &[std::sync::atomic::AtomicUsize]| -> Vec<usize> {
        table.iter().map(|a| a.load(Ordering::Relaxed)).collect()
    };
    let addrs = load(&probe::PLY);
    let singular = load(&probe::SINGULAR_PLY);
    let deepest = addrs.iter().rposition(|&a| a != usize::MAX).unwrap();
    assert!(
        addrs[1..=deepest].iter().all(|&a| a != usize::MAX),
        "every ply up to {deepest} recorded"
    );
    // Measured from ply 1: ply 0 is also entered from the root's own frame.
    // Negamax and quiescence frames both count at a ply; take the largest step between plies,
    // from ply 2: a node hands its ply to quiescence at the horizon in a tail call, which
    // takes its frame's place, and calls it for razoring below its own frame; ply 1, which
    // razoring hardly reaches, is entered the first way only, so its deepest entry lies a
    // node's frame above the pattern of the plies below it.
    let max_frame = (2..deepest)
        .map(|p| addrs[p].saturating_sub(addrs[p + 1]))
        .max()
        .unwrap();
    // A singular search (they do not nest) puts the plies below it one search deeper: the
    // most any ply reached inside one lies below the same ply reached outside.
    let singular_extra = (1..=deepest)
        .filter(|&p| singular[p] != usize::MAX)
        .map(|p| addrs[p].saturating_sub(singular[p]))
        .max()
        .unwrap();
    let lowest = *addrs[1..=deepest].iter().min().unwrap();
    let total = addrs[1] - lowest;
    println!("deepest ply {deepest}, stack from ply 1 to it {total} bytes, largest ply frame {max_frame} bytes, a singular search {singular_extra} bytes");
    println!(
        "worst case for MAX_PLY = {MAX_PLY}: {} bytes",
        max_frame * MAX_PLY + singular_extra
    );
    assert!(deepest >= 12);
    assert!(
        max_frame <= 192,
        "a search ply uses {max_frame} bytes of stack"
    );
    assert!(
        singular_extra <= 2 * max_frame,
        "a singular search adds {singular_extra} bytes of stack"
    );
}
