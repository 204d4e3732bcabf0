//! The simulator's machinery: a [`Session`] owns a [`Device`] and the memory its searches use,
//! and turns one command into one reply, exactly as `/dev/chess` does; a [`Board`] lets other
//! threads watch and stop the command a session runs.

mod board;

pub use board::{Board, BoardBudget, DEFAULT_MAX_THINK_S};

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use chess_core::command::MAX_COMMAND;
use chess_core::notation::Writer;
use chess_core::protocol::{Context, Device, RecordLine, MAX_REPLY, RECORD_LINES};
use chess_core::search::{
    Budget, Correction, Frame, History, Interrupted, Limit, Memory, TtEntry, CONTINUATION_SLOTS,
    CORRECTION_SLOTS, FRAMES,
};

/// Default transposition table size in MiB.
pub const DEFAULT_TT_MB: usize = 16;

/// The clock and interrupt flag of the userspace world.
pub struct Clock<'a> {
    start: Instant,
    interrupt: &'a AtomicBool,
}

impl<'a> Clock<'a> {
    /// A clock starting now that reports `interrupt` (cleared when read as set).
    pub fn new(interrupt: &'a AtomicBool) -> Clock<'a> {
        Clock {
            start: Instant::now(),
            interrupt,
        }
    }
}

impl Budget for Clock<'_> {
    fn now_ms(&mut self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn interrupted(&mut self) -> bool {
        self.interrupt.swap(false, Ordering::SeqCst)
    }
}

/// A device with its own search memory: what one loaded module is.
pub struct Session {
    device: Box<Device>,
    tt: Vec<TtEntry>,
    frames: Vec<Frame>,
    history: Box<History>,
    correction: Vec<Correction>,
    continuation: Vec<i16>,
    records: Vec<RecordLine>,
    reply: Vec<u8>,
}

/// A seed for levels and variety that differs from run to run (`07 S` fixes one).
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    (nanos as u64) ^ (u64::from(std::process::id()) << 32)
}

impl Default for Session {
    fn default() -> Self {
        Session::new(DEFAULT_TT_MB)
    }
}

impl Session {
    /// A fresh device with a transposition table of `tt_mb` MiB.
    pub fn new(tt_mb: usize) -> Session {
        let entries = TtEntry::per_mib(tt_mb);
        let mut device = Box::new(Device::new());
        device.seed(clock_seed());
        Session {
            device,
            tt: vec![TtEntry::EMPTY; entries.max(1)],
            frames: vec![Frame::new(); FRAMES],
            history: Box::new(History::new()),
            correction: vec![Correction::EMPTY; CORRECTION_SLOTS],
            continuation: vec![0; CONTINUATION_SLOTS],
            records: vec![RecordLine::EMPTY; RECORD_LINES],
            reply: vec![0; MAX_REPLY],
        }
    }

    /// Sets the CPU's default budget (as the module parameter does).
    pub fn set_limit(&mut self, limit: Limit) {
        self.device.set_limit(limit);
    }

    /// The device, for inspection.
    pub fn device(&self) -> &Device {
        &self.device
    }

    /// Handles the bytes of one write. A command longer than [`MAX_COMMAND`] bytes is cut
    /// after `MAX_COMMAND + 1` bytes, as the driver copies no more.
    pub fn command(&mut self, input: &[u8], budget: &mut dyn Budget) -> Result<&[u8], Interrupted> {
        let input = input.get(..MAX_COMMAND + 1).unwrap_or(input);
        let mut ctx = Context {
            out: Writer::new(&mut self.reply),
            memory: Memory {
                tt: &mut self.tt,
                frames: &mut self.frames,
                history: &mut self.history,
                correction: &mut self.correction,
                continuation: &mut self.continuation,
            },
            budget,
            records: &mut self.records,
        };
        self.device.handle(input, &mut ctx)?;
        let len = ctx.out.len();
        Ok(&self.reply[..len])
    }

    /// Handles one command with a clock and no interrupts.
    pub fn command_simple(&mut self, input: &[u8]) -> Vec<u8> {
        let flag = AtomicBool::new(false);
        let mut clock = Clock::new(&flag);
        match self.command(input, &mut clock) {
            Ok(r) => r.to_vec(),
            Err(Interrupted) => Vec::new(),
        }
    }
}
