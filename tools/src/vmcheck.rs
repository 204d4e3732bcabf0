//! Checks that need a real device file (run inside the QEMU test VM against `/dev/chess`):
//! concurrent processes hammering one device, and a long search cut short by a signal.

use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::Command as Process;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use chess_core::command::{Command, Mode};
use chess_core::notation::MoveText;
use chess_core::piece::{Color, PieceKind, Square};
use chess_core::search::Limit;
use nix::sys::pthread::{pthread_kill, pthread_self, Pthread};
use nix::sys::signal::{sigaction, SaFlags, SigAction, SigHandler, SigSet, Signal};

use crate::client::{command_bytes, parse_moves, Client, ClientError};
use crate::link::{LinkError, Target};
use crate::validate::{self, InvalidReply};

/// Why a device check failed.
#[derive(Debug, thiserror::Error)]
pub enum CheckError {
    /// A typed command failed.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// Sending raw bytes failed.
    #[error("sending {command:?}: {source}")]
    Send {
        /// The bytes, as text.
        command: String,
        /// The cause.
        source: LinkError,
    },
    /// A reply its command may not answer.
    #[error("invalid reply: {0}")]
    Invalid(#[from] InvalidReply),
    /// A stress worker could not be started.
    #[error("cannot start a stress worker: {0}")]
    Spawn(io::Error),
    /// Some stress workers failed (each says why on its own standard error).
    #[error("{0} stress workers failed")]
    WorkersFailed(usize),
    /// Installing or sending the signal failed.
    #[error("signal: {0}")]
    Signal(#[from] nix::Error),
    /// The searching thread was lost.
    #[error("the searching thread panicked or vanished")]
    Thread,
    /// The interrupted write did not fail with EINTR.
    #[error("the interrupted write returned {0:?}, expected EINTR")]
    NotInterrupted(Result<usize, Option<i32>>),
    /// The search stopped too late after the signal.
    #[error("the search took {0:?} to stop")]
    Slow(Duration),
    /// The interrupted search changed the game.
    #[error("the game changed: {before:?} -> {after:?}, history {history:?}")]
    GameChanged {
        /// The FEN before.
        before: String,
        /// The FEN after.
        after: String,
        /// The moves after.
        history: Vec<String>,
    },
}

/// The initial position's FEN.
const START_FEN: &[u8] = b"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A small seeded generator (xorshift64*) for reproducible command mixes.
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// One of `items` (which must not be empty).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// One command of the stress mix: a well-formed command, or bytes no client would send.
enum Pick {
    Command(Command<'static>),
    Raw(Vec<u8>),
}

/// The next command of the mix; `legal` are the moves `11` last listed.
fn pick(rng: &mut Rng, legal: &[MoveText]) -> Pick {
    let limits = [
        Limit::Depth(1),
        Limit::Depth(2),
        Limit::Nodes(500),
        Limit::Time(5),
    ];
    Pick::Command(match rng.below(24) {
        0 => Command::NewGame(Mode::Humans),
        1 => Command::Board,
        2..=6 if !legal.is_empty() => Command::Move(*rng.pick(legal)),
        7 => Command::Cpu,
        8 => Command::History,
        9 => Command::Fen,
        10 => Command::SetLimit(*rng.pick(&limits)),
        11 => Command::Save,
        12 => Command::Load(
            Mode::Cpu {
                human: Color::White,
            },
            START_FEN,
        ),
        13 => Command::Undo,
        14 => Command::Perft(2),
        15 => Command::SearchInfo,
        16 => return Pick::Raw(vec![b'A'; 300 + rng.below(700)]),
        // Zero bytes are not a command (write returns 0, nothing changes): at least one.
        17 => {
            return Pick::Raw(
                (0..1 + rng.below(40))
                    .map(|_| rng.next_u64() as u8)
                    .collect(),
            )
        }
        _ => Command::Moves,
    })
}

/// One stress process: `commands` mixed commands on its own descriptor, every reply checked.
pub fn stress_worker(path: &Path, seed: u64, commands: usize) -> Result<(), CheckError> {
    let mut client = Client::connect(&Target::Device(path.to_owned()))?;
    stress_mix(&mut client, seed, commands)
}

/// `commands` commands of the mix seeded with `seed`, every reply checked.
fn stress_mix(client: &mut Client, seed: u64, commands: usize) -> Result<(), CheckError> {
    let mut rng = Rng(seed | 1);
    let mut legal: Vec<MoveText> = Vec::new();
    for _ in 0..commands {
        let picked = pick(&mut rng, &legal);
        let bytes = match &picked {
            Pick::Command(cmd) => command_bytes(cmd),
            Pick::Raw(bytes) => bytes.clone(),
        };
        let reply = client.send_raw(&bytes).map_err(|source| CheckError::Send {
            command: String::from_utf8_lossy(&bytes).into_owned(),
            source,
        })?;
        validate::check(&bytes, &reply)?;
        if let Pick::Command(Command::Moves) = picked {
            let listed = reply.strip_suffix(b"\n").and_then(parse_moves);
            if let Some(moves) = listed.filter(|m| !m.is_empty()) {
                legal = moves;
            }
        }
    }
    Ok(())
}

/// `procs` processes (this binary re-run as workers) of `commands` commands each, at once.
pub fn stress(path: &Path, procs: usize, commands: usize, seed: u64) -> Result<(), CheckError> {
    let exe = std::env::current_exe().map_err(CheckError::Spawn)?;
    let start = Instant::now();
    let children: Vec<_> = (0..procs)
        .map(|i| {
            Process::new(&exe)
                .arg("stress")
                .arg("--device")
                .arg(path)
                .arg("--commands")
                .arg(commands.to_string())
                .arg("--seed")
                .arg((seed + i as u64).to_string())
                .arg("--worker")
                .spawn()
                .map_err(CheckError::Spawn)
        })
        .collect::<Result<_, _>>()?;
    let mut failed = 0;
    for mut child in children {
        match child.wait() {
            Ok(s) if s.success() => {}
            _ => failed += 1,
        }
    }
    println!(
        "stress: {procs} processes x {commands} commands in {:.2} s, {failed} failed",
        start.elapsed().as_secs_f64()
    );
    if failed == 0 {
        Ok(())
    } else {
        Err(CheckError::WorkersFailed(failed))
    }
}

extern "C" fn ignore(_: i32) {}

/// What the interrupted write returned (the OS error number on failure) and how long it took.
type WriteOutcome = (Result<usize, Option<i32>>, Duration);

/// Writes `03` on a descriptor of its own from a new thread; returns that thread (for the
/// signal) and its handle.
fn search_in_thread(
    path: PathBuf,
) -> Result<(Pthread, JoinHandle<Result<WriteOutcome, LinkError>>), CheckError> {
    let (tx, rx) = std::sync::mpsc::channel();
    let worker = std::thread::spawn(move || {
        let _ = tx.send(pthread_self());
        // A plain file: the write's own error (EINTR) is what is being tested.
        let mut f = OpenOptions::new()
            .read(true)
            .write(true)
            .open(&path)
            .map_err(|source| LinkError::Open { path, source })?;
        let t = Instant::now();
        let r = f.write(&command_bytes(&Command::Cpu));
        Ok((r.map_err(|e| e.raw_os_error()), t.elapsed()))
    });
    let thread = rx.recv().map_err(|_| CheckError::Thread)?;
    Ok((thread, worker))
}

/// Starts a long CPU search, signals the searching thread after `after`, and checks that the
/// write fails with EINTR within a second and that the game did not change.
pub fn interrupt(path: &Path, after: Duration) -> Result<(), CheckError> {
    // No SA_RESTART: an interrupted write returns EINTR instead of being restarted.
    let action = SigAction::new(
        SigHandler::Handler(ignore),
        SaFlags::empty(),
        SigSet::empty(),
    );
    // SAFETY: the handler does nothing, which is async-signal-safe.
    unsafe { sigaction(Signal::SIGUSR1, &action) }?;

    let mut client = Client::connect(&Target::Device(path.to_owned()))?;
    let e2e4 = MoveText {
        color: Color::White,
        kind: PieceKind::Pawn,
        from: Square::from_coords(4, 1),
        to: Square::from_coords(4, 3),
        capture: None,
        promotion: None,
    };
    client.new_game(Mode::Cpu {
        human: Color::White,
    })?;
    client.play(&e2e4)?;
    client.set_limit(Limit::Time(chess_core::command::MAX_THINK_MS))?;
    let before = client.fen()?;
    let (thread, worker) = search_in_thread(path.to_owned())?;
    std::thread::sleep(after);
    let signalled = Instant::now();
    pthread_kill(thread, Signal::SIGUSR1)?;
    let (result, searched) = worker
        .join()
        .map_err(|_| CheckError::Thread)?
        .map_err(ClientError::Link)?;
    let latency = signalled.elapsed();
    let after_fen = client.fen()?;
    let history = client.history()?;
    println!(
        "interrupt: write returned {result:?} after {:.3} s of search, {:.3} s after the signal",
        searched.as_secs_f64(),
        latency.as_secs_f64()
    );
    if result != Err(Some(nix::libc::EINTR)) {
        return Err(CheckError::NotInterrupted(result));
    }
    if latency > Duration::from_secs(1) {
        return Err(CheckError::Slow(latency));
    }
    if after_fen != before || history != [e2e4] {
        return Err(CheckError::GameChanged {
            before,
            after: after_fen,
            history: history.iter().map(crate::client::move_string).collect(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stress_mix_gets_valid_replies_in_process() {
        let mut client = Client::connect(&Target::InProcess).unwrap();
        stress_mix(&mut client, 1, 3000).unwrap();
    }
}
