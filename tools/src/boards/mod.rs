//! Checks of the module's boards, run inside the QEMU test VM (`kchess boards --check NAME`):
//! boards are independent, a command waiting for a busy board sleeps interruptibly, `13`
//! watches and `14` stops a search, and a storm over all boards with signals leaves every
//! board's game consistent with its own history.

mod storm;
mod uci;

pub use storm::{storm, storm_worker};
pub use uci::uci;

use std::fs::{File, OpenOptions};
use std::io::{self, ErrorKind, Read, Write};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{sigaction, SaFlags, SigAction, SigHandler, SigSet, Signal};

use crate::validate;

/// Why a check failed.
#[derive(Debug, thiserror::Error)]
pub enum BoardsError {
    /// A device file could not be used.
    #[error("{path}: {source}")]
    Io {
        /// The device file.
        path: PathBuf,
        /// The cause.
        source: io::Error,
    },
    /// A reply or a behaviour was not what the protocol promises.
    #[error("{0}")]
    Check(String),
}

pub(crate) type Result<T> = std::result::Result<T, BoardsError>;

fn check(ok: bool, what: impl FnOnce() -> String) -> Result<()> {
    if ok {
        Ok(())
    } else {
        Err(BoardsError::Check(what()))
    }
}

/// The device file of board `i`: `/dev/chess`, `/dev/chess1`, ...
pub fn board_path(base: &Path, i: usize) -> PathBuf {
    if i == 0 {
        base.to_owned()
    } else {
        PathBuf::from(format!("{}{i}", base.display()))
    }
}

/// One descriptor of a board: a command is one `write()`, its reply is read to EOF.
pub(crate) struct Desc {
    file: File,
    path: PathBuf,
}

impl Desc {
    fn open(path: &Path, nonblocking: bool) -> Result<Desc> {
        let flags = if nonblocking {
            nix::libc::O_NONBLOCK
        } else {
            0
        };
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(flags)
            .open(path)
            .map_err(|source| BoardsError::Io {
                path: path.to_owned(),
                source,
            })?;
        Ok(Desc {
            file,
            path: path.to_owned(),
        })
    }

    /// Writes `cmd` once; `Ok(None)` when a signal interrupted the write (nothing happened).
    fn try_send(&mut self, cmd: &[u8]) -> io::Result<Option<Vec<u8>>> {
        match self.file.write(cmd) {
            Ok(n) if n == cmd.len() => {}
            Ok(n) => {
                return Err(io::Error::other(format!(
                    "short write {n} of {}",
                    cmd.len()
                )))
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => return Ok(None),
            Err(e) => return Err(e),
        }
        let mut reply = Vec::new();
        // read_to_end retries EINTR.
        self.file.read_to_end(&mut reply)?;
        Ok(Some(reply))
    }

    /// Reads what this descriptor's reply holds from its position (all of it on a descriptor
    /// that has not read since its last command).
    fn read_reply(&mut self) -> io::Result<Vec<u8>> {
        let mut reply = Vec::new();
        self.file.read_to_end(&mut reply)?;
        Ok(reply)
    }

    fn send(&mut self, cmd: &[u8]) -> Result<Vec<u8>> {
        loop {
            match self.try_send(cmd) {
                Ok(Some(reply)) => return Ok(reply),
                Ok(None) => continue,
                Err(source) => {
                    return Err(BoardsError::Io {
                        path: self.path.clone(),
                        source,
                    })
                }
            }
        }
    }

    /// Sends `cmd` and checks that the reply is `want`.
    fn expect(&mut self, cmd: &[u8], want: &[u8]) -> Result<()> {
        let got = self.send(cmd)?;
        check(got == want, || {
            format!(
                "{}: {} -> {}, expected {}",
                self.path.display(),
                text(cmd),
                text(&got),
                text(want)
            )
        })
    }
}

fn text(bytes: &[u8]) -> String {
    format!("{:?}", String::from_utf8_lossy(bytes))
}

/// A command running in its own thread on its own descriptor, timed.
struct Running {
    handle: thread::JoinHandle<Result<(Vec<u8>, Instant)>>,
    done: Arc<AtomicBool>,
}

impl Running {
    fn start(path: &Path, cmd: &'static [u8]) -> Result<Running> {
        let mut desc = Desc::open(path, false)?;
        let done = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&done);
        let handle = thread::spawn(move || {
            let reply = desc.send(cmd);
            let end = Instant::now();
            flag.store(true, Ordering::SeqCst);
            reply.map(|r| (r, end))
        });
        Ok(Running { handle, done })
    }

    fn finished(&self) -> bool {
        self.done.load(Ordering::SeqCst)
    }

    fn join(self) -> Result<(Vec<u8>, Instant)> {
        self.handle
            .join()
            .map_err(|_| BoardsError::Check("a command thread panicked".into()))?
    }
}

/// Median and worst of some durations, in microseconds.
fn spread(mut times: Vec<Duration>) -> (u128, u128) {
    times.sort();
    let median = times.get(times.len() / 2).map_or(0, Duration::as_micros);
    let worst = times.last().map_or(0, Duration::as_micros);
    (median, worst)
}

/// Times `n` exchanges of `cmd`, checking every reply with `ok`.
fn timed(
    desc: &mut Desc,
    cmd: &[u8],
    n: usize,
    ok: impl Fn(&[u8]) -> bool,
) -> Result<Vec<Duration>> {
    let mut times = Vec::with_capacity(n);
    for _ in 0..n {
        let t = Instant::now();
        let reply = desc.send(cmd)?;
        times.push(t.elapsed());
        check(ok(&reply), || format!("{} -> {}", text(cmd), text(&reply)))?;
    }
    Ok(times)
}

fn is_record(reply: &[u8]) -> bool {
    reply.starts_with(b"depth ") && reply.ends_with(b"\n")
}

/// The number after `name` in a `13` record.
fn field(record: &[u8], name: &str) -> Option<u64> {
    let text = std::str::from_utf8(record).ok()?;
    let mut words = text.split_whitespace();
    words.find(|&w| w == name)?;
    words.next()?.parse().ok()
}

const SAMPLES: usize = 100;
const MOVE_REPLY: fn(&[u8]) -> bool = |r| validate::MOVE_REPLIES.contains(&r);

/// Board 1 answers `01` while board 0 thinks `07 T10000`, as fast as when board 0 is idle.
pub fn independent(base: &Path) -> Result<()> {
    let mut b0 = Desc::open(&board_path(base, 0), false)?;
    let mut b1 = Desc::open(&board_path(base, 1), false)?;
    b1.expect(b"00 H\n", b"OK\n")?;
    let idle = timed(&mut b1, b"01\n", SAMPLES, validate::is_board)?;
    b0.expect(b"00 B\n", b"OK\n")?;
    b0.expect(b"07 T10000\n", b"OK\n")?;
    let search = Running::start(&board_path(base, 0), b"03\n")?;
    thread::sleep(Duration::from_millis(200));
    let busy = timed(&mut b1, b"01\n", SAMPLES, validate::is_board)?;
    check(!search.finished(), || {
        "board 0's search ended before board 1 was read".into()
    })?;
    b0.expect(b"14\n", b"OK\n")?;
    let (reply, _) = search.join()?;
    check(MOVE_REPLY(&reply), || format!("03 -> {}", text(&reply)))?;
    let ((im, iw), (bm, bw)) = (spread(idle), spread(busy.clone()));
    println!(
        "independent: board 1 answers 01 in {im} us median, {iw} us worst while board 0 is idle; \
         {bm} us median, {bw} us worst while board 0 searches ({SAMPLES} each)"
    );
    check(bw < 1_000_000, || {
        format!("board 1 waited {bw} us for board 0")
    })
}

/// `13` during a `07 T60000` search shows it growing; `14` makes the `03` play at once.
pub fn watch(base: &Path) -> Result<()> {
    let path = board_path(base, 0);
    let mut b0 = Desc::open(&path, false)?;
    for (cmd, want) in [
        (&b"00 W\n"[..], &b"OK\n"[..]),
        (b"02 WPe2-e4\n", b"OK\n"),
        (b"07 T60000\n", b"OK\n"),
    ] {
        b0.expect(cmd, want)?;
    }
    let search = Running::start(&path, b"03\n")?;
    thread::sleep(Duration::from_millis(300));
    let first = b0.send(b"13\n")?;
    let watched = timed(&mut b0, b"13\n", SAMPLES, is_record)?;
    thread::sleep(Duration::from_millis(500));
    let last = b0.send(b"13\n")?;
    check(is_record(&first) && is_record(&last), || {
        format!("13 -> {} / {}", text(&first), text(&last))
    })?;
    let grew = field(&last, "depth") >= field(&first, "depth")
        && field(&last, "nodes") > field(&first, "nodes")
        && field(&last, "time") > field(&first, "time");
    check(grew, || {
        format!("13 did not grow: {} then {}", text(&first), text(&last))
    })?;
    check(!search.finished(), || {
        "the 07 T60000 search ended by itself".into()
    })?;
    let stopped = Instant::now();
    b0.expect(b"14\n", b"OK\n")?;
    let (reply, end) = search.join()?;
    let first_stop = end.duration_since(stopped);
    check(MOVE_REPLY(&reply), || {
        format!("03 after 14 -> {}", text(&reply))
    })?;
    let history = b0.send(b"05\n")?;
    check(
        history.starts_with(b"WPe2-e4 B") && history.split(|&c| c == b' ').count() == 2,
        || format!("05 after the stopped search -> {}", text(&history)),
    )?;
    let stops = stop_latencies(&mut b0, &path)?;
    let (wm, ww) = spread(watched);
    let (sm, sw) = spread(stops);
    println!(
        "watch: 13 during a search {wm} us median, {ww} us worst; 03 returned {} us after 14 \
         (then {sm} us median, {sw} us worst of {SAMPLES} stopped 07 I searches); {} then {}",
        first_stop.as_micros(),
        String::from_utf8_lossy(first.strip_suffix(b"\n").unwrap_or(&first))
            .split(" pv")
            .next()
            .unwrap_or(""),
        String::from_utf8_lossy(last.strip_suffix(b"\n").unwrap_or(&last))
            .split(" pv")
            .next()
            .unwrap_or(""),
    );
    check(
        sw < 1_000_000 && first_stop < Duration::from_secs(1),
        || format!("a stopped search took {sw} us to return"),
    )
}

/// `SAMPLES` searches with `07 I`, each stopped by `14` after 50 ms: how long the `03` takes
/// to return after the `14`.
fn stop_latencies(desc: &mut Desc, path: &Path) -> Result<Vec<Duration>> {
    desc.expect(b"00 H\n", b"OK\n")?;
    desc.expect(b"07 I\n", b"OK\n")?;
    let mut times = Vec::with_capacity(SAMPLES);
    while times.len() < SAMPLES {
        let search = Running::start(path, b"03\n")?;
        thread::sleep(Duration::from_millis(50));
        let stopped = Instant::now();
        desc.expect(b"14\n", b"OK\n")?;
        let (reply, end) = search.join()?;
        if reply == b"NOGAME\n" {
            // The self-played game ended: start another.
            desc.expect(b"00 H\n", b"OK\n")?;
            continue;
        }
        check(MOVE_REPLY(&reply), || {
            format!("03 with 07 I -> {}", text(&reply))
        })?;
        times.push(end.saturating_duration_since(stopped));
    }
    Ok(times)
}

/// The process state letter of `pid` (`R`, `S`, `D`, ...).
fn process_state(pid: u32) -> Option<char> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The state follows the command name, which is in parentheses.
    stat.rsplit_once(')')?.1.trim_start().chars().next()
}

extern "C" fn ignore(_: i32) {}

/// No SA_RESTART: a signal makes a blocked write return EINTR.
fn interrupt_with_sigusr1() -> Result<()> {
    let action = SigAction::new(
        SigHandler::Handler(ignore),
        SaFlags::empty(),
        SigSet::empty(),
    );
    // SAFETY: the handler does nothing, which is async-signal-safe.
    unsafe { sigaction(Signal::SIGUSR1, &action) }
        .map(|_| ())
        .map_err(|e| BoardsError::Check(format!("sigaction: {e}")))
}

/// The child side of [`waiter`]: writes `00 W` (which would reset the game) to the busy board
/// and reports how the write ended, and after `EINTR` the reply its descriptor still holds.
pub fn write_one(base: &Path) -> Result<()> {
    interrupt_with_sigusr1()?;
    let mut desc = Desc::open(&board_path(base, 0), false)?;
    // Tells the parent that the handler is in place and the write comes next.
    eprintln!("{WAITER_READY}");
    match desc.try_send(b"00 W\n") {
        Ok(None) => match desc.read_reply() {
            Ok(kept) => println!("EINTR, kept {}", text(&kept)),
            Err(e) => println!("EINTR, then reading: {e}"),
        },
        Ok(Some(reply)) => println!("reply {}", text(&reply)),
        Err(e) => println!("error {e}"),
    }
    Ok(())
}

/// What `write-one` prints on standard error just before its write.
const WAITER_READY: &str = "write-one: writing";

/// Waits until `child` (a `write-one`) has started its write and sleeps in it: its ready line,
/// then its state, polled until it is `S` or a few seconds have passed (a loaded machine may
/// take a while). The last state seen.
fn sleeping_waiter(child: &mut std::process::Child) -> Result<Option<char>> {
    let stderr = child
        .stderr
        .take()
        .ok_or_else(|| BoardsError::Check("write-one has no stderr".into()))?;
    let mut line = String::new();
    io::BufRead::read_line(&mut io::BufReader::new(stderr), &mut line)
        .map_err(|e| BoardsError::Check(format!("reading write-one: {e}")))?;
    check(line.trim_end() == WAITER_READY, || {
        format!("write-one said {line:?}")
    })?;
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let state = process_state(child.id());
        if state == Some('S') || Instant::now() >= deadline {
            return Ok(state);
        }
        thread::sleep(Duration::from_millis(10));
    }
}

/// A writer waiting for a busy board sleeps interruptibly: state `S`, a signal ends its wait
/// with `EINTR`, `kill -9` ends it at once, and neither changes the game. With `O_NONBLOCK`
/// the wait is `EAGAIN`.
pub fn waiter(base: &Path) -> Result<()> {
    let path = board_path(base, 0);
    let mut b0 = Desc::open(&path, false)?;
    b0.expect(b"00 B\n", b"OK\n")?;
    b0.expect(b"07 T60000\n", b"OK\n")?;
    let search = Running::start(&path, b"03\n")?;
    thread::sleep(Duration::from_millis(200));

    let exe =
        std::env::current_exe().map_err(|e| BoardsError::Check(format!("current_exe: {e}")))?;
    let spawn = || {
        Command::new(&exe)
            .args(["boards", "--check", "write-one", "--device"])
            .arg(base)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| BoardsError::Check(format!("spawn: {e}")))
    };
    let mut states = Vec::new();
    // A signal the waiter handles: EINTR.
    let mut child = spawn()?;
    states.push(sleeping_waiter(&mut child)?);
    nix::sys::signal::kill(
        nix::unistd::Pid::from_raw(child.id() as i32),
        Signal::SIGUSR1,
    )
    .map_err(|e| BoardsError::Check(format!("kill: {e}")))?;
    let out = child
        .wait_with_output()
        .map_err(|e| BoardsError::Check(format!("wait: {e}")))?;
    // The descriptor started with the board's latest reply (07's OK) and keeps it.
    check(out.stdout == b"EINTR, kept \"OK\\n\"\n", || {
        format!("the signalled waiter printed {}", text(&out.stdout))
    })?;
    // SIGKILL: gone at once.
    let mut child = spawn()?;
    states.push(sleeping_waiter(&mut child)?);
    let killed = Instant::now();
    child
        .kill()
        .map_err(|e| BoardsError::Check(format!("kill -9: {e}")))?;
    child
        .wait()
        .map_err(|e| BoardsError::Check(format!("wait: {e}")))?;
    let gone = killed.elapsed();
    check(states.iter().all(|s| *s == Some('S')), || {
        format!("waiter states {states:?}, expected S")
    })?;
    check(gone < Duration::from_secs(1), || {
        format!("kill -9 took {gone:?}")
    })?;

    // O_NONBLOCK: EAGAIN at once, the descriptor's reply kept; but 13 is answered.
    let mut nb = Desc::open(&path, true)?;
    let again = nb.try_send(b"01\n");
    check(
        matches!(&again, Err(e) if e.kind() == ErrorKind::WouldBlock),
        || format!("O_NONBLOCK 01 on a busy board -> {again:?}"),
    )?;
    let kept = nb.read_reply().map_err(|source| BoardsError::Io {
        path: path.clone(),
        source,
    })?;
    check(kept == b"OK\n", || {
        format!("after EAGAIN the descriptor holds {}", text(&kept))
    })?;
    let record = nb.send(b"13\n")?;
    check(is_record(&record), || {
        format!("O_NONBLOCK 13 -> {}", text(&record))
    })?;
    check(!search.finished(), || "the search ended by itself".into())?;
    b0.expect(b"14\n", b"OK\n")?;
    let (reply, _) = search.join()?;
    check(MOVE_REPLY(&reply), || format!("03 -> {}", text(&reply)))?;
    // The waiters' `00 W` never ran: the game still has the CPU's first move.
    let history = b0.send(b"05\n")?;
    check(
        history.starts_with(b"WP") || history.starts_with(b"WN"),
        || format!("05 -> {}", text(&history)),
    )?;
    check(!history.contains(&b' '), || {
        format!("05 -> {}", text(&history))
    })?;
    println!(
        "waiter: states {states:?} while waiting; SIGUSR1 -> EINTR; kill -9 gone in {} us; \
         O_NONBLOCK -> EAGAIN; both kept their reply; game unchanged",
        gone.as_micros()
    );
    Ok(())
}
