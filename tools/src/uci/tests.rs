//! UCI sessions against the in-process device, scripted the way a GUI drives the bridge.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

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
/// `bestmove` lines, the way a GUI waits before its next command, and `#sleep MS` waits.
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
            if let Some(ms) = line.strip_prefix("#sleep ") {
                thread::sleep(Duration::from_millis(ms.parse().unwrap()));
            } else if let Some(n) = line.strip_prefix("#wait ") {
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
    session_on(&Target::InProcess, script)
}

fn session_on(target: &Target, script: &str) -> String {
    let sink = Sink::default();
    let out: Out = Arc::new(Mutex::new(sink.clone()));
    let input = io::BufReader::new(Script {
        lines: script.lines().map(str::to_string).collect(),
        sink: sink.clone(),
        pending: Vec::new(),
    });
    run(target, input, out).unwrap();
    let bytes = sink.0.lock().unwrap().clone();
    String::from_utf8(bytes).unwrap()
}

fn bestmove(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .filter_map(|l| l.split(' ').next())
        .map(str::to_string)
        .collect()
}

#[test]
fn handshake_and_a_search() {
    let text =
        session("uci\nisready\nposition startpos moves e2e4\ngo depth 3\n#wait 1\nisready\nquit\n");
    assert!(text.starts_with("id name kchess"), "{text}");
    assert!(text.contains("uciok\nreadyok\n"), "{text}");
    assert!(text.contains("info depth 3 seldepth "), "{text}");
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
    let text = session("frobnicate\nsetoption name Contempt value 3\nquit\n");
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
    assert_eq!(bestmove(&text).len(), 2, "{text}");
    // Nothing was answered before `ponderhit`.
    let ready = text.find("readyok").unwrap();
    assert!(text.find("bestmove").unwrap() > ready, "{text}");
}

#[test]
fn stop_ends_an_infinite_search() {
    let start = Instant::now();
    let text = session("position startpos\ngo infinite\nisready\nstop\n#wait 1\nquit\n");
    assert!(start.elapsed() < Duration::from_secs(10), "{text}");
    assert!(text.contains("readyok"), "{text}");
    let best = bestmove(&text);
    assert_eq!(best.len(), 1, "{text}");
    assert_ne!(best[0], "0000", "{text}");
}

/// The number after ` name ` in an `info` line.
fn field(line: &str, name: &str) -> Option<u64> {
    line.split(&format!(" {name} "))
        .nth(1)?
        .split(' ')
        .next()?
        .parse()
        .ok()
}

/// The position after `moves` (UCI) from the initial position.
fn after(moves: &[&str]) -> Chess {
    let mut pos = Chess::default();
    for m in moves {
        let m = m.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(&m);
    }
    pos
}

fn legal(pos: &Chess, uci: &str) -> bool {
    uci.parse::<UciMove>().is_ok_and(|m| m.to_move(pos).is_ok())
}

#[test]
fn go_twice_searches_the_same_position_twice() {
    // The device played the first `go`'s move; the second `go` must take it back.
    let text = session("position startpos\ngo depth 5\n#wait 1\ngo depth 5\n#wait 2\nquit\n");
    assert!(!text.contains("error"), "{text}");
    let best = bestmove(&text);
    assert_eq!(best.len(), 2, "{text}");
    let start = Chess::default();
    assert!(best.iter().all(|m| legal(&start, m)), "{text}");
    // Both final records are depth-5 searches of the initial position (a slow machine may
    // also show a failed aspiration window's record before them).
    let lines: Vec<&str> = text.lines().collect();
    let finals: Vec<&str> = lines
        .windows(2)
        .filter(|w| w[1].starts_with("bestmove "))
        .map(|w| w[0])
        .collect();
    assert_eq!(finals.len(), 2, "{text}");
    assert!(
        finals.iter().all(|l| l.starts_with("info depth 5 ")),
        "{text}"
    );
}

#[test]
fn takebacks_and_a_new_line_are_followed() {
    let text = session(
        "position startpos moves e2e4 e7e5\ngo depth 3\n#wait 1\n\
         position startpos moves e2e4\ngo depth 3\n#wait 2\n\
         position startpos moves d2d4\ngo depth 3\n#wait 3\n\
         ucinewgame\nposition startpos moves d2d4 d7d5\ngo depth 3\n#wait 4\nquit\n",
    );
    assert!(!text.contains("error"), "{text}");
    let best = bestmove(&text);
    assert_eq!(best.len(), 4, "{text}");
    assert!(legal(&after(&["e2e4", "e7e5"]), &best[0]), "{text}");
    assert!(legal(&after(&["e2e4"]), &best[1]), "{text}");
    assert!(legal(&after(&["d2d4"]), &best[2]), "{text}");
    assert!(legal(&after(&["d2d4", "d7d5"]), &best[3]), "{text}");
}

#[test]
fn a_long_search_reports_each_iteration_as_it_goes() {
    let start = Instant::now();
    let text = session("position startpos\ngo movetime 1500\n#wait 1\nquit\n");
    let elapsed = start.elapsed().as_millis();
    let depths: Vec<u32> = text
        .lines()
        .filter_map(|l| l.strip_prefix("info depth "))
        .map(|l| l.split(' ').next().unwrap().parse().unwrap())
        .collect();
    // Several iterations seen while searching, then the final record again.
    assert!(depths.len() >= 3, "{text}");
    assert!(depths.windows(2).all(|w| w[0] <= w[1]), "{text}");
    let last = text.lines().rfind(|l| l.starts_with("info depth")).unwrap();
    for field in [
        " seldepth ",
        " score ",
        " nodes ",
        " nps ",
        " hashfull ",
        " time ",
        " pv ",
    ] {
        assert!(last.contains(field), "{field} in {last}");
    }
    // The whole movetime (less the 30 ms overhead) is used, and not much more. Measured by
    // the clock: the last line may be an iteration the clock cut, printed well before the end.
    let time = field(last, "time").unwrap();
    assert!(u128::from(time) <= elapsed, "{elapsed} ms: {text}");
    assert!((1400..3000).contains(&elapsed), "{elapsed} ms: {text}");
}

#[test]
fn stop_answers_with_the_deepest_move_so_far() {
    let text = session("position startpos\ngo infinite\n#sleep 1000\nstop\n#wait 1\nquit\n");
    let best = bestmove(&text);
    assert_eq!(best.len(), 1, "{text}");
    assert!(legal(&Chess::default(), &best[0]), "{text}");
    let last = text.lines().rfind(|l| l.starts_with("info depth")).unwrap();
    let depth: u32 = last["info depth ".len()..]
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!(depth > 5, "{text}");
    // The move played is the PV's first.
    assert!(last.contains(&format!(" pv {}", best[0])), "{text}");
}

#[test]
fn go_mate_stops_at_the_mate() {
    // A back-rank mate in one, with five seconds allowed: found at once, played at once.
    let fen = "6k1/5ppp/8/8/8/8/1Q3PPP/1R4K1 w - - 0 1";
    let start = Instant::now();
    let text = session(&format!(
        "position fen {fen}\ngo mate 1 movetime 5000\n#wait 1\nquit\n"
    ));
    assert!(start.elapsed() < Duration::from_secs(2), "{text}");
    assert_eq!(bestmove(&text), ["b2b8"], "{text}");
    assert!(text.contains("score mate 1 "), "{text}");
}

#[test]
fn go_nodes_is_a_node_budget() {
    let text = session("position startpos\ngo nodes 30000\n#wait 1\nquit\n");
    let last = text.lines().rfind(|l| l.starts_with("info depth")).unwrap();
    let nodes = field(last, "nodes").unwrap();
    // The device stops within a poll interval (1024 nodes) of the budget.
    assert!((30000..=31100).contains(&nodes), "{text}");
}

#[test]
fn searchmoves_restrict_the_root() {
    // The best move at depth 4 is a knight move; only the named pawn moves may be chosen.
    let text = session("position startpos\ngo depth 4 searchmoves a2a3 h2h3\n#wait 1\nquit\n");
    let best = bestmove(&text);
    assert!(best == ["a2a3"] || best == ["h2h3"], "{text}");
    let text = session("position startpos\ngo depth 2 searchmoves h2h4 e7e5\n#wait 1\nquit\n");
    assert!(
        text.contains("info string searchmoves e7e5 is not legal here; left out"),
        "{text}"
    );
    assert_eq!(bestmove(&text), vec!["h2h4"], "{text}");
}

#[test]
fn multipv_reports_distinct_ranked_lines() {
    let text =
        session("setoption name MultiPV value 3\nposition startpos\ngo depth 5\n#wait 1\nquit\n");
    // The final lines of depth 5: one per rank, three different first moves.
    let finals: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info depth 5 ") && l.contains(" multipv "))
        .collect();
    let first_moves = |k: &str| -> Vec<String> {
        finals
            .iter()
            .filter(|l| l.contains(&format!(" multipv {k} ")))
            .filter_map(|l| l.split(" pv ").nth(1))
            .filter_map(|pv| pv.split(' ').next().map(str::to_string))
            .collect()
    };
    let (a, b, c) = (first_moves("1"), first_moves("2"), first_moves("3"));
    assert!(!a.is_empty() && !b.is_empty() && !c.is_empty(), "{text}");
    let last = [a.last().unwrap(), b.last().unwrap(), c.last().unwrap()];
    assert!(
        last[0] != last[1] && last[1] != last[2] && last[0] != last[2],
        "{text}"
    );
    assert_eq!(bestmove(&text).len(), 1, "{text}");
}

#[test]
fn multipv_lines_are_shown_while_the_search_runs() {
    let text = session(
        "setoption name MultiPV value 2\nposition startpos\ngo infinite\n#sleep 1500\nstop\n\
         #wait 1\nquit\n",
    );
    // Before bestmove: line 2 of several depths, not only the final one.
    let before_best = text.split("bestmove").next().unwrap();
    let second: Vec<&str> = before_best
        .lines()
        .filter(|l| l.starts_with("info depth") && l.contains(" multipv 2 "))
        .collect();
    assert!(second.len() >= 3, "{text}");
    assert!(!text.contains("multipv 3"), "{text}");
}

#[test]
fn a_strength_level_plays_a_near_best_move() {
    let text = session(
        "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 800\n\
         position startpos\ngo movetime 200\n#wait 1\n\
         setoption name UCI_Elo value 799\nsetoption name UCI_LimitStrength value maybe\nquit\n",
    );
    // Level 800 stops at 40 nodes once each of its four ranked lines has a move.
    let nodes: Vec<u64> = text
        .lines()
        .filter(|l| l.starts_with("info depth"))
        .filter_map(|l| field(l, "nodes"))
        .collect();
    assert!(
        !nodes.is_empty() && nodes.iter().all(|&n| n <= 200),
        "{text}"
    );
    // Only the one line asked for (MultiPV 1) is shown.
    assert!(!text.contains("multipv 2"), "{text}");
    assert_eq!(bestmove(&text).len(), 1, "{text}");
    assert_eq!(
        text.matches("info string bad value in: setoption").count(),
        2,
        "{text}"
    );
}

#[test]
fn options_are_taken_or_refused_with_a_reason() {
    let text = session(
        "uci\nsetoption name Hash value 32\nsetoption name Clear Hash\n\
         setoption name Ponder value true\nsetoption name Move Overhead value 100\n\
         isready\nposition startpos\ngo depth 3\n#wait 1\n\
         setoption name Hash value 0\nsetoption name Move Overhead value -1\n\
         setoption name Ponder value maybe\nisready\nquit\n",
    );
    for option in [
        "option name Hash type spin default 16 min 1 max 4096",
        "option name Clear Hash type button",
        "option name Ponder type check default false",
        "option name Move Overhead type spin default 30 min 0 max 5000",
    ] {
        assert!(text.contains(&format!("{option}\n")), "{text}");
    }
    assert_eq!(bestmove(&text).len(), 1, "{text}");
    let errors: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("info string"))
        .collect();
    assert_eq!(
        errors,
        [
            "info string bad value in: setoption name Hash value 0",
            "info string bad value in: setoption name Move Overhead value -1",
            "info string bad value in: setoption name Ponder value maybe",
        ],
        "{text}"
    );
}

#[test]
fn without_the_simulator_the_in_process_device_plays() {
    let target = Target::Sim("/nonexistent/chess-sim".into());
    let text = session_on(
        &target,
        "uci\nposition startpos\ngo depth 3\n#wait 1\nquit\n",
    );
    assert!(
        text.contains(
            "info string cannot start the simulator /nonexistent/chess-sim (No such file or \
             directory (os error 2)); playing with the in-process device\nuciok\n"
        ),
        "{text}"
    );
    assert_eq!(bestmove(&text).len(), 1, "{text}");
}
