//! `kchess uci`: a UCI engine that plays entirely through the `/dev/chess` protocol.
//!
//! The GUI's position is loaded as a two-human game (`09 H <fen>`) and its moves are replayed
//! with `02`, so the device keeps the game history (repetitions count); only the moves the GUI
//! adds since the last `position` are sent. `go` sets the budget with `07` and lets the CPU play
//! the side to move with `03`; the move is read back with `05` and the search with `13`.
//!
//! The device's search is synchronous, so it runs in a worker thread and standard input stays
//! responsive. `stop` cuts a search short on the simulator: the bridge sends the simulator
//! SIGUSR1 (it abandons the search, leaving the game unchanged and writing no reply) and answers
//! with a quick depth-1 search instead; the in-process device is interrupted the same way
//! through its clock. On a device file (`/dev/chess`) there is nothing to signal, so `stop`
//! waits for the search to end: `go infinite` is `07 T60000` (the protocol's largest budget),
//! and the device's search may end it sooner, after which the bridge holds `bestmove` until
//! `stop`, as UCI asks.

use std::io::{self, BufRead, Write};
use std::os::fd::AsFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use nix::poll::{poll, PollFd, PollFlags};
use nix::sys::signal::{kill, Signal};
use nix::unistd::Pid;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Position};

use crate::link::{Link, LinkError, Target};
use crate::play::{fen_of, find_protocol, position_from_fen, protocol_text, uci_text};

/// Where UCI output goes: shared by the reader and the worker, one line at a time.
pub type Out = Arc<Mutex<dyn Write + Send>>;

fn emit(out: &Out, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// The largest time budget the protocol accepts (`07 T60000`).
const MAX_TIME_MS: u64 = 60_000;
/// How long after sending `03` a `stop` may signal the simulator.
const SIGNAL_GRACE: Duration = Duration::from_millis(5);
/// Default time kept back from each clock allocation for the bridge and the GUI.
const DEFAULT_OVERHEAD_MS: u64 = 30;

/// The arguments of `go`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `wtime`, `btime` in ms (may be negative when a GUI reports overstepped time).
    pub time: [Option<i64>; 2],
    /// `winc`, `binc` in ms.
    pub inc: [Option<i64>; 2],
    /// `movestogo`.
    pub movestogo: Option<u64>,
    /// `movetime` in ms.
    pub movetime: Option<u64>,
    /// `depth` in plies.
    pub depth: Option<u64>,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `mate` in moves.
    pub mate: Option<u64>,
    /// `infinite`: no `bestmove` before `stop`.
    pub infinite: bool,
    /// `ponder`: the search starts on `ponderhit` (the bridge does not think on the
    /// opponent's time), or is abandoned on `stop`.
    pub ponder: bool,
}

impl Go {
    /// Parses the words after `go`; unknown words are ignored, as UCI asks.
    pub fn parse(words: &[&str]) -> Go {
        let mut go = Go::default();
        let mut i = 0;
        let num = |i: usize| words.get(i + 1).and_then(|w| w.parse::<i64>().ok());
        let unum = |i: usize| num(i).map(|n| n.max(0) as u64);
        while i < words.len() {
            let mut takes_value = true;
            match words[i] {
                "wtime" => go.time[0] = num(i),
                "btime" => go.time[1] = num(i),
                "winc" => go.inc[0] = num(i),
                "binc" => go.inc[1] = num(i),
                "movestogo" => go.movestogo = unum(i),
                "movetime" => go.movetime = unum(i),
                "depth" => go.depth = unum(i),
                "nodes" => go.nodes = unum(i),
                "mate" => go.mate = unum(i),
                "infinite" => {
                    go.infinite = true;
                    takes_value = false;
                }
                "ponder" => {
                    go.ponder = true;
                    takes_value = false;
                }
                "searchmoves" => {
                    // Not supported: the device searches all moves. Skip the move list.
                    while i + 1 < words.len()
                        && UciMove::from_ascii(words[i + 1].as_bytes()).is_ok()
                    {
                        i += 1;
                    }
                    takes_value = false;
                }
                _ => takes_value = false,
            }
            i += if takes_value { 2 } else { 1 };
        }
        go
    }

    /// The `07` budget for a search by `side`, keeping `overhead_ms` of any clock in reserve.
    pub fn limit(&self, side: Color, overhead_ms: u64) -> String {
        let idx = match side {
            Color::White => 0,
            Color::Black => 1,
        };
        if let Some(ms) = self.movetime {
            return format!("T{}", ms.clamp(1, MAX_TIME_MS));
        }
        if let Some(time) = self.time[idx] {
            return format!(
                "T{}",
                allocate(
                    time,
                    self.inc[idx].unwrap_or(0),
                    self.movestogo,
                    overhead_ms
                )
            );
        }
        if let Some(n) = self.nodes {
            return format!("N{}", n.clamp(1, chess_core::command::MAX_NODES));
        }
        if let Some(d) = self.depth {
            return format!("D{}", d.clamp(1, 64));
        }
        if let Some(m) = self.mate {
            return format!("D{}", (2 * m).clamp(1, 64));
        }
        format!("T{MAX_TIME_MS}")
    }
}

/// Milliseconds for one move with `time` left on the clock, `inc` per move and `movestogo`
/// moves to the next control: remaining/30 (or /movestogo) + 3/4 of the increment, never more
/// than 40% of what is left (80% when this is the last move before the control), after
/// keeping `overhead_ms` back; clamped to 1..=60000.
pub fn allocate(time: i64, inc: i64, movestogo: Option<u64>, overhead_ms: u64) -> u64 {
    let time = time.max(0) as u64;
    let inc = inc.max(0) as u64;
    let avail = time.saturating_sub(overhead_ms).max(1);
    let mtg = movestogo.unwrap_or(30).clamp(1, 50);
    let share = avail / mtg + inc * 3 / 4;
    let cap = if mtg == 1 {
        avail * 8 / 10
    } else {
        avail * 4 / 10
    };
    share.min(cap).clamp(1, MAX_TIME_MS)
}

/// A `position` command: the base FEN (normalised) and the UCI moves after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionCmd {
    /// `None` for `startpos`.
    pub fen: Option<String>,
    /// The moves, in UCI notation.
    pub moves: Vec<String>,
}

impl PositionCmd {
    /// Parses the words after `position`.
    pub fn parse(words: &[&str]) -> Result<PositionCmd, String> {
        let moves_at = words.iter().position(|&w| w == "moves");
        let (head, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let fen = match head.split_first() {
            Some((&"startpos", [])) => None,
            Some((&"fen", fen)) if !fen.is_empty() => Some(fen.join(" ")),
            _ => return Err(format!("cannot read position {:?}", words.join(" "))),
        };
        Ok(PositionCmd {
            fen,
            moves: moves.iter().map(|m| m.to_string()).collect(),
        })
    }
}

/// What the worker is asked to do.
enum Job {
    NewGame,
    Position(PositionCmd),
    Go(Go),
    IsReady,
    SetOverhead(u64),
    Quit,
}

/// The position the GUI asked for, resolved against shakmaty.
struct Wanted {
    /// The base position's normalised FEN (the key for incremental updates).
    base: String,
    /// Positions before each move, the moves (UCI and protocol text), and the final position.
    steps: Vec<(Chess, String, String)>,
    pos: Chess,
}

/// The outcome of asking the device to move.
enum Searched {
    /// `03` answered (OK, CHECK, MATE, ... or an error reply).
    Reply(String),
    /// The search was abandoned on `stop`: nothing changed.
    Interrupted,
}

struct Worker {
    target: Target,
    link: Link,
    out: Out,
    stop: Arc<AtomicBool>,
    /// Set with `stop`; the in-process device's search consumes it.
    interrupt: Arc<AtomicBool>,
    /// Set by `ponderhit`.
    ponderhit: Arc<AtomicBool>,
    searching: Arc<AtomicBool>,
    overhead_ms: u64,
    wanted: Option<Wanted>,
    /// What the device holds, as the GUI named it: the base FEN and how many of `wanted`'s
    /// moves (plus moves the CPU played since) it has played. `None` when unknown.
    synced: Option<(String, Vec<String>)>,
}

/// The FEN to load when the device has ended a game the GUI plays on through: the position
/// without its history, and with the halfmove clock reset if the fifty-move rule ended it
/// (`09` would otherwise load a game that is already over).
fn reload_fen(pos: &Chess) -> String {
    let fen = fen_of(pos);
    let mut fields: Vec<&str> = fen.split(' ').collect();
    if pos.halfmoves() >= 100 && fields.len() == 6 {
        fields[4] = "0";
    }
    fields.join(" ")
}

fn link_err(e: LinkError) -> String {
    e.to_string()
}

const MOVE_REPLIES: [&str; 5] = ["OK", "CHECK", "MATE", "STALEMATE", "DRAW"];

impl Worker {
    fn info(&self, text: &str) {
        emit(&self.out, &format!("info string {text}"));
    }

    fn ask(&mut self, cmd: &str) -> Result<String, String> {
        self.link.ask(cmd).map_err(link_err)
    }

    /// Starts over with a fresh connection (after the simulator died).
    fn reconnect(&mut self) -> Result<(), String> {
        self.link = self.target.connect().map_err(link_err)?;
        self.synced = None;
        Ok(())
    }

    fn set_position(&mut self, cmd: PositionCmd) {
        self.wanted = None;
        let (mut pos, base) = match &cmd.fen {
            None => (Chess::default(), fen_of(&Chess::default())),
            Some(fen) => match position_from_fen(fen) {
                Ok(p) => {
                    let f = fen_of(&p);
                    (p, f)
                }
                Err(e) => return self.info(&format!("error: {e}")),
            },
        };
        let mut steps = Vec::with_capacity(cmd.moves.len());
        for mv in &cmd.moves {
            let m = mv
                .parse::<UciMove>()
                .ok()
                .and_then(|u| u.to_move(&pos).ok());
            let Some(m) = m else {
                self.info(&format!(
                    "error: illegal move {mv} in {}; position ignored",
                    fen_of(&pos)
                ));
                return;
            };
            let text = protocol_text(&pos, &m);
            steps.push((pos.clone(), uci_text(&m), text));
            pos.play_unchecked(&m);
        }
        self.wanted = Some(Wanted { base, steps, pos });
        if let Err(e) = self.sync() {
            self.info(&format!("error: {e}"));
        }
    }

    /// Brings the device to the wanted position, replaying only what it lacks.
    fn sync(&mut self) -> Result<(), String> {
        let Some(wanted) = &self.wanted else {
            return Ok(());
        };
        let base = wanted.base.clone();
        let wanted_moves: Vec<String> = wanted.steps.iter().map(|s| s.1.clone()).collect();
        let done = match &self.synced {
            Some((b, moves)) if *b == base && wanted_moves.starts_with(moves) => moves.len(),
            _ => {
                self.synced = None;
                let r = self.ask(&format!("09 H {base}"))?;
                if r != "OK" {
                    return Err(format!("the device refused the position {base} ({r})"));
                }
                self.synced = Some((base.clone(), Vec::new()));
                0
            }
        };
        for i in done..wanted_moves.len() {
            let (before, uci, text) = match &self.wanted {
                Some(w) => w.steps[i].clone(),
                None => return Ok(()),
            };
            let mut r = self.ask(&format!("02 {text}"))?;
            if r == "NOGAME" {
                // The device ended the game (a draw the GUI plays on through, or a full
                // history): start again from this position, without the earlier history.
                let fen = reload_fen(&before);
                let l = self.ask(&format!("09 H {fen}"))?;
                if l != "OK" {
                    self.synced = None;
                    return Err(format!("the device refused the position {fen} ({l})"));
                }
                r = self.ask(&format!("02 {text}"))?;
            }
            if !MOVE_REPLIES.contains(&r.as_str()) {
                self.synced = None;
                return Err(format!("the device answered {r} to 02 {text} ({uci})"));
            }
            if let Some((_, moves)) = &mut self.synced {
                moves.push(uci);
            }
        }
        Ok(())
    }

    /// Sends `03` and waits for the reply; on the simulator, `stop` interrupts the search.
    fn search(&mut self) -> Result<Searched, LinkError> {
        let (child, stdin, stdout) = match &mut self.link {
            Link::Sim {
                child,
                stdin,
                stdout,
            } => (child, stdin, stdout),
            Link::InProcess(session) => {
                // The in-process device takes the stop flag as its interrupt.
                let mut clock = chess_sim::Clock::new(&self.interrupt);
                return Ok(match session.command(b"03\n", &mut clock) {
                    Ok(reply) => {
                        Searched::Reply(String::from_utf8_lossy(reply).trim_end().to_string())
                    }
                    Err(_) => Searched::Interrupted,
                });
            }
            Link::Device(_) => return self.link.ask("03").map(Searched::Reply),
        };
        if self.stop.load(Ordering::SeqCst) {
            // Stopped before it began: nothing to interrupt.
            return Ok(Searched::Interrupted);
        }
        stdin.write_all(b"03\n")?;
        stdin.flush()?;
        let sent = std::time::Instant::now();
        let mut signalled = false;
        loop {
            if !stdout.buffer().is_empty() {
                break;
            }
            let readable = {
                let fd = stdout.get_ref().as_fd();
                let mut fds = [PollFd::new(fd, PollFlags::POLLIN)];
                match poll(&mut fds, 10u16) {
                    Ok(n) => n > 0,
                    Err(nix::errno::Errno::EINTR) => false,
                    Err(e) => return Err(LinkError::Io(e.into())),
                }
            };
            if readable {
                break;
            }
            // SIGUSR1 interrupts the simulator's search and is ignored when none runs; still
            // give it a moment to start searching, so the stop is not lost.
            if !signalled && self.stop.load(Ordering::SeqCst) && sent.elapsed() >= SIGNAL_GRACE {
                signalled = true;
                let pid = Pid::from_raw(i32::try_from(child.id()).unwrap_or(i32::MAX));
                let _ = kill(pid, Signal::SIGUSR1);
                // A marker whose reply can't be mistaken for a move's: if the search had
                // already finished, its reply comes first.
                stdin.write_all(b"06\n")?;
                stdin.flush()?;
            }
        }
        let mut line = String::new();
        if stdout.read_line(&mut line)? == 0 {
            return Err(LinkError::Closed);
        }
        let reply = line.trim_end_matches('\n').to_string();
        if !signalled {
            return Ok(Searched::Reply(reply));
        }
        if MOVE_REPLIES.contains(&reply.as_str()) || !reply.contains('/') {
            // The search finished before the signal landed: drop the marker's reply.
            let mut marker = String::new();
            if stdout.read_line(&mut marker)? == 0 {
                return Err(LinkError::Closed);
            }
            return Ok(Searched::Reply(reply));
        }
        Ok(Searched::Interrupted)
    }

    /// Reports the last search (`13`) as a UCI `info` line, with the PV in UCI notation.
    fn report(&mut self, root: &Chess) {
        let Ok(info) = self.ask("13") else { return };
        if let Some(line) = info_line(root, &info) {
            emit(&self.out, &line);
        }
    }

    fn go(&mut self, mut go: Go) {
        if go.ponder {
            // Wait for the opponent's move: `ponderhit` starts the real search with the clock
            // as `go` gave it; `stop` abandons it with a quick answer the GUI will ignore.
            while !self.stop.load(Ordering::SeqCst) && !self.ponderhit.load(Ordering::SeqCst) {
                thread::sleep(Duration::from_millis(2));
            }
            if self.stop.load(Ordering::SeqCst) {
                go = Go {
                    depth: Some(1),
                    ..Go::default()
                };
                self.stop.store(false, Ordering::SeqCst);
                self.interrupt.store(false, Ordering::SeqCst);
            }
        }
        let best = self.best_move(&go);
        if go.infinite {
            // UCI: no bestmove before `stop` in infinite mode.
            while !self.stop.load(Ordering::SeqCst) {
                thread::sleep(Duration::from_millis(5));
            }
        }
        self.searching.store(false, Ordering::SeqCst);
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
        if legal.is_empty() {
            self.info("the game is over: no legal moves");
            return None;
        }
        let fallback = uci_text(&legal[0]);
        match self.try_search(go, &root) {
            Ok(Some(m)) => Some(m),
            Ok(None) => Some(fallback),
            Err(e) => {
                self.info(&format!("error: {e}; playing {fallback}"));
                self.synced = None;
                Some(fallback)
            }
        }
    }

    fn try_search(&mut self, go: &Go, root: &Chess) -> Result<Option<String>, String> {
        if self.synced.is_none() {
            self.sync()?;
        }
        let limit = go.limit(root.turn(), self.overhead_ms);
        let r = self.ask(&format!("07 {limit}"))?;
        if r != "OK" {
            return Err(format!("the device refused 07 {limit} ({r})"));
        }
        let mut reply = match self.search() {
            Ok(Searched::Reply(r)) => r,
            Ok(Searched::Interrupted) => {
                self.ask("07 D1")?;
                self.ask("03")?
            }
            Err(e) => {
                // The simulator died (a signal landing between commands ends it): start a
                // new one and answer with a quick search.
                self.info(&format!("the simulator failed ({e}); restarting it"));
                self.reconnect()?;
                self.sync()?;
                self.ask("07 D1")?;
                self.ask("03")?
            }
        };
        if reply == "NOGAME" {
            // The device thinks the game is over (a draw by repetition or the fifty-move rule
            // that the GUI plays on through): search the position without its history.
            let fen = reload_fen(root);
            self.synced = None;
            let l = self.ask(&format!("09 H {fen}"))?;
            if l != "OK" {
                return Err(format!("the device refused the position {fen} ({l})"));
            }
            reply = self.ask("03")?;
        }
        if !MOVE_REPLIES.contains(&reply.as_str()) {
            self.synced = None;
            return Err(format!("the device answered {reply} to 03"));
        }
        let history = self.ask("05")?;
        let Some(text) = history.split_whitespace().last() else {
            self.synced = None;
            return Err("the CPU moved but the game record is empty".into());
        };
        let Some(m) = find_protocol(root, text) else {
            self.synced = None;
            return Err(format!(
                "the CPU's move {text} is not legal in {}",
                fen_of(root)
            ));
        };
        let uci = uci_text(&m);
        self.report(root);
        // The device has played the move: a `position` that continues from it sends only
        // the new moves.
        if let Some((_, moves)) = &mut self.synced {
            moves.push(uci.clone());
        }
        Ok(Some(uci))
    }

    fn run(mut self, jobs: Receiver<Job>) {
        while let Ok(job) = jobs.recv() {
            match job {
                Job::NewGame => {
                    self.synced = None;
                    self.wanted = None;
                }
                Job::Position(cmd) => self.set_position(cmd),
                Job::Go(go) => self.go(go),
                Job::IsReady => emit(&self.out, "readyok"),
                Job::SetOverhead(ms) => self.overhead_ms = ms,
                Job::Quit => break,
            }
        }
    }
}

/// Turns a `13` reply into `info depth .. score .. nodes .. time .. nps .. pv ..`.
pub fn info_line(root: &Chess, info: &str) -> Option<String> {
    let words: Vec<&str> = info.split(' ').collect();
    let field = |name: &str| {
        words
            .iter()
            .position(|&w| w == name)
            .and_then(|i| words.get(i + 1))
            .copied()
    };
    let depth: u64 = field("depth")?.parse().ok()?;
    let score_at = words.iter().position(|&w| w == "score")?;
    let kind = *words.get(score_at + 1)?;
    let value: i64 = words.get(score_at + 2)?.parse().ok()?;
    if kind != "cp" && kind != "mate" {
        return None;
    }
    let nodes: u64 = field("nodes")?.parse().ok()?;
    let time: u64 = field("time")?.parse().ok()?;
    let mut line = format!(
        "info depth {depth} score {kind} {value} nodes {nodes} time {time} nps {}",
        nodes * 1000 / time.max(1)
    );
    if let Some(pv_at) = words.iter().position(|&w| w == "pv") {
        let mut pos = root.clone();
        let mut pv = Vec::new();
        for text in &words[pv_at + 1..] {
            let Some(m) = find_protocol(&pos, text) else {
                break;
            };
            pv.push(uci_text(&m));
            pos.play_unchecked(&m);
        }
        if !pv.is_empty() {
            line.push_str(" pv ");
            line.push_str(&pv.join(" "));
        }
    }
    Some(line)
}

/// Speaks UCI on `input`/`out` for the device at `target`.
pub fn run(target: &Target, input: impl BufRead, out: Out) -> Result<(), String> {
    let link = target.connect().map_err(link_err)?;
    let interruptible = !matches!(link, Link::Device(_));
    let stop = Arc::new(AtomicBool::new(false));
    let interrupt = Arc::new(AtomicBool::new(false));
    let ponderhit = Arc::new(AtomicBool::new(false));
    let searching = Arc::new(AtomicBool::new(false));
    let worker = Worker {
        target: target.clone(),
        link,
        out: out.clone(),
        stop: stop.clone(),
        interrupt: interrupt.clone(),
        ponderhit: ponderhit.clone(),
        searching: searching.clone(),
        overhead_ms: DEFAULT_OVERHEAD_MS,
        wanted: None,
        synced: None,
    };
    let (jobs, rx): (Sender<Job>, Receiver<Job>) = mpsc::channel();
    let handle = thread::spawn(move || worker.run(rx));
    let send = |job: Job| {
        jobs.send(job)
            .map_err(|_| "the engine thread stopped".to_string())
    };

    for line in input.lines() {
        let line = line.map_err(|e| e.to_string())?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&cmd, args)) = words.split_first() else {
            continue;
        };
        match cmd {
            "uci" => {
                emit(
                    &out,
                    &format!("id name kchess {}", env!("CARGO_PKG_VERSION")),
                );
                emit(&out, "id author the kchess authors");
                emit(
                    &out,
                    &format!(
                        "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} \
                         min 0 max 5000"
                    ),
                );
                emit(&out, "uciok");
            }
            "isready" => {
                if searching.load(Ordering::SeqCst) {
                    emit(&out, "readyok");
                } else {
                    send(Job::IsReady)?;
                }
            }
            "setoption" => {
                let text = args.join(" ");
                let lower = text.to_ascii_lowercase();
                match lower.strip_prefix("name move overhead value ") {
                    Some(v) => match v.trim().parse::<u64>() {
                        Ok(ms) if ms <= 5000 => send(Job::SetOverhead(ms))?,
                        _ => emit(&out, &format!("info string bad value in: setoption {text}")),
                    },
                    None => emit(&out, &format!("info string unsupported option: {text}")),
                }
            }
            "ucinewgame" => send(Job::NewGame)?,
            "position" => match PositionCmd::parse(args) {
                Ok(p) => send(Job::Position(p))?,
                Err(e) => emit(&out, &format!("info string error: {e}")),
            },
            "go" => {
                if searching.load(Ordering::SeqCst) {
                    emit(&out, "info string error: already searching");
                } else {
                    stop.store(false, Ordering::SeqCst);
                    interrupt.store(false, Ordering::SeqCst);
                    ponderhit.store(false, Ordering::SeqCst);
                    searching.store(true, Ordering::SeqCst);
                    send(Job::Go(Go::parse(args)))?;
                }
            }
            "stop" => {
                stop.store(true, Ordering::SeqCst);
                interrupt.store(true, Ordering::SeqCst);
            }
            "ponderhit" => ponderhit.store(true, Ordering::SeqCst),
            "debug" | "register" => {}
            "quit" => break,
            _ => emit(&out, &format!("info string unknown command: {line}")),
        }
    }
    // Quit (or end of input): end any search and the worker.
    stop.store(true, Ordering::SeqCst);
    interrupt.store(true, Ordering::SeqCst);
    if !interruptible && searching.load(Ordering::SeqCst) {
        // Nothing can interrupt the device's search: don't wait for it.
        return Ok(());
    }
    let _ = jobs.send(Job::Quit);
    handle
        .join()
        .map_err(|_| "the engine thread panicked".to_string())
}

/// Entry point for `kchess uci`.
pub fn main(target: &Target) -> Result<(), String> {
    let out: Out = Arc::new(Mutex::new(io::stdout()));
    let r = run(target, io::stdin().lock(), out);
    if r.is_ok() {
        // The worker may still be in a device search that cannot be interrupted.
        std::process::exit(0);
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_words() {
        let g = Go::parse(&[
            "wtime",
            "1000",
            "btime",
            "2000",
            "winc",
            "10",
            "movestogo",
            "5",
        ]);
        assert_eq!(g.time, [Some(1000), Some(2000)]);
        assert_eq!(g.inc, [Some(10), None]);
        assert_eq!(g.movestogo, Some(5));
        assert!(!g.infinite);
        assert!(Go::parse(&["infinite"]).infinite);
        let g = Go::parse(&["searchmoves", "e2e4", "d2d4", "depth", "3"]);
        assert_eq!(g.depth, Some(3));
    }

    #[test]
    fn limits() {
        let w = Color::White;
        assert_eq!(Go::parse(&["movetime", "100"]).limit(w, 30), "T100");
        assert_eq!(Go::parse(&["movetime", "0"]).limit(w, 30), "T1");
        assert_eq!(Go::parse(&["movetime", "999999"]).limit(w, 30), "T60000");
        assert_eq!(Go::parse(&["depth", "5"]).limit(w, 30), "D5");
        assert_eq!(Go::parse(&["depth", "500"]).limit(w, 30), "D64");
        assert_eq!(Go::parse(&["nodes", "5000"]).limit(w, 30), "N5000");
        assert_eq!(Go::parse(&["infinite"]).limit(w, 30), "T60000");
        assert_eq!(Go::parse(&[]).limit(w, 30), "T60000");
        // (1000 - 30) / 30 = 32
        assert_eq!(
            Go::parse(&["wtime", "1000", "btime", "1000"]).limit(w, 30),
            "T32"
        );
        // Black's clock for Black.
        let g = Go::parse(&["wtime", "100000", "btime", "3030", "binc", "100"]);
        assert_eq!(g.limit(Color::Black, 30), "T175");
    }

    #[test]
    fn allocation_keeps_a_margin() {
        assert_eq!(allocate(0, 0, None, 30), 1);
        assert_eq!(allocate(-500, 0, None, 30), 1);
        // A big increment can't take more than 40% of what is left.
        assert_eq!(allocate(1030, 5000, None, 30), 400);
        // The last move before the control may use 80%.
        assert_eq!(allocate(1030, 0, Some(1), 30), 800);
        assert_eq!(allocate(10_000_000, 0, None, 30), 60_000);
    }

    #[test]
    fn position_words() {
        let p = PositionCmd::parse(&["startpos", "moves", "e2e4", "e7e5"]).unwrap();
        assert_eq!(p.fen, None);
        assert_eq!(p.moves, vec!["e2e4", "e7e5"]);
        let p =
            PositionCmd::parse(&["fen", "8/8/8/8/8/8/8/K1k5", "w", "-", "-", "0", "1"]).unwrap();
        assert_eq!(p.fen.as_deref(), Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"));
        assert!(p.moves.is_empty());
        assert!(PositionCmd::parse(&["banana"]).is_err());
        assert!(PositionCmd::parse(&["fen"]).is_err());
    }

    #[test]
    fn info_from_13() {
        let root = Chess::default();
        let l = info_line(
            &root,
            "depth 9 score cp 25 nodes 38912 time 10 pv WPe2-e4 BPe7-e5 WKe1-e2",
        )
        .unwrap();
        assert_eq!(
            l,
            "info depth 9 score cp 25 nodes 38912 time 10 nps 3891200 pv e2e4 e7e5 e1e2"
        );
        let l = info_line(&root, "depth 3 score mate -2 nodes 10 time 0 pv").unwrap();
        assert_eq!(l, "info depth 3 score mate -2 nodes 10 time 0 nps 10000");
        assert_eq!(info_line(&root, ""), None);
    }

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
        let text = session(
            "uci\nisready\nposition startpos moves e2e4\ngo depth 3\n#wait 1\nisready\nquit\n",
        );
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
        let text =
            session("position startpos moves f2f3 e7e5 g2g4 d8h4\ngo depth 2\n#wait 1\nquit\n");
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
}
