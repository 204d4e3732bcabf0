//! The engine thread: keeps the device at the GUI's position and searches on `go`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Receiver;
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use chess_core::command::{Mode, Reply};
use chess_core::search::Limit;
use shakmaty::{Chess, Position};

use super::go::Go;
use super::info::info_line;
use super::position::{reload_fen, PositionCmd, Wanted};
use super::{emit, Out, UciError};
use crate::client::{move_string, Client, ClientError};
use crate::interrupt::StopFlags;
use crate::link::Target;
use crate::movetext::{fen_of, find_move, uci_text};

/// What the worker is asked to do.
pub(super) enum Job {
    NewGame,
    Position(PositionCmd),
    Go(Go),
    IsReady,
    SetOverhead(u64),
    Quit,
}

/// The flags the reader thread sets and the worker reads.
#[derive(Clone, Default)]
pub(super) struct Shared {
    /// `stop` (or quit): end the search and answer.
    pub(super) stop: StopFlags,
    /// Set by `ponderhit`.
    pub(super) ponderhit: Arc<AtomicBool>,
    /// A `go` is being answered.
    pub(super) searching: Arc<AtomicBool>,
}

pub(super) struct Worker {
    target: Target,
    client: Client,
    out: Out,
    shared: Shared,
    overhead_ms: u64,
    wanted: Option<Wanted>,
    /// What the device holds, as the GUI named it: the base FEN and the moves (in UCI
    /// notation) played from it, `wanted`'s and the CPU's. `None` when unknown.
    synced: Option<(String, Vec<String>)>,
}

impl Worker {
    pub(super) fn new(target: &Target, client: Client, out: Out, shared: Shared) -> Worker {
        Worker {
            target: target.clone(),
            client,
            out,
            shared,
            overhead_ms: super::DEFAULT_OVERHEAD_MS,
            wanted: None,
            synced: None,
        }
    }

    fn info(&self, text: &str) {
        emit(&self.out, &format!("info string {text}"));
    }

    /// Starts over with a fresh connection (after the simulator died).
    fn reconnect(&mut self) -> Result<(), UciError> {
        self.client = Client::connect(&self.target)?;
        self.synced = None;
        Ok(())
    }

    fn set_position(&mut self, cmd: &PositionCmd) {
        self.wanted = None;
        match Wanted::resolve(cmd) {
            Ok(wanted) => self.wanted = Some(wanted),
            Err(e) => return self.info(&format!("error: {e}")),
        }
        if let Err(e) = self.sync() {
            self.info(&format!("error: {e}"));
        }
    }

    /// Loads `fen` as a two-human game: what the device holds is then unknown until the moves
    /// from it are played.
    fn load(&mut self, fen: &str) -> Result<(), UciError> {
        self.synced = None;
        self.client.load(Mode::Humans, fen)?;
        Ok(())
    }

    /// Brings the device to the wanted position, replaying only what it lacks.
    fn sync(&mut self) -> Result<(), UciError> {
        let Some(wanted) = &self.wanted else {
            return Ok(());
        };
        let base = wanted.base.clone();
        let moves = wanted.moves();
        let done = match &self.synced {
            Some((b, played)) if *b == base && moves.starts_with(played) => played.len(),
            _ => {
                self.load(&base)?;
                self.synced = Some((base, Vec::new()));
                0
            }
        };
        for i in done..moves.len() {
            let Some(step) = self.wanted.as_ref().and_then(|w| w.steps.get(i)).cloned() else {
                return Ok(());
            };
            let played = match self.client.play(&step.text) {
                Err(e) if e.refusal() == Some(Reply::NoGame) => {
                    // The device ended the game (a draw the GUI plays on through, or a full
                    // history): start again from this position, without the earlier history.
                    let synced = self.synced.take();
                    self.load(&reload_fen(&step.before))?;
                    self.synced = synced;
                    self.client.play(&step.text)
                }
                played => played,
            };
            if let Err(e) = played {
                self.synced = None;
                return Err(UciError::Replay {
                    uci: step.uci,
                    source: e,
                });
            }
            if let Some((_, played)) = &mut self.synced {
                played.push(step.uci);
            }
        }
        Ok(())
    }

    /// Reports the last search (`13`) as a UCI `info` line, with the PV in UCI notation.
    fn report(&mut self, root: &Chess) {
        if let Ok(Some(record)) = self.client.search_info() {
            emit(&self.out, &info_line(root, &record));
        }
    }

    fn go(&mut self, mut go: Go) {
        let flags = &self.shared;
        if go.ponder {
            // Wait for the opponent's move: `ponderhit` starts the real search with the clock
            // as `go` gave it; `stop` abandons it with a quick answer the GUI will ignore.
            while !flags.stop.raised() && !flags.ponderhit.load(Ordering::SeqCst) {
                thread::sleep(Duration::from_millis(2));
            }
            if flags.stop.raised() {
                go = Go {
                    depth: Some(1),
                    ..Go::default()
                };
                flags.stop.clear();
            }
        }
        let best = self.best_move(&go);
        if go.infinite {
            // UCI: no bestmove before `stop` in infinite mode.
            while !self.shared.stop.raised() {
                thread::sleep(Duration::from_millis(5));
            }
        }
        self.shared.searching.store(false, Ordering::SeqCst);
        emit(
            &self.out,
            &format!("bestmove {}", best.as_deref().unwrap_or("0000")),
        );
    }

    /// Runs the search, with every fallback; the move in UCI notation.
    fn best_move(&mut self, go: &Go) -> Option<String> {
        let Some(wanted) = &self.wanted else {
            self.info("error: no valid position; send position first");
            return None;
        };
        let root = wanted.pos.clone();
        let legal = root.legal_moves();
        let Some(first) = legal.first() else {
            self.info("the game is over: no legal moves");
            return None;
        };
        let fallback = uci_text(first);
        match self.try_search(go, &root) {
            Ok(m) => Some(m),
            Err(e) => {
                self.info(&format!("error: {e}; playing {fallback}"));
                self.synced = None;
                Some(fallback)
            }
        }
    }

    /// The CPU's reply to `03`, searched with `limit` and cut short on `stop`; when stopped (or
    /// when the simulator died) a quick depth-1 search answers instead.
    fn search(&mut self, limit: Limit) -> Result<Reply, UciError> {
        self.client.set_limit(limit)?;
        match self.client.cpu_move_interruptible(&self.shared.stop) {
            Ok(Some(reply)) => return Ok(reply),
            Ok(None) => {}
            Err(ClientError::Link(e)) => {
                // The simulator died (a signal landing between commands ends it): start a
                // new one and answer with a quick search.
                self.info(&format!("the simulator failed ({e}); restarting it"));
                self.reconnect()?;
                self.sync()?;
            }
            Err(e) => return Err(e.into()),
        }
        self.client.set_limit(Limit::Depth(1))?;
        Ok(self.client.cpu_move()?)
    }

    fn try_search(&mut self, go: &Go, root: &Chess) -> Result<String, UciError> {
        if self.synced.is_none() {
            self.sync()?;
        }
        let limit = go.limit(root.turn(), self.overhead_ms);
        match self.search(limit) {
            Err(UciError::Client(e)) if e.refusal() == Some(Reply::NoGame) => {
                // The device thinks the game is over (a draw by repetition or the fifty-move
                // rule that the GUI plays on through): search the position without its
                // history.
                self.load(&reload_fen(root))?;
                self.client.cpu_move()?;
            }
            Err(e) => {
                self.synced = None;
                return Err(e);
            }
            Ok(_) => {}
        }
        let text = self.client.last_move()?;
        let Some(m) = find_move(root, &text) else {
            self.synced = None;
            return Err(UciError::CpuMove {
                text: move_string(&text),
                fen: fen_of(root),
            });
        };
        let uci = uci_text(&m);
        self.report(root);
        // The device has played the move: a `position` that continues from it sends only
        // the new moves.
        if let Some((_, moves)) = &mut self.synced {
            moves.push(uci.clone());
        }
        Ok(uci)
    }

    pub(super) fn run(mut self, jobs: Receiver<Job>) {
        while let Ok(job) = jobs.recv() {
            match job {
                Job::NewGame => {
                    self.synced = None;
                    self.wanted = None;
                }
                Job::Position(cmd) => self.set_position(&cmd),
                Job::Go(go) => self.go(go),
                Job::IsReady => emit(&self.out, "readyok"),
                Job::SetOverhead(ms) => self.overhead_ms = ms,
                Job::Quit => break,
            }
        }
    }
}
