//! The device's search record as a UCI `info` line.

use chess_core::search::ScoreBound;
use shakmaty::Chess;

use crate::movetext::{find_move, replay, uci_text};
use crate::record::{Score, SearchRecord};

/// Nodes per second.
fn nps(nodes: u64, time_ms: u64) -> u64 {
    u64::try_from(u128::from(nodes) * 1000 / u128::from(time_ms.max(1))).unwrap_or(u64::MAX)
}

/// `info depth .. seldepth .. score .. [lowerbound|upperbound] nodes .. nps .. hashfull ..
/// time .. pv ..`, the PV in UCI notation from `root`.
pub fn info_line(root: &Chess, record: &SearchRecord) -> String {
    let score = match record.score {
        Score::Cp(v) => format!("cp {v}"),
        Score::Mate(v) => format!("mate {v}"),
    };
    let bound = match record.bound {
        ScoreBound::Exact => "",
        ScoreBound::Lower => " lowerbound",
        ScoreBound::Upper => " upperbound",
    };
    let multipv = record
        .multipv
        .map_or(String::new(), |k| format!(" multipv {k}"));
    let mut line = format!(
        "info depth {} seldepth {}{multipv} score {score}{bound} nodes {} nps {} hashfull {} \
         time {}",
        record.depth,
        record.seldepth,
        record.nodes,
        nps(record.nodes, record.time_ms),
        record.hashfull,
        record.time_ms,
    );
    let pv = pv(root, record);
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// The record's principal variation in UCI notation, as far as it is legal from `root`.
pub fn pv(root: &Chess, record: &SearchRecord) -> Vec<String> {
    replay(root, &record.pv)
        .iter()
        .map(|(_, m)| uci_text(m))
        .collect()
}

/// `info nodes .. nps .. hashfull .. time .. [currmove .. currmovenumber ..]`: how a long
/// iteration is going, from `root`.
pub fn nodes_line(root: &Chess, record: &SearchRecord) -> String {
    let mut line = format!(
        "info nodes {} nps {} hashfull {} time {}",
        record.nodes,
        nps(record.nodes, record.time_ms),
        record.hashfull,
        record.time_ms
    );
    if let Some((text, number)) = &record.currmove {
        if let Some(m) = find_move(root, text) {
            line.push_str(&format!(
                " currmove {} currmovenumber {number}",
                uci_text(&m)
            ));
        }
    }
    line
}

/// The lines that end a search: the last iteration with all its nodes, each of the first
/// `shown` ranked lines (a strength level ranks more, for its own choice), except a line
/// already `printed` deeper (a cut iteration's bound), as depths only grow. When one is left
/// out, a closing `info nodes .. time ..` still gives the search's totals: a GUI keeps the
/// last figures it read.
pub fn final_report(
    root: &Chess,
    printed: &[Option<SearchRecord>],
    lines: &[SearchRecord],
    shown: usize,
) -> Vec<String> {
    let mut report = Vec::new();
    let mut left_out = false;
    for (i, line) in lines.iter().take(shown).enumerate() {
        let deeper = printed
            .get(i)
            .and_then(Option::as_ref)
            .is_some_and(|p| p.depth > line.depth);
        if deeper {
            left_out = true;
        } else {
            report.push(info_line(root, line));
        }
    }
    if let Some(best) = lines.first().filter(|_| left_out) {
        report.push(nodes_line(root, best));
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(record: &str) -> String {
        info_line(
            &Chess::default(),
            &SearchRecord::parse(record).unwrap().unwrap(),
        )
    }

    #[test]
    fn info_from_13() {
        assert_eq!(
            line(
                "depth 9 seldepth 12 score cp 25 nodes 38912 time 10 hashfull 1 pv WPe2-e4 \
                 BPe7-e5 WKe1-e2"
            ),
            "info depth 9 seldepth 12 score cp 25 nodes 38912 nps 3891200 hashfull 1 time 10 pv \
             e2e4 e7e5 e1e2"
        );
        assert_eq!(
            line("depth 3 seldepth 3 score mate -2 nodes 10 time 0 hashfull 0 pv"),
            "info depth 3 seldepth 3 score mate -2 nodes 10 nps 10000 hashfull 0 time 0"
        );
        // The PV stops at the first move that is not legal.
        assert_eq!(
            line("depth 2 seldepth 2 score cp 0 nodes 5 time 1 hashfull 0 pv WPe2-e4 WPd2-d4"),
            "info depth 2 seldepth 2 score cp 0 nodes 5 nps 5000 hashfull 0 time 1 pv e2e4"
        );
        // A failed aspiration window is a bound.
        assert_eq!(
            line("depth 7 seldepth 9 score cp -40 upperbound nodes 7000 time 2 hashfull 3 pv"),
            "info depth 7 seldepth 9 score cp -40 upperbound nodes 7000 nps 3500000 hashfull 3 \
             time 2"
        );
        let record = SearchRecord::parse(
            "depth 12 seldepth 20 score mate 3 lowerbound nodes 2000000 time 1000 hashfull 512 pv",
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            info_line(&Chess::default(), &record),
            "info depth 12 seldepth 20 score mate 3 lowerbound nodes 2000000 nps 2000000 \
             hashfull 512 time 1000"
        );
        assert_eq!(
            nodes_line(&Chess::default(), &record),
            "info nodes 2000000 nps 2000000 hashfull 512 time 1000"
        );
        let searching = SearchRecord::parse(
            "depth 9 seldepth 12 score cp 5 nodes 3000 time 3 hashfull 2 currmove WNg1-f3 \
             currmovenumber 2 pv WPe2-e4",
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            nodes_line(&Chess::default(), &searching),
            "info nodes 3000 nps 1000000 hashfull 2 time 3 currmove g1f3 currmovenumber 2"
        );
    }

    #[test]
    fn the_final_report_ends_with_the_totals() {
        let record = |text: &str| SearchRecord::parse(text).unwrap().unwrap();
        let root = Chess::default();
        // The node budget cut iteration 8 after its first move failed high: printed then.
        let cut = record(
            "depth 8 seldepth 11 score cp 40 lowerbound nodes 22528 time 9 hashfull 1 pv WPe2-e4",
        );
        // The search's record: iteration 7, the last complete one, with every node.
        let last = record(
            "depth 7 seldepth 10 score cp 25 nodes 30000 time 12 hashfull 1 pv WPe2-e4 BPe7-e5",
        );
        let totals = "info nodes 30000 nps 2500000 hashfull 1 time 12";
        assert_eq!(
            final_report(&root, &[Some(cut.clone())], std::slice::from_ref(&last), 1),
            [totals]
        );
        // Printed at the same depth or shallower: the final line itself.
        let full = "info depth 7 seldepth 10 score cp 25 nodes 30000 nps 2500000 hashfull 1 \
                    time 12 pv e2e4 e7e5";
        for printed in [None, Some(last.clone())] {
            assert_eq!(
                final_report(&root, &[printed], std::slice::from_ref(&last), 1),
                [full]
            );
        }
        // Two lines shown, the second printed deeper: the first, then the totals.
        let second = record(
            "depth 7 seldepth 9 multipv 2 score cp 10 nodes 30000 time 12 hashfull 1 pv WPd2-d4",
        );
        let report = final_report(
            &root,
            &[None, Some(cut)],
            &[last.clone(), second.clone()],
            2,
        );
        assert_eq!(report, [full, totals]);
        // Lines ranked beyond those shown are not printed.
        assert_eq!(final_report(&root, &[None], &[last, second], 1), [full]);
    }
}
