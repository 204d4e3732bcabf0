//! The rules `Game` applies after each move, by construction: threefold repetition (with en
//! passant and castling rights as part of the position), the fifty-move rule and what takes
//! precedence over it, insufficient material, undo, and games that start finished.

mod common;

use chess_core::board::Position;
use chess_core::game::{
    insufficient_material, repetition_key, DrawReason, Game, Outcome, PlayError, Ply, Status,
};
use chess_core::notation::{legal_ep_square, parse_uci};
use chess_core::piece::{Color, Square};
use common::*;

const ONGOING: Status = Status::Ongoing { check: false };
const REPETITION: Status = Status::Over(Outcome::Draw(DrawReason::Repetition));
const FIFTY: Status = Status::Over(Outcome::Draw(DrawReason::FiftyMoves));
const INSUFFICIENT: Status = Status::Over(Outcome::Draw(DrawReason::InsufficientMaterial));

/// Plays a coordinate move and returns the status.
fn play(game: &mut Game, m: &str) -> Status {
    let mv = parse_uci(game.position(), m.as_bytes())
        .unwrap_or_else(|| panic!("{m} is not legal in '{}'", fen(game.position())));
    game.play(mv).unwrap_or_else(|e| panic!("{m}: {e:?}"))
}

/// Plays the moves, expecting the given status after each.
fn play_all(game: &mut Game, moves: &[&str], statuses: &[Status]) {
    assert_eq!(moves.len(), statuses.len());
    for (m, want) in moves.iter().zip(statuses) {
        assert_eq!(
            play(game, m),
            *want,
            "after {m} ('{}')",
            fen(game.position())
        );
        assert_eq!(game.evaluate(), *want, "after {m}");
    }
}

fn sq(name: &str) -> Square {
    Square::parse(name.as_bytes()).unwrap()
}

#[test]
fn threefold_repetition_by_knight_shuffle() {
    let mut game = Game::default();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    play_all(&mut game, &shuffle, &[ONGOING; 4]);
    // Back at the start for the second time: not yet a draw.
    // (The piece records differ: each knight has moved twice.)
    assert_eq!(game.position().hash(), Position::startpos().hash());
    assert_eq!(
        fen(game.position()),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4 3"
    );
    assert_eq!(game.repetitions(), 2);
    assert_eq!(game.outcome(), None);
    assert_eq!(game.key_before(4), Some(repetition_key(game.position())));
    play_all(
        &mut game,
        &shuffle,
        &[ONGOING, ONGOING, ONGOING, REPETITION],
    );
    assert_eq!(game.len(), 8);
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    let mut keys = [0u64; 16];
    assert_eq!(game.repetition_keys(&mut keys), 8);
    assert_eq!(keys[0], repetition_key(&Position::startpos()));
    assert_eq!(keys[4], keys[0]);
    // No more moves once the game is over.
    let mv = parse_uci(game.position(), b"g1f3").unwrap();
    assert_eq!(game.play(mv), Err(PlayError::GameOver));
    assert_eq!(PlayError::GameOver.to_string(), "the game is over");
    assert_eq!(
        PlayError::Illegal.to_string(),
        "the move is not legal in this position"
    );
    assert_eq!(game.len(), 8);
}

/// The first occurrence has an en passant square (a pawn stands next to it) but the capture
/// is illegal (the pawn is pinned on the f-file): it is the same position as the later ones.
#[test]
fn repetition_ignores_an_en_passant_square_that_cannot_be_used() {
    let start = parse("1n3k2/8/8/8/5p2/8/4P3/1N3R1K w - - 0 1");
    let mut game = Game::new(start);
    assert_eq!(play(&mut game, "e2e4"), ONGOING);
    assert_eq!(game.position().ep_square(), Some(sq("e3")));
    assert_eq!(legal_ep_square(game.position()), None);
    assert_eq!(parse_uci(game.position(), b"f4e3"), None);
    let shuffle = ["b8c6", "b1c3", "c6b8", "c3b1"];
    play_all(&mut game, &shuffle, &[ONGOING; 4]);
    assert_eq!(game.repetitions(), 2);
    play_all(
        &mut game,
        &shuffle,
        &[ONGOING, ONGOING, ONGOING, REPETITION],
    );
    assert_eq!(game.len(), 9);
    assert_eq!(game.repetitions(), 3);
}

/// The same construction without the pinning rook: the first occurrence could be answered by
/// en passant, so it is a different position and the draw comes one shuffle later.
#[test]
fn repetition_counts_a_usable_en_passant_square_as_different() {
    let start = parse("1n3k2/8/8/8/5p2/8/4P3/1N5K w - - 0 1");
    let mut game = Game::new(start);
    assert_eq!(play(&mut game, "e2e4"), ONGOING);
    assert_eq!(legal_ep_square(game.position()), Some(sq("e3")));
    assert!(parse_uci(game.position(), b"f4e3").unwrap().is_en_passant());
    let shuffle = ["b8c6", "b1c3", "c6b8", "c3b1"];
    play_all(&mut game, &shuffle, &[ONGOING; 4]);
    assert_eq!(game.repetitions(), 1);
    play_all(&mut game, &shuffle, &[ONGOING; 4]);
    assert_eq!(game.len(), 9);
    assert_eq!(game.repetitions(), 2);
    // The draw comes from the position after 1...Nc6 (plies 2, 6, 10) instead.
    assert_eq!(play(&mut game, "b8c6"), REPETITION);
    assert_eq!(game.len(), 10);
}

/// Castling rights are part of the position: after the kings step out and back, the start
/// does not recur (were rights ignored, plies 0, 4 and 8 would draw); the first position
/// without rights, after 1. Kf1 Kf8, recurs at plies 6 and 10.
#[test]
fn repetition_counts_castling_rights() {
    let mut game = Game::new(parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
    let shuffle = ["e1f1", "e8f8", "f1e1", "f8e8"];
    play_all(&mut game, &shuffle, &[ONGOING; 4]);
    assert_eq!(game.repetitions(), 1);
    play_all(&mut game, &shuffle, &[ONGOING; 4]);
    assert_eq!(game.repetitions(), 2);
    play_all(&mut game, &["e1f1", "e8f8"], &[ONGOING, REPETITION]);
    assert_eq!(game.len(), 10);
}

/// Positions before a pawn move cannot recur; those after it are counted from there.
#[test]
fn repetition_after_a_pawn_move() {
    let mut game = Game::default();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    play_all(&mut game, &shuffle, &[ONGOING; 4]);
    play_all(&mut game, &["e2e3", "e7e6"], &[ONGOING; 2]);
    play_all(&mut game, &shuffle, &[ONGOING; 4]);
    assert_eq!(game.repetitions(), 2);
    play_all(
        &mut game,
        &shuffle,
        &[ONGOING, ONGOING, ONGOING, REPETITION],
    );
    assert_eq!(game.len(), 14);
}

#[test]
fn fifty_move_rule_at_halfmove_clock_100() {
    let mut game = Game::new(parse("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    assert_eq!(game.outcome(), None);
    assert_eq!(play(&mut game, "a1a2"), FIFTY);
    assert_eq!(game.position().halfmove_clock(), 100);
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));

    // Off by one: from 98, the first move leaves the game going, the second ends it.
    let mut game = Game::new(parse("4k3/8/8/8/8/8/8/R3K3 w - - 98 80"));
    assert_eq!(play(&mut game, "a1a2"), ONGOING);
    assert_eq!(play(&mut game, "e8d8"), FIFTY);

    // A check on the 100th half-move that is not mate does not stop the draw.
    let mut game = Game::new(parse("4k3/8/8/8/8/8/8/R3K3 w - - 99 80"));
    assert_eq!(play(&mut game, "a1a8"), FIFTY);

    // A pawn move or a capture on the 100th half-move resets the clock instead.
    let mut game = Game::new(parse("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80"));
    assert_eq!(play(&mut game, "a2a3"), ONGOING);
    assert_eq!(game.position().halfmove_clock(), 0);
    let mut game = Game::new(parse("4k3/8/8/8/8/8/r7/R3K3 w - - 99 80"));
    assert_eq!(play(&mut game, "a1a2"), ONGOING);
    assert_eq!(game.position().halfmove_clock(), 0);

    // A game that starts at 100 is over at once.
    let game = Game::new(parse("4k3/8/8/8/8/8/8/R3K3 w - - 100 80"));
    assert_eq!(game.outcome(), Some(Outcome::Draw(DrawReason::FiftyMoves)));
}

#[test]
fn checkmate_and_stalemate_take_precedence_over_fifty_moves() {
    let mut game = Game::new(parse("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80"));
    assert_eq!(
        play(&mut game, "a1a8"),
        Status::Over(Outcome::Checkmate {
            winner: Color::White
        })
    );
    assert_eq!(game.position().halfmove_clock(), 100);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );

    let mut game = Game::new(parse("k7/8/8/2Q5/8/8/8/K7 w - - 99 80"));
    assert_eq!(play(&mut game, "c5b6"), Status::Over(Outcome::Stalemate));
    assert_eq!(game.position().halfmove_clock(), 100);
}

#[test]
fn insufficient_material_cases() {
    let draws = [
        ("K v K", "8/8/4k3/8/8/3K4/8/8 w - - 0 1"),
        ("KN v K", "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1"),
        ("K v KN", "8/8/4k3/8/8/3K4/8/6n1 b - - 0 1"),
        ("KB v K", "8/8/4k3/8/8/3K4/8/5B2 w - - 0 1"),
        ("K v KB", "8/8/4k3/8/8/3K4/8/5b2 w - - 0 1"),
        ("KB v KB, both dark", "5b2/8/4k3/8/8/3K4/8/2B5 w - - 0 1"),
        ("KB v KB, both light", "2b5/8/4k3/8/8/3K4/8/5B2 b - - 0 1"),
        ("KBB v K, one colour", "8/8/4k3/8/8/3KB3/8/2B5 w - - 0 1"),
    ];
    for (name, f) in draws {
        let pos = parse(f);
        assert!(insufficient_material(&pos), "{name}");
        let game = Game::new(pos);
        assert_eq!(
            game.outcome(),
            Some(Outcome::Draw(DrawReason::InsufficientMaterial)),
            "{name}"
        );
        assert_eq!(game.evaluate(), INSUFFICIENT, "{name}");
    }
    let playable = [
        ("KNN v K", "8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1"),
        (
            "KB v KB, opposite colours",
            "2b5/8/4k3/8/8/3K4/8/2B5 w - - 0 1",
        ),
        ("KP v K", "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1"),
        ("K v KP", "8/8/4k3/4p3/8/3K4/8/8 w - - 0 1"),
        ("KN v KB", "2b5/8/4k3/8/8/3K4/8/6N1 w - - 0 1"),
        ("KN v KN", "6n1/8/4k3/8/8/3K4/8/6N1 w - - 0 1"),
        ("KBB v K, two colours", "8/8/4k3/8/8/3K4/8/2B2B2 w - - 0 1"),
        ("KR v K", "8/8/4k3/8/8/3K4/8/7R w - - 0 1"),
        ("K v KQ", "8/8/4k3/8/8/3K4/8/7q w - - 0 1"),
    ];
    for (name, f) in playable {
        let pos = parse(f);
        assert!(!insufficient_material(&pos), "{name}");
        assert_eq!(Game::new(pos).outcome(), None, "{name}");
    }

    // Reached by a capture: the king takes the last rook.
    let mut game = Game::new(parse("8/8/4k3/8/8/3K4/3r4/8 w - - 0 1"));
    assert_eq!(game.evaluate(), Status::Ongoing { check: true });
    assert_eq!(play(&mut game, "d3d2"), INSUFFICIENT);
    // And by a capturing promotion to a knight (K+N v K), but not to a rook.
    let mut game = Game::new(parse("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
    assert_eq!(play(&mut game, "a7b8n"), INSUFFICIENT);
    let mut game = Game::new(parse("1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1"));
    assert_eq!(play(&mut game, "a7b8r"), Status::Ongoing { check: true });
}

#[test]
fn undo_restores_and_reopens_a_finished_game() {
    let mut game = Game::default();
    play_all(&mut game, &["f2f3", "e7e5", "g2g4"], &[ONGOING; 3]);
    let before_mate = *game.position();
    let mate = Status::Over(Outcome::Checkmate {
        winner: Color::Black,
    });
    assert_eq!(play(&mut game, "d8h4"), mate);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    let any = parse_uci(game.position(), b"e1f2");
    assert_eq!(any, None, "no legal move in a mated position");

    assert!(game.undo());
    assert_eq!(game.position(), &before_mate);
    assert_eq!(game.len(), 3);
    assert_eq!(game.outcome(), None);
    assert!(game.is_ongoing());
    assert_eq!(game.evaluate(), ONGOING);
    // The same mate again, then another move instead.
    assert_eq!(play(&mut game, "d8h4"), mate);
    assert!(game.undo());
    assert_eq!(play(&mut game, "b8c6"), ONGOING);
    assert_eq!(game.len(), 4);

    // Undo of a repetition draw reopens it too, and replaying draws again.
    let mut game = Game::default();
    let shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"];
    play_all(&mut game, &shuffle, &[ONGOING; 4]);
    play_all(
        &mut game,
        &shuffle,
        &[ONGOING, ONGOING, ONGOING, REPETITION],
    );
    assert!(game.undo());
    assert_eq!(game.outcome(), None);
    assert_eq!(game.repetitions(), 2);
    assert_eq!(play(&mut game, "f6g8"), REPETITION);

    // Undo all the way back, then nothing more to undo.
    for _ in 0..8 {
        assert!(game.undo());
    }
    assert_eq!(game.position(), &Position::startpos());
    assert!(!game.undo());
    assert_eq!(game.len(), 0);
}

#[test]
fn a_game_that_starts_finished_is_over_at_once() {
    let mated = parse("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    let mut game = Game::new(mated);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    assert!(!game.is_ongoing());
    assert_eq!(
        game.evaluate(),
        Status::Over(Outcome::Checkmate {
            winner: Color::Black
        })
    );
    // No move is accepted, not even a plausible one, and there is nothing to undo.
    let mv = chess_core::piece::Move::new(sq("e1"), sq("f2"), chess_core::piece::MoveFlag::Quiet);
    assert_eq!(game.play(mv), Err(PlayError::GameOver));
    assert!(!game.undo());
    assert_eq!(
        game.outcome(),
        Some(Outcome::Checkmate {
            winner: Color::Black
        })
    );

    let stalemated = parse("k7/8/1Q6/8/8/8/8/K7 b - - 0 1");
    let game = Game::new(stalemated);
    assert_eq!(game.outcome(), Some(Outcome::Stalemate));

    // reset() does the same on a game in progress.
    let mut game = Game::default();
    play(&mut game, "e2e4");
    game.reset(stalemated);
    assert_eq!(game.len(), 0);
    assert_eq!(game.outcome(), Some(Outcome::Stalemate));
    game.reset(Position::startpos());
    assert_eq!(game.outcome(), None);
}

/// A game whose history store is full is drawn (`DrawReason::Length`).
#[test]
fn a_full_history_ends_the_game() {
    let mut game = Game::with_history(Position::startpos(), vec![Ply::EMPTY; 4]);
    assert_eq!(game.capacity(), 4);
    for (i, m) in ["g1f3", "g8f6", "b1c3"].iter().enumerate() {
        let mv = parse_uci(game.position(), m.as_bytes()).unwrap();
        assert_eq!(game.play(mv), Ok(ONGOING), "ply {i}");
    }
    let mv = parse_uci(game.position(), b"b8c6").unwrap();
    assert_eq!(
        game.play(mv),
        Ok(Status::Over(Outcome::Draw(DrawReason::Length)))
    );
    assert!(game.undo());
    assert_eq!(
        game.play(mv),
        Ok(Status::Over(Outcome::Draw(DrawReason::Length)))
    );
}

#[test]
fn resignation() {
    let mut game = Game::default();
    play(&mut game, "e2e4");
    game.resign(Color::White);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Resignation {
            loser: Color::White
        })
    );
    // A second resignation does not overwrite the first.
    game.resign(Color::Black);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Resignation {
            loser: Color::White
        })
    );
    let mv = parse_uci(game.position(), b"e7e5").unwrap();
    assert_eq!(game.play(mv), Err(PlayError::GameOver));
}
