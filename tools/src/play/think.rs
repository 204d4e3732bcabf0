//! The CPU's move, made at once when the player presses Ctrl-C: `14` through the protocol on
//! the simulator's pipe and on a device file (a second descriptor), the same stop request
//! through the budget of the in-process device. While it thinks, its progress (`13`) can be
//! watched on the pipe and in process.

use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chess_core::board::Position;
use chess_core::command::{Command, Reply};
use chess_core::notation::Writer;
use chess_core::piece::Move;
use chess_core::protocol::MAX_REPLY;
use chess_core::search::{Budget, Progress};
use nix::sys::signal::{
    pthread_sigmask, sigaction, SaFlags, SigAction, SigHandler, SigSet, SigmaskHow, Signal,
};

use crate::client::{command_bytes, Client, ClientError};
use crate::link::{Link, LinkError};
use crate::record::SearchRecord;

/// How often the progress of a search is shown, at most.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(250);

/// What is told of a running search: each `13` record, at most every [`PROGRESS_EVERY`].
pub type Watcher<'w> = Option<&'w mut dyn FnMut(&SearchRecord)>;

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
use crate::interrupt::{read_line, readable, POLL_MS};

/// The in-process device's budget: a clock, `14` when `stop` is raised, and the progress.
struct StopBudget<'a, 'w> {
    start: Instant,
    stop: &'a AtomicBool,
    watcher: Watcher<'w>,
    shown: Instant,
    /// The last completed iteration, shown with the nodes searched since.
    last: Option<SearchRecord>,
}

impl StopBudget<'_, '_> {
    /// Tells the watcher the last iteration, at most every [`PROGRESS_EVERY`].
    fn tell(&mut self) {
        if self.shown.elapsed() < PROGRESS_EVERY {
            return;
        }
        if let (Some(watch), Some(record)) = (self.watcher.as_mut(), &self.last) {
            self.shown = Instant::now();
            watch(record);
        }
    }
}

impl Budget for StopBudget<'_, '_> {
    fn now_ms(&mut self) -> u64 {
        u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn interrupted(&mut self) -> bool {
        false
    }

    fn stop_requested(&mut self) -> bool {
        self.stop.load(Ordering::SeqCst)
    }

    fn nodes_searched(&mut self, nodes: u64) {
        if self.watcher.is_none() {
            return;
        }
        let ms = self.now_ms();
        if let Some(r) = &mut self.last {
            r.nodes = nodes;
            r.time_ms = ms;
        }
        self.tell();
    }

    fn iteration_done(&mut self, progress: &Progress, root: &Position, pv: &[Move]) {
        if self.watcher.is_none() {
            return;
        }
        let mut buf = vec![0u8; MAX_REPLY];
        let mut out = Writer::new(&mut buf);
        progress.write(root, pv, &mut out);
        let line = String::from_utf8_lossy(out.written()).into_owned();
        if let Ok(Some(record)) = SearchRecord::parse(&line) {
            self.last = Some(record);
        }
        self.tell();
    }
}

/// `03`: the CPU plays the side to move; when `stop` is raised meanwhile it plays the best move
/// found so far. `device` is the device file's path, for the second descriptor that sends `14`;
/// `watcher` is told the search's progress (not on a device file).
pub fn cpu_move(
    client: &mut Client,
    device: Option<&Path>,
    stop: &AtomicBool,
    mut watcher: Watcher<'_>,
) -> Result<Reply, ClientError> {
    let reply = match client.link_mut() {
        Link::InProcess(session) => {
            let mut budget = StopBudget {
                start: Instant::now(),
                stop,
                watcher,
                shown: Instant::now(),
                last: None,
            };
            // This budget never interrupts: the command always answers.
            session
                .command(&command_bytes(&Command::Cpu), &mut budget)
                .map(<[u8]>::to_vec)
                .unwrap_or_default()
        }
        Link::Sim { stdin, stdout, .. } => {
            let mut send = |cmd: &Command<'_>| -> Result<(), LinkError> {
                stdin.write_all(&command_bytes(cmd))?;
                stdin.flush()?;
                Ok(())
            };
            send(&Command::Cpu)?;
            // Replies: the `03`'s, the `14`'s OK once stopped, and a record for each `13`; a
            // `13` or `14` sent while the search runs is answered before it, one that arrives
            // after it ended is answered after it.
            let mut fixed: Vec<Vec<u8>> = Vec::new();
            let mut fixed_due = 1;
            let mut records_due = 0usize;
            let mut asked = Instant::now();
            while fixed.len() < fixed_due || records_due > 0 {
                if stdout.buffer().is_empty() && !readable(stdout.get_ref())? {
                    if fixed.is_empty() && fixed_due == 1 && stop.load(Ordering::SeqCst) {
                        send(&Command::Stop)?;
                        fixed_due = 2;
                    }
                    let due = asked.elapsed() >= PROGRESS_EVERY;
                    if fixed.is_empty() && watcher.is_some() && records_due == 0 && due {
                        send(&Command::SearchInfo)?;
                        records_due += 1;
                        asked = Instant::now();
                    }
                    continue;
                }
                let line = read_line(stdout)?;
                let body = line.strip_suffix(b"\n").unwrap_or(&line);
                if Reply::parse(body).is_some() {
                    fixed.push(line);
                    continue;
                }
                records_due = records_due.saturating_sub(1);
                if let (true, Some(watch)) = (fixed.is_empty(), watcher.as_mut()) {
                    let text = String::from_utf8_lossy(body);
                    if let Ok(Some(record)) = SearchRecord::parse(&text) {
                        watch(&record);
                    }
                }
            }
            // `14` answers OK: the `03`'s reply is the other line, or OK.
            match fixed.iter().find(|l| l.as_slice() != b"OK\n") {
                Some(l) => l.clone(),
                None => b"OK\n".to_vec(),
            }
        }
        Link::Shared(shared) => {
            // Another thread sends `14` to the shared board while this one runs the `03`.
            let done = AtomicBool::new(false);
            std::thread::scope(|scope| {
                scope.spawn(|| {
                    while !done.load(Ordering::SeqCst) {
                        if stop.load(Ordering::SeqCst) {
                            shared.command(&command_bytes(&Command::Stop));
                            return;
                        }
                        std::thread::sleep(Duration::from_millis(u64::from(POLL_MS)));
                    }
                });
                let reply = shared.command(&command_bytes(&Command::Cpu));
                done.store(true, Ordering::SeqCst);
                reply
            })
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
                let sent = send_device(file, &command_bytes(&Command::Cpu));
                if blocked.is_ok() {
                    let _ = pthread_sigmask(SigmaskHow::SIG_UNBLOCK, Some(&sigint), None);
                }
                done.store(true, Ordering::SeqCst);
                sent
            })?
        }
    };
    crate::client::cpu_move_reply(&reply)
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
        assert_eq!(cpu_move(&mut c, None, &stop, None).unwrap(), Reply::Ok);
        assert!(t.elapsed() < Duration::from_secs(5));
        assert_eq!(c.history().unwrap().len(), 1);
        // In a two-human game the CPU plays whichever side is to move.
        assert_eq!(cpu_move(&mut c, None, &stop, None).unwrap(), Reply::Ok);
        assert_eq!(c.history().unwrap().len(), 2);
    }
}
