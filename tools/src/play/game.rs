//! One terminal game: each action a person asks for, through the client.
//!
//! The device always plays a two-human game (`00 H`/`09 H`): `02` plays a person's move for
//! either side and `03` lets the CPU play the side to move, so this program decides who plays
//! which side, and any game (a loaded one, a redo) can be replayed move by move.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};

use chess_core::command::{Mode, Reply};
use chess_core::notation::MoveText;
use chess_core::search::Limit;
use shakmaty::{Chess, Color, Move, Position};

use super::clock::{show_ms, Clocks, TimeControl};
use super::input::parse_move_input;
use super::pgn::{self, PgnGame, START_FEN};
use super::render::{describe_search, numbered, render_board, Style};
use super::think::{self, Watcher};
use super::{PlayError, Players};
use crate::client::{move_string, Client, ClientError};
use crate::link::Target;
use crate::movetext::{find_move, position_from_fen, protocol_move, replay, san_text, uci_text};
use crate::record::SearchRecord;

/// The device's game as the terminal shows it.
pub(super) struct Game<'a, W: Write> {
    pub(super) client: Client,
    pub(super) out: &'a mut W,
    pub(super) players: Players,
    /// The CPU's budget (also the hint's).
    pub(super) limit: Limit,
    /// The device file, for the second descriptor that stops a search.
    pub(super) device: Option<PathBuf>,
    /// Raised by Ctrl-C: the CPU moves now.
    pub(super) stop: &'a AtomicBool,
    /// Where finished games are appended as PGN.
    pub(super) pgn_out: Option<PathBuf>,
    pub(super) style: Style,
    /// The FEN the game started from.
    pub(super) start_fen: String,
    /// The PGN tags besides `Result` (`SetUp` and `FEN` are written from `start_fen`).
    pub(super) tags: Vec<(String, String)>,
    /// Moves taken back, the next one to redo last.
    pub(super) redo: Vec<MoveText>,
    /// The last move played, in protocol notation, and as `12. Nf3`.
    pub(super) last: Option<(MoveText, String)>,
    /// Why the game is over, when it is, and its result (`1-0`, `0-1`, `1/2-1/2`).
    pub(super) over: Option<String>,
    pub(super) result: &'static str,
    /// Whether the prompt has told the reason yet.
    pub(super) over_told: bool,
    /// Moves played since the game was last saved, loaded or recorded.
    pub(super) dirty: bool,
    /// The time control, and the clocks of the current game.
    pub(super) tc: Option<TimeControl>,
    pub(super) clock: Option<Clocks>,
    /// A scratch device for hints.
    hinter: Option<Client>,
    /// Replaying a loaded game: its end is not a new finished game to record.
    replaying: bool,
    /// Show the progress of the CPU's search as it thinks (on a terminal).
    pub(super) live: bool,
}

/// `White` or `Black`.
pub(super) fn side_name(side: Color) -> &'static str {
    match side {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The name a person gets in PGN.
fn person() -> String {
    std::env::var("USER")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| "?".into())
}

/// What a game starts from.
pub(super) enum Start<'p> {
    /// The initial position.
    Initial,
    /// A FEN.
    Fen(&'p str),
    /// The last game of a PGN file.
    Pgn(&'p Path),
}

impl<'a, W: Write> Game<'a, W> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        client: Client,
        out: &'a mut W,
        players: Players,
        limit: Limit,
        stop: &'a AtomicBool,
        device: Option<PathBuf>,
        pgn_out: Option<PathBuf>,
        style: Style,
    ) -> Game<'a, W> {
        Game {
            client,
            out,
            players,
            limit,
            device,
            stop,
            pgn_out,
            style,
            start_fen: START_FEN.into(),
            tags: Vec::new(),
            redo: Vec::new(),
            last: None,
            over: None,
            result: "*",
            over_told: false,
            dirty: false,
            tc: None,
            clock: None,
            hinter: None,
            replaying: false,
            live: false,
        }
    }

    pub(super) fn say(&mut self, text: &str) -> Result<(), PlayError> {
        writeln!(self.out, "{text}")?;
        Ok(())
    }

    pub(super) fn position(&mut self) -> Result<Chess, PlayError> {
        let fen = self.client.fen()?;
        Ok(position_from_fen(&fen)?)
    }

    /// Whether the CPU plays `side`.
    pub(super) fn is_cpu(&self, side: Color) -> bool {
        match self.players {
            Players::Cpu { human } => side != human.color(),
            Players::Humans => false,
            Players::Watch => true,
        }
    }

    /// The side the board is drawn for.
    fn viewer(&self) -> chess_core::piece::Color {
        match self.players {
            Players::Cpu { human } => human.side(),
            _ => chess_core::piece::Color::White,
        }
    }

    /// A game with unsaved moves.
    pub(super) fn unsaved(&self) -> bool {
        self.dirty
    }

    /// Ends the game: `why` for the player, `result` for PGN; a finished game is recorded.
    pub(super) fn end(&mut self, why: &str, result: &'static str) -> Result<(), PlayError> {
        if let Some(c) = &mut self.clock {
            c.pause();
        }
        self.over = Some(why.to_string());
        self.result = result;
        self.over_told = false;
        if self.replaying {
            return Ok(());
        }
        self.record()
    }

    /// Appends the finished game to the PGN file of finished games.
    fn record(&mut self) -> Result<(), PlayError> {
        let Some(path) = self.pgn_out.clone() else {
            return Ok(());
        };
        let text = self.pgn_text()?;
        let written = (|| {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)?;
            }
            let mut f = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(&path)?;
            f.write_all(text.as_bytes())
        })();
        match written {
            Ok(()) => {
                self.dirty = false;
                self.say(&format!("The game is recorded in {}.", path.display()))
            }
            Err(e) => self.say(&format!(
                "Could not record the game in {}: {e}",
                path.display()
            )),
        }
    }

    /// The tags a new game starts with.
    fn fresh_tags(&self) -> Vec<(String, String)> {
        let name = |side| {
            if self.is_cpu(side) {
                "kchess".to_string()
            } else if matches!(self.players, Players::Cpu { .. }) {
                person()
            } else {
                "?".to_string()
            }
        };
        let mut tags = vec![
            ("Event".into(), "kchess game".into()),
            ("Site".into(), "?".into()),
            ("Date".into(), pgn::today()),
            ("Round".into(), "-".into()),
            ("White".into(), name(Color::White)),
            ("Black".into(), name(Color::Black)),
        ];
        if let Some(tc) = self.tc {
            tags.push(("TimeControl".into(), tc.tag()));
        }
        tags
    }

    /// Starts the clock of the side to move when a person plays it (waiting at the prompt).
    pub(super) fn clock_start(&mut self) -> Result<(), PlayError> {
        if self.clock.is_some() && self.over.is_none() {
            let turn = self.position()?.turn();
            if !self.is_cpu(turn) {
                if let Some(c) = &mut self.clock {
                    c.start(turn);
                }
            }
        }
        Ok(())
    }

    /// Ends the game when the running clock has no time left; true when it did.
    pub(super) fn flag_check(&mut self) -> Result<bool, PlayError> {
        match self.clock.as_ref().and_then(Clocks::fallen) {
            Some(side) if self.over.is_none() => {
                self.lost_on_time(side)?;
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    fn lost_on_time(&mut self, side: Color) -> Result<(), PlayError> {
        let why = match self.players {
            Players::Cpu { .. } if self.is_cpu(side) => "kchess ran out of time: you win!".into(),
            Players::Cpu { .. } => "Your time ran out: kchess wins.".into(),
            _ => format!(
                "{} ran out of time: {} wins.",
                side_name(side),
                side_name(!side)
            ),
        };
        let result = match side {
            Color::White => "0-1",
            Color::Black => "1-0",
        };
        self.end(&why, result)
    }

    /// `side` moved: its clock stops (and gets the increment); a fallen flag ends the game.
    fn clock_moved(&mut self, side: Color) -> Result<(), PlayError> {
        let in_time = self.clock.as_mut().is_none_or(|c| c.moved(side));
        if !in_time && self.over.is_none() {
            self.lost_on_time(side)?;
        }
        Ok(())
    }

    /// The clock of the side to move, for the prompt: `, 4:57`.
    pub(super) fn clock_note(&self, side: Color) -> String {
        match &self.clock {
            Some(c) => format!(", {}", show_ms(c.left_ms(side))),
            None => String::new(),
        }
    }

    /// Starts a game from `start`, then lets the CPU move if it is to play.
    pub(super) fn begin(&mut self, start: Start<'_>) -> Result<(), PlayError> {
        match start {
            Start::Initial => self.setup(START_FEN, &[], None)?,
            Start::Fen(fen) => self.setup(fen, &[], None)?,
            Start::Pgn(path) => self.load(path, None)?,
        }
        match self.client.fen() {
            Ok(_) => Ok(()),
            Err(e) if e.refusal().is_some() => Err(PlayError::NoStart),
            Err(e) => Err(e.into()),
        }
    }

    /// A new game from the initial position.
    pub(super) fn new_game(&mut self) -> Result<(), PlayError> {
        self.setup(START_FEN, &[], None)
    }

    /// Sets the device up at `fen` with `moves` played, tells the player, and lets the CPU move
    /// when it is to play. `loaded` is the PGN game the moves come from.
    fn setup(
        &mut self,
        fen: &str,
        moves: &[MoveText],
        loaded: Option<&PgnGame>,
    ) -> Result<(), PlayError> {
        let fen = fen.trim();
        let start = match position_from_fen(fen) {
            Ok(p) => p,
            Err(e) => return self.say(&format!("Cannot start from that position: {e}")),
        };
        if fen == START_FEN {
            self.client.new_game(Mode::Humans)?;
        } else if let Err(e) = self.client.load(Mode::Humans, fen) {
            return match e.refusal() {
                Some(r) => self.say(&format!("The device refused that position ({r}).")),
                None => Err(e.into()),
            };
        }
        self.start_fen = crate::movetext::fen_of(&start);
        self.tags = self.fresh_tags();
        self.redo.clear();
        self.last = None;
        self.over = None;
        self.result = "*";
        self.dirty = false;
        self.clock = self.tc.map(Clocks::new);
        let mut reply = Reply::Ok;
        for text in moves {
            reply = self.client.play(text)?;
        }
        if let Some(game) = loaded {
            for (k, v) in &game.tags {
                if !matches!(k.as_str(), "Result" | "FEN" | "SetUp") {
                    match self.tags.iter_mut().find(|(t, _)| t == k) {
                        Some(slot) => slot.1 = v.clone(),
                        None => self.tags.push((k.clone(), v.clone())),
                    }
                }
            }
        }
        self.set_last_from_history()?;
        let intro = match self.players {
            Players::Cpu { human } => format!("you play {}", human.name()),
            Players::Humans => "two players at one board".into(),
            Players::Watch => "kchess plays itself".into(),
        };
        let what = if loaded.is_some() {
            format!("Game loaded ({} half-moves)", moves.len())
        } else {
            "New game".into()
        };
        self.say(&format!("{what}: {intro}. Type 'help' for help."))?;
        if self.start_fen != START_FEN {
            let line = format!("Starting position: {}", self.start_fen);
            self.say(&line)?;
        }
        if !moves.is_empty() {
            self.replaying = true;
            let told = self.after_move(reply, None);
            self.replaying = false;
            told?;
        }
        if let (Some(game), None) = (loaded, &self.over) {
            if game.result != "*" {
                let result = match game.result.as_str() {
                    "1-0" => "1-0",
                    "0-1" => "0-1",
                    _ => "1/2-1/2",
                };
                self.over = Some(format!("The game ended {result}."));
                self.result = result;
                self.over_told = false;
            }
        }
        self.dirty = false;
        self.advance()
    }

    pub(super) fn show_board(&mut self) -> Result<(), PlayError> {
        let board = self.client.board()?;
        let pos = self.position()?;
        let last = self.last.as_ref().map(|(m, _)| m);
        let check = pos
            .is_check()
            .then(|| pos.board().king_of(pos.turn()))
            .flatten();
        let check = check.map(|sq| {
            chess_core::piece::Square::from_coords(u8::from(sq.file()), u8::from(sq.rank()))
        });
        let text = render_board(&board, self.viewer(), last, check, self.style);
        self.say(&text)?;
        if let Some((m, s)) = &self.last {
            let line = format!("Last move: {s} ({})", move_string(m));
            self.say(&line)?;
        }
        if let Some(c) = &self.clock {
            let line = format!("Clocks: {}", c.show());
            self.say(&line)?;
        }
        Ok(())
    }

    fn draw_reason(&mut self) -> String {
        match self.position() {
            Ok(pos) if pos.is_insufficient_material() => "insufficient material".into(),
            Ok(pos) if pos.halfmoves() >= 100 => "the fifty-move rule".into(),
            Ok(_) => "threefold repetition".into(),
            Err(_) => "the rules".into(),
        }
    }

    /// Reports the reply to a move that was played by `mover` (`None`: a replayed game, the
    /// side that moved last).
    fn after_move(&mut self, reply: Reply, mover: Option<Color>) -> Result<(), PlayError> {
        let mover = match mover {
            Some(m) => m,
            None => !self.position()?.turn(),
        };
        match reply {
            Reply::Check => self.say("Check!")?,
            Reply::Mate => {
                let why = match self.players {
                    Players::Cpu { .. } if self.is_cpu(mover) => "Checkmate: kchess wins.".into(),
                    Players::Cpu { .. } => "Checkmate: you win!".into(),
                    _ => format!("Checkmate: {} wins.", side_name(mover)),
                };
                let result = match mover {
                    Color::White => "1-0",
                    Color::Black => "0-1",
                };
                self.end(&why, result)?;
            }
            Reply::Stalemate => self.end("Stalemate: the game is drawn.", "1/2-1/2")?,
            Reply::Draw => {
                let why = self.draw_reason();
                self.end(&format!("Draw by {why}."), "1/2-1/2")?;
            }
            _ => {}
        }
        Ok(())
    }

    /// The CPU plays the sides it plays until a person is to move or the game ends, then the
    /// board is shown (after each move when kchess plays itself).
    pub(super) fn advance(&mut self) -> Result<(), PlayError> {
        let watch = matches!(self.players, Players::Watch);
        let mut moved = false;
        while self.over.is_none() {
            let pos = self.position()?;
            if !self.is_cpu(pos.turn()) {
                break;
            }
            moved = true;
            let early = self.cpu_move()?;
            if watch {
                self.show_board()?;
                if early {
                    // Ctrl-C while kchess plays itself: this move now, then a pause.
                    return self.say("Paused: type 'go' to go on, or a move to play it yourself.");
                }
            }
        }
        if !watch || !moved {
            self.show_board()?;
        }
        Ok(())
    }

    /// The CPU plays the side to move; true when Ctrl-C made it move early.
    pub(super) fn cpu_move(&mut self) -> Result<bool, PlayError> {
        let before = self.position()?;
        // Cleared before the player is told, so that no Ctrl-C after this is lost.
        self.stop.store(false, Ordering::SeqCst);
        self.say("kchess is thinking... (Ctrl-C: move now)")?;
        self.out.flush()?;
        let side = before.turn();
        if let Some(c) = &mut self.clock {
            // The CPU plays on its clock, unless a fixed depth was asked for.
            if let Limit::Time(_) = self.limit {
                let budget = c.budget_ms(side);
                self.client.set_limit(Limit::Time(budget))?;
            }
            c.start(side);
        }
        let out = &mut *self.out;
        let mut shown = false;
        let mut show = |r: &SearchRecord| {
            // One line, rewritten in place.
            let _ = write!(out, "\r\x1b[K  {} ...", describe_search(r, "kchess"));
            let _ = out.flush();
            shown = true;
        };
        let watcher: Watcher<'_> = if self.live { Some(&mut show) } else { None };
        let reply = think::cpu_move(&mut self.client, self.device.as_deref(), self.stop, watcher);
        if shown {
            write!(self.out, "\r\x1b[K")?;
        }
        let reply = reply?;
        let in_time = self.clock.as_mut().is_none_or(|c| c.moved(side));
        let early = self.stop.swap(false, Ordering::SeqCst);
        if early {
            self.say("Moving now.")?;
        }
        let text = self.client.last_move()?;
        let shown = match find_move(&before, &text) {
            Some(m) => numbered(&before, &san_text(&before, &m)),
            None => move_string(&text),
        };
        let detail = self
            .client
            .search_info()?
            .map(|r| format!("  [{}]", describe_search(&r, "kchess")))
            .unwrap_or_default();
        self.say(&format!(
            "kchess plays {shown} ({}){detail}",
            move_string(&text)
        ))?;
        self.last = Some((text, shown));
        self.dirty = true;
        self.take_redo(&text);
        self.after_move(reply, Some(side))?;
        if !in_time && self.over.is_none() {
            self.lost_on_time(side)?;
        }
        Ok(early)
    }

    /// A move was played: the redo list goes on only if it was the next move there.
    fn take_redo(&mut self, played: &MoveText) {
        if self.redo.last() == Some(played) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
    }

    /// A move a person typed, for the side to move.
    pub(super) fn human_move(&mut self, input: &str) -> Result<(), PlayError> {
        let pos = self.position()?;
        let m = match parse_move_input(&pos, input) {
            Ok(m) => m,
            Err(e) => return self.say(&e.message(input)),
        };
        if self.play_move(&pos, &m)? {
            self.clock_moved(pos.turn())?;
            self.advance()?;
        }
        Ok(())
    }

    /// Plays `m` for a person; true when the device played it.
    fn play_move(&mut self, pos: &Chess, m: &Move) -> Result<bool, PlayError> {
        let text = protocol_move(pos, m);
        let shown_text = move_string(&text);
        let reply = match self.client.play(&text) {
            Ok(reply) => reply,
            Err(e) => {
                let why = match e.refusal() {
                    Some(Reply::IllMove) => format!("The device refused {shown_text} as illegal."),
                    Some(Reply::Oot) => "It is not your turn.".into(),
                    Some(Reply::NoGame) => "The game is over: type 'new' for another game.".into(),
                    Some(other) => format!("The device answered {other} to {shown_text}."),
                    None => return Err(e.into()),
                };
                self.say(&why)?;
                return Ok(false);
            }
        };
        let shown = numbered(pos, &san_text(pos, m));
        let who = match self.players {
            Players::Cpu { .. } => "You play".to_string(),
            _ => format!("{} plays", side_name(pos.turn())),
        };
        self.say(&format!("{who} {shown} ({shown_text})"))?;
        self.last = Some((text, shown));
        self.dirty = true;
        self.take_redo(&text);
        self.after_move(reply, Some(pos.turn()))?;
        Ok(true)
    }

    /// `go`: the CPU plays the side to move now (and then whatever it plays).
    pub(super) fn go(&mut self) -> Result<(), PlayError> {
        if self.over.is_some() {
            return self.say("The game is over.");
        }
        let early = self.cpu_move()?;
        if early && matches!(self.players, Players::Watch) {
            return self.show_board();
        }
        self.advance()
    }

    /// The legal moves in SAN.
    pub(super) fn legal_sans(&mut self) -> Result<Vec<String>, PlayError> {
        let pos = self.position()?;
        Ok(self
            .client
            .moves()?
            .iter()
            .map(|t| match find_move(&pos, t) {
                Some(m) => san_text(&pos, &m),
                None => move_string(t),
            })
            .collect())
    }

    /// What Tab completes: the legal moves in SAN and coordinates, and the commands.
    pub(super) fn completions(&mut self) -> Result<Vec<String>, PlayError> {
        let mut words: Vec<String> = super::COMMANDS.iter().map(|c| c.to_string()).collect();
        if self.over.is_none() {
            let pos = self.position()?;
            for m in pos.legal_moves() {
                words.push(san_text(&pos, &m));
                words.push(uci_text(&m));
            }
        }
        Ok(words)
    }

    pub(super) fn list_legal(&mut self) -> Result<(), PlayError> {
        let sans = self.legal_sans()?;
        if sans.is_empty() {
            self.say("No legal moves.")
        } else {
            self.say(&format!("{} legal moves: {}", sans.len(), sans.join(" ")))
        }
    }

    /// The moves played, with the position before each.
    fn played(&mut self) -> Result<(Chess, Vec<Move>), PlayError> {
        let start = position_from_fen(&self.start_fen)?;
        let history = self.client.history()?;
        let moves = replay(&start, &history)
            .into_iter()
            .map(|(_, m)| m)
            .collect();
        Ok((start, moves))
    }

    /// `moves`: the game so far in numbered SAN.
    pub(super) fn list_game(&mut self) -> Result<(), PlayError> {
        let (start, moves) = self.played()?;
        if moves.is_empty() {
            return self.say("No moves yet.");
        }
        let words = pgn::numbered_sans(&start, &moves);
        let mut line = String::new();
        for w in words {
            if w.contains('.') && !line.is_empty() && line.len() + w.len() > 70 {
                self.say(&line)?;
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        if self.over.is_some() {
            line.push(' ');
            line.push_str(self.result);
        }
        self.say(&line)
    }

    /// The game as PGN.
    pub(super) fn pgn_text(&mut self) -> Result<String, PlayError> {
        let (start, moves) = self.played()?;
        let tags: Vec<(&str, String)> = self
            .tags
            .iter()
            .map(|(k, v)| (k.as_str(), v.clone()))
            .chain(std::iter::once(("Result", self.result.to_string())))
            .collect();
        let comment = self.over.clone();
        Ok(pgn::write_pgn(
            &tags,
            &start,
            &moves,
            self.result,
            comment.as_deref(),
        ))
    }

    /// `save FILE`: the game as PGN in `path` (replacing the file).
    pub(super) fn save(&mut self, path: &Path) -> Result<(), PlayError> {
        let text = self.pgn_text()?;
        match std::fs::write(path, text) {
            Ok(()) => {
                self.dirty = false;
                self.say(&format!("Saved the game to {}.", path.display()))
            }
            Err(e) => self.say(&format!("Could not save to {}: {e}", path.display())),
        }
    }

    /// `load FILE [N]`: game N (the last one by default) of a PGN file.
    pub(super) fn load(&mut self, path: &Path, which: Option<usize>) -> Result<(), PlayError> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return self.say(&format!("Cannot read {}: {e}", path.display())),
        };
        let (game, count) = match pgn::read_pgn(&text, which) {
            Ok(g) => g,
            Err(e) => return self.say(&format!("Cannot load {}: {e}", path.display())),
        };
        if let Players::Cpu { human } = self.players {
            // Resume on the side the person played.
            let (w, b) = (game.tag("White"), game.tag("Black"));
            let human = match (w, b) {
                (Some("kchess"), Some(b)) if b != "kchess" => super::Colour::Black,
                (Some(w), Some("kchess")) if w != "kchess" => super::Colour::White,
                _ => human,
            };
            self.players = Players::Cpu { human };
        }
        let mut texts = Vec::with_capacity(game.moves.len());
        let mut pos = game.start.clone();
        for m in &game.moves {
            texts.push(protocol_move(&pos, m));
            pos.play_unchecked(m);
        }
        if count > 1 {
            let n = which.unwrap_or(count);
            self.say(&format!(
                "{} holds {count} games: loading game {n}.",
                path.display()
            ))?;
        }
        let fen = crate::movetext::fen_of(&game.start);
        self.setup(&fen, &texts, Some(&game))
    }

    pub(super) fn resign(&mut self) -> Result<(), PlayError> {
        let side = self.position()?.turn();
        match self.client.resign() {
            Ok(()) => {
                let why = match self.players {
                    Players::Cpu { .. } => "You resigned: kchess wins.".to_string(),
                    _ => format!("{} resigns: {} wins.", side_name(side), side_name(!side)),
                };
                let result = match side {
                    Color::White => "0-1",
                    Color::Black => "1-0",
                };
                self.end(&why, result)
            }
            Err(ClientError::Refused { reply, .. }) => {
                self.say(&format!("The device refused the resignation: {reply}"))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Shows the last move of the device's record as the last move.
    fn set_last_from_history(&mut self) -> Result<(), PlayError> {
        self.last = None;
        let remaining = self.client.history()?;
        if let Some(&text) = remaining.last() {
            let start = position_from_fen(&self.start_fen)?;
            let played = replay(&start, &remaining);
            let shown = match played.last() {
                Some((before, m)) if played.len() == remaining.len() => {
                    numbered(before, &san_text(before, m))
                }
                _ => move_string(&remaining[played.len()]),
            };
            self.last = Some((text, shown));
        }
        Ok(())
    }

    /// Takes back the last half-move on the device, keeping it for redo; false when there is
    /// nothing to take back.
    fn undo_one(&mut self) -> Result<bool, PlayError> {
        let Some(last) = self.client.history()?.pop() else {
            return Ok(false);
        };
        match self.client.undo() {
            Ok(()) => {
                self.redo.push(last);
                Ok(true)
            }
            Err(ClientError::Refused { reply, .. }) => {
                self.say(&format!("Undo failed: {reply}"))?;
                Ok(false)
            }
            Err(e) => Err(e.into()),
        }
    }

    pub(super) fn undo(&mut self) -> Result<(), PlayError> {
        let mut plies = 0;
        // Back to a person's turn, taking back at least one of their moves against the CPU.
        loop {
            if !self.undo_one()? {
                break;
            }
            plies += 1;
            let turn = self.position()?.turn();
            let back_to_person = !self.is_cpu(turn);
            if back_to_person || matches!(self.players, Players::Watch) {
                break;
            }
        }
        if plies == 0 {
            return self.say("Nothing to undo.");
        }
        if let Some(c) = &mut self.clock {
            c.pause();
        }
        self.over = None;
        self.result = "*";
        self.dirty = true;
        self.set_last_from_history()?;
        self.say(&format!(
            "Took back {plies} half-move{}.",
            if plies == 1 { "" } else { "s" }
        ))?;
        self.show_board()
    }

    pub(super) fn redo(&mut self) -> Result<(), PlayError> {
        let mut plies = 0;
        while let Some(text) = self.redo.last().copied() {
            let pos = self.position()?;
            let Some(m) = find_move(&pos, &text) else {
                self.redo.clear();
                break;
            };
            if !self.play_move(&pos, &m)? {
                break;
            }
            plies += 1;
            let turn = self.position()?.turn();
            if self.over.is_some() || !self.is_cpu(turn) || matches!(self.players, Players::Watch) {
                break;
            }
        }
        if plies == 0 {
            return self.say("Nothing to redo.");
        }
        self.show_board()
    }

    /// `hint`: what the engine would play here, searched on a scratch device.
    pub(super) fn hint(&mut self) -> Result<(), PlayError> {
        if self.over.is_some() {
            return self.say("The game is over.");
        }
        let pos = self.position()?;
        let history = self.client.history()?;
        let mut scratch = match self.hinter.take() {
            Some(c) => c,
            None => Client::connect(&Target::InProcess)?,
        };
        scratch.set_limit(self.limit)?;
        if self.start_fen == START_FEN {
            scratch.new_game(Mode::Humans)?;
        } else {
            scratch.load(Mode::Humans, &self.start_fen)?;
        }
        for text in &history {
            scratch.play(text)?;
        }
        self.stop.store(false, Ordering::SeqCst);
        self.say("Looking for a hint... (Ctrl-C: answer now)")?;
        self.out.flush()?;
        think::cpu_move(&mut scratch, None, self.stop, None)?;
        self.stop.store(false, Ordering::SeqCst);
        let text = scratch.last_move()?;
        let detail = scratch
            .search_info()?
            .map(|r| format!("  [{}]", describe_search(&r, side_name(pos.turn()))))
            .unwrap_or_default();
        self.hinter = Some(scratch);
        let shown = match find_move(&pos, &text) {
            Some(m) => format!("{} ({})", san_text(&pos, &m), uci_text(&m)),
            None => move_string(&text),
        };
        self.say(&format!("Hint: {shown}{detail}"))
    }
}
