// SPDX-License-Identifier: GPL-2.0

//! `/dev/chess`: PLACEHOLDER misc device that proves the kernel build, load and test pipeline.
//!
//! It implements only the framing of PROTOCOL.md: a command is one `write()` (at most 256 bytes
//! are taken in; a longer write is consumed whole and answered `INVFMT`), `write()` returns the
//! full length, the reply is read from the file position and EOF follows it, each `write()` resets
//! the position to 0, and a newly opened descriptor starts with a copy of the most recent reply.
//! Every command is answered `OK`. The real driver replaces this file and mounts the chess-core
//! sources with `#[path = "../chess-core/src/....rs"]`.

use kernel::{
    fs::{File, Kiocb},
    iov::{IovIterDest, IovIterSource},
    miscdevice::{MiscDevice, MiscDeviceOptions, MiscDeviceRegistration},
    new_mutex,
    prelude::*,
    sync::Mutex,
};

module! {
    type: ChessModule,
    name: "chess",
    authors: ["kchess developers"],
    description: "Chess engine as a misc device (/dev/chess) -- placeholder",
    license: "GPL",
}

/// Longest command taken in, including its `\n` (PROTOCOL.md, Framing).
const MAX_COMMAND: usize = 256;

kernel::sync::global_lock! {
    // SAFETY: `ChessModule::init` initialises it before the device is registered, i.e. before
    // any file operation can lock it.
    unsafe(uninit) static SHARED: Mutex<Shared> = Shared::new();
}

/// State shared by every open file: what the real driver keeps under its one game lock.
struct Shared {
    /// The most recent reply produced on any descriptor (a new descriptor starts with a copy).
    last_reply: KVVec<u8>,
}

impl Shared {
    const fn new() -> Self {
        Self {
            last_reply: KVVec::new(),
        }
    }
}

#[pin_data]
struct ChessModule {
    #[pin]
    _miscdev: MiscDeviceRegistration<ChessFile>,
}

impl kernel::InPlaceModule for ChessModule {
    fn init(_module: &'static ThisModule) -> impl PinInit<Self, Error> {
        // SAFETY: Called exactly once, here, before the device exists.
        unsafe { SHARED.init() };
        pr_info!("placeholder loaded\n");
        try_pin_init!(Self {
            _miscdev <- MiscDeviceRegistration::register(MiscDeviceOptions { name: c"chess" }),
        })
    }
}

/// The private data of one open file: the reply readable on this descriptor.
#[pin_data]
struct ChessFile {
    #[pin]
    reply: Mutex<KVVec<u8>>,
}

/// Whether the file behind `kiocb` was opened (or `fcntl`-ed) with `O_NONBLOCK`.
///
/// `Kiocb` only exposes the private data and the position, so the flags come from `ki_filp`.
fn nonblocking(kiocb: &Kiocb<'_, Pin<KBox<ChessFile>>>) -> bool {
    // SAFETY: `kiocb` wraps a valid `struct kiocb` for the duration of the file operation (type
    // invariant of `Kiocb`), and its `ki_filp` is the file being operated on, which holds a
    // reference for at least that long. No `fdget_pos` region is active without `f_pos_lock`.
    let file = unsafe { File::from_raw_file((*kiocb.as_raw()).ki_filp) };
    file.flags() & kernel::fs::file::flags::O_NONBLOCK != 0
}

#[vtable]
impl MiscDevice for ChessFile {
    type Ptr = Pin<KBox<Self>>;

    fn open(_file: &File, _misc: &MiscDeviceRegistration<Self>) -> Result<Pin<KBox<Self>>> {
        let mut copy = KVVec::new();
        copy.extend_from_slice(&SHARED.lock().last_reply, GFP_KERNEL)?;
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
        let mut cmd = [0u8; MAX_COMMAND];
        let answer: &[u8] = if len > MAX_COMMAND {
            // Consumed, not copied.
            iov.advance(len);
            b"INVFMT\n"
        } else {
            let buf = cmd.get_mut(..len).ok_or(EINVAL)?;
            if iov.copy_from_iter(buf) != len {
                return Err(EFAULT);
            }
            b"OK\n"
        };

        // The real driver runs the command under this lock (and may search for seconds).
        let mut shared = if nonblocking(&kiocb) {
            SHARED.try_lock().ok_or(EAGAIN)?
        } else {
            SHARED.lock()
        };
        shared.last_reply.clear();
        shared.last_reply.extend_from_slice(answer, GFP_KERNEL)?;

        let me = kiocb.file();
        let mut reply = me.reply.lock();
        reply.clear();
        reply.extend_from_slice(answer, GFP_KERNEL)?;
        drop(reply);
        drop(shared);

        // The reply is read from position 0.
        *kiocb.ki_pos_mut() = 0;
        Ok(len)
    }
}
