//! The device's search record as a UCI `info` line.

use shakmaty::Chess;

use crate::movetext::{replay, uci_text};
use crate::record::{Score, SearchRecord};

/// `info depth .. score .. nodes .. time .. nps .. pv ..`, the PV in UCI notation from `root`.
pub fn info_line(root: &Chess, record: &SearchRecord) -> String {
    let score = match record.score {
        Score::Cp(v) => format!("cp {v}"),
        Score::Mate(v) => format!("mate {v}"),
    };
    let mut line = format!(
        "info depth {} score {score} nodes {} time {} nps {}",
        record.depth,
        record.nodes,
        record.time_ms,
        record.nodes * 1000 / record.time_ms.max(1)
    );
    let pv: Vec<String> = replay(root, &record.pv)
        .iter()
        .map(|(_, m)| uci_text(m))
        .collect();
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
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
            "info depth 9 score cp 25 nodes 38912 time 10 nps 3891200 pv e2e4 e7e5 e1e2"
        );
        assert_eq!(
            line("depth 3 seldepth 3 score mate -2 nodes 10 time 0 hashfull 0 pv"),
            "info depth 3 score mate -2 nodes 10 time 0 nps 10000"
        );
        // The PV stops at the first move that is not legal.
        assert_eq!(
            line("depth 2 seldepth 2 score cp 0 nodes 5 time 1 hashfull 0 pv WPe2-e4 WPd2-d4"),
            "info depth 2 score cp 0 nodes 5 time 1 nps 5000 pv e2e4"
        );
    }
}
