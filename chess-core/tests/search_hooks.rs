//! The search as a host sees it: progress reports, stop requests and infinite searches.

use chess_core::board::Position;
use chess_core::game::Game;
use chess_core::movegen;
use chess_core::notation::Writer;
use chess_core::piece::Move;
use chess_core::search::{
    self, Budget, Frame, History, Limit, Memory, Progress, ScoreBound, TtEntry, FRAMES,
};

/// A host that records what the search tells it and asks for a stop after `stop_after` nodes.
#[derive(Default)]
struct Host {
    stop_after: Option<u64>,
    last_nodes: u64,
    node_calls: u32,
    iterations: Vec<(Progress, String)>,
}

impl Budget for Host {
    fn now_ms(&mut self) -> u64 {
        0
    }
    fn interrupted(&mut self) -> bool {
        false
    }
    fn stop_requested(&mut self) -> bool {
        self.stop_after.is_some_and(|n| self.last_nodes >= n)
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

fn run(limit: Limit, host: &mut Host) -> search::SearchResult {
    let mut tt = vec![TtEntry::EMPTY; 1 << 14];
    let mut frames = vec![Frame::new(); FRAMES];
    let mut history = Box::new(History::new());
    let game = Box::new(Game::new(Position::startpos()));
    let mem = Memory {
        tt: &mut tt,
        frames: &mut frames,
        history: &mut history,
    };
    search::search(&game, limit.into(), mem, host).unwrap()
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
    let pv: Vec<&str> = text.split(" pv ").nth(1).unwrap().split(' ').collect();
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
