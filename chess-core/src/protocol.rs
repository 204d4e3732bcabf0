//! The `/dev/chess` protocol: one command's bytes in, one reply out (see `docs/PROTOCOL.md`).
//!
//! [`Device`] is the whole of the protocol's state. The kernel module and the simulator only
//! carry bytes to [`Device::handle`] and back, own the lock and supply the clock.

use crate::fen;
use crate::game::{Game, HistoryStore, InlineHistory, Outcome, Ply, Status, MAX_HISTORY};
use crate::movegen;
use crate::notation::{self, MoveText, Writer};
use crate::piece::{Color, Move};
use crate::search::{self, Budget, Interrupted, Limit, Memory, MATE, MATE_BOUND, MAX_PLY};

/// Commands longer than this many bytes (newline included) are refused with `INVFMT`.
pub const MAX_COMMAND: usize = 256;

/// The longest reply: the history of a full game in MOVE notation (`05`).
pub const MAX_REPLY: usize = MAX_HISTORY * 14 + 1;

/// The deepest perft `12` accepts.
pub const MAX_PERFT: u32 = 7;

/// The default CPU budget per move.
pub const DEFAULT_LIMIT: Limit = Limit::Time(1000);

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
    fn letter(self) -> u8 {
        match self {
            Mode::Cpu { human } => human.letter(),
            Mode::Humans => b'H',
        }
    }

    fn from_letter(c: u8) -> Option<Mode> {
        match c {
            b'H' => Some(Mode::Humans),
            _ => Color::from_letter(c).map(|human| Mode::Cpu { human }),
        }
    }
}

/// The fixed replies.
pub mod reply {
    /// Done; after a move: no check, the game goes on.
    pub const OK: &[u8] = b"OK\n";
    /// The side to move is in check.
    pub const CHECK: &[u8] = b"CHECK\n";
    /// Checkmate; the game is over.
    pub const MATE: &[u8] = b"MATE\n";
    /// Stalemate; the game is drawn.
    pub const STALEMATE: &[u8] = b"STALEMATE\n";
    /// Drawn by repetition, the fifty-move rule, insufficient material or the length limit.
    pub const DRAW: &[u8] = b"DRAW\n";
    /// A well-formed move that is not legal here.
    pub const ILLMOVE: &[u8] = b"ILLMOVE\n";
    /// Out of turn.
    pub const OOT: &[u8] = b"OOT\n";
    /// No game in progress.
    pub const NOGAME: &[u8] = b"NOGAME\n";
    /// Unknown command.
    pub const UNKCMD: &[u8] = b"UNKCMD\n";
    /// Malformed arguments or framing.
    pub const INVFMT: &[u8] = b"INVFMT\n";
}

/// A command, parsed and checked for form (not yet against the game).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Command<'a> {
    NewGame(Mode),
    Board,
    Move(MoveText),
    Cpu,
    Resign,
    History,
    Fen,
    SetLimit(Limit),
    Save,
    Load(Mode, &'a [u8]),
    Undo,
    Moves,
    Perft(u32),
    SearchInfo,
}

/// Why a command was refused before touching the game.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum FormError {
    Unknown,
    Format,
}

fn parse_decimal(s: &[u8], max: u64) -> Option<u64> {
    // Plain decimal: digits only, no sign, no leading zero.
    if s.is_empty()
        || s.len() > 16
        || !s.iter().all(u8::is_ascii_digit)
        || (s.len() > 1 && s.first() == Some(&b'0'))
    {
        return None;
    }
    let n = s.iter().fold(0u64, |n, &c| n * 10 + u64::from(c - b'0'));
    (n <= max).then_some(n)
}

/// The largest depth `07 D` accepts (the search itself stops at `MAX_PLY - 1`).
pub const MAX_DEPTH: u64 = 64;

/// The largest node limit `07 N` accepts.
pub const MAX_NODES: u64 = 1_000_000_000_000;

fn parse_command(input: &[u8]) -> Result<Command<'_>, FormError> {
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
    let known = matches!(
        name,
        b"00"
            | b"01"
            | b"02"
            | b"03"
            | b"04"
            | b"05"
            | b"06"
            | b"07"
            | b"08"
            | b"09"
            | b"10"
            | b"11"
            | b"12"
            | b"13"
    );
    if !known {
        return Err(FormError::Unknown);
    }
    if indent > 0 {
        return Err(FormError::Format);
    }
    // Exactly one line, ended by one newline, no carriage return anywhere.
    let Some(line_rest) = rest.strip_suffix(b"\n") else {
        return Err(FormError::Format);
    };
    if line_rest.iter().any(|&c| c == b'\n' || c == b'\r') {
        return Err(FormError::Format);
    }
    let arg = match line_rest {
        [] => None,
        [b' ', arg @ ..] => Some(arg),
        _ => return Err(FormError::Format),
    };
    let no_arg = |cmd: Command<'static>| {
        if arg.is_none() {
            Ok(cmd)
        } else {
            Err(FormError::Format)
        }
    };
    match name {
        b"00" => match arg {
            Some(&[m]) => Mode::from_letter(m)
                .map(Command::NewGame)
                .ok_or(FormError::Format),
            _ => Err(FormError::Format),
        },
        b"01" => no_arg(Command::Board),
        b"02" => {
            let text = arg.ok_or(FormError::Format)?;
            MoveText::parse(text)
                .map(Command::Move)
                .map_err(|_| FormError::Format)
        }
        b"03" => no_arg(Command::Cpu),
        b"04" => no_arg(Command::Resign),
        b"05" => no_arg(Command::History),
        b"06" => no_arg(Command::Fen),
        b"07" => {
            let (kind, digits) = arg.and_then(|a| a.split_first()).ok_or(FormError::Format)?;
            let limit = match kind {
                b'T' => parse_decimal(digits, 60_000)
                    .filter(|&n| n >= 1)
                    .map(|n| Limit::Time(n as u32)),
                b'D' => parse_decimal(digits, MAX_DEPTH)
                    .filter(|&n| n >= 1)
                    .map(|n| Limit::Depth(n as u8)),
                b'N' => parse_decimal(digits, MAX_NODES)
                    .filter(|&n| n >= 1)
                    .map(Limit::Nodes),
                _ => None,
            };
            limit.map(Command::SetLimit).ok_or(FormError::Format)
        }
        b"08" => no_arg(Command::Save),
        b"09" => match arg {
            Some([m, b' ', fen @ ..]) => Mode::from_letter(*m)
                .map(|mode| Command::Load(mode, fen))
                .ok_or(FormError::Format),
            _ => Err(FormError::Format),
        },
        b"10" => no_arg(Command::Undo),
        b"11" => no_arg(Command::Moves),
        b"12" => {
            let depth = arg
                .and_then(|a| parse_decimal(a, u64::from(MAX_PERFT)))
                .filter(|&n| n >= 1);
            depth
                .map(|n| Command::Perft(n as u32))
                .ok_or(FormError::Format)
        }
        _ => no_arg(Command::SearchInfo),
    }
}

/// What the last CPU search found, for `13`.
#[derive(Clone, Debug)]
struct SearchInfo {
    depth: u8,
    score: i32,
    nodes: u64,
    time_ms: u64,
    pv: [Move; MAX_PLY],
    pv_len: usize,
    /// The position the search started from, to print the PV in MOVE notation.
    root: crate::board::Position,
}

/// The device: the game, who plays what, the CPU's budget and the last search.
pub struct Device<H: HistoryStore = InlineHistory> {
    game: Game<H>,
    mode: Option<Mode>,
    limit: Limit,
    info: Option<SearchInfo>,
}

impl Device {
    /// A freshly loaded device with inline history storage.
    pub fn new() -> Device {
        Device::with_history([Ply::EMPTY; MAX_HISTORY])
    }
}

impl Default for Device {
    fn default() -> Self {
        Device::new()
    }
}

/// Where a command's reply goes, and the resources the CPU may use.
pub struct Context<'a, 'b> {
    /// The reply buffer (at least [`MAX_REPLY`] bytes for every reply to fit).
    pub out: Writer<'a>,
    /// Search memory.
    pub memory: Memory<'b>,
    /// The clock and signal check.
    pub budget: &'b mut dyn Budget,
}

impl<H: HistoryStore> Device<H> {
    /// A freshly loaded device: no game, the default CPU budget.
    pub fn with_history(history: H) -> Device<H> {
        Device {
            game: Game::with_history(crate::board::Position::startpos(), history),
            mode: None,
            limit: DEFAULT_LIMIT,
            info: None,
        }
    }

    /// The CPU's budget per move.
    pub fn limit(&self) -> Limit {
        self.limit
    }

    /// Sets the CPU's budget per move (the kernel's module parameter does this at load).
    pub fn set_limit(&mut self, limit: Limit) {
        self.limit = limit;
    }

    /// The game (for tools and tests).
    pub fn game(&self) -> &Game<H> {
        &self.game
    }

    /// The mode, or `None` before the first game.
    pub fn mode(&self) -> Option<Mode> {
        self.mode
    }

    /// Handles one command (the bytes of one `write()`) and writes its reply into `ctx.out`.
    /// `Err(Interrupted)` means a CPU search or perft was interrupted: nothing changed and
    /// nothing was written.
    pub fn handle(&mut self, input: &[u8], ctx: &mut Context<'_, '_>) -> Result<(), Interrupted> {
        let out = &mut ctx.out;
        let cmd = match parse_command(input) {
            Ok(cmd) => cmd,
            Err(FormError::Unknown) => {
                out.bytes(reply::UNKCMD);
                return Ok(());
            }
            Err(FormError::Format) => {
                out.bytes(reply::INVFMT);
                return Ok(());
            }
        };
        match cmd {
            Command::NewGame(mode) => {
                self.start(mode, crate::board::Position::startpos());
                out.bytes(reply::OK);
            }
            Command::Load(mode, fen) => match fen::parse_fen(fen) {
                Ok(pos) => {
                    self.start(mode, pos);
                    out.bytes(reply::OK);
                }
                Err(_) => out.bytes(reply::INVFMT),
            },
            Command::SetLimit(limit) => {
                self.limit = limit;
                out.bytes(reply::OK);
            }
            _ if self.mode.is_none() => out.bytes(reply::NOGAME),
            Command::Board => {
                notation::write_board(self.game.position(), out);
                out.byte(b'\n');
            }
            Command::History => {
                self.game.write_moves(out);
                out.byte(b'\n');
            }
            Command::Fen => {
                fen::write_fen(self.game.position(), out);
                out.byte(b'\n');
            }
            Command::Save => {
                out.byte(self.mode.map_or(b'H', Mode::letter));
                out.byte(b' ');
                fen::write_fen(self.game.position(), out);
                out.byte(b'\n');
            }
            Command::Undo => out.bytes(if self.game.undo() {
                reply::OK
            } else {
                reply::ILLMOVE
            }),
            Command::Moves => {
                if self.game.is_ongoing() {
                    let pos = self.game.position();
                    for (i, &mv) in movegen::legal_moves(pos).as_slice().iter().enumerate() {
                        if i > 0 {
                            out.byte(b' ');
                        }
                        MoveText::describe(pos, mv).write(out);
                    }
                }
                out.byte(b'\n');
            }
            Command::Perft(depth) => {
                let mut pos = self.game.position().clone();
                let frames = ctx
                    .memory
                    .frames
                    .get_mut(..depth as usize)
                    .unwrap_or(&mut []);
                if frames.len() < depth as usize {
                    out.bytes(reply::INVFMT);
                } else {
                    let n = search::perft_interruptible(&mut pos, depth, frames, ctx.budget)?;
                    out.number(n);
                    out.byte(b'\n');
                }
            }
            Command::SearchInfo => self.write_info(out),
            Command::Move(_) | Command::Cpu | Command::Resign if !self.game.is_ongoing() => {
                out.bytes(reply::NOGAME)
            }
            Command::Move(text) => {
                if !self.humans_turn() {
                    out.bytes(reply::OOT);
                } else {
                    match text.resolve(self.game.position()) {
                        Some(mv) => {
                            let r = self.play(mv);
                            out.bytes(r);
                        }
                        None => out.bytes(reply::ILLMOVE),
                    }
                }
            }
            Command::Cpu => {
                if self.humans_turn() && self.mode != Some(Mode::Humans) {
                    out.bytes(reply::OOT);
                } else {
                    let memory = Memory {
                        tt: &mut *ctx.memory.tt,
                        frames: &mut *ctx.memory.frames,
                        history: &mut *ctx.memory.history,
                    };
                    let root = self.game.position().clone();
                    let result = search::search(&self.game, self.limit, memory, ctx.budget)?;
                    self.info = Some(SearchInfo {
                        depth: result.depth,
                        score: result.score,
                        nodes: result.nodes,
                        time_ms: result.time_ms,
                        pv: result.pv,
                        pv_len: result.pv_len,
                        root,
                    });
                    let r = self.play(result.best);
                    out.bytes(r);
                }
            }
            Command::Resign => {
                if !self.humans_turn() {
                    out.bytes(reply::OOT);
                } else {
                    let loser = self.game.position().side_to_move();
                    self.game.resign(loser);
                    out.bytes(reply::OK);
                }
            }
        }
        Ok(())
    }

    fn start(&mut self, mode: Mode, pos: crate::board::Position) {
        self.game.reset(pos);
        self.mode = Some(mode);
        self.info = None;
    }

    /// True when the side to move is a human's.
    fn humans_turn(&self) -> bool {
        match self.mode {
            Some(Mode::Cpu { human }) => self.game.position().side_to_move() == human,
            Some(Mode::Humans) => true,
            None => false,
        }
    }

    fn play(&mut self, mv: Move) -> &'static [u8] {
        match self.game.play(mv) {
            Ok(Status::Ongoing { check: false }) => reply::OK,
            Ok(Status::Ongoing { check: true }) => reply::CHECK,
            Ok(Status::Over(Outcome::Checkmate { .. })) => reply::MATE,
            Ok(Status::Over(Outcome::Stalemate)) => reply::STALEMATE,
            Ok(Status::Over(_)) => reply::DRAW,
            Err(_) => reply::ILLMOVE,
        }
    }

    /// `13`: `depth D score cp S|mate M nodes N time T pv MOVE...` of the last CPU search.
    fn write_info(&self, out: &mut Writer<'_>) {
        let Some(info) = &self.info else {
            out.byte(b'\n');
            return;
        };
        out.bytes(b"depth ");
        out.number(u64::from(info.depth));
        out.bytes(b" score ");
        if info.score.abs() > MATE_BOUND {
            let plies = MATE - info.score.abs();
            let moves = (plies + 1) / 2;
            out.bytes(b"mate ");
            if info.score < 0 {
                out.byte(b'-');
            }
            out.number(moves.unsigned_abs().into());
        } else {
            out.bytes(b"cp ");
            if info.score < 0 {
                out.byte(b'-');
            }
            out.number(info.score.unsigned_abs().into());
        }
        out.bytes(b" nodes ");
        out.number(info.nodes);
        out.bytes(b" time ");
        out.number(info.time_ms);
        out.bytes(b" pv");
        let mut pos = info.root.clone();
        for &mv in info.pv.iter().take(info.pv_len) {
            if !movegen::legal_moves(&pos).contains(mv) {
                break;
            }
            out.byte(b' ');
            MoveText::describe(&pos, mv).write(out);
            let _ = pos.make(mv);
        }
        out.byte(b'\n');
    }
}
