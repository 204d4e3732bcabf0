//! A typed client of the `/dev/chess` protocol: one method per command, every reply read once.
//!
//! Commands are written with [`Command::write`], fixed replies read with [`Reply::parse`]; the
//! data replies (board, moves, FEN, save record, perft count, search record) are parsed here
//! and nowhere else. A reply that is neither what the command answers nor a fixed reply is
//! [`ClientError::Unexpected`]; a fixed reply that refuses the command is
//! [`ClientError::Refused`].

use chess_core::command::{Command, Mode, Reply, Setting};
use chess_core::notation::{MoveText, Writer};
use chess_core::piece::{Color, PieceKind, Square};
use chess_core::search::Limit;

use crate::interrupt::{self, StopFlags};
use crate::link::{Link, LinkError, Target};
use crate::record::{RecordError, SearchRecord};

/// Why a command did not get the answer it needs.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The connection failed.
    #[error(transparent)]
    Link(#[from] LinkError),
    /// The device answered something the command never answers.
    #[error("the device answered {reply:?} to {command:?}")]
    Unexpected {
        /// The command, without its newline.
        command: String,
        /// The reply, without its newline.
        reply: String,
    },
    /// The device refused the command with a fixed reply.
    #[error("the device refused {command:?}: {reply}")]
    Refused {
        /// The command, without its newline.
        command: String,
        /// Its reply.
        reply: Reply,
    },
    /// The `13` record did not parse.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The CPU was said to have moved but the game record has no moves.
    #[error("the device's game record is empty where a move was just played")]
    EmptyHistory,
}

impl ClientError {
    /// The fixed reply that refused the command, when that is what happened.
    pub fn refusal(&self) -> Option<Reply> {
        match self {
            ClientError::Refused { reply, .. } => Some(*reply),
            _ => None,
        }
    }
}

/// The bytes `write` produces, for text of at most `cap` bytes.
pub fn written(cap: usize, write: impl FnOnce(&mut Writer<'_>)) -> Vec<u8> {
    let mut buf = vec![0u8; cap];
    let mut out = Writer::new(&mut buf);
    write(&mut out);
    debug_assert!(!out.overflowed(), "{cap} bytes are too few");
    let n = out.len();
    buf.truncate(n);
    buf
}

/// The bytes of a command as a client sends it, newline included.
pub fn command_bytes(cmd: &Command<'_>) -> Vec<u8> {
    let arg = match cmd {
        Command::Load(_, fen) => fen.len(),
        _ => 0,
    };
    written(32 + arg, |out| cmd.write(out))
}

/// A move in the protocol's MOVE notation, as text: `WPe2-e4`.
pub fn move_string(mv: &MoveText) -> String {
    String::from_utf8_lossy(&written(13, |out| mv.write(out))).into_owned()
}

/// The `01` board: what stands on each square, `a1` first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board([Option<(Color, PieceKind)>; 64]);

impl Board {
    /// Parses the 128 characters of `01` (two a square, `**` for an empty one), with or without
    /// the newline.
    pub fn parse(reply: &[u8]) -> Option<Board> {
        let body = reply.strip_suffix(b"\n").unwrap_or(reply);
        if body.len() != 128 {
            return None;
        }
        let mut squares = [None; 64];
        for (slot, sq) in squares.iter_mut().zip(body.chunks(2)) {
            *slot = match sq {
                b"**" => None,
                [c, k] => Some((Color::from_letter(*c)?, PieceKind::from_letter(*k)?)),
                _ => return None,
            };
        }
        Some(Board(squares))
    }

    /// The piece on `sq`.
    pub fn at(&self, sq: Square) -> Option<(Color, PieceKind)> {
        self.0.get(sq.index()).copied().flatten()
    }
}

/// A connection that speaks the protocol in commands and replies.
pub struct Client {
    link: Link,
}

impl Client {
    /// Connects to `target`.
    pub fn connect(target: &Target) -> Result<Client, ClientError> {
        Ok(Client::new(target.connect()?))
    }

    /// Speaks over an open link.
    pub fn new(link: Link) -> Client {
        Client { link }
    }

    /// The connection, for commands that overlap (a `13` or `14` written while a `03` runs).
    pub fn link_mut(&mut self) -> &mut Link {
        &mut self.link
    }

    /// Sends bytes as they are (one write) and returns the whole reply: for transcripts and
    /// checks that send what no well-formed client would.
    pub fn send_raw(&mut self, bytes: &[u8]) -> Result<Vec<u8>, LinkError> {
        self.link.send(bytes)
    }

    /// Sends `cmd` and returns its reply with the newline removed.
    fn send(&mut self, cmd: &Command<'_>) -> Result<Exchange, ClientError> {
        let bytes = command_bytes(cmd);
        let mut reply = self.link.send(&bytes)?;
        if reply.last() == Some(&b'\n') {
            reply.pop();
        }
        Ok(Exchange { bytes, reply })
    }

    /// Sends a command that answers `OK` or refuses.
    fn expect_ok(&mut self, cmd: &Command<'_>) -> Result<(), ClientError> {
        let x = self.send(cmd)?;
        match x.fixed()? {
            Reply::Ok => Ok(()),
            reply => Err(x.refused(reply)),
        }
    }

    /// Sends a command that answers with data, or refuses with a fixed reply; `parse` reads the
    /// data.
    fn data<T>(
        &mut self,
        cmd: &Command<'_>,
        parse: impl FnOnce(&[u8]) -> Option<T>,
    ) -> Result<T, ClientError> {
        let x = self.send(cmd)?;
        if let Some(reply) = Reply::parse(&x.reply) {
            return Err(x.refused(reply));
        }
        parse(&x.reply).ok_or_else(|| x.unexpected())
    }

    /// `00`: a new game from the initial position.
    pub fn new_game(&mut self, mode: Mode) -> Result<(), ClientError> {
        self.expect_ok(&Command::NewGame(mode))
    }

    /// `01`: the board.
    pub fn board(&mut self) -> Result<Board, ClientError> {
        self.data(&Command::Board, Board::parse)
    }

    /// `02`: a human's move; the reply when it was played (`OK`, `CHECK`, `MATE`, `STALEMATE`,
    /// `DRAW`), [`ClientError::Refused`] with `ILLMOVE`, `OOT` or `NOGAME` when not.
    pub fn play(&mut self, mv: &MoveText) -> Result<Reply, ClientError> {
        self.played(&Command::Move(*mv))
    }

    /// `03`: the CPU's move, as [`Client::play`] answers.
    pub fn cpu_move(&mut self) -> Result<Reply, ClientError> {
        self.played(&Command::Cpu)
    }

    /// `03 MOVE...`: the CPU moves, choosing among `among` only (`03` when it is empty).
    pub fn cpu_move_among(&mut self, among: &[MoveText]) -> Result<Reply, ClientError> {
        let text = among_text(among);
        self.played(&cpu_command(&text))
    }

    /// `03` as [`cpu_command`] wrote it.
    pub fn cpu_move_as(&mut self, cpu: &Command<'_>) -> Result<Reply, ClientError> {
        debug_assert!(matches!(cpu, Command::Cpu | Command::CpuAmong(_)));
        self.played(cpu)
    }

    fn played(&mut self, cmd: &Command<'_>) -> Result<Reply, ClientError> {
        let x = self.send(cmd)?;
        x.played(x.fixed()?)
    }

    /// `03`, cut short when `flags` ask for a stop where the link allows it; `None` when the
    /// search was abandoned and the game is unchanged.
    pub fn cpu_move_interruptible(
        &mut self,
        flags: &StopFlags,
    ) -> Result<Option<Reply>, ClientError> {
        let bytes = command_bytes(&Command::Cpu);
        let Some(reply) = interrupt::send(&mut self.link, &bytes, flags)? else {
            return Ok(None);
        };
        cpu_move_reply(&reply).map(Some)
    }

    /// `04`: the side to move resigns.
    pub fn resign(&mut self) -> Result<(), ClientError> {
        self.expect_ok(&Command::Resign)
    }

    /// `05`: the moves played so far.
    pub fn history(&mut self) -> Result<Vec<MoveText>, ClientError> {
        self.data(&Command::History, parse_moves)
    }

    /// The last move of `05`.
    pub fn last_move(&mut self) -> Result<MoveText, ClientError> {
        self.history()?.pop().ok_or(ClientError::EmptyHistory)
    }

    /// `06`: the position as FEN.
    pub fn fen(&mut self) -> Result<String, ClientError> {
        self.data(&Command::Fen, text)
    }

    /// `07`: the CPU's budget per move.
    pub fn set_limit(&mut self, limit: Limit) -> Result<(), ClientError> {
        self.expect_ok(&Command::SetLimit(limit))
    }

    /// `07`: how the CPU plays beside its budget (level, variety, seed, lines).
    pub fn set(&mut self, setting: Setting) -> Result<(), ClientError> {
        self.expect_ok(&Command::Set(setting))
    }

    /// `08`: the save record, as [`Client::load`] takes it.
    pub fn save(&mut self) -> Result<(Mode, String), ClientError> {
        self.data(&Command::Save, |r| match r {
            [m, b' ', fen @ ..] => Some((Mode::from_letter(*m)?, text(fen)?)),
            _ => None,
        })
    }

    /// `09`: a new game from `fen`.
    pub fn load(&mut self, mode: Mode, fen: &str) -> Result<(), ClientError> {
        self.expect_ok(&Command::Load(mode, fen.as_bytes()))
    }

    /// `10`: takes back one half-move.
    pub fn undo(&mut self) -> Result<(), ClientError> {
        self.expect_ok(&Command::Undo)
    }

    /// `11`: the legal moves (none once the game is over).
    pub fn moves(&mut self) -> Result<Vec<MoveText>, ClientError> {
        self.data(&Command::Moves, parse_moves)
    }

    /// `12`: the leaves of the legal move tree `depth` plies deep.
    pub fn perft(&mut self, depth: u32) -> Result<u64, ClientError> {
        self.data(&Command::Perft(depth), |r| text(r)?.parse().ok())
    }

    /// `13`: the running or last search (its best line); `None` when no search ran this game.
    pub fn search_info(&mut self) -> Result<Option<SearchRecord>, ClientError> {
        self.search_reply(SearchRecord::parse)
    }

    /// `13`, every ranked line (`07 P`): empty when no search ran this game.
    pub fn search_lines(&mut self) -> Result<Vec<SearchRecord>, ClientError> {
        self.search_reply(SearchRecord::parse_all)
    }

    /// Sends `13` and reads its reply with `parse`.
    fn search_reply<T>(
        &mut self,
        parse: impl FnOnce(&str) -> Result<T, RecordError>,
    ) -> Result<T, ClientError> {
        let x = self.send(&Command::SearchInfo)?;
        if let Some(reply) = Reply::parse(&x.reply) {
            return Err(x.refused(reply));
        }
        match std::str::from_utf8(&x.reply) {
            Ok(line) => Ok(parse(line)?),
            Err(_) => Err(x.unexpected()),
        }
    }

    /// `14`: stops the running search (`OK` also when none runs).
    pub fn stop(&mut self) -> Result<(), ClientError> {
        self.expect_ok(&Command::Stop)
    }
}

/// One command's bytes and its reply without the newline.
struct Exchange {
    bytes: Vec<u8>,
    reply: Vec<u8>,
}

impl Exchange {
    fn command(&self) -> String {
        let text = String::from_utf8_lossy(&self.bytes);
        text.strip_suffix('\n').unwrap_or(&text).to_string()
    }

    fn unexpected(&self) -> ClientError {
        ClientError::Unexpected {
            command: self.command(),
            reply: String::from_utf8_lossy(&self.reply).into_owned(),
        }
    }

    fn refused(&self, reply: Reply) -> ClientError {
        ClientError::Refused {
            command: self.command(),
            reply,
        }
    }

    /// The fixed reply this is.
    fn fixed(&self) -> Result<Reply, ClientError> {
        Reply::parse(&self.reply).ok_or_else(|| self.unexpected())
    }

    /// A move's reply: played, or refused.
    fn played(&self, reply: Reply) -> Result<Reply, ClientError> {
        if reply.is_played() {
            Ok(reply)
        } else {
            Err(self.refused(reply))
        }
    }
}

/// The moves of `03 MOVE...`, space separated.
pub fn among_text(among: &[MoveText]) -> Vec<u8> {
    let mut text = Vec::new();
    for (i, mv) in among.iter().enumerate() {
        if i > 0 {
            text.push(b' ');
        }
        text.extend_from_slice(&written(16, |w| mv.write(w)));
    }
    text
}

/// `03`, or `03 MOVE...` when `among_text` names moves.
pub fn cpu_command(among_text: &[u8]) -> Command<'_> {
    if among_text.is_empty() {
        Command::Cpu
    } else {
        Command::CpuAmong(among_text)
    }
}

/// Reads the reply to a `03` that was sent some other way (while watching or stopping it): the
/// move's reply, or why it was refused.
pub fn cpu_move_reply(reply: &[u8]) -> Result<Reply, ClientError> {
    let x = Exchange {
        bytes: command_bytes(&Command::Cpu),
        reply: reply.strip_suffix(b"\n").unwrap_or(reply).to_vec(),
    };
    x.played(x.fixed()?)
}

/// A reply as text, when it is ASCII.
fn text(reply: &[u8]) -> Option<String> {
    reply
        .is_ascii()
        .then(|| String::from_utf8_lossy(reply).into_owned())
}

/// A space-separated list of moves in MOVE notation (without the newline); an empty reply is
/// no moves.
pub fn parse_moves(reply: &[u8]) -> Option<Vec<MoveText>> {
    if reply.is_empty() {
        return Some(Vec::new());
    }
    reply
        .split(|&c| c == b' ')
        .map(|m| MoveText::parse(m).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::search::ScoreBound;

    use crate::record::Score;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn client() -> Client {
        Client::connect(&Target::InProcess).unwrap()
    }

    fn mv(text: &str) -> MoveText {
        MoveText::parse(text.as_bytes()).unwrap()
    }

    #[test]
    fn commands_are_written_by_the_core() {
        assert_eq!(command_bytes(&Command::Cpu), b"03\n");
        assert_eq!(
            command_bytes(&Command::Load(Mode::Humans, START.as_bytes())),
            format!("09 H {START}\n").into_bytes()
        );
        assert_eq!(move_string(&mv("WPf7-g8xBNyWQ")), "WPf7-g8xBNyWQ");
    }

    #[test]
    fn before_a_game_queries_are_refused() {
        let mut c = client();
        let e = c.history().unwrap_err();
        assert_eq!(e.refusal(), Some(Reply::NoGame), "{e}");
        assert_eq!(e.to_string(), "the device refused \"05\": NOGAME");
        assert_eq!(c.cpu_move().unwrap_err().refusal(), Some(Reply::NoGame));
        assert_eq!(c.search_info().unwrap_err().refusal(), Some(Reply::NoGame));
        c.stop().unwrap();
    }

    #[test]
    fn a_game_through_every_query() {
        let mut c = client();
        c.new_game(Mode::Humans).unwrap();
        assert_eq!(c.fen().unwrap(), START);
        assert_eq!(c.moves().unwrap().len(), 20);
        assert_eq!(c.history().unwrap(), vec![]);
        assert_eq!(c.search_info().unwrap(), None);
        assert_eq!(c.perft(2).unwrap(), 400);
        assert_eq!(c.play(&mv("WPe2-e4")).unwrap(), Reply::Ok);
        let e = c.play(&mv("WPe2-e4")).unwrap_err();
        assert_eq!(e.refusal(), Some(Reply::IllMove), "{e}");
        let board = c.board().unwrap();
        let e4 = Square::parse(b"e4").unwrap();
        assert_eq!(board.at(e4), Some((Color::White, PieceKind::Pawn)));
        assert_eq!(board.at(Square::parse(b"e2").unwrap()), None);
        c.set_limit(Limit::Depth(2)).unwrap();
        assert!(c.cpu_move().unwrap().is_played());
        let record = c.search_info().unwrap().unwrap();
        assert_eq!(record.depth, 2);
        assert_eq!(record.bound, ScoreBound::Exact);
        assert!(matches!(record.score, Score::Cp(_)), "{record:?}");
        let history = c.history().unwrap();
        assert_eq!(history.len(), 2);
        assert_eq!(record.pv.first(), history.last());
        assert_eq!(c.last_move().unwrap(), history[1]);
        let (mode, fen) = c.save().unwrap();
        assert_eq!(mode, Mode::Humans);
        c.undo().unwrap();
        c.undo().unwrap();
        assert_eq!(c.undo().unwrap_err().refusal(), Some(Reply::IllMove));
        c.load(mode, &fen).unwrap();
        assert_eq!(c.fen().unwrap(), fen);
        assert_eq!(
            c.load(Mode::Humans, "not a fen").unwrap_err().refusal(),
            Some(Reply::InvFmt)
        );
        c.resign().unwrap();
        assert_eq!(c.resign().unwrap_err().refusal(), Some(Reply::NoGame));
    }

    #[test]
    fn the_cpu_refuses_out_of_turn() {
        let mut c = client();
        c.new_game(Mode::Cpu {
            human: Color::White,
        })
        .unwrap();
        assert_eq!(c.cpu_move().unwrap_err().refusal(), Some(Reply::Oot));
        assert_eq!(c.play(&mv("WPe2-e4")).unwrap(), Reply::Ok);
        assert_eq!(
            c.play(&mv("BPe7-e5")).unwrap_err().refusal(),
            Some(Reply::Oot)
        );
    }

    #[test]
    fn data_replies_must_have_their_shape() {
        assert!(Board::parse(&[b'*'; 128]).is_some());
        assert!(Board::parse(&[b'*'; 126]).is_none());
        let mut bad = [b'*'; 128];
        bad[0] = b'X';
        bad[1] = b'K';
        assert!(Board::parse(&bad).is_none());
        assert_eq!(parse_moves(b"WPe2-e4 BPe7-e5").map(|v| v.len()), Some(2));
        assert_eq!(parse_moves(b"WPe2-e4  BPe7-e5"), None);
        assert_eq!(parse_moves(b""), Some(vec![]));
    }
}
