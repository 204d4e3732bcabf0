//! Round trips: one `write` of a command and one `read` of its reply, timed over many.
//!
//! On `/dev/chess` the command is `07 D4` (set the CPU's budget), whose reply `OK` is the
//! shortest the protocol has; it takes the whole path of a command (the board's turn, the
//! engine, the reply copied to the board and to the file) and does no chess. The kernel's Rust
//! misc device sample (`samples/rust/rust_misc_device.rs`) keeps what is written and reads it
//! back, so the same six bytes are written to it and read back. Both are misc devices with
//! `write_iter`/`read_iter`; the sample also logs each call with `dev_info!`, which is part of
//! its cost. `/dev/null` gives the floor: two system calls that do nothing.

use std::fs::{File, OpenOptions};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::{BenchVmError, Figure, GOAL_ROUND_TRIP_RATIO};

/// The command of a `/dev/chess` round trip.
pub const COMMAND: &[u8] = b"07 D4\n";
/// Its reply.
pub const REPLY: &[u8] = b"OK\n";

/// The devices of the round trips and how many make one measurement.
pub struct RoundTrips {
    /// `/dev/chess`.
    pub chess: PathBuf,
    /// The sample's device, `/dev/rust-misc-device`.
    pub sample: PathBuf,
    /// The floor, `/dev/null`.
    pub null: PathBuf,
    /// Round trips per measurement.
    pub count: usize,
}

fn open(path: &Path) -> Result<File, BenchVmError> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .map_err(|source| BenchVmError::RoundTrip {
            path: path.to_owned(),
            source,
        })
}

/// One device, open, with the reply each round trip must read.
struct Endpoint<'a> {
    path: &'a Path,
    file: File,
    reply: &'a [u8],
}

impl Endpoint<'_> {
    /// `count` round trips; the mean time of one in microseconds.
    fn time(&mut self, count: usize) -> Result<f64, BenchVmError> {
        let mut buf = [0u8; 64];
        let io = |source| BenchVmError::RoundTrip {
            path: self.path.to_owned(),
            source,
        };
        let t = Instant::now();
        for _ in 0..count {
            let written = self.file.write(COMMAND).map_err(io)?;
            let n = self.file.read(&mut buf).map_err(io)?;
            if written != COMMAND.len() || buf.get(..n) != Some(self.reply) {
                return Err(BenchVmError::RoundTripReply {
                    path: self.path.to_owned(),
                    expected: String::from_utf8_lossy(self.reply).into_owned(),
                    got: String::from_utf8_lossy(buf.get(..n).unwrap_or(&buf)).into_owned(),
                });
            }
        }
        Ok(t.elapsed().as_secs_f64() * 1e6 / count.max(1) as f64)
    }
}

/// The round trips on `/dev/chess`, the sample and `/dev/null`, `runs` measurements each
/// (interleaved, after a warm-up): chess against the sample (the goal) and, for scale, chess
/// and the sample against the floor.
pub fn measure(rt: &RoundTrips, runs: usize) -> Result<Vec<Figure>, BenchVmError> {
    let mut ends = [
        Endpoint {
            path: &rt.chess,
            file: open(&rt.chess)?,
            reply: REPLY,
        },
        Endpoint {
            path: &rt.sample,
            file: open(&rt.sample)?,
            reply: COMMAND,
        },
        Endpoint {
            path: &rt.null,
            file: open(&rt.null)?,
            reply: b"",
        },
    ];
    let mut times = [Vec::new(), Vec::new(), Vec::new()];
    for end in ends.iter_mut() {
        end.time(rt.count / 10 + 1)?;
    }
    for _ in 0..runs {
        for (end, t) in ends.iter_mut().zip(times.iter_mut()) {
            t.push(end.time(rt.count)?);
        }
    }
    let [chess, sample, null] = times;
    let name = |what: &str| format!("round trip {what}");
    Ok(vec![
        Figure {
            name: name("/dev/chess 07 D4 : sample"),
            unit: "us",
            ours: chess.clone(),
            reference: sample.clone(),
            goal: Some(GOAL_ROUND_TRIP_RATIO),
        },
        Figure {
            name: name("/dev/chess 07 D4 : /dev/null"),
            unit: "us",
            ours: chess,
            reference: null.clone(),
            goal: None,
        },
        Figure {
            name: name("sample : /dev/null"),
            unit: "us",
            ours: sample,
            reference: null,
            goal: None,
        },
    ])
}
