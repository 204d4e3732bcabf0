//! One board shared by threads, as `/dev/chess` shares a board between files: a command takes
//! the board's turn and runs with no lock held, while `13` and `14` are answered at once by the
//! board's [`Watch`].

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard};
use std::time::Instant;

use chess_core::board::Position;
use chess_core::notation::Writer;
use chess_core::piece::Move;
use chess_core::protocol::{Watch, MAX_REPLY};
use chess_core::search::{Budget, Progress};

/// Default ceiling of any search, `07 I` included, in seconds (the module's `max_think_s`).
pub const DEFAULT_MAX_THINK_S: u64 = 3600;

/// A board's shared state: whether a command runs, and what other threads see of it.
#[derive(Default)]
struct State {
    busy: bool,
    watch: Watch,
}

/// A board that one command at a time may use, watched and stopped by the others.
pub struct Board {
    state: Mutex<State>,
    idle: Condvar,
    epoch: Instant,
    ceiling_ms: u64,
}

impl Default for Board {
    fn default() -> Self {
        Board::new(DEFAULT_MAX_THINK_S)
    }
}

impl Board {
    /// An idle board whose searches end after `ceiling_s` seconds at the latest.
    pub fn new(ceiling_s: u64) -> Board {
        Board {
            state: Mutex::default(),
            idle: Condvar::new(),
            epoch: Instant::now(),
            ceiling_ms: ceiling_s.saturating_mul(1000),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A thread that panicked cannot leave the state half-written: every update is one store.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Milliseconds since the board was made.
    pub fn now_ms(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    /// Takes the board's turn for `input`, waiting while another command runs; returns `true`.
    /// On a busy board `13` and `14` are answered at once instead: their reply goes to `emit`
    /// (while the board is locked, so it comes before the running command's reply) and the
    /// result is `false`.
    pub fn take_turn(&self, input: &[u8], emit: impl FnOnce(&[u8])) -> bool {
        let mut state = self.lock();
        if state.busy {
            let mut buf = [0u8; MAX_REPLY];
            let mut out = Writer::new(&mut buf);
            if state.watch.answer(input, self.now_ms(), &mut out) {
                emit(out.written());
                return false;
            }
        }
        while state.busy {
            state = self.idle.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        state.busy = true;
        state.watch.begin(input, self.now_ms());
        true
    }

    /// Ends the turn: `publish` runs with the board still locked (so that a `13` answered
    /// meanwhile stays ahead of the reply), then the next command may run.
    pub fn end_turn(&self, publish: impl FnOnce()) {
        let mut state = self.lock();
        publish();
        state.busy = false;
        drop(state);
        self.idle.notify_all();
    }

    /// The budget of a command run in this board's turn: its clock and ceiling, `interrupt` as
    /// the signal flag (cleared when read as set), and the watch.
    pub fn budget<'a>(&'a self, interrupt: &'a AtomicBool) -> BoardBudget<'a> {
        BoardBudget {
            board: self,
            interrupt,
        }
    }
}

/// A [`Budget`] that reports to its board's watch.
pub struct BoardBudget<'a> {
    board: &'a Board,
    interrupt: &'a AtomicBool,
}

impl Budget for BoardBudget<'_> {
    fn now_ms(&mut self) -> u64 {
        self.board.now_ms()
    }

    fn interrupted(&mut self) -> bool {
        self.interrupt.swap(false, Ordering::SeqCst)
    }

    fn stop_requested(&mut self) -> bool {
        let now = self.board.now_ms();
        self.board.lock().watch.stop_due(now, self.board.ceiling_ms)
    }

    fn nodes_searched(&mut self, nodes: u64) {
        self.board.lock().watch.note_nodes(nodes);
    }

    fn root_move(&mut self, mv: Move, number: u16) {
        self.board.lock().watch.note_root_move(mv, number);
    }

    fn iteration_done(&mut self, progress: &Progress, root: &Position, pv: &[Move]) {
        self.board.lock().watch.note_iteration(progress, root, pv);
    }
}
