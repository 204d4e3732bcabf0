//! The search in won endgames: it queens a pawn when it can, and mates a bare king with a rook
//! or a queen well within the fifty-move rule.

use chess_core::fen::parse_fen;
use chess_core::game::{Game, Outcome, Status};
use chess_core::piece::{Color, Move};
use chess_core::search::{Budget, Correction, Limit, Progress, CORRECTION_SLOTS};

mod common;

/// A host with no clock and no stop: the searches here are limited by depth.
struct Quiet;

impl Budget for Quiet {
    fn now_ms(&mut self) -> u64 {
        0
    }
    fn interrupted(&mut self) -> bool {
        false
    }
    fn stop_requested(&mut self) -> bool {
        false
    }
    fn nodes_searched(&mut self, _nodes: u64) {}
    fn iteration_done(&mut self, _: &Progress, _: &chess_core::board::Position, _: &[Move]) {}
}

/// The best move of a fresh search of `game` to `depth`.
fn best(game: &Game, depth: u8) -> Move {
    let mut correction = vec![Correction::EMPTY; CORRECTION_SLOTS];
    common::search_fresh(game, Limit::Depth(depth), &mut Quiet, &mut correction).best
}

/// Plays `fen` out with both sides searching to `depth`, for at most `max_plies`; the outcome
/// and the plies played.
fn play_out(fen: &str, depth: u8, max_plies: usize) -> (Option<Outcome>, usize) {
    let mut game = Box::new(Game::new(parse_fen(fen.as_bytes()).unwrap()));
    for played in 0..max_plies {
        let mv = best(&game, depth);
        if let Status::Over(outcome) = game.play(mv).unwrap() {
            return (Some(outcome), played + 1);
        }
    }
    (None, max_plies)
}

#[test]
fn a_pawn_that_can_queen_at_once_does() {
    // King and pawn against a bare king, the pawn on the seventh and free to queen: once it
    // has, the bare-king rule values the queen as a sure win, far above any pawn.
    let game = Box::new(Game::new(
        parse_fen(b"8/1P6/8/8/8/8/6k1/K7 w - - 0 1").unwrap(),
    ));
    for depth in 1..=6 {
        let mv = best(&game, depth);
        assert_eq!(common::uci(mv), "b7b8q", "depth {depth}");
    }
}

#[test]
fn a_rook_or_a_queen_mates_a_bare_king() {
    // The bare king starts in the centre; the mates take at most 16 moves (rook) and 10
    // (queen) with best play. A shallow search gets there with a few moves to spare.
    let white_mates = Some(Outcome::Checkmate {
        winner: Color::White,
    });
    let cases = [
        ("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", 50),
        ("8/8/8/3k4/8/8/8/2Q1K3 w - - 0 1", 30),
    ];
    for (fen, plies) in cases {
        let (outcome, played) = play_out(fen, 5, plies);
        assert_eq!(outcome, white_mates, "{fen}: {played} plies");
    }
}
