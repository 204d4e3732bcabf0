//! A connection to something that speaks the `/dev/chess` protocol.

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex, PoisonError};

use chess_sim::{Board, Session};

/// Why talking to the device failed.
#[derive(Debug, thiserror::Error)]
pub enum LinkError {
    /// Starting the simulator failed.
    #[error("cannot start the simulator {path}: {source}")]
    Spawn {
        /// The simulator binary.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// Opening the device file failed.
    #[error("cannot open {path}: {source}")]
    Open {
        /// The device path.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// A read or write failed.
    #[error("i/o error talking to the device: {0}")]
    Io(#[from] io::Error),
    /// A write was only partly accepted.
    #[error("the device accepted {written} of {len} bytes")]
    ShortWrite {
        /// Bytes accepted.
        written: usize,
        /// Bytes offered.
        len: usize,
    },
    /// The simulator closed its output.
    #[error("the simulator closed its output")]
    Closed,
    /// The command cannot be framed over a line-oriented pipe.
    #[error("a command with an embedded newline cannot be sent over the simulator's pipe")]
    Unframeable,
}

/// Where the protocol is spoken.
#[derive(Clone, Debug)]
pub enum Target {
    /// A device in this process (fastest; what `cargo test` uses).
    InProcess,
    /// The `chess-sim` binary over pipes.
    Sim(PathBuf),
    /// A character device such as `/dev/chess`.
    Device(PathBuf),
}

impl Target {
    /// The simulator next to the running executable, or `chess-sim` from `PATH`.
    pub fn default_sim() -> Target {
        let beside = std::env::current_exe()
            .ok()
            .and_then(|exe| exe.parent().map(|d| d.join("chess-sim")))
            .filter(|p| p.exists());
        Target::Sim(beside.unwrap_or_else(|| PathBuf::from("chess-sim")))
    }

    /// Opens a fresh connection.
    pub fn connect(&self) -> Result<Link, LinkError> {
        match self {
            Target::InProcess => Ok(Link::InProcess(Box::default())),
            Target::Sim(path) => Link::spawn_sim(path),
            Target::Device(path) => Link::open_device(path),
        }
    }

    /// Opens a fresh connection whose simulator, if any, runs in a process group of its own:
    /// a Ctrl-C at the terminal then reaches only this program, which decides what it means.
    pub fn connect_apart(&self) -> Result<Link, LinkError> {
        match self {
            Target::Sim(path) => Link::spawn_sim_in(path, &[], Some(0)),
            _ => self.connect(),
        }
    }

    /// True when commands with embedded newlines can be sent as one write.
    pub fn single_write(&self) -> bool {
        !matches!(self, Target::Sim(_))
    }
}

/// An open connection; one command in, one reply out.
pub enum Link {
    /// An in-process device.
    InProcess(Box<Session>),
    /// The simulator over pipes.
    Sim {
        /// The process.
        child: Child,
        /// Its standard input.
        stdin: ChildStdin,
        /// Its standard output.
        stdout: BufReader<ChildStdout>,
    },
    /// A device file, one descriptor for the whole connection.
    Device(File),
    /// An in-process device behind a board that several links share, as the files of one
    /// `/dev/chess` board do: `13` and `14` on one link are answered at once while a command
    /// runs on another.
    Shared(Arc<SharedDevice>),
}

/// An in-process device that several threads use the way processes use one board of the
/// module: one command at a time, `13` and `14` answered at once while a `03` runs.
pub struct SharedDevice {
    board: Board,
    session: Mutex<Session>,
    /// Never raised: a shared device is stopped with `14`, not with a signal.
    interrupt: AtomicBool,
}

impl SharedDevice {
    /// A fresh device with a transposition table of `tt_mb` MiB.
    pub fn new(tt_mb: usize) -> SharedDevice {
        SharedDevice {
            board: Board::default(),
            session: Mutex::new(Session::new(tt_mb)),
            interrupt: AtomicBool::new(false),
        }
    }

    /// Runs one command in the board's turn, or answers it at once (`13`, `14` while busy).
    pub fn command(&self, input: &[u8]) -> Vec<u8> {
        let mut answered = Vec::new();
        if !self
            .board
            .take_turn(input, |reply| answered = reply.to_vec())
        {
            return answered;
        }
        let mut session = self.session.lock().unwrap_or_else(PoisonError::into_inner);
        let mut budget = self.board.budget(&self.interrupt);
        let reply = session
            .command(input, &mut budget)
            .map(<[u8]>::to_vec)
            .unwrap_or_default();
        drop(session);
        self.board.end_turn(|| {});
        reply
    }
}

impl Link {
    fn spawn_sim(path: &Path) -> Result<Link, LinkError> {
        Link::spawn_sim_in(path, &[], None)
    }

    /// Starts the simulator at `path` with command-line arguments (`--tt-mb 64`).
    pub fn spawn_sim_with(path: &Path, args: &[String]) -> Result<Link, LinkError> {
        Link::spawn_sim_in(path, args, None)
    }

    /// Starts the simulator with `args`, in process group `group` when given (0: a new one).
    fn spawn_sim_in(path: &Path, args: &[String], group: Option<i32>) -> Result<Link, LinkError> {
        let mut command = Command::new(path);
        command.args(args);
        if let Some(g) = group {
            std::os::unix::process::CommandExt::process_group(&mut command, g);
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            // Its only stderr output is the note about an interrupted search.
            .stderr(Stdio::null())
            .spawn()
            .map_err(|source| LinkError::Spawn {
                path: path.to_owned(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(LinkError::Closed);
        };
        Ok(Link::Sim {
            child,
            stdin,
            stdout: BufReader::new(stdout),
        })
    }

    fn open_device(path: &Path) -> Result<Link, LinkError> {
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .open(path)
            .map_err(|source| LinkError::Open {
                path: path.to_owned(),
                source,
            })?;
        Ok(Link::Device(file))
    }

    /// Sends one command (the bytes of one write) and returns the whole reply.
    pub fn send(&mut self, cmd: &[u8]) -> Result<Vec<u8>, LinkError> {
        match self {
            Link::InProcess(session) => Ok(session.command_simple(cmd)),
            Link::Shared(device) => Ok(device.command(cmd)),
            Link::Sim { stdin, stdout, .. } => {
                // The pipe frames by lines: a newline may only end the command.
                let body = cmd.strip_suffix(b"\n").unwrap_or(cmd);
                if body.contains(&b'\n') || !cmd.ends_with(b"\n") {
                    return Err(LinkError::Unframeable);
                }
                stdin.write_all(cmd)?;
                stdin.flush()?;
                let mut reply = Vec::new();
                stdout.read_until(b'\n', &mut reply)?;
                if reply.is_empty() {
                    return Err(LinkError::Closed);
                }
                Ok(reply)
            }
            Link::Device(file) => {
                let written = file.write(cmd)?;
                if written != cmd.len() {
                    return Err(LinkError::ShortWrite {
                        written,
                        len: cmd.len(),
                    });
                }
                let mut reply = Vec::new();
                file.read_to_end(&mut reply)?;
                Ok(reply)
            }
        }
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        if let Link::Sim { child, .. } = self {
            // Closing stdin ends the simulator; don't leave a zombie behind.
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    #[test]
    fn a_shared_device_is_watched_and_stopped_from_a_second_link() {
        let device = Arc::new(SharedDevice::new(1));
        let mut a = Link::Shared(device.clone());
        let mut b = Link::Shared(device);
        assert_eq!(a.send(b"00 W\n").unwrap(), b"OK\n");
        assert_eq!(a.send(b"02 WPe2-e4\n").unwrap(), b"OK\n");
        assert_eq!(a.send(b"07 I\n").unwrap(), b"OK\n");
        // Idle: 14 stops nothing; 13 is the last search of this game (none yet).
        assert_eq!(b.send(b"14\n").unwrap(), b"OK\n");
        assert_eq!(b.send(b"13\n").unwrap(), b"\n");
        let cpu = std::thread::spawn(move || a.send(b"03\n").unwrap());
        let start = Instant::now();
        let record = loop {
            let r = b.send(b"13\n").unwrap();
            // An empty line until the first iteration is complete.
            if r != b"\n" || start.elapsed() > Duration::from_secs(10) {
                break r;
            }
        };
        assert!(record.starts_with(b"depth "), "{record:?}");
        assert_eq!(b.send(b"14\n").unwrap(), b"OK\n");
        assert_eq!(cpu.join().unwrap(), b"OK\n");
        // The CPU played Black's move.
        let history = b.send(b"05\n").unwrap();
        assert_eq!(history.len(), "WPe2-e4 BPx0-x0\n".len(), "{history:?}");
    }
}
