//! FEN in and out. [`parse_fen`] reads a position in two stages, each a short function: first
//! every field is parsed on its own (piece placement, side to move, castling, en passant square,
//! clocks), then the position is validated (kings, pawns, material, castling rights, en passant
//! square, checks). [`parse_epd`] reads the position of an EPD line the same way (four fields,
//! or six). [`write_fen`] writes a position into a caller's [`Writer`]. Nothing here allocates.

use crate::board::{CastlingRights, Position};
use crate::notation::{legal_ep_square, parse_decimal, Writer};
use crate::piece::{Color, PieceKind, Square};

#[path = "fen/error.rs"]
mod error;
#[path = "fen/validate.rs"]
mod validate;

pub use error::FenError;

/// The largest halfmove clock and full-move number a FEN may carry.
pub const MAX_CLOCK: u16 = 9999;

/// Parses and validates a FEN of six fields separated by single spaces; the rules are those of
/// `docs/PROTOCOL.md` ("FEN and records").
pub fn parse_fen(fen: &[u8]) -> Result<Position, FenError> {
    let fields = split_fields(fen)?;
    if fields.count != 6 {
        return Err(FenError::Fields(fields.count));
    }
    parse_fields(&fields.text)?.validate()
}

/// Parses and validates the position of an EPD line (the text before its operations): the four
/// fields of EPD, which has no clocks (they are taken as `0 1`), or a whole six-field FEN, as
/// many EPD files write it.
pub fn parse_epd(epd: &[u8]) -> Result<Position, FenError> {
    let mut fields = split_fields(epd)?;
    match fields.count {
        6 => {}
        4 => {
            fields.text[4] = b"0";
            fields.text[5] = b"1";
        }
        n => return Err(FenError::EpdFields(n)),
    }
    parse_fields(&fields.text)?.validate()
}

/// Parses each of the six fields on its own.
fn parse_fields(fields: &[&[u8]; 6]) -> Result<Parsed, FenError> {
    let [placement, side, castling, ep, halfmove, fullmove] = *fields;
    Ok(Parsed {
        placement: parse_placement(placement)?,
        side: parse_side(side)?,
        castling: parse_castling(castling)?,
        ep: parse_ep(ep)?,
        halfmove: parse_clock(halfmove, 0, MAX_CLOCK).ok_or(FenError::HalfmoveClock)?,
        fullmove: parse_clock(fullmove, 1, MAX_CLOCK).ok_or(FenError::FullmoveNumber)?,
    })
}

/// The fields of a FEN text: the first six and how many there are.
struct Fields<'a> {
    text: [&'a [u8]; 6],
    count: usize,
}

fn split_fields(fen: &[u8]) -> Result<Fields<'_>, FenError> {
    let mut fields = Fields {
        text: [&[]; 6],
        count: 0,
    };
    for field in fen.split(|&c| c == b' ') {
        if field.is_empty() {
            return Err(FenError::Spacing);
        }
        if let Some(slot) = fields.text.get_mut(fields.count) {
            *slot = field;
        }
        fields.count += 1;
    }
    Ok(fields)
}

/// What stands on each square, a1 first.
type Placement = [Option<(Color, PieceKind)>; 64];

/// A FEN's fields, each parsed on its own and not yet checked against each other.
struct Parsed {
    placement: Placement,
    side: Color,
    castling: CastlingRights,
    ep: Option<Square>,
    halfmove: u16,
    fullmove: u16,
}

fn parse_placement(text: &[u8]) -> Result<Placement, FenError> {
    let ranks = text.split(|&c| c == b'/').count();
    if ranks != 8 {
        return Err(FenError::Ranks(ranks));
    }
    let mut placement = [None; 64];
    for (row, rank_text) in (0..8u8).rev().zip(text.split(|&c| c == b'/')) {
        let mut file: u8 = 0;
        let mut after_digit = false;
        for &c in rank_text {
            let digit = c.is_ascii_digit();
            if digit && after_digit {
                return Err(FenError::Digits { rank: row + 1 });
            }
            after_digit = digit;
            match c {
                b'1'..=b'8' => file = file.saturating_add(c - b'0'),
                _ => {
                    let kind = PieceKind::from_letter(c.to_ascii_uppercase())
                        .ok_or(FenError::PlacementByte(c))?;
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    if file < 8 {
                        if let Some(slot) =
                            placement.get_mut(Square::from_coords(file, row).index())
                        {
                            *slot = Some((color, kind));
                        }
                    }
                    file = file.saturating_add(1);
                }
            }
        }
        if file != 8 {
            return Err(FenError::RankWidth {
                rank: row + 1,
                squares: file,
            });
        }
    }
    Ok(placement)
}

fn parse_side(text: &[u8]) -> Result<Color, FenError> {
    match text {
        b"w" => Ok(Color::White),
        b"b" => Ok(Color::Black),
        _ => Err(FenError::Side),
    }
}

/// The castling rights' letters, in the order a FEN lists them.
const CASTLING_LETTERS: [(CastlingRights, u8); 4] = [
    (CastlingRights::WHITE_KING, b'K'),
    (CastlingRights::WHITE_QUEEN, b'Q'),
    (CastlingRights::BLACK_KING, b'k'),
    (CastlingRights::BLACK_QUEEN, b'q'),
];

/// The side, king square and rook square of a castling right's letter.
fn castling_squares(letter: u8) -> (Color, Square, Square) {
    match letter {
        b'K' => (Color::White, Square::E1, Square::H1),
        b'Q' => (Color::White, Square::E1, Square::A1),
        b'k' => (Color::Black, Square::E8, Square::H8),
        _ => (Color::Black, Square::E8, Square::A8),
    }
}

fn parse_castling(text: &[u8]) -> Result<CastlingRights, FenError> {
    if text == b"-" {
        return Ok(CastlingRights::NONE);
    }
    let mut rights = CastlingRights::NONE;
    // Each letter once, in the order K Q k q: every letter comes after the previous one.
    let mut next = 0;
    for &c in text {
        let (i, &(bit, _)) = CASTLING_LETTERS
            .iter()
            .enumerate()
            .find(|&(_, &(_, letter))| letter == c)
            .filter(|&(i, _)| i >= next)
            .ok_or(FenError::CastlingField)?;
        rights = rights.union(bit);
        next = i + 1;
    }
    Ok(rights)
}

fn parse_ep(text: &[u8]) -> Result<Option<Square>, FenError> {
    match text {
        b"-" => Ok(None),
        [b'a'..=b'h', b'1'..=b'8'] => Square::parse(text)
            .map(Some)
            .ok_or(FenError::EnPassantField),
        _ => Err(FenError::EnPassantField),
    }
}

/// A clock: plain decimal (see [`parse_decimal`]) from `min` to `max`.
fn parse_clock(s: &[u8], min: u16, max: u16) -> Option<u16> {
    parse_decimal(s, u64::from(max))
        .and_then(|n| u16::try_from(n).ok())
        .filter(|&n| n >= min)
}

/// Writes the FEN of a position. The en passant square is written only when an en passant
/// capture is legal, as repetition treats it. The clocks are written at most [`MAX_CLOCK`]: a
/// game loaded near that bound can count further (the history holds 1024 half-moves), and what
/// this writes must always parse again.
pub fn write_fen(pos: &Position, w: &mut Writer<'_>) {
    let b = pos.board();
    for rank in (0..8u8).rev() {
        let mut empty = 0u8;
        for file in 0..8u8 {
            match b.piece_at(Square::from_coords(file, rank)) {
                None => empty += 1,
                Some((color, kind)) => {
                    if empty > 0 {
                        w.byte(b'0' + empty);
                        empty = 0;
                    }
                    let c = kind.letter();
                    w.byte(if color == Color::White {
                        c
                    } else {
                        c.to_ascii_lowercase()
                    });
                }
            }
        }
        if empty > 0 {
            w.byte(b'0' + empty);
        }
        if rank > 0 {
            w.byte(b'/');
        }
    }
    w.bytes(if pos.side_to_move() == Color::White {
        b" w "
    } else {
        b" b "
    });
    let rights = pos.castling();
    if rights.is_empty() {
        w.byte(b'-');
    }
    for (bit, c) in CASTLING_LETTERS {
        if rights.contains(bit) {
            w.byte(c);
        }
    }
    w.byte(b' ');
    match legal_ep_square(pos) {
        Some(sq) => w.bytes(&sq.name()),
        None => w.byte(b'-'),
    }
    w.byte(b' ');
    w.number(u64::from(pos.halfmove_clock().min(MAX_CLOCK)));
    w.byte(b' ');
    w.number(u64::from(pos.fullmove_number().min(MAX_CLOCK)));
}
