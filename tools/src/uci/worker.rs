//! The engine thread: keeps the device at the GUI's position and searches on `go`.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use chess_core::command::{Mode, Reply, Setting};
use chess_core::level::Level;
use chess_core::notation::MoveText;
use chess_core::search::Limit;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

use super::go::{Go, Plan};
use super::info::{final_report, info_line, nodes_line, pv};
use super::position::{reload_fen, PositionCmd, Wanted};
use super::search::{drive, Control, Pipe, Threaded};
use super::{emit, Out, UciError};
use crate::client::{among_text, cpu_command, move_string, Client, ClientError};
use crate::link::{Link, LinkError, SharedDevice, Target};
use crate::movetext::{fen_of, find_move, protocol_move, uci_text};
use crate::record::SearchRecord;

/// What the worker is asked to do.
pub(super) enum Job {
    NewGame,
    Position(PositionCmd),
    Go(Go),
    IsReady,
    SetOverhead(u64),
    SetHash(usize),
    ClearHash,
    /// `UCI_LimitStrength`.
    LimitStrength(bool),
    /// `UCI_Elo`.
    SetElo(u16),
    /// `MultiPV`.
    SetLines(u8),
    Quit,
}

/// The flags the reader thread sets and the worker reads.
#[derive(Clone, Default)]
pub(super) struct Shared {
    /// `stop` (or quit): end the search and answer.
    pub(super) stop: Arc<AtomicBool>,
    /// Set by `ponderhit`.
    pub(super) ponderhit: Arc<AtomicBool>,
    /// A `go` is being answered.
    pub(super) searching: Arc<AtomicBool>,
}

/// The connections to the device: commands go to `client`; a device file or the in-process
/// board also gets a second descriptor, `watcher`, for `13` and `14` while `client` searches.
/// (The simulator reads `13` and `14` ahead on its one pipe.)
pub(super) struct Connection {
    pub(super) client: Client,
    pub(super) watcher: Option<Client>,
}

impl Connection {
    /// Connects to `target` with a table of `tt_mb` MiB where the bridge chooses it.
    pub(super) fn open(target: &Target, tt_mb: usize) -> Result<Connection, ClientError> {
        Ok(match target {
            Target::InProcess => {
                let device = Arc::new(SharedDevice::new(tt_mb));
                Connection {
                    client: Client::new(Link::Shared(device.clone())),
                    watcher: Some(Client::new(Link::Shared(device))),
                }
            }
            Target::Sim(path) => Connection {
                client: Client::new(Link::spawn_sim_with(
                    path,
                    &["--tt-mb".to_string(), tt_mb.to_string()],
                )?),
                watcher: None,
            },
            Target::Device(_) => Connection {
                client: Client::connect(target)?,
                watcher: Some(Client::connect(target)?),
            },
        })
    }
}

pub(super) struct Worker {
    target: Target,
    conn: Connection,
    out: Out,
    shared: Shared,
    overhead_ms: u64,
    tt_mb: usize,
    /// `UCI_LimitStrength` and `UCI_Elo`: the level the device plays at when limited.
    limit_strength: bool,
    elo: u16,
    /// `MultiPV`.
    lines: u8,
    wanted: Option<Wanted>,
    /// What the device holds, as the GUI named it: the base FEN and the moves (in UCI
    /// notation) played from it, `wanted`'s and the CPU's. `None` when unknown.
    synced: Option<(String, Vec<String>)>,
}

/// How often a search that shows no new iteration reports its nodes.
const NODES_EVERY: Duration = Duration::from_secs(1);

/// Prints the running search's progress and answers the drive loop's questions.
struct Reporter<'a> {
    out: &'a Out,
    shared: &'a Shared,
    root: &'a Chess,
    ponder: bool,
    /// The last iteration printed of each ranked line shown: depth, bound, score and PV.
    last: Vec<Option<SearchRecord>>,
    printed_at: Instant,
}

/// Two records of the same iteration and result (nodes and time aside).
fn same_iteration(a: &SearchRecord, b: &SearchRecord) -> bool {
    a.depth == b.depth && a.bound == b.bound && a.score == b.score && a.pv == b.pv
}

impl Control for Reporter<'_> {
    fn stop_asked(&self) -> bool {
        self.shared.stop.load(Ordering::SeqCst)
    }

    fn pondering(&self) -> bool {
        self.ponder && !self.shared.ponderhit.load(Ordering::SeqCst)
    }

    fn progress(&mut self, lines: &[SearchRecord]) {
        let mut printed = false;
        for (record, last) in lines.iter().zip(self.last.iter_mut()) {
            if !last.as_ref().is_some_and(|l| same_iteration(l, record)) {
                emit(self.out, &info_line(self.root, record));
                *last = Some(record.clone());
                printed = true;
            }
        }
        if printed {
            self.printed_at = Instant::now();
        } else if self.printed_at.elapsed() >= NODES_EVERY {
            if let Some(best) = lines.first() {
                emit(self.out, &nodes_line(self.root, best));
            }
            self.printed_at = Instant::now();
        }
    }

    fn lines_wanted(&self) -> usize {
        self.last.len()
    }
}

impl Worker {
    pub(super) fn new(target: &Target, conn: Connection, out: Out, shared: Shared) -> Worker {
        Worker {
            target: target.clone(),
            conn,
            out,
            shared,
            overhead_ms: super::DEFAULT_OVERHEAD_MS,
            tt_mb: super::DEFAULT_HASH_MB,
            limit_strength: false,
            elo: super::DEFAULT_ELO,
            lines: 1,
            wanted: None,
            synced: None,
        }
    }

    fn info(&self, text: &str) {
        emit(&self.out, &format!("info string {text}"));
    }

    /// `searchmoves` in MOVE notation; a move that is not legal at `root` is left out, with a
    /// note.
    fn root_moves(&self, root: &Chess, searchmoves: &[String]) -> Vec<MoveText> {
        let mut among = Vec::new();
        for text in searchmoves {
            match UciMove::from_ascii(text.as_bytes())
                .ok()
                .and_then(|u| u.to_move(root).ok())
            {
                Some(m) => among.push(protocol_move(root, &m)),
                None => self.info(&format!("searchmoves {text} is not legal here; left out")),
            }
        }
        among
    }

    /// Starts over with a fresh connection (after the simulator died, or for a new table).
    fn reconnect(&mut self) -> Result<(), UciError> {
        self.synced = None;
        self.conn = Connection::open(&self.target, self.tt_mb)?;
        Ok(())
    }

    /// A fresh, empty transposition table of `tt_mb` MiB: the simulator is restarted and the
    /// in-process device made anew; a device file's table is the module's.
    fn new_table(&mut self, tt_mb: usize, why: &str) {
        if let Target::Device(path) = &self.target {
            if why != "ucinewgame" {
                self.info(&format!(
                    "{why}: {} keeps the table the module was loaded with (its tt_mb parameter, \
                     shared by its boards); it cannot be resized or cleared from here",
                    path.display()
                ));
            }
            return;
        }
        self.tt_mb = tt_mb;
        if let Err(e) = self.reconnect() {
            self.info(&format!("error: {why}: {e}"));
        }
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
        self.conn.client.load(Mode::Humans, fen)?;
        Ok(())
    }

    /// Brings the device to the wanted position: takes back what the device played beyond it
    /// (a `go` again on the same position, a takeback) and replays only what it lacks.
    fn sync(&mut self) -> Result<(), UciError> {
        let Some(wanted) = &self.wanted else {
            return Ok(());
        };
        let base = wanted.base.clone();
        let moves = wanted.moves();
        let mut done = None;
        if let Some((b, played)) = &self.synced {
            if *b == base {
                let common = played
                    .iter()
                    .zip(&moves)
                    .take_while(|(p, m)| p == m)
                    .count();
                done = Some((common, played.len() - common));
            }
        }
        let done = match done {
            Some((common, extra)) if self.undo(extra) => common,
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
            let played = match self.conn.client.play(&step.text) {
                Err(e) if e.refusal() == Some(Reply::NoGame) => {
                    // The device ended the game (a draw the GUI plays on through, or a full
                    // history): start again from this position, without the earlier history.
                    let synced = self.synced.take();
                    self.load(&reload_fen(&step.before))?;
                    self.synced = synced;
                    self.conn.client.play(&step.text)
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

    /// Takes back the last `n` half-moves the device played; false (and nothing known of the
    /// device) when it could not.
    fn undo(&mut self, n: usize) -> bool {
        for _ in 0..n {
            if self.conn.client.undo().is_err() {
                self.synced = None;
                return false;
            }
            if let Some((_, played)) = &mut self.synced {
                played.pop();
            }
        }
        true
    }

    fn go(&mut self, go: Go) {
        let best = self.best_move(&go);
        let flags = &self.shared;
        // UCI: no bestmove before `stop` in infinite mode, nor before `ponderhit` or `stop`
        // while pondering.
        while !flags.stop.load(Ordering::SeqCst)
            && (go.infinite || (go.ponder && !flags.ponderhit.load(Ordering::SeqCst)))
        {
            thread::sleep(Duration::from_millis(2));
        }
        self.shared.searching.store(false, Ordering::SeqCst);
        let line = match best {
            None => "bestmove 0000".to_string(),
            Some((m, Some(p))) => format!("bestmove {m} ponder {p}"),
            Some((m, None)) => format!("bestmove {m}"),
        };
        emit(&self.out, &line);
    }

    /// Runs the search, with every fallback; the move in UCI notation and the reply it
    /// expects.
    fn best_move(&mut self, go: &Go) -> Option<(String, Option<String>)> {
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
                Some((fallback, None))
            }
        }
    }

    /// The CPU's move (`03`) under `plan`, printing its progress as it goes; the search's
    /// final record.
    fn search(
        &mut self,
        plan: &Plan,
        ponder: bool,
        root: &Chess,
        searchmoves: &[String],
    ) -> Result<Option<SearchRecord>, ClientError> {
        self.conn.client.set_limit(plan.limit)?;
        let level = Level::new(self.elo).filter(|_| self.limit_strength);
        self.conn.client.set(Setting::Level(level))?;
        self.conn.client.set(Setting::Lines(self.lines))?;
        let moves = self.root_moves(root, searchmoves);
        // The device ranks no more lines than it has root moves.
        let rankable = if moves.is_empty() {
            root.legal_moves().len()
        } else {
            moves.len()
        };
        let among = among_text(&moves);
        let cpu = cpu_command(&among);
        let mut reporter = Reporter {
            out: &self.out,
            shared: &self.shared,
            root,
            ponder,
            // The lines asked for (a strength level ranks more, for its own choice).
            last: vec![None; usize::from(self.lines).min(rankable.max(1))],
            printed_at: Instant::now(),
        };
        match &mut self.conn.watcher {
            None => {
                let mut pipe = Pipe::start(self.conn.client.link_mut(), &cpu)?;
                drive(&mut pipe, &plan.stops, &mut reporter)
            }
            Some(watcher) => {
                // Before the `03` takes the board, `13` still answers the last search.
                let before = watcher.search_info().ok().flatten();
                let client = &mut self.conn.client;
                let (tx, rx) = mpsc::channel();
                thread::scope(|scope| {
                    scope.spawn(move || {
                        let _ = tx.send(client.cpu_move_as(&cpu));
                    });
                    let mut running = Threaded {
                        result: rx,
                        watcher,
                        before,
                    };
                    let reply = drive(&mut running, &plan.stops, &mut reporter);
                    if reply.is_err() {
                        // Don't leave the thread searching: the scope waits for it.
                        let _ = running.watcher.stop();
                    }
                    reply
                })
            }
        }?;
        let lines = self.conn.client.search_lines().unwrap_or_default();
        let shown = usize::from(self.lines);
        for text in final_report(root, &reporter.last, &lines, shown) {
            emit(&self.out, &text);
        }
        Ok(lines.into_iter().next())
    }

    /// Searches with every fallback: a simulator that died is restarted (and answers with a
    /// quick search), a game the device considers over is searched without its history.
    fn search_with_fallbacks(
        &mut self,
        go: &Go,
        root: &Chess,
    ) -> Result<Option<SearchRecord>, UciError> {
        let plan = go.plan(root.turn(), self.overhead_ms);
        match self.search(&plan, go.ponder, root, &go.searchmoves) {
            Ok(record) => Ok(record),
            Err(e) if e.refusal() == Some(Reply::NoGame) => {
                // A draw by repetition or the fifty-move rule that the GUI plays on through:
                // search the position without its history.
                self.load(&reload_fen(root))?;
                Ok(self.search(&plan, go.ponder, root, &go.searchmoves)?)
            }
            Err(ClientError::Link(e)) if !matches!(e, LinkError::Unframeable) => {
                self.info(&format!("the device failed ({e}); reconnecting"));
                self.reconnect()?;
                self.sync()?;
                let quick = Plan {
                    limit: Limit::Depth(1),
                    stops: Default::default(),
                    hold: false,
                };
                Ok(self.search(&quick, false, root, &go.searchmoves)?)
            }
            Err(e) => Err(e.into()),
        }
    }

    fn try_search(&mut self, go: &Go, root: &Chess) -> Result<(String, Option<String>), UciError> {
        // Always: the device may hold the move it played on the last `go`.
        self.sync()?;
        let record = match self.search_with_fallbacks(go, root) {
            Ok(record) => record,
            Err(e) => {
                self.synced = None;
                return Err(e);
            }
        };
        let text = self.conn.client.last_move()?;
        let Some(m) = find_move(root, &text) else {
            self.synced = None;
            return Err(UciError::CpuMove {
                text: move_string(&text),
                fen: fen_of(root),
            });
        };
        let uci = uci_text(&m);
        let ponder = record.and_then(|record| {
            let line = pv(root, &record);
            (line.first() == Some(&uci))
                .then(|| line.get(1).cloned())
                .flatten()
        });
        // The device has played the move: a `position` that continues from it sends only
        // the new moves, one that doesn't takes it back.
        if let Some((_, moves)) = &mut self.synced {
            moves.push(uci.clone());
        }
        Ok((uci, ponder))
    }

    pub(super) fn run(mut self, jobs: Receiver<Job>) {
        while let Ok(job) = jobs.recv() {
            match job {
                Job::NewGame => {
                    self.synced = None;
                    self.wanted = None;
                    self.new_table(self.tt_mb, "ucinewgame");
                }
                Job::Position(cmd) => self.set_position(&cmd),
                Job::Go(go) => self.go(go),
                Job::IsReady => emit(&self.out, "readyok"),
                Job::SetOverhead(ms) => self.overhead_ms = ms,
                Job::SetHash(mb) => self.new_table(mb, "Hash"),
                Job::ClearHash => self.new_table(self.tt_mb, "Clear Hash"),
                Job::LimitStrength(on) => self.limit_strength = on,
                Job::SetElo(elo) => self.elo = elo,
                Job::SetLines(n) => self.lines = n,
                Job::Quit => break,
            }
        }
    }
}
