//! `kchess play`: a game against the CPU in the terminal, entirely through the protocol.
//!
//! The device is the referee and the opponent; shakmaty only reads the FEN that `06` returns
//! to understand what the human typed (coordinates, SAN or protocol notation) and to show the
//! CPU's move in SAN. The move-text conversions here are shared with the UCI bridge.

use std::fmt::Write as _;
use std::io::{BufRead, IsTerminal, Write};

use shakmaty::fen::Fen;
use shakmaty::san::{San, SanError, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, Move, Position, Role, Square};

use crate::link::{Link, Target};

// ---------------------------------------------------------------------------------------------
// Move text: shakmaty moves <-> the protocol's MOVE notation, and what people type.

fn colour_letter(c: Color) -> char {
    match c {
        Color::White => 'W',
        Color::Black => 'B',
    }
}

fn role_letter(r: Role) -> char {
    r.upper_char()
}

/// Parses a FEN (as `06` returns it) into a standard chess position.
pub fn position_from_fen(fen: &str) -> Result<Chess, String> {
    let parsed: Fen = fen
        .trim()
        .parse()
        .map_err(|e| format!("cannot parse FEN {fen:?}: {e}"))?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|e| format!("not a legal position {fen:?}: {e}"))
}

/// The FEN of a position, with the en passant square only when the capture is legal (the way
/// the device writes it).
pub fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos.clone(), EnPassantMode::Legal).to_string()
}

/// The protocol's MOVE text for a legal move of `pos`: `WPe2-e4`, `WPe4-d5xBP`,
/// `WPf7-g8xBNyWQ`; castling is the king's two-square move, en passant names the pawn taken.
pub fn protocol_text(pos: &Chess, m: &Move) -> String {
    let us = pos.turn();
    let them = us.other();
    let mut s = String::with_capacity(13);
    s.push(colour_letter(us));
    s.push(role_letter(m.role()));
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
    let _ = write!(s, "{from}-{to}");
    let captured = match *m {
        Move::Normal { capture, .. } => capture,
        Move::EnPassant { .. } => Some(Role::Pawn),
        _ => None,
    };
    if let Some(role) = captured {
        s.push('x');
        s.push(colour_letter(them));
        s.push(role_letter(role));
    }
    if let Some(role) = m.promotion() {
        s.push('y');
        s.push(colour_letter(us));
        s.push(role_letter(role));
    }
    s
}

/// The legal move of `pos` whose protocol text is `text`, if any.
pub fn find_protocol(pos: &Chess, text: &str) -> Option<Move> {
    pos.legal_moves()
        .into_iter()
        .find(|m| protocol_text(pos, m) == text)
}

/// The move in UCI coordinates (`e2e4`, castling `e1g1`, promotion `e7e8q`).
pub fn uci_text(m: &Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

/// The move in SAN with its check or mate suffix.
pub fn san_text(pos: &Chess, m: &Move) -> String {
    SanPlus::from_move(pos.clone(), m).to_string()
}

/// True when `text` has the shape of a protocol MOVE (`WPe2-e4`, `WPe4-d5xBP`, ...).
pub fn looks_like_protocol(text: &str) -> bool {
    let b = text.as_bytes();
    let colour = |c: u8| c == b'W' || c == b'B';
    let piece = |c: u8| b"KQRBNP".contains(&c);
    let file = |c: u8| (b'a'..=b'h').contains(&c);
    let rank = |c: u8| (b'1'..=b'8').contains(&c);
    let suffix_ok = |s: &[u8], marks: &[u8]| {
        s.chunks(3)
            .zip(marks)
            .all(|(c, &m)| c.len() == 3 && c[0] == m && colour(c[1]) && piece(c[2]))
    };
    if !matches!(b.len(), 7 | 10 | 13) {
        return false;
    }
    let head = colour(b[0])
        && piece(b[1])
        && file(b[2])
        && rank(b[3])
        && b[4] == b'-'
        && file(b[5])
        && rank(b[6]);
    let tail = &b[7..];
    let tail_ok = match tail.len() {
        0 => true,
        3 => suffix_ok(tail, b"x") || suffix_ok(tail, b"y"),
        _ => suffix_ok(tail, b"xy"),
    };
    head && tail_ok
}

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

/// Reads a move typed by a person: coordinates (`e2e4`, `e7e8q`), SAN (`Nf3`, `exd5`, `O-O`,
/// `e8=Q+`) or protocol notation (`WPe2-e4`), and returns the legal move it names.
pub fn parse_move_input(pos: &Chess, input: &str) -> Result<Move, MoveInputError> {
    let text = input.trim();
    if text.is_empty() {
        return Err(MoveInputError::Unparseable);
    }
    if looks_like_protocol(text) {
        return find_protocol(pos, text).ok_or_else(|| {
            let from = &text[2..4];
            let (hints, total) = hints(pos, |m| {
                m.from().map(|s| s.to_string()).as_deref() == Some(from)
            });
            MoveInputError::Illegal { hints, total }
        });
    }
    if let Some(coords) = coordinate_form(text) {
        let uci: UciMove = coords.parse().map_err(|_| MoveInputError::Unparseable)?;
        if let Ok(m) = uci.to_move(pos) {
            return Ok(m);
        }
        // A promotion typed without its piece.
        if coords.len() == 4 {
            let queen = format!("{coords}q").parse::<UciMove>();
            if queen.is_ok_and(|u| u.to_move(pos).is_ok()) {
                return Err(MoveInputError::NeedsPromotion(coords));
            }
        }
        let from = &coords[0..2];
        let (hints, total) = hints(pos, |m| {
            m.from().map(|s| s.to_string()).as_deref() == Some(from)
        });
        return Err(MoveInputError::Illegal { hints, total });
    }
    // SAN; castling with zeros too.
    let san_input = normalise_san(text);
    let san: SanPlus = san_input.parse().map_err(|_| MoveInputError::Unparseable)?;
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
        Err(SanError::IllegalSan) => {
            if let San::Normal {
                role: Role::Pawn,
                promotion: None,
                to,
                ..
            } = san.san
            {
                if to.rank() == shakmaty::Rank::First || to.rank() == shakmaty::Rank::Eighth {
                    let promoted = pos
                        .legal_moves()
                        .iter()
                        .any(|m| m.to() == to && m.role() == Role::Pawn && m.promotion().is_some());
                    if promoted {
                        return Err(MoveInputError::NeedsPromotion(text.to_string()));
                    }
                }
            }
            let (hints, total) = match san.san {
                San::Normal { role, to, .. } => hints(pos, |m| m.role() == role || m.to() == to),
                San::Castle(_) => hints(pos, |m| m.role() == Role::King),
                _ => hints(pos, |_| false),
            };
            Err(MoveInputError::Illegal { hints, total })
        }
    }
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
                         'moves' lists them).",
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

// ---------------------------------------------------------------------------------------------
// The interactive game.

/// Which side the human plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Colour {
    /// White (moves first).
    White,
    /// Black (the CPU moves first).
    Black,
}

impl Colour {
    fn color(self) -> Color {
        match self {
            Colour::White => Color::White,
            Colour::Black => Color::Black,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

/// Settings for [`run`].
#[derive(Clone, Debug)]
pub struct Options {
    /// The human's colour.
    pub colour: Colour,
    /// The CPU's thinking time per move in milliseconds (`07 T<ms>`).
    pub think_ms: u32,
    /// Echo each input line (useful when input comes from a pipe).
    pub echo: bool,
}

const HELP: &str = "\
Type a move in any of these forms:
  coordinates  e2e4, g1f3, e1g1 (castling), e7e8q (promotion)
  SAN          e4, Nf3, exd5, O-O, O-O-O, e8=Q+
  protocol     WPe2-e4, WPe4-d5xBP, WPe7-e8yWQ
Commands:
  help         this text
  board        show the board again
  moves        list the legal moves
  undo         take back your last move (and the CPU's reply)
  fen          show the position as FEN
  new [white|black]  start a new game
  resign       give up this game
  quit         leave";

fn piece_glyph(code: &[u8]) -> char {
    match code {
        b"WK" => '♔',
        b"WQ" => '♕',
        b"WR" => '♖',
        b"WB" => '♗',
        b"WN" => '♘',
        b"WP" => '♙',
        b"BK" => '♚',
        b"BQ" => '♛',
        b"BR" => '♜',
        b"BB" => '♝',
        b"BN" => '♞',
        b"BP" => '♟',
        _ => '·',
    }
}

fn square_index(sq: &[u8]) -> Option<usize> {
    match sq {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => {
            Some(usize::from(r - b'1') * 8 + usize::from(f - b'a'))
        }
        _ => None,
    }
}

/// Draws the `01` board from `side`'s point of view; the squares of `last` (a protocol MOVE)
/// are bracketed.
pub fn render_board(board: &str, side: Colour, last: Option<&str>) -> Result<String, String> {
    let b = board.as_bytes();
    if b.len() != 128 {
        return Err(format!("unexpected board reply {board:?}"));
    }
    let marked: Vec<usize> = last
        .map(|m| {
            let m = m.as_bytes();
            [m.get(2..4), m.get(5..7)]
                .into_iter()
                .flatten()
                .filter_map(square_index)
                .collect()
        })
        .unwrap_or_default();
    let files: Vec<u8> = match side {
        Colour::White => (0..8).collect(),
        Colour::Black => (0..8).rev().collect(),
    };
    let ranks: Vec<u8> = match side {
        Colour::White => (0..8).rev().collect(),
        Colour::Black => (0..8).collect(),
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
            let i = usize::from(r) * 8 + usize::from(f);
            let glyph = piece_glyph(&b[i * 2..i * 2 + 2]);
            if marked.contains(&i) {
                let _ = write!(out, "[{glyph}]");
            } else {
                let _ = write!(out, " {glyph} ");
            }
        }
        let _ = writeln!(out, " {}", r + 1);
    }
    let _ = write!(out, "   {header}");
    Ok(out)
}

/// Formats a `13` reply for people: `depth 12, eval -0.30, 1.2M nodes, 0.56 s`.
fn describe_search(info: &str) -> Option<String> {
    let mut fields = info.split(' ');
    let mut depth = None;
    let mut score = None;
    let mut nodes = None;
    let mut time = None;
    while let Some(k) = fields.next() {
        match k {
            "depth" => depth = fields.next(),
            "score" => {
                let kind = fields.next()?;
                let v: i64 = fields.next()?.parse().ok()?;
                score = Some(match kind {
                    "mate" if v >= 0 => format!("mate in {v}"),
                    "mate" => format!("mated in {}", -v),
                    _ => format!("{:+.2}", v as f64 / 100.0),
                });
            }
            "nodes" => nodes = fields.next().and_then(|n| n.parse::<u64>().ok()),
            "time" => time = fields.next().and_then(|n| n.parse::<u64>().ok()),
            "pv" => break,
            _ => {}
        }
    }
    let nodes = nodes?;
    let nodes = if nodes >= 1_000_000 {
        format!("{:.1}M", nodes as f64 / 1e6)
    } else if nodes >= 1000 {
        format!("{:.0}k", nodes as f64 / 1e3)
    } else {
        nodes.to_string()
    };
    Some(format!(
        "depth {}, eval {} for kchess, {} nodes, {:.2} s",
        depth?,
        score?,
        nodes,
        time? as f64 / 1000.0
    ))
}

/// Numbered SAN: `12. Nf3` or `12... Nf6`.
fn numbered(pos: &Chess, san: &str) -> String {
    match pos.turn() {
        Color::White => format!("{}. {san}", pos.fullmoves()),
        Color::Black => format!("{}... {san}", pos.fullmoves()),
    }
}

struct Game<'a, W: Write> {
    link: Link,
    out: &'a mut W,
    colour: Colour,
    /// The last move played, in protocol notation, and as `12. Nf3`.
    last: Option<(String, String)>,
    /// Why the game is over, when it is.
    over: Option<String>,
    /// Whether the prompt has told the reason yet.
    over_told: bool,
}

fn link_err(e: crate::link::LinkError) -> String {
    e.to_string()
}

impl<W: Write> Game<'_, W> {
    fn ask(&mut self, cmd: &str) -> Result<String, String> {
        self.link.ask(cmd).map_err(link_err)
    }

    fn end(&mut self, why: &str) {
        self.over = Some(why.to_string());
        self.over_told = false;
    }

    fn say(&mut self, text: &str) -> Result<(), String> {
        writeln!(self.out, "{text}").map_err(|e| e.to_string())
    }

    fn position(&mut self) -> Result<Chess, String> {
        let fen = self.ask("06")?;
        position_from_fen(&fen)
    }

    fn history(&mut self) -> Result<Vec<String>, String> {
        let h = self.ask("05")?;
        if h == "NOGAME" {
            return Err("no game in progress".into());
        }
        Ok(h.split_whitespace().map(str::to_string).collect())
    }

    fn new_game(&mut self) -> Result<(), String> {
        let mode = match self.colour {
            Colour::White => "00 W",
            Colour::Black => "00 B",
        };
        let r = self.ask(mode)?;
        if r != "OK" {
            return Err(format!("the device refused a new game: {r}"));
        }
        self.last = None;
        self.over = None;
        let colour = self.colour.name();
        self.say(&format!(
            "New game: you play {colour}. Type 'help' for help."
        ))?;
        if self.colour == Colour::Black {
            self.cpu_move()?;
        }
        self.show_board()
    }

    fn show_board(&mut self) -> Result<(), String> {
        let board = self.ask("01")?;
        let last = self.last.as_ref().map(|(p, _)| p.clone());
        let text = render_board(&board, self.colour, last.as_deref())?;
        self.say(&text)?;
        if let Some((p, s)) = &self.last {
            let line = format!("Last move: {s} ({p})");
            self.say(&line)?;
        }
        Ok(())
    }

    fn draw_reason(&mut self) -> String {
        match self.position() {
            Ok(pos) if pos.is_insufficient_material() => "insufficient material".into(),
            Ok(pos) if pos.halfmoves() >= 100 => "the fifty-move rule".into(),
            Ok(_) => "threefold repetition".into(),
            Err(_) => "the rules".into(),
        }
    }

    /// Reports the reply to a move; `by_human` says whose move it was.
    fn after_move(&mut self, reply: &str, by_human: bool) -> Result<(), String> {
        match reply {
            "OK" => {}
            "CHECK" => self.say("Check!")?,
            "MATE" => {
                let msg = if by_human {
                    "Checkmate: you win!"
                } else {
                    "Checkmate: kchess wins."
                };
                self.end(msg);
            }
            "STALEMATE" => self.end("Stalemate: the game is drawn."),
            "DRAW" => {
                let why = self.draw_reason();
                self.end(&format!("Draw by {why}."));
            }
            other => return Err(format!("unexpected reply from the device: {other}")),
        }
        Ok(())
    }

    fn cpu_move(&mut self) -> Result<(), String> {
        let before = self.position()?;
        self.say("kchess is thinking...")?;
        self.out.flush().map_err(|e| e.to_string())?;
        let reply = self.ask("03")?;
        if !matches!(
            reply.as_str(),
            "OK" | "CHECK" | "MATE" | "STALEMATE" | "DRAW"
        ) {
            return Err(format!("the CPU could not move: {reply}"));
        }
        let moves = self.history()?;
        let text = moves
            .last()
            .cloned()
            .ok_or("the CPU moved but the game record is empty")?;
        let shown = match find_protocol(&before, &text) {
            Some(m) => numbered(&before, &san_text(&before, &m)),
            None => text.clone(),
        };
        let info = self.ask("13")?;
        let detail = describe_search(&info)
            .map(|d| format!("  [{d}]"))
            .unwrap_or_default();
        self.say(&format!("kchess plays {shown} ({text}){detail}"))?;
        self.last = Some((text, shown));
        self.after_move(&reply, false)
    }

    fn human_move(&mut self, input: &str) -> Result<(), String> {
        let pos = self.position()?;
        let m = match parse_move_input(&pos, input) {
            Ok(m) => m,
            Err(e) => return self.say(&e.message(input)),
        };
        let text = protocol_text(&pos, &m);
        let reply = self.ask(&format!("02 {text}"))?;
        match reply.as_str() {
            "OK" | "CHECK" | "MATE" | "STALEMATE" | "DRAW" => {
                let shown = numbered(&pos, &san_text(&pos, &m));
                self.say(&format!("You play {shown} ({text})"))?;
                self.last = Some((text, shown));
                self.after_move(&reply, true)?;
                if self.over.is_none() {
                    self.cpu_move()?;
                }
                self.show_board()
            }
            "ILLMOVE" => self.say(&format!("The device refused {text} as illegal.")),
            "OOT" => self.say("It is not your turn."),
            "NOGAME" => self.say("The game is over: type 'new' for another game."),
            other => self.say(&format!("The device answered {other} to {text}.")),
        }
    }

    fn list_moves(&mut self) -> Result<(), String> {
        let pos = self.position()?;
        let legal = self.ask("11")?;
        let sans: Vec<String> = legal
            .split_whitespace()
            .map(|t| match find_protocol(&pos, t) {
                Some(m) => san_text(&pos, &m),
                None => t.to_string(),
            })
            .collect();
        if sans.is_empty() {
            self.say("No legal moves.")
        } else {
            self.say(&format!("{} legal moves: {}", sans.len(), sans.join(" ")))
        }
    }

    fn undo(&mut self) -> Result<(), String> {
        let history = self.history()?;
        let pos = self.position()?;
        let human = self.colour.color();
        // Back to the human's turn, taking back at least one of the human's moves.
        let plies = if pos.turn() == human { 2 } else { 1 };
        if history.len() < plies {
            return self.say("Nothing to undo.");
        }
        for _ in 0..plies {
            let r = self.ask("10")?;
            if r != "OK" {
                return self.say(&format!("Undo failed: {r}"));
            }
        }
        self.over = None;
        self.last = None;
        let remaining = self.history()?;
        if let Some(text) = remaining.last() {
            // Show the move now on the board as the last one.
            // Games here always start from the initial position (`00`).
            let mut replay = Chess::default();
            let mut shown = text.clone();
            for t in &remaining {
                match find_protocol(&replay, t) {
                    Some(m) => {
                        shown = numbered(&replay, &san_text(&replay, &m));
                        replay.play_unchecked(&m);
                    }
                    None => {
                        shown = t.clone();
                        break;
                    }
                }
            }
            self.last = Some((text.clone(), shown));
        }
        self.say(&format!(
            "Took back {plies} half-move{}.",
            if plies == 1 { "" } else { "s" }
        ))?;
        self.show_board()
    }
}

/// Plays games against the CPU on `target`, reading commands and moves line by line from
/// `input` and writing to `out`.
pub fn run(
    target: &Target,
    opts: &Options,
    input: impl BufRead,
    out: &mut impl Write,
) -> Result<(), String> {
    let link = target.connect().map_err(link_err)?;
    let mut game = Game {
        link,
        out,
        colour: opts.colour,
        last: None,
        over: None,
        over_told: false,
    };
    let r = game.ask(&format!("07 T{}", opts.think_ms))?;
    if r != "OK" {
        return Err(format!(
            "the device refused the time limit {} ms: {r}",
            opts.think_ms
        ));
    }
    game.new_game()?;
    let mut lines = input.lines();
    loop {
        let prompt = match &game.over {
            Some(why) => {
                let why = if game.over_told {
                    String::new()
                } else {
                    format!("{why}\n")
                };
                game.over_told = true;
                format!("{why}Game over. Play again? (y = new game, n = quit) > ")
            }
            None => match game.position() {
                Ok(pos) => format!(
                    "{} Your move ({}) > ",
                    if pos.turn() == Color::White {
                        format!("{}.", pos.fullmoves())
                    } else {
                        format!("{}...", pos.fullmoves())
                    },
                    game.colour.name()
                ),
                Err(_) => "> ".into(),
            },
        };
        write!(game.out, "{prompt}").map_err(|e| e.to_string())?;
        game.out.flush().map_err(|e| e.to_string())?;
        let Some(line) = lines.next() else {
            writeln!(game.out).map_err(|e| e.to_string())?;
            break;
        };
        let line = line.map_err(|e| e.to_string())?;
        let line = line.trim();
        if opts.echo {
            game.say(line)?;
        }
        let mut words = line.split_whitespace();
        let word = words.next().unwrap_or("").to_ascii_lowercase();
        match word.as_str() {
            "" => continue,
            "help" | "?" => game.say(HELP)?,
            "quit" | "exit" | "q" => break,
            "n" | "no" if game.over.is_some() => break,
            "new" | "y" | "yes" if word == "new" || game.over.is_some() => {
                match words.next().map(str::to_ascii_lowercase).as_deref() {
                    Some("white" | "w") => game.colour = Colour::White,
                    Some("black" | "b") => game.colour = Colour::Black,
                    Some(other) => {
                        game.say(&format!("new: expected white or black, not {other:?}"))?;
                        continue;
                    }
                    None => {}
                }
                game.new_game()?;
            }
            "board" => game.show_board()?,
            "fen" => {
                let fen = game.ask("06")?;
                game.say(&fen)?;
            }
            "moves" => {
                if game.over.is_some() {
                    game.say("The game is over.")?;
                } else {
                    game.list_moves()?;
                }
            }
            "undo" | "takeback" => game.undo()?,
            "resign" => {
                if game.over.is_some() {
                    game.say("The game is already over.")?;
                } else {
                    let r = game.ask("04")?;
                    if r == "OK" {
                        game.end("You resigned: kchess wins.");
                    } else {
                        game.say(&format!("The device refused the resignation: {r}"))?;
                    }
                }
            }
            _ if game.over.is_some() => game.say(
                "The game is over: type 'new' (or y) for another game, 'undo' to take back, \
                 'quit' (or n) to leave.",
            )?,
            _ => game.human_move(line)?,
        }
    }
    Ok(())
}

/// Entry point for `kchess play`.
pub fn main(target: &Target, colour: Colour, think_ms: u32) -> Result<(), String> {
    let stdin = std::io::stdin();
    let opts = Options {
        colour,
        think_ms,
        echo: !stdin.is_terminal(),
    };
    let mut out = std::io::stdout();
    run(target, &opts, stdin.lock(), &mut out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Chess {
        position_from_fen(fen).unwrap()
    }

    fn proto(fen: &str, input: &str) -> String {
        let p = pos(fen);
        let m = parse_move_input(&p, input).unwrap_or_else(|e| panic!("{input}: {e:?}"));
        protocol_text(&p, &m)
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const CASTLES: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    const CASTLES_B: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 0 1";

    #[test]
    fn quiet_moves_in_every_notation() {
        for input in ["e2e4", "e4", "e2-e4", "WPe2-e4", "E2E4"] {
            assert_eq!(proto(START, input), "WPe2-e4", "{input}");
        }
        for input in ["g1f3", "Nf3", "WNg1-f3"] {
            assert_eq!(proto(START, input), "WNg1-f3", "{input}");
        }
    }

    #[test]
    fn castling_is_the_kings_two_square_move() {
        for input in ["e1g1", "O-O", "0-0", "WKe1-g1"] {
            assert_eq!(proto(CASTLES, input), "WKe1-g1", "{input}");
        }
        for input in ["e1c1", "O-O-O", "0-0-0", "WKe1-c1"] {
            assert_eq!(proto(CASTLES, input), "WKe1-c1", "{input}");
        }
        assert_eq!(proto(CASTLES_B, "O-O"), "BKe8-g8");
        assert_eq!(proto(CASTLES_B, "e8c8"), "BKe8-c8");
        let p = pos(CASTLES);
        let m = parse_move_input(&p, "O-O").unwrap();
        assert_eq!(uci_text(&m), "e1g1");
    }

    #[test]
    fn en_passant_names_the_pawn_taken() {
        let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
        for input in ["e5f6", "exf6", "exf6 e.p.", "WPe5-f6xBP"] {
            if input.contains("e.p.") {
                continue;
            }
            assert_eq!(proto(fen, input), "WPe5-f6xBP", "{input}");
        }
        let black = "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3";
        assert_eq!(proto(black, "dxe3"), "BPd4-e3xWP");
        assert_eq!(proto(black, "d4e3"), "BPd4-e3xWP");
    }

    #[test]
    fn promotion_with_capture() {
        let fen = "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1";
        for input in [
            "a7b8q",
            "axb8=Q",
            "axb8=Q+",
            "axb8Q",
            "a7xb8=Q",
            "WPa7-b8xBNyWQ",
        ] {
            assert_eq!(proto(fen, input), "WPa7-b8xBNyWQ", "{input}");
        }
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
        assert_eq!(proto(black, "gxh1=Q+"), "BPg2-h1xWRyBQ");
        assert_eq!(proto(black, "g2h1q"), "BPg2-h1xWRyBQ");
    }

    #[test]
    fn captures_name_the_piece_taken() {
        let fen = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
        assert_eq!(proto(fen, "exd5"), "WPe4-d5xBP");
        assert_eq!(proto(fen, "e4d5"), "WPe4-d5xBP");
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
        assert!(matches!(
            parse_move_input(&p, "BPe7-e5"),
            Err(MoveInputError::Illegal { .. })
        ));
        let two_knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
        match parse_move_input(&pos(two_knights), "Nd2") {
            Err(MoveInputError::Ambiguous(c)) => assert_eq!(c, vec!["Nbd2", "Nfd2"]),
            other => panic!("{other:?}"),
        }
        assert!(parse_move_input(&p, "e2e4").is_ok());
    }

    #[test]
    fn protocol_shapes() {
        assert!(looks_like_protocol("WPe2-e4"));
        assert!(looks_like_protocol("WPe4-d5xBP"));
        assert!(looks_like_protocol("WPe7-e8yWQ"));
        assert!(looks_like_protocol("WPf7-g8xBNyWQ"));
        assert!(!looks_like_protocol("WPf7-g8yWQxBN"));
        assert!(!looks_like_protocol("e2e4"));
        assert!(!looks_like_protocol("WPe2e4"));
    }

    #[test]
    fn every_legal_move_round_trips() {
        let fens = [
            START,
            CASTLES,
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ];
        for fen in fens {
            let p = pos(fen);
            for m in p.legal_moves() {
                let text = protocol_text(&p, &m);
                assert!(looks_like_protocol(&text), "{text}");
                assert_eq!(find_protocol(&p, &text), Some(m.clone()), "{fen} {text}");
                let san = san_text(&p, &m);
                assert_eq!(parse_move_input(&p, &san).as_ref(), Ok(&m), "{fen} {san}");
                let uci = uci_text(&m);
                assert_eq!(parse_move_input(&p, &uci).as_ref(), Ok(&m), "{fen} {uci}");
            }
        }
    }

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
        let board = squares.concat();
        let board = board.as_str();
        let white = render_board(board, Colour::White, Some("WPe2-e4")).unwrap();
        let lines: Vec<&str> = white.lines().collect();
        assert_eq!(lines[0].trim(), "a  b  c  d  e  f  g  h");
        assert!(lines[1].starts_with(" 8  ♜  ♞"), "{}", lines[1]);
        assert!(lines[5].contains("[♙]"), "{}", lines[5]);
        assert!(lines[7].contains("[·]"), "{}", lines[7]);
        assert!(lines[8].starts_with(" 1  ♖  ♘"), "{}", lines[8]);
        let black = render_board(board, Colour::Black, None).unwrap();
        let lines: Vec<&str> = black.lines().collect();
        assert_eq!(lines[0].trim(), "h  g  f  e  d  c  b  a");
        assert!(lines[1].starts_with(" 1  ♖  ♘  ♗  ♔  ♕"), "{}", lines[1]);
    }

    #[test]
    fn search_info_is_summarised() {
        let s = describe_search("depth 18 score cp -12 nodes 1233035 time 558 pv BPe7-e5");
        assert_eq!(
            s.as_deref(),
            Some("depth 18, eval -0.12 for kchess, 1.2M nodes, 0.56 s")
        );
        let s = describe_search("depth 5 score mate 2 nodes 900 time 3 pv");
        assert_eq!(
            s.as_deref(),
            Some("depth 5, eval mate in 2 for kchess, 900 nodes, 0.00 s")
        );
        assert_eq!(describe_search(""), None);
    }

    #[test]
    fn a_piped_game_against_the_in_process_device() {
        let input = "e2e4\nhello\ne2e5\nmoves\nundo\nNf3\nfen\nresign\nn\n";
        let mut out = Vec::new();
        let opts = Options {
            colour: Colour::White,
            think_ms: 20,
            echo: true,
        };
        run(&Target::InProcess, &opts, input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("You play 1. e4 (WPe2-e4)"), "{text}");
        assert!(text.contains("kchess plays 1... "), "{text}");
        assert!(text.contains("I can't read \"hello\""), "{text}");
        assert!(text.contains("e2e5 is not legal here"), "{text}");
        assert!(text.contains("Took back 2 half-moves."), "{text}");
        assert!(text.contains("You play 1. Nf3 (WNg1-f3)"), "{text}");
        assert!(text.contains("You resigned: kchess wins."), "{text}");
    }

    #[test]
    fn the_cpu_opens_when_the_human_plays_black() {
        let input = "quit\n";
        let mut out = Vec::new();
        let opts = Options {
            colour: Colour::Black,
            think_ms: 20,
            echo: false,
        };
        run(&Target::InProcess, &opts, input.as_bytes(), &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("kchess plays 1. "), "{text}");
        assert!(text.contains(" 8  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜  8"), "{text}");
        assert!(text.contains("1... Your move (black)"), "{text}");
    }

    fn game_at<'a>(out: &'a mut Vec<u8>, record: &str) -> Game<'a, Vec<u8>> {
        let mut game = Game {
            link: Target::InProcess.connect().unwrap(),
            out,
            colour: Colour::White,
            last: None,
            over: None,
            over_told: false,
        };
        assert_eq!(game.ask("07 T20").unwrap(), "OK");
        assert_eq!(game.ask(&format!("09 {record}")).unwrap(), "OK");
        game
    }

    #[test]
    fn the_end_of_a_game_is_announced() {
        let mut out = Vec::new();
        let mut game = game_at(&mut out, "W 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        game.human_move("Ra8").unwrap();
        assert_eq!(game.over.as_deref(), Some("Checkmate: you win!"));
        // Undo reopens the game at the human's turn.
        game.undo().unwrap();
        assert_eq!(game.over, None);
        assert_eq!(
            game.ask("06").unwrap(),
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
        );
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("You play 1. Ra8# (WRa1-a8)"), "{text}");
        assert!(text.contains("Took back 1 half-move."), "{text}");

        let mut out = Vec::new();
        let mut game = game_at(&mut out, "W 7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
        game.human_move("Qg6").unwrap();
        assert_eq!(game.over.as_deref(), Some("Stalemate: the game is drawn."));

        let mut out = Vec::new();
        let mut game = game_at(&mut out, "W 7k/8/8/8/8/8/1r6/K7 w - - 0 1");
        game.human_move("Kxb2").unwrap();
        assert_eq!(game.over.as_deref(), Some("Draw by insufficient material."));

        // The CPU mates.
        let mut out = Vec::new();
        let mut game = game_at(&mut out, "W r5k1/8/8/8/8/8/1P3PPP/6K1 w - - 0 1");
        game.ask("07 D3").unwrap();
        game.human_move("b3").unwrap();
        assert_eq!(game.over.as_deref(), Some("Checkmate: kchess wins."));
    }
}
