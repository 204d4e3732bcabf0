//! Perft from the command line and EPD perft suites.

use std::time::Instant;

use chess_core::board::Position;
use chess_core::movegen::{self, perft};
use chess_core::notation::{parse_fen, write_uci, FenError, Writer};

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
    #[error("invalid FEN {fen:?}: {error:?}")]
    Fen {
        /// The text.
        fen: String,
        /// Why.
        error: FenError,
    },
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

/// Parses a FEN or names the problem.
pub fn position(fen: Option<&str>) -> Result<Position, PerftError> {
    match fen {
        None => Ok(Position::startpos()),
        Some(f) => parse_fen(f.as_bytes()).map_err(|error| PerftError::Fen {
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

/// `kchess perft --depth N [--fen FEN] [--divide]`: prints the count as the last line.
pub fn run_depth(fen: Option<&str>, depth: u32, divide: bool) -> Result<(), PerftError> {
    let mut pos = position(fen)?;
    let start = Instant::now();
    let mut total = 0u64;
    if divide && depth > 0 {
        for &mv in movegen::legal_moves(&pos).as_slice() {
            let undo = pos.make(mv);
            let n = perft(&mut pos, depth - 1, true);
            pos.unmake(mv, &undo);
            println!("{}: {n}", uci(mv));
            total += n;
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
    Ok(())
}

/// `kchess perft --epd FILE [--max-nodes N]`: checks every entry up to N nodes; returns
/// (passed, failed).
pub fn run_epd(text: &str, max_nodes: u64) -> Result<(usize, usize), PerftError> {
    let (mut passed, mut failed) = (0, 0);
    for entry in parse_epd(text)? {
        let mut pos = match position(Some(&entry.fen)) {
            Ok(p) => p,
            Err(e) => {
                println!("FAIL {e}");
                failed += 1;
                continue;
            }
        };
        for &(depth, expected) in &entry.counts {
            if expected > max_nodes {
                continue;
            }
            let got = perft(&mut pos, depth, true);
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

    #[test]
    fn epd_lines_and_their_errors() {
        let entries = parse_epd("# c\n\n8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;D2 9\n").unwrap();
        assert_eq!(entries[0].counts, vec![(1, 3), (2, 9)]);
        let e = parse_epd("x ;D1 3\nx ;E1 3\n").unwrap_err();
        assert_eq!(e.to_string(), "line 2: bad entry \"E1 3\"");
        let e = parse_epd("x ;Dz 3\n").unwrap_err();
        assert_eq!(e.to_string(), "line 1: bad depth \"z\"");
        assert!(matches!(position(Some("x")), Err(PerftError::Fen { .. })));
    }
}
