//! Perft from the command line and EPD perft suites.

use std::time::Instant;

use chess_core::board::Position;
use chess_core::movegen::{self, perft};
use chess_core::notation::{parse_fen, write_uci, Writer};

/// One `FEN ;D1 n ;D2 n ...` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EpdEntry {
    /// The position.
    pub fen: String,
    /// (depth, expected leaf count) pairs.
    pub counts: Vec<(u32, u64)>,
}

/// Parses an EPD perft file; blank lines and `#` comments are skipped.
pub fn parse_epd(text: &str) -> Result<Vec<EpdEntry>, String> {
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or("").trim().to_string();
        let mut counts = Vec::new();
        for p in parts {
            let p = p.trim();
            let (d, n) = p
                .strip_prefix('D')
                .and_then(|r| r.split_once(' '))
                .ok_or_else(|| format!("line {}: bad entry {p:?}", i + 1))?;
            let d = d
                .parse()
                .map_err(|_| format!("line {}: bad depth {d:?}", i + 1))?;
            let n = n
                .trim()
                .parse()
                .map_err(|_| format!("line {}: bad count {n:?}", i + 1))?;
            counts.push((d, n));
        }
        entries.push(EpdEntry { fen, counts });
    }
    Ok(entries)
}

/// Parses a FEN or names the problem.
pub fn position(fen: Option<&str>) -> Result<Position, String> {
    match fen {
        None => Ok(Position::startpos()),
        Some(f) => parse_fen(f.as_bytes()).map_err(|e| format!("invalid FEN {f:?}: {e:?}")),
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
pub fn run_depth(fen: Option<&str>, depth: u32, divide: bool) -> Result<(), String> {
    let mut pos = position(fen)?;
    let start = Instant::now();
    let mut total = 0u64;
    if divide && depth > 0 {
        for &mv in movegen::legal_moves(&pos).as_slice() {
            let undo = pos.make(mv).map_err(|e| e.to_string())?;
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
pub fn run_epd(text: &str, max_nodes: u64) -> Result<(usize, usize), String> {
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
