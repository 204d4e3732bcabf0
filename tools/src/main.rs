//! `kchess`: play against the engine, run perft and benchmarks, bridge to UCI, and replay
//! protocol transcripts against the simulator or `/dev/chess`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use kchess::link::Target;
use kchess::{bench, benchvm, boards, perft, play, transcript, tune, uci, vmcheck};

#[derive(Parser)]
#[command(name = "kchess", version, about = "Chess in the Linux kernel: tools")]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

/// Where to find the protocol.
#[derive(clap::Args, Clone)]
struct TargetArgs {
    /// Talk to a device file such as /dev/chess.
    #[arg(long, value_name = "PATH", conflicts_with_all = ["sim", "in_process"])]
    device: Option<PathBuf>,
    /// Talk to this chess-sim binary over pipes (default: the one next to kchess).
    #[arg(long, value_name = "PATH", conflicts_with = "in_process")]
    sim: Option<PathBuf>,
    /// Use a device inside this process.
    #[arg(long)]
    in_process: bool,
}

impl TargetArgs {
    fn target(&self) -> Target {
        if let Some(d) = &self.device {
            Target::Device(d.clone())
        } else if let Some(s) = &self.sim {
            Target::Sim(s.clone())
        } else if self.in_process {
            Target::InProcess
        } else {
            Target::default_sim()
        }
    }
}

#[derive(Subcommand)]
enum Cmd {
    /// Count the leaves of the legal move tree.
    Perft {
        /// Depth in plies, 1 to 12.
        #[arg(long, required_unless_present = "epd",
              value_parser = clap::value_parser!(u32).range(1..=12))]
        depth: Option<u32>,
        /// Start from this FEN (six fields, or four without the clocks) instead of the initial
        /// position.
        #[arg(long, conflicts_with = "epd")]
        fen: Option<String>,
        /// Print the count below each root move.
        #[arg(long, conflicts_with = "epd")]
        divide: bool,
        /// Check every `;Dn count` entry of an EPD perft file.
        #[arg(long, value_name = "FILE")]
        epd: Option<PathBuf>,
        /// Skip EPD entries with more leaves than this (default: no limit).
        #[arg(long, value_name = "N", requires = "epd")]
        max_nodes: Option<u64>,
    },
    /// Benchmarks: the fixed search workload, or perft speed next to shakmaty and cozy-chess.
    Bench {
        /// Measure perft speed instead of search speed.
        #[arg(long)]
        perft: bool,
        /// Rounds of the perft measurement; each figure is their median.
        #[arg(long, default_value_t = 3, requires = "perft",
              value_parser = clap::value_parser!(u32).range(1..=100))]
        runs: u32,
        /// Transposition table size in MiB for the search workload.
        #[arg(long, default_value_t = 16)]
        tt_mb: usize,
    },
    /// The module against the same core in userspace, and its round trip against the kernel's
    /// Rust misc device sample (run inside the bench VM by `make bench-vm`).
    BenchVm {
        /// Board 0 of the module (board i is this path followed by i).
        #[arg(long, value_name = "PATH", conflicts_with = "in_process")]
        device: Option<PathBuf>,
        /// Measure an in-process device instead of the module (a trial on the host).
        #[arg(long)]
        in_process: bool,
        /// The userspace reference (default: the chess-sim next to kchess).
        #[arg(long, value_name = "PATH")]
        sim: Option<PathBuf>,
        /// The sample's device file, for the round trips.
        #[arg(long, value_name = "PATH", default_value = "/dev/rust-misc-device")]
        sample: PathBuf,
        /// Measurements of each figure.
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=100))]
        runs: u64,
        /// Perft depth from the initial position (`12 N`).
        #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=7))]
        perft_depth: u32,
        /// Round trips per measurement.
        #[arg(long, default_value_t = 20_000)]
        round_trips: usize,
        /// A shell command that reloads the module with fresh boards, one per search position
        /// (a board keeps its transposition table).
        #[arg(long, value_name = "CMD")]
        reset: Option<String>,
    },
    /// Replay protocol transcripts; ends with `N passed, N failed`.
    Transcript {
        #[command(flatten)]
        target: TargetArgs,
        /// A shell command run before each file (e.g. reloading the module).
        #[arg(long, value_name = "CMD")]
        reset: Option<String>,
        /// Transcript files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Play chess in the terminal: against the CPU, two people, or watch the CPU play itself.
    #[command(after_long_help = play::HELP)]
    Play {
        #[command(flatten)]
        target: TargetArgs,
        #[command(flatten)]
        args: play::PlayArgs,
    },
    /// A UCI engine that plays through the protocol.
    Uci {
        #[command(flatten)]
        target: TargetArgs,
        /// Speak UCI on this terminal (e.g. a serial port, set to raw mode) instead of
        /// standard input and output.
        #[arg(long, value_name = "PATH")]
        tty: Option<PathBuf>,
        /// With --tty: serve this many GUIs one after another, each ending with `quit`
        /// [default: 1].
        #[arg(long, value_name = "N", requires = "tty",
              value_parser = clap::value_parser!(u32).range(1..))]
        sessions: Option<u32>,
    },
    /// Several processes sending mixed commands to one device file at once.
    Stress {
        /// The device file.
        #[arg(long, value_name = "PATH")]
        device: PathBuf,
        /// How many processes.
        #[arg(long, default_value_t = 4)]
        procs: usize,
        /// Commands per process.
        #[arg(long, default_value_t = 1000)]
        commands: usize,
        /// Seed of the first process.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Run as one of the processes (used by the parent).
        #[arg(long, hide = true)]
        worker: bool,
    },
    /// Checks of a module's boards: waits, watching and stopping a search, a storm.
    Boards {
        /// The device file of board 0 (board i is this path followed by i).
        #[arg(long, value_name = "PATH")]
        device: PathBuf,
        /// Which check.
        #[arg(long, value_enum)]
        check: BoardsCheck,
        /// How many boards the storm uses.
        #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u64).range(1..=64))]
        boards: u64,
        /// How many storm processes.
        #[arg(long, default_value_t = 8)]
        procs: usize,
        /// Commands per storm process.
        #[arg(long, default_value_t = 10_000)]
        commands: usize,
        /// Seed of the first storm process.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Print shell completions for kchess (e.g. `kchess completions bash > /etc/bash_completion.d/kchess`).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print a man page (roff): `kchess man play | man -l -`; `--dir` writes them all.
    Man {
        /// The subcommand whose page to print (default: kchess's own).
        command: Option<String>,
        /// Write kchess.1 and a page for each subcommand into this directory.
        #[arg(long, value_name = "DIR", conflicts_with = "command")]
        dir: Option<PathBuf>,
    },
    /// Tuning the evaluation: training positions from self-play, and fitting the weights and the
    /// network.
    Tune {
        #[command(subcommand)]
        command: tune::Command,
    },
    /// Interrupt a long CPU search on a device file with a signal.
    Interrupt {
        /// The device file.
        #[arg(long, value_name = "PATH")]
        device: PathBuf,
        /// How long the search runs before the signal, in milliseconds.
        #[arg(long, default_value_t = 1000)]
        after_ms: u64,
    },
}

/// The checks of `kchess boards`.
#[derive(Clone, Copy, clap::ValueEnum)]
enum BoardsCheck {
    /// Board 1 answers while board 0 searches.
    Independent,
    /// 13 watches a search, 14 stops it.
    Watch,
    /// A writer waiting for a busy board sleeps interruptibly.
    Waiter,
    /// Processes with signals over all boards; every game replayed.
    Storm,
    /// One storm process (used by storm).
    StormWorker,
    /// One waiting writer (used by waiter).
    WriteOne,
    /// kchess uci --device on board 1.
    Uci,
}

/// Why a subcommand failed.
#[derive(Debug, thiserror::Error)]
enum CliError {
    #[error("{path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(transparent)]
    Perft(#[from] perft::PerftError),
    #[error(transparent)]
    Bench(#[from] bench::BenchError),
    #[error(transparent)]
    Play(#[from] play::PlayError),
    #[error(transparent)]
    Uci(#[from] uci::UciError),
    #[error(transparent)]
    Check(#[from] vmcheck::CheckError),
    #[error(transparent)]
    BenchVm(#[from] benchvm::BenchVmError),
    #[error(transparent)]
    Boards(#[from] boards::BoardsError),
    #[error(transparent)]
    Tune(#[from] tune::TuneError),
    #[error("kchess has no subcommand {0:?}")]
    NoCommand(String),
    #[error("writing the output: {source}")]
    Write { source: std::io::Error },
    #[error("not every perft count matched ({0} wrong)")]
    PerftFailed(usize),
    #[error("not every transcript passed ({0} failed)")]
    TranscriptsFailed(usize),
}

fn perft_epd(path: &Path, max_nodes: Option<u64>) -> Result<(), CliError> {
    let text = std::fs::read_to_string(path).map_err(|source| CliError::Read {
        path: path.to_owned(),
        source,
    })?;
    match perft::run_epd(&text, max_nodes, &mut perft::progress_sink())? {
        (_, 0) => Ok(()),
        (_, failed) => Err(CliError::PerftFailed(failed)),
    }
}

fn transcripts(target: &Target, reset: Option<&str>, files: &[PathBuf]) -> Result<(), CliError> {
    let tally = transcript::run_files(files, target, || match reset {
        None => Ok(()),
        Some(cmd) => transcript::reset(cmd),
    });
    if tally.skipped > 0 {
        println!(
            "{} passed, {} failed, {} skipped",
            tally.passed, tally.failed, tally.skipped
        );
    } else {
        println!("{} passed, {} failed", tally.passed, tally.failed);
    }
    match tally.failed {
        0 => Ok(()),
        n => Err(CliError::TranscriptsFailed(n)),
    }
}

/// `kchess man`: one page to standard output, or every page into `dir`.
fn man(command: Option<&str>, dir: Option<&Path>) -> Result<(), CliError> {
    let cli = <Cli as clap::CommandFactory>::command().name("kchess");
    let written = match (command, dir) {
        (_, Some(dir)) => clap_mangen::generate_to(cli, dir),
        (None, None) => clap_mangen::Man::new(cli).render(&mut std::io::stdout()),
        (Some(name), None) => {
            let mut cli = cli;
            cli.build();
            let Some(sub) = cli.find_subcommand(name).cloned() else {
                return Err(CliError::NoCommand(name.to_string()));
            };
            let sub = sub.version(env!("CARGO_PKG_VERSION"));
            clap_mangen::Man::new(sub).render(&mut std::io::stdout())
        }
    };
    written.map_err(|source| CliError::Write { source })
}

/// What `kchess bench-vm` measures: the module's boards when a device is given (round trips
/// included), else in-process devices.
fn bench_vm_options(
    device: Option<PathBuf>,
    sim: Option<PathBuf>,
    sample: PathBuf,
    runs: usize,
    perft_depth: u32,
    round_trips: usize,
    reset: Option<String>,
) -> benchvm::Options {
    let sim = sim.map_or_else(Target::default_sim, Target::Sim);
    let round_trips = device.as_ref().map(|chess| benchvm::RoundTrips {
        chess: chess.clone(),
        sample,
        null: PathBuf::from("/dev/null"),
        count: round_trips,
    });
    let board: Box<dyn Fn(usize) -> Target> = match device {
        Some(dev) => Box::new(move |i| {
            let mut path = dev.clone().into_os_string();
            if i > 0 {
                path.push(i.to_string());
            }
            Target::Device(path.into())
        }),
        None => Box::new(|_| Target::InProcess),
    };
    benchvm::Options {
        board,
        sim,
        runs,
        perft_depth,
        reset,
        round_trips,
    }
}

fn run(command: Cmd) -> Result<(), CliError> {
    match command {
        Cmd::Perft {
            depth,
            fen,
            divide,
            epd,
            max_nodes,
        } => match epd {
            Some(path) => perft_epd(&path, max_nodes),
            None => perft::run_depth(
                fen.as_deref(),
                depth.unwrap_or(1),
                divide,
                &mut perft::progress_sink(),
            )
            .map(|_| ())
            .map_err(CliError::from),
        },
        Cmd::Tune { command } => Ok(command.run()?),
        Cmd::Bench {
            perft: true, runs, ..
        } => Ok(bench::perft_speed(runs as usize)?),
        Cmd::Bench { tt_mb, .. } => Ok(bench::search_speed(tt_mb)?),
        Cmd::BenchVm {
            device,
            in_process: _,
            sim,
            sample,
            runs,
            perft_depth,
            round_trips,
            reset,
        } => Ok(benchvm::main(&bench_vm_options(
            device,
            sim,
            sample,
            runs as usize,
            perft_depth,
            round_trips,
            reset,
        ))?),
        Cmd::Transcript {
            target,
            reset,
            files,
        } => transcripts(&target.target(), reset.as_deref(), &files),
        Cmd::Play { target, args } => Ok(play::main(&target.target(), args)?),
        Cmd::Uci {
            target, tty: None, ..
        } => Ok(uci::main(&target.target())?),
        Cmd::Uci {
            target,
            tty: Some(tty),
            sessions,
        } => Ok(uci::serve_tty(
            &target.target(),
            &tty,
            sessions.unwrap_or(1),
        )?),
        Cmd::Stress {
            device,
            commands,
            seed,
            worker: true,
            ..
        } => Ok(vmcheck::stress_worker(&device, seed, commands)?),
        Cmd::Stress {
            device,
            procs,
            commands,
            seed,
            ..
        } => Ok(vmcheck::stress(&device, procs, commands, seed)?),
        Cmd::Boards {
            device,
            check,
            boards: n,
            procs,
            commands,
            seed,
        } => {
            let n = n as usize;
            Ok(match check {
                BoardsCheck::Independent => boards::independent(&device),
                BoardsCheck::Watch => boards::watch(&device),
                BoardsCheck::Waiter => boards::waiter(&device),
                BoardsCheck::Storm => boards::storm(&device, n, procs, commands, seed),
                BoardsCheck::StormWorker => boards::storm_worker(&device, n, seed, commands),
                BoardsCheck::WriteOne => boards::write_one(&device),
                BoardsCheck::Uci => boards::uci(&device),
            }?)
        }
        Cmd::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut cmd, "kchess", &mut std::io::stdout());
            Ok(())
        }
        Cmd::Man { command, dir } => man(command.as_deref(), dir.as_deref()),
        Cmd::Interrupt { device, after_ms } => Ok(vmcheck::interrupt(
            &device,
            std::time::Duration::from_millis(after_ms),
        )?),
    }
}

fn main() -> ExitCode {
    match run(Cli::parse().command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("kchess: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn perft_args(args: &[&str]) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(["kchess", "perft"].iter().chain(args))
    }

    #[test]
    fn perft_depth_is_bounded() {
        for bad in ["0", "13", "99"] {
            let err = perft_args(&["--depth", bad]).err().expect(bad);
            assert_eq!(err.kind(), clap::error::ErrorKind::ValueValidation, "{bad}");
        }
        for good in ["1", "12"] {
            assert!(perft_args(&["--depth", good]).is_ok(), "{good}");
        }
        // --max-nodes only means something for an EPD suite.
        assert!(perft_args(&["--depth", "3", "--max-nodes", "10"]).is_err());
        assert!(perft_args(&["--epd", "x.epd", "--max-nodes", "10"]).is_ok());
    }

    #[test]
    fn perft_help_shows_no_absurd_default() {
        let mut cmd = Cli::command();
        let help = cmd
            .find_subcommand_mut("perft")
            .unwrap()
            .render_help()
            .to_string();
        assert!(!help.contains("18446744073709551615"), "{help}");
        assert!(help.contains("1 to 12"), "{help}");
    }
}
