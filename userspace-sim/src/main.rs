//! `chess-sim`: the `/dev/chess` protocol over a pipe. Each line of standard input is one
//! command; each reply is written to standard output and flushed. A first SIGINT during a CPU
//! search interrupts it (the game is unchanged, no reply is written, a note goes to standard
//! error); a SIGINT at any other time ends the simulator. SIGUSR1 interrupts a running search
//! the same way and is ignored otherwise, so a program driving the simulator can stop a search
//! without racing its end.

use std::io::{self, BufRead, ErrorKind, Stdout, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};
use std::thread;

use clap::Parser;

use chess_core::command::MAX_COMMAND;
use chess_core::search::Interrupted;
use chess_sim::{Board, Session, DEFAULT_MAX_THINK_S, DEFAULT_TT_MB};
use nix::sys::signal::{raise, sigaction, SaFlags, SigAction, SigHandler, SigSet, Signal};

static INTERRUPT: AtomicBool = AtomicBool::new(false);
static SEARCHING: AtomicBool = AtomicBool::new(false);

extern "C" fn on_sigint(_: i32) {
    if SEARCHING.load(Ordering::SeqCst) && !INTERRUPT.swap(true, Ordering::SeqCst) {
        return;
    }
    // Not searching, or a second SIGINT: restore the default action and take it.
    let default = SigAction::new(SigHandler::SigDfl, SaFlags::empty(), SigSet::empty());
    // SAFETY: sigaction and raise are async-signal-safe.
    let _ = unsafe { sigaction(Signal::SIGINT, &default) };
    let _ = raise(Signal::SIGINT);
}

extern "C" fn on_sigusr1(_: i32) {
    if SEARCHING.load(Ordering::SeqCst) {
        INTERRUPT.store(true, Ordering::SeqCst);
    }
}

/// The simulator's own failures.
#[derive(Debug, thiserror::Error)]
enum SimError {
    #[error("reading standard input: {0}")]
    Read(#[source] io::Error),
    #[error("writing standard output: {0}")]
    Write(#[source] io::Error),
    #[error("installing the signal handlers: {0}")]
    Signal(#[source] nix::Error),
    #[error("the command thread failed")]
    Worker,
}

/// The `/dev/chess` protocol over standard input and output: one command per line in, one
/// reply per command out.
#[derive(Parser)]
#[command(name = "chess-sim", version)]
struct Args {
    /// Size of the transposition table in MiB (the kernel module's `tt_mb`).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_TT_MB as u64,
          value_parser = clap::value_parser!(u64).range(1..=4096))]
    tt_mb: u64,
    /// Ceiling of any one search in seconds, `07 I` included (the module's `max_think_s`).
    #[arg(long, value_name = "S", default_value_t = DEFAULT_MAX_THINK_S,
          value_parser = clap::value_parser!(u64).range(1..=86_400))]
    max_think_s: u64,
}

/// Reads one line (up to and including `\n`, or to end of input), keeping at most
/// `MAX_COMMAND + 1` bytes of it: the rest of an oversized line is consumed and dropped, the
/// way the driver consumes a long write. Returns `None` at end of input.
fn read_command(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<()>> {
    line.clear();
    let mut any = false;
    loop {
        // A signal (SIGUSR1 while idle) may interrupt the read: it is no reason to stop.
        let buf = match input.fill_buf() {
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            other => other?,
        };
        if buf.is_empty() {
            return Ok(any.then_some(()));
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&c| c == b'\n') {
            Some(i) => (&buf[..=i], true),
            None => (buf, false),
        };
        let room = (MAX_COMMAND + 1).saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = chunk.len();
        input.consume(used);
        if done {
            return Ok(Some(()));
        }
    }
}

fn run(args: Args) -> Result<(), SimError> {
    // SA_RESTART: a signal that arrives while reading standard input resumes the read.
    let action = SigAction::new(
        SigHandler::Handler(on_sigint),
        SaFlags::SA_RESTART,
        SigSet::empty(),
    );
    // SAFETY: the handler only touches atomics and calls async-signal-safe functions.
    unsafe { sigaction(Signal::SIGINT, &action) }.map_err(SimError::Signal)?;
    let action = SigAction::new(
        SigHandler::Handler(on_sigusr1),
        SaFlags::SA_RESTART,
        SigSet::empty(),
    );
    // SAFETY: the handler only touches atomics.
    unsafe { sigaction(Signal::SIGUSR1, &action) }.map_err(SimError::Signal)?;

    let tt_mb = usize::try_from(args.tt_mb).unwrap_or(DEFAULT_TT_MB);
    let board = Board::new(args.max_think_s);
    let out = Mutex::new(io::stdout());
    let (commands, queue) = mpsc::channel::<Vec<u8>>();
    thread::scope(|scope| {
        let (board, out) = (&board, &out);
        let worker = scope.spawn(move || run_commands(Session::new(tt_mb), board, queue, out));
        let read = read_commands(board, &commands, out);
        // End of input (or a failure): the worker finishes the command it has, then stops.
        drop(commands);
        let ran = worker.join().unwrap_or(Err(SimError::Worker));
        read.and(ran)
    })
}

/// Writes one reply and flushes it.
fn emit(out: &Mutex<Stdout>, reply: &[u8]) -> io::Result<()> {
    let mut out = out.lock().unwrap_or_else(|e| e.into_inner());
    out.write_all(reply)?;
    out.flush()
}

/// The reading side: each line of standard input takes the board's turn and goes to the
/// worker, except a `13` or `14` that arrives while a command runs, answered at once.
fn read_commands(
    board: &Board,
    commands: &mpsc::Sender<Vec<u8>>,
    out: &Mutex<Stdout>,
) -> Result<(), SimError> {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut line = Vec::with_capacity(MAX_COMMAND + 1);
    while read_command(&mut input, &mut line)
        .map_err(SimError::Read)?
        .is_some()
    {
        let mut answered = Ok(());
        if board.take_turn(&line, |reply| answered = emit(out, reply)) {
            // The worker is gone only after failing to write: it reports why.
            if commands.send(line.clone()).is_err() {
                return Ok(());
            }
        }
        answered.map_err(SimError::Write)?;
    }
    Ok(())
}

/// The worker: runs each command in its turn and writes its reply before the turn ends.
fn run_commands(
    mut session: Session,
    board: &Board,
    queue: mpsc::Receiver<Vec<u8>>,
    out: &Mutex<Stdout>,
) -> Result<(), SimError> {
    for line in queue {
        INTERRUPT.store(false, Ordering::SeqCst);
        SEARCHING.store(true, Ordering::SeqCst);
        let mut budget = board.budget(&INTERRUPT);
        let result = session.command(&line, &mut budget);
        SEARCHING.store(false, Ordering::SeqCst);
        let mut written = Ok(());
        board.end_turn(|| match result {
            Ok(reply) => written = emit(out, reply),
            Err(Interrupted) => eprintln!("chess-sim: interrupted, the game is unchanged"),
        });
        written.map_err(SimError::Write)?;
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chess-sim: {e}");
            ExitCode::FAILURE
        }
    }
}
