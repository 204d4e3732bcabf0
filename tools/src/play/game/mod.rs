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

mod clock;
mod history;
mod record;

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
    /// The CPU's strength level (`None`: full strength).
    pub(super) elo: Option<u16>,
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
            elo: None,
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
        let level = self
            .elo
            .map_or(String::new(), |e| format!(" against kchess at level {e}"));
        let intro = match self.players {
            Players::Cpu { human } => format!("you play {}{level}", human.name()),
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
}
