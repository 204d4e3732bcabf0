//! Perft from the command line and EPD perft suites.

use std::io::{self, IsTerminal, Write};
use std::time::Instant;

use chess_core::board::{IllegalMove, Position};
use chess_core::fen;
use chess_core::fen::FenError;
use chess_core::movegen::{self, perft};
use chess_core::notation::{write_uci, Writer};

/// Why perft could not run.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PerftError {
    /// A line of an EPD file that is not `FEN ;Dn count ...`.
    #[error("line {line}: bad {what} {text:?}")]
    Epd {
        /// The line number.
        line: usize,
        /// Which part: entry, depth or count.
        what: &'static str,
        /// The text.
        text: String,
    },
    /// A FEN that is not a position.
    #[error("invalid FEN {fen:?}: {error}")]
    Fen {
        /// The text.
        fen: String,
        /// Why.
        error: FenError,
    },
    /// The move generator produced a move that the position refuses (a bug).
    #[error("a generated move was refused: {0}")]
    Move(IllegalMove),
}

/// One `FEN ;D1 n ;D2 n ...` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdEntry {
    /// The position.
    pub fen: String,
    /// (depth, expected leaf count) pairs.
    pub counts: Vec<(u32, u64)>,
}

/// Parses an EPD perft file; blank lines and `#` comments are skipped.
pub fn parse_epd(text: &str) -> Result<Vec<EpdEntry>, PerftError> {
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut counts = Vec::new();
        let bad = |what, text: &str| PerftError::Epd {
            line: i + 1,
            what,
            text: text.to_string(),
        };
        for p in parts {
            let p = p.trim();
            let (d, n) = p
                .strip_prefix('D')
                .and_then(|r| r.split_once(' '))
                .ok_or_else(|| bad("entry", p))?;
            let d = d.parse().map_err(|_| bad("depth", d))?;
            let n = n.trim().parse().map_err(|_| bad("count", n))?;
            counts.push((d, n));
        }
        entries.push(EpdEntry { fen, counts });
    }
    Ok(entries)
}

/// Parses a FEN (six fields, or EPD's four without the clocks) or names the problem.
pub fn position(fen: Option<&str>) -> Result<Position, PerftError> {
    match fen {
        None => Ok(Position::startpos()),
        Some(f) => fen::parse_epd(f.as_bytes()).map_err(|error| PerftError::Fen {
            fen: f.to_string(),
            error,
        }),
    }
}

/// A move in coordinate notation.
pub fn uci(mv: chess_core::piece::Move) -> String {
    let mut buf = [0u8; 5];
    let mut w = Writer::new(&mut buf);
    write_uci(mv, &mut w);
    String::from_utf8_lossy(w.written()).into_owned()
}

/// Erases the progress line (carriage return, then erase to the end of the line).
pub const CLEAR_LINE: &str = "\r\x1b[K";

/// Where progress goes: standard error when it is a terminal, else nowhere.
pub fn progress_sink() -> Box<dyn Write> {
    let stderr = io::stderr();
    if stderr.is_terminal() {
        Box::new(stderr)
    } else {
        Box::new(io::sink())
    }
}

/// Replaces the progress line with `text`. Progress is best effort: a failed write is ignored.
fn show(progress: &mut dyn Write, text: &str) {
    let _ = write!(progress, "{CLEAR_LINE}{text}");
    let _ = progress.flush();
}

fn clear(progress: &mut dyn Write) {
    let _ = write!(progress, "{CLEAR_LINE}");
    let _ = progress.flush();
}

/// `kchess perft --depth N [--fen FEN] [--divide]`: prints the count as the last line and
/// returns it. Below depth 2 the count is immediate; deeper, the root moves are counted one by
/// one, each announced on `progress` as it starts.
pub fn run_depth(
    fen: Option<&str>,
    depth: u32,
    divide: bool,
    progress: &mut dyn Write,
) -> Result<u64, PerftError> {
    let mut pos = position(fen)?;
    let start = Instant::now();
    let mut total = 0u64;
    if depth >= 2 || (divide && depth > 0) {
        let moves = movegen::legal_moves(&pos);
        let n = moves.len();
        for (i, &mv) in moves.as_slice().iter().enumerate() {
            if depth >= 2 {
                let line = format!(
                    "perft {depth}: move {}/{n} {}, {total} leaves so far",
                    i + 1,
                    uci(mv)
                );
                show(progress, &line);
            }
            let undo = pos.make(mv).map_err(PerftError::Move)?;
            let count = perft(&mut pos, depth - 1, true);
            pos.unmake(mv, &undo);
            if divide {
                clear(progress);
                println!("{}: {count}", uci(mv));
            }
            total += count;
        }
        if depth >= 2 {
            clear(progress);
        }
    } else {
        total = perft(&mut pos, depth, true);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "time {secs:.3} s, {:.1} Mnps",
        total as f64 / secs.max(1e-9) / 1e6
    );
    println!("{total}");
    Ok(total)
}

/// `kchess perft --epd FILE [--max-nodes N]`: checks every entry (up to N leaves when given),
/// announcing each on `progress` as it starts; returns (passed, failed).
pub fn run_epd(
    text: &str,
    max_nodes: Option<u64>,
    progress: &mut dyn Write,
) -> Result<(usize, usize), PerftError> {
    let (mut passed, mut failed) = (0, 0);
    let entries = parse_epd(text)?;
    for (i, entry) in entries.iter().enumerate() {
        let mut pos = match position(Some(&entry.fen)) {
            Ok(p) => p,
            Err(e) => {
                clear(progress);
                println!("FAIL {e}");
                failed += 1;
                continue;
            }
        };
        for &(depth, expected) in &entry.counts {
            if max_nodes.is_some_and(|max| expected > max) {
                continue;
            }
            let line = format!(
                "entry {}/{} D{depth} ({expected} leaves) {}",
                i + 1,
                entries.len(),
                entry.fen
            );
            show(progress, &line);
            let got = perft(&mut pos, depth, true);
            clear(progress);
            if got == expected {
                passed += 1;
                println!("ok   D{depth} {expected} {}", entry.fen);
            } else {
                failed += 1;
                println!("FAIL D{depth} got {got} expected {expected} {}", entry.fen);
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok((passed, failed))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// EPD has no clocks: four fields, as well as the six many files write.
    #[test]
    fn four_field_positions() {
        let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -";
        assert_eq!(
            position(Some(kiwipete)).unwrap(),
            position(Some(&format!("{kiwipete} 0 1"))).unwrap()
        );
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let text = format!("{kiwipete} ;D1 48 ;D2 2039\n{start} ;D1 20\n");
        assert_eq!(run_epd(&text, None, &mut Vec::new()), Ok((3, 0)));
    }

    /// Progress names each root move as it starts; the total is the plain perft count.
    #[test]
    fn depth_progress_per_root_move() {
        let mut progress = Vec::new();
        assert_eq!(run_depth(None, 3, false, &mut progress), Ok(8902));
        let text = String::from_utf8(progress).unwrap();
        assert!(
            text.contains("perft 3: move 1/20 a2a3, 0 leaves so far"),
            "{text}"
        );
        assert!(text.contains("perft 3: move 20/20 g1h3, "), "{text}");
        assert!(text.ends_with(CLEAR_LINE), "{text}");
        let mut progress = Vec::new();
        assert_eq!(run_depth(None, 1, false, &mut progress), Ok(20));
        assert_eq!(progress, b"");
    }

    #[test]
    fn epd_progress_per_entry() {
        let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
        let text = format!("{start} ;D1 20 ;D2 400\n{start} ;D3 8902\n");
        let mut progress = Vec::new();
        assert_eq!(run_epd(&text, Some(1000), &mut progress), Ok((2, 0)));
        let shown = String::from_utf8(progress).unwrap();
        assert!(shown.contains("entry 1/2 D2"), "{shown}");
        assert!(!shown.contains("entry 2/2"), "{shown}");
    }

    #[test]
    fn fen_errors_read_as_sentences() {
        assert_eq!(
            position(Some("4k3/8/8/8/8/8/8/3KK3 w - - 0 1"))
                .unwrap_err()
                .to_string(),
            "invalid FEN \"4k3/8/8/8/8/8/8/3KK3 w - - 0 1\": White has 2 kings; expected 1"
        );
    }
}
