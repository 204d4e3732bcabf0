//! The core's contracts: the tests run with debug assertions, `Position::make` refuses a move
//! that does not fit (asserting in debug builds, returning an error in release builds), `fits`
//! and `piece_can_move` agree with the move generator, and a full move list is a broken contract.

mod common;

use chess_core::board::{Board, IllegalMove, Position};
use chess_core::movegen::{legal_moves, MoveList, MAX_MOVES};
use chess_core::piece::{Color, Move, MoveFlag, PieceKind, Square};
use common::*;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn mv(from: Square, to: Square, flag: MoveFlag) -> Move {
    Move::new(from, to, flag)
}

#[test]
fn tests_run_with_debug_assertions() {
    let fired = std::panic::catch_unwind(|| debug_assert!(std::hint::black_box(false))).is_err();
    assert!(
        fired,
        "the core checks its contracts with debug_assert!: run the tests in the test profile"
    );
}

#[test]
fn fits_names_what_is_wrong_with_a_move() {
    use IllegalMove::*;
    use MoveFlag::*;
    let start = Position::startpos();
    let cases = [
        (mv(Square::E3, Square::E4, Quiet), NoPieceToMove),
        (mv(Square::E7, Square::E5, DoublePush), NoPieceToMove),
        (mv(Square::D1, Square::D2, Quiet), TargetOccupied),
        (mv(Square::D1, Square::D2, Capture), NothingToCapture),
        (mv(Square::B1, Square::C3, Capture), NothingToCapture),
        (mv(Square::E2, Square::D3, EnPassant), NoEnPassant),
        (mv(Square::E1, Square::G1, CastleKing), TargetOccupied),
        (mv(Square::G1, Square::G3, DoublePush), PawnMove),
        (mv(Square::E2, Square::E3, DoublePush), PawnMove),
        (mv(Square::B1, Square::A3, KnightPromotion), PawnMove),
    ];
    for (m, want) in cases {
        assert_eq!(
            start.fits(m),
            Err(want),
            "{} in the initial position",
            uci(m)
        );
    }

    // Kiwipete: castling needs the king at home, the right and an empty path.
    let kiwi = parse(KIWIPETE);
    assert_eq!(kiwi.fits(mv(Square::E1, Square::G1, CastleKing)), Ok(()));
    assert_eq!(kiwi.fits(mv(Square::E1, Square::C1, CastleQueen)), Ok(()));
    let no_rights = parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w kq - 0 1");
    assert_eq!(
        no_rights.fits(mv(Square::E1, Square::G1, CastleKing)),
        Err(NoCastling)
    );
    let blocked = parse("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1");
    assert_eq!(
        blocked.fits(mv(Square::E1, Square::C1, CastleQueen)),
        Err(NoCastling)
    );

    // A pawn promotes exactly when it reaches the last rank.
    let promo = parse("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    assert_eq!(promo.fits(mv(Square::B7, Square::B8, Quiet)), Err(PawnMove));
    assert_eq!(
        promo.fits(Move::promotion(
            Square::B7,
            Square::B8,
            PieceKind::Queen,
            false
        )),
        Ok(())
    );
    assert_eq!(
        IllegalMove::NoPieceToMove.to_string(),
        "the side to move has no piece on the starting square"
    );
}

#[test]
fn every_legal_move_fits_and_its_piece_can_make_it() {
    let mut rng = Rng::new(0x636f_6e74_7261_6374);
    let mut checked = 0;
    for start in all_start_fens() {
        for pos in playout(&parse(&start), 40, &mut rng) {
            for &m in legal_moves(&pos).as_slice() {
                assert_eq!(pos.fits(m), Ok(()), "{} in '{}'", uci(m), fen(&pos));
                assert!(pos.piece_can_move(m), "{} in '{}'", uci(m), fen(&pos));
                checked += 1;
            }
        }
    }
    assert!(checked > 10_000, "only {checked} moves checked");
}

#[test]
fn piece_can_move_knows_geometry_and_castling_through_check() {
    let start = Position::startpos();
    // A knight that fits (its piece, an empty target) but cannot jump like that.
    let knight = mv(Square::B1, Square::B5, MoveFlag::Quiet);
    assert_eq!(start.fits(knight), Ok(()));
    assert!(!start.piece_can_move(knight));
    // A bishop behind its own pawns.
    assert!(!start.piece_can_move(mv(Square::C1, Square::E3, MoveFlag::Quiet)));
    // Castling over f1, which a black rook attacks.
    let through = parse("4kr2/8/8/8/8/8/8/4K2R w K - 0 1");
    let castle = mv(Square::E1, Square::G1, MoveFlag::CastleKing);
    assert_eq!(through.fits(castle), Ok(()));
    assert!(!through.piece_can_move(castle));
    assert!(!legal_moves(&through).contains(castle));
}

/// Before `make` checked its contract, this move passed the turn (the queen went to d2 over its
/// own pawn, which stayed in White's array but left the board).
#[test]
#[cfg_attr(debug_assertions, should_panic(expected = "is not a legal move"))]
fn make_refuses_a_move_onto_its_own_piece() {
    let mut pos = Position::startpos();
    let before = pos;
    assert_eq!(
        pos.make(mv(Square::D1, Square::D2, MoveFlag::Quiet)),
        Err(IllegalMove::TargetOccupied)
    );
    assert_eq!(pos, before);
}

/// Before, a move from an empty square silently passed the turn.
#[test]
#[cfg_attr(debug_assertions, should_panic(expected = "is not a legal move"))]
fn make_refuses_a_move_from_an_empty_square() {
    let mut pos = Position::startpos();
    let before = pos;
    assert_eq!(
        pos.make(mv(Square::E4, Square::E5, MoveFlag::Quiet)),
        Err(IllegalMove::NoPieceToMove)
    );
    assert_eq!(pos, before);
}

#[test]
#[cfg_attr(debug_assertions, should_panic(expected = "the list is full"))]
fn a_full_move_list_is_a_broken_contract() {
    let mut list = MoveList::new();
    for _ in 0..=MAX_MOVES {
        list.push(Move::NULL);
    }
    assert_eq!(list.len(), MAX_MOVES);
}

#[test]
fn consistency_covers_the_board_the_kings_and_the_side_not_to_move() {
    let kiwi = parse(KIWIPETE);
    assert!(kiwi.is_consistent());
    assert!(kiwi.board().is_consistent());
    // White to move while Black is in check: not a position play can reach.
    let mut board = Board::empty();
    board
        .add(Color::White, PieceKind::King, Square::E1)
        .unwrap();
    board
        .add(Color::White, PieceKind::Rook, Square::E2)
        .unwrap();
    board
        .add(Color::Black, PieceKind::King, Square::E8)
        .unwrap();
    let pos = Position::from_parts(board, Color::White, Default::default(), None, 0, 1);
    assert!(pos.board().is_consistent());
    assert!(!pos.is_consistent());
}

#[test]
fn is_legal_agrees_with_the_move_generator_on_every_move_bit_pattern() {
    // Every 16-bit pattern a table slot could hand back, in positions of random games: legal
    // exactly when the generator makes it.
    let mut rng = Rng::new(0x6c65_6761_6c69_7479);
    let (mut positions, mut legal) = (0, 0);
    for start in all_start_fens() {
        for pos in playout(&parse(&start), 40, &mut rng).into_iter().step_by(8) {
            let moves = legal_moves(&pos);
            for bits in 0..=u16::MAX {
                let m = Move::from_bits(bits);
                let want = moves.contains(m);
                assert_eq!(pos.is_legal(m), want, "{} in '{}'", uci(m), fen(&pos));
                legal += usize::from(want);
            }
            positions += 1;
        }
    }
    assert!(
        positions > 100 && legal > 3_000,
        "only {positions} positions, {legal} legal moves"
    );
}
