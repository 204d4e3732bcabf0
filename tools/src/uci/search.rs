//! A running CPU move (`03`), watched with `13` and stopped with `14` while it searches.
//!
//! Two ways to overlap commands, one loop over them ([`drive`]):
//! - the simulator reads ahead on its pipe: a `13` or `14` written while the `03` runs is
//!   answered at once, its reply coming before the `03`'s ([`Pipe`]);
//! - a device file, or the in-process device behind its board, takes the `03` on one
//!   descriptor (blocking a thread) and the `13`/`14` on a second one ([`Threaded`]).

use std::io::{BufRead, Write};
use std::os::fd::AsFd;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use chess_core::command::{Command, Reply};
use chess_core::search::ScoreBound;
use nix::poll::{poll, PollFd, PollFlags};

use crate::client::cpu_move_reply;
use crate::client::{command_bytes, Client, ClientError};
use crate::link::{Link, LinkError};
use crate::record::{Score, SearchRecord};

/// How often the running search is read with `13`.
pub(super) const POLL_EVERY: Duration = Duration::from_millis(50);
/// The longest wait for the `03`'s reply between two looks at the stop flags.
const SLICE: Duration = Duration::from_millis(5);
/// How long after a `14` another is sent (one that arrives before the `03` has taken the
/// board stops nothing).
const STOP_AGAIN: Duration = Duration::from_millis(20);

/// A `03` under way.
pub(super) trait Running {
    /// Waits up to `wait` for the `03`'s reply; the reply once it came.
    fn finished(&mut self, wait: Duration) -> Result<Option<Reply>, ClientError>;
    /// `13`: the search so far, each ranked line (none before its first iteration).
    fn progress(&mut self) -> Result<Vec<SearchRecord>, ClientError>;
    /// `14`: ends the search; it plays its best move so far.
    fn stop(&mut self) -> Result<(), ClientError>;
}

/// The simulator over its pipe, with a `03` written and its reply not yet read.
pub(super) struct Pipe<'a> {
    link: &'a mut Link,
    done: Option<Vec<u8>>,
}

impl<'a> Pipe<'a> {
    /// Writes `03` to the simulator.
    pub(super) fn start(link: &'a mut Link, cpu: &Command<'_>) -> Result<Pipe<'a>, ClientError> {
        let Link::Sim { stdin, .. } = link else {
            return Err(LinkError::Unframeable.into());
        };
        stdin
            .write_all(&command_bytes(cpu))
            .map_err(LinkError::from)?;
        stdin.flush().map_err(LinkError::from)?;
        Ok(Pipe { link, done: None })
    }

    fn write(&mut self, cmd: &Command<'_>) -> Result<(), ClientError> {
        if let Link::Sim { stdin, .. } = self.link {
            stdin
                .write_all(&command_bytes(cmd))
                .map_err(LinkError::from)?;
            stdin.flush().map_err(LinkError::from)?;
        }
        Ok(())
    }

    fn read_line(&mut self) -> Result<Vec<u8>, ClientError> {
        let Link::Sim { stdout, .. } = self.link else {
            return Err(LinkError::Closed.into());
        };
        let mut line = Vec::new();
        if stdout
            .read_until(b'\n', &mut line)
            .map_err(LinkError::from)?
            == 0
        {
            return Err(LinkError::Closed.into());
        }
        Ok(line)
    }
}

impl Running for Pipe<'_> {
    fn finished(&mut self, wait: Duration) -> Result<Option<Reply>, ClientError> {
        if let Some(reply) = &self.done {
            return cpu_move_reply(reply).map(Some);
        }
        let Link::Sim { stdout, .. } = &mut *self.link else {
            return Err(LinkError::Closed.into());
        };
        if stdout.buffer().is_empty() {
            let ms = u16::try_from(wait.as_millis()).unwrap_or(u16::MAX);
            let mut fds = [PollFd::new(stdout.get_ref().as_fd(), PollFlags::POLLIN)];
            match poll(&mut fds, ms) {
                Ok(0) | Err(nix::errno::Errno::EINTR) => return Ok(None),
                Ok(_) => {}
                Err(e) => return Err(LinkError::Io(e.into()).into()),
            }
        }
        let line = self.read_line()?;
        self.done = Some(line);
        self.finished(Duration::ZERO)
    }

    fn progress(&mut self) -> Result<Vec<SearchRecord>, ClientError> {
        self.write(&Command::SearchInfo)?;
        let mut line = self.read_line()?;
        if self.done.is_none() && Reply::parse(line.strip_suffix(b"\n").unwrap_or(&line)).is_some()
        {
            // The `03` ended first: its reply, then the `13`'s (which is never a fixed reply,
            // unless both are `NOGAME`).
            self.done = Some(line);
            line = self.read_line()?;
        }
        let text = String::from_utf8_lossy(&line);
        match Reply::parse(text.trim_end_matches('\n').as_bytes()) {
            Some(reply) => Err(ClientError::Refused {
                command: "13".to_string(),
                reply,
            }),
            None => Ok(SearchRecord::parse_all(&text)?),
        }
    }

    fn stop(&mut self) -> Result<(), ClientError> {
        self.write(&Command::Stop)?;
        let first = self.read_line()?;
        if self.done.is_some() {
            return Ok(());
        }
        // Two lines come, in either order: the `14`'s `OK` and the `03`'s reply (which ends
        // within milliseconds now). If the first is not `OK` it is the `03`'s.
        let second = self.read_line()?;
        self.done = Some(if first == b"OK\n" { second } else { first });
        Ok(())
    }
}

/// A `03` blocking another thread, watched and stopped from a second descriptor.
pub(super) struct Threaded<'a> {
    /// The `03`'s result, sent by the thread that runs it.
    pub(super) result: Receiver<Result<Reply, ClientError>>,
    /// The second descriptor.
    pub(super) watcher: &'a mut Client,
    /// The record `13` gave before the `03` began: until the `03` has taken the board, `13`
    /// may still answer it.
    pub(super) before: Option<SearchRecord>,
}

impl Running for Threaded<'_> {
    fn finished(&mut self, wait: Duration) -> Result<Option<Reply>, ClientError> {
        match self.result.recv_timeout(wait) {
            Ok(reply) => reply.map(Some),
            Err(RecvTimeoutError::Timeout) => Ok(None),
            Err(RecvTimeoutError::Disconnected) => Err(LinkError::Closed.into()),
        }
    }

    fn progress(&mut self) -> Result<Vec<SearchRecord>, ClientError> {
        let lines = self.watcher.search_lines()?;
        if !lines.is_empty() && lines.first() == self.before.as_ref() {
            return Ok(Vec::new());
        }
        // Once the search has reported, an equal record later is this search's.
        self.before = None;
        Ok(lines)
    }

    fn stop(&mut self) -> Result<(), ClientError> {
        self.watcher.stop()
    }
}

/// When the bridge itself ends a search with `14`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stops {
    /// After this long (from the start, or from `ponderhit` when pondering).
    pub after: Option<Duration>,
    /// Once an iteration of this depth is complete.
    pub depth: Option<u32>,
    /// Once this many nodes are searched.
    pub nodes: Option<u64>,
    /// Once a mate in at most this many moves is found.
    pub mate: Option<u32>,
}

impl Stops {
    /// True when the running search's records, `lines` (best first), reach a goal: nodes or
    /// a mate on the best line, a depth once each of the `wanted` lines has completed it. (A
    /// search that ranks several lines completes each depth line by line: stopped when the
    /// best line alone has the depth, the other lines would be left one iteration behind, and
    /// a line could name a move a line above it has since taken.)
    pub fn reached(&self, lines: &[SearchRecord], wanted: usize) -> bool {
        let Some(best) = lines.first() else {
            return false;
        };
        let exact = |r: &SearchRecord| r.bound == ScoreBound::Exact;
        let deep = |d: u32| {
            lines
                .get(..wanted.max(1))
                .is_some_and(|asked| asked.iter().all(|r| exact(r) && r.depth >= d))
        };
        self.depth.is_some_and(deep)
            || self.nodes.is_some_and(|n| best.nodes >= n)
            || self.mate.is_some_and(|m| {
                exact(best)
                    && matches!(best.score, Score::Mate(k) if k > 0 && k.unsigned_abs() <= m)
            })
    }
}

/// What the loop asks of its caller on each turn.
pub(super) trait Control {
    /// True when the GUI (or quit) asks for the move now.
    fn stop_asked(&self) -> bool;
    /// True while pondering: time does not count yet.
    fn pondering(&self) -> bool;
    /// The running search's records, one per ranked line (at least one).
    fn progress(&mut self, lines: &[SearchRecord]);
    /// How many ranked lines the search reports (`MultiPV`).
    fn lines_wanted(&self) -> usize;
}

/// Runs the `03` to its end: reads its progress every [`POLL_EVERY`] and ends it with `14`
/// when the GUI asks or one of `stops` is met. Returns the `03`'s reply.
pub(super) fn drive(
    running: &mut dyn Running,
    stops: &Stops,
    control: &mut dyn Control,
) -> Result<Reply, ClientError> {
    let start = Instant::now();
    let mut clock_from: Option<Instant> = None;
    let mut next_poll = start + POLL_EVERY;
    let mut stop_sent: Option<Instant> = None;
    let mut goal_met = false;
    loop {
        let now = Instant::now();
        if clock_from.is_none() && !control.pondering() {
            clock_from = Some(now);
        }
        let deadline = match (stops.after, clock_from) {
            (Some(after), Some(from)) => Some(from + after),
            _ => None,
        };
        let want_stop = goal_met || control.stop_asked() || deadline.is_some_and(|d| now >= d);
        if want_stop && stop_sent.is_none_or(|t| now >= t + STOP_AGAIN) {
            running.stop()?;
            stop_sent = Some(now);
        }
        let mut wait = SLICE;
        if let Some(d) = deadline {
            wait = wait.min(d.saturating_duration_since(now));
        }
        if let Some(reply) = running.finished(wait)? {
            return Ok(reply);
        }
        if Instant::now() >= next_poll {
            next_poll = Instant::now() + POLL_EVERY;
            let lines = running.progress()?;
            if !lines.is_empty() {
                control.progress(&lines);
                goal_met |= stops.reached(&lines, control.lines_wanted());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// A stand-in for the simulator: a shell script that answers in a chosen order.
    fn fake_sim(script: &str) -> Link {
        Link::spawn_sim_with(
            Path::new("/bin/sh"),
            &["-c".to_string(), script.to_string()],
        )
        .unwrap()
    }

    const RECORD: &str = "depth 4 seldepth 6 score cp 5 nodes 900 time 3 hashfull 0 pv WPe2-e4";

    #[test]
    fn a_13_answered_while_the_search_runs() {
        let mut link =
            fake_sim("read a; read b; printf '\\n'; read c; printf 'OK\\nCHECK\\n'; read d");
        let mut pipe = Pipe::start(&mut link, &Command::Cpu).unwrap();
        assert_eq!(pipe.progress().unwrap(), vec![]);
        pipe.stop().unwrap();
        assert_eq!(pipe.finished(Duration::ZERO).unwrap(), Some(Reply::Check));
    }

    #[test]
    fn a_13_written_as_the_search_ended_comes_after_its_reply() {
        let mut link = fake_sim(&format!(
            "read a; read b; printf 'MATE\\n{RECORD}\\n'; read c"
        ));
        let mut pipe = Pipe::start(&mut link, &Command::Cpu).unwrap();
        let record = pipe.progress().unwrap().remove(0);
        assert_eq!(record.depth, 4);
        assert_eq!(pipe.finished(Duration::ZERO).unwrap(), Some(Reply::Mate));
    }

    #[test]
    fn the_replies_to_14_and_03_in_either_order() {
        for (order, reply) in [
            ("OK\\nSTALEMATE", Reply::Stalemate),
            ("DRAW\\nOK", Reply::Draw),
            ("OK\\nOK", Reply::Ok),
        ] {
            let mut link = fake_sim(&format!("read a; read b; printf '{order}\\n'; read c"));
            let mut pipe = Pipe::start(&mut link, &Command::Cpu).unwrap();
            assert_eq!(pipe.finished(Duration::from_millis(1)).unwrap(), None);
            pipe.stop().unwrap();
            assert_eq!(
                pipe.finished(Duration::ZERO).unwrap(),
                Some(reply),
                "{order}"
            );
        }
    }

    #[test]
    fn a_refused_03_is_an_error() {
        let mut link = fake_sim("read a; printf 'OOT\\n'; read b");
        let mut pipe = Pipe::start(&mut link, &Command::Cpu).unwrap();
        let e = pipe.finished(Duration::from_secs(5)).unwrap_err();
        assert_eq!(e.refusal(), Some(Reply::Oot), "{e}");
    }

    #[test]
    fn goals() {
        let stops = Stops {
            depth: Some(5),
            nodes: Some(1000),
            mate: Some(2),
            after: None,
        };
        // One line, as the record gives it.
        let reached = |text: &str| stops.reached(&[SearchRecord::parse(text).unwrap().unwrap()], 1);
        assert!(!reached(RECORD));
        assert!(reached(
            "depth 5 seldepth 6 score cp 5 nodes 900 time 3 hashfull 0 pv"
        ));
        // A bound is not a completed iteration.
        assert!(!reached(
            "depth 5 seldepth 6 score cp 5 lowerbound nodes 900 time 3 hashfull 0 pv"
        ));
        assert!(reached(
            "depth 1 seldepth 6 score cp 5 nodes 1000 time 3 hashfull 0 pv"
        ));
        assert!(reached(
            "depth 3 seldepth 6 score mate 2 nodes 9 time 3 hashfull 0 pv"
        ));
        assert!(!reached(
            "depth 3 seldepth 6 score mate 3 nodes 9 time 3 hashfull 0 pv"
        ));
        // Being mated is no goal.
        assert!(!reached(
            "depth 3 seldepth 6 score mate -1 nodes 9 time 3 hashfull 0 pv"
        ));
    }

    #[test]
    fn a_depth_goal_waits_for_every_line() {
        let line = |depth: u32, mv: &str| {
            let text =
                format!("depth {depth} seldepth 6 score cp 5 nodes 9 time 3 hashfull 0 pv {mv}");
            SearchRecord::parse(&text).unwrap().unwrap()
        };
        let stops = Stops {
            depth: Some(6),
            ..Stops::default()
        };
        // The third line is still the previous iteration's, with a move line 2 has taken since.
        let partial = [line(6, "WPe2-e4"), line(6, "WPd2-d4"), line(5, "WPd2-d4")];
        assert!(!stops.reached(&partial, 3));
        assert!(stops.reached(&partial[..2], 2));
        let done = [line(6, "WPe2-e4"), line(6, "WPd2-d4"), line(6, "WNg1-f3")];
        assert!(stops.reached(&done, 3));
        // Nor before the search has reported each line once.
        assert!(!stops.reached(&done[..2], 3));
    }
}
