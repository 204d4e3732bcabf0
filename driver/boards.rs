// SPDX-License-Identifier: GPL-2.0

//! The boards: each a game with its engine, its latest reply and a short-held lock, which a
//! command takes for its turn and runs without, watched and stopped meanwhile through the
//! board's [`Watch`].

use kernel::{
    new_condvar, new_mutex,
    prelude::*,
    sync::{Arc, CondVar, Mutex},
    time::{Instant, Monotonic},
};

use crate::command::MAX_COMMAND;
use crate::game::{Ply, MAX_HISTORY};
use crate::notation::Writer;
use crate::piece::Move;
use crate::protocol::{Context, Device, RecordLine, Watch, MAX_REPLY, RECORD_LINES};
use crate::search::{
    Budget, Correction, Frame, History, Limit, Memory, Progress, TtEntry, CONTINUATION_SLOTS,
    CORRECTION_SLOTS, FRAMES,
};
use crate::{Settings, NAMES};

/// The game history, kept in a kvmalloc'd buffer instead of inline.
struct PlyStore(KVVec<Ply>);

impl AsRef<[Ply]> for PlyStore {
    fn as_ref(&self) -> &[Ply] {
        &self.0
    }
}

impl AsMut<[Ply]> for PlyStore {
    fn as_mut(&mut self) -> &mut [Ply] {
        &mut self.0
    }
}

/// A board's device and the memory its searches use: what a running command owns.
pub(crate) struct Engine {
    /// The command being run, copied here by [`Board::take_turn`]: the caller's copy is off
    /// the stack before the command runs.
    command: ByteBuf,
    /// Boxed on its own: built on the stack once, not again inside `Engine` (a few KiB,
    /// doubled by KASAN's redzones in the test kernel).
    device: KBox<Device<PlyStore>>,
    tt: KVVec<TtEntry>,
    frames: KVVec<Frame>,
    history: KBox<History>,
    correction: KVVec<Correction>,
    continuation: KVVec<i16>,
    /// The device's search records (`13`).
    records: KVVec<RecordLine>,
    /// Scratch space for one reply.
    reply: KVVec<u8>,
}

impl Engine {
    fn new(settings: &Settings) -> Result<KBox<Engine>> {
        let history = KVVec::from_elem(Ply::EMPTY, MAX_HISTORY, GFP_KERNEL)?;
        let mut device = KBox::new(Device::with_history(PlyStore(history)), GFP_KERNEL)?;
        device.set_limit(Limit::Time(settings.think_ms));
        // SAFETY: `get_random_u64` has no preconditions; it may be called from any process
        // context, before or after the entropy pool is ready.
        device.seed(unsafe { kernel::bindings::get_random_u64() });
        Ok(KBox::new(
            Engine {
                command: ByteBuf::with_capacity(MAX_COMMAND + 1)?,
                device,
                tt: KVVec::from_elem(TtEntry::EMPTY, settings.tt_entries, GFP_KERNEL)?,
                frames: KVVec::from_elem(Frame::new(), FRAMES, GFP_KERNEL)?,
                history: KBox::new(History::new(), GFP_KERNEL)?,
                correction: KVVec::from_elem(Correction::EMPTY, CORRECTION_SLOTS, GFP_KERNEL)?,
                continuation: KVVec::from_elem(0i16, CONTINUATION_SLOTS, GFP_KERNEL)?,
                records: KVVec::from_elem(RecordLine::EMPTY, RECORD_LINES, GFP_KERNEL)?,
                reply: KVVec::from_elem(0u8, MAX_REPLY, GFP_KERNEL)?,
            },
            GFP_KERNEL,
        )?)
    }

    /// Runs the command [`Board::take_turn`] gave it with `budget`; the length of the reply
    /// left in `self.reply`, or `None` when a signal interrupted it (the game is then
    /// unchanged).
    pub(crate) fn run(&mut self, budget: &mut dyn Budget) -> Option<usize> {
        let Engine {
            command,
            device,
            tt,
            frames,
            history,
            correction,
            continuation,
            records,
            reply,
        } = self;
        let mut ctx = Context {
            out: Writer::new(reply),
            memory: Memory {
                tt,
                frames,
                history,
                correction,
                continuation,
            },
            budget,
            records,
        };
        device.handle(command.as_slice(), &mut ctx).ok()?;
        Some(ctx.out.len())
    }
}

/// A buffer of fixed capacity (a reply's: [`MAX_REPLY`] bytes; a command's), filled to `len`:
/// setting it never allocates.
pub(crate) struct ByteBuf {
    buf: KVVec<u8>,
    len: usize,
}

impl ByteBuf {
    pub(crate) fn new() -> Result<ByteBuf> {
        ByteBuf::with_capacity(MAX_REPLY)
    }

    fn with_capacity(capacity: usize) -> Result<ByteBuf> {
        Ok(ByteBuf {
            buf: KVVec::from_elem(0u8, capacity, GFP_KERNEL)?,
            len: 0,
        })
    }

    pub(crate) fn as_slice(&self) -> &[u8] {
        self.buf.get(..self.len).unwrap_or(&[])
    }

    /// Replaces the contents by `bytes` (cut to the capacity, which every reply and every
    /// command the driver reads fits).
    pub(crate) fn set(&mut self, bytes: &[u8]) {
        debug_assert!(bytes.len() <= self.buf.len());
        let n = bytes.len().min(self.buf.len());
        if let (Some(dst), Some(src)) = (self.buf.get_mut(..n), bytes.get(..n)) {
            dst.copy_from_slice(src);
        }
        self.len = n;
    }

    /// Lets `write` fill the buffer through a [`Writer`]; the contents change only when it
    /// returns `true` (a command that was not answered leaves the file's reply as it was).
    fn fill(&mut self, write: impl FnOnce(&mut Writer<'_>) -> bool) -> bool {
        let mut out = Writer::new(&mut self.buf);
        let filled = write(&mut out);
        // Nothing may be written unless it is the answer: the old reply's bytes stay intact.
        debug_assert!(filled || out.is_empty());
        if filled {
            self.len = out.len();
        }
        filled
    }
}

/// What a board keeps between commands, behind its mutex (held only briefly, never while a
/// command runs).
struct BoardState {
    /// The engine, or `None` while a command runs with it.
    engine: Option<KBox<Engine>>,
    /// The running command as other files see it (`13`, `14`); boxed, as the device is, to
    /// keep its records off the stack at load.
    watch: KBox<Watch>,
    /// The board's latest reply, copied into newly opened files.
    last_reply: ByteBuf,
}

/// One board: a game and everything its commands need.
#[pin_data]
pub(crate) struct Board {
    pub(crate) name: &'static CStr,
    /// The board's clock starts here.
    epoch: Instant<Monotonic>,
    ceiling_ms: u64,
    #[pin]
    state: Mutex<BoardState>,
    /// Signalled whenever the engine is put back.
    #[pin]
    idle: CondVar,
}

/// How a command gets its board.
pub(crate) enum Turn {
    /// The board was idle: the command runs with its engine.
    Run(KBox<Engine>),
    /// The board is busy and the watch answered the command (`13`, `14`).
    Answered,
}

impl Board {
    pub(crate) fn new(index: usize, settings: &Settings) -> Result<Arc<Board>> {
        let name = NAMES
            .get(index)
            .and_then(|n| CStr::from_bytes_until_nul(n).ok())
            .ok_or(EINVAL)?;
        let state = BoardState {
            engine: Some(Engine::new(settings)?),
            watch: KBox::new(Watch::new(), GFP_KERNEL)?,
            last_reply: ByteBuf::new()?,
        };
        Arc::pin_init(
            pin_init!(Board {
                name,
                epoch: Instant::<Monotonic>::now(),
                ceiling_ms: settings.ceiling_ms,
                state <- new_mutex!(state),
                idle <- new_condvar!(),
            }),
            GFP_KERNEL,
        )
    }

    /// Milliseconds since the board was made.
    fn now_ms(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(0)
    }

    /// Waits, interruptibly, until the board is idle and takes its engine, which keeps `input`
    /// as the command to run; on a busy board `13` and `14` are answered at once instead, into
    /// `reply` (the file's) and as the board's latest reply.
    #[inline(never)]
    pub(crate) fn take_turn(
        &self,
        input: &[u8],
        reply: &Mutex<ByteBuf>,
        nonblocking: bool,
    ) -> Result<Turn> {
        let mut state = self.state.lock();
        loop {
            if let Some(mut engine) = state.engine.take() {
                engine.command.set(input);
                state.watch.begin(input, self.now_ms());
                return Ok(Turn::Run(engine));
            }
            let now = self.now_ms();
            let mut mine = reply.lock();
            if mine.fill(|out| state.watch.answer(input, now, out)) {
                // Like every reply, the board's latest: `echo 13 > /dev/chess; cat /dev/chess`.
                state.last_reply.set(mine.as_slice());
                return Ok(Turn::Answered);
            }
            drop(mine);
            if nonblocking {
                return Err(EAGAIN);
            }
            if self.idle.wait_interruptible(&mut state) {
                // A signal: this command never started, so nothing changed.
                return Err(ERESTARTSYS);
            }
        }
    }

    /// Puts the engine back after a command, publishes the reply the command left in it (the
    /// first `reply_len` bytes; none after an interruption) as the board's latest and the file's,
    /// and wakes the commands waiting for the board.
    #[inline(never)]
    pub(crate) fn end_turn(
        &self,
        engine: KBox<Engine>,
        reply_len: Option<usize>,
        file_reply: &Mutex<ByteBuf>,
    ) {
        let mut state = self.state.lock();
        if let Some(reply) = reply_len.and_then(|n| engine.reply.get(..n)) {
            state.last_reply.set(reply);
            file_reply.lock().set(reply);
        }
        state.engine = Some(engine);
        drop(state);
        self.idle.notify_all();
    }
}

impl Board {
    /// The budget of a command that starts now on this board.
    pub(crate) fn budget(&self) -> KernelBudget<'_> {
        KernelBudget { board: self }
    }

    /// Copies the board's latest reply into a newly opened file's.
    pub(crate) fn latest_reply(&self, into: &mut ByteBuf) {
        into.set(self.state.lock().last_reply.as_slice());
    }
}

/// The search budget of the kernel: the board's clock and ceiling, pending signals as
/// interrupts, and the board's watch for `13` and `14`.
pub(crate) struct KernelBudget<'a> {
    board: &'a Board,
}

impl Budget for KernelBudget<'_> {
    fn now_ms(&mut self) -> u64 {
        self.board.now_ms()
    }

    fn interrupted(&mut self) -> bool {
        // Asked every few thousand nodes: a preemption point, and a check that we may sleep.
        kernel::task::might_sleep();
        current!().signal_pending()
    }

    fn stop_requested(&mut self) -> bool {
        let now = self.board.now_ms();
        self.board
            .state
            .lock()
            .watch
            .stop_due(now, self.board.ceiling_ms)
    }

    fn nodes_searched(&mut self, nodes: u64) {
        self.board.state.lock().watch.note_nodes(nodes);
    }

    fn root_move(&mut self, mv: Move, number: u16) {
        self.board.state.lock().watch.note_root_move(mv, number);
    }

    fn iteration_done(&mut self, progress: &Progress, root: &crate::board::Position, pv: &[Move]) {
        self.board
            .state
            .lock()
            .watch
            .note_iteration(progress, root, pv);
    }
}

/// The memory of one board besides its table, in bytes.
pub(crate) fn board_overhead() -> usize {
    use core::mem::size_of;
    size_of::<Board>()
        + size_of::<Engine>()
        + size_of::<Device<PlyStore>>()
        + MAX_HISTORY * size_of::<Ply>()
        + FRAMES * size_of::<Frame>()
        + size_of::<History>()
        + CORRECTION_SLOTS * size_of::<Correction>()
        + CONTINUATION_SLOTS * size_of::<i16>()
        + 2 * MAX_REPLY
        + (MAX_COMMAND + 1)
        + RECORD_LINES * size_of::<RecordLine>()
        + size_of::<Watch>()
}
