//! `kchess uci`: a UCI engine that plays entirely through the `/dev/chess` protocol.
//!
//! The GUI's position is loaded as a two-human game (`09 H <fen>`) and its moves are replayed
//! with `02`, so the device keeps the game history (repetitions count); only the moves the GUI
//! adds since the last `position` are sent, and a move the device played beyond the GUI's
//! position (a second `go` on one position, a takeback) is taken back with `10`. `go` sets the
//! budget with `07` and lets the CPU play the side to move with `03`; the move is read back
//! with `05` and the search with `13`.
//!
//! The device's search is synchronous, so it runs in a worker thread and standard input stays
//! responsive. While it runs the bridge reads its progress with `13` every 50 ms (an `info`
//! line for each new iteration, and the node count once a second when none completes) and
//! ends it with `14` on `stop`, at the end of a `movetime`, after `ponderhit` when the time
//! is up, or once a `go depth`/`nodes`/`mate` goal is met. The simulator answers `13` and `14`
//! on its pipe while it searches; a device file, and the in-process device (which runs behind
//! the same board machinery), take them on a second descriptor.

pub mod go;
pub mod info;
pub mod position;
pub mod search;
mod worker;

use std::fs::File;
use std::io::{self, BufRead, BufReader, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;

use chess_core::level::{MAX_ELO, MIN_ELO};
use chess_core::search::MAX_LINES;

use crate::client::ClientError;
use crate::link::{LinkError, Target};
use crate::movetext::FenError;
pub use go::{allocate, Go};
pub use position::PositionCmd;
use worker::{Connection, Job, Shared, Worker};

/// Where UCI output goes: shared by the reader and the worker, one line at a time.
pub type Out = Arc<Mutex<dyn Write + Send>>;

fn emit(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// Default time kept back from each clock allocation for the bridge and the GUI.
const DEFAULT_OVERHEAD_MS: u64 = 30;
/// The largest `Move Overhead` accepted.
const MAX_OVERHEAD_MS: u64 = 5000;
/// The default `Hash` in MiB (the simulator's default table).
const DEFAULT_HASH_MB: usize = chess_sim::DEFAULT_TT_MB;
/// The largest `Hash` in MiB (the simulator's largest `--tt-mb`).
const MAX_HASH_MB: usize = 4096;
/// `UCI_Elo`'s default (the level's range is the core's).
const DEFAULT_ELO: u16 = 1500;

/// What went wrong in the bridge.
#[derive(Debug, thiserror::Error)]
pub enum UciError {
    /// Talking to the device failed.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// A FEN the GUI sent is not a position.
    #[error(transparent)]
    Fen(#[from] FenError),
    /// The words after `position` name no position.
    #[error("cannot read position {0:?}")]
    Position(String),
    /// A move of the GUI's line is not legal.
    #[error("illegal move {uci} in {fen}; position ignored")]
    IllegalMove {
        /// The move, in UCI notation.
        uci: String,
        /// The position it was played in.
        fen: String,
    },
    /// The device did not take a move of the GUI's line.
    #[error("replaying {uci}: {source}")]
    Replay {
        /// The move, in UCI notation.
        uci: String,
        /// The device's answer.
        source: ClientError,
    },
    /// The device's move is not legal in the GUI's position.
    #[error("the CPU's move {text} is not legal in {fen}")]
    CpuMove {
        /// The move in MOVE notation.
        text: String,
        /// The position.
        fen: String,
    },
    /// Reading standard input failed.
    #[error("reading the GUI's commands: {0}")]
    Input(#[from] io::Error),
    /// The worker thread is gone.
    #[error("the engine thread stopped")]
    WorkerGone,
    /// The worker thread panicked.
    #[error("the engine thread panicked")]
    WorkerPanicked,
    /// The terminal given for the GUI cannot be opened or set to raw mode.
    #[error("cannot speak UCI on the terminal {path}: {source}")]
    Tty {
        /// The terminal's device file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// The `uci` handshake; `note` (why the bridge runs on another device than asked) goes
/// before `uciok` as an `info string`.
fn identify(out: &Out, note: Option<&str>) {
    emit(
        out,
        &format!("id name kchess {}", env!("CARGO_PKG_VERSION")),
    );
    emit(out, "id author the kchess authors");
    emit(
        out,
        &format!("option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"),
    );
    emit(out, "option name Clear Hash type button");
    emit(out, "option name Ponder type check default false");
    emit(
        out,
        &format!("option name MultiPV type spin default 1 min 1 max {MAX_LINES}"),
    );
    emit(
        out,
        "option name UCI_LimitStrength type check default false",
    );
    emit(
        out,
        &format!("option name UCI_Elo type spin default {DEFAULT_ELO} min {MIN_ELO} max {MAX_ELO}"),
    );
    emit(
        out,
        &format!(
            "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max \
             {MAX_OVERHEAD_MS}"
        ),
    );
    if let Some(note) = note {
        emit(out, &format!("info string {note}"));
    }
    emit(out, "uciok");
}

/// A spin option's value, when it is a number in `0..=max`.
fn spin(value: Option<&str>, max: u64) -> Option<u64> {
    value?.trim().parse().ok().filter(|&v| v <= max)
}

/// A check option's value.
fn check(value: Option<&str>) -> Option<bool> {
    match value?.trim().to_ascii_lowercase().as_str() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

/// `setoption`: the job it asks for, or `None` after telling the GUI why not (or when the
/// option needs nothing done).
fn set_option(out: &Out, args: &[&str]) -> Option<Job> {
    let text = args.join(" ");
    let (name, value) = match text.split_once(" value ") {
        Some((name, value)) => (name, Some(value)),
        None => (text.as_str(), None),
    };
    let name = name.strip_prefix("name ").unwrap_or(name).trim();
    let bad = || emit(out, &format!("info string bad value in: setoption {text}"));
    match name.to_ascii_lowercase().as_str() {
        "move overhead" => match spin(value, MAX_OVERHEAD_MS) {
            Some(ms) => return Some(Job::SetOverhead(ms)),
            None => bad(),
        },
        "hash" => match spin(value, MAX_HASH_MB as u64).filter(|&mb| mb >= 1) {
            Some(mb) => return Some(Job::SetHash(usize::try_from(mb).unwrap_or(MAX_HASH_MB))),
            None => bad(),
        },
        "clear hash" => return Some(Job::ClearHash),
        "multipv" => match spin(value, MAX_LINES as u64).filter(|&n| n >= 1) {
            Some(n) => return Some(Job::SetLines(u8::try_from(n).unwrap_or(1))),
            None => bad(),
        },
        "uci_limitstrength" => match check(value) {
            Some(on) => return Some(Job::LimitStrength(on)),
            None => bad(),
        },
        "uci_elo" => match spin(value, u64::from(MAX_ELO)).filter(|&e| e >= u64::from(MIN_ELO)) {
            Some(elo) => return Some(Job::SetElo(u16::try_from(elo).unwrap_or(DEFAULT_ELO))),
            None => bad(),
        },
        // The bridge ponders whenever the GUI sends `go ponder`.
        "ponder" => {
            if check(value).is_none() {
                bad();
            }
        }
        _ => emit(out, &format!("info string unsupported option: {text}")),
    }
    None
}

/// Connects to `target`; when the simulator cannot be started, to the in-process device
/// instead, with a note saying so.
fn connect(target: &Target) -> Result<(Target, Connection, Option<String>), UciError> {
    match Connection::open(target, DEFAULT_HASH_MB) {
        Ok(conn) => Ok((target.clone(), conn, None)),
        Err(ClientError::Link(LinkError::Spawn { path, source })) => {
            let conn = Connection::open(&Target::InProcess, DEFAULT_HASH_MB)?;
            let note = format!(
                "cannot start the simulator {} ({source}); playing with the in-process device",
                path.display()
            );
            Ok((Target::InProcess, conn, Some(note)))
        }
        Err(e) => Err(e.into()),
    }
}

/// Speaks UCI on `input`/`out` for the device at `target`.
pub fn run(target: &Target, input: impl BufRead, out: Out) -> Result<(), UciError> {
    let (target, conn, note) = connect(target)?;
    let shared = Shared::default();
    let worker = Worker::new(&target, conn, out.clone(), shared.clone());
    let (jobs, rx) = mpsc::channel();
    let handle = thread::spawn(move || worker.run(rx));
    let send = |job: Job| jobs.send(job).map_err(|_| UciError::WorkerGone);
    let searching = || shared.searching.load(Ordering::SeqCst);
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            continue;
        };
        match cmd {
            "uci" => identify(&out, note.as_deref()),
            "isready" if searching() => emit(&out, "readyok"),
            "isready" => send(Job::IsReady)?,
            "setoption" => {
                if let Some(job) = set_option(&out, args) {
                    send(job)?;
                }
            }
            "ucinewgame" => send(Job::NewGame)?,
            "position" => match PositionCmd::parse(args) {
                Ok(p) => send(Job::Position(p))?,
                Err(e) => emit(&out, &format!("info string error: {e}")),
            },
            "go" if searching() => {
                emit(&out, "info string error: already searching");
            }
            "go" => {
                shared.stop.store(false, Ordering::SeqCst);
                shared.ponderhit.store(false, Ordering::SeqCst);
                shared.searching.store(true, Ordering::SeqCst);
                send(Job::Go(Go::parse(args)))?;
            }
            "stop" => shared.stop.store(true, Ordering::SeqCst),
            "ponderhit" => shared.ponderhit.store(true, Ordering::SeqCst),
            "debug" | "register" => {}
            "quit" => break,
            _ => emit(&out, &format!("info string unknown command: {line}")),
        }
    }
    // Quit (or end of input): end any search (with `14`) and the worker.
    shared.stop.store(true, Ordering::SeqCst);
    let _ = jobs.send(Job::Quit);
    handle.join().map_err(|_| UciError::WorkerPanicked)
}

/// Entry point for `kchess uci`.
pub fn main(target: &Target) -> Result<(), UciError> {
    let out: Out = Arc::new(Mutex::new(io::stdout()));
    run(target, io::stdin().lock(), out)
}

/// Opens the terminal `path` (a serial port, or a pseudo-terminal) for reading and writing
/// in raw mode: no echo, no line editing, no CR/LF translation, no flow control, no modem
/// lines, 115200 baud; what arrived before is discarded.
pub fn open_raw_tty(path: &Path) -> Result<File, UciError> {
    use nix::sys::termios::{self, ControlFlags, FlushArg, SetArg};
    let tty_err = |source: io::Error| UciError::Tty {
        path: path.to_owned(),
        source,
    };
    let file = File::options()
        .read(true)
        .write(true)
        .custom_flags(nix::libc::O_NOCTTY)
        .open(path)
        .map_err(tty_err)?;
    let setup = || -> nix::Result<()> {
        let mut t = termios::tcgetattr(&file)?;
        termios::cfmakeraw(&mut t);
        t.control_flags |= ControlFlags::CLOCAL | ControlFlags::CREAD;
        // The speed in the CBAUD bits, which is all Linux reads: libc's cfsetspeed names a
        // versioned glibc symbol that a static build (the VM's kchess) cannot link.
        t.control_flags.remove(ControlFlags::CBAUD);
        t.control_flags |= ControlFlags::from_bits_retain(nix::libc::B115200);
        termios::tcsetattr(&file, SetArg::TCSANOW, &t)?;
        termios::tcflush(&file, FlushArg::TCIFLUSH)
    };
    setup().map_err(|e| tty_err(e.into()))?;
    Ok(file)
}

/// `kchess uci --tty`: speaks UCI on the terminal `tty` instead of standard input and output,
/// for `sessions` GUIs one after another (each ends with `quit`, or the input's end). Says on
/// standard output when the terminal is ready, and when each session ends.
pub fn serve_tty(target: &Target, tty: &Path, sessions: u32) -> Result<(), UciError> {
    let file = open_raw_tty(tty)?;
    let writer = file.try_clone().map_err(|source| UciError::Tty {
        path: tty.to_owned(),
        source,
    })?;
    let out: Out = Arc::new(Mutex::new(writer));
    // One reader for every session: what it has read past a session's `quit` is the next's.
    let mut input = BufReader::new(file);
    println!("uci: serving {sessions} session(s) on {}", tty.display());
    for i in 1..=sessions {
        run(target, &mut input, out.clone())?;
        println!("uci: session {i} of {sessions} on {} ended", tty.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests;
