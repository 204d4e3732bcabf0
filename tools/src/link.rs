//! A connection to something that speaks the `/dev/chess` protocol.

use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use chess_sim::Session;

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
            Target::Sim(path) => Link::spawn_sim_in(path, Some(0)),
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
}

impl Link {
    fn spawn_sim(path: &Path) -> Result<Link, LinkError> {
        Link::spawn_sim_in(path, None)
    }

    /// Starts the simulator, in process group `group` when given (0: a new one).
    fn spawn_sim_in(path: &Path, group: Option<i32>) -> Result<Link, LinkError> {
        let mut command = Command::new(path);
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
