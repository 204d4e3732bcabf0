//! `kchess play`: a game against the CPU in the terminal, entirely through the protocol.
//!
//! The device is the referee and the opponent; shakmaty only reads the FEN that `06` returns
//! to understand what the human typed (coordinates, SAN or protocol notation) and to show the
//! CPU's move in SAN.

mod game;
pub mod input;
pub mod render;

use std::io::{self, BufRead, IsTerminal, Write};

use chess_core::command::Mode;
use chess_core::search::Limit;

use crate::client::{Client, ClientError};
use crate::link::Target;
use crate::movetext::FenError;
use game::Game;

/// Why the game cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// Talking to the device failed.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// The device's FEN is not a position.
    #[error("the device's position: {0}")]
    Fen(#[from] FenError),
    /// Reading the player's input or writing to the terminal failed.
    #[error("terminal: {0}")]
    Io(#[from] io::Error),
}

/// Which side the human plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Colour {
    /// White (moves first).
    White,
    /// Black (the CPU moves first).
    Black,
}

impl Colour {
    /// The side, as the protocol names it.
    pub fn side(self) -> chess_core::piece::Color {
        match self {
            Colour::White => chess_core::piece::Color::White,
            Colour::Black => chess_core::piece::Color::Black,
        }
    }

    fn color(self) -> shakmaty::Color {
        match self {
            Colour::White => shakmaty::Color::White,
            Colour::Black => shakmaty::Color::Black,
        }
    }

    fn mode(self) -> Mode {
        Mode::Cpu { human: self.side() }
    }

    fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

/// Settings for [`run`].
#[derive(Clone, Debug)]
pub struct Options {
    /// The human's colour.
    pub colour: Colour,
    /// The CPU's thinking time per move in milliseconds (`07 T<ms>`).
    pub think_ms: u32,
    /// Echo each input line (useful when input comes from a pipe).
    pub echo: bool,
}

const HELP: &str = "\
Type a move in any of these forms:
  coordinates  e2e4, g1f3, e1g1 (castling), e7e8q (promotion)
  SAN          e4, Nf3, exd5, O-O, O-O-O, e8=Q+
  protocol     WPe2-e4, WPe4-d5xBP, WPe7-e8yWQ
Commands:
  help         this text
  board        show the board again
  moves        list the legal moves
  undo         take back your last move (and the CPU's reply)
  fen          show the position as FEN
  new [white|black]  start a new game
  resign       give up this game
  quit         leave";

/// Whether the loop goes on after a line.
enum Flow {
    Continue,
    Quit,
}

impl<W: Write> Game<'_, W> {
    /// The prompt before the next line: the reason the game ended, once, or whose move it is.
    fn prompt(&mut self) -> String {
        match &self.over {
            Some(why) => {
                let why = if self.over_told {
                    String::new()
                } else {
                    format!("{why}\n")
                };
                self.over_told = true;
                format!("{why}Game over. Play again? (y = new game, n = quit) > ")
            }
            None => match self.position() {
                Ok(pos) => format!(
                    "{} Your move ({}) > ",
                    render::move_number(&pos),
                    self.colour.name()
                ),
                Err(_) => "> ".into(),
            },
        }
    }

    /// Acts on one line the player typed.
    fn handle(&mut self, line: &str) -> Result<Flow, PlayError> {
        let mut words = line.split_whitespace();
        let word = words.next().unwrap_or("").to_ascii_lowercase();
        let over = self.over.is_some();
        match word.as_str() {
            "" => {}
            "help" | "?" => self.say(HELP)?,
            "quit" | "exit" | "q" => return Ok(Flow::Quit),
            "n" | "no" if over => return Ok(Flow::Quit),
            "new" | "y" | "yes" if word == "new" || over => {
                match words.next().map(str::to_ascii_lowercase).as_deref() {
                    Some("white" | "w") => self.colour = Colour::White,
                    Some("black" | "b") => self.colour = Colour::Black,
                    Some(other) => {
                        self.say(&format!("new: expected white or black, not {other:?}"))?;
                        return Ok(Flow::Continue);
                    }
                    None => {}
                }
                self.new_game()?;
            }
            "board" => self.show_board()?,
            "fen" => {
                let fen = self.client.fen()?;
                self.say(&fen)?;
            }
            "moves" if over => self.say("The game is over.")?,
            "moves" => self.list_moves()?,
            "undo" | "takeback" => self.undo()?,
            "resign" if over => self.say("The game is already over.")?,
            "resign" => self.resign()?,
            _ if over => self.say(
                "The game is over: type 'new' (or y) for another game, 'undo' to take back, \
                 'quit' (or n) to leave.",
            )?,
            _ => self.human_move(line)?,
        }
        Ok(Flow::Continue)
    }
}

/// Plays games against the CPU on `target`, reading commands and moves line by line from
/// `input` and writing to `out`.
pub fn run(
    target: &Target,
    opts: &Options,
    input: impl BufRead,
    out: &mut impl Write,
) -> Result<(), PlayError> {
    let mut client = Client::connect(target)?;
    client.set_limit(Limit::Time(opts.think_ms))?;
    let mut game = Game::new(client, out, opts.colour);
    game.new_game()?;
    let mut lines = input.lines();
    loop {
        let prompt = game.prompt();
        write!(game.out, "{prompt}")?;
        game.out.flush()?;
        let Some(line) = lines.next() else {
            writeln!(game.out)?;
            return Ok(());
        };
        let line = line?;
        let line = line.trim();
        if opts.echo {
            game.say(line)?;
        }
        if let Flow::Quit = game.handle(line)? {
            return Ok(());
        }
    }
}

/// Entry point for `kchess play`.
pub fn main(target: &Target, colour: Colour, think_ms: u32) -> Result<(), PlayError> {
    let stdin = io::stdin();
    let opts = Options {
        colour,
        think_ms,
        echo: !stdin.is_terminal(),
    };
    let mut out = io::stdout();
    run(target, &opts, stdin.lock(), &mut out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text of a piped session.
    fn session(colour: Colour, input: &str) -> String {
        let mut out = Vec::new();
        let opts = Options {
            colour,
            think_ms: 20,
            echo: true,
        };
        run(&Target::InProcess, &opts, input.as_bytes(), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_piped_game_against_the_in_process_device() {
        let text = session(
            Colour::White,
            "e2e4\nhello\ne2e5\nmoves\nundo\nNf3\nfen\nresign\nmoves\nresign\nn\n",
        );
        assert!(text.contains("You play 1. e4 (WPe2-e4)"), "{text}");
        assert!(text.contains("kchess plays 1... "), "{text}");
        assert!(text.contains("I can't read \"hello\""), "{text}");
        assert!(text.contains("e2e5 is not legal here"), "{text}");
        assert!(text.contains(" legal moves: Ke2 "), "{text}");
        assert!(text.contains("Took back 2 half-moves."), "{text}");
        assert!(text.contains("You play 1. Nf3 (WNg1-f3)"), "{text}");
        assert!(text.contains("You resigned: kchess wins."), "{text}");
        assert!(text.contains("The game is over.\n"), "{text}");
        assert!(text.contains("The game is already over."), "{text}");
    }

    #[test]
    fn the_cpu_opens_when_the_human_plays_black() {
        let text = session(Colour::Black, "quit\n");
        assert!(text.contains("kchess plays 1. "), "{text}");
        assert!(text.contains(" 8  ♜  ♞  ♝  ♚  ♛  ♝  ♞  ♜  8"), "{text}");
        assert!(text.contains("1... Your move (black)"), "{text}");
    }

    fn game_at<'a>(out: &'a mut Vec<u8>, fen: &str) -> Game<'a, Vec<u8>> {
        let mut client = Client::connect(&Target::InProcess).unwrap();
        client.set_limit(Limit::Time(20)).unwrap();
        client.load(Colour::White.mode(), fen).unwrap();
        Game::new(client, out, Colour::White)
    }

    #[test]
    fn the_end_of_a_game_is_announced() {
        let mut out = Vec::new();
        let mut game = game_at(&mut out, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        game.human_move("Ra8").unwrap();
        assert_eq!(game.over.as_deref(), Some("Checkmate: you win!"));
        // Undo reopens the game at the human's turn.
        game.undo().unwrap();
        assert_eq!(game.over, None);
        assert_eq!(
            game.client.fen().unwrap(),
            "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
        );
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("You play 1. Ra8# (WRa1-a8)"), "{text}");
        assert!(text.contains("Took back 1 half-move."), "{text}");

        let mut out = Vec::new();
        let mut game = game_at(&mut out, "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1");
        game.human_move("Qg6").unwrap();
        assert_eq!(game.over.as_deref(), Some("Stalemate: the game is drawn."));

        let mut out = Vec::new();
        let mut game = game_at(&mut out, "7k/8/8/8/8/8/1r6/K7 w - - 0 1");
        game.human_move("Kxb2").unwrap();
        assert_eq!(game.over.as_deref(), Some("Draw by insufficient material."));

        // The CPU mates.
        let mut out = Vec::new();
        let mut game = game_at(&mut out, "r5k1/8/8/8/8/8/1P3PPP/6K1 w - - 0 1");
        game.client.set_limit(Limit::Depth(3)).unwrap();
        game.human_move("b3").unwrap();
        assert_eq!(game.over.as_deref(), Some("Checkmate: kchess wins."));
    }

    #[test]
    fn refusals_are_told_not_fatal() {
        let mut out = Vec::new();
        let mut game = game_at(&mut out, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
        game.client.resign().unwrap();
        game.human_move("Ra8").unwrap();
        game.resign().unwrap();
        game.undo().unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(
            text.contains("The game is over: type 'new' for another game."),
            "{text}"
        );
        assert!(
            text.contains("The device refused the resignation: NOGAME"),
            "{text}"
        );
        assert!(text.contains("Nothing to undo."), "{text}");
    }
}
