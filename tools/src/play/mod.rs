//! `kchess play`: chess in the terminal, entirely through the protocol: against the CPU, two
//! people at one board, or the CPU against itself; games saved and loaded as PGN.
//!
//! The device is the referee and the engine; shakmaty only reads the FEN that `06` returns
//! to understand what the person typed (coordinates, SAN or protocol notation), to show moves
//! in SAN and to write PGN.

pub mod clock;
mod game;
pub mod input;
pub mod lines;
pub mod pgn;
pub mod render;
pub mod think;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use chess_core::command::{Setting, MAX_SEED};
use chess_core::level::{Level, MAX_ELO, MAX_VARIETY, MIN_ELO};
use chess_core::search::Limit;
use shakmaty::Position;

use crate::client::{Client, ClientError};
use crate::link::Target;
use crate::movetext::FenError;
use game::{side_name, Game, Start};
use lines::{Input, Lines, Plain, Terminal};
use render::Style;

/// Why the game cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum PlayError {
    /// Talking to the device failed.
    #[error(transparent)]
    Client(#[from] ClientError),
    /// The device's FEN is not a position.
    #[error("the device's position: {0}")]
    Fen(#[from] FenError),
    /// The game could not start (the reason was told).
    #[error("there is no game to play")]
    NoStart,
    /// Reading the player's input or writing to the terminal failed.
    #[error("terminal: {0}")]
    Io(#[from] io::Error),
}

/// Which side the human plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

    fn name(self) -> &'static str {
        match self {
            Colour::White => "white",
            Colour::Black => "black",
        }
    }
}

/// The colour asked for on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ColourChoice {
    /// White (moves first).
    #[value(alias = "w")]
    White,
    /// Black (the CPU moves first).
    #[value(alias = "b")]
    Black,
    /// Either, by chance.
    #[value(alias = "r")]
    Random,
}

impl ColourChoice {
    /// The colour, drawing one for `Random`.
    pub fn pick(self) -> Colour {
        match self {
            ColourChoice::White => Colour::White,
            ColourChoice::Black => Colour::Black,
            ColourChoice::Random => {
                let nanos = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map(|d| d.subsec_nanos())
                    .unwrap_or(0);
                if (nanos / 1000).is_multiple_of(2) {
                    Colour::White
                } else {
                    Colour::Black
                }
            }
        }
    }
}

/// Who plays which side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Players {
    /// A person against the CPU.
    Cpu {
        /// The person's colour.
        human: Colour,
    },
    /// Two people at one board.
    Humans,
    /// The CPU against itself.
    Watch,
}

/// The options of `kchess play`.
#[derive(clap::Args, Clone, Debug)]
pub struct PlayArgs {
    /// The colour you play: white, black or random (w, b, r).
    #[arg(long, visible_alias = "color", value_enum, default_value = "white")]
    colour: ColourChoice,
    /// The CPU's thinking time per move in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..=60000))]
    think: u32,
    /// Search a fixed depth in plies instead of a time (deterministic).
    #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u8).range(1..=64))]
    depth: Option<u8>,
    /// Start from this position (FEN).
    #[arg(long, conflicts_with = "pgn")]
    fen: Option<String>,
    /// Resume the last game of this PGN file.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// Append every finished game to this PGN file [default: $XDG_DATA_HOME/kchess/games.pgn,
    /// or ~/.local/share/kchess/games.pgn].
    #[arg(long, value_name = "FILE", conflicts_with = "no_pgn_out")]
    pgn_out: Option<PathBuf>,
    /// Do not record finished games.
    #[arg(long)]
    no_pgn_out: bool,
    /// Two people play at one board.
    #[arg(long, conflicts_with = "watch")]
    humans: bool,
    /// Watch the CPU play itself (Ctrl-C pauses).
    #[arg(long)]
    watch: bool,
    /// Draw the board with letters, without colours.
    #[arg(long)]
    ascii: bool,
    /// Clocks: minutes each plus seconds per move, e.g. 5+3; the CPU plays on its clock.
    #[arg(long, value_name = "MIN+SEC")]
    tc: Option<clock::TimeControl>,
    /// The CPU's strength, about this Elo: 800 (a beginner can win) to 2400 (full strength).
    #[arg(long, value_name = "ELO",
          value_parser = clap::value_parser!(u16).range(i64::from(MIN_ELO)..=i64::from(MAX_ELO)))]
    elo: Option<u16>,
    /// At full strength, vary the CPU's play among moves within this many centipawns of the best.
    #[arg(long, value_name = "CP", default_value_t = 0,
          value_parser = clap::value_parser!(u16).range(0..=i64::from(MAX_VARIETY)))]
    variety: u16,
    /// Seed the CPU's choices (levels, variety) to replay a game exactly.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u64).range(0..=MAX_SEED))]
    seed: Option<u64>,
}

/// Where finished games go by default: `$XDG_DATA_HOME/kchess/games.pgn`, or
/// `~/.local/share/kchess/games.pgn`.
pub fn default_pgn_out() -> Option<PathBuf> {
    xdg_file("XDG_DATA_HOME", ".local/share", "games.pgn")
}

/// `$<var>/kchess/<file>`, or `~/<fallback>/kchess/<file>` when the variable is unset or empty
/// (the XDG base directory rule).
pub(crate) fn xdg_file(var: &str, fallback: &str, file: &str) -> Option<PathBuf> {
    let nonempty = |k| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let dir = nonempty(var).or_else(|| nonempty("HOME").map(|h| h.join(fallback)));
    dir.map(|d| d.join("kchess").join(file))
}

/// The CPU's strength settings.
#[derive(Clone, Copy, Debug, Default)]
pub struct Strength {
    /// The level in Elo (`None`: full strength).
    pub elo: Option<u16>,
    /// The variety margin in centipawns (0: none).
    pub variety: u16,
    /// The seed of the CPU's choices (`None`: the device's own).
    pub seed: Option<u64>,
}

impl Strength {
    /// The `07` settings that give this strength.
    fn settings(&self) -> Vec<Setting> {
        let mut settings = vec![
            Setting::Level(self.elo.and_then(Level::new)),
            Setting::Variety(self.variety),
        ];
        settings.extend(self.seed.map(Setting::Seed));
        settings
    }
}

/// Settings for [`run`].
#[derive(Clone, Debug)]
pub struct Options {
    /// Who plays which side.
    pub players: Players,
    /// The CPU's budget per move (also the hint's).
    pub limit: Limit,
    /// Start from this FEN.
    pub fen: Option<String>,
    /// Resume the last game of this PGN file.
    pub pgn: Option<PathBuf>,
    /// Append finished games to this PGN file.
    pub pgn_out: Option<PathBuf>,
    /// How the CPU plays beside its budget: level, variety and seed (`07 L/V/S`).
    pub strength: Strength,
    /// How the board is drawn.
    pub style: Style,
    /// Clocks.
    pub tc: Option<clock::TimeControl>,
    /// Show the CPU's search as it goes (for a terminal).
    pub live: bool,
}

/// The first words Tab completes.
pub(crate) const COMMANDS: [&str; 17] = [
    "help", "board", "moves", "legal", "undo", "redo", "hint", "go", "fen", "pgn", "save", "load",
    "new", "resign", "quit", "white", "black",
];

/// What `help` says at the prompt (and the end of `kchess play --help`).
pub const HELP: &str = "\
Type a move in any of these forms (Tab completes legal moves):
  coordinates  e2e4, g1f3, e1g1 (castling), e7e8q (promotion)
  SAN          e4, Nf3, exd5, O-O, O-O-O, e8=Q+
  protocol     WPe2-e4, WPe4-d5xBP, WPe7-e8yWQ
Commands:
  help         this text
  board        show the board again
  moves        the game so far, in numbered SAN
  legal        the legal moves
  undo, redo   take back your last move (and the CPU's reply), play it again
  hint         what kchess would play here
  go           let kchess play the side to move now
  fen, pgn     show the position as FEN, the game as PGN
  save FILE    save the game as PGN
  load FILE [N]  load the last game (or game N) of a PGN file
  new [white|black]  start a new game
  resign       give up this game
  quit         leave (asks first when the game is not saved)
While kchess thinks, Ctrl-C makes it move now.
Finished games are appended to $XDG_DATA_HOME/kchess/games.pgn (or
~/.local/share/kchess/games.pgn) unless --pgn-out or --no-pgn-out says otherwise.";

/// Whether the loop goes on after a line.
enum Flow {
    Continue,
    Quit,
    /// Replace the game (after asking, when it is not saved).
    Replace(Replacement),
}

/// What replaces the game.
enum Replacement {
    /// A new game, the person on this colour when given.
    New(Option<Colour>),
    /// Game N (the last by default) of a PGN file.
    Load(std::path::PathBuf, Option<usize>),
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
                Ok(pos) => {
                    let number = render::move_number(&pos);
                    let turn = pos.turn();
                    match self.players {
                        Players::Cpu { human } if !self.is_cpu(turn) => {
                            let clock = self.clock_note(turn);
                            format!("{number} Your move ({}{clock}) > ", human.name())
                        }
                        _ if self.is_cpu(turn) => {
                            format!("{number} kchess to move ('go', or a move) > ")
                        }
                        _ => {
                            let clock = self.clock_note(turn);
                            format!("{number} {} to move{clock} > ", side_name(turn))
                        }
                    }
                }
                Err(_) => "> ".into(),
            },
        }
    }

    /// Acts on one line the player typed.
    fn handle(&mut self, line: &str) -> Result<Flow, PlayError> {
        let mut words = line.split_whitespace();
        let word = words.next().unwrap_or("").to_ascii_lowercase();
        let rest: Vec<&str> = words.collect();
        let over = self.over.is_some();
        match word.as_str() {
            "" => {}
            "help" | "?" => self.say(HELP)?,
            "quit" | "exit" | "q" => return Ok(Flow::Quit),
            "n" | "no" if over => return Ok(Flow::Quit),
            "new" | "y" | "yes" if word == "new" || over => {
                let human = match rest.first().map(|w| w.to_ascii_lowercase()).as_deref() {
                    Some("white" | "w") => Some(Colour::White),
                    Some("black" | "b") => Some(Colour::Black),
                    Some(other) => {
                        self.say(&format!("new: expected white or black, not {other:?}"))?;
                        return Ok(Flow::Continue);
                    }
                    None => None,
                };
                return Ok(Flow::Replace(Replacement::New(human)));
            }
            "board" => self.show_board()?,
            "fen" => {
                let fen = self.client.fen()?;
                self.say(&fen)?;
            }
            "pgn" => {
                let text = self.pgn_text()?;
                self.say(text.trim_end())?;
            }
            "moves" => self.list_game()?,
            "save" | "load" if rest.is_empty() => {
                self.say(&format!("{word}: which file? e.g. {word} game.pgn"))?
            }
            "save" => self.save(std::path::Path::new(rest[0]))?,
            "load" => {
                let which = match rest.get(1).map(|n| n.parse::<usize>()) {
                    None => None,
                    Some(Ok(n)) => Some(n),
                    Some(Err(_)) => {
                        self.say("load: the game number must be a number, e.g. load games.pgn 2")?;
                        return Ok(Flow::Continue);
                    }
                };
                return Ok(Flow::Replace(Replacement::Load(rest[0].into(), which)));
            }
            "undo" | "takeback" => self.undo()?,
            "redo" => self.redo()?,
            "legal" if over => self.say("The game is over.")?,
            "legal" => self.list_legal()?,
            "hint" => self.hint()?,
            "go" => self.go()?,
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

/// Asks before a game with unsaved moves is left (`question`: `Quit anyway?`); true to go.
fn confirm_discard<W: Write>(
    game: &mut Game<'_, W>,
    lines: &mut dyn Lines,
    question: &str,
) -> Result<bool, PlayError> {
    if !game.unsaved() {
        return Ok(true);
    }
    lines.set_words(vec!["yes".into(), "no".into()]);
    let prompt = format!("The game is not saved ('save FILE' keeps it). {question} (y/n) > ");
    let answer = lines.read(&prompt, &mut *game.out)?;
    Ok(match answer {
        Input::Line(l) => l.trim().to_ascii_lowercase().starts_with('y'),
        Input::Interrupt | Input::End => true,
    })
}

/// Plays games on `target`, reading commands and moves from `lines` and writing to `out`;
/// `stop` is raised by Ctrl-C.
pub fn run(
    target: &Target,
    opts: &Options,
    lines: &mut dyn Lines,
    out: &mut impl Write,
    stop: &AtomicBool,
) -> Result<(), PlayError> {
    let mut client = Client::new(target.connect_apart().map_err(ClientError::from)?);
    client.set_limit(opts.limit)?;
    for setting in opts.strength.settings() {
        client.set(setting)?;
    }
    let device = match target {
        Target::Device(path) => Some(path.clone()),
        _ => None,
    };
    let mut game = Game::new(
        client,
        out,
        opts.players,
        opts.limit,
        stop,
        device,
        opts.pgn_out.clone(),
        opts.style,
    );
    let start = match (&opts.fen, &opts.pgn) {
        (Some(fen), _) => Start::Fen(fen),
        (None, Some(path)) => Start::Pgn(path),
        (None, None) => Start::Initial,
    };
    game.tc = opts.tc;
    game.elo = opts.strength.elo;
    game.live = opts.live;
    game.begin(start)?;
    loop {
        game.clock_start()?;
        let prompt = game.prompt();
        let words = game.completions()?;
        lines.set_words(words);
        let input = lines.read(&prompt, &mut *game.out)?;
        // A Ctrl-C at the prompt is not meant for the next search.
        stop.store(false, Ordering::SeqCst);
        if game.flag_check()? {
            let why = game.over.clone().unwrap_or_default();
            game.say(&why)?;
            game.over_told = true;
        }
        let flow = match input {
            Input::End => return Ok(()),
            Input::Interrupt => Flow::Quit,
            Input::Line(line) => game.handle(line.trim())?,
        };
        match flow {
            Flow::Continue => {}
            Flow::Quit => {
                if confirm_discard(&mut game, lines, "Quit anyway?")? {
                    return Ok(());
                }
            }
            Flow::Replace(what) => {
                // A finished game was offered a new one: no need to ask.
                let go =
                    game.over.is_some() || confirm_discard(&mut game, lines, "Leave it anyway?")?;
                if !go {
                    continue;
                }
                match what {
                    Replacement::New(human) => {
                        if let Some(human) = human {
                            game.players = Players::Cpu { human };
                        }
                        game.new_game()?;
                    }
                    Replacement::Load(path, which) => game.load(&path, which)?,
                }
            }
        }
    }
}

/// Entry point for `kchess play`.
pub fn main(target: &Target, args: PlayArgs) -> Result<(), PlayError> {
    think::catch_ctrl_c().map_err(io::Error::from)?;
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let style = Style {
        ascii: args.ascii,
        colour: !args.ascii && !no_color && io::stdout().is_terminal(),
    };
    let players = if args.humans {
        Players::Humans
    } else if args.watch {
        Players::Watch
    } else {
        Players::Cpu {
            human: args.colour.pick(),
        }
    };
    let opts = Options {
        players,
        limit: args.depth.map_or(Limit::Time(args.think), Limit::Depth),
        fen: args.fen,
        pgn: args.pgn,
        pgn_out: if args.no_pgn_out {
            None
        } else {
            args.pgn_out.or_else(default_pgn_out)
        },
        style,
        tc: args.tc,
        strength: Strength {
            elo: args.elo,
            variety: args.variety,
            seed: args.seed,
        },
        live: io::stdout().is_terminal(),
    };
    let mut out = io::stdout();
    let stdin = io::stdin();
    if stdin.is_terminal() {
        let mut lines =
            Terminal::new(lines::history_file()).map_err(|e| io::Error::other(e.to_string()))?;
        run(target, &opts, &mut lines, &mut out, &think::CTRL_C)
    } else {
        let mut lines = Plain {
            input: stdin.lock(),
            echo: true,
        };
        run(target, &opts, &mut lines, &mut out, &think::CTRL_C)
    }
}

#[cfg(test)]
mod tests;
