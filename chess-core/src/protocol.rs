//! The `/dev/chess` protocol: one command's bytes in, one reply out (see `docs/PROTOCOL.md`).
//!
//! [`Device`] is the whole of a board's game state. The kernel module and the simulator only
//! carry bytes to [`Device::handle`] and back, own the locks and supply the clock. While a
//! command runs, `13` and `14` from other files are answered by the board's [`Watch`] instead.

use crate::board::Position;
use crate::command::{self, Command, Reply, Setting, MAX_ROOT_MOVES};
use crate::fen;
use crate::game::{Game, HistoryStore, InlineHistory, Outcome, Ply, Status, MAX_HISTORY};
use crate::level::{self, Level, Rng, LEVEL_LINES, VARIETY_LINES};
use crate::movegen;
use crate::notation::{self, MoveText, Writer};
use crate::piece::Move;
use crate::search::{
    self, Budget, Interrupted, Limit, Memory, Progress, Request, SearchResult, MAX_LINES,
};

pub use crate::command::Mode;

#[path = "protocol/record.rs"]
mod record;
use record::{Record, Recorder};
pub use record::{RecordLine, RECORD_LINES};

/// The longest reply: the history of a full game in MOVE notation (`05`).
pub const MAX_REPLY: usize = MAX_HISTORY * 14 + 1;

/// The default CPU budget per move.
pub const DEFAULT_LIMIT: Limit = Limit::Time(1000);

/// A board's running command as the board's other files see it: `13` reads its progress and
/// `14` asks it to stop. The host keeps one per board behind a short-held lock of its own,
/// apart from the [`Device`] (which the running command owns), and the search's [`Budget`]
/// keeps it current through [`Watch::note_nodes`] and [`Watch::note_iteration`].
#[derive(Clone, Debug, Default)]
pub struct Watch {
    /// The running command is a CPU move (`03`).
    searching: bool,
    stop: bool,
    started_ms: u64,
    nodes: u64,
    /// The root move the search is on, and its number in the iteration.
    current: Option<(Move, u16)>,
    /// The position the running search started from, and its lines so far.
    root: Position,
    last: Record<[RecordLine; MAX_LINES]>,
}

impl Watch {
    /// A watch with nothing running.
    pub fn new() -> Watch {
        Watch::default()
    }

    /// The command `input` starts at host time `now_ms`: no stop request, no progress yet.
    pub fn begin(&mut self, input: &[u8], now_ms: u64) {
        self.searching = matches!(
            Command::parse(input),
            Ok(Command::Cpu | Command::CpuAmong(_))
        );
        self.stop = false;
        self.started_ms = now_ms;
        self.nodes = 0;
        self.current = None;
        self.last.clear();
    }

    /// `14`: asks the running search to end now and play its best move so far.
    pub fn request_stop(&mut self) {
        self.stop = true;
    }

    /// True when the running search must end now (at host time `now_ms`): `14` arrived, or the
    /// command has run for `ceiling_ms`, the host's bound on every search.
    pub fn stop_due(&self, now_ms: u64, ceiling_ms: u64) -> bool {
        self.stop || now_ms.saturating_sub(self.started_ms) >= ceiling_ms
    }

    /// The running search's node count so far.
    pub fn note_nodes(&mut self, nodes: u64) {
        self.nodes = self.nodes.max(nodes);
    }

    /// The running search starts on root move `mv`, the `number`th of its iteration.
    pub fn note_root_move(&mut self, mv: Move, number: u16) {
        self.current = Some((mv, number));
    }

    /// A finished iteration (or a failed aspiration window) of the running search.
    pub fn note_iteration(&mut self, progress: &Progress, root: &Position, pv: &[Move]) {
        self.note_nodes(progress.nodes);
        if self.last.is_empty() {
            self.root.clone_from(root);
        }
        self.last.note(progress, pv);
    }

    /// Answers `input` if a busy board answers it at once (`14`, and `13` while a CPU move
    /// runs), writing the reply into `out`; `false` when the command must wait for the board.
    pub fn answer(&mut self, input: &[u8], now_ms: u64, out: &mut Writer<'_>) -> bool {
        match Command::parse(input) {
            Ok(Command::SearchInfo) if self.searching => self.write_record(now_ms, out),
            Ok(Command::Stop) => {
                self.request_stop();
                Reply::Ok.write(out);
            }
            _ => return false,
        }
        true
    }

    /// `13` while a CPU move runs: the last finished iteration with the nodes and time so far;
    /// an empty line before the first iteration.
    pub fn write_record(&self, now_ms: u64, out: &mut Writer<'_>) {
        if self.last.is_empty() {
            return out.byte(b'\n');
        }
        let time_ms = now_ms.saturating_sub(self.started_ms);
        self.last
            .write(&self.root, Some((self.nodes, time_ms)), self.current, out);
    }
}

/// The device: the game, who plays what, how the CPU plays and the last search.
pub struct Device<H: HistoryStore = InlineHistory> {
    game: Game<H>,
    mode: Option<Mode>,
    limit: Limit,
    /// The strength level (`None`: full strength).
    level: Option<Level>,
    /// The variety margin at full strength, in centipawns.
    variety: u16,
    /// How many root moves a search ranks.
    lines: u8,
    /// What levels and variety draw their choices from.
    rng: Rng,
    /// The last `03` of this game: the position it searched, and how many lines of its record
    /// (empty when none) are in which half of the host's [`Context::records`] (the other half
    /// takes the running search's, so that an interrupted search leaves this one).
    info_root: Position,
    info_count: usize,
    info_half: usize,
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
    /// Where the device keeps its search records: [`RECORD_LINES`] lines (the host's memory,
    /// so that the device itself stays small).
    pub records: &'b mut [RecordLine],
}

impl<H: HistoryStore> Device<H> {
    /// A freshly loaded device: no game, the default CPU budget.
    pub fn with_history(history: H) -> Device<H> {
        Device {
            game: Game::with_history(Position::startpos(), history),
            mode: None,
            limit: DEFAULT_LIMIT,
            level: None,
            variety: 0,
            lines: 1,
            rng: Rng::new(0),
            info_root: Position::startpos(),
            info_count: 0,
            info_half: 0,
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

    /// Seeds the choices of levels and variety (hosts seed from their clock at load; `07 S`
    /// does the same).
    pub fn seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
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
        let cmd = match Command::parse(input) {
            Ok(cmd) => cmd,
            Err(e) => {
                e.reply().write(&mut ctx.out);
                return Ok(());
            }
        };
        let out = &mut ctx.out;
        match cmd {
            // Commands that need no game.
            Command::NewGame(mode) => self.new_game(mode, out),
            Command::Load(mode, fen) => self.load(mode, fen, out),
            Command::SetLimit(limit) => {
                self.limit = limit;
                Reply::Ok.write(out);
            }
            Command::Set(setting) => {
                self.set(setting);
                Reply::Ok.write(out);
            }
            // Nothing runs while this device handles a command, so there is nothing to stop.
            Command::Stop => Reply::Ok.write(out),
            _ if self.mode.is_none() => Reply::NoGame.write(out),
            // Queries.
            Command::Board => self.board(out),
            Command::History => self.history(out),
            Command::Fen => self.fen(out),
            Command::Save => self.save(out),
            Command::Moves => self.moves(out),
            Command::SearchInfo => self.search_info(&*ctx.records, out),
            Command::Undo => self.undo(out),
            Command::Perft(depth) => return self.perft(depth, ctx),
            // Moves, which need a game in progress.
            Command::Move(_) | Command::Cpu | Command::CpuAmong(_) | Command::Resign
                if !self.game.is_ongoing() =>
            {
                Reply::NoGame.write(out)
            }
            Command::Move(text) => self.human_move(text, out),
            Command::Cpu => return self.cpu_move(&[], ctx),
            Command::CpuAmong(text) => return self.cpu_move_among(text, ctx),
            Command::Resign => self.resign(out),
        }
        Ok(())
    }

    /// `00`. Out of line, as is `load`: a `Position` built in the dispatcher would take its
    /// frame's room under every search.
    #[inline(never)]
    fn new_game(&mut self, mode: Mode, out: &mut Writer<'_>) {
        self.start(mode, Position::startpos(), out);
    }

    /// `09`.
    #[inline(never)]
    fn load(&mut self, mode: Mode, fen: &[u8], out: &mut Writer<'_>) {
        match fen::parse_fen(fen) {
            Ok(pos) => self.start(mode, pos, out),
            Err(_) => Reply::InvFmt.write(out),
        }
    }

    /// A new game from `pos`: `00`, and `09` once its position is read.
    fn start(&mut self, mode: Mode, pos: Position, out: &mut Writer<'_>) {
        self.game.reset(pos);
        self.mode = Some(mode);
        self.info_count = 0;
        Reply::Ok.write(out);
    }

    /// `01`.
    fn board(&self, out: &mut Writer<'_>) {
        notation::write_board(self.game.position(), out);
        out.byte(b'\n');
    }

    /// `05`.
    fn history(&self, out: &mut Writer<'_>) {
        self.game.write_moves(out);
        out.byte(b'\n');
    }

    /// `06`.
    fn fen(&self, out: &mut Writer<'_>) {
        fen::write_fen(self.game.position(), out);
        out.byte(b'\n');
    }

    /// `08`.
    fn save(&self, out: &mut Writer<'_>) {
        out.byte(self.mode.map_or(b'H', Mode::letter));
        out.byte(b' ');
        self.fen(out);
    }

    /// `11`: nothing once the game is over.
    fn moves(&self, out: &mut Writer<'_>) {
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

    /// `13` after the search: its final record; an empty line when no `03` ran this game.
    fn search_info(&self, records: &[RecordLine], out: &mut Writer<'_>) {
        let start = self.info_half * MAX_LINES;
        let info = Record {
            lines: records.get(start..start + MAX_LINES).unwrap_or(&[]),
            count: self.info_count,
        };
        if info.is_empty() {
            return out.byte(b'\n');
        }
        info.write(&self.info_root, None, None, out);
    }

    /// `10`.
    fn undo(&mut self, out: &mut Writer<'_>) {
        let reply = if self.game.undo() {
            Reply::Ok
        } else {
            Reply::IllMove
        };
        reply.write(out);
    }

    /// `12`.
    fn perft(&mut self, depth: u32, ctx: &mut Context<'_, '_>) -> Result<(), Interrupted> {
        let mut pos = *self.game.position();
        let Some(frames) = ctx.memory.frames.get_mut(..depth as usize) else {
            Reply::InvFmt.write(&mut ctx.out);
            return Ok(());
        };
        let n = search::perft_interruptible(&mut pos, depth, frames, ctx.budget)?;
        ctx.out.number(n);
        ctx.out.byte(b'\n');
        Ok(())
    }

    /// `02`.
    fn human_move(&mut self, text: MoveText, out: &mut Writer<'_>) {
        if !self.humans_turn() {
            return Reply::Oot.write(out);
        }
        match text.resolve(self.game.position()) {
            Some(mv) => self.play(mv).write(out),
            None => Reply::IllMove.write(out),
        }
    }

    /// `07` with a setting.
    fn set(&mut self, setting: Setting) {
        match setting {
            Setting::Level(level) => self.level = level.filter(|l| !l.is_full()),
            Setting::Variety(cp) => self.variety = cp,
            Setting::Seed(seed) => self.seed(seed),
            Setting::Lines(n) => self.lines = n,
        }
    }

    /// `03 MOVE...`: every move named must be legal here (`ILLMOVE` otherwise). Inlined into
    /// the dispatcher: a frame of its own would stay on the stack under the search.
    #[inline(always)]
    fn cpu_move_among(
        &mut self,
        text: &[u8],
        ctx: &mut Context<'_, '_>,
    ) -> Result<(), Interrupted> {
        let mut among = [Move::NULL; MAX_ROOT_MOVES];
        let mut count = 0;
        for (slot, word) in among.iter_mut().zip(command::root_moves(text)) {
            match word.resolve(self.game.position()) {
                Some(mv) => *slot = mv,
                None if self.cpus_turn() => {
                    Reply::IllMove.write(&mut ctx.out);
                    return Ok(());
                }
                // Not the CPU's turn: `cpu_move` answers OOT, which comes first.
                None => {}
            }
            count += 1;
        }
        self.cpu_move(among.get(..count).unwrap_or(&[]), ctx)
    }

    /// `03`: the CPU searches as its settings say (among `among` when not empty) and plays.
    fn cpu_move(&mut self, among: &[Move], ctx: &mut Context<'_, '_>) -> Result<(), Interrupted> {
        if !self.cpus_turn() {
            Reply::Oot.write(&mut ctx.out);
            return Ok(());
        }
        let memory = Memory {
            tt: &mut *ctx.memory.tt,
            frames: &mut *ctx.memory.frames,
            history: &mut *ctx.memory.history,
            correction: &mut *ctx.memory.correction,
            continuation: &mut *ctx.memory.continuation,
        };
        let mut request = Request::new(self.limit);
        request.root_moves = among;
        request.lines = usize::from(self.lines);
        if let Some(level) = self.level {
            request.lines = request.lines.max(LEVEL_LINES);
            request.max_nodes = level.max_nodes();
            request.max_depth = level.max_depth();
        } else if self.variety > 0 {
            request.lines = request.lines.max(VARIETY_LINES);
        }
        debug_assert!(
            ctx.records.len() >= RECORD_LINES,
            "the host supplies the record lines"
        );
        let running = 1 - self.info_half;
        let start = running * MAX_LINES;
        let mut record = Record {
            lines: ctx
                .records
                .get_mut(start..start + MAX_LINES)
                .unwrap_or(&mut []),
            count: 0,
        };
        let mut recorder = Recorder {
            host: &mut *ctx.budget,
            record: &mut record,
        };
        let mut result = SearchResult::NONE;
        search::search_into(&self.game, request, memory, &mut recorder, &mut result)?;
        self.conclude(&result, &mut record, running, &mut ctx.out);
        Ok(())
    }

    /// The end of `03`: keeps the search's record for `13` and plays the move the settings
    /// choose. (Out of line: its locals stay off the stack the search runs on.)
    #[inline(never)]
    fn conclude(
        &mut self,
        result: &SearchResult,
        record: &mut Record<&mut [RecordLine]>,
        running: usize,
        out: &mut Writer<'_>,
    ) {
        record.finish(result);
        self.info_count = record.count;
        self.info_half = running;
        self.info_root.clone_from(self.game.position());
        let mv = match self.level {
            Some(level) => level.choose(result.lines(), &mut self.rng),
            None if self.variety > 0 => {
                level::choose(result.lines(), i32::from(self.variety), &mut self.rng)
            }
            None => None,
        };
        self.play(mv.unwrap_or(result.best)).write(out);
    }

    /// True when the CPU may move now: the side to move is not a human's in a game against
    /// the CPU.
    fn cpus_turn(&self) -> bool {
        !self.humans_turn() || self.mode == Some(Mode::Humans)
    }

    /// `04`.
    fn resign(&mut self, out: &mut Writer<'_>) {
        if !self.humans_turn() {
            return Reply::Oot.write(out);
        }
        let loser = self.game.position().side_to_move();
        self.game.resign(loser);
        Reply::Ok.write(out);
    }

    /// True when the side to move is a human's.
    fn humans_turn(&self) -> bool {
        match self.mode {
            Some(Mode::Cpu { human }) => self.game.position().side_to_move() == human,
            Some(Mode::Humans) => true,
            None => false,
        }
    }

    fn play(&mut self, mv: Move) -> Reply {
        match self.game.play(mv) {
            Ok(Status::Ongoing { check: false }) => Reply::Ok,
            Ok(Status::Ongoing { check: true }) => Reply::Check,
            Ok(Status::Over(Outcome::Checkmate { .. })) => Reply::Mate,
            Ok(Status::Over(Outcome::Stalemate)) => Reply::Stalemate,
            Ok(Status::Over(_)) => Reply::Draw,
            Err(_) => Reply::IllMove,
        }
    }
}
