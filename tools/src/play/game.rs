//! One terminal game against the CPU: each action a person asks for, through the client.

use std::io::Write;

use chess_core::command::Reply;
use chess_core::notation::MoveText;
use shakmaty::{Chess, Position};

use super::input::parse_move_input;
use super::render::{describe_search, numbered, render_board};
use super::{Colour, PlayError};
use crate::client::{move_string, Client, ClientError};
use crate::movetext::{find_move, position_from_fen, protocol_move, replay, san_text};

/// The device's game as the terminal shows it.
pub(super) struct Game<'a, W: Write> {
    pub(super) client: Client,
    pub(super) out: &'a mut W,
    pub(super) colour: Colour,
    /// The last move played, in protocol notation, and as `12. Nf3`.
    pub(super) last: Option<(MoveText, String)>,
    /// Why the game is over, when it is.
    pub(super) over: Option<String>,
    /// Whether the prompt has told the reason yet.
    pub(super) over_told: bool,
}

impl<'a, W: Write> Game<'a, W> {
    pub(super) fn new(client: Client, out: &'a mut W, colour: Colour) -> Game<'a, W> {
        Game {
            client,
            out,
            colour,
            last: None,
            over: None,
            over_told: false,
        }
    }

    pub(super) fn end(&mut self, why: &str) {
        self.over = Some(why.to_string());
        self.over_told = false;
    }

    pub(super) fn say(&mut self, text: &str) -> Result<(), PlayError> {
        writeln!(self.out, "{text}")?;
        Ok(())
    }

    pub(super) fn position(&mut self) -> Result<Chess, PlayError> {
        let fen = self.client.fen()?;
        Ok(position_from_fen(&fen)?)
    }

    pub(super) fn new_game(&mut self) -> Result<(), PlayError> {
        self.client.new_game(self.colour.mode())?;
        self.last = None;
        self.over = None;
        let colour = self.colour.name();
        self.say(&format!(
            "New game: you play {colour}. Type 'help' for help."
        ))?;
        if self.colour == Colour::Black {
            self.cpu_move()?;
        }
        self.show_board()
    }

    pub(super) fn show_board(&mut self) -> Result<(), PlayError> {
        let board = self.client.board()?;
        let last = self.last.as_ref().map(|(m, _)| m);
        let text = render_board(&board, self.colour.side(), last);
        self.say(&text)?;
        if let Some((m, s)) = &self.last {
            let line = format!("Last move: {s} ({})", move_string(m));
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

    /// Reports the reply to a move that was played; `by_human` says whose move it was.
    fn after_move(&mut self, reply: Reply, by_human: bool) -> Result<(), PlayError> {
        match reply {
            Reply::Check => self.say("Check!")?,
            Reply::Mate if by_human => self.end("Checkmate: you win!"),
            Reply::Mate => self.end("Checkmate: kchess wins."),
            Reply::Stalemate => self.end("Stalemate: the game is drawn."),
            Reply::Draw => {
                let why = self.draw_reason();
                self.end(&format!("Draw by {why}."));
            }
            _ => {}
        }
        Ok(())
    }

    pub(super) fn cpu_move(&mut self) -> Result<(), PlayError> {
        let before = self.position()?;
        self.say("kchess is thinking...")?;
        self.out.flush()?;
        let reply = self.client.cpu_move()?;
        let text = self.client.last_move()?;
        let shown = match find_move(&before, &text) {
            Some(m) => numbered(&before, &san_text(&before, &m)),
            None => move_string(&text),
        };
        let detail = self
            .client
            .search_info()?
            .map(|r| format!("  [{}]", describe_search(&r)))
            .unwrap_or_default();
        self.say(&format!(
            "kchess plays {shown} ({}){detail}",
            move_string(&text)
        ))?;
        self.last = Some((text, shown));
        self.after_move(reply, false)
    }

    pub(super) fn human_move(&mut self, input: &str) -> Result<(), PlayError> {
        let pos = self.position()?;
        let m = match parse_move_input(&pos, input) {
            Ok(m) => m,
            Err(e) => return self.say(&e.message(input)),
        };
        let text = protocol_move(&pos, &m);
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
                return self.say(&why);
            }
        };
        let shown = numbered(&pos, &san_text(&pos, &m));
        self.say(&format!("You play {shown} ({shown_text})"))?;
        self.last = Some((text, shown));
        self.after_move(reply, true)?;
        if self.over.is_none() {
            self.cpu_move()?;
        }
        self.show_board()
    }

    pub(super) fn list_moves(&mut self) -> Result<(), PlayError> {
        let pos = self.position()?;
        let sans: Vec<String> = self
            .client
            .moves()?
            .iter()
            .map(|t| match find_move(&pos, t) {
                Some(m) => san_text(&pos, &m),
                None => move_string(t),
            })
            .collect();
        if sans.is_empty() {
            self.say("No legal moves.")
        } else {
            self.say(&format!("{} legal moves: {}", sans.len(), sans.join(" ")))
        }
    }

    pub(super) fn resign(&mut self) -> Result<(), PlayError> {
        match self.client.resign() {
            Ok(()) => {
                self.end("You resigned: kchess wins.");
                Ok(())
            }
            Err(ClientError::Refused { reply, .. }) => {
                self.say(&format!("The device refused the resignation: {reply}"))
            }
            Err(e) => Err(e.into()),
        }
    }

    pub(super) fn undo(&mut self) -> Result<(), PlayError> {
        let history = self.client.history()?;
        let pos = self.position()?;
        // Back to the human's turn, taking back at least one of the human's moves.
        let plies = if pos.turn() == self.colour.color() {
            2
        } else {
            1
        };
        if history.len() < plies {
            return self.say("Nothing to undo.");
        }
        for _ in 0..plies {
            match self.client.undo() {
                Ok(()) => {}
                Err(ClientError::Refused { reply, .. }) => {
                    return self.say(&format!("Undo failed: {reply}"))
                }
                Err(e) => return Err(e.into()),
            }
        }
        self.over = None;
        self.last = None;
        let remaining = self.client.history()?;
        if let Some(&text) = remaining.last() {
            // Show the move now on the board as the last one. Games here always start from
            // the initial position (`00`).
            let played = replay(&Chess::default(), &remaining);
            let shown = match played.last() {
                Some((before, m)) if played.len() == remaining.len() => {
                    numbered(before, &san_text(before, m))
                }
                _ => move_string(&remaining[played.len()]),
            };
            self.last = Some((text, shown));
        }
        self.say(&format!(
            "Took back {plies} half-move{}.",
            if plies == 1 { "" } else { "s" }
        ))?;
        self.show_board()
    }
}
