//! What people type for a move: coordinates, SAN or protocol notation, read against a
//! position, with a helpful message when it is not a legal move.

use chess_core::notation::MoveText;
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Move, Position, Role};

use crate::movetext::find_move;

/// Normalises coordinate input: `e2e4`, `e2-e4`, `e2xd5`, `e7e8q`, `e7e8=Q` → `e7e8q`.
fn coordinate_form(text: &str) -> Option<String> {
    let t: String = text
        .chars()
        .filter(|&c| c != '-' && c != 'x' && c != '=')
        .collect();
    let t = t.to_ascii_lowercase();
    let b = t.as_bytes();
    let sq = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    let ok = match b.len() {
        4 => sq(b[0], b[1]) && sq(b[2], b[3]),
        5 => sq(b[0], b[1]) && sq(b[2], b[3]) && b"qrbn".contains(&b[4]),
        _ => false,
    };
    // No SAN has a rank digit as its second character, so this never shadows SAN.
    ok.then_some(t)
}

/// Accepts common variants of SAN that shakmaty does not: castling with zeros (`0-0`) and a
/// promotion without `=` (`e8Q`, `axb8Q+`).
fn normalise_san(text: &str) -> String {
    if text.starts_with("0-0") {
        return text.replace('0', "O");
    }
    let body = text.trim_end_matches(['+', '#']);
    let suffix = &text[body.len()..];
    let b = body.as_bytes();
    if let [.., b'1' | b'8', piece @ (b'Q' | b'R' | b'B' | b'N')] = b {
        if body.starts_with(|c: char| ('a'..='h').contains(&c)) {
            let head = &body[..body.len() - 1];
            return format!("{head}={}{suffix}", char::from(*piece));
        }
    }
    text.to_string()
}

/// Why the text typed for a move was not a move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MoveInputError {
    /// Not a move in any notation we read.
    Unparseable,
    /// Well-formed but not legal here; `hints` are legal moves (SAN) related to the attempt.
    Illegal {
        /// Legal moves, in SAN, that look related to what was typed (or any legal moves).
        hints: Vec<String>,
        /// How many legal moves the position has.
        total: usize,
    },
    /// SAN that matches more than one legal move; the candidates in full SAN.
    Ambiguous(Vec<String>),
    /// A pawn move to the last rank without the piece to promote to.
    NeedsPromotion(String),
}

/// The legal moves (SAN) that `related` picks, or all of them when it picks none, at most ten;
/// and how many legal moves there are.
fn hints(pos: &Chess, related: impl Fn(&Move) -> bool) -> (Vec<String>, usize) {
    let legal = pos.legal_moves();
    let mut picked: Vec<&Move> = legal.iter().filter(|m| related(m)).collect();
    if picked.is_empty() {
        picked = legal.iter().collect();
    }
    let mut sans: Vec<String> = picked
        .into_iter()
        .map(|m| SanPlus::from_move(pos.clone(), m).san.to_string())
        .collect();
    sans.sort();
    sans.truncate(10);
    (sans, legal.len())
}

/// An illegal move from `from` (a square's name): the legal moves from there as hints.
fn illegal_from(pos: &Chess, from: &str) -> MoveInputError {
    let (hints, total) = hints(pos, |m| {
        m.from().map(|s| s.to_string()).as_deref() == Some(from)
    });
    MoveInputError::Illegal { hints, total }
}

/// Reads a move typed by a person: coordinates (`e2e4`, `e7e8q`), SAN (`Nf3`, `exd5`, `O-O`,
/// `e8=Q+`) or protocol notation (`WPe2-e4`), and returns the legal move it names.
pub fn parse_move_input(pos: &Chess, input: &str) -> Result<Move, MoveInputError> {
    let text = input.trim();
    if text.is_empty() {
        return Err(MoveInputError::Unparseable);
    }
    if let Ok(mv) = MoveText::parse(text.as_bytes()) {
        return find_move(pos, &mv).ok_or_else(|| illegal_from(pos, &text[2..4]));
    }
    if let Some(coords) = coordinate_form(text) {
        return coordinate_move(pos, &coords);
    }
    // SAN; castling with zeros too.
    let san: SanPlus = normalise_san(text)
        .parse()
        .map_err(|_| MoveInputError::Unparseable)?;
    match san.san.to_move(pos) {
        Ok(m) => Ok(m),
        Err(SanError::AmbiguousSan) => {
            let mut c: Vec<String> = pos
                .legal_moves()
                .iter()
                .filter(|m| san.san.matches(m))
                .map(|m| SanPlus::from_move(pos.clone(), m).san.to_string())
                .collect();
            c.sort();
            Err(MoveInputError::Ambiguous(c))
        }
        Err(SanError::IllegalSan) => Err(illegal_san(pos, &san.san, text)),
    }
}

/// A move in normalised coordinates (`e2e4`, `e7e8q`).
fn coordinate_move(pos: &Chess, coords: &str) -> Result<Move, MoveInputError> {
    let uci: UciMove = coords.parse().map_err(|_| MoveInputError::Unparseable)?;
    if let Ok(m) = uci.to_move(pos) {
        return Ok(m);
    }
    // A promotion typed without its piece.
    if coords.len() == 4 {
        let queen = format!("{coords}q").parse::<UciMove>();
        if queen.is_ok_and(|u| u.to_move(pos).is_ok()) {
            return Err(MoveInputError::NeedsPromotion(coords.to_string()));
        }
    }
    Err(illegal_from(pos, &coords[0..2]))
}

/// Why well-formed SAN (`text` as typed) is not a legal move here.
fn illegal_san(pos: &Chess, san: &San, text: &str) -> MoveInputError {
    if let San::Normal {
        role: Role::Pawn,
        promotion: None,
        to,
        ..
    } = *san
    {
        if to.rank() == shakmaty::Rank::First || to.rank() == shakmaty::Rank::Eighth {
            let promoted = pos
                .legal_moves()
                .iter()
                .any(|m| m.to() == to && m.role() == Role::Pawn && m.promotion().is_some());
            if promoted {
                return MoveInputError::NeedsPromotion(text.to_string());
            }
        }
    }
    let (hints, total) = match *san {
        San::Normal { role, to, .. } => hints(pos, |m| m.role() == role || m.to() == to),
        San::Castle(_) => hints(pos, |m| m.role() == Role::King),
        _ => hints(pos, |_| false),
    };
    MoveInputError::Illegal { hints, total }
}

impl MoveInputError {
    /// A message for a person who typed `input`.
    pub fn message(&self, input: &str) -> String {
        match self {
            MoveInputError::Unparseable => format!(
                "I can't read {input:?} as a move. Type a move like e2e4, e7e8q, Nf3, exd5, O-O, \
                 e8=Q or WPe2-e4, or 'help'."
            ),
            MoveInputError::Illegal { hints, total } => {
                if *total == 0 {
                    format!("{input} is not legal here: there are no legal moves.")
                } else {
                    format!(
                        "{input} is not legal here. Legal moves include: {} ({total} in all; \
                         'legal' lists them).",
                        hints.join(", ")
                    )
                }
            }
            MoveInputError::Ambiguous(c) => format!(
                "{input} is ambiguous: it could be {}. Say which.",
                c.join(" or ")
            ),
            MoveInputError::NeedsPromotion(t) => {
                format!("{t} promotes: say to what, e.g. {t}q (or e8=Q in SAN); q, r, b or n.")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::client::move_string;
    use crate::movetext::tests::EVERY_KIND_OF_MOVE;
    use crate::movetext::{position_from_fen, protocol_move, san_text, uci_text};

    fn pos(fen: &str) -> Chess {
        position_from_fen(fen).unwrap()
    }

    fn proto(fen: &str, input: &str) -> String {
        let p = pos(fen);
        let m = parse_move_input(&p, input).unwrap_or_else(|e| panic!("{input}: {e:?}"));
        move_string(&protocol_move(&p, &m))
    }

    /// Every one of `inputs` names the move `expected` (in MOVE notation) in `fen`.
    fn all_name(fen: &str, inputs: &[&str], expected: &str) {
        for input in inputs {
            assert_eq!(proto(fen, input), expected, "{fen}: {input}");
        }
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const CASTLES: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    const CASTLES_B: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1";

    #[test]
    fn quiet_moves_in_every_notation() {
        all_name(
            START,
            &["e2e4", "e4", "e2-e4", "WPe2-e4", "E2E4"],
            "WPe2-e4",
        );
        all_name(START, &["g1f3", "Nf3", "WNg1-f3"], "WNg1-f3");
    }

    #[test]
    fn castling_is_the_kings_two_square_move() {
        all_name(CASTLES, &["e1g1", "O-O", "0-0", "WKe1-g1"], "WKe1-g1");
        all_name(CASTLES, &["e1c1", "O-O-O", "0-0-0", "WKe1-c1"], "WKe1-c1");
        assert_eq!(proto(CASTLES_B, "O-O"), "BKe8-g8");
        assert_eq!(proto(CASTLES_B, "e8c8"), "BKe8-c8");
        let p = pos(CASTLES);
        let m = parse_move_input(&p, "O-O").unwrap();
        assert_eq!(uci_text(&m), "e1g1");
    }

    #[test]
    fn en_passant_names_the_pawn_taken() {
        let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
        all_name(fen, &["e5f6", "exf6", "WPe5-f6xBP"], "WPe5-f6xBP");
        let black = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
        all_name(black, &["dxe3", "d4e3"], "BPd4-e3xWP");
    }

    #[test]
    fn promotion_with_capture() {
        let fen = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        all_name(
            fen,
            &[
                "a7b8q",
                "axb8=Q",
                "axb8=Q+",
                "axb8Q",
                "a7xb8=Q",
                "WPa7-b8xBNyWQ",
            ],
            "WPa7-b8xBNyWQ",
        );
        assert_eq!(proto(fen, "a7b8n"), "WPa7-b8xBNyWN");
        assert_eq!(proto(fen, "a8=R"), "WPa7-a8yWR");
        let p = pos(fen);
        let m = parse_move_input(&p, "axb8=Q").unwrap();
        assert_eq!(uci_text(&m), "a7b8q");
        assert_eq!(san_text(&p, &m), "axb8=Q+");
        assert_eq!(
            parse_move_input(&p, "a7b8"),
            Err(MoveInputError::NeedsPromotion("a7b8".into()))
        );
        assert!(matches!(
            parse_move_input(&p, "axb8"),
            Err(MoveInputError::NeedsPromotion(_))
        ));
        let black = "4k3/8/8/8/8/8/6p1/4K2R b - - 0 1";
        all_name(black, &["gxh1=Q+", "g2h1q"], "BPg2-h1xWRyBQ");
    }

    #[test]
    fn captures_name_the_piece_taken() {
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        all_name(fen, &["exd5", "e4d5"], "WPe4-d5xBP");
    }

    #[test]
    fn bad_input_is_explained() {
        let p = pos(START);
        assert_eq!(
            parse_move_input(&p, "hello"),
            Err(MoveInputError::Unparseable)
        );
        assert_eq!(parse_move_input(&p, ""), Err(MoveInputError::Unparseable));
        match parse_move_input(&p, "e2e5") {
            Err(MoveInputError::Illegal { hints, total }) => {
                assert_eq!(total, 20);
                assert_eq!(hints, vec!["e3".to_string(), "e4".to_string()]);
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            parse_move_input(&p, "Nf6"),
            Err(MoveInputError::Illegal { .. })
        ));
        match parse_move_input(&p, "BPe7-e5") {
            Err(MoveInputError::Illegal { hints, .. }) => assert_eq!(hints.len(), 10),
            other => panic!("{other:?}"),
        }
        match parse_move_input(&p, "WPe2-e5") {
            Err(MoveInputError::Illegal { hints, .. }) => assert_eq!(hints, ["e3", "e4"]),
            other => panic!("{other:?}"),
        }
        // Not MOVE notation: the capture must come before the promotion.
        assert_eq!(
            parse_move_input(&p, "WPf7-g8yWQxBN"),
            Err(MoveInputError::Unparseable)
        );
        let two_knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        match parse_move_input(&pos(two_knights), "Nd2") {
            Err(MoveInputError::Ambiguous(c)) => assert_eq!(c, vec!["Nbd2", "Nfd2"]),
            other => panic!("{other:?}"),
        }
        assert!(parse_move_input(&p, "e2e4").is_ok());
    }

    #[test]
    fn every_legal_move_reads_in_san_and_coordinates() {
        for fen in EVERY_KIND_OF_MOVE {
            let p = pos(fen);
            for m in p.legal_moves() {
                let text = move_string(&protocol_move(&p, &m));
                assert_eq!(parse_move_input(&p, &text).as_ref(), Ok(&m), "{fen} {text}");
                let san = san_text(&p, &m);
                assert_eq!(parse_move_input(&p, &san).as_ref(), Ok(&m), "{fen} {san}");
                let uci = uci_text(&m);
                assert_eq!(parse_move_input(&p, &uci).as_ref(), Ok(&m), "{fen} {uci}");
            }
        }
    }
}
