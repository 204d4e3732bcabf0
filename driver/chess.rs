// SPDX-License-Identifier: GPL-2.0

//! `/dev/chess`: chess against the CPU through `write()` and `read()`.
//!
//! This module is a thin adapter. Every decision about chess and the protocol is made by the
//! chess-core files mounted below (the same source the userspace simulator runs); the module
//! moves bytes, owns the locks and supplies the clock and the signal check.
//!
//! - One game, shared by every open file, behind a sleeping mutex; a CPU search runs inside
//!   `write()` while holding it, checking the clock and `signal_pending()` every 1024 nodes.
//! - Each open file keeps its own reply, which starts as a copy of the device's latest one.
//! - The transposition table, the search frames and the game history are heap allocations made
//!   at load time: nothing big lives on the 16 KiB kernel stack.

use kernel::{
    fs::{File, Kiocb},
    iov::{IovIterDest, IovIterSource},
    miscdevice::{MiscDevice, MiscDeviceOptions, MiscDeviceRegistration},
    new_mutex,
    prelude::*,
    sync::Mutex,
    time::{Instant, Monotonic},
};

// The chess core, mounted file by file so that `crate::board::...` resolves as in chess-core.
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/attacks.rs"]
mod attacks;
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/board.rs"]
mod board;
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/eval.rs"]
mod eval;
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/fen.rs"]
mod fen;
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/game.rs"]
mod game;
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/movegen.rs"]
mod movegen;
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/notation.rs"]
mod notation;
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/piece.rs"]
mod piece;
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/protocol.rs"]
mod protocol;
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/search.rs"]
mod search;

use game::{Ply, MAX_HISTORY};
use notation::Writer;
use protocol::{Context, Device, MAX_COMMAND, MAX_REPLY};
use search::{Budget, Frame, History, Limit, Memory, TtEntry, FRAMES};

module! {
    type: ChessModule,
    name: "chess",
    authors: ["kchess developers"],
    description: "Chess against the CPU through /dev/chess",
    license: "GPL",
    params: {
        think_ms: u32 {
            default: 1000,
            description: "Default CPU think time per move in milliseconds (1-60000)",
        },
        tt_mb: u32 {
            default: 16,
            description: "Transposition table size in MiB (1-1024)",
        },
    },
}

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

/// The device and the memory its searches use.
struct Engine {
    device: Device<PlyStore>,
    tt: KVVec<TtEntry>,
    frames: KVVec<Frame>,
    history: KBox<History>,
    /// Scratch space for one reply.
    reply: KVVec<u8>,
}

impl Engine {
    fn new(think_ms: u32, tt_mb: u32) -> Result<KBox<Engine>> {
        let history = KVVec::from_elem(Ply::EMPTY, MAX_HISTORY, GFP_KERNEL)?;
        let mut device = Device::with_history(PlyStore(history));
        device.set_limit(Limit::Time(think_ms.clamp(1, 60_000)));
        let entries = (tt_mb.clamp(1, 1024) as usize) * 1024 * 1024 / core::mem::size_of::<TtEntry>();
        Ok(KBox::new(
            Engine {
                device,
                tt: KVVec::from_elem(TtEntry::EMPTY, entries, GFP_KERNEL)?,
                frames: KVVec::from_elem(Frame::new(), FRAMES, GFP_KERNEL)?,
                history: KBox::new(History::new(), GFP_KERNEL)?,
                reply: KVVec::from_elem(0u8, MAX_REPLY, GFP_KERNEL)?,
            },
            GFP_KERNEL,
        )?)
    }
}

kernel::sync::global_lock! {
    // SAFETY: `ChessModule::init` initialises it before the device is registered, i.e. before
    // any file operation can lock it.
    unsafe(uninit) static ENGINE: Mutex<Option<KBox<Engine>>> = None;
}

kernel::sync::global_lock! {
    // SAFETY: as for `ENGINE`. Kept apart from it so that `open()` never waits for a search.
    unsafe(uninit) static LAST_REPLY: Mutex<KVVec<u8>> = KVVec::new();
}

/// The search budget of the kernel: the monotonic clock, and pending signals as interrupts.
struct KernelBudget {
    start: Instant<Monotonic>,
}

impl Budget for KernelBudget {
    fn now_ms(&mut self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(0)
    }

    fn interrupted(&mut self) -> bool {
        // Asked every few thousand nodes: a preemption point, and a check that we may sleep.
        kernel::task::might_sleep();
        current!().signal_pending()
    }
}

#[pin_data(PinnedDrop)]
struct ChessModule {
    /// Set up first: the engine behind `ENGINE`, freed again when the module goes.
    _engine: (),
    #[pin]
    _miscdev: MiscDeviceRegistration<ChessFile>,
}

/// Allocates the engine and puts it behind `ENGINE`.
fn install_engine(think_ms: u32, tt_mb: u32) -> Result {
    let engine = Engine::new(think_ms, tt_mb)?;
    *ENGINE.lock() = Some(engine);
    pr_info!("/dev/chess ready ({think_ms} ms per move, {tt_mb} MiB table)\n");
    Ok(())
}

impl kernel::InPlaceModule for ChessModule {
    fn init(_module: &'static ThisModule) -> impl PinInit<Self, Error> {
        // SAFETY: Called exactly once, here, before the device exists.
        unsafe { ENGINE.init() };
        // SAFETY: Likewise.
        unsafe { LAST_REPLY.init() };
        let think_ms = module_parameters::think_ms.value();
        let tt_mb = module_parameters::tt_mb.value();
        try_pin_init!(Self {
            _engine: install_engine(think_ms, tt_mb)?,
            _miscdev <- MiscDeviceRegistration::register(MiscDeviceOptions { name: c"chess" }),
        })
    }
}

#[pinned_drop]
impl PinnedDrop for ChessModule {
    fn drop(self: Pin<&mut Self>) {
        // No file is open (each holds a module reference), so nothing uses the engine now.
        ENGINE.lock().take();
        let mut last = LAST_REPLY.lock();
        *last = KVVec::new();
    }
}

/// One open file: the reply readable on this descriptor.
#[pin_data]
struct ChessFile {
    #[pin]
    reply: Mutex<KVVec<u8>>,
}

/// Whether the file behind `kiocb` was opened (or `fcntl`-ed) with `O_NONBLOCK`.
fn nonblocking(kiocb: &Kiocb<'_, Pin<KBox<ChessFile>>>) -> bool {
    // SAFETY: `kiocb` wraps a valid `struct kiocb` for the duration of the file operation (type
    // invariant of `Kiocb`), and its `ki_filp` is the file being operated on, which holds a
    // reference for at least that long.
    let file = unsafe { File::from_raw_file((*kiocb.as_raw()).ki_filp) };
    file.flags() & kernel::fs::file::flags::O_NONBLOCK != 0
}

#[vtable]
impl MiscDevice for ChessFile {
    type Ptr = Pin<KBox<Self>>;

    fn open(_file: &File, _misc: &MiscDeviceRegistration<Self>) -> Result<Pin<KBox<Self>>> {
        let mut copy = KVVec::new();
        copy.extend_from_slice(&LAST_REPLY.lock(), GFP_KERNEL)?;
        KBox::try_pin_init(
            try_pin_init!(ChessFile {
                reply <- new_mutex!(copy),
            }),
            GFP_KERNEL,
        )
    }

    fn read_iter(mut kiocb: Kiocb<'_, Self::Ptr>, iov: &mut IovIterDest<'_>) -> Result<usize> {
        let me = kiocb.file();
        let reply = me.reply.lock();
        // From the file position; 0 (EOF) once the reply has been consumed.
        iov.simple_read_from_buffer(kiocb.ki_pos_mut(), &reply)
    }

    fn write_iter(mut kiocb: Kiocb<'_, Self::Ptr>, iov: &mut IovIterSource<'_>) -> Result<usize> {
        let len = iov.len();
        if len == 0 {
            // Not a command: nothing happens and this file keeps its reply.
            return Ok(0);
        }
        // One byte more than the limit is enough to tell an oversized command; the rest is
        // consumed without copying.
        let mut cmd = [0u8; MAX_COMMAND + 1];
        let take = len.min(cmd.len());
        let buf = cmd.get_mut(..take).ok_or(EINVAL)?;
        if iov.copy_from_iter(buf) != take {
            return Err(EFAULT);
        }
        if len > take {
            iov.advance(len - take);
        }

        let mut guard = if nonblocking(&kiocb) {
            ENGINE.try_lock().ok_or(EAGAIN)?
        } else {
            ENGINE.lock()
        };
        let Engine {
            device,
            tt,
            frames,
            history,
            reply,
        } = &mut **guard.as_mut().ok_or(ENODEV)?;
        let mut budget = KernelBudget {
            start: Instant::<Monotonic>::now(),
        };
        let mut ctx = Context {
            out: Writer::new(reply),
            memory: Memory {
                tt,
                frames,
                history,
            },
            budget: &mut budget,
        };
        if device.handle(buf, &mut ctx).is_err() {
            // Interrupted by a signal: the game is unchanged and this file keeps its reply.
            return Err(ERESTARTSYS);
        }
        let n = ctx.out.len();
        let answer = reply.get(..n).ok_or(EINVAL)?;

        let mut last = LAST_REPLY.lock();
        last.clear();
        last.extend_from_slice(answer, GFP_KERNEL)?;
        drop(last);
        let me = kiocb.file();
        let mut mine = me.reply.lock();
        mine.clear();
        mine.extend_from_slice(answer, GFP_KERNEL)?;
        drop(mine);
        drop(guard);

        // The reply is read from position 0.
        *kiocb.ki_pos_mut() = 0;
        Ok(len)
    }
}
