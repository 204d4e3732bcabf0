//! `kchess bench-vm`: the module's speed next to the same chess core in userspace, measured in
//! one boot of the bench kernel (`make bench-vm`).
//!
//! Three figures, each measured `runs` times, runs interleaved (kernel, userspace, kernel, ...)
//! so that a slow spell of the host hits both sides:
//! - perft: `12 N` from the initial position on `/dev/chess` and on a `chess-sim` process;
//! - search: the fixed workload of `kchess bench` ([`SEARCH_POSITIONS`], each position on a fresh
//!   board: `09 H FEN`, `07 D<depth>`, `03`), on the module's boards and on fresh simulators;
//! - round trip: the cheapest command on `/dev/chess` next to the same write and read on the
//!   kernel's Rust misc device sample (see [`roundtrip`]).
//!
//! Times are taken with [`Instant`] around the commands only; starting simulators, loading
//! positions and reloading the module are outside them. The kernel and the simulator must agree
//! on every perft count and every search's node count, or the run fails.

mod roundtrip;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use chess_core::command::Mode;
use chess_core::search::Limit;
use chess_sim::Session;

use crate::bench::SEARCH_POSITIONS;
use crate::client::{Client, ClientError};
use crate::link::{Link, LinkError, Target};
use crate::transcript::{self, ResetError};

pub use roundtrip::RoundTrips;

/// Perft and search may take this much longer in the kernel than in userspace (goal).
pub const GOAL_KERNEL_RATIO: f64 = 1.3;
/// A `/dev/chess` round trip may take this much longer than the sample's (goal).
pub const GOAL_ROUND_TRIP_RATIO: f64 = 1.5;
/// The transposition table of each board and simulator, in MiB (`kchess bench`'s).
pub const TT_MB: usize = 16;

/// Why the benchmark could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchVmError {
    /// A command failed.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// A connection failed.
    #[error(transparent)]
    Link(#[from] LinkError),
    /// Reloading the module failed.
    #[error("reloading the module: {0}")]
    Reset(#[from] ResetError),
    /// A device file did not appear after the reload.
    #[error("{0} did not appear within 5 s of reloading the module")]
    NoDevice(PathBuf),
    /// The kernel and the simulator disagree, so their times do not compare.
    #[error("{what}: the kernel counted {kernel}, the simulator {sim}")]
    Mismatch {
        /// Which count.
        what: String,
        /// The module's count.
        kernel: u64,
        /// The simulator's count.
        sim: u64,
    },
    /// A search ended without a record.
    #[error("{0}: the search left no record")]
    NoRecord(&'static str),
    /// A round trip failed.
    #[error("round trip on {path}: {source}")]
    RoundTrip {
        /// The device file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A device answered the round-trip command with something else than expected.
    #[error("round trip on {path}: expected {expected:?}, read {got:?}")]
    RoundTripReply {
        /// The device file.
        path: PathBuf,
        /// The expected reply.
        expected: String,
        /// What was read.
        got: String,
    },
}

/// What to measure, and where.
pub struct Options {
    /// Board `i` of the module (`/dev/chess`, `/dev/chess1`, ...).
    pub board: Box<dyn Fn(usize) -> Target>,
    /// The userspace reference: a `chess-sim` binary (started with a [`TT_MB`] table), or an
    /// in-process device.
    pub sim: Target,
    /// Measurements of each figure.
    pub runs: usize,
    /// The perft depth (`12 N`).
    pub perft_depth: u32,
    /// A shell command that reloads the module with fresh boards (one per search position),
    /// run before each search run; needed on a device, whose boards keep their tables.
    pub reset: Option<String>,
    /// Round trips: the devices and how many per measurement; `None` skips them.
    pub round_trips: Option<RoundTrips>,
}

/// The minimum and the median of some measurements.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// The fastest.
    pub min: f64,
    /// The median (the mean of the middle two for an even count).
    pub median: f64,
}

impl Spread {
    /// The spread of `values`; `None` when there are none.
    pub fn of(values: &[f64]) -> Option<Spread> {
        let mut v = values.to_vec();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        let min = *v.first()?;
        let median = if n % 2 == 1 {
            v[n / 2]
        } else {
            (v[n / 2 - 1] + v[n / 2]) / 2.0
        };
        Some(Spread { min, median })
    }
}

/// One figure: kernel and userspace (or chess and sample) times, and the work it measured.
#[derive(Clone, Debug)]
pub struct Figure {
    /// What was measured.
    pub name: String,
    /// The unit of the times (`ms`, `us`).
    pub unit: &'static str,
    /// The measured side's times.
    pub ours: Vec<f64>,
    /// The reference's times.
    pub reference: Vec<f64>,
    /// The goal for ours / reference, if any.
    pub goal: Option<f64>,
}

impl Figure {
    /// An empty figure in milliseconds, judged by the kernel/userspace goal.
    fn kernel_against_userspace() -> Figure {
        Figure {
            name: String::new(),
            unit: "ms",
            ours: Vec::new(),
            reference: Vec::new(),
            goal: Some(GOAL_KERNEL_RATIO),
        }
    }

    /// (ratio of the minimums, ratio of the medians).
    pub fn ratios(&self) -> Option<(f64, f64)> {
        let a = Spread::of(&self.ours)?;
        let b = Spread::of(&self.reference)?;
        Some((a.min / b.min, a.median / b.median))
    }

    /// Whether the goal is met: judged on the medians.
    pub fn met(&self) -> Option<bool> {
        Some(self.ratios()?.1 <= self.goal?)
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// Sends `12 depth` from the initial position; (leaves, time).
fn perft_once(client: &mut Client, depth: u32) -> Result<(u64, Duration), ClientError> {
    client.new_game(Mode::Humans)?;
    let t = Instant::now();
    let leaves = client.perft(depth)?;
    Ok((leaves, t.elapsed()))
}

/// Perft on board 0 of the module and on one simulator.
pub fn perft(opts: &Options) -> Result<Figure, BenchVmError> {
    let mut kernel = Client::connect(&(opts.board)(0))?;
    let mut sim = Client::new(reference(&opts.sim)?);
    let mut fig = Figure::kernel_against_userspace();
    let mut leaves = 0;
    for _ in 0..opts.runs {
        let (k, kt) = perft_once(&mut kernel, opts.perft_depth)?;
        let (s, st) = perft_once(&mut sim, opts.perft_depth)?;
        if k != s {
            return Err(BenchVmError::Mismatch {
                what: format!("12 {}", opts.perft_depth),
                kernel: k,
                sim: s,
            });
        }
        leaves = k;
        fig.ours.push(ms(kt));
        fig.reference.push(ms(st));
    }
    fig.name = format!("perft 12 {} ({leaves} leaves)", opts.perft_depth);
    Ok(fig)
}

/// A fresh connection to the reference, with a table of [`TT_MB`] MiB like each board's.
fn reference(target: &Target) -> Result<Link, LinkError> {
    match target {
        Target::Sim(path) => {
            Link::spawn_sim_with(path, &["--tt-mb".to_string(), TT_MB.to_string()])
        }
        Target::InProcess => Ok(Link::InProcess(Box::new(Session::new(TT_MB)))),
        other => other.connect(),
    }
}

/// Searches `fen` to `depth` on a fresh game; (nodes, time of the `03`).
fn search_once(
    client: &mut Client,
    fen: &'static str,
    depth: u8,
) -> Result<(u64, Duration), BenchVmError> {
    client.load(Mode::Humans, fen)?;
    client.set_limit(Limit::Depth(depth))?;
    let t = Instant::now();
    client.cpu_move()?;
    let took = t.elapsed();
    let record = client.search_info()?.ok_or(BenchVmError::NoRecord(fen))?;
    Ok((record.nodes, took))
}

/// Waits until the device file of `target` exists again after a reload.
fn wait_for(target: &Target) -> Result<(), BenchVmError> {
    let Target::Device(path) = target else {
        return Ok(());
    };
    let t = Instant::now();
    while !path.exists() {
        if t.elapsed() > Duration::from_secs(5) {
            return Err(BenchVmError::NoDevice(path.clone()));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    Ok(())
}

/// The search workload: per run, the module reloaded and each position on its own board, and
/// each position on its own simulator. Returns the figure and the nodes of one run.
pub fn search(opts: &Options) -> Result<(Figure, u64), BenchVmError> {
    let mut fig = Figure::kernel_against_userspace();
    let mut total = 0;
    for _ in 0..opts.runs {
        if let Some(reset) = &opts.reset {
            transcript::reset(reset)?;
        }
        let (mut kt, mut st, mut nodes) = (Duration::ZERO, Duration::ZERO, 0);
        for (i, &(fen, depth)) in SEARCH_POSITIONS.iter().enumerate() {
            let board = (opts.board)(i);
            wait_for(&board)?;
            let (k, kd) = search_once(&mut Client::connect(&board)?, fen, depth)?;
            let (s, sd) = search_once(&mut Client::new(reference(&opts.sim)?), fen, depth)?;
            if k != s {
                return Err(BenchVmError::Mismatch {
                    what: format!("nodes of {fen} to depth {depth}"),
                    kernel: k,
                    sim: s,
                });
            }
            kt += kd;
            st += sd;
            nodes += k;
        }
        total = nodes;
        fig.ours.push(ms(kt));
        fig.reference.push(ms(st));
    }
    fig.name = format!(
        "search ({} positions, {total} nodes)",
        SEARCH_POSITIONS.len()
    );
    Ok((fig, total))
}

/// Runs every measurement and returns the figures, in the order of the table.
pub fn measure(opts: &Options) -> Result<Vec<Figure>, BenchVmError> {
    let mut figures = vec![perft(opts)?, search(opts)?.0];
    if let Some(rt) = &opts.round_trips {
        figures.extend(roundtrip::measure(rt, opts.runs)?);
    }
    Ok(figures)
}

/// How the guest runs: `kvm` when the KVM paravirtual clock is there, else `tcg`; and the
/// clocksource that [`Instant`] reads.
pub fn accelerator() -> String {
    let read = |p: &str| std::fs::read_to_string(p).unwrap_or_default();
    let dir = "/sys/devices/system/clocksource/clocksource0";
    let available = read(&format!("{dir}/available_clocksource"));
    let current = read(&format!("{dir}/current_clocksource"));
    let accel = if available.split_whitespace().any(|c| c == "kvm-clock") {
        "kvm"
    } else {
        "tcg (no KVM clock: software emulation)"
    };
    format!("{accel}, clocksource {}", current.trim())
}

/// The table: each figure's min / median on both sides, the ratios, and the goal.
pub fn table(figures: &[Figure]) -> String {
    let mut out = format!(
        "{:<40} {:>5} {:>19} {:>19} {:>13}  goal (on the median)\n",
        "", "unit", "ours min/median", "ref min/median", "ratio min/med"
    );
    for f in figures {
        let (Some(a), Some(b), Some((rmin, rmed))) =
            (Spread::of(&f.ours), Spread::of(&f.reference), f.ratios())
        else {
            continue;
        };
        let goal = match (f.goal, f.met()) {
            (Some(g), Some(true)) => format!("<= {g:.1}: met"),
            (Some(g), _) => format!("<= {g:.1}: MISSED"),
            (None, _) => "-".to_string(),
        };
        out += &format!(
            "{:<40} {:>5} {:>9.3}/{:<9.3} {:>9.3}/{:<9.3} {:>6.2}/{:<6.2}  {goal}\n",
            f.name, f.unit, a.min, a.median, b.min, b.median, rmin, rmed
        );
    }
    out
}

/// Measures and prints the table (`kchess bench-vm`).
pub fn main(opts: &Options) -> Result<(), BenchVmError> {
    let release = std::fs::read_to_string("/proc/sys/kernel/osrelease").unwrap_or_default();
    println!(
        "bench-vm: kernel {} ({}), {} runs of each, times of one run: min/median",
        release.trim(),
        accelerator(),
        opts.runs
    );
    println!(
        "bench-vm: ours = the module, ref = a static chess-sim in the same VM (perft, search); \
         round trips: one write + one read, mean of {} per run",
        opts.round_trips.as_ref().map_or(0, |r| r.count)
    );
    let figures = measure(opts)?;
    print!("{}", table(&figures));
    if opts.round_trips.is_some() {
        println!(
            "bench-vm: the sample logs every read and write (dev_info!, to the kernel log): that \
             is part of its round trip; /dev/null is two system calls doing nothing"
        );
    }
    let missed = figures.iter().filter(|f| f.met() == Some(false)).count();
    let goals = figures.iter().filter(|f| f.goal.is_some()).count();
    println!("bench-vm: {} of {goals} goals met", goals - missed);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counts_of_both_sides_agree_and_name_the_work() {
        let opts = Options {
            board: Box::new(|_| Target::InProcess),
            sim: Target::InProcess,
            runs: 2,
            perft_depth: 3,
            reset: None,
            round_trips: None,
        };
        let figures = measure(&opts).unwrap();
        let names: Vec<&str> = figures.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "perft 12 3 (8902 leaves)",
                "search (8 positions, 296026 nodes)"
            ]
        );
        assert!(figures
            .iter()
            .all(|f| f.ours.len() == 2 && f.reference.len() == 2));
    }

    #[test]
    fn spread_is_min_and_median() {
        assert_eq!(Spread::of(&[]), None);
        let s = Spread::of(&[5.0, 1.0, 3.0]).unwrap();
        assert_eq!((s.min, s.median), (1.0, 3.0));
        let s = Spread::of(&[4.0, 2.0, 8.0, 6.0]).unwrap();
        assert_eq!((s.min, s.median), (2.0, 5.0));
    }

    #[test]
    fn the_goal_is_judged_on_the_medians() {
        let f = Figure {
            name: "x".into(),
            unit: "ms",
            ours: vec![1.0, 14.0, 14.0],
            reference: vec![10.0, 10.0, 10.0],
            goal: Some(1.3),
        };
        assert_eq!(f.ratios(), Some((0.1, 1.4)));
        assert_eq!(f.met(), Some(false));
        assert!(table(&[f]).contains("<= 1.3: MISSED"));
    }
}
