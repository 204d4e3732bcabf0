//! Cutting a running command short, on each kind of link: the in-process device reads a flag
//! through its clock, the simulator takes SIGUSR1 (it abandons the search, leaves the game
//! unchanged and writes no reply), and a device file cannot be interrupted from here.

use std::io::{BufRead, Write};
use std::os::fd::AsFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chess_core::command::{Command, Reply};
use nix::poll::{poll, PollFd, PollFlags};
use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

use crate::client::command_bytes;
use crate::link::{Link, LinkError};

/// How long after sending a command a stop may signal the simulator.
const SIGNAL_GRACE: Duration = Duration::from_millis(5);

/// How often the simulator's output is polled for the reply while a stop may come.
pub(crate) const POLL_MS: u16 = 10;

/// What asks a running command to stop.
#[derive(Clone, Debug, Default)]
pub struct StopFlags {
    /// Set to stop; read (not cleared) while the simulator searches.
    pub stop: Arc<AtomicBool>,
    /// Set with `stop`; the in-process device's clock consumes it.
    pub interrupt: Arc<AtomicBool>,
}

impl StopFlags {
    /// Asks the running command, if any, to stop.
    pub fn raise(&self) {
        self.stop.store(true, Ordering::SeqCst);
        self.interrupt.store(true, Ordering::SeqCst);
    }

    /// Clears both flags before a new command.
    pub fn clear(&self) {
        self.stop.store(false, Ordering::SeqCst);
        self.interrupt.store(false, Ordering::SeqCst);
    }

    /// True once a stop was asked for.
    pub fn raised(&self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }
}

/// Sends `cmd` and returns its whole reply, or `None` when `flags` stopped it before it
/// answered (nothing changed on the device).
pub fn send(link: &mut Link, cmd: &[u8], flags: &StopFlags) -> Result<Option<Vec<u8>>, LinkError> {
    let (child, stdin, stdout) = match link {
        Link::Sim {
            child,
            stdin,
            stdout,
        } => (child, stdin, stdout),
        Link::InProcess(session) => {
            // The in-process device takes the interrupt flag through its clock.
            let mut clock = chess_sim::Clock::new(&flags.interrupt);
            return Ok(session.command(cmd, &mut clock).ok().map(<[u8]>::to_vec));
        }
        // A device file or a shared board is stopped with `14`, from another descriptor.
        Link::Device(_) | Link::Shared(_) => return link.send(cmd).map(Some),
    };
    if flags.raised() {
        // Stopped before it began: nothing to interrupt.
        return Ok(None);
    }
    stdin.write_all(cmd)?;
    stdin.flush()?;
    let sent = Instant::now();
    let mut signalled = false;
    while stdout.buffer().is_empty() && !readable(stdout.get_ref())? {
        // SIGUSR1 interrupts the simulator's search and is ignored when none runs; still give
        // it a moment to start searching, so the stop is not lost.
        if !signalled && flags.raised() && sent.elapsed() >= SIGNAL_GRACE {
            signalled = true;
            let pid = Pid::from_raw(i32::try_from(child.id()).unwrap_or(i32::MAX));
            let _ = kill(pid, Signal::SIGUSR1);
            // A marker whose reply can't be mistaken for a search's: if the search had already
            // finished, its reply comes first.
            stdin.write_all(&command_bytes(&Command::Fen))?;
            stdin.flush()?;
        }
    }
    let reply = read_line(stdout)?;
    if !signalled {
        return Ok(Some(reply));
    }
    if Reply::parse(&reply).is_some() || !reply.contains(&b'/') {
        // The command finished before the signal landed: drop the marker's reply.
        read_line(stdout)?;
        return Ok(Some(reply));
    }
    Ok(None)
}

/// Waits up to [`POLL_MS`] for `pipe` to have something to read.
pub(crate) fn readable(pipe: &impl AsFd) -> Result<bool, LinkError> {
    let mut fds = [PollFd::new(pipe.as_fd(), PollFlags::POLLIN)];
    match poll(&mut fds, POLL_MS) {
        Ok(n) => Ok(n > 0),
        Err(nix::errno::Errno::EINTR) => Ok(false),
        Err(e) => Err(LinkError::Io(e.into())),
    }
}

/// One reply line, newline included.
pub(crate) fn read_line(pipe: &mut impl BufRead) -> Result<Vec<u8>, LinkError> {
    let mut line = Vec::new();
    if pipe.read_until(b'\n', &mut line)? == 0 {
        return Err(LinkError::Closed);
    }
    Ok(line)
}
