//! The running search's record as `13` answers it (`protocol::Watch`).

use chess_core::board::Position;
use chess_core::notation::{parse_uci, Writer};
use chess_core::protocol::Watch;
use chess_core::search::{Progress, ScoreBound};

fn progress(depth: u8, score: i32, bound: ScoreBound) -> Progress {
    Progress {
        depth,
        seldepth: depth + 2,
        score,
        bound,
        nodes: 1000,
        time_ms: 10,
        hashfull: 0,
        line: 0,
    }
}

fn record(watch: &Watch) -> String {
    let mut buf = [0u8; 512];
    let mut out = Writer::new(&mut buf);
    watch.write_record(10, &mut out);
    String::from_utf8_lossy(out.written()).into_owned()
}

#[test]
fn a_failed_low_window_keeps_the_line_it_had() {
    let root = Position::startpos();
    let e4 = parse_uci(&root, b"e2e4").unwrap();
    let mut after = root;
    after.make(e4).unwrap();
    let e5 = parse_uci(&after, b"e7e5").unwrap();
    let mut watch = Watch::new();
    watch.begin(b"03", 0);
    watch.note_iteration(&progress(14, 30, ScoreBound::Exact), &root, &[e4, e5]);
    // Depth 15's window fails low: the root's PV is empty then.
    watch.note_iteration(&progress(15, 10, ScoreBound::Upper), &root, &[]);
    assert_eq!(
        record(&watch),
        "depth 15 seldepth 17 score cp 10 upperbound nodes 1000 time 10 hashfull 0 pv WPe2-e4 BPe7-e5\n"
    );
}

#[test]
fn a_new_search_starts_without_the_last_ones_line() {
    let root = Position::startpos();
    let mut watch = Watch::new();
    watch.begin(b"03", 0);
    watch.note_iteration(
        &progress(3, 30, ScoreBound::Exact),
        &root,
        &[parse_uci(&root, b"e2e4").unwrap()],
    );
    watch.begin(b"03", 0);
    watch.note_iteration(&progress(1, -5, ScoreBound::Upper), &root, &[]);
    assert_eq!(
        record(&watch),
        "depth 1 seldepth 3 score cp -5 upperbound nodes 1000 time 10 hashfull 0 pv\n"
    );
}
