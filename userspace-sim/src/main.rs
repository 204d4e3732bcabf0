//! `chess-sim`: the `/dev/chess` protocol over a pipe. Each line of standard input is one
//! command; each reply is written to standard output and flushed. A first SIGINT during a CPU
//! search interrupts it (the game is unchanged, no reply is written, a note goes to standard
//! error); a SIGINT at any other time ends the simulator. SIGUSR1 interrupts a running search
//! the same way and is ignored otherwise, so a program driving the simulator can stop a search
//! without racing its end.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};

use chess_core::protocol::MAX_COMMAND;
use chess_core::search::Interrupted;
use chess_sim::{Clock, Session, DEFAULT_TT_MB};
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
    #[error("installing the SIGINT handler: {0}")]
    Signal(#[source] nix::Error),
    #[error("usage: chess-sim [--tt-mb N]")]
    Usage,
}

/// Reads one line (up to and including `\n`, or to end of input), keeping at most
/// `MAX_COMMAND + 1` bytes of it: the rest of an oversized line is consumed and dropped, the
/// way the driver consumes a long write. Returns `None` at end of input.
fn read_command(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Option<()>> {
    line.clear();
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
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

fn run() -> Result<(), SimError> {
    let mut args = std::env::args().skip(1);
    let mut tt_mb = DEFAULT_TT_MB;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--tt-mb" => {
                tt_mb = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .filter(|&n: &usize| (1..=4096).contains(&n))
                    .ok_or(SimError::Usage)?
            }
            _ => return Err(SimError::Usage),
        }
    }
    let action = SigAction::new(
        SigHandler::Handler(on_sigint),
        SaFlags::empty(),
        SigSet::empty(),
    );
    // SAFETY: the handler only touches atomics and calls async-signal-safe functions.
    unsafe { sigaction(Signal::SIGINT, &action) }.map_err(SimError::Signal)?;
    let action = SigAction::new(
        SigHandler::Handler(on_sigusr1),
        SaFlags::empty(),
        SigSet::empty(),
    );
    // SAFETY: the handler only touches atomics.
    unsafe { sigaction(Signal::SIGUSR1, &action) }.map_err(SimError::Signal)?;

    let mut session = Session::new(tt_mb);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    let mut line = Vec::with_capacity(MAX_COMMAND + 1);
    while read_command(&mut input, &mut line)
        .map_err(SimError::Read)?
        .is_some()
    {
        INTERRUPT.store(false, Ordering::SeqCst);
        SEARCHING.store(true, Ordering::SeqCst);
        let mut clock = Clock::new(&INTERRUPT);
        let result = session.command(&line, &mut clock);
        SEARCHING.store(false, Ordering::SeqCst);
        match result {
            Ok(reply) => {
                out.write_all(reply).map_err(SimError::Write)?;
                out.flush().map_err(SimError::Write)?;
            }
            Err(Interrupted) => eprintln!("chess-sim: interrupted, the game is unchanged"),
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("chess-sim: {e}");
            ExitCode::FAILURE
        }
    }
}
