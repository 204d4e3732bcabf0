//! The CPU's move, made at once when the player presses Ctrl-C: `14` through the protocol on
//! the simulator's pipe and on a device file (a second descriptor), the same stop request
//! through the budget of the in-process device.

use std::io::{BufRead, Write};
use std::os::fd::AsFd;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chess_core::command::{Command, Reply};
use chess_core::search::Budget;
use nix::poll::{poll, PollFd, PollFlags};
use nix::sys::signal::{
    pthread_sigmask, sigaction, SaFlags, SigAction, SigHandler, SigSet, SigmaskHow, Signal,
};

use crate::client::{command_bytes, Client, ClientError};
use crate::link::{Link, LinkError};

/// Set by Ctrl-C (SIGINT) once [`catch_ctrl_c`] ran.
pub static CTRL_C: AtomicBool = AtomicBool::new(false);

extern "C" fn on_sigint(_: i32) {
    CTRL_C.store(true, Ordering::SeqCst);
}

/// From now on Ctrl-C raises [`CTRL_C`] instead of ending the program.
pub fn catch_ctrl_c() -> nix::Result<()> {
    let action = SigAction::new(
        SigHandler::Handler(on_sigint),
        SaFlags::SA_RESTART,
        SigSet::empty(),
    );
    // SAFETY: the handler only stores to an atomic.
    unsafe { sigaction(Signal::SIGINT, &action) }.map(|_| ())
}

/// How often a wait for the reply looks at the stop flag.
const POLL_MS: u16 = 10;

/// The in-process device's budget: a clock, and `14` when `stop` is raised.
struct StopBudget<'a> {
    start: Instant,
    stop: &'a AtomicBool,
}

impl Budget for StopBudget<'_> {
    fn now_ms(&mut self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn interrupted(&mut self) -> bool {
        false
    }

    fn stop_requested(&mut self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }
}

/// `03`: the CPU plays the side to move; when `stop` is raised meanwhile it plays the best move
/// found so far. `device` is the device file's path, for the second descriptor that sends `14`.
pub fn cpu_move(
    client: &mut Client,
    device: Option<&Path>,
    stop: &AtomicBool,
) -> Result<Reply, ClientError> {
    let cmd = command_bytes(&Command::Cpu);
    let reply = match client.link_mut() {
        Link::InProcess(session) => {
            let mut budget = StopBudget {
                start: Instant::now(),
                stop,
            };
            // This budget never interrupts: the command always answers.
            session
                .command(&cmd, &mut budget)
                .map(<[u8]>::to_vec)
                .unwrap_or_default()
        }
        Link::Sim { stdin, stdout, .. } => {
            stdin.write_all(&cmd).map_err(LinkError::Io)?;
            stdin.flush().map_err(LinkError::Io)?;
            let mut stopped = false;
            while stdout.buffer().is_empty() && !readable(stdout.get_ref())? {
                if !stopped && stop.load(Ordering::SeqCst) {
                    stopped = true;
                    stdin
                        .write_all(&command_bytes(&Command::Stop))
                        .map_err(LinkError::Io)?;
                    stdin.flush().map_err(LinkError::Io)?;
                }
            }
            let first = read_line(stdout)?;
            if stopped {
                // `14` answers OK, before the `03` when the search was still running, after
                // it when the search had just ended: the `03`'s reply is the other line, or OK.
                let second = read_line(stdout)?;
                if first == b"OK\n" {
                    second
                } else {
                    first
                }
            } else {
                first
            }
        }
        Link::Device(file) => {
            let path = device.map(Path::to_path_buf);
            let done = AtomicBool::new(false);
            std::thread::scope(|scope| {
                // A second descriptor sends `14` while this one waits for the `03`.
                scope.spawn(|| {
                    while !done.load(Ordering::SeqCst) {
                        if stop.load(Ordering::SeqCst) {
                            if let Some(p) = &path {
                                if let Ok(mut f) =
                                    std::fs::OpenOptions::new().read(true).write(true).open(p)
                                {
                                    let _ = f.write_all(&command_bytes(&Command::Stop));
                                }
                            }
                            return;
                        }
                        std::thread::sleep(Duration::from_millis(u64::from(POLL_MS)));
                    }
                });
                // Ctrl-C must not interrupt this write (that would abandon the search): it goes
                // to the thread above, which does not block it.
                let mut sigint = SigSet::empty();
                sigint.add(Signal::SIGINT);
                let blocked = pthread_sigmask(SigmaskHow::SIG_BLOCK, Some(&sigint), None);
                let sent = send_device(file, &cmd);
                if blocked.is_ok() {
                    let _ = pthread_sigmask(SigmaskHow::SIG_UNBLOCK, Some(&sigint), None);
                }
                done.store(true, Ordering::SeqCst);
                sent
            })?
        }
    };
    let body = reply.strip_suffix(b"\n").unwrap_or(&reply);
    match Reply::parse(body) {
        Some(r) if r.is_played() => Ok(r),
        Some(r) => Err(ClientError::Refused {
            command: "03".into(),
            reply: r,
        }),
        None => Err(ClientError::Unexpected {
            command: "03".into(),
            reply: String::from_utf8_lossy(body).into_owned(),
        }),
    }
}

/// One command on a device file, its reply read to the end; a signal does not cut it short
/// (the write is retried only if nothing was written).
fn send_device(file: &mut std::fs::File, cmd: &[u8]) -> Result<Vec<u8>, LinkError> {
    use std::io::Read;
    loop {
        match file.write(cmd) {
            Ok(n) if n == cmd.len() => break,
            Ok(n) => {
                return Err(LinkError::ShortWrite {
                    written: n,
                    len: cmd.len(),
                })
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(LinkError::Io(e)),
        }
    }
    let mut reply = Vec::new();
    file.read_to_end(&mut reply)?;
    Ok(reply)
}

/// Waits up to [`POLL_MS`] for `pipe` to have something to read.
fn readable(pipe: &impl AsFd) -> Result<bool, LinkError> {
    let mut fds = [PollFd::new(pipe.as_fd(), PollFlags::POLLIN)];
    match poll(&mut fds, POLL_MS) {
        Ok(n) => Ok(n > 0),
        Err(nix::errno::Errno::EINTR) => Ok(false),
        Err(e) => Err(LinkError::Io(e.into())),
    }
}

/// One reply line, newline included.
fn read_line(pipe: &mut impl BufRead) -> Result<Vec<u8>, LinkError> {
    let mut line = Vec::new();
    if pipe.read_until(b'\n', &mut line)? == 0 {
        return Err(LinkError::Closed);
    }
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::command::Mode;
    use chess_core::search::Limit;

    use crate::link::Target;

    /// A stop raised before the `03` makes the in-process CPU play after its first iteration,
    /// whatever its budget.
    #[test]
    fn a_raised_stop_moves_at_once_in_process() {
        let mut c = Client::connect(&Target::InProcess).unwrap();
        c.new_game(Mode::Humans).unwrap();
        c.set_limit(Limit::Infinite).unwrap();
        let stop = AtomicBool::new(true);
        let t = Instant::now();
        assert_eq!(cpu_move(&mut c, None, &stop).unwrap(), Reply::Ok);
        assert!(t.elapsed() < Duration::from_secs(5));
        assert_eq!(c.history().unwrap().len(), 1);
        // In a two-human game the CPU plays whichever side is to move.
        assert_eq!(cpu_move(&mut c, None, &stop).unwrap(), Reply::Ok);
        assert_eq!(c.history().unwrap().len(), 2);
    }
}
