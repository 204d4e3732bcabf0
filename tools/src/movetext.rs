//! The bridge between shakmaty and the protocol: positions from the device's FEN, and legal
//! moves to and from the protocol's MOVE notation, UCI coordinates and SAN.

use chess_core::notation::MoveText;
use chess_core::piece::{self as core, PieceKind};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position, Role, Square};

/// A FEN that is not a legal position.
#[derive(Debug, thiserror::Error, Clone, PartialEq, Eq)]
pub enum FenError {
    /// Not a FEN.
    #[error("cannot parse FEN {fen:?}: {reason}")]
    Syntax {
        /// The text.
        fen: String,
        /// What is wrong.
        reason: String,
    },
    /// A FEN, but not a position that can arise in a game.
    #[error("not a legal position {fen:?}: {reason}")]
    Illegal {
        /// The text.
        fen: String,
        /// What is wrong.
        reason: String,
    },
}

/// Parses a FEN (as `06` returns it) into a standard chess position.
pub fn position_from_fen(fen: &str) -> Result<Chess, FenError> {
    let parsed: Fen = fen.trim().parse().map_err(|e| FenError::Syntax {
        fen: fen.to_string(),
        reason: format!("{e}"),
    })?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|e| FenError::Illegal {
            fen: fen.to_string(),
            reason: format!("{e}"),
        })
}

/// The FEN of a position, with the en passant square only when the capture is legal (the way
/// the device writes it).
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos.clone(), EnPassantMode::Legal).to_string()
}

fn color(c: Color) -> core::Color {
    match c {
        Color::White => core::Color::White,
        Color::Black => core::Color::Black,
    }
}

fn kind(r: Role) -> PieceKind {
    match r {
        Role::Pawn => PieceKind::Pawn,
        Role::Knight => PieceKind::Knight,
        Role::Bishop => PieceKind::Bishop,
        Role::Rook => PieceKind::Rook,
        Role::Queen => PieceKind::Queen,
        Role::King => PieceKind::King,
    }
}

fn square(sq: Square) -> core::Square {
    core::Square::from_coords(u8::from(sq.file()), u8::from(sq.rank()))
}

/// The protocol's MOVE for a legal move of `pos`: `WPe2-e4`, `WPe4-d5xBP`, `WPf7-g8xBNyWQ`;
/// castling is the king's two-square move, en passant names the pawn taken.
pub fn protocol_move(pos: &Chess, m: &Move) -> MoveText {
    let us = pos.turn();
    let (from, to) = match *m {
        Move::Castle { king, rook } => {
            let file = if rook.file() > king.file() {
                shakmaty::File::G
            } else {
                shakmaty::File::C
            };
            (king, Square::from_coords(file, king.rank()))
        }
        _ => (m.from().unwrap_or(m.to()), m.to()),
    };
    let captured = match *m {
        Move::Normal { capture, .. } => capture,
        Move::EnPassant { .. } => Some(Role::Pawn),
        _ => None,
    };
    MoveText {
        color: color(us),
        kind: kind(m.role()),
        from: square(from),
        to: square(to),
        capture: captured.map(|r| (color(us.other()), kind(r))),
        promotion: m.promotion().map(|r| (color(us), kind(r))),
    }
}

/// The legal move of `pos` that `text` names, if any.
pub fn find_move(pos: &Chess, text: &MoveText) -> Option<Move> {
    pos.legal_moves()
        .into_iter()
        .find(|m| protocol_move(pos, m) == *text)
}

/// The move in UCI coordinates (`e2e4`, castling `e1g1`, promotion `e7e8q`).
pub fn uci_text(m: &Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// The move in SAN with its check or mate suffix.
pub fn san_text(pos: &Chess, m: &Move) -> String {
    SanPlus::from_move(pos.clone(), m).to_string()
}

/// The moves of `line` from `pos` while they are legal, each with the position before it.
pub fn replay<'a>(pos: &Chess, line: impl IntoIterator<Item = &'a MoveText>) -> Vec<(Chess, Move)> {
    let mut pos = pos.clone();
    let mut out = Vec::new();
    for text in line {
        let Some(m) = find_move(&pos, text) else {
            break;
        };
        let before = pos.clone();
        pos.play_unchecked(&m);
        out.push((before, m));
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::client::move_string;

    fn pos(fen: &str) -> Chess {
        position_from_fen(fen).unwrap()
    }

    /// Positions with every kind of move: castling both ways, en passant, promotions with and
    /// without capture, for both sides.
    pub(crate) const EVERY_KIND_OF_MOVE: [&str; 5] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ];

    #[test]
    fn every_legal_move_round_trips() {
        for fen in EVERY_KIND_OF_MOVE {
            let p = pos(fen);
            for m in p.legal_moves() {
                let text = protocol_move(&p, &m);
                let shown = move_string(&text);
                assert_eq!(MoveText::parse(shown.as_bytes()), Ok(text), "{shown}");
                assert_eq!(find_move(&p, &text), Some(m.clone()), "{fen} {shown}");
            }
        }
    }

    #[test]
    fn the_kings_two_square_move_is_castling() {
        let p = pos("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1");
        let m = find_move(&p, &MoveText::parse(b"BKe8-c8").unwrap()).unwrap();
        assert!(m.is_castle());
        assert_eq!(uci_text(&m), "e8c8");
        assert_eq!(san_text(&p, &m), "O-O-O");
    }

    #[test]
    fn a_line_replays_while_it_is_legal() {
        let start = Chess::default();
        let line: Vec<MoveText> = ["WPe2-e4", "BPe7-e5", "WPe4-e5"]
            .iter()
            .map(|t| MoveText::parse(t.as_bytes()).unwrap())
            .collect();
        let played = replay(&start, &line);
        assert_eq!(played.len(), 2);
        assert_eq!(uci_text(&played[1].1), "e7e5");
        assert_eq!(played[1].0.turn(), Color::Black);
    }

    #[test]
    fn bad_fens_are_explained() {
        assert!(matches!(
            position_from_fen("banana"),
            Err(FenError::Syntax { .. })
        ));
        assert!(matches!(
            position_from_fen("8/8/8/8/8/8/8/8 w - - 0 1"),
            Err(FenError::Illegal { .. })
        ));
    }
}
