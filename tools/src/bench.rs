//! Benchmarks: perft speed next to shakmaty and cozy-chess, and a fixed search workload.

use std::time::Instant;

use chess_core::fen::parse_fen;
use chess_core::fen::FenError;
use chess_core::game::Game;
use chess_core::movegen::perft;

/// Why a benchmark could not run.
#[derive(Debug, thiserror::Error)]
pub enum BenchError {
    /// A benchmark position that does not parse.
    #[error("{engine} cannot read {fen:?}: {reason}")]
    Fen {
        /// kchess, shakmaty or cozy-chess.
        engine: &'static str,
        /// The position.
        fen: &'static str,
        /// Why.
        reason: String,
    },
    /// Two move generators disagree.
    #[error("{name}: kchess counts {ours} leaves, {engine} {theirs}")]
    Mismatch {
        /// The position and depth.
        name: &'static str,
        /// shakmaty or cozy-chess.
        engine: &'static str,
        /// kchess's count.
        ours: u64,
        /// The other engine's count.
        theirs: u64,
    },
    /// The search was interrupted.
    #[error("the search was interrupted")]
    Interrupted,
}

fn kchess_fen(fen: &'static str) -> Result<chess_core::board::Position, BenchError> {
    parse_fen(fen.as_bytes()).map_err(|e: FenError| BenchError::Fen {
        engine: "kchess",
        fen,
        reason: e.to_string(),
    })
}
use chess_core::search::{
    self, Correction, Frame, History, Limit, Memory, TtEntry, Unlimited, CONTINUATION_SLOTS,
    CORRECTION_SLOTS, FRAMES,
};

/// Kiwipete, the CPW's second perft position.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// cozy-chess's perft: a copy-make of every move (the board has no unmake).
fn cozy_perft(board: &cozy_chess::Board, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if bulk && depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1, bulk);
            }
        }
        false
    });
    nodes
}

/// shakmaty's perft: a copy-make of every move, as its own `perft` does, but making the last
/// ply's moves too unless `bulk`.
fn shakmaty_perft(pos: &shakmaty::Chess, depth: u32, bulk: bool) -> u64 {
    use shakmaty::Position as _;
    if depth == 0 {
        return 1;
    }
    let moves = pos.legal_moves();
    if bulk && depth == 1 {
        return moves.len() as u64;
    }
    let mut nodes = 0;
    for mv in &moves {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        nodes += shakmaty_perft(&child, depth - 1, bulk);
    }
    nodes
}

fn shakmaty_fen(fen: &'static str) -> Result<shakmaty::Chess, BenchError> {
    let error = |reason: String| BenchError::Fen {
        engine: "shakmaty",
        fen,
        reason,
    };
    let setup: shakmaty::fen::Fen = fen.parse().map_err(|e| error(format!("{e}")))?;
    setup
        .into_position(shakmaty::CastlingMode::Standard)
        .map_err(|e| error(format!("{e}")))
}

fn cozy_fen(fen: &'static str) -> Result<cozy_chess::Board, BenchError> {
    fen.parse().map_err(|e| BenchError::Fen {
        engine: "cozy-chess",
        fen,
        reason: format!("{e:?}"),
    })
}

fn mnps(nodes: u64, secs: f64) -> f64 {
    nodes as f64 / secs.max(1e-9) / 1e6
}

/// Times `count` and returns its leaves and Mnps.
fn timed(count: impl FnOnce() -> u64) -> (u64, f64) {
    let t = Instant::now();
    let nodes = count();
    (nodes, mnps(nodes, t.elapsed().as_secs_f64()))
}

/// The median of some figures (the upper one of the middle two for an even count).
fn median(figures: &mut [f64]) -> f64 {
    figures.sort_by(f64::total_cmp);
    figures.get(figures.len() / 2).copied().unwrap_or(0.0)
}

/// Prints Mnps of kchess, shakmaty and cozy-chess for start position depth 6 and Kiwipete
/// depth 5, with a full make at every leaf and with bulk counting at the last ply, each the
/// median of `runs` rounds (the three take turns within a round, so that a busy moment of the
/// machine falls on all of them), and kchess's speed over shakmaty's. All three are built by
/// this workspace's release profile, overflow checks on (as in the kernel).
pub fn perft_speed(runs: usize) -> Result<(), BenchError> {
    println!("release profile, overflow checks on for kchess, shakmaty and cozy-chess");
    println!("medians of {runs} rounds; the last column is kchess / shakmaty (its lowest round)");
    println!(
        "{:<24} {:>12} {:>12} {:>14} {:>10} {:>16}",
        "perft", "nodes", "kchess Mnps", "shakmaty Mnps", "cozy Mnps", "kchess/shakmaty"
    );
    for (name, fen, depth) in [("startpos d6", START, 6), ("kiwipete d5", KIWIPETE, 5)] {
        for bulk in [false, true] {
            let (mut ours_mnps, mut shakmaty_mnps, mut cozy_mnps) = (vec![], vec![], vec![]);
            let mut ratios = vec![];
            let mut ours = 0;
            for _ in 0..runs.max(1) {
                let mut pos = kchess_fen(fen)?;
                let (leaves, our_speed) = timed(|| perft(&mut pos, depth, bulk));
                ours = leaves;
                ours_mnps.push(our_speed);
                let chess = shakmaty_fen(fen)?;
                let (shakmaty, speed) = timed(|| shakmaty_perft(&chess, depth, bulk));
                shakmaty_mnps.push(speed);
                ratios.push(our_speed / speed.max(1e-9));
                let board = cozy_fen(fen)?;
                let (cozy, speed) = timed(|| cozy_perft(&board, depth, bulk));
                cozy_mnps.push(speed);
                for (engine, theirs) in [("shakmaty", shakmaty), ("cozy-chess", cozy)] {
                    if ours != theirs {
                        return Err(BenchError::Mismatch {
                            name,
                            engine,
                            ours,
                            theirs,
                        });
                    }
                }
            }
            let label = format!("{name} {}", if bulk { "bulk" } else { "full make" });
            let lowest = ratios.iter().copied().fold(f64::INFINITY, f64::min);
            println!(
                "{label:<24} {ours:>12} {:>12.1} {:>14.1} {:>10.1} {:>9.2} ({lowest:.2})",
                median(&mut ours_mnps),
                median(&mut shakmaty_mnps),
                median(&mut cozy_mnps),
                median(&mut ratios),
            );
        }
    }
    Ok(())
}

/// The fixed search workload: (FEN, depth).
pub const SEARCH_POSITIONS: &[(&str, u8)] = &[
    (START, 10),
    (KIWIPETE, 8),
    (
        "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        9,
    ),
    (
        "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
        9,
    ),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 12),
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 12),
    (
        "r3r1k1/pp3pbp/1qp3p1/2B5/2BP2b1/Q1n2N2/P4PPP/3R1K1R b - - 0 17",
        8,
    ),
    ("8/8/8/4k3/8/8/2K5/3Q4 w - - 0 1", 10),
];

/// Searches every position of [`SEARCH_POSITIONS`] to its depth with a fresh table and prints
/// per-position nodes, the total (a signature of the search) and nodes per second.
pub fn search_speed(tt_mb: usize) -> Result<(), BenchError> {
    let mut tt = vec![TtEntry::EMPTY; TtEntry::per_mib(tt_mb)];
    let mut frames = vec![Frame::new(); FRAMES];
    let mut total_nodes = 0u64;
    let mut total_secs = 0.0;
    for &(fen, depth) in SEARCH_POSITIONS {
        let pos = kchess_fen(fen)?;
        let game = Box::new(Game::new(pos));
        tt.fill(TtEntry::EMPTY);
        let mut history = Box::new(History::new());
        let mut correction = vec![Correction::EMPTY; CORRECTION_SLOTS];
        let mut continuation = vec![0; CONTINUATION_SLOTS];
        let mem = Memory {
            tt: &mut tt,
            frames: &mut frames,
            history: &mut history,
            correction: &mut correction,
            continuation: &mut continuation,
        };
        let t = Instant::now();
        let r = search::search(&game, Limit::Depth(depth).into(), mem, &mut Unlimited)
            .map_err(|_| BenchError::Interrupted)?;
        let secs = t.elapsed().as_secs_f64();
        total_nodes += r.nodes;
        total_secs += secs;
        println!(
            "depth {depth:>2} nodes {:>10} score {:>6} best {:<5} {:>7.0} knps  {fen}",
            r.nodes,
            r.score,
            crate::perft::uci(r.best),
            r.nodes as f64 / secs.max(1e-9) / 1e3
        );
    }
    println!(
        "{total_nodes} nodes {:.0} nps",
        total_nodes as f64 / total_secs.max(1e-9)
    );
    Ok(())
}
