//! UCI sessions against the in-process device, scripted the way a GUI drives the bridge.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

use super::{run, Out};
use crate::link::Target;
use crate::movetext::position_from_fen;

/// Collects the bridge's output.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Feeds a script line by line; a line `#wait N` blocks until the output holds N
/// `bestmove` lines, the way a GUI waits before its next command.
struct Script {
    lines: std::collections::VecDeque<String>,
    sink: Sink,
    pending: Vec<u8>,
}

impl io::Read for Script {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pending.is_empty() {
            let Some(line) = self.lines.pop_front() else {
                return Ok(0);
            };
            if let Some(n) = line.strip_prefix("#wait ") {
                let n: usize = n.parse().unwrap();
                for _ in 0..2000 {
                    let text = String::from_utf8(self.sink.0.lock().unwrap().clone()).unwrap();
                    if bestmove(&text).len() >= n {
                        break;
                    }
                    thread::sleep(Duration::from_millis(5));
                }
            } else {
                self.pending = format!("{line}\n").into_bytes();
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

fn session(script: &str) -> String {
    let sink = Sink::default();
    let out: Out = Arc::new(Mutex::new(sink.clone()));
    let input = io::BufReader::new(Script {
        lines: script.lines().map(str::to_string).collect(),
        sink: sink.clone(),
        pending: Vec::new(),
    });
    run(&Target::InProcess, input, out).unwrap();
    let bytes = sink.0.lock().unwrap().clone();
    String::from_utf8(bytes).unwrap()
}

fn bestmove(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(str::to_string)
        .collect()
}

#[test]
fn handshake_and_a_search() {
    let text =
        session("uci\nisready\nposition startpos moves e2e4\ngo depth 3\n#wait 1\nisready\nquit\n");
    assert!(text.starts_with("id name kchess"), "{text}");
    assert!(text.contains("uciok\nreadyok\n"), "{text}");
    assert!(text.contains("info depth 3 score cp "), "{text}");
    let best = bestmove(&text);
    assert_eq!(best.len(), 1, "{text}");
    let mut pos = Chess::default();
    pos.play_unchecked(&"e2e4".parse::<UciMove>().unwrap().to_move(&pos).unwrap());
    let m: UciMove = best[0].parse().unwrap();
    assert!(m.to_move(&pos).is_ok(), "{text}");
    assert!(text.ends_with("readyok\n"), "{text}");
}

#[test]
fn castling_promotion_and_en_passant_are_replayed() {
    // En passant, castling both ways, then a promotion with capture, then a search.
    let fen = "rn2k2r/P7/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1";
    let moves = ["e5d6", "e8g8", "e1c1", "g8g7", "a7b8q"];
    let script = format!(
        "position fen {fen} moves {}\ngo depth 2\n#wait 1\nquit\n",
        moves.join(" ")
    );
    let text = session(&script);
    assert!(!text.contains("error"), "{text}");
    let best = bestmove(&text);
    assert_eq!(best.len(), 1, "{text}");
    let mut pos = position_from_fen(fen).unwrap();
    for m in moves {
        let m = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(&m);
    }
    let m: UciMove = best[0].parse().unwrap();
    assert!(m.to_move(&pos).is_ok(), "{text}");
    // The device holds the same position.
    assert!(text.contains("info depth 2 "), "{text}");
}

#[test]
fn incremental_positions_and_mate_in_one() {
    let script = "position startpos moves f2f3 e7e5 g2g4\ngo depth 2\n#wait 1\n\
                  position startpos moves f2f3 e7e5 g2g4 d8h4\nisready\nquit\n";
    let text = session(script);
    assert_eq!(bestmove(&text), vec!["d8h4"], "{text}");
    assert!(text.contains("score mate 1"), "{text}");
    assert!(text.ends_with("readyok\n"), "{text}");
    // A game that is over: no move.
    let text = session("position startpos moves f2f3 e7e5 g2g4 d8h4\ngo depth 2\n#wait 1\nquit\n");
    assert_eq!(bestmove(&text), vec!["0000"], "{text}");
}

#[test]
fn errors_are_reported_as_info_strings() {
    let text = session("position startpos moves e2e5\ngo depth 1\n#wait 1\nquit\n");
    assert!(
        text.contains("info string error: illegal move e2e5"),
        "{text}"
    );
    assert_eq!(bestmove(&text), vec!["0000"], "{text}");
    let text = session("position fen 8/8/8/8/8/8/8/8 w - - 0 1\nquit\n");
    assert!(text.contains("info string error"), "{text}");
    let text = session("frobnicate\nsetoption name Hash value 64\nquit\n");
    assert!(
        text.contains("info string unknown command: frobnicate"),
        "{text}"
    );
    assert!(text.contains("info string unsupported option"), "{text}");
}

#[test]
fn repetition_does_not_stop_the_engine() {
    // The device declares the threefold repetition a draw; the GUI plays on.
    let script = "position startpos moves g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8 e2e4\n\
                  go depth 2\n#wait 1\nquit\n";
    let text = session(script);
    let best = bestmove(&text);
    assert_eq!(best.len(), 1, "{text}");
    assert_ne!(best[0], "0000", "{text}");
}

#[test]
fn fifty_move_draw_does_not_stop_the_engine() {
    let text =
        session("position fen 4k3/8/8/8/8/8/8/R3K3 w - - 100 80\ngo depth 3\n#wait 1\nquit\n");
    let best = bestmove(&text);
    assert_eq!(best.len(), 1, "{text}");
    assert_ne!(best[0], "0000", "{text}");
    assert!(text.contains("info depth 3"), "{text}");
}

#[test]
fn ponder_waits_for_ponderhit_or_stop() {
    let text = session(
        "position startpos moves e2e4\ngo ponder depth 4\nisready\nponderhit\n#wait 1\n\
         position startpos moves e2e4 e7e5\ngo ponder wtime 1000 btime 1000\nstop\n#wait 2\n\
         quit\n",
    );
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.contains(&"readyok"), "{text}");
    assert!(text.contains("info depth 4 "), "{text}");
    assert!(text.contains("info depth 1 "), "{text}");
    assert_eq!(bestmove(&text).len(), 2, "{text}");
}

#[test]
fn stop_ends_an_infinite_search() {
    let start = std::time::Instant::now();
    let text = session("position startpos\ngo infinite\nisready\nstop\n#wait 1\nquit\n");
    assert!(start.elapsed() < Duration::from_secs(10), "{text}");
    assert!(text.contains("readyok"), "{text}");
    let best = bestmove(&text);
    assert_eq!(best.len(), 1, "{text}");
    assert_ne!(best[0], "0000", "{text}");
}
