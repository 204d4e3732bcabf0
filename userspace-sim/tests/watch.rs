//! A search watched (`13`) and stopped (`14`) over the simulator's pipe, and the order of the
//! replies when commands arrive while a command runs (docs/PROTOCOL.md, "The simulator over a
//! pipe").

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

const SIM: &str = env!("CARGO_BIN_EXE_chess-sim");
/// Far more than any reply here takes: only a hung simulator reaches it.
const PATIENCE: Duration = Duration::from_secs(30);

/// A running simulator: commands in, reply lines out (read by a thread, so a test can wait
/// with a timeout).
struct Sim {
    child: Child,
    input: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Sim {
    fn start(args: &[&str]) -> Sim {
        let mut child = Command::new(SIM)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in output.lines() {
                if tx.send(line.unwrap()).is_err() {
                    break;
                }
            }
        });
        Sim {
            child,
            input: Some(input),
            lines,
        }
    }

    fn send(&mut self, cmd: &str) {
        let input = self.input.as_mut().expect("standard input is open");
        writeln!(input, "{cmd}").unwrap();
        input.flush().unwrap();
    }

    fn reply(&self) -> String {
        self.lines.recv_timeout(PATIENCE).expect("no reply")
    }

    fn ask(&mut self, cmd: &str) -> String {
        self.send(cmd);
        self.reply()
    }
}

impl Drop for Sim {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn field(record: &str, name: &str) -> u64 {
    let mut words = record.split(' ');
    words
        .find(|&w| w == name)
        .unwrap_or_else(|| panic!("no {name} in {record:?}"));
    words.next().unwrap().parse().unwrap()
}

const MOVE_REPLIES: [&str; 5] = ["OK", "CHECK", "MATE", "STALEMATE", "DRAW"];

#[test]
fn thirteen_watches_and_fourteen_stops_an_infinite_search() {
    let mut sim = Sim::start(&[]);
    assert_eq!(sim.ask("00 B"), "OK");
    assert_eq!(sim.ask("07 I"), "OK");
    sim.send("03");
    thread::sleep(Duration::from_millis(300));
    let first = sim.ask("13");
    thread::sleep(Duration::from_millis(300));
    let second = sim.ask("13");
    assert!(first.starts_with("depth "), "{first:?}");
    assert!(
        field(&second, "depth") >= field(&first, "depth"),
        "{first:?} {second:?}"
    );
    assert!(
        field(&second, "nodes") > field(&first, "nodes"),
        "{first:?} {second:?}"
    );
    assert!(
        field(&second, "time") > field(&first, "time"),
        "{first:?} {second:?}"
    );
    assert!(second.contains(" pv W"), "{second:?}");
    // While it runs, the record names the root move being searched.
    assert!(second.contains(" currmove W"), "{second:?}");
    assert!(field(&second, "currmovenumber") >= 1, "{second:?}");
    let stopped = Instant::now();
    assert_eq!(sim.ask("14"), "OK");
    let played = sim.reply();
    println!("03 returned {:?} after 14", stopped.elapsed());
    assert!(MOVE_REPLIES.contains(&played.as_str()), "{played:?}");
    let history = sim.ask("05");
    assert_eq!(history.split(' ').count(), 1, "{history:?}");
    // After the search, 13 is its final record, which starts with the move it played.
    let last = sim.ask("13");
    assert!(
        last.contains(&format!(" pv {history}")),
        "{last:?} {history:?}"
    );
    assert!(!last.contains("currmove"), "{last:?}");
}

#[test]
fn other_commands_wait_for_the_search_and_keep_their_order() {
    let mut sim = Sim::start(&[]);
    assert_eq!(sim.ask("00 B"), "OK");
    assert_eq!(sim.ask("07 D7"), "OK");
    // All at once: 01 and 05 wait for the 03; the 13 after them is answered after them too.
    sim.send("03\n01\n05\n13");
    let replies: Vec<String> = (0..4).map(|_| sim.reply()).collect();
    assert!(MOVE_REPLIES.contains(&replies[0].as_str()), "{replies:?}");
    assert_eq!(replies[1].len(), 128, "{replies:?}");
    assert_eq!(replies[2].split(' ').count(), 1, "{replies:?}");
    assert!(replies[3].starts_with("depth 7 "), "{replies:?}");
}

#[test]
fn thirteen_waits_for_a_perft_and_fourteen_does_not() {
    let mut sim = Sim::start(&[]);
    assert_eq!(sim.ask("00 W"), "OK");
    // 12 5 is not a search: a 13 behind it waits (and finds no search this game); a 14 is
    // answered at once, ahead of the perft's reply.
    sim.send("12 5\n14\n13");
    assert_eq!(sim.reply(), "OK");
    assert_eq!(sim.reply(), "4865609");
    assert_eq!(sim.reply(), "");
}

#[test]
fn the_ceiling_ends_an_infinite_search() {
    let mut sim = Sim::start(&["--max-think-s", "1"]);
    assert_eq!(sim.ask("00 B"), "OK");
    assert_eq!(sim.ask("07 I"), "OK");
    let start = Instant::now();
    let played = sim.ask("03");
    assert!(MOVE_REPLIES.contains(&played.as_str()), "{played:?}");
    // The ceiling counts whole milliseconds of the board's clock, truncated at both ends.
    assert!(
        start.elapsed() >= Duration::from_millis(990),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn end_of_input_during_a_search_still_answers_it() {
    let mut sim = Sim::start(&[]);
    sim.send("00 B\n07 D5\n03");
    // Close standard input: the simulator finishes the search, replies, and exits.
    sim.input = None;
    assert_eq!(sim.reply(), "OK");
    assert_eq!(sim.reply(), "OK");
    assert!(MOVE_REPLIES.contains(&sim.reply().as_str()));
    assert!(sim.child.wait().unwrap().success());
}
