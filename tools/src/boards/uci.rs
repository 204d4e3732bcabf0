//! `kchess uci --device` on a board of the module, as a GUI drives it: live `info` while it
//! thinks, `stop` answered through `14`, a repeated `go` on one position, and `movetime`.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

use super::{board_path, check, BoardsError, Result};

/// Far longer than any answer takes: only a hung bridge reaches it.
const PATIENCE: Duration = Duration::from_secs(30);

/// The bridge as a child process: lines in, lines out (read by a thread).
struct Bridge {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl Bridge {
    fn start(device: &Path) -> Result<Bridge> {
        let exe =
            std::env::current_exe().map_err(|e| BoardsError::Check(format!("current_exe: {e}")))?;
        let mut child = Command::new(exe)
            .arg("uci")
            .arg("--device")
            .arg(device)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| BoardsError::Check(format!("spawn kchess uci: {e}")))?;
        let (input, output) = match (child.stdin.take(), child.stdout.take()) {
            (Some(i), Some(o)) => (i, o),
            _ => return Err(BoardsError::Check("kchess uci has no pipes".into())),
        };
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(|l| l.ok()) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Bridge {
            child,
            input,
            lines,
        })
    }

    fn send(&mut self, line: &str) -> Result<()> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| BoardsError::Check(format!("writing {line:?} to kchess uci: {e}")))
    }

    /// Reads lines until one starts with `prefix`; returns it and the lines before it.
    fn until(&self, prefix: &str) -> Result<(String, Vec<String>)> {
        let mut before = Vec::new();
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).map_err(|_| {
                BoardsError::Check(format!("no {prefix:?} from kchess uci; got {before:?}"))
            })?;
            if line.starts_with(prefix) {
                return Ok((line, before));
            }
            before.push(line);
        }
    }
}

impl Drop for Bridge {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn depths(lines: &[String]) -> Vec<u32> {
    lines
        .iter()
        .filter_map(|l| {
            let mut words = l.split(' ');
            words.find(|&w| w == "depth")?;
            words.next()?.parse().ok()
        })
        .collect()
}

/// `kchess uci --device` on board 1.
pub fn uci(base: &Path) -> Result<()> {
    let mut gui = Bridge::start(&board_path(base, 1))?;
    gui.send("uci")?;
    gui.until("uciok")?;
    gui.send("isready")?;
    gui.until("readyok")?;

    // go infinite: live info lines, then stop answered with a searched move.
    gui.send("position startpos")?;
    gui.send("go infinite")?;
    thread::sleep(Duration::from_millis(1500));
    let stopped = Instant::now();
    gui.send("stop")?;
    let (best, infos) = gui.until("bestmove ")?;
    let stop_latency = stopped.elapsed();
    let seen = depths(&infos);
    check(seen.len() >= 2 && seen.iter().max() > Some(&1), || {
        format!("go infinite showed depths {seen:?} before {best:?}")
    })?;
    check(stop_latency < Duration::from_secs(1), || {
        format!("bestmove came {stop_latency:?} after stop")
    })?;

    // The same position searched twice: both answers are moves of the start position.
    let mut repeated = Vec::new();
    for _ in 0..2 {
        gui.send("position startpos")?;
        gui.send("go depth 4")?;
        repeated.push(gui.until("bestmove ")?.0);
    }
    let first_moves = [
        "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4", "f2f3",
        "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3",
    ];
    let legal = |b: &String| first_moves.iter().any(|m| b.split(' ').nth(1) == Some(m));
    check(repeated.iter().all(legal), || {
        format!("two go depth 4 on the start position answered {repeated:?}")
    })?;

    // movetime: the answer comes after about that long.
    gui.send("position startpos moves e2e4")?;
    let asked = Instant::now();
    gui.send("go movetime 500")?;
    let (best, _) = gui.until("bestmove ")?;
    let took = asked.elapsed();
    check(
        took >= Duration::from_millis(400) && took < Duration::from_secs(3),
        || format!("go movetime 500 answered {best:?} after {took:?}"),
    )?;
    gui.send("quit")?;
    println!(
        "uci --device: go infinite showed depths {seen:?}, stop answered in {} us; go depth 4 \
         twice: {repeated:?}; go movetime 500 answered after {} ms",
        stop_latency.as_micros(),
        took.as_millis()
    );
    Ok(())
}
