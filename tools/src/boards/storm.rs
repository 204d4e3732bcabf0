//! The storm: processes sending mixed commands to every board at once while signals cut their
//! waits and searches short; afterwards every board's game must be where its own history leads.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::pthread::{pthread_kill, pthread_self, Pthread};
use nix::sys::signal::Signal;

use super::{
    board_path, check, interrupt_with_sigusr1, text, BoardsError, Desc, Result, MOVE_REPLY,
};
use crate::link::Target;
use crate::validate;
use crate::vmcheck::Rng;

/// The mix of one storm process: every command with its weight, over all boards.
fn storm_command(rng: &mut Rng, legal: &[Vec<u8>]) -> Vec<u8> {
    match rng.below(20) {
        0 => [&b"00 H\n"[..], b"00 W\n", b"00 B\n"][rng.below(3)].to_vec(),
        1 | 2 => b"01\n".to_vec(),
        3..=6 if !legal.is_empty() => {
            let mut c = b"02 ".to_vec();
            c.extend(&legal[rng.below(legal.len())]);
            c.push(b'\n');
            c
        }
        7 | 8 => b"03\n".to_vec(),
        9 => b"05\n".to_vec(),
        10 => b"06\n".to_vec(),
        11 => format!("07 {}\n", ["D1", "D2", "N2000", "T20"][rng.below(4)]).into_bytes(),
        12 => b"08\n".to_vec(),
        13 => b"10\n".to_vec(),
        14 => b"12 2\n".to_vec(),
        15 | 16 => b"13\n".to_vec(),
        17 => b"14\n".to_vec(),
        18 => b"99\n".to_vec(),
        _ => b"11\n".to_vec(),
    }
}

/// One storm process: `commands` commands spread over `boards` boards, its main thread
/// signalled every few milliseconds so that waits and searches are cut short.
pub fn storm_worker(base: &Path, boards: usize, seed: u64, commands: usize) -> Result<()> {
    interrupt_with_sigusr1()?;
    let mut descs = (0..boards)
        .map(|i| Desc::open(&board_path(base, i), false))
        .collect::<Result<Vec<_>>>()?;
    let mut legal: Vec<Vec<Vec<u8>>> = vec![Vec::new(); boards];
    let main: Pthread = pthread_self();
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let signaller = thread::spawn(move || {
        let mut rng = Rng(seed.rotate_left(17) | 1);
        while !flag.load(Ordering::SeqCst) {
            thread::sleep(Duration::from_millis(2 + rng.below(20) as u64));
            let _ = pthread_kill(main, Signal::SIGUSR1);
        }
    });
    let mut rng = Rng(seed | 1);
    let mut interrupted = 0;
    let mut result = Ok(());
    for _ in 0..commands {
        let b = rng.below(boards);
        let cmd = storm_command(&mut rng, &legal[b]);
        let reply = match descs[b].try_send(&cmd) {
            Ok(Some(reply)) => reply,
            Ok(None) => {
                interrupted += 1;
                continue;
            }
            Err(e) => {
                result = Err(BoardsError::Io {
                    path: board_path(base, b),
                    source: e,
                });
                break;
            }
        };
        if let Err(e) = validate::check(&cmd, &reply) {
            result = Err(BoardsError::Check(format!("board {b}: {e}")));
            break;
        }
        if cmd == b"11\n" && validate::is_move_list(&reply) {
            legal[b] = reply[..reply.len() - 1]
                .split(|&c| c == b' ')
                .filter(|m| !m.is_empty())
                .map(<[u8]>::to_vec)
                .collect();
        }
    }
    stop.store(true, Ordering::SeqCst);
    let _ = signaller.join();
    println!("storm worker {seed}: {commands} commands, {interrupted} interrupted by a signal");
    result
}

/// `procs` storm processes at once, then every board's game checked against a replay of its
/// own history in an in-process device.
pub fn storm(base: &Path, boards: usize, procs: usize, commands: usize, seed: u64) -> Result<()> {
    let exe =
        std::env::current_exe().map_err(|e| BoardsError::Check(format!("current_exe: {e}")))?;
    let start = Instant::now();
    let children = (0..procs)
        .map(|i| {
            Command::new(&exe)
                .args(["boards", "--check", "storm-worker", "--device"])
                .arg(base)
                .args([
                    "--boards",
                    &boards.to_string(),
                    "--commands",
                    &commands.to_string(),
                ])
                .args(["--seed", &(seed + i as u64).to_string()])
                .spawn()
                .map_err(|e| BoardsError::Check(format!("spawn: {e}")))
        })
        .collect::<Result<Vec<_>>>()?;
    let failed = children
        .into_iter()
        .map(|mut c| c.wait().map(|s| s.success()).unwrap_or(false))
        .filter(|ok| !ok)
        .count();
    check(failed == 0, || format!("{failed} storm processes failed"))?;
    for b in 0..boards {
        replay_matches(&board_path(base, b))?;
    }
    println!(
        "storm: {procs} processes x {commands} commands over {boards} boards in {:.1} s; every \
         board's 06 equals the replay of its 05",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// The board's position (`06`) is where its history (`05`) leads from the start position.
fn replay_matches(path: &Path) -> Result<()> {
    let mut desc = Desc::open(path, false)?;
    let history = desc.send(b"05\n")?;
    let fen = desc.send(b"06\n")?;
    if history == b"NOGAME\n" {
        return Ok(());
    }
    let mut replay = Target::InProcess
        .connect()
        .map_err(|e| BoardsError::Check(e.to_string()))?;
    let mut send = |cmd: &[u8]| {
        replay
            .send(cmd)
            .map_err(|e| BoardsError::Check(e.to_string()))
    };
    send(b"00 H\n")?;
    let moves = history.strip_suffix(b"\n").unwrap_or(&history);
    for mv in moves.split(|&c| c == b' ').filter(|m| !m.is_empty()) {
        let cmd = [&b"02 "[..], mv, b"\n"].concat();
        let reply = send(&cmd)?;
        check(MOVE_REPLY(&reply), || {
            format!(
                "{}: replaying {} -> {}",
                path.display(),
                text(&cmd),
                text(&reply)
            )
        })?;
    }
    let replayed = send(b"06\n")?;
    check(replayed == fen, || {
        format!(
            "{}: 06 is {} but its 05 leads to {}",
            path.display(),
            text(&fen),
            text(&replayed)
        )
    })
}
