//! Checks that need a real device file (run inside the QEMU test VM against `/dev/chess`):
//! concurrent processes hammering one device, and a long search cut short by a signal.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use nix::sys::pthread::{pthread_kill, pthread_self};
use nix::sys::signal::{sigaction, SaFlags, SigAction, SigHandler, SigSet, Signal};

use crate::link::{Link, Target};
use crate::validate;

/// A connection on its own descriptor: one `write()` per command, then read to EOF.
fn connect(path: &Path) -> Result<Link, String> {
    Target::Device(path.to_owned())
        .connect()
        .map_err(|e| e.to_string())
}

fn send(link: &mut Link, cmd: &[u8]) -> Result<Vec<u8>, String> {
    link.send(cmd)
        .map_err(|e| format!("{:?}: {e}", String::from_utf8_lossy(cmd)))
}

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

/// One stress process: `commands` mixed commands on its own descriptor, every reply checked.
pub fn stress_worker(path: &Path, seed: u64, commands: usize) -> Result<(), String> {
    let mut link = connect(path)?;
    let mut rng = Rng(seed | 1);
    let mut legal: Vec<Vec<u8>> = Vec::new();
    for _ in 0..commands {
        let cmd: Vec<u8> = match rng.below(24) {
            0 => b"00 H\n".to_vec(),
            1 => b"01\n".to_vec(),
            2..=6 if !legal.is_empty() => {
                let mut c = b"02 ".to_vec();
                c.extend(&legal[rng.below(legal.len())]);
                c.push(b'\n');
                c
            }
            7 => b"03\n".to_vec(),
            8 => b"05\n".to_vec(),
            9 => b"06\n".to_vec(),
            10 => format!("07 {}\n", ["D1", "D2", "N500", "T5"][rng.below(4)]).into_bytes(),
            11 => b"08\n".to_vec(),
            12 => b"09 W rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n".to_vec(),
            13 => b"10\n".to_vec(),
            14 => b"12 2\n".to_vec(),
            15 => b"13\n".to_vec(),
            16 => vec![b'A'; 300 + rng.below(700)],
            // Zero bytes are not a command (write returns 0, nothing changes): at least one.
            17 => (0..1 + rng.below(40))
                .map(|_| rng.next_u64() as u8)
                .collect(),
            _ => b"11\n".to_vec(),
        };
        let reply = send(&mut link, &cmd)?;
        validate::check(&cmd, &reply)?;
        if cmd == b"11\n" && reply.len() > 1 && validate::is_move_list(&reply) {
            legal = reply[..reply.len() - 1]
                .split(|&c| c == b' ')
                .map(<[u8]>::to_vec)
                .collect();
        }
    }
    Ok(())
}

/// `procs` processes (this binary re-run as workers) of `commands` commands each, at once.
pub fn stress(path: &Path, procs: usize, commands: usize, seed: u64) -> Result<(), String> {
    let exe = std::env::current_exe().map_err(|e| format!("current_exe: {e}"))?;
    let start = Instant::now();
    let children: Vec<_> = (0..procs)
        .map(|i| {
            Command::new(&exe)
                .arg("stress")
                .arg("--device")
                .arg(path)
                .arg("--commands")
                .arg(commands.to_string())
                .arg("--seed")
                .arg((seed + i as u64).to_string())
                .arg("--worker")
                .spawn()
                .map_err(|e| format!("spawn worker: {e}"))
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
        Err(format!("{failed} stress workers failed"))
    }
}

extern "C" fn ignore(_: i32) {}

/// Starts a long CPU search, signals the searching thread after `after`, and checks that the
/// write fails with EINTR within a second and that the game did not change.
pub fn interrupt(path: &Path, after: Duration) -> Result<(), String> {
    // No SA_RESTART: an interrupted write returns EINTR instead of being restarted.
    let action = SigAction::new(
        SigHandler::Handler(ignore),
        SaFlags::empty(),
        SigSet::empty(),
    );
    // SAFETY: the handler does nothing, which is async-signal-safe.
    unsafe { sigaction(Signal::SIGUSR1, &action) }.map_err(|e| format!("sigaction: {e}"))?;

    let mut link = connect(path)?;
    for cmd in [&b"00 W\n"[..], b"02 WPe2-e4\n", b"07 T60000\n"] {
        let r = send(&mut link, cmd)?;
        if !validate::MOVE_REPLIES.contains(&r.as_slice()) {
            return Err(format!(
                "setup {:?} -> {:?}",
                String::from_utf8_lossy(cmd),
                String::from_utf8_lossy(&r)
            ));
        }
    }
    let before = send(&mut link, b"06\n")?;
    let path_owned = path.to_owned();
    let (tx, rx) = std::sync::mpsc::channel();
    let worker = std::thread::spawn(move || {
        let _ = tx.send(pthread_self());
        // A plain file: the write's own error (EINTR) is what is being tested.
        let mut f = OpenOptions::new()
            .read(true)
            .write(true)
            .open(&path_owned)
            .map_err(|e| format!("open {}: {e}", path_owned.display()))?;
        let t = Instant::now();
        let r = f.write(b"03\n");
        Ok::<_, String>((r.map_err(|e| e.raw_os_error()), t.elapsed()))
    });
    let thread = rx.recv().map_err(|e| format!("worker: {e}"))?;
    std::thread::sleep(after);
    let signalled = Instant::now();
    pthread_kill(thread, Signal::SIGUSR1).map_err(|e| format!("pthread_kill: {e}"))?;
    let (result, searched) = worker.join().map_err(|_| "worker panicked".to_string())??;
    let latency = signalled.elapsed();
    let after_fen = send(&mut link, b"06\n")?;
    let history = send(&mut link, b"05\n")?;
    println!(
        "interrupt: write returned {result:?} after {:.3} s of search, {:.3} s after the signal",
        searched.as_secs_f64(),
        latency.as_secs_f64()
    );
    if result != Err(Some(nix::libc::EINTR)) {
        return Err(format!(
            "the interrupted write returned {result:?}, expected EINTR"
        ));
    }
    if latency > Duration::from_secs(1) {
        return Err(format!("the search took {latency:?} to stop"));
    }
    if after_fen != before || history != b"WPe2-e4\n" {
        return Err(format!(
            "the game changed: {:?} -> {:?}, history {:?}",
            String::from_utf8_lossy(&before),
            String::from_utf8_lossy(&after_fen),
            String::from_utf8_lossy(&history)
        ));
    }
    Ok(())
}
