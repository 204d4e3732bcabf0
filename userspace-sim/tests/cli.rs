//! The `chess-sim` binary as a user runs it: its command line and its signals.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Duration;

use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;

const SIM: &str = env!("CARGO_BIN_EXE_chess-sim");

#[test]
fn help_succeeds_and_describes_the_options() {
    let out = Command::new(SIM).arg("--help").output().unwrap();
    assert!(out.status.success(), "--help exited with {}", out.status);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("--tt-mb"), "{text}");
}

#[test]
fn bad_arguments_fail_with_usage() {
    let out = Command::new(SIM).arg("--tt-mb").arg("0").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let out = Command::new(SIM).arg("--bogus").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// SIGUSR1 stops a search; while the simulator waits for input it must change nothing.
#[test]
fn sigusr1_while_idle_is_ignored() {
    let mut child = Command::new(SIM)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdin.write_all(b"00 W\n").unwrap();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "OK\n");
    // Now it is blocked reading standard input.
    std::thread::sleep(Duration::from_millis(100));
    let pid = Pid::from_raw(child.id() as i32);
    for _ in 0..3 {
        kill(pid, Signal::SIGUSR1).unwrap();
        std::thread::sleep(Duration::from_millis(20));
    }
    line.clear();
    stdin.write_all(b"02 WPe2-e4\n").unwrap();
    stdout.read_line(&mut line).unwrap();
    assert_eq!(line, "OK\n");
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success(), "chess-sim exited with {status}");
}
