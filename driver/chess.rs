// SPDX-License-Identifier: GPL-2.0

//! `/dev/chess`: chess against the CPU through `write()` and `read()`.
//!
//! ```text
//! # insmod chess.ko boards=4 think_ms=500
//! $ echo "00 W" > /dev/chess; cat /dev/chess         # a new game on board 0, you play White
//! OK
//! $ echo "02 WPe2-e4" > /dev/chess; cat /dev/chess   # your move
//! OK
//! $ echo "03" > /dev/chess; cat /dev/chess           # the CPU's move
//! OK
//! $ echo "05" > /dev/chess; cat /dev/chess           # the game so far
//! WPe2-e4 BPe7-e5
//! $ echo "00 H" > /dev/chess1; cat /dev/chess1       # board 1: another game, two humans
//! OK
//! ```
//!
//! While `03` thinks on a board, `13` written to any descriptor of that board answers the
//! search's progress at once, and `14` makes the `03` play its best move so far. The protocol is
//! specified in `docs/PROTOCOL.md`.
//!
//! This module is a thin adapter. Every decision about chess and the protocol is made by the
//! chess-core files mounted below (the same source the userspace simulator runs); the module
//! moves bytes, owns the locks and supplies the clock and the signal check.
//!
//! - `boards` games, each its own misc device (`/dev/chess`, `/dev/chess1`, ...), with its own
//!   engine, search memory, latest reply, lock and wait queue.
//! - A command takes its board's engine out of the board's mutex and runs with no lock held; a
//!   command for a busy board waits interruptibly until the engine is back (`O_NONBLOCK`:
//!   `EAGAIN`), except `13` and `14`, which the board's watch answers at once.
//! - Each open file keeps its own reply, which starts as a copy of its board's latest one.
//! - Everything big (tables, search frames, game history, reply buffers) is allocated at load or
//!   open time, so nothing can fail once a command has changed the game.

use kernel::{
    fs::{File, Kiocb},
    iov::{IovIterDest, IovIterSource},
    miscdevice::{MiscDevice, MiscDeviceOptions, MiscDeviceRegistration},
    new_mutex,
    prelude::*,
    sync::{Arc, Mutex},
};

// The chess core, mounted file by file so that `crate::board::...` resolves as in chess-core.
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/attacks.rs"]
mod attacks;
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/board.rs"]
mod board;
// Its re-exports serve the tools; the module uses only some of them.
#[allow(dead_code, unreachable_pub, missing_docs, unused_imports)]
#[path = "../chess-core/src/command.rs"]
mod command;
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
#[path = "../chess-core/src/level.rs"]
mod level;
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
// Its re-exports serve the tools; the module uses only some of them.
#[allow(dead_code, unreachable_pub, missing_docs, unused_imports)]
#[path = "../chess-core/src/search.rs"]
mod search;
#[allow(dead_code, unreachable_pub, missing_docs)]
#[path = "../chess-core/src/square.rs"]
mod square;

mod boards;

use boards::{board_overhead, Board, ByteBuf, Turn};
use command::{MAX_COMMAND, MAX_THINK_MS};
use search::TtEntry;

module! {
    type: ChessModule,
    name: "chess",
    authors: ["kchess developers"],
    description: "Chess against the CPU through /dev/chess",
    license: "GPL",
    params: {
        boards: u32 {
            default: 4,
            description: "Boards: /dev/chess, /dev/chess1, ... (1-64)",
        },
        think_ms: u32 {
            default: 1000,
            description: "Default CPU think time per move in milliseconds (1-60000)",
        },
        tt_mb: u32 {
            default: 64,
            description: "Transposition tables of all boards together in MiB, split evenly (1-4096)",
        },
        max_think_s: u32 {
            default: 3600,
            description: "Ceiling of any one search in seconds, 07 I included (1-86400)",
        },
    },
}

/// The most boards the module serves.
const MAX_BOARDS: usize = 64;
/// The smallest transposition table a board gets, in entries.
const MIN_TT_ENTRIES: usize = 1024;
/// The longest device name, `chess63`, with its NUL.
const NAME_LEN: usize = 8;

/// `chess` for board 0, `chess<i>` for the others, NUL-terminated.
const fn board_name(i: usize) -> [u8; NAME_LEN] {
    let mut name = *b"chess\0\0\0";
    if i >= 10 {
        name[5] = b'0' + (i / 10) as u8;
        name[6] = b'0' + (i % 10) as u8;
    } else if i > 0 {
        name[5] = b'0' + i as u8;
    }
    name
}

/// The device names of all boards, built at compile time: misc devices keep `&'static` names.
pub(crate) static NAMES: [[u8; NAME_LEN]; MAX_BOARDS] = {
    let mut names = [[0; NAME_LEN]; MAX_BOARDS];
    let mut i = 0;
    while i < MAX_BOARDS {
        names[i] = board_name(i);
        i += 1;
    }
    names
};

/// The module parameters, checked.
#[derive(Clone, Copy)]
pub(crate) struct Settings {
    boards: usize,
    think_ms: u32,
    tt_entries: usize,
    ceiling_ms: u64,
}

impl Settings {
    /// Reads the parameters; an out-of-range one refuses the load with a message.
    fn from_params() -> Result<Settings> {
        let boards = module_parameters::boards.value();
        let think_ms = module_parameters::think_ms.value();
        let tt_mb = module_parameters::tt_mb.value();
        let max_think_s = module_parameters::max_think_s.value();
        let check = |name: &str, value: u32, max: u32| {
            if (1..=max).contains(&value) {
                Ok(())
            } else {
                pr_err!("{name}={value} is out of range (1-{max})\n");
                Err(EINVAL)
            }
        };
        check("boards", boards, MAX_BOARDS as u32)?;
        check("think_ms", think_ms, MAX_THINK_MS)?;
        check("tt_mb", tt_mb, 4096)?;
        check("max_think_s", max_think_s, 86_400)?;
        let boards = boards as usize;
        let table_bytes = (tt_mb as usize) * 1024 * 1024 / boards;
        Ok(Settings {
            boards,
            think_ms,
            tt_entries: (table_bytes / core::mem::size_of::<TtEntry>()).max(MIN_TT_ENTRIES),
            ceiling_ms: u64::from(max_think_s) * 1000,
        })
    }
}

kernel::sync::global_lock! {
    // SAFETY: `ChessModule::init` initialises it before any device is registered, i.e. before
    // any file operation can lock it.
    unsafe(uninit) static BOARDS: Mutex<KVec<Arc<Board>>> = KVec::new();
}

/// The module. Fields drop in declaration order: the devices go before the boards they use.
struct ChessModule {
    _devices: KVec<Pin<KBox<MiscDeviceRegistration<ChessFile>>>>,
    _boards: BoardsInstalled,
}

/// Ownership of the boards behind `BOARDS`; dropping it frees them.
struct BoardsInstalled;

impl Drop for BoardsInstalled {
    fn drop(&mut self) {
        // No file is open (each holds a module reference, and none was opened if registering
        // failed), so these are the last references.
        *BOARDS.lock() = KVec::new();
    }
}

/// Allocates every board and puts them behind `BOARDS`.
fn install_boards(settings: &Settings) -> Result<BoardsInstalled> {
    let mut boards = KVec::with_capacity(settings.boards, GFP_KERNEL)?;
    for i in 0..settings.boards {
        boards.push(Board::new(i, settings)?, GFP_KERNEL)?;
    }
    *BOARDS.lock() = boards;
    Ok(BoardsInstalled)
}

/// Registers one misc device per board. `BOARDS` is not locked here: `open` runs under the misc
/// core's lock and then takes `BOARDS`, so the other order would deadlock.
fn register_devices(
    settings: &Settings,
) -> Result<KVec<Pin<KBox<MiscDeviceRegistration<ChessFile>>>>> {
    let mut devices = KVec::with_capacity(settings.boards, GFP_KERNEL)?;
    for name in NAMES.iter().take(settings.boards) {
        let name = CStr::from_bytes_until_nul(name).map_err(|_| EINVAL)?;
        let options = MiscDeviceOptions { name };
        devices.push(
            KBox::pin_init(MiscDeviceRegistration::register(options), GFP_KERNEL)?,
            GFP_KERNEL,
        )?;
    }
    Ok(devices)
}

impl kernel::Module for ChessModule {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        // SAFETY: Called exactly once, here, before any device exists.
        unsafe { BOARDS.init() };
        let settings = Settings::from_params()?;
        // The boards first: if registering fails, dropping `boards` frees them again.
        let boards = install_boards(&settings)?;
        let devices = register_devices(&settings)?;
        pr_info!(
            "/dev/chess ready: {} boards, {} ms per move, {} KiB table and {} KiB other memory per board\n",
            settings.boards,
            settings.think_ms,
            settings.tt_entries * core::mem::size_of::<TtEntry>() / 1024,
            board_overhead() / 1024,
        );
        Ok(ChessModule {
            _devices: devices,
            _boards: boards,
        })
    }
}

/// One open file: its board, and the reply readable on this descriptor.
#[pin_data]
struct ChessFile {
    board: Arc<Board>,
    #[pin]
    reply: Mutex<ByteBuf>,
}

/// Whether the file behind `kiocb` was opened (or `fcntl`-ed) with `O_NONBLOCK`.
fn nonblocking(kiocb: &Kiocb<'_, Pin<KBox<ChessFile>>>) -> bool {
    // SAFETY: `kiocb` wraps a valid `struct kiocb` for the duration of the file operation (type
    // invariant of `Kiocb`), and its `ki_filp` is the file being operated on, which holds a
    // reference for at least that long.
    let file = unsafe { File::from_raw_file((*kiocb.as_raw()).ki_filp) };
    file.flags() & kernel::fs::file::flags::O_NONBLOCK != 0
}

/// Copies one command from `iov`: at most `MAX_COMMAND + 1` bytes, enough to tell an oversized
/// command, and consumes the rest without copying. Returns the bytes kept.
fn read_command<'a>(
    iov: &mut IovIterSource<'_>,
    cmd: &'a mut [u8; MAX_COMMAND + 1],
) -> Result<&'a [u8]> {
    let len = iov.len();
    let take = len.min(cmd.len());
    let buf = cmd.get_mut(..take).ok_or(EINVAL)?;
    if iov.copy_from_iter(buf) != take {
        return Err(EFAULT);
    }
    if len > take {
        iov.advance(len - take);
    }
    Ok(buf)
}

/// Reads one command from `iov` and takes its turn on `board` ([`Board::take_turn`]). Out of
/// line, so that the command's buffer is off the stack while the command runs with the
/// engine's copy.
#[inline(never)]
fn take_command(
    iov: &mut IovIterSource<'_>,
    board: &Board,
    reply: &Mutex<ByteBuf>,
    nonblocking: bool,
) -> Result<Turn> {
    let mut cmd = [0u8; MAX_COMMAND + 1];
    let input = read_command(iov, &mut cmd)?;
    board.take_turn(input, reply, nonblocking)
}

#[vtable]
impl MiscDevice for ChessFile {
    type Ptr = Pin<KBox<Self>>;

    fn open(_file: &File, misc: &MiscDeviceRegistration<Self>) -> Result<Pin<KBox<Self>>> {
        let name = misc.device().name();
        let board = BOARDS
            .lock()
            .iter()
            .find(|b| b.name == name)
            .cloned()
            .ok_or(ENODEV)?;
        let mut reply = ByteBuf::new()?;
        board.latest_reply(&mut reply);
        KBox::try_pin_init(
            try_pin_init!(ChessFile {
                board,
                reply <- new_mutex!(reply),
            }),
            GFP_KERNEL,
        )
    }

    fn read_iter(mut kiocb: Kiocb<'_, Self::Ptr>, iov: &mut IovIterDest<'_>) -> Result<usize> {
        let me = kiocb.file();
        let reply = me.reply.lock();
        // From the file position; 0 (EOF) once the reply has been consumed.
        iov.simple_read_from_buffer(kiocb.ki_pos_mut(), reply.as_slice())
    }

    fn write_iter(mut kiocb: Kiocb<'_, Self::Ptr>, iov: &mut IovIterSource<'_>) -> Result<usize> {
        let len = iov.len();
        if len == 0 {
            // Not a command: nothing happens and this file keeps its reply.
            return Ok(0);
        }
        let nonblocking = nonblocking(&kiocb);
        let me = kiocb.file().get_ref();
        let board = &*me.board;

        if let Turn::Run(mut engine) = take_command(iov, board, &me.reply, nonblocking)? {
            // No lock is held while the command runs: the board's other files can watch it.
            let reply_len = engine.run(&mut board.budget());
            // Nothing below can fail: the game and the replies stay consistent.
            board.end_turn(engine, reply_len, &me.reply);
            let interrupted = reply_len.is_none();
            if interrupted {
                // A signal: the game is unchanged and this file keeps its reply.
                return Err(ERESTARTSYS);
            }
        }
        // The reply is read from position 0.
        *kiocb.ki_pos_mut() = 0;
        Ok(len)
    }
}
