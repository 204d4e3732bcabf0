//! Why a FEN was refused, and the sentence that says it.

use core::fmt;

use super::{castling_squares, MAX_CLOCK};
use crate::piece::{Color, Square};

/// Why a FEN was refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FenError {
    /// Not six fields (the number found).
    Fields(usize),
    /// An EPD position that has neither four fields nor six (the number found).
    EpdFields(usize),
    /// Two spaces in a row, or a space at either end.
    Spacing,
    /// The piece placement does not have eight ranks (the number found).
    Ranks(usize),
    /// A rank of the piece placement does not cover eight squares.
    RankWidth {
        /// The rank, 1 to 8.
        rank: u8,
        /// How many squares it covers.
        squares: u8,
    },
    /// A byte of the piece placement that is neither a piece letter nor a digit 1-8.
    PlacementByte(u8),
    /// A rank of the piece placement with two digits in a row (`44`).
    Digits {
        /// The rank, 1 to 8.
        rank: u8,
    },
    /// A side does not have exactly one king.
    Kings {
        /// The side.
        color: Color,
        /// Its kings.
        count: u8,
    },
    /// A pawn stands on the first or last rank.
    PawnOnBackRank(Square),
    /// A side has more than 8 pawns.
    TooManyPawns {
        /// The side.
        color: Color,
        /// Its pawns.
        count: u8,
    },
    /// A side has more promoted pieces (pieces beyond one queen, two rooks, two knights and one
    /// bishop on each square colour) than pawns missing from its eight.
    TooManyPromoted {
        /// The side.
        color: Color,
        /// Its promoted pieces.
        promoted: u8,
        /// Its missing pawns.
        missing_pawns: u8,
    },
    /// A side has more than 16 pieces.
    TooManyPieces {
        /// The side.
        color: Color,
        /// Its pieces, the king included.
        count: u8,
    },
    /// The side to move field is not `w` or `b`.
    Side,
    /// The castling field is not `-` or some of `KQkq` in that order.
    CastlingField,
    /// A castling right (its letter) whose king or rook is not on its home square.
    CastlingRight(u8),
    /// The en passant field is not `-` or a square.
    EnPassantField,
    /// An en passant square that is not behind a pawn that has just made a double step.
    EnPassantSquare(Square),
    /// The halfmove clock is not a plain decimal number from 0 to [`MAX_CLOCK`].
    HalfmoveClock,
    /// The full-move number is not a plain decimal number from 1 to [`MAX_CLOCK`].
    FullmoveNumber,
    /// This side is in check although it is not its turn.
    OpponentInCheck(Color),
    /// The side to move is in check from more than two pieces.
    TooManyCheckers {
        /// The side to move.
        color: Color,
        /// Its checkers.
        count: u8,
    },
    /// The side to move is in check from two pieces that no last move can have given check
    /// together.
    ImpossibleCheck(Color),
    /// The side to move is in check, but not from the double step the en passant square
    /// records.
    EnPassantCheck {
        /// The side to move.
        color: Color,
        /// The en passant square.
        square: Square,
    },
}

fn plural(n: u8) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// A square's name for messages.
struct Name(Square);

impl fmt::Display for Name {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [file, rank] = self.0.name();
        write!(f, "{}{}", char::from(file), char::from(rank))
    }
}

/// A byte for messages: itself when printable, else its value.
struct Byte(u8);

impl fmt::Display for Byte {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_ascii_graphic() {
            write!(f, "'{}'", char::from(self.0))
        } else {
            write!(f, "byte {:#04x}", self.0)
        }
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            FenError::Fields(n) => write!(f, "FEN has {n} fields; expected 6"),
            FenError::EpdFields(n) => {
                write!(f, "EPD position has {n} fields; expected 4 or 6")
            }
            FenError::Spacing => write!(f, "FEN fields must be separated by single spaces"),
            FenError::Ranks(n) => write!(f, "the piece placement has {n} ranks; expected 8"),
            FenError::RankWidth { rank, squares } => write!(
                f,
                "rank {rank} of the piece placement covers {squares} squares; expected 8"
            ),
            FenError::PlacementByte(b) => write!(
                f,
                "{} in the piece placement is neither a piece letter nor a digit 1-8",
                Byte(b)
            ),
            FenError::Digits { rank } => write!(
                f,
                "rank {rank} of the piece placement has two digits in a row"
            ),
            FenError::Kings { color, count } => {
                write!(f, "{} has {count} kings; expected 1", color_name(color))
            }
            FenError::PawnOnBackRank(sq) => write!(
                f,
                "a pawn stands on {}; pawns never stand on rank 1 or 8",
                Name(sq)
            ),
            FenError::TooManyPawns { color, count } => {
                write!(f, "{} has {count} pawns; at most 8", color_name(color))
            }
            FenError::TooManyPromoted {
                color,
                promoted,
                missing_pawns,
            } => write!(
                f,
                "{} has {promoted} promoted piece{} but {missing_pawns} missing pawn{}",
                color_name(color),
                plural(promoted),
                plural(missing_pawns)
            ),
            FenError::TooManyPieces { color, count } => {
                write!(f, "{} has {count} pieces; at most 16", color_name(color))
            }
            FenError::Side => write!(f, "the side to move must be w or b"),
            FenError::CastlingField => write!(
                f,
                "the castling field must be - or some of K, Q, k, q in that order"
            ),
            FenError::CastlingRight(letter) => {
                let (color, king, rook) = castling_squares(letter);
                let side = if color == Color::White {
                    "white"
                } else {
                    "black"
                };
                write!(
                    f,
                    "castling right {} needs the {side} king on {} and a {side} rook on {}",
                    char::from(letter),
                    Name(king),
                    Name(rook)
                )
            }
            FenError::EnPassantField => write!(f, "the en passant field must be - or a square"),
            FenError::EnPassantSquare(sq) => write!(
                f,
                "en passant square {} is not behind a pawn that has just made a double step",
                Name(sq)
            ),
            FenError::HalfmoveClock => {
                write!(
                    f,
                    "the halfmove clock must be a plain decimal number from 0 to {MAX_CLOCK}"
                )
            }
            FenError::FullmoveNumber => {
                write!(
                    f,
                    "the full-move number must be a plain decimal number from 1 to {MAX_CLOCK}"
                )
            }
            FenError::OpponentInCheck(color) => write!(
                f,
                "{} is in check but it is {}'s turn",
                color_name(color),
                color_name(color.other())
            ),
            FenError::TooManyCheckers { color, count } => write!(
                f,
                "{} is in check from {count} pieces; at most 2 is possible",
                color_name(color)
            ),
            FenError::ImpossibleCheck(color) => write!(
                f,
                "{} is in check from two pieces that no last move can have given check together",
                color_name(color)
            ),
            FenError::EnPassantCheck { color, square } => write!(
                f,
                "{} is in check, which the double step behind en passant square {} cannot have \
                 given",
                color_name(color),
                Name(square)
            ),
        }
    }
}
