//! Games kept as PGN: written here (the seven standard tags, `SetUp`/`FEN` for a set-up
//! position, numbered SAN, the result) and read with `pgn-reader`.

use std::fmt::Write as _;
use std::time::{SystemTime, UNIX_EPOCH};

use pgn_reader::{BufferedReader, RawHeader, SanPlus, Skip, Visitor};
use shakmaty::{Chess, Color, Move, Outcome, Position};

use crate::movetext::{fen_of, position_from_fen, san_text};

/// The FEN of the initial position, as the device writes it.
pub const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A game as PGN keeps it: its tags, its start, its moves and its result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tags in file order, `FEN`, `SetUp` and `Result` included.
    pub tags: Vec<(String, String)>,
    /// The position before the first move.
    pub start: Chess,
    /// The moves of the main line.
    pub moves: Vec<Move>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
}

impl PgnGame {
    /// The value of tag `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why a PGN text is not a game we can play on.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PgnError {
    /// The text holds no game.
    #[error("there is no game in it")]
    NoGame,
    /// The file has fewer games than asked for.
    #[error("it holds {count} game(s), not {wanted}")]
    NoSuchGame {
        /// Games in the file.
        count: usize,
        /// The game asked for (from 1).
        wanted: usize,
    },
    /// The `FEN` tag is not a legal position.
    #[error("its FEN tag is not a position: {0}")]
    Fen(String),
    /// A move of the main line is not legal where it stands.
    #[error("move {number} {san} is not legal in that position")]
    Illegal {
        /// `12.` or `12...`.
        number: String,
        /// The SAN as written.
        san: String,
    },
    /// Reading the text failed.
    #[error("{0}")]
    Io(String),
}

/// The result tag for an outcome.
pub fn result_text(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Decisive {
            winner: Color::White,
        }) => "1-0",
        Some(Outcome::Decisive {
            winner: Color::Black,
        }) => "0-1",
        Some(Outcome::Draw) => "1/2-1/2",
        None => "*",
    }
}

/// Escapes a tag value: `\` and `"` get a backslash.
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Today's date as PGN writes it (`2026.11.23`), in UTC.
pub fn today() -> String {
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days(i64::try_from(secs / 86_400).unwrap_or(0));
    format!("{y:04}.{m:02}.{d:02}")
}

/// The proleptic Gregorian date of a day number counted from 1970-01-01.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (
        y,
        u32::try_from(m).unwrap_or(1),
        u32::try_from(d).unwrap_or(1),
    )
}

/// The moves from `start` in numbered SAN (`1. e4 e5 2. Nf3`, or `3... Nf6 4. d4` from a
/// position with Black to move), one string per move, numbers attached.
pub fn numbered_sans(start: &Chess, moves: &[Move]) -> Vec<String> {
    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, m) in moves.iter().enumerate() {
        let san = san_text(&pos, m);
        let number = pos.fullmoves();
        out.push(match pos.turn() {
            Color::White => format!("{number}. {san}"),
            Color::Black if i == 0 => format!("{number}... {san}"),
            Color::Black => san,
        });
        pos.play_unchecked(m);
    }
    out
}

/// The game as PGN text: `tags` first (the seven standard ones should be among them, `Result`
/// is written from `result`), `SetUp`/`FEN` when `start` is not the initial position, the
/// moves wrapped at 80 columns, an optional `comment` before the result.
pub fn write_pgn(
    tags: &[(&str, String)],
    start: &Chess,
    moves: &[Move],
    result: &str,
    comment: Option<&str>,
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        let value = if *name == "Result" { result } else { value };
        let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
    }
    if !tags.iter().any(|(n, _)| *n == "Result") {
        let _ = writeln!(out, "[Result \"{result}\"]");
    }
    let fen = fen_of(start);
    if fen != START_FEN {
        let _ = writeln!(out, "[SetUp \"1\"]");
        let _ = writeln!(out, "[FEN \"{fen}\"]");
    }
    out.push('\n');
    let mut words = numbered_sans(start, moves);
    if let Some(c) = comment {
        words.push(format!("{{{}}}", c.replace('}', ")")));
    }
    words.push(result.to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

/// What the reader collects of one game.
#[derive(Default)]
struct Collector {
    tags: Vec<(String, String)>,
    sans: Vec<SanPlus>,
    outcome: Option<Option<Outcome>>,
}

impl Visitor for Collector {
    type Result = (Vec<(String, String)>, Vec<SanPlus>, Option<Option<Outcome>>);

    fn begin_game(&mut self) {
        *self = Collector::default();
    }

    fn header(&mut self, key: &[u8], value: RawHeader<'_>) {
        self.tags.push((
            String::from_utf8_lossy(key).into_owned(),
            value.decode_utf8_lossy().into_owned(),
        ));
    }

    fn san(&mut self, san: SanPlus) {
        self.sans.push(san);
    }

    fn begin_variation(&mut self) -> Skip {
        Skip(true)
    }

    fn outcome(&mut self, outcome: Option<Outcome>) {
        self.outcome = Some(outcome);
    }

    fn end_game(&mut self) -> Self::Result {
        let c = std::mem::take(self);
        (c.tags, c.sans, c.outcome)
    }
}

/// How many games `text` holds, and game `which` (from 1; the last one when `None`), checked
/// move by move.
pub fn read_pgn(text: &str, which: Option<usize>) -> Result<(PgnGame, usize), PgnError> {
    let mut reader = BufferedReader::new_cursor(text.as_bytes());
    let mut collector = Collector::default();
    let mut games = Vec::new();
    while let Some(game) = reader
        .read_game(&mut collector)
        .map_err(|e| PgnError::Io(e.to_string()))?
    {
        // A game needs at least a tag, a move or a result: blank space is no game.
        if !game.0.is_empty() || !game.1.is_empty() || game.2.is_some() {
            games.push(game);
        }
    }
    let count = games.len();
    let index = match which {
        None if count == 0 => return Err(PgnError::NoGame),
        None => count - 1,
        Some(n) if n == 0 || n > count => return Err(PgnError::NoSuchGame { count, wanted: n }),
        Some(n) => n - 1,
    };
    let (tags, sans, outcome) = games.swap_remove(index);
    let fen = tags
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("FEN"))
        .map(|(_, v)| v.clone());
    let start = match fen {
        Some(f) => position_from_fen(&f).map_err(|e| PgnError::Fen(e.to_string()))?,
        None => Chess::default(),
    };
    let mut pos = start.clone();
    let mut moves = Vec::with_capacity(sans.len());
    for san in sans {
        let number = crate::play::render::move_number(&pos);
        let m = san.san.to_move(&pos).map_err(|_| PgnError::Illegal {
            number,
            san: san.to_string(),
        })?;
        pos.play_unchecked(&m);
        moves.push(m);
    }
    let result = match outcome {
        Some(o) => result_text(o).to_string(),
        None => tags
            .iter()
            .find(|(k, _)| k == "Result")
            .map(|(_, v)| v.clone())
            .unwrap_or_else(|| "*".into()),
    };
    Ok((
        PgnGame {
            tags,
            start,
            moves,
            result,
        },
        count,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movetext::uci_text;

    fn standard_tags() -> Vec<(&'static str, String)> {
        vec![
            ("Event", "kchess game".into()),
            ("Site", "?".into()),
            ("Date", "2026.11.23".into()),
            ("Round", "-".into()),
            ("White", "Ann \"the rook\"".into()),
            ("Black", "kchess".into()),
            ("Result", "*".into()),
        ]
    }

    fn play(pos: &Chess, sans: &[&str]) -> Vec<Move> {
        let mut pos = pos.clone();
        sans.iter()
            .map(|s| {
                let m = s.parse::<SanPlus>().unwrap().san.to_move(&pos).unwrap();
                pos.play_unchecked(&m);
                m
            })
            .collect()
    }

    #[test]
    fn a_game_is_written_as_standard_pgn() {
        let start = Chess::default();
        let moves = play(&start, &["f3", "e5", "g4", "Qh4#"]);
        let text = write_pgn(&standard_tags(), &start, &moves, "0-1", None);
        assert_eq!(
            text,
            "[Event \"kchess game\"]\n[Site \"?\"]\n[Date \"2026.11.23\"]\n[Round \"-\"]\n\
             [White \"Ann \\\"the rook\\\"\"]\n[Black \"kchess\"]\n[Result \"0-1\"]\n\n\
             1. f3 e5 2. g4 Qh4# 0-1\n\n"
        );
        let (game, count) = read_pgn(&text, None).unwrap();
        assert_eq!(count, 1);
        assert_eq!(game.moves, moves);
        assert_eq!(game.result, "0-1");
        assert_eq!(game.tag("White"), Some("Ann \"the rook\""));
        assert_eq!(game.start, start);
    }

    #[test]
    fn a_set_up_position_gets_its_fen_and_black_starts_with_dots() {
        let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 4 12";
        let start = position_from_fen(fen).unwrap();
        let moves = play(&start, &["O-O-O", "O-O", "d6"]);
        let text = write_pgn(
            &standard_tags(),
            &start,
            &moves,
            "*",
            Some("White {sic} resigns"),
        );
        assert!(
            text.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n")),
            "{text}"
        );
        assert!(
            text.ends_with("12... O-O-O 13. O-O d6 {White {sic) resigns} *\n\n"),
            "{text}"
        );
        let (game, _) = read_pgn(&text, None).unwrap();
        assert_eq!(game.start, start);
        assert_eq!(
            game.moves.iter().map(uci_text).collect::<Vec<_>>(),
            ["e8c8", "e1g1", "d7d6"]
        );
        assert_eq!(game.result, "*");
    }

    #[test]
    fn long_games_wrap_and_files_hold_several_games() {
        let start = Chess::default();
        let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
        let sans: Vec<&str> = shuffle.iter().cycle().take(60).copied().collect();
        let moves = play(&start, &sans);
        let one = write_pgn(&standard_tags(), &start, &moves, "1/2-1/2", None);
        assert!(one.lines().all(|l| l.len() < 80), "{one}");
        let two = write_pgn(&standard_tags(), &start, &moves[..3], "*", None);
        let file = format!("{one}{two}");
        let (last, count) = read_pgn(&file, None).unwrap();
        assert_eq!((count, last.moves.len()), (2, 3));
        let (first, _) = read_pgn(&file, Some(1)).unwrap();
        assert_eq!((first.moves.len(), first.result.as_str()), (60, "1/2-1/2"));
        assert_eq!(
            read_pgn(&file, Some(3)),
            Err(PgnError::NoSuchGame {
                count: 2,
                wanted: 3
            })
        );
    }

    #[test]
    fn bad_pgn_is_explained() {
        assert_eq!(read_pgn("\n\n", None), Err(PgnError::NoGame));
        assert_eq!(
            read_pgn("1. e4 e5 2. Ke3 *", None),
            Err(PgnError::Illegal {
                number: "2.".into(),
                san: "Ke3".into()
            })
        );
        let e = read_pgn("[FEN \"banana\"]\n\n*", None).unwrap_err();
        assert!(matches!(e, PgnError::Fen(_)), "{e}");
        // Comments, NAGs and variations are read past.
        let (g, _) = read_pgn("1. e4 {best} $1 (1. d4 d5) e5 2. Nf3 1-0", None).unwrap();
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.result, "1-0");
    }

    #[test]
    fn dates_are_proleptic_gregorian() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_780), (2026, 11, 23));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(today().len(), 10);
    }
}
