//! The search as a host sees it: progress reports, stop requests and infinite searches.

use chess_core::board::Position;
use chess_core::fen::parse_fen;
use chess_core::game::Game;
use chess_core::movegen;
use chess_core::notation::{MoveText, Writer};
use chess_core::piece::Move;
use chess_core::search::{
    self, Budget, Correction, Limit, Progress, ScoreBound, CONTINUATION_SLOTS, CORRECTION_SLOTS,
};

mod common;

/// A host that records what the search tells it and asks for a stop after `stop_after` nodes.
/// Its clock stands still, or with `nodes_per_ms` moves with the nodes searched (a
/// repeatable clock).
#[derive(Default)]
struct Host {
    stop_after: Option<u64>,
    /// Asks for a stop once an iteration of this depth is complete.
    stop_after_depth: Option<u8>,
    nodes_per_ms: Option<u64>,
    last_nodes: u64,
    node_calls: u32,
    iterations: Vec<(Progress, String)>,
}

impl Budget for Host {
    fn now_ms(&mut self) -> u64 {
        self.nodes_per_ms.map_or(0, |n| self.last_nodes / n)
    }
    fn interrupted(&mut self) -> bool {
        false
    }
    fn stop_requested(&mut self) -> bool {
        self.stop_after.is_some_and(|n| self.last_nodes >= n)
            || self.stop_after_depth.is_some_and(|d| {
                self.iterations
                    .iter()
                    .any(|(p, _)| p.depth >= d && p.bound == ScoreBound::Exact)
            })
    }
    fn nodes_searched(&mut self, nodes: u64) {
        assert!(nodes >= self.last_nodes, "node counts never go back");
        self.last_nodes = nodes;
        self.node_calls += 1;
    }
    fn iteration_done(&mut self, progress: &Progress, root: &Position, pv: &[Move]) {
        let mut buf = [0u8; 1024];
        let mut w = Writer::new(&mut buf);
        progress.write(root, pv, &mut w);
        let len = w.len();
        self.iterations
            .push((*progress, String::from_utf8(buf[..len].to_vec()).unwrap()));
    }
}

/// The principal variation of a progress report's text.
fn pv_of(text: &str) -> &str {
    text.split(" pv ").nth(1).unwrap()
}

fn run(limit: Limit, host: &mut Host) -> search::SearchResult {
    run_from(Position::startpos(), limit, host)
}

fn run_from(pos: Position, limit: Limit, host: &mut Host) -> search::SearchResult {
    let mut correction = vec![Correction::EMPTY; CORRECTION_SLOTS];
    run_with(pos, limit, host, &mut correction)
}

/// A search with the given correction history (empty: none) and fresh memory otherwise.
fn run_with(
    pos: Position,
    limit: Limit,
    host: &mut Host,
    correction: &mut [Correction],
) -> search::SearchResult {
    common::search_fresh(&Box::new(Game::new(pos)), limit, host, correction)
}

#[test]
fn the_correction_history_learns_as_the_search_goes_and_may_be_left_out() {
    let pos = parse_fen(b"rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5").unwrap();
    let mut correction = vec![Correction::EMPTY; CORRECTION_SLOTS];
    let first = run_with(pos, Limit::Depth(8), &mut Host::default(), &mut correction);
    let learnt = correction
        .iter()
        .filter(|&&c| c != Correction::EMPTY)
        .count();
    assert_eq!((first.nodes, learnt), (18279, 587));
    // What the first search learnt changes the second, which starts with empty tables else.
    let again = run_with(pos, Limit::Depth(8), &mut Host::default(), &mut correction);
    assert_eq!(again.nodes, 16597);
    // Without a table nothing is corrected, and the first search grows another tree.
    let without = run_with(pos, Limit::Depth(8), &mut Host::default(), &mut []);
    assert_eq!(without.nodes, 21658);
    assert!(movegen::legal_moves(&pos).contains(without.best));
}

#[test]
fn the_continuation_history_learns_as_the_search_goes_and_may_be_left_out() {
    let pos =
        parse_fen(b"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4").unwrap();
    let game = Box::new(Game::new(pos));
    // A fresh search with an empty correction history and the given continuation history.
    let search = |continuation: &mut [i16]| {
        let mut correction = vec![Correction::EMPTY; CORRECTION_SLOTS];
        let (limit, host) = (Limit::Depth(8), &mut Host::default());
        common::search_fresh_with(&game, limit, host, &mut correction, continuation)
    };
    let mut continuation = vec![0; CONTINUATION_SLOTS];
    let with = search(&mut continuation);
    let learnt = continuation.iter().filter(|&&v| v != 0).count();
    assert_eq!((with.nodes, learnt), (13693, 1099));
    // Without a table the plain history orders the quiet moves alone: another tree.
    let without = search(&mut []);
    assert_eq!(without.nodes, 15203);
    assert!(movegen::legal_moves(&pos).contains(without.best));
}

#[test]
fn every_iteration_is_reported_in_order() {
    let mut host = Host::default();
    let result = run(Limit::Depth(6), &mut host);
    let exact: Vec<&(Progress, String)> = host
        .iterations
        .iter()
        .filter(|(p, _)| p.bound == ScoreBound::Exact)
        .collect();
    let depths: Vec<u8> = exact.iter().map(|(p, _)| p.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
    let (last, text) = exact.last().unwrap();
    assert_eq!(last.nodes, result.nodes);
    assert_eq!(last.score, result.score);
    assert!(last.seldepth >= 6, "{text}");
    assert!(text.starts_with("depth 6 seldepth "), "{text}");
    assert!(
        text.contains(" nodes ") && text.contains(" hashfull "),
        "{text}"
    );
    // The PV starts with the move played, in MOVE notation.
    let pv: Vec<&str> = pv_of(text).split(' ').collect();
    assert!(pv.len() >= 2, "{text}");
    assert_eq!(pv[0].len(), 7, "{text}");
    assert!(host.node_calls > 0 && host.last_nodes <= result.nodes);
}

#[test]
fn a_stop_request_ends_an_infinite_search_with_a_legal_move() {
    let mut host = Host {
        stop_after: Some(200_000),
        ..Host::default()
    };
    let result = run(Limit::Infinite, &mut host);
    assert!(movegen::legal_moves(&Position::startpos()).contains(result.best));
    assert!(result.depth >= 1);
    // It stopped soon after the request: within one check interval plus the iteration that
    // had to complete first.
    assert!(
        result.nodes >= 200_000 && result.nodes < 200_000 + 2048,
        "{}",
        result.nodes
    );
}

#[test]
fn a_stop_requested_at_once_ends_at_the_first_look() {
    let mut host = Host {
        stop_after: Some(0),
        ..Host::default()
    };
    let result = run(Limit::Infinite, &mut host);
    assert!(movegen::legal_moves(&Position::startpos()).contains(result.best));
    assert!(result.depth >= 1);
    // The first look at the host comes after CHECK_INTERVAL (1024) nodes, and stops at once.
    assert!(result.nodes <= 1024 + 64, "{}", result.nodes);
}

#[test]
fn a_best_move_that_holds_ends_a_timed_search_early() {
    // Black's queen hangs: Nf3xh4 is best from the first iteration on.
    let pos =
        parse_fen(b"rnb1kbnr/pppp1ppp/8/4p3/4P2q/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3").unwrap();
    // The budget must put the end of an iteration between 35 % and half of it, with the
    // iteration before ending under 35 %: only then does the rule change when the search
    // stops. A change of the trees moves the iterations' ends (the failure lists them).
    let budget_ms = 6000;
    let mut host = Host {
        nodes_per_ms: Some(1000),
        ..Host::default()
    };
    let result = run_from(pos, Limit::Time(budget_ms), &mut host);
    let exact: Vec<(u8, u64, &str)> = host
        .iterations
        .iter()
        .filter(|(p, _)| p.bound == ScoreBound::Exact)
        .map(|(p, text)| (p.depth, p.time_ms, pv_of(text)))
        .collect();
    assert!(
        exact.iter().all(|(_, _, pv)| pv.starts_with("WNf3-h4xBQ")),
        "{exact:?}"
    );
    // Once the move has held for six iterations, no iteration starts after 35 % of the budget
    // (70 % of the usual half): the last one completed there, the ones before it earlier.
    let soft_ms = u64::from(budget_ms) * 35 / 100;
    let (last, earlier) = exact.split_last().unwrap();
    assert!(last.0 > 7 && last.1 >= soft_ms, "{exact:?}");
    assert!(
        earlier
            .iter()
            .all(|&(depth, ms, _)| depth < 7 || ms < soft_ms),
        "{exact:?}"
    );
    // Without the move's stability the search would have gone on until half the budget.
    assert!(result.time_ms < u64::from(budget_ms) / 2, "{exact:?}");
}

#[test]
fn a_search_cut_short_plays_the_best_move_it_has_searched_in_full() {
    // Stopped just after each depth, a search plays its last complete iteration's move, or a
    // move the cut iteration searched in full and found better: then a move no complete
    // iteration reported last (in some of these positions, at some depth).
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkb1r/pp2pppp/3p1n2/8/3NP3/8/PPP2PPP/RNBQKB1R w KQkq - 1 5",
        "rnbqkb1r/pp1ppp1p/6pn/2p5/6P1/N1P4N/PP1PPP1P/R1BQKB1R w KQkq - 0 1",
        "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r1bqkb1r/ppp1ppp1/n6n/3p3p/PP6/3P3P/2P1PPP1/RNBQKBNR w KQkq - 0 5",
        "rnbq1bnr/1pp1kppp/3pp3/p6Q/2B1P3/N7/PPPP1PPP/R1B1K1NR w KQ - 0 1",
        "1r4k1/1N1p1ppp/4p3/1Pr3Pn/4P3/R1n2P1N/2B4P/2K4R b - - 0 30",
        "r2qk1nr/2pb2pp/pp1b1p2/3P4/P2n4/2NN3P/1P1PPPB1/R1BQK2R w KQkq - 1 12",
        "1rbqkbnr/1pp1pppp/8/p2pn2P/P7/6P1/1PPPPP2/RNBQKBNR w KQk - 1 6",
        "r1b1kb1r/p2ppppp/2n5/8/2Pp1P2/7P/PP4P1/RNB1KB1R w Qkq - 1 15",
        "1rbqkbnr/1pppppp1/n7/p6p/8/3PP2P/PPP1KPP1/RNBQ1BNR w k - 3 5",
        "r4r1k/1p2p1b1/q1p2pp1/3n3p/3P3Q/1R3NB1/5PPP/2R4K w - - 0 28",
        "6k1/3p1pp1/2r1p3/4bnPp/Q6P/P4P2/R4PK1/4r3 b - - 5 29",
        "rnbqk1nr/1ppp1ppp/p7/4p3/QP4Pb/2P5/P2PPP1P/RNB1KBNR w KQkq - 0 1",
    ];
    let mut changed = 0;
    for (fen, depth) in fens.iter().flat_map(|f| (1..=8).map(move |d| (f, d))) {
        let pos = parse_fen(fen.as_bytes()).unwrap();
        let mut host = Host {
            stop_after_depth: Some(depth),
            ..Host::default()
        };
        let result = run_from(pos, Limit::Infinite, &mut host);
        let last = host
            .iterations
            .iter()
            .rev()
            .find(|(p, _)| p.bound == ScoreBound::Exact)
            .unwrap();
        assert_eq!(result.pv[0], result.best);
        assert_eq!((result.depth, result.score), (last.0.depth, last.0.score));
        let mut buf = [0u8; 16];
        let mut w = Writer::new(&mut buf);
        MoveText::describe(&pos, result.best).write(&mut w);
        let played = String::from_utf8(w.written().to_vec()).unwrap();
        if !pv_of(&last.1).starts_with(&played) {
            changed += 1;
        }
    }
    assert!(changed > 0, "no cut iteration changed the move");
}

#[test]
fn the_networks_sums_follow_every_kind_of_move() {
    // Every evaluation compares the sums the search made move by move with the position's own
    // (a debug assertion, on in tests): castling both ways, en passant, promotions with and
    // without a capture, and null moves all pass through these trees.
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    ] {
        let pos = parse_fen(fen.as_bytes()).unwrap();
        let result = run_from(pos, Limit::Depth(6), &mut Host::default());
        assert!(movegen::legal_moves(&pos).contains(result.best), "{fen}");
    }
}
