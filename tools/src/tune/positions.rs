//! `kchess tune positions`: quiet positions from self-play, each with its game's result.
//!
//! Each game begins with 8 to 10 uniformly random legal plies, then both sides search with a
//! node budget and choose among the root moves within a small margin of the best (as `07 V`
//! does), so that games differ. All choices draw on a seeded [`Rng`]: a seed gives the same
//! file. A game ends by mate, stalemate or a draw rule, or is adjudicated: a draw after
//! [`MAX_PLIES`] plies, a win once the search's score stays beyond [`WIN_SCORE`] for
//! [`WIN_PLIES`] plies in a row.
//!
//! A position is recorded when the side to move is not in check, neither the best move nor
//! the move played is a capture or a promotion, and the score is within [`WIN_SCORE`]. Each
//! line of the output is `FEN;R`, with `R` the game's result for White: `1`, `0.5` or `0`.

use std::io::{self, Write};
use std::ops::RangeInclusive;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use chess_core::board::Position;
use chess_core::fen::write_fen;
use chess_core::game::{Game, Outcome};
use chess_core::level::{self, Rng, MAX_VARIETY, VARIETY_LINES};
use chess_core::movegen;
use chess_core::notation::Writer;
use chess_core::piece::Color;
use chess_core::search::{
    self, Correction, Frame, History, Limit, Memory, Request, TtEntry, Unlimited,
    CONTINUATION_SLOTS, CORRECTION_SLOTS,
};

/// How many random plies open a game.
pub const RANDOM_PLIES: RangeInclusive<u64> = 8..=10;
/// A game still going after this many plies (the random ones included) is a draw.
pub const MAX_PLIES: usize = 300;
/// A score (centipawns) at or beyond which a position counts as won; positions scored so are
/// not recorded.
pub const WIN_SCORE: i32 = 1500;
/// How many plies in a row the score must stay beyond [`WIN_SCORE`] for a win.
pub const WIN_PLIES: u32 = 6;
/// The transposition table's size, in MiB (cleared before each game).
pub const TT_MB: usize = 16;

/// The options of `kchess tune positions`.
#[derive(clap::Args, Clone, Debug)]
pub struct Args {
    /// How many games to play.
    #[arg(long, default_value_t = 100)]
    pub games: u64,
    /// The seed of the random openings and move choices.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The node budget of each move's search.
    #[arg(long, default_value_t = 3000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,
    /// Choose among the moves within this many centipawns of the best (0: always the best).
    #[arg(long, default_value_t = 20,
          value_parser = clap::value_parser!(u16).range(0..=i64::from(MAX_VARIETY)))]
    pub variety: u16,
    /// The file to write, one `FEN;R` line per position.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

/// Why the positions could not be written.
#[derive(Debug, thiserror::Error)]
pub enum PositionsError {
    /// The output file could not be created or written.
    #[error("{path}: {source}")]
    Write {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: io::Error,
    },
    /// A search gave up (it has no clock and no signals, so this is a bug).
    #[error("a search was interrupted")]
    Interrupted,
    /// The core refused the move its search chose (a bug).
    #[error("the core refused a move of its own search: {0}")]
    Refused(chess_core::game::PlayError),
}

/// A game's result, from White's point of view.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GameResult {
    /// White won.
    White,
    /// A draw.
    Draw,
    /// Black won.
    Black,
}

impl GameResult {
    /// As the output writes it: `1`, `0.5` or `0`.
    pub fn label(self) -> &'static str {
        match self {
            GameResult::White => "1",
            GameResult::Draw => "0.5",
            GameResult::Black => "0",
        }
    }

    fn winner(color: Color) -> GameResult {
        match color {
            Color::White => GameResult::White,
            Color::Black => GameResult::Black,
        }
    }

    fn of(outcome: Outcome) -> GameResult {
        match outcome {
            Outcome::Checkmate { winner } => GameResult::winner(winner),
            Outcome::Resignation { loser } => GameResult::winner(loser.other()),
            Outcome::Stalemate | Outcome::Draw(_) => GameResult::Draw,
        }
    }
}

/// Counts the plies in a row whose score is beyond [`WIN_SCORE`] for one side.
#[derive(Clone, Copy, Default, Debug)]
pub struct Adjudicator {
    /// The side ahead, and for how many plies.
    streak: Option<(Color, u32)>,
}

impl Adjudicator {
    /// Notes the score of a search (centipawns for White); the winner once one side has been
    /// ahead by [`WIN_SCORE`] or more for [`WIN_PLIES`] plies in a row.
    pub fn note(&mut self, white_score: i32) -> Option<GameResult> {
        let ahead = if white_score >= WIN_SCORE {
            Color::White
        } else if white_score <= -WIN_SCORE {
            Color::Black
        } else {
            self.streak = None;
            return None;
        };
        let plies = match self.streak {
            Some((side, n)) if side == ahead => n + 1,
            _ => 1,
        };
        self.streak = Some((ahead, plies));
        (plies >= WIN_PLIES).then(|| GameResult::winner(ahead))
    }
}

/// One game played: the recorded positions (FENs) and the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// The positions recorded, in the order they arose.
    pub fens: Vec<String>,
    /// The game's result.
    pub result: GameResult,
    /// How many plies the game lasted, the random ones included.
    pub plies: usize,
}

/// Plays self-play games; keeps the search's memory from game to game.
pub struct SelfPlay {
    game: Box<Game>,
    tt: Vec<TtEntry>,
    frames: Vec<Frame>,
    history: Box<History>,
    correction: Vec<Correction>,
    continuation: Vec<i16>,
    nodes: u64,
    variety: u16,
}

/// The FEN of a position.
pub fn fen(pos: &Position) -> String {
    let mut buf = [0u8; 128];
    let mut w = Writer::new(&mut buf);
    write_fen(pos, &mut w);
    String::from_utf8_lossy(w.written()).into_owned()
}

impl SelfPlay {
    /// Games searched with `nodes` per move, choosing within `variety` centipawns of the best.
    pub fn new(nodes: u64, variety: u16) -> SelfPlay {
        SelfPlay {
            game: Box::default(),
            tt: vec![TtEntry::EMPTY; TtEntry::per_mib(TT_MB)],
            frames: vec![Frame::new(); search::FRAMES],
            history: Box::new(History::new()),
            correction: vec![Correction::EMPTY; CORRECTION_SLOTS],
            continuation: vec![0; CONTINUATION_SLOTS],
            nodes,
            variety,
        }
    }

    /// Plays a game from `start` that opens with a number of random plies drawn from `random`;
    /// every choice is drawn from `rng`. An opening that ends the game is drawn again.
    pub fn play(
        &mut self,
        start: &Position,
        random: RangeInclusive<u64>,
        rng: &mut Rng,
    ) -> Result<Played, PositionsError> {
        self.open(start, random, rng);
        self.tt.fill(TtEntry::EMPTY);
        *self.history = History::new();
        self.correction.fill(Correction::EMPTY);
        self.continuation.fill(0);
        let mut request = Request::new(Limit::Nodes(self.nodes));
        if self.variety > 0 {
            request.lines = VARIETY_LINES;
        }
        let mut fens = Vec::new();
        let mut adjudicator = Adjudicator::default();
        let result = loop {
            if let Some(outcome) = self.game.outcome() {
                break GameResult::of(outcome);
            }
            if self.game.len() >= MAX_PLIES {
                break GameResult::Draw;
            }
            let memory = Memory {
                tt: &mut self.tt,
                frames: &mut self.frames,
                history: &mut self.history,
                correction: &mut self.correction,
                continuation: &mut self.continuation,
            };
            let found = search::search(&self.game, request, memory, &mut Unlimited)
                .map_err(|_| PositionsError::Interrupted)?;
            let pos = self.game.position();
            let white_score = match pos.side_to_move() {
                Color::White => found.score,
                Color::Black => -found.score,
            };
            if let Some(result) = adjudicator.note(white_score) {
                break result;
            }
            let mv = match self.variety {
                0 => found.best,
                v => level::choose(found.lines(), i32::from(v), rng).unwrap_or(found.best),
            };
            if !pos.in_check()
                && found.best.is_quiet()
                && mv.is_quiet()
                && found.score.abs() < WIN_SCORE
            {
                fens.push(fen(pos));
            }
            self.game.play(mv).map_err(PositionsError::Refused)?;
        };
        Ok(Played {
            fens,
            result,
            plies: self.game.len(),
        })
    }

    /// Resets the game to `start` and plays the random opening (again while it ends the game).
    fn open(&mut self, start: &Position, random: RangeInclusive<u64>, rng: &mut Rng) {
        let span = random.end().saturating_sub(*random.start()) + 1;
        loop {
            self.game.reset(*start);
            let plies = random.start() + rng.below(span);
            for _ in 0..plies {
                let moves = movegen::legal_moves(self.game.position());
                let pick = usize::try_from(rng.below(moves.len().max(1) as u64)).unwrap_or(0);
                match moves.as_slice().get(pick) {
                    Some(&mv) if self.game.is_ongoing() => {
                        // A legal move of an ongoing game is always accepted.
                        let _ = self.game.play(mv);
                    }
                    _ => break,
                }
            }
            if self.game.is_ongoing() || self.game.is_empty() {
                return;
            }
        }
    }
}

/// How many games and positions a run produced.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Positions written.
    pub positions: u64,
    /// Games won by White, drawn, won by Black.
    pub results: [u64; 3],
}

/// Plays `args.games` games from the initial position and writes their positions to `out`
/// (flushed after each game); a progress line goes to `progress` every `every`.
pub fn generate(
    args: &Args,
    out: &mut dyn Write,
    progress: &mut dyn Write,
    every: Duration,
) -> Result<Tally, io::Error> {
    let mut player = SelfPlay::new(args.nodes, args.variety);
    let mut seeds = Rng::new(args.seed);
    let start = Position::startpos();
    let mut tally = Tally::default();
    let began = Instant::now();
    let mut last = began;
    let report = |tally: &Tally, progress: &mut dyn Write| {
        let secs = began.elapsed().as_secs_f64();
        let [w, d, b] = tally.results;
        // Progress is best effort: a failed write is ignored.
        let _ = writeln!(
            progress,
            "games {}/{} positions {} ({:.0}/s) results +{w} ={d} -{b} {:.0} s",
            tally.games,
            args.games,
            tally.positions,
            tally.positions as f64 / secs.max(1e-9),
            secs
        );
    };
    for _ in 0..args.games {
        let mut rng = Rng::new(seeds.next_u64());
        let played = player
            .play(&start, RANDOM_PLIES, &mut rng)
            .map_err(io::Error::other)?;
        let label = played.result.label();
        for fen in &played.fens {
            writeln!(out, "{fen};{label}")?;
        }
        out.flush()?;
        tally.games += 1;
        tally.positions += played.fens.len() as u64;
        let slot = match played.result {
            GameResult::White => 0,
            GameResult::Draw => 1,
            GameResult::Black => 2,
        };
        if let Some(n) = tally.results.get_mut(slot) {
            *n += 1;
        }
        if last.elapsed() >= every {
            last = Instant::now();
            report(&tally, progress);
        }
    }
    report(&tally, progress);
    Ok(tally)
}

/// `kchess tune positions`: writes the positions to `args.out`, progress to standard error.
pub fn main(args: &Args) -> Result<Tally, PositionsError> {
    let write_error = |source| PositionsError::Write {
        path: args.out.clone(),
        source,
    };
    let file = std::fs::File::create(&args.out).map_err(write_error)?;
    let mut out = io::BufWriter::new(file);
    generate(args, &mut out, &mut io::stderr(), Duration::from_secs(10)).map_err(write_error)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::fen::parse_fen;

    fn args(seed: u64, games: u64) -> Args {
        Args {
            games,
            seed,
            nodes: 400,
            variety: 20,
            out: PathBuf::new(),
        }
    }

    fn run(seed: u64, games: u64) -> (Tally, String) {
        let mut out = Vec::new();
        let tally = generate(&args(seed, games), &mut out, &mut io::sink(), Duration::MAX).unwrap();
        (tally, String::from_utf8(out).unwrap())
    }

    #[test]
    fn a_seed_gives_the_same_file_and_every_line_is_a_quiet_position() {
        let (tally, text) = run(7, 3);
        assert_eq!(run(7, 3), (tally, text.clone()));
        assert_ne!(run(8, 3).1, text);
        assert_eq!(tally.games, 3);
        assert_eq!(tally.results.iter().sum::<u64>(), 3);
        assert_eq!(text.lines().count() as u64, tally.positions);
        assert!(tally.positions > 0);
        for line in text.lines() {
            let (fen, result) = line.split_once(';').unwrap();
            assert!(["1", "0.5", "0"].contains(&result), "{line}");
            let pos = parse_fen(fen.as_bytes()).unwrap();
            assert!(!pos.in_check(), "{line}");
            // The random plies come first: nothing is recorded before ply 8.
            let fullmove: u64 = fen.rsplit(' ').next().unwrap().parse().unwrap();
            let ply = (fullmove - 1) * 2 + u64::from(pos.side_to_move() == Color::Black);
            assert!(ply >= *RANDOM_PLIES.start(), "{line}");
            // shakmaty agrees that it is legal and not in check.
            let setup: shakmaty::fen::Fen = fen.parse().unwrap();
            let board: shakmaty::Chess = setup
                .into_position(shakmaty::CastlingMode::Standard)
                .unwrap();
            assert!(!shakmaty::Position::is_check(&board), "{line}");
        }
    }

    #[test]
    fn the_first_games_replay_as_a_prefix() {
        // Each game has its own seed and a cleared table: a longer run only adds games.
        let (_, text) = run(5, 2);
        let (_, longer) = run(5, 3);
        assert!(longer.len() > text.len());
        assert!(longer.starts_with(&text));
    }

    #[test]
    fn a_mate_in_one_is_played_and_nothing_is_recorded() {
        let pos = parse_fen(b"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1").unwrap();
        let mut player = SelfPlay::new(2000, 20);
        let played = player.play(&pos, 0..=0, &mut Rng::new(1)).unwrap();
        assert_eq!(
            played,
            Played {
                fens: vec![],
                result: GameResult::White,
                plies: 1
            }
        );
    }

    #[test]
    fn six_plies_beyond_the_win_score_adjudicate() {
        let mut a = Adjudicator::default();
        for score in [1500, -1600, 1600, 1700, 1500, 2000, 1499] {
            assert_eq!(a.note(score), None, "{score}");
        }
        for _ in 0..5 {
            assert_eq!(a.note(-WIN_SCORE), None);
        }
        assert_eq!(a.note(-30_000), Some(GameResult::Black));
        let mut a = Adjudicator::default();
        let notes: Vec<_> = (0..6).map(|_| a.note(1500)).collect();
        assert_eq!(
            notes,
            [None, None, None, None, None, Some(GameResult::White)]
        );
    }

    #[test]
    fn the_options_are_checked() {
        use clap::Parser;
        #[derive(Parser)]
        struct Cli {
            #[command(flatten)]
            args: Args,
        }
        let parsed = Cli::try_parse_from(["t", "--out", "x"]).unwrap().args;
        assert_eq!(
            (parsed.games, parsed.seed, parsed.nodes, parsed.variety),
            (100, 1, 3000, 20)
        );
        assert!(Cli::try_parse_from(["t", "--out", "x", "--nodes", "0"]).is_err());
        assert!(Cli::try_parse_from(["t", "--out", "x", "--variety", "101"]).is_err());
        assert!(Cli::try_parse_from(["t"]).is_err());
    }
}
