//! The words of the `/dev/chess` protocol, defined once: the commands as a client writes them
//! and the device parses them, and the fixed replies.
//!
//! ```
//! use chess_core::command::{Command, Reply};
//! use chess_core::notation::Writer;
//! use chess_core::search::Limit;
//!
//! let mut buf = [0u8; 16];
//! let mut out = Writer::new(&mut buf);
//! Command::SetLimit(Limit::Depth(8)).write(&mut out);
//! assert_eq!(out.written(), b"07 D8\n");
//! assert_eq!(Command::parse(b"07 D8\n"), Ok(Command::SetLimit(Limit::Depth(8))));
//! assert_eq!(Reply::parse(b"CHECK\n"), Some(Reply::Check));
//! ```

use core::fmt;

use crate::notation::{MoveText, Writer};
use crate::piece::Color;
use crate::search::Limit;

#[path = "command/settings.rs"]
mod settings;
use settings::{parse_limit, parse_positive, parse_setting};
pub use settings::{
    write_limit, write_setting, Setting, MAX_DEPTH, MAX_NODES, MAX_SEED, MAX_THINK_MS,
};

/// Commands longer than this many bytes (newline included) are refused with `INVFMT`.
pub const MAX_COMMAND: usize = 256;

/// The deepest perft `12` accepts.
pub const MAX_PERFT: u32 = 7;

/// The most moves `03 MOVE...` can name: as many of the shortest (7 bytes and a space) as fit
/// in a command of [`MAX_COMMAND`] bytes after `03 `.
pub const MAX_ROOT_MOVES: usize = (MAX_COMMAND - 3) / 8;

/// Who plays what.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// A human against the CPU; the human plays `human`.
    Cpu {
        /// The human's colour.
        human: Color,
    },
    /// Two humans; the CPU moves only on `03`.
    Humans,
}

impl Mode {
    /// The mode's letter in `00`, `08` and `09`: `W`, `B` or `H`.
    pub fn letter(self) -> u8 {
        match self {
            Mode::Cpu { human } => human.letter(),
            Mode::Humans => b'H',
        }
    }

    /// The mode of a letter.
    pub fn from_letter(c: u8) -> Option<Mode> {
        match c {
            b'H' => Some(Mode::Humans),
            _ => Color::from_letter(c).map(|human| Mode::Cpu { human }),
        }
    }
}

/// The commands, each with its two-digit code.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Opcode {
    /// `00`: a new game.
    NewGame,
    /// `01`: the board.
    Board,
    /// `02`: the human's move.
    Move,
    /// `03`: the CPU's move.
    Cpu,
    /// `04`: resign.
    Resign,
    /// `05`: the moves so far.
    History,
    /// `06`: the position as FEN.
    Fen,
    /// `07`: the CPU's budget.
    SetLimit,
    /// `08`: a save record.
    Save,
    /// `09`: resume from a save record.
    Load,
    /// `10`: undo a half-move.
    Undo,
    /// `11`: the legal moves.
    Moves,
    /// `12`: perft.
    Perft,
    /// `13`: the running or last search.
    SearchInfo,
    /// `14`: stop the running search.
    Stop,
}

impl Opcode {
    /// Every opcode, in code order.
    pub const ALL: [Opcode; 15] = [
        Opcode::NewGame,
        Opcode::Board,
        Opcode::Move,
        Opcode::Cpu,
        Opcode::Resign,
        Opcode::History,
        Opcode::Fen,
        Opcode::SetLimit,
        Opcode::Save,
        Opcode::Load,
        Opcode::Undo,
        Opcode::Moves,
        Opcode::Perft,
        Opcode::SearchInfo,
        Opcode::Stop,
    ];

    /// The two-digit code.
    pub fn code(self) -> &'static [u8; 2] {
        match self {
            Opcode::NewGame => b"00",
            Opcode::Board => b"01",
            Opcode::Move => b"02",
            Opcode::Cpu => b"03",
            Opcode::Resign => b"04",
            Opcode::History => b"05",
            Opcode::Fen => b"06",
            Opcode::SetLimit => b"07",
            Opcode::Save => b"08",
            Opcode::Load => b"09",
            Opcode::Undo => b"10",
            Opcode::Moves => b"11",
            Opcode::Perft => b"12",
            Opcode::SearchInfo => b"13",
            Opcode::Stop => b"14",
        }
    }

    /// The opcode of a command's first field.
    pub fn from_code(name: &[u8]) -> Option<Opcode> {
        Opcode::ALL.into_iter().find(|op| op.code() == name)
    }
}

/// A command, parsed and checked for form (not yet against the game).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Command<'a> {
    /// `00 W|B|H`.
    NewGame(Mode),
    /// `01`.
    Board,
    /// `02 MOVE`.
    Move(MoveText),
    /// `03`.
    Cpu,
    /// `03 MOVE...`: the CPU moves, choosing among these moves only (space separated, each
    /// checked for form).
    CpuAmong(&'a [u8]),
    /// `04`.
    Resign,
    /// `05`.
    History,
    /// `06`.
    Fen,
    /// `07 T<ms>|D<plies>|N<nodes>|I`.
    SetLimit(Limit),
    /// `07 L<elo>|L|V<cp>|S<seed>|P<n>`.
    Set(Setting),
    /// `08`.
    Save,
    /// `09 W|B|H <FEN>`: the FEN's bytes, not yet parsed.
    Load(Mode, &'a [u8]),
    /// `10`.
    Undo,
    /// `11`.
    Moves,
    /// `12 N`.
    Perft(u32),
    /// `13`.
    SearchInfo,
    /// `14`.
    Stop,
}

/// Why a command was refused before it reached the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum FormError {
    /// The first field is not a command (`UNKCMD`).
    Unknown,
    /// A known command with malformed arguments or framing (`INVFMT`).
    Format,
}

impl FormError {
    /// The reply this error gets.
    pub fn reply(self) -> Reply {
        match self {
            FormError::Unknown => Reply::UnkCmd,
            FormError::Format => Reply::InvFmt,
        }
    }
}

impl fmt::Display for FormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FormError::Unknown => "the first field is not a known command",
            FormError::Format => "the command's arguments or framing are malformed",
        })
    }
}

/// Checks the form of the moves of `03 MOVE...`: 1 to [`MAX_ROOT_MOVES`] moves, single spaces.
fn parse_root_moves(arg: &[u8]) -> Option<&[u8]> {
    let mut count = 0;
    for word in arg.split(|&c| c == b' ') {
        MoveText::parse(word).ok()?;
        count += 1;
    }
    (count <= MAX_ROOT_MOVES).then_some(arg)
}

/// The moves of `03 MOVE...`, as [`Command::CpuAmong`] holds them.
pub fn root_moves(arg: &[u8]) -> impl Iterator<Item = MoveText> + '_ {
    arg.split(|&c| c == b' ')
        .filter_map(|word| MoveText::parse(word).ok())
}

/// Splits one framed line into its opcode and its argument (`None` when there is none).
fn split_frame(input: &[u8]) -> Result<(Opcode, Option<&[u8]>), FormError> {
    if input.len() > MAX_COMMAND {
        return Err(FormError::Format);
    }
    // The first field runs up to a space or a line ending; it decides UNKCMD before any
    // framing error can be reported. Leading spaces don't hide a known command: they are a
    // framing error of that command.
    let indent = input.iter().take_while(|&&c| c == b' ').count();
    let body = input.get(indent..).unwrap_or(&[]);
    let name_len = body
        .iter()
        .position(|&c| c == b' ' || c == b'\n' || c == b'\r')
        .unwrap_or(body.len());
    let (name, rest) = body.split_at(name_len);
    let op = Opcode::from_code(name).ok_or(FormError::Unknown)?;
    if indent > 0 {
        return Err(FormError::Format);
    }
    // Exactly one line, ended by one newline, no carriage return anywhere.
    let line = rest.strip_suffix(b"\n").ok_or(FormError::Format)?;
    if line.iter().any(|&c| c == b'\n' || c == b'\r') {
        return Err(FormError::Format);
    }
    match line {
        [] => Ok((op, None)),
        [b' ', arg @ ..] => Ok((op, Some(arg))),
        _ => Err(FormError::Format),
    }
}

impl<'a> Command<'a> {
    /// Parses the bytes of one `write()`.
    pub fn parse(input: &'a [u8]) -> Result<Command<'a>, FormError> {
        let (op, arg) = split_frame(input)?;
        let cmd = match (op, arg) {
            (Opcode::NewGame, Some(&[m])) => Mode::from_letter(m).map(Command::NewGame),
            (Opcode::Move, Some(text)) => MoveText::parse(text).ok().map(Command::Move),
            (Opcode::SetLimit, Some(arg)) => parse_limit(arg)
                .map(Command::SetLimit)
                .or_else(|| parse_setting(arg).map(Command::Set)),
            (Opcode::Cpu, Some(arg)) => parse_root_moves(arg).map(Command::CpuAmong),
            (Opcode::Load, Some([m, b' ', fen @ ..])) => {
                Mode::from_letter(*m).map(|mode| Command::Load(mode, fen))
            }
            (Opcode::Perft, Some(arg)) => parse_positive(arg, u64::from(MAX_PERFT))
                .and_then(|n| u32::try_from(n).ok())
                .map(Command::Perft),
            (Opcode::NewGame | Opcode::Move | Opcode::SetLimit | Opcode::Load, _) => None,
            (Opcode::Perft, None) => None,
            (op, None) => Command::bare(op),
            (_, Some(_)) => None,
        };
        cmd.ok_or(FormError::Format)
    }

    /// The command of an opcode that takes no argument.
    fn bare(op: Opcode) -> Option<Command<'static>> {
        Some(match op {
            Opcode::Board => Command::Board,
            Opcode::Cpu => Command::Cpu,
            Opcode::Resign => Command::Resign,
            Opcode::History => Command::History,
            Opcode::Fen => Command::Fen,
            Opcode::Save => Command::Save,
            Opcode::Undo => Command::Undo,
            Opcode::Moves => Command::Moves,
            Opcode::SearchInfo => Command::SearchInfo,
            Opcode::Stop => Command::Stop,
            _ => return None,
        })
    }

    /// The command's opcode.
    pub fn opcode(&self) -> Opcode {
        match self {
            Command::NewGame(_) => Opcode::NewGame,
            Command::Board => Opcode::Board,
            Command::Move(_) => Opcode::Move,
            Command::Cpu | Command::CpuAmong(_) => Opcode::Cpu,
            Command::Resign => Opcode::Resign,
            Command::History => Opcode::History,
            Command::Fen => Opcode::Fen,
            Command::SetLimit(_) | Command::Set(_) => Opcode::SetLimit,
            Command::Save => Opcode::Save,
            Command::Load(..) => Opcode::Load,
            Command::Undo => Opcode::Undo,
            Command::Moves => Opcode::Moves,
            Command::Perft(_) => Opcode::Perft,
            Command::SearchInfo => Opcode::SearchInfo,
            Command::Stop => Opcode::Stop,
        }
    }

    /// Writes the command as a client sends it, final newline included.
    pub fn write(&self, out: &mut Writer<'_>) {
        out.bytes(self.opcode().code());
        match *self {
            Command::NewGame(mode) => {
                out.byte(b' ');
                out.byte(mode.letter());
            }
            Command::Move(text) => {
                out.byte(b' ');
                text.write(out);
            }
            Command::SetLimit(limit) => {
                out.byte(b' ');
                write_limit(limit, out);
            }
            Command::Set(setting) => {
                out.byte(b' ');
                write_setting(setting, out);
            }
            Command::CpuAmong(moves) => {
                out.byte(b' ');
                out.bytes(moves);
            }
            Command::Load(mode, fen) => {
                out.byte(b' ');
                out.byte(mode.letter());
                out.byte(b' ');
                out.bytes(fen);
            }
            Command::Perft(depth) => {
                out.byte(b' ');
                out.number(u64::from(depth));
            }
            _ => {}
        }
        out.byte(b'\n');
    }
}

/// The fixed replies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Reply {
    /// Done; after a move: no check, the game goes on.
    Ok,
    /// The side to move is in check.
    Check,
    /// Checkmate; the game is over.
    Mate,
    /// Stalemate; the game is drawn.
    Stalemate,
    /// Drawn by repetition, the fifty-move rule, insufficient material or the length limit.
    Draw,
    /// A well-formed move that is not legal here.
    IllMove,
    /// Out of turn.
    Oot,
    /// No game in progress.
    NoGame,
    /// Unknown command.
    UnkCmd,
    /// Malformed arguments or framing.
    InvFmt,
}

impl Reply {
    /// Every fixed reply.
    pub const ALL: [Reply; 10] = [
        Reply::Ok,
        Reply::Check,
        Reply::Mate,
        Reply::Stalemate,
        Reply::Draw,
        Reply::IllMove,
        Reply::Oot,
        Reply::NoGame,
        Reply::UnkCmd,
        Reply::InvFmt,
    ];

    /// The reply's word, without the newline.
    pub fn word(self) -> &'static str {
        match self {
            Reply::Ok => "OK",
            Reply::Check => "CHECK",
            Reply::Mate => "MATE",
            Reply::Stalemate => "STALEMATE",
            Reply::Draw => "DRAW",
            Reply::IllMove => "ILLMOVE",
            Reply::Oot => "OOT",
            Reply::NoGame => "NOGAME",
            Reply::UnkCmd => "UNKCMD",
            Reply::InvFmt => "INVFMT",
        }
    }

    /// Writes the reply, newline included.
    pub fn write(self, out: &mut Writer<'_>) {
        out.bytes(self.word().as_bytes());
        out.byte(b'\n');
    }

    /// The fixed reply a line is, with or without its final newline.
    pub fn parse(line: &[u8]) -> Option<Reply> {
        let word = line.strip_suffix(b"\n").unwrap_or(line);
        Reply::ALL.into_iter().find(|r| r.word().as_bytes() == word)
    }

    /// True for the replies to a move that end the game.
    pub fn ends_game(self) -> bool {
        matches!(self, Reply::Mate | Reply::Stalemate | Reply::Draw)
    }

    /// True for the replies to a move that was played.
    pub fn is_played(self) -> bool {
        matches!(
            self,
            Reply::Ok | Reply::Check | Reply::Mate | Reply::Stalemate | Reply::Draw
        )
    }
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::{Level, MAX_VARIETY};
    use crate::search::MAX_LINES;

    fn written(cmd: Command<'_>) -> ([u8; MAX_COMMAND], usize) {
        let mut buf = [0u8; MAX_COMMAND];
        let mut out = Writer::new(&mut buf);
        cmd.write(&mut out);
        let n = out.len();
        (buf, n)
    }

    #[test]
    fn every_command_round_trips_through_its_text() {
        let mv = MoveText::parse(b"WPe7-e8yWQ").unwrap();
        let fen = b"W 8/8/8/8/8/8/8/K6k w - - 0 1";
        let cmds = [
            Command::NewGame(Mode::Humans),
            Command::NewGame(Mode::Cpu {
                human: Color::Black,
            }),
            Command::Board,
            Command::Move(mv),
            Command::Cpu,
            Command::Resign,
            Command::History,
            Command::Fen,
            Command::SetLimit(Limit::Time(MAX_THINK_MS)),
            Command::SetLimit(Limit::Depth(MAX_DEPTH)),
            Command::SetLimit(Limit::Nodes(MAX_NODES)),
            Command::SetLimit(Limit::Infinite),
            Command::Set(Setting::Level(Level::new(crate::level::MIN_ELO))),
            Command::Set(Setting::Level(None)),
            Command::Set(Setting::Variety(MAX_VARIETY)),
            Command::Set(Setting::Seed(MAX_SEED)),
            Command::Set(Setting::Lines(MAX_LINES as u8)),
            Command::CpuAmong(b"WPe2-e4 WNg1-f3"),
            Command::Save,
            Command::Load(Mode::Humans, &fen[2..]),
            Command::Undo,
            Command::Moves,
            Command::Perft(MAX_PERFT),
            Command::SearchInfo,
            Command::Stop,
        ];
        for cmd in cmds {
            let (buf, n) = written(cmd);
            assert_eq!(Command::parse(&buf[..n]), Ok(cmd), "{:?}", &buf[..n]);
        }
        assert_eq!(
            written(Command::SetLimit(Limit::Infinite)).0[..6],
            *b"07 I\n\0"
        );
    }

    #[test]
    fn every_opcode_has_its_own_code() {
        for (i, op) in Opcode::ALL.into_iter().enumerate() {
            let code = [b'0' + (i / 10) as u8, b'0' + (i % 10) as u8];
            assert_eq!(op.code(), &code);
            assert_eq!(Opcode::from_code(&code), Some(op));
        }
        assert_eq!(Opcode::from_code(b"15"), None);
    }

    #[test]
    fn limits_refused_out_of_range_or_malformed() {
        for bad in [
            &b"07 T0\n"[..],
            b"07 T60001\n",
            b"07 T007\n",
            b"07 D65\n",
            b"07 N0\n",
            b"07 N1000000000001\n",
            b"07 I0\n",
            b"07 i\n",
            b"07\n",
            b"12 8\n",
            b"14 1\n",
        ] {
            assert_eq!(Command::parse(bad), Err(FormError::Format), "{bad:?}");
        }
    }

    #[test]
    fn replies_parse_with_or_without_newline() {
        for r in Reply::ALL {
            let mut buf = [0u8; 16];
            let mut out = Writer::new(&mut buf);
            r.write(&mut out);
            assert_eq!(Reply::parse(out.written()), Some(r));
            assert_eq!(Reply::parse(r.word().as_bytes()), Some(r));
        }
        assert_eq!(Reply::parse(b"OKAY\n"), None);
    }
}
