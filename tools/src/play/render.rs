//! What the terminal game shows: the board, the search summary and numbered moves.

use std::fmt::Write as _;

use chess_core::notation::MoveText;
use chess_core::piece::{Color, PieceKind, Square};
use shakmaty::{Chess, Position};

use crate::client::Board;
use crate::record::{Score, SearchRecord};

/// How the board is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Style {
    /// Letters (`K`, `q`, `.`) instead of chess glyphs.
    pub ascii: bool,
    /// Colours: filled glyphs for both sides on coloured squares.
    pub colour: bool,
}

/// A piece as a glyph: outline for White and filled for Black without colours, filled for both
/// with them; letters in ASCII (White upper case).
fn piece_glyph(piece: Option<(Color, PieceKind)>, style: Style) -> char {
    let Some((color, kind)) = piece else {
        return if style.ascii {
            '.'
        } else if style.colour {
            ' '
        } else {
            '·'
        };
    };
    if style.ascii {
        let c = char::from(kind.letter());
        return match color {
            Color::White => c.to_ascii_uppercase(),
            Color::Black => c.to_ascii_lowercase(),
        };
    }
    let (white, black) = match kind {
        PieceKind::King => ('♔', '♚'),
        PieceKind::Queen => ('♕', '♛'),
        PieceKind::Rook => ('♖', '♜'),
        PieceKind::Bishop => ('♗', '♝'),
        PieceKind::Knight => ('♘', '♞'),
        PieceKind::Pawn => ('♙', '♟'),
    };
    match color {
        Color::White if !style.colour => white,
        _ => black,
    }
}

/// The ANSI colours of a square: 256-colour background by the square's colour and its marks,
/// the piece's colour as the foreground.
fn ansi_cell(light: bool, marked: bool, check: bool, piece: Option<Color>) -> String {
    let bg = match (check, marked, light) {
        (true, _, _) => 160,
        (false, true, true) => 186,
        (false, true, false) => 143,
        (false, false, true) => 180,
        (false, false, false) => 137,
    };
    let fg = match piece {
        Some(Color::White) => 231,
        _ => 16,
    };
    format!("\x1b[1;38;5;{fg};48;5;{bg}m")
}

/// Draws the board from `side`'s point of view; the squares of `last` are marked (bracketed
/// without colours), and the king on `check` (`(K)` without colours).
pub fn render_board(
    board: &Board,
    side: Color,
    last: Option<&MoveText>,
    check: Option<Square>,
    style: Style,
) -> String {
    let marked: Vec<Square> = last.map(|m| vec![m.from, m.to]).unwrap_or_default();
    let files: Vec<u8> = match side {
        Color::White => (0..8).collect(),
        Color::Black => (0..8).rev().collect(),
    };
    let ranks: Vec<u8> = match side {
        Color::White => (0..8).rev().collect(),
        Color::Black => (0..8).collect(),
    };
    let mut out = String::new();
    let header: String = files
        .iter()
        .map(|&f| format!(" {} ", char::from(b'a' + f)))
        .collect();
    let _ = writeln!(out, "   {header}");
    for &r in &ranks {
        let _ = write!(out, " {} ", r + 1);
        for &f in &files {
            let sq = Square::from_coords(f, r);
            let piece = board.at(sq);
            let glyph = piece_glyph(piece, style);
            let is_marked = marked.contains(&sq);
            let in_check = check == Some(sq);
            if style.colour {
                let light = (f + r) % 2 == 1;
                let cell = ansi_cell(light, is_marked, in_check, piece.map(|p| p.0));
                let _ = write!(out, "{cell} {glyph} ");
            } else if in_check {
                let _ = write!(out, "({glyph})");
            } else if is_marked {
                let _ = write!(out, "[{glyph}]");
            } else {
                let _ = write!(out, " {glyph} ");
            }
        }
        if style.colour {
            out.push_str("\x1b[0m");
        }
        let _ = writeln!(out, " {}", r + 1);
    }
    let _ = write!(out, "   {header}");
    out
}

/// A search record for people: `depth 12, eval -0.30 for kchess, 1.2M nodes, 0.56 s`; `who`
/// is the side that searched.
pub fn describe_search(record: &SearchRecord, who: &str) -> String {
    let score = match record.score {
        Score::Mate(v) if v >= 0 => format!("mate in {v}"),
        Score::Mate(v) => format!("mated in {}", -v),
        Score::Cp(v) => format!("{:+.2}", f64::from(v) / 100.0),
    };
    let nodes = record.nodes;
    let nodes = if nodes >= 1_000_000 {
        format!("{:.1}M", nodes as f64 / 1e6)
    } else if nodes >= 1000 {
        format!("{:.0}k", nodes as f64 / 1e3)
    } else {
        nodes.to_string()
    };
    format!(
        "depth {}, eval {} for {who}, {} nodes, {:.2} s",
        record.depth,
        score,
        nodes,
        record.time_ms as f64 / 1000.0
    )
}

/// The move number as a prompt or a move shows it: `12.` or `12...`.
pub fn move_number(pos: &Chess) -> String {
    match pos.turn() {
        shakmaty::Color::White => format!("{}.", pos.fullmoves()),
        shakmaty::Color::Black => format!("{}...", pos.fullmoves()),
    }
}

/// Numbered SAN: `12. Nf3` or `12... Nf6`.
pub fn numbered(pos: &Chess, san: &str) -> String {
    format!("{} {san}", move_number(pos))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::SearchRecord;

    #[test]
    fn board_is_drawn_from_the_humans_side() {
        let mut squares = vec!["**"; 64];
        let back = ["R", "N", "B", "Q", "K", "B", "N", "R"];
        let white: Vec<String> = back.iter().map(|p| format!("W{p}")).collect();
        let black: Vec<String> = back.iter().map(|p| format!("B{p}")).collect();
        for f in 0..8 {
            squares[f] = &white[f];
            squares[8 + f] = "WP";
            squares[48 + f] = "BP";
            squares[56 + f] = &black[f];
        }
        squares[12] = "**"; // e2
        squares[28] = "WP"; // e4
        let board = Board::parse(squares.concat().as_bytes()).unwrap();
        let e2e4 = MoveText::parse(b"WPe2-e4").unwrap();
        let white = render_board(&board, Color::White, Some(&e2e4), None, Style::default());
        let lines: Vec<&str> = white.lines().collect();
        assert_eq!(lines[0].trim(), "a  b  c  d  e  f  g  h");
        assert!(lines[1].starts_with(" 8  ♜  ♞"), "{}", lines[1]);
        assert!(lines[5].contains("[♙]"), "{}", lines[5]);
        assert!(lines[7].contains("[·]"), "{}", lines[7]);
        assert!(lines[8].starts_with(" 1  ♖  ♘"), "{}", lines[8]);
        let black = render_board(&board, Color::Black, None, None, Style::default());
        let lines: Vec<&str> = black.lines().collect();
        assert_eq!(lines[0].trim(), "h  g  f  e  d  c  b  a");
        assert!(lines[1].starts_with(" 1  ♖  ♘  ♗  ♔  ♕"), "{}", lines[1]);
    }

    /// The board of `fen`'s placement, as `01` answers.
    fn board_of(placement: &str) -> Board {
        let mut squares = vec!["**".to_string(); 64];
        for (i, row) in placement.split('/').enumerate() {
            let rank = 7 - i;
            let mut file = 0;
            for c in row.chars() {
                if let Some(n) = c.to_digit(10) {
                    file += n as usize;
                    continue;
                }
                let colour = if c.is_ascii_uppercase() { 'W' } else { 'B' };
                squares[rank * 8 + file] = format!("{colour}{}", c.to_ascii_uppercase());
                file += 1;
            }
        }
        Board::parse(squares.concat().as_bytes()).unwrap()
    }

    #[test]
    fn ascii_and_colour_mark_the_last_move_and_the_king_in_check() {
        // 1. f3 e5 2. g4 Qh4#: White's king on e1 is in check.
        let board = board_of("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR");
        let qh4 = MoveText::parse(b"BQd8-h4").unwrap();
        let e1 = Square::parse(b"e1").unwrap();
        let ascii = Style {
            ascii: true,
            colour: false,
        };
        let text = render_board(&board, Color::White, Some(&qh4), Some(e1), ascii);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], " 8  r  n  b [.] k  b  n  r  8");
        assert_eq!(lines[4], " 5  .  .  .  .  p  .  .  .  5");
        assert_eq!(lines[5], " 4  .  .  .  .  .  .  P [q] 4");
        assert_eq!(lines[8], " 1  R  N  B  Q (K) B  N  R  1");
        let colour = Style {
            ascii: false,
            colour: true,
        };
        let text = render_board(&board, Color::White, Some(&qh4), Some(e1), colour);
        let lines: Vec<&str> = text.lines().collect();
        // h4 is a dark square, marked; e1 is red for the check; a1 a plain dark square.
        assert!(
            lines[5].ends_with("\x1b[1;38;5;16;48;5;143m ♛ \x1b[0m 4"),
            "{:?}",
            lines[5]
        );
        assert!(
            lines[8].contains("\x1b[1;38;5;231;48;5;160m ♚ "),
            "{:?}",
            lines[8]
        );
        assert!(
            lines[8].starts_with(" 1 \x1b[1;38;5;231;48;5;137m ♜ "),
            "{:?}",
            lines[8]
        );
        // Without colours the white pieces are outlines, the black ones filled.
        let plain = render_board(&board, Color::White, None, None, Style::default());
        assert!(plain.contains(" 1  ♖  ♘  ♗  ♕  ♔  ♗  ♘  ♖  1"), "{plain}");
        assert!(plain.contains(" 4  ·  ·  ·  ·  ·  ·  ♙  ♛  4"), "{plain}");
    }

    #[test]
    fn search_info_is_summarised() {
        let record = |text: &str| SearchRecord::parse(text).unwrap().unwrap();
        let s = describe_search(
            &record(
                "depth 18 seldepth 30 score cp -12 nodes 1233035 time 558 hashfull 9 pv BPe7-e5",
            ),
            "kchess",
        );
        assert_eq!(s, "depth 18, eval -0.12 for kchess, 1.2M nodes, 0.56 s");
        let s = describe_search(
            &record("depth 5 seldepth 5 score mate 2 nodes 900 time 3 hashfull 0 pv"),
            "kchess",
        );
        assert_eq!(s, "depth 5, eval mate in 2 for kchess, 900 nodes, 0.00 s");
        let s = describe_search(
            &record(
                "depth 5 seldepth 5 score mate -3 upperbound nodes 4400 time 1234 hashfull 0 pv",
            ),
            "kchess",
        );
        assert_eq!(s, "depth 5, eval mated in 3 for kchess, 4k nodes, 1.23 s");
    }
}
