//! The FEN reader's rules, one refusal at a time, with the exact error and its sentence.

mod common;

use chess_core::board::{Board, PlaceError};
use chess_core::fen::{parse_epd, parse_fen, FenError};
use chess_core::piece::{Color, PieceKind, Square};
use common::*;

fn sq(name: &str) -> Square {
    Square::parse(name.as_bytes()).unwrap()
}

/// Refuses `fen` with `want`, whose sentence is `text`.
#[track_caller]
fn refused(fen: &str, want: FenError, text: &str) {
    assert_eq!(parse_fen(fen.as_bytes()), Err(want), "{fen}");
    assert_eq!(want.to_string(), text, "{fen}");
}

#[test]
fn field_errors() {
    refused(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
        FenError::Fields(4),
        "FEN has 4 fields; expected 6",
    );
    refused(
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1 x",
        FenError::Fields(7),
        "FEN has 7 fields; expected 6",
    );
    refused(
        "4k3/8/8/8/8/8/8/4K3 w -  - 0 1",
        FenError::Spacing,
        "FEN fields must be separated by single spaces",
    );
    refused(
        " 4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        FenError::Spacing,
        "FEN fields must be separated by single spaces",
    );
    refused(
        "",
        FenError::Spacing,
        "FEN fields must be separated by single spaces",
    );
}

#[test]
fn placement_errors() {
    refused(
        "4k3/8/8/8/8/8/4K3 w - - 0 1",
        FenError::Ranks(7),
        "the piece placement has 7 ranks; expected 8",
    );
    refused(
        "4k3/8/8/8/8/8/8/8/4K3 w - - 0 1",
        FenError::Ranks(9),
        "the piece placement has 9 ranks; expected 8",
    );
    refused(
        "4k4/8/8/8/8/8/8/4K3 w - - 0 1",
        FenError::RankWidth {
            rank: 8,
            squares: 9,
        },
        "rank 8 of the piece placement covers 9 squares; expected 8",
    );
    refused(
        "4k3/8/8/8/8/8/8/4K2 w - - 0 1",
        FenError::RankWidth {
            rank: 1,
            squares: 7,
        },
        "rank 1 of the piece placement covers 7 squares; expected 8",
    );
    refused(
        "4k3/8//8/8/8/8/4K3 w - - 0 1",
        FenError::RankWidth {
            rank: 6,
            squares: 0,
        },
        "rank 6 of the piece placement covers 0 squares; expected 8",
    );
    // Empty squares are one digit: `44` is not how a FEN writes 8.
    refused(
        "4k3/44/8/8/8/8/8/4K3 w - - 0 1",
        FenError::Digits { rank: 7 },
        "rank 7 of the piece placement has two digits in a row",
    );
    refused(
        "4k3/8/8/8/8/8/8/4K111 w - - 0 1",
        FenError::Digits { rank: 1 },
        "rank 1 of the piece placement has two digits in a row",
    );
    refused(
        "4k3/9/8/8/8/8/8/4K3 w - - 0 1",
        FenError::PlacementByte(b'9'),
        "'9' in the piece placement is neither a piece letter nor a digit 1-8",
    );
    refused(
        "4k3/8/8/8/8/8/8/4X3 w - - 0 1",
        FenError::PlacementByte(b'X'),
        "'X' in the piece placement is neither a piece letter nor a digit 1-8",
    );
    refused(
        "4k3/8/8/8/8/8/8/4K2\t w - - 0 1",
        FenError::PlacementByte(b'\t'),
        "byte 0x09 in the piece placement is neither a piece letter nor a digit 1-8",
    );
}

#[test]
fn material_errors() {
    refused(
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
        FenError::Kings {
            color: Color::White,
            count: 2,
        },
        "White has 2 kings; expected 1",
    );
    refused(
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        FenError::Kings {
            color: Color::Black,
            count: 0,
        },
        "Black has 0 kings; expected 1",
    );
    refused(
        "4k3/8/8/8/8/8/8/p3K3 w - - 0 1",
        FenError::PawnOnBackRank(sq("a1")),
        "a pawn stands on a1; pawns never stand on rank 1 or 8",
    );
    refused(
        "QQQQk3/QQQQ4/8/8/8/8/QQQQQQQQ/4K3 w - - 0 1",
        FenError::TooManyPieces {
            color: Color::White,
            count: 17,
        },
        "White has 17 pieces; at most 16",
    );
}

#[test]
fn side_castling_and_en_passant_errors() {
    refused(
        "4k3/8/8/8/8/8/8/4K3 W - - 0 1",
        FenError::Side,
        "the side to move must be w or b",
    );
    for castling in ["X", "QK", "KK", "kQ"] {
        refused(
            &format!("r3k2r/8/8/8/8/8/8/R3K2R w {castling} - 0 1"),
            FenError::CastlingField,
            "the castling field must be - or some of K, Q, k, q in that order",
        );
    }
    refused(
        "r3k2r/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1",
        FenError::CastlingRight(b'K'),
        "castling right K needs the white king on e1 and a white rook on h1",
    );
    refused(
        "1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        FenError::CastlingRight(b'q'),
        "castling right q needs the black king on e8 and a black rook on a8",
    );
    for ep in ["e9", "z6", "e", "e66", "E6"] {
        refused(
            &format!("4k3/8/8/4pP2/8/8/8/4K3 w - {ep} 0 1"),
            FenError::EnPassantField,
            "the en passant field must be - or a square",
        );
    }
    refused(
        "4k3/8/8/4pP2/8/8/8/4K3 w - d6 0 1",
        FenError::EnPassantSquare(sq("d6")),
        "en passant square d6 is not behind a pawn that has just made a double step",
    );
    // Behind the pawn, but on the mover's side of the board.
    refused(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
        FenError::EnPassantSquare(sq("e3")),
        "en passant square e3 is not behind a pawn that has just made a double step",
    );
}

#[test]
fn clock_errors() {
    // Plain decimal, as everywhere in the protocol: no sign, no leading zero.
    for half in [
        "x",
        "-1",
        "+1",
        "00",
        "01",
        "007",
        "10000",
        "99999999999",
        "1x",
    ] {
        refused(
            &format!("4k3/8/8/8/8/8/8/4K3 w - - {half} 1"),
            FenError::HalfmoveClock,
            "the halfmove clock must be a plain decimal number from 0 to 9999",
        );
    }
    for full in ["0", "x", "-1", "+1", "01", "007", "10000"] {
        refused(
            &format!("4k3/8/8/8/8/8/8/4K3 w - - 0 {full}"),
            FenError::FullmoveNumber,
            "the full-move number must be a plain decimal number from 1 to 9999",
        );
    }
    assert_eq!(
        parse("4k3/8/8/8/8/8/8/4K3 w - - 0 10").fullmove_number(),
        10
    );
    assert_eq!(parse("4k3/8/8/8/8/8/8/4K3 w - - 10 1").halfmove_clock(), 10);
    let pos = parse("4k3/8/8/8/8/8/8/4K3 w - - 9999 9999");
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (9999, 9999));
}

#[test]
fn check_errors() {
    refused(
        "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
        FenError::OpponentInCheck(Color::Black),
        "Black is in check but it is White's turn",
    );
    refused(
        "8/8/8/3kK3/8/8/8/8 b - - 0 1",
        FenError::OpponentInCheck(Color::White),
        "White is in check but it is Black's turn",
    );
}

#[test]
fn place_errors_read_as_sentences() {
    let mut board = Board::empty();
    board.add(Color::White, PieceKind::King, sq("e1")).unwrap();
    let err = board
        .add(Color::Black, PieceKind::King, sq("e1"))
        .unwrap_err();
    assert_eq!(err, PlaceError::Occupied);
    assert_eq!(err.to_string(), "the square already holds a piece");
    for i in 0..15 {
        board
            .add(Color::White, PieceKind::Queen, Square::new(8 + i).unwrap())
            .unwrap();
    }
    let err = board
        .add(Color::White, PieceKind::Queen, sq("h8"))
        .unwrap_err();
    assert_eq!(err, PlaceError::TooManyPieces);
    assert_eq!(err.to_string(), "the side already has 16 pieces");
}

/// A game may pass move 9999 only from a loaded record; the FEN keeps saying 9999, so every
/// record the game writes loads again, and undoing restores the exact count.
#[test]
fn full_move_number_stops_at_the_largest_one_a_fen_may_carry() {
    use chess_core::game::Game;
    use chess_core::notation::parse_uci;
    let mut game = Game::new(parse("4k3/8/8/8/8/8/8/R3K3 b - - 0 9999"));
    let mut texts = vec![fen(game.position())];
    for m in ["e8d8", "a1a2", "d8e8", "a2a1", "e8d8"] {
        let mv = parse_uci(game.position(), m.as_bytes()).unwrap();
        game.play(mv).unwrap();
        let text = fen(game.position());
        let again = parse_fen(text.as_bytes())
            .unwrap_or_else(|e| panic!("'{text}' written but refused: {e}"));
        assert_eq!(fen(&again), text);
        texts.push(text);
    }
    assert_eq!(
        texts,
        [
            "4k3/8/8/8/8/8/8/R3K3 b - - 0 9999",
            "3k4/8/8/8/8/8/8/R3K3 w - - 1 9999",
            "3k4/8/8/8/8/8/R7/4K3 b - - 2 9999",
            "4k3/8/8/8/8/8/R7/4K3 w - - 3 9999",
            "4k3/8/8/8/8/8/8/R3K3 b - - 4 9999",
            "3k4/8/8/8/8/8/8/R3K3 w - - 5 9999",
        ]
    );
    assert_eq!(game.position().fullmove_number(), 10002);
    for want in texts.iter().rev().skip(1) {
        assert!(game.undo());
        assert_eq!(fen(game.position()), *want);
    }
    assert_eq!(game.position().fullmove_number(), 9999);
}

#[test]
fn pawn_and_promotion_counts() {
    refused(
        "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1",
        FenError::TooManyPawns {
            color: Color::White,
            count: 9,
        },
        "White has 9 pawns; at most 8",
    );
    // A piece beyond the initial set (one queen, two rooks, two knights, one bishop on each
    // square colour) needs a pawn that promoted.
    refused(
        "3qk3/8/8/8/8/8/PPPPPPPP/2QQK3 w - - 0 1",
        FenError::TooManyPromoted {
            color: Color::White,
            promoted: 1,
            missing_pawns: 0,
        },
        "White has 1 promoted piece but 0 missing pawns",
    );
    refused(
        "4k3/pppppppp/8/8/8/8/8/nnnK4 w - - 0 1",
        FenError::TooManyPromoted {
            color: Color::Black,
            promoted: 1,
            missing_pawns: 0,
        },
        "Black has 1 promoted piece but 0 missing pawns",
    );
    refused(
        "4k3/8/8/8/8/8/1PPPPPPP/RRRRK3 w - - 0 1",
        FenError::TooManyPromoted {
            color: Color::White,
            promoted: 2,
            missing_pawns: 1,
        },
        "White has 2 promoted pieces but 1 missing pawn",
    );
    // Two bishops on dark squares (c1, e3): one of them was a pawn.
    refused(
        "4k3/8/8/8/8/4B3/PPPPPPPP/2B1K3 w - - 0 1",
        FenError::TooManyPromoted {
            color: Color::White,
            promoted: 1,
            missing_pawns: 0,
        },
        "White has 1 promoted piece but 0 missing pawns",
    );
    // As many promoted pieces as missing pawns is fine.
    parse("4k3/8/8/8/8/8/1PPPPPPP/1RRRK3 w - - 0 1");
    parse("4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1");
    parse("4k3/8/8/8/8/4B3/1PPPPPPP/2B1K3 w - - 0 1");
    parse("4k3/8/8/8/8/8/8/QQQQKQQQ w - - 0 1");
    parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
}

#[test]
fn more_than_two_checkers() {
    refused(
        "4k3/8/3N4/1B6/8/8/8/4R1K1 b - - 0 1",
        FenError::TooManyCheckers {
            color: Color::Black,
            count: 3,
        },
        "Black is in check from 3 pieces; at most 2 is possible",
    );
}

/// Two checkers need a last move that gave both checks: one of them moved (or promoted) off
/// the other's line to the king, from a square where it did not give check itself; or a pawn
/// captured en passant and opened two lines.
#[test]
fn double_checks_that_no_move_gives() {
    let impossible = |fen: &str| {
        refused(
            fen,
            FenError::ImpossibleCheck(Color::Black),
            "Black is in check from two pieces that no last move can have given check together",
        )
    };
    // Two pawns; a pawn and a knight: neither can uncover the other's check.
    impossible("8/8/8/4k3/3P1P2/8/8/4K3 b - - 0 1");
    impossible("8/8/2N5/4k3/3P4/8/8/4K3 b - - 0 1");
    // Two bishops: a bishop that leaves a diagonal cannot reach the king's other diagonal.
    impossible("8/8/8/4k3/8/2B5/7B/4K3 b - - 0 1");
    // Two rooks, neither promoted next to the king.
    impossible("8/8/8/R3k3/8/8/8/4RK2 b - - 0 1");
    // Both on one line through the king.
    impossible("4R3/8/8/4k3/8/8/8/4RK2 b - - 0 1");
    // A pawn with a bishop: a pawn uncovers a line only by capturing off the king's file.
    impossible("8/8/4k3/3P4/8/7B/8/4K3 b - - 0 1");
    // The queen on c4 could only have come from e4, where it already gave check.
    impossible("8/8/8/3k4/2Q5/5B2/8/7K b - - 0 1");
    // Two lines opened at once without the en passant capture that would open them.
    impossible("4R3/1B6/8/8/4k3/8/8/4K3 b - - 0 1");
}

#[test]
fn double_checks_a_move_gives() {
    for fen in [
        // The knight came from e4, the bishop from e2: each uncovered the rook on e1.
        "4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1",
        "4k3/8/8/1B6/8/8/8/4RK2 b - - 0 1",
        // The pawn took on d5 from e4.
        "8/8/4k3/3P4/8/8/8/4RK2 b - - 0 1",
        // b7xc8=R and b8=Q, uncovering the rook on a7.
        "2R5/R1k5/8/8/8/8/8/4K3 b - - 0 1",
        "1Q6/R1k5/8/8/8/8/8/4K3 b - - 0 1",
        // e5xd6 en passant opened e5 for the rook and d5 for the bishop.
        "4R3/1B6/3P4/8/4k3/8/8/4K3 b - - 0 1",
        // The same for Black: e4xd3 en passant.
        "4k3/8/8/4K3/8/3p4/1b6/4r3 w - - 0 1",
    ] {
        let pos = parse(fen);
        assert_eq!(pos.checkers().count_ones(), 2, "{fen}");
    }
}

/// With an en passant square the last move was that double step: a check must have come from
/// it (the pawn itself, or a line its origin square opened).
#[test]
fn checks_with_an_en_passant_square() {
    // The pawn that just arrived gives check, or its origin square uncovered the bishop.
    parse("8/8/8/3k4/4P3/8/8/4K3 b - e3 0 1");
    parse("8/8/k7/8/4P3/8/8/4KB2 b - e3 0 1");
    let refused_ep = |fen: &str| {
        refused(
            fen,
            FenError::EnPassantCheck {
                color: Color::Black,
                square: sq("e3"),
            },
            "Black is in check, which the double step behind en passant square e3 cannot have \
             given",
        )
    };
    // The rook's check was there before the double step.
    refused_ep("k6R/8/8/8/4P3/8/8/4K3 b - e3 0 1");
    // The pawn checks, but before it moved the bishop on h1 already did.
    refused_ep("8/8/8/3k4/4P3/8/8/4K2B b - e3 0 1");
    // Two checkers.
    refused_ep("8/8/8/3k4/4P3/8/8/3RK3 b - e3 0 1");
}

/// An EPD line's position has four fields (no clocks) or, as many files write it, six.
#[test]
fn epd_positions_have_four_or_six_fields() {
    let four = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
    let pos = parse_epd(four.as_bytes()).unwrap();
    assert_eq!(pos, parse(&format!("{four} 0 1")));
    assert_eq!(fen(&pos), format!("{four} 0 1"));
    let six = "8/5bk1/8/2Pp4/8/1K6/8/8 w - d6 3 40";
    assert_eq!(parse_epd(six.as_bytes()).unwrap(), parse(six));
    for (text, n) in [
        ("8/8/8/8/8/8/8/K1k5 w -", 3),
        ("8/8/8/8/8/8/8/K1k5 w - - 0", 5),
        ("8/8/8/8/8/8/8/K1k5 w - - 0 1 x", 7),
    ] {
        assert_eq!(
            parse_epd(text.as_bytes()),
            Err(FenError::EpdFields(n)),
            "{text}"
        );
    }
    assert_eq!(
        FenError::EpdFields(5).to_string(),
        "EPD position has 5 fields; expected 4 or 6"
    );
    // The fields are checked as in a FEN, and the protocol's FEN still needs all six.
    assert_eq!(
        parse_epd(b"8/8/8/8/8/8/8/K1k5 w - e3"),
        Err(FenError::EnPassantSquare(sq("e3")))
    );
    assert_eq!(parse_fen(four.as_bytes()), Err(FenError::Fields(4)));
}
