//! `kchess uci`: a UCI engine that plays entirely through the `/dev/chess` protocol.
//!
//! The GUI's position is loaded as a two-human game (`09 H <fen>`) and its moves are replayed
//! with `02`, so the device keeps the game history (repetitions count); only the moves the GUI
//! adds since the last `position` are sent. `go` sets the budget with `07` and lets the CPU play
//! the side to move with `03`; the move is read back with `05` and the search with `13`.
//!
//! The device's search is synchronous, so it runs in a worker thread and standard input stays
//! responsive. `stop` cuts a search short on the simulator: the bridge sends the simulator
//! SIGUSR1 (it abandons the search, leaving the game unchanged and writing no reply) and answers
//! with a quick depth-1 search instead; the in-process device is interrupted the same way
//! through its clock. On a device file (`/dev/chess`) there is nothing to signal, so `stop`
//! waits for the search to end: `go infinite` is `07 T60000` (the protocol's largest budget),
//! and the device's search may end it sooner, after which the bridge holds `bestmove` until
//! `stop`, as UCI asks.

pub mod go;
pub mod info;
pub mod position;
mod worker;

use std::io::{self, BufRead, Write};
use std::sync::atomic::Ordering;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;

use crate::client::{Client, ClientError};
use crate::link::Target;
use crate::movetext::FenError;
pub use go::{allocate, Go};
pub use position::PositionCmd;
use worker::{Job, Shared, Worker};

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
}

/// The `uci` handshake.
fn identify(out: &Out) {
    emit(
        out,
        &format!("id name kchess {}", env!("CARGO_PKG_VERSION")),
    );
    emit(out, "id author the kchess authors");
    emit(
        out,
        &format!(
            "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max \
             {MAX_OVERHEAD_MS}"
        ),
    );
    emit(out, "uciok");
}

/// `setoption`: the job it asks for, or `None` after telling the GUI why not.
fn set_option(out: &Out, args: &[&str]) -> Option<Job> {
    let text = args.join(" ");
    let lower = text.to_ascii_lowercase();
    let Some(value) = lower.strip_prefix("name move overhead value ") else {
        emit(out, &format!("info string unsupported option: {text}"));
        return None;
    };
    match value.trim().parse::<u64>() {
        Ok(ms) if ms <= MAX_OVERHEAD_MS => Some(Job::SetOverhead(ms)),
        _ => {
            emit(out, &format!("info string bad value in: setoption {text}"));
            None
        }
    }
}

/// Speaks UCI on `input`/`out` for the device at `target`.
pub fn run(target: &Target, input: impl BufRead, out: Out) -> Result<(), UciError> {
    let client = Client::connect(target)?;
    let interruptible = !matches!(target, Target::Device(_));
    let shared = Shared::default();
    let worker = Worker::new(target, client, out.clone(), shared.clone());
    let (jobs, rx) = mpsc::channel();
    let handle = thread::spawn(move || worker.run(rx));
    let send = |job: Job| jobs.send(job).map_err(|_| UciError::WorkerGone);
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            continue;
        };
        match cmd {
            "uci" => identify(&out),
            "isready" if shared.searching.load(Ordering::SeqCst) => emit(&out, "readyok"),
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
            "go" if shared.searching.load(Ordering::SeqCst) => {
                emit(&out, "info string error: already searching");
            }
            "go" => {
                shared.stop.clear();
                shared.ponderhit.store(false, Ordering::SeqCst);
                shared.searching.store(true, Ordering::SeqCst);
                send(Job::Go(Go::parse(args)))?;
            }
            "stop" => shared.stop.raise(),
            "ponderhit" => shared.ponderhit.store(true, Ordering::SeqCst),
            "debug" | "register" => {}
            "quit" => break,
            _ => emit(&out, &format!("info string unknown command: {line}")),
        }
    }
    // Quit (or end of input): end any search and the worker.
    shared.stop.raise();
    if !interruptible && shared.searching.load(Ordering::SeqCst) {
        // Nothing can interrupt the device's search: don't wait for it.
        return Ok(());
    }
    let _ = jobs.send(Job::Quit);
    handle.join().map_err(|_| UciError::WorkerPanicked)
}

/// Entry point for `kchess uci`.
pub fn main(target: &Target) -> Result<(), UciError> {
    let out: Out = Arc::new(Mutex::new(io::stdout()));
    let r = run(target, io::stdin().lock(), out);
    if r.is_ok() {
        // The worker may still be in a device search that cannot be interrupted.
        std::process::exit(0);
    }
    r
}

#[cfg(test)]
mod tests;
